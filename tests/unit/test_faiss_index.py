"""PartitionedIndex, the index a store owns: exact buffers sealed into batch-built HNSW graphs."""

from __future__ import annotations

import math
import multiprocessing
import threading

import numpy as np
import pytest

from stepcache_integrations.errors import StoreError
from stepcache_integrations.stores import InMemoryStore, SQLiteStore
from stepcache_integrations.stores import vector_index as faiss_index
from stepcache_integrations.stores import vector_index as hnsw_segments
from stepcache_integrations.stores.vector_index import (
    MERGE_FACTOR,
    TIER_WIDTH,
    PartitionedIndex,
)

DIM = 32
KEY = ("default", "model")


def vectors(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def top_id(index: PartitionedIndex, vec: np.ndarray, key=KEY) -> int | None:
    hits = index.search(key, vec, 1)
    return hits[0][0] if hits else None


def assert_all_indexed_and_found(index: PartitionedIndex, data: np.ndarray, ids, rows=None) -> None:
    """Every id is indexed with its vector (exact), and searching each vector finds its own
    id first: a graph node its build's probe could not reach is kept in an exact segment."""
    rows = list(range(len(ids))) if rows is None else rows
    for row, id_ in zip(rows, ids, strict=True):
        assert np.allclose(index.reconstruct(KEY, id_), data[row]), id_
        assert top_id(index, data[row]) == id_, id_


def settled_structure_ok(index: PartitionedIndex, key=KEY) -> None:
    part = index._parts[key]
    assert part._pick() is None  # nothing left to seal, merge or compact
    assert not part.wants_job()
    assert index.stats()["sealing"] == 0 and not index.stats()["building"]


@pytest.fixture
def held_builds(monkeypatch):
    """Graph builds wait for ``release``; ``started`` is set when the first one begins."""
    started, release = threading.Event(), threading.Event()
    real_build = hnsw_segments.SegmentJob.build

    def held_build(self):
        started.set()
        assert release.wait(30)
        return real_build(self)

    monkeypatch.setattr(hnsw_segments.SegmentJob, "build", held_build)
    yield started, release
    release.set()  # never leave a builder thread blocked behind a failed test


def test_one_at_a_time_inserts_end_in_merged_graphs_that_find_every_vector():
    index = PartitionedIndex("hnsw", segment_size=16, ef_search=200)
    data = vectors(700)
    for i, vec in enumerate(data):
        index.add(KEY, np.array([i]), vec[None])
    assert index.wait_until_built(timeout=60)
    stats = index.stats()
    assert stats["segments"] >= 1 and stats["buffered"] < 16
    settled_structure_ok(index)
    part = index._parts[KEY]
    # At most MERGE_FACTOR - 1 graphs per size tier: far fewer graphs than 700 / 16 seals.
    tiers = int(math.log(700 / 16, TIER_WIDTH)) + 1
    assert len(part.sealed) <= (MERGE_FACTOR - 1) * tiers
    assert index.total_live() == 700
    assert_all_indexed_and_found(index, data, list(range(700)))
    assert np.allclose(index.reconstruct(KEY, 123), data[123])


def test_deletes_before_during_and_after_builds_are_never_returned():
    index = PartitionedIndex("hnsw", segment_size=16, ef_search=200)
    data = vectors(400, seed=1)
    deleted: set[int] = set()
    for i, vec in enumerate(data):
        index.add(KEY, np.array([i]), vec[None])
        if i % 3 == 0 and i >= 5:  # some while their buffer is being sealed
            assert index.remove(KEY, [i - 5]) == 1
            deleted.add(i - 5)
    assert index.remove(KEY, [10_000, 1]) == (0 if 1 in deleted else 1)
    deleted.add(1)
    assert index.wait_until_built(timeout=60)
    assert index.total_live() == 400 - len(deleted)
    for i in range(400):
        hits = index.search(KEY, data[i], 5)
        assert all(h[0] not in deleted for h in hits)
    live = [i for i in range(400) if i not in deleted]
    assert_all_indexed_and_found(index, data, live, rows=live)
    assert index.reconstruct(KEY, min(deleted)) is None


def test_a_delete_while_its_graph_is_being_built_carries_over(held_builds):
    index = PartitionedIndex("hnsw", segment_size=16)
    data = vectors(40, seed=11)
    started, release = held_builds
    index.add(KEY, np.arange(40), data)
    assert started.wait(30)
    assert index.remove(KEY, [7, 30]) == 2  # both in the buffer being sealed
    assert all(h[0] not in (7, 30) for h in index.search(KEY, data[7], 40))
    release.set()
    assert index.wait_until_built(timeout=60)
    assert index.stats()["segments"] == 1 and index.total_live() == 38
    assert all(h[0] not in (7, 30) for h in index.search(KEY, data[7], 40))
    assert index.reconstruct(KEY, 30) is None and top_id(index, data[8]) == 8


def test_buffers_freeze_at_segment_size_while_the_builder_is_busy(held_builds):
    index = PartitionedIndex("hnsw", segment_size=8)
    data = vectors(100, seed=13)
    started, release = held_builds
    for i in range(100):
        index.add(KEY, np.array([i]), data[i][None])
    assert started.wait(30)
    part = index._parts[KEY]
    assert part.buffer.n < 8 and all(seg.n == 8 for seg in part.sealed)  # bounded, not one big buffer
    assert [top_id(index, data[i]) for i in range(100)] == list(range(100))  # exact meanwhile
    release.set()
    assert index.wait_until_built(timeout=60)
    settled_structure_ok(index)
    assert_all_indexed_and_found(index, data, list(range(100)))


def test_a_mostly_deleted_graph_is_compacted():
    index = PartitionedIndex("hnsw", segment_size=64)
    data = vectors(300, seed=2)
    index.add(KEY, np.arange(300), data)  # one bulk add: sealed as one graph
    assert index.wait_until_built(timeout=60)
    assert index.stats()["segments"] == 1
    index.remove(KEY, list(range(200)))
    assert index.wait_until_built(timeout=60)
    part = index._parts[KEY]
    assert [seg.n for seg in part.sealed] == [100] and part.sealed[0].dead == 0
    assert top_id(index, data[250]) == 250


def test_partitions_never_see_each_other_and_empty_ones_are_dropped():
    index = PartitionedIndex("hnsw", segment_size=8)
    data = vectors(40, seed=3)
    index.add(("a", "m"), np.arange(20), data[:20])
    index.add(("b", "m"), np.arange(20, 40), data[20:])
    assert index.wait_until_built(timeout=60)
    assert {h[0] for h in index.search(("a", "m"), data[25], 40)} == set(range(20))
    assert index.search(("a", "other-model"), data[0], 5) == []
    index.remove(("b", "m"), list(range(20, 40)))
    assert len(index) == 1
    index.drop("a")
    assert len(index) == 0 and index.total_live() == 0


def test_flat_partitions_are_exact_and_remove_vectors():
    index = PartitionedIndex("flat")
    data = vectors(50, seed=4)
    index.add(KEY, np.arange(50), data)
    assert index.remove(KEY, [3, 3, 99]) == 1
    assert index.total_live() == 49 and index.reconstruct(KEY, 3) is None
    assert [top_id(index, data[i]) for i in range(4, 50)] == list(range(4, 50))
    assert index.stats()["segments"] == 0


def test_a_failed_build_keeps_the_vectors_searchable_and_is_retried(monkeypatch, caplog):
    index = PartitionedIndex("hnsw", segment_size=8)
    data = vectors(20, seed=5)
    real_build = hnsw_segments.SegmentJob.build

    def boom(self):
        raise MemoryError("no room for a graph")

    monkeypatch.setattr(hnsw_segments.SegmentJob, "build", boom)
    index.add(KEY, np.arange(20), data)
    assert index.wait_until_built(timeout=60)
    assert "building an HNSW segment failed" in caplog.text
    assert index.stats()["sealing"] == 1 and index.stats()["segments"] == 0
    assert [top_id(index, data[i]) for i in range(20)] == list(range(20))
    monkeypatch.setattr(hnsw_segments.SegmentJob, "build", real_build)
    index._parts[KEY].retry_at = 0.0
    index.add(KEY, np.array([20]), vectors(1, seed=6))
    assert index.wait_until_built(timeout=60)
    assert index.stats()["sealing"] == 0 and index.stats()["segments"] == 1
    assert index.total_live() == 21


def test_concurrent_adds_removes_and_searches_stay_consistent():
    index = PartitionedIndex("hnsw", segment_size=32, ef_search=200)
    data = vectors(1200, seed=7)
    errors: list[BaseException] = []

    def writer(offset: int) -> None:
        try:
            for i in range(offset, 1200, 3):
                index.add(KEY, np.array([i]), data[i][None])
                if i % 10 == 0:
                    index.remove(KEY, [i])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def reader() -> None:
        try:
            for i in range(600):
                hits = index.search(KEY, data[i], 3)
                ids = [hit_id for hit_id, _ in hits]
                scores = [score for _, score in hits]
                assert len(set(ids)) == len(ids) and all(0 <= x < 1200 for x in ids)
                assert scores == sorted(scores, reverse=True)
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(o,)) for o in range(3)]
    threads.append(threading.Thread(target=reader))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert index.wait_until_built(timeout=60)
    live = [i for i in range(1200) if i % 10]
    assert index.total_live() == len(live)
    assert_all_indexed_and_found(index, data, live, rows=live)
    settled_structure_ok(index)


