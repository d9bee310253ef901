"""The ``stepcache`` console script. Subcommands live next to what they operate on.

The library's own commands are the store commands. Other installed distributions add
commands through the ``stepcache.commands`` entry-point group: each entry point names a
``register(subparsers)`` function that adds subcommands (each sets ``func(args) -> int``).
The stepcache-bench tooling in this repository (``tooling/``) adds ``demo``, ``bench``,
``serve-local`` and ``stop-local`` that way; this module never imports tooling code itself.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterator, Sequence
from typing import Any

# Each module exposes ``register(subparsers)``; a subcommand sets ``func(args) -> int``.
_SUBCOMMAND_MODULES = ("stepcache_integrations.stores.cli_commands", "stepcache_integrations.core.outcomes")

# Commands of other installed distributions (entry points, value ``module:register``).
COMMANDS_ENTRY_POINT_GROUP = "stepcache.commands"

DESCRIPTION = """\
StepCache caches LLM answers step by step and reuses a step only after checking it
against the new prompt. Your program uses it as a library (StepCache, or the LangChain
and LlamaIndex adapters); this command inspects or edits what a persistent cache store
holds. With the stepcache-bench tooling installed it also runs the demo and the
benchmark and serves a small local model."""

EPILOG = """\
examples:
  stepcache demo                          every cache outcome, scripted model, no setup (*)
  eval "$(stepcache serve-local --background --export)"
                                          start SmolLM2-135M on 127.0.0.1 and set
                                          STEPCACHE_LLM_BASE_URL / STEPCACHE_LLM_MODEL (*)
  stepcache stop-local                    stop it again (*)
  export STEPCACHE_STORE=stepcache.db     StepCache() in your programs and this command
                                          now use one SQLite store
  stepcache stats                         entries and hits per namespace
  stepcache list --namespace tenant-a     recent entries; then: stepcache show ID-PREFIX
  stepcache outcomes                      what reuse, skip_reuse, fallback... mean

environment:
  STEPCACHE_STORE     the store: a SQLite file path, sqlite:///path.db or postgresql://...
                      Read by StepCache() too. Unset, StepCache() keeps its entries in
                      memory and the store commands here ask for --store.
  STEPCACHE_LLM_BASE_URL, STEPCACHE_LLM_MODEL
                      the OpenAI-compatible model the README, examples and notebooks use
                      (printed by `stepcache serve-local --export`)

(*) commands of the stepcache-bench tooling (tooling/ in the repository), found through the
    stepcache.commands entry points while it is installed.

`stepcache COMMAND --help` describes each command."""


def _command_plugins() -> Iterator[tuple[str, Any]]:
    """(name, entry point) for every ``stepcache.commands`` entry point installed."""
    from importlib.metadata import entry_points

    seen: set[str] = set()
    for entry in entry_points(group=COMMANDS_ENTRY_POINT_GROUP):
        if entry.value not in seen:  # one distribution found twice on sys.path
            seen.add(entry.value)
            yield entry.name, entry


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="stepcache",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"stepcache {__version__}",
        help="print the version and exit",
    )
    from .stores.cli_commands import add_store_option

    add_store_option(parser)  # `stepcache --store X stats` as well as `stepcache stats --store X`
    subparsers = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", title="commands"
    )
    for name in _SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    for name, entry in _command_plugins():
        try:
            entry.load()(subparsers)
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not take the store commands down
            print(f"stepcache: skipping the commands of {entry.value!r} ({name}): "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``stepcache`` command."""
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # a bare `stepcache`: the overview, not just "COMMAND is required"
        parser.print_help(sys.stderr)
        return 2
    args = parser.parse_args(argv)
    if args.store is not None and not getattr(args, "takes_store", False):
        parser.error(f"--store applies to the store commands, not to {args.command!r}")
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
