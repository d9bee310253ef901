"""One body for an adapter method and its async twin, and the answer flow both adapters run.

A twin flow is a generator that yields :class:`Io` steps (a sync callable, its async
twin and their arguments) and returns the method's result. :func:`run` fulfils the steps
with the sync callables, :func:`arun` with the async ones, so the public method and its
``a``-twin are one line each and cannot drift. An exception raised by a step is thrown
back into the flow at its ``yield``, so the flow handles it with a plain ``try``.

A streaming flow also yields :class:`Emit` items, which :func:`run_stream` and
:func:`arun_stream` hand to their consumer; :func:`pull` reads an inner stream one item
at a time (an iterator in the sync driver, an async iterator in the async one).

:func:`answer_flow` is the adapters' flow once, one generator deep: serve a plan the cache
answers alone, or call the model through the declared :class:`AdapterModel` interface and let
the engine finish the answer in one step (:func:`finish_step`: check, repair, fall back, store).

The record both adapters attach to a response, their stream bookkeeping and their log line.

Both adapters do the same thing around a :class:`~stepcache_integrations.core.engine.StepCache`:
answer from the cache, or stream the verified prefix and then the model's tokens,
finalize, and send a closing chunk with the cache's account of the request (the flow itself:
above). The account, framework-free:

* :class:`StepCacheSummary` - the one schema of the ``stepcache`` metadata record that
  both adapters attach to responses (see docs/guarantees.md: "Response metadata");
* :func:`summarize` / :func:`bypass_summary` - build that record;
* :class:`StreamSession` - the bookkeeping of one streamed answer: the verified prefix,
  the model's deltas, and at the close the tail still to send and whether text already
  sent was ``revised`` (replaced) by verification or repair;
* :func:`log_request` - the one INFO line per request every adapter logs (:func:`request_key`,
  :func:`prompt_difference`, :func:`result_event`), with the record on the log record.

One name per concept: ``provenance`` is the per-step list (``provenance_counts`` the
per-kind count), ``revised`` flags a stream whose sent text was replaced, and
``json_schema`` is the JSON Schema option of every adapter.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pydantic import BaseModel, Field, computed_field

from ..core.llm import TextModel
from ..core.outcomes import CACHE_ALONE_OUTCOMES, SummaryOutcome
from ..core.types import Provenance, StepCacheResult, VerificationLevel
from .tiers import Tier, TierDecision, cut_off_failures

__all__ = [
    "AdapterModel",
    "Answer",
    "answer_flow",
    "arun",
    "arun_stream",
    "bypass_summary",
    "Emit",
    "END",
    "event",
    "exact_event",
    "exact_summary",
    "finish_step",
    "Io",
    "log_request",
    "METADATA_KEY",
    "opened",
    "prompt_difference",
    "pull",
    "relay",
    "request_key",
    "result_event",
    "revise_record",
    "run",
    "run_stream",
    "StepCacheSummary",
    "StreamClose",
    "StreamFlow",
    "StreamSession",
    "summarize",
    "SummaryOutcome",
    "SummaryStep",
    "TwinFlow",
]


if TYPE_CHECKING:  # annotations only: importing the flow and the record loads no engine
    from ..core.engine import CachePlan, StepCache
    from ..core.exact_tier import ExactHit
    from ..core.types import LLMResponse


T = TypeVar("T")


@dataclass(frozen=True)
class Io:
    """One I/O step: ``sync(*args, **kwargs)`` in the sync driver, ``await async_(...)`` in the async one."""

    sync: Callable[..., Any]
    async_: Callable[..., Awaitable[Any]]
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, sync: Callable[..., Any], async_: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> Io:
        """The step calling ``sync`` (or ``async_``) with these arguments."""
        return cls(sync, async_, args, kwargs)


@dataclass(frozen=True)
class Emit:
    """An item for the consumer of a streaming flow (not an I/O step)."""

    item: Any


TwinFlow = Generator[Io, Any, T]
"""A generator yielding :class:`Io` steps and returning the method's result."""

StreamFlow = Generator["Io | Emit", Any, None]
"""A generator yielding :class:`Io` steps and :class:`Emit` items."""


