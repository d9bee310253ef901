"""wip/jsonR (issue 33 items 4/5): JSON reach by class, each served pair served AND exactly right,
each trap never served wrong.

Every pair runs through a real StepCache with the oracle model (harness.py): the first prompt is
cached with its right answer, then the second is asked. A served pair must need no model call,
be proven and be exactly the expected object (keys, values, JSON types, nothing else). A trap may
be served only when its answer is exactly right; the traps marked ``model`` must reach the model
(the grammar derives no claim for them).
"""

from __future__ import annotations

from typing import Any

import pytest

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, dumps, exact_json_judge, exact_json_pair as pair

Obj = dict[str, Any]


BOB = "Return JSON with keys name and age: name Bob, age 30."
BOB_OBJ = {"name": "Bob", "age": 30}

# -- class 1: a key of the cached request dropped, added or renamed, every key stated -----------
SERVED = [
    pair("drop-key", BOB, BOB_OBJ, "Return JSON with keys name: name Ann.", {"name": "Ann"}),
    pair("rename-key", BOB, BOB_OBJ, "Return JSON with keys person and age: person Bob, age 31.",
         {"person": "Bob", "age": 31}),
    pair("rename-key", BOB, BOB_OBJ, "Return JSON with keys name and years: name Bob, years 30.",
         {"name": "Bob", "years": 30}),
    pair("add-key", BOB, BOB_OBJ, "Return JSON with keys name, age and city: name Ann, age 41, city Rome.",
         {"name": "Ann", "age": 41, "city": "Rome"}),
    pair("other-syntax", BOB, BOB_OBJ, "Return JSON with keys name, age. Name: Ann; age: 41", {"name": "Ann", "age": 41}),
    pair("rename-key", "Give me a JSON object with fields id and status: id 17, status shipped", {"id": 17, "status": "shipped"},
         "Give me a JSON object with fields order_id and status: order_id 23, status pending",
         {"order_id": 23, "status": "pending"}),
    # one key, singular, with its value stated
    pair("one-key", BOB, BOB_OBJ, "Return JSON with the key name: name Bob.", {"name": "Bob"}),
    pair("one-key/es", 'Devuelve un JSON con las claves "nombre" y "edad": nombre Lucía, edad 28.', {"nombre": "Lucía", "edad": 28},
         'Devuelve un JSON solo con la clave "nombre": nombre Lucía.', {"nombre": "Lucía"}),
    pair("rename-key/fr", 'Renvoie un JSON avec les clés "nom" et "age" : nom Paul, age 52.', {"nom": "Paul", "age": 52},
         'Renvoie un JSON avec les clés "prenom" et "age" : prenom Paul, age 52.', {"prenom": "Paul", "age": 52}),
]

CODE = 'Return JSON with keys code and city: code "ab12", city "Rome".'
CODE_OBJ = {"code": "ab12", "city": "Rome"}
SERVED += [
    # class 2: the uppercase / lowercase transform said after its key ("make ... uppercase", "upper case")
    pair("case-after-key", CODE, CODE_OBJ, CODE + " Make the code uppercase.", {"code": "AB12", "city": "Rome"}),
    pair("case-after-key", CODE, CODE_OBJ, CODE + " Make code upper case.", {"code": "AB12", "city": "Rome"}),
    pair("case-after-key", CODE, CODE_OBJ, CODE + " Make the city all caps.", {"code": "ab12", "city": "ROME"}),
    pair("case-after-key", CODE, CODE_OBJ, 'Return JSON with keys code and city: code "AB12", city "Rome". Make the code lower-case.',
         {"code": "ab12", "city": "Rome"}),
    pair("case-sentence", CODE, CODE_OBJ, CODE + " City in upper case.", {"code": "ab12", "city": "ROME"}),
    pair("case-sentence", CODE, CODE_OBJ, CODE + " All values in uppercase.", {"code": "AB12", "city": "ROME"}),
    # class 3: a type note after a key that the stated value holds
    pair("type-note", "Return JSON with keys name and age: name Ann, age 41", {"name": "Ann", "age": 41},
         "Return JSON with keys name and age (a number): name Ann, age 41", {"name": "Ann", "age": 41}),
    pair("type-note", 'Return JSON with keys "task" and "done": task "laundry", done true.', {"task": "laundry", "done": True},
         'Return JSON with keys "task" and "done" (true/false): task "laundry", done false.', {"task": "laundry", "done": False}),
    pair("type-note/es", 'Dame un JSON con las claves "producto" y "precio": producto "silla", precio 120.',
         {"producto": "silla", "precio": 120},
         'Dame un JSON con las claves "producto" y "precio" (número): producto "mesa", precio 95.', {"producto": "mesa", "precio": 95}),
]

