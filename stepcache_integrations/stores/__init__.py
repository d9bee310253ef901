"""Cache stores: in-memory (FAISS), SQLite (embedded, persistent), PostgreSQL + pgvector."""

from .base import CacheStore
from .io import export_jsonl, import_jsonl, open_store
from .memory import InMemoryStore
from .postgres import PostgresStore
from .sqlite import SQLiteStore

__all__ = [
    "CacheStore",
    "InMemoryStore",
    "SQLiteStore",
    "PostgresStore",
    "open_store",
    "export_jsonl",
    "import_jsonl",
]
