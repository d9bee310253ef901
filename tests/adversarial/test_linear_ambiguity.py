"""Division read two ways, digits of other scripts and '\u00b7 \u00d7 \u00f7', end to end (blind red team R6, R8, R9).

"4 / 2x = 8" is 4/(2x) to many readers and (4/2)x to others; "x / 2 * 2", "2x / 4 / 2",
"x/2(3)" likewise. The arithmetic task declines "a / b * c" and "a / b / c" without brackets;
the linear task must decline the same class: after a '/', an implicit multiplication (a number,
an unknown or a bracket juxtaposed) or another '*' or '/' in the same term without brackets.
"2x = 1\u0660" (ARABIC-INDIC ZERO) and "2x = 1\u00b75" are not claimed either.

The judge: a model that answers wrong (fresh: a claimed prompt would get the fallback's answer,
one reading, proven) and a model that raises (a cached entry: a reuse needs no model); StepCache
must never come back with ``proven`` or ``verified`` for such a prompt. The controls (the same
numbers with brackets, or a '/' that ends its term) are still claimed, with the judge's value.
Each reading's value is computed here, with ``Fraction``, not by the engine.
"""

from __future__ import annotations

import sys
import unicodedata
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.algebra import NotLinear, parse_linear
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask

TASK = LinearEquationTask()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FOREIGN_DIGITS = tuple(
    ch for ch in map(chr, range(sys.maxunicode + 1)) if unicodedata.category(ch) == "Nd" and not ch.isascii()
)


class ModelCalled(Exception):
    pass


def raising_model(prompt: str) -> str:
    raise ModelCalled(prompt)


def wrong_model(prompt: str) -> str:
    """A wrong answer: for a claimed prompt, the engine answers with its fallback (proven)."""
    return "Step 1: Divide both sides by 2: x = 999.\nAnswer: x = 999"


def never_proven(prompt: str, cache: StepCache | None = None) -> None:
    """Fresh, the model answers wrong (a claimed prompt would get the fallback's proven answer); with a
    cached entry, the model raises (a reuse is answered without it). Either way what comes back
    is neither proven nor verified."""
    result = StepCache().generate(prompt, wrong_model)
    assert not result.verified and result.verification != "proven", (prompt, result.text)
    if cache is None:
        return
    try:
        result = cache.generate(prompt, raising_model)
    except ModelCalled:
        return
    assert not result.verified and result.verification != "proven", (prompt, result.text)


# Each ambiguous shape (the red team's and its kin).
AMBIGUOUS = {
    "a / bx = c": lambda a, b, c: f"{a} / {b}x = {c}",
    "a/bx + c = d": lambda a, b, c: f"{a}/{b}x + {c} = {a + c}",
    "x/b(c) = a": lambda a, b, c: f"x/{b}({c}) = {a}",
    "x / b * c = a": lambda a, b, c: f"x / {b} * {c} = {a}",
    "ax / b / c = 1": lambda a, b, c: f"{a}x / {b} / {c} = 1",
    "x / b / c = a": lambda a, b, c: f"x / {b} / {c} = {a}",
    "x / b x = a (implicit)": lambda a, b, c: f"{c} + x / {b}x = {a}",
    "a / b(x + c) = 1": lambda a, b, c: f"{a} / {b}(x + {c}) = 1",
}
CONTROLS = {
    "x/b + c = a": (lambda a, b, c: f"x/{b} + {c} = {a}", lambda a, b, c: (Fraction(a) - c) * b),
    "(a/b)x = c": (lambda a, b, c: f"({a}/{b})x = {c}", lambda a, b, c: Fraction(c) * b / a),
    "ax/b = c": (lambda a, b, c: f"{a}x/{b} = {c}", lambda a, b, c: Fraction(c) * b / a),
    "x/(b*c) = a": (lambda a, b, c: f"x/({b}*{c}) = {a}", lambda a, b, c: Fraction(a) * b * c),
    "(x/b)/c = a": (lambda a, b, c: f"(x/{b})/{c} = {a}", lambda a, b, c: Fraction(a) * b * c),
}
NUMBERS = dict(a=st.integers(2, 9), b=st.integers(2, 9), c=st.integers(2, 9))


