"""The linear task's closed ASCII alphabet of numbers and operators (README "What `verified`
means", row linear_equation; blind red team R9, R8).

Python's ``\\d``, ``str.isdigit`` and ``int()`` read the digits of every script, so
"2x = 1\u0660" (ARABIC-INDIC DIGIT ZERO) could be read as 2x = 10; '\u00b7' between digits is
the British decimal point ("1\u00b75" is 1.5), '\u00d7' and '\u00f7' are operators of another
alphabet ("2\u00f74x" is read two ways). A prompt or an answer holding one is not read: the
prompt is not claimed, the answer's step fails. Never a silent reinterpretation.

The judge is this file's own: which characters are digits of another script comes from
``unicodedata`` (category Nd, not ASCII), not from the engine.
"""

from __future__ import annotations

import sys
import unicodedata
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.algebra import NotLinear, parse_linear
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask

FOREIGN_DIGITS = tuple(
    ch for ch in map(chr, range(sys.maxunicode + 1)) if unicodedata.category(ch) == "Nd" and not ch.isascii()
)
SYMBOLS = ("\u00b7", "\u00d7", "\u00f7")
TASK = LinearEquationTask()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_judge_has_many_scripts() -> None:
    assert len(FOREIGN_DIGITS) > 300
    assert {"\u0660", "\u0966", "\u0e50", "\u06f0", "\uff10"} <= set(FOREIGN_DIGITS)


def same_value(digit: str) -> st.SearchStrategy[str]:
    """A non-ASCII digit with the numeric value of an ASCII one (the judge's own table)."""
    return st.sampled_from([ch for ch in FOREIGN_DIGITS if unicodedata.digit(ch) == int(digit)])


def answer_text(value: Fraction, x: str = "x") -> str:
    literal = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return f"Step 1: Divide both sides by 2: {x} = {literal}.\nAnswer: {x} = {literal}"


def verdict(prompt: str, answer: str) -> tuple[bool, list[str]]:
    """(every step passes, the final-answer errors) of an answer to a claimed prompt."""
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    return TASK.verify(steps, constraints, None).passed, TASK.check_answer(steps, constraints)


# -- prompts ------------------------------------------------------------------------------------


@SETTINGS
@given(
    a=st.integers(2, 9),
    b=st.integers(1, 99),
    c=st.integers(1, 99),
    digit=st.sampled_from(FOREIGN_DIGITS),
    where=st.sampled_from(["replace", "append", "prepend", "alone"]),
)
def test_a_digit_of_another_script_is_never_claimed(a: int, b: int, c: int, digit: str, where: str) -> None:
    number = str(c)
    if where == "replace":
        number = number[:-1] + digit
    elif where == "append":
        number += digit  # a mixed-script run "1\u0660": never fused into 10
    elif where == "prepend":
        number = digit + number
    else:
        number = digit
    prompt = f"Solve for x: {a}x + {b} = {number}."
    assert TASK.detect(prompt) is False, prompt
    with pytest.raises(NotLinear):
        parse_linear(number)


@SETTINGS
@given(a=st.integers(2, 9), c=st.integers(10, 99), data=st.data())
def test_a_foreign_digit_of_the_same_value_is_not_read_as_it(a: int, c: int, data: st.DataObject) -> None:
    ascii_prompt = f"Solve for x: {a}x = {c}."
    assert TASK.detect(ascii_prompt) is True  # control
    last = data.draw(same_value(str(c)[-1]))
    assert TASK.detect(f"Solve for x: {a}x = {str(c)[:-1]}{last}.") is False
    assert TASK.detect(f"Solve for x{last}: {a}x = {c}.") is False  # anywhere in the prompt


@SETTINGS
@given(a=st.integers(2, 9), b=st.integers(1, 9), c=st.integers(1, 9), sym=st.sampled_from(SYMBOLS))
def test_middle_dot_times_and_divide_signs_are_not_claimed(a: int, b: int, c: int, sym: str) -> None:
    for prompt in (
        f"Solve for x: {a}x = {b}{sym}{c}.",
        f"Solve for x: {a}{sym}x = {b}.",
        f"Solve for x: {a}{sym}{b}x = {c}.",
        f"Solve for x: {a}x + {b} = {c} {sym} 2.",
    ):
        assert TASK.detect(prompt) is False, prompt
    with pytest.raises(NotLinear):
        parse_linear(f"{b}{sym}{c}")


def test_unicode_minus_keeps_its_one_reading() -> None:
    """'\u2212' has one reading, '-': kept (decided with the red team's finding that its answers are right)."""
    assert parse_linear("3x \u2212 5") == parse_linear("3x - 5")
    assert TASK.detect("Solve for x: 3x \u2212 5 = 10.") is True
    answer = "Step 1: Add 5 to both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
    passed, errors = verdict("Solve for x: 3x \u2212 5 = 10.", answer)
    assert passed and errors == []


# -- answers ------------------------------------------------------------------------------------


