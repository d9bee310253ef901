"""JSON pairs for the stated-value shapes of every language table and the declared transforms
(issue 33): a changed stated value is re-instantiated (with its transform applied), and no cached
value is served when the transform, its target or its statement changed. Phrasings are our own.

Every pair runs through a real StepCache with the oracle model (tests/adversarial/harness.py): a
wrong final object can only be the cache's doing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepcache_integrations import StepCache

from .harness import Outcome, claimed, dumps, run_pair, wrong_answers, json_pair as pair

Obj = dict[str, Any]


# -- stated-value shapes, one class per language: the stated value changes -----------------------
# (template with {a} and {b}, old values, new values); keys are the template's.
SHAPES: list[tuple[str, str, Obj, Obj]] = [
    ("fr/est", "Génère un objet JSON avec les clés titre et auteur. Le titre est {a} et l'auteur est {b}.",
     {"titre": "Nana", "auteur": "Zola"}, {"titre": "Thérèse", "auteur": "Zola"}),
    ("fr/em-dash", 'Renvoie un objet JSON avec les clés ville et habitants \u2014 ville : {a}, habitants : {b}.',
     {"ville": "Nantes", "habitants": 320000}, {"ville": "Rennes", "habitants": 220000}),
    ("de/bitte", 'JSON bitte, Schlüssel "marke" und "baujahr": marke = {a}, baujahr = {b}.',
     {"marke": "Opel", "baujahr": 1999}, {"marke": "Opel", "baujahr": 2004}),
    ("de/zurück", 'Gib ein JSON-Objekt mit den Schlüsseln "fluss" und "länge" zurück: fluss {a}, länge {b}.',
     {"fluss": "Rhein", "länge": 1233}, {"fluss": "Elbe", "länge": 1094}),
    ("pt/monte", "Monte um JSON com as chaves time e gols, com time = {a} e gols = {b}.",
     {"time": "Bahia", "gols": 3}, {"time": "Vitoria", "gols": 3}),
    ("it/fammi", "Fammi un JSON con chiavi colore e taglia. colore: {a}, taglia: {b}.",
     {"colore": "blu", "taglia": 42}, {"colore": "rosso", "taglia": 42}),
    ("ru/keys-after", "Составь JSON: город {a}, население {b}. Ключи \u2014 город и население.",
     {"город": "Тверь", "население": 400000}, {"город": "Тверь", "население": 410000}),
    ("zh/cjk-keys", "生成一个 JSON 对象，键为\u201c城市\u201d和\u201c人口\u201d：城市是{a}，人口是 {b}。",
     {"城市": "南京", "人口": 9000000}, {"城市": "苏州", "人口": 12000000}),
    ("zh/count", "给我一个 JSON，包含 title 和 year 两个字段，title = {a}，year = {b}。",
     {"title": "活着", "year": 1993}, {"title": "兄弟", "year": 2005}),
    ("zh/full-width", "输出 JSON，字段：fruit、price。fruit：{a}，price：{b}。",
     {"fruit": "葡萄", "price": 12}, {"fruit": "葡萄", "price": 15}),
    ("ja/keys-ga", "キーが \"city\" と \"rank\" の JSON オブジェクトを返してください。city は{a}、rank は {b} です。",
     {"city": "札幌", "rank": 5}, {"city": "仙台", "rank": 5}),
    ("ja/key-ni-shita", "駅と乗客をキーにした JSON を作ってください。駅: {a}、乗客: {b}",
     {"駅": "渋谷", "乗客": 3000}, {"駅": "新宿", "乗客": 3000}),
    ("en/chat", "System: You output only JSON.\n\nUser: Keys: pet, legs. pet {a}, legs: {b}.",
     {"pet": "spider", "legs": 8}, {"pet": "ant", "legs": 6}),
    ("en/keep", "Return a JSON object with keys name and town: name {a}, town {b}. Keep the values exactly as given.",
     {"name": "alice", "town": "york"}, {"name": "Alice", "town": "york"}),
]


def _literal(value: Any, template: str) -> str:
    """A value as the template's language writes it: a string in the quotes its table reads."""
    if not isinstance(value, str):
        return str(value)
    if template.startswith(("生成", "キー")):
        return value  # a bare name after 是 / は
    if template.startswith("駅"):
        return f"\u300c{value}\u300d"
    return f'"{value}"'


def _fill(template: str, values: Obj) -> str:
    a, b = (_literal(v, template) for v in values.values())
    return template.format(a=a, b=b)


SHAPE_PAIRS = [pair(f"json-shape/{name}", _fill(t, old), old, _fill(t, new), new, benign=True) for name, t, old, new in SHAPES]

