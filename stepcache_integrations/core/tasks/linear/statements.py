"""What a step states that nothing checks against the problem (blind red teams rounds 9-10).

A re-instantiated step keeps every statement the rewriter does not see ("x = .25", "15 / 3 = 5"
stay when the value changes): a step is proven only when each of its '=' stands in an equation
the reader read, and an equation with no unknown states only numbers the problem or the
derivation before it accounts for.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..algebra import Equation, format_number, literal_fraction
from .operations import REARRANGING

__all__ = ["unexplained_arithmetic", "unread_equals", "unrestated"]

_EQUALS = re.compile(r"=(?!>)")  # "=>" is an arrow between statements, not an equation
_NUMBER = re.compile(r"(?<![\w.])[0-9]+(?:\.[0-9]+)?")
# Words saying that what follows is the problem itself.
_RESTATING = re.compile(
    r"\b(?:start|starting|started|begin|beginning)\b|\b(?:equation|equations|system|problem)\s+(?:is|are)\b", re.IGNORECASE
)
_BARE = re.compile(r"\s*-?[0-9]+(?:\.[0-9]+)?\s*")


def unread_equals(body: str, equations: list[Equation]) -> str:
    """Why a step fails when one of its '=' is outside every equation read ("x = .25", "5. = x",
    "x = 5 = .6", "x = 5 %", "x = 3 * x = 15"'s unread link), or "" when each is read."""
    stated = len(_EQUALS.findall(body))
    if stated == len(equations):
        return ""
    return f"states {stated - len(equations)} equation(s) this checker cannot read (an '=' outside every equation read)"


def unrestated(body: str, equations: list[Equation], op_spans: list[tuple[int, int]], problem: tuple[Equation, ...]) -> str:
    """Why a step fails when it says it states the problem ("Start with", "The system is") and an
    equation it states after saying so, before any operation, is none of the problem's equations
    (either side first), or "" (red team round 11: "Start from the equation 3x = 15." and "The
    system is x = 5." passed for 3x + 5 = 20, each true at the solution but not the problem)."""
    said = _RESTATING.search(body)
    if said is None:
        return ""
    first_op = min([start for start, _ in op_spans] + [m.start() for m in REARRANGING.finditer(body)], default=len(body))
    stated = [eq for eq in equations if said.start() <= eq.start < first_op]
    for eq in stated:
        if not any(_same(eq, p) for p in problem):
            return f"'{eq.text}' is stated as the problem, which it is not"
    if said.group().lower().startswith(("system", "equations")) and not all(any(_same(eq, p) for eq in stated) for p in problem):
        return "states the system without all of its equations"  # "The system is x - y = 2." for two
    return ""


def _same(eq: Equation, problem: Equation) -> bool:
    """The problem's equation, either side first."""
    return (eq.left, eq.right) in ((problem.left, problem.right), (problem.right, problem.left))


def unexplained_arithmetic(sequence: list[tuple[int, int, Any]], ctx: Any) -> dict[int, str]:
    """Steps (by index) stating an equation with no unknown ("15 / 3 = 5", "2 * 2 = 4") with a number
    that neither the problem, its solution, an operation nor an earlier equation states: arithmetic
    of another problem (a re-instantiation leaves it as it was) or a claim nothing ties to this one.
    In a chain with an unknown, a side that is a bare number is what the other side computes."""
    if not _states_arithmetic(sequence):
        return {}  # every equation has an unknown: none is checked here
    explained = {abs(n) for eq in ctx.problem for n in eq.numbers} | {abs(v) for v in ctx.solution.values()}
    chained = {(step, item.start) for step, _, item in sequence if isinstance(item, Equation) and item.identifiers}
    failures: dict[int, str] = {}
    for step, _, item in sorted(sequence, key=lambda entry: (entry[0], entry[1])):
        if not isinstance(item, Equation):
            explained.add(abs(item.value))  # an operation's number
            continue
        chain = (step, item.start) in chained
        missing = None if item.identifiers or step in failures else _unexplained(item, chain, explained)
        if missing is not None:
            failures[step] = (
                f"'{item.text}' computes with {format_number(missing)}, which neither the problem "
                "nor the derivation before it states"
            )
        explained |= {abs(n) for n in item.numbers}
    return failures


def _states_arithmetic(sequence: list[tuple[int, int, Any]]) -> bool:
    return any(isinstance(item, Equation) and not item.identifiers for _, _, item in sequence)


def _unexplained(equation: Equation, chained: bool, explained: set[Fraction]) -> Fraction | None:
    """The first number of an equation with no unknown that nothing explains: in a chain with an
    unknown ("3x = 20 - 5 = 15") it computes, so its inputs count; alone, each number counts."""
    used = _inputs(equation.text) if chained else [abs(n) for n in equation.numbers]
    return next((n for n in used if n not in explained), None)


def _inputs(text: str) -> list[Fraction]:
    """The numbers an equation with no unknown computes with: both sides', but a side that is a
    bare number is the result (absolute values: a sign is an operator here)."""
    left, _, right = text.partition(" = ")
    sides = [side for side in (left, right) if not _BARE.fullmatch(side)] or [left]
    return [abs(literal_fraction(n)) for side in sides for n in _NUMBER.findall(side)]
