"""stepcache-integrations: a step-level, verified LLM response cache for LangChain and LlamaIndex.

Implements StepCache (arXiv 2603.28795): answers are cached as ordered steps, every
cached step is verified against the new prompt, passing steps are reused, and only the
first failing step and its suffix are regenerated.

The names below load on first use (PEP 562): ``import stepcache_integrations`` imports
neither the engine nor the stores, nor FAISS, numpy or pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.store_port import use_store_opener
from .errors import (
    EmbeddingError,
    InvalidPromptError,
    InvalidSchemaError,
    ModelOutputError,
    StepCacheError,
    StoreError,
    TaskError,
    VerificationError,
)
from .core.lazy_exports import lazy_exports

if TYPE_CHECKING:  # what the lazy names are, for type checkers and IDEs
    from .core.embed import CallableEmbedder, Embedder, HashingEmbedder
    from .core.engine import CachePlan, StepCache
    from .core.tasks import JsonTask, LinearEquationTask, TaskHandler, TaskRegistry, TextTask
    from .core.types import (
        CacheEntry,
        CacheHit,
        LLMResponse,
        Step,
        StepCacheResult,
        StepRecord,
        extract_json_object,
        segment_text,
    )
    from .stores.base import CacheStore
    from .stores.memory import InMemoryStore
    from .stores.postgres import PostgresStore
    from .stores.sqlite import SQLiteStore
    from .stores.urls import open_store

__version__ = "0.1.0"

# name -> the module that defines it, imported when the name is first read.
_LAZY = {
    "CacheEntry": ".core.types",
    "CacheHit": ".core.types",
    "LLMResponse": ".core.types",
    "Step": ".core.types",
    "StepCacheResult": ".core.types",
    "StepRecord": ".core.types",
    "CachePlan": ".core.engine",
    "StepCache": ".core.engine",
    "CallableEmbedder": ".core.embed",
    "Embedder": ".core.embed",
    "HashingEmbedder": ".core.embed",
    "JsonTask": ".core.tasks",
    "LinearEquationTask": ".core.tasks",
    "TaskHandler": ".core.tasks",
    "TaskRegistry": ".core.tasks",
    "TextTask": ".core.tasks",
    "extract_json_object": ".core.types",
    "segment_text": ".core.types",
    "CacheStore": ".stores.base",
    "InMemoryStore": ".stores.memory",
    "PostgresStore": ".stores.postgres",
    "SQLiteStore": ".stores.sqlite",
    "open_store": ".stores.urls",
}


__getattr__, __dir__ = lazy_exports(globals(), _LAZY)


def _open_store(location: str, **kwargs: Any) -> Any:
    from .stores.urls import open_store

    return open_store(location, **kwargs)


# core sits below stores and never imports them: this is where the two are joined, so that
# StepCache(store="sqlite:///cache.db") and $STEPCACHE_STORE open real stores (the stores
# are imported when the first one is opened).
use_store_opener(_open_store)

__all__ = [
    "CacheEntry",
    "CacheHit",
    "CachePlan",
    "CacheStore",
    "CallableEmbedder",
    "Embedder",
    "EmbeddingError",
    "HashingEmbedder",
    "InMemoryStore",
    "InvalidPromptError",
    "InvalidSchemaError",
    "JsonTask",
    "LLMResponse",
    "LinearEquationTask",
    "ModelOutputError",
    "PostgresStore",
    "SQLiteStore",
    "Step",
    "StepCache",
    "StepCacheError",
    "StepCacheResult",
    "StepRecord",
    "StoreError",
    "TaskError",
    "TaskHandler",
    "TaskRegistry",
    "TextTask",
    "VerificationError",
    "__version__",
    "extract_json_object",
    "open_store",
    "segment_text",
]
