"""StepCacheRunnable / with_step_cache: the full pipeline around a LangChain model."""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage, SystemMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableBinding
from pydantic import BaseModel

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheRunnable, with_step_cache
from tests.unit.test_langchain_fakes import (
    JSON_A,
    JSON_Q,
    JSON_Q2,
    MATH_A,
    MATH_Q,
    MATH_Q2,
    MATH_WRONG,
    SYS_A,
    SYS_Q,
    SYS_Q2,
    SYS_SUFFIX,
    RunRecorder,
    ScriptedLLM,
    ai,
    scripted,
    usage,
)

# A plain request (closed framing, every value stated in key form, the key list): its statements are
# evidence, so a changed value is proven key by key. JSON_Q ("a person named Alice") is not plain.
PLAIN_JSON_Q = 'Return a JSON object for a person with name "Alice", age 30, city "Paris". Required keys: name, city and age.'
PLAIN_JSON_Q2 = PLAIN_JSON_Q.replace('"Alice"', '"Bob"')
BOB = {"name": "Bob", "city": "Paris", "age": 30}


def meta(message: Any) -> dict[str, Any]:
    return message.response_metadata["stepcache"]


def patching_cache() -> StepCache:
    """A cache that patches instead of re-instantiating (to exercise the patch path)."""
    return StepCache(reinstantiate=False, max_regen_share=0.8)


# ----------------------------------------------------------------------------- invoke
def test_miss_then_reuse_without_a_model_call() -> None:
    model = scripted(ai(MATH_A, usage_metadata=usage(25, 31)))
    cached = with_step_cache(model)
    first = cached.invoke(MATH_Q)
    second = cached.invoke(MATH_Q)
    assert len(model.calls) == 1
    assert first.content == second.content == MATH_A
    m1, m2 = meta(first), meta(second)
    assert m1["outcome"] == "miss" and m1["model_calls"] == 1 and m1["verified"]
    assert (m1["prompt_tokens"], m1["completion_tokens"]) == (25, 31)  # from the model's usage_metadata
    assert first.usage_metadata["total_tokens"] == 56
    assert m2["outcome"] == "reuse" and m2["model_calls"] == 0
    assert m2["similarity"] is None  # found by its problem key (core.problem_key_tier), not by a distance
    assert m2["tokens_saved"] == 56 and second.usage_metadata["total_tokens"] == 0
    assert [s["provenance"] for s in m2["steps"]] == ["reused"] * 3
    assert m2["matched_entry_id"] == m1["stored_entry_id"]
    # the semantic path (the problem-key tier off) finds the same entry by similarity, as before the tier
    model = scripted(ai(MATH_A, usage_metadata=usage(25, 31)))
    semantic = with_step_cache(model, StepCache(problem_keys=False))
    m3 = meta(semantic.invoke(MATH_Q))
    m4 = meta(semantic.invoke(MATH_Q))
    assert m4["outcome"] == "reuse" and m4["model_calls"] == 0 and m4["similarity"] == pytest.approx(1.0)
    assert m4["tokens_saved"] == 56 and m4["matched_entry_id"] == m3["stored_entry_id"] and len(model.calls) == 1


def test_reinstantiation_changes_only_the_affected_numbers() -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model)
    cached.invoke(MATH_Q)
    answer = cached.invoke(MATH_Q2)
    assert len(model.calls) == 1
    assert answer.content == MATH_A.replace("3x = 15", "3x = 21").replace("x = 5", "x = 7")
    assert meta(answer)["outcome"] == "reinstantiate"


def test_patch_regenerates_only_the_failing_suffix() -> None:
    model = scripted(SYS_A, SYS_SUFFIX)
    cached = with_step_cache(model, patching_cache())
    cached.invoke(SYS_Q)
    patched = cached.invoke(SYS_Q2)
    assert len(model.calls) == 2
    assert "already written and checked" in model.last_prompt and SYS_Q2 in model.last_prompt
    assert patched.content.startswith("Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\n")
    assert patched.content.endswith("Answer: x = 5, y = 10")
    m = meta(patched)
    assert m["outcome"] == "patch" and m["model_calls"] == 1 and m["tokens_saved"] > 0
    assert [s["provenance"] for s in m["steps"]] == ["reused", "reused", "regenerated", "regenerated", "regenerated"]


