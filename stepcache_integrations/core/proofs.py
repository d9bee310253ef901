"""Memoised checks: a task's ``verify``, ``check_answer`` and ``verification_level`` are pure
functions of the steps (text, kind, meta) and the constraints, so their result for the same inputs is the same proof.

The hit path verifies a cached entry against a new prompt; a prompt that poses the same
problem as an entry (a rephrasing, a repeat) meets the proof computed before, in this process,
instead of parsing the steps again. The key is the inputs themselves, frozen with their types
(``1``, ``1.0``, ``True`` and ``"1"`` are different keys; dict order is kept), and equality is
Python's, never a digest: a collision cannot serve another input's proof. An input that cannot
be frozen exactly (an unknown type, a float NaN) is not memoised and is checked afresh.
Constraints are keyed by their stored form (``TaskConstraints.to_dict``), the form a store
keeps and ``load_constraints`` reads back, so an entry read from any store meets the same key.

Bounded (LRU) and per process; results are returned as copies, so nobody mutates a proof.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from .tasks.base import UnitCheck, Verification
from .types import BoundedLRU, Step, Unfreezable, VerificationLevel, freeze

__all__ = ["Keyed", "ProofMemo", "PROOFS", "keyed", "keyed_steps"]


@dataclass(frozen=True)
class Keyed:
    """Constraints with their frozen key computed once (a candidate is checked several times)."""

    value: Any
    key: Hashable | None  # None: no exact key, so never memoised


def keyed(value: Any) -> Keyed:
    """``value`` with its frozen key (``core.types.freeze``), or no key when it has none."""
    try:
        return Keyed(value, freeze(value))
    except Unfreezable:
        return Keyed(value, None)


def keyed_steps(steps: list[Step]) -> Keyed:
    """``steps`` with their key computed once (a candidate's steps are checked, then answered)."""
    try:
        return Keyed(steps, _steps_key(steps))
    except Unfreezable:
        return Keyed(steps, None)


def _raw(value: Any) -> Any:
    return value.value if isinstance(value, Keyed) else value


def _frozen(value: Any) -> Hashable:
    if not isinstance(value, Keyed):
        return freeze(value)
    if value.key is None:
        raise Unfreezable("no exact key")
    return value.key



def _steps_key(steps: Sequence[Step] | Keyed) -> Hashable:
    if isinstance(steps, Keyed):
        return _frozen(steps)
    return tuple((step.text, step.kind, freeze(step.meta)) for step in steps)


def _copy(verification: Verification) -> Verification:
    return Verification([UnitCheck(u.name, u.ok, u.reason, u.evidence) for u in verification.units])


class ProofMemo(BoundedLRU[tuple[Any, Any]]):
    """An LRU of task checks by their exact inputs (thread-safe). Each value is (handler, result):
    the handler is held so its id (in the key) is not reused meanwhile."""

    def __init__(self, maxsize: int = 16384) -> None:
        super().__init__(maxsize)

    def verify(self, handler: Any, steps: list[Step] | Keyed, constraints: Any, cached_constraints: Any) -> Verification:
        """``handler.verify(steps, constraints, cached_constraints)``, memoised (any of the three
        may come ``Keyed``: frozen once by the caller)."""
        key = self._key(("verify",), handler, steps, constraints, cached_constraints)
        found = self._get(key)
        if found is None:
            found = handler.verify(_raw(steps), _raw(constraints), _raw(cached_constraints))
            self._put(key, handler, _copy(found))
            return found
        return _copy(found)

    def answer_errors(self, handler: Any, steps: list[Step] | Keyed, constraints: Any) -> list[str]:
        """``handler.check_answer(steps, constraints)``, memoised."""
        key = self._key(("check_answer",), handler, steps, constraints, None)
        found = self._get(key)
        if found is None:
            found = tuple(handler.check_answer(_raw(steps), _raw(constraints)))
            self._put(key, handler, found)
        return list(found)

    def level(
        self, handler: Any, steps: list[Step] | Keyed, constraints: Any, cached_constraints: Any, stored: VerificationLevel
    ) -> VerificationLevel:
        """``handler.verification_level(steps, constraints, cached_constraints, stored)``, memoised."""
        key = self._key(("level", stored), handler, steps, constraints, cached_constraints)
        found: VerificationLevel | None = self._get(key)
        if found is None:
            found = handler.verification_level(_raw(steps), _raw(constraints), _raw(cached_constraints), stored)
            self._put(key, handler, found)
        return found

    def _key(self, check: tuple[str, ...], handler: Any, steps: list[Step] | Keyed, constraints: Any, cached: Any) -> Hashable | None:
        if self.maxsize <= 0:
            return None
        try:
            # The handler object's identity: two configurations of one task never share proofs
            # (the stored value holds the handler, so its id is not reused while the key lives).
            return (check, id(handler), _steps_key(steps), _frozen(constraints), _frozen(cached))
        except Unfreezable:
            return None

    def _get(self, key: Hashable | None) -> Any:
        found = None if key is None else self.get(key)
        return None if found is None else found[1]

    def _put(self, key: Hashable | None, handler: Any, value: Any) -> None:
        if key is not None:
            self.put(key, (handler, value))


#: The process's memo, used by the planner and seeded when an answer is stored.
PROOFS = ProofMemo()
