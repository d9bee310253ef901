"""The problem-key tier: requests served by dictionary lookups, before any embedding or vector search.

Three paths, cheapest first; whatever none of them serves takes the semantic path (embed, search,
verify) exactly as before:

1. **Repeat.** A request answered from the cache before (the same prompt, task, schema, namespace,
   model, registry and policy) gets the answer then served again: request -> an in-memory map ->
   that answer. No task reads the prompt. Before it is served, the store is asked for the entry it
   came from: gone (deleted, evicted, expired, cleared) or changed, the map forgets it and the
   request takes the paths below. The checks that answer passed are pure functions of the request
   and the entry (``core.planner``), so the same inputs are the same proof.
2. **Problem key.** The prompt's constraints (read anyway) give its problem key
   (``tasks.protocols.KeysProblems``); the store's dictionary (``CacheStore.find_keyed``) gives the
   entries stored for the same problem in this namespace and model; each is checked for the new
   prompt exactly as an entry found by similarity (``planner.choose_keyed``).
3. **Shape key.** Entries of the same shape with other constants are re-instantiated at once, the
   rewrite then checked as any re-instantiation (``verify`` and the final check).
4. **Family key.** Entries of the same shape written or asked otherwise (renamed unknowns, sides
   swapped, another expression or format asked) are re-instantiated the same way: the task's
   rewrite carries the working over and writes the answer line asked; the same checks decide.

A key finds candidates, never an answer: nothing is served on key equality alone. The dictionaries
belong to the stores (``core.problem_keys``), so they outlive the process and follow every delete;
the map of path 1 is this process's memo of served answers, re-checked against the store on read.

Path 1 has a twin for ``lookup`` (an adapter that looks up and serves apart, LangChain's global
cache): the plans this tier made that reuse an entry as it is, kept by request, and the plan made
right after a model's answer to a request was stored (the lookup the same request makes next, made
then). ``lookup`` reads the problem's entries as path 2 does and hands a copy out again when the
first of them path 2 would check is the kept entry, unchanged; it is served and counted as the plan
it copies, without the task reading the prompt or checking the entry again.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict
from collections.abc import Generator, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any

from .outcomes import CACHE_ALONE_OUTCOMES
from .planner import CachePlan
from .planner import Choice, adopt, choose_keyed
from .planner import ReusePolicy
from .problem_keys import FAMILY, PROBLEM, SHAPE, lookup_key
from .requests import FindKeyed, GetEntry, RecordHit, Request
from .types import CacheEntry, LookupTier, StepCacheResult, StepRecord, Unfreezable, freeze

__all__ = [
    "plan_lookup_key",
    "plan_lookup_keys",
    "PROBLEM_CANDIDATES",
    "SHAPE_CANDIDATES",
    "TIER",
    "ProblemKeyTier",
    "fresh_plan",
    "keeps_plan",
    "keyed_lookup",
    "plan_ahead",
    "task_lookup_key",
    "task_lookup_keys",
]

TIER: LookupTier = "problem_key"
"""The tier's name, in ``StepCacheResult.tier``, ``CachePlan.tier`` and ``StepCache.stats()``."""

PROBLEM_CANDIDATES = 4  # entries of the same problem checked per request (the closest first: _closest)
SHAPE_CANDIDATES = 3  # entries of the same shape re-instantiated per request (newest first)
_FETCHED = 16  # entries read from a dictionary to choose the closest among
_SERVED = CACHE_ALONE_OUTCOMES  # what the tier serves: the cache alone, no model call
# Paths 2 to 4: (which lookup key, whether its entries are rewritten, how many are checked)
_PATHS = ((0, False, PROBLEM_CANDIDATES), (1, True, SHAPE_CANDIDATES), (2, True, SHAPE_CANDIDATES))


LookupKeys = tuple[str | None, str | None, str | None]
"""A request's problem, shape and family lookup keys (each None when the task names none)."""


_KEY_METHODS = (("problem_key", PROBLEM), ("shape_key", SHAPE), ("family_key", FAMILY))
_UNSET = object()


