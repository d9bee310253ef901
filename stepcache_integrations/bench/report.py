"""Summaries, ``report.md``, ``results.json`` and PNG plots of a benchmark run."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from typing import Any

from .systems import SYSTEM_LABELS

__all__ = [
    "OUTCOMES",
    "PAPER",
    "TARGETS",
    "format_table",
    "paper_comparison",
    "plot_all",
    "render_report",
    "summarize",
    "write_outputs",
]

OUTCOMES = ("reuse", "reinstantiate", "patch", "skip_reuse", "miss", "error")

#: The paper's reported numbers (arXiv 2603.28795; CPU micro-benchmark, 222 requests per seed,
#: seeds 42-44, averaged): no cache vs StepCache. Only what the paper states is listed.
PAPER = {
    "no_cache": {
        "mean_s": 2.13,
        "median_s": 2.42,
        "p95_s": 3.38,
        "tokens_per_request": 162.7,
        "total_tokens": 36100,
        "task_ok": 0.725,
    },
    "stepcache": {
        "mean_s": 0.67,
        "median_s": 0.010,
        "total_tokens": 27300,
        "task_ok": 1.0,
        "speedup": 3.2,
        "token_reduction": 0.24,
    },
    "requests_per_seed": 222,
}

#: What the issue asks StepCache to reach on this benchmark.
TARGETS = {
    "correctness": 1.0,
    "speedup_min": 4.0,
    "median_max_s": 0.005,
    "token_reduction_min": 0.40,
}


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _metrics(records: list[dict[str, Any]]) -> dict[str, Any]:
    lat = [r["latency_s"] for r in records]
    n = len(records)
    prompt = sum(r["prompt_tokens"] for r in records)
    completion = sum(r["completion_tokens"] for r in records)
    outcomes = {o: 0 for o in OUTCOMES}
    for r in records:
        outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
    return {
        "requests": n,
        "mean_s": statistics.fmean(lat) if lat else float("nan"),
        "median_s": statistics.median(lat) if lat else float("nan"),
        "p95_s": _percentile(lat, 0.95),
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "tokens_per_request": (prompt + completion) / n if n else 0.0,
        "model_calls": sum(r["model_calls"] for r in records),
        "task_ok": sum(bool(r["task_ok"]) for r in records) / n if n else 0.0,
        "integrity_ok": sum(bool(r["integrity_ok"]) for r in records) / n if n else 0.0,
        "outcomes": outcomes,
        "server_cached_prompt_tokens": sum(
            r.get("server_cached_prompt_tokens", 0) for r in records
        ),
    }


def _relative(metrics: dict[str, Any], baseline: dict[str, Any] | None) -> None:
    if not baseline:
        return
    if metrics["mean_s"] > 0:
        metrics["speedup"] = baseline["mean_s"] / metrics["mean_s"]
    if baseline["total_tokens"]:
        metrics["token_reduction"] = (
            1.0 - metrics["total_tokens"] / baseline["total_tokens"]
        )


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    """Metrics per system and seed, their average over seeds, and correctness per task/kind."""
    per_seed: dict[str, dict[str, Any]] = {}
    systems: list[str] = []
    all_records: list[dict[str, Any]] = []
    for seed, data in results["seeds"].items():
        for name in data["systems"]:
            if name not in systems:
                systems.append(name)
        records = data["records"]
        all_records += records
        per_seed[seed] = {}
        for name in data["systems"]:
            per_seed[seed][name] = _metrics([r for r in records if r["system"] == name])
        for name in data["systems"]:
            _relative(per_seed[seed][name], per_seed[seed].get("no_cache"))

    averaged: dict[str, Any] = {}
    scalar_keys = (
        "requests",
        "mean_s",
        "median_s",
        "p95_s",
        "prompt_tokens",
        "completion_tokens",
        "total_tokens",
        "tokens_per_request",
        "model_calls",
        "task_ok",
        "integrity_ok",
        "speedup",
        "token_reduction",
    )
    for name in systems:
        rows = [per_seed[s][name] for s in per_seed if name in per_seed[s]]
        avg: dict[str, Any] = {}
        for key in scalar_keys:
            vals = [row[key] for row in rows if key in row]
            if vals:
                avg[key] = statistics.fmean(vals)
        avg["outcomes"] = {
            o: sum(row["outcomes"].get(o, 0) for row in rows) for o in OUTCOMES
        }
        pooled = [r["latency_s"] for r in all_records if r["system"] == name]
        avg["pooled_median_s"] = statistics.median(pooled) if pooled else float("nan")
        avg["pooled_p95_s"] = _percentile(pooled, 0.95)
        averaged[name] = avg

    by_kind: dict[str, dict[str, dict[str, float]]] = {}
    for name in systems:
        mine = [r for r in all_records if r["system"] == name]
        kinds = sorted({f"{r['task']}/{r['kind']}" for r in mine})
        by_kind[name] = {}
        for kind in kinds:
            rows = [r for r in mine if f"{r['task']}/{r['kind']}" == kind]
            by_kind[name][kind] = {
                "n": len(rows),
                "task_ok": sum(r["task_ok"] for r in rows) / len(rows),
                "integrity_ok": sum(r["integrity_ok"] for r in rows) / len(rows),
                "reuse_share": sum(r["outcome"] != "miss" for r in rows) / len(rows),
            }
    targets = _targets(averaged)
    return {
        "systems": systems,
        "per_seed": per_seed,
        "averaged": averaged,
        "by_kind": by_kind,
        "targets": targets,
    }


def _targets(averaged: dict[str, Any]) -> dict[str, Any]:
    sc, base = averaged.get("stepcache"), averaged.get("no_cache")
    if not sc or not base:
        return {}
    return {
        "correctness_task": {
            "value": sc["task_ok"],
            "target": "100%",
            "met": sc["task_ok"] >= 1.0,
        },
        "correctness_integrity": {
            "value": sc["integrity_ok"],
            "target": "100%",
            "met": sc["integrity_ok"] >= 1.0,
        },
        "speedup": {
            "value": sc.get("speedup", 0.0),
            "target": ">= 4x",
            "met": sc.get("speedup", 0.0) >= TARGETS["speedup_min"],
        },
        "median": {
            "value": sc["median_s"],
            "target": "<= 5 ms",
            "met": sc["median_s"] <= TARGETS["median_max_s"],
        },
        "token_reduction": {
            "value": sc.get("token_reduction", 0.0),
            "target": ">= 40%",
            "met": sc.get("token_reduction", 0.0) >= TARGETS["token_reduction_min"],
        },
        "p95": {
            "value": sc["p95_s"],
            "target": f"< no cache ({base['p95_s']:.2f} s)",
            "met": sc["p95_s"] < base["p95_s"],
        },
    }


# -- rendering ---------------------------------------------------------------------------------


def _label(name: str) -> str:
    return SYSTEM_LABELS.get(name, name)


def _ms(seconds: float) -> str:
    if math.isnan(seconds):
        return "-"
    if seconds < 0.1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def format_table(headers: list[str], rows: list[list[str]]) -> str:
    """A GitHub-flavoured Markdown table."""
    lines = [
        "| " + " | ".join(headers) + " |",
        "|" + "|".join(" --- " for _ in headers) + "|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _main_rows(metrics: dict[str, Any], systems: list[str]) -> list[list[str]]:
    rows = []
    for name in systems:
        m = metrics.get(name)
        if not m:
            continue
        rows.append(
            [
                _label(name),
                _ms(m["mean_s"]),
                _ms(m["median_s"]),
                _ms(m["p95_s"]),
                f"{m.get('speedup', 1.0):.2f}x" if name != "no_cache" else "1.00x",
                f"{m['prompt_tokens']:.0f}",
                f"{m['completion_tokens']:.0f}",
                f"{m['total_tokens']:.0f}",
                f"{m['tokens_per_request']:.1f}",
                _pct(m.get("token_reduction")) if name != "no_cache" else "-",
                f"{m['model_calls']:.0f}",
                _pct(m["task_ok"]),
                _pct(m["integrity_ok"]),
            ]
        )
    return rows


MAIN_HEADERS = [
    "System",
    "Mean",
    "Median",
    "p95",
    "Speedup (mean)",
    "Prompt tok",
    "Completion tok",
    "Total tok",
    "Tok/request",
    "Token reduction",
    "Model calls",
    "Task check",
    "Integrity check",
]


def _outcome_rows(metrics: dict[str, Any], systems: list[str]) -> list[list[str]]:
    rows = []
    for name in systems:
        m = metrics.get(name)
        if not m:
            continue
        total = sum(m["outcomes"].values()) or 1
        rows.append(
            [_label(name)]
            + [
                f"{m['outcomes'].get(o, 0)} ({100 * m['outcomes'].get(o, 0) / total:.0f}%)"
                for o in OUTCOMES
            ]
        )
    return rows


def paper_comparison(averaged: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Headers and rows: the paper's no-cache / StepCache numbers beside ours."""
    headers = [
        "",
        "Mean",
        "Median",
        "p95",
        "Tokens/request",
        "Total tokens/seed",
        "Token reduction",
        "Speedup (mean)",
        "Task check",
    ]
    rows = []
    for name, label in (("no_cache", "No cache"), ("stepcache", "StepCache")):
        paper, ours = PAPER[name], averaged[name]
        rows.append(
            [
                f"Paper: {label}",
                _ms(paper["mean_s"]),
                _ms(paper["median_s"]),
                _ms(paper["p95_s"]) if "p95_s" in paper else "n/a",
                f"{paper['tokens_per_request']:.1f}"
                if "tokens_per_request" in paper
                else f"{paper['total_tokens'] / PAPER['requests_per_seed']:.1f}",
                f"{paper['total_tokens'] / 1000:.1f}k",
                _pct(paper.get("token_reduction")) if name == "stepcache" else "-",
                f"{paper['speedup']:.1f}x" if name == "stepcache" else "1.00x",
                _pct(paper["task_ok"]),
            ]
        )
        rows.append(
            [
                f"Ours: {label}",
                _ms(ours["mean_s"]),
                _ms(ours["median_s"]),
                _ms(ours["p95_s"]),
                f"{ours['tokens_per_request']:.1f}",
                f"{ours['total_tokens'] / 1000:.1f}k",
                _pct(ours.get("token_reduction")) if name == "stepcache" else "-",
                f"{ours.get('speedup', 1.0):.2f}x",
                _pct(ours["task_ok"]),
            ]
        )
    return headers, rows


