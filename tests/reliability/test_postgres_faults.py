"""PostgreSQL stopped mid-run and restarted (a private server, so the shared one is never
disturbed), and an unreachable server: typed StoreError, fail-open answers through the model,
recovery with every entry stored before the outage still there."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from stepcache_integrations import StepCache, StoreError

from .conftest import NEEDS_PG, PrivateServer, bounded
from .test_store_faults import PROMPTS, TEXT, TEXT_ANSWER, assert_all_there, assert_reuse_works, model, warm

pytestmark = [pytest.mark.integration, NEEDS_PG]


def test_postgres_restart_mid_run(private_pg: PrivateServer) -> None:
    from stepcache_integrations.stores import PostgresStore

    store = PostgresStore(private_pg.dsn, table=f"rel_{uuid.uuid4().hex[:10]}", connect_timeout=2, max_size=4)
    cache = StepCache(store=store)
    try:
        ids = warm(cache)
        private_pg.stop()
        with pytest.raises(StoreError, match="PostgreSQL store"):
            bounded(lambda: cache.generate(TEXT, model))
        cache.fail_open = True
        result = bounded(lambda: cache.generate(TEXT, model))
        assert result.checks_passed and result.text == TEXT_ANSWER and result.stored_entry_id is None
        assert result.verification == "unchecked" and not result.errors  # free text
        async_result = bounded(lambda: asyncio.run(cache.agenerate(PROMPTS[0], model)))
        assert async_result.verified and async_result.outcome == "miss"  # answered by the model
        assert cache.stats()["store_skipped"] >= 1  # the breaker skipped the dead store
        private_pg.start()
        cache.fail_open = False
        # back: the very first requests work (dead pooled connections are replaced, not served)
        assert_reuse_works(cache)
        assert bounded(lambda: cache.generate(TEXT, model)).stored_entry_id
        assert_all_there(store, ids)
        assert store.count() == len(ids) + 1
        assert cache.stats()["store_errors"] >= 2
    finally:
        if store._closed is False:
            try:
                store.drop()
            finally:
                store.close()


def test_postgres_restart_with_a_warm_pool_fails_no_request(private_pg: PrivateServer) -> None:
    """Regression: after a restart each idle pooled connection failed one request in turn."""
    from concurrent.futures import ThreadPoolExecutor

    from stepcache_integrations.stores import PostgresStore

    store = PostgresStore(private_pg.dsn, table=f"rel_{uuid.uuid4().hex[:10]}", connect_timeout=5, max_size=6)
    cache = StepCache(store=store)
    try:
        warm(cache)

        def hold(_: int) -> None:
            with store._get_pool().connection() as conn:
                conn.execute("SELECT pg_sleep(0.2)")

        with ThreadPoolExecutor(6) as pool:  # grow the pool to 6 idle connections
            list(pool.map(hold, range(6)))
        private_pg.stop()
        private_pg.start()
        for _ in range(3):
            assert_reuse_works(cache)
    finally:
        store.drop()
        store.close()


def test_postgres_unreachable_from_the_start() -> None:
    from stepcache_integrations.stores import PostgresStore

    with pytest.raises(StoreError, match="connect"):
        bounded(lambda: PostgresStore("postgresql://postgres@127.0.0.1:1/nope", connect_timeout=1))
