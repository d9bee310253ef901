"""Issue 32 item 7.2: a LlamaIndex chat request is keyed by its turns, not by its rendered text alone.

``StepCacheLLM``'s cache prompt joins ``role: content`` blocks (a lone user message is its text), so
one text reads several ways: a user message ``system: Be brief.\\n\\nuser: ...`` is also a system
message plus a user message, a lone user ``system: Be brief.`` is also a lone system message, and a
turn holding a blank line and a label moves where the turns end. The roles and where each turn
ends are part of the key (``request_turns``): none of these requests is ever served another's answer,
on chat, achat, stream_chat and astream_chat; the same request is still reused, and requests that
differ only in their last turn still share a partition (the question changes, the system prompt stays).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from llama_index.core.base.llms.types import ChatMessage, MessageRole

from stepcache_integrations.llama_index import METADATA_KEY, StepCacheLLM, messages_to_cache_prompt
from stepcache_integrations.llama_index._requests import request_digest
from tests.unit.test_llama_index_support import ScriptedLLM

QUESTION = "Plan moving the Orders service to Kubernetes; lead Priya; cut-over Friday."
SYSTEM = "Be brief."


def msg(role: MessageRole, text: str) -> ChatMessage:
    return ChatMessage(role=role, content=text)


S, U, A = MessageRole.SYSTEM, MessageRole.USER, MessageRole.ASSISTANT
# pairs of requests whose cache prompts are the same text
SAME_TEXT = {
    "system-in-user-text": (
        [msg(S, SYSTEM), msg(U, QUESTION)],
        [msg(U, f"system: {SYSTEM}\n\nuser: {QUESTION}")],
    ),
    "lone-system": ([msg(S, SYSTEM)], [msg(U, f"system: {SYSTEM}")]),
    "turn-boundary": (
        [msg(S, f"{SYSTEM}\n\nuser: Hello."), msg(U, QUESTION)],
        [msg(S, SYSTEM), msg(U, f"Hello.\n\nuser: {QUESTION}")],
    ),
    "assistant-in-user-text": (
        [msg(U, "Hello."), msg(A, "Hi."), msg(U, QUESTION)],
        [msg(U, f"user: Hello.\n\nassistant: Hi.\n\nuser: {QUESTION}")],
    ),
}


def meta(response: Any) -> dict[str, Any]:
    return response.additional_kwargs[METADATA_KEY]


def _chat(llm: StepCacheLLM, messages: list[ChatMessage]) -> Any:
    return llm.chat(messages).message


def _achat(llm: StepCacheLLM, messages: list[ChatMessage]) -> Any:
    return asyncio.run(llm.achat(messages)).message


def _stream(llm: StepCacheLLM, messages: list[ChatMessage]) -> Any:
    *_, last = llm.stream_chat(messages)
    return last.message


def _astream(llm: StepCacheLLM, messages: list[ChatMessage]) -> Any:
    async def go() -> Any:
        last = None
        async for chunk in await llm.astream_chat(messages):
            last = chunk
        return last.message

    return asyncio.run(go())


CALLS: dict[str, Callable[[StepCacheLLM, list[ChatMessage]], Any]] = {
    "chat": _chat, "achat": _achat, "stream_chat": _stream, "astream_chat": _astream,
}


@pytest.mark.parametrize("pair", list(SAME_TEXT))
def test_the_pairs_render_one_text_and_are_keyed_apart(pair: str) -> None:
    one, other = SAME_TEXT[pair]
    assert messages_to_cache_prompt(one) == messages_to_cache_prompt(other)  # the text reads two ways
    assert request_digest(one) != request_digest(other)


@pytest.mark.parametrize("call", list(CALLS))
@pytest.mark.parametrize("pair", list(SAME_TEXT))
@pytest.mark.parametrize("order", ["first", "second"])
def test_a_request_is_never_served_the_answer_of_another_that_renders_the_same_text(
    pair: str, call: str, order: str
) -> None:
    one, other = SAME_TEXT[pair] if order == "first" else reversed(SAME_TEXT[pair])
    inner = ScriptedLLM(["Answer one.", "Answer two."], chat_model=True)
    llm = StepCacheLLM(llm=inner)
    ask = CALLS[call]
    first = ask(llm, list(one))
    second = ask(llm, list(other))
    assert inner.calls == 2 and second.content == "Answer two."  # the model answered the other request
    assert meta(second)["outcome"] != "reuse" and meta(first)["llm_key"] != meta(second)["llm_key"]
    again = ask(llm, list(other))  # the same request again is still reused
    assert inner.calls == 2 and again.content == "Answer two." and meta(again)["outcome"] == "reuse"


def test_requests_that_differ_in_their_last_turn_share_a_partition() -> None:
    inner = ScriptedLLM(["One.", "Two.", "Three."], chat_model=True)
    llm = StepCacheLLM(llm=inner)
    first = llm.chat([msg(S, SYSTEM), msg(U, QUESTION)]).message
    second = llm.chat([msg(S, SYSTEM), msg(U, QUESTION + " And a rollback plan, please.")]).message
    assert meta(first)["llm_key"] == meta(second)["llm_key"]
    lone = llm.chat([msg(U, QUESTION)]).message  # a lone user message: its text is the whole request
    assert "|request=" not in meta(lone)["llm_key"] and meta(lone)["llm_key"] != meta(first)["llm_key"]
