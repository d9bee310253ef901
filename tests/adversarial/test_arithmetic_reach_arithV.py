"""Arithmetic reach (wip/arithV; red teams 28/28b's over-declines), each read exactly by the grammar + vocabulary
(core/tasks/arithmetic/request.lark, vocabulary/*.json, grammar.py):

1. a number with its minus sign in the word forms that read it one way: an operand of one operator word or of a
   plus/minus chain ("7 times -3"), of "the sum/product/quotient of", after "the square/cube of" ("the square of -4"
   is 16), a root ("the cube root of -27" is -3; a square root of a negative number: no claim), "twice", "half of",
   "triple" ("el triple de -7" is -21);
2. the cube root in es fr de pt it ru ("la raíz cúbica de 27", "la racine cubique de 27", "die Kubikwurzel von 27")
   and zh/ja ("27的立方根", "27の立方根"): an integer's exact integer root only;
3. English compound number words ("seventy five", "seventy-five", "one hundred and five"); "a hundred" and the
   others of ambiguous reading stay no claim (es fr de read no number words: nothing to compound);
4. a leading point before a digit where an operand begins (".5 + .25" is 0.75; "x.5", "2 .5" stay no claim);
5. a times word joining an expression and a number, read as "*" in place when the expression is one operand however it is
   said ("(3 + 4) times ten" is 70; "3 + 4 times ten", 43 or 70 aloud, is no claim: the lead's decision);
6. the dev sets' comparison pairs (sets 24, 26): "Which is bigger, 0.7 or 0.65?" (the larger, stated).

Moved here from pins of no claim (brief arithV): "What is the cube root of -27?" (test_arithmetic_forms_arithU.py),
"What is -3 times 4?" (test_arithmetic_words.py), "Cuánto es -3 por 4?" (test_arithmetic_languages.py), the es fr de
ru zh cube roots of 27/64 (test_arithmetic_everyday_arithS.py), "What is twenty-one plus 3?" and "What is one
hundred plus 3?" (test_overdecl_arithmetic.py), the pair arith/leading-point (test_arithmetic_pairs.py); each
replaced there by a near trap that stays no claim."""

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
    # 1. a signed number in the word forms
    ("What is the cube root of -27?", "cbrt(-27)", -3, "value", "en"),
    ("What is the cube root of −64?", "cbrt(-64)", -4, "value", "en"),
    ("What is the cube root of -1?", "cbrt(-1)", -1, "value", "en"),
    ("¿Cuánto es el triple de -7?", "3 * -7", -21, "value", "es"),
    ("What is the square of -4?", "-4 * -4", 16, "value", "en"),
    ("What is the cube of -4?", "-4 * -4 * -4", -64, "value", "en"),
    ("What is the square of -1.5?", "-1.5 * -1.5", F(9, 4), "value", "en"),
    ("What is twice -8?", "2 * -8", -16, "value", "en"),
    ("What is half of -12?", "-12 / 2", -6, "value", "en"),
    ("What is triple -5?", "3 * -5", -15, "value", "en"),
    ("What is 7 times -3?", "7 * -3", -21, "value", "en"),
    ("What is -3 times 4?", "-3 * 4", -12, "value", "en"),
    ("What is -7 times -3?", "-7 * -3", 21, "value", "en"),
    ("What is 8 divided by -2?", "8 / -2", -4, "value", "en"),
    ("What is -3 plus 4?", "-3 + 4", 1, "value", "en"),
    ("What is 10 minus -4?", "10 - -4", 14, "value", "en"),
    ("What is 10 minus -4 minus 2?", "10 - -4 - 2", 12, "value", "en"),
    ("What is the sum of -3 and 5?", "-3 + 5", 2, "value", "en"),
    ("What is the product of -3 and -5?", "-3 * -5", 15, "value", "en"),
    ("What is the quotient of -8 and 2?", "-8 / 2", -4, "value", "en"),
    ("What is 7 times -3? Only the number.", "7 * -3", -21, "number", "en"),
    ("Cuánto es -3 por 4?", "-3 * 4", -12, "value", "es"),
    ("Was ist das Doppelte von -8?", "2 * -8", -16, "value", "de"),
    ("What is -3?", "-3", -3, "", "en"),  # symbolic, as before
    # 2. the cube root in the other tables
    ("¿Cuánto es la raíz cúbica de 27?", "cbrt(27)", 3, "value", "es"),
    ("¿Cuál es la raíz cúbica de 64?", "cbrt(64)", 4, "value", "es"),
    ("¿Cuál es la raíz cúbica de -27?", "cbrt(-27)", -3, "value", "es"),
    ("Quelle est la racine cubique de 27 ?", "cbrt(27)", 3, "value", "fr"),
    ("Quelle est la racine cubique de 64 ?", "cbrt(64)", 4, "value", "fr"),
    ("Was ist die Kubikwurzel von 27?", "cbrt(27)", 3, "value", "de"),
    ("Was ist die Kubikwurzel von 64?", "cbrt(64)", 4, "value", "de"),
    ("Was ist die dritte Wurzel aus 1000?", "cbrt(1000)", 10, "value", "de"),
    ("Qual é a raiz cúbica de 27?", "cbrt(27)", 3, "value", "pt"),
    ("Quanto fa la radice cubica di 27?", "cbrt(27)", 3, "value", "it"),
    ("Чему равен кубический корень из 64?", "cbrt(64)", 4, "value", "ru"),
    ("64的立方根是多少？", "cbrt(64)", 4, "value", "zh"),
    ("27的立方根等于多少？", "cbrt(27)", 3, "value", "zh"),
    ("27の立方根は？", "cbrt(27)", 3, "value", "ja"),
    # 3. English compound number words
    ("What is seventy five plus 3?", "75 + 3", 78, "value", "en"),
    ("What is seventy-five plus 3?", "75 + 3", 78, "value", "en"),
    ("What is Seventy-Five times two?", "75 * 2", 150, "value", "en"),
    ("What is twenty-one plus 3?", "21 + 3", 24, "value", "en"),
    ("What is one hundred plus 3?", "100 + 3", 103, "value", "en"),
    ("What is one hundred and five minus 5?", "105 - 5", 100, "value", "en"),
    ("What is one hundred five times 2?", "105 * 2", 210, "value", "en"),
    ("What is one hundred and fifteen plus 1?", "115 + 1", 116, "value", "en"),
    ("What is two hundred and twenty-one plus 1?", "221 + 1", 222, "value", "en"),
    ("What is nine hundred ninety-nine plus one?", "999 + 1", 1000, "value", "en"),
    ("What is the square of twenty-one?", "21 * 21", 441, "value", "en"),
    ("What is twice seventy five?", "2 * 75", 150, "value", "en"),
    ("What is the sum of seventy five and 5?", "75 + 5", 80, "value", "en"),
    ("Add one hundred and five to 3.", "3 + 105", 108, "value", "en"),
    # 4. a leading point
    ("What is .5 + .25?", ".5 + .25", F(3, 4), "", "en"),
    (".5 + .25 = ?", ".5 + .25", F(3, 4), "", "en"),
    ("Compute .5 + .25.", ".5 + .25", F(3, 4), "", "en"),
    ("What is .5 * 4?", ".5 * 4", 2, "", "en"),
    ("What is 3 + .05?", "3 + .05", F(61, 20), "", "en"),
    ("What is (.5 + 1) * 2?", "(.5 + 1) * 2", 3, "", "en"),
    ("What is -.5 + 1?", "-.5 + 1", F(1, 2), "", "en"),
    (".17 + 25 = ?", ".17 + 25", F(2517, 100), "", "en"),
    # 5. a times word in an expression
    ("What is (3 + 4) times ten?", "(3 + 4) * 10", 70, "value", "en"),
    ("What is ten times (3 + 4)?", "10 * (3 + 4)", 70, "value", "en"),
    ("What is (2 - 3) times 4?", "(2 - 3) * 4", -4, "value", "en"),
    ("Compute (3 + 4) times ten.", "(3 + 4) * 10", 70, "value", "en"),
    ("¿Cuánto es (3 + 4) por 10?", "(3 + 4) * 10", 70, "value", "es"),
    ("What is 3 times 2^3?", "3 * 2^3", 24, "value", "en"),
    # 6. the larger or smaller of two numbers
    ("Which is bigger, 0.7 or 0.65?", "max(0.7, 0.65)", F(7, 10), "value", "en"),
    ("Which is smaller, 0.7 or 0.65?", "min(0.7, 0.65)", F(13, 20), "value", "en"),
    ("Which is bigger, 0.3 or 0.25?", "max(0.3, 0.25)", F(3, 10), "value", "en"),
    ("Which is larger, 3 or 12?", "max(3, 12)", 12, "value", "en"),
    ("Which number is greater, 3 or 12?", "max(3, 12)", 12, "value", "en"),
    ("Which is bigger, 0.7 or 0.65? Reply with the number only.", "max(0.7, 0.65)", F(7, 10), "number", "en"),
]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), READ)
def test_each_form_is_read_exactly(prompt: str, expression: str, value: int | Fraction, form: str, language: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form, c.language) == (expression, Fraction(value), form, language), prompt
    assert TASK.detect(prompt)


