"""A prose operation of a linear step ("Subtract 5 from both sides") and whether operations
turn one equation into another (:mod:`.steps` reads them and checks them in reading order), and
a step's body as the checker reads it (:func:`normalised`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..base import short_text_cache
from ..algebra import Equation, LinearForm, format_number
from ..equation_claims import normalise_claims

__all__ = ["REARRANGING", "Operation", "normalised", "rearrangements", "transition_holds"]

# Verbs that only move terms between sides and gather them ("Collect the x terms on the left",
# "Combine like terms", "Simplify"): they scale nothing, so the equation they lead to has the same
# form, lhs - rhs, as the one before (or its negation: the sides swapped). Red team round 11: read
# as words that state nothing, "Collect ...: 50x = 10" passed after 10x + 1 = 3 (true at x = 1/5,
# but no rearrangement of it).
REARRANGING = re.compile(
    r"\b(?:collect|collecting|collected|combine|combining|combined|simplify|simplifying|simplified)\b", re.IGNORECASE
)
_REARRANGING_VERBS = frozenset({"col", "com", "sim"})


@dataclass
class Operation:
    """An operation read in step ``step`` at ``pos``: its verb as written and its number."""

    step: int
    pos: int
    verb: str
    value: Fraction

    @property
    def named(self) -> str:
        """The operation as a reason names it ("Subtract 5", "Collect")."""
        return self.verb if REARRANGING.fullmatch(self.verb) else f"{self.verb} {format_number(self.value)}"


def rearrangements(step: int, body: str) -> list[Operation]:
    """The rearranging verbs of a step's body, as operations (their value is unused)."""
    return [Operation(step, m.start(), m.group(), Fraction(0)) for m in REARRANGING.finditer(body)]


def _apply(verb: str, value: Fraction, left: LinearForm, right: LinearForm) -> tuple[LinearForm, LinearForm] | None:
    """Both sides after one operation (``verb``: the first three letters of its verb, lowercased)."""
    if verb in ("add", "sub"):
        shift = LinearForm(const=value if verb == "add" else -value)
        return left + shift, right + shift
    if value == 0:
        return None
    factor = value if verb == "mul" else 1 / value
    return left.scale(factor), right.scale(factor)


def transition_holds(ops: list[Operation], before: Equation, after: Equation) -> bool:
    """Whether the operations, in order, turn ``before`` into ``after`` (either way round).

    Computed once per exact input: what is read of each operation (the first three letters of
    its verb, lowercased, and its value) and the four sides, compared by value (a derivation's
    operations are checked again for each rewrite re-instantiation tries, and by the final
    check). Equal inputs give the same answer: the arithmetic is exact."""
    signature = tuple((op.verb[:3].lower(), op.value) for op in ops)
    return _transition_of(signature, before.left, before.right, after.left, after.right)


@lru_cache(maxsize=4096)
def _transition_of(
    signature: tuple[tuple[str, Fraction], ...],
    left: LinearForm,
    right: LinearForm,
    after_left: LinearForm,
    after_right: LinearForm,
) -> bool:
    for verb, value in signature:
        if verb in _REARRANGING_VERBS:
            continue
        applied = _apply(verb, value, left, right)
        if applied is None:
            return False
        left, right = applied
    if any(verb in _REARRANGING_VERBS for verb, _ in signature):
        form, after = left + right.scale(Fraction(-1)), after_left + after_right.scale(Fraction(-1))
        return form == after or form == after.scale(Fraction(-1))
    return (left, right) == (after_left, after_right) or (right, left) == (after_left, after_right)


@short_text_cache(8192)
def normalised(body: str) -> str:
    """``normalise_claims(body)``; a short body (every step is read under each new problem) once."""
    return normalise_claims(body)
