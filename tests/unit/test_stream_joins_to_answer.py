"""Issue 32 item 7.3: a stream's deltas join to its final answer on every path, on every entry point.

A chat engine keeps what the deltas say (LlamaIndex's memory joins them; a LangChain consumer adds
the chunks). A JSON patch's model output is only the patched keys (``{"email": ...}``): streamed
live, the joined stream was half an object. Property: for every path (miss, reuse, re-instantiate,
JSON patch, prefix patch, a miss repaired after streaming) and every entry point
(``StepCacheLLM.stream_chat`` / ``astream_chat`` / ``stream_complete`` / ``astream_complete``,
``StepCacheRunnable.stream`` / ``astream`` around a chat model and a completion LLM),
``"".join(deltas)`` is the final text (each chunk's text is the text so far), and it is the checked
answer unless the record says the sent text was ``revised`` (then it is ``unchecked`` and the record
holds the checked text).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from llama_index.core.base.llms.types import ChatMessage, MessageRole

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import with_step_cache
from stepcache_integrations.llama_index import METADATA_KEY, StepCacheLLM
from tests.unit.test_langchain_fakes import RunRecorder, ScriptedLLM as LcLLM, scripted
from tests.unit.test_llama_index_support import ScriptedLLM

SYS = "Solve 3x + 5 = 20 and 2y - 7 = 11. Show your steps."
PREFIX = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\n"
SYS_ANSWER = PREFIX + "Step 3: Add 7 to both sides: 2y = 18.\nStep 4: Divide by 2: y = 9.\nAnswer: x = 5, y = 9"
SYS2 = SYS.replace("= 11", "= 13")
SUFFIX = "Step 3: Add 7 to both sides: 2y = 20.\nStep 4: Divide by 2: y = 10.\nAnswer: x = 5, y = 10"
MATH = "Solve 3x + 5 = 20 for x. Show your steps."
MATH_RIGHT = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
MATH_WRONG = MATH_RIGHT.replace("x = 5", "x = 6")


def person(name: str, keys: str) -> str:
    return f'Return a JSON object for a person with name "{name}", age 30. Required keys: {keys}.'


@dataclass(frozen=True)
class Path:
    """A cache, the requests answered before the streamed one, the streamed one, the model's answers."""

    cache: StepCache
    before: tuple[str, ...]
    prompt: str
    answers: tuple[str, ...]


def path_of(kind: str, name: str, email: str) -> Path:
    obj = json.dumps({"name": name, "age": 30})
    if kind == "miss":
        return Path(StepCache(), (), person(name, "name and age"), (f"Here it is:\n{obj}\nDone.",))
    if kind == "reuse":
        return Path(StepCache(), (person(name, "name and age"),), person(name, "name and age"), (obj,))
    if kind == "reinstantiate":
        return Path(StepCache(), (person("Alice", "name and age"),), person(name, "name and age"),
                    (json.dumps({"name": "Alice", "age": 30}), obj))
    if kind == "json-patch":
        return Path(StepCache(reinstantiate=False), (person(name, "name and age"),), person(name, "name, age and email"),
                    (obj, json.dumps({"email": email})))
    if kind == "prefix-patch":
        return Path(StepCache(reinstantiate=False, max_regen_share=0.8), (SYS,), SYS2, (SYS_ANSWER, SUFFIX))
    return Path(StepCache(), (), MATH, (MATH_WRONG, MATH_RIGHT, MATH_RIGHT))  # repaired after streaming


PATHS = ["miss", "reuse", "reinstantiate", "json-patch", "prefix-patch", "repaired"]
NAMES = st.sampled_from(["Bob", "Ann Lee", "Zoe", "Li"])  # an ASCII prompt: its key list is read
EMAILS = st.from_regex(r"[a-z]{1,8}@[a-z]{1,6}\.org", fullmatch=True)


# ----------------------------------------------------------------------------- LlamaIndex
def _li_stream(llm: StepCacheLLM, method: str, prompt: str) -> list[Any]:
    messages = [ChatMessage(role=MessageRole.USER, content=prompt)]
    if method == "stream_chat":
        return list(llm.stream_chat(messages))
    if method == "stream_complete":
        return list(llm.stream_complete(prompt))

    async def go() -> list[Any]:
        gen = await (llm.astream_chat(messages) if method == "astream_chat" else llm.astream_complete(prompt))
        return [chunk async for chunk in gen]

    return asyncio.run(go())


