"""wip/fuzzO: wip/fuzzK's five open JSON wrong classes (and jsonF's open note, and homoglyphs) closed by construction.

Every path's statements pass one check before a request is read (json/reader.py ``_value_read_two_ways``; a k=v
value is one token: ``_words_after_equals``): a value read two ways is no claim. Each class is asserted here over
the paths a statement comes from (flat, labels, nested leaves, a key holding an object, colon blocks, lists, k=v,
the keys' order, self-introductions, passages) and every table that reads the path, each trap beside its base
(the base must read, so the trap is declined by the class's rule, not by an unread sentence).
"""

from __future__ import annotations

import itertools

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import FixedReplyModel, NeverRightModel, assert_red_team_pair_not_served

# ------------------------------------------------------------------ bases: one per path and table (each must read)
FLAT = {
    "en": ('Return JSON with keys "name" and "city": name Ana, city Lyon', "Ana"),
    "es": ('Devuelve un JSON con las claves "nombre" y "ciudad": nombre Ana, ciudad Lyon', "Ana"),
    "fr": ('Donne-moi un JSON avec les clés "nom" et "ville" : nom Ana, ville Lyon', "Ana"),
    "de": ('Gib ein JSON mit den Schlüsseln "name" und "stadt" zurück: name Ana, stadt Lyon', "Ana"),
    "pt": ('Retorne um JSON com as chaves "nome" e "cidade": nome Ana, cidade Lyon', "Ana"),
    "it": ('Restituisci un JSON con le chiavi "nome" e "città": nome Ana, città Lyon', "Ana"),
    "ru": ('Верни JSON с ключами "name" и "city": name Ана, city Лион', "Ана"),
}
LABELS = {
    "en": ('Return a JSON object with keys "name" and "age". Name: Priya, Age: 29', "Priya"),
    "es": ('Devuelve un JSON con las claves "nombre" y "edad". Nombre: Priya, Edad: 29', "Priya"),
    "de": ('Gib ein JSON mit den Schlüsseln "name" und "alter" zurück. Name: Priya, Alter: 29', "Priya"),
}
NESTED = ('Return {"user": {"name": ..., "city": ...}} for name Carl, city Lyon', "Carl")
HOLDING = ('Return JSON with a key "server" holding host "db" and port 9090.', '"db"')
BLOCK = ("server:\n  host: localhost\n  port: 9090\n\nRewrite this as JSON.", "localhost")
FLAT_BLOCK = ("host: localhost\nport: 9090\n\nConvert to JSON.", "localhost")
ZH = ("返回一个包含name和city字段的JSON对象：name是Ana，city是Lyon", "Ana")
EQUALS = {
    "en": "Make a JSON object from: sku=AB, qty=3",
    "de": "Erstelle ein JSON-Objekt aus: sku=AB, qty=3",
    "it": "Crea un oggetto JSON da: sku=AB, qty=3",
    "zh": "生成JSON：sku=AB，qty=3",
    "ja": "JSONにして：sku=AB、qty=3",
}
LISTS = ('Return JSON with a key "tags" listing: red, green, blue',
         'Return a JSON object with keys "name" and "tags" (a list): name Ana, tags red, green, blue')

NAME_PATHS = [*FLAT.values(), *LABELS.values(), NESTED, BLOCK, FLAT_BLOCK, ZH]


def _traps(bases: list[tuple[str, str]], words: list[str]) -> list[tuple[str, str]]:
    return [(base, base.replace(value, word, 1)) for (base, value), word in itertools.product(bases, words)]


def _assert_declined_beside_its_base(base: str, trap: str) -> None:
    assert base != trap
    assert read_request(base) is not None, base
    read = read_request(trap)
    assert read is None, (trap, read and {k: s.value for k, s in read.statements.items()})


