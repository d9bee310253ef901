"""The tier of a LlamaIndex request (``adapters.flow.decide_tier``) and its exact-tier key.

The same reasons as LangChain's, read from what ``StepCacheLLM`` sees: the call's kwargs (tools,
structured output, options outside the allowlist), the inner model (a prompt template or system
prompt, an option among its fields, a field its provider profile does not know), and the messages
(non-text blocks, tool turns). Every reason is kept, each with the opt-in that would lift it; any
reason puts the request in the exact tier. The exact tier (``_exact``) keys on the inner model's whole identity
(every field but the inert ones: :func:`dropped_fields`) and on the request structurally.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, TextBlock

from ..adapters.flow import (
    Reason,
    TierDecision,
    decide_tier,
    declared_fields,
    field_reasons,
    fits,
    inert_names,
    inert_names_of,
    known_fields,
    length_limit,
    option_reasons,
    profile_for,
)
from ._llm_key import LLAMA_INDEX_CLASSES, formatter_reason, inner_options
from ._requests import BYPASS_KWARGS, role_name

__all__ = ["dropped_fields", "fitted", "llama_tier", "request_limit"]


def dropped_fields(llm: Any, inert: Collection[str]) -> frozenset[str]:
    """The squashed names of the inner model's fields out of every key: the caller's
    ``inert_model_fields`` and the inert fields of its provider profile."""
    return inert_names(inert) | inert_names_of(type(llm), "llama_index")


def _message_reasons(messages: Sequence[ChatMessage] | None) -> Iterator[str]:
    for message in messages or ():
        if role_name(message) in ("tool", "function"):
            yield "tool messages"
        if "tool_calls" in message.additional_kwargs or "function_call" in message.additional_kwargs:
            yield "tool calls in history"
        if any(not isinstance(block, TextBlock) for block in message.blocks):
            yield "non-text content"


def _request_reasons(messages: Sequence[ChatMessage] | None, kwargs: dict[str, Any], llm: Any) -> Iterator[str]:
    for name in BYPASS_KWARGS:
        if kwargs.get(name) not in (None, False, [], {}):
            yield f"{name} requested"
    yield from option_reasons(kwargs)
    formatter = formatter_reason(llm)
    if formatter is not None:
        yield formatter
    yield from option_reasons(inner_options(llm), strict=False)
    yield from _message_reasons(messages)


def request_limit(llm: Any, kwargs: dict[str, Any]) -> int | None:
    """The request's length limit: the call's or the inner model's (``max_tokens``...)."""
    return length_limit(inner_options(llm), kwargs)


def fitted(cache: Any, plan: Any, limit: int | None, options: dict[str, Any]) -> Any:
    """``plan``, or a miss plan when its cache-only answer may not fit the request's length ``limit``
    (``adapters.flow``: the stored answer itself fits by the tokens its model reported); the
    prompt's vector is kept."""
    entry = plan.entry
    verbatim = entry is not None and plan.cached_text == entry.text
    reported = (entry.metadata.get("length") or {}).get("output_tokens") if verbatim else None
    if plan.needs_model or fits(plan.cached_text, limit, reported if isinstance(reported, int) else None):
        return plan
    fresh = cache.prepare(plan.prompt, **options)
    fresh.vector = plan.vector
    return fresh


def llama_tier(messages: Sequence[ChatMessage] | None, kwargs: dict[str, Any], llm: Any, inert: Collection[str],
               prompt: str) -> TierDecision:
    """The tier of one ``StepCacheLLM`` request: every reason from the call, the inner model's settings
    and fields (read by its provider profile) and the messages; an empty prompt is one too."""
    known = known_fields(llm, LLAMA_INDEX_CLASSES)
    fields = field_reasons(declared_fields(llm), known, inert_names(inert), defaults=True, profile=profile_for(llm))
    reasons: list[Reason | str] = [*_request_reasons(messages, kwargs, llm), *fields]
    if not prompt.strip():
        reasons.append("empty prompt")
    return decide_tier(reasons, model_class=type(llm).__name__)
