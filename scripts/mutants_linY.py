"""Mutation-check rows for a shop's price each and a fixed amount paid with the purchase (a fee also a part of
any cart), and a level's rise over time, in en es pt it de fr (branch wip/linY, 2026-12-06). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_VOCAB = _LINEAR + "vocabulary/"
_SHOP = ("tests/adversarial/test_linear_shop_fee_linY.py",)
_RISE = ("tests/adversarial/test_linear_rise_over_time_linY.py",)
_ZH = ("tests/adversarial/test_linear_zh_each_linY.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linY-fee-taken-away", "a fee paid with the purchase composed as taken away (25x - 10 = 110)",
     _LINEAR + "word_problems.py", '        total = next(c for c in children if _is_money(c) and c is not fee)\n        self._fact("total", (*total, False))\n        self._fact("basket", ((), None, "", (fee,)))',
     '        total = next(c for c in children if _is_money(c) and c is not fee)\n        self._fact("total", (*total, False))\n        self._fact("basket", ((), None, "", ((-fee[0], fee[1]),)))', _SHOP),
    ("linY-fee-part-taken-away", "a fee in a cart composed as taken away",
     _LINEAR + "word_problems.py", "        return _Part(_FEE, Fraction(1), _money(children))",
     "        return _Part(_FEE, Fraction(-1), _money(children))", _SHOP),
    ("linY-fee-total-swapped", "the fee read as the total and the total as the fee",
     _LINEAR + "word_problems.py", "        fee = children[fee_at - 1]\n",
     "        fee = next(c for c in children if _is_money(c) and c is not children[fee_at - 1])\n", _SHOP),
    ("linY-seller-each-unchecked", "a seller's price read with any closing word ('a 3 euros todos', 'at $25 its')",
     _LINEAR + "word_problems.py", "            if each is not None and each not in _EACH:\n",
     "            if False:\n", _SHOP),
    ("linY-seller-two-prices", "a second price of the item kept by the seller's sentence",
     _LINEAR + "word_problems.py", "        self._unit_price(item, children)\n\n    def wp_fee_paid",
     '        self.__dict__.setdefault("word_facts", {}).setdefault("unit_prices", {})[item.word] = (*_money(children), "")\n' + "\n    def wp_fee_paid", _SHOP),  # re-anchored (wip/cleanH: the seller's price set without _unit_price's check)
    ("linY-with-rule-deleted", "the rule 'With a $10 shipping fee, I paid $110 in total' deleted",
     _LINEAR + "request.lark", "                 | (WITH | WP_INCLUDING) ART? money _wp_fee COMMA? WP_I_PAID money WP_IN_TOTAL?            -> wp_fee_paid ",
     "                 | (WITH | WP_INCLUDING) ART? money _wp_fee WP_I_PAID money WP_IN_TOTAL?                   -> wp_fee_paid ", _SHOP),
    ("linY-fee-part-deleted", "the fee as a part of a cart deleted",
     _LINEAR + "request.lark", "%extend wp_part: ART? money _wp_fee -> wp_part_fee",
     "%extend wp_part: ART? money _wp_fee WP_FEE -> wp_part_fee", _SHOP),
    ("linY-en-shipping-fee-word", "en WP_FEE 'shipping fee' removed from the table",
     _VOCAB + "en.json", '   "shipping fee",\n', "", _SHOP),
    ("linY-de-zu-je-word", "de WP_EACH_PRE 'zu je' removed from the table",
     _VOCAB + "de.json", '"WP_EACH_PRE": ["zu je", "für je", "je"]', '"WP_EACH_PRE": ["für je", "je"]', _SHOP),
    ("linY-en-discount-a-fee", "en 'discount' a fee word (a discount added to the total)",
     _VOCAB + "en.json", '   "shipping fee",\n', '   "shipping fee",\n   "discount",\n', _SHOP),
    ("linY-rise-drops", "en 'drops' a rising word (a fall read as a rise)",
     _VOCAB + "en.json", '"WP_RISES": ["climbs", ', '"WP_RISES": ["drops", "climbs", ', _RISE),
    ("linY-every-unchecked", "'climbs 3 degrees its hour' read (any word before the unit of time)",
     _LINEAR + "word_problems.py", "        if each is not None and each not in _EVERY:\n", "        if False:\n", _RISE),
    ("linY-rise-measure-ignored", "the rise's measure not compared ('5 degrees ... climbs 3 cm every hour')",
     _LINEAR + "word_problems.py", "frozenset({measure, rise_measure})", "frozenset({measure})", _RISE),
    ("linY-after-unit-ignored", "the time's unit after 'After h' not compared with the rise's ('every hour ... After h minutes')",
     _LINEAR + "word_problems.py", '        self._fact("count", (letter, _unit(children)))\n        self._fact("total", (*next(',
     '        self._fact("count", (letter, self.word_facts["charge"].unit if "charge" in self.word_facts else _unit(children)))\n        self._fact("total", (*next(', _RISE),
    ("linY-fr-every-word", "fr every_words 'chaque' removed from the table",
     _VOCAB + "fr.json", ' "every_words": ["chaque"],', ' "every_words": [],', _RISE),
    ("linY-rise-rule-deleted", "the rule 'A thermometer reads 5 degrees and climbs 3 degrees every hour' deleted",
     _LINEAR + "request.lark", "%extend word_fact: ART? WP_GAUGE (WP_READS | EQUALS) wp_level AND WP_RISES",
     "%extend word_fact: ART? WP_GAUGE (WP_READS | EQUALS) wp_level AND AND WP_RISES", _RISE),
    # (no row for _each_resolved's counter check: _basket_agrees declines '每盒' too, so a mutant of it survives by design)
    ("linY-zh-same-item-two-prices", "zh '又买了一支8元的笔' beside '每支5元' of the same item read",
     _LINEAR + "word_problems.py", "        if other_item.word == item:\n", "        if False:\n", _ZH),
    ("linY-zh-each-before-item", "zh '每支5元' read before any item bought",
     _LINEAR + "word_problems.py", '        if "asked_bought" not in self.__dict__.setdefault("word_facts", {}):\n            raise Declined  # "每支5元" with no item',
     '        if False:\n            raise Declined  # "每支5元" with no item', _ZH),
    ("linY-zh-repeat-any-item", "zh a question of another item after the purchase said ('他买了几个本子？') taken as the same",
     _LINEAR + "word_problems.py", 'if "each_price" in facts and facts.get("asked_bought") == asked:', 'if "each_price" in facts and "asked_bought" in facts:', _ZH),
    ("linY-zh-each-rule-deleted", "the zh rule '每支5元' deleted",
     _LINEAR + "request.lark", "%extend word_fact: WP_EACH WP_CL money                                  -> wp_each_price",
     "%extend word_fact: WP_EACH WP_CL money WP_CL                           -> wp_each_price", _ZH),
]
# fmt: on
