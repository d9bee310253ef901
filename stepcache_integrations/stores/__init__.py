"""Cache stores: in-memory (FAISS), SQLite (embedded, persistent), PostgreSQL + pgvector."""

from .base import CacheStore
from .memory import InMemoryStore
from .postgres import PostgresStore
from .sqlite import SQLiteStore
from .transfer import export_jsonl, import_jsonl
from .urls import open_store

__all__ = [
    "CacheStore",
    "InMemoryStore",
    "SQLiteStore",
    "PostgresStore",
    "open_store",
    "export_jsonl",
    "import_jsonl",
]