SERVED += [
    # class 4: a record written as data after a colon (a JSON object or a Python dict of literals)
    pair("record", "Turn this into proper JSON: {'sku': 'A-100', 'qty': 3}", {"sku": "A-100", "qty": 3},
         "Turn this into proper JSON: {'sku': 'B-220', 'qty': 12}", {"sku": "B-220", "qty": 12}),
    pair("record/pt", "Converta para JSON: {'produto': 'caneta', 'quantidade': 10}", {"produto": "caneta", "quantidade": 10},
         "Converta para JSON: {'produto': 'caderno', 'quantidade': 4}", {"produto": "caderno", "quantidade": 4}),
    pair("record", 'Convert to JSON: {"sku": "A-1", "price": 9.99, "ok": true}', {"sku": "A-1", "price": 9.99, "ok": True},
         "Convert to JSON: {'sku': 'A-2', 'price': 12.5, 'ok': False}", {"sku": "A-2", "price": 12.5, "ok": False}),
    # class 5: conversion requests phrased otherwise (es "Pásame esto a JSON", zh "把下面内容转成 JSON")
    pair("convert/es", "Pásame esto a JSON: ciudad=Valencia, habitantes=792492", {"ciudad": "Valencia", "habitantes": 792492},
         "Pásame esto a JSON: ciudad=Bilbao, habitantes=346843", {"ciudad": "Bilbao", "habitantes": 346843}),
    pair("convert/zh", "把下面内容转成 JSON:city=成都, rank=4", {"city": "成都", "rank": 4},
         "把下面内容转成 JSON:city=西安, rank=9", {"city": "西安", "rank": 9}),
]

SERVED += [
    # class 6: a measure for the one key of a shape ('JSON {"minutes": ...} for a duration of 2 hours')
    pair("shape-measure", 'Return JSON {"minutes": ...} for a duration of 2 hours.', {"minutes": 120},
         'Return JSON {"minutes": ...} for a duration of 3.5 hours.', {"minutes": 210}),
    pair("shape-measure", 'Return JSON {"meters": ...} for a length of 4 km.', {"meters": 4000},
         'Return JSON {"meters": ...} for a length of 7.2 km.', {"meters": 7200}),
    pair("shape-measure", 'Return JSON {"ratio": ...} giving 45% as a decimal.', {"ratio": 0.45},
         'Return JSON {"ratio": ...} giving 8% as a decimal.', {"ratio": 0.08}),
    # class 7: lowercase words written with "=" are data ("json please: host=db2")
    pair("equals-data", "json please: host=db1, port=5432", {"host": "db1", "port": 5432},
         "json please: host=db2, port=6543", {"host": "db2", "port": 6543}),
    # class 8: de, the request's closing verb before the colon states nothing ("... zurück: Name Mia")
    pair("verb-end/de", "Gib mir ein JSON-Objekt mit den Schlüsseln name und alter zurück: Name Jonas, Alter 34.",
         {"name": "Jonas", "alter": 34},
         "Gib mir ein JSON-Objekt mit den Schlüsseln name und alter zurück: Name Mia, Alter 27.", {"name": "Mia", "alter": 27}),
]

