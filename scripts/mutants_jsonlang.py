"""Mutation-check rows for JSON requests in es/fr/de/pt/it/ru/zh/ja (issue 33 items 3 and 4): labels
folded to listed keys, bare names after a space, decimal commas, degree words and a person's name
and age said in a sentence. Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_ES = f"{_JSON}/vocabulary/es.json"
_REACH = "tests/adversarial/test_json_languages_reach.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonlang-accents-folded-everywhere", "accents are folded in every language: de 'Zähler: \"Müller\"' names the key "
     "\"zahler\" (a payer, not a counter)",
     _READER, '    if "accents" in rules:\n', "    if True:\n", (_REACH, "-k", "no_claim")),
    ("jsonlang-label-first-of-two-keys", "a label that folds to two listed keys names the first: 'ANO: 2020' beside "
     "\"año\" and \"ano\" states \"año\"",
     _READER, "        if label not in asked and len(keys) > 1:\n            return None\n",
     "        if False:\n            return None\n", (_REACH, "-k", "no_claim")),
    ("jsonlang-concept-any-key", "a name said fills the first listed key when none is the table's word for a name: "
     "'Me llamo Tomás' states \"apodo\" (a nickname)",
     _READER, "    keys = [key for key in asked if _is_concept(key, concept, language)]\n",
     "    keys = [key for key in asked if _is_concept(key, concept, language)] or asked[:1]\n",
     (_REACH, "-k", "no_claim")),
    ("jsonlang-vocab-concepts-swapped", "a vocabulary table's concept words swapped: es 'Me llamo Tomás y tengo 52 años' "
     "states \"edad\": \"Tomás\"",
     _ES, '"concepts": {\n  "name": [\n   "nombre"\n  ],\n  "age": [\n   "edad"\n  ]',
     '"concepts": {\n  "name": [\n   "edad"\n  ],\n  "age": [\n   "nombre"\n  ]', (_REACH, "-k", "exactly_the_stated")),
    ("jsonlang-vocab-age-verb-deleted", "a word deleted from a vocabulary table: es 'tengo' says no age",
     _ES, '"AGE_HAS": [\n   "tengo",\n', '"AGE_HAS": [\n', (_REACH, "-k", "served_without")),
    ("jsonlang-spaced-bare-unlisted-read", "a bare name after a space states a key the list does not hold: 'color Rojo'",
     _READER, "    if any(st.spaced_bare and key not in transformer.asked and key not in transformer.template\n"
     "           and not _named_without_list(transformer, key, st, language) for key, st, _unit in stated):\n",
     "    if False:\n", (_REACH, "-k", "nothing_it_cannot_tell")),
    ("jsonlang-comma-three-digits", "a comma before three digits is read as a decimal: 'precio: 1,299' states 1.299",
     _READER, r"-?(?:0|[1-9][0-9]{0,14}),(?:[0-9]{1,2}|[0-9]{4,9})(?!", r"-?(?:0|[1-9][0-9]{0,14}),(?:[0-9]{1,3}|[0-9]{4,9})(?!", (_REACH, "-k", "no_claim")),
    ("jsonlang-comma-whole-read", "a whole number written with a comma is read: 'precio: 3,00' states the float 3.0",
     _READER, 'return shaped\n    decimal = _COMMA_DECIMAL.match(text, pos) if table.language in _DECIMAL_COMMA else None\n    if decimal is not None and float(decimal.group().replace(",", ".")) % 1:',
     "return shaped\n    decimal = _COMMA_DECIMAL.match(text, pos) if table.language in _DECIMAL_COMMA else None\n    if decimal is not None:", (_REACH, "-k", "no_claim")),  # re-anchored: wip/jsonAB moved it to _shaped_or_decimal_at
    ("jsonlang-subject-read-as-value", "a capitalised word before 'tiene' is a bare value: '\"edad\": Carmen tiene 19 "
     "años' is no sentence the grammar derives",
     _READER, '    return (said is not None and said[0] == "NAME_SAYS") or (after is not None and after[0] in ("AGE_HAS", "IS"))',
     "    return False", (_REACH, "-k", "served_without")),
    ("jsonlang-grammar-intro-deleted", "a grammar rule deleted: a self-introduction after the colon is no tail",
     f"{_JSON}/request.lark", "%extend tail: COLON intro\n", "", (_REACH, "-k", "served_without")),
    ("jsonlang-lowercase-name-read", "a lowercase word is read as a name: 'carmen tiene 19 años' states \"carmen\"",
     _READER, "(value[:1].isupper() or not _TABLES[language].get(\"spaced\", True))", "True",
     (_REACH, "-k", "nothing_it_cannot_tell")),
    ("jsonlang-fractional-age-read", "an age with a fraction is read: '今年 26.5 岁' states 26.5",
     _READER, '    if concept == "age" and (isinstance(value, bool) or not isinstance(value, int)):\n',
     '    if False:\n', (_REACH, "-k", "nothing_it_cannot_tell")),
    ("jsonlang-years-any-key", "a number of years is any key's number: 'distancia: 28 años' states 28",
     _READER, 'if unit == "years" and key not in transforms and _is_concept(key, "age", language):',
     'if unit == "years" and key not in transforms:', (_REACH, "-k", "no_claim")),
    ("jsonlang-labelled-years-any-key", "a statement before an age unit states any listed key: '人口：45岁' states 45 people",
     _READER, '            if not _is_concept(key, "age", language):\n                return None',
     "            if False:\n                return None", (_REACH, "-k", "no_claim")),
    ("jsonlang-vocab-kept-unit-deleted", "a word deleted from a table's declared rules: zh '度' after a number is no kept unit",
     f"{_JSON}/vocabulary/zh.json", ' "kept_units": [\n  "度"\n ],', ' "kept_units": [],', (_REACH, "-k", "served_without")),
    # jsonlang-two-script-name-read retired 2026-12-06 (main): wip/fuzzO's value check (reader._mixed_scripts: a word of
    # two scripts in any stated string is no claim, every path) declines 'Stadt Kіel' too, so the lexer's gate it mutates
    # is redundant for every stated value; the gate stays (a two-script word is never a NAME token)
    ("jsonlang-vocab-degrees-as-celsius", "a word moved to another class: es 'grados' read as Celsius (a conversion "
     "to Fahrenheit applies to a value with no scale)",
     _ES, '   "celsius",\n   "grados celsius",\n', '   "celsius",\n   "grados",\n   "grados celsius",\n', (_REACH,)),
    ("json-value-asked-about-stated", "'age 52?' beside a key list binds age = 52 (served proven; wip/jsonsyn's fuzz find)",
     "stepcache_integrations/core/tasks/json/reader.py", '    return prompt[end:].lstrip(" \\t").startswith(("?", "\\uff1f"))',
     "    return False", ("tests/unit/test_json_request_language.py",)),
]
# fmt: on
