"""Carry ``stepcache`` records from StepCacheLLM calls to the responses users read.

A LlamaIndex span handler on the root dispatcher follows the span tree:

* every StepCacheLLM call reports its record on the active span; when a span exits, its
  records move to its parent, and a span whose result is a query-engine or chat-engine
  response (``Response``, ``StreamingResponse``, ``AgentChatResponse``, ...) gets them in
  ``response.metadata["stepcache"]`` (the answering call: the last one) and
  ``response.metadata["stepcache_calls"]`` (every call, in order);
* a chat engine's ``chat``/``achat``/``stream_chat``/``astream_chat`` opens a
  *conversation scope*: the chat history it starts from plus the new message. LLM calls
  under it (condensing the question, answering, the inner query engine of
  condense-question) add that scope to their cache key when the conversation has history,
  so a follow-up can only reuse an answer given to the same conversation.

Streamed answers report a record at call time that is filled in when the stream closes
(the same dict object), so the response's record is final once the stream is consumed.
"""

from __future__ import annotations

import hashlib
import inspect
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import ContextVar
from typing import Any

from llama_index.core.instrumentation import get_dispatcher
from llama_index.core.instrumentation.span import active_span_id
from llama_index.core.instrumentation.span_handlers import BaseSpanHandler
from llama_index.core.instrumentation.span.simple import SimpleSpan

from ..adapters.flow import METADATA_KEY

__all__ = ["install", "report", "conversation_scope", "CALLS_KEY"]

CALLS_KEY = "stepcache_calls"
"""Response metadata key of every StepCacheLLM record of one engine call, in order."""

_RESPONSE_TYPES: tuple[type, ...] | None = None
_RETIRED_MAX = 1024


def _response_types() -> tuple[type, ...]:
    global _RESPONSE_TYPES
    if _RESPONSE_TYPES is None:
        from llama_index.core.base.response.schema import (
            AsyncStreamingResponse,
            PydanticResponse,
            Response,
            StreamingResponse,
        )
        from llama_index.core.chat_engine.types import AgentChatResponse, StreamingAgentChatResponse

        _RESPONSE_TYPES = (
            Response,
            StreamingResponse,
            AsyncStreamingResponse,
            PydanticResponse,
            AgentChatResponse,
            StreamingAgentChatResponse,
        )
    return _RESPONSE_TYPES


def _is_chat_engine(instance: Any) -> bool:
    from llama_index.core.chat_engine.types import BaseChatEngine  # cached by the import system

    return instance is not None and isinstance(instance, BaseChatEngine)


def _conversation_digest(instance: Any, bound_args: inspect.BoundArguments) -> str | None:
    """A digest of the history a chat-engine call starts from plus its message; None if no history."""
    arguments = bound_args.arguments
    history = arguments.get("chat_history")
    if history is None:
        try:
            history = instance.chat_history
        except Exception:  # noqa: BLE001 - an engine without readable history: no scope
            return None
    if not history:
        return None
    lines = [f"{getattr(m.role, 'value', m.role)}: {m.content or ''}" for m in history]
    lines.append(f"user: {arguments.get('message', '')}")
    return hashlib.sha256("\n\x1e".join(lines).encode("utf-8", "surrogatepass")).hexdigest()[:16]


