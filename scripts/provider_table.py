#!/usr/bin/env python
"""Record the provider table: every provider class through every entry point, no network.

    .venv/bin/python scripts/provider_table.py     # writes bench_data/results/providers.json

Each class is instantiated with fake credentials and answered by a fake transport on its class
(``stepcache_bench.providers``); per class and entry point it records the tier, its reasons, and
whether an exact repeat and a changed constant were answered without a model call. BENCHMARKS.md's
provider table is generated from the file (``scripts/benchmark_tables.py``).
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tooling", ROOT):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

OUT = ROOT / "bench_data" / "results" / "providers.json"


def main() -> int:
    from stepcache_bench.providers import probe_all
    from stepcache_bench.provenance import provenance

    logging.disable(logging.WARNING)  # the first-decision warnings are the test's to check
    rows = probe_all()
    OUT.write_text(json.dumps({"provenance": provenance("python scripts/provider_table.py"), "rows": rows},
                              indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    errors = [row for row in rows if row["error"]]
    print(f"wrote {OUT.relative_to(ROOT)}: {len(rows)} rows, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
