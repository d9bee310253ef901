"""Guarantee 2: no entry crosses namespaces or models, in any store, under concurrent threads."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.stores import SQLiteStore

from .conftest import NEEDS_PG, PG_DSN, bounded

TENANTS = [(f"ns{i}", f"model{j}") for i in range(3) for j in range(2)]
PROMPTS = [
    "Plan moving the Orders service; lead Priya; cut-over Friday.",
    "Summarise the incident report for the Billing service.",
    "List the steps to rotate the API keys of the Search cluster.",
]


def tagged_model(tag: str) -> Any:
    def model(prompt: str) -> str:
        return f"1. For {tag}: first step.\n2. For {tag}: second step."

    return model


def hammer(cache: StepCache, rounds: int = 6) -> None:
    def client(i: int) -> list[str]:
        ns, key = TENANTS[i % len(TENANTS)]
        tag = f"{ns}/{key}"
        leaks = []
        for r in range(rounds):
            prompt = PROMPTS[(i + r) % len(PROMPTS)]
            result = cache.generate(prompt, tagged_model(tag), namespace=ns, llm_key=key)
            if f"For {tag}:" not in result.text or result.text.count("For ") != 2:
                leaks.append(f"{tag} got {result.text!r}")
        return leaks

    with ThreadPoolExecutor(8) as pool:
        leaks = [x for xs in bounded(lambda: list(pool.map(client, range(24))), 120) for x in xs]
    assert leaks == []
    entries = list(cache.store.iter_items())
    # every (tenant, model, prompt) has its entry (concurrent first misses may store twice)
    assert {(e.namespace, e.llm_key, e.prompt) for e, _ in entries} == {
        (ns, key, p) for ns, key in TENANTS for p in PROMPTS
    }
    for entry, _ in entries:
        assert f"For {entry.namespace}/{entry.llm_key}:" in entry.text


def test_memory_store_isolation_under_threads() -> None:
    hammer(StepCache())


def test_sqlite_store_isolation_under_threads_and_two_handles(tmp_path: Path) -> None:
    a, b = SQLiteStore(tmp_path / "s.db"), SQLiteStore(tmp_path / "s.db")
    try:
        hammer(StepCache(store=a))
        # a second handle (another process would see the same) serves only its own tenant
        cache_b = StepCache(store=b)
        for ns, key in TENANTS:
            result = cache_b.generate(PROMPTS[0], tagged_model("WRONG"), namespace=ns, llm_key=key)
            assert result.outcome == "reuse" and f"For {ns}/{key}:" in result.text
    finally:
        a.close()
        b.close()


@pytest.mark.integration
@NEEDS_PG
def test_postgres_store_isolation_under_threads() -> None:
    from stepcache_integrations.stores import PostgresStore

    store = PostgresStore(PG_DSN, table=f"rel_{uuid.uuid4().hex[:10]}", max_size=8)  # type: ignore[arg-type]
    try:
        hammer(StepCache(store=store))
    finally:
        store.drop()
        store.close()
