"""Exact, typed, hashable forms of plain data, for memoising pure checks by their inputs."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any

__all__ = ["Unfreezable", "freeze"]

_ATOMS = (str, int, float, bool, type(None), Fraction)


class Unfreezable(Exception):
    """A value with no exact hashable form (an unknown type, a float NaN): not memoised."""


def freeze(value: Any) -> Hashable:
    """An exact form of ``value``: ``1``, ``1.0``, ``True`` and ``"1"`` differ, dict order is kept,
    equality is Python's (never a digest). An object may carry its own (``frozen_key``)."""
    kind = type(value)
    # The plain forms first, in the order stored constraints and step metadata are made of them (a
    # string, a dict keyed by strings, a list), each built with a list (faster than a generator);
    # the same forms as the general branches below, without their attribute and ABC lookups.
    if kind is str:
        return ("str", value)
    if kind is dict:
        return ("map", tuple([(("str", k) if type(k) is str else freeze(k), freeze(v)) for k, v in value.items()]))
    if kind is list or kind is tuple:
        return (kind.__name__, tuple([freeze(item) for item in value]))
    if kind in _ATOMS:
        if kind is float:
            if value != value:
                raise Unfreezable("NaN equals nothing, itself included")
            return ("float", repr(value))  # 0.0 == -0.0 in Python; JSON writes them apart
        return (kind.__name__, value)
    return _general(value)


def _general(value: Any) -> Hashable:
    """:func:`freeze` of anything but the plain forms: an object's own key, another mapping or sequence."""
    own = getattr(value, "frozen_key", None)
    if own is not None:
        return own
    if isinstance(value, Mapping):
        return ("map", tuple((freeze(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(freeze(item) for item in value))
    raise Unfreezable(type(value).__name__)
