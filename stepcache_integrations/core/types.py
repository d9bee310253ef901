"""What every stage shares: the pydantic schemas (steps, cache entries, model responses, results), the
length rule (:func:`fits`), segmentation (:func:`segment_text`: an answer into ordered steps), the
counters behind ``StepCache.stats()`` (:class:`CacheStats`), and the memos' exact keys
(:func:`freeze`) with their bounded LRU (:class:`BoundedLRU`).

The length rule: an answer's length against a request's length limit (``max_tokens``...), without a tokenizer.

Every tokenizer's token holds at least one byte, so a text of at most N UTF-8 bytes never needs more
than N tokens: such a text fits a limit of N. A longer one fits only with the model's own word for
it: the completion tokens it reported for exactly that text.
"""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, computed_field

from .outcomes import OUTCOMES, Outcome, Provenance  # the vocabulary (docs/outcomes.md)

__all__ = [
    "BoundedLRU",
    "CacheEntry",
    "CacheHit",
    "CacheStats",
    "extract_json_object",
    "fits",
    "freeze",
    "IDLE_PROVIDERS",
    "join_steps",
    "LLMResponse",
    "LookupTier",
    "MAX_JSON_CANDIDATES",
    "otel_records",
    "Outcome",
    "Provenance",
    "segment_text",
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
    stored_entry_id: str | None = None  # a derived entry may be held until a flush (StepCache defer_derived)
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
    # wip/hitF: a string inside one is frozen in place (``("str", s)``, what ``freeze(s)`` returns),
    # not by a call per string (most leaves of stored constraints and step metadata are strings)
    if kind is dict:
        return ("map", tuple([(("str", k) if type(k) is str else freeze(k), ("str", v) if type(v) is str else freeze(v))
                              for k, v in value.items()]))
    if kind is list or kind is tuple:
        return (kind.__name__, tuple([("str", item) if type(item) is str else freeze(item) for item in value]))
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


# ---------------------------------------------------------------------------- segmentation
# Split an answer into ordered steps, losslessly.
#
# Free text splits on blank-line paragraphs, numbered lines (``1.``, ``1)``, ``Step 1:``) and
# bullets; a fenced code block stays whole. Every step is a raw slice of the answer, so
# ``"".join(step.text for step in steps) == answer`` exactly.
#
# JSON answers are one step: the single object extracted from the answer (even when it
# is wrapped in a fence or prose). Its top-level keys act as sub-steps during
# verification and patching (see ``tasks.json``).
#
_STEP_START = re.compile(
    r"""^[ \t]*(?:
        (?:step|Step|STEP)[ \t]*\d+[ \t]*[:.)\-]     # Step 1:
      | \d{1,3}[.)](?:[ \t]|$)                       # 1.  1)
      | [-*+\u2022][ \t]+                            # bullets
      | (?:final[ \t]+)?answer[ \t]*:                # Answer:
      | (?:Final[ \t]+)?Answer[ \t]*:
    )""",
    re.VERBOSE,
)
_FENCE = re.compile(r"^[ \t]*(```|~~~)")

# Scanning for a JSON object tries a decode at each "{": cap it so hostile text stays linear-ish.
MAX_JSON_CANDIDATES = 64


def segment_text(answer: str) -> list[Step]:
    """Split free text into ordered steps; joining the steps returns ``answer`` exactly."""
    if not answer:
        return []
    splitter = _Splitter()
    for line in answer.splitlines(keepends=True):
        splitter.feed(line)
    return [Step(text="".join(block)) for block in splitter.blocks()]


class _Splitter:
    """Lines into blocks: a new step starts at a non-blank line after a blank one, at a step
    label or bullet, and at a fence; a fenced block stays whole."""

    def __init__(self) -> None:
        self._blocks: list[list[str]] = []
        self._current: list[str] = []
        self._fence = ""  # the open fence's marker; "" outside a fence
        self._after_blank = False

    def _has_content(self) -> bool:
        return any(line.strip() for line in self._current)

    def feed(self, line: str) -> None:
        fence = _FENCE.match(line)
        if self._fence:
            self._current.append(line)
            if fence and fence.group(1) == self._fence:
                self._fence = ""
                self._after_blank = True  # text after a closed fence is a new step
            return
        stripped = line.strip()
        starts_step = bool(stripped) and (self._after_blank or _STEP_START.match(line) is not None or fence is not None)
        if starts_step and self._has_content():
            self._blocks.append(self._current)
            self._current = []
        self._current.append(line)
        if fence:
            self._fence = fence.group(1)
        self._after_blank = not stripped and self._has_content()

    def blocks(self) -> list[list[str]]:
        """The blocks; trailing whitespace belongs to the last step."""
        blocks = list(self._blocks)
        if self._current:
            if blocks and not self._has_content():
                blocks[-1] = blocks[-1] + self._current
            else:
                blocks.append(self._current)
        return blocks


def join_steps(steps: list[Step]) -> str:
    """Inverse of segmentation."""
    return "".join(step.text for step in steps)


def _decode_object(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


_FENCED_JSON = re.compile(r"```(?:json|JSON)?[ \t]*\n(.*?)```", re.DOTALL)


def extract_json_object(answer: str) -> tuple[dict[str, Any], int, int] | None:
    """Find the one JSON object in ``answer``; return it with its character span.

    Tries, in order: the whole text, fenced blocks, then a bounded scan of ``{``
    positions. Returns None when no object decodes. Never raises on hostile input
    (deep nesting, truncated text).
    """
    stripped = answer.strip()
    if stripped.startswith("{"):
        obj = _decode_object(stripped)
        if obj is not None:
            start = answer.index("{")
            return obj, start, start + len(stripped)
    for match in _FENCED_JSON.finditer(answer):
        obj = _decode_object(match.group(1))
        if obj is not None:
            return obj, match.start(1), match.end(1)
    decoder = json.JSONDecoder()
    pos = answer.find("{")
    tries = 0
    while pos != -1 and tries < MAX_JSON_CANDIDATES:
        tries += 1
        try:
            value, end = decoder.raw_decode(answer, pos)
        except (ValueError, RecursionError):
            value, end = None, -1
        if isinstance(value, dict):
            return value, pos, end
        pos = answer.find("{", pos + 1)
    return None


# ------------------------------------------------------------------------------ the counters
# What the cache did: outcomes, model calls, tokens, store trouble, stage times (StepCache.stats()).
@dataclass
class _Counts:
    outcomes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    verification: dict[str, int] = field(default_factory=lambda: dict.fromkeys(reversed(VERIFICATION_LEVELS), 0))
    requests: int = 0
    verified: int = 0
    unverified: int = 0
    failed_checks: int = 0
    fallbacks: int = 0
    model_calls: int = 0
    repair_calls: int = 0
    judge_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tokens_saved: int = 0
    stage_time: dict[str, float] = field(default_factory=dict)
    stage_count: dict[str, int] = field(default_factory=dict)
    store_errors: int = 0
    store_skipped: int = 0


class CacheStats:
    """Thread-safe counters; one per ``StepCache``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts = _Counts()

    def record(self, result: StepCacheResult) -> None:
        """Count one answered request."""
        with self._lock:
            c = self._counts
            c.requests += 1
            c.outcomes[result.outcome] = c.outcomes.get(result.outcome, 0) + 1
            c.verification[result.verification] = c.verification.get(result.verification, 0) + 1
            c.verified += int(result.verified)
            c.unverified += int(not result.verified)
            c.failed_checks += int(not result.checks_passed)
            c.fallbacks += int(result.used_fallback)
            c.model_calls += result.model_calls
            c.repair_calls += result.repair_calls
            c.judge_calls += result.judge_calls
            c.prompt_tokens += result.prompt_tokens
            c.completion_tokens += result.completion_tokens
            c.tokens_saved += result.tokens_saved
            for stage, seconds in result.timings.items():
                c.stage_time[stage] = c.stage_time.get(stage, 0.0) + seconds
                c.stage_count[stage] = c.stage_count.get(stage, 0) + 1

    def store_failed(self) -> None:
        """Count a failed store call."""
        with self._lock:
            self._counts.store_errors += 1

    def store_skipped(self) -> None:
        """Count a store call skipped while the breaker is open."""
        with self._lock:
            self._counts.store_skipped += 1

    def reset(self) -> None:
        """Zero every counter."""
        with self._lock:
            self._counts = _Counts()

    def snapshot(self) -> dict[str, Any]:
        """Counts per outcome and per verification level, model calls, tokens spent and saved,
        mean seconds per stage. ``verified`` counts "proven" answers and ``unverified`` the rest
        (``verified + unverified == requests``); ``failed_checks`` counts answers that failed
        their task's checks (the only ones ``strict=True`` raises for)."""
        with self._lock:
            c = self._counts
            return {
                "requests": c.requests,
                "outcomes": dict(c.outcomes),
                "verification": dict(c.verification),
                "verified": c.verified,
                "unverified": c.unverified,
                "failed_checks": c.failed_checks,
                "fallbacks": c.fallbacks,
                "model_calls": c.model_calls,
                "repair_calls": c.repair_calls,
                "judge_calls": c.judge_calls,
                "prompt_tokens": c.prompt_tokens,
                "completion_tokens": c.completion_tokens,
                "tokens_saved": c.tokens_saved,
                "store_errors": c.store_errors,
                "store_skipped": c.store_skipped,
                "mean_stage_seconds": {
                    k: c.stage_time[k] / c.stage_count[k] for k in c.stage_time if c.stage_count.get(k)
                },
            }


# ------------------------------------------------------------------------- telemetry's switch
# Read by the drivers before every operation and by ``telemetry.Otel``: here, where both look, so an
# idle Telemetry costs the drivers no call into telemetry.py.
IDLE_PROVIDERS = frozenset({"ProxyTracerProvider", "NoOpTracerProvider", "_ProxyMeterProvider", "NoOpMeterProvider"})


def otel_records(explicit: bool, trace: Any, metrics: Any) -> bool:
    """Whether spans and points go anywhere: a provider was given, or an SDK provider is set globally
    (the API's defaults are proxies and no-ops: spans and points built for them are dropped)."""
    if explicit:
        return True
    providers = (trace.get_tracer_provider(), metrics.get_meter_provider())
    return any(type(provider).__name__ not in IDLE_PROVIDERS for provider in providers)
