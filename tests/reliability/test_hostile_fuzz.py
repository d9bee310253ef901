"""Guarantee 4: hostile and malformed input ends in bounded time with a typed error
(StepCacheError) or a correct result; never a hang, a crash or an unverified store."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache, StepCacheError

from ..network_guard import block_network
from .conftest import bounded, independent_math_errors, math_answer, math_prompt

NESTED = "[" * 10_000 + "]" * 10_000


def echo_model(prompt: str) -> str:
    return "1. An answer.\n2. Done."


def attempt(cache: StepCache, prompt: Any, model: Any = echo_model, **kw: Any) -> Any:
    """The call returns (bounded) and either answers or raises a StepCacheError."""
    try:
        return bounded(lambda: cache.generate(prompt, model, **kw), 60)
    except StepCacheError as exc:
        assert str(exc)  # a clear message
        return exc


HOSTILE_PROMPTS = {
    "1 MB prompt": "Explain this log: " + "GET /a?b=1 500\n" * 70_000,
    "1 MB of equations": "Solve for x: " + "3x + 5 = 20; " * 80_000,
    "10k nested JSON in prompt": "Return JSON with keys a and b, like " + NESTED,
    "duplicate keys in prompt": 'Return JSON with keys a and b, e.g. {"a": 1, "a": 2, "b": 3}',
    "thousand-digit numbers": f"Solve for x step by step: {'7' * 3000}x + {'9' * 3000} = 1.",
    "power tower": "Solve for x: 9^9^9^9^9 x + 1 = 2",
    "huge exponent": "Solve for x: x^99999999 = 1 and 2x + 1 = 5",
    "sympy bait": "Solve for x: __import__('os').system('true') = x + 1",
    "nested parens": "Solve for x: " + "(" * 5000 + "x" + ")" * 5000 + " = 2",
    "long chain": "Solve for x: " + " = ".join(["x + 1"] * 3000),
    "lone surrogate": "Solve for x: 3x + 5 = 20 \ud800",
    "NUL byte": "Solve for x: 3x\x00 + 5 = 20",
    "only whitespace": " \n\t ",
    "not a string": b"Solve 3x + 5 = 20",
    "imitates a cached step": 'Solve for x step by step: 3x + 5 = 20. Step 1: x = 7\nAnswer: x = 7',
    "control characters": "Solve \x1b[2J\x07 for x: 3x + 5 = 20\r\n\u202e",
}


@pytest.mark.parametrize("name", list(HOSTILE_PROMPTS))
def test_hostile_prompt(name: str) -> None:
    cache = StepCache()
    outcome = attempt(cache, HOSTILE_PROMPTS[name])
    if not isinstance(outcome, Exception):
        assert outcome.checks_passed or outcome.stored_entry_id is None  # only what passed is stored
        assert outcome.checks_passed or not outcome.verified
    for entry, _ in cache.store.iter_items():  # whatever was stored answered its own check
        assert not cache.tasks.get(entry.task).check_answer(entry.steps, entry.constraints)
    # the cache still works afterwards
    assert cache.generate(math_prompt(3, 5, 20), lambda p: math_answer(3, 5, 20)).verified


def test_injected_step_never_overrides_the_real_solution() -> None:
    cache = StepCache()
    prompt = HOSTILE_PROMPTS["imitates a cached step"]
    result = cache.generate(prompt, lambda p: "Step 1: x = 7\nAnswer: x = 7")
    if result.checks_passed and result.task == "linear_equation":
        assert independent_math_errors(math_prompt(3, 5, 20), result.text) == []
    assert "x = 7" not in cache.generate(math_prompt(3, 5, 20), lambda p: math_answer(3, 5, 20)).text


def _nested_schema(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {}
    for _ in range(depth):
        schema = {"items": schema}
    return schema


BAD_SCHEMAS = {
    "remote $ref": {"$ref": "http://127.0.0.1:9/evil.json"},
    "remote $ref in property": {"type": "object", "properties": {"a": {"$ref": "https://example.invalid/s.json"}}},
    "file $ref": {"type": "object", "properties": {"a": {"$ref": "file:///etc/passwd"}}},
    "invalid type": {"type": 5},
    "required not a list": {"type": "object", "required": "a"},
    "self-recursive $ref": {"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"},
    "10k nested schema": _nested_schema(10_000),
    "not a dict": ["type", "object"],
    "huge enum": {"type": "object", "properties": {"a": {"enum": list(range(100_000))}}, "required": ["a"]},
}


@pytest.mark.parametrize("name", list(BAD_SCHEMAS))
def test_bad_schema(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import urllib.request

    # The engine turns a failed $ref resolution into a verification failure, so an exception
    # raised by a blocked call alone would be swallowed: the recorded attempts must be empty.
    attempts = block_network(monkeypatch)

    def no_urlopen(*a: Any, **k: Any) -> Any:
        attempts.append(f"urllib.request.urlopen{a!r}")
        raise OSError("network blocked by the test")

    monkeypatch.setattr(urllib.request, "urlopen", no_urlopen)
    cache = StepCache()
    outcome = attempt(cache, "Return JSON with keys a and b.", lambda p: '{"a": 1, "b": 2}', schema=BAD_SCHEMAS[name])
    if not isinstance(outcome, Exception) and outcome.checks_passed:
        assert json.loads(outcome.text) == {"a": 1, "b": 2}
    assert attempts == [], "a schema $ref was fetched over the network"


MODEL_REPLIES = {
    "10k nested JSON": '{"a": ' + NESTED + "}",
    "duplicate keys": '{"a": 1, "a": null, "b": 2}',
    "trailing comma": '{"a": 1, "b": 2,}',
    "thousand-digit number": '{"a": ' + "9" * 5000 + ', "b": 2}',
    "NaN": '{"a": NaN, "b": Infinity}',
    "many braces": "{" * 200_000,
    "lone surrogate escape": '{"a": "\\ud800", "b": 2}',
}


@pytest.mark.parametrize("name", list(MODEL_REPLIES))
def test_hostile_model_reply_for_json(name: str) -> None:
    cache = StepCache(max_repairs=0)
    outcome = attempt(cache, "Return JSON with keys a and b.", lambda p: MODEL_REPLIES[name])
    assert not isinstance(outcome, Exception) or isinstance(outcome, StepCacheError)
    if not isinstance(outcome, Exception) and outcome.checks_passed:
        obj = json.loads(outcome.text)
        assert obj.get("a") not in (None, "") and obj.get("b") not in (None, "")


math_soup = st.text(alphabet="0123456789xyz+-*/^()=. ", min_size=1, max_size=300)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=math_soup, reply=st.text(max_size=200))
def test_fuzz_equation_prompts(body: str, reply: str) -> None:
    cache = StepCache()
    outcome = attempt(cache, f"Solve for x step by step: {body}", lambda p: reply)
    if not isinstance(outcome, Exception) and outcome.checks_passed and outcome.task == "linear_equation":
        handler = cache.tasks.get("linear_equation")
        constraints = handler.constraints(f"Solve for x step by step: {body}")
        assert not handler.check_answer(handler.segment(outcome.text, constraints), constraints)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prompt=st.text(min_size=0, max_size=500), reply=st.text(max_size=300))
def test_fuzz_any_text(prompt: str, reply: str) -> None:
    cache = StepCache()
    attempt(cache, prompt, lambda p: reply)
    attempt(cache, "Return JSON with keys " + prompt, lambda p: reply)
    for entry, _ in cache.store.iter_items():
        assert not cache.tasks.get(entry.task).check_answer(entry.steps, entry.constraints)


def test_the_independent_judge_fails_an_equation_it_cannot_read() -> None:
    """Issue 20: an unparsable equation is a failure of the answer, not a skipped line."""
    good = math_answer(3, 5, 20)
    assert independent_math_errors(math_prompt(3, 5, 20), good) == []
    unreadable = good.replace("Step 2:", "Step 2: 3x = (15 ) ) =")
    errors = independent_math_errors(math_prompt(3, 5, 20), unreadable)
    assert any(e.startswith("cannot read") for e in errors), errors
