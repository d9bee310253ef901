"""``StepCacheLLM``: a LlamaIndex LLM that answers through a StepCache.

The wrapper is thin: every caching decision (retrieve, verify, reuse, re-instantiate,
patch, repair, store) is the engine's. The wrapper only

* turns LlamaIndex requests into a cache prompt (chat messages are rendered as
  ``role: content`` lines) and an ``llm_key`` that identifies the inner model,
* turns the engine's model requests back into calls of the inner LLM (a patch or repair
  prompt for a chat request becomes the original messages with the instruction appended
  to the last user message),
* builds LlamaIndex responses carrying the ``stepcache`` record (README: "Response
  metadata") in ``additional_kwargs["stepcache"]``, and streams: verified cached steps
  at once, the model's part token by token,
* reports each record to the query-engine or chat-engine response it belongs to
  (``response.metadata["stepcache"]``, see ``_spans``), and scopes the cache key of calls
  made for a chat-engine follow-up to the conversation (history plus message).

Requests the cache cannot represent faithfully (tools / function calling, structured
``response_format``, non-text content, tool messages) go straight to the inner model
and are tagged ``{"outcome": "bypass"}``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncGenerator, Callable, Generator, Sequence
from typing import Any

from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseAsyncGen,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseAsyncGen,
    CompletionResponseGen,
    LLMMetadata,
    MessageRole,
    TextBlock,
)
from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.callbacks import CallbackManager
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from llama_index.core.llms.function_calling import FunctionCallingLLM
from llama_index.core.llms.llm import LLM

from ..adapter_core import METADATA_KEY, StreamSession, StepCacheSummary, bypass_summary, summarize
from ..core.engine import CachePlan, StepCache
from ..core.llm import coerce_response
from ..core.types import LLMResponse, StepCacheResult
from . import _spans

__all__ = [
    "StepCacheLLM",
    "StepCacheFunctionCallingLLM",
    "messages_to_cache_prompt",
    "default_llm_key",
    "METADATA_KEY",
]


# Call-time options that change the *kind* of answer: such requests are not cached.
_BYPASS_KWARGS = ("tools", "tool_choice", "functions", "function_call", "response_format", "logprobs")
# Inner-model attributes that change its answers and so belong in the llm_key.
_KEY_ATTRS = ("temperature", "max_tokens", "top_p", "top_k", "seed", "num_output", "context_window")
_COPIED_FIELDS = (
    "system_prompt",
    "messages_to_prompt",
    "completion_to_prompt",
    "output_parser",
    "pydantic_program_mode",
    "query_wrapper_prompt",
)


def _role(message: ChatMessage) -> str:
    role = message.role
    return role.value if isinstance(role, MessageRole) else str(role)


def messages_to_cache_prompt(messages: Sequence[ChatMessage]) -> str:
    """The cache prompt of a chat request: one ``role: content`` block per message.

    The last message's content ends the prompt, so a patch/repair prompt (the cache
    prompt plus an instruction) maps back onto the messages by extending the last one.
    """
    return "\n\n".join(f"{_role(m)}: {m.content or ''}" for m in messages)


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool)) and not isinstance(value, type)


def default_llm_key(llm: Any, extra: dict[str, Any] | None = None) -> str:
    """Identify the inner model: class, model name and the parameters that change its answers."""
    cls = type(llm)
    metadata = getattr(llm, "metadata", None)
    model = getattr(metadata, "model_name", None) or getattr(llm, "model", None) or "unknown"
    params: dict[str, Any] = {}
    for attr in _KEY_ATTRS:
        value = getattr(llm, attr, None)
        if value is None and metadata is not None and attr in ("num_output", "context_window"):
            value = getattr(metadata, attr, None)
        if _scalar(value):
            params[attr] = value
    if metadata is not None:
        params["chat"] = bool(getattr(metadata, "is_chat_model", False))
    inner_kwargs = getattr(llm, "additional_kwargs", None)
    if isinstance(inner_kwargs, dict) and inner_kwargs:
        params["kwargs"] = inner_kwargs
    if extra:
        params["call"] = extra
    key = f"{cls.__module__}.{cls.__qualname__}:{model}"
    if params:
        blob = json.dumps(params, sort_keys=True, default=str)
        readable = ",".join(f"{k}={params[k]}" for k in sorted(params) if _scalar(params[k]))
        digest = hashlib.sha256(blob.encode()).hexdigest()[:12]
        key = f"{key}?{readable}#{digest}"
    return key


def _clean_messages(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """Drop our own metadata from messages (e.g. chat-engine history) before they go anywhere."""
    out = []
    for message in messages:
        if METADATA_KEY in message.additional_kwargs:
            kwargs = {k: v for k, v in message.additional_kwargs.items() if k != METADATA_KEY}
            message = message.model_copy(update={"additional_kwargs": kwargs})
        out.append(message)
    return out


def _bypass_reason(messages: Sequence[ChatMessage] | None, kwargs: dict[str, Any]) -> str | None:
    for name in _BYPASS_KWARGS:
        if kwargs.get(name) not in (None, False, [], {}):
            return f"{name} requested"
    for message in messages or ():
        if _role(message) in ("tool", "function"):
            return "tool messages"
        if "tool_calls" in message.additional_kwargs or "function_call" in message.additional_kwargs:
            return "tool calls in history"
        if any(not isinstance(block, TextBlock) for block in message.blocks):
            return "non-text content"
    return None


class _InnerCaller:
    """What the engine calls for model requests: maps a request prompt to an inner-LLM call.

    Exposes ``complete``/``acomplete`` so the engine treats it as a LlamaIndex LLM.
    """

    def __init__(
        self,
        call: Callable[[str], Any],
        acall: Callable[[str], Any],
    ) -> None:
        self._call = call
        self._acall = acall
        self.calls = 0
        self.last: Any = None

    def complete(self, prompt: str) -> Any:
        self.calls += 1
        self.last = self._call(prompt)
        return self.last

    async def acomplete(self, prompt: str) -> Any:
        self.calls += 1
        self.last = await self._acall(prompt)
        return self.last


def _messages_for(messages: list[ChatMessage], cache_prompt: str, request: str) -> list[ChatMessage]:
    """Chat messages for an engine request (the cache prompt itself, or a patch/repair prompt)."""
    if request == cache_prompt:
        return messages
    if request.startswith(cache_prompt) and messages:
        suffix = request[len(cache_prompt) :]
        last = messages[-1]
        if last.role == MessageRole.USER:
            extended = ChatMessage(
                role=MessageRole.USER,
                content=(last.content or "") + suffix,
                additional_kwargs=dict(last.additional_kwargs),
            )
            return [*messages[:-1], extended]
        return [*messages, ChatMessage(role=MessageRole.USER, content=suffix.strip())]
    system = [m for m in messages if m.role == MessageRole.SYSTEM]
    return [*system, ChatMessage(role=MessageRole.USER, content=request)]


def _streamed_response(last: Any, generated: str, prompt: str) -> LLMResponse:
    """The model's streamed output as an engine response (usage from the last chunk if reported)."""
    if last is None:
        return LLMResponse(text=generated, prompt_tokens=0, completion_tokens=0, usage_estimated=True)
    try:
        response = coerce_response(last, prompt)
    except Exception:  # a chunk type the engine does not know: estimate usage from the text
        response = coerce_response(generated, prompt)
    if response.usage_estimated:
        response = coerce_response(generated, prompt)
    return response.model_copy(update={"text": generated})


