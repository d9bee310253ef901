#!/usr/bin/env python
"""Mutation check: break each promised behaviour on purpose and expect the unit suite to fail.

Each mutant in ``MUTANTS`` (the table in ``scripts/mutants.py``) replaces one exact ``old`` text (it must occur exactly once in its
file) by ``new`` in a temporary copy of the repository, then runs the unit tests listed for
it there (``-x -q``). The real checkout is never edited. A mutant is *caught* when those tests
fail (or time out); it *survives* when they pass. Before any mutant, the union of the selected
tests must pass on the unmutated copy, or every "catch" would be meaningless.

Exit status: 0 only if every anchor was found exactly once and every mutant was caught.
Anchors are short on purpose; when code moves (e.g. the engine split), update the ``file``
and ``old`` columns here: a missing anchor fails the run instead of silently skipping.

    python scripts/mutation_check.py                 # all mutants
    python scripts/mutation_check.py --list          # the table
    python scripts/mutation_check.py --only ID ...   # some of them
    python scripts/mutation_check.py --keep          # keep the temporary copy (prints its path)

Run it with the project's interpreter (the one that has pytest and the package's deps).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutants import BENCH_PKG, MUTANTS, PKG, TOOLING, Mutant  # noqa: E402 - the table beside this script


def _copy_repo(dest: Path) -> None:
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "*.pyc", ".pytest_cache", "notebooks", "*.db", "*.egg-info"
    )
    shutil.copytree(ROOT, dest, ignore=ignore, dirs_exist_ok=True)


def _env(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    # the copy's library and tooling, ahead of the editable installs of the real checkout
    env["PYTHONPATH"] = os.pathsep.join([str(copy), str(copy / TOOLING)])
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # mutated and restored files never meet a stale .pyc
    # Installed pytest plugins (langchain-tests, codspeed, ...) cost seconds per run; the unit
    # tests selected here need only pytest-asyncio, loaded explicitly (the baseline proves it).
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


def _pytest(copy: Path, args: tuple[str, ...], timeout: float) -> tuple[str, str]:
    """Run pytest in the copy; return ("pass" | "fail" | "timeout" | "empty", tail of output).

    "fail" is any failing exit (failed tests, or a collection error the mutant caused);
    "empty" means the selection matched no test (exit 5): a broken table row, not a catch.
    """
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "asyncio", "--no-header", *args]
    try:
        done = subprocess.run(command, cwd=copy, env=_env(copy), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-6:])
    if done.returncode == 0:
        return "pass", tail
    if done.returncode == 5:
        return "empty", tail
    return "fail", tail


def _split(tests: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Split a selection into pytest runs: each ``-k`` applies to the paths right before it."""
    runs: list[tuple[str, ...]] = []
    paths: list[str] = []
    i = 0
    while i < len(tests):
        if tests[i] == "-k":
            runs.append((*paths, "-k", tests[i + 1]))
            paths = []
            i += 2
        else:
            paths.append(tests[i])
            i += 1
    if paths:
        runs.append(tuple(paths))
    return runs


def _files(mutants: list[Mutant]) -> tuple[str, ...]:
    """Every test file some mutant selects from (the baseline runs them whole, once)."""
    seen: dict[str, None] = {}
    for m in mutants:
        for i, arg in enumerate(m.tests):
            if arg != "-k" and (i == 0 or m.tests[i - 1] != "-k"):
                seen.setdefault(arg.split("::")[0], None)
    return tuple(seen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the mutants and exit")
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutants")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copy")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per pytest run (a timeout counts as caught)")
    args = parser.parse_args(argv)

    mutants = MUTANTS
    if args.only:
        unknown = set(args.only) - {m.id for m in MUTANTS}
        if unknown:
            parser.error(f"unknown mutant id(s): {', '.join(sorted(unknown))}")
        mutants = [m for m in MUTANTS if m.id in args.only]
    if args.list:
        for m in mutants:
            print(f"{m.id:<28} {m.file:<40} {m.behaviour}")
        return 0

    # Anchors first: each old text must occur exactly once, in the real checkout.
    drift = []
    for m in mutants:
        path = ROOT / m.file
        count = path.read_text(encoding="utf-8").count(m.old) if path.exists() else -1
        if count != 1:
            where = "file missing" if count < 0 else f"found {count} times"
            drift.append(f"{m.id}: anchor {m.old!r} in {m.file}: {where}")
    for line in drift:
        print(f"ANCHOR DRIFT  {line}")

    tmp = Path(tempfile.mkdtemp(prefix="stepcache-mutants-"))
    copy = tmp / "repo"
    caught: list[str] = []
    survived: list[str] = []
    try:
        _copy_repo(copy)
        for package in (PKG, BENCH_PKG):
            probe = subprocess.run(
                [sys.executable, "-c", f"import {package}; print({package}.__file__)"],
                cwd=copy, env=_env(copy), capture_output=True, text=True, check=False,
            )
            if not probe.stdout.strip().startswith(str(copy)):
                print(f"the copy's {package} is not the one imported ({probe.stdout.strip() or probe.stderr.strip()})")
                return 2
        runnable = [m for m in mutants if not any(line.startswith(f"{m.id}:") for line in drift)]

        t0 = time.perf_counter()
        baseline = _files(runnable)
        status, tail = _pytest(copy, baseline, args.timeout) if baseline else ("pass", "")
        if status != "pass":
            print(f"BASELINE FAILS ({status}) on the unmutated copy: {' '.join(baseline)}\n{tail}")
            return 2
        print(f"baseline: selected tests pass on the unmutated copy ({time.perf_counter() - t0:.0f} s)")

        for m in runnable:
            target = copy / m.file
            original = target.read_text(encoding="utf-8")
            target.write_text(original.replace(m.old, m.new, 1), encoding="utf-8")
            t0 = time.perf_counter()
            try:
                results = []
                for selection in _split(m.tests):
                    status, tail = _pytest(copy, selection, args.timeout)
                    results.append((status, tail))
                    if status in ("fail", "timeout"):
                        break
            finally:
                target.write_text(original, encoding="utf-8")
            status, tail = results[-1]
            seconds = time.perf_counter() - t0
            if status in ("fail", "timeout"):
                caught.append(m.id)
                print(f"caught    {m.id:<28} {seconds:5.1f} s  ({status}) {m.behaviour}")
            else:
                survived.append(m.id)
                print(f"SURVIVED  {m.id:<28} {seconds:5.1f} s  ({status}) {m.behaviour}\n{tail}")
    finally:
        if args.keep:
            print(f"copy kept at {copy}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    total = len(mutants)
    print(f"\nmutation check: {len(caught)}/{total} caught, {len(survived)} survived, {len(drift)} anchor(s) not found")
    if survived:
        print("survived: " + ", ".join(survived))
    return 0 if not survived and not drift else 1


if __name__ == "__main__":
    sys.exit(main())
