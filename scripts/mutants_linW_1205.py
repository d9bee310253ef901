"""Mutation-check rows for price stories in every table (branch wip/linW, 2026-12-05): one item's
price asked or named (never a plural, a count but 1, another item), the purchase's facts (one other
item at its price, one currency, one counter), the change back (count x price + change = paid),
and the table words and grammar rules added. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_price_stories_linW.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linW1205-plural-asked", "'How much did the mangoes cost?' (all of them) served the price of one",
     _LINEAR + "word_problems.py", "        if item.plural or (numbers and Fraction(numbers[0]) != 1):",
     "        if numbers and Fraction(numbers[0]) != 1:", _TESTS),
    ("linW1205-count-asked", "'りんご 2 個の値段は' (the price of two) served the price of one",
     _LINEAR + "word_problems.py", "        if item.plural or (numbers and Fraction(numbers[0]) != 1):",
     "        if item.plural:", _TESTS),
    ("linW1205-asked-another", "'A notebook costs p dollars ... How much did the pen cost?' served p",
     _LINEAR + "word_problems.py", '            facts["asked_another"] = item  # "A notebook costs p dollars',
     '            pass  # "A notebook costs p dollars', _TESTS),
    ("linW1205-change-swapped", "the change read as the amount paid: 6x + 50 = 14 (no story served)",
     _LINEAR + "word_problems.py", "        (paid, paid_currency), (change, currency) = [c for c in children if isinstance(c, tuple)]",
     "        (change, currency), (paid, paid_currency) = [c for c in children if isinstance(c, tuple)]", _TESTS),
    ("linW1205-two-currencies", "'$50 bill ... got 14 euros back' served as one currency",
     _LINEAR + "word_problems.py", "len(currencies) != 1 or currency not in (None, *currencies)",
     "currency not in (None, *currencies)", _TESTS),
    # linW1205-other-plural retired: equivalent since wip/linS (its cart rules read 'Three notebooks and the $5 pens cost ...' first and decline a plural at its own price, wp_part_priced, guarded by linS rows; clean-clone mutation check of 8808a5a)
    ("linW1205-zh-counter", "'3 盒 ... 书' priced '每本' (a box's price is no book's) served",
     _LINEAR + "word_problems.py", '        facts["counted_by"] = counter\n',
     '        facts["counted_by"] = facts.get("priced_by", "")\n', _TESTS),
    ("linW1205-en-plural-word", "the English plural 'mangoes' dropped from item_plurals: the mangoes' cost served as one's",
     _LINEAR + "vocabulary/en.json", '  "bottles of water",\n  "mangoes",\n', '  "bottles of water",\n', _TESTS),  # re-anchored: wip/linS appended plurals
    ("linW1205-de-fuer-word", "de 'für' dropped from the table: 'Für 3 Tickets ...' no longer served",
     _LINEAR + "vocabulary/de.json", '  "WP_FOR_ALL": [\n   "für"\n  ],', '  "WP_FOR_ALL": [\n   "fürx"\n  ],', _TESTS),
    ("linW1205-change-rule", "the change-back rule deleted: 'paid with a $50 bill and got $14 back' not served",
     _LINEAR + "request.lark", "WP_PAID_WITH ART money WP_BILL? AND WP_GOT money WP_BACK -> wp_change",
     "WP_PAID_WITH ART money WP_BILL? AND WP_GOT money WP_BACK WP_BACK -> wp_change", _TESTS),
    ("linW1205-asked-rule-any-count", "the ja question rule reads any count's price ('りんご 2 個の値段は') as one's",
     _LINEAR + "word_problems.py", '        numbers = [c.value for c in children if isinstance(c, Token) and c.type == "NUM"]\n        if item.plural',
     '        numbers = []\n        if item.plural', _TESTS),
]
# fmt: on

ROWS += [
    ("linW1205-age-asked-big", "'How old is Tom?' (the age given) served as the sister's",
     _LINEAR + "word_problems.py", "    if named != letter or measure != \"age\" or whose_age != big or who != small:",
     "    if named != letter or measure != \"age\" or whose_age != big:", _TESTS),
    ("linW1205-age-of-another", "'Ann is 22' read as Tom's age",
     _LINEAR + "word_problems.py", "    if named != letter or measure != \"age\" or whose_age != big or who != small:",
     "    if named != letter or measure != \"age\" or who != small:", _TESTS),
    ("linW1205-age-equation", "the age derived as k s - d = N (d taken away)",
     _LINEAR + "word_problems.py", '    return f"{term} + {format_number(d)} = {format_number(age)}", lambda value: value > 0',
     '    return f"{term} - {format_number(d)} = {format_number(age)}", lambda value: value > 0', _TESTS),
    ("linW1205-relative-age-form", "'sister's age' kept as its own word: 'Let s be the sister's age' names no relative of the story",
     _LINEAR + "word_problems.py", '        who = self.wp_who([c for c in children if isinstance(c, Token) and c.type in ("ART", "WP_HIS", "WP_RELATIVE_AGE")])\n        self._fact("whose", (letters[0], who.word, "age"))',
     '        who = self.wp_who([c for c in children if isinstance(c, Token) and c.type in ("ART", "WP_HIS", "WP_RELATIVE_AGE")])\n        self._fact("whose", (letters[0], who.text, "age"))', _TESTS),
    ("linW1205-it-age-rule", "the it age rule deleted: 'Marco ha 5 anni in più del triplo ...' not served",
     _LINEAR + "request.lark", "NAME WP_HAS NUM WP_YEARS_OLD IN WP_PLUS OF wp_k OF WP_AGE_NOUN OF wp_who         -> wp_older_times",
     "NAME WP_HAS NUM WP_YEARS_OLD IN WP_PLUS OF wp_k OF WP_AGE_NOUN OF wp_who WP_PLUS -> wp_older_times", _TESTS),
    ("linW1205-es-primo-word", "es 'su primo' dropped from the table: the cousin story not served",
     _LINEAR + "vocabulary/es.json", '   "primo",\n   "prima",\n   "su primo",\n', '   "prima",\n', _TESTS),  # both forms: "su" is a WP_HIS word since wip/linQ
]

ROWS += [
    ("linW1205-two-roles-ignored", "the roles read in the order written: 'Let a be the smaller and b the larger' served a the larger",
     _LINEAR + "word_problems.py", '    big, small = roles["WP_LARGER"], roles["WP_SMALLER"]\n',
     '    big, small = sorted(roles.values())\n', _TESTS),
    ("linW1205-two-one-asked", "'find a' alone (one of two asked) served both",
     _LINEAR + "word_problems.py", "                or set(transformer.asked_names) != letters or \"yes_no\" in transformer.format)",
     "                or not set(transformer.asked_names) <= letters or \"yes_no\" in transformer.format)", _TESTS),
    # a role named twice ("Let a be the larger and b the larger") is declined twice over (wp_let_roles and
    # _two_unknowns' letters check): no single edit lets it through, so no row
    ("linW1205-differ-word", "en 'differ by' dropped from the table: the two-numbers story not served",
     _LINEAR + "vocabulary/en.json", '  "WP_DIFFER_BY": [\n   "differ by",', '  "WP_DIFFER_BY": [\n   "differ byx",', _TESTS),
    ("linW1205-three-numbers", "'Three numbers add up to 30 and differ by 8' read as two",
     _LINEAR + "word_problems.py", "        if _factor(two) != 2 or d <= 0:", "        if d <= 0:", _TESTS),
    ("linW1205-two-rule", "the two-numbers rule deleted: 'Two numbers add up to 30 and differ by 8' not served",
     _LINEAR + "request.lark", "WP_NUMWORD WP_NUMBERS WP_ADD_UP_TO NUM AND WP_DIFFER_BY NUM                       -> wp_two_numbers",
     "WP_NUMWORD WP_NUMBERS WP_ADD_UP_TO NUM AND WP_DIFFER_BY NUM WP_NUMBERS           -> wp_two_numbers", _TESTS),
]

ROWS += [
    ("linW1205-two-ages-someone-else", "'Let m be Ann's age' (not of the pair) read as Maria's",
     _LINEAR + "word_problems.py", "        if measure != \"age\" or sum_measure != \"age\" or set(named) != {big, small} or set(named.values()) != letters:",
     "        if measure != \"age\" or sum_measure != \"age\" or set(named.values()) != letters:", _TESTS),
    ("linW1205-two-ages-times-swapped", "'Maria is 3 times as old as her son' derived as s = 3m",
     _LINEAR + "word_problems.py", '        relation = f"{b} = {format_number(k)}{s}" if kind == "times"',
     '        relation = f"{s} = {format_number(k)}{b}" if kind == "times"', _TESTS),
    ("linW1205-two-ages-negative", "a negative age served ('24 years older ... together they are 20')",
     _LINEAR + "word_problems.py", "lambda solution: min(solution.values()) > 0", "lambda solution: True", _TESTS),
]
