"""Decline causes: where the reading of each unserved held-out pair stopped, counted by cause.

For every dev variation pair (bench_data/heldout_{phrasings,languages}*.json; the blind set 24 is
never opened) whose second prompt is not served right without a model call, the task's reader is run
again under ``sys.settrace`` (only frames in the task's folder and request_language.py are followed)
and the site where it declined is named:

- the reader's attempt in the pair's language (``_parse`` called with ``language`` = the pair's) is
  followed down from the line it returned None at: the last call made from that line, then that
  call's own return line, and so on; a frame left by an exception is followed to where the exception
  was raised (``raise Declined`` in a transformer callback, ``_Unread`` at an unread character, the
  grammar's UnexpectedToken: the token the grammar did not expect);
- no attempt in that language: the language's words were not cut (a character or word no rule reads);
- both prompts read: the engine's outcome (the reader agreed, the cache or its evidence did not);
- only the first prompt unread: its site, marked "first:".

Causes are printed by count with example prompts. Reusable for any task with a ``read_request`` whose
per-language attempt is ``_parse(words, language, ...)`` (json, linear):

    python scripts/decline_causes.py                      # json, every dev set, runs the pairs
    python scripts/decline_causes.py --results /tmp/dev_x # outcomes from measure_dev.sh's per-pair rows
    python scripts/decline_causes.py --task linear --top 20 --examples 3 --out /tmp/causes.json
"""

from __future__ import annotations

import argparse
import ast
import collections
import functools
import glob
import json
import linecache
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
TASKS = ROOT / "stepcache_integrations" / "core" / "tasks"


@dataclass
class Node:
    """One traced call (a generator's resumption is one call too)."""

    name: str
    file: str
    first_line: int
    line: int = 0  # the line the frame was at when it returned or raised
    value: Any = None
    raised: BaseException | None = None  # the exception the frame was left by
    caught: BaseException | None = None  # the last exception the frame saw and went on from
    caught_line: int = 0
    language: Any = None
    falsy: frozenset[str] = frozenset()  # the frame's locals that were None or False when it returned
    locals_at_raise: dict[str, Any] = field(default_factory=dict)
    children: list[tuple[int, "Node"]] = field(default_factory=list)  # (calling line, child)


class Tracer:
    """A call tree of the frames whose file is under ``folder``."""

    def __init__(self, folder: Path, attempt: str) -> None:
        self.folder = str(folder)
        self.attempt = attempt
        self.root = Node("<root>", "", 0)
        self.stack: list[tuple[Any, Node]] = []
        self.last_exc: dict[int, tuple[int, BaseException]] = {}

    def _ours(self, frame: Any) -> bool:
        return frame.f_code.co_filename.startswith(self.folder)

    def __call__(self, frame: Any, event: str, arg: Any) -> Any:
        if event != "call" or not self._ours(frame):
            return None
        parent = self.stack[-1][1] if self.stack else self.root
        caller = frame.f_back
        while caller is not None and not self._ours(caller):  # a callback called by Lark: the line that called Lark
            caller = caller.f_back
        line = caller.f_lineno if caller is not None else 0
        node = Node(frame.f_code.co_name, frame.f_code.co_filename, frame.f_code.co_firstlineno)
        if node.name == self.attempt:
            node.language = frame.f_locals.get("language")
        parent.children.append((line, node))
        self.stack.append((frame, node))
        return self._local

    def _local(self, frame: Any, event: str, arg: Any) -> Any:
        node = self._node(frame)
        if node is None:
            return self._local
        if event == "exception":
            node.caught, node.caught_line = arg[1], frame.f_lineno
            node.locals_at_raise = {k: v for k, v in frame.f_locals.items() if k in ("pos", "text", "word", "token", "tokens")}
        elif event == "line" and node.caught is not None and node.raised is None:
            pass
        elif event == "return":
            node.line, node.value = frame.f_lineno, arg
            node.falsy = frozenset(k for k, v in frame.f_locals.items() if v is None or v is False)
            if node.caught is not None and node.caught_line == frame.f_lineno and arg is None and _left_by_exception(frame):
                node.raised = node.caught
            while self.stack and self.stack[-1][0] is not frame:
                self.stack.pop()
            if self.stack:
                self.stack.pop()
        return self._local

    def _node(self, frame: Any) -> Node | None:
        for f, node in reversed(self.stack):
            if f is frame:
                return node
        return None


