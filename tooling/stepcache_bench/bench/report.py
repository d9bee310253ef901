"""``report.md``, ``results.json``, PNG plots and the terminal summary of a benchmark run."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from stepcache_integrations.core.outcomes import ANSWER_SOURCES

from .summary import GROUP_TITLES, OUTCOMES, SOURCES, TARGETS, answer_source, summarize, vocabulary_source
from .systems import SYSTEM_LABELS

__all__ = [
    "MAIN_HEADERS",
    "OUTCOMES",
    "PAPER",
    "TARGETS",
    "answer_lines",
    "format_table",
    "paper_comparison",
    "render_report",
    "summarize",
    "terminal_summary",
    "write_outputs",
]

#: The paper's reported numbers (arXiv 2603.28795; CPU micro-benchmark, 222 requests per seed,
#: seeds 42-44, averaged): no cache vs StepCache. Only what the paper states is listed.
PAPER = {
    "no_cache": {"mean_s": 2.13, "median_s": 2.42, "p95_s": 3.38, "tokens_per_request": 162.7,
                 "total_tokens": 36100, "task_ok": 0.725},
    "stepcache": {"mean_s": 0.67, "median_s": 0.010, "total_tokens": 27300, "task_ok": 1.0, "speedup": 3.2,
                  "token_reduction": 0.24},
    "requests_per_seed": 222,
}

SOURCE_LABELS = {
    "model": "model (this request)",
    "patch": "patch (reused + model)",
    "reused": "reused model text",
    "reinstantiated": "re-instantiated model text",
    "fallback": "fallback (this request)",
    "cached_fallback": "reused/re-inst. fallback text",
    "error": "error",
}


def _label(name: str) -> str:
    return SYSTEM_LABELS.get(name, name)


def _ms(seconds: float) -> str:
    if seconds is None or math.isnan(seconds):
        return "-"
    if seconds < 0.1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def format_table(headers: list[str], rows: list[list[str]]) -> str:
    """A GitHub-flavoured Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join(" --- " for _ in headers) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


MAIN_HEADERS = [
    "System", "Mean", "Median", "p95", "Speedup (mean)", "Tok/request", "Token reduction",
    "Model calls", "Task check", "Integrity check", "Wrong, no model call", "verified=True right",
]


def verified_right(m: dict[str, Any], name: str) -> str:
    """``right/claimed (share)`` of the answers the system returned with ``verified=True`` (StepCache:
    verification ``proven``) that the benchmark's oracle passed; ``-`` for a system that claims nothing."""
    claimed = m.get("verified_all_seeds", m.get("verified", 0))
    right = m.get("verified_right_all_seeds", m.get("verified_right", 0))
    if not m.get("verification_recorded", True):
        return "not recorded" if name == "stepcache" else "-"
    if not claimed:
        return "none claimed" if name == "stepcache" else "-"
    return f"{right:.0f}/{claimed:.0f} ({100 * right / claimed:.0f}%)"

COST_HEADERS = [
    "System", "Measured calls", "Measured tokens", "Warm-up calls", "of which extra", "Warm-up tokens",
    "Total calls", "Total tokens",
]


def _main_rows(metrics: dict[str, Any], systems: list[str]) -> list[list[str]]:
    rows = []
    for name in systems:
        m = metrics.get(name)
        if not m:
            continue
        rows.append([
            _label(name), _ms(m["mean_s"]), _ms(m["median_s"]), _ms(m["p95_s"]),
            f"{m.get('speedup', 1.0):.2f}x" if name != "no_cache" else "1.00x",
            f"{m['tokens_per_request']:.1f}",
            _pct(m.get("token_reduction")) if name != "no_cache" else "-",
            f"{m['model_calls']:.0f}", _pct(m["task_ok"]), _pct(m["integrity_ok"]),
            f"{m['wrong_without_model']:.1f}", verified_right(m, name),
        ])
    return rows


def _cost_rows(metrics: dict[str, Any], systems: list[str]) -> list[list[str]]:
    return [
        [_label(n), f"{m['model_calls']:.1f}", f"{m['total_tokens']:.0f}", f"{m.get('warm_model_calls', 0):.1f}",
         f"{m.get('warm_extra_model_calls', 0):.1f}", f"{m.get('warm_tokens', 0):.0f}",
         f"{m.get('total_model_calls', m['model_calls']):.1f}", f"{m.get('all_tokens', m['total_tokens']):.0f}"]
        for n in systems
        if (m := metrics.get(n))
    ]


