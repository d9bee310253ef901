"""SQLiteStore: persistence, multi-process sharing, crash safety, tamper resistance."""

from __future__ import annotations

import os
import pickle
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.errors import StoreError
from stepcache_integrations.stores import SQLiteStore
from stepcache_integrations.stores import sqlite_sync

DIM = 32
REPO = Path(__file__).resolve().parents[2]


def unit(seed: int, dim: int = DIM) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


def make_entry(i: int, **kw: object) -> CacheEntry:
    kw.setdefault("prompt", f"prompt {i}")
    kw.setdefault("task", "text")
    kw.setdefault("steps", [Step(text=f"answer {i}")])
    return CacheEntry(**kw)  # type: ignore[arg-type]


def run_python(code: str, *args: str, **kw) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


def test_persists_across_reopen(tmp_path):
    path = tmp_path / "c.db"
    with SQLiteStore(path, max_entries=100, default_ttl=3600) as store:
        ids = [store.add(make_entry(i, namespace=f"n{i % 3}"), unit(i)) for i in range(30)]
        store.record_hit(ids[4])
    with SQLiteStore(path) as store:
        assert store.count() == 30
        hits = store.search(unit(4), namespace="n1", llm_key="default", k=1)
        assert hits[0].entry.id == ids[4] and hits[0].entry.hits == 1
        assert hits[0].entry.expires_at is not None
        assert store.integrity_check() == []
    with SQLiteStore(path, index="hnsw") as store:  # the index is rebuilt from the rows
        assert store.search(unit(5), namespace="n2", llm_key="default", k=1)[0].entry.id == ids[5]


def test_two_handles_see_each_others_writes(tmp_path):
    path = tmp_path / "c.db"
    a, b = SQLiteStore(path), SQLiteStore(path)
    e = make_entry(1)
    a.add(e, unit(1))
    assert b.search(unit(1), namespace="default", llm_key="default", k=1)[0].entry.id == e.id
    b.record_hit(e.id)
    assert a.get(e.id).hits == 1
    b.delete(e.id)
    assert a.search(unit(1), namespace="default", llm_key="default", k=1) == []
    a.add(make_entry(2, namespace="x"), unit(2))
    b.add(make_entry(3, namespace="x"), unit(3))
    assert b.clear("x") == 2
    assert a.search(unit(2), namespace="x", llm_key="default", k=5) == []
    assert a.integrity_check() == [] and b.integrity_check() == []
    a.close()
    b.close()


def test_deletion_log_pruning_forces_rebuild(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_sync, "DELETION_LOG_KEEP", 5)
    path = tmp_path / "c.db"
    a, b = SQLiteStore(path), SQLiteStore(path)
    ids = [a.add(make_entry(i), unit(i)) for i in range(600)]
    a.search(unit(0), namespace="default", llm_key="default", k=1)
    b.search(unit(0), namespace="default", llm_key="default", k=1)
    for eid in ids[:550]:  # > 500 writes: b prunes the log past a's position
        b.delete(eid)
    hits = a.search(unit(3), namespace="default", llm_key="default", k=5)
    assert all(h.entry.id in ids[550:] for h in hits)
    assert a.integrity_check() == []
    assert a.stats()["indexed_vectors"] == 50


def test_garbage_file_raises_store_error(tmp_path):
    path = tmp_path / "bad.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError):
        SQLiteStore(path)


