"""Task handlers and their registry: linear equations, JSON, free text, or your own."""

from __future__ import annotations

import threading
from typing import Any

from ...errors import TaskError
from .base import Assembly, TaskHandler, UnitCheck, Verification
from .json_task import JsonTask
from .linear import LinearEquationTask
from .stepwise import StepwiseTask
from .text import TextTask

__all__ = [
    "Assembly",
    "JsonTask",
    "LinearEquationTask",
    "StepwiseTask",
    "TaskHandler",
    "TaskRegistry",
    "TextTask",
    "UnitCheck",
    "Verification",
]


class TaskRegistry:
    """Ordered task handlers; detection tries them in order, ``text`` is the catch-all."""

    def __init__(self, handlers: list[TaskHandler] | None = None) -> None:
        self._lock = threading.Lock()
        self._handlers: dict[str, TaskHandler] = {}
        for handler in handlers if handlers is not None else [JsonTask(), LinearEquationTask(), TextTask()]:
            self.register(handler)

    def register(self, handler: TaskHandler, *, first: bool = False) -> None:
        """Add (or replace) a handler; ``first=True`` makes its detector run before the others."""
        if not isinstance(handler, TaskHandler) or not getattr(handler, "name", ""):
            raise TaskError("a task handler must subclass TaskHandler and set a name")
        with self._lock:
            items = [(k, v) for k, v in self._handlers.items() if k != handler.name]
            items = [(handler.name, handler), *items] if first else [*items, (handler.name, handler)]
            # keep the catch-all last
            items.sort(key=lambda kv: kv[0] == "text")
            self._handlers = dict(items)

    def get(self, name: str) -> TaskHandler:
        """The handler called ``name``."""
        try:
            return self._handlers[name]
        except KeyError:
            known = ", ".join(self._handlers)
            raise TaskError(f"unknown task {name!r}; known tasks: {known}") from None

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> TaskHandler:
        """The first handler whose detector accepts the prompt."""
        for handler in self._handlers.values():
            if handler.detect(prompt, schema):
                return handler
        return self.get("text")

    @property
    def names(self) -> list[str]:
        """Registered task names, in detection order."""
        return list(self._handlers)
