"""The problem-key tier against pairs that would share a key if the key left something out.

Each pair is a stored prompt A with its right answer and a request B whose right answer differs
from A's only in what a careless key drops: the unknown asked, the format asked for (numbered
steps, the answer's label), a stated JSON value or its type. A third kind has the same key in
another namespace or for another model. Each is sent three ways: plainly (A stored, then B), with
A's entry carrying B's lookup keys (forged into its metadata, around the checks), and B repeated
(the tier's map of served answers). Whatever the cache serves without a model call, or calls
verified, must be B's right answer by this file's own reading (no engine code judges it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.problem_key_tier import task_lookup_keys
from stepcache_integrations.core.problem_keys import LOOKUP_KEYS
from stepcache_integrations.core.types import CacheEntry

from .harness import FixedReplyModel, step_cache_for


@dataclass(frozen=True)
class Pair:
    name: str
    stored: str  # A
    stored_answer: str
    request: str  # B
    right: str  # B's right answer (what the scripted model gives)
    judge: Callable[[str], bool]  # B's right answer, read by this file
    same_shape: bool = False  # A re-instantiates for B (only stated values differ)


def _steps(*lines: str) -> str:
    return "\n".join(lines)


def _last(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _states(text: str, label: str, **values: str) -> bool:
    """The last line is '<label>: u = v, ...' with exactly these unknowns and values."""
    last = _last(text).rstrip(".")
    if not last.startswith(label + ":"):
        return False
    found = dict(re.findall(r"([a-z])\s*=\s*(-?\d+(?:/\d+)?)", last.split(":", 1)[1]))
    return found == values


def _numbered(text: str) -> bool:
    working = [line.strip() for line in text.splitlines() if line.strip()][:-1]
    return bool(working) and all(line.startswith(f"Step {i}:") for i, line in enumerate(working, 1))


def _json_is(expected: dict[str, Any]) -> Callable[[str], bool]:
    def judge(text: str) -> bool:
        start, end = text.find("{"), text.rfind("}")
        try:
            return start >= 0 and json.loads(text[start : end + 1]) == expected
        except ValueError:
            return False

    return judge


SYSTEM = "Solve x + y = 10 and x - y = 2 for {v}."
SOLVED = _steps("Step 1: The system is x + y = 10; x - y = 2.",
                "Step 2: Solving the system exactly gives x = 6, y = 4.", "Answer: {asked}")
PLAIN = "Solve for x: 3x + 5 = {c}."
PLAIN_ANSWER = _steps("Subtract 5 from both sides: 3x = {d}.", "Divide both sides by 3: x = {x}.", "Answer: x = {x}")
NUMBERED = _steps("Step 1: Subtract 5 from both sides: 3x = {d}.", "Step 2: Divide both sides by 3: x = {x}.",
                  "{label}: x = {x}")
PLAIN_2X = "Solve for x: 2x + {b} = {c}."
PLAIN_2X_ANSWER = _steps("Step 1: Start with 2x + {b} = {c}.", "Step 2: Subtract {b} from both sides: 2x = 32.",
                         "Step 3: Divide both sides by 2: x = 16.", "Answer: x = 16")
PERSON = 'Return a JSON object for a person with name {name}, age {age}. Required keys: name and age.'

PAIRS = [
    Pair("other-unknown-asked", SYSTEM.format(v="x"), SOLVED.format(asked="x = 6"),
         SYSTEM.format(v="y"), SOLVED.format(asked="y = 4"), lambda text: _states(text, "Answer", y="4")),
    Pair("numbered-steps-asked", PLAIN.format(c=20), PLAIN_ANSWER.format(d=15, x=5),
         PLAIN.format(c=20) + " Number your steps.", NUMBERED.format(d=15, x=5, label="Answer"),
         lambda text: _numbered(text) and _states(text, "Answer", x="5")),
    Pair("numbered-steps-asked-other-constant", PLAIN.format(c=20), PLAIN_ANSWER.format(d=15, x=5),
         PLAIN.format(c=26) + " Number your steps.", NUMBERED.format(d=21, x=7, label="Answer"),
         lambda text: _numbered(text) and _states(text, "Answer", x="7")),
    Pair("answer-label-changed", 'Solve 3x + 5 = 20. End with "Final answer: x = ?".',
         NUMBERED.format(d=15, x=5, label="Final answer"),
         'Solve 3x + 5 = 20. End with "Answer: x = ?".', NUMBERED.format(d=15, x=5, label="Answer"),
         lambda text: _states(text, "Answer", x="5")),
    Pair("answer-label-changed-back", 'Solve 3x + 5 = 20. End with "Answer: x = ?".',
         NUMBERED.format(d=15, x=5, label="Answer"),
         'Solve 3x + 5 = 26. End with "Final answer: x = ?".', NUMBERED.format(d=21, x=7, label="Final answer"),
         lambda text: _states(text, "Final answer", x="7")),
    # one form (2x - 32 = 0, x = 16), two problems: A's derivation subtracts 15, B's must subtract 39
    Pair("same-form-other-constants", PLAIN_2X.format(b=15, c=47), PLAIN_2X_ANSWER.format(b=15, c=47),
         PLAIN_2X.format(b=39, c=71), PLAIN_2X_ANSWER.format(b=39, c=71),
         lambda text: "15" not in text and _states(text, "Answer", x="16"), same_shape=True),
    Pair("json-stated-value-changed", PERSON.format(name='"Alice"', age=34), '{"name": "Alice", "age": 34}',
         PERSON.format(name='"Bob"', age=34), '{"name": "Bob", "age": 34}', _json_is({"name": "Bob", "age": 34}),
         same_shape=True),
    Pair("json-stated-number-changed", PERSON.format(name='"Alice"', age=34), '{"name": "Alice", "age": 34}',
         PERSON.format(name='"Alice"', age=35), '{"name": "Alice", "age": 35}', _json_is({"name": "Alice", "age": 35}),
         same_shape=True),
    Pair("json-stated-type-changed", PERSON.format(name='"Alice"', age=34), '{"name": "Alice", "age": 34}',
         PERSON.format(name='"Alice"', age='"34"'), '{"name": "Alice", "age": "34"}',
         _json_is({"name": "Alice", "age": "34"})),
]




def _lookup_keys(cache: StepCache, prompt: str) -> list[str]:
    handler = cache.tasks.select(prompt)
    return [key for key in task_lookup_keys(handler, handler.constraints(prompt, None)) if key]


def _assert_right(result: Any, pair: Pair, model: FixedReplyModel) -> None:
    served = result.model_calls == 0 and model.calls == 0
    if served or result.verified:
        assert pair.judge(result.text), (pair.name, result.outcome, result.tier, result.text)
    assert result.text != pair.stored_answer


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
@pytest.mark.parametrize("pair", PAIRS, ids=[p.name for p in PAIRS])
def test_a_pair_that_differs_in_what_a_key_could_drop_is_never_served_the_other_answer(
    pair: Pair, kind: str, tmp_path: Path
) -> None:
    cache = step_cache_for(kind, tmp_path)
    assert _lookup_keys(cache, pair.request), "B must be read as a problem (else the tier never sees it)"
    stored_keys, request_keys = _lookup_keys(cache, pair.stored), _lookup_keys(cache, pair.request)
    assert stored_keys[0] != request_keys[0]  # two problems, two problem keys
    assert (stored_keys[1] == request_keys[1]) is pair.same_shape  # a format or an asked unknown: two shapes
    assert cache.store_answer(pair.stored, pair.stored_answer)
    for _ in range(2):  # then a repeat of the same request
        model = FixedReplyModel(pair.right)
        _assert_right(cache.generate(pair.request, model), pair, model)


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
@pytest.mark.parametrize("pair", PAIRS, ids=[p.name for p in PAIRS])
def test_an_entry_carrying_the_requests_keys_with_the_other_answer_is_never_served(
    pair: Pair, kind: str, tmp_path: Path
) -> None:
    """A's answer stored around the checks under B's own problem and shape keys: found, checked, refused."""
    cache = step_cache_for(kind, tmp_path)
    handler = cache.tasks.select(pair.stored)
    forged = CacheEntry(prompt=pair.stored, task=handler.name,
                        constraints=handler.constraints(pair.stored, None), verification="proven",
                        steps=handler.segment(pair.stored_answer, None),
                        metadata={LOOKUP_KEYS: _lookup_keys(cache, pair.request)})
    cache.store.add(forged, cache.embedder.embed(pair.stored))
    for _ in range(2):
        model = FixedReplyModel(pair.right)
        result = cache.generate(pair.request, model)
        _assert_right(result, pair, model)
        assert result.matched_entry_id != forged.id or pair.judge(result.text)


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_the_same_problem_in_another_namespace_or_for_another_model_is_never_served(kind: str, tmp_path: Path) -> None:
    cache = step_cache_for(kind, tmp_path)
    stored_id = cache.store_answer(PLAIN.format(c=20), NUMBERED.format(d=15, x=5, label="Answer"),
                                   namespace="a", llm_key="m1")
    same, swapped, other = PLAIN.format(c=20), "Solve for x: 20 = 5 + 3x.", PLAIN.format(c=26)
    for prompt in (same, same, swapped):  # served in its own partition, then a repeat
        served = cache.generate(prompt, FixedReplyModel("unused"), namespace="a", llm_key="m1")
        assert served.model_calls == 0 and served.matched_entry_id == stored_id
    for namespace, llm_key in (("b", "m1"), ("a", "m2"), ("A", "m1"), ("a", "M1")):
        for prompt, x in ((same, 5), (swapped, 5), (other, 7)):
            model = FixedReplyModel(NUMBERED.format(d=3 * x, x=x, label="Answer"))
            result = cache.generate(prompt, model, namespace=namespace, llm_key=llm_key)
            assert model.calls == 1 and result.model_calls == 1, (namespace, llm_key, prompt, result.outcome)
            assert result.matched_entry_id is None and result.tier is None
            cache.store.delete(result.stored_entry_id or "")  # the next request of this partition meets no entry
