"""The engine's spans: one per operation (the flow a driver runs), one per request it fulfils.

:func:`traced_driver` wraps ``drive`` / ``adrive``: one span per engine operation
(``stepcache.lookup``, ``stepcache.serve``, ``stepcache.complete``, ``stepcache.store``),
annotated from what the flow returns, with the request metrics. :func:`traced_request`
wraps ``_fulfil`` / ``_afulfil``: one child span per request (embed, search, store,
record_hit, and each model call: generate, patch, repair, judge). Stages without I/O
(verify, reinstantiate, fallback) become child spans built from the durations the flow
recorded. Everything is a no-op when the driver's ``Services`` carry no telemetry, when
``opentelemetry-api`` is absent, or when no SDK is configured (docs/telemetry.md).
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from .plan import CachePlan
from .requests import AddEntry, AskJudge, AskModel, EmbedPrompt, FindKeyed, GetEntry, RecordHit, SearchStore
from .telemetry import MODEL_OPERATION, Otel, Telemetry, messages, model_name, provenance_counts, set_attributes
from .types import LLMResponse, StepCacheResult

__all__ = ["traced_driver", "traced_request"]

_FLOWS = {
    "lookup_flow": "lookup",
    "_planned_flow": "lookup",  # the problem-key tier's kept plan of a request (problem_key_tier)
    "serve_flow": "serve",
    "repeat_flow": "serve",  # the problem-key tier serves a repeated request again (problem_key_tier)
    "complete_flow": "complete",
    "store_answer_flow": "store",
    "store_checked_flow": "store",
}
_CPU_STAGES = {"lookup": (("verify", "search"), ("reinstantiate", "verify")), "complete": (("fallback", "model"),)}
_Fn = TypeVar("_Fn", bound=Callable[..., Any])


@dataclass
class _Operation:
    """One engine operation under way: its span and what its stages reported."""

    otel: Otel
    telemetry: Telemetry
    name: str
    span: Any
    args: dict[str, Any]
    started: float = field(default_factory=time.perf_counter)
    stage_ends: dict[str, int] = field(default_factory=dict)
    stored_level: str | None = None

    @property
    def plan(self) -> CachePlan | None:
        plan = self.args.get("plan")
        return plan if isinstance(plan, CachePlan) else None

    def labels(self, **extra: Any) -> dict[str, Any]:
        plan = self.plan
        base = {"stepcache.operation": self.name}
        if plan is not None:
            base.update({"stepcache.task": plan.task, "stepcache.namespace": plan.namespace})
        return {**base, **{k: v for k, v in extra.items() if v is not None}}

    def finish(self, value: Any) -> Any:
        outcome = verification = None
        recording = self.span.is_recording()
        # serve / complete return a result; storing an answer made elsewhere may return a report
        # carrying one (``result``: a LangChain global-cache miss, counted as a request)
        result = value if isinstance(value, StepCacheResult) else getattr(value, "result", None)
        if isinstance(value, CachePlan):
            outcome = value.outcome
            if recording:
                self._annotate_plan(value)
            self._cpu_stages(value.timings)
        elif isinstance(result, StepCacheResult):
            outcome, verification = result.outcome, result.verification
            if recording:
                self._annotate_result(result)
            if self.name != "store":
                self._cpu_stages(result.timings)
            self._count(result)
        elif self.name == "store":
            outcome, verification = self._store(value)
        labels = self.labels(**{"stepcache.outcome": outcome, "stepcache.verification": verification})
        self.otel.request_duration.record(time.perf_counter() - self.started, labels)
        return value

    def failed(self, exc: BaseException) -> None:
        labels = self.labels(**{"error.type": type(exc).__qualname__})
        self.otel.request_duration.record(time.perf_counter() - self.started, labels)

    def _common(self, plan: CachePlan | None) -> None:
        if plan is None:
            return
        set_attributes(self.span, {"stepcache.namespace": plan.namespace, "stepcache.llm_key": plan.llm_key,
                                   "stepcache.tier": "step"})
        if self.telemetry.capture_content:
            self.span.set_attribute("stepcache.prompt", plan.prompt)

    def _annotate_plan(self, plan: CachePlan) -> None:
        self._common(plan)
        set_attributes(self.span, {
            "stepcache.task": plan.task,
            "stepcache.outcome": plan.outcome,
            "stepcache.needs_model": plan.needs_model,
            "stepcache.similarity": plan.similarity,
            "stepcache.matched_entry_id": plan.entry.id if plan.entry is not None else None,
        })

    def _annotate_result(self, result: StepCacheResult) -> None:
        self._common(self.plan)
        counts = provenance_counts([step.provenance for step in result.steps])
        set_attributes(self.span, {
            "stepcache.task": result.task,
            "stepcache.outcome": result.outcome,
            "stepcache.verification": result.verification,
            "stepcache.verified": result.verified,
            "stepcache.checks_passed": result.checks_passed,
            "stepcache.similarity": result.similarity,
            "stepcache.matched_entry_id": result.matched_entry_id,
            "stepcache.stored_entry_id": result.stored_entry_id,
            "stepcache.model_calls": result.model_calls,
            "stepcache.repair_calls": result.repair_calls,
            "stepcache.judge_calls": result.judge_calls,
            "gen_ai.usage.input_tokens": result.prompt_tokens,
            "gen_ai.usage.output_tokens": result.completion_tokens,
            "stepcache.tokens_saved": result.tokens_saved,
            "stepcache.used_fallback": result.used_fallback,
            "stepcache.errors": len(result.errors),
            **{f"stepcache.steps.{k}": v for k, v in counts.items()},
        })
        if self.telemetry.capture_content:
            self.span.set_attribute("stepcache.answer", result.text)

    def _store(self, entry_id: Any) -> tuple[str, str]:
        """``store_answer``: an answer the model gave elsewhere (a framework's own call) was checked
        and stored or not; counted as a ``miss`` request with one model call and its tokens."""
        plan, level = self.plan, self.stored_level or "unchecked"
        tokens = (int(self.args.get("prompt_tokens") or 0), int(self.args.get("completion_tokens") or 0))
        if self.span.is_recording():
            self._common(plan)
            set_attributes(self.span, {
                "stepcache.task": plan.task if plan is not None else None,
                "stepcache.outcome": "miss",
                "stepcache.verification": level,
                "stepcache.checks_passed": self.stored_level is not None,
                "stepcache.stored_entry_id": entry_id if isinstance(entry_id, str) else None,
                "stepcache.model_calls": 1,
                "gen_ai.usage.input_tokens": tokens[0],
                "gen_ai.usage.output_tokens": tokens[1],
            })
        self.otel.requests.add(1, self.labels(**{"stepcache.outcome": "miss", "stepcache.verification": level}))
        self.otel.model_calls.add(1, self.labels(**{"stepcache.outcome": "miss", "stepcache.stage": "generate"}))
        self._tokens(tokens[0], tokens[1], 0, "miss")
        return "miss", level

    def _count(self, result: StepCacheResult) -> None:
        outcome = result.outcome
        labels = {"stepcache.outcome": outcome, "stepcache.verification": result.verification}
        self.otel.requests.add(1, self.labels(**labels))
        calls = {
            "patch" if outcome == "patch" else "generate": result.model_calls - result.repair_calls,
            "repair": result.repair_calls,
            "judge": result.judge_calls,
        }
        for stage, n in calls.items():
            if n > 0:
                self.otel.model_calls.add(n, self.labels(**{"stepcache.outcome": outcome, "stepcache.stage": stage}))
        self._tokens(result.prompt_tokens, result.completion_tokens, result.tokens_saved, outcome)

    def _tokens(self, spent_in: int, spent_out: int, saved: int, outcome: str) -> None:
        for kind, n in (("input", spent_in), ("output", spent_out)):
            if n > 0:
                self.otel.tokens_spent.add(n, self.labels(**{"stepcache.outcome": outcome, "gen_ai.token.type": kind}))
        if saved > 0:
            self.otel.tokens_saved.add(saved, self.labels(**{"stepcache.outcome": outcome}))

    def _cpu_stages(self, timings: dict[str, float]) -> None:
        """Child spans for the stages without I/O, placed after the stage they follow."""
        parent = self.otel.trace.set_span_in_context(self.span)
        for stage, after in _CPU_STAGES.get(self.name, ()):
            seconds = timings.get(stage)
            if not seconds:
                continue
            start = self.stage_ends.get(after) or getattr(self.span, "start_time", None) or time.time_ns()
            end = start + int(seconds * 1e9)
            child = self.otel.tracer.start_span(f"stepcache.{stage}", context=parent, start_time=start)
            child.set_attribute("stepcache.stage", stage)
            child.end(end_time=end)
            self.stage_ends[stage] = end
            self.otel.stage_duration.record(seconds, self.labels(**{"stepcache.stage": stage}))


_CURRENT: contextvars.ContextVar[_Operation | None] = contextvars.ContextVar("stepcache_operation", default=None)


class _Untraced:
    @staticmethod
    def finish(value: Any) -> Any:
        return value


@contextmanager
def _operation(flow: Any, io: Any) -> Iterator[Any]:
    telemetry = getattr(io, "telemetry", None)
    otel = telemetry.otel() if telemetry is not None else None
    name = _FLOWS.get(getattr(flow, "__name__", ""))
    if otel is None or name is None:
        yield _Untraced
        return
    args = inspect.getgeneratorlocals(flow) if inspect.isgenerator(flow) else {}
    with otel.tracer.start_as_current_span(f"stepcache.{name}", attributes={"stepcache.operation": name}) as span:
        op = _Operation(otel, telemetry, name, span, dict(args))
        token = _CURRENT.set(op)
        try:
            yield op
        except BaseException as exc:
            op.failed(exc)
            raise
        finally:
            _CURRENT.reset(token)


def traced_driver(driver: _Fn) -> _Fn:
    """``drive`` / ``adrive`` in one span per engine operation (the flow driven)."""
    if inspect.iscoroutinefunction(driver):

        async def adriven(flow: Any, io: Any) -> Any:
            with _operation(flow, io) as op:
                return op.finish(await driver(flow, io))

        return functools.wraps(driver)(adriven)  # type: ignore[return-value]

    def driven(flow: Any, io: Any) -> Any:
        with _operation(flow, io) as op:
            return op.finish(driver(flow, io))

    return functools.wraps(driver)(driven)  # type: ignore[return-value]


# ---------------------------------------------------------------------------------- stages
@dataclass
class _Stage:
    op: _Operation
    span: Any
    stage: str
    started: float
    model: str | None = None

    def finish(self, reply: Any) -> Any:
        seconds = time.perf_counter() - self.started
        otel, labels = self.op.otel, self.op.labels(**{"stepcache.stage": self.stage})
        otel.stage_duration.record(seconds, labels)
        if self.model is not None and isinstance(reply, LLMResponse):
            self._model_reply(reply, seconds)
        elif self.stage == "search" and isinstance(reply, list):
            self.span.set_attribute("stepcache.hits", len(reply))
            best = max((getattr(hit, "similarity", 0.0) for hit in reply), default=None)
            set_attributes(self.span, {"stepcache.similarity": best})
        return reply

    def _model_reply(self, reply: LLMResponse, seconds: float) -> None:
        otel = self.op.otel
        set_attributes(self.span, {
            "gen_ai.usage.input_tokens": reply.prompt_tokens,
            "gen_ai.usage.output_tokens": reply.completion_tokens,
            "stepcache.usage_estimated": reply.usage_estimated,
        })
        if self.op.telemetry.capture_content:
            self.span.set_attribute("gen_ai.output.messages", messages("assistant", reply.text))
        labels = {"gen_ai.operation.name": MODEL_OPERATION, "gen_ai.request.model": self.model}
        otel.model_duration.record(seconds, labels)
        for kind, n in (("input", reply.prompt_tokens), ("output", reply.completion_tokens)):
            otel.token_usage.record(n, {**labels, "gen_ai.token.type": kind})


def _stage_name(request: Any, op: _Operation, io: Any) -> str | None:
    if isinstance(request, AskModel):
        if request.kind == "repair" and io.llm is None:
            return None  # no model at hand: the driver answers None, no call is made
        plan = op.plan
        patching = request.kind == "generate" and plan is not None and plan.outcome == "patch"
        return "patch" if patching else request.kind
    kinds = {EmbedPrompt: "embed", SearchStore: "search", FindKeyed: "problem_key", GetEntry: "get", AddEntry: "store",
             RecordHit: "record_hit", AskJudge: "judge"}
    return kinds.get(type(request))


@contextmanager
def _stage(request: Any, io: Any) -> Iterator[Any]:
    op = _CURRENT.get()
    stage = _stage_name(request, op, io) if op is not None else None
    if op is None or stage is None:
        yield _Untraced
        return
    attributes: dict[str, Any] = {"stepcache.stage": stage}
    model = None
    if isinstance(request, (AskModel, AskJudge)):
        model = model_name(io.judge if isinstance(request, AskJudge) else io.llm)
        attributes.update({"gen_ai.operation.name": MODEL_OPERATION, "gen_ai.request.model": model})
        if op.telemetry.capture_content:
            attributes["gen_ai.input.messages"] = messages("user", request.prompt)
        name = f"{MODEL_OPERATION} {model}"
    else:
        if stage == "embed":
            attributes["gen_ai.operation.name"] = "embeddings"
        elif stage == "search":
            attributes["gen_ai.operation.name"] = "retrieval"
        elif stage == "store" and isinstance(request, AddEntry):
            op.stored_level = request.entry.verification
            attributes["stepcache.verification"] = request.entry.verification
        name = f"stepcache.{stage}"
    kind = op.otel.trace.SpanKind.CLIENT if model is not None else op.otel.trace.SpanKind.INTERNAL
    with op.otel.tracer.start_as_current_span(name, kind=kind, attributes=attributes) as span:
        yield _Stage(op, span, stage, time.perf_counter(), model)
        op.stage_ends["model" if model is not None and stage != "judge" else stage] = time.time_ns()


def traced_request(fulfil: _Fn) -> _Fn:
    """``_fulfil`` / ``_afulfil`` in one child span per request (embed, search, store, model call)."""
    if inspect.iscoroutinefunction(fulfil):

        async def afulfilled(request: Any, io: Any) -> Any:
            with _stage(request, io) as stage:
                return stage.finish(await fulfil(request, io))

        return functools.wraps(fulfil)(afulfilled)  # type: ignore[return-value]

    def fulfilled(request: Any, io: Any) -> Any:
        with _stage(request, io) as stage:
            return stage.finish(fulfil(request, io))

    return functools.wraps(fulfil)(fulfilled)  # type: ignore[return-value]
