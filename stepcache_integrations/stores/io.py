"""Store plumbing shared by every backend and the CLI.

* JSON (de)serialisation of entries - persistence is JSON text and raw float32 arrays only,
  never pickle, so a tampered store or export file cannot execute code;
* export / import of a whole store as JSON lines;
* store URLs: ``memory://``, ``sqlite:///relative.db``, ``sqlite:////abs/path.db``, a bare
  file path (``cache.db``, ``/abs/cache.db``: SQLite), ``postgresql://user@host:port/db`` (also
  ``postgres://`` and ``postgresql+psycopg://``);
* the one store default shared by the library and the ``stepcache`` command:
  ``$STEPCACHE_STORE`` when set, else ``memory://`` (see :func:`default_store_url`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
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
    "import_jsonl_report",
    "ImportReport",
    "iter_jsonl_records",
    "open_store",
    "default_store_url",
    "configured_store_url",
    "STORE_ENV",
]

EXPORT_FORMAT = "stepcache.entry/1"
#: Environment variable naming the store, read by ``StepCache()`` and by ``stepcache``.
STORE_ENV = "STEPCACHE_STORE"
#: The library's store when ``$STEPCACHE_STORE`` is not set: in memory, in this process.
DEFAULT_STORE_URL = "memory://"


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


@dataclass
class ImportReport:
    """What :func:`import_jsonl_report` did with each record of the file."""

    imported: int = 0
    #: records whose id (or, with ``namespace``, whose copy's id) is already in the store
    skipped_existing: int = 0
    #: records whose TTL had passed
    skipped_expired: int = 0
    #: records that replaced an entry with the same id (``on_conflict="replace"``)
    replaced: int = 0

    @property
    def skipped(self) -> int:
        """Records not written."""
        return self.skipped_existing + self.skipped_expired


def copy_id(entry_id: str, namespace: str) -> str:
    """The id of the copy of ``entry_id`` imported into ``namespace``.

    Deterministic, so importing the same file into the same namespace twice finds the
    copies made the first time instead of duplicating them."""
    return hashlib.sha256(f"{namespace}\0{entry_id}".encode()).hexdigest()[:32]


def import_jsonl_report(
    store: CacheStore,
    src: str | os.PathLike[str] | IO[str],
    *,
    namespace: str | None = None,
    skip_expired: bool = True,
    on_conflict: str = "skip",
) -> ImportReport:
    """Load exported JSON lines into ``store``; report what was imported and skipped.

    Entries keep their ids. ``namespace`` *copies* every entry into that namespace: each
    copy gets a new id derived from the original id and the namespace, so the originals
    (in the same store or elsewhere) are left alone and a second import of the same file
    is recognised. A record whose id is already in the store is skipped
    (``on_conflict="skip"``, the default) or overwrites it (``"replace"``). The whole
    file is validated before anything is written.
    """
    if on_conflict not in ("skip", "replace"):
        raise StoreError(f"on_conflict must be 'skip' or 'replace', not {on_conflict!r}")
    if isinstance(src, (str, os.PathLike)):
        with open(src, encoding="utf-8") as fh:
            return import_jsonl_report(
                store, fh, namespace=namespace, skip_expired=skip_expired, on_conflict=on_conflict
            )
    records = list(iter_jsonl_records(src))
    report = ImportReport()
    for entry, vector in records:
        if namespace is not None and entry.namespace != namespace:
            entry = entry.model_copy(update={"id": copy_id(entry.id, namespace), "namespace": namespace})
        if skip_expired and CacheStore.is_expired(entry):
            report.skipped_expired += 1
            continue
        if store.get(entry.id) is not None:
            if on_conflict == "skip":
                report.skipped_existing += 1
                continue
            report.replaced += 1
        store.add(entry, vector)
        report.imported += 1
    return report


def import_jsonl(
    store: CacheStore,
    src: str | os.PathLike[str] | IO[str],
    *,
    namespace: str | None = None,
    skip_expired: bool = True,
    on_conflict: str = "skip",
) -> int:
    """:func:`import_jsonl_report`, returning only the number of entries imported."""
    return import_jsonl_report(
        store, src, namespace=namespace, skip_expired=skip_expired, on_conflict=on_conflict
    ).imported


# -- store URLs ------------------------------------------------------------------------
def configured_store_url() -> str | None:
    """``$STEPCACHE_STORE`` if set (and not blank), else None."""
    value = os.environ.get(STORE_ENV, "").strip()
    return value or None


def default_store_url() -> str:
    """The store ``StepCache()`` uses when given none: ``$STEPCACHE_STORE`` or ``memory://``."""
    return configured_store_url() or DEFAULT_STORE_URL


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


_URL_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_KNOWN_SCHEMES = ("memory", "sqlite", "postgresql", "postgres", "postgresql+psycopg")


def is_store_url(value: str) -> bool:
    """Whether ``value`` is a URL (``scheme://...``) rather than a bare file path."""
    return bool(_URL_RE.match(value))


