"""The patch model of one global-cache ``lookup`` (moved out of ``cache.py``, which is near its size limit)."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import BaseMessage

from ..core.engine import CachePlan
from ..core.types import LLMResponse
from ._requests import CallSpec, Request, entry_metadata
from .engine_model import output_response

__all__ = ["PatchCaller"]


class PatchCaller:
    """The patch model of one ``lookup`` (``adapters.flow.AdapterModel``): it answers the plan's
    patch prompt and the engine's repairs; the answer keeps the matched entry's message shape."""

    # ``patch_model`` need not be the request's model: a failed patch is declined (LangChain then
    # calls the request's model), never answered whole by this one (``core.engine.whole_request_flow``)
    answers_whole_request = False

    def __init__(self, model: Any, request: Request, spec: CallSpec, template: BaseMessage | None) -> None:
        self.model = model
        self.request = request
        self.spec = spec
        self.template = template

    def call(self, prompt: str) -> Any:
        return self.model.invoke(self.request.model_input(prompt))

    async def acall(self, prompt: str) -> Any:
        return await self.model.ainvoke(self.request.model_input(prompt))

    def response(self, raw: Any, prompt: str) -> LLMResponse:
        return output_response(raw, prompt)

    def rejects(self, raw: Any) -> list[str]:
        return self.spec.rejects(raw)

    def entry_metadata(self, plan: CachePlan, raw: Any) -> dict[str, Any]:
        return entry_metadata(self.request.kind, None, self.template)

    def respond(self, prompt: str) -> LLMResponse:
        return output_response(self.call(prompt), prompt)

    async def arespond(self, prompt: str) -> LLMResponse:
        return output_response(await self.acall(prompt), prompt)
