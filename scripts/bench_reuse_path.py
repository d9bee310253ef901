"""Micro-benchmark of the hit path (no model call): p50/p99 per path and per stage.

Not a test: it prints timings, and with ``--out FILE`` records them (with provenance and the load
average) for ``scripts/benchmark_tables.py``. Each request is timed twice: wall clock
(``perf_counter``) and the CPU time of this thread (``thread_time``), which a shared machine's
other processes do not inflate.

``--entries`` verified linear-equation answers are stored (memory store, default embedder), then
each path sends ``--requests`` requests through ``StepCache.generate``:

* ``semantic_reuse`` / ``semantic_reinstantiate``: the problem-key tier off (``problem_keys=False``,
  the path before it): a rephrased request ("Please solve ...") for a stored problem, and one with
  another constant; embed, search, verify (and re-instantiate);
* ``repeat``: a request served before, sent again (the tier's request map: no task reads it);
* ``problem_key``: a rephrased request for a stored problem (found by its problem key);
* ``problem_key_rewritten``: a stored problem with its equation's sides swapped ("26 = 5 + 3x");
* ``reinstantiate``: a stored problem with another constant (found by its shape key).

The re-instantiation paths move the solution past the range the stored problems draw it from, so at
100,000 entries (every problem of that range stored) they still re-instantiate. A request the cache
does not serve gets an empty answer from the model (then the task's fallback), and is counted in the
path's outcomes and ``model_calls``.

    .venv/bin/python scripts/bench_reuse_path.py [--entries N] [--requests N] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from stepcache_integrations import StepCache

MATH = 'Solve for {v} step by step: {a}{v} + {b} = {c}. Write one step per line as "Step k: ...".'
SWAPPED = 'Please solve for {v} step by step: {c} = {b} + {a}{v}. Write one step per line as "Step k: ...".'
PATHS = ("semantic_reuse", "semantic_reinstantiate", "repeat", "problem_key", "problem_key_rewritten", "reinstantiate")


def answer(a: int, b: int, c: int, v: str) -> str:
    return (
        f"Step 1: Start with {a}{v} + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}{v} = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: {v} = {(c - b) // a}.\nAnswer: {v} = {(c - b) // a}"
    )


def pct(values: list[float], q: float) -> float:
    return round(float(np.percentile(values, q)) * 1000, 3)


class NoModel:
    """The model of a request the cache did not serve: an empty answer (the task's fallback then
    answers), counted and reported in the path's ``outcomes`` and ``model_calls``, never timed apart."""

    def __init__(self) -> None:
        self.calls = 0
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return ""


def rephrased(a: int, b: int, c: int) -> str:
    return MATH.format(v="x", a=a, b=b, c=c).replace("Solve", "Please solve")


def prompts_for(kind: str, problems: list[tuple[int, int, int]], requests: int, rng: random.Random) -> list[str]:
    """The requests of one path (see the module docstring)."""
    out = []
    for _ in range(requests):
        a, b, c = rng.choice(problems)
        if kind in ("semantic_reinstantiate", "reinstantiate"):
            c += a * rng.randint(41, 60)  # x moves past the stored range (-20..20): never a stored problem
        out.append(SWAPPED.format(v="x", a=a, b=b, c=c) if kind == "problem_key_rewritten" else rephrased(a, b, c))
    return out


