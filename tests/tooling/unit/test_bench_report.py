"""Report, results.json and plots are written from a run with a scripted fake model (no server)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_bench.bench.cli_commands import register
from stepcache_bench.bench.fake_model import FakeModel
from stepcache_bench.bench.report import OUTCOMES, summarize, write_outputs
from stepcache_bench.bench.runner import BenchConfig, CountingLLM, run_benchmark


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
        "## Paper workload, seeds 42, 43 (as in the paper)",
        "### Cost per seed: measured requests, warm-up, total",
        "### Where the answers came from",
        "### Control: the same requests with an always-wrong model",
        "### Hit path: answers served without a model call",
        "### Outcome mix",
        "### Per class of change",
        "### Per seed",
        "### Warm-up per seed",
        "StepCache against the targets",
        "![Latency CDF]",
    ):
        assert heading in report, heading
    data = json.loads((tmp_path / "results.json").read_text())
    assert set(data["summary"]["averaged"]) == {
        "no_cache",
        "exact",
        "semantic",
        "stepcache",
    }
    # the fake model is always right and StepCache passes every integrity check (asserted above)
    targets = written["summary"]["targets"]
    assert targets["correctness_integrity"]["met"] is True
    assert targets["correctness_integrity"]["value"] == 1.0
    assert targets["correctness_task"]["met"] is True


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
    from stepcache_bench.cli import main

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


# -- control row, answer sources, costs, usage ------------------------------------------------


def test_control_row_runs_every_system_against_a_wrong_model(tiny_results: dict) -> None:
    for data in tiny_results["seeds"].values():
        control = data["control"]
        assert control["systems"] == data["systems"]
        assert len(control["records"]) == len(data["records"])
        no_cache = [r for r in control["records"] if r["system"] == "no_cache"]
        # every answer of the always-wrong model fails the benchmark's checks
        assert no_cache and not any(r["integrity_ok"] for r in no_cache)
        assert all(r["source"] == "model" and r["model_calls"] == 1 for r in no_cache)


def test_control_summary_counts_what_needs_no_model(tiny_results: dict) -> None:
    summary = summarize(tiny_results)
    control = summary["control"]["averaged"]
    assert control["no_cache"]["correct_all_seeds"] == 0
    assert control["no_cache"]["sources"]["model"] == control["no_cache"]["requests_all_seeds"]
    # a whole-response cache serves the wrong model's warm-up answers, all wrong, without a call
    semantic = control["semantic"]
    assert semantic["correct_all_seeds"] == 0
    assert semantic["wrong_without_model_all_seeds"] == semantic["sources"]["reused"] > 0
    # whatever StepCache gets right under the wrong model, its sources say where it came from
    sc = control["stepcache"]
    assert sum(sc["sources"].values()) == sc["requests_all_seeds"]
    model_written = sc["sources"]["model"] + sc["sources"]["reused"] + sc["sources"]["reinstantiated"]
    assert sc["correct_all_seeds"] <= sc["requests_all_seeds"] - model_written + sc["sources"]["patch"]


def test_answer_sources_add_up_per_system(tiny_results: dict) -> None:
    summary = summarize(tiny_results)
    for name, metrics in summary["averaged"].items():
        assert sum(metrics["sources"].values()) == metrics["requests_all_seeds"], name
    assert summary["averaged"]["no_cache"]["sources"]["model"] == summary["averaged"]["no_cache"]["requests_all_seeds"]
    exact = summary["averaged"]["exact"]["sources"]
    assert exact["model"] == summary["averaged"]["exact"]["requests_all_seeds"]  # never hits
    sc = summary["averaged"]["stepcache"]["sources"]
    assert sc["model"] == 0 and sc["reused"] + sc["reinstantiated"] + sc["cached_fallback"] > 0


def test_warm_up_cost_is_reported_beside_the_measured_cost(tiny_results: dict) -> None:
    summary = summarize(tiny_results)
    for seed, data in tiny_results["seeds"].items():
        warm = data["warm"]
        assert warm["shared_model_calls"] == warm["base_prompts"] == 2
        per_seed = summary["per_seed"][seed]
        assert per_seed["no_cache"]["warm_model_calls"] == 0
        for name in ("exact", "semantic", "stepcache"):
            m = per_seed[name]
            extra = warm["per_system"][name]["extra_model_calls"]
            assert m["warm_model_calls"] == warm["shared_model_calls"] + extra
            assert m["total_model_calls"] == m["warm_model_calls"] + m["model_calls"]
            assert m["all_tokens"] == m["warm_tokens"] + m["total_tokens"]
            assert m["warm_tokens"] >= warm["shared_prompt_tokens"] + warm["shared_completion_tokens"] > 0


def test_terminal_summary_is_plain_and_fits_100_columns(tiny_results: dict) -> None:
    from stepcache_bench.bench.report import terminal_summary

    text = terminal_summary(summarize(tiny_results))
    assert all(len(line) <= 100 for line in text.splitlines())
    assert "StepCache: 16/16 correct, 0 model calls" in text
    assert "No cache: 16/16 correct, 16 model calls" in text
    assert "warm-up (base prompts into each cache) is not measured" in " ".join(text.split())
    assert "always-wrong model" in text


def test_hit_path_breakdown_names_the_stages(tiny_results: dict) -> None:
    hit = summarize(tiny_results)["hit_path"]
    assert {"embed", "search", "verify"} <= set(hit["stepcache"]["stages_mean_s"])
    assert {"embed", "search"} == set(hit["semantic"]["stages_mean_s"])
    assert hit["stepcache"]["hits"] > 0 and hit["semantic"]["hits"] > 0
    assert "engine_mean_stage_seconds" in hit["stepcache"]


class _NoUsage:
    def __call__(self, prompt: str):
        from stepcache_integrations import LLMResponse

        return LLMResponse(text="Answer: x = 5", usage_estimated=True)


def test_a_model_without_usage_fails_the_run() -> None:
    from stepcache_bench.bench.accounting import UsageMissingError
    from stepcache_integrations import StepCacheError

    config = BenchConfig.for_mode("tiny", systems=["no_cache", "stepcache"], control=False)
    with pytest.raises(UsageMissingError):
        run_benchmark(config, _NoUsage(), progress=False)
    assert issubclass(UsageMissingError, StepCacheError)
    with pytest.raises(UsageMissingError):
        CountingLLM(lambda p: "plain text, no usage")("Solve for x: 3x + 5 = 20")


def test_cli_fails_with_exit_code_1_when_usage_is_missing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from stepcache_bench.bench import runner
    from stepcache_bench.bench.accounting import UsageMissingError
    from stepcache_bench.cli import main

    def fail(*args, **kwargs):
        raise UsageMissingError("no usage")

    monkeypatch.setattr(runner, "run_benchmark", fail)
    code = main(["bench", "--tiny", "--base-url", "http://127.0.0.1:9/v1", "--out", str(tmp_path), "--no-progress"])
    assert code == 1
    assert not (tmp_path / "report.md").exists()


@pytest.fixture(scope="module")
def wrong_results() -> dict:
    from stepcache_bench.bench.fake_model import WrongModel

    config = BenchConfig.for_mode("tiny", systems=["no_cache", "semantic", "stepcache"], model="wrong",
                                  base_url="fake://", control=False)
    return run_benchmark(config, WrongModel(), progress=False)


def test_benchmark_with_a_wrong_model(wrong_results: dict) -> None:
    summary = summarize(wrong_results)
    avg = summary["averaged"]
    assert avg["no_cache"]["integrity_ok"] == 0.0
    # wrong math fails even the task check; wrong JSON values keep the keys (task check) but not integrity
    for kind, row in summary["by_kind"]["no_cache"].items():
        assert row["task_ok"] == (0.0 if kind.startswith("math/") else 1.0), kind
    assert avg["semantic"]["integrity_ok"] == 0.0
    # no StepCache answer that the model wrote (fresh, reused or re-instantiated) is correct
    for record in wrong_results["seeds"]["42"]["records"]:
        if record["system"] == "stepcache" and record["source"] in ("model", "reused", "reinstantiated") \
                and record["origin"] in (None, "model"):
            assert not record["integrity_ok"], record


def test_held_out_seeds_are_reported_separately(tmp_path: Path) -> None:
    config = BenchConfig.for_mode("tiny", seeds=[42], held_out_seeds=[45], systems=["no_cache", "stepcache"],
                                  model="fake", base_url="fake://", control=False)
    results = run_benchmark(config, FakeModel(), progress=False)
    assert results["seeds"]["42"]["group"] == "paper" and results["seeds"]["45"]["group"] == "held_out"
    summary = summarize(results)
    assert set(summary["groups"]) == {"paper", "held_out"}
    assert summary["groups"]["held_out"]["seeds"] == ["45"] and summary["groups"]["paper"]["seeds"] == ["42"]
    assert summary["groups"]["held_out"]["targets"] == {}
    report = write_outputs(results, tmp_path, plots=False)["report_text"]
    assert "## Paper workload, seeds 42 (as in the paper)" in report
    assert "## Paper workload, held-out seeds 45" in report
    assert BenchConfig.for_mode("full").held_out_seeds == [45, 46, 47]
    assert BenchConfig.for_mode("full").seeds == [42, 43, 44]


def test_hard_workload_run_reports_per_class(tmp_path: Path) -> None:
    from stepcache_bench.bench.fake_model import ReferenceModel
    from stepcache_bench.bench.hard import generate_hard_workload

    workload = generate_hard_workload(45, n_base=1, k=1)
    config = BenchConfig.for_mode("tiny", hard=True, systems=["no_cache", "semantic", "stepcache"], model="oracle",
                                  base_url="fake://")
    results = run_benchmark(config, ReferenceModel(workload.bases + workload.requests), progress=False)
    summary = summarize(results)
    assert summary["primary"] == "hard"
    avg = summary["averaged"]
    assert avg["no_cache"]["integrity_ok"] == 1.0  # the oracle model is always right
    assert avg["semantic"]["wrong_without_model"] > 0  # whole-response reuse across a change
    by_kind = summary["by_kind"]["stepcache"]
    assert {"json/world_knowledge", "math/question", "text/rag"} <= set(by_kind)
    for row in by_kind.values():
        assert {"correct", "wrong_without_model", "model_calls", "tokens", "mean_s"} <= set(row)
    report = write_outputs(results, tmp_path, plots=False)["report_text"]
    assert "## Hard workload, seeds 45" in report and "w/o call" in report


def test_cli_has_hard_and_held_out_flags() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["bench", "--hard", "--full", "--held-out-seeds", "45,46"])
    assert args.hard and args.mode == "full" and args.held_out_seeds == "45,46"


def test_progress_names_the_seed_phase_and_system() -> None:
    from stepcache_bench.bench.runner import measure_requests, warm_systems
    from stepcache_bench.bench.systems import build_systems
    from stepcache_bench.bench.workload import generate_workload

    workload = generate_workload(42, n_base=1, k=1)
    systems = build_systems(["no_cache", "stepcache"])
    labels: list[str] = []
    llm = CountingLLM(FakeModel())
    warm_systems(systems, workload.bases, llm, labels.append, "seed 42")
    measure_requests(systems, workload.requests, llm, 42, labels.append, "seed 42")
    assert "seed 42 warm-up: stepcache" in labels and "seed 42 measure: no_cache" in labels
    assert len(labels) == (len(workload.bases) + len(workload.requests)) * len(systems)


def test_results_of_the_previous_format_still_render(tiny_results: dict, tmp_path: Path) -> None:
    """results.json written before groups, answer sources and the control row (docs/bench/results.json.gz)."""
    import copy

    old = copy.deepcopy(tiny_results)
    for data in old["seeds"].values():
        data.pop("group"), data.pop("control"), data.pop("engine_stats")
        for record in data["records"]:
            record.pop("source"), record.pop("origin"), record.pop("timings", None)
    summary = write_outputs(old, tmp_path, plots=False)["summary"]
    assert summary["primary"] == "paper" and "control" not in summary
    assert summary["averaged"]["no_cache"]["sources"]["model"] == summary["averaged"]["no_cache"]["requests_all_seeds"]


def test_results_carry_their_provenance(tiny_results: dict) -> None:
    prov = tiny_results["provenance"]
    assert prov["commit"] and isinstance(prov["dirty"], bool) and prov["date"]
    assert prov["machine"]["cpu"] and prov["machine"]["cores"] >= 1
    assert prov["command"]


def test_verified_right_is_reported_per_system(tiny_results: dict, tmp_path: Path) -> None:
    from stepcache_bench.bench.summary import claims_proven, summarize

    records = [r for data in tiny_results["seeds"].values() for r in data["records"]]
    sc = [r for r in records if r["system"] == "stepcache"]
    assert all(r["verification"] in ("proven", "checked", "unchecked") for r in sc)
    assert all(r["verification"] is None for r in records if r["system"] != "stepcache")
    averaged = summarize(tiny_results)["averaged"]
    assert averaged["stepcache"]["verified_all_seeds"] == sum(map(claims_proven, sc))
    assert averaged["stepcache"]["verified_right_all_seeds"] == sum(
        bool(r["integrity_ok"]) for r in sc if claims_proven(r))
    assert averaged["no_cache"]["verified_all_seeds"] == 0
    report = write_outputs(tiny_results, tmp_path, plots=False)["report_text"]
    assert "verified=True right" in report


def test_a_proven_answer_the_oracle_rejects_counts_as_wrong() -> None:
    from stepcache_bench.bench.report import verified_right
    from stepcache_bench.bench.summary import _verified_counts

    rows = [{"verification": "proven", "integrity_ok": True}, {"verification": "proven", "integrity_ok": False},
            {"verification": "checked", "integrity_ok": False}, {"verified": True, "integrity_ok": True}]
    counts = _verified_counts(rows)
    assert counts == {"verified": 2, "verified_right": 1, "verification_recorded": True}
    assert verified_right(counts, "stepcache") == "1/2 (50%)"
    assert verified_right({"verified": 0}, "no_cache") == "-"
    # a run recorded before the levels: its verified=True meant "passed its checks", so nothing is claimed
    old = _verified_counts([{"verified": True, "integrity_ok": False}])
    assert old == {"verified": 0, "verified_right": 0, "verification_recorded": False}
    assert verified_right(old, "stepcache") == "not recorded"
