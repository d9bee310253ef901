"""Held-out hard seeds and templates (issue 20, "Held out means held out")."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import pytest

from stepcache_bench.bench.cli_commands import register
from stepcache_bench.bench.hard import HARD_CLASSES, generate_hard_workload
from stepcache_bench.bench.heldout import TEMPLATES_PATH, generate_heldout_workload, load_templates, render
from stepcache_bench.bench.oracle import check_oracle
from stepcache_bench.bench.runner import BenchConfig, plan_run

#: the file as written before the first run; it is never edited (add a new file instead)
TEMPLATES_SHA256 = "9c63c5765131fb24d5c559aa284f7723c0836df4a1050c9175453a3d5afb08aa"


def test_the_held_out_templates_are_unchanged() -> None:
    assert hashlib.sha256(TEMPLATES_PATH.read_bytes()).hexdigest() == TEMPLATES_SHA256


def test_every_class_of_the_hard_workload_has_held_out_phrasings() -> None:
    covered = {(item["task"], item["class"]) for item in load_templates()}
    assert covered == {(task, cls) for task, classes in HARD_CLASSES.items() for cls, _ in classes}


@pytest.mark.parametrize("seed", [48, 49, 50, 51])
def test_every_reference_passes_its_oracle_and_no_prompt_is_a_hard_prompt(seed: int) -> None:
    workload = generate_heldout_workload(seed)
    requests = workload.bases + workload.requests
    assert len(workload.requests) >= 35
    for request in requests:
        assert check_oracle(request.spec["reference"], request.spec["oracle"]) == [], request.id
        assert "{" not in request.prompt or request.task == "json" and "JSON" in request.prompt, request.prompt
    hard = generate_hard_workload(seed, n_base=2, k=5)
    assert not {r.prompt for r in requests} & {r.prompt for r in hard.bases + hard.requests}


def test_a_wrong_answer_fails_the_template_oracle() -> None:
    workload = generate_heldout_workload(48, shuffle=False)
    request = next(r for r in workload.requests if r.kind == "question")
    assert check_oracle("Answer: 999", request.spec["oracle"])


def test_render_evaluates_exact_expressions() -> None:
    slots = {"a": 7, "b": 3, "p1": 4500, "speed": 90}
    assert render("{a}x + {b} = {a*4+b}, {p1:,}, {speed*1000/60}", slots) == "7x + 3 = 31, 4,500, 1500"


def test_full_hard_plan_has_held_out_seeds_and_templates_in_their_own_groups() -> None:
    config = BenchConfig.for_mode("full", hard=True)
    groups = {(p.group, p.seed) for p in plan_run(config)}
    assert groups == {("hard", 45), ("hard", 46), ("hard", 47), ("hard_held_out", 48), ("hard_held_out", 49),
                      ("hard_templates", 48), ("hard_templates", 49)}


def test_the_cli_runs_held_out_rows_with_a_fake_model(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["bench", "--tiny", "--hard", "--held-out-seeds", "48", "--held-out-templates", "48",
                              "--fake-model", "reference", "--systems", "no_cache,stepcache", "--no-plots",
                              "--no-progress", "--out", str(tmp_path)])
    assert args.func(args) == 0
    results = json.loads((tmp_path / "results.json").read_text())
    assert {d["group"] for d in results["seeds"].values()} == {"hard", "hard_held_out", "hard_templates"}
    assert results["provenance"]["commit"]
    report = (tmp_path / "report.md").read_text()
    assert "## Hard workload, held-out seeds 48" in report
    assert "## Hard workload, held-out templates" in report
    summary = results["summary"]["groups"]
    for group in ("hard", "hard_held_out", "hard_templates"):
        assert summary[group]["averaged"]["no_cache"]["correct_all_seeds"] == \
            summary[group]["averaged"]["no_cache"]["requests_all_seeds"]  # the reference model is right


@pytest.mark.parametrize("seed", ["48", "49"])
def test_the_held_out_templates_served_without_a_model_call_are_right(tmp_path: Path, seed: str) -> None:
    """Issue 33's target: at least 10 of the 40 held-out template requests answered without a model
    call, right, where the model is never right (what is served is what the checkers and the
    fallback proved); every answer marked verified is right."""
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["bench", "--full", "--hard", "--seeds", "", "--held-out-seeds", "", "--held-out-templates",
                              seed, "-k", "1", "--fake-model", "wrong", "--systems", "stepcache", "--no-plots",
                              "--no-progress", "--out", str(tmp_path)])
    assert args.func(args) == 0
    records = [r for r in json.loads((tmp_path / "results.json").read_text())["seeds"][f"templates-{seed}"]["records"]
               if r["system"] == "stepcache"]
    assert len(records) >= 39  # a variant equal to an earlier prompt is left out (seed 49: one)
    served_right = [r["request_id"] for r in records if r["model_calls"] == 0 and r["task_ok"]]
    assert len(served_right) >= 10, served_right
    assert [r["request_id"] for r in records if r["verified"] and not r["task_ok"]] == []