def task_lookup_keys(handler: Any, constraints: Any) -> LookupKeys:
    """The problem, shape and family lookup keys of a request (``core.problem_keys``), each None
    when the task names none (a task without the capability names none)."""
    return (task_lookup_key(handler, constraints, 0), task_lookup_key(handler, constraints, 1),
            task_lookup_key(handler, constraints, 2))


def task_lookup_key(handler: Any, constraints: Any, which: int) -> str | None:
    """One of :func:`task_lookup_keys` (``which``: 0 problem, 1 shape, 2 family), computed alone."""
    name = getattr(handler, "name", None)
    if not isinstance(name, str):
        return None
    method, kind = _KEY_METHODS[which]
    fn = getattr(handler, method, None)
    canonical = fn(constraints) if callable(fn) else None
    return lookup_key(kind, name, canonical) if isinstance(canonical, str) else None


def plan_lookup_keys(plan: CachePlan) -> LookupKeys:
    """:func:`task_lookup_keys` of the plan's request, computed once per plan."""
    if plan.lookup_keys is None:
        plan.lookup_keys = (plan_lookup_key(plan, 0), plan_lookup_key(plan, 1), plan_lookup_key(plan, 2))
    return plan.lookup_keys


def plan_lookup_key(plan: CachePlan, which: int) -> str | None:
    """One of :func:`plan_lookup_keys`, computed once per plan and only when asked: a request its
    problem key serves never computes its shape and family keys (each is a pure function of the
    plan's handler and constraints, so computing it later gives the same key)."""
    if plan.lookup_keys is not None:
        return plan.lookup_keys[which]
    found = plan.key_parts.get(which, _UNSET)
    if found is _UNSET:
        found = plan.key_parts[which] = task_lookup_key(plan.handler, plan.constraints, which)
    return found  # type: ignore[return-value]


def keyed_lookup(plan: CachePlan, policy: ReusePolicy) -> Generator[Request, Any, bool]:
    """Paths 2 to 4: find the plan's entries by its problem key, then by its shape key, then by its
    family key; True (the plan adopted, ``plan.tier`` set) when one of them serves without a model
    call."""
    if policy.threshold_for(plan.handler) > plan.handler.similarity_threshold:
        return False  # a closer match asked for than the task's own: similarity decides, as configured
    choice, looked = Choice(), 0.0
    for which, rewrite, limit in _PATHS:
        # each key is computed when its path is tried (plan_lookup_key): once one serves, the
        # later keys are not needed, and an entry stored for this request computes them then
        if choice.served or (rewrite and not policy.reinstantiate):
            continue
        key = plan_lookup_key(plan, which)
        if key is None:
            continue
        t0 = time.perf_counter()
        # a shape's entries all rewrite alike: the newest; a problem's writings differ: the closest
        entries = yield FindKeyed(key, plan.namespace, plan.llm_key, limit if rewrite else _FETCHED)
        closest: Iterable[CacheEntry] = (
            list(entries or ()) if rewrite else islice(_closest(list(entries or ()), plan.constraints), limit)
        )  # the closest read lazily: the entries after the first are ordered only when it does not serve
        looked += time.perf_counter() - t0
        choose_keyed(plan, closest, policy, choice, rewrite=rewrite)
    if not choice.served:
        if all(key is None for key in plan_lookup_keys(plan)):
            return False  # the task names no key for this request: no lookup (nothing counted)
        plan.timings["problem_key"] = looked + choice.seconds  # what the tier cost this request
        return False
    adopt(plan, choice)
    plan.timings["problem_key"] = looked
    plan.tier, plan.similarity = TIER, None  # found by its key: no distance to report
    return True


def plan_ahead(plan: CachePlan, policy: ReusePolicy) -> Generator[Request, Any, CachePlan | None]:
    """Paths 2 to 4 for a fresh plan (:func:`fresh_plan`) of a request whose answer was just
    stored: the plan when they serve it, else None. Not a lookup: nothing is counted or traced."""
    return plan if (yield from keyed_lookup(plan, policy)) else None


