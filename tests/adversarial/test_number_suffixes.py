"""A number is read with what stands right beside it (blind red team round 7: R7_2 R7_5 R7_6 R7_8,
R7_3 R7_4). "0.33..." is a repeating decimal (or an approximation), "4!" a factorial, "6'" six
feet, "20%" a percent, "5\u00b0" degrees and ".5x" half of x: reading the bare digits ("0.33",
"4", "6", "20", "5", "5x") proves another problem, and the sympy fallback or a stated JSON value
wrote it as "proven". Whatever the model answers, a "proven" answer must never state the value of
that bare-digits reading: the judge computes it with its own arithmetic (Fractions) and knows
every one of these marks makes it wrong (a factorial of n >= 3, a percent, feet, degrees and a
repeating or approximate decimal all differ from the bare digits' problem, or make no claim).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache

MARKS = ("...", "\u2026", "!", "'", "\u2032", "\u2033", '"', "`", "%", "\u00b0", "\u2030")


def _last_value(text: str) -> Fraction | None:
    """The judge's reading of 'Answer: x = N' (the last line)."""
    last = text.strip().splitlines()[-1] if text.strip() else ""
    head, _, value = last.rpartition("x = ")
    try:
        return Fraction(value.strip().rstrip("."))
    except (ValueError, ZeroDivisionError):
        return None


@st.composite
def linear_cases(draw: st.DrawFn) -> tuple[str, Fraction]:
    a, n = draw(st.integers(2, 9)), draw(st.integers(3, 40))
    mark = draw(st.sampled_from(MARKS))
    decimal = draw(st.booleans()) and mark in ("...", "\u2026")
    number = f"0.{n}" if decimal else str(n)
    form = draw(st.sampled_from(("{a}x = {n}{m}", "{a}x = {n}{m}.", "x + {a} = {n}{m}", "If {a}x = {n}{m}, what is x?")))
    prompt = ("Solve for x: " if not form.startswith("If") else "") + form.format(a=a, n=number, m=mark)
    bare = Fraction(number) / a if "{a}x" in form else Fraction(number) - a
    return prompt, bare


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(linear_cases())
def test_the_bare_digits_reading_is_never_proven(case: tuple[str, Fraction]) -> None:
    prompt, bare = case
    for answer in (f"Answer: x = {bare}", "I am not sure."):
        result = StepCache().generate(prompt, lambda _p, answer=answer: answer)
        if result.verification == "proven":
            assert _last_value(result.text) != bare, (prompt, result.text)


@pytest.mark.parametrize("mark", MARKS)
def test_a_cached_bare_reading_is_not_served_for_the_marked_prompt(mark: str) -> None:
    cache = StepCache()
    cache.generate("Solve for x: 3x = 0.99.", lambda _p: "Answer: x = 0.33")
    result = cache.generate(f"Solve for x: 3x = 0.99{mark}", lambda _p: "I am not sure.")
    assert not (result.verification == "proven" and _last_value(result.text) == Fraction("0.33")), result.text


@pytest.mark.parametrize("d", range(1, 10))
def test_a_leading_decimal_point_is_not_dropped(d: int) -> None:
    prompt = f"Solve for x: .{d}x = 2."
    bare = Fraction(2, d)  # the reading of "{d}x = 2"
    for answer in (f"Answer: x = {bare}", "I am not sure."):
        result = StepCache().generate(prompt, lambda _p, answer=answer: answer)
        assert not (result.verification in ("proven", "checked") and _last_value(result.text) == bare), result.text


@pytest.mark.parametrize("mark", MARKS)
def test_a_json_value_with_a_mark_is_no_statement(mark: str) -> None:
    prompt = f'Return a JSON object for a person with name "Bob" and ratio 0.33{mark} Required keys: name and ratio.'
    for answer in ('{"name": "Bob", "ratio": 0.33}', "I am not sure."):
        result = StepCache().generate(prompt, lambda _p, answer=answer: answer)
        if result.verification == "proven":
            assert json.loads(result.text).get("ratio") != 0.33, (prompt, result.text)


def test_the_controls_are_proven() -> None:
    """Not vacuous: without the mark, the same prompts are proven."""
    assert StepCache().generate("Solve for x: 3x = 0.99.", lambda _p: "Answer: x = 0.33").verification == "proven"
    json_prompt = 'Return a JSON object for a person with name "Bob" and ratio 0.33. Required keys: name and ratio.'
    assert StepCache().generate(json_prompt, lambda _p: '{"name": "Bob", "ratio": 0.33}').verification == "proven"
