"""stepcache-integrations: a step-level, verified LLM response cache for LangChain and LlamaIndex.

Implements StepCache (arXiv 2603.28795): answers are cached as ordered steps, every
cached step is verified against the new prompt, passing steps are reused, and only the
first failing step and its suffix are regenerated.
"""

from .core import (
    CacheEntry,
    CacheHit,
    CachePlan,
    CallableEmbedder,
    Embedder,
    HashingEmbedder,
    JsonTask,
    LinearEquationTask,
    LLMResponse,
    Step,
    StepCache,
    StepCacheResult,
    StepRecord,
    TaskHandler,
    TaskRegistry,
    TextTask,
    extract_json_object,
    segment_text,
)
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
from .core.store_port import use_store_opener
from .stores import CacheStore, InMemoryStore, PostgresStore, SQLiteStore, open_store

# core sits below stores and never imports them: this is where the two are joined, so that
# StepCache(store="sqlite:///cache.db") and $STEPCACHE_STORE open real stores.
use_store_opener(open_store)

__version__ = "0.1.0"

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
