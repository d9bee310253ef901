"""Why the linear and arithmetic readers declined the dev held-out variations (wip/linAB).

For every dev variation pair (bench_data/heldout_{phrasings,languages}*.json; the blind sets of
scripts/decline_causes.BLIND_SETS never opened) whose second prompt a measured run did not serve, read the second prompt again and record where
the reading stopped:

- the decline site: the chain of ``return None`` / ``return False`` lines, outermost first, from
  ``understand_prompt`` (linear) or ``read_question`` (arithmetic) down to the innermost function whose
  declining the outer ones passed on;
- the unknown word: in the pair's language's table, the word at the furthest position no rule read
  (an out-of-vocabulary word), if the words were not all read;
- the word classes that failed to parse: the class sequence the grammar derived no tree for, and
  the class at which the LALR parse stopped;
- the engine outcome of the measured run.

    python scripts/decline_causes_linear.py /tmp/dev_NAME          # the per-pair results measure_dev.sh wrote
    python scripts/decline_causes_linear.py /tmp/dev_NAME --json out.json

Prints causes by count (two examples each) and the unknown-word histogram (word, language, count).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from decline_causes import BLIND_SETS  # noqa: E402 - one list of the blind sets


def _blind(stem: str) -> bool:
    """A blind set's file: never read."""
    return any(stem.endswith(f"_{name}") for name in BLIND_SETS)


def _package() -> str:
    """The task readers' folder of the package imported (PYTHONPATH may point at another checkout: a before run)."""
    import stepcache_integrations

    return str(Path(stepcache_integrations.__file__).resolve().parent / "core" / "tasks")


_PACKAGE = _package()
_WORD = re.compile(r"\w+|[^\w\s]")


def _pairs(name: str) -> dict[str, dict[str, Any]]:
    """The pairs of the dev set whose results file is ``name`` (ids repeat across sets)."""
    if not name.startswith(("heldout_phrasings", "heldout_languages")) or _blind(Path(name).stem):
        return {}
    return {pair["id"]: pair for pair in json.loads((ROOT / "bench_data" / name).read_text(encoding="utf-8"))}


class _Trace:
    """sys.settrace over one read: each None/False return of a function of the task readers, with its depth."""

    def __init__(self) -> None:
        self.depth = 0
        self.returns: list[tuple[int, str, int]] = []

    def __call__(self, frame: Any, event: str, arg: Any) -> Any:
        if not frame.f_code.co_filename.startswith(_PACKAGE):
            return None
        if event == "call":
            self.depth += 1
            return self
        if event == "return":
            self.depth -= 1
            if arg is None or arg is False:
                self.returns.append((self.depth, f"{Path(frame.f_code.co_filename).stem}.{frame.f_code.co_name}",
                                     frame.f_lineno))
        return self

    def chain(self) -> list[str]:
        """Outermost decline first; each next one the last decline one level deeper before it."""
        if not self.returns:
            return []
        out, index = [], len(self.returns) - 1
        depth, name, line = self.returns[index]
        out.append(f"{name}:{line}")
        while True:
            below = [i for i in range(index) if self.returns[i][0] == depth + 1]
            deeper_since = [i for i in below if not any(self.returns[j][0] <= depth for j in range(i + 1, index))]
            if not deeper_since:
                return out
            index = deeper_since[-1]
            depth, name, line = self.returns[index]
            out.append(f"{name}:{line}")
            if len(out) >= 5:
                return out


def _traced(read: Any, prompt: str) -> tuple[Any, list[str]]:
    trace = _Trace()
    sys.settrace(trace)
    try:
        result = read(prompt)
    finally:
        sys.settrace(None)
    return result, trace.chain()


class _Probe:
    """Records, per language, the furthest position no rule read and the word class sequences no tree was derived for."""

    def __init__(self) -> None:
        from stepcache_integrations.core.tasks.arithmetic import grammar as arith
        from stepcache_integrations.core.tasks.linear import reader

        self.stops: dict[str, tuple[int, str]] = {}
        self.unparsed: list[tuple[str, ...]] = []
        self.language = ""
        original = reader._template_or_token

        def template_or_token(text: str, folded: str, pos: int, run_at: Any, variables: Any, table: Any) -> Any:
            result = original(text, folded, pos, run_at, variables, table)
            if result is None:
                self._stop(table.language, text, pos)
            return result

        reader._template_or_token = template_or_token
        original_words = arith._words

        def arith_words(text: str, table: Any) -> Any:
            words = original_words(text, table)
            if words is None:
                pos = _arith_stop(text, table, arith)
                self._stop(table.language, text, pos)
            return words

        arith._words = arith_words
        for language in (reader._LANGUAGE, arith._LANGUAGE):
            self._wrap_parse(language)

    def _stop(self, language: str, text: str, pos: int) -> None:
        match = _WORD.match(text, pos)
        word = match.group() if match else text[pos : pos + 1]
        if pos >= self.stops.get(language, (-1, ""))[0]:
            self.stops[language] = (pos, word)

    def _wrap_parse(self, language: Any) -> None:
        original = language.parse

        def parse(words: Any) -> Any:
            words = list(words)
            result = original(words)
            if result is None:
                self.unparsed.append(tuple(w.kind for w in words))
            return result

        language.parse = parse
        language._probe_original = original

    def reset(self) -> None:
        self.stops, self.unparsed = {}, []


