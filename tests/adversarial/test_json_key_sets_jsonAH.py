"""The keys asked written as a set in braces before a quoted passage (wip/jsonAH): 'Extrae en JSON {producto,
precio}: "La Bora 3 cuesta 39,5 euros."' asks what '(claves producto y precio)' asks (json/reader.py _key_set_at,
request.lark ``EXTRACT AS noun KEY_SET source``): two or more names, each once, all quoted or none, each of any type.
The passage then states them only as a frame or a label binds them (json/passage.py), as with a key list. A set is
read nowhere else ('Return {"red", "green"} as JSON' may ask for an array), and a repeated, numbered, mixed-quoted or
one-name set is no key set: no claim."""

from __future__ import annotations

import json

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel, assert_trap_never_wrong, exact_json_pair

# (key set prompt, the same request with a key list): read alike
ALIKE = [
    ('Extrae en JSON {producto, precio}: "La Bora 3 cuesta 39,5 euros."',
     'Extrae en JSON (claves producto y precio): "La Bora 3 cuesta 39,5 euros."'),
    ('Extrahiere als JSON {"firma", "mitarbeiter"}: „Die Schmidt AG beschäftigt 450 Leute.“',
     'Extrahiere als JSON (Schlüssel: firma, mitarbeiter): „Die Schmidt AG beschäftigt 450 Leute.“'),
    ('Extract as JSON {product, price}: "The Nimbus 7 costs $349."',
     'Extract JSON with keys product and price from: "The Nimbus 7 costs $349."'),
]


@pytest.mark.parametrize(("key_set", "key_list"), ALIKE)
def test_a_key_set_states_what_the_key_list_states(key_set: str, key_list: str) -> None:
    read, listed = read_request(key_set), read_request(key_list)
    assert read is not None and listed is not None, (read, listed)
    assert read.keys == listed.keys
    assert {k: st.value for k, st in read.statements.items()} == {k: st.value for k, st in listed.statements.items()}


SERVED = [
    ('Extrae en JSON {producto, precio}: "La Bora 2 cuesta 12,99 euros."',
     'Extrae en JSON {producto, precio}: "La Bora 3 cuesta 39,5 euros."', {"producto": "Bora 3", "precio": 39.5}),
    ('Extrahiere als JSON {"firma", "mitarbeiter"}: „Die Müller GmbH beschäftigt 120 Leute.“',
     'Extrahiere als JSON {"firma", "mitarbeiter"}: „Die Schmidt AG beschäftigt 450 Leute.“',
     {"firma": "Schmidt AG", "mitarbeiter": 450}),
    ('Extract as JSON {product, price}: "The Atlas X2 costs $499."',
     'Extract as JSON {product, price}: "The Nimbus 7 costs $349."', {"product": "Nimbus 7", "price": 349}),
    ('Estrai in JSON {prodotto, prezzo}: "Il modello Sol 2 costa 39,5 euro."',
     'Estrai in JSON {prodotto, prezzo}: "Il modello Luna 7 costa 60 euro."', {"prodotto": "Luna 7", "prezzo": 60}),
]


@pytest.mark.parametrize(("first", "second", "expected"), SERVED)
def test_a_key_set_before_a_framed_passage_is_served_proven(first: str, second: str, expected: dict[str, object]) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.model_calls == 0, (second, again.outcome, again.text)
    assert again.verification == "proven", (second, again.verification, again.text)
    assert json.loads(again.text) == expected, again.text


NOT_A_KEY_SET = [
    'Return {"red", "green"} as JSON',                                   # a set of values: maybe an array
    'Convert {"red", "green"} to JSON',
    'Return JSON {name, age}: name Ana, age 30',                         # read only before a quoted passage
    'Extrae en JSON {precio, precio}: "La Bora 3 cuesta 39,5 euros."',   # a name twice
    'Extrae en JSON {"producto", precio}: "La Bora 3 cuesta 39,5 euros."',  # quoted and not
    'Extrae en JSON {1, 2}: "La Bora 3 cuesta 39,5 euros."',
    'Extrae en JSON {producto precio}: "La Bora 3 cuesta 39,5 euros."',  # no comma: one name or two?
    'Extrae en JSON {producto, precio,}: "La Bora 3 cuesta 39,5 euros."',
    'Extrae en JSON {producto: precio}: "La Bora 3 cuesta 39,5 euros."',
    'Extrae en JSON {producto, moneda}: "La Bora 3 cuesta 39,5 euros."',  # a key no role of the frame names
    'Extrae en JSON {producto, precio, color}: "La Bora 3 cuesta 39,5 euros."',
    # the frames' traps hold under a key set: a negation, a hedge, another tense, a second value
    'Extrae en JSON {producto, precio}: "La Bora 3 no cuesta 39,5 euros."',
    'Extrae en JSON {producto, precio}: "La Bora 3 cuesta unos 39,5 euros."',
    'Extrae en JSON {producto, precio}: "La Bora 3 costaba 39,5 euros."',
    'Extract as JSON {product, price}: "The Nimbus 7 costs 120 euros or 130 euros."',
    'Extrahiere als JSON {"name", "alter"}: "Lena ist 35 Jahre alt."',  # a bare name shows no kind (W22)
    "Extrais en JSON {ville, temperature} : « Il fait 24 degrés à Rennes. »",
]


@pytest.mark.parametrize("prompt", NOT_A_KEY_SET)
def test_no_key_set_or_an_unframed_passage_states_nothing(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or read.statements == {}, (prompt, read)


TRAPS = [
    ('Extrae en JSON {producto, precio}: "La Bora 2 cuesta 12,99 euros."', {"producto": "Bora 2", "precio": 12.99},
     'Extrae en JSON {producto, precio}: "La Bora 3 no cuesta 39,5 euros."', {"producto": "Bora 3", "precio": None}),
    ('Extrae en JSON {producto, precio}: "La Bora 2 cuesta 12,99 euros."', {"producto": "Bora 2", "precio": 12.99},
     'Extrae en JSON {producto, precio}: "La Bora 3 cuesta 10 euros más que la Bora 2."', {"producto": "Bora 3", "precio": 22.99}),
    ('Extrae en JSON {producto, precio}: "La Bora 2 cuesta 12,99 euros."', {"producto": "Bora 2", "precio": 12.99},
     'Extrae en JSON {producto, moneda}: "La Bora 3 cuesta 39,5 euros."', {"producto": "Bora 3", "moneda": "EUR"}),
    ('Extract as JSON {product, price}: "The Atlas X2 costs $499."', {"product": "Atlas X2", "price": 499},
     'Extract as JSON {product, price}: "The Nimbus 7 costs about $349."', {"product": "Nimbus 7", "price": 349}),
    ('Extract as JSON {product, price}: "The Atlas X2 costs $499."', {"product": "Atlas X2", "price": 499},
     'Extract as JSON {price, product}: "The Nimbus 7 costs $349 or $399."', {"price": None, "product": "Nimbus 7"}),
]


@pytest.mark.parametrize(("first", "first_obj", "second", "second_obj"), TRAPS)
def test_a_trap_is_never_served_wrong(first: str, first_obj: dict[str, object], second: str,
                                      second_obj: dict[str, object]) -> None:
    assert_trap_never_wrong(exact_json_pair("json/key-set", first, first_obj, second, second_obj), model=True)
