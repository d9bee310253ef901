"""SQLiteStore's in-process index, kept in step with the database by sequence numbers.

A :class:`SQLiteIndex` is owned by one ``SQLiteStore``: it holds the store's
:class:`~stores.vector_index.PartitionedIndex` and how far into the database it has read.
The index ids are ``entries.seq`` (AUTOINCREMENT, never reused). Before every search the
store checks ``PRAGMA data_version``; when another connection committed, it loads rows
with a larger ``seq`` and applies new ``deletions`` rows, so several processes can share
one file. A process further behind than the pruned deletion log rebuilds its index.

Beside the vectors it keeps the problem-key tier's dictionary (``core.problem_keys``): each row's
lookup keys, read from its entry's metadata with the vector, so the dictionary is rebuilt from
the rows on open and follows every insert and deletion exactly as the vector index does.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core.problem_keys import entry_lookup_keys
from ..errors import StoreError
from .base import vector_from_blob
from .vector_index import PartitionedIndex

__all__ = ["DELETION_LOG_KEEP", "Changes", "SQLiteIndex"]

# Keep at most this many deletion-log rows; a process further behind rebuilds its index.
DELETION_LOG_KEEP = 20_000

Row = tuple[int, str, str, bytes, str | None]  # seq, namespace, llm_key, embedding blob, lookup keys (JSON)
Key = tuple[str, str, str]  # namespace, llm_key, lookup key

# The lookup keys of a row's entry, as JSON text (NULL for an entry that is not valid JSON: the
# row's own reads report it; the index just does not key it).
_KEYS_SQL = "CASE WHEN json_valid(entry) THEN json_extract(entry, '$.metadata.lookup_keys') END"
Removed = tuple[int, str, str]  # entry seq, namespace, llm_key


@dataclass
class Changes:
    """What was committed since the last sync, read inside a transaction and applied after
    it: nothing of the index or its read positions changes until :meth:`SQLiteIndex.apply`."""

    adds: list[Row]
    removed: list[Removed]
    rebuild: bool
    dim: int | None
    last_del_seq: int


class SQLiteIndex:
    """The vectors of one SQLite store, indexed in process.

    ``db`` returns the store's connection (it may reconnect, which resets and reloads this
    index); the caller holds the store's lock around every call."""

    def __init__(self, index: PartitionedIndex, path: str, db: Callable[[], sqlite3.Connection]) -> None:
        self.index = index
        self.path = path
        self._db = db
        self._writes = 0
        self.reset()

    def reset(self) -> None:
        """Forget every vector and read position: the next sync reloads the database."""
        self.index.drop()
        self.keyed: dict[Key, dict[int, None]] = {}  # lookup key -> row seqs, in the order added
        self.keys_of: dict[int, tuple[Key, ...]] = {}
        self.dim: int | None = None
        self.last_seq = 0
        self.last_del_seq = 0
        self.data_version: int | None = None

    def read_dim(self) -> int | None:
        row = self._db().execute("SELECT value FROM meta WHERE key = 'dim'").fetchone()
        if row is None:
            return None
        if not isinstance(row[0], int) or row[0] <= 0:
            raise StoreError(f"corrupt store {self.path!r}: invalid dimension {row[0]!r}")
        return int(row[0])

    def sync(self, *, force: bool = False) -> None:
        """Bring the index up to date with the database."""
        conn = self._db()
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        if not force and version == self.data_version:
            return
        own_txn = not conn.in_transaction
        if own_txn:
            conn.execute("BEGIN")
        try:
            changes = self.read_changes()
            if own_txn:
                conn.execute("COMMIT")
        except BaseException:
            if own_txn and conn.in_transaction:
                conn.execute("ROLLBACK")
            self.reset()  # half-read changes: start over on the next call
            raise
        self.apply(changes, version)

    def read_changes(self) -> Changes:
        """Rows and deletions committed since the last sync (inside a transaction)."""
        conn = self._db()
        dim = self.read_dim()
        pruned = conn.execute("SELECT value FROM meta WHERE key = 'del_pruned_upto'").fetchone()
        pruned_upto = int(pruned[0]) if pruned else 0
        rebuild = (self.dim is not None and dim != self.dim) or pruned_upto > self.last_del_seq
        adds = conn.execute(
            f"SELECT seq, namespace, llm_key, embedding, {_KEYS_SQL} FROM entries WHERE seq > ? ORDER BY seq",
            (0 if rebuild else self.last_seq,),
        ).fetchall()
        removed: list[Removed] = []
        last_del_seq = self.last_del_seq
        if rebuild:
            row = conn.execute("SELECT max(seq) FROM deletions").fetchone()
            last_del_seq = max(int(row[0] or 0), pruned_upto)
        else:
            dels = conn.execute(
                "SELECT seq, entry_seq, namespace, llm_key FROM deletions WHERE seq > ? ORDER BY seq",
                (self.last_del_seq,),
            ).fetchall()
            removed = [(d[1], d[2], d[3]) for d in dels]
            if dels:
                last_del_seq = dels[-1][0]
        return Changes(adds, removed, rebuild, dim, last_del_seq)

    def apply(self, changes: Changes, version: int | None) -> None:
        """Fold read changes into the index; ``version``: the ``data_version`` they reach."""
        if changes.rebuild:
            self.last_seq = 0
            self.index.drop()
            self.keyed, self.keys_of = {}, {}
        self.dim = changes.dim
        self.last_del_seq = changes.last_del_seq
        try:
            self._unindex(changes.removed)
            self._index_rows(changes.adds)
        except BaseException:
            # e.g. a corrupt embedding: never keep a half-updated index (it could hold
            # duplicates); the next call rebuilds from the database (and fails again if
            # the row is still corrupt).
            self.reset()
            raise
        self.data_version = version

    def _index_rows(self, rows: list[Row]) -> None:
        if not rows:
            return
        assert self.dim is not None
        grouped: dict[tuple[str, str], list[tuple[int, bytes]]] = {}
        for seq, namespace, llm_key, blob, keys in rows:
            grouped.setdefault((namespace, llm_key), []).append((seq, blob))
            self._key_row(seq, namespace, llm_key, keys)
        for key, items in grouped.items():
            vecs = np.empty((len(items), self.dim), dtype=np.float32)
            for i, (seq, blob) in enumerate(items):
                vecs[i] = vector_from_blob(blob, self.dim, where=f"{self.path!r} row {seq}")
            ids = np.fromiter((seq for seq, _ in items), dtype=np.int64, count=len(items))
            self.index.add(key, ids, vecs)
        self.last_seq = max(self.last_seq, max(row[0] for row in rows))

    def _key_row(self, seq: int, namespace: str, llm_key: str, keys_json: str | None) -> None:
        if not keys_json:
            return
        try:
            keys = entry_lookup_keys({"lookup_keys": json.loads(keys_json)})
        except ValueError:
            return
        own = tuple((namespace, llm_key, key) for key in keys)
        if own:
            self.keys_of[seq] = own
            for key in own:
                self.keyed.setdefault(key, {})[seq] = None

    def _unkey_row(self, seq: int) -> None:
        for key in self.keys_of.pop(seq, ()):
            seqs = self.keyed.get(key)
            if seqs is not None:
                seqs.pop(seq, None)
                if not seqs:
                    del self.keyed[key]

    def keyed_seqs(self, key: Key) -> list[int]:
        """The row seqs indexed under a lookup key, newest first (the rows decide what is live)."""
        return list(reversed(self.keyed.get(key, {})))

    def _unindex(self, removed: list[Removed]) -> None:
        grouped: dict[tuple[str, str], list[int]] = {}
        for entry_seq, namespace, llm_key in removed:
            grouped.setdefault((namespace, llm_key), []).append(entry_seq)
            self._unkey_row(entry_seq)
        for key, seqs in grouped.items():
            # Rows deleted before we indexed them are unknown to the index: ignored.
            self.index.remove(key, seqs)

    def prune_log(self, conn: sqlite3.Connection) -> None:
        """Every 500 writes (inside the write's transaction), cut the deletion log to
        :data:`DELETION_LOG_KEEP` rows."""
        self._writes += 1
        if self._writes % 500:
            return
        row = conn.execute("SELECT max(seq) FROM deletions").fetchone()
        cut = int(row[0] or 0) - DELETION_LOG_KEEP
        if cut > 0:
            conn.execute("DELETE FROM deletions WHERE seq <= ?", (cut,))
            conn.execute(
                "UPDATE meta SET value = max(value, ?) WHERE key = 'del_pruned_upto'", (cut,)
            )

    def integrity_problems(self, conn: sqlite3.Connection) -> list[str]:
        """SQLite's ``PRAGMA integrity_check`` plus the store's own invariants, read in one
        snapshot (``conn`` inside a transaction); [] if sound."""
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall() if row[0] != "ok"]
        total = conn.execute("SELECT count(*) FROM entries").fetchone()[0]
        counter = conn.execute("SELECT value FROM meta WHERE key = 'count'").fetchone()[0]
        if total != counter:
            problems.append(f"entry counter {counter} != {total} rows")
        self.sync(force=True)
        indexed = self.index.total_live()
        if indexed != total:
            problems.append(f"index holds {indexed} vectors, table {total} rows")
        return problems
