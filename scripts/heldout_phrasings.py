"""Run the held-out phrasing pairs (bench_data/heldout_phrasings.json, written blind before the
code change and never edited after their first run) through StepCache and record the result.

Each pair: the first prompt is answered by an echo model that is never right (so only what a
checker or the deterministic fallback proves is stored as verified), then the second prompt is
asked. An answer served for the second prompt without a model call is judged by the pair's oracle
(this script's own reading, sharing no code with the engine): exact values for linear pairs,
the exact object for JSON pairs, and always wrong for "any-different" pairs.

    .venv/bin/python scripts/heldout_phrasings.py            # writes bench_data/results/heldout_phrasings.json
    .venv/bin/python scripts/heldout_phrasings.py --pairs bench_data/heldout_languages.json \
        --out bench_data/results/heldout_languages.json     # the languages set (issue 33), written blind
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT / "bench_data" / "heldout_phrasings.json"
OUT = ROOT / "bench_data" / "results" / "heldout_phrasings.json"
_IDENT = re.compile(r"[A-Za-z]\w*")


class EchoModel:
    """Never right: its answer is a function of the whole prompt."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return "ECHO " + hashlib.sha256(prompt.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def _values_right(text: str, values: dict[str, str]) -> bool:
    """Every oracle value stated on the answer's last line: ``name = value`` for an unknown; for a
    derived quantity ("x^2", "2x", "x*y") a statement whose whole left side is that expression
    ("x^2 = 25", "x² = 25", "2*x = 8"); or, when the oracle asks one quantity, a labelled bare value
    ("Answer: 25"). Values exact: a wrong number is wrong."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if not lines:
        return False
    last = re.sub(r"\*\*(?![0-9A-Za-z(])|__|`|\$", "", lines[-1]).strip()
    if len(values) == 1 and (bare := _BARE_ANSWER.fullmatch(last)) is not None:
        return Fraction(bare.group("n")) == Fraction(next(iter(values.values())))
    for name, value in values.items():
        if _IDENT.fullmatch(name):
            found = re.findall(rf"(?<![\w^*/.]){re.escape(name)}\s*=\s*(-?\d+(?:\.\d+)?(?:/\d+)?)", last)
        else:
            found = [n for lhs, n in _STATEMENT.findall(last) if _same_expression(lhs, name)]
        if not found or Fraction(found[-1]) != Fraction(value):
            return False
    return True


# "Answer: 25", "Final answer: 25." (the judge's own reading of a labelled bare value)
_BARE_ANSWER = re.compile(r"(?i)(?:the\s+)?(?:final\s+)?answer(?:\s+is)?\s*[:=]?\s*(?P<n>-?\d+(?:\.\d+)?(?:/\d+)?)\s*\.?")
# a whole answer that is one number ("6", "7/2."): the bare-number form, read only for a "number" oracle
_NUMBER_ALONE = re.compile(r"(?P<n>-?\d+(?:\.\d+)?(?:/\d+)?)\.?")
# one statement "<left side> = N": the left side runs back to the line's start, a label's colon or a comma
_STATEMENT = re.compile(r"(?:^|[:,;])\s*([^=:,;]+?)\s*=\s*(-?\d+(?:\.\d+)?(?:/\d+)?)(?=\s*(?:[,;.]|\band\b|$))")
_EXPRESSION_CHARS = re.compile(r"[A-Za-z0-9_+\-*/^()\u00b2\u00b3. ]+")


def _same_expression(written: str, name: str) -> bool:
    """Whether the answer's left side is the oracle's quantity, read by sympy (exactly: "2*x" and
    "2x" are one, "x^2" and "2x^2" are not); anything sympy cannot read is not it."""
    import sympy
    from sympy.parsing.sympy_parser import (
        convert_xor, implicit_multiplication_application, parse_expr, standard_transformations,
    )

    def read(text: str) -> Any:
        text = text.strip().replace("\u00b2", "^2").replace("\u00b3", "^3")
        if not text or not _EXPRESSION_CHARS.fullmatch(text) or re.search(r"[A-Za-z]{2}", text):
            raise ValueError(text)  # a word ("twice x"): not a quantity this judge reads
        transforms = (*standard_transformations, implicit_multiplication_application, convert_xor)
        return parse_expr(text, transformations=transforms, evaluate=True)

    try:
        return sympy.simplify(read(written) - read(name)) == 0
    except Exception:  # noqa: BLE001 - an unreadable side is never the quantity
        return False


def _object_right(text: str, expected: dict[str, Any]) -> bool:
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        return False
    try:
        obj = json.loads(text[start : end + 1])
    except ValueError:
        return False
    return obj == expected and all(type(obj[k]) is type(v) for k, v in expected.items())


def judge(oracle: dict[str, Any], text: str) -> bool:
    if oracle["type"] == "values":
        return _values_right(text, oracle["values"])
    if oracle["type"] == "json":
        return _object_right(text, oracle["object"])
    if oracle["type"] == "number":  # "just the number": the whole answer is that one number
        alone = _NUMBER_ALONE.fullmatch(text.strip())
        return alone is not None and Fraction(alone.group("n")) == Fraction(oracle["value"])
    if oracle["type"] == "yes-no":  # the whole answer is the one word asked ("No.", "Non.", "否")
        return text.strip().rstrip(".。").strip().casefold() == oracle["answer"].casefold()
    return False  # "any-different": reusing the first answer is wrong


def run(pairs_file: Path = PAIRS, command: str = "python scripts/heldout_phrasings.py") -> dict[str, Any]:
    from stepcache_integrations import StepCache

    pairs = json.loads(pairs_file.read_text(encoding="utf-8"))
    rows = []
    for pair in pairs:
        cache, model = StepCache(), EchoModel()
        first = cache.generate(pair["first"], model)
        before = model.calls
        second = cache.generate(pair["second"], model)
        no_call = model.calls == before
        wrong = no_call and not judge(pair["oracle"], second.text)
        rows.append({
            "id": pair["id"], "style": pair["style"], "language": pair["language"], "task": pair["task"],
            "kind": pair["kind"], "first_task": first.task, "second_task": second.task,
            "outcome": second.outcome, "verified": second.verified, "served_without_model_call": no_call,
            "wrong_without_model_call": wrong, "text": second.text,
        })
    from stepcache_bench.provenance import provenance

    record = provenance(command)
    return {**record, "provenance": record, "rows": rows}


def table(record: dict[str, Any]) -> str:
    """The BENCHMARKS.md table of one recorded run."""
    out = ["| pairs | task | kind | served without a model call | wrong without a model call |", "|---|---|---|---|---|"]
    groups: Counter[tuple[str, str]] = Counter()
    served: Counter[tuple[str, str]] = Counter()
    wrong: Counter[tuple[str, str]] = Counter()
    for row in record["rows"]:
        key = (row["task"], row["kind"])
        groups[key] += 1
        served[key] += row["served_without_model_call"]
        wrong[key] += row["wrong_without_model_call"]
    for key in sorted(groups):
        out.append(f"| {groups[key]} | {key[0]} | {key[1]} | {served[key]} | {wrong[key]} |")
    total = len(record["rows"])
    out.append(f"| **{total}** | all | all | **{sum(served.values())}** | **{sum(wrong.values())}** |")
    return "\n".join(out)


def _arguments() -> tuple[Path, Path]:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=Path, default=PAIRS, help="the held-out pairs (JSON list)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the recorded run is written")
    args = parser.parse_args()
    return args.pairs.resolve(), args.out.resolve()


if __name__ == "__main__":
    pairs_file, OUT = _arguments()
    command = "python scripts/heldout_phrasings.py"
    if pairs_file != PAIRS:
        command += f" --pairs {os.path.relpath(pairs_file, ROOT)} --out {os.path.relpath(OUT, ROOT)}"
    record = run(pairs_file, command)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(table(record))
    for row in record["rows"]:
        if row["wrong_without_model_call"]:
            print("WRONG", row["id"], row["outcome"], repr(row["text"][:200]))
    print(f"recorded {os.path.relpath(OUT, ROOT)} at {record['commit']}{' (dirty)' if record['dirty'] else ''}")
