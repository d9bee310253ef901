"""One behaviour contract for every CacheStore: memory, SQLite (flat and HNSW), PostgreSQL.

PostgreSQL runs when STEPCACHE_PG_DSN is set (scripts/start_postgres.sh prints one);
otherwise those cases skip with the reason.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
import uuid

import numpy as np
import pytest

from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.errors import StoreError
from stepcache_integrations.stores import InMemoryStore, PostgresStore, SQLiteStore
from stepcache_integrations.stores.transfer import export_jsonl, import_jsonl

DIM = 32
PG_DSN = os.environ.get("STEPCACHE_PG_DSN")


def _postgres(tmp_path, n, **options):
    if not PG_DSN:
        pytest.skip('STEPCACHE_PG_DSN not set (run: eval "$(bash scripts/start_postgres.sh --export)")')
    return PostgresStore(PG_DSN, table=f"t_{uuid.uuid4().hex[:12]}", **options)


# One row per backend (and index): name -> (tmp_path, n-th store of the test, **options) -> store.
# Tiny HNSW segments: the contract also runs over sealed, batch-built graphs.
BACKENDS = {
    "memory": lambda tmp_path, n, **o: InMemoryStore(index="flat", **o),
    "memory-hnsw": lambda tmp_path, n, **o: InMemoryStore(index="hnsw", hnsw_segment_size=4, **o),
    "sqlite": lambda tmp_path, n, **o: SQLiteStore(tmp_path / f"cache{n}.db", index="flat", **o),
    "sqlite-hnsw": lambda tmp_path, n, **o: SQLiteStore(
        tmp_path / f"cache{n}.db", index="hnsw", hnsw_segment_size=4, **o
    ),
    "postgres": _postgres,
}
STORES = list(BACKENDS)


def unit(seed: int, dim: int = DIM) -> np.ndarray:
    rng = np.random.default_rng(seed)
    v = rng.standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


def make_entry(i: int | str, **kw: object) -> CacheEntry:
    kw.setdefault("prompt", f"prompt {i}")
    kw.setdefault("task", "text")
    kw.setdefault("steps", [Step(text=f"step one {i}\n"), Step(text=f"step two {i}")])
    return CacheEntry(**kw)  # type: ignore[arg-type]


@pytest.fixture
def make_store(request, tmp_path):
    """Factory: make_store(**options) -> a fresh store of the parametrized kind."""
    kind = request.param
    made: list = []

    def factory(**options):
        store = BACKENDS[kind](tmp_path, len(made), **options)
        made.append(store)
        return store

    yield factory
    for store in made:
        if isinstance(store, PostgresStore):
            store.drop()
        store.close()


pytestmark = pytest.mark.parametrize("make_store", STORES, indirect=True)


def test_add_get_search_roundtrip(make_store):
    store = make_store()
    entries = [make_entry(i) for i in range(20)]
    for i, e in enumerate(entries):
        assert store.add(e, unit(i)) == e.id
    assert store.count() == 20
    got = store.get(entries[7].id)
    assert got is not None and got.prompt == "prompt 7" and got.text == entries[7].text
    assert [s.text for s in got.steps] == [s.text for s in entries[7].steps]
    hits = store.search(unit(7), namespace="default", llm_key="default", k=3)
    assert hits[0].entry.id == entries[7].id
    assert hits[0].similarity == pytest.approx(1.0, abs=1e-4)
    assert len(hits) == 3
    assert hits[0].similarity >= hits[1].similarity >= hits[2].similarity
    assert store.get("no-such-id") is None


def test_fields_survive(make_store):
    store = make_store()
    e = make_entry(
        "f",
        namespace="tenant",
        llm_key="model-x",
        constraints={"keys": ["a", "b"], "n": 3},
        metadata={"source": "test", "nested": {"x": [1, 2]}},
        prompt_tokens=11,
        completion_tokens=22,
        steps=[Step(text='{"a": 1}', kind="json", meta={"parsed": {"a": 1}})],
    )
    store.add(e, unit(1))
    got = store.get(e.id)
    assert got is not None
    assert got.model_dump(exclude={"created_at"}) == e.model_dump(exclude={"created_at"})
    assert got.created_at == pytest.approx(e.created_at, abs=1e-5)


def test_namespace_and_model_isolation(make_store):
    store = make_store()
    target = make_entry("mine", namespace="a", llm_key="m1")
    store.add(target, unit(0))
    # Many near-identical entries of other tenants / models right next to the query.
    for i in range(40):
        store.add(make_entry(f"b{i}", namespace="b", llm_key="m1"), unit(0) + 0.001 * unit(100 + i))
        store.add(make_entry(f"c{i}", namespace="a", llm_key="m2"), unit(0) + 0.001 * unit(200 + i))
    hits = store.search(unit(0), namespace="a", llm_key="m1", k=1)
    assert [h.entry.id for h in hits] == [target.id]
    hits = store.search(unit(0), namespace="a", llm_key="m1", k=10)
    assert [h.entry.id for h in hits] == [target.id]
    for h in store.search(unit(0), namespace="b", llm_key="m1", k=50):
        assert (h.entry.namespace, h.entry.llm_key) == ("b", "m1")
    # the other model of the same namespace (its partition was made second): never the first's entries
    other_model = store.search(unit(0), namespace="a", llm_key="m2", k=50)
    assert other_model and all((h.entry.namespace, h.entry.llm_key) == ("a", "m2") for h in other_model)
    assert store.search(unit(0), namespace="zzz", llm_key="m1", k=5) == []
    assert store.count("a") == 41 and store.count("b") == 40


def test_delete_and_clear(make_store):
    store = make_store()
    ids = {}
    for i in range(6):
        e = make_entry(i, namespace="x" if i % 2 else "y")
        store.add(e, unit(i))
        ids[i] = e.id
    assert store.delete(ids[0]) is True
    assert store.delete(ids[0]) is False
    assert store.get(ids[0]) is None
    assert all(h.entry.id != ids[0] for h in store.search(unit(0), namespace="y", llm_key="default", k=5))
    assert store.clear("x") == 3
    assert store.count() == 2 and store.count("x") == 0
    assert store.search(unit(1), namespace="x", llm_key="default", k=3) == []
    assert store.clear() == 2
    assert store.count() == 0
    # usable after clear
    e = make_entry("again")
    store.add(e, unit(9))
    assert store.search(unit(9), namespace="default", llm_key="default", k=1)[0].entry.id == e.id


def test_replace_same_id(make_store):
    store = make_store()
    e = make_entry(1)
    store.add(e, unit(1))
    e2 = make_entry(1, id=e.id, prompt="changed")
    store.add(e2, unit(2))
    assert store.count() == 1
    assert store.get(e.id).prompt == "changed"
    hits = store.search(unit(2), namespace="default", llm_key="default", k=5)
    assert [h.entry.id for h in hits] == [e.id]
    assert hits[0].similarity == pytest.approx(1.0, abs=1e-4)


def test_ttl(make_store):
    store = make_store(default_ttl=3600)
    now = time.time()
    live = make_entry("live")
    expired = make_entry("expired", expires_at=now - 1)
    old = make_entry("old", created_at=now - 7200)  # default TTL already over
    for i, e in enumerate([live, expired, old]):
        store.add(e, unit(0) + 0.01 * unit(i + 1))
    assert store.get(live.id) is not None
    assert store.get(live.id).expires_at == pytest.approx(live.created_at + 3600, abs=1e-3)
    assert store.get(expired.id) is None and store.get(old.id) is None
    hits = store.search(unit(0), namespace="default", llm_key="default", k=3)
    assert [h.entry.id for h in hits] == [live.id]
    assert store.count() == 1
    assert [e.id for e, _ in store.iter_items()] == [live.id]


def test_lru_eviction(make_store):
    store = make_store(max_entries=3)
    base = time.time() - 100
    es = [make_entry(i, created_at=base + i) for i in range(4)]
    for i in range(3):
        store.add(es[i], unit(i))
    store.record_hit(es[0].id)  # 0 is now the most recently used; 1 is the LRU
    store.add(es[3], unit(3))
    assert store.count() == 3
    assert store.get(es[1].id) is None
    assert {e.id for e, _ in store.iter_items()} == {es[0].id, es[2].id, es[3].id}
    assert store.search(unit(1), namespace="default", llm_key="default", k=3)[0].entry.id != es[1].id
    hit = store.get(es[0].id)
    assert hit.hits == 1 and hit.last_hit_at is not None


def test_dimension_mismatch(make_store):
    store = make_store()
    store.add(make_entry(1), unit(1))
    with pytest.raises(StoreError):
        store.add(make_entry(2), unit(2, dim=DIM + 1))
    with pytest.raises(StoreError):
        store.search(unit(2, dim=DIM + 1), namespace="default", llm_key="default", k=1)


def test_iter_items_and_stats(make_store):
    store = make_store()
    for i in range(7):
        store.add(make_entry(i, namespace="n1" if i < 4 else "n2"), unit(i))
    items = list(store.iter_items("n1"))
    assert len(items) == 4
    for entry, vec in items:
        i = int(entry.prompt.split()[-1])
        np.testing.assert_allclose(vec, unit(i), atol=1e-6)
    assert len(list(store.iter_items())) == 7
    stats = store.stats()
    assert stats["entries"] == 7 and "backend" in stats


def test_export_import_roundtrip(make_store, tmp_path):
    store = make_store()
    for i in range(5):
        store.add(make_entry(i, namespace="e", metadata={"i": i}), unit(i))
    path = tmp_path / "dump.jsonl"
    assert export_jsonl(store, path, namespace="e") == 5
    target = InMemoryStore()
    assert import_jsonl(target, path) == 5
    assert {e.id for e, _ in target.iter_items()} == {e.id for e, _ in store.iter_items()}
    hits = target.search(unit(3), namespace="e", llm_key="default", k=1)
    assert hits[0].entry.prompt == "prompt 3" and hits[0].entry.metadata == {"i": 3}
    # and back into a fresh store of this kind, into another namespace
    other = make_store()
    other.clear()
    assert import_jsonl(other, path, namespace="moved") == 5
    assert other.count("moved") == 5 and other.count("e") == 0


def test_concurrent_threads(make_store):
    store = make_store()
    n_threads, per_thread = 4, 25
    errors: list[BaseException] = []

    def worker(t: int) -> None:
        try:
            for i in range(per_thread):
                e = make_entry(f"{t}-{i}", namespace=f"ns{t}", id=f"t{t}-{i}")
                store.add(e, unit(t * 1000 + i))
                hits = store.search(unit(t * 1000 + i), namespace=f"ns{t}", llm_key="default", k=2)
                assert hits[0].entry.id == e.id
                assert all(h.entry.namespace == f"ns{t}" for h in hits)
                store.record_hit(e.id)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(n_threads)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    assert store.count() == n_threads * per_thread
    ids = [e.id for e, _ in store.iter_items()]
    assert len(ids) == len(set(ids)) == n_threads * per_thread
    for t in range(n_threads):
        assert store.count(f"ns{t}") == per_thread


async def test_async_twins(make_store):
    store = make_store()
    entries = [make_entry(i, namespace="as") for i in range(10)]
    await asyncio.gather(*(store.aadd(e, unit(i)) for i, e in enumerate(entries)))
    assert await store.acount() == 10
    results = await asyncio.gather(
        *(store.asearch(unit(i), namespace="as", llm_key="default", k=1) for i in range(10))
    )
    assert [r[0].entry.id for r in results] == [e.id for e in entries]
    await store.arecord_hit(entries[0].id)
    got = await store.aget(entries[0].id)
    assert got is not None and got.hits == 1
    assert await store.adelete(entries[1].id) is True
    assert await store.aclear("as") == 9
    assert await store.acount() == 0


def test_async_twins_are_the_base_class_thread_wrappers(make_store):
    """One implementation per operation: no backend overrides the async twins, so they
    cannot drift from the sync methods (PostgresStore's did: only `search` retried)."""
    from stepcache_integrations.stores.base import CacheStore

    store = make_store()
    for name in ("aadd", "asearch", "aget", "arecord_hit", "adelete", "aclear", "acount", "aclose"):
        assert getattr(type(store), name) is getattr(CacheStore, name), name
