"""How the tooling's commands are found: the ``stepcache-bench`` console script registers them
itself, and the library's ``stepcache`` finds the same ``register`` functions through the
``stepcache.commands`` entry points that ``tooling/pyproject.toml`` declares."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tomllib
from importlib.metadata import distribution
from pathlib import Path

from stepcache_bench import cli as bench_cli
from stepcache_integrations import cli as library_cli

REPO = Path(__file__).resolve().parents[3]
TOOLING_COMMANDS = {"demo", "bench", "serve-local", "stop-local"}
# the store commands and `outcomes` (the vocabulary of core/outcomes.py)
STORE_COMMANDS = {"stats", "list", "show", "delete", "clear", "export", "import", "outcomes"}


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert all(choice.help for choice in action._choices_actions)
    return dict(action.choices)


def _declared_entry_points() -> dict[str, str]:
    pyproject = tomllib.loads((REPO / "tooling" / "pyproject.toml").read_text())
    return pyproject["project"]["entry-points"][library_cli.COMMANDS_ENTRY_POINT_GROUP]


def test_stepcache_bench_has_the_tooling_commands() -> None:
    assert set(_subcommands(bench_cli.build_parser())) == TOOLING_COMMANDS


def test_the_entry_points_are_the_register_functions_of_the_command_modules() -> None:
    declared = _declared_entry_points()
    assert sorted(declared.values()) == sorted(f"{m}:register" for m in bench_cli.COMMAND_MODULES)
    # the installed metadata is the declared one (a stale install would hide a new command)
    installed = {
        ep.name: ep.value
        for ep in distribution("stepcache-bench").entry_points
        if ep.group == library_cli.COMMANDS_ENTRY_POINT_GROUP
    }
    assert installed == declared


def test_stepcache_offers_the_tooling_commands_through_the_entry_points() -> None:
    library = _subcommands(library_cli.build_parser())
    tooling = _subcommands(bench_cli.build_parser())
    assert set(library) == STORE_COMMANDS | TOOLING_COMMANDS
    for name in TOOLING_COMMANDS:  # the same command, not a copy
        assert library[name].get_default("func") is tooling[name].get_default("func")


def test_stepcache_bench_console_entry_point_runs() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "tooling")]))
    done = subprocess.run(
        [sys.executable, "-m", "stepcache_bench.cli", "--help"],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    for name in TOOLING_COMMANDS:
        assert name in done.stdout
    bare = subprocess.run(
        [sys.executable, "-m", "stepcache_bench.cli"], env=env, capture_output=True, text=True, timeout=120
    )
    assert bare.returncode == 2 and "examples:" in bare.stderr
