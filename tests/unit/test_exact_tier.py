"""The exact tier (issue 32): the same model identity and exactly the same request get the same answer.

Judged by the fakes' own call logs: a repeat is answered with no model call, and any difference in
the model (a field, a key, an endpoint) or in the request (a part, an option, a message) is answered
by the model, never by another's entry. Engine level: namespaces apart, async twins, a failing store
answered fail-open as a miss, entries marked ``unchecked`` and never met by a step-tier search.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from llama_index.core.base.llms.types import ChatMessage, MessageRole
from pydantic import PrivateAttr

from stepcache_integrations import StepCache
from stepcache_integrations.core.exact_tier import EXACT_TASK
from stepcache_integrations.errors import StoreError
from stepcache_integrations.langchain import with_step_cache
from stepcache_integrations.llama_index import StepCacheLLM
from tests.unit.test_llama_index_support import ScriptedLLM

PROMPT = "Name the three primary colors."


class Persona(BaseChatModel):
    """A custom chat model with a field the engine does not read (the exact tier's), answering with it."""

    persona: str = "pirate"
    _log: list[str] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "persona-chat"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self._log.append(str(messages[-1].content))
        text = f"[{self.persona}] {messages[-1].content} #{len(self._log)}"
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


def test_a_repeat_is_served_and_a_model_differing_in_one_field_never_gets_it() -> None:
    engine = StepCache()
    pirate, poet = Persona(persona="pirate"), Persona(persona="poet")
    first = with_step_cache(pirate, engine).invoke(PROMPT)
    again = with_step_cache(pirate, engine).invoke(PROMPT)
    assert again.content == first.content == f"[pirate] {PROMPT} #1" and len(pirate._log) == 1
    assert again.response_metadata["stepcache"]["outcome"] == "exact"
    other = with_step_cache(poet, engine).invoke(PROMPT)
    assert other.content == f"[poet] {PROMPT} #1" and len(poet._log) == 1  # its own model answered


def test_a_request_differing_in_one_part_or_option_never_gets_anothers_answer() -> None:
    engine = StepCache()
    model = Persona()
    wrapped = with_step_cache(model, engine)
    image = {"type": "image", "url": "https://example.com/a.png"}
    other_image = {"type": "image", "url": "https://example.com/b.png"}
    with_a = [HumanMessage(content=[{"type": "text", "text": PROMPT}, image])]
    with_b = [HumanMessage(content=[{"type": "text", "text": PROMPT}, other_image])]
    assert wrapped.invoke(with_a).content.endswith("#1")
    assert wrapped.invoke(with_a).content.endswith("#1") and len(model._log) == 1
    assert wrapped.invoke(with_b).content.endswith("#2")  # another image: the model
    assert wrapped.invoke(with_a, stop=["!"]).content.endswith("#3")  # another option: the model
    assert all(entry.task == EXACT_TASK for entry, _ in engine.store.iter_items())


def test_inert_model_fields_are_out_of_the_exact_key() -> None:
    engine = StepCache()
    a, b = Persona(persona="pirate"), Persona(persona="pirate")
    with_step_cache(a, engine, inert_model_fields=("persona",)).invoke(PROMPT)
    # persona named inert: the step tier reads the request, and the key no longer holds the field
    assert with_step_cache(b, engine, inert_model_fields=("persona",)).invoke(PROMPT).content.endswith("#1")
    assert len(b._log) == 0


class Counted(ScriptedLLM):
    """A LlamaIndex model that keeps a call count in a public field (inert: it never changes an answer)."""

    call_count: int = 0


def test_llama_index_inert_fields_are_out_of_the_key_and_a_repeat_is_served() -> None:
    # red team: on StepCacheLLM a field declared inert was still hashed into the key, so every call missed
    inner = Counted(lambda p: "Red, yellow and blue.")
    llm = StepCacheLLM(llm=inner, cache=StepCache(), inert_model_fields={"call_count"})
    plain = StepCacheLLM(llm=inner)
    key, plain_key = llm.llm_key_for(), plain.llm_key_for()
    inner.call_count = 5  # an inert field changing between calls changes no key...
    assert llm.llm_key_for() == key
    assert plain.llm_key_for() != plain_key  # ...while an undeclared field is part of it
    llm.complete(PROMPT)
    inner.call_count = 6
    again = llm.complete(PROMPT)
    assert again.text == "Red, yellow and blue." and again.additional_kwargs["stepcache"]["outcome"] == "reuse"


def test_llama_index_exact_tier_replays_a_tool_free_chat_with_non_text_content() -> None:
    inner = ScriptedLLM(lambda p: "A cat.", chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    messages = [ChatMessage(role=MessageRole.SYSTEM, content="Answer like a pirate."),
                ChatMessage(role=MessageRole.USER, content="What animal is this?")]
    out = llm.chat(messages, stop=["\n"])
    again = llm.chat(messages, stop=["\n"])
    assert out.message.content == again.message.content == "A cat." and inner.calls == 1
    assert again.additional_kwargs["stepcache"]["outcome"] == "exact"
    assert llm.chat(messages, stop=["!"]).additional_kwargs["stepcache"]["outcome"] == "miss"
    assert inner.calls == 2


# ----------------------------------------------------------------------------- the engine's exact tier
def test_namespaces_and_identities_never_share_and_entries_are_unchecked() -> None:
    engine = StepCache()
    entry_id = engine.exact.put("a", "model-1", "req", prompt="req", text="answer", payload={"k": 1})
    assert entry_id is not None and engine.exact.get("a", "model-1", "req").payload == {"k": 1}
    assert engine.exact.get("b", "model-1", "req") is None
    assert engine.exact.get("a", "model-2", "req") is None
    assert engine.exact.get("a", "model-1", "req2") is None
    entry = engine.store.get(entry_id)
    assert entry.task == EXACT_TASK and entry.verification == "unchecked"
    assert engine.stats()["exact"] == {"hits": 1, "misses": 3, "stored": 1}
    # a step-tier lookup of the same text never meets it (another llm_key partition)
    plan = engine.lookup("req", namespace="a", llm_key="model-1")
    assert plan.entry is None


async def test_the_async_twins_agree() -> None:
    engine = StepCache()
    await engine.exact.aput("ns", "m", "r", prompt="r", text="t", payload={})
    hit = await engine.exact.aget("ns", "m", "r")
    assert hit is not None and hit.text == "t" and engine.exact.get("ns", "m", "r").entry_id == hit.entry_id


class _Failing:
    def get(self, entry_id: str) -> Any:
        raise OSError("disk gone")

    def add(self, entry: Any, vector: Any) -> str:
        raise OSError("disk gone")


def test_a_failing_store_is_a_miss_fail_open_and_an_error_otherwise() -> None:
    engine = StepCache(store=_Failing(), fail_open=True)  # type: ignore[arg-type]
    assert engine.exact.get("ns", "m", "r") is None
    assert engine.exact.put("ns", "m", "r", prompt="r", text="t", payload={}) is None
    strict = StepCache(store=_Failing())  # type: ignore[arg-type]
    with pytest.raises(StoreError):
        strict.exact.get("ns", "m", "r")


def test_the_wrapper_keys_every_field_of_the_model_it_sees() -> None:
    """Blind red team round 13: a ChatOllama's llm_string names no model, and a field set after
    construction is not in llm_string; the wrapper keys the model object as it is at the call, so
    llama3's answer is never mistral's, nor a changed model's."""
    from unittest import mock

    pytest.importorskip("langchain_ollama")
    from langchain_ollama import ChatOllama

    def generate(self: Any, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=f"I am {self.model}."))])

    engine = StepCache()
    with mock.patch.object(ChatOllama, "_generate", generate), mock.patch.object(ChatOllama, "_stream", None):
        llama, mistral = ChatOllama(model="llama3"), ChatOllama(model="mistral")
        assert with_step_cache(llama, engine).invoke(PROMPT).content == "I am llama3."
        assert with_step_cache(mistral, engine).invoke(PROMPT).content == "I am mistral."
        changed = with_step_cache(llama, engine)
        llama.model = "qwen"  # set after construction
        assert changed.invoke(PROMPT).content == "I am qwen."


