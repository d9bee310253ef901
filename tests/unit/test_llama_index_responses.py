"""The stepcache record on query-engine and chat-engine responses (sync, async, streaming),
and chat-engine follow-ups: the cache key is the conversation the model answers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from llama_index.core import VectorStoreIndex

from stepcache_integrations import StepCache
from stepcache_integrations.llama_index import StepCacheEmbedding, StepCacheLLM
from tests.unit.test_llama_index_rag import QUESTION, REFORMATTED, build_index, rag_model
from tests.unit.test_llama_index_support import ScriptedLLM, offline_settings  # noqa: F401 - fixture

BATTERY = "How long does the Atlas X2 battery last?"
FOLLOW_UP = "And how fast does it charge?"
BATTERY_A = "The Atlas X2 battery lasts 14 hours of video playback."
CHARGE_A = "The Atlas X2 charges to 80 percent in 45 minutes."
MODES = ["context", "condense_plus_context", "condense_question"]


def passed_unchecked(record: dict) -> bool:
    """Free text: the answer passed its checks (no errors), but no checker judged it."""
    return record["verification"] == "unchecked" and not record["errors"] and record["verified"] is False


def chat_rag(prompt: str) -> str:
    """A grounded model that also condenses follow-ups (as LlamaIndex's condense prompts ask)."""
    if "standalone question" in prompt.lower():
        marker = "Follow Up Input:" if "Follow Up Input:" in prompt else "<Follow Up Message>"
        follow = prompt.split(marker)[-1].split("Standalone question")[0].split("<Standalone question>")[0]
        return "How fast does the Atlas X2 charge?" if "charge" in follow else follow.strip()
    question = prompt.split("Query:")[-1] if "Query:" in prompt else prompt.rsplit("user:", 1)[-1]
    if "charge" in question:
        return CHARGE_A
    if "battery" in question:
        return BATTERY_A
    return "The context does not say."


@pytest.fixture()
def embed() -> StepCacheEmbedding:
    return StepCacheEmbedding()


@pytest.fixture()
def index(embed: StepCacheEmbedding) -> VectorStoreIndex:
    return build_index(embed)


def record(response: Any) -> dict[str, Any]:
    return response.metadata["stepcache"]


# -- query engines ---------------------------------------------------------------------------
def test_query_engine_response_metadata_sync_and_async(embed: StepCacheEmbedding, index: VectorStoreIndex) -> None:
    inner = ScriptedLLM(rag_model, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = index.as_query_engine(llm=llm, similarity_top_k=1)
    first = engine.query(QUESTION)
    assert record(first)["outcome"] == "miss" and passed_unchecked(record(first)) and record(first)["model_calls"] == 1
    assert record(first)["stored_entry_id"] and first.metadata["stepcache_calls"] == [record(first)]
    assert any(key != "stepcache" and key != "stepcache_calls" for key in first.metadata)  # node metadata kept
    again = asyncio.run(engine.aquery(QUESTION))  # the identical question: a provable reuse
    info = record(again)
    assert info["outcome"] == "reuse" and info["model_calls"] == 0 and inner.calls == 1
    assert info["provenance"] == ["reused"] * len(info["steps"]) and info["namespace"] == "llama_index"
    reformatted = asyncio.run(engine.aquery(REFORMATTED))  # case/punctuation/inner whitespace: content (issue 19)
    info = record(reformatted)
    assert info["outcome"] in ("miss", "skip_reuse") and info["model_calls"] == 1 and inner.calls == 2
    assert passed_unchecked(info) and info["stored_entry_id"] and "reused" not in info["provenance"]
    assert reformatted.metadata["stepcache_calls"] == [info] and info["namespace"] == "llama_index"


def test_streaming_query_engine_record_is_final_once_consumed(embed: StepCacheEmbedding, index: VectorStoreIndex) -> None:
    inner = ScriptedLLM(rag_model, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = index.as_query_engine(llm=llm, similarity_top_k=1, streaming=True)
    streamed = engine.query(QUESTION)
    text = "".join(streamed.response_gen)
    info = record(streamed)
    assert info["outcome"] == "miss" and info["streamed"] and passed_unchecked(info) and not info["revised"]
    assert "".join(s["text"] for s in info["steps"]) == text
    reused = engine.query(QUESTION)  # the identical question: a provable reuse (issues 11, 19)
    "".join(reused.response_gen)
    assert record(reused)["outcome"] == "reuse" and record(reused)["streamed"] and inner.calls == 1

    async def run(question: str) -> dict[str, Any]:
        response = await engine.aquery(question)
        async for _ in response.async_response_gen():
            pass
        return record(response)

    info = asyncio.run(run(QUESTION))
    assert info["outcome"] == "reuse" and info["streamed"] and inner.calls == 1
    # a reformatted question is content (issue 19): the model answers, and the record is final once consumed
    reformatted = engine.query(REFORMATTED)
    text = "".join(reformatted.response_gen)
    info = record(reformatted)
    assert info["outcome"] in ("miss", "skip_reuse") and info["streamed"] and passed_unchecked(info) and inner.calls == 2
    assert "".join(s["text"] for s in info["steps"]) == text and "reused" not in info["provenance"]
    info = asyncio.run(run(REFORMATTED))  # its stored answer: now the identical question, reused
    assert info["outcome"] == "reuse" and info["streamed"] and inner.calls == 2


# -- chat engines ----------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_chat_engine_follow_up_never_gets_the_previous_answer(
    mode: str, embed: StepCacheEmbedding, index: VectorStoreIndex
) -> None:
    inner = ScriptedLLM(chat_rag, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    chat = index.as_chat_engine(chat_mode=mode, llm=llm, similarity_top_k=1)
    first = chat.chat(BATTERY)
    assert str(first) == BATTERY_A and record(first)["outcome"] == "miss"
    follow = chat.chat(FOLLOW_UP)
    assert str(follow) == CHARGE_A  # never the cached battery answer
    assert record(follow)["outcome"] == "miss" and record(follow)["model_calls"] == 1
    assert "|conversation=" in record(follow)["llm_key"]
    if mode != "context":  # the condensing call is a record of its own
        assert len(follow.metadata["stepcache_calls"]) == 2
    # the same conversation again, in a new session: both turns come from the cache
    calls = inner.calls
    again = index.as_chat_engine(chat_mode=mode, llm=llm, similarity_top_k=1)
    assert str(again.chat(BATTERY)) == BATTERY_A
    repeat = again.chat(FOLLOW_UP)
    assert str(repeat) == CHARGE_A and inner.calls == calls
    assert all(r["outcome"] == "reuse" for r in repeat.metadata["stepcache_calls"])


@pytest.mark.parametrize("mode", MODES)
def test_chat_engine_records_async_and_streaming(mode: str, embed: StepCacheEmbedding, index: VectorStoreIndex) -> None:
    inner = ScriptedLLM(chat_rag, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    chat = index.as_chat_engine(chat_mode=mode, llm=llm, similarity_top_k=1)
    streamed = chat.stream_chat(BATTERY)
    assert "".join(streamed.response_gen) == BATTERY_A
    assert record(streamed)["outcome"] == "miss" and record(streamed)["streamed"] and passed_unchecked(record(streamed))

    async def run() -> tuple[dict[str, Any], dict[str, Any], str]:
        other = index.as_chat_engine(chat_mode=mode, llm=llm, similarity_top_k=1)
        first = await other.achat(BATTERY)
        follow = await other.astream_chat(FOLLOW_UP)
        text = "".join([token async for token in follow.async_response_gen()])
        return record(first), record(follow), text

    first, follow, text = asyncio.run(run())
    assert first["outcome"] == "reuse" and first["model_calls"] == 0
    assert text == CHARGE_A and follow["outcome"] == "miss" and follow["streamed"] and passed_unchecked(follow)
    assert "|conversation=" in follow["llm_key"]
