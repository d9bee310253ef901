"""Mutation-check rows for the JSON task's request language (issue 33): its grammar
(``request.lark``), its vocabulary tables (``vocabulary/<language>.json``) and its reader. Kept
beside ``mutants.py`` (past its 450 lines), which appends them to its table: (id, behaviour, file,
old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_EN = f"{_JSON}/vocabulary/en.json"
_U = "tests/unit/"
_LANGUAGE_TESTS = _U + "test_json_request_language.py"
_ENTITIES = "tests/adversarial/test_json_entities_and_types.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("json-vocab-entity-deleted", "a word deleted from a vocabulary table: 'student' is no entity (a plain request for a "
     "student is not read, its stated values are not served)",
     _EN, '   "student",\n', "", (_LANGUAGE_TESTS, _ENTITIES, "-k", "student or entity_word")),
    ("json-vocab-article-swapped", "a word moved to another class: the indefinite 'a' read as 'the' ('Return a JSON object.' "
     "after a request is a closing sentence: a second object is proven as one)",
     _EN, '"ART": [\n   "a",\n   "an",\n   "one"\n  ],\n  "DEF": [\n   "the",',
     '"ART": [\n   "an",\n   "one"\n  ],\n  "DEF": [\n   "a",\n   "the",',
     (_U + "test_json_typed_rules.py", _LANGUAGE_TESTS)),
    ("json-bare-value-any-word", "a bare value need not be a name: 'age = thirty' states the string \"thirty\"",
     f"{_JSON}/reader.py", "bare is not None and bare.group()[0].isupper() and", "bare is not None and",
     (_LANGUAGE_TESTS,)),
]
