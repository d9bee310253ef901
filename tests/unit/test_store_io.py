"""Store URLs, JSON-lines export/import, and the store CLI subcommands."""

from __future__ import annotations

import argparse
import io
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from stepcache_integrations.core.types import CacheEntry, Step
from stepcache_integrations.errors import StoreError
from stepcache_integrations.stores import InMemoryStore, SQLiteStore
from stepcache_integrations.stores import postgres as postgres_mod
from stepcache_integrations.stores.cli_commands import register
from stepcache_integrations.stores.transfer import export_jsonl, import_jsonl
from stepcache_integrations.stores.urls import default_store_url, open_store, redact_url

REPO = Path(__file__).resolve().parents[2]
DIM = 16


def unit(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def make_entry(i: int, **kw: object) -> CacheEntry:
    kw.setdefault("prompt", f"Solve {i}x + 1 = 5, please")
    kw.setdefault("task", "text")
    kw.setdefault("steps", [Step(text=f"line one {i}\n"), Step(text=f"line two {i}")])
    return CacheEntry(**kw)  # type: ignore[arg-type]


# -- URLs -----------------------------------------------------------------------------------
def test_open_memory_url():
    store = open_store("memory://?index=hnsw&max_entries=5&ttl=60")
    assert isinstance(store, InMemoryStore)
    assert store.index_type == "hnsw" and store.max_entries == 5 and store.default_ttl == 60
    tuned = open_store("memory://?index=hnsw&hnsw_ef_search=48&hnsw_segment_size=512&hnsw_m=24")
    assert (tuned.hnsw_ef_search, tuned.hnsw_m, tuned.hnsw_segment_size) == (48, 24, 512)
    with pytest.raises(StoreError, match="hnsw_segment_size"):
        open_store("memory://?index=hnsw&hnsw_segment_size=x")


def test_open_sqlite_relative_and_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rel = open_store("sqlite:///rel.db?max_entries=7")
    assert isinstance(rel, SQLiteStore) and rel.max_entries == 7
    assert (tmp_path / "rel.db").exists()
    rel.close()
    absolute = open_store(f"sqlite:///{tmp_path}/sub/abs.db")
    assert Path(absolute.path) == tmp_path / "sub" / "abs.db"
    absolute.close()


def test_default_url_from_env(monkeypatch):
    monkeypatch.delenv("STEPCACHE_STORE", raising=False)
    assert default_store_url() == "memory://"  # the library's default; the CLI asks instead
    monkeypatch.setenv("STEPCACHE_STORE", "memory://")
    assert default_store_url() == "memory://"
    assert isinstance(open_store(), InMemoryStore)


def test_postgres_url_passes_libpq_params_and_strips_store_options(monkeypatch):
    seen = {}

    class Fake:
        def __init__(self, dsn, **kw):
            seen["dsn"], seen["kw"] = dsn, kw

    monkeypatch.setattr(postgres_mod, "PostgresStore", Fake)
    open_store("postgres://u:pw@db.example:5433/cache?sslmode=require&table=tenant_a&max_entries=9")
    assert seen["dsn"] == "postgresql://u:pw@db.example:5433/cache?sslmode=require"
    assert seen["kw"] == {"table": "tenant_a", "max_entries": 9}


def test_postgres_read_only_open_asks_for_read_only_sessions(monkeypatch):
    """libpq decodes the URL: a space must reach it as %20 (it reads '+' literally)."""
    conninfo = pytest.importorskip("psycopg.conninfo")
    seen = {}

    class Fake:
        def __init__(self, dsn, **kw):
            seen["dsn"], seen["kw"] = dsn, kw

    monkeypatch.setattr(postgres_mod, "PostgresStore", Fake)
    monkeypatch.setattr("stepcache_integrations.stores.urls._check_postgres_table", lambda *a: None)
    open_store("postgresql://u@h/db?options=-c%20search_path%3Dx&sslmode=require", read_only=True)
    params = conninfo.conninfo_to_dict(seen["dsn"])
    assert params["options"] == "-c search_path=x -c default_transaction_read_only=on"
    assert params["sslmode"] == "require" and seen["kw"] == {"create_extension": False}
    open_store("postgresql://u@h/db?options=-c%20search_path%3Dx")
    assert conninfo.conninfo_to_dict(seen["dsn"])["options"] == "-c search_path=x"
    assert seen["kw"] == {}


@pytest.mark.parametrize(
    "url", ["redis://localhost", "sqlite://host/x.db", "sqlite:///", "memory://?max_entries=abc"]
)
def test_bad_urls_raise_store_error(url):
    with pytest.raises(StoreError):
        open_store(url)


@pytest.mark.parametrize(
    "dsn",
    [
        "postgresql://u@" + "a" * 70 + "/db",  # a label longer than 63 characters
        "postgresql://u@a..b/db",  # an empty label
        "postgresql://u@.bad:5432/db",
        "postgresql://u:secret@ok.example,x..y:5433/db",  # the second of two hosts
        "postgresql://u@h/db?host=" + "b" * 64,  # host given as a parameter
        "host=a..b password=secret dbname=x",  # key=value form
        "postgresql://u@[::1/db",  # libpq cannot parse it
    ],
)
def test_postgres_store_rejects_a_malformed_dsn_before_connecting(dsn, monkeypatch):
    """PostgresStore itself (not only open_store) turns the IDNA codec's UnicodeError and
    libpq's parse errors into StoreError, without a server and without connecting."""
    pytest.importorskip("psycopg")

    def no_connect(*args, **kwargs):
        raise AssertionError("connected with a malformed DSN")

    monkeypatch.setattr(postgres_mod.psycopg, "connect", no_connect)
    with pytest.raises(StoreError, match="malformed PostgreSQL") as info:
        postgres_mod.PostgresStore(dsn, connect_timeout=1)
    assert "secret" not in str(info.value)
    assert not isinstance(info.value, UnicodeError)


def test_redact_url():
    assert redact_url("postgresql://u:secret@h/db") == "postgresql://u:***@h/db"
    assert redact_url("sqlite:///x.db") == "sqlite:///x.db"
    assert redact_url("host=h password=secret dbname=x") == "host=h password=*** dbname=x"
    assert redact_url("postgresql://h/db?password=secret&sslmode=require") == (
        "postgresql://h/db?password=***&sslmode=require"
    )


# -- export / import ------------------------------------------------------------------------
def test_export_format_is_json_lines(tmp_path):
    store = InMemoryStore()
    store.add(make_entry(1, metadata={"provenance": ["regenerated", "regenerated"]}), unit(1))
    buf = io.StringIO()
    assert export_jsonl(store, buf) == 1
    record = json.loads(buf.getvalue())
    assert record["format"] == "stepcache.entry/1" and record["dim"] == DIM
    assert record["entry"]["prompt"] == "Solve 1x + 1 = 5, please"


def test_import_accepts_plain_vector_lists():
    e = make_entry(2)
    line = json.dumps({"format": "stepcache.entry/1", "entry": e.model_dump(mode="json"),
                       "vector": unit(2).tolist()})
    store = InMemoryStore()
    assert import_jsonl(store, io.StringIO(line + "\n")) == 1
    assert store.search(unit(2), namespace="default", llm_key="default", k=1)[0].entry.id == e.id


def test_import_validates_everything_before_writing():
    good = json.dumps({"format": "stepcache.entry/1", "entry": make_entry(1).model_dump(mode="json"),
                       "vector": unit(1).tolist()})
    bad = json.dumps({"format": "stepcache.entry/1", "entry": {"prompt": "no steps"}, "vector": [1.0]})
    store = InMemoryStore()
    with pytest.raises(StoreError, match="line 2"):
        import_jsonl(store, io.StringIO(good + "\n" + bad + "\n"))
    assert store.count() == 0


@pytest.mark.parametrize(
    "line",
    [
        "not json",
        json.dumps({"format": "other", "entry": {}}),
        json.dumps({"format": "stepcache.entry/1", "entry": make_entry(1).model_dump(mode="json"),
                    "vector": [1.0, "x"]}),
        json.dumps({"format": "stepcache.entry/1", "entry": make_entry(1).model_dump(mode="json"),
                    "dim": 4, "vector_b64": "AAAA"}),
        json.dumps({"format": "stepcache.entry/1", "entry": make_entry(1).model_dump(mode="json")}),
    ],
)
def test_import_rejects_malformed_records(line):
    with pytest.raises(StoreError):
        import_jsonl(InMemoryStore(), io.StringIO(line + "\n"))


def test_a_corrupt_line_names_its_line_number_and_fields():
    good = json.dumps({"format": "stepcache.entry/1", "entry": make_entry(1).model_dump(mode="json"),
                       "vector": unit(1).tolist()})
    entry = make_entry(2).model_dump(mode="json")
    del entry["task"]
    entry["prompt"] = 7
    entry["steps"][1]["text"] = ["not", "text"]
    bad = json.dumps({"format": "stepcache.entry/1", "entry": entry, "vector": unit(2).tolist()})
    with pytest.raises(StoreError) as info:
        import_jsonl(InMemoryStore(), io.StringIO(good + "\n\n" + bad + "\n"))
    message = str(info.value)
    assert "line 3" in message and "3 validation errors" in message
    assert "task: Field required" in message
    assert "prompt: Input should be a valid string" in message
    assert "steps.1.text: Input should be a valid string" in message


def test_import_of_pickle_file_raises_store_error(tmp_path, monkeypatch):
    marker = tmp_path / "pwned"

    class Exploit:
        def __reduce__(self):
            return (Path.touch, (marker,))

    path = tmp_path / "evil.jsonl"
    path.write_bytes(pickle.dumps(Exploit()))
    with pytest.raises((StoreError, UnicodeDecodeError)):
        import_jsonl(InMemoryStore(), path)
    assert not marker.exists()


def test_import_skips_expired_and_moves_namespace(tmp_path):
    src = InMemoryStore()
    src.add(make_entry(1), unit(1))
    path = tmp_path / "d.jsonl"
    export_jsonl(src, path)
    lines = path.read_text().splitlines()
    rec = json.loads(lines[0])
    rec["entry"]["id"] = "old"
    rec["entry"]["expires_at"] = 1.0
    path.write_text(lines[0] + "\n" + json.dumps(rec) + "\n")
    dst = InMemoryStore()
    assert import_jsonl(dst, path, namespace="moved") == 1
    assert dst.count("moved") == 1 and dst.get("old") is None


# -- CLI ------------------------------------------------------------------------------------
def cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="stepcache")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(list(argv))
    return args.func(args)


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "cli.db"
    with SQLiteStore(path) as store:
        for i in range(4):
            e = make_entry(i, id=f"e{i}", namespace="a" if i < 3 else "b",
                           metadata={"provenance": ["reused", "regenerated"]})
            store.add(e, unit(i))
    return f"sqlite:///{path}"


