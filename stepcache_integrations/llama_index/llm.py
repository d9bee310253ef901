"""``StepCacheLLM``: a LlamaIndex LLM that answers through a StepCache.

Every caching decision (retrieve, verify, reuse, re-instantiate, patch, repair, store) is the engine's; the wrapper only

* turns LlamaIndex requests into a cache prompt (chat messages are rendered as
  ``role: content`` lines) and an ``llm_key`` that identifies the inner model,
* turns the engine's model requests back into calls of the inner LLM (a patch or repair
  prompt for a chat request becomes the original messages with the instruction appended
  to the last user message),
* builds LlamaIndex responses carrying the ``stepcache`` record (docs/guarantees.md: "Response
  metadata") in ``additional_kwargs["stepcache"]``, and streams: verified cached steps
  at once, the model's part token by token,
* reports each record to the query-engine or chat-engine response it belongs to
  (``response.metadata["stepcache"]``, see ``_spans``), and scopes the cache key of calls
  made for a chat-engine follow-up to the conversation (history plus message).

Requests the step tier cannot represent faithfully (tools / function calling, structured
``response_format``, non-text content, tool messages, a field of the inner model its provider
profile does not know) are answered by the exact tier (``_exact``): the inner model's own answer to
exactly this request, replayed (``{"outcome": "exact"}``; ``"miss"`` when the model was called).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Collection, Sequence
from typing import Any, NamedTuple

from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseAsyncGen,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseAsyncGen,
    CompletionResponseGen,
    LLMMetadata,
)
from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.callbacks import CallbackManager
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from llama_index.core.llms.function_calling import FunctionCallingLLM
from llama_index.core.llms.llm import LLM

from ..adapters.flow import (
    END,
    Emit,
    Io,
    METADATA_KEY,
    StepCacheSummary,
    StreamFlow,
    TwinFlow,
    answer_flow,
    arun,
    arun_stream,
    canonical,
    finish_step,
    log_request,
    one_flight,
    pull,
    result_event,
    run,
    run_stream,
    share_flow,
    shared_plan_flow,
    summarize,
    TierDecision,
    inert_names,
    warn_once,
)
from ..adapters.turns import alone_turns, question_after_system
from ..core.engine import CachePlan, StepCache
from ..core.flights import flight_key
from ..core.types import StepCacheResult
from ._exact import ExactRequest, exact_answer_flow, exact_chat_request, exact_completion_request, exact_stream_flow
from ._function_calling import InnerFunctionCalling
from ._tiers import Sampling, dropped_fields, fitted, llama_tier, request_limit, sampling_split
from ._requests import (
    chat_caller,
    clean_messages,
    completion_caller,
    default_llm_key,
    history_scope,
    messages_for,
    messages_to_cache_prompt,
    request_digest,
    request_rest,
    role_name,
)
from ._responses import (
    StreamState,
    chat_chunk,
    chat_response,
    completion_chunk,
    completion_response,
    fill,
    replay,
    streams_live,
)
from ._spans import conversation_scope, install, report

logger = logging.getLogger("stepcache_integrations.llama_index")  # one line per request, as the LangChain adapters


def _newest_as(messages: Sequence[ChatMessage], at: list[int], newest: str) -> list[ChatMessage]:
    """The messages at ``at``, the last one's text ``newest`` (a format the history asks: ``adapters.turns``)."""
    kept = [messages[i] for i in at]
    return kept if (kept[-1].content or "") == newest else [*kept[:-1], ChatMessage(role=kept[-1].role, content=newest)]


class _Begun(NamedTuple):
    """One request as ``StepCacheLLM._begin`` read it: its ``llm_key``, its tier, the lookup options of
    the partition every sampling shares (None: its own is that one, or ``llm_key`` is set) and the
    digest of its sampling options (kept with its entries)."""

    key: str
    decision: TierDecision
    shared: dict[str, Any] | None
    sampling: str
    prompt: str | None = None  # the step tier's prompt when it is not the request's own (a newest turn read alone)


