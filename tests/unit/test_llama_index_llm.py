"""StepCacheLLM as a LlamaIndex LLM: outcomes, metadata, streaming, async, callbacks, tools."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.callbacks import CallbackManager, LlamaDebugHandler
from llama_index.core.llms import LLM
from llama_index.core.llms.function_calling import FunctionCallingLLM
from llama_index.core.llms.mock import MockFunctionCallingLLM, MockLLM
from llama_index.core.prompts import PromptTemplate
from llama_index.core.tools import FunctionTool

from stepcache_integrations import StepCache
from stepcache_integrations.llama_index import (
    METADATA_KEY,
    StepCacheFunctionCallingLLM,
    StepCacheLLM,
    messages_to_cache_prompt,
)
from tests.unit.test_llama_index_support import (  # noqa: F401 - fixtures
    EventCollector,
    ScriptedLLM,
    events,
    offline_settings,
)

PLAN = "Plan moving the Orders service to Kubernetes; lead Priya; cut-over Friday."
PLAN_ANSWER = (
    "1. Containerise Orders.\n2. Priya reviews the chart.\n3. Switch traffic on Friday.\n4. Remove old VMs."
)
# Prefix patches: a free-text step is never proven across a content change (issue 11), so the
# patch tests use a system of equations whose second equation changes: the x steps are proven
# and kept, the model regenerates from the first y step.
SYS = "Solve 3x + 5 = 20 and 2y - 7 = 11. Show your steps."
PREFIX = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\n"
SYS_ANSWER = PREFIX + "Step 3: Add 7 to both sides: 2y = 18.\nStep 4: Divide by 2: y = 9.\nAnswer: x = 5, y = 9"
SYS2 = SYS.replace("= 11", "= 13")
SUFFIX = "Step 3: Add 7 to both sides: 2y = 20.\nStep 4: Divide by 2: y = 10.\nAnswer: x = 5, y = 10"


def passed_unchecked(record: dict) -> bool:
    """Free text: the answer passed its checks (no errors), but no checker judged it."""
    return record["verification"] == "unchecked" and not record["errors"] and record["verified"] is False


def patching_cache() -> StepCache:
    """A cache that patches instead of re-instantiating, and lets 3 of 5 steps be regenerated."""
    return StepCache(reinstantiate=False, max_regen_share=0.8)


def user(text: str) -> list[ChatMessage]:
    return [ChatMessage(role=MessageRole.USER, content=text)]


def meta(response: Any) -> dict[str, Any]:
    return response.additional_kwargs[METADATA_KEY]


# -- construction --------------------------------------------------------------------------
def test_wraps_any_llm_and_exposes_inner_metadata() -> None:
    inner = ScriptedLLM(["x"], chat_model=True, model_name="m-1")
    llm = StepCacheLLM(llm=inner)
    assert type(llm) is StepCacheLLM and isinstance(llm, LLM)
    assert llm.llm is inner and isinstance(llm.cache, StepCache)
    assert llm.metadata == inner.metadata and llm.metadata.is_chat_model
    assert not llm.metadata.is_function_calling_model  # LlamaIndex picks text-based paths
    assert llm.class_name() == "StepCacheLLM" and llm.namespace == "llama_index"
    assert "ScriptedLLM" in llm.llm_key_for() and "m-1" in llm.llm_key_for()
    with pytest.raises(TypeError, match="does not call functions"):
        llm.chat_with_tools([], user_msg="hi")
    reply = llm.chat(user("hi"))
    assert llm.get_tool_calls_from_response(reply, error_on_no_tool_call=False) == []


def test_one_class_for_every_inner_model() -> None:
    """No silent subclass: one class; StepCacheFunctionCallingLLM is an alias of it."""
    llm = StepCacheLLM(llm=MockFunctionCallingLLM())
    assert type(llm) is StepCacheLLM and StepCacheFunctionCallingLLM is StepCacheLLM
    assert isinstance(llm, FunctionCallingLLM) and llm.metadata.is_function_calling_model
    with pytest.raises(TypeError):
        StepCacheLLM(llm=lambda prompt: prompt)  # type: ignore[arg-type]


def test_json_schema_option_and_store_passthrough() -> None:
    from stepcache_integrations.stores import InMemoryStore

    schema = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    assert StepCacheLLM(llm=MockLLM(), json_schema=schema).json_schema == schema
    aliased = StepCacheLLM(llm=MockLLM(), schema=schema)
    assert aliased.json_schema == schema and aliased.cache_schema == schema
    with pytest.raises(ValueError):
        StepCacheLLM(llm=MockLLM(), json_schema=schema, schema=schema)
    store = InMemoryStore()
    llm = StepCacheLLM(llm=ScriptedLLM([PLAN_ANSWER]), store=store)
    assert llm.cache.store is store
    llm.complete(PLAN)
    assert store.count() == 1
    with pytest.raises(ValueError):
        StepCacheLLM(llm=MockLLM(), cache=StepCache(), store=store)


def test_llm_key_separates_models_and_parameters() -> None:
    a = StepCacheLLM(llm=MockLLM(max_tokens=5)).llm_key_for()
    b = StepCacheLLM(llm=MockLLM(max_tokens=50)).llm_key_for()
    assert a != b
    llm = StepCacheLLM(llm=MockLLM(max_tokens=5), llm_key="mine", namespace="ns")
    assert llm.llm_key_for() == "mine" and llm.llm_key_for({"temperature": 0.5}) != "mine"


def test_llm_key_separates_endpoints_headers_and_custom_fields() -> None:
    """R7: two models called "m" at different endpoints (or with other headers, or another value of
    a field of a custom LLM) never share entries; the api key is in the key as a digest only."""
    from llama_index.llms.openai_like import OpenAILike

    def key(**changes: Any) -> str:
        base = {"model": "m", "api_base": "http://127.0.0.1:1/v1", "api_key": "sk-a", "is_chat_model": True}
        return StepCacheLLM(llm=OpenAILike(**{**base, **changes})).llm_key_for()

    assert key() == key()
    others = [key(api_base="http://127.0.0.1:2/v1"), key(default_headers={"X-Lang": "fr"}), key(api_key="sk-b")]
    assert len({key(), *others}) == 4 and not any("sk-" in k for k in (key(), *others))

    class Lang(ScriptedLLM):
        lang: str = "en"

    shared = StepCache()
    english, french = Lang(["Red, blue, yellow."]), Lang(["Rouge, bleu, jaune."], lang="fr")
    assert StepCacheLLM(llm=english, cache=shared).complete(PLAN).text == "Red, blue, yellow."
    assert StepCacheLLM(llm=french, cache=shared).complete(PLAN).text == "Rouge, bleu, jaune."
    assert french.calls == 1


def step_entries(cache: StepCache) -> int:
    """Entries of the step tier (the exact tier's own are ``task == "exact"``)."""
    return sum(1 for entry, _ in cache.store.iter_items() if entry.task != "exact")


def test_stop_sequences_are_the_exact_tiers_and_length_limits_read_by_the_length_rule() -> None:
    """R5: a stop sequence changes what a right answer is: the model's own text, replayed only for
    exactly the same request (the exact tier), never verified. A length limit is read by the length
    rule: the model stopped at it (as many tokens as the limit), so its answer is its own, never served
    from the cache (call kwargs and the inner model's fields alike)."""
    inner = ScriptedLLM(lambda _p: "14 * 14 ")
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    first = llm.complete("What is 14 * 14?", stop=["="])
    assert first.text == "14 * 14 " and inner.calls == 1
    assert (meta(first)["tier"], meta(first)["outcome"], meta(first)["verified"]) == ("exact", "miss", False)
    limited = llm.complete("What is 14 * 14?", max_tokens=3)
    assert limited.text == "14 * 14 " and inner.calls == 2, "the model's answer under its limit was replaced"
    assert meta(limited)["tier"] == "step" and not meta(limited)["verified"]
    again = llm.complete("What is 14 * 14?", stop=["="])
    assert again.text == "14 * 14 " and inner.calls == 2 and meta(again)["outcome"] == "exact"
    assert meta(again)["matched_entry_id"] == meta(first)["stored_entry_id"] and not meta(again)["verified"]
    other = llm.complete("What is 14 * 14?", stop=["*"])  # another stop sequence: another request
    assert inner.calls == 3 and meta(other)["outcome"] == "miss"
    assert step_entries(llm.cache) == 0
    limited = StepCacheLLM(llm=MockLLM(max_tokens=3), cache=StepCache())  # answers "text text text"
    for _ in (1, 2):
        out = limited.complete("What is 14 * 14?")
        assert out.text == "text text text" and meta(out)["tier"] == "step" and meta(out)["model_calls"] == 1
        assert not meta(out)["verified"] and "fallback" not in meta(out)["provenance"]


# -- completion ----------------------------------------------------------------------------
def test_complete_miss_then_reuse_without_model_call() -> None:
    inner = ScriptedLLM([PLAN_ANSWER])
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    first = llm.complete(PLAN)
    assert first.text == PLAN_ANSWER and meta(first)["outcome"] == "miss"
    assert meta(first)["model_calls"] == 1 and meta(first)["stored_entry_id"]
    assert meta(first)["prompt_tokens"] == len(PLAN.split())  # usage from the inner response
    second = llm.complete(PLAN)
    assert second.text == PLAN_ANSWER and inner.calls == 1
    info = meta(second)
    assert info["outcome"] == "reuse" and passed_unchecked(info) and info["model_calls"] == 0
    assert info["provenance"] == ["reused"] * 4 and info["tokens_saved"] > 0
    assert info["namespace"] == "llama_index" and info["llm_key"] == llm.llm_key_for()


def test_complete_patch_regenerates_only_the_stale_step() -> None:
    inner = ScriptedLLM([SYS_ANSWER, SUFFIX])
    llm = StepCacheLLM(llm=inner, cache=patching_cache())
    llm.complete(SYS)
    patched = llm.complete(SYS2)
    info = meta(patched)
    assert info["outcome"] == "patch" and info["verified"] and inner.calls == 2
    assert info["provenance"] == ["reused", "reused", "regenerated", "regenerated", "regenerated"]
    assert "y = 9" not in patched.text and patched.text.startswith(PREFIX)
    assert "already written and checked" in inner.prompts[-1]


def test_complete_reinstantiates_a_changed_name_when_prose_reinstantiation_is_on() -> None:
    from stepcache_integrations import JsonTask, LinearEquationTask, StepCache, TaskRegistry, TextTask

    tasks = TaskRegistry([JsonTask(), LinearEquationTask(), TextTask(reinstantiate=True)])
    inner = ScriptedLLM([PLAN_ANSWER])
    llm = StepCacheLLM(llm=inner, cache=StepCache(tasks=tasks))
    llm.complete(PLAN)
    again = llm.complete(PLAN.replace("Friday", "Monday"))
    assert meta(again)["outcome"] == "reinstantiate" and inner.calls == 1
    assert "Monday" in again.text and "Friday" not in again.text


def test_complete_sends_a_changed_name_to_the_model_by_default() -> None:
    inner = ScriptedLLM([PLAN_ANSWER, "3. Switch traffic on Monday and watch error rates.\n4. Remove old VMs."])
    llm = StepCacheLLM(llm=inner)
    llm.complete(PLAN)
    again = llm.complete(PLAN.replace("Friday", "Monday"))
    assert meta(again)["outcome"] in ("patch", "skip_reuse") and inner.calls == 2
    assert "Friday" not in again.text


# -- chat ----------------------------------------------------------------------------------
def test_chat_miss_then_reuse_returns_assistant_message_with_metadata() -> None:
    inner = ScriptedLLM([PLAN_ANSWER], chat_model=True)
    llm = StepCacheLLM(llm=inner)
    messages = [ChatMessage(role="system", content="You plan migrations."), *user(PLAN)]
    first = llm.chat(messages)
    assert first.message.role == MessageRole.ASSISTANT and first.message.content == PLAN_ANSWER
    assert meta(first)["outcome"] == "miss"
    second = llm.chat(messages)
    assert inner.calls == 1 and second.message.content == PLAN_ANSWER
    assert second.message.additional_kwargs[METADATA_KEY]["outcome"] == "reuse"
    assert meta(second)["provenance"] == ["reused"] * 4
    stored = llm.cache.store.get(meta(first)["stored_entry_id"])
    assert stored is not None and stored.prompt == messages_to_cache_prompt(messages)
    assert stored.prompt == f"system: You plan migrations.\n\nuser: {PLAN}"


def test_chat_patch_extends_the_last_user_message() -> None:
    inner = ScriptedLLM([SYS_ANSWER, SUFFIX], chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=patching_cache())
    llm.chat(user(SYS))
    patched = llm.chat(user(SYS2))
    assert meta(patched)["outcome"] == "patch" and inner.calls == 2
    sent = inner.chats[-1]
    assert len(sent) == 1 and sent[0].role == MessageRole.USER
    assert sent[0].content.startswith(SYS2)
    assert PREFIX.strip() in sent[0].content
    assert patched.message.content.startswith(PREFIX) and patched.message.content.endswith(SUFFIX)


def test_direct_chat_follow_up_is_scoped_to_its_conversation() -> None:
    inner = ScriptedLLM(["Sure.", "Done.", "Done."], chat_model=True)
    llm = StepCacheLLM(llm=inner)
    first = llm.chat(user("Say sure."))
    assert "|conversation=" not in meta(first)["llm_key"]  # a first turn: reusable across sessions
    history = [*user("Say sure."), first.message, *user("Now say done.")]
    follow = llm.chat(history)
    assert meta(follow)["outcome"] == "miss" and "|conversation=" in meta(follow)["llm_key"]
    assert meta(llm.chat(history))["outcome"] == "reuse" and inner.calls == 2  # the same conversation again
    other = [*user("Say fine."), ChatMessage(role=MessageRole.ASSISTANT, content="Fine."), *user("Now say done.")]
    assert meta(llm.chat(other))["outcome"] == "miss" and inner.calls == 3  # another conversation


def test_a_follow_up_scope_is_the_conversation_exactly_as_written() -> None:
    inner = ScriptedLLM(["Done.", "Done."], chat_model=True)
    llm = StepCacheLLM(llm=inner)

    def history(first: str) -> list[ChatMessage]:
        return [*user(first), ChatMessage(role=MessageRole.ASSISTANT, content="Sure."), *user("Now say done.")]

    one = meta(llm.chat(history("Say sure.\nPlease.")))
    crlf = meta(llm.chat(history("Say sure.\r\nPlease.")))  # another earlier turn: another conversation
    assert one["llm_key"] != crlf["llm_key"] and crlf["outcome"] == "miss" and inner.calls == 2


def test_history_metadata_is_not_sent_to_the_inner_model() -> None:
    inner = ScriptedLLM(["Sure.", "Done."], chat_model=True)
    llm = StepCacheLLM(llm=inner)
    reply = llm.chat(user("Say sure."))
    history = [*user("Say sure."), reply.message, *user("Now say done.")]
    llm.chat(history)
    assert all(METADATA_KEY not in m.additional_kwargs for m in inner.chats[-1])
    assert METADATA_KEY in reply.message.additional_kwargs  # the caller's message is untouched


def test_predict_routes_by_is_chat_model_and_both_paths_are_cached() -> None:
    prompt = PromptTemplate("Plan moving the {svc} service to Kubernetes; lead Priya; cut-over Friday.")
    for chat_model in (True, False):
        inner = ScriptedLLM([PLAN_ANSWER], chat_model=chat_model)
        llm = StepCacheLLM(llm=inner)
        assert llm.predict(prompt, svc="Orders") == PLAN_ANSWER
        assert llm.predict(prompt, svc="Orders") == PLAN_ANSWER
        assert inner.calls == 1
        assert len(inner.chats) == (1 if chat_model else 0)
        (entry,) = [hit.entry for hit in llm.cache.store.search(llm.cache.embedder.embed(PLAN), namespace="llama_index", llm_key=llm.llm_key_for(), k=1)]
        # A lone user message is its own text: chat() and complete() of one request share the entry.
        assert entry.prompt == PLAN


def test_chat_and_complete_of_the_same_request_share_one_entry_on_a_chat_model() -> None:
    inner = ScriptedLLM([PLAN_ANSWER], chat_model=True)  # complete() sends the prompt as one user message
    llm = StepCacheLLM(llm=inner)
    llm.complete(PLAN)
    reply = llm.chat([ChatMessage(role=MessageRole.USER, content=PLAN)])
    assert inner.calls == 1 and reply.message.content == PLAN_ANSWER
    assert meta(reply)["outcome"] == "reuse"


def test_chat_and_complete_never_share_on_a_completion_model() -> None:
    """Blind red team round 14: a completion model's chat() renders the messages into another prompt
    ("user: ...\nassistant: ") than complete() sends, so the model answers another request."""
    inner = ScriptedLLM([PLAN_ANSWER, "Another answer."])
    llm = StepCacheLLM(llm=inner)
    llm.complete(PLAN)
    reply = llm.chat([ChatMessage(role=MessageRole.USER, content=PLAN)])
    assert inner.calls == 2 and reply.message.content == "Another answer."


# -- streaming -----------------------------------------------------------------------------
def test_stream_complete_reuse_streams_steps_at_once_without_model() -> None:
    inner = ScriptedLLM([PLAN_ANSWER])
    llm = StepCacheLLM(llm=inner)
    llm.complete(PLAN)
    chunks = list(llm.stream_complete(PLAN))
    assert inner.calls == 1
    assert [c.delta for c in chunks] == ["1. Containerise Orders.\n", "2. Priya reviews the chart.\n",
                                          "3. Switch traffic on Friday.\n", "4. Remove old VMs."]
    assert chunks[-1].text == PLAN_ANSWER and meta(chunks[-1])["outcome"] == "reuse"
    assert all(METADATA_KEY not in c.additional_kwargs for c in chunks[:-1])


def test_stream_chat_patch_streams_prefix_then_model_tokens() -> None:
    suffix = SUFFIX
    inner = ScriptedLLM([SYS_ANSWER, suffix], chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=patching_cache())
    llm.chat(user(SYS))
    chunks = list(llm.stream_chat(user(SYS2)))
    deltas = [c.delta for c in chunks]
    assert deltas[0] == PREFIX  # verified prefix at once
    assert deltas[1:-1] == re.findall(r"\S+\s*|\s+", suffix)  # the model's part, token by token
    final = chunks[-1]
    assert meta(final)["outcome"] == "patch" and meta(final)["streamed"] and not meta(final)["revised"]
    assert "".join(deltas) == final.message.content and final.message.content.endswith(suffix)
    assert final.message.additional_kwargs[METADATA_KEY]["provenance"][:2] == ["reused", "reused"]


def test_stream_miss_is_token_by_token_and_then_cached() -> None:
    inner = ScriptedLLM(["Alpha beta gamma delta."])
    llm = StepCacheLLM(llm=inner)
    chunks = list(llm.stream_complete("Name four Greek letters for the Orders team."))
    assert [c.delta for c in chunks[:-1]] == ["Alpha ", "beta ", "gamma ", "delta."]
    assert meta(chunks[-1])["outcome"] == "miss" and chunks[-1].text == "Alpha beta gamma delta."
    again = llm.complete("Name four Greek letters for the Orders team.")
    assert meta(again)["outcome"] == "reuse" and inner.calls == 1


@pytest.mark.parametrize("chat_model", [False, True])
def test_async_streams_match_the_sync_streams(chat_model: bool) -> None:
    """Miss, then reuse, then patch: the async stream gives the sync stream's chunks and records."""

    def answers() -> list[str]:
        return [SYS_ANSWER, SUFFIX]

    def sync_run() -> list[tuple[list[str], str]]:
        llm = StepCacheLLM(llm=ScriptedLLM(answers(), chat_model=chat_model), cache=patching_cache())
        out = []
        for prompt in (SYS, SYS, SYS2):
            if chat_model:
                chunks = list(llm.stream_chat(user(prompt)))
            else:
                chunks = list(llm.stream_complete(prompt))
            out.append(([c.delta for c in chunks], meta(chunks[-1])["outcome"]))
        return out

    async def async_run() -> list[tuple[list[str], str]]:
        llm = StepCacheLLM(llm=ScriptedLLM(answers(), chat_model=chat_model), cache=patching_cache())
        out = []
        for prompt in (SYS, SYS, SYS2):
            if chat_model:
                chunks = [c async for c in await llm.astream_chat(user(prompt))]
            else:
                chunks = [c async for c in await llm.astream_complete(prompt)]
            out.append(([c.delta for c in chunks], meta(chunks[-1])["outcome"]))
        return out

    expected = sync_run()
    assert [outcome for _, outcome in expected] == ["miss", "reuse", "patch"]
    assert asyncio.run(async_run()) == expected


# -- async ---------------------------------------------------------------------------------
def test_async_twins_share_the_cache() -> None:
    async def run() -> None:
        def respond(prompt: str) -> str:
            if "Continue from there" in prompt:
                return SUFFIX
            return "Alpha beta gamma delta." if "Greek" in prompt else SYS_ANSWER

        inner = ScriptedLLM(respond, chat_model=True)
        llm = StepCacheLLM(llm=inner, cache=patching_cache())
        first = await llm.achat(user(SYS))
        assert meta(first)["outcome"] == "miss"
        again = await llm.achat(user(SYS))
        assert meta(again)["outcome"] == "reuse" and inner.calls == 1
        stream = await llm.astream_chat(user(SYS2))
        chunks = [c async for c in stream]
        assert meta(chunks[-1])["outcome"] == "patch" and inner.calls == 2
        assert chunks[0].delta == PREFIX
        # the same request as a completion: only its rendering differs from the cached chat
        # prompt ("user: " prefix, a role label the equation task reads past), so the cached
        # answer is reused without a model call (the free-text task would not prove that)
        done = await llm.acomplete(SYS)
        assert meta(done)["outcome"] == "reuse" and inner.calls == 2 and done.text == SYS_ANSWER
        stream = await llm.astream_complete("Name four Greek letters for the Orders team.")
        inner_answers = inner.calls
        chunks = [c async for c in stream]
        last = chunks[-1].additional_kwargs[METADATA_KEY]
        assert passed_unchecked(last) and inner.calls == inner_answers + 1

    asyncio.run(run())


# -- callbacks and instrumentation ----------------------------------------------------------
def test_callbacks_and_instrumentation_fire_on_cache_hits(events: EventCollector) -> None:
    debug = LlamaDebugHandler()
    # an equation prompt: its cached chat answer is also a proven hit for the same request as a
    # completion ("user: " role label read past); a free-text answer would not be (issue 11)
    inner = ScriptedLLM([SYS_ANSWER], chat_model=True)
    llm = StepCacheLLM(llm=inner, callback_manager=CallbackManager([debug]))
    llm.chat(user(SYS))
    events.events.clear()
    reused = llm.chat(user(SYS))
    assert inner.calls == 1
    names = events.names()
    assert "LLMChatStartEvent" in names and "LLMChatEndEvent" in names
    end = next(e for e in events.events if type(e).__name__ == "LLMChatEndEvent")
    assert end.response.message.additional_kwargs[METADATA_KEY]["outcome"] == "reuse"
    pairs = debug.get_llm_inputs_outputs()
    assert len(pairs) == 2 and pairs[-1][1].payload["response"].message.content == reused.message.content
    events.events.clear()
    list(llm.stream_chat(user(SYS)))
    assert "LLMChatInProgressEvent" in events.names() and "LLMChatEndEvent" in events.names()
    events.events.clear()
    done = llm.complete(SYS)
    assert inner.calls == 1 and meta(done)["outcome"] == "reuse"
    assert {"LLMCompletionStartEvent", "LLMCompletionEndEvent"} <= set(events.names())


# -- requests the step tier does not take: the exact tier ------------------------------------
def test_tool_requests_are_the_exact_tiers_and_keep_function_calling() -> None:
    def add(a: int, b: int) -> int:
        """Add two integers."""
        return a + b

    tool = FunctionTool.from_defaults(fn=add)
    llm = StepCacheLLM(llm=MockFunctionCallingLLM(is_chat_model=True))
    response = llm.chat_with_tools([tool], user_msg="add 2 and 3")
    info = meta(response)
    assert (info["tier"], info["outcome"], info["model_calls"]) == ("exact", "miss", 1)
    assert any("tools" in reason for reason in info["tier_reasons"]) and not info["verified"]
    calls = llm.get_tool_calls_from_response(response, error_on_no_tool_call=False)
    assert [call.tool_name for call in calls] == ["add"]
    assert step_entries(llm.cache) == 0
    again = llm.chat_with_tools([tool], user_msg="add 2 and 3")  # exactly the same request: replayed
    assert (meta(again)["outcome"], meta(again)["model_calls"]) == ("exact", 0)
    assert meta(again)["matched_entry_id"] == info["stored_entry_id"]
    assert llm.get_tool_calls_from_response(again, error_on_no_tool_call=False) == calls
    other = llm.chat_with_tools([tool], user_msg="add 4 and 5")  # another request: the model again
    assert (meta(other)["outcome"], meta(other)["model_calls"]) == ("miss", 1)
    plain = llm.chat(user("Say hello to Priya."))
    assert meta(plain)["tier"] == "step" and meta(plain)["outcome"] == "miss" and step_entries(llm.cache) == 1
    direct = llm.chat(user("Say hi to Priya."), tools=[tool])
    assert (meta(direct)["tier"], meta(direct)["outcome"]) == ("exact", "miss") and step_entries(llm.cache) == 1


def test_empty_prompt_is_the_exact_tiers() -> None:
    inner = ScriptedLLM(["anything", "something else"])
    llm = StepCacheLLM(llm=inner)
    response = llm.complete("   ")
    info = meta(response)
    assert response.text == "anything" and inner.calls == 1
    assert (info["tier"], info["outcome"], info["verified"]) == ("exact", "miss", False)
    assert "empty prompt" in info["tier_reasons"]
    again = llm.complete("   ")
    assert again.text == "anything" and inner.calls == 1 and meta(again)["outcome"] == "exact"
    other = llm.complete("  ")  # other whitespace: another request
    assert other.text == "something else" and inner.calls == 2 and meta(other)["outcome"] == "miss"
    assert step_entries(llm.cache) == 0
