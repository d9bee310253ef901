"""The framework-independent engine: segment -> retrieve -> verify -> patch/repair -> store."""

from .embed import CallableEmbedder, Embedder, HashingEmbedder, as_embedder
from .engine import CachePlan, StepCache
from .policy import ReusePolicy
from .segment import extract_json_object, segment_text
from .tasks import JsonTask, LinearEquationTask, TaskHandler, TaskRegistry, TextTask
from .types import CacheEntry, CacheHit, LLMResponse, Outcome, Provenance, Step, StepCacheResult, StepRecord

__all__ = [
    "CacheEntry",
    "CacheHit",
    "CachePlan",
    "CallableEmbedder",
    "Embedder",
    "HashingEmbedder",
    "JsonTask",
    "LLMResponse",
    "LinearEquationTask",
    "Outcome",
    "Provenance",
    "ReusePolicy",
    "Step",
    "StepCache",
    "StepCacheResult",
    "StepRecord",
    "TaskHandler",
    "TaskRegistry",
    "TextTask",
    "as_embedder",
    "extract_json_object",
    "segment_text",
]
