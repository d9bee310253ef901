"""The sans-I/O flows of the engine: lookup, serve, complete and store.

Each flow is a generator that yields typed requests (``requests``) for the embedder,
the store and the models, and returns its result; the sync and async drivers
(``engine.drive``, ``engine.adrive``) fulfil the requests, so the two paths cannot drift apart.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidPromptError, StepCacheError
from .judge import apply_verdict, judge_prompt
from .plan import CachePlan
from .planner import WIDE_K, adopt, choose, look_wider, unit_evidence
from .planner import ReusePolicy
from .problem_key_tier import keyed_lookup, plan_lookup_keys
from .problem_keys import with_lookup_keys
from .proofs import PROOFS
from .repair_ledger import RepairLedger, repair_loop
from .requests import AddEntry, AskJudge, AskModel, EmbedPrompt, RecordHit, Request, SearchStore
from .tasks import Assembly, TaskHandler
from .tasks.prompt_diff import canonical_prompt  # the retrieval form: near-identical prompts embed equally
from .tasks.protocols import Presents
from .types import (
    CacheEntry,
    LLMResponse,
    Outcome,
    Provenance,
    Step,
    StepCacheResult,
    StepRecord,
    VerificationLevel,
    fits,
)

__all__ = [
    "Flow",
    "StoreReport",
    "complete_flow",
    "declined_outcome",
    "lookup_flow",
    "serve_flow",
    "store_answer_flow",
    "store_checked_flow",
]

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


def serve_flow(plan: CachePlan, *, store_derived: bool) -> Flow:
    """Answer a plan that needs no model: record the hit, store a re-instantiated answer."""
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
        # A plan of the problem-key tier found its entry without embedding the prompt: it is
        # embedded now, for the store's vector index (an embedder failure skips the write only).
        vector = plan.vector
        if vector is None:
            vector = yield EmbedPrompt(canonical_prompt(plan.prompt), optional=True)
        if vector is not None:
            derived = _entry(
                plan,
                plan.handler.segment(plan.cached_text, plan.constraints),
                plan.entry.prompt_tokens,
                plan.entry.completion_tokens,
                {"outcome": "reinstantiate", "derived_from": plan.entry.id, "verification": level},
            )
            result.stored_entry_id = yield AddEntry(derived, vector)
        result.timings["store"] = time.perf_counter() - t0
    return result


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
) -> Flow:
    """Generate (unless ``given``), assemble, check, repair, fall back, store if it passed its checks.

    ``max_repairs``: an int is the bounded repair loop (then the fallback); None is auto: the
    task's deterministic fallback first, then repair calls only where ``ledger`` shows they pay
    (``RepairLedger.budget``; none without a ledger). Every repair is recorded in ``ledger``.
    ``rejected``: what is wrong with the given answer beyond its text (a tool request answered in
    prose): it fails, neither repaired nor replaced by the fallback (no text takes the shape asked). ``failed``: what is wrong with it that
    the fallback may still answer (cut off at ``length_limit``, the request's ``max_tokens``, which
    a fallback answer must fit: ``core.types.fits``)."""
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
    result = attempt.result()
    if result.checks_passed:
        t0 = time.perf_counter()
        vector = plan.vector if plan.vector is not None else (yield EmbedPrompt(canonical_prompt(plan.prompt)))
        entry = attempt.entry(metadata, result.verification)
        seed_proof(plan, entry.steps, result.verification)
        result.stored_entry_id = yield AddEntry(entry, vector)
        result.timings["store"] = time.perf_counter() - t0
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
    steps = plan.handler.segment(answer, plan.constraints)
    errors = list(rejected) + PROOFS.answer_errors(plan.handler, steps, plan.constraints)
    level: VerificationLevel = "unchecked"
    if not errors:
        level = plan.handler.verification_level(steps, plan.constraints, None)
        seed_proof(plan, steps, level)
    result = _answered_elsewhere(plan, answer, steps, level, errors, prompt_tokens, completion_tokens)
    if errors:
        return StoreReport(None, result)  # never store an answer that fails its checks
    vector = plan.vector if plan.vector is not None else (yield EmbedPrompt(canonical_prompt(plan.prompt)))
    entry_metadata = {**(metadata or {}), "verification": level}  # the engine's level, never the caller's
    entry_id = yield AddEntry(_entry(plan, steps, prompt_tokens, completion_tokens, entry_metadata), vector)
    result.stored_entry_id = entry_id
    return StoreReport(entry_id, result)


def seed_proof(plan: CachePlan, steps: list[Step], level: VerificationLevel) -> None:
    """Check a stored answer as a cached entry against its own prompt (``PROOFS``): the first
    request that poses the same problem meets these proofs instead of parsing the steps again."""
    PROOFS.verify(plan.handler, steps, plan.constraints, plan.constraints)
    PROOFS.answer_errors(plan.handler, steps, plan.constraints)
    if isinstance(plan.handler, Presents):  # served in the form the prompt asks for
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
    if cached is None or cached.value is not entry.constraints:  # frozen by the planner, or now
        cached = entry.constraints
    return PROOFS.level(plan.handler, plan.steps, plan.constraints, cached, entry.verification)


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
    """The entry of an answer to the plan's prompt, indexed by the prompt's problem and shape keys
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
