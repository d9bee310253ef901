"""Counting model calls and tokens: the benchmark's ground truth for cost.

Every system calls the model through one :class:`CountingLLM`. Tokens come from the
server's own usage counts; a response without them stops the run with
:class:`UsageMissingError` instead of being counted as 0 tokens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stepcache_integrations import LLMResponse, StepCacheError

__all__ = ["CountingLLM", "UsageMissingError"]


class UsageMissingError(StepCacheError):
    """The model endpoint reported no token usage, so the run's costs cannot be measured."""


class CountingLLM:
    """Wraps any ``llm`` callable, counting calls and tokens (the benchmark's ground truth).

    ``require_usage`` (default): a response whose usage was estimated (the endpoint sent
    none) or that reports no prompt tokens raises :class:`UsageMissingError`.
    """

    def __init__(self, llm: Callable[[str], Any], *, require_usage: bool = True) -> None:
        self.llm = llm
        self.require_usage = require_usage
        self.calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.cached_prompt_tokens = 0

    def __call__(self, prompt: str) -> LLMResponse:
        response = self.llm(prompt)
        if not isinstance(response, LLMResponse):
            response = LLMResponse(text=str(response), usage_estimated=True)
        if self.require_usage and (response.usage_estimated or response.prompt_tokens <= 0):
            raise UsageMissingError(
                "the model endpoint reported no token usage for a request; the benchmark "
                "counts tokens from the server's usage and will not count 0 tokens "
                f"(prompt_tokens={response.prompt_tokens}, estimated={response.usage_estimated})"
            )
        self.calls += 1
        self.prompt_tokens += response.prompt_tokens
        self.completion_tokens += response.completion_tokens
        usage = getattr(getattr(response, "raw", None), "usage_metadata", None) or {}
        details = usage.get("input_token_details") or {}
        self.cached_prompt_tokens += int(details.get("cache_read", 0) or 0)
        return response

    def snapshot(self) -> tuple[int, int, int, int]:
        """(calls, prompt tokens, completion tokens, server-cached prompt tokens) so far."""
        return (
            self.calls,
            self.prompt_tokens,
            self.completion_tokens,
            self.cached_prompt_tokens,
        )