def test_wrong_math_is_repaired_before_it_is_returned_or_stored() -> None:
    model = scripted(MATH_WRONG, MATH_A)
    cached = with_step_cache(model, StepCache(max_repairs=1))
    answer = cached.invoke(MATH_Q)
    assert len(model.calls) == 2
    assert "problems" in model.last_prompt and "x = 6" in model.last_prompt
    assert answer.content == MATH_A
    m = meta(answer)
    assert m["repair_calls"] == 1 and m["verified"] and m["model_calls"] == 2
    assert set(m["provenance"]) == {"repaired"}
    assert cached.invoke(MATH_Q).content == MATH_A and len(model.calls) == 2


def test_json_missing_key_is_repaired_and_prose_kept_only_when_verified() -> None:
    model = scripted('Here you go: {"name": "Alice", "city": "Paris"}', '{"age": 30}')
    cached = with_step_cache(model, StepCache(max_repairs=1))
    answer = cached.invoke(JSON_Q)
    assert len(model.calls) == 2 and '"age"' in model.last_prompt
    assert '"age": 30' in answer.content and '"name": "Alice"' in answer.content
    assert meta(answer)["repair_calls"] == 1


def test_json_in_prose_returned_as_the_proven_object_and_perturbed_request_patched() -> None:
    """Red team 28 (K7): the model's message, prose included, was returned stamped proven at the miss and restored
    at the exact hit; the prose is the model's, not proven. The proven object is returned on both."""
    model = scripted(JSON_A, '{"name": "Bob"}')
    cached = with_step_cache(model, patching_cache())
    alice = '{"name": "Alice", "city": "Paris", "age": 30}'
    first = cached.invoke(PLAIN_JSON_Q)
    assert first.content == alice and meta(first)["verified"]
    again = cached.invoke(PLAIN_JSON_Q)
    assert again.content == alice and meta(again)["verified"] and len(model.calls) == 1
    # name "Bob" is stated in a plain request: city and age stay proven, only `name` is patched
    bob = cached.invoke(PLAIN_JSON_Q2)
    assert len(model.calls) == 2 and '"name"' in model.last_prompt and "Paris" in model.last_prompt
    assert "already filled in and checked" in model.last_prompt  # a patch prompt, not the whole request
    assert '"name": "Bob"' in bob.content and '"city": "Paris"' in bob.content and '"age": 30' in bob.content
    assert json.loads(bob.content) == BOB
    m = meta(bob)
    assert m["outcome"] == "patch" and m["verified"] and m["model_calls"] == 1


def test_json_worded_in_prose_is_regenerated_whole_not_patched() -> None:
    # issue 19: JSON_Q words the name ("a person named Alice"), so it is not a plain request and none
    # of its statements is evidence: "named Alice" -> "named Bob" regenerates every key (it was a
    # patch of `name` alone before, keeping city and age on no evidence)
    model = scripted(JSON_A, json.dumps(BOB))
    cached = with_step_cache(model, patching_cache())
    assert cached.invoke(JSON_Q).content == JSON_A
    bob = cached.invoke(JSON_Q2)
    assert len(model.calls) == 2 and model.last_prompt == JSON_Q2  # the whole request, no patch prompt
    assert json.loads(bob.content) == BOB
    m = meta(bob)
    assert m["outcome"] in ("miss", "skip_reuse") and m["model_calls"] == 1
    assert m["verification"] == "unchecked" and not m["verified"] and not m["errors"]  # no value proven
    assert "reused" not in m["provenance"] and "reinstantiated" not in m["provenance"]
    again = cached.invoke(JSON_Q2)
    assert again.content == bob.content and meta(again)["outcome"] == "reuse" and len(model.calls) == 2


def test_models_sharing_an_engine_are_isolated() -> None:
    engine = StepCache()
    a = scripted(MATH_A, MATH_A, MATH_A, name="model-a")
    b = scripted("Step 1: 3x = 15.\nStep 2: x = 5.\nAnswer: x = 5", name="model-b")
    with_step_cache(a, engine).invoke(MATH_Q)
    from_b = with_step_cache(b, engine).invoke(MATH_Q)
    assert len(b.calls) == 1 and meta(from_b)["outcome"] == "miss"
    other = with_step_cache(a, engine).bind(temperature=0.5)
    assert meta(other.invoke(MATH_Q))["outcome"] == "miss"  # different call parameters: own entries
    assert engine.store.count() == 3
    bound = with_step_cache(a, engine).bind(stop=["\n\n"])
    stopped = meta(bound.invoke(MATH_Q))  # a stop sequence is not modelled: the exact tier answers
    assert stopped["tier"] == "exact" and stopped["outcome"] == "miss" and not stopped["verified"]
    assert sum(1 for entry, _ in engine.store.iter_items() if entry.task != "exact") == 3


