"""Re-run red team 22's rows (wrong_pairs.json): each must now be declined or right.

Usage: python scripts/redteam22_rerun.py [tests/fixtures/red_team_22_w28_rows.json] (the red team's 952 rows, as it saved them)
A row is OK when the answer that reaches the user is not verified (the model's answer, no claim)
or is verified and equal to the row's expected value (JSON compared by exact decimal value).
Prints the counts and every row still wrong; exit code 1 if any.
"""
from __future__ import annotations

import decimal
import hashlib
import json
import sys
from decimal import Decimal

from stepcache_integrations import StepCache


def hashm(p: str) -> str:
    return "h" + hashlib.md5(p.encode()).hexdigest()[:8]


def _same(text: str, expected: str, klass: str) -> bool:
    if klass.startswith("C-"):
        return text.strip().startswith("Doch")
    try:
        a = json.loads(text, parse_float=Decimal, parse_int=Decimal)
        b = json.loads(expected, parse_float=Decimal, parse_int=Decimal)
    except ValueError:
        return False
    return a == b


def run_row(row: dict) -> tuple[bool, str]:
    mode = row["mode"]
    saved = decimal.getcontext().copy()
    try:
        if "prec=6" in mode:
            decimal.getcontext().prec = 6
        cache = StepCache()
        answer = row.get("model_answer") or row["expected"]
        if row.get("first"):
            cache.generate(row["first"], hashm)
        model = (lambda p: answer) if "right-model" in mode else hashm
        r = cache.generate(row["second"], model)
    finally:
        decimal.setcontext(saved)
    if not r.verified:
        return True, "declined"
    if _same(r.text, row["expected"], row["class"]):
        return True, "right"
    return False, r.text


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else "tests/fixtures/red_team_22_w28_rows.json"
    rows = json.load(open(path, encoding="utf-8"))
    counts: dict[tuple[str, str], int] = {}
    bad = 0
    for row in rows:
        ok, how = run_row(row)
        key = (row["class"][0], how if ok else "WRONG")
        counts[key] = counts.get(key, 0) + 1
        if not ok:
            bad += 1
            print("WRONG", row["class"], row["mode"], repr(row.get("first")), "->", repr(row["second"]), "=>", repr(how))
    print(sorted(counts.items()))
    print(f"{len(rows) - bad}/{len(rows)} declined or right; {bad} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
