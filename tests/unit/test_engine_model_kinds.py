"""The adapters' model kinds: what the engine knows of LangChain and LlamaIndex lives in
``langchain/engine_model.py`` and ``llama_index/engine_model.py``. Their converters, the engine's
documented direct use (``StepCache.generate(prompt, chat_model)`` / ``(prompt, llama_index_llm)``),
the LlamaIndex stream finishing through ``adapters.flow.finish_step``, and no private name of the
project crossing a file of the model interface or the adapters."""

from __future__ import annotations

import asyncio
import json
import pathlib
import re
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompt_values import StringPromptValue
from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    CompletionResponseGen,
    MessageRole,
)
from llama_index.core.llms.callbacks import llm_completion_callback
from llama_index.core.llms.mock import MockLLM

import stepcache_integrations
from stepcache_integrations import ModelOutputError, StepCache
from stepcache_integrations.core.llm import as_model, call_llm, coerce_response
from stepcache_integrations.langchain import engine_model as lc
from stepcache_integrations.llama_index import StepCacheLLM
from stepcache_integrations.llama_index import engine_model as li
from stepcache_integrations.llama_index import llm as li_llm
from tests.unit.test_langchain_fakes import MATH_A, MATH_Q, ScriptedLLM, ai, scripted, usage
from tests.unit.test_llama_index_support import ScriptedLLM as ScriptedIndexLLM

MATH_Q26 = MATH_Q.replace("20", "26")
PKG_DIR = pathlib.Path(stepcache_integrations.__file__).parent


# ----------------------------------------------------------------------------- LangChain
def test_langchain_message_text_and_usage() -> None:
    assert lc.content_text("plain") == "plain" and lc.content_text(None) is None
    blocks = ["a", {"type": "text", "text": "b"}, {"type": "image_url", "image_url": {"url": "x"}}, {"type": "text"}]
    assert lc.content_text(blocks) == "ab"
    one = AIMessage(content="", tool_calls=[{"name": "f", "args": {"x": 1}, "id": "1"}])
    assert json.loads(lc.message_text(one)) == {"x": 1}
    two = AIMessage(content="", tool_calls=[{"name": "f", "args": {}, "id": "1"}, {"name": "g", "args": {}, "id": "2"}])
    assert json.loads(lc.message_text(two)) == [{"name": "f", "args": {}}, {"name": "g", "args": {}}]
    reported = lc.output_response(ai("four words of text", usage_metadata=usage(25, 31)), "p")
    assert (reported.text, reported.prompt_tokens, reported.completion_tokens) == ("four words of text", 25, 31)
    assert not reported.usage_estimated
    estimated = lc.output_response(AIMessage(content=[{"type": "text", "text": "abcd"}]), "prompt")
    assert estimated.text == "abcd" and estimated.usage_estimated and estimated.prompt_tokens == 2
    assert lc.output_response("text", "p").usage_estimated
    with pytest.raises(TypeError):
        lc.output_text(42)


def test_langchain_kind_reads_messages_and_calls_runnables_only() -> None:
    assert lc.read_output(AIMessage(content="hi"), "p").text == "hi"  # type: ignore[union-attr]
    assert lc.read_output(StringPromptValue(text="hi"), "p") is None
    assert lc.runnable_model(AIMessage(content="hi")) is None
    with pytest.raises(ModelOutputError, match="not text"):
        coerce_response(StringPromptValue(text="hi"), "p")  # a LangChain object, not an output
    with pytest.raises(ModelOutputError, match="cannot call"):
        call_llm(StringPromptValue(text="hi"), "p")  # a LangChain object, not a model
    model = scripted(ai(MATH_A, usage_metadata=usage(25, 31)))
    assert isinstance(as_model(model), lc.RunnableModel)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_the_engine_calls_langchain_models_directly(use_async: bool) -> None:
    cache = StepCache()

    def generate(prompt: str, model: Any, engine: StepCache = cache) -> Any:
        return asyncio.run(engine.agenerate(prompt, model)) if use_async else engine.generate(prompt, model)

    chat = scripted(ai(MATH_A, usage_metadata=usage(25, 31)))  # a chat model of the tests' own module
    first = generate(MATH_Q, chat)
    assert first.outcome == "miss" and first.verification == "proven" and first.stored_entry_id
    assert (first.prompt_tokens, first.completion_tokens) == (25, 31) and len(chat.calls) == 1
    assert generate(MATH_Q26, chat).outcome == "reinstantiate" and len(chat.calls) == 1
    in_chain = scripted(ai(MATH_A))
    chained = generate(MATH_Q, in_chain | StrOutputParser(), StepCache())  # a chain returning a string
    assert chained.text == MATH_A and chained.verification == "proven" and len(in_chain.calls) == 1
    blocks = scripted(AIMessage(content=[{"type": "text", "text": "Hello, team!"}]))
    assert generate("Greet the team in two words.", blocks).text == "Hello, team!"
    llm = ScriptedLLM(responses=["Alpha beta gamma delta."])  # a completion LLM: invoke returns a str
    assert generate("Name four Greek letters.", llm).text == "Alpha beta gamma delta."
    with pytest.raises(ModelOutputError, match="NUL"):
        generate("Say something with a NUL byte.", scripted(ai("bad\x00")))


