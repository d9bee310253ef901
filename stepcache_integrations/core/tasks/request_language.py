"""A task's request language: a declared grammar (Lark, LALR) over words read from vocabulary tables.

Each task folder holds ``request.lark`` (the grammar: its terminals are word classes, equations
and templates, never words) and ``vocabulary/<language>.json`` (one table per language: each word
class lists its words and whole phrases). A prompt is read in one language at a time: every word
must be in that table (longest phrase first), the token sequence must be derived by the grammar,
and the task's transformer turns the tree into a typed request. A word outside the table, or a
sequence the grammar does not derive, is "no claim".

The tables are data: ``docs/request-language.md`` is generated from them and the grammars
(``scripts/request_language_docs.py``), and the mutation check deletes or swaps their words. The
parser is built on the first read, not at import (building an LALR table takes a second or two, and
most processes that import the package never read a prompt), and its tables are kept on disk for the
next process (``parser_tables``).
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Union

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError, UnexpectedInput
from lark.lexer import Lexer
from lark.tree import Meta
from lark.visitors import Discard

from .parser_tables import build_lalr

__all__ = ["Declined", "Folded", "RequestLanguage", "Vocabulary", "Word", "fold"]

_PREFIX = 3  # the characters a phrase's lengths are indexed by (Vocabulary.match, wip/hitB)


@dataclass(frozen=True)
class Word:
    """A token of prose: its word class (a grammar terminal), the text read and where it starts."""

    kind: str
    text: str
    start: int


class Vocabulary:
    """One language's table: phrase (case-folded, NFC) -> word class, matched longest first."""

    def __init__(self, language: str, classes: dict[str, list[str]], spaced: bool, ascii_only: bool = False,
                 case_sensitive: Iterable[str] = ()) -> None:
        self.language = language
        self.spaced = spaced  # words are separated by spaces (not Chinese or Japanese)
        self.ascii_only = ascii_only  # a prompt with a character outside printable ASCII is not this language's
        self.phrases: dict[str, str] = {}
        for kind, phrases in classes.items():
            for phrase in phrases:
                key = fold(phrase)
                if key in self.phrases and self.phrases[key] != kind:
                    raise ValueError(f"{language}: {phrase!r} is in two word classes")
                self.phrases[key] = kind
        # a unit symbol is read only as the table spells it ("mg" and "Mg" are a milligram and a
        # megagram: W20): folded phrase -> the spellings the table lists
        self.cased: dict[str, frozenset[str]] = {}
        for phrase in case_sensitive:
            key = fold(phrase)
            if key not in self.phrases:
                raise ValueError(f"{language}: case-sensitive {phrase!r} is in no word class")
            self.cased[key] = self.cased.get(key, frozenset()) | {phrase}
        # W28: a case-sensitive symbol is a symbol wherever a phrase holds it as a word ("in mm",
        # "to ml", "(km)", "в мл"): per phrase, the offsets and folded spellings of those words, each
        # read only as the table spells it ("in Mm" is no "in mm"); one rule for every phrase
        self.cased_words = _symbol_words(self.phrases, self.cased)
        self.longest = max((len(p) for p in self.phrases), default=0)
        self.lengths = sorted({len(p) for p in self.phrases}, reverse=True)  # only these can match
        # per first character, the lengths of the phrases starting with it (longest first): a
        # position tries only those; an empty phrase (none today) would match anywhere, last
        empty = (0,) if "" in self.phrases else ()
        by_first: dict[str, set[int]] = {}
        for phrase in self.phrases:
            if phrase:
                by_first.setdefault(phrase[0], set()).add(len(phrase))
        self.lengths_from = {first: (*sorted(ns, reverse=True), *empty) for first, ns in by_first.items()}
        self.lengths_from[""] = empty  # past the end of the text

    def match(self, text: Folded, pos: int) -> tuple[str, int] | None:
        """The word class and end of the longest phrase of the table at ``pos`` of ``text``, or
        None; a case-sensitive phrase matches only as the table spells it ("Mg" is no "mg": W20).
        ``text`` is a :class:`Folded`, never a bare string: the text as written goes wherever the
        folded text does, so no reader can match case-folded alone (wip/cleanup).

        wip/hitB: only the lengths of the phrases whose first three characters stand at ``pos``
        are looked up (then those of the shorter phrases whose first character does, longest
        first), not those of every phrase of the same first character (:meth:`match_by_lengths`,
        the reference it is checked against: tests/unit/test_hit_path_hitB.py)."""
        if not isinstance(text, Folded):
            raise TypeError(f"Vocabulary.match reads a Folded text, not {type(text).__name__}")
        by_prefix, shorter = self._lengths_by_prefix
        lengths = by_prefix.get(text[pos : pos + _PREFIX], ()) + shorter.get(text[pos : pos + 1], shorter[""])
        return self._longest(text, pos, lengths)

    @cached_property
    def _lengths_by_prefix(self) -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
        """Per first ``_PREFIX`` characters, the lengths of the phrases that long or longer; per
        first character, the lengths of the shorter ones; each longest first (an empty phrase, none
        today, last everywhere, as in ``lengths_from``)."""
        empty = (0,) if "" in self.phrases else ()
        long: dict[str, set[int]] = {}
        short: dict[str, set[int]] = {}
        for phrase in self.phrases:
            if len(phrase) >= _PREFIX:
                long.setdefault(phrase[:_PREFIX], set()).add(len(phrase))
            elif phrase:
                short.setdefault(phrase[0], set()).add(len(phrase))
        for first in {phrase[0] for phrase in self.phrases if phrase}:
            short.setdefault(first, set())
        by_prefix = {prefix: tuple(sorted(ns, reverse=True)) for prefix, ns in long.items()}
        shorter = {first: (*sorted(ns, reverse=True), *empty) for first, ns in short.items()}
        shorter[""] = empty  # past the end of the text, or a character no phrase starts with
        return by_prefix, shorter

    def match_by_lengths(self, text: Folded, pos: int) -> tuple[str, int] | None:
        """:meth:`match` trying the length of every phrase of the character at ``pos``: the
        reference :meth:`match` is checked against (tests/unit/test_hit_path_hitB.py)."""
        if not isinstance(text, Folded):
            raise TypeError(f"Vocabulary.match reads a Folded text, not {type(text).__name__}")
        return self._longest(text, pos, self.lengths_from.get(text[pos : pos + 1], self.lengths_from[""]))

    def spelled_as_listed(self, written: str, pos: int, phrase: str) -> bool:
        """Whether each case-sensitive symbol word of ``phrase`` (folded), as written at ``pos``, is
        a spelling the table lists (W20, W28)."""
        return all(written[pos + at : pos + at + len(word)] in self.cased[word] for at, word in self.cased_words[phrase])

    def symbol_misspelled(self, word: str) -> bool:
        """Whether ``word`` (a key, a target, as written) folds to a case-sensitive symbol of the
        table but is not one of its listed spellings ("Mm", "ML", "G", "KM"): no claim (W28)."""
        key = fold(word)
        return key in self.cased and word not in self.cased[key]

    def _longest(self, text: Folded, pos: int, lengths: Iterable[int]) -> tuple[str, int] | None:
        """The first of ``lengths`` (longest first) whose phrase stands at ``pos`` and ends a word."""
        written = text.written
        for length in lengths:
            end = pos + length
            if end > len(text):
                continue
            key = text[pos:end]
            kind = self.phrases.get(key)
            if kind is not None and (not self.spaced or _ends_word(text, end)):
                if key in self.cased_words and not self.spelled_as_listed(written, pos, key):
                    continue  # "Mg" is no "mg", "in Mm" no "in mm"
                return kind, end
        return None


