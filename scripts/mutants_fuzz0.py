"""Mutation-check rows for wip/fuzz0 (the fuzz campaigns at 0 violations, docs/fuzz-triage-fuzz0.md): a negation of
ANY passage table is no name and no part of one. Appended by ``mutants.py`` to its table: (id, behaviour, file, old,
new, tests)."""

from __future__ import annotations

_PASSAGE = "stepcache_integrations/core/tasks/json/passage.py"
_READER = "stepcache_integrations/core/tasks/json/reader.py"
_TABLES = "stepcache_integrations/core/tasks/json/passage/vocabulary/"
_TESTS = ("tests/adversarial/test_json_negation_in_name_fuzz0.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("fuzz0-passage-negation-a-name", "pt 'O cliente Tiago Not pagou 87 reais.' frames cliente 'Tiago Not' (another table's negation read as a name word)",
     _PASSAGE, "    if text[:1].isupper() and fold(text) in _OTHER_NEGATIONS.get(vocabulary.language, _NEGATIONS):", "    if False:", _TESTS),
    ("fuzz0-said-name-negation", "de 'Stadt Not Kiel' and en 'Name: Priya Non' are served with the negation inside the name",
     _READER, "    if any(fold(word) in own or fold(word) in negations() for value in words for word in value):",
     "    if any(fold(word) in own for value in words for word in value):", _TESTS),
    ("fuzz0-en-table-not", "the English table's 'not' deleted from its negations: 'Tiago Not pagou' served again",
     _TABLES + "en.json", ' "negations": ["not", "no", "never"],', ' "negations": ["no", "never"],', _TESTS),
    ("fuzz0-de-table-nicht", "the German table's 'nicht' deleted from its negations: 'Tiago Nicht pagou' served again",
     _TABLES + "de.json", '"negations": ["nicht", "kein", "keine", "nie", "niemals"],', '"negations": ["kein", "keine", "nie", "niemals"],', _TESTS),
]
# fmt: on
