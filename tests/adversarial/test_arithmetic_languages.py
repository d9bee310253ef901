"""Arithmetic asked in other languages (issue 33 item 3): the request grammar
(arithmetic/request.lark) over the es, fr, de, pt, it, ru, zh and ja tables. One operator word
between two plain numbers, or a symbolic expression, after the language's question words; the
value is computed exactly and served proven. Every near miss is no claim: a word outside the
table, a number a reader of that language would read otherwise ("2.500" is two thousand five
hundred in German), a second operator, a word order the grammar does not derive."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

from .harness import FixedReplyModel

TASK = ArithmeticTask()


@pytest.mark.parametrize(("prompt", "expression", "value", "form"), [
    ("¿Cuánto es 14 por 11?", "14 * 11", 154, "value"),
    ("¿Cuánto es 14 entre 4?", "14 / 4", Fraction(7, 2), "value"),
    ("Cuánto es 20 menos 26?", "20 - 26", -6, "value"),
    ("¿Cuánto es 14 * 11? Solo el número.", "14 * 11", 154, "number"),
    ("Calcula 9 dividido entre 4.", "9 / 4", Fraction(9, 4), "value"),
    ("Combien font 14 fois 11 ?", "14 * 11", 154, "value"),
    ("Combien font 14 fois 11?", "14 * 11", 154, "value"),
    ("Combien fait 9 divisé par 4 ? Seulement le nombre.", "9 / 4", Fraction(9, 4), "number"),
    ("Was ist 14 mal 11?", "14 * 11", 154, "value"),
    ("Wie viel ist 30 geteilt durch 4?", "30 / 4", Fraction(15, 2), "value"),
    ("Was ist 14 mal 11? Nur die Zahl.", "14 * 11", 154, "number"),
    ("Berechne 7 minus 10.", "7 - 10", -3, "value"),
    ("Quanto é 14 vezes 11?", "14 * 11", 154, "value"),
    ("Quanto fa 14 per 11?", "14 * 11", 154, "value"),
    ("Quanto fa 14 diviso per 4?", "14 / 4", Fraction(7, 2), "value"),
    ("Сколько будет 14 умножить на 11?", "14 * 11", 154, "value"),
    ("Чему равно 100 разделить на 8?", "100 / 8", Fraction(25, 2), "value"),
    ("14 乘以 11 等于多少？", "14 * 11", 154, "value"),
    ("14乘以11等于多少？", "14 * 11", 154, "value"),
    ("14 减去 20 等于多少？只要数字。", "14 - 20", -6, "number"),
    ("计算 14 除以 4。", "14 / 4", Fraction(7, 2), "value"),
    ("2.5 乘以 4 等于多少？", "2.5 * 4", 10, "value"),
    ("14 かける 11 は？", "14 * 11", 154, "value"),
    ("14かける11はいくつですか？", "14 * 11", 154, "value"),
    ("14 わる 4 は？", "14 / 4", Fraction(7, 2), "value"),
    # unit conversions (es, fr, de, pt, it): the units' factors are the shared data's
    ("¿Cuántos gramos hay en 4 kilogramos?", "4 * 1000", 4000, "value"),
    ("¿Cuántas horas hay en 90 minutos? Solo el número.", "90 / 60", Fraction(3, 2), "number"),
    ("Convierte 2 litros a mililitros.", "2 * 1000", 2000, "value"),
    ("Combien de grammes y a-t-il dans 4 kilogrammes ?", "4 * 1000", 4000, "value"),
    ("Combien de minutes dans 3 heures ?", "3 * 60", 180, "value"),
    ("Convertis 25 degrés Celsius en degrés Fahrenheit.", "25 * 9 / 5 + 32", 77, "value"),
    ("Wie viele Gramm sind 4 Kilogramm?", "4 * 1000", 4000, "value"),
    ("Wie viele Minuten sind in 3 Stunden?", "3 * 60", 180, "value"),
    ("Quantos gramas há em 4 quilogramas?", "4 * 1000", 4000, "value"),
    ("Converta 2 litros em mililitros.", "2 * 1000", 2000, "value"),
    ("Quanti grammi ci sono in 4 chilogrammi?", "4 * 1000", 4000, "value"),
    ("Converti 3 ore in minuti.", "3 * 60", 180, "value"),
    ("How many grams in 4 kilograms?", "4 * 1000", 4000, "value"),
])
def test_questions_in_other_languages_are_read_exactly(prompt: str, expression: str, value: Fraction | int,
                                                       form: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form) == (expression, Fraction(value), form)
    assert TASK.detect(prompt)


@pytest.mark.parametrize("prompt", [
    "Was ist 2.500 mal 3?",  # German thousands: 2500, not 2.5
    "¿Cuánto es 2.5 por 4?",
    "Combien font 2,5 fois 4 ?",  # a decimal comma: not read
    "Quanto fa 2,5 per 4?",
    "¿Cuánto es 14 por ciento más que 80?",  # a percentage more ("14 por ciento de 80" is read: wip/arithA, served AND exact)
    "¿Cuánto es 14 por 11",  # no question mark
    "Was ist 14 mal 11 mal 2?",  # two operator words
    "Was ist 14mal 11?",
    "Was ist 14 times 11?",  # two languages in one prompt
    "Combien font 14 fois 11 ? Explique.",
    "Combien font 14 fois 11  ?",
    "Сколько будет 14 умножить на 11? Объясни.",
    "Cuánto es - 3 por 4?",  # a sign apart from its spoken operand (wip/arithV: "-3 por 4" is read, -12)
    "14 除 2 等于多少？",  # 除 alone divides the other way round
    "14 乘以 11 等于多少？ 请解释。",
    "14  乘以 11 等于多少？",  # a doubled space
    "14 乘以 11 等于多少",
    "14 かける 11 かける 2 は？",
    "14 わる 0 は？",
    "Quanto fa 14 per cento in più di 80?",
    # wip/arithX: "Was ist 14 mal 11? Nur die Zahl. Danke." is read (thanks after the mark): test_arithmetic_reach_arithX.py
    "Was ist 14 mal 11? Nur die Zahl. Danke, jetzt 15 mal 11.",
    # "What is 14 times 11 ?" is read since wip/overdecl (one space before the mark: the English table's
    # space_before_question_mark), served AND exact in test_overdecl_arithmetic; a table that does not
    # declare it still reads no space before the mark:
    "Was ist 14 mal 11 ?",
    "¿Cuánto es 14 por 11 ?",
    "Compute(3 + 4) * 2.",  # a spaced language's words run together (the glued forms are zh's and ja's)
    "Compute(3+4)*2",
    "Wie viele Gramm sind 2.5 Kilogramm?",  # 2.5 or 2500: not read
    "¿Cuántos gramos hay en 4 kilómetros?",  # two dimensions
    "¿Cuántos gramos hay en 4 lb?",  # an undeclared abbreviation is not read ("4 kg" is: wip/jsonU, served exactly)
    "Combien de grammes y a-t-il dans 4 kilogrammes de farine ?",
    "Quanti giorni ci sono in 3 mesi?",  # no exact factor declared
    "Wie viele Grad Celsius sind 100 Grad Fahrenheit?",  # 340/9: no terminating decimal
    "Convierte 2 litros a mililitros y explica.",
    # "¿Es 43 divisible por 3?" was declined while the answer's word was English: now read and answered
    # "No." in the table's words (wip/jsonU: test_arithmetic_yes_no_jsonU, served AND exact)
])
def test_near_misses_in_other_languages_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("What is 14 times 11? Only the number, please.", "Was ist 93 mal 11? Nur die Zahl.", "1023"),
    ("¿Cuánto es 14 por 11?", "¿Cuánto es 14 entre 8?", "1.75."),
    ("14 乘以 11 等于多少？", "14 减 11 等于多少？", "3."),
    ("14 かける 11 は？", "14 たす 11 は？", "25."),
])
def test_a_changed_question_in_another_language_is_computed_without_a_model_call(first: str, second: str,
                                                                                 expected: str) -> None:
    cache = StepCache()
    model = FixedReplyModel("No lo sé.")  # never right: what is served is computed
    written = cache.generate(first, model)
    assert model.calls == 1 and written.used_fallback and written.verification == "proven"
    result = cache.generate(second, model)
    assert model.calls == 1 and result.text == expected and result.verification == "proven" and result.verified


@pytest.mark.parametrize("question", ["Was ist 14 mal 11?", "¿Cuánto es 14 por 11?", "Combien font 14 fois 11 ?", "14 乘以 11 等于多少？"])
def test_an_english_answer_is_not_served_for_another_language(question: str) -> None:
    """An answer's words are its question's language: after "The answer is 154." for the English
    question, the same product asked in German is answered without English words (the value computed)."""
    cache = StepCache()
    cache.generate("What is 14 times 11?", FixedReplyModel("14 * 11 = 154\nThe answer is 154."))
    result = cache.generate(question, FixedReplyModel("MODEL"))
    assert "154" in result.text and "answer" not in result.text.lower(), (question, result.outcome, result.text)
    assert not any(c.isascii() and c.isalpha() for c in result.text), result.text
