"""Every entry of every vocabulary table under test (issue 33: "a deleted or swapped word is caught").

For each entry of each table (``stepcache_integrations/core/tasks/**/vocabulary/*.json``): each word
of a list, each key of a mapping with a plain value, each flag of a table) this makes its mutants:

* ``deleted``: the word (or the mapping's key) taken out;
* ``moved``: a word of a word class (``classes``) moved to the next class of its table;
* ``value``: a mapping's value changed to another value of the same mapping ("dreimal so alt wie":
  3 -> 4), a flag flipped.

and asks whether the reader corpora (``tests/fixtures/{json,linear,arith}_reader_corpus.jsonl``,
held by ``tests/unit/test_*_reader_corpus.py``) see it: a mutant is caught when a corpus prompt, read
by the package loaded with the mutated table, fails what its corpus test asserts of it (its recorded
reading, or its listed difference), while it passes with the tables as they are. A table that no
longer loads (a word in two classes) is caught too: every test fails.

How, in a few minutes on one core:

* a mutant can change only the reading of a prompt that holds its word (every reader looks words up
  in the prompt): its candidates are the corpus prompts holding each of the word's letter runs
  (NFKC, case-folded); an entry no corpus prompt holds is uncovered without a run
  (``--validate N`` reads the whole corpus for N mutants to check this);
* mutants whose candidates are disjoint are loaded together (one load of the package per batch:
  ``Path.read_text`` of each table returns the mutated text, every ``stepcache_integrations``
  module is imported afresh, so every table-derived global, cache and parser is new);
* a mutant's candidates are read until the first that fails (prompts the tables read first).

    python scripts/vocabulary_check.py                 # the report, per table
    python scripts/vocabulary_check.py --table linear/vocabulary/de.json --uncovered
    python scripts/vocabulary_check.py --json out.json # every mutant and its verdict
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import importlib.machinery
import json
import pathlib
import re
import sys
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "stepcache_integrations" / "core" / "tasks"
FIXTURES = ROOT / "tests" / "fixtures"
_PACKAGE = "stepcache_integrations"
_KEPT_MODULES = (f"{_PACKAGE}.core.tasks.parser_tables",)  # parsers depend on the grammar only: memoized below
_SETTINGS = ("language", "about")  # a table's name and note: no entry
# The corpora whose readings a task's tables can change: each reader imports its own task's modules,
# and the JSON reader reads expressions with arithmetic's grammar (json/reader.py); --validate reads
# every corpus for a sample of mutants to check it.
READERS = {"json": ("json",), "linear": ("linear",), "arithmetic": ("arith", "json")}  # task -> readers


def tables() -> list[Path]:
    """Every vocabulary table of every task, by path."""
    return sorted(TASKS.glob("**/vocabulary/*.json"))


def table_name(path: Path) -> str:
    return path.relative_to(TASKS).as_posix()


# -- entries and their mutants ------------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    """One change of one table: ``where`` is the JSON path of the container, ``item`` the index of
    a list's word or the key of a mapping's entry."""

    table: str
    where: tuple[str | int, ...]
    item: str | int
    kind: str  # deleted | moved | value
    word: str  # the text the prompt must hold for the change to matter
    detail: str = ""  # where the word moved to, the value it got
    also: tuple[str, ...] = ()  # or any of these: the words of the class the entry is filed under

    @property
    def ident(self) -> str:
        place = "/".join(map(str, self.where))
        return f"{self.table}:{place}[{self.item!r}]:{self.kind}"

    @property
    def key(self) -> str:
        """What names it across edits elsewhere in its table (a list's word by itself, not its index)."""
        place = "/".join(map(str, self.where))
        return f"{self.table}:{place}[{self.word if isinstance(self.item, int) else self.item!r}]:{self.kind}"


SAMPLE_PER_TABLE = 2  # the CI sample: mutants per table, chosen by the digest of their key (stable under edits)
EQUIVALENT = ROOT / "tests" / "fixtures" / "vocabulary_equivalent_mutants.json"  # survivors that change nothing, why
# sampled mutants no witness was found for yet (a ratchet: one that is caught must leave the list)
UNWITNESSED = ROOT / "tests" / "fixtures" / "vocabulary_unwitnessed_mutants.json"


def sample(mutants: list[Mutant], per_table: int = SAMPLE_PER_TABLE) -> list[Mutant]:
    """The CI sample: per table, the mutants whose keys have the smallest digests."""
    by_table: dict[str, list[Mutant]] = {}
    for mutant in mutants:
        by_table.setdefault(mutant.table, []).append(mutant)
    chosen = []
    for mine in by_table.values():
        chosen.extend(sorted(mine, key=lambda m: hashlib.sha256(m.key.encode()).hexdigest())[:per_table])
    return chosen


def equivalent() -> dict[str, str]:
    """Mutants no reading can see, by key, with why (tests/fixtures/vocabulary_equivalent_mutants.json)."""
    return json.loads(EQUIVALENT.read_text(encoding="utf-8")) if EQUIVALENT.exists() else {}


def unwitnessed() -> dict[str, str]:
    """Sampled mutants no witness was found for yet, by key (tests/fixtures/vocabulary_unwitnessed_mutants.json)."""
    return json.loads(UNWITNESSED.read_text(encoding="utf-8")) if UNWITNESSED.exists() else {}


def mutants_of(path: Path) -> list[Mutant]:
    """The mutants of every entry of one table, in the table's order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    name = table_name(path)
    classes = _class_words(path.parent)
    found: list[Mutant] = []
    for key, value in data.items():
        if key in _SETTINGS:
            continue
        if isinstance(value, bool):
            found.append(Mutant(name, (), key, "value", "", f"{value} -> {not value}"))
        elif isinstance(value, (dict, list)):
            found.extend(_walk(name, (key,), value, data))
    # an entry filed under a word class's name ("measures": {"MILLIGRAM": ["mg"]}, "relations":
    # {"DIVISIBLE": ...}) is read where a word of that class is: validate found 'mg' changing the
    # reading of "How many milligrams are in 4 kilograms?"
    return [_filed_under(m, classes) for m in found]


def _class_words(folder: Path) -> dict[str, tuple[str, ...]]:
    """Per word class, its words in every table of one vocabulary folder."""
    found: dict[str, set[str]] = {}
    for path in folder.glob("*.json"):
        for kind, words in json.loads(path.read_text(encoding="utf-8")).get("classes", {}).items():
            found.setdefault(kind, set()).update(w for w in words if isinstance(w, str))
    return {kind: tuple(sorted(words)) for kind, words in found.items()}


def _filed_under(mutant: Mutant, classes: dict[str, tuple[str, ...]]) -> Mutant:
    named = [step for step in (*mutant.where, mutant.item) if isinstance(step, str) and step in classes
             and not (mutant.where[:1] == ("classes",))]
    if not named:
        return mutant
    return replace(mutant, also=tuple(w for step in named for w in classes[step]))


def _walk(name: str, where: tuple[str | int, ...], value: Any, data: dict[str, Any]) -> Iterator[Mutant]:
    if isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, (dict, list)):
                yield from _walk(name, (*where, index), item, data)
                continue
            yield Mutant(name, where, index, "deleted", str(item))
            if len(where) == 2 and where[0] == "classes":
                target = _next_class(data["classes"], str(where[1]))
                if target is not None:
                    yield Mutant(name, where, index, "moved", str(item), target)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                yield from _walk(name, (*where, key), item, data)
                continue
            word = _mapping_word(key, data)
            yield Mutant(name, where, key, "deleted", word)
            yield Mutant(name, where, key, "value", word, repr(_other_value(item, list(value.values()))))


def _next_class(classes: dict[str, list[str]], kind: str) -> str | None:
    names = list(classes)
    return names[(names.index(kind) + 1) % len(names)] if len(names) > 1 else None


def _mapping_word(key: str, data: dict[str, Any]) -> str:
    """The text a mapping's entry is looked up by: its key, or for a key naming a word class
    ("DIVISIBLE": "divisible by") none (its candidates are then the class's words: _filed_under)."""
    return "" if re.fullmatch(r"[A-Z][A-Z_]+", key) else key


def _other_value(value: Any, values: list[Any]) -> Any:
    """Another value of the same mapping (the next distinct one, in order), else a near one."""
    others = sorted({repr(v): v for v in values if v != value and type(v) is type(value)}.items())
    if others:
        after = [v for r, v in others if r > repr(value)]
        return after[0] if after else others[0][1]
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value):
        return str(int(value) + 1)
    return f"{value}~"


def apply(data: dict[str, Any], mutants: list[Mutant]) -> dict[str, Any]:
    """A copy of one table's data with ``mutants`` applied (moves and values first, then deletions,
    a list's from its end, so no index shifts under another)."""
    data = json.loads(json.dumps(data))
    deletions: list[Mutant] = []
    for mutant in mutants:
        container = _at(data, mutant.where)
        if mutant.kind == "moved":
            data["classes"][mutant.detail].append(container[mutant.item])
            deletions.append(mutant)
        elif mutant.kind == "value":
            if mutant.where == ():
                data[mutant.item] = not data[mutant.item]
            else:
                container[mutant.item] = _other_value(container[mutant.item], list(container.values()))
        else:
            deletions.append(mutant)
    for mutant in sorted(deletions, key=lambda m: (m.where, m.item if isinstance(m.item, int) else 0), reverse=True):
        del _at(data, mutant.where)[mutant.item]
    return data


def _at(data: Any, where: tuple[str | int, ...]) -> Any:
    for step in where:
        data = data[step]
    return data


# -- the corpora and what their tests assert ---------------------------------------------------

def _script(name: str) -> Any:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)