# ----------------------------------------------------------------------------- LlamaIndex
def test_llama_index_response_text_and_raw_usage() -> None:
    completion = CompletionResponse(text="done", raw={"usage": {"prompt_tokens": 3, "completion_tokens": 1}})
    chat = ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content="said"), raw=None)
    assert li.response_text(completion) == "done" and li.response_text(chat) == "said"
    assert li.response_text("done") is None and li.response_text(SimpleNamespace(text="x")) is None
    assert li.raw_usage({"usage": {"input_tokens": 4, "output_tokens": 2}}) == (4, 2)
    assert li.raw_usage(SimpleNamespace(usage=SimpleNamespace(prompt_tokens=5, completion_tokens=6))) == (5, 6)
    assert li.raw_usage(SimpleNamespace(prompt_tokens=7, completion_tokens=8)) == (7, 8)  # raw is the usage
    assert li.raw_usage({"prompt_tokens": 7}) is None and li.raw_usage(None) is None
    read = li.read_response(completion, "p")
    assert read is not None and (read.text, read.prompt_tokens, read.completion_tokens) == ("done", 3, 1)
    chat_read = coerce_response(chat, "a prompt")
    assert chat_read.text == "said" and chat_read.usage_estimated
    assert li.read_response(ChatMessage(role=MessageRole.ASSISTANT, content="x"), "p") is None
    assert li.completion_model(chat) is None


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_the_engine_calls_llama_index_llms_directly(use_async: bool) -> None:
    cache = StepCache()

    def generate(prompt: str, model: Any) -> Any:
        return asyncio.run(cache.agenerate(prompt, model)) if use_async else cache.generate(prompt, model)

    inner = ScriptedIndexLLM([MATH_A])  # reports usage in raw, like an OpenAI response
    assert isinstance(as_model(inner), li.CompletionModel)
    first = generate(MATH_Q, inner)
    assert first.verification == "proven" and first.stored_entry_id and inner.prompts == [MATH_Q]
    assert (first.prompt_tokens, first.completion_tokens) == (len(MATH_Q.split()), len(MATH_A.split()))
    assert generate(MATH_Q26, inner).outcome == "reinstantiate" and inner.calls == 1
    echoed = generate("Say hello to the Orders team.", MockLLM())  # MockLLM echoes the prompt
    assert echoed.text == "Say hello to the Orders team." and echoed.model_calls == 1


class UsageStreamLLM(ScriptedIndexLLM):
    """Streams word by word; the last chunk carries the provider's usage in ``raw``."""

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        text = self._answer(prompt)
        tokens = re.findall(r"\S+\s*|\s+", text)

        def gen() -> CompletionResponseGen:
            acc = ""
            for i, token in enumerate(tokens):
                acc += token
                raw = {"usage": {"prompt_tokens": 101, "completion_tokens": 7}} if i == len(tokens) - 1 else None
                yield CompletionResponse(text=acc, delta=token, raw=raw)

        return gen()


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_llama_index_streams_finish_through_finish_step(use_async: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    finished: list[Any] = []
    real = li_llm.finish_step

    def spy(engine: Any, plan: Any, model: Any, raw: Any) -> Any:
        finished.append(raw)
        return real(engine, plan, model, raw)

    monkeypatch.setattr(li_llm, "finish_step", spy)
    llm = StepCacheLLM(llm=UsageStreamLLM(["Alpha beta gamma delta."]))
    prompt = "Name four Greek letters for the Orders team."

    async def astream() -> list[Any]:
        return [chunk async for chunk in await llm.astream_complete(prompt)]

    chunks = asyncio.run(astream()) if use_async else list(llm.stream_complete(prompt))
    record = chunks[-1].additional_kwargs["stepcache"]
    assert record["outcome"] == "miss" and record["stored_entry_id"] and record["streamed"]
    assert (record["prompt_tokens"], record["completion_tokens"]) == (101, 7)  # the last chunk's usage
    assert len(finished) == 1 and isinstance(finished[0], CompletionResponse)
    assert finished[0].text == "Alpha beta gamma delta." and finished[0].raw["usage"]["prompt_tokens"] == 101


# ----------------------------------------------------------------------------- structure
def _private_imports(path: pathlib.Path) -> list[str]:
    """Private names a file imports from another module of the package, or reads off one."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()
    found = []
    for node in ast.walk(tree):
        ours = isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("stepcache_integrations"))
        if isinstance(node, ast.ImportFrom) and ours:
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"from {'.' * node.level}{node.module or ''} import {alias.name}")
                if node.module is None:
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            if node.attr.startswith("_") and not node.attr.startswith("__"):
                found.append(f"{node.value.id}.{node.attr}")
    return found


def test_no_private_name_of_the_package_crosses_a_file_of_the_model_interface_or_the_adapters() -> None:
    paths = [PKG_DIR / "core" / "llm.py", PKG_DIR / "core" / "engine.py", *sorted((PKG_DIR / "adapters").glob("*.py"))]
    paths += sorted((PKG_DIR / "langchain").glob("*.py")) + sorted((PKG_DIR / "llama_index").glob("*.py"))
    crossing = {str(p.relative_to(PKG_DIR)): names for p in paths if (names := _private_imports(p))}
    assert crossing == {}