def _child_search(store: InMemoryStore, data: np.ndarray, queue) -> None:  # pragma: no cover - child
    from tests.unit.test_store_contract import make_entry

    store.add(make_entry(999, id="child"), data[99])
    built = store.wait_until_indexed(timeout=60)
    hits = store.search(data[5], namespace="default", llm_key="default", k=1)
    queue.put((built, hits[0].entry.id, store.count(), store._index._builds_disabled))


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_a_forked_child_gets_its_own_builder():
    from tests.unit.test_store_contract import make_entry

    store = InMemoryStore(index="hnsw", hnsw_segment_size=8)
    data = vectors(100, seed=8)
    for i in range(99):
        store.add(make_entry(i, id=f"e{i}"), data[i])
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_child_search, args=(store, data, queue))
    child.start()
    child.join(60)
    assert child.exitcode == 0
    assert queue.get(timeout=5) == (True, "e5", 100, False)
    assert store.wait_until_indexed(timeout=60) and store.count() == 99


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_a_child_forked_mid_build_searches_exactly_and_never_builds(held_builds, monkeypatch):
    from tests.unit.test_store_contract import make_entry

    started, release = held_builds
    monkeypatch.setattr(faiss_index, "FORK_WAIT_FOR_BUILD_S", 0.2)
    store = InMemoryStore(index="hnsw", hnsw_segment_size=8)
    data = vectors(100, seed=14)
    for i in range(99):
        store.add(make_entry(i, id=f"e{i}"), data[i])
    assert started.wait(30)
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_child_search, args=(store, data, queue))
    child.start()
    child.join(60)
    release.set()
    assert child.exitcode == 0
    assert queue.get(timeout=5) == (True, "e5", 100, True)
    assert store.wait_until_indexed(timeout=60) and not store._index._builds_disabled


