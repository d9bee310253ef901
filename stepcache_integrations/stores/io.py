"""Store plumbing shared by every backend and the CLI.

* JSON (de)serialisation of entries - persistence is JSON text and raw float32 arrays only,
  never pickle, so a tampered store or export file cannot execute code;
* export / import of a whole store as JSON lines;
* store URLs: ``memory://``, ``sqlite:///relative.db``, ``sqlite:////abs/path.db``,
  ``postgresql://user@host:port/db`` (also ``postgres://`` and ``postgresql+psycopg://``).
"""

from __future__ import annotations

import base64
import json
import math
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import numpy as np
from pydantic import ValidationError

from ..core.types import CacheEntry
from ..errors import StoreError
from .base import CacheStore

__all__ = [
    "EXPORT_FORMAT",
    "DEFAULT_STORE_URL",
    "entry_to_json",
    "entry_from_json",
    "vector_to_blob",
    "vector_from_blob",
    "export_jsonl",
    "import_jsonl",
    "iter_jsonl_records",
    "open_store",
    "default_store_url",
]

EXPORT_FORMAT = "stepcache.entry/1"
DEFAULT_STORE_URL = "sqlite:///stepcache.db"


# -- entries and vectors -----------------------------------------------------------
def entry_to_json(entry: CacheEntry) -> str:
    """The entry as compact JSON text."""
    return entry.model_dump_json()


def entry_from_json(text: str | bytes, *, where: str = "store") -> CacheEntry:
    """Parse and validate an entry; any malformed or tampered data raises StoreError."""
    try:
        return CacheEntry.model_validate_json(text)
    except (ValidationError, ValueError, TypeError) as exc:
        raise StoreError(f"corrupt cache entry in {where}: {_short(exc)}") from exc


def entry_from_obj(obj: Any, *, where: str = "store") -> CacheEntry:
    """Validate an already-decoded JSON object as an entry (StoreError if invalid)."""
    try:
        return CacheEntry.model_validate(obj)
    except (ValidationError, ValueError, TypeError) as exc:
        raise StoreError(f"corrupt cache entry in {where}: {_short(exc)}") from exc


def check_vector(vector: Any, dim: int | None = None) -> np.ndarray:
    """A finite 1-D float32 vector (of dimension ``dim`` when given), else StoreError."""
    try:
        vec = np.asarray(vector, dtype=np.float32).reshape(-1)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"not a numeric vector: {exc}") from exc
    if vec.size == 0 or not np.all(np.isfinite(vec)):
        raise StoreError("vector is empty or has non-finite values")
    if dim is not None and vec.size != dim:
        raise StoreError(f"vector has dimension {vec.size}, store holds {dim}")
    return vec


def vector_to_blob(vector: np.ndarray) -> bytes:
    """Little-endian float32 bytes of a vector."""
    return np.ascontiguousarray(vector, dtype="<f4").tobytes()


def vector_from_blob(blob: bytes, dim: int, *, where: str = "store") -> np.ndarray:
    """The float32 vector stored as ``blob`` (StoreError if the size or values are wrong)."""
    if not isinstance(blob, (bytes, bytearray, memoryview)) or len(blob) != 4 * dim:
        raise StoreError(f"corrupt embedding in {where}: expected {4 * dim} bytes")
    vec = np.frombuffer(blob, dtype="<f4").astype(np.float32)
    if not np.all(np.isfinite(vec)):
        raise StoreError(f"corrupt embedding in {where}: non-finite values")
    return vec


def _short(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


# -- export / import -----------------------------------------------------------------
def export_record(entry: CacheEntry, vector: np.ndarray) -> dict[str, Any]:
    """One JSON-lines record: the entry and its embedding (base64 little-endian float32)."""
    vec = np.asarray(vector, dtype=np.float32).reshape(-1)
    return {
        "format": EXPORT_FORMAT,
        "entry": entry.model_dump(mode="json"),
        "dim": int(vec.size),
        "vector_b64": base64.b64encode(vector_to_blob(vec)).decode("ascii"),
    }


def export_jsonl(
    store: CacheStore, out: str | os.PathLike[str] | IO[str], *, namespace: str | None = None
) -> int:
    """Write every live entry (of one namespace if given) as JSON lines; return the count."""
    if isinstance(out, (str, os.PathLike)):
        path = Path(out)
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            count = export_jsonl(store, fh, namespace=namespace)
        os.replace(tmp, path)
        return count
    count = 0
    for entry, vector in store.iter_items(namespace):
        out.write(json.dumps(export_record(entry, vector), ensure_ascii=False) + "\n")
        count += 1
    return count


def iter_jsonl_records(lines: Iterable[str]) -> Iterator[tuple[CacheEntry, np.ndarray]]:
    """Parse exported JSON lines; StoreError (with the line number) on anything malformed."""
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"line {lineno}"
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise StoreError(f"invalid JSON on {where}: {_short(exc)}") from exc
        if not isinstance(record, dict) or record.get("format") != EXPORT_FORMAT:
            raise StoreError(f"{where} is not a {EXPORT_FORMAT} record")
        entry = entry_from_obj(record.get("entry"), where=where)
        if "vector_b64" in record:
            dim = record.get("dim")
            if not isinstance(dim, int) or dim <= 0:
                raise StoreError(f"{where}: missing or invalid 'dim'")
            try:
                blob = base64.b64decode(str(record["vector_b64"]), validate=True)
            except ValueError as exc:
                raise StoreError(f"{where}: invalid base64 vector") from exc
            vector = vector_from_blob(blob, dim, where=where)
        elif isinstance(record.get("vector"), list):
            values = record["vector"]
            if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values):
                raise StoreError(f"{where}: vector must be a list of finite numbers")
            vector = check_vector(values)
        else:
            raise StoreError(f"{where}: no vector")
        yield entry, vector


