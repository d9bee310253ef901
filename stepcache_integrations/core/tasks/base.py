"""The task-handler base class and the verdict types shared by every task.

A task bundles what the engine needs to reuse answers of one kind of request:
detection, constraint extraction, segmentation, per-unit verification,
re-instantiation, patch/repair prompts, assembly and a deterministic fallback.
What the planner needs of a task is the small :class:`~.protocols.Task` protocol;
:class:`TaskHandler` implements it and every optional capability with defaults.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, wraps
from typing import Any, TypeVar

from ..types import Provenance, Step, VerificationLevel, freeze, weakest

__all__ = [
    "SHORT_TEXT",
    "Assembly",
    "TaskConstraints",
    "TaskHandler",
    "UnitCheck",
    "Verification",
    "short_text_cache",
]

F = TypeVar("F", bound=Callable[..., Any])

SHORT_TEXT = 512  # texts up to this length go through a short_text_cache's memo


def short_text_cache(maxsize: int, *, long_maxsize: int = 0, limit: int = SHORT_TEXT) -> Callable[[F], F]:
    """Memoise a pure function of ``(text, *hashable args)`` whose result is immutable: texts of
    up to ``limit`` characters (a step, an answer line: read again and again) in an LRU of
    ``maxsize``, longer ones (a whole prompt) in one of ``long_maxsize`` (0: not memoised), so a
    few long texts cannot hold the memory many short ones would."""

    def wrap(fn: F) -> F:
        short = lru_cache(maxsize=maxsize)(fn)
        long = lru_cache(maxsize=long_maxsize)(fn) if long_maxsize > 0 else fn

        @wraps(fn)
        def call(text: str, *args: Any) -> Any:
            return short(text, *args) if len(text) <= limit else long(text, *args)

        def cache_clear() -> None:
            short.cache_clear()
            if long is not fn:
                long.cache_clear()  # type: ignore[attr-defined]

        call.cache_clear = cache_clear  # type: ignore[attr-defined]
        return call  # type: ignore[return-value]

    return wrap


class TaskConstraints(Mapping[str, Any]):
    """A task's typed constraints for one prompt (subclasses are frozen dataclasses).

    Tasks read their fields; read as a mapping they are their stored form (JSON-ready), which is
    what a store keeps in ``CacheEntry.constraints`` and what ``TaskHandler.load_constraints``
    reads back, entries of older stores included."""

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        raise NotImplementedError

    @cached_property
    def _stored(self) -> dict[str, Any]:
        return self.to_dict()

    @cached_property
    def frozen_key(self) -> Hashable:
        """The stored form, frozen (``core.types.freeze``): equal to the key of the same constraints
        read back from a store, for checks memoised by their inputs."""
        return freeze(self._stored)

    def __getitem__(self, key: str) -> Any:
        return self._stored[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._stored)

    def __len__(self) -> int:
        return len(self._stored)


@dataclass
class UnitCheck:
    """Verdict on one verifiable unit (a step, or a JSON key)."""

    name: str
    ok: bool
    reason: str = ""
    evidence: str = ""  # why a passing unit holds for the new prompt (reported per step)


@dataclass
class Verification:
    """Per-unit verdicts of a cached answer against a new prompt."""

    units: list[UnitCheck]

    @property
    def passed(self) -> bool:
        """Every unit passed."""
        return all(unit.ok for unit in self.units)

    @property
    def first_failure(self) -> int | None:
        """Index of the first failing unit, or None."""
        for i, unit in enumerate(self.units):
            if not unit.ok:
                return i
        return None

    @property
    def failures(self) -> list[UnitCheck]:
        """The failing units."""
        return [unit for unit in self.units if not unit.ok]

    def reasons(self) -> list[str]:
        """Human-readable failure reasons."""
        return [f"{unit.name}: {unit.reason}" for unit in self.units if not unit.ok]


@dataclass
class Assembly:
    """An answer put together from kept and generated parts."""

    steps: list[Step]
    provenance: list[Provenance]
    errors: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The joined answer."""
        return "".join(step.text for step in self.steps)


