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

__all__ = ["CUT_OFF", "cut_off", "fits", "reported_output_tokens"]

CUT_OFF = "the model stopped at its max_tokens limit (a cut-off answer is never stored)"
# finish reasons that mean "stopped at the length limit", across providers
_AT_LIMIT = frozenset({"length", "max_tokens", "max_output_tokens", "model_length"})


def fits(text: str, limit: int | None, reported_tokens: int | None = None) -> bool:
    """Whether ``text`` may answer a request whose length limit is ``limit`` tokens (None: no limit).
    ``reported_tokens``: the tokens the model reported for exactly this text (a verbatim stored answer)."""
    if limit is None:
        return True
    if len(text.encode("utf-8", "surrogatepass")) <= limit:
        return True
    return reported_tokens is not None and 0 < reported_tokens <= limit


def _finish_reason(output: Any) -> str | None:
    for holder in (getattr(output, "response_metadata", None), getattr(output, "generation_info", None),
                   getattr(getattr(output, "message", None), "response_metadata", None)):
        if isinstance(holder, Mapping):
            for name in ("finish_reason", "stop_reason", "done_reason"):
                value = holder.get(name)
                if isinstance(value, str) and value:
                    return value
    raw = getattr(output, "raw", None)
    if isinstance(raw, Mapping):
        choices = raw.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], Mapping):
            value = choices[0].get("finish_reason")
            return value if isinstance(value, str) else None
    return None


def reported_output_tokens(output: Any) -> int | None:
    """The completion tokens a model reported for ``output`` (a LangChain message's ``usage_metadata``),
    or None when it reported none."""
    usage = getattr(output, "usage_metadata", None) or getattr(getattr(output, "message", None), "usage_metadata", None)
    if isinstance(usage, Mapping):
        tokens = usage.get("output_tokens")
        if isinstance(tokens, int) and not isinstance(tokens, bool) and tokens > 0:
            return tokens
    return None


def cut_off(output: Any, limit: int | None) -> bool:
    """Whether the model stopped ``output`` at the length limit: its finish reason says so, or it
    reported as many completion tokens as the limit. Without a limit nothing is cut off."""
    if limit is None:
        return False
    reason = _finish_reason(output)
    if reason is not None and reason.lower() in _AT_LIMIT:
        return True
    tokens = reported_output_tokens(output)
    return tokens is not None and tokens >= limit
