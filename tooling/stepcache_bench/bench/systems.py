"""The systems compared side by side, each behind the same small interface.

* ``no_cache`` - every request goes to the model.
* ``exact`` - LangChain's ``InMemoryCache`` (the real class): a hit needs the identical
  prompt string and model parameters.
* ``semantic`` - whole-response semantic cache, as GPTCache and LangChain's
  RedisSemanticCache do: the nearest cached prompt with cosine similarity >= the
  threshold returns its whole cached answer. Same embedder (the package's
  ``HashingEmbedder``) and FAISS inner-product index as StepCache, same threshold.
* ``gptcache`` - the real ``gptcache`` package (sqlite + FAISS, our embedder,
  ``SearchDistanceEvaluation``), if it is installed.
* ``stepcache`` - this package's engine with its defaults.

All of them call the model through the same ``ChatModelLLM`` (LangChain ``ChatOpenAI``)
object, and tokens are counted from the model's ``usage_metadata`` by that wrapper, the
same way for every system.
"""

from __future__ import annotations

import contextlib
import importlib.util
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from stepcache_integrations import LLMResponse

__all__ = [
    "SYSTEM_LABELS",
    "Answer",
    "BenchSystem",
    "ExactMatchSystem",
    "GPTCacheSystem",
    "NoCacheSystem",
    "SemanticCacheSystem",
    "StepCacheSystem",
    "build_systems",
    "gptcache_available",
]

SYSTEM_LABELS = {
    "no_cache": "No cache",
    "exact": "Exact-match (LangChain InMemoryCache)",
    "semantic": "Semantic whole-response",
    "gptcache": "GPTCache (real package)",
    "stepcache": "StepCache",
}


@dataclass
class Answer:
    """What one system returned for one request."""

    text: str
    outcome: str  # miss | reuse | reinstantiate | patch | skip_reuse
    verified: bool | None = None
    #: StepCache's verification level (proven / checked / unchecked); None for a system that claims nothing
    verification: str | None = None
    similarity: float | None = None
    engine_prompt_tokens: int | None = None
    engine_completion_tokens: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: where the answer text came from: model | patch | reused | reinstantiated | fallback
    source: str = "model"
    #: for reused / re-instantiated text: who wrote the cached entry (model | fallback | mixed)
    origin: str | None = None
    #: seconds per stage of the cache's own work (embed, search, verify, ...)
    timings: dict[str, float] = field(default_factory=dict)


class LLM(Protocol):
    """The wrapped model (``ChatModelLLM`` or a scripted fake)."""

    def __call__(self, prompt: str) -> LLMResponse: ...


class BenchSystem:
    """Base class: ``warm`` with a base prompt's answer, ``answer`` a request."""

    name = "base"

    def warm(self, prompt: str, response: LLMResponse, llm: LLM) -> None:
        """Put the base prompt's model answer into the cache (no-op without a cache)."""

    def answer(self, prompt: str, llm: LLM) -> Answer:
        """Answer one measured request."""
        raise NotImplementedError

    def close(self) -> None:
        """Release resources."""

    def stats(self) -> dict[str, Any]:
        """The system's own counters, if it keeps any."""
        return {}


class NoCacheSystem(BenchSystem):
    """Always calls the model."""

    name = "no_cache"

    def answer(self, prompt: str, llm: LLM) -> Answer:
        return Answer(llm(prompt).text, "miss")


class ExactMatchSystem(BenchSystem):
    """LangChain ``InMemoryCache``: hit only on the identical prompt and ``llm_string``."""

    name = "exact"

    def __init__(
        self, llm_string: str = "smollm2-135m-instruct|temperature=0|max_tokens=256"
    ) -> None:
        from langchain_core.caches import InMemoryCache

        self.cache = InMemoryCache()
        self.llm_string = llm_string

    def _update(self, prompt: str, text: str) -> None:
        from langchain_core.messages import AIMessage
        from langchain_core.outputs import ChatGeneration

        self.cache.update(
            prompt, self.llm_string, [ChatGeneration(message=AIMessage(content=text))]
        )

    def warm(self, prompt: str, response: LLMResponse, llm: LLM) -> None:
        self._update(prompt, response.text)

    def answer(self, prompt: str, llm: LLM) -> Answer:
        hit = self.cache.lookup(prompt, self.llm_string)
        if hit:
            return Answer(hit[0].text, "reuse", similarity=1.0, source="reused", origin="model")
        text = llm(prompt).text
        self._update(prompt, text)
        return Answer(text, "miss")