def _count_rows(metrics: dict[str, Any], systems: list[str], key: str, columns: tuple[str, ...]) -> list[list[str]]:
    rows = []
    for name in systems:
        m = metrics.get(name)
        if not m:
            continue
        total = sum(m[key].values()) or 1
        rows.append([_label(name)] + [f"{m[key].get(c, 0)} ({100 * m[key].get(c, 0) / total:.0f}%)" for c in columns])
    return rows


def paper_comparison(averaged: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Headers and rows: the paper's no-cache / StepCache numbers beside ours."""
    headers = ["", "Mean", "Median", "p95", "Tokens/request", "Total tokens/seed", "Token reduction",
               "Speedup (mean)", "Task check"]
    rows = []
    for name, label in (("no_cache", "No cache"), ("stepcache", "StepCache")):
        paper, ours = PAPER[name], averaged[name]
        rows.append([
            f"Paper: {label}", _ms(paper["mean_s"]), _ms(paper["median_s"]),
            _ms(paper["p95_s"]) if "p95_s" in paper else "n/a",
            f"{paper['tokens_per_request']:.1f}" if "tokens_per_request" in paper
            else f"{paper['total_tokens'] / PAPER['requests_per_seed']:.1f}",
            f"{paper['total_tokens'] / 1000:.1f}k",
            _pct(paper.get("token_reduction")) if name == "stepcache" else "-",
            f"{paper['speedup']:.1f}x" if name == "stepcache" else "1.00x", _pct(paper["task_ok"]),
        ])
        rows.append([
            f"Ours: {label}", _ms(ours["mean_s"]), _ms(ours["median_s"]), _ms(ours["p95_s"]),
            f"{ours['tokens_per_request']:.1f}", f"{ours['total_tokens'] / 1000:.1f}k",
            _pct(ours.get("token_reduction")) if name == "stepcache" else "-",
            f"{ours.get('speedup', 1.0):.2f}x", _pct(ours["task_ok"]),
        ])
    return headers, rows


def _intro(results: dict[str, Any], summary: dict[str, Any]) -> list[str]:
    cfg, machine = results["config"], results["machine"]
    first = next(iter(results["seeds"].values()))
    out = [f"# StepCache benchmark ({cfg.get('workload', 'paper')} workload, {cfg['mode']})\n"]
    out.append(
        f"Per seed {len(first['workload']['bases'])} base prompts warm every cache first; then "
        f"{len(first['workload']['requests'])} perturbed requests are measured on each of "
        f"{len(summary['systems'])} systems (the paper: {PAPER['requests_per_seed']} requests per seed). "
        f"Model: `{cfg['model']}` at `{cfg['base_url']}` through LangChain `ChatOpenAI`, temperature 0, "
        f"max_tokens {cfg['max_tokens']}, "
        + ("`cache_prompt: false` sent for every request of every system. " if cfg.get("disable_server_prompt_cache")
           else "no `cache_prompt` field sent. ")
        + f"Systems run interleaved (order rotated per request). Semantic threshold: cosine >= {cfg['threshold']}. "
        "Tokens are the server's own usage counts (a response without them fails the run).\n"
    )
    if cfg.get("command"):
        out.append(f"Command: `{cfg['command']}`\n")
    prov = results.get("provenance")
    if prov:
        out.append(f"Recorded at commit {prov.get('commit')}{' (dirty tree)' if prov.get('dirty') else ''}, "
                   f"{prov.get('date')}, {prov.get('machine', {}).get('cpu')}, {prov.get('machine', {}).get('cores')} "
                   "cores.\n")
    out.append("Machine: " + ", ".join(f"{k} {v}" for k, v in machine.items()) + "\n")
    return out


def _control_section(group: dict[str, Any]) -> list[str]:
    control = group.get("control")
    if not control:
        return []
    systems = group["systems"]
    rows = []
    for name in systems:
        c, m = control["averaged"].get(name), group["averaged"].get(name)
        if not c or not m:
            continue
        rows.append([
            _label(name), f"{m['correct_all_seeds']}/{m['requests_all_seeds']}",
            f"{c['correct_all_seeds']}/{c['requests_all_seeds']}", f"{c['wrong_without_model_all_seeds']}",
            ", ".join(f"{SOURCE_LABELS[s]} {v}" for s, v in c["sources"].items() if v) or "-",
        ])
    return [
        "### Control: the same requests with an always-wrong model\n",
        "Each seed is run a second time with a stand-in model whose every answer is wrong (`WrongModel`: "
        "well-formed wrong math, JSON values `\"garbage\"`, otherwise \"I do not know.\"), warm-up included. "
        "What a system still gets right here does not come from the model.\n",
        format_table(["System", "Correct, real model", "Correct, wrong model", "Wrong, no model call (wrong model)",
                      "Answer sources (wrong model)"], rows) + "\n",
    ]


def _hit_path_section(group: dict[str, Any]) -> list[str]:
    hit = group.get("hit_path") or {}
    if not hit:
        return []
    stages = sorted({s for h in hit.values() for s in h["stages_mean_s"]})
    rows = []
    for name in group["systems"]:
        h = hit.get(name)
        if not h:
            continue
        rows.append([_label(name), str(h["hits"]), _ms(h["median_s"]), _ms(h["mean_s"]), _ms(h["p95_s"])]
                    + [_ms(h["stages_mean_s"][s]) if s in h["stages_mean_s"] else "-" for s in stages]
                    + [_ms(h["other_mean_s"])])
    text = [
        "### Hit path: answers served without a model call\n",
        "Latency of requests a cache answered without calling the model, and the mean seconds of each stage "
        "the cache reports (StepCache: `result.timings`; the semantic cache: embedding and FAISS search). "
        "*other* is the rest of the request (bookkeeping, segmentation, the benchmark wrapper).\n",
        format_table(["System", "Hits", "Median", "Mean", "p95", *[f"{s} (mean)" for s in stages], "other (mean)"], rows)
        + "\n",
    ]
    sc, sem = hit.get("stepcache"), hit.get("semantic")
    if sc and sem:
        text.append(
            f"StepCache's hit median is {_ms(sc['median_s'])} against {_ms(sem['median_s'])} for a plain semantic "
            f"hit ({sc['median_s'] / sem['median_s']:.1f}x): it verifies (and re-instantiates) the reused steps "
            "where a whole-response cache returns the cached text as is.\n"
        )
    return text


def _kind_section(group: dict[str, Any]) -> list[str]:
    systems = group["systems"]
    kinds = sorted({k for name in systems for k in group["by_kind"].get(name, {})})
    rows = []
    for kind in kinds:
        row = [kind]
        for name in systems:
            m = group["by_kind"].get(name, {}).get(kind)
            if not m:
                row.append("-")
            elif group["group"].startswith("hard"):
                row.append(f"{m['correct']}/{m['n']} ok, {m['wrong_without_model']} w/o call, "
                           f"{m['model_calls']} calls, {m['tokens']} tok, {_ms(m['mean_s'])}"
                           + (f", verified right {m['verified_right']}/{m['verified']}" if m.get("verified") else ""))
            else:
                row.append(f"{100 * m['task_ok']:.0f}% / {100 * m['integrity_ok']:.0f}%")
        rows.append(row)
    what = ("correct / wrong answers served without a model call / model calls / tokens / mean latency / "
            "answers returned with verified=True that the oracle passed"
            if group["group"].startswith("hard") else "task check / integrity check")
    return [f"### Per class of change ({what}, all seeds)\n",
            format_table(["Task/class", *[_label(s) for s in systems]], rows) + "\n"]


def _warm_section(results: dict[str, Any], group: dict[str, Any]) -> list[str]:
    rows = []
    for seed in group["seeds"]:
        warm = results["seeds"][seed]["warm"]
        extra = ", ".join(f"{_label(n)}: {v.get('extra_model_calls', 0)} calls / {v.get('extra_tokens', 0)} tokens"
                          for n, v in warm["per_system"].items() if v.get("extra_model_calls")) or "none"
        rows.append([seed, str(warm["base_prompts"]), str(warm["shared_model_calls"]),
                     str(warm["shared_prompt_tokens"] + warm["shared_completion_tokens"]), extra])
    return [
        "### Warm-up per seed (not measured; its cost is in the cost table)\n",
        "Each base prompt goes to the model once and that answer is offered to every cache. The whole-response "
        "caches store it as is; StepCache verifies it and, when it fails, may store its deterministic fallback "
        "instead of the model's answer; it asks the model to repair it (the extra calls) only with an explicit "
        "`max_repairs` or, by default, where its repair ledger shows that repairs pay (runs before 61ef78c: one "
        "repair of every failing answer).\n",
        format_table(["Seed", "Base prompts", "Base calls", "Base tokens", "Extra calls and tokens"], rows) + "\n",
    ]


def _group_section(results: dict[str, Any], group: dict[str, Any], plots: dict[str, str]) -> list[str]:
    systems, avg = group["systems"], group["averaged"]
    seeds = group["seeds"]
    out = [f"## {GROUP_TITLES.get(group['group'], group['group']).format(seeds=', '.join(seeds))}\n"]
    out.append(format_table(MAIN_HEADERS, _main_rows(avg, systems)) + "\n")
    out.append(
        "Averaged over seeds. Latency is wall-clock per request around the whole system call. *Task check* / "
        "*Integrity check*: the benchmark's own checks (`bench/integrity.py`, independent of the engine; the hard "
        "workload's oracle makes both the same verdict). *Wrong, no model call*: answers that failed the integrity "
        "check although no model was called for them (served from the cache). *verified=True right*: of the answers "
        "the system returned with `verified=True` (StepCache: verification level `proven`), how many the "
        "benchmark's oracle passed, all seeds (`-`: the system claims nothing; *not recorded*: a run from before "
        "the verification levels, whose `verified` meant only that the checks passed).\n"
    )
    out.append("### Cost per seed: measured requests, warm-up, total\n")
    out.append(format_table(COST_HEADERS, _cost_rows(avg, systems)) + "\n")
    out.append(
        "A cache's warm-up is the base calls (shared by the caches, counted for each) plus its own extra calls "
        "(StepCache's repairs of base answers that fail its verification, where it makes any); no cache has no "
        "warm-up.\n"
    )
    out.append("### Where the answers came from (all seeds)\n")
    out.append(format_table(["System", *[SOURCE_LABELS[s] for s in SOURCES]],
                            _count_rows(avg, systems, "sources", SOURCES)) + "\n")
    out += _control_section(group)
    out += _hit_path_section(group)
    if group.get("targets"):
        out.append("### StepCache against the targets\n")
        rows = []
        for key, t in group["targets"].items():
            value = t["value"]
            shown = (_pct(value) if key.startswith("correctness") or key == "token_reduction"
                     else f"{value:.2f}x" if key == "speedup" else _ms(value))
            rows.append([key, shown, t["target"], "yes" if t["met"] else "**no**"])
        out.append(format_table(["Metric", "StepCache", "Target", "Met"], rows) + "\n")
    if group["group"] == "paper" and "stepcache" in avg and "no_cache" in avg:
        out.append("### Beside the paper\n")
        out.append(format_table(*paper_comparison(avg)) + "\n")
    out.append("### Outcome mix (all seeds)\n")
    out.append(format_table(["System", *OUTCOMES], _count_rows(avg, systems, "outcomes", OUTCOMES)) + "\n")
    out += _kind_section(group)
    if len(seeds) > 1:
        out.append("### Per seed\n")
        for seed in seeds:
            out.append(f"Seed {seed}:\n\n" + format_table(MAIN_HEADERS, _main_rows(group["per_seed"][seed], systems))
                       + "\n")
    out += _warm_section(results, group)
    if plots:
        out.append("### Plots\n")
        out += [f"![{title}]({path})\n" for title, path in plots.items()]
    return out


def render_report(results: dict[str, Any], summary: dict[str, Any], plots: dict[str, Any]) -> str:
    """The Markdown report: one section per seed group. ``plots``: {group: {title: file}}."""
    out = _intro(results, summary)
    for name, group in summary["groups"].items():
        out += _group_section(results, group, plots.get(name, {}))
    return "\n".join(out)


def _plain_line(name: str, m: dict[str, Any]) -> str:
    calls = m.get("model_calls_all_seeds", m["model_calls"])
    line = (f"{_label(name).split(' (')[0]}: {m['correct_all_seeds']}/{m['requests_all_seeds']} correct, "
            f"{calls:.0f} model calls, {_ms(m['mean_s'])} mean")
    if m.get("wrong_without_model_all_seeds"):
        line += f", {m['wrong_without_model_all_seeds']} wrong without a model call"
    if m.get("verified_all_seeds"):
        line += f", verified=True right {verified_right(m, name)}"
    if name != "no_cache":
        line += f"; warm-up {m.get('warm_model_calls', 0):.0f} calls, {m.get('warm_tokens', 0):.0f} tok"
    return line


def terminal_summary(summary: dict[str, Any], width: int = 100) -> str:
    """Plain lines per seed group and system, at most ``width`` columns (the long tables are in report.md)."""
    import textwrap

    lines: list[str] = []
    for group in summary["groups"].values():
        title = GROUP_TITLES.get(group["group"], group["group"]).format(seeds=", ".join(group["seeds"]))
        lines.append(f"{title}:")
        for name in group["systems"]:
            lines.append("  " + _plain_line(name, group["averaged"][name]))
        control = group.get("control", {}).get("averaged", {})
        if control:
            parts = [f"{_label(n).split(' (')[0]} {c['correct_all_seeds']}/{c['requests_all_seeds']}"
                     for n, c in control.items()]
            lines.append("  control, always-wrong model (correct): " + ", ".join(parts))
        hit = group.get("hit_path", {})
        if "stepcache" in hit and "semantic" in hit:
            lines.append(f"  hit path (no model call), median: StepCache {_ms(hit['stepcache']['median_s'])}, "
                         f"plain semantic hit {_ms(hit['semantic']['median_s'])} (stages in report.md)")
    lines.append("Per seed and system: model calls, tokens and latency are of the measured requests only; "
                 "the warm-up (base prompts into each cache) is not measured, its cost is shown beside it.")
    wrapped: list[str] = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()))
        wrapped += textwrap.wrap(line, width=width, subsequent_indent=indent + "  ") or [""]
    return "\n".join(wrapped)


