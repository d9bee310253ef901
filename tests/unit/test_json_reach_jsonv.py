"""wip/jsonV (issue 33 items 2-4): labelled values after a conversion said as "make this (into) a
JSON object" in every table that says it so; a bare key list that ends the request sentence read as
one only when the later sentences state exactly its keys in order ("System: Reply with JSON only,
keys user and role. | User: user Maria, role admin"); one lowercase word as a value in the listed
keys' order for a key that holds a name (pt '"produto" e "quantidade": caneta, 12'). Every pair is
served by the cache alone with the exact object; the traps stay with the model."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from tests._pairs import exact_object as _exact
from tests._pairs import read_stated as _read
from tests._pairs import served_after as _second


# -- class 1: labelled lines after "make this a JSON object" ----------------------------------------
MADE = [
    ("Make this a JSON object:\ntitle: Dune\nyear: 1965", ("title", "year"), {"title": "Dune", "year": 1965}),
    ("Make this into JSON: title: Dune, year: 1965", ("title", "year"), {"title": "Dune", "year": 1965}),
    ("Make it a JSON object: title \"Dune\", year 1965", ("title", "year"), {"title": "Dune", "year": 1965}),
    ("Make the following into a JSON object:\nsku: AB-12\nqty: 4", ("sku", "qty"), {"sku": "AB-12", "qty": 4}),
    ("Haz de esto un JSON:\ntítulo: Dune\naño: 1965", ("título", "año"), {"título": "Dune", "año": 1965}),
    ("Fais-en un objet JSON : titre: Dune, année: 1965", ("titre", "année"), {"titre": "Dune", "année": 1965}),
    ("Mach daraus ein JSON-Objekt:\ntitel: Dune\njahr: 1965", ("titel", "jahr"), {"titel": "Dune", "jahr": 1965}),
    ("Transforme isso em JSON:\ntítulo: Duna\nano: 1965", ("título", "ano"), {"título": "Duna", "ano": 1965}),
    ("Trasformalo in JSON:\ntitolo: Dune\nanno: 1965", ("titolo", "anno"), {"titolo": "Dune", "anno": 1965}),
    ("Сделай из этого JSON:\nназвание: Дюна\nгод: 1965", ("название", "год"), {"название": "Дюна", "год": 1965}),
]


@pytest.mark.parametrize("prompt, keys, stated", MADE)
def test_made_into_json_reads_the_labelled_values(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


# -- class 1: a bare key list ending the request sentence, its values in the next sentence --------
BARE_LIST = [
    ("System: Reply with JSON only, keys user and role.\nUser: user Maria, role admin", ("user", "role"),
     {"user": "Maria", "role": "admin"}),
    ("Reply with JSON only, keys user and role. user Maria, role admin", ("user", "role"), {"user": "Maria", "role": "admin"}),
    ("Return JSON, keys sku and qty. sku: AB-12, qty: 4", ("sku", "qty"), {"sku": "AB-12", "qty": 4}),
]


@pytest.mark.parametrize("prompt, keys, stated", BARE_LIST)
def test_a_bare_key_list_is_read_when_its_values_follow(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


# -- class 2: one lowercase word in the listed keys' order ----------------------------------------
IN_ORDER = [
    ('Retorne um JSON com as chaves "produto" e "quantidade": caneta, 12', ("produto", "quantidade"),
     {"produto": "caneta", "quantidade": 12}),
    ('Return JSON with keys "product" and "quantity": pen, 12', ("product", "quantity"), {"product": "pen", "quantity": 12}),
    ("Return JSON with keys product and quantity: pen, 12", ("product", "quantity"), {"product": "pen", "quantity": 12}),
    ('Return JSON with keys "quantity" and "product": 12, pen', ("quantity", "product"), {"quantity": 12, "product": "pen"}),
    ('Devuelve un JSON con las claves "producto" y "cantidad": silla, 4', ("producto", "cantidad"), {"producto": "silla", "cantidad": 4}),
    ('Restituisci un JSON con le chiavi "prodotto" e "quantità": penna, 3', ("prodotto", "quantità"), {"prodotto": "penna", "quantità": 3}),
    ('Renvoie un JSON avec les clés "produit" et "quantité" : stylo, 12', ("produit", "quantité"), {"produit": "stylo", "quantité": 12}),
]


@pytest.mark.parametrize("prompt, keys, stated", IN_ORDER)
def test_one_lowercase_word_in_order(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "Make this JSON object valid: title: Dune",              # "make this" a conversion only before the noun
        "JSON, keys reordered.",                                 # a bare list and no values
        "Reply with JSON only, keys user and role. user Maria",  # a listed key not stated
        "Reply with JSON only, keys user and role. role admin, user Maria",  # not in the listed order
        "Reply with JSON only, keys user and role. user Maria, role admin, team red",  # another key stated
        "Reply with JSON only, keys user and role. user Maria, user Ana, role admin",  # a key stated twice
        'Return JSON with keys "product" and "quantity": string, 12',  # a type word, no value
        'Return JSON with keys "product" and "quantity": null, 12',    # a JSON literal
        'Return JSON with keys "product" and "quantity": none, 12',
        'Return JSON with keys "product" and "quantity": pen2, 12',    # no word of letters
        'Return JSON with keys "product" and "quantity": red pen, 12',  # two lowercase words
        'Return JSON with keys "quantity" and "product": 12, red pen',
        'Return JSON with keys "quantity" and "product": 12, red Pen',  # a lowercase word in a name of two words
        'Retorne um JSON com as chaves "produto" e "quantidade": \u0441aderno, 5',  # a Cyrillic "с": two scripts
        'Return JSON with keys "quantity" and "product": 12, p\u0435n',
        'Return JSON with keys "quantity" and "product": 12, text',
        'Return JSON with keys "quantity" and "product": 12, nan',  # a literal word no type-word rule holds
        'Restituisci un JSON con le chiavi "nome" e "città": Torino, Giulia',  # swapped (wip/jsonK binds "Giulia, Torino" by place kind and order)
        'Restituisci un JSON con le chiavi "nome" e "città": giulia, torino',
        'Return JSON with keys "product" and "quantity": pen, pencil',  # no number for the quantity
        'Return JSON with keys "product" and "quantity": pen',          # fewer values than keys
        'Return JSON with keys "name" and "age": alice, 30',            # a person's name is written capitalised
        'Return JSON with keys "age" and "name": 30, alice',
        'Return JSON with keys "city" and "population": lyon, 513000',  # a proper name is written capitalised
        'Restituisci un JSON con le chiavi "città" e "abitanti": torino, 870000',
        'Devuelve un JSON con las claves "equipo" y "goles": betis, 3',
        "Give a one-line JSON object with keys sku and qty: sku AB-12, qty 4",  # a layout the served object does not keep
    ],
)
def test_what_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("Make this a JSON object:\ntitle: Dune\nyear: 1965", "Make this a JSON object:\ntitle: Emma\nyear: 1815",
         {"title": "Emma", "year": 1815}),
        ("System: Reply with JSON only, keys user and role.\nUser: user Maria, role admin",
         "System: Reply with JSON only, keys user and role.\nUser: user Kenji, role editor", {"user": "Kenji", "role": "editor"}),
        ('Retorne um JSON com as chaves "produto" e "quantidade": caneta, 12',
         'Retorne um JSON com as chaves "produto" e "quantidade": caderno, 5', {"produto": "caderno", "quantidade": 5}),
        ('Return JSON with keys "product" and "quantity": pen, 12', 'Return JSON with keys "product" and "quantity": mug, 3',
         {"product": "mug", "quantity": 3}),
        ("Mach daraus ein JSON-Objekt:\ntitel: Dune\njahr: 1965", "Mach daraus ein JSON-Objekt:\ntitel: Emma\njahr: 1815",
         {"titel": "Emma", "jahr": 1815}),
    ],
)
def test_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _exact(obj, expected)


@pytest.mark.parametrize(
    "first, second",
    [
        ("System: Reply with JSON only, keys user and role.\nUser: user Maria, role admin",
         "System: Reply with JSON only, keys user and team.\nUser: user Kenji, role editor"),  # another key
        ('Return JSON with keys "product" and "quantity": pen, 12', 'Return JSON with keys "product" and "quantity": string, 3'),
        ("Make this a JSON object:\ntitle: Dune\nyear: 1965", "Make this a YAML object:\ntitle: Emma\nyear: 1815"),  # YAML
        ('Return JSON with keys "product" and "quantity": pen, 12', 'Return JSON with keys "product" and "quantity": pen, twelve'),
    ],
)
def test_traps_are_not_served_from_the_cache(first: str, second: str) -> None:
    served, _obj = _second(first, second)
    assert not served


# -- class 1: labelled lines after "from this:" (every table's FROM phrase) and de "als JSON ausgeben:" --
FROM_THIS = [
    ("Make a JSON object from this:\nname: Laura Chen\nage: 41\ncity: Denver", ("name", "age", "city"),
     {"name": "Laura Chen", "age": 41, "city": "Denver"}),
    ("Make a JSON object from these:\nname: Ana\nage: 31", ("name", "age"), {"name": "Ana", "age": 31}),
    ("Make a JSON object from this: name: Ana, age: 31", ("name", "age"), {"name": "Ana", "age": 31}),
    ("Crea un objeto JSON a partir de esto:\nnombre: Lucía Romero\nedad: 31", ("nombre", "edad"), {"nombre": "Lucía Romero", "edad": 31}),
    ("Crée un objet JSON à partir de ceci :\nnom : Dubois\nâge : 36", ("nom", "âge"), {"nom": "Dubois", "âge": 36}),
    ("Crie um JSON a partir disso:\nnome: Beatriz Costa\nidade: 26", ("nome", "idade"), {"nome": "Beatriz Costa", "idade": 26}),
    ("Crea un JSON da questo:\nnome: Giulia Ferri\netà: 40", ("nome", "età"), {"nome": "Giulia Ferri", "età": 40}),
    ("Создай JSON из этого:\nимя: Анна\nвозраст: 35", ("имя", "возраст"), {"имя": "Анна", "возраст": 35}),
    ("Transforma isso em JSON pra mim:\nnome: Beatriz Costa\nidade: 26\ncidade: Recife", ("nome", "idade", "cidade"),
     {"nome": "Beatriz Costa", "idade": 26, "cidade": "Recife"}),
    ("Bitte als JSON ausgeben:\nname: Jonas Weber\nalter: 52\nstadt: Leipzig", ("name", "alter", "stadt"),
     {"name": "Jonas Weber", "alter": 52, "stadt": "Leipzig"}),
]


@pytest.mark.parametrize("prompt, keys, stated", FROM_THIS)
def test_labelled_lines_from_this(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a JSON object from this:\nname: Ana\nage: 31?",          # a value asked about states nothing
        "Make a JSON object from this:\nname: Ana\nage: 31\nname: Eva",  # a key stated twice
        "Bitte als YAML ausgeben:\nname: Jonas Weber\nalter: 52",     # no JSON
        "Bitte als JSON ausgeben:\nname: Jonas Weber\nalter: zweiundfünfzig",
    ],
)
def test_from_this_traps_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("Make a JSON object from this:\nname: Laura Chen\nage: 34\ncity: Denver",
         "Make a JSON object from this:\nname: Laura Chen\nage: 41\ncity: Denver", {"name": "Laura Chen", "age": 41, "city": "Denver"}),
        ("Bitte als JSON ausgeben:\nname: Jonas Weber\nalter: 45\nstadt: Leipzig",
         "Bitte als JSON ausgeben:\nname: Jonas Weber\nalter: 52\nstadt: Leipzig", {"name": "Jonas Weber", "alter": 52, "stadt": "Leipzig"}),
        ("Transforma isso em JSON pra mim:\nnome: Beatriz Costa\nidade: 22\ncidade: Recife",
         "Transforma isso em JSON pra mim:\nnome: Beatriz Costa\nidade: 26\ncidade: Recife", {"nome": "Beatriz Costa", "idade": 26, "cidade": "Recife"}),
        ("Crea un objeto JSON a partir de esto:\nnombre: Lucía Romero\nedad: 31", "Crea un objeto JSON a partir de esto:\nnombre: Ana Gil\nedad: 44",
         {"nombre": "Ana Gil", "edad": 44}),
    ],
)
def test_from_this_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _exact(obj, expected)


# -- class 2: a stated number of the other JSON number type re-instantiates (es "precio=45.5" -> "precio=120") --
@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("Convierte a JSON: producto=silla, precio=45.5, disponible=true", "Convierte a JSON: producto=mesa, precio=120, disponible=false",
         {"producto": "mesa", "precio": 120, "disponible": False}),
        ("Convert to JSON: product=chair, price=45, available=true", "Convert to JSON: product=table, price=120.5, available=false",
         {"product": "table", "price": 120.5, "available": False}),
        ("Return JSON with keys sku and weight: sku AB-1, weight 2.25", "Return JSON with keys sku and weight: sku AB-2, weight 3",
         {"sku": "AB-2", "weight": 3}),
    ],
)
def test_a_number_of_the_other_type_is_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _exact(obj, expected)


@pytest.mark.parametrize(
    "first, second",
    [
        # a number stated as a string or a boolean is another JSON type: the model answers
        ("Convert to JSON: product=chair, price=45, available=true", 'Convert to JSON: product=table, price="120", available=false'),
        ("Convert to JSON: product=chair, price=45.5, available=true", "Convert to JSON: product=table, price=true, available=false"),
        ("Convert to JSON: product=chair, price=45.5, available=true", "Convert to YAML: product=table, price=120, available=false"),
    ],
)
def test_another_type_is_not_served_from_the_cache(first: str, second: str) -> None:
    served, _obj = _second(first, second)
    assert not served
