"""Issue 22, one plan from lookup to store: the work a request does, counted call by call.

A LangChain global-cache miss embeds its prompt once and detects its task once (the plan of
``lookup()`` is what ``update()`` stores with); an exact hit segments the stored text once.
Counted with spies on the engine's embedder, task registry and task handlers, never timed.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.test_langchain_fakes import (  # noqa: F401 - global_cache is a fixture
    JSON_A,
    JSON_Q,
    MATH_A,
    MATH_Q,
    MATH_Q2,
    MATH_WRONG,
    global_cache,
    scripted,
)

QUESTIONS = [(MATH_Q, MATH_A), (JSON_Q, JSON_A), ("Name three primary colors, one per line.", "Red\nBlue\nYellow")]


class Spy:
    """Counts the embeddings, task selections, constraint builds and segmentations of one engine."""

    def __init__(self, engine: StepCache, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: Counter[str] = Counter()
        self._wrap(monkeypatch, engine.embedder, "embed", "embed")
        # the default embedder's aembed computes with embed: counted there, once
        self._wrap(monkeypatch, engine.tasks, "select", "detect")
        for name in engine.tasks.names:
            handler = engine.tasks.get(name)
            self._wrap(monkeypatch, handler, "segment", "segment")
            self._wrap(monkeypatch, handler, "constraints", "constraints")

    def _wrap(self, monkeypatch: pytest.MonkeyPatch, obj: Any, attr: str, label: str, is_async: bool = False) -> None:
        original = getattr(obj, attr)
        calls = self.calls
        if is_async:

            async def spy(*args: Any, **kwargs: Any) -> Any:
                calls[label] += 1
                return await original(*args, **kwargs)

        else:

            def spy(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
                calls[label] += 1
                return original(*args, **kwargs)

        monkeypatch.setattr(obj, attr, spy)

    def take(self) -> dict[str, int]:
        counted = dict(self.calls)
        self.calls.clear()
        return counted


@pytest.mark.parametrize(("question", "answer"), QUESTIONS)
def test_a_global_cache_miss_embeds_once_and_detects_its_task_once(
    global_cache: StepCacheLLMCache, monkeypatch: pytest.MonkeyPatch, question: str, answer: str
) -> None:
    spy = Spy(global_cache.cache, monkeypatch)
    model = scripted(answer)
    model.invoke(question)
    counted = spy.take()
    assert counted.get("embed") == 1 and counted.get("detect") == 1 and counted.get("constraints") == 1
    assert counted.get("segment") == 1  # the answer is segmented and checked once, in the store step
    assert global_cache.stats()["stored"] == 1
    again = model.invoke(question)  # an exact hit: the stored text is segmented once
    assert again.response_metadata["stepcache"]["outcome"] == "reuse" and len(model.calls) == 1
    # a linear problem is found by its problem key (core.problem_key_tier): nothing is embedded
    embedded = {} if question == MATH_Q else {"embed": 1}
    assert spy.take() == {**embedded, "detect": 1, "constraints": 1, "segment": 1}


def test_an_async_global_cache_miss_embeds_once_and_detects_once(
    global_cache: StepCacheLLMCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(global_cache.cache, monkeypatch)
    model = scripted(MATH_A)
    asyncio.run(model.ainvoke(MATH_Q))
    counted = spy.take()
    assert counted.get("embed") == 1 and counted.get("detect") == 1 and counted.get("segment") == 1
    asyncio.run(model.ainvoke(MATH_Q))
    assert spy.take() == {"detect": 1, "constraints": 1, "segment": 1}  # found by its problem key


def test_a_wrong_answer_is_judged_once_and_its_miss_is_on_record(
    global_cache: StepCacheLLMCache, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    spy = Spy(global_cache.cache, monkeypatch)
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
        scripted(MATH_WRONG).invoke(MATH_Q)
    counted = spy.take()
    assert counted.get("embed") == 1 and counted.get("detect") == 1 and counted.get("segment") == 1
    stats = global_cache.stats()
    assert stats["not_stored"] == {"failed verification": 1} and stats["stored"] == 0
    # LangChain shows a miss no response metadata: its record is in stats() and on the log record
    record = stats["last_miss"]
    assert record["outcome"] == "miss" and record["verification"] == "unchecked" and not record["verified"]
    assert record["errors"] and record["model_calls"] == 1 and record["reason"] == "no cached candidate"
    assert record["stored_entry_id"] is None and record["namespace"] == "langchain"
    update_line = [r for r in caplog.records if r.getMessage().startswith("stepcache: miss, not stored")]
    assert len(update_line) == 1 and update_line[0].stepcache == record


def test_update_without_a_lookup_still_embeds_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from langchain_core.load import dumps
    from langchain_core.messages import HumanMessage
    from langchain_core.outputs import ChatGeneration

    from tests.unit.test_langchain_fakes import ai

    cache = StepCacheLLMCache()
    spy = Spy(cache.cache, monkeypatch)
    cache.update(dumps([HumanMessage(MATH_Q)]), "llm-x", [ChatGeneration(message=ai(MATH_A))])
    assert spy.take() == {"embed": 1, "detect": 1, "constraints": 1, "segment": 1}
    assert cache.stats()["stored"] == 1 and cache.stats()["last_miss"]["reason"] == "update without a lookup"


def test_a_plan_made_for_other_options_is_not_stored_with(global_cache: StepCacheLLMCache) -> None:
    # the options changed between lookup and update (here: the namespace): the plan is made anew,
    # so the entry lands where the update's options say, never under the lookup's
    model = scripted(MATH_A)
    real_lookup = global_cache.cache.lookup

    def lookup_then_move(*args: Any, **kwargs: Any) -> Any:
        plan = real_lookup(*args, **kwargs)
        global_cache.namespace = "moved"
        return plan

    global_cache.cache.lookup = lookup_then_move  # type: ignore[method-assign]
    model.invoke(MATH_Q)
    assert {entry.namespace for entry, _ in global_cache.cache.store.iter_items()} == {"moved"}


def test_a_wrapper_exact_hit_segments_once(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = StepCache()
    model = scripted(MATH_A)
    cached = with_step_cache(model, engine)
    cached.invoke(MATH_Q)
    spy = Spy(engine, monkeypatch)
    again = cached.invoke(MATH_Q)
    assert again.response_metadata["stepcache"]["outcome"] == "reuse" and len(model.calls) == 1
    assert spy.take() == {"detect": 1, "constraints": 1, "segment": 1}  # found by its problem key


# ----------------------------------------------------------------------------- one vocabulary
def test_the_global_cache_counts_in_the_engine_vocabulary_and_agrees_with_it(global_cache: StepCacheLLMCache) -> None:
    weak = scripted(*[MATH_WRONG] * 3)
    for c in (11, 12, 13):
        weak.invoke(f"Solve 2x + 3 = {c} for x. Show your steps.")
    good = scripted(MATH_A)
    good.invoke(MATH_Q)  # miss, stored
    good.invoke(MATH_Q)  # reuse
    good.invoke(MATH_Q2)  # reinstantiate
    stats = global_cache.stats()
    engine = stats["engine"]
    # the issue: the engine said miss 0 while the cache said misses 3 - now one count, one code
    assert engine["outcomes"]["miss"] == 4 and stats["misses"] == 4
    for key in ("requests", "outcomes", "verification", "verified", "unverified", "failed_checks",
                "model_calls", "prompt_tokens", "completion_tokens", "tokens_saved"):
        assert stats[key] == engine[key], key
    assert stats["requests"] == 6 and stats["failed_checks"] == 3 == engine["failed_checks"]
    assert stats["outcomes"] == {"reuse": 1, "reinstantiate": 1, "patch": 0, "skip_reuse": 0, "miss": 4}
    assert stats["hits"] == 2 and stats["lookups"] == 6 and stats["model_calls"] == 4
    global_cache.reset_stats()
    assert global_cache.stats()["requests"] == 0 and global_cache.stats()["last_miss"] is None


# ----------------------------------------------------------------------------- one read (issue 34)
class ReadSpy:
    """Counts the prompts the global cache reads (``parse_cache_prompt``) and the ``llm_string``s it reads."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from stepcache_integrations.langchain import cache as cache_module

        self.prompts: list[str] = []
        self.llm_strings: list[str] = []
        parse, read = cache_module.parse_cache_prompt, cache_module.read_llm_string

        def parse_spy(prompt: str) -> Any:
            self.prompts.append(prompt)
            return parse(prompt)

        def read_spy(llm_string: str, **kwargs: Any) -> Any:
            self.llm_strings.append(llm_string)
            return read(llm_string, **kwargs)

        monkeypatch.setattr(cache_module, "parse_cache_prompt", parse_spy)
        monkeypatch.setattr(cache_module, "read_llm_string", read_spy)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize(("question", "answer"), QUESTIONS)
