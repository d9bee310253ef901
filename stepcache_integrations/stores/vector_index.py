"""The vector index of the in-process stores (memory, SQLite): the search interface, its exact
implementation, the segmented HNSW index, and the partitioned index a store owns.

A :class:`VectorIndex` holds L2-normalised float32 vectors under caller-chosen int64 ids
and answers inner-product k-NN queries. The stores own one :class:`PartitionedIndex`,
which keeps one per ``(namespace, llm_key)``: ``"flat"`` is :class:`FlatIndex`, ``"hnsw"``
the segmented graph index (:class:`SegmentedHNSW`). A backend whose graphs are built in the
background also offers :class:`BackgroundBuilds` (the partitioned index runs its jobs on one
daemon thread).

FAISS is imported at first use, not with this module: ``import stepcache_integrations``
stays light. FAISS threading is never changed globally: :func:`faiss_threads` sets
OpenMP's thread count for the calling thread around one FAISS call and restores it
(OpenMP keeps that setting per thread), so the host application's own FAISS use is left
alone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import heapq
import itertools
import logging
import os
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np

from ..core.types import BoundedLRU
from ..errors import StoreError

__all__ = [
    "BACKENDS",
    "BackgroundBuilds",
    "BuildJob",
    "faiss_threads",
    "FlatIndex",
    "MAX_GRAPH_FACTOR",
    "MERGE_FACTOR",
    "PartitionedIndex",
    "RecentSearches",
    "SegmentedHNSW",
    "SegmentJob",
    "TIER_WIDTH",
    "unreachable",
    "validate_index_options",
    "VectorIndex",
]


@runtime_checkable
class VectorIndex(Protocol):
    """Inner-product k-NN over int64 ids; ``len()`` counts live vectors."""

    def add(self, ids: np.ndarray, vecs: np.ndarray) -> None:
        """Index ``vecs`` (n x dim float32) under new ``ids`` (n int64)."""

    def remove(self, ids: np.ndarray) -> int:
        """Remove ids (unknown ones are ignored); return how many were live."""

    def search(self, vec: np.ndarray, k: int) -> list[tuple[int, float]]:
        """Up to ``k`` live ``(id, inner product)`` pairs, best first (``vec`` is 1 x dim)."""

    def reconstruct(self, id_: int) -> np.ndarray | None:
        """The stored vector of a live id, or None."""

    def __len__(self) -> int:
        """Number of live vectors."""

    def close(self) -> None:
        """Release the vectors."""

    def stats(self) -> dict[str, int]:
        """``segments`` (graphs), ``buffered`` (searched exactly), ``sealing`` (waiting for a
        build) and ``unreachable`` (graph nodes kept exact) vector counts."""


class BuildJob(Protocol):
    """One unit of background index work; :meth:`build` runs outside every lock."""

    def build(self) -> list[Any]:
        """Build the new structures (handed to :meth:`BackgroundBuilds.install`)."""


@runtime_checkable
class BackgroundBuilds(Protocol):
    r"""A :class:`VectorIndex` whose structures are built by a background job. The builder
    (``PartitionedIndex``) takes :meth:`next_job` and :meth:`install`\ s its result under
    the index's lock; it runs :meth:`BuildJob.build` outside the lock. ``retry_at`` is
    the ``time.monotonic()`` before which no job is handed out (set after a failure)."""

    retry_at: float

    def __len__(self) -> int:
        """Number of live vectors."""

    def wants_job(self) -> bool:
        """Whether a job is due (then the builder is woken)."""

    def next_job(self) -> BuildJob | None:
        """The next job, or None."""

    def install(self, job: Any, built: list[Any]) -> None:
        """Replace the job's inputs by what it built."""


