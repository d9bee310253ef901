"""Mutation-check rows for branch wip/arithU (the everyday arithmetic forms the lead decided to serve): a lead in
lower/upper case and "What is E" without its question mark, "**" as "^", a sign on a number after an operator,
the spaced en dash, full-width digits and operators, "√16", the cube root, the product of a list, es "el triple de",
"mod" (arithmetic/request.lark, its tables, grammar.py). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_T = ("tests/adversarial/test_arithmetic_forms_arithU.py",)
_SIGN_TEXT = '    return (text[at] == "-" and text[max(at - 3, 0) : at] in (" - ", " + ", " * ", " / ") and text[at + 1 : at + 2].isdigit()'

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("arithU-no-mark-full-stop", "'What is 3 + 4.' claimed (the form without its question mark takes a full stop)",
     _ARITH + "request.lark", "    | ASK _SP expr                                     -> ask_expr",
     "    | ASK _SP expr STOP?                               -> ask_expr", _T),
    ("arithU-stars-any-spacing", "'2 **3' claimed ('**' read with unequal spacing around it)",
     _ARITH + "grammar.py", '_DOUBLE_STAR = re.compile(r"(?<=[0-9)] )\\*\\*(?= [0-9(])|(?<=[0-9)])\\*\\*(?=[0-9(])")',
     '_DOUBLE_STAR = re.compile(r"(?<=[0-9)])( ?)\\*\\*(?= ?[0-9(])")', _T),
    ("arithU-sign-unspaced-operator", "'2- -3' claimed (a sign after an operator written without its space)",
     _ARITH + "grammar.py", _SIGN_TEXT,
     '    return (text[at] == "-" and text[at - 1 : at] == " " and text[at + 1 : at + 2].isdigit()', _T),
    ("arithU-sign-before-parenthesis", "'2 - -(3)' claimed (a sign on a parenthesis after an operator)",
     _ARITH + "grammar.py", _SIGN_TEXT,
     '    return (text[at] == "-" and text[max(at - 3, 0) : at] in (" - ", " + ", " * ", " / ") and text[at + 1 : at + 2] in "0123456789("', _T),
    ("arithU-sign-after-sign", "'( - -3)' claimed (a sign on a number after a sign, no operand before the operator)",
     _ARITH + "grammar.py", '            and [kind for kind, _ in before[-2:]] in (["num", "op"], ["close", "op"]))',
     "            and True)", _T),
    ("arithU-en-dash-unspaced", "'10–3' claimed (an unspaced en dash, a range, read as minus)",
     _ARITH + "grammar.py", 'text = re.sub(rf"(?<=[0-9)]) {re.escape(sign)} (?=[0-9(])", f" {operator} ", text)',
     'text = re.sub(rf"(?<=[0-9)]) ?{re.escape(sign)} ?(?=[0-9(])", f" {operator} ", text)', _T),
    ("arithU-em-dash", "'10 — 3' claimed (the em dash read as minus)",
     _ARITH + "vocabulary/_common.json", '"spaced_signs": {"\\u2013": "-"},', '"spaced_signs": {"\\u2013": "-", "\\u2014": "-"},', _T),
    ("arithU-fullwidth-letters", "'ｗhat is 12 + 3?' claimed (every full-width character read as its NFKC form, letters too)",
     _ARITH + "grammar.py", '              if unicodedata.normalize("NFKC", chr(code)) in "0123456789+-*/()"}',
     '              if unicodedata.normalize("NFKC", chr(code)).isascii()}', _T),
    ("arithU-root-sign-spaced", "'√ 16' claimed (a space between the root sign and its number)",
     _ARITH + "request.lark", "      | ROOT_SIGN NUM                                  //", "      | ROOT_SIGN _SP? NUM                             //", _T),
    ("arithU-cube-root-inexact", "'the cube root of 2' claimed (a root whose cube is at most the number)",
     _ARITH + "grammar.py", "if r**3 == number), None)", "if r**3 <= number), None)", _T),
    ("arithU-cube-root-as-square", "'the cube root of 64' read as 8 (a square root)",
     _ARITH + "grammar.py", '"CUBE_ROOT_OF": _cube_root_of', '"CUBE_ROOT_OF": _root_of', _T),
    ("arithU-mod-quotient", "'17 mod 6' computed as the quotient 2",
     _ARITH + "grammar.py", "Fraction(int(dividend) % int(divisor))", "Fraction(int(dividend) // int(divisor))", _T),
    ("arithU-es-triple-as-double", "es 'el triple de 7' read as 14 (moved to TWICE)",
     _ARITH + "vocabulary/es.json", '  "TWICE": ["el doble de"],\n  "TRIPLE": ["el triple de"],', '  "TWICE": ["el doble de", "el triple de"],', _T),
]
# fmt: on