@dataclass
class Corpus:
    """One corpus: its prompts, what its test asserts of each, and its reader (json, linear, arith)."""

    name: str
    reader: str
    holds: dict[str, Callable[[Any], bool]] = field(default_factory=dict)  # prompt -> passes its test

    @property
    def reading(self) -> Callable[[str], Any]:
        return READINGS[self.reader]()


WITNESSES = FIXTURES / "vocabulary_witnesses.jsonl"  # prompts added so each entry is witnessed


def reading_of(reader: str) -> Callable[[str], Any]:
    """``reader``'s reading of a prompt as its corpus records it (scripts/*_corpus.py)."""
    return READINGS[reader]()


# reader -> the script that records its corpus, reads a prompt as recorded (reading) and says what its
# test asserts of each prompt (asserted)
CORPUS_SCRIPTS = {"json": "reader_corpus", "linear": "linear_reader_corpus", "arith": "arith_reader_corpus"}
READINGS: dict[str, Callable[[], Callable[[str], Any]]] = {
    reader: (lambda script=script: _script(script).reading) for reader, script in CORPUS_SCRIPTS.items()
}


def witness_rows() -> list[dict[str, Any]]:
    if not WITNESSES.exists():
        return []
    return [json.loads(line) for line in WITNESSES.read_text(encoding="utf-8").splitlines()]


