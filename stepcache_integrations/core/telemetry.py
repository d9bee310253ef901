"""OpenTelemetry for the engine: where spans and metrics go (docs/telemetry.md names every one).

Optional: ``opentelemetry-api`` is imported on first use, never by importing the package;
without it, or without an SDK provider configured, every hook is a no-op. ``Telemetry``
holds the providers and the instruments; the spans themselves are opened by the driver
hooks below. Prompt and answer text are recorded only when asked for
(``Telemetry(capture_content=True)`` or ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true``).

The engine's spans: one per operation (the flow a driver runs), one per request it fulfils.

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
import json
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from .outcomes import PROVENANCE
from .planner import CachePlan
from .requests import AddEntry, AskJudge, AskModel, EmbedPrompt, FindKeyed, GetEntry, HoldEntry, RecordHit, SearchStore
from .types import LLMResponse, StepCacheResult, otel_records

__all__ = [
    "as_telemetry",
    "CAPTURE_ENV",
    "Telemetry",
    "traced_driver",
    "traced_request",
]


SCOPE = "stepcache_integrations"
CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
MODEL_OPERATION = "text_completion"  # the engine sends a model one prompt string and reads text back
DURATION_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class Telemetry:
    """Where a ``StepCache`` sends its spans and metrics (``StepCache(telemetry=...)``).

    Args:
        tracer_provider: an OpenTelemetry ``TracerProvider``; None: the global one.
        meter_provider: an OpenTelemetry ``MeterProvider``; None: the global one.
        capture_content: record prompt and answer text on spans; None reads
            ``$OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`` (``true`` opts in). Off by default.
        enabled: False turns every hook into a no-op (``StepCache(telemetry=False)``).
    """

    def __init__(
        self,
        *,
        tracer_provider: Any = None,
        meter_provider: Any = None,
        capture_content: bool | None = None,
        enabled: bool = True,
    ) -> None:
        if capture_content is None:
            capture_content = os.environ.get(CAPTURE_ENV, "").strip().lower() in ("1", "true", "yes", "on")
        self.capture_content = capture_content
        self.enabled = enabled
        self._providers = (tracer_provider, meter_provider)
        self._lock = threading.Lock()
        self._loaded = False
        self._otel: Otel | None = None
        if enabled and "opentelemetry.trace" in sys.modules:
            self.otel()  # the API is imported already: load now, not inside the first request

    def otel(self) -> Otel | None:
        """The tracer and instruments, or None: disabled, ``opentelemetry-api`` not installed, or
        nothing would record (no provider given and no SDK set globally: checked on every call,
        so an SDK configured later is used from then on)."""
        if not self._loaded:
            with self._lock:
                if not self._loaded:
                    self._otel = Otel.load(*self._providers) if self.enabled else None
                    self._loaded = True
        otel = self._otel
        return otel if otel is not None and otel.configured() else None


def as_telemetry(value: Any) -> Telemetry:
    """``StepCache(telemetry=...)``: None/True the global providers, False off, or a ``Telemetry``."""
    if isinstance(value, Telemetry):
        return value
    if value is None or isinstance(value, bool):
        return Telemetry(enabled=value is not False)
    raise TypeError(f"telemetry must be a Telemetry, a bool or None, not {type(value).__name__}")


@dataclass
class Otel:
    """The OpenTelemetry API module, the tracer and the instruments of one ``Telemetry``."""

    trace: Any
    metrics: Any
    explicit: bool
    tracer: Any
    requests: Any
    request_duration: Any
    stage_duration: Any
    model_calls: Any
    tokens_spent: Any
    tokens_saved: Any
    model_duration: Any
    token_usage: Any

    @classmethod
    def load(cls, tracer_provider: Any, meter_provider: Any) -> Otel | None:
        try:
            from opentelemetry import metrics, trace
        except ImportError:
            return None
        tracer = trace.get_tracer(SCOPE, tracer_provider=tracer_provider)
        meter = metrics.get_meter(SCOPE, meter_provider=meter_provider)

        def seconds(name: str, description: str) -> Any:
            return meter.create_histogram(
                name, unit="s", description=description, explicit_bucket_boundaries_advisory=DURATION_BUCKETS
            )

        return cls(
            trace=trace,
            metrics=metrics,
            explicit=tracer_provider is not None or meter_provider is not None,
            tracer=tracer,
            requests=meter.create_counter("stepcache.requests", "{request}", "Answered requests"),
            request_duration=seconds("stepcache.request.duration", "Duration of one engine operation"),
            stage_duration=seconds("stepcache.stage.duration", "Duration of one stage of an operation"),
            model_calls=meter.create_counter("stepcache.model_calls", "{call}", "Model calls an answer cost"),
            tokens_spent=meter.create_counter("stepcache.tokens.spent", "{token}", "Tokens spent on model calls"),
            tokens_saved=meter.create_counter("stepcache.tokens.saved", "{token}", "Tokens the cache saved"),
            model_duration=seconds("gen_ai.client.operation.duration", "Duration of a model call"),
            token_usage=meter.create_histogram(
                "gen_ai.client.token.usage",
                unit="{token}",
                description="Tokens used per model call",
                explicit_bucket_boundaries_advisory=(1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144),
            ),
        )

    def configured(self) -> bool:
        """Whether anything records: a provider was given, or an SDK provider is set globally
        (the API's defaults are proxies and no-ops: spans and points built for them are dropped)."""
        return otel_records(self.explicit, self.trace, self.metrics)


# ---------------------------------------------------------------------------------- helpers
def set_attributes(span: Any, attributes: dict[str, Any]) -> None:
    span.set_attributes({k: v for k, v in attributes.items() if v is not None})


def provenance_counts(provenance: list[str]) -> dict[str, int]:
    return {kind: sum(1 for p in provenance if p == kind) for kind in PROVENANCE}


def messages(role: str, text: str) -> str:
    """A GenAI ``gen_ai.input.messages`` / ``gen_ai.output.messages`` value (JSON)."""
    return json.dumps([{"role": role, "parts": [{"type": "text", "content": text}]}])


def model_name(llm: Any) -> str:
    """The model's name for ``gen_ai.request.model``: its own attribute, else its type."""
    if llm is None:
        return "unknown"
    for obj in (llm, getattr(llm, "model", None), getattr(llm, "bound", None)):
        for attr in ("model_name", "model", "model_id"):
            value = getattr(obj, attr, None)
            if isinstance(value, str) and value:
                return value
    return getattr(llm, "__name__", None) or type(llm).__name__


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


#: The operation being traced in this context (the drivers take the untraced way only outside one).
OPERATION: contextvars.ContextVar[_Operation | None] = contextvars.ContextVar("stepcache_operation", default=None)


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
        token = OPERATION.set(op)
        try:
            yield op
        except BaseException as exc:
            op.failed(exc)
            raise
        finally:
            OPERATION.reset(token)


def _traced(scope: Callable[[Any, Any], AbstractContextManager[Any]]) -> Callable[[_Fn], _Fn]:
    """A decorator running a sync or async ``fn(subject, io)`` inside ``scope(subject, io)``, whose
    ``finish`` annotates the span from what ``fn`` returns."""

    def decorate(fn: _Fn) -> _Fn:
        if inspect.iscoroutinefunction(fn):

            async def awrapped(subject: Any, io: Any) -> Any:
                with scope(subject, io) as opened:
                    return opened.finish(await fn(subject, io))

            return functools.wraps(fn)(awrapped)  # type: ignore[return-value]

        def wrapped(subject: Any, io: Any) -> Any:
            with scope(subject, io) as opened:
                return opened.finish(fn(subject, io))

        return functools.wraps(fn)(wrapped)  # type: ignore[return-value]

    return decorate


def traced_driver(driver: _Fn) -> _Fn:
    """``drive`` / ``adrive`` in one span per engine operation (the flow driven)."""
    return _traced(_operation)(driver)


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
        if request.kind != "generate" and io.llm is None:
            return None  # no model at hand: the driver answers None, no call is made
        plan = op.plan
        patching = request.kind == "generate" and plan is not None and plan.outcome == "patch"
        return "patch" if patching else request.kind
    kinds = {EmbedPrompt: "embed", SearchStore: "search", FindKeyed: "problem_key", GetEntry: "get", AddEntry: "store",
             HoldEntry: "store", RecordHit: "record_hit", AskJudge: "judge"}
    return kinds.get(type(request))


@contextmanager
def _stage(request: Any, io: Any) -> Iterator[Any]:
    op = OPERATION.get()
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
        elif stage == "store" and isinstance(request, (AddEntry, HoldEntry)):
            op.stored_level = request.entry.verification
            attributes["stepcache.verification"] = request.entry.verification
        name = f"stepcache.{stage}"
    kind = op.otel.trace.SpanKind.CLIENT if model is not None else op.otel.trace.SpanKind.INTERNAL
    with op.otel.tracer.start_as_current_span(name, kind=kind, attributes=attributes) as span:
        yield _Stage(op, span, stage, time.perf_counter(), model)
        op.stage_ends["model" if model is not None and stage != "judge" else stage] = time.time_ns()


def traced_request(fulfil: _Fn) -> _Fn:
    """``_fulfil`` / ``_afulfil`` in one child span per request (embed, search, store, model call)."""
    return _traced(_stage)(fulfil)