def import_jsonl(
    store: CacheStore,
    src: str | os.PathLike[str] | IO[str],
    *,
    namespace: str | None = None,
    skip_expired: bool = True,
) -> int:
    """Load exported JSON lines into ``store`` (entries keep their ids; an existing id is
    replaced). ``namespace`` moves every entry into that namespace. The whole file is
    validated before anything is written. Returns the number of entries imported."""
    if isinstance(src, (str, os.PathLike)):
        with open(src, encoding="utf-8") as fh:
            return import_jsonl(store, fh, namespace=namespace, skip_expired=skip_expired)
    records = list(iter_jsonl_records(src))
    count = 0
    for entry, vector in records:
        if namespace is not None:
            entry.namespace = namespace
        if skip_expired and CacheStore.is_expired(entry):
            continue
        store.add(entry, vector)
        count += 1
    return count


# -- store URLs ------------------------------------------------------------------------
def default_store_url() -> str:
    """``$STEPCACHE_STORE`` or ``sqlite:///stepcache.db``."""
    return os.environ.get("STEPCACHE_STORE") or DEFAULT_STORE_URL


_STORE_OPTIONS = {
    "max_entries": int,
    "ttl": float,
    "index": str,
    "table": str,
    "hnsw_m": int,
    "hnsw_ef_construction": int,
    "hnsw_ef_search": int,
    "hnsw_segment_size": int,
}
_IN_PROCESS_ONLY = ("index", "hnsw_m", "hnsw_ef_construction", "hnsw_ef_search", "hnsw_segment_size")


def _options(query: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    opts: dict[str, Any] = {}
    rest: list[tuple[str, str]] = []
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key in _STORE_OPTIONS:
            try:
                opts[key] = _STORE_OPTIONS[key](value)
            except ValueError as exc:
                raise StoreError(f"invalid store URL option {key}={value!r}") from exc
        else:
            rest.append((key, value))
    if "ttl" in opts:
        opts["default_ttl"] = opts.pop("ttl")
    return opts, rest


def open_store(url: str | None = None, **kwargs: Any) -> CacheStore:
    """Open a store from a URL.

    * ``memory://`` (options ``?index=hnsw&max_entries=N&ttl=S``; ``hnsw_m``,
      ``hnsw_ef_construction``, ``hnsw_ef_search``, ``hnsw_segment_size`` also for SQLite)
    * ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///:memory:``
    * ``postgresql://user:pass@host:port/db?sslmode=require`` (libpq parameters pass through;
      ``table``, ``max_entries``, ``ttl`` are store options)

    Keyword arguments override URL options.
    """
    url = url or default_store_url()
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "memory":
        from .memory import InMemoryStore

        opts, _ = _options(parts.query)
        opts.pop("table", None)
        opts.update(kwargs)
        return InMemoryStore(**opts)
    if scheme == "sqlite":
        from .sqlite import SQLiteStore

        if parts.netloc not in ("", "localhost"):
            raise StoreError(f"sqlite URLs look like sqlite:///path.db (got host {parts.netloc!r})")
        path = parts.path[1:] if parts.path.startswith("/") else parts.path
        if not path:
            raise StoreError("sqlite URL has no path: use sqlite:///stepcache.db")
        opts, _ = _options(parts.query)
        opts.pop("table", None)
        opts.update(kwargs)
        return SQLiteStore(path, **opts)
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        from .postgres import PostgresStore

        opts, rest = _options(parts.query)
        for name in _IN_PROCESS_ONLY:  # pgvector's index is configured on PostgresStore
            opts.pop(name, None)
        opts.update(kwargs)
        dsn = urlunsplit(("postgresql", parts.netloc, parts.path, urlencode(rest), ""))
        return PostgresStore(dsn, **opts)
    raise StoreError(
        f"unknown store URL {redact_url(url)!r}: use memory://, sqlite:///path.db or postgresql://..."
    )


def redact_url(url: str) -> str:
    """The URL with any password replaced by ``***`` (for messages and stats)."""
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
        return urlunsplit(parts._replace(netloc=netloc))
    return url
