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
    assert block.group(1).strip() == _script("heldout_phrasings").table(record).strip()


def test_the_heldout_judge_can_fail() -> None:
    judge = _script("heldout_phrasings").judge
    assert judge({"type": "values", "values": {"x": "5"}}, "Step 1: ...\nAnswer: x = 5")
    assert not judge({"type": "values", "values": {"x": "5"}}, "Answer: x = 6")
    assert not judge({"type": "values", "values": {"x^2": "25"}}, "Answer: x = 5")
    assert judge({"type": "json", "object": {"a": 1}}, '{"a": 1}')
    assert not judge({"type": "json", "object": {"a": 1}}, '{"a": 1.0}')
    assert not judge({"type": "any-different"}, "anything")


def test_load_test_record_has_no_error_and_no_lost_entry() -> None:
    record = json.loads((ROOT / "bench_data/results/load_test_seeds_1_5.json").read_text(encoding="utf-8"))
    assert record["commit"] and record["machine"]["cores"]
    assert sorted({row["seed"] for row in record["rows"]}) == [1, 2, 3, 4, 5]
    assert all(row["errors"] == 0 and row["entries_lost"] == 0 for row in record["rows"])
    assert "0 errors" in (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