def test_a_miss_and_its_update_read_the_prompt_once(
    global_cache: StepCacheLLMCache, monkeypatch: pytest.MonkeyPatch, question: str, answer: str, use_async: bool
) -> None:
    spy = ReadSpy(monkeypatch)
    model = scripted(answer)
    asyncio.run(model.ainvoke(question)) if use_async else model.invoke(question)
    assert global_cache.stats()["stored"] == 1 and len(model.calls) == 1
    assert len(spy.prompts) == 1 and len(spy.llm_strings) == 1  # update() took lookup()'s read


def test_an_update_for_another_model_or_other_settings_reads_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from langchain_core.load import dumps
    from langchain_core.messages import HumanMessage
    from langchain_core.outputs import ChatGeneration

    from tests.unit.test_langchain_fakes import ai

    cache = StepCacheLLMCache()
    prompt, generations = dumps([HumanMessage(MATH_Q)]), [ChatGeneration(message=ai(MATH_A))]
    spy = ReadSpy(monkeypatch)
    assert cache.lookup(prompt, "llm-a") is None
    cache.update(prompt, "llm-b", generations)  # another model: lookup's read of llm-a is not its read
    assert spy.llm_strings == ["llm-a", "llm-b"] and len(spy.prompts) == 2
    assert cache.lookup(prompt, "llm-c") is None
    cache.inert_model_types = frozenset({"x"})  # the settings a read depends on changed: read again
    cache.update(prompt, "llm-c", generations)
    assert spy.llm_strings[2:] == ["llm-c", "llm-c"] and len(spy.prompts) == 4


def test_the_reads_kept_for_updates_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from langchain_core.load import dumps
    from langchain_core.messages import HumanMessage
    from langchain_core.outputs import ChatGeneration

    from stepcache_integrations.langchain import cache as cache_module
    from tests.unit.test_langchain_fakes import ai

    cache = StepCacheLLMCache()
    kept = cache_module._PENDING_MAX
    prompts = [dumps([HumanMessage(f"Solve 3x + 5 = {20 + i} for x. Show your steps.")]) for i in range(kept + 3)]
    for prompt in prompts:  # lookups whose updates never come (LangChain's call failed, say)
        assert cache.lookup(prompt, "llm-a") is None
    spy = ReadSpy(monkeypatch)
    cache.update(prompts[0], "llm-a", [ChatGeneration(message=ai(MATH_A))])  # forgotten: read again
    cache.update(prompts[-1], "llm-a", [ChatGeneration(message=ai(MATH_A))])  # kept: not read again
    assert spy.prompts == [prompts[0]]
