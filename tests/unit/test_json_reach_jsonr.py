"""wip/jsonR: what the JSON request language now reads, and what it still declines (unit level)."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.constraints import JsonConstraints
from stepcache_integrations.core.tasks.json.reader import read_request


def _read(prompt: str) -> tuple[tuple[str, ...], dict[str, object]] | None:
    r = read_request(prompt)
    return None if r is None else (r.keys, {k: s.value for k, s in r.statements.items()})


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        ("Return JSON with the key distance_m: distance_m 5.", ("distance_m",), {"distance_m": 5}),
        ('Return JSON with the key "city": city "Oslo".', ("city",), {"city": "Oslo"}),
        ('Devuelve un JSON solo con la clave "nombre": nombre Lucía.', ("nombre",), {"nombre": "Lucía"}),
        ("Верни JSON с ключом масса_кг: масса_кг 2.", ("масса_кг",), {"масса_кг": 2}),
    ],
)
def test_one_key_singular_is_read(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "Return a JSON object with key city.",  # a word after "key", neither quoted nor stated
        "Return a JSON object with the key facts.",
        "Return a JSON object with the key facts about Paris: name Paris.",
        # a second key list beside the request may be a nested object's keys
        'Return a JSON object with the key "user" containing keys name and age: name Bob, age 30.',
        'Return JSON with keys "user" with keys name and age: name Bob, age 30.',
        'Return JSON with keys user with keys "name" and "age": name Bob, age 30.',
    ],
)
def test_what_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "prompt, stated",
    [
        ("Return JSON with keys name and age (a number): name Ann, age 41", {"name": "Ann", "age": 41}),
        ("Return JSON with keys name and age (an integer): name Ann, age 41", {"name": "Ann", "age": 41}),
        ("Return JSON with keys name (a string) and age: name Ann, age 41", {"name": "Ann", "age": 41}),
        ('Return JSON with keys "task" and "done" (true/false): task "laundry", done true.', {"task": "laundry", "done": True}),
        ('Return JSON with keys "price" (a number) and "item": price 2.5, item "tea".', {"price": 2.5, "item": "tea"}),
        ('Dame un JSON con las claves "producto" y "precio" (número): producto "silla", precio 120.', {"producto": "silla", "precio": 120}),
    ],
)
def test_a_type_note_the_stated_value_holds_is_read(prompt: str, stated: dict[str, object]) -> None:
    read = _read(prompt)
    assert read is not None and read[1] == stated


@pytest.mark.parametrize(
    "prompt",
    [
        "Return JSON with keys name and age (a string): name Ann, age 41",  # asks "41"
        "Return JSON with keys name and age (an integer): name Ann, age 41.5",
        "Return JSON with keys name (a number) and age: name Ann, age 41",
        'Return JSON with keys "task" and "done" (true/false): task "laundry", done 1.',
        "Return JSON with keys name and age (a number): name Ann",  # the type of an unstated key
    ],
)
def test_a_type_note_the_stated_value_does_not_hold_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "prompt, stated",
    [
        ('Return JSON with keys code and city: code "ab12", city "Rome". Make the code uppercase.', {"code": "AB12", "city": "Rome"}),
        ('Return JSON with keys code and city: code "ab12", city "Rome". Make code upper case.', {"code": "AB12", "city": "Rome"}),
        ('Return JSON with keys code and city: code "ab12", city "Rome". Make the city all caps.', {"code": "ab12", "city": "ROME"}),
        ('Return JSON with keys code and city: code "AB12", city "Rome". Make the code lower case.', {"code": "ab12", "city": "Rome"}),
    ],
)
def test_the_case_said_after_its_key_is_read(prompt: str, stated: dict[str, object]) -> None:
    read = _read(prompt)
    assert read is not None and read[1] == stated


@pytest.mark.parametrize(
    "prompt, keys, stated",
    [
        ("Turn this into proper JSON: {'sku': 'B-220', 'qty': 12}", ("sku", "qty"), {"sku": "B-220", "qty": 12}),
        ('Convert to JSON: {"sku": "A-1", "price": 9.99, "ok": true}', ("sku", "price", "ok"), {"sku": "A-1", "price": 9.99, "ok": True}),
        ("Converta para JSON: {'produto': 'caderno', 'quantidade': 4}", ("produto", "quantidade"), {"produto": "caderno", "quantidade": 4}),
        ('Return JSON with keys sku and qty: {"sku": "A-1", "qty": 3}', ("sku", "qty"), {"sku": "A-1", "qty": 3}),
        # wip/jsonR6: null, an array and a nested object as JSON writes them (declined before; now served exactly:
        # tests/unit/test_json_reach_jsonr6.py checks every type, item by item)
        ("Turn this into JSON: {'sku': 'A-1', 'qty': None}", ("sku", "qty"), {"sku": "A-1", "qty": None}),
        ("Turn this into JSON: {'sku': 'A-1', 'tags': ['a', 'b']}", ("sku", "tags"), {"sku": "A-1", "tags": ["a", "b"]}),
        ('Turn this into JSON: {"user": {"name": "Bob"}}', ("user",), {"user": {"name": "Bob"}}),
    ],
)
def test_a_record_after_a_colon_states_its_members(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "Turn this into JSON: {'sku': 'A-1', 'price': 1.10}",  # "1.10": no double is that literal as written
        "Turn this into JSON: {'sku': 'A-1', 'price': 0.1000000000000000055511}",
        "Turn this into JSON: {'sku': 'A-1', 'qty': 3 + 4}",
        "Turn this into JSON: {'sku': 'A-1', 'sku': 'B'}",
        'Turn this into JSON: {"sku": "A\\u0031", "qty": 3}',  # an escape
        "Turn this into JSON: {'sku': 'A-1', 'qty': x}",
        "Turn this into JSON: {'sku': 'A-1', 'qty': 0x10}",  # Python-only literals
        "Turn this into JSON: {'sku': 'A-1', 'qty': 1_000}",
        "Turn this into JSON: {'sku': r'A-1', 'qty': 3}",
        'Return JSON with keys sku and qty: {"sku": "A-1", "qty": 3, "x": 1}',
        "Turn this into JSON {'sku': 'A-1', 'qty': 3}",  # no colon: a shape, not data
    ],
)
def test_a_record_the_grammar_does_not_read_as_data_is_no_claim(prompt: str) -> None:
    c = JsonConstraints.of_prompt(prompt, None)
    assert not c.stated and not c.read_whole, c
