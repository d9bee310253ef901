"""OpenTelemetry for the engine: where spans and metrics go (docs/telemetry.md names every one).

Optional: ``opentelemetry-api`` is imported on first use, never by importing the package;
without it, or without an SDK provider configured, every hook is a no-op. ``Telemetry``
holds the providers and the instruments; the spans themselves are opened by the driver
hooks in ``telemetry_spans``. Prompt and answer text are recorded only when asked for
(``Telemetry(capture_content=True)`` or ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true``).
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from typing import Any

from .outcomes import PROVENANCE

__all__ = ["CAPTURE_ENV", "Telemetry", "as_telemetry"]

SCOPE = "stepcache_integrations"
CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
MODEL_OPERATION = "text_completion"  # the engine sends a model one prompt string and reads text back
DURATION_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
_IDLE_PROVIDERS = frozenset({"ProxyTracerProvider", "NoOpTracerProvider", "_ProxyMeterProvider", "NoOpMeterProvider"})


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
        if self.explicit:
            return True
        providers = (self.trace.get_tracer_provider(), self.metrics.get_meter_provider())
        return any(type(provider).__name__ not in _IDLE_PROVIDERS for provider in providers)


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
