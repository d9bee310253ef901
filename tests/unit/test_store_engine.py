"""StepCache end to end on the persistent stores: a verified answer survives a restart
and is reused; tenants and models stay apart."""

from __future__ import annotations

import os
import uuid

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.stores import PostgresStore, SQLiteStore

PROMPT = "Solve 3x + 5 = 20 for x. Show each step."
ANSWER = "Subtract 5 from both sides: 3x = 15\nDivide both sides by 3: x = 5\nAnswer: x = 5"
PG_DSN = os.environ.get("STEPCACHE_PG_DSN")


@pytest.fixture(params=["sqlite", "postgres"])
def open_store(request, tmp_path):
    made = []
    table = f"eng_{uuid.uuid4().hex[:12]}"

    def factory():
        if request.param == "sqlite":
            store = SQLiteStore(tmp_path / "engine.db")
        else:
            if not PG_DSN:
                pytest.skip(
                    'STEPCACHE_PG_DSN not set (run: eval "$(bash scripts/start_postgres.sh --export)")'
                )
            store = PostgresStore(PG_DSN, table=table)
        made.append(store)
        return store

    yield factory
    if made and isinstance(made[0], PostgresStore):
        made[0].drop()
    for store in made:
        store.close()


def test_answer_survives_restart_and_is_reused(open_store):
    first = StepCache(store=open_store())
    entry_id = first.store_answer(PROMPT, ANSWER, task="linear_equation", namespace="t1")
    assert entry_id is not None
    first.store.close()

    second = StepCache(store=open_store())  # a "restarted" worker on the same store

    def llm(prompt: str) -> str:
        raise AssertionError("the cached answer should have been reused")

    result = second.generate(PROMPT, llm, namespace="t1")
    assert result.outcome == "reuse" and result.model_calls == 0
    assert result.matched_entry_id == entry_id
    assert result.text == ANSWER
    assert second.store.get(entry_id).hits == 1


def test_no_cross_namespace_or_model_reuse(open_store):
    cache = StepCache(store=open_store())
    assert cache.store_answer(PROMPT, ANSWER, task="linear_equation", namespace="t1", llm_key="m1")
    for namespace, llm_key in [("t2", "m1"), ("t1", "m2")]:
        plan = cache.lookup(PROMPT, namespace=namespace, llm_key=llm_key)
        assert plan.outcome == "miss" and plan.needs_model
    assert cache.lookup(PROMPT, namespace="t1", llm_key="m1").outcome == "reuse"


async def test_async_engine_path(open_store):
    cache = StepCache(store=open_store())
    assert await cache.astore_answer(PROMPT, ANSWER, task="linear_equation")

    async def llm(prompt: str) -> str:
        raise AssertionError("should be reused")

    result = await cache.agenerate(PROMPT, llm)
    assert result.outcome == "reuse"
    assert await cache.aclear() == 1


def test_an_identical_repeat_is_found_past_variants_sharing_its_vector(open_store) -> None:
    """On a persistent store too: prompts differing only in outer whitespace or line endings share
    one vector; with more of them than top_k, each identical repeat still meets its own entry."""
    cache = StepCache(store=open_store(), top_k=1)
    variants = ["Name a planet.", "Name a planet. ", " Name a planet.", "Name a planet.\r\n"]
    for variant in variants:
        cache.generate(variant, lambda p: f"echo {p!r}")
    for variant in variants:
        again = cache.generate(variant, lambda p: (_ for _ in ()).throw(AssertionError(f"model called for {p!r}")))
        assert again.outcome == "reuse" and again.text == f"echo {variant!r}"


def test_copies_that_do_not_serve_do_not_hide_a_candidate_that_does(open_store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Copies of one prompt fill the top_k with one candidate: when none of them serves, the search
    widens and another entry re-instantiates; when the first ones serve, one search is enough."""
    # the rewrite itself (the engine's own derivation, written when a rewrite fails since wip/linK, off)
    monkeypatch.setattr("stepcache_integrations.core.tasks.linear.task._same_kind", lambda *a: False)
    store = open_store()
    searches: list[int] = []
    search = store.search

    def counted(vector, *, namespace, llm_key, k):  # type: ignore[no-untyped-def]
        searches.append(k)
        return search(vector, namespace=namespace, llm_key=llm_key, k=k)

    store.search = counted  # type: ignore[method-assign]
    cache = StepCache(store=store, top_k=2, problem_keys=False)  # the semantic path's search
    template = 'Solve for x step by step: 2x + 10 = {c}. Write one step per line as "Step k: ...".'

    def answer(c: int) -> str:
        return (
            f"Step 1: Start with 2x + 10 = {c}.\nStep 2: Subtract 10 from both sides: 2x = {c - 10}.\n"
            f"Step 3: Divide both sides by 2: x = {(c - 10) // 2}.\nAnswer: x = {(c - 10) // 2}"
        )

    for _ in range(3):  # the most similar entries, and not re-instantiated for c = -10
        assert cache.store_answer(template.format(c=-20), answer(-20))
    assert cache.store_answer(template.format(c=20), answer(20))  # less similar; re-instantiated
    plan = cache.lookup("Please s" + template.format(c=-10)[1:])
    assert searches == [2, 64]
    assert plan.outcome == "reinstantiate" and plan.entry is not None and plan.entry.prompt == template.format(c=20)
    assert plan.cached_text.endswith("Answer: x = -10")
    searches.clear()
    served = cache.lookup("Please s" + template.format(c=-20)[1:])  # the copies tie, and serve
    assert served.outcome == "reuse" and searches == [2]
    # the problem-key tier (on by default): the newest entry of the shape re-instantiates, unsearched
    # (PostgreSQL's dictionary keeps no order: its three candidates may be the copies, then the search serves)
    searches.clear()
    keyed = StepCache(store=store, top_k=2).lookup("Please s" + template.format(c=-10)[1:])
    assert keyed.outcome == "reinstantiate" and keyed.entry is not None and keyed.entry.prompt == template.format(c=20)
    if not isinstance(store, PostgresStore):
        assert keyed.tier == "problem_key" and searches == []
    assert keyed.cached_text.endswith("Answer: x = -10")
