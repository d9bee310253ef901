"""Free text: a slot diff between the cached and the new prompt decides which steps are stale."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Any

from ..types import Step
from .base import (
    _STOPWORDS,
    UnitCheck,
    Verification,
    extract_slots,
    mentions,
    slot_mapping,
    stale_slots,
)
from .stepwise import StepwiseTask

__all__ = ["TextTask", "prompt_changes"]

_TOKEN = re.compile(r"\w+(?:[.@'-]\w+)*|[^\w\s]")
_FUNCTION_WORDS = _STOPWORDS | frozenset(
    "does do did can could would should will was were has have had not from about into than then "
    "there their they your our its also only just some any all each per been being if so as at by".split()
)


def _content_word(token: str) -> bool:
    return token[:1].isalnum() and (len(token) >= 3 or any(c.isdigit() for c in token)) and (
        token.lower() not in _FUNCTION_WORDS
    )


@lru_cache(maxsize=256)
def prompt_changes(cached_prompt: str, new_prompt: str) -> tuple[tuple[str, ...], int, int]:
    """Token alignment of two prompts: (content words of the cached prompt that the new one
    replaced or deleted, number of changed tokens on both sides, total tokens on both sides)."""
    old = _TOKEN.findall(cached_prompt)
    new = _TOKEN.findall(new_prompt)
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    words: dict[str, None] = {}
    changed = 0
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        changed += (i2 - i1) + (j2 - j1)
        for token in old[i1:i2]:
            if _content_word(token):
                words.setdefault(token, None)
    return tuple(words), changed, len(old) + len(new)


class TextTask(StepwiseTask):
    """Anything else. A step fails when it mentions a local detail (number, name,
    identifier, quoted string) that the cached prompt had and the new prompt does not.
    For RAG prompts the retrieved context is part of the prompt, so changed documents
    invalidate the steps that quote them.

    Besides slots, a step fails when it mentions a content word that the new prompt
    replaced or deleted (token alignment of the two prompts: "battery" in a cached answer
    to "how long does the battery last?" is stale for "how much does it cost?"), and every
    step fails when the prompts differ too much overall (``max_changed_share`` of their
    tokens, at least ``min_changed_tokens``): a generic answer such as "I do not know."
    mentions nothing specific, yet it answered different context."""

    name = "text"
    judge_may_approve = True
    max_changed_share = 0.2
    min_changed_tokens = 12

    def __init__(self, *, reinstantiate: bool = False) -> None:
        # Off by default: substituting a changed name in prose leaves the facts that depend
        # on it stale ("capital of France is Paris" -> "capital of Germany is Paris").
        self.allow_reinstantiation = reinstantiate

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return True

    @property
    def catch_all(self) -> bool:  # type: ignore[override]
        """True unless a subclass narrows ``detect`` (then it is an ordinary, ordered task)."""
        return type(self).detect is TextTask.detect

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"slots": extract_slots(prompt), "prompt": prompt[:20000]}

    def verify(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
    ) -> Verification:
        stale: list[str] = []
        if cached_constraints:
            stale = stale_slots(cached_constraints.get("slots") or [], constraints.get("slots") or [])
            old_prompt, new_prompt = cached_constraints.get("prompt"), constraints.get("prompt")
            if isinstance(old_prompt, str) and isinstance(new_prompt, str) and old_prompt != new_prompt:
                words, changed, total = prompt_changes(old_prompt, new_prompt)
                if changed >= self.min_changed_tokens and changed >= self.max_changed_share * total:
                    reason = f"the prompt changed too much ({changed} of {total} tokens differ)"
                    return Verification([UnitCheck(f"step {i + 1}", False, reason) for i in range(len(steps))])
                known = {s.lower() for s in stale}
                stale += [w for w in words if w.lower() not in known]
        units = []
        for i, step in enumerate(steps):
            old = next((s for s in stale if mentions(step.text, s)), None)
            reason = f"mentions {old!r}, which the new prompt changed" if old is not None else ""
            units.append(UnitCheck(f"step {i + 1}", not reason, reason))
        return Verification(units)

    def reinstantiate(
        self,
        steps: list[Step],
        cached_constraints: dict[str, Any],
        constraints: dict[str, Any],
    ) -> list[Step] | None:
        if not self.allow_reinstantiation:
            return None
        mapping = slot_mapping(cached_constraints.get("prompt", ""), constraints.get("prompt", ""))
        stale = set(stale_slots(cached_constraints.get("slots") or [], constraints.get("slots") or []))
        # Only substitute slot values (names, numbers...), never ordinary changed words.
        mapping = {o: n for o, n in mapping.items() if o in stale}
        if not mapping:
            return None
        out: list[Step] = []
        for step in steps:
            text = step.text
            for old, new in mapping.items():
                text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w]|\.\d)", lambda _m, n=new: n, text)
            out.append(Step(text=text, kind=step.kind))
        return out
