"""LangChain integration: a global/per-model ``BaseCache`` and a Runnable wrapper with patching and streaming.

- :class:`StepCacheLLMCache` - ``set_llm_cache(StepCacheLLMCache())`` or ``ChatX(cache=StepCacheLLMCache())``:
  verified step-level reuse for every chat model and LLM, no change to your chains; one INFO log
  line per request (``stepcache_integrations.langchain``), ``stats()`` with misses and reasons.
- :class:`StepCacheRunnable` / :func:`with_step_cache` - the full pipeline (reuse,
  re-instantiation, patch, repair) around one model, with streaming and step metadata in
  ``response_metadata["stepcache"]`` (schema: ``stepcache_integrations.adapters.flow.StepCacheSummary``).
"""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError(
        "stepcache_integrations.langchain needs langchain-core: pip install 'stepcache-integrations[langchain]'"
    ) from exc

from typing import TYPE_CHECKING

from ..core.lazy_exports import lazy_exports

if TYPE_CHECKING:  # what the lazy names are, for type checkers and IDEs
    from .cache import StepCacheLLMCache
    from .runnable import StepCacheRunnable, with_step_cache

# Loaded on first use (PEP 562): the engine and langchain-core's heavier modules load with them.
__getattr__, __dir__ = lazy_exports(
    globals(),
    {"StepCacheLLMCache": ".cache", "StepCacheRunnable": ".runnable", "with_step_cache": ".runnable"},
)

__all__ = ["StepCacheLLMCache", "StepCacheRunnable", "with_step_cache"]