def test_system_messages_and_history_reach_the_model_on_patch() -> None:
    model = scripted(SYS_A, SYS_SUFFIX)
    cached = with_step_cache(model, patching_cache())
    system = SystemMessage("You are a careful math tutor.")
    cached.invoke([system, HumanMessage(SYS_Q)])
    cached.invoke([system, HumanMessage(SYS_Q2)])
    sent = model.calls[-1]
    assert isinstance(sent[0], SystemMessage) and sent[0].content == system.content
    assert isinstance(sent[-1], HumanMessage) and sent[-1].content.startswith(SYS_Q2)


def test_completion_llm_returns_strings() -> None:
    llm = ScriptedLLM(responses=[MATH_A])
    cached = with_step_cache(llm)
    assert cached.invoke(MATH_Q) == MATH_A
    assert cached.invoke(MATH_Q) == MATH_A
    assert cached.invoke(MATH_Q2).endswith("x = 7")
    assert llm.calls == [MATH_Q]
    assert list(cached.stream(MATH_Q)) == ["Step 1: Subtract 5 from both sides: 3x = 15.\n",
                                             "Step 2: Divide both sides by 3: x = 5.\n", "Answer: x = 5"]


def test_empty_prompt_goes_straight_to_the_model() -> None:
    model = scripted("Hello!")
    assert with_step_cache(model).invoke("   ").content == "Hello!"


# ----------------------------------------------------------------------------- batch and async
def test_batch() -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model)
    cached.invoke(MATH_Q)
    answers = cached.batch([MATH_Q, MATH_Q2])
    assert len(model.calls) == 1
    assert [meta(a)["outcome"] for a in answers] == ["reuse", "reinstantiate"]


async def test_ainvoke_abatch_and_async_patch() -> None:
    model = scripted(SYS_A, SYS_SUFFIX)
    cached = with_step_cache(model, patching_cache())
    first = await cached.ainvoke(SYS_Q)
    assert meta(first)["outcome"] == "miss"
    answers = await cached.abatch([SYS_Q, SYS_Q])
    assert [meta(a)["outcome"] for a in answers] == ["reuse", "reuse"]
    patched = await cached.ainvoke(SYS_Q2)
    assert meta(patched)["outcome"] == "patch" and patched.content.endswith("y = 10")
    assert len(model.calls) == 2


# ----------------------------------------------------------------------------- streaming
def test_stream_reuse_emits_the_stored_steps_without_a_model_call() -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model)
    cached.invoke(MATH_Q)
    chunks = list(cached.stream(MATH_Q))
    assert len(model.calls) == 1
    assert [c.content for c in chunks] == [
        "Step 1: Subtract 5 from both sides: 3x = 15.\n",
        "Step 2: Divide both sides by 3: x = 5.\n",
        "Answer: x = 5",
    ]
    total = sum(chunks[1:], chunks[0])
    assert total.content == MATH_A and total.response_metadata["stepcache"]["outcome"] == "reuse"
    assert total.response_metadata["stepcache"]["streamed"] and not total.response_metadata["stepcache"]["revised"]


def test_stream_miss_streams_model_tokens_and_stores_the_answer() -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model)
    chunks = list(cached.stream(MATH_Q))
    assert len(chunks) > 10  # token by token from the model
    total = sum(chunks[1:], chunks[0])
    assert total.content == MATH_A
    assert total.response_metadata["stepcache"]["outcome"] == "miss"
    assert total.usage_metadata["output_tokens"] == meta(total)["completion_tokens"]
    assert meta(cached.invoke(MATH_Q))["outcome"] == "reuse"


