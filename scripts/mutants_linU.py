"""Mutation-check rows for "a number" composed: an amount before or after a term, sums and differences in
the order written, an amount minus the term, and a number thought of with its steps applied in order, in
en es fr pt it de (branch wip/linU, 2026-12-05). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_VOCAB = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_number_phrases_linU.py",)
_RECT = ("tests/adversarial/test_linear_rectangle_told_linU.py",)
_PARTS = ("tests/adversarial/test_linear_priced_parts_linU.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linU-less-than-not-reversed", "'5 less than 3 times a number' derived as 3x + 5 (the amount not taken away)",
     _LINEAR + "word_problems.py", '_TAKEN_AWAY = frozenset({"WP_LESS_THAN", "WP_MINUS", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})',
     '_TAKEN_AWAY = frozenset({"WP_MINUS", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})', _TESTS),  # re-anchored (wip/cleanE: one _TAKEN_AWAY set)
    ("linU-decreased-as-increased", "'a number decreased by 7' derived as x + 7",
     _LINEAR + "word_problems.py", '"WP_MINUS", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})',
     '"WP_MINUS", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})', _TESTS),  # re-anchored (wip/cleanE: one _TAKEN_AWAY set)
    ("linU-difference-order-swapped", "'the difference of a number and 4' derived as 4 - x",
     _LINEAR + "request.lark", "ART? WP_DIFFERENCE wp_nterm AND wp_const                                 -> wp_nx_diff ",
     "ART? WP_DIFFERENCE wp_nterm AND wp_const                                 -> wp_nx_diff_of ", _TESTS),
    ("linU-amount-minus-term-as-term-minus", "'20 minus twice a number' derived as 2x - 20",
     _LINEAR + "request.lark", "wp_const WP_MINUS wp_nterm                                               -> wp_nx_diff_of",
     "wp_const WP_MINUS wp_nterm                                               -> wp_nx_diff", _TESTS),
    ("linU-diff-of-sign", "'the difference between 50 and a number' derived as 50 + x",
     _LINEAR + "word_problems.py", "        return _Affine(-term.k, b, term.letter)", "        return _Affine(term.k, b, term.letter)", _TESTS),
    ("linU-negative-term-written-positive", "an amount minus the term written 'b + kx' in the equation",
     _LINEAR + "word_problems.py", 'return f"{format_number(b)} - {term} = {format_number(total)}"',
     'return f"{format_number(b)} + {term} = {format_number(total)}"', _TESTS),
    ("linU-steps-order-reversed", "the steps applied last first ('add 5, then multiply by 2' as 2x + 5)",
     _LINEAR + "word_problems.py", "        for m, a in (first, *steps):", "        for m, a in reversed((first, *steps)):", _TESTS),
    ("linU-step-divide-as-times", "'divide it by 3' applied as a multiplication",
     _LINEAR + "word_problems.py", "        return 1 / k, Fraction(0)", "        return k, Fraction(0)", _TESTS),
    ("linU-step-take-as-add", "'subtract 5' applied as + 5",
     _LINEAR + "word_problems.py", "        return Fraction(1), -_amount(children)", "        return Fraction(1), _amount(children)", _TESTS),
    ("linU-steps-need-no-number", "steps with no number thought of ('I triple it ...' alone) read",
     _LINEAR + "word_problems.py", '    frozenset({"number_steps", "thought", "asked_number"}): _number_steps,  # wip/linU',
     '    frozenset({"number_steps", "thought", "asked_number"}): _number_steps,  # wip/linU\n    frozenset({"number_steps", "asked_number"}): lambda f, l: _number({"number": f["number_steps"], "asked_number": f["asked_number"]}, l),', _TESTS),
    ("linU-if-form-no-number", "'If I multiply a number by 3 and add 4, I get 25' not taken as naming the number the steps start from",
     _LINEAR + "word_problems.py", 'c.type in ("IF", "WP_THINK_OF") for c in children', 'c.type in ("WP_THINK_OF",) for c in children', _TESTS),
    ("linU-rule-after-deleted", "the rule of an amount after the term deleted ('twice a number increased by 5' no longer read)",
     _LINEAR + "request.lark", '        | wp_multiple COMMA? (WP_PLUS | WP_MINUS | WP_INCREASED_BY | WP_DECREASED_BY) wp_const COMMA? -> wp_nx_after  // "twice a number increased by 5", "a number times 6, minus 4"\n',
     "", _TESTS),
    ("linU-en-think-deleted", "en 'i think of' deleted from the table",
     _VOCAB + "en.json", '  "WP_THINK_OF": [\n   "i think of",\n', '  "WP_THINK_OF": [\n', _TESTS),
    ("linU-en-added-to-as-taken", "en 'added to' moved to the words that take away",
     _VOCAB + "en.json", '  "WP_ADDED_TO": [\n   "added to"\n  ],\n  "WP_SUBTRACTED_FROM": [\n',
     '  "WP_ADDED_TO": [\n  ],\n  "WP_SUBTRACTED_FROM": [\n   "added to",\n', _TESTS),
    ("linU-es-add-as-subtract", "es 'le sumo' deleted from the table",
     _VOCAB + "es.json", '  "WP_ADD_IT": [\n   "le sumo",\n', '  "WP_ADD_IT": [\n', _TESTS),
    ("linU-fr-gets-deleted", "fr \"j'obtiens\" (both apostrophes) deleted (the steps' result no longer read)",
     _VOCAB + "fr.json", '  "WP_GETS": [\n   "j\'obtiens",\n   "j\u2019obtiens",\n', '  "WP_GETS": [\n', _TESTS),
    ("linU-de-double-as-triple", "de 'verdopple sie' read as tripling",
     _VOCAB + "de.json", '  "WP_TRIPLE_IT": [\n', '  "WP_TRIPLE_IT": [\n   "verdopple sie",\n', _TESTS),
    ("linU-genitive-increased", "es 'aumentado en' read after 'el doble de un número' (two readings: 2x + 5 or 2(x + 5))",
     _VOCAB + "es.json", '  "WP_DIFFERENCE": [\n   "diferencia entre"\n  ],\n',
     '  "WP_DIFFERENCE": [\n   "diferencia entre"\n  ],\n  "WP_INCREASED_BY": [\n   "aumentado en"\n  ],\n', _TESTS),
    # a rectangle's perimeter and one side told apart (test_linear_rectangle_told_linU.py)
    ("linU-rect-unit-asked-unchecked", "'Find the width in mm.' of sides in cm served in cm",
     _LINEAR + "word_problems.py", '    if facts.get("asked_unit", unit) != unit:\n        return None  # wip/linU: "Find the width in mm." of sides in cm\n', "", _RECT),
    ("linU-rect-two-units", "'40 cm ... 14 mm' composed as one unit",
     _LINEAR + "word_problems.py", '    if unit != side_unit:\n        return None  # "40 cm ... 14 mm"\n', "", _RECT),
    ("linU-rect-no-shape", "'Its perimeter is 40 cm' (no shape named) composed with a side told",
     _LINEAR + "word_problems.py", '    frozenset({"shape_perimeter", "side_given", "side"}): _perimeter_told,  # wip/linU\n',
     '    frozenset({"shape_perimeter", "side_given", "side"}): _perimeter_told,  # wip/linU\n'
     '    frozenset({"perimeter", "side_given", "side"}): lambda f, l: _perimeter_told({**f, "shape_perimeter": f["perimeter"]}, l),\n', _RECT),
    ("linU-rect-perimeter-rule-deleted", "the rule 'The perimeter of a rectangle is 40 cm' deleted",
     _LINEAR + "request.lark", '%extend word_fact: ART WP_PERIMETER OF ART WP_SHAPE (EQUALS | COPULA) wp_measure     -> wp_shape_perimeter',
     '%extend word_fact: ART WP_PERIMETER OF ART WP_SHAPE (EQUALS | COPULA) wp_measure WP_SHAPE -> wp_shape_perimeter', _RECT),
    ("linU-rect-asked-unit-shape-dropped", "'Find the width in cm.' of a perimeter and a side in one sentence no longer read",
     _LINEAR + "word_problems.py", '    frozenset({"rectangle", "side", "asked_unit"}): _perimeter,  # wip/linU: "Find the width in cm."\n', "", _RECT),
    # a part of unknown count at its own unit price; a total spent on a plural (test_linear_priced_parts_linU.py)
    ("linU-part-price-without-each", "'some notebooks at $3' (each? all?) read as a unit price",
     _LINEAR + "word_problems.py", '        self._priced_each(children, item)\n        self._unit_price(item, children)\n        return _Part(item, None, None)',
     '        self._unit_price(item, children)\n        return _Part(item, None, None)', _PARTS),  # re-anchored (wip/cleanH: one _unit_price)
    ("linU-part-second-price-overwrites", "a second unit price of the part's item overwrites the first",
     _LINEAR + "word_problems.py", '        self._unit_price(item, children)\n        return _Part(item, None, None)',
     '        self.__dict__.setdefault("word_facts", {}).setdefault("unit_prices", {})[item.word] = (*_money(children), "")\n        return _Part(item, None, None)', _PARTS),  # re-anchored (wip/cleanH: the part's price set without _unit_price's check)
    ("linU-part-one-priced-rule-deleted", "the part 'one $5 pen' deleted from the grammar",
     _LINEAR + "request.lark", '       | WP_ONE money wp_item                     -> wp_part_priced   // wip/linU: "one $5 pen"\n', "", _PARTS),
    ("linU-en-at-price-deleted", "en 'at' deleted from WP_AT_PRICE ('some notebooks at $3 each' no longer read)",
     _VOCAB + "en.json", '  "WP_AT_PRICE": [\n   "at"\n  ],\n', "", _PARTS),
    ("linU-spent-on-singular", "'I spent $12 on pen' read as some pens",
     _LINEAR + "word_problems.py", "        if not item.plural:\n            raise Declined\n        self.wp_cart_paid(", "        self.wp_cart_paid(", _PARTS),
]
# fmt: on
