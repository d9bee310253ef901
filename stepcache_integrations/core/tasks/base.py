"""The task-handler interface and helpers shared by every task.

A task bundles what the engine needs to reuse answers of one kind of request:
detection, constraint extraction, segmentation, per-unit verification,
re-instantiation, patch/repair prompts, assembly and a deterministic fallback.
"""

from __future__ import annotations

import difflib
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from ..types import Provenance, Step

__all__ = [
    "TaskHandler",
    "UnitCheck",
    "Verification",
    "Assembly",
    "extract_slots",
    "slot_mapping",
    "stale_slots",
    "mentions",
]


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

    @abstractmethod
    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        """Whether this task applies to the prompt (used when the caller does not force one)."""

    @abstractmethod
    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        """JSON-serialisable constraints the answer must satisfy for this prompt."""

    @abstractmethod
    def segment(self, answer: str, constraints: dict[str, Any]) -> list[Step]:
        """Split an answer into steps, with each step's parsed form in ``meta``."""

    @abstractmethod
    def verify(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
    ) -> Verification:
        """Check every unit of ``steps`` against the new prompt's ``constraints``.

        ``cached_constraints`` are those of the prompt the steps were produced for
        (None for a fresh answer); they reveal stale slot values.
        """

    def check_answer(self, steps: list[Step], constraints: dict[str, Any]) -> list[str]:
        """Final check of a complete answer; returns error messages (empty: verified)."""
        if not "".join(step.text for step in steps).strip():
            return ["the answer is empty"]
        return Verification(self.verify(steps, constraints, None).units).reasons()

    def reinstantiate(
        self,
        steps: list[Step],
        cached_constraints: dict[str, Any],
        constraints: dict[str, Any],
    ) -> list[Step] | None:
        """Rewrite cached steps for the new slot values without a model; None if not possible."""
        return None

    @abstractmethod
    def patch_prompt(
        self, prompt: str, steps: list[Step], verification: Verification, constraints: dict[str, Any]
    ) -> tuple[str, str]:
        """Prompt for regenerating the failing part, and the verified prefix text kept before it."""

    @abstractmethod
    def assemble(
        self,
        steps: list[Step],
        verification: Verification,
        generated: str,
        constraints: dict[str, Any],
        kept_provenance: list[Provenance],
    ) -> Assembly:
        """Combine the kept units with the model's output for the patch prompt."""

    def fresh(self, generated: str, constraints: dict[str, Any]) -> Assembly:
        """Turn a full model answer into steps."""
        steps = self.segment(generated, constraints)
        return Assembly(steps, ["regenerated"] * len(steps))

    def repair_prompt(
        self, prompt: str, answer: Assembly, errors: list[str], constraints: dict[str, Any]
    ) -> str:
        """Prompt asking the model to fix ``answer`` given the verifier's ``errors``."""
        problems = "\n".join(f"- {err}" for err in errors[:10])
        return (
            f"{prompt}\n\nA previous answer was:\n{answer.text.strip()}\n\n"
            f"It has these problems:\n{problems}\n\nWrite the corrected complete answer."
        )

    def apply_repair(self, answer: Assembly, generated: str, constraints: dict[str, Any]) -> Assembly:
        """Turn the model's output for the repair prompt into the new answer."""
        steps = self.segment(generated, constraints)
        return Assembly(steps, ["repaired"] * len(steps))

    def fallback(self, constraints: dict[str, Any]) -> str | None:
        """A deterministic, correct answer, when the task has one."""
        return None

    def blocks_reuse(self, verification: Verification) -> bool:
        """A semantic change that makes reuse pointless (default: the first step already fails)."""
        return verification.first_failure == 0

    def present(self, steps: list[Step], constraints: dict[str, Any]) -> list[Step]:
        """Steps as served for the new prompt (e.g. JSON keys in the requested order)."""
        return steps

    def regen_share(self, steps: list[Step], verification: Verification) -> float:
        """Share of the answer a patch would regenerate (contiguous suffix by default)."""
        first = verification.first_failure
        if first is None or not verification.units:
            return 0.0
        return (len(verification.units) - first) / len(verification.units)


