"""Numbers of a benchmark run: per system and seed, averaged per seed group, control, hit path.

Seed groups are reported separately: ``paper`` (seeds 42-44, comparable with the
paper), ``held_out`` (seeds the engine was never tuned on) and ``hard`` (the hard
workload). ``summarize(results)["groups"][group]`` holds each group's numbers; the
first group's are also at the top level.
"""

from __future__ import annotations

import statistics
from typing import Any

from stepcache_integrations.core import outcomes as vocabulary
from stepcache_integrations.core.outcomes import OUTCOMES as ENGINE_OUTCOMES

__all__ = [
    "GROUP_TITLES",
    "OUTCOMES",
    "SOURCES",
    "TARGETS",
    "answer_source",
    "vocabulary_source",
    "claims_proven",
    "percentile",
    "summarize",
]

OUTCOMES = (*ENGINE_OUTCOMES, "error")  # the library's vocabulary, plus a system that raised

#: where an answer's text came from (see :func:`answer_source`)
SOURCES = ("model", "patch", "reused", "reinstantiated", "fallback", "cached_fallback", "error")

GROUP_TITLES = {
    "paper": "Paper workload, seeds {seeds} (as in the paper)",
    "held_out": "Paper workload, held-out seeds {seeds}",
    "hard": "Hard workload, seeds {seeds}",
    "hard_held_out": "Hard workload, held-out seeds {seeds}",
    "hard_templates": "Hard workload, held-out templates (bench_data/heldout_hard_templates.json), {seeds}",
}

#: What the issue asks StepCache to reach on the paper workload.
TARGETS = {
    "correctness": 1.0,
    "speedup_min": 4.0,
    "median_max_s": 0.005,
    "token_reduction_min": 0.40,
}

_FROM_OUTCOME = {"miss": "model", "skip_reuse": "model", "patch": "patch", "reuse": "reused",
                 "reinstantiate": "reinstantiated", "error": "error"}


def answer_source(record: dict[str, Any]) -> str:
    """One of :data:`SOURCES`.

    ``model``: written by the model for this request; ``patch``: a reused prefix plus
    model-written steps; ``reused`` / ``reinstantiated``: cached text the model wrote
    (re-instantiated: rewritten for new constants, names or values); ``fallback``: the
    engine's deterministic fallback for this request; ``cached_fallback``: reused or
    re-instantiated text that the fallback wrote earlier (warm-up or an earlier request).
    """
    source = record.get("source") or _FROM_OUTCOME.get(record.get("outcome", ""), "model")
    if source in ("reused", "reinstantiated") and record.get("origin") in ("fallback", "mixed"):
        return "cached_fallback"
    return source


def vocabulary_source(record: dict[str, Any]) -> str:
    """Where one answer came from in the library's vocabulary (``core/outcomes.py``, docs/outcomes.md):
    ``exact``, ``reuse``, ``reinstantiate``, ``patch``, ``fallback`` (the deterministic fallback wrote
    it: for this request, or the cached text a reuse served) or ``model``; ``error`` when the system
    raised. The record's ``source`` (:func:`answer_source`) keeps the finer split of stored results."""
    source = answer_source(record)
    if source == "error":
        return source
    outcome = record.get("outcome")
    return vocabulary.answer_source(
        outcome if outcome in vocabulary.SUMMARY_OUTCOMES else "miss",
        used_fallback=source == "fallback", cached_fallback=source == "cached_fallback",
    )


def percentile(values: list[float], q: float) -> float:
    """Linear-interpolated percentile (``q`` in 0..1)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _wrong_without_model(record: dict[str, Any]) -> bool:
    return record["model_calls"] == 0 and not record["integrity_ok"] and not record.get("error")


def claims_proven(record: dict[str, Any]) -> bool:
    """The system said ``verified=True`` (StepCache: verification level ``proven``) for this answer.

    A record written before the levels existed has no ``verification`` field; its ``verified`` meant
    "passed its checks", not proven, so it claims nothing here (see ``verification_recorded``).
    """
    return record.get("verification") == "proven"


def _verified_counts(records: list[dict[str, Any]]) -> dict[str, Any]:
    """How many answers claimed ``verified=True`` / ``proven``, how many of those the oracle passed,
    and whether the records carry the level at all."""
    claimed = [r for r in records if claims_proven(r)]
    return {"verified": len(claimed), "verified_right": sum(bool(r["integrity_ok"]) for r in claimed),
            "verification_recorded": any("verification" in r for r in records)}


def _counts(records: list[dict[str, Any]]) -> tuple[dict[str, int], dict[str, int]]:
    outcomes = dict.fromkeys(OUTCOMES, 0)
    sources = dict.fromkeys(SOURCES, 0)
    for r in records:
        outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
        sources[answer_source(r)] += 1
    return outcomes, sources


def _metrics(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Latency, tokens, calls, correctness, outcomes and answer sources of one system's records."""
    lat = [r["latency_s"] for r in records]
    n = len(records) or 1
    prompt = sum(r["prompt_tokens"] for r in records)
    completion = sum(r["completion_tokens"] for r in records)
    outcomes, sources = _counts(records)
    return {
        "requests": len(records),
        "mean_s": statistics.fmean(lat) if lat else float("nan"),
        "median_s": statistics.median(lat) if lat else float("nan"),
        "p95_s": percentile(lat, 0.95),
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "tokens_per_request": (prompt + completion) / n,
        "model_calls": sum(r["model_calls"] for r in records),
        "correct": sum(bool(r["integrity_ok"]) for r in records),
        "wrong_without_model": sum(map(_wrong_without_model, records)),
        "task_ok": sum(bool(r["task_ok"]) for r in records) / n,
        "integrity_ok": sum(bool(r["integrity_ok"]) for r in records) / n,
        "outcomes": outcomes,
        "sources": sources,
        **_verified_counts(records),
        "server_cached_prompt_tokens": sum(r.get("server_cached_prompt_tokens", 0) for r in records),
    }