def _closest(entries: list[CacheEntry], constraints: Any) -> Iterator[CacheEntry]:
    """Entries ordered by how much of the new prompt's reading their stored one shares (newest
    first among equals): one key holds every writing of a problem ("3x + 5 = -10" and "3x + 10 =
    -5" both move a term of the other), and the entry written as the new prompt is the one whose
    steps hold for it. Only the order in which candidates are checked; each is checked in full.

    Yielded lazily, in exactly that order: when the newest entry shares every field of the new
    reading (each field scores at most 2, so none can score more, and it is first among equals),
    it comes first without scoring the others; they are scored only when a later candidate is
    asked for (the first one usually serves: a problem cached many times is one read and checked)."""
    if len(entries) < 2 or not isinstance(constraints, Mapping):
        yield from entries
        return
    try:
        new = dict(constraints)
    except (TypeError, ValueError):
        yield from entries
        return
    start = 0
    if _shared(entries[0].constraints, new) == 2 * len(new):
        yield entries[0]
        start = 1
    rest = entries[start:]
    scored = sorted(enumerate(rest), key=lambda item: (-_shared(item[1].constraints, new), item[0]))
    yield from (entry for _, entry in scored)


def _shared(stored: Any, new: dict[str, Any]) -> int:
    """Fields of the new reading the stored one has equal (2) or equal up to order (1: lists)."""
    if not isinstance(stored, Mapping):
        return 0
    score = 0
    for name, value in new.items():
        other = stored.get(name)
        if other == value:
            score += 2
        elif isinstance(value, list) and isinstance(other, list) and _same_items(value, other):
            score += 1
    return score


def _same_items(left: list[Any], right: list[Any]) -> bool:
    try:
        return sorted(map(repr, left)) == sorted(map(repr, right))
    except RecursionError:
        return False


@dataclass(frozen=True)
class _Served:
    """An answer served from the cache, to serve again for the same request while its entry
    stands unchanged: the entry as it was read, the policy it was planned under, and what the
    result said (immutable values only: each replay builds a new result)."""

    entry: CacheEntry
    policy: ReusePolicy
    fields: tuple[tuple[str, Any], ...]
    steps: tuple[tuple[int, str, str, str | None], ...]

    @classmethod
    def of(cls, entry: CacheEntry, policy: ReusePolicy, result: StepCacheResult) -> _Served:
        fields = tuple((name, getattr(result, name)) for name in _KEPT)
        steps = tuple((s.index, s.text, s.provenance, s.evidence) for s in result.steps)
        return cls(entry, policy, fields, steps)

    def replay(self, seconds: float) -> StepCacheResult:
        """A new result (the caller may change it) with the answer kept, found by this tier."""
        steps = [StepRecord.model_construct(index=i, text=t, provenance=p, evidence=e) for i, t, p, e in self.steps]
        return StepCacheResult.model_construct(
            **dict(self.fields), steps=steps, checks_passed=True, stored_entry_id=None, model_calls=0,
            repair_calls=0, judge_calls=0, prompt_tokens=0, completion_tokens=0, errors=[],
            timings={"problem_key": seconds}, used_fallback=False, tier=TIER,
        )


#: The fields of a served result kept for its replay (all immutable values).
_KEPT = ("text", "outcome", "verification", "task", "matched_entry_id", "similarity", "tokens_saved")


def _same_entry(current: CacheEntry | None, served: CacheEntry) -> bool:
    """Whether the store still holds the entry an answer was served from, as it was then: the same
    object (an in-process store), or the same content (what the answer's checks read)."""
    if current is None:
        return False
    if current is served:
        return True
    try:
        return _content(current) == _content(served)
    except (Unfreezable, RecursionError):
        return False


def _content(entry: CacheEntry) -> Hashable:
    return (
        entry.id, entry.namespace, entry.llm_key, entry.task, entry.prompt, entry.verification,
        entry.prompt_tokens, entry.completion_tokens, freeze(entry.constraints),
        tuple((step.text, step.kind, freeze(step.meta)) for step in entry.steps),
    )


@dataclass(frozen=True)
class _Planned:
    """A plan of this tier that reuses an entry as it is, kept for the same request: the entry as
    it was read, the policy it was planned under, and the plan (never handed out itself)."""

    entry: CacheEntry
    policy: ReusePolicy
    plan: CachePlan