class _End:
    def __repr__(self) -> str:
        return "END"


END: Any = _End()
"""What :func:`pull` gives once the inner stream is exhausted."""


def _next(iterator: Iterator[Any]) -> Any:
    return next(iterator, END)


async def _anext(iterator: AsyncIterator[Any]) -> Any:
    return await anext(iterator, END)


def pull(stream: Any) -> Io:
    """The step reading the next item of ``stream``, or :data:`END`."""
    return Io.of(_next, _anext, stream)


def opened(open_async: Callable[..., AsyncIterator[Any]]) -> Callable[..., Awaitable[AsyncIterator[Any]]]:
    """``open_async`` (which returns an async iterator without being awaited) as an awaitable step."""

    async def open_stream(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        return open_async(*args, **kwargs)

    return open_stream


def relay(open_step: Io) -> StreamFlow:
    """Open a stream with ``open_step`` and emit every item of it."""
    stream = yield open_step
    while (item := (yield pull(stream))) is not END:
        yield Emit(item)


def run(flow: TwinFlow[T]) -> T:
    """Drive ``flow`` with the sync callables."""
    state = _State()
    while (step := state.resume(flow)) is not None:
        state.settle(step)
    return state.result  # type: ignore[no-any-return]


async def arun(flow: TwinFlow[T]) -> T:
    """Drive ``flow`` with the async callables."""
    state = _State()
    while (step := state.resume(flow)) is not None:
        await state.asettle(step)
    return state.result  # type: ignore[no-any-return]


def run_stream(flow: StreamFlow) -> Generator[Any, None, None]:
    """Drive a streaming flow with the sync callables, yielding what it emits."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            if isinstance(step, Emit):
                yield step.item
            else:
                state.settle(step)
    finally:
        flow.close()


async def arun_stream(flow: StreamFlow) -> AsyncIterator[Any]:
    """Drive a streaming flow with the async callables, yielding what it emits."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            if isinstance(step, Emit):
                yield step.item
            else:
                await state.asettle(step)
    finally:
        flow.close()


class _State:
    """The last step's value or error (handed to the flow once), and its result once it returns."""

    def __init__(self) -> None:
        self.value: Any = None
        self.error: Exception | None = None
        self.result: Any = None

    def resume(self, flow: Generator[Any, Any, Any]) -> Any:
        """Hand the last outcome to the flow; its next step, or None when it returned."""
        value, error = self.value, self.error
        self.value, self.error = None, None
        try:
            return flow.throw(error) if error is not None else flow.send(value)
        except StopIteration as done:
            self.result = done.value
            return None

    def settle(self, step: Io) -> None:
        try:
            self.value = step.sync(*step.args, **step.kwargs)
        except Exception as exc:  # handed to the flow, which re-raises what it does not handle
            self.error = exc

    async def asettle(self, step: Io) -> None:
        try:
            self.value = await step.async_(*step.args, **step.kwargs)
        except Exception as exc:
            self.error = exc


# ----------------------------------------------------------------------------- the answer flow
class AdapterModel(TextModel, Protocol):
    """The model interface of an adapter's flow: the framework's own call, and how its output reads.

    ``call`` / ``acall`` send an engine request (generation or patch prompt) to the framework
    model and return its output as the framework gives it; ``response`` reads that output as the
    engine's :class:`LLMResponse` (text, token usage); ``rejects`` says what is wrong with the
    output beyond its text (e.g. a tool request answered without a tool call; empty: nothing);
    ``entry_metadata`` is what the entry keeps to rebuild the framework's output later.
    ``respond`` / ``arespond`` (the engine's :class:`~stepcache_integrations.core.llm.TextModel`)
    answer the engine's own requests (repairs) as :class:`LLMResponse`.
    """

    def call(self, prompt: str) -> Any: ...

    def acall(self, prompt: str) -> Awaitable[Any]: ...

    def response(self, raw: Any, prompt: str) -> LLMResponse: ...

    def rejects(self, raw: Any) -> list[str]: ...

    def entry_metadata(self, plan: CachePlan, raw: Any) -> dict[str, Any] | None: ...

    def respond(self, prompt: str) -> LLMResponse: ...

    def arespond(self, prompt: str) -> Awaitable[LLMResponse]: ...


@dataclass(frozen=True)
class Answer:
    """What :func:`answer_flow` produced: the engine's result and the model's own output (None
    when the cache answered alone)."""

    result: StepCacheResult
    raw: Any = None


def answer_flow(engine: StepCache, plan: CachePlan, model: AdapterModel) -> TwinFlow[Answer]:
    """Serve ``plan`` from the cache, or call ``model`` for its generation prompt and have the
    engine finish the answer (:func:`finish_step`)."""
    if not plan.needs_model:
        return Answer((yield Io.of(engine.serve, engine.aserve, plan)))
    assert plan.generation_prompt is not None
    raw = yield Io.of(model.call, model.acall, plan.generation_prompt)
    return Answer((yield finish_step(engine, plan, model, raw)), raw)


def finish_step(engine: StepCache, plan: CachePlan, model: AdapterModel, raw: Any) -> Io:
    """The step in which the engine finishes the model's output ``raw`` for ``plan`` (e.g. a stream's
    merged chunks): check it, repair it through ``model``, fall back, store it if it passed its
    checks; its value is the :class:`StepCacheResult`."""
    assert plan.generation_prompt is not None
    return Io.of(
        engine.finalize,
        engine.afinalize,
        plan,
        model.response(raw, plan.generation_prompt),
        llm=model,
        metadata=model.entry_metadata(plan, raw),
        rejected=model.rejects(raw),
        length_limit=getattr(model, "limit", None),  # the request's max_tokens (ModelCaller, InnerCaller)
        failed=cut_off_failures(raw, getattr(model, "limit", None)),
    )


METADATA_KEY = "stepcache"
"""The key of the summary record in every framework's response metadata."""


class SummaryStep(BaseModel):
    """One step of the answer and where it came from."""

    index: int
    provenance: Provenance
    text: str


class StepCacheSummary(BaseModel):
    """What the cache did for one request: the ``stepcache`` metadata record of both adapters.

    ``verification`` says what the checks established about the answer: "proven" (a checker
    proved every part of it for this prompt), "checked" (it passed the task's checks, which do
    not determine all of it) or "unchecked" (nothing judged it, it failed its checks, or it was
    not answered through the cache); ``verified`` is ``verification == "proven"`` (see docs/guarantees.md:
    "What verified means"). ``provenance`` lists each step's origin in order; ``streamed`` is True for a
    streamed answer and ``revised`` then says that text already sent was replaced: ``text`` holds
    the answer the checks passed (authoritative over the streamed deltas) and ``text_verification``
    what they established about it, while ``verification`` describes what was streamed: the
    model's replaced text, "unchecked" (so ``verified`` is False on the joined stream).
    """

    outcome: SummaryOutcome
    verification: VerificationLevel = "unchecked"
    task: str | None = None
    steps: list[SummaryStep] = Field(default_factory=list)
    provenance: list[Provenance] = Field(default_factory=list)
    provenance_counts: dict[str, int] = Field(default_factory=dict)
    similarity: float | None = None
    matched_entry_id: str | None = None
    stored_entry_id: str | None = None
    model_calls: int = 0
    repair_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tokens_saved: int = 0
    used_fallback: bool = False
    errors: list[str] = Field(default_factory=list)
    namespace: str | None = None
    llm_key: str | None = None
    streamed: bool = False
    revised: bool = False
    text: str | None = None
    text_verification: VerificationLevel | None = None
    reason: str | None = None
    tier: Tier = "step"
    tier_reasons: list[str] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def verified(self) -> bool:
        """A checker proved every part of the answer for this prompt."""
        return self.verification == "proven"

    def record(self) -> dict[str, Any]:
        """The JSON-safe dict that goes into response metadata."""
        return self.model_dump(mode="json")


def summarize(
    result: StepCacheResult,
    *,
    namespace: str | None = None,
    llm_key: str | None = None,
    streamed: bool = False,
    revised: bool = False,
) -> dict[str, Any]:
    """The ``stepcache`` record of one engine result (a plain dict, JSON-safe)."""
    steps = [SummaryStep(index=s.index, provenance=s.provenance, text=s.text) for s in result.steps]
    return StepCacheSummary(
        outcome=result.outcome,
        verification="unchecked" if revised else result.verification,  # what was streamed
        task=result.task,
        steps=steps,
        provenance=[s.provenance for s in result.steps],
        provenance_counts=result.provenance_counts(),
        similarity=result.similarity,
        matched_entry_id=result.matched_entry_id,
        stored_entry_id=result.stored_entry_id,
        model_calls=result.model_calls,
        repair_calls=result.repair_calls,
        prompt_tokens=result.prompt_tokens,
        completion_tokens=result.completion_tokens,
        tokens_saved=result.tokens_saved,
        used_fallback=result.used_fallback,
        errors=list(result.errors),
        namespace=namespace,
        llm_key=llm_key,
        streamed=streamed,
        revised=revised,
        text=result.text if revised else None,
        text_verification=result.verification if revised else None,
    ).record()


def revise_record(record: dict[str, Any], text: str) -> dict[str, Any]:
    """A streamed answer's record once text already sent was replaced by ``text`` (the answer the
    checks passed): the streamed content is "unchecked", ``text_verification`` keeps the level."""
    level = record.get("verification", "unchecked")
    return {**record, "streamed": True, "revised": True, "text": text, "text_verification": level,
            "verification": "unchecked", "verified": False}


def bypass_summary(reason: str, *, namespace: str | None = None, llm_key: str | None = None,
                   decision: TierDecision | None = None) -> dict[str, Any]:
    """The record of a request sent straight to the model (tier ``none``: nothing kept or served)."""
    tier = decision.record() if decision is not None else {"tier": "none", "tier_reasons": [reason]}
    return StepCacheSummary(
        outcome="bypass", verification="unchecked", reason=reason, model_calls=1, namespace=namespace, llm_key=llm_key,
        **tier,
    ).record()


def exact_summary(decision: TierDecision, *, hit: ExactHit | None, stored_entry_id: str | None = None,
                  namespace: str | None = None, llm_key: str | None = None, streamed: bool = False,
                  usage: tuple[int, int] = (0, 0), reason: str | None = None) -> dict[str, Any]:
    """The record of an exact-tier request: ``hit`` served (outcome ``exact``, no model call), else the
    model answered (outcome ``miss``) and its answer was stored as ``stored_entry_id``. Never
    verified: the exact tier replays the model's own answer, no checker read it."""
    served = hit is not None
    return StepCacheSummary(
        outcome="exact" if served else "miss", verification="unchecked", model_calls=0 if served else 1,
        matched_entry_id=hit.entry_id if hit is not None else None, stored_entry_id=stored_entry_id,
        prompt_tokens=0 if served else usage[0], completion_tokens=0 if served else usage[1],
        namespace=namespace, llm_key=llm_key, streamed=streamed,
        reason=None if served else (reason or "exact tier: no answer cached for this request"), **decision.record(),
    ).record()


@dataclass(frozen=True)
class StreamClose:
    """The end of a streamed answer: the text still to send and whether sent text was replaced."""

    tail: str
    revised: bool


class StreamSession:
    """Bookkeeping of one streamed answer (framework-free).

    Call :meth:`prefix` with the plan's verified prefix (a patch), :meth:`feed` with each
    model delta as it is sent, then :meth:`close` with the verified final text: it returns
    the ``tail`` still to send, or ``revised=True`` when the text already sent is not a
    prefix of the final text (then the final text replaces it; nothing is appended).
    """

    def __init__(self) -> None:
        self.emitted = ""
        self.generated = ""

    def prefix(self, text: str) -> str:
        """Record the verified prefix as sent; return the text sent so far."""
        self.emitted += text
        return self.emitted

    def feed(self, delta: str) -> str:
        """Record a model delta as sent; return the text sent so far."""
        self.generated += delta
        self.emitted += delta
        return self.emitted

    def close(self, final_text: str) -> StreamClose:
        """The tail to send after the model's last delta, and whether sent text was revised."""
        if final_text.startswith(self.emitted):
            return StreamClose(tail=final_text[len(self.emitted) :], revised=False)
        return StreamClose(tail="", revised=True)


# ----------------------------------------------------------------------------- log lines
_SHOWN = 60  # characters of a prompt a log line shows
_CONTEXT = 12  # characters shown before the first difference


def _digest(text: str, size: int) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:size]