def test_a_configurable_model_is_keyed_with_the_run_config() -> None:
    """Blind red team round 13: around ``configurable_fields`` the run's config picks the model that
    runs; the wrapper keys the config with it, so the default model's answer is never the poet's."""
    from langchain_core.runnables import ConfigurableField

    model = Persona()
    wrapped = with_step_cache(model.configurable_fields(persona=ConfigurableField(id="persona")), StepCache())
    first = wrapped.invoke(PROMPT)
    assert first.content.startswith("[pirate]")
    poet = wrapped.invoke(PROMPT, config={"configurable": {"persona": "poet"}})
    assert poet.content.startswith("[poet]")
    again = wrapped.invoke(PROMPT)
    assert again.content == first.content and again.response_metadata["stepcache"]["outcome"] == "exact"


def test_the_exact_tier_and_its_reasons_are_on_the_spans() -> None:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from stepcache_integrations.core.telemetry import Telemetry

    spans = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(spans))
    engine = StepCache(telemetry=Telemetry(tracer_provider=provider))
    model = Persona()
    wrapped = with_step_cache(model, engine)
    wrapped.invoke(PROMPT)
    wrapped.invoke(PROMPT)
    lookups = [s for s in spans.get_finished_spans() if s.name == "stepcache.exact_lookup"]
    assert [s.attributes["stepcache.outcome"] for s in lookups] == ["miss", "exact"]
    assert all(s.attributes["stepcache.tier"] == "exact" for s in lookups)
    assert any("`persona`" in r for r in lookups[0].attributes["stepcache.tier_reasons"])
    assert [s.name for s in spans.get_finished_spans()].count("stepcache.exact_store") == 1
    provider.shutdown()


