"""``StepCache``: segment -> retrieve -> verify -> reuse / re-instantiate / patch -> repair -> store.

The facade over the engine's parts: the pure planner (``planner``, ``types.ReusePolicy``), the
sans-I/O flows (``pipeline``) and their two drivers (:func:`drive`, :func:`adrive`, below: one
fulfils a flow's requests with sync calls, the other with async calls), the store guard
(:class:`StoreGuard`, below) and the counters (``types.CacheStats``). Each public method here
prepares a plan or a flow and hands it to a driver; its async twin hands the same flow to the other.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Awaitable, Callable, Generator, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from ..errors import InvalidPromptError, StepCacheError, StoreError, VerificationError
from .embed import Embedder, as_embedder
from .exact_tier import ExactTier
from .judge import apply_verdict, judge_prompt
from .llm import acall_llm, call_llm, coerce_response
from .planner import PLANS, CachePlan
from .planner import WIDE_K, ReusePolicy, adopt, choose, look_wider, prepare, unit_evidence, validate_prompt
from .problem_key_tier import TIER, ProblemKeyTier, fresh_plan, keyed_lookup, plan_ahead, plan_lookup_keys
from .problem_keys import with_lookup_keys
from .planner import PROOFS, presents
from .repair_ledger import RepairLedger, repair_loop
from .flights import Flights
from .pending import Held, PendingEntries
from .requests import (
    AddEntry, AskJudge, AskModel, EmbedPrompt, FindKeyed, GetEntry, HoldEntry, RecordHit, Request, SearchStore,
)
from .store_port import StoreArg, StorePort, resolve_store
from .tasks import Assembly, TaskHandler, TaskRegistry
from .tasks.prompt_diff import canonical_prompt  # the retrieval form: near-identical prompts embed equally
from .telemetry import OPERATION, Telemetry, as_telemetry, traced_driver, traced_request
from .types import (
    CacheEntry,
    CacheStats,
    LLMResponse,
    Outcome,
    Provenance,
    Step,
    StepCacheResult,
    StepRecord,
    VerificationLevel,
    fits,
    otel_records,
)

__all__ = [
    "StepCache",
    "CachePlan",
    "StoreReport",
    "adrive",
    "drive",
    "Services",
    "StoreBreaker",
    "StoreGuard",
    "Flow",
    "complete_flow",
    "declined_outcome",
    "lookup_flow",
    "serve_flow",
    "store_answer_flow",
    "store_checked_flow",
]


# ---- The sans-I/O flows of the engine: lookup, serve, complete and store.

Flow = Generator[Request, Any, Any]

MODEL_CHECKED = "model output checked"
MODEL_UNCHECKED = "model output, no checker for it"
MODEL_UNVERIFIED = "model output, failed verification"
DETERMINISTIC = "deterministic fallback"


def lookup_flow(plan: CachePlan, policy: ReusePolicy, *, judged: bool, keyed: bool = False) -> Flow:
    """``keyed``: first the problem-key tier (``problem_key_tier.keyed_lookup``: dictionary lookups,
    no embedding); then, unless it served, embed, search, plan; with a judge, ask it about a text
    answer verification could not prove."""
    if keyed and (yield from keyed_lookup(plan, policy)):
        return plan
    t0 = time.perf_counter()
    plan.vector = yield EmbedPrompt(canonical_prompt(plan.prompt))
    t1 = time.perf_counter()
    hits = yield SearchStore(plan.vector, plan.namespace, plan.llm_key, policy.top_k)
    plan.timings.update(embed=t1 - t0, search=time.perf_counter() - t1)
    choice = choose(plan, hits, policy)
    if look_wider(choice, hits, policy.top_k):
        t2 = time.perf_counter()
        wider = yield SearchStore(plan.vector, plan.namespace, plan.llm_key, WIDE_K)
        plan.timings["search"] += time.perf_counter() - t2
        choice = choose(plan, wider, policy, choice)
    adopt(plan, choice)
    plan.judge_prompt = judge_prompt(plan) if judged else None
    if plan.judge_prompt is not None:
        t2 = time.perf_counter()
        apply_verdict(plan, (yield AskJudge(plan.judge_prompt)))
        plan.timings["judge"] = time.perf_counter() - t2
    return plan


def serve_flow(plan: CachePlan, *, store_derived: bool, defer: bool = False) -> Flow:
    """Answer a plan that needs no model: record the hit, store a re-instantiated answer (``defer``:
    held for the problem-key tier at once, embedded and written later: ``core.pending``)."""
    if plan.needs_model or plan.entry is None:
        raise StepCacheError("this plan needs a model call; use StepCache.complete or finalize")
    judge = _JudgeCost.of(plan)
    level = _served_level(plan)
    result = StepCacheResult(
        text=plan.cached_text,
        outcome=plan.outcome,
        verification=level,
        checks_passed=True,
        task=plan.task,
        steps=[
            StepRecord(
                index=i,
                text=step.text,
                provenance=_at(plan.provenance, i, "regenerated"),
                evidence=_at(plan.step_evidence, i, None),
            )
            for i, step in enumerate(plan.steps)
        ],
        matched_entry_id=plan.entry.id,
        similarity=plan.similarity,
        judge_calls=judge.calls,
        prompt_tokens=judge.prompt_tokens,
        completion_tokens=judge.completion_tokens,
        tokens_saved=max(0, plan.entry.prompt_tokens + plan.entry.completion_tokens - judge.tokens),
        timings=dict(plan.timings),
        tier=plan.tier,
    )
    yield RecordHit(plan.entry.id)
    if plan.outcome == "reinstantiate" and store_derived:
        t0 = time.perf_counter()
        if defer:  # the tier finds it at once; its embedding and store write wait (core.pending)
            derived = _derived(plan, level)
            result.stored_entry_id = yield HoldEntry(derived, canonical_prompt(plan.prompt), plan.vector)
            result.timings["store"] = time.perf_counter() - t0
            return result
        # A plan of the problem-key tier found its entry without embedding the prompt: it is
        # embedded now, for the store's vector index (an embedder failure skips the write only).
        vector = plan.vector
        if vector is None:
            vector = yield EmbedPrompt(canonical_prompt(plan.prompt), optional=True)
        if vector is not None:
            result.stored_entry_id = yield AddEntry(_derived(plan, level), vector)
        result.timings["store"] = time.perf_counter() - t0
    return result


def _derived(plan: CachePlan, level: VerificationLevel) -> CacheEntry:
    """The entry of a re-instantiated answer (``serve_flow``), derived from the plan's entry."""
    assert plan.entry is not None
    return _entry(
        plan,
        plan.handler.segment(plan.cached_text, plan.constraints),
        plan.entry.prompt_tokens,
        plan.entry.completion_tokens,
        {"outcome": "reinstantiate", "derived_from": plan.entry.id, "verification": level},
    )


