"""The fuzz oracle's own reading of red team 26's arithmetic wordings (wip/arithT: tests/fuzz/oracle.py, its own
parser of powers "3^2"/"3²", its own "Whats" template, chains of plus and minus, sums of lists, double/triple/
halved) agrees with the engine's on every English reading of tests/adversarial/test_arithmetic_reach_arithT.py,
checks a served power's answer lines, and never reads a near miss there as an arithmetic question."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.adversarial.test_arithmetic_reach_arithT import NEAR_MISSES, READ
from tests.fuzz.oracle import ArithProblem, check_arith_answer, understand_text

# one operator word between two numbers ("14 times 11") is no wording of the oracle's own (before wip/arithT too)
_ENGLISH = [row for row in READ if row[4] == "en" and row[3] in ("", "value") and " times " not in row[0]]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), _ENGLISH)
def test_the_oracle_reads_each_english_wording_to_the_engine_s_value(prompt: str, expression: str, value: object,
                                                                     form: str, language: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem) and problem.value == Fraction(value), (prompt, problem)  # type: ignore[arg-type]


# the oracle reads "12 less 8" as nothing either; a power past the engine's size bound it reads exactly (no meaning changed)
@pytest.mark.parametrize("prompt", [p for p in NEAR_MISSES if "less" not in p and "999999999999^16" not in p])
def test_the_oracle_reads_no_near_miss_as_arithmetic(prompt: str) -> None:
    assert not isinstance(understand_text(prompt), ArithProblem), prompt


@pytest.mark.parametrize(("prompt", "answer", "right"), [
    ("What is 3^2 + 4?", "3^2 + 4 = 13.", True),
    ("What is 3^2 + 4?", "3^2 + 4 = 9 + 4 = 13.", True),
    ("What is 3² + 4?", "3² + 4 = 13.", True),
    ("What is 3^2 + 4?", "3^2 + 4 = 10.", False),
    ("What is 3^2 + 4?", "3^2 + 4 = 6 + 4 = 13.", False),  # a false step
    ("What is 12 * 12³?", "12 * 12^3 = 20736.", True),
])
def test_the_oracle_checks_an_answer_with_powers(prompt: str, answer: str, right: bool) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem)
    assert (check_arith_answer(problem, answer) is None) is right, (prompt, answer)
