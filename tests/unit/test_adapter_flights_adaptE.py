"""Identical requests in flight at once cost one model call (wip/adaptE; ``core.flights``, ``adapters.flow.one_flight``).

A README-only red team found that ``batch([s, s])`` / ``abatch([s, s])`` on a cold cache made two model calls. Now
the second identical request waits for the first and then looks up: it is served what the first stored, exactly as
if it had been sent after it. Requests that differ in model, temperature, seed or prompt never wait on each other.

The models here are gated: a model call waits until both requests have joined their flights (``Gate``), so the two
requests really are in flight at once (without the gate the first might finish before the second starts). The
gate's wait is bounded only so that a broken flight cannot hang the suite; nothing here measures time.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from langchain_core.outputs import ChatResult
from llama_index.core.base.llms.types import ChatMessage, CompletionResponse, MessageRole
from pydantic import PrivateAttr

from stepcache_integrations import StepCache
from stepcache_integrations.core.flights import Flights
from stepcache_integrations.langchain import with_step_cache
from stepcache_integrations.llama_index import METADATA_KEY, StepCacheLLM
from tests.unit.test_langchain_fakes import MATH_A, MATH_Q, ScriptedChat, ai
from tests.unit.test_llama_index_support import ScriptedLLM

HANG_GUARD = 20.0  # seconds: only so that a broken flight fails instead of hanging (never a measurement)
TEXT_Q = "Write a two-line poem about the sea."
TEXT_A = "The sea is wide,\nthe sea is blue."


class Gate(Flights):
    """A flight registry that counts the requests that joined it; :meth:`hold` lets a model call wait for them."""

    def __init__(self, joins: int = 2) -> None:
        super().__init__(wait_limit=HANG_GUARD)
        self.needed = joins
        self.joined = 0
        self.leaders = 0
        self.changed = threading.Condition()

    def join(self, key: Any) -> Any:
        ticket = super().join(key)
        with self.changed:
            self.joined += 1
            self.leaders += ticket.leader
            self.changed.notify_all()
        return ticket

    def hold(self) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.joined >= self.needed, timeout=HANG_GUARD)


def gated_cache(joins: int = 2) -> tuple[StepCache, Gate]:
    cache = StepCache()
    gate = Gate(joins)
    cache.flights = gate
    return cache, gate


class GatedChat(ScriptedChat):
    """A scripted chat model whose every call first waits at the gate (and may fail once)."""

    _gate: Any = PrivateAttr(default=None)
    _fail_first: bool = PrivateAttr(default=False)
    _lock: Any = PrivateAttr(default_factory=threading.Lock)

    def _generate(self, messages: Any, *args: Any, **kwargs: Any) -> ChatResult:
        if self._gate is not None:
            self._gate.hold()
        with self._lock:
            fail, self._fail_first = self._fail_first, False
        if fail:
            self.calls.append(list(messages))
            raise RuntimeError("the provider failed")
        return super()._generate(messages, *args, **kwargs)


def gated_chat(gate: Gate, *answers: str, name: str = "scripted-chat", fail_first: bool = False) -> GatedChat:
    model = GatedChat(messages=iter([ai(a) for a in answers]), model_name=name)
    model._gate = gate
    model._fail_first = fail_first
    return model


def meta(message: Any) -> dict[str, Any]:
    return message.response_metadata["stepcache"]


# ----------------------------------------------------------------------------- LangChain wrapper
@pytest.mark.parametrize("prompt, answer, outcome", [(MATH_Q, MATH_A, "reuse"), (TEXT_Q, TEXT_A, "reuse")])
def test_batch_of_two_identical_requests_costs_one_model_call(prompt: str, answer: str, outcome: str) -> None:
    cache, gate = gated_cache()
    model = gated_chat(gate, answer, answer)
    answers = with_step_cache(model, cache).batch([prompt, prompt])
    assert len(model.calls) == 1
    assert [a.content for a in answers] == [answer, answer]
    assert sorted(meta(a)["outcome"] for a in answers) == sorted(["miss", outcome])
    assert sorted(meta(a)["model_calls"] for a in answers) == [0, 1]
    assert gate.leaders == 1 and len(cache.flights) == 0  # one led, one waited; every flight released


async def test_abatch_and_concurrent_ainvoke_of_one_request_cost_one_model_call() -> None:
    cache, gate = gated_cache()
    model = gated_chat(gate, MATH_A, MATH_A)
    cached = with_step_cache(model, cache)
    answers = await cached.abatch([MATH_Q, MATH_Q])
    assert len(model.calls) == 1 and [a.content for a in answers] == [MATH_A, MATH_A]
    assert sorted(meta(a)["outcome"] for a in answers) == ["miss", "reuse"]
    cache2, gate2 = gated_cache()
    model2 = gated_chat(gate2, TEXT_A, TEXT_A)
    cached2 = with_step_cache(model2, cache2)
    first, second = await asyncio.gather(cached2.ainvoke(TEXT_Q), cached2.ainvoke(TEXT_Q))
    assert len(model2.calls) == 1 and first.content == second.content == TEXT_A
    assert len(cache.flights) == len(cache2.flights) == 0


def test_exact_tier_identical_requests_share_one_model_call() -> None:
    """A request below the step tier (a stop sequence) is the exact tier's: one call for two identical ones."""
    cache, gate = gated_cache()
    model = gated_chat(gate, "Paris", "Paris")
    cached = with_step_cache(model.bind(stop=["\n"]), cache)
    answers = cached.batch([TEXT_Q, TEXT_Q])
    assert len(model.calls) == 1
    assert sorted(meta(a)["outcome"] for a in answers) == ["exact", "miss"]
    assert {meta(a)["tier"] for a in answers} == {"exact"}