def complete_flow(
    plan: CachePlan,
    given: LLMResponse | None,
    *,
    max_repairs: int | None,
    metadata: dict[str, Any] | None = None,
    rejected: list[str] | tuple[str, ...] = (),
    ledger: RepairLedger | None = None,
    length_limit: int | None = None,
    failed: list[str] | tuple[str, ...] = (),
    regenerate: bool = True,
) -> Flow:
    """Generate (unless ``given``), assemble, check, repair, fall back, store if it passed its checks.

    ``max_repairs``: an int is the bounded repair loop (then the fallback); None is auto: the
    task's deterministic fallback first, then repair calls only where ``ledger`` shows they pay
    (``RepairLedger.budget``; none without a ledger). Every repair is recorded in ``ledger``.
    ``rejected``: what is wrong with the given answer beyond its text (a tool request answered in
    prose): it fails, neither repaired nor replaced by the fallback (no text takes the shape asked). ``failed``: what is wrong with it that
    the fallback may still answer (cut off at ``length_limit``, the request's ``max_tokens``, which
    a fallback answer must fit: ``core.types.fits``). ``regenerate``: a patch whose assembled answer
    still fails its checks is replaced by the model's answer to the whole request (:func:`whole_request_flow`);
    False where the model at hand is not the request's own (the global cache's ``patch_model``)."""
    if plan.generation_prompt is None:
        raise StepCacheError("this plan needs no model call; use StepCache.serve(plan)")
    attempt = _Completion(plan, dict(plan.timings), list(rejected), length_limit, list(failed))
    t0 = time.perf_counter()
    response = given if given is not None else (yield AskModel("generate", plan.generation_prompt))
    attempt.timings["generate"] = time.perf_counter() - t0
    attempt.start(response)
    if max_repairs is None:  # auto: the deterministic fallback instead of a repair call
        attempt.fall_back()
    yield from repair_loop(attempt, max_repairs, ledger)
    attempt.fall_back()
    if regenerate and plan.outcome == "patch" and attempt.errors and not attempt.rejected:
        whole = yield from whole_request_flow(plan, attempt, max_repairs=max_repairs, metadata=metadata, ledger=ledger,
                                              length_limit=length_limit)
        if whole is not None:
            return whole
    result = attempt.result()
    if result.checks_passed:
        t0 = time.perf_counter()
        vector = plan.vector if plan.vector is not None else (yield EmbedPrompt(canonical_prompt(plan.prompt)))
        entry = attempt.entry(metadata, result.verification)
        seed_proof(plan, entry.steps, result.verification)
        result.stored_entry_id = yield AddEntry(entry, vector)
        result.timings["store"] = time.perf_counter() - t0
    return result


def whole_request_flow(
    plan: CachePlan,
    spent: _Completion,
    *,
    max_repairs: int | None,
    metadata: dict[str, Any] | None,
    ledger: RepairLedger | None,
    length_limit: int | None,
) -> Flow:
    """The model's answer to the whole request, after the answer a patch assembled failed its checks:
    a cache-made answer that failed is never served (without the cache the model would have answered
    the request itself). Checked, repaired, stored as a miss; the result counts the patch's calls too.
    None when no model is at hand (``StepCache.finalize`` without ``llm``): the failed patch stands."""
    reply = yield AskModel("whole", plan.prompt)
    if reply is None:
        return None
    whole = replace(plan, outcome="skip_reuse", generation_prompt=plan.prompt, prefix_text="", steps=[], provenance=[],
                    verification=None, step_evidence=[], errors=[], judge_prompt=None, judge_reply=None)
    result: StepCacheResult = yield from complete_flow(whole, reply, max_repairs=max_repairs, metadata=metadata,
                                                       ledger=ledger, length_limit=length_limit, regenerate=False)
    result.model_calls += spent.model_calls
    result.repair_calls += spent.repair_calls
    result.judge_calls += spent.judge_calls
    result.prompt_tokens += spent.prompt_tokens
    result.completion_tokens += spent.completion_tokens
    return result


def store_answer_flow(
    plan: CachePlan, answer: Any, prompt_tokens: int, completion_tokens: int, metadata: dict[str, Any] | None
) -> Flow:
    """Check an answer produced elsewhere and store it, marked with its verification level, if it
    passes; returns its id or None."""
    report = yield from store_checked_flow(plan, answer, prompt_tokens, completion_tokens, metadata)
    return report.entry_id


@dataclass
class StoreReport:
    """What storing an answer produced elsewhere did, as data: the entry id (None: not stored),
    the request's record (``result``: the plan's outcome for a request the model answered whole,
    the level, the checks' errors, the tokens) and why it was not stored (:attr:`reason`)."""

    entry_id: str | None
    result: StepCacheResult

    @property
    def errors(self) -> list[str]:
        """Why the answer failed its checks (empty when it passed them)."""
        return self.result.errors

    @property
    def reason(self) -> str:
        """Why the answer was not stored ("" when it was)."""
        if self.entry_id is not None:
            return ""
        return "failed verification" if self.errors else "store write failed or skipped"


def store_checked_flow(
    plan: CachePlan,
    answer: Any,
    prompt_tokens: int,
    completion_tokens: int,
    metadata: dict[str, Any] | None,
    rejected: list[str] | tuple[str, ...] = (),
) -> Flow:
    """:func:`store_answer_flow` returning a :class:`StoreReport`. The answer is segmented and checked
    once; a plan that carries its prompt's vector (from ``lookup_flow``) is not embedded again.
    ``rejected``: what the caller found wrong with the answer beyond its text (e.g. a tool request
    answered without a tool call): such an answer fails, whatever its text."""
    if not isinstance(answer, str):
        raise InvalidPromptError(f"answer must be a str, got {type(answer).__name__}")
    steps, errors, level = answer_judged(plan, answer)
    errors = list(rejected) + errors
    if errors:
        level = "unchecked"
    else:
        seed_proof(plan, steps, level)
    # The record is of the answer as written: prose, a second object or a stray brace around what the checks
    # read is not judged (red team 28, K7); the entry holds the checked steps alone, at their level.
    alone = stands_for(plan.handler, answer, "".join(step.text for step in steps), level, plan.constraints)
    shown: VerificationLevel = level if alone else "unchecked"
    result = _answered_elsewhere(plan, answer, steps, shown, errors, prompt_tokens, completion_tokens)
    if errors:
        return StoreReport(None, result)  # never store an answer that fails its checks
    vector = plan.vector if plan.vector is not None else (yield EmbedPrompt(canonical_prompt(plan.prompt)))
    entry_metadata = {**(metadata or {}), "verification": level}  # the engine's level, never the caller's
    entry_id = yield AddEntry(_entry(plan, steps, prompt_tokens, completion_tokens, entry_metadata), vector)
    result.stored_entry_id = entry_id
    return StoreReport(entry_id, result)


def answer_judged(plan: CachePlan, answer: str) -> tuple[list[Step], list[str], VerificationLevel]:
    """An answer to ``plan``'s prompt produced elsewhere: its steps, the errors its checks find and its
    level ("unchecked" when they find any). The one judgement of a stored answer and of an earlier
    assistant turn (``adapters.turns``)."""
    steps = plan.handler.segment(answer, plan.constraints)
    errors = PROOFS.answer_errors(plan.handler, steps, plan.constraints)
    level: VerificationLevel = "unchecked" if errors else plan.handler.verification_level(steps, plan.constraints, None)
    return steps, errors, level


def stands_for(handler: Any, output: str, steps_text: str, level: VerificationLevel, constraints: Any) -> bool:
    """Whether a model's whole ``output`` may stand for its checked steps (``steps_text``) at ``level``: nothing
    is vouched for ("unchecked"), the output is exactly its steps, or the task finds nothing in it beyond what
    its checks read (``answer_alone``): prose, a second object or a stray brace around a proven JSON object is
    the model's, not proven (red team 28, K7). The one rule of the record, the returned output and the
    restored output; a task without ``answer_alone`` vouches only for an output that is its steps."""
    if level == "unchecked" or output == steps_text:
        return True
    alone = getattr(handler, "answer_alone", None)
    return alone is not None and bool(alone(output, constraints))


def seed_proof(plan: CachePlan, steps: list[Step], level: VerificationLevel) -> None:
    """Check a stored answer as a cached entry against its own prompt (``PROOFS``): the first
    request that poses the same problem meets these proofs instead of parsing the steps again."""
    PROOFS.verify(plan.handler, steps, plan.constraints, plan.constraints)
    PROOFS.answer_errors(plan.handler, steps, plan.constraints)
    if presents(plan.handler):  # served in the form the prompt asks for
        steps = plan.handler.present(steps, plan.constraints)
    PROOFS.level(plan.handler, steps, plan.constraints, plan.constraints, level)


