"""PostgresStore against a real PostgreSQL + pgvector server.

Start one with ``eval "$(bash scripts/start_postgres.sh --export)"`` (sets
STEPCACHE_PG_DSN); without it these tests skip. The shared behaviour contract runs in
tests/unit/test_store_contract.py for every store including this one.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import numpy as np
import pytest

from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.errors import StoreError

PG_DSN = os.environ.get("STEPCACHE_PG_DSN")
REPO = Path(__file__).resolve().parents[2]
DIM = 32

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not PG_DSN,
        reason="STEPCACHE_PG_DSN not set; start a server with "
        'eval "$(bash scripts/start_postgres.sh --export)"',
    ),
]


def unit(seed: int, dim: int = DIM) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


def make_entry(i: int | str, **kw: object) -> CacheEntry:
    kw.setdefault("prompt", f"prompt {i}")
    kw.setdefault("task", "text")
    kw.setdefault("steps", [Step(text=f"answer {i}")])
    return CacheEntry(**kw)  # type: ignore[arg-type]


@pytest.fixture
def table():
    from stepcache_integrations.stores import PostgresStore

    name = f"it_{uuid.uuid4().hex[:12]}"
    yield name
    PostgresStore(PG_DSN, table=name).drop()


def run_python(code: str, *args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_schema_columns_and_hnsw_index(table):
    import psycopg

    from stepcache_integrations.stores import PostgresStore

    store = PostgresStore(PG_DSN, table=table)
    assert store.search(unit(0), namespace="default", llm_key="default", k=1) == []  # no table yet
    store.add(make_entry(0), unit(0))
    with psycopg.connect(PG_DSN) as conn:
        cols = dict(
            conn.execute(
                "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = %s",
                (table,),
            ).fetchall()
        )
        indexes = [
            r[0]
            for r in conn.execute(
                "SELECT indexdef FROM pg_indexes WHERE tablename = %s", (table,)
            ).fetchall()
        ]
        version = conn.execute(
            "SELECT version, dim FROM stepcache_schema WHERE table_name = %s", (table,)
        ).fetchone()
    assert cols["steps"] == "jsonb" and cols["constraints"] == "jsonb"
    assert cols["embedding"] == "USER-DEFINED"
    for name in ("prompt", "task", "namespace", "llm_key", "created_at", "last_hit_at", "hits"):
        assert name in cols
    assert any("hnsw" in d and "vector_cosine_ops" in d for d in indexes)
    assert any("gin" in d and "lookup_keys" in d for d in indexes)  # the problem-key tier's dictionary
    assert version == (2, DIM)
    # a second handle reads the dimension from the schema table and rejects another one
    other = PostgresStore(PG_DSN, table=table)
    with pytest.raises(StoreError, match="dimension"):
        other.add(make_entry(1), unit(1, dim=DIM * 2))
    with pytest.raises(StoreError, match="dimension"):
        PostgresStore(PG_DSN, table=table, dim=DIM * 2)
    store.close()
    other.close()


def test_filter_runs_inside_the_knn_query(table):
    """Half the rows belong to another tenant and all of them are closer to the query
    than any row of ours. On the HNSW path a filter applied after the index's first
    ef_search candidates would return nothing (the langchain-redis bug); the store's
    iterative index scan must keep going until k rows of our namespace are found."""
    from stepcache_integrations.stores import PostgresStore

    # exact_search_max=100: both partitions count as large, so search takes the HNSW path
    store = PostgresStore(PG_DSN, table=table, exact_search_max=100)
    query = unit(0)
    mine = []
    for i in range(1500):
        v = query + 0.05 * unit(10 + i)
        store.add(make_entry(f"b{i}", namespace="big", llm_key="m"), v / np.linalg.norm(v))
        e = make_entry(f"s{i}", namespace="small", llm_key="m")
        store.add(e, unit(100_000 + i))
        mine.append(e.id)
    plan = store.explain_search(query, namespace="small", llm_key="m", k=5)
    assert "_embedding_hnsw" in plan and "Sort" not in plan, plan
    hits = store.search(query, namespace="small", llm_key="m", k=5)
    assert len(hits) == 5
    assert all(h.entry.namespace == "small" and h.entry.id in mine for h in hits)
    # close to the exact answer (HNSW is approximate): best first, all within the top 10
    expected = sorted(range(1500), key=lambda i: -float(unit(100_000 + i) @ query))[:10]
    assert hits[0].entry.id == mine[expected[0]]
    assert {h.entry.id for h in hits} <= {mine[i] for i in expected}
    assert store.search(query, namespace="small", llm_key="other-model", k=3) == []
    store.close()


def test_small_partitions_are_searched_exactly_large_ones_on_hnsw(table):
    from stepcache_integrations.stores import PostgresStore

    store = PostgresStore(PG_DSN, table=table, exact_search_max=50)
    for i in range(120):
        store.add(make_entry(i, namespace="large"), unit(i))
    for i in range(10):
        store.add(make_entry(1000 + i, namespace="tiny"), unit(1000 + i))
    large = store.explain_search(unit(3), namespace="large", llm_key="default", k=3)
    tiny = store.explain_search(unit(3), namespace="tiny", llm_key="default", k=3)
    assert "_embedding_hnsw" in large, large
    assert "_embedding_hnsw" not in tiny, tiny
    assert store.search(unit(3), namespace="large", llm_key="default", k=1)[0].entry.prompt == "prompt 3"
    hits = store.search(unit(1004), namespace="tiny", llm_key="default", k=20)
    assert len(hits) == 10 and hits[0].entry.prompt == "prompt 1004"
    store.close()


WORKER = """
import sys, numpy as np
from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.stores import PostgresStore
dsn, table, worker, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
store = PostgresStore(dsn, table=table, max_size=2)
def unit(seed):
    v = np.random.default_rng(seed).standard_normal(32).astype(np.float32)
    return v / np.linalg.norm(v)