class SemanticCacheSystem(BenchSystem):
    """Nearest cached prompt above a cosine threshold returns its whole answer."""

    name = "semantic"

    def __init__(self, threshold: float = 0.7, embedder: Any = None) -> None:
        import faiss

        from stepcache_integrations import HashingEmbedder

        self.threshold = threshold
        self.embedder = embedder or HashingEmbedder()
        self.index: Any = None
        self.answers: list[str] = []
        self._faiss = faiss

    def _add(self, prompt: str, text: str) -> None:
        vec = np.asarray(self.embedder.embed(prompt), dtype=np.float32).reshape(1, -1)
        if self.index is None:
            self.index = self._faiss.IndexFlatIP(vec.shape[1])
        self.index.add(vec)
        self.answers.append(text)

    def warm(self, prompt: str, response: LLMResponse, llm: LLM) -> None:
        self._add(prompt, response.text)

    def answer(self, prompt: str, llm: LLM) -> Answer:
        t0 = time.perf_counter()
        vec = np.asarray(self.embedder.embed(prompt), dtype=np.float32).reshape(1, -1)
        t1 = time.perf_counter()
        timings = {"embed": t1 - t0}
        if self.index is not None and self.index.ntotal:
            scores, ids = self.index.search(vec, 1)
            timings["search"] = time.perf_counter() - t1
            score, idx = float(scores[0][0]), int(ids[0][0])
            if idx >= 0 and score >= self.threshold:
                return Answer(
                    self.answers[idx], "reuse", similarity=score, source="reused", origin="model", timings=timings
                )
        text = llm(prompt).text
        self._add(prompt, text)
        return Answer(text, "miss", timings=timings)


def gptcache_available() -> bool:
    """Whether the ``gptcache`` package is importable."""
    return importlib.util.find_spec("gptcache") is not None


class GPTCacheSystem(BenchSystem):
    """The real GPTCache: sqlite scalar store + FAISS vectors, our embedder, distance evaluation.

    GPTCache's FAISS store returns squared L2 distances (``2 - 2 cos`` for unit vectors)
    and ``SearchDistanceEvaluation`` scores ``4 - d`` against ``4 * threshold``, so a
    GPTCache threshold of ``(1 + t) / 2`` is exactly cosine >= ``t``.
    """

    name = "gptcache"

    def __init__(self, threshold: float = 0.7, embedder: Any = None) -> None:
        from gptcache import Cache, Config
        from gptcache.manager import CacheBase, VectorBase, get_data_manager
        from gptcache.processor.pre import get_prompt
        from gptcache.similarity_evaluation.distance import SearchDistanceEvaluation

        from stepcache_integrations import HashingEmbedder

        self.embedder = embedder or HashingEmbedder()
        self.threshold = threshold
        self._dir = tempfile.mkdtemp(prefix="stepcache-bench-gptcache-")
        dim = int(
            np.asarray(self.embedder.embed("dimension probe")).reshape(-1).shape[0]
        )
        data_manager = get_data_manager(
            CacheBase("sqlite", sql_url=f"sqlite:///{self._dir}/cache.db"),
            VectorBase("faiss", dimension=dim, index_path=f"{self._dir}/faiss.index"),
            max_size=100000,
        )
        self.cache = Cache()
        self.cache.init(
            pre_embedding_func=get_prompt,
            embedding_func=lambda text, **_: np.asarray(
                self.embedder.embed(text), dtype=np.float32
            ),
            data_manager=data_manager,
            similarity_evaluation=SearchDistanceEvaluation(max_distance=4.0),
            config=Config(similarity_threshold=(1.0 + threshold) / 2.0),
        )

    def warm(self, prompt: str, response: LLMResponse, llm: LLM) -> None:
        from gptcache.adapter.api import put

        put(prompt, response.text, cache_obj=self.cache)

    def answer(self, prompt: str, llm: LLM) -> Answer:
        from gptcache.adapter.api import get, put

        hit = get(prompt, cache_obj=self.cache)
        if hit is not None:
            return Answer(str(hit), "reuse", source="reused", origin="model")
        text = llm(prompt).text
        put(prompt, text, cache_obj=self.cache)
        return Answer(text, "miss")

    def close(self) -> None:
        # GPTCache closes (flushes) its data manager again at interpreter exit; close it now
        # and leave a no-op in its place so that exit hook does not write into a deleted dir.
        with contextlib.suppress(Exception):  # best-effort cleanup
            self.cache.data_manager.close()
        self.cache.data_manager = _ClosedDataManager()
        shutil.rmtree(self._dir, ignore_errors=True)


