"""``CachePlan``: what the cache decided for one prompt before any model call."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .tasks import TaskHandler, Verification
from .types import CacheEntry, LLMResponse, LookupTier, Outcome, Provenance, Step

__all__ = ["CachePlan"]


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
    request_key: Any = None  # the request's exact inputs of task selection (plan_memo); None: not memoisable
    lookup_keys: tuple[str | None, str | None] | None = None  # its problem and shape keys, once computed

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
