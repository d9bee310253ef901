"""The prompt fingerprint every task keeps in its constraints: the prompt's first
``PROMPT_LIMIT`` characters, a digest of all of it, and whether it was cut.

Built once here (the JSON and text tasks both carry it), and compared with
:func:`same_prompt`: identical, character for character.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from .prompt_diff import PROMPT_LIMIT

__all__ = ["PromptFingerprint", "fingerprint", "same_prompt"]


@dataclass(frozen=True)
class PromptFingerprint:
    """What identifies a prompt: its first ``PROMPT_LIMIT`` characters (``prompt``), a digest of
    all of it (cheap even for megabyte prompts) and whether ``prompt`` was cut (``truncated``).

    Read from a stored entry, a field that is missing or of the wrong type is None (an entry
    of an older store may have no digest): such a fingerprint never matches a cut prompt."""

    prompt: str | None
    digest: str | None
    truncated: bool = False

    def fields(self) -> dict[str, Any]:
        """The stored form (the keys ``prompt``, ``digest``, ``truncated``)."""
        return {"prompt": self.prompt, "digest": self.digest, "truncated": self.truncated}

    @staticmethod
    def read(data: Any) -> PromptFingerprint:
        """The fingerprint a stored constraints mapping holds (tolerant of old entries)."""
        get = data.get if hasattr(data, "get") else (lambda _key: None)
        prompt, digest = get("prompt"), get("digest")
        return PromptFingerprint(
            prompt if isinstance(prompt, str) else None,
            digest if isinstance(digest, str) else None,
            bool(get("truncated")),
        )

    @property
    def text(self) -> str:
        """The stored prompt, or "" when there is none."""
        return self.prompt or ""


def fingerprint(prompt: str) -> PromptFingerprint:
    """The fingerprint of a whole prompt."""
    return PromptFingerprint(
        prompt[:PROMPT_LIMIT],
        hashlib.sha256(prompt.encode("utf-8", "surrogatepass")).hexdigest(),
        len(prompt) > PROMPT_LIMIT,
    )


def same_prompt(old: PromptFingerprint, new: PromptFingerprint) -> bool:
    """Whether two fingerprinted prompts are identical, character for character: no difference
    (Unicode normalization form, line endings, outer whitespace, case) is harmless in every
    context (docs/guarantees.md: "The safe set is empty"). Unknown (a digest-less entry cut at the limit)
    counts as different."""
    if old.prompt is None or new.prompt is None or old.prompt != new.prompt:
        return False
    if old.truncated or new.truncated or len(new.prompt) >= PROMPT_LIMIT:
        return old.digest is not None and old.digest == new.digest
    return True
