"""Calling "any model": plain callables (sync or async), LangChain runnables, LlamaIndex LLMs."""

from __future__ import annotations

import asyncio
import inspect
import math
from collections.abc import Mapping
from typing import Any

from ..errors import ModelOutputError
from .types import LLMResponse

__all__ = ["coerce_response", "call_llm", "acall_llm", "content_text", "estimate_tokens"]


def estimate_tokens(text: str) -> int:
    """Rough token count (~4 characters per token) for models that report no usage."""
    return max(1, math.ceil(len(text) / 4)) if text else 0


def content_text(content: Any) -> str | None:
    """The text of a message content: a string, or the text parts of a list of content blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # LangChain content blocks
        parts = [
            block if isinstance(block, str) else block.get("text", "")
            for block in content
            if isinstance(block, str) or (isinstance(block, Mapping) and block.get("type") == "text")
        ]
        return "".join(parts)
    return None


def _usage(obj: Any) -> tuple[int, int] | None:
    usage = getattr(obj, "usage_metadata", None)
    if isinstance(usage, Mapping) and "input_tokens" in usage:
        return int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0)
    raw = getattr(obj, "raw", None)
    if isinstance(obj, Mapping):
        raw = obj
    for source in (raw, getattr(raw, "usage", None) if raw is not None else None):
        if source is None:
            continue
        usage = source.get("usage") if isinstance(source, Mapping) else getattr(source, "usage", source)
        if isinstance(usage, Mapping):
            prompt = usage.get("prompt_tokens", usage.get("input_tokens"))
            completion = usage.get("completion_tokens", usage.get("output_tokens"))
        else:
            prompt = getattr(usage, "prompt_tokens", None)
            completion = getattr(usage, "completion_tokens", None)
        if prompt is not None or completion is not None:
            return int(prompt or 0), int(completion or 0)
    return None


def coerce_response(value: Any, prompt: str = "") -> LLMResponse:
    """Turn whatever a model returned into an :class:`LLMResponse`, or raise ModelOutputError."""
    if isinstance(value, LLMResponse):
        return value
    text: str | None
    if isinstance(value, str):
        text = value
    elif isinstance(value, Mapping):
        text = content_text(value.get("text", value.get("content")))
    elif hasattr(value, "content") and not hasattr(value, "text"):
        text = content_text(value.content)  # LangChain messages
    elif hasattr(value, "message") and hasattr(value.message, "content"):
        text = content_text(value.message.content)  # LlamaIndex ChatResponse
    elif hasattr(value, "text"):
        text = content_text(value.text)  # LlamaIndex CompletionResponse
    else:
        text = None
    if text is None:
        raise ModelOutputError(f"the model returned {type(value).__name__}, not text")
    if "\x00" in text:
        raise ModelOutputError("the model returned text containing NUL bytes")
    usage = _usage(value) if not isinstance(value, str) else None
    if usage is None:
        return LLMResponse(
            text=text,
            prompt_tokens=estimate_tokens(prompt),
            completion_tokens=estimate_tokens(text),
            usage_estimated=True,
            raw=value,
        )
    return LLMResponse(text=text, prompt_tokens=usage[0], completion_tokens=usage[1], raw=value)


def _pick(llm: Any) -> tuple[Any, Any]:
    """(sync callable, async callable or None) for the model object."""
    if hasattr(llm, "invoke") and hasattr(llm, "ainvoke"):  # LangChain Runnable
        return llm.invoke, llm.ainvoke
    if hasattr(llm, "complete") and hasattr(llm, "acomplete"):  # LlamaIndex LLM
        return llm.complete, llm.acomplete
    if inspect.iscoroutinefunction(llm) or inspect.iscoroutinefunction(getattr(llm, "__call__", None)):
        return None, llm
    if callable(llm):
        return llm, None
    raise ModelOutputError(f"cannot call {type(llm).__name__} as a model")


def call_llm(llm: Any, prompt: str) -> LLMResponse:
    """Call the model synchronously (an async-only model runs in a fresh event loop)."""
    sync_fn, async_fn = _pick(llm)
    if sync_fn is not None:
        value = sync_fn(prompt)
        if inspect.isawaitable(value):
            value = _run(value)
    else:
        value = _run(async_fn(prompt))
    return coerce_response(value, prompt)


async def acall_llm(llm: Any, prompt: str) -> LLMResponse:
    """Call the model from async code; a sync-only model runs in a worker thread."""
    sync_fn, async_fn = _pick(llm)
    if async_fn is not None:
        value = await async_fn(prompt)
    else:
        value = await asyncio.to_thread(sync_fn, prompt)
        if inspect.isawaitable(value):
            value = await value
    return coerce_response(value, prompt)


def _run(awaitable: Any) -> Any:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(_await(awaitable))
    raise ModelOutputError("an async-only model was called from a running event loop; use agenerate")


async def _await(awaitable: Any) -> Any:
    return await awaitable
