"""The two drivers of the sans-I/O flows: one fulfils their requests with sync calls,
the other with async calls. Nothing else differs between ``generate`` and ``agenerate``.

Every store request they fulfil goes through the store guard (:class:`StoreGuard`): typed errors for
store failures, and ``fail_open`` with a circuit breaker.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ..errors import StepCacheError, StoreError
from .embed import Embedder
from .llm import acall_llm, call_llm
from .pipeline import Flow
from .requests import AddEntry, AskJudge, AskModel, EmbedPrompt, FindKeyed, GetEntry, RecordHit, Request, SearchStore
from .types import CacheStats
from .store_port import StorePort
from .telemetry import IDLE_PROVIDERS, OPERATION, traced_driver, traced_request  # OpenTelemetry (no-op without it)

__all__ = [
    "adrive",
    "drive",
    "Services",
    "StoreBreaker",
    "StoreGuard",
]


logger = logging.getLogger("stepcache_integrations")

T = TypeVar("T")

StoreOp = Literal["read", "write"]


class StoreBreaker:
    """After a store failure, skip that kind of store call for a while.

    Without it a store that is down (e.g. PostgreSQL unreachable) costs every request its
    connect timeout even though ``fail_open`` answers through the model anyway. Reads and
    writes trip separately: a locked or read-only SQLite file still serves lookups. The
    pause doubles per consecutive failure up to ``max_pause``; one success closes it.
    """

    def __init__(self, pause: float = 5.0, max_pause: float = 60.0) -> None:
        if pause < 0 or max_pause < pause:
            raise ValueError("store breaker needs 0 <= pause <= max_pause")
        self.pause = pause
        self.max_pause = max_pause
        self._lock = threading.Lock()
        self._open_until: dict[StoreOp, float] = {"read": 0.0, "write": 0.0}
        self._failures: dict[StoreOp, int] = {"read": 0, "write": 0}

    def is_open(self, op: StoreOp) -> bool:
        """Whether calls of this kind should be skipped right now."""
        return time.monotonic() < self._open_until[op]

    def failed(self, op: StoreOp) -> None:
        with self._lock:
            self._failures[op] += 1
            pause = min(self.pause * 2 ** (self._failures[op] - 1), self.max_pause)
            self._open_until[op] = time.monotonic() + pause

    def succeeded(self, op: StoreOp) -> None:
        if self._failures[op]:
            with self._lock:
                self._failures[op] = 0
                self._open_until[op] = 0.0


class StoreGuard:
    """Runs store calls. A failure raises ``StoreError``, or with ``fail_open`` is logged and
    answered with a default, and calls of that kind are skipped while the breaker is open."""

    def __init__(self, *, fail_open: bool, retry_after: float, stats: CacheStats) -> None:
        self.fail_open = fail_open
        self.breaker = StoreBreaker(retry_after, max(60.0, retry_after))
        self._stats = stats

    def call(self, op: Callable[[], T], default: T, kind: StoreOp = "read") -> T:
        """``op()``, guarded."""
        if self._skip(kind):
            return default
        try:
            value = op()
        except Exception as exc:
            self._failed(exc, kind)
            return default
        self.breaker.succeeded(kind)
        return value

    async def acall(self, op: Callable[[], Awaitable[T]], default: T, kind: StoreOp = "read") -> T:
        """Async twin of :meth:`call`."""
        if self._skip(kind):
            return default
        try:
            value = await op()
        except Exception as exc:
            self._failed(exc, kind)
            return default
        self.breaker.succeeded(kind)
        return value

    def _skip(self, kind: StoreOp) -> bool:
        if not (self.fail_open and self.breaker.is_open(kind)):
            return False
        self._stats.store_skipped()
        return True

    def _failed(self, exc: Exception, kind: StoreOp) -> None:
        if isinstance(exc, StepCacheError) and not isinstance(exc, StoreError):
            raise exc  # e.g. an EmbeddingError: not the store's fault, never swallowed
        self._stats.store_failed()
        if not self.fail_open:
            if isinstance(exc, StoreError):
                raise exc
            # driver errors (sqlite3, psycopg, OSError) become StoreError
            raise StoreError(f"cache store failed: {exc}") from exc
        self.breaker.failed(kind)
        logger.warning("stepcache store failed, answering without the cache: %s", exc)




@dataclass(frozen=True)
class Services:
    """Who answers a flow's requests."""

    embedder: Embedder
    store: StorePort
    guard: StoreGuard
    llm: Any = None
    judge: Any = None
    telemetry: Any = None  # a telemetry.Telemetry: spans and metrics of the flows driven


def drive(flow: Flow, io: Services) -> Any:
    """Run a flow to its result with sync calls."""
    if OPERATION.get() is None and not _recording(io.telemetry):
        return _drive(flow, io, _fulfil)  # idle telemetry: no call into telemetry.py
    return _traced_drive(flow, io)


async def adrive(flow: Flow, io: Services) -> Any:
    """Run a flow to its result with async calls."""
    if OPERATION.get() is None and not _recording(io.telemetry):
        return await _adrive(flow, io, _afulfil)
    return await _traced_adrive(flow, io)


def _recording(telemetry: Any) -> bool:
    """Whether ``telemetry`` (a ``Telemetry`` or None) records: read here, once per operation, so an
    idle one (no SDK configured, disabled, no ``opentelemetry-api``) costs no call into telemetry.py."""
    if telemetry is None or not telemetry.enabled:
        return False
    if not telemetry._loaded:
        return telemetry.otel() is not None
    otel = telemetry._otel
    return otel is not None and otel_records(otel.explicit, otel.trace, otel.metrics)


