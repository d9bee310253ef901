"""wip/jsonAD (issue 33 item 4): JSON reach from the dev sets' causes (set 24 and earlier), generic data forms only.

1. k=v statements joined by a space alone, a bare or lowercase value before the next ``key=`` ("product=lamp qty=5
   color=red", "sensor=T-9 temp=-2.5 humidity=80", "host=db2.internal port=6432 user=app ssl=true"; dev sets 21, 22,
   24): the next statement's key, written with "=", ends the value (a value of several words stays no claim: wip/fuzzO).
   Runs are read in the tables that declare "equals_runs" (English), as before.
2. A short request first ("json pls.", "JSON please.", "JSON only, no prose."), then a sentence of statements (dev sets
   21, 24): read as "Give me JSON. name=Ana" is; "JSON please." alone or before a key list alone frames nothing.
3. JSON's null written after "=" ("middle_name=null", "sequel = null"; dev sets 22, 23): "=" writes data, so the
   statement states null in any request; after ":" or a space, or in a record, null may mark a blank and stays no
   claim without a conversion (wip/jsonR6, wip/jsonT3); "NULL", "Null", '"null"' are no null; zh/ja "=null" stays
   no claim.

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

# -- 1. k=v runs joined by a space -------------------------------------------------------------------------------
RUNS = [
    ("run/lowercase", "JSON only, no prose. product=lamp qty=3 color=red", "JSON only, no prose. product=lamp qty=5 color=blue",
     {"product": "lamp", "qty": 5, "color": "blue"}),
    ("run/bare-negative", "json pls. sensor=T-3 temp=21.4 humidity=55", "json pls. sensor=T-9 temp=-2.5 humidity=80",
     {"sensor": "T-9", "temp": -2.5, "humidity": 80}),
    ("run/dotted", "json: host=db.internal port=5432 user=app ssl=true", "json: host=db2.internal port=6432 user=web ssl=false",
     {"host": "db2.internal", "port": 6432, "user": "web", "ssl": False}),
    ("run/colon", "Give me JSON: name=Ana role=admin", "Give me JSON: name=Bob role=editor", {"name": "Bob", "role": "editor"}),
    ("run/mixed-commas", "JSON: sku=AB-1 qty=2, color=red", "JSON: sku=CD-7 qty=9, color=green",
     {"sku": "CD-7", "qty": 9, "color": "green"}),
    # another key, a key more, a key less: the new object as stated, never the cached one
    ("run/other-key", "json: product=lamp qty=3 color=red", "json: product=lamp qty=3 colour=red",
     {"product": "lamp", "qty": 3, "colour": "red"}),
    ("run/key-more", "json: product=lamp qty=3 color=red", "json: product=lamp qty=3 color=red size=XL",
     {"product": "lamp", "qty": 3, "color": "red", "size": "XL"}),
    ("run/key-less", "json: product=lamp qty=3 color=red", "json: product=lamp qty=3", {"product": "lamp", "qty": 3}),
]


@pytest.mark.parametrize("case", RUNS, ids=lambda c: c[0])
def test_runs_served_exactly(case: tuple[str, str, str, dict[str, Any]]) -> None:
    assert_json_pair_served_exactly(*case, in_order=True)


RUN_BASE = "json: product=lamp qty=3 color=red"
RUN_TRAPS = [
    "json: product=lamp qty=3 color=red please",            # a word after the last value
    "json: product=desk lamp qty=3 color=red",              # two words: which is the value?
    "json: product=Desk Lamp qty=3 color=red",              # two capitalised words: one token unless quoted (wip/fuzzO)
    "json: product=lamp x2 qty=3 color=red",                # a word after a value
    "json: product=lamp twice qty=3 color=red",
    "json: product=lamp qty=3 each color=red",
    "json: product=lamp qty=3 color=extra red",
    "json: product=lamp qty=3 color=red, without the qty",  # a key dropped
    "yaml: product=lamp qty=3 color=red",                   # another format
    "json: product=lamp qty=3 color==red",                  # "==" is no statement
    "json: product=lamp qty=3 kg color=red",                # a unit
    "json: product=lamp qty=3 color=string",                # a type word
    "json: product=lamp qty=about 3 color=red",             # a hedge
    "json: product=lamp qty=3 color=red or blue",
    "json: product=lamp qty=three color=red",
    "json: product=lamp, qty=3 color=red (qty as a string)",  # a type note the value is not of
    "Konvertiere in JSON: produkt=lampe menge=3 farbe=rot",  # no table but English declares runs
    "Convierte a JSON: producto=lámpara cantidad=3 color=rojo",
]


@pytest.mark.parametrize("trap", RUN_TRAPS)
def test_run_traps_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(RUN_BASE, trap)


@pytest.mark.parametrize("trap", RUN_TRAPS)
def test_run_traps_keep_the_models_answer(trap: str) -> None:
    assert_models_answer_kept(trap)


def test_a_run_value_ends_before_the_next_key() -> None:
    read = read_request("json: sensor=T-9 temp=-2.5 humidity=80")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"sensor": "T-9", "temp": -2.5, "humidity": 80}
    read = read_request("JSON: product=lamp qty=5 color=red")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"product": "lamp", "qty": 5, "color": "red"}


@pytest.mark.parametrize("prompt", [
    "json: product=lamp qty=3 color=red please",
    "json: city=Nice size=extra Large",                       # wip/fuzzO's run without marks stays no claim
    "Convert this to JSON: city=Nice population=Five Hundred Thousand",
    "Convertis ça en JSON : titre=Le Petit Prince annee=1943",
    "json: sku=AB x2 qty=3",
    "json: sku=AB qty=3 x2",
    "json: a=1 b==2",
])
def test_what_stays_unread_in_runs(prompt: str) -> None:
    assert read_request(prompt) is None


# -- 2. a short request first, then the statements ----------------------------------------------------------------
SHORT = [
    ("short/please", "JSON please. name=Ana, age=30", "JSON please. name=Bob, age=41", {"name": "Bob", "age": 41}),
    ("short/pls", "json pls. city=Lyon, population=516000", "json pls. city=Nice, population=342000",
     {"city": "Nice", "population": 342000}),
    ("short/nothing", "JSON only, no prose. title: Dune; year: 1965", "JSON only, no prose. title: Emma; year: 1815",
     {"title": "Emma", "year": 1815}),
    ("short/no-explanation", "JSON only, no explanation. sku=A-1, qty=2", "JSON only, no explanation. sku=B-2, qty=7",
     {"sku": "B-2", "qty": 7}),
    # a key more, a value changed, a key less, a declared transform after: the new object as stated
    ("short/key-more", "JSON please. name=Ana, age=30", "JSON please. name=Ana, age=30, email=ana@x.io",
     {"name": "Ana", "age": 30, "email": "ana@x.io"}),
    ("short/value", "JSON please. name=Ana, age=30", "JSON please. name=Ana, age=31", {"name": "Ana", "age": 31}),
    ("short/key-less", "JSON please. name=Ana, age=30", "JSON please. name=Ana", {"name": "Ana"}),
    ("short/uppercase", "JSON please. name=Ana, age=30", "JSON please. name=Ana, age=30. Uppercase the name.",
     {"name": "ANA", "age": 30}),
]


@pytest.mark.parametrize("case", SHORT, ids=lambda c: c[0])
def test_short_request_then_statements_served_exactly(case: tuple[str, str, str, dict[str, Any]]) -> None:
    assert_json_pair_served_exactly(*case, in_order=True)


SHORT_BASE = "JSON please. name=Ana, age=30"
SHORT_TRAPS = [
    "YAML please. name=Ana, age=30",                       # another format
    "XML please. name=Ana, age=30",
    "JSON please. name=Ana, age=30. Add a key email.",     # a key more, said after
    "JSON please. name=Ana, age=30. Age as a string.",     # a type said after
    "JSON please. name=Ana, age=30. Only the name.",
    "JSON please, without the age. name=Ana, age=30",
    "No JSON please. name=Ana, age=30",
    "JSON please. name=Ana, age=30 kg",                    # a unit no age is in
    "JSON please. Keys: name, age.",                       # a key list alone states nothing
    "JSON please.",
    "JSON only, no prose.",
    "JSON array please. name=Ana, age=30",
    "JSON please. name=Ana, age=30?",                      # a value asked about
    "JSON please. What is name=Ana, age=30?",
]


@pytest.mark.parametrize("trap", SHORT_TRAPS)
def test_short_request_traps_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(SHORT_BASE, trap)


@pytest.mark.parametrize("trap", SHORT_TRAPS)
def test_short_request_traps_keep_the_models_answer(trap: str) -> None:
    assert_models_answer_kept(trap)


@pytest.mark.parametrize("prompt", ["JSON please.", "JSON please. Keys: name, age.", "JSON only, no prose.", "JSON only. product=lamp"])
def test_a_short_request_alone_frames_nothing(prompt: str) -> None:
    assert read_request(prompt) is None


# -- 3. null written after "=" -----------------------------------------------------------------------------------
NULLS = [
    ("null/kept", "JSON: first_name=Lee, middle_name=null, last_name=Park", "JSON: first_name=Ana, middle_name=null, last_name=Silva",
     {"first_name": "Ana", "middle_name": None, "last_name": "Silva"}),
    ("null/spaced", 'Create a JSON object: title = "Dune", author = "Frank Herbert", year = 1965, sequel = null',
     'Create a JSON object: title = "Dune Messiah", author = "Frank Herbert", year = 1969, sequel = null',
     {"title": "Dune Messiah", "author": "Frank Herbert", "year": 1969, "sequel": None}),
    ("null/es", "Genera un JSON con nombre=Ana, apodo=null", "Genera un JSON con nombre=Luis, apodo=null",
     {"nombre": "Luis", "apodo": None}),
    ("null/de", "Erstelle ein JSON-Objekt: vorname=Lea, zweitname=null", "Erstelle ein JSON-Objekt: vorname=Jonas, zweitname=null",
     {"vorname": "Jonas", "zweitname": None}),
    ("null/ru", "Сделай JSON: имя=Ольга, отчество=null", "Сделай JSON: имя=Игорь, отчество=null", {"имя": "Игорь", "отчество": None}),
    ("null/keys", "JSON with keys a and b: a=null, b=2", "JSON with keys a and b: a=null, b=5", {"a": None, "b": 5}),
]


@pytest.mark.parametrize("case", NULLS, ids=lambda c: c[0])
def test_null_after_equals_served_exactly(case: tuple[str, str, str, dict[str, Any]]) -> None:
    assert_json_pair_served_exactly(*case, in_order=True)


# a value's JSON type changed (a string for null, null for a string, the string "null"), another key null, a second
# null: never the cached object; the answer is the new object exactly, whatever the path (a patch costs a model call)
TYPE_CHANGES = [
    ("JSON: first_name=Lee, middle_name=Jo, last_name=Park", "JSON: first_name=Lee, middle_name=null, last_name=Park",
     {"first_name": "Lee", "middle_name": None, "last_name": "Park"}),
    ("JSON: first_name=Lee, middle_name=null, last_name=Park", "JSON: first_name=Lee, middle_name=Jo, last_name=Park",
     {"first_name": "Lee", "middle_name": "Jo", "last_name": "Park"}),
    ("JSON: first_name=Lee, middle_name=null, last_name=Park", 'JSON: first_name=Lee, middle_name="null", last_name=Park',
     {"first_name": "Lee", "middle_name": "null", "last_name": "Park"}),
    ("JSON: first_name=Ana, middle_name=null, last_name=Silva", "JSON: first_name=Ana, middle_names=null, last_name=Silva",
     {"first_name": "Ana", "middle_names": None, "last_name": "Silva"}),
    ("JSON: first_name=Ana, middle_name=null, last_name=Silva", "JSON: first_name=Ana, middle_name=null, last_name=null",
     {"first_name": "Ana", "middle_name": None, "last_name": None}),
    ("JSON: first_name=Ana, middle_name=null, last_name=Silva", "JSON: first_name=Ana, middle_name=null, last_name=0",
     {"first_name": "Ana", "middle_name": None, "last_name": 0}),
]


@pytest.mark.parametrize(("first", "second", "expected"), TYPE_CHANGES)
def test_a_changed_type_gets_the_new_object_exactly(first: str, second: str, expected: dict[str, Any]) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    result = cache.generate(second, model)
    assert result.verification == "proven" and exact_json_judge(expected)(result.text), (second, result.outcome, result.text)


NULL_BASE = "JSON: first_name=Ana, middle_name=null, last_name=Silva"
NULL_TRAPS = [
    "JSON: first_name=Ana, middle_name=NULL, last_name=Silva",          # not JSON's spelling
    "JSON: first_name=Ana, middle_name=Null, last_name=Silva",
    "JSON: first_name=Ana, middle_name=None, last_name=Silva",
    "JSON: first_name=Ana, middle_name=nil, last_name=Silva",
    "JSON: first_name=Ana, middle_name=not null, last_name=Silva",       # a negation
    "JSON: first_name=Ana, middle_name=null or empty, last_name=Silva",  # two readings
    "JSON: first_name=Ana, middle_name=null (as a string), last_name=Silva",  # a type note null is not of
    "JSON: first_name=Ana, middle_name=null (a string), last_name=Silva",
    "JSON: first_name=Ana, middle_name: null, last_name=Silva",          # after a colon: a blank to fill?
    "JSON: first_name=Ana, middle_name null, last_name=Silva",
    "JSON: first_name=Ana, middle_name is null, last_name=Silva",
    "JSON: first_name=Ana, middle_name=null, last_name=Silva, without nulls",
    "JSON: first_name=Ana, middle_name=null, last_name=Silva. Drop the null keys.",
    "JSON: first_name=Ana, middle_name=null.5, last_name=Silva",
    "YAML: first_name=Ana, middle_name=null, last_name=Silva",
    'Fill in this JSON: {"first_name": "", "middle_name": "", "last_name": ""} with first_name=Ana, middle_name=null, last_name=Silva',
    "JSON please: {first_name: 'Ana', middle_name: null, last_name: 'Silva'}",  # a record, no conversion (wip/jsonR6)
]


@pytest.mark.parametrize("trap", NULL_TRAPS)
def test_null_traps_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(NULL_BASE, trap)


@pytest.mark.parametrize("prompt", [
    "JSON: first_name=Ana, middle_name=NULL",
    "JSON: first_name=Ana, middle_name=Null",
    "JSON: first_name=Ana, middle_name=null (as a string)",
    "JSON: first_name=Ana, age=null (as an integer)",
    "Return a JSON object:\nproduct: null\nprice: 27",                  # wip/jsonT3's blank: no claim
    "JSON: first_name=Ana, middle_name: null",
    "JSON: first_name=Ana, middle_name=null or empty",
    "JSON: first_name=Ana, middle_name=not null",
    "JSONに変換して：item=null、qty=6",                                    # wip/jsonR6: no claim in tables without spaces
    "转换成JSON：item=null，qty=6",
    'Fill in this JSON: {"title": "", "year": 0} with title=null and year=1965',
])
def test_what_stays_unread_for_null(prompt: str) -> None:
    assert read_request(prompt) is None


def test_null_only_after_equals_even_in_a_conversion() -> None:
    """After ":" null is left unread even where a conversion frames data (this rule reads "=" only)."""
    assert read_request("Convert this to JSON: first_name: Ana, middle_name: null") is None
    assert read_request("Convert this to JSON: first_name=Ana, middle_name=null") is not None


def test_a_word_that_starts_with_null_is_no_null() -> None:
    read = read_request("JSON: name=Ana, code=null-1")  # a code written after "=", as "A-100" is
    assert read is not None and read.statements["code"].value == "null-1"


def test_null_is_read_as_null_and_a_quoted_null_as_a_string() -> None:
    read = read_request("JSON: first_name=Ana, middle_name=null")
    assert read is not None and read.statements["middle_name"].value is None
    read = read_request('JSON: first_name=Ana, middle_name="null"')
    assert read is not None and read.statements["middle_name"].value == "null"