for i in range(n):
    e = CacheEntry(id=f"w{worker}-{i}", namespace=f"ns{worker % 2}", prompt=f"p {worker} {i}",
                   task="text", steps=[Step(text=f"a {worker} {i}")])
    store.add(e, unit(worker * 100000 + i))
    hits = store.search(unit(worker * 100000 + i), namespace=f"ns{worker % 2}", llm_key="default", k=3)
    assert hits and hits[0].entry.id == e.id, (e.id, [h.entry.id for h in hits])
    assert all(h.entry.namespace == f"ns{worker % 2}" for h in hits)
    store.record_hit(e.id)
print("ok")
"""


def test_concurrent_processes_create_schema_and_write(table):
    """Workers start at once against a table that does not exist yet."""
    from stepcache_integrations.stores import PostgresStore

    n_workers, per_worker = 4, 40
    procs = [
        run_python(WORKER, PG_DSN, table, str(w), str(per_worker)) for w in range(n_workers)
    ]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        assert out.strip() == "ok"
    store = PostgresStore(PG_DSN, table=table)
    assert store.count() == n_workers * per_worker
    items = list(store.iter_items())
    assert sorted(e.id for e, _ in items) == sorted(
        f"w{w}-{i}" for w in range(n_workers) for i in range(per_worker)
    )
    assert all(e.hits == 1 for e, _ in items)
    assert store.count("ns0") == store.count("ns1") == n_workers * per_worker // 2
    store.close()


async def test_async_concurrency(table):
    from stepcache_integrations.stores import PostgresStore

    store = PostgresStore(PG_DSN, table=table, max_size=4)

    async def worker(t: int) -> None:
        for i in range(20):
            e = make_entry(f"{t}-{i}", id=f"a{t}-{i}", namespace=f"t{t}")
            await store.aadd(e, unit(t * 1000 + i))
            hits = await store.asearch(unit(t * 1000 + i), namespace=f"t{t}", llm_key="default", k=2)
            assert hits[0].entry.id == e.id
            assert all(h.entry.namespace == f"t{t}" for h in hits)

    await asyncio.gather(*(worker(t) for t in range(6)))
    assert await store.acount() == 120
    for t in range(6):
        assert await store.acount(f"t{t}") == 20
    await store.aclose()


def test_max_entries_under_concurrent_writers(table):
    from concurrent.futures import ThreadPoolExecutor

    from stepcache_integrations.stores import PostgresStore

    store = PostgresStore(PG_DSN, table=table, max_entries=25, max_size=4)

    def write(i: int) -> None:
        store.add(make_entry(i), unit(i))

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(write, range(100)))
    assert store.count() == 25
    store.close()


def test_unreachable_server_raises_store_error():
    from stepcache_integrations.stores import PostgresStore

    with pytest.raises(StoreError):
        PostgresStore("postgresql://postgres@127.0.0.1:1/nope", connect_timeout=2)


def test_password_is_redacted_in_errors_and_stats():
    from stepcache_integrations.stores import PostgresStore

    with pytest.raises(StoreError) as info:
        PostgresStore("postgresql://u:hunter2@127.0.0.1:1/nope", connect_timeout=2)
    assert "hunter2" not in str(info.value)


KILLED = """
import sys, numpy as np
from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.stores import PostgresStore
store = PostgresStore(sys.argv[1], table=sys.argv[2], max_entries=200, max_size=1)
rng = np.random.default_rng(0)
big = "y" * 50000
i = 0
while True:
    v = rng.standard_normal(32).astype(np.float32)
    store.add(CacheEntry(prompt=f"p{i}", task="text", steps=[Step(text=big), Step(text=str(i))]),
              v / np.linalg.norm(v))
    i += 1
    if i == 30:
        print("running", flush=True)
"""


def test_client_killed_mid_write_leaves_consistent_table(table):
    import signal
    import time

    from stepcache_integrations.stores import PostgresStore

    proc = run_python(KILLED, PG_DSN, table)
    try:
        assert proc.stdout.readline().strip() == "running", proc.stderr.read()
        time.sleep(0.3)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    store = PostgresStore(PG_DSN, table=table)
    items = list(store.iter_items())
    assert 0 < len(items) <= 200
    for entry, vec in items[:: max(1, len(items) // 10)]:
        assert len(entry.steps) == 2 and len(entry.steps[0].text) == 50000
        assert store.search(vec, namespace="default", llm_key="default", k=1)[0].entry.id == entry.id
    store.add(make_entry("after"), unit(1))
    store.close()
