"""Mutation-check rows for wip/jsonU (round 2, session 2026-12-06 11:45): a pasted table's request in the words the
JSON reader's tables already read (the request verbs and their enclitic forms, "markdown", "Bitte als JSON"), the
.env file named in every table, "nach" / "sous forme de", kept types joined by commas or after a determiner; and the
verbs left out because they change a value (round, translate). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests). (``mutants_jsonU.py`` is an earlier session's wip/jsonU.)"""

from __future__ import annotations

_PASTES = "stepcache_integrations/core/tasks/json/pastes"
_V = f"{_PASTES}/vocabulary"
_GRAMMAR = f"{_PASTES}/request.lark"
_CODE = "stepcache_integrations/core/tasks/json/pastes.py"
_T = ("tests/adversarial/test_json_pastes_verbs_jsonU2.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonU2-it-clitic-lo-lost", "it 'Convertilo in JSON.' after a key/value table is no claim again",
     f"{_V}/it.json", '   "convertilo",\n', '   "convertilo-x",\n', _T),
    ("jsonU2-it-clitic-la-lost", "it 'Trasformala in un oggetto JSON.' is no claim again",
     f"{_V}/it.json", '   "trasformala",\n', '   "trasformala-x",\n', _T),
    ("jsonU2-it-clitic-mi-lost", "it 'Restituiscimi un oggetto JSON.' is no claim again",
     f"{_V}/it.json", '   "restituiscimi",\n', '   "restituiscimi-x",\n', _T),
    ("jsonU2-fr-clitic-la-lost", "fr 'Convertis-la en objet JSON' is no claim again",
     f"{_V}/fr.json", '   "convertis-la",\n', '   "convertis-lax",\n', _T),
    ("jsonU2-en-generate-lost", "en 'Generate a JSON object from this table' is no claim again",
     f"{_V}/en.json", '   "generate",\n', '   "generatex",\n', _T),
    ("jsonU2-ru-create-lost", "ru 'Создай JSON из этой строки' is no claim again",
     f"{_V}/ru.json", '   "создай",\n', '   "создайx",\n', _T),
    ("jsonU2-markdown-sheet-lost", "pt 'Tabela markdown para JSON:' is no claim again",
     f"{_V}/pt.json", '   "markdown"', '   "markdownx"', _T),
    ("jsonU2-please-in-lost", "de 'Bitte als JSON-Objekt.' is no claim again",
     _GRAMMAR, "   | PLEASE IN noun                                       // de: Bitte als JSON-Objekt. (wip/jsonU2)\n", "", _T),
    ("jsonU2-round-a-request-verb", "en 'Round this table into a JSON object' is read as a plain request (rounding not done)",
     f"{_V}/en.json", '   "generate",\n', '   "generate",\n   "round",\n', _T),
    ("jsonU2-translate-a-request-verb", "it 'Traducilo in JSON.' is read as a plain request (nothing translated)",
     f"{_V}/it.json", '   "rispondi",\n', '   "rispondi",\n   "traducilo",\n', _T),
    ("jsonU2-fr-env-lost", "fr 'Transforme ce .env en JSON' is no claim again",
     f"{_V}/fr.json", '   "fichier .env",\n   ".env"', '   "fichier .env",\n   ".envx"', _T),
    ("jsonU2-it-env-lost", "it 'Converti questo .env in JSON' is no claim again",
     f"{_V}/it.json", '   "file .env",\n   ".env"', '   "file .env",\n   ".envx"', _T),
    ("jsonU2-de-nach-lost", "de '.env nach JSON' is no claim again",
     f"{_V}/de.json", '   "nach"', '   "nachx"', _T),
    ("jsonU2-fr-sous-forme-lost", "fr 'sous forme d'objet JSON' is no claim again",
     f"{_V}/fr.json", "   \"sous forme d'\",\n", "   \"sous forme dx'\",\n", _T),
    ("jsonU2-keeps-comma-lost", "'(numbers as numbers, booleans as booleans)' is no claim again",
     _GRAMMAR, "inner: paren_notes | keeps (COMMA AND? keep)* | all_note", "inner: paren_notes | keeps | all_note", _T),
    ("jsonU2-keep-det-lost", "fr '(les nombres en nombres)' is no claim again",
     _GRAMMAR, "keep: DET? type IN type ", "keep: type IN type ", _T),
    ("jsonU2-keep-det-read-as-type", "the determiner of fr '(les nombres en nombres)' is compared as a type: declined",
     _CODE, "        children = [child for child in children if not isinstance(child, Token)]  # fr \"les nombres en nombres\": the determiner\n",
     "", _T),
    ("jsonU2-changed-kept-type-ignored", "'(numbers as numbers, booleans as strings)' is served with booleans kept (the second note ignored)",
     _CODE, "        elif children[0] != children[-1]:\n            raise Declined  # \"numbers as strings\"",
     "        elif False:\n            raise Declined  # \"numbers as strings\"", _T),
    ("jsonU2-here-row-sheet-lost", "fr 'Voici une ligne CSV, transforme-la en objet JSON' is no claim again",
     _GRAMMAR, "      | HERE ART? ROW_NOUN SHEET PASTED? (FROM POSS? SHEET)?     // fr: Voici une ligne CSV", "      // fr: Voici une ligne CSV", _T),
    ("jsonU2-header-is-keys-lost", "es '(la cabecera son las claves)' is no claim again",
     _GRAMMAR, "((IN | EQUALS | WO | IS) DET? KEY_NOUN NI?)?", "((IN | EQUALS | WO) DET? KEY_NOUN NI?)?", _T),
]
# fmt: on
