"""One bounded, thread-safe LRU for the hit path's memos (task selection, proofs, vectors), and the
exact, typed, hashable forms of plain data they key pure checks by (:func:`freeze`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from functools import lru_cache, wraps
from typing import Any, Generic, TypeVar

__all__ = ["SHORT_TEXT", "BoundedLRU", "Unfreezable", "freeze", "short_text_cache"]

V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

SHORT_TEXT = 512  # texts up to this length go through a short_text_cache's memo


def short_text_cache(maxsize: int, *, long_maxsize: int = 0, limit: int = SHORT_TEXT) -> Callable[[F], F]:
    """Memoise a pure function of ``(text, *hashable args)`` whose result is immutable: texts of
    up to ``limit`` characters (a step, an answer line: read again and again) in an LRU of
    ``maxsize``, longer ones (a whole prompt) in one of ``long_maxsize`` (0: not memoised), so a
    few long texts cannot hold the memory many short ones would."""

    def wrap(fn: F) -> F:
        short = lru_cache(maxsize=maxsize)(fn)
        long = lru_cache(maxsize=long_maxsize)(fn) if long_maxsize > 0 else fn

        @wraps(fn)
        def call(text: str, *args: Any) -> Any:
            return short(text, *args) if len(text) <= limit else long(text, *args)

        def cache_clear() -> None:
            short.cache_clear()
            if long is not fn:
                long.cache_clear()  # type: ignore[attr-defined]

        call.cache_clear = cache_clear  # type: ignore[attr-defined]
        return call  # type: ignore[return-value]

    return wrap


class BoundedLRU(Generic[V]):
    """Values by exact keys, least recently used first out, bounded by entries (``maxsize``) and
    by the total of the sizes their callers declare (``max_size``; None: no such bound).
    ``hits`` and ``misses`` count :meth:`get`. ``maxsize <= 0`` keeps nothing."""

    def __init__(self, maxsize: int, max_size: int | None = None) -> None:
        self.maxsize = maxsize
        self.max_size = max_size
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept for ``key`` (now the most recent), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: Hashable, value: V, size: int = 1) -> None:
        """Keep ``value`` for ``key`` (replacing any), then drop the oldest past either bound."""
        if self.maxsize <= 0:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= old[1]
            self._items[key] = (value, size)
            self._size += size
            while self._items and (
                len(self._items) > self.maxsize or (self.max_size is not None and self._size > self.max_size)
            ):
                self._size -= self._items.popitem(last=False)[1][1]

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()
            self._size = 0

    @property
    def size(self) -> int:
        """The total of the sizes of the values kept."""
        return self._size

    def __len__(self) -> int:
        return len(self._items)


# ----------------------------------------------------------------------------- exact keys
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
