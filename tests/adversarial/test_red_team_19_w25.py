"""W25 (red team 19): four JSON classes served wrong with verified=True, each also replacing the
model's answer on an empty cache.

- A: a template slot took any word said for it, one that names no one ('The name is Nobody and he has 92
  points', de 'mit Name Niemand', zh '姓名是谁', fr 'Article : rien'): a template's unquoted value holding a
  word that is never a name (W24's pronouns, question words, quantifiers and negations, now also calendar
  words and place adverbs in every table, and zh/ja's own) is no claim.
- B: 'The name is Ben and we/she have 92 points' filled <points> with someone else's number: whose points
  a pronoun says is not proven, so no "he has" shape is read at all (reach withdrawn: wip/jsonQ's
  'The name is Ben and he has 92 points').
- C: a quoted CSV cell was typed as if bare ('A1,"true",7' -> true): a quoted cell that would be a number
  or a boolean bare is no claim, as a quoted .env value already was.
- D: 'Total = price + qty?' asks whether the formula holds; it declares none: no claim.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.json.pastes import read_paste
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_models_answer_kept, assert_red_team_pair_not_served

_PAIRS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_19_w25_pairs.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("pair", [p for p in _PAIRS if p["first"]], ids=lambda p: f"{p['cls']}-{p['lang']}")
def test_a_red_team_pair_is_not_served(pair: dict[str, str | None]) -> None:
    assert_red_team_pair_not_served(str(pair["first"]), str(pair["second"]))


@pytest.mark.parametrize("pair", _PAIRS, ids=lambda p: f"{p['cls']}-{p['lang']}")
def test_the_models_answer_is_kept_on_an_empty_cache(pair: dict[str, str | None]) -> None:
    assert_models_answer_kept(str(pair["second"]))


_TEMPLATE = 'Fill in this template and return only the JSON: {"user": <name>, "score": <points>}. '


@pytest.mark.parametrize("prompt", [
    _TEMPLATE + "The name is Nobody and he has 92 points.",
    'Fill in this template: {"city": <city>, "temp": <temp>} with city Nowhere and temp 21',
    'Fill in this template: {"city": <city>, "temp": <temp>} with city Monday and temp 21',
    'Fülle diese Vorlage aus: {"name": <name>, "punkte": <punkte>} mit Name Niemand und Punkte 92',
    'Fülle diese Vorlage aus: {"name": <name>, "punkte": <punkte>} mit Name Montag und Punkte 92',
    'Complète ce modèle et renvoie uniquement le JSON : {"article": <article>, "prix": <prix>}. Article : rien, prix : 49',
    _TEMPLATE + "The name is Ben and he has 92 points.",
    _TEMPLATE + "The name is Ben and we have 92 points.",
    'Return a JSON object with keys price, qty, total. price: 4, qty: 3. Total = price + qty?',
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(("prompt", "values"), [
    ('Fülle diese Vorlage aus: {"name": <name>, "punkte": <punkte>} mit Name Lena und Punkte 92', {"name": "Lena", "punkte": 92}),
    ('Complète ce modèle et renvoie uniquement le JSON : {"article": <article>, "prix": <prix>}. Article : chaise, prix : 49',
     {"article": "chaise", "prix": 49}),
    ('Fill in this template: {"city": "", "temp": 0} with city "Nowhere" and temp 21', None),  # quoted: the literal, if read
    ('Return a JSON object with keys price, qty, total. price: 4, qty: 3. Total = price * qty.', {"price": 4, "qty": 3, "total": 12}),
])
def test_still_read(prompt: str, values: dict[str, object] | None) -> None:
    read = read_request(prompt)
    if values is None:
        assert read is None or read.statements["city"].value == "Nowhere"
        return
    assert read is not None and {k: s.value for k, s in read.statements.items()} == values


@pytest.mark.parametrize(("row", "values"), [
    ("A1,true,7", {"id": "A1", "active": True, "score": 7}),
    ('A1,"true",7', None),
    ('A1,true,"7"', None),
    ('A1,"Smith, John",7', {"id": "A1", "active": "Smith, John", "score": 7}),
    ('"A1",true,7', {"id": "A1", "active": True, "score": 7}),  # quoted, a string either way
    ('"00421",true,7', {"id": "00421", "active": True, "score": 7}),
])
def test_a_quoted_csv_cell_is_typed_only_when_the_quotes_change_nothing(row: str, values: dict[str, object] | None) -> None:
    read = read_paste("Convert this CSV to JSON:\nid,active,score\n" + row)
    assert (None if read is None else {k: s.value for k, s in read.statements.items()}) == values


# E (found in the review of wip/linS's carts): the question's buyer is the story's buyer.
_CART = "Notebooks cost $4 each. {who} bought some notebooks plus a $10 pen and paid $30 in total. How many notebooks did {asked} buy?"


@pytest.mark.parametrize(("who", "asked"), [("I", "she"), ("I", "he"), ("I", "they"), ("Tom", "I"), ("Tom", "we"), ("We", "she")])
def test_a_purchase_asked_of_another_buyer_is_no_claim(who: str, asked: str) -> None:
    assert understand_prompt(_CART.format(who=who, asked=asked)) is None


@pytest.mark.parametrize(("who", "asked"), [("I", "I"), ("We", "we"), ("I", "we"), ("We", "I"), ("Tom", "he")])
def test_a_purchase_asked_of_its_buyer_is_read(who: str, asked: str) -> None:
    assert understand_prompt(_CART.format(who=who, asked=asked)) is not None


@pytest.mark.parametrize(("prompt", "mine", "another"), [
    ("Un cuaderno cuesta 3 euros. Compré unos cuadernos y un bolígrafo de 2 euros, y pagué 14 euros. ¿Cuántos cuadernos {}?",
     "compré", "compró"),
    ("Un quaderno costa 3 euro. Ho preso qualche quaderno e una penna da 2 euro e ho speso 14 euro. Quanti quaderni {}?",
     "ho preso", "ha preso"),
])
def test_other_tables_check_the_buyer_too(prompt: str, mine: str, another: str) -> None:
    assert understand_prompt(prompt.format(mine)) is not None and understand_prompt(prompt.format(another)) is None
