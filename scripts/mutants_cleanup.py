"""Mutation-check rows for wip/cleanup: every table match reads a Folded text (the folded text and
the text as written together), so a case-sensitive symbol is checked at every call site; the linear
tables declare their unit symbols. Appended by ``mutants.py`` to its table: (id, behaviour, file,
old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_CASE = ("tests/adversarial/test_unit_symbol_case.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("cleanup-written-is-folded", "the reader built from the folded text: every case-sensitive symbol matches in any case ('2 Mg' read as 2 mg)",
     f"{_TASKS}/request_language.py", "        self.written = written  # NFC", "        self.written = fold(written)  # NFC", _CASE),
    ("cleanup-linear-km-not-listed", "'km' left out of the English linear table's case-sensitive list: 'per Km' read as per km",
     f"{_TASKS}/linear/vocabulary/en.json", ' "case_sensitive": ["km", "cm", "mm"],', ' "case_sensitive": ["cm", "mm"],', _CASE),
    ("cleanup-linear-mm-not-listed", "'mm' left out of the English linear table's case-sensitive list: '50 Mm' (megametres) read as millimetres",
     f"{_TASKS}/linear/vocabulary/en.json", ' "case_sensitive": ["km", "cm", "mm"],', ' "case_sensitive": ["km", "cm"],', _CASE),
    ("cleanup-linear-ru-mm-not-listed", "'мм' left out of the Russian linear table's case-sensitive list: '40 Мм' read as millimetres",
     f"{_TASKS}/linear/vocabulary/ru.json", ' "case_sensitive": ["км", "см", "мм", "м"],', ' "case_sensitive": ["км", "см", "м"],', _CASE),
    ("cleanup-linear-de-cm-not-listed", "'cm' left out of the German linear table's case-sensitive list: '40 CM' read as centimetres",
     f"{_TASKS}/linear/vocabulary/de.json", ' "case_sensitive": ["km", "cm", "mm"],', ' "case_sensitive": ["km", "mm"],', _CASE),
]
# fmt: on
