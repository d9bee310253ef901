"""Mutation-check rows for wip/jsonD: a listed key a declared relation fixes (a total of the one unit price and
quantity stated). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_REL = f"{_JSON}/relations.py"
_T = ("tests/adversarial/test_json_relations_jsonD.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
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
     _REL, "    if transforms:\n        return {}", "    if False:\n        return {}", _T),
    ("jsonD-hook-dropped", "the relation is never applied: no total served",
     f"{_JSON}/reader.py", "    _relations_applied(transformer, keys, found, stated, transforms)\n", "", _T),
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