def _left_by_exception(frame: Any) -> bool:
    """Whether the frame is being left by an exception (its current instruction is no return)."""
    import dis

    code, offset = frame.f_code, frame.f_lasti
    for instruction in dis.get_instructions(code):
        if instruction.offset == offset:
            return instruction.opname not in ("RETURN_VALUE", "RETURN_CONST", "YIELD_VALUE")
    return True


def _site(node: Node, line: int | None = None) -> str:
    """``file:line function: the line`` (a bare ``return None``/``raise`` with the test of the ``if`` it is in)."""
    line = node.line if line is None else line
    text = linecache.getline(node.file, line).strip()
    if re.fullmatch(r"(return( None| False| True)?|raise \w+)\b.*", text) and not re.search(r"\bif\b", text):
        test = _innermost_test(node, line)
        if test is not None:
            text = f"{text[:60]} <= {linecache.getline(node.file, test.lineno).strip()[:100]}"
    return f"{os.path.relpath(node.file, TASKS)}:{line} {node.name}: {text[:170]}"


def _innermost_test(node: Node, line: int) -> ast.AST | None:
    function = _function_at(node.file, node.first_line)
    tests = [sub.test for sub in ast.walk(function) if isinstance(sub, ast.If)
             and any(b.lineno <= line <= (b.end_lineno or b.lineno) for b in sub.body)] if function is not None else []
    return max(tests, key=lambda t: t.lineno, default=None)


def _exception_detail(exc: BaseException | None, node: Node) -> str:
    """`` [what, for the histogram's key] {where, for the example}``."""
    if exc is None:
        return ""
    exc = getattr(exc, "orig_exc", None) or exc  # Lark's VisitError: the callback's own exception
    token = getattr(exc, "token", None)
    if token is not None:  # Lark's UnexpectedToken: the word class the grammar did not expect, after which
        tokens = node.locals_at_raise.get("tokens") or []
        at = next((i for i, t in enumerate(tokens) if t is token), None)
        before = tokens[at - 1].type if at else "start"
        return f" [grammar: unexpected {getattr(token, 'type', '?')} after {before}] {{{str(token)[:30]!r}}}"
    loc = node.locals_at_raise
    if "text" in loc and isinstance(loc.get("pos"), int) and isinstance(loc["text"], str):
        at = loc["text"][loc["pos"]:]
        what = at[:1] if at[:1] and not at[:1].isalnum() else ("a word" if at[:1].isalpha() else "a number")
        return f" [{type(exc).__name__} at {what!r}] {{{at[:24]!r}}}"
    return f" [{type(exc).__name__}]"


def _function_at(file: str, first_line: int) -> ast.AST | None:
    tree = _module_tree(file)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = [node.lineno, *(d.lineno for d in node.decorator_list)]
            if first_line in lines:
                return node
    return None


