"""The fuzz oracle's own reading of a leading point (wip/arithV: tests/fuzz/oracle.py ``_LEADING_POINT``, its own
regex, not the engine's) agrees with the engine's on every symbolic reading with one in
tests/adversarial/test_arithmetic_reach_arithV.py, checks answer lines written with one, and reads no glued point
there as arithmetic (the fuzzer's "spaced_mark" edit writes ".20" for "20": both read 0.20 now)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from tests.adversarial.test_arithmetic_reach_arithV import NEAR_MISSES, READ
from tests.fuzz.oracle import ArithProblem, check_arith_answer, understand_text

_POINTED = [row for row in READ if row[3] == "" and "." in row[1].replace("0.", "")]
_GLUED = [p for p in NEAR_MISSES if re.search(r"\.[0-9]|[0-9]\.(?!$)|\. [0-9]", p)
          and not p.startswith("Which") and "root" not in p and "raíz" not in p]


def test_the_rows_are_there() -> None:
    assert len(_POINTED) >= 7 and len(_GLUED) >= 8


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), _POINTED)
def test_the_oracle_reads_a_leading_point_to_the_engine_s_value(prompt: str, expression: str, value: object, form: str,
                                                                language: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem) and problem.value == Fraction(value), (prompt, problem)  # type: ignore[arg-type]
    assert ArithmeticConstraints.of_prompt(prompt).value == problem.value


@pytest.mark.parametrize("prompt", _GLUED)
def test_the_oracle_reads_no_glued_point_as_arithmetic(prompt: str) -> None:
    problem = understand_text(prompt)
    engine = ArithmeticConstraints.of_prompt(prompt)
    assert not engine.claimed
    # the oracle may read more than the engine ("2 - -.5"): never less, and never another value
    assert not isinstance(problem, ArithProblem) or prompt in ("What is 2 - -.5?",), prompt


@pytest.mark.parametrize(("prompt", "answer", "right"), [
    ("What is .5 + .25?", ".5 + .25 = 0.75.", True),
    ("What is .5 + .25?", "0.75.", True),
    ("What is .5 + .25?", ".5 + .25 = 0.3.", False),
    ("What is .5 + .25?", ".5 + .25 = 0.3\nThe answer is 0.75.", False),  # a false step: read in a line too
    ("What is 10 / .3?", "10 / .3 = 100/3.", True),
    ("What is 10 / .3?", "10 / .3 = 10/3.", False),
])
def test_the_oracle_checks_an_answer_with_a_leading_point(prompt: str, answer: str, right: bool) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem)
    assert (check_arith_answer(problem, answer) is None) is right, (prompt, answer)


# wip/arithV: "3 + 4 times ten" (fuzz seed 1, modifier_insert: "What's 7 - 10 times two?" served -13, the oracle read
# nothing): the oracle's own reading of a times word in an expression (oracle.py ``_w_mixed``)
_MIXED = [row for row in READ if row[4] == "en" and row[3] == "value" and " * " in row[1]
          and any(op in row[0] for op in (" + ", " - ", "(")) and (" times " in row[0] or " x " in row[0])
          and "seventy" not in row[0]]  # the oracle reads no compound number word (it then reads nothing: never a wrong value)


def test_the_mixed_rows_are_there() -> None:
    assert len(_MIXED) >= 3  # the parenthesised rows ("(3 + 4) times ten"): the lead kept only one-operand readings


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), _MIXED)
def test_the_oracle_reads_a_times_word_in_an_expression_to_the_engine_s_value(prompt: str, expression: str, value: object,
                                                                            form: str, language: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem) and problem.value == Fraction(value), (prompt, problem)  # type: ignore[arg-type]


@pytest.mark.parametrize("prompt", ["What's 7 - 10 times two?", "What is 3 + 4 times ten?"])
def test_the_engine_makes_no_claim_on_the_seed_1_finding(prompt: str) -> None:
    """Read two ways aloud ((7 - 10) * 2 or 7 - 10 * 2): the engine makes no claim (the lead's decision)."""
    assert ArithmeticConstraints.of_prompt(prompt).value is None


@pytest.mark.parametrize("prompt", ["What is 3 + 4 multiplied by ten?", "What is 3 + 4 times ten times 2?", "What is 3 + 4 times x?"])
def test_the_oracle_reads_no_other_times_phrase(prompt: str) -> None:
    assert not isinstance(understand_text(prompt), ArithProblem), prompt
