"""Issue 33, hit path (wip/hitB): the request readers' word cutting with less per-position work, each
change checked against the computation it replaces (never timed).

* ``Vocabulary.match``: looks up only the lengths of the phrases whose first three characters stand
  at the position (then the shorter phrases' of its first character), not every phrase length of
  its first character (``match_by_lengths``, the reference). Every task's tables (linear, JSON,
  passage, arithmetic) read through it.
* ``reader._words`` (linear): a blank outside an equation is skipped at once (not after a label or an
  intro: an exercise number may start there); the dash, quoted-template and ``_special_at`` patterns
  and the turn bar are tried only where their first character stands; the unknown after an equation
  is looked for only right after one.

The differential tests compare each with the reference at every position of many texts: each
table's phrases with every kind of character after them, the dev sets' prompts (every table), and
prompts with blanks, dashes, quotes and labels inserted; and whole requests through two caches in
lockstep (the reference reading and this one): same outcomes, texts, tiers, verification.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.algebra import find_equations
from stepcache_integrations.core.tasks.arithmetic import grammar as arith_grammar
from stepcache_integrations.core.tasks.json import passage as json_passage
from stepcache_integrations.core.tasks.json import reader as json_reader
from stepcache_integrations.core.tasks.linear import reader
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.tasks.request_language import Folded, Vocabulary

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = (reader._LANGUAGE, json_reader._LANGUAGE, json_passage._LANGUAGE, arith_grammar._LANGUAGE)
TABLES = [table for language in LANGUAGES for table in language.vocabularies]
# what may follow a phrase: a letter (ASCII, accented, Cyrillic, CJK), a digit, "_", apostrophes,
# marks, blanks, a combining mark, nothing
AFTER = ["", " ", "a", "\u00e9", "\u0436", "\u4e2d", "1", "_", "'", "\u2019", ".", "\u0301"]


def _spellings(phrase: str) -> set[str]:
    return {phrase, phrase.upper()}


def test_indexed_match_finds_what_the_lookup_finds_after_every_phrase() -> None:
    """Differential, every table: each phrase (as listed, upper case, title case), before every kind
    of character and inside a longer text, is matched as the lookup by lengths matches it (the
    longest phrase ending a word; a case-sensitive one only as spelled), at every position."""
    for table in TABLES:
        for phrase in table.phrases:
            for spelling in _spellings(phrase) | set().union(*(_spellings(p) for p in table.cased.get(phrase, ()))):
                for after in AFTER:
                    text = Folded("x " + spelling + after)
                    for pos in (0, 2, 3):  # before it, at it, inside it
                        assert table.match(text, pos) == table.match_by_lengths(text, pos), (table.language, text, pos)


def _dev_texts() -> list[str]:
    """Every prompt of the dev sets (held-out sets 1-16 and 15d; never set 17)."""
    texts: list[str] = []
    for path in sorted((ROOT / "bench_data").glob("heldout_*.json")):
        if "_17" in path.name:
            continue
        for case in json.loads(path.read_text(encoding="utf-8")):
            if isinstance(case, dict):
                texts += [case[key] for key in ("first", "second") if isinstance(case.get(key), str)]
    return texts


def test_indexed_match_finds_what_the_lookup_finds_in_dev_prompts() -> None:
    """Differential, every table at every position of a sample of the dev sets' prompts."""
    texts = _dev_texts()
    assert len(texts) > 1000
    for text in texts[::7]:
        folded = Folded(text)
        for table in TABLES:
            for pos in range(len(folded) + 1):
                assert table.match(folded, pos) == table.match_by_lengths(folded, pos), (table.language, text, pos)


