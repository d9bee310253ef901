"""W21 (red team round 16): a key spelled like "the values" or a word for "all".

"Return a JSON object with values 41.3 and count 7.2. Round the values to the nearest integer."
was served ``{"values": 41, "count": 7}`` verified: the transform of "the values" was read as every
value, though the user may name the key ``values`` (then ``count`` stays 7.2). A key named ``all``
was read the other way ("Round all ..." rounded only it). Either reading is a guess, so a transform
of "the values" beside a key spelled like a table's "values" or quantifier word, or a transform
naming such a word, is no claim: the model's answer is served as it is, on an empty cache and
after a related entry. A transform naming another key, and "the values" beside ordinary keys, are
still served and exact.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache

from .harness import assert_served_proven, assert_trap_never_wrong, dumps, exact_json_pair

# (prompt, the answer under the key reading), one constant apart from the first prompt's
COLLISIONS = [
    ("Return a JSON object with values {a} and count 7.2. Round the values to the nearest integer.",
     lambda a: {"values": round(a), "count": 7.2}),
    ("Return a JSON object with keys values and count: values {a}, count 2.2. Round the values to the nearest integer.",
     lambda a: {"values": round(a), "count": 2.2}),
    ("Return a JSON object with count 9.4 and values {a}. Round the values to the nearest integer.",
     lambda a: {"count": 9.4, "values": round(a)}),
    ("Make this a JSON object: values: {a}, count: 2.2. Round the values to the nearest integer.",
     lambda a: {"values": round(a), "count": 2.2}),
    ("Convert this to JSON: values: {a}, count: 5.2. Round the values to the nearest integer.",
     lambda a: {"values": round(a), "count": 5.2}),
    ("Convert this CSV to JSON:\nvalues,count\n{a},4.6\nRound the values to the nearest integer.",
     lambda a: {"values": round(a), "count": 4.6}),
    ("Return a JSON object with price {a} and all 3.4. Round all to the nearest integer.",
     lambda a: {"price": a, "all": 3}),
    ("Return a JSON object with every {a} and count 3.4. Round every to the nearest integer.",
     lambda a: {"every": round(a), "count": 3.4}),
    ("Devuelve un objeto JSON con valores {a} y total 7.6. Redondea los valores al entero más cercano.",
     lambda a: {"valores": round(a), "total": 7.6}),
    ("Renvoie un objet JSON avec valeurs {a} et total 9.4. Arrondis les valeurs à l'entier le plus proche.",
     lambda a: {"valeurs": round(a), "total": 9.4}),
    ("Restituisci un oggetto JSON con valori {a} e totale 6.2. Arrotonda i valori all'intero più vicino.",
     lambda a: {"valori": round(a), "totale": 6.2}),
    ("Retorne um objeto JSON com valores {a} e total 9.4. Arredonde os valores para o inteiro mais próximo.",
     lambda a: {"valores": round(a), "total": 9.4}),
    ("Gib ein JSON-Objekt mit werte {a} und anzahl 9.2 zurück. Runde die werte auf eine ganze Zahl.",
     lambda a: {"werte": round(a), "anzahl": 9.2}),
    ("Верни JSON-объект с значения {a} и total 2.6. Округли значения до целого.",
     lambda a: {"значения": round(a), "total": 2.6}),
]


@pytest.mark.parametrize("template,answer", COLLISIONS, ids=[t[:48] for t, _ in COLLISIONS])
def test_a_values_like_key_makes_the_transform_no_claim(template, answer) -> None:
    old, new = template.format(a=39.6), template.format(a=41.3)
    pair = exact_json_pair("json/values-key", old, answer(39.6), new, answer(41.3))
    assert_trap_never_wrong(pair, model=True)


@pytest.mark.parametrize("template,answer", COLLISIONS, ids=[t[:48] for t, _ in COLLISIONS])
def test_on_an_empty_cache_the_models_object_is_kept(template, answer) -> None:
    prompt = template.format(a=12.6)
    reply = dumps(answer(12.6))
    result = StepCache().generate(prompt, lambda _p: reply)
    assert result.model_calls == 1 and result.text == reply, result.text


def test_uppercase_of_the_values_beside_a_values_key_is_no_claim() -> None:
    old = 'Return a JSON object with values "ab" and name "lo". Convert the values in uppercase.'
    new = 'Return a JSON object with values "sun" and name "lo". Convert the values in uppercase.'
    pair = exact_json_pair("json/values-key", old, {"values": "AB", "name": "lo"}, new, {"values": "SUN", "name": "lo"})
    assert_trap_never_wrong(pair, model=True)


@pytest.mark.parametrize("old,old_obj,new,new_obj", [
    # "the values" beside ordinary keys: every stated number (the reading W21 keeps)
    ("Return a JSON object with price 12.6 and count 3.4. Round the values to the nearest integer.",
     {"price": 13, "count": 3}, "Return a JSON object with price 15.2 and count 3.4. Round the values to the nearest integer.",
     {"price": 15, "count": 3}),
    # a transform naming another key beside a values-like key names that key alone
    ("Return a JSON object with values 12.6 and price 3.4. Round the price to the nearest integer.",
     {"values": 12.6, "price": 3}, "Return a JSON object with values 12.6 and price 7.8. Round the price to the nearest integer.",
     {"values": 12.6, "price": 8}),
    # the singular "the value" names the key "value" (no word for "all")
    ("Return a JSON object with value 12.6 and count 3.4. Round the value to the nearest integer.",
     {"value": 13, "count": 3.4}, "Return a JSON object with value 15.2 and count 3.4. Round the value to the nearest integer.",
     {"value": 15, "count": 3.4}),
])
def test_unambiguous_transforms_are_still_served(old, old_obj, new, new_obj) -> None:
    assert_served_proven(exact_json_pair("json/values-key-control", old, old_obj, new, new_obj))
