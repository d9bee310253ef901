"""Mutation-check rows for branch wip/arithA (issue 33 items 2-4): the number alone asked in any
wording and position, percentages, unit symbols, everyday operator wordings (arithmetic/request.lark,
its tables, grammar.py). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_REACH = ("tests/adversarial/test_arithmetic_reach_arithA.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("arithA-percent-of-hundredths", "a percentage read as tenths ('25% of 320' computed as 800)",
     _ARITH + "grammar.py", '(" / 100" if "PERCENT" in kinds else "")', '(" / 10" if "PERCENT" in kinds else "")', _REACH),
    ("arithA-expression-claimed", "an expression read as a unit's number or a percentage ('4 + 3 km in m?', '3 + 4% of 80?')",
     _ARITH + "grammar.py", '    if "EXPR" in kinds and shape not in ("ask_expr", "ask_mixed", "ask_bare"):',  # wip/arithV, wip/arithW: re-anchored
     '    if "EXPR" in kinds and shape not in ("ask_expr", "ask_mixed", "ask_bare", "how_many", "conversion", "percent"):',
     _REACH),
    ("arithA-squared-ignored", "'11 squared' read as 11 (the power dropped)",
     _ARITH + "grammar.py", '_POWERS = {"SQUARED": 2, "SQUARE_OF": 2, "CUBED": 3, "CUBE_OF": 3}',
     '_POWERS = {"SQUARED": 1, "SQUARE_OF": 2, "CUBED": 3, "CUBE_OF": 3}', _REACH),
    ("arithA-cubed-as-squared", "'11 cubed' read as 11 * 11",
     _ARITH + "grammar.py", '"CUBED": 3, "CUBE_OF": 3}', '"CUBED": 2, "CUBE_OF": 3}', _REACH),
    ("arithA-sum-as-product", "'the sum of 3 and 4' read as a product",
     _ARITH + "grammar.py", '"SUM_OF": "+", "PRODUCT_OF": "*",', '"SUM_OF": "*", "PRODUCT_OF": "*",', _REACH),
    ("arithA-instruction-dropped", "a number-only instruction read but its form dropped ('Reply with the number only.' answered '132.')",
     _ARITH + "grammar.py", 'any(c[0] == "only_number" for c in read)',
     "False", _REACH),
    ("arithA-any-object-is-alone", "'Give the answer.' read as the number alone (no 'only' word)",
     _ARITH + "request.lark", "       | (REPLY _SP)? ANSWER_ALONE                         //",
     "       | (REPLY _SP)? (ANSWER_ALONE | ANSWER_OBJ)          //", _REACH),
    ("arithA-instruction-first-dropped", "the instruction before the question no longer read ('Only the number: what is 12 times 11?')",
     _ARITH + "request.lark", '       | only_number (COLON | STOP) _SP question _after?  // "Number only: What is 25% of 80?"\n',  # re-anchored by wip/arithX
     "", _REACH),
    ("arithA-system-turn-dropped", "the system turn's instruction no longer read ('System: Reply with a number only. | User: ...')",
     _ARITH + "request.lark", "     | SYSTEM _SP only_number ((STOP | BANG) _SP TURN _SP | (STOP | BANG)? TURN) USER _SP question",
     "     | SYSTEM _SP only_number ((STOP | BANG) _SP TURN _SP | (STOP | BANG)? TURN) USER _SP USER _SP question", _REACH),
    ("arithA-bare-conversion-dropped", "'4 km in m?' no longer read",
     _ARITH + "request.lark", "        | expr _SP measure _SP (IN | TO) _SP measure QMARK -> conversion   // \"4 km in m?\"\n", "", _REACH),
    ("arithA-metre-symbol-deleted", "en 'm' deleted from METRE ('Convert 4 km to m.' no longer read)",
     _ARITH + "vocabulary/en.json", '"metres", "m"],', '"metres"],', _REACH),
    ("arithA-only-word-deleted", "en 'just' deleted from ONLY ('Just give me the number' no longer read)",
     _ARITH + "vocabulary/en.json", '  "ONLY": [\n   "only",\n   "just",\n', '  "ONLY": [\n   "only",\n', _REACH),
    ("arithA-es-percent-deleted", "es 'por ciento' deleted: the percentage in words no longer read in Spanish",
     _ARITH + "vocabulary/es.json", '  "PERCENT": [\n   "por ciento"\n  ],', '  "PERCENT": [\n   "por cientos"\n  ],', _REACH),
    ("arithA-zh-percent-order", "zh '320的25%' read with the numbers in written order (the percentage taken as 320)",
     _ARITH + "grammar.py", '"percent_glued": lambda kinds, tokens, numbers: _spoken(kinds, tokens, numbers[::-1])}',
     '"percent_glued": lambda kinds, tokens, numbers: _spoken(kinds, tokens, numbers)}', _REACH),
    ("arithA-odd-as-even", "'Is 57 odd?' read as 'Is 57 even?' (the parity word's sense dropped)",
     _ARITH + "grammar.py", '(("NOT" in kinds) != ("ODD" in kinds))', '("NOT" in kinds)', _REACH),
    ("arithA-parity-divisor", "parity read as divisibility by 3",
     _ARITH + "grammar.py", 'tokens, [numbers[0], "2"])', 'tokens, [numbers[0], "3"])', _REACH),
    ("arithA-answer-yes-or-no-deleted", "en 'answer yes or no:' deleted (the hard workload's yes/no items no longer read)",
     _ARITH + "vocabulary/en.json", '   "answer yes or no:",\n', "", _REACH),
]
# fmt: on
