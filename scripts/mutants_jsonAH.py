"""Mutation-check rows for branch wip/jsonAH (JSON reach outside English): a quoted passage's one date or
e-mail address bound by the dated and mailed clauses in every passage table that holds their words (json/passage.py
``bound_values``, passage/request.lark VERB_ON, passage/vocabulary), the request tables' date word and DATE_ISO;
a key set in braces before a quoted passage ('Extrae en JSON {producto, precio}: "..."': reader.py _key_set_at).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json/"
_T = ("tests/adversarial/test_passage_binding_languages_jsonAH.py",)
_K = ("tests/adversarial/test_json_key_sets_jsonAH.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonAH-unbound-outside-english-claims", "an es passage that binds no typed key read as stating nothing (the keys read with no value)",
     _JSON + "reader.py", "    return read if language == \"en\" or read else None\n", "    return read\n",
     _T),
    ("jsonAH-english-table-for-every-language", "a passage bound in the English table under any request language",
     _JSON + "reader.py", "        bound = bound_values(passage, language) if bound is None else bound\n",
     "        bound = bound_values(passage) if bound is None else bound\n", _T),
    ("jsonAH-any-table-binds", "a passage bound in the Spanish table under any request language",
     _JSON + "passage.py", "    vocabulary = _vocabulary(language)\n    read = None if vocabulary is None",
     "    vocabulary = _vocabulary(\"es\")\n    read = None if vocabulary is None", _T),
    ("jsonAH-verb-on-dropped", "'La reunión es el 2025-11-20.' not bound (the dated clause of a verb and its article)",
     _JSON + "passage/request.lark", "      | subject VERB_ON DATE place?                      -> dated",
     "      | subject VERB_ON VERB_ON DATE place?              -> dated", _T),
    ("jsonAH-de-verb-on-deleted", "'Die Messe beginnt am 2027-03-03.' not bound (a de verb and its article dropped from VERB_ON)",
     _JSON + "passage/vocabulary/de.json", '"ist am", "beginnt am", ', '"ist am", ', _T),
    ("jsonAH-date-iso-es", "'Extrae \"fecha\" en JSON (YYYY-MM-DD)' not read (the ISO format undeclared in es)",
     _JSON + "vocabulary/es.json", '  "DATE_ISO": [\n   "yyyy-mm-dd",\n', '  "DATE_ISO": [\n   "yyyy-mm-dd-x",\n', _T),
    ("jsonAH-key-set-a-template", "'Return {\"red\", \"green\"} as JSON' read as keys red and green (a key set read outside an extraction)",
     _JSON + "reader.py", '    return Word("KEY_SET", kinds, pos), found.end()', '    return Word("TEMPLATE", kinds, pos), found.end()', _K),
    ("jsonAH-key-set-repeated-name", "'{precio, precio}' read as a key set (a name twice)",
     _JSON + "reader.py", "    if len(set(keys)) != len(keys) or not all(_one_script(key) for key in keys):",
     "    if not all(_one_script(key) for key in keys):", _K),
    ("jsonAH-key-set-mixed-quotes", "'{\"producto\", precio}' read as a key set (quoted and not)",
     _JSON + "reader.py", r"(?:[ \t]*,[ \t]*(?P=q)[^\W\d]\w{0,40}(?P=q))+", r'(?:[ \t]*,[ \t]*"?[^\W\d]\w{0,40}"?)+', _K),
    ("jsonAH-key-set-rule-dropped", "'Extrae en JSON {producto, precio}: \"...\"' not read (the extraction rule of a key set)",
     _JSON + "request.lark", "               | EXTRACT AS noun KEY_SET source ", "               | EXTRACT AS noun KEY_SET KEY_SET source ", _K),
    ("jsonAH-key-set-no-keys", "a key set read with no keys asked (KEY_SET not the request's template)",
     _JSON + "reader.py", '_is_token(c, "TEMPLATE", "KEY_SET")), {})', '_is_token(c, "TEMPLATE")), {})', _K),
]
