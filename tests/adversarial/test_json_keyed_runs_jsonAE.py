"""wip/jsonAE (issue 33 item 4): JSON reach from the dev sets' glue, generic forms only.

1. More statements after a key word's first ("Give me a JSON object with the key 'city' set to Berlin and 'population'
   set to 3645000", dev set 25; "with a field count set to 12 and a field label set to "widgets"", dev set 21): each
   statement its own key and value, as "with 'city' set to Berlin and 'population' set to 3645000" already reads. A count
   word as the article ("with one key city set to Berlin and population set to 5": one key said, two stated) is no claim.
2. A record's string written as two literals ("{'name': 'O''Brien'}": Python joins them into "OBrien", YAML and SQL
   read "O'Brien") is no claim (it was served "OBrien" proven).
3. A YAML flow mapping of names ("JSON please: {title: Dune, author: Frank Herbert, year: 1965}", dev set 25's form):
   read as YAML reads it, types too, only when no program reads it (a name of several words; "{name: Ana}" stays a
   JavaScript variable, wip/jsonR5), each name capitalised words no table says is no data.

Served pairs are served AND exactly right; every trap costs a model call and nothing is served as proven; prompts
no reader reads keep the model's answer."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import (
    NeverRightModel, assert_json_pair_served_exactly, assert_models_answer_kept, assert_red_team_pair_not_served, exact_json_judge,
)

# -- 1. statements after "the key" / "a field" ----------------------------------------------------------------------
KEYED = [
    ("keyed/set-25", "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000.",
     "Give me a JSON object with the key 'city' set to Madrid and 'population' set to 3223000.",
     {"city": "Madrid", "population": 3223000}),
    ("keyed/field-21", 'Give me a json object with a field count set to 12 and a field label set to "widgets".',
     'Give me a json object with a field count set to 15 and a field label set to "widgets".', {"count": 15, "label": "widgets"}),
    ("keyed/key-each", "Give me a JSON object with the key 'city' set to Berlin and the key 'population' set to 3645000.",
     "Give me a JSON object with the key 'city' set to Lyon and the key 'population' set to 522000.",
     {"city": "Lyon", "population": 522000}),
    ("keyed/comma", "Give me a JSON object with the key 'city' set to Berlin, 'population' set to 3645000.",
     "Give me a JSON object with the key 'city' set to Oslo, 'population' set to 709000.", {"city": "Oslo", "population": 709000}),
    ("keyed/three", "Make a JSON object with the key 'city' set to Berlin, 'population' set to 3645000 and 'active' set to true.",
     "Make a JSON object with the key 'city' set to Hamburg, 'population' set to 1841000 and 'active' set to false.",
     {"city": "Hamburg", "population": 1841000, "active": False}),
    # a key more, a key less, a key renamed, a value's type changed: the new object as stated
    ("keyed/key-more", "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000.",
     "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 and 'country' set to Germany.",
     {"city": "Berlin", "population": 3645000, "country": "Germany"}),
    ("keyed/key-less", "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000.",
     "Give me a JSON object with the key 'city' set to Berlin.", {"city": "Berlin"}),
    ("keyed/renamed", "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000.",
     "Give me a JSON object with the key 'city' set to Berlin and 'inhabitants' set to 3645000.",
     {"city": "Berlin", "inhabitants": 3645000}),
    ("keyed/uppercase-after", "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000.",
     "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000. Uppercase the city.",
     {"city": "BERLIN", "population": 3645000}),
]


@pytest.mark.parametrize("case", KEYED, ids=lambda c: c[0])
def test_keyed_statements_served_exactly(case: tuple[str, str, str, dict[str, Any]]) -> None:
    assert_json_pair_served_exactly(*case, in_order=True)


def test_a_changed_type_gets_the_new_object_exactly() -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate("Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000.", model)
    result = cache.generate("Give me a JSON object with the key 'city' set to Berlin and 'population' set to \"3645000\".", model)
    assert result.verification == "proven" and exact_json_judge({"city": "Berlin", "population": "3645000"})(result.text), result.text


KEYED_BASE = "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000."
KEYED_TRAPS = [
    "Give me a JSON object with one key 'city' set to Berlin and 'population' set to 3645000.",   # one key said, two stated
    "Give me a JSON object with one key city set to Berlin and population set to 3645000.",
    "Give me a JSON object with a single key 'city' set to Berlin and 'population' set to 3645000.",
    "Give me a JSON object with only the key 'city' set to Berlin and 'population' set to 3645000.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' not set to 3645000.",  # a negation
    "Give me a JSON object with the key 'city' set to Berlin and no key 'population'.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 as a string.",  # a type note
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to about 3645000.",  # a hedge
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 or more.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to the population of Berlin.",  # a description
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to its population.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to unknown.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to string.",  # a type word
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 people.",  # a unit
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 in 2020.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000, without the city.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 except the city.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000. Leave out the city.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 and a key 'country'.",  # a key more, no value
    "Give me a JSON object with the key 'city' set to Berlin and a key 'population'.",
    "Give me a JSON object with the key 'city' set to Berlin and the key 'population' set to 3645000 nested under 'stats'.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 rounded to the nearest thousand.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000 and 3700000.",  # two values
    "Give me a JSON object with the key 'city' set to Berlin and 'city' set to Paris.",  # one key twice
    "Give me a JSON object with the key 'city' set to Berlin and the same key set to 3645000.",
    "Give me a JSON object with the key 'city' set to berlin and 'population' set to 3645000.",  # a lowercase word
    "Give me a JSON object with the key 'city' set to capital and 'population' set to 3645000.",
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3.645.000.",
    "Give me a JSON object with the key 'city' set to Berlin and a field 'population' set to 3,645,000.",
    "Give me a YAML object with the key 'city' set to Berlin and 'population' set to 3645000.",  # another format
    "Give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000?",
    "Don't give me a JSON object with the key 'city' set to Berlin and 'population' set to 3645000.",
]


@pytest.mark.parametrize("trap", KEYED_TRAPS)
def test_keyed_traps_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(KEYED_BASE, trap)


@pytest.mark.parametrize("trap", KEYED_TRAPS)
def test_keyed_traps_keep_the_models_answer(trap: str) -> None:
    assert_models_answer_kept(trap)


@pytest.mark.parametrize("prompt", [p for p in KEYED_TRAPS if "YAML" not in p and not p.startswith("Don't")] + [
    "Give me a JSON object with one key 'city' set to Berlin, 'population' set to 3645000.",
])
def test_keyed_traps_read_nothing(prompt: str) -> None:
    assert read_request(prompt) is None


def test_each_keyed_statement_is_read_with_its_own_key() -> None:
    read = read_request("Give me a json object with a field count set to 12 and a field label set to \"widgets\".")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"count": 12, "label": "widgets"}
    assert read.keys == ("count", "label")
    read = read_request("Give me a JSON object with one key 'city' set to Berlin.")  # one key, one statement: as before
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"city": "Berlin"}


# -- 2. a record's string written as two literals -------------------------------------------------------------------
# Found while reading records (wip/jsonAE): Python joins adjacent literals, so "{'name': 'O''Brien'}" was read and served
# proven as "OBrien" (YAML and SQL read a doubled quote as one: "O'Brien"), "'Ana' 'Bob'" as "AnaBob". Two readings: no claim.
JOINED = [
    "Turn this into JSON: {'name': 'O''Brien', 'age': 3}",
    "Turn this into JSON: {'name': 'Ana' 'Bob', 'age': 3}",
    "Turn this into JSON: {'name': \"Ana\" \"Bob\", 'age': 3}",
    "Turn this into JSON: {'name': '''Ana''', 'age': 3}",
    "Turn this into JSON: {'na' 'me': 'Ana', 'age': 3}",
    "Turn this into JSON: {'a': {'b' 'c': 1}}",
    "Turn this into JSON: dict(name='O''Brien', age=3)",
    "Turn this into JSON: {'tags': ('O''Brien', 'x'), 'age': 3}",
]


@pytest.mark.parametrize("prompt", JOINED)
def test_joined_literals_read_nothing(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize("prompt", JOINED)
def test_joined_literals_not_served(prompt: str) -> None:
    assert_red_team_pair_not_served("Turn this into JSON: {'name': 'Ana', 'age': 3}", prompt)


@pytest.mark.parametrize("prompt", JOINED)
def test_joined_literals_keep_the_models_answer(prompt: str) -> None:
    assert_models_answer_kept(prompt)


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Turn this into JSON: {'name': \"O'Brien\", 'age': 3}", {"name": "O'Brien", "age": 3}),  # one literal, another quote inside
    ("Turn this into JSON: {'name': 'Say \"hi\"', 'age': 3}", {"name": 'Say "hi"', "age": 3}),
    ("Turn this into JSON: dict(title='Dune', sequel=None)", {"title": "Dune", "sequel": None}),
    ("Turn this into JSON: {'a': {'bc': 1}}", {"a": {"bc": 1}}),
])
def test_one_literal_still_reads(prompt: str, expected: dict[str, Any]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


# -- 3. a YAML flow mapping of names ----------------------------------------------------------------------------------
FLOWS = [
    ("flow/book", "JSON please: {title: Dune, author: Frank Herbert, year: 1965}",
     "JSON please: {title: Neuromancer, author: William Gibson, year: 1984}",
     {"title": "Neuromancer", "author": "William Gibson", "year": 1984}),
    ("flow/convert", "Convert to JSON: {event: Team Offsite, attendees: 12, remote: false}",
     "Convert to JSON: {event: Board Meeting, attendees: 7, remote: true}", {"event": "Board Meeting", "attendees": 7, "remote": True}),
    ("flow/city", "Convert to JSON: {city: New York, population: 8336817}", "Convert to JSON: {city: San Diego, population: 1386932}",
     {"city": "San Diego", "population": 1386932}),
    ("flow/nested", "Convert to JSON: {title: Dune, author: {first: Frank, last: Herbert}, city: New York}",
     "Convert to JSON: {title: Emma, author: {first: Jane, last: Austen}, city: New York}",
     {"title": "Emma", "author": {"first": "Jane", "last": "Austen"}, "city": "New York"}),
    ("flow/list", "Convert to JSON: {title: Dune, tags: [Science Fiction, Classic]}",
     "Convert to JSON: {title: Emma, tags: [Romance Novel, Classic]}", {"title": "Emma", "tags": ["Romance Novel", "Classic"]}),
    ("flow/key-more", "JSON please: {title: Dune, author: Frank Herbert, year: 1965}",
     "JSON please: {title: Dune, author: Frank Herbert, year: 1965, pages: 412}",
     {"title": "Dune", "author": "Frank Herbert", "year": 1965, "pages": 412}),
    ("flow/decimal", "JSON please: {title: Dune, author: Frank Herbert, price: 9.5}",
     "JSON please: {title: Emma, author: Jane Austen, price: 7.25}", {"title": "Emma", "author": "Jane Austen", "price": 7.25}),
    ("flow/uppercase-after", "Convert to JSON: {name: Frank Herbert, age: 30}",
     "Convert to JSON: {name: Frank Herbert, age: 30}. Uppercase the name.", {"name": "FRANK HERBERT", "age": 30}),
]


@pytest.mark.parametrize("case", FLOWS, ids=lambda c: c[0])
def test_flow_mappings_served_exactly(case: tuple[str, str, str, dict[str, Any]]) -> None:
    assert_json_pair_served_exactly(*case, in_order=True)


FLOW_BASE = "JSON please: {title: Dune, author: Frank Herbert, year: 1965}"
FLOW_TRAPS = [
    "JSON please: {title: Dune, author: Frank Herbert or Brian Herbert, year: 1965}",  # two values
    "JSON please: {title: Dune, author: Not Frank Herbert, year: 1965}",  # a negation
    "JSON please: {title: Dune, author: frank herbert, year: 1965}",  # lowercase words may describe
    "JSON please: {title: Dune, author: the author of Dune, year: 1965}",  # a description
    "JSON please: {title: Book Title, author: Frank Herbert, year: 1965}",  # a slot described with its own key
    "JSON please: {title: Title, author: Author Name, year: Year}",
    "JSON please: {title: String, author: Frank Herbert, year: Number}",  # types: a schema
    "JSON please: {title: Dune, author: Frank Herbert, year: Integer}",
    "JSON please: {title: Dune, author: Frank Herbert, year: Unknown}",
    "JSON please: {title: Dune, author: Frank Herbert, year: TBD}",
    "JSON please: {title: Dune, author: Frank Herbert, year: N}",  # a slot's letter
    "JSON please: {title: Example, author: Frank Herbert, year: 1965}",
    "JSON please: {title: Example Book, author: Frank Herbert, year: 1965}",  # a slot word inside a name (the whole value
    # alone is no value anywhere since main's _names_no_value; inside a name only the flow-name rule decides)
    "JSON please: {title: Dune, author: Frank Herbert, year: Nineteen Sixty-Five}",  # a number in words
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965 or 1966}",
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965 AD}",
    "JSON please: {title: Dune, author: Frank Herbert, year: 01965}",  # YAML 1.1 octal or a string?
    "JSON please: {title: Dune, author: Frank Herbert, year: 1_965}",
    "JSON please: {title: Dune, author: Frank Herbert, published: 1965-08-01}",  # YAML's date
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, classic: yes}",  # YAML 1.1's true
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, classic: Yes}",
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, classic: True}",  # Python's True
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, classic: On}",
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, classic: Off}",  # YAML 1.1's false: no table's word
    "JSON please: {title: 'O''Brien', author: Frank Herbert, year: 1965}",  # a doubled quote
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, sequel: ~}",  # YAML's null
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, sequel: None}",
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, sequel: }",
    "JSON please: {title: Dune, author: Frank Herbert, price: 9.50}",  # no double is "9.50" as written
    "JSON please: {title: Dune, author: Frank Herbert, time: 12:30}",  # YAML 1.1's 750
    "JSON please: {title: Dune, author: Frank Herbert, year: !!str 1965}",  # a tag
    "JSON please: {title: &t Dune, author: Frank Herbert, name: *t}",  # an anchor and alias
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965 # or 1966}",  # a comment
    "JSON please: {title: Dune, year: 1965 # or 1966\n, author: Frank Herbert}",  # a comment YAML drops, a line break
    "JSON please: {title: Dune, author: Frank Herbert, title: Emma}",  # a key twice
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965",  # never closed
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965}, without the year",
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965}, year as a string",
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965} and add the publisher",
    "Fill in this JSON: {title: Dune, author: Frank Herbert, year: 1965}",
    "Return JSON shaped like {title: Dune, author: Frank Herbert, year: 1965} for Emma by Jane Austen.",
    "YAML please: {title: Dune, author: Frank Herbert, year: 1965}",  # another format
    "No JSON please: {title: Dune, author: Frank Herbert, year: 1965}",
    "JSON please: {'title': Dune, 'author': Frank Herbert, 'year': 1965 + 1}",
    "JSON please: {title: 'Du' 'ne', author: Frank Herbert, year: 1965}",
    "JSON please: {title: Dune, author: Frank Herbert, year: 1965, note: Dune\\n2}",  # an escape
]


@pytest.mark.parametrize("trap", FLOW_TRAPS)
def test_flow_traps_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(FLOW_BASE, trap)


@pytest.mark.parametrize("trap", FLOW_TRAPS)
def test_flow_traps_keep_the_models_answer(trap: str) -> None:
    assert_models_answer_kept(trap)


@pytest.mark.parametrize("prompt", [p for p in FLOW_TRAPS if not p.startswith(("YAML", "No JSON"))] + [
    "JSON please: {title: Dune, year: 1965}",  # a program's literal: Dune a variable (wip/jsonR5)
    "JSON please: {sku: WH-03, qty: 2}",  # JavaScript's WH - 03: no name of several words
    "Convert to JSON: {city: New York, country: USA}",  # "USA": capitals alone
])
def test_flow_traps_read_nothing(prompt: str) -> None:
    assert read_request(prompt) is None


def test_a_flow_mapping_is_read_as_yaml_reads_it() -> None:
    read = read_request("Convert to JSON: {title: Dune, author: {first: Frank, last: Herbert}, tags: [Science Fiction], n: -3}")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {
        "title": "Dune", "author": {"first": "Frank", "last": "Herbert"}, "tags": ["Science Fiction"], "n": -3}
    assert not read.statements["title"].quoted and type(read.statements["title"].value) is str  # written without quotes
