"""SQLiteStore schema (version 1), its creation / version check, and the connections.

A store opened read-only (``SQLiteStore(read_only=True)``, the CLI's read commands) is
never written and leaves no file behind: :func:`read_only_uri` opens it with
``mode=ro``, and with ``immutable=1`` when no ``-wal`` (or ``-journal``) file exists -
then no other connection has the database open, every row is in the main file, and SQLite
reads it without creating the ``-wal`` and ``-shm`` files a read-only connection could
not remove again (nor does it need a writable directory). With a ``-wal`` file present,
``mode=ro`` reads the live WAL through the files that are already there. The store
re-opens an immutable connection when the file changes under it (see ``SQLiteStore``).

Layout::

    meta(key, value)            schema_version, dim, count (kept by triggers), del_pruned_upto
    entries(seq, id, namespace, llm_key, created_at, last_used_at, last_hit_at, hits,
            expires_at, entry JSON, embedding float32 BLOB)
    deletions(seq, entry_seq, namespace, llm_key)   written by a trigger on every delete
"""

from __future__ import annotations

import os
import sqlite3
from urllib.parse import quote

from ..errors import StoreError

__all__ = [
    "FORMAT",
    "SCHEMA",
    "SCHEMA_VERSION",
    "check_schema",
    "ensure_schema",
    "file_bytes",
    "open_connection",
    "not_writable",
    "read_only_uri",
    "unusable",
]

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


def read_only_uri(path: str) -> tuple[str, bool]:
    """The SQLite URI that opens ``path`` read-only, and whether it is ``immutable``."""
    full = os.path.abspath(path)
    live = any(os.path.exists(full + suffix) for suffix in ("-wal", "-journal"))
    uri = "file:" + quote(full) + "?mode=ro" + ("" if live else "&immutable=1")
    return uri, not live


def open_connection(
    path: str, busy_timeout: float, synchronous: str, *, read_only: bool = False
) -> sqlite3.Connection:
    """Open ``path`` in WAL mode with the store's pragmas (StoreError if it cannot).

    ``read_only``: through :func:`read_only_uri` - no WAL switch, no directory or file
    created, and SQLite refuses every write on the connection."""
    if read_only and path == ":memory:":
        raise StoreError("a private ':memory:' SQLite store cannot be opened read-only")
    try:
        if read_only:
            uri, _immutable = read_only_uri(path)
            conn = sqlite3.connect(
                uri, uri=True, timeout=busy_timeout, isolation_level=None, check_same_thread=False
            )
        else:
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
        if read_only:
            conn.execute("PRAGMA query_only = ON")
        else:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if path != ":memory:" and str(mode).lower() != "wal":
                raise StoreError(f"cannot switch {path!r} to WAL mode (got {mode})")
            conn.execute(f"PRAGMA synchronous = {synchronous}")
        conn.execute("PRAGMA trusted_schema = OFF")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise unusable(path, exc) from exc
    except StoreError:
        conn.close()
        raise
    return conn


def unusable(path: str, exc: sqlite3.DatabaseError) -> StoreError:
    """The StoreError for a database error while opening ``path``: a file this process may
    not write (0444, a read-only directory) is named as such, not as a bad file."""
    if "readonly" in str(exc):
        return not_writable(path, str(exc))
    return StoreError(f"{path!r} is not a usable StepCache SQLite store: {exc}")


def not_writable(path: str, why: str) -> StoreError:
    """``path`` exists but this process may not write it."""
    return StoreError(
        f"SQLite store {path!r} cannot be written here ({why}); open it read-only "
        "(read_only=True; the stats, list, show and export commands do) to read it"
    )


def check_schema(conn: sqlite3.Connection, path: str) -> None:
    """Check, without writing, that ``conn`` holds a StepCache store this version reads
    (StoreError otherwise: an empty file or database, another application's database, a
    newer schema)."""
    conn.execute("BEGIN")
    try:
        tables = {
            row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if not tables:
            raise StoreError(f"{path!r} is empty: no StepCache store has been written to it")
        if not {"meta", "entries", "deletions"} <= tables:
            raise StoreError(f"{path!r} is an SQLite file but not a StepCache store")
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    finally:
        conn.execute("COMMIT")
    version = meta.get("schema_version")
    if version is None:
        raise StoreError(f"{path!r} is an SQLite file but not a StepCache store (no schema version)")
    _check_version(path, version)
    if version < SCHEMA_VERSION:  # pragma: no cover - no older version exists yet
        raise StoreError(
            f"{path!r} has schema version {version}; open it writable once to upgrade it"
        )


def _check_version(path: str, version: object) -> None:
    if not isinstance(version, int) or version > SCHEMA_VERSION:
        raise StoreError(
            f"{path!r} has schema version {version!r}; this version of "
            f"stepcache_integrations reads up to {SCHEMA_VERSION}"
        )


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
        else:
            _check_version(path, version)
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
