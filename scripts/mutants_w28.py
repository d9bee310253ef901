"""Mutation-check rows for W28 (red team 22, wip/w28): unit symbols by one case-sensitive lookup on
every path (A), exact formulas whatever the ambient decimal context (D), negated yes/no questions no
claim (C). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_D = ("tests/adversarial/test_red_team_22_w28_formula_context.py",)
_LARK = f"{_TASKS}/arithmetic/request.lark"
_A = ("tests/adversarial/test_red_team_22_w28_unit_symbols.py",)
_RL = f"{_TASKS}/request_language.py"
_READER = f"{_TASKS}/json/reader.py"

# fmt: off
# W28 class C (negated yes/no questions) withdrawn 2026-12-06 04:10 (main): it dropped the held-out templates
# below issue 33's 10 of 40 (a negated English template); see the stop note
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
