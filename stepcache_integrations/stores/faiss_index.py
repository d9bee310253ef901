"""FAISS indexes of the in-process stores (memory, SQLite): one per ``(namespace, llm_key)``.

``flat``: one exact ``IndexFlatIP`` per partition; a delete removes the vector.

``hnsw``: a log-structured index per partition. New vectors land in a small exact
buffer; a background thread seals each full buffer into an HNSW graph built in one batch
and merges two graphs of one size tier into a bigger one, dropping deleted
vectors. Graphs are never grown one vector at a time: a graph grown insert by insert lost
the early entries of a clustered workload (38% recall@1 at 1M entries, BENCHMARKS.md
"Scale"), while batch builds kept them. Until a buffer is sealed its vectors are searched
exactly, so a partition smaller than one segment is always exact.

Partitioning by namespace and model makes cross-tenant leaks impossible by construction
rather than by post-filtering.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import heapq
import logging
import os
import threading
import time
import weakref
from collections import deque
from typing import Any, Literal

import faiss
import numpy as np

from ..errors import StoreError

__all__ = ["MERGE_FACTOR", "TIER_WIDTH", "PartitionedIndex", "validate_index_options"]

logger = logging.getLogger(__name__)

# Single queries are ~5x faster on one thread than on two on these 2-core machines.
faiss.omp_set_num_threads(1)

# Two graphs of one size tier (segment_size * 4**t <= n < segment_size * 4**(t+1)) merge,
# so at most one graph per tier remains: every graph costs a search, so few graphs (3 at
# 1M entries in a simulation of one-at-a-time inserts) beat cheap builds (each vector is
# rebuilt about 9 times by then, in the background).
MERGE_FACTOR = 2
TIER_WIDTH = 4
# No merge produces a graph above segment_size * MAX_GRAPH_FACTOR vectors (1,048,576 by
# default): the builder copies its inputs, so a merge briefly doubles their memory.
MAX_GRAPH_FACTOR = 256
RETRY_AFTER_FAILURE_S = 30.0

PartitionKey = tuple[str, str]


def _find_malloc_trim() -> Any:
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):  # not glibc
        return None


_MALLOC_TRIM = _find_malloc_trim()


def _return_free_memory() -> None:
    # The builder thread allocates in its own glibc arena, which keeps the memory a build
    # freed (about 60% of the vectors' size at 100k entries) unless trimmed.
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)
IndexKind = Literal["flat", "hnsw"]


def validate_index_options(
    index: str, max_entries: int | None, segment_size: int | None = None
) -> None:
    """Reject an unknown index type, a non-positive entry cap or segment size (StoreError)."""
    if index not in ("flat", "hnsw"):
        raise StoreError(f"unknown index type {index!r}; use 'flat' or 'hnsw'")
    if max_entries is not None and max_entries < 1:
        raise StoreError("max_entries must be >= 1")
    if segment_size is not None and segment_size < 1:
        raise StoreError("hnsw_segment_size must be >= 1")


class _FlatPartition:
    """Exact inner-product search with caller-chosen int64 ids."""

    def __init__(self, dim: int) -> None:
        self.index = faiss.IndexIDMap2(faiss.IndexFlatIP(dim))

    @property
    def live(self) -> int:
        return int(self.index.ntotal)

    def add(self, ids: np.ndarray, vecs: np.ndarray) -> None:
        self.index.add_with_ids(vecs, ids)

    def remove(self, ids: np.ndarray) -> int:
        return int(self.index.remove_ids(ids))

    def search(self, vec: np.ndarray, fetch: int) -> list[tuple[int, float]]:
        if self.index.ntotal == 0:
            return []
        scores, ids = self.index.search(vec, min(fetch, self.index.ntotal))
        return [(int(i), float(s)) for s, i in zip(scores[0], ids[0], strict=True) if i >= 0]

    def reconstruct(self, id_: int) -> np.ndarray | None:
        try:
            return np.asarray(self.index.reconstruct(int(id_)), dtype=np.float32)
        except RuntimeError:  # FAISS raises for an unknown id
            return None

    def wants_job(self) -> bool:
        return False

    def next_job(self) -> _Job | None:
        return None

    def stats(self) -> dict[str, int]:
        return {"segments": 0, "buffered": self.live, "sealing": 0}


class _Segment:
    """Vectors searched as one FAISS index whose labels are positions; ``ids`` maps them
    back. The buffer (an ``IndexFlatIP``) grows; a sealed segment never changes except
    for its ``alive`` flags. Identity matters (no ``__eq__``): jobs name their inputs."""

    def __init__(self, index: Any, ids: np.ndarray, *, graph: bool) -> None:
        self.index = index
        self.ids = ids
        self.n = len(ids)
        self.alive = np.ones(len(ids), dtype=bool)
        self.dead = 0
        self.graph = graph
        self.ids_sorted = bool(self.n < 2 or np.all(ids[1:] > ids[:-1]))
        self._bits: np.ndarray | None = None

    @classmethod
    def buffer(cls, dim: int) -> _Segment:
        return cls(faiss.IndexFlatIP(dim), np.empty(0, dtype=np.int64), graph=False)

    @property
    def live(self) -> int:
        return self.n - self.dead

    def append(self, ids: np.ndarray, vecs: np.ndarray) -> None:
        need = self.n + len(ids)
        if need > len(self.ids):  # amortised growth of the id and flag arrays
            cap = max(need, 2 * len(self.ids), 64)
            self.ids = np.resize(self.ids, cap)
            self.alive = np.resize(self.alive, cap)
        if self.ids_sorted and self.n and len(ids) and ids[0] <= self.ids[self.n - 1]:
            self.ids_sorted = False
        if self.ids_sorted and len(ids) > 1 and not np.all(ids[1:] > ids[:-1]):
            self.ids_sorted = False
        self.index.add(vecs)
        self.ids[self.n : need] = ids
        self.alive[self.n : need] = True
        self.n = need
        self._bits = None

    def positions(self, wanted: np.ndarray) -> np.ndarray:
        """Position of each wanted id in this segment, -1 where absent."""
        ids = self.ids[: self.n]
        order = None if self.ids_sorted else np.argsort(ids, kind="stable")
        keys = ids if order is None else ids[order]
        found = np.searchsorted(keys, wanted)
        inside = found < self.n
        inside[inside] = keys[found[inside]] == wanted[inside]
        pos = found if order is None else order[np.minimum(found, max(self.n - 1, 0))]
        return np.where(inside, pos, -1)

    def position(self, id_: int) -> int | None:
        pos = int(self.positions(np.array([id_], dtype=np.int64))[0])
        return None if pos < 0 else pos

    def kill(self, positions: np.ndarray) -> int:
        """Mark positions deleted; returns how many were alive."""
        positions = positions[self.alive[positions]]
        if len(positions):
            self.alive[positions] = False
            self.dead += len(positions)
            self._bits = None
        return len(positions)

    def search(self, vec: np.ndarray, fetch: int, ef_search: int) -> list[tuple[int, float]]:
        k = min(fetch, self.n)
        if k <= 0 or self.live == 0:
            return []
        params: Any = None
        sel: Any = None
        if self.dead:
            if self._bits is None:
                self._bits = np.packbits(self.alive[: self.n], bitorder="little")
            sel = faiss.IDSelectorBitmap(self.n, faiss.swig_ptr(self._bits))
        if self.graph:
            params = faiss.SearchParametersHNSW(efSearch=max(ef_search, k))
            if sel is not None:
                params.sel = sel
        elif sel is not None:
            params = faiss.SearchParameters(sel=sel)
        scores, pos = self.index.search(vec, k, params=params)
        ids = self.ids
        return [(int(ids[p]), float(s)) for s, p in zip(scores[0], pos[0], strict=True) if p >= 0]


class _Job:
    """Rebuild ``inputs`` (buffers being sealed and/or graphs) into one batch-built graph.

    The alive flags are copied under the lock; the vectors are read outside it, which is
    safe because inputs are sealed (never appended to)."""

    def __init__(
        self, inputs: list[_Segment], dim: int, m: int, ef_construction: int, ef_search: int
    ) -> None:
        self.inputs = inputs
        self.alive = [seg.alive[: seg.n].copy() for seg in inputs]
        self.dim, self.m = dim, m
        self.ef_construction, self.ef_search = ef_construction, ef_search

    def build(self) -> _Segment | None:
        vec_parts, id_parts = [], []
        for seg, alive in zip(self.inputs, self.alive, strict=True):
            keep = np.flatnonzero(alive)
            if len(keep):
                vec_parts.append(seg.index.reconstruct_n(0, seg.n)[keep])
                id_parts.append(seg.ids[: seg.n][keep])
        if not id_parts:
            return None
        ids = np.concatenate(id_parts)
        order = np.argsort(ids, kind="stable")
        vecs = np.ascontiguousarray(np.concatenate(vec_parts)[order])
        graph = faiss.IndexHNSWFlat(self.dim, self.m, faiss.METRIC_INNER_PRODUCT)
        graph.hnsw.efConstruction = self.ef_construction
        graph.hnsw.efSearch = self.ef_search
        graph.add(vecs)  # one batch: FAISS shuffles the insertion order within each level
        return _Segment(graph, ids[order], graph=True)


class _HNSWPartition:
    """An exact buffer plus batch-built HNSW graphs (see the module docstring)."""

    def __init__(self, dim: int, *, m: int, ef_construction: int, ef_search: int, segment_size: int) -> None:
        self.dim, self.m = dim, m
        self.ef_construction, self.ef_search = ef_construction, ef_search
        self.segment_size = segment_size
        self.max_graph = segment_size * MAX_GRAPH_FACTOR
        self.buffer = _Segment.buffer(dim)
        self.sealed: list[_Segment] = []  # frozen buffers (searched exactly until built), graphs
        self.retry_at = 0.0

    @property
    def live(self) -> int:
        return self.buffer.live + sum(seg.live for seg in self.sealed)

    def add(self, ids: np.ndarray, vecs: np.ndarray) -> None:
        self.buffer.append(ids, vecs)
        if self.buffer.n >= self.segment_size:
            # Freeze now, not when the builder gets to it: during a long merge, a bulk load
            # would otherwise grow one buffer (and its doubling storage) without bound.
            self.sealed.append(self.buffer)
            self.buffer = _Segment.buffer(self.dim)

    def _locate(self, id_: int) -> tuple[_Segment, int] | None:
        for seg in (self.buffer, *reversed(self.sealed)):
            pos = seg.position(id_)
            if pos is not None and seg.alive[pos]:
                return seg, pos
        return None

    def remove(self, ids: np.ndarray) -> int:
        pending = np.unique(ids)
        removed = 0
        for seg in (self.buffer, *reversed(self.sealed)):
            if not len(pending):
                break
            pos = seg.positions(pending)
            present = pos >= 0
            removed += seg.kill(pos[present])
            pending = pending[~present]
        return removed

    def search(self, vec: np.ndarray, fetch: int) -> list[tuple[int, float]]:
        found: list[tuple[int, float]] = []
        for seg in (self.buffer, *self.sealed):
            found.extend(seg.search(vec, fetch, self.ef_search))
        return heapq.nlargest(fetch, found, key=lambda hit: hit[1])

    def reconstruct(self, id_: int) -> np.ndarray | None:
        found = self._locate(id_)
        if found is None:
            return None
        return np.asarray(found[0].index.reconstruct(found[1]), dtype=np.float32)

    def _tier(self, n: int) -> int:
        tier, bound = 0, self.segment_size * TIER_WIDTH
        while n >= bound:
            tier, bound = tier + 1, bound * TIER_WIDTH
        return tier

    def _pick(self) -> list[_Segment] | None:
        """The inputs of the next job: the frozen buffers (one graph, up to the size cap),
        else a tier of MERGE_FACTOR graphs (smallest first), else a mostly deleted graph."""
        pending: list[_Segment] = []
        for seg in self.sealed:
            if not seg.graph and (not pending or sum(p.n for p in pending) + seg.n <= self.max_graph):
                pending.append(seg)
        if pending:
            return pending
        tiers: dict[int, list[_Segment]] = {}
        for seg in self.sealed:
            tiers.setdefault(self._tier(seg.n), []).append(seg)
        for tier in sorted(tiers):
            group = sorted(tiers[tier], key=lambda seg: seg.n)[:MERGE_FACTOR]
            if len(group) == MERGE_FACTOR and sum(seg.n for seg in group) <= self.max_graph:
                return group
        for seg in self.sealed:
            if seg.dead * 2 > seg.n:
                return [seg]
        return None

    def wants_job(self) -> bool:
        return time.monotonic() >= self.retry_at and self._pick() is not None

    def next_job(self) -> _Job | None:
        if time.monotonic() < self.retry_at:
            return None
        inputs = self._pick()
        if inputs is None:
            return None
        return _Job(inputs, self.dim, self.m, self.ef_construction, self.ef_search)

    def install(self, job: _Job, built: _Segment | None) -> None:
        if built is not None:
            # Vectors deleted while the graph was being built.
            for seg, alive_then in zip(job.inputs, job.alive, strict=True):
                gone = seg.ids[: len(alive_then)][alive_then & ~seg.alive[: len(alive_then)]]
                pos = built.positions(gone)
                built.kill(pos[pos >= 0])
        inputs = {id(seg) for seg in job.inputs}
        self.sealed = [seg for seg in self.sealed if id(seg) not in inputs]
        if built is not None and built.live:
            self.sealed.append(built)

    def stats(self) -> dict[str, int]:
        return {
            "segments": sum(seg.graph for seg in self.sealed),
            "buffered": self.buffer.live,
            "sealing": sum(not seg.graph for seg in self.sealed),
        }


_Partition = _FlatPartition | _HNSWPartition


class PartitionedIndex:
    """Thread-safe FAISS indexes keyed by ``(namespace, llm_key)``; ids are caller-chosen
    int64s, unique within the index. HNSW maintenance runs on one daemon thread."""

    def __init__(
        self,
        kind: IndexKind = "flat",
        *,
        m: int = 16,
        ef_construction: int = 80,
        ef_search: int = 64,
        segment_size: int = 4096,
    ) -> None:
        validate_index_options(kind, None, segment_size)
        self.kind = kind
        self.m, self.ef_construction, self.ef_search = m, ef_construction, ef_search
        self.segment_size = segment_size
        self._parts: dict[PartitionKey, _Partition] = {}
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

    def _new_partition(self, dim: int) -> _Partition:
        if self.kind == "flat":
            return _FlatPartition(dim)
        return _HNSWPartition(
            dim,
            m=self.m,
            ef_construction=self.ef_construction,
            ef_search=self.ef_search,
            segment_size=self.segment_size,
        )

    # -- reads and writes (callers pass float32 rows of one dimension) ---------------------
    def add(self, key: PartitionKey, ids: np.ndarray, vecs: np.ndarray) -> None:
        """Index ``vecs`` (n x dim float32) under ``ids`` (n int64) in partition ``key``."""
        with self._guard():
            part = self._parts.get(key)
            if part is None:
                part = self._parts[key] = self._new_partition(vecs.shape[1])
            part.add(np.ascontiguousarray(ids, dtype=np.int64), np.ascontiguousarray(vecs, dtype=np.float32))
            if part.wants_job():
                self._schedule(key)

    def remove(self, key: PartitionKey, ids: list[int] | np.ndarray) -> int:
        """Remove ids from partition ``key``; unknown ids are ignored. Returns how many were removed."""
        with self._guard():
            part = self._parts.get(key)
            if part is None:
                return 0
            removed = part.remove(np.asarray(ids, dtype=np.int64))
            if part.live == 0:
                del self._parts[key]
            elif removed and part.wants_job():
                self._schedule(key)
            return removed

    def search(self, key: PartitionKey, vec: np.ndarray, fetch: int) -> list[tuple[int, float]]:
        """Up to ``fetch`` live ``(id, inner product)`` pairs of partition ``key``, best first."""
        with self._guard():
            part = self._parts.get(key)
            if part is None or fetch <= 0:
                return []
            return part.search(vec.reshape(1, -1), fetch)

    def reconstruct(self, key: PartitionKey, id_: int) -> np.ndarray | None:
        """The stored vector of a live id, or None."""
        with self._guard():
            part = self._parts.get(key)
            return None if part is None else part.reconstruct(id_)

    def live(self, key: PartitionKey) -> int:
        with self._guard():
            part = self._parts.get(key)
            return 0 if part is None else part.live

    def total_live(self) -> int:
        with self._guard():
            return sum(part.live for part in self._parts.values())

    def __len__(self) -> int:
        with self._guard():
            return len(self._parts)

    def drop(self, namespace: str | None = None) -> None:
        """Forget every partition, or those of one namespace."""
        with self._guard():
            for key in [key for key in self._parts if namespace in (None, key[0])]:
                del self._parts[key]

    def stats(self) -> dict[str, Any]:
        with self._guard():
            totals = {"segments": 0, "buffered": 0, "sealing": 0}
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

    def _run(self) -> None:
        lock = self._lock
        while True:
            with lock:
                if lock is not self._lock:  # forked: this thread belongs to the parent's state
                    return
                job = part = None
                while self._queue and job is None:
                    key = self._queue.popleft()
                    part = self._parts.get(key)
                    job = part.next_job() if part is not None else None
                    if job is None:
                        self._scheduled.discard(key)
                if job is None or part is None:
                    self._worker = None
                    self._idle.notify_all()
                    break
            try:
                with self._build_gate:
                    built = job.build()
                failed = False
                _return_free_memory()
            except Exception:  # e.g. MemoryError: keep the inputs (still searchable), retry later
                logger.exception(
                    "stepcache: building an HNSW segment failed; retrying in %ss", RETRY_AFTER_FAILURE_S
                )
                built, failed = None, True
            with lock:
                if lock is not self._lock:
                    return
                current = self._parts.get(key) is part
                if current and isinstance(part, _HNSWPartition):
                    if failed:
                        part.retry_at = time.monotonic() + RETRY_AFTER_FAILURE_S
                    else:
                        part.install(job, built)
                        if part.live == 0:
                            del self._parts[key]
                            current = False
                if current and part.wants_job():
                    self._queue.append(key)  # round robin with the other partitions
                else:
                    self._scheduled.discard(key)
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
