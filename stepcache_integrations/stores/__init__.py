"""Cache stores: in-memory (FAISS), SQLite (embedded, persistent), PostgreSQL + pgvector."""

from .base import CacheStore
from .memory import InMemoryStore

__all__ = ["CacheStore", "InMemoryStore"]
