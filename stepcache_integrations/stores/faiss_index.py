"""The vector index the in-process stores (memory, SQLite) own: one per ``(namespace, llm_key)``.

A store holds one :class:`PartitionedIndex`; each partition is a
:class:`~stores.vector_index.VectorIndex` of the store's backend (:data:`BACKENDS`):
``flat``: one exact :class:`~stores.vector_index.FlatIndex` per partition.
``hnsw``: one :class:`~stores.hnsw_segments.SegmentedHNSW` per partition (an exact buffer
plus batch-built graphs); a backend with :class:`~stores.vector_index.BackgroundBuilds`
gets its jobs run by one daemon thread per :class:`PartitionedIndex`.

Partitioning by namespace and model makes cross-tenant leaks impossible by construction
rather than by post-filtering.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any, Literal

import numpy as np

from .hnsw_segments import MERGE_FACTOR, TIER_WIDTH, SegmentedHNSW
from .vector_index import (
    BackgroundBuilds,
    BuildJob,
    FlatIndex,
    RecentSearches,
    VectorIndex,
    faiss_threads,
    validate_index_options,
)

__all__ = ["BACKENDS", "MERGE_FACTOR", "TIER_WIDTH", "PartitionedIndex", "validate_index_options"]

logger = logging.getLogger(__name__)

RETRY_AFTER_FAILURE_S = 30.0

PartitionKey = tuple[str, str]
IndexKind = Literal["flat", "hnsw"]

#: kind -> (dim, index options) -> a new partition.
BACKENDS: dict[str, Callable[[int, PartitionedIndex], VectorIndex]] = {
    "flat": lambda dim, opts: FlatIndex(dim),
    "hnsw": lambda dim, opts: SegmentedHNSW(
        dim, m=opts.m, ef_construction=opts.ef_construction, ef_search=opts.ef_search,
        segment_size=opts.segment_size,
    ),
}


def _find_malloc_trim() -> Any:
    name = ctypes.util.find_library("c")  # may run ldconfig: looked up at the first build
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):  # not glibc
        return None


_MALLOC_TRIM: list[Any] = []  # [malloc_trim or None] once looked up


def _return_free_memory() -> None:
    # The builder thread allocates in its own glibc arena, which keeps the memory a build
    # freed (about 60% of the vectors' size at 100k entries) unless trimmed.
    if not _MALLOC_TRIM:
        _MALLOC_TRIM.append(_find_malloc_trim())
    if _MALLOC_TRIM[0] is not None:
        _MALLOC_TRIM[0](0)


class PartitionedIndex:
    """Thread-safe vector indexes keyed by ``(namespace, llm_key)``; ids are caller-chosen
    int64s, unique within the index. HNSW maintenance runs on one daemon thread.

    ``threads``: OpenMP threads for this index's FAISS calls, set around each call in the
    calling thread only (1 by default: single queries are ~5x faster on one thread than on
    two on 2-core machines); None leaves FAISS's own setting (``OMP_NUM_THREADS``)."""

    def __init__(
        self,
        kind: IndexKind = "flat",
        *,
        m: int = 16,
        ef_construction: int = 80,
        ef_search: int = 64,
        segment_size: int = 4096,
        threads: int | None = 1,
    ) -> None:
        validate_index_options(kind, None, segment_size, threads)
        self.kind = kind
        self.threads = threads
        self.m, self.ef_construction, self.ef_search = m, ef_construction, ef_search
        self.segment_size = segment_size
        self._parts: dict[PartitionKey, VectorIndex] = {}
        self._builds_disabled = False
        self._after_fork()
        _LIVE_INDEXES.add(self)

    def _after_fork(self, *, build_was_running: bool = False) -> None:
        # A forked child gets no builder thread: it starts its own on demand (buffers that
        # were being sealed stay searchable and get a new job). The fork hooks below hold
        # every index's lock across fork(), so the child never copies a half-updated index,
        # and wait for a running graph build: FAISS locks held by a build at fork() stay
        # held in the child, whose own builds would then hang. If the wait ran out, the
        # child never builds (it searches the buffers exactly instead).
        if build_was_running and not self._builds_disabled:
            self._builds_disabled = True
            logger.warning("stepcache: forked during an HNSW build; this process will not build graphs")
        self._pid = os.getpid()
        self._recent = RecentSearches()
        self._build_gate = threading.Lock()  # held by the builder while FAISS builds
        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)
        self._queue: deque[PartitionKey] = deque()
        self._scheduled: set[PartitionKey] = set()
        self._worker: threading.Thread | None = None

    def _guard(self) -> threading.RLock:
        if os.getpid() != self._pid:
            self._after_fork()
        return self._lock

    def _new_partition(self, dim: int) -> VectorIndex:
        return BACKENDS[self.kind](dim, self)

    # -- reads and writes (callers pass float32 rows of one dimension) ---------------------
    def add(self, key: PartitionKey, ids: np.ndarray, vecs: np.ndarray) -> None:
        """Index ``vecs`` (n x dim float32) under ``ids`` (n int64) in partition ``key``."""
        with self._guard():
            self._recent.clear()
            part = self._parts.get(key)
            if part is None:
                part = self._parts[key] = self._new_partition(vecs.shape[1])
            with faiss_threads(self.threads):
                part.add(np.ascontiguousarray(ids, dtype=np.int64), np.ascontiguousarray(vecs, dtype=np.float32))
            if self._wants_job(part):
                self._schedule(key)

    def remove(self, key: PartitionKey, ids: list[int] | np.ndarray) -> int:
        """Remove ids from partition ``key``; unknown ids are ignored. Returns how many were removed."""
        with self._guard():
            part = self._parts.get(key)
            if part is None:
                return 0
            self._recent.clear()
            removed = part.remove(np.asarray(ids, dtype=np.int64))
            if len(part) == 0:
                del self._parts[key]
            elif removed and self._wants_job(part):
                self._schedule(key)
            return removed

    def search(self, key: PartitionKey, vec: np.ndarray, fetch: int) -> list[tuple[int, float]]:
        """Up to ``fetch`` live ``(id, inner product)`` pairs of partition ``key``, best first.
        A repeated query (the same vector bytes, partition and ``fetch``) meets the results of
        the last identical search while the index is unchanged (every change clears them)."""
        with self._guard():
            part = self._parts.get(key)
            if part is None or fetch <= 0:
                return []
            query = vec.reshape(1, -1)
            recent = self._recent.key(key, query, fetch)
            found = self._recent.get(recent)
            if found is None:
                with faiss_threads(self.threads):
                    found = part.search(query, fetch)
                self._recent.put(recent, found)
            return found

    def reconstruct(self, key: PartitionKey, id_: int) -> np.ndarray | None:
        """The stored vector of a live id, or None."""
        with self._guard():
            part = self._parts.get(key)
            return None if part is None else part.reconstruct(id_)

    def live(self, key: PartitionKey) -> int:
        with self._guard():
            part = self._parts.get(key)
            return 0 if part is None else len(part)

    def total_live(self) -> int:
        with self._guard():
            return sum(len(part) for part in self._parts.values())

    def __len__(self) -> int:
        with self._guard():
            return len(self._parts)

    def drop(self, namespace: str | None = None) -> None:
        """Forget every partition, or those of one namespace."""
        with self._guard():
            self._recent.clear()
            for key in [key for key in self._parts if namespace in (None, key[0])]:
                del self._parts[key]

    def stats(self) -> dict[str, Any]:
        with self._guard():
            totals = {"segments": 0, "buffered": 0, "sealing": 0, "unreachable": 0}
            for part in self._parts.values():
                for name, value in part.stats().items():
                    totals[name] += value
            return {**totals, "building": self._worker is not None}

    # -- background maintenance (HNSW) --------------------------------------------------------
    def wait_until_built(self, timeout: float | None = None) -> bool:
        """Block until no graph build is queued or running; False if ``timeout`` ran out.
        Searches are correct meanwhile (unsealed vectors are searched exactly)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._guard():
            while self._queue or self._worker is not None:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._idle.wait(left)
            return True

    def _schedule(self, key: PartitionKey) -> None:  # lock held
        if key in self._scheduled or self._builds_disabled:
            return
        self._scheduled.add(key)
        self._queue.append(key)
        if self._worker is None:
            self._worker = threading.Thread(target=self._run, name="stepcache-index-builder", daemon=True)
            self._worker.start()

    @staticmethod
    def _wants_job(part: VectorIndex) -> bool:
        return isinstance(part, BackgroundBuilds) and part.wants_job()

    def _take_job(self) -> tuple[PartitionKey, BackgroundBuilds, BuildJob] | None:
        """The next queued job (lock held); None (and the worker retires) when none is left."""
        while self._queue:
            key = self._queue.popleft()
            part = self._parts.get(key)
            job = part.next_job() if isinstance(part, BackgroundBuilds) else None
            if job is not None and isinstance(part, BackgroundBuilds):
                return key, part, job
            self._scheduled.discard(key)
        self._worker = None
        self._idle.notify_all()
        return None

    def _build(self, job: BuildJob) -> list[Any] | None:
        """Run one build outside the lock; None if it failed."""
        try:
            with self._build_gate, faiss_threads(self.threads):
                built = job.build()
            _return_free_memory()
            return built
        except Exception:  # e.g. MemoryError: keep the inputs (still searchable), retry later
            logger.exception(
                "stepcache: building an HNSW segment failed; retrying in %ss", RETRY_AFTER_FAILURE_S
            )
            return None

    def _finish(
        self, key: PartitionKey, part: BackgroundBuilds, job: BuildJob, built: list[Any] | None
    ) -> None:
        """Install a build (lock held) and requeue the partition if it has more to do."""
        current = self._parts.get(key) is part
        self._recent.clear()
        if current and built is None:
            part.retry_at = time.monotonic() + RETRY_AFTER_FAILURE_S
        elif current and built is not None:
            part.install(job, built)
            if len(part) == 0:
                del self._parts[key]
                current = False
        if current and part.wants_job():
            self._queue.append(key)  # round robin with the other partitions
        else:
            self._scheduled.discard(key)

    def _run(self) -> None:
        lock = self._lock
        while True:
            with lock:
                if lock is not self._lock:  # forked: this thread belongs to the parent's state
                    return
                taken = self._take_job()
                if taken is None:
                    break
            key, part, job = taken
            built = self._build(job)
            with lock:
                if lock is not self._lock:
                    return
                self._finish(key, part, job, built)
        _return_free_memory()  # what the replaced graphs held


_LIVE_INDEXES: weakref.WeakSet[PartitionedIndex] = weakref.WeakSet()


FORK_WAIT_FOR_BUILD_S = 30.0
_LOCKED_FOR_FORK: list[tuple[PartitionedIndex, bool]] = []  # (index, build gate taken)


def _lock_all_before_fork() -> None:
    deadline = time.monotonic() + FORK_WAIT_FOR_BUILD_S
    for index in list(_LIVE_INDEXES):
        gate = index._build_gate.acquire(timeout=max(0.0, deadline - time.monotonic()))
        index._lock.acquire()
        _LOCKED_FOR_FORK.append((index, gate))


def _unlock_all_in_parent() -> None:
    for index, gate in _LOCKED_FOR_FORK:
        index._lock.release()
        if gate:
            index._build_gate.release()
    _LOCKED_FOR_FORK.clear()


def _reset_all_in_child() -> None:
    for index, gate in _LOCKED_FOR_FORK:
        index._after_fork(build_was_running=not gate)  # fresh locks; the parent's copies are abandoned
    _LOCKED_FOR_FORK.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(
        before=_lock_all_before_fork,
        after_in_parent=_unlock_all_in_parent,
        after_in_child=_reset_all_in_child,
    )
