"""The product of two unknowns said with "times" ("what is x times y?", "find x times y"), read as "the product of
x and y" is (branch wip/linAB, 2026-12-06: 2 dev variations declined at "VAR [WP_TIMES] VAR",
scripts/decline_causes_linear.py; set 22 unread). English only (WP_TIMES is the English word problems' "times").
Traps: a number for one factor, a third factor, another operation after it, an unknown no equation holds, a
second question, "then double it", a negation, a changed unit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_red_team_pair_not_served, served_linear

# (first, second, x*y in the second)
ROWS = [
    ("Given x + y = 10 and x - y = 2, find x times y.", "Given x + y = 10 and x - y = 4, find x times y.", 21),
    ("Given x + y = 10 and x - y = 2, what is x times y?", "Given x + y = 12 and x - y = 2, what is x times y?", 35),
    ("If a + b = 9 and a - b = 1, what is a times b?", "If a + b = 9 and a - b = 3, what is a times b?", 18),
    ("For x + y = 10 and x - y = 2, what is x times y?", "For x + y = 10 and x - y = 4, what is x times y?", 21),
    ("x + y = 10, x - y = 2. What is x times y?", "x + y = 10, x - y = 6. What is x times y?", 16),
    ("Solve x + y = 10 and x - y = 2, then give x times y.", "Solve x + y = 14 and x - y = 2, then give x times y.", 48),
]


@pytest.mark.parametrize(("first", "second", "value"), ROWS, ids=[f"times-{i}" for i in range(len(ROWS))])
def test_times_of_two_unknowns_served(first: str, second: str, value: int) -> None:
    problem = understand_prompt(second)
    spelled = understand_prompt(second.replace(" times ", "*"))
    assert problem is not None and spelled is not None, second
    assert (problem.target, problem.solution) == (spelled.target, spelled.solution), (second, problem)
    served_linear(first, second, {"x*y" if "x times" in second else "a*b": Fraction(value)})


BASE = "Given x + y = 10 and x - y = 2, what is x times y?"
TRAPS = [
    "Given x + y = 10 and x - y = 2, what is x times 2?",
    "Given x + y = 10 and x - y = 2, what is 3 times x?",
    "Given x + y = 10 and x - y = 2, what is x times y times x?",
    "Given x + y = 10 and x - y = 2, what is x times y squared?",
    "Given x + y = 10 and x - y = 2, what is x times y plus 1?",
    "Given x + y = 10 and x - y = 2, what is x times z?",
    "Given x + y = 10 and x - y = 2, what is two times x times y?",
    "Given x + y = 10 and x - y = 2, what is x times y? Then double it.",
    "Given x + y = 10 and x - y = 2, what is not x times y?",
    "Given x + y = 10 and x - y = 2, what is x times y in centimetres?",
    "Given x + y = 10 and x - y = 2, what is x times y, and what is x?",
    "Given x + y = 10 and x - y = 2, what is x divided by y?",
    "Given x + y = 10 and x - y = 2, what is x times y rounded to the nearest ten?",
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"times-trap-{i}" for i in range(len(TRAPS))])
def test_times_trap_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(BASE, trap)
