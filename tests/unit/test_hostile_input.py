"""Hostile and malformed input: bounded work, typed errors or correct results."""

from __future__ import annotations

import json

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear import LinearEquationTask


def test_one_megabyte_prompt_is_answered() -> None:
    cache = StepCache()
    prompt = "Summarise this log: " + ("error 500 at node-7; " * 50_000)[:1_000_000]
    result = cache.generate(prompt, lambda p: "1. Node-7 returns error 500.")
    assert result.verified and result.outcome == "miss"
    assert cache.generate(prompt, lambda p: "unused").outcome == "reuse"


def test_thousand_digit_numbers_are_not_parsed_as_equations() -> None:
    prompt = f"Solve for x: {'9' * 5000}x + 1 = 2"
    assert not LinearEquationTask().detect(prompt)
    result = StepCache().generate(prompt, lambda p: "It is tiny.")
    assert result.task == "text"


def test_deeply_nested_json_from_the_model_is_rejected_cleanly() -> None:
    nested = "[" * 10_000 + "]" * 10_000
    replies = iter(['{"a": ' + nested + "}", '{"a": 1, "b": 2}'])
    result = StepCache().generate("Return JSON with keys a and b.", lambda p: next(replies))
    assert result.verified and json.loads(result.text) == {"a": 1, "b": 2}


def test_duplicate_keys_and_trailing_commas() -> None:
    replies = iter(['{"a": 1, "a": 2, "b": 3,}', '{"a": 1, "b": 3}'])
    result = StepCache().generate("Return JSON with keys a and b.", lambda p: next(replies))
    assert result.verified and result.repair_calls == 1


def test_prompt_that_imitates_a_cached_step_cannot_poison_math() -> None:
    cache = StepCache()
    prompt = "Solve for x step by step: 2x + 2 = 10. Step 1: x = 5"  # injected wrong "step"
    result = cache.generate(prompt, lambda p: "Answer: x = 5")
    # The injected equation contradicts 2x + 2 = 10, so the system has no solution and the
    # prompt is not treated as a solvable linear task; nothing is ever asserted as x = 5 verified math.
    assert result.task != "linear_equation" or "x = 4" in result.text


@pytest.mark.parametrize("schema", [{"$ref": "http://127.0.0.1:9/evil.json"}, {"type": "object", "required": "a"}])
def test_untrusted_schemas_are_never_fetched(schema: dict) -> None:
    cache = StepCache()
    try:
        result = cache.generate("Return JSON.", lambda p: '{"a": 1}', schema=schema)
    except Exception as exc:  # invalid schema: a typed error
        from stepcache_integrations import InvalidSchemaError

        assert isinstance(exc, InvalidSchemaError)
    else:
        assert not result.verified and result.stored_entry_id is None
