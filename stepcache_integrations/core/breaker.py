"""A circuit breaker for the cache store, used when the engine runs ``fail_open``."""

from __future__ import annotations

import threading
import time
from typing import Literal

__all__ = ["StoreBreaker"]

StoreOp = Literal["read", "write"]


class StoreBreaker:
    """After a store failure, skip that kind of store call for a while.

    Without it a store that is down (e.g. PostgreSQL unreachable) costs every request its
    connect timeout even though ``fail_open`` answers through the model anyway. Reads and
    writes trip separately: a locked or read-only SQLite file still serves lookups. The
    pause doubles per consecutive failure up to ``max_pause``; one success closes it.
    """

    def __init__(self, pause: float = 5.0, max_pause: float = 60.0) -> None:
        if pause < 0 or max_pause < pause:
            raise ValueError("store breaker needs 0 <= pause <= max_pause")
        self.pause = pause
        self.max_pause = max_pause
        self._lock = threading.Lock()
        self._open_until: dict[StoreOp, float] = {"read": 0.0, "write": 0.0}
        self._failures: dict[StoreOp, int] = {"read": 0, "write": 0}

    def is_open(self, op: StoreOp) -> bool:
        """Whether calls of this kind should be skipped right now."""
        return time.monotonic() < self._open_until[op]

    def failed(self, op: StoreOp) -> None:
        with self._lock:
            self._failures[op] += 1
            pause = min(self.pause * 2 ** (self._failures[op] - 1), self.max_pause)
            self._open_until[op] = time.monotonic() + pause

    def succeeded(self, op: StoreOp) -> None:
        if self._failures[op]:
            with self._lock:
                self._failures[op] = 0
                self._open_until[op] = 0.0
