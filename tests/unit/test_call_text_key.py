"""Issue 32 item 7.1: what the model reads of a tool or response format is part of the request.

A forced tool's name and description, a ``json_schema`` response format's name, the other bound
tools: the model reads them (``person_with_name_in_uppercase`` asks for an upper-case name), so
they are in the schema the engine verifies against (``CALL_TEXT``: part of "the same request"),
and since the checks do not read those words, no statement of the prompt is evidence under them:
a changed value is never re-instantiated, reused or patched as proven. Only a name the checks
understand (one noun of the plain request's entity vocabulary, "Person") leaves the request plain.
Both LangChain paths (global cache, wrapper), sync and async.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.globals import set_llm_cache

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.schema import CALL_TEXT, has_prose, schema_key
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.langchain._requests import CallSpec
from tests.unit.test_langchain_fakes import StructuredChat

SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "city": {"type": "string"}, "age": {"type": "integer"}},
    "required": ["name", "city", "age"],
}
PARIS = 'Return a JSON object for a person with name "Alice", age 30, city "Paris". Required keys: name, city and age.'
LYON = PARIS.replace('"Paris"', '"Lyon"')
UPPER = "person_with_name_in_uppercase"
# what a model that reads the name answers
ALICE_PARIS = {"name": "ALICE", "city": "Paris", "age": 30}
ALICE_LYON = {"name": "ALICE", "city": "Lyon", "age": 30}


def fmt(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": name, "schema": SCHEMA, **extra}}


def tool(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": SCHEMA, **extra}}


def options(binding: str, name: str, **extra: Any) -> dict[str, Any]:
    if binding == "format":
        return {"response_format": fmt(name, **extra)}
    return {"tools": [tool(name, **extra)], "tool_choice": name}


def answer_object(out: Any) -> dict[str, Any]:
    import json

    return out.tool_calls[0]["args"] if out.tool_calls else json.loads(out.content)


# ----------------------------------------------------------------------------- the spec
@pytest.mark.parametrize("binding", ["format", "tool"])
def test_every_word_of_the_call_is_in_the_schema_the_engine_reads(binding: str) -> None:
    upper = CallSpec.from_options(options(binding, UPPER)).schema
    lower = CallSpec.from_options(options(binding, "person_with_name_in_lowercase")).schema
    plain = CallSpec.from_options(options(binding, "Person")).schema
    described = CallSpec.from_options(options(binding, "Person", description="Names in upper case.")).schema
    assert len({schema_key(s) for s in (upper, lower, plain, described)}) == 4  # another request each
    assert has_prose(upper) and has_prose(lower) and has_prose(described)
    assert not has_prose(plain)  # an entity noun for a name: the checks read it, the request stays plain
    assert upper is not None and {k: v for k, v in upper.items() if k != CALL_TEXT} == SCHEMA


def test_a_tool_description_is_kept_beside_the_parameters_own_description() -> None:
    parameters = {**SCHEMA, "description": "A person."}
    spec = CallSpec.from_options({"tools": [{"name": "Person", "description": "Upper-case names.",
                                             "parameters": parameters}], "tool_choice": "Person"})
    assert spec.schema is not None and "Upper-case names." in schema_key(spec.schema)
    other = CallSpec.from_options({"tools": [{"name": "Person", "description": "Lower-case names.",
                                              "parameters": parameters}], "tool_choice": "Person"})
    assert schema_key(other.schema) != schema_key(spec.schema)


def test_other_bound_tools_and_a_caller_schema_keep_the_call_text() -> None:
    weather = {"name": "get_weather", "description": "Weather", "parameters": {"type": "object"}}
    spec = CallSpec.from_options({"tools": [tool("Person"), weather], "tool_choice": "Person"})
    assert has_prose(spec.schema)  # the model reads the other tool too
    auto = CallSpec.from_options({"tools": [weather]})
    assert auto.schema is None and auto.schema_for(None, None) is None  # no schema routes a text request
    assert has_prose(auto.schema_for(None, "json"))  # an explicit json task: the tool's words are read
    caller = CallSpec.from_options(options("tool", UPPER)).schema_for(SCHEMA, "json")
    assert caller is not None and has_prose(caller) and caller[CALL_TEXT]["tools"][0]["name"] == UPPER


# ----------------------------------------------------------------------------- both paths
def _wrapper_run(
    binding: str, name: str, asynchronous: bool, explicit: bool, script: tuple[dict[str, Any], ...] = (ALICE_PARIS, ALICE_LYON)
) -> tuple[list[Any], StructuredChat]:
    model = StructuredChat(script=[*script, *script])
    extra = {"json_schema": SCHEMA} if explicit else {"task": "json"}
    wrapper = with_step_cache(model, StepCache(), **extra)
    bound = wrapper.bind(**options(binding, name)) if binding == "format" else wrapper.bind_tools(
        options(binding, name)["tools"], tool_choice=name)
    if asynchronous:
        async def go() -> list[Any]:
            return [await bound.ainvoke(p) for p in (PARIS, LYON, LYON)]

        return asyncio.run(go()), model
    return [bound.invoke(p) for p in (PARIS, LYON, LYON)], model


@pytest.mark.parametrize("explicit", [False, True])
@pytest.mark.parametrize("asynchronous", [False, True])
@pytest.mark.parametrize("binding", ["format", "tool"])
def test_wrapper_never_proves_a_value_under_a_name_the_checks_do_not_read(
    binding: str, asynchronous: bool, explicit: bool
) -> None:
    outs, model = _wrapper_run(binding, UPPER, asynchronous, explicit)
    changed = outs[1].response_metadata["stepcache"]
    assert changed["outcome"] not in ("reuse", "reinstantiate", "patch"), changed
    assert changed["verification"] != "proven" and len(model.calls) == 2
    assert answer_object(outs[1]) == ALICE_LYON  # the model's answer, read under the name
    again = outs[2].response_metadata["stepcache"]  # the exact request again may be served as stored
    assert again["outcome"] == "reuse" and again["verification"] != "proven" and len(model.calls) == 2
    assert answer_object(outs[2]) == ALICE_LYON


@pytest.mark.parametrize("binding", ["format", "tool"])
def test_wrapper_still_reinstantiates_under_an_entity_name(binding: str) -> None:
    outs, model = _wrapper_run(binding, "Person", False, False, ({**ALICE_PARIS, "name": "Alice"},))
    assert outs[1].response_metadata["stepcache"]["outcome"] == "reinstantiate" and len(model.calls) == 1


@pytest.mark.parametrize("asynchronous", [False, True])
@pytest.mark.parametrize("binding", ["format", "tool"])
def test_global_cache_never_proves_a_value_under_a_name_the_checks_do_not_read(binding: str, asynchronous: bool) -> None:
    cache = StepCacheLLMCache()
    set_llm_cache(cache)
    try:
        model = StructuredChat(script=[ALICE_PARIS, ALICE_LYON, ALICE_LYON])
        bound = model.bind(**options(binding, UPPER))
        if asynchronous:
            async def go() -> list[Any]:
                return [await bound.ainvoke(p) for p in (PARIS, LYON, LYON)]

            outs = asyncio.run(go())
        else:
            outs = [bound.invoke(p) for p in (PARIS, LYON, LYON)]
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 2 and answer_object(outs[1]) == ALICE_LYON  # the model answered the change
    assert answer_object(outs[2]) == ALICE_LYON and len(model.calls) == 2  # the exact repeat is served
    assert cache.stats()["outcomes"].get("reinstantiate", 0) == 0
