"""OpenTelemetry for StepCache: ``StepCache(telemetry=Telemetry(...))`` (docs/telemetry.md).

Needs ``opentelemetry-api`` (``pip install 'stepcache-integrations[otel]'``) and a configured
SDK to record anything; without them every hook is a no-op. Importing this module does not
import OpenTelemetry.
"""

from .core.telemetry import CAPTURE_ENV, Telemetry

__all__ = ["CAPTURE_ENV", "Telemetry"]
