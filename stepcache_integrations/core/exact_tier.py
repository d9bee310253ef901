"""The exact tier: the same model identity and the same request get the same answer back.

The floor every request the framework would cache stands on, as LangChain's ``InMemoryCache``:
no retrieval, no verification, no rewriting. An adapter names the request by two strings it
builds from the whole request (every message and part, every call option) and the model's whole
identity (class, every field that is not inert, secrets as digests); the entry's id is a digest
of both and of the namespace, so a lookup is one ``store.get``. Entries live in the same store as
the step tier's, under an ``llm_key`` of their own (``exact-<digest>``), so a step-tier search
never meets them, and they are marked ``unchecked``: the model's answer as it gave it, replayed,
never claimed as verified. An adapter stores only what it would return to its caller itself.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .types import CacheEntry, Step

__all__ = ["EXACT_TASK", "ExactHit", "ExactTier", "exact_entry_id", "exact_llm_key"]

EXACT_TASK = "exact"
"""The ``task`` of an exact-tier entry (no task's checks ever read it)."""


def _digest(*parts: str, size: int = 32) -> str:
    blob = "\0".join(parts).encode("utf-8", "surrogatepass")
    return hashlib.sha256(blob).hexdigest()[:size]


def exact_llm_key(identity: str) -> str:
    """The entry partition of a model identity in the exact tier (never a step-tier partition)."""
    return f"exact-{_digest(identity)}"


def exact_entry_id(namespace: str, identity: str, request: str) -> str:
    """The id of the exact-tier entry of ``request`` to the model ``identity`` in ``namespace``."""
    return _digest("exact", namespace, identity, request)


@dataclass(frozen=True)
class ExactHit:
    """A stored exact-tier answer: its text, the adapter's payload (the framework's own objects,
    as the adapter stored them) and the entry's id."""

    entry_id: str
    text: str
    payload: dict[str, Any]


def _outcome(span: Any, hit: ExactHit | None) -> ExactHit | None:
    if span is not None:
        span.set_attribute("stepcache.outcome", "exact" if hit is not None else "miss")
    return hit


class ExactTier:
    """Exact-tier reads and writes through the engine's store, guarded like the engine's own
    (``fail_open`` answers a failing store with a miss), counted in ``StepCache.stats()["exact"]``.

    ``request`` and ``identity`` are the adapter's canonical strings; ``prompt`` is the readable
    request text shown by ``stepcache list``; ``payload`` must be JSON-safe.
    """

    def __init__(self, engine: Any) -> None:
        self._engine = engine  # its store, guard and embedder, as they are at each call
        self._lock = threading.Lock()
        self._counts = {"hits": 0, "misses": 0, "stored": 0}

    # ------------------------------------------------------------------ counters
    def _count(self, name: str) -> None:
        with self._lock:
            self._counts[name] += 1

    def snapshot(self) -> dict[str, int]:
        """Exact-tier lookups that hit and missed, and answers stored."""
        with self._lock:
            return dict(self._counts)

    def reset(self) -> None:
        """Zero the counters."""
        with self._lock:
            self._counts = dict.fromkeys(self._counts, 0)

    def _span(self, operation: str, namespace: str, reasons: Sequence[str]) -> Any:
        """An OpenTelemetry span for one exact-tier operation (tier ``exact`` and its reasons), or a
        no-op context when nothing records."""
        otel = self._engine.telemetry.otel()
        if otel is None:
            return contextlib.nullcontext(None)
        attributes = {"stepcache.operation": operation, "stepcache.tier": "exact", "stepcache.namespace": namespace,
                      "stepcache.tier_reasons": [str(r) for r in reasons]}
        return otel.tracer.start_as_current_span(f"stepcache.{operation}", attributes=attributes)

    # ------------------------------------------------------------------ reads
    def _hit(self, entry: CacheEntry | None, namespace: str, identity: str) -> ExactHit | None:
        if entry is None or entry.task != EXACT_TASK or entry.llm_key != exact_llm_key(identity):
            self._count("misses")
            return None
        payload = entry.metadata.get("payload")
        self._count("hits")
        return ExactHit(entry.id, entry.text, dict(payload) if isinstance(payload, Mapping) else {})

    def get(self, namespace: str, identity: str, request: str, *, reasons: Sequence[str] = ()) -> ExactHit | None:
        """The stored answer to exactly this request of exactly this model, or None (``reasons``: why
        the request is the exact tier's, for its span)."""
        entry_id = exact_entry_id(namespace, identity, request)
        with self._span("exact_lookup", namespace, reasons) as span:
            entry = self._engine.guard.call(lambda: self._engine.store.get(entry_id), None)
            hit = _outcome(span, self._hit(entry, namespace, identity))
        if hit is not None:  # counted like a step-tier hit (``stepcache list``: hits, last hit)
            self._engine.guard.call(lambda: self._engine.store.record_hit(entry_id), None, "write")
        return hit

    async def aget(self, namespace: str, identity: str, request: str, *,
                   reasons: Sequence[str] = ()) -> ExactHit | None:
        """Async twin of :meth:`get`."""
        entry_id = exact_entry_id(namespace, identity, request)
        with self._span("exact_lookup", namespace, reasons) as span:
            entry = await self._engine.guard.acall(lambda: self._engine.store.aget(entry_id), None)
            hit = _outcome(span, self._hit(entry, namespace, identity))
        if hit is not None:
            await self._engine.guard.acall(lambda: self._engine.store.arecord_hit(entry_id), None, "write")
        return hit

    # ------------------------------------------------------------------ writes
    def _entry(self, namespace: str, identity: str, request: str, prompt: str, text: str,
               payload: Mapping[str, Any], prompt_tokens: int, completion_tokens: int) -> CacheEntry:
        return CacheEntry(
            id=exact_entry_id(namespace, identity, request), namespace=namespace, llm_key=exact_llm_key(identity),
            prompt=prompt, task=EXACT_TASK, steps=[Step(text=text)], prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            metadata={"tier": "exact", "verification": "unchecked", "payload": dict(payload)},
        )

    def put(self, namespace: str, identity: str, request: str, *, prompt: str, text: str,
            payload: Mapping[str, Any], prompt_tokens: int = 0, completion_tokens: int = 0) -> str | None:
        """Store the model's answer to this request; its entry id (None: the store failed, fail-open)."""
        entry = self._entry(namespace, identity, request, prompt, text, payload, prompt_tokens, completion_tokens)
        vector = self._engine.embedder.embed(prompt or text or " ")
        with self._span("exact_store", namespace, ()):
            stored = self._engine.guard.call(lambda: self._engine.store.add(entry, vector), None, "write")
        if stored is not None:
            self._count("stored")
        return stored

    async def aput(self, namespace: str, identity: str, request: str, *, prompt: str, text: str,
                   payload: Mapping[str, Any], prompt_tokens: int = 0, completion_tokens: int = 0) -> str | None:
        """Async twin of :meth:`put`."""
        entry = self._entry(namespace, identity, request, prompt, text, payload, prompt_tokens, completion_tokens)
        vector = await self._engine.embedder.aembed(prompt or text or " ")
        with self._span("exact_store", namespace, ()):
            stored = await self._engine.guard.acall(lambda: self._engine.store.aadd(entry, vector), None, "write")
        if stored is not None:
            self._count("stored")
        return stored
