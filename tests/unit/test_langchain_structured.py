"""Structured output and tool calls through StepCacheRunnable: miss -> patch -> reuse.

The scripted model emits real tool calls (function-calling method, ``bind_tools``) or
JSON content with ``additional_kwargs["parsed"]`` (ChatOpenAI's ``json_schema`` method).
A stored patched message keeps its shape, and a patched structured answer never puts a
wrong field in an answer marked verified.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage
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


# name and age stated in key form (proven for the new prompt); the city is not stated with its
# key word, so after the one-slot change Paris -> Lyon it is regenerated: a per-key patch
PARIS = 'Extract the person: name "Alice", age 30. Her hometown is Paris.'
LYON = 'Extract the person: name "Alice", age 30. Her hometown is Lyon.'
# every value stated in key form: the new city is proven, so the entry is re-instantiated
STATED_PARIS = 'Extract the person: name "Alice", age 30, city "Paris".'
STATED_LYON = 'Extract the person: name "Alice", age 30, city "Lyon".'
ALICE_PARIS = {"name": "Alice", "city": "Paris", "age": 30}
ALICE_LYON = Person(name="Alice", city="Lyon", age=30)
METHODS = ["function_calling", "json_schema"]


def meta(out: dict[str, Any]) -> dict[str, Any]:
    return out["raw"].response_metadata["stepcache"]


def structured(model: StructuredChat, cache: StepCache, method: str, include_raw: bool = True) -> Any:
    return with_step_cache(model, cache).with_structured_output(Person, method=method, include_raw=include_raw)


def assert_shape(message: AIMessage, method: str, expected: Person) -> None:
    """The raw message has the provider's shape: a tool call, or JSON content plus ``parsed``."""
    if method == "function_calling":
        assert [(c["name"], c["args"]) for c in message.tool_calls] == [("Person", expected.model_dump())]
    else:
        parsed = message.additional_kwargs["parsed"]
        assert (Person(**parsed) if isinstance(parsed, dict) else parsed) == expected


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_miss_patch_reuse(method: str) -> None:
    # the patch reply puts the new city in `name` too (as SmolLM2 did): only the asked-for
    # field is taken from it, the checked fields stay as verified
    model = StructuredChat(script=[ALICE_PARIS, {"name": "Lyon", "city": "Lyon", "age": 30}])
    cache = StepCache(reinstantiate=False)
    chain = structured(model, cache, method)
    first = chain.invoke(PARIS)
    assert first["parsed"] == Person(**ALICE_PARIS) and meta(first)["outcome"] == "miss"
    patched = chain.invoke(LYON)
    assert len(model.calls) == 2 and "city" in str(model.calls[-1][-1].content)
    assert patched["parsed"] == ALICE_LYON
    info = meta(patched)
    assert info["outcome"] == "patch" and info["verified"] and info["model_calls"] == 1
    assert "regenerated" in info["provenance"] or "repaired" in info["provenance"]
    assert_shape(patched["raw"], method, ALICE_LYON)
    again = chain.invoke(LYON)  # the stored patched message kept its shape
    assert len(model.calls) == 2 and again["parsed"] == ALICE_LYON
    assert meta(again)["outcome"] == "reuse" and meta(again)["verified"]
    assert_shape(again["raw"], method, ALICE_LYON)
    plain = structured(model, cache, method, include_raw=False)
    assert plain.invoke(LYON) == ALICE_LYON and len(model.calls) == 2


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_wrong_patch_is_never_verified(method: str) -> None:
    # the model never supplies the asked-for field (patch and repair both answer `name`)
    model = StructuredChat(script=[ALICE_PARIS, {"name": "Lyon"}, {"name": "Lyon"}, {"name": "Lyon"}])
    cache = StepCache(reinstantiate=False)
    chain = structured(model, cache, method)
    chain.invoke(PARIS)
    stored = cache.store.count()
    out = chain.invoke(LYON)
    info = meta(out)
    # patch + one repair, both without `city`: the answer is not verified, nothing is stored,
    # the misplaced `name` was never taken, and the parser reports the missing field
    assert info["outcome"] == "patch" and not info["verified"] and info["errors"] == ["city: missing"]
    assert len(model.calls) == 3 and cache.store.count() == stored
    assert out["parsed"] is None and "Lyon" not in str(out["raw"].content) + str(out["raw"].tool_calls)


@pytest.mark.parametrize("method", METHODS)
def test_structured_output_reinstantiated_entry_keeps_its_shape(method: str) -> None:
    model = StructuredChat(script=[ALICE_PARIS])
    cache = StepCache()
    chain = structured(model, cache, method)
    chain.invoke(STATED_PARIS)
    derived = chain.invoke(STATED_LYON)
    assert meta(derived)["outcome"] == "reinstantiate" and derived["parsed"] == ALICE_LYON
    assert_shape(derived["raw"], method, ALICE_LYON)
    again = chain.invoke(STATED_LYON)  # served from the derived entry the engine stored
    assert again["parsed"] == ALICE_LYON and meta(again)["outcome"] == "reuse" and len(model.calls) == 1
    assert_shape(again["raw"], method, ALICE_LYON)


WEATHER = {
    "name": "get_weather",
    "description": "Weather for a city",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
        "required": ["city", "unit"],
    },
}
WEATHER_PARIS = 'Call get_weather with the fields city and unit: city "Paris", unit "celsius".'
WEATHER_LYON = 'Call get_weather with the fields city and unit: city "Lyon", unit "celsius".'


def test_bind_tools_miss_patch_reuse_with_real_tool_calls() -> None:
    model = StructuredChat(
        script=[{"city": "Paris", "unit": "celsius"}, {"city": "Lyon", "unit": "kelvin"}]
    )
    cache = StepCache(reinstantiate=False)
    tools = with_step_cache(model, cache, task="json").bind_tools([WEATHER])
    # bind_tools gives the engine no schema: the prompt lists the keys and states quoted values, so
    # the unchanged unit is proven and only the city is regenerated (unquoted, unlisted: a miss)
    first = tools.invoke(WEATHER_PARIS)
    assert first.tool_calls[0]["args"] == {"city": "Paris", "unit": "celsius"}
    patched = tools.invoke(WEATHER_LYON)
    info = patched.response_metadata["stepcache"]
    assert info["outcome"] == "patch" and info["verified"] and len(model.calls) == 2
    assert [(c["name"], c["args"]) for c in patched.tool_calls] == [("get_weather", {"city": "Lyon", "unit": "celsius"})]
    again = tools.invoke(WEATHER_LYON)
    assert again.response_metadata["stepcache"]["outcome"] == "reuse" and len(model.calls) == 2
    assert [(c["name"], c["args"]) for c in again.tool_calls] == [("get_weather", {"city": "Lyon", "unit": "celsius"})]