class RecentSearches:
    """The results of the last searches of one index, by their exact query: the partition, the
    vector's dtype, shape and bytes (never a digest) and the number fetched. The owner clears it
    on every change of the index (add, remove, drop, an installed build), so a hit is what the
    same search would return. Bounded (LRU); callers hold the index's lock; results are handed
    out as new lists."""

    def __init__(self, maxsize: int = 256) -> None:
        self._found: BoundedLRU[tuple[tuple[int, float], ...]] = BoundedLRU(maxsize)

    def key(self, part: Hashable, query: np.ndarray, fetch: int) -> Hashable | None:
        if self._found.maxsize <= 0 or type(fetch) is not int:
            return None
        return (part, fetch, query.dtype.str, query.shape, np.ascontiguousarray(query).tobytes())

    def get(self, key: Hashable | None) -> list[tuple[int, float]] | None:
        found = None if key is None else self._found.get(key)
        return None if found is None else list(found)

    def put(self, key: Hashable | None, found: list[tuple[int, float]]) -> None:
        if key is not None:
            self._found.put(key, tuple(found))

    def clear(self) -> None:
        self._found.clear()

    def __len__(self) -> int:
        return len(self._found)


class faiss_threads:
    """Run the block's FAISS calls on ``threads`` OpenMP threads (None: leave the setting
    alone). Only the calling thread's setting changes, and it is restored afterwards. A plain
    context manager (no generator) and no call when the setting already is ``threads``: it
    wraps every query."""

    __slots__ = ("before", "threads")

    def __init__(self, threads: int | None) -> None:
        self.threads = threads
        self.before: int | None = None

    def __enter__(self) -> None:
        if self.threads is None:
            return
        import faiss

        before = faiss.omp_get_max_threads()
        if before != self.threads:
            faiss.omp_set_num_threads(self.threads)
            self.before = before

    def __exit__(self, *exc: object) -> None:
        if self.before is not None:
            import faiss

            faiss.omp_set_num_threads(self.before)
            self.before = None


def validate_index_options(
    index: str, max_entries: int | None, segment_size: int | None = None, threads: int | None = None
) -> None:
    """Reject an unknown index type, a non-positive entry cap, segment size or thread count."""
    if index not in ("flat", "hnsw"):
        raise StoreError(f"unknown index type {index!r}; use 'flat' or 'hnsw'")
    if max_entries is not None and max_entries < 1:
        raise StoreError("max_entries must be >= 1")
    if segment_size is not None and segment_size < 1:
        raise StoreError("hnsw_segment_size must be >= 1")
    if threads is not None and threads < 1:
        raise StoreError("faiss_threads must be >= 1 (or None)")


class FlatIndex:
    """Exact inner-product search (``IndexFlatIP``); a delete removes the vector."""

    def __init__(self, dim: int) -> None:
        import faiss

        self.index = faiss.IndexIDMap2(faiss.IndexFlatIP(dim))

    def __len__(self) -> int:
        return int(self.index.ntotal)

    def add(self, ids: np.ndarray, vecs: np.ndarray) -> None:
        self.index.add_with_ids(vecs, ids)

    def remove(self, ids: np.ndarray) -> int:
        return int(self.index.remove_ids(np.unique(ids)))

    def search(self, vec: np.ndarray, k: int) -> list[tuple[int, float]]:
        if self.index.ntotal == 0 or k <= 0:
            return []
        scores, ids = self.index.search(vec, min(k, self.index.ntotal))
        return [(int(i), float(s)) for s, i in zip(scores[0], ids[0], strict=True) if i >= 0]

    def reconstruct(self, id_: int) -> np.ndarray | None:
        try:
            return np.asarray(self.index.reconstruct(int(id_)), dtype=np.float32)
        except RuntimeError:  # FAISS raises for an unknown id
            return None

    def close(self) -> None:
        self.index.reset()

    def stats(self) -> dict[str, int]:
        return {"segments": 0, "buffered": len(self), "sealing": 0, "unreachable": 0}


# ------------------------------------------------------------------- the segmented HNSW index
# The ``"hnsw"`` vector index: an exact buffer plus batch-built HNSW graphs.
#
# New vectors land in a small exact buffer; every ``segment_size`` of them are sealed and a
# background job (run by ``PartitionedIndex``) builds them into an HNSW
# graph in one batch, and merges two graphs of one size tier into a bigger one, dropping
# deleted vectors. Graphs are never grown one vector at a time: a graph grown insert by
# insert lost the early entries of a clustered workload (38% recall@1 at 1M entries,
# BENCHMARKS.md "Scale"), while batch builds kept them. Until a buffer is sealed its
# vectors are searched exactly, so an index smaller than one segment is always exact.
#
# Every build probes each node of the new graph with its own vector; a node the graph does
# not return first (unreachable at ``ef_search``) stays in an exact "stray" segment, so
# every stored vector is always found by itself.
#
# Two graphs of one size tier (segment_size * 4**t <= n < segment_size * 4**(t+1)) merge,
# so at most one graph per tier remains: every graph costs a search, so few graphs (3 at
# 1M entries in a simulation of one-at-a-time inserts) beat cheap builds (each vector is
# rebuilt about 9 times by then, in the background).
MERGE_FACTOR = 2
TIER_WIDTH = 4
# No merge produces a graph above segment_size * MAX_GRAPH_FACTOR vectors (1,048,576 by
# default): the builder copies its inputs, so a merge briefly doubles their memory.
MAX_GRAPH_FACTOR = 256
PROBE_BATCH = 4096


class _Segment:
    """Vectors searched as one FAISS index whose labels are positions; ``ids`` maps them
    back. The buffer (an ``IndexFlatIP``) grows; a sealed segment never changes except
    for its ``alive`` flags. ``stray``: the exact home of graph nodes a probe could not
    reach. Identity matters (no ``__eq__``): jobs name their inputs."""

    def __init__(self, index: Any, ids: np.ndarray, *, graph: bool, stray: bool = False) -> None:
        self.index = index
        self.ids = ids
        self.n = len(ids)
        self.alive = np.ones(len(ids), dtype=bool)
        self.dead = 0
        self.unreached = 0  # graph nodes killed by the build's probe (their vectors live in a stray)
        self.graph = graph
        self.stray = stray
        self.ids_sorted = bool(self.n < 2 or np.all(ids[1:] > ids[:-1]))
        self._bits: np.ndarray | None = None

    @classmethod
    def buffer(cls, dim: int) -> _Segment:
        import faiss

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

    def _params(self, k: int, ef_search: int) -> Any:
        import faiss

        sel: Any = None
        if self.dead:
            if self._bits is None:
                self._bits = np.packbits(self.alive[: self.n], bitorder="little")
            sel = faiss.IDSelectorBitmap(self.n, faiss.swig_ptr(self._bits))
        if self.graph:
            params = faiss.SearchParametersHNSW(efSearch=max(ef_search, k))
            if sel is not None:
                params.sel = sel
            return params
        return None if sel is None else faiss.SearchParameters(sel=sel)

    def search(self, vec: np.ndarray, fetch: int, ef_search: int) -> list[tuple[int, float]]:
        k = min(fetch, self.n)
        if k <= 0 or self.live == 0:
            return []
        scores, pos = self.index.search(vec, k, params=self._params(k, ef_search))
        # Python ints and floats converted in bulk (-1: no result; its id is never read)
        found = pos[0].tolist()
        ids = self.ids[pos[0]].tolist()
        return [(i, s) for i, s, p in zip(ids, scores[0].tolist(), found, strict=True) if p >= 0]


def unreachable(graph: Any, vecs: np.ndarray, ef_search: int) -> np.ndarray:
    """Positions of the graph's nodes that a k=1 search for their own vector (at
    ``ef_search``, as the stores search) does not return first; an exact tie counts as found."""
    import faiss

    own = np.einsum("ij,ij->i", vecs, vecs)
    params = faiss.SearchParametersHNSW(efSearch=ef_search)
    missed = []
    for start in range(0, len(vecs), PROBE_BATCH):
        chunk = vecs[start : start + PROBE_BATCH]
        scores, pos = graph.search(chunk, 1, params=params)
        rows = np.arange(start, start + len(chunk))
        ok = (pos[:, 0] == rows) | (scores[:, 0] >= own[rows] - 1e-6)
        missed.append(rows[~ok])
    return np.concatenate(missed) if missed else np.empty(0, dtype=np.int64)


def _descending(found: list[tuple[int, float]]) -> bool:
    """Scores never rising (False for a NaN, which compares false)."""
    return all(a[1] >= b[1] for a, b in itertools.pairwise(found))


class SegmentJob:
    """Rebuild ``inputs`` (buffers being sealed, graphs, strays) into one batch-built
    graph plus, if its probe found unreachable nodes, one stray segment.

    The alive flags are copied under the lock; the vectors are read outside it, which is
    safe because inputs are sealed (never appended to)."""

    def __init__(
        self, inputs: list[_Segment], dim: int, m: int, ef_construction: int, ef_search: int
    ) -> None:
        self.inputs = inputs
        self.alive = [seg.alive[: seg.n].copy() for seg in inputs]
        self.dim, self.m = dim, m
        self.ef_construction, self.ef_search = ef_construction, ef_search

    def build(self) -> list[_Segment]:
        import faiss

        vec_parts, id_parts = [], []
        for seg, alive in zip(self.inputs, self.alive, strict=True):
            keep = np.flatnonzero(alive)
            if len(keep):
                vec_parts.append(seg.index.reconstruct_n(0, seg.n)[keep])
                id_parts.append(seg.ids[: seg.n][keep])
        if not id_parts:
            return []
        ids = np.concatenate(id_parts)
        order = np.argsort(ids, kind="stable")
        # One copy of the vectors at a time beside the graph (a 1M-vector merge holds 2 GB each).
        vecs = np.concatenate(vec_parts)
        vec_parts.clear()
        vecs = np.ascontiguousarray(vecs[order])
        ids = ids[order]
        graph = faiss.IndexHNSWFlat(self.dim, self.m, faiss.METRIC_INNER_PRODUCT)
        graph.hnsw.efConstruction = self.ef_construction
        graph.hnsw.efSearch = self.ef_search
        graph.add(vecs)  # one batch: FAISS shuffles the insertion order within each level
        built = [_Segment(graph, ids, graph=True)]
        lost = unreachable(graph, vecs, self.ef_search)
        if len(lost):
            built[0].kill(lost)
            built[0].unreached = len(lost)
            flat = faiss.IndexFlatIP(self.dim)
            flat.add(vecs[lost])
            built.append(_Segment(flat, ids[lost], graph=False, stray=True))
        return built


