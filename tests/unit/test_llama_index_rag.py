"""A real VectorStoreIndex over fixture documents, embedded with the package's own embedder,
queried through StepCacheLLM: the identical question over unchanged documents reuses; reformatted
and reworded questions and changed documents go to the model. A free-text answer is only served for
the same prompt exactly as written (no normalization: Unicode form, line endings and outer whitespace
are content), and the question sits inside the RAG template, so only the identical question over the
identical retrieved context is such a repeat."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import numpy as np
import pytest
from llama_index.core import Document, Settings, VectorStoreIndex
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.node_parser import SentenceSplitter
from llama_index.core.query_engine import RetrieverQueryEngine

from stepcache_integrations import HashingEmbedder, StepCache
from stepcache_integrations.llama_index import METADATA_KEY, StepCacheEmbedding, StepCacheLLM
from tests.unit.test_llama_index_support import (  # noqa: F401 - fixtures
    DOCS,
    EventCollector,
    ScriptedLLM,
    events,
    offline_settings,
    whitespace_tokenizer,
)

QUESTION = "How long does the Atlas X2 battery last, and how fast does it charge?"
PARAPHRASE = "How many hours does the Atlas X2 battery last, and how fast does it charge?"
# the same question up to case, inner whitespace and punctuation: reused before the issue 19 rules,
# now a content change ("Turkey"/"turkey", "raining?"/"raining.") that the model answers
REFORMATTED = "how long does the Atlas X2 battery last,  and how fast does it charge"


def passed_unchecked(record: dict) -> bool:
    """Free text: the answer passed its checks (no errors), but no checker judged it."""
    return record["verification"] == "unchecked" and not record["errors"] and record["verified"] is False


def battery_hours(prompt: str) -> str | None:
    match = re.search(r"battery lasts (\d+) hours", prompt)
    return match.group(1) if match else None


def rag_model(prompt: str) -> str:
    """Answers from the context in the prompt, like a grounded model would."""
    hours = battery_hours(prompt)
    question = prompt.split("Query:")[-1].split("The beginning of the answer")[0]
    if re.search(r"\b(cost|price)\b", question):
        return "The context does not state a price."
    if "Continue from there" in prompt:  # a patch request: only the rest of the answer
        return f"Its battery lasts {hours} hours of video playback."
    if "return" in question.lower():
        return "Returns are accepted within 30 days of delivery.\n\nRefunds take 5 business days."
    if hours is None:
        return "The context does not say."
    return (
        "The Atlas X2 charges to 80 percent in 45 minutes.\n\n"
        f"Its battery lasts {hours} hours of video playback."
    )


def load_docs(hours: int = 14) -> list[Document]:
    docs = []
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text().replace("lasts 14 hours", f"lasts {hours} hours")
        docs.append(Document(text=text, id_=path.name, metadata={"file_name": path.name}))
    return docs


def build_index(embed: StepCacheEmbedding, hours: int = 14) -> VectorStoreIndex:
    splitter = SentenceSplitter(chunk_size=128, chunk_overlap=0, tokenizer=whitespace_tokenizer)
    return VectorStoreIndex.from_documents(load_docs(hours), embed_model=embed, transformations=[splitter])


def info(response: Any) -> dict[str, Any]:
    """The step metadata of the LLM call behind a query-engine response."""
    return response.metadata["stepcache"]


class Recorder:
    """Query the engine and capture the StepCacheLLM response metadata via instrumentation."""

    def __init__(self, events: EventCollector) -> None:
        self.events = events

    def last(self) -> dict[str, Any]:
        ends = [e for e in self.events.events if type(e).__name__ in ("LLMChatEndEvent", "LLMCompletionEndEvent")]
        for event in reversed(ends):
            response = event.response
            kwargs = getattr(response, "additional_kwargs", {}) or {}
            if METADATA_KEY in kwargs:
                return kwargs[METADATA_KEY]
        raise AssertionError("no StepCacheLLM response was recorded")


@pytest.fixture()
def embed() -> StepCacheEmbedding:
    return StepCacheEmbedding()


# -- the embedding ---------------------------------------------------------------------------
def test_embedding_is_the_package_embedder(embed: StepCacheEmbedding) -> None:
    vec = embed.get_text_embedding("The Atlas X2 battery lasts 14 hours.")
    assert len(vec) == 512 and abs(float(np.linalg.norm(vec)) - 1.0) < 1e-5
    assert np.allclose(vec, HashingEmbedder().embed("The Atlas X2 battery lasts 14 hours."))
    assert embed.get_query_embedding("x y z") == embed.get_text_embedding("x y z")
    assert asyncio.run(embed.aget_query_embedding("x y z")) == embed.get_query_embedding("x y z")
    small = StepCacheEmbedding(dim=64)
    assert len(small.get_text_embedding("abc")) == 64 and small.model_name == "stepcache-hashing-64"


def test_index_retrieves_the_right_document(embed: StepCacheEmbedding) -> None:
    index = build_index(embed)
    for question, source in [
        (QUESTION, "atlas_x2.md"),
        ("What is the returns policy of Northwind Devices?", "returns_policy.md"),
        ("How much do the Orbit headphones weigh?", "orbit_headphones.md"),
    ]:
        top = index.as_retriever(similarity_top_k=1).retrieve(question)[0]
        assert top.node.metadata["file_name"] == source


# -- query engine ----------------------------------------------------------------------------
@pytest.mark.parametrize("chat_model", [True, False])
def test_query_engine_reuses_the_same_question_and_sends_a_reformatted_one_to_the_model(
    embed: StepCacheEmbedding, events: EventCollector, chat_model: bool
) -> None:
    inner = ScriptedLLM(rag_model, chat_model=chat_model)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = build_index(embed).as_query_engine(llm=llm, similarity_top_k=1)
    rec = Recorder(events)

    first = engine.query(QUESTION)
    assert "14 hours" in str(first) and rec.last()["outcome"] == "miss" and inner.calls == 1
    assert first.source_nodes[0].node.metadata["file_name"] == "atlas_x2.md"

    again = engine.query(QUESTION)  # the identical question over the same retrieved context
    assert str(again) == str(first) and inner.calls == 1  # no model call
    assert rec.last()["outcome"] == "reuse" and set(rec.last()["provenance"]) == {"reused"}

    # issue 19: case, inner whitespace and punctuation are content, so the model answers
    reformatted = engine.query(REFORMATTED)
    assert inner.calls == 2 and REFORMATTED in inner.prompts[-1]  # the model saw the new question
    assert rec.last()["outcome"] in ("miss", "skip_reuse") and passed_unchecked(rec.last())
    assert "reused" not in rec.last()["provenance"] and "14 hours" in str(reformatted)


@pytest.mark.parametrize("chat_model", [True, False])
def test_query_engine_sends_a_reworded_question_to_the_model(
    embed: StepCacheEmbedding, events: EventCollector, chat_model: bool
) -> None:
    # issue 11: a reworded question over the same documents is a content change no verifier can
    # prove meaning-preserving ("how long" -> "how many hours"), so the model answers it
    inner = ScriptedLLM(rag_model, chat_model=chat_model)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = build_index(embed).as_query_engine(llm=llm, similarity_top_k=1)
    rec = Recorder(events)

    first = engine.query(QUESTION)
    assert rec.last()["outcome"] == "miss" and inner.calls == 1
    reworded = engine.query(PARAPHRASE)
    assert inner.calls == 2 and PARAPHRASE in inner.prompts[-1]  # the model saw the new question
    assert rec.last()["outcome"] in ("miss", "skip_reuse") and passed_unchecked(rec.last())
    assert "reused" not in rec.last()["provenance"] and "14 hours" in str(reworded)
    assert str(engine.query(QUESTION)) == str(first) and inner.calls == 2  # the original still reuses


def test_query_engine_does_not_reuse_for_a_different_question_or_document(
    embed: StepCacheEmbedding, events: EventCollector
) -> None:
    inner = ScriptedLLM(rag_model, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = build_index(embed).as_query_engine(llm=llm, similarity_top_k=1)
    rec = Recorder(events)
    engine.query(QUESTION)

    price = engine.query("How much does the Atlas X2 cost?")  # same context, different question
    assert "price" in str(price) and "14 hours" not in str(price) and rec.last()["outcome"] != "reuse"
    calls = inner.calls

    returns = engine.query("What is the returns policy of Northwind Devices?")  # other context
    assert "30 days" in str(returns) and inner.calls == calls + 1 and rec.last()["outcome"] != "reuse"


def test_changed_documents_invalidate_cached_steps(embed: StepCacheEmbedding, events: EventCollector) -> None:
    """Default cache: the stale "14 hours" is never served; the new answer says 9 hours."""
    inner = ScriptedLLM(rag_model, chat_model=True)
    cache = StepCache(embedder=embed)
    llm = StepCacheLLM(llm=inner, cache=cache)
    rec = Recorder(events)
    build_index(embed, hours=14).as_query_engine(llm=llm, similarity_top_k=1).query(QUESTION)
    build_index(embed).as_query_engine(llm=llm, similarity_top_k=1).query(  # an unrelated cached answer too
        "What is the returns policy of Northwind Devices?"
    )

    updated = build_index(embed, hours=9).as_query_engine(llm=llm, similarity_top_k=1)
    answer = updated.query(QUESTION)
    meta = rec.last()
    assert "9 hours" in str(answer) and "14" not in str(answer)
    assert meta["outcome"] != "reuse" and passed_unchecked(meta)
    assert not any(s["provenance"] == "reused" and "14" in s["text"] for s in meta["steps"])
    assert "30 days" not in str(answer)


def test_changed_documents_send_the_stale_steps_to_the_model(
    embed: StepCacheEmbedding, events: EventCollector
) -> None:
    """Without re-instantiation, a changed document sends the request to the model."""
    # issue 11: no step of a free-text answer is proven once its context changed, so there is no
    # prefix patch here any more: the whole answer is regenerated from the new document
    inner = ScriptedLLM(rag_model, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed, reinstantiate=False))
    rec = Recorder(events)
    build_index(embed, hours=14).as_query_engine(llm=llm, similarity_top_k=1).query(QUESTION)
    assert inner.calls == 1

    updated = build_index(embed, hours=9).as_query_engine(llm=llm, similarity_top_k=1)
    answer = updated.query(QUESTION)
    meta = rec.last()
    assert inner.calls == 2 and meta["outcome"] in ("miss", "skip_reuse") and meta["model_calls"] == 1
    assert passed_unchecked(meta) and all(s["provenance"] != "reused" for s in meta["steps"])
    assert "lasts 9 hours" in inner.prompts[-1]  # the model saw the new document
    assert "9 hours" in str(answer) and "14" not in str(answer)
    # the new answer was stored: the identical question over the new document reuses it
    again = updated.query(QUESTION)
    assert str(again) == str(answer) and inner.calls == 2 and rec.last()["outcome"] == "reuse"
    # a reformatted question is content (issue 19): the model answers it, from the new document
    reformatted = updated.query(REFORMATTED)
    assert inner.calls == 3 and rec.last()["outcome"] in ("miss", "skip_reuse") and passed_unchecked(rec.last())
    assert "lasts 9 hours" in inner.prompts[-1] and REFORMATTED in inner.prompts[-1]
    assert "9 hours" in str(reformatted) and "14" not in str(reformatted)


def test_streaming_query_engine(embed: StepCacheEmbedding, events: EventCollector) -> None:
    inner = ScriptedLLM(rag_model, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = build_index(embed).as_query_engine(llm=llm, similarity_top_k=1, streaming=True)
    rec = Recorder(events)

    tokens = list(engine.query(QUESTION).response_gen)
    assert len(tokens) > 10 and "".join(tokens).startswith("The Atlas X2 charges")  # token by token
    assert rec.last()["outcome"] == "miss"

    tokens = list(engine.query(QUESTION).response_gen)  # the identical question: provable reuse
    assert inner.calls == 1 and rec.last()["outcome"] == "reuse"
    assert tokens == [
        "The Atlas X2 charges to 80 percent in 45 minutes.\n\n",
        "Its battery lasts 14 hours of video playback.",
    ]  # reused steps, at once

    tokens = list(engine.query(REFORMATTED).response_gen)  # content (issue 19): the model streams again
    assert inner.calls == 2 and rec.last()["outcome"] in ("miss", "skip_reuse") and passed_unchecked(rec.last())
    assert len(tokens) > 10 and "".join(tokens) == (
        "The Atlas X2 charges to 80 percent in 45 minutes.\n\nIts battery lasts 14 hours of video playback."
    )  # token by token


def test_retriever_query_engine_async_and_settings_llm(embed: StepCacheEmbedding, events: EventCollector) -> None:
    inner = ScriptedLLM(rag_model, chat_model=True)
    Settings.llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = RetrieverQueryEngine.from_args(build_index(embed).as_retriever(similarity_top_k=1))
    rec = Recorder(events)

    async def run() -> tuple[str, str, dict[str, Any], int, str]:
        first = await engine.aquery(QUESTION)
        second = await engine.aquery(QUESTION)  # the identical question: provable reuse
        reused, calls = rec.last(), inner.calls
        third = await engine.aquery(REFORMATTED)  # case, punctuation, inner whitespace: content
        return str(first), str(second), reused, calls, str(third)

    first, second, reused, calls, third = asyncio.run(run())
    assert first == second and "14 hours" in first and calls == 1
    assert reused["outcome"] == "reuse"
    assert inner.calls == 2 and rec.last()["outcome"] in ("miss", "skip_reuse") and passed_unchecked(rec.last())
    assert "14 hours" in third and REFORMATTED in inner.prompts[-1]


# -- chat engines ------------------------------------------------------------------------------
def test_context_chat_engine_reuses_and_keeps_metadata_out_of_history(
    embed: StepCacheEmbedding, events: EventCollector
) -> None:
    inner = ScriptedLLM(rag_model, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    index = build_index(embed)
    rec = Recorder(events)

    chat = index.as_chat_engine(chat_mode="context", llm=llm, similarity_top_k=1)
    first = chat.chat(QUESTION)
    assert "14 hours" in str(first) and rec.last()["outcome"] == "miss"
    chat.chat("And the returns policy?")  # history now holds an answer with step metadata
    assert all("stepcache" not in m.additional_kwargs for m in inner.chats[-1])

    fresh = index.as_chat_engine(chat_mode="context", llm=llm, similarity_top_k=1)
    again = fresh.chat(QUESTION)
    assert str(again) == str(first) and rec.last()["outcome"] == "reuse"


def test_simple_chat_engine_streaming(embed: StepCacheEmbedding) -> None:
    inner = ScriptedLLM(["Hello Priya, the Orders migration starts on Friday."], chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache(embedder=embed))
    engine = SimpleChatEngine.from_defaults(llm=llm)
    streamed = engine.stream_chat("Greet Priya about the Orders migration on Friday.")
    assert "".join(streamed.response_gen) == "Hello Priya, the Orders migration starts on Friday."
    engine.reset()
    assert str(engine.chat("Greet Priya about the Orders migration on Friday.")).startswith("Hello Priya")
    assert inner.calls == 1
