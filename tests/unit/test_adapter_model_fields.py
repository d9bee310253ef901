"""A model's own fields the adapters do not know make no claim, on both adapters.

A custom model class can carry text the model sees besides the prompt (``instructions = "Answer in
base 2."``) and use it in its own ``_generate`` / ``complete``. The engine reads only the prompt, so
such a request makes no step-tier claim: the model is called, its own answer comes back
``unchecked``, nothing enters the step tier (a reworded repeat, which the arithmetic task would
re-instantiate from a cached answer, goes to the model again), only exactly the same request is
replayed (the exact tier), and the reason is recorded where the adapter records reasons. The fakes below really answer in base 2 when their field says so; the judge is this file's
own arithmetic and call logs, never the code under test.

Table: field names x value kinds x adapters (LlamaIndex ``complete`` / ``chat``; LangChain global
cache (a serializable model, and one LangChain does not serialize, whose fields ``llm_string`` does
not show) and wrapper). Controls: the field unset or empty, or named in ``inert_model_fields``
(``inert_model_types`` for the global cache and a model it cannot read), keeps being cached;
``ChatOpenAI`` and LlamaIndex's ``OpenAI`` / ``OpenAILike`` have no field reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from llama_index.core.base.llms.types import ChatMessage, CompletionResponse, LLMMetadata, MessageRole
from llama_index.core.llms import CustomLLM
from llama_index.core.llms.callbacks import llm_completion_callback
from pydantic import PrivateAttr

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.llama_index import StepCacheLLM

FIELDS = ["instructions", "preamble", "system", "persona", "template", "style", "zq_house_rule"]
BINARY = "Answer in base 2."
VALUES: dict[str, Any] = {
    "str": BINARY,
    "dict": {"role": "system", "text": BINARY},
    "list": ["Be brief.", BINARY],
}
ASKED = ("What is 1 * 1?", "What is 3 * 1?")  # "1 * 1 = 1." holds in base 2 too: "3 * 1 = 3." would be re-instantiated
LC_TYPE = "fielded-chat"


def instructed(value: Any) -> bool:
    return "base 2" in repr(value)


def answer(prompt: str, binary: bool) -> str:
    """The fake model's answer: ``a * b = product``, in base 2 when its field asks for it."""
    a, b = (int(n) for n in re.findall(r"\d+", prompt)[:2])
    return f"{a} * {b} = {format(a * b, 'b') if binary else a * b}."


# ----------------------------------------------------------------------------- the fakes
@lru_cache(maxsize=None)
def lc_class(field: str, serializable: bool) -> type[BaseChatModel]:
    """A LangChain chat model with one field of its own, ``field``, that its ``_generate`` reads."""

    def _generate(self: Any, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        prompt = str(messages[-1].content)
        self._log.append(prompt)
        text = answer(prompt, instructed(getattr(self, field)))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])

    namespace: dict[str, Any] = {
        "__module__": __name__, "__annotations__": {field: Any, "_log": list},
        field: None, "_log": PrivateAttr(default_factory=list),
        "_llm_type": property(lambda self: LC_TYPE), "_generate": _generate,
        # llm_string names the model (LangChain's custom-model guide): without it, no opt-in gives a tier
        "_identifying_params": property(lambda self: {"model_name": "fielded"}),
    }
    if serializable:
        namespace["is_lc_serializable"] = classmethod(lambda cls: True)
    return type(f"Fielded_{field}_{serializable}", (BaseChatModel,), namespace)


