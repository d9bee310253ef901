"""Structured output and tool calls through StepCacheRunnable: miss -> patch -> reuse.

The scripted model emits real tool calls (function-calling method, ``bind_tools``) or
JSON content with ``additional_kwargs["parsed"]`` (ChatOpenAI's ``json_schema`` method).
A stored patched or re-instantiated message keeps its shape, and a patched structured
answer never puts a wrong field in an answer marked verified.

Under the issue 19 rules a value a prompt states is evidence only in a plain request
(closed framing, statements in key form, the key list). ``with_structured_output(Person)``
gives the engine Person's JSON schema, which always carries a title and a description:
prose that may state a rule, so its statements prove nothing and an entry is reused only
for the same request exactly as written; every other prompt regenerates the whole object.
The patch and re-instantiation paths are exercised with the same provider bindings built
on the wrapper by hand (a Person tool call, a json_schema ``response_format``) whose schema is
structural only (no title, no description): the engine verifies against that schema, read from
the bound options as the global cache reads it from ``llm_string``, and a plain request's
statements are evidence. A bound tool's description is prose the model reads, so under it no
statement is evidence (tested below).
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langchain_core.output_parsers.openai_tools import PydanticToolsParser
from pydantic import BaseModel

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import StructuredChat

pytest.importorskip("langchain_openai")


class Person(BaseModel):
    """A person."""

    name: str
    city: str
    age: int


# plain requests: every value stated in key form, the key list, closed framing. A changed city is
# proven (re-instantiated) or, without re-instantiation, patched alone: name and age stay proven
PLAIN_PARIS = 'Return a JSON object for a person with name "Alice", age 30, city "Paris". Required keys: name, city and age.'
PLAIN_LYON = PLAIN_PARIS.replace('"Paris"', '"Lyon"')
# a plain request that leaves the city unstated, and the same request with the key added: a patch of
# `city` alone, with no stated value the engine could fall back to
NAME_AGE = 'Return a JSON object for a person with name "Alice", age 30. Required keys: name and age.'
NAME_AGE_CITY = 'Return a JSON object for a person with name "Alice", age 30. Required keys: name, age and city.'
# not plain ("Her hometown is ..."): the old per-key patch input; now every change regenerates all keys
PARIS = 'Extract the person: name "Alice", age 30. Her hometown is Paris.'
LYON = 'Extract the person: name "Alice", age 30. Her hometown is Lyon.'
# every value stated in key form: the old re-instantiation input through with_structured_output
STATED_PARIS = 'Extract the person: name "Alice", age 30, city "Paris".'
STATED_LYON = 'Extract the person: name "Alice", age 30, city "Lyon".'
ALICE_PARIS = {"name": "Alice", "city": "Paris", "age": 30}
ALICE_LYON = Person(name="Alice", city="Lyon", age=30)
METHODS = ["function_calling", "json_schema"]
# Person's schema with the structural keywords only: no title, no description (no prose)
PERSON_SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "city": {"type": "string"}, "age": {"type": "integer"}},
    "required": ["name", "city", "age"],
}
PERSON_TOOL = {"type": "function", "function": {"name": "Person", "parameters": PERSON_SCHEMA}}
# the same bindings without a schema (a tool with no parameters schema, JSON mode): the engine
# verifies JSON against the prompt's key list alone
BARE_TOOL = {"type": "function", "function": {"name": "Person"}}
JSON_MODE = {"type": "json_object"}
RESPONSE_FORMAT = {
    "type": "json_schema",
    "json_schema": {"name": "Person", "schema": PERSON_SCHEMA},
    "schema_class": Person,  # read by StructuredChat, like a provider's own parsing
}


def meta(out: dict[str, Any]) -> dict[str, Any]:
    return out["raw"].response_metadata["stepcache"]


def structured(model: StructuredChat, cache: StepCache, method: str, include_raw: bool = True) -> Any:
    return with_step_cache(model, cache).with_structured_output(Person, method=method, include_raw=include_raw)


def bound(model: StructuredChat, cache: StepCache, method: str, schema: bool = True) -> Any:
    """The provider binding ``with_structured_output`` makes, on the wrapper by hand, with a
    structural schema: the engine verifies JSON against it (read from the bound options); with
    ``schema=False`` a binding that gives none (the prompt's key list alone)."""
    wrapper = with_step_cache(model, cache, task="json")
    if method == "function_calling":
        return wrapper.bind_tools([PERSON_TOOL if schema else BARE_TOOL], tool_choice="Person")
    return wrapper.bind(response_format=RESPONSE_FORMAT if schema else JSON_MODE)


def parse(message: AIMessage, method: str) -> Person:
    """What ``with_structured_output`` would return for ``message``."""
    if method == "function_calling":
        return PydanticToolsParser(tools=[Person], first_tool_only=True).invoke(message)
    from langchain_openai.chat_models.base import _oai_structured_outputs_parser

    return _oai_structured_outputs_parser(message, Person)


def info(message: AIMessage) -> dict[str, Any]:
    return message.response_metadata["stepcache"]


def assert_shape(message: AIMessage, method: str, expected: Person) -> None:
    """The raw message has the provider's shape: a tool call, or JSON content plus ``parsed``."""
    if method == "function_calling":
        assert [(c["name"], c["args"]) for c in message.tool_calls] == [("Person", expected.model_dump())]
    else:
        parsed = message.additional_kwargs["parsed"]
        assert (Person(**parsed) if isinstance(parsed, dict) else parsed) == expected


# -- patch and re-instantiation: plain requests, provider bindings ----------------------------------
@pytest.mark.parametrize("method", METHODS)
def test_structured_output_miss_patch_reuse(method: str) -> None:
    # the patch reply puts the new city in `name` too (as SmolLM2 did): a value that contradicts a
    # checked field is never replaced silently nor served; the answer fails and is repaired
    model = StructuredChat(
        script=[ALICE_PARIS, {"name": "Lyon", "city": "Lyon", "age": 30}, ALICE_LYON.model_dump()]
    )
    cache = StepCache(reinstantiate=False, max_repairs=1)  # asserts its repair
    chain = bound(model, cache, method)
    first = chain.invoke(PLAIN_PARIS)
    assert parse(first, method) == Person(**ALICE_PARIS) and info(first)["outcome"] == "miss"
    patched = chain.invoke(PLAIN_LYON)
    assert len(model.calls) == 3
    assert "already filled in and checked" in str(model.calls[1][-1].content)  # a patch prompt
    assert parse(patched, method) == ALICE_LYON and '"name": "Lyon"' not in str(patched.content)
    record = info(patched)
    assert record["outcome"] == "patch" and record["verified"] and record["model_calls"] == 2
    assert "repaired" in record["provenance"]
    assert_shape(patched, method, ALICE_LYON)
    again = chain.invoke(PLAIN_LYON)  # the stored patched message kept its shape
    assert len(model.calls) == 3 and parse(again, method) == ALICE_LYON
    assert info(again)["outcome"] == "reuse" and info(again)["verified"]
    assert_shape(again, method, ALICE_LYON)
    assert parse(bound(model, cache, method).invoke(PLAIN_LYON), method) == ALICE_LYON and len(model.calls) == 3


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_wrong_patch_is_never_verified(method: str) -> None:
    # the model never supplies the asked-for field (patch, repair, the whole request and its repair all answer `name`)
    model = StructuredChat(script=[{"name": "Alice", "age": 30}] + [{"name": "Lyon"}] * 4)
    cache = StepCache(reinstantiate=False, max_repairs=1)  # asserts its repair
    chain = bound(model, cache, method, schema=False)  # Person's schema would require `city` of NAME_AGE
    chain.invoke(NAME_AGE)
    stored = cache.store.count()
    out = chain.invoke(NAME_AGE_CITY)  # the added key `city` alone is patched
    record = info(out)
    # patch + one repair, both without `city` and contradicting the checked `name`: the failed patch is not
    # served (red team 25); the model's answer to the whole request (+ one repair) fails too: the answer is
    # not verified, nothing is stored, and the parser reports the missing field
    assert record["outcome"] == "skip_reuse" and not record["verified"] and "city: missing" in record["errors"]
    assert len(model.calls) == 5 and record["model_calls"] == 4 and cache.store.count() == stored
    assert any(error.startswith("name") for error in record["errors"]), record["errors"]  # the contradiction named
    with pytest.raises(ValueError):  # pydantic's ValidationError / the missing `parsed`
        parse(out, method)


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_wrong_patch_of_a_stated_value_falls_back_to_the_statement(method: str) -> None:
    # the same wrong replies for a changed city the plain request states: the misplaced `name` is
    # still never taken; the verified city is the stated one, not text the model wrote
    model = StructuredChat(script=[ALICE_PARIS, {"name": "Lyon"}, {"name": "Lyon"}, {"name": "Lyon"}])
    cache = StepCache(reinstantiate=False, max_repairs=1)  # asserts its repair
    chain = bound(model, cache, method)
    chain.invoke(PLAIN_PARIS)
    out = chain.invoke(PLAIN_LYON)
    record = info(out)
    assert record["verified"] and record["provenance"] == ["fallback"] and len(model.calls) == 3
    assert parse(out, method) == ALICE_LYON and '"name": "Lyon"' not in str(out.content)
    assert all(c["args"]["name"] == "Alice" for c in out.tool_calls)


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_reinstantiated_entry_keeps_its_shape(method: str) -> None:
    model = StructuredChat(script=[ALICE_PARIS])
    cache = StepCache()
    chain = bound(model, cache, method)
    chain.invoke(PLAIN_PARIS)
    derived = chain.invoke(PLAIN_LYON)
    assert info(derived)["outcome"] == "reinstantiate" and parse(derived, method) == ALICE_LYON
    assert info(derived)["verified"] and info(derived)["model_calls"] == 0
    assert_shape(derived, method, ALICE_LYON)
    again = chain.invoke(PLAIN_LYON)  # served from the derived entry the engine stored
    assert parse(again, method) == ALICE_LYON and info(again)["outcome"] == "reuse" and len(model.calls) == 1
    assert_shape(again, method, ALICE_LYON)


# -- with_structured_output: a prose-bearing schema, so only the same request reuses -----------------
@pytest.mark.parametrize("method", METHODS)
def test_structured_output_changed_prompt_is_regenerated_then_reused(method: str) -> None:
    # was a per-key patch of `city` (PARIS -> LYON); under the issue 19 rules the prompt is not plain
    # and the schema carries prose, so no key is proven: the model writes the whole object again
    model = StructuredChat(script=[ALICE_PARIS, ALICE_LYON.model_dump(), ALICE_LYON.model_dump()])
    cache = StepCache(reinstantiate=False)
    chain = structured(model, cache, method)
    first = chain.invoke(PARIS)
    assert first["parsed"] == Person(**ALICE_PARIS) and meta(first)["outcome"] == "miss"
    changed = chain.invoke(LYON)
    assert len(model.calls) == 2 and str(model.calls[-1][-1].content) == LYON  # the whole request
    assert changed["parsed"] == ALICE_LYON
    record = meta(changed)
    # checked, not proven: with a prose-bearing schema no statement proves a value
    assert record["outcome"] in ("miss", "skip_reuse") and record["model_calls"] == 1
    assert record["verification"] == "unchecked" and not record["verified"] and not record["errors"]
    assert "reused" not in record["provenance"] and "reinstantiated" not in record["provenance"]
    assert_shape(changed["raw"], method, ALICE_LYON)
    again = chain.invoke(LYON)  # the stored message kept its shape
    assert len(model.calls) == 2 and again["parsed"] == ALICE_LYON
    assert meta(again)["outcome"] == "reuse" and meta(again)["verification"] == "unchecked"  # as stored
    assert_shape(again["raw"], method, ALICE_LYON)
    # outer whitespace and line endings are part of the request (no safe set): nothing proves the
    # object from the new prompt alone, so the model answers it, exactly as written
    edited = "\n  " + LYON + " \r\n"
    variant = chain.invoke(edited)
    assert len(model.calls) == 3 and model.calls[-1][-1].content == edited
    assert variant["parsed"] == ALICE_LYON and meta(variant)["outcome"] != "reuse" and not meta(variant)["verified"]
    plain = structured(model, cache, method, include_raw=False)
    assert plain.invoke(LYON) == ALICE_LYON and len(model.calls) == 3


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_wrong_answer_to_a_changed_prompt_is_never_verified(method: str) -> None:
    # the old wrong-patch input through with_structured_output: the model (and its repair) answer
    # only a misplaced `name`; nothing wrong is marked verified or stored, and the parser fails
    model = StructuredChat(script=[ALICE_PARIS, {"name": "Lyon"}, {"name": "Lyon"}, {"name": "Lyon"}])
    cache = StepCache(reinstantiate=False, max_repairs=1)  # asserts its repair
    chain = structured(model, cache, method)
    chain.invoke(PARIS)
    stored = cache.store.count()
    out = chain.invoke(LYON)
    record = meta(out)
    assert record["outcome"] in ("miss", "skip_reuse") and not record["verified"]
    assert "city: missing" in record["errors"] and "reused" not in record["provenance"]
    assert len(model.calls) == 3 and cache.store.count() == stored
    assert out["parsed"] is None and out["parsing_error"] is not None


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_stated_change_is_regenerated_not_reinstantiated(method: str) -> None:
    # was a re-instantiation (every value stated in key form); Person's schema carries a title and
    # a description, so the prompt's statements prove nothing: the model answers the new city
    model = StructuredChat(script=[ALICE_PARIS, ALICE_LYON.model_dump()])
    cache = StepCache()
    chain = structured(model, cache, method)
    chain.invoke(STATED_PARIS)
    changed = chain.invoke(STATED_LYON)
    assert len(model.calls) == 2 and str(model.calls[-1][-1].content) == STATED_LYON
    assert meta(changed)["outcome"] in ("miss", "skip_reuse") and not meta(changed)["errors"]
    assert meta(changed)["verification"] == "unchecked" and not meta(changed)["verified"]
    assert changed["parsed"] == ALICE_LYON and "reinstantiated" not in meta(changed)["provenance"]
    assert_shape(changed["raw"], method, ALICE_LYON)
    again = chain.invoke(STATED_LYON)
    assert again["parsed"] == ALICE_LYON and meta(again)["outcome"] == "reuse" and len(model.calls) == 2
    assert meta(again)["verification"] == "unchecked"
    assert_shape(again["raw"], method, ALICE_LYON)


# -- bind_tools ------------------------------------------------------------------------------------
WEATHER = {
    "name": "get_weather",
    "description": "Weather for a city",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
        "required": ["city", "unit"],
    },
}
# the same tool named by the request's entity noun, without a description: words the checks read
FORECAST = {"name": "forecast", "parameters": WEATHER["parameters"]}
# plain requests: the unit stays stated, so a changed city is a patch of `city` alone
WEATHER_PARIS = 'Return a JSON object for a forecast with city "Paris", unit "celsius". Required keys: city and unit.'
WEATHER_LYON = WEATHER_PARIS.replace('"Paris"', '"Lyon"')
# not plain ("Call get_weather ..."): the old patch input; every change regenerates all keys
WORDED_PARIS = 'Call get_weather with the fields city and unit: city "Paris", unit "celsius".'
WORDED_LYON = 'Call get_weather with the fields city and unit: city "Lyon", unit "celsius".'


