"""Red team 25 (README-only, black box on 5667e74): a patch whose assembled answer failed its checks was
served. The cache kept the stated values of a cached JSON object and asked the model, in its own short
sub-prompt, only for the fields it could not fill (an added key, a renamed key, a value not stated); when
that sub-answer was unusable (prose, ``{}``, ``[]``, ``{'city': None}``, a foreign key), the served
object lacked a requested key or carried the model's foreign one (outcome ``patch``, unchecked, 188 rows in
tests/fixtures/red_team_25_rows.json, all on ``with_step_cache`` and ``StepCacheLLM``). Without the cache
the model would have answered the request itself.

Now a cache-made answer that fails its checks is never served: the model answers the whole request (its
original messages), and that answer is checked, kept or stored as a miss's (``core.engine.whole_request_flow``).
The global cache is unchanged: its ``patch_model`` need not be the request's model, so a failed patch is
declined there and LangChain calls the request's model.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import ai, scripted
from tests.unit.test_llama_index_support import ScriptedLLM

ROWS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "red_team_25_rows.json").read_text())
FIRST = 'Return a JSON object with keys "name" and "age".\nname: Alice\nage: 30'
CACHED = '{"name": "Alice", "age": 30}'
ADDED = 'Return a JSON object with keys "name", "age" and "city".\nname: Bob\nage: 41'
ADDED_RIGHT = '{"name": "Bob", "age": 41, "city": "Lyon"}'  # the model's own city (not stated)
SUB_ANSWERS = ['{"City": null}', "{'city': None}", '{"city": null,}', "city: null", "{}", "[]", '{"town": null}',
               "I do not know the city."]


def _never(prompt: str) -> str:
    return "Answer: WRONG-" + hashlib.sha256(prompt.encode()).hexdigest()[:10]


class _SubThenWhole:
    """Answers the cache's patch sub-prompt with ``sub`` and the whole request with ``whole``."""

    def __init__(self, sub: str, whole: str) -> None:
        self.sub, self.whole, self.prompts = sub, whole, []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self.whole if prompt == ADDED else self.sub


def _warm() -> StepCache:
    cache = StepCache()
    cache.generate(FIRST, lambda _p: CACHED)
    return cache


def test_the_pair_is_still_planned_as_a_patch() -> None:
    assert _warm().lookup(ADDED).outcome == "patch"  # else the tests below would prove nothing


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['class'][:40]}-{r['second'][-24:]}")
def test_no_row_serves_a_failed_patch(row: dict[str, Any]) -> None:
    """Every saved row, with a never-right model: whatever was planned, the answer that reaches the
    user is never a cache-made patch that failed its checks; a failed answer is the model's own."""
    cache = StepCache()
    cache.generate(row["first"], lambda _p: row.get("first_answer") or row["cached_answer"])
    sub = row.get("patch_subprompt_answer")
    prompts: list[str] = []

    def model(prompt: str) -> str:
        prompts.append(prompt)
        return sub if (sub is not None and prompt != row["second"]) else _never(prompt)

    result = cache.generate(row["second"], model)
    assert result.outcome != "patch" or result.checks_passed, (row["second"], result.text, result.errors)
    if not result.checks_passed:
        assert result.text == _never(row["second"]) and prompts[-1] == row["second"], result.text
        assert not result.verified and result.stored_entry_id is None


@pytest.mark.parametrize("sub", SUB_ANSWERS)
def test_an_unusable_sub_answer_costs_one_whole_request_and_serves_the_models_answer(sub: str) -> None:
    cache, model = _warm(), _SubThenWhole(sub, ADDED_RIGHT)
    result = cache.generate(ADDED, model)
    assert model.prompts[-1] == ADDED and len(model.prompts) == 2 and result.model_calls == 2
    assert result.outcome == "skip_reuse" and result.checks_passed and json.loads(result.text) == json.loads(ADDED_RIGHT)
    assert result.stored_entry_id is not None  # the model's checked answer, stored as a miss's
    again = cache.generate(ADDED, _never)
    assert json.loads(again.text) == json.loads(ADDED_RIGHT) and again.model_calls == 0


def test_a_good_sub_answer_is_still_a_patch() -> None:
    cache, model = _warm(), _SubThenWhole('{"city": "Lyon"}', _never(ADDED))
    result = cache.generate(ADDED, model)
    assert result.outcome == "patch" and result.checks_passed and result.model_calls == 1
    assert json.loads(result.text) == {"name": "Bob", "age": 41, "city": "Lyon"}


def test_async_twin() -> None:
    cache = _warm()
    result = asyncio.run(cache.agenerate(ADDED, _SubThenWhole("{}", _never(ADDED))))
    assert result.outcome == "skip_reuse" and result.text == _never(ADDED) and result.model_calls == 2


def test_finalize_without_a_model_keeps_the_failed_patch_unchecked() -> None:
    """The streaming path's finalize with no model at hand cannot ask the whole request: the patch
    stands, unchecked and not stored (as before)."""
    cache = _warm()
    plan = cache.lookup(ADDED)
    done = cache.finalize(plan, "{}")
    assert done.outcome == "patch" and not done.checks_passed and not done.verified and done.stored_entry_id is None


def test_langchain_wrapper_asks_the_original_messages_and_returns_the_models_answer() -> None:
    chat = scripted(ai(CACHED), ai("{}"), ai(_never("whole")))
    cached = with_step_cache(chat, StepCache())
    cached.invoke([HumanMessage(content=FIRST)])
    out = cached.invoke([HumanMessage(content=ADDED)])
    record = out.response_metadata["stepcache"]
    assert out.content == _never("whole") and record["outcome"] == "skip_reuse" and record["model_calls"] == 2
    assert not record["verified"] and len(chat.calls) == 3
    assert chat.calls[1][-1].content != ADDED  # the patch prompt
    assert [(type(m), m.content) for m in chat.calls[2]] == [(HumanMessage, ADDED)]  # the request's own messages


def test_llama_index_llm_returns_the_models_answer() -> None:
    from stepcache_integrations.llama_index import StepCacheLLM

    inner = ScriptedLLM([CACHED, "{}", _never("whole")])
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.complete(FIRST)
    out = llm.complete(ADDED)
    record = out.additional_kwargs.get("stepcache") or getattr(out, "metadata", {}).get("stepcache")
    assert out.text == _never("whole") and inner.prompts[-1] == ADDED, out.text
    assert record is None or record["outcome"] == "skip_reuse"


def test_global_cache_declines_a_failed_patch_and_never_asks_the_patch_model_the_whole_request() -> None:
    """The global cache's ``patch_model`` need not be the request's model: a failed patch is declined,
    LangChain calls the request's own model, and the patch model answered only its sub-prompt."""
    from langchain_core.globals import set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache

    patcher = scripted("{}", "{}", name="patcher")
    cache = StepCacheLLMCache(patch_model=patcher)
    set_llm_cache(cache)
    try:
        model = scripted(CACHED, ADDED_RIGHT)
        model.invoke(FIRST)
        out = model.invoke(ADDED)
    finally:
        set_llm_cache(None)
    assert len(cache.patch_model.calls) == 1 and cache.patch_model.last_prompt != ADDED  # the sub-prompt only
    assert len(model.calls) == 2 and out.content == ADDED_RIGHT  # the request's model answered it