class _ClosedDataManager:
    def close(self) -> None:
        """Nothing left to flush."""


class _ReplayThenLive:
    """An ``llm`` that returns a given response first, then calls the real model (repairs)."""

    def __init__(self, first: LLMResponse, live: LLM) -> None:
        self.first: LLMResponse | None = first
        self.live = live

    def __call__(self, prompt: str) -> LLMResponse:
        if self.first is not None:
            response, self.first = self.first, None
            return response
        return self.live(prompt)


class StepCacheSystem(BenchSystem):
    """The StepCache engine with its default settings (``StepCache(**options)``).

    It also tracks who wrote each entry it stores (the model, the engine's deterministic
    fallback, or both), so a reused or re-instantiated answer can be traced to its origin.
    """

    name = "stepcache"

    def __init__(self, **options: Any) -> None:
        from stepcache_integrations import StepCache

        self.cache = StepCache(**options)
        self.origins: dict[str, str] = {}

    def _origin_of(self, result: Any) -> str:
        """Who wrote the text of ``result`` (for an entry stored from it)."""
        matched = self.origins.get(result.matched_entry_id or "", "model")
        if result.used_fallback:
            return "fallback"
        if result.outcome in ("reuse", "reinstantiate"):
            return matched
        if result.outcome == "patch":
            return "model" if matched == "model" else "mixed"
        return "model"

    def _remember(self, result: Any) -> None:
        if result.stored_entry_id:
            self.origins[result.stored_entry_id] = self._origin_of(result)

    def warm(self, prompt: str, response: LLMResponse, llm: LLM) -> None:
        # The shared base answer goes in first; the engine verifies it and may repair it.
        self._remember(self.cache.generate(prompt, _ReplayThenLive(response, llm)))

    def answer(self, prompt: str, llm: LLM) -> Answer:
        result = self.cache.generate(prompt, llm)
        self._remember(result)
        source, origin = _stepcache_source(result, self.origins)
        return Answer(
            result.text,
            result.outcome,
            verified=result.verified,
            verification=getattr(result, "verification", None),
            similarity=result.similarity,
            engine_prompt_tokens=result.prompt_tokens,
            engine_completion_tokens=result.completion_tokens,
            extra={
                "task": result.task,
                "provenance": result.provenance_counts(),
                "repair_calls": result.repair_calls,
                "used_fallback": result.used_fallback,
                "errors": list(result.errors)[:5],
            },
            source=source,
            origin=origin,
            timings=dict(result.timings),
        )

    def stats(self) -> dict[str, Any]:
        """The engine's own counters (``StepCache.stats()``)."""
        return self.cache.stats()


def _stepcache_source(result: Any, origins: dict[str, str]) -> tuple[str, str | None]:
    """(source, origin) of one StepCache answer; see :class:`Answer`."""
    if result.used_fallback:
        return "fallback", None
    if result.outcome in ("reuse", "reinstantiate"):
        origin = origins.get(result.matched_entry_id or "", "model")
        return ("reused" if result.outcome == "reuse" else "reinstantiated"), origin
    if result.outcome == "patch":
        return "patch", origins.get(result.matched_entry_id or "", "model")
    return "model", None


def build_systems(
    names: list[str], *, threshold: float = 0.7, stepcache_threshold: float | None = None
) -> list[BenchSystem]:
    """Instantiate the named systems (``gptcache`` is skipped if not installed).

    ``threshold`` is the cosine similarity the whole-response semantic caches need;
    StepCache uses ``stepcache_threshold`` (None: its per-task defaults).
    """
    systems: list[BenchSystem] = []
    for name in names:
        if name == "no_cache":
            systems.append(NoCacheSystem())
        elif name == "exact":
            systems.append(ExactMatchSystem())
        elif name == "semantic":
            systems.append(SemanticCacheSystem(threshold=threshold))
        elif name == "gptcache":
            if gptcache_available():
                systems.append(GPTCacheSystem(threshold=threshold))
        elif name == "stepcache":
            systems.append(StepCacheSystem(similarity_threshold=stepcache_threshold))
        else:
            raise ValueError(
                f"unknown system {name!r}; choose from {', '.join(SYSTEM_LABELS)}"
            )
    return systems