def test_cli_stats_and_list(db, capsys):
    assert cli("stats", "--store", db, "--json") == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["entries"] == 4 and stats["namespaces"]["a"]["entries"] == 3
    assert cli("stats", "--store", db) == 0
    assert "entries" in capsys.readouterr().out
    assert cli("list", "--store", db, "--namespace", "a", "--json") == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert sorted(r["id"] for r in rows) == ["e0", "e1", "e2"]
    assert cli("list", "--store", db) == 0
    out = capsys.readouterr()
    assert "e3" in out.out and "Solve 3x" in out.out and "4 of 4" in out.err


def test_cli_show_delete_clear(db, capsys, monkeypatch):
    assert cli("show", "e1", "--store", db) == 0
    out = capsys.readouterr().out
    assert "reused" in out and "regenerated" in out and "line two 1" in out
    assert cli("show", "e1", "--store", db, "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["provenance"] for s in data["steps"]] == ["reused", "regenerated"]
    assert cli("show", "nope", "--store", db) == 1
    assert cli("delete", "e1", "--store", db) == 0
    assert cli("delete", "e1", "--store", db) == 1
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli("clear", "--store", db, "--namespace", "a") == 2  # no --yes, not a tty
    assert cli("clear", "--store", db, "--namespace", "a", "--yes") == 0
    assert "cleared 2" in capsys.readouterr().out
    with SQLiteStore(db[len("sqlite:///"):]) as store:
        assert store.count() == 1 and store.count("b") == 1


def test_cli_export_import_roundtrip(db, tmp_path, capsys):
    dump = tmp_path / "dump.jsonl"
    assert cli("export", "--store", db, "-o", str(dump)) == 0
    assert len(dump.read_text().splitlines()) == 4
    target = f"sqlite:///{tmp_path / 'copy.db'}"
    assert cli("import", str(dump), "--store", target, "--namespace", "copied") == 0
    assert "imported 4" in capsys.readouterr().err
    with SQLiteStore(tmp_path / "copy.db") as store:
        assert store.count("copied") == 4
        hit = store.search(unit(2), namespace="copied", llm_key="default", k=1)[0].entry
        assert hit.prompt == "Solve 2x + 1 = 5, please" and hit.id != "e2"  # a copy, new id
    assert cli("export", "--store", db, "--namespace", "b") == 0
    assert len(capsys.readouterr().out.splitlines()) == 1


def test_cli_errors_are_reported_not_raised(tmp_path, capsys):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"garbage" * 1000)
    assert cli("stats", "--store", f"sqlite:///{bad}") == 1
    assert "not a usable" in capsys.readouterr().err
    assert cli("import", str(tmp_path / "missing.jsonl"), "--store", "memory://") == 1


def test_cli_through_stepcache_main(db, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(REPO), STEPCACHE_STORE=db)
    proc = subprocess.run(
        [sys.executable, "-m", "stepcache_integrations.cli", "stats", "--json"],
        env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["entries"] == 4
