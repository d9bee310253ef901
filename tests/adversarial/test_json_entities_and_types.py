"""JSON requests whose entity word transforms the values, and answers that change a stated value's
JSON type (from the blind red team, R3 and R6, generalised).

* Only an entity from a closed vocabulary of nouns that state no transformation ("a person", "a
  product", "an order") keeps a request plain. "An antonym with word 'happy'", "a plural", "a
  successor with number 41", "an acronym", a translation, a reverse, ... is no plain request: the
  model's answer is served as the model's (never replaced by the stated literal, never
  ``proven``), and a cached answer is never re-instantiated for the next word.
* A stated value binds by exact JSON type and value: ``age 30`` is the integer 30 (not ``30.0``,
  ``3e1``, ``"30"``), ``flag true`` is ``true`` (not ``1``), ``id 9007199254740993`` is that
  integer digit for digit (not the double ``9007199254740992``), fresh, reused, patched.

The judge reads the served text with the standard library, keeping every number's type.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from stepcache_integrations import StepCache


def typed(text: str) -> Any:
    start, end = text.index("{"), text.rindex("}") + 1
    return json.loads(
        text[start:end], parse_int=lambda s: ("int", int(s)), parse_float=lambda s: ("float", Decimal(s))
    )


def const(answer: str) -> Any:
    return lambda _prompt: answer


class Recording:
    def __init__(self, answer: str) -> None:
        self.answer, self.calls = answer, 0

    def __call__(self, _prompt: str) -> str:
        self.calls += 1
        return self.answer


def article(word: str) -> str:
    return "an" if word[0].lower() in "aeiou" else "a"


TEMPLATES = [
    "Return a JSON object for {a} {entity} with {stated}. Required keys: {keys}.",
    "Please create a JSON record describing {a} {entity} whose details are {stated}. Use keys: {keys}. Reply with JSON only.",
    "Give me a JSON object with keys {keys} for this {entity}: {stated}. No extra text.",
    "I need a valid JSON object of {a} {entity} ({stated}) with the following keys: {keys}.",
]


def ask(entity: str, stated: str, keys: str, style: int = 0) -> str:
    return TEMPLATES[style].format(a=article(entity), entity=entity, stated=stated, keys=keys)


# -- entities ----------------------------------------------------------------------------------------
ALLOWED = ["person", "user", "customer", "employee", "student", "product", "item", "order", "book", "movie",
           "city", "country", "company", "team", "car", "device", "account", "event", "restaurant", "pet"]


@pytest.mark.parametrize("style", range(len(TEMPLATES)))
@pytest.mark.parametrize("entity", ALLOWED)
def test_an_allowed_entity_is_a_plain_request(entity: str, style: int) -> None:
    prompt = ask(entity, 'name "Bob", age 30', "name, age", style)
    right = StepCache().generate(prompt, const('{"name": "Bob", "age": 30}'))
    assert right.verified and typed(right.text) == {"name": "Bob", "age": ("int", 30)}
    wrong = StepCache().generate(prompt, const('{"name": "Bob", "age": 30.0}'))
    assert wrong.verified and typed(wrong.text) == {"name": "Bob", "age": ("int", 30)}  # the fallback, exact


# (entity word, key, stated literal, the model's transformed answer, a second literal)
TRANSFORMS = [
    ("antonym", "word", '"happy"', '"sad"', '"big"'),
    ("plural", "word", '"mouse"', '"mice"', '"goose"'),
    ("successor", "number", "41", "42", "99"),
    ("predecessor", "number", "41", "40", "99"),
    ("acronym", "name", '"World Health Organization"', '"WHO"', '"United Nations"'),
    ("translation", "word", '"dog"', '"perro"', '"cat"'),
    ("reverse", "text", '"abc"', '"cba"', '"xyz"'),
    ("uppercase", "name", '"bob"', '"BOB"', '"ann"'),
    ("abbreviation", "word", '"Street"', '"St"', '"Avenue"'),
    ("synonym", "word", '"big"', '"large"', '"small"'),
    ("opposite", "direction", '"up"', '"down"', '"left"'),
    ("negation", "flag", "true", "false", "false"),
    ("double", "number", "21", "42", "8"),
    ("square", "number", "7", "49", "9"),
    ("half", "number", "42", "21", "8"),
    ("nickname", "name", '"Robert"', '"Bob"', '"William"'),
    ("personInFrench", "name", '"Bob"', '"Bob"', '"Ann"'),
    ("personinfrench", "name", '"Bob"', '"Bob"', '"Ann"'),
    ("person_in_french", "name", '"Bob"', '"Bob"', '"Ann"'),
    ("person-in-french", "name", '"Bob"', '"Bob"', '"Ann"'),
]


@pytest.mark.parametrize("style", range(len(TEMPLATES)))
@pytest.mark.parametrize("word, key, literal, transformed, other", TRANSFORMS)
def test_a_transforming_entity_is_never_proven(word: str, key: str, literal: str, transformed: str, other: str, style: int) -> None:
    prompt = ask(word, f"{key} {literal}", key, style)
    r = StepCache().generate(prompt, const(f'{{"{key}": {transformed}}}'))
    assert not r.verified and typed(r.text) == typed(f'{{"{key}": {transformed}}}'), r.text  # the model's own
    copied = StepCache().generate(prompt, const(f'{{"{key}": {literal}}}'))
    assert not copied.verified
    cache = StepCache()
    cache.generate(prompt, const(f'{{"{key}": {transformed}}}'))
    model = Recording(f'{{"{key}": {transformed}}}')
    again = cache.generate(ask(word, f"{key} {other}", key, style), model)
    assert model.calls and not again.verified and again.outcome != "reinstantiate"


def test_two_entity_words_or_a_possessive_are_no_plain_request() -> None:
    for entity in ["person antonym", "person's antonym", "antonym person", "user plural"]:
        prompt = f'Return a JSON object for a {entity} with word "happy". Required keys: word.'
        assert not StepCache().generate(prompt, const('{"word": "sad"}')).verified


# -- typed binding -----------------------------------------------------------------------------------
PERSON = 'Return a JSON object for a person with name "Bob", age 30. Required keys: name and age.'


@pytest.mark.parametrize("age", ["30.0", "3e1", "3E1", "30e0", '"30"', "true", "31", "-30", "30.000000000000001"])
def test_a_stated_integer_is_served_only_as_that_integer(age: str) -> None:
    r = StepCache().generate(PERSON, const('{"name": "Bob", "age": %s}' % age))
    if r.checks_passed:
        assert typed(r.text)["age"] == ("int", 30), r.text
    assert age not in r.text


def test_a_patch_reply_never_replaces_a_stated_integer_by_a_float() -> None:
    a = 'Return a JSON object for a person with name "Alice", age 34, city "Paris". Required keys: name, age and city.'
    b = 'Return a JSON object for a person with name "Bob", age 1, city "Rome". Required keys: name, age and city.'
    cache = StepCache()
    cache.store_answer(a, '{"name": "Alice", "age": 34, "city": "Paris", "country": "France"}')
    r = cache.generate(b, const('{"country": "Italy", "age": 1.0}'))
    if r.checks_passed:
        assert typed(r.text)["age"] == ("int", 1), r.text
    assert "1.0" not in r.text or not r.checks_passed


@pytest.mark.parametrize(
    "stated, answer, expected",
    [
        ("id 9007199254740993", "9007199254740992", ("int", 9007199254740993)),
        ("id 9007199254740993", "9007199254740993.0", ("int", 9007199254740993)),
        ("id 9007199254740993", "9.007199254740993e15", ("int", 9007199254740993)),
        ("id -12345678901234567890123", "-12345678901234567000000", ("int", -12345678901234567890123)),
        ("id true", "1", True),
        ("id false", "0", False),
        ("id false", '"false"', False),
        ("id 2.5", "2", ("float", Decimal("2.5"))),
        ("id 2.5", '"2.5"', ("float", Decimal("2.5"))),
        ("id 0.1", "0.1000000000000000055511151231257827", ("float", Decimal("0.1"))),
        ('id "Bob"', '"bob"', "Bob"),
        ('id "Bob"', '"\u0392ob"', "Bob"),
    ],
)
def test_a_stated_value_binds_by_exact_type_and_value(stated: str, answer: str, expected: Any) -> None:
    prompt = f"Return a JSON object for a record with {stated}. Required keys: id."
    r = StepCache().generate(prompt, const('{"id": %s}' % answer))
    assert r.checks_passed and r.verified and typed(r.text)["id"] == expected, r.text  # the fallback, exact
    cache = StepCache()
    cache.generate(prompt, const('{"id": %s}' % answer))
    reused = cache.generate(prompt.replace("record", "record"), const('{"id": %s}' % answer))
    assert typed(reused.text)["id"] == expected


def test_a_big_stated_integer_is_re_instantiated_digit_for_digit() -> None:
    cache = StepCache()
    first = "Return a JSON object for an order with id 9007199254740993. Required keys: id."
    cache.generate(first, const('{"id": 9007199254740993}'))
    r = cache.generate(first.replace("9007199254740993", "12345678901234567890123"), const('{"id": 1.2345678901234568e22}'))
    assert r.verified and typed(r.text)["id"] == ("int", 12345678901234567890123), r.text


@pytest.mark.parametrize("stated", ["flag true and flag 1", "flag 1 and flag true", "flag false, flag 0"])
def test_a_key_stated_with_two_typed_values_is_never_proven(stated: str) -> None:
    prompt = f"Return a JSON object for a device with {stated}. Required keys: flag."
    for answer in ("true", "1", "false", "0"):
        assert not StepCache().generate(prompt, const('{"flag": %s}' % answer)).verified
