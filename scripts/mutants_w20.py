"""Mutation-check rows for W20 (red team 15): a unit symbol is read only as its table spells it.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_CASE = ("tests/adversarial/test_unit_symbol_case.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w20-case-ignored", "a case-sensitive phrase matches in any case: 'How many grams are in 2 Mg?' served 0.002",
     f"{_TASKS}/request_language.py", '                    continue  # "Mg" is no "mg", "in Mm" no "in mm"\n', "                    pass\n", _CASE),
    # w20-arith-written-dropped and w20-json-written-dropped left with the two-string API
    # (Vocabulary.match(folded, pos, written)): every match reads a Folded text now (mutants_cleanup.py)
    ("w20-symbol-not-listed", "a symbol left out of the table's case-sensitive list ('mm'): 'Mm' read as millimetres",
     f"{_TASKS}/arithmetic/vocabulary/en.json", ' "case_sensitive": ["mg", "g", "kg", "mm", ', ' "case_sensitive": ["mg", "g", "kg", ', _CASE),
    ("w20-upper-litre-dropped", "the litre's 'L' spelling dropped from the English case list: '2 L' no longer read",
     f"{_TASKS}/arithmetic/vocabulary/en.json", '"ml", "mL", "l", "L"],', '"ml", "mL", "l"],', _CASE),
]
# fmt: on
