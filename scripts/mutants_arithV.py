"""Mutation-check rows for branch wip/arithV (arithmetic reach): a number with its minus sign in the word forms that
read it one way, the cube root in every table with the square root, English compound number words, a leading point,
a times word joining an expression and a number, "Which is bigger, A or B?" (arithmetic/request.lark, its tables,
grammar.py). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_T = ("tests/adversarial/test_arithmetic_reach_arithV.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("arithV-point-after-a-word", "'计算.5+.25。' claimed (a run opening with a point right after a word)",
     _ARITH + "grammar.py", 'run = _RUN.match(text, pos) if text[pos] != "." or pos == 0 or text[pos - 1] == " " else None',
     "run = _RUN.match(text, pos)", _T),
    ("arithV-signed-zero", "'the cube root of -0' claimed (a minus sign on zero read as a signed number)",
     _ARITH + "grammar.py", "and Fraction(run[1:]) != 0 else", "else", _T),
    ("arithV-signed-any-shape", "'-3 is less than 2?' claimed (a signed number in a comparison)",
     _ARITH + "grammar.py", '    if "SIGNED" in kinds and shape not in ("ask_expr", "ask_spoken", "ask_mixed"):',
     '    if False:', _T),
    ("arithV-square-root-of-negative", "'the square root of -16' read (a square root of a negative number)",
     _ARITH + "grammar.py", "    if value < 0:\n        return None  # wip/arithV", "    if False:\n        return None  # wip/arithV", _T),
    ("arithV-cube-root-sign-dropped", "'the cube root of -27' read as 3 (the sign dropped)",
     _ARITH + "grammar.py", "Fraction(-root if sign else root)", "Fraction(root)", _T),
    ("arithV-signed-squared", "'-4 squared' claimed (a sign on a number before a postfix power: -(4^2) or (-4)^2)",
     _ARITH + "request.lark", "      | (NUM | NUMWORD) _SP power                      //",
     "      | (NUM | NUMWORD | SIGNED) _SP power             //", _T),
    ("arithV-compound-and-in-and-form", "'the product of one hundred and five and two' claimed (105 * 2 or 100 * 5 * 2)",
     _ARITH + "grammar.py", '    if "AND" in kinds and any(t.type == "NUMWORD" and " and " in fold(t) for t in tokens):',
     "    if False:", _T),
    ("arithV-compound-zero-unit", "'twenty zero' read as 20 (zero as the unit of a compound)",
     _ARITH + "grammar.py", "alternation(range(1, 10)), alternation(range(10, 20))", "alternation(range(0, 10)), alternation(range(10, 20))", _T),
    ("arithV-compound-hundred-value", "'one hundred and five' read as 15 (a hundred valued ten)",
     _ARITH + "grammar.py", "(values[head] * 100 if head else 0)", "(values[head] * 10 if head else 0)", _T),
    ("arithV-mixed-two-word-times", "'3 + 4 multiplied by ten' claimed (a times word said of all before it)",
     _ARITH + "grammar.py", '    if any(t.type == "TIMES" and " " in str(t) for t in tokens):\n        return None\n',
     "", _T),
    ("arithV-mixed-lone-number", "'.5 times 4', '- 3 times 4' claimed (a lone number outside NUM as an operand)",
     _ARITH + "grammar.py", '    if not all(_OPERATION.search(str(t)) for t in tokens if t.type == "EXPR"):', "    if False:", _T),
    # arithV-mixed-grouped ('3 + 4 times ten' read as (3 + 4) * 10) retired as equivalent: the lead's _binds_as_one declines
    # every expression whose grouping the times word could change, so wrapping the operands in parentheses changes no value
    ("arithV-mixed-two-readings", "'3 + 4 times ten' claimed (43 or 70 aloud; the lead's decision: no claim)",
     _ARITH + "grammar.py", '        if depth == 0 and c in "+-/" and expression[:i].strip():', "        if False:", _T),
    ("arithV-es-cube-root-as-square", "es 'la raíz cúbica de 27' read as a square root (moved to ROOT_OF)",
     _ARITH + "vocabulary/es.json", '"ROOT_OF": ["la raíz cuadrada de"],\n  "CUBE_ROOT_OF": ["la raíz cúbica de"],',
     '"ROOT_OF": ["la raíz cuadrada de", "la raíz cúbica de"],', _T),
    ("arithV-cube-root-end-as-square", "zh '64的立方根' read as 8 (a square root)",
     _ARITH + "grammar.py", '"CUBE_ROOT_END": _cube_root_of,', '"CUBE_ROOT_END": _root_of,', _T),
    ("arithV-which-equal", "'Which is bigger, 0.5 or 0.50?' claimed (two equal numbers)",
     _ARITH + "grammar.py", "    if first == second:\n        return None\n    larger", "    larger", _T),
    ("arithV-which-smaller-as-bigger", "'Which is smaller, 0.7 or 0.65?' answered 0.7",
     _ARITH + "grammar.py", 'larger = "BIGGER" in kinds', "larger = True", _T),
    ("arithV-which-no-comma", "'Which is bigger 0.7 or 0.65?' claimed (no comma before the numbers)",
     _ARITH + "request.lark", "WHICH_IS _SP (BIGGER | SMALLER) (COMMA | COLON) _SP NUM",
     "WHICH_IS _SP (BIGGER | SMALLER) (COMMA | COLON)? _SP NUM", _T),  # wip/arithW: re-anchored (a colon is read there now)
]
# fmt: on