def declined_outcome(plan: CachePlan) -> Outcome:
    """The outcome of a request whose lookup was declined and that the model answered whole:
    "miss" without a candidate, else "skip_reuse" (a candidate was found and not used)."""
    return "miss" if plan.entry is None else "skip_reuse"


def _answered_elsewhere(
    plan: CachePlan,
    answer: str,
    steps: list[Step],
    level: VerificationLevel,
    errors: list[str],
    prompt_tokens: int,
    completion_tokens: int,
) -> StepCacheResult:
    return StepCacheResult(
        text=answer,
        outcome=declined_outcome(plan),
        verification=level,
        checks_passed=not errors,
        task=plan.task,
        steps=_records(steps, ["regenerated"] * len(steps), [], not errors, level),
        matched_entry_id=plan.entry.id if plan.entry else None,
        similarity=plan.similarity,
        model_calls=1,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        errors=errors,
        timings=dict(plan.timings),
    )


def _served_level(plan: CachePlan) -> VerificationLevel:
    """The level of a cache-only answer: what its task proves of the served steps for this prompt,
    a part that holds only because the prompt is unchanged counting as its entry was stored;
    "unchecked" when the judge (a model's word, not a check) approved the reuse."""
    if plan.judge_reply is not None or plan.entry is None:
        return "unchecked"
    entry, cached = plan.entry, plan.entry_constraints
    if cached is None or not cached.holds(entry.constraints):  # frozen (and read) by the planner, or now
        cached = entry.constraints
    # a rewrite's level, against the entry it was rewritten from, is met again by no later request
    # (planner._try_reinstantiate): not kept by digest, checked in full as any other
    carried = plan.carried  # the checks carried from the entry's own problem: its level too (planner._entry_checks)
    return PROOFS.level(plan.handler, plan.steps, plan.constraints if carried is None else carried, cached,
                        entry.verification, kept=plan.outcome != "reinstantiate")


@dataclass
class _JudgeCost:
    """What the judge of a plan cost (nothing when it was not asked)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @classmethod
    def of(cls, plan: CachePlan) -> _JudgeCost:
        reply = plan.judge_reply
        return cls(1, reply.prompt_tokens, reply.completion_tokens) if reply is not None else cls()

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class _Completion:
    """The state of one ``complete_flow``: the answer so far, its errors and its cost."""

    def __init__(self, plan: CachePlan, timings: dict[str, float], rejected: list[str],
                 length_limit: int | None = None, failed: list[str] | None = None) -> None:
        self.plan, self.timings, self.rejected, self.length_limit = plan, timings, rejected, length_limit
        self.failed = failed or []  # the given answer's failures beyond its text (a repair's are its own)
        self.handler: TaskHandler = plan.handler
        judge = _JudgeCost.of(plan)
        self.judge_calls = judge.calls
        self.prompt_tokens, self.completion_tokens = judge.prompt_tokens, judge.completion_tokens
        self.model_calls = self.repair_calls = 0
        self.answer = Assembly([], [])
        self.errors: list[str] = []
        self.used_fallback = self.fallback_tried = False
        # A patch must not bring back a value of the old prompt in the regenerated part.
        self.cached = plan.entry.constraints if plan.outcome == "patch" and plan.entry else None

    def spend(self, response: LLMResponse) -> None:
        self.model_calls += 1
        self.prompt_tokens += response.prompt_tokens
        self.completion_tokens += response.completion_tokens

    def start(self, response: LLMResponse) -> None:
        self.spend(response)
        plan = self.plan
        if plan.outcome == "patch" and plan.verification is not None:
            self.answer = self.handler.assemble(
                plan.steps, plan.verification, response.text, plan.constraints, plan.provenance
            )
        else:
            self.answer = self.handler.fresh(response.text, plan.constraints)
        self._check(response)
        self.failed = []

    def repair(self, reply: LLMResponse) -> None:
        self.repair_calls += 1
        self.spend(reply)
        self.answer = self.handler.apply_repair(self.answer, reply.text, self.plan.constraints)
        self._check(reply)

    def _check(self, response: LLMResponse) -> None:
        # An empty reply must fail even where the kept part alone would pass the checks (a patch
        # whose regenerated suffix is empty would otherwise be served as a complete answer).
        blank = [] if response.text.strip() else ["the model returned an empty answer"]
        steps, constraints = self.answer.steps, self.plan.constraints
        final = self.handler.check_answer(steps, constraints)
        if not final and self.cached is not None:
            final = self.handler.verify(steps, constraints, self.cached).reasons()
        self.errors = self.rejected + self.failed + blank + self.answer.errors + final

    def fall_back(self) -> None:
        if not self.errors or self.rejected or self.fallback_tried:  # it depends on the prompt only
            return
        if self.plan.outcome in ("miss", "skip_reuse") and self.handler.keeps_model_answer(self.answer.steps, self.plan.constraints):
            return  # the model's whole answer reads the prompt another way: kept as the model's, unchecked (W29)
        self.fallback_tried = True
        t0 = time.perf_counter()
        fallback = self.handler.fallback(self.plan.constraints)
        if fallback is not None and fits(fallback, self.length_limit):  # the request's max_tokens holds for it too
            steps = self.handler.segment(fallback, self.plan.constraints)
            if not self.handler.check_answer(steps, self.plan.constraints):
                self.answer = Assembly(steps, ["fallback"] * len(steps))
                self.errors, self.used_fallback = [], True
        self.timings["fallback"] = time.perf_counter() - t0

    def level(self) -> VerificationLevel:
        """What the task's checks establish about the answer (which passed them)."""
        plan = self.plan
        if plan.outcome == "patch" and plan.entry is not None and not self.used_fallback:
            # kept parts of the cached entry: what the task proves of them anew, else as stored
            return self.handler.verification_level(
                self.answer.steps, plan.constraints, plan.entry.constraints, plan.entry.verification
            )
        return self.handler.verification_level(self.answer.steps, plan.constraints, None)

    def result(self) -> StepCacheResult:
        plan, checks_passed = self.plan, not self.errors
        level: VerificationLevel = self.level() if checks_passed else "unchecked"
        spent = self.prompt_tokens + self.completion_tokens
        baseline = (plan.entry.prompt_tokens + plan.entry.completion_tokens) if plan.entry else 0
        kept = unit_evidence(plan.steps, plan.verification) if plan.outcome == "patch" else []
        return StepCacheResult(
            text=self.answer.text,
            outcome=plan.outcome,
            verification=level,
            checks_passed=checks_passed,
            task=self.handler.name,
            steps=_records(self.answer.steps, self.answer.provenance, kept, checks_passed, level),
            matched_entry_id=plan.entry.id if plan.entry else None,
            similarity=plan.similarity,
            model_calls=self.model_calls,
            repair_calls=self.repair_calls,
            judge_calls=self.judge_calls,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            tokens_saved=max(0, baseline - spent) if plan.outcome == "patch" else 0,
            errors=self.errors,
            timings=self.timings,
            used_fallback=self.used_fallback,
        )

    def entry(self, metadata: dict[str, Any] | None, level: VerificationLevel) -> CacheEntry:
        plan = self.plan
        return _entry(
            plan,
            self.handler.segment(self.answer.text, plan.constraints),
            plan.entry.prompt_tokens if plan.entry else self.prompt_tokens,
            plan.entry.completion_tokens if plan.entry else self.completion_tokens,
            {
                **(metadata or {}),
                "outcome": plan.outcome,
                "provenance": list(self.answer.provenance),
                "verification": level,
            },
        )


def _entry(
    plan: CachePlan, steps: list[Step], prompt_tokens: int, completion_tokens: int, metadata: dict[str, Any]
) -> CacheEntry:
    """The entry of an answer to the plan's prompt, indexed by the prompt's problem, shape and family keys
    (``core.problem_keys``: the store's dictionaries of the problem-key tier)."""
    metadata = with_lookup_keys(metadata, (key for key in plan_lookup_keys(plan) if key))
    return CacheEntry(
        namespace=plan.namespace,
        llm_key=plan.llm_key,
        prompt=plan.prompt,
        task=plan.task,
        constraints=plan.constraints,
        steps=steps,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        metadata=metadata,
    )