def _copied(plan: CachePlan) -> CachePlan:
    """A plan equal to ``plan`` sharing no list or dict with it (its steps themselves are shared:
    nothing changes a step)."""
    out = copy.copy(plan)
    out.steps, out.provenance = list(plan.steps), list(plan.provenance)
    out.step_evidence, out.errors, out.timings = list(plan.step_evidence), list(plan.errors), dict(plan.timings)
    out.key_parts = dict(plan.key_parts)
    return out


def keeps_plan(plan: CachePlan) -> bool:
    """Whether a plan is one :meth:`ProblemKeyTier.keep_plan` keeps: this tier's reuse of an entry
    as it is (no model, no judge, nothing stored when served)."""
    return (
        plan.tier == TIER and plan.outcome == "reuse" and not plan.needs_model and plan.entry is not None
        and plan.request_key is not None and plan.judge_prompt is None and plan.judge_reply is None
    )


def fresh_plan(plan: CachePlan) -> CachePlan:
    """A "miss" plan of the same request as ``plan`` (what ``planner.prepare`` made of it)."""
    return CachePlan(
        prompt=plan.prompt, namespace=plan.namespace, llm_key=plan.llm_key, handler=plan.handler,
        constraints=plan.constraints, outcome="miss", generation_prompt=plan.prompt, request_key=plan.request_key,
        lookup_keys=plan.lookup_keys, key_parts=dict(plan.key_parts),
    )


def _first_of(plan: CachePlan, entries: list[CacheEntry], kept: CacheEntry) -> bool:
    """Whether the kept entry, unchanged, is the first of the problem's entries that path 2 checks
    (``_closest`` order, of the plan's task and partition): path 2 would reuse it, as planned."""
    for entry in _closest(entries, plan.constraints):
        if entry.task == plan.handler.name and entry.namespace == plan.namespace and entry.llm_key == plan.llm_key:
            return entry.id == kept.id and _same_entry(entry, kept)
    return False


def _repeat_flow(served: _Served, started: float) -> Generator[Request, Any, StepCacheResult | None]:
    current = yield GetEntry(served.entry.id)
    if not _same_entry(current, served.entry):
        return None
    yield RecordHit(served.entry.id)
    return served.replay(time.perf_counter() - started)


