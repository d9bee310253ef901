"""The ``stepcache`` console script. Subcommands live next to what they operate on."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Each module exposes ``register(subparsers)``; a subcommand sets ``func(args) -> int``.
_SUBCOMMAND_MODULES = (
    "stepcache_integrations.demo",
    "stepcache_integrations.serving.cli_commands",
    "stepcache_integrations.bench.cli_commands",
    "stepcache_integrations.stores.cli_commands",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered."""
    parser = argparse.ArgumentParser(prog="stepcache", description=__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name in _SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("stepcache_integrations"):
                continue  # that part of the package is not built yet
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``stepcache`` command."""
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