def test_foreign_sqlite_file_raises_store_error(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE people (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="not a StepCache store"):
        SQLiteStore(path)


class _Exploit:
    def __reduce__(self):  # would create a marker file if anything ever unpickled it
        return (Path.touch, (Path(os.environ["STEPCACHE_TEST_MARKER"]),))


def test_tampered_rows_raise_store_error_and_never_unpickle(tmp_path, monkeypatch):
    marker = tmp_path / "pwned"
    monkeypatch.setenv("STEPCACHE_TEST_MARKER", str(marker))
    path = tmp_path / "c.db"
    with SQLiteStore(path) as store:
        good = make_entry(0)
        bad_json = make_entry(1)
        bad_blob = make_entry(2)
        for i, e in enumerate([good, bad_json, bad_blob]):
            store.add(e, unit(i))
    payload = pickle.dumps(_Exploit())
    conn = sqlite3.connect(path)
    conn.execute("UPDATE entries SET entry = ? WHERE id = ?", (payload, bad_json.id))
    conn.execute("UPDATE entries SET embedding = ? WHERE id = ?", (payload, bad_blob.id))
    conn.commit()
    conn.close()

    with pytest.raises(StoreError):  # the embedding blob has the wrong size
        SQLiteStore(path)
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM entries WHERE id = ?", (bad_blob.id,))
    conn.commit()
    conn.close()
    with SQLiteStore(path) as store:
        assert store.get(good.id) is not None
        with pytest.raises(StoreError):
            store.get(bad_json.id)
        with pytest.raises(StoreError):
            store.search(unit(1), namespace="default", llm_key="default", k=1)
        with pytest.raises(StoreError):
            list(store.iter_items())
    assert not marker.exists()


def test_tampered_json_with_wrong_namespace_is_rejected(tmp_path):
    path = tmp_path / "c.db"
    with SQLiteStore(path) as store:
        e = make_entry(0, namespace="a")
        store.add(e, unit(0))
    conn = sqlite3.connect(path)
    forged = e.model_copy(update={"namespace": "b"}).model_dump_json()
    conn.execute("UPDATE entries SET entry = ?", (forged,))
    conn.commit()
    conn.close()
    with SQLiteStore(path) as store, pytest.raises(StoreError):
        store.search(unit(0), namespace="a", llm_key="default", k=1)


def test_newer_schema_version_is_refused(tmp_path):
    path = tmp_path / "c.db"
    SQLiteStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = 99 WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="schema version"):
        SQLiteStore(path)


WRITER = """
import sys, numpy as np
from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.stores import SQLiteStore
path, worker, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
store = SQLiteStore(path, busy_timeout=60)
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
    if i % 10 == 0:
        store.record_hit(e.id)
problems = store.integrity_check()
assert problems == [], problems
print("ok", store.count())
"""


