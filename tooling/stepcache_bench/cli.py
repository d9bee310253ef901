"""The ``stepcache-bench`` console script: ``demo``, ``bench``, ``serve-local``, ``stop-local``.

Each module in ``COMMAND_MODULES`` exposes ``register(subparsers)``, which adds its
subcommands (each sets ``func(args) -> int``). The same functions are published in the
``stepcache.commands`` entry-point group (``tooling/pyproject.toml``), which is how the
library's ``stepcache`` command offers these commands while this package is installed.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMAND_MODULES = (
    "stepcache_bench.demo",
    "stepcache_bench.serving.cli_commands",
    "stepcache_bench.bench.cli_commands",
)

DESCRIPTION = """\
The tooling around the StepCache library: the demo with a scripted model, the benchmark on a
real model, and a small local model server. The same commands run as `stepcache COMMAND`
while this package (stepcache-bench) is installed."""

EPILOG = """\
examples:
  stepcache-bench demo                    every cache outcome, scripted model, no setup
  stepcache-bench bench --quick           the quick benchmark on a local SmolLM2-135M
  eval "$(stepcache-bench serve-local --background --export)"
                                          start SmolLM2-135M on 127.0.0.1 and set
                                          STEPCACHE_LLM_BASE_URL / STEPCACHE_LLM_MODEL
  stepcache-bench stop-local              stop it again

`stepcache-bench COMMAND --help` describes each command."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with the tooling's subcommands registered."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="stepcache-bench",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"stepcache-bench {__version__}",
        help="print the version and exit",
    )
    subparsers = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", title="commands"
    )
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``stepcache-bench`` command."""
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        parser.print_help(sys.stderr)
        return 2
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
