"""Issue 21: one log line per request, the same in every adapter (adapters.flow.log_request).

A line names a short stable key (model key digest / namespace / prompt digest) and the part of
the prompt that tells it apart: where it differs from the cached candidate's prompt, else its
tail - never its head, which requests under one system prompt share.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.flow import prompt_difference, request_key, result_event
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.test_langchain_fakes import MATH_A, MATH_Q, MATH_Q2, global_cache, scripted  # noqa: F401 - fixture

SYSTEM = "You are a concise assistant. Answer in one short sentence and never add anything else to it."
QUESTIONS = [
    "What is the boiling point of water at sea level?",
    "What is the boiling point of ethanol at sea level?",
    "What is the freezing point of water at sea level?",
]
KEY = re.compile(r" for ([0-9a-f]{8})/([\w-]+)/([0-9a-f]{10}) ")


def _lines(caplog: pytest.LogCaptureFixture, name: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == name]


def test_the_key_is_short_stable_and_tells_prompts_apart() -> None:
    prompts = [f"System: {SYSTEM}\n\nUser: {q}" for q in QUESTIONS]
    keys = [request_key("langchain", "lc-abc", p) for p in prompts]
    assert len(set(keys)) == 3 and keys[0] == request_key("langchain", "lc-abc", prompts[0])
    assert all(re.fullmatch(r"[0-9a-f]{8}/langchain/[0-9a-f]{10}", k) for k in keys)
    assert request_key("langchain", "lc-other", prompts[0]) != keys[0]  # another model, another key
    assert all(SYSTEM[:10] not in k for k in keys)  # no prompt text in a key
    tails = [prompt_difference(p) for p in prompts]
    assert len(set(tails)) == 3 and all(t.startswith("ends ") and "sea level?" in t for t in tails)
    differs = prompt_difference(prompts[1], prompts[0])
    assert "ethanol" in differs and SYSTEM[:20] not in differs
    assert prompt_difference(prompts[0], prompts[0]) == "same text as the candidate"


def test_three_questions_under_one_system_prompt_log_three_ways(
    global_cache: StepCacheLLMCache, caplog: pytest.LogCaptureFixture
) -> None:
    model = scripted(*["About a hundred degrees."] * 3)
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
        for question in QUESTIONS:
            model.invoke([SystemMessage(SYSTEM), HumanMessage(question)])
    lines = [r.getMessage() for r in _lines(caplog, "stepcache_integrations.langchain")]
    assert len(lines) == 6
    # the lookup lines (each followed by its update line): the first finds no candidate, the other
    # two find it and do not use it, named by the outcome stats() counts them with
    misses = lines[0::2]
    assert [line.split(" for ")[0] for line in misses] == [
        "stepcache: miss (no cached candidate)", *["stepcache: skip_reuse (candidate failed verification)"] * 2]
    assert [line.split(" for ")[0] for line in lines[1::2]] == [
        "stepcache: miss, stored the answer (unchecked)", *["stepcache: skip_reuse, stored the answer (unchecked)"] * 2]
    assert global_cache.stats()["outcomes"] == {"reuse": 0, "reinstantiate": 0, "patch": 0, "skip_reuse": 2, "miss": 1}
    assert len(set(misses)) == 3  # the issue: three identical lines, cut at the system prompt
    assert len({KEY.search(line).group(3) for line in misses}) == 3  # type: ignore[union-attr]
    assert QUESTIONS[0][-25:] in misses[0]  # no candidate yet: the tail
    assert "differs from the candidate" in misses[1] and "ethanol" in misses[1]
    assert "differs from the candidate" in misses[2] and "freez" in misses[2]
    assert all(SYSTEM[:30] not in line for line in lines)


def test_a_hit_line_shows_what_differs_from_the_candidate(
    global_cache: StepCacheLLMCache, caplog: pytest.LogCaptureFixture
) -> None:
    model = scripted(MATH_A)
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
        model.invoke(MATH_Q)
        model.invoke(MATH_Q2)
    hit = _lines(caplog, "stepcache_integrations.langchain")[-1]
    assert hit.getMessage().startswith("stepcache: reinstantiate (proven) for ")
    assert "differs from the candidate" in hit.getMessage() and "26" in hit.getMessage()
    record = hit.stepcache  # type: ignore[attr-defined]
    assert record["outcome"] == "reinstantiate" and record["namespace"] == "langchain"


def test_the_runnable_wrapper_logs_the_same_lines(caplog: pytest.LogCaptureFixture) -> None:
    cached = with_step_cache(scripted(MATH_A), StepCache())
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
        first = cached.invoke(MATH_Q)
        again = cached.invoke(MATH_Q2)
        list(cached.stream(MATH_Q))
    records = _lines(caplog, "stepcache_integrations.langchain")
    lines = [r.getMessage() for r in records]
    assert len(lines) == 3, lines
    assert lines[0].startswith("stepcache: miss (no cached candidate), stored the answer (proven) for ")
    assert lines[1].startswith("stepcache: reinstantiate (proven) for ")
    assert lines[2].startswith("stepcache: reuse (proven) for ")
    assert records[0].stepcache == first.response_metadata["stepcache"]  # type: ignore[attr-defined]
    assert records[1].stepcache["outcome"] == again.response_metadata["stepcache"]["outcome"]  # type: ignore[attr-defined]
    digests = [match.group(3) for match in map(KEY.search, lines) if match is not None]
    assert len(digests) == 3 and digests[0] == digests[2] != digests[1]


def test_the_llama_index_adapter_logs_the_same_lines(caplog: pytest.LogCaptureFixture) -> None:
    from stepcache_integrations.llama_index import StepCacheLLM
    from tests.unit.test_llama_index_support import ScriptedLLM

    llm = StepCacheLLM(llm=ScriptedLLM([MATH_A]), cache=StepCache())
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.llama_index"):
        llm.complete(MATH_Q)
        llm.complete(MATH_Q2)
        list(llm.stream_complete(MATH_Q))
    records = _lines(caplog, "stepcache_integrations.llama_index")
    lines = [r.getMessage() for r in records]
    assert len(lines) == 3, lines
    assert lines[0].startswith("stepcache: miss (no cached candidate), stored the answer (proven) for ")
    assert lines[1].startswith("stepcache: reinstantiate (proven) for ")
    assert lines[2].startswith("stepcache: reuse (proven) for ") and "same text as the candidate" in lines[2]
    assert all(KEY.search(line) for line in lines)
    assert records[2].stepcache["streamed"] is True  # type: ignore[attr-defined]


def test_result_events_say_what_happened() -> None:
    from stepcache_integrations.core.types import StepCacheResult

    def result(**kw: Any) -> StepCacheResult:
        base = {"text": "x", "outcome": "miss", "verification": "unchecked", "checks_passed": True, "task": "text"}
        return StepCacheResult(**{**base, **kw})

    assert result_event(result(stored_entry_id="e")) == "miss (no cached candidate), stored the answer (unchecked)"
    failed = result(checks_passed=False, errors=["x: wrong"], matched_entry_id="m", outcome="skip_reuse")
    # each line names the outcome as stats() counts it (the candidate found and not used: skip_reuse)
    assert result_event(failed) == "skip_reuse (candidate failed verification), not stored (failed verification: x: wrong)"
    assert result_event(result(outcome="patch", checks_passed=False, errors=["e"])) == "patch (failed verification: e)"
    assert result_event(result(outcome="reuse", verification="proven")) == "reuse (proven)"
