"""Everyday arithmetic wordings (red team 24's over-declines; branch wip/arithS): the commands that
name their operation ("Subtract 8 from 12", "Divide 8 by 12", "Multiply 8 by 12", "Add 8 to 12"),
"8 subtracted from 12", "2 to the power of 10", "the square root of 144" (an exact
root only), "the average of 3, 5 and 10", "the difference between 12 and 8" (read only when it is not
negative: the two conventions agree), "the quotient of 8 and 12", "twice 8", "half of 12"
(core/tasks/arithmetic/request.lark and vocabulary/*.json), and their words in the es fr de pt it ru zh ja
tables where a native reading is sure (roots, means, doubles, halves, powers, differences). Each is computed exactly from the prompt
alone, the order of its numbers as the words say; each near miss (the other preposition, an extra
operation, a unit, a rounding, a negation, a median, a percentage more) is no claim: the model answers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.grammar import format_value
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

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
    ("Subtract 8 from 12.", "12 - 8", 4, "value", "en"),
    ("What is 12 more than 8?", "8 + 12", 20, "value", "en"),  # no claim until MORE_THAN was declared (2026-12-06 15:21)
    ("Subtract 12 from 8.", "8 - 12", -4, "value", "en"),
    ("Subtract 8 from 12", "12 - 8", 4, "value", "en"),
    ("Subtract 8 from 12. Number only.", "12 - 8", 4, "number", "en"),
    ("Divide 8 by 12.", "8 / 12", F(2, 3), "value", "en"),
    ("Divide 12 by 8.", "12 / 8", F(3, 2), "value", "en"),
    ("Multiply 8 by 12.", "8 * 12", 96, "value", "en"),
    ("Add 8 to 12.", "12 + 8", 20, "value", "en"),
    ("What is 12 less than 8?", "8 - 12", -4, "value", "en"),
    ("What is 8 subtracted from 12?", "12 - 8", 4, "value", "en"),
    ("What is 2 to the power of 10?", "2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2", 1024, "value", "en"),
    ("What is 1.5 raised to the power of 2?", "1.5 * 1.5", F(9, 4), "value", "en"),
    ("What is 3 to the power of three?", "3 * 3 * 3", 27, "value", "en"),
    ("What is the square root of 144?", "sqrt(144)", 12, "value", "en"),
    ("What is the square root of 2.25?", "sqrt(2.25)", F(3, 2), "value", "en"),
    ("What is the square root of 0?", "sqrt(0)", 0, "value", "en"),
    ("What is the average of 3, 5 and 10?", "(3 + 5 + 10) / 3", 6, "value", "en"),
    ("What is the average of 3, 5, and 10?", "(3 + 5 + 10) / 3", 6, "value", "en"),
    ("What is the mean of 3 and 4?", "(3 + 4) / 2", F(7, 2), "value", "en"),
    ("Calculate the arithmetic mean of 1, 2, 3 and 5.", "(1 + 2 + 3 + 5) / 4", F(11, 4), "value", "en"),
    ("What is the difference between 12 and 8?", "12 - 8", 4, "value", "en"),
    ("What is the difference between 8 and 8?", "8 - 8", 0, "value", "en"),
    ("What is the quotient of 8 and 12?", "8 / 12", F(2, 3), "value", "en"),
    ("What is twice 8?", "2 * 8", 16, "value", "en"),
    ("What is half of 12?", "12 / 2", 6, "value", "en"),
    ("What is half of 7? Only the number, please.", "7 / 2", F(7, 2), "number", "en"),
    ("Find the sum of 3 and 4.", "3 + 4", 7, "value", "en"),  # read before (wip/arithA), the order kept
    # the same words in the tables of other languages (a native reading each)
    ("¿Cuál es la raíz cuadrada de 144?", "sqrt(144)", 12, "value", "es"),
    ("¿Cuál es el promedio de 3, 5 y 10?", "(3 + 5 + 10) / 3", 6, "value", "es"),
    ("¿Cuál es la media de 3 y 4?", "(3 + 4) / 2", F(7, 2), "value", "es"),
    ("¿Cuánto es el doble de 8?", "2 * 8", 16, "value", "es"),
    ("¿Cuánto es la mitad de 12?", "12 / 2", 6, "value", "es"),
    ("¿Cuánto es 2 elevado a 10?", "2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2", 1024, "value", "es"),
    ("¿Cuál es la diferencia entre 12 y 8?", "12 - 8", 4, "value", "es"),
    ("Quelle est la racine carrée de 144 ?", "sqrt(144)", 12, "value", "fr"),
    ("Quelle est la moyenne de 3, 5 et 10 ?", "(3 + 5 + 10) / 3", 6, "value", "fr"),
    ("Quel est le double de 8 ?", "2 * 8", 16, "value", "fr"),
    ("Quelle est la moitié de 12 ?", "12 / 2", 6, "value", "fr"),
    ("Combien font 2 puissance 3 ?", "2 * 2 * 2", 8, "value", "fr"),
    ("Combien font 2 à la puissance 3 ?", "2 * 2 * 2", 8, "value", "fr"),
    ("Quelle est la différence entre 12 et 8 ?", "12 - 8", 4, "value", "fr"),
    ("Was ist die Quadratwurzel von 144?", "sqrt(144)", 12, "value", "de"),
    ("Was ist die Wurzel aus 144?", "sqrt(144)", 12, "value", "de"),
    ("Was ist der Durchschnitt von 3, 5 und 10?", "(3 + 5 + 10) / 3", 6, "value", "de"),
    ("Was ist das Doppelte von 8?", "2 * 8", 16, "value", "de"),
    ("Was ist die Hälfte von 12?", "12 / 2", 6, "value", "de"),
    ("Was ist 2 hoch 10?", "2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2", 1024, "value", "de"),
    ("Was ist die Differenz zwischen 12 und 8?", "12 - 8", 4, "value", "de"),
    ("Was ist der Quotient von 8 und 12?", "8 / 12", F(2, 3), "value", "de"),
    ("Qual é a raiz quadrada de 144?", "sqrt(144)", 12, "value", "pt"),
    ("Qual é a média de 3, 5 e 10?", "(3 + 5 + 10) / 3", 6, "value", "pt"),
    ("Quanto é o dobro de 8?", "2 * 8", 16, "value", "pt"),
    ("Quanto é a metade de 12?", "12 / 2", 6, "value", "pt"),
    ("Quanto é 2 elevado a 3?", "2 * 2 * 2", 8, "value", "pt"),
    ("Qual é a diferença entre 12 e 8?", "12 - 8", 4, "value", "pt"),
    ("Qual é 12 vezes 11?", "12 * 11", 132, "value", "pt"),
    ("Qual è la radice quadrata di 144?", "sqrt(144)", 12, "value", "it"),
    ("Qual è la media di 3, 5 e 10?", "(3 + 5 + 10) / 3", 6, "value", "it"),
    ("Quanto fa il doppio di 8?", "2 * 8", 16, "value", "it"),
    ("Quanto fa la metà di 12?", "12 / 2", 6, "value", "it"),
    ("Quanto fa 2 elevato a 3?", "2 * 2 * 2", 8, "value", "it"),
    ("Qual è la differenza tra 12 e 8?", "12 - 8", 4, "value", "it"),
    ("Чему равен квадратный корень из 144?", "sqrt(144)", 12, "value", "ru"),
    ("Чему равно среднее арифметическое 3, 5 и 10?", "(3 + 5 + 10) / 3", 6, "value", "ru"),
    ("Сколько будет 2 в степени 3?", "2 * 2 * 2", 8, "value", "ru"),
    ("Чему равна разность 12 и 8?", "12 - 8", 4, "value", "ru"),
    ("Чему равно частное 8 и 12?", "8 / 12", F(2, 3), "value", "ru"),
    ("144的平方根是多少？", "sqrt(144)", 12, "value", "zh"),
    ("2的10次方是多少？", "2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2", 1024, "value", "zh"),
    ("计算2的3次方。", "2 * 2 * 2", 8, "value", "zh"),
    ("144の平方根は？", "sqrt(144)", 12, "value", "ja"),
    ("2の10乗は？", "2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2", 1024, "value", "ja"),
    ("2の2乗は？", "2 * 2", 4, "value", "ja"),  # read before as "の2乗" (SQUARED): the same value
    ("What is 25% of 80?", "25 * 80 / 100", 20, "value", "en"),  # read before (wip/arithA)
]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), READ)
def test_each_wording_is_read_exactly(prompt: str, expression: str, value: int | Fraction, form: str, language: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form, c.language) == (expression, Fraction(value), form, language)
    assert TASK.detect(prompt)


NEAR_MISSES = [
    # the other preposition or the other verb: another operation, or read two ways
    "Divide 8 into 12.",  # "8 into 12" is 12 / 8 to some, 8 cut into 12 parts to others
    "Subtract 8 by 12.",
    "Divide 8 from 12.",
    "Subtract 8 and 12.",
    "Evenly divide 8 by 12.",
    "Multiply 8 to 12.",
    # a claim, not a request; or a comparison
    "12 is less than 8.",
    "12 is more than 8.",
    "Is 12 more than 8?",
    "What is 12 is more than 8?",
    # an extra operation, a rounding, a unit, a second step, a negation
    "Subtract 8 from 12 then double it.",
    "Subtract 8 from 12, then double it.",
    "Subtract 8 from 12 and round to the nearest ten.",
    "Subtract 8 kg from 12 kg.",
    "Subtract 8 from 12 and 3.",
    "Don't subtract 8 from 12.",
    "Do not divide 8 by 12.",
    "Divide 8 by 12 and round to 2 decimal places.",
    "Divide 8 by 0.",
    "What is 12 less than 8 times 2?",
    "What is 12 less than 8 percent?",
    "What is 15 percent more than 80?",  # pinned before (test_arithmetic_words.py): a percentage more is not "of"
    "What is 15% more than 80?",
    "What is 2 to the power of 10 minus 1?",
    "What is 2 to the power of 1?",  # the exponents read: 2 to 16
    "What is 2 to the power of 0?",
    "What is 2 to the power of 17?",
    "What is 2 to the power of 0.5?",
    "What is 2 to the power of -1?",
    "What is the square root of 2?",  # no exact root: no claim
    "What is the square root of 8?",
    "What is the square root of 0.1?",
    "What is the square root of -4?",
    "What is the cube root of 2?",  # wip/arithU: the cube root of 27 (3), of 64 (4, never 8) are read exactly
    "What is the cube root of 0.125?",
    "What is the square root of 144 plus 1?",
    "What is the square root of 144 rounded to 2 decimal places?",
    "What is the median of 3, 5 and 10?",
    "What is the mode of 3, 5 and 10?",
    "What is the average of 3, 5 and 10 kg?",
    "What is the average of 3, 5 or 10?",
    "What is the average of 3 5 and 10?",
    "What is the average of 3,5 and 10?",
    "What is the average of 3, 5 and 10, rounded?",
    "What is the weighted average of 3, 5 and 10?",
    "What is the difference between 8 and 12?",  # negative one way, 4 the other: no claim
    "What is the difference of 12 and 4?",  # pinned before (test_arithmetic_reach_arithA.py)
    "What is the difference between 12 and 8 and 3?",
    "What is the quotient of 8 and 0?",
    "What is the quotient of 8, 12 and 2?",
    "What is twice 8 plus 1?",
    "What is twice 8 squared?",
    "What is half of 12 percent?",
    "What is half of 12 kg?",
    "What is half of twice 8?",
    "What is not twice 8?",
    "What is 12 less than 8? Answer yes or no.",
    "Subtract 8 from 12. Explain.",
    # other languages: the other convention, a median, another root, an exponent outside 2-16, a decimal comma
    "¿Cuál es la diferencia entre 8 y 12?",
    "¿Cuál es la mediana de 3, 5 y 10?",
    "¿Cuál es la raíz cúbica de 26?",  # wip/arithV: the exact cube roots of 27 and 64 are read (test_arithmetic_reach_arithV.py)
    "¿Cuál es la raíz cúbica de 2,5?",
    "¿Cuál es la raíz cuadrada de 2?",
    "¿Cuánto es el triple de 8 más 1?",  # wip/arithU: "el triple de 8" is read (24)
    "¿Cuánto es 2 elevado a 1?",
    "¿Cuánto es el doble de 8 más 1?",
    "Quelle est la différence entre 8 et 12 ?",
    "Quelle est la médiane de 3, 5 et 10 ?",
    "Quelle est la moyenne pondérée de 3, 5 et 10 ?",
    "Quelle est la racine cubique de 65 ?",  # wip/arithV: of 64 is read (4)
    "Was ist die Differenz zwischen 8 und 12?",
    "Was ist der Median von 3, 5 und 10?",
    "Was ist der Durchschnitt von 3,5 und 10?",  # a decimal comma: 3.5 and 10 to a German reader, never 3, 5
    "Was ist die Kubikwurzel von 63?",  # wip/arithV: von 64 is read (4)
    "Was ist 2 hoch 0?",
    "Was ist nicht das Doppelte von 8?",
    "Qual é a diferença entre 8 e 12?",
    "Qual é a mediana de 3, 5 e 10?",
    "Qual è la differenza tra 8 e 12?",
    "Qual è la mediana di 3, 5 e 10?",
    "Чему равна разность 8 и 12?",
    "Чему равен кубический корень из 65?",  # wip/arithV: из 64 is read (4)
    "Сколько будет 2 в степени 17?",
    "2的平方根是多少？",
    "2的1次方是多少？",
    "65的立方根是多少？",  # wip/arithV: 64的立方根 is read (4)
    "2の平方根は？",
    "2の20乗は？",
]


@pytest.mark.parametrize("prompt", NEAR_MISSES)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("cached", "answer", "new", "expected"), [
    # order: the operands swapped or the preposition's sense kept
    ("Subtract 8 from 12.", "4.", "Subtract 12 from 8.", "-4."),
    ("Divide 8 by 12.", "2/3.", "Divide 12 by 8.", "1.5."),
    ("What is 12 less than 8?", "-4.", "What is 8 less than 12?", "4."),
    ("What is 8 subtracted from 12?", "4.", "What is 12 subtracted from 8?", "-4."),
    ("Add 8 to 12.", "20.", "Add 8.5 to 12.", "20.5."),
    ("Multiply 8 by 12.", "96.", "Multiply 8 by 0.5.", "4."),
    ("What is 2 to the power of 10?", "1024.", "What is 10 to the power of 3?", "1000."),
    ("What is 2 to the power of 10?", "1024.", "What is 3 to the power of 2?", "9."),
    ("What is the square root of 144?", "12.", "What is the square root of 169?", "13."),
    ("What is the average of 3, 5 and 10?", "6.", "What is the average of 3, 5, 10 and 2?", "5."),
    ("What is the average of 3, 5 and 10?", "6.", "What is the mean of 1 and 2?", "1.5."),
    ("What is the difference between 12 and 8?", "4.", "What is the difference between 20 and 8?", "12."),
    ("What is the quotient of 8 and 12?", "2/3.", "What is the quotient of 12 and 8?", "1.5."),
    ("What is twice 8?", "16.", "What is half of 8?", "4."),
    ("¿Cuál es la raíz cuadrada de 144?", "12.", "¿Cuál es la raíz cuadrada de 169?", "13."),
    ("Was ist die Differenz zwischen 12 und 8?", "4.", "Was ist die Differenz zwischen 20 und 8?", "12."),
    ("Quelle est la moyenne de 3, 5 et 10 ?", "6.", "Quelle est la moyenne de 3, 5, 10 et 2 ?", "5."),
    ("2的10次方是多少？", "1024。", "2的3次方是多少？", "8."),
    # the same value in another wording: the value alone answers both
    ("What is 12 minus 8?", "4.", "Subtract 8 from 12.", "4."),
    ("Subtract 8 from 12.", "4.", "What is the difference between 12 and 8?", "4."),
])
def test_a_changed_question_is_computed_in_its_own_order(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize(("first", "second"), [
    ("Subtract 8 from 12.", "Divide 8 into 12."),
    ("Subtract 8 from 12.", "Subtract 8 from 12 then double it."),
    ("Subtract 8 from 12.", "Subtract 8 kg from 12 kg."),
    ("Subtract 8 from 12.", "Don't subtract 8 from 12."),
    ("Divide 8 by 12.", "Divide 8 by 12 and round to 2 decimal places."),
    ("Divide 8 by 12.", "Divide 8 into 12."),
    ("What is 12 less than 8?", "What is 15 percent more than 80?"),
    ("What is 12 less than 8?", "12 is less than 8."),
    ("What is the average of 3, 5 and 10?", "What is the median of 3, 5 and 10?"),
    ("What is the difference between 12 and 8?", "What is the difference between 8 and 12?"),
    ("What is the square root of 144?", "What is the square root of 2?"),
    ("What is 2 to the power of 10?", "What is 2 to the power of 10 minus 1?"),
    ("What is twice 8?", "What is twice 8 plus 1?"),
    ("¿Cuál es la diferencia entre 12 y 8?", "¿Cuál es la diferencia entre 8 y 12?"),
    ("Was ist der Durchschnitt von 3, 5 und 10?", "Was ist der Durchschnitt von 3,5 und 10?"),
    ("144の平方根は？", "2の平方根は？"),
])
def test_near_misses_after_a_cached_wording_cost_a_model_call(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
    assert_models_answer_kept(second)


# ---- a property over numbers: every phrasing, both orders, computed exactly ----------------------
def _written(value: Fraction) -> str:
    return format_value(value)


_NUMBERS = st.builds(lambda whole, cents: Fraction(whole) + Fraction(cents, 100),
                     st.integers(0, 10**6), st.sampled_from([0, 0, 0, 5, 25, 50, 75, 1, 99]))

# phrasing, its operand count, the exact evaluation (None: the reader must not claim it)
PHRASINGS = [
    ("Subtract {0} from {1}.", 2, lambda a, b: b - a),
    ("Divide {0} by {1}.", 2, lambda a, b: a / b if b else None),
    ("Multiply {0} by {1}.", 2, lambda a, b: a * b),
    ("Add {0} to {1}.", 2, lambda a, b: b + a),
    ("What is {0} less than {1}?", 2, lambda a, b: b - a),
    ("What is {0} subtracted from {1}?", 2, lambda a, b: b - a),
    ("What is {0} more than {1}?", 2, lambda a, b: b + a),
    ("What is {0} added to {1}?", 2, lambda a, b: b + a),
    ("What is the difference between {0} and {1}?", 2, lambda a, b: a - b if a >= b else None),
    ("What is the quotient of {0} and {1}?", 2, lambda a, b: a / b if b else None),
    ("What is twice {0}?", 1, lambda a: 2 * a),
    ("What is half of {0}?", 1, lambda a: a / 2),
    ("What is the average of {0}, {1} and {2}?", 3, lambda a, b, c: (a + b + c) / 3),
    ("What is the mean of {0} and {1}?", 2, lambda a, b: (a + b) / 2),
]


@pytest.mark.parametrize(("phrasing", "count", "evaluate"), PHRASINGS, ids=[p[0] for p in PHRASINGS])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_each_phrasing_reads_the_exact_value_for_any_numbers(phrasing: str, count: int, evaluate, data) -> None:  # type: ignore[no-untyped-def]
    numbers = data.draw(st.lists(_NUMBERS, min_size=count, max_size=count))
    prompt = phrasing.format(*(_written(n) for n in numbers))
    expected = evaluate(*numbers)
    c = ArithmeticConstraints.of_prompt(prompt)
    if expected is None:
        assert not c.claimed, prompt
        return
    assert c.value == expected, (prompt, c.expression)
    assert TASK.fallback(c) == f"{format_value(expected)}.", prompt


@settings(max_examples=40, deadline=None)
@given(base=_NUMBERS.filter(lambda n: n < 10**4), exponent=st.integers(-2, 20))
def test_a_power_reads_the_exact_value_or_no_claim(base: Fraction, exponent: int) -> None:
    prompt = f"What is {_written(base)} to the power of {exponent}?"
    c = ArithmeticConstraints.of_prompt(prompt)
    if 2 <= exponent <= 16:
        assert c.value == base**exponent, prompt
    else:
        assert not c.claimed, prompt


@settings(max_examples=40, deadline=None)
@given(root=_NUMBERS, nudge=st.sampled_from([0, 0, 1, 2]))
def test_a_square_root_is_read_only_when_exact(root: Fraction, nudge: int) -> None:
    square = root * root + nudge  # a perfect square, or (nudged by an integer) one only by chance
    prompt = f"What is the square root of {_written(square)}?"
    c = ArithmeticConstraints.of_prompt(prompt)
    whole, _, decimals = _written(square).partition(".")
    if len(whole) > 12 or len(decimals) > 12:
        assert not c.claimed, prompt  # a number of more digits than the grammar reads
    elif nudge == 0:
        assert c.value == root, prompt
    elif c.claimed:
        assert c.value is not None and c.value * c.value == square, prompt  # exact, or no claim


_SERVED = StepCache()
for _phrasing, _count, _ in PHRASINGS:  # one question of each phrasing cached, answered by a model never right
    _SERVED.generate(_phrasing.format(*["10", "3", "5"][:_count]), FixedReplyModel("I do not know."))


@pytest.mark.parametrize(("phrasing", "count", "evaluate"), PHRASINGS, ids=[p[0] for p in PHRASINGS])
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_each_phrasing_is_served_its_exact_value_without_a_model_call(phrasing: str, count: int, evaluate, data) -> None:  # type: ignore[no-untyped-def]
    numbers = data.draw(st.lists(_NUMBERS, min_size=count, max_size=count))
    prompt = phrasing.format(*(_written(n) for n in numbers))
    expected = evaluate(*numbers)
    model = FixedReplyModel("I do not know.")
    result = _SERVED.generate(prompt, model)
    if expected is None:
        assert model.calls == 1 and result.verification != "proven", prompt
        return
    assert model.calls == 0, (prompt, result.outcome)
    assert result.text == f"{format_value(expected)}." and result.verification == "proven", (prompt, result.text)
