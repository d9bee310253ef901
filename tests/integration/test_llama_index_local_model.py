"""StepCacheLLM around a real local model (llama.cpp + SmolLM2-135M-Instruct) via OpenAILike.

Uses ``STEPCACHE_LLM_BASE_URL`` when set (CI), else starts ``LocalModelServer`` for the
session; skips only when the server cannot be installed/started.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.node_parser import SentenceSplitter

from stepcache_integrations import StepCache
from stepcache_integrations.llama_index import METADATA_KEY, StepCacheEmbedding, StepCacheLLM
from tests.integration.conftest_local_model import local_model_base_url, local_model_name  # noqa: F401
from tests.unit.test_llama_index_support import (  # noqa: F401 - fixtures
    DOCS,
    EventCollector,
    events,
    offline_settings,
    whitespace_tokenizer,
)

pytestmark = pytest.mark.integration

QUESTION = "How long does the Atlas X2 battery last?"
PARAPHRASE = "How many hours does the Atlas X2 battery last?"
# Free text is reused only for the same question (up to the safe set); a recased or reworded one
# goes to the model.
REFORMATTED = "how long does the Atlas X2 battery last"


@pytest.fixture()
def inner(local_model_base_url: str, local_model_name: str) -> Any:  # noqa: F811
    from llama_index.llms.openai_like import OpenAILike

    return OpenAILike(
        model=local_model_name,
        api_base=local_model_base_url,
        api_key="local",
        is_chat_model=True,
        context_window=2048,
        temperature=0.0,
        timeout=300,
        max_retries=1,
    )


def meta(response: Any) -> dict[str, Any]:
    return response.additional_kwargs[METADATA_KEY]


def last_meta(events: EventCollector) -> dict[str, Any]:
    for event in reversed(events.events):
        kwargs = getattr(getattr(event, "response", None), "additional_kwargs", None) or {}
        if type(event).__name__.endswith("EndEvent") and METADATA_KEY in kwargs:
            return kwargs[METADATA_KEY]
    raise AssertionError("no StepCacheLLM response recorded")


def index_over_docs(embed: StepCacheEmbedding, hours: int = 14) -> VectorStoreIndex:
    docs = [
        Document(text=p.read_text().replace("lasts 14 hours", f"lasts {hours} hours"), id_=p.name)
        for p in sorted(DOCS.glob("*.md"))
    ]
    splitter = SentenceSplitter(chunk_size=128, chunk_overlap=0, tokenizer=whitespace_tokenizer)
    return VectorStoreIndex.from_documents(docs, embed_model=embed, transformations=[splitter])


def test_chat_reuse_skips_the_real_model(inner: Any) -> None:
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    messages = [ChatMessage(role="user", content="Name three primary colors.")]
    first = llm.chat(messages)
    assert first.message.content.strip() and meta(first)["outcome"] == "miss"
    assert meta(first)["model_calls"] == 1 and meta(first)["prompt_tokens"] > 0  # real usage
    second = llm.chat(messages)
    assert second.message.content == first.message.content
    assert meta(second)["outcome"] == "reuse" and meta(second)["model_calls"] == 0
    assert llm.cache.stats()["model_calls"] == 1


def test_streaming_and_async_against_the_real_model(inner: Any) -> None:
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    messages = [ChatMessage(role="user", content="Write one sentence about the sea.")]
    chunks = list(llm.stream_chat(messages))
    assert len(chunks) > 2 and meta(chunks[-1])["outcome"] == "miss"  # token by token
    text = chunks[-1].message.content

    async def run() -> tuple[Any, list[Any]]:
        reply = await llm.achat(messages)
        stream = await llm.astream_chat(messages)
        return reply, [c async for c in stream]

    reply, again = asyncio.run(run())
    assert reply.message.content == text and meta(reply)["outcome"] == "reuse"
    assert again[-1].message.content == text and meta(again[-1])["model_calls"] == 0
    assert llm.cache.stats()["model_calls"] == 1


def test_query_engine_over_real_model(inner: Any, events: EventCollector) -> None:
    embed = StepCacheEmbedding()
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed, reinstantiate=False))
    engine = index_over_docs(embed).as_query_engine(llm=llm, similarity_top_k=1)

    first = engine.query(QUESTION)
    assert str(first).strip() and last_meta(events)["outcome"] == "miss"
    assert first.metadata["stepcache"] == last_meta(events)  # on the response, where users look
    assert first.source_nodes[0].node.ref_doc_id == "atlas_x2.md"

    again = engine.query(QUESTION)
    assert str(again) == str(first) and again.metadata["stepcache"]["outcome"] == "reuse"
    assert again.metadata["stepcache"]["model_calls"] == 0
    recased = engine.query(REFORMATTED)
    assert recased.metadata["stepcache"]["outcome"] != "reuse" and recased.metadata["stepcache"]["model_calls"] >= 1
    reworded = engine.query(PARAPHRASE)
    assert reworded.metadata["stepcache"]["outcome"] != "reuse"
    assert reworded.metadata["stepcache"]["model_calls"] >= 1
    calls = llm.cache.stats()["model_calls"]

    changed = index_over_docs(embed, hours=9).as_query_engine(llm=llm, similarity_top_k=1).query(QUESTION)
    info = changed.metadata["stepcache"]
    assert info["outcome"] != "reuse" and llm.cache.stats()["model_calls"] > calls
    assert not any(s["provenance"] == "reused" and "14" in s["text"] for s in info["steps"])
    assert "lasts 9 hours" in changed.source_nodes[0].node.get_content()


def test_streaming_query_engine_records_on_the_real_model(inner: Any) -> None:
    embed = StepCacheEmbedding()
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = index_over_docs(embed).as_query_engine(llm=llm, similarity_top_k=1, streaming=True)
    first = engine.query(QUESTION)
    text = "".join(first.response_gen)
    info = first.metadata["stepcache"]
    assert info["outcome"] == "miss" and info["streamed"] and info["model_calls"] >= 1

    async def run() -> tuple[str, dict[str, Any]]:
        response = await engine.aquery(QUESTION)
        tokens = [t async for t in response.async_response_gen()]
        return "".join(tokens), response.metadata["stepcache"]

    again, info = asyncio.run(run())
    if first.metadata["stepcache"]["verified"]:
        assert info["outcome"] == "reuse" and info["model_calls"] == 0 and again.strip() == text.strip()


@pytest.mark.parametrize("mode", ["context", "condense_plus_context", "condense_question"])
def test_chat_engine_follow_up_is_keyed_on_the_conversation(inner: Any, mode: str) -> None:
    """A follow-up reaches the model (its key includes the conversation); never the cached first answer."""
    embed = StepCacheEmbedding()
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    chat = index_over_docs(embed).as_chat_engine(chat_mode=mode, llm=llm, similarity_top_k=1)
    first = chat.chat(QUESTION)
    assert first.metadata["stepcache"]["outcome"] == "miss"
    follow = chat.chat("And how fast does it charge?")
    calls = follow.metadata["stepcache_calls"]
    assert all("|conversation=" in c["llm_key"] for c in calls)
    assert follow.metadata["stepcache"]["outcome"] == "miss" and follow.metadata["stepcache"]["model_calls"] >= 1
    assert follow.metadata["stepcache"]["matched_entry_id"] is None