def corpora(witnesses: bool = True) -> list[Corpus]:
    """The three reader corpora and their tests' assertions (tests/unit/test_*_reader_corpus.py),
    and the witnesses' (tests/unit/test_vocabulary_witnesses.py)."""
    found = []
    for name, script in CORPUS_SCRIPTS.items():  # the corpus scripts' own loaders: one reading of the fixtures
        corpus = Corpus(name, name)
        for prompt, (same, value) in _script(script).asserted().items():
            corpus.holds[prompt] = _equal_to(value) if same else _unequal_to(value)
        found.append(corpus)
    by_reader: dict[str, Corpus] = {}
    for row in witness_rows() if witnesses else []:
        corpus = by_reader.setdefault(row["reader"], Corpus(f"witness-{row['reader']}", row["reader"]))
        corpus.holds[row["prompt"]] = _equal_to(row["read"])
    return found + list(by_reader.values())


def _equal_to(expected: Any) -> Callable[[Any], bool]:
    return lambda now: now == expected or _as_recorded(now) == expected


def _as_recorded(value: Any) -> Any:
    """A reading as a JSON fixture holds it (tuples as lists)."""
    return json.loads(json.dumps(value))


def _unequal_to(recorded: Any) -> Callable[[Any], bool]:
    return lambda now: now != recorded


def folded(text: str) -> str:
    """What candidates are found by: NFKC, case-folded, the typographic apostrophe as ASCII."""
    return unicodedata.normalize("NFKC", text).replace("\u2019", "'").casefold()


def pieces(word: str) -> list[str]:
    """The runs a prompt must hold for ``word`` to be read in it: its letter runs, else the word."""
    text = folded(word)
    runs = re.findall(r"\w+", text)
    return runs or ([text.strip()] if text.strip() else [])