def test_the_readings_differ() -> None:
    """The judge's own check that the red team's shapes are read two ways."""
    assert Fraction(4, 2 * 8) != Fraction(8, 2)  # 4 / 2x = 8: 4/(2x) gives 1/4, (4/2)x gives 4
    assert Fraction(3 * 2 * 2) != Fraction(3 * 2, 2)  # x / 2 * 2 = 3: x/(2*2) gives 12, (x/2)*2 gives 3
    assert Fraction(1 * 2 * 3) != Fraction(1 * 2, 3) * 1  # x/2(3) = 1: x/6 gives 6, (x/2)*3 gives 2/3


@SETTINGS
@given(shape=st.sampled_from(sorted(AMBIGUOUS)), **NUMBERS)
def test_ambiguous_division_is_not_claimed(shape: str, a: int, b: int, c: int) -> None:
    equation = AMBIGUOUS[shape](a, b, c)
    prompt = f"Solve for x: {equation}."
    assert TASK.detect(prompt) is False, prompt
    left = equation.split("=")[0]
    with pytest.raises((NotLinear, ZeroDivisionError)):
        parse_linear(left)
    never_proven(prompt)


@SETTINGS
@given(shape=st.sampled_from(sorted(CONTROLS)), **NUMBERS)
def test_unambiguous_division_is_still_claimed(shape: str, a: int, b: int, c: int) -> None:
    write, value = CONTROLS[shape]
    prompt = f"Solve for x: {write(a, b, c)}."
    assert TASK.detect(prompt) is True, prompt
    assert dict(TASK.constraints(prompt).solution or {}) == {"x": value(a, b, c)}


@SETTINGS
@given(a=st.integers(2, 9), b=st.sampled_from([2, 4, 5]), c=st.integers(2, 9))
def test_a_division_ending_its_term_is_still_proven(a: int, b: int, c: int) -> None:
    """x/b + c = a: the fallback's derivation is proven, without a correct model (b with a finite
    decimal 1/b: the fallback divides by the coefficient, and its operation reader reads decimals)."""
    write, value = CONTROLS["x/b + c = a"]
    result = StepCache().generate(f"Solve for x: {write(a, b, c)}.", wrong_model)
    assert result.verification == "proven"
    expected = value(a, b, c)
    literal = str(expected.numerator) if expected.denominator == 1 else f"{expected.numerator}/{expected.denominator}"
    assert result.text.splitlines()[-1] == f"Answer: x = {literal}"


def test_a_over_bx_is_not_linear_with_brackets_either() -> None:
    with pytest.raises(NotLinear):
        parse_linear("4/(2x)")
    assert TASK.detect("Solve for x: 4/(2x) = 8.") is False


@SETTINGS
@given(a=st.integers(2, 9), b=st.integers(2, 9))
def test_a_cached_entry_is_not_reused_for_an_ambiguous_prompt(a: int, b: int) -> None:
    cache = StepCache()
    x = Fraction(a * b)
    cache.store_answer(
        f"Solve for x: x/{b} = {a}.",
        f"Step 1: Multiply both sides by {b}: x = {x}.\nAnswer: x = {x}",
    )
    never_proven(f"Solve for x: x / {b} * 1 = {a}.", cache)
    never_proven(f"Solve for x: x / {b} / 1 = {a}.", cache)
    never_proven(f"Solve for x: x/{b}(1) = {a}.", cache)