def test_concurrent_processes(tmp_path):
    path = tmp_path / "shared.db"
    SQLiteStore(path).close()
    n_workers, per_worker = 4, 60
    procs = [run_python(WRITER, str(path), str(w), str(per_worker)) for w in range(n_workers)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        assert out.startswith("ok")
    with SQLiteStore(path) as store:
        assert store.count() == n_workers * per_worker
        ids = [e.id for e, _ in store.iter_items()]
        assert sorted(ids) == sorted(f"w{w}-{i}" for w in range(n_workers) for i in range(per_worker))
        assert store.count("ns0") == store.count("ns1") == n_workers * per_worker // 2
        assert store.integrity_check() == []
        for w in range(n_workers):
            hits = store.search(unit(w * 100000 + 7), namespace=f"ns{w % 2}", llm_key="default", k=1)
            assert hits[0].entry.id == f"w{w}-7"
            other = store.search(unit(w * 100000 + 7), namespace=f"ns{1 - w % 2}", llm_key="default", k=5)
            assert all(h.entry.id != f"w{w}-7" for h in other)


KILL_TARGET = """
import sys, numpy as np
from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.stores import SQLiteStore
store = SQLiteStore(sys.argv[1], max_entries=int(sys.argv[2]), synchronous="NORMAL")
rng = np.random.default_rng(0)
big = "x" * 20000  # large rows: many pages per transaction, so the kill lands mid-write
i = 0
while True:
    v = rng.standard_normal(32).astype(np.float32)
    store.add(CacheEntry(prompt=f"p{i} {big}", task="text", namespace=f"n{i % 3}",
                         steps=[Step(text=big), Step(text=str(i))]), v / np.linalg.norm(v))
    if i % 7 == 0:
        store.clear(f"n{i % 3}") if i % 91 == 0 else store.delete("nothing")
    i += 1
    if i == 50:
        print("running", flush=True)
"""


@pytest.mark.parametrize("round_", range(3))
def test_sigkill_mid_write_leaves_consistent_store(tmp_path, round_):
    path = tmp_path / "killed.db"
    proc = run_python(KILL_TARGET, str(path), "150")
    try:
        assert proc.stdout.readline().strip() == "running", proc.stderr.read()
        time.sleep(0.05 + 0.1 * round_)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    with SQLiteStore(path) as store:
        assert store.integrity_check() == []
        items = list(store.iter_items())
        assert 0 < len(items) <= 150
        assert len({e.id for e, _ in items}) == len(items)
        for entry, vec in items[:: max(1, len(items) // 20)]:
            hit = store.search(vec, namespace=entry.namespace, llm_key="default", k=1)[0]
            assert hit.entry.id == entry.id
        # still writable
        store.add(make_entry(1, namespace="n0"), unit(1))
        assert store.integrity_check() == []


def test_fork_child_gets_its_own_connection(tmp_path):
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    import multiprocessing

    path = tmp_path / "c.db"
    store = SQLiteStore(path)
    store.add(make_entry(0), unit(0))
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()

    def child() -> None:
        store.add(make_entry(1, id="from-child"), unit(1))
        q.put(len(store.search(unit(1), namespace="default", llm_key="default", k=5)))

    p = ctx.Process(target=child)
    p.start()
    p.join(60)
    assert p.exitcode == 0
    assert q.get(timeout=5) == 2
    assert store.search(unit(1), namespace="default", llm_key="default", k=1)[0].entry.id == "from-child"
    assert store.integrity_check() == []
    store.close()


def test_hnsw_deletes_leave_only_live_vectors_indexed(tmp_path):
    store = SQLiteStore(tmp_path / "h.db", index="hnsw")
    ids = [store.add(make_entry(i), unit(i)) for i in range(1100)]
    other = store.add(make_entry(5000, namespace="other"), unit(5000))
    for eid in ids[:1050]:
        store.delete(eid)
    hits = store.search(unit(1070), namespace="default", llm_key="default", k=3)
    assert hits[0].entry.id == ids[1070]
    assert all(h.entry.id in ids[1050:] for h in hits)
    stats = store.stats()
    assert stats["indexed_vectors"] == 51 and stats["entries"] == 51
    assert store.search(unit(5000), namespace="other", llm_key="default", k=1)[0].entry.id == other
    assert store.integrity_check() == []
    store.close()


@pytest.mark.parametrize("seed", [1234, 7, 99])
def test_randomised_ops_on_two_handles_match_a_reference_model(tmp_path, seed):
    """Random add / replace / delete / clear / hit through two handles on one file; every
    search through either handle must agree with a plain dict model (flat = exact)."""
    import random

    rnd = random.Random(seed)
    path = tmp_path / "r.db"
    handles = [SQLiteStore(path, index="flat"), SQLiteStore(path, index="flat")]
    model: dict[str, tuple[str, int]] = {}  # id -> (namespace, vector seed)
    namespaces = ["a", "b", "c"]
    for step in range(600):
        h = rnd.choice(handles)
        op = rnd.random()
        if op < 0.55 or not model:
            eid = f"e{rnd.randrange(200)}"  # ids repeat: replacement
            ns = rnd.choice(namespaces)
            h.add(make_entry(step, id=eid, namespace=ns), unit(step))
            model[eid] = (ns, step)
        elif op < 0.8:
            eid = rnd.choice(sorted(model)) if rnd.random() < 0.8 else "missing"
            assert h.delete(eid) is (eid in model)
            model.pop(eid, None)
        elif op < 0.83:
            ns = rnd.choice(namespaces)
            assert h.clear(ns) == sum(1 for v in model.values() if v[0] == ns)
            model = {k: v for k, v in model.items() if v[0] != ns}
        else:
            if model:
                h.record_hit(rnd.choice(sorted(model)))
        reader = rnd.choice(handles)
        if model:
            eid = rnd.choice(sorted(model))
            ns, seed = model[eid]
            hits = reader.search(unit(seed), namespace=ns, llm_key="default", k=3)
            assert hits and hits[0].entry.id == eid
            assert all(x.entry.namespace == ns and x.entry.id in model for x in hits)
            expected = min(3, sum(1 for v in model.values() if v[0] == ns))
            assert len(hits) == expected
    for h in handles:
        assert h.count() == len(model)
        assert h.integrity_check() == []
        h.close()


MIXED = """
import sys, numpy as np
from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.stores import SQLiteStore
path, role, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = SQLiteStore(path, busy_timeout=60)
def unit(seed):
    v = np.random.default_rng(seed).standard_normal(32).astype(np.float32)
    return v / np.linalg.norm(v)
if role == "churn":  # keeps filling and wiping its own namespace
    for i in range(n):
        store.add(CacheEntry(namespace="churn", prompt=f"c{i}", task="text", steps=[Step(text="x")]),
                  unit(10**6 + i))
        if i % 15 == 14:
            store.clear("churn")
else:
    w = int(role)
    for i in range(n):
        e = CacheEntry(id=f"k{w}-{i}", namespace="keep", prompt=f"k {w} {i}", task="text",
                       steps=[Step(text=f"{w} {i}")])
        store.add(e, unit(w * 10000 + i))
        hits = store.search(unit(w * 10000 + i), namespace="keep", llm_key="default", k=2)
        assert hits[0].entry.id == e.id
        assert all(h.entry.namespace == "keep" for h in hits)
print("ok")
"""


def test_processes_with_concurrent_clears_keep_other_namespaces_intact(tmp_path):
    path = tmp_path / "mixed.db"
    SQLiteStore(path).close()
    procs = [run_python(MIXED, str(path), "churn", "120")]
    procs += [run_python(MIXED, str(path), str(w), "50") for w in range(3)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    with SQLiteStore(path) as store:
        assert store.count("keep") == 150
        assert store.count("churn") == 120 % 15
        assert store.integrity_check() == []


def test_corrupt_row_written_by_another_process_is_reported_then_recovered(tmp_path):
    path = tmp_path / "c.db"
    store = SQLiteStore(path)
    good = store.add(make_entry(0), unit(0))
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO entries (id, namespace, llm_key, created_at, last_used_at, hits, entry, embedding)"
        " VALUES ('bad', 'default', 'default', 0, 0, 0, '{}', x'00')"
    )
    conn.commit()
    with pytest.raises(StoreError):
        store.search(unit(0), namespace="default", llm_key="default", k=1)
    with pytest.raises(StoreError):  # still corrupt: still an error, never a half index
        store.search(unit(0), namespace="default", llm_key="default", k=1)
    conn.execute("DELETE FROM entries WHERE id = 'bad'")
    conn.commit()
    conn.close()
    hits = store.search(unit(0), namespace="default", llm_key="default", k=5)
    assert [h.entry.id for h in hits] == [good]
    assert store.integrity_check() == []
    store.close()


# -- read-only stores: nothing written, nothing left behind ------------------------------------
def _snapshot(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file of ``folder``: bytes, mtime and mode (what a read must leave alone)."""
    return {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns, p.stat().st_mode)
        for p in sorted(folder.iterdir())
    }


def _filled(path: Path, n: int = 5) -> Path:
    with SQLiteStore(path) as store:
        for i in range(n):
            store.add(make_entry(i, id=f"e{i}", namespace="a" if i % 2 else "b"), unit(i))
    assert not (path.parent / (path.name + "-wal")).exists()  # closed cleanly: no WAL left
    return path


@pytest.mark.parametrize("folder_mode", [0o755, 0o555], ids=["writable-dir", "read-only-dir"])
def test_read_only_store_never_writes_and_leaves_no_file(tmp_path, folder_mode):
    """0444 file, writable or read-only directory. Root may write anyway, so this checks
    that the connection itself is read-only and that not one byte, file or mtime changes."""
    folder = tmp_path / "ro"
    folder.mkdir()
    path = _filled(folder / "cache.db")
    path.chmod(0o444)
    folder.chmod(folder_mode)
    try:
        before = _snapshot(folder)
        store = SQLiteStore(path, read_only=True)
        try:
            assert store.count() == 5 and store.count("a") == 2
            assert store.get("e3").prompt == "prompt 3"
            assert store.search(unit(4), namespace="b", llm_key="default", k=1)[0].entry.id == "e4"
            assert sorted(e.id for e, _ in store.iter_items()) == [f"e{i}" for i in range(5)]
            assert store.stats()["entries"] == 5 and store.integrity_check() == []
            conn = store._conn
            assert conn.execute("PRAGMA query_only").fetchone()[0] == 1
            conn.execute("PRAGMA query_only = OFF")  # even so, SQLite refuses to write:
            with pytest.raises(sqlite3.OperationalError, match="readonly"):
                conn.execute("CREATE TABLE intruder (x)")
            for write in (
                lambda: store.add(make_entry(9, id="e9"), unit(9)),
                lambda: store.delete("e1"),
                lambda: store.clear(),
                lambda: store.record_hit("e1"),
                lambda: store.purge_expired(),
            ):
                with pytest.raises(StoreError, match="read-only"):
                    write()
            assert _snapshot(folder) == before  # no -wal, no -shm, not even while open
        finally:
            store.close()
        assert _snapshot(folder) == before
    finally:
        folder.chmod(0o755)


def test_read_only_store_reads_a_live_wal_and_follows_a_writer(tmp_path):
    """A writer holds the store open (its rows are still in the -wal file): a read-only
    handle sees them, creates no file, and sees later writes too."""
    path = _filled(tmp_path / "live.db", n=3)
    writer = SQLiteStore(path)
    writer.add(make_entry(10, id="in-wal"), unit(10))
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["live.db", "live.db-shm", "live.db-wal"]
    reader = SQLiteStore(path, read_only=True)
    try:
        assert reader.count() == 4 and reader.get("in-wal") is not None
        writer.add(make_entry(11, id="later"), unit(11))
        assert reader.get("later") is not None
        assert reader.search(unit(11), namespace="default", llm_key="default", k=1)[0].entry.id == "later"
        assert sorted(p.name for p in tmp_path.iterdir()) == files
    finally:
        reader.close()
        writer.close()


def test_immutable_read_only_store_reopens_when_the_file_changes(tmp_path):
    """Opened while nobody else had the file open (immutable: no -wal read), then another
    process writes and closes: the next read re-opens and sees the new row."""
    path = _filled(tmp_path / "c.db", n=2)
    reader = SQLiteStore(path, read_only=True)
    try:
        assert reader._file.immutable and reader.count() == 2
        proc = run_python(
            """
            import sys
            import numpy as np
            from stepcache_integrations.core.types import CacheEntry, Step
            from stepcache_integrations.stores import SQLiteStore
            with SQLiteStore(sys.argv[1]) as s:
                s.add(CacheEntry(id="new", prompt="p", task="text", steps=[Step(text="a")]),
                      np.ones(32, dtype=np.float32) / np.sqrt(32))
            """,
            str(path),
        )
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert reader.count() == 3 and reader.get("new") is not None
    finally:
        reader.close()


@pytest.mark.parametrize("read_only", [True, False])
def test_existing_only_open_writes_nothing_into_an_empty_or_foreign_file(tmp_path, read_only):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    foreign = tmp_path / "foreign.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE people (name TEXT)")
    conn.commit()
    conn.close()
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError, match="empty"):
        SQLiteStore(empty, create=False, read_only=read_only)
    with pytest.raises(StoreError, match="not a StepCache store"):
        SQLiteStore(foreign, create=False, read_only=read_only)
    with pytest.raises(StoreError, match="no such file"):
        SQLiteStore(tmp_path / "missing.db", create=False, read_only=read_only)
    assert _snapshot(tmp_path) == before
