"""fail_open + circuit breaker: a failing store is skipped for a while, not paid for per request."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from stepcache_integrations import InMemoryStore, StepCache, StoreError
from stepcache_integrations.core import engine as breaker_module
from stepcache_integrations.core.engine import StoreBreaker

from .test_engine import Recorder


class FlakyStore(InMemoryStore):
    """Counts calls; reads and/or writes fail while the flags say so."""

    def __init__(self, *, reads_fail: bool = True, writes_fail: bool = True) -> None:
        super().__init__()
        self.reads_fail, self.writes_fail = reads_fail, writes_fail
        self.calls = {"search": 0, "add": 0}

    def search(self, *a: Any, **k: Any) -> Any:
        self.calls["search"] += 1
        if self.reads_fail:
            raise OSError("connection refused")
        return super().search(*a, **k)

    def add(self, *a: Any, **k: Any) -> str:
        self.calls["add"] += 1
        if self.writes_fail:
            raise OSError("connection refused")
        return super().add(*a, **k)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1000.0]
    monkeypatch.setattr(breaker_module.time, "monotonic", lambda: now[0])
    return now


def test_a_failed_store_is_skipped_then_probed_with_growing_pauses(clock: list[float]) -> None:
    store = FlakyStore()
    cache = StepCache(store=store, fail_open=True, store_retry_after=5)
    assert cache.generate("hello world", Recorder("hi")).text == "hi"
    assert store.calls == {"search": 1, "add": 1}
    assert cache.generate("hello again", Recorder("hey")).text == "hey"
    assert store.calls == {"search": 1, "add": 1}  # skipped: no timeout paid
    assert cache.stats()["store_skipped"] == 2 and cache.stats()["store_errors"] == 2
    clock[0] += 5.5
    cache.generate("third", Recorder("ok"))
    assert store.calls == {"search": 2, "add": 2}  # probed again, failed again: pause now 10 s
    clock[0] += 6
    cache.generate("fourth", Recorder("ok"))
    assert store.calls == {"search": 2, "add": 2}
    store.reads_fail = store.writes_fail = False
    clock[0] += 5
    result = cache.generate("back online", Recorder("stored"))
    assert result.stored_entry_id and store.calls == {"search": 3, "add": 3}
    assert cache.generate("back online", Recorder()).outcome == "reuse"


def test_reads_keep_working_while_writes_are_skipped(clock: list[float]) -> None:
    store = FlakyStore(reads_fail=False)
    cache = StepCache(store=store, fail_open=True)
    cache.generate("hello world", Recorder("hi"))
    cache.generate("hello world", Recorder("hi"))
    assert store.calls == {"search": 2, "add": 1}


def test_without_fail_open_every_failure_raises(clock: list[float]) -> None:
    store = FlakyStore()
    cache = StepCache(store=store, store_retry_after=5)
    for _ in range(2):
        with pytest.raises(StoreError):
            cache.generate("hello world", Recorder("hi"))
    assert store.calls["search"] == 2 and cache.stats()["store_skipped"] == 0


def test_zero_retry_after_calls_the_store_every_time(clock: list[float]) -> None:
    store = FlakyStore()
    cache = StepCache(store=store, fail_open=True, store_retry_after=0)
    cache.generate("a", Recorder("x"))
    cache.generate("b", Recorder("y"))
    assert store.calls == {"search": 2, "add": 2}


def test_async_twin_skips_without_touching_the_store(clock: list[float]) -> None:
    store = FlakyStore()
    cache = StepCache(store=store, fail_open=True)
    assert asyncio.run(cache.agenerate("hello world", Recorder("hi"))).text == "hi"
    assert asyncio.run(cache.agenerate("hello again", Recorder("hey"))).text == "hey"
    assert store.calls == {"search": 1, "add": 1}


def test_breaker_rejects_negative_pauses() -> None:
    with pytest.raises(ValueError):
        StoreBreaker(-1)
    with pytest.raises(ValueError):
        StepCache(store_retry_after=-2)
