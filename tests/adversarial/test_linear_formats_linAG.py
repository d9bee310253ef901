"""Linear reach, round AG (issue 33 item 2, branch wip/linAG), written by hand per class (the dev sets' phrasings
of set 26 named the first two). Each pair: the first prompt is answered by a model that is never right (only what
the checker or the deterministic fallback proves is stored), then the second is served proven without a model
call and exactly right; each trap is no claim.

Classes:
1. the answer asked as an integer ("Give the answer as an integer.", "give x as a whole number"): read, keyed
   and enforced. Served only when every value proven is an integer ("as an integer" for x = 9/2 may ask for
   rounding: no claim); the last line writes no fraction and no decimal point;
2. the final answer alone on the last line ("put the final answer alone on the last line", "on a line by
   itself"): the answer line of wip/linAD (the last line states the values asked and nothing else);
3. a vulgar fraction one space before its unknown ("½ x + 5 = 20"): the coefficient, as "½x" is read.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import format_errors
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.types import Step

from .harness import OracleModel, assert_linear_trap_declined, served_linear, stated_value

# -- 1. the answer as an integer ------------------------------------------------------------------------
INTEGER_PAIRS = [
    ("Problem 3. Solve the equation 6k + 4 = 2k + 32 for k. Give the answer as an integer.",
     "Problem 3. Solve the equation 6k + 4 = 2k + 36 for k. Give the answer as an integer.", {"k": 8}),
    ("Solve 2x = 8 and give x as a whole number.", "Solve 2x = 10 and give x as a whole number.", {"x": 5}),
    ("Solve 4x - 1 = 11. Give your answer as an integer.", "Solve 4x - 1 = 15. Give your answer as an integer.", {"x": 4}),
    ("Solve x + y = 10, x - y = 2. Give the answer as an integer.", "Solve x + y = 12, x - y = 2. Give the answer as an integer.",
     {"x": 7, "y": 5}),
    ("Solve for x, answer as an integer: 3x + 5 = 20", "Solve for x, answer as an integer: 3x + 5 = 26", {"x": 7}),
    ("Solve 5x = 15. Write x as an integer.", "Solve 5x = 35. Write x as an integer.", {"x": 7}),
]


@pytest.mark.parametrize(("first", "second", "expected"), INTEGER_PAIRS)
def test_the_answer_as_an_integer_is_read_and_followed(first: str, second: str, expected: dict[str, int]) -> None:
    problem = understand_prompt(second)
    assert problem is not None and "integer" in problem.format, (second, problem)
    text = served_linear(first, second, expected)
    last = text.strip().splitlines()[-1]
    assert "/" not in last and "." not in last.rstrip("."), text
    assert not format_errors([Step(text=text)], problem.format, problem.answer_label, problem.asked), text


@pytest.mark.parametrize("answer", ["Step 1: 2x = 8.\nAnswer: x = 4.0", "Step 1: 2x = 8.\nAnswer: x = 8/2",
                                    "Step 1: 2x = 8.\nAnswer: x = 4.00"])
def test_an_answer_not_written_as_an_integer_breaks_the_format(answer: str) -> None:
    problem = understand_prompt("Solve 2x = 8. Give the answer as an integer.")
    assert problem is not None and problem.format == ("integer",), problem
    assert format_errors([Step(text=answer)], problem.format, problem.answer_label, problem.asked), answer
    assert not format_errors([Step(text="Step 1: 2x = 8.\nAnswer: x = 4")], problem.format, problem.answer_label, problem.asked)


@pytest.mark.parametrize("cached_answer", ["Step 1: x = 8/2.\nAnswer: x = 4.0", "Step 1: x = 8/2.\nAnswer: x = 8/2"])
def test_a_cached_answer_without_the_format_is_not_served_verbatim_for_it(cached_answer: str) -> None:
    """Cached for "Solve 2x = 8." (its last line "x = 4.0" or "x = 8/2", proven), the prompt asking an integer
    gets a last line "x = 4", never the cached line."""
    cache, plain, asked = StepCache(), "Solve 2x = 8.", "Solve 2x = 8. Give the answer as an integer."
    assert cache.generate(plain, OracleModel({plain: cached_answer})).verified
    result = cache.generate(asked, OracleModel({asked: cached_answer}))
    assert result.verified and result.text != cached_answer, result.text
    assert result.text.strip().splitlines()[-1] == "Answer: x = 4", result.text


def test_the_integer_asked_is_keyed() -> None:
    """The format is part of the problem key: a cached answer with no form asked is not the answer of the prompt asking one."""
    from stepcache_integrations.core.tasks.linear.task import LinearEquationTask

    task = LinearEquationTask()
    plain = task.constraints("Solve 2x = 8.")
    asked = task.constraints("Solve 2x = 8. Give the answer as an integer.")
    assert task.problem_key(plain) is not None and task.problem_key(asked) is not None
    assert task.problem_key(plain) != task.problem_key(asked)


INTEGER_TRAPS = [
    "Solve 2x = 9. Give the answer as an integer.",                # 9/2: rounded? no claim
    "Solve 3x = 10 and give x as a whole number.",
    "Solve x + y = 5, x - y = 2. Give the answer as an integer.",  # x = 7/2
    "Solve 2x = 8. Give the answer as an integer and as a fraction.",
    "Solve 2x = 8. Give the answer as an integer number.",
    "Solve 2x = 8. Give the answer as a positive integer.",
    "Solve 2x = 8. Give the answer as the nearest integer.",
    "Solve 2x = 8. Give the answer as an integer percentage.",
    "Solve 2x = 8. Round the answer to an integer.",
    "Solve 2x = 8. Give the answer as an integer in words.",
    "Solve 2x = 8. Don't give the answer as an integer.",
    "Solve 2x = 8. Give the answer as integers.",
    "I think of a number, multiply it by 2 and get 7. What is the number? Give the answer as an integer.",
]


@pytest.mark.parametrize("trap", INTEGER_TRAPS)
def test_an_integer_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


def test_a_non_integer_value_asked_as_an_integer_reaches_the_model() -> None:
    assert_linear_trap_declined("Solve 2x = 9. Give the answer as an integer.", "Solve 2x = 8. Give the answer as an integer.")


def test_an_integer_asked_word_problem_with_an_integer_value_is_read() -> None:
    problem = understand_prompt("I think of a number, multiply it by 2 and get 8. What is the number? Give the answer as an integer.")
    assert problem is not None and "integer" in problem.format and problem.solution == {"x": Fraction(4)}, problem


# -- 2. the final answer alone on the last line -----------------------------------------------------------
ALONE_PAIRS = [
    ("Solve for n: 7n - 3 = 4n + 24. Show your steps and put the final answer alone on the last line.",
     "Solve for n: 7n - 3 = 4n + 27. Show your steps and put the final answer alone on the last line.", {"n": 10}),
    ("Solve 3x + 5 = 20. Put the answer on a line by itself.", "Solve 3x + 5 = 26. Put the answer on a line by itself.", {"x": 7}),
    ("Solve x + y = 10, x - y = 2. Write the answer alone on its own line.",
     "Solve x + y = 12, x - y = 2. Write the answer alone on its own line.", {"x": 7, "y": 5}),
]


@pytest.mark.parametrize(("first", "second", "expected"), ALONE_PAIRS)
def test_the_answer_alone_on_the_last_line_is_read_and_followed(first: str, second: str, expected: dict[str, int]) -> None:
    problem = understand_prompt(second)
    assert problem is not None and "answer_line" in problem.format, (second, problem)
    text = served_linear(first, second, expected)
    last = text.strip().splitlines()[-1]
    assert not format_errors([Step(text=text)], problem.format, problem.answer_label, problem.asked), text
    assert all(stated_value(last, name) == Fraction(value) for name, value in expected.items()), text


def test_an_answer_inside_a_sentence_is_not_served_for_the_answer_alone() -> None:
    """Cached for the prompt with no layout asked (its last line a sentence), the answer alone asked gets a last line of the values alone."""
    cache = StepCache()
    plain = "Solve for n: 7n - 3 = 4n + 27."
    alone = plain + " Show your steps and put the final answer alone on the last line."
    answer = "Step 1: 3n = 30.\nStep 2: so the answer is n = 10."
    cache.generate(plain, OracleModel({plain: answer}))
    result = cache.generate(alone, OracleModel({alone: answer}))
    problem = understand_prompt(alone)
    assert problem is not None and not format_errors([Step(text=result.text)], problem.format, problem.answer_label, problem.asked)
    assert result.text.strip().splitlines()[-1] != "Step 2: so the answer is n = 10.", result.text


ALONE_TRAPS = [
    "Solve x + y = 10, x - y = 2. Put each answer alone on the last line.",
    "Solve 3x + 5 = 20. Put the final answer alone on the first line.",
    "Solve 3x + 5 = 20. Put the answer alone on the last line in LaTeX.",
    "Solve 3x + 5 = 20. Put the answer alone on the last page.",
    "Solve 3x + 5 = 20. Don't put the answer alone on the last line.",
    "Solve 3x + 5 = 20. Put the answer on a line by themselves.",
    "Solve 3x + 5 = 20. Put the answer alone on the last line and nothing else.",
]


@pytest.mark.parametrize("trap", ALONE_TRAPS)
def test_an_alone_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


# -- 3. a vulgar fraction one space before its unknown -------------------------------------------------------
def test_a_spaced_fraction_is_the_coefficient() -> None:
    spaced, joined = understand_prompt("Solve ½ x + 5 = 20"), understand_prompt("Solve ½x + 5 = 20")
    assert spaced is not None and joined is not None and spaced.solution == joined.solution == {"x": Fraction(30)}
    served_linear("Solve ½ x + 5 = 20", "Solve ½ x + 5 = 26", {"x": 42})
    served_linear("Solve 3 + ⅓ y = 5 for y", "Solve 3 + ⅓ y = 7 for y", {"y": 12})


# -- 4. a system's equations labelled with Roman numerals, one a line (the German textbook layout) ----------
LABELLED_PAIRS = [
    ("Löse das Gleichungssystem:\nI: x + 2y = 17\nII: x - y = 2", "Löse das Gleichungssystem:\nI: x + 2y = 19\nII: x - y = 1",
     {"x": 7, "y": 6}),
    ("Gleichungssystem:\nI: a + 2b = 16\nII: 3a - b = 6", "Gleichungssystem:\nI: a + 2b = 16\nII: 3a - b = 13", {"a": 6, "b": 5}),
    ("Solve the system:\nI: x + y + z = 6\nII: x - y = 0\nIII: y - z = -1",
     "Solve the system:\nI: x + y + z = 9\nII: x - y = 0\nIII: y - z = -3", {"x": 2, "y": 2, "z": 5}),
]


@pytest.mark.parametrize(("first", "second", "expected"), LABELLED_PAIRS)
def test_a_labelled_system_is_read_as_its_equations(first: str, second: str, expected: dict[str, int]) -> None:
    labelled, plain = understand_prompt(second), understand_prompt(second.replace("III: ", "").replace("II: ", "").replace("I: ", ""))
    assert labelled is not None and plain is not None and labelled.solution == plain.solution, (labelled, plain)
    served_linear(first, second, expected)


LABELLED_TRAPS = [
    "Löse das Gleichungssystem:\nII: x + 2y = 17\nI: x - y = 2",          # out of order
    "Löse das Gleichungssystem:\nI: x + 2y = 17\nIII: x - y = 2",         # a label skipped
    "Löse das Gleichungssystem:\nI: x + 2y = 17\n\nII: x - y = 2",        # not on consecutive lines
    "Löse das Gleichungssystem:\nI: x + 2y = 17",                         # one label alone
    "Solve:\nI: think x + 2y = 17\nII: x - y = 2",                        # a word after the label
    "Solve:\nI: x + 2y = 17 and x - y = 2\nII: x + y = 12",               # two equations on a line
    "Solve:\nI) x + 2y = 17\nII) x - y = 2",                              # another label form
    "Solve:\ni: x + 2y = 17\nii: x - y = 2",
    "Solve: I: x + 2y = 17, II: x - y = 2",                               # not at line starts
]


@pytest.mark.parametrize("trap", LABELLED_TRAPS)
def test_a_labelled_system_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


# -- 5. the product of two unknowns written "xy", "x × y", "x·y" ---------------------------------------------
PRODUCT_PAIRS = [
    ("x + y = 12 and x - y = 2. What is the product xy?", "x + y = 14 and x - y = 2. What is the product xy?", 48),
    ("Given x + y = 10 and x - y = 2, what is xy?", "Given x + y = 10 and x - y = 4, what is xy?", 21),
    ("Sachant que x + y = 12 et x - y = 2, combien vaut x × y ?", "Sachant que x + y = 10 et x - y = 2, combien vaut x × y ?", 24),
    ("Given x + y = 10 and x - y = 2, what is x·y?", "Given x + y = 12 and x - y = 2, what is x·y?", 35),
]


@pytest.mark.parametrize(("first", "second", "product"), PRODUCT_PAIRS)
def test_the_product_of_two_unknowns_is_asked(first: str, second: str, product: int) -> None:
    problem = understand_prompt(second)
    assert problem is not None and problem.target == "x*y" and problem.target_value == product, problem
    text = served_linear(first, second)
    assert str(product) in text.strip().splitlines()[-1], text


PRODUCT_TRAPS = [
    "Given x + y = 10 and x - y = 2, what is xx?",
    "Given x + y = 10 and x - y = 2, what is xz?",          # z is no unknown
    "Given x + y = 10 and x - y = 2, what is xy2?",
    "Given x + y = 10 and x - y = 2, what is xy^2?",
    "Given x + y = 10 and x - y = 2, what is 2xy?",
    "Given x + y = 10 and x - y = 2, what is xyz?",
    "Given x + y = 10 and x - y = 2, what is x y?",
    "x + y = 10, x - y = 4. What is the product x + y?",    # "the product" before no product
    "x + y = 10, x - y = 4. What is the product 2x?",
    "Given x + y = 10 and x - y = 2, what is x ×y?",        # spaced on one side only
    "Given x + y = 10 and x - y = 2, what is x × 3?",
    "Given x + y = 10 and x - y = 2, what is x · yz?",
    "Solve 2xy = 10 and x - y = 2.",
    "In the xy plane, x + y = 10 and x - y = 2. What is x?",
    "a + n = 10, a - n = 2. What is an?",                    # a word of the table ("an") stays that word
    "i + s = 10, i - s = 2. What is is?",
]


@pytest.mark.parametrize("trap", PRODUCT_TRAPS)
def test_a_product_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