def test_stream_patch_emits_the_verified_prefix_then_live_tokens() -> None:
    model = scripted(SYS_A, SYS_SUFFIX)
    cached = with_step_cache(model, patching_cache())
    cached.invoke(SYS_Q)
    chunks = list(cached.stream(SYS_Q2))
    assert chunks[0].content == "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\n"
    assert len(chunks) > 5 and all(isinstance(c, AIMessageChunk) for c in chunks)
    total = sum(chunks[1:], chunks[0])
    assert total.content == chunks[0].content + SYS_SUFFIX
    assert meta(total)["outcome"] == "patch" and meta(total)["streamed"] and not meta(total)["revised"]
    assert len(model.calls) == 2


def test_stream_json_patch_streams_the_merged_object() -> None:
    model = scripted(JSON_A, '{"name": "Bob"}')
    cached = with_step_cache(model, patching_cache())
    cached.invoke(PLAIN_JSON_Q)
    chunks = list(cached.stream(PLAIN_JSON_Q2))
    total = sum(chunks[1:], chunks[0])
    assert '"name": "Bob"' in total.content and '"city": "Paris"' in total.content
    assert json.loads(total.content) == BOB and len(model.calls) == 2
    assert meta(total)["outcome"] == "patch" and meta(total)["streamed"] and meta(total)["verified"]


def test_stream_json_worded_in_prose_streams_the_models_whole_answer() -> None:
    # issue 19: not a plain request, so nothing is patched: the model's own tokens stream
    model = scripted(JSON_A, json.dumps(BOB))
    cached = with_step_cache(model, patching_cache())
    cached.invoke(JSON_Q)
    chunks = list(cached.stream(JSON_Q2))
    assert len(chunks) > 5 and len(model.calls) == 2 and model.last_prompt == JSON_Q2
    total = sum(chunks[1:], chunks[0])
    assert json.loads(total.content) == BOB
    assert meta(total)["outcome"] in ("miss", "skip_reuse") and not meta(total)["errors"]
    assert meta(total)["verification"] == "unchecked" and not meta(total)["verified"]
    assert "reused" not in meta(total)["provenance"]


def test_stream_repaired_answer_is_flagged() -> None:
    model = scripted(MATH_WRONG, MATH_A)
    cached = with_step_cache(model, StepCache(max_repairs=1))
    chunks = list(cached.stream(MATH_Q))
    total = sum(chunks[1:], chunks[0])
    m = meta(total)
    assert m["revised"] and m["streamed"] and m["text"] == MATH_A and m["repair_calls"] == 1
    assert cached.invoke(MATH_Q).content == MATH_A  # the verified answer is what was stored


async def test_astream_reuse_and_patch() -> None:
    model = scripted(SYS_A, SYS_SUFFIX)
    cached = with_step_cache(model, patching_cache())
    await cached.ainvoke(SYS_Q)
    reused = [c async for c in cached.astream(SYS_Q)]
    assert "".join(c.content for c in reused) == SYS_A and len(reused) == 5
    patched = [c async for c in cached.astream(SYS_Q2)]
    assert patched[0].content.endswith("x = 5.\n")
    assert "".join(c.content for c in patched).endswith("y = 10")
    assert len(model.calls) == 2


async def test_astream_miss_streams_model_tokens_and_stores_the_answer() -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model)
    chunks = [c async for c in cached.astream(MATH_Q)]
    assert len(chunks) > 10  # token by token from the model, read with the async iterator
    total = sum(chunks[1:], chunks[0])
    assert total.content == MATH_A and meta(total)["outcome"] == "miss"
    assert meta(await cached.ainvoke(MATH_Q))["outcome"] == "reuse"


@pytest.mark.parametrize("driver", ["sync", "async"])
async def test_stream_of_an_uncacheable_prompt_is_the_models_own_stream(driver: str) -> None:
    model = scripted("Hello there, friend.")
    cached = with_step_cache(model)
    if driver == "sync":
        chunks = list(cached.stream("   "))
    else:
        chunks = [c async for c in cached.astream("   ")]
    assert "".join(c.content for c in chunks) == "Hello there, friend."
    # a blank prompt is no step-tier request: the model's own stream, its last chunk tagged by the exact tier
    assert all("stepcache" not in c.response_metadata for c in chunks[:-1])
    assert chunks[-1].response_metadata["stepcache"]["tier"] == "exact"
    assert all(entry.task == "exact" for entry, _ in cached.cache.store.iter_items())
    again = list(cached.stream("   ")) if driver == "sync" else [c async for c in cached.astream("   ")]
    assert "".join(c.content for c in again) == "Hello there, friend." and len(model.calls) == 1


