"""In-process store: entries in a dict; vectors in the store's own partitioned index
(``stores.vector_index.PartitionedIndex``: one FAISS index per (namespace, llm_key))."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any, Literal

import numpy as np

from ..core.problem_keys import entry_lookup_keys
from ..core.types import CacheEntry, CacheHit
from .base import CacheStore
from .base import check_vector
from .vector_index import PartitionedIndex, validate_index_options

__all__ = ["InMemoryStore"]


class InMemoryStore(CacheStore):
    """FAISS-backed in-process store; one index per ``(namespace, llm_key)``.

    Args:
        index: ``"hnsw"`` (default: the newest vectors are searched exactly, a background
            thread seals every ``hnsw_segment_size`` of them into a batch-built graph, so
            a tenant below that size is searched exactly) or ``"flat"`` (always exact;
            a full scan, 10 ms per lookup at 100k entries).
        hnsw_m, hnsw_ef_construction, hnsw_ef_search: HNSW graph parameters.
        hnsw_segment_size: vectors per exact buffer before it becomes a graph.
        max_entries: keep at most this many entries; the least recently used go first.
        default_ttl: seconds until a new entry expires (None: never).
        faiss_threads: OpenMP threads for this store's FAISS calls, set around each call
            in the calling thread only (None: leave FAISS's setting, ``OMP_NUM_THREADS``).
    """

    def __init__(
        self,
        *,
        index: Literal["flat", "hnsw"] = "hnsw",
        hnsw_m: int = 16,
        hnsw_ef_construction: int = 80,
        hnsw_ef_search: int = 64,
        hnsw_segment_size: int = 4096,
        max_entries: int | None = None,
        default_ttl: float | None = None,
        faiss_threads: int | None = 1,
    ) -> None:
        validate_index_options(index, max_entries, hnsw_segment_size, faiss_threads)
        self.index_type, self.max_entries, self.default_ttl = index, max_entries, default_ttl
        self.hnsw_m, self.hnsw_ef_construction, self.hnsw_ef_search = hnsw_m, hnsw_ef_construction, hnsw_ef_search
        self.hnsw_segment_size = hnsw_segment_size
        # The store owns its vectors' index; entries live here, vectors only there.
        self._index = PartitionedIndex(
            index, m=hnsw_m, ef_construction=hnsw_ef_construction, ef_search=hnsw_ef_search,
            segment_size=hnsw_segment_size, threads=faiss_threads,
        )
        self._lock = threading.RLock()
        # entry id -> (entry, index id); ordered by recency of use for LRU. The vector
        # itself lives only in the index (reconstructed for export).
        self._entries: OrderedDict[str, tuple[CacheEntry, int]] = OrderedDict()
        self._entry_of: dict[int, str] = {}
        # The problem-key tier's dictionary: (namespace, llm_key, lookup key) -> entry ids in the
        # order they were added (core.problem_keys), and each entry's own keys for its removal.
        self._keyed: dict[tuple[str, str, str], dict[str, None]] = {}
        self._keys_of: dict[str, tuple[tuple[str, str, str], ...]] = {}
        self._next_id = 0
        self._dim: int | None = None

    def _check_vector(self, vector: np.ndarray) -> np.ndarray:
        return check_vector(vector, self._dim).reshape(1, -1)

    def add(self, entry: CacheEntry, vector: np.ndarray) -> str:
        vec = self._check_vector(vector)
        with self._lock:
            if self._dim is None:
                self._dim = vec.shape[1]
            self.stamp_expiry(entry)
            if entry.id in self._entries:
                self._remove_locked(entry.id)
            fid = self._next_id
            self._next_id += 1
            self._index.add((entry.namespace, entry.llm_key), np.array([fid], dtype=np.int64), vec)
            self._entry_of[fid] = entry.id
            self._entries[entry.id] = (entry, fid)
            self._key_locked(entry)
            self._evict_locked()
            return entry.id

    def _evict_locked(self) -> None:
        if self.max_entries is None:
            return
        while len(self._entries) > self.max_entries:
            oldest = next(iter(self._entries))
            self._remove_locked(oldest)

    def _remove_locked(self, entry_id: str) -> bool:
        item = self._entries.pop(entry_id, None)
        if item is None:
            return False
        entry, fid = item
        del self._entry_of[fid]
        self._unkey_locked(entry_id)
        self._index.remove((entry.namespace, entry.llm_key), [fid])
        return True

    def _key_locked(self, entry: CacheEntry) -> None:
        keys = tuple((entry.namespace, entry.llm_key, key) for key in entry_lookup_keys(entry.metadata))
        if keys:
            self._keys_of[entry.id] = keys
            for key in keys:
                self._keyed.setdefault(key, {})[entry.id] = None

    def _unkey_locked(self, entry_id: str) -> None:
        for key in self._keys_of.pop(entry_id, ()):
            ids = self._keyed.get(key)
            if ids is not None:
                ids.pop(entry_id, None)
                if not ids:
                    del self._keyed[key]

    def search(
        self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int
    ) -> list[CacheHit]:
        vec = self._check_vector(vector)
        now = time.time()
        key = (namespace, llm_key)

        def candidates(fetch: int) -> list[CacheHit | None]:
            found: list[CacheHit | None] = []
            for fid, score in self._index.search(key, vec, fetch):
                entry = self._entries[self._entry_of[fid]][0]
                if self.is_expired(entry, now):
                    self._remove_locked(entry.id)  # expired entries go on sight
                    found.append(None)
                else:
                    found.append(CacheHit(entry=entry, similarity=score))
            return found

        with self._lock:
            return self.collect_live_hits(k, lambda: self._index.live(key), candidates)

    def find_keyed(self, key: str, *, namespace: str, llm_key: str, limit: int) -> list[CacheEntry]:
        if limit <= 0:
            return []
        now = time.time()
        with self._lock:
            ids = self._keyed.get((namespace, llm_key, key))
            if not ids:
                return []
            found: list[CacheEntry] = []
            expired: list[str] = []
            for entry_id in reversed(ids):  # newest first
                item = self._entries.get(entry_id)
                if item is None:
                    continue
                if self.is_expired(item[0], now):
                    expired.append(entry_id)
                    continue
                found.append(item[0])
                if len(found) >= limit:
                    break
            for entry_id in expired:  # expired entries go on sight
                self._remove_locked(entry_id)
            return found

    def get(self, entry_id: str) -> CacheEntry | None:
        with self._lock:
            item = self._entries.get(entry_id)
            if item is None or self.is_expired(item[0]):
                return None
            return item[0]

    def record_hit(self, entry_id: str) -> None:
        with self._lock:
            item = self._entries.get(entry_id)
            if item is None:
                return
            item[0].hits += 1
            item[0].last_hit_at = time.time()
            self._entries.move_to_end(entry_id)

    def delete(self, entry_id: str) -> bool:
        with self._lock:
            return self._remove_locked(entry_id)

    def clear(self, namespace: str | None = None) -> int:
        with self._lock:
            ids = [
                eid
                for eid, (entry, _) in self._entries.items()
                if namespace is None or entry.namespace == namespace
            ]
            for eid in ids:  # the namespace's partitions go whole: no per-vector removal
                del self._entry_of[self._entries.pop(eid)[1]]
                self._unkey_locked(eid)
            self._index.drop(namespace)
            return len(ids)

    def count(self, namespace: str | None = None) -> int:
        now = time.time()
        with self._lock:
            return sum(
                1
                for entry, _ in self._entries.values()
                if (namespace is None or entry.namespace == namespace)
                and not self.is_expired(entry, now)
            )

    def iter_items(self, namespace: str | None = None) -> Iterator[tuple[CacheEntry, np.ndarray]]:
        now = time.time()
        with self._lock:
            items = []
            for entry, fid in self._entries.values():
                if (namespace is None or entry.namespace == namespace) and not self.is_expired(entry, now):
                    vec = self._index.reconstruct((entry.namespace, entry.llm_key), fid)
                    if vec is not None:
                        items.append((entry, vec))
        yield from items

    def wait_until_indexed(self, timeout: float | None = None) -> bool:
        return self._index.wait_until_built(timeout)

    def stats(self) -> dict[str, Any]:
        now = time.time()
        with self._lock:
            namespaces: dict[str, dict[str, int]] = {}
            for entry, _ in self._entries.values():
                if self.is_expired(entry, now):
                    continue
                info = namespaces.setdefault(entry.namespace, {"entries": 0, "hits": 0})
                info["entries"] += 1
                info["hits"] += entry.hits
            return {
                "backend": "memory",
                "index": self.index_type,
                "entries": sum(v["entries"] for v in namespaces.values()),
                "hits": sum(v["hits"] for v in namespaces.values()),
                "namespaces": dict(sorted(namespaces.items())),
                "partitions": len(self._index),
                "index_segments": self._index.stats(),
                "dim": self._dim,
                "max_entries": self.max_entries,
                "default_ttl": self.default_ttl,
            }