def test_stores_export_vectors_from_the_index(tmp_path):
    from tests.unit.test_store_contract import make_entry

    data = vectors(60, seed=9)
    for store in (InMemoryStore(index="hnsw", hnsw_segment_size=8), InMemoryStore()):
        for i in range(60):
            store.add(make_entry(i, id=f"e{i}"), data[i])
        store.wait_until_indexed(timeout=60)
        exported = {entry.id: vec for entry, vec in store.iter_items()}
        assert len(exported) == 60 and np.allclose(exported["e17"], data[17])


def test_sqlite_hnsw_reopen_searches_at_once_and_seals_in_the_background(tmp_path):
    from tests.unit.test_store_contract import make_entry

    data = vectors(200, seed=10)
    with SQLiteStore(tmp_path / "h.db", index="hnsw", hnsw_segment_size=32) as store:
        for i in range(200):
            store.add(make_entry(i, id=f"e{i}"), data[i])
    with SQLiteStore(tmp_path / "h.db", index="hnsw", hnsw_segment_size=32) as store:
        hit = store.search(data[150], namespace="default", llm_key="default", k=1)[0]
        assert hit.entry.id == "e150"
        assert store.wait_until_indexed(timeout=60)
        stats = store.stats()
        assert stats["index_segments"]["segments"] >= 1 and stats["indexed_vectors"] == 200
        hit = store.search(data[42], namespace="default", llm_key="default", k=1)[0]
        assert hit.entry.id == "e42"
        assert store.integrity_check() == []


