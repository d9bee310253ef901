"""The store commands on PostgreSQL: read-only commands never create a table; import does."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

PG_DSN = os.environ.get("STEPCACHE_PG_DSN")
REPO = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(not PG_DSN, reason="STEPCACHE_PG_DSN not set (scripts/start_postgres.sh)"),
]


def stepcache(*argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_NUM_THREADS="1")
    env.pop("STEPCACHE_STORE", None)
    return subprocess.run(
        [sys.executable, "-m", "stepcache_integrations.cli", *argv],
        env=env, capture_output=True, text=True, timeout=300,
    )


def table_exists(name: str) -> bool:
    import psycopg

    with psycopg.connect(PG_DSN) as conn:
        return conn.execute("SELECT to_regclass(%s)", (name,)).fetchone()[0] is not None


def test_read_only_commands_do_not_create_a_table_and_import_does(tmp_path: Path) -> None:
    import numpy as np

    from stepcache_integrations.core.types import CacheEntry, Step
    from stepcache_integrations.stores import InMemoryStore, PostgresStore
    from stepcache_integrations.stores.transfer import export_jsonl

    name = f"cli_{uuid.uuid4().hex[:12]}"
    sep = "&" if "?" in PG_DSN else "?"
    url = f"{PG_DSN}{sep}table={name}"
    try:
        for argv in (["stats"], ["list"], ["show", "abc"], ["export"], ["delete", "abc"]):
            out = stepcache(*argv, "--store", url)
            assert out.returncode == 1, (argv, out.stderr)
            assert f"no table '{name}'" in out.stderr
        assert not table_exists(name)
        src = InMemoryStore()
        src.add(CacheEntry(id="c0ffee" + "0" * 26, prompt="p", task="text", steps=[Step(text="a")]),
                np.ones(8, dtype=np.float32) / np.sqrt(8))
        dump = tmp_path / "one.jsonl"
        export_jsonl(src, dump)
        out = stepcache("import", str(dump), "--store", url)
        assert out.returncode == 0 and "imported 1 entries" in out.stderr, out.stderr
        assert table_exists(name)
        out = stepcache("stats", "--json", "--store", url)
        assert out.returncode == 0 and '"entries": 1' in out.stdout, out.stderr
        out = stepcache("show", "c0ff", "--store", url)
        assert out.returncode == 0 and "c0ffee" in out.stdout
    finally:
        if table_exists(name):
            PostgresStore(PG_DSN, table=name).drop()


def test_read_only_open_refuses_writes_and_read_commands_work(tmp_path: Path) -> None:
    """open_store(read_only=True) - what stats/list/show/export use - runs read-only
    sessions: reads work, the server refuses any write."""
    import numpy as np

    from stepcache_integrations.core.types import CacheEntry, Step
    from stepcache_integrations.errors import StoreError
    from stepcache_integrations.stores import PostgresStore
    from stepcache_integrations.stores.urls import open_store

    name = f"cli_ro_{uuid.uuid4().hex[:12]}"
    sep = "&" if "?" in PG_DSN else "?"
    url = f"{PG_DSN}{sep}table={name}"
    vec = np.ones(8, dtype=np.float32) / np.sqrt(8)
    writer = open_store(url)
    try:
        writer.add(CacheEntry(id="feed" + "0" * 28, prompt="p", task="text", steps=[Step(text="a")]), vec)
        reader = open_store(url, read_only=True)
        try:
            assert reader.count() == 1 and reader.get("feed" + "0" * 28) is not None
            assert reader.search(vec, namespace="default", llm_key="default", k=1)
            with pytest.raises(StoreError, match="read-only transaction"):
                reader.add(CacheEntry(prompt="q", task="text", steps=[Step(text="b")]), vec)
            with pytest.raises(StoreError, match="read-only transaction"):
                reader.delete("feed" + "0" * 28)
        finally:
            reader.close()
        assert writer.count() == 1
        for argv in (["stats"], ["list"], ["show", "feed"], ["export"]):
            out = stepcache(*argv, "--store", url)
            assert out.returncode == 0, (argv, out.stderr)
    finally:
        writer.close()
        PostgresStore(PG_DSN, table=name).drop()
