"""Adversarial: instructions smuggled in a custom model field of any name never get a claim.

Hypothesis draws a field name no framework or provider class declares and an instruction-bearing
value (a string, a dict, a list, nested), builds a custom LangChain chat model or LlamaIndex LLM
whose own code answers in base 2 when that field says so, and asks two questions the arithmetic
task would answer from the cache (the second re-instantiated from the first, ``proven``) if it
made a claim. Judge: the model's own call log and this file's arithmetic - every answer is the
model's own base-2 text, the model answered every request, nothing was stored.
"""

from __future__ import annotations

import keyword
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.globals import set_llm_cache
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from llama_index.core.base.llms.types import CompletionResponse, LLMMetadata
from llama_index.core.llms import CustomLLM
from pydantic import PrivateAttr

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.llama_index import StepCacheLLM

QUESTIONS = ("What is 1 * 1?", "What is 3 * 1?")  # "1 * 1 = 1." passes in base 2 and 10 alike
# names a framework or provider class declares, or an option name: not what this file draws
TAKEN = {
    "name", "cache", "verbose", "callbacks", "tags", "metadata", "rate_limiter", "profile", "client",
    "model", "temperature", "seed", "stop", "timeout", "stream", "streaming", "format", "suffix", "audio",
    "tools", "functions", "kwargs", "store", "include", "reasoning", "strict", "tokenizer", "n",
}


def _usable(name: str) -> bool:
    return (
        not keyword.iskeyword(name) and not name.startswith("model_") and name not in TAKEN
        and not hasattr(BaseChatModel, name) and not hasattr(CustomLLM, name) and "max" not in name
        and "stop" not in name and "token" not in name and "prob" not in name
    )


NAMES = st.from_regex(r"[a-z][a-z_]{2,12}", fullmatch=True).filter(_usable)
TEXTS = st.sampled_from(["Answer in base 2.", "From now on, write every number in base 2", "base 2 only"])
VALUES = st.one_of(
    TEXTS,
    TEXTS.map(lambda t: {"text": t}),
    TEXTS.map(lambda t: ["Be precise.", t]),
    TEXTS.map(lambda t: {"turns": [{"role": "system", "content": t}]}),
)


def product(prompt: str, binary: bool) -> str:
    a, b = (int(n) for n in re.findall(r"\d+", prompt)[:2])
    return f"{a} * {b} = {bin(a * b)[2:] if binary else a * b}."


def langchain_model(field: str, value: Any, serializable: bool) -> Any:
    def _generate(self: Any, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any) -> ChatResult:
        self._seen.append(str(messages[-1].content))
        text = product(self._seen[-1], "base 2" in repr(getattr(self, field)))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])

    namespace: dict[str, Any] = {
        "__module__": __name__, "__annotations__": {field: Any, "_seen": list}, field: None,
        "_seen": PrivateAttr(default_factory=list), "_llm_type": property(lambda self: "smuggler"),
        "_generate": _generate,
    }
    if serializable:
        namespace["is_lc_serializable"] = classmethod(lambda cls: True)
    return type("Smuggler", (BaseChatModel,), namespace)(**{field: value})


def llama_model(field: str, value: Any) -> Any:
    def complete(self: Any, prompt: str, formatted: bool = False, **kw: Any) -> CompletionResponse:
        self._seen.append(prompt)
        return CompletionResponse(text=product(prompt, "base 2" in repr(getattr(self, field))))

    def stream_complete(self: Any, prompt: str, formatted: bool = False, **kw: Any) -> Any:
        yield complete(self, prompt)

    namespace: dict[str, Any] = {
        "__module__": __name__, "__annotations__": {field: Any, "_seen": list}, field: None,
        "_seen": PrivateAttr(default_factory=list), "complete": complete, "stream_complete": stream_complete,
        "metadata": property(lambda self: LLMMetadata(model_name="smuggler")),
    }
    return type("LlamaSmuggler", (CustomLLM,), namespace)(**{field: value})


def step_entries(engine: StepCache) -> int:
    """Entries of the step tier (the exact tier keeps the model's own answers, ``task == "exact"``)."""
    return sum(1 for entry, _ in engine.store.iter_items() if entry.task != "exact")


def assert_model_answered_everything(model: Any, texts: list[str], stored: int) -> None:
    assert model._seen == list(QUESTIONS), "a request was answered from the cache"
    assert texts == [product(q, True) for q in QUESTIONS], "an answer is not the model's own"
    assert stored == 0, "the step tier kept an answer to a request it cannot read"


@settings(max_examples=25, deadline=None)
@given(NAMES, VALUES)
def test_llama_index_never_claims_a_smuggled_field(field: str, value: Any) -> None:
    inner = llama_model(field, value)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    outs = [llm.complete(q) for q in QUESTIONS]
    assert_model_answered_everything(inner, [o.text for o in outs], step_entries(llm.cache))
    assert all(o.additional_kwargs["stepcache"]["verification"] == "unchecked" for o in outs)


@settings(max_examples=25, deadline=None)
@given(NAMES, VALUES, st.booleans())
def test_langchain_wrapper_never_claims_a_smuggled_field(field: str, value: Any, serializable: bool) -> None:
    model, engine = langchain_model(field, value, serializable), StepCache()
    outs = [with_step_cache(model, engine).invoke(q) for q in QUESTIONS]
    assert_model_answered_everything(model, [str(o.content) for o in outs], step_entries(engine))
    assert all(o.response_metadata["stepcache"]["verification"] == "unchecked" for o in outs)


@settings(max_examples=25, deadline=None)
@given(NAMES, VALUES, st.booleans())
def test_langchain_global_cache_never_claims_a_smuggled_field(field: str, value: Any, serializable: bool) -> None:
    model, cache = langchain_model(field, value, serializable), StepCacheLLMCache()
    set_llm_cache(cache)
    try:
        texts = [str(model.invoke(q).content) for q in QUESTIONS]
    finally:
        set_llm_cache(None)
    assert_model_answered_everything(model, texts, step_entries(cache.cache))
    assert cache.stats()["hits"] == 0
