"""``CachePlan``: what the cache decided for one prompt before any model call."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..errors import StepCacheError
from .tasks import TaskHandler, Verification
from .types import CacheEntry, LLMResponse, Outcome, Provenance, Step, StepCacheResult

__all__ = ["CachePlan", "PlanServer"]


class PlanServer(Protocol):
    """Serves a plan that needs no model call (``StepCache`` is one)."""

    def serve(self, plan: CachePlan) -> StepCacheResult: ...

    async def aserve(self, plan: CachePlan) -> StepCacheResult: ...


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
    constraints: dict[str, Any]
    outcome: Outcome
    vector: np.ndarray | None = None
    entry: CacheEntry | None = None
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
    # Only so that plan.result() keeps working for callers written before StepCache.serve;
    # it reaches the engine's public serve(), never its internals.
    served_by: PlanServer | None = field(default=None, repr=False, compare=False)

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

    def result(self) -> StepCacheResult:
        """Same as ``StepCache.serve(plan)`` (prefer that)."""
        if self.needs_model or self.served_by is None:
            raise StepCacheError("this plan needs a model call; use StepCache.complete or finalize")
        return self.served_by.serve(self)

    async def aresult(self) -> StepCacheResult:
        """Same as ``StepCache.aserve(plan)`` (prefer that)."""
        if self.needs_model or self.served_by is None:
            raise StepCacheError("this plan needs a model call; use StepCache.acomplete or afinalize")
        return await self.served_by.aserve(self)
