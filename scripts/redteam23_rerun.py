"""Re-run red team 23's rows (rows.json): each must now be declined or right.

Usage: python scripts/redteam23_rerun.py [tests/fixtures/red_team_23_rows.json] (the red team's 835 rows, as it saved them)
The modes are the red team's: "empty-cache-right-model" (no first prompt, the model returns the expected answer),
"pair-never-right-model" and "pair-never-right-model-zero-call" (the first prompt cached, then the second asked of a
model that is never right: "The answer is N."). A row is OK when the answer that reaches the user is not verified
(the model's answer, no claim) or is verified and equal to the row's expected value (JSON compared by exact decimal value).
Prints the counts and every row still wrong; exit code 1 if any.
"""
from __future__ import annotations

import hashlib
import json
import sys
from decimal import Decimal

from stepcache_integrations import StepCache


def never_right(prompt: str) -> str:
    """The red team's wrong model (h.py)."""
    return "The answer is %d." % (int(hashlib.md5(prompt.encode()).hexdigest()[:6], 16) % 997 + 1000)


def _same(text: str, expected: str) -> bool:
    try:
        a = json.loads(text, parse_float=Decimal, parse_int=Decimal)
        b = json.loads(expected, parse_float=Decimal, parse_int=Decimal)
    except ValueError:
        return False
    return a == b


def run_row(row: dict) -> tuple[bool, str]:
    cache = StepCache()
    if row.get("first"):
        cache.generate(row["first"], never_right)
    model = (lambda p: row["expected"]) if "right-model" in row["mode"] and "never" not in row["mode"] else never_right
    r = cache.generate(row["second"], model)
    if not r.verified:
        return True, "declined"
    if _same(r.text, row["expected"]):
        return True, "right"
    return False, r.text


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else "tests/fixtures/red_team_23_rows.json"
    rows = json.load(open(path, encoding="utf-8"))
    counts: dict[tuple[str, str], int] = {}
    bad = 0
    for row in rows:
        ok, how = run_row(row)
        key = (row["class"], how if ok else "WRONG")
        counts[key] = counts.get(key, 0) + 1
        if not ok:
            bad += 1
            print("WRONG", row["class"], row["mode"], repr(row.get("first")), "->", repr(row["second"]), "=>", repr(how))
    for key, n in sorted(counts.items()):
        print(key, n)
    print(f"{len(rows) - bad}/{len(rows)} declined or right; {bad} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
