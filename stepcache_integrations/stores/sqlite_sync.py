"""SQLiteStore's in-process index: kept in step with the database by sequence numbers.

The index ids are ``entries.seq`` (AUTOINCREMENT, never reused). Before every search the
store checks ``PRAGMA data_version``; when another connection committed, it loads rows
with a larger ``seq`` and applies new ``deletions`` rows, so several processes can share
one file. A process further behind than the pruned deletion log rebuilds its index.
"""

from __future__ import annotations

import sqlite3
import threading

import numpy as np

from ..errors import StoreError
from .faiss_index import PartitionedIndex
from .codec import vector_from_blob

__all__ = ["IndexSync"]

# Keep at most this many deletion-log rows; a process further behind rebuilds its index.
DELETION_LOG_KEEP = 20_000


class IndexSync:
    """Mixin of :class:`~stores.sqlite.SQLiteStore`: its FAISS side."""

    path: str
    _index: PartitionedIndex
    _writes: int
    _lock: threading.RLock

    def _db(self) -> sqlite3.Connection:
        raise NotImplementedError

    def _reset_index_state(self) -> None:
        self._index.drop()
        self._dim: int | None = None
        self._last_seq = 0
        self._last_del_seq = 0
        self._data_version: int | None = None

    def _read_dim(self) -> int | None:
        row = self._db().execute("SELECT value FROM meta WHERE key = 'dim'").fetchone()
        if row is None:
            return None
        if not isinstance(row[0], int) or row[0] <= 0:
            raise StoreError(f"corrupt store {self.path!r}: invalid dimension {row[0]!r}")
        return int(row[0])

    def _index_rows(self, rows: list[tuple[int, str, str, bytes]]) -> None:
        """Add (seq, namespace, llm_key, embedding blob) rows to the partitions."""
        if not rows:
            return
        assert self._dim is not None
        grouped: dict[tuple[str, str], list[tuple[int, bytes]]] = {}
        for seq, namespace, llm_key, blob in rows:
            grouped.setdefault((namespace, llm_key), []).append((seq, blob))
        for key, items in grouped.items():
            vecs = np.empty((len(items), self._dim), dtype=np.float32)
            for i, (seq, blob) in enumerate(items):
                vecs[i] = vector_from_blob(blob, self._dim, where=f"{self.path!r} row {seq}")
            ids = np.fromiter((seq for seq, _ in items), dtype=np.int64, count=len(items))
            self._index.add(key, ids, vecs)
        self._last_seq = max(self._last_seq, max(row[0] for row in rows))

    def _unindex(self, removed: list[tuple[int, str, str]]) -> None:
        grouped: dict[tuple[str, str], list[int]] = {}
        for entry_seq, namespace, llm_key in removed:
            grouped.setdefault((namespace, llm_key), []).append(entry_seq)
        for key, seqs in grouped.items():
            # Rows deleted before we indexed them are unknown to the index: ignored.
            self._index.remove(key, seqs)

    def _sync(self, *, force: bool = False) -> None:
        """Bring the in-process indexes up to date with the database (lock held)."""
        conn = self._db()
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        if not force and version == self._data_version:
            return
        own_txn = not conn.in_transaction
        if own_txn:
            conn.execute("BEGIN")
        try:
            adds, removed, rebuild = self._read_changes()
            if own_txn:
                conn.execute("COMMIT")
        except BaseException:
            if own_txn and conn.in_transaction:
                conn.execute("ROLLBACK")
            self._reset_index_state()  # half-read changes: start over on the next call
            raise
        self._apply_changes(adds, removed, rebuild)
        self._data_version = version

    def _read_changes(
        self,
    ) -> tuple[list[tuple[int, str, str, bytes]], list[tuple[int, str, str]], bool]:
        """Rows and deletions committed since the last sync (inside a transaction)."""
        conn = self._db()
        dim = self._read_dim()
        pruned = conn.execute("SELECT value FROM meta WHERE key = 'del_pruned_upto'").fetchone()
        pruned_upto = int(pruned[0]) if pruned else 0
        rebuild = (
            self._dim is not None and dim != self._dim
        ) or pruned_upto > self._last_del_seq
        since = 0 if rebuild else self._last_seq
        if rebuild:
            self._last_seq = 0
        self._dim = dim
        adds = conn.execute(
            "SELECT seq, namespace, llm_key, embedding FROM entries WHERE seq > ? ORDER BY seq",
            (since,),
        ).fetchall()
        if rebuild:
            removed: list[tuple[int, str, str]] = []
            row = conn.execute("SELECT max(seq) FROM deletions").fetchone()
            self._last_del_seq = max(int(row[0] or 0), pruned_upto)
        else:
            dels = conn.execute(
                "SELECT seq, entry_seq, namespace, llm_key FROM deletions WHERE seq > ? ORDER BY seq",
                (self._last_del_seq,),
            ).fetchall()
            removed = [(d[1], d[2], d[3]) for d in dels]
            if dels:
                self._last_del_seq = dels[-1][0]
        return adds, removed, rebuild

    def _apply_changes(
        self,
        adds: list[tuple[int, str, str, bytes]],
        removed: list[tuple[int, str, str]],
        rebuild: bool,
    ) -> None:
        try:
            self._apply_changes_unsafe(adds, removed, rebuild)
        except BaseException:
            # e.g. a corrupt embedding: never keep a half-updated index (it could hold
            # duplicates); the next call rebuilds from the database (and fails again if
            # the row is still corrupt).
            self._reset_index_state()
            raise

    def _apply_changes_unsafe(
        self,
        adds: list[tuple[int, str, str, bytes]],
        removed: list[tuple[int, str, str]],
        rebuild: bool,
    ) -> None:
        if rebuild:
            self._index.drop()
        self._unindex(removed)
        self._index_rows(adds)

    def _maybe_prune_log(self, conn: sqlite3.Connection) -> None:
        self._writes += 1
        if self._writes % 500:
            return
        row = conn.execute("SELECT max(seq) FROM deletions").fetchone()
        top = int(row[0] or 0)
        cut = top - DELETION_LOG_KEEP
        if cut > 0:
            conn.execute("DELETE FROM deletions WHERE seq <= ?", (cut,))
            conn.execute(
                "UPDATE meta SET value = max(value, ?) WHERE key = 'del_pruned_upto'", (cut,)
            )

    def integrity_check(self) -> list[str]:
        """SQLite's ``PRAGMA integrity_check`` plus the store's own invariants; [] if sound."""
        with self._lock:
            conn = self._db()
            # One read snapshot: other processes may commit between two statements otherwise.
            conn.execute("BEGIN")
            try:
                problems = [
                    row[0] for row in conn.execute("PRAGMA integrity_check").fetchall() if row[0] != "ok"
                ]
                total = conn.execute("SELECT count(*) FROM entries").fetchone()[0]
                counter = conn.execute("SELECT value FROM meta WHERE key = 'count'").fetchone()[0]
                if total != counter:
                    problems.append(f"entry counter {counter} != {total} rows")
                self._sync(force=True)
                indexed = self._index.total_live()
                if indexed != total:
                    problems.append(f"index holds {indexed} vectors, table {total} rows")
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")
            return problems
