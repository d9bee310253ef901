"""The JSON task's request language (issue 33): ``request.lark`` (LALR, strict) over one vocabulary
table per language. A plain request is a prompt the grammar derives whole; anything else is read
as before (claimed by its key list, nothing stated) or not claimed. Phrasings here are our own."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from lark import Lark

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json import JsonTask
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.request_language import _Tokens

js = JsonTask()
FOLDER = Path(js.__class__.__module__.replace(".", "/")).parent


def test_the_grammar_is_lalr_without_conflicts() -> None:
    import stepcache_integrations.core.tasks.json.reader as reader

    grammar = (Path(reader.__file__).parent / "request.lark").read_text(encoding="utf-8")
    Lark(grammar, parser="lalr", lexer=_Tokens, start="start", strict=True)


# (prompt, required keys, stated values)
PLAIN = [
    ('Return a JSON object with keys city and country: city = Paris, country = "France".', ["city", "country"],
     {"city": "Paris", "country": "France"}),
    ('Return a JSON object with keys sku and qty. sku: "A-100", qty: 3.', ["sku", "qty"], {"sku": "A-100", "qty": 3}),
    ('Return a JSON object with keys sku and qty: "sku": "A-100", "qty": 3.', ["sku", "qty"], {"sku": "A-100", "qty": 3}),
    ('Produce JSON with keys title and year. The title is "Dune" and the year is 1965.', ["title", "year"],
     {"title": "Dune", "year": 1965}),
    ('Devuelve un objeto JSON para una persona con nombre "Luis", edad 40. Claves requeridas: nombre, edad.',
     ["nombre", "edad"], {"nombre": "Luis", "edad": 40}),
    ('Genera un objeto JSON con las claves ciudad y pais. La ciudad es "Quito" y el pais es "Ecuador".',
     ["ciudad", "pais"], {"ciudad": "Quito", "pais": "Ecuador"}),
    ('Crée un objet JSON avec les champs ville et pays, où ville est "Lyon" et pays est "France".',
     ["ville", "pays"], {"ville": "Lyon", "pays": "France"}),
    ('Gib ein JSON-Objekt mit den Schlüsseln stadt und land zurück. Die stadt ist "Bern" und das land ist "Schweiz".',
     ["stadt", "land"], {"stadt": "Bern", "land": "Schweiz"}),
    ('Crie um objeto JSON com as chaves nome e idade. O nome é "Rita" e a idade é 41.', ["nome", "idade"],
     {"nome": "Rita", "idade": 41}),
    ('Crea un oggetto JSON con i campi città e paese, dove la città è "Roma" e il paese è "Italia".',
     ["città", "paese"], {"città": "Roma", "paese": "Italia"}),
    ('Создай JSON-объект с полями name и age: name — "Олег", age — 33.', ["name", "age"], {"name": "Олег", "age": 33}),
    ('请返回一个JSON对象，包含name和age字段，其中name是"小明"，age是12。', ["name", "age"], {"name": "小明", "age": 12}),
    ('nameとageをキーに持つJSONオブジェクトを返してください。nameは"太郎"、ageは30です。', ["name", "age"],
     {"name": "太郎", "age": 30}),
    # wip/jsonR4: an English key's concept is read from the tables that list it when the prompt's own
    # table does not ("age" is the English table's word for an age), so its years are the age, as
    # "возраст — 30 лет", "年龄是30岁", "年齢は30歳" are: these three were in NOT_PLAIN (an unread unit)
    ('Создай JSON-объект с полями age: age — 30 лет.', ["age"], {"age": 30}),
    ('请返回一个JSON对象，包含age字段，其中age是30岁。', ["age"], {"age": 30}),
    ('ageをキーに持つJSONオブジェクトを返してください。ageは30歳です。', ["age"], {"age": 30}),
]


@pytest.mark.parametrize("prompt, keys, stated", PLAIN)
def test_a_plain_request_is_read_in_its_language(prompt: str, keys: list[str], stated: dict) -> None:
    c = js.constraints(prompt)
    assert js.detect(prompt) and c["required"] == keys and c["stated"] == stated and c["read_whole"], c


# Each asks for a transformation or another shape beside stated values: never a plain request.
NOT_PLAIN = [
    'Return a JSON object with keys city and country: city = Paris, country = "France". Capitalize the city.',
    'Return a JSON object with keys name and weight: name "Bob", weight 30. Give the weight in months.',
    'Return a JSON object with keys price: price 104, rounded.',
    'Return a JSON object with keys city: city = Paris in French.',
    'Return a JSON object with keys flag: flag: True.',
    'Return a JSON object with keys age: age = thirty.',
    'Devuelve un objeto JSON con las claves nombre y edad: nombre "Ana", edad 30. Escribe el nombre en cursiva.',
    'Crée un objet JSON avec les champs prix : prix 104, arrondi à la dizaine.',
    'Gib ein JSON-Objekt mit den Feldern name zurück: name "bob" in Großbuchstaben.',
    'Crie um objeto JSON com as chaves preco: preco 10 em dólares.',
    'Crea un oggetto JSON con le chiavi età: età 30 in mesi.',
    'Return a JSON array with keys name: name "Bob".',
    'Return a JSON object for a person with name "Bob". Required keys: name. Return a JSON object.',
]


@pytest.mark.parametrize("prompt", NOT_PLAIN)
def test_a_transformation_or_another_shape_is_no_plain_request(prompt: str) -> None:
    assert read_request(prompt) is None or not js.constraints(prompt)["stated"], prompt
    c = js.constraints(prompt)
    assert c["stated"] == {} and not c["read_whole"], prompt


# A declared transform (transforms.py) is read, and the stated value is the transformed one, never
# the value as written. "Escribe el nombre en mayúsculas" was in NOT_PLAIN while no transform was
# read; NOT_PLAIN keeps an unread one in its place ("en cursiva") and this test binds the read one
# to its exact transformed value and transform.
TRANSFORMED = [
    ('Devuelve un objeto JSON con las claves nombre y edad: nombre "Ana", edad 30. Escribe el nombre en mayúsculas.',
     ["nombre", "edad"], {"nombre": "ANA", "edad": 30}, {"nombre": "uppercase"}),
    ('Return a JSON object with keys item and price: item "kettle", price 104. Round the price to the nearest ten.',
     ["item", "price"], {"item": "kettle", "price": 100}, {"price": "round to 10"}),
    ('Return a JSON object with keys city and temp: city "Oslo", temp 21 (Celsius). Convert temp to Fahrenheit.',
     ["city", "temp"], {"city": "Oslo", "temp": 69.8}, {"temp": "to fahrenheit"}),
    ('Give me a JSON object with keys route and distance. route "B7", distance 3.5 km. Express the distance in meters.',
     ["route", "distance"], {"route": "B7", "distance": 3500}, {"distance": "to m"}),
    ('Renvoie un objet JSON avec les clés nom et âge : nom "Luc", âge 40 ans. Donne l\'âge en mois.',
     ["nom", "âge"], {"nom": "Luc", "âge": 480}, {"âge": "to months"}),
    ('Crea un oggetto JSON con le chiavi piatto e prezzo: piatto "pizza", prezzo 17. Arrotonda il prezzo alla decina più vicina.',
     ["piatto", "prezzo"], {"piatto": "pizza", "prezzo": 20}, {"prezzo": "round to 10"}),
    ('Crie um objeto JSON com as chaves nome e cidade: nome "Rita", cidade "Porto". Escreva os valores em minúsculas.',
     ["nome", "cidade"], {"nome": "rita", "cidade": "porto"}, {"nome": "lowercase", "cidade": "lowercase"}),
    ('Gib ein JSON-Objekt mit den Schlüsseln stadt und Temperatur zurück: stadt "Bern", Temperatur 20 (Celsius). '
     'Rechne die Temperatur in Fahrenheit um.', ["stadt", "Temperatur"], {"stadt": "Bern", "Temperatur": 68},
     {"Temperatur": "to fahrenheit"}),
    ('Верни JSON с полями товар и цена: товар "лампа", цена 1840. Округли цена до сотен.',
     ["товар", "цена"], {"товар": "лампа", "цена": 1800}, {"цена": "round to 100"}),
    ('请返回一个JSON对象，包含name和价格字段，其中name是"茶"，价格是64。价格四舍五入到十位。',
     ["name", "价格"], {"name": "茶", "价格": 60}, {"价格": "round to 10"}),
    ('请返回一个JSON对象，包含城市和温度字段，其中城市是"北京"，温度是25摄氏度。请把温度换算成华氏度。',
     ["城市", "温度"], {"城市": "北京", "温度": 77}, {"温度": "to fahrenheit"}),
    ('scoreをキーに持つJSONオブジェクトを返してください。scoreは87.4です。score は整数に四捨五入してください。',
     ["score"], {"score": 87}, {"score": "round to 1"}),
    # wip/jsonB: was in NOT_PLAIN (no unit stated); an age key's number is years, so it is served
    # exactly converted; NOT_PLAIN keeps a key that is no age in its place ("weight 30")
    ('Return a JSON object with keys name and age: name "Bob", age 30. Give the age in months.',
     ["name", "age"], {"name": "Bob", "age": 360}, {"age": "to months"}),
    ('Return a JSON object with keys name and age: name "Bob", age 30. Give age in months.',
     ["name", "age"], {"name": "Bob", "age": 360}, {"age": "to months"}),
    # wip/jsonB: was in UNTRANSFORMED; a unit in brackets after a number is a note on it, the value
    # the number (UNTRANSFORMED keeps the unit without brackets, "temp 21 Celsius", in its place)
    ('Return a JSON object with keys city and temp: city "Oslo", temp 21 (Celsius).',
     ["city", "temp"], {"city": "Oslo", "temp": 21}, {}),
    # wip/jsonB: was in NOT_PLAIN; "Uppercase the city" is a declared transform now (NOT_PLAIN keeps
    # "Capitalize the city", no word of the table, in its place)
    ('Return a JSON object with keys city and country: city = Paris, country = "France". Uppercase the city.',
     ["city", "country"], {"city": "PARIS", "country": "France"}, {"city": "uppercase"}),
    ('Return JSON with "city" and "country", values in uppercase: city "Lyon", country "France".',
     ["city", "country"], {"city": "LYON", "country": "FRANCE"}, {"city": "uppercase", "country": "uppercase"}),
    ('JSON with "item" and "price" (price rounded to the nearest integer): item "Cup", price 12.4.',
     ["item", "price"], {"item": "Cup", "price": 12}, {"price": "round to 1"}),
    ('Give JSON with keys "item" and "price" with the price rounded to the nearest whole dollar: item "desk", price 149.65',
     ["item", "price"], {"item": "desk", "price": 150}, {"price": "round to 1"}),
    ('Round the score to the nearest integer and return JSON with keys "player" and "score": player "Mia", score 87.4',
     ["player", "score"], {"player": "Mia", "score": 87}, {"score": "round to 1"}),
    ('Return JSON with keys "temp" and "city", with the temp rounded to one decimal: temp 21.46, city "Oslo".',
     ["temp", "city"], {"temp": 21.5, "city": "Oslo"}, {"temp": "round to 0.1"}),
    ('Give me JSON with keys "code" and "city", with the code uppercased: code "lax", city "Los Angeles"',
     ["code", "city"], {"code": "LAX", "city": "Los Angeles"}, {"code": "uppercase"}),
    ('Lowercase the email and return JSON with keys "user" and "email": user "Tom", email "TOM@MAIL.COM"',
     ["user", "email"], {"user": "Tom", "email": "tom@mail.com"}, {"email": "lowercase"}),
]


@pytest.mark.parametrize("prompt, keys, stated, transforms", TRANSFORMED)
def test_a_declared_transform_is_read_and_the_stated_value_is_transformed(
    prompt: str, keys: list[str], stated: dict, transforms: dict
) -> None:
    c = js.constraints(prompt)
    assert c["required"] == keys and c["read_whole"] and c.transforms == transforms, c
    assert c["stated"] == stated and all(type(c["stated"][k]) is type(v) for k, v in stated.items()), c
    assert json.loads(js.fallback(c) or "{}") == stated


# A transform the closed set does not hold, or one that does not apply exactly: no plain request.
UNTRANSFORMED = [
    'Return a JSON object with keys item and price: item "kettle", price 105. Round the price to the nearest ten.',  # tie
    'Return a JSON object with keys item and price: item "kettle", price 104. Round the price to the nearest five.',
    'Return a JSON object with keys item and price: item "kettle", price 104. Round the price down to the nearest ten.',
    'Return a JSON object with keys name and weight: name "Bob", weight 30. Give weight in months.',  # no unit stated
    'Return a JSON object with keys city and temp: city "Oslo", temp 21 Celsius.',  # a unit, no conversion
    'Return a JSON object with keys city and temp: city "Oslo", temp 21 (Celsius). Convert temp to Kelvin.',
    'Return a JSON object with keys city and temp: city "Oslo", temp 21 (Fahrenheit). Convert temp to Fahrenheit.',
    'Return a JSON object with keys route and distance: route "B7", distance 5 km. Express the distance in miles.',
    'Return a JSON object with keys name and age: name "Bob", age 30. Write the city in uppercase.',  # no such key
    'Return a JSON object with keys name and age: name "Bob", age 30. Write the age in uppercase.',  # a number
    'Return a JSON object with keys name and age: name "Bob", age 30. Write the name in uppercase. Write the name in lowercase.',
    'Return a JSON object with keys name and age: name "bob", age 30. Keep the values exactly as given. Write the name in uppercase.',
    'Return a JSON object with keys name and city: name "Straße", city "Wien". Write the name in uppercase.',  # ß -> SS
    'Return a JSON object with keys temp: temp 1 (Celsius). Convert temp to Fahrenheit. Round the temp to an integer.',
    'Return a JSON object with keys temp: temp 1 (Fahrenheit). Convert temp to Celsius.',  # -155/9: not exact
    'Return JSON with keys "temp" and "city", with the temp rounded to one decimal: temp 21.45, city "Oslo".',  # tie
    'Return JSON with keys "temp" and "city", with the temp rounded to one decimal: temp 19.96, city "Oslo".',  # 20 or 20.0
    'Return JSON with keys "temp" and "city", with the town rounded to one decimal: temp 21.46, city "Oslo".',  # no such key
    'JSON with "item" and "price" (price rounded): item "Cup", price 12.4.',  # rounded to what
    'Return JSON with comments and notes, values in uppercase: comments "a", notes "b".',  # bare words after "with"
    'Round the score to the nearest integer or return JSON with keys "player" and "score": player "Mia", score 87.4',
    '给我一个 JSON，包含 name 和 city 三个字段，name = "小明"，city = "杭州"。',  # the count is not the list
    '生成一个 JSON 对象，键为“姓名”和“年龄”：姓名不是张伟，年龄是 28。',  # a negation
    '生成一个 JSON 对象，键为“姓名”和“年龄”：姓名是张三，年龄是二十八。',  # a numeral is no bare string
    'JSON, keys reordered.',
]


@pytest.mark.parametrize("prompt", UNTRANSFORMED)
def test_a_transform_outside_the_closed_set_or_inexact_is_no_plain_request(prompt: str) -> None:
    assert read_request(prompt) is None, prompt
    c = js.constraints(prompt)
    assert c["stated"] == {} and not c["read_whole"] and c.transforms == {}, prompt


def test_scrambled_plain_requests_are_never_read() -> None:
    """The same words in another order: never a plain request with the same reading."""
    rng = random.Random(33)
    read = 0
    for prompt, keys, stated in PLAIN[:5]:
        words = prompt.split(" ")
        for _ in range(40):
            shuffled = words[:]
            rng.shuffle(shuffled)
            if shuffled == words:
                continue
            found = read_request(" ".join(shuffled))
            read += found is not None and dict((k, v.value) for k, v in found.statements.items()) == stated
    assert read == 0


# -- an entity word that names no key and no value (issue 33 item 4) ---------------------------
def test_an_entity_word_alone_changed_does_not_block_reuse() -> None:
    cache = StepCache()
    first = 'Return a JSON object for a person with name "Bob", age 30. Required keys: name, age.'
    cache.generate(first, lambda _p: '{"name": "Bob", "age": 30}')
    calls = []
    served = cache.generate(first.replace("person", "student"), lambda p: calls.append(p) or '{"name": "X", "age": 1}')
    assert calls == [] and served.verified and served.text.replace(" ", "").replace("\n", "") == '{"name":"Bob","age":30}'


def test_an_entity_word_changed_with_another_value_is_a_new_request() -> None:
    cache = StepCache()
    cache.generate('Return a JSON object for a book with title "Dune", year 1965. Required keys: title, year.',
                   lambda _p: '{"title": "Dune", "year": 1965}')
    calls = []
    cache.generate('Return a JSON object for a movie with title "Dune", year 1984. Required keys: title, year.',
                   lambda p: calls.append(p) or '{"title": "Dune", "year": 1984}')
    assert calls  # another entity and another value: the model answers, as before


def test_an_entity_word_changed_with_another_key_is_not_reused_for_that_key() -> None:
    cache = StepCache()
    cache.generate('Return a JSON object for a person with name "Bob". Required keys: name, bio.',
                   lambda _p: '{"name": "Bob", "bio": "A person."}')
    calls = []
    served = cache.generate('Return a JSON object for a dog with name "Bob". Required keys: name, bio.',
                            lambda p: calls.append(p) or '{"name": "Bob", "bio": "A dog."}')
    assert calls and "A person." not in served.text  # an unstated key is not reused across entities


def test_a_value_followed_by_a_question_mark_is_asked_about_not_stated() -> None:
    """"age 52?" beside a key list asks about the value (the fuzzer's seed 3 on wip/jsonsyn found it
    served as stated): no statement binds age, so a cached age is never served as proven."""
    from stepcache_integrations.core.tasks.json.reader import read_request

    asked = read_request('Return a JSON object with keys name and age: name "Kenji", age 52?')
    stated = read_request('Return a JSON object with keys name and age: name "Kenji", age 52.')
    assert asked is not None and stated is not None
    assert sorted(asked.statements) == ["name"]
    assert sorted(stated.statements) == ["age", "name"]
