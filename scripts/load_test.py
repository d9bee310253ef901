"""Load test: many concurrent clients on the reuse path and on mixed traffic, against the
in-process store and (when STEPCACHE_PG_DSN is set) PostgreSQL. Not a test: it prints a
Markdown table (and writes JSON with --json).

Per run it reports throughput, p50/p99 latency, errors (exceptions, answers that failed their
checks, math answers not proven, a wrong answer or another tenant's answer: must be 0) and
entries lost (every id the cache reported as stored must still be readable at the end: must be 0).

Usage:
    .venv/bin/python scripts/load_test.py [--clients 8 32] [--requests 2000] [--stores memory postgres]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from stepcache_integrations import StepCache

MATH = 'Solve for x step by step: {a}x + {b} = {c}. Write one step per line as "Step k: ...".'
TEXT = "Plan moving the {svc} service for {ns}; lead {lead}; cut-over {day}."
SERVICES = ["Orders", "Billing", "Search", "Auth", "Media", "Mail"]
LEADS = ["Priya", "Omar", "Chen", "Ada"]
DAYS = ["Monday", "Tuesday", "Friday"]
NAMESPACES = [f"tenant-{i}" for i in range(4)]


def math_answer(a: int, b: int, c: int) -> str:
    v = Fraction(c - b, a)
    s = str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    return (
        f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: x = {s}.\nAnswer: x = {s}"
    )


class FastModel:
    """Scripted model: answers instantly and correctly; the text plan names its tenant."""

    def __init__(self) -> None:
        self.calls = 0
        self._lock = threading.Lock()

    def __call__(self, prompt: str) -> str:
        with self._lock:
            self.calls += 1
        m = re.search(r"(\d+)x \+ (\d+) = (\d+)", prompt)
        if m:
            return math_answer(*(int(g) for g in m.groups()))
        t = re.search(r"the (\w+) service for ([\w-]+); lead (\w+); cut-over (\w+)", prompt)
        assert t, prompt
        svc, ns, lead, day = t.groups()
        if "already written and checked" in prompt:  # patch: the steps after the kept prefix
            return f"3. Ship {svc} on {day}.\n4. {lead} signs off for {ns}."
        return f"1. Build {svc} for {ns}.\n2. Review the plan.\n3. Ship {svc} on {day}.\n4. {lead} signs off for {ns}."


def check(prompt: str, ns: str, text: str) -> str:
    """'' if the answer is right for this prompt and tenant, else what is wrong."""
    m = re.search(r"(\d+)x \+ (\d+) = (\d+)", prompt)
    if m:
        a, b, c = (int(g) for g in m.groups())
        final = re.search(r"x = (-?\d+(?:\.\d+)?(?:/\d+)?)\.?\s*$", text)
        ok = final is not None and Fraction(final.group(1)) == Fraction(c - b, a)
        return "" if ok else f"wrong math answer {text[-30:]!r}"
    t = re.search(r"the (\w+) service for ([\w-]+); lead (\w+); cut-over (\w+)", prompt)
    assert t
    svc, pns, lead, day = t.groups()
    want = [f"{svc} for {ns}", f"on {day}", f"{lead} signs off for {ns}"]
    missing = [w for w in want if w not in text]
    return f"answer lacks {missing}" if missing else ""


def make_prompts(rng: random.Random, ns: str, kind: str) -> str:
    if kind == "math":
        return MATH.format(a=rng.randint(2, 9), b=rng.randint(1, 30), c=rng.randint(31, 99))
    return TEXT.format(svc=rng.choice(SERVICES), ns=ns, lead=rng.choice(LEADS), day=rng.choice(DAYS))


def open_store(kind: str) -> Any:
    if kind == "memory":
        return None
    from stepcache_integrations.stores import PostgresStore

    return PostgresStore(os.environ["STEPCACHE_PG_DSN"], table=f"load_{uuid.uuid4().hex[:10]}", max_size=16)


def run(store_kind: str, workload: str, clients: int, requests: int, seed: int) -> dict[str, Any]:
    store = open_store(store_kind)
    cache = StepCache(store=store)
    model = FastModel()
    rng = random.Random(seed)
    # warm set: 40 prompts per tenant (math and text)
    warm: dict[str, list[str]] = {}
    for ns in NAMESPACES:
        warm[ns] = [make_prompts(rng, ns, "math" if i % 2 else "text") for i in range(40)]
        for p in warm[ns]:
            cache.generate(p, model, namespace=ns)
    stored_ids: list[str] = [e.id for e, _ in cache.store.iter_items()]
    model.calls = 0
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    outcomes: dict[str, int] = {}

    def client(i: int) -> None:
        crng = random.Random(seed * 1000 + i)
        ns = NAMESPACES[i % len(NAMESPACES)]
        for _ in range(requests // clients):
            roll = crng.random()
            if workload == "reuse" or roll < 0.5:
                prompt = crng.choice(warm[ns])  # exact repeat: reuse
            elif roll < 0.7:  # changed constant / detail: reinstantiate or patch
                base = crng.choice(warm[ns])
                prompt = re.sub(r"= (\d+)\.", lambda m: f"= {int(m.group(1)) + crng.randint(1, 9)}.", base, count=1)
                if prompt == base:
                    prompt = base.replace(base.split("cut-over ")[1][:-1], crng.choice(DAYS)) if "cut-over" in base else base
            else:  # new prompt: miss, model call, store
                prompt = make_prompts(crng, ns, crng.choice(["math", "text"]))
            t0 = time.perf_counter()
            try:
                result = cache.generate(prompt, model, namespace=ns)
                # Every answer must pass its checks; a math answer must be proven (free text has no
                # checker, so it is "unchecked" by design).
                problem = "" if result.checks_passed else f"failed checks: {result.errors[:1]}"
                if not problem and result.task == "linear_equation" and result.verification != "proven":
                    problem = f"math answer {result.verification}, not proven"
                problem = problem or check(prompt, ns, result.text)
            except Exception as exc:  # noqa: BLE001 - counted as an error
                result, problem = None, f"{type(exc).__name__}: {exc}"
            dt = time.perf_counter() - t0
            with lock:
                latencies.append(dt)
                if problem:
                    errors.append(problem)
                if result is not None:
                    outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
                    if result.stored_entry_id:
                        stored_ids.append(result.stored_entry_id)

    t0 = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, range(clients)))
    wall = time.perf_counter() - t0
    lost = sum(1 for entry_id in stored_ids if cache.store.get(entry_id) is None)
    out = {
        "store": store_kind,
        "workload": workload,
        "clients": clients,
        "requests": len(latencies),
        "throughput_rps": len(latencies) / wall,
        "p50_ms": float(np.percentile(latencies, 50)) * 1000,
        "p99_ms": float(np.percentile(latencies, 99)) * 1000,
        "errors": len(errors),
        "error_examples": errors[:3],
        "entries_checked": len(stored_ids),
        "entries_lost": lost,
        "model_calls": model.calls,
        "outcomes": dict(sorted(outcomes.items())),
    }
    if store is not None:
        store.drop()
        store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, nargs="+", default=[8, 32])
    parser.add_argument("--requests", type=int, default=2000, help="requests per run (all clients)")
    parser.add_argument("--stores", nargs="+", default=["memory", "postgres"])
    parser.add_argument("--workloads", nargs="+", default=["reuse", "mixed"])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", help="also write the results to this JSON file")
    args = parser.parse_args()
    stores = [s for s in args.stores if s != "postgres" or os.environ.get("STEPCACHE_PG_DSN")]
    if len(stores) < len(args.stores):
        print("(postgres skipped: STEPCACHE_PG_DSN not set)")
    rows = []
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print("| store | traffic | clients | requests | req/s | p50 ms | p99 ms | errors | entries checked | lost | outcomes |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for store in stores:
        for workload in args.workloads:
            for clients in args.clients:
                r = run(store, workload, clients, args.requests, args.seed)
                rows.append(r)
                oc = ", ".join(f"{k} {v}" for k, v in r["outcomes"].items())
                print(
                    f"| {store} | {workload} | {clients} | {r['requests']} | {r['throughput_rps']:.0f} | "
                    f"{r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['errors']} | {r['entries_checked']} | "
                    f"{r['entries_lost']} | {oc} |",
                    flush=True,
                )
                if r["error_examples"]:
                    print("   errors:", r["error_examples"])
    if args.json:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tooling"))
        from stepcache_bench.provenance import provenance

        with open(args.json, "w") as fh:
            json.dump({"provenance": provenance(), "rows": rows}, fh, indent=2)
    bad = sum(r["errors"] + r["entries_lost"] for r in rows)
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