class SegmentedHNSW:
    """A :class:`~stores.vector_index.VectorIndex` with
    :class:`~stores.vector_index.BackgroundBuilds`: an exact buffer plus batch-built HNSW
    graphs (see the module docstring). ``next_job``/``install`` are driven by a builder."""

    def __init__(self, dim: int, *, m: int, ef_construction: int, ef_search: int, segment_size: int) -> None:
        self.dim, self.m = dim, m
        self.ef_construction, self.ef_search = ef_construction, ef_search
        self.segment_size = segment_size
        self.max_graph = segment_size * MAX_GRAPH_FACTOR
        self.buffer = _Segment.buffer(dim)
        self.sealed: list[_Segment] = []  # frozen buffers (searched exactly until built), graphs, strays
        self.retry_at = 0.0

    def __len__(self) -> int:
        return self.buffer.live + sum(seg.live for seg in self.sealed)

    @property
    def live(self) -> int:
        return len(self)

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
            # A graph keeps a dead copy of each of its strays: only live copies count.
            present[present] = seg.alive[pos[present]]
            removed += seg.kill(pos[present])
            pending = pending[~present]
        return removed

    def search(self, vec: np.ndarray, fetch: int) -> list[tuple[int, float]]:
        if not self.sealed and _descending(found := self.buffer.search(vec, fetch, self.ef_search)):
            return found[:fetch]  # what nlargest (a stable sort, best first) returns for it
        found = []
        for seg in (self.buffer, *self.sealed):
            found.extend(seg.search(vec, fetch, self.ef_search))
        return heapq.nlargest(fetch, found, key=lambda hit: hit[1])

    def reconstruct(self, id_: int) -> np.ndarray | None:
        found = self._locate(id_)
        if found is None:
            return None
        return np.asarray(found[0].index.reconstruct(found[1]), dtype=np.float32)

    def close(self) -> None:
        self.buffer = _Segment.buffer(self.dim)
        self.sealed = []

    def _tier(self, n: int) -> int:
        tier, bound = 0, self.segment_size * TIER_WIDTH
        while n >= bound:
            tier, bound = tier + 1, bound * TIER_WIDTH
        return tier

    def _pick(self) -> list[_Segment] | None:
        """The inputs of the next job: the frozen buffers (one graph, up to the size cap),
        else a tier of MERGE_FACTOR graphs (smallest first), else a mostly deleted graph.
        Strays never start a job; they join every job to get another chance."""
        chosen = self._pick_main()
        if chosen is None:
            return None
        return chosen + [seg for seg in self.sealed if seg.stray]

    def _pick_main(self) -> list[_Segment] | None:
        return self._pending_buffers() or self._merge_group() or self._compaction()

    def _pending_buffers(self) -> list[_Segment]:
        pending: list[_Segment] = []
        for seg in self.sealed:
            if seg.graph or seg.stray:
                continue
            if not pending or sum(p.n for p in pending) + seg.n <= self.max_graph:
                pending.append(seg)
        return pending

    def _merge_group(self) -> list[_Segment] | None:
        tiers: dict[int, list[_Segment]] = {}
        for seg in self.sealed:
            if seg.graph:
                tiers.setdefault(self._tier(seg.n), []).append(seg)
        for tier in sorted(tiers):
            group = sorted(tiers[tier], key=lambda seg: seg.n)[:MERGE_FACTOR]
            if len(group) == MERGE_FACTOR and sum(seg.n for seg in group) <= self.max_graph:
                return group
        return None

    def _compaction(self) -> list[_Segment] | None:
        for seg in self.sealed:
            # Only deletions count: a graph mostly of strays would otherwise be rebuilt for ever.
            if seg.graph and (seg.dead - seg.unreached) * 2 > seg.n:
                return [seg]
        return None

    def wants_job(self) -> bool:
        return time.monotonic() >= self.retry_at and self._pick_main() is not None

    def next_job(self) -> SegmentJob | None:
        if time.monotonic() < self.retry_at:
            return None
        inputs = self._pick()
        if inputs is None:
            return None
        return SegmentJob(inputs, self.dim, self.m, self.ef_construction, self.ef_search)

    def install(self, job: SegmentJob, built: list[_Segment]) -> None:
        # Vectors deleted while the graph was being built.
        for seg, alive_then in zip(job.inputs, job.alive, strict=True):
            gone = seg.ids[: len(alive_then)][alive_then & ~seg.alive[: len(alive_then)]]
            for new in built:
                pos = new.positions(gone)
                new.kill(pos[pos >= 0])
        inputs = {id(seg) for seg in job.inputs}
        self.sealed = [seg for seg in self.sealed if id(seg) not in inputs]
        self.sealed.extend(new for new in built if new.live)

    def stats(self) -> dict[str, int]:
        return {
            "segments": sum(seg.graph for seg in self.sealed),
            "buffered": self.buffer.live,
            "sealing": sum(not seg.graph and not seg.stray for seg in self.sealed),
            "unreachable": sum(seg.live for seg in self.sealed if seg.stray),
        }


# ------------------------------------------------------------------ the partitioned index
# One VectorIndex per ``(namespace, llm_key)``: partitioning by namespace and model makes
# cross-tenant leaks impossible by construction rather than by post-filtering.
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
