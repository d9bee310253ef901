"""wip/jsonR5: a template's placeholder word in each language ("value", "valeur", "Wert", "値") and the
template said "as JSON" after a conversion ("en JSON", "als JSON aus", "em JSON", "の JSON で返して")."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request


def _read(prompt: str) -> tuple[tuple[str, ...], dict[str, object]] | None:
    r = read_request(prompt)
    return None if r is None else (r.keys, {k: s.value for k, s in r.statements.items()})


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        ('Convert 5 km to metres and return {"meters": <value>} as JSON.', ("meters",), {"meters": 5000}),
        ('Convert 7 km to meters and return {"meters": value} as JSON.', ("meters",), {"meters": 7000}),
        ('Convertis 3,5 kg en grammes et renvoie {"grammes": valeur} en JSON.', ("grammes",), {"grammes": 3500}),
        ('Convertis 4,2 kg en grammes et renvoie {"grammes": ...} en JSON.', ("grammes",), {"grammes": 4200}),
        ('Rechne 90 Minuten in Stunden um und gib {"stunden": Wert} als JSON aus.', ("stunden",), {"stunden": 1.5}),
        ('Rechne 150 Minuten in Stunden um und gib {"stunden": Wert} als JSON aus.', ("stunden",), {"stunden": 2.5}),
        ('Переведи 5 часов в минуты и верни JSON {"minutes": значение}.', ("minutes",), {"minutes": 300}),
        ('1.2 時間を分に換算して、{"minutes": 値} の JSON で返してください。', ("minutes",), {"minutes": 72}),
        ('2.5 時間を分に換算して、{"minutes": 値} の JSON で返してください。', ("minutes",), {"minutes": 150}),
        ('Arredonde 3,14159 para duas casas decimais e devolva {"valor": ...} em JSON.', ("valor",), {"valor": 3.14}),
        ('Arredonde 2,71828 para duas casas decimais e devolva {"valor": ...} em JSON.', ("valor",), {"valor": 2.72}),
        ('Convierte 2 km a metros y devuelve {"metros": valor} en JSON.', ("metros",), {"metros": 2000}),
        ('Converti 2,5 km in metri e rispondi con il JSON {"metri": valore}.', ("metri",), {"metri": 2500}),
    ],
)
def test_a_placeholder_word_and_as_json_after_a_conversion_are_read(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        # the template's key is another unit than the conversion's target
        'Convertis 3,5 kg en grammes et renvoie {"kilogrammes": valeur} en JSON.',
        'Rechne 90 Minuten in Stunden um und gib {"minuten": Wert} als JSON aus.',
        '1.2 時間を分に換算して、{"seconds": 値} の JSON で返してください。',
        # a placeholder word half written, or quoted (a value, not a placeholder: a filled record)
        'Convert 5 km to metres and return {"meters": <value} as JSON.',
        # two keys, one conversion, one key naming no unit: which value fills it is not stated ('{"grammes": valeur,
        # "kg": valeur}' is served since wip/jsonY: each key a unit word holds the measure in its unit)
        'Convertis 3,5 kg en grammes et renvoie {"grammes": valeur, "nom": valeur} en JSON.',
    ],
)
def test_what_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


def test_a_quoted_placeholder_word_is_a_value() -> None:
    read = _read('Return {"status": "value"} as JSON.')
    assert read is None or read[1] == {"status": "value"}


def test_one_decimal_is_not_two() -> None:
    assert _read('Arredonde 3,14159 para uma casa decimal e devolva {"valor": ...} em JSON.') in (None, (("valor",), {"valor": 3.1}))


@pytest.mark.parametrize("prompt", ['Return {"status": value} as JSON.', 'Renvoie {"statut": valeur} en JSON.'])
def test_a_placeholder_word_with_no_value_stated_fills_nothing(prompt: str) -> None:
    # read as '{"status": ...}' is: the key asked, no value stated (the model writes it; nothing served from the prompt)
    read = _read(prompt)
    assert read is None or read[1] == {}
    assert _read(prompt) == _read(prompt.replace("value}", "...}").replace("valeur}", "...}"))


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        # a lowercase word after "=" ends before the table's "and" (data in every table)
        ("Genera un JSON con producto=teclado y precio=24.95", ("producto", "precio"), {"producto": "teclado", "precio": 24.95}),
        ("Genera un JSON con producto=ratón y precio=12", ("producto", "precio"), {"producto": "ratón", "precio": 12}),
        ("Génère un JSON avec produit=clavier et prix=24", ("produit", "prix"), {"produit": "clavier", "prix": 24}),
        ("Make a JSON with product=keyboard and price=24", ("product", "price"), {"product": "keyboard", "price": 24}),
        ("Erzeuge ein JSON mit produkt=tastatur und preis=24", ("produkt", "preis"), {"produkt": "tastatur", "preis": 24}),
        # the values' own label: "Values: lat 48.85, lon 2.35"
        ("Please respond with a JSON object. Keys: lat, lon. Values: lat 48.85, lon 2.35", ("lat", "lon"), {"lat": 48.85, "lon": 2.35}),
        ("Please respond with a JSON object. Keys: lat, lon. Values: lat 40.71, lon -74.01", ("lat", "lon"), {"lat": 40.71, "lon": -74.01}),
        ("Dame un JSON con las claves nombre y edad. Valores: nombre Ana, edad 30.", ("nombre", "edad"), {"nombre": "Ana", "edad": 30}),
        # wip/jsonE: the values alone, in the key list's order (as wip/jsonZ reads them before the request)
        ("Please respond with a JSON object. Keys: lat, lon. Values: 48.85, 2.35", ("lat", "lon"), {"lat": 48.85, "lon": 2.35}),
        # pt (Brazil): the pronoun before the verb
        ("Me devolve um JSON com as chaves nome e cidade: nome Ana, cidade Recife.", ("nome", "cidade"), {"nome": "Ana", "cidade": "Recife"}),
        ("Me devolve um JSON com as chaves nome e cidade: nome Paulo, cidade Curitiba.", ("nome", "cidade"), {"nome": "Paulo", "cidade": "Curitiba"}),
    ],
)
def test_equals_before_and_values_label_and_pt_proclisis_are_read(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "Genera un JSON con producto=teclado y precio=24 y producto=ratón",  # one key, two values
        "Genera un JSON con producto=teclado y precio",  # a key with no value
        "Make a JSON with mode=fast and slow",  # "slow" is no statement
        "Genera un JSON con producto=teclado y precio=24.90",  # 24.90: JSON writes 24.9 (declined as before)
        "Please respond with a JSON object. Keys: lat, lon. Values: 48.85",  # values without their keys, one fewer
        "Please respond with a JSON object. Keys: lat, lon. Values: 48.85, 2.35, 7",  # one more
    ],
)
def test_equals_and_values_traps_stay_declined(prompt: str) -> None:
    assert read_request(prompt) is None


def test_a_values_label_with_a_key_twice_serves_no_value() -> None:
    read = _read("Please respond with a JSON object. Keys: lat, lon. Values: lat 48.85, lat 2.35")
    assert read is None or read[1] == {}


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        ("JSON please: {active: true, count: 3}", ("active", "count"), {"active": True, "count": 3}),
        ("JSON please: {active: false, count: 5}", ("active", "count"), {"active": False, "count": 5}),
        ("JSON please: {name: 'Ana', count: 3.5}", ("name", "count"), {"name": "Ana", "count": 3.5}),
        ("Turn this into JSON: dict(title='Dune', year=1965)", ("title", "year"), {"title": "Dune", "year": 1965}),
        ("Turn this into JSON: dict(title='Emma', year=1815)", ("title", "year"), {"title": "Emma", "year": 1815}),
        ("Turn this into JSON: dict(ok=True, n=2)", ("ok", "n"), {"ok": True, "n": 2}),
        ("Turn this into JSON: dict(ok=True, n=None)", ("ok", "n"), {"ok": True, "n": None}),  # declined before wip/jsonR6: None is null
    ],
)
def test_a_javascript_object_literal_and_a_dict_call_are_records(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    read = _read(prompt)
    assert read == (keys, stated)
    assert [type(v) for v in read[1].values()] == [type(v) for v in stated.values()]  # true is a bool, 3 an int


@pytest.mark.parametrize(
    "prompt",
    [
        "JSON please: {active: True, count: 3}",  # Python's True beside bare keys: which language is not stated
        "JSON please: {active: yes, count: 3}",
        "JSON please: {name: Ana, count: 3}",  # a variable, no value
        "JSON please: {active: true, 'count': 3}",  # bare and quoted keys mixed
        "JSON please: {active: true, active: false}",
        "JSON please: {active: true, count: null}",
        "Turn this into JSON: dict(title=Dune, year=1965)",
        "Turn this into JSON: dict(title='Dune', year=1965+1)",
        "Turn this into JSON: dict(title='Dune', year=int(1965))",
        "Turn this into JSON: dict(title='Dune', title='Emma')",
        "Turn this into JSON: dict(**x)",
        "Turn this into JSON: dict([('a', 1)])",
        "Turn this into JSON: dict(ok=True, n=0x10)",
        "Turn this into JSON: dict(ok=True, n=1.10)",
        "Turn this into JSON: dict('a', b=1)",
    ],
)
def test_record_traps_stay_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        ('Return JSON with key "color" set to "red".', ("color",), {"color": "red"}),
        ('Return JSON with key "colour" set to "red".', ("colour",), {"colour": "red"}),  # a renamed key is another key
        ('Return JSON with the key "count" equal to 4.', ("count",), {"count": 4}),
        ('Make a JSON object with key "temp" holding 21.46.', ("temp",), {"temp": 21.46}),
        ('Make a JSON object with key "temp" holding 21.46 rounded to one decimal.', ("temp",), {"temp": 21.5}),
        ('Make a JSON object with key "temp" holding 19.84 rounded to one decimal.', ("temp",), {"temp": 19.8}),
        ('Make a JSON object with key "temp" holding 19.84 rounded to two decimals.', ("temp",), {"temp": 19.84}),
        ('Return JSON with keys "color" and "size": color set to "red", size set to 3.', ("color", "size"), {"color": "red", "size": 3}),
    ],
)
def test_one_key_and_its_value_said_with_it_are_read(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        'Make a JSON object with key "temp" holding 19.85 rounded to one decimal.',  # a tie: "nearest" says no way
        'Return JSON with key "color" set to "red" and "blue".',  # two values for one key
    ],
)
def test_one_key_said_traps_stay_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        # a native label for an English key: the table's word for the concept the key names
        ("Сформируй JSON с ключами city и population. Город: Казань, население: 1300000.", ("city", "population"),
         {"city": "Казань", "population": 1300000}),
        ("Сформируй JSON с ключами city и population. Город: Самара, население: 1160000.", ("city", "population"),
         {"city": "Самара", "population": 1160000}),
        ("输出 JSON（键：product, price）。商品：耳机，价格：299", ("product", "price"), {"product": "耳机", "price": 299}),
        ("Donne un JSON avec les clés city et population : ville Lyon, habitants 522000.", ("city", "population"),
         {"city": "Lyon", "population": 522000}),
        ('Devuelve un JSON con las claves product y price: producto "teclado", precio 25.', ("product", "price"),
         {"product": "teclado", "price": 25}),
    ],
)
def test_a_native_label_for_an_english_key_is_read(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


def test_a_native_label_of_another_concept_fills_no_key() -> None:
    read = _read("Сформируй JSON с ключами city и country. Город: Казань, население: 1300000.")
    assert read is None or ("country" not in read[1] and read[1].get("city") in (None, "Казань"))
    read = _read("Сформируй JSON с ключами city и population. Город: Казань, город: Самара.")
    assert read is None or ("city" not in read[1] and "population" not in read[1])


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        ('System: You output strict JSON only. | User: user_id is 442, plan is "pro". Keys: user_id, plan.', ("user_id", "plan"),
         {"user_id": 442, "plan": "pro"}),
        ('System: You output strict JSON only. | User: user_id is 443, plan is "free". Keys: user_id, plan.', ("user_id", "plan"),
         {"user_id": 443, "plan": "free"}),
        ("Return strict JSON with keys x and y: x 1, y 2.", ("x", "y"), {"x": 1, "y": 2}),
    ],
)
def test_two_turns_on_one_line_and_strict_json_are_read(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        # a bar is a turn's boundary only after a sentence's end and before a role label
        'System: You output strict JSON only | User: user_id is 443, plan is "free". Keys: user_id, plan.',
        'System: You output strict JSON only. | user_id is 443, plan is "free". Keys: user_id, plan.',
        'Return JSON with keys user and age | User: "bob", age: 3.',
    ],
)
def test_a_bar_elsewhere_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None