# -- declared transforms ---------------------------------------------------------------------------
ROUND = 'Return a JSON object with keys item and price: item "kettle", price {p}.{rule}'
CASE = 'Return a JSON object with keys name and city: name "{n}", city "Oslo".{rule}'
TEMP = 'Return a JSON object with keys city and temp: city "Oslo", temp {t} (Celsius). Convert temp to Fahrenheit.'
DIST = 'Give me a JSON object with keys route and distance. route "B7", distance {d} km. Express the distance in meters.'
SCORE = 'Return a JSON object with keys name and score: name "Ana", score {s}.{rule}'
INTEGER = " Round the score to an integer."
MONTHS = 'Renvoie un objet JSON avec les clés nom et âge : nom "Luc", âge {a} ans. Donne l\'âge en mois.'
DE_TEMP = ('Gib ein JSON-Objekt mit den Schlüsseln stadt und Temperatur zurück: stadt "Bern", Temperatur {t} (Celsius). '
           "Rechne die Temperatur in Fahrenheit um.")
JA_SCORE = "scoreをキーに持つJSONオブジェクトを返してください。scoreは{s}です。score は整数に四捨五入してください。"
IT_PRICE = ('Crea un oggetto JSON con le chiavi piatto e prezzo: piatto "pizza", prezzo {p}. '
            "Arrotonda il prezzo alla decina più vicina.")
TEN, HUNDRED = " Round the price to the nearest ten.", " Round the price to the nearest hundred."
UPPER, LOWER = " Write the name in uppercase.", " Write the name in lowercase."

TRANSFORM_PAIRS = [
    # the stated value changes under the same transform: re-instantiated with it applied
    pair("json-transform/round-changed", ROUND.format(p=104, rule=TEN), {"item": "kettle", "price": 100},
         ROUND.format(p=236, rule=TEN), {"item": "kettle", "price": 240}, benign=True),
    pair("json-transform/case-changed", CASE.format(n="alice", rule=UPPER), {"name": "ALICE", "city": "Oslo"},
         CASE.format(n="bruno", rule=UPPER), {"name": "BRUNO", "city": "Oslo"}, benign=True),
    pair("json-transform/temp-changed", TEMP.format(t=20), {"city": "Oslo", "temp": 68},
         TEMP.format(t=25), {"city": "Oslo", "temp": 77}, benign=True),
    pair("json-transform/distance-changed", DIST.format(d=5), {"route": "B7", "distance": 5000},
         DIST.format(d="2.5"), {"route": "B7", "distance": 2500}, benign=True),
    pair("json-transform/es-upper", 'Devuelve un objeto JSON con las claves nombre y pais: nombre "ines", pais "Chile". '
         "Escribe el nombre en mayúsculas.", {"nombre": "INES", "pais": "Chile"},
         'Devuelve un objeto JSON con las claves nombre y pais: nombre "marta", pais "Chile". '
         "Escribe el nombre en mayúsculas.", {"nombre": "MARTA", "pais": "Chile"}, benign=True),
    pair("json-transform/zh-round", "请返回一个JSON对象，包含name和价格字段，其中name是\"茶\"，价格是64。价格四舍五入到十位。",
         {"name": "茶", "价格": 60}, "请返回一个JSON对象，包含name和价格字段，其中name是\"茶\"，价格是87。价格四舍五入到十位。",
         {"name": "茶", "价格": 90}, benign=True),
    pair("json-transform/integer-changed", SCORE.format(s="87.6", rule=INTEGER), {"name": "Ana", "score": 88},
         SCORE.format(s="91.2", rule=INTEGER), {"name": "Ana", "score": 91}, benign=True),
    pair("json-transform/fr-months-changed", MONTHS.format(a=40), {"nom": "Luc", "âge": 480},
         MONTHS.format(a=41), {"nom": "Luc", "âge": 492}, benign=True),
    pair("json-transform/de-fahrenheit-changed", DE_TEMP.format(t=20), {"stadt": "Bern", "Temperatur": 68},
         DE_TEMP.format(t=30), {"stadt": "Bern", "Temperatur": 86}, benign=True),
    pair("json-transform/ja-integer-changed", JA_SCORE.format(s="87.4"), {"score": 87},
         JA_SCORE.format(s="92.9"), {"score": 93}, benign=True),
    pair("json-transform/it-ten-changed", IT_PRICE.format(p=17), {"piatto": "pizza", "prezzo": 20},
         IT_PRICE.format(p=23), {"piatto": "pizza", "prezzo": 20}, benign=True),
    # traps: a cached value may never be served for a request whose transform changed
    pair("json-transform/integer-to-ten", SCORE.format(s="87.6", rule=INTEGER), {"name": "Ana", "score": 88},
         SCORE.format(s="87.6", rule=" Round the score to the nearest ten."), {"name": "Ana", "score": 90}),
    pair("json-transform/months-dropped", MONTHS.format(a=40), {"nom": "Luc", "âge": 480},
         'Renvoie un objet JSON avec les clés nom et âge : nom "Luc", âge 40.', {"nom": "Luc", "âge": 40}),
    pair("json-transform/added", ROUND.format(p=104, rule=""), {"item": "kettle", "price": 104},
         ROUND.format(p=104, rule=TEN), {"item": "kettle", "price": 100}),
    pair("json-transform/removed", ROUND.format(p=104, rule=TEN), {"item": "kettle", "price": 100},
         ROUND.format(p=104, rule=""), {"item": "kettle", "price": 104}),
    pair("json-transform/case-added", CASE.format(n="alice", rule=""), {"name": "alice", "city": "Oslo"},
         CASE.format(n="alice", rule=UPPER), {"name": "ALICE", "city": "Oslo"}),
    pair("json-transform/upper-to-lower", CASE.format(n="Alice", rule=UPPER), {"name": "ALICE", "city": "Oslo"},
         CASE.format(n="Alice", rule=LOWER), {"name": "alice", "city": "Oslo"}),
    pair("json-transform/ten-to-hundred", ROUND.format(p=1234, rule=TEN), {"item": "kettle", "price": 1230},
         ROUND.format(p=1234, rule=HUNDRED), {"item": "kettle", "price": 1200}),
    pair("json-transform/keep-case", CASE.format(n="alice", rule=" Keep the values exactly as given."),
         {"name": "alice", "city": "Oslo"},
         CASE.format(n="Alice", rule=" Keep the values exactly as given."), {"name": "Alice", "city": "Oslo"}),
    pair("json-transform/converted-to-stated", TEMP.format(t=20), {"city": "Oslo", "temp": 68},
         'Return a JSON object with keys city and temp: city "Oslo", temp 20.', {"city": "Oslo", "temp": 20}),
]