@SETTINGS
@given(b=st.integers(2, 9), c=st.integers(2, 9), a=st.integers(1, 9))
def test_an_ambiguous_step_is_not_read(a: int, b: int, c: int) -> None:
    """A step writing x / b / c = a is not an equation the checker reads: the step fails."""
    prompt = f"Solve for x: x/{b * c} = {a}."
    x = a * b * c
    constraints = TASK.constraints(prompt)
    good = f"Step 1: Multiply both sides by {b * c}: x = {x}.\nAnswer: x = {x}"
    assert TASK.verify(TASK.segment(good, constraints), constraints, None).passed  # control
    bad = f"Step 1: x / {b} / {c} = {a}.\nStep 2: Multiply both sides by {b * c}: x = {x}.\nAnswer: x = {x}"
    verification = TASK.verify(TASK.segment(bad, constraints), constraints, None)
    assert not verification.passed, bad


@SETTINGS
@given(
    a=st.integers(2, 9),
    c=st.integers(2, 9),
    digit=st.sampled_from(FOREIGN_DIGITS),
    sym=st.sampled_from(["", "\u00b7", "\u00d7", "\u00f7"]),
)
def test_other_alphabets_are_never_proven(a: int, c: int, digit: str, sym: str) -> None:
    never_proven(f"Solve for x: {a}x = 1{digit}.")
    with pytest.raises(NotLinear):
        parse_linear(f"{a}x - 1{digit}")  # never fused into a number
    if sym:
        never_proven(f"Solve for x: {a}x = 1{sym}{c}.")
        never_proven(f"Solve for x: {a}{sym}{c}x = 1.")


@SETTINGS
@given(c=st.integers(10, 49), data=st.data())
def test_a_model_answer_with_a_foreign_digit_is_not_served_as_proven(c: int, data: st.DataObject) -> None:
    """"x = 1\u0660" for 2x = 20: fused, it would read as the right value 10; it is never served as proven."""
    last = str(c)[-1]
    digit = data.draw(st.sampled_from([ch for ch in FOREIGN_DIGITS if unicodedata.digit(ch) == int(last)]))
    literal = str(c)[:-1] + digit
    answer = f"Step 1: Divide both sides by 2: x = {literal}.\nAnswer: x = {literal}"
    result = StepCache().generate(f"Solve for x: 2x = {2 * c}.", lambda p: answer)
    assert digit not in result.text or result.verification != "proven", result.text
    if result.verification == "proven":
        assert result.text.splitlines()[-1] == f"Answer: x = {c}"


# Blind red team round 5: a number in another base ("0x10" read as 0 * x10) and a power before an
# implied product ("2^3x": 2^(3x) or 2^3 * x), and 0^0. Each reading computed here.
OTHER_BASES = {"0x": 16, "0b": 2, "0o": 8}


@SETTINGS
@given(prefix=st.sampled_from(sorted(OTHER_BASES)), a=st.integers(2, 9), digits=st.integers(1, 7))
def test_a_number_in_another_base_is_never_proven(prefix: str, a: int, digits: int) -> None:
    literal = f"{prefix}1{digits % 2 if prefix == '0b' else digits}"
    value = int(literal, 0)
    assert Fraction(value, a) != 0  # the judge's reading: x = value / a, never the 0 of "0 * x1.."
    never_proven(f"Solve for x: {a}x = {literal}.")
    never_proven(f"Solve for x: x + {literal} = {value + a}.")


@SETTINGS
@given(base=st.integers(2, 10), exp=st.integers(2, 3), follow=st.sampled_from(["x", "(x)", "x + 1", "y"]))
def test_a_power_before_an_implied_product_is_never_proven(base: int, exp: int, follow: str) -> None:
    never_proven(f"Solve for x: {base}^{exp}{follow} = {base ** exp * 2}.")


def test_zero_to_the_zero_and_the_controls() -> None:
    never_proven("Solve for x: x = 0^0.")
    # with the product written out, or the power ending its term, one reading: still proven
    for prompt, value in [("Solve for x: 2^3 * x = 16.", Fraction(2)), ("Solve for x: x + 2^3 = 10.", Fraction(2)),
                          ("Solve for x: 0.5x = 2.", Fraction(4)), ("Solve for x: 10x = 30.", Fraction(3))]:
        result = StepCache().generate(prompt, wrong_model)
        assert result.verification == "proven" and result.text.rstrip().endswith(f"x = {value}"), (prompt, result.text)