def test_longest_phrase_first_and_word_ends() -> None:
    """On a table of its own: the longest phrase that ends a word wins (a shorter one where the
    longer runs into a word, a phrase of one or two characters after those of three or more), an
    elided article ends at its apostrophe, a table of unspaced words ends anywhere, a case-sensitive
    phrase spelled otherwise leaves the shorter ones ("Mg" is no "mg")."""
    table = Vocabulary("xx", {"A": ["solve", "solve for"], "B": ["so", "s"], "C": ["l'"], "D": ["x+"]}, spaced=True)
    assert table.match(Folded("solve for x"), 0) == ("A", 9)
    assert table.match(Folded("solve fork"), 0) == ("A", 5)
    assert table.match(Folded("solved"), 0) is None
    assert table.match(Folded("so solve"), 0) == ("B", 2) and table.match(Folded("s o"), 0) == ("B", 1)
    assert table.match(Folded("sol ve"), 0) is None and table.match(Folded("so_"), 0) is None
    assert table.match(Folded("l'\u00e9quation"), 0) == ("C", 2)
    assert table.match(Folded("x+y"), 0) == ("D", 2)
    assert table.match(Folded("so"), 2) is None and table.match(Folded("so"), 5) is None
    unspaced = Vocabulary("yy", {"A": ["\u89e3", "\u89e3\u65b9\u7a0b"]}, spaced=False)
    assert unspaced.match(Folded("\u89e3\u65b9\u7a0bx"), 0) == ("A", 3)
    assert unspaced.match(Folded("\u89e3\u65b9x"), 0) == ("A", 1)
    cased = Vocabulary("zz", {"UNIT": ["mg"], "M": ["m"]}, spaced=False, case_sensitive=["mg"])
    assert cased.match(Folded("2 mg"), 2) == ("UNIT", 4)
    assert cased.match(Folded("2 Mg"), 2) == ("M", 3)


# -- the linear reader's per-position shortcuts ------------------------------------------------------

SAMPLES = [
    "Exercise 3: solve 2x + 1 = 7.", "Ejercicio 3: resuelve 2x + 1 = 7.", "Problem #12 - solve 3x = 9",
    "Quick question - solve 2x + 3 = 11 for x", "Solve 2x + 3 = 11 -- show the steps",
    "Solve\t2x + 3 = 11.\tShow your steps.", "Solve for x:  4x - 2 = 10\r\nShow each step.",
    'Solve 3x + 1 = 10. Answer in the form "x = <value>".', "Solve 'for x': 3x = 12",
    "R\u00e9sous 2x + 5 = 9 \u00e9tape par \u00e9tape.", "R\u00e9sous 2x + 5 = 9 \u2013 montre les \u00e9tapes",
    "Resuelve por favor / please solve 2x = 8", "\u7b2c4\u9898 \u89e3\u65b9\u7a0b 2x + 1 = 9", "Solve x + y = 5; x - y = 1.",
    "  Solve   3x + 6 = 21  .  ", "Solve 3x + 6 = 21 \u2014 just the answer", "Solve 9.x = 3?",
    "Solve 2x + 3 = 11 :) thanks", "Give x if 5x - 5 = 20 \u00abx = ?\u00bb", "Solve 2x = 8. Answer: x = ?",
    "Solve 2x = 8. Step 1: ...", "Solve 2x = 8 and write x = <value> at the end", "Solve 2x = 8 \u2026 then x = ?",
    "User: solve 3x = 9 | Assistant: ok", "Solve 2x = 8!", "Wow!! Solve 2x = 8", "Find 2x if 3x + 1 = 7.",
    "Solve 2x + 1 = 7 y x = ?", "Resuelve 2x = 8 y explica", 'Reply as JSON like {"x": <value>}: 2x = 8',
    "Homework Q4: solve 5x = 20", "Hausaufgabe 3b) L\u00f6se 2x + 1 = 7", "\u2116 3. Solve 2x = 8",
    "Solve \u201cx = ?\u201d for 2x = 8", "Solve \u201e2x = 8\u201c please", "\u300cx = ?\u300d 2x = 8 \u3092\u89e3\u3044\u3066",
]
PIECES = [" ", "  ", "\t", "\r\n", " - ", " -- ", " / ", "\u2013", "\u2014", ": ", "'", '"', "\u201c", "\u00ab", "\u2039", "x", "3",
          "(", ")", "|", "!", "<value>", "...", "\u2026", "Step 1:", "y = ?", "{", ".", "\u00a0"]


