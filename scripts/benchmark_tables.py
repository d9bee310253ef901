#!/usr/bin/env python
"""Generate the tables of BENCHMARKS.md, README.md and docs/guarantees.md from the recorded result files.

    .venv/bin/python scripts/benchmark_tables.py            # rewrite every generated block
    .venv/bin/python scripts/benchmark_tables.py --check    # exit 1 if a block differs from its files

A generated block sits between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->``; NAME is one of
:data:`BLOCKS`. Each block names the files it was generated from with their provenance (commit,
dirty flag, date, machine, command: ``stepcache_bench.provenance``); a file recorded before
results carried it has an entry in ``bench_data/results/provenance_of_older_records.json`` saying
where each field comes from.
Issue 20, "Every number traces to a file"; ``tests/unit/test_benchmark_records.py`` runs the check.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "scripts", ROOT / "tooling", ROOT):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

#: The pages with generated blocks (docs/guarantees.md took the README's provider table and load-test line).
DOCS = ("README.md", "BENCHMARKS.md", "docs/guarantees.md")


def _newest(*paths: Path) -> Path:
    """The first recorded file that exists: a new run written with ``--out bench_data/results/paper``
    (or ``hard``) replaces the older one in every generated block."""
    return next((path for path in paths if (ROOT / path).exists()), paths[-1])


PAPER = _newest(Path("bench_data/results/paper/results.json"), Path("bench_data/results/paper/results.json.gz"),
                Path("bench_data/results/paper_reduced_5d4aec0/results.json"))
HARD = _newest(Path("bench_data/results/hard/results.json"), Path("bench_data/results/hard/results.json.gz"),
               Path("docs/bench/hard/results.json.gz"))
HARD_GROUPS = {"hard": "hard, seeds {seeds}", "hard_held_out": "hard, held-out seeds {seeds}",
               "hard_templates": "hard, held-out templates, {seeds}"}
HELDOUT_PHRASINGS = Path("bench_data/results/heldout_phrasings.json")
HELDOUT_LANGUAGES = Path("bench_data/results/heldout_languages.json")
HELDOUT_PHRASINGS_2 = Path("bench_data/results/heldout_phrasings_2.json")  # the fresh blind sets
HELDOUT_LANGUAGES_2 = Path("bench_data/results/heldout_languages_2.json")
HELDOUT_PHRASINGS_3 = Path("bench_data/results/heldout_phrasings_3.json")  # blind sets of 2026-12-03's last session
HELDOUT_LANGUAGES_3 = Path("bench_data/results/heldout_languages_3.json")
HELDOUT_PHRASINGS_4 = Path("bench_data/results/heldout_phrasings_4.json")  # blind sets of 2026-12-03's night session
HELDOUT_LANGUAGES_4 = Path("bench_data/results/heldout_languages_4.json")
HELDOUT_PHRASINGS_5 = Path("bench_data/results/heldout_phrasings_5.json")
HELDOUT_LANGUAGES_5 = Path("bench_data/results/heldout_languages_5.json")
HELDOUT_PHRASINGS_6 = Path("bench_data/results/heldout_phrasings_6.json")
HELDOUT_LANGUAGES_6 = Path("bench_data/results/heldout_languages_6.json")
HELDOUT_PHRASINGS_7 = Path("bench_data/results/heldout_phrasings_7.json")
HELDOUT_LANGUAGES_7 = Path("bench_data/results/heldout_languages_7.json")
HELDOUT_PHRASINGS_8 = Path("bench_data/results/heldout_phrasings_8.json")
HELDOUT_LANGUAGES_8 = Path("bench_data/results/heldout_languages_8.json")
HELDOUT_PHRASINGS_9 = Path("bench_data/results/heldout_phrasings_9.json")
HELDOUT_LANGUAGES_9 = Path("bench_data/results/heldout_languages_9.json")
HELDOUT_PHRASINGS_10 = Path("bench_data/results/heldout_phrasings_10.json")
HELDOUT_LANGUAGES_10 = Path("bench_data/results/heldout_languages_10.json")
HELDOUT_PHRASINGS_10_BRIEFED = Path("bench_data/results/heldout_phrasings_10_briefed.json")
HELDOUT_LANGUAGES_10_BRIEFED = Path("bench_data/results/heldout_languages_10_briefed.json")
HELDOUT_PHRASINGS_10_BEFORE = Path("bench_data/results/heldout_phrasings_10_before.json")
HELDOUT_LANGUAGES_10_BEFORE = Path("bench_data/results/heldout_languages_10_before.json")
HELDOUT_PHRASINGS_11 = Path("bench_data/results/heldout_phrasings_11.json")
HELDOUT_LANGUAGES_11 = Path("bench_data/results/heldout_languages_11.json")
HELDOUT_PHRASINGS_11_BEFORE = Path("bench_data/results/heldout_phrasings_11_before.json")
HELDOUT_LANGUAGES_11_BEFORE = Path("bench_data/results/heldout_languages_11_before.json")
HELDOUT_PHRASINGS_12 = Path("bench_data/results/heldout_phrasings_12.json")
HELDOUT_LANGUAGES_12 = Path("bench_data/results/heldout_languages_12.json")
HELDOUT_PHRASINGS_13 = Path("bench_data/results/heldout_phrasings_13.json")
HELDOUT_LANGUAGES_13 = Path("bench_data/results/heldout_languages_13.json")
HELDOUT_PHRASINGS_12_BEFORE = Path("bench_data/results/heldout_phrasings_12_before.json")
HELDOUT_LANGUAGES_12_BEFORE = Path("bench_data/results/heldout_languages_12_before.json")
HELDOUT_PHRASINGS_14 = Path("bench_data/results/heldout_phrasings_14.json")
HELDOUT_LANGUAGES_14 = Path("bench_data/results/heldout_languages_14.json")
HELDOUT_PHRASINGS_14_BEFORE = Path("bench_data/results/heldout_phrasings_14_before.json")
HELDOUT_LANGUAGES_14_BEFORE = Path("bench_data/results/heldout_languages_14_before.json")
HELDOUT_PHRASINGS_15 = Path("bench_data/results/heldout_phrasings_15.json")
HELDOUT_LANGUAGES_15 = Path("bench_data/results/heldout_languages_15.json")
HELDOUT_PHRASINGS_15_BEFORE = Path("bench_data/results/heldout_phrasings_15_before.json")
HELDOUT_LANGUAGES_15_BEFORE = Path("bench_data/results/heldout_languages_15_before.json")
HELDOUT_PHRASINGS_16 = Path("bench_data/results/heldout_phrasings_16.json")
HELDOUT_LANGUAGES_16 = Path("bench_data/results/heldout_languages_16.json")
HELDOUT_PHRASINGS_16_BEFORE = Path("bench_data/results/heldout_phrasings_16_before.json")
HELDOUT_LANGUAGES_16_BEFORE = Path("bench_data/results/heldout_languages_16_before.json")
HELDOUT_PHRASINGS_17_BEFORE = Path("bench_data/results/heldout_phrasings_17_before.json")
HELDOUT_LANGUAGES_17_BEFORE = Path("bench_data/results/heldout_languages_17_before.json")
HELDOUT_PHRASINGS_17 = Path("bench_data/results/heldout_phrasings_17.json")
HELDOUT_LANGUAGES_17 = Path("bench_data/results/heldout_languages_17.json")
HELDOUT_PHRASINGS_18_BEFORE = Path("bench_data/results/heldout_phrasings_18_before.json")
HELDOUT_LANGUAGES_18_BEFORE = Path("bench_data/results/heldout_languages_18_before.json")
HELDOUT_PHRASINGS_18 = Path("bench_data/results/heldout_phrasings_18.json")
HELDOUT_LANGUAGES_18 = Path("bench_data/results/heldout_languages_18.json")
HELDOUT_PHRASINGS_19_BEFORE = Path("bench_data/results/heldout_phrasings_19_before.json")
HELDOUT_LANGUAGES_19_BEFORE = Path("bench_data/results/heldout_languages_19_before.json")
HELDOUT_PHRASINGS_19 = Path("bench_data/results/heldout_phrasings_19.json")
HELDOUT_LANGUAGES_19 = Path("bench_data/results/heldout_languages_19.json")
HELDOUT_PHRASINGS_20_BEFORE = Path("bench_data/results/heldout_phrasings_20_before.json")
HELDOUT_LANGUAGES_20_BEFORE = Path("bench_data/results/heldout_languages_20_before.json")
HELDOUT_PHRASINGS_20 = Path("bench_data/results/heldout_phrasings_20.json")
HELDOUT_LANGUAGES_20 = Path("bench_data/results/heldout_languages_20.json")
HELDOUT_PHRASINGS_21_BEFORE = Path("bench_data/results/heldout_phrasings_21_before.json")
HELDOUT_LANGUAGES_21_BEFORE = Path("bench_data/results/heldout_languages_21_before.json")
HELDOUT_PHRASINGS_21 = Path("bench_data/results/heldout_phrasings_21.json")
HELDOUT_LANGUAGES_21 = Path("bench_data/results/heldout_languages_21.json")
HELDOUT_PHRASINGS_27_BEFORE = Path("bench_data/results/heldout_phrasings_27_before.json")
HELDOUT_PHRASINGS_27 = Path("bench_data/results/heldout_phrasings_27.json")
HELDOUT_LANGUAGES_27 = Path("bench_data/results/heldout_languages_27.json")
HELDOUT_LANGUAGES_27_BEFORE = Path("bench_data/results/heldout_languages_27_before.json")
HELDOUT_PHRASINGS_30 = Path("bench_data/results/heldout_phrasings_30.json")
HELDOUT_LANGUAGES_30 = Path("bench_data/results/heldout_languages_30.json")
HELDOUT_PHRASINGS_30_BEFORE = Path("bench_data/results/heldout_phrasings_30_before.json")
HELDOUT_LANGUAGES_30_BEFORE = Path("bench_data/results/heldout_languages_30_before.json")
HELDOUT_PHRASINGS_29 = Path("bench_data/results/heldout_phrasings_29.json")
HELDOUT_LANGUAGES_29 = Path("bench_data/results/heldout_languages_29.json")
HELDOUT_PHRASINGS_29_BEFORE = Path("bench_data/results/heldout_phrasings_29_before.json")
HELDOUT_LANGUAGES_29_BEFORE = Path("bench_data/results/heldout_languages_29_before.json")
HELDOUT_PHRASINGS_28 = Path("bench_data/results/heldout_phrasings_28.json")
HELDOUT_LANGUAGES_28 = Path("bench_data/results/heldout_languages_28.json")
HELDOUT_PHRASINGS_28_BEFORE = Path("bench_data/results/heldout_phrasings_28_before.json")
HELDOUT_LANGUAGES_28_BEFORE = Path("bench_data/results/heldout_languages_28_before.json")
HELDOUT_PHRASINGS_26_BEFORE = Path("bench_data/results/heldout_phrasings_26_before.json")
HELDOUT_LANGUAGES_26_BEFORE = Path("bench_data/results/heldout_languages_26_before.json")
HELDOUT_PHRASINGS_26 = Path("bench_data/results/heldout_phrasings_26.json")
HELDOUT_LANGUAGES_26 = Path("bench_data/results/heldout_languages_26.json")
HELDOUT_PHRASINGS_25_BEFORE = Path("bench_data/results/heldout_phrasings_25_before.json")
HELDOUT_LANGUAGES_25_BEFORE = Path("bench_data/results/heldout_languages_25_before.json")
HELDOUT_PHRASINGS_25 = Path("bench_data/results/heldout_phrasings_25.json")
HELDOUT_LANGUAGES_25 = Path("bench_data/results/heldout_languages_25.json")
HELDOUT_PHRASINGS_24_BEFORE = Path("bench_data/results/heldout_phrasings_24_before.json")
HELDOUT_LANGUAGES_24_BEFORE = Path("bench_data/results/heldout_languages_24_before.json")
HELDOUT_PHRASINGS_24 = Path("bench_data/results/heldout_phrasings_24.json")
HELDOUT_LANGUAGES_24 = Path("bench_data/results/heldout_languages_24.json")
HELDOUT_PHRASINGS_23_BEFORE = Path("bench_data/results/heldout_phrasings_23_before.json")
HELDOUT_LANGUAGES_23_BEFORE = Path("bench_data/results/heldout_languages_23_before.json")
HELDOUT_PHRASINGS_23 = Path("bench_data/results/heldout_phrasings_23.json")
HELDOUT_LANGUAGES_23 = Path("bench_data/results/heldout_languages_23.json")
HAND_CHECKS = Path("bench_data/heldout_hand_checks.json")
REQUEST_PARSE = Path("bench_data/results/request_parse.json")
LOAD = Path("bench_data/results/load_test_seeds_1_5.json")
FUZZ = Path("bench_data/results/fuzz_nightly")
SCALE_RERUN = (Path("docs/bench/scale-index-choice/memory-hnsw-100k-1m-quiet-final.json"),
               Path("docs/bench/scale-index-choice/sqlite-100k-postgres-10k.json"))
SCALE_CANDIDATES = Path("docs/bench/scale-index-choice/candidates-100k.jsonl")
SCALE_PREVIOUS = Path("docs/bench/scale.json")
DEMO_TIME = Path("bench_data/results/demo_time.json")
HIT_PATH = Path("bench_data/results/hit_path.json")
HIT_PATH_100K = Path("bench_data/results/hit_path_100k.json")
IMPORT_TIME = Path("bench_data/results/import_time.json")
REQUEST_READING = Path("bench_data/results/request_reading_size.json")
ADAPTER_WALK = Path("bench_data/results/adapter_walk.json")
PROVIDERS = Path("bench_data/results/providers.json")
#: provenance of files recorded before results carried their own (where each field comes from)
OLDER = Path("bench_data/results/provenance_of_older_records.json")

_LABELS = {"no_cache": "no cache", "exact": "exact match", "semantic": "semantic cache", "gptcache": "GPTCache",
           "stepcache": "**StepCache**"}


# -- reading the files ---------------------------------------------------------------------------


def load(path: Path) -> Any:
    raw = (ROOT / path).read_bytes()
    if path.suffix == ".gz":
        raw = gzip.decompress(raw)
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in raw.decode().splitlines() if line.strip()]
    return json.loads(raw)


def provenance(path: Path, data: Any = None) -> dict[str, Any]:
    """The file's own provenance, else the ``provenance.json`` beside it, else ``{}``."""
    if isinstance(data, dict):
        if isinstance(data.get("provenance"), dict):
            return data["provenance"]
        if "commit" in data and "machine" in data:
            return data
        if isinstance(data.get("meta"), dict) and data["meta"].get("provenance"):
            return data["meta"]["provenance"]
    older = json.loads((ROOT / OLDER).read_text()) if (ROOT / OLDER).exists() else {}
    return older.get(str(path), {})


