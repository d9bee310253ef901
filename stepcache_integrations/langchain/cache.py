"""``StepCacheLLMCache``: StepCache as LangChain's global (or per-model) LLM cache."""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, NamedTuple

from langchain_core.caches import RETURN_VAL_TYPE, BaseCache
from langchain_core.language_models import BaseLanguageModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, Generation

from ..adapters.flow import (
    Io,
    METADATA_KEY,
    TwinFlow,
    answer_flow,
    arun,
    bypass_summary,
    run,
    summarize,
    CUT_OFF,
    Reason,
    TierDecision,
    cut_off,
    fits,
    inert_names,
    reported_output_tokens,
    sampling_reason,
    share_flow,
    shared_plan_flow,
    warn_once,
)
from ..core.engine import CachePlan, StepCache, declined_outcome
from ..core.types import StepCacheResult
from ..errors import InvalidPromptError
from ._requests import (
    CacheCounters,
    CallSpec,
    JSON_ONLY,
    LlmStringView,
    Request,
    annotate,
    cache_tier,
    message_from_text,
    parse_cache_prompt,
    newest_turn_alone,
    read_llm_string,
    SAMPLING,
    restorable_generations,
    step_key,
    store_args,
    template_flow,
)
from ._patch_caller import PatchCaller
from ._cache_exact import ExactCall, exact_lookup_flow, exact_update_flow, exact_where

__all__ = ["StepCacheLLMCache"]