NEAR_MISSES = [
    # 1. a sign apart from its number, a sign where the word form reads it two ways or not at all
    "What is the square root of -16?",
    "What is the square root of -2.25?",
    "What is the cube root of -26?",
    "What is the cube root of - 27?",
    "What is the cube root of -0?",
    "What is the cube root of -1.5?",
    "What is the cube root of --27?",
    "What is -4 squared?",  # -(4^2) or (-4)^2
    "What is -4 cubed?",
    "What is -2 to the power of 2?",
    "What is -7 doubled?",
    "What is -17 mod 6?",
    "What is 7 times - 3?",
    "What is 7 times-3?",
    "What is 7 times --3?",
    "What is 7 times +3?",
    "What is the average of -3 and 5?",
    "What is the product of -3, 2 and 4?",
    "What is the difference between -3 and -8?",
    "What is 3 less than -10?",
    "What is -8 subtracted from 12?",
    "Subtract -8 from 12.",
    "Is -3 less than 2?",
    "-3 is less than 2?",
    "-3 is divisible by 3?",
    "Is -4 even?",
    "What is -25% of 80?",
    "-4 km in m?",
    "How many grams are in -4 kilograms?",
    "What is the square of -x?",
    "¿Cuánto es la raíz cuadrada de -16?",
    # 2. an inexact cube root, a decimal comma, a fourth root
    "¿Cuánto es la raíz cúbica de 26?",
    "¿Cuál es la raíz cúbica de 2,5?",
    "Quelle est la racine cubique de 65 ?",
    "Was ist die Kubikwurzel von 63?",
    "Was ist die Kubikwurzel von 27,0?",
    "Was ist die vierte Wurzel aus 16?",
    "Чему равен кубический корень из 65?",
    "65的立方根是多少？",
    "2の立方根は？",
    "¿Cuál es la raíz cúbica de 27 más 1?",
    # 3. compound number words of ambiguous or unread spelling
    "What is a hundred plus 5?",
    "What is hundred plus 5?",
    "What is twenty one hundred plus 5?",
    "What is ten five plus 2?",
    "What is twenty zero plus 1?",
    "What is twenty-ten plus 3?",
    "What is one thousand plus 1?",
    "What is one hundred and zero plus 1?",
    "What is seventy  five plus 3?",
    "What is seventy-five-three plus 1?",
    "What is seventy-fives plus 1?",
    "What is seventy five?",
    "What is the sum of one hundred and five?",  # 100 + 5, or 105 of nothing
    "What is the difference between one hundred and fifty?",
    "What is the product of one hundred and five and two?",  # 105 * 2 or 100 * 5 * 2
    "What is the sum of one hundred and five and two?",
    "What is one hundred and one hundred plus 1?",
    "What is one hundred and five hundred plus 1?",
    "What is sixty-six point five plus 1?",
    # 4. a point glued to a word or a number, a doubled point, a point after a power
    "What is 3 x.5?",
    "What is 3..5 + 1?",
    "What is 2 .5?",
    "What is (3).5?",
    "What is 3.5.5?",
    "What is.5 + 1?",
    "What is 1 + .5.",
    "What is 2^.5?",
    "What is 2 - -.5?",
    "What is .5. + 1?",
    "计算.5+.25。",  # a point glued to a word of a table written without spaces ("计算0.5+0.25。" is read)
    "What is . 5 + 1?",
    "What is .5 times .5 times 2?",
    "What is .5 times 4?",  # a lone leading-point number is no operand of a word form
    "What is - 3 times 4?",  # nor a sign apart from its number
    "What is (3) times 4?",
    # 5. a times word of two words, a chain of operator words, an a / b * c chain
    "What is 3 + 4 multiplied by ten?",
    "What is 3 + 4 times ten plus 2?",
    "What is 3 + 4 times ten times 2?",
    "What is 3 + 4 plus ten?",
    "What is 3 + 4 divided by 2?",
    "What is 8 / 2 times 4?",
    "What is 2^3 times 2?",
    "What is 3 + 4 times?",
    "What is 3 + 4 times x?",
    "What is 3 + 4 times ten percent?",
    "What is 3 + 4 times ten in base 8?",
    "What is 3 + 4 times ten?? ",
    "What is 3 + 4 X 10?",
    "What is 2 plus 3 times 4?",  # all words: read two ways aloud (as before)
    # the lead's decision: an expression with '+', '-' or '/' outside parentheses beside a times word is read two ways
    # aloud too ('3 + 4 times ten': 43 or 70), as 'two plus three times four' (docs/guarantees.md)
    "What is 3 + 4 times ten?",
    "What is 3 + 4 times 10?",
    "What is 3 + 4 x 10?",
    "What is ten times 3 + 4?",
    "What is 2 - 3 times 4?",
    "What is 3 + 4 times -2?",
    "What is 3 + 4 times seventy-five?",
    "Compute 3 + 4 times ten.",
    "Calculate 3 + 4 times ten",
    "¿Cuánto es 3 + 4 por 10?",
    "What is 3 * 4 - 1 times 2?",
    "What is (3 + 4) - 1 times 2?",
    # 6. two equal numbers, no comma, a sign, an expression, three numbers, another word
    "Which is bigger, 0.5 or 0.50?",
    "Which is bigger 0.7 or 0.65?",
    "Which is bigger, -3 or 2?",
    "Which is bigger, 3 + 1 or 2?",
    "Which is bigger, 0.7, 0.65 or 1?",
    "Which is less, 3 or 2?",
    "Which is greater than, 3 or 2?",
    "Which is bigger, 0.7 or 0.65 kg?",
    "Which is bigger, 3/4 or 2/3?",
    "Which is bigger, 0.7 or 0.65? Answer yes or no.",
    "Which is heavier, 3 or 2?",
]


