"""Report, results.json and plots are written from a run with a scripted fake model (no server)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations.bench.cli_commands import register
from stepcache_integrations.bench.fake_model import FakeModel
from stepcache_integrations.bench.report import OUTCOMES, summarize, write_outputs
from stepcache_integrations.bench.runner import BenchConfig, CountingLLM, run_benchmark


@pytest.fixture(scope="module")
def tiny_results() -> dict:
    config = BenchConfig.for_mode(
        "tiny",
        seeds=[42, 43],
        systems=["no_cache", "exact", "semantic", "stepcache"],
        model="fake",
        base_url="fake://",
    )
    return run_benchmark(config, FakeModel(), progress=False)


def test_records_cover_every_system_and_request(tiny_results: dict) -> None:
    for seed in ("42", "43"):
        data = tiny_results["seeds"][seed]
        n_requests = len(data["workload"]["requests"])
        assert n_requests == 8
        assert len(data["records"]) == n_requests * len(data["systems"])
        for record in data["records"]:
            assert record["outcome"] in OUTCOMES
            assert record["latency_s"] >= 0
            assert record["error"] is None


def test_interleaving_rotates_system_order(tiny_results: dict) -> None:
    records = tiny_results["seeds"]["42"]["records"]
    first_system = {r["request_id"]: r["system"] for r in records if r["position"] == 0}
    assert len(set(first_system.values())) > 1


def test_baselines_behave_as_their_semantics(tiny_results: dict) -> None:
    summary = summarize(tiny_results)
    avg = summary["averaged"]
    # every perturbed prompt is new: exact match never hits, no cache always calls
    assert avg["exact"]["outcomes"]["reuse"] == 0
    assert avg["no_cache"]["model_calls"] == avg["no_cache"]["requests"]
    # whole-response reuse of a (correct) base answer is stale for rename/constant/add_key/change_value
    assert avg["semantic"]["outcomes"]["reuse"] > 0
    assert avg["semantic"]["integrity_ok"] < 1.0
    assert avg["no_cache"]["integrity_ok"] == 1.0  # the fake model is always right


def test_stepcache_answers_pass_integrity_with_a_correct_model(
    tiny_results: dict,
) -> None:
    records = [
        r
        for d in tiny_results["seeds"].values()
        for r in d["records"]
        if r["system"] == "stepcache"
    ]
    bad = [
        (r["request_id"], r["problems"], r["text"])
        for r in records
        if not r["integrity_ok"]
    ]
    assert not bad


def test_outputs_written(tiny_results: dict, tmp_path: Path) -> None:
    written = write_outputs(tiny_results, tmp_path)
    for name in (
        "report.md",
        "results.json",
        "latency_cdf.png",
        "tokens.png",
        "outcomes.png",
        "correctness.png",
    ):
        path = tmp_path / name
        assert path.is_file() and path.stat().st_size > 0, name
    assert (tmp_path / "latency_cdf.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = (tmp_path / "report.md").read_text()
    for heading in (
        "## Averaged over seeds",
        "## Outcome mix",
        "## Correctness per perturbation kind",
        "## Per seed",
        "## Warm-up",
        "StepCache against the targets",
        "![Latency CDF]",
    ):
        assert heading in report
    data = json.loads((tmp_path / "results.json").read_text())
    assert set(data["summary"]["averaged"]) == {
        "no_cache",
        "exact",
        "semantic",
        "stepcache",
    }
    assert written["summary"]["targets"]["correctness_integrity"]["met"] in (
        True,
        False,
    )


def test_counting_llm_counts_tokens() -> None:
    llm = CountingLLM(FakeModel())
    llm("Solve for x step by step: 3x + 5 = 20.")
    assert llm.calls == 1 and llm.prompt_tokens > 0 and llm.completion_tokens > 0


def test_cli_parses_modes() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    register(sub)
    args = parser.parse_args(
        ["bench", "--full", "--base-url", "http://h/v1", "--out", "x"]
    )
    assert (
        args.mode == "full" and args.base_url == "http://h/v1" and callable(args.func)
    )
    assert parser.parse_args(["bench"]).mode == "quick"
    with pytest.raises(SystemExit):
        parser.parse_args(["bench", "--tiny", "--full"])


def test_render_only_rebuilds_the_report(tiny_results: dict, tmp_path: Path) -> None:
    from stepcache_integrations.cli import main

    first = tmp_path / "first"
    write_outputs(tiny_results, first, plots=False)
    again = tmp_path / "again"
    assert (
        main(
            [
                "bench",
                "--render-only",
                str(first / "results.json"),
                "--out",
                str(again),
                "--no-plots",
            ]
        )
        == 0
    )
    report = (again / "report.md").read_text()
    assert (
        "### Beside the paper" in report
        and "Paper: No cache" in report
        and "Ours: StepCache" in report
    )