def run_path(cache: StepCache, prompts: list[str]) -> dict[str, Any]:
    """Each prompt through ``generate``, timed per request and per stage."""
    model = NoModel()
    unserved: list[str] = []
    wall: list[float] = []
    cpu: list[float] = []
    stages: dict[str, list[float]] = {}
    outcomes: dict[str, int] = {}
    tiers: dict[str, int] = {}
    for prompt in prompts:
        w0, c0 = time.perf_counter(), time.thread_time()
        result = cache.generate(prompt, model, namespace="bench")
        cpu.append(time.thread_time() - c0)
        if result.model_calls:
            unserved.append(prompt)
        wall.append(time.perf_counter() - w0)
        outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
        tier = result.tier or "semantic"
        tiers[tier] = tiers.get(tier, 0) + 1
        for stage, sec in result.timings.items():
            stages.setdefault(stage, []).append(sec)
    return {
        "outcomes": outcomes,
        "tiers": tiers,
        "model_calls": model.calls,
        "unserved_prompts": unserved[:5],
        "wall_ms": {"p50": pct(wall, 50), "p99": pct(wall, 99), "mean": round(statistics.mean(wall) * 1000, 3)},
        "cpu_ms": {"p50": pct(cpu, 50), "p99": pct(cpu, 99), "mean": round(statistics.mean(cpu) * 1000, 3)},
        "stages_wall_ms_p50": {stage: pct(values, 50) for stage, values in stages.items()},
    }


def measure(cache: StepCache, kind: str, prompts: list[str]) -> dict[str, Any]:
    """One path: the tier off for the semantic paths; a repeat's prompts are served once first."""
    cache.problem_keys = not kind.startswith("semantic")
    if kind == "repeat":
        for prompt in prompts:
            cache.generate(prompt, NoModel(), namespace="bench")
    try:
        return run_path(cache, prompts)
    finally:
        cache.problem_keys = True


def report(kind: str, entries: int, requests: int, measured: dict[str, Any], echo: Callable[[str], None]) -> None:
    echo(f"\n{kind}, {entries} entries, {requests} requests, outcomes {measured['outcomes']}, tiers {measured['tiers']}, "
         f"model calls {measured['model_calls']} {measured['unserved_prompts'][:2]}")
    echo(f"  wall  p50 {measured['wall_ms']['p50']:7.3f} ms   p99 {measured['wall_ms']['p99']:7.3f} ms")
    echo(f"  cpu   p50 {measured['cpu_ms']['p50']:7.3f} ms   p99 {measured['cpu_ms']['p99']:7.3f} ms")
    for stage, value in measured["stages_wall_ms_p50"].items():
        echo(f"  {stage:<13} p50 {value:7.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--paths", default=",".join(PATHS), help=f"comma-separated subset of {','.join(PATHS)}")
    parser.add_argument("--out", type=Path, default=None, help="record the results (JSON) here")
    args = parser.parse_args()
    paths = [p for p in args.paths.split(",") if p]
    unknown = sorted(set(paths) - set(PATHS))
    if unknown:
        parser.error(f"unknown paths: {', '.join(unknown)}")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tooling"))
    from stepcache_bench.provenance import provenance, provenance_line

    record: dict[str, Any] = {"provenance": provenance(loadavg_before=list(os.getloadavg()))}
    print(provenance_line(record["provenance"]))
    rng = random.Random(42)
    cache = StepCache()
    problems = []
    for _ in range(args.entries):
        a, x, b = rng.randint(2, 9), rng.randint(-20, 20), rng.randint(1, 50)
        c = a * x + b
        cache.store_answer(MATH.format(v="x", a=a, b=b, c=c), answer(a, b, c, "x"), namespace="bench")
        problems.append((a, b, c))
    t0 = time.perf_counter()
    cache.store.wait_until_indexed()  # lookups are timed once the background graph builds are done
    record["index_ready_s"] = round(time.perf_counter() - t0, 2)
    record.update(what="StepCache.generate of a linear-equation request served from the cache (memory store, default "
                  "HashingEmbedder and index); semantic: the problem-key tier off", entries=args.entries,
                  requests=args.requests, paths={})
    for kind in paths:
        measured = measure(cache, kind, prompts_for(kind, problems, args.requests, rng))
        record["paths"][kind] = measured
        report(kind, args.entries, args.requests, measured, print)
    record["provenance"]["loadavg_after"] = list(os.getloadavg())
    if args.out is not None:
        args.out.write_text(json.dumps(record, indent=1) + "\n")
        print(f"\nrecorded: {args.out}")


if __name__ == "__main__":
    main()
