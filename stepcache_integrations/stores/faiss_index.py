"""FAISS index construction shared by the in-process stores (memory, SQLite)."""

from __future__ import annotations

from typing import Any

import faiss

from ..errors import StoreError

__all__ = ["new_faiss_index", "validate_index_options"]

# Single queries are ~5x faster on one thread than on two on these 2-core machines.
faiss.omp_set_num_threads(1)


def validate_index_options(index: str, max_entries: int | None) -> None:
    """Reject an unknown index type or a non-positive entry cap with a StoreError."""
    if index not in ("flat", "hnsw"):
        raise StoreError(f"unknown index type {index!r}; use 'flat' or 'hnsw'")
    if max_entries is not None and max_entries < 1:
        raise StoreError("max_entries must be >= 1")


def new_faiss_index(dim: int, index: str, *, m: int, ef_construction: int, ef_search: int) -> Any:
    """An inner-product index with caller-chosen int64 ids: exact (flat) or HNSW.

    FAISS' default efConstruction (40) loses clusters of similar prompts when entries
    arrive one at a time (50% recall@1 at 100k); the stores default to 80.
    """
    if index == "hnsw":
        base = faiss.IndexHNSWFlat(dim, m, faiss.METRIC_INNER_PRODUCT)
        base.hnsw.efConstruction = ef_construction
        base.hnsw.efSearch = ef_search
        return faiss.IndexIDMap(base)
    return faiss.IndexIDMap2(faiss.IndexFlatIP(dim))
