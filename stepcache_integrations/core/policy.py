"""The reuse policy: which cached answers are tried for a prompt and which plan wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .outcomes import OUTCOMES
from .types import Outcome, Step

if TYPE_CHECKING:
    from .tasks import TaskHandler, Verification

__all__ = ["ReusePolicy"]

_OUTCOMES: tuple[Outcome, ...] = OUTCOMES  # preferred first: the vocabulary lists cached answers first


@dataclass(frozen=True)
class ReusePolicy:
    """Every knob of the reuse decision in one place (change the threshold policy here).

    Args:
        similarity_threshold: minimum cosine similarity for every task; None leaves it to
            ``task_thresholds`` and then to each task's own ``similarity_threshold``.
        task_thresholds: per-task minimum similarity by task name (wins over the above).
        top_k: candidates retrieved and verified per lookup; when none of them serves and all
            tie at the cutoff (copies of one prompt), 64 are looked at (``planner.look_wider``).
        max_regen_share: above this share of the answer to regenerate, a patch is skipped.
        reinstantiate: rewrite cached steps for changed slot values before calling a model.
        outcome_order: preferred outcomes first; the best-ranked candidate becomes the plan.
    """

    similarity_threshold: float | None = None
    task_thresholds: Mapping[str, float] = field(default_factory=dict)
    top_k: int = 4
    max_regen_share: float = 0.5
    reinstantiate: bool = True
    outcome_order: tuple[Outcome, ...] = _OUTCOMES

    def __post_init__(self) -> None:
        if not 0.0 <= self.max_regen_share <= 1.0:
            raise ValueError("max_regen_share must be within [0, 1]")
        thresholds = [self.similarity_threshold, *self.task_thresholds.values()]
        if any(t is not None and not -1.0 <= t <= 1.0 for t in thresholds):
            raise ValueError("similarity_threshold must be within [-1, 1]")
        if self.top_k < 1:
            raise ValueError("top_k must be >= 1")
        if sorted(self.outcome_order) != sorted(_OUTCOMES):
            raise ValueError(f"outcome_order must rank each of {_OUTCOMES} once")
        # frozen means frozen: a caller's dict must not change the policy afterwards
        object.__setattr__(self, "task_thresholds", MappingProxyType(dict(self.task_thresholds)))

    def threshold_for(self, handler: TaskHandler) -> float:
        """The similarity a cached prompt needs to be tried for this task."""
        if handler.name in self.task_thresholds:
            return self.task_thresholds[handler.name]
        if self.similarity_threshold is not None:
            return self.similarity_threshold
        return handler.similarity_threshold

    def rank(self, outcome: Outcome) -> int:
        """Position of an outcome in the preference order (0 is best)."""
        return self.outcome_order.index(outcome)

    def regen_share(self, handler: TaskHandler, steps: list[Step], verification: Verification) -> float:
        """Share of the answer a patch would regenerate (the task measures it)."""
        return handler.regen_share(steps, verification)

    def allows_patch(self, handler: TaskHandler, steps: list[Step], verification: Verification) -> bool:
        """Whether patching beats regenerating: small enough, and the task sees no blocking change."""
        share = self.regen_share(handler, steps, verification)
        return share <= self.max_regen_share and not handler.blocks_reuse(verification)

    def replace(self, **changes: Any) -> ReusePolicy:
        """A copy with some fields changed (the policy itself never changes)."""
        fields = {name: getattr(self, name) for name in self.__dataclass_fields__}
        fields["task_thresholds"] = dict(self.task_thresholds)
        return ReusePolicy(**{**fields, **changes})
