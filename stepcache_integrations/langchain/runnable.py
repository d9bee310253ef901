"""``StepCacheRunnable`` / ``with_step_cache``: the full StepCache pipeline around any LangChain model.

Unlike a ``BaseCache`` (which LangChain only consults for whole answers and bypasses
when streaming), the wrapper runs reuse, re-instantiation, patching and repair, streams
(stored steps on reuse; verified prefix then live tokens on patch), and reports what it
did in ``response_metadata["stepcache"]``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Collection, Iterator
from dataclasses import dataclass, replace
from functools import wraps
from typing import Any

from langchain_core.callbacks import (
    AsyncCallbackManagerForChainRun,
    CallbackManagerForChainRun,
)
from langchain_core.callbacks.manager import adispatch_custom_event, dispatch_custom_event
from langchain_core.messages import BaseMessage
from langchain_core.runnables import (
    Runnable,
    RunnableConfig,
    RunnableParallel,
    RunnableSequence,
    RunnableSerializable,
)
from langchain_core.runnables.config import patch_config
from langchain_core.runnables.configurable import DynamicRunnable
from langchain_core.runnables.fallbacks import _returns_runnable
from pydantic import BaseModel, ConfigDict, Field

from ..adapters.flow import (
    END,
    Emit,
    Io,
    StreamFlow,
    StreamSession,
    TwinFlow,
    answer_flow,
    arun,
    arun_stream,
    canonical,
    finish_step,
    one_flight,
    log_request,
    opened,
    pull,
    result_event,
    run,
    run_stream,
    Reason,
    TierDecision,
    declared_fields,
    fits,
    inert_names,
    length_limit,
    reported_output_tokens,
    sampling_reason,
    share_flow,
    shared_plan_flow,
    warn_once,
)
from ..adapters.identity import held_options
from ..core.engine import StepCache
from ..core.flights import flight_key
from ..core.types import StepCacheResult
from ..errors import InvalidPromptError
from ._requests import (
    CallSpec,
    JSON_ONLY,
    Request,
    annotate,
    configured_identity,
    kwargs_digest,
    messages_to_text,
    newest_turn_alone,
    LlmStringView,
    read_llm_string,
    step_key,
    summary,
    template_flow,
    wrapper_identity,
    wrapper_sampling,
    wrapper_tier,
)
from ._identity import bound_identity, unwrap
from ._model import ModelCaller, call_options, is_model, llm_string, model_kind, prompt_value, schema_dict
from ._outputs import from_cache, from_model
from ._streaming import (
    cached_chunks, chunk_text, merge_chunks, piece, stream_revised, stream_tail, streams_live, strip_usage,
)
from ._runnable_exact import exact_invoke_flow, exact_stream_flow
from .engine_model import output_text

__all__ = ["StepCacheRunnable", "with_step_cache"]

logger = logging.getLogger("stepcache_integrations")
request_logger = logging.getLogger("stepcache_integrations.langchain")  # one line per request, as the global cache
_EVENT = "stepcache"


def _held(view: LlmStringView, options: dict[str, Any]) -> LlmStringView:
    """``view`` with its key strings scoped to the options ``llm_string`` shows only by a ``repr`` (a class, a
    callable, an object: ``adapters.identity.held_options``), keyed by what they hold."""
    suffix = held_options(options)
    if not suffix:
        return view
    return replace(view, key_string=view.key_string + suffix, step_string=view.step_string + suffix)


class StepCacheRunnable(RunnableSerializable[Any, Any]):
    """Any chat model or LLM, answered through a StepCache.

    ``invoke``/``ainvoke``/``batch``/``abatch``/``stream``/``astream`` all go through
    the cache. The wrapper is its own run (``run_type="chain"``); every model call is a
    child run. Chat answers carry ``response_metadata["stepcache"]`` (outcome, per-step
    provenance, similarity, model calls, tokens spent and saved) and ``usage_metadata``
    with the tokens actually spent; a ``"stepcache"`` custom callback event carries the
    same record (also for completion LLMs, which return plain strings).

    ``bind_tools``, ``with_structured_output``, ``bind`` and other methods returning a
    Runnable are forwarded to the model and re-wrapped; ``with_structured_output(schema)``
    makes ``schema`` drive the JSON verification. Otherwise the bound and call options are
    read as the global cache reads ``llm_string`` (:meth:`call_spec`): a forced tool's parameter
    schema or a ``json_schema`` response format is the schema; a request only a tool call
    answers, answered in plain text, fails its checks (no repair, no fallback, not stored), and
    a cached answer that is no tool call is never served for it.

    Every request logs one INFO line on ``stepcache_integrations.langchain``, as the global cache
    does (``adapters.flow.log_request``).
    """

    bound: Runnable
    """The model (a chat model, an LLM, or a ``RunnableBinding`` of one)."""
    cache: Any = Field(default_factory=StepCache)
    """The ``StepCache`` engine."""
    namespace: str = "langchain"
    task: str | None = None
    json_schema: dict[str, Any] | None = None
    """A JSON Schema answers must satisfy (set by ``with_structured_output``)."""
    llm_key: str | None = None
    """Entry partition; by default derived from the model and its parameters (an explicit key is
    still scoped to the bound and call options, and every key to the request beyond its text)."""
    inert_model_fields: frozenset[str] = frozenset()
    """The model's own fields that never change what it answers (a call log, a client): out of every key."""
    structured_class: Any = None
    """The pydantic class this wrapper's ``with_structured_output`` read (None: none). A response format
    bound as that very class (ChatOpenAI's ``method="json_schema"``) is read as the ``json_schema`` format of
    its full schema (:meth:`known_format`); any other class stays unread (the exact tier)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    def __init__(self, bound: Runnable, cache: StepCache | None = None, *, inert_model_fields: Collection[str] = (),
                 **kwargs: Any) -> None:
        super().__init__(bound=bound, cache=StepCache() if cache is None else cache,  # type: ignore[call-arg]
                         inert_model_fields=inert_names(inert_model_fields), **kwargs)

    @classmethod
    def is_lc_serializable(cls) -> bool:
        return False

    def get_name(self, suffix: str | None = None, *, name: str | None = None) -> str:
        return super().get_name(suffix, name=name or f"StepCache[{self.bound.get_name()}]")

    @property
    def InputType(self) -> Any:  # noqa: N802 - LangChain API
        return self.bound.InputType

    @property
    def OutputType(self) -> Any:  # noqa: N802 - LangChain API
        return self.bound.OutputType

    # ------------------------------------------------------------------ forwarding and re-wrapping
    def _rewrap(self, bound: Runnable, **changes: Any) -> StepCacheRunnable:
        fields = {name: getattr(self, name) for name in type(self).model_fields if name not in ("bound", "name")}
        return self.__class__(bound=bound, **{**fields, **changes})

    def bind_tools(self, tools: Any, **kwargs: Any) -> StepCacheRunnable:
        """Bind tools to the model; the result still goes through the cache."""
        return self._rewrap(self.bound.bind_tools(tools, **kwargs))  # type: ignore[attr-defined]

    def bind(self, **kwargs: Any) -> StepCacheRunnable:
        """Bind call arguments to the model (part of the cache key); re-wrapped."""
        return self._rewrap(self.bound.bind(**kwargs))

    def with_structured_output(self, schema: Any, *, include_raw: bool = False, **kwargs: Any) -> Runnable:
        """The model's structured output, with its model call cached and verified against ``schema``."""
        structured = self.bound.with_structured_output(  # type: ignore[attr-defined]
            schema, include_raw=include_raw, **kwargs
        )
        json_schema = schema_dict(schema)
        known = schema if isinstance(schema, type) and issubclass(schema, BaseModel) else None
        return self._replace_model(structured, json_schema, known)

    def _replace_model(self, runnable: Runnable, json_schema: dict[str, Any] | None, known: Any = None) -> Runnable:
        if is_model(runnable):
            return self._rewrap(runnable, json_schema=json_schema, task="json" if json_schema is None else None,
                                structured_class=known)
        if isinstance(runnable, RunnableSequence):
            return RunnableSequence(
                self._replace_model(runnable.first, json_schema, known), *runnable.middle, runnable.last,
                name=runnable.name,
            )
        if isinstance(runnable, RunnableParallel) and "raw" in runnable.steps__:
            steps = dict(runnable.steps__)
            steps["raw"] = self._replace_model(steps["raw"], json_schema, known)
            return RunnableParallel(steps)
        logger.warning("stepcache: cannot find the model inside %r; structured output is not cached", runnable)
        return runnable

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in type(self).model_fields:
            return super().__getattr__(name)  # type: ignore[misc]
        attr = getattr(self.bound, name)
        if _returns_runnable(attr):

            @wraps(attr)
            def wrapped(*args: Any, **kwargs: Any) -> Any:
                result = attr(*args, **kwargs)
                return self._rewrap(result) if is_model(result) else result

            return wrapped
        return attr

    # ------------------------------------------------------------------ shared pieces
    def _request(self, value: Any) -> Request:
        prompt = prompt_value(value)
        if model_kind(self.bound) == "llm":
            return Request("llm", prompt.to_string())
        messages = prompt.to_messages()
        return Request("chat", messages_to_text(messages), messages)

    def resolve_llm_key(self, **call_kwargs: Any) -> str:
        """The model part of the ``llm_key`` this wrapper's entries use (for these call kwargs).

        Derived from the model and its parameters (bound and call options: tools, tool
        choice, response format, stop...) and from every field of the model object as it is now
        (``_tiers.wrapper_identity``: ``llm_string`` names no model for some classes, and a field set
        after construction is not in it); or ``llm_key`` if set, scoped to a digest of those options
        when there are any. Each request scopes it further to everything beyond its text
        (:meth:`request_llm_key`).
        """
        return self._model_key(self._bound_view(call_kwargs), call_kwargs)

    def _bound_view(self, call_kwargs: dict[str, Any]) -> LlmStringView:
        """What ``llm_string`` says of the model with these call kwargs as bound (inert fields out)."""
        return _held(read_llm_string(llm_string(self.bound, call_kwargs), inert=self.inert_model_fields),
                     call_options(self.bound, call_kwargs))

    def _model_key(self, view: LlmStringView, call_kwargs: dict[str, Any], model: str | None = None) -> str:
        """:meth:`resolve_llm_key` from ``view`` (:meth:`_bound_view` of ``call_kwargs``); ``model``: its
        ``wrapper_identity`` when the caller has it."""
        if self.llm_key is not None:
            digest = kwargs_digest(call_options(self.bound, call_kwargs))
            key = self.llm_key if digest is None else f"{self.llm_key}|options={digest}"
            identity = bound_identity(self.bound)  # endpoint and key digest the client resolved (R3, R12)
            return key if identity is None else f"{key}|{identity}"
        # inert fields out (``_tiers.step_key``), the model's whole identity in (its endpoint too)
        model = wrapper_identity(self.bound, view.key_string, self.inert_model_fields) if model is None else model
        return f"{step_key(model_kind(self.bound), view.key_string)}|model={model}"

    def shared_llm_key(self, **call_kwargs: Any) -> str | None:
        """The model part of the partition every sampling shares: :meth:`resolve_llm_key` without the
        sampling options of the model's provider profile (``_requests.sampling_split``; its fields and the
        call options); None when the caller set ``llm_key`` or the key is :meth:`resolve_llm_key`'s. Only
        answers proven for their prompt are stored there, and served from it only proven for the new one."""
        view = self._bound_view(call_kwargs)
        return self._shared_key(view, self._model_key(view, call_kwargs))

    def _shared_key(self, view: LlmStringView, model_key: str) -> str | None:
        """:meth:`shared_llm_key` from ``view`` and the request's :meth:`resolve_llm_key` (``model_key``)."""
        if self.llm_key is not None:
            return None
        model = wrapper_identity(self.bound, view.step_string, self.inert_model_fields, step=True)
        key = f"{step_key(model_kind(self.bound), view.step_string)}|model={model}"
        identity = bound_identity(self.bound)
        key = key if identity is None else f"{key}|{identity}"
        return None if key == model_key else key

    def request_llm_key(self, request: Request, call_kwargs: dict[str, Any]) -> str:
        """The ``llm_key`` of one request: :meth:`resolve_llm_key` scoped to ``request.digest``
        (images, names, tool calls... - none for a plain-text request)."""
        return request.llm_key(self.resolve_llm_key(**call_kwargs))

    def known_format(self, call_kwargs: dict[str, Any]) -> dict[str, Any] | None:
        """The response format bound as :attr:`structured_class` itself, read as the ``json_schema`` format of
        the class's full schema (pydantic's ``model_json_schema``: every title, description, default and enum
        the provider renders from the class, a superset of what the model reads), or None when the bound
        response format is anything else (another class stays unread: the exact tier)."""
        cls = self.structured_class
        if cls is None or call_options(self.bound, call_kwargs).get("response_format") is not cls:
            return None
        return {"type": "json_schema", "json_schema": {"name": cls.__name__, "schema": cls.model_json_schema()}}

    def _read_kwargs(self, call_kwargs: dict[str, Any]) -> dict[str, Any]:
        """``call_kwargs`` as the tier and the call spec read them: a response format bound as the known
        class replaced by :meth:`known_format` (what the model is sent, read; never what is sent)."""
        known = self.known_format(call_kwargs)
        return call_kwargs if known is None else {**call_kwargs, "response_format": known}

    def call_spec(self, call_kwargs: dict[str, Any]) -> CallSpec:
        """What the bound and call options ask of an answer (tools, tool choice, response format):
        read as the global cache reads them from ``llm_string`` (a known class: :meth:`known_format`)."""
        if model_kind(self.bound) == "llm":
            return CallSpec()
        return CallSpec.from_options(call_options(self.bound, self._read_kwargs(call_kwargs)))

    def _options(self, key: str, spec: CallSpec, known: bool = False) -> dict[str, Any]:
        """Lookup options: ``task`` / ``json_schema`` when set, else what the call options ask for
        (a forced tool's parameter schema, a ``json_schema`` response format). ``known``: the response
        format is the known class, whose full schema (not the converted ``json_schema``, which drops
        field titles the model reads) is the one verified."""
        task = self.task if self.task is not None else (spec.task if self.json_schema is None else None)
        own = spec.response_schema if known else self.json_schema
        schema = spec.schema_for(own, task)  # with what the model reads of the call (tool names...)
        return {"task": task, "schema": schema, "namespace": self.namespace, "llm_key": key}

    def _fresh(self, plan: Any, options: dict[str, Any]) -> Any:
        """A miss plan for a request whose cached answer cannot serve it (no tool call for a tool
        request): the model answers; the prompt's vector is kept (no second embedding)."""
        fresh = self.cache.prepare(plan.prompt, **options)
        fresh.vector = plan.vector
        return fresh

    def _record(self, key: str) -> dict[str, Any]:
        return {"namespace": self.namespace, "llm_key": key}

    def _finish(self, output: Any, result: StepCacheResult, key: str, streamed: bool = False) -> Any:
        if isinstance(output, BaseMessage):
            return annotate(output, result, streamed=streamed, **self._record(key))
        return output

    def _log(self, result: StepCacheResult, key: str, prompt: str, plan: Any, revised: bool = False) -> dict[str, Any]:
        record = summary(result, revised=revised, **self._record(key))  # revised: streamed text was replaced
        nearest = plan.entry.prompt if plan.entry is not None else None
        event = result_event(result)
        log_request(request_logger, event, prompt=prompt, nearest=nearest, record=record, **self._record(key))
        return record

    def _emit(
        self, result: StepCacheResult, config: RunnableConfig, key: str, prompt: str, plan: Any, revised: bool = False
    ) -> None:
        record = self._log(result, key, prompt, plan, revised)
        try:
            dispatch_custom_event(_EVENT, record, config=config)
        except Exception:  # noqa: BLE001 - tracing must never break an answer
            logger.debug("stepcache: could not dispatch the custom event", exc_info=True)

    async def _aemit(
        self, result: StepCacheResult, config: RunnableConfig, key: str, prompt: str, plan: Any, revised: bool = False
    ) -> None:
        record = self._log(result, key, prompt, plan, revised)
        try:
            await adispatch_custom_event(_EVENT, record, config=config)
        except Exception:  # noqa: BLE001
            logger.debug("stepcache: could not dispatch the custom event", exc_info=True)

    # ------------------------------------------------------------------ invoke
    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return self._call_with_config(self._invoke, input, config, **kwargs)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return await self._acall_with_config(self._ainvoke, input, config, **kwargs)

    def _planned(self, run_: _Run) -> TwinFlow[tuple[Any, Any, Any] | None]:
        """Lookup: (plan, the stored message shape, the cache-only output or None), or None when the
        prompt cannot be cached. A cached answer that is no tool call never serves a tool request."""
        try:
            plan = yield Io.of(self.cache.lookup, self.cache.alookup, run_.request.text, **run_.options)
        except InvalidPromptError:  # e.g. an empty prompt: nothing to cache, just answer
            return None
        plan, _ = yield from shared_plan_flow(self.cache, run_.request.text, plan, run_.options, run_.shared)
        stored = yield from template_flow(plan, self.cache.store)
        output = from_cache(plan, run_.request, stored) if not plan.needs_model else None
        if output is not None and (run_.spec.rejects(output) or not self._fits(plan, output, run_.limit)):
            plan, output = self._fresh(plan, run_.options), None
        if sampling_reason(plan, run_.caller.sampling, self.cache.serves_proven(plan)) is not None:  # proven only
            plan, output = self._fresh(plan, run_.options), None
        return plan, stored, output

    def _shared(self, run_: _Run, plan: Any, result: StepCacheResult, raw: Any, stored: Any) -> TwinFlow[None]:
        """Store an answer the model gave, proven for its prompt, in the shared partition too."""
        def answer() -> tuple[str, int, int, Any]:
            metadata = run_.caller.shaped(stored).entry_metadata(plan, raw)
            return result.text, result.prompt_tokens, result.completion_tokens, metadata

        entry_id = result.stored_entry_id if raw is not None else None  # the model answered: its answer was stored
        yield from share_flow(self.cache, run_.request.text, run_.shared, entry_id, result, answer)

    @staticmethod
    def _fits(plan: Any, output: Any, limit: int | None) -> bool:
        """Whether a cache-only answer fits the request's length limit (``adapters.flow.fits``: the
        stored message itself fits by the tokens its model reported)."""
        restored = plan.entry is not None and isinstance(output, BaseMessage) and output_text(output) == plan.entry.text
        return fits(plan.cached_text, limit, reported_output_tokens(output) if restored else None)

    def _recorded(self, run_: _Run, plan: Any, result: StepCacheResult, revised: bool = False) -> TwinFlow[None]:
        yield Io.of(self._emit, self._aemit, result, run_.child, run_.key, run_.request.text, plan, revised)

    def read(self, call_kwargs: dict[str, Any], spec: CallSpec | None = None) -> CallRead:
        """What this request's call kwargs say, read once per request (:class:`CallRead`): the known class
        (:meth:`known_format`), what the options ask of an answer (:meth:`call_spec`; ``spec`` when the caller
        has it), and ``llm_string`` as read and as bound."""
        known = self.known_format(call_kwargs)
        read_kwargs = call_kwargs if known is None else {**call_kwargs, "response_format": known}
        options = call_options(self.bound, read_kwargs)
        if spec is None:
            spec = CallSpec() if model_kind(self.bound) == "llm" else CallSpec.from_options(options)
        json_task = self.json_schema is not None or self.task == "json" or spec.task == "json"
        view = _held(read_llm_string(llm_string(self.bound, read_kwargs), inert=self.inert_model_fields,
                                     json_task=json_task), options)
        bound = view if known is None else self._bound_view(call_kwargs)  # the key strings: json_task reads no key
        return CallRead(call_kwargs, known is not None, options, spec, view, bound)

    def tier(self, request: Request, call_kwargs: dict[str, Any], spec: CallSpec) -> tuple[TierDecision, str, int | None]:
        """The tier of this request (``adapters.flow``), its exact-tier model identity and its length
        limit (``max_tokens``...: read by the length rule, ``adapters.flow``).

        The step tier holds unless a message part or field the engine does not read, a field of the
        model it does not know (``instructions``...: every such field at once, each with the opt-in
        that lifts it) or an option it does not model (stop sequences...) says otherwise; then the
        exact tier answers (the wrapper sees the model, so there is always a tier)."""
        return self._tier(request, self.read(call_kwargs, spec))

    def _tier(self, request: Request, read: CallRead, model: str | None = None) -> tuple[TierDecision, str, int | None]:
        """:meth:`tier` of a read request; ``model``: the ``wrapper_identity`` of its bound key string, when
        the caller has it."""
        decision = wrapper_tier(self.bound, request.unread, read.view, read.options, self.inert_model_fields)
        warn_once("with_step_cache", decision)
        fields = {name: value for name, (value, _) in declared_fields(unwrap(self.bound)[0]).items()}
        limit = min((n for n in (read.view.length_limit, length_limit(fields)) if n is not None), default=None)
        if read.known:  # the exact tier keys on the options as bound (the class) and as read
            key_string = read.view.key_string + "|bound=" + read.bound.key_string
            return decision, wrapper_identity(self.bound, key_string, self.inert_model_fields), limit
        if model is None:
            model = wrapper_identity(self.bound, read.view.key_string, self.inert_model_fields)
        return decision, model, limit

    def sampling(self, call_kwargs: dict[str, Any]) -> str:
        """The digest of this request's sampling options (``_requests.wrapper_sampling``), kept with its
        entries: an entry generated with other ones serves only an answer proven for the prompt."""
        return wrapper_sampling(self.bound, self.read(call_kwargs).view)

    def bypass_reason(self, request: Request, call_kwargs: dict[str, Any], spec: CallSpec) -> str | None:
        """Every reason the step tier makes no claim about this request, in one line (None: none)."""
        return self.tier(request, call_kwargs, spec)[0].reason

    def _run(self, input: Any, child: RunnableConfig, kwargs: dict[str, Any]) -> _Run:
        request = self._request(input)
        read = self.read(kwargs)  # llm_string built and read once (twice for the known class: as bound too)
        request = newest_turn_alone(request, self.cache, self, read.spec)
        model = None if self.llm_key is not None else wrapper_identity(self.bound, read.bound.key_string,
                                                                        self.inert_model_fields)
        model_key = self._model_key(read.bound, kwargs, model)
        key = request.llm_key(model_key)
        decision, identity, limit = self._tier(request, read, model)
        if isinstance(unwrap(self.bound)[0], DynamicRunnable):  # the config picks the model that runs
            identity = configured_identity(identity, child.get("configurable"))
        sampling = wrapper_sampling(self.bound, read.view)
        caller = ModelCaller(self.bound, request, child, kwargs, read.spec, limit=limit, sampling=sampling)
        options = self._options(key, read.spec, known=read.known)
        shared = self._shared_key(read.bound, model_key)
        shared_options = None if shared is None else {**options, "llm_key": request.llm_key(shared)}
        return _Run(request, caller, child, key, read.spec, options, decision, identity, limit, shared_options)

    def _claimed(self, run_: _Run) -> TwinFlow[tuple[_Run, tuple[Any, Any, Any] | None]]:
        """The run and its lookup (:meth:`_planned`); a run below the step tier is not looked up, and
        a JSON response format answered by a task other than json goes to the exact tier."""
        if run_.decision.tier != "step":
            return run_, None
        planned = yield from self._planned(run_)
        if planned is None:  # e.g. an empty prompt: the step tier cannot take it; the exact tier can
            return replace(run_, decision=run_.decision.demoted(Reason("prompt not cacheable by the step tier"))), None
        if run_.decision.json_only and planned[0].task != "json":
            return replace(run_, decision=run_.decision.demoted(Reason(JSON_ONLY))), None
        return run_, planned

    def _invoke_flow(self, input: Any, child: RunnableConfig, kwargs: dict[str, Any]) -> TwinFlow[Any]:
        run_ = self._run(input, child, kwargs)
        return (yield from one_flight(self.cache, self._flight_key(run_), lambda: self._answer_flow(run_, input, kwargs)))

    def _flight_key(self, run_: _Run) -> Any:
        """What makes two requests the same request (``adapters.flow.one_flight``): the partition (model,
        options, request beyond its text), the exact tier's model identity, the tier, the sampling options,
        the length limit, the lookup options and the whole conversation's text."""
        request = run_.request
        whole = messages_to_text(request.messages) if request.kind == "chat" else request.text
        return flight_key("langchain.wrapper", self.namespace, run_.key, run_.identity, run_.decision.tier,
                          run_.caller.sampling, run_.limit, canonical(run_.options), request.kind, request.text, whole)

    def _answer_flow(self, run_: _Run, input: Any, kwargs: dict[str, Any]) -> TwinFlow[Any]:
        """The request's lookup (a waiter's, after the identical request it waited for) and answer."""
        run_, planned = yield from self._claimed(run_)
        if run_.decision.tier == "exact":
            return (yield from exact_invoke_flow(self, run_, input, kwargs))
        assert planned is not None
        plan, stored, output = planned
        answer = yield from answer_flow(self.cache, plan, run_.caller.shaped(stored))
        yield from self._shared(run_, plan, answer.result, answer.raw, stored)
        yield from self._recorded(run_, plan, answer.result)
        if answer.raw is not None:
            output = from_model(plan, run_.request, answer.raw, answer.result, stored)
        return self._finish(output, answer.result, run_.key)

    def _invoke(
        self, input: Any, run_manager: CallbackManagerForChainRun, config: RunnableConfig, **kwargs: Any
    ) -> Any:
        return run(self._invoke_flow(input, patch_config(config, callbacks=run_manager.get_child()), kwargs))

    async def _ainvoke(
        self, input: Any, run_manager: AsyncCallbackManagerForChainRun, config: RunnableConfig, **kwargs: Any
    ) -> Any:
        return await arun(self._invoke_flow(input, patch_config(config, callbacks=run_manager.get_child()), kwargs))

    # ------------------------------------------------------------------ streaming
    def stream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        yield from self._transform_stream_with_config(iter([input]), self._stream, config, **kwargs)

    async def astream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AsyncIterator[Any]:
        async def one() -> AsyncIterator[Any]:
            yield input

        async for chunk in self._atransform_stream_with_config(one(), self._astream, config, **kwargs):
            yield chunk

    def _stream_flow(self, input: Any, child: RunnableConfig, kwargs: dict[str, Any]) -> StreamFlow:
        run_, planned = yield from self._claimed(self._run(input, child, kwargs))
        if run_.decision.tier == "exact":
            yield from exact_stream_flow(self, run_, input, kwargs)
            return
        assert planned is not None
        plan, stored, output = planned
        request, caller, key = run_.request, run_.caller, run_.key
        if not plan.needs_model:
            result = yield Io.of(self.cache.serve, self.cache.aserve, plan)
            yield from self._recorded(run_, plan, result)
            final = self._finish(output, result, key, streamed=True)
            for chunk in cached_chunks(final, [s.text for s in result.steps]):
                yield Emit(chunk)
            return
        assert plan.generation_prompt is not None
        session = StreamSession()
        if not streams_live(plan):
            raw = yield Io.of(caller.call, caller.acall, plan.generation_prompt)
        else:
            if plan.prefix_text:
                yield Emit(piece(request.kind, plan.prefix_text))
                session.prefix(plan.prefix_text)
            pieces = []
            stream = yield Io.of(caller.stream, opened(caller.astream), plan.generation_prompt)
            while (chunk := (yield pull(stream))) is not END:
                pieces.append(chunk)
                session.feed(chunk_text(chunk))
                yield Emit(strip_usage(chunk))
            raw = merge_chunks(pieces)
        result = yield finish_step(self.cache, plan, caller.shaped(stored), raw)
        yield from self._shared(run_, plan, result, raw, stored)
        final = self._finish(from_model(plan, request, raw, result, stored), result, key, streamed=True)
        # the event is a completion LLM's only record: it says when the sent text was replaced
        yield from self._recorded(run_, plan, result, stream_revised(final, session, live=streams_live(plan)))
        for chunk in stream_tail(final, session, [s.text for s in result.steps], live=streams_live(plan)):
            yield Emit(chunk)

    def _stream(
        self,
        inputs: Iterator[Any],
        run_manager: CallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> Iterator[Any]:
        child = patch_config(config, callbacks=run_manager.get_child())
        yield from run_stream(self._stream_flow(next(inputs), child, kwargs))

    async def _astream(
        self,
        inputs: AsyncIterator[Any],
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> AsyncIterator[Any]:
        child = patch_config(config, callbacks=run_manager.get_child())
        async for chunk in arun_stream(self._stream_flow(await inputs.__anext__(), child, kwargs)):
            yield chunk


@dataclass(frozen=True)
class CallRead:
    """One request's call kwargs as the wrapper reads them (``StepCacheRunnable.read``), once per request:
    ``known``: the response format is the wrapper's known class (read as its ``json_schema`` format);
    ``options``: what the call sends the model (as read); ``spec``: what they ask of an answer; ``view``:
    ``llm_string`` as read (the tier, the sampling options); ``bound``: as bound (the keys; ``view`` itself
    unless ``known``)."""

    kwargs: dict[str, Any]
    known: bool
    options: dict[str, Any]
    spec: CallSpec
    view: LlmStringView
    bound: LlmStringView


@dataclass(frozen=True)
class _Run:
    """One wrapper request: its parts, its model caller (child runs), its key and call spec."""

    request: Request
    caller: ModelCaller
    child: RunnableConfig
    key: str
    spec: CallSpec
    options: dict[str, Any]
    decision: TierDecision
    identity: str
    limit: int | None = None
    shared: dict[str, Any] | None = None  # the lookup options of the partition every sampling shares


# ----------------------------------------------------------------------------- public helper
def with_step_cache(model: Runnable, cache: StepCache | None = None, **options: Any) -> StepCacheRunnable:
    """Wrap ``model`` (chat model or LLM) so every call goes through ``cache``.

    ``options``: ``namespace``, ``task``, ``json_schema`` (``schema`` is an alias), ``llm_key``,
    ``inert_model_fields`` (the model's own fields known not to change its answers).
    """
    if "schema" in options:
        if "json_schema" in options:
            raise ValueError("pass json_schema= (schema= is its alias), not both")
        options["json_schema"] = options.pop("schema")
    return StepCacheRunnable(bound=model, cache=cache, **options)
