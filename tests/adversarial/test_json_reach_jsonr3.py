"""wip/jsonR3 (issue 33 items 3/4): JSON reach round 3, by class in every table where the class
exists. Each served pair is served AND exactly right; each trap is never served wrong (the traps
marked True must reach the model)."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, dumps, exact_json_judge, run_pair

Obj = dict[str, Any]


def pair(cls: str, old: str, old_obj: Obj, new: str, new_obj: Obj) -> Pair:
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), exact_json_judge(new_obj))


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


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    outcome = run_pair(case)
    r = outcome.result
    assert r.model_calls == 0 and r.verification == "proven", (r.outcome, r.model_calls, r.verification, r.text)
    assert outcome.correct, r.text


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    outcome = run_pair(case)
    r = outcome.result
    if r.model_calls == 0:
        assert outcome.correct, (r.outcome, r.text)
    if model:
        assert r.model_calls >= 1, (r.outcome, r.text)


@pytest.mark.parametrize("prompt", [
    "Make a JSON object with keys name and email: Ana Ruiz, ana.ruiz@example.com, bob@example.com",  # three values, two keys
    "Make a JSON object with keys email and mail: ana@example.com, bob@example.com",                 # two addresses
    "Make a JSON object with keys name and city: Ana Ruiz, ana.ruiz@example.com",   # an address for a key of no "email" word
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt
