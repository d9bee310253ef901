"""wip/jsonR: what the JSON request language now reads, and what it still declines (unit level)."""

from __future__ import annotations

import pytest

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
