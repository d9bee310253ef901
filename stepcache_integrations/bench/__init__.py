"""The paper's benchmark: StepCache side by side with no cache, exact-match and semantic caches.

``stepcache bench --quick`` (one seed, a subset, a few minutes) or ``--full`` (seeds 42, 43,
44). Pieces: :mod:`.workload` (seeded prompts and perturbations), :mod:`.integrity` (the
benchmark's own correctness checks), :mod:`.systems` (the compared caches), :mod:`.runner`
(interleaved measurement), :mod:`.report` (tables, JSON, plots).
"""

from __future__ import annotations

from .integrity import CheckResult, check
from .runner import MODES, BenchConfig, CountingLLM, run_benchmark
from .workload import JSON_KINDS, MATH_KINDS, Request, Workload, generate_workload

__all__ = [
    "JSON_KINDS",
    "MATH_KINDS",
    "MODES",
    "BenchConfig",
    "CheckResult",
    "CountingLLM",
    "Request",
    "Workload",
    "check",
    "generate_workload",
    "run_benchmark",
]