def _records(
    steps: list[Step],
    provenance: list[Provenance],
    kept_evidence: list[str | None],
    checks_passed: bool,
    level: VerificationLevel,
) -> list[StepRecord]:
    model = MODEL_UNVERIFIED if not checks_passed else MODEL_UNCHECKED if level == "unchecked" else MODEL_CHECKED
    records = []
    for i, step in enumerate(steps):
        source: Provenance = _at(provenance, i, "regenerated")
        if source == "fallback":
            evidence: str | None = DETERMINISTIC
        elif source in ("reused", "reinstantiated"):
            evidence = _at(kept_evidence, i, None)
        else:
            evidence = model
        records.append(StepRecord(index=i, text=step.text, provenance=source, evidence=evidence))
    return records


def _at(items: list[Any], i: int, default: Any) -> Any:
    return items[i] if i < len(items) else default



class _PolicySetting:
    """A ``StepCache`` attribute kept in its frozen ``policy`` (setting it swaps the policy)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, cache: StepCache | None, owner: type | None = None) -> Any:
        return self if cache is None else getattr(cache.policy, self.name)

    def __set__(self, cache: StepCache, value: Any) -> None:
        cache.policy = cache.policy.replace(**{self.name: value})


class StepCache:
    """Step-level, verified LLM response cache (arXiv 2603.28795, extended).

    Args:
        store: where trusted entries live: a store object, a store URL or a file path
            (opened with ``open_store``); None: ``$STEPCACHE_STORE`` if set, else in memory.
        embedder: prompt embedder; the deterministic ``HashingEmbedder`` by default, or a
            LangChain ``Embeddings``, a LlamaIndex ``BaseEmbedding``, or a callable.
        policy: the reuse policy (``ReusePolicy``); the four arguments below override it.
        similarity_threshold: minimum cosine similarity for a cached prompt to be considered;
            None uses each task's own (linear equations 0.4, JSON 0.55, text 0.7): the more
            exact a task's verifier, the further away a candidate can safely be tried.
        top_k: candidates verified per lookup (the best plan wins).
        max_regen_share: above this share of steps to regenerate, reuse is skipped.
        reinstantiate: rewrite cached steps for changed slot values before calling the model.
        max_repairs: repair calls (the model asked again, synchronously, with the failed answer and
            its errors) after a generation fails its checks. None (the default) is "auto": the
            task's deterministic fallback first (linear equations: sympy; JSON: the stated values,
            where the prompt states them all), then a repair call only where the repair ledger
            (``repair_ledger``, in ``stats()["repairs"]``) shows that repairs pay for this task and
            ``llm_key`` (at least ``MIN_TRIED`` = 8 tried, at least ``PAYS_AT`` = half of them made the
            answer pass; then one per request), else the model's answer is returned as it is, failed
            (``checks_passed=False``, level "unchecked", never stored). A cold ledger makes no repair
            call and auto mode never explores: it learns from explicit repairs and from a ledger
            passed in. An int N is the paper's bounded loop: up to N repair calls, then the fallback;
            each costs a full model call on the request's critical path (on the hard benchmark
            workload, 13 repairs cost 153 s of 434 s and made 1 answer right; BENCHMARKS.md).
        repair_ledger: the ``RepairLedger`` the repairs are counted in (shared between caches, or
            ``RepairLedger.from_snapshot(...)`` of one measured elsewhere); None: a new, cold one.
        strict: raise ``VerificationError`` instead of returning an answer that failed its checks
            (an answer no checker can judge, e.g. fresh free text, passes: it is "unchecked").
        fail_open: when the store fails, answer through the model instead of raising.
        store_retry_after: with ``fail_open``, seconds to stop calling a store after it
            failed (doubling per consecutive failure, up to 60 s; reads and writes apart)
            instead of paying its timeout on every request; 0 calls it every time.
        store_derived: store re-instantiated answers as entries of their own (one the problem-key
            tier found without embedding its prompt is embedded then, for the store's vector index;
            an embedder failure skips only that write).
        tasks: the task registry (add your own task types to it).
        max_prompt_chars: larger prompts are rejected with ``InvalidPromptError``.
        judge: optional model (same forms as ``llm``) asked whether a cached text answer also
            answers a reworded prompt that verification could not prove equivalent; its
            calls and tokens are counted, its verdict is in the steps' evidence.
        telemetry: OpenTelemetry spans and metrics (docs/telemetry.md): None uses the global providers
            (a no-op without opentelemetry or a configured SDK), False turns it off, or a ``Telemetry``.
        problem_keys: the problem-key tier (``core.problem_key_tier``) before the semantic path: a
            repeated request, a prompt posing a cached problem, and one with other constants in a
            cached problem's shape are found by dictionary lookups, without embedding or vector
            search, and served only when the same checks pass; False: the semantic path only. A
            similarity threshold set above a task's own leaves that task to the semantic path.
        defer_derived: with the problem-key tier on, a derived entry (``store_derived``) is held
            for the tier at once and embedded and written to the store later (``core.pending``):
            before a semantic search of its namespace and model, when more than this many are held,
            and on :meth:`flush` / :meth:`close` (and their async twins); :meth:`clear` drops held
            entries. 0: embedded and written on the request that derived it.
    """

    def __init__(
        self,
        *,
        store: StoreArg = None,
        embedder: Any = None,
        policy: ReusePolicy | None = None,
        similarity_threshold: float | None = None,
        top_k: int | None = None,
        max_regen_share: float | None = None,
        reinstantiate: bool | None = None,
        max_repairs: int | None = None,
        repair_ledger: RepairLedger | None = None,
        strict: bool = False,
        fail_open: bool = False,
        store_retry_after: float = 5.0,
        store_derived: bool = True,
        tasks: TaskRegistry | None = None,
        max_prompt_chars: int = 2_000_000,
        judge: Any = None,
        telemetry: Telemetry | bool | None = None,
        problem_keys: bool = True,
        defer_derived: int = 64,
    ) -> None:
        overrides = {
            "similarity_threshold": similarity_threshold,
            "top_k": top_k,
            "max_regen_share": max_regen_share,
            "reinstantiate": reinstantiate,
        }
        base = policy if policy is not None else ReusePolicy()
        self.policy = base.replace(**{k: v for k, v in overrides.items() if v is not None})
        if max_repairs is not None and max_repairs < 0:
            raise ValueError("max_repairs must be >= 0 (or None: auto)")
        self._stats = CacheStats()
        self._guard = StoreGuard(fail_open=fail_open, retry_after=store_retry_after, stats=self._stats)
        self.store: StorePort = resolve_store(store)
        self.embedder: Embedder = as_embedder(embedder)
        self.max_repairs = max_repairs
        self.repair_ledger = repair_ledger if repair_ledger is not None else RepairLedger()
        self.strict = strict
        self.store_derived = store_derived
        self.tasks = tasks if tasks is not None else TaskRegistry()
        self.max_prompt_chars = max_prompt_chars
        self.judge = judge
        self.telemetry = as_telemetry(telemetry)
        self.exact = ExactTier(self)
        """The exact tier: the same identity and request answered by one store read (``exact_tier``)."""
        self.problem_keys = bool(problem_keys)
        self.problem_key_tier = ProblemKeyTier()
        """The problem-key tier's map of served answers and its counters (``problem_key_tier``)."""
        self._pending = PendingEntries(defer_derived)
        self.flights = Flights()
        """Identical adapter requests in flight at once: one leads, the others wait and look up (``flights``)."""

    # ------------------------------------------------------------------ settings
    similarity_threshold = _PolicySetting()
    top_k = _PolicySetting()
    max_regen_share = _PolicySetting()
    reinstantiate = _PolicySetting()

    @property
    def fail_open(self) -> bool:
        """Whether a failing store is answered around instead of raising ``StoreError``."""
        return self._guard.fail_open

    @fail_open.setter
    def fail_open(self, value: bool) -> None:
        self._guard.fail_open = value

    def threshold_for(self, handler: TaskHandler) -> float:
        """The similarity a cached prompt needs to be tried for this task."""
        return self.policy.threshold_for(handler)

    # ------------------------------------------------------------------ answering
    def generate(
        self,
        prompt: str,
        llm: Any,
        *,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        namespace: str = "default",
        llm_key: str = "default",
    ) -> StepCacheResult:
        """Answer ``prompt``, reusing verified cached steps and calling ``llm`` only as needed."""
        repeat = self._repeat(prompt, task, schema, namespace, llm_key)
        if repeat is not None:
            found = drive(repeat, self._services())
            if found is not None:
                return self._recorded(found, repeat=True)
        plan = self.lookup(prompt, task=task, schema=schema, namespace=namespace, llm_key=llm_key)
        return self.complete(plan, llm)

    async def agenerate(
        self,
        prompt: str,
        llm: Any,
        *,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        namespace: str = "default",
        llm_key: str = "default",
    ) -> StepCacheResult:
        """Async twin of :meth:`generate`."""
        repeat = self._repeat(prompt, task, schema, namespace, llm_key)
        if repeat is not None:
            found = await adrive(repeat, self._services())
            if found is not None:
                return self._recorded(found, repeat=True)
        plan = await self.alookup(prompt, task=task, schema=schema, namespace=namespace, llm_key=llm_key)
        return await self.acomplete(plan, llm)

    def lookup(
        self,
        prompt: str,
        *,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        namespace: str = "default",
        llm_key: str = "default",
    ) -> CachePlan:
        """Retrieve and verify cached steps; decide reuse / re-instantiate / patch / skip / miss."""
        kept = self._kept_plan(prompt, task, schema, namespace, llm_key)
        if kept is not None:
            plan = drive(kept, self._services())
            if plan is not None:
                return self._looked(plan, keep=False)
        plan = self._prepare(prompt, task, schema, namespace, llm_key)
        return self._looked(drive(self._lookup_flow(plan), self._services()))

    async def alookup(
        self,
        prompt: str,
        *,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        namespace: str = "default",
        llm_key: str = "default",
    ) -> CachePlan:
        """Async twin of :meth:`lookup`."""
        kept = self._kept_plan(prompt, task, schema, namespace, llm_key)
        if kept is not None:
            plan = await adrive(kept, self._services())
            if plan is not None:
                return self._looked(plan, keep=False)
        plan = self._prepare(prompt, task, schema, namespace, llm_key)
        return self._looked(await adrive(self._lookup_flow(plan), self._services()))

    def served_level(self, plan: CachePlan) -> VerificationLevel:
        """The verification level :meth:`serve` would give the cache-only answer of ``plan`` (no side effect)."""
        return _served_level(plan)

    def serves_proven(self, plan: CachePlan) -> bool:
        """Whether the cache answers ``plan`` alone with an answer proven for its prompt (:meth:`serve` would
        give it the level ``"proven"``): what an entry of other sampling options may serve (``adapters.flow``)."""
        return not plan.needs_model and _served_level(plan) == "proven"

    def serve(self, plan: CachePlan) -> StepCacheResult:
        """The answer of a plan that needs no model call; records the hit."""
        result = drive(serve_flow(plan, store_derived=self.store_derived, defer=self._defers()), self._services())
        return self._recorded(self._remembered(plan, result))

    async def aserve(self, plan: CachePlan) -> StepCacheResult:
        """Async twin of :meth:`serve`."""
        result = await adrive(serve_flow(plan, store_derived=self.store_derived, defer=self._defers()),
                              self._services())
        return self._recorded(self._remembered(plan, result))

    def complete(self, plan: CachePlan, llm: Any, *, metadata: dict[str, Any] | None = None) -> StepCacheResult:
        """Carry out a plan: call the model where needed, verify, repair, fall back, store.

        ``metadata`` is kept in the stored entry's metadata (e.g. an adapter's full message).
        """
        if not plan.needs_model:
            return self.serve(plan)
        flow = self._complete(plan, None, metadata)
        return self._recorded(drive(flow, self._services(llm)))

    async def acomplete(
        self, plan: CachePlan, llm: Any, *, metadata: dict[str, Any] | None = None
    ) -> StepCacheResult:
        """Async twin of :meth:`complete`."""
        if not plan.needs_model:
            return await self.aserve(plan)
        flow = self._complete(plan, None, metadata)
        return self._recorded(await adrive(flow, self._services(llm)))

    def finalize(
        self,
        plan: CachePlan,
        response: Any,
        llm: Any = None,
        *,
        metadata: dict[str, Any] | None = None,
        rejected: Sequence[str] = (),
        length_limit: int | None = None,
        failed: Sequence[str] = (),
        regenerate: bool = True,
    ) -> StepCacheResult:
        """Finish a plan whose model output the caller already has (e.g. after streaming).

        ``response`` answers ``plan.generation_prompt``; ``llm`` (optional) serves repairs;
        ``metadata`` is kept in the stored entry's metadata; ``rejected``: what the caller found
        wrong with the output beyond its text (then it fails: not repaired, not stored);
        ``length_limit``: the request's ``max_tokens`` (a fallback answer must fit it: ``core.types.fits``);
        ``failed``: what the caller found wrong with it that the fallback may still answer (cut off);
        ``regenerate``: a patch that still fails its checks is answered by ``llm`` asked the whole request
        (False when ``llm`` is not the request's own model).
        """
        given = coerce_response(response, plan.generation_prompt or "")
        flow = self._complete(plan, given, metadata, rejected, length_limit, failed, regenerate)
        return self._recorded(drive(flow, self._services(llm)))

    async def afinalize(
        self,
        plan: CachePlan,
        response: Any,
        llm: Any = None,
        *,
        metadata: dict[str, Any] | None = None,
        rejected: Sequence[str] = (),
        length_limit: int | None = None,
        failed: Sequence[str] = (),
        regenerate: bool = True,
    ) -> StepCacheResult:
        """Async twin of :meth:`finalize`."""
        given = coerce_response(response, plan.generation_prompt or "")
        flow = self._complete(plan, given, metadata, rejected, length_limit, failed, regenerate)
        return self._recorded(await adrive(flow, self._services(llm)))

    # ------------------------------------------------------------------ the store
    def store_answer(
        self,
        prompt: str,
        answer: str,
        *,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        namespace: str = "default",
        llm_key: str = "default",
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        metadata: dict[str, Any] | None = None,
    ) -> str | None:
        """Verify an answer produced elsewhere and store it if it passes; return its id."""
        plan = self._prepare(prompt, task, schema, namespace, llm_key)
        flow = store_answer_flow(plan, answer, prompt_tokens, completion_tokens, metadata)
        return drive(flow, self._services())

    async def astore_answer(
        self,
        prompt: str,
        answer: str,
        *,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        namespace: str = "default",
        llm_key: str = "default",
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        metadata: dict[str, Any] | None = None,
    ) -> str | None:
        """Async twin of :meth:`store_answer`."""
        plan = self._prepare(prompt, task, schema, namespace, llm_key)
        flow = store_answer_flow(plan, answer, prompt_tokens, completion_tokens, metadata)
        return await adrive(flow, self._services())

    def store_planned(
        self,
        plan: CachePlan,
        answer: str,
        *,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        metadata: dict[str, Any] | None = None,
        rejected: Sequence[str] = (),
    ) -> StoreReport:
        """Check and store the model's answer to a request whose plan the caller declined to serve.

        For an adapter whose framework calls the model itself (LangChain's global cache:
        ``lookup`` -> the model -> ``update``): the plan of the lookup (or of :meth:`prepare`)
        carries the prompt's vector, task and constraints, so nothing is embedded or detected
        again, and the answer is segmented and checked once. The request is counted in
        :meth:`stats` (outcome ``miss`` without a candidate, else ``skip_reuse``; one model
        call; its level, or ``failed_checks``). Never raises for failed checks (the framework
        already returned the answer): the report says why it was not stored.
        """
        flow = store_checked_flow(plan, answer, prompt_tokens, completion_tokens, metadata, tuple(rejected))
        report: StoreReport = drive(flow, self._services())
        self._stats.record(report.result)
        ahead = self._ahead(plan, report)
        if ahead is not None:
            with suppress(StepCacheError):  # planning ahead never fails the write it follows
                self._looked(drive(ahead, self._services()), counted=False)
        return report

    async def astore_planned(
        self,
        plan: CachePlan,
        answer: str,
        *,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        metadata: dict[str, Any] | None = None,
        rejected: Sequence[str] = (),
    ) -> StoreReport:
        """Async twin of :meth:`store_planned`."""
        flow = store_checked_flow(plan, answer, prompt_tokens, completion_tokens, metadata, tuple(rejected))
        report: StoreReport = await adrive(flow, self._services())
        self._stats.record(report.result)
        ahead = self._ahead(plan, report)
        if ahead is not None:
            with suppress(StepCacheError):  # planning ahead never fails the write it follows
                self._looked(await adrive(ahead, self._services()), counted=False)
        return report

    def clear(self, namespace: str | None = None) -> int:
        """Delete cached entries (of one namespace if given), the derived entries held for the
        store (``defer_derived``) with them; return how many."""
        return self._pending.drop(namespace) + self.store.clear(namespace)

    async def aclear(self, namespace: str | None = None) -> int:
        """Async twin of :meth:`clear`."""
        return self._pending.drop(namespace) + await self.store.aclear(namespace)

    def flush(self) -> int:
        """Embed the derived entries held for the store (``defer_derived``) and write them to it
        now; return how many were written."""
        return _flush(self._pending.take(), self._services())

    async def aflush(self) -> int:
        """Async twin of :meth:`flush`."""
        return await _aflush(self._pending.take(), self._services())

    def close(self) -> None:
        """:meth:`flush`, then close the store."""
        self.flush()
        close = getattr(self.store, "close", None)
        if close is not None:
            close()

    async def aclose(self) -> None:
        """Async twin of :meth:`close`."""
        await self.aflush()
        aclose = getattr(self.store, "aclose", None)
        if aclose is not None:
            await aclose()

    # ------------------------------------------------------------------ stats
    def stats(self) -> dict[str, Any]:
        """Counts per outcome and per verification level (``verification``: proven, checked,
        unchecked), model calls, tokens spent and saved, mean seconds per stage; ``repairs``: the
        repair mode (``max_repairs``: "auto" or N) and the ledger per task and ``llm_key``
        (``tried``, ``passed``, ``skipped``: failed answers auto mode left unrepaired, ``pays``);
        ``exact``: the exact tier's hits, misses and stored answers (``exact_tier``); ``problem_key``:
        the answers the problem-key tier served per outcome (counted in ``outcomes`` too), how many
        of them repeated an answer served before, and the requests whose keys it looked up."""
        mode = "auto" if self.max_repairs is None else self.max_repairs
        return {**self._stats.snapshot(), "repairs": {"max_repairs": mode, "ledger": self.repair_ledger.snapshot()},
                "exact": self.exact.snapshot(), TIER: self.problem_key_tier.snapshot()}

    def reset_stats(self) -> None:
        """Zero the counters of :meth:`stats` (the repair ledger is kept: ``repair_ledger.clear()``)."""
        self._stats.reset()
        self.exact.reset()
        self.problem_key_tier.reset()

    # ------------------------------------------------------------------ internals
    def prepare(
        self,
        prompt: str,
        *,
        task: str | None = None,
        schema: dict[str, Any] | None = None,
        namespace: str = "default",
        llm_key: str = "default",
    ) -> CachePlan:
        """A "miss" plan for ``prompt`` (validated, its task and constraints), without a lookup."""
        return self._prepare(prompt, task, schema, namespace, llm_key)

    def _prepare(
        self, prompt: Any, task: str | None, schema: dict[str, Any] | None, namespace: str, llm_key: str
    ) -> CachePlan:
        return prepare(
            prompt,
            tasks=self.tasks,
            task=task,
            schema=schema,
            namespace=namespace,
            llm_key=llm_key,
            max_prompt_chars=self.max_prompt_chars,
        )

    def _lookup_flow(self, plan: CachePlan) -> Any:
        return lookup_flow(plan, self.policy, judged=self.judge is not None, keyed=self.problem_keys)

    def _looked(self, plan: CachePlan | None, *, keep: bool = True, counted: bool = True) -> Any:
        """A lookup's plan: counted (``counted``) when the tier looked its keys up, and kept
        (``keep``) for the same request when the tier keeps it (``ProblemKeyTier.keep_plan``)."""
        if plan is None:
            return None
        if counted and "problem_key" in plan.timings:
            self.problem_key_tier.looked()
        if keep and self.problem_keys and self.judge is None:
            self.problem_key_tier.keep_plan(plan, self.policy)
        return plan

    def _tier_key(
        self, prompt: Any, task: str | None, schema: dict[str, Any] | None, namespace: str, llm_key: str
    ) -> Any:
        """The problem-key tier's key of a request (``ProblemKeyTier.request_key``), None when the
        tier is off, a judge is set, or the request is not one it keys."""
        if not self.problem_keys or self.judge is not None or type(prompt) is not str:
            return None
        if type(namespace) is not str or type(llm_key) is not str:
            return None  # prepare says what is wrong with them
        return self.problem_key_tier.request_key(PLANS.request_key(self.tasks, prompt, task, schema), namespace, llm_key)

    def _repeat(
        self, prompt: Any, task: str | None, schema: dict[str, Any] | None, namespace: str, llm_key: str
    ) -> Any:
        """The problem-key tier's first path (a request served before, served again: no task reads
        it), as a flow to drive (its result None: the entry is gone); None when nothing is kept."""
        started = time.perf_counter()
        key = self._tier_key(prompt, task, schema, namespace, llm_key)
        served = self.problem_key_tier.served(key, self.policy)
        if served is None:
            return None
        validate_prompt(prompt, self.max_prompt_chars)  # the limits of this engine, as set now
        assert key is not None
        return self.problem_key_tier.repeat_flow(key, served, started)

    def _kept_plan(
        self, prompt: Any, task: str | None, schema: dict[str, Any] | None, namespace: str, llm_key: str
    ) -> Any:
        """The first path's twin for ``lookup``: the plan kept for this request, as a flow to drive
        (its result None: the entry is gone or changed); None when no plan is kept."""
        started = time.perf_counter()
        if type(prompt) is not str or len(prompt) > self.max_prompt_chars:
            return None  # the limit as set now: ``prepare`` says what is wrong (a kept prompt passed the rest)
        return self.problem_key_tier.planned_flow(self._tier_key(prompt, task, schema, namespace, llm_key),
                                                  self.policy, started)

    def _ahead(self, plan: CachePlan, report: StoreReport) -> Any:
        """After a model's answer to ``plan``'s request was stored: the tier's lookup the same
        request makes next, as a flow to drive (its result the plan, or None when the tier does not
        serve it); None when the tier is off or the answer was not stored."""
        if report.entry_id is None or not self.problem_keys or self.judge is not None or plan.request_key is None:
            return None
        return plan_ahead(fresh_plan(plan), self.policy)

    def _remembered(self, plan: CachePlan, result: StepCacheResult) -> StepCacheResult:
        if self.problem_keys and self.judge is None:
            self.problem_key_tier.remember(plan, result, self.policy)
        return result

    def _complete(
        self, plan: CachePlan, given: LLMResponse | None, metadata: dict[str, Any] | None, rejected: Sequence[str] = (),
        length_limit: int | None = None, failed: Sequence[str] = (), regenerate: bool = True,
    ) -> Any:
        return complete_flow(
            plan, given, max_repairs=self.max_repairs, metadata=metadata, rejected=tuple(rejected), ledger=self.repair_ledger,
            length_limit=length_limit, failed=tuple(failed), regenerate=regenerate,
        )

    @property
    def guard(self) -> StoreGuard:
        """The store guard every store call goes through (``fail_open``, the breaker)."""
        return self._guard

    def _defers(self) -> bool:
        """Whether a derived entry is held (``core.pending``) rather than written on the request."""
        return self.problem_keys and self._pending.bound > 0

    def _services(self, llm: Any = None) -> Services:
        return Services(self.embedder, self.store, self._guard, llm=llm, judge=self.judge, telemetry=self.telemetry,
                        pending=self._pending)

    def _recorded(self, result: StepCacheResult, *, repeat: bool = False) -> StepCacheResult:
        self._stats.record(result)
        if result.tier == TIER:
            self.problem_key_tier.count(result, repeat=repeat)
        if self.strict and not result.checks_passed:
            raise VerificationError(
                f"answer failed verification after {result.repair_calls} repair(s): {'; '.join(result.errors[:3])}",
                text=result.text,
                errors=result.errors,
            )
        return result