def source(path: Path, data: Any = None, *, short: bool = False) -> str:
    """``path``: commit, date, machine, command - as recorded (``short``: commit, day and machine)."""
    prov = provenance(path, data)
    if not prov:
        return f"`{path}` (no provenance recorded)"
    machine = prov.get("machine") or {}
    cpu = machine.get("cpu", machine.get("cpu_model", "?")) if isinstance(machine, dict) else machine
    cores = f", {machine.get('cores')} cores" if isinstance(machine, dict) and machine.get("cores") else ""
    dirty = {True: ", dirty tree", False: "", None: ", clean or dirty not recorded"}[prov.get("dirty")]
    date = str(prov.get("date", "date not recorded"))
    if short:
        return f"`{path}` (commit {prov.get('commit') or 'not recorded'}, {date[:10]}, {cpu}{cores})"
    note = f"; {prov['note']}" if prov.get("note") else ""
    command = f", `{prov['command']}`" if prov.get("command") else ""
    return (f"`{path}` (commit {prov.get('commit') or 'not recorded'}{dirty}, {date}, "
            f"{cpu}{cores}{command}{note})")


def _summary(results: dict[str, Any]) -> dict[str, Any]:
    from stepcache_bench.bench.summary import summarize

    return summarize(results)


def _records(results: dict[str, Any], group: str, system: str, control: bool = False) -> list[dict[str, Any]]:
    out = []
    for data in results["seeds"].values():
        if (data.get("group") or "paper") != group and not (group == "hard" and data.get("group") is None):
            continue
        block = data.get("control") if control else data
        out += [r for r in (block or {}).get("records", []) if r["system"] == system]
    return out


