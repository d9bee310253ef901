"""``StepCacheLLMCache``: StepCache as LangChain's global (or per-model) LLM cache."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from langchain_core.caches import RETURN_VAL_TYPE, BaseCache
from langchain_core.language_models import BaseLanguageModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, Generation

from ..core.engine import CachePlan, StepCache
from ..core.types import StepCacheResult
from ..errors import InvalidPromptError
from ._convert import (
    Request,
    annotate,
    entry_metadata,
    generation_text,
    llm_key_for,
    message_from_text,
    output_response,
    parse_cache_prompt,
    restorable_generations,
    stored_template,
    summary,
)

__all__ = ["StepCacheLLMCache"]

logger = logging.getLogger("stepcache_integrations")


class _PatchCaller:
    """The engine's ``llm`` for patch and repair requests inside ``lookup``."""

    def __init__(self, model: Any, request: Request) -> None:
        self.model = model
        self.request = request

    def invoke(self, prompt: str) -> Any:
        return output_response(self.model.invoke(self.request.model_input(prompt)), prompt)

    async def ainvoke(self, prompt: str) -> Any:
        return output_response(await self.model.ainvoke(self.request.model_input(prompt)), prompt)


def _without_cache(model: Any) -> Any:
    """A copy of ``model`` that does not consult any LLM cache (avoids recursion)."""
    if isinstance(model, BaseLanguageModel):
        return model.model_copy(update={"cache": False})
    return model