SERVED += [
    # class 9: a label in the table's language for the concept a listed (English) key names
    pair("concept-label/ru", "Верни JSON-объект с ключами name и age: имя Ольга, возраст 33.", {"name": "Ольга", "age": 33},
         "Верни JSON-объект с ключами name и age: имя Дмитрий, возраст 45.", {"name": "Дмитрий", "age": 45}),
    pair("concept-label/es", "Devuelve un JSON con las claves name y age: nombre Lucía, edad 28.", {"name": "Lucía", "age": 28},
         "Devuelve un JSON con las claves name y age: nombre Pablo, edad 31.", {"name": "Pablo", "age": 31}),
]

# (pair, whether the model must answer)
TRAPS = [
    # a renamed key whose value the prompt does not state: never invented
    (pair("rename-unstated", BOB, BOB_OBJ, "Return JSON with keys name and is_adult: name Bob, age 30.",
          {"name": "Bob", "is_adult": True}), True),
    (pair("rename-unstated", BOB, BOB_OBJ, "Return JSON with keys name and age_next_year: name Bob, age 30.",
          {"name": "Bob", "age_next_year": 31}), True),
    # a nested shape: no flat object is claimed for it
    (pair("nested", BOB, BOB_OBJ, 'Return a JSON object with a key "user" containing keys name and age: name Bob, age 30.',
          {"user": {"name": "Bob", "age": 30}}), True),
    (pair("nested", BOB, BOB_OBJ, 'Return a JSON object with the key "user" containing keys name and age: name Bob, age 30.',
          {"user": {"name": "Bob", "age": 30}}), True),
    (pair("nested", BOB, BOB_OBJ, 'Return JSON with keys "user" with keys name and age: name Bob, age 30.',
          {"user": {"name": "Bob", "age": 30}}), True),
    # a cached answer with a key no request asked for: the model adds keys, the model answers
    (Pair("extra-key", BOB, dumps({"name": "Bob", "age": 30, "pet": "cat"}),
          "Return JSON with keys name and years: name Ann, years 41.",
          dumps({"name": "Ann", "years": 41, "pet": "dog"}), exact_json_judge({"name": "Ann", "years": 41, "pet": "dog"})),
     True),
    # a case the grammar does not derive ("capitalized" is not uppercase), a case of no listed key
    (pair("case-other", CODE, CODE_OBJ, CODE + " Make the city capitalized.", {"code": "ab12", "city": "Rome"}), True),
    (pair("case-other", CODE, CODE_OBJ, CODE + " Make the name uppercase.", CODE_OBJ), True),
    (pair("case-other", CODE, CODE_OBJ, CODE + " Country in upper case.", CODE_OBJ), True),
    (pair("case-other", CODE, CODE_OBJ, CODE + " City in title case.", {"code": "ab12", "city": "Rome"}), True),
    # a type note the stated value does not hold: a rule ("as a string") nothing here writes
    (pair("type-change", "Return JSON with keys name and age: name Ann, age 41", {"name": "Ann", "age": 41},
          "Return JSON with keys name and age (a string): name Ann, age 41", {"name": "Ann", "age": "41"}), True),
    (pair("type-change", "JSON with id and qty as numbers: id 7, qty 3", {"id": 7, "qty": 3},
          "JSON with id and qty: id 7, qty 3. Make qty a string.", {"id": 7, "qty": "3"}), True),
    (pair("type-unstated", "Return JSON with keys name and age: name Ann, age 41", {"name": "Ann", "age": 41},
          "Return JSON with keys name and age (a number): name Ann", {"name": "Ann", "age": 41}), True),
    # a record with a value no JSON data literal writes as stated, or with a rule beside it
    (pair("record-null", "Turn this into proper JSON: {'sku': 'A-100', 'qty': 3}", {"sku": "A-100", "qty": 3},
          "Turn this into proper JSON: {'sku': 'B-220', 'qty': None}", {"sku": "B-220", "qty": None}), True),
    (pair("record-expr", "Turn this into proper JSON: {'sku': 'A-100', 'qty': 3}", {"sku": "A-100", "qty": 3},
          "Turn this into proper JSON: {'sku': 'B-220', 'qty': 3 * 4}", {"sku": "B-220", "qty": 12}), True),
    (pair("record-rule", "Turn this into proper JSON: {'sku': 'A-100', 'qty': 3}", {"sku": "A-100", "qty": 3},
          "Turn this into proper JSON: {'sku': 'A-100', 'qty': 3}. Double the qty.", {"sku": "A-100", "qty": 6}), True),
    (pair("record-extra-key", 'Return JSON with keys sku and qty: {"sku": "A-1", "qty": 3}', {"sku": "A-1", "qty": 3},
          'Return JSON with keys sku and qty: {"sku": "A-1", "qty": 3, "note": "x"}', {"sku": "A-1", "qty": 3}), True),
    # a measure of a key no unit word names, a blank of another type, a unit of another quantity
    (pair("shape-measure-other", 'Return JSON {"minutes": ...} for a duration of 2 hours.', {"minutes": 120},
          'Return JSON {"distance": ...} for a length of 7.2 km.', {"distance": 7.2}), True),
    (pair("shape-measure-other", 'Return JSON {"minutes": ...} for a duration of 2 hours.', {"minutes": 120},
          'Return JSON {"minutes": ...} for a duration of 2 km.', {"minutes": 2}), True),
    (pair("shape-measure-other", 'Return JSON {"minutes": ...} for a duration of 2 hours.', {"minutes": 120},
          'Return JSON {"minutes": ""} for a duration of 2 hours.', {"minutes": "120"}), True),
    # a lowercase word after ":" beside no key list may describe ("status: active" is no "=")
    (pair("colon-lowercase", "json please: host=db1, port=5432", {"host": "db1", "port": 5432},
          "Return JSON: host: any, port: 5432", {"host": "any", "port": 5432}), True),
    (pair("colon-lowercase", "json please: status=shipped, id=3", {"status": "shipped", "id": 3},
          "Return JSON: status: pending, id: 3", {"status": "pending", "id": 3}), True),
    # a label for a concept no listed key names, a label of several concepts
    (pair("concept-label-other", "Верни JSON-объект с ключами name и age: имя Ольга, возраст 33.", {"name": "Ольга", "age": 33},
          "Верни JSON-объект с ключами name и city: имя Ольга, возраст 33.", {"name": "Ольга", "city": None}), True),
    (pair("concept-label-other", "Return JSON with keys item and price: item Atlas, price 5.", {"item": "Atlas", "price": 5},
          "Return JSON with keys item and price: name Atlas, price 5.", {"item": "Atlas", "price": 5}), True),
    # a renamed key stated under a label folded to it, in prose, or without a key list: no oracle of the
    # changed prompt holds that reading; the model answers
    (pair("rename-folded", 'Return a JSON object with keys "name" and "age". Name: Priya, Age: 29', {"name": "Priya", "age": 29},
          'Return a JSON object with keys "namE" and "age". Name: Priya, Age: 29', {"namE": "Priya", "age": 29}), True),
    (pair("rename-prose", 'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Lucia y tengo 28 años.',
          {"nombre": "Lucia", "edad": 28},
          'Devuelve un JSON con las claves "nombre" y "edAd": Me llamo Lucia y tengo 28 años.', {"nombre": "Lucia", "edAd": 28}), True),
    (pair("rename-no-list", 'The city is "Lima" and the population is 0. Return JSON.', {"city": "Lima", "population": 0},
          'The seven is "Lima" and the population is 0. Return JSON.', {"seven": "Lima", "population": 0}), True),
    # another format
    (pair("yaml", BOB, BOB_OBJ, "Return YAML with keys name and age: name Alice, age 30.", {"name": "Alice", "age": 30}), True),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    assert_trap_never_wrong(case, model)