class ProblemKeyTier:
    """The tier's state in one ``StepCache``: the map of served answers (path 1: bounded, least
    recently used first out) and the counters of ``stats()["problem_key"]``: answers it served per
    outcome, how many of them were repeats, and requests whose keys were looked up."""

    def __init__(self, maxsize: int = 16384) -> None:
        self.maxsize = maxsize
        self._served: OrderedDict[Hashable, _Served] = OrderedDict()
        self._planned: OrderedDict[Hashable, _Planned] = OrderedDict()
        self._lock = threading.Lock()
        self._counts = self._zero()

    @staticmethod
    def _zero() -> dict[str, Any]:
        return {"outcomes": dict.fromkeys(_SERVED, 0), "repeats": 0, "lookups": 0}

    # ------------------------------------------------------------------ path 1
    @staticmethod
    def request_key(request_key: Hashable | None, namespace: str, llm_key: str) -> Hashable | None:
        """The map's key of a request: its task-selection inputs (``PlanMemo.request_key``: None
        when task selection is not known to be pure), the namespace and the model."""
        return None if request_key is None else (request_key, namespace, llm_key)

    def remember(self, plan: CachePlan, result: StepCacheResult, policy: ReusePolicy) -> None:
        """Keep an answer the cache served (reuse or re-instantiation, its checks passed, no judge's
        word in it) for the same request. A re-instantiation stored as an entry of its own is not
        kept: the same request is a reuse of that entry now (found by its problem key)."""
        key = self.request_key(plan.request_key, plan.namespace, plan.llm_key)
        if (
            key is None or self.maxsize <= 0 or plan.entry is None or result.outcome not in _SERVED
            or not result.checks_passed or plan.judge_reply is not None or plan.judge_prompt is not None
            or result.stored_entry_id is not None
        ):
            return
        served = _Served.of(plan.entry, policy, result)
        with self._lock:
            self._served[key] = served
            self._served.move_to_end(key)
            while len(self._served) > self.maxsize:
                self._served.popitem(last=False)

    def served(self, key: Hashable | None, policy: ReusePolicy) -> _Served | None:
        """The answer kept for this request under this policy (the policy object it was planned
        under: a changed setting is a new policy), or None."""
        if key is None:
            return None
        with self._lock:
            found = self._served.get(key)
            if found is None:
                return None
            self._served.move_to_end(key)
        return found if found.policy is policy else None

    def repeat_flow(self, key: Hashable, served: _Served, started: float) -> Generator[Request, Any, Any]:
        """Serve a kept answer again if its entry stands unchanged in the store; else forget it
        (None: the request takes the other paths)."""
        result = yield from _repeat_flow(served, started)
        if result is None:
            with self._lock:
                if self._served.get(key) is served:
                    del self._served[key]
        return result

    # ------------------------------------------------------------------ path 1 for lookup
    def keep_plan(self, plan: CachePlan, policy: ReusePolicy) -> None:
        """Keep a plan :func:`keeps_plan` accepts for the same request (bounded, least recently
        used first out)."""
        key = self.request_key(plan.request_key, plan.namespace, plan.llm_key)
        if key is None or self.maxsize <= 0 or not keeps_plan(plan):
            return
        assert plan.entry is not None  # keeps_plan
        planned = _Planned(plan.entry, policy, _copied(plan))
        with self._lock:
            self._planned[key] = planned
            self._planned.move_to_end(key)
            while len(self._planned) > self.maxsize:
                self._planned.popitem(last=False)

    def planned_flow(self, key: Hashable | None, policy: ReusePolicy, started: float) -> Generator[Request, Any, Any] | None:
        """The lookup of a request whose plan is kept (under this policy object): the problem's
        entries read as path 2 reads them, and a copy of the plan if the first it would check is
        the kept entry, unchanged (path 2 would reuse it: its checks are pure functions of the
        request and the entry); else None (and the plan forgotten). None when no plan is kept."""
        if key is None:
            return None
        with self._lock:
            found = self._planned.get(key)
            if found is None:
                return None
            self._planned.move_to_end(key)
        return None if found.policy is not policy else self._planned_flow(key, found, _copied(found.plan), started)

    def _planned_flow(self, key: Hashable, planned: _Planned, plan: CachePlan, started: float) -> Generator[
            Request, Any, CachePlan | None]:
        # ``plan`` by that name: the telemetry of the lookup reads its task and namespace
        problem = plan_lookup_key(plan, 0)  # computed when the plan was made (keyed_lookup)
        t0 = time.perf_counter()
        entries = [] if problem is None else (yield FindKeyed(problem, plan.namespace, plan.llm_key, _FETCHED))
        t1 = time.perf_counter()
        if _first_of(plan, list(entries or ()), planned.entry):
            plan.timings = {"validate": t0 - started, "problem_key": t1 - t0, "verify": time.perf_counter() - t1,
                            "reinstantiate": 0.0}
            return plan
        with self._lock:
            if self._planned.get(key) is planned:
                del self._planned[key]
        return None

    # ------------------------------------------------------------------ counters
    def count(self, result: StepCacheResult, *, repeat: bool = False) -> None:
        """Count an answer this tier served."""
        with self._lock:
            outcomes = self._counts["outcomes"]
            outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
            self._counts["repeats"] += int(repeat)

    def looked(self) -> None:
        """Count a request whose keys were looked up (served or not)."""
        with self._lock:
            self._counts["lookups"] += 1

    def snapshot(self) -> dict[str, Any]:
        """Answers served per outcome, how many of them were repeats (path 1), lookups tried."""
        with self._lock:
            return {**self._counts, "outcomes": dict(self._counts["outcomes"])}

    def reset(self) -> None:
        """Zero the counters (the map of served answers is kept)."""
        with self._lock:
            self._counts = self._zero()
