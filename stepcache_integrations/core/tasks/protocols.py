"""What the planner needs of a task, and the optional capabilities, as small protocols.

:class:`Task` is the whole of what planning a request asks of a task: claim a prompt, build
its constraints (and read a stored entry's back), verify cached steps against them,
re-instantiate cached steps, write the patch prompt, and the deterministic fallback. Everything
else a task may do is a capability of its own, each a small protocol. ``TaskHandler`` (base.py)
implements all of them with defaults, so a custom task overrides only what it changes.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..types import Provenance, Step, VerificationLevel
from .base import Assembly, Verification

__all__ = [
    "Assembles",
    "Grades",
    "KeysProblems",
    "Presents",
    "Repairs",
    "Segments",
    "SharesRegeneration",
    "Task",
]


@runtime_checkable
class Task(Protocol):
    """What the planner needs of a task, and nothing else."""

    name: str
    similarity_threshold: float

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        """Claim: whether this task applies to the prompt."""

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> Any:
        """The constraints an answer must satisfy for this prompt."""

    def load_constraints(self, data: Any) -> Any:
        """The constraints a stored entry holds, as this task reads them."""

    def verify(self, steps: list[Step], constraints: Any, cached_constraints: Any) -> Verification:
        """Per-unit verdicts of ``steps`` for the prompt of ``constraints``."""

    def check_answer(self, steps: list[Step], constraints: Any) -> list[str]:
        """The final check of a whole answer (empty: it passes)."""

    def reinstantiate(self, steps: list[Step], cached_constraints: Any, constraints: Any) -> list[Step] | None:
        """Cached steps rewritten for the new prompt without a model, or None."""

    def patch_prompt(
        self, prompt: str, steps: list[Step], verification: Verification, constraints: Any
    ) -> tuple[str, str]:
        """The prompt regenerating the failing part, and the verified prefix kept before it."""

    def fallback(self, constraints: Any) -> str | None:
        """A deterministic, correct answer, when the task has one."""


@runtime_checkable
class Segments(Protocol):
    """Splits an answer into steps (each step's parsed form in ``meta``)."""

    def segment(self, answer: str, constraints: Any) -> list[Step]: ...


@runtime_checkable
class Presents(Protocol):
    """Serves steps in the form the new prompt asks for (e.g. JSON keys in its order)."""

    def present(self, steps: list[Step], constraints: Any) -> list[Step]: ...


@runtime_checkable
class Assembles(Protocol):
    """Puts an answer together from kept units and the model's output."""

    def assemble(
        self,
        steps: list[Step],
        verification: Verification,
        generated: str,
        constraints: Any,
        kept_provenance: list[Provenance],
    ) -> Assembly: ...

    def fresh(self, generated: str, constraints: Any) -> Assembly: ...


@runtime_checkable
class Repairs(Protocol):
    """Asks the model to fix an answer that failed its checks, and reads the fix."""

    def repair_prompt(self, prompt: str, answer: Assembly, errors: list[str], constraints: Any) -> str: ...

    def apply_repair(self, answer: Assembly, generated: str, constraints: Any) -> Assembly: ...


@runtime_checkable
class Grades(Protocol):
    """Says how far its checks establish an answer (docs/guarantees.md: "What `verified` means")."""

    def verification_level(
        self, steps: list[Step], constraints: Any, cached_constraints: Any, stored: VerificationLevel = "unchecked"
    ) -> VerificationLevel: ...


@runtime_checkable
class SharesRegeneration(Protocol):
    """Tells the reuse policy how much a patch would regenerate, and when reuse is pointless."""

    def regen_share(self, steps: list[Step], verification: Verification) -> float: ...

    def blocks_reuse(self, verification: Verification) -> bool: ...


@runtime_checkable
class KeysProblems(Protocol):
    """Names the problem a prompt poses, for the problem-key tier (``core.problem_key_tier``).

    Both keys are canonical strings of the typed constraints (None: no key; the request takes the
    semantic path). ``problem_key``: equal for prompts this task reads as the same problem (the
    same equations or stated values, the same unknowns or keys asked, the same format read),
    however they are written. ``shape_key``: the same with the constants abstracted, for
    re-instantiation. A task may also name a ``family_key`` (optional: ``TaskHandler`` names none):
    the shape up to how it is written and asked, for a rewrite. A key only finds candidates:
    whatever it finds is served only when this task's checks pass for the new prompt."""

    def problem_key(self, constraints: Any) -> str | None: ...

    def shape_key(self, constraints: Any) -> str | None: ...
