"""The package's default embedder as a LlamaIndex ``BaseEmbedding``.

``StepCacheEmbedding`` wraps :class:`~stepcache_integrations.core.embed.HashingEmbedder`
(deterministic hashed character n-grams, numpy only, no model download), so one real,
local embedding can serve both a ``VectorStoreIndex`` and the cache::

    embed = StepCacheEmbedding()
    index = VectorStoreIndex.from_documents(docs, embed_model=embed)
    cache = StepCache(embedder=embed)
"""

from __future__ import annotations

from typing import Any

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.bridge.pydantic import Field, PrivateAttr

from ..core.embed import HashingEmbedder

__all__ = ["StepCacheEmbedding"]


class StepCacheEmbedding(BaseEmbedding):
    """LlamaIndex embedding backed by the package's deterministic ``HashingEmbedder``.

    Vectors are L2-normalised and identical across processes and machines. Queries and
    documents are embedded the same way (the embedder is symmetric).
    """

    dim: int = Field(default=512, description="Vector dimension.")
    ngram_range: tuple[int, int] = Field(default=(3, 5), description="Character n-gram sizes.")

    _embedder: HashingEmbedder = PrivateAttr()

    def __init__(self, dim: int = 512, ngram_range: tuple[int, int] = (3, 5), **kwargs: Any) -> None:
        kwargs.setdefault("model_name", f"stepcache-hashing-{dim}")
        super().__init__(dim=dim, ngram_range=tuple(ngram_range), **kwargs)
        self._embedder = HashingEmbedder(dim=dim, ngram_range=tuple(ngram_range))  # type: ignore[arg-type]

    @classmethod
    def class_name(cls) -> str:
        return "StepCacheEmbedding"

    @property
    def embedder(self) -> HashingEmbedder:
        """The underlying package embedder (pass it to ``StepCache`` to skip LlamaIndex events)."""
        return self._embedder

    def _embed(self, text: str) -> list[float]:
        return [float(x) for x in self._embedder.embed(text)]

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._embed(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._embed(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._embed(text)

    async def _aget_text_embedding(self, text: str) -> list[float]:
        return self._embed(text)

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return [self._embed(text) for text in texts]
