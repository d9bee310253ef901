"""The store commands of ``stepcache`` through the console entry point (subprocess, exit codes):
one store default shared with the library, bare paths, read-only commands that never create
anything, copying imports, id prefixes, --version and help text."""

from __future__ import annotations

import argparse
import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stepcache_integrations import __version__
from stepcache_integrations.cli import build_parser
from stepcache_integrations.errors import StoreError
from stepcache_integrations.stores import InMemoryStore, SQLiteStore
from stepcache_integrations.stores.urls import (
    DEFAULT_STORE_URL,
    configured_store_url,
    default_store_url,
    open_store,
)

from tests.unit.test_store_io import REPO, make_entry as entry, unit  # the store tests' fixtures


def stepcache(*argv: str, cwd: Path, store_env: str | None = None, stdin: str | None = None):
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_NUM_THREADS="1")
    env.pop("STEPCACHE_STORE", None)
    if store_env is not None:
        env["STEPCACHE_STORE"] = store_env
    return subprocess.run(
        [sys.executable, "-m", "stepcache_integrations.cli", *argv],
        env=env, cwd=cwd, capture_output=True, text=True, timeout=300, input=stdin,
    )


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "cache.db"
    with SQLiteStore(path) as store:
        store.add(entry(0, id="aaaa1111" + "0" * 24, namespace="a"), unit(0))
        store.add(entry(1, id="aaaa2222" + "0" * 24, namespace="a"), unit(1))
        store.add(entry(2, id="bbbb3333" + "0" * 24, namespace="b"), unit(2))
    return path


def listing(path: Path) -> list[tuple[str, str]]:
    with SQLiteStore(path) as store:
        return sorted((e.namespace, e.id) for e, _ in store.iter_items())


# -- one store default -------------------------------------------------------------------
def test_library_default_is_memory_unless_stepcache_store_is_set(monkeypatch, tmp_path):
    monkeypatch.delenv("STEPCACHE_STORE", raising=False)
    assert DEFAULT_STORE_URL == "memory://" and default_store_url() == "memory://"
    assert configured_store_url() is None
    assert isinstance(open_store(), InMemoryStore)
    monkeypatch.setenv("STEPCACHE_STORE", "  ")
    assert configured_store_url() is None  # blank means unset
    monkeypatch.setenv("STEPCACHE_STORE", str(tmp_path / "env.db"))
    store = open_store()
    assert isinstance(store, SQLiteStore) and Path(store.path) == tmp_path / "env.db"
    store.close()


def test_cli_without_a_store_explains_the_library_default(tmp_path):
    out = stepcache("stats", cwd=tmp_path)
    assert out.returncode == 1
    assert "STEPCACHE_STORE" in out.stderr and "--store" in out.stderr and "in memory" in out.stderr
    assert list(tmp_path.iterdir()) == []  # in particular no ./stepcache.db


@pytest.mark.parametrize("store", ["memory://", "memory://?index=flat"])
def test_cli_refuses_in_process_stores(tmp_path, store):
    out = stepcache("list", "--store", store, cwd=tmp_path)
    assert out.returncode == 1 and "in-process" in out.stderr