@pytest.mark.parametrize("bad", [0, -5])
def test_segment_size_must_be_positive(bad):
    with pytest.raises(StoreError, match="hnsw_segment_size"):
        InMemoryStore(index="hnsw", hnsw_segment_size=bad)


def test_ids_in_any_order_can_be_removed_in_bulk():
    index = PartitionedIndex("hnsw", segment_size=64)
    data = vectors(150, seed=12)
    ids = np.arange(150)[::-1].copy()  # descending: the unsorted lookup path
    index.add(KEY, ids[:100], data[:100])
    assert index.wait_until_built(timeout=60)
    index.add(KEY, ids[100:], data[100:])
    gone = list(range(0, 150, 2))
    assert index.remove(KEY, gone + gone[:5] + [999]) == 75
    assert index.total_live() == 75
    for row in range(150):
        hits = index.search(KEY, data[row], 3)
        assert all(h[0] % 2 == 1 for h in hits)
    kept = [row for row in range(150) if ids[row] % 2]
    assert_all_indexed_and_found(index, data, [int(ids[row]) for row in kept], rows=kept)


def test_nodes_a_build_cannot_reach_stay_exact_until_a_later_build_reaches_them(monkeypatch):
    index = PartitionedIndex("hnsw", segment_size=16)
    data = vectors(48, seed=15)
    real = hnsw_segments.unreachable
    calls = []

    def lose_two(graph, vecs, ef_search):  # the first build "cannot reach" two of its nodes
        calls.append(len(vecs))
        return np.array([3, 9]) if len(calls) == 1 else real(graph, vecs, ef_search)

    monkeypatch.setattr(hnsw_segments, "unreachable", lose_two)
    index.add(KEY, np.arange(16), data[:16])
    assert index.wait_until_built(timeout=60)
    assert index.stats()["unreachable"] == 2 and index.stats()["sealing"] == 0
    assert index.total_live() == 16
    assert_all_indexed_and_found(index, data[:16], list(range(16)))
    assert index.remove(KEY, [9]) == 1 and index.remove(KEY, [9]) == 0
    assert all(h[0] != 9 for h in index.search(KEY, data[9], 16))
    index.add(KEY, np.arange(16, 48), data[16:])  # the stray joins the next builds
    assert index.wait_until_built(timeout=60)
    stats = index.stats()
    assert stats["unreachable"] == 0 and index.total_live() == 47
    live = [i for i in range(48) if i != 9]
    assert_all_indexed_and_found(index, data, live, rows=live)
    settled_structure_ok(index)


def test_the_real_probe_finds_no_stray_in_a_sound_graph_and_every_node_is_found():
    index = PartitionedIndex("hnsw", segment_size=64)
    data = vectors(600, seed=16)
    index.add(KEY, np.arange(600), data)
    assert index.wait_until_built(timeout=60)
    part = index._parts[KEY]
    graph = next(seg for seg in part.sealed if seg.graph)
    vecs = graph.index.reconstruct_n(0, graph.n)
    assert set(hnsw_segments.unreachable(graph.index, vecs, part.ef_search)) == {
        int(p) for p in np.flatnonzero(~graph.alive[: graph.n])
    }
    assert_all_indexed_and_found(index, data, list(range(600)))


def test_faiss_threads_are_set_per_call_and_restored():
    import faiss

    before = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(3)  # the host application's choice
    try:
        index = PartitionedIndex("flat", threads=1)
        index.add(KEY, np.arange(5), vectors(5, seed=17))
        assert top_id(index, vectors(5, seed=17)[2]) == 2
        assert faiss.omp_get_max_threads() == 3
    finally:
        faiss.omp_set_num_threads(before)
    with pytest.raises(StoreError, match="faiss_threads"):
        PartitionedIndex("flat", threads=0)


def test_a_graph_of_mostly_strays_is_not_rebuilt_for_ever(monkeypatch):
    index = PartitionedIndex("hnsw", segment_size=8)
    data = vectors(8, seed=18)
    builds = []

    def lose_most(graph, vecs, ef_search):
        builds.append(len(vecs))
        return np.arange(len(vecs) - 1)  # every node but one "unreachable"

    monkeypatch.setattr(hnsw_segments, "unreachable", lose_most)
    index.add(KEY, np.arange(8), data)
    assert index.wait_until_built(timeout=60)
    assert builds == [8] and index.stats()["unreachable"] == 7
    assert_all_indexed_and_found(index, data, list(range(8)))
