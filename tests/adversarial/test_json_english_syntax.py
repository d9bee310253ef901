"""English JSON requests that state values in everyday statement syntaxes (issue 33, items 1 and 4;
wip/jsonA): capitalised labels naming a listed key ("Name: Priya"), a bare name or a lowercase word
after a listed key and a space ("name Bob", "user alice"), "key=value" runs without commas, "where
host is localhost and port is 8080", "for:" / "for ->" / "from" before the values, a system line
that sets the format, greetings and thanks around the request, and placeholder shapes
('{"title": ..., "year": ...}') as the key list. Phrasings are our own.

Every pair runs through a real StepCache with the oracle model (tests/adversarial/harness.py); the
judge is exact (the same keys, values and JSON types), so an extra, renamed or retyped key fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Outcome, claimed, exact_json_pair as pair, not_served_proven, run_pair, wrong_answers

Obj = dict[str, Any]


# (class, template with {a} and {b}, old values, new values): the values' keys are the keys asked.
SHAPES: list[tuple[str, str, Obj, Obj]] = [
    ("capitalised-labels", 'Return a JSON object with keys "title" and "pages". Title: {a}, Pages: {b}',
     {"title": "Emma", "pages": 474}, {"title": "Emma", "pages": 512}),
    ("upper-labels", 'Give me JSON with keys "team" and "wins". TEAM: {a}, WINS: {b}',
     {"team": "Hawks", "wins": 12}, {"team": "Bulls", "wins": 12}),
    ("for-colon-spaced", 'Give me a JSON object with "band" and "year" for: band {a}, year {b}.',
     {"band": "Queen", "year": 1970}, {"band": "Blur", "year": 1970}),
    ("for-arrow-labels", 'Output JSON (keys "port", "river") for -> port: {a}, river: {b}',
     {"port": "Hamburg", "river": "Elbe"}, {"port": "Rotterdam", "river": "Maas"}),
    ("keys-of-another-language", 'Return JSON with "ciudad" and "habitantes": ciudad {a}, habitantes {b}',
     {"ciudad": "Quito", "habitantes": 2800000}, {"ciudad": "Quito", "habitantes": 2900000}),
    ("lowercase-and-boolean", 'JSON with "login" and "admin": login {a}, admin {b}',
     {"login": "mreyes", "admin": True}, {"login": "mreyes", "admin": False}),
    ("equals-from", "Make a JSON object from: part={a}, stock={b}", {"part": "XR-7", "stock": 14},
     {"part": "XR-9", "stock": 14}),
    ("equals-no-commas", "json: width={a} height={b}", {"width": 640, "height": 480}, {"width": 800, "height": 480}),
    ("quoted-equals-from", 'Make a JSON object from "code"={a}, "count"={b}', {"code": "Z-12", "count": 9},
     {"code": "Z-12", "count": 11}),
    ("for-colon-spaced-equals", "Give me JSON for: lake = {a}, depth = {b}", {"lake": "Tahoe", "depth": 501},
     {"lake": "Geneva", "depth": 310}),
    # a bare lowercase word after "is" ("where queue is emails") is no claim since red team 26 ("where the country
    # is implied"): quoted, or in a "key: value" run, it is data
    ("where-is-lowercase-quoted", 'Produce a JSON object with keys "queue" and "workers" where queue is "{a}" and workers is {b}.',
     {"queue": "emails", "workers": 4}, {"queue": "reports", "workers": 4}),
    ("lowercase-colon-run", 'Produce a JSON object with keys "queue" and "workers": queue: {a}, workers: {b}.',
     {"queue": "emails", "workers": 4}, {"queue": "reports", "workers": 4}),
    ("where-is-dotted", 'Produce a JSON object with keys "domain" and "ttl" where domain is {a} and ttl is {b}.',
     {"domain": "api.example", "ttl": 300}, {"domain": "cdn.example", "ttl": 300}),
    ("system-line-keys", 'System: Reply with JSON only, keys "model" and "year".\nUser: model={a}, year={b}',
     {"model": "Corolla", "year": 2019}, {"model": "Corolla", "year": 2021}),
    ("system-line-object", 'System: Respond only with JSON.\nUser: Build an object with "player" and "goals": '
     "player is {a}, goals is {b}", {"player": "Okafor", "goals": 7}, {"player": "Okafor", "goals": 9}),
    ("polite-quoted-is", 'Hey, could you put this in JSON for me? "handle" is {a} and "posts" is {b}. Thanks!',
     {"handle": "rtan", "posts": 310}, {"handle": "rtan", "posts": 355}),
    ("placeholder-shape", 'Return JSON shaped {{"artist": ..., "albums": ...}}: artist {a}, albums {b}',
     {"artist": "Adele", "albums": 4}, {"artist": "Adele", "albums": 5}),
    ("parenthesised-values", 'JSON please, keys "film" and "minutes": (film {a}, minutes {b})',
     {"film": "Heat", "minutes": 170}, {"film": "Heat", "minutes": 171}),
    ("named-by", 'Output JSON with "dish" and "price": the dish name is {a} and the price is {b}.',
     {"dish": "Paella", "price": 18}, {"dish": "Risotto", "price": 18}),
    ("placeholder-lowercase", 'Give JSON {{"fruit": ..., "kilos": ...}}: fruit {a}, kilos {b}',
     {"fruit": "mango", "kilos": 3}, {"fruit": "papaya", "kilos": 3}),
]


def _literal(value: Any, template: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and '"code"=' in template:
        return f'"{value}"'
    return str(value)


def _fill(template: str, values: Obj) -> str:
    a, b = (_literal(v, template) for v in values.values())
    return template.format(a=a, b=b)


SERVED = [pair(f"json-en-syntax/{cls}", _fill(t, old), old, _fill(t, new), new, benign=True) for cls, t, old, new in SHAPES]

# the cached request states its host as data (quoted): a bare lowercase word after "is" is no claim (red team 26)
HOST = 'Produce a JSON object with keys "host" and "port" where host is "localhost" and port is 8080.'
HOST_OBJ = {"host": "localhost", "port": 8080}
USER = 'JSON with "user" and "active": user alice, active true'
USER_OBJ = {"user": "alice", "active": True}
FOR = 'Give me a JSON object with "name", "city" and "age" for: name Bob, city Denver, age 42.'
FOR_OBJ = {"name": "Bob", "city": "Denver", "age": 42}
EQ = "json: temp=21 unit=C"
EQ_OBJ = {"temp": 21, "unit": "C"}
# Never served from a reading: the model answers, and nothing is proven beyond what is stated.
NO_CLAIM = [
    # red team 26: a bare lowercase word after "is" in a sentence may describe the value rather than state it
    pair("json-en-syntax/where-is-lowercase", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is implied and port is 8080.', {"host": "implied", "port": 8080}),
    pair("json-en-syntax/where-is-lowercase-word", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is localhost and port is 8080.', {"host": "localhost", "port": 8080}),
    # a negation, an alternative, a question, a description, a number in words
    pair("json-en-syntax/negated", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is not localhost and port is 8080.',
         {"host": "remote", "port": 8080}),
    pair("json-en-syntax/alternative", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is localhost or remote and port is 8080.',
         {"host": "localhost", "port": 8080}),
    pair("json-en-syntax/asked-about", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is localhost and port is 8080?', HOST_OBJ),
    pair("json-en-syntax/description", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is lowercase and port is 8080.',
         {"host": "localhost", "port": 8080}),
    pair("json-en-syntax/description-capitalised", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is capitalised and port is 8080.',
         {"host": "Localhost", "port": 8080}),
    pair("json-en-syntax/number-in-words", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is localhost and port is eighty.',
         {"host": "localhost", "port": 80}),
    pair("json-en-syntax/hyphenated-number-word", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "port" where host is localhost and port is forty-two.',
         {"host": "localhost", "port": 42}),
    # the same for a key no table calls a number (W29's rule for number keys does not apply: the number word's own does)
    pair("json-en-syntax/hyphenated-number-word-any-key", HOST, HOST_OBJ,
         'Produce a JSON object with keys "host" and "label" where host is localhost and label is forty-two.',
         {"host": "localhost", "label": "42"}),
    # a lowercase word for part of the key list only, a second entity, an unlisted key after a space
    pair("json-en-syntax/lowercase-part-of-list", USER, USER_OBJ, 'JSON with "user" and "active": user alice',
         {"user": "alice", "active": True}),
    pair("json-en-syntax/second-entity", USER, USER_OBJ, 'JSON with "user" and "active": user alice, active true, user bob',
         {"user": "bob", "active": True}),
    pair("json-en-syntax/unlisted-spaced-key", USER, USER_OBJ,
         'JSON with "user" and "active": user alice, active true, admin false', {"user": "alice", "active": True}),
    pair("json-en-syntax/two-words", USER, USER_OBJ, 'JSON with "user" and "active": user alice bob, active true',
         {"user": "alice bob", "active": True}),
    pair("json-en-syntax/yes-is-no-boolean", USER, USER_OBJ, 'JSON with "user" and "active": user alice, active yes',
         {"user": "alice", "active": True}),
    # a key swapped to one the list does not hold
    pair("json-en-syntax/key-swapped", FOR, FOR_OBJ,
         'Give me a JSON object with "name", "city" and "age" for: name Bob, town Denver, age 42.',
         {"name": "Bob", "city": "Denver", "age": 42}),
    # "=" runs: a space-separated statement in the run, a key twice, a word left over
    pair("json-en-syntax/run-without-equals", EQ, EQ_OBJ, "json: temp 21 unit=C", EQ_OBJ),
    pair("json-en-syntax/run-key-twice", EQ, EQ_OBJ, "json: temp=21 temp=22", {"temp": 22}),
    pair("json-en-syntax/run-word-left-over", EQ, EQ_OBJ, "json: temp=21 unit=C extra", EQ_OBJ),
    # a shape whose key is not stated (a nested shape is served since wip/jsonN: test_json_nested_jsonN.py)
    pair("json-en-syntax/shape-unstated-key", 'Give JSON {"fruit": ..., "kilos": ...}: fruit mango, kilos 3',
         {"fruit": "mango", "kilos": 3}, 'Give JSON {"fruit": ..., "kilos": ...}: fruit mango', {"fruit": "mango", "kilos": 1}),
    # "the dish price is ...": only a name word says a listed key's value; "name" a key of its own
    pair("json-en-syntax/named-by-other-word", 'Output JSON with "dish" and "price": the dish name is Paella and the price is 18.',
         {"dish": "Paella", "price": 18}, 'Output JSON with "dish" and "price": the dish price is Paella and the price is 18.',
         {"dish": "Paella", "price": 18}),
    pair("json-en-syntax/named-by-name-listed", 'Output JSON with "dish" and "price": the dish name is Paella and the price is 18.',
         {"dish": "Paella", "price": 18},
         'Output JSON with "dish" and "name": the dish name is Paella and the name is Bob.', {"dish": "Paella", "name": "Bob"}),
    # the system line asks for a list, not one object
    pair("json-en-syntax/system-list", 'System: Respond only with JSON.\nUser: Build an object with "name" and "score": '
         "name is Kenji, score is 88", {"name": "Kenji", "score": 88},
         'System: Respond only with JSON.\nUser: Build a list with "name" and "score": name is Kenji, score is 88',
         {"name": "Kenji", "score": 88}),
]

# A capitalised label and the key as written state two values: that key is the model's (the other
# stated one is kept), and the object is never proven.
UNPROVEN = [
    pair("json-en-syntax/label-twice", 'Return a JSON object with keys "name" and "age". Name: Priya, Age: 29',
         {"name": "Priya", "age": 29}, 'Return a JSON object with keys "name" and "age". Name: Priya, Age: 29, age: 30',
         {"name": "Priya", "age": 30}),
]

ALL = SERVED + NO_CLAIM + UNPROVEN


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in ALL]


def test_every_answer_is_exactly_the_stated_object(outcomes: list[Outcome]) -> None:
    assert wrong_answers(outcomes) == []


def test_a_changed_value_is_served_without_a_model_call_and_proven(outcomes: list[Outcome]) -> None:
    served = [o for o in outcomes if o.pair in SERVED]
    slow = not_served_proven(served)
    assert len(served) == len(SHAPES) and slow == []


def test_a_negation_a_question_a_description_or_an_unlisted_key_is_no_claim(outcomes: list[Outcome]) -> None:
    assert claimed(outcomes, NO_CLAIM) == []


def test_a_key_stated_two_ways_is_the_models_and_never_proven(outcomes: list[Outcome]) -> None:
    for o in outcomes:
        if o.pair in UNPROVEN:
            assert o.result.model_calls and o.result.verification != "proven", (o.pair.cls, o.result.outcome)


@pytest.mark.parametrize(
    ("prompt", "stated"),
    [
        ('Return a JSON object with keys "name" and "age". Name: Priya, Age: 29', {"name": "Priya", "age": 29}),
        ('Output JSON (keys "city", "country") for -> city: Porto, country: Portugal', {"city": "Porto", "country": "Portugal"}),
        ('Give me a JSON object with "name", "city" and "age" for: name Bob, city Denver, age 42.',
         {"name": "Bob", "city": "Denver", "age": 42}),
        ('Return JSON with "nombre" and "edad": nombre Carla, edad 22', {"nombre": "Carla", "edad": 22}),
        ('JSON with "user" and "active": user alice, active true', {"user": "alice", "active": True}),
        ("Make a JSON object from: sku=AB-100, qty=3", {"sku": "AB-100", "qty": 3}),
        ("json: temp=21 unit=C", {"temp": 21, "unit": "C"}),
        ('Make a JSON object from "sku"="A-100", "qty"=4', {"sku": "A-100", "qty": 4}),
        ("Give me JSON for: city = Denver, population = 715000", {"city": "Denver", "population": 715000}),
        ('Produce a JSON object with keys "host" and "port" where host is db.internal and port is 5432.',
         {"host": "db.internal", "port": 5432}),
        ('System: Respond only with JSON.\nUser: Build an object with "name" and "score": name is Kenji, score is 88',
         {"name": "Kenji", "score": 88}),
        ('Hey, could you put this in JSON for me? "username" is jdoe and "followers" is 1500. Thanks!',
         {"username": "jdoe", "followers": 1500}),
        ('System: Reply with JSON only, keys "name" and "age".\nUser: name=Eve, age=25', {"name": "Eve", "age": 25}),
        ('Return JSON shaped {"name": ..., "age": ...}: name Leo, age 40', {"name": "Leo", "age": 40}),
        ('Return a JSON object with keys "name" and "Age". Name: Priya, age: 29', {"name": "Priya", "Age": 29}),
        ('Output JSON with "product" and "price": the product name is Kettle and the price is 39.',
         {"product": "Kettle", "price": 39}),
        ('JSON please, keys "title" and "year": (title "Dune", year 1965)', {"title": "Dune", "year": 1965}),
    ],
)
def test_the_reader_states_exactly_these_values(prompt: str, stated: Obj) -> None:
    read = read_request(prompt)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == stated
    assert all(type(read.statements[k].value) is type(v) for k, v in stated.items())
    assert list(read.keys) == list(stated)


@pytest.mark.parametrize(
    "prompt",
    [
        'Produce a JSON object with keys "host" and "port" where host is not localhost and port is 8080.',
        'Produce a JSON object with keys "host" and "port" where host is localhost? and port is 8080',
        'Produce a JSON object with keys "host" and "port" where host is unknown and port is 8080.',
        'Produce a JSON object with keys "host" and "port" where host is required and port is 8080.',
        'Return JSON with keys "name" and "age": name positive, age 3',
        'Return JSON with keys "name" and "age": name: lowercase, age: 3',
        'Return JSON with keys "color" and "size": color red, size half',
        'JSON with "user" and "active": user alice',
        "json: temp=21 unit=c extra",
        "json: temp 21 unit=C",
        "Make a JSON object from the list: sku=AB-100, qty=3",
        "Make a JSON object from: sku=string, qty=number",
        'Output JSON (keys "city", "country", "zip") for -> city: porto, country: portugal',
        'Return JSON with keys "status" and "code": status pending approval, code 200',
        'Give JSON {"item": ..., "item": ...}: item lamp',
        # the same in data forms (a sentence's lowercase word is no claim since red team 26 anyway): a partial
        # record, a describing word, a number in words, a shape with a key twice
        'Return JSON with keys "user", "active" and "role": user alice, active true',
        'Return JSON with keys "name", "age" and "city": name: ann, age: 3',
        'Return JSON with keys "host" and "port": host: capitalised, port: 8080',
        'Return JSON with keys "host" and "port".\nhost: capitalised\nport: 8080',
        'Return JSON with keys "host" and "label": host: db, label: forty-two',
        'Convert to JSON: host: db, label: forty-two',
        'Give JSON {"item": ..., "item": ...}:\nitem: lamp',
        'Output JSON with "product" and "price": the product price is Kettle and the price is 39.',
        'Output JSON with "product" and "price": the product color is Red and the price is 39.',
        'Output JSON with "product" and "name": the product name is Kettle and the name is Bob.',
        'Output JSON with "item" and "price": the product name is Kettle and the price is 39.',
        'JSON please, keys "title" and "year": (title "Dune", year 1965',
        # an object asked after a key list: two lists may ask for two objects
        'Return JSON with keys "a" and "b". Build an object with "c" and "d": c is 1, d is 2',
        'Keys: a, b. Return JSON. Build an object with "c" and "d": c is 1, d is 2',
        # an "=" run in a table that declares none (a Cyrillic "С": no English; German read it)
        "json: temp=21 unit=\u0421",
    ],
)
def test_the_reader_states_nothing_it_cannot_tell(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None, read


# wip/jsonV: a bare key list that ends the request sentence is read when the values then state exactly
# its keys in order (pinned above as no claim before wip/jsonV; now served, and exactly)
@pytest.mark.parametrize(
    "old, old_obj, new, new_obj",
    [
        ("System: Reply with JSON only, keys name and age.\nUser: name=Ana, age=31", {"name": "Ana", "age": 31},
         "System: Reply with JSON only, keys name and age.\nUser: name=Eve, age=25", {"name": "Eve", "age": 25}),
    ],
)
def test_a_bare_key_list_with_its_values_is_served_exactly(old: str, old_obj: Obj, new: str, new_obj: Obj) -> None:
    read = read_request(new)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == new_obj and list(read.keys) == list(new_obj)
    outcome = run_pair(pair("jsonV/bare-list", old, old_obj, new, new_obj, benign=True))
    assert outcome.correct and outcome.result.model_calls == 0 and outcome.result.verification == "proven"


def test_a_label_stated_two_ways_is_not_stated() -> None:
    read = read_request('Return a JSON object with keys "name" and "age". Name: Priya, Age: 29. name: Maya')
    assert read is not None and "name" in read.stated_keys and "name" not in read.statements
    assert read.statements["age"].value == 29
