"""OpenTelemetry spans and metrics (docs/telemetry.md), read with the SDK's in-memory exporters.

One test per path of issue 21 (a global-cache hit, a global-cache miss, a patch, a wrapper
stream), then what must hold on every path: no prompt text unless asked for, and nothing
recorded (and nothing raised) without an SDK or without OpenTelemetry at all.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from langchain_core.globals import set_llm_cache
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.telemetry import Telemetry
from tests.unit.test_langchain_fakes import (
    MATH_A,
    MATH_Q,
    MATH_WRONG,
    SYS_A,
    SYS_Q,
    SYS_Q2,
    SYS_SUFFIX,
    ai,
    scripted,
    usage,
)


@dataclass
class Otel:
    """A ``Telemetry`` wired to in-memory exporters (never the global providers)."""

    telemetry: Telemetry
    spans_out: InMemorySpanExporter
    reader: InMemoryMetricReader

    def spans(self) -> list[ReadableSpan]:
        return list(self.spans_out.get_finished_spans())

    def span(self, name: str, **attributes: Any) -> ReadableSpan:
        found = [s for s in self.spans() if s.name == name and _has(s.attributes, attributes)]
        assert len(found) == 1, (name, attributes, [(s.name, dict(s.attributes or {})) for s in self.spans()])
        return found[0]

    def children(self, parent: ReadableSpan) -> dict[str, ReadableSpan]:
        return {s.name: s for s in self.spans() if s.parent is not None and s.parent.span_id == parent.context.span_id}

    def points(self, metric: str) -> list[tuple[dict[str, Any], Any]]:
        """(attributes, value or histogram count) of every data point of ``metric``."""
        data = self.reader.get_metrics_data()
        out = []
        for rm in data.resource_metrics if data is not None else []:
            for sm in rm.scope_metrics:
                for m in sm.metrics:
                    if m.name == metric:
                        for p in m.data.data_points:
                            out.append((dict(p.attributes), p.value if hasattr(p, "value") else p.count))
        return out

    def total(self, metric: str, **attributes: Any) -> Any:
        return sum(v for a, v in self.points(metric) if _has(a, attributes))


def _has(actual: Any, expected: dict[str, Any]) -> bool:
    return all((actual or {}).get(k) == v for k, v in expected.items())


@pytest.fixture
def otel() -> Iterator[Otel]:
    spans_out = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(spans_out))
    reader = InMemoryMetricReader()
    meter_provider = MeterProvider(metric_readers=[reader])
    yield Otel(Telemetry(tracer_provider=tracer_provider, meter_provider=meter_provider), spans_out, reader)
    tracer_provider.shutdown()
    meter_provider.shutdown()


@pytest.fixture
def llm_cache() -> Iterator[None]:
    yield
    set_llm_cache(None)


def _stage_spans_are_children(otel: Otel, parent: ReadableSpan, *stages: str) -> None:
    children = otel.children(parent)
    for stage in stages:
        assert f"stepcache.{stage}" in children, (stage, sorted(children))
        child = children[f"stepcache.{stage}"]
        assert child.attributes["stepcache.stage"] == stage
        assert parent.start_time <= child.start_time <= child.end_time
        assert otel.total("stepcache.stage.duration", **{"stepcache.stage": stage}) >= 1


# ----------------------------------------------------------------------------- the four paths
@pytest.mark.parametrize("keyed", [False, True], ids=["semantic", "problem_key"])
def test_global_cache_hit(otel: Otel, llm_cache: None, keyed: bool) -> None:
    """The semantic path (the problem-key tier off): embed, search, verify; with the tier (the
    default) the entry is found by a dictionary lookup: problem_key and verify, never embed or search."""
    cache = StepCacheLLMCache(StepCache(telemetry=otel.telemetry, problem_keys=keyed))
    set_llm_cache(cache)
    model = scripted(ai(MATH_A, usage_metadata=usage(25, 31)))
    model.invoke(MATH_Q)
    otel.spans_out.clear()
    hit = model.invoke(MATH_Q)
    assert hit.response_metadata["stepcache"]["outcome"] == "reuse" and len(model.calls) == 1

    lookup = otel.span("stepcache.lookup")
    assert _has(lookup.attributes, {
        "stepcache.operation": "lookup", "stepcache.outcome": "reuse", "stepcache.task": "linear_equation",
        "stepcache.namespace": "langchain", "stepcache.needs_model": False,
    })
    assert lookup.attributes["stepcache.matched_entry_id"]
    if keyed:
        assert "stepcache.similarity" not in lookup.attributes
        _stage_spans_are_children(otel, lookup, "problem_key", "verify")
        assert not [s for s in otel.spans() if s.name in ("stepcache.embed", "stepcache.search")]
    else:
        assert lookup.attributes["stepcache.similarity"] > 0.99
        _stage_spans_are_children(otel, lookup, "embed", "search", "verify")
    serve = otel.span("stepcache.serve")
    assert _has(serve.attributes, {
        "stepcache.outcome": "reuse", "stepcache.verification": "proven", "stepcache.verified": True,
        "stepcache.steps.reused": 3, "stepcache.steps.regenerated": 0, "stepcache.model_calls": 0,
        "stepcache.tokens_saved": 56, "stepcache.namespace": "langchain",
    })
    _stage_spans_are_children(otel, serve, "record_hit")
    assert not [s for s in otel.spans() if s.name.startswith("text_completion")]  # no model call

    served = {"stepcache.operation": "serve", "stepcache.outcome": "reuse", "stepcache.verification": "proven"}
    assert otel.total("stepcache.requests", **served, **{"stepcache.task": "linear_equation"}) == 1
    assert otel.total("stepcache.tokens.saved", **{"stepcache.outcome": "reuse"}) == 56
    assert otel.total("stepcache.request.duration", **served) == 1
    looked_up = {"stepcache.operation": "lookup", "stepcache.outcome": "reuse"}
    assert otel.total("stepcache.request.duration", **looked_up) == 1


def test_global_cache_miss(otel: Otel, llm_cache: None) -> None:
    cache = StepCacheLLMCache(StepCache(telemetry=otel.telemetry))
    set_llm_cache(cache)
    model = scripted(ai(MATH_A, usage_metadata=usage(25, 31)))
    model.invoke(MATH_Q)
    assert len(model.calls) == 1

    lookup = otel.span("stepcache.lookup")
    assert _has(
        lookup.attributes, {"stepcache.outcome": "miss", "stepcache.needs_model": True, "stepcache.namespace": "langchain"}
    )
    assert "stepcache.matched_entry_id" not in lookup.attributes
    _stage_spans_are_children(otel, lookup, "embed", "search", "verify")
    assert otel.span("stepcache.search").attributes["stepcache.hits"] == 0
    # LangChain called the model; update() handed its answer to the engine: the request ends at the store
    stored = otel.span("stepcache.store", **{"stepcache.operation": "store"})
    assert _has(stored.attributes, {
        "stepcache.outcome": "miss", "stepcache.verification": "proven", "stepcache.task": "linear_equation",
        "stepcache.checks_passed": True, "gen_ai.usage.input_tokens": 25, "gen_ai.usage.output_tokens": 31,
    })
    assert stored.attributes["stepcache.stored_entry_id"]
    add = otel.children(stored)["stepcache.store"]
    assert add.attributes["stepcache.verification"] == "proven"

    missed = {"stepcache.operation": "store", "stepcache.outcome": "miss", "stepcache.verification": "proven"}
    assert otel.total("stepcache.requests", **missed) == 1
    assert otel.total("stepcache.requests") == 1  # one request, counted once
    assert otel.total("stepcache.model_calls", **{"stepcache.outcome": "miss"}) == 1
    assert otel.total("stepcache.tokens.spent", **{"gen_ai.token.type": "input"}) == 25
    assert otel.total("stepcache.tokens.spent", **{"gen_ai.token.type": "output"}) == 31
    assert otel.total("stepcache.tokens.saved") == 0


def test_patch_through_the_engine(otel: Otel) -> None:
    cache = StepCache(telemetry=otel.telemetry, reinstantiate=False, max_regen_share=0.8)
    model = scripted(ai(SYS_A, usage_metadata=usage(30, 60)), ai(SYS_SUFFIX, usage_metadata=usage(70, 20)))
    cache.generate(SYS_Q, model, namespace="ns1")
    otel.spans_out.clear()
    result = cache.generate(SYS_Q2, model, namespace="ns1")
    assert result.outcome == "patch" and result.verified

    lookup = otel.span("stepcache.lookup", **{"stepcache.outcome": "patch"})
    assert lookup.attributes["stepcache.needs_model"] is True and lookup.attributes["stepcache.similarity"] > 0.5
    complete = otel.span("stepcache.complete")
    assert _has(complete.attributes, {
        "stepcache.outcome": "patch", "stepcache.verification": "proven", "stepcache.namespace": "ns1",
        "stepcache.steps.reused": 2, "stepcache.steps.regenerated": 3, "stepcache.model_calls": 1,
        "gen_ai.usage.input_tokens": 70, "gen_ai.usage.output_tokens": 20, "stepcache.tokens_saved": 0,
    })
    call = otel.span("text_completion scripted-chat")
    assert call.parent is not None and call.parent.span_id == complete.context.span_id
    assert call.kind.name == "CLIENT"
    assert _has(call.attributes, {
        "gen_ai.operation.name": "text_completion", "gen_ai.request.model": "scripted-chat", "stepcache.stage": "patch",
        "gen_ai.usage.input_tokens": 70, "gen_ai.usage.output_tokens": 20, "stepcache.usage_estimated": False,
    })
    _stage_spans_are_children(otel, complete, "store")

    patched = {"stepcache.outcome": "patch", "stepcache.namespace": "ns1"}
    assert otel.total("stepcache.requests", **patched, **{"stepcache.verification": "proven"}) == 1
    assert otel.total("stepcache.model_calls", **patched, **{"stepcache.stage": "patch"}) == 1
    assert otel.total("stepcache.tokens.spent", **patched, **{"gen_ai.token.type": "output"}) == 20
    assert otel.total("stepcache.stage.duration", **{"stepcache.stage": "patch"}) == 1
    model_labels = {"gen_ai.operation.name": "text_completion", "gen_ai.request.model": "scripted-chat"}
    # the GenAI client metrics count every model call the engine made: the first answer and the patch
    assert otel.total("gen_ai.client.operation.duration", **model_labels) == 2
    assert otel.total("gen_ai.client.token.usage", **model_labels, **{"gen_ai.token.type": "input"}) == 2


def test_wrapper_stream_miss_then_reuse(otel: Otel) -> None:
    cached = with_step_cache(scripted(ai(MATH_A, usage_metadata=usage(25, 31))), StepCache(telemetry=otel.telemetry))
    chunks = list(cached.stream(MATH_Q))
    assert sum(chunks[1:], chunks[0]).response_metadata["stepcache"]["outcome"] == "miss"

    assert otel.span("stepcache.lookup").attributes["stepcache.outcome"] == "miss"
    complete = otel.span("stepcache.complete")  # finalize: the streamed answer, checked and stored
    assert _has(complete.attributes, {
        "stepcache.outcome": "miss", "stepcache.verification": "proven", "stepcache.model_calls": 1,
        "stepcache.steps.regenerated": 3, "stepcache.namespace": "langchain",
    })
    _stage_spans_are_children(otel, complete, "store")
    assert otel.total("stepcache.requests", **{"stepcache.operation": "complete", "stepcache.outcome": "miss"}) == 1

    otel.spans_out.clear()
    again = list(cached.stream(MATH_Q))
    assert "".join(c.content for c in again) == MATH_A
    assert otel.span("stepcache.serve").attributes["stepcache.outcome"] == "reuse"
    assert otel.total("stepcache.requests", **{"stepcache.operation": "serve", "stepcache.outcome": "reuse"}) == 1
    assert otel.total("stepcache.requests") == 2


async def test_async_twin_records_the_same_spans(otel: Otel) -> None:
    cache = StepCache(telemetry=otel.telemetry)
    model = scripted(ai(MATH_A, usage_metadata=usage(25, 31)))
    await cache.agenerate(MATH_Q, model)
    await cache.agenerate(MATH_Q, model)
    names = sorted(s.name for s in otel.spans())
    assert names.count("stepcache.lookup") == 2 and names.count("stepcache.complete") == 1
    assert names.count("stepcache.serve") == 1 and names.count("text_completion scripted-chat") == 1
    call = otel.span("text_completion scripted-chat")
    assert call.parent.span_id == otel.span("stepcache.complete").context.span_id
    assert otel.total("stepcache.requests") == 2


def test_a_failing_model_call_marks_its_spans(otel: Otel) -> None:
    def broken(prompt: str) -> str:
        raise RuntimeError("model down")

    with pytest.raises(RuntimeError):
        StepCache(telemetry=otel.telemetry).generate(MATH_Q, broken)
    complete, call = otel.span("stepcache.complete"), otel.span("text_completion broken")
    assert complete.status.status_code == call.status.status_code == StatusCode.ERROR
    assert otel.total("stepcache.request.duration", **{"error.type": "RuntimeError"}) == 1
    assert otel.total("stepcache.requests") == 0


def test_a_failed_answer_without_a_repair_model_falls_back(otel: Otel) -> None:
    cache = StepCache(telemetry=otel.telemetry)
    plan = cache.lookup(MATH_Q)
    result = cache.finalize(plan, MATH_WRONG)  # no llm: no repair call, the fallback answers
    assert result.used_fallback and result.repair_calls == 0
    complete = otel.span("stepcache.complete")
    assert _has(complete.attributes, {"stepcache.used_fallback": True, "stepcache.steps.fallback": len(result.steps)})
    _stage_spans_are_children(otel, complete, "fallback", "store")
    assert not [s for s in otel.spans() if s.name.startswith("text_completion")]
    assert otel.total("stepcache.model_calls", **{"stepcache.stage": "repair"}) == 0


def test_a_judged_reuse_shows_the_judge_call(otel: Otel) -> None:
    def judge(prompt: str) -> str:
        return "YES - same question, reworded."

    cache = StepCache(telemetry=otel.telemetry, judge=judge)
    cache.generate("Which river flows through the city of Lyon in France?", lambda prompt: "The Rhone flows through Lyon.")
    otel.spans_out.clear()
    result = cache.generate("Which river runs through the city of Lyon in France?", lambda prompt: "unused")
    assert result.outcome == "reuse" and result.judge_calls == 1 and result.verification == "unchecked"
    lookup = otel.span("stepcache.lookup")
    call = otel.span("text_completion judge")
    assert call.parent.span_id == lookup.context.span_id and call.attributes["stepcache.stage"] == "judge"
    assert _has(otel.span("stepcache.serve").attributes, {"stepcache.verification": "unchecked", "stepcache.judge_calls": 1})
    judged = {"stepcache.outcome": "reuse", "stepcache.stage": "judge"}
    assert otel.total("stepcache.model_calls", **judged) == 1
    assert otel.total("stepcache.requests", **{"stepcache.outcome": "reuse", "stepcache.verification": "unchecked"}) == 1


# ----------------------------------------------------------------------------- privacy and no-ops
def _every_path(telemetry: Telemetry) -> list[str]:
    """Run every path once; return the prompt and answer texts they saw."""
    set_llm_cache(StepCacheLLMCache(StepCache(telemetry=telemetry)))
    model = scripted(MATH_A, MATH_A)
    model.invoke(MATH_Q)
    model.invoke(MATH_Q)
    set_llm_cache(None)
    engine = StepCache(telemetry=telemetry, reinstantiate=False, max_regen_share=0.8)
    engine.generate(SYS_Q, scripted(SYS_A))
    engine.generate(SYS_Q2, scripted(SYS_SUFFIX))
    list(with_step_cache(scripted(MATH_A), StepCache(telemetry=telemetry)).stream(MATH_Q))
    return [MATH_Q, SYS_Q, SYS_Q2, "Subtract 5", "Add 7 to both sides", "Solve 3x"]


def _texts(span: ReadableSpan) -> list[str]:
    values = [str(v) for v in (span.attributes or {}).values()]
    values += [str(v) for e in span.events for v in (e.attributes or {}).values()] + [span.name]
    return values


def test_no_prompt_text_in_spans_by_default(otel: Otel, llm_cache: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", raising=False)
    assert Telemetry().capture_content is False
    texts = _every_path(otel.telemetry)
    spans = otel.spans()
    assert len(spans) > 20
    leaked = [(s.name, v) for s in spans for v in _texts(s) if any(t in v for t in texts)]
    assert leaked == []
    metrics = ("stepcache.requests", "stepcache.stage.duration")
    labels = [str(v) for name in metrics for a, _ in otel.points(name) for v in a.values()]
    assert labels and not [v for v in labels if any(t in v for t in texts)]


def test_prompt_text_only_when_opted_in(otel: Otel, llm_cache: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true")
    assert Telemetry().capture_content is True
    monkeypatch.delenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT")
    otel.telemetry.capture_content = True
    _every_path(otel.telemetry)
    assert otel.span("stepcache.lookup", **{"stepcache.prompt": SYS_Q2})
    complete = otel.span("stepcache.complete", **{"stepcache.outcome": "patch"})
    assert complete.attributes["stepcache.answer"].endswith("y = 10")
    call = otel.span("text_completion scripted-chat", **{"stepcache.stage": "patch"})
    assert SYS_Q2 in call.attributes["gen_ai.input.messages"] and "y = 10" in call.attributes["gen_ai.output.messages"]


def test_no_sdk_configured_records_nothing_and_raises_nothing(llm_cache: None) -> None:
    from opentelemetry import metrics, trace

    # this process never installs a global SDK provider: the API's defaults are no-ops
    assert not isinstance(trace.get_tracer_provider(), TracerProvider)
    assert not isinstance(metrics.get_meter_provider(), MeterProvider)
    telemetry = Telemetry()
    _every_path(telemetry)
    assert telemetry.otel() is None  # the API is there, but nothing would record: every hook skips
    assert telemetry._otel is not None and not telemetry._otel.tracer.start_span("probe").is_recording()
    assert StepCache().telemetry.enabled and StepCache(telemetry=False).telemetry.otel() is None


def test_an_sdk_configured_after_the_cache_is_used_from_then_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from opentelemetry import trace

    telemetry = Telemetry()
    assert telemetry.otel() is None
    spans_out = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(spans_out))
    # what trace.set_tracer_provider does, undone afterwards (it may be set once per process)
    monkeypatch.setattr(trace, "_TRACER_PROVIDER", provider)
    assert telemetry.otel() is not None
    StepCache(telemetry=telemetry).generate(MATH_Q, lambda prompt: MATH_A)
    assert {"stepcache.lookup", "stepcache.complete"} <= {s.name for s in spans_out.get_finished_spans()}


def test_without_opentelemetry_installed_it_is_a_no_op(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "opentelemetry" or m.startswith("opentelemetry.")]:
        monkeypatch.setitem(sys.modules, name, None)  # import opentelemetry... raises ImportError
    telemetry = Telemetry()
    assert telemetry.otel() is None
    result = StepCache(telemetry=telemetry).generate(MATH_Q, lambda prompt: MATH_A)
    assert result.verified


def test_importing_the_package_does_not_import_opentelemetry() -> None:
    code = (
        "import sys, stepcache_integrations, stepcache_integrations.telemetry\n"
        "from stepcache_integrations import StepCache\n"
        "StepCache(telemetry=False).generate('Solve 3x + 5 = 20 for x.', lambda p: 'Answer: x = 5')\n"
        "print(sorted(m for m in sys.modules if m.startswith('opentelemetry')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_telemetry_argument_is_checked() -> None:
    with pytest.raises(TypeError):
        StepCache(telemetry="yes")  # type: ignore[arg-type]