@pytest.mark.parametrize("prompt", NEAR_MISSES)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("cached", "answer", "new", "expected"), [
    ("What is the cube root of 27?", "3.", "What is the cube root of -27?", "-3."),
    ("¿Cuánto es el triple de 7?", "21.", "¿Cuánto es el triple de -7?", "-21."),
    ("What is the square of 4?", "16.", "What is the square of -4?", "16."),
    ("What is 7 times 3?", "21.", "What is 7 times -3?", "-21."),
    ("¿Cuánto es la raíz cuadrada de 16?", "4.", "¿Cuánto es la raíz cúbica de 27?", "3."),
    ("Was ist die Quadratwurzel von 16?", "4.", "Was ist die Kubikwurzel von 27?", "3."),
    ("What is fourteen times eleven?", "154.", "What is seventy-five times two?", "150."),
    ("What is eleven plus 3?", "14.", "What is one hundred and five plus 3?", "108."),
    ("What is 0.5 + 0.25?", "0.5 + 0.25 = 0.75.", "What is .5 + .25?", ".5 + .25 = 0.75."),
    ("What is (3 + 4) * 10?", "(3 + 4) * 10 = 70.", "What is (3 + 4) times ten?", "(3 + 4) * 10 = 70."),  # its own expression: reused
    ("What is (3 + 4) times ten?", "70.", "What is (3 + 5) times ten?", "80."),
    ("Which is bigger, 0.7 or 0.65?", "0.7.", "Which is smaller, 0.7 or 0.65?", "0.65."),
    ("Which is bigger, 0.7 or 0.65?", "0.7.", "Which is bigger, 0.7 or 0.75?", "0.75."),
])
def test_a_read_form_is_served_exactly_without_a_model_call(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize(("first", "second"), [
    ("What is the cube root of 27?", "What is the cube root of - 27?"),
    ("What is the square root of 16?", "What is the square root of -16?"),
    ("What is the square of 4?", "What is -4 squared?"),
    ("What is 7 times 3?", "What is 7 times - 3?"),
    ("¿Cuánto es la raíz cúbica de 27?", "¿Cuánto es la raíz cúbica de 26?"),
    ("What is seventy five plus 3?", "What is a hundred plus 3?"),
    ("What is seventy five plus 3?", "What is the product of one hundred and five and two?"),
    ("What is .5 + .25?", "What is 3 x.5?"),
    ("What is .5 + .25?", "What is 2 .5?"),
    ("What is (3 + 4) times ten?", "What is (3 + 4) multiplied by ten?"),
    ("What is (3 + 4) times ten?", "What is 8 / 2 times 4?"),
    ("What is (3 + 4) times ten?", "What is 3 + 4 times ten?"),
    ("Which is bigger, 0.7 or 0.65?", "Which is bigger, 0.5 or 0.50?"),
    ("Which is bigger, 0.7 or 0.65?", "Which is bigger, -3 or 2?"),
])
def test_near_misses_after_a_read_form_cost_a_model_call(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
    assert_models_answer_kept(second)


@pytest.mark.parametrize(("line", "holds"), [
    (".5 + .25 = 0.75", True), (".5 + .25 = .75", True), ("0.5 + .25 = 0.75.", True), (".5 * 4 = 3", False),
])
def test_an_answer_line_with_a_leading_point_is_read_and_checked(line: str, holds: bool) -> None:
    read = read_answer_line(line)
    assert read is not None and read.holds is holds, line


@pytest.mark.parametrize("line", ["2 .5 = 2.5", "3..5 = 3.5", "(3).5 = 3.5"])
def test_an_answer_line_with_a_glued_point_is_not_read(line: str) -> None:
    assert read_answer_line(line) is None, line


@pytest.mark.parametrize(("prompt", "wrong", "right"), [
    ("What is the cube root of -27?", "3.", "-3."),
    ("What is the square of -4?", "-16.", "16."),
    ("¿Cuánto es el triple de -7?", "21.", "-21."),
    ("What is seventy-five plus 3?", "73.", "78."),
    ("What is one hundred and five minus 5?", "0.", "100."),
    ("What is .5 + .25?", ".5 + .25 = .30.", ".5 + .25 = 0.75."),
    ("What is .5 + .25?", ".5 + .25 = .75.", ".5 + .25 = 0.75."),  # true, but not the canonical number
    ("What is (3 + 4) times ten?", "43.", "70."),
    ("Was ist die Kubikwurzel von 64?", "8.", "4."),
    ("Which is bigger, 0.7 or 0.65?", "0.65.", "0.7."),
])
def test_a_wrong_answer_in_a_read_form_is_never_served(prompt: str, wrong: str, right: str) -> None:
    result = StepCache().generate(prompt, FixedReplyModel(wrong))
    assert result.text.strip() == right and result.verification == "proven", (prompt, result.text)


# ---- properties: any numbers, the exact value or no claim ---------------------------------------
_UNITS = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def _spelled(n: int, joiner: str, conjunction: bool) -> str:
    """This test's own English spelling of 1..999 (a tens word and a unit joined by ``joiner``)."""
    hundreds, rest = divmod(n, 100)
    if rest == 0:
        below = ""
    elif rest < 10:
        below = _UNITS[rest - 1]
    elif rest < 20:
        below = _TEENS[rest - 10]
    else:
        tens, unit = divmod(rest, 10)
        below = _TENS[tens - 2] + (joiner + _UNITS[unit - 1] if unit else "")
    if not hundreds:
        return below
    head = f"{_UNITS[hundreds - 1]} hundred"
    return head if not below else f"{head} {'and ' if conjunction else ''}{below}"


@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 999), joiner=st.sampled_from([" ", "-"]), conjunction=st.booleans(), b=st.integers(0, 99))
def test_a_compound_number_word_is_its_number(n: int, joiner: str, conjunction: bool, b: int) -> None:
    words = _spelled(n, joiner, conjunction)
    assert ArithmeticConstraints.of_prompt(f"What is {words} plus {b}?").value == n + b, words
    assert ArithmeticConstraints.of_prompt(f"What is {words} times {b}?").value == n * b, words


