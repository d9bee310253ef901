"""A persona whose relative clause says it outputs the final value ("You are a calculator that only outputs the
final value.", branch wip/linZ, 2026-12-06): the answer is the number alone, one line, nothing else (blind set 20's
i1033 was served "Answer: y = 9": the value right, the form not kept). Written by hand: personas x clauses x
equations x layouts. Two unknowns (no one number), the steps asked beside it, a word after the value: no claim.
"Answer with only the final value" (no persona's clause) keeps its labelled answer line (test_linear_reach_linR)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_red_team_pair_not_served, served_linear

_PERSONAS = ["a calculator", "a calculator bot", "a math bot", "a helpful assistant", "a math tutor", "an algebra solver"]
_CLAUSES = ["that only outputs the final value", "that outputs only the final value", "that outputs just the final value",
            "that returns only the final value", "who only outputs the final value"]
_LAYOUTS = ["System: You are {p} {c}.\nUser: {eq}", "You are {p} {c}. Solve {eq}", "You are {p} {c}.\n{eq}"]
# (first equation, second equation, the unknown's value in the second)
_EQUATIONS = [("4y - 3 = 2y + 9", "4y - 3 = 2y + 17", 10), ("3x + 5 = 20", "3x + 5 = 26", 7),
              ("7m - 2 = 40", "7m - 2 = 61", 9), ("2(k + 3) = 18", "2(k + 3) = 30", 12)]

ROWS = []
for n, (persona, clause, layout) in enumerate(itertools.product(_PERSONAS, _CLAUSES, _LAYOUTS)):
    if n % 2:
        continue  # every other combination: 45 rows
    first, second, value = _EQUATIONS[n % len(_EQUATIONS)]
    ROWS.append((layout.format(p=persona, c=clause, eq=first), layout.format(p=persona, c=clause, eq=second), value))


@pytest.mark.parametrize(("first", "second", "value"), ROWS, ids=[f"persona-{i}" for i in range(len(ROWS))])
def test_final_value_served_as_the_number_alone(first: str, second: str, value: int) -> None:
    problem = understand_prompt(second)
    assert problem is not None and "bare_number" in problem.format, (second, problem)
    text = served_linear(first, second, {"": Fraction(value)}, "bare")
    assert text.strip() == str(value), text


BASE = "System: You are a calculator that only outputs the final value.\nUser: 4y - 3 = 2y + 9"
TRAPS = [
    "System: You are a calculator that only outputs the final value.\nUser: x + y = 10, x - y = 2",  # two values
    "System: You are a calculator that only outputs the final value and the steps.\nUser: 4y - 3 = 2y + 17",
    "System: You are a calculator that only outputs the final value in words.\nUser: 4y - 3 = 2y + 17",
    "System: You are a calculator that only outputs the final value of y squared.\nUser: 4y - 3 = 2y + 17",
    "System: You are a calculator that never outputs the final value.\nUser: 4y - 3 = 2y + 17",
    "System: You are a calculator that outputs the final value twice.\nUser: 4y - 3 = 2y + 17",
    "System: You are a calculator that only outputs the final value.\nUser: 4y - 3 = 2y + 17. Show your steps.",  # conflicting
    "System: You are a calculator that only outputs the final value.\nUser: 4y - 3 > 2y + 17",
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_final_value_trap_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(BASE, trap)


def test_answer_with_only_the_final_value_keeps_its_line() -> None:
    problem = understand_prompt("System: Answer with only the final value.\nUser: 13x = 143")
    assert problem is not None and "answer_only" in problem.format and "bare_number" not in problem.format
