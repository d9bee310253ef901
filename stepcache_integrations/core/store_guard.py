"""The store guard: typed errors for store failures, and ``fail_open`` with a circuit breaker."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Literal, TypeVar

from ..errors import StepCacheError, StoreError
from .stats import CacheStats

__all__ = ["StoreBreaker", "StoreGuard"]

logger = logging.getLogger("stepcache_integrations")

T = TypeVar("T")

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


class StoreGuard:
    """Runs store calls. A failure raises ``StoreError``, or with ``fail_open`` is logged and
    answered with a default, and calls of that kind are skipped while the breaker is open."""

    def __init__(self, *, fail_open: bool, retry_after: float, stats: CacheStats) -> None:
        self.fail_open = fail_open
        self.breaker = StoreBreaker(retry_after, max(60.0, retry_after))
        self._stats = stats

    def call(self, op: Callable[[], T], default: T, kind: StoreOp = "read") -> T:
        """``op()``, guarded."""
        if self._skip(kind):
            return default
        try:
            value = op()
        except Exception as exc:
            self._failed(exc, kind)
            return default
        self.breaker.succeeded(kind)
        return value

    async def acall(self, op: Callable[[], Awaitable[T]], default: T, kind: StoreOp = "read") -> T:
        """Async twin of :meth:`call`."""
        if self._skip(kind):
            return default
        try:
            value = await op()
        except Exception as exc:
            self._failed(exc, kind)
            return default
        self.breaker.succeeded(kind)
        return value

    def _skip(self, kind: StoreOp) -> bool:
        if not (self.fail_open and self.breaker.is_open(kind)):
            return False
        self._stats.store_skipped()
        return True

    def _failed(self, exc: Exception, kind: StoreOp) -> None:
        if isinstance(exc, StepCacheError) and not isinstance(exc, StoreError):
            raise exc  # e.g. an EmbeddingError: not the store's fault, never swallowed
        self._stats.store_failed()
        if not self.fail_open:
            if isinstance(exc, StoreError):
                raise exc
            # driver errors (sqlite3, psycopg, OSError) become StoreError
            raise StoreError(f"cache store failed: {exc}") from exc
        self.breaker.failed(kind)
        logger.warning("stepcache store failed, answering without the cache: %s", exc)
