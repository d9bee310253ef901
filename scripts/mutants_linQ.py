"""Mutation-check rows for word problems built by construction (branch wip/linQ, 2026-12-05): two things
compared and their sum (less/cheaper/younger turn the relation round, k from the table's age_factors,
only a price asking ending asks a price), earnings and sales (a fee taken away, a seller's count asked as
sold, a bill word after the amount only when it is anyone's) and counts bought at a unit price (every
price used once, the counter kept, the unknown count asked); the table words and grammar rules added.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_COMPARED = ("tests/adversarial/test_linear_compared_stories_linQ.py",)
_CONSECUTIVE = ("tests/adversarial/test_linear_consecutive_linQ.py",)
_EARNINGS = ("tests/adversarial/test_linear_earnings_stories_linQ.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linQ-less-not-turned", "'A pen costs $4 less than a notebook' read as the pen the dearer: the pen served $9",
     _LINEAR + "word_problems.py", "        self._pair(\"more\", d, *((second, first) if less else (first, second)), currency)",
     "        self._pair(\"more\", d, first, second, currency)", _COMPARED),
    ("linQ-younger-not-turned", "'Ann is 5 years younger than Tom' read as Ann the elder",
     _LINEAR + "word_problems.py", "        big, small = (second, first) if less else (first, second)\n        if big == small or d <= 0:",
     "        big, small = first, second\n        if big == small or d <= 0:", _COMPARED),
    ("linQ-cheaper-not-less", "ru 'дешевле' (cheaper) dropped from the words that turn a comparison round",
     _LINEAR + "word_problems.py", '_LESS = frozenset({"WP_LESS_THAN", "WP_CHEAPER", "WP_YEARS_YOUNGER", "WP_MINUS"})',
     '_LESS = frozenset({"WP_LESS_THAN", "WP_YEARS_YOUNGER", "WP_MINUS"})', _COMPARED),
    ("linQ-de-age-factor", "de 'viermal so alt wie' worth 3 in the table's age_factors: the son served 15",
     _LINEAR + "vocabulary/de.json", '  "viermal so alt wie": 4,', '  "viermal so alt wie": 3,', _COMPARED),
    ("linQ-ja-how-many-as-price", "ja 'ペンはいくつですか' (how many) read as the pen's price",
     _LINEAR + "word_problems.py", "        if item.plural or (post is not None and post not in _PRICE_ASKS):",
     "        if item.plural:", _COMPARED),
    ("linQ-fr-more-than-word", "fr \"de plus que/qu'\" dropped from the table: 'Un cahier coûte 3 € de plus qu'un stylo' not served",
     _LINEAR + "vocabulary/fr.json", "  \"WP_MORE_THAN\": [\n   \"de plus que\",\n   \"de plus qu'\",\n   \"de plus qu’\"\n  ],",
     "  \"WP_MORE_THAN\": [\n   \"de plus quex\"\n  ],", _COMPARED),
    ("linQ-ru-cheaper-rule", "the rule 'Ручка дешевле тетради на 20 рублей' deleted: not served",
     _LINEAR + "request.lark", "                 | wp_item (WP_DEARER | WP_CHEAPER) wp_item_of WP_BY money              -> wp_item_compared  // \"Ручка дешевле тетради на 20 рублей\"\n",
     "", _COMPARED),
    ("linQ-zh-cheaper-word", "zh '便宜' (cheaper) misspelt in the table: '一支笔比一本书便宜5元' not served",
     _LINEAR + "vocabulary/zh.json", '  "WP_CHEAPER": [\n   "便宜"\n  ],', '  "WP_CHEAPER": [\n   "便宜吗"\n  ],', _COMPARED),
    ("linQ-fee-added", "'After paying a $12 stall fee she had $76 left' read as the fee added: 4x + 12 = 76 (16 muffins)",
     _LINEAR + "word_problems.py", "        self._fact(\"fixed\", (-fee, fee_currency))", "        self._fact(\"fixed\", (fee, fee_currency))", _EARNINGS),
    ("linQ-seller-asked-bought", "'A bakery sells muffins ... she had $76 left. How many muffins did she sell?' (whose sales?) served",
     _LINEAR + "word_problems.py", "        facts[\"sale_unasked\"] = True", "        pass", _EARNINGS),
    ("linQ-sold-rule-swapped", "the sold count asked read as any count (wp_asked_count): the seller's story no longer served",
     _LINEAR + "request.lark", "WP_HOW_MANY wp_goods WP_DID_SELL                                        -> wp_asked_sold",
     "WP_HOW_MANY wp_goods WP_DID_SELL                                        -> wp_asked_count", _EARNINGS),
    ("linQ-bill-word-any", "'... and paid $21 ride' (a taxi's bill) read as the total",
     _LINEAR + "word_problems.py", "        if bill is not None and \"*\" not in _BILL_OF.get(bill, ()):",
     "        if False:", _EARNINGS),
    ("linQ-plural-price-no-each", "'Pens cost $2.' (each? all?) read as the price of one pen",
     _LINEAR + "word_problems.py", " or (item.plural and each is None):\n            raise Declined  # \"Pens cost $2\"",
     ":\n            raise Declined  # \"Pens cost $2\"", _EARNINGS),
    ("linQ-known-count-asked", "'How many notebooks did she buy?' (5, given) served the pens' count",
     _LINEAR + "word_problems.py", "    if named != letter or monthly or (unknown is not None and asked != unknown):",
     "    if named != letter or monthly:", _EARNINGS),
    ("linQ-zh-counter-basket", "'一支笔3元 ... 几盒笔' (a box's count priced per pen) served",
     _LINEAR + "word_problems.py", "    if len(currencies) != 1 or any(len({a, b, c} - {\"\"}) > 1 for a, b, c in counters):",
     "    if len(currencies) != 1:", _EARNINGS),
    ("linQ-price-unused", "a unit price no item of the basket uses ('A pencil costs $1.' beside the basket) accepted",
     _LINEAR + "word_problems.py", "    if set(items) != set(prices) or len(items) != len(set(items)):",
     "    if not set(items) <= set(prices) or len(items) != len(set(items)):", _EARNINGS),
    ("linQ-earned-word", "en 'made' dropped from WP_EARNED: 'Last week she made $174.' not served",
     _LINEAR + "vocabulary/en.json", '  "WP_EARNED": [\n   "made",\n', '  "WP_EARNED": [\n', _EARNINGS),
    ("linQ-consecutive-largest-plus", "the largest of consecutive integers written n x + n(n-1)/2: the smallest served for it",
     _LINEAR + "word_problems.py", '    sign = "+" if _RANKS[rank] == "min" else "-"', '    sign = "+"', _CONSECUTIVE),
    ("linQ-consecutive-comparative-of-three", "'the smaller one' of three consecutive integers served as the smallest",
     _LINEAR + "word_problems.py", '    if named != letter or n < 2 or (rank in ("WP_SMALLER", "WP_LARGER") and n != 2):',
     "    if named != letter or n < 2:", _CONSECUTIVE),
    ("linQ-consecutive-not-whole", "'two consecutive integers sum to 58' served 28.5",
     _LINEAR + "word_problems.py", '    return f"{n}{letter} {sign} {offset} = {format_number(total)}", lambda value: value.denominator == 1',
     '    return f"{n}{letter} {sign} {offset} = {format_number(total)}", lambda value: True', _CONSECUTIVE),
    ("linQ-de-consecutive-count", "de 'dreier aufeinanderfolgender zahlen' counted 2 in consecutive_counts",
     _LINEAR + "vocabulary/de.json", '  "dreier aufeinanderfolgender zahlen": 3,', '  "dreier aufeinanderfolgender zahlen": 2,', _CONSECUTIVE),
]
# fmt: on