# ------------------------------------------------------------------------------- the drivers
# Two drivers of the sans-I/O flows: one fulfils their requests with sync calls, the other with
# async calls. Nothing else differs between ``generate`` and ``agenerate``.
#
# Every store request they fulfil goes through the store guard (:class:`StoreGuard`): typed errors for
# store failures, and ``fail_open`` with a circuit breaker.
#
logger = logging.getLogger("stepcache_integrations")

T = TypeVar("T")

StoreOp = Literal["read", "write"]


class StoreBreaker:
    """After a store failure, skip that kind of store call for a while.

    Without it a store that is down (e.g. PostgreSQL unreachable) costs every request its
    connect timeout even though ``fail_open`` answers through the model anyway. Reads and
    writes trip separately: a locked or read-only SQLite file still serves lookups. The
    pause doubles per consecutive failure up to ``max_pause``; one success closes it.
    """

    def __init__(self, pause: float = 5.0, max_pause: float = 60.0) -> None:
        if pause < 0 or max_pause < pause:
            raise ValueError("store breaker needs 0 <= pause <= max_pause")
        self.pause = pause
        self.max_pause = max_pause
        self._lock = threading.Lock()
        self._open_until: dict[StoreOp, float] = {"read": 0.0, "write": 0.0}
        self._failures: dict[StoreOp, int] = {"read": 0, "write": 0}

    def is_open(self, op: StoreOp) -> bool:
        """Whether calls of this kind should be skipped right now."""
        return time.monotonic() < self._open_until[op]

    def failed(self, op: StoreOp) -> None:
        with self._lock:
            self._failures[op] += 1
            pause = min(self.pause * 2 ** (self._failures[op] - 1), self.max_pause)
            self._open_until[op] = time.monotonic() + pause

    def succeeded(self, op: StoreOp) -> None:
        if self._failures[op]:
            with self._lock:
                self._failures[op] = 0
                self._open_until[op] = 0.0


