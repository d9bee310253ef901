"""Shared multi-host store: PostgreSQL + pgvector (psycopg 3, one connection pool).

One row per entry; k-NN runs in SQL on an HNSW cosine index with the namespace, model
and expiry filters *inside* the query (pgvector iterative index scans keep scanning
until ``k`` rows pass the filter, so a busy neighbouring tenant cannot hide a valid
hit). Every write is one transaction. Schema and migrations: ``stores.postgres_schema``;
statements: ``stores.postgres_sql``. The async API is the base class's: each call runs
the sync method in a worker thread, so both share one implementation and one pool.

Needs ``pip install 'stepcache-integrations[postgres]'`` and a database where the
``vector`` extension exists or can be created.
"""

from __future__ import annotations

import os
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from ..core.types import CacheEntry, CacheHit
from ..errors import StoreError
from . import postgres_schema as schema
from .base import CacheStore
from .base import check_vector, redact_url
from .postgres_dsn import check_dsn
from .postgres_sql import FORCE_INDEX, TableSQL, session_sql, to_numpy, ts

try:  # optional dependency
    import psycopg
    from pgvector.psycopg import register_vector
    from psycopg.types.json import Jsonb
    from psycopg_pool import ConnectionPool, PoolTimeout
except ImportError as _exc:  # pragma: no cover - exercised only without the extra
    psycopg = None  # type: ignore[assignment]
    _IMPORT_ERROR: ImportError | None = _exc
else:
    _IMPORT_ERROR = None

__all__ = ["PostgresStore", "check_dsn"]

SCHEMA_VERSION = schema.SCHEMA_VERSION


