"""Consecutive integers as the subject of "add up to" (branch wip/linZ, 2026-12-06): "Three consecutive integers add up
to 72. What is the smallest?" (3x + 3 = 72), read as wip/linQ's "The sum of three consecutive integers is 72". Written
by hand: counts x verbs x questions, the asked one solved by sympy from the n integers' sum. Even or odd integers,
a sum not whole, "more than", the middle one, "the smaller" of three: no claim."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, assert_story_served

X = sympy.Symbol("x")
_COUNTS = {"Two": 2, "Three": 3, "Four": 4, "Five": 5}
_KINDS = ["consecutive integers", "consecutive numbers"]
_VERBS = ["add up to", "sum to", "have a sum of"]
_ASKS = {"min": ["What is the smallest?", "Find the smallest.", "What is the smallest one?"],
         "max": ["What is the largest?", "Find the largest.", "What is the largest one?"]}

ROWS = []
for n, (count, kind, verb) in enumerate(itertools.product(_COUNTS, _KINDS, _VERBS)):
    k = _COUNTS[count]
    rank = "min" if n % 2 == 0 else "max"
    ask = _ASKS[rank][n % 3]
    least = 10 + n
    total = sum(least + i for i in range(k))
    template = f"{count} {kind} {verb} {{t}}. {ask}"
    (root,) = sympy.solve(sympy.Eq(sum(X + i for i in range(k)), total + k), X)  # the second: each one more
    value = Fraction(str(root)) + (k - 1 if rank == "max" else 0)
    ROWS.append((template.format(t=total), template.format(t=total + k), value))


@pytest.mark.parametrize(("first", "second", "value"), ROWS, ids=[f"en-{i}" for i in range(len(ROWS))])
def test_consecutive_add_up_served_exact(first: str, second: str, value: Fraction) -> None:
    assert_story_served("en", first, second, "x", value)


BASE = "Three consecutive integers add up to 72. What is the smallest?"
TRAPS = [
    "Three consecutive even integers add up to 72. What is the smallest?",
    "Three consecutive odd integers add up to 75. What is the smallest?",
    "Three consecutive integers add up to 73. What is the smallest?",  # not whole
    "Three consecutive integers add up to more than 72. What is the smallest?",
    "Three consecutive integers add up to 72. What is the middle one?",
    "Three consecutive integers add up to 72. What is the smaller one?",  # a comparative of three
    "Three consecutive integers add up to 72 and 75. What is the smallest?",
    "Three consecutive integers do not add up to 72. What is the smallest?",
    "Three consecutive integers add up to 72. What is the smallest? And the largest?",
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_consecutive_add_up_trap(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, BASE)
