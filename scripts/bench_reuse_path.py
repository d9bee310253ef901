"""Micro-benchmark of the reuse path (embed + search + verify + stitch): p50/p99 per stage.

Not a test: it prints timings. Usage: .venv/bin/python scripts/bench_reuse_path.py [--entries N] [--requests N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from stepcache_integrations import StepCache

MATH = 'Solve for {v} step by step: {a}{v} + {b} = {c}. Write one step per line as "Step k: ...".'
PERSON = "Return a JSON object for a person named {name}, age {age}, with keys name, age and city."


def answer(a: int, b: int, c: int, v: str) -> str:
    return (
        f"Step 1: Start with {a}{v} + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}{v} = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: {v} = {(c - b) // a}.\nAnswer: {v} = {(c - b) // a}"
    )


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=500)
    args = parser.parse_args()
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tooling"))
    from stepcache_bench.provenance import provenance, provenance_line

    print(provenance_line(provenance()))
    rng = random.Random(42)
    cache = StepCache()
    problems = []
    for i in range(args.entries):
        a, x, b = rng.randint(2, 9), rng.randint(-20, 20), rng.randint(1, 50)
        c = a * x + b
        cache.store_answer(MATH.format(v="x", a=a, b=b, c=c), answer(a, b, c, "x"), namespace="bench")
        problems.append((a, b, c))
    for name, kind in [("reuse", "same"), ("reinstantiate", "constant")]:
        totals: list[float] = []
        stages: dict[str, list[float]] = {}
        outcomes: dict[str, int] = {}
        for _ in range(args.requests):
            a, b, c = rng.choice(problems)
            if kind == "constant":
                c += a * rng.randint(1, 5)
            prompt = MATH.format(v="x", a=a, b=b, c=c).replace("Solve", "Please solve")
            t0 = time.perf_counter()
            result = cache.generate(prompt, lambda p: (_ for _ in ()).throw(RuntimeError("no model")), namespace="bench")
            totals.append(time.perf_counter() - t0)
            outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
            for stage, sec in result.timings.items():
                stages.setdefault(stage, []).append(sec)
        print(f"\n{name} path, {args.entries} entries, {args.requests} requests, outcomes {outcomes}")
        print(f"  total      p50 {pct(totals, 50):7.3f} ms   p99 {pct(totals, 99):7.3f} ms   mean {statistics.mean(totals) * 1000:7.3f} ms")
        for stage, values in stages.items():
            print(f"  {stage:<10} p50 {pct(values, 50):7.3f} ms   p99 {pct(values, 99):7.3f} ms")


if __name__ == "__main__":
    main()
