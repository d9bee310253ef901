"""The store interface every backend implements (in-memory, SQLite, PostgreSQL)."""

from __future__ import annotations

import asyncio
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from ..core.types import CacheEntry, CacheHit

__all__ = ["CacheStore"]


class CacheStore(ABC):
    """Holds trusted cache entries and their prompt embeddings.

    Every lookup is scoped to one ``(namespace, llm_key)`` pair: a store must never
    return an entry of another namespace or model. Vectors are L2-normalised float32;
    similarity is the inner product (cosine).

    Async twins run the sync method in a worker thread (``asyncio.to_thread``), so a
    backend implements each operation once, synchronously.

    Shared behaviour for backends: :meth:`stamp_expiry` (the TTL of a new entry),
    :meth:`purge_due` (sweep expired rows at most every ``purge_interval`` seconds) and
    :meth:`collect_live_hits` (fetch more candidates until ``k`` live hits).
    """

    #: Default time-to-live in seconds for new entries (None: never expire).
    default_ttl: float | None = None
    #: Seconds between sweeps of expired entries by a backend that sweeps on insert.
    purge_interval: float = 5.0
    _last_purge: float = 0.0
    #: Candidates fetched beyond ``k`` by the first try of :meth:`collect_live_hits`.
    search_slack: int = 4

    @abstractmethod
    def add(self, entry: CacheEntry, vector: np.ndarray) -> str:
        """Store a trusted entry with its prompt embedding; return its id."""

    @abstractmethod
    def search(
        self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int
    ) -> list[CacheHit]:
        """Return up to ``k`` live entries of that namespace and model, most similar first."""

    @abstractmethod
    def get(self, entry_id: str) -> CacheEntry | None:
        """Return one entry by id, or None."""

    @abstractmethod
    def record_hit(self, entry_id: str) -> None:
        """Count a hit on an entry (feeds LRU eviction and stats)."""

    @abstractmethod
    def delete(self, entry_id: str) -> bool:
        """Delete one entry; return whether it existed."""

    @abstractmethod
    def clear(self, namespace: str | None = None) -> int:
        """Delete every entry (of one namespace if given); return how many."""

    @abstractmethod
    def count(self, namespace: str | None = None) -> int:
        """Number of live entries (of one namespace if given)."""

    @abstractmethod
    def iter_items(self, namespace: str | None = None) -> Iterator[tuple[CacheEntry, np.ndarray]]:
        """Every live entry with its vector (for export and listing)."""

    def find_keyed(self, key: str, *, namespace: str, llm_key: str, limit: int) -> list[CacheEntry]:
        """Up to ``limit`` live entries of that namespace and model indexed under the lookup key
        ``key`` (``core.problem_keys``: the keys an entry's metadata carries), newest first.

        The problem-key tier's dictionary: a backend keeps it as it keeps its vector index (an
        entry deleted, evicted, expired or cleared is never returned). The default, for a backend
        without one, finds nothing: every request then takes the semantic path."""
        return []

    def stats(self) -> dict[str, Any]:
        """Store-level statistics."""
        return {"entries": self.count(), "backend": type(self).__name__}

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release resources (connections, files)."""

    def wait_until_indexed(self, timeout: float | None = None) -> bool:
        """Block until background index maintenance is done (False if ``timeout`` ran out).

        Searches are correct meanwhile; this is for benchmarks, tests and warm-up.
        Stores that index synchronously return True at once."""
        return True

    def expiry_for(self, entry: CacheEntry) -> float | None:
        """Absolute expiry time of an entry given the store's default TTL."""
        if entry.expires_at is not None:
            return entry.expires_at
        if self.default_ttl is None:
            return None
        return entry.created_at + self.default_ttl

    def stamp_expiry(self, entry: CacheEntry) -> float | None:
        """Set a new entry's ``expires_at`` from the default TTL (its own wins); return it."""
        entry.expires_at = self.expiry_for(entry)
        return entry.expires_at

    @staticmethod
    def is_expired(entry: CacheEntry, now: float | None = None) -> bool:
        """Whether the entry's TTL has passed."""
        return CacheStore.expired_at(entry.expires_at, now)

    @staticmethod
    def expired_at(expires_at: float | None, now: float | None = None) -> bool:
        """Whether an absolute expiry time has passed."""
        return expires_at is not None and expires_at <= (now or time.time())

    def purge_due(self, now: float | None = None) -> bool:
        """True (and the clock restarts) when ``purge_interval`` has passed since the last sweep."""
        now = time.time() if now is None else now
        if now - self._last_purge >= self.purge_interval:
            self._last_purge = now
            return True
        return False

    def collect_live_hits(
        self,
        k: int,
        total: Callable[[], int],
        candidates: Callable[[int], Sequence[CacheHit | None]],
    ) -> list[CacheHit]:
        """Up to ``k`` live hits, best first. ``candidates(n)`` resolves the ``n`` nearest
        vectors (None for one that is expired, deleted or foreign); ``n`` starts at
        ``k + search_slack`` and grows fourfold while rejected candidates leave fewer than
        ``k`` hits and ``total()`` (vectors in the partition) has not been reached."""
        fetch = min(total(), k + self.search_slack)
        while k > 0 and fetch > 0:
            found = candidates(fetch)
            hits = [hit for hit in found if hit is not None][:k]
            if len(hits) >= k or not found:
                return hits
            size = total()
            if fetch >= size:
                return hits
            fetch = min(size, fetch * 4)
        return []

    # -- async twins -------------------------------------------------------------
    async def aadd(self, entry: CacheEntry, vector: np.ndarray) -> str:
        """Async twin of :meth:`add`."""
        return await asyncio.to_thread(self.add, entry, vector)

    async def asearch(
        self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int
    ) -> list[CacheHit]:
        """Async twin of :meth:`search`."""
        return await asyncio.to_thread(
            lambda: self.search(vector, namespace=namespace, llm_key=llm_key, k=k)
        )

    async def afind_keyed(self, key: str, *, namespace: str, llm_key: str, limit: int) -> list[CacheEntry]:
        """Async twin of :meth:`find_keyed`."""
        return await asyncio.to_thread(
            lambda: self.find_keyed(key, namespace=namespace, llm_key=llm_key, limit=limit)
        )

    async def aget(self, entry_id: str) -> CacheEntry | None:
        """Async twin of :meth:`get`."""
        return await asyncio.to_thread(self.get, entry_id)

    async def arecord_hit(self, entry_id: str) -> None:
        """Async twin of :meth:`record_hit`."""
        await asyncio.to_thread(self.record_hit, entry_id)

    async def adelete(self, entry_id: str) -> bool:
        """Async twin of :meth:`delete`."""
        return await asyncio.to_thread(self.delete, entry_id)

    async def aclear(self, namespace: str | None = None) -> int:
        """Async twin of :meth:`clear`."""
        return await asyncio.to_thread(self.clear, namespace)

    async def acount(self, namespace: str | None = None) -> int:
        """Async twin of :meth:`count`."""
        return await asyncio.to_thread(self.count, namespace)

    async def await_until_indexed(self, timeout: float | None = None) -> bool:
        """Async twin of :meth:`wait_until_indexed`."""
        return await asyncio.to_thread(self.wait_until_indexed, timeout)

    async def aclose(self) -> None:
        """Async twin of :meth:`close`."""
        await asyncio.to_thread(self.close)
