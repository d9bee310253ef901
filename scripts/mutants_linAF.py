"""Mutation-check rows for wip/linAF (2026-12-06): everyday symbols fresh writers type, read by
linear/symbols.py (" × " / " · " between a number and a letter or bracket, vulgar fractions as exact
coefficients, subscripted names with the evidence "x1" needs, an en dash between two terms, full-width
operators and digits), and Spanish "x e y" (NAME_AND, two unknowns' names only). Appended by ``mutants.py`` to
its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_SYM = f"{_LIN}/symbols.py"
_AF = ("tests/adversarial/test_linear_symbols_linAF.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAF-symbols-unread", "'Solve 3 × y + 5 = 26', '½x', 'x₁', '3x – 5', '３x' no claim again (symbols.py not run)",
     f"{_LIN}/prompt.py", "    prompt = symbols_plain(prompt)  #", "    prompt = prompt  #", _AF),
    ("linAF-times-between-numbers", "'Solve 3 × 4 + x = 20' read as 3 * 4 (a sign between two numbers)",
     _SYM, r"[\u00d7\u00b7] (?=[A-Za-z](?![\w.])|\()", r"[\u00d7\u00b7] (?=[A-Za-z0-9](?![\w.])|\()", _AF),
    ("linAF-times-unspaced", "'Solve 3·y + 5 = 20' and '1·5x' read ('3·x' is held unclaimed by test_linear_alphabet.py)",
     _SYM, r"(?P<n>[0-9]+(?:\.[0-9]+)?) [\u00d7\u00b7] (?=", r"(?P<n>[0-9]+(?:\.[0-9]+)?) ?[\u00d7\u00b7] ?(?=",
     (*_AF, "tests/unit/test_linear_alphabet.py")),
    ("linAF-fraction-after-digit", "'Solve 1½x = 3' read as 1·(1/2)x (a mixed number read as a product)",
     _SYM, '_FRACTION = re.compile("(?<![\\\\w.])([', '_FRACTION = re.compile("(?<![.])([', _AF),
    ("linAF-fraction-inexact", "'⅓x' read as 0.3x (a vulgar fraction's value not exact)",
     _SYM, '"\\u2153": "1/3"', '"\\u2153": "3/10"', _AF),
    ("linAF-subscript-no-evidence", "'Solve 2x₁ + 3 = 9' read (a subscripted name alone: no sibling, not named)",
     f"{_LIN}/prompt.py", 'name.replace("_", "") if name in subscripted else name', "name", _AF),
    ("linAF-dash-term-unbounded", "'Solve 3x + 5 = 20 – x' read as 20 − x (the dash may pause before the x asked)",
     _SYM, r'|[_+\-*/^() \u2212])*=")', r'|[_+\-*/^() \u2212])*")', _AF),
    # linAF-dash-number-before-term ('Solve 3x + 5 = 20 – 2x' read as 20 − 2x) retired as equivalent (2026-12-07, red team
    # 29c): a dash after "=" before a term with a letter is now no claim (U+FFFD) before the number rule decides, and
    # without an "=" before it a term's "=" after it makes it a minus by the term rule
    ("linAF-fullwidth-mixed", "'Solve 3x + 5 = 2０' read as 20 (a mixed-script number fused)",
     _SYM, "        if not _ASCII_DIGIT.search(prompt):\n", "        if True:\n", (*_AF, "tests/unit/test_linear_alphabet.py")),
    ("linAF-name-and-joins-equations", "'Halla x e y: x + y = 10 e x - y = 2.' read ('e' joins equations too)",
     f"{_LIN}/request.lark", "%extend vars: vars NAME_AND VAR\n", "%extend vars: vars NAME_AND VAR\n%extend eqs: eqs NAME_AND EQ\n", _AF),
    ("linAF-name-and-gone", "'Halla x e y: x + y = 12, x - y = 2.' no claim again",
     f"{_LIN}/request.lark", "%extend targets: targets NAME_AND VAR\n", "\n", _AF),
    ("linAF-name-and-word", "Spanish 'e' no word of the table (NAME_AND empty of it)",
     f"{_LIN}/vocabulary/es.json", '  "NAME_AND": [\n   "e"\n  ],', '  "NAME_AND": [\n   "ee"\n  ],', _AF),
]
# fmt: on
