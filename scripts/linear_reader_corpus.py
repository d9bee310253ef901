"""The side-by-side corpus of the linear request reader (issue 33).

Every prompt the test suite holds (string literals of tests/, tooling/, scripts/ and the
bench_data files, plus the prompts a test run passed to the reader, recorded by a pytest hook
into a JSON-lines file) with '=' in it, and how the reader of the moment reads it: equations,
unknowns and the asked ones. Recorded once with the old reader (its package on PYTHONPATH);
tests/unit/test_linear_reader_corpus.py then requires the new reader to read each prompt the
same way, or the prompt to be listed in tests/fixtures/linear_reader_differences.json with why.

    PYTHONPATH=<old checkout> python scripts/linear_reader_corpus.py [--runtime run.jsonl]
"""

from __future__ import annotations

import argparse
import ast
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "linear_reader_corpus.jsonl"
MAX_CHARS = 2000


def literal_prompts() -> set[str]:
    """The string literals of the repository's tests, tooling and scripts, and its bench data."""
    found: set[str] = set()
    for folder in ("tests", "tooling", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            found.update(n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str))
    for path in sorted((ROOT / "bench_data").glob("*.json")):
        _strings(json.loads(path.read_text(encoding="utf-8")), found)
    return found


def _strings(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)


def reading(prompt: str) -> dict[str, Any] | None:
    """How the reader on the path reads ``prompt`` (None: not claimed)."""
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

    problem = understand_prompt(prompt)
    if problem is None:
        return None
    return {"equations": [eq.text for eq in problem.equations], "variables": list(problem.variables),
            "asked": list(problem.asked)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", type=Path, action="append", default=[], help="prompts a test run recorded")
    args = parser.parse_args()
    prompts = literal_prompts()
    for path in args.runtime:
        prompts.update(json.loads(line)["prompt"] for line in path.read_text(encoding="utf-8").splitlines())
    rows = [{"prompt": p, "read": reading(p)} for p in sorted(prompts) if "=" in p and len(p) <= MAX_CHARS]
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} prompts, {sum(r['read'] is not None for r in rows)} read -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
