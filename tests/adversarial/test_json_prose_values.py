"""JSON requests whose values or transforms are said in short prose (issue 33 items 2 and 4,
wip/jsonB): a unit noted in brackets, an age key's years, transforms naming a key under the
table's label folding, and (below) more. A changed value is re-instantiated exactly; a changed
unit, transform or negation never serves the old object; what the grammar does not derive is no
claim. Phrasings are our own.

Every pair runs through a real StepCache with the oracle model (tests/adversarial/harness.py): a
wrong final object can only be the cache's doing.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Outcome, exact_json_pair, run_pair

Obj = dict[str, Any]
pair = exact_json_pair

NOTED = 'Return a JSON object with keys "city" and "temp": city "Bergen", temp {t} (Celsius).{rule}'
F = " Convert temp to Fahrenheit."
DE_F = ('Gib JSON mit den Schlüsseln "ort" und "temperatur" zurück: ort "Kiel", temperatur {t} (Celsius). '
        "Rechne die Temperatur in Fahrenheit um.")
ZH_NOTED = "返回一个 JSON 对象，键为 \"town\" 和 \"temp\"：town \"厦门\"，temp {t}（摄氏度）。"
PET = 'Return JSON with keys pet and age: pet "Rex", age {a}.{rule}'
MONTHS = " Give the age in months."
FR_MONTHS = 'Renvoie un JSON avec les clés "chat" et "age" : chat "Tom", age {a}. Donne l\'âge en mois.'

UPPER = 'Return JSON with "city" and "country"{rule}: city "{c}", country "{k}".'
ROUNDED = 'JSON with "item" and "price" (price rounded {to}): item "Mug", price {p}.'
FIRST = 'Round the score {to} and return JSON with keys "player" and "score": player "Ida", score {s}'
LOWER_FIRST = 'Lowercase the email and return JSON with keys "user" and "email": user "Ann", email "{e}"'
TENTH = 'Return JSON with keys "temp" and "city", with the temp rounded {to}: temp {t}, city "Oslo".'

IN_ORDER = 'Return a JSON object with keys "population" and "city" for: {c}, {n}.'
SPLIT = 'JSON with keys "product" and "price": {p}, {v}'
DE_YEARS = 'JSON mit den Schlüsseln "name" und "alter": {n}, {a} Jahre.'
ES_PARA = 'Dame un JSON con las claves "nombre" y "edad" para {n}, {a} años.'

AGED = 'Return JSON with keys "name" and "age": {n} is {a} years old.'
AGED_BARE = 'Return JSON with "name" and "age": {n} is {a}.'
COSTS = 'JSON with "item" and "price" (price rounded to the nearest integer): {i} costs {p}.'
SCORED = 'Return JSON with keys "player" and "score": {n} scored {s}'
ROUTE = 'Could you format this as JSON with keys "from" and "to"? Train from {a} to {b}.'
TRAIT = 'Return JSON with keys "name" and "vegetarian": {n} is {neg}a vegetarian.'

MINUTES = 'Return JSON with "minutes" for a duration of {h} hours.'
METERS = 'Return JSON with keys "name" and "meters": {n}, {k} km'
RATIO = 'Return JSON with "ratio" giving {p}% as a decimal.'

ES_TENTH = 'Devuelve un JSON con las claves "ciudad" y "temp", con la temp redondeada a un decimal: ciudad "Lima", temp {t}.'
PT_ROUNDED = 'Gere um JSON com "produto" e "preco" (preço arredondado para inteiro): produto "caneta", preço {p}'
IT_METERS = 'Dammi un JSON con le chiavi "nome" e "metri": {n}, {k} km.'

MAIL = 'Return JSON with keys "email" and "note" from: "Write to {e} about the order."'
DATE = 'Extract the date as JSON {{"date": "YYYY-MM-DD"}} from: "The fair opens on {d}."'
DATED = 'Return JSON with keys "date" and "amount" (YYYY-MM-DD) from: "Paid on {d} in full."'

BENIGN = [
    pair("prose/date-words", DATE.format(d="March 3, 2027"), {"date": "2027-03-03"},
         DATE.format(d="July 15, 2027"), {"date": "2027-07-15"}, benign=True),
    pair("prose/es-tenth", ES_TENTH.format(t="18,46"), {"ciudad": "Lima", "temp": 18.5},
         ES_TENTH.format(t="21,12"), {"ciudad": "Lima", "temp": 21.1}, benign=True),
    pair("prose/pt-bracketed-rounding", PT_ROUNDED.format(p="3,40"), {"produto": "caneta", "preco": 3},
         PT_ROUNDED.format(p="12,70"), {"produto": "caneta", "preco": 13}, benign=True),
    pair("prose/it-unit-key", IT_METERS.format(n="Giro", k=2), {"nome": "Giro", "metri": 2000},
         IT_METERS.format(n="Giro", k=5), {"nome": "Giro", "metri": 5000}, benign=True),
    pair("prose/hours-to-minutes", MINUTES.format(h=2), {"minutes": 120}, MINUTES.format(h="3.5"), {"minutes": 210},
         benign=True),
    pair("prose/km-to-meters-in-order", METERS.format(n="Pico", k=3), {"name": "Pico", "meters": 3000},
         METERS.format(n="Serra", k=5), {"name": "Serra", "meters": 5000}, benign=True),
    pair("prose/percent-to-decimal", RATIO.format(p=45), {"ratio": 0.45}, RATIO.format(p=8), {"ratio": 0.08},
         benign=True),
    pair("prose/aged", AGED.format(n="Alma", a=30), {"name": "Alma", "age": 30},
         AGED.format(n="Alma", a=31), {"name": "Alma", "age": 31}, benign=True),
    pair("prose/aged-bare", AGED_BARE.format(n="Grete", a=47), {"name": "Grete", "age": 47},
         AGED_BARE.format(n="Hanne", a=52), {"name": "Hanne", "age": 52}, benign=True),
    pair("prose/costs", COSTS.format(i="Gizmo", p="12.4"), {"item": "Gizmo", "price": 12},
         COSTS.format(i="Gizmo", p="12.6"), {"item": "Gizmo", "price": 13}, benign=True),
    pair("prose/scored", SCORED.format(n="Ida", s="87.5"), {"player": "Ida", "score": 87.5},
         SCORED.format(n="Ola", s="91.5"), {"player": "Ola", "score": 91.5}, benign=True),
    pair("prose/route", ROUTE.format(a="Porto", b="Bergen"), {"from": "Porto", "to": "Bergen"},
         ROUTE.format(a="Rome", b="Dublin"), {"from": "Rome", "to": "Dublin"}, benign=True),
    pair("prose/trait-negated", TRAIT.format(n="Liv", neg=""), {"name": "Liv", "vegetarian": True},
         TRAIT.format(n="Liv", neg="not "), {"name": "Liv", "vegetarian": False}, benign=True),
    pair("prose/trait-affirmed", TRAIT.format(n="Liv", neg="not "), {"name": "Liv", "vegetarian": False},
         TRAIT.format(n="Liv", neg=""), {"name": "Liv", "vegetarian": True}, benign=True),
    pair("prose/in-order", IN_ORDER.format(n="Lisbon", c=545000), {"population": 545000, "city": "Lisbon"},
         IN_ORDER.format(n="New York", c=8300000), {"population": 8300000, "city": "New York"}, benign=True),
    pair("prose/in-order-split", SPLIT.format(p="Zorbo", v=40), {"product": "Zorbo", "price": 40},
         SPLIT.format(p="Lumo", v=55), {"product": "Lumo", "price": 55}, benign=True),
    pair("prose/de-in-order-years", DE_YEARS.format(n="Uwe", a=61), {"name": "Uwe", "alter": 61},
         DE_YEARS.format(n="Uwe", a=62), {"name": "Uwe", "alter": 62}, benign=True),
    pair("prose/es-in-order-para", ES_PARA.format(n="Nuria", a=35), {"nombre": "Nuria", "edad": 35},
         ES_PARA.format(n="Pilar", a=35), {"nombre": "Pilar", "edad": 35}, benign=True),
    pair("prose/values-in-uppercase", UPPER.format(rule=", values in uppercase", c="Lyon", k="France"),
         {"city": "LYON", "country": "FRANCE"}, UPPER.format(rule=", values in uppercase", c="Porto", k="Portugal"),
         {"city": "PORTO", "country": "PORTUGAL"}, benign=True),
    pair("prose/bracketed-rounding", ROUNDED.format(to="to the nearest integer", p="12.4"), {"item": "Mug", "price": 12},
         ROUNDED.format(to="to the nearest integer", p="12.6"), {"item": "Mug", "price": 13}, benign=True),
    pair("prose/rounding-first", FIRST.format(to="to the nearest integer", s="87.6"), {"player": "Ida", "score": 88},
         FIRST.format(to="to the nearest integer", s="72.2"), {"player": "Ida", "score": 72}, benign=True),
    pair("prose/lowercase-first", LOWER_FIRST.format(e="ANN@MAIL.COM"), {"user": "Ann", "email": "ann@mail.com"},
         LOWER_FIRST.format(e="Ann.Lee@Mail.com"), {"user": "Ann", "email": "ann.lee@mail.com"}, benign=True),
    pair("prose/tenth", TENTH.format(to="to one decimal", t="21.46"), {"temp": 21.5, "city": "Oslo"},
         TENTH.format(to="to one decimal", t="19.94"), {"temp": 19.9, "city": "Oslo"}, benign=True),
    pair("prose/noted-unit", NOTED.format(t=12, rule=""), {"city": "Bergen", "temp": 12},
         NOTED.format(t=15, rule=""), {"city": "Bergen", "temp": 15}, benign=True),
    pair("prose/noted-unit-converted", NOTED.format(t=10, rule=F), {"city": "Bergen", "temp": 50},
         NOTED.format(t=25, rule=F), {"city": "Bergen", "temp": 77}, benign=True),
    pair("prose/de-folded-key-converted", DE_F.format(t=10), {"ort": "Kiel", "temperatur": 50},
         DE_F.format(t=20), {"ort": "Kiel", "temperatur": 68}, benign=True),
    pair("prose/zh-noted-unit", ZH_NOTED.format(t=21), {"town": "厦门", "temp": 21},
         ZH_NOTED.format(t=26), {"town": "厦门", "temp": 26}, benign=True),
    pair("prose/age-in-months", PET.format(a=3, rule=MONTHS), {"pet": "Rex", "age": 36},
         PET.format(a=5, rule=MONTHS), {"pet": "Rex", "age": 60}, benign=True),
    pair("prose/fr-age-in-months", FR_MONTHS.format(a=2), {"chat": "Tom", "age": 24},
         FR_MONTHS.format(a=7), {"chat": "Tom", "age": 84}, benign=True),
]

TRAPS = [
    pair("prose/email-changed", MAIL.format(e="ana@example.com"), {"email": "ana@example.com", "note": "order"},
         MAIL.format(e="tom.reed@example.org"), {"email": "tom.reed@example.org", "note": "order"}),
    pair("prose/iso-date-changed", DATED.format(d="2024-03-15"), {"date": "2024-03-15", "amount": 1},
         DATED.format(d="2024-06-02"), {"date": "2024-06-02", "amount": 1}),
    pair("prose/unit-key-changed", 'Return JSON with "seconds" for a duration of 2 minutes.', {"seconds": 120},
         'Return JSON with "minutes" for a duration of 2 minutes.', {"minutes": 2}),
    pair("prose/unit-changed", MINUTES.format(h=2), {"minutes": 120},
         'Return JSON with "minutes" for a duration of 2 seconds.', {"minutes": 0.0333}),
    pair("prose/aged-key-changed", AGED_BARE.format(n="Grete", a=47), {"name": "Grete", "age": 47},
         'Return JSON with "name" and "age_next_year": Grete is 47.', {"name": "Grete", "age_next_year": 48}),
    pair("prose/route-swapped", ROUTE.format(a="Porto", b="Bergen"), {"from": "Porto", "to": "Bergen"},
         'Could you format this as JSON with keys "from" and "to"? Train to Porto from Bergen.',
         {"from": "Bergen", "to": "Porto"}),
    pair("prose/trait-key-changed", TRAIT.format(n="Liv", neg=""), {"name": "Liv", "vegetarian": True},
         'Return JSON with keys "name" and "vegan": Liv is a vegetarian.', {"name": "Liv", "vegan": False}),
    pair("prose/in-order-key-changed", SPLIT.format(p="Zorbo", v=40), {"product": "Zorbo", "price": 40},
         'JSON with keys "product" and "discount": Zorbo, 40', {"product": "Zorbo", "discount": 40}),
    # keys swapped, values as before: each value's kind binds it, never its place (red team round 9, W13)
    pair("prose/in-order-key-swapped", IN_ORDER.format(n="Lisbon", c=545000), {"population": 545000, "city": "Lisbon"},
         'Return a JSON object with keys "city" and "population" for: 545000, Lisbon.', {"city": "Lisbon", "population": 545000}),
    pair("prose/uppercase-added", UPPER.format(rule="", c="Lyon", k="France"), {"city": "Lyon", "country": "France"},
         UPPER.format(rule=", values in uppercase", c="Lyon", k="France"), {"city": "LYON", "country": "FRANCE"}),
    pair("prose/upper-to-lower", UPPER.format(rule=", values in uppercase", c="Lyon", k="France"),
         {"city": "LYON", "country": "FRANCE"}, UPPER.format(rule=", values in lowercase", c="Lyon", k="France"),
         {"city": "lyon", "country": "france"}),
    pair("prose/integer-to-ten", ROUNDED.format(to="to the nearest integer", p="12.4"), {"item": "Mug", "price": 12},
         ROUNDED.format(to="to the nearest ten", p="12.4"), {"item": "Mug", "price": 10}),
    pair("prose/tenth-to-integer", TENTH.format(to="to one decimal", t="21.46"), {"temp": 21.5, "city": "Oslo"},
         TENTH.format(to="to the nearest integer", t="21.46"), {"temp": 21, "city": "Oslo"}),
    pair("prose/rounding-first-dropped", FIRST.format(to="to the nearest integer", s="87.6"), {"player": "Ida", "score": 88},
         'Return JSON with keys "player" and "score": player "Ida", score 87.6', {"player": "Ida", "score": 87.6}),
    pair("prose/noted-then-converted", NOTED.format(t=20, rule=""), {"city": "Bergen", "temp": 20},
         NOTED.format(t=20, rule=F), {"city": "Bergen", "temp": 68}),
    pair("prose/converted-then-noted", NOTED.format(t=20, rule=F), {"city": "Bergen", "temp": 68},
         NOTED.format(t=20, rule=""), {"city": "Bergen", "temp": 20}),
    pair("prose/months-added", PET.format(a=3, rule=""), {"pet": "Rex", "age": 3},
         PET.format(a=3, rule=MONTHS), {"pet": "Rex", "age": 36}),
    pair("prose/months-dropped", PET.format(a=3, rule=MONTHS), {"pet": "Rex", "age": 36},
         PET.format(a=3, rule=""), {"pet": "Rex", "age": 3}),
]

# Read by nothing the grammar derives whole, or by no exact rule: the model answers.
NO_CLAIM_PROMPTS = [
    'Return JSON with keys "email" and "note" from: "Write to ana@example.com and bo@example.com."',  # two
    'Return JSON with keys "email" and "note" from: "Do not write to ana@example.com."',  # may negate
    'Return JSON with keys "email" and "note" from: "Her old address was ana@example.com."',
    'Extract the date as JSON {"date": "YYYY-MM-DD"} from: "The fair opens on March 3, 2027, not May 4, 2027."',
    'Extract the date as JSON {"date": "YYYY-MM-DD"} from: "The fair opens on February 30, 2027."',  # no such day
    'Extract the date as JSON {"date": "YYYY-MM-DD"} from: "The fair opens on March 3."',  # no year
    'Extract the date as JSON {"date": "YYYY-MM-DD"} from: "The fair opens on March 3, 2027 (3/4/2027)."',
    'Extract the date as JSON {"day": "YYYY-MM-DD"} from: "The fair opens on March 3, 2027."',  # names no key
    ES_TENTH.format(t="18,45"),  # a tie
    'Dammi un JSON con le chiavi "nome" e "metri": Giro, 2 iarde.',  # an undeclared unit (miles: wip/jsonU, served exactly)
    'Return JSON with "duration" for a duration of 2 hours.',  # no key in a unit: 2 or "2 hours"
    'Return JSON with "ratio" giving 45%.',  # 45 or 0.45
    'Return JSON with "minutes" for a duration of 2 seconds.',  # 1/30: no exact decimal
    'Return JSON with "minutes" and "name" for a duration of 2 hours.',  # which key is measured
    'Return JSON with "ratio" giving 45% as a decimal and 12% as a decimal.',
    'Return JSON with keys "name" and "age": Pico, 3 km',  # a unit no key asks for
    'Return JSON with "meters" for a length of 3 yards.',  # an undeclared unit (miles: wip/jsonU, served exactly)
    'Return JSON with keys "name" and "vegan": Liv is a vegetarian.',  # the key is not the word said
    'Return JSON with keys name and vegetarian. Liv is a vegetarian?',  # asked, not stated
    'Return JSON with keys "name" and "vegetarian": Liv is a former vegetarian.',
    'Return JSON with keys "name" and "vegetarian": liv is a vegetarian.',  # no name
    'Return JSON with keys "player" and "rank": Ida scored 87.5',  # a score for no score key
    'Return JSON with keys "item" and "price": Gizmo scored 12',  # a score is no price
    'Could you format this as JSON with keys "origin" and "end"? Train from Porto to Bergen.',
    'Could you format this as JSON with keys "from" and "to"? Train from Porto to New  York.',
    'Return JSON with keys "name" and "age": Alma is 30 years old?',
    'JSON with keys "name" and "is_adult": Alice, 30.',  # a key of no declared kind
    'JSON with keys "status" and "price": Active, 30',
    'JSON with keys "name" and "age": Alice, 30, 40.',  # more values than keys
    'Return a JSON object with keys "name", "age" and "city" for: Alice, 30.',  # fewer
    'JSON with keys "age" and "name": Alice, 30.',  # each value of another kind than its key
    'JSON with keys "name" and "age": Alice, 30.5 years.',  # an age in whole years only
    'JSON with keys "name" and "price": Alice, 30 years.',  # years are no price
    'JSON with keys "name" and "price": alice, 30.',  # a lowercase word is no name
    'Return a JSON object with keys "population" and "city" for: 545000, lisbon.',
    'JSON with keys "name" and "price": Alice, 30 km.',  # a unit
    'Return a JSON object with keys "population" and "city" for: 8300000, New  York.',  # two spaces: not one name read whole
    # two values of one kind: only their order binds them, and a reader may mean either (red team round 9, W13)
    'Return JSON with keys "country" and "city" for: Paris, France.',
    'Return a JSON object with keys "name" and "city" for: Ines, Lisbon.',
    'Return JSON with keys "city" and "name" for: Alice, Paris.',
    'Return JSON with keys "name", "city" and "country" for: Ana, Lima, Peru.',
    'Devuelve JSON con las claves "país" y "ciudad" para: París, Francia.',
    'Return JSON with keys "price" and "quantity" for: 5, 30.',
    'Return JSON with keys pet and weight: pet "Rex", weight 3. Give the weight in months.',  # no unit, no age
    'Return a JSON object with keys "city" and "temp": city "Bergen", temp 20 Celsius.',  # a unit, not a note
    'Return a JSON object with keys "route" and "length": route "B7", length 5 km.',
    'Gib JSON mit den Schlüsseln "Preis" und "preis" zurück: "Preis": 12, "preis": 64. Runde den PREIS auf den nächsten Zehner.',
    'Return a JSON object with keys "city" and "temp": city "Bergen", temp 20 (Celsius). Convert temp to kelvin.',
]

ALL = BENIGN + TRAPS


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in ALL]


def test_every_answer_is_exactly_right(outcomes: list[Outcome]) -> None:
    assert [(o.pair.cls, o.result.outcome, o.result.text) for o in outcomes if not o.correct] == []


def test_a_changed_value_is_served_without_a_model_call_and_proven(outcomes: list[Outcome]) -> None:
    slow = [(o.pair.cls, o.result.outcome) for o in outcomes if o.pair.benign and o.result.model_calls]
    assert slow == [] and all(o.result.verification == "proven" for o in outcomes if o.pair.benign)


def test_a_changed_unit_or_transform_never_serves_the_old_object(outcomes: list[Outcome]) -> None:
    traps = [o for o in outcomes if not o.pair.benign]
    assert traps and [o.pair.cls for o in traps if o.result.outcome == "reuse" or not o.correct] == []


@pytest.mark.parametrize("prompt", NO_CLAIM_PROMPTS)
def test_what_no_rule_reads_exactly_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


def test_a_person_is_aged_only_beside_an_age_key() -> None:
    """"Grete is 47" beside "name" and "score" states neither: no listed key gets 47."""
    read = read_request('Return JSON with "name" and "score": Grete is 47.')
    assert read is None or not set(read.statements) & {"name", "score"}


@pytest.mark.parametrize("prompt, key, value", [
    (MAIL.format(e="ana@example.com"), "email", "ana@example.com"),
    (DATED.format(d="2024-03-15"), "date", "2024-03-15"),
    (DATE.format(d="March 3, 2027"), "date", "2027-03-03"),
])
def test_a_typed_key_is_extracted_and_no_other(prompt: str, key: str, value: str) -> None:
    """Only the typed key is stated from the passage; the others are the model's to write."""
    read = read_request(prompt)
    assert read is not None and read.statements[key].value == value and set(read.statements) == {key}


def test_a_date_without_a_declared_format_is_not_extracted() -> None:
    read = read_request('Extract "date" as JSON from: "The fair opens on March 3, 2027."')
    assert read is None or "date" not in read.statements


def test_the_near_misses_are_read_without_the_rule_that_fails() -> None:
    """The no-claim prompts decline for the reason they test: without it they are read."""
    assert read_request('Gib JSON mit den Schlüsseln "Preis" und "preis" zurück: "Preis": 12, "preis": 64.') is not None
    assert read_request('Return JSON with keys pet and weight: pet "Rex", weight 3.') is not None
    assert read_request('JSON with keys "name" and "price": Alice, 30.') is not None
    assert read_request('JSON with keys "name" and "age": Alice, 30 years.') is not None
    assert read_request('Return a JSON object with keys "population" and "city" for: 8300000, New York.') is not None
    assert read_request('Return JSON with keys "name" and "vegetarian": Liv is a vegetarian.') is not None
    assert read_request('Return JSON with keys name and vegetarian. Liv is a vegetarian.') is not None
    assert read_request('Return JSON with keys "player" and "score": Ida scored 87.5') is not None
    assert read_request('Could you format this as JSON with keys "from" and "to"? Train from Porto to New York.') is not None