def open_store(
    url: str | os.PathLike[str] | None = None, *, create: bool = True, **kwargs: Any
) -> CacheStore:
    """Open a store from a URL or a file path.

    * ``None``: :func:`default_store_url` (``$STEPCACHE_STORE``, else ``memory://``)
    * ``memory://`` (options ``?index=hnsw&max_entries=N&ttl=S``; ``hnsw_m``,
      ``hnsw_ef_construction``, ``hnsw_ef_search``, ``hnsw_segment_size`` also for SQLite)
    * ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///:memory:``
    * a bare file path (``stepcache.db``, ``~/caches/a.db``, a ``pathlib.Path``): SQLite
    * ``postgresql://user:pass@host:port/db?sslmode=require`` (libpq parameters pass through;
      ``table``, ``max_entries``, ``ttl`` are store options)

    ``create=False`` opens only an existing SQLite file: a missing one raises StoreError
    instead of creating a new, empty store (the CLI's read-only commands use it).
    Keyword arguments override URL options. Every malformed URL raises StoreError.
    """
    if url is None or (isinstance(url, str) and not url.strip()):
        url = default_store_url()
    if isinstance(url, os.PathLike):
        return _open_sqlite(os.fspath(url), {}, create, kwargs)
    if not isinstance(url, str):
        raise StoreError(f"a store URL or path must be a string, not {type(url).__name__}")
    url = url.strip()
    if not is_store_url(url):
        scheme = url.split(":", 1)[0].lower()
        if ":" in url and scheme in _KNOWN_SCHEMES:
            raise StoreError(
                f"malformed store URL {redact_url(url)!r}: use {scheme}://... "
                "(e.g. sqlite:///stepcache.db, memory://, postgresql://user@host/db)"
            )
        return _open_sqlite(os.path.expanduser(url), {}, create, kwargs)
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise StoreError(f"malformed store URL {redact_url(url)!r}: {exc}") from exc
    scheme = parts.scheme.lower()
    if scheme == "memory":
        from .memory import InMemoryStore

        opts, _ = _options(parts.query)
        opts.pop("table", None)
        opts.update(kwargs)
        return InMemoryStore(**opts)
    if scheme == "sqlite":
        if parts.netloc not in ("", "localhost"):
            raise StoreError(f"sqlite URLs look like sqlite:///path.db (got host {parts.netloc!r})")
        path = parts.path[1:] if parts.path.startswith("/") else parts.path
        if not path:
            raise StoreError("sqlite URL has no path: use sqlite:///stepcache.db")
        opts, _ = _options(parts.query)
        return _open_sqlite(path, opts, create, kwargs)
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        from .postgres import PostgresStore

        _check_postgres_netloc(parts.netloc, url)
        opts, rest = _options(parts.query)
        for name in _IN_PROCESS_ONLY:  # pgvector's index is configured on PostgresStore
            opts.pop(name, None)
        opts.update(kwargs)
        dsn = f"postgresql://{parts.netloc}{parts.path}"
        if rest:
            dsn += "?" + urlencode(rest)
        try:
            if not create:
                _check_postgres_table(
                    dsn, str(opts.get("table", "stepcache_entries")), opts.get("connect_timeout", 10)
                )
            return PostgresStore(dsn, **opts)
        except UnicodeError as exc:  # a host name the resolver cannot encode
            raise StoreError(f"malformed PostgreSQL URL {redact_url(url)!r}: {exc}") from exc
    raise StoreError(
        f"unknown store URL {redact_url(url)!r}: use memory://, sqlite:///path.db, a file path "
        "or postgresql://..."
    )


def _open_sqlite(path: str, opts: dict[str, Any], create: bool, kwargs: dict[str, Any]) -> CacheStore:
    from .sqlite import SQLiteStore

    if not path:
        raise StoreError("empty SQLite path")
    opts.pop("table", None)
    opts.update(kwargs)
    if not create and path != ":memory:":
        if not os.path.exists(path):
            raise StoreError(f"no store at {os.path.abspath(path)} (no such file)")
        if os.path.isdir(path):
            raise StoreError(f"{os.path.abspath(path)} is a directory, not a SQLite store")
    return SQLiteStore(path, **opts)


def _check_postgres_table(dsn: str, table: str, connect_timeout: Any) -> None:
    """``create=False``: the store's table must exist already (nothing is created)."""
    try:
        import psycopg
    except ImportError:
        return  # PostgresStore raises the install hint
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,40}", table):
        return  # PostgresStore rejects the name
    try:
        with psycopg.connect(dsn, connect_timeout=max(1, int(connect_timeout))) as conn:
            row = conn.execute("SELECT to_regclass(%s)", (table,)).fetchone()
    except psycopg.Error as exc:
        raise StoreError(f"PostgreSQL store {redact_url(dsn)!r} connect failed: {exc}") from exc
    if row is None or row[0] is None:
        raise StoreError(f"no store at {redact_url(dsn)} (no table {table!r})")


def _check_postgres_netloc(netloc: str, url: str) -> None:
    """Host names and ports of a PostgreSQL URL (libpq allows ``h1:5432,h2:5433``)."""
    hosts = netloc.rpartition("@")[2]
    for item in hosts.split(","):
        if not item:
            continue
        if item.startswith("["):
            end = item.find("]")
            if end < 0:
                raise StoreError(f"malformed PostgreSQL URL {redact_url(url)!r}: unclosed '['")
            host, rest = item[1:end], item[end + 1 :]
            if rest and not rest.startswith(":"):
                raise StoreError(f"malformed PostgreSQL URL {redact_url(url)!r}: bad host {item!r}")
            port = rest[1:]
        else:
            host, _, port = item.partition(":")
        if port and (not port.isdigit() or not 0 < int(port) < 65536):
            raise StoreError(f"malformed PostgreSQL URL {redact_url(url)!r}: bad port {port!r}")
        if host and not host.startswith("%2") and not item.startswith("["):
            try:
                host.encode("idna")
            except UnicodeError as exc:
                raise StoreError(
                    f"malformed PostgreSQL URL {redact_url(url)!r}: bad host name {host!r}"
                ) from exc


def redact_url(url: str) -> str:
    """The URL with any password replaced by ``***`` (for messages and stats)."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # malformed: redact anything between "user:" and "@"
        return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)
    if password:
        netloc = parts.netloc.replace(":" + password + "@", ":***@", 1)
        return urlunsplit(parts._replace(netloc=netloc))
    return url
