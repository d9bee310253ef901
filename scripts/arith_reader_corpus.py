"""The side-by-side corpus of the arithmetic request reader (issue 33).

Every string the repository holds that could be an arithmetic question (string literals of tests/,
tooling/, scripts/, the bench_data files and the non-blind held-out sets 1-6, with a digit in them),
plus layout variants of each prompt the old reader read (another case, a doubled or missing space, a
trailing space or line break), and how the reader of the moment reads it: the expression, its exact
value and the answer form. Recorded once with the regex reader (its package on PYTHONPATH);
tests/unit/test_arith_reader_corpus.py then requires the grammar to read each prompt the same way,
or the prompt to be listed in tests/fixtures/arith_reader_differences.json with why.

    PYTHONPATH=<old checkout> python scripts/arith_reader_corpus.py
    python scripts/arith_reader_corpus.py --differences    # with the new reader: the differences found
"""

from __future__ import annotations

import argparse
import ast
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "arith_reader_corpus.jsonl"
DIFF = ROOT / "tests" / "fixtures" / "arith_reader_differences.json"
MAX_CHARS = 300
_BLIND = re.compile(r"_7|blind")  # never read: the blind sets


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
        if not _BLIND.search(path.name):
            _strings(json.loads(path.read_text(encoding="utf-8")), found)
    for path in sorted((ROOT / "tests" / "fixtures").glob("*.jsonl")):
        if path != OUT:
            for line in path.read_text(encoding="utf-8").splitlines():
                _strings(json.loads(line), found)
    return {p for p in found if len(p) <= MAX_CHARS and any(c.isdigit() for c in p) and p.isprintable() is not None
            and not any(0xD800 <= ord(c) <= 0xDFFF for c in p)}


def _strings(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)


def variants(prompt: str) -> set[str]:
    """Layout variants of a prompt: what a reader of layout must decide too."""
    out = {prompt.lower(), prompt.upper(), prompt + " ", " " + prompt, prompt + "\n", prompt.replace(" ", "  ", 1),
           prompt.replace(" ", "\t", 1), prompt.replace("?", " ?"), prompt.replace(" ", "", 1),
           prompt.rstrip("?.") , prompt.replace("?", "."), prompt + " Thanks."}
    return out - {prompt}


def reading(prompt: str) -> dict[str, Any] | None:
    """How the reader on the path reads ``prompt`` (None: not claimed)."""
    from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints

    c = ArithmeticConstraints.of_prompt(prompt)
    if not c.claimed:
        return None
    return {"expression": c.expression, "value": str(c.value), "form": c.form}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--differences", action="store_true")
    args = parser.parse_args()
    if args.differences:
        print(json.dumps(differences(), indent=1, ensure_ascii=False))
        return
    prompts = literal_prompts()
    for prompt in [p for p in prompts if reading(p) is not None]:
        prompts |= variants(prompt)
    rows = [{"prompt": p, "read": reading(p)} for p in sorted(prompts)]
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} prompts, {sum(r['read'] is not None for r in rows)} read -> {OUT.relative_to(ROOT)}")


def recorded() -> list[dict[str, Any]]:
    """The recorded corpus: each prompt and its reading when recorded."""
    return [json.loads(line) for line in OUT.read_text(encoding="utf-8").splitlines()]


def listed() -> dict[str, str]:
    """The prompts read otherwise than recorded, with why."""
    return json.loads(DIFF.read_text(encoding="utf-8"))


def asserted() -> dict[str, tuple[bool, Any]]:
    """What the corpus test asserts of each prompt: (True, reading) it is read so, or (False, reading)
    it is read otherwise (a listed difference): scripts/vocabulary_check.py and grammar_check.py judge by it."""
    differ = listed()
    return {row["prompt"]: (row["prompt"] not in differ, row["read"]) for row in recorded()}


def differences() -> dict[str, Any]:
    """Every recorded prompt the reader of the moment reads otherwise: (old, new)."""
    rows = recorded()
    return {row["prompt"]: [row["read"], reading(row["prompt"])] for row in rows if reading(row["prompt"]) != row["read"]}


if __name__ == "__main__":
    main()
