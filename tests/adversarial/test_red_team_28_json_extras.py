"""Red team 28 (README-only, black box on f5ef5b91), class K7: a model's JSON reply that holds the right object
AND something else (an array around it, a second or "correction" object, contradicting prose before or after it,
a stray brace, an unclosed fence) was returned stamped proven at the miss and replayed verbatim, verified=True with
0 model calls, for the identical request, a new wrapper on the same cache, other sampling options and the global
cache. 534 rows, 456 verified=True (tests/fixtures/red_team_28_rows.json: the 243 distinct first prompts and
model answers). "Create a JSON object where name is Hana and age is 73." answered
'{"name": "Hana", "age": 73}\\n\\nWait, I made an error. Correct: {"name": "Hana", "age": 74}' was served that text.

The checks read one object out of the reply; the rest was never judged. Now an output stands for the checked
answer only when it holds nothing the checks did not read (``TaskHandler.answer_alone``: for JSON the object
alone, optionally in one fence opened and closed): at the miss the wrapper returns the proven object instead of
the model's message (langchain/_outputs.py ``from_model`` via ``covers``), the exact hit restores a stored message
only under the same rule (``restorable_generations``), and the record of an answer stored from elsewhere (the
global cache's update) is "unchecked" when it holds more than its object (core/engine.py ``store_checked_flow``).
An entry stored "unchecked" is still replayed as written for its own request (the exact tier's contract).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.globals import set_llm_cache

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.task import JsonTask
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.test_langchain_fakes import scripted

from .harness import NeverRightModel

ROWS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "red_team_28_rows.json").read_text())


def _meta(message: Any) -> dict[str, Any]:
    return message.response_metadata.get("stepcache") or {}


def _is_exactly(text: str, expected: dict[str, Any]) -> bool:
    try:
        return json.loads(text) == expected
    except ValueError:
        return False


def _vouched_right(message: Any, expected: dict[str, Any]) -> bool:
    """What carries a verified stamp is exactly the object asked for."""
    return not _meta(message).get("verified") or _is_exactly(message.content, expected)


def test_every_saved_row_through_the_wrapper() -> None:
    wrong = []
    for row in ROWS:
        cache = StepCache()
        model = scripted(row["model_answer"])
        first = with_step_cache(model, cache).invoke(row["first"])
        again = with_step_cache(model, cache).invoke(row["first"])  # a new wrapper on the same cache
        if not (_vouched_right(first, row["expected"]) and _vouched_right(again, row["expected"])):
            wrong.append((row["variant"], row["model_answer"][:60], first.content[:60], again.content[:60]))
        if len(model.calls) == 1 and _meta(again).get("verification") != "unchecked":
            assert _is_exactly(again.content, row["expected"]), row  # served from the cache: the object, or stamped nothing
    assert not wrong, (len(wrong), wrong[:5])


def test_every_saved_row_through_the_global_cache() -> None:
    wrong = []
    for row in ROWS[::3]:
        set_llm_cache(StepCacheLLMCache())
        try:
            model = scripted(row["model_answer"])
            model.invoke(row["first"])  # LangChain's own call; update() stores it
            again = model.invoke(row["first"])
        finally:
            set_llm_cache(None)
        if not _vouched_right(again, row["expected"]):
            wrong.append((row["variant"], row["model_answer"][:60], again.content[:60]))
    assert not wrong, (len(wrong), wrong[:5])


def test_an_answer_stored_with_extras_serves_the_object_alone() -> None:
    prompt = "Create a JSON object where name is Hana and age is 73."
    cache = StepCache()
    assert cache.store_answer(prompt, 'Hana is actually 44. {"name": "Hana", "age": 73}') is not None  # proven object
    served = cache.generate(prompt, NeverRightModel())
    assert served.model_calls == 0 and served.verified and json.loads(served.text) == {"name": "Hana", "age": 73}


def test_the_record_of_a_stored_answer_with_extras_is_unchecked_and_its_entry_proven() -> None:
    """LangChain's global cache returns the model's message itself at a miss and stores it (``store_planned``): the
    record of that message says what was judged of it as written; the entry holds the proven object alone."""
    prompt = "Create a JSON object where name is Hana and age is 73."
    obj = {"name": "Hana", "age": 73}
    for answer, level in [(json.dumps(obj) + "\n\nWait, I made an error. Correct: {\"name\": \"Hana\", \"age\": 74}", "unchecked"),
                          (json.dumps(obj), "proven"), ("```json\n" + json.dumps(obj) + "\n```", "proven")]:
        cache = StepCache()
        report = cache.store_planned(cache.prepare(prompt), answer)
        assert report.entry_id is not None and report.result.verification == level, (answer, report.result.verification)
        served = cache.generate(prompt, NeverRightModel())
        assert served.model_calls == 0 and served.verified and json.loads(served.text) == obj


EXTRAS = [
    lambda o: json.dumps([o]),
    lambda o: json.dumps([o, {"name": "Zed", "age": 1}]),
    lambda o: json.dumps(o) + "\n\nCorrection: " + json.dumps({**o, "age": o["age"] + 1}),
    lambda o: json.dumps(o) + "}",
    lambda o: json.dumps(o) + "\n```",
    lambda o: "```json\n" + json.dumps(o),
    lambda o: f"{o['name']} is actually {o['age'] + 10}. " + json.dumps(o),
    lambda o: json.dumps(o) + "\n// age is a guess",
    lambda o: json.dumps(o) + "\nDROP TABLE users;",
]
ALONE = [
    lambda o: json.dumps(o),
    lambda o: "```json\n" + json.dumps(o) + "\n```",
    lambda o: "```\n" + json.dumps(o, indent=2) + "\n```",
    lambda o: "  " + json.dumps(o) + "\n",
]


@pytest.mark.parametrize("extra", range(len(EXTRAS)))
def test_extras_are_never_the_object_alone(extra: int) -> None:
    assert not JsonTask().answer_alone(EXTRAS[extra]({"name": "Ann", "age": 30}), None)


@pytest.mark.parametrize("alone", range(len(ALONE)))
def test_the_object_in_one_fence_is_alone_and_restored_verbatim(alone: int) -> None:
    obj = {"name": "Ann", "age": 30}
    answer = ALONE[alone](obj)
    assert JsonTask().answer_alone(answer, None)
    prompt = "Create a JSON object where name is Ann and age is 30."
    model = scripted(answer)
    cached = with_step_cache(model, StepCache())
    first, again = cached.invoke(prompt), cached.invoke(prompt)
    assert first.content == answer and again.content == answer and len(model.calls) == 1
    assert _meta(first)["verified"] and _meta(again)["verified"]


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["Ann", "Bob", "Carla", "Dev"]),
    age=st.integers(1, 99),
    before=st.text(st.sampled_from("abc .:{}[]\n`\"0123456789"), max_size=12),
    after=st.text(st.sampled_from("abc .:{}[]\n`\"0123456789"), max_size=12),
)
def test_whatever_surrounds_the_object_a_verified_reply_is_the_object(name: str, age: int, before: str, after: str) -> None:
    obj = {"name": name, "age": age}
    prompt = f"Create a JSON object where name is {name} and age is {age}."
    model = scripted(before + json.dumps(obj) + after)
    cached = with_step_cache(model, StepCache())
    for reply in (cached.invoke(prompt), cached.invoke(prompt)):
        assert _vouched_right(reply, obj), (before, after, reply.content)