class Candidates:
    """Which corpus prompts hold a word's pieces, as bit sets over the prompts."""

    _CHUNK = 64

    def __init__(self, prompts: list[str]) -> None:
        self.prompts = prompts
        self.texts = [folded(p) for p in prompts]
        self.chunks = ["\0".join(self.texts[i : i + self._CHUNK]) for i in range(0, len(self.texts), self._CHUNK)]
        self.every = (1 << len(prompts)) - 1
        self._by_piece: dict[str, int] = {}

    def of_mutant(self, mutant: Mutant) -> int:
        """The prompts holding the mutant's word, or any word of the class it is filed under."""
        found = self.of(mutant.word) if mutant.word or not mutant.also else 0
        for word in mutant.also:
            found |= self.of(word)
        return found

    def of(self, word: str) -> int:
        found = self.every
        for piece in pieces(word):
            found &= self._piece(piece)
        return found

    def _piece(self, piece: str) -> int:
        bits = self._by_piece.get(piece)
        if bits is None:
            bits = 0
            for c, chunk in enumerate(self.chunks):
                if piece in chunk:
                    start = c * self._CHUNK
                    for i, text in enumerate(self.texts[start : start + self._CHUNK], start):
                        if piece in text:
                            bits |= 1 << i
            self._by_piece[piece] = bits
        return bits


def _indices(bits: int) -> Iterator[int]:
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


# -- loading the package with mutated tables -----------------------------------------------------

class Loader:
    """Imports the package afresh with some tables' text replaced (nothing is written to disk)."""

    def __init__(self) -> None:
        self.replaced: dict[str, str] = {}
        self._read_text = pathlib.Path.read_text
        loader = self
        original = self._read_text

        def read_text(path: pathlib.Path, *args: Any, **kwargs: Any) -> str:
            text = loader.replaced.get(str(path.resolve())) if loader.replaced else None
            return text if text is not None else original(path, *args, **kwargs)

        pathlib.Path.read_text = read_text  # type: ignore[method-assign]
        self._memoize_compiles()
        self._memoize_parsers()

    @staticmethod
    def _memoize_compiles() -> None:
        """Each fresh import compiles the same sources and regexes again: kept once (speed only)."""
        code_of: dict[tuple[str, bytes], Any] = {}
        source_to_code = importlib.machinery.SourceFileLoader.source_to_code

        def compiled(self: Any, data: Any, path: Any, *args: Any, **kwargs: Any) -> Any:
            key = (str(path), bytes(data) if not isinstance(data, str) else data.encode())
            if key not in code_of:
                code_of[key] = source_to_code(self, data, path, *args, **kwargs)
            return code_of[key]

        importlib.machinery.SourceFileLoader.source_to_code = compiled  # type: ignore[method-assign]
        patterns: dict[tuple[Any, ...], Any] = {}
        compile_pattern = re._compile  # type: ignore[attr-defined]

        def compiled_pattern(pattern: Any, flags: Any) -> Any:
            try:
                key = (type(pattern), pattern, flags)
                found = patterns.get(key)
            except TypeError:
                return compile_pattern(pattern, flags)
            if found is None:
                found = patterns[key] = compile_pattern(pattern, flags)
            return found

        re._compile = compiled_pattern  # type: ignore[attr-defined]

    @staticmethod
    def _memoize_parsers() -> None:
        """A parser depends on its grammar alone, never on a table: built once per grammar text."""
        tables_module = importlib.import_module(f"{_PACKAGE}.core.tasks.parser_tables")
        build = tables_module.build_lalr
        built: dict[tuple[str, str], Any] = {}

        def build_lalr(task: str, grammar: str, **options: Any) -> Any:
            key = (task, grammar)
            if key not in built:
                built[key] = build(task, grammar, **options)
            return built[key]

        tables_module.build_lalr = build_lalr

    def original_text(self, path: Path) -> str:
        return self._read_text(path, encoding="utf-8")

    def load(self, replaced: dict[str, str]) -> None:
        """Every module of the package imported afresh, ``replaced`` (path -> text) read instead of
        those files; raises what the import raises."""
        self.replaced = {str(Path(p).resolve()): text for p, text in replaced.items()}
        for name in [n for n in sys.modules if (n == _PACKAGE or n.startswith(_PACKAGE + ".")) and n not in _KEPT_MODULES]:
            del sys.modules[name]
        importlib.import_module(f"{_PACKAGE}.core.tasks.json.task")
        importlib.import_module(f"{_PACKAGE}.core.tasks.json.constraints")
        importlib.import_module(f"{_PACKAGE}.core.tasks.linear.prompt")
        importlib.import_module(f"{_PACKAGE}.core.tasks.arithmetic.constraints")


