"""LlamaIndex LLMs and responses as the engine reads them (the ``llama_index`` model kind).

A LlamaIndex ``LLM`` is the engine's :class:`~stepcache_integrations.core.llm.TextModel`
through ``complete`` / ``acomplete``; a ``CompletionResponse`` is read as its ``text``, a
``ChatResponse`` as its message's content, and the token usage from the provider's ``raw``
response (``raw["usage"]`` or ``raw.usage``). Importing this module registers the kind with
the engine, which imports it by itself when an object of ``llama_index`` reaches it
(``StepCache.generate(prompt, llm)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from llama_index.core.base.llms.types import ChatResponse, CompletionResponse
from llama_index.core.llms.llm import LLM

from ..core.llm import ModelKind, coerce_response, register_model_kind, text_response, usage_tokens
from ..core.types import LLMResponse

__all__ = ["KIND", "CompletionModel", "completion_model", "raw_usage", "read_response", "response_text"]


def response_text(response: Any) -> str | None:
    """The text of a ``CompletionResponse`` or a ``ChatResponse`` (None: neither, or no text)."""
    if isinstance(response, ChatResponse):
        content = response.message.content
        return content if isinstance(content, str) else None
    if isinstance(response, CompletionResponse):
        return response.text if isinstance(response.text, str) else None
    return None


def raw_usage(raw: Any) -> tuple[int, int] | None:
    """(prompt, completion) tokens the provider's raw response reports (``usage`` key or
    attribute, or the raw response itself as the usage record); None: not reported."""
    if raw is None:
        return None
    usage = raw.get("usage") if isinstance(raw, Mapping) else getattr(raw, "usage", None)
    counts = usage_tokens(usage) if usage is not None else None
    return counts if counts is not None or isinstance(raw, Mapping) else usage_tokens(raw)


def read_response(value: Any, prompt: str) -> LLMResponse | None:
    """A LlamaIndex response as the engine reads it (text, usage); None for anything else."""
    text = response_text(value)
    if text is None:
        return None
    return text_response(text, prompt, raw_usage(getattr(value, "raw", None)), raw=value)


class CompletionModel:
    """A LlamaIndex ``LLM`` as the engine's ``TextModel``: the prompt is a completion request."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm

    def respond(self, prompt: str) -> LLMResponse:
        """The LLM's ``complete``, read."""
        return coerce_response(self.llm.complete(prompt), prompt)

    async def arespond(self, prompt: str) -> LLMResponse:
        """The LLM's ``acomplete``, read."""
        return coerce_response(await self.llm.acomplete(prompt), prompt)


def completion_model(value: Any) -> CompletionModel | None:
    """``value`` as a :class:`CompletionModel` if it is a LlamaIndex ``LLM``."""
    return CompletionModel(value) if isinstance(value, LLM) else None


KIND = ModelKind(name="llama_index", modules=("llama_index",), model=completion_model, response=read_response)
"""The engine's LlamaIndex kind: LLMs as models, completion and chat responses as outputs."""

register_model_kind(KIND)
