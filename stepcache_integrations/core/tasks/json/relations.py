"""Derived keys: a listed key whose value a relation the tables declare by the key's words fixes (wip/jsonD).

A JSON request may list a key it states no value for, whose value is nonetheless fixed: a **total** (the
tables' ``relations.total`` words: total, amount, subtotal, Summe, сумма, 总价, 合計 ...) is the one
**quantity** stated (``relations.quantity``: quantity, qty, cantidad, Menge, количество, 数量 ...) times the
one **unit price** stated (``relations.unit_price``: a key marked per unit, unit_price, price_each,
precio_unitario, Einzelpreis, 单价, 単価 ...). The relation is the proof: the value is computed exactly
(``fractions.Fraction`` over the literals as written) and becomes the key's statement, so the checks hold an
answer to it as to any stated value and a changed quantity or price re-instantiates it by recomputing.

Anything else is no claim (the key stays unstated): a key the relation does not declare ("average",
"total_weight"), a second price, count or total key, another number stated or another key unstated (a
fee, a tax, a discount may enter the total), a price not marked per unit ("price": it may be the total),
a quantity that is no whole number, a declared transform, a product no double writes exactly.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..request_language import fold

__all__ = ["TABLES", "derived_counts", "derived_totals", "relation_role"]

_ROLES = ("total", "unit_price", "quantity")
#: The JSON vocabulary tables by language, read once here (json/reader.py reads them from this module).
TABLES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (Path(__file__).parent / "vocabulary").glob("[!_]*.json")}
_SEPARATORS = re.compile(r"[\s_-]+")


def _folded_key(word: str) -> str:
    """A key or table word as the relations compare it: folded, "_", "-" and spaces one space."""
    return _SEPARATORS.sub(" ", fold(word)).strip()


def _relation_words(name: str) -> tuple[str, ...]:
    """The tables' ``relations[name]`` words, folded, from every table: a key is an identifier, often
    written in another language than the prompt ("Верни JSON с ключами price, quantity, total")."""
    return tuple(dict.fromkeys(_folded_key(w) for table in TABLES.values() for w in table.get("relations", {}).get(name, ())))


_WORDS = {role: frozenset(_relation_words(role)) for role in _ROLES}


def relation_role(key: str) -> str | None:
    """The role the tables declare for ``key``'s words ("total", "unit_price", "quantity"), or None."""
    folded = _folded_key(key)
    roles = [role for role in _ROLES if folded in _WORDS[role]]
    return roles[0] if len(roles) == 1 else None


def _number(value: Any) -> Fraction | None:
    """A stated number exactly as written (never a bool); None for any other value."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return Fraction(value) if isinstance(value, int) else Fraction(repr(value))


def derived_totals(keys: list[str], values: dict[str, Any], transforms: dict[str, str],
                   said: dict[str, str] | None = None) -> dict[str, int | float]:
    """The total key's value when the relation fixes it (see the module's docstring); {} otherwise.
    ``keys`` are the listed keys, ``values`` the stated values by key, ``said`` the roles a count priced per
    unit gave keys ("2 tickets at 15 each": "tickets" is the quantity)."""
    if transforms:
        return {}  # "Round the total", "price in euros": a transform may change what the relation multiplies
    roles = _total_roles(keys, values, said or {})
    if roles is None:
        return {}
    total, price, quantity = roles
    unit, count = _number(values[price]), _number(values[quantity])
    if unit is None or count is None or count.denominator != 1 or count < 0 or isinstance(values[quantity], float):
        return {}
    return _written_total(total, unit * count, isinstance(values[price], int))


def _total_roles(keys: list[str], values: dict[str, Any], said: dict[str, str]) -> tuple[str, str, str] | None:
    """(total, unit price, quantity) keys when each role is one listed key, the operands stated, the total not,
    and every other key a stated string; None otherwise."""
    roles = {key: said.get(key) or relation_role(key) for key in keys}
    by_role = {role: [k for k in keys if roles[k] == role] for role in _ROLES}
    if any(len(by_role[role]) != 1 for role in _ROLES):
        return None  # no total, two prices, two counts, two totals: which one is meant is not said
    total, price, quantity = (by_role[role][0] for role in _ROLES)
    if total in values or price not in values or quantity not in values:
        return None  # a total stated is the prompt's own value; an operand unstated fixes nothing
    if not _strings_beside((total, price, quantity), keys, values):
        return None  # another number, listed or not, or an unstated key ("fee", "tax", "discount") may enter the total
    return total, price, quantity


def _strings_beside(operands: tuple[str, ...], keys: list[str], values: dict[str, Any]) -> bool:
    """Every key but the relation's, listed or stated, is a stated string."""
    return all(key in operands or (key in values and isinstance(values[key], str)) for key in dict.fromkeys([*keys, *values]))


def _written_total(total: str, exact: Fraction, integral_price: bool) -> dict[str, int | float]:
    """The total as JSON writes it: an int for an int price, else the double that is exactly it ({} if none)."""
    if integral_price:
        return {total: int(exact)}
    written = float(exact)
    return {total: written} if Fraction(repr(written)) == exact else {}


# A count's key, said of any list ("count", "item_count") or of one list key by a declared pattern ("{} count":
# "tag_count" for "tag"... only as written: "tags_count", "num_tags", "number_of_tags" for "tags").
_COUNT_WORDS = frozenset(_relation_words("count"))
_COUNT_OF = _relation_words("count_of")


def _counted_list(key: str, lists: list[str]) -> str | None:
    """The list key ``key`` names the count of by a declared pattern ("num_tags" -> "tags"), or None."""
    folded = _folded_key(key)
    named = [name for name in lists if any(folded == pattern.replace("{}", _folded_key(name)) for pattern in _COUNT_OF)]
    return named[0] if len(named) == 1 else None


def derived_counts(keys: list[str], values: dict[str, Any], transforms: dict[str, str]) -> dict[str, int]:
    """A listed count key's value: the number of items of the one list it counts (wip/jsonD, relation 3). "num_tags",
    "tag_count" (a declared pattern of the list key's name) counts that stated list; "count" (a declared count word)
    counts the one list stated when every other key is a stated string. {} otherwise (no claim): the count stated,
    two count keys, a list unstated, another number or an unstated key beside a bare "count", a transform."""
    if transforms:
        return {}
    lists = [key for key in keys if isinstance(values.get(key), list)]
    counts = {key: _counted_list(key, lists) for key in keys if key not in values}
    counts = {key: named for key, named in counts.items() if named is not None or _folded_key(key) in _COUNT_WORDS}
    if len(counts) != 1:
        return {}
    key, named = next(iter(counts.items()))
    named = named if named is not None else _the_one_list(key, keys, values, lists)
    return {} if named is None else {key: len(values[named])}


def _the_one_list(key: str, keys: list[str], values: dict[str, Any], lists: list[str]) -> str | None:
    """The list a bare count word counts: the one list stated, every other key a stated string; else None
    ("count" beside another number or list, or an unstated key: what it counts is not said)."""
    if len(lists) != 1 or not _strings_beside((key, *lists), keys, values):
        return None
    return lists[0]
