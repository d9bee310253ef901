"""Arithmetic over-declines found by red teams 14-15 (branch wip/overdecl), each now read through the
declared request language (core/tasks/arithmetic/request.lark, vocabulary/_common.json and en.json):
the typographic operator signs ("14 × 11", "14 ∗ 11", "14 − 11", "14 ÷ 11": the shared table's
"operator_signs"), "x" as the times word between two numbers ("What is 14 x 11?": a word of the TIMES
class, read only in lower case and only where the grammar has an operator word between two numbers,
never glued "14x" and never beside "="), the table's number words ("fourteen times eleven": NUMWORD,
valued by "number_words"), "11 less than 14" (14 - 11: LESS_THAN, the second number less the first)
and a space before the question mark ("What is 14 + 11 ?"). Each is served proven, exact, without a
model call after a first answer by a model that is never right; each trap beside it (an equation in
x, the reversed "less than", a word outside the table at any position, a sign that is no operator)
is never served wrong."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question

from .harness import NeverRightModel

# (cached prompt, new prompt, the new prompt's expression, its exact value)
SERVED = [
    ("What is 14 * 11?", "What is 14 × 11?", "14 * 11", 154),
    ("What is 14 * 11?", "What is 14 ∗ 11?", "14 * 11", 154),
    ("What is 14 - 11?", "What is 14 − 11?", "14 - 11", 3),
    ("What is 15 / 3?", "What is 15 ÷ 3?", "15 / 3", 5),
    ("What is 14 * 11?", "What is 14 × 11 − 3?", "14 * 11 - 3", 151),
    ("Compute 8 / 4.", "Compute 9 ÷ 4.", "9 / 4", Fraction(9, 4)),
    # the shared table's signs, in every table
    ("Was ist 14 * 11?", "Was ist 14 × 11?", "14 * 11", 154),
    ("¿Cuánto es 14 - 11?", "¿Cuánto es 14 − 11?", "14 - 11", 3),
    ("Combien font 15 / 3 ?", "Combien font 15 ÷ 3 ?", "15 / 3", 5),
    ("Quanto fa 14 * 11?", "Quanto fa 14 × 11?", "14 * 11", 154),
    ("Quanto é 14 * 11?", "Quanto é 14 ∗ 11?", "14 * 11", 154),
    ("Сколько будет 14 * 11?", "Сколько будет 14 × 11?", "14 * 11", 154),
    ("14 * 11 等于多少？", "14 × 11 等于多少？", "14 * 11", 154),
    ("14 * 11 は？", "14 × 11 は？", "14 * 11", 154),
    ("What is 14 times 11?", "What is 14 x 11?", "14 * 11", 154),
    ("What is 14 times 11?", "What is 13 x 12?", "13 * 12", 156),
    ("What is 14 times 11?", "What is fourteen times eleven?", "14 * 11", 154),
    ("What is 11 plus 3?", "What is eleven plus 3?", "11 + 3", 14),
    ("What is 20 minus 7?", "What is twenty minus seven?", "20 - 7", 13),
    ("What is 11 squared?", "What is twelve squared?", "12 * 12", 144),
    ("What is 14 minus 11?", "What is 11 less than 14?", "14 - 11", 3),
    ("What is 14 minus 11?", "What is 11 less than fourteen?", "14 - 11", 3),
    # "11 more than 14" (no claim until 2026-12-06 15:21, when MORE_THAN was declared): 14 + 11
    ("What is 14 plus 11?", "What is 11 more than 14?", "14 + 11", 25),
    ("What is 14 plus 11?", "What is 8 added to 12?", "12 + 8", 20),
    ("What is 14 + 11?", "What is 14 + 11 ?", "14 + 11", 25),
    ("What is 14 times 11?", "What is 14 times 11 ?", "14 * 11", 154),
]


@pytest.mark.parametrize(("first", "second", "expression", "value"), SERVED)
def test_the_over_declined_question_is_read_and_served_exactly(first: str, second: str, expression: str,
                                                                value: int | Fraction) -> None:
    question = read_question(second)
    assert question is not None and question.expression == expression and question.value == value, question
    cache, model = StepCache(), NeverRightModel()
    one = cache.generate(first, model)
    assert one.task == "arithmetic" and one.verification == "proven", one.text
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.model_calls == 0, (second, again.outcome, again.text)
    assert again.verification == "proven" and again.verified, (second, again.text)
    last = again.text.strip().splitlines()[-1].rstrip(".")
    stated = last.rsplit("=", 1)[-1].strip()
    assert Fraction(stated) == Fraction(value), (second, again.text)


# "11 less than 14" is 14 - 11; "14 less than 11" is 11 - 14 (never the other order)
@pytest.mark.parametrize(("prompt", "value"), [("What is 11 less than 14?", 3), ("What is 14 less than 11?", -3),
                                               ("What is 2 less than 10?", 8)])
def test_less_than_takes_the_first_number_from_the_second(prompt: str, value: int) -> None:
    question = read_question(prompt)
    assert question is not None and question.value == value


# "Is 11 less than 14?" stays the predicate it was ("less than" is also a relation word)
def test_less_than_is_still_a_relation_in_a_yes_no_question() -> None:
    question = read_question("Is 11 less than 14?")
    assert question is not None and question.form == "yesno" and question.value == 1
    question = read_question("Is 14 less than 11?")
    assert question is not None and question.form == "yesno" and question.value == 0


NO_CLAIM = [
    "Solve 14x = 11",  # an equation in x: the linear task's, never 154
    "Solve 14 x = 11",
    "If 14 x = 11, what is x?",
    "What is 14x11?",  # glued: no word
    "What is 14x 11?",
    "What is 14 X 11?",  # "x" is read only as the table spells it
    "What is 14 x?",
    "What is 14 x 11 x 2?",  # one operator word only
    "What is 14 x 11 = ?",
    "14 x 11 = ?",
    "What is x + 1?",
    "What is 11 smaller than 14?",  # "smaller than" is only a relation word
    "What is 11 fewer than 14?",
    "Is 11 more than 14?",  # a relation only where the table has it
    "What is 11% more than 14?",  # a percentage more: 14 * 1.11, never 14 + 11
    "What is 11 percent more than 14?",
    "What is 11 times more than 14?",
    "What is 11 more than 14 squared?",
    "What is 11 more than 14 times 2?",
    "What is 1 more than 14 thousand?",
    "What is 11 more apples than 14?",
    "What is twenty-ten plus 3?",  # a number word outside the table at any position (wip/arithV: "twenty-one" is read, 21)
    "What is a dozen plus 3?",
    "What is hundred plus 3?",  # wip/arithV: "one hundred" is read (100)
    "What is 3 plus a hundred?",
    "What is fourteen times eleven point five?",
    "What is 14 · 11?",  # no operator sign of the table
    "What is 14 ⋅ 11?",
    "What is 14 + 11  ?",  # a doubled space
    "What is 14 − − 3?",  # a doubled operator, as "14 - - 3" (wip/arithU: "14 − −3", a signed number, is read: 17)
    "What is 14 ÷ 2 × 7?",  # a / b * c: read two ways, as "14 / 2 * 7"
    "What is 14 × 11 in base 8?",
    "Is 12 × 12 odd? Reply with the number only.",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert read_question(prompt) is None


TRAPS = [
    ("What is 14 x 11?", "Solve 14x = 11"),
    ("What is 14 x 11?", "What is 14 X 11?"),
    ("What is 14 x 11?", "If 14 x = 11, what is x?"),
    ("What is 11 less than 14?", "What is 14 less than 11?"),
    ("What is 11 less than 14?", "What is 11 smaller than 14?"),
    ("What is 11 less than 14?", "Is 11 less than 14?"),
    ("What is fourteen times eleven?", "What is fourteen times eleven point five?"),
    ("What is eleven plus 3?", "What is twenty-one plus 3?"),
    ("What is 14 × 11?", "What is 14 · 11?"),
    ("What is 14 × 11?", "What is 14 × 11 × 2?"),
    ("What is 14 + 11 ?", "What is 14 + 12 ?"),
]

EXPECTED = {  # the right answer of each trap that may be served: (a checked value, or None: never served)
    "What is 14 less than 11?": Fraction(-3),
    "Is 11 less than 14?": "Yes.",
    "What is 14 × 11 × 2?": Fraction(308),
    "What is 14 + 12 ?": Fraction(26),
    "What is twenty-one plus 3?": Fraction(24),  # wip/arithV: a compound number word is read
}


@pytest.mark.parametrize(("first", "second"), TRAPS)
def test_a_trap_is_never_served_wrong(first: str, second: str) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    again = cache.generate(second, model)
    if model.calls == before:  # served: only with the exact right answer
        want = EXPECTED.get(second)
        assert want is not None, (second, again.outcome, again.text)
        last = again.text.strip().splitlines()[-1]
        if isinstance(want, str):
            assert last == want, (second, again.text)
        else:
            assert Fraction(last.rstrip(".").rsplit("=", 1)[-1].strip()) == want, (second, again.text)
    else:
        assert "154" not in again.text and not again.verified or again.task != "arithmetic", (second, again.text)
