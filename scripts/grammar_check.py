"""Every alternative, terminal reference and optional of the request grammars under test (issue 33: "the
mutation check covers the grammar files").

For each request grammar (``arithmetic``, ``json``, ``linear``: ``core/tasks/<task>/request.lark``) this
makes its mutants, each one change of the file's text:

* ``deleted``: an alternative of a rule or of a group taken out (``(STOP | BANG)`` -> ``(STOP)``), an
  ``%extend`` of one alternative taken out whole;
* ``swapped``: a terminal reference replaced by its sibling, the terminal declared after it (``%declare``
  order, the last by the first);
* ``required``: an optional made required (``X?`` -> ``X``, ``X*`` -> ``X+``);
* ``optional``: a required one made optional (``X`` -> ``X?``, ``X+`` -> ``X*``);

and judges each as ``scripts/vocabulary_check.py`` judges a table's: the package imported afresh with the
grammar's text replaced (nothing written to disk), the reader corpora and the witness fixture read; a mutant is
caught when a prompt fails what its corpus test asserts of it, or when the grammar no longer builds (strict
LALR: every reading raises, every test fails: ``at_load``).

Which prompts a mutant is read on: the baseline reading of every corpus prompt records, per grammar, the rules
its parses reduced and the word classes it was cut into. A prompt read otherwise after the change either was
derived through the changed rule (a loss: it reduced that rule) or is derived now through the changed
alternative (a gain, for ``swapped`` and ``optional`` only: it holds every word class that alternative still
requires). Those prompts, the ones read and passing first, at most ``--limit`` of them. A survivor is either listed
in tests/fixtures/grammar_equivalent_mutants.json (why no prompt can be read otherwise) or in
grammar_unwitnessed_mutants.json (no witness found yet), or it fails the run; ``--discover`` looks for witnesses
among the repository's prompts, ``--try`` reads given prompts with the grammar as it is and mutated.

    python scripts/grammar_check.py                       # full: every mutant of the three grammars (nightly)
    python scripts/grammar_check.py --sample              # the CI sample (tests/unit/test_grammar_check.py)
    python scripts/grammar_check.py --grammar arithmetic --survivors
"""

from __future__ import annotations

import argparse
import bisect
import hashlib
import importlib
import json
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "stepcache_integrations" / "core" / "tasks"
GRAMMARS = ("arithmetic", "json", "linear")
EQUIVALENT = ROOT / "tests" / "fixtures" / "grammar_equivalent_mutants.json"  # survivors that change nothing, why
# survivors no witness was found for yet (a ratchet: a listed mutant that is caught must leave the list)
UNWITNESSED = ROOT / "tests" / "fixtures" / "grammar_unwitnessed_mutants.json"
SAMPLE_PER_GRAMMAR = 8  # the CI sample: mutants per grammar, chosen by the digest of their key (stable under edits)


def _script(name: str) -> Any:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)


def grammar_path(task: str) -> Path:
    return TASKS / task / "request.lark"


# -- the grammar's text: statements, alternatives, expressions with their offsets ---------------------

_TOKEN = re.compile(r"(?P<comment>//[^\n]*)|(?P<nl>\n)|(?P<ws>[ \t\r]+)|(?P<arrow>->)|(?P<directive>%\w+)"
                    r"|(?P<name>[?!]?[A-Za-z_][A-Za-z_0-9]*)|(?P<op>[():|?*+])|(?P<other>.)")


@dataclass
class Expr:
    start: int
    end: int  # after its operator
    op: str  # "", "?", "*", "+"
    name: str = ""  # a symbol's name, else a group
    alts: list[Alt] = field(default_factory=list)

    @property
    def atom_end(self) -> int:
        return self.end - len(self.op)


@dataclass
class Alt:
    start: int
    end: int
    exprs: list[Expr]


@dataclass
class Statement:
    rule: str  # the rule it defines or extends
    start: int
    end: int
    extends: bool
    alts: list[Alt]