def render_report(
    results: dict[str, Any], summary: dict[str, Any], plots: dict[str, str]
) -> str:
    """The Markdown report."""
    cfg = results["config"]
    machine = results["machine"]
    systems = summary["systems"]
    seeds = list(results["seeds"])
    first = results["seeds"][seeds[0]]
    n_req = len(first["workload"]["requests"])
    n_base = len(first["workload"]["bases"])
    out: list[str] = []
    out.append(f"# StepCache benchmark ({cfg['mode']})\n")
    out.append(
        f"Seeds {', '.join(seeds)}; per seed {n_base} base prompts warm every cache first (not measured), "
        f"then {n_req} perturbed requests are measured on each of {len(systems)} systems "
        f"(the paper: {PAPER['requests_per_seed']} requests per seed). Model: `{cfg['model']}` at "
        f"`{cfg['base_url']}` through LangChain `ChatOpenAI`, temperature 0, max_tokens {cfg['max_tokens']}, "
        + (
            "`cache_prompt: false` sent to the server for every request of every system, so llama.cpp's "
            "prompt-prefix reuse helps no system. "
            if cfg.get("disable_server_prompt_cache")
            else "no `cache_prompt` field sent. "
        )
        + f"Systems run interleaved (order rotated per request). Semantic threshold: cosine >= {cfg['threshold']}.\n"
    )
    if cfg.get("command"):
        out.append(f"Command: `{cfg['command']}`\n")
    out.append("Machine: " + ", ".join(f"{k} {v}" for k, v in machine.items()) + "\n")
    title = "Averaged over seeds" if len(seeds) > 1 else f"Seed {seeds[0]}"
    out.append(f"## {title}\n")
    out.append(
        format_table(MAIN_HEADERS, _main_rows(summary["averaged"], systems)) + "\n"
    )
    out.append(
        "Latency is wall-clock per request around the whole system call (embedding, lookup, model, "
        "verification). Tokens are counted from the model's `usage_metadata`, summed over the requests "
        "of one seed (averaged over seeds). *Task check*: final answer correct by substitution / JSON "
        "parses with every required key. *Integrity check*: additionally `Answer: <var> = ...` line, "
        "no stale variable name or constant of the cached prompt, every JSON value as the prompt says.\n"
    )
    if summary.get("targets"):
        out.append("### StepCache against the targets\n")
        rows = []
        for key, t in summary["targets"].items():
            value = t["value"]
            shown = (
                _pct(value)
                if key.startswith("correctness") or key == "token_reduction"
                else f"{value:.2f}x"
                if key == "speedup"
                else _ms(value)
            )
            rows.append([key, shown, t["target"], "yes" if t["met"] else "**no**"])
        out.append(format_table(["Metric", "StepCache", "Target", "Met"], rows) + "\n")
    if "stepcache" in summary["averaged"] and "no_cache" in summary["averaged"]:
        out.append("### Beside the paper\n")
        out.append(format_table(*paper_comparison(summary["averaged"])) + "\n")
    out.append("## Outcome mix\n")
    out.append(
        format_table(["System", *OUTCOMES], _outcome_rows(summary["averaged"], systems))
        + "\n"
    )
    out.append("## Correctness per perturbation kind (task check / integrity check)\n")
    kinds = sorted({k for name in systems for k in summary["by_kind"].get(name, {})})
    rows = []
    for kind in kinds:
        row = [kind]
        for name in systems:
            m = summary["by_kind"].get(name, {}).get(kind)
            row.append(
                "-"
                if not m
                else f"{100 * m['task_ok']:.0f}% / {100 * m['integrity_ok']:.0f}%"
            )
        rows.append(row)
    out.append(format_table(["Task/kind", *[_label(s) for s in systems]], rows) + "\n")
    if len(seeds) > 1:
        out.append("## Per seed\n")
        for seed in seeds:
            out.append(f"### Seed {seed}\n")
            out.append(
                format_table(
                    MAIN_HEADERS, _main_rows(summary["per_seed"][seed], systems)
                )
                + "\n"
            )
    out.append("## Warm-up\n")
    rows = []
    for seed in seeds:
        warm = results["seeds"][seed]["warm"]
        extra = (
            ", ".join(
                f"{_label(n)}: {v.get('extra_model_calls', 0)} extra calls"
                for n, v in warm["per_system"].items()
                if v.get("extra_model_calls")
            )
            or "none"
        )
        rows.append(
            [
                seed,
                str(warm["base_prompts"]),
                str(warm["shared_model_calls"]),
                str(warm["shared_prompt_tokens"] + warm["shared_completion_tokens"]),
                extra,
            ]
        )
    out.append(
        "Each base prompt is sent to the model once; the same answer is put into every cache "
        "(StepCache verifies it and may repair it with extra model calls). Not part of the measured numbers.\n"
    )
    out.append(
        format_table(
            ["Seed", "Base prompts", "Model calls", "Tokens", "Extra calls"], rows
        )
        + "\n"
    )
    if plots:
        out.append("## Plots\n")
        for title, path in plots.items():
            out.append(f"![{title}]({path})\n")
    return "\n".join(out)