def otel_records(explicit: bool, trace: Any, metrics: Any) -> bool:
    """Whether spans and points go anywhere: a provider was given, or an SDK provider is set globally
    (the API's defaults are proxies and no-ops: spans and points built for them are dropped)."""
    if explicit:
        return True
    providers = (trace.get_tracer_provider(), metrics.get_meter_provider())
    return any(type(provider).__name__ not in IDLE_PROVIDERS for provider in providers)


def _drive(flow: Flow, io: Services, fulfil: Callable[[Request, Services], Any]) -> Any:
    try:
        request = next(flow)
        while True:
            request = flow.send(fulfil(request, io))
    except StopIteration as done:
        return done.value


async def _adrive(flow: Flow, io: Services, afulfil: Callable[[Request, Services], Awaitable[Any]]) -> Any:
    try:
        request = next(flow)
        while True:
            request = flow.send(await afulfil(request, io))
    except StopIteration as done:
        return done.value


def _fulfil(request: Request, io: Services) -> Any:
    store, guard = io.store, io.guard
    if isinstance(request, EmbedPrompt):
        return _embed(request, io)
    if isinstance(request, SearchStore):
        r = request
        return guard.call(lambda: store.search(r.vector, namespace=r.namespace, llm_key=r.llm_key, k=r.k), [])
    if isinstance(request, (FindKeyed, GetEntry)):
        return _read_keyed(request, io)
    if isinstance(request, AddEntry):
        return guard.call(lambda: store.add(request.entry, request.vector), None, "write")
    if isinstance(request, RecordHit):
        return guard.call(lambda: store.record_hit(request.entry_id), None, "write")
    if isinstance(request, AskModel):
        return None if (io.llm is None and request.kind == "repair") else call_llm(io.llm, request.prompt)
    if isinstance(request, AskJudge):
        try:
            return call_llm(io.judge, request.prompt)
        except Exception as exc:  # the judge only ever adds reuse; without it the model answers
            return _judge_failed(exc)
    raise TypeError(f"unknown flow request {request!r}")


async def _afulfil(request: Request, io: Services) -> Any:
    store, guard = io.store, io.guard
    if isinstance(request, EmbedPrompt):
        return await _aembed(request, io)
    if isinstance(request, SearchStore):
        r = request
        return await guard.acall(lambda: store.asearch(r.vector, namespace=r.namespace, llm_key=r.llm_key, k=r.k), [])
    if isinstance(request, (FindKeyed, GetEntry)):
        return await _aread_keyed(request, io)
    if isinstance(request, AddEntry):
        return await guard.acall(lambda: store.aadd(request.entry, request.vector), None, "write")
    if isinstance(request, RecordHit):
        return await guard.acall(lambda: store.arecord_hit(request.entry_id), None, "write")
    if isinstance(request, AskModel):
        return None if (io.llm is None and request.kind == "repair") else await acall_llm(io.llm, request.prompt)
    if isinstance(request, AskJudge):
        try:
            return await acall_llm(io.judge, request.prompt)
        except Exception as exc:
            return _judge_failed(exc)
    raise TypeError(f"unknown flow request {request!r}")


_traced_fulfil = traced_request(_fulfil)
_traced_afulfil = traced_request(_afulfil)


@traced_driver
def _traced_drive(flow: Flow, io: Services) -> Any:
    return _drive(flow, io, _traced_fulfil)


@traced_driver
async def _traced_adrive(flow: Flow, io: Services) -> Any:
    return await _adrive(flow, io, _traced_afulfil)


def _embed(request: EmbedPrompt, io: Services) -> Any:
    if not request.optional:
        return io.embedder.embed(request.text)
    try:
        return io.embedder.embed(request.text)
    except Exception as exc:  # noqa: BLE001 - the answer stands; only its store write is skipped
        return _embedding_failed(exc)


async def _aembed(request: EmbedPrompt, io: Services) -> Any:
    if not request.optional:
        return await io.embedder.aembed(request.text)
    try:
        return await io.embedder.aembed(request.text)
    except Exception as exc:  # noqa: BLE001 - the answer stands; only its store write is skipped
        return _embedding_failed(exc)


def _read_keyed(request: FindKeyed | GetEntry, io: Services) -> Any:
    """The problem-key tier's reads (a store without ``find_keyed`` or ``get``: nothing found)."""
    if isinstance(request, GetEntry):
        get = getattr(io.store, "get", None)
        return None if get is None else io.guard.call(lambda: get(request.entry_id), None)
    find = getattr(io.store, "find_keyed", None)
    if find is None:
        return []
    r = request
    return io.guard.call(lambda: find(r.key, namespace=r.namespace, llm_key=r.llm_key, limit=r.limit), [])


async def _aread_keyed(request: FindKeyed | GetEntry, io: Services) -> Any:
    """Async twin of :func:`_read_keyed`."""
    if isinstance(request, GetEntry):
        aget = getattr(io.store, "aget", None)
        return None if aget is None else await io.guard.acall(lambda: aget(request.entry_id), None)
    afind = getattr(io.store, "afind_keyed", None)
    if afind is None:
        return []
    r = request
    return await io.guard.acall(lambda: afind(r.key, namespace=r.namespace, llm_key=r.llm_key, limit=r.limit), [])


def _embedding_failed(exc: Exception) -> None:
    logger.warning("stepcache embedder failed, the answer is served but not stored: %s", exc)
    return None


def _judge_failed(exc: Exception) -> None:
    logger.warning("stepcache judge failed, not reusing on its word: %s", exc)
    return None