# -- slots: the local details (numbers, names, identifiers, quoted strings) of a prompt --------

_SLOT = re.compile(
    r"""
    "(?P<dq>[^"\n]{1,80})"                                 # "quoted"
  | '(?P<sq>[^'\n]{1,80})'                                 # 'quoted'
  | (?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)                # emails
  | (?P<num>(?<![\w.])-?\d+(?:[.,]\d+)*(?![\w]))           # numbers
  | (?P<ident>\b[A-Za-z_][A-Za-z0-9_]*\b)                  # words (filtered below)
    """,
    re.VERBOSE,
)
_TOKEN = re.compile(r"\w+(?:[.@'-]\w+)*|[^\w\s]")
_SENTENCE_START = re.compile(r"(?:^|[.!?:\n]\s*)$")
_STOPWORDS = frozenset(
    "a an the is are be to of in on for with and or what which who how why when where write "
    "return give list explain describe solve find compute create make use step answer json "
    "object keys key fields please i you it this that".split()
)


def _is_slot_word(word: str, preceding: str) -> bool:
    if word.lower() in _STOPWORDS:
        return False
    if any(c.isdigit() for c in word) or "_" in word:
        return True
    if len(word) > 1 and any(c.isupper() for c in word[1:]) and any(c.islower() for c in word):
        return True  # camelCase
    if word[0].isupper() and not _SENTENCE_START.search(preceding):
        return True  # a capitalised name mid-sentence
    return False


def extract_slots(text: str, limit: int = 20000) -> list[str]:
    """The local details of a text: numbers, names, identifiers, emails, quoted strings."""
    text = text[:limit]
    slots: list[str] = []
    for match in _SLOT.finditer(text):
        kind = match.lastgroup
        value = match.group(kind) if kind else match.group(0)
        if kind == "ident" and not _is_slot_word(value, text[max(0, match.start() - 3) : match.start()]):
            continue
        slots.append(value)
    return slots


def stale_slots(cached_slots: list[str], new_slots: list[str]) -> list[str]:
    """Slot values of the cached prompt that the new prompt no longer has."""
    new = {s.lower() for s in new_slots}
    seen: set[str] = set()
    stale: list[str] = []
    for slot in cached_slots:
        key = slot.lower()
        if key not in new and key not in seen:
            seen.add(key)
            stale.append(slot)
    return stale


def mentions(text: str, value: str) -> bool:
    """Whether ``text`` mentions ``value`` as a whole token (case-insensitive)."""
    if not value:
        return False
    pattern = r"(?<![\w.])" + re.escape(value) + r"(?![\w]|\.\d)"
    return re.search(pattern, text, re.IGNORECASE) is not None


def slot_mapping(cached_prompt: str, new_prompt: str, limit: int = 20000) -> dict[str, str]:
    """Old -> new values where the new prompt substitutes one token span for another.

    Built from a token alignment of the two prompts; only clean one-for-one
    replacements count, so paraphrases produce no mapping.
    """
    old_tokens = _TOKEN.findall(cached_prompt[:limit])
    new_tokens = _TOKEN.findall(new_prompt[:limit])
    matcher = difflib.SequenceMatcher(a=old_tokens, b=new_tokens, autojunk=False)
    mapping: dict[str, str] = {}
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace" or (i2 - i1) > 4 or (j2 - j1) > 4:
            continue
        old = " ".join(old_tokens[i1:i2])
        new = " ".join(new_tokens[j1:j2])
        if old != new:
            mapping[old] = new
        if i2 - i1 == j2 - j1 > 1:  # "Alice Smith" -> "Bob Jones" also maps Alice -> Bob
            for o, n in zip(old_tokens[i1:i2], new_tokens[j1:j2]):
                if o != n and (o[0].isalnum() or o[0] == "_"):
                    mapping.setdefault(o, n)
    return mapping
