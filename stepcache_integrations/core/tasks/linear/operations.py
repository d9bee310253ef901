"""A prose operation of a linear step ("Subtract 5 from both sides") and whether operations
turn one equation into another (:mod:`.steps` reads them and checks them in reading order), and
a step's body as the checker reads it (:func:`normalised`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...lru import short_text_cache
from ..algebra import Equation, LinearForm
from ..equation_claims import normalise_claims

__all__ = ["Operation", "normalised", "transition_holds"]



@dataclass
class Operation:
    """An operation read in step ``step`` at ``pos``: its verb as written and its number."""

    step: int
    pos: int
    verb: str
    value: Fraction


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
        applied = _apply(verb, value, left, right)
        if applied is None:
            return False
        left, right = applied
    return (left, right) == (after_left, after_right) or (right, left) == (after_left, after_right)


def normalised(body: str) -> str:
    """``normalise_claims(body)``; a short body (every step is read under each new problem) once."""
    return _normalised(body)


@short_text_cache(8192)
def _normalised(body: str) -> str:
    return normalise_claims(body)
