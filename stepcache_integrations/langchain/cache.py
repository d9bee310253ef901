"""``StepCacheLLMCache``: StepCache as LangChain's global (or per-model) LLM cache."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from langchain_core.caches import RETURN_VAL_TYPE, BaseCache
from langchain_core.language_models import BaseLanguageModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, Generation

from ..adapter_core import METADATA_KEY, summarize
from ..core.engine import CachePlan, StepCache
from ..core.types import StepCacheResult
from ..errors import InvalidPromptError
from ..twin_flow import Io, TwinFlow, arun, run
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
    template_flow,
)

__all__ = ["StepCacheLLMCache"]

logger = logging.getLogger("stepcache_integrations.langchain")
_PENDING_MAX = 256


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

    ``lookup`` returns verified reuse (including re-instantiated steps) as generations;
    every chat hit carries ``response_metadata["stepcache"]`` (README: "Response
    metadata"), verbatim hits included. A candidate whose steps fail verification is a
    miss, so LangChain calls the model and ``update`` stores the answer if it verifies.
    With ``patch_model`` a candidate whose failing steps can be regenerated (outcome
    ``patch``) is patched inside ``lookup`` by that model (called without cache) instead
    of being a miss.

    ``update`` never stores an answer that fails verification, not even in a corrected
    form the task could compute (e.g. the solved equation): LangChain already returned
    the model's answer to the caller, and a cache that LangChain treats as transparent
    must not answer the next caller with text the model never produced. The decline is
    logged and counted in :meth:`stats` (``not_stored``). ``StepCacheRunnable`` repairs
    such answers before returning them, and stores the repaired one with its provenance.

    Every request logs one line on the ``stepcache_integrations.langchain`` logger at
    INFO: ``hit`` (outcome and verification level), ``miss`` (why), ``stored`` (with the level
    the entry is marked with) or ``not stored`` (why).

    Args:
        cache: the engine (default: ``StepCache(store=store, **engine_options)``).
        store: where entries live: a ``CacheStore``, a store URL or a SQLite file path
            (passed to ``StepCache(store=...)``; not with ``cache``).
        namespace: the cache namespace for LangChain entries.
        patch_model: a chat model or LLM used to patch failing steps inside ``lookup``.
        task: force a task ("json", "linear_equation", "text"); detected per prompt by default.
        json_schema: a JSON Schema every answer must satisfy (implies the "json" task);
            ``schema=`` is accepted as an alias.
        **engine_options: passed to ``StepCache`` when ``cache`` is not given.
    """

    def __init__(
        self,
        cache: StepCache | None = None,
        *,
        store: Any = None,
        namespace: str = "langchain",
        patch_model: Any = None,
        task: str | None = None,
        json_schema: dict[str, Any] | None = None,
        schema: dict[str, Any] | None = None,
        **engine_options: Any,
    ) -> None:
        if cache is not None and (engine_options or store is not None):
            raise ValueError("pass either a StepCache or engine options (store=...), not both")
        if json_schema is not None and schema is not None:
            raise ValueError("pass json_schema= (schema= is its alias), not both")
        if cache is None:
            cache = StepCache(store=store, **engine_options) if store is not None else StepCache(**engine_options)
        self.cache = cache
        self.namespace = namespace
        self.patch_model = _without_cache(patch_model) if patch_model is not None else None
        self.task = task
        self.json_schema = json_schema if json_schema is not None else schema
        self._lock = threading.Lock()
        self._pending: OrderedDict[tuple[str, str], CachePlan] = OrderedDict()
        self._counts: dict[str, Any] = {}
        self.reset_stats()

    @property
    def schema(self) -> dict[str, Any] | None:
        """Alias of :attr:`json_schema`."""
        return self.json_schema

    # ------------------------------------------------------------------ observability
    def reset_stats(self) -> None:
        """Zero this cache's counters (the engine's are reset with ``cache.reset_stats()``)."""
        with self._lock:
            self._counts = {
                "lookups": 0,
                "hits": 0,
                "misses": 0,
                "hit_outcomes": {"reuse": 0, "reinstantiate": 0, "patch": 0},
                "miss_reasons": {},
                "updates": 0,
                "stored": 0,
                "not_stored": {},
            }

    def stats(self) -> dict[str, Any]:
        """What this cache did: lookups, hits (per outcome), misses (per reason), stored and
        not-stored answers (per reason), and the engine's own ``stats()`` under ``"engine"``.

        ``misses`` counts every lookup that returned None, so LangChain called the model.
        """
        with self._lock:
            counts = {
                k: (dict(v) if isinstance(v, dict) else v) for k, v in self._counts.items()
            }
        counts["engine"] = self.cache.stats()
        return counts

    def _hit(self, outcome: str, prompt: str, level: str) -> None:
        with self._lock:
            self._counts["lookups"] += 1
            self._counts["hits"] += 1
            outcomes = self._counts["hit_outcomes"]
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        logger.info("stepcache: hit (%s, %s) for %s", outcome, level, _short(prompt))

    def _miss(self, reason: str, prompt: str) -> None:
        with self._lock:
            self._counts["lookups"] += 1
            self._counts["misses"] += 1
            reasons = self._counts["miss_reasons"]
            reasons[reason] = reasons.get(reason, 0) + 1
        logger.info("stepcache: miss (%s) for %s", reason, _short(prompt))

    def _stored(self, stored: bool, reason: str, prompt: str, detail: str = "", level: str | None = None) -> None:
        with self._lock:
            self._counts["updates"] += 1
            if stored:
                self._counts["stored"] += 1
            else:
                reasons = self._counts["not_stored"]
                reasons[reason] = reasons.get(reason, 0) + 1
        if stored:
            logger.info("stepcache: stored the answer%s for %s", f" ({level})" if level else "", _short(prompt))
        else:
            logger.info("stepcache: not stored (%s%s) for %s", reason, f": {detail}" if detail else "", _short(prompt))

    def _remember(self, prompt: str, llm_string: str, plan: CachePlan) -> None:
        with self._lock:
            self._pending[(prompt, llm_string)] = plan
            self._pending.move_to_end((prompt, llm_string))
            while len(self._pending) > _PENDING_MAX:
                self._pending.popitem(last=False)

    def _take_plan(self, prompt: str, llm_string: str) -> CachePlan | None:
        with self._lock:
            return self._pending.pop((prompt, llm_string), None)

    @staticmethod
    def _miss_reason(plan: CachePlan, patching: bool) -> str:
        if plan.entry is None:
            return "no cached candidate"
        if plan.outcome == "patch" and not patching:
            return "candidate needs a patch (no patch_model)"
        if plan.outcome == "patch":
            return "candidate needs a patch (tool-call answers are not patched)"
        return "candidate failed verification"

    # ------------------------------------------------------------------ helpers
    def _options(self, request: Request, llm_string: str) -> dict[str, Any]:
        return {
            "task": self.task,
            "schema": self.json_schema,
            "namespace": self.namespace,
            "llm_key": self._llm_key(request, llm_string),
        }

    @staticmethod
    def _llm_key(request: Request, llm_string: str) -> str:
        """The entry partition of a request: the model and its parameters (``llm_string``: bound
        tools, tool choice, response format...), scoped to everything in the request beyond
        its text (images, names, tool calls... see ``Request.digest``)."""
        return request.llm_key(llm_key_for(llm_string))

    def _cached_generations(
        self, plan: CachePlan, request: Request, template: BaseMessage | None
    ) -> tuple[list[Generation], bool] | None:
        """Generations for a plan the cache answers alone, and whether they are the stored ones."""
        restored = restorable_generations(plan)
        if restored is not None:
            return restored, True
        if request.kind == "chat":
            message = message_from_text(plan.cached_text, template)
            if message is None:
                return None
            return [ChatGeneration(message=message)], False
        return [Generation(text=plan.cached_text)], False

    def _annotated(
        self, gens: list[Generation], result: StepCacheResult, verbatim: bool, request: Request, llm_string: str
    ) -> list[Generation]:
        """Generations carrying the ``stepcache`` record.

        Chat messages always get ``response_metadata["stepcache"]``. A verbatim text
        generation is returned exactly as stored (LangChain's cache contract); other text
        generations get ``generation_info["stepcache"]``.
        """
        out: list[Generation] = []
        where = self._where(request, llm_string)
        for gen in gens:
            if isinstance(gen, ChatGeneration):
                message = annotate(gen.message, result, **where)
                out.append(ChatGeneration(message=message, generation_info=gen.generation_info))
            elif verbatim:
                out.append(gen)
            else:
                info = {**(gen.generation_info or {}), METADATA_KEY: summarize(result, **where)}
                out.append(Generation(text=gen.text, generation_info=info))
        return out

    def _where(self, request: Request, llm_string: str) -> dict[str, str]:
        return {"namespace": self.namespace, "llm_key": self._llm_key(request, llm_string)}

    def _patched(
        self, result: StepCacheResult, request: Request, template: BaseMessage | None, llm_string: str
    ) -> list[Generation] | None:
        if not result.checks_passed:
            return None  # LangChain regenerates; update() stores the answer if it passes its checks
        where = self._where(request, llm_string)
        if request.kind == "chat":
            message = message_from_text(result.text, template)
            if message is None:
                return None
            return [ChatGeneration(message=annotate(message, result, **where))]
        return [Generation(text=result.text, generation_info={METADATA_KEY: summarize(result, **where)})]

    def _can_patch(self, plan: CachePlan, template: BaseMessage | None) -> bool:
        if self.patch_model is None or plan.outcome != "patch":
            return False
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

    def _served(
        self, plan: CachePlan, request: Request, prompt: str, llm_string: str, template: BaseMessage | None
    ) -> tuple[list[Generation], bool] | None:
        """The cache-only answer of ``plan`` or None (a miss, recorded)."""
        found = self._cached_generations(plan, request, template)
        if found is None:
            self._miss("cached answer cannot be rebuilt as this message type", request.text)
            self._remember(prompt, llm_string, plan)
        return found

    def _declined(self, plan: CachePlan, request: Request, prompt: str, llm_string: str) -> None:
        self._miss(self._miss_reason(plan, self.patch_model is not None), request.text)
        self._remember(prompt, llm_string, plan)

    def _patch_outcome(
        self, result: StepCacheResult, request: Request, template: BaseMessage | None, llm_string: str
    ) -> list[Generation] | None:
        gens = self._patched(result, request, template, llm_string)
        if gens is None:
            self._miss("patch failed verification", request.text)
        else:
            self._hit("patch", request.text, result.verification)
        return gens

    # ------------------------------------------------------------------ BaseCache
    def _lookup_flow(self, prompt: str, llm_string: str) -> TwinFlow[RETURN_VAL_TYPE | None]:
        request = parse_cache_prompt(prompt)
        try:
            options = self._options(request, llm_string)
            plan = yield Io.of(self.cache.lookup, self.cache.alookup, request.text, **options)
        except InvalidPromptError as exc:
            self._miss(f"prompt not cacheable: {exc}", request.text)
            return None
        template = yield from template_flow(plan, self.cache.store)
        if not plan.needs_model:
            found = self._served(plan, request, prompt, llm_string, template)
            if found is None:
                return None
            result = yield Io.of(self.cache.serve, self.cache.aserve, plan)
            self._hit(result.outcome, request.text, result.verification)
            return self._annotated(found[0], result, found[1], request, llm_string)
        if not self._can_patch(plan, template):
            self._declined(plan, request, prompt, llm_string)
            return None
        assert plan.generation_prompt is not None
        model_input = request.model_input(plan.generation_prompt)
        output = yield Io.of(self.patch_model.invoke, self.patch_model.ainvoke, model_input)
        response = output_response(output, plan.generation_prompt)
        metadata = entry_metadata(request.kind, None, template)
        caller = _PatchCaller(self.patch_model, request)
        result = yield Io.of(self.cache.finalize, self.cache.afinalize, plan, response, llm=caller, metadata=metadata)
        return self._patch_outcome(result, request, template, llm_string)

    def lookup(self, prompt: str, llm_string: str) -> RETURN_VAL_TYPE | None:
        """Verified reuse as a list of generations, or None (a miss: LangChain calls the model)."""
        return run(self._lookup_flow(prompt, llm_string))

    async def alookup(self, prompt: str, llm_string: str) -> RETURN_VAL_TYPE | None:
        """Async twin of :meth:`lookup` (native: the engine's async path)."""
        return await arun(self._lookup_flow(prompt, llm_string))

    def _not_stored_reason(self, prompt: str, llm_string: str, text: str) -> tuple[str, str]:
        """Why ``store_answer`` declined: the task's verification errors if it failed them."""
        plan = self._take_plan(prompt, llm_string)
        if plan is None:
            return "failed verification or store unavailable", ""
        errors = plan.handler.check_answer(plan.handler.segment(text, plan.constraints), plan.constraints)
        if errors:
            return "failed verification", "; ".join(errors[:2])
        return "store write failed or skipped", ""

    def _update_flow(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> TwinFlow[None]:
        request = parse_cache_prompt(prompt)
        args = self._store_args(request, return_val)
        if args is None:
            self._stored(False, "no generations", request.text)
            return
        text, prompt_tokens, completion_tokens, metadata = args
        options = self._options(request, llm_string)
        try:
            entry_id = yield Io.of(
                self.cache.store_answer, self.cache.astore_answer, request.text, text,
                prompt_tokens=prompt_tokens, completion_tokens=completion_tokens, metadata=metadata, **options,
            )
        except InvalidPromptError as exc:
            self._take_plan(prompt, llm_string)
            self._stored(False, "prompt or answer not cacheable", request.text, str(exc))
            return
        self._after_store(entry_id, prompt, llm_string, request, text)

    def update(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> None:
        """Store a freshly generated answer if it verifies (see the class docstring)."""
        run(self._update_flow(prompt, llm_string, return_val))

    async def aupdate(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> None:
        """Async twin of :meth:`update`."""
        await arun(self._update_flow(prompt, llm_string, return_val))

    def _after_store(self, entry_id: str | None, prompt: str, llm_string: str, request: Request, text: str) -> None:
        if entry_id is not None:
            plan = self._take_plan(prompt, llm_string)
            level = None
            if plan is not None:  # the level store_answer marked the entry with
                steps = plan.handler.segment(text, plan.constraints)
                level = plan.handler.verification_level(steps, plan.constraints, None)
            self._stored(True, "", request.text, level=level)
            return
        reason, detail = self._not_stored_reason(prompt, llm_string, text)
        self._stored(False, reason, request.text, detail)

    def clear(self, **kwargs: Any) -> None:
        """Delete this cache's entries (its namespace)."""
        self.cache.clear(self.namespace)

    async def aclear(self, **kwargs: Any) -> None:
        """Async twin of :meth:`clear`."""
        await self.cache.aclear(self.namespace)


def _short(text: str, limit: int = 80) -> str:
    """A prompt as it appears in a log line."""
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 3] + "...")
