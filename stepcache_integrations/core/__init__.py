"""The framework-independent engine: segment -> retrieve -> verify -> patch/repair -> store.

The names below load on first use (PEP 562), so importing one submodule of ``core`` (for
example ``core.store_port``) does not import the engine, the tasks or numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy_exports import lazy_exports

if TYPE_CHECKING:  # what the lazy names are, for type checkers and IDEs
    from .embed import CallableEmbedder, Embedder, HashingEmbedder, as_embedder
    from .engine import CachePlan, StepCache
    from .planner import ReusePolicy
    from .tasks import JsonTask, LinearEquationTask, TaskHandler, TaskRegistry, TextTask
    from .types import (
        CacheEntry,
        CacheHit,
        LLMResponse,
        Outcome,
        Provenance,
        Step,
        StepCacheResult,
        StepRecord,
        extract_json_object,
        segment_text,
    )

# name -> the submodule that defines it, imported when the name is first read.
_LAZY = {
    **dict.fromkeys(["CallableEmbedder", "Embedder", "HashingEmbedder", "as_embedder"], ".embed"),
    **dict.fromkeys(["CachePlan", "StepCache"], ".engine"),
    "ReusePolicy": ".planner",
    **dict.fromkeys(["JsonTask", "LinearEquationTask", "TaskHandler", "TaskRegistry", "TextTask"], ".tasks"),
    **dict.fromkeys(
        ["CacheEntry", "CacheHit", "LLMResponse", "Outcome", "Provenance", "Step", "StepCacheResult", "StepRecord",
         "extract_json_object", "segment_text"],
        ".types",
    ),
}


__getattr__, __dir__ = lazy_exports(globals(), _LAZY)


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
