"""CacheStore's shared behaviour: TTL stamping, the purge clock, the fetch-more loop."""

from __future__ import annotations

import asyncio
import threading

from stepcache_integrations.core.types import CacheHit
from stepcache_integrations.stores import InMemoryStore
from stepcache_integrations.stores.base import CacheStore
from tests.unit.test_store_contract import make_entry


def hit(i: int) -> CacheHit:
    return CacheHit(entry=make_entry(i), similarity=1.0 - i / 100)


def test_collect_live_hits_fetches_more_until_k_live_hits():
    store = InMemoryStore()
    asked: list[int] = []
    dead = set(range(0, 30, 2))  # every other candidate is expired or foreign

    def candidates(n: int) -> list[CacheHit | None]:
        asked.append(n)
        return [None if i in dead else hit(i) for i in range(min(n, 40))]

    hits = store.collect_live_hits(8, lambda: 40, candidates)
    assert [h.entry.prompt for h in hits] == [f"prompt {i}" for i in range(1, 16, 2)]
    assert asked == [12, 40]  # k + search_slack, then fourfold (capped at the total)


def test_collect_live_hits_stops_at_the_total_and_on_no_candidates():
    store = InMemoryStore()
    one = hit(0)
    assert store.collect_live_hits(3, lambda: 2, lambda n: [one, None][:n]) == [one]
    assert store.collect_live_hits(3, lambda: 5, lambda n: []) == []
    assert store.collect_live_hits(0, lambda: 5, lambda n: [hit(0)]) == []
    assert store.collect_live_hits(3, lambda: 0, lambda n: [hit(0)]) == []


def test_ttl_stamp_and_purge_clock():
    store = InMemoryStore(default_ttl=10.0)
    entry = make_entry(1)
    assert store.stamp_expiry(entry) == entry.created_at + 10.0
    own = make_entry(2, expires_at=5.0)
    assert store.stamp_expiry(own) == 5.0  # an entry's own expiry wins
    assert CacheStore.expired_at(5.0, now=6.0) and not CacheStore.expired_at(None, now=6.0)
    assert store.purge_due(now=100.0) and not store.purge_due(now=104.9)
    assert store.purge_due(now=105.0)


def test_async_twins_run_the_sync_call_in_a_worker_thread():
    store = InMemoryStore()
    seen: list[str] = []
    real = store.count

    def count(namespace=None):
        seen.append(threading.current_thread().name)
        return real(namespace)

    store.count = count  # type: ignore[method-assign]
    assert asyncio.run(store.acount()) == 0
    assert seen and seen[0] != threading.main_thread().name