@pytest.mark.parametrize("other", [{"temperature": 0.7}, {"seed": 7}])
def test_other_sampling_options_never_share_a_flight(other: dict[str, Any]) -> None:
    cache, gate = gated_cache()
    model_a = gated_chat(gate, TEXT_A, name="m")
    model_b = gated_chat(gate, "Another poem.", name="m")
    first = with_step_cache(model_a.bind(temperature=0.0), cache)
    second = with_step_cache(model_b.bind(**{"temperature": 0.0, **other}), cache)
    with ThreadPoolExecutor(2) as pool:
        a = pool.submit(first.invoke, TEXT_Q)
        b = pool.submit(second.invoke, TEXT_Q)
        answers = [a.result(), b.result()]
    assert len(model_a.calls) == len(model_b.calls) == 1  # each request its own model's answer
    assert [x.content for x in answers] == [TEXT_A, "Another poem."]
    assert [meta(x)["outcome"] for x in answers] == ["miss", "miss"]
    assert gate.leaders == 2  # neither waited for the other


def test_another_model_or_prompt_never_shares_a_flight() -> None:
    cache, gate = gated_cache()
    model_a = gated_chat(gate, TEXT_A, name="model-a")
    model_b = gated_chat(gate, "Another poem.", name="model-b")
    with ThreadPoolExecutor(2) as pool:
        a = pool.submit(with_step_cache(model_a, cache).invoke, TEXT_Q)
        b = pool.submit(with_step_cache(model_b, cache).invoke, TEXT_Q)
        answers = [a.result(), b.result()]
    assert [x.content for x in answers] == [TEXT_A, "Another poem."]
    assert len(model_a.calls) == len(model_b.calls) == 1 and gate.leaders == 2
    cache, gate = gated_cache()
    model = gated_chat(gate, TEXT_A, "A limerick.")
    answers = with_step_cache(model, cache).batch([TEXT_Q, TEXT_Q.replace("poem", "limerick")])
    assert len(model.calls) == 2 and sorted(x.content for x in answers) == sorted([TEXT_A, "A limerick."])
    assert gate.leaders == 2


