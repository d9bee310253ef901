"""StepCache: segment -> retrieve -> verify -> reuse / re-instantiate / patch -> repair -> store.

The pipeline is written once, free of I/O: model calls are *requests* yielded by a
generator, which a sync and an async driver fulfil. That keeps ``generate`` and
``agenerate`` (and every other sync/async twin) behaviourally identical.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import InvalidPromptError, StepCacheError, StoreError, VerificationError
from ..stores.base import CacheStore
from ..stores.memory import InMemoryStore
from .breaker import StoreBreaker, StoreOp
from .embed import Embedder, as_embedder
from .llm import acall_llm, call_llm, coerce_response
from .tasks import Assembly, TaskHandler, TaskRegistry, Verification
from .types import CacheEntry, CacheHit, LLMResponse, Outcome, Provenance, Step, StepCacheResult, StepRecord

__all__ = ["StepCache", "CachePlan"]

logger = logging.getLogger("stepcache_integrations")

_RANK: dict[str, int] = {"reuse": 0, "reinstantiate": 1, "patch": 2, "skip_reuse": 3, "miss": 4}
_STAGES = ("validate", "embed", "search", "verify", "reinstantiate", "generate", "repair", "fallback", "store")

# A model request inside the pipeline: (kind, prompt) where kind is "generate" or "repair".
_Request = tuple[str, str]


@dataclass
class CachePlan:
    """What the cache decided for one prompt before any model call.

    ``generation_prompt`` is what must be sent to the model (None when the cache can
    answer alone); ``prefix_text`` is the verified part of the answer that comes before
    the model's output (patch), so a streaming adapter can emit it at once.
    """

    prompt: str
    namespace: str
    llm_key: str
    handler: TaskHandler
    constraints: dict[str, Any]
    outcome: Outcome
    vector: np.ndarray | None = None
    entry: CacheEntry | None = None
    similarity: float | None = None
    steps: list[Step] = field(default_factory=list)
    provenance: list[Provenance] = field(default_factory=list)
    verification: Verification | None = None
    generation_prompt: str | None = None
    prefix_text: str = ""
    timings: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    _cache: StepCache | None = field(default=None, repr=False)

    @property
    def task(self) -> str:
        """Name of the task handling this prompt."""
        return self.handler.name

    @property
    def needs_model(self) -> bool:
        """Whether a model call is needed (False for reuse and re-instantiation)."""
        return self.generation_prompt is not None

    @property
    def cached_text(self) -> str:
        """The answer the cache can give alone (reuse / re-instantiation)."""
        return "".join(step.text for step in self.steps)

    def result(self) -> StepCacheResult:
        """The answer of a plan that needs no model call; records the hit."""
        if self.needs_model or self._cache is None:
            raise StepCacheError("this plan needs a model call; use StepCache.complete or finalize")
        return self._cache._served_from_cache(self)

    async def aresult(self) -> StepCacheResult:
        """Async twin of :meth:`result`."""
        if self.needs_model or self._cache is None:
            raise StepCacheError("this plan needs a model call; use StepCache.acomplete or afinalize")
        return await self._cache._aserved_from_cache(self)


@dataclass
class _Stats:
    outcomes: dict[str, int] = field(default_factory=lambda: {k: 0 for k in _RANK})
    requests: int = 0
    verified: int = 0
    unverified: int = 0
    fallbacks: int = 0
    model_calls: int = 0
    repair_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tokens_saved: int = 0
    stage_time: dict[str, float] = field(default_factory=dict)
    stage_count: dict[str, int] = field(default_factory=dict)
    store_errors: int = 0
    store_skipped: int = 0


class StepCache:
    """Step-level, verified LLM response cache (arXiv 2603.28795, extended).

    Args:
        store: where trusted entries live (default: in-memory FAISS).
        embedder: prompt embedder; the deterministic ``HashingEmbedder`` by default, or a
            LangChain ``Embeddings``, a LlamaIndex ``BaseEmbedding``, or a callable.
        similarity_threshold: minimum cosine similarity for a cached prompt to be considered;
            None uses each task's own (linear equations 0.4, JSON 0.55, text 0.7): the more
            exact a task's verifier, the further away a candidate can safely be tried.
        top_k: candidates verified per lookup (the best plan wins).
        max_regen_share: above this share of steps to regenerate, reuse is skipped.
        max_repairs: bounded repair calls after a generation fails its final check.
        reinstantiate: rewrite cached steps for changed slot values before calling the model.
        strict: raise ``VerificationError`` instead of returning an unverified answer.
        fail_open: when the store fails, answer through the model instead of raising.
        store_retry_after: with ``fail_open``, seconds to stop calling a store after it
            failed (doubling per consecutive failure, up to 60 s; reads and writes apart)
            instead of paying its timeout on every request; 0 calls it every time.
        tasks: the task registry (add your own task types to it).
        max_prompt_chars: larger prompts are rejected with ``InvalidPromptError``.
    """

    def __init__(
        self,
        *,
        store: CacheStore | None = None,
        embedder: Any = None,
        similarity_threshold: float | None = None,
        top_k: int = 4,
        max_regen_share: float = 0.5,
        max_repairs: int = 1,
        reinstantiate: bool = True,
        strict: bool = False,
        fail_open: bool = False,
        store_retry_after: float = 5.0,
        store_derived: bool = True,
        tasks: TaskRegistry | None = None,
        max_prompt_chars: int = 2_000_000,
    ) -> None:
        if not 0.0 <= max_regen_share <= 1.0:
            raise ValueError("max_regen_share must be within [0, 1]")
        if similarity_threshold is not None and not -1.0 <= similarity_threshold <= 1.0:
            raise ValueError("similarity_threshold must be within [-1, 1]")
        if top_k < 1 or max_repairs < 0:
            raise ValueError("top_k must be >= 1 and max_repairs >= 0")
        self.store: CacheStore = store if store is not None else InMemoryStore()
        self.embedder: Embedder = as_embedder(embedder)
        self.similarity_threshold = similarity_threshold
        self.top_k = top_k
        self.max_regen_share = max_regen_share
        self.max_repairs = max_repairs
        self.reinstantiate = reinstantiate
        self.strict = strict
        self.fail_open = fail_open
        self._breaker = StoreBreaker(store_retry_after, max(60.0, store_retry_after))
        self.store_derived = store_derived
        self.tasks = tasks if tasks is not None else TaskRegistry()
        self.max_prompt_chars = max_prompt_chars
        self._stats = _Stats()
        self._stats_lock = threading.Lock()

    # ------------------------------------------------------------------ public API
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
        plan = self._prepare(prompt, task, schema, namespace, llm_key)
        t0 = time.perf_counter()
        plan.vector = self.embedder.embed(prompt)
        t1 = time.perf_counter()
        hits = self._guard_store(
            lambda: self.store.search(plan.vector, namespace=namespace, llm_key=llm_key, k=self.top_k),
            default=[],
        )
        plan.timings.update(embed=t1 - t0, search=time.perf_counter() - t1)
        self._plan_from_hits(plan, hits)
        return plan

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
        plan = self._prepare(prompt, task, schema, namespace, llm_key)
        t0 = time.perf_counter()
        plan.vector = await self.embedder.aembed(prompt)
        t1 = time.perf_counter()
        vector = plan.vector
        hits = await self._aguard_store(
            lambda: self.store.asearch(vector, namespace=namespace, llm_key=llm_key, k=self.top_k),
            default=[],
        )
        plan.timings.update(embed=t1 - t0, search=time.perf_counter() - t1)
        self._plan_from_hits(plan, hits)
        return plan

    def complete(self, plan: CachePlan, llm: Any, *, metadata: dict[str, Any] | None = None) -> StepCacheResult:
        """Carry out a plan: call the model where needed, verify, repair, fall back, store.

        ``metadata`` is kept in the stored entry's metadata (e.g. an adapter's full message).
        """
        if not plan.needs_model:
            return plan.result()
        pipeline = self._pipeline(plan, None, metadata)
        return self._drive(pipeline, llm)

    async def acomplete(
        self, plan: CachePlan, llm: Any, *, metadata: dict[str, Any] | None = None
    ) -> StepCacheResult:
        """Async twin of :meth:`complete`."""
        if not plan.needs_model:
            return await plan.aresult()
        pipeline = self._pipeline(plan, None, metadata)
        return await self._adrive(pipeline, llm)

    def finalize(
        self, plan: CachePlan, response: Any, llm: Any = None, *, metadata: dict[str, Any] | None = None
    ) -> StepCacheResult:
        """Finish a plan whose model output the caller already has (e.g. after streaming).

        ``response`` answers ``plan.generation_prompt``; ``llm`` (optional) serves repairs;
        ``metadata`` is kept in the stored entry's metadata.
        """
        pipeline = self._pipeline(plan, coerce_response(response, plan.generation_prompt or ""), metadata)
        return self._drive(pipeline, llm)

    async def afinalize(
        self, plan: CachePlan, response: Any, llm: Any = None, *, metadata: dict[str, Any] | None = None
    ) -> StepCacheResult:
        """Async twin of :meth:`finalize`."""
        pipeline = self._pipeline(plan, coerce_response(response, plan.generation_prompt or ""), metadata)
        return await self._adrive(pipeline, llm)

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
        entry, vector = self._entry_for_answer(
            prompt, answer, task, schema, namespace, llm_key, prompt_tokens, completion_tokens, metadata
        )
        if entry is None or vector is None:
            return None
        return self._guard_store(lambda: self.store.add(entry, vector), default=None, kind="write")

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
        vector = await self.embedder.aembed(prompt)
        entry = self._verified_entry(plan, answer, prompt_tokens, completion_tokens, metadata)
        if entry is None:
            return None
        return await self._aguard_store(lambda: self.store.aadd(entry, vector), default=None, kind="write")

    def clear(self, namespace: str | None = None) -> int:
        """Delete cached entries (of one namespace if given); return how many."""
        return self.store.clear(namespace)

    async def aclear(self, namespace: str | None = None) -> int:
        """Async twin of :meth:`clear`."""
        return await self.store.aclear(namespace)

    def stats(self) -> dict[str, Any]:
        """Counts per outcome, model calls, tokens spent and saved, mean seconds per stage."""
        with self._stats_lock:
            s = self._stats
            return {
                "requests": s.requests,
                "outcomes": dict(s.outcomes),
                "verified": s.verified,
                "unverified": s.unverified,
                "fallbacks": s.fallbacks,
                "model_calls": s.model_calls,
                "repair_calls": s.repair_calls,
                "prompt_tokens": s.prompt_tokens,
                "completion_tokens": s.completion_tokens,
                "tokens_saved": s.tokens_saved,
                "store_errors": s.store_errors,
                "store_skipped": s.store_skipped,
                "mean_stage_seconds": {
                    k: s.stage_time[k] / s.stage_count[k] for k in s.stage_time if s.stage_count.get(k)
                },
            }

    def threshold_for(self, handler: TaskHandler) -> float:
        """The similarity a cached prompt needs to be tried for this task."""
        return self.similarity_threshold if self.similarity_threshold is not None else handler.similarity_threshold

    def reset_stats(self) -> None:
        """Zero the counters of :meth:`stats`."""
        with self._stats_lock:
            self._stats = _Stats()

    # ------------------------------------------------------------------ planning (no I/O)
    def _validate_prompt(self, prompt: Any) -> str:
        if not isinstance(prompt, str):
            raise InvalidPromptError(f"prompt must be a str, got {type(prompt).__name__}")
        if not prompt.strip():
            raise InvalidPromptError("prompt is empty")
        if len(prompt) > self.max_prompt_chars:
            raise InvalidPromptError(
                f"prompt has {len(prompt)} characters; the limit is {self.max_prompt_chars} (max_prompt_chars)"
            )
        if "\x00" in prompt:
            raise InvalidPromptError("prompt contains a NUL byte")
        try:
            prompt.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidPromptError("prompt is not valid Unicode (lone surrogate)") from None
        return prompt

    def _prepare(
        self, prompt: Any, task: str | None, schema: dict[str, Any] | None, namespace: str, llm_key: str
    ) -> CachePlan:
        t0 = time.perf_counter()
        prompt = self._validate_prompt(prompt)
        if not isinstance(namespace, str) or not isinstance(llm_key, str):
            raise InvalidPromptError("namespace and llm_key must be strings")
        if task is not None:
            handler = self.tasks.get(task)
        elif schema is not None:
            handler = self.tasks.get("json")
        else:
            handler = self.tasks.detect(prompt, schema)
        constraints = handler.constraints(prompt, schema)
        return CachePlan(
            prompt=prompt,
            namespace=namespace,
            llm_key=llm_key,
            handler=handler,
            constraints=constraints,
            outcome="miss",
            generation_prompt=prompt,
            timings={"validate": time.perf_counter() - t0},
            _cache=self,
        )

    def _plan_from_hits(self, plan: CachePlan, hits: list[CacheHit]) -> None:
        t0 = time.perf_counter()
        handler = plan.handler
        reinst_time = 0.0
        best: tuple[int, float] | None = None
        threshold = self.threshold_for(handler)
        for hit in hits:
            entry = hit.entry
            if hit.similarity < threshold or entry.task != handler.name:
                continue
            if entry.namespace != plan.namespace or entry.llm_key != plan.llm_key:
                continue  # defence in depth: stores already partition by both
            steps = [Step(text=s.text, kind=s.kind, meta=s.meta) for s in entry.steps]
            provenance: list[Provenance] = ["reused"] * len(steps)
            verification = handler.verify(steps, plan.constraints, entry.constraints)
            outcome: Outcome
            if verification.passed and not handler.check_answer(steps, plan.constraints):
                outcome = "reuse"
            else:
                outcome = "patch"
                if self.reinstantiate:
                    r0 = time.perf_counter()
                    rewritten = handler.reinstantiate(steps, entry.constraints, plan.constraints)
                    if rewritten is not None:
                        check = handler.verify(rewritten, plan.constraints, entry.constraints)
                        if check.passed and not handler.check_answer(rewritten, plan.constraints):
                            outcome = "reinstantiate"
                        if check.passed or len(check.failures) <= len(verification.failures):
                            provenance = [
                                "reinstantiated" if i >= len(steps) or new.text != steps[i].text else "reused"
                                for i, new in enumerate(rewritten)
                            ]
                            steps, verification = rewritten, check
                    reinst_time += time.perf_counter() - r0
                if outcome == "patch" and (
                    handler.regen_share(steps, verification) > self.max_regen_share
                    or handler.blocks_reuse(verification)
                ):
                    outcome = "skip_reuse"
            score = (_RANK[outcome], handler.regen_share(steps, verification), -hit.similarity)
            if best is None or score < best:  # type: ignore[operator]
                best = score  # type: ignore[assignment]
                plan.outcome = outcome
                plan.entry = entry
                plan.similarity = hit.similarity
                plan.steps = steps
                plan.provenance = provenance
                plan.verification = verification
            if outcome in ("reuse", "reinstantiate"):
                break  # candidates come most similar first; no later one can need fewer calls
        plan.errors = plan.verification.reasons() if plan.verification else []
        if plan.outcome in ("reuse", "reinstantiate"):
            plan.steps = handler.present(plan.steps, plan.constraints)
            plan.generation_prompt = None
        elif plan.outcome == "patch":
            assert plan.verification is not None
            plan.generation_prompt, plan.prefix_text = handler.patch_prompt(
                plan.prompt, plan.steps, plan.verification, plan.constraints
            )
        else:
            plan.generation_prompt = plan.prompt
        plan.timings["verify"] = time.perf_counter() - t0 - reinst_time
        plan.timings["reinstantiate"] = reinst_time

    # ------------------------------------------------------------------ finishing (sans I/O)
    def _pipeline(
        self, plan: CachePlan, given: LLMResponse | None, metadata: dict[str, Any] | None = None
    ) -> Generator[_Request, LLMResponse, tuple[StepCacheResult, CacheEntry | None]]:
        """Generate (unless ``given``), assemble, check, repair, fall back; yields model requests."""
        handler, constraints = plan.handler, plan.constraints
        timings = dict(plan.timings)
        prompt_tokens = completion_tokens = model_calls = repair_calls = 0
        if plan.generation_prompt is None:
            raise StepCacheError("this plan needs no model call; use plan.result()")

        t0 = time.perf_counter()
        response = given if given is not None else (yield ("generate", plan.generation_prompt))
        timings["generate"] = time.perf_counter() - t0
        model_calls += 1
        prompt_tokens += response.prompt_tokens
        completion_tokens += response.completion_tokens

        if plan.outcome == "patch" and plan.verification is not None:
            answer = handler.assemble(plan.steps, plan.verification, response.text, constraints, plan.provenance)
        else:
            answer = handler.fresh(response.text, constraints)
        # A patch must not bring back a value of the old prompt in the regenerated part.
        cached = plan.entry.constraints if plan.outcome == "patch" and plan.entry else None
        errors = _blank(response) + answer.errors + _final_errors(handler, answer.steps, constraints, cached)

        t0 = time.perf_counter()
        while errors and repair_calls < self.max_repairs:
            request = handler.repair_prompt(plan.prompt, answer, errors, constraints)
            reply = yield ("repair", request)
            if reply is None:  # no model available for repairs
                break
            repair_calls += 1
            model_calls += 1
            prompt_tokens += reply.prompt_tokens
            completion_tokens += reply.completion_tokens
            answer = handler.apply_repair(answer, reply.text, constraints)
            errors = _blank(reply) + answer.errors + _final_errors(handler, answer.steps, constraints, cached)
        timings["repair"] = time.perf_counter() - t0

        used_fallback = False
        if errors:
            t0 = time.perf_counter()
            fallback = handler.fallback(constraints)
            if fallback is not None:
                steps = handler.segment(fallback, constraints)
                if not handler.check_answer(steps, constraints):
                    answer = Assembly(steps, ["fallback"] * len(steps))
                    errors, used_fallback = [], True
            timings["fallback"] = time.perf_counter() - t0

        verified = not errors
        spent = prompt_tokens + completion_tokens
        baseline = (plan.entry.prompt_tokens + plan.entry.completion_tokens) if plan.entry else 0
        result = StepCacheResult(
            text=answer.text,
            outcome=plan.outcome,
            verified=verified,
            task=handler.name,
            steps=_records(answer.steps, answer.provenance),
            matched_entry_id=plan.entry.id if plan.entry else None,
            similarity=plan.similarity,
            model_calls=model_calls,
            repair_calls=repair_calls,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            tokens_saved=max(0, baseline - spent) if plan.outcome == "patch" else 0,
            errors=errors,
            timings=timings,
            used_fallback=used_fallback,
        )
        entry = None
        if verified:
            entry = CacheEntry(
                namespace=plan.namespace,
                llm_key=plan.llm_key,
                prompt=plan.prompt,
                task=handler.name,
                constraints=constraints,
                steps=handler.segment(answer.text, constraints),
                prompt_tokens=plan.entry.prompt_tokens if plan.entry else prompt_tokens,
                completion_tokens=plan.entry.completion_tokens if plan.entry else completion_tokens,
                metadata={**(metadata or {}), "outcome": plan.outcome, "provenance": list(answer.provenance)},
            )
        elif self.strict:
            self._record(result)
            raise VerificationError(
                f"answer failed verification after {repair_calls} repair(s): {'; '.join(errors[:3])}",
                text=answer.text,
                errors=errors,
            )
        return result, entry

    def _drive(
        self,
        pipeline: Generator[_Request, LLMResponse, tuple[StepCacheResult, CacheEntry | None]],
        llm: Any,
    ) -> StepCacheResult:
        try:
            request = next(pipeline)
            while True:
                kind, prompt = request
                reply = None if (llm is None and kind == "repair") else call_llm(llm, prompt)
                request = pipeline.send(reply)  # type: ignore[arg-type]
        except StopIteration as done:
            result, entry = done.value
        return self._finish(result, entry)

    async def _adrive(
        self,
        pipeline: Generator[_Request, LLMResponse, tuple[StepCacheResult, CacheEntry | None]],
        llm: Any,
    ) -> StepCacheResult:
        try:
            request = next(pipeline)
            while True:
                kind, prompt = request
                reply = None if (llm is None and kind == "repair") else await acall_llm(llm, prompt)
                request = pipeline.send(reply)  # type: ignore[arg-type]
        except StopIteration as done:
            result, entry = done.value
        return await self._afinish(result, entry)

    def _finish(self, result: StepCacheResult, entry: CacheEntry | None) -> StepCacheResult:
        if entry is not None:
            t0 = time.perf_counter()
            vector = self.embedder.embed(entry.prompt)
            result.stored_entry_id = self._guard_store(
                lambda: self.store.add(entry, vector), default=None, kind="write"
            )
            result.timings["store"] = time.perf_counter() - t0
        self._record(result)
        return result

    async def _afinish(self, result: StepCacheResult, entry: CacheEntry | None) -> StepCacheResult:
        if entry is not None:
            t0 = time.perf_counter()
            vector = await self.embedder.aembed(entry.prompt)
            result.stored_entry_id = await self._aguard_store(
                lambda: self.store.aadd(entry, vector), default=None, kind="write"
            )
            result.timings["store"] = time.perf_counter() - t0
        self._record(result)
        return result

    # ------------------------------------------------------------------ cache-only answers
    def _cached_result(self, plan: CachePlan) -> tuple[StepCacheResult, CacheEntry | None]:
        assert plan.entry is not None
        result = StepCacheResult(
            text=plan.cached_text,
            outcome=plan.outcome,
            verified=True,
            task=plan.task,
            steps=_records(plan.steps, plan.provenance),
            matched_entry_id=plan.entry.id,
            similarity=plan.similarity,
            tokens_saved=plan.entry.prompt_tokens + plan.entry.completion_tokens,
            timings=dict(plan.timings),
        )
        entry = None
        if plan.outcome == "reinstantiate" and self.store_derived:
            entry = CacheEntry(
                namespace=plan.namespace,
                llm_key=plan.llm_key,
                prompt=plan.prompt,
                task=plan.task,
                constraints=plan.constraints,
                steps=plan.handler.segment(plan.cached_text, plan.constraints),
                prompt_tokens=plan.entry.prompt_tokens,
                completion_tokens=plan.entry.completion_tokens,
                metadata={"outcome": "reinstantiate", "derived_from": plan.entry.id},
            )
        return result, entry

    def _served_from_cache(self, plan: CachePlan) -> StepCacheResult:
        result, entry = self._cached_result(plan)
        assert plan.entry is not None
        entry_id = plan.entry.id
        self._guard_store(lambda: self.store.record_hit(entry_id), default=None, kind="write")
        if entry is not None and plan.vector is not None:
            vector = plan.vector
            result.stored_entry_id = self._guard_store(
                lambda: self.store.add(entry, vector), default=None, kind="write"
            )
        self._record(result)
        return result

    async def _aserved_from_cache(self, plan: CachePlan) -> StepCacheResult:
        result, entry = self._cached_result(plan)
        assert plan.entry is not None
        entry_id = plan.entry.id
        await self._aguard_store(lambda: self.store.arecord_hit(entry_id), default=None, kind="write")
        if entry is not None and plan.vector is not None:
            vector = plan.vector
            result.stored_entry_id = await self._aguard_store(
                lambda: self.store.aadd(entry, vector), default=None, kind="write"
            )
        self._record(result)
        return result

    def _verified_entry(
        self,
        plan: CachePlan,
        answer: str,
        prompt_tokens: int,
        completion_tokens: int,
        metadata: dict[str, Any] | None,
    ) -> CacheEntry | None:
        if not isinstance(answer, str):
            raise InvalidPromptError(f"answer must be a str, got {type(answer).__name__}")
        steps = plan.handler.segment(answer, plan.constraints)
        if plan.handler.check_answer(steps, plan.constraints):
            return None  # never store an unverified answer as trusted
        return CacheEntry(
            namespace=plan.namespace,
            llm_key=plan.llm_key,
            prompt=plan.prompt,
            task=plan.task,
            constraints=plan.constraints,
            steps=steps,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            metadata=dict(metadata or {}),
        )

    def _entry_for_answer(
        self,
        prompt: str,
        answer: str,
        task: str | None,
        schema: dict[str, Any] | None,
        namespace: str,
        llm_key: str,
        prompt_tokens: int,
        completion_tokens: int,
        metadata: dict[str, Any] | None,
    ) -> tuple[CacheEntry | None, np.ndarray | None]:
        plan = self._prepare(prompt, task, schema, namespace, llm_key)
        entry = self._verified_entry(plan, answer, prompt_tokens, completion_tokens, metadata)
        if entry is None:
            return None, None
        return entry, self.embedder.embed(prompt)

    # ------------------------------------------------------------------ store guard and stats
    def _store_failed(self, exc: Exception, kind: StoreOp) -> None:
        with self._stats_lock:
            self._stats.store_errors += 1
        if not self.fail_open:
            if isinstance(exc, StoreError):
                raise exc
            raise StoreError(f"cache store failed: {exc}") from exc
        self._breaker.failed(kind)
        logger.warning("stepcache store failed, answering without the cache: %s", exc)

    def _skip_store(self, kind: StoreOp) -> bool:
        if not (self.fail_open and self._breaker.is_open(kind)):
            return False
        with self._stats_lock:
            self._stats.store_skipped += 1
        return True

    def _guard_store(self, op: Any, default: Any, kind: StoreOp = "read") -> Any:
        if self._skip_store(kind):
            return default
        try:
            value = op()
        except StepCacheError as exc:
            if not isinstance(exc, StoreError):
                raise
            self._store_failed(exc, kind)
        except Exception as exc:  # driver errors (sqlite3, psycopg, OSError) become StoreError
            self._store_failed(exc, kind)
        else:
            self._breaker.succeeded(kind)
            return value
        return default

    async def _aguard_store(self, call: Any, default: Any, kind: StoreOp = "read") -> Any:
        if self._skip_store(kind):
            return default
        try:
            value = await call()
        except StepCacheError as exc:
            if not isinstance(exc, StoreError):
                raise
            self._store_failed(exc, kind)
        except Exception as exc:
            self._store_failed(exc, kind)
        else:
            self._breaker.succeeded(kind)
            return value
        return default

    def _record(self, result: StepCacheResult) -> None:
        with self._stats_lock:
            s = self._stats
            s.requests += 1
            s.outcomes[result.outcome] = s.outcomes.get(result.outcome, 0) + 1
            s.verified += int(result.verified)
            s.unverified += int(not result.verified)
            s.fallbacks += int(result.used_fallback)
            s.model_calls += result.model_calls
            s.repair_calls += result.repair_calls
            s.prompt_tokens += result.prompt_tokens
            s.completion_tokens += result.completion_tokens
            s.tokens_saved += result.tokens_saved
            for stage, seconds in result.timings.items():
                s.stage_time[stage] = s.stage_time.get(stage, 0.0) + seconds
                s.stage_count[stage] = s.stage_count.get(stage, 0) + 1


def _blank(response: LLMResponse) -> list[str]:
    # An empty reply must fail even where the kept part alone would pass the checks (a patch
    # whose regenerated suffix is empty would otherwise be served as a complete answer).
    return [] if response.text.strip() else ["the model returned an empty answer"]


def _final_errors(
    handler: TaskHandler, steps: list[Step], constraints: dict[str, Any], cached: dict[str, Any] | None
) -> list[str]:
    errors = handler.check_answer(steps, constraints)
    if not errors and cached is not None:
        errors = handler.verify(steps, constraints, cached).reasons()
    return errors


def _records(steps: list[Step], provenance: list[Provenance]) -> list[StepRecord]:
    return [
        StepRecord(index=i, text=step.text, provenance=provenance[i] if i < len(provenance) else "regenerated")
        for i, step in enumerate(steps)
    ]