class _Every:
    """A set holding every character: each pattern tried at every position (the reference)."""

    def __contains__(self, item: object) -> bool:
        return True


_EVERY: Any = _Every()


def _reference(patch: pytest.MonkeyPatch) -> None:
    """The reading before wip/hitB: every rule tried at every position, tables read by lengths."""
    patch.setattr(reader, "_BLANKS", frozenset())
    patch.setattr(reader, "_DASHES", _EVERY)
    patch.setattr(reader, "_OPENING_QUOTES", _EVERY)
    patch.setattr(reader, "_SPECIAL_FIRST", _EVERY)
    patch.setattr(reader, "_TURN_BARS", _EVERY)
    patch.setattr(Vocabulary, "match", Vocabulary.match_by_lengths)


def _corpus() -> list[str]:
    rng = random.Random(5)
    out = list(SAMPLES)
    for sample in SAMPLES:
        for _ in range(12):
            cut = rng.randrange(len(sample) + 1)
            out.append(sample[:cut] + rng.choice(PIECES) + sample[cut:])
    return out


def _all_words(text: str) -> list[Any]:
    runs = [(eq.start, eq.end) for eq in find_equations(text)]
    return [reader._words(text, runs, frozenset({"x", "y"}), table) for table in reader._LANGUAGE.vocabularies]


def test_words_as_with_every_rule_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    """Differential: every table's words of each prompt (and of edits inserting blanks, dashes,
    quotes, bars, templates) are the words read with every rule tried at every position."""
    for text in _corpus():
        got = _all_words(text)
        with monkeypatch.context() as patch:
            _reference(patch)
            assert _all_words(text) == got, text


def _read(texts: list[str]) -> Iterator[Any]:
    for text in texts:
        understand_prompt.cache_clear()
        yield understand_prompt(text)
    understand_prompt.cache_clear()


def test_prompts_read_as_with_every_rule_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    """Differential: each prompt of the corpus and of the dev sets is read (equations, request,
    format, language) as with every rule tried and the tables read by lengths."""
    texts = _corpus() + _dev_texts()[::3]
    got = list(_read(texts))
    assert sum(problem is not None for problem in got) > 300
    with monkeypatch.context() as patch:
        _reference(patch)
        want = list(_read(texts))
    assert [(t, g) for t, g, w in zip(texts, got, want) if g != w] == []


