"""Store URLs: parsing, validation and the scheme -> opener registry behind :func:`open_store`.

* ``memory://``, ``sqlite:///relative.db``, ``sqlite:////abs/path.db``, a bare file path
  (``cache.db``, ``/abs/cache.db``: SQLite), ``postgresql://user@host:port/db`` (also
  ``postgres://`` and ``postgresql+psycopg://``);
* the one store default shared by the library and the ``stepcache`` command:
  ``$STEPCACHE_STORE`` when set, else ``memory://`` (see :func:`default_store_url`).

Each backend is opened by one function of this module, found in ``_OPENERS`` by the URL's
scheme; the function imports its backend when called, so importing this module imports no
backend (and no backend imports this module: they use :mod:`.base`). A new backend is one
opener function and one registry line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import SplitResult, parse_qsl, quote, urlencode, urlsplit

from ..errors import StoreError
from .base import CacheStore
from .base import redact_url

__all__ = [
    "DEFAULT_STORE_URL",
    "STORE_ENV",
    "configured_store_url",
    "default_store_url",
    "is_store_url",
    "open_store",
    "redact_url",
    "sqlite_file",
]

#: Environment variable naming the store, read by ``StepCache()`` and by ``stepcache``.
STORE_ENV = "STEPCACHE_STORE"
#: The library's store when ``$STEPCACHE_STORE`` is not set: in memory, in this process.
DEFAULT_STORE_URL = "memory://"


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


def is_store_url(value: str) -> bool:
    """Whether ``value`` is a URL (``scheme://...``) rather than a bare file path."""
    return bool(_URL_RE.match(value))


def open_store(
    url: str | os.PathLike[str] | None = None,
    *,
    create: bool = True,
    read_only: bool = False,
    **kwargs: Any,
) -> CacheStore:
    """Open a store from a URL or a file path.

    * ``None``: :func:`default_store_url` (``$STEPCACHE_STORE``, else ``memory://``)
    * ``memory://`` (options ``?index=hnsw&max_entries=N&ttl=S``; ``hnsw_m``,
      ``hnsw_ef_construction``, ``hnsw_ef_search``, ``hnsw_segment_size`` also for SQLite)
    * ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///:memory:``
    * a bare file path (``stepcache.db``, ``~/caches/a.db``, a ``pathlib.Path``): SQLite
    * ``postgresql://user:pass@host:port/db?sslmode=require`` (libpq parameters pass through;
      ``table``, ``max_entries``, ``ttl`` are store options)

    ``create=False`` opens only an existing store: a missing SQLite file (or PostgreSQL
    table), an empty or foreign file raises StoreError and nothing is created or written.
    ``read_only=True`` (implies ``create=False``; the CLI's read commands) never writes:
    SQLite is opened read-only and leaves no ``-wal``/``-shm`` file behind, PostgreSQL
    sessions are read-only and the extension is not created.
    Keyword arguments override URL options. Every malformed URL raises StoreError.
    """
    if read_only:
        create = False
        kwargs["read_only"] = True
    if url is None or (isinstance(url, str) and not url.strip()):
        url = default_store_url()
    if isinstance(url, os.PathLike):
        return _open_sqlite(os.fspath(url), {}, create, kwargs)
    if not isinstance(url, str):
        raise StoreError(f"a store URL or path must be a string, not {type(url).__name__}")
    url = url.strip()
    if not is_store_url(url):
        return _open_path(url, create, kwargs)
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise StoreError(f"malformed store URL {redact_url(url)!r}: {exc}") from exc
    opener = _OPENERS.get(parts.scheme.lower())
    if opener is None:
        raise StoreError(
            f"unknown store URL {redact_url(url)!r}: use memory://, sqlite:///path.db, a file path "
            "or postgresql://..."
        )
    return opener(parts, url, create, kwargs)


def sqlite_file(url: str | os.PathLike[str] | None) -> str | None:
    """The file a store URL or path opens as SQLite (None: another backend, ``:memory:``,
    or no store given); StoreError if it is malformed."""
    if url is None:
        return None
    if isinstance(url, os.PathLike):
        return os.fspath(url)
    url = url.strip()
    if not is_store_url(url):
        scheme = url.split(":", 1)[0].lower()
        if ":" in url and scheme in _OPENERS:
            return None
        return os.path.expanduser(url) if url else None
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise StoreError(f"malformed store URL {redact_url(url)!r}: {exc}") from exc
    if parts.scheme.lower() != "sqlite":
        return None
    path = parts.path[1:] if parts.path.startswith("/") else parts.path
    return path if path and path != ":memory:" else None


def _open_path(path: str, create: bool, kwargs: dict[str, Any]) -> CacheStore:
    """A bare file path is a SQLite store; ``sqlite:path`` (a scheme without ``//``) is an error."""
    scheme = path.split(":", 1)[0].lower()
    if ":" in path and scheme in _OPENERS:
        raise StoreError(
            f"malformed store URL {redact_url(path)!r}: use {scheme}://... "
            "(e.g. sqlite:///stepcache.db, memory://, postgresql://user@host/db)"
        )
    return _open_sqlite(os.path.expanduser(path), {}, create, kwargs)


# -- one opener per backend -----------------------------------------------------------------
def _open_memory(parts: SplitResult, url: str, create: bool, kwargs: dict[str, Any]) -> CacheStore:
    from .memory import InMemoryStore

    opts, _ = _options(parts.query)
    opts.pop("table", None)
    opts.update(kwargs)
    opts.pop("read_only", None)  # a store in this process: nothing on disk to protect
    return InMemoryStore(**opts)


def _open_sqlite_url(parts: SplitResult, url: str, create: bool, kwargs: dict[str, Any]) -> CacheStore:
    if parts.netloc not in ("", "localhost"):
        raise StoreError(f"sqlite URLs look like sqlite:///path.db (got host {parts.netloc!r})")
    path = parts.path[1:] if parts.path.startswith("/") else parts.path
    if not path:
        raise StoreError("sqlite URL has no path: use sqlite:///stepcache.db")
    opts, _ = _options(parts.query)
    return _open_sqlite(path, opts, create, kwargs)


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
    if not create:
        opts["create"] = False
    return SQLiteStore(path, **opts)


def _open_postgres(parts: SplitResult, url: str, create: bool, kwargs: dict[str, Any]) -> CacheStore:
    from .postgres import PostgresStore

    _check_postgres_netloc(parts.netloc, url)
    opts, rest = _options(parts.query)
    for name in _IN_PROCESS_ONLY:  # pgvector's index is configured on PostgresStore
        opts.pop(name, None)
    opts.update(kwargs)
    if opts.pop("read_only", False):
        opts.setdefault("create_extension", False)
        rest = _read_only_session(rest)
    dsn = f"postgresql://{parts.netloc}{parts.path}"
    if rest:
        dsn += "?" + urlencode(rest, quote_via=quote)  # libpq reads "+" as "+", not a space
    try:
        if not create:
            _check_postgres_table(dsn, str(opts.get("table", "stepcache_entries")), opts.get("connect_timeout", 10))
        return PostgresStore(dsn, **opts)
    except UnicodeError as exc:  # a host name the resolver cannot encode
        raise StoreError(f"malformed PostgreSQL URL {redact_url(url)!r}: {exc}") from exc


def _read_only_session(params: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """libpq parameters with ``default_transaction_read_only=on`` added to ``options``: the
    server refuses every write of the session."""
    setting = "-c default_transaction_read_only=on"
    given = [value for key, value in params if key == "options"]
    rest = [(key, value) for key, value in params if key != "options"]
    return [*rest, ("options", " ".join([*given, setting]))]


#: URL scheme -> opener(parts, url, create, kwargs). A new backend is one line here.
_OPENERS: dict[str, Callable[[SplitResult, str, bool, dict[str, Any]], CacheStore]] = {
    "memory": _open_memory,
    "sqlite": _open_sqlite_url,
    "postgresql": _open_postgres,
    "postgres": _open_postgres,
    "postgresql+psycopg": _open_postgres,
}


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
