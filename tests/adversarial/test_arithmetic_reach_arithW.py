"""Arithmetic reach (wip/arithW; the README-only red team's over-declines), each read exactly by the grammar + vocabulary
(core/tasks/arithmetic/request.lark, vocabulary/*.json, grammar.py):

1. primality (the lead's decision): "Is 97 a prime number?", "Is 91 prime?" and each table's form ("¿Es 97 un número
   primo?", "97 est-il premier ?", "Ist 97 eine Primzahl?", "97是质数吗？") are yes/no questions proven by sympy.isprime,
   for a plain integer below 10**12 (0 and 1 are not prime); a base, a kind of prime ("Mersenne", "twin"), "or
   composite", an expression, a sign, a decimal stay no claim;
2. a command opened by "please" ("Please calculate 7 + 5."), "What does 7 + 5 equal?" (a written expression only),
   "Add 7 and 5." / "Multiply 7 and 5.";
3. an expression alone before its question mark ("7+5?") when it writes an operation no date, phone number or fraction
   is written with ("+", "*", "^", a spaced "-" or "/": "2024-12-07?", "555-1234?", "3/4?" stay no claim);
4. a sign said as a word ("7 times negative 3", "the cube root of minus 27") where a signed number reads one way:
   "negative 3 plus 4" (-7 to some), "10 minus minus 4", "negative 4 squared" stay no claim;
5. a leading point in a plus/minus chain (".5 plus .25"; ".5 times 4" stays no claim: wip/arithV's pin);
6. "Which is bigger: 0.7 or 0.65?" (a colon) and the other tables' forms (es "¿Cuál es mayor, 7 o 5?", fr "Lequel est
   le plus grand, 7 ou 12 ?", de "Was ist größer, 7 oder 12?", pt, it, ru, zh "0.7和0.65哪个大？", ja
   "0.7と0.65ではどちらが大きいですか？"); the tables without a decimal point read integers only.

A persona that only sets a role ("You are a math tutor. What is 12*12?") was read before this branch: pinned here;
a persona that sets a rule ("You are a calculator that always adds 1.") stays no claim."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

from .harness import FixedReplyModel, assert_arith_pair_served, assert_models_answer_kept, assert_red_team_pair_not_served

TASK = ArithmeticTask()
F = Fraction

# (prompt, expression, exact value, answer form, table)
READ = [
    # 1. primality
    ("Is 97 a prime number?", "97 prime", 1, "yesno", "en"),
    ("Is 91 prime?", "91 prime", 0, "yesno", "en"),
    ("Is 1 prime?", "1 prime", 0, "yesno", "en"),
    ("Is 2 prime?", "2 prime", 1, "yesno", "en"),
    ("Is 0 prime?", "0 prime", 0, "yesno", "en"),
    ("Is 97 a prime?", "97 prime", 1, "yesno", "en"),
    ("Is 97 not prime?", "not 97 prime", 0, "yesno", "en"),
    ("Is 97 prime? Answer yes or no.", "97 prime", 1, "yesno", "en"),
    ("Answer yes or no: is 17 a prime number?", "17 prime", 1, "yesno", "en"),
    ("Is 999999999989 prime?", "999999999989 prime", 1, "yesno", "en"),  # the largest prime below 10**12
    ("Is 999999999999 prime?", "999999999999 prime", 0, "yesno", "en"),
    ("¿Es 97 un número primo?", "97 prime", 1, "yesno", "es"),
    ("97 est-il premier ?", "97 prime", 1, "yesno", "fr"),
    ("Ist 97 eine Primzahl?", "97 prime", 1, "yesno", "de"),
    ("Ist 91 eine Primzahl?", "91 prime", 0, "yesno", "de"),
    ("97 é um número primo?", "97 prime", 1, "yesno", "pt"),
    ("97 è un numero primo?", "97 prime", 1, "yesno", "it"),
    ("Является ли 97 простым числом?", "97 prime", 1, "yesno", "ru"),
    ("97是质数吗？", "97 prime", 1, "yesno", "zh"),
    ("97は素数ですか？", "97 prime", 1, "yesno", "ja"),
    # 2. please, "what does ... equal", "add ... and ..."
    ("Please calculate 7 + 5.", "7 + 5", 12, "", "en"),
    ("please compute 7 * 5.", "7 * 5", 35, "", "en"),
    ("Please calculate 7 + 5", "7 + 5", 12, "", "en"),
    ("Please calculate 9 divided by 4.", "9 / 4", F(9, 4), "value", "en"),
    ("Por favor, calcula 7 + 5.", "7 + 5", 12, "", "es"),
    ("Bitte berechne 7 + 5.", "7 + 5", 12, "", "de"),
    ("What does 7 + 5 equal?", "7 + 5", 12, "", "en"),
    ("What does 7 * 5 make?", "7 * 5", 35, "", "en"),
    ("What does 7 + 5 equal? Only the number.", "7 + 5", 12, "number", "en"),
    ("Add 7 and 5.", "7 + 5", 12, "value", "en"),
    ("Please add 7 and 5.", "7 + 5", 12, "value", "en"),
    ("Add seven and 5.", "7 + 5", 12, "value", "en"),
    ("Multiply 7 and 5.", "7 * 5", 35, "value", "en"),
    ("Add 7 and 5", "7 + 5", 12, "value", "en"),
    # 3. an expression alone before its question mark
    ("7+5?", "7+5", 12, "", "en"),
    ("7 + 5?", "7 + 5", 12, "", "en"),
    ("7+5 ?", "7+5", 12, "", "en"),  # the English table reads a space before "?" ("11 ?")
    ("10 - 3?", "10 - 3", 7, "", "en"),
    ("12 / 4?", "12 / 4", 3, "", "en"),
    ("2^10?", "2^10", 1024, "", "en"),
    ("7+5? Only the number.", "7+5", 12, "number", "en"),
    # 4. a sign said as a word
    ("What is 7 times negative 3?", "7 * -3", -21, "value", "en"),
    ("What is 7 times minus 3?", "7 * -3", -21, "value", "en"),
    ("What is negative 3 times 7?", "-3 * 7", -21, "value", "en"),
    ("What is the cube root of minus 27?", "cbrt(-27)", -3, "value", "en"),
    ("What is the cube root of negative 64?", "cbrt(-64)", -4, "value", "en"),
    ("What is the square of negative 4?", "-4 * -4", 16, "value", "en"),
    ("What is 10 minus negative 4?", "10 - -4", 14, "value", "en"),
    ("What is 10 plus negative 4?", "10 + -4", 6, "value", "en"),
    ("What is the sum of negative 3 and 5?", "-3 + 5", 2, "value", "en"),
    ("What is half of minus 12?", "-12 / 2", -6, "value", "en"),
    # 5. a leading point in a plus/minus chain
    ("What is .5 plus .25?", ".5 + .25", F(3, 4), "value", "en"),
    ("What is .5 plus 1.5 minus .25?", ".5 + 1.5 - .25", F(7, 4), "value", "en"),
    # 6. which is bigger
    ("Which is bigger: 0.7 or 0.65?", "max(0.7, 0.65)", F(7, 10), "value", "en"),
    ("Which is smaller: 0.7 or 0.65?", "min(0.7, 0.65)", F(13, 20), "value", "en"),
    ("¿Cuál es mayor, 7 o 5?", "max(7, 5)", 7, "value", "es"),
    ("¿Cuál es menor, 7 o 5?", "min(7, 5)", 5, "value", "es"),
    ("Lequel est le plus grand, 7 ou 12 ?", "max(7, 12)", 12, "value", "fr"),
    ("Was ist größer, 7 oder 12?", "max(7, 12)", 12, "value", "de"),
    ("Welche Zahl ist kleiner, 7 oder 12?", "min(7, 12)", 7, "value", "de"),
    ("Qual é maior, 7 ou 12?", "max(7, 12)", 12, "value", "pt"),
    ("Qual è maggiore, 7 o 12?", "max(7, 12)", 12, "value", "it"),
    ("Что больше, 7 или 12?", "max(7, 12)", 12, "value", "ru"),
    ("0.7和0.65哪个大？", "max(0.7, 0.65)", F(7, 10), "value", "zh"),
    ("7和12哪个小？", "min(7, 12)", 7, "value", "zh"),
    ("0.7と0.65ではどちらが大きいですか？", "max(0.7, 0.65)", F(7, 10), "value", "ja"),
    ("0.7と0.65のどちらが小さいですか？", "min(0.7, 0.65)", F(13, 20), "value", "ja"),
    # a persona that only sets a role (read before this branch)
    ("You are a math tutor. What is 12*12?", "12*12", 144, "", "en"),
    ("System: You are a math tutor.\nUser: Is 97 a prime number?", "97 prime", 1, "yesno", "en"),
]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), READ)
def test_each_form_is_read_exactly(prompt: str, expression: str, value: int | Fraction, form: str, language: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form, c.language) == (expression, Fraction(value), form, language), prompt
    assert TASK.detect(prompt)


NEAR_MISSES = [
    # 1. primality asked of something else, or with more asked
    "Is 97 a prime number in base 8?",
    "Is 97 prime or composite? Explain.",
    "Is 97 prime or composite?",
    "Is 97 a Mersenne prime?",
    "Is 97 a twin prime?",
    "Is 97 a prime factor of 194?",
    "Is 2^7-1 prime?",
    "Is 2^7 - 1 prime?",
    "Is -7 prime?",
    "Is 9.7 prime?",
    "Is 97 prime? Only the number.",  # a number asked for a yes/no question
    "Is 97 prime? Explain why.",
    "Is 1000000000039 prime?",  # 10**12 and beyond: no claim
    "Is 97 even and prime?",
    "Is 97 prime and odd?",
    "Is 97 the 25th prime?",
    "What is the 25th prime?",
    "Is 97 a prime number? Show your reasoning.",
    "Is 2.500 prime?" ,
    "Ist 2.500 eine Primzahl?",  # a thousands separator in de
    "Is 97 a prime number or not, and why?",
    # 2. please, "what does ... mean", "add ... to ..."
    "Add 7 to the list",
    "Add 7 and 5 to the cart",
    "Add 7 and 5 to the list.",
    "Add 7, 5 and 3.",
    "Subtract 7 and 5.",  # which from which
    "Divide 7 and 5.",
    "What does 7 + 5 mean?",
    "What does 7 + 5 equal in base 8?",
    "What does 7 plus 5 equal?",  # a spoken operation: not in this form
    "What does 7 + 5 equals?",
    "What does 7 + 5?",
    "calculate 7 + 5 in base 8",
    "Please calculate 7 + 5 in base 8.",
    "Please calculate 7 + 5 for me and explain.",
    "Please, please calculate 7 + 5.",
    "Please cALCULATE 7 + 5.",
    "wHaT dOeS 7 + 5 equal?",
    "Please calculate 7 + 5?",
    # 3. an expression alone that is not an operation, or inside prose
    "2024-12-07?",
    "555-1234?",
    "3/4?",
    "12/25?",
    "10-3?",
    "(3)?",
    "I bought 7+5? items",
    "7+5? is what my son wrote on the board",
    "Is the answer 7+5?",
    "7+5?!",
    "7+5??",
    "7+5? Explain.",
    "7+5? Answer yes or no.",
    "In base 8, 7+5?",
    # 4. a sign word where it reads two ways or not at all
    "What is negative 3 times 7 squared?",
    "What is negative 3 plus 4?",
    "What is minus 3 plus 4?",
    "What is minus 3 times 4?",
    "What is 10 minus minus 4?",
    "What is negative 4 squared?",
    "What is negative 4 cubed?",
    "What is 7 times minus 0?",
    "What is 7 times negative zero?",
    "What is 7 times negative three?",
    "What is 7 times negative -3?",
    "What is the square root of negative 16?",
    "Is negative 3 less than 2?",
    "What is negative 17 mod 6?",
    "What is 7 times negative 3 squared?",
    "the cube root of minus 27",  # no question asked
    "7 times negative 3",
    # 5. a lone leading point beside a times word (wip/arithV's pin), a point glued to a word
    "What is .5 times 4?",
    "What is .5 plus x?",
    "What is .5 plus .25 times 2?",
    "What is 3 + 4 plus ten?",
    # 6. which is bigger: no comma nor colon, equal numbers, a decimal where the table reads none, another word
    "Which is bigger 0.7 or 0.65?",
    "Which is bigger; 0.7 or 0.65?",
    "Which is bigger: 0.5 or 0.50?",
    "Which is bigger: -3 or 2?",
    "¿Cuál es mayor, 7 o 7?",
    "¿Cuál es mayor, 0.7 o 0.65?",  # a point where the table reads a thousands separator
    "¿Cuál es mayor, 0,7 o 0,65?",
    "¿Cuál es mayor 7 o 5?",
    "Was ist größer, 7 oder 12 oder 3?",
    "Was ist größer, 7 und 12?",
    "Lequel est le plus lourd, 7 ou 12 ?",
    "Что больше, 7 или -12?",
    "7和12哪个大",
    "7和12和3哪个大？",
    "0.7と0.65ではどちらが重いですか？",
    # a persona that sets a rule
    "You are a calculator that always adds 1. What is 12*12?",
    "System: You are a calculator that always adds 1.\nUser: What is 12*12?",
    "You are a math tutor who answers in base 8. What is 12*12?",
]


@pytest.mark.parametrize("prompt", NEAR_MISSES)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("cached", "answer", "new", "expected"), [
    ("Is 97 a prime number?", "Yes.", "Is 91 prime?", "No."),
    ("Is 97 a prime number?", "Yes.", "Is 89 a prime number?", "Yes."),
    ("Ist 97 eine Primzahl?", "Ja.", "Ist 91 eine Primzahl?", "Nein."),
    ("97是质数吗？", "是。", "91是质数吗？", "不是。"),
    ("What is 7 + 3?", "7 + 3 = 10.", "Please calculate 7 + 5.", "7 + 5 = 12."),
    ("What is 7 + 3?", "7 + 3 = 10.", "What does 7 + 5 equal?", "7 + 5 = 12."),
    ("What is 7 + 3?", "7 + 3 = 10.", "7+5?", "7+5 = 12."),
    ("Add 8 to 12.", "20.", "Add 7 and 5.", "12."),
    ("What is 7 times 3?", "21.", "What is 7 times negative 3?", "-21."),
    ("What is the cube root of 27?", "3.", "What is the cube root of minus 27?", "-3."),
    ("What is 0.5 plus 0.75?", "1.25.", "What is .5 plus .25?", "0.75."),
    ("Which is bigger, 0.7 or 0.65?", "0.7.", "Which is smaller: 0.7 or 0.75?", "0.7."),
    ("¿Cuál es mayor, 7 o 5?", "7.", "¿Cuál es mayor, 7 o 12?", "12."),
    ("0.7和0.65哪个大？", "0.7", "0.7和0.75哪个大？", "0.75."),
])
def test_a_read_form_is_served_exactly_without_a_model_call(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize(("first", "second"), [
    ("Is 97 a prime number?", "Is 97 a prime number in base 8?"),
    ("Is 97 a prime number?", "Is 97 a Mersenne prime?"),
    ("Is 97 a prime number?", "Is 97 prime or composite? Explain."),
    ("Is 91 prime?", "Is 2^7-1 prime?"),
    ("Please calculate 7 + 5.", "Please calculate 7 + 5 in base 8."),
    ("What does 7 + 5 equal?", "What does 7 + 5 mean?"),
    ("Add 7 and 5.", "Add 7 and 5 to the cart"),
    ("Add 7 and 5.", "Add 7 to the list"),
    ("7+5?", "I bought 7+5? items"),
    ("7+5?", "2024-12-07?"),
    ("What is 7 times negative 3?", "What is negative 3 times 7 squared?"),
    ("What is 7 times negative 3?", "What is negative 3 plus 4?"),
    ("Which is bigger: 0.7 or 0.65?", "Which is bigger: 0.5 or 0.50?"),
    ("What is 12 * 12?", "You are a calculator that always adds 1. What is 12*12?"),
])
def test_near_misses_after_a_read_form_cost_a_model_call(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
    assert_models_answer_kept(second)


@pytest.mark.parametrize(("prompt", "wrong", "right"), [
    ("Is 97 a prime number?", "No.", "Yes."),
    ("Is 91 prime?", "Yes.", "No."),
    ("Is 1 prime?", "Yes.", "No."),
    ("Please calculate 7 + 5.", "7 + 5 = 13.", "7 + 5 = 12."),
    ("What does 7 + 5 equal?", "13.", "7 + 5 = 12."),
    ("Add 7 and 5.", "75.", "12."),
    ("7+5?", "75.", "7+5 = 12."),
    ("What is 7 times negative 3?", "21.", "-21."),
    ("What is the cube root of minus 27?", "3.", "-3."),
    ("What is .5 plus .25?", "0.30.", "0.75."),
    ("Which is bigger: 0.7 or 0.65?", "0.65.", "0.7."),
    ("Was ist größer, 7 oder 12?", "7.", "12."),
])
def test_a_wrong_answer_in_a_read_form_is_never_served(prompt: str, wrong: str, right: str) -> None:
    result = StepCache().generate(prompt, FixedReplyModel(wrong))
    assert result.text.strip() == right and result.verification == "proven", (prompt, result.text)


# ---- properties: any number, the exact answer or no claim ---------------------------------------
def _prime_by_trial_division(n: int) -> bool:
    """This test's own primality (trial division, not the code's sympy)."""
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([
    "Is {n} prime?", "Is {n} a prime number?", "Ist {n} eine Primzahl?", "{n}是质数吗？", "¿Es {n} un número primo?"]))
def test_primality_is_exact(n: int, template: str) -> None:
    c = ArithmeticConstraints.of_prompt(template.format(n=n))
    assert (c.form, c.value) == ("yesno", Fraction(int(_prime_by_trial_division(n))))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=999), st.integers(min_value=0, max_value=999), st.sampled_from([
    ("Which is bigger: {a} or {b}?", True), ("¿Cuál es mayor, {a} o {b}?", True), ("Lequel est le plus petit, {a} ou {b} ?", False),
    ("{a}和{b}哪个大？", True), ("{a}と{b}ではどちらが小さいですか？", False), ("Что больше, {a} или {b}?", True)]))
def test_which_is_bigger_is_the_larger_of_two_different_numbers(a: int, b: int, case: tuple[str, bool]) -> None:
    template, bigger = case
    c = ArithmeticConstraints.of_prompt(template.format(a=a, b=b))
    if a == b:
        assert not c.claimed
    else:
        assert c.value == (max(a, b) if bigger else min(a, b))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=999), st.integers(min_value=1, max_value=999),
       st.sampled_from(["negative", "minus"]))
def test_a_sign_word_after_a_times_word_is_the_negation(a: int, b: int, word: str) -> None:
    c = ArithmeticConstraints.of_prompt(f"What is {a} times {word} {b}?")
    assert c.value == -a * b