@pytest.mark.parametrize("driver", ["sync", "async"])
async def test_an_abandoned_stream_stores_nothing(driver: str) -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model)
    if driver == "sync":
        stream = cached.stream(MATH_Q)
        first = next(stream)
        stream.close()
    else:
        astream = cached.astream(MATH_Q)
        first = await astream.__anext__()
        await astream.aclose()
    assert first.content  # the model's first token reached the caller
    assert cached.cache.store.count() == 0  # an unverified half answer is never stored


# ----------------------------------------------------------------------------- callbacks and tracing
def test_wrapper_is_a_run_and_the_model_run_is_its_child() -> None:
    model = scripted(MATH_WRONG, MATH_A)
    recorder = RunRecorder()
    with_step_cache(model, StepCache(max_repairs=1)).invoke(MATH_Q, {"callbacks": [recorder], "run_name": "cached-math"})
    assert recorder.chains and recorder.chains[0][0] == "cached-math"
    wrapper_run = recorder.chains[0][1]
    assert len(recorder.models) == 2  # generation and repair
    assert all(parent == wrapper_run for _, parent in recorder.models)
    (name, data, run_id), = recorder.events
    assert name == "stepcache" and data["repair_calls"] == 1 and run_id == wrapper_run


def test_stream_run_has_model_child_and_reuse_has_none() -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model)
    recorder = RunRecorder()
    list(cached.stream(MATH_Q, {"callbacks": [recorder]}))
    assert len(recorder.models) == 1 and recorder.models[0][1] == recorder.chains[0][1]
    recorder2 = RunRecorder()
    cached.invoke(MATH_Q, {"callbacks": [recorder2]})
    assert recorder2.models == [] and recorder2.events[0][1]["outcome"] == "reuse"


def test_default_name() -> None:
    assert with_step_cache(scripted("x")).get_name() == "StepCache[ScriptedChat]"


