"""A streamed answer the checks replaced is not "verified" on the joined stream (red team round 6,
R6_9): the deltas hold the model's replaced text, so the record on the joined message says
``verification="unchecked"``, ``verified=False``; ``text`` and ``text_verification`` carry the
answer the checks passed and its level. The judge reads the joined content itself."""

from __future__ import annotations

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import with_step_cache
from stepcache_integrations.llama_index import StepCacheLLM
from tests.unit.test_langchain_fakes import MATH_A, MATH_Q, MATH_WRONG, scripted
from tests.unit.test_llama_index_support import ScriptedLLM


def _states_x(text: str) -> str:
    return text.strip().splitlines()[-1].removeprefix("Answer: x = ")


def test_langchain_joined_stream_of_replaced_text_is_unchecked() -> None:
    cached = with_step_cache(scripted(MATH_WRONG, MATH_A), StepCache(max_repairs=1))  # the repair replaces the text
    chunks = list(cached.stream(MATH_Q))
    total = sum(chunks[1:], chunks[0])
    record = total.response_metadata["stepcache"]
    assert _states_x(str(total.content)) == "6"  # the model's wrong text was streamed
    assert record["revised"] and record["verification"] == "unchecked" and record["verified"] is False
    assert record["text"] == MATH_A and record["text_verification"] == "proven"


def test_langchain_unrevised_stream_keeps_its_level() -> None:
    cached = with_step_cache(scripted(MATH_A))
    total = None
    for chunk in cached.stream(MATH_Q):
        total = chunk if total is None else total + chunk
    record = total.response_metadata["stepcache"]
    assert _states_x(str(total.content)) == "5" and not record["revised"]
    assert record["verification"] == "proven" and record["verified"] is True and record["text_verification"] is None


def test_llama_index_joined_stream_of_replaced_text_is_unchecked() -> None:
    llm = StepCacheLLM(llm=ScriptedLLM([MATH_WRONG, MATH_A]), cache=StepCache())
    chunks = list(llm.stream_complete(MATH_Q))
    joined = "".join(c.delta or "" for c in chunks)
    record = chunks[-1].additional_kwargs["stepcache"]
    assert _states_x(joined) == "6" and record["revised"]  # the model's wrong text was streamed
    assert record["verification"] == "unchecked" and record["verified"] is False
    assert record["text_verification"] == "proven" and _states_x(record["text"]) == "5"
