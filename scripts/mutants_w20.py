"""Mutation-check rows for W20 (red team 15): a unit symbol is read only as its table spells it.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_CASE = ("tests/adversarial/test_unit_symbol_case.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w20-case-ignored", "a case-sensitive phrase matches in any case: 'How many grams are in 2 Mg?' served 0.002",
     f"{_TASKS}/request_language.py", '                    continue  # "Mg" is no "mg"\n', "                    pass\n", _CASE),
    ("w20-arith-written-dropped", "the arithmetic reader matches its table without the text as written ('3 Mm' read as 3 mm)",
     f"{_TASKS}/arithmetic/grammar.py", "if run else table.match(folded, pos, text)\n", "if run else table.match(folded, pos)\n", _CASE),
    ("w20-json-written-dropped", "the JSON reader matches its table without the text as written ('Convert 3 Mm and return {...}' read as 3 mm)",
     f"{_TASKS}/json/reader.py", "    found = table.match(folded, pos, text)\n    if found is None and text[pos] in _PASSAGE_QUOTES:",
     "    found = table.match(folded, pos)\n    if found is None and text[pos] in _PASSAGE_QUOTES:", _CASE),
    ("w20-symbol-not-listed", "a symbol left out of the table's case-sensitive list ('mm'): 'Mm' read as millimetres",
     f"{_TASKS}/arithmetic/vocabulary/en.json", ' "case_sensitive": ["mg", "g", "kg", "mm", ', ' "case_sensitive": ["mg", "g", "kg", ', _CASE),
    ("w20-upper-litre-dropped", "the litre's 'L' spelling dropped from the English case list: '2 L' no longer read",
     f"{_TASKS}/arithmetic/vocabulary/en.json", '"ml", "mL", "l", "L"],', '"ml", "mL", "l"],', _CASE),
]
# fmt: on
