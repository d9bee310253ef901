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
from typing import Any, NamedTuple

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
    sampling_digest,
    sampling_option,
    sampling_reason,
    squash,
)
from ._llm_key import LLAMA_INDEX_CLASSES, formatter_reason, inner_options
from ._requests import BYPASS_KWARGS, role_name

__all__ = ["Sampling", "dropped_fields", "fitted", "llama_tier", "request_limit", "sampling_split"]


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


class Sampling(NamedTuple):
    """A request's sampling options (``adapters.flow.sampling_option``: the inner model's profile says which):
    ``fields``: the inner model's sampling fields (squashed names), ``kwargs``: the call kwargs without their
    sampling options, ``digest``: the digest of every sampling option (kept with its entries)."""

    fields: frozenset[str]
    kwargs: dict[str, Any]
    digest: str


def sampling_split(llm: Any, kwargs: dict[str, Any]) -> Sampling:
    """The sampling options of a request to ``llm``: its fields and call kwargs its provider profile names
    sampling (its ``sampling`` category: data) with a plain value, and, among the call kwargs, transport and
    ``n = 1``. A proven answer does not depend on them: the partition every sampling shares is keyed without
    them (``adapters.flow``). No profile: nothing is split."""
    profile = profile_for(llm)
    if profile is None:
        return Sampling(frozenset(), kwargs, "")
    removed = {f"field:{name}": value for name, (value, _) in declared_fields(llm).items()
               if sampling_option(profile, name, value, call=False)}
    kept = {name: value for name, value in kwargs.items() if not sampling_option(profile, name, value, call=True)}
    removed.update((f"option:{name}", value) for name, value in kwargs.items() if name not in kept)
    fields = frozenset(squash(name[len("field:"):]) for name in removed if name.startswith("field:"))
    return Sampling(fields, kept, sampling_digest(removed))


def fitted(cache: Any, plan: Any, limit: int | None, options: dict[str, Any], sampling: str = "") -> Any:
    """``plan``, or a miss plan when its cache-only answer may not fit the request's length ``limit``
    (``adapters.flow``: the stored answer itself fits by the tokens its model reported) or its entry was
    generated with other sampling options than ``sampling`` and does not serve a proven answer
    (``adapters.flow.sampling_reason``); the prompt's vector is kept."""
    entry = plan.entry
    verbatim = entry is not None and plan.cached_text == entry.text
    reported = (entry.metadata.get("length") or {}).get("output_tokens") if verbatim else None
    fit = plan.needs_model or fits(plan.cached_text, limit, reported if isinstance(reported, int) else None)
    if fit and sampling_reason(plan, sampling, cache.serves_proven(plan)) is None:
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
