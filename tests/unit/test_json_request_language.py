"""The JSON task's request language (issue 33): ``request.lark`` (LALR, strict) over one vocabulary
table per language. A plain request is a prompt the grammar derives whole; anything else is read
as before (claimed by its key list, nothing stated) or not claimed. Phrasings here are our own."""

from __future__ import annotations

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
]


@pytest.mark.parametrize("prompt, keys, stated", PLAIN)
def test_a_plain_request_is_read_in_its_language(prompt: str, keys: list[str], stated: dict) -> None:
    c = js.constraints(prompt)
    assert js.detect(prompt) and c["required"] == keys and c["stated"] == stated and c["read_whole"], c


# Each asks for a transformation or another shape beside stated values: never a plain request.
NOT_PLAIN = [
    'Return a JSON object with keys city and country: city = Paris, country = "France". Uppercase the city.',
    'Return a JSON object with keys name and age: name "Bob", age 30. Give the age in months.',
    'Return a JSON object with keys price: price 104, rounded.',
    'Return a JSON object with keys city: city = Paris in French.',
    'Return a JSON object with keys flag: flag: True.',
    'Return a JSON object with keys age: age = thirty.',
    'Devuelve un objeto JSON con las claves nombre y edad: nombre "Ana", edad 30. Escribe el nombre en mayúsculas.',
    'Crée un objet JSON avec les champs prix : prix 104, arrondi à la dizaine.',
    'Gib ein JSON-Objekt mit den Feldern name zurück: name "bob" in Großbuchstaben.',
    'Crie um objeto JSON com as chaves preco: preco 10 em dólares.',
    'Crea un oggetto JSON con le chiavi età: età 30 in mesi.',
    'Создай JSON-объект с полями age: age — 30 лет.',
    '请返回一个JSON对象，包含age字段，其中age是30岁。',
    'ageをキーに持つJSONオブジェクトを返してください。ageは30歳です。',
    'Return a JSON array with keys name: name "Bob".',
    'Return a JSON object for a person with name "Bob". Required keys: name. Return a JSON object.',
]


@pytest.mark.parametrize("prompt", NOT_PLAIN)
def test_a_transformation_or_another_shape_is_no_plain_request(prompt: str) -> None:
    assert read_request(prompt) is None or not js.constraints(prompt)["stated"], prompt
    c = js.constraints(prompt)
    assert c["stated"] == {} and not c["read_whole"], prompt


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