# ------------------------------------------------------------------ 1. a bare literal as a boolean (fuzzK-bare-boolean-leaf)
# for a key the tables say holds a name or a number (name, city, host, age, port, qty, ...), no note typing it boolean
BOOLEAN_TRAPS = _traps([*NAME_PATHS, HOLDING], ["true", "false"]) + [
    (EQUALS["en"], EQUALS["en"].replace("qty=3", "qty=true")),
    (EQUALS["de"], EQUALS["de"].replace("qty=3", "qty=false")),
    (EQUALS["it"], EQUALS["it"].replace("qty=3", "qty=true")),
    (HOLDING[0], HOLDING[0].replace("port 9090", "port true")),
    (BLOCK[0], BLOCK[0].replace("port: 9090", "port: false")),
    (FLAT_BLOCK[0], FLAT_BLOCK[0].replace("port: 9090", "port: true")),
] + _traps([*NAME_PATHS], ["yes", "no", "True", "NULL"])  # a table's yes/no and a literal in another case (W26, same check)


@pytest.mark.parametrize(("base", "trap"), BOOLEAN_TRAPS)
def test_a_bare_literal_for_a_name_or_number_key_is_no_claim(base: str, trap: str) -> None:
    _assert_declined_beside_its_base(base, trap)


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Return JSON with keys active (boolean) and count: active true, count 3", {"active": True, "count": 3}),
    ("Return JSON with keys active and count as booleans: active true, count false", {"active": True, "count": False}),
    ("JSON please: {active: true, count: 3}", {"active": True, "count": 3}),  # data written as data
    ("Return JSON with keys active and count: active true, count 3", {"active": True, "count": 3}),  # a key of no kind
    ("Make a JSON object from: sku=true, qty=3", {"sku": True, "qty": 3}),
    ("Return JSON with keys name (boolean) and age: name true, age 3", {"name": True, "age": 3}),  # noted
    ('Convert to JSON: {"active": true, "count": 3}', {"active": True, "count": 3}),
    ('Convert to JSON: {"host": true, "port": 9090}', {"host": True, "port": 9090}),  # a record, for a name's key too
    ("JSON please: {name: false, age: 3}", {"name": False, "age": 3}),
    ('Return JSON with keys "name" and "city": name "true", city Lyon', {"name": "true", "city": "Lyon"}),  # quoted: a string
])
def test_a_boolean_noted_or_written_as_data_is_read(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


# ------------------------------------------------------------------ 2. markup in an item or value (fuzzK-underscore-emphasis-item)
MARKUPS = ["_{}_", "__{}__", "~~{}~~", "`{}`", "<b>{}</b>", "[{}](http://x.example)", "*{}*", "**{}**"]
MARKUP_TRAPS = [(base, base.replace("blue", m.format("blue"))) for base in LISTS for m in MARKUPS] + \
    [(base, base.replace("red", m.format("red"), 1)) for base in LISTS for m in MARKUPS[:4]] + \
    [(base, base.replace(value, m.format(value.strip('"')), 1)) for (base, value) in [*FLAT.values(), NESTED, BLOCK, FLAT_BLOCK]
     for m in ("_{}_", "__{}__")] + \
    [(EQUALS[lang], EQUALS[lang].replace("sku=AB", f"sku={m.format('AB')}")) for lang in EQUALS for m in ("_{}_", "`{}`")] + \
    [(EQUALS["en"], EQUALS["en"].replace("sku=AB", "sku=AB_"))]


@pytest.mark.parametrize(("base", "trap"), MARKUP_TRAPS)
def test_markup_in_an_item_or_value_is_no_claim(base: str, trap: str) -> None:
    _assert_declined_beside_its_base(base, trap)


@pytest.mark.parametrize(("prompt", "expected"), [
    ('Return JSON with a key "tags" listing: red, green, snake_case', {"tags": ["red", "green", "snake_case"]}),
    ('Return JSON with a key "tags" listing: red, green, "blue"', {"tags": ["red", "green", "blue"]}),
    ("Make a JSON object from: sku=AB_1, qty=3", {"sku": "AB_1", "qty": 3}),
])
def test_an_underscore_inside_a_word_is_read(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


# ------------------------------------------------------------------ 3. a word after a k=v value (fuzzK-modifier-in-value-run)
AFTER = ["x2", "twice", "of y", "reversed", "please", "Zed", "2x", "sorted", "zweimal", "dos veces", "两次", "二回"]
EQUALS_TRAPS = [(EQUALS[lang], EQUALS[lang].replace("sku=AB", f"sku=AB {word}")) for lang in EQUALS for word in AFTER] + \
    [(EQUALS["en"], EQUALS["en"].replace("qty=3", "qty=3 x2")),
     (EQUALS["en"], EQUALS["en"].replace("qty=3", "qty=3 each")),
     ("Dammi un JSON con prodotto=mouse e prezzo=25", "Dammi un JSON con prodotto=mouse wireless e prezzo=25"),
     ("Dammi un JSON con prodotto=mouse e prezzo=25", "Dammi un JSON con prodotto=Il mouse e prezzo=25")]


@pytest.mark.parametrize(("base", "trap"), EQUALS_TRAPS)
def test_a_word_after_a_k_v_value_is_no_claim(base: str, trap: str) -> None:
    _assert_declined_beside_its_base(base, trap)


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Make a JSON object from: sku=AB-100, qty=3", {"sku": "AB-100", "qty": 3}),
    ('Make a JSON object from: sku="AB x2", qty=3', {"sku": "AB x2", "qty": 3}),  # quoted: one value
    ("Make a JSON object from: qty=3, sku=AB please", {"qty": 3, "sku": "AB"}),  # the request's courtesy, after the last
    ("Dammi un JSON con prodotto=mouse e prezzo=25", {"prodotto": "mouse", "prezzo": 25}),
])
def test_a_k_v_value_of_one_token_is_read(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


# ------------------------------------------------------------------ 4. a word that names no one, of any table (fuzzK-never-name-value)
NEVER = ["Nobody", "Niemand", "Nadie", "Personne", "Nessuno", "Ninguém", "Todos", "Everyone", "Monday", "Tomorrow",
         "Christmas", "Noon", "Demain", "Lunes", "Someone", "Alle"]
NEVER_TRAPS = _traps(NAME_PATHS, NEVER) + [
    ('Return JSON with keys "product" and "quantity": lamp, 5', f'Return JSON with keys "product" and "quantity": {w}, 5')
    for w in ("Todos", "Niemand", "Tomorrow", "Nobody")] + [
    ('Retorne um JSON com as chaves "produto" e "quantidade": caderno, 5',
     'Retorne um JSON com as chaves "produto" e "quantidade": Nobody, 5'),
    ('Donne-moi un JSON avec "prenom" et "age" : Luca a 22 ans.', 'Donne-moi un JSON avec "prenom" et "age" : Tomorrow a 22 ans.'),
    ('Extraia um JSON com as chaves "cliente" e "valor" de: "O cliente Rita pagou 45 reais."',
     'Extraia um JSON com as chaves "cliente" e "valor" de: "O cliente It pagou 45 reais."'),  # en "it" (IT: a country code)
    ("System: Reply with JSON only, keys user and role.\nUser: user Eve, role admin",
     "System: Reply with JSON only, keys user and role.\nUser: user Christmas, role admin"),
]


@pytest.mark.parametrize(("base", "trap"), NEVER_TRAPS)
def test_a_word_that_names_no_one_in_any_table_is_no_name(base: str, trap: str) -> None:
    _assert_declined_beside_its_base(base, trap)


@pytest.mark.parametrize("prompt", [
    "My name is Nobody and I am 30. Return JSON with name and age.",
    "Me llamo Monday y tengo 30 años. Devuelve un JSON con nombre y edad.",
])
def test_a_self_introduced_word_that_names_no_one_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(("prompt", "expected"), [
    ('Return JSON with keys "name" and "city": name "Nobody", city Lyon', {"name": "Nobody", "city": "Lyon"}),  # quoted
    ('Return JSON with keys "name" and "city": name Ana, city Lyon', {"name": "Ana", "city": "Lyon"}),
    ('Donne-moi un JSON avec "prenom" et "age" : Luca a 22 ans.', {"prenom": "Luca", "age": 22}),
    # another table's word inside a name of several words (es "ella") may be part of the name: read as before
    ('Return a JSON object with keys "name" and "age". Name: Ella Fitzgerald, Age: 39', {"name": "Ella Fitzgerald", "age": 39}),
    ('Return JSON with keys "name" and "city": Ella Fitzgerald, Lyon', {"name": "Ella Fitzgerald", "city": "Lyon"}),
    ("JSON per favore: squadra=Como, punti=41", {"squadra": "Como", "punti": 41}),  # another table's word, a known place
])
def test_a_name_is_read(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


# ------------------------------------------------------------------ 5. a number written with zeros after its point
PASSAGE = 'Extract JSON with keys "model" and "price" from: "The Nimbus 7 costs {}."'
PADDED = ["$349.00", "$349.50", "$349.0", "£349.00", "349.00 dollars", "349,00 €", "349.00 €", "¥349", "$1.0"]
PADDED_TRAPS = [(PASSAGE.format("$349"), PASSAGE.format(p)) for p in PADDED] + [
    ('Extraia um JSON com as chaves "cliente" e "valor" de: "O cliente Tiago pagou 87,5 reais."',
     'Extraia um JSON com as chaves "cliente" e "valor" de: "O cliente Tiago pagou 87,50 reais."'),
    ('Extract JSON with keys "product" and "price" from: "Product: Lamp. Price: 349 dollars."',
     'Extract JSON with keys "product" and "price" from: "Product: Lamp. Price: 349.00 dollars."'),
]


@pytest.mark.parametrize(("base", "trap"), PADDED_TRAPS)
def test_a_number_with_zeros_after_its_point_is_no_claim(base: str, trap: str) -> None:
    _assert_declined_beside_its_base(base, trap)


@pytest.mark.parametrize("prompt", [PASSAGE.format("USD 349"), PASSAGE.format("349 yen"), PASSAGE.format("349.00")])
def test_a_price_its_table_declares_no_frame_for_states_no_price(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or "price" not in read.statements


# ------------------------------------------------------------------ 6. a type said after the last key of a list (jsonF's open note)
@pytest.mark.parametrize("prompt", [
    "Return JSON with keys code and name (as a string): code 7, name Ana",
    "Return JSON with keys code and age (as an integer): code AB, age 7",
    "Return JSON with keys code, size and name (as a string): code 7, size 3, name Ana",
    "Devuelve un JSON con las claves codigo y nombre (como texto): codigo 7, nombre Ana",
])
def test_a_type_said_after_the_last_key_is_read_two_ways(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(("prompt", "expected"), [
    ('Return JSON with keys name and code (as a string): code "7", name Ana', {"code": "7", "name": "Ana"}),  # both readings agree
    ("Return JSON with keys code and age (as an integer): code 5, age 7", {"code": 5, "age": 7}),
    ("Return JSON with keys name (as a string) and code: code 7, name Ana", {"code": 7, "name": "Ana"}),  # not the last key
    ("Return JSON with keys code and name (string): code 7, name Ana", {"code": 7, "name": "Ana"}),  # a type note, the key's
])
def test_a_type_note_of_one_reading_is_read(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


# ------------------------------------------------------------------ 7. a word mixing alphabets (a homoglyph)
HOMOGLYPHS = [("Lyon", "Lyоn"), ("Lyon", "Lуon"), ("Lyon", "Lyοn")]  # Cyrillic о, Cyrillic у, Greek ο
HOMOGLYPH_TRAPS = [(base, base.replace(a, b)) for base, _ in [*FLAT.values(), NESTED] if "Lyon" in base for a, b in HOMOGLYPHS] + [
    ('Верни JSON с ключами "name" и "city": name Ана, city Лион', 'Верни JSON с ключами "name" и "city": name Aна, city Лион'),
    ('Return JSON with keys "name" and "city": name "Ana", city Lyon', 'Return JSON with keys "name" and "city": name "Аna", city Lyon'),
    ('Return JSON with a key "tags" listing: red, green, blue', 'Return JSON with a key "tags" listing: red, green, blυe'),
    # quoted, in a table that reads non-ASCII (English reads ASCII only): only this check declines them
    ('Devuelve un JSON con las claves "nombre" y "ciudad": nombre Ana, ciudad "Bilbao"',
     'Devuelve un JSON con las claves "nombre" y "ciudad": nombre Ana, ciudad "Bilbaо"'),  # a Cyrillic о
    ('Devuelve un JSON con las claves "nombre" y "ciudad": nombre Ana, ciudad "Bilbao"',
     'Devuelve un JSON con las claves "nombre" y "ciudad": nombre Ana, ciudad "Bilbaο"'),  # a Greek ο
    ('Верни JSON с ключами "name" и "age": "Ирина", 34.', 'Верни JSON с ключами "name" и "age": "Иpина", 34.'),  # a Latin p
]


@pytest.mark.parametrize(("base", "trap"), HOMOGLYPH_TRAPS)
def test_a_word_mixing_alphabets_is_no_claim(base: str, trap: str) -> None:
    _assert_declined_beside_its_base(base, trap)


def test_every_class_has_twenty_variants() -> None:
    for traps in (BOOLEAN_TRAPS, MARKUP_TRAPS, EQUALS_TRAPS, NEVER_TRAPS):
        assert len(traps) >= 20
    assert len(PADDED_TRAPS) + len(HOMOGLYPH_TRAPS) >= 20


# ------------------------------------------------------------------ through the engine: never served, the model's answer kept
@pytest.mark.parametrize(("first", "second", "right"), [
    (NESTED[0], NESTED[0].replace("name Carl", "name true"), '{"user": {"name": "true", "city": "Lyon"}}'),
    (LISTS[0], LISTS[0].replace("blue", "_blue_"), '{"tags": ["red", "green", "blue"]}'),
    (EQUALS["en"], EQUALS["en"].replace("sku=AB", "sku=AB x2"), '{"sku": "AB", "qty": 6}'),
    (LABELS["en"][0], LABELS["en"][0].replace("Priya", "Nobody"), '{"name": null, "age": 29}'),
    (PASSAGE.format("$349"), PASSAGE.format("$349.00"), '{"model": "Nimbus 7", "price": "349.00"}'),
    (FLAT["es"][0], FLAT["es"][0].replace("Lyon", "Lyоn"), '{"nombre": "Ana", "ciudad": "Lyon"}'),
])
def test_never_served_and_the_models_answer_kept(first: str, second: str, right: str) -> None:
    assert_red_team_pair_not_served(first, second)  # not served: the model answers, once
    assert StepCache().generate(second, FixedReplyModel(right)).text == right


# ------------------------------------------------------------------ red team 22, class D: a formula computed exactly
FORMULA = "Return JSON with keys price, qty and total for price {a} and qty {b}, where total = price {op} qty"


@pytest.mark.parametrize(("a", "op", "b", "total"), [
    ("99999999999999999999", "*", "99999999999999999999", 9999999999999999999800000000000000000001),
    ("9007199254740993", "*", "9007199254740993", 9007199254740993 * 9007199254740993),
    ("1000000000000000000000000000000", "+", "1", 1000000000000000000000000000001),
    ("1000000000000000000000000000000", "-", "1", 999999999999999999999999999999),
    ("123456.78", "*", "3", 370370.34),
    ("1999.99", "*", "12", 23999.88),
    ("4999.99", "*", "250", 1249997.5),
    ("1234567", "+", "1", 1234568),
])
@pytest.mark.parametrize("precision", [None, 6, 3])
def test_a_formula_is_computed_exactly_in_any_decimal_context(a: str, op: str, b: str, total: object, precision: int | None) -> None:
    import decimal

    read_request.cache_clear()
    with decimal.localcontext() as context:
        if precision is not None:
            context.prec = precision
        read = read_request(FORMULA.format(a=a, op=op, b=b))
    read_request.cache_clear()
    assert read is not None and read.statements["total"].value == total and type(read.statements["total"].value) is type(total)


def test_a_formula_result_no_double_holds_is_no_claim() -> None:
    assert read_request(FORMULA.format(a="0.1", op="+", b="10000000000000000000000000000")) is None


def test_a_big_formula_is_served_exactly_through_the_engine() -> None:
    first, second = FORMULA.format(a="3", op="*", b="4"), FORMULA.format(a="99999999999999999999", op="*", b="99999999999999999999")
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    served = cache.generate(second, model)
    assert model.calls == before and served.verified
    assert '"total": 9999999999999999999800000000000000000001' in served.text.replace("\n", " ").replace("  ", " ")
