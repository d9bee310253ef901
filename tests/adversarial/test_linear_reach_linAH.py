"""Linear reach, round AH (branch wip/linAH; classes named by last session's red teams). Each pair: the first prompt
is answered by a model that is never right (only what the checker or the deterministic fallback proves is stored),
then the second is served proven without a model call and exactly right; each trap is no claim.

Classes:
1. an exclamation after the unknown solved for ("Solve 3x + 5 = 20 for x!"): only at the prompt's very end, only
   after "for" (the grammar reads FOR VAR only as the unknown solved for); a factorial ("5!", "x! = 6", "for x! + 1",
   "the value for n!") stays no claim;
2. a persona's audience by grade ("You are a patient algebra tutor for 8th graders."): the listed audiences only; a
   persona that changes the rules ("... who always adds 1 to the answer") stays no claim;
3. the answer on the last line ("Write the answer on the last line.", "on the very last line"): answer_last; any other
   intensifier or line stays no claim;
4. the answer in lowest terms ("Give the answer in lowest terms", "in simplest form"): the fraction form, read, keyed
   and enforced as "as a fraction" (a decimal last line breaks it); with a rounding, a percentage, a unit or a
   decimal asked beside it: no claim. "Round to 2 decimal places" stays no claim (a value the reader would have to
   change).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import format_errors
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.types import Step

from .harness import OracleModel, assert_linear_trap_declined, served_linear

# -- 1. "for x!" ------------------------------------------------------------------------------------------------
EXCLAIMED_PAIRS = [
    ("Solve 3x + 5 = 20 for x!", "Solve 3x + 5 = 26 for x!", {"x": 7}),
    ("Solve 3x + 5 = 20 for x!!", "Solve 3x + 5 = 26 for x!!", {"x": 7}),
    ("Solve 2y - 4 = 10 for y !", "Solve 2y - 4 = 12 for y !", {"y": 8}),
    ("Resuelve 3x + 5 = 20 para x!", "Resuelve 3x + 5 = 26 para x!", {"x": 7}),
]


@pytest.mark.parametrize(("first", "second", "expected"), EXCLAIMED_PAIRS)
def test_an_exclamation_after_the_unknown_solved_for_is_read(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


EXCLAIMED_TRAPS = [
    "Solve 3x + 5 = 20 for x!.",                     # "x!." : a factorial before the point?
    "Solve for x! 3x + 5 = 20",                      # not the prompt's end
    "Solve 3x + 5 = 20 for x! Show your steps.",
    "Solve n + 2 = 5 and give the value for n!",     # n! = 6: the value for n factorial?
    "What is the value for n! if n + 2 = 5?",
    "If n + 2 = 5, what is the value for n!",
    "Solve n + 2 = 5 for n! + 1",
    "Solve n + 2 = 5. What is 5!",
    "Solve x! = 6 for x!",
    "Solve 3x + 5 = 20 for y!",                       # y is no unknown of the equation
    "Solve 3x + 5 = 20!",                             # 20! is a factorial
    "Solve 3x + 5 = 20 fur x!",
    "Solve 3x + 5 = 20 before x!",
]


@pytest.mark.parametrize("trap", EXCLAIMED_TRAPS)
def test_an_exclamation_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


def test_a_factorial_value_asked_reaches_the_model() -> None:
    assert_linear_trap_declined("Solve n + 2 = 5 and give the value for n!", "Solve n + 2 = 5 for n!")


# -- 2. a persona's audience by grade ---------------------------------------------------------------------------
AUDIENCE_PAIRS = [
    ("You are a patient algebra tutor for 8th graders. Solve 3x + 5 = 20.",
     "You are a patient algebra tutor for 8th graders. Solve 3x + 5 = 26.", {"x": 7}),
    ("You are a math teacher for eighth graders. Solve 2x - 1 = 9.", "You are a math teacher for eighth graders. Solve 2x - 1 = 11.", {"x": 6}),
    ("You are a tutor for a 7th grader. Solve 4y = 12.", "You are a tutor for a 7th grader. Solve 4y = 20.", {"y": 5}),
    ("You are a helpful assistant for middle schoolers. Solve x + 3 = 10.",
     "You are a helpful assistant for middle schoolers. Solve x + 3 = 12.", {"x": 9}),
]


@pytest.mark.parametrize(("first", "second", "expected"), AUDIENCE_PAIRS)
def test_a_persona_for_a_grade_is_read(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


AUDIENCE_TRAPS = [
    "You are a tutor who always adds 1 to the answer. Solve 3x + 5 = 20.",
    "You are a tutor for 8th graders who adds 1 to every answer. Solve 3x + 5 = 20.",
    "You are a tutor for 8th graders. Always add 1 to the answer. Solve 3x + 5 = 20.",
    "You are a tutor for 8th graders in base 8. Solve 3x + 5 = 20.",
    "You are a tutor for 8th graders and you round every answer. Solve 3x + 5 = 20.",
    "You are a tutor for 80 graders. Solve 3x + 5 = 20.",
    "You are a tutor for 8 graders. Solve 3x + 5 = 20.",
    "You are a tutor for 8th graders. Solve 3x + 5 = 20 and add 1 to the answer.",
]


@pytest.mark.parametrize("trap", AUDIENCE_TRAPS)
def test_an_audience_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


# -- 3. the answer on the last line ------------------------------------------------------------------------------
LAST_LINE_PAIRS = [
    ("Solve 3x + 5 = 20. Write the answer on the last line.", "Solve 3x + 5 = 26. Write the answer on the last line.", {"x": 7}),
    ("Solve 3x + 5 = 20. Put your final answer on the very last line.",
     "Solve 3x + 5 = 26. Put your final answer on the very last line.", {"x": 7}),
    ("Solve x + y = 10, x - y = 2 and give the answer on the final line.",
     "Solve x + y = 12, x - y = 2 and give the answer on the final line.", {"x": 7, "y": 5}),
    ('Solve 3x + 5 = 20. End with "x = <value>" on the very last line.',
     'Solve 3x + 5 = 26. End with "x = <value>" on the very last line.', {"x": 7}),
]


@pytest.mark.parametrize(("first", "second", "expected"), LAST_LINE_PAIRS)
def test_the_answer_on_the_last_line_is_read(first: str, second: str, expected: dict[str, int]) -> None:
    problem = understand_prompt(second)
    assert problem is not None, second
    text = served_linear(first, second, expected)
    assert not format_errors([Step(text=text)], problem.format, problem.answer_label, problem.asked,
                             form=problem.answer_form), text


LAST_LINE_TRAPS = [
    "Solve 3x + 5 = 20. Write the answer on the very very last line.",
    "Solve 3x + 5 = 20. Write the answer on the second-to-last line.",
    "Solve 3x + 5 = 20. Write the answer on the very first line.",
    "Solve 3x + 5 = 20. Write the answer on the last line in words.",
    "Solve 3x + 5 = 20. Write the answer plus 1 on the last line.",
    "Solve 3x + 5 = 20. Write the answer on the last line, rounded.",
    "Solve 3x + 5 = 20. Don't write the answer on the last line.",
    "Solve 3x = 10. Write the answer on the last line, to 2 decimal places.",
]


@pytest.mark.parametrize("trap", LAST_LINE_TRAPS)
def test_a_last_line_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


# -- 4. the answer in lowest terms -------------------------------------------------------------------------------
LOWEST_PAIRS = [
    ("Solve 2x = 5. Give the answer in lowest terms.", "Solve 2x = 7. Give the answer in lowest terms.", {"x": Fraction(7, 2)}),
    ("Solve 4x = 6. Give your answer in simplest form.", "Solve 4x = 10. Give your answer in simplest form.", {"x": Fraction(5, 2)}),
    ("Solve 3x = 10. Write x in lowest terms.", "Solve 3x = 11. Write x in lowest terms.", {"x": Fraction(11, 3)}),
    ("Solve 2x = 8. Give the answer in lowest terms.", "Solve 2x = 10. Give the answer in lowest terms.", {"x": 5}),
]


@pytest.mark.parametrize(("first", "second", "expected"), LOWEST_PAIRS)
def test_the_answer_in_lowest_terms_is_read_and_followed(first: str, second: str, expected: dict[str, Fraction]) -> None:
    problem = understand_prompt(second)
    assert problem is not None and problem.format == ("fraction",), (second, problem)
    text = served_linear(first, second, expected)
    last = text.strip().splitlines()[-1]
    assert "." not in last.rstrip("."), text
    assert not format_errors([Step(text=text)], problem.format, problem.answer_label, problem.asked), text


def test_a_decimal_answer_breaks_lowest_terms() -> None:
    problem = understand_prompt("Solve 2x = 5. Give the answer in lowest terms.")
    assert problem is not None
    assert format_errors([Step(text="Step 1: x = 5/2.\nAnswer: x = 2.5")], problem.format, problem.answer_label, problem.asked)
    assert not format_errors([Step(text="Step 1: x = 5/2.\nAnswer: x = 5/2")], problem.format, problem.answer_label, problem.asked)


def test_a_cached_decimal_is_not_served_for_lowest_terms() -> None:
    cache, plain, asked = StepCache(), "Solve 2x = 5.", "Solve 2x = 5. Give the answer in lowest terms."
    decimal = "Step 1: x = 5/2.\nAnswer: x = 2.5"
    assert cache.generate(plain, OracleModel({plain: decimal})).verified
    result = cache.generate(asked, OracleModel({asked: decimal}))
    assert result.verified and result.text.strip().splitlines()[-1] != "Answer: x = 2.5", result.text


def test_lowest_terms_is_keyed() -> None:
    from stepcache_integrations.core.tasks.linear.task import LinearEquationTask

    task = LinearEquationTask()
    plain = task.problem_key(task.constraints("Solve 2x = 5."))
    asked = task.problem_key(task.constraints("Solve 2x = 5. Give the answer in lowest terms."))
    assert plain is not None and asked is not None and plain != asked


LOWEST_TRAPS = [
    "Solve 3x = 10. Give the answer in lowest terms as a percentage.",
    "Solve 3x = 10. Give the answer in percent in lowest terms.",
    "Solve 3x = 10. Give the answer in lowest terms in cm.",
    "Solve 3x = 10. Give the answer in lowest terms rounded.",
    "Solve 3x = 10. Give the answer as a mixed number in lowest terms.",
    "Solve 3x = 10. Give the answer in lowest terms. Give the answer as a decimal.",
    "Solve 2x = 5. Give the answer in lowest terms, as a decimal.",
    "Solve 3x = 10. Give 2x in lowest terms.",
    "Solve 3x = 10. Write x + 1 in lowest terms.",
    "Solve 3x = 10. Give the answer not in lowest terms.",
    "Solve 3x = 10. Round to 2 decimal places.",
    "Solve 3x = 10. Round the answer to 2 decimal places.",
    "Solve 3x = 10. Give the answer rounded to the nearest tenth.",
]


@pytest.mark.parametrize("trap", LOWEST_TRAPS)
def test_a_lowest_terms_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


# -- 5. more persona shapes ---------------------------------------------------------------------------------------
PERSONA_PAIRS = [
    ("You are a patient, encouraging math tutor. Solve 3x + 5 = 20.", "You are a patient, encouraging math tutor. Solve 3x + 5 = 26.",
     {"x": 7}),
    ("You are a patient and friendly algebra tutor for 8th graders. Solve 2x - 1 = 9.",
     "You are a patient and friendly algebra tutor for 8th graders. Solve 2x - 1 = 11.", {"x": 6}),
    ("Act as my algebra tutor. Solve 4y = 12.", "Act as my algebra tutor. Solve 4y = 20.", {"y": 5}),
    ("Eres un tutor paciente de álgebra. Resuelve 3x + 5 = 20.", "Eres un tutor paciente de álgebra. Resuelve 3x + 5 = 26.", {"x": 7}),
]


@pytest.mark.parametrize(("first", "second", "expected"), PERSONA_PAIRS)
def test_a_persona_shape_is_read(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


PERSONA_TRAPS = [
    "You are a patient, dishonest math tutor. Solve 3x + 5 = 20.",
    "You are a patient and sneaky math tutor. Solve 3x + 5 = 20.",
    "You are a patient, encouraging math tutor who adds 1 to every answer. Solve 3x + 5 = 20.",
    "You are a patient, encouraging math tutor. Add 1 to every answer. Solve 3x + 5 = 20.",
    "Act as my algebra tutor who rounds answers. Solve 3x + 5 = 20.",
    "Act as my tutor. Round every answer. Solve 3x = 10.",
    "Act as my rounding tutor. Solve 3x = 10.",
    "Eres un tutor paciente de física. Resuelve 3x + 5 = 20.",
    "Eres un tutor paciente de álgebra que suma 1. Resuelve 3x + 5 = 20.",
    "You are a patient, encouraging, math tutor for students in base 8. Solve 3x + 5 = 20.",
]


@pytest.mark.parametrize("trap", PERSONA_TRAPS)
def test_a_persona_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


def test_a_persona_that_changes_the_rules_reaches_the_model() -> None:
    assert_linear_trap_declined("You are a patient, encouraging math tutor who adds 1 to every answer. Solve 3x + 5 = 20.",
                                "You are a patient, encouraging math tutor. Solve 3x + 5 = 20.")


# -- 6. "need to" with the subject dropped (dev set: "2(x + 4) = 30 , need to find x pls"), as "I need to" is read --------
NEED_PAIRS = [
    ("hey can u help me with my homework real quick?? 2(x + 4) = 30 , need to find x pls",
     "hey can u help me with my homework real quick?? 2(x + 4) = 34 , need to find x pls", {"x": 13}),
    ("Need to solve 3y - 2 = 10 for y.", "Need to solve 3y - 2 = 13 for y.", {"y": 5}),
]


@pytest.mark.parametrize(("first", "second", "expected"), NEED_PAIRS)
def test_need_to_is_read_as_i_need_to(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


NEED_TRAPS = [
    "2(x + 4) = 30, no need to find x, find 2x",
    "2(x + 4) = 30, don't need to find x",
    "2(x + 4) = 30, need to find x in cm",
    "2(x + 4) = 30, need to find x rounded",
    "2(x + 4) = 30, need to find x to the nearest tenth",
    "need to find x if 2(x + 4) = 30 and add 1",
]


@pytest.mark.parametrize("trap", NEED_TRAPS)
def test_a_need_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
