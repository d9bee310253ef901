"""The ``"hnsw"`` vector index: an exact buffer plus batch-built HNSW graphs.

New vectors land in a small exact buffer; every ``segment_size`` of them are sealed and a
background job (run by ``stores.faiss_index.PartitionedIndex``) builds them into an HNSW
graph in one batch, and merges two graphs of one size tier into a bigger one, dropping
deleted vectors. Graphs are never grown one vector at a time: a graph grown insert by
insert lost the early entries of a clustered workload (38% recall@1 at 1M entries,
BENCHMARKS.md "Scale"), while batch builds kept them. Until a buffer is sealed its
vectors are searched exactly, so an index smaller than one segment is always exact.

Every build probes each node of the new graph with its own vector; a node the graph does
not return first (unreachable at ``ef_search``) stays in an exact "stray" segment, so
every stored vector is always found by itself.
"""

from __future__ import annotations

import heapq
import itertools
import time
from typing import Any

import numpy as np

__all__ = ["MAX_GRAPH_FACTOR", "MERGE_FACTOR", "TIER_WIDTH", "SegmentJob", "SegmentedHNSW", "unreachable"]

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
