"""A cause of declined dev variations, widened generically (branch wip/linAB, 2026-12-06; causes counted by
scripts/decline_causes_linear.py over the dev sets, set 22 unread): "For" leading the equations a question is
asked of ("For 3x + 4 = 25, what is x + 1?", "For the system x + y = 10, x - y = 2, what is x*y?", "Pour 3x + 2 = 17,
que vaut x ?"), read as "If"/"Given" lead them. (Superscript powers, "x\u00b2": branch wip/linAB-powers.)

Written by hand: leads x acts x equations. Traps: a negation, an extra condition, a second question, "then
double it", "round to", another unknown, a changed unit, the other number, no question after the lead."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_red_team_pair_not_served, served_linear

# -- 1. "For" leading the equations ----------------------------------------------------------------------------
_FOR_LEADS = ["For {eq}, {act}", "For the equation {eq}, {act}", "for {eq}, {act}"]
_FOR_ACTS = [("what is x + 1?", "x + 1", 1), ("what is x?", "x", 0), ("what is 2x?", "2*x", None),
             ("find x.", "x", 0), ("solve for x.", "x", 0), ("what is x - 3?", "x - 3", -3)]
# (first equation, second equation, x in the second)
_FOR_EQUATIONS = [("3x + 4 = 25", "3x + 4 = 31", 9), ("5x - 2 = 18", "5x - 2 = 33", 7), ("2(x + 1) = 10", "2(x + 1) = 16", 7)]

FOR_ROWS = []
for n, (lead, (act, name, shift)) in enumerate(itertools.product(_FOR_LEADS, _FOR_ACTS)):
    first, second, x = _FOR_EQUATIONS[n % len(_FOR_EQUATIONS)]
    value = 2 * x if shift is None else x + shift
    FOR_ROWS.append((lead.format(eq=first, act=act), lead.format(eq=second, act=act), name, value))
FOR_ROWS += [
    ("For the system x + y = 10, x - y = 2, what is x*y?", "For the system x + y = 10, x - y = 4, what is x*y?", "x*y", 21),
    ("For x + y = 10 and x - y = 2, what is x*y?", "For x + y = 12 and x - y = 2, what is x*y?", "x*y", 35),
    ("For 2x + 3y = 12 and x - y = 1, what is x*y?", "For 2x + 3y = 17 and x - y = 1, what is x*y?", "x*y", 12),
]


@pytest.mark.parametrize(("first", "second", "name", "value"), FOR_ROWS, ids=[f"for-{i}" for i in range(len(FOR_ROWS))])
def test_for_lead_served(first: str, second: str, name: str, value: int) -> None:
    problem = understand_prompt(second)
    assert problem is not None, second
    served_linear(first, second, {name: Fraction(value)})


@pytest.mark.parametrize(("prompt", "language"), [
    ("Pour 3x + 2 = 17, que vaut x ?", "fr"),
    ("Para 3x + 2 = 17, ¿cuánto vale x?", "es"),
])
def test_for_lead_in_other_tables(prompt: str, language: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.language == language and problem.solution == {"x": 5}, (prompt, problem)


FOR_BASE = "For 3x + 4 = 25, what is x + 1?"
FOR_TRAPS = [
    "For 3x + 4 = 25, what is x + 1? Then double it.",
    "For 3x + 4 = 25, what is not x + 1?",
    "For 3x + 4 = 25 and x > 2, what is x + 1?",
    "For 3x + 4 = 25, what is x + 1? And what is x + 2?",
    "For 3x + 4 = 25, what is x + 1 rounded to the nearest ten?",
    "For 3x + 4 = 25, what is y + 1?",
    "For 3x + 4 = 25, what is x + 1 in centimetres?",
    "For 3x + 4 = 25.",
    "For x, 3x + 4 = 25, what is x + 1?",
    "For 3x + 4 = 25, what is the other number?",
    "For all 3x + 4 = 25, what is x + 1?",
    "For 3x + 4 = 25 what is x + 1 if x is even?",
]


@pytest.mark.parametrize("trap", FOR_TRAPS, ids=[f"for-trap-{i}" for i in range(len(FOR_TRAPS))])
def test_for_lead_trap_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(FOR_BASE, trap)


def test_for_lead_without_a_question_is_no_claim() -> None:
    assert understand_prompt("For 3x + 4 = 25.") is None
    assert understand_prompt("For 3x + 4 = 25, x + 1.") is None
