"""Free text: a slot diff between the cached and the new prompt decides which steps are stale."""

from __future__ import annotations

import re
from typing import Any

from ..segment import segment_text
from ..types import Provenance, Step
from .base import (
    Assembly,
    TaskHandler,
    UnitCheck,
    Verification,
    extract_slots,
    mentions,
    slot_mapping,
    stale_slots,
)
from .linear import assemble_suffix

__all__ = ["TextTask"]


class TextTask(TaskHandler):
    """Anything else. A step fails when it mentions a local detail (number, name,
    identifier, quoted string) that the cached prompt had and the new prompt does not.
    For RAG prompts the retrieved context is part of the prompt, so changed documents
    invalidate the steps that quote them."""

    name = "text"

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return True

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"slots": extract_slots(prompt), "prompt": prompt[:20000]}

    def segment(self, answer: str, constraints: dict[str, Any]) -> list[Step]:
        return segment_text(answer)

    def verify(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
    ) -> Verification:
        stale: list[str] = []
        if cached_constraints:
            stale = stale_slots(cached_constraints.get("slots") or [], constraints.get("slots") or [])
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

    def patch_prompt(
        self, prompt: str, steps: list[Step], verification: Verification, constraints: dict[str, Any]
    ) -> tuple[str, str]:
        first = verification.first_failure or 0
        prefix = "".join(step.text for step in steps[:first])
        patch = (
            f"{prompt}\n\nThe beginning of the answer is already written and checked:\n"
            f"{prefix.rstrip()}\n\nContinue from there: write only the rest of the answer."
        )
        return patch, prefix

    def assemble(
        self,
        steps: list[Step],
        verification: Verification,
        generated: str,
        constraints: dict[str, Any],
        kept_provenance: list[Provenance],
    ) -> Assembly:
        return assemble_suffix(steps, verification, generated, kept_provenance, self.segment(generated, constraints))
