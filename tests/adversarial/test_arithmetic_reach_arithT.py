"""Everyday arithmetic over-declines of red team 26 (issue 33 items 1 and 4; branch wip/arithT), widened as
grammar + vocabulary (core/tasks/arithmetic/request.lark, vocabulary/*.json, grammar.py):

* powers written "3^2" or "3²" (superscript digits right after a number or ")"), an integer exponent 2-16,
  exactly; "-3^2" (-9 or 9), "2^3^2" (64 or 512), "8^2/3" ((8^2)/3 or 8^(2/3)), "2^-1", "2^0.5", "2^(3)"
  are no claim; "3**2" stays a doubled operator (pinned no claim in tests/unit/test_arithmetic_task.py);
* a chain of "plus" and "minus" words, left to right ("10 minus 4 minus 2" is 4), in every spaced table and
  zh's glued one; a "times" or "divided by" link stays no claim ("2 plus 3 times 4" is read two ways aloud);
* "the sum of 2, 4 and 6" (a sum of a list; es "la suma de 2, 4 y 6", fr, de, pt, it, ru); a product or a
  quotient of a list stays no claim;
* "double 7", "7 doubled", "triple 5", "5 tripled", "thrice 4", "12 halved"; fr "le triple de", de "das
  Dreifache von", pt "o triplo de", it "il triplo di"; zh "7的2倍", ja "7の2倍" (7 * 2);
* "Whats" (the contraction written without its apostrophe).

Each near miss (an ambiguous order, a comparison, another base, a rounding, a second question, a unit, a
word that changes the meaning) is no claim: the model answers, nothing is served from the cache."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.messages import HumanMessage

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.grammar import format_value, read_answer_line, read_expression
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import scripted

from .harness import (
    FixedReplyModel,
    assert_arith_pair_served,
    assert_models_answer_kept,
    assert_red_team_pair_not_served,
)

TASK = ArithmeticTask()
F = Fraction

# (prompt, expression, exact value, answer form, table)
READ = [
    # powers
    ("What is 3^2 + 4?", "3^2 + 4", 13, "", "en"),
    ("What is 3² + 4?", "3^2 + 4", 13, "", "en"),
    ("What is 3 ^ 2 + 4?", "3 ^ 2 + 4", 13, "", "en"),
    ("What is 2¹⁰?", "2^10", 1024, "", "en"),
    ("What is (1 + 2)^2?", "(1 + 2)^2", 9, "", "en"),
    ("What is (-3)^2?", "(-3)^2", 9, "", "en"),
    ("What is -(3^2)?", "-(3^2)", -9, "", "en"),
    ("What is (2^3)^2?", "(2^3)^2", 64, "", "en"),
    ("What is 2 - 3^2?", "2 - 3^2", -7, "", "en"),
    ("What is 8 / 2^2?", "8 / 2^2", 2, "", "en"),
    ("What is 4 * 2^3?", "4 * 2^3", 32, "", "en"),
    ("What is 1.5^2?", "1.5^2", F(9, 4), "", "en"),
    ("What is 3^2 + 4? Only the number, please.", "3^2 + 4", 13, "number", "en"),
    ("3^2 + 4 = ?", "3^2 + 4", 13, "", "en"),
    ("Compute 3² + 4.", "3^2 + 4", 13, "", "en"),
    ("3^2 + 4 等于多少？", "3^2 + 4", 13, "", "zh"),
    ("Was ist 3^2 + 4?", "3^2 + 4", 13, "", "de"),
    # chains of plus and minus words, left to right
    ("What is 10 minus 4 minus 2?", "10 - 4 - 2", 4, "value", "en"),
    ("What is 10 minus 4 plus 2?", "10 - 4 + 2", 8, "value", "en"),
    ("What is ten minus four minus two?", "10 - 4 - 2", 4, "value", "en"),
    ("What is 1 plus 2 plus 3 plus 4?", "1 + 2 + 3 + 4", 10, "value", "en"),
    ("Calculate 10 minus 4 minus 2.", "10 - 4 - 2", 4, "value", "en"),
    ("¿Cuánto es 10 menos 4 menos 2?", "10 - 4 - 2", 4, "value", "es"),
    ("Combien font 10 moins 4 moins 2 ?", "10 - 4 - 2", 4, "value", "fr"),
    ("Was ist 10 minus 4 minus 2?", "10 - 4 - 2", 4, "value", "de"),
    ("Quanto é 10 menos 4 menos 2?", "10 - 4 - 2", 4, "value", "pt"),
    ("Quanto fa 10 meno 4 meno 2?", "10 - 4 - 2", 4, "value", "it"),
    ("Сколько будет 10 минус 4 минус 2?", "10 - 4 - 2", 4, "value", "ru"),
    ("10减4减2等于多少？", "10 - 4 - 2", 4, "value", "zh"),
    ("10ひく4ひく2は？", "10 - 4 - 2", 4, "value", "ja"),
    # the sum of a list
    ("What is the sum of 2, 4 and 6?", "2 + 4 + 6", 12, "value", "en"),
    ("What is the sum of 2, 4, and 6?", "2 + 4 + 6", 12, "value", "en"),
    ("Find the sum of 1.5, 2, 3 and 4.", "1.5 + 2 + 3 + 4", F(21, 2), "value", "en"),
    ("¿Cuál es la suma de 2, 4 y 6?", "2 + 4 + 6", 12, "value", "es"),
    ("Quelle est la somme de 2, 4 et 6 ?", "2 + 4 + 6", 12, "value", "fr"),
    ("Was ist die Summe von 2, 4 und 6?", "2 + 4 + 6", 12, "value", "de"),
    ("Qual é a soma de 2, 4 e 6?", "2 + 4 + 6", 12, "value", "pt"),
    ("Qual è la somma di 2, 4 e 6?", "2 + 4 + 6", 12, "value", "it"),
    ("Чему равна сумма 2, 4 и 6?", "2 + 4 + 6", 12, "value", "ru"),
    # double, triple, halve
    ("What is double 7?", "2 * 7", 14, "value", "en"),
    ("What is 7 doubled?", "2 * 7", 14, "value", "en"),
    ("What is triple 5?", "3 * 5", 15, "value", "en"),
    ("What is 5 tripled?", "3 * 5", 15, "value", "en"),
    ("What is thrice 4?", "3 * 4", 12, "value", "en"),
    ("What is 12 halved?", "12 / 2", 6, "value", "en"),
    ("What is double seven?", "2 * 7", 14, "value", "en"),
    ("What is 7 doubled? Number only.", "2 * 7", 14, "number", "en"),
    ("Quel est le triple de 7 ?", "3 * 7", 21, "value", "fr"),
    ("Was ist das Dreifache von 7?", "3 * 7", 21, "value", "de"),
    ("Quanto é o triplo de 7?", "3 * 7", 21, "value", "pt"),
    ("Quanto fa il triplo di 7?", "3 * 7", 21, "value", "it"),
    ("7的2倍是多少？", "7 * 2", 14, "value", "zh"),
    ("7的0.5倍是多少？", "7 * 0.5", F(7, 2), "value", "zh"),
    ("7の2倍は？", "7 * 2", 14, "value", "ja"),
    ("7の3倍はいくつですか？", "7 * 3", 21, "value", "ja"),
    # the contraction without its apostrophe
    ("Whats 3 + 4?", "3 + 4", 7, "", "en"),
    ("Whats 14 times 11?", "14 * 11", 154, "value", "en"),
]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), READ)
def test_each_wording_is_read_exactly(prompt: str, expression: str, value: int | Fraction, form: str, language: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form, c.language) == (expression, Fraction(value), form, language), prompt
    assert TASK.detect(prompt)


NEAR_MISSES = [
    # ambiguous orders (the brief's list): no claim
    "What is 2 plus 3 times 4?",
    "What is 2 times 3 plus 4?",
    "What is twice 7 plus 1?",
    "What is double 7 plus 1?",
    "What is half of 10 plus 2?",
    "What is 10 halved plus 2?",
    "What is the square of 3 plus 1?",
    "What is minus 3 squared?",
    "What is -3^2?",  # -9 or 9
    "What is -3² + 1?",
    "What is 2^3^2?",  # 2^(3^2) = 512 or (2^3)^2 = 64
    "What is 2²^2?",
    "What is 12 less 8?",  # 12 - 8, or "12 less than 8" with a word dropped: 'less' alone is no claim
    "12 less 8",
    # powers outside the grammar
    "What is 8^2/3?",  # (8^2)/3 or 8^(2/3)
    "What is 8^2 / 3?",
    "What is 2^3 * 4?",
    "What is 2^-1?",
    "What is 2^0.5?",
    "What is 2^1?",
    "What is 2^0?",
    "What is 2^17?",
    "What is 2^(3)?",
    "What is 2^02?",
    "What is ^2?",
    "What is 2^?",
    "What is 2 ^^ 3?",
    "What is 3 ** -2 + 4?",  # wip/arithU: "3**2 + 4" is read (13); an exponent outside 2-16 is not
    "What is 2^x?",
    "What is x² + 1?",
    "What is 3 ²?",
    "What is 3⁻² + 1?",
    "How many cm² are in 1 m²?",
    "How many cm² are in 1 m?",
    "What is (999999999999^16)^16?",  # past MAX_POWER_BITS
    "What is 3^2 + 4 in binary?",
    "What is 3^2 + 4, roughly?",
    "What is 3^2 + 4 rounded?",
    "What is 3^2 + 4? And 5^2?",
    "Is 3^2 + 4 more than 7?",
    "What is 3 XOR 2?",
    "What is 3^2 in Python?",  # "^" is XOR in Python and C: read as a power only in a question of arithmetic alone
    "In Python, what is 3^2?",
    "What is 3^2 (bitwise)?",
    "What does 3^2 evaluate to in C?",
    # chains: a multiplicative link, a dangling or doubled word, another operation after
    "What is 10 minus 4 times 2?",
    "What is 10 times 4 minus 2?",
    "What is 10 minus 4 divided by 2?",
    "What is 14 times 11 times 2?",  # pinned before (test_arithmetic_words.py)
    "What is 10 minus 4 minus?",
    "What is 10 minus minus 4?",
    "What is 10 minus 4 minus 2 squared?",
    "What is 10 minus 4 minus 2 percent?",
    "What is 10 minus 4 minus 2 kg?",
    "What is 10 minus 4 and minus 2?",
    "What is 10 minus 4, minus 2?",
    "Was ist 14 mal 11 mal 2?",
    "14 かける 11 かける 2 は？",
    "10减4乘2等于多少？",
    # lists: a product or a quotient of a list, another separator, a decimal comma, a unit, a rounding
    "What is the product of 2, 3 or 4?",  # wip/arithU: "the product of 2, 3 and 4" is read (24)
    "What is the quotient of 8, 12 and 2?",
    "What is the sum of 2, 4 or 6?",
    "What is the sum of 2 4 and 6?",
    "What is the sum of 2,4 and 6?",
    "What is the sum of 2, 4 and 6 kg?",
    "What is the sum of 2, 4 and 6, rounded?",
    "What is the sum of the squares of 2, 4 and 6?",
    "What is the sum of 2, and 4?",
    "What is the sum of 2, 4 and 6 minus 1?",
    "Was ist die Summe von 3,5 und 10?",  # a decimal comma: 3.5 and 10, never 3, 5 and 10
    "Was ist die Summe von 2,5, 4 und 6?",
    "¿Cuál es la suma de 2,5, 4 y 6?",
    "Чему равно произведение 2, 3 или 4?",  # wip/arithU: "произведение 2, 3 и 4" is read (24), as the sum of a list
    # double, triple: another word, a comparison, a second operation
    "What is double-check 7?",
    "Double-check 7.",
    "What is 7 doubled twice?",
    "What is double 7 or triple 5?",
    "Is 14 double 7?",
    "What is triple 5 minus 1?",
    "What is 7 doubled and halved?",
    "What is double 7 rounded?",
    "What is quadruple 7?",
    "What is double 7 kg?",
    "What is not double 7?",
    "¿Cuánto es el triple de 8 o 9?",  # wip/arithU: "el triple de 8" is read (24)
    "Quel est le triple de 7 plus 1 ?",
    "Was ist das Dreifache von 7 und 8?",
    "比7多2倍是多少？",  # "2 times more than 7": 14 or 21
    "7的2倍加1是多少？",
    "7的2倍数是多少？",
    "7の2倍以上は？",
    "7の2倍は何倍？",
    # comparisons, other bases, approximations, second questions (the brief's other traps)
    "Is 3 + 4 more than 7?",
    "What is 3 + 4 in binary?",
    "What is 3 + 4, roughly?",
    "What is 3 + 4 rounded?",
    "What is 3 + 4? What is 5 + 6?",
    "Whats 3 + 4? And 5 + 6?",
    "Whats 3 + 4 in binary?",
    "What is 10 minus 4 minus 2? Explain.",
]


@pytest.mark.parametrize("prompt", NEAR_MISSES)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("cached", "answer", "new", "expected"), [
    ("What is 3 + 4?", "3 + 4 = 7.", "What is 3^2 + 4?", "3^2 + 4 = 13."),
    ("What is 3 + 4?", "3 + 4 = 7.", "What is 3² + 4?", "3^2 + 4 = 13."),
    ("What is 3^2 + 4?", "3^2 + 4 = 13.", "What is 5^2 + 4?", "5^2 + 4 = 29."),
    ("What is 3^2 + 4?", "3^2 + 4 = 9 + 4 = 13.", "What is 2^10?", "2^10 = 1024."),
    ("What is 3 + 4?", "3 + 4 = 7.", "Whats 3 + 4?", "3 + 4 = 7."),
    ("What is 10 minus 4?", "6.", "What is 10 minus 4 minus 2?", "4."),
    ("What is 10 minus 4 minus 2?", "4.", "What is 10 minus 4 plus 2?", "8."),
    ("What is the sum of 3 and 4?", "7.", "What is the sum of 2, 4 and 6?", "12."),
    ("What is the sum of 2, 4 and 6?", "12.", "What is the sum of 2, 4, 6 and 8?", "20."),
    ("What is twice 8?", "16.", "What is double 7?", "14."),
    ("What is twice 8?", "16.", "What is 7 doubled?", "14."),
    ("What is twice 8?", "16.", "What is triple 5?", "15."),
    ("Was ist das Doppelte von 8?", "16.", "Was ist das Dreifache von 7?", "21."),
    ("¿Cuál es la suma de 2, 4 y 6?", "12.", "¿Cuál es la suma de 1, 2 y 3?", "6."),
    ("7的2倍是多少？", "14。", "9的3倍是多少？", "27."),
    ("7の2倍は？", "14。", "8の2倍は？", "16."),
])
def test_a_widened_wording_is_served_exactly_without_a_model_call(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize(("first", "second"), [
    ("What is 3^2 + 4?", "What is -3^2 + 4?"),
    ("What is 3^2 + 4?", "What is 2^3^2?"),
    ("What is 3^2 + 4?", "What is 8^2/3?"),
    ("What is 3^2 + 4?", "What is 3^2 + 4 in binary?"),
    ("What is 3^2 + 4?", "What is 3 ** -2 + 4?"),  # wip/arithU: "3**2 + 4" is served (its own file)
    ("What is 3 + 4?", "Is 3 + 4 more than 7?"),
    ("What is 3 + 4?", "What is 3 + 4, roughly?"),
    ("What is 3 + 4?", "What is 3 + 4? What is 5 + 6?"),
    ("What is 10 minus 4 minus 2?", "What is 10 minus 4 times 2?"),
    ("What is 10 minus 4?", "What is 2 plus 3 times 4?"),
    ("What is the sum of 2, 4 and 6?", "What is the quotient of 8, 12 and 2?"),  # wip/arithU: the product is served
    ("What is the sum of 2, 4 and 6?", "Was ist die Summe von 3,5 und 10?"),
    ("What is double 7?", "What is double 7 plus 1?"),
    ("What is double 7?", "What is double-check 7?"),
    ("What is twice 8?", "What is twice 7 plus 1?"),
    ("What is half of 12?", "What is half of 10 plus 2?"),
    ("What is 12 squared?", "What is the square of 3 plus 1?"),
    ("What is 12 minus 8?", "What is 12 less 8?"),
    ("7的2倍是多少？", "比7多2倍是多少？"),
])
def test_near_misses_after_a_cached_wording_cost_a_model_call(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
    assert_models_answer_kept(second)


@pytest.mark.parametrize(("line", "holds"), [
    ("3^2 + 4 = 13.", True), ("3^2 + 4 = 9 + 4 = 13", True), ("3² + 4 = 13", True), ("2^10 = 1024", True),
    ("3^2 + 4 = 10.", False), ("2^3 = 6", False),
])
def test_an_answer_line_with_a_power_is_read_and_checked(line: str, holds: bool) -> None:
    read = read_answer_line(line)
    assert read is not None and read.holds is holds, line


@pytest.mark.parametrize("line", ["8^2/3 = 4", "-3^2 = 9", "2^3^2 = 64", "3**-2 = 9", "2^0.5 = 1.41"])  # "3**2 = 9": read (wip/arithU)
def test_an_answer_line_with_a_power_read_two_ways_is_not_read(line: str) -> None:
    assert read_answer_line(line) is None, line


def test_an_answer_stating_a_power_wrong_is_never_served() -> None:
    cache = StepCache()  # the model's wrong line fails its check: the value is computed instead, never stored as given
    first = cache.generate("What is 3^2 + 4?", FixedReplyModel("3^2 + 4 = 10."))
    assert first.text.strip() == "3^2 + 4 = 13." and first.verification == "proven"
    again = cache.generate("What is 3^2 + 5?", FixedReplyModel("3^2 + 5 = 10."))
    assert again.text.strip() == "3^2 + 5 = 14." and again.verification == "proven"


def test_with_step_cache_serves_the_widened_wordings_without_a_model_call() -> None:
    cache = StepCache()
    model = scripted("3 + 4 = 7.")  # one reply: a second call would find none
    wrapped = with_step_cache(model, cache)
    wrapped.invoke([HumanMessage("What is 3 + 4?")])
    for prompt, expected in [("What is 3^2 + 4?", "3^2 + 4 = 13."), ("What is 10 minus 4 minus 2?", "4."),
                             ("What is the sum of 2, 4 and 6?", "12."), ("What is double 7?", "14."),
                             ("Whats 3 + 4?", "3 + 4 = 7.")]:
        assert wrapped.invoke([HumanMessage(prompt)]).content.strip() == expected, prompt
    assert len(model.calls) == 1


# ---- properties: any numbers, the exact value or no claim ---------------------------------------
_N = st.builds(lambda whole, cents: Fraction(whole) + Fraction(cents, 100), st.integers(0, 10**4), st.sampled_from([0, 0, 5, 25, 50]))


@settings(max_examples=60, deadline=None)
@given(base=_N, exponent=st.integers(-2, 20), plus=st.integers(0, 99), superscript=st.booleans())
def test_a_written_power_reads_the_exact_value_or_no_claim(base: Fraction, exponent: int, plus: int, superscript: bool) -> None:
    digits = str(exponent)
    written = digits.translate(str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")) if superscript else f"^{digits}"
    prompt = f"What is {format_value(base)}{written} + {plus}?"
    c = ArithmeticConstraints.of_prompt(prompt)
    if 2 <= exponent <= 16:
        assert c.value == base**exponent + plus, prompt
    else:
        assert not c.claimed, prompt


@settings(max_examples=60, deadline=None)
@given(numbers=st.lists(_N, min_size=3, max_size=6), links=st.lists(st.sampled_from(["plus", "minus"]), min_size=5, max_size=5))
def test_a_chain_of_plus_and_minus_is_read_left_to_right(numbers: list[Fraction], links: list[str]) -> None:
    words = [format_value(numbers[0])]
    expected = numbers[0]
    for number, link in zip(numbers[1:], links):
        words += [link, format_value(number)]
        expected = expected + number if link == "plus" else expected - number
    prompt = f"What is {' '.join(words)}?"
    c = ArithmeticConstraints.of_prompt(prompt)
    assert c.value == expected, prompt
    assert TASK.fallback(c) == f"{format_value(expected)}.", prompt


@settings(max_examples=40, deadline=None)
@given(numbers=st.lists(_N, min_size=3, max_size=6))
def test_a_sum_of_a_list_is_the_exact_sum(numbers: list[Fraction]) -> None:
    listed = ", ".join(format_value(n) for n in numbers[:-1]) + f" and {format_value(numbers[-1])}"
    c = ArithmeticConstraints.of_prompt(f"What is the sum of {listed}?")
    assert c.value == sum(numbers), listed


def test_a_huge_power_is_no_claim_and_cheap() -> None:
    assert read_expression("(999999999999^16)^16") is None
    assert read_expression("((2^16)^16)^16") is None
    assert read_expression("(2^16)^16") == Fraction(2) ** 256
