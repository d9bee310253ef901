"""PostgresStore SQL: statements over one entries table and the row <-> entry mapping."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import numpy as np

from ..core.types import CacheEntry
from .base import entry_from_obj

__all__ = ["COLS", "FORCE_INDEX", "TableSQL", "epoch", "to_numpy", "ts"]

COLS = (
    "id, namespace, llm_key, prompt, task, constraints, steps, metadata, prompt_tokens, "
    "completion_tokens, created_at, last_hit_at, hits, expires_at"
)
N_COLS = 14
# Forces the HNSW index for a large partition (no sequential scan, no sort).
FORCE_INDEX = "SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off"


def ts(value: float | None) -> datetime | None:
    """Epoch seconds -> timestamptz parameter."""
    return None if value is None else datetime.fromtimestamp(value, timezone.utc)


def epoch(value: datetime | None) -> float | None:
    """timestamptz -> epoch seconds."""
    return None if value is None else value.timestamp()


def to_numpy(value: Any) -> np.ndarray:
    """A pgvector value (or sequence) -> float32 vector."""
    if hasattr(value, "to_numpy"):  # pgvector.Vector
        value = value.to_numpy()
    return np.asarray(value, dtype=np.float32).reshape(-1)


def session_sql(ef_search: int, iterative_scan: str) -> list[str]:
    """Per-connection settings of the HNSW scans."""
    sql = [f"SET hnsw.ef_search = {ef_search}"]
    if iterative_scan != "off":
        sql.append(f"SET hnsw.iterative_scan = {iterative_scan}")
    return sql


class TableSQL:
    """The statements of one entries table (the name is validated by the store)."""

    def __init__(self, table: str) -> None:
        self.table = table
        t = table
        cols = f"{COLS}, embedding, last_used_at"
        update = ", ".join(
            f"{c} = EXCLUDED.{c}" for c in cols.replace(" ", "").split(",") if c != "id"
        )
        self.insert = (
            f"INSERT INTO {t} ({cols}) VALUES ({', '.join(['%s'] * 16)}) "
            f"ON CONFLICT (id) DO UPDATE SET {update}"
        )
        self.search = (
            f"SELECT {COLS}, embedding <=> %(v)s AS distance FROM {t} "
            "WHERE namespace = %(ns)s AND llm_key = %(lk)s "
            "AND (expires_at IS NULL OR expires_at > %(now)s) "
            "ORDER BY embedding <=> %(v)s LIMIT %(k)s"
        )
        self.partition_size = (
            f"SELECT count(*) FROM (SELECT 1 FROM {t} WHERE namespace = %s "
            "AND llm_key = %s LIMIT %s) AS partition_rows"
        )
        self.count_all = f"SELECT count(*) FROM {t}"
        self.evict = (
            f"DELETE FROM {t} WHERE id IN (SELECT id FROM {t} WHERE id <> %s "
            "ORDER BY last_used_at, created_at LIMIT %s)"
        )
        self.purge = f"DELETE FROM {t} WHERE expires_at <= %s"
        self.get = (
            f"SELECT {COLS} FROM {t} WHERE id = %s AND (expires_at IS NULL OR expires_at > %s)"
        )
        self.find_keyed = (  # through the GIN index on the lookup keys (schema version 2)
            f"SELECT {COLS} FROM {t} WHERE namespace = %s AND llm_key = %s "
            "AND (expires_at IS NULL OR expires_at > %s) AND (metadata -> 'lookup_keys') ? %s "
            "ORDER BY created_at DESC, id DESC LIMIT %s"  # newest first, as the in-process stores
        )
        self.record_hit = (
            f"UPDATE {t} SET hits = hits + 1, last_hit_at = %s, last_used_at = %s WHERE id = %s"
        )
        self.delete = f"DELETE FROM {t} WHERE id = %s"
        self.clear_all = f"DELETE FROM {t}"
        self.clear_namespace = f"DELETE FROM {t} WHERE namespace = %s"
        self.per_namespace = (
            f"SELECT namespace, count(*), coalesce(sum(hits), 0) FROM {t} "
            "WHERE expires_at IS NULL OR expires_at > %s GROUP BY namespace ORDER BY namespace"
        )
        self.expired = f"SELECT count(*) FROM {t} WHERE expires_at <= %s"

    def count(self, namespace: str | None, now: float) -> tuple[str, tuple[Any, ...]]:
        """Live entries (of one namespace)."""
        sql = f"SELECT count(*) FROM {self.table} WHERE (expires_at IS NULL OR expires_at > %s)"
        params: tuple[Any, ...] = (ts(now),)
        if namespace is not None:
            sql += " AND namespace = %s"
            params += (namespace,)
        return sql, params

    def page(self, last: str, namespace: str | None, now: float) -> tuple[str, tuple[Any, ...]]:
        """The next 500 live entries with their vectors, by id after ``last``."""
        sql = (
            f"SELECT {COLS}, embedding FROM {self.table} WHERE id > %s "
            "AND (expires_at IS NULL OR expires_at > %s)"
        )
        params: tuple[Any, ...] = (last, ts(now))
        if namespace is not None:
            sql += " AND namespace = %s"
            params += (namespace,)
        return sql + " ORDER BY id LIMIT 500", params

    def entry(self, row: tuple[Any, ...]) -> CacheEntry:
        """A validated entry from the first 14 columns of a row."""
        names = [c.strip() for c in COLS.split(",")]
        obj = dict(zip(names, row[:N_COLS], strict=True))
        for name in ("created_at", "last_hit_at", "expires_at"):
            obj[name] = epoch(obj[name])
        return entry_from_obj(obj, where=f"table {self.table} row {row[0]!r}")

    @staticmethod
    def insert_params(entry: CacheEntry, vec: np.ndarray, jsonb: Any) -> tuple[Any, ...]:
        """Parameters of :attr:`insert`; ``jsonb`` wraps the JSON columns."""
        data = entry.model_dump(mode="json", include={"constraints", "steps", "metadata"})
        return (
            entry.id,
            entry.namespace,
            entry.llm_key,
            entry.prompt,
            entry.task,
            jsonb(data["constraints"]),
            jsonb(data["steps"]),
            jsonb(data["metadata"]),
            entry.prompt_tokens,
            entry.completion_tokens,
            ts(entry.created_at),
            ts(entry.last_hit_at),
            entry.hits,
            ts(entry.expires_at),
            vec,
            ts(max(entry.last_hit_at or 0.0, entry.created_at)),
        )