# Not served from the cache and not claimed as read: the model answers, nothing is proven.
NO_CLAIM = [
    pair("json-transform/tie", ROUND.format(p=104, rule=TEN), {"item": "kettle", "price": 100},
         ROUND.format(p=105, rule=TEN), {"item": "kettle", "price": 110}),
    pair("json-transform/undeclared-unit", DIST.format(d=5), {"route": "B7", "distance": 5000},
         DIST.format(d=5).replace("in meters", "in miles"), {"route": "B7", "distance": 3.1}),
    pair("json-transform/no-source-unit", DIST.format(d=5), {"route": "B7", "distance": 5000},
         DIST.format(d=5).replace(" km.", "."), {"route": "B7", "distance": 5}),
    pair("json-transform/negation", "Produce JSON with keys title and year. The title is \"Dune\" and the year is 1965.",
         {"title": "Dune", "year": 1965},
         "Produce JSON with keys title and year. The title is not \"Dune\" and the year is 1965.", {"title": "Arrakis", "year": 1965}),
    pair("json-transform/zh-negation", "生成一个 JSON 对象，键为\u201c姓名\u201d和\u201c年龄\u201d：姓名是张伟，年龄是 28。",
         {"姓名": "张伟", "年龄": 28},
         "生成一个 JSON 对象，键为\u201c姓名\u201d和\u201c年龄\u201d：姓名不是张伟，年龄是 28。", {"姓名": "王强", "年龄": 28}),
    pair("json-transform/extraction", 'Return a JSON object with keys name and city: name "Ann", city "Oslo".',
         {"name": "Ann", "city": "Oslo"},
         'Return a JSON object with keys name and city, extracted from: "name \\"Ann\\", city \\"Bergen\\"".',
         {"name": "Ann", "city": "Bergen"}),
]

ALL = SHAPE_PAIRS + TRANSFORM_PAIRS + NO_CLAIM


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in ALL]


def test_every_answer_is_correct(outcomes: list[Outcome]) -> None:
    assert wrong_answers(outcomes) == []


def test_a_changed_stated_value_is_reinstantiated_in_every_shape(outcomes: list[Outcome]) -> None:
    benign = [o for o in outcomes if o.pair.benign]
    slow = [(o.pair.cls, o.result.outcome, o.result.model_calls) for o in benign if o.result.model_calls]
    assert slow == [] and all(o.result.verification == "proven" for o in benign)


def test_no_cached_value_is_served_when_the_transform_changed(outcomes: list[Outcome]) -> None:
    traps = [o for o in outcomes if o.pair in TRANSFORM_PAIRS and not o.pair.benign]
    assert traps and [(o.pair.cls, o.result.outcome) for o in traps if o.result.outcome == "reuse"] == []


def test_an_undeclared_transform_a_tie_or_a_negation_is_no_claim(outcomes: list[Outcome]) -> None:
    assert claimed(outcomes, NO_CLAIM) == []


def test_a_model_answer_that_ignores_the_transform_is_never_served() -> None:
    """The model writes the value as stated; the checker fails it and the served object holds the
    transformed value (fallback), proven."""
    for prompt, expected in [
        (ROUND.format(p=104, rule=TEN), {"item": "kettle", "price": 100}),
        (TEMP.format(t=20), {"city": "Oslo", "temp": 68}),
        (CASE.format(n="alice", rule=UPPER), {"name": "ALICE", "city": "Oslo"}),
    ]:
        ignored = {k: (v.lower() if isinstance(v, str) and k == "name" else v) for k, v in expected.items()}
        ignored = {**ignored, **({"price": 104} if "price" in ignored else {}), **({"temp": 20} if "temp" in ignored else {})}
        result = StepCache().generate(prompt, lambda _p, answer=dumps(ignored): answer)
        assert json.loads(result.text) == expected and result.verification == "proven", (prompt, result.text)
