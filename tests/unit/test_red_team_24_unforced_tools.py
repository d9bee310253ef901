"""Red team 24: bound tools with no forced call (``tool_choice`` unset, "auto" or "none") are the exact tier's.

With tools bound and no forced call the model answers with a tool call of its choosing, several, or text; which,
and with which arguments, is its reading of the tools' names and prose, never the prompt's keys. The step tier
used to answer such a JSON request as a JSON task: the model's call ``save_person(full_name="Bob", years=41)`` came
back as ``save_person(name="Bob", age=41)`` stamped proven, a cached call was re-instantiated for the next person
with no model call, and a text object cached without tools was served where the model calls a tool. Now every such
request is the exact tier's: the same model with the same tools and the same request replays; anything else asks
the model, whose answer is returned as it gave it. A forced tool (its parameters the answer's schema) is unchanged.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.tools import StructuredTool
from pydantic import BaseModel, Field

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.test_langchain_fakes import StructuredChat

pytest.importorskip("langchain_openai")

ALICE = 'Return a JSON object with keys "name" and "age" for Alice, 30.'
BOB = 'Return a JSON object with keys "name" and "age" for Bob, 41.'


class SavePerson(BaseModel):
    full_name: str
    years: int


class Months(BaseModel):
    name: str
    age: int = Field(description="age in MONTHS (years * 12)")


def _tool(name: str, schema: type[BaseModel]) -> StructuredTool:
    return StructuredTool.from_function(func=lambda **_: "ok", name=name, description="Register a person.", args_schema=schema)


TOOLS = [(_tool("save_person", SavePerson), {"full_name": "Alice", "years": 30}, {"full_name": "Bob", "years": 41}),
         (_tool("register_months", Months), {"name": "Alice", "age": 360}, {"name": "Bob", "age": 492})]
CHOICES: list[dict[str, Any]] = [{}, {"tool_choice": "auto"}, {"tool_choice": "none"}]


@pytest.fixture
def global_cache() -> Iterator[None]:
    set_llm_cache(StepCacheLLMCache())
    try:
        yield
    finally:
        set_llm_cache(None)


def _calls(message: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(c["name"], c["args"]) for c in message.tool_calls]


@pytest.mark.parametrize("choice", CHOICES)
@pytest.mark.parametrize(("tool", "first", "second"), TOOLS)
def test_wrapper_returns_the_models_tool_call_and_never_rewrites_it(tool: StructuredTool, first: dict[str, Any],
                                                                    second: dict[str, Any], choice: dict[str, Any]) -> None:
    model = StructuredChat(script=[first, second])
    bound = with_step_cache(model, StepCache()).bind_tools([tool], **choice)
    cold = bound.invoke(ALICE)
    assert _calls(cold) == [(tool.name, first)] and cold.response_metadata["stepcache"]["verification"] != "proven"
    changed = bound.invoke(BOB)  # T5: never a re-instantiated call
    record = changed.response_metadata["stepcache"]
    assert len(model.calls) == 2 and _calls(changed) == [(tool.name, second)], (record, changed.tool_calls)
    assert record["tier"] == "exact" and not record["verified"]
    again = bound.invoke(BOB)  # the same request replays from the exact tier
    assert len(model.calls) == 2 and _calls(again) == [(tool.name, second)]


@pytest.mark.parametrize("choice", CHOICES)
def test_a_text_object_cached_without_tools_is_never_served_to_a_request_with_tools(choice: dict[str, Any]) -> None:
    tool, _first, second = TOOLS[0]
    model = StructuredChat(script=['{"name": "Alice", "age": 30}', second])
    cache = StepCache()
    with_step_cache(model, cache).invoke(ALICE)  # T2: a text object, no tools
    answered = with_step_cache(model, cache).bind_tools([tool], **choice).invoke(BOB)
    assert len(model.calls) == 2 and _calls(answered) == [(tool.name, second)]


@pytest.mark.usefixtures("global_cache")
@pytest.mark.parametrize("choice", CHOICES)
@pytest.mark.parametrize(("tool", "first", "second"), TOOLS)
def test_global_cache_keeps_the_models_tool_calls(tool: StructuredTool, first: dict[str, Any], second: dict[str, Any],
                                                  choice: dict[str, Any]) -> None:
    model = StructuredChat(script=['{"name": "Alice", "age": 30}', first, second])
    model.invoke(ALICE)  # a text object cached without tools
    bound = model.bind_tools([tool], **choice)
    assert _calls(bound.invoke(ALICE)) == [(tool.name, first)] and len(model.calls) == 2
    assert _calls(bound.invoke(BOB)) == [(tool.name, second)] and len(model.calls) == 3
    assert _calls(bound.invoke(BOB)) == [(tool.name, second)] and len(model.calls) == 3  # replayed as stored


# ---------------------------------------------------------------- red team 24b: a response format given as a class
class Months(BaseModel):  # type: ignore[no-redef]
    name: str
    age: int = Field(description="age in MONTHS (years * 12)")


def test_a_response_format_written_as_a_class_repr_is_no_claim() -> None:
    # ChatOpenAI's with_structured_output(method="json_schema") binds the pydantic class itself: LangChain's
    # llm_string holds its repr, which was read as no response format (its field descriptions ignored)
    from stepcache_integrations.langchain._requests import options_reasons, params_of

    llm_string = ('{"id": ["langchain", "chat_models", "openai", "ChatOpenAI"], "kwargs": {"model_name": "m"}, "lc": 1, '
                  '"type": "constructor"}---[(\'http_client\', <object object at 0x7f>), '
                  '(\'response_format\', <class \'__main__.Months\'>), (\'stop\', None)]')
    params = params_of(llm_string)
    assert params is not None and params["http_client"] is None and params["response_format"] is not None
    assert options_reasons(llm_string, json_task=True) == ["response_format is set (not modelled)"]


@pytest.mark.usefixtures("global_cache")
def test_global_cache_never_reinstantiates_under_a_class_response_format() -> None:
    from tests.unit.test_langchain_fakes import ScriptedChat

    model = ScriptedChat(messages=iter(['{"name": "Alice", "age": 0}', '{"name": "Bob", "age": 492}']))
    bound = model.bind(response_format=Months)  # a class, as ChatOpenAI's json_schema method binds it
    assert bound.invoke('Return a JSON object with keys "name" and "age" for Alice, 0.').content == '{"name": "Alice", "age": 0}'
    served = bound.invoke('Return a JSON object with keys "name" and "age" for Bob, 41.')
    assert len(model.calls) == 2 and served.content == '{"name": "Bob", "age": 492}'


def test_a_tool_written_as_an_object_repr_is_no_claim() -> None:
    from stepcache_integrations.langchain._requests import TOOLS_BOUND, options_reasons

    llm_string = ('{"id": ["langchain", "chat_models", "openai", "ChatOpenAI"], "kwargs": {"model_name": "m"}, "lc": 1, '
                  '"type": "constructor"}---[(\'stop\', None), (\'tool_choice\', \'required\'), (\'tools\', [<object object at 0x7f>])]')
    assert TOOLS_BOUND in options_reasons(llm_string, json_task=True)


def test_the_wrapper_reads_unforced_tools_from_its_call_options_when_llm_string_says_nothing() -> None:
    # a model whose llm_string shows no option (its own _get_llm_string): the bound tools are read from the
    # wrapper's call options, so TOOLS_BOUND decides, not a json-only rule
    from stepcache_integrations.langchain._requests import TOOLS_BOUND

    class Opaque(StructuredChat):
        def _get_llm_string(self, stop: Any = None, **kwargs: Any) -> str:
            return "opaque-model"

    tool, first, second = TOOLS[0]
    model = Opaque(script=[first, second])
    bound = with_step_cache(model, StepCache()).bind_tools([tool], tool_choice="auto")
    out = bound.invoke(ALICE)
    record = out.response_metadata["stepcache"]
    assert record["tier"] == "exact" and TOOLS_BOUND in record["tier_reasons"], record
    assert _calls(bound.invoke(BOB)) == [(tool.name, second)] and len(model.calls) == 2
