"""Arithmetic asked in words (issue 33, held-out templates; branch wip/tpl): one operator word
between two numbers, unit conversions between declared units, yes/no predicates of two numbers,
and "only the number" instructions (core/tasks/arithmetic/request.lark and its tables). Each read class has its
value computed exactly and served proven; every near miss is no claim (text: the model answers);
an answer not in the form asked fails, whoever wrote it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

from .harness import FixedReplyModel

TASK = ArithmeticTask()


@pytest.mark.parametrize(("prompt", "expression", "value", "form"), [
    ("What is 14 times 11?", "14 * 11", 154, "value"),
    ("What is 14 times 11? Only the number, please.", "14 * 11", 154, "number"),
    ("What is 12 minus 4?", "12 - 4", 8, "value"),
    ("How much is 7 plus 5?", "7 + 5", 12, "value"),
    ("Compute 9 divided by 4.", "9 / 4", Fraction(9, 4), "value"),
    ("What's 2.5 multiplied by 4?", "2.5 * 4", 10, "value"),
    ("What is 12 * 12? Give only the number.", "12 * 12", 144, "number"),
    ("How many grams are in 4 kilograms? Give only the number.", "4 * 1000", 4000, "number"),
    ("How many milligrams are in 4 kilograms? Give only the number.", "4 * 1000000", 4000000, "number"),
    ("How many kilometers are there in 2500 meters?", "2500 / 1000", Fraction(5, 2), "value"),
    ("How many hours are in 90 minutes?", "90 / 60", Fraction(3, 2), "value"),
    ("How many centimetres are in 3 kilometres?", "3 * 100000", 300000, "value"),
    ("What is 3 days in hours?", "3 * 24", 72, "value"),
    ("Convert 2 litres to millilitres.", "2 * 1000", 2000, "value"),
    ("How many minutes is 45 seconds?", "45 / 60", Fraction(3, 4), "value"),
    ("What is 77 degrees Fahrenheit in degrees Celsius? Give only the number.", "(77 - 32) * 5 / 9", 25, "number"),
    ("Convert 25 degrees Celsius to degrees Fahrenheit.", "25 * 9 / 5 + 32", 77, "value"),
    ("Yes or no: is 43 divisible by 3?", "43 divisible by 3", 0, "yesno"),
    ("Yes or no: is 43 not divisible by 3?", "not 43 divisible by 3", 1, "yesno"),
    ("Is 42 divisible by 7?", "42 divisible by 7", 1, "yesno"),
    ("Yes or no: is 36 smaller than 83?", "36 < 83", 1, "yesno"),
    ("Yes or no: is 36 larger than 83?", "36 > 83", 0, "yesno"),
    ("Is 5 greater than 5?", "5 > 5", 0, "yesno"),
    ("Is 2.5 less than 3?", "2.5 < 3", 1, "yesno"),
    ("Is 9 bigger than 4?", "9 > 4", 1, "yesno"),
    ("Is 7 odd?", "not 7 divisible by 2", 1, "yesno"),  # "odd": not divisible by 2, the one negation read
    ("Is 14 odd?", "not 14 divisible by 2", 0, "yesno"),
    ("Is 9 not bigger than 4?", "not 9 > 4", 0, "yesno"),
    ("What is 5 minus 12? Only the number.", "5 - 12", -7, "number"),
    ("What is 14 degrees Fahrenheit in degrees Celsius?", "(14 - 32) * 5 / 9", -10, "value"),
    ("What is 98.6 degrees Fahrenheit in degrees Celsius?", "(98.6 - 32) * 5 / 9", 37, "value"),
])
def test_questions_in_words_are_read_exactly(prompt: str, expression: str, value: Fraction | int, form: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form) == (expression, Fraction(value), form)
    assert TASK.detect(prompt)


@pytest.mark.parametrize("prompt", [
    "What is 2 plus 3 times 4?",  # two operator words: read two ways aloud
    "What is 14 times 11 times 2?",
    "What is - 3 times 4?",  # a sign apart from its number (wip/arithV: "-3 times 4" is read, -12)
    "What is 1,000 times 3,5?",  # wip/arithX: "1,000 times 3" is read (a thousands separator, one reading); a decimal comma beside it: no claim
    "What is 03 times 4?",
    "What is 14 times 11",  # no question mark
    "What is 14 times 11? Only the number thanks.",  # wip/arithX: ", thanks" is read (THANKS_END); without its comma: no claim
    # wip/arithX: was "What is 14 times 11? Only the number, thanks.",  # an instruction not in the table ("Only the number please" is read since wip/arithA: served AND exact)
    "What is 14 times 11? Explain.",
    "What is 14 times 11?Only the number, please.",  # an instruction glued to the question
    "What is 14 times 11? Only the number, please. Thanks, and 15 times 11?",  # wip/arithX: "..., please. Thanks." is read
    "What is 14  times 11?",
    "What is 14 times x?",
    "What is 8 squared plus 1?",  # "8 squared" alone is read (wip/arithA: served AND exact in test_arithmetic_reach_arithA)
    "What is 15 percent more than 80?",  # "15 percent of 80" is read (wip/arithA)
    "How many grams are in 4 kilometers?",  # another dimension
    "How many grams are in 4 grams?",  # no conversion
    "How many grams are in 4 kilograms of flour?",
    "How many grams are in 4 oz?",  # an undeclared abbreviation (lb is declared since 2026-12-06) is not read ("4 kg" is: wip/jsonU, served exactly)
    "How many days are in 3 months?",  # no exact factor: not declared
    "What is 100 degrees Fahrenheit in degrees Celsius?",  # 340/9: no terminating decimal
    "Convert 100 degrees Celsius to Kelvin.",  # an undeclared scale ("to Fahrenheit" is read: wip/arithA, served AND exact)
    "What is 100 degrees Celsius in kilograms?",
    "Is 7 divisible by 0?",
    "Is 7.5 divisible by 2?",
    "Is 8 divisible by 2.0?",
    "Is 36 smaller than 83 or 90?",
    "Is 36 not not smaller than 83?",
    "Yes or no: is 43 divisible by 3",
    "Yes or no, is 43 divisible by 3?",
    "Is 43 a Mersenne prime?",  # wip/arithW: "Is 43 prime?" is read now (primality, the lead's decision)
    "Is 9 not bigger than 4? Only the number, please.",  # a number asked for yes or no
    "Is 9 bigger than 4? Only the number, please.",  # the same, unnegated (W28 declines the negated one first)
    "Is 14 even? Just the number.",
    "What is 5 divided by 0?",
    "What is 0 divided by 0?",
    "Is 43 divisible by 3? Answer yes or no and explain why.",
])
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed
    assert not TASK.detect(prompt)


@pytest.mark.parametrize(("prompt", "answer", "ok"), [
    ("How many grams are in 4 kilograms? Give only the number.", "4000", True),
    ("How many grams are in 4 kilograms? Give only the number.", "4000.", True),
    ("How many grams are in 4 kilograms? Give only the number.", "4001", False),
    ("How many grams are in 4 kilograms? Give only the number.", "4,000", False),
    ("How many grams are in 4 kilograms? Give only the number.", "4000 grams", False),
    ("How many grams are in 4 kilograms? Give only the number.", "The answer is 4000.", False),
    ("How many grams are in 4 kilograms? Give only the number.", "4 * 1000 = 4000", False),
    ("How many grams are in 4 kilograms? Give only the number.", "4000\n4000", False),
    ("How many grams are in 4 kilograms? Give only the number.", "4000.0", False),
    ("How many hours are in 90 minutes? Only the number.", "1.5", True),
    ("How many hours are in 90 minutes? Only the number.", "3/2", True),
    ("How many hours are in 90 minutes? Only the number.", "6/4", False),
    ("Yes or no: is 43 divisible by 3?", "No.", True),
    ("Yes or no: is 43 divisible by 3?", "no", True),
    ("Yes or no: is 43 divisible by 3?", "Yes.", False),
    ("Yes or no: is 43 not divisible by 3?", "Yes.", True),
    ("Yes or no: is 43 not divisible by 3?", "No.", False),
    ("Yes or no: is 43 divisible by 3?", "No, 43 is not divisible by 3.", False),
    ("Yes or no: is 43 divisible by 3?", "No.\nNo.", False),
    ("Yes or no: is 43 divisible by 3?", "Nope.", False),
    ("Yes or no: is 36 larger than 83?", "No.", True),
    ("Yes or no: is 36 larger than 83?", "Yes!", False),
    ("What is 14 times 11?", "154.", True),
    ("What is 5 minus 12? Only the number.", "-7", True),
    ("What is 5 minus 12? Only the number.", "7", False),
    ("What is 5 minus 12? Only the number.", "- 7", False),
    ("What is 14 times 11?", "14 * 11 = 154.", True),
    ("What is 14 times 11?", "14 * 11 = 155.", False),
    ("What is 14 times 11?", "The answer is 155.", False),
])
def test_the_answer_is_checked_in_the_form_asked(prompt: str, answer: str, ok: bool) -> None:
    c = TASK.constraints(prompt)
    steps = TASK.segment(answer, c)
    assert (TASK.check_answer(steps, c) == []) is ok
    if ok:
        assert TASK.verification_level(steps, c, None) == "proven"
    elif c.form in ("number", "yesno"):  # the value alone, or yes/no alone: anything else proves nothing
        assert TASK.verification_level(steps, c, None) == "unchecked"


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("What is 14 times 11? Only the number, please.", "What is 93 times 11? Only the number, please.", "1023"),
    ("How many grams are in 4 kilograms? Give only the number.",
     "How many milligrams are in 4 kilograms? Give only the number.", "4000000"),
    ("How many grams are in 4 kilograms? Give only the number.",
     "What is 77 degrees Fahrenheit in degrees Celsius? Give only the number.", "25"),
    ("Yes or no: is 43 divisible by 3?", "Yes or no: is 43 not divisible by 3?", "Yes."),
    ("Yes or no: is 42 divisible by 3?", "Yes or no: is 42 not divisible by 3?", "No."),
    ("Yes or no: is 36 smaller than 83?", "Yes or no: is 36 larger than 83?", "No."),
    ("Yes or no: is 36 smaller than 83?", "Yes or no: is 36 smaller than 30?", "No."),
    ("What is 12 plus 4?", "What is 12 minus 4?", "8."),
    ("What is 6 times 7?", "What is 6 divided by 7?", "6/7."),
    ("How many hours are in 90 minutes?", "How many hours are in 45 minutes?", "0.75."),
])
def test_a_changed_question_is_computed_without_a_model_call(first: str, second: str, expected: str) -> None:
    cache = StepCache()
    model = FixedReplyModel("I do not know.")  # never right: what is served is computed
    written = cache.generate(first, model)
    assert model.calls == 1 and written.used_fallback and written.verification == "proven"
    result = cache.generate(second, model)
    assert model.calls == 1 and result.outcome in ("reuse", "reinstantiate"), result.outcome
    assert result.text == expected and result.verification == "proven" and result.verified


def test_a_wrong_model_answer_is_never_stored_or_served() -> None:
    cache = StepCache()
    model = FixedReplyModel("155")
    first = cache.generate("What is 14 times 11? Only the number, please.", model)
    assert first.text == "154" and first.used_fallback and first.verification == "proven"
    again = cache.generate("Yes or no: is 154 divisible by 7?", FixedReplyModel("No."))
    assert again.text == "Yes." and again.verification == "proven"  # 154 = 7 * 22


def test_the_answer_form_is_part_of_the_problem_key() -> None:
    keys = {TASK.problem_key(TASK.constraints(p)) for p in (
        "What is 14 * 11?", "What is 14 * 11? Only the number, please.", "What is 14 times 11?")}
    assert len(keys) == 3
    assert TASK.problem_key(TASK.constraints("What is 14 * 11?")) == "14*11"  # older keys unchanged


def test_the_form_is_stored_and_an_unknown_form_answers_nothing() -> None:
    c = TASK.constraints("Yes or no: is 43 divisible by 3?")
    data = c.to_dict()
    assert ArithmeticConstraints.read(data) == c and data["form"] == "yesno"
    assert "form" not in TASK.constraints("What is 12 * 12?").to_dict()
    assert not ArithmeticConstraints.read({**data, "form": "roman"}).claimed
