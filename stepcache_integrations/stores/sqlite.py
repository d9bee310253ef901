"""Embedded persistent store: SQLite (WAL) holds the entries, FAISS indexes them in process.

Schema: ``stores.sqlite_schema``. The database is the source of truth. The store owns its
connection (``stores.sqlite_file.SQLiteFile``) and its in-process index
(``stores.sqlite_sync.SQLiteIndex``: one FAISS index per ``(namespace, llm_key)`` whose
ids are ``entries.seq``, AUTOINCREMENT, never reused).
Before every search the store checks ``PRAGMA data_version``; when another connection
committed, it loads rows with a larger ``seq`` and applies new ``deletions`` rows, so
several processes can share one file. Candidates found by FAISS are re-read from the
database (namespace, model and expiry checked again), so a stale index can cost a
little recall but can never return a deleted, expired or foreign entry.

On open the index is loaded from the rows; with ``index="hnsw"`` the store answers at once
(exactly) while a background thread builds the HNSW graphs (``stores.vector_index``).

Every write is one ``BEGIN IMMEDIATE`` transaction: a process killed mid-write leaves
either the whole write or none of it. Nothing is ever unpickled: entries are JSON
validated by pydantic, embeddings raw float32 bytes.

``read_only=True`` (the ``stepcache`` read commands) opens an existing store without ever
writing: no schema, no WAL switch, no ``-wal``/``-shm`` file left behind (see
``stores.sqlite_schema.read_only_uri``), and every write method raises StoreError.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from typing import Any, Literal

import numpy as np

from ..core.types import CacheEntry, CacheHit
from ..errors import StoreError
from .base import CacheStore
from .base import check_vector, entry_from_json, entry_to_json, vector_from_blob, vector_to_blob
from .vector_index import PartitionedIndex, validate_index_options
from .sqlite_file import SQLiteFile
from .sqlite_schema import file_bytes
from .sqlite_sync import SQLiteIndex

__all__ = ["SQLiteStore"]


class SQLiteStore(CacheStore):
    """Persistent store in one SQLite file, shareable by threads and processes on one host.

    Args:
        path: database file (created if missing); ``":memory:"`` for a private one.
        index: ``"hnsw"`` (default: the newest vectors are searched exactly, a background
            thread seals every ``hnsw_segment_size`` of them into a batch-built graph, so
            a tenant below that size is searched exactly) or ``"flat"`` (always exact;
            a full scan, 10 ms per lookup at 100k entries).
        hnsw_m, hnsw_ef_construction, hnsw_ef_search: HNSW graph parameters.
        hnsw_segment_size: vectors searched exactly before a background thread seals
            them into a batch-built graph (see ``stores.vector_index``).
        max_entries: keep at most this many entries; the least recently used
            (last hit, else creation) are evicted on insert.
        default_ttl: seconds until a new entry expires (None: never); an entry's own
            ``expires_at`` wins.
        busy_timeout: seconds to wait for another process's write lock.
        synchronous: SQLite ``synchronous`` pragma; ``NORMAL`` (default) is crash-safe
            for process kills, ``FULL`` also for power loss.
        faiss_threads: OpenMP threads for this store's FAISS calls, set around each call
            in the calling thread only (None: leave FAISS's setting, ``OMP_NUM_THREADS``).
        create: False: ``path`` must already hold a StepCache store; a missing, empty or
            foreign file is a StoreError and is left exactly as it was.
        read_only: open an existing store for reading only (implies ``create=False``):
            nothing is written or created, not even a ``-wal``/``-shm`` file, so it works
            on read-only files and directories; add, delete, clear, record_hit raise
            StoreError.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] = "stepcache.db",
        *,
        index: Literal["flat", "hnsw"] = "hnsw",
        hnsw_m: int = 16,
        hnsw_ef_construction: int = 80,
        hnsw_ef_search: int = 64,
        hnsw_segment_size: int = 4096,
        max_entries: int | None = None,
        default_ttl: float | None = None,
        busy_timeout: float = 30.0,
        synchronous: Literal["OFF", "NORMAL", "FULL", "EXTRA"] = "NORMAL",
        faiss_threads: int | None = 1,
        create: bool = True,
        read_only: bool = False,
    ) -> None:
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"invalid synchronous mode {synchronous!r}")
        validate_index_options(index, max_entries, hnsw_segment_size, faiss_threads)
        self.index_type, self.max_entries, self.default_ttl = index, max_entries, default_ttl
        self.hnsw_m, self.hnsw_ef_construction, self.hnsw_ef_search = hnsw_m, hnsw_ef_construction, hnsw_ef_search
        self.hnsw_segment_size = hnsw_segment_size
        self.path = os.fspath(path)
        if self.path != ":memory:" and os.path.isdir(self.path):
            raise StoreError(f"{os.path.abspath(self.path)} is a directory, not a SQLite store")
        self.read_only = bool(read_only)
        self.create = bool(create) and not self.read_only
        if not self.create and self.path == ":memory:":
            raise StoreError("a private ':memory:' store is always new: use create=True")
        self.busy_timeout = busy_timeout
        self.synchronous = synchronous
        self._lock = threading.RLock()
        # The store owns its index, the index how far into the database it has read, and
        # the file its connection (which reloads the index whenever it opens).
        self._index = PartitionedIndex(
            index, m=hnsw_m, ef_construction=hnsw_ef_construction, ef_search=hnsw_ef_search,
            segment_size=hnsw_segment_size, threads=faiss_threads,
        )
        self._vectors = SQLiteIndex(self._index, self.path, self._db)
        self._file = SQLiteFile(
            self.path, busy_timeout=busy_timeout, synchronous=synchronous, create=self.create,
            read_only=self.read_only, on_open=self._load_index, on_lost=self._vectors.reset,
        )
        with self._lock:
            self._file.open()

    # -- connection ------------------------------------------------------------------------
    def _db(self) -> sqlite3.Connection:
        return self._file.get()

    def _load_index(self) -> None:
        self._vectors.reset()
        self._vectors.sync(force=True)

    @property
    def _conn(self) -> sqlite3.Connection | None:
        """The open connection, if any (diagnostics and tests)."""
        return self._file.conn

    # -- writes --------------------------------------------------------------------------
    def _write(self, fn: Any) -> Any:
        """Run ``fn(conn)`` in one IMMEDIATE transaction, then fold every change (ours and
        other processes') into the indexes. Must hold the lock."""
        if self.read_only:
            raise StoreError(f"SQLite store {self.path!r} is open read-only; nothing was written")
        conn = self._db()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StoreError(f"SQLite store {self.path!r} is busy or read-only: {exc}") from exc
        try:
            result = fn(conn)
            version = conn.execute("PRAGMA data_version").fetchone()[0]
            changes = self._vectors.read_changes()  # applied once committed
            self._vectors.prune_log(conn)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise StoreError(f"SQLite store {self.path!r} write failed: {exc}") from exc
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        self._vectors.apply(changes, version)
        return result

    def add(self, entry: CacheEntry, vector: np.ndarray) -> str:
        with self._lock:
            vec = check_vector(vector, self._vectors.dim)
            expires_at = self.stamp_expiry(entry)
            payload = entry_to_json(entry)
            now = time.time()

            def write(conn: sqlite3.Connection) -> str:
                dim = self._vectors.read_dim()
                if dim is None:
                    conn.execute("INSERT INTO meta (key, value) VALUES ('dim', ?)", (vec.size,))
                elif dim != vec.size:
                    raise StoreError(f"vector has dimension {vec.size}, store holds {dim}")
                conn.execute("DELETE FROM entries WHERE id = ?", (entry.id,))
                conn.execute(
                    "INSERT INTO entries (id, namespace, llm_key, created_at, last_used_at, "
                    "last_hit_at, hits, expires_at, entry, embedding) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        entry.id,
                        entry.namespace,
                        entry.llm_key,
                        entry.created_at,
                        max(entry.last_hit_at or 0.0, entry.created_at),
                        entry.last_hit_at,
                        entry.hits,
                        expires_at,
                        payload,
                        vector_to_blob(vec),
                    ),
                )
                if self.purge_due(now):
                    conn.execute(
                        "DELETE FROM entries WHERE expires_at IS NOT NULL AND expires_at <= ?",
                        (now,),
                    )
                if self.max_entries is not None:
                    count = conn.execute("SELECT value FROM meta WHERE key = 'count'").fetchone()
                    excess = int(count[0]) - self.max_entries
                    if excess > 0:
                        conn.execute(
                            "DELETE FROM entries WHERE seq IN (SELECT seq FROM entries "
                            "WHERE id != ? ORDER BY last_used_at, seq LIMIT ?)",
                            (entry.id, excess),
                        )
                return entry.id

            return self._write(write)  # type: ignore[no-any-return]

    def record_hit(self, entry_id: str) -> None:
        with self._lock:
            now = time.time()
            self._write(
                lambda conn: conn.execute(
                    "UPDATE entries SET hits = hits + 1, last_hit_at = ?, last_used_at = ? "
                    "WHERE id = ?",
                    (now, now, entry_id),
                )
            )

    def delete(self, entry_id: str) -> bool:
        with self._lock:
            cur = self._write(lambda conn: conn.execute("DELETE FROM entries WHERE id = ?", (entry_id,)))
            return bool(cur.rowcount)

    def clear(self, namespace: str | None = None) -> int:
        with self._lock:
            if namespace is None:
                cur = self._write(lambda conn: conn.execute("DELETE FROM entries"))
            else:
                cur = self._write(
                    lambda conn: conn.execute("DELETE FROM entries WHERE namespace = ?", (namespace,))
                )
            return int(cur.rowcount)

    def purge_expired(self) -> int:
        """Delete every expired entry now; return how many."""
        with self._lock:
            now = time.time()
            cur = self._write(
                lambda conn: conn.execute(
                    "DELETE FROM entries WHERE expires_at IS NOT NULL AND expires_at <= ?", (now,)
                )
            )
            return int(cur.rowcount)

    # -- reads -----------------------------------------------------------------------------
    _ROW = "seq, namespace, llm_key, last_hit_at, hits, expires_at, entry"

    def _entry_from_row(self, row: tuple[Any, ...]) -> CacheEntry:
        seq, namespace, llm_key, last_hit_at, hits, expires_at, payload = row
        entry = entry_from_json(payload, where=f"{self.path!r} row {seq}")
        if entry.namespace != namespace or entry.llm_key != llm_key:
            raise StoreError(f"corrupt store {self.path!r}: row {seq} disagrees with its entry")
        entry.hits = int(hits)
        entry.last_hit_at = last_hit_at
        entry.expires_at = expires_at
        return entry

    def search(
        self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int
    ) -> list[CacheHit]:
        if k <= 0:
            return []
        with self._lock:
            try:
                self._vectors.sync()
                vec = check_vector(vector, self._vectors.dim).reshape(1, -1)
                key = (namespace, llm_key)
                now = time.time()

                def candidates(fetch: int) -> list[CacheHit | None]:
                    cand = self._index.search(key, vec, fetch)
                    by_seq = self._rows_by_seq([seq for seq, _ in cand])
                    return [self._live_hit(by_seq.get(seq), score, key, now) for seq, score in cand]

                return self.collect_live_hits(k, lambda: self._index.live(key), candidates)
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r} search failed: {exc}") from exc

    def _rows_by_seq(self, seqs: list[int]) -> dict[int, tuple[Any, ...]]:
        if not seqs:
            return {}
        marks = ",".join("?" * len(seqs))
        rows = self._db().execute(f"SELECT {self._ROW} FROM entries WHERE seq IN ({marks})", seqs)
        return {row[0]: row for row in rows.fetchall()}

    def _live_hit(
        self, row: tuple[Any, ...] | None, score: float, key: tuple[str, str], now: float
    ) -> CacheHit | None:
        """The hit of a candidate row; None if it is gone, of another partition or expired
        (the index may be stale: the database decides)."""
        if row is None or (row[1], row[2]) != key or self.expired_at(row[5], now):
            return None
        return CacheHit(entry=self._entry_from_row(row), similarity=score)

    def find_keyed(self, key: str, *, namespace: str, llm_key: str, limit: int) -> list[CacheEntry]:
        """Entries under a lookup key from the in-process dictionary (kept with the vector index,
        synced the same way), each re-read from the database: namespace, model and expiry checked
        again, so a stale dictionary costs a lookup, never a deleted or foreign entry."""
        if limit <= 0:
            return []
        with self._lock:
            try:
                self._vectors.sync()
                part, now = (namespace, llm_key), time.time()
                seqs = self._vectors.keyed_seqs((namespace, llm_key, key))
                found: list[CacheEntry] = []
                fetch = limit + self.search_slack
                while seqs and len(found) < limit:
                    batch, seqs = seqs[:fetch], seqs[fetch:]
                    by_seq = self._rows_by_seq(batch)
                    for seq in batch:
                        hit = self._live_hit(by_seq.get(seq), 1.0, part, now)
                        if hit is not None and len(found) < limit:
                            found.append(hit.entry)
                    fetch *= 4
                return found
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r} read failed: {exc}") from exc

    def get(self, entry_id: str) -> CacheEntry | None:
        with self._lock:
            try:
                row = self._db().execute(
                    f"SELECT {self._ROW} FROM entries WHERE id = ?", (entry_id,)
                ).fetchone()
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r} read failed: {exc}") from exc
            if row is None or (row[5] is not None and row[5] <= time.time()):
                return None
            return self._entry_from_row(row)

    def count(self, namespace: str | None = None) -> int:
        with self._lock:
            sql = "SELECT count(*) FROM entries WHERE (expires_at IS NULL OR expires_at > ?)"
            params: list[Any] = [time.time()]
            if namespace is not None:
                sql += " AND namespace = ?"
                params.append(namespace)
            try:
                return int(self._db().execute(sql, params).fetchone()[0])
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r} read failed: {exc}") from exc

    def iter_items(self, namespace: str | None = None) -> Iterator[tuple[CacheEntry, np.ndarray]]:
        """Live entries with their vectors, read in pages of 500 (no lock held while yielding)."""
        last = 0
        while True:
            with self._lock:
                sql = (
                    f"SELECT {self._ROW}, embedding FROM entries WHERE seq > ? "
                    "AND (expires_at IS NULL OR expires_at > ?)"
                )
                params: list[Any] = [last, time.time()]
                if namespace is not None:
                    sql += " AND namespace = ?"
                    params.append(namespace)
                sql += " ORDER BY seq LIMIT 500"
                try:
                    rows = self._db().execute(sql, params).fetchall()
                    dim = self._vectors.read_dim()
                except sqlite3.Error as exc:
                    raise StoreError(f"SQLite store {self.path!r} read failed: {exc}") from exc
            if not rows:
                return
            for row in rows:
                assert dim is not None
                entry = self._entry_from_row(row[:7])
                yield entry, vector_from_blob(row[7], dim, where=f"{self.path!r} row {row[0]}")
            last = rows[-1][0]

    def stats(self) -> dict[str, Any]:
        with self._lock:
            try:
                self._vectors.sync()
                conn = self._db()
                now = time.time()
                per_ns = conn.execute(
                    "SELECT namespace, count(*), coalesce(sum(hits), 0) FROM entries "
                    "WHERE expires_at IS NULL OR expires_at > ? GROUP BY namespace ORDER BY namespace",
                    (now,),
                ).fetchall()
                expired = conn.execute(
                    "SELECT count(*) FROM entries WHERE expires_at IS NOT NULL AND expires_at <= ?",
                    (now,),
                ).fetchone()[0]
                version = conn.execute(
                    "SELECT value FROM meta WHERE key = 'schema_version'"
                ).fetchone()[0]
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r} read failed: {exc}") from exc
            size = file_bytes(self.path)
            return {
                "backend": "sqlite",
                "path": os.path.abspath(self.path) if self.path != ":memory:" else self.path,
                "schema_version": version,
                "index": self.index_type,
                "dim": self._vectors.dim,
                "entries": sum(n for _, n, _ in per_ns),
                "expired_pending_purge": int(expired),
                "hits": sum(int(h) for _, _, h in per_ns),
                "namespaces": {ns: {"entries": n, "hits": int(h)} for ns, n, h in per_ns},
                "partitions": len(self._index),
                "indexed_vectors": self._index.total_live(),
                "index_segments": self._index.stats(),
                "max_entries": self.max_entries,
                "default_ttl": self.default_ttl,
                "file_bytes": size,
            }

    def close(self) -> None:
        with self._lock:
            self._file.close()
            self._index.drop()

    def wait_until_indexed(self, timeout: float | None = None) -> bool:
        return self._index.wait_until_built(timeout)

    def integrity_check(self) -> list[str]:
        """SQLite's ``PRAGMA integrity_check`` plus the store's own invariants; [] if sound."""
        with self._lock:
            conn = self._db()
            # One read snapshot: other processes may commit between two statements otherwise.
            conn.execute("BEGIN")
            try:
                return self._vectors.integrity_problems(conn)
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        mode = ", read_only=True" if self.read_only else ""
        return f"SQLiteStore({self.path!r}, index={self.index_type!r}{mode})"
