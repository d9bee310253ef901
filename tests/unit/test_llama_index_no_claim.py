"""LlamaIndex: the key covers every field of the inner model, and unmodelled options make no claim.

* ``llm_key`` varies with every field that can change an answer (``api_base``, ``default_headers``,
  ``api_key`` - as a digest, never itself -, ``additional_kwargs``, ``system_prompt``, the prompt
  formatters, a custom LLM's own fields), is stable for equal models, and two models differing in one
  field never share entries through one StepCache;
* a stop sequence, a length limit, ``n > 1`` or log probabilities (call kwargs, the model's fields,
  its ``additional_kwargs``) bypass the cache: the model's own text, nothing stored, never verified;
* prompts and conversations are keyed exactly as written (no safe set).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

import pytest
from llama_index.core.base.llms.types import ChatMessage, ImageBlock, MessageRole, TextBlock
from llama_index.core.llms.mock import MockLLM
from llama_index.llms.openai_like import OpenAILike

from stepcache_integrations import StepCache
from stepcache_integrations.llama_index import StepCacheLLM

QUESTION = "What animal is this?"
from tests.unit.test_llama_index_support import ScriptedLLM
from tests.unit.test_llama_index_support import ScriptedLLM as LlamaScripted
from tests.unit.test_llama_index_support import offline_settings  # noqa: F401 - fixture

BASE: dict[str, Any] = {
    "model": "m", "api_base": "http://127.0.0.1:1/v1", "api_key": "sk-first", "is_chat_model": True,
    "context_window": 2048, "temperature": 0.0,
}


def _to_prompt(messages: Sequence[ChatMessage], system_prompt: str | None = None) -> str:
    return "\n".join(f"<{m.role.value}> {m.content}" for m in messages)


VARIANTS: dict[str, dict[str, Any]] = {
    "api_base": {"api_base": "http://127.0.0.1:2/v1"},
    "default_headers": {"default_headers": {"X-Deployment": "fr"}},
    "authorization-header": {"default_headers": {"Authorization": "Bearer other"}},
    "api_key": {"api_key": "sk-second"},
    "additional_kwargs": {"additional_kwargs": {"user": "fr"}},
    "system_prompt": {"system_prompt": "Answer in French."},
    "temperature": {"temperature": 0.7},
    "context_window": {"context_window": 4096},
    "is_chat_model": {"is_chat_model": False},
    "api_version": {"api_version": "2024-01-01"},
    "reasoning_effort": {"reasoning_effort": "high"},
    "messages_to_prompt": {"messages_to_prompt": _to_prompt},
    "model": {"model": "m2"},
}


def key(**changes: Any) -> str:
    return StepCacheLLM(llm=OpenAILike(**{**BASE, **changes})).llm_key_for()


def test_the_key_is_stable_for_equal_models() -> None:
    assert key() == key()
    assert key(default_headers={"A": "1", "B": "2"}) == key(default_headers={"B": "2", "A": "1"})


@pytest.mark.parametrize("field", sorted(VARIANTS))
def test_the_key_varies_with_every_field(field: str) -> None:
    assert key(**VARIANTS[field]) != key(), f"{field} is not in the llm_key"


def test_every_variant_has_its_own_key_and_no_secret_is_in_it() -> None:
    keys = {name: key(**change) for name, change in VARIANTS.items()}
    assert len(set(keys.values())) == len(keys)
    for value in (*keys.values(), key()):
        assert "sk-first" not in value and "sk-second" not in value and "Bearer" not in value


class Deployment(ScriptedLLM):
    """A custom LLM with fields of its own, as a user writes one."""

    lang: str = "en"
    api_base: str = "http://en.example/v1"
    headers: dict[str, str] = {}
    additional_kwargs: dict[str, Any] = {}



@pytest.mark.parametrize("change", [{"lang": "fr"}, {"api_base": "http://fr.example/v1"},
                                    {"headers": {"X-Deployment": "fr"}}])
def test_two_deployments_differing_in_one_field_never_share_entries(change: dict[str, Any]) -> None:
    shared = StepCache()
    english = Deployment(lambda _p: "Red, blue, yellow.")
    french = Deployment(lambda _p: "Rouge, bleu, jaune.", **change)
    inert = ("lang", "headers")  # the caller vouches for its fields: the key still partitions them
    first = StepCacheLLM(llm=english, cache=shared, inert_model_fields=inert).complete("Name the three primary colors.")
    second = StepCacheLLM(llm=french, cache=shared, inert_model_fields=inert).complete("Name the three primary colors.")
    assert first.text == "Red, blue, yellow." and second.text == "Rouge, bleu, jaune."
    assert french.calls == 1 and second.additional_kwargs["stepcache"]["outcome"] != "reuse"
    again = StepCacheLLM(llm=french, cache=shared, inert_model_fields=inert).complete("Name the three primary colors.")
    assert again.text == "Rouge, bleu, jaune." and french.calls == 1  # its own entry is reused


# ----------------------------------------------------------------------------- options: no claim
CALL_OPTIONS: dict[str, dict[str, Any]] = {
    "stop": {"stop": ["="]},
    "max_tokens": {"max_tokens": 3},
    "n": {"n": 2},
    "logprobs": {"logprobs": True},
    "top_logprobs": {"top_logprobs": 2},
    "extra_body-stop": {"extra_body": {"stop": ["="]}},
}
PROMPTS = {
    "arithmetic": ("What is 14 * 14?", "14 * 14 "),
    "text": ("Name the three primary colors.", "Red, blue, "),
    "json": ('Return a JSON object for a person with name "Bob", age 30. Required keys: name and age.', '{"name": "Bo'),
}


def assert_no_claim(llm: StepCacheLLM, inner: ScriptedLLM, ask: Any, expected: str) -> None:
    for n in (1, 2):
        out = ask()
        text = out.text if hasattr(out, "text") and out.text is not None else out.message.content
        assert text == expected and inner.calls == n
        meta = out.additional_kwargs["stepcache"]
        assert meta["outcome"] == "bypass" and not meta["verified"] and meta["reason"]
    assert llm.cache.store.count() == 0


@pytest.mark.parametrize("task", sorted(PROMPTS))
@pytest.mark.parametrize("option", sorted(CALL_OPTIONS))
def test_a_call_option_the_engine_does_not_model_makes_no_claim(option: str, task: str) -> None:
    prompt, truncated = PROMPTS[task]
    inner = ScriptedLLM(lambda _p: truncated)  # what the model wrote under the option
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    assert_no_claim(llm, inner, lambda: llm.complete(prompt, **CALL_OPTIONS[option]), truncated)
    chat = [ChatMessage(role=MessageRole.USER, content=prompt)]
    inner2 = ScriptedLLM(lambda _p: truncated, chat_model=True)
    llm2 = StepCacheLLM(llm=inner2, cache=StepCache())
    assert_no_claim(llm2, inner2, lambda: llm2.chat(chat, **CALL_OPTIONS[option]), truncated)


@pytest.mark.parametrize("task", sorted(PROMPTS))
@pytest.mark.parametrize("field", ["max_tokens", "additional_kwargs-stop", "additional_kwargs-max_tokens"])
def test_an_option_set_on_the_inner_model_makes_no_claim(field: str, task: str) -> None:
    prompt, truncated = PROMPTS[task]
    inner = MockLLM(max_tokens=3) if field == "max_tokens" else None
    if inner is None:
        extra = {"stop": ["="]} if field.endswith("stop") else {"max_tokens": 3}
        inner = Deployment(lambda _p: truncated, additional_kwargs=extra)  # sent to the provider as it is
        assert StepCacheLLM(llm=inner).llm_key_for() != StepCacheLLM(llm=Deployment(lambda _p: "")).llm_key_for()
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    first = llm.complete(prompt)
    assert first.additional_kwargs["stepcache"]["outcome"] == "bypass" and llm.cache.store.count() == 0


def test_inactive_options_are_claimed() -> None:
    inner = ScriptedLLM(["Red, yellow and blue."])
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.complete("Name the three primary colors.", stop=None, n=1, logprobs=False)
    again = llm.complete("Name the three primary colors.", stop=None, n=1, logprobs=False)
    assert inner.calls == 1 and again.additional_kwargs["stepcache"]["outcome"] == "reuse"


# ----------------------------------------------------------------------------- exact text
@pytest.mark.parametrize("edit", ["outer-whitespace", "crlf", "nfd"])
def test_a_prompt_differing_only_in_normalization_is_another_request(edit: str) -> None:
    prompt = "Name the three primary colors of the café palette.\nList them."
    variant = {"outer-whitespace": "  " + prompt + "\n", "crlf": prompt.replace("\n", "\r\n"),
               "nfd": unicodedata.normalize("NFD", prompt)}[edit]
    inner = ScriptedLLM(lambda _p: "Red, yellow and blue.")
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.complete(prompt)
    assert llm.complete(prompt).additional_kwargs["stepcache"]["outcome"] == "reuse" and inner.calls == 1
    out = llm.complete(variant)
    assert inner.calls == 2 and out.additional_kwargs["stepcache"]["outcome"] != "reuse"
    assert inner.prompts[-1] == variant  # the model saw the request exactly as written


@pytest.mark.parametrize("edit", ["crlf", "nfd"])
def test_a_conversation_differing_only_in_normalization_has_its_own_scope(edit: str) -> None:
    def conversation(earlier: str) -> list[ChatMessage]:
        return [ChatMessage(role=MessageRole.USER, content=earlier),
                ChatMessage(role=MessageRole.ASSISTANT, content="Lisbon."),
                ChatMessage(role=MessageRole.USER, content="And its population?")]

    earlier = "Which city is Belém in?\nName it."
    variant = earlier.replace("\n", "\r\n") if edit == "crlf" else unicodedata.normalize("NFD", earlier)
    inner = ScriptedLLM(lambda _p: "About 550,000.", chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    first = llm.chat(conversation(earlier)).additional_kwargs["stepcache"]["llm_key"]
    second = llm.chat(conversation(variant)).additional_kwargs["stepcache"]["llm_key"]
    assert first != second and inner.calls == 2


# ----------------------------------------------------------------------------- message parts (from test_request_key)
def _llama() -> tuple[StepCacheLLM, LlamaScripted]:
    inner = LlamaScripted([f"Answer number {i}." for i in range(1, 10)], chat_model=True)
    return StepCacheLLM(llm=inner), inner


def test_llama_index_message_kwargs_are_part_of_the_key() -> None:
    llm, inner = _llama()
    llm.chat([ChatMessage(role=MessageRole.USER, content="What is my name?", additional_kwargs={"name": "alice"})])
    llm.chat([ChatMessage(role=MessageRole.USER, content="What is my name?", additional_kwargs={"name": "bob"})])
    assert inner.calls == 2
    bob = ChatMessage(role=MessageRole.USER, content="What is my name?", additional_kwargs={"name": "bob"})
    again = llm.chat([bob])
    assert inner.calls == 2 and again.additional_kwargs["stepcache"]["outcome"] == "reuse"


def test_llama_index_text_block_boundaries_are_part_of_the_key() -> None:
    llm, inner = _llama()
    llm.chat([ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text="What is 1\n"), TextBlock(text="2+3?")])])
    llm.chat([ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text="What is 1"), TextBlock(text="\n2+3?")])])
    assert inner.calls == 2


def test_llama_index_plain_text_keeps_its_key() -> None:
    llm, inner = _llama()
    reply = llm.chat([ChatMessage(role=MessageRole.USER, content="Say hello to Priya.")])
    assert reply.additional_kwargs["stepcache"]["llm_key"] == llm.llm_key_for()
    llm.chat([ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text="Say hello to Priya.")])])
    assert inner.calls == 1


def test_llama_index_images_tool_calls_and_tool_results_never_come_from_the_cache() -> None:
    llm, inner = _llama()

    def ask(messages: list[ChatMessage]) -> str:
        return llm.chat(messages).additional_kwargs["stepcache"]["outcome"]

    cat = ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text=QUESTION), ImageBlock(url="https://x/cat.jpg")])
    dog = ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text=QUESTION), ImageBlock(url="https://x/dog.jpg")])
    assert ask([cat]) == ask([dog]) == ask([cat]) == "bypass"
    assert inner.calls == 3
    call = {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
    history = [
        ChatMessage(role=MessageRole.USER, content="Weather?"),
        ChatMessage(role=MessageRole.ASSISTANT, content="", additional_kwargs={"tool_calls": [call]}),
        ChatMessage(role=MessageRole.TOOL, content="18 C", additional_kwargs={"tool_call_id": "c1"}),
        ChatMessage(role=MessageRole.USER, content="Umbrella?"),
    ]
    assert ask(history) == ask(history) == "bypass"
    assert inner.calls == 5


@pytest.mark.parametrize("field", ["completion_to_prompt", "messages_to_prompt", "system_prompt", "query_wrapper_prompt"])
def test_a_prompt_template_on_the_inner_model_makes_no_claim(field: str) -> None:
    # the model sees the formatted prompt (blind red team round 4, R10): its right octal answer is
    # the model's own, never replaced by a decimal fallback the engine proves against the bare text
    from llama_index.core.prompts import PromptTemplate

    value: Any = {
        "completion_to_prompt": lambda text: f"All numbers are written in base 8.\n{text}",
        "messages_to_prompt": lambda ms: "All numbers are written in base 8.\n" + str(ms[-1].content),
        "system_prompt": "All numbers are written in base 8.",
        "query_wrapper_prompt": PromptTemplate("All numbers are written in base 8.\n{query_str}"),
    }[field]
    inner = ScriptedLLM(lambda _p: "7 + 1 = 10", **{field: value})
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    assert_no_claim(llm, inner, lambda: llm.complete("What is 7 + 1?"), "7 + 1 = 10")
