"""Pydantic schemas shared by every stage: steps, cache entries, model responses, results; and the
length rule (:func:`fits`).

The length rule: an answer's length against a request's length limit (``max_tokens``...), without a tokenizer.

Every tokenizer's token holds at least one byte, so a text of at most N UTF-8 bytes never needs more
than N tokens: such a text fits a limit of N. A longer one fits only with the model's own word for
it: the completion tokens it reported for exactly that text.
"""

from __future__ import annotations

import time
import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from .outcomes import Outcome, Provenance  # the vocabulary (docs/outcomes.md)

__all__ = [
    "CacheEntry",
    "CacheHit",
    "fits",
    "LLMResponse",
    "LookupTier",
    "Outcome",
    "Provenance",
    "Step",
    "StepCacheResult",
    "StepRecord",
    "VERIFICATION_LEVELS",
    "VerificationLevel",
    "weakest",
]


LookupTier = Literal["problem_key"]
"""How a served answer's cached entry was found when not by similarity: ``problem_key``, a dictionary
lookup by the problem the prompt poses (or by the request itself, repeated; ``core.problem_key_tier``)."""

VerificationLevel = Literal["proven", "checked", "unchecked"]
"""What the checks established about a returned answer (docs/guarantees.md: "What `verified` means").

* ``proven``: a checker proved every part of it for this prompt (linear equations: every step
  and asked value; JSON: every value stated by a plain request, or the deterministic fallback);
* ``checked``: it passed its task's checks, but they do not determine all of its content
  (JSON keys, types and schema hold, a value was only written by the model);
* ``unchecked``: nothing could judge it (a fresh free-text answer), or it failed its checks.
"""

VERIFICATION_LEVELS: tuple[VerificationLevel, ...] = ("unchecked", "checked", "proven")
"""The levels, weakest first."""


def weakest(*levels: VerificationLevel) -> VerificationLevel:
    """The weakest of ``levels`` (an answer is as proven as its least proven part)."""
    return min(levels, key=VERIFICATION_LEVELS.index, default="unchecked")


class Step(BaseModel):
    """One ordered step of an answer.

    ``text`` is the raw slice of the answer (trailing whitespace included), so joining
    the steps of an answer gives it back exactly. ``meta`` holds the task's parsed form
    of the step (computed once at store time so verification stays fast).
    """

    model_config = ConfigDict(frozen=False)

    text: str
    kind: Literal["text", "json"] = "text"
    meta: dict[str, Any] = Field(default_factory=dict)


class CacheEntry(BaseModel):
    """An answer stored in the cache (it passed its task's checks for its prompt).

    ``metadata["verification"]`` holds the level it was stored with (:attr:`verification`).
    """

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    namespace: str = "default"
    llm_key: str = "default"
    prompt: str
    task: str
    constraints: dict[str, Any] = Field(default_factory=dict)
    steps: list[Step]
    prompt_tokens: int = 0
    completion_tokens: int = 0
    created_at: float = Field(default_factory=time.time)
    last_hit_at: float | None = None
    hits: int = 0
    expires_at: float | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def text(self) -> str:
        """The full stored answer."""
        return "".join(step.text for step in self.steps)

    @property
    def verification(self) -> VerificationLevel:
        """The level this entry was stored with; "unchecked" when it has none (an entry of a store
        written before levels existed) or an unknown one. Served again, a cached part that holds
        only because the prompt is unchanged is worth no more than this; a task that proves its
        answers anew (linear equations) may still prove it."""
        level = self.metadata.get("verification") if isinstance(self.metadata, dict) else None
        return level if level in VERIFICATION_LEVELS else "unchecked"


class CacheHit(BaseModel):
    """A retrieved candidate entry and its cosine similarity to the new prompt."""

    entry: CacheEntry
    similarity: float


class LLMResponse(BaseModel):
    """Text returned by a model plus its token usage.

    ``usage_estimated`` is True when the model did not report usage and the counts
    were estimated from the text.
    """

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    usage_estimated: bool = False
    raw: Any = Field(default=None, exclude=True)


class StepRecord(BaseModel):
    """One step of a returned answer, where it came from and what vouches for it.

    ``evidence`` says why the step may be trusted for this prompt: the verifier's finding
    for a reused or re-instantiated step, "model output checked" for a generated or
    repaired one that passed checks able to judge it ("model output, no checker for it"
    when none could: free text), "deterministic fallback" for a computed one (None: nothing
    recorded).
    """

    index: int
    text: str
    provenance: Provenance
    evidence: str | None = None


class StepCacheResult(BaseModel):
    """The answer to one request and everything the cache did to produce it.

    ``verification`` says what the checks established about the answer (:data:`VerificationLevel`);
    ``verified`` is ``verification == "proven"``. ``checks_passed`` says that the answer passed
    every check its task has: that, not ``verified``, decides whether it is stored (marked with
    its level) and whether ``strict=True`` raises. A fresh free-text answer passes its checks and
    is stored, but it is ``unchecked``, never ``verified``.
    """

    text: str
    outcome: Outcome
    verification: VerificationLevel
    checks_passed: bool
    task: str
    steps: list[StepRecord] = Field(default_factory=list)
    matched_entry_id: str | None = None
    similarity: float | None = None
    stored_entry_id: str | None = None
    model_calls: int = 0
    repair_calls: int = 0
    judge_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tokens_saved: int = 0
    errors: list[str] = Field(default_factory=list)
    timings: dict[str, float] = Field(default_factory=dict)
    used_fallback: bool = False
    tier: LookupTier | None = None
    """``problem_key`` when the entry was found by the problem-key tier (no embedding, no vector
    search); None when it was found by similarity, or for an answer no cached entry served."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def verified(self) -> bool:
        """A checker proved every part of the answer for this prompt (``verification == "proven"``)."""
        return self.verification == "proven"

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens spent on this request."""
        return self.prompt_tokens + self.completion_tokens

    def provenance_counts(self) -> dict[str, int]:
        """How many steps came from each provenance."""
        counts: dict[str, int] = {}
        for step in self.steps:
            counts[step.provenance] = counts.get(step.provenance, 0) + 1
        return counts


def fits(text: str, limit: int | None, reported_tokens: int | None = None) -> bool:
    """Whether ``text`` may answer a request whose length limit is ``limit`` tokens (None: no limit).
    ``reported_tokens``: the tokens the model reported for exactly this text (a verbatim stored answer)."""
    if limit is None:
        return True
    if len(text.encode("utf-8", "surrogatepass")) <= limit:
        return True
    return reported_tokens is not None and 0 < reported_tokens <= limit
