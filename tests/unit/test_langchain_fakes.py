"""Scripted LangChain fake models shared by the LangChain adapter tests (plus a check of the fakes).

Built on langchain-core's own fakes (``GenericFakeChatModel``, ``FakeListLLM``); they
record every prompt they receive, so tests can assert "no model call on reuse", and have
a ``model_name`` in their identifying params, like real models, so two instances get
different ``llm_string``s.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any
from uuid import UUID

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.globals import set_llm_cache
from langchain_core.language_models import FakeListLLM, GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field, PrivateAttr

from stepcache_integrations.langchain import StepCacheLLMCache

# Realistic scripted answers --------------------------------------------------------------
MATH_Q = "Solve 3x + 5 = 20 for x. Show your steps."
MATH_A = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
MATH_Q2 = "Solve 3x + 5 = 26 for x. Show your steps."
MATH_WRONG = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 6.\nAnswer: x = 6"

SYS_Q = "Solve 3x + 5 = 20 and 2y - 7 = 11. Show your steps."
SYS_A = (
    "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\n"
    "Step 3: Add 7 to both sides: 2y = 18.\nStep 4: Divide by 2: y = 9.\nAnswer: x = 5, y = 9"
)
SYS_Q2 = "Solve 3x + 5 = 20 and 2y - 7 = 13. Show your steps."
SYS_SUFFIX = "Step 3: Add 7 to both sides: 2y = 20.\nStep 4: Divide by 2: y = 10.\nAnswer: x = 5, y = 10"

# the person's values are worded ("named Alice"): no statement of the closed grammar, so a changed
# name proves nothing and the whole object goes to the model
JSON_Q = 'Return a JSON object with keys name, city and age for a person named Alice, age 30, city "Paris".'
JSON_A = 'Sure! Here is the record:\n{"name": "Alice", "city": "Paris", "age": 30}\nLet me know if you need more.'
JSON_Q2 = 'Return a JSON object with keys name, city and age for a person named Bob, age 30, city "Paris".'


def usage(prompt_tokens: int, completion_tokens: int) -> dict[str, int]:
    return {
        "input_tokens": prompt_tokens,
        "output_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def ai(content: str = "", **kwargs: Any) -> AIMessage:
    kwargs.setdefault("usage_metadata", usage(40, max(1, len(content) // 4)))
    return AIMessage(content=content, **kwargs)


class ScriptedChat(GenericFakeChatModel):
    """``GenericFakeChatModel`` that records the prompts it answers and has a model name."""

    model_name: str = "scripted-chat"
    # the call log is private: a public field the adapters do not know makes a request no claim
    _calls: list[list[BaseMessage]] = PrivateAttr(default_factory=list)

    @property
    def calls(self) -> list[list[BaseMessage]]:
        return self._calls

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_name": self.model_name}

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        self.calls.append(list(messages))
        return super()._generate(messages, *args, **kwargs)

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any) -> Any:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], tool_choice=tool_choice, **kwargs)

    @property
    def last_prompt(self) -> str:
        return str(self.calls[-1][-1].content)


def scripted(*answers: AIMessage | str, name: str = "scripted-chat") -> ScriptedChat:
    return ScriptedChat(messages=iter([ai(a) if isinstance(a, str) else a for a in answers]), model_name=name)


class ScriptedLLM(FakeListLLM):
    """``FakeListLLM`` that records the prompts it answers."""

    _calls: list[str] = PrivateAttr(default_factory=list)

    @property
    def calls(self) -> list[str]:
        return self._calls

    def _call(self, prompt: str, *args: Any, **kwargs: Any) -> str:
        self.calls.append(prompt)
        return super()._call(prompt, *args, **kwargs)


class RunRecorder(BaseCallbackHandler):
    """Records run starts (with parents) and custom events."""

    def __init__(self) -> None:
        self.chains: list[tuple[str, UUID, UUID | None]] = []
        self.models: list[tuple[UUID, UUID | None]] = []
        self.events: list[tuple[str, Any, UUID]] = []

    def on_chain_start(
        self, serialized: Any, inputs: Any, *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> None:
        self.chains.append((kwargs.get("name") or "", run_id, parent_run_id))

    def on_chat_model_start(
        self, serialized: Any, messages: Any, *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> None:
        self.models.append((run_id, parent_run_id))

    def on_llm_start(
        self, serialized: Any, prompts: Any, *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> None:
        self.models.append((run_id, parent_run_id))

    def on_custom_event(self, name: str, data: Any, *, run_id: UUID, **kwargs: Any) -> None:
        self.events.append((name, data, run_id))


class StructuredChat(ScriptedChat):
    """A scripted chat model that answers like a provider with tools and JSON schemas.

    Each scripted answer is a dict (or a string for plain text). With tools bound it
    becomes a real tool call of the first bound tool (the function-calling method and
    ``bind_tools``); with a ``response_format`` bound it becomes JSON content plus
    ``additional_kwargs["parsed"]`` (ChatOpenAI's ``json_schema`` method).
    """

    messages: Any = Field(default_factory=lambda: iter(()))
    # the scripted answers are private, like the call log (a public field would make no claim)
    _script: list[Any] = PrivateAttr(default_factory=list)

    def __init__(self, script: list[Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._script = list(script or ())

    @property
    def script(self) -> list[Any]:
        return self._script

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        from langchain_core.outputs import ChatGeneration

        self.calls.append(list(messages))
        answer = self.script[len(self.calls) - 1]
        if isinstance(answer, str):
            message = ai(answer)
        elif kwargs.get("tools"):
            name = kwargs["tools"][0]["function"]["name"]
            call = {"name": name, "args": answer, "id": f"call_{len(self.calls)}", "type": "tool_call"}
            message = AIMessage(content="", tool_calls=[call], usage_metadata=usage(40, 12))
        elif kwargs.get("response_format"):
            schema = kwargs["response_format"].get("schema_class")
            try:  # a provider parses only what validates against the schema
                parsed = schema.model_validate(answer) if schema is not None else dict(answer)
            except ValueError:
                parsed = None
            message = ai(json.dumps(answer), additional_kwargs={"parsed": parsed} if parsed is not None else {})
        else:
            message = ai(json.dumps(answer))
        return ChatResult(generations=[ChatGeneration(message=message)])

    def with_structured_output(self, schema: Any, *, include_raw: bool = False, method: str = "function_calling", **kwargs: Any) -> Any:
        if method != "json_schema":
            return super().with_structured_output(schema, include_raw=include_raw, **kwargs)
        from langchain_core.runnables import RunnableLambda
        from langchain_openai.chat_models.base import _oai_structured_outputs_parser

        fmt = {"type": "json_schema", "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema()}}
        bound = self.bind(
            response_format={**fmt, "schema_class": schema},
            ls_structured_output_format={"kwargs": {"method": "json_schema"}, "schema": schema},
        )
        parser = RunnableLambda(lambda m: _oai_structured_outputs_parser(m, schema))
        if include_raw:
            from langchain_core.runnables import RunnableMap

            def parse(d: dict[str, Any]) -> dict[str, Any]:  # like ChatOpenAI: errors go to parsing_error
                try:
                    return {**d, "parsed": parser.invoke(d["raw"]), "parsing_error": None}
                except ValueError as exc:
                    return {**d, "parsed": None, "parsing_error": exc}

            return RunnableMap(raw=bound) | RunnableLambda(parse)
        return bound | parser


@pytest.fixture
def global_cache() -> Iterator[StepCacheLLMCache]:
    """A fresh StepCacheLLMCache set as LangChain's global cache for one test."""
    cache = StepCacheLLMCache()
    set_llm_cache(cache)
    try:
        yield cache
    finally:
        set_llm_cache(None)


def chunks_text(chunks: Iterator[Any]) -> list[str]:
    return [c.content if hasattr(c, "content") else c for c in chunks]


# The fakes themselves ------------------------------------------------------------------
def test_scripted_chat_records_calls_and_names_differ() -> None:
    a, b = scripted("one"), scripted("two", name="other-model")
    assert a.invoke("hi").content == "one"
    assert len(a.calls) == 1 and not b.calls
    assert a._get_llm_string() != b._get_llm_string()


def test_scripted_llm_records_calls() -> None:
    llm = ScriptedLLM(responses=["x"])
    assert llm.invoke("p") == "x"
    assert llm.calls == ["p"]
