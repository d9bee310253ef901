"""``stepcache demo`` (the stepcache-bench tooling's demo, reached through the library's
``stepcache`` command): every cache outcome with a scripted model, every answer passing its
checks, each with its verification level (math proven, JSON checked, free text unchecked).

Moved here from ``tests/unit/test_promises.py`` (the command's output) and
``tests/unit/test_engine.py`` (the engine on the demo's requests) when the demo left the
library. ``scripts/mutation_check.py`` breaks the demo and expects these tests to notice.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import stepcache_integrations
from stepcache_bench.demo import DEMO_REQUESTS, ScriptedModel
from stepcache_integrations import StepCache

OUTCOMES = {"miss", "reuse", "reinstantiate", "patch", "skip_reuse"}
DEMO_LEVELS = {"linear_equation": "proven", "json": "checked", "text": "unchecked"}


def test_demo_shows_every_outcome_and_all_verified() -> None:
    cache = StepCache(max_repairs=1)  # the demo's cache: the paper's repair loop, shown on purpose
    model = ScriptedModel()
    outcomes = set()
    for _, prompt in DEMO_REQUESTS:
        result = cache.generate(prompt, model)
        assert result.checks_passed and not result.errors
        # math is proven step by step; the demo's JSON asks for an unstated email; free text has no checker
        assert result.verification == DEMO_LEVELS[result.task], (prompt, result.verification)
        assert result.verified == (result.task == "linear_equation")
        outcomes.add(result.outcome)
    assert outcomes == OUTCOMES
    stats = cache.stats()
    assert stats["fallbacks"] >= 1 and stats["repair_calls"] >= 2


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The library's console script (as installed) on this checkout's library and tooling: the
    README's route, where ``demo`` comes from the tooling's ``stepcache.commands`` entry point."""
    root = Path(stepcache_integrations.__file__).resolve().parent.parent
    paths = [str(root), str(root / "tooling"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    script = Path(sys.executable).with_name("stepcache")
    if script.exists():
        command = [str(script), *args]
    else:  # not installed as a console script: the same entry point
        command = [sys.executable, "-c", "import sys; from stepcache_integrations.cli import main; sys.exit(main())", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300, cwd=root, check=False)


def test_demo_command_shows_every_outcome_all_verified() -> None:
    done = run_cli("demo", "--show-answers")
    assert done.returncode == 0, done.stderr
    rows = re.findall(
        r"^\s*(\d+)\s+(.+?)\s+(miss|reuse|reinstantiate|patch|skip_reuse)\s+(proven|checked|unchecked)\s+(\d+)\s+(\d+)"
        r"\s+[\d.]+\s+(.*)$",
        done.stdout,
        re.MULTILINE,
    )
    assert [int(r[0]) for r in rows] == list(range(1, 14)), done.stdout
    assert {r[2] for r in rows} == OUTCOMES  # every outcome of the README's table shows up
    levels = [r[3] for r in rows]  # math (5), JSON with an unstated email (4), free text (4)
    assert levels == ["proven"] * 5 + ["checked"] * 4 + ["unchecked"] * 4, levels
    by_label = {r[1].strip(): r for r in rows}
    # The first request is a miss; the paraphrase is then reused without a model call.
    assert by_label["cold math request"][2] == "miss" and by_label["cold math request"][4] == "1"
    assert by_label["paraphrase"][2:5] == ("reuse", "proven", "0") and by_label["paraphrase"][6] == "reused=4"
    assert by_label["constant changed"][2:5] == ("reinstantiate", "proven", "0")
    assert "(sympy fallback)" in by_label["model gets it wrong"][6]
    # plain words and rounded numbers on screen: no Python dict, no float with more than one decimal
    table = done.stdout.split("\n## ")[0]  # the answers printed by --show-answers follow, JSON included
    assert "{" not in table and not re.search(r"\d\.\d{2,}", table), table
    summary = re.search(r"^outcomes: ((?:\w+ \d+, )*\w+ \d+)\s+model calls: (\d+)", done.stdout, re.MULTILINE)
    assert summary, done.stdout
    counts = {name: int(count) for name, count in (pair.split() for pair in summary.group(1).split(", "))}
    assert len(counts) == len(summary.group(1).split(", "))  # each outcome once
    assert counts == {o: sum(r[2] == o for r in rows) for o in OUTCOMES}
    assert int(summary.group(2)) == sum(int(r[4]) for r in rows)
    # --show-answers prints each final answer: the constant changed to 26 gives x = 7.
    assert "## constant changed (reinstantiate)" in done.stdout and "Answer: x = 7" in done.stdout

