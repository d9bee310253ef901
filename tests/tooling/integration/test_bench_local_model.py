"""End to end: the benchmark in tiny mode against the real local model server.

No timing asserts: this checks the run completes, the report has its structure, and
every StepCache answer passes the benchmark's own integrity check.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_bench.bench.integrity import check
from stepcache_bench.bench.workload import Request
from stepcache_integrations.cli import main
from tests.integration.conftest_local_model import (  # noqa: F401
    local_model_base_url,
    local_model_name,
)

pytestmark = pytest.mark.integration


def test_tiny_benchmark_end_to_end(
    local_model_base_url: str,  # noqa: F811
    local_model_name: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    out = tmp_path / "bench"
    code = main(
        [
            "bench",
            "--tiny",
            "--base-url",
            local_model_base_url,
            "--model",
            local_model_name,
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    assert code == 0
    report = (out / "report.md").read_text()
    for heading in (
        "# StepCache benchmark (paper workload, tiny)",
        "## Paper workload, seeds 42 (as in the paper)",
        "### Cost per seed: measured requests, warm-up, total",
        "### Where the answers came from",
        "### Control: the same requests with an always-wrong model",
        "### Outcome mix",
        "### Per class of change",
        "### Warm-up per seed",
        "### Plots",
    ):
        assert heading in report, heading
    for png in ("latency_cdf.png", "tokens.png", "outcomes.png", "correctness.png"):
        assert (out / png).read_bytes()[:4] == b"\x89PNG"

    results = json.loads((out / "results.json").read_text())
    seed = results["seeds"]["42"]
    assert {"no_cache", "exact", "semantic", "stepcache"} <= set(seed["systems"])
    requests = {r["id"]: Request(**r) for r in seed["workload"]["requests"]}
    assert len(requests) == 8
    records = seed["records"]
    assert len(records) == len(requests) * len(seed["systems"])
    assert all(r["error"] is None for r in records), [
        r["error"] for r in records if r["error"]
    ]

    # the real model was called and reported usage
    no_cache = [r for r in records if r["system"] == "no_cache"]
    assert all(r["model_calls"] == 1 and r["completion_tokens"] > 0 for r in no_cache)
    assert all(r["source"] == "model" for r in no_cache)

    # the warm-up's cost is recorded: one base call per base prompt, with server-reported tokens
    warm = seed["warm"]
    assert warm["shared_model_calls"] == warm["base_prompts"] == 2
    assert warm["shared_prompt_tokens"] > 0 and warm["shared_completion_tokens"] > 0

    # the control row: every system again against the always-wrong model; no cache gets nothing right
    control = seed["control"]
    assert control["systems"] == seed["systems"]
    assert len(control["records"]) == len(records)
    assert not any(r["integrity_ok"] for r in control["records"] if r["system"] == "no_cache")

    # every StepCache answer passes the integrity check (re-checked here from the raw text)
    stepcache = [r for r in records if r["system"] == "stepcache"]
    failures = []
    for record in stepcache:
        verdict = check(record["text"], requests[record["request_id"]])
        assert verdict.integrity_ok == record["integrity_ok"]
        if not verdict.integrity_ok:
            failures.append(
                (
                    record["request_id"],
                    record["outcome"],
                    verdict.problems,
                    record["text"][:300],
                )
            )
    assert not failures, failures