def test_bind_tools_miss_patch_reuse_with_real_tool_calls() -> None:
    model = StructuredChat(
        script=[
            {"city": "Paris", "unit": "celsius"},
            {"city": "Lyon", "unit": "kelvin"},
            {"city": "Lyon", "unit": "celsius"},
        ]
    )
    cache = StepCache(reinstantiate=False, max_repairs=1)  # asserts its repair
    tools = with_step_cache(model, cache, task="json").bind_tools([FORECAST], tool_choice="forecast")
    # the forced tool's parameters are the schema and its name is a noun the checks read (an unforced
    # tool is words of the call beyond the answer's schema: never proven, tested below); the plain
    # request lists the keys and states quoted values, so the unchanged unit is proven and only the
    # city is regenerated (the patch reply's contradicting `unit` fails the answer, which is repaired)
    first = tools.invoke(WEATHER_PARIS)
    assert first.tool_calls[0]["args"] == {"city": "Paris", "unit": "celsius"}
    patched = tools.invoke(WEATHER_LYON)
    record = patched.response_metadata["stepcache"]
    assert record["outcome"] == "patch" and record["verified"] and len(model.calls) == 3
    assert record["verification"] == "proven"  # both values stated by the plain request
    assert [(c["name"], c["args"]) for c in patched.tool_calls] == [("forecast", {"city": "Lyon", "unit": "celsius"})]
    again = tools.invoke(WEATHER_LYON)
    assert again.response_metadata["stepcache"]["outcome"] == "reuse" and len(model.calls) == 3
    assert [(c["name"], c["args"]) for c in again.tool_calls] == [("forecast", {"city": "Lyon", "unit": "celsius"})]