def _delta(chunk_text: str | None, delta: str | None, previous: str) -> str:
    if delta is not None:
        return delta
    text = chunk_text or ""
    return text[len(previous) :] if text.startswith(previous) else text


class StepCacheLLM(FunctionCallingLLM):
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

    Where the ``stepcache`` record is (README: "Response metadata"):

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
    """

    namespace: str = Field(default="llama_index", description="StepCache namespace.")
    llm_key_override: str | None = Field(default=None, description="Explicit StepCache llm_key.")
    task: str | None = Field(default=None, description="Forced StepCache task name.")
    json_schema: dict[str, Any] | None = Field(default=None, description="JSON Schema for the json task.")

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
            **kwargs,
        )
        self._llm = llm
        if cache is None:
            cache = StepCache(store=store) if store is not None else StepCache()
        self._cache = cache
        _spans.install()

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
    def cache_schema(self) -> dict[str, Any] | None:
        """Alias of :attr:`json_schema`."""
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
        return default_llm_key(self._llm, kwargs or None)

    def _request_key(self, kwargs: dict[str, Any], messages: Sequence[ChatMessage] | None = None) -> str:
        """The llm_key of one request: :meth:`llm_key_for`, scoped to its conversation if it is a follow-up."""
        scope = _spans.conversation_scope() or _history_scope(messages)
        base = self.llm_key_for(kwargs)
        return f"{base}|conversation={scope}" if scope else base

    def _lookup_args(self, key: str) -> dict[str, Any]:
        return {"task": self.task, "schema": self.json_schema, "namespace": self.namespace, "llm_key": key}

    # ------------------------------------------------------------------ callers
    def _completion_caller(self, formatted: bool, kwargs: dict[str, Any]) -> _InnerCaller:
        def call(prompt: str) -> Any:
            return self._llm.complete(prompt, formatted=formatted, **kwargs)

        async def acall(prompt: str) -> Any:
            return await self._llm.acomplete(prompt, formatted=formatted, **kwargs)

        return _InnerCaller(call, acall)

    def _chat_caller(self, messages: list[ChatMessage], prompt: str, kwargs: dict[str, Any]) -> _InnerCaller:
        def call(request: str) -> Any:
            return self._llm.chat(_messages_for(messages, prompt, request), **kwargs)

        async def acall(request: str) -> Any:
            return await self._llm.achat(_messages_for(messages, prompt, request), **kwargs)

        return _InnerCaller(call, acall)

    # ------------------------------------------------------------------ records and responses
    def _meta(self, result: StepCacheResult, key: str, **extra: Any) -> dict[str, Any]:
        return summarize(result, namespace=self.namespace, llm_key=key, **extra)

    def _bypass(self, reason: str, key: str) -> dict[str, Any]:
        meta = bypass_summary(reason, namespace=self.namespace, llm_key=key)
        _spans.report(meta)
        return meta

    def _pending(self, plan: CachePlan, key: str) -> dict[str, Any]:
        """The record of a stream, reported now and filled in when the stream closes."""
        meta = StepCacheSummary(
            outcome=plan.outcome, verified=False, task=plan.task, namespace=self.namespace, llm_key=key,
            streamed=True, reason="stream not consumed yet",
        ).record()
        _spans.report(meta)
        return meta

    @staticmethod
    def _fill(pending: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
        pending.clear()
        pending.update(meta)
        return pending

    @staticmethod
    def _completion(result: StepCacheResult, meta: dict[str, Any], raw: Any = None) -> CompletionResponse:
        _spans.report(meta)
        return CompletionResponse(text=result.text, raw=raw, additional_kwargs={METADATA_KEY: meta})

    @staticmethod
    def _chat(result: StepCacheResult, meta: dict[str, Any], raw: Any = None) -> ChatResponse:
        _spans.report(meta)
        message = ChatMessage(role=MessageRole.ASSISTANT, content=result.text, additional_kwargs={METADATA_KEY: meta})
        return ChatResponse(message=message, raw=raw, additional_kwargs={METADATA_KEY: meta})

    @staticmethod
    def _tag(response: Any, meta: dict[str, Any]) -> Any:
        response.additional_kwargs[METADATA_KEY] = meta
        message = getattr(response, "message", None)
        if message is not None:
            message.additional_kwargs[METADATA_KEY] = meta
        return response

    # ------------------------------------------------------------------ completion
    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        """Answer ``prompt`` through the cache (the inner model's ``complete`` for what it must generate)."""
        key = self._request_key(kwargs)
        reason = _bypass_reason(None, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return self._tag(self._llm.complete(prompt, formatted=formatted, **kwargs), meta)
        plan = self._cache.lookup(prompt, **self._lookup_args(key))
        caller = self._completion_caller(formatted, kwargs)
        result = self._cache.complete(plan, caller)
        return self._completion(result, self._meta(result, key), raw=getattr(caller.last, "raw", None))

    @llm_completion_callback()
    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        """Async twin of :meth:`complete`."""
        key = self._request_key(kwargs)
        reason = _bypass_reason(None, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return self._tag(await self._llm.acomplete(prompt, formatted=formatted, **kwargs), meta)
        plan = await self._cache.alookup(prompt, **self._lookup_args(key))
        caller = self._completion_caller(formatted, kwargs)
        result = await self._cache.acomplete(plan, caller)
        return self._completion(result, self._meta(result, key), raw=getattr(caller.last, "raw", None))

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        """Stream the answer: cached steps at once, or the verified prefix then the model's tokens."""
        key = self._request_key(kwargs)
        reason = _bypass_reason(None, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return _tag_last(self._llm.stream_complete(prompt, formatted=formatted, **kwargs), meta)
        plan = self._cache.lookup(prompt, **self._lookup_args(key))
        caller = self._completion_caller(formatted, kwargs)
        pending = self._pending(plan, key)

        def gen() -> CompletionResponseGen:
            if not plan.needs_model:
                result = plan.result()
                yield from _replay(result, self._fill(pending, self._meta(result, key, streamed=True)), _completion_chunk)
                return
            assert plan.generation_prompt is not None
            stream = self._llm.stream_complete(plan.generation_prompt, formatted=formatted, **kwargs)
            state = _StreamState(plan)
            if plan.prefix_text:
                yield _completion_chunk(state.prefix(plan.prefix_text), plan.prefix_text)
            for chunk in stream:
                delta = state.model_delta(chunk.text, chunk.delta, chunk)
                yield _completion_chunk(state.emitted, delta, raw=chunk.raw)
            result = self._cache.finalize(plan, state.response(), llm=caller)
            yield state.closing(result, lambda **extra: self._fill(pending, self._meta(result, key, **extra)), _completion_chunk)

        return gen()

    @llm_completion_callback()
    async def astream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseAsyncGen:
        """Async twin of :meth:`stream_complete`."""
        key = self._request_key(kwargs)
        reason = _bypass_reason(None, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return _atag_last(await self._llm.astream_complete(prompt, formatted=formatted, **kwargs), meta)
        plan = await self._cache.alookup(prompt, **self._lookup_args(key))
        caller = self._completion_caller(formatted, kwargs)
        pending = self._pending(plan, key)

        async def gen() -> CompletionResponseAsyncGen:
            if not plan.needs_model:
                result = await plan.aresult()
                for chunk in _replay(result, self._fill(pending, self._meta(result, key, streamed=True)), _completion_chunk):
                    yield chunk
                return
            assert plan.generation_prompt is not None
            stream = await self._llm.astream_complete(plan.generation_prompt, formatted=formatted, **kwargs)
            state = _StreamState(plan)
            if plan.prefix_text:
                yield _completion_chunk(state.prefix(plan.prefix_text), plan.prefix_text)
            async for chunk in stream:
                delta = state.model_delta(chunk.text, chunk.delta, chunk)
                yield _completion_chunk(state.emitted, delta, raw=chunk.raw)
            result = await self._cache.afinalize(plan, state.response(), llm=caller)
            yield state.closing(result, lambda **extra: self._fill(pending, self._meta(result, key, **extra)), _completion_chunk)

        return gen()

    # ------------------------------------------------------------------ chat
    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        """Answer a conversation through the cache (its cache prompt: ``role: content`` blocks)."""
        messages = _clean_messages(messages)
        prompt = messages_to_cache_prompt(messages)
        key = self._request_key(kwargs, messages)
        reason = _bypass_reason(messages, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return self._tag(self._llm.chat(messages, **kwargs), meta)
        plan = self._cache.lookup(prompt, **self._lookup_args(key))
        caller = self._chat_caller(messages, prompt, kwargs)
        result = self._cache.complete(plan, caller)
        return self._chat(result, self._meta(result, key), raw=getattr(caller.last, "raw", None))

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        """Async twin of :meth:`chat`."""
        messages = _clean_messages(messages)
        prompt = messages_to_cache_prompt(messages)
        key = self._request_key(kwargs, messages)
        reason = _bypass_reason(messages, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return self._tag(await self._llm.achat(messages, **kwargs), meta)
        plan = await self._cache.alookup(prompt, **self._lookup_args(key))
        caller = self._chat_caller(messages, prompt, kwargs)
        result = await self._cache.acomplete(plan, caller)
        return self._chat(result, self._meta(result, key), raw=getattr(caller.last, "raw", None))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        """Stream a chat answer: cached steps at once, or the verified prefix then the model's tokens."""
        messages = _clean_messages(messages)
        prompt = messages_to_cache_prompt(messages)
        key = self._request_key(kwargs, messages)
        reason = _bypass_reason(messages, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return _tag_last(self._llm.stream_chat(messages, **kwargs), meta)
        plan = self._cache.lookup(prompt, **self._lookup_args(key))
        caller = self._chat_caller(messages, prompt, kwargs)
        pending = self._pending(plan, key)

        def gen() -> ChatResponseGen:
            if not plan.needs_model:
                result = plan.result()
                yield from _replay(result, self._fill(pending, self._meta(result, key, streamed=True)), _chat_chunk)
                return
            assert plan.generation_prompt is not None
            stream = self._llm.stream_chat(_messages_for(messages, prompt, plan.generation_prompt), **kwargs)
            state = _StreamState(plan)
            if plan.prefix_text:
                yield _chat_chunk(state.prefix(plan.prefix_text), plan.prefix_text)
            for chunk in stream:
                delta = state.model_delta(chunk.message.content, chunk.delta, chunk)
                yield _chat_chunk(state.emitted, delta, raw=chunk.raw)
            result = self._cache.finalize(plan, state.response(), llm=caller)
            yield state.closing(result, lambda **extra: self._fill(pending, self._meta(result, key, **extra)), _chat_chunk)

        return gen()

    @llm_chat_callback()
    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        """Async twin of :meth:`stream_chat`."""
        messages = _clean_messages(messages)
        prompt = messages_to_cache_prompt(messages)
        key = self._request_key(kwargs, messages)
        reason = _bypass_reason(messages, kwargs) or (None if prompt.strip() else "empty prompt")
        if reason:
            meta = self._bypass(reason, key)
            return _atag_last(await self._llm.astream_chat(messages, **kwargs), meta)
        plan = await self._cache.alookup(prompt, **self._lookup_args(key))
        caller = self._chat_caller(messages, prompt, kwargs)
        pending = self._pending(plan, key)

        async def gen() -> ChatResponseAsyncGen:
            if not plan.needs_model:
                result = await plan.aresult()
                for chunk in _replay(result, self._fill(pending, self._meta(result, key, streamed=True)), _chat_chunk):
                    yield chunk
                return
            assert plan.generation_prompt is not None
            request = _messages_for(messages, prompt, plan.generation_prompt)
            stream = await self._llm.astream_chat(request, **kwargs)
            state = _StreamState(plan)
            if plan.prefix_text:
                yield _chat_chunk(state.prefix(plan.prefix_text), plan.prefix_text)
            async for chunk in stream:
                delta = state.model_delta(chunk.message.content, chunk.delta, chunk)
                yield _chat_chunk(state.emitted, delta, raw=chunk.raw)
            result = await self._cache.afinalize(plan, state.response(), llm=caller)
            yield state.closing(result, lambda **extra: self._fill(pending, self._meta(result, key, **extra)), _chat_chunk)

        return gen()

    # ------------------------------------------------------------------ function calling (inner model's)
    def _function_caller(self) -> FunctionCallingLLM:
        if not isinstance(self._llm, FunctionCallingLLM):
            raise TypeError(
                f"the inner model ({type(self._llm).__name__}) does not call functions; "
                "metadata.is_function_calling_model is False, so LlamaIndex uses its text-based paths"
            )
        return self._llm

    def _prepare_chat_with_tools(
        self,
        tools: Sequence[Any],
        user_msg: str | ChatMessage | None = None,
        chat_history: list[ChatMessage] | None = None,
        verbose: bool = False,
        allow_parallel_tool_calls: bool = False,
        tool_required: bool = False,
        **kwargs: Any,
    ) -> dict[str, Any]:
        """The inner model's tool request (it carries ``tools``, so the call bypasses the cache)."""
        return self._function_caller()._prepare_chat_with_tools_compat(
            tools,
            user_msg=user_msg,
            chat_history=chat_history,
            verbose=verbose,
            allow_parallel_tool_calls=allow_parallel_tool_calls,
            tool_required=tool_required,
            **kwargs,
        )

    def _validate_chat_with_tools_response(
        self,
        response: ChatResponse,
        tools: Sequence[Any],
        allow_parallel_tool_calls: bool = False,
        **kwargs: Any,
    ) -> ChatResponse:
        """The inner model's validation of a tool response."""
        return self._function_caller()._validate_chat_with_tools_response(
            response, tools, allow_parallel_tool_calls=allow_parallel_tool_calls, **kwargs
        )

    def get_tool_calls_from_response(
        self, response: ChatResponse, error_on_no_tool_call: bool = True, **kwargs: Any
    ) -> list[Any]:
        """The inner model's tool-call parsing (none for a model that does not call functions)."""
        if not isinstance(self._llm, FunctionCallingLLM) and not error_on_no_tool_call:
            return []
        return self._function_caller().get_tool_calls_from_response(
            response, error_on_no_tool_call=error_on_no_tool_call, **kwargs
        )


StepCacheFunctionCallingLLM = StepCacheLLM
"""Alias of :class:`StepCacheLLM` (one class wraps every inner model)."""


def _history_scope(messages: Sequence[ChatMessage] | None) -> str | None:
    """A digest of a conversation that already has assistant turns (a follow-up); else None."""
    if not messages or not any(m.role == MessageRole.ASSISTANT for m in messages):
        return None
    turns = [f"{_role(m)}: {m.content or ''}" for m in messages if m.role != MessageRole.SYSTEM]
    return hashlib.sha256("\n\x1e".join(turns).encode("utf-8", "surrogatepass")).hexdigest()[:16]


# ---------------------------------------------------------------------- streaming helpers
def _completion_chunk(
    text: str, delta: str, raw: Any = None, meta: dict[str, Any] | None = None
) -> CompletionResponse:
    return CompletionResponse(
        text=text, delta=delta, raw=raw, additional_kwargs={METADATA_KEY: meta} if meta is not None else {}
    )


def _chat_chunk(text: str, delta: str, raw: Any = None, meta: dict[str, Any] | None = None) -> ChatResponse:
    extra = {METADATA_KEY: meta} if meta is not None else {}
    message = ChatMessage(role=MessageRole.ASSISTANT, content=text, additional_kwargs=dict(extra))
    return ChatResponse(message=message, delta=delta, raw=raw, additional_kwargs=dict(extra))


def _replay(result: StepCacheResult, meta: dict[str, Any], make: Callable[..., Any]) -> Generator[Any, None, None]:
    """A cache-only answer: one chunk per verified step, all at once; the last carries the metadata."""
    text = ""
    steps = result.steps or []
    if not steps:
        yield make(result.text, result.text, meta=meta)
        return
    for i, step in enumerate(steps):
        text += step.text
        yield make(text, step.text, meta=meta if i == len(steps) - 1 else None)


class _StreamState:
    """One streamed model answer: a :class:`StreamSession` plus the model's last chunk."""

    def __init__(self, plan: CachePlan) -> None:
        self.plan = plan
        self.session = StreamSession()
        self._model_text = ""
        self.last: Any = None

    @property
    def emitted(self) -> str:
        return self.session.emitted

    def prefix(self, text: str) -> str:
        return self.session.prefix(text)

    def model_delta(self, chunk_text: str | None, delta: str | None, chunk: Any) -> str:
        piece = _delta(chunk_text, delta, self._model_text)
        self._model_text += piece
        self.session.feed(piece)
        self.last = chunk
        return piece

    def response(self) -> LLMResponse:
        return _streamed_response(self.last, self.session.generated, self.plan.generation_prompt or "")

    def closing(self, result: StepCacheResult, meta_fn: Callable[..., dict[str, Any]], make: Callable[..., Any]) -> Any:
        """Final chunk: the verified answer's text and record.

        When repairs or assembly changed text that was already streamed, ``revised`` is
        True in the record and the final chunk's text (not the deltas) is authoritative.
        """
        closed = self.session.close(result.text)
        meta = meta_fn(streamed=True, revised=closed.revised)
        return make(result.text, closed.tail, raw=getattr(self.last, "raw", None), meta=meta)


def _tag_last(stream: Generator[Any, None, None], meta: dict[str, Any]) -> Generator[Any, None, None]:
    previous = None
    for chunk in stream:
        if previous is not None:
            yield previous
        previous = chunk
    if previous is not None:
        yield StepCacheLLM._tag(previous, meta)


async def _atag_last(stream: AsyncGenerator[Any, None], meta: dict[str, Any]) -> AsyncGenerator[Any, None]:
    previous = None
    async for chunk in stream:
        if previous is not None:
            yield previous
        previous = chunk
    if previous is not None:
        yield StepCacheLLM._tag(previous, meta)
