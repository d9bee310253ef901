"""One bounded, thread-safe LRU for the hit path's memos (task selection, proofs, vectors)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["BoundedLRU"]

V = TypeVar("V")


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