@settings(max_examples=60, deadline=None)
@given(root=st.integers(1, 9999), offset=st.sampled_from([0, 0, 1, -1]), language=st.sampled_from([
    "What is the cube root of {}?", "¿Cuánto es la raíz cúbica de {}?", "Was ist die Kubikwurzel von {}?", "{}的立方根等于多少？"]))
def test_a_negative_cube_root_is_read_only_when_exact(root: int, offset: int, language: str) -> None:
    number = root**3 + offset
    c = ArithmeticConstraints.of_prompt(language.format(f"-{number}"))
    if "立方根" in language:  # zh reads no sign before its number
        assert not c.claimed
        return
    assert c.value == (Fraction(-root) if offset == 0 else None), number


_N = st.builds(lambda whole, cents: Fraction(whole) + Fraction(cents, 100), st.integers(0, 10**4), st.sampled_from([0, 0, 5, 25, 50]))


@settings(max_examples=60, deadline=None)
@given(a=_N, b=_N, word=st.sampled_from(["times", "plus", "minus", "divided by"]), first_signed=st.booleans())
def test_a_signed_operand_of_an_operator_word_is_its_negation(a: Fraction, b: Fraction, word: str, first_signed: bool) -> None:
    left, right = (-a, b) if first_signed else (a, -b)
    if left == 0 or right == 0:
        return  # "-0" is no signed number
    prompt = f"What is {format_value(left)} {word} {format_value(right)}?"
    expected = {"times": left * right, "plus": left + right, "minus": left - right,
                "divided by": left / right if right else None}[word]
    assert ArithmeticConstraints.of_prompt(prompt).value == expected, prompt


