"""Issue 33 item 5, round 6: the derived entry off the request's path (``core.pending``).

A re-instantiated answer stored as an entry of its own is held for the problem-key tier at once;
its embedding and its store write (vector index, row) wait for a flush: before a semantic search
of its partition, on overflow, ``flush``/``close`` (and the async twins). These tests pin what the
deferral must never change: what a semantic lookup finds, the partition a held entry belongs to,
``clear``, and that an entry changed after it was held is neither served nor written."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.pending import PendingEntries
from stepcache_integrations.core.problem_key_tier import TIER

from .test_problem_key_tier import MATH, CountingEmbedder, Model, answer, no_model, stored
from .test_store_engine import open_store  # noqa: F401 - a fixture: SQLite, and PostgreSQL when it runs


def derive(cache: StepCache, **kw: Any) -> str:
    """3x + 5 = 20 stored, 3x + 5 = 29 re-instantiated from it: the derived entry's id (held)."""
    stored(cache, 3, 5, 20, **kw)
    result = cache.generate(MATH.format(eq="3x + 5 = 29"), no_model, **kw)
    assert result.outcome == "reinstantiate" and result.tier == TIER and result.verified
    assert result.text.endswith("Answer: x = 8") and result.stored_entry_id
    return result.stored_entry_id


def test_a_semantic_lookup_flushes_the_held_entry_it_could_find_and_serves_it() -> None:
    embedder = CountingEmbedder()
    cache = StepCache(embedder=embedder)
    derived = derive(cache)
    assert len(cache._pending) == 1 and cache.store.get(derived) is None and embedder.calls == 1  # the source only
    cache.problem_keys = False  # the semantic path alone: embed, search (the flush first), verify
    found = cache.generate(MATH.format(eq="3x + 5 = 29").replace("Solve", "Please solve"), no_model)
    assert found.outcome == "reuse" and found.matched_entry_id == derived and found.tier is None
    assert found.text.endswith("Answer: x = 8") and found.verified
    assert len(cache._pending) == 0 and cache.store.get(derived) is not None


def test_the_flushed_entry_is_in_the_vector_index() -> None:
    cache = StepCache()
    derived = derive(cache)
    assert cache.flush() == 1 and len(cache._pending) == 0
    vector = cache.embedder.embed(MATH.format(eq="3x + 5 = 29"))
    hits = cache.store.search(vector, namespace="default", llm_key="default", k=2)
    assert hits and hits[0].entry.id == derived and hits[0].entry.metadata["derived_from"]


def test_a_held_entry_belongs_to_its_namespace_and_model() -> None:
    cache = StepCache()
    derived = derive(cache, namespace="a", llm_key="m1")
    for namespace, llm_key in (("b", "m1"), ("a", "m2")):
        model = Model(answer(3, 5, 29))
        other = cache.generate(MATH.format(eq="29 = 5 + 3x"), model, namespace=namespace, llm_key=llm_key)
        assert other.matched_entry_id != derived and model.calls == 1 and other.tier is None
        assert len(cache._pending) == 1  # a search of another partition writes nothing held (it cannot find it)
        assert cache._pending.get(derived) is not None
    mine = cache.generate(MATH.format(eq="29 = 5 + 3x"), no_model, namespace="a", llm_key="m1")
    assert mine.matched_entry_id == derived and mine.tier == TIER and mine.outcome == "reuse"


def test_pending_entries_find_only_their_partition() -> None:
    cache = StepCache()
    derived = derive(cache, namespace="a", llm_key="m1")
    held = cache._pending
    keys = held.held[derived].keys
    assert keys and all(ns == "a" and lk == "m1" for ns, lk, _ in keys)
    key = keys[0][2]
    assert [e.id for e in held.find(key, "a", "m1", 4)] == [derived]
    assert held.find(key, "b", "m1", 4) == [] and held.find(key, "a", "m2", 4) == []
    assert held.take("b", "m1") == [] and held.take("a", "m2") == [] and len(held) == 1


def test_clear_drops_held_entries() -> None:
    cache = StepCache()
    derive(cache, namespace="a")
    kept = derive(cache, namespace="b")
    assert cache.clear("a") == 2  # the source entry and the held one
    assert len(cache._pending) == 1 and cache.flush() == 1 and cache.store.get(kept) is not None
    derive(cache, namespace="a")
    assert cache.clear() == 4 and len(cache._pending) == 0 and cache.flush() == 0 and cache.store.count() == 0


def test_aclear_drops_held_entries() -> None:
    cache = StepCache()
    derive(cache)
    assert asyncio.run(cache.aclear()) == 2 and len(cache._pending) == 0
    assert asyncio.run(cache.aflush()) == 0 and cache.store.count() == 0


