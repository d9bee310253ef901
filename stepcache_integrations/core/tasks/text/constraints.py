"""The text task's typed constraints: the prompt's fingerprint, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import TaskConstraints
from ..fingerprint import PromptFingerprint, fingerprint

__all__ = ["TextConstraints"]


@dataclass(frozen=True)
class TextConstraints(TaskConstraints):
    """Free text is judged against its prompt only: the prompt's fingerprint."""

    prompt: PromptFingerprint

    @staticmethod
    def of_prompt(prompt: str) -> TextConstraints:
        return TextConstraints(fingerprint(prompt))

    @property
    def text(self) -> str:
        """The stored prompt ("" when an entry has none)."""
        return self.prompt.text

    def to_dict(self) -> dict[str, Any]:
        return self.prompt.fields()

    @staticmethod
    def read(data: Any) -> TextConstraints:
        if isinstance(data, TextConstraints):
            return data
        return TextConstraints(PromptFingerprint.read(data))
