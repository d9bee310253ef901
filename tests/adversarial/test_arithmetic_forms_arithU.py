"""Everyday arithmetic forms the lead decided to serve (wip/arithU; issue 33 items 1 and 4), each read exactly by the
grammar + vocabulary (core/tasks/arithmetic/request.lark, vocabulary/*.json, grammar.py):

1. the symbolic lead in lower or upper case ("what is 12 * 12?", "WHAT IS 12 * 12?"), and "What is 3 + 4" without
   its question mark when nothing follows the expression;
2. "**" as a power, with the limits and ambiguity rules of "^" ("-3 ** 2", "2 ** 3 ** 2": no claim);
3. a sign written on a number one space after an operator ("2 - -3" = 5, "2 + -3" = -1, "4 * -2" = -8);
4. the en dash between two operands, one space each side, as minus ("10 – 3"; the Unicode minus was read before);
   an em dash stays no claim;
5. full-width digits and operators as ASCII ("１２ ＋ ３"); a full-width letter stays unread;
6. "√16", "√(16)" as "the square root of 16" (an exact root only);
7. "the cube root of 27" (an integer's exact integer root), "the product of 2, 3 and 4" (as "the sum of" a list,
   in every table that reads that one), Spanish "el triple de 7";
8. "17 mod 6", "17 modulo 6" (non-negative integers, a positive divisor; "17 % 6" stays no claim).

Kept no claim (two conventions): "6 / 2 * 3", "the difference between 3 and 10", "7 // 2", "2(3)", "12 · 12".
Each near miss (a trailing word that changes the question, another base, words asked, a rounding, a variable) is
no claim: the model answers, nothing is served from the cache. Moved here from pins of no claim (the lead's
decision): "What is 2 - -3?", "What is 2 ** 3?", "what is 12 * 12?" (tests/unit/test_arithmetic_task.py), the cube
roots of 27 and 64 and "¿Cuánto es el triple de 8?" (test_arithmetic_everyday_arithS.py, test_arithmetic_reach_arithT.py),
"the product of 2, 3 and 4" / "12, 11 and 2" / ru "произведение 2, 3 и 4" (arithT, arithA), "3**2 + 4" and the
answer line "3**2 = 9" (arithT), "What is 14 − −3?" (test_overdecl_arithmetic.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.grammar import format_value, read_answer_line, read_expression
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

from .harness import FixedReplyModel, assert_arith_pair_served, assert_models_answer_kept, assert_red_team_pair_not_served

TASK = ArithmeticTask()
F = Fraction

# (prompt, expression, exact value, answer form, table)
READ = [
    # 1. letter case, a missing final question mark
    ("what is 12 * 12?", "12 * 12", 144, "", "en"),
    ("WHAT IS 12 * 12?", "12 * 12", 144, "", "en"),
    ("what's 7 - 10?", "7 - 10", -3, "", "en"),
    ("COMPUTE 3 + 4.", "3 + 4", 7, "", "en"),
    ("what is 3 + 4", "3 + 4", 7, "", "en"),
    ("What is 3 + 4", "3 + 4", 7, "", "en"),
    ("What is (3 + 4) * 2", "(3 + 4) * 2", 14, "", "en"),
    ("what is 12 * 12? only the number, please.", "12 * 12", 144, "number", "en"),
    # 2. "**" as a power
    ("What is 2 ** 3?", "2 ** 3", 8, "", "en"),
    ("What is 2**3?", "2**3", 8, "", "en"),
    ("What is 3**2 + 4?", "3**2 + 4", 13, "", "en"),
    ("What is (1 + 2) ** 2?", "(1 + 2) ** 2", 9, "", "en"),
    ("What is (-3) ** 2?", "(-3) ** 2", 9, "", "en"),
    ("What is 2 - 3 ** 2?", "2 - 3 ** 2", -7, "", "en"),
    ("2 ** 10 = ?", "2 ** 10", 1024, "", "en"),
    # 3. a sign on a number after an operator
    ("What is 2 - -3?", "2 - -3", 5, "", "en"),
    ("What is 2 + -3?", "2 + -3", -1, "", "en"),
    ("What is 4 * -2?", "4 * -2", -8, "", "en"),
    ("What is 8 / -4?", "8 / -4", -2, "", "en"),
    ("What is 2 - -3.5?", "2 - -3.5", F(11, 2), "", "en"),
    ("What is 14 − −3?", "14 - -3", 17, "", "en"),
    ("¿Cuánto es 2 - -3?", "2 - -3", 5, "", "es"),
    # 4. an en dash between two operands
    ("What is 10 – 3?", "10 - 3", 7, "", "en"),
    ("What is (10 – 3) * 2?", "(10 - 3) * 2", 14, "", "en"),
    ("10 – 3 = ?", "10 - 3", 7, "", "en"),
    ("What is 10³ – 3?", "10^3 - 3", 997, "", "en"),  # fuzz seed 0 (lookalike): the oracle reads it alike
    # 5. full-width digits and operators
    ("What is １２ ＋ ３?", "12 + 3", 15, "", "en"),
    ("What is （１２ － ２） ＊ ３?", "(12 - 2) * 3", 30, "", "en"),
    ("１２＋３等于多少？", "12+3", 15, "", "zh"),
    # 6. the root sign
    ("What is √16?", "sqrt(16)", 4, "value", "en"),
    ("What is √(16)?", "sqrt(16)", 4, "value", "en"),
    ("What is √2.25?", "sqrt(2.25)", F(3, 2), "value", "en"),
    ("Calculate √144.", "sqrt(144)", 12, "value", "en"),
    ("¿Cuánto es √16?", "sqrt(16)", 4, "value", "es"),
    ("√16等于多少？", "sqrt(16)", 4, "value", "zh"),
    # 7. the cube root, the product of a list, Spanish "el triple de"
    ("What is the cube root of 27?", "cbrt(27)", 3, "value", "en"),
    ("What is the cube root of 64?", "cbrt(64)", 4, "value", "en"),  # 64 is a square too: 4, never 8
    ("What is the cube root of 1?", "cbrt(1)", 1, "value", "en"),
    ("Find the cube root of 1000.", "cbrt(1000)", 10, "value", "en"),
    ("What is the product of 2, 3 and 4?", "2 * 3 * 4", 24, "value", "en"),
    ("What is the product of 2, 3, and 4?", "2 * 3 * 4", 24, "value", "en"),
    ("What is the product of 12, 11 and 2?", "12 * 11 * 2", 264, "value", "en"),
    ("Find the product of 1.5, 2, 3 and 4.", "1.5 * 2 * 3 * 4", 36, "value", "en"),
    ("¿Cuál es el producto de 2, 3 y 4?", "2 * 3 * 4", 24, "value", "es"),
    ("Was ist das Produkt von 2, 3 und 4?", "2 * 3 * 4", 24, "value", "de"),
    ("Чему равно произведение 2, 3 и 4?", "2 * 3 * 4", 24, "value", "ru"),
    ("¿Cuánto es el triple de 7?", "3 * 7", 21, "value", "es"),
    ("¿Cuánto es el triple de 8?", "3 * 8", 24, "value", "es"),
    # 8. modulo
    ("What is 17 mod 6?", "17 mod 6", 5, "value", "en"),
    ("What is 17 modulo 6?", "17 mod 6", 5, "value", "en"),
    ("Compute 18 mod 6.", "18 mod 6", 0, "value", "en"),
    ("What is 5 mod 7?", "5 mod 7", 5, "value", "en"),
    ("What is 17 mod 6? Just the number.", "17 mod 6", 5, "number", "en"),
]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), READ)
def test_each_form_is_read_exactly(prompt: str, expression: str, value: int | Fraction, form: str, language: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form, c.language) == (expression, Fraction(value), form, language), prompt
    assert TASK.detect(prompt)


KEPT_NO_CLAIM = [  # two conventions: the lead keeps them no claim
    "What is 6 / 2 * 3?",
    "What is the difference between 3 and 10?",
    "What is 7 // 2?",
    "What is 2(3)?",
    "What is 12 · 12?",
]

NEAR_MISSES = KEPT_NO_CLAIM + [
    # 1. another case, a trailing word, another base, words asked, a rounding, a variable
    "wHaT iS 12 * 12?",
    "What Is 12 * 12?",
    "what is 12 * 12 in base 8?",
    "WHAT IS 12 * 12? ANSWER IN WORDS.",
    "what is 12 * 12? answer in words.",
    "what is 3 + 4 in base 8",
    "What is 3 + 4 rounded",
    "What is 3 + 4 in words",
    "What is 3 + 4 and 5",
    "What is 3 + x",
    "What is x + 1",
    "What is 3 + 4.",
    "what is 3 +",
    "What is 3 + 4, roughly",
    # 2. "**": a sign before a power, a power of a power, an exponent outside 2-16, a doubled star
    "What is -3 ** 2?",
    "What is 2 ** 3 ** 2?",
    "What is 2 ** -1?",
    "What is 2 ** 0.5?",
    "What is 2 ** 17?",
    "What is 2 ** 1?",
    "What is 2 *** 3?",
    "What is 2 * * 3?",
    "What is 2 **3?",
    "What is 8 ** 2 / 3?",
    "What is 2 ^ 3 ** 2?",
    "What is 2 ** 3 in Python?",
    "What is 2 ** x?",
    "What is **2 + 3**?",
    # 3. a sign apart from its number, glued operators, a sign before a parenthesis or after a power, a plus sign
    "What is 2 - - 3?",
    "What is 2--3?",
    "What is 2 -- 3?",
    "What is 2 - -(3)?",
    "What is 2 * +3?",
    "What is - -3?",
    "What is ( - -3)?",  # a sign after a sign: no operand before the operator
    "What is 2 ^ -1?",
    "What is 2 * -3^2?",  # -(3^2) or (-3)^2
    "What is 2- -3?",  # the operator unspaced (fuzz seed 0, whitespace edit: the oracle does not read it either)
    "What is 2 - -3 in base 8?",
    "What is 2 - -x?",
    # 4. an em dash, an unspaced en dash (a range), an en dash as a sign or beside a word
    "What is 10 — 3?",
    "What is 10–3?",
    "What is –3 + 10?",
    "What is 10 – x?",
    "What is 10 –3?",
    "Pages 10 – 13?",
    # 5. a full-width letter, a full-width question mark in an English prompt, a full-width decimal point
    "ｗhat is 12 + 3?",
    "What is １２ ＋ ｘ?",
    "What is １２ ＋ ３？",
    "What is １．５ ＋ ３?",
    "What is １２ ＋ ３³?",  # a superscript after a full-width digit (fuzz seed 0, lookalike edit)
    # 6. the root sign: a sum under it or after it, a space, a sign, an inexact root, a rounding
    "What is √2?",
    "What is √16 + 1?",
    "What is √(9 + 7)?",
    "What is √ 16?",
    "What is √-16?",
    "What is √16 rounded?",
    "What is √x?",
    "What is 2√16?",
    "What is √16²?",
    # 7. an inexact or decimal cube root, a list's quotient, another separator, a unit, a second operation
    "What is the cube root of 2?",
    "What is the cube root of 0.125?",
    "What is the cube root of 27 plus 1?",
    "What is the cube root of 27 rounded?",
    "What is the cube root of - 27?",  # wip/arithV: "the cube root of -27" is read (-3: test_arithmetic_reach_arithV.py)
    "What is the cube root of -26?",
    "What is the fourth root of 16?",
    "What is the product of 2, 3 or 4?",
    "What is the product of 2 3 and 4?",
    "What is the product of 2,3 and 4?",
    "What is the product of 2, 3 and 4 kg?",
    "What is the product of 2, 3 and x?",
    "What is the product of 2, 3 and 4, rounded?",
    "What is the quotient of 8, 12 and 2?",
    "¿Cuánto es el triple de 7 más 1?",
    "¿Cuánto es el triple de x?",
    "¿Cuál es el triple de mi número?",
    # 8. a percent sign, a sign, a decimal, a zero divisor, another word, another base
    "What is 17 % 6?",
    "What is -17 mod 6?",
    "What is 17 mod -6?",
    "What is 17.5 mod 6?",
    "What is 17 mod 0?",
    "What is 17 mod 6 in base 8?",
    "What is 17 mod 6 plus 1?",
    "What is 17 mod x?",
    "Is 17 mod 6 even?",
    "17 mod 6 = ?",
    "What is seventeen mod six?",
    "What is 17 remainder 6?",
]


@pytest.mark.parametrize("prompt", NEAR_MISSES)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("cached", "answer", "new", "expected"), [
    ("What is 12 * 12?", "12 * 12 = 144.", "what is 12 * 12?", "12 * 12 = 144."),
    ("What is 12 * 12?", "12 * 12 = 144.", "WHAT IS 12 * 13?", "12 * 13 = 156."),
    ("What is 3 + 4?", "3 + 4 = 7.", "What is 3 + 5", "3 + 5 = 8."),
    ("What is 2 * 3?", "2 * 3 = 6.", "What is 2 ** 3?", "2 ** 3 = 8."),
    ("What is 2 ** 3?", "2 ** 3 = 8.", "What is 3 ** 3?", "3 ** 3 = 27."),
    ("What is 2 + 3?", "2 + 3 = 5.", "What is 2 - -3?", "2 - -3 = 5."),
    ("What is 2 + 3?", "2 + 3 = 5.", "What is 4 * -2?", "4 * -2 = -8."),
    ("What is 10 - 3?", "10 - 3 = 7.", "What is 10 – 3?", "10 - 3 = 7."),
    ("What is 12 + 3?", "12 + 3 = 15.", "What is １２ ＋ ４?", "12 + 4 = 16."),
    ("What is the square root of 16?", "4.", "What is √25?", "5."),
    ("What is the square root of 16?", "4.", "What is √(144)?", "12."),
    ("What is the square root of 16?", "4.", "What is the cube root of 27?", "3."),
    ("What is the sum of 2, 4 and 6?", "12.", "What is the product of 2, 3 and 4?", "24."),
    ("¿Cuánto es el doble de 7?", "14.", "¿Cuánto es el triple de 7?", "21."),
    ("What is 17 mod 6?", "5.", "What is 19 modulo 7?", "5."),
    ("What is 3^2 + 4?", "3^2 + 4 = 13.", "What is 3**2 + 4?", "3**2 + 4 = 13."),
])
def test_a_decided_form_is_served_exactly_without_a_model_call(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize(("first", "second"), [
    ("What is 12 * 12?", "what is 12 * 12 in base 8?"),
    ("What is 12 * 12?", "WHAT IS 12 * 12? ANSWER IN WORDS."),
    ("What is 3 + 4?", "What is 3 + 4 rounded"),
    ("What is 3 + 4?", "What is 3 + x"),
    ("What is 2 ** 3?", "What is -3 ** 2?"),
    ("What is 2 ** 3?", "What is 2 ** 3 ** 2?"),
    ("What is 2 - -3?", "What is 2 - - 3?"),
    ("What is 2 - -3?", "What is 2 * -3^2?"),
    ("What is 10 – 3?", "What is 10 — 3?"),
    ("What is 10 – 3?", "What is 10–3?"),
    ("What is １２ ＋ ３?", "What is １２ ＋ ｘ?"),
    ("What is √16?", "What is √16 + 1?"),
    ("What is √16?", "What is √2?"),
    ("What is the cube root of 27?", "What is the cube root of 2?"),
    ("What is the product of 2, 3 and 4?", "What is the quotient of 8, 12 and 2?"),
    ("¿Cuánto es el triple de 7?", "¿Cuánto es el triple de 7 más 1?"),
    ("What is 17 mod 6?", "What is 17 % 6?"),
    ("What is 17 mod 6?", "What is -17 mod 6?"),
    ("What is 3 + 4?", "What is 6 / 2 * 3?"),
    ("What is 3 + 4?", "What is the difference between 3 and 10?"),
    ("What is 3 + 4?", "What is 7 // 2?"),
    ("What is 3 + 4?", "What is 2(3)?"),
    ("What is 3 + 4?", "What is 12 · 12?"),
])
def test_near_misses_after_a_cached_form_cost_a_model_call(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
    assert_models_answer_kept(second)


@pytest.mark.parametrize(("line", "holds"), [
    ("2 ** 3 = 8.", True), ("3**2 + 4 = 9 + 4 = 13", True), ("2 - -3 = 5", True), ("4 * -2 = -8", True),
    ("2 ** 3 = 6.", False), ("2 - -3 = -1", False), ("3**2 = 6", False),
])
def test_an_answer_line_in_a_decided_form_is_read_and_checked(line: str, holds: bool) -> None:
    read = read_answer_line(line)
    assert read is not None and read.holds is holds, line


@pytest.mark.parametrize("line", ["-3 ** 2 = 9", "2 ** 3 ** 2 = 64", "2 - - 3 = 5", "2--3 = 5", "2 *** 3 = 8"])
def test_an_answer_line_read_two_ways_is_not_read(line: str) -> None:
    assert read_answer_line(line) is None, line


@pytest.mark.parametrize(("prompt", "wrong", "right"), [
    ("What is 2 - -3?", "2 - -3 = -1.", "2 - -3 = 5."),
    ("What is 2 ** 3?", "2 ** 3 = 6.", "2 ** 3 = 8."),
    ("what is 12 * 12?", "12 * 12 = 120.", "12 * 12 = 144."),
    ("What is 17 mod 6?", "2.", "5."),
    ("What is the cube root of 64?", "8.", "4."),
    ("What is √16?", "8.", "4."),
])
def test_a_wrong_answer_in_a_decided_form_is_never_served(prompt: str, wrong: str, right: str) -> None:
    result = StepCache().generate(prompt, FixedReplyModel(wrong))
    assert result.text.strip() == right and result.verification == "proven", (prompt, result.text)


# ---- properties: any numbers, the exact value or no claim ---------------------------------------
_N = st.builds(lambda whole, cents: Fraction(whole) + Fraction(cents, 100), st.integers(0, 10**4), st.sampled_from([0, 0, 5, 25, 50]))


@settings(max_examples=60, deadline=None)
@given(a=_N, b=_N, operator=st.sampled_from(["+", "-", "*", "/"]))
def test_a_signed_number_after_an_operator_is_its_negation(a: Fraction, b: Fraction, operator: str) -> None:
    prompt = f"What is {format_value(a)} {operator} -{format_value(b)}?"
    c = ArithmeticConstraints.of_prompt(prompt)
    if operator == "/" and b == 0:
        assert not c.claimed, prompt
        return
    expected = {"+": a - b, "-": a + b, "*": -a * b, "/": -a / b if b else None}[operator]
    assert c.value == expected, prompt


@settings(max_examples=60, deadline=None)
@given(base=_N, exponent=st.integers(-2, 20), plus=st.integers(0, 99), spaced=st.booleans())
def test_a_double_star_power_reads_as_the_caret(base: Fraction, exponent: int, plus: int, spaced: bool) -> None:
    star = " ** " if spaced else "**"
    caret = "^"
    starred = ArithmeticConstraints.of_prompt(f"What is {format_value(base)}{star}{exponent} + {plus}?")
    careted = ArithmeticConstraints.of_prompt(f"What is {format_value(base)}{caret}{exponent} + {plus}?")
    assert starred.value == careted.value
    if 2 <= exponent <= 16:
        assert starred.value == base**exponent + plus
    else:
        assert not starred.claimed


@settings(max_examples=60, deadline=None)
@given(dividend=st.integers(0, 10**6), divisor=st.integers(0, 500), word=st.sampled_from(["mod", "modulo"]))
def test_modulo_is_the_remainder_of_a_positive_divisor(dividend: int, divisor: int, word: str) -> None:
    c = ArithmeticConstraints.of_prompt(f"What is {dividend} {word} {divisor}?")
    assert c.value == (dividend % divisor if divisor else None)
    assert c.claimed == bool(divisor)


@settings(max_examples=60, deadline=None)
@given(root=st.integers(0, 9999), offset=st.sampled_from([0, 0, 1, -1]))
def test_a_cube_root_is_read_only_when_exact(root: int, offset: int) -> None:
    number = root**3 + offset
    if number < 0:
        return
    c = ArithmeticConstraints.of_prompt(f"What is the cube root of {number}?")
    exact = round(number ** (1 / 3)) ** 3 == number
    assert c.value == (Fraction(round(number ** (1 / 3))) if exact else None), number


@settings(max_examples=40, deadline=None)
@given(numbers=st.lists(_N, min_size=3, max_size=6))
def test_a_product_of_a_list_is_the_exact_product(numbers: list[Fraction]) -> None:
    listed = ", ".join(format_value(n) for n in numbers[:-1]) + f" and {format_value(numbers[-1])}"
    c = ArithmeticConstraints.of_prompt(f"What is the product of {listed}?")
    expected = Fraction(1)
    for n in numbers:
        expected *= n
    assert c.value == expected, listed


@settings(max_examples=40, deadline=None)
@given(a=st.integers(0, 10**6), b=st.integers(0, 10**6), operator=st.sampled_from("+-*/"), dash=st.booleans())
def test_full_width_digits_and_operators_read_as_ascii(a: int, b: int, operator: str, dash: bool) -> None:
    ascii_prompt = f"What is {a} {operator} {b}?"
    wide = ascii_prompt.translate({ord(c): ord(c) + 0xFEE0 for c in "0123456789+-*/"})
    assert ArithmeticConstraints.of_prompt(wide).value == ArithmeticConstraints.of_prompt(ascii_prompt).value
    if operator == "-" and dash:
        assert ArithmeticConstraints.of_prompt(ascii_prompt.replace(" - ", " – ")).value == read_expression(f"{a} - {b}")
