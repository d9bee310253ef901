"""Mutation-check rows for wip/jsonD: a listed key a declared relation fixes (a total of the one unit price and
quantity stated). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_REL = f"{_JSON}/relations.py"
_T = ("tests/adversarial/test_json_relations_jsonD.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonD-count-beside-number", "a bare 'count' beside another number ('visits 4') counts the list anyway",
     _REL, "        if len(lists) != 1 or not all(isinstance(values.get(k), str) for k in others):", "        if len(lists) != 1:", _T),
    ("jsonD-two-count-keys", "two count keys ('num_tags' and 'count'): the first computed",
     _REL, "    if len(counts) != 1:\n        return {}\n    key, named", "    if not counts:\n        return {}\n    key, named", _T),
    ("jsonD-count-stated-recomputed", "a count the prompt states is recomputed from the list",
     _REL, "for key in keys if key not in values}", "for key in keys}", _T),
    ("jsonD-en-count-of-dropped", "en '{} count' left out of the table: 'skills_count' no longer served",
     f"{_JSON}/vocabulary/en.json", '"count_of": ["{} count", ', '"count_of": [', _T),
    ("jsonD-zh-count-of-dropped", "zh '{}数量' left out of the table: '标签数量' no longer served",
     f"{_JSON}/vocabulary/zh.json", '"count_of": ["{}数量", ', '"count_of": [', _T),
    ("jsonD-each-optional", "a count priced without a per-unit word ('3 mugs at 4 dollars') read: 4 may be the price of all",
     f"{_JSON}/request.lark", "CURRENCY? NUMBER CURRENCY? EACH -> priced_stmt", "CURRENCY? NUMBER CURRENCY? EACH? -> priced_stmt", _T),
    ("jsonD-two-priced", "two counts priced per unit ('3 shirts at 15 each and 2 hats at 10 each'): the first read as the whole",
     f"{_JSON}/reader.py", "    if len(transformer.priced) != 1:\n        return None", "    if not transformer.priced:\n        return None", _T),
    ("jsonD-count-twice", "the count said twice ('3 shirts at 15 each, quantity 4'): the priced one wins",
     f"{_JSON}/reader.py", "    if any(key in values for key in said):\n        return None", "    if False:\n        return None", _T),
    ("jsonD-at-a-key", "'at' left a key: 'at 15' lexed as a statement, no count priced read",
     f"{_JSON}/reader.py", '_NO_KEY |= {"PRICED_AT", "PRICED_EACH", "EACH", "EACH_BEFORE", "CURRENCY"}', '_NO_KEY |= {"PRICED_EACH", "EACH", "EACH_BEFORE", "CURRENCY"}', _T),
    ("jsonD-en-each-dropped", "en 'each' left out of the table: '3 shirts at 15 each' no longer served",
     f"{_JSON}/vocabulary/en.json", '"EACH": ["each", ', '"EACH": [', _T),
    ("jsonD-ru-po-dropped", "ru 'по' left out of the table: '3 кружки по 40 рублей' no longer served",
     f"{_JSON}/vocabulary/ru.json", '"PRICED_EACH": ["по"]', '"PRICED_EACH": []', _T),
    ("jsonD-noun-any-key", "the count given to the first listed key when no quantity key is listed ('3 shirts' for 'hats')",
     f"{_JSON}/reader.py", 'or [k for k in keys if k == noun.value]', 'or [k for k in keys if relation_role(k) is None][:1]', _T),
    ("jsonD-fee-counted", "another stated number beside the operands ('fee 2', 'discount 1') no longer declines: total served 12",
     _REL, "        if key not in (total, price, quantity) and not (key in values and isinstance(values[key], str)):",
     "        if key not in (total, price, quantity) and not (key in values or isinstance(values[key], str)):", _T),
    ("jsonD-unlisted-ignored", "an unlisted stated number ('..., discount 1') no longer declines: only listed keys checked",
     _REL, "    for key in dict.fromkeys([*keys, *values]):", "    for key in dict.fromkeys(keys):", _T),
    ("jsonD-stated-total-recomputed", "a total the prompt states is overwritten by the relation",
     _REL, "    if total in values or price not in values", "    if price not in values", _T),
    ("jsonD-fractional-quantity", "a quantity of 2.5 is multiplied",
     _REL, "count.denominator != 1 or count < 0 or isinstance(values[quantity], float)", "count < 0", _T),
    ("jsonD-inexact-double", "a product no double writes exactly is served rounded",
     _REL, "    return {total: written} if Fraction(repr(written)) == exact else {}", "    return {total: written}", _T),
    ("jsonD-int-price-as-float", "an integer price's total served as a float (12.0 for 12)",
     _REL, "    if isinstance(values[price], int):\n        return {total: int(exact)}", "    if False:\n        return {total: int(exact)}", _T),
    ("jsonD-transform-ignored", "a declared transform ('Round the total to the nearest ten') beside the relation is ignored",
     _REL, "    if transforms:\n        return {}  # \"Round the total\"", "    if False:\n        return {}  # \"Round the total\"", _T),
    ("jsonD-hook-dropped", "the relation is never applied: no total served, no count priced read as a statement",
     f"{_JSON}/reader.py", "    if not _relations_applied(transformer, keys, found, stated, transforms):\n        return None\n", "", _T),
    ("jsonD-price-unmarked", "'price' (not marked per unit) declared a unit price: 'price 4, quantity 3' served total 12",
     f"{_JSON}/vocabulary/en.json", '"unit_price": ["unit price", ', '"unit_price": ["price", "unit price", ', _T),
    ("jsonD-weight-total", "'total weight' declared a total: a weight total served from a price",
     f"{_JSON}/vocabulary/en.json", '"total": ["total", "amount", ', '"total": ["total", "total weight", "amount", ', _T),
    ("jsonD-de-summe-dropped", "de 'Summe' left out of the table: 'Einzelpreis, Menge und Summe' no longer served",
     f"{_JSON}/vocabulary/de.json", '"total": ["Summe", ', '"total": [', _T),
    ("jsonD-zh-unit-price-dropped", "zh '单价' left out of the table: no zh total served",
     f"{_JSON}/vocabulary/zh.json", '"unit_price": ["单价", ', '"unit_price": [', _T),
    ("jsonD-ru-price-unmarked", "ru 'цена' declared a unit price: 'цена 40, количество 3' served сумма 120",
     f"{_JSON}/vocabulary/ru.json", '"unit_price": ["цена за штуку", ', '"unit_price": ["цена", "цена за штуку", ', _T),
]
# fmt: on