# -- the headline ----------------------------------------------------------------------------------


def _no_call(records: list[dict[str, Any]]) -> int:
    return sum(r["model_calls"] == 0 and not r.get("error") for r in records)


def _verified_cell(records: list[dict[str, Any]], name: str) -> str:
    if name != "stepcache":
        return "-"
    if not any("verification" in r for r in records):
        return "not recorded (run before the levels)"
    claimed = [r for r in records if r.get("verification") == "proven"]
    right = sum(bool(r["integrity_ok"]) for r in claimed)
    return f"{right}/{len(claimed)}" if claimed else "none claimed"


def _headline_rows(label: str, results: dict[str, Any], group: str) -> list[str]:
    summary = _summary(results)["groups"][group]
    avg, control = summary["averaged"], summary.get("control", {}).get("averaged", {})
    base = avg["no_cache"]
    rows = []
    for i, name in enumerate(n for n in ("no_cache", "semantic", "gptcache", "stepcache") if n in avg):
        m, c = avg[name], control.get(name)
        records = _records(results, group, name)
        speed = "1.00x" if name == "no_cache" else f"{base['mean_s'] / m['mean_s']:.2f}x"
        tokens = "1.00x" if name == "no_cache" else f"{m['total_tokens'] / base['total_tokens']:.2f}x"
        correct = f"{m['correct_all_seeds']}/{m['requests_all_seeds']}"
        if name == "stepcache":
            correct = f"**{correct}**"
        wrong_model = f"{c['correct_all_seeds']}/{c['requests_all_seeds']}" if c else "-"
        rows.append(
            f"| {label if i == 0 else ''} | {_LABELS[name]} | {correct} | {m['model_calls_all_seeds']} | "
            f"{_no_call(records)} | {m['wrong_without_model_all_seeds']} | {wrong_model} | {speed} | {tokens} | "
            f"{_verified_cell(records, name)} |"
        )
    return rows


def headline() -> str:
    paper, hard = load(PAPER), load(HARD)
    seeds = {g: ", ".join(s["seeds"]) for g, s in _summary(paper)["groups"].items()}
    hard_groups = _summary(hard)["groups"]
    hard_rows = [row for group, label in HARD_GROUPS.items() if group in hard_groups
                 for row in _headline_rows(label.format(seeds=", ".join(hard_groups[group]["seeds"])), hard, group)]
    lines = [
        "| workload | system | correct | model calls | answers without a model call | wrong without a model call "
        "| correct with an always-wrong model | speed vs no cache (mean latency) | tokens vs no cache "
        "| verified=True right |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *_headline_rows(f"paper, seeds {seeds['paper']}", paper, "paper"),
        *(_headline_rows(f"paper, held-out seeds {seeds['held_out']}", paper, "held_out") if "held_out" in seeds
          else []),
        *hard_rows,
    ]
    lines += ["", hard_cost(hard), "",
              "Files: " + source(PAPER, paper, short=True) + "; " + source(HARD, hard, short=True)
              + "; commands and the rest of their provenance in BENCHMARKS.md."]
    return "\n".join(lines)


