"""A person's name is no place: another table's word that is never a name ('She', 'Er', 'Her', 'We', 'Lei') is no
claim for a person's key even where a city bears that name (fuzzP's borderline: it '"nome" e "eta": She ha 26 anni.'
was read as nome "She"). The gazetteer's exemption (it "Como", "Este") holds only for a key that may hold a place:
a city, a country, a trip's ends, or a key no table gives a concept."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import assert_red_team_pair_not_served

# each base reads; its trap puts another table's never-a-name word, also a city of the gazetteer, where the name was
PAIRS = [
    ('Restituisci un JSON con "nome" e "eta": Anna ha 26 anni.', 'Restituisci un JSON con "nome" e "eta": She ha 26 anni.'),
    ('Restituisci un JSON con "nome" e "eta": Anna ha 26 anni.', 'Restituisci un JSON con "nome" e "eta": Er ha 26 anni.'),
    ('Restituisci un JSON con "nome" e "eta": Anna ha 26 anni.', 'Restituisci un JSON con "nome" e "eta": Her ha 26 anni.'),
    ('Devuelve un JSON con "nombre" y "edad": Ana tiene 26 años.', 'Devuelve un JSON con "nombre" y "edad": She tiene 26 años.'),
    ('Devuelve un JSON con "nombre" y "edad": Ana tiene 26 años.', 'Devuelve un JSON con "nombre" y "edad": We tiene 26 años.'),
]


@pytest.mark.parametrize(("base", "trap"), PAIRS)
def test_a_word_never_a_name_is_no_persons_name(base: str, trap: str) -> None:
    assert read_request(base) is not None, base
    assert read_request(trap) is None, trap
    assert_red_team_pair_not_served(base, trap)


@pytest.mark.parametrize(("prompt", "expected"), [
    ('Restituisci un JSON con "città" e "abitanti": Como, 84000.', {"città": "Como", "abitanti": 84000}),
    ('Return JSON with keys "city" and "population" for: Este, 26000.', {"city": "Este", "population": 26000}),
    ("JSON per favore: squadra=Como, punti=41", {"squadra": "Como", "punti": 41}),
])
def test_a_place_keeps_the_gazetteers_word(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected
