"""Counters of what the cache did: outcomes, model calls, tokens, store trouble, stage times."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from .outcomes import OUTCOMES
from .types import VERIFICATION_LEVELS, StepCacheResult

__all__ = ["CacheStats"]


@dataclass
class _Counts:
    outcomes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    verification: dict[str, int] = field(default_factory=lambda: dict.fromkeys(reversed(VERIFICATION_LEVELS), 0))
    requests: int = 0
    verified: int = 0
    unverified: int = 0
    failed_checks: int = 0
    fallbacks: int = 0
    model_calls: int = 0
    repair_calls: int = 0
    judge_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tokens_saved: int = 0
    stage_time: dict[str, float] = field(default_factory=dict)
    stage_count: dict[str, int] = field(default_factory=dict)
    store_errors: int = 0
    store_skipped: int = 0


class CacheStats:
    """Thread-safe counters; one per ``StepCache``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts = _Counts()

    def record(self, result: StepCacheResult) -> None:
        """Count one answered request."""
        with self._lock:
            c = self._counts
            c.requests += 1
            c.outcomes[result.outcome] = c.outcomes.get(result.outcome, 0) + 1
            c.verification[result.verification] = c.verification.get(result.verification, 0) + 1
            c.verified += int(result.verified)
            c.unverified += int(not result.verified)
            c.failed_checks += int(not result.checks_passed)
            c.fallbacks += int(result.used_fallback)
            c.model_calls += result.model_calls
            c.repair_calls += result.repair_calls
            c.judge_calls += result.judge_calls
            c.prompt_tokens += result.prompt_tokens
            c.completion_tokens += result.completion_tokens
            c.tokens_saved += result.tokens_saved
            for stage, seconds in result.timings.items():
                c.stage_time[stage] = c.stage_time.get(stage, 0.0) + seconds
                c.stage_count[stage] = c.stage_count.get(stage, 0) + 1

    def store_failed(self) -> None:
        """Count a failed store call."""
        with self._lock:
            self._counts.store_errors += 1

    def store_skipped(self) -> None:
        """Count a store call skipped while the breaker is open."""
        with self._lock:
            self._counts.store_skipped += 1

    def reset(self) -> None:
        """Zero every counter."""
        with self._lock:
            self._counts = _Counts()

    def snapshot(self) -> dict[str, Any]:
        """Counts per outcome and per verification level, model calls, tokens spent and saved,
        mean seconds per stage. ``verified`` counts "proven" answers and ``unverified`` the rest
        (``verified + unverified == requests``); ``failed_checks`` counts answers that failed
        their task's checks (the only ones ``strict=True`` raises for)."""
        with self._lock:
            c = self._counts
            return {
                "requests": c.requests,
                "outcomes": dict(c.outcomes),
                "verification": dict(c.verification),
                "verified": c.verified,
                "unverified": c.unverified,
                "failed_checks": c.failed_checks,
                "fallbacks": c.fallbacks,
                "model_calls": c.model_calls,
                "repair_calls": c.repair_calls,
                "judge_calls": c.judge_calls,
                "prompt_tokens": c.prompt_tokens,
                "completion_tokens": c.completion_tokens,
                "tokens_saved": c.tokens_saved,
                "store_errors": c.store_errors,
                "store_skipped": c.store_skipped,
                "mean_stage_seconds": {
                    k: c.stage_time[k] / c.stage_count[k] for k in c.stage_time if c.stage_count.get(k)
                },
            }
