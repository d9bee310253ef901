"""Function calling of ``StepCacheLLM``: the inner model's own (tool requests bypass the cache)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from llama_index.core.base.llms.types import ChatMessage, ChatResponse
from llama_index.core.llms.function_calling import FunctionCallingLLM

if TYPE_CHECKING:
    from llama_index.core.llms.llm import LLM

__all__ = ["InnerFunctionCalling"]


class InnerFunctionCalling:
    """``FunctionCallingLLM``'s abstract methods, answered by the inner model ``self._llm``.

    A mixin placed before ``FunctionCallingLLM`` in ``StepCacheLLM``'s bases (it has no
    fields). Around a model that does not call functions, the tool methods raise
    ``TypeError`` and LlamaIndex picks its text-based paths.
    """

    if TYPE_CHECKING:
        _llm: LLM

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
