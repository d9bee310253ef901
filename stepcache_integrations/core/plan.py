"""``CachePlan``: what the cache decided for one prompt before any model call; and ``PLANS``, the
memo of the plan's first stage.

``PlanMemo``: a memo of the hit path's first stage: which task a request is, and its constraints.

Task detection parses the prompt once per registered task; a repeated request meets the
selection computed before instead. The key is the exact inputs: the prompt string itself
(never a digest, never a folded or normalised form: prompts that differ by one character,
a space, case or Unicode form each have their own entry), the task name, the schema frozen
exactly (``core.types.freeze``: ``1``, ``1.0`` and ``True`` differ, key order counts), and
the registry object with its version (bumped by every ``TaskRegistry.register``).

Only what is known to be a pure function of those inputs is memoised: a registry of the
built-in task classes only (a custom task's ``detect`` may read state of its own; so may a
method set on one registry or handler object, a spy for one), requests
whose schema is plain JSON data (dicts, lists, strings, numbers, booleans, None), and results
that are the built-in tasks' constraints (frozen dataclasses nobody mutates). A schema is
copied before it is read, so no constraints object shares a dict the caller may change
later. Everything else (and every error) is computed afresh, exactly as without the memo.

Bounded (LRU, by entries and by the characters of the prompts held), thread-safe, per process.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .tasks import (
    ArithmeticConstraints,
    ArithmeticTask,
    JsonConstraints,
    JsonTask,
    LinearConstraints,
    LinearEquationTask,
    TaskHandler,
    TaskRegistry,
    TextConstraints,
    TextTask,
    Verification,
)
from .types import (
    BoundedLRU,
    CacheEntry,
    LLMResponse,
    LookupTier,
    Outcome,
    Provenance,
    Step,
    Unfreezable,
    freeze,
)

__all__ = [
    "CachePlan",
    "PlanMemo",
    "PLANS",
]


@dataclass
class CachePlan:
    """What the cache decided for one prompt before any model call.

    ``generation_prompt`` is what must be sent to the model (None when the cache can
    answer alone); ``prefix_text`` is the verified part of the answer that comes before
    the model's output (patch), so a streaming adapter can emit it at once.
    ``step_evidence`` says why each step of a cache-only answer holds for this prompt.
    """

    prompt: str
    namespace: str
    llm_key: str
    handler: TaskHandler
    constraints: Any  # the task's typed constraints (a TaskConstraints for the built-in tasks)
    outcome: Outcome
    vector: np.ndarray | None = None
    entry: CacheEntry | None = None
    entry_constraints: Any = None  # the entry's constraints frozen by the planner (a proofs.Keyed)
    similarity: float | None = None
    steps: list[Step] = field(default_factory=list)
    provenance: list[Provenance] = field(default_factory=list)
    verification: Verification | None = None
    step_evidence: list[str | None] = field(default_factory=list)
    generation_prompt: str | None = None
    prefix_text: str = ""
    judge_prompt: str | None = None
    judge_reply: LLMResponse | None = None
    timings: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    tier: LookupTier | None = None  # "problem_key": the entry was found by the problem-key tier
    request_key: Any = None  # the request's exact inputs of task selection (PlanMemo); None: not memoisable
    lookup_keys: tuple[str | None, str | None, str | None] | None = None  # its problem, shape, family keys, once computed

    @property
    def task(self) -> str:
        """Name of the task handling this prompt."""
        return self.handler.name

    @property
    def needs_model(self) -> bool:
        """Whether a model call is needed (False for reuse and re-instantiation)."""
        return self.generation_prompt is not None

    @property
    def cached_text(self) -> str:
        """The answer the cache can give alone (reuse / re-instantiation)."""
        return "".join(step.text for step in self.steps)


#: Handlers whose ``detect`` and ``constraints`` read nothing but (prompt, schema) (exact types).
_PURE_HANDLERS = frozenset({JsonTask, LinearEquationTask, ArithmeticTask, TextTask})
#: Constraints that are frozen dataclasses (exact types).
_FROZEN_CONSTRAINTS = frozenset({JsonConstraints, LinearConstraints, ArithmeticConstraints, TextConstraints})
#: Attributes that decide a selection: set on a registry or handler object, they are its own code.
_OVERRIDES = {
    TaskRegistry: frozenset({"select", "detect", "get", "_first"}),
    TaskHandler: frozenset({"detect", "constraints", "accepts_schema", "catch_all"}),
}
_PLAIN_ATOMS = frozenset({str, int, float, bool, type(None)})
_MAX_SCHEMA_NODES = 10_000
_MAX_PROMPT_CHARS = 65_536  # a longer prompt is not memoised


class PlanMemo(BoundedLRU[tuple[TaskHandler, Any]]):
    """An LRU of ``(handler, constraints)`` by the exact inputs of task selection, bounded by
    entries and by the characters of the prompts (and nodes of the schemas) held."""

    def __init__(self, maxsize: int = 4096, max_chars: int = 4_000_000) -> None:
        super().__init__(maxsize, max_chars)

    def request_key(
        self, tasks: TaskRegistry, prompt: Any, task: Any, schema: Any
    ) -> Hashable | None:
        """The exact inputs of task selection as a key (the registry, its version, the task named,
        the schema frozen, the prompt itself), or None when the selection is not known to be a pure
        function of them (a custom task or registry, a schema that is not plain JSON data)."""
        version = tasks.version if type(tasks) is TaskRegistry else None
        return None if version is None else self._key(tasks, version, prompt, task, schema)

    def select(
        self, tasks: TaskRegistry, prompt: str, task: str | None, schema: dict[str, Any] | None
    ) -> tuple[TaskHandler, Any]:
        """``tasks.select(prompt, task=task, schema=schema)`` and that handler's constraints."""
        return self.select_keyed(tasks, prompt, task, schema)[:2]  # type: ignore[return-value]

    def select_keyed(
        self, tasks: TaskRegistry, prompt: str, task: str | None, schema: dict[str, Any] | None
    ) -> tuple[TaskHandler, Any, Hashable | None]:
        """:meth:`select`, and the request's key (:meth:`request_key`; None: not memoisable)."""
        version = tasks.version if type(tasks) is TaskRegistry else None
        key = None if version is None else self._key(tasks, version, prompt, task, schema)
        if key is None:
            handler = tasks.select(prompt, task=task, schema=schema)
            return handler, handler.constraints(prompt, schema), None
        found = self.get(key)
        if found is not None:
            return (*found, key)
        # A copy the caller cannot change later (equal to the schema the key was frozen from).
        own = None if schema is None else copy.deepcopy(schema)
        handler = tasks.select(prompt, task=task, schema=own)
        constraints = handler.constraints(prompt, own)
        if type(constraints) in _FROZEN_CONSTRAINTS and tasks.version == version:
            self.put(key, (handler, constraints), len(prompt) + (0 if own is None else _nodes(own)))
            return handler, constraints, key
        return handler, constraints, None

    def _key(
        self, tasks: TaskRegistry, version: int, prompt: Any, task: Any, schema: Any
    ) -> Hashable | None:
        if self.maxsize <= 0 or type(prompt) is not str or len(prompt) > _MAX_PROMPT_CHARS:
            return None
        if task is not None and type(task) is not str:
            return None
        if _OVERRIDES[TaskRegistry] & vars(tasks).keys() or not all(_builtin(h) for h in tasks.handlers):
            return None
        frozen_schema = _schema_key(schema)
        if frozen_schema is None:
            return None
        # The registry itself (identity): its id cannot be reused while the key holds it.
        return (tasks, version, task, frozen_schema, prompt)


