"""The store commands of ``stepcache`` through the console entry point (subprocess, exit codes):
one store default shared with the library, bare paths, read-only commands that never create
anything, copying imports, id prefixes, --version and help text."""

from __future__ import annotations

import argparse
import json
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
    long_prompt = "Solve for x: " + " ".join(f"step{i}" for i in range(20))  # 131 characters
    path = tmp_path / "models.db"
    with SQLiteStore(path) as store:
        store.add(entry(0, id="cafe" + "0" * 28, llm_key="openai:gpt-4o-mini", task="math",
                        prompt=long_prompt), unit(0))
    monkeypatch.setenv("COLUMNS", "80")  # a narrow terminal still shows 100 characters
    out = stepcache("list", "--store", str(path), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    header, row = out.stdout.splitlines()
    assert header.split() == ["ID", "NAMESPACE", "MODEL", "TASK", "HITS", "AGE", "PROMPT"]
    assert "openai:gpt-4o-mini" in row and " math " in row
    assert row.endswith("  " + long_prompt[:99] + "\u2026")
    monkeypatch.setenv("COLUMNS", "250")  # a wide one shows the rest of the line
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