# ----------------------------------------------------------------------------- interface kept
WEATHER_TOOL = {
    "name": "get_weather",
    "description": "Weather for a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}


def test_bind_tools_is_forwarded_rewrapped_and_tool_calls_round_trip() -> None:
    call = {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_1", "type": "tool_call"}
    model = scripted(AIMessage(content="", tool_calls=[call], additional_kwargs={"refusal": None}))
    # a forced tool: the json task verifies the call's arguments (unforced tools make no claim, R2)
    cached = with_step_cache(model).bind_tools([WEATHER_TOOL], tool_choice="get_weather")
    assert isinstance(cached, StepCacheRunnable) and isinstance(cached.bound, RunnableBinding)
    first = cached.invoke("What's the weather in Paris?")
    again = cached.invoke("What's the weather in Paris?")
    assert len(model.calls) == 1
    assert first.tool_calls == again.tool_calls == [call]
    assert again.additional_kwargs == {"refusal": None}
    assert meta(again)["outcome"] == "reuse"
    chunks = list(cached.stream("What's the weather in Paris?"))
    total = sum(chunks[1:], chunks[0])
    assert [(c["name"], c["args"]) for c in total.tool_calls] == [("get_weather", {"city": "Paris"})]


def test_stale_tool_call_is_not_served_for_a_new_city() -> None:
    paris = {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_1", "type": "tool_call"}
    rome = {"name": "get_weather", "args": {"city": "Rome"}, "id": "call_2", "type": "tool_call"}
    model = scripted(AIMessage(content="", tool_calls=[paris]), AIMessage(content="", tool_calls=[rome]))
    cached = with_step_cache(model).bind_tools([WEATHER_TOOL], tool_choice="get_weather")
    cached.invoke("What's the weather in Paris?")
    answer = cached.invoke("What's the weather in Rome?")
    assert len(model.calls) == 2  # the cached call mentions Paris: it fails verification
    assert meta(answer)["outcome"] in ("skip_reuse", "miss")
    assert answer.tool_calls == [rome]
    again = cached.invoke("What's the weather in Rome?")
    assert again.tool_calls == [rome] and meta(again)["outcome"] == "reuse" and len(model.calls) == 2


class Person(BaseModel):
    """A person."""

    name: str
    age: int


def test_with_structured_output_schema_drives_json_verification() -> None:
    incomplete = {"name": "Person", "args": {"name": "Alice"}, "id": "c1", "type": "tool_call"}
    fixed = {"name": "Person", "args": {"name": "Alice", "age": 30}, "id": "c2", "type": "tool_call"}
    model = scripted(AIMessage(content="", tool_calls=[incomplete]), AIMessage(content="", tool_calls=[fixed]))
    structured = with_step_cache(model, StepCache(max_repairs=1)).with_structured_output(Person)
    assert structured.invoke("Extract the person: Alice is 30 years old.") == Person(name="Alice", age=30)
    assert len(model.calls) == 2 and '"age"' in model.last_prompt  # the schema's missing key was repaired
    assert structured.invoke("Extract the person: Alice is 30 years old.") == Person(name="Alice", age=30)
    assert len(model.calls) == 2
    raw = with_step_cache(model, structured.first.cache).with_structured_output(Person, include_raw=True)
    out = raw.invoke("Extract the person: Alice is 30 years old.")
    assert out["parsed"] == Person(name="Alice", age=30) and meta(out["raw"])["outcome"] == "reuse"


def test_with_config_and_bind_work_through_the_wrapper() -> None:
    model = scripted(MATH_A)
    cached = with_step_cache(model).with_config(run_name="tutor", tags=["math"])
    recorder = RunRecorder()
    assert cached.invoke(MATH_Q, {"callbacks": [recorder]}).content == MATH_A
    assert recorder.chains[0][0] == "tutor"
    bound = with_step_cache(model).bind(stop=["Answer:"])
    assert isinstance(bound, StepCacheRunnable) and bound.bound.kwargs == {"stop": ["Answer:"]}
    assert with_step_cache(model).model_name == "scripted-chat"  # attributes are forwarded


def test_lcel_composition_invoke_and_stream() -> None:
    model = scripted(MATH_A)
    prompt = ChatPromptTemplate.from_messages([("system", "You are a math tutor."), ("human", "{question}")])
    chain = prompt | with_step_cache(model) | StrOutputParser()
    assert chain.invoke({"question": MATH_Q}) == MATH_A
    assert "".join(chain.stream({"question": MATH_Q})) == MATH_A
    assert chain.invoke({"question": MATH_Q2}).endswith("x = 7")
    assert len(model.calls) == 1
    assert isinstance(model.calls[0][0], SystemMessage)


def test_the_wrapper_keys_the_model_it_sees_and_the_global_cache_what_llm_string_shows() -> None:
    """The wrapper's key holds every field of the model object as it is (blind red team, issue 32: a
    ChatOllama's llm_string names no model, a field set after construction is not in llm_string); the
    global cache keys what llm_string shows. So they keep their own entries: the global cache never
    serves the wrapper's, and a model changed after construction never gets its former answers."""
    from langchain_core.globals import set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache

    engine = StepCache()
    model = scripted(MATH_A, "Step 1: 3x = 21.\nStep 2: x = 7.\nAnswer: x = 7")
    cached = with_step_cache(model, engine)
    cached.invoke(MATH_Q)
    set_llm_cache(StepCacheLLMCache(engine))
    try:
        answer = model.invoke(MATH_Q2)  # the global cache's own key: the model answers
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 2 and answer.content.endswith("x = 7")
    again = cached.invoke(MATH_Q2)  # the wrapper re-instantiates its own entry
    assert len(model.calls) == 2 and meta(again)["outcome"] in ("reuse", "reinstantiate")


def test_fake_list_chat_model_wrapper_and_global_cache() -> None:
    from langchain_core.globals import set_llm_cache
    from langchain_core.language_models import FakeListChatModel

    from stepcache_integrations.langchain import StepCacheLLMCache

    model = FakeListChatModel(responses=[MATH_A, "unexpected second call"])
    cached = with_step_cache(model)
    assert cached.invoke(MATH_Q).content == MATH_A
    assert "".join(c.content for c in cached.stream(MATH_Q2)).endswith("x = 7")
    assert model.i == 1  # one model call in total
    set_llm_cache(StepCacheLLMCache())
    try:
        other = FakeListChatModel(responses=[MATH_A, "unexpected second call"])
        other.invoke(MATH_Q)
        assert other.invoke(MATH_Q2).content.endswith("x = 7") and other.i == 1
    finally:
        set_llm_cache(None)
