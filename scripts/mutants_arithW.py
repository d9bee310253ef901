"""Mutation-check rows for branch wip/arithW (arithmetic reach, the README-only red team's over-declines): primality
asked yes/no in every table, "Please calculate 7 + 5.", "What does 7 + 5 equal?", "Add 7 and 5.", "7+5?", a sign said
as a word ("7 times negative 3"), ".5 plus .25", "Which is bigger: 0.7 or 0.65?" and the other tables' forms
(arithmetic/request.lark, its tables, grammar.py). Appended by ``mutants.py`` to its table: (id, behaviour, file, old,
new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_T = ("tests/adversarial/test_arithmetic_reach_arithW.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # the size cap is NUM's (12 digits, MAX_DIGITS): "Is 1000000000039 prime?" is no NUM, pinned in the tests
    ("arithW-prime-decimal", "'Is 9.7 prime?' claimed (a decimal's primality)",
     _ARITH + "grammar.py", "    if not number.isdigit():\n        return None\n    from sympy", "    from sympy", _T),
    ("arithW-prime-negation-ignored", "'Is 97 not prime?' answered Yes (the negation dropped)",
     _ARITH + "grammar.py", 'prime", Fraction(int(holds != negated)), "yesno")', 'prime", Fraction(int(holds)), "yesno")', _T),
    ("arithW-prime-read-as-parity", "'Is 97 prime?' read as 'Is 97 even?' (the primality test dropped)",
     _ARITH + "grammar.py", '_prime(kinds, numbers[0]) if "PRIME" in kinds else\n', "\n", _T),
    ("arithW-bare-any-run", "'555-1234?' claimed (an expression alone that writes no operation but a dash)",
     _ARITH + "grammar.py", "return _symbolic(kinds, tokens, numbers) if _WRITTEN_OPERATION.search(numbers[0]) else None",
     "return _symbolic(kinds, tokens, numbers)", _T),
    ("arithW-bare-unspaced-dash", "'10-3?', '3/4?' claimed (an unspaced dash or slash: a range, a date, a fraction)",
     _ARITH + "grammar.py", '_WRITTEN_OPERATION = re.compile(r"[+*^]|[0-9)] [-/] [0-9(]")',
     '_WRITTEN_OPERATION = re.compile(r"[+*^]|[0-9)] ?[-/] ?[0-9(]")', _T),
    ("arithW-sign-word-zero", "'7 times minus 0' claimed (a sign word on zero)",
     _ARITH + "grammar.py", 'kind = "SIGNED" if Fraction(number) != 0 else "EXPR"', 'kind = "SIGNED"', _T),
    ("arithW-sign-word-chain-first", "'negative 3 plus 4' claimed (-7 to some)",
     _ARITH + "request.lark", "      | (NUM | NUMWORD | SIGNED | EXPR) (_SP (PLUS | MINUS)",
     "      | (NUM | NUMWORD | SIGNED | EXPR | negative) (_SP (PLUS | MINUS)", _T),
    ("arithW-minus-minus", "'10 minus minus 4' claimed (a minus word after a minus word)",
     _ARITH + "request.lark", "_SP (NUM | NUMWORD | SIGNED | negative | EXPR))+",
     "_SP (NUM | NUMWORD | SIGNED | negative | minus_sign | EXPR))+", _T),
    ("arithW-chain-any-run", "'3 + 4 plus ten' claimed (an expression, not a leading-point number, as a chain's operand)",
     _ARITH + "grammar.py", '    if shape == "ask_spoken" and runs and all(_LEADING_POINT.fullmatch(run) for run in runs):',
     '    if shape == "ask_spoken" and runs:', _T),
    ("arithW-which-bigger-as-smaller", "es '¿Cuál es mayor, 7 o 5?' answered 5 (the whole phrase's comparison lost)",
     _ARITH + "grammar.py", 'larger = "BIGGER" in kinds or "WHICH_BIGGER" in kinds', 'larger = "BIGGER" in kinds', _T),
    ("arithW-subtract-and", "'Subtract 7 and 5.' claimed (which from which is not written)",
     _ARITH + "request.lark", "| (ADD | MULTIPLY) _SP (NUM | NUMWORD) _SP AND", "| (ADD | MULTIPLY | SUBTRACT) _SP (NUM | NUMWORD) _SP AND", _T),
    ("arithW-what-does-any-case", "'wHaT dOeS 7 + 5 equal?' claimed (the lead's letter case unread)",
     _ARITH + "grammar.py", 'if t.type in ("ASK", "COMMAND", "ASK_DOES")), None)', 'if t.type in ("ASK", "COMMAND")), None)', _T),
    ("arithW-what-does-mean", "'What does 7 + 5 mean?' claimed (a word asking a meaning read as 'equal')",
     _ARITH + "vocabulary/en.json", '"EQUAL_END": ["equal", ', '"EQUAL_END": ["mean", "equal", ', _T),
]
# fmt: on
