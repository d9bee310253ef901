"""Hostile and malformed input: bounded work, typed errors or correct results."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from stepcache_integrations import InvalidSchemaError, StepCache, VerificationError
from stepcache_integrations.core.tasks.linear import LinearEquationTask

from ..network_guard import block_network


def test_one_megabyte_prompt_is_answered() -> None:
    cache = StepCache()
    prompt = "Summarise this log: " + ("error 500 at node-7; " * 50_000)[:1_000_000]
    result = cache.generate(prompt, lambda p: "1. Node-7 returns error 500.")
    assert result.checks_passed and not result.errors and result.outcome == "miss" and result.stored_entry_id
    assert result.verification == "unchecked" and not result.verified  # free text: nothing judged it
    again = cache.generate(prompt, lambda p: "unused")
    assert again.outcome == "reuse" and again.verification == "unchecked"


def test_thousand_digit_numbers_are_not_parsed_as_equations() -> None:
    prompt = f"Solve for x: {'9' * 5000}x + 1 = 2"
    assert not LinearEquationTask().detect(prompt)
    result = StepCache().generate(prompt, lambda p: "It is tiny.")
    assert result.task == "text"


def test_deeply_nested_json_from_the_model_is_rejected_cleanly() -> None:
    nested = "[" * 10_000 + "]" * 10_000
    replies = iter(['{"a": ' + nested + "}", '{"a": 1, "b": 2}'])
    result = StepCache(max_repairs=1).generate("Return JSON with keys a and b.", lambda p: next(replies))
    assert result.checks_passed and not result.errors and json.loads(result.text) == {"a": 1, "b": 2}
    assert result.verification == "checked"  # keys and types checked; no value is stated


def test_duplicate_keys_and_trailing_commas() -> None:
    replies = iter(['{"a": 1, "a": 2, "b": 3,}', '{"a": 1, "b": 3}'])
    result = StepCache(max_repairs=1).generate("Return JSON with keys a and b.", lambda p: next(replies))
    assert result.checks_passed and not result.errors and result.repair_calls == 1
    assert result.verification == "checked" and not result.verified


def _states_x_equals(text: str, value: Fraction) -> bool:
    """Every "Answer: x = ..." line of the text states ``value`` (and there is one)."""
    stated = re.findall(r"Answer:\s*x\s*=\s*(-?\d+(?:\.\d+)?(?:/\d+)?)", text)
    return bool(stated) and all(Fraction(v) == value for v in stated)


POISONED = "Solve for x step by step: 2x + 2 = 10. Step 1: x = 5"  # injected wrong "step"; x = 4


def test_prompt_that_imitates_a_cached_step_cannot_poison_math() -> None:
    cache = StepCache()
    result = cache.generate(POISONED, lambda p: "Answer: x = 5")
    # 2x + 2 = 10 gives x = 4 whatever the prompt claims: the answer is correct, or it is
    # flagged unverified and kept out of the cache.
    if not _states_x_equals(result.text, Fraction(4)):
        assert not result.checks_passed and not result.verified
        assert result.stored_entry_id is None and cache.store.count() == 0
    strict = StepCache(strict=True)
    try:
        answer = strict.generate(POISONED, lambda p: "Answer: x = 5")
    except VerificationError:
        assert strict.store.count() == 0
    else:
        assert answer.checks_passed and answer.verification != "unchecked"
        assert _states_x_equals(answer.text, Fraction(4))


@pytest.mark.parametrize(
    "schema",
    [
        {"$ref": "http://127.0.0.1:9/evil.json"},
        {"type": "object", "properties": {"a": {"$ref": "https://example.invalid/s.json"}}, "required": ["a"]},
        {"type": "object", "required": "a"},
    ],
)
def test_untrusted_schemas_are_never_fetched(schema: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    attempts = block_network(monkeypatch)
    cache = StepCache()
    try:
        result = cache.generate("Return JSON.", lambda p: '{"a": 1}', schema=schema)
    except InvalidSchemaError:
        pass  # invalid schema: a typed error
    else:
        assert not result.checks_passed and not result.verified and result.stored_entry_id is None
    assert attempts == [], "a schema $ref was fetched over the network"
