"""StepCacheLLMCache: LangChain's BaseCache contract, global and per-model use, chat and LLM, sync and async."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.load import dumps
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, Generation
from langchain_tests.integration_tests import AsyncCacheTestSuite, SyncCacheTestSuite
from pydantic import BaseModel

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache
from stepcache_integrations.langchain._requests import llm_key_for, parse_cache_prompt
from tests.unit.test_langchain_fakes import (  # noqa: F401 - global_cache is a fixture
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
    ScriptedLLM,
    ai,
    scripted,
    usage,
    global_cache,
)

# A plain request (closed framing, every value stated in key form, the key list): its statements are
# evidence, so a changed value is re-instantiated. JSON_Q ("a person named Alice") is not plain.
PLAIN_JSON_Q = 'Return a JSON object for a person with name "Alice", age 30, city "Paris". Required keys: name, city and age.'
PLAIN_JSON_Q2 = PLAIN_JSON_Q.replace('"Alice"', '"Bob"')


# ----------------------------------------------------------------------------- standard suites
class TestStepCacheSyncStandard(SyncCacheTestSuite):
    @pytest.fixture
    def cache(self) -> StepCacheLLMCache:
        return StepCacheLLMCache()


class TestStepCacheAsyncStandard(AsyncCacheTestSuite):
    @pytest.fixture
    async def cache(self) -> StepCacheLLMCache:
        return StepCacheLLMCache()


# ----------------------------------------------------------------------------- fixtures
def _meta(message: Any) -> dict[str, Any]:
    return message.response_metadata["stepcache"]


# ----------------------------------------------------------------------------- prompt handling
def test_chat_prompt_text_comes_from_messages_not_the_json_envelope() -> None:
    request = parse_cache_prompt(dumps([SystemMessage("Be terse."), HumanMessage(MATH_Q)]))
    assert request.kind == "chat"
    assert request.text == f"System: Be terse.\n\nUser: {MATH_Q}"
    assert '"lc"' not in request.text
    single = parse_cache_prompt(dumps([HumanMessage(MATH_Q)]))
    assert single.text == MATH_Q
    plain = parse_cache_prompt("Tell me a joke about [brackets]")
    assert plain.kind == "llm" and plain.text == "Tell me a joke about [brackets]"


def test_llm_string_becomes_a_bounded_distinct_llm_key() -> None:
    a, b = llm_key_for("model-a" * 1000), llm_key_for("model-b")
    assert a != b and len(a) < 64 and a == llm_key_for("model-a" * 1000)


# ----------------------------------------------------------------------------- global cache, chat
def test_global_cache_reuses_without_a_model_call(global_cache: StepCacheLLMCache) -> None:
    model = scripted(MATH_A)
    first = model.invoke(MATH_Q)
    second = model.invoke(MATH_Q)
    assert len(model.calls) == 1
    assert second.content == first.content == MATH_A
    # the stored message, verbatim, plus the stepcache record (every hit carries one)
    stored = {k: v for k, v in second.response_metadata.items() if k != "stepcache"}
    assert stored == first.response_metadata and "stepcache" not in first.response_metadata
    assert _meta(second)["outcome"] == "reuse" and _meta(second)["verified"] and _meta(second)["model_calls"] == 0
    assert _meta(second)["provenance"] == ["reused"] * len(_meta(second)["steps"])
    assert global_cache.cache.stats()["outcomes"]["reuse"] == 1
    stats = global_cache.stats()
    assert stats["lookups"] == 2 and stats["hits"] == 1 and stats["misses"] == 1 and stats["stored"] == 1
    assert stats["hit_outcomes"]["reuse"] == 1 and stats["miss_reasons"] == {"no cached candidate": 1}


def test_global_cache_reinstantiates_changed_numbers(global_cache: StepCacheLLMCache) -> None:
    model = scripted(MATH_A)
    model.invoke(MATH_Q)
    answer = model.invoke(MATH_Q2)
    assert len(model.calls) == 1
    assert "3x = 21" in answer.content and answer.content.rstrip().endswith("x = 7")
    meta = _meta(answer)
    assert meta["outcome"] == "reinstantiate" and meta["verified"] and meta["model_calls"] == 0
    assert {s["provenance"] for s in meta["steps"]} <= {"reused", "reinstantiated"}
    assert meta["tokens_saved"] > 0


def test_failed_verification_is_a_miss_and_langchain_regenerates(global_cache: StepCacheLLMCache) -> None:
    global_cache.cache.reinstantiate = False
    model = scripted(MATH_A, "Step 1: Subtract 5 from both sides: 3x = 21.\nStep 2: Divide by 3: x = 7.\nAnswer: x = 7")
    model.invoke(MATH_Q)
    answer = model.invoke(MATH_Q2)
    assert len(model.calls) == 2  # the stale candidate was not served
    assert answer.content.endswith("x = 7")
    assert global_cache.cache.store.count() == 2  # update() stored the regenerated answer
    assert model.invoke(MATH_Q2).content == answer.content and len(model.calls) == 2


def test_wrong_answers_are_never_stored(global_cache: StepCacheLLMCache) -> None:
    model = scripted(MATH_WRONG, MATH_A)
    assert model.invoke(MATH_Q).content == MATH_WRONG  # the cache does not edit a miss
    assert global_cache.cache.store.count() == 0
    assert model.invoke(MATH_Q).content == MATH_A and len(model.calls) == 2
    assert global_cache.cache.store.count() == 1


def test_models_with_different_llm_strings_never_share_entries(global_cache: StepCacheLLMCache) -> None:
    a = scripted(MATH_A, name="model-a")
    b = scripted("Step 1: 3x = 20 - 5 = 15.\nStep 2: x = 15 / 3 = 5.\nAnswer: x = 5", name="model-b")
    assert a.invoke(MATH_Q).content == MATH_A
    from_b = b.invoke(MATH_Q)
    assert len(b.calls) == 1 and from_b.content != MATH_A
    assert a.invoke(MATH_Q).content == MATH_A and len(a.calls) == 1
    assert b.invoke(MATH_Q).content == from_b.content and len(b.calls) == 1


def step_entries(cache: StepCacheLLMCache) -> int:
    """Entries of the step tier (the exact tier's own are ``task == "exact"``)."""
    return sum(1 for entry, _ in cache.cache.store.iter_items() if entry.task != "exact")


def test_stop_sequences_are_the_exact_tiers_and_length_limits_the_length_rules(global_cache: StepCacheLLMCache) -> None:
    """R5: LangChain passes stop and the call options in llm_string. A stop sequence puts the request in
    the exact tier: the model's own text, replayed for exactly this request, never a fallback; a
    length limit of 3 tokens is read by the length rule: no cached answer longer than 3 bytes is
    served, and nothing enters the step tier."""
    model = scripted("15 * 15 ", "15 * 15", "15 * 15")
    first = model.invoke("What is 15 * 15?", stop=["="])
    assert first.content == "15 * 15 " and "stepcache" not in first.response_metadata  # LangChain's own call
    again = model.invoke("What is 15 * 15?", stop=["="])
    assert again.content == "15 * 15 " and again.response_metadata["stepcache"]["outcome"] == "exact"
    assert again.response_metadata["stepcache"]["verification"] == "unchecked" and len(model.calls) == 1
    limited = model.bind(max_tokens=3)
    for _ in range(2):
        assert limited.invoke("What is 15 * 15?").content == "15 * 15"
    assert len(model.calls) == 3 and step_entries(global_cache) == 0
    stats = global_cache.stats()
    assert stats["hits"] == 1 and stats["exact_hits"] == 1 and stats["tiers"]["exact"] == 2


def test_system_prompt_is_part_of_the_cached_prompt(global_cache: StepCacheLLMCache) -> None:
    model = scripted(MATH_A, "x = 5")
    model.invoke([SystemMessage("Show every step."), HumanMessage(MATH_Q)])
    answer = model.invoke([SystemMessage("Show every step."), HumanMessage(MATH_Q)])
    assert len(model.calls) == 1 and answer.content == MATH_A


def test_a_system_prompt_that_asks_for_json_does_not_hide_the_stated_values(global_cache: StepCacheLLMCache) -> None:
    """Issue 33: "System: You output only JSON." then a user message with keys and statements is a
    plain request; a changed stated value is re-instantiated, not sent to the model."""
    model = scripted('{"name": "Alice", "age": 34}')
    system = SystemMessage("You output only JSON.")
    model.invoke([system, HumanMessage('Keys: name, age. name "Alice", age: 34.')])
    zoe = model.invoke([system, HumanMessage('Keys: name, age. name "Zoe", age: 19.')])
    assert len(model.calls) == 1 and json.loads(zoe.content) == {"name": "Zoe", "age": 19}
    assert _meta(zoe)["outcome"] == "reinstantiate"


def test_json_in_prose_is_served_as_the_proven_object_and_reinstantiates(global_cache: StepCacheLLMCache) -> None:
    """Red team 28 (K7): the exact hit used to restore the stored message, prose included, stamped proven; the
    prose is the model's, not proven ("Wait, I made an error. Correct: ..." was served verified). The step tier
    serves the object its checks proved; a message that is the object alone is still restored verbatim."""
    model = scripted(JSON_A)
    model.invoke(PLAIN_JSON_Q)
    again = model.invoke(PLAIN_JSON_Q)
    assert again.content == '{"name": "Alice", "city": "Paris", "age": 30}' and _meta(again)["outcome"] == "reuse"
    assert _meta(again)["verified"] and len(model.calls) == 1
    bob = model.invoke(PLAIN_JSON_Q2)
    assert len(model.calls) == 1
    assert '"name": "Bob"' in bob.content and "Alice" not in bob.content  # only verified JSON, no stale prose
    assert "Sure!" not in bob.content and json.loads(bob.content) == {"name": "Bob", "city": "Paris", "age": 30}
    meta = _meta(bob)
    assert meta["outcome"] == "reinstantiate" and meta["verified"] and meta["model_calls"] == 0


def test_json_values_worded_in_prose_are_no_evidence_and_go_to_the_model(global_cache: StepCacheLLMCache) -> None:
    """JSON_Q words the name ("a person named Alice"): not a plain request, so none of its statements
    is evidence and "named Alice" -> "named Bob" is a content change the model answers. (Before the
    issue 19 rules this was re-instantiated: "named" was taken to bind the value, which nothing proves.)"""
    bob_answer = '{"name": "Bob", "city": "Paris", "age": 30}'
    model = scripted(JSON_A, bob_answer)
    model.invoke(JSON_Q)
    assert model.invoke(JSON_Q).content == JSON_A and len(model.calls) == 1  # the identical request still hits
    bob = model.invoke(JSON_Q2)
    assert len(model.calls) == 2 and model.last_prompt == JSON_Q2  # the whole request reached the model
    assert bob.content == bob_answer and "stepcache" not in bob.response_metadata  # the model's own message
    assert global_cache.stats()["miss_reasons"] == {"no cached candidate": 1, "candidate failed verification": 1}
    assert global_cache.stats()["hit_outcomes"]["reinstantiate"] == 0
    again = model.invoke(JSON_Q2)  # update() stored the model's answer: now an exact hit
    assert again.content == bob_answer and _meta(again)["outcome"] == "reuse" and len(model.calls) == 2


# ----------------------------------------------------------------------------- faithful round trip
def test_tool_calls_and_additional_kwargs_round_trip(global_cache: StepCacheLLMCache) -> None:
    message = AIMessage(
        content="",
        tool_calls=[{"name": "get_weather", "args": {"city": "Paris"}, "id": "call_1", "type": "tool_call"}],
        additional_kwargs={"refusal": None, "reasoning": "user asked for weather"},
        response_metadata={"finish_reason": "tool_calls", "model_name": "scripted-chat"},
        usage_metadata=usage(30, 12),
    )
    model = scripted(message).bind_tools([{"name": "get_weather", "description": "weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}], tool_choice="get_weather")
    first = model.invoke("What's the weather in Paris?")
    second = model.invoke("What's the weather in Paris?")
    assert len(model.bound.calls) == 1
    assert isinstance(second, AIMessage)
    assert second.tool_calls == first.tool_calls == message.tool_calls
    assert second.additional_kwargs == message.additional_kwargs
    assert second.response_metadata["finish_reason"] == "tool_calls"


class Person(BaseModel):
    """A person."""

    name: str
    age: int


def test_with_structured_output_works_through_the_global_cache(global_cache: StepCacheLLMCache) -> None:
    # langchain issues 27264 / 29003: a text-only cache breaks tool-calling structured output
    call = {"name": "Person", "args": {"name": "Alice", "age": 30}, "id": "call_9", "type": "tool_call"}
    model = scripted(AIMessage(content="", tool_calls=[call]))
    structured = model.with_structured_output(Person)
    assert structured.invoke("Extract: Alice is 30.") == Person(name="Alice", age=30)
    assert structured.invoke("Extract: Alice is 30.") == Person(name="Alice", age=30)
    assert len(model.calls) == 1


def test_update_and_lookup_keep_generation_type_and_info() -> None:
    cache = StepCacheLLMCache()
    prompt = dumps([HumanMessage(MATH_Q)])
    gen = ChatGeneration(message=ai(MATH_A), generation_info={"finish_reason": "stop"})
    cache.update(prompt, "llm-x", [gen])
    hit = cache.lookup(prompt, "llm-x")
    assert isinstance(hit, list) and len(hit) == 1 and isinstance(hit[0], ChatGeneration)
    assert hit[0].generation_info == gen.generation_info and hit[0].message.content == gen.message.content
    assert hit[0].message.response_metadata["stepcache"]["outcome"] == "reuse"
    assert cache.lookup(prompt, "llm-y") is None
    assert cache.cache.store.count() == 1
    entry = next(cache.cache.store.iter_items())[0]
    assert entry.completion_tokens == gen.message.usage_metadata["output_tokens"]


def test_empty_or_unverifiable_answers_are_not_cached() -> None:
    cache = StepCacheLLMCache()
    cache.update("prompt", "llm", [Generation(text="")])
    cache.update("   ", "llm", [Generation(text="text")])
    cache.update("prompt", "llm", [])
    assert step_entries(cache) == 0
    assert cache.lookup("prompt", "llm") is None
    # a blank prompt is no step-tier request; the exact tier keeps its answer, as InMemoryCache does
    assert [g.text for g in cache.lookup("   ", "llm") or []] == ["text"]


# ----------------------------------------------------------------------------- per-model cache, LLMs
def test_per_model_cache_field() -> None:
    cache = StepCacheLLMCache()
    cached = scripted(MATH_A, name="own-cache")
    cached.cache = cache
    other = scripted(MATH_A, MATH_A, name="no-cache")
    cached.invoke(MATH_Q)
    assert cached.invoke(MATH_Q).content == MATH_A and len(cached.calls) == 1
    other.invoke(MATH_Q)
    other.invoke(MATH_Q)
    assert len(other.calls) == 2  # no global cache set: the other model is not cached


def test_completion_llm_through_global_cache(global_cache: StepCacheLLMCache) -> None:
    llm = ScriptedLLM(responses=[MATH_A])
    assert llm.invoke(MATH_Q) == MATH_A
    assert llm.invoke(MATH_Q) == MATH_A
    assert llm.invoke(MATH_Q2).endswith("x = 7")
    assert llm.calls == [MATH_Q]


def test_clear_only_clears_this_namespace() -> None:
    engine = StepCache()
    a = StepCacheLLMCache(engine, namespace="a")
    b = StepCacheLLMCache(engine, namespace="b")
    a.update(MATH_Q, "m", [Generation(text=MATH_A)])
    b.update(MATH_Q, "m", [Generation(text=MATH_A)])
    a.clear()
    assert a.lookup(MATH_Q, "m") is None
    assert b.lookup(MATH_Q, "m") == [Generation(text=MATH_A)]


def test_engine_and_options_are_exclusive() -> None:
    with pytest.raises(ValueError):
        StepCacheLLMCache(StepCache(), similarity_threshold=0.9)
    assert StepCacheLLMCache(similarity_threshold=0.9).cache.similarity_threshold == 0.9


# ----------------------------------------------------------------------------- patching inside lookup
def test_patch_model_patches_inside_lookup() -> None:
    patcher = scripted(SYS_SUFFIX, name="patcher")
    cache = StepCacheLLMCache(patch_model=patcher, reinstantiate=False, max_regen_share=0.8)
    assert patcher.cache is None and cache.patch_model.cache is False  # copy, called without cache
    set_llm_cache(cache)
    try:
        model = scripted(SYS_A)
        model.invoke(SYS_Q)
        patched = model.invoke(SYS_Q2)
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 1
    assert len(cache.patch_model.calls) == 1
    sent = cache.patch_model.last_prompt
    assert "already written and checked" in sent and SYS_Q2 in sent
    assert patched.content.startswith("Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\n")
    assert patched.content.endswith("y = 10")
    meta = _meta(patched)
    assert meta["outcome"] == "patch" and meta["model_calls"] == 1
    assert [s["provenance"] for s in meta["steps"]][:2] == ["reused", "reused"]
    assert "regenerated" in meta["provenance"]
    # the patched answer was stored by the engine: asking again is a reuse
    assert cache.lookup(dumps([HumanMessage(SYS_Q2)]), model._get_llm_string()) is not None


def test_without_patch_model_a_patchable_candidate_is_a_miss() -> None:
    cache = StepCacheLLMCache(reinstantiate=False, max_regen_share=0.8)
    llm_string = "m"
    cache.update(dumps([HumanMessage(SYS_Q)]), llm_string, [ChatGeneration(message=ai(SYS_A))])
    assert cache.lookup(dumps([HumanMessage(SYS_Q2)]), llm_string) is None


# ----------------------------------------------------------------------------- async, natively
class _SyncForbidden(StepCache):
    def lookup(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("sync lookup called from the async path")

    def store_answer(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("sync store_answer called from the async path")

    def finalize(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("sync finalize called from the async path")


async def test_async_chat_through_global_cache_uses_async_engine() -> None:
    cache = StepCacheLLMCache(_SyncForbidden())
    set_llm_cache(cache)
    try:
        model = scripted(MATH_A)
        first = await model.ainvoke(MATH_Q)
        second = await model.ainvoke(MATH_Q)
        third = await model.ainvoke(MATH_Q2)
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 1
    assert second.content == first.content == MATH_A
    assert _meta(third)["outcome"] == "reinstantiate" and third.content.endswith("x = 7")


async def test_async_patch_and_clear() -> None:
    patcher = scripted(SYS_SUFFIX, name="patcher")
    cache = StepCacheLLMCache(_SyncForbidden(reinstantiate=False, max_regen_share=0.8), patch_model=patcher)
    await cache.aupdate(dumps([HumanMessage(SYS_Q)]), "m", [ChatGeneration(message=ai(SYS_A))])
    hit = await cache.alookup(dumps([HumanMessage(SYS_Q2)]), "m")
    assert hit is not None and hit[0].message.content.endswith("y = 10")
    await cache.aclear()
    assert await cache.alookup(dumps([HumanMessage(SYS_Q)]), "m") is None


async def test_abatch_with_global_cache(global_cache: StepCacheLLMCache) -> None:
    model = scripted(MATH_A)
    await model.ainvoke(MATH_Q)
    answers = await model.abatch([MATH_Q, MATH_Q2, MATH_Q])
    assert len(model.calls) == 1
    assert [a.content.endswith("x = 5") for a in answers] == [True, False, True]
    assert answers[1].content.endswith("x = 7")


def test_streaming_bypasses_langchain_caches(global_cache: StepCacheLLMCache) -> None:
    # documented langchain-core behaviour; StepCacheRunnable is the way to stream with a cache
    model = scripted(MATH_A, MATH_A)
    "".join(c.content for c in model.stream(MATH_Q))
    model.invoke(MATH_Q)
    assert len(model.calls) == 2


def test_provider_parsed_structured_output_round_trips(global_cache: StepCacheLLMCache) -> None:
    """ChatOpenAI's json_schema structured output reads additional_kwargs["parsed"] (issue 29003)."""
    from langchain_core.runnables import RunnableLambda

    openai_base = pytest.importorskip("langchain_openai.chat_models.base")
    parser = RunnableLambda(lambda m: openai_base._oai_structured_outputs_parser(m, Person))
    content = '{"name": "Alice", "age": 30}'
    model = scripted(
        ai(content, additional_kwargs={"parsed": Person(name="Alice", age=30)}),
        ai(content, additional_kwargs={"parsed": Person(name="Alice", age=30)}),
        ai('{"name": "Bob", "age": 30}', additional_kwargs={"parsed": Person(name="Bob", age=30)}),
    )
    chain = model.bind(response_format={"type": "json_schema"}) | parser
    # a plain request (closed framing, every value stated in key form, the key list): its statements
    # are evidence, so the engine can prove name "Bob" sets `name`
    alice = 'Return a JSON object for a person with name "Alice", age 30. Required keys: name and age.'
    assert chain.invoke(alice) == Person(name="Alice", age=30)
    assert chain.invoke(alice) == Person(name="Alice", age=30)  # restored, dict -> model
    assert chain.invoke(alice.replace("Alice", "Bob")) == Person(name="Bob", age=30)  # re-instantiated, parsed kept
    assert len(model.calls) == 1
    # the value worded in prose ("named Alice") is no evidence (issue 19): the same change reaches the model
    worded = "Extract as JSON with keys name and age: the person is named Alice, age 30."
    assert chain.invoke(worded) == Person(name="Alice", age=30) and len(model.calls) == 2
    assert chain.invoke(worded.replace("Alice", "Bob")) == Person(name="Bob", age=30)
    assert len(model.calls) == 3 and model.last_prompt == worded.replace("Alice", "Bob")
    assert global_cache.stats()["hit_outcomes"] == {"reuse": 1, "reinstantiate": 1, "patch": 0}


# ----------------------------------------------------------------------------- visibility
MATH_QS = [f"Solve {a}x + {b} = {c} for x. Show your steps." for a, b, c in [(2, 3, 11), (4, 1, 9), (5, 5, 30)]]


def test_every_request_logs_one_line_and_misses_are_counted(
    global_cache: StepCacheLLMCache, caplog: pytest.LogCaptureFixture
) -> None:
    # a weak model whose math fails verification (SmolLM2 in the issue): nothing is stored,
    # and every lookup, miss and decline is visible
    model = scripted(*[MATH_WRONG] * 6)
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
        for question in MATH_QS:
            model.invoke(question)
    lines = [r.getMessage() for r in caplog.records if r.name == "stepcache_integrations.langchain"]
    assert len(lines) == 2 * len(MATH_QS)  # one lookup line and one update line per request
    assert sum(line.startswith("stepcache: miss (no cached candidate)") for line in lines) == len(MATH_QS)
    assert sum(line.startswith("stepcache: miss, not stored (failed verification: ") for line in lines) == len(MATH_QS)
    stats = global_cache.stats()
    assert stats["lookups"] == stats["misses"] == len(MATH_QS) and stats["hits"] == 0
    assert stats["stored"] == 0 and stats["not_stored"] == {"failed verification": len(MATH_QS)}
    assert global_cache.cache.store.count() == 0 and "engine" in stats


def test_hit_lines_and_counts(global_cache: StepCacheLLMCache, caplog: pytest.LogCaptureFixture) -> None:
    model = scripted(MATH_A)
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
        model.invoke(MATH_Q)
        model.invoke(MATH_Q)
        model.invoke(MATH_Q2)
    lines = [r.getMessage() for r in caplog.records if r.name == "stepcache_integrations.langchain"]
    assert [line.split(" for ")[0] for line in lines] == [
        "stepcache: miss (no cached candidate)",
        "stepcache: miss, stored the answer (proven)",
        "stepcache: reuse (proven)",
        "stepcache: reinstantiate (proven)",
    ]
    stats = global_cache.stats()
    assert stats["hit_outcomes"] == {"reuse": 1, "reinstantiate": 1, "patch": 0}
    assert stats["lookups"] == 3 and stats["misses"] == 1 and stats["stored"] == 1
    global_cache.reset_stats()
    assert global_cache.stats()["lookups"] == 0


def test_update_does_not_store_a_corrected_form_of_a_wrong_answer(global_cache: StepCacheLLMCache) -> None:
    # the linear-equation task could compute x = 5; the global cache still stores nothing,
    # so the next caller gets the model's own answer again, not text the model never wrote
    model = scripted(MATH_WRONG, MATH_WRONG)
    assert model.invoke(MATH_Q).content == MATH_WRONG
    assert global_cache.cache.store.count() == 0
    assert model.invoke(MATH_Q).content == MATH_WRONG and len(model.calls) == 2
    assert global_cache.stats()["not_stored"] == {"failed verification": 2}


def test_every_chat_hit_carries_the_record_and_verbatim_text_generations_stay_exact() -> None:
    cache = StepCacheLLMCache()
    cache.update(MATH_Q, "llm", [Generation(text=MATH_A, generation_info={"finish_reason": "stop"})])
    assert cache.lookup(MATH_Q, "llm") == [Generation(text=MATH_A, generation_info={"finish_reason": "stop"})]
    derived = cache.lookup(MATH_Q2, "llm")
    assert derived is not None and derived[0].generation_info["stepcache"]["outcome"] == "reinstantiate"
    assert derived[0].generation_info["stepcache"]["namespace"] == "langchain"
    assert derived[0].generation_info["stepcache"]["llm_key"] == llm_key_for("llm")


def test_when_patch_model_acts() -> None:
    """patch_model acts only on a `patch` candidate: some steps verified, others failing and
    not re-instantiable. Re-instantiated and fully reused answers never call it."""
    prompt, changed = dumps([HumanMessage(SYS_Q)]), dumps([HumanMessage(SYS_Q2)])
    answer = [ChatGeneration(message=ai(SYS_A))]
    # 1. numbers changed, re-instantiation on (the default): no patch, patch_model idle
    patcher = scripted(SYS_SUFFIX, name="patcher")
    cache = StepCacheLLMCache(patch_model=patcher, max_regen_share=0.8)
    cache.update(prompt, "m", answer)
    hit = cache.lookup(changed, "m")
    assert hit is not None and hit[0].message.response_metadata["stepcache"]["outcome"] == "reinstantiate"
    assert cache.patch_model.calls == []
    # 2. the same change without re-instantiation: a patch candidate
    without = StepCacheLLMCache(reinstantiate=False, max_regen_share=0.8)
    without.update(prompt, "m", answer)
    assert without.lookup(changed, "m") is None  # no patch_model: a miss, LangChain calls the model
    assert without.stats()["miss_reasons"] == {"candidate needs a patch (no patch_model)": 1}
    with_patch = StepCacheLLMCache(patch_model=patcher, reinstantiate=False, max_regen_share=0.8)
    with_patch.update(prompt, "m", answer)
    patched = with_patch.lookup(changed, "m")
    assert patched is not None and len(with_patch.patch_model.calls) == 1
    record = patched[0].message.response_metadata["stepcache"]
    assert record["outcome"] == "patch" and record["verified"] and record["provenance"][:2] == ["reused", "reused"]
    assert with_patch.stats()["hit_outcomes"]["patch"] == 1


def test_store_is_passed_to_the_engine() -> None:
    from stepcache_integrations.stores import InMemoryStore

    store = InMemoryStore()
    cache = StepCacheLLMCache(store=store)
    assert cache.cache.store is store
    cache.update(MATH_Q, "m", [Generation(text=MATH_A)])
    assert store.count() == 1
    with pytest.raises(ValueError):
        StepCacheLLMCache(StepCache(), store=store)


def test_json_schema_is_the_option_and_schema_its_alias() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    assert StepCacheLLMCache(json_schema=schema).json_schema == schema
    assert StepCacheLLMCache(schema=schema).json_schema == schema
    with pytest.raises(ValueError):
        StepCacheLLMCache(json_schema=schema, schema=schema)


def test_a_changed_system_message_is_a_miss_through_the_global_cache(global_cache: StepCacheLLMCache) -> None:
    """The same user message under another system instruction must reach the model again."""
    model = scripted("Bonjour !", "Guten Tag!")
    user = HumanMessage("Greet me and say how you are.")
    french = model.invoke([SystemMessage("Reply in French."), user])
    german = model.invoke([SystemMessage("Reply in German."), user])
    assert (french.content, german.content) == ("Bonjour !", "Guten Tag!")
    again = model.invoke([SystemMessage("Reply in French."), user])  # the identical request is a hit
    assert again.content == "Bonjour !" and _meta(again)["outcome"] == "reuse"


def test_an_endpoint_from_openai_base_url_is_part_of_the_key(global_cache: StepCacheLLMCache,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # blind red team round 4, R12: llm_string does not hold the endpoint the client read from the
    # environment, so two deployments would share entries: the global cache keys OPENAI_BASE_URL
    import httpx
    from langchain_openai import ChatOpenAI

    from stepcache_integrations.langchain._requests import read_llm_string

    monkeypatch.setenv("OPENAI_BASE_URL", "http://deploy-fr/v1")
    model = ChatOpenAI(model="m", api_key="k", http_client=httpx.Client())
    string, prompt = model._get_llm_string(), dumps([HumanMessage(MATH_Q)])
    explicit = ChatOpenAI(model="m", api_key="k", base_url="http://deploy-fr/v1")
    assert "OPENAI_BASE_URL=http://deploy-fr/v1" in read_llm_string(string).key_string
    assert "OPENAI_BASE_URL" not in read_llm_string(explicit._get_llm_string()).key_string
    assert global_cache.lookup(prompt, string) is None
    global_cache.update(prompt, string, [ChatGeneration(message=ai(MATH_A))])
    assert global_cache.lookup(prompt, string) is not None  # the same deployment: served
    monkeypatch.setenv("OPENAI_BASE_URL", "http://deploy-de/v1")
    assert global_cache.lookup(prompt, string) is None  # another deployment, the same llm_string: never


@pytest.mark.parametrize("driver", ["sync", "async"])
async def test_a_completion_prompt_that_spells_a_message_list_is_text(global_cache: StepCacheLLMCache,
                                                                     driver: str) -> None:
    """Issue 32, red team: a completion LLM's prompt whose text is a serialized message list was read
    as the messages it spells and shared the key of the plain prompt of the same text: the plain
    prompt's answer was served for text the model never saw. It is keyed apart."""
    llm = ScriptedLLM(responses=[MATH_A, "That is a JSON list of one message.", "Still a JSON list."])
    spelled = dumps([HumanMessage(MATH_Q)])
    first = llm.invoke(MATH_Q) if driver == "sync" else await llm.ainvoke(MATH_Q)
    second = llm.invoke(spelled) if driver == "sync" else await llm.ainvoke(spelled)
    assert first == MATH_A and second == "That is a JSON list of one message."  # the model's, not the cache's
    if driver == "sync":
        assert llm.calls == [MATH_Q, spelled]  # the model saw the text
    # its answer solves nothing: never stored, so the model answers again (never MATH_A from the cache)
    again = llm.invoke(spelled) if driver == "sync" else await llm.ainvoke(spelled)
    assert again == "Still a JSON list."
