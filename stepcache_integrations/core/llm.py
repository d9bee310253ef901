"""Calling a model: the engine's declared model interface, plain callables, registered model kinds.

The engine calls a model through :class:`TextModel` (``respond`` / ``arespond``: a prompt in,
its answer out) and reads what it returns as an :class:`LLMResponse`: an ``LLMResponse``, a
``str``, or a mapping with ``text`` (or ``content``) and an optional ``usage`` record. Any
other ``llm`` is turned into a ``TextModel`` here:

* an object implementing :class:`TextModel` is used as it is;
* an object of a registered :class:`ModelKind` (a framework's models, e.g. LangChain
  runnables, LlamaIndex LLMs) is wrapped by that kind, which also reads the framework's
  outputs. The kinds of the bundled adapters register when their module is imported; a class
  defined under ``langchain_core`` or ``llama_index`` imports it on first use. This module
  knows those module names only, none of their objects;
* any other callable (sync or async) is called with the prompt.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, Union, runtime_checkable

from ..errors import ModelOutputError
from .types import LLMResponse

__all__ = [
    "ModelKind",
    "ModelOutput",
    "TextModel",
    "CallableModel",
    "acall_llm",
    "as_model",
    "call_llm",
    "coerce_response",
    "estimate_tokens",
    "register_model_kind",
    "text_response",
    "usage_tokens",
]

ModelOutput = Union[LLMResponse, str, Mapping[str, Any]]
"""What a :class:`TextModel` or a plain callable returns: a response, its text, or a mapping with
``text`` (or ``content``) and an optional ``usage`` record (see :func:`usage_tokens`)."""


@runtime_checkable
class TextModel(Protocol):
    """The engine's declared model interface: the answer to one prompt, sync and async."""

    def respond(self, prompt: str) -> ModelOutput: ...

    def arespond(self, prompt: str) -> Awaitable[ModelOutput]: ...


@dataclass(frozen=True)
class ModelKind:
    """How the engine calls one family of framework models and reads their outputs.

    ``modules``: the top-level modules whose classes (or their bases) belong to the family;
    ``model`` wraps one of its objects as a :class:`TextModel` (None: not a model);
    ``response`` reads one of its outputs for a prompt (None: not an output it knows).
    """

    name: str
    modules: tuple[str, ...]
    model: Callable[[Any], TextModel | None]
    response: Callable[[Any, str], LLMResponse | None]


_KINDS: dict[str, ModelKind] = {}
# The adapters bundled with this package: the module that registers the kind of each framework
# (imported, by name, only when an object of that framework reaches the engine).
_BUNDLED = {"langchain_core": "..langchain.engine_model", "llama_index": "..llama_index.engine_model"}


def register_model_kind(kind: ModelKind) -> None:
    """Let the engine call the models of ``kind`` and read their outputs (a later kind replaces
    an earlier one for the same modules)."""
    for module in kind.modules:
        _KINDS[module] = kind


def _kind_of(value: Any) -> ModelKind | None:
    """The registered kind of ``value``'s class or of one of its bases."""
    for cls in type(value).__mro__:
        root = cls.__module__.partition(".")[0]
        if root not in _KINDS and root in _BUNDLED:
            importlib.import_module(_BUNDLED[root], __package__)  # registers the bundled adapter's kind
        if root in _KINDS:
            return _KINDS[root]
    return None


def estimate_tokens(text: str) -> int:
    """Rough token count (~4 characters per token) for models that report no usage."""
    return max(1, math.ceil(len(text) / 4)) if text else 0


def usage_tokens(usage: Any) -> tuple[int, int] | None:
    """(prompt, completion) tokens of a usage record: a mapping or an object with
    ``prompt_tokens`` / ``completion_tokens`` (or ``input_tokens`` / ``output_tokens``); None: no counts."""
    read = usage.get if isinstance(usage, Mapping) else (lambda name: getattr(usage, name, None))
    prompt = read("prompt_tokens")
    prompt = read("input_tokens") if prompt is None else prompt
    completion = read("completion_tokens")
    completion = read("output_tokens") if completion is None else completion
    if prompt is None and completion is None:
        return None
    return int(prompt or 0), int(completion or 0)