@functools.lru_cache(maxsize=None)
def _module_tree(file: str) -> ast.AST | None:
    try:
        return ast.parse(Path(file).read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return None


def _deciding_lines(node: Node) -> list[int]:
    """The lines whose calls decided ``node``'s return: the return line, the test of the ``if`` around
    it, and for a name of that test (or of the return) that was None or False, the line assigning it."""
    function = _function_at(node.file, node.first_line)
    lines = [node.line]
    if function is None:
        return lines
    tests: list[ast.AST] = []
    for sub in ast.walk(function):
        if isinstance(sub, ast.If) and any(getattr(b, "lineno", 0) <= node.line <= getattr(b, "end_lineno", 0) for b in sub.body):
            tests.append(sub.test)
        if isinstance(sub, (ast.Return, ast.Raise)) and sub.lineno <= node.line <= (sub.end_lineno or sub.lineno):
            tests.append(sub)
    tests.sort(key=lambda t: -t.lineno)  # the innermost if first
    calls = [line for test in tests[:2] for line in range(test.lineno, (test.end_lineno or test.lineno) + 1)
             if any(at == line for at, _child in node.children)]
    if calls:
        return lines + calls
    # no call in the test: the first name it tests (short-circuit order) that was None or False, where it was assigned
    names = [n.id for test in tests[:2] for n in sorted(ast.walk(test), key=_position)
             if isinstance(n, ast.Name) and n.id in node.falsy]
    assigned = [sub for sub in ast.walk(function) if names and isinstance(sub, (ast.Assign, ast.AnnAssign, ast.NamedExpr))
                and sub.lineno <= node.line and any(isinstance(t, ast.Name) and t.id == names[0]
                                                     for t in (sub.targets if isinstance(sub, ast.Assign) else [sub.target]))]
    for sub in sorted(assigned, key=lambda a: a.lineno)[-1:]:
        lines += range(sub.lineno, (sub.end_lineno or sub.lineno) + 1)
    return lines


def _position(n: ast.AST) -> tuple[int, int]:
    return getattr(n, "lineno", 0), getattr(n, "col_offset", 0)


def chain(node: Node, depth: int = 12) -> list[str]:
    """The sites from ``node`` down to where its reading stopped."""
    sites: list[str] = []
    for _ in range(depth):
        exc = node.raised
        if exc is None and node.caught is not None and not [c for at, c in node.children if at == node.line]:
            # returned after catching: follow the call the exception came out of
            line = node.caught_line
            from_line = [child for at, child in node.children if at == line and child.raised is not None]
            sites.append(_site(node, node.line) + _exception_detail(node.caught, node))
        elif exc is not None:
            from_line = [child for at, child in node.children if at == node.line and child.raised is not None]
            sites.append(_site(node) + ("" if from_line else _exception_detail(exc, node)))
        else:
            sites.append(_site(node))
            deciding = _deciding_lines(node)
            from_line = [child for at, child in node.children if at in deciding]
            # the last call the return rests on (a short-circuit "or" stops at the one that was true);
            # a call on the return line itself first
            on_return = [child for at, child in node.children if at == node.line]
            from_line = on_return or from_line
        # a comprehension closed by any()/all() (GeneratorExit) decided nothing itself: its line did
        from_line = [c for c in from_line if not (c.name.startswith("<") and isinstance(c.raised or c.caught, GeneratorExit))]
        if not from_line:
            break
        node = from_line[-1]
    return sites


def attempts(tracer: Tracer) -> list[Node]:
    found: list[Node] = []

    def walk(node: Node) -> None:
        for _line, child in node.children:
            if child.name == tracer.attempt:
                found.append(child)
            else:
                walk(child)

    walk(tracer.root)
    return found


def traced(read: Callable[[], Any], folder: Path, attempt: str) -> tuple[Any, Tracer]:
    tracer = Tracer(folder, attempt)
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        value = read()
    finally:
        sys.settrace(old)
    return value, tracer


# -- the tasks -----------------------------------------------------------------------------------


def _json_reader() -> tuple[Callable[[str], Any], Callable[[], None]]:
    from stepcache_integrations.core.tasks.json import reader

    def fresh() -> None:
        reader.read_request.cache_clear()
        reader._LANGUAGE._shapes.clear()  # a kept "unparsed" shape would hide the grammar's token

    return reader.read_request, fresh


def _linear_reader() -> tuple[Callable[[str], Any], Callable[[], None]]:
    from stepcache_integrations.core.tasks.linear import reader
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt as read_prompt

    def fresh() -> None:
        reader._LANGUAGE._shapes.clear()
        for fn in (read_prompt,):
            if hasattr(fn, "cache_clear"):
                fn.cache_clear()

    return read_prompt, fresh


READERS = {"json": _json_reader, "linear": _linear_reader}


def cause_of(prompt: str, language: str, task: str, read: Callable[[str], Any], fresh: Callable[[], None]) -> tuple[bool, list[str]]:
    """(whether ``prompt`` is read, the sites where its reading in ``language`` stopped)."""
    fresh()
    folder = TASKS
    value, tracer = traced(lambda: read(prompt), folder, "_parse")
    if value is not None:
        return True, []
    tries = [n for n in attempts(tracer) if n.language == language]
    if not tries:
        names = sorted({str(n.language) for n in attempts(tracer)})
        if not names:
            return False, ["read_request: returned before any language's attempt (no JSON word, a character, a length)"]
        return False, [f"no {language} attempt: its words were not cut (attempts: {', '.join(names)})"]
    return False, chain(tries[-1])


def key_of(sites: list[str], levels: int) -> str:
    """A cause's histogram key: the attempt's own stop, then the deepest ``levels`` sites (an example's
    own words, in braces, left out)."""
    sites = [re.sub(r" \{.*\}$", "", site) for site in sites]
    if len(sites) <= levels + 1:
        return " <- ".join(reversed(sites))
    return " <- ".join(reversed([sites[0], *sites[-levels:]]))


def run_pairs(files: list[str], task: str) -> list[dict[str, Any]]:
    from heldout_phrasings import EchoModel, judge  # type: ignore[import-not-found]

    from stepcache_integrations import StepCache

    rows = []
    for path in files:
        for pair in json.loads(Path(path).read_text(encoding="utf-8")):
            if pair["task"] != task:
                continue
            cache, model = StepCache(), EchoModel()
            cache.generate(pair["first"], model)
            before = model.calls
            second = cache.generate(pair["second"], model)
            served = model.calls == before
            rows.append({**pair, "file": os.path.basename(path), "outcome": second.outcome,
                         "served": served, "right": served and judge(pair["oracle"], second.text)})
    return rows


def rows_from_results(results: str, files: list[str], task: str) -> list[dict[str, Any]]:
    pairs = {}
    for path in files:
        for pair in json.loads(Path(path).read_text(encoding="utf-8")):
            pairs[(os.path.basename(path), pair["id"])] = pair
    rows = []
    for path in sorted(glob.glob(os.path.join(results, "*.json"))):
        name = os.path.basename(path)
        if _blind(name):
            continue
        for r in json.load(open(path, encoding="utf-8"))["rows"]:
            pair = pairs.get((name, r["id"]))
            if pair is None or pair["task"] != task:
                continue
            served = r["served_without_model_call"]
            rows.append({**pair, "file": name, "outcome": r["outcome"], "served": served,
                         "right": served and not r["wrong_without_model_call"]})
    return rows


def dev_files() -> list[str]:
    files = sorted(glob.glob(str(ROOT / "bench_data" / "heldout_phrasings*.json")))
    files += sorted(glob.glob(str(ROOT / "bench_data" / "heldout_languages*.json")))
    return [f for f in files if not _blind(f)]


BLIND_SETS = ("30",)  # the session's blind set: never opened (set 29 became a dev set on 2026-12-07, 14:05)


def _blind(name: str) -> bool:
    return any(name.endswith(f"_{n}.json") for n in BLIND_SETS)


def histogram(rows: list[dict[str, Any]], task: str, levels: int) -> list[dict[str, Any]]:
    read, fresh = READERS[task]()
    out = []
    for row in rows:
        if row["right"] or row["oracle"]["type"] == "any-different":
            continue  # served right, or a trap (declining it is right)
        language = row["language"]
        second_read, second_sites = cause_of(row["second"], language, task, read, fresh)
        if not second_read:
            cause = key_of(second_sites, levels)
        else:
            first_read, first_sites = cause_of(row["first"], language, task, read, fresh)
            if not first_read:
                cause = "first: " + key_of(first_sites, levels)
            elif row["served"]:
                cause = f"engine: served wrong (outcome {row['outcome']})"
            else:
                cause = f"engine: both read, outcome {row['outcome']}"
            second_sites = []
        out.append({"file": row["file"], "id": row["id"], "language": language, "cause": cause,
                    "sites": second_sites, "first": row["first"], "second": row["second"], "outcome": row["outcome"]})
    return out


def report(causes: list[dict[str, Any]], top: int, examples: int, group: str) -> str:
    lines = []
    for label, keep in (("en", lambda c: c["language"] == "en"), ("other languages", lambda c: c["language"] != "en"),
                        ("all", lambda c: True)):
        if group != "all" and label != group:
            continue
        chosen = [c for c in causes if keep(c)]
        counts = collections.Counter(c["cause"] for c in chosen)
        lines.append(f"== {label}: {len(chosen)} servable pairs not served right, {len(counts)} causes ==")
        for cause, n in counts.most_common(top):
            lines.append(f"{n:4d}  {cause}")
            for c in [c for c in chosen if c["cause"] == cause][:examples]:
                lines.append(f"        {c['file']}:{c['id']} [{c['language']}] {c['second']!r}"[:400])
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="json", choices=sorted(READERS))
    parser.add_argument("--results", help="measure_dev.sh's output folder (per-pair rows); else the pairs are run")
    parser.add_argument("--pairs", nargs="*", help="pair files (default: every dev set, never the blind set 24)")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--examples", type=int, default=2)
    parser.add_argument("--levels", type=int, default=1, help="deepest sites in a cause's key (beside the attempt's own)")
    parser.add_argument("--group", default="all", choices=["all", "en", "other languages"])
    parser.add_argument("--out", help="write every unserved pair's cause and sites here (JSON)")
    args = parser.parse_args()
    files = [f for f in (args.pairs or dev_files()) if not _blind(f)]
    rows = rows_from_results(args.results, files, args.task) if args.results else run_pairs(files, args.task)
    causes = histogram(rows, args.task, args.levels)
    served = sum(r["right"] for r in rows)
    print(f"{args.task}: {len(rows)} pairs, {served} served right, "
          f"{sum(r['oracle']['type'] == 'any-different' for r in rows)} traps")
    print(report(causes, args.top, args.examples, args.group))
    if args.out:
        Path(args.out).write_text(json.dumps(causes, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