class TaskHandler(ABC):
    """One task type. Register custom ones with ``TaskRegistry.register``."""

    name: str = "task"
    #: Default minimum cosine similarity of a cached prompt worth verifying for this task.
    similarity_threshold: float = 0.7
    #: Handles requests that come with a JSON Schema (chosen for them unless a task is named).
    accepts_schema: bool = False
    #: Claims every prompt no other task claims; the registry keeps it last in detection.
    catch_all: bool = False
    #: A ``judge`` model may approve reuse of its answers when verification could not.
    judge_may_approve: bool = False
    #: The user opted in to serving answers its checks leave "unchecked" for a changed request
    #: (free text's ``reinstantiate=True``); otherwise such an answer is never served for a
    #: request other than its own (``planner.vouched``).
    serves_unchecked_changes: bool = False
    #: A word (casefolded), or several, one of which is in every prompt :meth:`detect` accepts
    #: without a schema: the registry skips ``detect`` for a prompt with none of them. Honoured only
    #: from the class that defines ``detect``.
    detect_word: str | tuple[str, ...] | None = None

    @abstractmethod
    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        """Whether this task applies to the prompt (used when the caller does not force one)."""

    @abstractmethod
    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> Any:
        """Constraints the answer must satisfy for this prompt: a mapping whose items are
        JSON-serialisable (a :class:`TaskConstraints`, or a plain dict)."""

    def load_constraints(self, data: Any) -> Any:
        """The constraints a stored entry holds (``CacheEntry.constraints``), in the form this
        task's methods read; the default keeps the stored mapping as it is."""
        return data

    @abstractmethod
    def segment(self, answer: str, constraints: Any) -> list[Step]:
        """Split an answer into steps, with each step's parsed form in ``meta``."""

    @abstractmethod
    def verify(
        self,
        steps: list[Step],
        constraints: Any,
        cached_constraints: Any,
    ) -> Verification:
        """Check every unit of ``steps`` against the new prompt's ``constraints``.

        ``cached_constraints`` are those of the prompt the steps were produced for
        (None for a fresh answer); they reveal stale slot values.
        """

    def check_answer(self, steps: list[Step], constraints: Any) -> list[str]:
        """Final check of a complete answer; returns error messages (empty: verified)."""
        if not "".join(step.text for step in steps).strip():
            return ["the answer is empty"]
        return Verification(self.verify(steps, constraints, None).units).reasons()

    def reinstantiate(
        self,
        steps: list[Step],
        cached_constraints: Any,
        constraints: Any,
    ) -> list[Step] | None:
        """Rewrite cached steps for the new slot values without a model; None if not possible."""
        return None

    def verification_level(
        self,
        steps: list[Step],
        constraints: Any,
        cached_constraints: Any,
        stored: VerificationLevel = "unchecked",
    ) -> VerificationLevel:
        """What the task's checks establish about an answer that passed them for this prompt
        (docs/guarantees.md: "What `verified` means"): "proven" when they determine every part of it,
        "checked" when they hold but some content is only the model's, "unchecked" when nothing
        judged it.

        ``cached_constraints`` are those of the prompt a cached part of ``steps`` was produced
        for (None: a fresh answer, all written or computed for this prompt); ``stored`` is the
        level that cached entry was stored with. The default, for tasks that do not say: checks
        that do not determine the content ("checked"), and a cached part no more than it was
        stored as.
        """
        if cached_constraints is None:
            return "checked"
        return weakest(stored, "checked")

    @abstractmethod
    def patch_prompt(
        self, prompt: str, steps: list[Step], verification: Verification, constraints: Any
    ) -> tuple[str, str]:
        """Prompt for regenerating the failing part, and the verified prefix text kept before it."""

    @abstractmethod
    def assemble(
        self,
        steps: list[Step],
        verification: Verification,
        generated: str,
        constraints: Any,
        kept_provenance: list[Provenance],
    ) -> Assembly:
        """Combine the kept units with the model's output for the patch prompt."""

    def fresh(self, generated: str, constraints: Any) -> Assembly:
        """Turn a full model answer into steps."""
        steps = self.segment(generated, constraints)
        return Assembly(steps, ["regenerated"] * len(steps))

    def repair_prompt(
        self, prompt: str, answer: Assembly, errors: list[str], constraints: Any
    ) -> str:
        """Prompt asking the model to fix ``answer`` given the verifier's ``errors``."""
        problems = "\n".join(f"- {err}" for err in errors[:10])
        return (
            f"{prompt}\n\nA previous answer was:\n{answer.text.strip()}\n\n"
            f"It has these problems:\n{problems}\n\nWrite the corrected complete answer."
        )

    def apply_repair(self, answer: Assembly, generated: str, constraints: Any) -> Assembly:
        """Turn the model's output for the repair prompt into the new answer."""
        steps = self.segment(generated, constraints)
        return Assembly(steps, ["repaired"] * len(steps))

    def fallback(self, constraints: Any) -> str | None:
        """A deterministic, correct answer, when the task has one."""
        return None

    def keeps_model_answer(self, steps: list[Step], constraints: Any) -> bool:
        """Whether the model's whole answer (``steps``, which failed the checks) reads the prompt another way that
        the fallback's reading does not rule out, so the fallback must not replace it: a miss never costs more
        than no cache (W29). False (the default): the fallback may replace it."""
        return False

    def plain_problem(self, constraints: Any) -> bool:
        """Whether the prompt was read whole as a problem that asks no format and sets no convention (no
        instruction, no transform, no answer label or template): as an earlier turn of a conversation, it
        cannot change how a later question is answered (``adapters.turns``, wip/adaptD). False (the
        default): no claim."""
        return False

    def answer_alone(self, answer: str, constraints: Any) -> bool:
        """Whether ``answer`` holds nothing beyond what this task's checks read of it (no prose around it), when
        its checks prove it (``adapters.turns``: an assistant turn that announces nothing). True (the default):
        a task whose "proven" already reads every line says nothing more."""
        return True

    def problem_key(self, constraints: Any) -> str | None:
        """The problem the prompt poses, as a canonical string of its constraints, for the
        problem-key tier (``tasks.protocols.KeysProblems``); None (the default): no key."""
        return None

    def shape_key(self, constraints: Any) -> str | None:
        """The problem with its constants abstracted, for re-instantiation by the problem-key
        tier; None (the default): no key."""
        return None

    def family_key(self, constraints: Any) -> str | None:
        """The shape up to how it is written and asked, for a rewrite by the problem-key tier;
        None (the default): no key."""
        return None

    def blocks_reuse(self, verification: Verification) -> bool:
        """A semantic change that makes reuse pointless (default: the first step already fails)."""
        return verification.first_failure == 0

    def present(self, steps: list[Step], constraints: Any) -> list[Step]:
        """Steps as served for the new prompt (e.g. JSON keys in the requested order)."""
        return steps

    def regen_share(self, steps: list[Step], verification: Verification) -> float:
        """Share of the answer a patch would regenerate (contiguous suffix by default)."""
        first = verification.first_failure
        if first is None or not verification.units:
            return 0.0
        return (len(verification.units) - first) / len(verification.units)
