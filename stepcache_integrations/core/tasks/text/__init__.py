"""The text task: anything else, reused only for the same prompt (identical)."""

from .constraints import TextConstraints
from .task import TextTask

__all__ = ["TextConstraints", "TextTask"]