def hard_cost(hard: dict[str, Any] | None = None) -> str:
    """The sentence beside the headline win: what StepCache cost on the hard workload."""
    hard = hard or load(HARD)
    groups = _summary(hard)["groups"]
    group = next(g for g in HARD_GROUPS if g in groups)
    avg = groups[group]["averaged"]
    sc, nc = avg["stepcache"], avg["no_cache"]
    from stepcache_bench.bench.summary import answer_source

    records = _records(hard, group, "stepcache")
    served = [r for r in records if r["model_calls"] == 0 and not r.get("error")]
    sources = Counter(r["outcome"] for r in served)
    fallback_text = sum(answer_source(r) == "cached_fallback" for r in served)
    fallback_calls = [r["model_calls"] for r in records if answer_source(r) == "fallback"]
    benign = [r for r in records if r["task"] == "text" and r["kind"] == "benign"]
    where = "the hard workload" if group == "hard" else f"the {HARD_GROUPS[group].split(',')[0]} rows"
    speed, tokens = nc["mean_s"] / sc["mean_s"], sc["total_tokens"] / nc["total_tokens"]
    costlier = speed < 1 or tokens > 1
    calls, requests = sc["model_calls_all_seeds"], sc["requests_all_seeds"]
    return (
        (f"The win has a price on {where}: " if costlier else f"On {where}, ")
        + f"StepCache ran at **{speed:.2f}x** no cache's speed (mean {sc['mean_s']:.2f} s against "
        f"{nc['mean_s']:.2f} s per request) with **{abs(tokens - 1):.0%} {'more' if tokens > 1 else 'fewer'} "
        f"tokens** ({sc['total_tokens']:,.0f} against {nc['total_tokens']:,.0f} per seed) and {calls} model calls "
        f"for {requests} requests" + (" (repairs of answers that failed their checks)" if calls > requests else "")
        + f". {len(served)} of its answers needed no model call ("
        + ", ".join(f"{n} {o}" for o, n in sorted(sources.items()))
        + f"; {fallback_text} of them text the sympy fallback wrote earlier); its {len(fallback_calls)} fallback "
        f"answers came after {sum(fallback_calls)} model calls; "
        f"text/benign: {sum(r['model_calls'] for r in benign)} model calls, "
        f"{sum(bool(r['integrity_ok']) for r in benign)}/{len(benign)} right."
    )


# -- the report sections ----------------------------------------------------------------------------


def _report(path: Path, groups: tuple[str, ...]) -> str:
    from stepcache_bench.bench import report

    results = load(path)
    summary = _summary(results)
    groups = tuple(g for g in groups if g in summary["groups"])
    out = [f"Generated from {source(path, results)}.", ""]
    for group in groups:
        text = "\n".join(report._group_section(results, summary["groups"][group], {}))
        out.append(re.sub(r"^(#+) ", lambda m: "#" + m.group(1) + " ", text, flags=re.M).rstrip())
        out.append("")
    return "\n".join(out).rstrip()


def paper_report() -> str:
    return _report(PAPER, ("paper", "held_out"))


def hard_report() -> str:
    groups = _summary(load(HARD))["groups"]
    return _report(HARD, tuple(g for g in HARD_GROUPS if g in groups))


# -- the other recorded runs ------------------------------------------------------------------------


def _hand_checked(path: Path, record: dict[str, Any]) -> str:
    """The answers the judge counts wrong that a person checked and found right
    (``bench_data/heldout_hand_checks.json``), each with its exact served text; a check whose text
    is no longer the record's fails the tables (the changed answer must be judged again)."""
    checks = load(HAND_CHECKS)["checks"].get(path.stem, {})
    rows = {row["id"]: row for row in record["rows"]}
    notes = []
    for pair_id, check in checks.items():
        row = rows.get(pair_id)
        if row is None or row["text"] != check["served"] or not row["wrong_without_model_call"]:
            raise ValueError(f"{path.stem} {pair_id}: the hand check no longer matches the record; judge it again")
        notes.append(f"{pair_id} served {check['served']!r} ({check['why']})")
    if not notes:
        return ""
    left = sum(row["wrong_without_model_call"] for row in record["rows"]) - len(notes)
    return (f"\n\nCounted wrong by the judge, checked right by hand ({HAND_CHECKS}): " + "; ".join(notes)
            + f". Wrong answers after the checks: **{left}**.")


def heldout_phrasings(path: Path = HELDOUT_PHRASINGS) -> str:
    from heldout_phrasings import table

    record = load(path)
    return table(record) + _hand_checked(path, record) + "\n\n" + "Recorded: " + source(path, record) + "."


def heldout_languages(path: Path = HELDOUT_LANGUAGES) -> str:
    """A languages set (issue 33): per language and per task and kind."""
    from heldout_phrasings import table

    record = load(path)
    served: dict[str, list[int]] = {}
    for row in record["rows"]:
        counts = served.setdefault(row["language"], [0, 0, 0])
        counts[0] += 1
        counts[1] += row["served_without_model_call"]
        counts[2] += row["wrong_without_model_call"]
    lines = ["| language | pairs | served without a model call | wrong without a model call |", "|---|---|---|---|"]
    lines += [f"| {lang} | {n} | {s} ({s / n:.0%}) | {w} |" for lang, (n, s, w) in served.items()]
    return "\n".join(lines) + "\n\n" + table(record) + _hand_checked(path, record) + "\n\nRecorded: " + source(path, record) + "."


def request_parse() -> str:
    from bench_request_parse import table

    record = load(REQUEST_PARSE)
    new_form = record.get("grammar_new_form_p50_ms_all")
    load_avg = record.get("loadavg_before")
    return table(record) + f"\n\nMedian of the grammar p50s: {record['grammar_p50_ms_all']:.3f} ms (target 0.3 ms)" + \
        ("" if new_form is None else f"; of a sentence form read for the first time: {new_form:.3f} ms") + ". " + \
        ("" if load_avg is None else f"Load average {load_avg[0]:.2f} before, {record['loadavg_after'][0]:.2f} after. ") + \
        "Recorded: " + source(REQUEST_PARSE, record) + "."


