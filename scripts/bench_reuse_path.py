"""Micro-benchmark of the hit path (validate + embed + search + verify + serve): p50/p99 per stage.

Not a test: it prints timings, and with ``--out FILE`` records them (with provenance and the load
average) for ``scripts/benchmark_tables.py``. Each request is timed twice: wall clock
(``perf_counter``) and the CPU time of this thread (``thread_time``), which a shared machine's
other processes do not inflate.

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
from pathlib import Path
from typing import Any

import numpy as np

from stepcache_integrations import StepCache

MATH = 'Solve for {v} step by step: {a}{v} + {b} = {c}. Write one step per line as "Step k: ...".'


def answer(a: int, b: int, c: int, v: str) -> str:
    return (
        f"Step 1: Start with {a}{v} + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}{v} = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: {v} = {(c - b) // a}.\nAnswer: {v} = {(c - b) // a}"
    )


def pct(values: list[float], q: float) -> float:
    return round(float(np.percentile(values, q)) * 1000, 3)


def no_model(prompt: str) -> str:
    raise RuntimeError("no model: every request of this benchmark is served from the cache")


def run_path(cache: StepCache, problems: list[tuple[int, int, int]], kind: str, requests: int, rng: random.Random) -> dict[str, Any]:
    """``requests`` rephrased requests ("Please solve ..."): the same problem (reuse) or another
    constant (re-instantiation), timed per request and per stage."""
    wall: list[float] = []
    cpu: list[float] = []
    stages: dict[str, list[float]] = {}
    outcomes: dict[str, int] = {}
    for _ in range(requests):
        a, b, c = rng.choice(problems)
        if kind == "reinstantiate":
            c += a * rng.randint(1, 5)
        prompt = MATH.format(v="x", a=a, b=b, c=c).replace("Solve", "Please solve")
        w0, c0 = time.perf_counter(), time.thread_time()
        result = cache.generate(prompt, no_model, namespace="bench")
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
        outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
        for stage, sec in result.timings.items():
            stages.setdefault(stage, []).append(sec)
    return {
        "outcomes": outcomes,
        "wall_ms": {"p50": pct(wall, 50), "p99": pct(wall, 99), "mean": round(statistics.mean(wall) * 1000, 3)},
        "cpu_ms": {"p50": pct(cpu, 50), "p99": pct(cpu, 99), "mean": round(statistics.mean(cpu) * 1000, 3)},
        "stages_wall_ms_p50": {stage: pct(values, 50) for stage, values in stages.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--out", type=Path, default=None, help="record the results (JSON) here")
    args = parser.parse_args()
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
    record.update(what="StepCache.generate of a rephrased linear-equation request, served from the cache "
                  "(memory store, default HashingEmbedder and index)", entries=args.entries, requests=args.requests)
    for kind in ("reuse", "reinstantiate"):
        measured = run_path(cache, problems, kind, args.requests, rng)
        record[kind] = measured
        print(f"\n{kind} path, {args.entries} entries, {args.requests} requests, outcomes {measured['outcomes']}")
        print(f"  wall  p50 {measured['wall_ms']['p50']:7.3f} ms   p99 {measured['wall_ms']['p99']:7.3f} ms")
        print(f"  cpu   p50 {measured['cpu_ms']['p50']:7.3f} ms   p99 {measured['cpu_ms']['p99']:7.3f} ms")
        for stage, value in measured["stages_wall_ms_p50"].items():
            print(f"  {stage:<13} p50 {value:7.3f} ms")
    record["provenance"]["loadavg_after"] = list(os.getloadavg())
    if args.out is not None:
        args.out.write_text(json.dumps(record, indent=1) + "\n")
        print(f"\nrecorded: {args.out}")


if __name__ == "__main__":
    main()
