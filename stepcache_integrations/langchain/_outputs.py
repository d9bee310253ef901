"""What a ``StepCacheRunnable`` returns: LangChain outputs built from a plan and its result.

A cache-only answer restores the stored message (tool calls, provider fields) when its
text is unchanged; after a model call the model's own output is returned when the
verified answer is exactly it, else a message rebuilt around the verified text.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from ..core.engine import CachePlan
from ..core.types import StepCacheResult
from ._requests import Request, covers, entry_metadata, message_from_text, restorable_generations
from .engine_model import output_text

__all__ = ["entry_meta", "from_cache", "from_model"]


def from_cache(plan: CachePlan, request: Request, template: BaseMessage | None) -> Any:
    """Output for a plan the cache answers alone (reuse / re-instantiation), before the hit is recorded."""
    if request.kind == "llm":
        return plan.cached_text
    restored = restorable_generations(plan)
    if restored:
        message = getattr(restored[0], "message", None)
        if isinstance(message, BaseMessage):
            return message
    return message_from_text(plan.cached_text, template) or AIMessage(content=plan.cached_text)


def from_model(
    plan: CachePlan, request: Request, raw: Any, result: StepCacheResult, stored: BaseMessage | None
) -> Any:
    """Output after a model call: the model's own output when the verified answer is exactly it."""
    raw_text = output_text(raw)
    unchanged = (
        plan.outcome in ("miss", "skip_reuse")
        and result.repair_calls == 0
        and not result.used_fallback
        and covers(plan, raw_text, result.text, result.verification)
    )
    if request.kind == "llm":
        return raw if unchanged else result.text
    if unchanged and isinstance(raw, BaseMessage):
        return raw
    template = raw if isinstance(raw, BaseMessage) else None
    if plan.outcome == "patch":
        template = stored or template
    return message_from_text(result.text, template) or AIMessage(content=result.text)


def entry_meta(plan: CachePlan, request: Request, raw: Any, stored: BaseMessage | None) -> dict[str, Any]:
    """The metadata stored with the entry: the LangChain output a later reuse rebuilds."""
    if plan.outcome == "patch":
        # the raw output answers the patch prompt only: keep the message shape (tool
        # calls, provider-parsed output) so a later reuse rebuilds the same message
        template = stored or (raw if isinstance(raw, BaseMessage) else None)
        return entry_metadata(request.kind, None, template)
    from langchain_core.outputs import ChatGeneration, Generation

    gen = ChatGeneration(message=raw) if isinstance(raw, BaseMessage) else Generation(text=output_text(raw))
    return entry_metadata(request.kind, [gen])