def plot_all(
    results: dict[str, Any], summary: dict[str, Any], out_dir: Path
) -> dict[str, str]:
    """Latency CDF, tokens per system, outcome mix, correctness; returns {title: file name}."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    systems = summary["systems"]
    records = [r for data in results["seeds"].values() for r in data["records"]]
    colors = {
        "no_cache": "#7f7f7f",
        "exact": "#1f77b4",
        "semantic": "#ff7f0e",
        "gptcache": "#9467bd",
        "stepcache": "#2ca02c",
    }
    files: dict[str, str] = {}

    fig, ax = plt.subplots(figsize=(8, 4.8))
    for name in systems:
        lat = sorted(max(r["latency_s"], 1e-5) for r in records if r["system"] == name)
        if not lat:
            continue
        ys = [(i + 1) / len(lat) for i in range(len(lat))]
        style = "--" if name == "no_cache" else "-"  # no cache and exact match overlap
        ax.step(
            lat,
            ys,
            where="post",
            label=_label(name),
            color=colors.get(name),
            linewidth=2,
            linestyle=style,
            zorder=3 if name == "no_cache" else 2,
        )
    ax.set_xscale("log")
    ax.set_xlabel("latency per request (s, log scale)")
    ax.set_ylabel("fraction of requests")
    ax.set_title("Latency CDF (all seeds)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(out_dir / "latency_cdf.png", dpi=120)
    plt.close(fig)
    files["Latency CDF"] = "latency_cdf.png"

    avg = summary["averaged"]
    labels = [_label(n).split(" (")[0] for n in systems]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    prompt = [avg[n]["prompt_tokens"] for n in systems]
    completion = [avg[n]["completion_tokens"] for n in systems]
    ax.bar(labels, prompt, label="prompt tokens", color="#6baed6")
    ax.bar(
        labels, completion, bottom=prompt, label="completion tokens", color="#fd8d3c"
    )
    for i, n in enumerate(systems):
        ax.text(
            i,
            prompt[i] + completion[i],
            f"{prompt[i] + completion[i]:.0f}",
            ha="center",
            va="bottom",
            fontsize=8,
        )
    ax.set_ylabel("tokens per seed (measured requests)")
    ax.set_title("Model tokens per system")
    ax.legend()
    plt.setp(ax.get_xticklabels(), rotation=15, ha="right")
    fig.tight_layout()
    fig.savefig(out_dir / "tokens.png", dpi=120)
    plt.close(fig)
    files["Tokens per system"] = "tokens.png"

    fig, ax = plt.subplots(figsize=(8, 4.5))
    outcome_colors = {
        "reuse": "#2ca02c",
        "reinstantiate": "#98df8a",
        "patch": "#ffbb78",
        "skip_reuse": "#c5b0d5",
        "miss": "#d62728",
        "error": "#000000",
    }
    left = [0.0] * len(systems)
    for outcome in OUTCOMES:
        shares = []
        for n in systems:
            total = sum(avg[n]["outcomes"].values()) or 1
            shares.append(100 * avg[n]["outcomes"].get(outcome, 0) / total)
        if not any(shares):
            continue
        ax.barh(labels, shares, left=left, label=outcome, color=outcome_colors[outcome])
        left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.set_xlabel("% of requests")
    ax.set_xlim(0, 100)
    ax.set_title("Outcome mix")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, -0.35), ncol=6, fontsize=8)
    fig.tight_layout()
    fig.savefig(out_dir / "outcomes.png", dpi=120)
    plt.close(fig)
    files["Outcome mix"] = "outcomes.png"

    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.38
    xs = list(range(len(systems)))
    ax.bar(
        [x - width / 2 for x in xs],
        [100 * avg[n]["task_ok"] for n in systems],
        width,
        label="task check",
        color="#9ecae1",
    )
    ax.bar(
        [x + width / 2 for x in xs],
        [100 * avg[n]["integrity_ok"] for n in systems],
        width,
        label="integrity check",
        color="#3182bd",
    )
    for x, n in zip(xs, systems, strict=True):
        ax.text(
            x - width / 2,
            100 * avg[n]["task_ok"] + 1,
            f"{100 * avg[n]['task_ok']:.0f}%",
            ha="center",
            fontsize=7,
        )
        ax.text(
            x + width / 2,
            100 * avg[n]["integrity_ok"] + 1,
            f"{100 * avg[n]['integrity_ok']:.0f}%",
            ha="center",
            fontsize=7,
        )
    ax.set_xticks(xs)
    ax.set_xticklabels(labels, rotation=15, ha="right")
    ax.set_ylim(0, 110)
    ax.set_ylabel("% correct")
    ax.set_title("Correctness per system")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out_dir / "correctness.png", dpi=120)
    plt.close(fig)
    files["Correctness"] = "correctness.png"
    return files


def write_outputs(
    results: dict[str, Any], out_dir: str | Path, *, plots: bool = True
) -> dict[str, Any]:
    """Write ``results.json``, ``report.md`` and the PNGs; return the summary and paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    summary = summarize(results)
    results = dict(results, summary=summary)
    plot_files = plot_all(results, summary, out) if plots else {}
    (out / "results.json").write_text(json.dumps(results, indent=1, default=str))
    report = render_report(results, summary, plot_files)
    (out / "report.md").write_text(report)
    return {
        "summary": summary,
        "report": str(out / "report.md"),
        "results": str(out / "results.json"),
        "plots": {k: str(out / v) for k, v in plot_files.items()},
        "report_text": report,
    }
