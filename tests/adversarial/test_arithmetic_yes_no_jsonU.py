"""wip/jsonU: arithmetic yes/no paraphrases in every table (issue 33 items 3/4). Divisibility is
asked many ways: "is 30 evenly divisible by 3?", "Is 30 a multiple of 3?", and with the divisor
named first, "Is 3 a factor of 30?", "Does 3 divide 30?" (roles reversed: both are "30 divisible by
3"); es "¿30 es múltiplo de 3?", de "Ist 30 durch 3 teilbar?", fr "30 est-il divisible par 3 ?", ru
"Делится ли 30 на 3?", zh "30能被3整除吗？", ja "30は3で割り切れますか？". The answer is the table's own
yes/no words ("Ja.", "是。"), computed exactly; a cached English "Yes." answers no German question.
Served pairs served AND exactly right; traps ("not divisible", a factor's reversed roles, which way
"divides" goes, a decimal, a zero divisor, an expression) are no claim or right."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question

from .harness import OracleModel, assert_arith_pair_served

# (prompt, dividend, divisor, negated): the reading, exactly
READINGS = [
    ("Is 30 divisible by 3?", 30, 3, False),
    ("is 30 evenly divisible by 3?", 30, 3, False),
    ("Is 30 exactly divisible by 4?", 30, 4, False),
    ("Is 30 a multiple of 3?", 30, 3, False),
    ("Is 30 not a multiple of 3?", 30, 3, True),
    ("Does 3 divide 30?", 30, 3, False),        # the divisor first
    ("Does 30 divide 3?", 3, 30, False),        # which way "divides" goes
    ("Yes or no: does 7 divide 42?", 42, 7, False),
    ("Is 3 a factor of 30?", 30, 3, False),     # a factor: the roles reversed
    ("Is 30 a factor of 3?", 3, 30, False),
    ("Is 4 a divisor of 30?", 30, 4, False),
    ("Is 3 not a factor of 30?", 30, 3, True),
    ("30 is divisible by 4?", 30, 4, False),
    ("¿Es 30 divisible por 3?", 30, 3, False),
    ("¿Es 43 divisible por 3?", 43, 3, False),
    ("¿30 es múltiplo de 3?", 30, 3, False),
    ("¿Es 5 un divisor de 30?", 30, 5, False),
    ("Ist 30 durch 3 teilbar?", 30, 3, False),
    ("Ist 30 ein Vielfaches von 7?", 30, 7, False),
    ("Ist 6 ein Teiler von 30?", 30, 6, False),
    ("30 est-il divisible par 3 ?", 30, 3, False),
    ("Est-ce que 30 est un multiple de 4 ?", 30, 4, False),
    ("30 è divisibile per 3?", 30, 3, False),
    ("È 30 un multiplo di 7?", 30, 7, False),
    ("30 é divisível por 3?", 30, 3, False),
    ("É 30 múltiplo de 4?", 30, 4, False),
    ("Делится ли 30 на 3?", 30, 3, False),
    ("30 кратно 7?", 30, 7, False),
    ("Является ли 3 делителем 30?", 30, 3, False),
    ("30能被3整除吗？", 30, 3, False),
    ("30能被7整除吗", 30, 7, False),
    ("30是3的倍数吗？", 30, 3, False),
    ("30は3で割り切れますか？", 30, 3, False),
    ("30は7の倍数ですか？", 30, 7, False),
]


@pytest.mark.parametrize("prompt, a, b, negated", READINGS)
def test_reading_exactly(prompt: str, a: int, b: int, negated: bool) -> None:
    question = read_question(prompt)
    assert question is not None, prompt
    assert question.form == "yesno" and question.expression == f"{'not ' if negated else ''}{a} divisible by {b}", question
    assert question.value == int((a % b == 0) != negated), question


# (cached prompt, its answer, new prompt, the new prompt's exact answer)
SERVED = [
    ("Is 30 divisible by 3?", "Yes.", "Is 30 evenly divisible by 3?", "Yes."),
    ("Is 30 divisible by 3?", "Yes.", "Is 30 a multiple of 3?", "Yes."),
    ("Is 30 divisible by 3?", "Yes.", "Does 3 divide 30?", "Yes."),
    ("Is 30 divisible by 3?", "Yes.", "Does 30 divide 3?", "No."),
    ("Is 30 divisible by 3?", "Yes.", "Is 3 a factor of 30?", "Yes."),
    ("Is 30 divisible by 3?", "Yes.", "Is 30 a factor of 3?", "No."),
    ("Is 30 divisible by 3?", "Yes.", "Is 30 not divisible by 3?", "No."),
    ("Is 30 divisible by 3?", "Yes.", "Is 31 a multiple of 3?", "No."),
    ("¿Es 30 divisible por 3?", "Sí.", "¿30 es múltiplo de 7?", "No."),
    ("Ist 30 durch 3 teilbar?", "Ja.", "Ist 30 durch 7 teilbar?", "Nein."),
    ("Ist 30 durch 3 teilbar?", "Ja.", "Ist 30 ein Vielfaches von 5?", "Ja."),
    ("30 est-il divisible par 3 ?", "Oui.", "30 est-il divisible par 7 ?", "Non."),
    ("30 è divisibile per 3?", "Sì.", "31 è divisibile per 3?", "No."),
    ("30 é divisível por 3?", "Sim.", "É 30 múltiplo de 7?", "Não."),
    ("Делится ли 30 на 3?", "Да.", "Делится ли 30 на 7?", "Нет."),
    ("30能被3整除吗？", "是。", "30能被7整除吗？", "不是。"),
    ("30能被3整除吗？", "是。", "30是5的倍数吗？", "是。"),
    ("30は3で割り切れますか？", "はい。", "30は7で割り切れますか？", "いいえ。"),
    # a cached English answer for a question in another table: computed in that table's words
    ("Is 30 divisible by 3?", "Yes.", "Ist 30 durch 3 teilbar?", "Ja."),
    ("Is 30 divisible by 3?", "Yes.", "30は3で割り切れますか？", "はい。"),
]


@pytest.mark.parametrize("cached, answer, new, expected", SERVED)
def test_served_and_exactly_right(cached: str, answer: str, new: str, expected: str) -> None:
    cache = StepCache()
    oracle = OracleModel({cached: answer})
    first = cache.generate(cached, oracle)
    assert first.text.strip() == answer and first.verification == "proven", (first.text, first.verification)
    result = cache.generate(new, OracleModel({}))
    assert result.model_calls == 0 and result.verification == "proven", (result.outcome, result.text)
    assert result.text.strip() == expected, (result.text, expected)


@pytest.mark.parametrize("prompt", [
    "Is 30 divisible by 0?",            # no divisor
    "Is 30.5 divisible by 3?",          # integers only
    "Is 30 a multiple of 2.5?",
    "Does 3 not divide 30?",            # no negated "divide" form is declared
    "Does 3 divides 30?",
    "Is 30 divisible by 3 and 5?",
    "Is 30 divisible by 3 or not?",
    "Is 30 a factor?",
    "3+4は7で割り切れますか？",          # an expression, not a number
    "30不能被3整除吗？",                 # a negation the table does not declare
    "30は3で割り切れませんか？",
    "¿No es 30 divisible por 3?",
    "Ist 30 teilbar durch 3?",
    "Ist 30 nicht durch 4 teilbar?",    # German answers a negated question with 'Doch': no yes/no claim (W28 C)
    "Is 30 divisible by 3? Only the number, please.",  # a number asked for a yes/no question
])
def test_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt


def test_an_answer_in_another_language_is_no_proof() -> None:
    """A one-line "Yes." answers an English question; a German one is answered "Ja." (the model's
    "Yes." to it is served unchecked, never proven)."""
    from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask, _alone_error
    from stepcache_integrations.core.types import Step as StepType

    task = ArithmeticTask()

    def Step(text: str) -> StepType:
        return StepType(text=text)

    de = ArithmeticConstraints.of_prompt("Ist 30 durch 3 teilbar?")
    assert _alone_error([Step("Ja.")], de) is None and _alone_error([Step("ja")], de) is None
    assert _alone_error([Step("Nein.")], de) is not None
    assert _alone_error([Step("Yes.")], de) is not None
    assert task.fallback(de) == "Ja."
    zh = ArithmeticConstraints.of_prompt("30能被7整除吗？")
    assert task.fallback(zh) == "不是。" and _alone_error([Step("不是。")], zh) is None and _alone_error([Step("是。")], zh) is not None
    en = ArithmeticConstraints.of_prompt("Does 3 divide 30?")
    assert task.fallback(en) == "Yes." and _alone_error([Step("yes")], en) is None and _alone_error([Step("No.")], en) is not None


# -- conversions: the mile (1609.344 m exactly) and unit symbols in every spaced table, ru conversions in its case forms
CONVERSIONS = [
    ("What is 5.2 miles in metres?", "5.2 * 201168 / 125", "8368.5888"),
    ("How many metres are in 3 miles?", "3 * 201168 / 125", "4828.032"),
    ("Convert 3 kilos to grammes.", "3 * 1000", "3000"),
    ("Convert 5.2 km to metres.", "5.2 * 1000", "5200"),
    ("How many grams are in 2.5 kg?", "2.5 * 1000", "2500"),
    ("How many grams are in 4 kg?", "4 * 1000", "4000"),            # was declined: abbreviations were not read
    ("¿Cuántos gramos hay en 4 kg?", "4 * 1000", "4000"),
    ("How many meters are in 3 cm?", "3 / 100", "0.03"),
    ("Convierte 3 millas a metros.", "3 * 201168 / 125", "4828.032"),
    ("Wie viele Meter sind 2 Meilen?", "2 * 201168 / 125", "3218.688"),
    ("Wie viele Meter sind 5 km?", "5 * 1000", "5000"),
    ("Переведи 3 часа в минуты.", "3 * 60", "180"),
    ("Переведи 5 километров в метры.", "5 * 1000", "5000"),
    ("Переведи 5 км в метры.", "5 * 1000", "5000"),
    ("Сколько минут в 3 часах?", "3 * 60", "180"),
    ("Сколько секунд в 2 сутках?", "2 * 86400", "172800"),
    ("Сколько литров в 2500 миллилитрах?", "2500 / 1000", "2.5"),
]


@pytest.mark.parametrize("prompt, expression, answer", CONVERSIONS)
def test_conversion_read_and_answered_exactly(prompt: str, expression: str, answer: str) -> None:
    from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

    question = read_question(prompt)
    assert question is not None and question.expression == expression, (prompt, question)
    assert ArithmeticTask().fallback(ArithmeticConstraints.of_prompt(prompt)) == f"{answer}.", prompt


CONVERSION_SWAPS = [
    ("Convert 5.2 km to metres.", "5200.", "Convert 5.2 miles to metres.", "8368.5888."),
    ("Convert 5.2 km to metres.", "5200.", "Convert 5.2 mm to metres.", "0.0052."),
    ("What is 5.2 kilometres in metres?", "5200.", "What is 5.2 miles in metres?", "8368.5888."),
    ("Convert 8 hours to minutes.", "480.", "Convert 8 days to minutes.", "11520."),
    ("Convert 8 hours to minutes.", "480.", "Convert 8 weeks to minutes.", "80640."),
    ("Convert 2 litres to ml.", "2000.", "Convert 2.5 liters to millilitres.", "2500."),
    ("Переведи 3 часа в минуты.", "180.", "Переведи 5 часов в минуты.", "300."),
    ("Переведи 3 часа в минуты.", "180.", "Переведи 3 дня в минуты.", "4320."),
]


@pytest.mark.parametrize("cached, answer, new, expected", CONVERSION_SWAPS)
def test_conversion_unit_swap_served_exactly(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize("prompt", [
    "How many hours are in 3 miles?",     # another dimension
    "Переведи 2,5 часа в минуты.",         # a decimal comma: no number this table reads
    "Переведи 3 часа в километры.",
    "Сколько минут в 3 месяцах?",          # an undeclared unit
    "Convert 5 st to kg.",                # an undeclared symbol (ft is declared since 2026-12-06) ("5 m" is read since wip/arithA: served AND exact)
])
def test_conversion_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
