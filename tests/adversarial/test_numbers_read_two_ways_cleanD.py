"""One predicate, "a number read two ways" (core/tasks/digit_groups.py, wip/cleanD), in every reader.

One to three digits, then a point or a comma and exactly three digits ("1.034", "17.500", "1,004",
"250.000", "-1.034"; also "1,034.5": no reader reads a thousands separator) is 1034 in one region and
1.034 in another. Passages and word problems (W22, wip/fuzzC) and a template slot's expression (W23)
already refused it; a JSON statement in English prose read "age 1.034" as 1.034 (the fuzz judge's
open finding json-en-point-group). Now no claim in every JSON table too. Numbers read one way ("1.5",
"0.125", "1.0345", "1034", a decimal comma "1,5" where the table declares it) are served as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.digit_groups import read_two_ways
from stepcache_integrations.core.tasks.json.passage import framed_values
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import assert_json_trap_declined, assert_served_proven, exact_json_pair

# (table, template with {v}, the other key's value, the number key, a value of the table's own format
# to cache first, the values read one way in that table and what they are)
_TABLES: list[tuple[str, str, dict[str, Any], str, str, dict[str, int | float]]] = [
    ("en", 'Return a JSON with "item" and "weight": item: "box", weight: {v}', {"item": "box"}, "weight", "12",
     {"1.5": 1.5, "0.125": 0.125, "1.0345": 1.0345, "1034": 1034, "12.75": 12.75}),
    ("en", "Return JSON with keys name and age. name is Ann, age is {v}.", {"name": "Ann"}, "age", "12",
     {"1.5": 1.5, "0.125": 0.125, "1034": 1034}),
    ("es", 'Dame un JSON con "articulo" y "precio": articulo: "mesa", precio: {v}', {"articulo": "mesa"}, "precio", "12",
     {"1,5": 1.5, "13,75": 13.75, "1034": 1034}),
    ("fr", 'Crée un JSON avec les clés "ville" et "prix". Ville : Nantes, prix : {v}', {"ville": "Nantes"}, "prix", "12",
     {"1,5": 1.5, "1034": 1034}),
    ("de", 'Gib mir ein JSON mit den Schlüsseln "ding" und "preis": ding: "Tisch", preis: {v}', {"ding": "Tisch"}, "preis", "12",
     {"1,5": 1.5, "1034": 1034}),
    ("pt", 'Gere um JSON com "produto" e "preco": produto: "caneta", preço: {v}', {"produto": "caneta"}, "preco", "12",
     {"3,75": 3.75, "1034": 1034}),
    ("it", 'Dammi un JSON con "citta" e "prezzo". Città: Genova, prezzo: {v}', {"citta": "Genova"}, "prezzo", "12",
     {"1,5": 1.5, "1034": 1034}),
    ("ru", 'Оформи в JSON: товар = "лампа", цена = {v}', {"товар": "лампа"}, "цена", "12", {"1034": 1034, "1,5": 1.5}),
    ("zh", '返回一个 JSON，包含 "物品" 和 "价格"：物品："箱子"，价格：{v}', {"物品": "箱子"}, "价格", "12",
     {"1.5": 1.5, "0.125": 0.125, "1034": 1034}),
    ("ja", 'JSON で出力:品名="リンゴ", 価格={v}', {"品名": "リンゴ"}, "価格", "12", {"1.5": 1.5, "1034": 1034}),
]
# Every form read two ways, in every table: a point group, a comma group, signed, a group with a decimal after it
_TWO_WAYS = ["1.034", "17.500", "250.000", "1,004", "-1.034", "1,034.5", "999.999"]
_ONE_WAY = ["1.5", "1.25", "0.125", "1.0345", "1034", "1234.567", "12", "-1.5", "1,5", "10,25", "0,5"]


def _served(table: tuple[str, str, dict[str, Any], str, str, dict[str, int | float]]) -> list[Any]:
    _lang, template, other, key, first, values = table
    return [pytest.param(template, other, key, first, text, value, id=f"{_lang}-{text}") for text, value in values.items()]


def _traps() -> list[Any]:
    return [pytest.param(t[1], t[2], t[3], t[4], text, id=f"{t[0]}-{text}") for t in _TABLES for text in _TWO_WAYS]


@pytest.mark.parametrize("text", _TWO_WAYS)
def test_the_predicate_names_every_two_way_form(text: str) -> None:
    assert read_two_ways(text) and read_two_ways("x " + text, 2)


@pytest.mark.parametrize("text", _ONE_WAY)
def test_the_predicate_leaves_numbers_read_one_way(text: str) -> None:
    assert not read_two_ways(text)


@pytest.mark.parametrize(("template", "other", "key", "first", "text", "value"), [p for t in _TABLES for p in _served(t)])
def test_a_number_read_one_way_is_still_served_exact(template: str, other: dict[str, Any], key: str, first: str, text: str,
                                                     value: float) -> None:
    old, new = template.format(v=first), template.format(v=text)
    assert_served_proven(exact_json_pair("one-way", old, {**other, key: int(first)}, new, {**other, key: value}))


@pytest.mark.parametrize(("template", "other", "key", "first", "text"), _traps())
def test_a_number_read_two_ways_is_no_claim_in_json_prose(template: str, other: dict[str, Any], key: str, first: str,
                                                          text: str) -> None:
    # the "wrong" object is the English reading: served it would be a guess in any table
    read = read_request(template.format(v=first))
    assert read is not None and read.statements[key].value == int(first)  # the table reads the shape
    english = float(text.replace(",", "")) if "." in text.replace(",", "") else int(text.replace(",", ""))
    assert_json_trap_declined(template.format(v=text), template.format(v=first), {**other, key: int(first)},
                              {**other, key: english})


# (table, keys, passage, the number read or None): a passage's number read two ways leaves its role unread
_PASSAGES: list[tuple[str, list[str], str, float | None]] = [
    ("en", ["product", "price"], "The X2 costs -1.034 dollars.", None),   # read as -1.034 before wip/cleanD
    ("en", ["product", "price"], "The X2 costs $1,034.5.", None),
    ("en", ["product", "price"], "The X2 costs $1.034.", None),
    ("es", ["producto", "precio"], "La Bora 3 cuesta 1.034 euros.", None),
    ("de", ["firma", "mitarbeiter"], "Die Schmidt AG beschäftigt 1.034 Leute.", None),
    ("pt", ["cliente", "valor"], "O cliente Tiago pagou 1,034 reais.", None),
    ("en", ["product", "price"], "The X2 costs -1.5 dollars.", -1.5),
    ("en", ["product", "price"], "The X2 costs $0.125.", 0.125),         # refused by the passage's old check
    ("es", ["producto", "precio"], "La Bora 3 cuesta 1034 euros.", 1034),
    ("de", ["firma", "mitarbeiter"], "Die Schmidt AG beschäftigt 1034 Leute.", 1034),
    ("pt", ["cliente", "valor"], "O cliente Tiago pagou -87,5 reais.", -87.5),
]


@pytest.mark.parametrize(("language", "keys", "passage", "number"), _PASSAGES)
def test_a_passage_number_is_read_only_one_way(language: str, keys: list[str], passage: str, number: float | None) -> None:
    read = {key: value for key, (value, _b, _e) in framed_values(passage, keys, language).items()}
    assert read == ({} if number is None else {keys[0]: read.get(keys[0]), keys[1]: number}), read


# beside a unit or in a template slot's expression: None where the number is read two ways
_BESIDE: list[tuple[str, str, float | None]] = [
    ('Express 1.034% as a decimal and return JSON {"ratio": <number>}.', "ratio", None),
    ('Convert 1.034 km to meters and return JSON {"m": <number>}.', "m", None),
    ('Convierte 1.034 km a metros y devuelve JSON {"m": <number>}.', "m", None),
    ('Fill in the template {"total": <value>} with the total of 1.034 + 2', "total", None),
    ('Fill in the template {"total": <value>} with the total of 2 + -1.034', "total", None),
    ('Return JSON {"price": ...} with the price 12.456 rounded to two decimal places.', "price", None),  # jsonR2's reach before
    ('把价格 88.456 四舍五入到两位小数，返回 JSON {"price": ...}。', "price", None),                        # jsonT's, zh too
    ('Return JSON {"price": ...} with the price 1012.456 rounded to two decimal places.', "price", 1012.46),
    ('Express 1.5% as a decimal and return JSON {"ratio": <number>}.', "ratio", 0.015),
    ('Express 45% as a decimal and return JSON {"ratio": <number>}.', "ratio", 0.45),
    ('Convert 1.5 km to meters and return JSON {"m": <number>}.', "m", 1500),
    ('Fill in the template {"total": <value>} with the total of 0.125 + 2', "total", 2.125),
]


@pytest.mark.parametrize(("prompt", "key", "value"), _BESIDE)
def test_a_number_beside_a_unit_or_in_an_expression_is_read_only_one_way(prompt: str, key: str, value: float | None) -> None:
    read = read_request(prompt)
    if value is None:
        assert read is None or not read.statements, (prompt, read)
    else:
        assert read is not None and read.statements[key].value == value, (prompt, read)
