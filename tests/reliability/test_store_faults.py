"""Store faults on SQLite and in memory: locked, read-only, file removed or replaced, a failing
embedder. fail_open=False: a typed StoreError; fail_open=True: answered through the model;
after recovery, lookups work again and entries stored before the fault are still there."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from stepcache_integrations import EmbeddingError, StepCache, StoreError
from stepcache_integrations.core.embed import HashingEmbedder
from stepcache_integrations.stores import SQLiteStore

from .conftest import bounded, math_answer, math_prompt

PROMPTS = [math_prompt(a, 5, 20 + a) for a in (2, 3, 7)]
TEXT = "Plan moving the Orders service; lead Priya; cut-over Friday."
TEXT_ANSWER = "1. Build Orders.\n2. Priya reviews.\n3. Ship Friday."


def model(prompt: str) -> str:
    if "Orders" in prompt:
        return TEXT_ANSWER
    import re

    a, c = (int(v) for v in re.search(r"(\d+)x \+ 5 = (\d+)", prompt).groups())  # type: ignore[union-attr]
    return math_answer(a, 5, c)


def warm(cache: StepCache) -> dict[str, str]:
    ids = {}
    for p in PROMPTS:
        r = cache.generate(p, model)
        assert r.checks_passed and not r.errors and r.stored_entry_id
        assert r.verification == ("unchecked" if p == TEXT else "proven")  # free text / linear equations
        ids[r.stored_entry_id] = r.text
    # a re-instantiated answer is held for the problem-key tier and written at a flush (defer_derived):
    # every entry warmed here is in the store before any fault is injected
    cache.flush()
    assert_all_there(cache.store, ids)
    return ids


def assert_all_there(store: Any, ids: dict[str, str]) -> None:
    for entry_id, text in ids.items():
        entry = store.get(entry_id)
        assert entry is not None and entry.text == text


def assert_reuse_works(cache: StepCache) -> None:
    for p in PROMPTS:
        assert bounded(lambda p=p: cache.generate(p, model)).outcome == "reuse"


@pytest.fixture
def sqlite_cache(tmp_path: Path) -> Any:
    store = SQLiteStore(tmp_path / "cache.db", busy_timeout=0.2)
    cache = StepCache(store=store)
    yield cache, store, tmp_path / "cache.db"
    store.close()


def test_sqlite_locked_by_another_connection(sqlite_cache: Any) -> None:
    cache, store, path = sqlite_cache
    ids = warm(cache)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="busy|locked"):
            bounded(lambda: cache.generate(TEXT, model))
        cache.fail_open = True
        result = bounded(lambda: cache.generate(TEXT, model))
        assert result.checks_passed and result.text == TEXT_ANSWER and result.stored_entry_id is None
        assert result.verification == "unchecked" and not result.errors
        assert_reuse_works(cache)  # WAL: readers are not blocked; hits are counted best-effort
    finally:
        other.execute("ROLLBACK")
        other.close()
    cache.fail_open = False
    assert cache.generate(TEXT, model).stored_entry_id  # writable again
    assert_all_there(store, ids)
    assert store.integrity_check() == []


def test_sqlite_read_only_database(sqlite_cache: Any) -> None:
    cache, store, _ = sqlite_cache
    ids = warm(cache)
    store._conn.execute("PRAGMA query_only = ON")  # the database refuses every write
    with pytest.raises(StoreError, match="read-only"):
        cache.generate(TEXT, model)
    with pytest.raises(StoreError):  # a hit is a write too (hit counters)
        cache.generate(PROMPTS[0], model)
    cache.fail_open = True
    assert cache.generate(TEXT, model).text == TEXT_ANSWER
    assert cache.generate(PROMPTS[0], model).outcome == "reuse"
    store._conn.execute("PRAGMA query_only = OFF")
    cache.fail_open = False
    assert cache.generate(TEXT, model).stored_entry_id
    assert_all_there(store, ids)
    assert store.integrity_check() == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions (the query_only test covers it)")
def test_sqlite_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "ro" / "cache.db"
    with SQLiteStore(path) as store:
        ids = warm(StepCache(store=store))
    os.chmod(path.parent, 0o555)
    os.chmod(path, 0o444)
    try:
        try:
            store = SQLiteStore(path, busy_timeout=0.2)
        except StoreError as exc:  # WAL needs a writable directory: refused with a clear error
            assert str(path) in str(exc)
            return
        cache = StepCache(store=store, fail_open=True)
        assert cache.generate(TEXT, model).text == TEXT_ANSWER
        assert_all_there(store, ids)
        store.close()
    finally:
        os.chmod(path.parent, 0o755)
        os.chmod(path, 0o644)


def test_sqlite_file_removed_while_open(sqlite_cache: Any) -> None:
    """Regression: writes after the file was unlinked went to the deleted inode and vanished."""
    cache, store, path = sqlite_cache
    warm(cache)
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    with pytest.raises(StoreError, match="removed"):
        cache.generate(TEXT, model)
    # next use: a fresh store at the same path, and what is written now is really on disk
    stored = cache.generate(TEXT, model).stored_entry_id
    assert stored and path.exists()
    with SQLiteStore(path) as again:
        assert again.get(stored) is not None


def test_sqlite_file_removed_fail_open_answers(sqlite_cache: Any) -> None:
    cache, _, path = sqlite_cache
    warm(cache)
    cache.fail_open = True
    path.unlink()
    result = cache.generate(TEXT, model)
    assert result.checks_passed and not result.errors and result.verification == "unchecked"
    assert result.text == TEXT_ANSWER


def test_sqlite_file_restored_from_backup_is_read_again(sqlite_cache: Any, tmp_path: Path) -> None:
    cache, store, path = sqlite_cache
    ids = warm(cache)
    backup = tmp_path / "backup.db"
    with sqlite3.connect(path) as conn:
        conn.execute(f"VACUUM INTO '{backup}'")
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    shutil.copy(backup, path)  # a new file (inode) at the same path
    assert_reuse_works(cache)
    assert_all_there(store, ids)


class FlakyEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.fail = False
        self.wrong_dim = False

    def embed(self, text: str) -> np.ndarray:
        if self.fail:
            raise EmbeddingError("embedding service unavailable")
        if self.wrong_dim:
            return np.ones(7, dtype=np.float32) / np.sqrt(7)
        return super().embed(text)


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_embedder_failure_never_touches_the_store(kind: str, tmp_path: Path) -> None:
    embedder = FlakyEmbedder()
    store = SQLiteStore(tmp_path / "e.db") if kind == "sqlite" else None
    cache = StepCache(store=store, embedder=embedder)
    ids = warm(cache)
    embedder.fail = True
    with pytest.raises(EmbeddingError):
        cache.generate(TEXT, model)
    embedder.fail, embedder.wrong_dim = False, True
    with pytest.raises(StoreError, match="dimension"):
        cache.generate(TEXT, model)
    cache.fail_open = True
    assert cache.generate(TEXT, model).text == TEXT_ANSWER
    embedder.wrong_dim, cache.fail_open = False, False
    assert_reuse_works(cache)
    assert_all_there(cache.store, ids)
    assert cache.store.count() == len(ids)
    cache.store.close()