def test_a_failed_leader_lets_the_waiter_answer_alone() -> None:
    """The first call fails: the waiter is not served anything, it calls the model itself (no hang, no share)."""
    cache, gate = gated_cache()
    model = gated_chat(gate, TEXT_A, fail_first=True)
    answers = with_step_cache(model, cache).batch([TEXT_Q, TEXT_Q], return_exceptions=True)
    assert len(model.calls) == 2
    assert sum(isinstance(a, RuntimeError) for a in answers) == 1
    served = [a for a in answers if not isinstance(a, Exception)]
    assert [a.content for a in served] == [TEXT_A] and meta(served[0])["outcome"] == "miss"
    assert len(cache.flights) == 0


# ----------------------------------------------------------------------------- LlamaIndex
class GatedLLM(ScriptedLLM):
    """A scripted LlamaIndex model whose calls wait at the gate (sync: a thread; async: the event loop)."""

    _gate: Any = PrivateAttr(default=None)

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self._gate.hold()
        return super().complete(prompt, formatted=formatted, **kwargs)

    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        await asyncio.to_thread(self._gate.hold)
        return super().complete(prompt, formatted=formatted, **kwargs)


def gated_llm(gate: Gate, answer: str, chat_model: bool = False) -> GatedLLM:
    model = GatedLLM(lambda _prompt: answer, chat_model=chat_model)
    model._gate = gate
    return model


@pytest.mark.parametrize("prompt, answer", [(MATH_Q, MATH_A), (TEXT_Q, TEXT_A)])
def test_llama_index_concurrent_identical_complete_and_chat_cost_one_call(prompt: str, answer: str) -> None:
    cache, gate = gated_cache()
    inner = gated_llm(gate, answer)
    llm = StepCacheLLM(llm=inner, cache=cache)
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda _: llm.complete(prompt), range(2)))
    assert inner.calls == 1 and [a.text for a in answers] == [answer, answer]
    assert sorted(a.additional_kwargs[METADATA_KEY]["outcome"] for a in answers) == ["miss", "reuse"]
    cache, gate = gated_cache()
    inner = gated_llm(gate, answer)
    llm = StepCacheLLM(llm=inner, cache=cache)
    messages = [ChatMessage(role=MessageRole.SYSTEM, content="Be brief."), ChatMessage(role=MessageRole.USER, content=prompt)]
    with ThreadPoolExecutor(2) as pool:
        replies = list(pool.map(lambda _: llm.chat(messages), range(2)))
    assert inner.calls == 1 and [r.message.content for r in replies] == [answer, answer]
    assert len(cache.flights) == 0


async def test_llama_index_concurrent_identical_acomplete_costs_one_call() -> None:
    cache, gate = gated_cache()
    inner = gated_llm(gate, MATH_A)
    llm = StepCacheLLM(llm=inner, cache=cache)
    answers = await asyncio.gather(llm.acomplete(MATH_Q), llm.acomplete(MATH_Q))
    assert inner.calls == 1 and [a.text for a in answers] == [MATH_A, MATH_A]
    assert sorted(a.additional_kwargs[METADATA_KEY]["outcome"] for a in answers) == ["miss", "reuse"]


def test_llama_index_other_temperature_never_shares_a_flight() -> None:
    cache, gate = gated_cache()
    inner = gated_llm(gate, TEXT_A)
    llm = StepCacheLLM(llm=inner, cache=cache)
    with ThreadPoolExecutor(2) as pool:
        a = pool.submit(llm.complete, TEXT_Q, temperature=0.0)
        b = pool.submit(llm.complete, TEXT_Q, temperature=0.9)
        outcomes = [a.result().additional_kwargs[METADATA_KEY]["outcome"], b.result().additional_kwargs[METADATA_KEY]["outcome"]]
    assert inner.calls == 2 and outcomes == ["miss", "miss"] and gate.leaders == 2


def test_llama_index_another_model_never_shares_a_flight() -> None:
    cache, gate = gated_cache()
    inner_a, inner_b = gated_llm(gate, TEXT_A), gated_llm(gate, "Another poem.")
    inner_b.model_name = "scripted-b"
    llm_a, llm_b = StepCacheLLM(llm=inner_a, cache=cache), StepCacheLLM(llm=inner_b, cache=cache)
    with ThreadPoolExecutor(2) as pool:
        a, b = pool.submit(llm_a.complete, TEXT_Q), pool.submit(llm_b.complete, TEXT_Q)
        texts = [a.result().text, b.result().text]
    assert texts == [TEXT_A, "Another poem."] and inner_a.calls == inner_b.calls == 1 and gate.leaders == 2


