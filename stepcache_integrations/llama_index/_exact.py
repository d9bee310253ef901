"""``StepCacheLLM``'s exact tier: the inner model's own answer to exactly this request, replayed.

A request is keyed structurally: each message's role, blocks and ``additional_kwargs`` (never its
``role: content`` rendering, which reads several ways), a completion's text and ``formatted``; the
model by its whole identity (``StepCacheLLM._request_key``: every field but the inert ones, the call's
kwargs, the conversation). A hit is the stored response with a ``stepcache`` record of outcome
``exact`` (``unchecked``: no checker read it); a miss calls the inner model, stores its response and
tags it with outcome ``miss``. Streams replay a hit as one chunk, or pass the inner stream through
and store the whole once it is read (its last chunk carries the record).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, ChatResponse, CompletionResponse

from ..adapters.flow import (
    END,
    Emit,
    Io,
    METADATA_KEY,
    StreamFlow,
    TwinFlow,
    exact_event,
    exact_summary,
    log_request,
    pull,
    CUT_OFF,
    TierDecision,
    cut_off,
)
from ..core.exact_tier import exact_llm_key
from ..core.llm import coerce_response
from ..errors import ModelOutputError
from ._requests import role_name
from ._responses import tag
from ._spans import report

__all__ = ["ExactRequest", "exact_answer_flow", "exact_chat_request", "exact_completion_request", "exact_stream_flow"]

logger = logging.getLogger("stepcache_integrations.llama_index")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def exact_chat_request(messages: Sequence[ChatMessage]) -> str:
    """A chat request as one canonical string: each message's role, blocks and ``additional_kwargs``."""
    turns = []
    for message in messages:
        extra = {k: v for k, v in message.additional_kwargs.items() if k != METADATA_KEY}
        blocks = [block.model_dump(mode="json") for block in message.blocks]
        turns.append({"role": role_name(message), "blocks": blocks, "additional_kwargs": extra})
    return _canonical({"kind": "chat", "messages": turns})


def exact_completion_request(prompt: str, formatted: bool) -> str:
    """A completion request as one canonical string (``formatted`` changes what the model sees)."""
    return _canonical({"kind": "complete", "prompt": prompt, "formatted": formatted})


def _where(request: ExactRequest) -> dict[str, Any]:
    return {"namespace": request.namespace, "llm_key": exact_llm_key(request.identity)}


class ExactRequest:
    """One exact-tier request: the engine, namespace, model identity, canonical request, readable prompt,
    the tier decision, and whether it is a chat request."""

    def __init__(self, cache: Any, namespace: str, identity: str, request: str, prompt: str,
                 decision: TierDecision, chat: bool, limit: int | None = None) -> None:
        self.cache, self.namespace, self.identity, self.request = cache, namespace, identity, request
        self.prompt, self.decision, self.chat, self.limit = prompt, decision, chat, limit


def _lookup(req: ExactRequest, streamed: bool) -> TwinFlow[Any]:
    exact = req.cache.exact
    hit = yield Io.of(exact.get, exact.aget, req.namespace, req.identity, req.request,
                     reasons=[str(r) for r in req.decision.reasons])
    if hit is None:
        return None
    meta = exact_summary(req.decision, hit=hit, streamed=streamed, **_where(req))
    response = restored(hit.payload, meta, req.chat)
    if response is not None:
        log_request(logger, exact_event(meta), prompt=req.prompt, record=meta, **_where(req))
        report(meta)
    return response


def _store(req: ExactRequest, response: Any, streamed: bool, text: str | None = None) -> TwinFlow[dict[str, Any]]:
    exact, payload = req.cache.exact, payload_of(response, text)
    try:
        reply = coerce_response(response, req.prompt)
        usage = (0, 0) if reply.usage_estimated else (reply.prompt_tokens, reply.completion_tokens)
    except ModelOutputError:  # a tool call: no text to read usage beside
        usage = (0, 0)
    stored, reason = None, CUT_OFF  # an answer the model stopped at a length limit is never kept
    if not cut_off(response, req.limit):
        stored = yield Io.of(exact.put, exact.aput, req.namespace, req.identity, req.request, prompt=req.prompt,
                             text=payload["text"], payload=payload, prompt_tokens=usage[0], completion_tokens=usage[1])
        reason = None
    meta = exact_summary(req.decision, hit=None, stored_entry_id=stored, streamed=streamed, usage=usage,
                         reason=reason, **_where(req))
    log_request(logger, exact_event(meta), prompt=req.prompt, record=meta, **_where(req))
    report(meta)
    return meta


def exact_answer_flow(req: ExactRequest, call: Io) -> TwinFlow[Any]:
    """The stored response, or the inner model's (``call``), stored and tagged."""
    found = yield from _lookup(req, False)
    if found is not None:
        return found
    response = yield call
    meta = yield from _store(req, response, False)
    return tag(response, meta)


def exact_stream_flow(req: ExactRequest, open_stream: Io) -> StreamFlow:
    """A stored response as one chunk, or the inner stream passed through, stored once read."""
    found = yield from _lookup(req, True)
    if found is not None:
        found.delta = found.message.content if req.chat else found.text
        yield Emit(found)
        return
    stream = yield open_stream
    last, joined = None, ""
    while (part := (yield pull(stream))) is not END:
        if last is not None:
            yield Emit(last)
        last, joined = part, joined + (part.delta or "")
    if last is None:
        return
    meta = yield from _store(req, last, True, joined)
    yield Emit(tag(last, meta))


def payload_of(response: Any, joined: str | None = None) -> dict[str, Any]:
    """What the exact tier keeps of an inner model's response: its text, and a chat response's
    message (role, blocks, ``additional_kwargs`` but our own record); ``joined``: a stream's deltas."""
    text = getattr(response, "text", None) or ""
    message = getattr(response, "message", None)
    if isinstance(message, ChatMessage):
        text = message.content or ""
    if joined and len(joined) > len(text):  # a stream whose last chunk holds only its own delta
        text = joined
    payload: dict[str, Any] = {"text": text}
    if isinstance(message, ChatMessage):
        extra = {k: v for k, v in message.additional_kwargs.items() if k != METADATA_KEY}
        if text != (message.content or ""):
            message = ChatMessage(role=message.role, content=text)
        payload["message"] = json.loads(_canonical(message.model_copy(update={"additional_kwargs": extra})
                                                   .model_dump(mode="json")))
    return payload


def restored(payload: dict[str, Any], meta: dict[str, Any], chat: bool) -> Any:
    """The response an exact-tier payload holds, carrying ``meta`` (None: not restorable)."""
    if not chat:
        return CompletionResponse(text=str(payload.get("text") or ""), additional_kwargs={METADATA_KEY: meta})
    try:
        message = ChatMessage.model_validate(payload["message"])
    except Exception:  # noqa: BLE001 - a malformed record is a miss
        return None
    message.additional_kwargs[METADATA_KEY] = meta
    return ChatResponse(message=message, additional_kwargs={METADATA_KEY: meta})
