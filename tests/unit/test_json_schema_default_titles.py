"""A schema's titles that only repeat what their place names (pydantic's defaults) state nothing
(red team 26's over-decline: ``with_step_cache(ChatOpenAI).with_structured_output(Person, method=
"json_schema")`` sent ``"title": "Person"`` and ``"title": "Name"``, and every answer stayed unchecked).
A title that says more, a class name that is no entity word, a description: still prose."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.schema import has_prose
from tests.adversarial.harness import FixedReplyModel, NeverRightModel


class Person(BaseModel):
    name: str
    age: int


class P(BaseModel):
    name: str
    age: int


class PersonMonths(BaseModel):
    name: str
    age: int = Field(description="age in months")


class PersonTitled(BaseModel):
    name: str = Field(title="Name in upper case")
    age: int


class Contact(BaseModel):
    first_name: str
    phone_number: str


def test_default_titles_state_nothing() -> None:
    assert not has_prose(Person.model_json_schema())
    assert not has_prose(Contact.model_json_schema())  # "First Name", "Phone Number"


@pytest.mark.parametrize("cls", [P, PersonMonths, PersonTitled])
def test_other_titles_and_descriptions_are_prose(cls: type[BaseModel]) -> None:
    assert has_prose(cls.model_json_schema())


@pytest.mark.parametrize("schema", [
    {"type": "object", "title": "person_in_uppercase", "properties": {"name": {"type": "string"}}},
    {"type": "object", "properties": {"name": {"type": "string", "title": "Full Name"}}},
    {"type": "object", "properties": {"name": {"type": "string", "title": "NAME"}}},
    {"type": "object", "properties": {"name": {"type": "string", "title": 3}}},
])
def test_a_title_that_is_not_the_default_is_prose(schema: dict) -> None:
    assert has_prose(schema)


def test_a_pydantic_schema_with_default_titles_is_re_instantiated() -> None:
    schema = Person.model_json_schema()
    cache = StepCache()
    first = 'Return a JSON object with keys "name" and "age" for Alice, 30.'
    one = cache.generate(first, FixedReplyModel('{"name": "Alice", "age": 30}'), schema=schema)
    assert one.verification == "proven", one.text
    model = NeverRightModel()
    again = cache.generate(first.replace("Alice, 30", "Bob, 41"), model, schema=schema)
    assert again.model_calls == 0 and again.verification == "proven", again.text
    assert json.loads(again.text) == {"name": "Bob", "age": 41}


def test_a_described_field_is_never_re_instantiated() -> None:
    schema = PersonMonths.model_json_schema()
    cache = StepCache()
    first = 'Return a JSON object with keys "name" and "age" for Alice, 30.'
    cache.generate(first, FixedReplyModel('{"name": "Alice", "age": 360}'), schema=schema)
    model = NeverRightModel()
    again = cache.generate(first.replace("Alice, 30", "Bob, 41"), model, schema=schema)
    assert again.model_calls == 1 and again.verification != "proven", again.text
