"""Issue 21: structured output and tools are verified against their schemas on both LangChain paths.

The schema is read from what LangChain passes: the global cache from ``llm_string`` (the bound
tools, tool choice and response format among the invocation parameters), the wrapper from the
bound and call options. A request that only a tool call answers, answered in plain text, is
never served or stored as passing its checks, on either path.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.load import dumps
from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from stepcache_integrations import StepCache
from stepcache_integrations.errors import VerificationError
from stepcache_integrations.langchain._requests import CallSpec, NOT_A_TOOL_CALL, llm_key_for, read_llm_string, step_key
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.core.tasks.json.schema import CALL_TEXT
from tests.unit.test_langchain_fakes import StructuredChat, global_cache  # noqa: F401 - fixture

pytest.importorskip("langchain_openai")


class Person(BaseModel):
    """A person."""

    name: str
    age: int


PROMPT = "Extract the person: Alice is 30."
ALICE = {"name": "Alice", "age": 30}
WRONG_TYPE = {"name": "Alice", "age": "thirty"}
PLAIN_TEXT = json.dumps(ALICE)  # the right JSON, as text content instead of a tool call


def _entries(engine: StepCache) -> list[Any]:
    return [entry for entry, _ in engine.store.iter_items()]


def _record(message: Any) -> dict[str, Any]:
    return message.response_metadata["stepcache"]


# ----------------------------------------------------------------------------- reading the options
def test_the_spec_is_read_from_llm_string_as_langchain_builds_it() -> None:
    model = StructuredChat(script=[])
    structured = model.with_structured_output(Person, method="json_schema").first  # the bound model
    llm_string = structured.bound._get_llm_string(**structured.kwargs)
    spec = CallSpec.from_llm_string(llm_string)  # holds a class repr (schema_class): still read
    assert spec.task == "json" and spec.schema is not None and spec.schema["required"] == ["name", "age"]
    assert not spec.requires_tool_call
    tools = model.with_structured_output(Person).first  # function calling: tool_choice "any"
    spec = CallSpec.from_llm_string(tools.bound._get_llm_string(**tools.kwargs))
    assert spec.requires_tool_call and spec.forced_tool is not None and spec.task == "json"
    # the model reads the tool's name and description: they are in the schema, beside the parameters
    assert spec.schema == {**spec.forced_tool["parameters"], CALL_TEXT: {"tools": [{"name": "Person", "description": "A person."}]}}


def test_the_spec_of_a_serializable_model_and_of_unreadable_options() -> None:
    params = str(sorted({"tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
                         "tool_choice": "f", "stop": None}.items()))
    spec = CallSpec.from_llm_string('{"id": ["x---[y"], "kwargs": {}}' + "---" + params)
    assert spec.requires_tool_call and spec.schema == {"type": "object", CALL_TEXT: {"tools": [{"name": "f"}]}}
    odd = CallSpec.from_llm_string("[('tools', [<<odd>>]), ('x', 1)]")
    assert odd.unreadable and odd.requires_tool_call and odd.schema is None  # never passes for want of a schema
    assert CallSpec.from_llm_string("[('model', 'm'), ('stop', None)]") == CallSpec()
    auto = CallSpec.from_options({"tools": [{"name": "f", "parameters": {"type": "object"}}]})
    assert not auto.requires_tool_call and auto.task is None  # tool_choice auto: text answers it too


# ----------------------------------------------------------------------------- json_schema, both paths
def test_json_schema_structured_output_is_json_on_both_paths(global_cache: StepCacheLLMCache) -> None:
    model = StructuredChat(script=[ALICE, ALICE])
    structured = model.with_structured_output(Person, method="json_schema")
    assert structured.invoke(PROMPT) == Person(**ALICE)
    assert structured.invoke(PROMPT) == Person(**ALICE) and len(model.calls) == 1
    [entry] = _entries(global_cache.cache)
    assert entry.task == "json"  # the global cache read the response format's schema (was: text)
    set_llm_cache(None)
    engine = StepCache()
    wrapped = with_step_cache(StructuredChat(script=[ALICE]), engine).with_structured_output(
        Person, method="json_schema", include_raw=True
    )
    out = wrapped.invoke(PROMPT)
    assert _record(out["raw"])["task"] == "json" and out["parsed"] == Person(**ALICE)


@pytest.mark.parametrize("path", ["global", "wrapper"])
def test_an_answer_that_breaks_the_tool_schema_is_never_stored(path: str, global_cache: StepCacheLLMCache) -> None:
    model = StructuredChat(script=[WRONG_TYPE, WRONG_TYPE, WRONG_TYPE, WRONG_TYPE])
    if path == "global":
        bound = model.bind_tools([Person], tool_choice="Person")
        bound.invoke(PROMPT)
        bound.invoke(PROMPT)
        assert len(model.calls) == 2 and not _entries(global_cache.cache)
        assert global_cache.stats()["not_stored"] == {"failed verification": 2}
        assert "age" in global_cache.stats()["last_miss"]["errors"][0]
    else:
        set_llm_cache(None)
        engine = StepCache(max_repairs=0)
        out = with_step_cache(model, engine).bind_tools([Person], tool_choice="Person").invoke(PROMPT)
        assert _record(out)["task"] == "json" and _record(out)["verification"] == "unchecked"
        assert any("age" in e for e in _record(out)["errors"]) and not _entries(engine)


# ----------------------------------------------------------------------------- a tool request answered in text
def test_global_cache_never_stores_a_plain_text_answer_to_a_tool_request(global_cache: StepCacheLLMCache) -> None:
    model = StructuredChat(script=[PLAIN_TEXT, PLAIN_TEXT])
    structured = model.with_structured_output(Person)  # function calling: only a tool call answers
    structured.invoke(PROMPT)
    structured.invoke(PROMPT)  # not served from the cache: the model is asked again
    assert len(model.calls) == 2 and not _entries(global_cache.cache)
    stats = global_cache.stats()
    assert stats["not_stored"] == {"failed verification": 2} and stats["stored"] == 0
    record = stats["last_miss"]
    assert record["errors"] == [NOT_A_TOOL_CALL] and record["verification"] == "unchecked"


def test_global_cache_never_serves_a_cached_plain_answer_to_a_tool_request(global_cache: StepCacheLLMCache) -> None:
    model = StructuredChat(script=[ALICE])
    bound = model.with_structured_output(Person).first
    llm_string = bound.bound._get_llm_string(**bound.kwargs)
    # an entry planted under the request's key by an older version: plain text, no tool call
    schema = CallSpec.from_llm_string(llm_string).schema
    key = step_key("chat", read_llm_string(llm_string).key_string)  # the global cache's own key for it
    global_cache.cache.store_answer(
        PROMPT, PLAIN_TEXT, task="json", schema=schema, namespace="langchain", llm_key=key,
        metadata={"langchain": {"kind": "chat", "text": PLAIN_TEXT, "generations": [
            {"type": "chat", "message": {"type": "ai", "data": {"content": PLAIN_TEXT, "type": "ai"}}}]}},
    )
    assert global_cache.lookup(dumps([HumanMessage(PROMPT)]), llm_string) is None
    assert global_cache.stats()["miss_reasons"] == {"cached answer is not a tool call": 1}
    assert model.with_structured_output(Person).invoke(PROMPT) == Person(**ALICE) and len(model.calls) == 1


def test_wrapper_never_verifies_or_stores_a_plain_text_answer_to_a_tool_request() -> None:
    engine = StepCache()
    model = StructuredChat(script=[PLAIN_TEXT, PLAIN_TEXT])
    structured = with_step_cache(model, engine).with_structured_output(Person, include_raw=True)
    out = structured.invoke(PROMPT)
    record = _record(out["raw"])
    assert NOT_A_TOOL_CALL in record["errors"] and record["verification"] == "unchecked" and not record["verified"]
    assert record["repair_calls"] == 0 and not record["used_fallback"] and not _entries(engine)
    structured.invoke(PROMPT)
    assert len(model.calls) == 2  # nothing was stored, so nothing is served
    strict = with_step_cache(StructuredChat(script=[PLAIN_TEXT]), StepCache(strict=True))
    with pytest.raises(VerificationError):
        strict.with_structured_output(Person).invoke(PROMPT)


def test_wrapper_never_serves_a_cached_plain_answer_to_a_tool_request() -> None:
    engine = StepCache()
    model = StructuredChat(script=[ALICE])
    wrapper = with_step_cache(model, engine).bind_tools([Person], tool_choice="Person")
    key = wrapper.request_llm_key(wrapper._request(PROMPT), {})  # noqa: SLF001
    schema = wrapper.call_spec({}).schema
    engine.store_answer(PROMPT, PLAIN_TEXT, task="json", schema=schema, namespace="langchain", llm_key=key)
    assert engine.lookup(PROMPT, task="json", schema=schema, namespace="langchain", llm_key=key).outcome == "reuse"
    out = wrapper.invoke(PROMPT)
    assert len(model.calls) == 1 and out.tool_calls and out.tool_calls[0]["args"] == ALICE
    assert _record(out)["outcome"] == "miss"


def test_a_plain_text_answer_to_a_tool_request_is_not_replaced_by_the_fallback() -> None:
    # every value is stated by a plain request, so the JSON task has a deterministic fallback; it
    # is still no tool call, so the non-answer stays a failure (never served as proven, never stored)
    tool = {"type": "function", "function": {"name": "Person", "parameters": {
        "type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
        "required": ["name", "age"]}}}
    plain = 'Return a JSON object for a person with name "Alice", age 30. Required keys: name and age.'
    engine = StepCache()
    model = StructuredChat(script=["I cannot call tools today."])
    out = with_step_cache(model, engine).bind_tools([tool], tool_choice="Person").invoke(plain)
    record = _record(out)
    assert record["errors"][0] == NOT_A_TOOL_CALL and not record["used_fallback"]
    assert record["verification"] == "unchecked" and out.content == "I cannot call tools today."
    assert not out.tool_calls and not _entries(engine)
