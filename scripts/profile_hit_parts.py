"""Where a hit-path request's CPU goes, part by part (not a test; wip/hitJ's profile).

The benchmark's cache (``bench_reuse_path.py``: 2,000 stored linear answers by default) is built,
50 requests of one path warm it, then each further request is timed by this thread's CPU time
(``thread_time``) and so is each named part inside it, inclusively and outermost call only (a part
re-entered from itself counts once). No profiler runs (cProfile inflates call-heavy code), so the
parts' medians are comparable with the request's; ``--cprofile FILE`` writes a cProfile of the same
requests instead (timer: ``thread_time``).

    PYTHONPATH=.:tooling python scripts/profile_hit_parts.py [--path reinstantiate] [--requests 500]
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_reuse_path as bench  # noqa: E402

from stepcache_integrations import StepCache  # noqa: E402

_PKG = "stepcache_integrations.core"
# (module, attribute, class or None, label): the parts timed; a name imported elsewhere by value
# (``from .rewrite import reinstantiate_steps``) is timed where it is called from, by its own module
PARTS = (
    ("planner", "_rewrite", None, "planner._rewrite (shape-key rewrite, all)"),
    ("planner", "_classify", None, "planner._classify (entry checked, all)"),
    ("planner", "ProofMemo", "verify", "PROOFS.verify"),
    ("planner", "ProofMemo", "answer_errors", "PROOFS.answer_errors"),
    ("tasks.linear.task", "LinearEquationTask", "reinstantiate", "task.reinstantiate (all)"),
    ("tasks.linear.task", "LinearEquationTask", "verify", "task.verify"),
    ("tasks.linear.task", "problem_context", None, "problem_context"),
    ("tasks.linear.task", "_final_errors", None, "_final_errors"),
    ("tasks.linear.task", "_format_errors", None, "_format_errors"),
    ("tasks.linear.task", "_derivation_of", None, "_derivation_of"),
    ("tasks.linear.rewrite", "_all_prove", None, "rewrite proof (_all_prove)"),
    ("tasks.linear.rewrite", "_first_rewrites", None, "first rewrites"),
    ("tasks.linear.rewrite", "_derived_values", None, "derived values"),
    ("tasks.linear.chain", "_check_steps", None, "chain._check_steps (computed)"),
)


def _timed(f: Any, label: str, spent: dict[str, float], inside: set[str]) -> Any:
    @functools.wraps(f)
    def timed(*args: Any, **kwargs: Any) -> Any:
        if label in inside:
            return f(*args, **kwargs)
        inside.add(label)
        t0 = time.thread_time()
        try:
            return f(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.thread_time() - t0
            inside.discard(label)

    return timed


def instrument(spent: dict[str, float]) -> None:
    inside: set[str] = set()
    for module_name, name, method, label in PARTS:
        module = importlib.import_module(f"{_PKG}.{module_name}")
        owner = getattr(module, name) if method else module
        attr = method or name
        setattr(owner, attr, _timed(getattr(owner, attr), label, spent, inside))


_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:/\d+)?(?:\.\d+)?")


def count_templates(cache: StepCache, prompts: list[str]) -> None:
    """The first rewrites' templates (each number as '#', its sign kept) and ``_all_prove``'s verdicts."""
    rewrite = importlib.import_module(f"{_PKG}.tasks.linear.rewrite")
    first_rewrites, all_prove = rewrite._first_rewrites, rewrite._all_prove
    counts: dict[tuple[str, bool], int] = {}
    current: list[str] = [""]

    def first(*args: Any) -> Any:
        out = first_rewrites(*args)
        text = "".join(step.text for step, _ in out)
        current[0] = _NUMBER.sub(lambda m: "-#" if m.group().startswith("-") else "#", text)
        return out

    def proven(first: Any, ctx: Any) -> bool:
        ok = all_prove(first, ctx)
        counts[(current[0], ok)] = counts.get((current[0], ok), 0) + 1
        return ok

    rewrite._first_rewrites, rewrite._all_prove = first, proven
    for prompt in prompts:
        cache.generate(prompt, bench.NoModel(), namespace="bench")
    for (template, ok), n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{n:6d} {'proven' if ok else 'failed'}  {template!r}")


def build(entries: int, kind: str, requests: int) -> tuple[StepCache, list[str]]:
    rng = random.Random(42)
    cache = StepCache()
    problems = []
    for _ in range(entries):
        a, x, b = rng.randint(2, 9), rng.randint(-20, 20), rng.randint(1, 50)
        c = a * x + b
        cache.store_answer(bench.MATH.format(v="x", a=a, b=b, c=c), bench.answer(a, b, c, "x"), namespace="bench")
        problems.append((a, b, c))
    cache.store.wait_until_indexed()
    return cache, bench.prompts_for(kind, problems, requests + 50, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--path", default="reinstantiate", choices=bench.PATHS)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--cprofile", type=Path, default=None)
    parser.add_argument("--templates", action="store_true")
    args = parser.parse_args()
    cache, prompts = build(args.entries, args.path, args.requests)
    cache.problem_keys = not args.path.startswith("semantic")
    for prompt in prompts[:50]:
        cache.generate(prompt, bench.NoModel(), namespace="bench")
    if args.templates:
        count_templates(cache, prompts[50:])
        return
    if args.cprofile is not None:
        profile = cProfile.Profile(time.thread_time)
        profile.runcall(lambda: [cache.generate(p, bench.NoModel(), namespace="bench") for p in prompts[50:]])
        profile.dump_stats(str(args.cprofile))
        print(f"written: {args.cprofile}")
        return
    spent: dict[str, float] = {}
    instrument(spent)
    total: list[float] = []
    parts: dict[str, list[float]] = {}
    for prompt in prompts[50:]:
        spent.clear()
        t0 = time.thread_time()
        cache.generate(prompt, bench.NoModel(), namespace="bench")
        total.append(time.thread_time() - t0)
        for label, seconds in spent.items():
            parts.setdefault(label, []).append(seconds)
    n = len(total)
    print(f"{args.path}, {args.entries} entries, {n} requests: CPU p50 {statistics.median(total) * 1e3:.3f} ms, "
          f"mean {sum(total) / n * 1e3:.3f} ms")
    for label, values in sorted(parts.items(), key=lambda kv: -statistics.median(kv[1] + [0.0] * (n - len(kv[1])))):
        values = values + [0.0] * (n - len(values))
        print(f"  {label:<44} p50 {statistics.median(values) * 1e3:7.3f} ms   mean {sum(values) / n * 1e3:7.3f} ms")


if __name__ == "__main__":
    main()
