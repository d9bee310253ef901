"""Cache stores: in-memory (FAISS), SQLite (embedded, persistent), PostgreSQL + pgvector.

The names below load on first use (PEP 562): opening a SQLite store does not import
psycopg, and importing ``stores.base`` (the interface and the codec) imports no backend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy_exports import lazy_exports

if TYPE_CHECKING:  # what the lazy names are, for type checkers and IDEs
    from .base import CacheStore
    from .memory import InMemoryStore
    from .postgres import PostgresStore
    from .sqlite import SQLiteStore
    from .transfer import export_jsonl, import_jsonl
    from .urls import open_store

# name -> the submodule that defines it, imported when the name is first read.
_LAZY = {
    "CacheStore": ".base",
    "InMemoryStore": ".memory",
    "SQLiteStore": ".sqlite",
    "PostgresStore": ".postgres",
    "open_store": ".urls",
    "export_jsonl": ".transfer",
    "import_jsonl": ".transfer",
}


__getattr__, __dir__ = lazy_exports(globals(), _LAZY)


__all__ = [
    "CacheStore",
    "InMemoryStore",
    "SQLiteStore",
    "PostgresStore",
    "open_store",
    "export_jsonl",
    "import_jsonl",
]
