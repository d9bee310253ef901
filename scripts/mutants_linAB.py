"""Mutation-check rows for wip/linAB: "For" leading the equations a question is asked of ("For 3x + 4 = 25, what
is x + 1?") and the product of two unknowns said with "times" ("what is x times y?"). (The superscript powers, "quanto vale x\u00b2?", are on branch wip/linAB-powers: two existing tests
hold "x\u00b2" outside the language.) Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_T = ("tests/adversarial/test_linear_for_lead_linAB.py",)
_TT = ("tests/adversarial/test_linear_times_linAB.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAB-for-lead", "'For 3x + 4 = 25, what is x + 1?' no longer read",
     f"{_LIN}/request.lark", "%extend request: FOR object? eqs LINK acts politely?\n", "", _T),
    ("linAB-for-lead-no-act", "a FOR lead read with no question after it: 'For 3x + 4 = 25.' read as a request",
     f"{_LIN}/request.lark", "%extend request: FOR object? eqs LINK acts politely?\n",
     "%extend request: FOR object? eqs (LINK acts)? politely?\n", _T),
    ("linAB-times-product", "'what is x times y?' no longer read",
     f"{_LIN}/request.lark", "%extend derived: VAR WP_TIMES VAR -> product\n", "", _TT),
    ("linAB-times-as-sum", "'x times y' read as the sum x + y",
     f"{_LIN}/request.lark", "%extend derived: VAR WP_TIMES VAR -> product\n", "%extend derived: VAR WP_TIMES VAR -> sum\n", _TT),
]
# fmt: on