def test_program_and_cli_share_stepcache_store(tmp_path):
    """What a program stores under STEPCACHE_STORE, `stepcache list` shows (same variable)."""
    program = (
        "import numpy as np\n"
        "from stepcache_integrations.core.types import CacheEntry, Step\n"
        "from stepcache_integrations.stores.urls import open_store\n"
        "s = open_store()\n"
        "s.add(CacheEntry(id='feedface' + '0' * 24, prompt='shared prompt', task='text',\n"
        "                 steps=[Step(text='x')]), np.ones(4, dtype=np.float32) / 2)\n"
        "s.close()\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO), STEPCACHE_STORE="shared.db")
    subprocess.run([sys.executable, "-c", program], env=env, cwd=tmp_path, check=True, timeout=300)
    out = stepcache("list", "--json", cwd=tmp_path, store_env="shared.db")
    assert out.returncode == 0, out.stderr
    assert [json.loads(x)["id"] for x in out.stdout.splitlines()] == ["feedface" + "0" * 24]


def test_bare_paths_and_sqlite_urls_name_the_same_store(db, tmp_path):
    for spec in (str(db), f"sqlite:///{db}", "cache.db"):
        out = stepcache("stats", "--json", "--store", spec, cwd=tmp_path)
        assert out.returncode == 0, (spec, out.stderr)
        assert json.loads(out.stdout)["entries"] == 3
    out = stepcache("stats", "--json", cwd=tmp_path, store_env="cache.db")
    assert out.returncode == 0 and json.loads(out.stdout)["entries"] == 3


# -- read-only commands never create anything -----------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [["stats"], ["list"], ["show", "abc"], ["export"], ["export", "-o", "out.jsonl"],
     ["delete", "abc"], ["clear", "--yes"]],
)
@pytest.mark.parametrize("spec", ["typo.db", "sqlite:///sub/dir/typo.db"])
def test_commands_on_a_mistyped_path_fail_and_create_nothing(tmp_path, argv, spec):
    out = stepcache(*argv, "--store", spec, cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    assert "no store at" in out.stderr and "typo.db" in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_read_only_commands_refuse_a_directory(tmp_path):
    (tmp_path / "adir").mkdir()
    out = stepcache("stats", "--store", "adir", cwd=tmp_path)
    assert out.returncode == 1 and "directory" in out.stderr


def test_library_names_a_directory_as_a_directory(tmp_path, monkeypatch):
    """The library says what the CLI says, not sqlite's "unable to open database file"."""
    from stepcache_integrations import StepCache

    folder = tmp_path / "adir"
    folder.mkdir()
    openers = [
        lambda: open_store(str(folder)),
        lambda: open_store(folder),
        lambda: open_store(f"sqlite:///{folder}"),
        lambda: SQLiteStore(folder),
        lambda: StepCache(store=str(folder)),
    ]
    monkeypatch.setenv("STEPCACHE_STORE", str(folder))
    openers += [lambda: open_store(), lambda: StepCache()]
    for opener in openers:
        with pytest.raises(StoreError, match=f"{folder} is a directory, not a SQLite store"):
            opener()
    assert list(folder.iterdir()) == []


def test_import_creates_the_store(db, tmp_path):
    dump = tmp_path / "dump.jsonl"
    assert stepcache("export", "--store", str(db), "-o", str(dump), cwd=tmp_path).returncode == 0
    out = stepcache("import", str(dump), "--store", "new/fresh.db", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "imported 3 entries" in out.stderr
    assert listing(tmp_path / "new" / "fresh.db") == listing(db)


# -- import --namespace copies; re-import reports skips --------------------------------------
def test_import_namespace_copies_into_the_same_store(db, tmp_path):
    before = listing(db)
    dump = tmp_path / "dump.jsonl"
    assert stepcache("export", "--store", str(db), "--namespace", "a", "-o", str(dump),
                     cwd=tmp_path).returncode == 0
    out = stepcache("import", str(dump), "--store", str(db), "--namespace", "copy", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "imported 2 entries into namespace 'copy'" in out.stderr
    after = listing(db)
    assert [x for x in after if x[0] != "copy"] == before  # originals stay where they were
    copies = [x for x in after if x[0] == "copy"]
    assert len(copies) == 2 and not {i for _, i in copies} & {i for _, i in before}
    with SQLiteStore(db) as store:
        prompts = sorted(e.prompt for e, _ in store.iter_items("copy"))
        assert prompts == ["Solve 0x + 1 = 5, please", "Solve 1x + 1 = 5, please"]
        hit = store.search(unit(1), namespace="copy", llm_key="default", k=1)[0]
        assert hit.entry.prompt == "Solve 1x + 1 = 5, please"
    again = stepcache("import", str(dump), "--store", str(db), "--namespace", "copy", cwd=tmp_path)
    assert again.returncode == 0
    assert "imported 0 entries" in again.stderr and "skipped 2 already in the store" in again.stderr
    assert listing(db) == after


def test_import_same_file_twice_reports_skips_and_replace_overwrites(db, tmp_path):
    dump = tmp_path / "dump.jsonl"
    assert stepcache("export", "--store", str(db), "-o", str(dump), cwd=tmp_path).returncode == 0
    first = stepcache("import", str(dump), "--store", "copy.db", cwd=tmp_path)
    assert first.returncode == 0 and "imported 3 entries" in first.stderr
    assert "skipped" not in first.stderr
    second = stepcache("import", "-", "--store", "copy.db", cwd=tmp_path, stdin=dump.read_text())
    assert second.returncode == 0
    assert "imported 0 entries; skipped 3 already in the store" in second.stderr
    third = stepcache("import", str(dump), "--store", "copy.db", "--replace", cwd=tmp_path)
    assert third.returncode == 0 and "imported 3 entries (3 replaced" in third.stderr
    assert listing(tmp_path / "copy.db") == listing(db)


def test_import_reports_expired_records(tmp_path):
    src = InMemoryStore()
    src.add(entry(1, id="live" + "0" * 28), unit(1))
    src.add(entry(2, id="dead" + "0" * 28), unit(2))
    from stepcache_integrations.stores.transfer import export_jsonl

    dump = tmp_path / "d.jsonl"
    export_jsonl(src, dump)
    lines = [json.loads(x) for x in dump.read_text().splitlines()]
    for rec in lines:
        if rec["entry"]["id"].startswith("dead"):
            rec["entry"]["expires_at"] = 1.0
    dump.write_text("".join(json.dumps(r) + "\n" for r in lines))
    out = stepcache("import", str(dump), "--store", "x.db", cwd=tmp_path)
    assert out.returncode == 0 and "imported 1 entries; skipped 1 expired" in out.stderr


# -- id prefixes --------------------------------------------------------------------------------
def test_show_and_delete_accept_an_unambiguous_prefix(db, tmp_path):
    out = stepcache("show", "bbbb", "--store", str(db), "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["id"] == "bbbb3333" + "0" * 24
    out = stepcache("show", "aaaa", "--store", str(db), cwd=tmp_path)
    assert out.returncode == 1
    assert "ambiguous" in out.stderr and "aaaa1111" in out.stderr and "aaaa2222" in out.stderr
    assert out.stdout == ""
    out = stepcache("delete", "aaaa", "--store", str(db), cwd=tmp_path)
    assert out.returncode == 1 and "ambiguous" in out.stderr
    assert len(listing(db)) == 3  # nothing deleted
    out = stepcache("delete", "aaaa2", "--store", str(db), cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == "deleted aaaa2222" + "0" * 24
    out = stepcache("show", "zzzz", "--store", str(db), cwd=tmp_path)
    assert out.returncode == 1 and "no live entry" in out.stderr
    full = "aaaa1111" + "0" * 24
    out = stepcache("delete", full, "--store", str(db), cwd=tmp_path)
    assert out.returncode == 0 and full in out.stdout
    assert listing(db) == [("b", "bbbb3333" + "0" * 24)]


# -- list ---------------------------------------------------------------------------------------
def test_list_shows_the_model_the_task_and_whole_prompts(tmp_path, monkeypatch):
    long_prompt = "Solve for x: " + " ".join(f"step{i}" for i in range(20))  # 142 characters
    path = tmp_path / "models.db"
    with SQLiteStore(path) as store:
        store.add(entry(0, id="cafe" + "0" * 28, llm_key="openai:gpt-4o-mini", task="math",
                        prompt=long_prompt), unit(0))
    monkeypatch.setenv("COLUMNS", "80")  # a narrow terminal still shows 100 characters
    out = stepcache("list", "--store", str(path), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    header, row = out.stdout.splitlines()
    assert header.split() == ["ID", "NAMESPACE", "MODEL", "TASK", "VERIFICATION", "HITS", "AGE", "PROMPT"]
    assert "openai:gpt-4o-mini" in row and " math " in row
    assert " unchecked " in row  # stored without a level (an older store): unchecked
    assert row.endswith("  " + long_prompt[:99] + "\u2026")
    monkeypatch.setenv("COLUMNS", "260")  # a wide one shows the rest of the line (111 + 142 characters)
    out = stepcache("list", "--store", str(path), cwd=tmp_path)
    assert out.stdout.splitlines()[1].endswith("  " + long_prompt)
    out = stepcache("list", "--store", str(path), "--width", "0", cwd=tmp_path)
    assert out.stdout.splitlines()[1].endswith(long_prompt)  # the whole prompt
    out = stepcache("list", "--store", str(path), "--width", "12", cwd=tmp_path)
    assert out.stdout.splitlines()[1].endswith("  Solve for x\u2026")


@pytest.mark.parametrize("argv", [["--limit", "-1"], ["--limit", "x"], ["--width", "-5"]])
def test_list_rejects_negative_or_non_numeric_counts(db, tmp_path, argv):
    out = stepcache("list", "--store", str(db), *argv, cwd=tmp_path)
    assert out.returncode == 2
    assert f"argument {argv[0]}" in out.stderr and out.stdout == ""
    assert "entries shown" not in out.stderr


# -- malformed URLs -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "url",
    [
        "postgresql://u@[bad/db",
        "postgresql://u@" + "a" * 70 + "/db",
        "postgresql://u@host..x/db",
        "postgresql://u@.bad/db",
        "postgresql://u@h:99999/db",
        "postgresql://u@h:port/db",
        "postgres:/u@h/db",
        "sqlite:cache.db",
    ],
)
def test_malformed_urls_raise_store_error(url):
    with pytest.raises(StoreError, match="malformed"):
        open_store(url)


def test_malformed_postgres_url_is_exit_1_in_the_cli(tmp_path):
    out = stepcache("stats", "--store", "postgresql://u:secret@host..x/db", cwd=tmp_path)
    assert out.returncode == 1 and "malformed" in out.stderr
    assert "secret" not in out.stderr and "Traceback" not in out.stderr


# -- version and help ---------------------------------------------------------------------------
def test_version(tmp_path):
    out = stepcache("--version", cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == f"stepcache {__version__}"


def test_top_level_help_speaks_to_users(tmp_path):
    out = stepcache("--help", cwd=tmp_path)
    assert out.returncode == 0
    text = out.stdout
    for needle in ("cache", "STEPCACHE_STORE", "serve-local --background --export", "stats",
                   "stepcache COMMAND --help", "examples:"):
        assert needle in text
    assert "Subcommands live next to" not in text  # not the module docstring for developers
    assert max(len(line) for line in text.splitlines()) <= 100


def test_bare_command_prints_the_overview(tmp_path):
    out = stepcache(cwd=tmp_path)
    assert out.returncode == 2 and "examples:" in out.stderr and "STEPCACHE_STORE" in out.stderr


def _walk(parser: argparse.ArgumentParser, path: list[str]):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _walk(sub, [*path, name])
        else:
            yield path, action


def test_every_flag_and_command_has_help_text():
    parser = build_parser()
    missing = [
        (" ".join(path), action.option_strings or action.dest)
        for path, action in _walk(parser, ["stepcache"])
        if not action.help or action.help == argparse.SUPPRESS
    ]
    assert missing == []
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert all(choice.help for choice in sub._choices_actions)
    assert {"stats", "list", "show", "delete", "clear", "export", "import",
            "serve-local", "stop-local"} <= set(sub.choices)


def test_read_only_open_of_an_unreachable_postgres_is_a_store_error():
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match="connect failed"):
        open_store("postgresql://u@127.0.0.1:9/db", create=False, connect_timeout=1)


# -- read commands write nothing; failed commands leave nothing ---------------------------------
def snapshot(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file under ``folder``: bytes, mtime, mode."""
    return {
        str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns, p.stat().st_mode)
        for p in sorted(folder.rglob("*")) if p.is_file()
    } | {str(p.relative_to(folder)) + "/": (b"", 0, 0) for p in folder.rglob("*") if p.is_dir()}


READ_COMMANDS = [
    ["stats"], ["stats", "--json"], ["list"], ["list", "--json"], ["show", "bbbb"],
    ["show", "bbbb", "--json"], ["export"],
]


@pytest.mark.parametrize("folder_mode", [0o755, 0o555], ids=["writable-dir", "read-only-dir"])
def test_read_commands_on_a_read_only_store_write_nothing(db, tmp_path, folder_mode):
    folder = db.parent / "ro"
    folder.mkdir()
    path = folder / "cache.db"
    path.write_bytes(db.read_bytes())
    path.chmod(0o444)
    folder.chmod(folder_mode)
    try:
        before = snapshot(folder)
        for argv in READ_COMMANDS:
            out = stepcache(*argv, "--store", str(path), cwd=tmp_path)
            assert out.returncode == 0, (argv, out.stderr)
            assert "readonly" not in out.stderr
            assert snapshot(folder) == before, argv  # no -wal/-shm, same bytes and mtime
        out = stepcache("export", "--store", str(path), cwd=tmp_path)
        assert len(out.stdout.splitlines()) == 3
        out = stepcache("show", "bbbb", "--store", str(path), cwd=tmp_path)
        assert "bbbb3333" in out.stdout
    finally:
        folder.chmod(0o755)


def test_read_commands_open_sqlite_read_only(db, tmp_path, monkeypatch, capsys):
    """Tests run as root, whom file modes do not stop: check the connections themselves.
    Every connection a read command opens is ``mode=ro``; delete and clear open it writable."""
    import sqlite3

    from stepcache_integrations.cli import main

    opened: list[str] = []
    real_connect = sqlite3.connect

    def connect(database, *args, **kwargs):
        opened.append(str(database) if kwargs.get("uri") else f"rw:{database}")
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    for argv in READ_COMMANDS + [["export", "-o", str(tmp_path / "out.jsonl")]]:
        opened.clear()
        assert main([*argv, "--store", str(db)]) == 0, argv
        assert opened and all(
            uri.startswith("file:") and "mode=ro" in uri for uri in opened
        ), (argv, opened)
    opened.clear()
    assert main(["delete", "bbbb", "--store", str(db)]) == 0
    assert any(uri.startswith("rw:") for uri in opened)
    capsys.readouterr()


@pytest.mark.parametrize(
    "argv", READ_COMMANDS + [["delete", "abc"], ["clear", "--yes"]], ids=lambda a: " ".join(a)
)
def test_commands_on_an_empty_file_change_nothing(tmp_path, argv):
    (tmp_path / "empty.db").write_bytes(b"")
    before = snapshot(tmp_path)
    out = stepcache(*argv, "--store", "empty.db", cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    assert "empty file" in out.stderr and "Traceback" not in out.stderr
    assert snapshot(tmp_path) == before  # still 0 bytes: no schema written into it


def _dump_lines(tmp_path: Path) -> list[str]:
    src = InMemoryStore()
    for i in range(3):
        src.add(entry(i, id=f"{i:032d}"), unit(i))
    from stepcache_integrations.stores.transfer import export_jsonl

    path = tmp_path / "good.jsonl"
    export_jsonl(src, path)
    lines = path.read_text().splitlines(keepends=True)
    path.unlink()
    return lines


def _bad_inputs(tmp_path: Path) -> dict[str, tuple[bytes | None, str]]:
    """name -> (file bytes, None: no file; a phrase the error must contain)."""
    lines = _dump_lines(tmp_path)
    good = "".join(lines)
    corrupt = json.loads(lines[1])
    del corrupt["entry"]["steps"]
    corrupt["entry"]["hits"] = "many"
    small = json.loads(lines[2])
    small["vector"] = [1.0, 0.0, 0.0]
    del small["vector_b64"], small["dim"]
    records = [json.loads(line) for line in lines]
    return {
        "missing": (None, "cannot read"),
        "invalid-json": ((lines[0] + "{not json\n").encode(), "invalid JSON on line 2"),
        "truncated": (good[: len(good) - 40].encode(), "truncated"),
        "json-array": (json.dumps(records).encode(), "line 1 is a JSON array"),
        "json-array-pretty": (json.dumps(records, indent=2).encode(), "line 1 starts a JSON array"),
        "binary": (b"\x80\x04\x95 pickle \xff\xfe\n", "not UTF-8 text"),
        "corrupt-entry": (
            (lines[0] + json.dumps(corrupt) + "\n").encode(),
            "line 2: 2 validation errors for CacheEntry: steps: Field required; hits: ",
        ),
        "mixed-dimensions": ((lines[0] + json.dumps(small) + "\n").encode(), "line 2: vector has dimension 3"),
    }


@pytest.mark.parametrize(
    "kind",
    ["missing", "invalid-json", "truncated", "json-array", "json-array-pretty", "binary",
     "corrupt-entry", "mixed-dimensions"],
)
def test_a_failed_import_creates_no_store_and_changes_none(db, tmp_path, kind, monkeypatch, capsys):
    import io

    from stepcache_integrations.cli import main

    data, phrase = _bad_inputs(tmp_path)[kind]
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    source = work / "input.jsonl"
    if data is not None:
        source.write_bytes(data)
    existing = work / "existing.db"
    existing.write_bytes(db.read_bytes())
    before = snapshot(work)
    for store in ("new.db", "sub/dir/new.db", f"sqlite:///{work}/other.db", str(existing)):
        assert main(["import", "input.jsonl", "--store", store]) == 1, (kind, store)
        err = capsys.readouterr().err
        assert phrase in err, (kind, err)
        assert snapshot(work) == before, (kind, store)  # no new store, no directory, same bytes
    if data is not None and kind != "binary":  # the same input on stdin
        monkeypatch.setattr(sys, "stdin", io.StringIO(data.decode()))
        assert main(["import", "-", "--store", "new.db"]) == 1
        assert phrase in capsys.readouterr().err
        assert snapshot(work) == before
    # through the console script once: exit 1, a message, no traceback
    out = stepcache("import", "input.jsonl", "--store", "new.db", cwd=work)
    assert out.returncode == 1 and phrase in out.stderr and "Traceback" not in out.stderr
    assert snapshot(work) == before


def test_a_failed_export_leaves_no_partial_file(db, tmp_path):
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("UPDATE entries SET entry = '{\"broken\": 1}' WHERE id LIKE 'bbbb%'")
    conn.commit()
    conn.close()
    out = stepcache("export", "--store", str(db), "-o", "out.jsonl", cwd=tmp_path)
    assert out.returncode == 1 and "corrupt cache entry" in out.stderr
    assert "steps: Field required" in out.stderr
    assert not (tmp_path / "out.jsonl").exists() and not (tmp_path / "out.jsonl.tmp").exists()


def test_an_import_failing_after_the_store_was_created_removes_it(tmp_path, monkeypatch, capsys):
    from stepcache_integrations.cli import main
    from stepcache_integrations.stores import transfer

    (tmp_path / "good.jsonl").write_text("".join(_dump_lines(tmp_path)))
    before = snapshot(tmp_path)

    def failing(store, records, **kwargs):
        store.add(*records[0])
        raise StoreError("disk full")

    monkeypatch.setattr(transfer, "import_records", failing)
    monkeypatch.chdir(tmp_path)
    assert main(["import", "good.jsonl", "--store", "sub/dir/new.db"]) == 1
    assert "disk full" in capsys.readouterr().err
    assert snapshot(tmp_path) == before  # the new store and its directories are gone


def test_an_import_of_another_dimension_leaves_the_store_unchanged(db, tmp_path):
    record = json.loads(_dump_lines(tmp_path)[0])
    record["vector"] = [1.0, 0.0, 0.0]
    del record["vector_b64"], record["dim"]
    (tmp_path / "small.jsonl").write_text(json.dumps(record) + "\n")
    before = db.read_bytes()
    out = stepcache("import", "small.jsonl", "--store", str(db), cwd=tmp_path)
    assert out.returncode == 1 and "dimension 3" in out.stderr, out.stderr
    assert db.read_bytes() == before and len(listing(db)) == 3
    assert not (tmp_path / "cache.db-wal").exists()


def test_export_to_a_fifo_or_an_unwritable_place(db, tmp_path):
    """-o FIFO (or a device such as /dev/null) writes into it: it is not replaced by a
    regular file. A directory that does not exist is exit 1 with a message."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # the export's output fits the buffer
    try:
        out = stepcache("export", "--store", str(db), "-o", str(fifo), cwd=tmp_path)
        assert out.returncode == 0 and "exported 3 entries" in out.stderr, out.stderr
        assert fifo.is_fifo() and not (tmp_path / "pipe.tmp").exists()
        assert os.read(reader, 1 << 16).decode().count("stepcache.entry/1") == 3
    finally:
        os.close(reader)
    out = stepcache("export", "--store", str(db), "-o", "no/such/dir/out.jsonl", cwd=tmp_path)
    assert out.returncode == 1 and "cannot write no/such/dir/out.jsonl" in out.stderr
    assert "Traceback" not in out.stderr


def _unprivileged_python() -> tuple[list[str], dict[str, str], object]:
    """(python argv, env, preexec_fn) running as ``nobody``, for whom file modes apply;
    skips the test when there is no such user or it cannot run this package."""
    import pwd
    import shutil
    import site

    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return [sys.executable], dict(os.environ, PYTHONPATH=str(REPO)), None
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody'")

    def drop() -> None:
        os.setgid(nobody.pw_gid)
        os.setgroups([])
        os.setuid(nobody.pw_uid)

    paths = os.pathsep.join([str(REPO), *site.getsitepackages()])
    env = dict(os.environ, PYTHONPATH=paths, HOME="/tmp", OMP_NUM_THREADS="1")
    env.pop("STEPCACHE_STORE", None)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for python in (sys.executable, shutil.which(version), f"/usr/bin/{version}"):
        if not python:
            continue
        try:
            probe = subprocess.run(
                [python, "-c", "import stepcache_integrations.stores.sqlite"], env=env,
                preexec_fn=drop, capture_output=True, timeout=120, cwd="/",
            )
        except OSError:  # e.g. under a home directory 'nobody' may not enter
            continue
        if probe.returncode == 0:
            return [python], env, drop
    pytest.skip("user 'nobody' cannot run this Python and package")


@pytest.mark.parametrize("folder_mode", [0o755, 0o555], ids=["writable-dir", "read-only-dir"])
def test_read_commands_as_an_unprivileged_user_on_a_read_only_store(db, folder_mode):
    """The real case: a 0444 store, read by a user who may not write it (was: "attempt to
    write a readonly database", or -wal/-shm files left behind in a writable directory)."""
    import tempfile

    python, env, preexec = _unprivileged_python()
    folder = Path(tempfile.mkdtemp(prefix="stepcache-ro-"))
    try:
        folder.chmod(0o755)
        path = folder / "cache.db"
        path.write_bytes(db.read_bytes())
        path.chmod(0o444)
        folder.chmod(folder_mode)
        if preexec is not None and folder_mode == 0o755:  # a directory 'nobody' may write
            import pwd

            nobody = pwd.getpwnam("nobody")
            os.chown(folder, nobody.pw_uid, nobody.pw_gid)
        before = snapshot(folder)
        for argv in READ_COMMANDS:
            out = subprocess.run(
                [*python, "-m", "stepcache_integrations.cli", *argv, "--store", str(path)],
                env=env, preexec_fn=preexec, capture_output=True, text=True, timeout=300, cwd="/",
            )
            assert out.returncode == 0, (argv, out.stderr)
            assert snapshot(folder) == before, argv
        out = subprocess.run(  # a write is refused with a message that says why
            [*python, "-m", "stepcache_integrations.cli", "delete", "bbbb", "--store", str(path)],
            env=env, preexec_fn=preexec, capture_output=True, text=True, timeout=300, cwd="/",
        )
        assert out.returncode == 1 and "cannot be written here" in out.stderr, out.stderr
        assert snapshot(folder) == before
    finally:
        folder.chmod(0o755)
        shutil_rmtree(folder)


def shutil_rmtree(folder: Path) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


# -- a quiet, readable CLI (issue 34 item 5) -------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["--store", "cache.db", "stats"], ["stats", "--store", "cache.db"],
    ["--store", "cache.db", "show", "bbbb"], ["show", "bbbb", "--store", "cache.db"],
    ["--store", "other.db", "list", "--store", "cache.db"],  # the one after the command wins
], ids=["before-stats", "after-stats", "before-show", "after-show", "both"])
def test_store_option_before_or_after_the_command(db, tmp_path, argv):
    out = stepcache(*argv, cwd=db.parent)
    assert out.returncode == 0, out.stderr
    assert ("bbbb3333" in out.stdout) if "stats" not in argv else ("entries " in out.stdout)
    assert not (db.parent / "other.db").exists()


def test_stats_prints_no_python_dict_and_rounded_numbers(db, tmp_path):
    out = stepcache("stats", "--store", str(db), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "{" not in out.stdout and "}" not in out.stdout and "None" not in out.stdout
    assert re.search(r"^index_segments\.buffered +\d+$", out.stdout, re.M), out.stdout
    assert not re.search(r"\d\.\d{3,}", out.stdout), out.stdout
    rows = [line for line in out.stdout.splitlines() if not line.startswith(" ") and line != "namespaces:"]
    assert len({len(line) - len(line.split()[-1]) for line in rows}) == 1, out.stdout  # one value column