# A word of a phrase, as far as case-sensitive symbols go: split at spaces and brackets only
# ("yyyy-mm-dd" and "m'appelle" hold no symbol "mm" or "m")
_PHRASE_WORD = re.compile(r"[^\s()（）]+")


def _symbol_words(phrases: Iterable[str], cased: dict[str, frozenset[str]]) -> dict[str, tuple[tuple[int, str], ...]]:
    """Per phrase that holds case-sensitive symbols as words, their offsets and folded spellings."""
    found: dict[str, tuple[tuple[int, str], ...]] = {}
    for phrase in phrases:
        inner = tuple((m.start(), m.group()) for m in _PHRASE_WORD.finditer(phrase) if m.group() in cased)
        if inner:
            found[phrase] = inner
    return found


class Folded(str):
    """A text folded (:func:`fold`: the string itself, read by slices, regexes and phrase lookups)
    that keeps the text as written, of the same length (``written``): what :meth:`Vocabulary.match`
    reads, so a case-sensitive symbol is checked wherever a table is matched. Made once per text
    read (``Folded(text)``); a slice is a bare string again, and ``upto`` keeps the pair."""

    written: str

    def __new__(cls, text: str) -> Folded:
        written = text if text.isascii() else unicodedata.normalize("NFC", text).replace("\u2019", "'")
        self = super().__new__(cls, fold(written))
        self.written = written  # NFC, as fold reads it: its offsets are the folded text's
        return self

    def upto(self, end: int) -> Folded:
        """The text up to ``end``, folded and as written."""
        return Folded(self.written[:end])


