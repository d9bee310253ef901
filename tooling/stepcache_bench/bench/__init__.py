"""The benchmark: StepCache side by side with no cache, exact-match and semantic caches.

``stepcache bench --quick`` (one seed, a subset, a few minutes), ``--full`` (the paper's
seeds 42-44 plus held-out seeds 45-47, reported separately) or ``--hard`` (the soundness
issue's classes of change, oracle-checked). Every run also runs each seed against an
always-wrong stand-in model (the control row). Pieces: :mod:`.workload` and :mod:`.hard`
(seeded prompts), :mod:`.integrity` and :mod:`.oracle` (the benchmark's own checks,
independent of the engine), :mod:`.systems` (the compared caches), :mod:`.accounting`
(calls and tokens from the server's usage), :mod:`.runner` (staged, interleaved
measurement), :mod:`.summary`, :mod:`.report` and :mod:`.plots` (numbers, report.md, PNGs).

Part of the ``stepcache-bench`` tooling distribution (``tooling/`` in the repository), not of
the library; plots and the GPTCache system need its ``bench`` extra (matplotlib, tqdm,
gptcache). See BENCHMARKS.md, "What a pip user gets".
"""

from __future__ import annotations

from .accounting import CountingLLM, UsageMissingError
from .hard import HARD_CLASSES, generate_hard_workload
from .integrity import CheckResult, check
from .runner import MODES, BenchConfig, run_benchmark
from .workload import JSON_KINDS, MATH_KINDS, Request, Workload, generate_workload

__all__ = [
    "HARD_CLASSES",
    "JSON_KINDS",
    "MATH_KINDS",
    "MODES",
    "BenchConfig",
    "CheckResult",
    "CountingLLM",
    "Request",
    "UsageMissingError",
    "Workload",
    "check",
    "generate_hard_workload",
    "generate_workload",
    "run_benchmark",
]
