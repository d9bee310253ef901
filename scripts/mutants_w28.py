"""Mutation-check rows for W28 (red team 22, wip/w28): unit symbols by one case-sensitive lookup on
every path (A), exact formulas whatever the ambient decimal context (D), negated yes/no questions no
claim (C). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_D = ("tests/adversarial/test_red_team_22_w28_formula_context.py",)
_C = ("tests/adversarial/test_red_team_22_w28_negated_questions.py",)
_LARK = f"{_TASKS}/arithmetic/request.lark"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w28-formula-ambient-decimal", "the formula computed with Decimal in the ambient context: prec=3 rounds 123456.78 * 3",
     f"{_TASKS}/json/reader.py", "        return Fraction(literal) if literal is not None else None\n",
     "        return __import__('decimal').Decimal(literal) if literal is not None else None\n", _D),
    ("w28-formula-int-as-float", "an int total made a float: 99999999999999999999 ** 2 loses its last digits",
     f"{_TASKS}/json/reader.py", "        return int(exact)  # a product, sum or difference of ints: an int, every digit kept\n",
     "        return float(exact)\n", _D),
    ("w28-formula-inexact-double-kept", "a decimal total with no exact double served rounded (0.1 + 10**28 -> 1e28)",
     f"{_TASKS}/json/reader.py", "    return value if _exact_fraction(render(value)) == exact else None\n",
     "    return value\n", _D),
    ("w28-neg-predicate-rule", "the predicate rule derives NOT again: 'Is 30 not divisible by 3?' served",
     _LARK, "        | (YES_OR_NO _SP)? IS _SP NUM _SP relation _SP NUM QMARK -> predicate\n",
     "        | (YES_OR_NO _SP)? IS _SP NUM _SP (NOT _SP)? relation _SP NUM QMARK -> predicate\n", _C),
    ("w28-neg-lead-predicate-rule", "the lead-in predicate rule derives NOT again: ru '30 не делится на 4?'-like forms served",
     _LARK, "        | (LEAD_Q _SP?)? expr _SP (IS _SP)? relation _SP NUM QMARK -> predicate\n",
     "        | (LEAD_Q _SP?)? expr _SP (IS _SP)? (NOT _SP)? relation _SP NUM QMARK -> predicate\n", _C),
    ("w28-neg-de-teilbar-rule", "de 'Ist 30 nicht durch 3 teilbar?' derived again",
     _LARK, "        | IS _SP NUM _SP BY _SP NUM _SP DIVISIBLE_END QMARK -> predicate",
     "        | IS _SP NUM _SP (NOT _SP)? BY _SP NUM _SP DIVISIBLE_END QMARK -> predicate", _C),
    ("w28-neg-parity-rule", "'Ist 14 nicht gerade?' derived again (served 'Nein.' where German says 'Doch.')",
     _LARK, "        | (YES_OR_NO _SP)? IS _SP NUM _SP parity QMARK -> parity",
     "        | (YES_OR_NO _SP)? IS _SP NUM _SP (NOT _SP)? parity QMARK -> parity", _C),
    ("w28-neg-lead-parity-rule", "ru '57 не чётное?' derived again",
     _LARK, "        | (LEAD_Q _SP?)? expr _SP (IS _SP)? parity QMARK -> parity",
     "        | (LEAD_Q _SP?)? expr _SP (IS _SP)? (NOT _SP)? parity QMARK -> parity", _C),
    ("w28-plain-parity-dropped", "the plain parity rule dropped: 'Ist 14 gerade?' no longer served",
     _LARK, "        | (YES_OR_NO _SP)? IS _SP NUM _SP parity QMARK -> parity",
     "        | (YES_OR_NO _SP)? IS _SP NUM _SP parity QMARK QMARK -> parity", _C),
]
# fmt: on
