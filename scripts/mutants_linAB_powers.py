"""Mutation-check rows for wip/linAB-powers: a superscript two or three after an unknown read as a power
("quanto vale x\u00b2?"). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_T = ("tests/adversarial/test_linear_powers_linAB.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAB-powers-swapped", "a superscript two read as a cube and three as a square",
     f"{_LIN}/prompt.py", '_POWERS = {"\\u00b2": "2", "\\u00b3": "3"}', '_POWERS = {"\\u00b2": "3", "\\u00b3": "2"}', _T),
    ("linAB-powers-not-spelled", "a superscript after an unknown no longer read as a power: 'what is x\u00b2?' no claim",
     f"{_LIN}/prompt.py", "    powered, raised = _powers_spelled(prompt)\n", "    powered, raised = prompt, frozenset()\n", _T),
]
# fmt: on

_T_UNIT = ("tests/adversarial/test_linear_powers_linAB.py",)
# fmt: off
ROWS += [
    ("linAC-powers-unit-letter", "a superscript after m or s read as a power: 'what is m\u00b2?' served 9 where m\u00b2 may be a unit",
     f"{_LIN}/prompt.py", '_POWER = re.compile("((?![ms])[A-Za-z])', '_POWER = re.compile("((?!s)[A-Za-z])', _T_UNIT),
]
# fmt: on