def load_test() -> str:
    data = load(LOAD)
    rows = data["rows"]
    groups: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["store"], r["workload"], r["clients"]), []).append(r)
    lines = ["| store | traffic | clients | runs | requests | errors | entries lost | p50 ms (min-max) | p99 ms (max) |",
             "|---|---|---:|---:|---:|---:|---:|---|---:|"]
    for (store, workload, clients), rs in sorted(groups.items()):
        p50 = [r["p50_ms"] for r in rs]
        lines.append(f"| {store} | {workload} | {clients} | {len(rs)} | {sum(r['requests'] for r in rs):,} | "
                     f"{sum(r['errors'] for r in rs)} | {sum(r['entries_lost'] for r in rs)} | "
                     f"{min(p50):.2f}-{max(p50):.2f} | {max(r['p99_ms'] for r in rs):.2f} |")
    lines += ["", "Recorded: " + source(LOAD, data) + "."]
    return "\n".join(lines)


def load_test_line() -> str:
    data = load(LOAD)
    rows = data["rows"]
    clients = sorted({r["clients"] for r in rows})
    return (f"Load ({source(LOAD, data)}): {len(rows)} runs, {sum(r['requests'] for r in rows):,} requests, "
            f"{' and '.join(map(str, clients))} clients, {', '.join(sorted({r['workload'] for r in rows}))} traffic, "
            f"{', '.join(sorted({r['store'] for r in rows}))} store: {sum(r['errors'] for r in rows)} errors, "
            f"{sum(r['entries_lost'] for r in rows)} entries lost.")


def fuzz_nightly() -> str:
    lines = ["| seed | edits judged | violations | uncached bases | file |", "|---:|---:|---:|---:|---|"]
    for path in sorted((ROOT / FUZZ).glob("seed*.txt")):
        text = path.read_text()
        head = re.search(r"seed (\d+), driver \w+: (\d+) edits judged", text)
        tail = re.search(r"(OK|FAIL) \((\d+) violations, (\d+) uncached bases\)", text)
        if not head or not tail:
            raise ValueError(f"{path}: not a fuzz_prompts.py output")
        lines.append(f"| {head.group(1)} | {int(head.group(2)):,} | {tail.group(2)} | {tail.group(3)} | "
                     f"`{path.relative_to(ROOT)}` |")
    readme = (ROOT / FUZZ / "README.md").read_text().split("\n\n")[0].replace("\n", " ")
    return "\n".join(lines) + f"\n\nProvenance (`{FUZZ}/README.md`): {readme}"


def _table_lines(text: str) -> str:
    blocks, current = [], []
    for line in text.splitlines():
        if line.startswith("|"):
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
    if current:
        blocks.append("\n".join(current))
    return "\n\n".join(blocks)


def scale_rerun() -> str:
    from bench_scale import markdown

    rows, sources = [], []
    for path in SCALE_RERUN:
        data = load(path)
        rows += data["results"]
        sources.append(source(path, data) if provenance(path, data) else f"`{path}` (records only `code: "
                       f"{data.get('code', '?')}`: no date, machine or command)")
    meta = {"date": "", "machine": "", "command": "", "total_s": 0.0, "queries": 200}
    return _table_lines(markdown(rows, meta)) + "\n\nFiles: " + "; ".join(sources) + "."


def scale_candidates() -> str:
    from bench_scale import candidates_markdown

    rows = load(SCALE_CANDIDATES)
    return candidates_markdown(rows) + f"\n\nFile: `{SCALE_CANDIDATES}` (no provenance recorded in the rows)."


def scale_previous() -> str:
    from bench_scale import markdown

    data = load(SCALE_PREVIOUS)
    meta = data["meta"]
    return (_table_lines(markdown(data["results"], meta))
            + f"\n\nFile: `{SCALE_PREVIOUS}` ({meta['date']}, {meta['machine']}; no commit recorded).")


def demo_time() -> str:
    data = load(DEMO_TIME)
    return (f"`{data['what']}`: **{data['seconds'] / 60:.1f} min** ({data['seconds']} s: setup "
            f"{data['setup_seconds']} s, benchmark {data['bench_wall_clock_seconds']} s with no cache's model calls "
            f"at {data['no_cache_mean_s']} s mean), exit code {data['exit_code']}; on screen: {data['screen']}. "
            f"Recorded: {source(DEMO_TIME, data)}.")


# The hit-path record's paths (scripts/bench_reuse_path.py), their labels and issue 33's targets (wall p50 ms).
_HIT_PATHS = {
    "semantic_reuse": ("semantic: reuse (tier off)", None),
    "semantic_reinstantiate": ("semantic: re-instantiation (tier off)", None),
    "repeat": ("problem-key tier: exact repeat", 0.1),
    "problem_key": ("problem-key tier: problem key (rephrased)", 0.5),
    "problem_key_rewritten": ("problem-key tier: problem key (sides swapped)", 0.5),
    "reinstantiate": ("problem-key tier: re-instantiation (shape key)", 1.0),
}


def _hit_path_rows(data: dict[str, Any]) -> list[tuple[str, dict[str, Any], float | None]]:
    """(label, measured, target) per path of a record; a record before the tier has reuse/reinstantiate."""
    if "paths" in data:
        return [(_HIT_PATHS[k][0], m, _HIT_PATHS[k][1]) for k, m in data["paths"].items() if k in _HIT_PATHS]
    return [(kind, data[kind], None) for kind in ("reuse", "reinstantiate") if kind in data]


def _verdict(measured: dict[str, Any], target: float) -> str:
    """Whether a path's wall and CPU p50 meet its target."""
    wall, cpu = (("met" if measured[k]["p50"] <= target else "not met") for k in ("wall_ms", "cpu_ms"))
    return f"<= {target}: wall {wall}, CPU {cpu}"


def hit_path() -> str:
    rows = ["| entries | path | outcomes | wall p50 ms | target | wall p99 ms | CPU p50 ms | CPU p99 ms | stages (wall p50 ms) |",
            "|---|---|---|---|---|---|---|---|---|"]
    notes = []
    for path in (HIT_PATH, HIT_PATH_100K):
        if not (ROOT / path).exists():
            continue
        data = load(path)
        prov = data["provenance"]
        for label, m, target in _hit_path_rows(data):
            stages = ", ".join(f"{k} {v}" for k, v in m["stages_wall_ms_p50"].items() if v)
            outcomes = ", ".join(f"{k} {v}" for k, v in m["outcomes"].items())
            met = "-" if target is None else _verdict(m, target)
            rows.append(f"| {data['entries']:,} | {label} | {outcomes} | {m['wall_ms']['p50']} | {met} | "
                        f"{m['wall_ms']['p99']} | {m['cpu_ms']['p50']} | {m['cpu_ms']['p99']} | {stages} |")
        load_avg = f"load average {prov['loadavg_before'][0]:.2f} before, {prov['loadavg_after'][0]:.2f} after"
        notes.append(f"{data['entries']:,} entries: {data['requests']} requests per path, {load_avg}; "
                     f"recorded: {source(path, data)}.")
    what = load(HIT_PATH)["what"]
    return "\n".join(rows) + f"\n\n{what}.\n\n" + "\n\n".join(notes)