class StoreGuard:
    """Runs store calls. A failure raises ``StoreError``, or with ``fail_open`` is logged and
    answered with a default, and calls of that kind are skipped while the breaker is open."""

    def __init__(self, *, fail_open: bool, retry_after: float, stats: CacheStats) -> None:
        self.fail_open = fail_open
        self.breaker = StoreBreaker(retry_after, max(60.0, retry_after))
        self._stats = stats

    def call(self, op: Callable[[], T], default: T, kind: StoreOp = "read") -> T:
        """``op()``, guarded."""
        if self._skip(kind):
            return default
        try:
            value = op()
        except Exception as exc:
            self._failed(exc, kind)
            return default
        self.breaker.succeeded(kind)
        return value

    async def acall(self, op: Callable[[], Awaitable[T]], default: T, kind: StoreOp = "read") -> T:
        """Async twin of :meth:`call`."""
        if self._skip(kind):
            return default
        try:
            value = await op()
        except Exception as exc:
            self._failed(exc, kind)
            return default
        self.breaker.succeeded(kind)
        return value

    def _skip(self, kind: StoreOp) -> bool:
        if not (self.fail_open and self.breaker.is_open(kind)):
            return False
        self._stats.store_skipped()
        return True

    def _failed(self, exc: Exception, kind: StoreOp) -> None:
        if isinstance(exc, StepCacheError) and not isinstance(exc, StoreError):
            raise exc  # e.g. an EmbeddingError: not the store's fault, never swallowed
        self._stats.store_failed()
        if not self.fail_open:
            if isinstance(exc, StoreError):
                raise exc
            # driver errors (sqlite3, psycopg, OSError) become StoreError
            raise StoreError(f"cache store failed: {exc}") from exc
        self.breaker.failed(kind)
        logger.warning("stepcache store failed, answering without the cache: %s", exc)




