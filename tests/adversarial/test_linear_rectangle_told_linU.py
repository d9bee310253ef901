"""A rectangle's perimeter and one side, told in one sentence or in sentences of their own, the other side
asked, in the unit asked or none (branch wip/linU, 2026-12-05), written by hand, not from any held-out
file. Generated from the shape: the perimeter sentence (the shape named) x the side sentence x the
question; the expected side is solved by sympy from 2(side + x) = P, independently of the engine."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear

X = sympy.Symbol("x")

PERIMETERS = ["The perimeter of a rectangle is {P} cm.", "A rectangle's perimeter is {P} cm."]
SIDES = [("Its length is 14 cm.", "width"), ("The width is 6 cm.", "length"), ("Its width is 6 cm.", "length")]
ASKS = ["What is its {s}?", "Find the {s} in cm.", "Find the {s}.", "What is the {s}?"]
ROWS: list[tuple[str, int]] = []
for perimeter, (side, other), ask in itertools.product(PERIMETERS, SIDES, ASKS):
    ROWS.append((" ".join([perimeter, side, ask.format(s=other)]), 14 if "14" in side else 6))
ROWS += [
    ("The perimeter of a rectangle is {P} cm and its length is 14 cm. Find the width in cm.", 14),
    ("The perimeter of a rectangle is {P} cm and its length is 14 cm. What is its width?", 14),
    ("El perímetro de un rectángulo es {P} cm. Su largo es 14 cm. ¿Cuánto mide el ancho?", 14),
]


@pytest.mark.parametrize(("template", "given"), ROWS, ids=[f"rect-{i}" for i in range(len(ROWS))])
def test_rectangle_told_served_exact(template: str, given: int) -> None:
    first, second = template.format(P=40), template.format(P=52)
    (root,) = sympy.solve(sympy.Eq(2 * (given + X), 52), X)
    value = Fraction(str(root))
    assert value > 0 and 2 * (given + value) == 52  # the facts hold
    problem = understand_prompt(second)
    assert problem is not None and problem.solution == {"x": value}, (second, problem)
    served_linear(first, second, {"x": value})


BASE = "The perimeter of a rectangle is 40 cm. Its length is 14 cm. What is its width?"
TRAPS = [
    "The perimeter of a rectangle is 40 cm. Its length is 14 cm. Find the width in mm.",  # another unit asked
    "The perimeter of a rectangle is 40 cm. Its length is 14 mm. What is its width?",  # two units
    "The perimeter of a rectangle is 40 cm. Its length is 14 cm. What is its length?",  # the side given asked
    "Its perimeter is 40 cm. Its length is 14 cm. What is its width?",  # no shape named
    "The perimeter of a rectangle is 40 cm. Its length is 14 cm. Its width is 3 cm. What is its width?",  # both given
    "The perimeter of a rectangle is 40 cm. Its length is 24 cm. What is its width?",  # a side not positive
    "The perimeter of a rectangle is 40 cm. Its length is 14 cm. What is its area?",  # another quantity
    "The perimeter of a rectangle is 40 cm. Its length is not 14 cm. What is its width?",  # negated
    "The perimeter of a big rectangle is 40 cm. Its length is 14 cm. What is its width?",  # a word of no table
    "The perimeter of a triangle is 40 cm. Its length is 14 cm. What is its width?",  # another shape
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_rectangle_told_trap(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, BASE)
