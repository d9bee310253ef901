"""The demo says where each answer came from (issue 34 item 4): ``bash scripts/demo.sh`` runs
``stepcache bench --quick``, which prints one line per StepCache answer naming its source in the
library's vocabulary (exact, reuse, reinstantiate, patch, fallback, model) and, last, the count per
source. Checked here against what the engine itself reported for each request (its results and the
metadata of the entries it stored), on the quick workload with a stand-in model that gets the math
wrong (so the fallback writes those answers) and the JSON right."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from stepcache_bench.bench import cli_commands
from stepcache_bench.bench.fake_model import FakeModel
from stepcache_bench.bench.runner import BenchConfig, run_benchmark
from stepcache_integrations import StepCache
from stepcache_integrations.core import outcomes as vocabulary

ROOT = Path(__file__).resolve().parents[3]
LINE = re.compile(r"^\s+(\d+) (\S+)\s+(\w+)(\*?)\s+\(outcome (\w+), ")


def _engine_sources(calls: list[tuple[Any, dict[str, Any]]], measured: int) -> list[tuple[str, bool]]:
    """(source, fallback text served again) of the last ``measured`` answers, from the engine's results:
    an entry is the fallback's text when its stored metadata says a step came from the fallback, or
    when the entry it was derived from (reuse, re-instantiation, patch) is."""
    parent: dict[str, str | None] = {}
    wrote: dict[str, bool] = {}
    for result, stored in calls:
        if result.stored_entry_id:
            parent[result.stored_entry_id] = result.matched_entry_id
            wrote[result.stored_entry_id] = "fallback" in stored.get("provenance", ())

    def by_fallback(entry_id: str | None) -> bool:
        seen = set()
        while entry_id is not None and entry_id not in seen:
            seen.add(entry_id)
            if wrote.get(entry_id):
                return True
            entry_id = parent.get(entry_id)
        return False

    out = []
    for result, _ in calls[-measured:]:
        cached = by_fallback(result.matched_entry_id)
        source = vocabulary.answer_source(result.outcome, used_fallback=result.used_fallback, cached_fallback=cached)
        out.append((source, source == "fallback" and not result.used_fallback))
    return out


def test_the_demo_names_each_answers_source_as_the_engine_reported_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    generate = StepCache.generate

    def spy(self: StepCache, prompt: str, llm: Any, **options: Any) -> Any:
        result = generate(self, prompt, llm, **options)
        entry = self.store.get(result.stored_entry_id) if result.stored_entry_id else None
        calls.append((result, dict(entry.metadata) if entry is not None else {}))
        return result

    monkeypatch.setattr(StepCache, "generate", spy)
    config = BenchConfig.for_mode("quick", systems=["stepcache"])
    config.control = False
    results = run_benchmark(config, FakeModel(wrong_math=True), progress=False, log=lambda _line: None)
    results["wall_clock_s"] = 0.0
    written = {"summary": {"groups": {}}, "report": str(tmp_path / "report.md"), "results": "-", "plots": {}}
    monkeypatch.setattr("stepcache_bench.bench.report.terminal_summary", lambda _summary: "")
    cli_commands._print_outputs(written, results)
    printed = capsys.readouterr().out.rstrip("\n").splitlines()

    records = [r for data in results["seeds"].values() for r in data["records"]]
    expected = _engine_sources(calls, len(records))
    shown = [m.groups() for m in map(LINE.match, printed) if m is not None]
    assert len(shown) == len(records) == 16
    for (number, kind, source, mark, outcome), record, (want, cached) in zip(shown, records, expected, strict=True):
        assert (kind, outcome) == (f"{record['task']}/{record['kind']}", record["outcome"]), number
        assert (source, mark == "*") == (want, cached), (number, kind, outcome)
    assert {s for s, _ in expected} >= {"fallback", "reuse"}  # the stand-in makes the sources differ

    # the last line counts the answers per source, every source of the vocabulary named
    counts = ", ".join(f"{s} {sum(w == s for w, _ in expected)}{' (not reuse)' if s == 'fallback' else ''}"
                       for s in vocabulary.ANSWER_SOURCES)
    assert printed[-1] == f"StepCache's 16 answers came from: {counts}"


def test_the_demo_script_runs_the_command_that_prints_the_sources() -> None:
    text = (ROOT / "scripts" / "demo.sh").read_text()
    assert "exec .venv/bin/stepcache bench --quick" in text and "where each StepCache answer came from" in text
