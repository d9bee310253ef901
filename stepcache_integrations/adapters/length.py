"""The length rule: a ``max_tokens`` limit is read, not a reason to decline the step tier.

An answer that ended on its own under a limit of N tokens is a whole answer: it is stored, and it
answers any request that asks the same at any limit it fits. One the model stopped at its limit is
cut off: it is never stored as checked (it fails, as a tool request answered in prose does). An
answer served from the cache must fit the request's limit: at most as many UTF-8 bytes as the limit
(every tokenizer's token holds at least one byte, so such a text never needs more tokens than the
limit), or the stored answer itself, whose model reported it used at most the limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.length import fits

__all__ = ["CUT_OFF", "cut_off", "cut_off_failures", "fits", "reported_output_tokens"]

CUT_OFF = "the model stopped at its max_tokens limit (a cut-off answer is never stored)"
# finish reasons that mean "stopped at the length limit", across providers
_AT_LIMIT = frozenset({"length", "max_tokens", "max_output_tokens", "model_length", "max_tokens_reached"})


def _get(obj: Any, name: str) -> Any:
    """A field of a dict or an attribute of an object (provider responses are either)."""
    return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)


def _holders(output: Any) -> list[Any]:
    """Where providers put a finish reason or usage: LangChain's metadata, a LlamaIndex response's
    ``additional_kwargs`` and ``raw`` (a dict or the provider's own object), its first choice."""
    message = getattr(output, "message", None)
    raw = getattr(output, "raw", None)
    choices = _get(raw, "choices") if raw is not None else None
    first = choices[0] if isinstance(choices, (list, tuple)) and choices else None
    found = [getattr(output, "response_metadata", None), getattr(output, "generation_info", None),
             getattr(message, "response_metadata", None), getattr(output, "additional_kwargs", None), raw, first]
    return [holder for holder in found if holder is not None]


_REASONS = ("finish_reason", "stop_reason", "done_reason", "stopReason", "finishReason")


def _finish_reason(output: Any) -> str | None:
    for holder in _holders(output):
        for name in _REASONS:
            value = _get(holder, name)
            if isinstance(value, str) and value:
                return value
        details = _get(holder, "incomplete_details")  # the Responses API: {"reason": "max_output_tokens"}
        reason = _get(details, "reason") if details is not None else None
        if isinstance(reason, str) and reason:
            return reason
    return None


def _tokens(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def reported_output_tokens(output: Any) -> int | None:
    """The completion tokens a model reported for ``output`` (LangChain's ``usage_metadata``; a
    LlamaIndex response's ``raw`` usage or ``additional_kwargs``), or None when it reported none."""
    usage = getattr(output, "usage_metadata", None) or getattr(getattr(output, "message", None), "usage_metadata", None)
    if isinstance(usage, Mapping) and _tokens(usage.get("output_tokens")):
        return int(usage["output_tokens"])
    for holder in _holders(output):
        for place in (_get(holder, "usage"), holder):
            for name in ("completion_tokens", "output_tokens", "eval_count"):
                found = _tokens(_get(place, name)) if place is not None else None
                if found is not None:
                    return found
    return None


def cut_off(output: Any, limit: int | None) -> bool:
    """Whether the model stopped ``output`` at a length limit: its finish reason says so (the request's
    limit or one the provider set), or it reported as many completion tokens as ``limit``."""
    reason = _finish_reason(output)
    if reason is not None and reason.lower() in _AT_LIMIT:
        return True
    tokens = reported_output_tokens(output)
    return limit is not None and tokens is not None and tokens >= limit


def cut_off_failures(output: Any, limit: int | None) -> list[str]:
    """``[CUT_OFF]`` when the model stopped ``output`` at a length limit (the answer fails and is never
    stored as given; the task's fallback may still answer, if it fits), else ``[]``."""
    return [CUT_OFF] if cut_off(output, limit) else []