def request_reading() -> str:
    from request_reading_size import table

    data = load(REQUEST_READING)
    return table(data) + f"\n\nRecorded: {source(REQUEST_READING, data)}."


def import_time() -> str:
    data = load(IMPORT_TIME)
    rows = ["| import | median s (5 fresh processes) |", "|---|---|"]
    for name, result in data["results"].items():
        shown = f"`{result['statement']}`" if "\n" not in result["statement"] else f"{name} (statement in the record)"
        rows.append(f"| {shown} | {result['median_import_s']} |")
    load_avg = f"load average {data['loadavg_before'][0]:.2f} before, {data['loadavg_after'][0]:.2f} after"
    return "\n".join(rows) + f"\n\n{data['what']}; {load_avg}. Recorded: {source(IMPORT_TIME, data)}."


def adapter_walk() -> str:
    from adapter_walk import table

    data = load(ADAPTER_WALK)
    return table(data) + f"\n\n{data['what']}. Recorded: {source(ADAPTER_WALK, data)}."


# -- the provider table ----------------------------------------------------------------------------
_ENTRY_POINTS = {"set_llm_cache": "global cache", "with_step_cache": "with_step_cache", "StepCacheLLM": "StepCacheLLM"}


def _cell(row: dict[str, Any]) -> str:
    if row.get("error"):
        return f"error: {row['error']}"
    served = ("exact repeat served" if row["exact_repeat_served"] else "exact repeat not served")
    changed = "; changed constant re-instantiated" if row["changed_constant_reinstantiated"] else (
        "; changed constant answered by the model (its answer may not fit the length limit)"
        if row["tier"] == "step" else "")
    return f"**{row['tier']}**: {served}{changed}"


def _reasons(rows: list[dict[str, Any]]) -> str:
    found = sorted({reason for row in rows for reason in row["reasons"]})
    return "; ".join(found).replace("|", "\\|") or "-"


def _provider_rows() -> dict[str, list[dict[str, Any]]]:
    rows: dict[str, list[dict[str, Any]]] = {}
    for row in load(PROVIDERS)["rows"]:
        rows.setdefault(row["label"], []).append(row)
    return rows


def provider_table() -> str:
    """BENCHMARKS.md: every provider class through every entry point (tier, what was served, why)."""
    data = load(PROVIDERS)
    out = ["| class | package | global cache (`set_llm_cache`) | wrapper (`with_step_cache` / `StepCacheLLM`) | "
           "why not the step tier |", "|---|---|---|---|---|"]
    for label, rows in _provider_rows().items():
        by = {row["entry_point"]: row for row in rows}
        wrapper = by.get("with_step_cache") or by.get("StepCacheLLM")
        glob = _cell(by["set_llm_cache"]) if "set_llm_cache" in by else "(LlamaIndex: no global cache)"
        out.append(f"| {label} | {rows[0]['package']} {rows[0]['version']} | {glob} | "
                   f"{_cell(wrapper) if wrapper else '-'} | {_reasons(rows)} |")
    return "\n".join(out) + f"\n\nRecorded: {source(PROVIDERS, data)}."


def provider_tiers() -> str:
    """docs/guarantees.md: which tier each model class gets on each entry point."""
    groups: dict[tuple[str, str], list[str]] = {}
    for label, rows in _provider_rows().items():
        for row in rows:
            step = row["tier"] == "step" and row["changed_constant_reinstantiated"]
            tier = "step (verified reuse)" if step else row["tier"]
            groups.setdefault((_ENTRY_POINTS[row["entry_point"]], tier), []).append(label)
    lines = ["| entry point | tier | model classes (measured, fake transport) |", "|---|---|---|"]
    for (entry_point, tier), labels in groups.items():
        lines.append(f"| {entry_point} | {tier} | {', '.join(labels)} |")
    return "\n".join(lines) + f"\n\nGenerated from {source(PROVIDERS, load(PROVIDERS), short=True)}; reasons per class in BENCHMARKS.md."


#: How the README's box names each task; a task missing here fails the check (the box must name it).
_TASK_WORDS = {"linear_equation": "linear equations", "arithmetic": "arithmetic", "json": "JSON objects",
               "text": "free text"}


def _classes(rows: list[dict[str, Any]]) -> str:
    """Class labels, a configured variant (``ChatOpenAI(max_tokens=64)``) folded into its class."""
    labels = [row["label"] for row in rows]
    return ", ".join(label for label in labels if label.split("(")[0] not in labels or "(" not in label
                     or label.startswith("custom"))


def cache_box() -> str:
    """README.md's first screen, at most ten lines: what gets cached for each model and task, and what
    ``verified`` means; from the measured provider table and the default task registry."""
    from stepcache_integrations.core.tasks import TaskRegistry

    rows = load(PROVIDERS)["rows"]
    at = {name: [row for row in rows if row["entry_point"] == name] for name in _ENTRY_POINTS}
    step = {name: [row for row in found if row["tier"] == "step"] for name, found in at.items()}
    glob = at["set_llm_cache"]
    short_limit = sorted({row["label"] for row in rows if row["tier"] == "step" and not row["changed_constant_reinstantiated"]})
    wrapped = [row for name in ("with_step_cache", "StepCacheLLM") for row in at[name]]
    assert all(row["tier"] != "none" for row in wrapped), "a wrapper left a model without a tier"
    every = f"every class measured ({len(at['with_step_cache'])})" if len(step["with_step_cache"]) == len(at["with_step_cache"]) else _classes(
        step["with_step_cache"])
    handlers = TaskRegistry().handlers
    reused = [f"{_TASK_WORDS[h.name]} (`{h.name}`)" for h in handlers if not h.catch_all]
    identical = [f"{_TASK_WORDS[h.name]} (`{h.name}`)" for h in handlers if h.catch_all]
    lines = [
        "> **What gets cached for my model** (measured per provider class, "
        "[docs/guarantees.md](docs/guarantees.md#tiers-what-the-cache-can-read)):",
        "> - **exact tier, every model** through `with_step_cache` (LangChain) and `StepCacheLLM` (LlamaIndex): "
        "the model's own answer, replayed for exactly the same model and request, `unchecked`;",
        "> - **step tier** (cached steps verified for the new prompt and reused, changed numbers and stated values "
        "re-instantiated without a model call) for a request whose every message part, option and model field "
        f"the engine reads: `with_step_cache`: {every}; global cache (`set_llm_cache`): "
        f"{_classes(step['set_llm_cache'])}; `StepCacheLLM`: {_classes(step['StepCacheLLM'])}; "
        f"a changed request whose cached answer is longer than its `max_tokens` allows goes to the model "
        f"(measured: {', '.join(short_limit)});",
        "> - global cache, no step tier: "
        + "; ".join(f"**{tier}** for {', '.join(row['label'] for row in glob if row['tier'] == tier)}"
                    for tier in ("exact", "none") if any(row["tier"] == tier for row in glob))
        + " (LangChain's `llm_string` does not hold that model's fields or name: wrap them with `with_step_cache`);",
        f"> - verified reuse for a changed prompt: {', '.join(reused)}; {', '.join(identical)}: only the "
        "identical prompt;",
        "> - `verified=True` means a checker proved every part of the answer for this prompt; otherwise "
        "`verification` is `checked` (passed checks that do not determine all of it) or `unchecked`.",
        f">\n> Measured: {source(PROVIDERS, load(PROVIDERS), short=True)}.",
    ]
    return "\n".join(lines)


