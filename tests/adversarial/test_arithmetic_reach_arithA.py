"""Arithmetic reach, issue 33 items 2-4 (branch wip/arithA): the number alone asked in any wording and
position (after the question, before it, in a system turn), percentages, unit symbols and plurals,
and everyday operator wordings ("the product of 12 and 11", "11 squared"), in the nine tables
(core/tasks/arithmetic/request.lark and vocabulary/*.json). Each read class is computed exactly
(Fractions) from the prompt alone and served proven without a model call after a first answer by a
model that is never right; each near miss (a word outside the tables, a form not declared) is no
claim: the model answers it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

from .harness import FixedReplyModel

TASK = ArithmeticTask()

# (prompt, expression, exact value, answer form, table)
READ = [
    # 1. the number alone asked: any wording, any position
    ("What is 12 times 11? Reply with the number only.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Number only.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Answer only, no explanation.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Just give me the number", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Please reply with just the number.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Respond only with the number.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Reply with only the number and nothing else.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Only give the final answer, no explanation.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? No explanation needed.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? The number only, please.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Answer with a single number.", "12 * 11", 132, "number", "en"),
    ("What is 12 times 11? Just give me the number!", "12 * 11", 132, "number", "en"),
    ("What is 14 times 11? Only the number, please", "14 * 11", 154, "number", "en"),
    ("What is 14 times 11? Only the number please.", "14 * 11", 154, "number", "en"),
    ("Was ist 12 mal 11? Nur die Zahl bitte.", "12 * 11", 132, "number", "de"),
    ("Just the number please: what is 12 times 11?", "12 * 11", 132, "number", "en"),
    ("Only the number: what is 12 times 11?", "12 * 11", 132, "number", "en"),
    ("Number only. What is 25% of 198?", "25 * 198 / 100", Fraction(99, 2), "number", "en"),
    ("Answer only: How many cm are in 4 km?", "4 * 100000", 400000, "number", "en"),
    ("System: Reply with a number only. | User: What is 12 times 11?", "12 * 11", 132, "number", "en"),
    ("System: Reply with a number only.\n\nUser: What is 25% of 320?", "25 * 320 / 100", 80, "number", "en"),
    ("17 + 25 = ? Just the number.", "17 + 25", 42, "number", "en"),
    ("Compute 14 * 11. Number only.", "14 * 11", 154, "number", "en"),
    ("¿Cuánto es 12 por 11? Solo el número.", "12 * 11", 132, "number", "es"),
    ("¿Cuánto es 12 por 11? Responde solo con el número, por favor.", "12 * 11", 132, "number", "es"),
    ("¿Cuánto es 12 por 11? Sin explicación.", "12 * 11", 132, "number", "es"),
    ("Solo el número: ¿cuánto es 12 por 11?", "12 * 11", 132, "number", "es"),
    ("Combien font 12 fois 11 ? Donne-moi seulement le nombre.", "12 * 11", 132, "number", "fr"),
    ("Combien font 12 fois 11 ? Juste le nombre, sans explication.", "12 * 11", 132, "number", "fr"),
    ("Was ist 12 mal 11? Nur die Zahl, bitte.", "12 * 11", 132, "number", "de"),
    ("Was ist 12 mal 11? Antworte nur mit der Zahl.", "12 * 11", 132, "number", "de"),
    ("Was ist 12 mal 11? Ohne Erklärung.", "12 * 11", 132, "number", "de"),
    ("Quanto fa 12 per 11? Rispondi solo con il numero.", "12 * 11", 132, "number", "it"),
    ("Quanto é 12 vezes 11? Responda apenas com o número.", "12 * 11", 132, "number", "pt"),
    ("Сколько будет 12 умножить на 11? Ответь только числом.", "12 * 11", 132, "number", "ru"),
    ("Сколько будет 12 умножить на 11? Без объяснений.", "12 * 11", 132, "number", "ru"),
    ("12 乘以 11 等于多少？请只回答数字。", "12 * 11", 132, "number", "zh"),
    ("只要数字：320的25%是多少？", "25 * 320 / 100", 80, "number", "zh"),
    ("12 かける 11 は？数字だけで答えてください。", "12 * 11", 132, "number", "ja"),
    # 2. percentages: P * N / 100, exactly
    ("What is 25% of 320? Reply with the number only.", "25 * 320 / 100", 80, "number", "en"),
    ("What is 25% of 320?", "25 * 320 / 100", 80, "value", "en"),
    ("What is 25 percent of 320?", "25 * 320 / 100", 80, "value", "en"),
    ("25 percent of 320?", "25 * 320 / 100", 80, "value", "en"),
    ("Calculate 15% of 80.", "15 * 80 / 100", 12, "value", "en"),
    ("What is 12.5% of 80?", "12.5 * 80 / 100", 10, "value", "en"),
    ("What is 25% of 198?", "25 * 198 / 100", Fraction(99, 2), "value", "en"),
    ("¿Cuánto es el 25 % de 320?", "25 * 320 / 100", 80, "value", "es"),
    ("¿Cuánto es 14 por ciento de 80?", "14 * 80 / 100", Fraction(56, 5), "value", "es"),  # once pinned as no claim
    ("Quanto fa 14 per cento di 80?", "14 * 80 / 100", Fraction(56, 5), "value", "it"),  # "per cento", not "per" (times)
    ("Wie viel sind 25 Prozent von 320?", "25 * 320 / 100", 80, "value", "de"),
    ("Combien font 25 % de 320 ?", "25 * 320 / 100", 80, "value", "fr"),
    ("Wie viel sind 25 % von 320?", "25 * 320 / 100", 80, "value", "de"),
    ("Quanto fa il 25% di 320?", "25 * 320 / 100", 80, "value", "it"),
    ("Quanto é 25% de 320?", "25 * 320 / 100", 80, "value", "pt"),
    ("Сколько будет 25% от 320?", "25 * 320 / 100", 80, "value", "ru"),
    ("320的25%是多少？", "25 * 320 / 100", 80, "value", "zh"),
    ("320の25%は？", "25 * 320 / 100", 80, "value", "ja"),
    # 3. unit symbols and plurals
    ("Convert 4 kilometers to meters. Reply with the number only.", "4 * 1000", 4000, "number", "en"),
    ("Convert 4 kilometers to centimeters. Reply with the number only.", "4 * 100000", 400000, "number", "en"),
    ("Convert 4 km to m.", "4 * 1000", 4000, "value", "en"),
    ("Convert 4 km into m.", "4 * 1000", 4000, "value", "en"),
    ("Convert 4 kilometres to metres.", "4 * 1000", 4000, "value", "en"),
    ("How many cm are in 4 km?", "4 * 100000", 400000, "value", "en"),
    ("4 km in m?", "4 * 1000", 4000, "value", "en"),
    ("4 km in m? Number only.", "4 * 1000", 4000, "number", "en"),
    ("Convert 3 h to min.", "3 * 60", 180, "value", "en"),
    ("Convert 2 L to mL.", "2 * 1000", 2000, "value", "en"),
    ("Convert 5 g to mg.", "5 * 1000", 5000, "value", "en"),
    ("Convert 500 ms to s.", "500 / 1000", Fraction(1, 2), "value", "en"),
    ("Convert 40 degrees Celsius to Fahrenheit. Reply with the number only.", "40 * 9 / 5 + 32", 104, "number", "en"),
    ("Convierte 4 km a m.", "4 * 1000", 4000, "value", "es"),
    ("Convertis 4 km en m.", "4 * 1000", 4000, "value", "fr"),
    ("Rechne 4 km in m um.", "4 * 1000", 4000, "value", "de"),
    ("Converti 4 km in m.", "4 * 1000", 4000, "value", "it"),
    ("Converta 4 km para m.", "4 * 1000", 4000, "value", "pt"),
    ("Переведи 4 км в м.", "4 * 1000", 4000, "value", "ru"),
    ("Сколько секунд в 3 мин?", "3 * 60", 180, "value", "ru"),
    # 4. everyday operator wordings
    ("What is the product of 12 and 11?", "12 * 11", 132, "value", "en"),
    ("What is the sum of 3 and 4?", "3 + 4", 7, "value", "en"),
    ("What is 12 multiplied by 11?", "12 * 11", 132, "value", "en"),
    ("What is 11 squared?", "11 * 11", 121, "value", "en"),
    ("What is 11 cubed?", "11 * 11 * 11", 1331, "value", "en"),
    ("What is the square of 11?", "11 * 11", 121, "value", "en"),
    ("Find the sum of 3.5 and 4.", "3.5 + 4", Fraction(15, 2), "value", "en"),
    ("¿Cuánto es el producto de 12 y 11?", "12 * 11", 132, "value", "es"),
    ("¿Cuánto es 11 al cuadrado?", "11 * 11", 121, "value", "es"),
    ("Combien font 11 au carré ?", "11 * 11", 121, "value", "fr"),
    ("Was ist die Summe von 3 und 4?", "3 + 4", 7, "value", "de"),
    ("Quanto fa il prodotto di 12 e 11?", "12 * 11", 132, "value", "it"),
    ("Quanto é 11 ao quadrado?", "11 * 11", 121, "value", "pt"),
    ("Чему равна сумма 3 и 4?", "3 + 4", 7, "value", "ru"),
    ("12和11的积是多少？", "12 * 11", 132, "value", "zh"),
    ("11的平方是多少？", "11 * 11", 121, "value", "zh"),
    ("3と4の和はいくつですか？", "3 + 4", 7, "value", "ja"),
    ("11の二乗は？", "11 * 11", 121, "value", "ja"),
    # the hard workload's yes/no items: "Answer yes or no:" and parity (divisible by 2)
    ("Answer yes or no: is 57 greater than 23?", "57 > 23", 1, "yesno", "en"),
    ("Answer yes or no: is 57 less than 23?", "57 < 23", 0, "yesno", "en"),
    ("Answer yes or no: is 57 an even number?", "57 divisible by 2", 0, "yesno", "en"),
    ("Answer yes or no: is 57 not an even number?", "not 57 divisible by 2", 1, "yesno", "en"),
    ("Is 57 odd?", "not 57 divisible by 2", 1, "yesno", "en"),
    ("Is 58 not odd?", "58 divisible by 2", 1, "yesno", "en"),
    ("¿Es 57 par?", "57 divisible by 2", 0, "yesno", "es"),
    ("Est-ce que 58 est impair ?", "not 58 divisible by 2", 0, "yesno", "fr"),
    ("Ist 57 ungerade?", "not 57 divisible by 2", 1, "yesno", "de"),
    ("57 è pari?", "57 divisible by 2", 0, "yesno", "it"),
    ("57 é ímpar?", "not 57 divisible by 2", 1, "yesno", "pt"),
    ("Является ли 58 чётным числом?", "58 divisible by 2", 1, "yesno", "ru"),
    ("57是奇数吗？", "not 57 divisible by 2", 1, "yesno", "zh"),
    ("58は偶数ですか？", "58 divisible by 2", 1, "yesno", "ja"),
]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), READ)
def test_each_class_is_read_exactly(prompt: str, expression: str, value: int | Fraction, form: str, language: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form, c.language) == (expression, Fraction(value), form, language)
    assert TASK.detect(prompt)


@pytest.mark.parametrize("prompt", [
    # percentages: only "P% of N" is declared
    "What is 25% more than 320?",
    "320 is 25% of what?",
    "What percent of 320 is 80?",
    "What is 25% of 320 dollars?",
    "What is 25% off 320?",
    "What is 25% of 320 plus 5?",
    "What is -25% of 320?",
    "What is 25%% of 320?",
    "What is 3 + 4% of 80?",
    "3 + 4% of 80?",
    # units: "m" is the metre (never minutes or miles); a unit outside the tables is no claim
    "Convert 4 m to min.",
    "How many minutes are in 4 m?",
    "Convert 4 m to miles.",
    "Convert 4 fur to m.",  # an undeclared unit (the foot is declared since 2026-12-06: test_arithmetic_imperial_units.py)
    "Convert 4 km to mi.",  # 4000 / 1609.344: no terminating decimal
    "4 + 3 km in m?",
    "Rechne 4 km in Fuß um.",  # de: 4000 / 0.3048, no terminating decimal (the Fuß is declared since 2026-12-06)
    # operator wordings: one operation, declared
    "What is 2 plus 3 times 4?",
    "What is 2 plus 3 times 4? Number only.",
    "What is the difference of 12 and 4?",
    "What is the sum of 3 and 4 and 5?",
    "What is 11 squared plus 1?",
    "What is the product of 12, 11 or 2?",  # wip/arithU: "the product of 12, 11 and 2" is read (264)
    # instructions: only a number-only one is read; a negated or another one is no claim
    "What is 12 times 11? Give the answer.",
    "What is 12 times 11? Reply with the answer.",
    "What is 12 times 11? Give the answer as a fraction.",
    "What is 12 times 11? Answer in one line.",
    "What is 12 times 11? Explain your answer.",
    "What is 12 times 11? Don't give only the number.",
    "What is 12 times 11? Not just the number.",
    "What is 12 times 11? Only the number, with every step.",
    # wip/arithX: "What is 12 times 11? Only the number. Thanks." is read (thanks after the mark): test_arithmetic_reach_arithX.py
    "What is 12 times 11? Only the number. Thanks, now 12 times 12.",
    "System: You are a helpful assistant. | User: What is 12 times 11?",
    "System: Reply with a number only. | User: What is 12 times 11? Show your work.",
    "User: What is 12 times 11?",
    "Is 42 divisible by 7? Number only.",  # a number asked for a yes/no question
    "Is 42 divisible by 7? Answer only.",
    "Is 57 even? Number only.",
    "Is 2.5 even?",  # parity of an integer only
    "Is 3 + 4 even?",
    "Is 57 an even number or odd?",
    "Is 57 even and prime?",
])
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("first", "second", "expected"), [
    # the hard workload's text/arithmetic and text/units items (bench --hard), with other numbers
    ("What is 25% of 320? Reply with the number only.", "What is 25% of 200? Reply with the number only.", "50"),
    ("What is 25% of 320? Reply with the number only.", "What is 25% of 198? Reply with the number only.", "49.5"),
    ("Convert 4 kilometers to meters. Reply with the number only.",
     "Convert 4 kilometers to centimeters. Reply with the number only.", "400000"),
    ("Convert 4 kilometers to meters. Reply with the number only.",
     "Convert 35 degrees Celsius to Fahrenheit. Reply with the number only.", "95"),
    ("What is 12 times 11? Reply with the number only.", "What is 13 times 11? Reply with the number only.", "143"),
    ("Convert 4 km to m.", "Convert 7 km to m.", "7000."),
    ("Convert 4 km to m.", "Convert 250 ms to s.", "0.25."),
    # the number alone asked in other words and positions
    ("What is 12 times 11? Number only.", "Only the number: what is 12 times 12?", "144"),
    ("What is 14 times 11? Only the number please.", "What is 14 times 12? Only the number please.", "168"),
    ("System: Reply with a number only. | User: What is 12 times 11?",
     "System: Reply with a number only. | User: What is 25% of 320?", "80"),
    ("What is 15% of 80?", "What is 12.5% of 80?", "10."),
    ("What is the product of 12 and 11?", "What is the sum of 12 and 11?", "23."),
    ("What is 11 squared?", "What is 2.5 squared?", "6.25."),
    ("¿Cuánto es el 25 % de 320? Solo el número.", "¿Cuánto es el 30 % de 320? Solo el número.", "96"),
    ("320的25%是多少？只要数字。", "320的15%是多少？只要数字。", "48"),
    ("¿Cuánto es 14 por ciento de 80?", "¿Cuánto es 15 por ciento de 80?", "12."),
    ("Сколько будет 25% от 320?", "Сколько будет 25% от 330?", "82.5."),
    ("Переведи 4 км в м.", "Переведи 4 км в см.", "400000."),
    ("Answer yes or no: is 57 greater than 23?", "Answer yes or no: is 57 less than 23?", "No."),
    ("Answer yes or no: is 57 an even number?", "Answer yes or no: is 57 not an even number?", "Yes."),
    ("Is 57 odd?", "Is 58 odd?", "No."),
    ("¿Es 57 par?", "¿Es 58 par?", "Sí."),
])
def test_a_changed_question_is_computed_without_a_model_call(first: str, second: str, expected: str) -> None:
    cache = StepCache()
    model = FixedReplyModel("I do not know.")  # never right: what is served is computed
    written = cache.generate(first, model)
    assert model.calls == 1 and written.used_fallback and written.verification == "proven"
    result = cache.generate(second, model)
    assert model.calls == 1 and result.outcome in ("reuse", "reinstantiate"), result.outcome
    assert result.text == expected and result.verification == "proven" and result.verified


@pytest.mark.parametrize(("prompt", "answer", "ok"), [
    ("What is 25% of 198? Reply with the number only.", "49.5", True),
    ("What is 25% of 198? Reply with the number only.", "99/2", True),
    ("What is 25% of 198? Reply with the number only.", "49", False),
    ("What is 25% of 198? Reply with the number only.", "49.5%", False),
    ("What is 25% of 198? Reply with the number only.", "The answer is 49.5.", False),
    ("Convert 4 km to m. Number only.", "4000", True),
    ("Convert 4 km to m. Number only.", "4000 m", False),
    ("Convert 4 km to m. Number only.", "4", False),
    ("What is 11 squared? Just the number.", "121", True),
    ("What is 11 squared? Just the number.", "22", False),
])
def test_the_answer_is_checked_in_the_form_asked(prompt: str, answer: str, ok: bool) -> None:
    c = TASK.constraints(prompt)
    steps = TASK.segment(answer, c)
    assert (TASK.check_answer(steps, c) == []) is ok
    assert TASK.verification_level(steps, c, None) == ("proven" if ok else "unchecked")


def test_a_wrong_model_answer_is_never_served() -> None:
    cache = StepCache()
    first = cache.generate("What is 25% of 320? Reply with the number only.", FixedReplyModel("75"))
    assert first.text == "80" and first.used_fallback and first.verification == "proven"
    model = FixedReplyModel("82")  # wrong, and never asked: the value is computed
    again = cache.generate("System: Reply with a number only. | User: What is 25% of 324?", model)
    assert again.text == "81" and again.verification == "proven" and model.calls == 0


def test_the_percentage_form_is_keyed_apart_from_the_product() -> None:
    keys = {TASK.problem_key(TASK.constraints(p)) for p in (
        "What is 25% of 320?", "What is 25 times 320?", "What is 25% of 320? Number only.", "What is 25 * 320 / 100?")}
    assert len(keys) == 4
