"""The store guard: typed errors for store failures, and ``fail_open`` with a circuit breaker."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from ..errors import StepCacheError, StoreError
from .breaker import StoreBreaker, StoreOp
from .stats import CacheStats

__all__ = ["StoreGuard"]

logger = logging.getLogger("stepcache_integrations")

T = TypeVar("T")


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
