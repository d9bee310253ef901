"""Hostile numbers never reach Python's int/str limits: a value past the algebra's bound makes a
prompt unclaimed (the text task answers it), whatever steps the model writes."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import LinearEquationTask

BIG = "9" * 5000
# 20 factors of a 240-digit power: a coefficient of 4,800 digits (str() of it raises ValueError)
COMPUTED = "*".join(["9999999999999999999999999999999999999999^6"] * 20) + "*1"  # a power never meets a letter


def _steps(coefficient: str) -> str:
    return (
        f"Step 1: {coefficient}x + 1 = 2\n"
        f"Step 2: Subtract 1 from both sides: {coefficient}x = 1\n"
        f"Step 3: Divide both sides by {coefficient}: x = 1/{coefficient}\n"
        f"Answer: x = 1/{coefficient}"
    )


@pytest.mark.parametrize("coefficient", [BIG, COMPUTED], ids=["5000-digit literal", "4800-digit product"])
def test_a_huge_coefficient_is_unclaimed_and_never_raises(coefficient: str) -> None:
    prompt = f"Solve for x step by step: {coefficient}x + 1 = 2."
    assert not LinearEquationTask().detect(prompt)
    cache = StepCache()
    calls: list[str] = []

    def model(p: str) -> str:
        calls.append(p)
        return _steps(coefficient)

    first = cache.generate(prompt, model)
    assert first.task == "text" and first.outcome == "miss" and first.verification == "unchecked"
    again = cache.generate(prompt, model)  # the stored answer, read and served again
    assert again.outcome == "reuse" and len(calls) == 1
    other = cache.generate(prompt.replace("+ 1 = 2", "+ 1 = 3"), model)
    assert other.task == "text" and other.outcome in ("miss", "skip_reuse") and len(calls) == 2


def test_huge_numbers_in_the_steps_of_a_claimed_problem_fail_cleanly() -> None:
    cache = StepCache()
    answer = f"Step 1: 3x + 5 = 20\nStep 2: {BIG}x = {BIG}\nStep 3: x = {BIG}\nAnswer: x = {BIG}"
    result = cache.generate("Solve for x step by step: 3x + 5 = 20.", lambda p: answer)
    assert result.task == "linear_equation"
    assert not result.errors or result.used_fallback  # the wrong answer is repaired or replaced
    assert result.checks_passed and "x = 5" in result.text
    changed = cache.generate("Solve for x step by step: 3x + 8 = 26.", lambda p: answer)
    assert changed.checks_passed and "x = 6" in changed.text


def test_one_equation_whose_solution_is_past_the_bound_is_unclaimed() -> None:
    # each side has 280 digits (read); x = side squared has 560: one unknown, solved without sympy
    side = "(" + "*".join(["9999999999^6"] * 4 + ["9999999999^4"]) + ")"
    prompt = f"Solve for x step by step: x / {side} = {side}."
    assert not LinearEquationTask().detect(prompt)
    half = "(9999999999^6*9999999999^6*9999999999^2)"  # 140 digits: x has 280, within the bound
    assert LinearEquationTask().detect(f"Solve for x step by step: x / {half} = {half}.")
    cache = StepCache()
    result = cache.generate(prompt, lambda p: "x = 1")
    assert result.task == "text" and result.verification == "unchecked" and not result.verified