class _StreamKind(NamedTuple):
    """What differs between completion and chat streams: the chunk's text and the chunk builder."""

    text: Callable[[Any], str | None]
    chunk: Callable[..., Any]


_COMPLETION = _StreamKind(text=lambda part: part.text, chunk=completion_chunk)
_CHAT = _StreamKind(text=lambda part: part.message.content, chunk=chat_chunk)

__all__ = [
    "StepCacheLLM",
    "StepCacheFunctionCallingLLM",
    "messages_to_cache_prompt",
    "default_llm_key",
    "METADATA_KEY",
]


_COPIED_FIELDS = (
    "system_prompt",
    "messages_to_prompt",
    "completion_to_prompt",
    "output_parser",
    "pydantic_program_mode",
    "query_wrapper_prompt",
)


class StepCacheLLM(InnerFunctionCalling, FunctionCallingLLM):
    """A LlamaIndex LLM that reuses verified steps of cached answers (StepCache).

    Wraps any LlamaIndex LLM (held privately, like ``LangChainLLM``)::

        from stepcache_integrations import StepCache
        from stepcache_integrations.llama_index import StepCacheLLM

        Settings.llm = StepCacheLLM(llm=OpenAILike(...), cache=StepCache())
        index.as_query_engine(llm=StepCacheLLM(llm=inner))

    One class for every inner model: it is a ``FunctionCallingLLM`` whose
    ``metadata.is_function_calling_model`` is the inner model's. Around a
    function-calling model, agents and function-calling programs keep working (tool
    requests go to the inner model and bypass the cache); around any other model the
    tool methods raise ``TypeError`` and LlamaIndex picks its text-based paths, as it
    would for the inner model. ``StepCacheFunctionCallingLLM`` is an alias.

    Where the ``stepcache`` record is (docs/guarantees.md: "Response metadata"):

    * every LLM response: ``additional_kwargs["stepcache"]`` of the ``CompletionResponse``,
      or of the ``ChatResponse`` and its assistant message (streams: the last chunk);
    * query-engine and chat-engine responses (sync, async, streaming):
      ``response.metadata["stepcache"]`` is the record of the answering call and
      ``response.metadata["stepcache_calls"]`` every call (e.g. condense, then answer).
      A streamed response's record is final once its stream is consumed.

    Chat-engine follow-ups: calls made for a chat-engine turn that has history (the
    condensed question, the answer, condense-question's query) are cached under a key
    that includes the conversation (history plus message), and so are direct ``chat``
    calls whose messages hold earlier assistant turns: a follow-up is only ever answered
    from an answer given to the same conversation, never from another question's.

    Args:
        llm: the inner LlamaIndex LLM.
        cache: the StepCache (default: ``StepCache(store=store)``).
        store: where entries live when ``cache`` is not given: a ``CacheStore``, a store URL
            or a SQLite file path (passed to ``StepCache(store=...)``).
        namespace: cache namespace for this wrapper's entries.
        llm_key: overrides the key derived from the inner model (class, model name,
            temperature, max tokens...); entries are only reused under the same key.
        task: force a StepCache task ("text", "json", "linear_equation"); detected if None.
        json_schema: JSON Schema for the "json" task (``schema=`` is accepted as an alias).
        inert_model_fields: names of the inner model's own fields that never change what it answers
            (a call log, a client): any other field its framework and provider classes do not
            declare, with a value (``instructions``, ``persona``...), makes every request no claim.
    """

    namespace: str = Field(default="llama_index", description="StepCache namespace.")
    llm_key_override: str | None = Field(default=None, description="Explicit StepCache llm_key.")
    task: str | None = Field(default=None, description="Forced StepCache task name.")
    json_schema: dict[str, Any] | None = Field(default=None, description="JSON Schema for the json task.")
    inert_model_fields: frozenset[str] = Field(default=frozenset(), description="Inner-model fields read as inert.")

    _llm: LLM = PrivateAttr()
    _cache: StepCache = PrivateAttr()

    def __init__(
        self,
        llm: LLM,
        cache: StepCache | None = None,
        *,
        store: Any = None,
        namespace: str = "llama_index",
        llm_key: str | None = None,
        task: str | None = None,
        json_schema: dict[str, Any] | None = None,
        schema: dict[str, Any] | None = None,
        callback_manager: CallbackManager | None = None,
        inert_model_fields: Collection[str] = (),
        **kwargs: Any,
    ) -> None:
        if not isinstance(llm, LLM):
            raise TypeError(f"llm must be a LlamaIndex LLM, got {type(llm).__name__}")
        if cache is not None and store is not None:
            raise ValueError("pass either a StepCache or store=, not both")
        if json_schema is not None and schema is not None:
            raise ValueError("pass json_schema= (schema= is its alias), not both")
        for name in _COPIED_FIELDS:
            value = getattr(llm, name, None)
            if name not in kwargs and value is not None:
                kwargs[name] = value
        super().__init__(
            namespace=namespace,
            llm_key_override=llm_key,
            task=task,
            json_schema=json_schema if json_schema is not None else schema,
            callback_manager=callback_manager or CallbackManager([]),
            inert_model_fields=inert_names(inert_model_fields),
            **kwargs,
        )
        self._llm = llm
        if cache is None:
            cache = StepCache(store=store) if store is not None else StepCache()
        self._cache = cache
        install()

    # ------------------------------------------------------------------ properties
    @classmethod
    def class_name(cls) -> str:
        return "StepCacheLLM"

    @property
    def llm(self) -> LLM:
        """The wrapped LlamaIndex LLM."""
        return self._llm

    @property
    def cache(self) -> StepCache:
        """The StepCache answering for this LLM."""
        return self._cache

    @property
    def cache_schema(self) -> dict[str, Any] | None:  # noqa: D401 - alias of json_schema
        return self.json_schema

    @property
    def metadata(self) -> LLMMetadata:
        """The inner model's metadata (``is_chat_model`` decides how ``predict`` routes)."""
        return self._llm.metadata

    def llm_key_for(self, kwargs: dict[str, Any] | None = None) -> str:
        """The llm_key of a request (call-time kwargs such as ``temperature`` are part of it)."""
        if self.llm_key_override is not None:
            base = self.llm_key_override
            if not kwargs:
                return base
            blob = json.dumps(kwargs, sort_keys=True, default=str)
            return f"{base}#{hashlib.sha256(blob.encode()).hexdigest()[:12]}"
        return default_llm_key(self._llm, kwargs or None, dropped_fields(self._llm, self.inert_model_fields))

    def shared_llm_key(self, kwargs: dict[str, Any] | None = None) -> str | None:
        """The key of the partition every sampling shares: :meth:`llm_key_for` without the sampling options
        (``_tiers.sampling_split``: the inner model's provider profile says which, data); None when
        ``llm_key`` is set or there are none. Only answers proven for their prompt are stored there, and
        served from it only proven for the new one."""
        return self._shared_base(sampling_split(self._llm, kwargs or {}))

    def _shared_base(self, sampling: Sampling) -> str | None:
        if self.llm_key_override is not None or not sampling.digest:
            return None
        dropped = dropped_fields(self._llm, self.inert_model_fields)
        return default_llm_key(self._llm, sampling.kwargs or None, dropped, sampling.fields)

    def _request_key(self, kwargs: dict[str, Any], messages: Sequence[ChatMessage] | None = None,
                     base: str | None = None, alone: bool = False, turns_keyed: bool = True) -> str:
        """The llm_key of one request: :meth:`llm_key_for` (or ``base``), scoped to its conversation if it
        is a follow-up (not for a newest turn read alone, ``alone``: :meth:`_alone`), to whatever the
        messages hold beyond their text (``request_digest``), and, for a model that is no chat model
        (``chat`` renders messages into another prompt than ``complete``'s), to the kind of call."""
        scope = None if alone else conversation_scope() or history_scope(messages)
        base = self.llm_key_for(kwargs) if base is None else base
        key = base + ("|chat" if messages is not None and not self.metadata.is_chat_model else "")
        key = f"{key}|conversation={scope}" if scope else key
        digest = request_digest(messages, turns_keyed)  # the turns apart but for a question read after a system turn
        return f"{key}|request={digest}" if digest else key

    def _lookup_args(self, key: str) -> dict[str, Any]:
        return {"task": self.task, "schema": self.json_schema, "namespace": self.namespace, "llm_key": key}

    # ------------------------------------------------------------------ records and responses
    def _meta(self, result: StepCacheResult, key: str, **extra: Any) -> dict[str, Any]:
        return summarize(result, namespace=self.namespace, llm_key=key, **extra)

    def _logged(self, plan: CachePlan, result: StepCacheResult, key: str, meta: dict[str, Any]) -> dict[str, Any]:
        """``meta`` (the request's record), after the request's log line (the adapters' one format)."""
        nearest = plan.entry.prompt if plan.entry is not None else None
        log_request(
            logger, result_event(result), namespace=self.namespace, llm_key=key, prompt=plan.prompt,
            nearest=nearest, record=meta,
        )
        return meta

    def _pending(self, plan: CachePlan, key: str) -> dict[str, Any]:
        """The record of a stream, reported now and filled in when the stream closes."""
        meta = StepCacheSummary(
            outcome=plan.outcome, verification="unchecked", task=plan.task, namespace=self.namespace, llm_key=key,
            streamed=True, reason="stream not consumed yet",
        ).record()
        report(meta)
        return meta

    def _begin(self, prompt: str, kwargs: dict[str, Any], messages: Sequence[ChatMessage] | None = None) -> _Begun:
        """The request's llm_key and tier (``_tiers.llama_tier``: every reason at once; any reason puts
        the request in the exact tier), the first decision below the step tier logged at WARNING; and
        its sampling options (:meth:`shared_llm_key`)."""
        key = self._request_key(kwargs, messages)
        decision = llama_tier(messages, kwargs, self._llm, self.inert_model_fields, prompt)
        warn_once("StepCacheLLM", decision)
        if decision.tier != "step":
            return _Begun(key, decision, None, "")
        alone = self._alone(messages)
        if alone is not None:  # the newest turn read alone: its prompt and key are those of the turn asked alone
            messages, prompt = alone, messages_to_cache_prompt(alone)
        turns_keyed = not self._question_read(messages, prompt)
        if alone is not None or not turns_keyed:
            key = self._request_key(kwargs, messages, alone=alone is not None, turns_keyed=turns_keyed)
        sampling = sampling_split(self._llm, kwargs)
        shared = self._shared_base(sampling)
        shared_key = None if shared is None else self._request_key(kwargs, messages, shared, alone=alone is not None,
                                                                   turns_keyed=turns_keyed)
        options = None if shared_key is None or shared_key == key else self._lookup_args(shared_key)
        return _Begun(key, decision, options, sampling.digest, prompt if alone is not None else None)

    def _question_read(self, messages: Sequence[ChatMessage] | None, prompt: str) -> bool:
        """Whether the request is a system turn and a question a task reads as a problem, with nothing beyond
        their text and no task or schema named (``adapters.turns.question_after_system``: the one rule of both
        adapters): then its turns are not keyed apart from its prompt."""
        if not messages or len(messages) != 2 or self.task is not None or self.json_schema is not None:
            return False
        if request_rest(messages) is not None:
            return False
        return question_after_system(self._cache, [(role_name(m), m.content or "") for m in messages], lambda: prompt)

    def _alone(self, messages: Sequence[ChatMessage] | None) -> list[ChatMessage] | None:
        """The system turn and the newest user turn, when a conversation's earlier turns cannot change its
        answer (``adapters.turns``: the one rule of both adapters); None: the whole conversation is the prompt.
        Only for plain messages (nothing beyond their text) and a request with no task or schema named."""
        if not messages or len(messages) < 3 or self.task is not None or self.json_schema is not None:
            return None
        if request_rest(messages) is not None:
            return None
        turns = [(role_name(m), m.content or "") for m in messages]
        alone = alone_turns(self._cache, turns, lambda at, newest: messages_to_cache_prompt(_newest_as(messages, at, newest)))
        return None if alone is None else _newest_as(messages, alone.kept, alone.newest)

    def _plan_flow(self, prompt: str, begun: _Begun, kwargs: dict[str, Any]) -> TwinFlow[CachePlan]:
        """The request's plan: its own partition's, or the shared partition's when that one is a cache-only
        answer proven for this prompt (``adapters.flow.shared_plan_flow``); a miss plan when the answer may
        not fit the length limit or its entry's other sampling options keep it from serving (``_tiers.fitted``)."""
        options = self._lookup_args(begun.key)
        plan = yield Io.of(self._cache.lookup, self._cache.alookup, prompt, **options)
        plan, _ = yield from shared_plan_flow(self._cache, prompt, plan, options, begun.shared)
        return fitted(self._cache, plan, request_limit(self._llm, kwargs), options, begun.sampling)

    def _shared(self, prompt: str, begun: _Begun, plan: CachePlan, caller: Any, result: StepCacheResult,
                raw: Any) -> TwinFlow[None]:
        """Store an answer the model gave, proven for its prompt, in the shared partition too."""
        def answer() -> tuple[str, int, int, Any]:
            return result.text, result.prompt_tokens, result.completion_tokens, caller.entry_metadata(plan, raw)

        entry_id = result.stored_entry_id if raw is not None else None  # the model answered: its answer was stored
        yield from share_flow(self._cache, prompt, begun.shared, entry_id, result, answer)

    def _exact(self, key: str, decision: TierDecision, prompt: str, request: str, chat: bool, kwargs: Any) -> Any:
        return ExactRequest(self._cache, self.namespace, key, request, prompt, decision, chat, request_limit(self._llm, kwargs))

    # ------------------------------------------------------------------ streaming
    def _stream_flow(
        self, plan: CachePlan, begun: _Begun, caller: Any, open_stream: Callable[[str], Io], kind: _StreamKind
    ) -> StreamFlow:
        """Cached steps at once, or the verified prefix then the model's tokens, then the record."""
        pending = self._pending(plan, begun.key)  # reported now, before the stream is read
        return self._streamed(plan, begun, pending, caller, open_stream, kind)

    def _streamed(
        self, plan: CachePlan, begun: _Begun, pending: dict[str, Any], caller: Any, open_stream: Callable[[str], Io],
        kind: _StreamKind,
    ) -> StreamFlow:
        key = begun.key
        if not plan.needs_model:
            result = yield Io.of(self._cache.serve, self._cache.aserve, plan)
            meta = self._logged(plan, result, key, fill(pending, self._meta(result, key, streamed=True)))
            for chunk in replay(result, meta, kind.chunk):
                yield Emit(chunk)
            return
        assert plan.generation_prompt is not None
        stream = yield open_stream(plan.generation_prompt)
        state = StreamState(live=streams_live(plan))  # a JSON patch is buffered: its output is merged
        if plan.prefix_text:
            yield Emit(kind.chunk(state.prefix(plan.prefix_text), plan.prefix_text))
        while (part := (yield pull(stream))) is not END:
            if (chunk := state.model_chunk(part, kind.text(part), kind.chunk)) is not None:
                yield Emit(chunk)
        raw = state.output(kind.chunk)
        result = yield finish_step(self._cache, plan, caller, raw)
        yield from self._shared(plan.prompt, begun, plan, caller, result, raw)

        def closing_meta(**extra: Any) -> dict[str, Any]:
            return self._logged(plan, result, key, fill(pending, self._meta(result, key, **extra)))

        for chunk in state.closing(result, closing_meta, kind.chunk):
            yield Emit(chunk)

    def _completion_stream(self, formatted: bool, kwargs: dict[str, Any]) -> Callable[[str], Io]:
        """The step opening the inner model's completion stream for a generation prompt."""
        return lambda request: Io.of(
            self._llm.stream_complete, self._llm.astream_complete, request, formatted=formatted, **kwargs
        )

    def _chat_stream(
        self, messages: Sequence[ChatMessage], prompt: str, kwargs: dict[str, Any]
    ) -> Callable[[str], Io]:
        """The step opening the inner model's chat stream (the generation prompt as the last user turn)."""
        return lambda request: Io.of(
            self._llm.stream_chat, self._llm.astream_chat, messages_for(messages, prompt, request), **kwargs
        )

    # ------------------------------------------------------------------ completion
    def _flight_key(self, begun: _Begun, prompt: str, kind: str, kwargs: dict[str, Any]) -> Any:
        """What makes two requests the same request (``adapters.flow.one_flight``): the partition (model,
        call options, conversation, request beyond its text), the tier, the sampling options, the kind of call
        (``complete`` formatted or not, ``chat``), the whole request's text and the step tier's prompt."""
        return flight_key("llama_index", self.namespace, begun.key, begun.decision.tier, begun.sampling, kind,
                          prompt, begun.prompt, canonical(kwargs), self.task, canonical(self.json_schema))

    def _complete_flow(self, prompt: str, formatted: bool, kwargs: dict[str, Any]) -> TwinFlow[CompletionResponse]:
        begun = self._begin(prompt, kwargs)
        kind = "complete:formatted" if formatted else "complete"
        return (yield from one_flight(self._cache, self._flight_key(begun, prompt, kind, kwargs),
                                      lambda: self._completed(begun, prompt, formatted, kwargs)))

    def _completed(self, begun: _Begun, prompt: str, formatted: bool, kwargs: dict[str, Any]) -> TwinFlow[CompletionResponse]:
        """The completion's lookup (a waiter's, after the identical request it waited for) and answer."""
        if begun.decision.tier != "step":
            request = self._exact(begun.key, begun.decision, prompt, exact_completion_request(prompt, formatted), False, kwargs)
            call = Io.of(self._llm.complete, self._llm.acomplete, prompt, formatted=formatted, **kwargs)
            return (yield from exact_answer_flow(request, call))
        plan = yield from self._plan_flow(prompt, begun, kwargs)
        caller = completion_caller(self._llm, formatted, kwargs, limit=request_limit(self._llm, kwargs),
                                sampling=begun.sampling)
        answer = yield from answer_flow(self._cache, plan, caller)
        yield from self._shared(prompt, begun, plan, caller, answer.result, answer.raw)
        meta = self._logged(plan, answer.result, begun.key, self._meta(answer.result, begun.key))
        return completion_response(answer.result, meta, raw=getattr(caller.last, "raw", None))

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        """Answer ``prompt`` through the cache (the inner model's ``complete`` for what it must generate)."""
        return run(self._complete_flow(prompt, formatted, kwargs))

    @llm_completion_callback()
    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        """Async twin of :meth:`complete`."""
        return await arun(self._complete_flow(prompt, formatted, kwargs))

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        """Stream the answer: cached steps at once, or the verified prefix then the model's tokens."""
        begun = self._begin(prompt, kwargs)
        if begun.decision.tier != "step":
            request = self._exact(begun.key, begun.decision, prompt, exact_completion_request(prompt, formatted), False, kwargs)
            return run_stream(exact_stream_flow(request, self._completion_stream(formatted, kwargs)(prompt)))
        plan = run(self._plan_flow(prompt, begun, kwargs))
        caller = completion_caller(self._llm, formatted, kwargs, limit=request_limit(self._llm, kwargs),
                                sampling=begun.sampling)
        return run_stream(self._stream_flow(plan, begun, caller, self._completion_stream(formatted, kwargs), _COMPLETION))

    @llm_completion_callback()
    async def astream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseAsyncGen:
        """Async twin of :meth:`stream_complete`."""
        begun = self._begin(prompt, kwargs)
        if begun.decision.tier != "step":
            request = self._exact(begun.key, begun.decision, prompt, exact_completion_request(prompt, formatted), False, kwargs)
            return arun_stream(exact_stream_flow(request, self._completion_stream(formatted, kwargs)(prompt)))
        plan = await arun(self._plan_flow(prompt, begun, kwargs))
        caller = completion_caller(self._llm, formatted, kwargs, limit=request_limit(self._llm, kwargs),
                                sampling=begun.sampling)
        return arun_stream(self._stream_flow(plan, begun, caller, self._completion_stream(formatted, kwargs), _COMPLETION))

    # ------------------------------------------------------------------ chat
    def _chat_flow(self, messages: Sequence[ChatMessage], kwargs: dict[str, Any]) -> TwinFlow[ChatResponse]:
        messages = clean_messages(messages)
        prompt = messages_to_cache_prompt(messages)
        begun = self._begin(prompt, kwargs, messages)
        return (yield from one_flight(self._cache, self._flight_key(begun, prompt, "chat", kwargs),
                                      lambda: self._chatted(begun, messages, prompt, kwargs)))

    def _chatted(self, begun: _Begun, messages: list[ChatMessage], prompt: str, kwargs: dict[str, Any]) -> TwinFlow[ChatResponse]:
        """The chat request's lookup (a waiter's, after the identical request it waited for) and answer."""
        if begun.decision.tier != "step":
            request = self._exact(begun.key, begun.decision, prompt, exact_chat_request(messages), True, kwargs)
            return (yield from exact_answer_flow(request, Io.of(self._llm.chat, self._llm.achat, messages, **kwargs)))
        prompt = begun.prompt or prompt
        plan = yield from self._plan_flow(prompt, begun, kwargs)
        caller = chat_caller(self._llm, messages, prompt, kwargs, limit=request_limit(self._llm, kwargs),
                                sampling=begun.sampling)
        answer = yield from answer_flow(self._cache, plan, caller)
        yield from self._shared(prompt, begun, plan, caller, answer.result, answer.raw)
        meta = self._logged(plan, answer.result, begun.key, self._meta(answer.result, begun.key))
        return chat_response(answer.result, meta, raw=getattr(caller.last, "raw", None))

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        """Answer a conversation through the cache (its cache prompt: ``role: content`` blocks)."""
        return run(self._chat_flow(messages, kwargs))

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        """Async twin of :meth:`chat`."""
        return await arun(self._chat_flow(messages, kwargs))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        """Stream a chat answer: cached steps at once, or the verified prefix then the model's tokens."""
        messages = clean_messages(messages)
        prompt = messages_to_cache_prompt(messages)
        begun = self._begin(prompt, kwargs, messages)
        if begun.decision.tier != "step":
            request = self._exact(begun.key, begun.decision, prompt, exact_chat_request(messages), True, kwargs)
            return run_stream(exact_stream_flow(request, Io.of(self._llm.stream_chat, self._llm.astream_chat, messages,
                                                               **kwargs)))
        prompt = begun.prompt or prompt
        plan = run(self._plan_flow(prompt, begun, kwargs))
        caller = chat_caller(self._llm, messages, prompt, kwargs, limit=request_limit(self._llm, kwargs),
                                sampling=begun.sampling)
        return run_stream(self._stream_flow(plan, begun, caller, self._chat_stream(messages, prompt, kwargs), _CHAT))

    @llm_chat_callback()
    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        """Async twin of :meth:`stream_chat`."""
        messages = clean_messages(messages)
        prompt = messages_to_cache_prompt(messages)
        begun = self._begin(prompt, kwargs, messages)
        if begun.decision.tier != "step":
            request = self._exact(begun.key, begun.decision, prompt, exact_chat_request(messages), True, kwargs)
            return arun_stream(exact_stream_flow(request, Io.of(self._llm.stream_chat, self._llm.astream_chat, messages,
                                                                **kwargs)))
        prompt = begun.prompt or prompt
        plan = await arun(self._plan_flow(prompt, begun, kwargs))
        caller = chat_caller(self._llm, messages, prompt, kwargs, limit=request_limit(self._llm, kwargs),
                                sampling=begun.sampling)
        return arun_stream(self._stream_flow(plan, begun, caller, self._chat_stream(messages, prompt, kwargs), _CHAT))


StepCacheFunctionCallingLLM = StepCacheLLM
"""Alias of :class:`StepCacheLLM` (one class wraps every inner model)."""