BLOCKS: dict[str, Callable[[], str]] = {
    "cache-box": cache_box,
    "headline": headline,
    "hard-cost": hard_cost,
    "paper-report": paper_report,
    "hard-report": hard_report,
    "heldout-phrasings": heldout_phrasings,
    "heldout-languages": heldout_languages,
    "heldout-phrasings-2": lambda: heldout_phrasings(HELDOUT_PHRASINGS_2),
    "heldout-languages-2": lambda: heldout_languages(HELDOUT_LANGUAGES_2),
    "heldout-phrasings-3": lambda: heldout_phrasings(HELDOUT_PHRASINGS_3),
    "heldout-languages-3": lambda: heldout_languages(HELDOUT_LANGUAGES_3),
    "heldout-phrasings-4": lambda: heldout_phrasings(HELDOUT_PHRASINGS_4),
    "heldout-languages-4": lambda: heldout_languages(HELDOUT_LANGUAGES_4),
    "heldout-phrasings-5": lambda: heldout_phrasings(HELDOUT_PHRASINGS_5),
    "heldout-languages-5": lambda: heldout_languages(HELDOUT_LANGUAGES_5),
    "heldout-phrasings-6": lambda: heldout_phrasings(HELDOUT_PHRASINGS_6),
    "heldout-languages-6": lambda: heldout_languages(HELDOUT_LANGUAGES_6),
    "heldout-phrasings-7": lambda: heldout_phrasings(HELDOUT_PHRASINGS_7),
    "heldout-languages-7": lambda: heldout_languages(HELDOUT_LANGUAGES_7),
    "heldout-phrasings-8": lambda: heldout_phrasings(HELDOUT_PHRASINGS_8),
    "heldout-languages-8": lambda: heldout_languages(HELDOUT_LANGUAGES_8),
    "heldout-phrasings-9": lambda: heldout_phrasings(HELDOUT_PHRASINGS_9),
    "heldout-languages-9": lambda: heldout_languages(HELDOUT_LANGUAGES_9),
    "heldout-phrasings-10": lambda: heldout_phrasings(HELDOUT_PHRASINGS_10),
    "heldout-languages-10": lambda: heldout_languages(HELDOUT_LANGUAGES_10),
    "heldout-phrasings-10-briefed": lambda: heldout_phrasings(HELDOUT_PHRASINGS_10_BRIEFED),
    "heldout-languages-10-briefed": lambda: heldout_languages(HELDOUT_LANGUAGES_10_BRIEFED),
    "heldout-phrasings-10-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_10_BEFORE),
    "heldout-languages-10-before": lambda: heldout_languages(HELDOUT_LANGUAGES_10_BEFORE),
    "heldout-phrasings-11": lambda: heldout_phrasings(HELDOUT_PHRASINGS_11),
    "heldout-languages-11": lambda: heldout_languages(HELDOUT_LANGUAGES_11),
    "heldout-phrasings-11-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_11_BEFORE),
    "heldout-languages-11-before": lambda: heldout_languages(HELDOUT_LANGUAGES_11_BEFORE),
    "heldout-phrasings-12": lambda: heldout_phrasings(HELDOUT_PHRASINGS_12),
    "heldout-languages-12": lambda: heldout_languages(HELDOUT_LANGUAGES_12),
    "heldout-phrasings-13": lambda: heldout_phrasings(HELDOUT_PHRASINGS_13),
    "heldout-languages-13": lambda: heldout_languages(HELDOUT_LANGUAGES_13),
    "heldout-phrasings-12-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_12_BEFORE),
    "heldout-languages-12-before": lambda: heldout_languages(HELDOUT_LANGUAGES_12_BEFORE),
    "heldout-phrasings-14": lambda: heldout_phrasings(HELDOUT_PHRASINGS_14),
    "heldout-languages-14": lambda: heldout_languages(HELDOUT_LANGUAGES_14),
    "heldout-phrasings-14-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_14_BEFORE),
    "heldout-languages-14-before": lambda: heldout_languages(HELDOUT_LANGUAGES_14_BEFORE),
    "heldout-phrasings-15": lambda: heldout_phrasings(HELDOUT_PHRASINGS_15),
    "heldout-languages-15": lambda: heldout_languages(HELDOUT_LANGUAGES_15),
    "heldout-phrasings-15-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_15_BEFORE),
    "heldout-languages-15-before": lambda: heldout_languages(HELDOUT_LANGUAGES_15_BEFORE),
    "heldout-phrasings-16": lambda: heldout_phrasings(HELDOUT_PHRASINGS_16),
    "heldout-languages-16": lambda: heldout_languages(HELDOUT_LANGUAGES_16),
    "heldout-phrasings-16-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_16_BEFORE),
    "heldout-languages-16-before": lambda: heldout_languages(HELDOUT_LANGUAGES_16_BEFORE),
    "heldout-phrasings-17-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_17_BEFORE),
    "heldout-languages-17-before": lambda: heldout_languages(HELDOUT_LANGUAGES_17_BEFORE),
    "heldout-phrasings-17": lambda: heldout_phrasings(HELDOUT_PHRASINGS_17),
    "heldout-languages-17": lambda: heldout_languages(HELDOUT_LANGUAGES_17),
    "heldout-phrasings-18-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_18_BEFORE),
    "heldout-languages-18-before": lambda: heldout_languages(HELDOUT_LANGUAGES_18_BEFORE),
    "heldout-phrasings-18": lambda: heldout_phrasings(HELDOUT_PHRASINGS_18),
    "heldout-languages-18": lambda: heldout_languages(HELDOUT_LANGUAGES_18),
    "heldout-phrasings-19-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_19_BEFORE),
    "heldout-languages-19-before": lambda: heldout_languages(HELDOUT_LANGUAGES_19_BEFORE),
    "heldout-phrasings-19": lambda: heldout_phrasings(HELDOUT_PHRASINGS_19),
    "heldout-languages-19": lambda: heldout_languages(HELDOUT_LANGUAGES_19),
    "heldout-phrasings-20-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_20_BEFORE),
    "heldout-languages-20-before": lambda: heldout_languages(HELDOUT_LANGUAGES_20_BEFORE),
    "heldout-phrasings-20": lambda: heldout_phrasings(HELDOUT_PHRASINGS_20),
    "heldout-languages-20": lambda: heldout_languages(HELDOUT_LANGUAGES_20),
    "heldout-phrasings-27": lambda: heldout_phrasings(HELDOUT_PHRASINGS_27),
    "heldout-languages-27": lambda: heldout_languages(HELDOUT_LANGUAGES_27),
    "heldout-phrasings-27-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_27_BEFORE),
    "heldout-languages-27-before": lambda: heldout_languages(HELDOUT_LANGUAGES_27_BEFORE),
    "heldout-phrasings-30": lambda: heldout_phrasings(HELDOUT_PHRASINGS_30),
    "heldout-languages-30": lambda: heldout_languages(HELDOUT_LANGUAGES_30),
    "heldout-phrasings-30-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_30_BEFORE),
    "heldout-languages-30-before": lambda: heldout_languages(HELDOUT_LANGUAGES_30_BEFORE),
    "heldout-phrasings-29": lambda: heldout_phrasings(HELDOUT_PHRASINGS_29),
    "heldout-languages-29": lambda: heldout_languages(HELDOUT_LANGUAGES_29),
    "heldout-phrasings-29-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_29_BEFORE),
    "heldout-languages-29-before": lambda: heldout_languages(HELDOUT_LANGUAGES_29_BEFORE),
    "heldout-phrasings-28": lambda: heldout_phrasings(HELDOUT_PHRASINGS_28),
    "heldout-languages-28": lambda: heldout_languages(HELDOUT_LANGUAGES_28),
    "heldout-phrasings-28-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_28_BEFORE),
    "heldout-languages-28-before": lambda: heldout_languages(HELDOUT_LANGUAGES_28_BEFORE),
    "heldout-phrasings-26": lambda: heldout_phrasings(HELDOUT_PHRASINGS_26),
    "heldout-languages-26": lambda: heldout_languages(HELDOUT_LANGUAGES_26),
    "heldout-phrasings-26-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_26_BEFORE),
    "heldout-languages-26-before": lambda: heldout_languages(HELDOUT_LANGUAGES_26_BEFORE),
    "heldout-phrasings-25": lambda: heldout_phrasings(HELDOUT_PHRASINGS_25),
    "heldout-languages-25": lambda: heldout_languages(HELDOUT_LANGUAGES_25),
    "heldout-phrasings-25-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_25_BEFORE),
    "heldout-languages-25-before": lambda: heldout_languages(HELDOUT_LANGUAGES_25_BEFORE),
    "heldout-phrasings-24": lambda: heldout_phrasings(HELDOUT_PHRASINGS_24),
    "heldout-languages-24": lambda: heldout_languages(HELDOUT_LANGUAGES_24),
    "heldout-phrasings-24-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_24_BEFORE),
    "heldout-languages-24-before": lambda: heldout_languages(HELDOUT_LANGUAGES_24_BEFORE),
    "heldout-phrasings-23": lambda: heldout_phrasings(HELDOUT_PHRASINGS_23),
    "heldout-languages-23": lambda: heldout_languages(HELDOUT_LANGUAGES_23),
    "heldout-phrasings-23-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_23_BEFORE),
    "heldout-languages-23-before": lambda: heldout_languages(HELDOUT_LANGUAGES_23_BEFORE),
    "heldout-phrasings-21-before": lambda: heldout_phrasings(HELDOUT_PHRASINGS_21_BEFORE),
    "heldout-languages-21-before": lambda: heldout_languages(HELDOUT_LANGUAGES_21_BEFORE),
    "heldout-phrasings-21": lambda: heldout_phrasings(HELDOUT_PHRASINGS_21),
    "heldout-languages-21": lambda: heldout_languages(HELDOUT_LANGUAGES_21),
    "request-parse": request_parse,
    "load-test": load_test,
    "load-test-line": load_test_line,
    "fuzz-nightly": fuzz_nightly,
    "scale-rerun": scale_rerun,
    "scale-candidates": scale_candidates,
    "scale-previous": scale_previous,
    "demo-time": demo_time,
    "hit-path": hit_path,
    "import-time": import_time,
    "request-reading": request_reading,
    "adapter-walk": adapter_walk,
    "provider-table": provider_table,
    "provider-tiers": provider_tiers,
}