def _builtin(handler: TaskHandler) -> bool:
    """A built-in task as its class defines it (an attribute set on the object, a spy or a
    patched method, may read anything)."""
    return type(handler) in _PURE_HANDLERS and not _OVERRIDES[TaskHandler] & vars(handler).keys()


def _schema_key(schema: Any) -> Hashable | None:
    """``("none",)`` for no schema; the frozen schema when it is plain JSON data; else None."""
    if schema is None:
        return ("none",)
    try:
        if _nodes(schema) > _MAX_SCHEMA_NODES:
            return None
        return ("schema", freeze(schema))
    except (Unfreezable, RecursionError):
        return None


def _nodes(value: Any) -> int:
    """How many values ``value`` holds (itself included); Unfreezable unless it is plain JSON data
    of exact types (a dict or list subclass, a tuple or a str subclass may read differently)."""
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        count += 1
        if count > _MAX_SCHEMA_NODES:
            return count
        kind = type(item)
        if kind is dict:
            for k, v in item.items():
                if type(k) not in _PLAIN_ATOMS:
                    raise Unfreezable(type(k).__name__)
                stack.append(v)
        elif kind is list:
            stack.extend(item)
        elif kind not in _PLAIN_ATOMS:
            raise Unfreezable(kind.__name__)
    return count


#: The process's memo, used by ``planner.prepare``.
PLANS = PlanMemo()
