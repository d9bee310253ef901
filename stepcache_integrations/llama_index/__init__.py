"""LlamaIndex integration: a step-caching LLM for query engines, chat engines and agents.

::

    from llama_index.core import Settings, VectorStoreIndex
    from stepcache_integrations import StepCache
    from stepcache_integrations.llama_index import StepCacheEmbedding, StepCacheLLM

    embed = StepCacheEmbedding()                       # local, deterministic, no download
    Settings.llm = StepCacheLLM(llm=inner_llm, cache=StepCache(embedder=embed))
    index = VectorStoreIndex.from_documents(docs, embed_model=embed)
    response = index.as_query_engine().query("...")
    response.metadata["stepcache"]        # what the cache did for the answering call
    response.metadata["stepcache_calls"]  # every StepCacheLLM call behind the response

One class, :class:`StepCacheLLM`, wraps every inner model (``StepCacheFunctionCallingLLM``
is an alias). The record schema is :class:`stepcache_integrations.adapters.flow.StepCacheSummary`.

Requires ``llama-index-core`` (``pip install 'stepcache-integrations[llamaindex]'``).
"""

from __future__ import annotations

try:
    import llama_index.core  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "stepcache_integrations.llama_index needs llama-index-core: "
        "pip install 'stepcache-integrations[llamaindex]'"
    ) from exc

from typing import TYPE_CHECKING

from ..core.lazy_exports import lazy_exports

if TYPE_CHECKING:  # what the lazy names are, for type checkers and IDEs
    from .embedding import StepCacheEmbedding
    from .llm import (
        METADATA_KEY,
        StepCacheFunctionCallingLLM,
        StepCacheLLM,
        default_llm_key,
        messages_to_cache_prompt,
    )

# Loaded on first use (PEP 562): the engine and llama-index-core's heavier modules load with them.
__getattr__, __dir__ = lazy_exports(
    globals(),
    {
        "StepCacheEmbedding": ".embedding",
        **dict.fromkeys(
            ["METADATA_KEY", "StepCacheFunctionCallingLLM", "StepCacheLLM", "default_llm_key", "messages_to_cache_prompt"],
            ".llm",
        ),
    },
)

__all__ = [
    "METADATA_KEY",
    "StepCacheEmbedding",
    "StepCacheFunctionCallingLLM",
    "StepCacheLLM",
    "default_llm_key",
    "messages_to_cache_prompt",
]
