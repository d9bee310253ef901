"""Task handlers and their registry: linear equations, JSON, free text, or your own.

One package per task (``linear/``, ``json/``, ``arithmetic/``, ``text/``); what they share is a module here:
the base class and verdict types (base.py), the protocols (protocols.py), the prompt
fingerprint (fingerprint.py), the prompt diff and retrieval form (prompt_diff.py), stepwise answers
(stepwise.py), bounded linear algebra and equation claims (algebra.py).
A new task is one package, one line in ``_default_handlers`` and one row in the task contract
test (tests/unit/test_task_contract.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ...errors import TaskError
from .arithmetic import ArithmeticConstraints, ArithmeticTask
from .base import Assembly, TaskConstraints, TaskHandler, UnitCheck, Verification
from .json import JsonConstraints, JsonTask
from .linear import LinearConstraints, LinearEquationTask
from .protocols import Task
from .stepwise import StepwiseTask
from .text import TextConstraints, TextTask

__all__ = [
    "ArithmeticConstraints",
    "ArithmeticTask",
    "Assembly",
    "JsonConstraints",
    "JsonTask",
    "LinearConstraints",
    "LinearEquationTask",
    "StepwiseTask",
    "Task",
    "TaskConstraints",
    "TaskHandler",
    "TaskRegistry",
    "TextConstraints",
    "TextTask",
    "UnitCheck",
    "Verification",
]


def _default_handlers() -> list[TaskHandler]:
    """The built-in tasks, one line each (detection order; the catch-all is kept last). The linear
    task comes first: it claims only a prompt its grammar derives whole, so a linear problem whose
    answer is asked as a JSON object ('Solve 3x + 8 = 41 and reply as JSON like {"x": <value>}') is
    its (wip/linI); every other prompt holding "json" or "{" is derived by no linear rule."""
    return [
        LinearEquationTask(),
        JsonTask(),
        ArithmeticTask(),
        TextTask(),
    ]


def _detect_word(handler: TaskHandler) -> tuple[str, ...] | None:
    """The handler's ``detect_word`` (one word or several) when the class that defines its
    ``detect`` declares it (a subclass that detects otherwise does not inherit the shortcut)."""
    for cls in type(handler).__mro__:
        if "detect" in vars(cls):
            word = vars(cls).get("detect_word")
            words = (word,) if isinstance(word, str) else tuple(word or ())
            words = tuple(w.casefold() for w in words if isinstance(w, str) and w)
            return words or None
    return None


class TaskRegistry:
    """Ordered task handlers; detection tries them in order, the ``catch_all`` task last."""

    def __init__(self, handlers: list[TaskHandler] | None = None) -> None:
        self._lock = threading.Lock()
        self._handlers: dict[str, TaskHandler] = {}
        self._detect_words: dict[str, tuple[str, ...] | None] = {}
        #: Bumped by every :meth:`register`: what the planner's memo of task selection is keyed by.
        self.version = 0
        for handler in handlers if handlers is not None else _default_handlers():
            self.register(handler)

    def register(self, handler: TaskHandler, *, first: bool = False) -> None:
        """Add (or replace) a handler; ``first=True`` makes its detector run before the others."""
        if not isinstance(handler, TaskHandler) or not getattr(handler, "name", ""):
            raise TaskError("a task handler must subclass TaskHandler and set a name")
        with self._lock:
            items = [(k, v) for k, v in self._handlers.items() if k != handler.name]
            items = [(handler.name, handler), *items] if first else [*items, (handler.name, handler)]
            # the catch-all claims every prompt, so it must come after the others
            items.sort(key=lambda kv: kv[1].catch_all)
            self._handlers = dict(items)
            self._detect_words = {name: _detect_word(h) for name, h in items}
            self.version += 1

    def get(self, name: str) -> TaskHandler:
        """The handler called ``name``."""
        try:
            return self._handlers[name]
        except KeyError:
            known = ", ".join(self._handlers)
            raise TaskError(f"unknown task {name!r}; known tasks: {known}") from None

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> TaskHandler:
        """The first handler whose detector accepts the prompt."""
        folded = prompt.casefold() if schema is None else ""
        words = self._detect_words
        for name, handler in self._handlers.items():
            needed = words.get(name) if schema is None else None
            if (needed is None or any(word in folded for word in needed)) and handler.detect(prompt, schema):
                return handler
        return self._first(lambda h: h.catch_all, "a catch-all task (catch_all = True)")

    def select(self, prompt: str, *, task: str | None = None, schema: dict[str, Any] | None = None) -> TaskHandler:
        """The handler for one request: the named task, else the schema task, else detection."""
        if task is not None:
            return self.get(task)
        if schema is not None:
            return self._first(lambda h: h.accepts_schema, "a task for JSON Schemas (accepts_schema = True)")
        return self.detect(prompt, schema)

    def _first(self, wanted: Callable[[TaskHandler], bool], what: str) -> TaskHandler:
        for handler in self._handlers.values():
            if wanted(handler):
                return handler
        known = ", ".join(self._handlers)
        raise TaskError(f"no registered task is {what}; known tasks: {known}")

    @property
    def handlers(self) -> tuple[TaskHandler, ...]:
        """Registered handlers, in detection order."""
        return tuple(self._handlers.values())

    @property
    def names(self) -> list[str]:
        """Registered task names, in detection order."""
        return list(self._handlers)
