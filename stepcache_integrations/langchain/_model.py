"""The model a ``StepCacheRunnable`` wraps: what it is, and how the engine calls it.

Introspection sees through ``RunnableBinding``s (bound kwargs are part of the cache key);
:class:`ModelCaller` is the engine's ``llm`` for one wrapper run, so every model call is a
child run of the wrapper's own run.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

from langchain_core.language_models import BaseChatModel, BaseLanguageModel, BaseLLM
from langchain_core.messages import BaseMessage, convert_to_messages
from langchain_core.prompt_values import ChatPromptValue, PromptValue, StringPromptValue
from langchain_core.runnables import Runnable, RunnableConfig

from ..core.planner import CachePlan
from ..core.types import LLMResponse
from ._requests import CallSpec, Kind, Request
from ._identity import unwrap
from .engine_model import output_response
from ._outputs import entry_meta

__all__ = [
    "ModelCaller", "call_options", "is_model", "llm_string", "model_kind", "prompt_value", "schema_dict", "unwrap",
]


def model_kind(runnable: Runnable) -> Kind:
    model, _ = unwrap(runnable)
    return "llm" if isinstance(model, BaseLLM) else "chat"


def call_options(runnable: Runnable, call_kwargs: dict[str, Any]) -> dict[str, Any]:
    """The options a call sends the model: bound kwargs (tools, tool choice, response
    format...) merged with the call's, without the tracing-only ones."""
    _, bound_kwargs = unwrap(runnable)
    kwargs = {**bound_kwargs, **call_kwargs}
    # tracing-only, stripped by LangChain before the model (and its cache) see the call
    if not kwargs.pop("ls_structured_output_format", None):
        kwargs.pop("structured_output_format", None)
    return kwargs


def llm_string(runnable: Runnable, call_kwargs: dict[str, Any]) -> str:
    """What LangChain's own cache would use as ``llm_string`` for this model and call."""
    model, _ = unwrap(runnable)
    kwargs = call_options(runnable, call_kwargs)
    stop = kwargs.pop("stop", None)
    if isinstance(model, BaseChatModel):
        return model._get_llm_string(stop=stop, **kwargs)
    if isinstance(model, BaseLLM):
        params: dict[str, Any] = {**model.dict(), "stop": stop, **kwargs}
        return str(sorted(params.items()))
    return f"{model!r}|{sorted(kwargs.items())!r}|{stop!r}"


def prompt_value(value: Any) -> PromptValue:
    if isinstance(value, PromptValue):
        return value
    if isinstance(value, str):
        return StringPromptValue(text=value)
    if isinstance(value, BaseMessage):
        return ChatPromptValue(messages=[value])
    if isinstance(value, (list, tuple)):
        return ChatPromptValue(messages=convert_to_messages(value))
    raise ValueError(f"invalid input type {type(value).__name__}: must be a PromptValue, str or list of messages")


def schema_dict(schema: Any) -> dict[str, Any] | None:
    """A JSON Schema for the engine's JSON verification, from whatever LangChain accepts."""
    try:
        from langchain_core.utils.function_calling import convert_to_json_schema

        converted = convert_to_json_schema(schema)
    except Exception:  # noqa: BLE001 - an exotic schema: verify as JSON without it
        return None
    return converted if isinstance(converted, dict) else None


def is_model(runnable: Any) -> bool:
    model, _ = unwrap(runnable) if isinstance(runnable, Runnable) else (runnable, {})
    return isinstance(model, BaseLanguageModel)


class ModelCaller:
    """The wrapper's model for one run (``adapters.flow.AdapterModel``): model calls become child runs
    of the wrapper; ``spec`` says what the call options ask of an answer's shape, ``stored`` is the
    message shape of the plan's matched entry (kept for a patched answer)."""

    def __init__(
        self,
        model: Runnable,
        request: Request,
        config: RunnableConfig,
        kwargs: dict[str, Any],
        spec: CallSpec | None = None,
        stored: BaseMessage | None = None,
        *,
        limit: int | None = None,
        sampling: str = "",
    ) -> None:
        self.model = model
        self.request = request
        self.config = config
        self.kwargs = kwargs
        self.spec = spec if spec is not None else CallSpec()
        self.stored = stored
        self.limit = limit  # the request's length limit: an answer cut off at it fails (adapters.flow)
        self.sampling = sampling  # the digest of its sampling options (_requests.SAMPLING), kept with its entries

    def shaped(self, stored: BaseMessage | None) -> ModelCaller:
        """This caller for a plan whose matched entry has the message shape ``stored``."""
        return ModelCaller(self.model, self.request, self.config, self.kwargs, self.spec, stored, limit=self.limit,
                           sampling=self.sampling)

    def response(self, raw: Any, prompt: str) -> LLMResponse:
        return output_response(raw, prompt)

    def rejects(self, raw: Any) -> list[str]:
        return self.spec.rejects(raw)

    def entry_metadata(self, plan: CachePlan, raw: Any) -> dict[str, Any]:
        return {**entry_meta(plan, self.request, raw, self.stored), "sampling": self.sampling}

    def call(self, prompt: str) -> Any:
        return self.model.invoke(self.request.model_input(prompt), self.config, **self.kwargs)

    async def acall(self, prompt: str) -> Any:
        return await self.model.ainvoke(self.request.model_input(prompt), self.config, **self.kwargs)

    def stream(self, prompt: str) -> Iterator[Any]:
        return self.model.stream(self.request.model_input(prompt), self.config, **self.kwargs)

    def astream(self, prompt: str) -> AsyncIterator[Any]:
        return self.model.astream(self.request.model_input(prompt), self.config, **self.kwargs)

    # the engine's model interface (repairs)
    def respond(self, prompt: str) -> LLMResponse:
        return output_response(self.call(prompt), prompt)

    async def arespond(self, prompt: str) -> LLMResponse:
        return output_response(await self.acall(prompt), prompt)