@settings(max_examples=60, deadline=None)
@given(a=st.integers(1, 10**5), b=st.integers(0, 10**5), places=st.integers(1, 4), operator=st.sampled_from("+-*/"))
def test_a_leading_point_reads_as_its_zero_point_twin(a: int, b: int, places: int, operator: str) -> None:
    digits = str(a).rjust(places, "0")[-places:]
    dotted, zeroed = f"What is .{digits} {operator} {b}?", f"What is 0.{digits} {operator} {b}?"
    assert ArithmeticConstraints.of_prompt(dotted).value == ArithmeticConstraints.of_prompt(zeroed).value, dotted


@settings(max_examples=60, deadline=None)
@given(a=st.integers(0, 999), b=st.integers(0, 999), c=st.integers(0, 99), operator=st.sampled_from("+-"),
       word=st.sampled_from(["times", "x"]))
def test_a_times_word_reads_as_the_star_only_beside_one_operand(a: int, b: int, c: int, operator: str, word: str) -> None:
    """'(a + b) times c' is one reading; 'a + b times c' is two aloud (the lead's decision): no claim."""
    grouped = ArithmeticConstraints.of_prompt(f"What is ({a} {operator} {b}) {word} {c}?")
    assert grouped.value == read_expression(f"({a} {operator} {b}) * {c}") and grouped.claimed
    assert ArithmeticConstraints.of_prompt(f"What is {a} {operator} {b} {word} {c}?").value is None


@settings(max_examples=60, deadline=None)
@given(a=_N, b=_N, bigger=st.booleans())
def test_which_is_bigger_is_the_larger_of_two_different_numbers(a: Fraction, b: Fraction, bigger: bool) -> None:
    c = ArithmeticConstraints.of_prompt(f"Which is {'bigger' if bigger else 'smaller'}, {format_value(a)} or {format_value(b)}?")
    assert c.value == (None if a == b else max(a, b) if bigger else min(a, b))
