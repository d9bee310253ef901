"""Typed errors. Everything the package raises on purpose derives from StepCacheError."""

from __future__ import annotations

__all__ = [
    "StepCacheError",
    "InvalidPromptError",
    "InvalidSchemaError",
    "ModelOutputError",
    "VerificationError",
    "StoreError",
    "EmbeddingError",
    "TaskError",
]


class StepCacheError(Exception):
    """Base class of every error raised by stepcache_integrations."""


class InvalidPromptError(StepCacheError, ValueError):
    """The prompt is empty, not text, too large, or otherwise unusable."""


class InvalidSchemaError(StepCacheError, ValueError):
    """A JSON Schema passed by the caller is not a valid, local schema."""


class ModelOutputError(StepCacheError):
    """The model returned something that is not usable text."""


class VerificationError(StepCacheError):
    """Strict mode: the final answer failed verification after every repair."""

    def __init__(self, message: str, *, text: str = "", errors: list[str] | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.errors = list(errors or [])


class StoreError(StepCacheError):
    """The cache store failed (unreachable, locked, read-only, corrupt)."""


class EmbeddingError(StepCacheError):
    """The embedder failed or returned a vector of the wrong shape."""


class TaskError(StepCacheError, ValueError):
    """Unknown task name, or a task handler that is not usable."""