_BLOCK = re.compile(r"(<!-- ([\w-]+):begin -->\n)(.*?)(<!-- \2:end -->)", re.S)


def regenerate(text: str, cache: dict[str, str]) -> tuple[str, list[str]]:
    """``text`` with every generated block rewritten; and the names of the blocks that changed."""
    changed: list[str] = []

    def one(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in BLOCKS:
            raise KeyError(f"unknown generated block {name!r} (known: {', '.join(BLOCKS)})")
        if name not in cache:
            cache[name] = BLOCKS[name]().rstrip() + "\n"
        if match.group(3) != cache[name]:
            changed.append(name)
        return match.group(1) + cache[name] + match.group(4)

    return _BLOCK.sub(one, text), changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a generated block differs from its files")
    args = parser.parse_args(argv)
    cache: dict[str, str] = {}
    stale = []
    for doc in DOCS:
        path = ROOT / doc
        text = path.read_text(encoding="utf-8")
        new, changed = regenerate(text, cache)
        stale += [f"{doc}: {name}" for name in changed]
        if not args.check and new != text:
            path.write_text(new, encoding="utf-8")
    if args.check:
        for line in stale:
            print(f"differs from its recorded files: {line}")
        print("OK: every generated block matches its files" if not stale else
              "run: .venv/bin/python scripts/benchmark_tables.py")
        return 1 if stale else 0
    print("rewrote: " + (", ".join(stale) or "nothing (all blocks up to date)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
