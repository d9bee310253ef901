"""Mutation-check rows for wip/fuzzC: findings of the prompt-edit fuzzer's new edit kinds fixed in
the engine (a digit group in a word problem is no number in any table). Appended by ``mutants.py``
to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_WP = "stepcache_integrations/core/tasks/linear/word_problems.py"
_T = ("tests/adversarial/test_digit_groups_fuzzC.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("fuzzC-word-digit-group-read", "a digit group in a word problem is read in the table's format: 'Luc a 1,003 fois l'âge' -> 1.003",
     _WP, '    if read_two_ways(text, pos):\n        return None\n', "", _T),  # re-anchored by wip/cleanD (the shared predicate)
    ("fuzzC-word-digit-group-point-only", "only a comma group is refused: 'add up to 1.048' read as 1.048 in English",
     "stepcache_integrations/core/tasks/digit_groups.py", 'r"-?[1-9][0-9]{0,2}[.,][0-9]{3}(?![0-9])"', 'r"-?[1-9][0-9]{0,2}[,][0-9]{3}(?![0-9])"', _T),  # re-anchored by wip/cleanD
]
# fmt: on