def _warm_cost(warm: dict[str, Any], name: str) -> tuple[int, int]:
    """(model calls, tokens) of one system's warm-up: the shared base calls plus its own extra calls."""
    if name == "no_cache":
        return 0, 0
    own = warm.get("per_system", {}).get(name, {})
    calls = warm["shared_model_calls"] + own.get("extra_model_calls", 0)
    tokens = warm["shared_prompt_tokens"] + warm["shared_completion_tokens"] + own.get("extra_tokens", 0)
    return calls, tokens


def _seed_metrics(block: dict[str, Any]) -> dict[str, Any]:
    """Metrics per system of one pass (``{"systems", "warm", "records"}``) of one seed."""
    out = {}
    for name in block["systems"]:
        metrics = _metrics([r for r in block["records"] if r["system"] == name])
        calls, tokens = _warm_cost(block["warm"], name)
        own = block["warm"].get("per_system", {}).get(name, {})
        metrics.update(
            warm_model_calls=calls,
            warm_extra_model_calls=own.get("extra_model_calls", 0) if name != "no_cache" else 0,
            warm_tokens=tokens,
            total_model_calls=calls + metrics["model_calls"],
            all_tokens=tokens + metrics["total_tokens"],
        )
        out[name] = metrics
    base = out.get("no_cache")
    for metrics in out.values():
        if base and metrics["mean_s"] > 0:
            metrics["speedup"] = base["mean_s"] / metrics["mean_s"]
        if base and base["total_tokens"]:
            metrics["token_reduction"] = 1.0 - metrics["total_tokens"] / base["total_tokens"]
    return out


_SCALARS = (
    "requests", "mean_s", "median_s", "p95_s", "prompt_tokens", "completion_tokens", "total_tokens",
    "tokens_per_request", "model_calls", "correct", "wrong_without_model", "task_ok", "integrity_ok",
    "speedup", "token_reduction", "warm_model_calls", "warm_extra_model_calls", "warm_tokens",
    "total_model_calls", "all_tokens",
)


def _average_one(rows: list[dict[str, Any]], pooled: list[float]) -> dict[str, Any]:
    avg: dict[str, Any] = {}
    for key in _SCALARS:
        vals = [row[key] for row in rows if key in row]
        if vals:
            avg[key] = statistics.fmean(vals)
    for key in ("outcomes", "sources"):  # counts over all seeds
        avg[key] = {o: sum(row[key].get(o, 0) for row in rows) for o in rows[0][key]}
    for key in ("correct", "wrong_without_model", "requests", "model_calls", "verified", "verified_right"):
        avg[f"{key}_all_seeds"] = sum(row.get(key, 0) for row in rows)
    avg["verification_recorded"] = any(row.get("verification_recorded") for row in rows)
    avg["pooled_median_s"] = statistics.median(pooled) if pooled else float("nan")
    avg["pooled_p95_s"] = percentile(pooled, 0.95)
    return avg