def _tokens(text: str) -> list[tuple[str, str, int, int]]:
    return [(m.lastgroup or "", m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def statements(text: str) -> tuple[list[Statement], list[str]]:
    """The grammar's rule statements (rules and ``%extend``) and its declared terminals, in order."""
    found, declared = [], []
    tokens = _tokens(text)
    heads = [i for i, (kind, _, start, _) in enumerate(tokens)
             if kind in ("name", "directive") and (start == 0 or text[start - 1] == "\n")]
    for n, head in enumerate(heads):
        body = [t for t in tokens[head: heads[n + 1] if n + 1 < len(heads) else len(tokens)]
                if t[0] not in ("comment", "nl", "ws")]
        if body[0][1] == "%declare":
            declared.extend(t[1] for t in body[1:])
        elif body[0][0] == "name" or body[0][1] == "%extend":
            extends = body[0][1] == "%extend"
            name_at = 1 if extends else 0
            assert body[name_at + 1][1] == ":", body[: name_at + 2]
            reader = _Body(body[name_at + 2:])
            alts = reader.expansions()
            assert reader.i == len(reader.tokens), (body[0], reader.tokens[reader.i:][:3])
            found.append(Statement(body[name_at][1].lstrip("?!"), body[0][2], body[-1][3], extends, alts))
    return found, declared


class _Body:
    """A rule's right side read by recursive descent (the subset of Lark's syntax the grammars use)."""

    def __init__(self, tokens: list[tuple[str, str, int, int]]) -> None:
        self.tokens, self.i = tokens, 0

    def _peek(self) -> str:
        return self.tokens[self.i][1] if self.i < len(self.tokens) else ""

    def expansions(self) -> list[Alt]:
        alts = [self.alternative()]
        while self._peek() == "|":
            self.i += 1
            alts.append(self.alternative())
        return alts

    def alternative(self) -> Alt:
        exprs = []
        start = self.tokens[self.i][2] if self.i < len(self.tokens) else -1
        while self.i < len(self.tokens) and (self.tokens[self.i][0] == "name" or self._peek() == "("):
            exprs.append(self.expr())
        end = exprs[-1].end if exprs else start
        if self._peek() == "->":
            end = self.tokens[self.i + 1][3]
            self.i += 2
        return Alt(start, end, exprs)

    def expr(self) -> Expr:
        kind, value, start, end = self.tokens[self.i]
        self.i += 1
        expr = Expr(start, end, "", name=value)
        if value == "(":
            expr.name, expr.alts = "", self.expansions()
            assert self._peek() == ")", self.tokens[self.i]
            expr.end = self.tokens[self.i][3]
            self.i += 1
        if self._peek() in ("?", "*", "+"):
            expr.op = self._peek()
            expr.end = self.tokens[self.i][3]
            self.i += 1
        return expr


# -- the mutants ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    """One change of a grammar's text: ``text[start:end]`` replaced by ``new``."""

    grammar: str
    rule: str
    kind: str  # deleted | swapped | required | optional
    start: int
    end: int
    new: str
    line: int
    what: str  # the change, as written
    gains: bool  # whether the change can derive a sentence the grammar did not
    needs: tuple[str, ...]  # the terminals a sentence derived through the changed alternative holds
    near: tuple[str, ...] = ()  # every terminal the changed alternative names: prompts holding most are read first
    expansions: str = ""  # a pattern of the rule's expansions (Lark's, flattened) its changed alternative makes
    key: str = ""  # what names it across edits elsewhere in the file (the sample's choice)

    @property
    def ident(self) -> str:
        return f"{self.grammar}:{self.line}:{self.rule}:{self.kind}:{self.what}"

    def apply(self, text: str) -> str:
        return text[: self.start] + self.new + text[self.end:]


def _is_terminal(name: str) -> bool:
    return name.lstrip("_")[:1].isupper()


def _required_terminals(path: list[Alt], changed: Expr | None = None, new_name: str = "") -> tuple[str, ...]:
    found = set()
    for alt in path:
        for expr in alt.exprs:
            if expr.name and _is_terminal(expr.name) and expr.op in ("", "+") and not expr.name.startswith("_"):
                found.add(new_name if expr is changed and new_name else expr.name)
    if changed is not None and not new_name and changed.name:
        found.discard(changed.name)  # made optional
    return tuple(sorted(found))


def mutants_of(task: str, text: str | None = None) -> list[Mutant]:
    """Every mutant of one grammar, in the file's order."""
    text = grammar_path(task).read_text(encoding="utf-8") if text is None else text
    found_statements, declared = statements(text)
    sibling = {name: declared[(i + 1) % len(declared)] for i, name in enumerate(declared)}
    found: list[Mutant] = []
    lines = [i for i, c in enumerate(text) if c == "\n"]
    for statement in found_statements:
        found.extend(_statement_mutants(task, text, statement, sibling, lines))
    seen: dict[str, int] = {}
    keyed = []
    for mutant in found:  # a key that is not unique is numbered in the file's order
        n = seen[mutant.key] = seen.get(mutant.key, -1) + 1
        keyed.append(_with(mutant, key=f"{mutant.key}#{n}" if n else mutant.key))
    return keyed


def _with(mutant: Mutant, **changes: Any) -> Mutant:
    from dataclasses import replace

    return replace(mutant, **changes)


def _statement_mutants(task: str, text: str, statement: Statement, sibling: dict[str, str],
                       lines: list[int]) -> Iterator[Mutant]:
    def make(kind: str, start: int, end: int, new: str, what: str, gains: bool, needs: tuple[str, ...], alt: Alt,
             top: Alt) -> Mutant:
        shown = " ".join(text[alt.start: alt.end].split())
        near = tuple(sorted({*re.findall(r"\b_?[A-Z][A-Z_0-9]*\b", text[alt.start: alt.end]), *needs}))
        return Mutant(task, statement.rule, kind, start, end, new, bisect.bisect_left(lines, start) + 1, what, gains, needs,
                      near, _pattern(top), key=f"{task}:{statement.rule}:{kind}:{what}:{shown}")

    if statement.extends and len(statement.alts) == 1:
        alt = statement.alts[0]
        yield make("deleted", statement.start, statement.end, "", "%extend " + statement.rule, False, (), alt, alt)
    for path, alts in _groups(statement.alts, []):
        if len(alts) < 2 or (path == [] and not alts):
            continue
        for i, alt in enumerate(alts):
            if alt.start < 0 or not alt.exprs:
                continue
            start, end = (alt.start, alts[1].start) if i == 0 else (alts[i - 1].end, alt.end)
            yield make("deleted", start, end, "", " ".join(text[alt.start: alt.end].split()), False, (), alt,
                       path[0] if path else alt)
    for path, expr, alone_in_optional in _exprs(statement.alts, []):
        alt = path[-1]
        if expr.name and _is_terminal(expr.name) and sibling.get(expr.name, expr.name) != expr.name:
            new = sibling[expr.name]
            yield make("swapped", expr.start, expr.atom_end, new, f"{expr.name} -> {new}", True,
                       _required_terminals(path, expr, new), alt, path[0])
        written = text[expr.start: expr.atom_end]
        shown = " ".join(written.split())
        if expr.op in ("?", "*"):
            new_op = "" if expr.op == "?" else "+"
            yield make("required", expr.atom_end, expr.end, new_op, f"{shown}{expr.op} -> {shown}{new_op}", False, (), alt,
                       path[0])
        elif not (alone_in_optional and expr.op == ""):  # "(A | B?)?" derives what "(A | B)?" does: no mutant
            new_op = "?" if expr.op == "" else "*"
            yield make("optional", expr.atom_end, expr.end, new_op, f"{shown}{expr.op} -> {shown}{new_op}", True,
                       _required_terminals(path, expr), alt, path[0])


def _pattern(alt: Alt) -> str:
    """A regular expression of the expansions Lark makes of one alternative (groups and ``?`` flattened into the
    rule's own, ``*`` and ``+`` a helper rule ``__<rule>_star_<n>``), each symbol followed by a space."""
    return "".join(_expr_pattern(expr) for expr in alt.exprs)


def _expr_pattern(expr: Expr) -> str:
    if expr.op in ("*", "+"):
        return r"(?:__\S+ )" + ("?" if expr.op == "*" else "")
    atom = f"(?:{re.escape(expr.name)} )" if expr.name else "(?:" + "|".join(_pattern(a) for a in expr.alts) + ")"
    return atom + ("?" if expr.op == "?" else "")


def _groups(alts: list[Alt], path: list[Alt]) -> Iterator[tuple[list[Alt], list[Alt]]]:
    yield path, alts
    for alt in alts:
        for expr in alt.exprs:
            if expr.alts:
                yield from _groups(expr.alts, [*path, alt])


def _exprs(alts: list[Alt], path: list[Alt], group: Expr | None = None) -> Iterator[tuple[list[Alt], Expr, bool]]:
    """Each expression, the alternatives it is in, and whether it is all of an alternative of an optional group."""
    for alt in alts:
        for expr in alt.exprs:
            yield [*path, alt], expr, group is not None and group.op == "?" and len(alt.exprs) == 1
            if expr.alts:
                yield from _exprs(expr.alts, [*path, alt], expr)


def sample(mutants: list[Mutant], per_grammar: int = SAMPLE_PER_GRAMMAR) -> list[Mutant]:
    """The CI sample: per grammar, the mutants whose keys have the smallest digests (a mutant stays in it
    while its rule's text stands, whatever is edited elsewhere in the file)."""
    chosen = []
    for task in GRAMMARS:
        mine = sorted((m for m in mutants if m.grammar == task), key=lambda m: hashlib.sha256(m.key.encode()).hexdigest())
        chosen.extend(mine[:per_grammar])
    return chosen


# -- the baseline: which rules each prompt's parses reduced, which word classes it was cut into --------

class Recorder:
    """Installed on the package as it is loaded unmutated: per prompt and grammar, the rules reduced and
    the word classes parsed (the kept trees turned off, so every prompt is parsed)."""

    def __init__(self) -> None:
        self.current: dict[str, tuple[set[tuple[str, str]], set[str]]] = {}
        self.on = False

    def install(self, parsers: dict[tuple[str, str], Any]) -> None:
        module = importlib.import_module("stepcache_integrations.core.tasks.request_language")
        recorder = self
        derive = module.RequestLanguage._derive

        def recorded_derive(self: Any, parser: Any, tokens: list[Any]) -> Any:
            if recorder.on:
                recorder._entry(self.folder.name)[1].update(token.type for token in tokens)
            return derive(self, parser, tokens)

        module.RequestLanguage._derive = recorded_derive
        module.RequestLanguage._kept = lambda self, kinds: None
        for (task, _), parser in parsers.items():
            callbacks = parser.parser.parser.parser.callbacks
            for rule, callback in list(callbacks.items()):
                if hasattr(rule, "origin"):
                    expansion = "".join(f"{symbol.name} " for symbol in rule.expansion)
                    callbacks[rule] = self._wrapped(task, (rule.origin.name.lstrip("?!"), expansion), callback)

    def _entry(self, task: str) -> tuple[set[tuple[str, str]], set[str]]:
        return self.current.setdefault(task, (set(), set()))

    def _wrapped(self, task: str, reduced: tuple[str, str], callback: Any) -> Any:
        def recorded(children: Any) -> Any:
            if self.on:
                self._entry(task)[0].add(reduced)
            return callback(children)

        recorded.inner = callback  # type: ignore[attr-defined]
        return recorded

    @staticmethod
    def uninstall(parsers: dict[tuple[str, str], Any]) -> None:
        for parser in parsers.values():
            callbacks = parser.parser.parser.parser.callbacks
            for rule, callback in list(callbacks.items()):
                callbacks[rule] = getattr(callback, "inner", callback)


# -- the judge ---------------------------------------------------------------------------------------------

@dataclass
class Verdict:
    mutant: Mutant
    status: str  # caught | at_load | survived
    witness: str = ""
    candidates: int = 0
    source: tuple[str, str] = ("", "")  # the reader and prompt that caught it


class GrammarLoader:
    """vocabulary_check's Loader, its parsers kept for the grammars as they are only (a mutant's built once,
    never saved to the parser cache folder) and their build errors seen."""

    def __init__(self) -> None:
        vocabulary = _script("vocabulary_check")
        originals = {task: grammar_path(task).read_text(encoding="utf-8") for task in GRAMMARS}
        self.built: dict[tuple[str, str], Any] = {}
        self.last: tuple[tuple[str, str], Any] | None = None
        loader = self

        class _Loader(vocabulary.Loader):
            @staticmethod
            def _memoize_parsers() -> None:
                tables_module = importlib.import_module("stepcache_integrations.core.tasks.parser_tables")
                build, lark = tables_module.build_lalr, importlib.import_module("lark")

                def build_lalr(task: str, grammar: str, **options: Any) -> Any:
                    key = (task, grammar)
                    if key in loader.built:
                        return loader.built[key]
                    if grammar == originals.get(task) or task not in GRAMMARS:
                        loader.built[key] = build(task, grammar, **options)
                        return loader.built[key]
                    if loader.last is not None and loader.last[0] == key:
                        return loader.last[1]
                    parser = lark.Lark(grammar, **{"parser": "lalr", **options})  # a build error is the reader's
                    loader.last = (key, parser)
                    return parser

                tables_module.build_lalr = build_lalr

        self.loader = _Loader()
        self.originals = originals

    def load(self, task: str | None, text: str | None) -> None:
        self.loader.load({} if task is None else {str(grammar_path(task)): text})

    def build(self, task: str) -> Exception | None:
        """Build ``task``'s grammar as loaded now (as its reader does): the build's error, else None."""
        module = importlib.import_module("stepcache_integrations.core.tasks.request_language")
        text = module.Path(grammar_path(task)).read_text(encoding="utf-8")
        tables_module = importlib.import_module("stepcache_integrations.core.tasks.parser_tables")
        try:
            tables_module.build_lalr(task, text, lexer=module._Tokens, start="start", strict=True)
        except Exception as exc:  # noqa: BLE001 - a grammar that does not build fails every test
            return exc
        return None


class GrammarCheck:
    """The judge: each mutant loaded alone, read on its candidates (at most ``limit``)."""

    def __init__(self, limit: int = 40, chosen: list[Any] | None = None) -> None:
        vocabulary = _script("vocabulary_check")
        _script("mutation_check")._fast_lalr()  # the same tables, built with less CPU
        self.loader = GrammarLoader()
        self.check = vocabulary.Check(self.loader.loader, vocabulary.corpora() if chosen is None else chosen, limit)
        self.limit = limit
        self.records: dict[int, dict[str, tuple[set[tuple[str, str]], set[str]]]] = {}
        self._reduced: dict[tuple[str, str], dict[str, set[int]]] = {}  # (grammar, rule) -> expansion -> prompts

    def baseline(self, tasks: tuple[str, ...]) -> None:
        """Every prompt of the corpora these grammars' readers read: passes its test, is read, and what its
        parses reduced (each prompt read once, with the grammars as they are)."""
        check = self.check
        wanted = _mask_indices(check.read_by(f"{task}/request.lark") for task in tasks)
        missing = [i for i in wanted if i not in self.records]
        if not missing:
            return
        self.loader.load(None, None)
        for task in GRAMMARS:
            self.loader.build(task)
        recorder = Recorder()
        recorder.install({k: v for k, v in self.loader.built.items() if k[0] in GRAMMARS})
        try:
            for i in missing:
                recorder.current, recorder.on = {}, True
                prompt = check.candidates.prompts[i]
                ok, read = True, False
                for corpus in check.readers[prompt]:
                    try:
                        now = check.readings[corpus.reader](prompt)
                    except Exception:  # noqa: BLE001 - fails its test as the tables are: never a witness
                        ok = False
                        continue
                    ok = ok and corpus.holds[prompt](now)
                    read = read or now not in (None, False) and (not isinstance(now, dict) or now.get("claims", True))
                recorder.on = False
                check.baseline[i] = (ok, read)
                self.records[i] = recorder.current
                for task, (reduced, _) in recorder.current.items():
                    for rule, expansion in reduced:
                        self._reduced.setdefault((task, rule), {}).setdefault(expansion, set()).add(i)
        finally:
            recorder.uninstall(self.loader.built)
        self.loader.load(None, None)  # the recorder's patches gone with the modules

    def candidates(self, mutant: Mutant) -> tuple[list[int], int]:
        """The prompts a mutant is read on (the passing ones that reduced its rule, read first, then those
        that hold what a gained sentence would), at most ``limit``; and how many there were."""
        table = f"{mutant.grammar}/request.lark"
        mine = set(_mask_indices([self.check.read_by(table)]))
        pattern = re.compile(mutant.expansions)
        through = set()  # the prompts whose parses reduced an expansion of the changed alternative
        for expansion, prompts in self._reduced.get((mutant.grammar, mutant.rule), {}).items():
            if pattern.fullmatch(expansion):
                through |= prompts
        lost, gained = [], []
        for i in mine:
            if not self.check.baseline.get(i, (False, False))[0]:
                continue
            kinds = self.records.get(i, {}).get(mutant.grammar, (set(), set()))[1]
            if i in through and mutant.kind != "optional":  # a grown language derives an old sentence as before
                lost.append(i)
            elif mutant.gains and kinds and set(mutant.needs) <= kinds:
                gained.append(i)
        texts = self.check.candidates.texts

        def missing(i: int) -> int:  # the changed alternative's terminals the prompt was not cut into
            return len(set(mutant.near) - self.records.get(i, {}).get(mutant.grammar, (set(), set()))[1])

        lost.sort(key=lambda i: (missing(i), not self.check.baseline[i][1], len(texts[i]), i))
        gained.sort(key=lambda i: (missing(i), self.check.baseline[i][1], len(texts[i]), i))  # unread first: read now?
        found = lost + gained
        return found[: self.limit], len(found)

    def judge(self, mutant: Mutant) -> Verdict:
        chosen, total = self.candidates(mutant)
        text = self.loader.originals[mutant.grammar]
        self.loader.load(mutant.grammar, mutant.apply(text))
        error = self.loader.build(mutant.grammar)
        if error is not None:
            return Verdict(mutant, "at_load", f"{type(error).__name__}: {error}"[:160], total)
        table = f"{mutant.grammar}/request.lark"
        for index in chosen:
            failed = self.check.fails(index, table)
            if failed is not None:
                prompt = self.check.candidates.prompts[index]
                return Verdict(mutant, "caught", f"{failed}: {prompt!r}", total, (self.check.failed_reader, prompt))
        return Verdict(mutant, "survived", "", total)

    def run(self, mutants: list[Mutant], progress: bool = False) -> list[Verdict]:
        self.baseline(tuple(sorted({m.grammar for m in mutants})))
        verdicts = []
        started = time.time()
        for n, mutant in enumerate(mutants):
            verdicts.append(self.judge(mutant))
            if progress and n % 50 == 0:
                print(f"  {n + 1}/{len(mutants)}, {time.time() - started:.0f} s", file=sys.stderr)
        self.loader.load(None, None)
        return verdicts


def _mask_indices(masks: Any) -> list[int]:
    bits = 0
    for mask in masks:
        bits |= mask
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


def equivalent() -> dict[str, str]:
    """Survivors that change no reading, by key, with why (tests/fixtures/grammar_equivalent_mutants.json)."""
    return json.loads(EQUIVALENT.read_text(encoding="utf-8")) if EQUIVALENT.exists() else {}


def unwitnessed() -> dict[str, str]:
    """Survivors no witness was found for yet, by key, with what was tried (grammar_unwitnessed_mutants.json)."""
    return json.loads(UNWITNESSED.read_text(encoding="utf-8")) if UNWITNESSED.exists() else {}


def discover(survivors: list[Mutant], limit: int) -> list[dict[str, Any]]:
    """Witnesses for survivors: the repository's prompts outside the corpora (vocabulary_check's pool) that catch
    them, each with its reading as it is now (rows of ``tests/fixtures/vocabulary_witnesses.jsonl``)."""
    vocabulary = _script("vocabulary_check")
    known = {p for corpus in vocabulary.corpora() for p in corpus.holds}
    chosen = vocabulary.pool(known)
    print(f"witness pool: {len(chosen[0].holds)} prompts", file=sys.stderr)
    frozen = {(c.reader, p): test for c in chosen for p, test in c.holds.items()}
    rows = {}
    for verdict in GrammarCheck(limit, chosen).run(survivors, progress=True):
        if verdict.status == "caught":
            reader, prompt = verdict.source
            rows[(reader, prompt)] = {"reader": reader, "prompt": prompt, "read": frozen[(reader, prompt)].value}
            print(f"witness {verdict.mutant.key!r}: {reader} {prompt!r}", file=sys.stderr)
    return [rows[key] for key in sorted(rows)]


def _try(prompts: list[str], mutants: list[Mutant]) -> int:
    loader = GrammarLoader()
    readings = {reader: _script("vocabulary_check").reading_of(reader) for reader in ("arith", "json", "linear")}

    def show(label: str) -> None:
        for prompt in prompts:
            for reader, read in readings.items():
                try:
                    now = read(prompt)
                except Exception as exc:  # noqa: BLE001 - shown
                    now = f"raised {type(exc).__name__}"
                print(f"{label:>10} {reader:6} {prompt!r}: {json.dumps(now, ensure_ascii=False, default=str)[:300]}")

    loader.load(None, None)
    show("as is")
    for mutant in mutants:
        loader.load(mutant.grammar, mutant.apply(loader.originals[mutant.grammar]))
        print(mutant.ident)
        show("mutated")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grammar", action="append", choices=GRAMMARS, help="only these grammars")
    parser.add_argument("--sample", action="store_true", help="the CI sample only (SAMPLE_PER_GRAMMAR a grammar)")
    parser.add_argument("--kind", action="append", help="only these kinds (deleted swapped required optional)")
    parser.add_argument("--key", action="append", help="only the mutants with these keys")
    parser.add_argument("--limit", type=int, default=40, help="a mutant is read on at most this many prompts")
    parser.add_argument("--survivors", action="store_true", help="list every survivor not listed as equivalent")
    parser.add_argument("--json", help="write every verdict to this file")
    parser.add_argument("--discover", action="store_true",
                        help="find witnesses for the survivors among the repository's prompts and add them to "
                             "tests/fixtures/vocabulary_witnesses.jsonl (their readings as they are now)")
    parser.add_argument("--try", dest="tried", action="append",
                        help="read this prompt with the grammar as it is and with each --key mutant (witness hunting)")
    args = parser.parse_args()
    if args.tried:
        return _try(args.tried, [m for task in GRAMMARS for m in mutants_of(task) if m.key in (args.key or [])])
    started = time.time()
    tasks = tuple(args.grammar or GRAMMARS)
    mutants = [m for task in tasks for m in mutants_of(task) if not args.kind or m.kind in args.kind]
    if args.sample:
        mutants = sample(mutants)
    if args.key:
        mutants = [m for m in mutants if m.key in args.key]
    verdicts = GrammarCheck(args.limit).run(mutants, progress=True)
    listed = equivalent()
    print(f"{'grammar':10} {'kind':9} {'mutants':>8} {'caught':>8} {'at_load':>8} {'survived':>8} {'equivalent':>10}")
    for task in tasks:
        for kind in ("deleted", "swapped", "required", "optional", "all"):
            mine = [v for v in verdicts if v.mutant.grammar == task and kind in ("all", v.mutant.kind)]
            count = {s: sum(v.status == s for v in mine) for s in ("caught", "at_load", "survived")}
            eq = sum(v.status == "survived" and v.mutant.key in listed for v in mine)
            print(f"{task:10} {kind:9} {len(mine):8} {count['caught']:8} {count['at_load']:8} {count['survived']:8} {eq:10}")
    known = unwitnessed()
    unexplained = [v for v in verdicts if v.status == "survived" and v.mutant.key not in listed and v.mutant.key not in known]
    stale = [v for v in verdicts if v.status != "survived" and v.mutant.key in {**listed, **known}]
    print(f"{len(verdicts)} mutants, {len(unexplained)} survivors not listed; "
          f"{sum(v.status == 'survived' and v.mutant.key in known for v in verdicts)} listed as unwitnessed; "
          f"{len(stale)} listed but caught; {time.time() - started:.0f} s", file=sys.stderr)
    for v in stale:
        print(f"listed but caught {v.mutant.key!r}: {v.witness}")
    if args.discover and unexplained:
        vocabulary = _script("vocabulary_check")
        added = discover([v.mutant for v in unexplained], args.limit)
        kept = {(r["reader"], r["prompt"]): r for r in vocabulary.witness_rows()}
        kept.update({(r["reader"], r["prompt"]): r for r in added})
        vocabulary.WITNESSES.write_text("".join(json.dumps(kept[k], ensure_ascii=False) + "\n" for k in sorted(kept)),
                                        encoding="utf-8")
        print(f"witnesses: {len(added)} added", file=sys.stderr)
    if args.survivors:
        for v in unexplained:
            print(f"survived {v.mutant.ident} ({v.candidates} candidates) key={v.mutant.key!r}")
    if args.json:
        Path(args.json).write_text(json.dumps([{"mutant": v.mutant.ident, "key": v.mutant.key, "status": v.status,
                                                "witness": v.witness, "candidates": v.candidates} for v in verdicts],
                                              ensure_ascii=False, indent=1), encoding="utf-8")
    return 1 if unexplained or stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
