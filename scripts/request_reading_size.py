#!/usr/bin/env python
"""How much code reads request prompts (issue 33: "the lines of request-reading code shrink by at
least half"), next to the declared grammars and vocabulary tables that are meant to replace it.

Counted per file: code lines (not blank, not a comment, not a docstring), regular expressions
compiled (``re.compile``), and of those the ones that spell a word of prose (a run of three or more
letters outside escapes and groups' syntax, e.g. ``\\bsolve\\b``: phrase matching rather than
notation). The grammars (``request.lark``: rules, not comments) and vocabulary tables (words and
phrases) are counted apart: they are the specification, data rather than code.

    python scripts/request_reading_size.py                 # prints the table
    python scripts/request_reading_size.py --out FILE      # also records it (JSON, with provenance)
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
import tokenize
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TASKS = ROOT / "stepcache_integrations" / "core" / "tasks"

# The modules that read a request prompt (what it asks, its values, its format words), per task.
# Not counted: checks of answers (chain, literal, merge, claims), re-instantiation, the stores.
READING: dict[str, tuple[str, ...]] = {
    "shared": ("request_language.py", "relations.py", "prompt_diff.py"),
    "linear": ("linear/reader.py", "linear/prompt.py", "linear/targets.py", "linear/answer_form.py", "linear/word_problems.py",
               "linear/symbols.py"),
    "json": ("json/reader.py", "json/request.py", "json/evidence.py", "json/entities.py", "json/pastes.py",
             "json/passage.py"),
    "arithmetic": ("arithmetic/grammar.py",),
}
_SYNTAX = re.compile(r"\\[A-Za-z]|\(\?[A-Za-z<=!:P][^)]*?>?|\[[^\]]*\]|\{[^}]*\}")
_WORD = re.compile(r"[^\W\d_]{3,}")


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def _code_lines(source: str) -> int:
    skip = _docstring_lines(ast.parse(source))
    code: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                          tokenize.ENDMARKER):
            continue
        code.update(line for line in range(token.start[0], token.end[0] + 1) if line not in skip)
    return len(code)


def _regexes(source: str) -> tuple[int, int]:
    """(compiled regexes, of which spell a prose word) in one module."""
    total = worded = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile" \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re":
            total += 1
            pattern = node.args[0] if node.args else None
            text = pattern.value if isinstance(pattern, ast.Constant) and isinstance(pattern.value, str) else ""
            if isinstance(pattern, ast.JoinedStr):
                text = "".join(v.value for v in pattern.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            worded += bool(_WORD.search(_SYNTAX.sub(" ", text)))
    return total, worded


def _grammar_rules(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.strip().startswith("//"))


def _vocabulary_words(folder: Path) -> int:
    count = 0
    for table in folder.glob("*.json"):
        data = json.loads(table.read_text(encoding="utf-8"))
        stack: list[Any] = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str):
                count += 1
    return count


def measure() -> dict[str, Any]:
    files = []
    for task, names in READING.items():
        for name in names:
            source = (TASKS / name).read_text(encoding="utf-8")
            total, worded = _regexes(source)
            files.append({"task": task, "file": name, "code_lines": _code_lines(source), "regexes": total,
                          "regexes_with_words": worded})
    grammars = {task: {"grammar_lines": _grammar_rules(TASKS / task / "request.lark"),
                       "vocabulary_strings": _vocabulary_words(TASKS / task / "vocabulary")}
                for task in ("linear", "json", "arithmetic") if (TASKS / task / "request.lark").is_file()}
    return {"files": files, "grammars": grammars,
            "totals": {key: sum(f[key] for f in files) for key in ("code_lines", "regexes", "regexes_with_words")}}


def table(data: dict[str, Any]) -> str:
    rows = ["| task | module | code lines | regexes | of which spell words |", "|---|---|---|---|---|"]
    for f in data["files"]:
        rows.append(f"| {f['task']} | `{f['file']}` | {f['code_lines']} | {f['regexes']} | {f['regexes_with_words']} |")
    t = data["totals"]
    rows.append(f"| **all** | {len(data['files'])} modules | **{t['code_lines']}** | **{t['regexes']}** | "
                f"**{t['regexes_with_words']}** |")
    specs = "; ".join(f"{task}: `request.lark` {g['grammar_lines']} lines, {g['vocabulary_strings']} vocabulary strings"
                      for task, g in data["grammars"].items())
    missing = "" if "arithmetic" in data["grammars"] else ("; the arithmetic task has no grammar file yet "
                                                           "(`arithmetic/grammar.py` reads its question forms)")
    return "\n".join(rows) + f"\n\nDeclared (data, not counted above): {specs}{missing}."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    data = measure()
    print(table(data))
    if args.out is not None:
        sys.path.insert(0, str(ROOT / "tooling"))
        from stepcache_bench.provenance import provenance

        data["provenance"] = provenance()
        args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