@lru_cache(maxsize=None)
def li_class(field: str) -> type[CustomLLM]:
    """A LlamaIndex custom LLM with one field of its own, ``field``, that its ``complete`` reads."""

    def complete(self: Any, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self._log.append(prompt)
        return CompletionResponse(text=answer(prompt, instructed(getattr(self, field))))

    def stream_complete(self: Any, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        whole = complete(self, prompt)
        yield CompletionResponse(text=whole.text, delta=whole.text)

    namespace: dict[str, Any] = {
        "__module__": __name__, "__annotations__": {field: Any, "_log": list},
        field: None, "_log": PrivateAttr(default_factory=list),
        "metadata": property(lambda self: LLMMetadata(model_name="fielded", is_chat_model=False)),
        "complete": llm_completion_callback()(complete),
        "stream_complete": llm_completion_callback()(stream_complete),
    }
    return type(f"LiFielded_{field}", (CustomLLM,), namespace)


def lc_model(field: str, value: Any = None, serializable: bool = True) -> Any:
    return lc_class(field, serializable)(**({} if value is None else {field: value}))


def li_model(field: str, value: Any = None) -> Any:
    return li_class(field)(**({} if value is None else {field: value}))


@pytest.fixture(autouse=True)
def _no_global_cache() -> Iterator[None]:
    yield
    set_llm_cache(None)


# ----------------------------------------------------------------------------- the adapters
def lc_wrapper(model: Any, **options: Any) -> tuple[list[str], list[dict[str, Any] | None], int]:
    """Both questions through the wrapper: texts, records, entries stored."""
    engine = StepCache()
    wrapped = with_step_cache(model, engine, **options)
    outs = [wrapped.invoke(q) for q in ASKED]
    return [str(o.content) for o in outs], [o.response_metadata.get("stepcache") for o in outs], step_entries(engine)


def step_entries(engine: StepCache) -> int:
    """Entries of the step tier (the exact tier's own are ``task == "exact"``)."""
    return sum(1 for entry, _ in engine.store.iter_items() if entry.task != "exact")


def lc_global(model: Any, **options: Any) -> tuple[list[str], StepCacheLLMCache]:
    """Both questions through the global cache: texts and the cache (its stats hold the reasons)."""
    cache = StepCacheLLMCache(**options)
    set_llm_cache(cache)
    try:
        return [str(model.invoke(q).content) for q in ASKED], cache
    finally:
        set_llm_cache(None)


def li_ask(inner: Any, kind: str, **options: Any) -> tuple[list[str], list[dict[str, Any]], int]:
    """Both questions through ``StepCacheLLM`` (``complete`` or ``chat``): texts, records, entries."""
    llm = StepCacheLLM(llm=inner, cache=StepCache(), **options)
    texts, records = [], []
    for q in ASKED:
        if kind == "complete":
            out = llm.complete(q)
            texts.append(out.text)
        else:
            out = llm.chat([ChatMessage(role=MessageRole.USER, content=q)])
            texts.append(str(out.message.content))
        records.append(out.additional_kwargs["stepcache"])
    return texts, records, step_entries(llm.cache)


def model_answers(model: Any, binary: bool) -> list[str]:
    """What the fake model itself answers to the prompts it was sent (its own call log)."""
    return [answer(p, binary) for p in model._log]


def assert_no_claim_records(records: list[Any], field: str) -> None:
    """The step tier made no claim: the exact tier answered each (new) question through the model."""
    for record in records:
        assert record is not None and record["tier"] == "exact" and record["outcome"] == "miss"
        assert record["verification"] == "unchecked" and not record["verified"]
        assert any(f"`{field}`" in reason for reason in record["tier_reasons"])


# ----------------------------------------------------------------------------- the table
@pytest.mark.parametrize("kind", sorted(VALUES))
@pytest.mark.parametrize("field", FIELDS)
def test_langchain_wrapper_makes_no_claim(field: str, kind: str) -> None:
    for serializable in (True, False):
        model = lc_model(field, VALUES[kind], serializable)
        texts, records, stored = lc_wrapper(model)
        assert len(model._log) == 2, "a request was served from the cache"
        assert texts == model_answers(model, True) and all(re.search(r"= [01]+\.$", t) for t in texts)
        assert stored == 0
        assert_no_claim_records(records, field)
        # exactly the same request again: the exact tier replays the model's own answer, no call
        engine = StepCache()
        wrapped = with_step_cache(model, engine)
        first, again = wrapped.invoke(ASKED[0]), wrapped.invoke(ASKED[0])
        assert again.content == first.content == answer(ASKED[0], True) and len(model._log) == 3
        assert again.response_metadata["stepcache"]["outcome"] == "exact"


@pytest.mark.parametrize("kind", sorted(VALUES))
@pytest.mark.parametrize("field", FIELDS)
def test_langchain_global_cache_makes_no_claim(field: str, kind: str) -> None:
    for serializable in (True, False):
        model = lc_model(field, VALUES[kind], serializable)
        texts, cache = lc_global(model)
        assert len(model._log) == 2, "a request was served from the cache"
        assert texts == model_answers(model, True)
        stats = cache.stats()
        assert step_entries(cache.cache) == 0 and stats["hits"] == 0 and stats["tiers"]["exact"] == 2
        reasons = [r for r in stats["miss_reasons"] if r.startswith("exact tier: ")]
        assert reasons and sum(stats["miss_reasons"][r] for r in reasons) == 2
        # a serializable model shows its fields in llm_string; one LangChain does not serialize does not
        named = f"`{field}`" if serializable else f"`{LC_TYPE}`"
        assert all(named in r for r in reasons)


@pytest.mark.parametrize("method", ["complete", "chat"])
@pytest.mark.parametrize("kind", sorted(VALUES))
@pytest.mark.parametrize("field", FIELDS)
def test_llama_index_makes_no_claim(field: str, kind: str, method: str) -> None:
    inner = li_model(field, VALUES[kind])
    texts, records, stored = li_ask(inner, method)
    assert len(inner._log) == 2, "a request was served from the cache"
    assert texts == model_answers(inner, True) and stored == 0
    assert_no_claim_records(records, field)


# ----------------------------------------------------------------------------- controls
INACTIVE = [None, ""]


@pytest.mark.parametrize("value", INACTIVE)
@pytest.mark.parametrize("field", FIELDS)
def test_an_unset_field_keeps_the_langchain_wrapper_cached(field: str, value: Any) -> None:
    model = lc_model(field, value)
    texts, records, stored = lc_wrapper(model)
    assert len(model._log) == 1 and texts == ["1 * 1 = 1.", "3 * 1 = 3."] and stored >= 1
    assert records[1] is not None and records[1]["outcome"] == "reinstantiate" and records[1]["model_calls"] == 0


@pytest.mark.parametrize("field", FIELDS)
def test_a_field_named_inert_keeps_the_langchain_wrapper_cached(field: str) -> None:
    model = lc_model(field, "Be brief.", serializable=False)
    texts, records, stored = lc_wrapper(model, inert_model_fields=[field])
    assert len(model._log) == 1 and texts[1] == "3 * 1 = 3." and stored >= 1
    assert records[1] is not None and records[1]["outcome"] == "reinstantiate"
    model = lc_model(field, "Be brief.", serializable=False)  # without the opt-in: no claim
    assert_no_claim_records(lc_wrapper(model)[1], field)


@pytest.mark.parametrize("field", FIELDS)
def test_global_cache_controls(field: str) -> None:
    for model, options in (
        (lc_model(field, None, serializable=True), {}),
        (lc_model(field, "Be brief.", serializable=True), {"inert_model_fields": (field,)}),
        (lc_model(field, None, serializable=False), {"inert_model_types": (LC_TYPE,)}),
    ):
        texts, cache = lc_global(model, **options)
        assert len(model._log) == 1 and texts == ["1 * 1 = 1.", "3 * 1 = 3."]
        assert cache.cache.store.count() >= 1 and cache.stats()["hits"] == 1


@pytest.mark.parametrize("method", ["complete", "chat"])
@pytest.mark.parametrize("field", FIELDS)
def test_llama_index_controls(field: str, method: str) -> None:
    for inner, options in (
        (li_model(field, None), {}),
        (li_model(field, ""), {}),
        (li_model(field, "Be brief."), {"inert_model_fields": {field}}),
    ):
        texts, records, stored = li_ask(inner, method, **options)
        assert len(inner._log) == 1 and stored >= 1
        assert texts[1] == "3 * 1 = 3." and records[1]["outcome"] == "reinstantiate"
    assert_no_claim_records(li_ask(li_model(field, "Be brief."), method)[1], field)


def test_a_model_whose_llm_string_names_none_gets_no_tier_whatever_the_opt_in(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 32: llm_string of a model LangChain does not serialize, with no identifying params, is its
    ``_type`` alone: the global cache cannot tell its configurations apart, so it keeps nothing and
    serves nothing, and no opt-in (``inert_model_types``) relaxes the model's identity."""
    import logging

    class Unnamed(BaseChatModel):
        _log: list[str] = PrivateAttr(default_factory=list)

        @property
        def _llm_type(self) -> str:
            return "unnamed-chat"

        def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                      **kwargs: Any) -> ChatResult:
            self._log.append(str(messages[-1].content))
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content=answer(self._log[-1], False)))])

    model = Unnamed()
    with caplog.at_level(logging.WARNING, logger="stepcache_integrations"):
        texts, cache = lc_global(model, inert_model_types=("unnamed-chat",))
        texts2, _ = lc_global(model, inert_model_types=("unnamed-chat",))
    assert texts == texts2 == ["1 * 1 = 1.", "3 * 1 = 3."] and len(model._log) == 4
    assert cache.cache.store.count() == 0 and cache.stats()["tiers"]["none"] == 2
    assert any("names no model" in r.getMessage() and "with_step_cache" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("field", ["reasoning", "i", "responses"])
def test_a_serialized_model_field_named_like_another_known_classs_is_still_unknown(field: str) -> None:
    """A custom serializable class's field is read against its own class, never against every class
    the allowlist knows (``reasoning`` is ChatOpenAI's, ``i`` and ``responses`` the fakes'): with a value
    it keeps the step tier from a claim on the global cache."""
    model = lc_model(field, BINARY, serializable=True)
    texts, cache = lc_global(model)
    assert texts == model_answers(model, True) and len(model._log) == 2
    assert step_entries(cache.cache) == 0 and cache.stats()["tiers"]["exact"] == 2


def test_inert_model_fields_is_a_collection_of_names() -> None:
    with pytest.raises(TypeError):
        with_step_cache(lc_model("style"), StepCache(), inert_model_fields="style")
    with pytest.raises(TypeError):
        StepCacheLLM(llm=li_model("style"), inert_model_fields="style")
    with pytest.raises(TypeError):
        StepCacheLLMCache(inert_model_fields="style")


# ----------------------------------------------------------------------------- provider classes
def test_provider_classes_have_no_field_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """No request is sent: only the reason functions are asked."""
    from langchain_openai import ChatOpenAI
    from llama_index.llms.openai import OpenAI
    from llama_index.llms.openai_like import OpenAILike

    from stepcache_integrations.langchain._model import llm_string
    from stepcache_integrations.langchain._requests import cache_tier, read_llm_string, wrapper_tier
    from stepcache_integrations.llama_index._llm_key import field_reason_of, inner_reason

    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    chat = ChatOpenAI(api_key="sk-dummy", base_url="http://127.0.0.1:9/v1", model="m", temperature=0, seed=1)
    view = read_llm_string(llm_string(chat, {}), inert_types=())
    assert view.reasons == () and view.model_named and cache_tier(None, view).tier == "step"
    assert wrapper_tier(chat, None, read_llm_string(llm_string(chat, {})), {}, ()).tier == "step"
    for inner in (
        OpenAI(api_key="sk-dummy", api_base="http://127.0.0.1:9/v1", model="gpt-4o-mini", temperature=0),
        OpenAILike(api_key="sk-dummy", api_base="http://127.0.0.1:9/v1", model="m", is_chat_model=True,
                   context_window=2048),
    ):
        assert field_reason_of(inner) is None and inner_reason(inner) is None

    class Instructed(ChatOpenAI):  # a provider class with a field of its own: a reason again
        instructions: str = BINARY

    custom = Instructed(api_key="sk-dummy", base_url="http://127.0.0.1:9/v1", model="m")
    decision = wrapper_tier(custom, None, read_llm_string(llm_string(custom, {})), {}, ())
    assert decision.tier == "exact" and "`instructions`" in (decision.reason or "")
    assert "inert_model_fields=('instructions',)" in (decision.reason or "")  # the opt-in that lifts it