def _arith_stop(text: str, table: Any, arith: Any) -> int:
    """Where the arithmetic tokenizer stopped (the same walk as grammar._words)."""
    from stepcache_integrations.core.tasks.request_language import Folded

    if table.ascii_only and not text.isascii():
        return next(i for i, c in enumerate(text) if not c.isascii())
    folded, pos = Folded(text), 0
    while pos < len(text):
        if text[pos] == " ":
            pos += 1
            continue
        run = arith._RUN.match(text, pos)
        found = run.end() if run else (table.match(folded, pos) or (None, None))[1]
        if found is None:
            return pos
        pos = found
    return pos


def _parse_stop(kinds: tuple[str, ...], parser: Any) -> str:
    """The class at which the LALR parse of ``kinds`` stopped, with two classes either side."""
    from lark import Token
    from lark.exceptions import UnexpectedInput

    tokens = [Token(kind, kind) for kind in kinds]
    try:
        parser.parse(tokens)
    except UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        index = next((i for i, t in enumerate(tokens) if t is token), len(tokens))
        before = " ".join(kinds[max(0, index - 2) : index])
        after = " ".join(kinds[index + 1 : index + 3])
        return f"{before} [{kinds[index] if index < len(kinds) else '$END'}] {after}".strip()
    except Exception as exc:  # noqa: BLE001 - a transformer's decline: the grammar derived it
        return f"derived ({type(exc).__name__})"
    return "derived"


def analyse(results_dir: Path) -> list[dict[str, Any]]:
    from stepcache_integrations.core.tasks.arithmetic import grammar as arith
    from stepcache_integrations.core.tasks.linear import prompt as linear
    from stepcache_integrations.core.tasks.linear import reader

    probe = _Probe()
    out = []
    for path in sorted(results_dir.glob("heldout_*.json")):
        if _blind(path.stem):
            continue
        pairs = _pairs(path.name)
        for row in json.loads(path.read_text(encoding="utf-8"))["rows"]:
            pair = pairs[row["id"]]
            if row["task"] != "linear" or row["served_without_model_call"] or pair["oracle"]["type"] == "any-different":
                continue  # a trap whose right answer is no reuse is right declined
            prompt, language = pair["second"], pair["language"]
            probe.reset()
            arithmetic = row["second_task"] == "arithmetic" or (row["second_task"] != "linear_equation" and "=" not in prompt
                                                                 and arith.read_question(prompt) is not None)
            if arithmetic:
                read, chain = _traced(arith.read_question, prompt)
                parser = arith._LANGUAGE.parser
            else:
                read, chain = _traced(linear.understand_prompt.__wrapped__, prompt)
                parser = reader._LANGUAGE.parser
            stop = probe.stops.get(language)
            unknown = stop[1] if stop is not None and read is None else None
            parse_stop = _parse_stop(probe.unparsed[-1], parser) if probe.unparsed and read is None else None
            if read is not None:
                site = "read (not served: " + row["outcome"] + ")"
            else:
                site = " <- ".join(chain) or "no decline traced"
            route = "arithmetic" if arithmetic else "equation request" if "=" in prompt else "word problem"
            if read is None and unknown is not None:
                cause = f"unknown word ({route})"
            elif read is None and parse_stop is not None:
                stopped = parse_stop.split("[")[-1].split("]")[0] if "[" in parse_stop else parse_stop
                cause = f"grammar derives no tree ({route}): at {stopped}"
            elif read is None:
                cause = "declined after reading: " + (chain[-1] if chain else "?")
            else:
                cause = site
            out.append({"id": f"{path.stem.replace('heldout_', '')}:{row['id']}", "language": language, "prompt": prompt, "outcome": row["outcome"],
                        "second_task": row["second_task"], "arithmetic": arithmetic, "site": site, "cause": cause,
                        "unknown": unknown, "parse_stop": parse_stop, "path": route})
    return out


def report(rows: list[dict[str, Any]], top: int = 15) -> str:
    lines = [f"{len(rows)} dev linear pairs not served (variations, and traps whose changed problem has a right answer)"]
    causes: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        causes[row["cause"]].append(row)
    lines.append("\n== causes by count")
    for cause, members in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"{len(members):4d}  {cause}")
        for example in members[:2]:
            lines.append(f"        {example['id']} [{example['language']}] {example['prompt'][:150]!r}")
            lines.append(f"            site: {example['site']}" + (f"  parse: {example['parse_stop']}" if example['parse_stop'] else ""))
    sites = Counter(row["site"] for row in rows)
    lines.append("\n== decline sites (top)")
    lines.extend(f"{n:4d}  {site}" for site, n in sites.most_common(top))
    for path in ("equation request", "word problem", "arithmetic"):
        unknown = Counter((row["unknown"].casefold(), row["language"]) for row in rows if row["unknown"] and row["path"] == path)
        lines.append(f"\n== unknown words, {path} (top {top} of {len(unknown)}; word [language], count)")
        lines.extend(f"{n:4d}  {word!r} [{language}]" for (word, language), n in unknown.most_common(top))
    languages = Counter(row["language"] for row in rows if row["unknown"])
    lines.append("\n== unknown words by language: " + ", ".join(f"{lang} {n}" for lang, n in languages.most_common()))
    stops = Counter(row["parse_stop"] for row in rows if row["parse_stop"] and not row["unknown"])
    lines.append(f"\n== parse stops (top {top})")
    lines.extend(f"{n:4d}  {stop}" for stop, n in stops.most_common(top))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, help="the directory measure_dev.sh wrote")
    parser.add_argument("--json", type=Path, help="write the rows here")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    rows = analyse(args.results)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(report(rows, args.top))


if __name__ == "__main__":
    main()
