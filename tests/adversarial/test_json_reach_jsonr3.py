"""wip/jsonR3 (issue 33 items 3/4): JSON reach round 3, by class in every table where the class
exists. Each served pair is served AND exactly right; each trap is never served wrong (the traps
marked True must reach the model)."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

Obj = dict[str, Any]


PROSE = "Output only JSON, no prose. title: Dune; year: 1965"
EMAIL = "Make a JSON object with keys name and email: Ana Ruiz, ana.ruiz@example.com"
EMAIL_PT = "Retorne um JSON com as chaves nome e email: Ana Souza, ana.souza@exemplo.com"
CITY_RU = "Верни JSON с ключами name и city. Имя — Иван, город — Казань."
SERVED = [
    # what not to write ends the request sentence; the statements follow as sentences of their own
    pair("nothing-ends-request", PROSE, {"title": "Dune", "year": 1965},
         "Output only JSON, no prose. title: Neuromancer; year: 1984", {"title": "Neuromancer", "year": 1984}),
    pair("nothing-ends-request", "Answer with only a JSON object, no prose. Keys: lat, lon. lat: 48.85, lon: 2.35",
         {"lat": 48.85, "lon": 2.35},
         "Answer with only a JSON object, no prose. Keys: lat, lon. lat: 40.71, lon: -74.01", {"lat": 40.71, "lon": -74.01}),
    # an e-mail address is its own kind of value in order: only the key that is the table's "email" word holds it
    pair("email-in-order", EMAIL, {"name": "Ana Ruiz", "email": "ana.ruiz@example.com"},
         "Make a JSON object with keys name and email: Carlos Vega, carlos.vega@example.com",
         {"name": "Carlos Vega", "email": "carlos.vega@example.com"}),
    pair("email-in-order/pt", EMAIL_PT, {"nome": "Ana Souza", "email": "ana.souza@exemplo.com"},
         "Retorne um JSON com as chaves nome e email: Pedro Lima, pedro.lima@exemplo.com",
         {"nome": "Pedro Lima", "email": "pedro.lima@exemplo.com"}),
    pair("email-in-order/es", "Devuelve un JSON con las claves nombre y correo: Ana Ruiz, ana@ejemplo.es",
         {"nombre": "Ana Ruiz", "correo": "ana@ejemplo.es"},
         "Devuelve un JSON con las claves nombre y correo: Luis Gil, luis.gil@ejemplo.es", {"nombre": "Luis Gil", "correo": "luis.gil@ejemplo.es"}),
    # a native label for an English key: "город" is the Russian table's word for a city
    pair("native-label/ru", CITY_RU, {"name": "Иван", "city": "Казань"},
         "Верни JSON с ключами name и city. Имя — Ольга, город — Самара.", {"name": "Ольга", "city": "Самара"}),
]

TRAPS = [
    # two values of one kind stay no claim (W13): two addresses
    (pair("two-emails", EMAIL, {"name": "Ana Ruiz", "email": "ana.ruiz@example.com"},
          "Make a JSON object with keys email and backup: ana@example.com, bob@example.com",
          {"email": "ana@example.com", "backup": "bob@example.com"}), True),
    # an address for a key that is no "email" word
    (pair("email-other-key", EMAIL, {"name": "Ana Ruiz", "email": "ana.ruiz@example.com"},
          "Make a JSON object with keys name and city: Ana Ruiz, ana.ruiz@example.com",
          {"name": "Ana Ruiz", "city": "ana.ruiz@example.com"}), True),
    # the values swapped: an address first for the name key
    (pair("email-swapped", EMAIL, {"name": "Ana Ruiz", "email": "ana.ruiz@example.com"},
          "Make a JSON object with keys name and email: ana.ruiz@example.com, Ana Ruiz",
          {"name": "ana.ruiz@example.com", "email": "Ana Ruiz"}), True),
    # no domain: no address
    (pair("email-no-domain", EMAIL, {"name": "Ana Ruiz", "email": "ana.ruiz@example.com"},
          "Make a JSON object with keys name and email: Ana Ruiz, ana.ruiz@example", {"name": "Ana Ruiz", "email": "ana.ruiz@example"}), True),
    # a key renamed: the label names no listed key
    (pair("label-renamed/ru", CITY_RU, {"name": "Иван", "city": "Казань"},
          "Верни JSON с ключами name и town. Имя — Иван, город — Казань.", {"name": "Иван", "town": "Казань"}), True),
    # another format after "no prose"
    (pair("nothing-yaml", PROSE, {"title": "Dune", "year": 1965}, "Output only YAML, no prose. title: Dune; year: 1965",
          {"title": "Dune", "year": 1965}), True),
    # a value asked about, not stated
    (pair("nothing-asked", PROSE, {"title": "Dune", "year": 1965}, "Output only JSON, no prose. title: Dune; year: 1965?",
          {"title": "Dune", "year": 1965}), True),
]


RATIO = "Return JSON with key ratio as a decimal fraction: 45%"
PRICE = "Return JSON with a single key price, rounded to 2 decimals. The price is 3.14159."
MEDIA = "JSON con la chiave media arrotondata a una cifra decimale: 7,46"
SCORE_JA = "score を整数に四捨五入して JSON で返して：score は 72.6"
SERVED += [
    # one key and its declared transform beside it, then its one value after the colon
    pair("one-key-said/percent", RATIO, {"ratio": 0.45}, "Return JSON with key ratio as a decimal fraction: 80%", {"ratio": 0.8}),
    pair("one-key-said/percent", RATIO, {"ratio": 0.45}, "Return JSON with key ratio as a decimal fraction: 12.5%", {"ratio": 0.125}),
    pair("one-key-said/percent-pt", "Devolva um JSON com a chave taxa em decimal: 12%", {"taxa": 0.12},
         "Devolva um JSON com a chave taxa em decimal: 35%", {"taxa": 0.35}),
    pair("one-key-said/percent-fr", "Donne un JSON avec la clé taux en décimal : 12 %", {"taux": 0.12},
         "Donne un JSON avec la clé taux en décimal : 7 %", {"taux": 0.07}),
    pair("one-key-said/percent-es", "Devuelve un JSON con la clave tasa en decimal: 12%", {"tasa": 0.12},
         "Devuelve un JSON con la clave tasa en decimal: 3%", {"tasa": 0.03}),
    pair("one-key-said/round", PRICE, {"price": 3.14}, "Return JSON with a single key price, rounded to 2 decimals. The price is 2.71828.",
         {"price": 2.72}),
    pair("one-key-said/round-it", MEDIA, {"media": 7.5}, "JSON con la chiave media arrotondata a una cifra decimale: 8,83", {"media": 8.8}),
    pair("one-key-said/round-fr", "Donne un JSON avec la clé prix, arrondi à l'euro près : 12,49", {"prix": 12},
         "Donne un JSON avec la clé prix, arrondi à l'euro près : 27,62", {"prix": 28}),
    # ja: the rounding said first, its te-form verb joining the request
    pair("rewrite-te/ja", SCORE_JA, {"score": 73}, "score を整数に四捨五入して JSON で返して：score は 88.4", {"score": 88}),
]

TRAPS += [
    # another unit, no unit, two values, a tie, another rounding, a renamed key
    (pair("percent-other-unit", RATIO, {"ratio": 0.45}, "Return JSON with key ratio as a decimal fraction: 45 km", {"ratio": 0.45}), True),
    (pair("percent-no-unit", RATIO, {"ratio": 0.45}, "Return JSON with key ratio as a decimal fraction: 45", {"ratio": 0.45}), True),
    (pair("percent-two-values", RATIO, {"ratio": 0.45}, "Return JSON with key ratio as a decimal fraction: 45%, 50%", {"ratio": 0.45}), True),
    (pair("percent-rounded-instead", RATIO, {"ratio": 0.45}, "Return JSON with key ratio rounded to the nearest integer: 45%",
          {"ratio": 45}), True),
    (pair("round-tie/ja", SCORE_JA, {"score": 73}, "score を整数に四捨五入して JSON で返して：score は 88.5", {"score": 89}), True),
    (pair("round-other-key/ja", SCORE_JA, {"score": 73}, "score を整数に四捨五入して JSON で返して：points は 88.4", {"score": 88}), True),
    (pair("round-other-step/it", MEDIA, {"media": 7.5}, "JSON con la chiave media arrotondata a due decimali: 7,46", {"media": 7.46}),
     False),
    (pair("round-tie/it", MEDIA, {"media": 7.5}, "JSON con la chiave media arrotondata a una cifra decimale: 7,45", {"media": 7.5}), True),
    (pair("round-other-key", PRICE, {"price": 3.14}, "Return JSON with a single key price, rounded to 2 decimals. The cost is 3.14159.",
          {"price": 3.14}), True),
]


ATIVO = "Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: sim"
TOVAR = "Сформируй JSON: товар=чайник, цена=2490, в_наличии=true"
FORMATO = "Formato JSON, por favor: ciudad=Sevilla, temperatura=31"
SERVED += [
    # a table's words for true and false, read only for a key noted boolean
    pair("declared-boolean/pt", ATIVO, {"id": 7, "ativo": True},
         "Converta para JSON com as chaves id e ativo (booleano): id 12, ativo: não", {"id": 12, "ativo": False}),
    pair("declared-boolean/ru", "Сформируй JSON с ключами товар и есть (boolean): товар=чайник, есть=да", {"товар": "чайник", "есть": True},
         "Сформируй JSON с ключами товар и есть (boolean): товар=утюг, есть=нет", {"товар": "утюг", "есть": False}),
    # "=" writes data in every table: a lowercase value after it is a value
    pair("equals-lowercase/ru", TOVAR, {"товар": "чайник", "цена": 2490, "в_наличии": True},
         "Сформируй JSON: товар=утюг, цена=3190, в_наличии=false", {"товар": "утюг", "цена": 3190, "в_наличии": False}),
    pair("equals-lowercase/de", "Erstelle JSON: artikel=schraube, menge=250", {"artikel": "schraube", "menge": 250},
         "Erstelle JSON: artikel=mutter, menge=400", {"artikel": "mutter", "menge": 400}),
    # es/pt/it "Formato JSON, por favor: ..."
    pair("formato-please/es", FORMATO, {"ciudad": "Sevilla", "temperatura": 31},
         "Formato JSON, por favor: ciudad=Bilbao, temperatura=18", {"ciudad": "Bilbao", "temperatura": 18}),
]

TRAPS += [
    # a boolean word for a key noted as no boolean, a quoted word, a word of no table, a key renamed
    (pair("boolean-undeclared/pt", ATIVO, {"id": 7, "ativo": True},
          "Converta para JSON com as chaves id e ativo: id 7, ativo: sim", {"id": 7, "ativo": True}), True),
    (pair("boolean-quoted/pt", ATIVO, {"id": 7, "ativo": True},
          'Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: "sim"', {"id": 7, "ativo": True}), True),
    (pair("boolean-maybe/pt", ATIVO, {"id": 7, "ativo": True},
          "Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: talvez", {"id": 7, "ativo": None}), True),
    (pair("boolean-other-language/pt", ATIVO, {"id": 7, "ativo": True},
          "Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: oui", {"id": 7, "ativo": True}), True),
    (pair("equals-key-renamed/ru", TOVAR, {"товар": "чайник", "цена": 2490, "в_наличии": True},
          "Сформируй JSON: товар=чайник, стоимость=2490, в_наличии=true", {"товар": "чайник", "цена": 2490, "в_наличии": True}), True),
    (pair("formato-yaml/es", FORMATO, {"ciudad": "Sevilla", "temperatura": 31},
          "Formato YAML, por favor: ciudad=Sevilla, temperatura=31", {"ciudad": "Sevilla", "temperatura": 31}), True),
]


GRAMM = 'Rechne 2,5 kg in Gramm um und antworte als JSON {"gramm": <Zahl>}.'
MINUTES_RU = 'Переведи 3 часа в минуты и ответь в формате JSON {"minutes": <число>}.'
TITRE = "Renvoie uniquement un objet JSON avec les clés titre et annee : « Les Misérables », 1862."
NOTEBOOK = 'Give me JSON {"item": ..., "price": ...} with the price rounded to the nearest whole dollar. Item "notebook", price 3.49'
SERVED += [
    # a conversion said first in de (its verb "Rechne ... um", a capitalised placeholder "<Zahl>")
    pair("conversion-first/de", GRAMM, {"gramm": 2500}, 'Rechne 4,2 kg in Gramm um und antworte als JSON {"gramm": <Zahl>}.',
         {"gramm": 4200}),
    # the English unit word as the template's key in ru/zh (ja's table had "grams", "meters" already)
    pair("unit-key-english/ru", MINUTES_RU, {"minutes": 180},
         'Переведи 5 часов в минуты и ответь в формате JSON {"minutes": <число>}.', {"minutes": 300}),
    pair("unit-key-english/ru", 'Переведи 1,5 часа в минуты и верни JSON {"minutes": ...}', {"minutes": 90},
         'Переведи 2,5 часа в минуты и верни JSON {"minutes": ...}', {"minutes": 150}),
    pair("unit-key-english/zh", '把 2.5 公斤换算成克，返回 JSON：{"grams": ...}', {"grams": 2500},
         '把 3.2 公斤换算成克，返回 JSON：{"grams": ...}', {"grams": 3200}),
    # a quoted string, then a number, in the listed keys' order (two kinds)
    pair("quoted-in-order/fr", TITRE, {"titre": "Les Misérables", "annee": 1862},
         "Renvoie uniquement un objet JSON avec les clés titre et annee : « Germinal », 1885.", {"titre": "Germinal", "annee": 1885}),
    pair("quoted-in-order", 'Return a JSON object with keys title and year: "Dune", 1965.', {"title": "Dune", "year": 1965},
         'Return a JSON object with keys title and year: "Neuromancer", 1984.', {"title": "Neuromancer", "year": 1984}),
    # a capitalised label names the shape's key as it names a listed key
    pair("label-case/shape", NOTEBOOK, {"item": "notebook", "price": 3},
         'Give me JSON {"item": ..., "price": ...} with the price rounded to the nearest whole dollar. Item "backpack", price 38.61',
         {"item": "backpack", "price": 39}),
]

TRAPS += [
    # another unit, another target, a key that is not the target's unit word
    (pair("conversion-other-unit/de", GRAMM, {"gramm": 2500}, 'Rechne 2,5 km in Gramm um und antworte als JSON {"gramm": <Zahl>}.',
          {"gramm": 2500}), True),
    (pair("unit-key-other/ru", MINUTES_RU, {"minutes": 180},
          'Переведи 3 часа в минуты и ответь в формате JSON {"seconds": <число>}.', {"seconds": 180}), True),
    # the values swapped, two strings (one quoted), a quoted number
    (pair("quoted-swapped/fr", TITRE, {"titre": "Les Misérables", "annee": 1862},
          "Renvoie uniquement un objet JSON avec les clés annee et titre : « Germinal », 1885.", {"annee": "Germinal", "titre": 1885}), True),
    (pair("quoted-two-strings/fr", TITRE, {"titre": "Les Misérables", "annee": 1862},
          "Renvoie uniquement un objet JSON avec les clés titre et ville : « Germinal », Paris.", {"titre": "Germinal", "ville": "Paris"}), True),
    (pair("quoted-number", 'Return a JSON object with keys title and year: "Dune", 1965.', {"title": "Dune", "year": 1965},
          'Return a JSON object with keys title and year: "Dune", "1965".', {"title": "Dune", "year": 1965}), True),
    # a tie when rounding to the dollar
    (pair("label-case-tie", NOTEBOOK, {"item": "notebook", "price": 3},
          'Give me JSON {"item": ..., "price": ...} with the price rounded to the nearest whole dollar. Item "pen", price 2.50',
          {"item": "pen", "price": 3}), True),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    assert_trap_never_wrong(case, model)


@pytest.mark.parametrize("prompt", [
    "Make a JSON object with keys name and email: Ana Ruiz, ana.ruiz@example.com, bob@example.com",  # three values, two keys
    "Make a JSON object with keys email and mail: ana@example.com, bob@example.com",                 # two addresses
    "Make a JSON object with keys name and city: Ana Ruiz, ana.ruiz@example.com",   # an address for a key of no "email" word
    "Return JSON with key ratio: 45%",                       # a percent and no conversion declared
    "Return JSON with key ratio as a decimal fraction: 45",  # a number and no percent
    "Return JSON with keys ratio and share, as a decimal fraction: 45%",  # one value, two keys
    "Return JSON with key ratio as a decimal fraction: 45 km",
    # one value after "for" is what the object is for, not the key's value: France's capital is the model's
    "Return JSON with key capital for France",
    "Return a JSON object with the key capital for France.",
    "Return JSON with key author for Dune",
    "Return JSON with key capital for: France",
    "Crea un JSON: ciudad=Sevilla, temperatura=³1",  # a superscript digit: no word after "=" (a lookalike of 31)
    "Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: talvez",   # no word of the table for true or false
    'Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: "sim"',    # quoted: a string, not a boolean
    "Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: oui",      # French in a Portuguese request
    "Renvoie uniquement un objet JSON avec les clés annee et titre : « Germinal », 1885.",  # a string for a number's key
    "Renvoie uniquement un objet JSON avec les clés titre et ville : « Germinal », Paris.",  # two strings (W13)
    'Return a JSON object with keys title and year: "Dune" costs 12.',                       # a quoted name said of
    'Return a JSON object with keys code and year: "X-1", 1965.',                           # a key of no declared kind
    'Переведи 3 часа в минуты и ответь в формате JSON {"seconds": <число>}.',               # a key of another unit
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_a_boolean_word_is_read_only_for_a_key_noted_boolean() -> None:
    untyped = read_request("Converta para JSON com as chaves id e ativo: id 7, ativo: sim")
    assert untyped is None or untyped.statements["ativo"].value == "sim"
    typed = read_request("Converta para JSON com as chaves id e ativo (booleano): id 7, ativo: sim")
    assert typed is not None and typed.statements["ativo"].value is True


def test_a_boolean_word_for_a_key_noted_string_stays_the_word() -> None:
    read = read_request("Converta para JSON com as chaves id e ativo (texto): id 7, ativo: sim")
    assert read is not None and read.statements["ativo"].value == "sim"


# "for <entity>, values" (no colon): the first value names the entity the object describes, so it
# fills only a key that is the entity itself (its name, the item); "capital" or "city" for France is
# the entity's relation, which no value in the prompt states (found reading jsonR3's report,
# 2026-12-04: 'keys capital and population for France, 68000000' was read {"capital": "France"}).
@pytest.mark.parametrize("prompt", [
    "Return JSON with keys capital and population for France, 68000000",
    "Return JSON with keys city and population for France, 68000000.",
    "Return JSON with keys country and population for France, 68000000",
    "Return JSON with keys author and year for Dune, 1965",
    "Return a JSON object with keys capital and population for Japan, 125000000.",
])
def test_the_entity_after_for_fills_no_key_that_is_its_relation(prompt: str) -> None:
    from stepcache_integrations.core.tasks.json.constraints import JsonConstraints

    assert JsonConstraints.of_prompt(prompt, None).stated == {}, prompt


@pytest.mark.parametrize(("prompt", "stated"), [
    ("Return JSON with keys name and age for Alice, 30", {"name": "Alice", "age": 30}),
    ("Return JSON with keys product and price for Widget, 12", {"product": "Widget", "price": 12}),
    ("Return JSON with keys capital and population for: Paris, 2100000", {"capital": "Paris", "population": 2100000}),
])
def test_the_entity_after_for_fills_its_own_name_and_a_colon_lists_values(prompt: str, stated: dict) -> None:
    from stepcache_integrations.core.tasks.json.constraints import JsonConstraints

    assert JsonConstraints.of_prompt(prompt, None).stated == stated, prompt
