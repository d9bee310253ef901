"""Mutation-check rows for W28 (red team 22, wip/w28): unit symbols by one case-sensitive lookup on
every path (A), exact formulas whatever the ambient decimal context (D), negated yes/no questions no
claim (C). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_D = ("tests/adversarial/test_red_team_22_w28_formula_context.py",)
_C = ("tests/adversarial/test_red_team_22_w28_negated_questions.py",)
_LARK = f"{_TASKS}/arithmetic/request.lark"
_A = ("tests/adversarial/test_red_team_22_w28_unit_symbols.py",)
_RL = f"{_TASKS}/request_language.py"
_READER = f"{_TASKS}/json/reader.py"

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
    ("w28-phrase-symbol-folded", "a phrase holding a symbol word matched case-folded again: 'in Mm' read as 'in mm'",
     _RL, "                if key in self.cased_words and not self.spelled_as_listed(written, pos, key):\n",
     "                if key in self.cased and written[pos:end] not in self.cased[key]:\n", _A),
    ("w28-phrase-word-split-hyphen", "phrase words split at brackets no more: '(km)' holds no symbol word, '(KM)' read as km",
     _RL, '_PHRASE_WORD = re.compile(r"[^\\s()（）]+")', '_PHRASE_WORD = re.compile(r"[^\\s]+")', _A),
    ("w28-key-symbol-unchecked", "a key spelled as no table lists read in a measuring request: {\"Mm\": <value>} for 4.5 km served 4500000",
     _READER, "    if measured and any(_misspelled_symbol(key) for key in read.keys):\n        return True\n", "", _A),
    ("w28-source-symbol-unchecked", "a name right after a number spelled as no table lists read: '{\"m\": ...} for 4.5 M' served 4.5",
     _READER, "    return any(_misspelled_symbol(w.text) and (measured or (before is not None and before.kind == \"NUMBER\")) for before, w in names)\n",
     "    return False\n", _A),
    ("w28-misspelled-any-spelling", "the listed spellings ignored: every symbol folded (the W20 rule undone for keys)",
     _RL, "        return key in self.cased and word not in self.cased[key]\n", "        return False\n", _A),
    ("w28-misspelled-declines-listed", "a listed spelling called misspelled: {\"mm\": <value>} for 4 km no longer served",
     _RL, "        return key in self.cased and word not in self.cased[key]\n", "        return key in self.cased\n", _A),
]
# fmt: on