def test_bind_tools_with_words_the_checks_do_not_read_is_never_proven() -> None:
    # issue 32 item 7.1: the model reads the bound tool's name and description ("get_weather",
    # "Weather for a city"); the checks do not, so no statement is evidence under them: the changed
    # city is answered by the model (the whole call), never patched or proven
    model = StructuredChat(script=[{"city": "Paris", "unit": "celsius"}, {"city": "Lyon", "unit": "celsius"}])
    cache = StepCache(reinstantiate=False)
    tools = with_step_cache(model, cache, task="json").bind_tools([WEATHER])
    tools.invoke(WEATHER_PARIS)
    changed = tools.invoke(WEATHER_LYON)
    record = changed.response_metadata["stepcache"]
    assert len(model.calls) == 2 and model.last_prompt == WEATHER_LYON
    assert record["outcome"] in ("miss", "skip_reuse") and record["verification"] != "proven"
    assert [(c["name"], c["args"]) for c in changed.tool_calls] == [("get_weather", {"city": "Lyon", "unit": "celsius"})]


def test_bind_tools_worded_request_is_regenerated_whole() -> None:
    # the old patch input: "Call get_weather with ..." is not a plain request, so the stated unit is
    # no evidence either and the model answers the whole call again
    model = StructuredChat(
        script=[{"city": "Paris", "unit": "celsius"}, {"city": "Lyon", "unit": "celsius"}]
    )
    cache = StepCache(reinstantiate=False)
    tools = with_step_cache(model, cache, task="json").bind_tools([WEATHER])
    tools.invoke(WORDED_PARIS)
    changed = tools.invoke(WORDED_LYON)
    record = changed.response_metadata["stepcache"]
    assert len(model.calls) == 2 and model.last_prompt == WORDED_LYON  # the whole request, no patch prompt
    assert record["outcome"] in ("miss", "skip_reuse") and "reused" not in record["provenance"]
    assert record["verification"] == "unchecked" and not record["verified"] and not record["errors"]
    assert [(c["name"], c["args"]) for c in changed.tool_calls] == [("get_weather", {"city": "Lyon", "unit": "celsius"})]
    again = tools.invoke(WORDED_LYON)  # red team 24: unforced tools are the exact tier's (the same request replayed)
    assert again.response_metadata["stepcache"]["outcome"] == "exact" and len(model.calls) == 2
    assert [(c["name"], c["args"]) for c in again.tool_calls] == [("get_weather", {"city": "Lyon", "unit": "celsius"})]
