"""The fuzz oracle's own reading of the everyday arithmetic forms the lead decided to serve (wip/arithU:
tests/fuzz/oracle.py ``everyday_symbols``, ``everyday_expression``, ``_w_product``, ``_w_cube_root`` and its "√", "mod"
and Spanish "el triple de" phrases: its own tables and regexes, not the engine's) agrees with the engine's on every
English reading of tests/adversarial/test_arithmetic_forms_arithU.py and on every fuzz base of the forms, checks
answer lines written with "**" or a signed number, and reads no near miss there as arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from tests.adversarial.test_arithmetic_forms_arithU import NEAR_MISSES, READ
from tests.fuzz.corpus import ARITH_WORDS, ARITHMETIC
from tests.fuzz.oracle import ArithProblem, check_arith_answer, understand_text

# the English rows and Spanish "el triple de" (the oracle's own phrase); the number-only instruction in lower case is
# no format sentence of the oracle's (it then reads nothing: no claim of its own, never a wrong one)
_OWN = [row for row in READ if (row[4] == "en" and row[3] != "number") or "triple" in row[0]]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), _OWN)
def test_the_oracle_reads_each_form_to_the_engine_s_value(prompt: str, expression: str, value: object, form: str,
                                                          language: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem) and problem.value == Fraction(value), (prompt, problem)  # type: ignore[arg-type]


# read by the oracle before wip/arithU too (its templates read either letter case, one convention of "a / b * c", an
# implicit product, markdown bold around an expression): the engine declines them, which is never a violation
_BROADER_BEFORE = ("What is 6 / 2 * 3?", "What is 2(3)?", "wHaT iS 12 * 12?", "What Is 12 * 12?", "What is **2 + 3**?")


@pytest.mark.parametrize("prompt", [p for p in NEAR_MISSES if p not in _BROADER_BEFORE])
def test_the_oracle_reads_no_near_miss_as_arithmetic(prompt: str) -> None:
    assert not isinstance(understand_text(prompt), ArithProblem), prompt


def test_every_fuzz_base_of_the_forms_is_read_by_both_alike() -> None:
    for prompt in [*ARITHMETIC, *ARITH_WORDS]:
        problem, engine = understand_text(prompt), ArithmeticConstraints.of_prompt(prompt)
        assert isinstance(problem, ArithProblem) and engine.claimed and problem.value == engine.value, prompt


@pytest.mark.parametrize(("prompt", "answer", "right"), [
    ("What is 2 ** 3?", "2 ** 3 = 8.", True),
    ("What is 2 ** 3?", "2 ** 3 = 6.", False),
    ("What is 2 ** 3?", "2 ** 3 = 6\nThe answer is 8.", False),  # a false step: the oracle reads "**" in a line too
    ("What is 2 - -3?", "2 - -3 = 5.", True),
    ("What is 2 - -3?", "2 - -3 = -1.", False),
    ("What is 2 - -3?", "2 - -3 = -1 = 5.", False),
    ("What is 4 * -2?", "4 * -2 = -8.", True),
    ("What is 10 – 3?", "10 - 3 = 7.", True),
    ("What is √16?", "4.", True),
    ("What is √16?", "8.", False),
    ("What is 17 mod 6?", "5.", True),
    ("What is 17 mod 6?", "2.", False),
])
def test_the_oracle_checks_an_answer_in_a_form(prompt: str, answer: str, right: bool) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem)
    assert (check_arith_answer(problem, answer) is None) is right, (prompt, answer)