# -- the check ------------------------------------------------------------------------------------

@dataclass
class Verdict:
    mutant: Mutant
    status: str  # caught | load-error | uncovered
    witness: str = ""  # the corpus and prompt that caught it
    candidates: int = 0
    source: tuple[str, str] = ("", "")  # the reader and prompt that caught it


class Check:
    """The judge: mutants loaded in batches, each read on its candidates (at most ``limit``)."""

    def __init__(self, loader: Loader | None = None, chosen: list[Corpus] | None = None, limit: int = 40) -> None:
        self.loader = loader or Loader()
        self.corpora = corpora() if chosen is None else chosen
        self.limit = limit
        prompts = sorted({p for corpus in self.corpora for p in corpus.holds})
        self.candidates = Candidates(prompts)
        self.in_reader = {r: _mask(i for i, p in enumerate(prompts) if any(p in c.holds for c in self.corpora if c.reader == r))
                          for r in READINGS}
        self.readings = {r: reading_of(r) for r in READINGS}
        self.readers = {p: [c for c in self.corpora if p in c.holds] for p in prompts}
        self.reads = 0
        self.baseline: dict[int, tuple[bool, bool]] = {}  # prompt -> (passes its test, read) as the tables are

    def _baseline(self, indices: set[int]) -> None:
        """Whether each prompt passes its test with the tables as they are (only those can catch),
        and whether it is read (tried first: a word's deletion is seen where it was read)."""
        missing = indices - self.baseline.keys()
        if not missing:
            return
        self.loader.load({})
        for i in sorted(missing):
            prompt = self.candidates.prompts[i]
            ok, read = True, False
            for corpus in self.readers[prompt]:
                now = self.readings[corpus.reader](prompt)
                ok = ok and corpus.holds[prompt](now)
                read = read or now not in (None, False) and (not isinstance(now, dict) or now.get("claims", True))
            self.baseline[i] = (ok, read)

    @property
    def failing_at_baseline(self) -> int:
        return sum(not ok for ok, _ in self.baseline.values())

    def original(self, name: str) -> dict[str, Any]:
        """A table's data as the file holds it (not as the loader serves it)."""
        return json.loads(self.loader.original_text(TASKS / name))

    def read_by(self, table: str) -> int:
        """The prompts of the corpora ``table`` can change."""
        return _mask_or(self.in_reader[name] for name in READERS[table.split("/")[0]])

    def fails(self, index: int, table: str | None = None) -> str | None:
        """The corpus whose test ``prompt`` now fails, else None (only the corpora ``table`` can
        change; every corpus without it)."""
        prompt = self.candidates.prompts[index]
        self.reads += 1
        names = READERS[table.split("/")[0]] if table else None
        for corpus in self.readers[prompt]:
            if names is not None and corpus.reader not in names:
                continue
            try:
                now = self.readings[corpus.reader](prompt)
            except Exception as exc:  # noqa: BLE001 - a reader that raises fails its test
                self.failed_reader = corpus.reader
                return f"{corpus.name} (raised {type(exc).__name__})"
            if not corpus.holds[prompt](now):
                self.failed_reader = corpus.reader
                return corpus.name
        return None

    def chosen_candidates(self, mutant: Mutant) -> tuple[list[int], int]:
        """The candidates a mutant is read on, in order (the word standing alone first, then the
        shorter prompt), at most ``limit``; and how many it has in all."""
        found = list(_indices(self.candidates.of_mutant(mutant) & self.read_by(mutant.table)))
        alone = [[re.compile(r"(?<!\w)" + re.escape(piece) + r"(?!\w)") for piece in pieces(word)]
                 for word in (mutant.word, *mutant.also) if word]
        texts = self.candidates.texts
        if len(found) > self.limit:
            found.sort(key=lambda i: (not any(all(a.search(texts[i]) for a in word) for word in alone), len(texts[i])))
        return found[: self.limit * 3], len(found)

    def run(self, mutants: list[Mutant], progress: bool = False) -> list[Verdict]:
        verdicts: dict[Mutant, Verdict] = {}
        chosen: dict[Mutant, list[int]] = {}
        totals: dict[Mutant, int] = {}
        for mutant in mutants:
            chosen[mutant], totals[mutant] = self.chosen_candidates(mutant)
        self._baseline({i for found in chosen.values() for i in found})
        bits = {}
        for mutant in mutants:
            passing = [i for i in chosen[mutant] if self.baseline[i][0]]
            passing.sort(key=lambda i: (not self.baseline[i][1], chosen[mutant].index(i)))
            chosen[mutant] = passing[: self.limit]
            bits[mutant] = _mask(iter(chosen[mutant]))
            if not chosen[mutant]:
                verdicts[mutant] = Verdict(mutant, "uncovered", candidates=totals[mutant])
        pending = [m for m in mutants if m not in verdicts]
        batches = _pack(pending, bits)
        started = time.time()
        for n, batch in enumerate(batches):
            for verdict in self._batch(batch, chosen, totals):
                verdicts[verdict.mutant] = verdict
            if progress and n % 100 == 0:
                print(f"  batch {n + 1}/{len(batches)}, {time.time() - started:.0f} s, {self.reads} reads", file=sys.stderr)
        return [verdicts[m] for m in mutants]

    def _batch(self, batch: list[Mutant], chosen: dict[Mutant, list[int]], totals: dict[Mutant, int]) -> list[Verdict]:
        by_table: dict[str, list[Mutant]] = {}
        for mutant in batch:
            by_table.setdefault(mutant.table, []).append(mutant)
        replaced = {str(TASKS / name): json.dumps(apply(self.original(name), changes), ensure_ascii=False)
                    for name, changes in by_table.items()}
        try:
            self.loader.load(replaced)
        except Exception as exc:  # noqa: BLE001 - a table that does not load fails every test
            if len(batch) > 1:
                return [v for m in batch for v in self._batch([m], chosen, totals)]
            return [Verdict(batch[0], "load-error", f"{type(exc).__name__}: {exc}"[:200], totals[batch[0]])]
        verdicts = []
        for mutant in batch:
            witness, source = "", ("", "")
            for index in chosen[mutant]:
                failed = self.fails(index, mutant.table)
                if failed is not None:
                    witness = f"{failed}: {self.candidates.prompts[index]!r}"
                    source = (self.failed_reader, self.candidates.prompts[index])
                    break
            verdicts.append(Verdict(mutant, "caught" if witness else "uncovered", witness, totals[mutant], source))
        return verdicts

    def validate(self, mutants: list[Mutant]) -> list[tuple[Mutant, str]]:
        """Mutants that fail the test of a prompt outside their candidates (the filter missed it):
        each loaded alone, every corpus prompt read by every reader."""
        everything = set(range(len(self.candidates.prompts)))
        self._baseline(everything)
        missed = []
        for mutant in mutants:
            inside = self.candidates.of_mutant(mutant) & self.read_by(mutant.table)
            try:
                self.loader.load({str(TASKS / mutant.table): json.dumps(apply(self.original(mutant.table), [mutant]), ensure_ascii=False)})
            except Exception:  # noqa: BLE001 - caught at load: no prompt to miss
                continue
            for index in sorted(everything):
                if self.baseline[index][0] and not (inside >> index) & 1 and self.fails(index) is not None:
                    missed.append((mutant, self.candidates.prompts[index]))
                    break
        return missed