# ----------------------------------------------------------------------------- the registry
def test_a_request_never_waits_on_a_flight_its_own_thread_leads() -> None:
    flights = Flights()
    leader = flights.join("k")
    nested = flights.join("k")
    assert leader.leader and not nested.leader and not nested.waits
    nested.release()  # not the nested request's to release
    assert len(flights) == 1
    leader.release()
    leader.release()  # idempotent
    assert len(flights) == 0 and flights.join("k").leader


async def test_a_waiter_on_another_task_is_woken_by_a_release_from_another_thread() -> None:
    flights = Flights()
    leader = await asyncio.to_thread(flights.join, "k")  # led from a worker thread
    waiter = flights.join("k")
    assert waiter.waits
    waiting = asyncio.ensure_future(waiter.await_(timeout=HANG_GUARD))
    await asyncio.sleep(0)
    assert not waiting.done()
    await asyncio.to_thread(leader.release)
    assert await waiting is True


# ----------------------------------------------------------------------------- LangChain's global cache (async)
async def test_global_cache_abatch_of_two_identical_requests_costs_one_model_call() -> None:
    from langchain_core.globals import set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache

    cache, gate = gated_cache()
    model = gated_chat(gate, MATH_A, MATH_A, name="global-flights")
    set_llm_cache(StepCacheLLMCache(cache))
    try:
        answers = await model.abatch([MATH_Q, MATH_Q])
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 1 and [a.content for a in answers] == [MATH_A, MATH_A]
    assert len(cache.flights) == 0


async def test_global_cache_a_failed_leader_releases_its_flight_when_its_task_ends() -> None:
    from langchain_core.globals import set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache

    cache, gate = gated_cache()
    model = gated_chat(gate, TEXT_A, name="global-flights-fail", fail_first=True)
    set_llm_cache(StepCacheLLMCache(cache))
    try:
        answers = await model.abatch([TEXT_Q, TEXT_Q], return_exceptions=True)
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 2 and sum(isinstance(a, RuntimeError) for a in answers) == 1
    assert [a.content for a in answers if not isinstance(a, Exception)] == [TEXT_A]
    assert len(cache.flights) == 0


async def test_global_cache_other_temperature_never_shares_a_flight() -> None:
    from langchain_core.globals import set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache

    cache, gate = gated_cache()
    model = gated_chat(gate, TEXT_A, "Another poem.", name="global-flights-temp")
    set_llm_cache(StepCacheLLMCache(cache))
    try:
        answers = await asyncio.gather(model.bind(temperature=0.0).ainvoke(TEXT_Q), model.bind(temperature=0.9).ainvoke(TEXT_Q))
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 2 and sorted(a.content for a in answers) == sorted([TEXT_A, "Another poem."])
    assert gate.leaders == 2


async def test_global_cache_aupdate_ends_the_flight_before_the_task_ends() -> None:
    """The leader's ``aupdate`` lands its flight (identical requests look up at once); a completion LLM's prompt
    (not a message list: its lookup runs in the caller's task, which may live on) does not join a flight."""
    from langchain_core.load import dumps
    from langchain_core.messages import HumanMessage
    from langchain_core.outputs import ChatGeneration

    from stepcache_integrations.langchain import StepCacheLLMCache

    cache = StepCache()
    global_cache = StepCacheLLMCache(cache)
    prompt = dumps([HumanMessage(MATH_Q)])
    assert await global_cache.alookup(prompt, "m") is None
    assert len(cache.flights) == 1  # this task leads the request's flight
    await global_cache.aupdate(prompt, "m", [ChatGeneration(message=ai(MATH_A))])
    assert len(cache.flights) == 0  # landed by the update, before the task ends
    assert await global_cache.alookup(prompt, "m") is not None and len(cache.flights) == 0
    assert await global_cache.alookup(TEXT_Q, "m") is None and len(cache.flights) == 0
