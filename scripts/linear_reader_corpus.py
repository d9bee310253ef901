"""The side-by-side corpus of the linear request reader (issue 33).

Every prompt the test suite holds (string literals of tests/, tooling/, scripts/ and the
bench_data files, plus the prompts a test run passed to the reader, recorded by a pytest hook
into a JSON-lines file) with '=' in it, and how the reader of the moment reads it: equations,
unknowns and the asked ones. Recorded once with the old reader (its package on PYTHONPATH);
tests/unit/test_linear_reader_corpus.py then requires the new reader to read each prompt the
same way, or the prompt to be listed in tests/fixtures/linear_reader_differences.json with why.

    PYTHONPATH=<old checkout> python scripts/linear_reader_corpus.py [--runtime run.jsonl]
    python scripts/linear_reader_corpus.py --differences    # with the new reader: the listed differences
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "linear_reader_corpus.jsonl"
DIFF = ROOT / "tests" / "fixtures" / "linear_reader_differences.json"
MAX_CHARS = 2000


def literal_prompts() -> set[str]:
    """The string literals of the repository's tests, tooling and scripts, and its bench data
    (not the held-out sets: the corpus is read while tuning)."""
    found: set[str] = set()
    for folder in ("tests", "tooling", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            found.update(n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str))
    for path in sorted((ROOT / "bench_data").glob("*.json")):
        if path.name.startswith("heldout_"):  # held-out sets stay out of what tuning reads
            continue
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
    parser.add_argument("--differences", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--runtime", type=Path, action="append", default=[], help="prompts a test run recorded")
    args = parser.parse_args()
    prompts = literal_prompts()
    for path in args.runtime:
        prompts.update(json.loads(line)["prompt"] for line in path.read_text(encoding="utf-8").splitlines())
    rows = [{"prompt": p, "read": reading(p)} for p in sorted(prompts) if "=" in p and len(p) <= MAX_CHARS]
    OUT.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} prompts, {sum(r['read'] is not None for r in rows)} read -> {OUT.relative_to(ROOT)}")




def why(prompt: str, old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    """Why the grammar reads ``prompt`` otherwise than the phrase-matching reader did (issue 33)."""
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
    from stepcache_integrations.core.tasks.linear.reader import read_request

    if new is None:
        if prompt == "What is 2x = 4?":
            return "a question of an equation whose left side is no unknown: which value it asks is not read"
        return ("words scrambled, repeated or run together (the fuzzer's edits of a corpus prompt): a bag of the "
                "right words is no sentence of the grammar, so no claim (the exact tier answers the same request)")
    if old is not None:
        return "each request to solve asks for its own unknowns"
    problem = understand_prompt(prompt)
    assert problem is not None
    if all(not ch.isalpha() or ch in problem.variables for ch in prompt):
        return "a bare equation asks to solve it (issue 33: everyday shapes)"
    equations = [eq.text for eq in problem.equations]
    text = unicodedata.normalize("NFC", prompt)  # the reader's offsets are the NFC text's ("é" decomposed)
    spans = [(text.index(t), text.index(t) + len(t)) for t in equations if t in text]
    request = read_request(text, spans, frozenset(problem.variables)) if len(spans) == len(equations) else None
    if len(spans) != len(equations):
        return ("an equation written otherwise than its canonical text (a tab, a missing space), its request "
                "read by its language's table")
    language = request.language if request is not None else "en"
    if language != "en":
        return f"read by the {language} table: the request words of another language (issue 33)"
    return "an English request the phrase list lacked: " + _english_cause(prompt)


def _english_cause(prompt: str) -> str:
    """Which English shape the phrase list lacked and the grammar derives (one cause per prompt)."""
    words = prompt.split()
    if prompt != prompt.strip() or "\r" in prompt:
        return "spaces, tabs, line breaks or a carriage return around or inside the request"
    if any(c.isupper() for w in words if w.isalpha() for c in w[1:]):
        return "a letter's case (the grammar reads case-folded words)"
    if prompt.startswith(("System:", "User:")):
        return "a chat role label and a persona sentence before the request"
    if "answer" in prompt.casefold() and ('"' in prompt or "Answer:" in prompt):
        return "a format instruction (the answer's line or template) read and enforced"
    if prompt[:1].isdigit() or prompt[:1] in "-(":
        return "an equation before its request ('10 - 2t = 4; find t.')"
    return ("an intro, a question form or a request after the equations ('Give me the answer:', 'Show your "
            "steps:', 'What value of n satisfies', 'Solve the system: ... Find a and b.')")


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


def differences() -> dict[str, str]:
    """Every recorded prompt the reader of the moment reads otherwise, with why."""
    rows = recorded()
    found = {}
    for row in rows:
        new = reading(row["prompt"])
        if new != row["read"]:
            found[row["prompt"]] = why(row["prompt"], row["read"], new)
    return found


if __name__ == "__main__":
    if "--differences" in sys.argv:  # with the new reader on the path
        DIFF.write_text(json.dumps(differences(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    else:
        main()
