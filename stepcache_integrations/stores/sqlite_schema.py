"""SQLiteStore schema (version 1) and its creation / version check.

Layout::

    meta(key, value)            schema_version, dim, count (kept by triggers), del_pruned_upto
    entries(seq, id, namespace, llm_key, created_at, last_used_at, last_hit_at, hits,
            expires_at, entry JSON, embedding float32 BLOB)
    deletions(seq, entry_seq, namespace, llm_key)   written by a trigger on every delete
"""

from __future__ import annotations

import os
import sqlite3

from ..errors import StoreError

__all__ = ["FORMAT", "SCHEMA", "SCHEMA_VERSION", "ensure_schema", "file_bytes", "open_connection"]

SCHEMA_VERSION = 1
FORMAT = "stepcache-sqlite"

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value)",
    """CREATE TABLE IF NOT EXISTS entries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        namespace TEXT NOT NULL,
        llm_key TEXT NOT NULL,
        created_at REAL NOT NULL,
        last_used_at REAL NOT NULL,
        last_hit_at REAL,
        hits INTEGER NOT NULL DEFAULT 0,
        expires_at REAL,
        entry TEXT NOT NULL,
        embedding BLOB NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS entries_partition ON entries (namespace, llm_key)",
    "CREATE INDEX IF NOT EXISTS entries_lru ON entries (last_used_at)",
    "CREATE INDEX IF NOT EXISTS entries_expiry ON entries (expires_at) WHERE expires_at IS NOT NULL",
    """CREATE TABLE IF NOT EXISTS deletions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        entry_seq INTEGER NOT NULL,
        namespace TEXT NOT NULL,
        llm_key TEXT NOT NULL
    )""",
    """CREATE TRIGGER IF NOT EXISTS entries_after_insert AFTER INSERT ON entries BEGIN
        UPDATE meta SET value = value + 1 WHERE key = 'count';
    END""",
    """CREATE TRIGGER IF NOT EXISTS entries_after_delete AFTER DELETE ON entries BEGIN
        UPDATE meta SET value = value - 1 WHERE key = 'count';
        INSERT INTO deletions (entry_seq, namespace, llm_key)
            VALUES (old.seq, old.namespace, old.llm_key);
    END""",
]


def open_connection(path: str, busy_timeout: float, synchronous: str) -> sqlite3.Connection:
    """Open ``path`` in WAL mode with the store's pragmas (StoreError if it cannot)."""
    try:
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        conn = sqlite3.connect(
            path,
            timeout=busy_timeout,
            isolation_level=None,  # explicit BEGIN/COMMIT only
            check_same_thread=False,
        )
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"cannot open SQLite store {path!r}: {exc}") from exc
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if path != ":memory:" and str(mode).lower() != "wal":
            raise StoreError(f"cannot switch {path!r} to WAL mode (got {mode})")
        conn.execute(f"PRAGMA synchronous = {synchronous}")
        conn.execute("PRAGMA trusted_schema = OFF")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise StoreError(f"{path!r} is not a usable StepCache SQLite store: {exc}") from exc
    except StoreError:
        conn.close()
        raise
    return conn


def ensure_schema(conn: sqlite3.Connection, path: str) -> None:
    """Create the schema in an empty file, or check a StepCache file's version (one
    IMMEDIATE transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        tables = {
            row[0]
            for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if tables and "meta" not in tables:
            raise StoreError(f"{path!r} is an SQLite file but not a StepCache store")
        for statement in SCHEMA:
            conn.execute(statement)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        version = meta.get("schema_version")
        if version is None:
            conn.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [
                    ("format", FORMAT),
                    ("schema_version", SCHEMA_VERSION),
                    ("count", conn.execute("SELECT count(*) FROM entries").fetchone()[0]),
                    ("del_pruned_upto", 0),
                ],
            )
        elif not isinstance(version, int) or version > SCHEMA_VERSION:
            raise StoreError(
                f"{path!r} has schema version {version!r}; this version of "
                f"stepcache_integrations reads up to {SCHEMA_VERSION}"
            )
        # (future migrations: if version < SCHEMA_VERSION: apply steps, bump version)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def file_bytes(path: str) -> int:
    """Size of the database with its WAL and shared-memory files (0 for ``:memory:``)."""
    size = 0
    if path != ":memory:":
        for suffix in ("", "-wal", "-shm"):
            try:
                size += os.path.getsize(path + suffix)
            except OSError:
                pass
    return size
