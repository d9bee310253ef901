#!/usr/bin/env python
"""Import time of the package and of its LangChain adapter: the median of N fresh processes.

Each sample is a new interpreter that times one import statement with ``time.perf_counter``
around it (``import_s``: what the import costs the caller) and is itself timed from the
outside (``process_s``: interpreter start-up included). Besides the two imports the issue
names, it records what the adapter's classes cost on first use and, as a baseline, the
langchain-core modules they need (which any LangChain application imports anyway), so the
adapter's own share is visible. The record names the commit (and whether the checkout had
uncommitted changes), the date, the machine and the load average while it ran.

    python scripts/measure_import_time.py                       # writes bench_data/results/import_time.json
    python scripts/measure_import_time.py --runs 9 --out -      # print only

Run it with the project's interpreter on an otherwise idle machine: on shared cores the
numbers grow with the load (recorded as ``loadavg_before`` / ``loadavg_after``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "bench_data" / "results" / "import_time.json"

FIRST_PROMPTS = (
    "from stepcache_integrations import StepCache\n"
    "cache = StepCache()\n"
    "cache.generate('Solve 2x + 3 = 7 for x.', lambda prompt: 'x = 2')\n"
    "cache.generate('Return JSON with keys name and age: name Bob, age 3.', lambda prompt: '{\"name\": \"Bob\", \"age\": 3}')"
)
# name -> (import statement, target median in seconds or None)
IMPORTS: dict[str, tuple[str, float | None]] = {
    "stepcache_integrations": ("import stepcache_integrations", 0.3),
    "stepcache_integrations.langchain": ("import stepcache_integrations.langchain", 1.0),
    "langchain adapter classes (first use)": (
        "from stepcache_integrations.langchain import StepCacheLLMCache, StepCacheRunnable",
        None,
    ),
    "baseline: the langchain-core modules the adapter imports": (
        "import langchain_core.caches, langchain_core.callbacks.manager, langchain_core.language_models, "
        "langchain_core.language_models._utils, langchain_core.load, langchain_core.messages.tool, "
        "langchain_core.outputs, langchain_core.prompt_values, langchain_core.runnables.config, "
        "langchain_core.runnables.fallbacks, langchain_core.utils.function_calling",
        None,
    ),
    # a process's first prompts (one linear, one JSON: both request grammars), their parser tables
    # loaded from the saved ones (the warm-up process saved them) or, turned off, built
    "first prompts of a process (parser tables saved)": (FIRST_PROMPTS, None),
    "first prompts of a process (parser tables built: STEPCACHE_PARSER_CACHE=off)": (
        "import os; os.environ['STEPCACHE_PARSER_CACHE'] = 'off'\n" + FIRST_PROMPTS, None),
}

CHILD = (
    "import time\n"
    "t = time.perf_counter()\n"
    "{statement}\n"
    "print(time.perf_counter() - t)\n"
)


def sample(statement: str) -> tuple[float, float]:
    """(import seconds, whole-process seconds) of one fresh interpreter."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", CHILD.format(statement=statement)],
        capture_output=True, text=True, check=True, cwd=ROOT, env=env,
    )
    process = time.perf_counter() - start
    return float(out.stdout.strip().splitlines()[-1]), process


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT, check=True).stdout.strip()


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def measure(runs: int) -> dict[str, object]:
    load_before = loadavg()
    results = {}
    for name, (statement, target) in IMPORTS.items():
        sample(statement)  # warm the file cache and the bytecode; not counted
        imports, processes = [], []
        for _ in range(runs):
            imp, proc = sample(statement)
            imports.append(round(imp, 4))
            processes.append(round(proc, 4))
        median = statistics.median(imports)
        results[name] = {
            "statement": statement,
            "median_import_s": round(median, 4),
            "median_process_s": round(statistics.median(processes), 4),
            "import_s": imports,
            "process_s": processes,
            "target_s": target,
            "meets_target": None if target is None else median <= target,
        }
    return {
        "what": f"median of {runs} fresh processes per import (one warm-up process before each)",
        "commit": git("rev-parse", "HEAD"),
        "dirty": bool(git("status", "--porcelain", "--untracked-files=no")),
        "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "machine": {
            "cpu_model": cpu_model(),
            "cores": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
        },
        "loadavg_before": load_before,
        "loadavg_after": loadavg(),
        "command": "python " + " ".join(shlex.quote(a) for a in [f"scripts/{Path(__file__).name}", *sys.argv[1:]]),
        "results": results,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per import (default 5)")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="JSON file to write; '-' prints only")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be >= 1")
    record = measure(args.runs)
    text = json.dumps(record, indent=2) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        for name, res in record["results"].items():  # type: ignore[union-attr]
            target = "" if res["target_s"] is None else f"  (target <= {res['target_s']} s)"
            print(f"{name:55s} median {res['median_import_s']:.3f} s{target}")
        print(f"written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
