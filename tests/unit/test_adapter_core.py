"""The framework-free adapter core: one record schema and one streaming session for both adapters."""

from __future__ import annotations

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.flow import METADATA_KEY, StepCacheSummary, StreamSession, bypass_summary, revise_record, summarize

ANSWER = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
QUESTION = "Solve 3x + 5 = 20 for x. Show your steps."
# Every key of a record: the fields, and ``verified`` (derived from ``verification``).
RECORD_KEYS = set(StepCacheSummary.model_fields) | set(StepCacheSummary.model_computed_fields)


def test_summary_is_the_schema_with_per_step_provenance() -> None:
    cache = StepCache()
    cache.generate(QUESTION, lambda prompt: ANSWER)
    result = cache.generate(QUESTION, lambda prompt: ANSWER)
    record = summarize(result, namespace="ns", llm_key="k", streamed=True)
    assert set(record) == RECORD_KEYS and "verified" in record and "verification" in record
    assert record["outcome"] == "reuse" and record["verified"] and record["streamed"] and not record["revised"]
    assert record["verification"] == "proven"  # a linear reuse is re-proven step by step
    assert record["provenance"] == [s["provenance"] for s in record["steps"]] == ["reused"] * len(result.steps)
    assert record["provenance_counts"] == {"reused": len(result.steps)}
    assert record["text"] is None and record["namespace"] == "ns" and record["llm_key"] == "k"
    revised = summarize(result, revised=True)
    assert revised["revised"] and revised["text"] == result.text
    # what was streamed is the replaced text: unchecked; the level belongs to ``text``
    assert revised["verification"] == "unchecked" and revised["verified"] is False
    assert revised["text_verification"] == "proven"
    again = revise_record(record, result.text)
    assert again["verification"] == "unchecked" and again["verified"] is False and again["revised"]
    assert again["text_verification"] == "proven" and again["text"] == result.text
    assert StepCacheSummary.model_validate(record).outcome == "reuse"
    bypass = bypass_summary("tools requested")
    assert set(bypass) == set(record) and bypass["outcome"] == "bypass" and bypass["reason"] == "tools requested"
    assert bypass["verification"] == "unchecked" and bypass["verified"] is False
    assert METADATA_KEY == "stepcache"


def test_stream_session_tail_and_revised() -> None:
    session = StreamSession()
    assert session.prefix("Step 1: a.\n") == "Step 1: a.\n"
    session.feed("Step 2: ")
    session.feed("b.")
    assert session.generated == "Step 2: b." and session.emitted == "Step 1: a.\nStep 2: b."
    closed = session.close("Step 1: a.\nStep 2: b.\nAnswer: b")
    assert closed.tail == "\nAnswer: b" and not closed.revised
    replaced = session.close("Step 1: a.\nStep 2: c.")
    assert replaced.tail == "" and replaced.revised


def test_both_adapters_use_the_same_record() -> None:
    from llama_index.core.base.llms.types import ChatMessage
    from llama_index.core.llms.mock import MockLLM

    from stepcache_integrations.langchain import with_step_cache
    from stepcache_integrations.llama_index import StepCacheLLM
    from tests.unit.test_langchain_fakes import scripted

    lc = with_step_cache(scripted(ANSWER)).invoke(QUESTION).response_metadata[METADATA_KEY]
    li = StepCacheLLM(llm=MockLLM()).chat([ChatMessage(role="user", content="Say hi.")])
    assert set(lc) == set(li.additional_kwargs[METADATA_KEY]) == RECORD_KEYS
    assert lc["verification"] == "proven" and lc["verified"]  # a linear answer
    li_record = li.additional_kwargs[METADATA_KEY]
    assert li_record["verification"] == "unchecked" and li_record["verified"] is False  # free text
    assert isinstance(lc["provenance"], list) and isinstance(li.additional_kwargs[METADATA_KEY]["provenance"], list)
