"""Ecosystem clients for an OpenAI-compatible endpoint, wrapped as StepCache ``llm`` callables.

The benchmark and the examples talk to the local server (or vLLM, Ollama, a hosted API)
through ``langchain_openai.ChatOpenAI`` - the client users already run - and read token
usage from the returned message's ``usage_metadata``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stepcache_integrations import LLMResponse

__all__ = ["ChatModelLLM", "make_chat_openai"]


def make_chat_openai(
    base_url: str,
    *,
    model: str = "smollm2-135m-instruct",
    api_key: str = "local",
    temperature: float = 0.0,
    max_tokens: int | None = None,
    seed: int | None = 42,
    cache_prompt: bool | None = False,
    timeout: float = 300.0,
    **kwargs: Any,
) -> Any:
    """A ``ChatOpenAI`` for ``base_url``.

    ``cache_prompt=False`` is sent to llama.cpp servers (``extra_body``) so that no
    request is faster because the server kept a previous request's prompt prefix in its
    KV cache; pass ``None`` to send nothing (for endpoints that reject unknown fields).
    No ``max_tokens`` unless given: the cache's adapters make no claim on a request with a length
    limit (it bypasses them); the local server caps a request that sets none (``--n-predict``).
    """
    from langchain_openai import ChatOpenAI

    extra_body: dict[str, Any] = dict(kwargs.pop("extra_body", None) or {})
    if cache_prompt is not None:
        extra_body.setdefault("cache_prompt", cache_prompt)
    options: dict[str, Any] = {
        "base_url": base_url,
        "api_key": api_key,
        "model": model,
        "temperature": temperature,
        "timeout": timeout,
        "max_retries": 1,
    }
    if max_tokens is not None:
        options["max_tokens"] = max_tokens
    if seed is not None:
        options["seed"] = seed
    if extra_body:
        options["extra_body"] = extra_body
    options.update(kwargs)
    return ChatOpenAI(**options)


@dataclass
class ChatModelLLM:
    """Wraps a LangChain chat model as a StepCache ``llm``: ``prompt -> LLMResponse``.

    Counts calls and tokens so a benchmark can cross-check what the cache reports.
    """

    chat_model: Any
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int = 0
    last_usage: dict[str, Any] = field(default_factory=dict)

    def _to_response(self, message: Any) -> LLMResponse:
        text = (
            message.content
            if isinstance(message.content, str)
            else str(message.content)
        )
        usage = getattr(message, "usage_metadata", None) or {}
        prompt_tokens = int(usage.get("input_tokens", 0) or 0)
        completion_tokens = int(usage.get("output_tokens", 0) or 0)
        details = usage.get("input_token_details") or {}
        cached = int(details.get("cache_read", 0) or 0)
        self.calls += 1
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.cached_prompt_tokens += cached
        self.last_usage = dict(usage)
        return LLMResponse(
            text=text,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            usage_estimated=not usage,
            raw=message,
        )

    def __call__(self, prompt: str) -> LLMResponse:
        return self._to_response(self.chat_model.invoke(prompt))

    async def acall(self, prompt: str) -> LLMResponse:
        """Async twin (``ainvoke``)."""
        return self._to_response(await self.chat_model.ainvoke(prompt))
