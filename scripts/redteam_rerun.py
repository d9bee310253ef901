"""Re-run a red team's saved rows: each must now be declined or right.

Usage:
    python scripts/redteam_rerun.py tests/fixtures/red_team_23_rows.json
    python scripts/redteam_rerun.py tests/fixtures/red_team_22_w28_rows.json --judge C-:Doch --count-by letter

A row's mode says how it runs (the red teams' own words): "empty-cache-..." asks only the second prompt,
"pair-..." caches the first prompt first; "right-model" answers the row's ``model_answer`` (or its expected
value), "hash-model" (red team 22) answers "h" and an md5 prefix, "never-right-model" (red team 23) answers
"The answer is N."; "prec=6" runs it under a caller's ``decimal.getcontext().prec = 6``.
A row is OK when the answer that reaches the user is not verified (the model's answer, no claim) or is
verified and equal to the row's expected value (JSON compared by exact decimal value; a class named by
``--judge PREFIX:WORD`` instead by the served text starting with WORD, red team 22's class C "Doch").
Prints the counts (by class, or by its first letter) and every row still wrong; exit code 1 if any.
"""
from __future__ import annotations

import argparse
import decimal
import hashlib
import json
import sys
from decimal import Decimal

from stepcache_integrations import StepCache


def hash_model(prompt: str) -> str:
    """Red team 22's wrong model."""
    return "h" + hashlib.md5(prompt.encode()).hexdigest()[:8]


def never_right(prompt: str) -> str:
    """Red team 23's wrong model (h.py)."""
    return "The answer is %d." % (int(hashlib.md5(prompt.encode()).hexdigest()[:6], 16) % 997 + 1000)


def _same(text: str, expected: str, starts: str | None) -> bool:
    if starts is not None:
        return text.strip().startswith(starts)
    try:
        a = json.loads(text, parse_float=Decimal, parse_int=Decimal)
        b = json.loads(expected, parse_float=Decimal, parse_int=Decimal)
    except ValueError:
        return False
    return a == b


def run_row(row: dict, judges: dict[str, str]) -> tuple[bool, str]:
    mode = row["mode"]
    wrong = never_right if "never-right-model" in mode else hash_model
    answer = row.get("model_answer") or row["expected"]
    model = (lambda _prompt: answer) if "right-model" in mode and "never-right" not in mode else wrong
    saved = decimal.getcontext().copy()
    try:
        if "prec=6" in mode:
            decimal.getcontext().prec = 6
        cache = StepCache()
        if row.get("first"):
            cache.generate(row["first"], wrong)
        r = cache.generate(row["second"], model)
    finally:
        decimal.setcontext(saved)
    if not r.verified:
        return True, "declined"
    starts = next((word for prefix, word in judges.items() if row["class"].startswith(prefix)), None)
    if _same(r.text, row["expected"], starts):
        return True, "right"
    return False, r.text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", help="the red team's rows, as it saved them (a JSON list)")
    parser.add_argument("--judge", action="append", default=[], metavar="PREFIX:WORD",
                        help="rows whose class starts with PREFIX are right when the served text starts with WORD")
    parser.add_argument("--count-by", choices=("class", "letter"), default="class")
    args = parser.parse_args(argv)
    judges = dict(judge.split(":", 1) for judge in args.judge)
    rows = json.load(open(args.rows, encoding="utf-8"))
    counts: dict[tuple[str, str], int] = {}
    bad = 0
    for row in rows:
        ok, how = run_row(row, judges)
        key = (row["class"][0] if args.count_by == "letter" else row["class"], how if ok else "WRONG")
        counts[key] = counts.get(key, 0) + 1
        if not ok:
            bad += 1
            print("WRONG", row["class"], row["mode"], repr(row.get("first")), "->", repr(row["second"]), "=>", repr(how))
    for key, n in sorted(counts.items()):
        print(key, n)
    print(f"{len(rows) - bad}/{len(rows)} declined or right; {bad} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
