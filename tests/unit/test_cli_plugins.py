"""The ``stepcache`` command's own commands are the store commands; other distributions add
commands through the ``stepcache.commands`` entry-point group, and the library never imports
tooling code itself."""

from __future__ import annotations

import argparse
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

import stepcache_integrations
from stepcache_integrations import cli

# the store commands and `outcomes` (the vocabulary of core/outcomes.py)
STORE_COMMANDS = {"stats", "list", "show", "delete", "clear", "export", "import", "outcomes"}
PACKAGE = Path(stepcache_integrations.__file__).resolve().parent


def register_hello(subparsers: Any) -> None:
    parser = subparsers.add_parser("hello", help="say hello")
    parser.set_defaults(func=lambda args: 7)


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(action.choices)


def _plugins(monkeypatch: pytest.MonkeyPatch, *values: str) -> None:
    group = cli.COMMANDS_ENTRY_POINT_GROUP
    found = [EntryPoint(name=f"p{i}", value=value, group=group) for i, value in enumerate(values)]

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [ep for ep in found if ep.group == group]

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)


def test_without_plugins_only_the_store_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    _plugins(monkeypatch)
    assert _commands(cli.build_parser()) == STORE_COMMANDS


def test_a_plugin_adds_its_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    _plugins(monkeypatch, f"{__name__}:register_hello")
    assert _commands(cli.build_parser()) == STORE_COMMANDS | {"hello"}
    assert cli.main(["hello"]) == 7


def test_a_broken_plugin_is_skipped_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _plugins(monkeypatch, "no_such_module_xyz:register", f"{__name__}:register_hello")
    assert _commands(cli.build_parser()) == STORE_COMMANDS | {"hello"}
    err = capsys.readouterr().err
    assert "no_such_module_xyz:register" in err and "ModuleNotFoundError" in err


def test_the_library_never_imports_the_tooling() -> None:
    for path in PACKAGE.rglob("*.py"):
        assert "stepcache_bench" not in path.read_text(encoding="utf-8"), path


def test_store_before_a_command_that_takes_no_store_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--store`` is accepted before the command for the store commands only: a plugin command that
    takes no store must not run as if it had used one."""
    _plugins(monkeypatch, f"{__name__}:register_hello")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--store", "cache.db", "hello"])
    assert stopped.value.code == 2
    assert "--store applies to the store commands, not to 'hello'" in capsys.readouterr().err
    assert cli.main(["hello"]) == 7
