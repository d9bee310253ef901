"""Model faults at every point where the model is called (fresh answer, patch, repair), sync
and async: the call ends with the model's own error, a typed ModelOutputError, a flagged
unverified answer, or a verified fallback; nothing unverified is stored; the next request works."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

from stepcache_integrations import ModelOutputError, StepCache

from .conftest import JSON_PROMPT, bounded, independent_json_errors, independent_math_errors, math_answer, math_prompt

TEXT = "Plan moving the Orders service; lead Priya; cut-over Friday."
TEXT_GOOD = "1. Build Orders.\n2. Priya reviews.\n3. Ship Friday.\n4. Clean up."
TEXT_NEW = TEXT.replace("Friday", "Tuesday at 9:00 UTC sharp")
TEXT_NEW_GOOD = "3. Ship Tuesday at 9:00 UTC sharp.\n4. Clean up."
# A patch needs parts the verifier proves (free text is reused only for the same prompt): an added
# requested key keeps the keys a plain request states and asks the model for the new one only. No
# task fallback can answer it (the currency is not stated), so an empty reply must stay unverified.
PATCHABLE = 'Return a JSON object for a country with country "France", capital "Paris". Required keys: country and capital.'
PATCHABLE_GOOD = '{"country": "France", "capital": "Paris"}'
PATCHABLE_NEW = PATCHABLE.replace("country and capital.", "country, capital and currency.")
MATH_P, MATH_GOOD = math_prompt(3, 5, 20), math_answer(3, 5, 20)
MATH_NEW = math_prompt(4, 5, 21)  # other shape of numbers: patch / skip, not re-instantiation
# A plain request stating every value: an added key is a patch of that key alone.
JSON_P = 'Return a JSON object for a person with name "Alice", age 30, city "Paris". Required keys: name, age and city.'
JSON_GOOD = json.dumps({"name": "Alice", "age": 30, "city": "Paris"})
JSON_NEW = JSON_P.replace("age and city", "age, city and country")


class ModelFault(Exception):
    """What a broken model client raises."""


def _raise(exc: BaseException) -> Callable[[], Any]:
    def fn() -> Any:
        raise exc

    return fn


FAULTS: dict[str, Callable[[str], Any]] = {
    "raises": lambda good: _raise(ModelFault("HTTP 500 from the model server")),
    "timeout": lambda good: _raise(TimeoutError("model call timed out after 30 s")),
    "empty": lambda good: (lambda: ""),
    "whitespace": lambda good: (lambda: " \n\t "),
    "garbage": lambda good: (lambda: "\u2603 }{ lorem ][ ipsum = = = \ufffd"),
    "truncated_step": lambda good: (lambda: good[: len(good) // 3]),
    "json_trailing_comma": lambda good: (lambda: '{"name": "Alice", "age": 30, "city": "Paris",}'),
    "hundred_times_longer": lambda good: (lambda: (good + "\n") * 100),
    "not_text": lambda good: (lambda: 42),
    "nul_byte": lambda good: (lambda: good + "\x00"),
}
# (task, warm prompt, warm answer, request prompt, good answer to the request, independent check)
CASES = {
    "math": (MATH_P, MATH_GOOD, MATH_NEW, math_answer(4, 5, 21), independent_math_errors),
    "json": (JSON_P, JSON_GOOD, JSON_NEW, '{"country": "France"}',
             lambda p, t: independent_json_errors(t, ["name", "age", "city"] + ["country"] * ("country" in p))),
    "text": (TEXT, TEXT_GOOD, TEXT_NEW, TEXT_NEW_GOOD, lambda p, t: [] if t.strip() else ["empty"]),
}


class Scripted:
    """Returns ``replies`` in turn; a callable reply is invoked (to raise or to build output)."""

    def __init__(self, *replies: Any) -> None:
        self.replies = list(replies)
        self.calls = 0

    def __call__(self, prompt: str) -> Any:
        self.calls += 1
        reply = self.replies.pop(0) if self.replies else ""
        return reply() if callable(reply) else reply


def _snapshot(cache: StepCache) -> dict[str, str]:
    return {entry.id: entry.text for entry, _ in cache.store.iter_items()}


def _run(cache: StepCache, prompt: str, model: Scripted, use_async: bool) -> Any:
    if use_async:
        return bounded(lambda: asyncio.run(cache.agenerate(prompt, model)))
    return bounded(lambda: cache.generate(prompt, model))


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("phase", ["miss", "patch", "repair"])
@pytest.mark.parametrize("task", list(CASES))
@pytest.mark.parametrize("fault", list(FAULTS))
def test_model_fault(fault: str, task: str, phase: str, use_async: bool) -> None:
    warm_prompt, warm_answer, new_prompt, new_good, check = CASES[task]
    # the model must be called on every phase; the repair phase asks for its repair explicitly
    cache = StepCache(reinstantiate=False, max_repairs=1 if phase == "repair" else None)
    if phase != "miss":
        assert cache.generate(warm_prompt, Scripted(warm_answer)).stored_entry_id
    prompt = new_prompt if phase != "miss" else warm_prompt
    good = new_good if phase != "miss" else warm_answer
    bad = FAULTS[fault](good)
    # "repair": the first reply fails verification, so the fault hits the repair call
    wrong_first = {"math": "Answer: x = 999", "json": '{"nope": 1}', "text": ""}[task]
    model = Scripted(wrong_first, bad) if phase == "repair" else Scripted(bad, bad)
    before = _snapshot(cache)

    try:
        result = _run(cache, prompt, model, use_async)
        assert model.calls >= (2 if phase == "repair" else 1)
    except (ModelFault, TimeoutError, ModelOutputError) as exc:
        assert fault in ("raises", "timeout", "not_text", "nul_byte"), exc
    else:
        assert fault not in ("raises", "timeout", "not_text", "nul_byte")
        if result.checks_passed:
            assert check(prompt, result.text) == [], result.text  # flagged fallback or an acceptable answer
        else:
            assert result.errors and result.stored_entry_id is None and result.verification == "unchecked"
        assert result.verified == (result.verification == "proven")
        if fault in ("empty", "whitespace"):
            assert result.used_fallback or not result.checks_passed
    after = _snapshot(cache)
    assert {k: v for k, v in after.items() if k in before} == before  # nothing lost or changed
    for entry_id in set(after) - set(before):  # anything new is a verified, correct answer
        assert check(prompt, after[entry_id]) == [], after[entry_id]

    # the next request works
    follow = cache.generate(prompt, Scripted(good, good))
    assert follow.checks_passed and not follow.errors and check(prompt, follow.text) == []
    # math is proven; free text has no checker; JSON_P states every value, the added "country" is the model's
    level = {"math": "proven", "text": "unchecked", "json": "proven" if phase == "miss" else "checked"}[task]
    assert follow.verification == level


def test_empty_patch_continuation_is_not_served_as_verified() -> None:
    """Regression: an empty model reply to a patch left only the kept prefix, which
    passed the checks and was stored as a complete verified answer."""
    cache = StepCache()
    cache.generate(PATCHABLE, Scripted(PATCHABLE_GOOD))
    model = Scripted("", "")
    result = cache.generate(PATCHABLE_NEW, model)
    assert cache.lookup(PATCHABLE_NEW).outcome == "patch"
    # the failed patch is not served: the model answered the whole request (red team 25), which failed too
    assert result.outcome == "skip_reuse" and not result.checks_passed and not result.verified
    assert model.calls == 2 and result.model_calls == 2 and result.text == ""
    assert result.stored_entry_id is None and cache.store.count() == 1
    plan = cache.lookup(PATCHABLE_NEW)  # the streaming path (finalize) too; without a model the patch stands
    assert plan.outcome == "patch"
    finished = cache.finalize(plan, "   ")
    assert finished.outcome == "patch" and not finished.checks_passed and cache.store.count() == 1


def test_strict_mode_raises_typed_error_and_stores_nothing() -> None:
    from stepcache_integrations import VerificationError

    cache = StepCache(strict=True)
    prompt = JSON_PROMPT.format(name="Alice", age=30, city="Paris")  # not plain: no fallback answers it
    with pytest.raises(VerificationError):
        cache.generate(prompt, Scripted("garbage", '{"name": "Alice",}'))
    assert cache.store.count() == 0
    good = cache.generate(prompt, Scripted(JSON_GOOD))
    assert good.checks_passed and not good.errors and good.stored_entry_id
    assert good.verification == "unchecked"  # not a plain request (read whole): nothing is claimed of it


def test_model_that_hangs_is_the_callers_timeout() -> None:
    """The engine adds no hidden waits: a model call that raises a timeout surfaces at once,
    and concurrent requests on the same cache are unaffected."""
    cache = StepCache()
    cache.generate(MATH_P, Scripted(MATH_GOOD))
    with pytest.raises(TimeoutError):
        cache.generate(TEXT, Scripted(_raise(TimeoutError("read timeout"))))
    assert cache.generate(MATH_P, Scripted()).outcome == "reuse"
    assert cache.stats()["requests"] == 2
