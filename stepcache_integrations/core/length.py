"""An answer's length against a request's length limit (``max_tokens``...), without a tokenizer.

Every tokenizer's token holds at least one byte, so a text of at most N UTF-8 bytes never needs more
than N tokens: such a text fits a limit of N. A longer one fits only with the model's own word for
it: the completion tokens it reported for exactly that text.
"""

from __future__ import annotations

__all__ = ["fits"]


def fits(text: str, limit: int | None, reported_tokens: int | None = None) -> bool:
    """Whether ``text`` may answer a request whose length limit is ``limit`` tokens (None: no limit).
    ``reported_tokens``: the tokens the model reported for exactly this text (a verbatim stored answer)."""
    if limit is None:
        return True
    if len(text.encode("utf-8", "surrogatepass")) <= limit:
        return True
    return reported_tokens is not None and 0 < reported_tokens <= limit