def fold(text: str) -> str:
    """NFC, then each character case-folded where that keeps its length ("ß" stays "ß"): a folded
    prompt's offsets are its own."""
    if text.isascii():  # the common case: NFC leaves it alone and ASCII folds to its lower case
        return text.lower()
    text = unicodedata.normalize("NFC", text).replace("\u2019", "'")
    return "".join(ch.casefold() if len(ch.casefold()) == 1 else ch for ch in text)


def _ends_word(text: str, end: int) -> bool:
    """A spaced language's phrase ends where a word does (not inside "solved" for "solve"); an
    elided article ends at its apostrophe ("l'" of "l'équation")."""
    if text[end - 1] in "'\u2019" or not text[end - 1].isalnum():
        return True  # an elided article, a mark or a quote
    return end >= len(text) or not (text[end].isalnum() or text[end] in "_'\u2019")


class _Tokens(Lexer):
    """Lark's lexer interface over a list of :class:`Word` (the task's reader has cut them)."""

    def __init__(self, lexer_conf: Any) -> None:  # noqa: D107 - Lark's signature
        pass

    def lex(self, data: Iterable[Word | Token]) -> Iterator[Token]:  # type: ignore[override]
        for word in data:
            yield word if isinstance(word, Token) else _token(word)


def _token(word: Word) -> Token:
    return Token(word.kind, word.text, start_pos=word.start)


# A parse tree with its leaves replaced by their tokens' positions in the input (``_shape_of``).
_Shape = tuple[Any, tuple[Union["_Shape", int], ...]]
_UNPARSED = object()  # the grammar derives no sentence of these word classes
_SHAPES_KEPT = 4096  # word-class sequences whose parse is kept, per language


class Declined(Exception):
    """Raised by a transformer (or a reader's token stream) when a sentence is not read after all."""


class RequestLanguage:
    """A task's grammar and its vocabulary tables, loaded from the task's folder."""

    def __init__(self, folder: Path, transformer: type[Transformer[Any, Any]]) -> None:
        self.folder = folder
        self.transformer = transformer
        tables = folder / "vocabulary"
        common = _classes(tables / "_common.json")
        # English first: most prompts are read by the first table tried
        paths = sorted(tables.glob("[!_]*.json"), key=lambda path: (path.stem != "en", path.stem))
        self.vocabularies = tuple(_load(path, common) for path in paths)
        self._shapes: OrderedDict[tuple[str, ...], Any] = OrderedDict()  # word classes -> tree (_derive)
        self._shapes_lock = threading.Lock()
        self._build_error: Exception | None = None  # the grammar's build error, raised again at once

    @cached_property
    def parser(self) -> Lark:
        """The LALR parser, built on first use (strict: a conflict in the grammar fails the build).
        A build that failed raises its error again at once: every later prompt must not pay the
        1-2 s build again (a broken grammar fails a test run fast instead of stalling it)."""
        if self._build_error is not None:
            raise self._build_error
        grammar = (self.folder / "request.lark").read_text(encoding="utf-8")
        try:
            return build_lalr(self.folder.name, grammar, lexer=_Tokens, start="start", strict=True)
        except Exception as exc:
            self._build_error = exc
            raise

    def parse(self, words: Iterable[Word]) -> Any | None:
        """The task's transformer after reading the tree the grammar derives from ``words`` (its
        attributes hold what was read), or None: no claim."""
        parser, transformer = self.parser, self.transformer()  # a grammar that does not build raises, never "no claim"
        try:
            tokens = [_token(word) for word in words]
            if _walks_as_lark(transformer):
                # a kept tree is walked as it stands, its own tokens as the leaves (_walk): the
                # callbacks Lark's transform would call on the grown tree, in its order
                shape = self._kept(tuple(token.type for token in tokens))
                if shape is _UNPARSED:
                    return None
                if shape is not None:
                    _walk(transformer, shape, tokens)
                    return transformer
            tree = self._derive(parser, tokens)
            if tree is None:
                return None
            transformer.transform(tree)
        except Exception:  # noqa: BLE001 - Lark's errors, a declined sentence, an unread character: no claim
            return None
        return transformer

    def _kept(self, kinds: tuple[str, ...]) -> Any:
        """The kept tree of a sequence of word classes (now the most recent), ``_UNPARSED``, or None."""
        with self._shapes_lock:
            shape = self._shapes.get(kinds)
            if shape is not None:
                self._shapes.move_to_end(kinds)
        return shape

    def _derive(self, parser: Lark, tokens: list[Token]) -> Tree[Token] | None:
        """The tree the grammar derives from ``tokens``, or None when it derives none. An LALR
        parse reads only the tokens' classes (the table's actions, the tree built from the rules
        reduced), so the tree of a sequence of classes is kept (an LRU): a prompt read again with
        other values (a new constant, another unknown) gets its tree without parsing, its own
        tokens as the leaves."""
        kinds = tuple(token.type for token in tokens)
        shape = self._kept(kinds)
        if shape is _UNPARSED:
            return None
        if shape is not None:
            return _grown(shape, tokens)
        try:
            tree = parser.parse(tokens)  # type: ignore[arg-type]
        except UnexpectedInput:
            self._keep(kinds, _UNPARSED)
            return None
        found = _shape_of(tree, {id(token): i for i, token in enumerate(tokens)})
        if found is not None:
            self._keep(kinds, found)
        return tree

    def _keep(self, kinds: tuple[str, ...], shape: Any) -> None:
        with self._shapes_lock:
            self._shapes[kinds] = shape
            if len(self._shapes) > _SHAPES_KEPT:
                self._shapes.popitem(last=False)