@dataclass(frozen=True)
class Services:
    """Who answers a flow's requests."""

    embedder: Embedder
    store: StorePort
    guard: StoreGuard
    llm: Any = None
    judge: Any = None
    telemetry: Any = None  # a telemetry.Telemetry: spans and metrics of the flows driven
    pending: PendingEntries | None = None  # the derived entries held for the store (core.pending)


def drive(flow: Flow, io: Services) -> Any:
    """Run a flow to its result with sync calls."""
    if OPERATION.get() is None and not _recording(io.telemetry):
        return _drive(flow, io, _fulfil)  # idle telemetry: no call into telemetry.py
    return _traced_drive(flow, io)


async def adrive(flow: Flow, io: Services) -> Any:
    """Run a flow to its result with async calls."""
    if OPERATION.get() is None and not _recording(io.telemetry):
        return await _adrive(flow, io, _afulfil)
    return await _traced_adrive(flow, io)


def _recording(telemetry: Any) -> bool:
    """Whether ``telemetry`` (a ``Telemetry`` or None) records: read here, once per operation, so an
    idle one (no SDK configured, disabled, no ``opentelemetry-api``) costs no call into telemetry.py."""
    if telemetry is None or not telemetry.enabled:
        return False
    if not telemetry._loaded:
        return telemetry.otel() is not None
    otel = telemetry._otel
    return otel is not None and otel_records(otel.explicit, otel.trace, otel.metrics)


def _drive(flow: Flow, io: Services, fulfil: Callable[[Request, Services], Any]) -> Any:
    try:
        request = next(flow)
        while True:
            request = flow.send(fulfil(request, io))
    except StopIteration as done:
        return done.value


async def _adrive(flow: Flow, io: Services, afulfil: Callable[[Request, Services], Awaitable[Any]]) -> Any:
    try:
        request = next(flow)
        while True:
            request = flow.send(await afulfil(request, io))
    except StopIteration as done:
        return done.value