def _average(per_seed: dict[str, dict[str, Any]], systems: list[str], records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per system: scalars averaged over seeds, counts summed over seeds, pooled latency percentiles."""
    averaged: dict[str, Any] = {}
    for name in systems:
        rows = [per_seed[s][name] for s in per_seed if name in per_seed[s]]
        if rows:
            averaged[name] = _average_one(rows, [r["latency_s"] for r in records if r["system"] == name])
    return averaged


def _kind_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    return {
        "n": n,
        "task_ok": sum(bool(r["task_ok"]) for r in rows) / n,
        "integrity_ok": sum(bool(r["integrity_ok"]) for r in rows) / n,
        "correct": sum(bool(r["integrity_ok"]) for r in rows),
        "wrong_without_model": sum(map(_wrong_without_model, rows)),
        "model_calls": sum(r["model_calls"] for r in rows),
        "tokens": sum(r["prompt_tokens"] + r["completion_tokens"] for r in rows),
        "mean_s": statistics.fmean(r["latency_s"] for r in rows),
        "reuse_share": sum(r["outcome"] != "miss" for r in rows) / n,
        **_verified_counts(rows),
    }


def _by_kind(records: list[dict[str, Any]], systems: list[str]) -> dict[str, dict[str, Any]]:
    """Per system and ``task/kind``: correctness, wrong answers without a model call, cost, latency."""
    grouped: dict[str, dict[str, list[dict[str, Any]]]] = {name: {} for name in systems}
    for r in records:
        grouped.setdefault(r["system"], {}).setdefault(f"{r['task']}/{r['kind']}", []).append(r)
    return {name: {kind: _kind_row(rows) for kind, rows in sorted(kinds.items())} for name, kinds in grouped.items()}


def _hit_entry(hits: list[dict[str, Any]], engine: list[dict[str, float]]) -> dict[str, Any]:
    lat = [r["latency_s"] for r in hits]
    names = sorted({s for r in hits for s in r.get("timings", {})})
    stages = {stage: sum(r.get("timings", {}).get(stage, 0.0) for r in hits) / len(hits) for stage in names}
    entry = {
        "hits": len(hits),
        "median_s": statistics.median(lat),
        "mean_s": statistics.fmean(lat),
        "p95_s": percentile(lat, 0.95),
        "stages_mean_s": stages,
        "other_mean_s": statistics.fmean(lat) - sum(stages.values()),
    }
    if engine:
        keys = sorted({k for e in engine for k in e})
        entry["engine_mean_stage_seconds"] = {k: statistics.fmean(e.get(k, 0.0) for e in engine) for k in keys}
    return entry


def _is_hit(record: dict[str, Any]) -> bool:
    return record["model_calls"] == 0 and record["outcome"] != "miss" and not record.get("error")


def _hit_path(records: list[dict[str, Any]], systems: list[str], engine_stats: list[dict[str, Any]]) -> dict[str, Any]:
    """Latency of answers served from the cache without a model call, with the cache's stage timings."""
    out: dict[str, Any] = {}
    for name in systems:
        hits = [r for r in records if r["system"] == name and _is_hit(r)]
        engine = [s[name].get("mean_stage_seconds", {}) for s in engine_stats if name in s]
        if hits:
            out[name] = _hit_entry(hits, engine)
    return out


def _targets(averaged: dict[str, Any]) -> dict[str, Any]:
    sc, base = averaged.get("stepcache"), averaged.get("no_cache")
    if not sc or not base:
        return {}
    checks = {
        "correctness_task": (sc["task_ok"], "100%", sc["task_ok"] >= TARGETS["correctness"]),
        "correctness_integrity": (sc["integrity_ok"], "100%", sc["integrity_ok"] >= TARGETS["correctness"]),
        "speedup": (sc.get("speedup", 0.0), ">= 4x", sc.get("speedup", 0.0) >= TARGETS["speedup_min"]),
        "median": (sc["median_s"], "<= 5 ms", sc["median_s"] <= TARGETS["median_max_s"]),
        "token_reduction": (sc.get("token_reduction", 0.0), ">= 40%",
                            sc.get("token_reduction", 0.0) >= TARGETS["token_reduction_min"]),
        "p95": (sc["p95_s"], f"< no cache ({base['p95_s']:.2f} s)", sc["p95_s"] < base["p95_s"]),
    }
    return {key: {"value": v, "target": t, "met": bool(m)} for key, (v, t, m) in checks.items()}


def _group_summary(group: str, seeds: dict[str, dict[str, Any]]) -> dict[str, Any]:
    systems: list[str] = []
    for data in seeds.values():
        systems += [n for n in data["systems"] if n not in systems]
    records = [r for data in seeds.values() for r in data["records"]]
    per_seed = {seed: _seed_metrics(data) for seed, data in seeds.items()}
    averaged = _average(per_seed, systems, records)
    summary: dict[str, Any] = {
        "group": group,
        "seeds": list(seeds),
        "systems": systems,
        "per_seed": per_seed,
        "averaged": averaged,
        "by_kind": _by_kind(records, systems),
        "targets": _targets(averaged) if group == "paper" else {},
        "hit_path": _hit_path(records, systems, [d.get("engine_stats", {}) for d in seeds.values()]),
    }
    controls = {seed: data["control"] for seed, data in seeds.items() if data.get("control")}
    if controls:
        control_records = [r for c in controls.values() for r in c["records"]]
        control_per_seed = {seed: _seed_metrics(c) for seed, c in controls.items()}
        summary["control"] = {
            "averaged": _average(control_per_seed, systems, control_records),
            "by_kind": _by_kind(control_records, systems),
        }
    return summary


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    """Per group (``paper`` / ``held_out`` / ``hard``): metrics per system and seed, averages, control, hit path."""
    grouped: dict[str, dict[str, Any]] = {}
    for seed, data in results["seeds"].items():
        group = data.get("group") or ("hard" if results.get("config", {}).get("workload") == "hard" else "paper")
        grouped.setdefault(group, {})[seed] = data
    groups = {group: _group_summary(group, seeds) for group, seeds in grouped.items()}
    primary = next(iter(groups))
    summary = dict(groups[primary])
    summary["groups"] = groups
    summary["primary"] = primary
    return summary