# -- witnesses: prompts the repository already holds, frozen so an uncovered entry is seen -------

_WITNESS_SOURCES = ("tests", "tooling", "scripts")
_NEVER_READ = re.compile(r"heldout|blind|_reader_corpus|_reader_differences|vocabulary_witnesses")


def repository_prompts() -> set[str]:
    """Every string literal of the tests, tooling and scripts, and every string of the bench data and
    test fixtures, that could be a prompt (held-out and blind sets, and the corpora, left out)."""
    found: set[str] = set()
    for folder in _WITNESS_SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if _NEVER_READ.search(path.as_posix()):
                continue
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            found.update(n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str))
    for path in sorted([*(ROOT / "bench_data").glob("*.json"), *FIXTURES.glob("*.json"), *FIXTURES.glob("*.jsonl")]):
        if _NEVER_READ.search(path.name):
            continue
        text = path.read_text(encoding="utf-8")
        try:
            values = [json.loads(line) for line in text.splitlines() if line.strip()] if path.suffix == ".jsonl" else [json.loads(text)]
        except ValueError:
            continue
        for value in values:
            _strings(value, found)
    held_out: set[str] = set()  # a held-out prompt a test also writes stays held out
    for path in (ROOT / "bench_data").glob("*.json"):
        if _NEVER_READ.search(path.name):
            _strings(json.loads(path.read_text(encoding="utf-8")), held_out)
    return {p for p in found - held_out if 3 <= len(p) <= 2000 and any(c.isalpha() for c in p)
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


class _FrozenAtFirst:
    """A witness's test: its reading is the one first seen (the baseline, with the tables as they are,
    is always read before a mutant is)."""

    def __init__(self) -> None:
        self.value: Any = _UNSET

    def __call__(self, now: Any) -> bool:
        if self.value is _UNSET:
            self.value = _as_recorded(now)
            return True
        return _as_recorded(now) == self.value


_UNSET = object()


def pool(known: set[str]) -> list[Corpus]:
    """The repository's prompts outside the corpora, a corpus per reader whose test is each
    prompt's reading as it is now."""
    prompts = sorted(repository_prompts() - known)
    found = []
    for reader in READINGS:
        corpus = Corpus(f"witness-{reader}", reader)
        corpus.holds = {prompt: _FrozenAtFirst() for prompt in prompts}
        found.append(corpus)
    return found


def discover(check: Check, verdicts: list[Verdict]) -> list[dict[str, Any]]:
    """Witnesses for the uncovered mutants: the repository's prompts that catch them, their
    readings frozen (rows of ``vocabulary_witnesses.jsonl``)."""
    known = {p for corpus in check.corpora for p in corpus.holds}
    chosen = pool(known)
    print(f"witness pool: {len(chosen[0].holds)} prompts", file=sys.stderr)
    finder = Check(check.loader, chosen, check.limit)
    frozen = {(c.reader, p): test for c in chosen for p, test in c.holds.items()}
    uncovered = [v.mutant for v in verdicts if v.status == "uncovered"]
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for verdict in finder.run(uncovered, progress=True):
        if verdict.status == "caught":
            reader, prompt = verdict.source
            rows[(reader, prompt)] = {"reader": reader, "prompt": prompt, "read": frozen[(reader, prompt)].value}
    return [rows[key] for key in sorted(rows)]


def _mask(indices: Iterator[int]) -> int:
    bits = 0
    for i in indices:
        bits |= 1 << i
    return bits


def _mask_or(masks: Iterator[int]) -> int:
    bits = 0
    for mask in masks:
        bits |= mask
    return bits


def _pack(mutants: list[Mutant], bits: dict[Mutant, int]) -> list[list[Mutant]]:
    """Mutants in batches whose candidates are pairwise disjoint (first fit, largest first)."""
    batches: list[tuple[list[Mutant], int]] = []
    for mutant in sorted(mutants, key=lambda m: -bits[m].bit_count()):
        mine = bits[mutant]
        for i, (members, union) in enumerate(batches):
            if not union & mine:
                members.append(mutant)
                batches[i] = (members, union | mine)
                break
        else:
            batches.append(([mutant], mine))
    return [members for members, _ in batches]


def report(verdicts: list[Verdict]) -> list[dict[str, Any]]:
    """Per table: its entries and those no reading witnesses (none of its mutants caught by a
    corpus prompt), its mutants and those caught (by a reading, or at load) or uncovered."""
    rows: dict[str, dict[str, Any]] = {}
    for v in verdicts:
        row = rows.setdefault(v.mutant.table, {"table": v.mutant.table, "mutants": 0, "caught": 0, "at_load": 0,
                                               "uncovered": 0, "entries": set(), "witnessed": set()})
        entry = (v.mutant.where, v.mutant.item)
        row["mutants"] += 1
        row["entries"].add(entry)
        row["caught"] += v.status != "uncovered"
        row["at_load"] += v.status == "load-error"
        row["uncovered"] += v.status == "uncovered"
        if v.status == "caught":
            row["witnessed"].add(entry)
    return [{**r, "entries": len(r["entries"]), "entries_uncovered": len(r["entries"] - r["witnessed"]),
             "witnessed": len(r["witnessed"])} for r in rows.values()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", action="append", help="only these tables (a path under core/tasks, e.g. linear/vocabulary/de.json)")
    parser.add_argument("--uncovered", action="store_true", help="list every uncovered mutant")
    parser.add_argument("--json", help="write every verdict to this file")
    parser.add_argument("--validate", type=int, default=0, help="read the whole corpus for N sampled mutants (checks the filter)")
    parser.add_argument("--limit", type=int, default=40,
                        help="a mutant is read on at most this many of its candidates (the word alone and read first)")
    parser.add_argument("--no-witnesses", action="store_true", help="the reader corpora alone (coverage before witnesses)")
    parser.add_argument("--discover", action="store_true",
                        help="find witnesses for the uncovered mutants among the repository's prompts and add them to "
                             "tests/fixtures/vocabulary_witnesses.jsonl (their readings as they are now)")
    parser.add_argument("--sample", action="store_true",
                        help="the CI sample only (SAMPLE_PER_TABLE a table); exit 1 on an uncovered one not listed as equivalent")
    parser.add_argument("--min-caught", type=float, default=None, help="exit 1 when fewer mutants than this share are caught")
    args = parser.parse_args()
    started = time.time()
    chosen = [p for p in tables() if not args.table or table_name(p) in args.table]
    mutants = [m for p in chosen for m in mutants_of(p)]
    if args.sample:
        mutants = sample(mutants)
    check = Check(chosen=corpora(witnesses=not args.no_witnesses), limit=args.limit)
    verdicts = check.run(mutants, progress=True)
    print(f"{len(mutants)} mutants of {len(chosen)} tables; {len(check.candidates.prompts)} corpus prompts, "
          f"{len(check.baseline)} read as the tables are ({check.failing_at_baseline} failing their test)", file=sys.stderr)
    rows = report(verdicts)
    columns = ("entries", "witnessed", "entries_uncovered", "mutants", "caught", "at_load", "uncovered")
    print(f"{'table':42} " + " ".join(f"{c.replace('entries_uncovered', 'unwitnessed'):>11}" for c in columns))
    for row in rows:
        print(f"{row['table']:42} " + " ".join(f"{row[c]:11}" for c in columns))
    total = {k: sum(r[k] for r in rows) for k in columns}
    print(f"{'total':42} " + " ".join(f"{total[c]:11}" for c in columns))
    loads = sum(v.status == "load-error" for v in verdicts)
    print(f"caught at load: {loads}; prompts read: {check.reads}; {time.time() - started:.0f} s", file=sys.stderr)
    if args.uncovered:
        for v in verdicts:
            if v.status == "uncovered":
                print(f"uncovered {v.mutant.ident} {v.mutant.word!r} {v.mutant.detail} ({v.candidates} candidates)")
    if args.json:
        Path(args.json).write_text(json.dumps([{"mutant": v.mutant.ident, "word": v.mutant.word, "kind": v.mutant.kind,
                                                "detail": v.mutant.detail, "status": v.status, "witness": v.witness,
                                                "candidates": v.candidates} for v in verdicts], ensure_ascii=False, indent=1),
                                   encoding="utf-8")
    if args.discover:
        added = discover(check, verdicts)
        kept = {(r["reader"], r["prompt"]): r for r in witness_rows()}
        kept.update({(r["reader"], r["prompt"]): r for r in added})
        WITNESSES.write_text("".join(json.dumps(kept[k], ensure_ascii=False) + "\n" for k in sorted(kept)), encoding="utf-8")
        print(f"witnesses: {len(added)} added, {len(kept)} in {WITNESSES.relative_to(ROOT)}", file=sys.stderr)
    if args.validate:
        import random

        sampled = random.Random(33).sample(mutants, min(args.validate, len(mutants)))
        missed = check.validate(sampled)
        print(f"validate: {len(sampled)} mutants read on the whole corpus, {len(missed)} changed a prompt outside their candidates")
        for mutant, prompt in missed:
            print(f"  missed {mutant.ident}: {prompt!r}")
        if missed:
            return 1
    if args.min_caught is not None and total["caught"] < args.min_caught * total["mutants"]:
        return 1
    if args.sample:
        listed = {**equivalent(), **unwitnessed()}
        unexplained = [v for v in verdicts if v.status == "uncovered" and v.mutant.key not in listed]
        stale = [v for v in verdicts if v.status != "uncovered" and v.mutant.key in listed]
        print(f"sample: {len(verdicts)} mutants, {len(unexplained)} uncovered not listed; "
              f"{sum(v.status == 'uncovered' for v in verdicts) - len(unexplained)} listed; {len(stale)} listed but caught",
              file=sys.stderr)
        for v in unexplained:
            print(f"uncovered {v.mutant.key!r} {v.mutant.detail} ({v.candidates} candidates)")
        for v in stale:
            print(f"listed but caught {v.mutant.key!r}: {v.witness}")
        return 1 if unexplained or stale else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
