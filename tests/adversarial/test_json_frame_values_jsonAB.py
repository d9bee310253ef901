"""wip/jsonAB (issue 33 items 3/4): the request frame and the value tokens, by cause of the dev sets' declines.

- Politeness carries no request: "..., please." after the statements that end the request sentence, de "Mach daraus
  bitte JSON", "As JSON please: ...", es "Como JSON, por favor: ..." (the table's PLEASE word; a word after it, "please
  add a key id", "please use camelCase", is derived by no rule).
- Values a string by their form, as written, in every table: an ISO date YYYY-MM-DD that is a real calendar date and an
  IPv4 address; nothing touching it that could make it a range, a time or a zone ("2027-07-03/05", "2027-07-03T10:00",
  "10.0.0.5/24", "10.0.0.5:8080"); a time, zone or second date after a space is derived by no rule. YAML reads an
  unquoted date as a date: JSON has no date, so the one JSON value both say is the string (yaml_block._same).
- What the object is for, a demonstrative or possessive before an OBJECT word ("for this log entry", "for my config", de
  "für die DB-Konfiguration"): no key and no entity.
Served pairs are served without a model call (a never-right model answered the first prompt) and exactly right; each
trap is no claim (the model is asked) or never served wrong.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import (Pair, assert_models_answer_kept, assert_red_team_pair_not_served, assert_served_exact_object,
                      assert_served_proven, assert_trap_never_wrong, dumps, exact_json_judge)

Obj = dict[str, Any]


def pair(cls: str, old: str, old_obj: Obj, new: str, new_obj: Obj) -> Pair:
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), exact_json_judge(new_obj))


WHERE_PLEASE = 'I need a JSON object where sku is "{}" and qty is {}, please.'
EQ_PLEASE = "JSON: name={}, age={}, please."
LINES_PLEASE = "Convert to JSON, please:\nname: {}\nage: {}"
DE_MACH = "Mach daraus bitte JSON:\nname: {}\nkundennummer: {}"
DE_ALS = "Als JSON bitte: artikel={}, menge={}"
EN_AS = "As JSON please: city: {}; population: {}"
ES_COMO = "Como JSON, por favor: ciudad={}, habitantes={}"
DATE_EQ = "JSON: date={}, seats={}"
DATE_COLON = "Return JSON with keys event, date and seats: event: {}, date: {}, seats: {}"
DATE_LINES = "Convert to JSON:\ndate: {}\nvenue: {}"
DATE_FR = "Mets ça en JSON : date={}, places={}"
DATE_DE = "Gib mir JSON: datum = {}, plaetze = {}"
IP_EQ = "JSON: host={}, port={}"
IP_DE = "JSON für die DB-Konfiguration: host={}, port={}, timeout={}"
IP_CONFIG = "I need a JSON object for my config: debug={}, port={}, host={}"
FIELDS = 'Output only JSON, no explanation. Fields: title = "{}", author = "{}", year = {}'
FIELDS_LINES = 'Return only valid JSON, no explanation.\nFields:\ntitle: "{}"\nyear: {}'
ES_SAME = "Pásame esto a JSON con las mismas claves:\npedido: {}\ncliente: {}"
EN_SAME = "Convert this to JSON, keeping the same keys:\nid: {}\nname: {}"
DE_SAME = "Wandle das in JSON um, mit denselben Schlüsseln:\nid: {}\nname: {}"
JA_VALUES = "次の値でJSONを作って：name={}, age={}"
JA_ANSWER = "JSON だけで答えて：title={}, year={}"
IT_NOTHING = "Voglio solo il JSON, niente testo: utente={}, livello={}, premium={}"
EN_TWO_NOTHING = "Return only valid JSON, no markdown fences, no explanation. Fields: order_id = {}, quantity = {}"
ES_NOTHING = "Devuelve solo JSON, sin texto: nombre={}, edad={}"
RU_NOTHING = "Верни только JSON, без текста: name={}, age={}"
LOG = 'Return a JSON object for this log entry: level={}, code={}, message="{}", retry={}'

SERVED = [
    pair("en/where-please", WHERE_PLEASE.format("AB-12", 4), {"sku": "AB-12", "qty": 4},
         WHERE_PLEASE.format("CD-34", 9), {"sku": "CD-34", "qty": 9}),
    pair("en/eq-please", EQ_PLEASE.format("Ann", 30), {"name": "Ann", "age": 30}, EQ_PLEASE.format("Bob", 41), {"name": "Bob", "age": 41}),
    pair("de/mach-bitte", DE_MACH.format("Uwe", 66230), {"name": "Uwe", "kundennummer": 66230},
         DE_MACH.format("Jonas", 71120), {"name": "Jonas", "kundennummer": 71120}),
    pair("de/als-bitte", DE_ALS.format("Mutter", 400), {"artikel": "Mutter", "menge": 400},
         DE_ALS.format("Schraube", 250), {"artikel": "Schraube", "menge": 250}),
    pair("en/as-please", EN_AS.format("Oslo", 709000), {"city": "Oslo", "population": 709000},
         EN_AS.format("Bergen", 291000), {"city": "Bergen", "population": 291000}),
    pair("es/como-por-favor", ES_COMO.format("Sevilla", 680000), {"ciudad": "Sevilla", "habitantes": 680000},
         ES_COMO.format("Bilbao", 345000), {"ciudad": "Bilbao", "habitantes": 345000}),
    pair("en/date-eq", DATE_EQ.format("2027-03-14", 120), {"date": "2027-03-14", "seats": 120},
         DATE_EQ.format("2027-04-02", 80), {"date": "2027-04-02", "seats": 80}),
    pair("en/date-colon-keys", DATE_COLON.format("Meetup", "2027-03-14", 120), {"event": "Meetup", "date": "2027-03-14", "seats": 120},
         DATE_COLON.format("Hackathon", "2028-02-29", 150), {"event": "Hackathon", "date": "2028-02-29", "seats": 150}),
    pair("fr/date", DATE_FR.format("2027-07-03", 150), {"date": "2027-07-03", "places": 150},
         DATE_FR.format("2027-09-12", 90), {"date": "2027-09-12", "places": 90}),
    pair("de/date", DATE_DE.format("2025-10-19", 250), {"datum": "2025-10-19", "plaetze": 250},
         DATE_DE.format("2026-01-05", 40), {"datum": "2026-01-05", "plaetze": 40}),
    pair("en/ipv4", IP_EQ.format("10.0.0.5", 3307), {"host": "10.0.0.5", "port": 3307},
         IP_EQ.format("192.168.1.20", 5432), {"host": "192.168.1.20", "port": 5432}),
    pair("de/ipv4-db-konfiguration", IP_DE.format("10.0.0.4", 3306, 30), {"host": "10.0.0.4", "port": 3306, "timeout": 30},
         IP_DE.format("10.0.0.5", 3307, 45), {"host": "10.0.0.5", "port": 3307, "timeout": 45}),
    pair("en/for-my-config", IP_CONFIG.format("false", 8080, "127.0.0.1"), {"debug": False, "port": 8080, "host": "127.0.0.1"},
         IP_CONFIG.format("true", 3000, "0.0.0.0"), {"debug": True, "port": 3000, "host": "0.0.0.0"}),
    pair("en/for-this-log-entry", LOG.format("ERROR", 502, "upstream timeout", "true"),
         {"level": "ERROR", "code": 502, "message": "upstream timeout", "retry": True},
         LOG.format("WARN", 429, "rate limited", "true"), {"level": "WARN", "code": 429, "message": "rate limited", "retry": True}),
    pair("en/fields-header", FIELDS.format("Dune", "Frank Herbert", 1965), {"title": "Dune", "author": "Frank Herbert", "year": 1965},
         FIELDS.format("Neuromancer", "William Gibson", 1984), {"title": "Neuromancer", "author": "William Gibson", "year": 1984}),
    pair("en/fields-header-lines", FIELDS_LINES.format("Dune", 1965), {"title": "Dune", "year": 1965},
         FIELDS_LINES.format("Emma", 1815), {"title": "Emma", "year": 1815}),
    pair("es/mismas-claves", ES_SAME.format(3310, "Ana Ruiz"), {"pedido": 3310, "cliente": "Ana Ruiz"},
         ES_SAME.format(4410, "Luis Pardo"), {"pedido": 4410, "cliente": "Luis Pardo"}),
    pair("en/same-keys", EN_SAME.format(1042, "Ana"), {"id": 1042, "name": "Ana"}, EN_SAME.format(2077, "Kim"), {"id": 2077, "name": "Kim"}),
    pair("ja/next-values", JA_VALUES.format("田中花子", 31), {"name": "田中花子", "age": 31},
         JA_VALUES.format("鈴木一郎", 52), {"name": "鈴木一郎", "age": 52}),
    pair("ja/answer-in-json", JA_ANSWER.format("Kokoro", 1914), {"title": "Kokoro", "year": 1914},
         JA_ANSWER.format("Botchan", 1906), {"title": "Botchan", "year": 1906}),
    pair("it/niente-testo", IT_NOTHING.format("Luca", 3, "true"), {"utente": "Luca", "livello": 3, "premium": True},
         IT_NOTHING.format("Marco", 6, "false"), {"utente": "Marco", "livello": 6, "premium": False}),
    pair("en/two-nothing-fields", EN_TWO_NOTHING.format(5521, 2), {"order_id": 5521, "quantity": 2},
         EN_TWO_NOTHING.format(779, 6), {"order_id": 779, "quantity": 6}),
    pair("es/sin-texto", ES_NOTHING.format("Ana", 30), {"nombre": "Ana", "edad": 30}, ES_NOTHING.format("Luis", 41), {"nombre": "Luis", "edad": 41}),
    pair("ru/bez-teksta", RU_NOTHING.format("Anna", 30), {"name": "Anna", "age": 30}, RU_NOTHING.format("Oleg", 41), {"name": "Oleg", "age": 41}),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonab_served_proven(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonab_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


NO_CLAIM = [
    # a date in a colon-labelled block: YAML reads a date, no JSON value (W27, tests/adversarial/test_red_team_21_w27_y.py)
    DATE_LINES.format("2027-03-14", "Brick"),
    # a PLEASE word that says more: a request, a negation, a second clause
    "JSON: name=Ann, age=30, please add a key id.",
    "JSON: name=Ann, age=30, please use camelCase.",
    "JSON: name=Ann, age=30, please uppercase the name.",
    "JSON: name=Ann, age=30, not please.",
    'I need a JSON object where sku is "AB-12" and qty is 4, please, but leave out the qty.',
    "Give me JSON with keys name and age: name Ann, age 30, please, and uppercase the name.",
    "JSON: name=Ann, age=30, please and thank you, but no age.",
    "Mach daraus bitte kein JSON:\nname: Uwe",
    # a date that is a range, has a time or a zone, or is no date
    "JSON: date: 2027-07-03/2027-07-05, venue: Harbor",
    "JSON: date: 2027-07-03 to 2027-07-05, venue: Harbor",
    "JSON: date: 2027-07-03 - 2027-07-05, venue: Harbor",
    "JSON: date: 2027-07-03 \u2013 2027-07-05, venue: Harbor",
    "JSON: date: 2027-07-03\u201305, venue: Harbor",
    "JSON: date: 2027-07-03 10:00, venue: Harbor",
    "JSON: date: 2027-07-03T10:00, venue: Harbor",
    "JSON: date: 2027-07-03T10:00:00Z, venue: Harbor",
    "JSON: date: 2027-07-03 UTC, venue: Harbor",
    "JSON: date: 2027-07-03 +02:00, venue: Harbor",
    "JSON: date: 2027-07-03+02:00, venue: Harbor",
    "JSON: date: 2027-07-03Z, venue: Harbor",
    "JSON: date: 2027-02-30, venue: Harbor",
    "JSON: date: 2027-13-01, venue: Harbor",
    "JSON: date=2027-02-30, seats=80",
    "JSON: date=2027-13-01, seats=80",
    "JSON: date=2026-02-29, seats=80",
    "Return JSON with keys date and seats: date 2027-04-31, seats 80",
    "JSON: date: 2027-07-03 or later, venue: Harbor",
    "JSON: date=2027-07-03-1, seats=80",
    "JSON: day=2027-07-03 minus 1, seats=80",
    "Convert this YAML to JSON:\ndate: 2027-07-03 10:00:00\nvenue: Harbor",
    # an address that is a network, has a port, or is none
    "JSON: host=10.0.0.5/24, port=3307",
    "JSON: host=10.0.0.5:8080, port=3307",
    "JSON: host=10.0.0.256, port=3307",
    "JSON: host=10.0.0.5.7, port=3307",
    "JSON: host=10.0.0, port=3307",
    # "=" with an operator in its value, two "=" for one key
    "JSON: total=price*qty, qty=3",
    "JSON: a=b, b=3",  # the value names another key ("JSON: a=b, c=3" reads "b" as a lowercase string, as on main)
    "JSON: total=qty, qty=3",
    "JSON: x==5, y=3",
    "JSON: x=>5, y=3",
    "JSON: x=<5, y=3",
    "JSON: n=5+1, y=3",
    "JSON: x=5=6, y=3",
    "JSON: x=5, x=6",
    # what the object is for, said with more than the OBJECT word
    "Return a JSON object for this log entry and the next one: level=WARN, code=429",
    "I need a JSON object for my config but without the port: debug=true, port=3000",
    # a "Fields:" heading with more than statements; "the same keys" that refers outside the prompt
    'Output only JSON. Fields: title = "Dune", year = 1965, plus an id.',
    'Output only JSON. Fields: title = "Dune", year = 1965 and more.',
    'Output only JSON. Fields: title = "Dune", year = 1965, but uppercase the title.',
    "Convert this to JSON with the same keys as before:\nid: 2077\nname: Ana",
    "Convert this to JSON with the same keys as last time:\nid: 2077\nname: Ana",
    "Pásame esto a JSON con las mismas claves que antes:\npedido: 4410",
    "Convert this to JSON, keeping the same keys in camelCase:\nid: 2077\nname: Ana",
    "JSONで答えないで：name=鈴木, age=29",
    # what not to write, then something to do
    "Return JSON, no text values: a=1, b=2",
    "Return JSON, no text, but uppercase the names: name=Ann",
    "Return only JSON, no text in the name: name=Ann, age=3",
    "Return only JSON, no prose, no markdown, but add an id: name=Ann, age=3",
    "Return only JSON, no prose, uppercase: name=Ann",
    "Voglio solo il JSON, niente testo, ma aggiungi un id: utente=Marco, livello=6",
    "JSON で答えて：name=鈴木, age=29 ではなく",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_jsonab_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


@pytest.mark.parametrize("prompt", NO_CLAIM[:8] + NO_CLAIM[26:31])
def test_jsonab_models_answer_kept(prompt: str) -> None:
    assert_models_answer_kept(prompt)


RED_TEAM = [
    (EQ_PLEASE.format("Ann", 30), "JSON: name=Ann, age=30, please add a key id."),
    (EQ_PLEASE.format("Ann", 30), "JSON: name=Ann, age=30, please use camelCase."),
    (WHERE_PLEASE.format("AB-12", 4), 'I need a JSON object where sku is "AB-12" and qty is 4, please, and the total should include tax.'),
    (DATE_EQ.format("2027-04-02", 80), "JSON: date=2027-04-02/2027-04-05, seats=80"),
    (DATE_EQ.format("2027-04-02", 80), "JSON: date=2027-04-02T10:00+02:00, seats=80"),
    (DATE_EQ.format("2027-04-02", 80), "JSON: date=2027-04-02 CET, seats=80"),
    (IP_EQ.format("10.0.0.5", 3307), "JSON: host=10.0.0.5/24, port=3307"),
    (IP_EQ.format("10.0.0.5", 3307), "JSON: host=10.0.0.5:3307, port=3307"),
    (FIELDS.format("Dune", "Frank Herbert", 1965), 'Output only JSON, no explanation, but uppercase the names. Fields: title = "Dune", author = "Frank Herbert", year = 1965'),
    (EN_TWO_NOTHING.format(779, 6), "Return only valid JSON, no markdown fences, no explanation, but uppercase the names. Fields: order_id = 779, quantity = 6"),
    (IT_NOTHING.format("Marco", 6, "false"), "Voglio solo il JSON, niente testo tranne l'id: utente=Marco, livello=6, premium=false"),
    (EN_SAME.format(1042, "Ana"), "Convert this to JSON, keeping the same keys as before:\nid: 1042\nname: Ana"),
    (LOG.format("WARN", 429, "rate limited", "true"),
     'Return a JSON object for this log entry: level=WARN, code=429, message="rate limited", retry=true, but leave out the code'),
]


@pytest.mark.parametrize(("first", "second"), RED_TEAM)
def test_jsonab_red_team_pairs_not_served(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)


TRAPS = [
    pair("trap/date-changed", DATE_EQ.format("2027-04-02", 80), {"date": "2027-04-02", "seats": 80},
         DATE_EQ.format("2027-04-03", 80), {"date": "2027-04-03", "seats": 80}),
    pair("trap/date-quoted-kept", 'JSON: date="2027-04-02", seats=80', {"date": "2027-04-02", "seats": 80},
         DATE_EQ.format("2027-04-02", 80), {"date": "2027-04-02", "seats": 80}),
    pair("trap/ip-changed", IP_EQ.format("10.0.0.5", 3307), {"host": "10.0.0.5", "port": 3307},
         IP_EQ.format("10.0.0.6", 3307), {"host": "10.0.0.6", "port": 3307}),
    pair("trap/please-then-key", EQ_PLEASE.format("Ann", 30), {"name": "Ann", "age": 30},
         "JSON: name=Ann, age=30, please add a key id.", {"name": "Ann", "age": 30, "id": 1}),
]


@pytest.mark.parametrize("case", TRAPS, ids=lambda c: c.cls)
def test_jsonab_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=case.cls in ("trap/please-then-key",))