class StepCacheSpanHandler(BaseSpanHandler[SimpleSpan]):
    """Moves StepCacheLLM records up the span tree onto engine responses (see module doc)."""

    @classmethod
    def class_name(cls) -> str:
        return "StepCacheSpanHandler"

    def __init__(self) -> None:
        super().__init__(open_spans={}, completed_spans=[], dropped_spans=[], current_span_ids={})
        self._guard = threading.Lock()
        self._parents: dict[str, str | None] = {}
        self._records: dict[str, list[dict[str, Any]]] = {}
        self._scopes: dict[str, str] = {}
        self._retired: OrderedDict[str, str] = OrderedDict()  # scopes of exited chat-engine spans

    # ------------------------------------------------------------------ span events
    def new_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        parent_span_id: str | None = None,
        tags: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> SimpleSpan | None:
        scope = _conversation_digest(instance, bound_args) if _is_chat_engine(instance) else None
        with self._guard:
            self._parents[id_] = parent_span_id
            if scope is None and parent_span_id is not None and parent_span_id not in self._parents:
                # work a chat engine left for later (a streamed answer written to history
                # after the engine call returned) keeps the conversation's scope
                scope = self._retired.get(parent_span_id)
            if scope is not None:
                self._scopes[id_] = scope
        return None  # nothing for the base class to keep

    def prepare_to_exit_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        result: Any | None = None,
        **kwargs: Any,
    ) -> SimpleSpan | None:
        with self._guard:
            parent = self._parents.pop(id_, None)
            records = self._records.pop(id_, None)
            scope = self._scopes.pop(id_, None)
            if scope is not None:
                self._retired[id_] = scope
                while len(self._retired) > _RETIRED_MAX:
                    self._retired.popitem(last=False)
            if records and parent is not None and parent in self._parents:
                self._records.setdefault(parent, []).extend(records)
        if records and isinstance(result, _response_types()):
            _attach(result, records)
        elif isinstance(result, _response_types()) and getattr(result, "response_gen", None) is not None:
            # a streamed query response whose LLM call starts when its generator is consumed
            _collect_while_consumed(result)
        elif records and isinstance(instance, _response_types()):
            # a streaming chat response consumes its stream (and so calls the LLM) in its
            # own write_response_to_history span, after the engine call returned it
            _attach(instance, records)
        return None

    def prepare_to_drop_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        err: BaseException | None = None,
        **kwargs: Any,
    ) -> SimpleSpan | None:
        with self._guard:
            self._parents.pop(id_, None)
            self._records.pop(id_, None)
            self._scopes.pop(id_, None)
        return None

    # ------------------------------------------------------------------ used by StepCacheLLM
    def report(self, record: dict[str, Any]) -> None:
        collect = _COLLECTOR.get()
        if collect is not None:  # a streamed response being consumed; its spans may carry it on too
            collect(record)
        span = active_span_id.get()
        if span is None:
            return
        with self._guard:
            if span in self._parents:
                self._records.setdefault(span, []).append(record)

    def scope(self) -> str | None:
        span = active_span_id.get()
        with self._guard:
            for _ in range(256):  # the span tree is shallow; bounded anyway
                if span is None:
                    return None
                if span in self._scopes:
                    return self._scopes[span]
                span = self._parents.get(span)
        return None


def _attach(response: Any, records: list[dict[str, Any]]) -> None:
    metadata = getattr(response, "metadata", None)
    if metadata is None:
        metadata = {}
        try:
            response.metadata = metadata
        except Exception:  # noqa: BLE001 - a frozen response: leave it
            return
    if not isinstance(metadata, dict):
        return
    calls = list(metadata.get(CALLS_KEY) or [])
    calls.extend(r for r in records if not any(r is c for c in calls))
    metadata[METADATA_KEY] = calls[-1]
    metadata[CALLS_KEY] = calls


_COLLECTOR: ContextVar[Callable[[dict[str, Any]], None] | None] = ContextVar("stepcache_collector", default=None)


def _collect_while_consumed(response: Any) -> None:
    """Wrap ``response.response_gen`` so LLM calls made while it is consumed report to ``response``."""
    if getattr(response, "_stepcache_collecting", False):
        return
    records: list[dict[str, Any]] = []

    def collect(record: dict[str, Any]) -> None:
        records.append(record)
        _attach(response, records)

    gen = response.response_gen
    if inspect.isasyncgen(gen) or hasattr(gen, "__anext__"):

        async def agen() -> AsyncIterator[Any]:
            token = _COLLECTOR.set(collect)
            try:
                async for item in gen:
                    yield item
            finally:
                _reset(token)

        response.response_gen = agen()
    elif isinstance(gen, Iterator):

        def sgen() -> Iterator[Any]:
            token = _COLLECTOR.set(collect)
            try:
                yield from gen
            finally:
                _reset(token)

        response.response_gen = sgen()
    else:
        return
    try:
        response._stepcache_collecting = True
    except Exception:  # noqa: BLE001 - a response refusing attributes is only wrapped again later
        pass


def _reset(token: Any) -> None:
    try:
        _COLLECTOR.reset(token)
    except ValueError:  # closed from another context (e.g. garbage collection): nothing to undo
        pass


_HANDLER: StepCacheSpanHandler | None = None
_INSTALL_LOCK = threading.Lock()


def install() -> StepCacheSpanHandler:
    """Add the handler to LlamaIndex's root dispatcher (once per process)."""
    global _HANDLER
    with _INSTALL_LOCK:
        if _HANDLER is None:
            handler = StepCacheSpanHandler()
            get_dispatcher().add_span_handler(handler)
            _HANDLER = handler
        return _HANDLER


def report(record: dict[str, Any]) -> None:
    """Attach ``record`` (a StepCacheLLM call's record) to the active span."""
    if _HANDLER is not None:
        _HANDLER.report(record)


def conversation_scope() -> str | None:
    """The conversation digest of the chat-engine call the active span belongs to, if any."""
    return _HANDLER.scope() if _HANDLER is not None else None
