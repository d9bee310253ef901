"""LangChain models and outputs as the engine reads them (the ``langchain`` model kind).

A LangChain ``Runnable`` (a chat model, an LLM, a chain) is the engine's
:class:`~stepcache_integrations.core.llm.TextModel` through ``invoke`` / ``ainvoke``; a message
it returns is read as its text (text content blocks joined, else its tool calls as JSON) and
its ``usage_metadata``. Importing this module registers the kind with the engine, which imports
it by itself when an object of ``langchain_core`` reaches it (``StepCache.generate(prompt, chat_model)``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable

from ..core.llm import ModelKind, coerce_response, register_model_kind, text_response
from ..core.types import LLMResponse

__all__ = [
    "KIND",
    "RunnableModel",
    "content_text",
    "message_text",
    "message_usage",
    "output_response",
    "output_text",
    "read_output",
    "runnable_model",
]


def content_text(content: Any) -> str | None:
    """The text of a message content: a string, or the text parts of a list of content blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            block if isinstance(block, str) else block.get("text", "")
            for block in content
            if isinstance(block, str) or (isinstance(block, Mapping) and block.get("type") == "text")
        ]
        return "".join(parts)
    return None


def message_text(message: BaseMessage) -> str:
    """The answer text of a message: its text content, else its tool calls as JSON.

    A single tool call becomes its arguments object (so a JSON schema can verify it),
    several become a list of ``{"name", "args"}``.
    """
    text = content_text(message.content) or ""
    calls = getattr(message, "tool_calls", None) or []
    if text.strip() or not calls:
        return text
    if len(calls) == 1:
        return json.dumps(calls[0]["args"], ensure_ascii=False, indent=2)
    return json.dumps([{"name": c["name"], "args": c["args"]} for c in calls], ensure_ascii=False, indent=2)


def output_text(output: Any) -> str:
    """Answer text of a model output (message or string)."""
    if isinstance(output, BaseMessage):
        return message_text(output)
    if isinstance(output, str):
        return output
    raise TypeError(f"the model returned {type(output).__name__}, not a message or a string")


def message_usage(message: BaseMessage) -> tuple[int, int] | None:
    """(input, output) tokens of a message's ``usage_metadata``; None: not reported."""
    usage = getattr(message, "usage_metadata", None)
    if usage and "input_tokens" in usage:
        return int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0)
    return None


def output_response(output: Any, prompt: str) -> LLMResponse:
    """Text and token usage of a model output (message or string), for the engine."""
    usage = message_usage(output) if isinstance(output, BaseMessage) else None
    text = output_text(output)
    return text_response(text, prompt if isinstance(prompt, str) else str(prompt), usage, raw=output)


def read_output(value: Any, prompt: str) -> LLMResponse | None:
    """A LangChain message as the engine reads it; None for any other LangChain object."""
    return output_response(value, prompt) if isinstance(value, BaseMessage) else None


class RunnableModel:
    """A LangChain ``Runnable`` as the engine's ``TextModel``: the prompt is its input."""

    def __init__(self, runnable: Runnable) -> None:
        self.runnable = runnable

    def respond(self, prompt: str) -> LLMResponse:
        """``invoke`` the runnable and read its output."""
        return coerce_response(self.runnable.invoke(prompt), prompt)

    async def arespond(self, prompt: str) -> LLMResponse:
        """``ainvoke`` the runnable and read its output."""
        return coerce_response(await self.runnable.ainvoke(prompt), prompt)


def runnable_model(value: Any) -> RunnableModel | None:
    """``value`` as a :class:`RunnableModel` if it is a LangChain ``Runnable``."""
    return RunnableModel(value) if isinstance(value, Runnable) else None


KIND = ModelKind(name="langchain", modules=("langchain_core",), model=runnable_model, response=read_output)
"""The engine's LangChain kind: runnables as models, messages as outputs."""

register_model_kind(KIND)
