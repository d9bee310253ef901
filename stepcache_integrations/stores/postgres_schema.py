"""PostgresStore schema: the entries table, its indexes and versioned migrations.

The schema is created on first use and migrated through the ``stepcache_schema`` table
(one row per entries table: version, dimension), under an advisory lock so that many
workers can start at once.
"""

from __future__ import annotations

import re
import zlib
from typing import Any

from ..errors import StoreError

__all__ = ["SCHEMA_TABLE", "SCHEMA_VERSION", "check_dim", "ensure_schema", "migrations", "valid_table"]

SCHEMA_VERSION = 2
SCHEMA_TABLE = "stepcache_schema"
SCHEMA_LOCK = zlib.crc32(b"stepcache:schema") & 0x7FFFFFFF
_IDENT = re.compile(r"^[a-z_][a-z0-9_]{0,40}$")
HNSW_MAX_DIM = 2000  # pgvector's limit for HNSW on the vector type


def valid_table(table: str) -> bool:
    """Whether ``table`` is a usable entries table name."""
    return bool(_IDENT.match(table)) and table != SCHEMA_TABLE


def migrations(table: str, dim: int, m: int, ef_construction: int) -> dict[int, list[str]]:
    """SQL to go from version ``v - 1`` to ``v``."""
    hnsw = (
        f"CREATE INDEX IF NOT EXISTS {table}_embedding_hnsw ON {table} "
        f"USING hnsw (embedding vector_cosine_ops) WITH (m = {m}, ef_construction = {ef_construction})"
    )
    return {
        1: [
            f"""CREATE TABLE IF NOT EXISTS {table} (
                id text PRIMARY KEY,
                namespace text NOT NULL,
                llm_key text NOT NULL,
                prompt text NOT NULL,
                task text NOT NULL,
                constraints jsonb NOT NULL DEFAULT '{{}}'::jsonb,
                steps jsonb NOT NULL,
                metadata jsonb NOT NULL DEFAULT '{{}}'::jsonb,
                prompt_tokens integer NOT NULL DEFAULT 0,
                completion_tokens integer NOT NULL DEFAULT 0,
                embedding vector({dim}) NOT NULL,
                created_at timestamptz NOT NULL,
                last_hit_at timestamptz,
                hits bigint NOT NULL DEFAULT 0,
                expires_at timestamptz,
                last_used_at timestamptz NOT NULL
            )""",
            *([hnsw] if dim <= HNSW_MAX_DIM else []),
            f"CREATE INDEX IF NOT EXISTS {table}_partition ON {table} (namespace, llm_key)",
            f"CREATE INDEX IF NOT EXISTS {table}_lru ON {table} (last_used_at)",
            f"CREATE INDEX IF NOT EXISTS {table}_expiry ON {table} (expires_at) "
            "WHERE expires_at IS NOT NULL",
        ],
        # The problem-key tier's dictionary (core.problem_keys): the entries under a lookup key.
        2: [f"CREATE INDEX IF NOT EXISTS {table}_lookup_keys ON {table} USING gin ((metadata -> 'lookup_keys'))"],
    }


def check_dim(table: str, have: int, want: int | None) -> None:
    """Raise StoreError if ``want`` is given and differs from the table's dimension."""
    if want is not None and want != have:
        raise StoreError(
            f"vector has dimension {want}, table {table} holds {have} "
            "(use another table for another embedder)"
        )


def schema_row(conn: Any, table: str) -> tuple[int, int] | None:
    """``(version, dim)`` of ``table``, or None if it has no schema yet."""
    exists = conn.execute("SELECT to_regclass(%s)", (SCHEMA_TABLE,)).fetchone()[0]
    if exists is None:
        return None
    row = conn.execute(
        f"SELECT version, dim FROM {SCHEMA_TABLE} WHERE table_name = %s", (table,)
    ).fetchone()
    return None if row is None else (int(row[0]), int(row[1]))


def create_extension(conn: Any) -> None:
    """Create pgvector's extension unless it exists (one worker at a time)."""
    with conn.transaction():
        exists = conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone()
        if not exists:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")


def ensure_schema(conn: Any, table: str, dim: int | None, *, m: int, ef_construction: int) -> int | None:
    """Read (or create / migrate) ``table``'s schema; return its dimension (None: no
    schema yet and no ``dim`` to create one with)."""
    with conn.transaction():
        row = schema_row(conn, table)
        if row is None and dim is None:
            return None  # nothing stored yet and nothing to create
        if row is not None and row[0] == SCHEMA_VERSION:
            check_dim(table, row[1], dim)
            return row[1]
        # Create or migrate, one worker at a time (CREATE ... IF NOT EXISTS races).
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} (table_name text PRIMARY KEY, "
            "version integer NOT NULL, dim integer NOT NULL, "
            "created_at timestamptz NOT NULL DEFAULT now())"
        )
        row = schema_row(conn, table)  # re-read under the lock
        version, have_dim = (row[0], row[1]) if row else (0, dim)
        assert have_dim is not None
        check_dim(table, have_dim, dim)
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"table {table} has schema version {version}; this version of "
                f"stepcache_integrations supports up to {SCHEMA_VERSION}"
            )
        steps = migrations(table, have_dim, m, ef_construction)
        for v in range(version + 1, SCHEMA_VERSION + 1):
            for statement in steps[v]:
                conn.execute(statement)
        conn.execute(
            f"INSERT INTO {SCHEMA_TABLE} (table_name, version, dim) VALUES (%s, %s, %s) "
            "ON CONFLICT (table_name) DO UPDATE SET version = EXCLUDED.version",
            (table, SCHEMA_VERSION, have_dim),
        )
        return have_dim


def drop_table(conn: Any, table: str) -> None:
    """Drop ``table`` and its schema row."""
    conn.execute(f"DROP TABLE IF EXISTS {table}")
    if conn.execute("SELECT to_regclass(%s)", (SCHEMA_TABLE,)).fetchone()[0]:
        conn.execute(f"DELETE FROM {SCHEMA_TABLE} WHERE table_name = %s", (table,))
