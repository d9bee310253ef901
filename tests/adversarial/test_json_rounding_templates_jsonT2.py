"""wip/jsonT (round 2): a rounding said first, then its result "as JSON" with a template (es 'Redondea
2,71828 a dos decimales y devuélvelo como JSON {"valor": ...}', de '... und gib das Ergebnis als JSON
{"wert": ...} aus', ja '4.32 を小数第1位までに四捨五入して {"value": ...} の形で返して'); a euro sign after a
price (fr/de/es/it/pt "kept_units": '... arrondi à l'euro près : prix 3,75 €'); a system prompt with
"only" before its verb ("You only reply with valid JSON.", fr "Tu réponds uniquement en JSON.") and a
type note after a stated value (zh 'order_id = 8812（整数）'), "only" before the noun (es "Solo JSON,
por favor. producto=Café, ..."). Served pairs are served AND exactly right; each trap (another rounding place, a tie "nearest" does not settle, a key outside the template,
another currency, a type note the value contradicts, "it" with nothing said first) is no claim or
right. Few-shot examples: an example whose object copies its values in order (one member each, as
written) gives the keys; the problem's values fill them, each of its example's type. Nested templates
stay no claim (readings below)."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

Obj = dict[str, Any]


SERVED = [
    # a rounding said first, its result "as JSON" (RESULT: "it", "the result", "das Ergebnis", ...)
    pair("result/es", 'Redondea 3,14159 a dos decimales y devuélvelo como JSON {"valor": ...}', {"valor": 3.14},
         'Redondea 2,71828 a dos decimales y devuélvelo como JSON {"valor": ...}', {"valor": 2.72}),
    pair("result/es-el", 'Redondea 3,14159 a dos decimales y devuelve el resultado como JSON {"valor": ...}', {"valor": 3.14},
         'Redondea 2,71828 a dos decimales y devuelve el resultado como JSON {"valor": ...}', {"valor": 2.72}),
    pair("result/de", 'Runde 3,14159 auf zwei Nachkommastellen und gib das Ergebnis als JSON {"wert": ...} aus.', {"wert": 3.14},
         'Runde 2,71828 auf zwei Nachkommastellen und gib das Ergebnis als JSON {"wert": ...} aus.', {"wert": 2.72}),
    pair("result/en-it", 'Round 3.14159 to two decimals and return it as JSON {"value": ...}.', {"value": 3.14},
         'Round 2.71828 to two decimals and return it as JSON {"value": ...}.', {"value": 2.72}),
    pair("result/en-the", 'Round 3.14159 to two decimals and return the result as JSON {"value": ...}.', {"value": 3.14},
         'Round 2.71828 to two decimals and return the result as JSON {"value": ...}.', {"value": 2.72}),
    pair("result/fr", 'Arrondis 3,14159 à deux décimales et renvoie le résultat en JSON {"valeur": ...}', {"valeur": 3.14},
         'Arrondis 2,71828 à deux décimales et renvoie le résultat en JSON {"valeur": ...}', {"valeur": 2.72}),
    pair("result/it", 'Arrotonda 3,14159 a due decimali e restituisci il risultato in JSON {"valore": ...}', {"valore": 3.14},
         'Arrotonda 2,71828 a due decimali e restituisci il risultato in JSON {"valore": ...}', {"valore": 2.72}),
    pair("result/pt", 'Arredonde 3,14159 para duas casas decimais e devolva o resultado em JSON {"valor": ...}', {"valor": 3.14},
         'Arredonde 2,71828 para duas casas decimais e devolva o resultado em JSON {"valor": ...}', {"valor": 2.72}),
    # ja: "小数第1位までに", the template "の形で返して"; 四捨五入 is declared half-up: a tie goes up
    pair("ja/form", '2.71 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": 2.7},
         '4.32 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": 4.3}),
    pair("ja/half-up", '4.32 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": 4.3},
         '2.75 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": 2.8}),
    pair("ja/hundredth", '3.14159 を小数第2位までに四捨五入して {"value": ...} の形で返して', {"value": 3.14},
         '2.71828 を小数第2位までに四捨五入して {"value": ...} の形で返して', {"value": 2.72}),
    # a euro sign after a price: the value is the number (kept_units)
    pair("euro/fr-template", 'Donne un JSON {"article": ..., "prix": ...} avec le prix arrondi à l\'euro près : article « stylo », prix 2,49 €',
         {"article": "stylo", "prix": 2},
         'Donne un JSON {"article": ..., "prix": ...} avec le prix arrondi à l\'euro près : article « cahier », prix 3,75 €',
         {"article": "cahier", "prix": 4}),
    pair("euro/fr-one-key", "Donne un JSON avec la clé prix, arrondi à l'euro près : 12,49 €", {"prix": 12},
         "Donne un JSON avec la clé prix, arrondi à l'euro près : 27,62 €", {"prix": 28}),
    pair("euro/de", 'Runde den Preis auf ganze Euro und gib ein JSON mit "artikel" und "preis" zurück: Kaffeemaschine, 89,60 €.',
         {"artikel": "Kaffeemaschine", "preis": 90},
         'Runde den Preis auf ganze Euro und gib ein JSON mit "artikel" und "preis" zurück: Wasserkocher, 24,30 €.',
         {"artikel": "Wasserkocher", "preis": 24}),
    pair("euro/es", "Genera un JSON con las claves producto y precio: Café, 3,50 €", {"producto": "Café", "precio": 3.5},
         "Genera un JSON con las claves producto y precio: Té, 2,75 €", {"producto": "Té", "precio": 2.75}),
    pair("euro/it", "Dammi un JSON con le chiavi prodotto e prezzo: Caffè, 3,50 €", {"prodotto": "Caffè", "prezzo": 3.5},
         "Dammi un JSON con le chiavi prodotto e prezzo: Tè, 2,75 €", {"prodotto": "Tè", "prezzo": 2.75}),
    pair("euro/pt", "Gere um JSON com as chaves produto e preco: Café, 3,50 €", {"produto": "Café", "preco": 3.5},
         "Gere um JSON com as chaves produto e preco: Chá, 2,75 €", {"produto": "Chá", "preco": 2.75}),
    # a system prompt, then the user's request (chat transcripts)
    pair("chat/en-only", 'System: You only reply with valid JSON.\nUser: Give me an object with user = "dana" and score = 88.',
         {"user": "dana", "score": 88},
         'System: You only reply with valid JSON.\nUser: Give me an object with user = "eli" and score = 91.',
         {"user": "eli", "score": 91}),
    pair("chat/fr-tu", 'System: Tu réponds uniquement en JSON.\nUser: Crée un objet avec id = 8 et statut = "actif".',
         {"id": 8, "statut": "actif"},
         'System: Tu réponds uniquement en JSON.\nUser: Crée un objet avec id = 15 et statut = "inactif".',
         {"id": 15, "statut": "inactif"}),
    # few-shot: the example's object copies its values in order; the problem fills the same keys
    pair("shot/en-arrow", 'Input: Tom, 25 -> {"name": "Tom", "age": 25}\nInput: Ann, 31 ->', {"name": "Ann", "age": 31},
         'Input: Tom, 25 -> {"name": "Tom", "age": 25}\nInput: Bob, 47 ->', {"name": "Bob", "age": 47}),
    pair("shot/en-output", 'Input: red, 3\nOutput: {"color": "red", "count": 3}\nInput: blue, 5\nOutput:', {"color": "blue", "count": 5},
         'Input: red, 3\nOutput: {"color": "red", "count": 3}\nInput: green, 7\nOutput:', {"color": "green", "count": 7}),
    pair("shot/fr", 'Exemple : Marie, Lyon -> {"prenom": "Marie", "ville": "Lyon"}\nMaintenant : Hugo, Nantes ->',
         {"prenom": "Hugo", "ville": "Nantes"},
         'Exemple : Marie, Lyon -> {"prenom": "Marie", "ville": "Lyon"}\nMaintenant : Léa, Brest ->',
         {"prenom": "Léa", "ville": "Brest"}),
    # "only" before the noun, then the values (the stated keys are the keys asked)
    pair("only/es", "Solo JSON, por favor. producto=Café, precio=3.5, stock=120", {"producto": "Café", "precio": 3.5, "stock": 120},
         "Solo JSON, por favor. producto=Té, precio=2.75, stock=80", {"producto": "Té", "precio": 2.75, "stock": 80}),
    pair("only/it", "Solo JSON: titolo=Gattopardo, anno=1958", {"titolo": "Gattopardo", "anno": 1958},
         "Solo JSON: titolo=Senilità, anno=1898", {"titolo": "Senilità", "anno": 1898}),
    pair("only/en", 'Only JSON: sku = "A-1", qty = 3', {"sku": "A-1", "qty": 3},
         'Only JSON: sku = "B-7", qty = 12', {"sku": "B-7", "qty": 12}),
    pair("chat/zh-typed", 'System: 只输出 JSON。\nUser: order_id = 8812（整数），status = "已发货"', {"order_id": 8812, "status": "已发货"},
         'System: 只输出 JSON。\nUser: order_id = 9034（整数），status = "待付款"', {"order_id": 9034, "status": "待付款"}),
]

# (pair, whether the model must answer)
TRAPS = [
    # a key outside the template cached
    (pair("key-outside", 'Redondea 3,14159 a dos decimales y devuélvelo como JSON {"valor": ...}', {"valor": 3.14},
          'Redondea 3,14159 a dos decimales y devuélvelo como JSON {"precio": ...}', {"precio": 3.14}), False),
    # another rounding place
    (pair("other-place", 'Redondea 3,14159 a dos decimales y devuélvelo como JSON {"valor": ...}', {"valor": 3.14},
          'Redondea 3,14159 a un decimal y devuélvelo como JSON {"valor": ...}', {"valor": 3.1}), False),
    (pair("other-place-de", 'Runde 3,14159 auf zwei Nachkommastellen und gib das Ergebnis als JSON {"wert": ...} aus.', {"wert": 3.14},
          'Runde 3,14159 auf eine Nachkommastelle und gib das Ergebnis als JSON {"wert": ...} aus.', {"wert": 3.1}), False),
    # a tie "al entero más cercano" does not settle
    (pair("tie-es", 'Redondea 2,4 al entero más cercano y devuélvelo como JSON {"valor": ...}', {"valor": 2},
          'Redondea 2,5 al entero más cercano y devuélvelo como JSON {"valor": ...}', {"valor": 3}), True),
    (pair("tie-fr-euro", 'Donne un JSON avec la clé prix, arrondi à l\'euro près : 12,49 €', {"prix": 12},
          'Donne un JSON avec la clé prix, arrondi à l\'euro près : 12,50 €', {"prix": 13}), True),
    # a negative tie under the half-up verb: which way it goes is not said
    (pair("tie-ja-negative", '4.32 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": 4.3},
          '-2.65 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": -2.6}), True),
    # another currency than the euro the rounding names
    (pair("dollar", "Donne un JSON avec la clé prix, arrondi à l'euro près : 12,49 €", {"prix": 12},
          "Donne un JSON avec la clé prix, arrondi à l'euro près : 12,49 $", {"prix": 12}), True),
    (pair("euro-before", "Donne un JSON avec la clé prix, arrondi à l'euro près : 12,49 €", {"prix": 12},
          "Donne un JSON avec la clé prix, arrondi à l'euro près : €12,49", {"prix": 12}), True),
    # a type note the value contradicts
    (pair("typed-float", 'System: 只输出 JSON。\nUser: order_id = 8812（整数），status = "已发货"', {"order_id": 8812, "status": "已发货"},
          'System: 只输出 JSON。\nUser: order_id = 8812.5（整数），status = "已发货"', {"order_id": 8812.5, "status": "已发货"}), True),
    (pair("typed-string", 'System: 只输出 JSON。\nUser: order_id = 8812（整数），status = "已发货"', {"order_id": 8812, "status": "已发货"},
          'System: 只输出 JSON。\nUser: order_id = "8812"（整数），status = "已发货"', {"order_id": "8812", "status": "已发货"}), True),
    # a changed key in the chat request
    (pair("chat-key", 'System: You only reply with valid JSON.\nUser: Give me an object with user = "dana" and score = 88.',
          {"user": "dana", "score": 88},
          'System: You only reply with valid JSON.\nUser: Give me an object with user = "dana" and points = 88.',
          {"user": "dana", "points": 88}), False),
    # few-shot: only the example changed (its value must not leak into the answer)
    (pair("shot-example-changed", 'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5 ->', {"color": "blue", "count": 5},
          'Input: pink, 9 -> {"color": "pink", "count": 9}\nInput: blue, 5 ->', {"color": "blue", "count": 5}), False),
    # the example's key renamed: the answer's key follows it
    (pair("shot-key-renamed", 'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5 ->', {"color": "blue", "count": 5},
          'Input: red, 3 -> {"colour": "red", "count": 3}\nInput: blue, 5 ->', {"colour": "blue", "count": 5}), False),
    # the example's object is no copy of its values: the model's
    (pair("shot-not-copy", 'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5 ->', {"color": "blue", "count": 5},
          'Input: red, 3 -> {"color": "RED", "count": 3}\nInput: blue, 5 ->', {"color": "BLUE", "count": 5}), True),
    (pair("shot-other-type", 'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5 ->', {"color": "blue", "count": 5},
          'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5.5 ->', {"color": "blue", "count": 5.5}), True),
    # a stated key renamed after "only JSON"
    (pair("only-key", "Solo JSON, por favor. producto=Café, precio=3.5, stock=120", {"producto": "Café", "precio": 3.5, "stock": 120},
          "Solo JSON, por favor. producto=Café, precio=3.5, existencias=120", {"producto": "Café", "precio": 3.5, "existencias": 120}), False),
    (pair("only-twice", "Solo JSON, por favor. producto=Café, precio=3.5, stock=120", {"producto": "Café", "precio": 3.5, "stock": 120},
          "Solo JSON, por favor. producto=Café, producto=Té", {"producto": "Té"}), True),
    # "the weight" is no word for the result said first
    (pair("not-result", 'Runde 3,14159 auf zwei Nachkommastellen und gib das Ergebnis als JSON {"wert": ...} aus.', {"wert": 3.14},
          'Runde 3,14159 auf zwei Nachkommastellen und gib das Gewicht als JSON {"wert": ...} aus.', {"wert": 3.14}), True),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    assert_trap_never_wrong(case, model)


@pytest.mark.parametrize("prompt", [
    'Round 3.14159 to two decimals and return it as JSON {"value": ..., "other": ...}.',  # two keys: which holds it
    'Devuélvelo como JSON {"valor": ...}',                # "it" with nothing said first
    'Return it as JSON {"value": ...}',
    'Gib das Ergebnis als JSON {"wert": ...} aus.',
    'Redondea 2,5 al entero más cercano y devuélvelo como JSON {"valor": ...}',  # a tie "nearest" does not settle
    '-2.65 を小数第1位までに四捨五入して {"value": ...} の形で返して',      # a negative tie
    "Donne un JSON {\"article\": ..., \"prix\": ...} avec le prix arrondi à l'euro près : article « cahier », prix 3,75 $",
    "Donne un JSON {\"article\": ..., \"prix\": ...} avec le prix arrondi à l'euro près : article « cahier », prix 3,75 €€",
    "Donne un JSON {\"article\": ..., \"prix\": ...} avec le prix arrondi à l'euro près : article « cahier », prix 3,75 € 20",
    'Arredonde 5,349 para uma casa decimal e devolva {"resultado": ...}',  # "5,349" may group thousands
    'System: 只输出 JSON。\nUser: order_id = 9034，status = "待付款"（整数）',  # the note contradicts the value
    'Return JSON: age = 30 (a string), name = "Ann"',
    # nested templates: 'for: Frank, 61' is served since wip/jsonN (test_json_nested_jsonN.py); "user 45 named Leo" is not
    'Return JSON shaped like {"user": {"id": ..., "name": ...}} for user 45 named Leo.',
    # few-shot: an example whose object is no copy of its values, another order, type or count
    'Input: red, 3 -> {"color": "RED", "count": 3}\nInput: blue, 5 ->',
    'Input: red, 3 -> {"color": "red", "count": 4}\nInput: blue, 5 ->',
    'Input: red, 3 -> {"count": 3, "color": "red"}\nInput: blue, 5 ->',
    'Input: red, 3 -> {"color": "red", "count": "3"}\nInput: blue, 5 ->',
    'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5.5 ->',
    'Input: red, 3 -> {"color": "red", "count": 3}\nInput: 5, blue ->',
    'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5, 7 ->',
    'Input: red, 3 -> {"color": "red", "count": 3, "x": 1}\nInput: blue, 5 ->',
    'Input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5 -> {"color": "blue", "count": 5}',  # no problem left
    'Input: red, 3 -> {"color": "red", "count": 3}\nInput: green, 4 -> {"hue": "green", "count": 4}\nInput: blue, 5 ->',
    'Input: cat, 4 legs -> {"animal": "cat", "legs": 4}\nInput: bird, 2 legs ->',  # a unit word: no copy as written
    'Say input: red, 3 -> {"color": "red", "count": 3}\nInput: blue, 5 ->',
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, read_request(prompt)


# The reading of each class, exactly: (prompt, keys and values, transforms)
READINGS = [
    ('Redondea 2,71828 a dos decimales y devuélvelo como JSON {"valor": ...}', {"valor": 2.72}, {"valor": "round to 0.01"}),
    ('4.32 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": 4.3}, {"value": "round half up to 0.1"}),
    ('2.75 を小数第1位までに四捨五入して {"value": ...} の形で返して', {"value": 2.8}, {"value": "round half up to 0.1"}),
    ('Runde den Preis auf ganze Euro und gib ein JSON mit "artikel" und "preis" zurück: Wasserkocher, 24,30 €.',
     {"artikel": "Wasserkocher", "preis": 24}, {"preis": "round to 1"}),
    ("Donne un JSON avec la clé prix, arrondi à l'euro près : 27,62 €", {"prix": 28}, {"prix": "round to 1"}),
    ('System: 只输出 JSON。\nUser: order_id = 9034（整数），status = "待付款"', {"order_id": 9034, "status": "待付款"}, {}),
    ('System: You only reply with valid JSON.\nUser: Give me an object with user = "eli" and score = 91.', {"user": "eli", "score": 91}, {}),
    ('Input: red, 3 -> {"color": "red", "count": 3}\nInput: green, 4 -> {"color": "green", "count": 4}\nInput: blue, 5 ->',
     {"color": "blue", "count": 5}, {}),
    ('Return JSON with keys input and output: input 3, output 4', {"input": 3, "output": 4}, {}),  # "input" is still a key
]


@pytest.mark.parametrize("prompt, values, transforms", READINGS)
def test_reading(prompt: str, values: Obj, transforms: dict[str, str]) -> None:
    read = read_request(prompt)
    assert read is not None, prompt
    assert read.keys == tuple(values) and read.transforms == transforms, (read.keys, read.transforms)
    got = {k: st.value for k, st in read.statements.items()}
    assert got == values and all(type(got[k]) is type(v) for k, v in values.items()), got
