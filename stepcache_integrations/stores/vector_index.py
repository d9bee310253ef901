"""The vector search interface of the in-process stores, and its exact implementation.

A :class:`VectorIndex` holds L2-normalised float32 vectors under caller-chosen int64 ids
and answers inner-product k-NN queries. The stores own one
``stores.faiss_index.PartitionedIndex``, which keeps one per ``(namespace, llm_key)``:
``"flat"`` is :class:`FlatIndex`, ``"hnsw"`` the segmented graph index of
``stores.hnsw_segments``. A backend whose graphs are built in the background also offers
:class:`BackgroundBuilds` (the partitioned index runs its jobs on one daemon thread).

FAISS is imported at first use, not with this module: ``import stepcache_integrations``
stays light. FAISS threading is never changed globally: :func:`faiss_threads` sets
OpenMP's thread count for the calling thread around one FAISS call and restores it
(OpenMP keeps that setting per thread), so the host application's own FAISS use is left
alone.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..core.lru import BoundedLRU
from ..errors import StoreError

__all__ = [
    "BackgroundBuilds",
    "BuildJob",
    "FlatIndex",
    "RecentSearches",
    "VectorIndex",
    "faiss_threads",
    "validate_index_options",
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