def request_key(namespace: str | None, llm_key: str | None, prompt: str) -> str:
    """A short stable key of one request: ``<model key digest>/<namespace>/<prompt digest>``.

    Equal for equal requests and different for different prompts, whatever they share (three
    questions under one long system prompt get three keys); no prompt text in it.
    """
    return f"{_digest(llm_key or '', 8)}/{namespace or '-'}/{_digest(prompt, 10)}"


def prompt_difference(prompt: str, nearest: str | None = None, width: int = _SHOWN) -> str:
    """The part of ``prompt`` a log line shows: where it differs from ``nearest`` (the cached
    candidate's prompt, whitespace runs read as one space), else its tail - never its head, which
    requests under one system prompt share."""
    flat = " ".join(prompt.split())
    if nearest is not None:
        other = " ".join(nearest.split())
        if other == flat:
            return "same text as the candidate"
        start = next((i for i, (a, b) in enumerate(zip(flat, other)) if a != b), min(len(flat), len(other)))
        limit = min(len(flat), len(other)) - start
        end = next((i for i in range(limit) if flat[-1 - i] != other[-1 - i]), limit)
        left = max(0, start - _CONTEXT)
        shown = flat[left : len(flat) - end] or flat[left : start + 1]
        if len(shown) > width:
            shown = shown[: width - 3] + "..."
        return f"differs from the candidate at {start}: {('...' if left else '') + shown + ('...' if end else '')!r}"
    tail = flat if len(flat) <= width else "..." + flat[-(width - 3) :]
    return f"ends {tail!r}"


