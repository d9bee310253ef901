"""Time the request grammar on typical prompts (issue 33: parsing a typical prompt stays fast,
p50 <= 0.3 ms): the grammar alone (``read_request``: words cut, parsed, transformed) and the
whole prompt read (``understand_prompt`` without its cache: equations, grammar, solution), each
prompt with a new constant per run so no per-prompt cache answers, single-threaded. The grammar
keeps the tree of each sequence of word classes it parsed (``RequestLanguage._derive``), so a
prompt of a sentence form read before is not parsed again; the grammar is also timed with the kept
trees cleared before each read (a sentence form read for the first time).

    python scripts/bench_request_parse.py        # writes bench_data/results/request_parse.json
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench_data" / "results" / "request_parse.json"
PROMPTS = [
    "Solve 3x + 5 = {c} for x. Show your steps.",
    "If 2x + 3 = {c}, what is x?",
    'Solve for x step by step: 2x + 5 = {c}. Write one step per line as "Step k: ..." and end with "Answer: x = <value>".',
    "Solve the system: x + y = {c}, x - y = 2. Find x and y.",
    "Resuelve la ecuación 2x + 6 = {c}.",
    "Решите уравнение 2x + 3 = {c}.",
    "解方程 4x + 2 = {c}。",
    "方程式 3x + 5 = {c} を解いてください。",
]
REPEATS = 400


def run() -> dict[str, object]:
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
    from stepcache_integrations.core.tasks.linear.reader import _LANGUAGE, read_request

    from stepcache_integrations.core.tasks.linear.prompt import _read_equations, _unknowns

    read = understand_prompt.__wrapped__  # the reader itself, not its cache
    load_before = list(os.getloadavg())
    rows = []
    for template in PROMPTS:
        grammar, new_form, whole = [], [], []
        for i in range(REPEATS):
            first = template.format(c=500000 + i)  # its sentence form never seen: the kept trees cleared
            equations, spans = _read_equations(first)
            _LANGUAGE._shapes.clear()
            start = time.perf_counter()
            read_request(first, spans, frozenset(_unknowns(equations)))
            new_form.append((time.perf_counter() - start) * 1000)
            prompt = template.format(c=1000 + i)  # the same form with another constant: its tree is kept
            equations, spans = _read_equations(prompt)
            unknowns = frozenset(_unknowns(equations))
            start = time.perf_counter()
            request = read_request(prompt, spans, unknowns)
            middle = time.perf_counter()
            problem = read(prompt)
            whole.append((time.perf_counter() - middle) * 1000)
            grammar.append((middle - start) * 1000)
            assert request is not None and problem is not None, prompt
        rows.append({"prompt": template, "grammar_p50_ms": _p(grammar, 50), "grammar_p99_ms": _p(grammar, 99),
                     "grammar_new_form_p50_ms": _p(new_form, 50),
                     "prompt_p50_ms": _p(whole, 50), "prompt_p99_ms": _p(whole, 99)})
    from stepcache_bench.provenance import provenance

    record = provenance("python scripts/bench_request_parse.py", loadavg_before=load_before,
                        loadavg_after=list(os.getloadavg()))
    return {**record, "provenance": record, "repeats": REPEATS, "rows": rows,
            "grammar_p50_ms_all": round(statistics.median(r["grammar_p50_ms"] for r in rows), 4),
            "grammar_new_form_p50_ms_all": round(statistics.median(r["grammar_new_form_p50_ms"] for r in rows), 4)}


def _p(times: list[float], q: int) -> float:
    ordered = sorted(times)
    return round(statistics.median(ordered) if q == 50 else ordered[int(len(ordered) * q / 100) - 1], 4)


def table(record: dict[str, object]) -> str:
    lines = ["| prompt (its constant varies per run) | grammar p50 ms | grammar p99 ms | grammar p50 ms, a new sentence "
             "form | whole prompt p50 ms |", "|---|---|---|---|---|"]
    for row in record["rows"]:  # type: ignore[union-attr]
        new_form = row.get("grammar_new_form_p50_ms")  # not in records made before the kept trees
        lines.append(f"| {row['prompt'][:70].replace('|', '/')} | {row['grammar_p50_ms']:.3f} | "
                     f"{row['grammar_p99_ms']:.3f} | {'-' if new_form is None else f'{new_form:.3f}'} | "
                     f"{row['prompt_p50_ms']:.3f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    record = run()
    OUT.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(table(record))
