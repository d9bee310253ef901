"""W28 (red team 22, class A), wip/w28: a unit symbol is read only as its table spells it, on every path.

'Give me {"Mm": <value>} for 4.5 km' was served {"Mm": 4500000} (verified; Mm is the megametre) on the
single-key JSON paths: the one-slot template in en es fr de it pt ru zh, 'Return JSON {...} for', 'with the
key Mm', 'Convert 4.5 km to Mm, return JSON', jsonR3's 'in Mm', and the source unit '4.5 M' / '4.5 KG'. Now
one rule: a table phrase that holds a case-sensitive symbol as a word ('in mm', 'to ml', '(km)', 'в мл')
matches only as the table spells it (Vocabulary.match), and a key or name the reader cuts itself that folds to a
symbol but is spelled as no table lists ('Mm', 'ML', 'G', 'KG', ru 'Мм') is no claim in a request that measures.
Every path x every symbol of the tables x every case variant; the listed spellings stay served.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from .harness import assert_red_team_pair_not_served, assert_served_proven, exact_json_pair

# symbol -> (its spellings the tables list, dimension, factor to the base unit)
_LATIN = {"km": ({"km"}, "len", 1000), "m": ({"m"}, "len", 1), "cm": ({"cm"}, "len", Fraction(1, 100)),
          "mm": ({"mm"}, "len", Fraction(1, 1000)), "kg": ({"kg"}, "mass", 1000), "g": ({"g"}, "mass", 1),
          "ml": ({"ml", "mL"}, "vol", Fraction(1, 1000)), "l": ({"l", "L"}, "vol", 1)}
_CYRILLIC = {"км": ({"км"}, "len", 1000), "м": ({"м"}, "len", 1), "см": ({"см"}, "len", Fraction(1, 100)),
             "мм": ({"мм"}, "len", Fraction(1, 1000)), "кг": ({"кг"}, "mass", 1000), "г": ({"г"}, "mass", 1),
             "мл": ({"мл"}, "vol", Fraction(1, 1000)), "л": ({"л"}, "vol", 1)}

# {k}: the key/target as written, {t}: the target as listed, {n}: the number, {s}: the source unit
_EN = {
    "en-slot": 'Give me {{"{k}": <value>}} for {n} {s}',
    "en-return": 'Return JSON {{"{k}": ...}} for {n} {s}',
    "en-thekey": "Return a JSON object with the key {k} for {n} {s}",
    "en-convert-key": 'Convert {n} {s} to {t} and return JSON {{"{k}": ...}}',
    "en-convert-target": 'Convert {n} {s} to {k} and return JSON {{"{k}": ...}}',
    "en-singlekey-in": "Return a JSON object with a single key amount, in {k}. The amount is {n} {s}.",
    "en-convert-comma": 'Convert {n} {s} to {k}, return JSON {{"{k}": ...}}',
    "en-convert-period": 'Convert {n} {s} to {k}. Return JSON {{"{k}": ...}}',
}
_XX = {
    "es-slot": 'Devuélveme {{"{k}": <valor>}} para {n} {s}',
    "fr-slot": 'Renvoie {{"{k}": <valeur>}} pour {n} {s}',
    "de-slot": 'Gib {{"{k}": <Wert>}} zurück für {n} {s}',
    "it-slot": 'Restituisci {{"{k}": <valore>}} per {n} {s}',
    "pt-slot": 'Retorne {{"{k}": <valor>}} para {n} {s}',
    "zh-slot": '按照模板 {{"{k}": <数值>}} 把 {n} {s} 换算一下',
}
_RU = {
    "ru-slot": 'Верни {{"{k}": <значение>}} для {n} {s}',
    "ru-json": 'Верни JSON {{"{k}": ...}} для {n} {s}',
}


def _source(symbol: str, table: dict) -> str:
    """A source unit of the symbol's dimension, another one than the symbol."""
    dim = table[symbol][1]
    return next(s for s, (_, d, _) in table.items() if d == dim and s != symbol and table[s][2] > table[symbol][2]) \
        if any(d == dim and table[s][2] > table[symbol][2] for s, (_, d, _) in table.items()) \
        else next(s for s, (_, d, _) in table.items() if d == dim and s != symbol)


def _variants(symbol: str, listed: set[str]) -> list[str]:
    cases = {"".join(c) for c in itertools.product(*((ch.lower(), ch.upper()) for ch in symbol))}
    return sorted(cases - listed)


def _key_of(form: str, key: str) -> str:
    return "amount" if "single key amount" in form else key


def _traps() -> list[tuple[str, str, str]]:
    rows = []
    for forms, table in ((_EN, _LATIN), (_XX, _LATIN), (_RU, _CYRILLIC)):
        for name, form in forms.items():
            for symbol, (listed, _, _) in table.items():
                src = _source(symbol, table)
                for variant in _variants(symbol, listed):
                    first = form.format(k=symbol, t=symbol, n=4, s=src)
                    rows.append((f"{name}-{symbol}-{variant}", first, form.format(k=variant, t=symbol, n=4, s=src)))
                    # the source unit misspelled: "{"m": ...} for 4.5 M"
                    if name not in ("en-convert-key", "en-convert-target", "en-convert-comma", "en-convert-period", "en-singlekey-in"):
                        rows.append((f"{name}-src-{symbol}-{variant}", form.format(k=symbol, t=symbol, n=4, s=symbol),
                                     form.format(k=symbol, t=symbol, n=5, s=variant)))
    return rows


_TRAPS = _traps()


@pytest.mark.parametrize("case", _TRAPS, ids=[t[0] for t in _TRAPS])
def test_a_symbol_spelled_as_no_table_lists_is_no_claim(case: tuple[str, str, str]) -> None:
    _, first, second = case
    assert_red_team_pair_not_served(first, second)


def _value(n: Fraction, src: str, target: str, table: dict) -> int | float:
    v = n * Fraction(table[src][2]) / Fraction(table[target][2])
    return int(v) if v.denominator == 1 else float(v)


# not read before W28 either (main, 2026-12-06): kept out of the served list
_NOT_READ_ON_MAIN = {("en-convert-key", "g"), ("en-convert-target", "g"), ("en-convert-comma", "g"), ("en-convert-period", "g"),
                     ("zh-slot", "ml"), ("ru-slot", "г"), ("ru-json", "г")}
_SERVED = [(name, form, sym, table) for forms, table in ((_EN, _LATIN), (_XX, _LATIN), (_RU, _CYRILLIC))
           for name, form in forms.items() for sym in ("mm", "мм", "g", "г", "ml", "мл") if sym in table
           and not (name == "en-singlekey-in" and sym == "g") and (name, sym) not in _NOT_READ_ON_MAIN]


@pytest.mark.parametrize("case", _SERVED, ids=[f"{c[0]}-{c[2]}" for c in _SERVED])
def test_the_listed_spelling_stays_served(case: tuple[str, str, str, dict]) -> None:
    name, form, sym, table = case
    src = _source(sym, table)
    key = _key_of(form, sym)
    first = form.format(k=sym, t=sym, n=4, s=src)
    second = form.format(k=sym, t=sym, n=7, s=src)
    pair = exact_json_pair("w28/symbol-listed", first, {key: _value(Fraction(4), src, sym, table)},
                           second, {key: _value(Fraction(7), src, sym, table)})
    assert_served_proven(pair)


def _tables() -> list:
    from stepcache_integrations.core.tasks.arithmetic import grammar
    from stepcache_integrations.core.tasks.json import reader
    from stepcache_integrations.core.tasks.linear import reader as linear

    return [(task, table) for task, module in (("json", reader), ("arith", grammar), ("linear", linear))
            for table in module._LANGUAGE.vocabularies]


def _phrases_with_symbols() -> list[tuple[str, str, str, int, str]]:
    rows = []
    for task, table in _tables():
        for phrase, words in table.cased_words.items():
            rows.append((task, table.language, phrase, len(words), table.phrases[phrase]))
    return rows


_PHRASES = _phrases_with_symbols()


@pytest.mark.parametrize("row", _PHRASES, ids=[f"{r[0]}-{r[1]}-{r[2]}" for r in _PHRASES])
def test_every_phrase_holding_a_symbol_matches_only_as_listed(row: tuple[str, str, str, int, str]) -> None:
    """Every table, every phrase holding a case-sensitive symbol as a word ('in mm', '(km)', 'в мл', 'mg'):
    matched as a listed spelling, never with the symbol's case changed to one no table lists."""
    from stepcache_integrations.core.tasks.request_language import Folded

    task, language, phrase, _, kind = row
    table = next(t for k, t in _tables() if k == task and t.language == language)
    listed = phrase
    for at, word in table.cased_words[phrase]:
        listed = listed[:at] + sorted(table.cased[word])[0] + listed[at + len(word):]
    text = Folded(listed + " ")
    assert table.match(text, 0) == (kind, len(phrase)), (listed, table.match(text, 0))
    for at, word in table.cased_words[phrase]:
        for variant in _variants(word, set(table.cased[word])):
            changed = listed[:at] + variant + listed[at + len(word):]
            found = table.match(Folded(changed + " "), 0)
            assert found is None or found[1] != len(phrase) or found[0] != kind, (changed, found)


@pytest.mark.parametrize("written", ["(KM)", "(Km)", "(kM)"])
def test_a_bracketed_symbol_phrase_is_read_only_as_listed(written: str) -> None:
    """'(km)' is a phrase of the tables; the symbol inside its brackets is checked as the bare one is."""
    from stepcache_integrations.core.tasks.json import reader
    from stepcache_integrations.core.tasks.request_language import Folded

    for table in reader._LANGUAGE.vocabularies:
        if "(km)" in table.phrases:
            assert table.match(Folded("(km) "), 0) == (table.phrases["(km)"], 4)
            found = table.match(Folded(written + " "), 0)
            assert found is None or found[1] != 4, (table.language, written, found)