class PostgresStore(CacheStore):
    """Entries in one PostgreSQL table with a pgvector HNSW index, shared by any number
    of processes and hosts.

    Args:
        dsn: libpq connection string or URL (``postgresql://user:pw@host:5432/db``).
        table: table name (one table holds one embedding dimension).
        dim: embedding dimension; otherwise taken from the first entry added.
        max_entries: keep at most this many entries (all namespaces); least recently
            used are evicted on insert.
        default_ttl: seconds until a new entry expires (None: never).
        min_size, max_size: connection pool bounds (per process; sync and async calls
            share the pool).
        ef_search: HNSW candidate list size per query (recall vs speed).
        iterative_scan: pgvector >= 0.8 ``hnsw.iterative_scan`` mode used so filtered
            queries keep scanning until ``k`` rows match (``"strict_order"``,
            ``"relaxed_order"`` or ``"off"``).
        exact_search_max: a ``(namespace, llm_key)`` with at most this many rows is searched
            exactly (through its btree index); a larger one always through the HNSW index.
            PostgreSQL's planner otherwise picks a sequential scan + sort for tables of
            ~10k rows (measured: 32 ms per lookup at 10k rows vs ~1 ms on the index).
    """

    def __init__(
        self,
        dsn: str,
        *,
        table: str = "stepcache_entries",
        dim: int | None = None,
        max_entries: int | None = None,
        default_ttl: float | None = None,
        min_size: int = 1,
        max_size: int = 8,
        hnsw_m: int = 16,
        ef_construction: int = 64,
        ef_search: int = 100,
        iterative_scan: str = "strict_order",
        connect_timeout: float = 10.0,
        create_extension: bool = True,
        exact_search_max: int = 2000,
    ) -> None:
        if _IMPORT_ERROR is not None:
            raise StoreError(
                "PostgresStore needs psycopg and pgvector: "
                "pip install 'stepcache-integrations[postgres]'"
            ) from _IMPORT_ERROR
        if not schema.valid_table(table):
            raise StoreError(f"invalid table name {table!r} (lowercase letters, digits, _)")
        if max_entries is not None and max_entries < 1:
            raise StoreError("max_entries must be >= 1")
        if iterative_scan not in ("strict_order", "relaxed_order", "off"):
            raise StoreError(f"invalid iterative_scan {iterative_scan!r}")
        if dim is not None and dim < 1:
            raise StoreError("dim must be >= 1")
        check_dsn(dsn)
        self.dsn = dsn
        self.table = table
        self.max_entries = max_entries
        self.default_ttl = default_ttl
        self.min_size = min_size
        self.max_size = max_size
        self.hnsw_m = hnsw_m
        self.ef_construction = ef_construction
        self.ef_search = int(ef_search)
        self.iterative_scan = iterative_scan
        self.connect_timeout = connect_timeout
        self.create_extension = create_extension
        self.exact_search_max = exact_search_max
        self.sql = TableSQL(table)
        # (namespace, llm_key) -> (partition holds more than exact_search_max rows, checked at)
        self._big: dict[tuple[str, str], tuple[bool, float]] = {}
        self._dim: int | None = None
        self._lock = threading.Lock()
        self._pool: Any = None
        self._pid = os.getpid()
        self._closed = False
        self._lock_key = zlib.crc32(f"stepcache:{table}".encode()) & 0x7FFFFFFF
        self._bootstrap(dim)

    # -- connections -----------------------------------------------------------------------
    @contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        try:
            yield
        except StoreError:
            raise
        except UnicodeError as exc:  # a host name the resolver cannot encode
            raise StoreError(
                f"PostgreSQL store {redact_url(self.dsn)!r} {what} failed: malformed host name ({exc})"
            ) from exc
        except (psycopg.Error, PoolTimeout) as exc:
            if isinstance(exc, PoolTimeout):
                self._reset_pool()
            elif isinstance(exc, psycopg.OperationalError):
                self._drop_dead_connections()
            raise StoreError(
                f"PostgreSQL store {redact_url(self.dsn)!r} {what} failed: {exc}".strip()
            ) from exc

    @contextmanager
    def _conn(self, what: str) -> Iterator[Any]:
        """A pooled connection; psycopg and pool errors become StoreError."""
        with self._errors(what), self._get_pool().connection() as conn:
            yield conn

    def _reset_pool(self) -> None:
        """No connection within the timeout: the server was unreachable and the pool is
        backing off its reconnection attempts (seconds, growing). Start over with a new pool
        on the next request, which connects at once if the server is back."""
        pool, self._pool = self._pool, None  # no lock: _get_pool may hold it
        if pool is not None and self._pid == os.getpid():
            threading.Thread(target=pool.close, kwargs={"timeout": 1.0}, daemon=True).start()

    def _drop_dead_connections(self) -> None:
        """After a server restart every idle pooled connection is dead; without this each one
        would fail a request in turn. ``check`` tests the idle ones and replaces the dead."""
        pool = self._pool
        if pool is not None and self._pid == os.getpid():
            try:
                pool.check()
            except Exception:  # noqa: BLE001 - best effort; the original error is raised
                pass

    def _configure(self, conn: Any) -> None:
        register_vector(conn)
        for statement in session_sql(self.ef_search, self.iterative_scan):
            try:
                conn.execute(statement)
            except psycopg.errors.InvalidParameterValue:  # older pgvector: no iterative scans
                conn.rollback()
        conn.commit()

    def _bootstrap(self, dim: int | None) -> None:
        """Create the extension and (when the dimension is known) the schema."""
        with self._errors("connect"):
            with psycopg.connect(self.dsn, connect_timeout=int(self.connect_timeout)) as conn:
                if self.create_extension:
                    schema.create_extension(conn)
                self._ensure_schema(conn, dim)

    def _ensure_schema(self, conn: Any, dim: int | None) -> None:
        have = schema.ensure_schema(
            conn, self.table, dim, m=self.hnsw_m, ef_construction=self.ef_construction
        )
        if have is not None:
            self._dim = have

    def _get_pool(self) -> Any:
        if self._closed:
            raise StoreError("store is closed")
        if self._pool is not None and self._pid == os.getpid():
            return self._pool
        with self._lock:
            if self._pid != os.getpid():  # forked: never touch the parent's sockets
                self._pid = os.getpid()
                self._pool = None
            if self._pool is None:
                self._pool = self._open_pool()
            return self._pool

    def _open_pool(self) -> Any:
        pool = ConnectionPool(
            self.dsn,
            min_size=self.min_size,
            max_size=self.max_size,
            kwargs={"connect_timeout": int(self.connect_timeout)},
            configure=self._configure,
            timeout=self.connect_timeout,
            open=False,
            name=f"stepcache-{self.table}",
        )
        try:
            pool.open(wait=True, timeout=self.connect_timeout)
        except BaseException as exc:
            pool.close(timeout=0)  # stop its background connection attempts
            if isinstance(exc, (psycopg.Error, PoolTimeout, UnicodeError)):
                raise StoreError(
                    f"PostgreSQL store {redact_url(self.dsn)!r} connect failed: {exc}"
                ) from exc
            raise
        return pool

    def _ready(self, dim: int | None = None) -> bool:
        """Whether the table exists (creating it when ``dim`` is given)."""
        if self._dim is not None:
            schema.check_dim(self.table, self._dim, dim)
            return True
        with self._conn("schema setup") as conn:
            self._ensure_schema(conn, dim)
        return self._dim is not None

    # -- search ------------------------------------------------------------------------------
    def _big_cached(self, key: tuple[str, str]) -> bool | None:
        """Cached size class: "large" for 60 s (only a clear shrinks a partition, and it
        resets the cache); "small" for 2 s, since a growing partition must move to the
        index soon (searching 10k rows exactly costs ~30 ms)."""
        item = self._big.get(key)
        if item is None or time.monotonic() - item[1] > (60.0 if item[0] else 2.0):
            return None
        return item[0]

    def _is_big(self, conn: Any, key: tuple[str, str]) -> bool:
        big = self._big_cached(key)
        if big is None:
            n = conn.execute(self.sql.partition_size, (*key, self.exact_search_max + 1)).fetchone()[0]
            big = n > self.exact_search_max
            self._big[key] = (big, time.monotonic())
        return big

    def _search_rows(self, conn: Any, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Exact search for a small partition; for a large one, force the HNSW index (no
        sequential scan, no sort), whose iterative scan applies the filters."""
        if not self._is_big(conn, (params["ns"], params["lk"])):
            return conn.execute(self.sql.search, params).fetchall()  # type: ignore[no-any-return]
        with conn.transaction():
            conn.execute(FORCE_INDEX)
            return conn.execute(self.sql.search, params).fetchall()  # type: ignore[no-any-return]

    def _search_params(self, vector: np.ndarray, namespace: str, llm_key: str, k: int) -> dict[str, Any]:
        vec = check_vector(vector, self._dim)
        return {"v": vec, "ns": namespace, "lk": llm_key, "now": ts(time.time()), "k": k}

    def search(
        self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int
    ) -> list[CacheHit]:
        if k <= 0 or not self._ready():
            return []
        params = self._search_params(vector, namespace, llm_key, k)
        for attempt in (1, 2):  # a read is retried once on a connection the server dropped
            try:
                with self._conn("search") as conn:
                    rows = self._search_rows(conn, params)
                break
            except StoreError as exc:
                if attempt == 2 or not isinstance(exc.__cause__, psycopg.OperationalError):
                    raise
        return [CacheHit(entry=self.sql.entry(r), similarity=1.0 - float(r[14])) for r in rows]

    def explain_search(self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int) -> str:
        """The query plan :meth:`search` uses for this partition (diagnostics)."""
        if not self._ready():
            return ""
        params = self._search_params(vector, namespace, llm_key, k)
        with self._conn("explain") as conn:
            self._search_rows(conn, {**params, "k": 1})  # refresh the size class
            with conn.transaction():
                if self._big_cached((namespace, llm_key)):
                    conn.execute(FORCE_INDEX)
                rows = conn.execute("EXPLAIN " + self.sql.search, params).fetchall()
        return "\n".join(r[0] for r in rows)

    # -- writes ------------------------------------------------------------------------------
    def add(self, entry: CacheEntry, vector: np.ndarray) -> str:
        vec = check_vector(vector, self._dim)
        self.stamp_expiry(entry)
        self._ready(int(vec.size))
        with self._conn("insert") as conn, conn.transaction():
            conn.execute(self.sql.insert, self.sql.insert_params(entry, vec, Jsonb))
            if self.purge_due():
                conn.execute(self.sql.purge, (ts(time.time()),))
            if self.max_entries is not None:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (self._lock_key,))
                excess = conn.execute(self.sql.count_all).fetchone()[0] - self.max_entries
                if excess > 0:
                    conn.execute(self.sql.evict, (entry.id, excess))
        return entry.id

    def record_hit(self, entry_id: str) -> None:
        if not self._ready():
            return
        now = ts(time.time())
        with self._conn("update") as conn:
            conn.execute(self.sql.record_hit, (now, now, entry_id))

    def delete(self, entry_id: str) -> bool:
        if not self._ready():
            return False
        with self._conn("delete") as conn:
            return bool(conn.execute(self.sql.delete, (entry_id,)).rowcount)

    def clear(self, namespace: str | None = None) -> int:
        if not self._ready():
            return 0
        self._big = {}
        with self._conn("clear") as conn:
            if namespace is None:
                return int(conn.execute(self.sql.clear_all).rowcount)
            return int(conn.execute(self.sql.clear_namespace, (namespace,)).rowcount)

    def purge_expired(self) -> int:
        """Delete every expired entry now; return how many."""
        if not self._ready():
            return 0
        with self._conn("purge") as conn:
            return int(conn.execute(self.sql.purge, (ts(time.time()),)).rowcount)

    # -- reads -------------------------------------------------------------------------------
    def get(self, entry_id: str) -> CacheEntry | None:
        if not self._ready():
            return None
        row = self._read(lambda conn: conn.execute(self.sql.get, (entry_id, ts(time.time()))).fetchone())
        return None if row is None else self.sql.entry(row)

    def find_keyed(self, key: str, *, namespace: str, llm_key: str, limit: int) -> list[CacheEntry]:
        """Live entries under a lookup key, in SQL through the table's GIN index on the entries'
        lookup keys (any ``limit`` of them: the table keeps no insertion order)."""
        if limit <= 0 or not self._ready():
            return []
        params = (namespace, llm_key, ts(time.time()), key, limit)
        rows = self._read(lambda conn: conn.execute(self.sql.find_keyed, params).fetchall())
        return [self.sql.entry(row) for row in rows]

    def _read(self, query: Any) -> Any:
        """``query(conn)`` on a pooled connection, retried once on a connection the server dropped
        (as :meth:`search`: after a restart each idle pooled connection is dead)."""
        for attempt in (1, 2):
            try:
                with self._conn("read") as conn:
                    return query(conn)
            except StoreError as exc:
                if attempt == 2 or not isinstance(exc.__cause__, psycopg.OperationalError):
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def count(self, namespace: str | None = None) -> int:
        if not self._ready():
            return 0
        sql, params = self.sql.count(namespace, time.time())
        with self._conn("count") as conn:
            return int(conn.execute(sql, params).fetchone()[0])

    def iter_items(self, namespace: str | None = None) -> Iterator[tuple[CacheEntry, np.ndarray]]:
        """Live entries with their vectors, in pages of 500 by id (no connection held
        while yielding)."""
        if not self._ready():
            return
        last = ""
        while True:
            sql, params = self.sql.page(last, namespace, time.time())
            with self._conn("read") as conn:
                rows = conn.execute(sql, params).fetchall()
            if not rows:
                return
            for row in rows:
                yield self.sql.entry(row), to_numpy(row[14])
            last = rows[-1][0]

    def stats(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "backend": "postgres",
            "dsn": redact_url(self.dsn),
            "table": self.table,
            "dim": self._dim,
            "entries": 0,
            "namespaces": {},
            "max_entries": self.max_entries,
            "default_ttl": self.default_ttl,
        }
        if not self._ready():
            return out
        now = ts(time.time())
        with self._conn("stats") as conn:
            rows = conn.execute(self.sql.per_namespace, (now,)).fetchall()
            expired = conn.execute(self.sql.expired, (now,)).fetchone()[0]
            size = conn.execute("SELECT pg_total_relation_size(%s)", (self.table,)).fetchone()[0]
            server = conn.execute("SHOW server_version").fetchone()[0]
            pgvector = conn.execute(
                "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
            ).fetchone()
        out.update(
            {
                "entries": sum(int(r[1]) for r in rows),
                "expired_pending_purge": int(expired),
                "hits": sum(int(r[2]) for r in rows),
                "namespaces": {r[0]: {"entries": int(r[1]), "hits": int(r[2])} for r in rows},
                "table_bytes": int(size),
                "server_version": server,
                "pgvector_version": pgvector[0] if pgvector else None,
                "schema_version": SCHEMA_VERSION,
            }
        )
        return out

    # -- lifecycle ---------------------------------------------------------------------------
    def close(self) -> None:
        """Close the connection pool."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None and self._pid == os.getpid():  # never a parent's sockets
            pool.close()

    def drop(self) -> None:
        """Drop the table and its schema row (tests, tear-down)."""
        with self._errors("drop"):
            with psycopg.connect(self.dsn, connect_timeout=int(self.connect_timeout)) as conn:
                schema.drop_table(conn, self.table)
        self._dim = None

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PostgresStore({redact_url(self.dsn)!r}, table={self.table!r})"
