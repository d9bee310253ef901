"""Suite-wide fixtures."""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import Phase, settings

# Garbage collection, cheaper: a young collection every 50,000 allocations instead of 700, and the
# objects alive once the tests are collected (the libraries, the test modules, their parameters)
# moved out of the collector's sight (gc.freeze), so a full collection no longer walks them. On a
# sample of 552 tests the collector took 3.7 of 14.2 s of CPU, 1.0 of 9.4 s with both. What a test
# makes is collected as before (cycles included: later, not never); a test that needs a collection
# at a given point calls gc.collect() itself.
gc.set_threshold(50_000, 10, 10)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()

# The mutation check only needs to know that a property fails, not its smallest counterexample:
# its workers set STEPCACHE_HYPOTHESIS_PROFILE=mutation (no shrinking, no example database).
settings.register_profile("mutation", phases=(Phase.explicit, Phase.reuse, Phase.generate), database=None)
if os.environ.get("STEPCACHE_HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["STEPCACHE_HYPOTHESIS_PROFILE"])


@pytest.fixture(autouse=True)
def _no_store_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # StepCache() opens $STEPCACHE_STORE when it is set; a developer's shell must not point the
    # suite's in-memory caches at a shared database file.
    monkeypatch.delenv("STEPCACHE_STORE", raising=False)


@pytest.fixture(autouse=True)
def _tier_warnings_once_per_test(monkeypatch: pytest.MonkeyPatch) -> None:
    # The tier warning is logged once per model class and entry point per process; tests that read
    # it must not depend on which test a worker ran first (another test's model class of the same name).
    from stepcache_integrations.adapters import flow as tiers

    monkeypatch.setattr(tiers, "_warned", set())


@pytest.fixture(autouse=True)
def _close_chat_memory_connections(monkeypatch: pytest.MonkeyPatch):
    """LlamaIndex's chat engines keep their memory in an aiosqlite database that nothing closes, so
    the interpreter warned about unclosed connections at exit (issue 34): every chat store engine a
    test opens is disposed when the test ends."""
    import sys

    # `import llama_index.core` (at collection, by the test modules that use it) loads the chat store;
    # where it is not loaded, no test can open one
    module = sys.modules.get("llama_index.core.storage.chat_store.sql")
    if module is None:
        yield
        return
    opened: list = []
    original = module.SQLAlchemyChatStore._setup_connections

    async def recording(self):  # type: ignore[no-untyped-def]
        engine, factory = await original(self)
        opened.append(engine)
        return engine, factory

    monkeypatch.setattr(module.SQLAlchemyChatStore, "_setup_connections", recording)
    yield
    if opened:
        import asyncio

        for engine in {id(e): e for e in opened}.values():
            asyncio.run(engine.dispose())
