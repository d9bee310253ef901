"""Mutation-check rows for branch wip/arithS (red team 24's everyday arithmetic over-declines): the
commands naming their operation ("Subtract 8 from 12", "Divide 8 by 12"), "8 subtracted from 12",
powers by a written exponent, exact square roots, means of a list, differences read only when not
negative, quotients, twice and half (arithmetic/request.lark, its tables, grammar.py). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_T = ("tests/adversarial/test_arithmetic_everyday_arithS.py",)
_ORDER = '_SECOND_FIRST = frozenset({"SUBTRACTED_FROM", "MORE_THAN", "FROM", "TO"})'  # MORE_THAN: main, 2026-12-06 15:21

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("arithS-from-order", "'Subtract 8 from 12' read as 8 - 12 (the order of 'from' dropped)",
     _ARITH + "grammar.py", _ORDER, '_SECOND_FIRST = frozenset({"SUBTRACTED_FROM", "MORE_THAN", "TO"})', _T),
    ("arithS-subtracted-from-order", "'8 subtracted from 12' read as 8 - 12",
     _ARITH + "grammar.py", _ORDER, '_SECOND_FIRST = frozenset({"MORE_THAN", "FROM", "TO"})', _T),
    ("arithS-divide-into", "'Divide 8 into 12' read as 8 / 12 (into is read two ways)",
     _ARITH + "request.lark", "(DIVIDE | MULTIPLY) _SP (NUM | NUMWORD) _SP BY _SP (NUM | NUMWORD)",
     "(DIVIDE | MULTIPLY) _SP (NUM | NUMWORD) _SP (BY | TO) _SP (NUM | NUMWORD)", _T),
    ("arithS-subtract-by", "'Subtract 8 by 12' read as a subtraction",
     _ARITH + "request.lark", "SUBTRACT _SP (NUM | NUMWORD) _SP FROM _SP (NUM | NUMWORD)",
     "SUBTRACT _SP (NUM | NUMWORD) _SP (FROM | BY) _SP (NUM | NUMWORD)", _T),
    ("arithS-open-command-dropped", "'Subtract 8 from 12' without its full stop no longer read",
     _ARITH + "request.lark", "    | imperative                                       -> ask_spoken\n", "", _T),
    ("arithS-evenly-divide", "'Evenly divide 8 by 12' read as 8 / 12 (only the word 'divide' leads the command)",
     _ARITH + "vocabulary/en.json", '"DIVIDES": [\n   "evenly divide"\n  ],\n  "DIVIDE": [\n   "divide"\n  ],',
     '"DIVIDES": [],\n  "DIVIDE": [\n   "divide",\n   "evenly divide"\n  ],', _T),  # wip/adaptC: the bare command word is a class of its own
    ("arithS-exponent-one", "'2 to the power of 1' claimed (the exponents read are 2-16)",
     _ARITH + "grammar.py", "not 2 <= int(exponent) <= MAX_EXPONENT", "not 1 <= int(exponent) <= MAX_EXPONENT", _T),
    ("arithS-exponent-off-by-one", "'2 to the power of 10' computed as 2 to the 9th",
     _ARITH + "grammar.py", 'return _valued(" * ".join([base] * int(exponent)))',
     'return _valued(" * ".join([base] * (int(exponent) - 1)))', _T),
    ("arithS-power-operands-swapped", "'2 to the power of 10' read as 10 squared (base and exponent swapped)",
     _ARITH + "grammar.py", "    base, exponent = numbers\n", "    exponent, base = numbers\n", _T),
    ("arithS-root-inexact", "'the square root of 2' claimed as 1 (an inexact root read)",
     _ARITH + "grammar.py", "    if top * top != value.numerator or bottom * bottom != value.denominator:\n        return None\n", "", _T),
    ("arithS-root-denominator", "'the square root of 0.1' claimed (the denominator's root not checked)",
     _ARITH + "grammar.py", "top * top != value.numerator or bottom * bottom != value.denominator:",
     "top * top != value.numerator:", _T),
    ("arithS-mean-count", "'the average of 3, 5 and 10' divided by one less than the count",
     _ARITH + "grammar.py", "/ {len(numbers)}\")", "/ {len(numbers) - 1}\")", _T),
    ("arithS-difference-negative", "'the difference between 8 and 12' claimed as -4 (the conventions disagree)",
     _ARITH + "grammar.py", 'if first >= second else None', "if True else None", _T),
    ("arithS-half-as-twice", "'half of 12' computed as 2 * 12",
     _ARITH + "grammar.py", 'f"{numbers[0]} / 2" if word in _HALVES else', 'f"2 * {numbers[0]}" if word in _HALVES else', _T),  # wip/arithT: re-anchored
    ("arithS-quotient-as-product", "'the quotient of 8 and 12' computed as a product",
     _ARITH + "grammar.py", '"QUOTIENT_OF": "/"', '"QUOTIENT_OF": "*"', _T),
    ("arithS-decimal-comma-list", "de 'Durchschnitt von 3,5 und 10' read as a list 3, 5, 10 (a decimal comma)",
     _ARITH + "request.lark", "| COMMA _SP NUM _list |", "| COMMA _SP? NUM _list |", _T),
    ("arithS-en-median-as-mean", "en 'the median of' added to MEAN_OF (a median read as a mean)",
     _ARITH + "vocabulary/en.json", '"MEAN_OF": ["the average of",', '"MEAN_OF": ["the median of", "the average of",', _T),
    ("arithS-es-cube-root", "es 'la raíz cúbica de' added to ROOT_OF (a cube root read as a square root)",
     _ARITH + "vocabulary/es.json", '"ROOT_OF": ["la raíz cuadrada de"]', '"ROOT_OF": ["la raíz cuadrada de", "la raíz cúbica de"]', _T),
    ("arithS-de-hoch-deleted", "de 'hoch' deleted from POWER_OF ('Was ist 2 hoch 10?' no longer read)",
     _ARITH + "vocabulary/de.json", '"POWER_OF": ["hoch"]', '"POWER_OF": ["hochs"]', _T),
    ("arithS-ja-root-deleted", "ja 'の平方根' deleted from ROOT_END ('144の平方根は？' no longer read)",
     _ARITH + "vocabulary/ja.json", '"ROOT_END": ["の平方根"]', '"ROOT_END": ["の平方根だ"]', _T),
    ("arithS-difference-as-sum", "'the difference between 12 and 8' (ru 'разность 12 и 8') computed as a sum",
     _ARITH + "grammar.py", 'return _valued(" - ".join(numbers)) if', 'return _valued(" + ".join(numbers)) if', _T),
]
# fmt: on
