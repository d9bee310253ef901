"""Shared behaviour of tasks whose answers are a sequence of steps (math, free text):
segmentation into steps and contiguous-block patching (keep the verified prefix,
regenerate the first failing step and everything after it)."""

from __future__ import annotations

import re
from typing import Any

from ..types import Provenance, Step, segment_text
from .base import Assembly, TaskHandler, Verification

__all__ = ["StepwiseTask", "assemble_suffix", "label_len"]

_STEP_LABEL = re.compile(r"^\s*(?:(?:step|Step|STEP)\s*\d+\s*[:.)\-]|\d{1,3}[.)](?=\s))")


def label_len(text: str) -> int:
    """Length of a leading "Step 3:" / "3." label (0 if none)."""
    match = _STEP_LABEL.match(text)
    return match.end() if match else 0


def _normalise(text: str) -> str:
    return " ".join(text[label_len(text) :].split()).lower()


def assemble_suffix(
    steps: list[Step],
    verification: Verification,
    kept_provenance: list[Provenance],
    generated_steps: list[Step],
) -> Assembly:
    """Keep the verified prefix, append the regenerated suffix (dropping repeated prefix steps)."""
    first = verification.first_failure if verification.first_failure is not None else len(steps)
    kept = [Step(text=s.text, kind=s.kind, meta=s.meta) for s in steps[:first]]
    kept_norm = {_normalise(s.text) for s in kept}
    while generated_steps and _normalise(generated_steps[0].text) in kept_norm:
        generated_steps = generated_steps[1:]  # small models often restate the prefix
    if kept and generated_steps and not kept[-1].text.endswith("\n"):
        kept[-1].text += "\n"
    provenance: list[Provenance] = list(kept_provenance[:first]) + ["regenerated"] * len(generated_steps)
    return Assembly(kept + generated_steps, provenance)


class StepwiseTask(TaskHandler):
    """A task whose answer is ordered steps; subclasses supply detection and verification."""

    def continuation_request(self, first_failure: int) -> str:
        """What the model is asked to write after the verified prefix."""
        return "Continue from there: write only the rest of the answer."

    def segment(self, answer: str, constraints: Any) -> list[Step]:
        return segment_text(answer)

    def patch_prompt(
        self, prompt: str, steps: list[Step], verification: Verification, constraints: Any
    ) -> tuple[str, str]:
        first = verification.first_failure or 0
        prefix = "".join(step.text for step in steps[:first])
        patch = (
            f"{prompt}\n\nThe first {first} step(s) of the answer are already written and checked:\n"
            f"{prefix.rstrip()}\n\n{self.continuation_request(first)}"
        )
        return patch, prefix

    def assemble(
        self,
        steps: list[Step],
        verification: Verification,
        generated: str,
        constraints: Any,
        kept_provenance: list[Provenance],
    ) -> Assembly:
        return assemble_suffix(steps, verification, kept_provenance, self.segment(generated, constraints))