class StepCacheLLMCache(BaseCache):
    """A LangChain ``BaseCache`` backed by a StepCache engine.

    Use it globally (``set_llm_cache(StepCacheLLMCache())``) or per model
    (``ChatOpenAI(..., cache=StepCacheLLMCache())``); chat models and completion LLMs,
    sync and async.

    ``lookup`` returns verified reuse (including re-instantiated steps) as generations.
    A candidate whose steps fail verification is a miss, so LangChain regenerates and
    ``update`` stores the new answer - unless ``patch_model`` is given: then the failing
    steps are regenerated inside ``lookup`` by that model (called without cache) and the
    patched answer is stored by the engine.

    Each ``llm_string`` (model plus parameters) gets its own ``llm_key``, so two models
    never share entries. Generations are stored whole (message type, tool calls,
    ``additional_kwargs``, ``generation_info``) and returned verbatim when the cached
    answer is served unchanged.

    Args:
        cache: the engine (default: ``StepCache(**engine_options)``, in memory).
        namespace: the cache namespace for LangChain entries.
        patch_model: a chat model or LLM used to patch failing steps inside ``lookup``.
        task: force a task ("json", "linear_equation", "text"); detected per prompt by default.
        schema: a JSON Schema every answer must satisfy (implies the "json" task).
        **engine_options: passed to ``StepCache`` when ``cache`` is not given.
    """

    def __init__(
        self,
        cache: StepCache | None = None,
        *,
        namespace: str = "langchain",
        patch_model: Any = None,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        **engine_options: Any,
    ) -> None:
        if cache is not None and engine_options:
            raise ValueError("pass either a StepCache or engine options, not both")
        self.cache = cache if cache is not None else StepCache(**engine_options)
        self.namespace = namespace
        self.patch_model = _without_cache(patch_model) if patch_model is not None else None
        self.task = task
        self.schema = schema

    # ------------------------------------------------------------------ helpers
    def _options(self, llm_string: str) -> dict[str, Any]:
        return {
            "task": self.task,
            "schema": self.schema,
            "namespace": self.namespace,
            "llm_key": llm_key_for(llm_string),
        }

    def _cached_generations(self, plan: CachePlan, request: Request) -> list[Generation] | None:
        """Generations for a plan the cache answers alone (before recording the hit)."""
        restored = restorable_generations(plan)
        if restored is not None:
            return restored
        if request.kind == "chat":
            message = message_from_text(plan.cached_text, stored_template(plan))
            if message is None:
                return None
            return [ChatGeneration(message=message)]
        return [Generation(text=plan.cached_text)]

    @staticmethod
    def _annotated(gens: list[Generation], result: StepCacheResult, verbatim: bool) -> list[Generation]:
        if verbatim:
            return gens  # exactly what was stored
        out: list[Generation] = []
        for gen in gens:
            if isinstance(gen, ChatGeneration):
                message = annotate(gen.message, result)
                out.append(ChatGeneration(message=message, generation_info=gen.generation_info))
            else:
                info = {**(gen.generation_info or {}), "stepcache": summary(result)}
                out.append(Generation(text=gen.text, generation_info=info))
        return out

    def _patched(
        self, result: StepCacheResult, request: Request, template: BaseMessage | None
    ) -> list[Generation] | None:
        if not result.verified:
            return None  # LangChain regenerates; update() stores the answer if it verifies
        if request.kind == "chat":
            message = message_from_text(result.text, template)
            if message is None:
                return None
            return [ChatGeneration(message=annotate(message, result))]
        return [Generation(text=result.text, generation_info={"stepcache": summary(result)})]

    def _can_patch(self, plan: CachePlan) -> bool:
        if self.patch_model is None or plan.outcome != "patch":
            return False
        template = stored_template(plan)
        return not (template is not None and getattr(template, "tool_calls", None))

    @staticmethod
    def _store_args(request: Request, return_val: Sequence[Generation]) -> tuple[str, int, int, dict[str, Any]] | None:
        gens = list(return_val)
        if not gens:
            return None
        first = gens[0]
        text = generation_text(first)
        prompt_tokens = completion_tokens = 0
        if isinstance(first, ChatGeneration):
            usage = getattr(first.message, "usage_metadata", None) or {}
            prompt_tokens = int(usage.get("input_tokens") or 0)
            completion_tokens = int(usage.get("output_tokens") or 0)
        return text, prompt_tokens, completion_tokens, entry_metadata(request.kind, gens)

    # ------------------------------------------------------------------ BaseCache
    def lookup(self, prompt: str, llm_string: str) -> RETURN_VAL_TYPE | None:
        """Verified reuse as a list of generations, or None (a miss)."""
        request = parse_cache_prompt(prompt)
        try:
            plan = self.cache.lookup(request.text, **self._options(llm_string))
        except InvalidPromptError:
            return None
        if not plan.needs_model:
            gens = self._cached_generations(plan, request)
            if gens is None:
                return None
            verbatim = restorable_generations(plan) is not None
            return self._annotated(gens, plan.result(), verbatim)
        if not self._can_patch(plan):
            return None
        template = stored_template(plan)
        caller = _PatchCaller(self.patch_model, request)
        assert plan.generation_prompt is not None
        output = self.patch_model.invoke(request.model_input(plan.generation_prompt))
        result = self.cache.finalize(
            plan,
            output_response(output, plan.generation_prompt),
            llm=caller,
            metadata=entry_metadata(request.kind, None),
        )
        return self._patched(result, request, template)

    async def alookup(self, prompt: str, llm_string: str) -> RETURN_VAL_TYPE | None:
        """Async twin of :meth:`lookup` (native: the engine's async path)."""
        request = parse_cache_prompt(prompt)
        try:
            plan = await self.cache.alookup(request.text, **self._options(llm_string))
        except InvalidPromptError:
            return None
        if not plan.needs_model:
            gens = self._cached_generations(plan, request)
            if gens is None:
                return None
            verbatim = restorable_generations(plan) is not None
            return self._annotated(gens, await plan.aresult(), verbatim)
        if not self._can_patch(plan):
            return None
        template = stored_template(plan)
        caller = _PatchCaller(self.patch_model, request)
        assert plan.generation_prompt is not None
        output = await self.patch_model.ainvoke(request.model_input(plan.generation_prompt))
        result = await self.cache.afinalize(
            plan,
            output_response(output, plan.generation_prompt),
            llm=caller,
            metadata=entry_metadata(request.kind, None),
        )
        return self._patched(result, request, template)

    def update(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> None:
        """Store a freshly generated answer (verified first; unverifiable answers are not kept)."""
        request = parse_cache_prompt(prompt)
        args = self._store_args(request, return_val)
        if args is None:
            return
        text, prompt_tokens, completion_tokens, metadata = args
        try:
            self.cache.store_answer(
                request.text,
                text,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
                metadata=metadata,
                **self._options(llm_string),
            )
        except InvalidPromptError as exc:
            logger.debug("stepcache: not caching this answer: %s", exc)

    async def aupdate(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> None:
        """Async twin of :meth:`update`."""
        request = parse_cache_prompt(prompt)
        args = self._store_args(request, return_val)
        if args is None:
            return
        text, prompt_tokens, completion_tokens, metadata = args
        try:
            await self.cache.astore_answer(
                request.text,
                text,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
                metadata=metadata,
                **self._options(llm_string),
            )
        except InvalidPromptError as exc:
            logger.debug("stepcache: not caching this answer: %s", exc)

    def clear(self, **kwargs: Any) -> None:
        """Delete this cache's entries (its namespace)."""
        self.cache.clear(self.namespace)

    async def aclear(self, **kwargs: Any) -> None:
        """Async twin of :meth:`clear`."""
        await self.cache.aclear(self.namespace)