_PENDING_MAX = 256


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
    every chat hit carries ``response_metadata["stepcache"]`` (docs/guarantees.md: "Response
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

    One plan from lookup to store: on a miss the plan of ``lookup`` (the prompt's vector, its
    task and constraints) is kept for ``update``, which neither embeds the prompt nor detects its
    task again, and segments and checks the answer once (``StepCache.store_planned``).

    Structured output and tools are read from ``llm_string`` (the bound tools, tool choice and
    response format LangChain passes): a forced tool's parameter schema or a ``json_schema``
    response format is the JSON Schema the answer is verified against (``task="json"``), unless
    ``json_schema=`` / ``task=`` say otherwise; a request that only a tool call answers
    (``function_calling``, ``bind_tools(..., tool_choice=...)``) answered in plain text is never
    stored, and a cached answer that is not a tool call is never served for it.

    Every lookup logs one line and every update one more on the ``stepcache_integrations.langchain``
    logger at INFO: ``hit`` (outcome and verification level), ``miss`` (why), ``stored`` (with the
    level the entry is marked with) or ``not stored`` (why), each followed by a short stable key
    (``<model key digest>/<namespace>/<prompt digest>``) and the part of the prompt that differs
    from the cached candidate's (or its tail). LangChain's cache interface gives a miss no
    response metadata (``update`` returns nothing to the caller): a miss's record (the
    ``stepcache`` record with ``reason``: why the model was called) rides on the update's log
    record (its ``stepcache`` attribute) and is ``stats()["last_miss"]``.

    Args:
        cache: the engine (default: ``StepCache(store=store, **engine_options)``).
        store: where entries live: a ``CacheStore``, a store URL or a SQLite file path
            (passed to ``StepCache(store=...)``; not with ``cache``).
        namespace: the cache namespace for LangChain entries.
        patch_model: a chat model or LLM used to patch failing steps inside ``lookup``.
        task: force a task ("json", "linear_equation", "text"); detected per prompt by default.
        json_schema: a JSON Schema every answer must satisfy (implies the "json" task);
            ``schema=`` is accepted as an alias.
        inert_model_fields: the models' own fields known not to change what they answer (a call
            log, a client): any other field their LangChain and provider classes do not declare,
            with a value (``instructions``, ``persona``...), makes the request no claim.
        inert_model_types: the ``_llm_type`` of models LangChain does not serialize whose fields
            are all inert (``llm_string`` holds none of them: an unknown type is no claim).
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
        inert_model_fields: Collection[str] = (),
        inert_model_types: Collection[str] = (),
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
        self.inert_model_fields = inert_names(inert_model_fields)
        self.inert_model_types = inert_names(inert_model_types)
        self._lock = threading.Lock()
        self._pending: OrderedDict[tuple[str, str], _Pending] = OrderedDict()
        self._reads: OrderedDict[tuple[Any, ...], _Read] = OrderedDict()
        self._counters = CacheCounters()

    @property
    def schema(self) -> dict[str, Any] | None:
        """Alias of :attr:`json_schema`."""
        return self.json_schema

    # ------------------------------------------------------------------ observability
    def reset_stats(self) -> None:
        """Zero this cache's counters (the engine's are reset with ``cache.reset_stats()``)."""
        self._counters.reset()

    def stats(self) -> dict[str, Any]:
        """What this cache did, in the engine's vocabulary, plus what only the cache sees.

        ``requests``, ``outcomes`` (reuse, reinstantiate, patch, skip_reuse, miss),
        ``verification``, ``failed_checks``, ``model_calls``, tokens spent and saved...: the
        requests this cache answered through the engine, counted by the engine's own code from
        the same records (a hit when it is served, a miss when ``update`` hands its answer to
        the engine; a lookup whose model call fails never reaches the engine). With an engine of
        its own they equal the engine's counters (``"engine"``: its ``stats()``). Beside them:
        ``lookups``, ``hits``, ``misses`` (lookups that returned None, so LangChain called the
        model) and ``miss_reasons``; ``updates``, ``stored`` and ``not_stored`` per reason; and
        ``last_miss``, the ``stepcache`` record of the latest miss (LangChain shows a miss no
        response metadata).
        """
        counts = self._counters.snapshot()
        counts["engine"] = self.cache.stats()
        return counts

    def _remember(self, prompt: str, llm_string: str, pending: _Pending) -> None:
        with self._lock:
            self._pending[(prompt, llm_string)] = pending
            self._pending.move_to_end((prompt, llm_string))
            while len(self._pending) > _PENDING_MAX:
                self._pending.popitem(last=False)

    def _take(self, prompt: str, llm_string: str) -> _Pending | None:
        with self._lock:
            return self._pending.pop((prompt, llm_string), None)

    def _read(self, prompt: str, llm_string: str, *, again: bool = False) -> _Read:
        """The request behind ``prompt`` and what ``llm_string`` says of it (its tier), read once:
        ``lookup`` reads it and keeps it (at most ``_PENDING_MAX`` reads), the ``update`` after it
        (``again``) takes it back. The key holds everything the read depends on: the prompt, the
        model and its parameters (``llm_string``), and this cache's settings as they are now."""
        key = (prompt, llm_string, self.namespace, self.task, self.json_schema is not None, self.inert_model_fields,
               self.inert_model_types)
        if again:
            with self._lock:
                kept = self._reads.pop(key, None)
            if kept is not None:
                return kept
        request = parse_cache_prompt(prompt)
        spec = self._spec(request, llm_string)
        request = newest_turn_alone(request, self.cache, self, spec)
        read = _Read(request, spec, *self._tier(request, llm_string, spec))
        if not again:
            with self._lock:
                self._reads[key] = read
                while len(self._reads) > _PENDING_MAX:
                    self._reads.popitem(last=False)
        return read

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
    def _options(self, request: Request, llm_string: str, spec: CallSpec) -> dict[str, Any]:
        task = self.task if self.task is not None else (spec.task if self.json_schema is None else None)
        return {
            "task": task,
            "schema": spec.schema_for(self.json_schema, task),  # with what the model reads of the call
            "namespace": self.namespace,
            "llm_key": self._llm_key(request, llm_string),
        }

    @staticmethod
    def _spec(request: Request, llm_string: str) -> CallSpec:
        return CallSpec.from_llm_string(llm_string) if request.kind == "chat" else CallSpec()

    @staticmethod
    def _llm_key(request: Request, llm_string: str) -> str:
        """The entry partition of a request: the model and its parameters (``llm_string``: bound
        tools, tool choice, response format...), scoped to everything in the request beyond
        its text (images, names, tool calls... see ``Request.digest``). A prompt read as a message list
        where ``llm_string`` cannot say a chat model sent it (a model LangChain does not serialize, or a
        completion LLM, whose prompt is text) is keyed apart: never a text prompt's entry."""
        return request.llm_key(step_key(request.kind, llm_string))

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
        self, gens: list[Generation], result: StepCacheResult, verbatim: bool, where: dict[str, str]
    ) -> list[Generation]:
        """Generations carrying the ``stepcache`` record.

        Chat messages always get ``response_metadata["stepcache"]``. A verbatim text
        generation is returned exactly as stored (LangChain's cache contract); other text
        generations get ``generation_info["stepcache"]``.
        """
        out: list[Generation] = []
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

    def _where(self, options: dict[str, Any]) -> dict[str, str]:
        return {"namespace": options["namespace"], "llm_key": options["llm_key"]}

    def _patched(
        self,
        result: StepCacheResult,
        request: Request,
        template: BaseMessage | None,
        spec: CallSpec,
        where: dict[str, str],
    ) -> list[Generation] | None:
        if not result.checks_passed:
            return None  # LangChain regenerates; update() stores the answer if it passes its checks
        if request.kind == "chat":
            message = message_from_text(result.text, template)
            if message is None or spec.rejects(message):
                return None
            return [ChatGeneration(message=annotate(message, result, **where))]
        return [Generation(text=result.text, generation_info={METADATA_KEY: summarize(result, **where)})]

    @staticmethod
    def _shared_options(request: Request, view: LlmStringView, options: dict[str, Any]) -> dict[str, Any] | None:
        """The lookup options of the partition every sampling shares (``_requests.sampling_split``: the model
        key without the sampling options), None when this request's partition is that one."""
        if view.step_string == view.key_string:
            return None
        return {**options, "llm_key": request.llm_key(step_key(request.kind, view.step_string))}

    def _can_patch(self, plan: CachePlan, template: BaseMessage | None) -> bool:
        if self.patch_model is None or plan.outcome != "patch":
            return False
        return not (template is not None and getattr(template, "tool_calls", None))

    def _declined(
        self,
        reason: str,
        plan: CachePlan,
        request: Request,
        key: tuple[str, str],
        options: dict[str, Any],
        result: StepCacheResult | None = None,
    ) -> None:
        """A lookup that returns None: LangChain calls the model; ``update`` gets this plan."""
        nearest = plan.entry.prompt if plan.entry is not None else None
        self._counters.miss(reason, self._where(options), request.text, nearest, result, outcome=declined_outcome(plan))
        self._remember(*key, _Pending(plan, options, reason))

    def _hit(self, result: StepCacheResult, plan: CachePlan, request: Request, where: dict[str, str]) -> None:
        nearest = plan.entry.prompt if plan.entry is not None else None
        self._counters.hit(result, where, request.text, nearest, summarize(result, **where))

    def _tier(self, request: Request, llm_string: str, spec: CallSpec) -> tuple[TierDecision, LlmStringView]:
        """The tier of this request (``adapters.flow``): step, exact (a message part or field the
        engine does not read, an option it does not model: every reason at once) or none (its
        ``llm_string`` names no model); and what ``llm_string`` says (its key string: inert fields out)."""
        json_task = self.json_schema is not None or self.task == "json" or spec.task == "json"
        view = read_llm_string(llm_string, inert=self.inert_model_fields, inert_types=self.inert_model_types,
                               json_task=json_task)
        decision = cache_tier(request.unread, view)
        warn_once("StepCacheLLMCache", decision)
        return decision, view

    def _exact(self, request: Request, decision: TierDecision, view: LlmStringView) -> ExactCall:
        return ExactCall(self.cache, self.namespace, self._counters, request, decision, view)

    # ------------------------------------------------------------------ BaseCache
    def _lookup_flow(self, prompt: str, llm_string: str) -> TwinFlow[RETURN_VAL_TYPE | None]:
        request, spec, decision, view = self._read(prompt, llm_string)
        if decision.tier == "none":
            where = exact_where(self.namespace, view)
            self._counters.bypass(decision, where, request.text, bypass_summary(decision.reason or "", **where,
                                                                                 decision=decision))
            return None
        if decision.tier == "exact":
            return (yield from exact_lookup_flow(self._exact(request, decision, view)))
        options = self._options(request, view.key_string, spec)
        try:
            plan = yield Io.of(self.cache.lookup, self.cache.alookup, request.text, **options)
        except InvalidPromptError as exc:  # e.g. an empty prompt: the exact tier still answers
            decision = decision.demoted(Reason(f"prompt not cacheable by the step tier: {exc}"))
            return (yield from exact_lookup_flow(self._exact(request, decision, view)))
        if decision.json_only and plan.task != "json":  # update() reaches the same verdict
            return (yield from exact_lookup_flow(self._exact(request, decision.demoted(Reason(JSON_ONLY)), view)))
        shared = self._shared_options(request, view, options)  # proven only, when the model is needed
        plan, options = yield from shared_plan_flow(self.cache, request.text, plan, options, shared)
        template = yield from template_flow(plan, self.cache.store)
        where, key = self._where(options), (prompt, llm_string)
        sampled = sampling_reason(plan, view.sampling, self.cache.serves_proven(plan))
        if sampled is not None:
            self._declined(sampled, plan, request, key, options)
            return None
        if not plan.needs_model:
            found = self._cached_generations(plan, request, template)
            if found is None:
                self._declined("cached answer cannot be rebuilt as this message type", plan, request, key, options)
                return None
            if spec.rejects(getattr(found[0][0], "message", None)):
                self._declined("cached answer is not a tool call", plan, request, key, options)
                return None
            reported = reported_output_tokens(getattr(found[0][0], "message", None)) if found[1] else None
            if not fits(plan.cached_text, view.length_limit, reported):
                self._declined(f"cached answer may not fit max_tokens={view.length_limit}", plan, request, key, options)
                return None
            result = yield Io.of(self.cache.serve, self.cache.aserve, plan)
            self._hit(result, plan, request, where)
            return self._annotated(found[0], result, found[1], where)
        if not self._can_patch(plan, template):
            self._declined(self._miss_reason(plan, self.patch_model is not None), plan, request, key, options)
            return None
        patcher = PatchCaller(self.patch_model, request, spec, template)
        result = (yield from answer_flow(self.cache, plan, patcher)).result
        gens = self._patched(result, request, template, spec, where)
        if gens is None:
            self._declined("patch failed verification", plan, request, key, options, result)
        else:
            self._hit(result, plan, request, where)
        return gens

    def lookup(self, prompt: str, llm_string: str) -> RETURN_VAL_TYPE | None:
        """Verified reuse as a list of generations, or None (a miss: LangChain calls the model)."""
        return run(self._lookup_flow(prompt, llm_string))

    async def alookup(self, prompt: str, llm_string: str) -> RETURN_VAL_TYPE | None:
        """Async twin of :meth:`lookup` (native: the engine's async path).

        Identical requests in flight at once (``abatch([s, s])``, ``gather`` of one ``ainvoke``) cost one model
        call (``core.flights``): the first to miss leads until its ``aupdate`` (the answer stored) or the end of
        its task (the model failed: LangChain calls no update); an identical request's lookup waits for it, then
        looks up. Only a chat model's request (a serialized message list): LangChain runs its lookup, model call
        and update in a task of their own (``agenerate``'s ``gather``), so a failed call never holds a waiter past
        it; a completion LLM's run in the caller's task, which may live on. The sync :meth:`lookup` does not
        coalesce: nothing tells the cache when a sync model call that failed is over."""
        flights = getattr(self.cache, "flights", None)
        task = asyncio.current_task()
        if flights is None or task is None or not _chat_prompt(prompt):
            return await arun(self._lookup_flow(prompt, llm_string))
        ticket = flights.join(self._flight_key(prompt, llm_string))
        if ticket.waits:
            await ticket.await_()
        try:
            found = await arun(self._lookup_flow(prompt, llm_string))
        except BaseException:
            ticket.release()
            raise
        if found is not None or not ticket.leader:
            ticket.release()
        else:  # a miss: LangChain calls the model, then aupdate, in this task; waiters wait until it ends
            task.add_done_callback(lambda _task: ticket.release())
        return found

    def _update_flow(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> TwinFlow[None]:
        request, spec, decision, view = self._read(prompt, llm_string, again=True)
        pending = self._take(prompt, llm_string)
        if decision.tier == "none":
            where = exact_where(self.namespace, view)
            record = bypass_summary(decision.reason or "", **where, decision=decision)
            self._counters.update(None, "bypass", decision.reason or "", where, request.text, None, record)
            return
        if decision.tier == "exact":
            yield from exact_update_flow(self._exact(request, decision, view), return_val)
            return
        options = self._options(request, view.key_string, spec)
        where = self._where(options)
        args = store_args(request, return_val)
        if args is None:
            self._counters.update(None, "no generations", "", where, request.text, None, None)
            return
        text, prompt_tokens, completion_tokens, metadata = args
        metadata = {**metadata, SAMPLING: view.sampling}  # an entry serves other sampling options only proven
        first = next(iter(return_val))
        plan, decision = self._update_plan(request, options, pending, decision)
        if plan is None:
            yield from exact_update_flow(self._exact(request, decision, view), return_val)
            return
        try:
            report = yield Io.of(
                self.cache.store_planned, self.cache.astore_planned, plan, text,
                prompt_tokens=prompt_tokens, completion_tokens=completion_tokens, metadata=metadata,
                rejected=[*spec.rejects(getattr(first, "message", None)),
                          *([CUT_OFF] if cut_off(getattr(first, "message", first), view.length_limit) else [])],
            )
        except InvalidPromptError as exc:
            self._counters.update(None, "prompt or answer not cacheable", str(exc), where, request.text, None, None)
            return
        yield from share_flow(self.cache, request.text, self._shared_options(request, view, options), report.entry_id,
                              report.result, lambda: (text, prompt_tokens, completion_tokens, metadata))
        reason = pending.reason if pending is not None else "update without a lookup"
        record = {**summarize(report.result, **where), "reason": reason}
        nearest = plan.entry.prompt if plan.entry is not None else None
        detail = "; ".join(report.errors[:2])
        self._counters.update(report.result, report.reason, detail, where, request.text, nearest, record)

    def _update_plan(
        self, request: Request, options: dict[str, Any], pending: _Pending | None, decision: TierDecision
    ) -> tuple[CachePlan | None, TierDecision]:
        """The plan an update stores under (the lookup's, vector, task and constraints, when it was
        made for these options), or None and the decision demoted to the exact tier when the step
        tier cannot take the prompt."""
        try:
            plan = pending.plan if pending is not None and pending.options == options else None
            if plan is None:
                plan = self.cache.prepare(request.text, **options)
        except InvalidPromptError as exc:
            return None, decision.demoted(Reason(f"prompt not cacheable by the step tier: {exc}"))
        if decision.json_only and plan.task != "json":
            return None, decision.demoted(Reason(JSON_ONLY))
        return plan, decision

    def update(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> None:
        """Store a freshly generated answer if it verifies (see the class docstring)."""
        run(self._update_flow(prompt, llm_string, return_val))

    async def aupdate(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> None:
        """Async twin of :meth:`update` (it ends the flight its task's :meth:`alookup` leads: identical requests
        waiting for it look up now)."""
        try:
            await arun(self._update_flow(prompt, llm_string, return_val))
        finally:
            flights = getattr(self.cache, "flights", None)
            if flights is not None:
                flights.land(self._flight_key(prompt, llm_string))

    def _flight_key(self, prompt: str, llm_string: str) -> tuple[str, str, str, str]:
        """The flight of one request (``core.flights``): this cache's namespace, the prompt and ``llm_string``."""
        return ("langchain.global", self.namespace, prompt, llm_string)

    def clear(self, **kwargs: Any) -> None:
        """Delete this cache's entries (its namespace)."""
        self.cache.clear(self.namespace)

    async def aclear(self, **kwargs: Any) -> None:
        """Async twin of :meth:`clear`."""
        await self.cache.aclear(self.namespace)


def _chat_prompt(prompt: str) -> bool:
    """Whether a ``BaseCache`` prompt is a chat model's (a serialized message list, as ``parse_cache_prompt`` reads it)."""
    stripped = prompt.lstrip()
    return stripped.startswith("[") and '"lc"' in stripped[:200]


@dataclass(frozen=True)
class _Pending:
    """What ``lookup`` hands ``update`` for a miss: its plan, the options it was made for, and why
    it was declined."""

    plan: CachePlan
    options: dict[str, Any]
    reason: str


class _Read(NamedTuple):
    """One request as ``lookup`` read it, for the ``update`` after it: the request behind the
    prompt, what the call asks (``CallSpec``), its tier and what ``llm_string`` says."""

    request: Request
    spec: CallSpec
    decision: TierDecision
    view: LlmStringView
