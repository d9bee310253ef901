"""JSON requests that state their values without a key list (issue 33, item 4): "Convert this to
JSON: sku = "AB-100", qty = 3", "name: "Ana"\\nage: 31", "her name is "Ana"", a CSV header and one
data line, in nine languages.
The stated keys are the keys asked: a changed value is re-instantiated without a model call and
proven; a renamed, dropped or added key, a rule on the values ("don't include", "in French"), another
layout ("as a list", "as YAML") or nesting is never served from the cached object. Phrasings are
our own.

Every pair runs through a real StepCache with the oracle model (tests/adversarial/harness.py); the
judge here is exact (the same keys, values and JSON types), so an extra or renamed key fails it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepcache_integrations import StepCache

from .harness import Outcome, claimed, dumps, exact_json_pair as pair, not_served_proven, run_pair, wrong_answers

Obj = dict[str, Any]


# (class, template with {a} and {b}, old values, new values): the template's keys are the values' keys.
SHAPES: list[tuple[str, str, Obj, Obj]] = [
    ("en/convert-colon", "Convert this to JSON: sku: {a}, qty: {b}", {"sku": "AB-100", "qty": 3}, {"sku": "AB-100", "qty": 5}),
    ("en/convert-equals", "Convert to JSON: sku={a}, qty={b}", {"sku": "AB-100", "qty": 3}, {"sku": "CD-7", "qty": 3}),
    ("en/lines", "Turn this into JSON:\nname: {a}\nage: {b}", {"name": "Ana", "age": 31}, {"name": "Ana", "age": 32}),
    ("en/lines-after-return", "Return JSON:\ncity: {a}\nzip: {b}", {"city": "Lyon", "zip": "69001"}, {"city": "Nice", "zip": "06000"}),
    ("en/quoted-keys", 'Please convert the following to JSON: "title": {a}, "year": {b}',
     {"title": "Dune", "year": 1965}, {"title": "Emma", "year": 1815}),
    ("en/values-first", "model: {a}\nprice: {b}\nConvert this to JSON.", {"model": "Lumo", "price": 24.99}, {"model": "Lumo", "price": 19.5}),
    ("en/copula", "The city is {a} and the population is {b}. Return JSON.", {"city": "Lyon", "population": 520000},
     {"city": "Lyon", "population": 530000}),
    ("en/possessive", "Her name is {a} and her age is {b}. Give me this as JSON.", {"name": "Ana", "age": 31},
     {"name": "Mia", "age": 31}),
    ("en/bare-name", "Give me this as JSON: city = {a}, population = {b}", {"city": "Paris", "population": 2100000},
     {"city": "Rome", "population": 2800000}),
    ("en/decimal-kept", "Convert to JSON: item: {a}, price: {b}", {"item": "kettle", "price": 24.99}, {"item": "kettle", "price": 24.9}),
    ("es/convierte", "Convierte esto a JSON: nombre: {a}, edad: {b}", {"nombre": "Ana", "edad": 31}, {"nombre": "Eva", "edad": 31}),
    ("fr/convertis", "Convertis ceci en JSON : ville = {a}, habitants = {b}", {"ville": "Lyon", "habitants": 520000},
     {"ville": "Lyon", "habitants": 522000}),
    ("de/wandle-um", "Wandle das in JSON um: stadt = {a}, einwohner = {b}", {"stadt": "Bern", "einwohner": 134000},
     {"stadt": "Basel", "einwohner": 178000}),
    ("pt/converta", "Converta isto para JSON: cidade: {a}, populacao: {b}", {"cidade": "Recife", "populacao": 1650000},
     {"cidade": "Recife", "populacao": 1660000}),
    ("it/converti", "Converti questo in JSON: città: {a}, abitanti: {b}", {"città": "Pisa", "abitanti": 90000},
     {"città": "Lucca", "abitanti": 89000}),
    ("ru/preobrazuy", "Преобразуй в JSON: город: {a}, население: {b}", {"город": "Тверь", "население": 410000},
     {"город": "Тверь", "население": 420000}),
    ("zh/ba-convert", "请把以下内容转换成JSON：城市：{a}，人口：{b}", {"城市": "南京", "人口": 9000000}, {"城市": "苏州", "人口": 12000000}),
    ("ja/henkan", "以下をJSONに変換してください：都市: {a}、人口: {b}", {"都市": "札幌", "人口": 1970000}, {"都市": "仙台", "人口": 1090000}),
]


def _literal(value: Any, template: str) -> str:
    """A value as the template writes it: strings quoted, except the bare-name shapes."""
    if not isinstance(value, str):
        return str(value)
    if "city = {a}" in template or template.startswith(("请", "以下")):
        return value
    return f'"{value}"'


def _fill(template: str, values: Obj) -> str:
    a, b = (_literal(v, template) for v in values.values())
    return template.format(a=a, b=b)


SERVED = [pair(f"json-no-keys/{name}", _fill(t, old), old, _fill(t, new), new, benign=True) for name, t, old, new in SHAPES]
# A lowercase word is a value only in a conversion request (what follows it is data).
SERVED.append(pair("json-no-keys/lowercase-value", "Convert to JSON: product: lamp, color: teal, price: 24.99",
                   {"product": "lamp", "color": "teal", "price": 24.99},
                   "Convert to JSON: product: desk, color: teal, price: 24.99",
                   {"product": "desk", "color": "teal", "price": 24.99}, benign=True))
SERVED.append(pair("json-no-keys/es-lowercase-lines", "Convierte esto a JSON:\ncolor: azul\ntalla: 42",
                   {"color": "azul", "talla": 42}, "Convierte esto a JSON:\ncolor: verde\ntalla: 42",
                   {"color": "verde", "talla": 42}, benign=True))
# Beside a key list, lowercase words are values when the statements are the whole record the list
# asks for (the English table declares "lowercase_values"; wip/jsonA: this pair was a decline before).
SERVED.append(pair("json-no-keys/lowercase-beside-key-list", 'Return a JSON object with keys name and age: name: ana, age: 31',
                   {"name": "ana", "age": 31}, 'Return a JSON object with keys name and age: name: eva, age: 31',
                   {"name": "eva", "age": 31}, benign=True))
# A CSV header and one data line: the header's keys, each cell typed as a statement's value.
SERVED.append(pair("json-no-keys/csv", "Convert this CSV to JSON:\nsku,qty,price\nAB-100,3,24.99",
                   {"sku": "AB-100", "qty": 3, "price": 24.99}, "Convert this CSV to JSON:\nsku,qty,price\nAB-100,4,24.99",
                   {"sku": "AB-100", "qty": 4, "price": 24.99}, benign=True))
SERVED.append(pair("json-no-keys/csv-spaced-quoted", 'Convert this to JSON:\nname, zip\n"Ana", "01234"',
                   {"name": "Ana", "zip": "01234"}, 'Convert this to JSON:\nname, zip\n"Ana", "04321"',
                   {"name": "Ana", "zip": "04321"}, benign=True))
# A template of blank values to fill: its keys are asked, each value of the type its blank asks for.
FILL = 'Fill this JSON: {{"title": "", "year": 0}} with title "{t}" and year {y}'
SERVED.append(pair("json-no-keys/template", FILL.format(t="Dune", y=1965), {"title": "Dune", "year": 1965},
                   FILL.format(t="Emma", y=1815), {"title": "Emma", "year": 1815}, benign=True))
SERVED.append(pair("json-no-keys/es-template", 'Rellena esta plantilla JSON: {"titulo": "", "anio": 0} con titulo "Dune" y anio 1965',
                   {"titulo": "Dune", "anio": 1965},
                   'Rellena esta plantilla JSON: {"titulo": "", "anio": 0} con titulo "Dune" y anio 1966',
                   {"titulo": "Dune", "anio": 1966}, benign=True))
# The entity word changed, the same keys and values: the cached object is served as it is.
SERVED.append(pair("json-no-keys/entity-word", 'Return a JSON object for a person with name "Ana" and age 31.',
                   {"name": "Ana", "age": 31}, 'Return a JSON object for a student with name "Ana" and age 31.',
                   {"name": "Ana", "age": 31}, benign=True))
# A stated key added: its value is stated, so the object is re-instantiated with it.
SERVED.append(pair("json-no-keys/key-added", 'Convert this to JSON: sku: "AB-100", qty: 3',
                   {"sku": "AB-100", "qty": 3}, 'Convert this to JSON: sku: "AB-100", qty: 3, color: "teal"',
                   {"sku": "AB-100", "qty": 3, "color": "teal"}, benign=True))

BASE = 'Convert this to JSON: item: "lamp", price: 24.99'
BASE_OBJ = {"item": "lamp", "price": 24.99}
BASE_EQUALS = 'Convert this to JSON: item="lamp", price=24.99'
# Never the cached object: the model answers (or the stated values are re-served only when proven).
TRAPS = [
    # wip/jsonG: capitalised labels with no key list are the keys as written (case kept): a renamed key, never the cached object
    pair("json-no-keys/capitalised-key", BASE, BASE_OBJ, 'Convert this to JSON: Item: "lamp", Price: 24.99',
         {"Item": "lamp", "Price": 24.99}),
    pair("json-no-keys/key-renamed", BASE, BASE_OBJ, 'Convert this to JSON: product: "lamp", price: 24.99',
         {"product": "lamp", "price": 24.99}),
    pair("json-no-keys/key-dropped", BASE, BASE_OBJ, 'Convert this to JSON: item: "lamp"', {"item": "lamp"}),
    pair("json-no-keys/zero-padded", 'Convert to JSON: code: "007", qty: 3', {"code": "007", "qty": 3},
         'Convert to JSON: code: "008", qty: 3', {"code": "008", "qty": 3}),
    pair("json-no-keys/string-to-number", BASE, BASE_OBJ, 'Convert this to JSON: item: "lamp", price: "24.99"',
         {"item": "lamp", "price": "24.99"}),
]
NO_CLAIM = [
    pair("json-no-keys/dont-include", BASE, BASE_OBJ, BASE + ". Don't include the price.", {"item": "lamp"}),
    pair("json-no-keys/as-a-list", BASE, BASE_OBJ, BASE.replace("to JSON", "to a JSON list"), {"item": "lamp", "price": 24.99}),
    pair("json-no-keys/nested", BASE, BASE_OBJ, BASE + ", with the price nested in an offer object",
         {"item": "lamp", "offer": {"price": 24.99}}),
    pair("json-no-keys/values-in-french", BASE, BASE_OBJ, BASE + ". Write the values in French.",
         {"item": "lampe", "price": 24.99}),
    pair("json-no-keys/stated-twice", BASE, BASE_OBJ, 'Convert this to JSON: item: "lamp", price: 24.99, price: 25',
         {"item": "lamp", "price": 25}),
    pair("json-no-keys/asked-about", BASE, BASE_OBJ, 'Convert this to JSON: item: "lamp", price: 24.99?', BASE_OBJ),
    pair("json-no-keys/asked-about-first", 'item: "lamp". price: 24.99. Convert this to JSON.', BASE_OBJ,
         'item: "lamp". price: 24.99? Convert this to JSON.', BASE_OBJ),
    # the same outside a colon block (W27's YAML reading checks colon blocks only)
    pair("json-no-keys/stated-twice-equals", BASE_EQUALS, BASE_OBJ, 'Convert this to JSON: item="lamp", price=24.99, price=25',
         {"item": "lamp", "price": 25}),
    pair("json-no-keys/asked-about-equals", BASE_EQUALS, BASE_OBJ, 'Convert this to JSON: item="lamp", price=24.99?', BASE_OBJ),
    pair("json-no-keys/lowercase-outside-conversion", "Return JSON: color: teal, size: 42", {"color": "teal", "size": 42},
         "Return JSON: color: blue, size: 42", {"color": "blue", "size": 42}),
    pair("json-no-keys/type-word", "Convert to JSON: name: string, age: 31", {"name": "Ana", "age": 31},
         "Convert to JSON: name: string, age: 32", {"name": "Ana", "age": 32}),
    # a lowercase word beside a key list that the statements do not fill: it may describe the key
    pair("json-no-keys/lowercase-beside-part-of-key-list", 'Return a JSON object with keys name, age and city: name: ana, age: 31',
         {"name": "ana", "age": 31, "city": "Lima"},
         'Return a JSON object with keys name, age and city: name: eva, age: 31', {"name": "eva", "age": 31, "city": "Lima"}),
    pair("json-no-keys/csv-two-rows", "Convert this CSV to JSON:\nsku,qty\nAB-100,3", {"sku": "AB-100", "qty": 3},
         "Convert this CSV to JSON:\nsku,qty\nAB-100,3\nCD-200,5", {"sku": "AB-100", "qty": 3}),
    pair("json-no-keys/csv-missing-cell", "Convert this CSV to JSON:\nsku,qty\nAB-100,3", {"sku": "AB-100", "qty": 3},
         "Convert this CSV to JSON:\nsku,qty,price\nAB-100,3", {"sku": "AB-100", "qty": 3}),
    pair("json-no-keys/csv-capitalised-header", "Convert this CSV to JSON:\nsku,qty\nAB-100,3", {"sku": "AB-100", "qty": 3},
         "Convert this CSV to JSON:\nSku,Qty\nAB-100,3", {"sku": "AB-100", "qty": 3}),
    pair("json-no-keys/template-type-mismatch", FILL.format(t="Dune", y=1965), {"title": "Dune", "year": 1965},
         FILL.format(t="Dune", y='"1965"'), {"title": "Dune", "year": 1965}),
    pair("json-no-keys/template-filled-value", FILL.format(t="Dune", y=1965), {"title": "Dune", "year": 1965},
         'Fill this JSON: {"title": "Emma", "year": 0} with year 1815', {"title": "Emma", "year": 1815}),
    pair("json-no-keys/template-other-key", FILL.format(t="Dune", y=1965), {"title": "Dune", "year": 1965},
         'Fill this JSON: {"title": "", "year": 0} with title "Dune" and author "Herbert"', {"title": "Dune", "year": 1965}),
    pair("json-no-keys/name-as-key", 'Alice is 30. Return JSON.', {"name": "Alice", "age": 30},
         'Bob is 41. Return JSON.', {"name": "Bob", "age": 41}),
]

ALL = SERVED + TRAPS + NO_CLAIM


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in ALL]


def test_every_answer_is_exactly_the_stated_object(outcomes: list[Outcome]) -> None:
    assert wrong_answers(outcomes) == []


def test_a_changed_value_is_served_without_a_model_call_and_proven(outcomes: list[Outcome]) -> None:
    served = [o for o in outcomes if o.pair in SERVED]
    slow = not_served_proven(served)
    assert len(served) == len(SHAPES) + 9 and slow == []


def test_a_renamed_dropped_or_retyped_key_is_never_the_cached_object(outcomes: list[Outcome]) -> None:
    for o in outcomes:
        if o.pair in TRAPS:
            assert o.result.outcome != "reuse" and o.correct, (o.pair.cls, o.result.outcome, o.result.text)


def test_a_rule_a_layout_nesting_or_an_unclear_key_is_no_claim(outcomes: list[Outcome]) -> None:
    assert claimed(outcomes, NO_CLAIM) == []


def test_a_model_answer_with_an_extra_or_missing_key_is_never_proven() -> None:
    """An extra key is not stated: the object is at most checked. A stated key the model left out
    fails the check; the stated object itself is then served, proven."""
    extra = StepCache().generate(BASE, lambda _p: dumps({**BASE_OBJ, "currency": "EUR"}))
    assert json.loads(extra.text)["price"] == 24.99 and extra.verification != "proven"
    missing = StepCache().generate(BASE, lambda _p: dumps({"item": "lamp"}))
    assert json.loads(missing.text) == BASE_OBJ and missing.verification == "proven"


def test_a_csv_cell_with_leading_zeros_is_the_string_written_and_proven() -> None:
    """wip/jsonP: "AB-100,03" after a cached "AB-100,3" was no claim; json/pastes.py reads the cell as
    the string "03" (leading zeros kept): the answer is exactly that object, proven (the cached
    number is another type, so its key is regenerated and checked against the statement)."""
    from stepcache_integrations.core.tasks.json.reader import read_request

    leading = pair("json-no-keys/csv-leading-zero", "Convert this CSV to JSON:\nsku,qty\nAB-100,3", {"sku": "AB-100", "qty": 3},
                   "Convert this CSV to JSON:\nsku,qty\nAB-100,03", {"sku": "AB-100", "qty": "03"})
    read = read_request(leading.new_prompt)
    assert read is not None and read.statements["qty"].value == "03"
    outcome = run_pair(leading)
    assert outcome.correct and outcome.result.verification == "proven", (outcome.result.outcome, outcome.result.text)

