"""Mutation-check rows for branch wip/arithT (red team 26's everyday arithmetic over-declines): powers
written "3^2" or "3²", chains of plus and minus words left to right, the sum of a list, double/triple/
doubled/tripled/halved, zh/ja "N的K倍", "Whats" (arithmetic/request.lark, its tables, grammar.py). Appended
by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_T = ("tests/adversarial/test_arithmetic_reach_arithT.py",)
_AFTER = '        if after[0] == "pow" or (after[0] == "op" and after[1] in "*/"):'
_CHAIN = 'return _valued(" ".join(n for pair in zip(numbers, [*links, ""]) for n in pair).strip())'

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("arithT-power-sign", "'-3^2' claimed as -9 (a sign before an unparenthesized power, read two ways)",
     _ARITH + "grammar.py",
     "        if isinstance(node.operand, ast.BinOp) and isinstance(node.operand.op, ast.Pow) and not _parenthesized(node.operand, text):",
     "        if False:", _T),
    ("arithT-power-tower", "'2^3^2' claimed (64 or 512)",
     _ARITH + "grammar.py", _AFTER, '        if after[0] == "op" and after[1] in "*/":', _T),
    ("arithT-power-then-division", "'8^2/3' claimed as (8^2)/3 (8^(2/3) to others)",
     _ARITH + "grammar.py", _AFTER, '        if after[0] == "pow":', _T),
    ("arithT-power-exponent-range", "'2^1', '2^17', '2^0' claimed (the exponents read are 2-16)",
     _ARITH + "grammar.py", "        if not 2 <= int(exponent[1]) <= MAX_EXPONENT:", "        if False:", _T),
    ("arithT-power-bits", "'(999999999999^16)^16' built (no bound on a power's size)",
     _ARITH + "grammar.py",
     '    if max(base.numerator.bit_length(), base.denominator.bit_length()) * int(exponent) > MAX_POWER_BITS:\n        raise _Outside("too large")\n',
     "", _T),
    ("arithT-superscript-anywhere", "a superscript read as a power after a space ('3 ²') or a letter",
     _ARITH + "grammar.py", '_SUPERSCRIPT = re.compile(r"(?<=[0-9)])', '_SUPERSCRIPT = re.compile(r"', _T),
    ("arithT-superscript-not-read", "'What is 3² + 4?' no longer read (the question's superscripts not written as '^')",
     _ARITH + "grammar.py", 'text = superscripts_as_powers(unicodedata.normalize("NFC", prompt).strip().translate(_signs()))',
     'text = unicodedata.normalize("NFC", prompt).strip().translate(_signs())', _T),
    ("arithT-chain-right-to-left", "'10 minus 4 minus 2' read as 10 - (4 - 2)",
     _ARITH + "grammar.py", _CHAIN,
     'return _valued(numbers[0] + " " + links[0] + " (" + " ".join(n for pair in zip(numbers[1:], [*links[1:], ""]) for n in pair).strip() + ")")', _T),
    ("arithT-chain-first-link", "'10 minus 4 plus 2' read with its first link only (10 - 4 - 2)",
     _ARITH + "grammar.py", "    if len(links) > 1:\n        return _valued(", "    if len(links) > 99:\n        return _valued(", _T),
    ("arithT-chain-after-times", "'10 times 4 minus 2' derived (a times link before a chain)",
     _ARITH + "request.lark", "_SP (NUM | NUMWORD | SIGNED | negative | minus_sign)  //",
     "_SP (NUM | NUMWORD | SIGNED | negative | minus_sign) (_SP (PLUS | MINUS) _SP (NUM | NUMWORD))*  //",
     _T),  # wip/arithV, wip/arithW: re-anchored (a signed operand, a sign word is read there now)
    # wip/arithU (the lead's decision): the product of a list is read; re-anchored: losing it is caught there
    ("arithT-list-product", "'the product of 2, 3 and 4' no longer read (wip/arithU's decided form lost)",
     _ARITH + "request.lark", "      | (SUM_OF | PRODUCT_OF) _SP NUM COMMA _SP NUM _list", "      | SUM_OF _SP NUM COMMA _SP NUM _list",
     ("tests/adversarial/test_arithmetic_forms_arithU.py",)),
    ("arithT-list-decimal-comma", "de 'die Summe von 3,5 und 10' read as 3 + 5 + 10 (a decimal comma)",
     _ARITH + "request.lark", "      | (SUM_OF | PRODUCT_OF) _SP NUM COMMA _SP NUM _list", "      | (SUM_OF | PRODUCT_OF) _SP NUM COMMA _SP? NUM _list", _T),
    ("arithT-triple-factor", "'triple 5' computed as 2 * 5",
     _ARITH + "grammar.py", '_FACTORS = {"TWICE": 2, "DOUBLED": 2, "TRIPLE": 3, "TRIPLED": 3}',
     '_FACTORS = {"TWICE": 2, "DOUBLED": 2, "TRIPLE": 2, "TRIPLED": 3}', _T),
    ("arithT-halved-as-doubled", "en 'halved' moved to DOUBLED ('12 halved' read as 24)",
     _ARITH + "vocabulary/en.json", '"DOUBLED": ["doubled"],\n  "TRIPLED": ["tripled"],\n  "HALVED": ["halved"],',
     '"DOUBLED": ["doubled", "halved"],\n  "TRIPLED": ["tripled"],\n  "HALVED": [],', _T),
    ("arithT-en-double-deleted", "en 'double' deleted from TWICE ('What is double 7?' no longer read)",
     _ARITH + "vocabulary/en.json", '"TWICE": ["twice", "double"],', '"TWICE": ["twice"],', _T),
    ("arithT-en-less-alone", "en 'less' added to MINUS ('12 less 8' read, 'less than' with a word dropped to others)",
     _ARITH + "vocabulary/en.json", '"MINUS": [\n   "minus"\n  ],', '"MINUS": [\n   "minus",\n   "less"\n  ],', _T),
    ("arithT-en-whats-deleted", "en 'whats' deleted from ASK ('Whats 3 + 4?' no longer read)",
     _ARITH + "vocabulary/en.json", '   "whats",\n', "", _T),
    ("arithT-de-dreifache-as-double", "de 'das dreifache von' moved to TWICE (read as 2 * 7)",
     _ARITH + "vocabulary/de.json", '"TWICE": ["das doppelte von"],\n  "TRIPLE": ["das dreifache von"],',
     '"TWICE": ["das doppelte von", "das dreifache von"],\n  "TRIPLE": [],', _T),
    ("arithT-fr-triple-deleted", "fr 'le triple de' deleted ('Quel est le triple de 7 ?' no longer read)",
     _ARITH + "vocabulary/fr.json", '"TRIPLE": ["le triple de"],', '"TRIPLE": ["le triples de"],', _T),
    ("arithT-fold-divides", "zh '7的2倍', ja '7の2倍' computed as 7 / 2",
     _ARITH + "grammar.py", '"FOLD_END": "*"}', '"FOLD_END": "/"}', _T),
    ("arithT-zh-fold-deleted", "zh '倍' deleted from FOLD_END ('7的2倍是多少？' no longer read)",
     _ARITH + "vocabulary/zh.json", '"FOLD_END": ["倍"],', '"FOLD_END": ["倍倍"],', _T),
    ("arithT-ja-fold-deleted", "ja '倍' deleted from FOLD_END ('7の2倍は？' no longer read)",
     _ARITH + "vocabulary/ja.json", '"FOLD_END": ["倍"],', '"FOLD_END": ["倍倍"],', _T),
]
# fmt: on