def _text(chunk: Any) -> str:
    return chunk.message.content if hasattr(chunk, "message") else chunk.text


def _check(joined: str, final: str, record: dict[str, Any], answer: str, kind: str) -> None:
    """``answer``: what the same request answers unstreamed (a fresh cache and model, same script)."""
    assert joined == final, (kind, joined, final)
    if record.get("revised"):  # sent text the checks replaced: labelled, the checked answer in the record
        assert record["verification"] == "unchecked" and record["text"] == answer, (kind, record)
    else:
        assert joined == answer, (kind, joined, answer)
    if kind not in ("miss", "repaired"):  # nothing sent is replaced: the checked answer streams whole
        assert not record.get("revised"), (kind, record)
    if kind == "json-patch":
        assert set(json.loads(joined)) == {"name", "age", "email"}  # the whole object, never the patch alone


def _li_model(path: Path, method: str) -> StepCacheLLM:
    llm = StepCacheLLM(llm=ScriptedLLM(list(path.answers), chat_model=method.endswith("chat")), cache=path.cache)
    for prompt in path.before:
        llm.complete(prompt)
    return llm


def _li_answer(path: Path, method: str) -> str:
    llm = _li_model(path, method)
    if method.endswith("chat"):
        return llm.chat([ChatMessage(role=MessageRole.USER, content=path.prompt)]).message.content
    return llm.complete(path.prompt).text


@pytest.mark.parametrize("method", ["stream_chat", "astream_chat", "stream_complete", "astream_complete"])
@pytest.mark.parametrize("kind", PATHS)
@settings(max_examples=8, deadline=None)
@given(name=NAMES, email=EMAILS)
def test_llama_index_stream_joins_to_the_final_text(kind: str, method: str, name: str, email: str) -> None:
    chunks = _li_stream(_li_model(path_of(kind, name, email), method), method, path_of(kind, name, email).prompt)
    deltas = [chunk.delta or "" for chunk in chunks]
    for i, chunk in enumerate(chunks):  # each chunk's text is the text sent so far
        assert _text(chunk) == "".join(deltas[: i + 1])
    answer = _li_answer(path_of(kind, name, email), method)
    _check("".join(deltas), _text(chunks[-1]), chunks[-1].additional_kwargs[METADATA_KEY], answer, kind)


# ----------------------------------------------------------------------------- LangChain wrapper
def _lc_stream(runnable: Any, prompt: str, asynchronous: bool, recorder: RunRecorder) -> list[Any]:
    config = {"callbacks": [recorder]}
    if not asynchronous:
        return list(runnable.stream(prompt, config))

    async def go() -> list[Any]:
        return [chunk async for chunk in runnable.astream(prompt, config)]

    return asyncio.run(go())


@pytest.mark.parametrize("asynchronous", [False, True])
@pytest.mark.parametrize("model", ["chat", "llm"])
@pytest.mark.parametrize("kind", PATHS)
@settings(max_examples=8, deadline=None)
@given(name=NAMES, email=EMAILS)
def test_langchain_wrapper_stream_joins_to_the_final_text(
    kind: str, model: str, asynchronous: bool, name: str, email: str
) -> None:
    recorder = RunRecorder()
    chunks = _lc_stream(_lc_model(path_of(kind, name, email), model), path_of(kind, name, email).prompt,
                        asynchronous, recorder)
    fresh = path_of(kind, name, email)
    answer = _lc_model(fresh, model).invoke(fresh.prompt)
    answer = answer.content if model == "chat" else answer
    texts = [chunk.content if model == "chat" else chunk for chunk in chunks]
    joined = "".join(texts)
    if model == "chat":
        final = chunks[0]
        for chunk in chunks[1:]:
            final = final + chunk
        record = chunks[-1].response_metadata["stepcache"]
        final_text = final.content
    else:
        record = [data for name_, data, _ in recorder.events if name_ == "stepcache"][-1]
        final_text = joined  # a completion LLM's stream is its text
    _check(joined, final_text, record, answer, kind)


def _lc_model(path: Path, model: str) -> Any:
    inner = scripted(*path.answers) if model == "chat" else LcLLM(responses=list(path.answers))
    wrapper = with_step_cache(inner, path.cache)
    for prompt in path.before:
        wrapper.invoke(prompt)
    return wrapper