def _fulfil(request: Request, io: Services) -> Any:
    store, guard = io.store, io.guard
    if isinstance(request, EmbedPrompt):
        return _embed(request, io)
    if isinstance(request, SearchStore):
        r = request
        if _holding(io):  # what a search of this partition could find is written first (core.pending)
            _flush(io.pending.take(r.namespace, r.llm_key), io)
        return guard.call(lambda: store.search(r.vector, namespace=r.namespace, llm_key=r.llm_key, k=r.k), [])
    if isinstance(request, (FindKeyed, GetEntry)):
        return _read_keyed(request, io)
    if isinstance(request, AddEntry):
        return guard.call(lambda: store.add(request.entry, request.vector), None, "write")
    if isinstance(request, HoldEntry):
        flushed = _held(request, io)
        if flushed is None:  # nothing holds it: embedded and written now
            return _write(Held(request.entry, request.text, request.vector, None, ()), io)
        _flush(flushed, io)
        return request.entry.id
    if isinstance(request, RecordHit):
        if _held_hit(request.entry_id, io):
            return None
        return guard.call(lambda: store.record_hit(request.entry_id), None, "write")
    if isinstance(request, AskModel):
        return None if (io.llm is None and request.kind != "generate") else call_llm(io.llm, request.prompt)
    if isinstance(request, AskJudge):
        try:
            return call_llm(io.judge, request.prompt)
        except Exception as exc:  # the judge only ever adds reuse; without it the model answers
            return _judge_failed(exc)
    raise TypeError(f"unknown flow request {request!r}")


async def _afulfil(request: Request, io: Services) -> Any:
    store, guard = io.store, io.guard
    if isinstance(request, EmbedPrompt):
        return await _aembed(request, io)
    if isinstance(request, SearchStore):
        r = request
        if _holding(io):
            await _aflush(io.pending.take(r.namespace, r.llm_key), io)
        return await guard.acall(lambda: store.asearch(r.vector, namespace=r.namespace, llm_key=r.llm_key, k=r.k), [])
    if isinstance(request, (FindKeyed, GetEntry)):
        return await _aread_keyed(request, io)
    if isinstance(request, AddEntry):
        return await guard.acall(lambda: store.aadd(request.entry, request.vector), None, "write")
    if isinstance(request, HoldEntry):
        flushed = _held(request, io)
        if flushed is None:
            return await _awrite(Held(request.entry, request.text, request.vector, None, ()), io)
        await _aflush(flushed, io)
        return request.entry.id
    if isinstance(request, RecordHit):
        if _held_hit(request.entry_id, io):
            return None
        return await guard.acall(lambda: store.arecord_hit(request.entry_id), None, "write")
    if isinstance(request, AskModel):
        return None if (io.llm is None and request.kind != "generate") else await acall_llm(io.llm, request.prompt)
    if isinstance(request, AskJudge):
        try:
            return await acall_llm(io.judge, request.prompt)
        except Exception as exc:
            return _judge_failed(exc)
    raise TypeError(f"unknown flow request {request!r}")


_traced_fulfil = traced_request(_fulfil)
_traced_afulfil = traced_request(_afulfil)


@traced_driver
def _traced_drive(flow: Flow, io: Services) -> Any:
    return _drive(flow, io, _traced_fulfil)


@traced_driver
async def _traced_adrive(flow: Flow, io: Services) -> Any:
    return await _adrive(flow, io, _traced_afulfil)


def _embed(request: EmbedPrompt, io: Services) -> Any:
    if not request.optional:
        return io.embedder.embed(request.text)
    try:
        return io.embedder.embed(request.text)
    except Exception as exc:  # noqa: BLE001 - the answer stands; only its store write is skipped
        return _embedding_failed(exc)


async def _aembed(request: EmbedPrompt, io: Services) -> Any:
    if not request.optional:
        return await io.embedder.aembed(request.text)
    try:
        return await io.embedder.aembed(request.text)
    except Exception as exc:  # noqa: BLE001 - the answer stands; only its store write is skipped
        return _embedding_failed(exc)


def _read_keyed(request: FindKeyed | GetEntry, io: Services) -> Any:
    """The problem-key tier's reads (a store without ``find_keyed`` or ``get``: nothing found), the
    derived entries held for the store (``core.pending``) read with them."""
    if isinstance(request, GetEntry):
        held = io.pending.get(request.entry_id) if _holding(io) else None
        if held is not None:
            return held
        get = getattr(io.store, "get", None)
        return None if get is None else io.guard.call(lambda: get(request.entry_id), None)
    find = getattr(io.store, "find_keyed", None)
    r = request
    stored = [] if find is None else io.guard.call(
        lambda: find(r.key, namespace=r.namespace, llm_key=r.llm_key, limit=r.limit), [])
    return _with_held(r, stored, io)


async def _aread_keyed(request: FindKeyed | GetEntry, io: Services) -> Any:
    """Async twin of :func:`_read_keyed`."""
    if isinstance(request, GetEntry):
        held = io.pending.get(request.entry_id) if _holding(io) else None
        if held is not None:
            return held
        aget = getattr(io.store, "aget", None)
        return None if aget is None else await io.guard.acall(lambda: aget(request.entry_id), None)
    afind = getattr(io.store, "afind_keyed", None)
    r = request
    stored = [] if afind is None else await io.guard.acall(
        lambda: afind(r.key, namespace=r.namespace, llm_key=r.llm_key, limit=r.limit), [])
    return _with_held(r, stored, io)


def _with_held(request: FindKeyed, stored: Any, io: Services) -> Any:
    """The store's entries under a lookup key and the held ones (``core.pending``) of the same
    partition and key, newest first (as ``CacheStore.find_keyed`` orders them), at most ``limit``."""
    held = io.pending.find(request.key, request.namespace, request.llm_key, request.limit) if _holding(io) else []
    if not held:
        return stored
    merged = sorted([*held, *(stored or ())], key=lambda entry: -entry.created_at)  # stable: held first on a tie
    return merged[: request.limit]


def _holding(io: Services) -> bool:
    """Whether any derived entry is held (``core.pending``): read here, so a request while none is
    held makes no call into pending.py."""
    return io.pending is not None and bool(io.pending.held)


def _held(request: HoldEntry, io: Services) -> list[Held] | None:
    """Hold a derived entry (``core.pending``): the held entries to write now (an overflow), or
    None when nothing holds it (the caller writes it now). Its TTL is stamped as the store's
    ``add`` would stamp it, so a held entry expires when the stored one would."""
    if io.pending is None or io.pending.bound <= 0:
        return None
    stamp = getattr(io.store, "stamp_expiry", None)
    if stamp is not None:
        stamp(request.entry)
    return io.pending.hold(request.entry, request.text, request.vector)


def _held_hit(entry_id: str, io: Services) -> bool:
    """Count a hit on a held entry (``CacheStore.record_hit`` of it, before it is written)."""
    entry = io.pending.get(entry_id) if _holding(io) else None
    if entry is None:
        return False
    entry.hits += 1
    entry.last_hit_at = time.time()
    return True


def _flush(held: list[Held], io: Services) -> int:
    """Embed held entries (unless a vector came with them) and write them to the store; an embedder
    or store failure skips that entry only (a derived entry: re-derived on demand). How many were
    written."""
    return sum(_write(item, io) is not None for item in held)


async def _aflush(held: list[Held], io: Services) -> int:
    """Async twin of :func:`_flush`."""
    return sum([await _awrite(item, io) is not None for item in held])


def _write(item: Held, io: Services) -> str | None:
    """One held entry embedded (unless its vector came with it) and written: its id, or None."""
    vector = item.vector if item.vector is not None else _embed(EmbedPrompt(item.text, True), io)
    if vector is None:
        return None
    return io.guard.call(lambda: io.store.add(item.entry, vector), None, "write")


async def _awrite(item: Held, io: Services) -> str | None:
    """Async twin of :func:`_write`."""
    vector = item.vector if item.vector is not None else await _aembed(EmbedPrompt(item.text, True), io)
    if vector is None:
        return None
    return await io.guard.acall(lambda: io.store.aadd(item.entry, vector), None, "write")


def _embedding_failed(exc: Exception) -> None:
    logger.warning("stepcache embedder failed, the answer is served but not stored: %s", exc)
    return None


def _judge_failed(exc: Exception) -> None:
    logger.warning("stepcache judge failed, not reusing on its word: %s", exc)
    return None
