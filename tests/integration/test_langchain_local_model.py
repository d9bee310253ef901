"""The LangChain adapters against a real local model (llama.cpp + SmolLM2-135M-Instruct) via ChatOpenAI.

Uses ``STEPCACHE_LLM_BASE_URL`` when set (CI: ``scripts/start_local_model.sh``), else starts
the server for the session; skips only when the server cannot be installed. Asserts
behaviour (outcomes, provenance, model runs), never timings; the tiny model's answers
are not assumed correct - the cache's verification, repair and fallback are what is tested.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel
from langchain_core.globals import set_llm_cache
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate

from stepcache_bench.serving.client import make_chat_openai
from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, StepCacheRunnable, with_step_cache
from tests.integration.conftest_local_model import local_model_base_url, local_model_name  # noqa: F401
from tests.unit.test_langchain_fakes import RunRecorder

pytestmark = pytest.mark.integration

MATH_Q = "Solve 3x + 5 = 20 for x. Show your steps, one per line, and end with 'Answer: x = ...'."
MATH_Q2 = "Solve 3x + 5 = 26 for x. Show your steps, one per line, and end with 'Answer: x = ...'."
# Values stated with their key words: the checked fields can be kept when only the name changes.
# A plain request stating every value: a changed name is a patch of that key alone ("named Bob"
# would be no statement, and the whole object would go to the model).
JSON_Q = 'Return a JSON object for a person with name "Alice", age 30, city "Paris". Required keys: name, city and age.'
JSON_Q2 = 'Return a JSON object for a person with name "Bob", age 30, city "Paris". Required keys: name, city and age.'
JSON_A = '{"name": "Alice", "city": "Paris", "age": 30}'


@pytest.fixture
def chat(local_model_base_url: str, local_model_name: str) -> Any:  # noqa: F811
    return make_chat_openai(local_model_base_url, model=local_model_name, stream_usage=True)


@pytest.fixture
def global_cache() -> Iterator[StepCacheLLMCache]:
    cache = StepCacheLLMCache()
    set_llm_cache(cache)
    try:
        yield cache
    finally:
        set_llm_cache(None)


def test_global_cache_with_chat_openai(
    chat: Any, global_cache: StepCacheLLMCache, local_model_base_url: str, local_model_name: str  # noqa: F811
) -> None:
    prompt = "Name three primary colors, one per line."
    first = chat.invoke(prompt)
    second = chat.invoke(prompt)
    stats = global_cache.cache.stats()
    assert stats["outcomes"]["reuse"] == 1
    assert second.content == first.content
    assert second.id == first.id  # the stored message itself, not a new completion
    record = second.response_metadata["stepcache"]  # a verbatim hit carries the record too
    assert record["outcome"] == "reuse" and record["model_calls"] == 0 and "stepcache" not in first.response_metadata
    own = global_cache.stats()
    assert own["lookups"] == 2 and own["hits"] == 1 and own["misses"] == 1 and own["stored"] == 1
    # another parameter set is another llm_string: no sharing
    other = make_chat_openai(local_model_base_url, model=local_model_name, temperature=0.5)
    other.invoke(prompt)
    assert global_cache.cache.stats()["outcomes"]["reuse"] == 1


async def test_global_cache_async_with_chat_openai(chat: Any, global_cache: StepCacheLLMCache) -> None:
    prompt = "Name two planets of the solar system."
    first = await chat.ainvoke(prompt)
    second = await chat.ainvoke(prompt)
    assert second.content == first.content and second.id == first.id


def test_wrapper_verifies_reuses_and_reinstantiates(chat: Any) -> None:
    cached = with_step_cache(chat, StepCache())
    first = cached.invoke(MATH_Q)
    m1 = first.response_metadata["stepcache"]
    assert m1["outcome"] == "miss" and m1["verified"]  # repair or the deterministic fallback fixes a wrong answer
    assert m1["model_calls"] >= 1 and m1["prompt_tokens"] > 0  # real usage from the server
    assert "5" in first.content
    recorder = RunRecorder()
    again = cached.invoke(MATH_Q, {"callbacks": [recorder]})
    assert again.content == first.content and again.response_metadata["stepcache"]["outcome"] == "reuse"
    assert recorder.models == []  # no model run at all
    changed = cached.invoke(MATH_Q2, {"callbacks": [recorder]})
    m2 = changed.response_metadata["stepcache"]
    assert m2["verified"] and "7" in changed.content
    if m2["outcome"] == "reinstantiate":
        assert recorder.models == []


def test_wrapper_streams_live_then_from_the_cache(chat: Any) -> None:
    cached = with_step_cache(chat, StepCache())
    prompt = "List three fruits, one per line."
    recorder = RunRecorder()
    chunks = list(cached.stream(prompt, {"callbacks": [recorder]}))
    assert len(chunks) > 2
    assert len(recorder.models) >= 1 and recorder.models[0][1] == recorder.chains[0][1]
    total = sum(chunks[1:], chunks[0])
    meta = total.response_metadata["stepcache"]
    assert meta["outcome"] == "miss"
    reused = list(cached.stream(prompt))
    assert "".join(c.content for c in reused) == (meta.get("text") or total.content)
    assert sum(reused[1:], reused[0]).response_metadata["stepcache"]["outcome"] == "reuse"


def test_perturbed_json_request_is_patched(chat: Any) -> None:
    engine = StepCache(reinstantiate=False)
    cached = with_step_cache(chat, engine)
    engine.store_answer(JSON_Q, JSON_A, namespace=cached.namespace, llm_key=cached.resolve_llm_key())
    recorder = RunRecorder()
    patched = cached.invoke(JSON_Q2, {"callbacks": [recorder]})
    meta = patched.response_metadata["stepcache"]
    assert meta["outcome"] == "patch" and meta["matched_entry_id"] is not None
    assert 1 <= meta["model_calls"] == len(recorder.models)
    assert '"city": "Paris"' in patched.content  # the verified fields were kept, not regenerated


def test_lcel_chain(chat: Any) -> None:
    prompt = ChatPromptTemplate.from_messages([("system", "You are concise."), ("human", "{q}")])
    chain = prompt | with_step_cache(chat, StepCache()) | StrOutputParser()
    first = chain.invoke({"q": "Say hello to Alice in one short sentence."})
    assert isinstance(first, str) and first
    assert "".join(chain.stream({"q": "Say hello to Alice in one short sentence."})) == first


class Person(BaseModel):
    name: str
    age: int


def test_structured_output_through_the_wrapper(chat: Any) -> None:
    structured = with_step_cache(chat, StepCache()).with_structured_output(Person, method="json_schema")
    first = structured.invoke("Extract the person: the person is Alice, aged 30.")
    assert isinstance(first, Person)
    assert structured.invoke("Extract the person: the person is Alice, aged 30.") == first
    bob = structured.invoke("Extract the person: the person is Bob, aged 30.")
    assert isinstance(bob, Person) and bob.name == "Bob"


def test_structured_output_through_the_global_cache(chat: Any, global_cache: StepCacheLLMCache) -> None:
    # langchain issues 27264 / 29003: SQLiteCache stored bare text and broke this
    structured = chat.with_structured_output(Person, method="json_schema")
    first = structured.invoke("Extract the person: the person is Carol, aged 41.")
    again = structured.invoke("Extract the person: the person is Carol, aged 41.")
    assert isinstance(first, Person) and isinstance(again, Person) and again.name == first.name
    # ChatOpenAI binds the pydantic class itself: llm_string holds its repr, which another class of that name
    # shares, so the global cache gives the request no tier (red team 32; it was the exact tier's, red team 24b)
    stats = global_cache.stats()
    assert stats["tiers"]["none"] == 2 and global_cache.cache.stats()["exact"]["hits"] == 0
    # the schema given as data is keyed by what it holds: the same request is served from the cache and parses
    as_data = chat.with_structured_output(Person.model_json_schema(), method="json_schema")
    stored = as_data.invoke("Extract the person: the person is Carol, aged 41.")
    served = as_data.invoke("Extract the person: the person is Carol, aged 41.")
    assert served == stored and global_cache.stats()["hits"] == 1


def test_global_cache_says_why_it_declines(
    chat: Any, global_cache: StepCacheLLMCache, caplog: pytest.LogCaptureFixture
) -> None:
    """The issue's run: SmolLM2's math through the global cache. Whatever the model answers,
    every request is one miss line plus one stored / not-stored line, and stats() counts it."""
    questions = [f"Solve {a}x + {b} = {c} for x." for a, b, c in [(3, 5, 20), (2, 7, 19)]]
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
        for question in questions:
            chat.invoke(question)
    lines = [r.getMessage() for r in caplog.records if r.name == "stepcache_integrations.langchain"]
    assert len(lines) == 2 * len(questions)
    stats = global_cache.stats()
    assert stats["lookups"] == len(questions) == stats["misses"] + stats["hits"]
    assert stats["stored"] + sum(stats["not_stored"].values()) == stats["updates"] == stats["misses"]
    for reason in stats["not_stored"]:
        assert reason == "failed verification"
        # the update line names the request's outcome first (no candidate, or one found and not used)
        assert any(line.startswith(f"stepcache: {outcome}, not stored (failed verification: ")
                   for line in lines for outcome in ("miss", "skip_reuse"))


def _find_wrapper(runnable: Any) -> StepCacheRunnable:
    if isinstance(runnable, StepCacheRunnable):
        return runnable
    for child in [getattr(runnable, "first", None), *getattr(runnable, "steps__", {}).values()]:
        if child is not None:
            try:
                return _find_wrapper(child)
            except LookupError:
                pass
    raise LookupError("no StepCacheRunnable")


class City(BaseModel):
    name: str
    city: str
    age: int


def test_structured_output_patch_then_reuse_on_the_real_model(chat: Any) -> None:
    """json_schema structured output: a seeded verified answer, a changed city (the schema LangChain
    builds carries a title, prose that may state a rule, and "Extract the person" is no plain
    request: nothing of the cached object is proven, the model answers it whole), then the same
    prompt again (reuse: the stored message still parses)."""
    engine = StepCache(reinstantiate=False)
    people = with_step_cache(chat, engine).with_structured_output(City, method="json_schema", include_raw=True)
    wrapper = _find_wrapper(people)  # the StepCacheRunnable inside the structured chain
    paris, lyon = (f'Extract the person: name "Alice", age 30, city "{c}".' for c in ("Paris", "Lyon"))
    engine.store_answer(
        paris, '{"name": "Alice", "city": "Paris", "age": 30}', namespace=wrapper.namespace,
        llm_key=wrapper.resolve_llm_key(), schema=wrapper.json_schema,
    )
    recorder = RunRecorder()
    patched = people.invoke(lyon, {"callbacks": [recorder]})
    info = patched["raw"].response_metadata["stepcache"]
    assert info["outcome"] in ("skip_reuse", "miss") and info["model_calls"] >= 1 and len(recorder.models) >= 1
    assert not any(step["provenance"] == "reused" for step in info["steps"])  # nothing unproven kept
    if not info["errors"]:  # every check passed (the values themselves are the model's: "checked")
        assert patched["parsed"] is not None
        again = people.invoke(lyon, {"callbacks": [RunRecorder()]})
        # the class bound as the response format is the one the wrapper's with_structured_output read: its full
        # schema is read (wip/adaptB), so the step tier keeps the request and reuses the stored message
        assert again["raw"].response_metadata["stepcache"]["outcome"] == "reuse"
        assert again["parsed"] == patched["parsed"]  # additional_kwargs["parsed"] survived storage
    else:  # a failed answer is flagged and never stored
        assert not info["verified"] and info["stored_entry_id"] is None


def test_patch_model_acts_on_a_patch_candidate(chat: Any) -> None:
    """A stored two-equation answer, one equation changed: without patch_model a miss
    (LangChain regenerates everything); with it, the real model is asked for the failing steps."""
    from langchain_core.load import dumps
    from langchain_core.messages import AIMessage, HumanMessage
    from langchain_core.outputs import ChatGeneration

    from tests.unit.test_langchain_fakes import SYS_A, SYS_Q, SYS_Q2

    llm_string = chat._get_llm_string()
    stored = [ChatGeneration(message=AIMessage(content=SYS_A))]
    without = StepCacheLLMCache(reinstantiate=False, max_regen_share=0.8)
    without.update(dumps([HumanMessage(SYS_Q)]), llm_string, stored)
    assert without.lookup(dumps([HumanMessage(SYS_Q2)]), llm_string) is None
    assert without.stats()["miss_reasons"] == {"candidate needs a patch (no patch_model)": 1}

    with_patch = StepCacheLLMCache(patch_model=chat, reinstantiate=False, max_regen_share=0.8)
    with_patch.update(dumps([HumanMessage(SYS_Q)]), llm_string, stored)
    hit = with_patch.lookup(dumps([HumanMessage(SYS_Q2)]), llm_string)
    stats = with_patch.stats()
    assert stats["engine"]["model_calls"] >= 1  # the patch model was asked
    if hit is not None:
        record = hit[0].message.response_metadata["stepcache"]
        assert record["outcome"] == "patch" and record["verified"]
        # the verified prefix was kept, unless the model's patch failed and the fallback solved it
        assert record["provenance"][:2] == ["reused", "reused"] or record["used_fallback"]
        assert stats["hit_outcomes"]["patch"] == 1
    else:  # the tiny model's patch failed verification: a miss, said so
        assert stats["miss_reasons"] == {"patch failed verification": 1}
