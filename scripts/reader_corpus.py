"""The corpus of prompts the JSON request reader is compared on (issue 33, side by side).

Collects every string constant of ``tests/**/*.py`` and ``tooling/**/*.py`` (via ``ast``) and
every string of ``bench_data/*.json``, and records how the JSON task reads each one:
``JsonConstraints.of_prompt(prompt, None).to_dict()`` (required keys, stated values, read whole)
plus whether the task claims it (``detect``). The digest fields are left out (they identify the
prompt, not its reading).

    python scripts/reader_corpus.py            # writes tests/fixtures/json_reader_corpus.jsonl
    python scripts/reader_corpus.py --check    # counts prompts read differently from the file
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "json_reader_corpus.jsonl"
_MAX = 4000  # longer literals are documents, not prompts


def _python_strings(path: Path) -> Iterator[str]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def _json_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _json_strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _json_strings(item)


def prompts() -> list[str]:
    """The corpus: distinct strings that could be prompts (some letters, at most _MAX characters),
    fixtures written by this script left out."""
    found: set[str] = set()
    for folder in ("tests", "tooling"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            found.update(_python_strings(path))
    for path in sorted((ROOT / "bench_data").glob("*.json")):
        try:
            found.update(_json_strings(json.loads(path.read_text(encoding="utf-8"))))
        except ValueError:
            continue
    return sorted(s for s in found if 3 <= len(s) <= _MAX and any(c.isalpha() for c in s))


def reading(prompt: str) -> dict[str, Any]:
    """How the JSON task reads ``prompt`` (no schema)."""
    from stepcache_integrations.core.tasks.json.constraints import JsonConstraints
    from stepcache_integrations.core.tasks.json.task import JsonTask

    data = JsonConstraints.of_prompt(prompt, None).to_dict()
    return {
        "claims": JsonTask().detect(prompt, None),
        "required": data["required"],
        "stated": data["stated"],
        "read_whole": data["read_whole"],
    }


DIFFERENCES = ROOT / "tests" / "fixtures" / "json_reader_differences.json"


def recorded() -> list[dict[str, Any]]:
    """The recorded corpus: each prompt and its reading when recorded."""
    return [json.loads(line) for line in OUT.read_text(encoding="utf-8").splitlines()]


def asserted() -> dict[str, tuple[bool, Any]]:
    """What tests/unit/test_json_reader_corpus.py asserts of each prompt: (True, reading) it is read so
    (a listed difference: its new reading): scripts/vocabulary_check.py and grammar_check.py judge by it."""
    now = {row["prompt"]: row["now"] for row in json.loads(DIFFERENCES.read_text(encoding="utf-8"))}
    return {row["prompt"]: (True, now.get(row["prompt"], row["reading"])) for row in recorded()}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="compare with the recorded file, write nothing")
    args = parser.parse_args()
    if args.check:
        rows = [json.loads(line) for line in OUT.read_text(encoding="utf-8").splitlines()]
        differ = [r for r in rows if reading(r["prompt"]) != r["reading"]]
        for row in differ:
            print(json.dumps({"prompt": row["prompt"], "was": row["reading"], "now": reading(row["prompt"])},
                             ensure_ascii=False))
        print(f"{len(rows) - len(differ)} same, {len(differ)} differ", file=sys.stderr)
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as out:
        for prompt in prompts():
            out.write(json.dumps({"prompt": prompt, "reading": reading(prompt)}) + "\n")  # ASCII: lone surrogates too
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