def test_patterns_start_only_where_their_first_characters_stand() -> None:
    """Exhaustive over the Basic Multilingual Plane: no quoted template, dash, turn bar, template,
    "Step k:" label, placeholder or ellipsis starts at a character outside the set it is tried at
    (an ASCII character, for ``_special_at``'s patterns: any other is tried), and no rule but the
    blank's reads a blank outside a label."""
    closers = ['"', "'", "\u201d", "\u2019", "\u00bb", "\u201c", "\u300d", "\u300f", "\u203a"]
    tails = ["x = ?" + closer + " " for closer in closers] + ["x = <value>" + closer for closer in closers] + [" word"]
    specials = (reader._TEMPLATE, reader._STEP_LABEL, reader._SLOT, reader._ELLIPSIS)
    special_tails = ["", " = ?", "tep 1:", "TEP 1:", "..", "value>", " = <value>", "\u2026"]
    for code in range(0x10000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue
        if char not in reader._OPENING_QUOTES:
            assert all(reader._QUOTED.match(char + tail) is None for tail in tails), hex(code)
        if char not in reader._DASHES:
            assert reader._DASH.match(" " + char + " word") is None, hex(code)
            assert reader._DASH.match(" " + char + "- word") is None, hex(code)
        if char not in reader._TURN_BARS:
            assert reader._TURN_BAR.match("a " + char + " User: hi", 2) is None, hex(code)
        if char.isascii() and char not in reader._SPECIAL_FIRST:
            assert all(p.match(char + tail) is None for p in specials for tail in special_tails), hex(code)
    for char in "xX<.":
        assert char in reader._SPECIAL_FIRST
    assert reader._TEMPLATE.match("x = ?") and reader._STEP_LABEL.match("Step 1:") and reader._SLOT.match("<value>")
    assert reader._ELLIPSIS.match("...") and reader._DASH.match(" \u2014 word") and reader._TURN_BAR.match("a | User: hi", 2)
    for blank in reader._BLANKS:
        assert reader._EXERCISE_NUMBER.match(blank + "3: solve") is not None  # so a blank after a label is read by the rules
        for pattern in (reader._IDENT, reader._LABEL_NUMBER, reader._ORDINAL_NUMBER, reader._QUOTED, reader._DASH, *specials):
            assert pattern.match(blank + "3: x") is None and pattern.match(blank + "x") is None


def test_blank_after_a_label_reads_its_exercise_number() -> None:
    """"Ejercicio 3:" and "Exercise 3 - solve": the blank after the label is read by the rules (its
    number is the label's, never a word of the sentence); served as before."""
    for text in ("Ejercicio 3: resuelve 2x + 1 = 7.", "Exercise 3: solve 2x + 1 = 7.", "Homework Q4: solve 5x = 20"):
        understand_prompt.cache_clear()
        assert understand_prompt(text) is not None, text
    understand_prompt.cache_clear()


# -- whole requests in lockstep -----------------------------------------------------------------------

PHRASINGS = [
    'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".',
    'Please solve for x step by step: {eq}. Write one step per line as "Step k: ...".',
    "Solve {eq}.", "Solve {eq} - show your steps.", "Exercise 4: solve {eq}.", "Quick question: what is x if {eq}?",
    "Solve {eq}. Answer: x = ?", 'Solve {eq}. End with "So x equals <value>."', "Solve  {eq} ,  please",
    "R\u00e9sous {eq} \u00e9tape par \u00e9tape.", "Resuelve {eq} paso a paso.", "L\u00f6se {eq} Schritt f\u00fcr Schritt.",
    "Risolvi {eq}.", "Resolva {eq}.", "\u0420\u0435\u0448\u0438 {eq}.", "\u89e3\u65b9\u7a0b {eq}\u3002", "{eq} \u3092\u89e3\u3044\u3066\u304f\u3060\u3055\u3044\u3002",
]


def _working(a: int, b: int, c: int) -> str:
    x = (c - b) // a
    return (f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
            f"Step 3: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}")


class _Model:
    """Answers a request for a known problem with its working, anything else with nothing."""

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers

    def __call__(self, prompt: str) -> str:
        return next((answer for known, answer in self.answers.items() if prompt.startswith(known)), "")


def _result(result: Any) -> tuple[Any, ...]:
    return (result.outcome, result.text, result.tier, result.verified, result.verification, result.model_calls,
            result.checks_passed)


@pytest.mark.parametrize("seed", range(2))
def test_requests_in_lockstep_with_the_reference(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Differential: generated problems stored in many phrasings, then asked again rephrased, with
    another constant, in another language; two caches, one reading as before wip/hitB: the same
    outcomes, texts, tiers and verification."""
    rng = random.Random(seed)
    new_cache, old_cache = StepCache(), StepCache()
    served = 0
    for _ in range(160):
        a, x, b = rng.randint(2, 9), rng.randint(-12, 12), rng.randint(1, 40)
        c = a * x + b
        if rng.random() < 0.3:
            c += a * rng.randint(20, 30)  # a new constant: re-instantiated
        prompt = rng.choice(PHRASINGS).format(eq=f"{a}x + {b} = {c}")
        model = _Model({prompt: _working(a, b, c)} if rng.random() < 0.4 else {})
        got = _result(new_cache.generate(prompt, model, namespace="l"))
        with monkeypatch.context() as patch:
            _reference(patch)
            want = _result(old_cache.generate(prompt, model, namespace="l"))
        assert got == want, prompt
        served += got[5] == 0
    assert served > 40