def event(outcome: SummaryOutcome, *details: str) -> str:
    """How a log line says what the cache did (its own function here, on the path every log line
    takes: the vocabulary module stays data): the outcome's name first, exactly as ``stats()``
    counts it, then its details: ``event("skip_reuse", "candidate failed verification")``."""
    return f"{outcome} ({', '.join(details)})" if details else outcome


def result_event(result: StepCacheResult) -> str:
    """What a request answered through the engine came to, as a log line says it: its outcome
    first (``core.outcomes.event``), then what was served or stored."""
    level, failures = result.verification, "; ".join(result.errors[:2])
    if result.outcome in CACHE_ALONE_OUTCOMES or (result.outcome == "patch" and result.checks_passed):
        return event(result.outcome, level)
    if result.outcome == "patch":
        return event(result.outcome, f"failed verification: {failures}")
    found = event(result.outcome, "no cached candidate" if result.matched_entry_id is None
                  else "candidate failed verification")
    if result.stored_entry_id is not None:
        return f"{found}, stored the answer ({level})"
    if not result.checks_passed:
        return f"{found}, not stored (failed verification: {failures})"
    return f"{found}, not stored (store write failed or skipped)"


def exact_event(record: dict[str, Any]) -> str:
    """What an exact-tier request came to, as a log line says it (from its ``exact_summary`` record)."""
    if record["outcome"] == "exact":
        return event("exact", record["verification"])
    stored = "stored the answer" if record.get("stored_entry_id") else "not stored"
    return f"{event(record['outcome'], 'exact tier')}, {stored}"


def log_request(
    logger: logging.Logger,
    event: str,
    *,
    namespace: str | None,
    llm_key: str | None,
    prompt: str,
    nearest: str | None = None,
    record: dict[str, Any] | None = None,
) -> None:
    """The INFO line of one request, the same in every adapter:
    ``stepcache: <event> for <request_key> <prompt_difference>``; ``record`` (the ``stepcache``
    record, when there is one) rides on the log record as its ``stepcache`` attribute."""
    if not logger.isEnabledFor(logging.INFO):
        return
    logger.info(
        "stepcache: %s for %s %s",
        event,
        request_key(namespace, llm_key, prompt),
        prompt_difference(prompt, nearest),
        extra={METADATA_KEY: record},
    )