def answer_lines(results: dict[str, Any], system: str = "stepcache", limit: int = 40) -> list[str]:
    """Where each of ``system``'s measured answers came from (docs/outcomes.md: exact, reuse,
    reinstantiate, patch, fallback, model), one line per answer when there are at most ``limit``,
    then one line counting them per source: the demo's last line."""
    records = [r for data in results["seeds"].values() for r in data["records"] if r["system"] == system]
    if not records:
        return []
    sources = [vocabulary_source(r) for r in records]
    lines = []
    if len(records) <= limit:
        lines.append(f"{_label(system)}, answer by answer: where it came from (docs/outcomes.md)")
        if any(answer_source(r) == "cached_fallback" for r in records):
            lines.append("  (fallback*: text the deterministic fallback wrote for an earlier request, served again)")
        for i, (r, source) in enumerate(zip(records, sources, strict=True), 1):
            mark = "*" if answer_source(r) == "cached_fallback" else ""
            lines.append(f"  {i:>3} {r['task'] + '/' + r['kind']:<18} {source + mark:<14} (outcome {r['outcome']}, "
                         f"{r.get('verification') or 'no level'}, {'right' if r['integrity_ok'] else 'WRONG'})")
    counts = {s: sources.count(s) for s in (*ANSWER_SOURCES, "error") if s in ANSWER_SOURCES or s in sources}
    plainly = {"fallback": " (not reuse)"}
    lines.append(f"{_label(system)}'s {len(records)} answers came from: "
                 + ", ".join(f"{s} {n}{plainly.get(s, '') if n else ''}" for s, n in counts.items()))
    return lines


def write_outputs(results: dict[str, Any], out_dir: str | Path, *, plots: bool = True) -> dict[str, Any]:
    """Write ``results.json``, ``report.md`` and the PNGs; return the summary and paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    summary = summarize(results)
    results = dict(results, summary=summary)
    plot_files: dict[str, dict[str, str]] = {}
    if plots:
        from .plots import plot_group

        labels = {n: _label(n) for n in summary["systems"]} | {n: _label(n) for g in summary["groups"].values()
                                                                for n in g["systems"]}
        for name, group in summary["groups"].items():
            suffix = "" if name == summary["primary"] else f"_{name}"
            plot_files[name] = plot_group(results, group, labels, out, suffix)
    (out / "results.json").write_text(json.dumps(results, indent=1, default=str))
    report = render_report(results, summary, plot_files)
    (out / "report.md").write_text(report)
    return {
        "summary": summary,
        "report": str(out / "report.md"),
        "results": str(out / "results.json"),
        "plots": {k: str(out / v) for files in plot_files.values() for k, v in files.items()},
        "plot_files": plot_files,
        "report_text": report,
    }
