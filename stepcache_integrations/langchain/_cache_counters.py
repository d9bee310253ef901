"""The counters and log lines of ``StepCacheLLMCache``: one vocabulary with the engine's ``stats()``.

Every request the global cache answers through the engine is counted here by the engine's own
counting code (``CacheStats``) from the same record the engine counts (a hit's served result,
a miss's ``StoreReport.result``), so ``requests``, ``outcomes``, ``verification``, tokens and
the rest mean what they mean in ``StepCache.stats()`` and agree with it for a cache that has an
engine of its own. What only the cache sees is counted beside them: ``lookups``, ``hits``,
``misses`` (lookups that returned None) per reason, and ``stored`` / ``not_stored`` per reason.
``hit_outcomes`` (hits per outcome) is kept for callers of earlier versions.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from ..adapters.record import log_request
from ..core.outcomes import SERVED_OUTCOMES, SummaryOutcome, event
from ..core.stats import CacheStats
from ..core.types import StepCacheResult

__all__ = ["CacheCounters", "logger"]

logger = logging.getLogger("stepcache_integrations.langchain")
_ENGINE_ONLY = ("store_errors", "store_skipped")  # the store guard's counters: the engine's alone


class CacheCounters:
    """Thread-safe counters of one ``StepCacheLLMCache`` and its log lines."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests = CacheStats()
        self._counts: dict[str, Any] = {}
        self._last_miss: dict[str, Any] | None = None
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self._requests.reset()
            self._counts = {
                "lookups": 0,
                "hits": 0,
                "hit_outcomes": dict.fromkeys(SERVED_OUTCOMES, 0),
                "misses": 0,
                "miss_reasons": {},
                "updates": 0,
                "stored": 0,
                "not_stored": {},
                "tiers": {"step": 0, "exact": 0, "none": 0},
                "tier_reasons": {},
                "exact_hits": 0,
            }
            self._last_miss = None

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            counts = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self._counts.items()}
            last = dict(self._last_miss) if self._last_miss is not None else None
        requests = self._requests.snapshot()
        for key in _ENGINE_ONLY:
            requests.pop(key, None)
        return {**requests, **counts, "last_miss": last}

    def _tier(self, tier: str, reasons: Any = ()) -> None:
        self._counts["tiers"][tier] = self._counts["tiers"].get(tier, 0) + 1
        for reason in reasons:
            self._counts["tier_reasons"][reason] = self._counts["tier_reasons"].get(reason, 0) + 1

    def exact_hit(self, where: dict[str, Any], prompt: str, record: dict[str, Any]) -> None:
        """Count a lookup the exact tier answered (the model's own answer to exactly this request)."""
        with self._lock:
            self._counts["lookups"] += 1
            self._counts["hits"] += 1
            self._counts["exact_hits"] += 1
            self._tier("exact", record.get("tier_reasons", ()))
        log_request(logger, event(record["outcome"], record["verification"]), prompt=prompt, record=record, **where)

    def exact_miss(self, reason: str, where: dict[str, Any], prompt: str) -> None:
        """Count an exact-tier lookup that found nothing (the model answers; ``update`` stores it)."""
        self.miss(reason, where, prompt, None, tier="exact", outcome="miss")

    def bypass(self, decision: Any, where: dict[str, Any], prompt: str, record: dict[str, Any]) -> None:
        """Count a lookup of tier ``none`` (the cache cannot tell which model answers)."""
        with self._lock:
            self._last_miss = record
        self.miss(f"bypass: {decision.reason}", where, prompt, None, tier="none", reasons=record.get("tier_reasons", ()),
                  outcome=record["outcome"])

    def hit(
        self, result: StepCacheResult, where: dict[str, Any], prompt: str, nearest: str | None, record: Any
    ) -> None:
        self._requests.record(result)
        with self._lock:
            self._tier("step")
            self._counts["lookups"] += 1
            self._counts["hits"] += 1
            outcomes = self._counts["hit_outcomes"]
            outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
        line = event(result.outcome, result.verification)
        log_request(logger, line, prompt=prompt, nearest=nearest, record=record, **where)

    def miss(
        self,
        reason: str,
        where: dict[str, Any],
        prompt: str,
        nearest: str | None,
        result: StepCacheResult | None = None,
        tier: str = "step",
        reasons: Any = (),
        outcome: SummaryOutcome = "miss",
    ) -> None:
        """Count a lookup that returned None; ``result``: what the engine answered and the cache
        did not serve (a patch that failed its checks), counted as the engine counted it (its
        outcome names the log line); else ``outcome``: the one the request will be counted with."""
        if result is not None:
            self._requests.record(result)
        with self._lock:
            self._tier(tier, reasons)
            self._counts["lookups"] += 1
            self._counts["misses"] += 1
            reasons = self._counts["miss_reasons"]
            reasons[reason] = reasons.get(reason, 0) + 1
        line = event(result.outcome if result is not None else outcome, reason)
        log_request(logger, line, prompt=prompt, nearest=nearest, **where)

    def update(
        self,
        result: StepCacheResult | None,
        reason: str,
        detail: str,
        where: dict[str, Any],
        prompt: str,
        nearest: str | None,
        record: dict[str, Any] | None,
    ) -> None:
        """Count one ``update``: ``result`` is the request's record (None when the engine never
        judged the answer); ``reason`` is empty when it was stored."""
        if result is not None:
            self._requests.record(result)
        with self._lock:
            self._counts["updates"] += 1
            if not reason:
                self._counts["stored"] += 1
            else:
                reasons = self._counts["not_stored"]
                reasons[reason] = reasons.get(reason, 0) + 1
            if record is not None:
                self._last_miss = record
        if not reason:
            level = f" ({result.verification})" if result is not None else ""
            line = f"stored the answer{level}"
        else:
            line = f"not stored ({reason}{f': {detail}' if detail else ''})"
        outcome = result.outcome if result is not None else (record or {}).get("outcome")
        if outcome is not None:  # None: the engine never judged the answer (no generations, not cacheable)
            line = f"{event(outcome)}, {line}"
        log_request(logger, line, prompt=prompt, nearest=nearest, record=record, **where)
