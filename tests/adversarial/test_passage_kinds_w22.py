"""W22 (red team 17): a passage frame's role was filled by any capitalised word, so a country, a
region, a month, a holiday, a pronoun or a player was served verified as the city, the person or the
team ("Ana lives in France." -> "city": "France"; "Neither lives in Lisbon." -> "name": "Neither";
"Mario Rossi ha segnato 1 gol." -> "squadra": "Mario Rossi"); a digit group ("1,500 pesos") was read
as 1.5; a label of one word filled another key of its role ("Cost: 80" -> "price"); a pasted "1.10"
was served as 1.1. Closed by construction: a role other than a number is filled only by words the
passage itself shows to be of its kind (a noun of the table names it, or a code for a product;
since W23 no lowercase noun after a determiner), a digit group read two ways is no number, a label fills only
the key it spells, a pasted number is served only as written. Every pair below (a sample of each
class of the red team's 1,504) is never served wrong, and on an empty cache the model's right
answer is kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.json.passage import framed_values
from stepcache_integrations.core.tasks.json.pastes import read_paste

from .harness import assert_red_team_pair_never_served_wrong, assert_right_answer_kept

_PAIRS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_17_w22_pairs.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("pair", [p for p in _PAIRS if p["first"]], ids=lambda p: p["cls"])
def test_a_red_team_pair_is_never_served_wrong(pair: dict[str, str]) -> None:
    assert_red_team_pair_never_served_wrong(pair["first"], pair["second"], pair["expected"])


@pytest.mark.parametrize("pair", [p for p in _PAIRS if not p["first"]], ids=lambda p: p["cls"])
def test_the_models_right_answer_is_kept_on_an_empty_cache(pair: dict[str, str]) -> None:
    assert_right_answer_kept(pair["second"], pair["expected"])


@pytest.mark.parametrize(("language", "keys", "passage"), [
    ("en", ["name", "city"], "Ana lives in Porto."),           # a person and a place: no noun says so
    ("en", ["name", "city"], "Neither lives in Lisbon."),
    ("es", ["ciudad", "temperatura"], "En Navidad hace 5 grados."),
    ("fr", ["ville", "temperature"], "Il fait 5 degrés à Noël."),
    ("it", ["squadra", "gol"], "Mario Rossi ha segnato 1 gol."),
    ("it", ["squadra", "gol"], "Il Bologna ha segnato 2 gol."),
    ("it", ["squadra", "gol"], "CR7 ha segnato 2 gol."),                 # a code names no team (a player's nickname)
    ("es", ["producto", "precio"], "La chaqueta cuesta 1,500 pesos."),   # 1500 or 1.5
    ("pt", ["cliente", "valor"], "O cliente Tiago pagou 1,234 reais."),   # 1234 or 1.234 (no padding zero: only this rule)
    ("es", ["modelo", "precio"], "El modelo Sol 2 cuesta 1,234 euros."),
    ("en", ["product", "price"], "The chair costs 1.500 dollars."),
    ("en", ["product", "price"], "Product: Nimbus 7. Cost: 80 dollars."),   # a cost is no price
    ("es", ["producto", "precio"], "Producto: silla Oslo. Coste: 80 euros."),
])
def test_a_role_the_passage_does_not_show_is_no_claim(language: str, keys: list[str], passage: str) -> None:
    assert framed_values(passage, keys, language) == {}


@pytest.mark.parametrize(("language", "keys", "passage", "expected"), [
    ("pt", ["cliente", "valor"], "O cliente Tiago pagou 87,5 reais.", {"cliente": "Tiago", "valor": 87.5}),
    ("es", ["modelo", "precio"], "El modelo Sol 2 cuesta 45 euros.", {"modelo": "Sol 2", "precio": 45}),
    ("es", ["producto", "precio"], "La Bora 3 cuesta 39,5 euros.", {"producto": "Bora 3", "precio": 39.5}),  # W23: "La chaqueta" no claim
    ("de", ["firma", "mitarbeiter"], "Die Schmidt AG beschäftigt 450 Leute.", {"firma": "Schmidt AG", "mitarbeiter": 450}),
    ("en", ["product", "price"], "Product: Nimbus 7. Price: 80 dollars.", {"product": "Nimbus 7", "price": 80}),
])
def test_a_role_the_passage_shows_is_read(language: str, keys: list[str], passage: str, expected: dict[str, object]) -> None:
    assert {k: v for k, (v, _b, _e) in framed_values(passage, keys, language).items()} == expected


@pytest.mark.parametrize("cell", ["1.10", "4.50", "0.10", "2.0e1"])
def test_a_pasted_number_not_served_as_written_is_no_claim(cell: str) -> None:
    assert read_paste(f"Turn this CSV row into one JSON object:\nversion,qty\n{cell},2") is None


def test_a_pasted_number_served_as_written_is_read() -> None:
    read = read_paste("Turn this CSV row into one JSON object:\nversion,qty\n1.25,2")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"version": 1.25, "qty": 2}
