"""Mutation-check rows for wip/jsonR2: a conversion said before the request (issue 33 items 4/5).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_TRANSFORMS = f"{_JSON}/transforms.py"
_CONV = "tests/adversarial/test_json_conversion_first.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR2-conversion-any-key", "the result of 'Convert 2.5 km to meters' is written for any one key asked: "
     "'{\"centimeters\": ...}' states 2500",
     _READER, "    if transformer.converted_first and (_unit_key(key, language) != target\n                                        or ",
     "    if transformer.converted_first and (", (_CONV, "-k", "never_served_wrong")),
    ("jsonR2-conversion-any-verb", "'Round 2.0005 km to meters' is read as a conversion (the verb unchecked)",
     _READER, "\n                                        or fold(transformer.converted_first) not in _CONVERSION_VERBS.get(language, ())):",
     "):", (_CONV, "-k", "no_claim")),
    ("jsonR2-kg-factor", "a kilogram is 100 grams", _TRANSFORMS,
     '    ("kg", "to g"): (Fraction(1000), Fraction(0)),', '    ("kg", "to g"): (Fraction(100), Fraction(0)),',
     (_CONV, "-k", "exactly_right")),
    ("jsonR2-kilo-meters-factor", "ja キロ to metres is x100", _TRANSFORMS,
     '    ("kilo", "to m"): (Fraction(1000), Fraction(0)),', '    ("kilo", "to m"): (Fraction(100), Fraction(0)),',
     (_CONV, "-k", "kilo")),
    ("jsonR2-any-placeholder", "any word in angle brackets is a number's placeholder ('{\"meters\": <text>}')",
     _READER, "<(?:n|number|num|n\\u00famero|numero|nombre|zahl|numero|\\u0447\\u0438\\u0441\\u043b\\u043e)>",
     "<\\w+>", (_CONV, "-k", "never_served_wrong")),
    ("jsonR2-first-verb-is-key", "'Convert 2.5 km ...': the first word is read as a statement's key",
     _READER, '        if table.phrases.get(folded[pos:end]) == "TF_VERB" and not text[:pos].strip():\n            return None',
     '        if False:\n            return None', (_CONV, "-k", "exactly_right")),
    ("jsonR2-comma-decimal-truncated", "a decimal-comma number no statement holds ('1,5 kg') is read as its whole part",
     _READER, '        return Word("NUMBER", float(decimal.group().replace(",", ".")), pos), decimal.end()',
     '        return Word("NUMBER", int(float(decimal.group().replace(",", "."))), pos), decimal.end()',
     (_CONV, "-k", "exactly_right")),
    ("jsonR2-vocab-ru-shaped-deleted", "a word deleted from a table: ru 'JSON вида {...}' reads no template",
     f"{_JSON}/vocabulary/ru.json", '  "SHAPED": [\n   "вида"\n  ]', '  "SHAPED": [\n   "видаx"\n  ]',
     (_CONV, "-k", "exactly_right")),
]
# fmt: on