@SETTINGS
@given(c=st.integers(5, 49), data=st.data())
def test_an_answer_with_a_foreign_digit_fails(c: int, data: st.DataObject) -> None:
    prompt = f"Solve for x: 2x = {2 * c}."
    good = answer_text(Fraction(c))
    assert verdict(prompt, good) == (True, [])  # control: the ASCII answer passes
    literal = str(c)
    foreign = data.draw(same_value(literal[-1]))
    for bad_literal in (literal[:-1] + foreign, literal + data.draw(st.sampled_from(FOREIGN_DIGITS))):
        answer = good.replace(f"x = {literal}", f"x = {bad_literal}")
        passed, errors = verdict(prompt, answer)
        assert not passed and errors, answer
        only_answer = f"Answer: x = {bad_literal}"
        passed, errors = verdict(prompt, only_answer)
        assert not passed and errors, only_answer


@SETTINGS
@given(c=st.integers(2, 9), sym=st.sampled_from(SYMBOLS))
def test_an_answer_step_with_a_foreign_operator_fails(c: int, sym: str) -> None:
    prompt = f"Solve for x: 2x = {2 * c}."
    answer = f"Step 1: 2{sym}x = {2 * c}.\nStep 2: Divide both sides by 2: x = {c}.\nAnswer: x = {c}"
    passed, errors = verdict(prompt, answer)
    assert not passed and errors, answer


@SETTINGS
@given(c=st.integers(10, 49), data=st.data())
def test_a_working_step_with_a_foreign_digit_fails(c: int, data: st.DataObject) -> None:
    """Not only the answer line: a working step "x = 10\u0660" (fused: 100) fails on its own, and
    the final check names it, even when the answer line is right."""
    prompt = f"Solve for x: 2x = {2 * c}."
    digit = data.draw(st.sampled_from(FOREIGN_DIGITS))
    answer = f"Step 1: Divide both sides by 2: x = {c}{digit}.\nStep 2: x = {c}.\nAnswer: x = {c}"
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    assert not TASK.verify(steps, constraints, None).units[0].ok, answer
    assert TASK.check_answer(steps, constraints), answer
    assert TASK.verification_level(steps, constraints, None) != "proven", answer  # the final check alone


@pytest.mark.parametrize(
    "side",
    ["4 / 2x", "x/2(3)", "x / 2 * 2", "2x / 4 / 2", "x / 2 / 3", "1/2x + 3", "4 / 2(x + 1)", "x/2 x", "x / -2 * 3"],
)
def test_division_read_two_ways_is_not_linear(side: str) -> None:
    with pytest.raises(NotLinear):
        parse_linear(side)


@pytest.mark.parametrize(
    ("side", "coeff", "const"),
    [("x/2 + 3", Fraction(1, 2), 3), ("(4/2)x", 2, 0), ("2x/4", Fraction(1, 2), 0), ("x/(2*3)", Fraction(1, 6), 0),
     ("2 * x / 4", Fraction(1, 2), 0), ("x/2^2", Fraction(1, 4), 0), ("(x/2)/3 - 1", Fraction(1, 6), -1)],
)
def test_division_ending_its_term_is_read(side: str, coeff: Fraction, const: int) -> None:
    form = parse_linear(side)
    assert form.as_dict() == {"x": Fraction(coeff)} and form.const == const


def test_the_red_team_reproducers() -> None:
    assert TASK.detect("Solve for x: 2x = 1\u0660.") is False
    assert TASK.detect("Solve for x: 3x + 5 = \u0967\u0966.") is False
    assert TASK.detect("Solve for x: 2x = 1\u00b75.") is False
    passed, errors = verdict("Solve for x: 2x = 20.", "Step 1: Divide both sides by 2: x = 1\u0660.\nAnswer: x = 1\u0660")
    assert not passed and errors
    passed, errors = verdict("Solve for x: 2x = 20.", "Answer: x = \uff11\uff10")
    assert not passed and errors


def test_the_text_task_reads_no_foreign_digit_as_a_number() -> None:
    """The shared equation claims: a value written with another script's digit is never read
    as a number (not "1\u0660" = 10), it is an error; an equation holding one pins nothing."""
    from stepcache_integrations.core.tasks.algebra import equation_claim_errors, equation_claims_checked

    prompt = "Roughly, 2x = 20 holds here; what is x?"
    assert equation_claim_errors(prompt, "x = 10") == []
    assert equation_claim_errors(prompt, "x = 1\u0660")
    assert not equation_claims_checked(prompt, "x = 1\u0660")
    assert equation_claims_checked("Roughly, 2x = 1\u0660 holds here; what is x?", "x = 1/2") is False


@pytest.mark.parametrize("text", ["0x10", "0b10", "0o17", "x + 0x2", "2^3x", "10^2x", "3^2(x)", "2^2y", "0^0"])
def test_other_bases_and_powers_before_a_product_are_not_linear(text: str) -> None:
    """Round 5: '0x10' is sixteen to a programmer (not 0 * x10); '2^3x' is 2^(3x) or 2^3 * x."""
    with pytest.raises(NotLinear):
        parse_linear(text)


@pytest.mark.parametrize(("text", "const"), [("2^3", 8), ("2^3 * 4", 32), ("0.5", Fraction(1, 2)), ("0", 0), ("1^0", 1)])
def test_powers_ending_their_term_and_zero_still_parse(text: str, const: Fraction) -> None:
    assert parse_linear(text).const == const
