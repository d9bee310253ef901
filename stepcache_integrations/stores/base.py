"""The store interface every backend implements (in-memory, SQLite, PostgreSQL), and the codec
of stored entries every backend (de)serialises with: entry <-> JSON text, vector <-> float32 bytes."""

from __future__ import annotations

import asyncio
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np
from pydantic import ValidationError

from ..core.types import CacheEntry, CacheHit
from ..errors import StoreError

__all__ = [
    "CacheStore",
    "check_vector",
    "entry_from_json",
    "entry_from_obj",
    "entry_to_json",
    "redact_url",
    "short_error",
    "validation_details",
    "vector_from_blob",
    "vector_to_blob",
]


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


# --------------------------------------------------------------------- the codec of stored entries
# Persistence is JSON text and raw little-endian float32 arrays only, never pickle, so a
# tampered store or export file cannot execute code: anything malformed raises StoreError.
# Every backend imports its (de)serialisation from here and from nowhere else in ``stores``;
# :func:`redact_url` lives here too, so that a backend naming its DSN in a message needs no
# import of the URL factory (which opens the backends: that would be an import cycle).
#
# -- entries and vectors -----------------------------------------------------------
def entry_to_json(entry: CacheEntry) -> str:
    """The entry as compact JSON text."""
    return entry.model_dump_json()


def entry_from_json(text: str | bytes, *, where: str = "store") -> CacheEntry:
    """Parse and validate an entry; any malformed or tampered data raises StoreError."""
    try:
        return CacheEntry.model_validate_json(text)
    except (ValidationError, ValueError, TypeError) as exc:
        raise StoreError(f"corrupt cache entry in {where}: {validation_details(exc)}") from exc


def entry_from_obj(obj: Any, *, where: str = "store") -> CacheEntry:
    """Validate an already-decoded JSON object as an entry (StoreError if invalid)."""
    try:
        return CacheEntry.model_validate(obj)
    except (ValidationError, ValueError, TypeError) as exc:
        raise StoreError(f"corrupt cache entry in {where}: {validation_details(exc)}") from exc


def check_vector(vector: Any, dim: int | None = None) -> np.ndarray:
    """A finite 1-D float32 vector (of dimension ``dim`` when given), else StoreError."""
    try:
        vec = np.asarray(vector, dtype=np.float32).reshape(-1)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"not a numeric vector: {exc}") from exc
    if vec.size == 0 or not np.all(np.isfinite(vec)):
        raise StoreError("vector is empty or has non-finite values")
    if dim is not None and vec.size != dim:
        raise StoreError(f"vector has dimension {vec.size}, store holds {dim}")
    return vec


def vector_to_blob(vector: np.ndarray) -> bytes:
    """Little-endian float32 bytes of a vector."""
    return np.ascontiguousarray(vector, dtype="<f4").tobytes()


def vector_from_blob(blob: bytes, dim: int, *, where: str = "store") -> np.ndarray:
    """The float32 vector stored as ``blob`` (StoreError if the size or values are wrong)."""
    if not isinstance(blob, (bytes, bytearray, memoryview)) or len(blob) != 4 * dim:
        raise StoreError(f"corrupt embedding in {where}: expected {4 * dim} bytes")
    vec = np.frombuffer(blob, dtype="<f4").astype(np.float32)
    if not np.all(np.isfinite(vec)):
        raise StoreError(f"corrupt embedding in {where}: non-finite values")
    return vec


def validation_details(exc: Exception, limit: int = 8) -> str:
    """What is wrong with an entry: for a pydantic error every field's location and message
    (``steps.0.text: Input should be a valid string``; at most ``limit`` of them), else
    :func:`short_error`."""
    if not isinstance(exc, ValidationError):
        return short_error(exc)
    errors = exc.errors(include_url=False)
    parts = []
    for err in errors[:limit]:
        loc = ".".join(str(part) for part in err.get("loc", ())) or "(the entry)"
        parts.append(f"{loc}: {err.get('msg', '')}"[:200])
    if len(errors) > limit:
        parts.append(f"... and {len(errors) - limit} more")
    noun = "error" if len(errors) == 1 else "errors"
    return f"{len(errors)} validation {noun} for {exc.title}: " + "; ".join(parts)


def short_error(exc: Exception) -> str:
    """The first line of an exception message (at most 200 characters), for StoreError."""
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


# -- text shown in messages ---------------------------------------------------------
_PASSWORD_PARAM = re.compile(r"(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]*)", re.IGNORECASE)


def redact_url(url: str) -> str:
    """The URL with any password replaced by ``***`` (for messages and stats); also a
    ``password=`` parameter of the query or of a libpq ``key=value`` string."""
    url = _PASSWORD_PARAM.sub(r"\1***", url)
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # malformed: redact anything between "user:" and "@"
        return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)
    if password:
        netloc = parts.netloc.replace(":" + password + "@", ":***@", 1)
        return urlunsplit(parts._replace(netloc=netloc))
    return url
