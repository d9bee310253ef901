"""BENCHMARKS.md tables that are generated from recorded files must agree with those files."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_heldout_phrasing_table_is_generated_from_its_record() -> None:
    record = json.loads((ROOT / "bench_data/results/heldout_phrasings.json").read_text(encoding="utf-8"))
    assert record["commit"] and record["date"] and record["machine"]["cores"] and record["command"]
    pairs = json.loads((ROOT / "bench_data/heldout_phrasings.json").read_text(encoding="utf-8"))
    assert [row["id"] for row in record["rows"]] == [pair["id"] for pair in pairs]
    text = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- heldout-phrasings:begin -->\n(.*?)\n<!-- heldout-phrasings:end -->", text, re.S)
    assert block is not None
    table = _script("heldout_phrasings").table(record).strip()
    assert block.group(1).strip().startswith(table + "\n\nRecorded: `bench_data/results/heldout_phrasings.json` (commit ")


def test_the_heldout_judge_can_fail() -> None:
    judge = _script("heldout_phrasings").judge
    assert judge({"type": "values", "values": {"x": "5"}}, "Step 1: ...\nAnswer: x = 5")
    assert not judge({"type": "values", "values": {"x": "5"}}, "Answer: x = 6")
    assert not judge({"type": "values", "values": {"x^2": "25"}}, "Answer: x = 5")
    assert judge({"type": "json", "object": {"a": 1}}, '{"a": 1}')
    assert not judge({"type": "json", "object": {"a": 1}}, '{"a": 1.0}')
    assert not judge({"type": "any-different"}, "anything")
    assert judge({"type": "number", "value": "6"}, "6")  # the bare-number form
    assert judge({"type": "number", "value": "7/2"}, "3.5.")
    assert not judge({"type": "number", "value": "6"}, "7")
    assert not judge({"type": "number", "value": "6"}, "Step 1: 9z = 54\n6")  # the number alone only as the whole answer
    assert not judge({"type": "number", "value": "6"}, "z = 6")
    assert not judge({"type": "values", "values": {"z": "6"}}, "6")  # a values oracle reads no bare number
    assert judge({"type": "yes-no", "answer": "no"}, "No.")
    assert not judge({"type": "yes-no", "answer": "no"}, "Yes.")
    assert not judge({"type": "yes-no", "answer": "no"}, "No, because 3*5 + 5 = 20.")


def test_load_test_record_has_no_error_and_no_lost_entry() -> None:
    record = json.loads((ROOT / "bench_data/results/load_test_seeds_1_5.json").read_text(encoding="utf-8"))
    assert record["commit"] and record["machine"]["cores"]
    assert sorted({row["seed"] for row in record["rows"]}) == [1, 2, 3, 4, 5]
    assert all(row["errors"] == 0 and row["entries_lost"] == 0 for row in record["rows"])
    block = re.search(r"<!-- load-test:begin -->\n(.*?)<!-- load-test:end -->",
                      (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8"), re.S)
    assert block is not None and "| memory | mixed | 8 | 5 | 10,000 | 0 | 0 |" in block.group(1)
    assert "0 errors, 0 entries lost" in (ROOT / "docs/guarantees.md").read_text(encoding="utf-8")  # moved from README.md


# -- every generated block of BENCHMARKS.md and README.md agrees with its recorded files (issue 20) --


def test_benchmark_tables_agree_with_their_recorded_files() -> None:
    tables = _script("benchmark_tables")
    assert tables.main(["--check"]) == 0, "run: .venv/bin/python scripts/benchmark_tables.py"


def test_the_headline_blocks_exist_and_say_what_the_hard_run_cost() -> None:
    for doc in ("README.md", "BENCHMARKS.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        assert "<!-- headline:begin -->" in text and "<!-- headline:end -->" in text, doc
    tables = _script("benchmark_tables")
    cost = tables.hard_cost()
    avg = tables._summary(tables.load(tables.HARD))["groups"]["hard"]["averaged"]
    sc, nc = avg["stepcache"], avg["no_cache"]
    more = sc["total_tokens"] > nc["total_tokens"]  # the word follows the record, either way
    assert f"**{nc['mean_s'] / sc['mean_s']:.2f}x** no cache's speed" in cost
    assert ("more tokens" if more else "fewer tokens") in cost and ("fewer tokens" if more else "more tokens") not in cost
    if str(tables.HARD) != "docs/bench/hard/results.json.gz":
        return  # a newer hard run is recorded: its own numbers
    assert "**0.62x** no cache's speed" in cost and "**70% more tokens**" in cost
    assert "9 of its answers needed no model call" in cost  # not 12: the 3 fallback answers called the model
    assert "text/benign: 5 model calls" in cost


def test_a_changed_number_is_caught() -> None:
    tables = _script("benchmark_tables")
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("<!-- headline:begin -->") : text.index("<!-- headline:end -->")]
    row = next(line for line in block.splitlines() if "**StepCache**" in line)  # whichever run is recorded
    tampered = text.replace(row, row.replace("| 0 |", "| 7 |", 1) if "| 0 |" in row else row + " 7", 1)
    assert tampered != text
    _, changed = tables.regenerate(tampered, {})
    assert changed == ["headline"]
    _, unchanged = tables.regenerate(text, {})
    assert unchanged == []


def test_every_file_behind_a_generated_block_names_commit_and_machine() -> None:
    tables = _script("benchmark_tables")
    for path in (tables.PAPER, tables.HARD, tables.HELDOUT_PHRASINGS, tables.LOAD, tables.DEMO_TIME):
        prov = tables.provenance(path, tables.load(path))
        assert prov.get("commit") and prov.get("machine") and prov.get("date") and prov.get("command"), path
