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
     _READER, "    elif transformer.converted_first and ((_unit_key(key, language) != target and not _holds_unitless(key, target, language))\n                                          or ",
     "    elif transformer.converted_first and (", (_CONV, "-k", "never_served_wrong")),
    ("jsonR2-conversion-any-verb", "'Round 2.0005 km to meters' is read as a conversion (the verb unchecked)",
     _READER, "\n                                          or fold(transformer.converted_first) not in _CONVERSION_VERBS.get(language, ())):",
     "):", (_CONV, "-k", "no_claim")),
    ("jsonR2-kg-factor", "a kilogram is 100 grams", _TRANSFORMS,
     '    "kg": ("mass", Fraction(1000)),', '    "kg": ("mass", Fraction(100)),',
     (_CONV, "-k", "exactly_right")),
    ("jsonR2-kilo-meters-factor", "ja キロ to metres is x1 (キロ read as metres)", _TRANSFORMS,
     'KILO = {"mass": "kg", "length": "km"}', 'KILO = {"mass": "kg", "length": "m"}',
     (_CONV, "-k", "kilo")),
    ("jsonR2-any-placeholder", "any word in angle brackets is a number's placeholder ('{\"meters\": <text>}')",
     _READER, "<(?:n|number|num|n\\u00famero|numero|nombre|zahl|numero|\\u0447\\u0438\\u0441\\u043b\\u043e)>",
     "<\\w+>", (_CONV, "-k", "never_served_wrong")),
    ("jsonR2-first-verb-is-key", "'Convert 2.5 km ...': the first word is read as a statement's key",
     _READER, '    return word_class == "TF_VERB" and not text[:pos].strip() and _VERB_THEN_MEASURE.match(text, end) is not None',
     '    return False', (_CONV, "-k", "exactly_right")),
    ("jsonR2-comma-decimal-truncated", "a decimal-comma number no statement holds ('1,5 kg') is read as its whole part",
     _READER, '        return Word("NUMBER", float(decimal.group().replace(",", ".")), pos), end',
     '        return Word("NUMBER", int(float(decimal.group().replace(",", "."))), pos), end',
     (_CONV, "-k", "exactly_right")),
    ("jsonR2-vocab-ru-shaped-deleted", "a word deleted from a table: ru 'JSON вида {...}' reads no template",
     f"{_JSON}/vocabulary/ru.json", '  "SHAPED": [\n   "вида"\n  ]', '  "SHAPED": [\n   "видаx"\n  ]',
     (_CONV, "-k", "exactly_right")),
]
# fmt: on
_R2 = "tests/adversarial/test_json_reach_jsonr2.py"
ROWS += [
    ("jsonR2-hundredth-short-served", "a result rounded to hundredths with fewer decimals is served ('19.901' -> 19.9)",
     _TRANSFORMS, "        return None if hundredth is None or hundredth % 10 == 0 else", "        return None if hundredth is None else",
     (_R2, "-k", "hundredths or never_served_wrong")),
    ("jsonR2-hundredth-step", "rounding to hundredths rounds to tenths",
     _TRANSFORMS, "_rounded(number * 100, 1, half_up)", "_rounded(number * 10, 1, half_up) * 10", (_R2, "-k", "exactly_right")),
    ("jsonR2-stmt-rounded-unrounded", "'with the price 19.987 rounded to 2 decimals' states 19.987",
     _READER, "        self.stmt([token])\n        self.rewrite([_Keys(token.value[0]), next(c for c in children if isinstance(c, _Target))])",
     "        self.stmt([token])", (_R2, "-k", "exactly_right")),
    ("jsonR2-comma-decimal-three", "de '8,912' (a thousands group) is read as a decimal",
     _READER, r",(?:[0-9]{1,2}|[0-9]{4,9})(?!", r",(?:[0-9]{1,9})(?!", (_R2, "-k", "four_digits")),
    ("jsonR2-vocab-source-deleted", "a word deleted from a table: 'from these fields:' reads no data",
     f"{_JSON}/vocabulary/en.json", '  "SOURCE": [\n   "these"\n  ]', '  "SOURCE": [\n   "thesex"\n  ]',
     (_R2, "-k", "exactly_right")),
    ("jsonR2-vocab-hundredth-deleted", "a word deleted from a table: 'rounded to 2 decimals' reads no rounding",
     f"{_JSON}/vocabulary/en.json", '   "to 2 decimals",\n', "", (_R2, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR2-grammar-nothing-then-values", "'Respond with only a JSON object, no explanation: sku = ...' reads no values",
     f"{_JSON}/request.lark", "%extend request: lead noun COMMA NOTHING tail politely?\n", "",
     (_R2, "-k", "exactly_right")),
    ("jsonR2-grammar-conversion-first", "'Convert 2.5 km to meters and return JSON {...}' reads nothing",
     f"{_JSON}/request.lark", "%extend start: _end* conversion (AND | COMMA) request (_end+ ROLE? _other)* _end*\n",
     "", (_CONV, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR2-article-key-any-gap", "'a = 1' (an article, a space) is read as a key too",
     _READER, 'word_class in ("ART", "DEF") and text[end : end + 1] == "="', 'word_class in ("ART", "DEF")',
     (_R2, "-k", "no_claim")),
    ("jsonR2-article-key-deleted", "'json: a=1 b=2' reads no key 'a'",
     _READER, '        return not (word_class in ("ART", "DEF") and text[end : end + 1] == "=")', "        return True",
     (_R2, "-k", "exactly_right")),
    ("jsonR2-email-value-truncated", "an e-mail address as a bare value loses its domain",
     _READER, "        return email.group(), False, email.end()  #", "        return email.group().split('@')[0], False, email.end()  #",
     (_R2, "-k", "exactly_right")),
    ("jsonR2-two-blocks-read", "two code blocks are read as one ('the block above' unsaid)",
     _READER, '    return prompt.count("```") <= 2  #', '    return True  #',
     (_R2, "-k", "never_served_wrong")),
    ("jsonR2-grammar-shape-as", "'Return {...} as JSON ...' reads nothing",
     f"{_JSON}/request.lark", "%extend request: lead TEMPLATE AS noun mods? tail? politely?\n", "",
     (_R2, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR2-unit-note-ignored", "'distance_m (in meters)' keeps the measure as stated (12 km -> 12)",
     _READER, "        self.transforms.append((key.value, TARGETS[children[1].value]))  #", "        pass  #",
     (_R2, "-k", "exactly_right")),
    ("jsonR2-unit-note-unclosed", "'(in meters' with no closing bracket is a unit note",
     _READER, "    if found is None or found[0] not in _UNIT_NOTES or text[found[1] : found[1] + 1] != close:",
     "    if found is None or found[0] not in _UNIT_NOTES:", (_R2, "-k", "never_served_wrong or exactly_right")),
    ("jsonR2-vocab-it-measure-noun-deleted", "a word deleted from a table: it 'per una distanza di 3,5 km' reads no measure",
     f"{_JSON}/vocabulary/it.json", '  "distanza",\n', "", (_R2, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR2-unit-word-splits-names", "a unit word cuts a name in ideographs ('玉米', '米莉', '巧克力' are no longer read)",
     _READER, "    return in_run or (_CJK.match(folded, found[1]) is not None and _inside_name(folded, found[1], table))",
     "    return False", (_R2, "-k", "ideographs")),
    ("jsonR2-first-verb-always-no-key", "'round 3, score 5. Return JSON.': a first verb is never a key",
     _READER, " and _VERB_THEN_MEASURE.match(text, end) is not None", "",
     (_R2, "-k", "first_word")),
]
