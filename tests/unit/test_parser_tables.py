"""Parser tables saved on disk (core/tasks/parser_tables.py): a loaded parser is the built one, a
changed grammar never loads another grammar's tables, and a bad or unusable folder only costs time."""

from __future__ import annotations

import importlib.util
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations.core.tasks import parser_tables
from stepcache_integrations.core.tasks.arithmetic import grammar as arithmetic_grammar
from stepcache_integrations.core.tasks.json import reader as json_reader
from stepcache_integrations.core.tasks.linear import reader as linear_reader
from stepcache_integrations.core.tasks.parser_tables import PARSER_CACHE_ENV, build_lalr, tables_file
from stepcache_integrations.core.tasks.request_language import RequestLanguage, _Tokens

ROOT = Path(__file__).resolve().parents[2]
OPTIONS: dict[str, Any] = {"lexer": _Tokens, "start": "start", "strict": True}
LANGUAGES = {"linear": linear_reader._LANGUAGE, "json": json_reader._LANGUAGE, "arithmetic": arithmetic_grammar._LANGUAGE}


def _grammar(task: str) -> str:
    return (LANGUAGES[task].folder / "request.lark").read_text(encoding="utf-8")


def _tables(parser: Any) -> tuple[Any, ...]:
    """What the LALR parser decides with: its action table, start and end states, rules, terminals."""
    table = parser.parser.parser.parser.parse_table
    actions = {state: {token: (action.name, str(arg)) for token, (action, arg) in row.items()}
               for state, row in table.states.items()}
    return (actions, table.start_states, table.end_states, sorted(map(str, parser.rules)),
            sorted((t.name, str(t.pattern)) for t in parser.terminals))


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    chosen = tmp_path / "parsers"
    monkeypatch.setenv(PARSER_CACHE_ENV, str(chosen))
    return chosen


@pytest.mark.parametrize("task", sorted(LANGUAGES))
def test_a_loaded_parser_has_the_built_parsers_tables(task: str, folder: Path) -> None:
    built = build_lalr(task, _grammar(task), **OPTIONS)
    saved = tables_file(folder, task, _grammar(task), {"parser": "lalr", **OPTIONS})
    assert saved.is_file() and stat.S_IMODE(folder.stat().st_mode) == 0o700
    loaded = build_lalr(task, _grammar(task), **OPTIONS)
    assert loaded is not built and _tables(loaded) == _tables(built)
    assert not list(folder.glob("*.partial"))  # written under a temporary name, renamed into place


def _corpus_reading(task: str) -> list[Any]:
    script = "linear_reader_corpus" if task == "linear" else "reader_corpus"
    spec = importlib.util.spec_from_file_location(script, ROOT / "scripts" / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    corpus = ROOT / "tests" / "fixtures" / f"{task}_reader_corpus.jsonl"
    prompts = [json.loads(line)["prompt"] for line in corpus.read_text(encoding="utf-8").splitlines()]
    return [module.reading(prompt) for prompt in prompts]


@pytest.mark.parametrize("task", ["json", "linear"])  # the arithmetic corpus: tests/unit/test_arith_reader_corpus.py
def test_the_reader_corpus_reads_the_same_through_loaded_tables(
    task: str, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    language: RequestLanguage = LANGUAGES[task]
    before = _corpus_reading(task)
    build_lalr(task, _grammar(task), **OPTIONS)  # saves
    loaded = build_lalr(task, _grammar(task), **OPTIONS)
    monkeypatch.setitem(language.__dict__, "parser", loaded)  # the reader's cached_property
    monkeypatch.setattr(language, "_shapes", type(language._shapes)())  # no tree kept from the built parser
    after = _corpus_reading(task)
    assert after == before and sum(read is not None for read in after) > 200


def test_a_changed_grammar_never_loads_another_grammars_tables(folder: Path) -> None:
    grammar = _grammar("linear")
    changed = grammar + "\n// one more line\n"
    build_lalr("linear", grammar, **OPTIONS)
    original = tables_file(folder, "linear", grammar, {"parser": "lalr", **OPTIONS})
    other = tables_file(folder, "linear", changed, {"parser": "lalr", **OPTIONS})
    assert other != original
    other.write_bytes(original.read_bytes())  # the old tables under the new grammar's name
    changed_digest = parser_tables._digest(changed, {"parser": "lalr", **OPTIONS}).encode("ascii")
    assert parser_tables._load(other, changed_digest) is None
    rebuilt = build_lalr("linear", changed, **OPTIONS)
    assert other.read_bytes().split(b"\n", 1)[0] != original.read_bytes().split(b"\n", 1)[0]
    # state numbers differ between two builds; the rules and terminals are the grammar's
    assert _tables(rebuilt)[3:] == _tables(build_lalr("linear", grammar, **OPTIONS))[3:]


def test_a_truncated_file_is_built_again(folder: Path) -> None:
    grammar = _grammar("json")
    built = build_lalr("json", grammar, **OPTIONS)
    saved = tables_file(folder, "json", grammar, {"parser": "lalr", **OPTIONS})
    saved.write_bytes(saved.read_bytes()[: 4096])
    again = build_lalr("json", grammar, **OPTIONS)
    assert _tables(again)[3:] == _tables(built)[3:]
    reloaded = parser_tables._load(saved, saved.read_bytes().split(b"\n", 1)[0])  # saved whole again
    assert reloaded is not None and _tables(reloaded) == _tables(again)


def test_turned_off_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PARSER_CACHE_ENV, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parser_tables.parser_cache_folder() is None
    build_lalr("json", _grammar("json"), **OPTIONS)
    assert not any(tmp_path.iterdir())


def test_the_default_folder_is_the_users_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PARSER_CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parser_tables.parser_cache_folder() == tmp_path / "stepcache-integrations" / "parsers"


def test_an_unusable_folder_still_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(PARSER_CACHE_ENV, str(blocker / "parsers"))
    parser = build_lalr("json", _grammar("json"), **OPTIONS)
    assert _tables(parser)[0]
    assert blocker.read_text() == "not a folder" and os.path.isfile(blocker)


def test_write_atomically_syncs_renames_and_leaves_no_partial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one atomic write the parser tables and the place digests share (wip/cleanD): the bytes are
    synced before the rename; a failed write leaves neither a half file nor a temporary one."""
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(parser_tables.os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    target = tmp_path / "kept" / "data.bin"
    assert parser_tables.write_atomically(target, ".data-", lambda out: out.write(b"whole"))
    assert target.read_bytes() == b"whole" and len(synced) == 1
    assert stat.S_IMODE(target.parent.stat().st_mode) == 0o700

    def broken(out: Any) -> None:
        out.write(b"half")
        raise OSError("disk full")

    assert not parser_tables.write_atomically(target, ".data-", broken)
    assert target.read_bytes() == b"whole"  # the old file stays whole
    assert sorted(p.name for p in target.parent.iterdir()) == ["data.bin"]
    blocked = tmp_path / "a-file"
    blocked.write_bytes(b"")
    assert not parser_tables.write_atomically(blocked / "data.bin", ".data-", lambda out: out.write(b"x"))
