"""Summary of a dev-set run (scripts/measure_dev_sets.sh's per-pair rows): per task and group (en =
heldout_phrasings*, xx = heldout_languages*), variations served right without a model call, and
wrong without a model call counted over every pair (variations and traps).

    .venv/bin/python scripts/dev_sets_summary.py /tmp/dev_NAME
"""

from __future__ import annotations

import glob
import json
import os
import sys
from collections import Counter


def summary(folder: str) -> list[str]:
    count: Counter[tuple[str, str, str]] = Counter()
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        group = "xx" if os.path.basename(path).startswith("heldout_languages") else "en"
        for row in json.load(open(path, encoding="utf-8"))["rows"]:
            wrong = bool(row["wrong_without_model_call"])
            count[(row["task"], group, "wrong")] += wrong
            if row["kind"] == "variation":
                count[(row["task"], group, "pairs")] += 1
                count[(row["task"], group, "served")] += bool(row["served_without_model_call"]) and not wrong
    lines = []
    for task in sorted({key[0] for key in count}):
        for group in ("en", "xx"):
            if count[(task, group, "pairs")] or count[(task, group, "wrong")]:
                lines.append(f"{task:10} {group}: served right {count[(task, group, 'served')]}/"
                             f"{count[(task, group, 'pairs')]} variations; wrong without a model call (any pair) "
                             f"{count[(task, group, 'wrong')]}")
    return lines


if __name__ == "__main__":
    print("\n".join(summary(sys.argv[1])))
