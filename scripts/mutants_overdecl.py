"""Mutation-check rows for branch wip/overdecl (over-declines found by red teams 14-15): typographic
operator signs, "x" as a times word, number words, "N less than M", a space before the question mark
(arithmetic), and the JSON labels and pastes rows below. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_A = ("tests/adversarial/test_overdecl_arithmetic.py",)
_JSON = "stepcache_integrations/core/tasks/json/"
_PASTES = _JSON + "pastes.py"
_J = ("tests/adversarial/test_overdecl_json.py",)
_LIN = "stepcache_integrations/core/tasks/linear/"
_L = ("tests/adversarial/test_overdecl_linear.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("overdecl-signs-not-read", "the typographic operator signs no longer read ('What is 14 × 11?' declined)",
     _ARITH + "grammar.py", 'superscripts_as_powers(unicodedata.normalize("NFC", prompt).strip().translate(_signs()))',
     'superscripts_as_powers(unicodedata.normalize("NFC", prompt).strip())', _A),  # wip/arithT: re-anchored (superscripts read after the signs)
    ("overdecl-times-sign-as-plus", "the multiplication sign read as '+' ('14 × 11' served 25)",
     _ARITH + "vocabulary/_common.json", '"\\u00d7": "*"', '"\\u00d7": "+"', _A),
    ("overdecl-division-sign-swapped", "the division sign read as '*' ('15 ÷ 3' served 45)",
     _ARITH + "vocabulary/_common.json", '"\\u00f7": "/"', '"\\u00f7": "*"', _A),
    ("overdecl-middle-dot-sign", "the middle dot added to the operator signs ('14 · 11' read as a product)",
     _ARITH + "vocabulary/_common.json", '"\\u2212": "-",', '"\\u2212": "-", "\\u00b7": "*",', _A),
    ("overdecl-x-word-deleted", "'x' deleted from the English TIMES class ('What is 14 x 11?' declined)",
     _ARITH + "vocabulary/en.json", '   "multiplied by",\n   "x"\n', '   "multiplied by"\n', _A),
    ("overdecl-x-any-case", "'x' dropped from the case-sensitive list ('What is 14 X 11?' read)",
     _ARITH + "vocabulary/en.json", '"h", "x", "ml"', '"h", "ml"', _A),
    ("overdecl-x-as-divided", "'x' moved to the DIVIDED class ('What is 14 x 11?' served 14/11)",
     _ARITH + "vocabulary/en.json", '   "multiplied by",\n   "x"\n  ],\n  "DIVIDED": [\n   "divided by"\n',
     '   "multiplied by"\n  ],\n  "DIVIDED": [\n   "divided by",\n   "x"\n', _A),
    ("overdecl-number-word-value", "'eleven' valued 12 in number_words ('eleven plus 3' served 15)",
     _ARITH + "vocabulary/en.json", '"eleven": 11,', '"eleven": 12,', _A),
    ("overdecl-number-word-deleted", "'fourteen' deleted from NUMWORD ('fourteen times eleven' declined)",
     _ARITH + "vocabulary/en.json", '   "fourteen",\n', '', _A),
    ("overdecl-number-word-second-operand", "a number word read on its first operand only ('fourteen times eleven' declined)",
     _ARITH + "request.lark", 'spoken: (NUM | NUMWORD | SIGNED | negative) _SP (TIMES | DIVIDED) _SP (NUM | NUMWORD | SIGNED | negative | minus_sign)',
     'spoken: (NUM | NUMWORD | SIGNED | negative) _SP (TIMES | DIVIDED) _SP (NUM | SIGNED | negative | minus_sign)', _A),  # wip/arithT, wip/arithV, wip/arithW: re-anchored
    ("overdecl-less-than-not-reversed", "'11 less than 14' read as 11 - 14 (-3)",
     _ARITH + "grammar.py", '    if "LESS_THAN" in kinds:  # "11 less than 14": 14 - 11\n        numbers = numbers[::-1]\n', '', _A),
    ("overdecl-less-than-rule-deleted", "'11 less than 14' no longer read",
     _ARITH + "request.lark", '      | (NUM | NUMWORD) _SP LESS_THAN _SP (NUM | NUMWORD)  //', '      | (NUM | NUMWORD) _SP LESS_THAN _SP LESS_THAN  //', _A),
    ("overdecl-smaller-than-subtracts", "'smaller than' read as a subtraction too ('What is 11 smaller than 14?' served)",
     _ARITH + "vocabulary/en.json", '  "LESS": [\n   "smaller than"\n  ],\n  "LESS_THAN": [\n   "less than"\n  ],',
     '  "LESS": [\n  ],\n  "LESS_THAN": [\n   "less than",\n   "smaller than"\n  ],', _A),
    ("overdecl-less-than-relation-dropped", "'less than' no longer a relation ('Is 11 less than 14?' declined)",
     _ARITH + "request.lark", 'relation: DIVISIBLE | LESS | LESS_THAN | GREATER', 'relation: DIVISIBLE | LESS | GREATER', _A),
    # JSON: .env quoting and export, a type note after a stated value
    ("overdecl-env-quotes-kept", "a quoted .env value keeps its quotes (served with the quote marks)",
     _PASTES, '            value = inner["double"] or inner["single"]\n', "            pass\n", _J),
    ("overdecl-env-left-marks", "a quote, escape or comment mark left in a value no longer declines",
     _PASTES, "    if len(pairs) != end - i or any(mark in value for _name, value in pairs for mark in \"\\\"'#`$\\\\\"):",
     "    if len(pairs) != end - i:", _J),
    ("overdecl-env-quoted-number", "a quoted number read as a number ('PORT=\"5432\"' served 5432)",
     _PASTES, "        if key in block.quoted and not isinstance(_typed(cell, None, language), str):\n", "        if False:\n", _J),
    ("overdecl-env-export-dropped", "'export NAME=value' lines no longer read",
     _PASTES, '_ENV_LINE = re.compile(r"(?:export[ \\t]+)?', '_ENV_LINE = re.compile(r"(?:[ \\t]+)?', _J),
    ("overdecl-env-export-kept-in-name", "'export ' kept in the name ('export HOST=b' served the key 'export HOST')",
     _PASTES, '"\\n".join(_EXPORT.sub("", line, count=1) for line in lines[i:end])', '"\\n".join(lines[i:end])', _J),
    ("overdecl-typed-stmt-rule-deleted", "a type note after a stated value no longer read ('age: 41 (integer)' declined)",
     _JSON + "request.lark", "%extend stmt: DEF? STMT type_note -> typed_stmt\n", "", _J),
    ("overdecl-typed-stmt-unchecked", "a type note after a stated value read but not checked ('age: 41 (string)' served 41)",
     _JSON + "reader.py", "        self.typed.append((token.value[0], _TYPE_NOTES[note.children[0].type]))\n",
     "        pass\n", _J),
    ("overdecl-typed-label-not-folded", "a note after a capitalised label names no listed key ('Age: 41 (integer)' declined)",
     _JSON + "reader.py", "    _notes_by_listed_key(transformer, keys, language)\n", "", _J),
    # linear: the price each said inside the purchase (the pen story)
    ("overdecl-pen-rule-deleted", "'Maria buys x pens for 9 dollars a piece and pays a 3 dollar fee' no longer read",
     _LIN + "request.lark", "                 | NAME WP_BUYS VAR wp_goods FOR money (WP_EACH_POST | POSS) AND WP_PAID ART? money WP_FEE -> wp_buys_each_with_fee\n",
     "", _L),
    ("overdecl-pen-fee-as-rate", "the fee read as the price each (9 and 3 swapped: 3x + 9 = 57)",
     _LIN + "word_problems.py", "        self.wp_price_each(children[:cut])\n        self.wp_buys_with_fee([c for c in children[:cut] if not isinstance(c, tuple)] + children[cut:])\n",
     "        self.wp_price_each([c for c in children if not (isinstance(c, tuple) and c is _money(children))])\n        self.wp_buys_with_fee(children)\n", _L),
    ("overdecl-piece-word-deleted", "'a piece' deleted from WP_EACH_POST",
     _LIN + "vocabulary/en.json", '   "apiece",\n   "a piece"\n', '   "apiece"\n', _L),
    ("overdecl-space-mark-dropped", "the English table no longer reads a space before '?' ('What is 14 + 11 ?' declined)",
     _ARITH + "vocabulary/en.json", ' "space_before_question_mark": true,\n', '', _A),
]
# fmt: on