@pytest.mark.parametrize("change", ["answer", "prompt"])
def test_a_held_entry_changed_after_it_was_held_is_neither_served_nor_written(change: str) -> None:
    cache = StepCache()
    derived = derive(cache)
    entry = cache._pending.get(derived)
    assert entry is not None
    if change == "answer":
        entry.steps[-1].text = "Answer: x = 9"
    else:
        entry.prompt = MATH.format(eq="3x + 5 = 32")
    again = cache.generate(MATH.format(eq="3x + 5 = 29"), no_model)  # re-derived from the source
    assert again.matched_entry_id != derived and again.text.endswith("Answer: x = 8") and again.verified
    assert again.outcome == "reinstantiate" and again.stored_entry_id != derived
    assert cache._pending.get(derived) is None and cache.store.get(derived) is None
    assert cache.flush() == 1 and cache.store.get(derived) is None  # the new derivation only


def test_a_changed_held_entry_is_not_written_by_a_flush() -> None:
    cache = StepCache()
    derived = derive(cache)
    cache._pending.held[derived].entry.steps[-1].text = "Answer: x = 9"
    assert cache.flush() == 0 and cache.store.get(derived) is None and len(cache._pending) == 0


def test_the_held_entries_are_bounded() -> None:
    cache = StepCache(defer_derived=2)
    stored(cache, 3, 5, 20)
    ids = []
    for c in (23, 26, 29, 32, 35):
        result = cache.generate(MATH.format(eq=f"3x + 5 = {c}"), no_model)
        assert result.outcome == "reinstantiate" and result.stored_entry_id
        ids.append(result.stored_entry_id)
        assert len(cache._pending) <= 2
    # the third overflowed the bound: the oldest (up to FLUSH_CHUNK, here all three) were written
    assert [cache.store.get(i) is not None for i in ids] == [True, True, True, False, False]
    assert cache.flush() == 2 and all(cache.store.get(i) is not None for i in ids)


def test_defer_derived_zero_writes_on_the_request() -> None:
    embedder = CountingEmbedder()
    cache = StepCache(embedder=embedder, defer_derived=0)
    derived = derive(cache)
    assert len(cache._pending) == 0 and embedder.calls == 2 and cache.store.get(derived) is not None
    with pytest.raises(ValueError):
        PendingEntries(-1)


def test_the_async_twins_hold_and_flush_alike() -> None:
    async def run() -> None:
        cache = StepCache()
        await cache.astore_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
        result = await cache.agenerate(MATH.format(eq="3x + 5 = 29"), no_model)
        assert result.outcome == "reinstantiate" and result.stored_entry_id and len(cache._pending) == 1
        again = await cache.agenerate(MATH.format(eq="29 = 5 + 3x"), no_model)
        assert again.matched_entry_id == result.stored_entry_id and again.tier == TIER
        cache.problem_keys = False
        found = await cache.agenerate(MATH.format(eq="3x + 5 = 29").replace("Solve", "Please solve"), no_model)
        assert found.matched_entry_id == result.stored_entry_id and len(cache._pending) == 0

    asyncio.run(run())


def test_close_writes_the_held_entries(open_store: Any) -> None:  # noqa: F811
    cache = StepCache(store=open_store())
    derived = derive(cache)
    cache.close()
    written = open_store().get(derived)
    assert written is not None and written.metadata["derived_from"]


def test_aclose_writes_the_held_entries(open_store: Any) -> None:  # noqa: F811
    async def run() -> str:
        cache = StepCache(store=open_store())
        derived = derive(cache)
        await cache.aclose()
        return derived

    derived = asyncio.run(run())
    written = open_store().get(derived)
    assert written is not None and written.metadata["derived_from"]


def test_a_repeat_of_an_answer_served_from_a_held_entry_reads_it_and_counts_its_hits() -> None:
    cache = StepCache()
    derived = derive(cache)
    prompt = MATH.format(eq="29 = 5 + 3x")
    first = cache.generate(prompt, no_model)
    assert first.matched_entry_id == derived and first.outcome == "reuse"
    again = cache.generate(prompt, no_model)  # the tier's first path: the held entry read by its id
    assert again.matched_entry_id == derived and again.text == first.text and cache.stats()[TIER]["repeats"] == 1
    held = cache._pending.get(derived)
    assert held is not None and held.hits == 2  # both hits counted on the held entry
    assert cache.flush() == 1
    written = cache.store.get(derived)
    assert written is not None and written.hits == 2
    asyncio.run(cache.agenerate(prompt, no_model))
    assert cache.stats()[TIER]["repeats"] == 2
