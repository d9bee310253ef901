"""Pydantic schemas shared by every stage: steps, cache entries, model responses, results; and the
length rule (:func:`fits`).

The length rule: an answer's length against a request's length limit (``max_tokens``...), without a tokenizer.

Every tokenizer's token holds at least one byte, so a text of at most N UTF-8 bytes never needs more
than N tokens: such a text fits a limit of N. A longer one fits only with the model's own word for
it: the completion tokens it reported for exactly that text.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, computed_field

from .outcomes import Outcome, Provenance  # the vocabulary (docs/outcomes.md)

__all__ = [
    "BoundedLRU",
    "CacheEntry",
    "CacheHit",
    "fits",
    "freeze",
    "LLMResponse",
    "LookupTier",
    "Outcome",
    "Provenance",
    "Step",
    "StepCacheResult",
    "StepRecord",
    "Unfreezable",
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


# ------------------------------------------------------------------ the memos' exact keys
# One bounded, thread-safe LRU for the hit path's memos (task selection, proofs, vectors), and the
# exact, typed, hashable forms of plain data they key pure checks by (:func:`freeze`).
V = TypeVar("V")


class BoundedLRU(Generic[V]):
    """Values by exact keys, least recently used first out, bounded by entries (``maxsize``) and
    by the total of the sizes their callers declare (``max_size``; None: no such bound).
    ``hits`` and ``misses`` count :meth:`get`. ``maxsize <= 0`` keeps nothing."""

    def __init__(self, maxsize: int, max_size: int | None = None) -> None:
        self.maxsize = maxsize
        self.max_size = max_size
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept for ``key`` (now the most recent), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: Hashable, value: V, size: int = 1) -> None:
        """Keep ``value`` for ``key`` (replacing any), then drop the oldest past either bound."""
        if self.maxsize <= 0:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= old[1]
            self._items[key] = (value, size)
            self._size += size
            while self._items and (
                len(self._items) > self.maxsize or (self.max_size is not None and self._size > self.max_size)
            ):
                self._size -= self._items.popitem(last=False)[1][1]

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()
            self._size = 0

    @property
    def size(self) -> int:
        """The total of the sizes of the values kept."""
        return self._size

    def __len__(self) -> int:
        return len(self._items)


# ----------------------------------------------------------------------------- exact keys
_ATOMS = (str, int, float, bool, type(None), Fraction)


class Unfreezable(Exception):
    """A value with no exact hashable form (an unknown type, a float NaN): not memoised."""


def freeze(value: Any) -> Hashable:
    """An exact form of ``value``: ``1``, ``1.0``, ``True`` and ``"1"`` differ, dict order is kept,
    equality is Python's (never a digest). An object may carry its own (``frozen_key``)."""
    kind = type(value)
    # The plain forms first, in the order stored constraints and step metadata are made of them (a
    # string, a dict keyed by strings, a list), each built with a list (faster than a generator);
    # the same forms as the general branches below, without their attribute and ABC lookups.
    if kind is str:
        return ("str", value)
    if kind is dict:
        return ("map", tuple([(("str", k) if type(k) is str else freeze(k), freeze(v)) for k, v in value.items()]))
    if kind is list or kind is tuple:
        return (kind.__name__, tuple([freeze(item) for item in value]))
    if kind in _ATOMS:
        if kind is float:
            if value != value:
                raise Unfreezable("NaN equals nothing, itself included")
            return ("float", repr(value))  # 0.0 == -0.0 in Python; JSON writes them apart
        return (kind.__name__, value)
    return _general(value)


def _general(value: Any) -> Hashable:
    """:func:`freeze` of anything but the plain forms: an object's own key, another mapping or sequence."""
    own = getattr(value, "frozen_key", None)
    if own is not None:
        return own
    if isinstance(value, Mapping):
        return ("map", tuple((freeze(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(freeze(item) for item in value))
    raise Unfreezable(type(value).__name__)
