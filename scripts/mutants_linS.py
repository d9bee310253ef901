"""Mutation-check rows for a purchase as a cart of parts and a rectangle's sides compared (branch wip/linS,
2026-12-05): the parts' counts and prices composed into one equation with exactly one unknown (every unit
price used, each item once, a plural at its own price no part), the side relation turned by "less", the
other side written through the asked one, units agreeing; the table words and grammar rules added.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_cart_linS.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linS-cart-known-dropped", "the known counts of a cart left out of the basket: 'I bought 5 notebooks and some pens' not served",
     _LINEAR + "word_problems.py", "    known = [(part.item.word, part.count, \"\") for part in parts if part.count is not None and part.price is None]",
     "    known = []", _TESTS),
    ("linS-cart-count-ignored", "the asked item's count not multiplied: '5 muffins and a $3 coffee came to $23' served 20 a muffin",
     _LINEAR + "word_problems.py", "            coefficient += part.count\n", "            coefficient += 1\n", _TESTS),
    ("linS-cart-price-unused", "a unit price no part of the cart uses accepted ('A pen costs $2.' beside the bakery's cart)",
     _LINEAR + "word_problems.py", "    if coefficient == 0 or used != set(prices) or len(currencies) != 1",
     "    if coefficient == 0 or len(currencies) != 1", _TESTS),
    ("linS-cart-plural-priced", "'the $10 pens' read as one pen at its own price",
     _LINEAR + "word_problems.py", "        if item.plural:\n            raise Declined  # \"the $5 pens\", \"des stylos à 2 euros\"",
     "        if False:\n            raise Declined  # \"the $5 pens\", \"des stylos à 2 euros\"", _TESTS),
    ("linS-cart-item-twice", "one item in two parts ('5 muffins and a $3 muffin') served",
     _LINEAR + "word_problems.py", "        if len({part.item for part in parts}) != len(parts):", "        if False:", _TESTS),
    ("linS-rect-less-not-turned", "'The length of a rectangle is 3 cm less than its width' read as the length the longer",
     _LINEAR + "word_problems.py", "        self._rect_relation(\"more\", d, *((second, first) if less else (first, second)), unit)",
     "        self._rect_relation(\"more\", d, first, second, unit)", _TESTS),
    ("linS-rect-units", "d and the perimeter in two units ('3 cm longer ... perimeter is 34 mm') composed",
     _LINEAR + "word_problems.py", " or (unit is not None and unit != perimeter_unit):", ":", _TESTS),
    ("linS-rect-asked-unit", "'Find the width in mm.' of a perimeter in cm served in cm",
     _LINEAR + "word_problems.py", "    if facts.get(\"asked_unit\", perimeter_unit) != perimeter_unit:", "    if False:", _TESTS),
    ("linS-rect-longer-sign", "the longer side asked written x + d: the length served as if the width",
     _LINEAR + "word_problems.py", "    return f\"({letter} + {n})\" if asked_small else f\"({letter} - {n})\"",
     "    return f\"({letter} + {n})\"", _TESTS),
    ("linS-rect-times-big", "the k-times side asked written kx: 'twice its width ... What is the length?' served wrong",
     _LINEAR + "word_problems.py", "        return f\"{n}{letter}\" if asked_small else f\"{letter}/{n}\"",
     "        return f\"{n}{letter}\"", _TESTS),
    ("linS-en-longer-word", "en 'longer than it is wide' misspelt in the table: 'A rectangle is 3 cm longer than it is wide' not served",
     _LINEAR + "vocabulary/en.json", '   "longer than it is wide",', '   "longer than it is widex",', _TESTS),
    ("linS-de-cart-rule", "the de rule 'Wir haben ... gekauft und zusammen 41 Euro bezahlt' deleted: not served",
     _LINEAR + "request.lark", "                 | WP_HAVE_AUX wp_cart WP_BOUGHT_PP AND WP_IN_TOTAL? money WP_PAYS", "                 | WP_HAVE_AUX WP_HAVE_AUX WP_HAVE_AUX", _TESTS),
    ("linS-some-as-one", "'some notebooks' read as one notebook (wp_part_one): the unknown count lost",
     _LINEAR + "request.lark", "       | WP_SOME wp_item                          -> wp_part_some", "       | WP_SOME wp_item                          -> wp_part_one", _TESTS),
    ("linS-it-some-word", "it 'qualche' dropped from WP_SOME: 'Ho preso una bibita e qualche pizza' not served",
     _LINEAR + "vocabulary/it.json", '  "WP_SOME": [\n   "qualche",', '  "WP_SOME": [\n   "qualchex",', _TESTS),
    ("linS-what-does-one-word", "en 'what does one' dropped: 'What does one muffin cost?' not served",
     _LINEAR + "vocabulary/en.json", '  "WP_WHAT_DOES_ONE": [\n   "what does one",', '  "WP_WHAT_DOES_ONE": [\n   "what does onex",', _TESTS),
    ("linS-age-and-sum-rule", "the rule 'Ana tiene el doble de la edad de su hermano y entre los dos suman 45 años' deleted: not served",
     _LINEAR + "request.lark", "%extend word_fact: NAME WP_HAS ART? wp_k OF ART? WP_AGE_NOUN (WP_THAN | OF) wp_who wp_sum_tail ",
     "%extend word_fact: NAME WP_HAS WP_HAS WP_HAS WP_HAS WP_HAS WP_HAS WP_HAS WP_HAS wp_sum_tail ", _TESTS),
    ("linS-pt-sum-word", "pt 'a soma das idades dos dois é' misspelt in the table: 'A soma das idades dos dois é 45' not served",
     _LINEAR + "vocabulary/pt.json", '   "a soma das idades dos dois é",', '   "a soma das idades dos dois éx",', _TESTS),
    ("linS-some-none", "'some pens' served 0 when the total leaves nothing for them ('a ruler for $13' may be its price)",
     _LINEAR + "word_problems.py", "    return text, lambda value: value > 0 and value.denominator == 1  # wip/linS",
     "    return text, lambda value: value >= 0 and value.denominator == 1  # wip/linS", _TESTS),
]
# fmt: on