def _shape_of(tree: Tree[Token], position: dict[int, int]) -> _Shape | None:
    """``tree`` with each leaf replaced by its token's position in the input; None when a leaf is
    not an input token (then the tree is not kept)."""
    children: list[_Shape | int] = []
    for child in tree.children:
        if isinstance(child, Tree):
            inner = _shape_of(child, position)
            if inner is None:
                return None
            children.append(inner)
        elif isinstance(child, Token) and id(child) in position:
            children.append(position[id(child)])
        else:
            return None  # a placeholder (None) or a token the parser made: not kept
    return tree.data, tuple(children)


# Lark's walk of a tree (Transformer.transform): a transformer class that overrides none of these
# walks as :func:`_walk` does.
_LARK_WALK = ("transform", "_transform_children", "_transform_tree", "_call_userfunc", "_call_userfunc_token")
_MISSING = object()


def _walks_as_lark(transformer: Any) -> bool:
    """Whether ``transformer.transform`` is Lark's own walk, visiting tokens: then :func:`_walk`
    calls what it calls, in its order."""
    cls = type(transformer)
    return (
        isinstance(transformer, Transformer)
        and all(getattr(cls, name) is getattr(Transformer, name) for name in _LARK_WALK)
        and transformer.__visit_tokens__ is True
    )


def _walk(transformer: Any, shape: _Shape, tokens: list[Token]) -> Any:
    """``transformer.transform(_grown(shape, tokens))`` without building the tree: Lark's walk
    (lark/visitors.py, ``Transformer``) step for step. Children first, left to right; a token
    goes to the callback named by its type (else ``__default_token__``), a rule to the one named
    by the rule with its children's results, ``Discard`` dropped (else ``__default__``, with a new
    empty ``Meta`` as a grown tree's node has); a callback wrapped by ``v_args`` through its
    ``visit_wrapper``, as Lark calls it. An error propagates (the caller reads it as no claim, as
    it reads Lark's ``VisitError``)."""
    data, children = shape
    args: list[Any] = []
    for child in children:
        if isinstance(child, int):
            token = tokens[child]
            f = getattr(transformer, token.type, _MISSING)
            res = transformer.__default_token__(token) if f is _MISSING else f(token)
        else:
            res = _walk(transformer, child, tokens)
        if res is not Discard:
            args.append(res)
    f = getattr(transformer, data, _MISSING)
    if f is _MISSING:
        return transformer.__default__(data, args, Meta())
    wrapper = getattr(f, "visit_wrapper", None)
    if wrapper is not None:
        return f.visit_wrapper(f, data, args, Meta())
    return f(args)


def _grown(shape: _Shape, tokens: list[Token]) -> Tree[Token]:
    """The tree of ``shape`` with ``tokens`` as its leaves."""
    data, children = shape
    return Tree(data, [tokens[child] if isinstance(child, int) else _grown(child, tokens) for child in children])


def _classes(path: Path) -> dict[str, list[str]]:
    """The word classes every table shares (chat role labels), empty without ``_common.json``."""
    return json.loads(path.read_text(encoding="utf-8"))["classes"] if path.exists() else {}


def _load(path: Path, common: dict[str, list[str]]) -> Vocabulary:
    data = json.loads(path.read_text(encoding="utf-8"))
    classes = {kind: list(common.get(kind, [])) + list(words) for kind, words in data["classes"].items()}
    classes.update({kind: list(words) for kind, words in common.items() if kind not in classes})
    return Vocabulary(data["language"], classes, bool(data.get("spaced", True)), bool(data.get("ascii_only")),
                      data.get("case_sensitive", ()))

