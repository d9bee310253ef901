"""Mutation-check rows for word problems read by a declared grammar (branch wip/linW, issue 33
items 1/3/4): the equation derived from the facts read, the count's unit, sign and wholeness, one
fact of each kind, facts beside written equations. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_word_problems.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linW-negative-count", "a negative count served (rate and total swapped: '$19 plus $2 per mile ... cost $3')",
     _LINEAR + "word_problems.py", "    return text, lambda value: value >= 0 and (unit in _CONTINUOUS or value.denominator == 1)",
     "    return text, lambda value: unit in _CONTINUOUS or value.denominator == 1", _TESTS),
    ("linW-months-fractional", "a fractional count of a unit counted whole served (8.33 months)",
     _LINEAR + "word_problems.py", "    return text, lambda value: value >= 0 and (unit in _CONTINUOUS or value.denominator == 1)",
     "    return text, lambda value: value >= 0", _TESTS),
    ("linW-unit-mismatch", "the count named over another unit than the rate's ('$2 per mile', 'the number of kilometers')",
     _LINEAR + "word_problems.py", "    if named != letter or unit != charge.unit or charge.rate == 0:",
     "    if named != letter or charge.rate == 0:", _TESTS),
    ("linW-fixed-rate-swapped", "the equation derived with the fixed amount and the rate swapped",
     _LINEAR + "word_problems.py",
     '    text = f"{format_number(charge.rate)}{letter} {sign} {format_number(abs(charge.fixed))} = {format_number(total)}"',
     '    text = f"{format_number(abs(charge.fixed))}{letter} {sign} {format_number(charge.rate)} = {format_number(total)}"', _TESTS),
    ("linW-second-fact-kept", "a second total (or charge) read over the first ('The ride cost $19. The trip cost $21.')",
     _LINEAR + "word_problems.py", "            raise Declined  # two charges, two totals, two letters named: not this shape",
     "            pass", _TESTS),
    ("linW-facts-beside-equations", "a word problem's facts read beside a written equation ('Let m be the number of miles. Solve 2m + 3 = 19')",
     _LINEAR + "reader.py", '    return None if transformer is None or getattr(transformer, "word_facts", None) else transformer',
     "    return transformer", _TESTS),
    ("linW-nothing-asked", "facts alone, with no request, served as asked",
     _LINEAR + "word_problems.py", "            or transformer.template_names - {letter} or not transformer.asks\n",
     "            or transformer.template_names - {letter}\n", _TESTS),
    ("linW-tip-is-a-bill", "a total that is no charge ('The tip cost $19') read as the total paid",
     _LINEAR + "vocabulary/en.json", '  "WP_BILL": [\n   "ride",', '  "WP_BILL": [\n   "tip",\n   "ride",',
     (*_TESTS, "tests/adversarial/test_word_problem_owners.py")),  # a bill word of no declared owner (W15)
    ("linW-rule-total-dropped", "the total's rule dropped ('The ride cost $19' no longer read: served pairs lost)",
     _LINEAR + "request.lark", "         | ART? WP_BILL WP_COST money                             -> wp_total",
     "         | ART? WP_BILL WP_COST money WP_PLUS                     -> wp_total", _TESTS),
]
ROWS += [
    ("linW-and-joins-any-fixed", "'$3 and $2 per mile' read as a fixed amount and a rate (both may be per mile)",
     _LINEAR + "request.lark", "wp_fixed_named: ART? money WP_FIXED_NOUN -> wp_fixed", "wp_fixed_named: ART? money WP_FIXED_NOUN? -> wp_fixed", _TESTS),
    ("linW-decimal-comma-dropped", "'R$ 2,50' read as 2 (the decimal comma not read)",
     _LINEAR + "word_problems.py", '        digits = amount.group(1).replace(",", "") if table.language == "en" else amount.group(1).replace(",", ".")',
     '        digits = amount.group(1).replace(",", "") if table.language == "en" else amount.group(1).split(",")[0]', _TESTS),  # wip/linN: en thousands
    ("linW-asked-unit-ignored", "the count asked in another unit than the rate's ('Wie viele Minuten h', '35 € pro Stunde')",
     _LINEAR + "word_problems.py", '        self._fact(name, (letter, _unit(children)))\n        self.asks = True',
     '        self._fact(name, (letter, _unit(children) if name == "side" else "WP_U_HOUR"))\n        self.asks = True', _TESTS),  # re-anchored (wip/cleanH: wp_asked also reads wp_find_side's side)
]
ROWS += [
    ("linW-rect-units-mixed", "a perimeter and a side in two units read as one ('62 cm', '18 mm')",
     _LINEAR + "word_problems.py", "        if unit != side_unit:\n            raise Declined", "        if False:\n            raise Declined", _TESTS),
    ("linW-rect-given-side-asked", "the side given asked again ('a length of 18 cm. Find its length w.')",
     _LINEAR + "word_problems.py", "    if named != letter or asked == given:", "    if named != letter:", _TESTS),
    ("linW-rect-side-not-positive", "a side of zero or less served ('a perimeter of 36 cm and a length of 18 cm')",
     _LINEAR + "word_problems.py", "{format_number(perimeter)}\", lambda value: value > 0\n", "{format_number(perimeter)}\", lambda value: value >= 0\n", _TESTS),
    ("linW-rect-half-perimeter", "the perimeter derived as l + w (the factor 2 dropped)",
     _LINEAR + "word_problems.py", '    return f"2({format_number(side)} + {letter}) = {format_number(perimeter)}"',
     '    return f"({format_number(side)} + {letter}) = {format_number(perimeter)}"', _TESTS),
]
ROWS += [
    ("linW-currencies-mixed", "amounts in two currencies read as one ('$25 ... 145 euros')",
     _LINEAR + "word_problems.py", "    if charge.currencies != {currency} or charge.monthly != monthly:",
     "    if charge.monthly != monthly:", _TESTS),
    ("linW-monthly-bill-any", "a fee for the month read beside a bill that is not the month's ('10 \u20ac par mois ... La facture est de 18 \u20ac')",
     _LINEAR + "word_problems.py", "    if charge.currencies != {currency} or charge.monthly != monthly:",
     "    if charge.currencies != {currency}:", _TESTS),
    ("linW-group-is-a-name", "a group ('Everyone paid $145') read as one person's total (a WP_GROUP word dropped)",
     _LINEAR + "vocabulary/en.json", '  "WP_GROUP": [\n   "everyone",\n', '  "WP_GROUP": [\n', _TESTS),
    ("linW-name-any-word", "any capitalized word read as a name, a table's word too ('Tutti hanno speso')",
     _LINEAR + "word_problems.py", "    if name is not None and table.match(folded, pos) is None:", "    if name is not None:", _TESTS),
]
ROWS += [
    ("linW-price-of-other-item", "the price named of the other item read as the counted item's ('设每瓶牛奶 x 元')",
     _LINEAR + "word_problems.py", "    if named != letter or priced != item or len(currencies) != 1",
     "    if named != letter or len(currencies) != 1", _TESTS),
    ("linW-price-of-two", "'パン 2 個の値段を q 円' read as the price of one",
     _LINEAR + "word_problems.py", "        if numbers and Fraction(numbers[0]) != 1:", "        if False:", _TESTS),
    ("linW-same-item-twice", "the same item counted and priced apart read ('4 个苹果和一个 6 元的苹果')",
     _LINEAR + "word_problems.py", "        if item == other_item:\n            raise Declined", "        if False:\n            raise Declined", _TESTS),
    ("linW-price-not-positive", "a price of zero or less served (a total below the other item's price)",
     _LINEAR + "word_problems.py", '{format_number(other)} = {format_number(total)}", lambda value: value > 0\n',
     '{format_number(other)} = {format_number(total)}", lambda value: True\n', _TESTS),
]
ROWS += [
    ("linW-pair-whose-other", "the letter named of someone outside the pair read as one of it ('Let a be Bob's age')",
     _LINEAR + "word_problems.py", " or (whose_measure and whose_measure != measure) or who not in (big, small):\n",
     " or (whose_measure and whose_measure != measure):\n", _TESTS),
    ("linW-pair-big-small-swapped", "the letter of the bigger one read as the smaller one's ('Let r be Ravi's age': r + 4r)",
     _LINEAR + "word_problems.py", '_other_of_pair(kind, k, letter, who == small)',
     '_other_of_pair(kind, k, letter, True)', _TESTS),
    ("linW-pair-same-twice", "one named twice in the pair read ('Ravi is 4 times as old as Ravi')",
     _LINEAR + "word_problems.py", "        if big == small or k <= 0 or (kind == \"times\" and k == 1):",
     "        if k <= 0 or (kind == \"times\" and k == 1):", _TESTS),
    ("linW-pair-negative", "a price not positive served (a sum below the difference)",
     _LINEAR + "word_problems.py", "    return text, lambda value: value > 0 and (kind == \"times\" or who == small or value > k)",
     "    return text, lambda value: True", _TESTS),
]
# fmt: on