class Stopped(BaseChatModel):
    """A model whose answers stop at a length limit (finish reason "length")."""

    _log: list[str] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "stopped-chat"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_name": "stopped"}

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self._log.append(str(messages[-1].content))
        message = AIMessage(content=f"The three primary colors are red, gr #{len(self._log)}",
                            response_metadata={"finish_reason": "length"})
        return ChatResult(generations=[ChatGeneration(message=message)])


@pytest.mark.parametrize("path", ["wrapper", "global"])
def test_the_exact_tier_never_keeps_an_answer_cut_off_at_a_length_limit(path: str) -> None:
    """Blind red team round 14: a request of the exact tier (a stop sequence) whose answer the model
    stopped at a length limit: the answer is returned as given and never kept, so a repeat asks again."""
    from langchain_core.globals import set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache

    model, engine = Stopped(), StepCache()
    ask = (lambda: with_step_cache(model, engine).invoke(PROMPT, stop=["!"])) if path == "wrapper" else (
        lambda: model.invoke(PROMPT, stop=["!"]))
    if path == "global":
        set_llm_cache(StepCacheLLMCache(engine))
    try:
        assert ask().content.endswith("#1") and ask().content.endswith("#2")
    finally:
        set_llm_cache(None)
    assert engine.store.count() == 0


def test_llama_index_exact_tier_never_keeps_an_answer_cut_off() -> None:
    from llama_index.core.base.llms.types import CompletionResponse

    class Cut(ScriptedLLM):
        def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
            out = super().complete(prompt, formatted=formatted, **kwargs)
            return CompletionResponse(text=out.text, raw={"choices": [{"finish_reason": "length"}]})

    inner = Cut(lambda p: "Red, yel")
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    for n in (1, 2):
        assert llm.complete(PROMPT, stop=["!"]).text == "Red, yel" and inner.calls == n
    assert llm.cache.store.count() == 0


def test_a_tool_loop_is_replayed_whole_and_hits_are_counted() -> None:
    """Blind red team round 15: an assistant turn in the history carries our own record in its
    response metadata (the model never sees it); the exact key leaves it out, so the second run of a
    conversation is served turn for turn; each served entry counts its hits."""
    engine = StepCache()
    model = Persona()
    wrapped = with_step_cache(model, engine)
    first = wrapped.invoke(PROMPT, stop=["!"])
    history = [HumanMessage(PROMPT), first, HumanMessage("And a fourth?")]
    wrapped.invoke(history, stop=["!"])
    replayed = wrapped.invoke(PROMPT, stop=["!"])  # its record now says "exact"
    again = wrapped.invoke([HumanMessage(PROMPT), replayed, HumanMessage("And a fourth?")], stop=["!"])
    assert again.response_metadata["stepcache"]["outcome"] == "exact" and len(model._log) == 2
    assert sorted(entry.hits for entry, _ in engine.store.iter_items()) == [1, 1]