def text_response(text: str, prompt: str, usage: tuple[int, int] | None = None, raw: Any = None) -> LLMResponse:
    """An :class:`LLMResponse` of ``text``: with the reported ``usage``, else usage estimated from the texts."""
    if usage is None:
        return LLMResponse(
            text=text,
            prompt_tokens=estimate_tokens(prompt),
            completion_tokens=estimate_tokens(text),
            usage_estimated=True,
            raw=raw,
        )
    return LLMResponse(text=text, prompt_tokens=usage[0], completion_tokens=usage[1], raw=raw)


def coerce_response(value: Any, prompt: str = "") -> LLMResponse:
    """Read a model's output as an :class:`LLMResponse`, or raise ModelOutputError.

    A :data:`ModelOutput` (an ``LLMResponse`` is taken as it is), or an output of a registered
    :class:`ModelKind`; text with NUL bytes is refused.
    """
    if isinstance(value, LLMResponse):
        return value
    response = _read(value, prompt)
    if response is None:
        raise ModelOutputError(
            f"the model returned {type(value).__name__}, not text (a str, an LLMResponse or a mapping with 'text')"
        )
    if "\x00" in response.text:
        raise ModelOutputError("the model returned text containing NUL bytes")
    return response


def _read(value: Any, prompt: str) -> LLMResponse | None:
    if isinstance(value, str):
        return text_response(value, prompt, raw=value)
    if isinstance(value, Mapping):
        text = value.get("text", value.get("content"))
        usage = value.get("usage")
        usage_counts = usage_tokens(usage) if usage is not None else None
        return text_response(text, prompt, usage_counts, raw=value) if isinstance(text, str) else None
    kind = _kind_of(value)
    return kind.response(value, prompt) if kind is not None else None


class CallableModel:
    """A plain function (sync or async) as a :class:`TextModel`."""

    def __init__(self, fn: Callable[[str], Any]) -> None:
        self.fn = fn
        self.is_async = inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None))

    def respond(self, prompt: str) -> Any:
        """Call the function (an async one in a fresh event loop)."""
        value = self.fn(prompt)
        return _run(value) if inspect.isawaitable(value) else value

    async def arespond(self, prompt: str) -> Any:
        """Await an async function; run a sync one in a worker thread."""
        value = self.fn(prompt) if self.is_async else await asyncio.to_thread(self.fn, prompt)
        return await value if inspect.isawaitable(value) else value


def as_model(llm: Any) -> TextModel:
    """``llm`` as the engine's :class:`TextModel` (see the module's docstring), or ModelOutputError."""
    if isinstance(llm, TextModel):
        return llm
    kind = _kind_of(llm)
    model = kind.model(llm) if kind is not None else None
    if model is not None:
        return model
    if callable(llm):
        return CallableModel(llm)
    raise ModelOutputError(f"cannot call {type(llm).__name__} as a model")


def call_llm(llm: Any, prompt: str) -> LLMResponse:
    """Call the model synchronously (an async-only model runs in a fresh event loop)."""
    value = as_model(llm).respond(prompt)
    return coerce_response(_run(value) if inspect.isawaitable(value) else value, prompt)


async def acall_llm(llm: Any, prompt: str) -> LLMResponse:
    """Call the model from async code (a sync-only model runs in a worker thread)."""
    return coerce_response(await as_model(llm).arespond(prompt), prompt)


def _run(awaitable: Any) -> Any:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(_await(awaitable))
    if inspect.iscoroutine(awaitable):
        awaitable.close()  # never to be awaited: no "never awaited" warning
    raise ModelOutputError("an async-only model was called from a running event loop; use agenerate")


async def _await(awaitable: Any) -> Any:
    return await awaitable
