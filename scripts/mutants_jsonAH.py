"""Mutation-check rows for branch wip/jsonAH (JSON reach outside English): a quoted passage's one date or
e-mail address bound by the dated and mailed clauses in every passage table that holds their words (json/passage.py
``bound_values``, passage/request.lark VERB_ON, passage/vocabulary), the request tables' date word and DATE_ISO.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json/"
_T = ("tests/adversarial/test_passage_binding_languages_jsonAH.py",)

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
]
