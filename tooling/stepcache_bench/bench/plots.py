"""PNG plots of a benchmark run (matplotlib, from the ``bench`` extra).

Legends sit outside the data area, a zero bar is drawn as an outlined bar at the axis and
labelled ``0``, and the outcome plot is sized to its bars (no empty band).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .summary import OUTCOMES

__all__ = ["plot_group"]

COLORS = {
    "no_cache": "#7f7f7f",
    "exact": "#1f77b4",
    "semantic": "#ff7f0e",
    "gptcache": "#9467bd",
    "stepcache": "#2ca02c",
}
# one colour per outcome, in the vocabulary's order: cached answers green, patch orange, model answers red
OUTCOME_COLORS = dict(zip(OUTCOMES, ("#2ca02c", "#98df8a", "#ffbb78", "#c5b0d5", "#d62728", "#000000"), strict=True))


def _short(label: str) -> str:
    return label.split(" (")[0]


def _latency_cdf(plt: Any, records: list[dict[str, Any]], systems: list[str], labels: dict[str, str], path: Path) -> None:
    fig, ax = plt.subplots(figsize=(9, 4.8))
    for name in systems:
        lat = sorted(max(r["latency_s"], 1e-5) for r in records if r["system"] == name)
        if not lat:
            continue
        ys = [(i + 1) / len(lat) for i in range(len(lat))]
        ax.step(lat, ys, where="post", label=labels[name], color=COLORS.get(name), linewidth=2,
                linestyle="--" if name == "no_cache" else "-", zorder=3 if name == "no_cache" else 2)
    ax.set_xscale("log")
    ax.set_xlabel("latency per request (s, log scale)")
    ax.set_ylabel("fraction of requests")
    ax.set_title("Latency CDF (all seeds)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _bar_labels(ax: Any, xs: list[float], values: list[float], fmt: str, top: float) -> None:
    for x, value in zip(xs, values, strict=True):
        shown = max(value, top * _ZERO_SHARE)
        ax.text(x, shown + top * 0.01, fmt.format(value), ha="center", va="bottom", fontsize=7)


_ZERO_SHARE = 0.012  # a zero bar is drawn this high (share of the axis), hatched, and labelled 0


def _bars(ax: Any, xs: list[float], values: list[float], width: float, top: float, **style: Any) -> None:
    """Bars where a zero value is still visible: a thin hatched bar at the axis."""
    heights = [v if v > 0 else top * _ZERO_SHARE for v in values]
    bars = ax.bar(xs, heights, width, **style)
    for bar, value in zip(bars, values, strict=True):
        if value <= 0:
            bar.set_hatch("////")
            bar.set_facecolor("white")


def _tokens(plt: Any, avg: dict[str, Any], systems: list[str], labels: dict[str, str], path: Path) -> None:
    fig, ax = plt.subplots(figsize=(9, 4.5))
    names = [_short(labels[n]) for n in systems]
    xs = list(range(len(systems)))
    measured = [avg[n]["total_tokens"] for n in systems]
    warm = [avg[n].get("warm_tokens", 0) for n in systems]
    width = 0.38
    top = max(measured + warm + [1])
    _bars(ax, [x - width / 2 for x in xs], measured, width, top, label="measured requests", color="#6baed6",
          edgecolor="#08519c", linewidth=1)
    _bars(ax, [x + width / 2 for x in xs], warm, width, top, label="warm-up (not measured)", color="#fdd0a2",
          edgecolor="#a63603", linewidth=1)
    _bar_labels(ax, [x - width / 2 for x in xs], measured, "{:.0f}", top)
    _bar_labels(ax, [x + width / 2 for x in xs], warm, "{:.0f}", top)
    ax.set_xticks(xs)
    ax.set_xticklabels(names, rotation=15, ha="right")
    ax.set_ylim(0, top * 1.15)
    ax.set_ylabel("model tokens per seed")
    ax.set_title("Model tokens per system (hatched bar at the axis: zero)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _outcomes(plt: Any, avg: dict[str, Any], systems: list[str], labels: dict[str, str], path: Path) -> None:
    fig, ax = plt.subplots(figsize=(9, 0.55 * len(systems) + 1.4))
    names = [_short(labels[n]) for n in systems]
    left = [0.0] * len(systems)
    for outcome in OUTCOMES:
        shares = []
        for n in systems:
            total = sum(avg[n]["outcomes"].values()) or 1
            shares.append(100 * avg[n]["outcomes"].get(outcome, 0) / total)
        if not any(shares):
            continue
        ax.barh(names, shares, left=left, label=outcome, color=OUTCOME_COLORS[outcome], height=0.6)
        left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.set_xlabel("% of requests")
    ax.set_xlim(0, 100)
    ax.set_ylim(-0.5, len(systems) - 0.5)
    ax.invert_yaxis()
    ax.set_title("Outcome mix")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _correctness(plt: Any, group: dict[str, Any], systems: list[str], labels: dict[str, str], path: Path) -> None:
    avg = group["averaged"]
    control = group.get("control", {}).get("averaged", {})
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.38
    xs = list(range(len(systems)))
    real = [100 * avg[n]["integrity_ok"] for n in systems]
    wrong = [100 * control.get(n, {}).get("integrity_ok", 0.0) for n in systems]
    _bars(ax, [x - width / 2 for x in xs], real, width, 100, label="real model", color="#3182bd",
          edgecolor="#08519c")
    if control:
        _bars(ax, [x + width / 2 for x in xs], wrong, width, 100, label="control: always-wrong model",
              color="#fc9272", edgecolor="#a50f15")
        _bar_labels(ax, [x + width / 2 for x in xs], wrong, "{:.0f}%", 100)
    _bar_labels(ax, [x - width / 2 for x in xs], real, "{:.0f}%", 100)
    ax.set_xticks(xs)
    ax.set_xticklabels([_short(labels[n]) for n in systems], rotation=15, ha="right")
    ax.set_ylim(0, 112)
    ax.set_ylabel("% correct (integrity / oracle check)")
    ax.set_title("Correct answers, real model vs always-wrong model (hatched bar at the axis: zero)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_group(
    results: dict[str, Any], group: dict[str, Any], labels: dict[str, str], out_dir: Path, suffix: str = ""
) -> dict[str, str]:
    """Latency CDF, correctness (with the control), tokens and outcome mix of one seed group."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    systems = group["systems"]
    records = [r for seed in group["seeds"] for r in results["seeds"][seed]["records"]]
    files = {
        "Latency CDF": f"latency_cdf{suffix}.png",
        "Correctness": f"correctness{suffix}.png",
        "Tokens per system": f"tokens{suffix}.png",
        "Outcome mix": f"outcomes{suffix}.png",
    }
    _latency_cdf(plt, records, systems, labels, out_dir / files["Latency CDF"])
    _correctness(plt, group, systems, labels, out_dir / files["Correctness"])
    _tokens(plt, group["averaged"], systems, labels, out_dir / files["Tokens per system"])
    _outcomes(plt, group["averaged"], systems, labels, out_dir / files["Outcome mix"])
    return files
