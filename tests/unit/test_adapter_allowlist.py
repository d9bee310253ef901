"""The option ALLOWLIST and prompt templates (blind red team round 4, R10, R11): only options known
not to change what a right answer is are modelled; any other option, anywhere (``extra_body``,
``model_kwargs``, ``additional_kwargs``, an unknown key), and a LlamaIndex prompt template or
system prompt on the inner model, make no step-tier claim: the exact tier answers - the model's own
text, replayed only for exactly the same request (another option value or prompt: the model again),
never verified, nothing in the step tier."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from llama_index.core.base.llms.types import ChatMessage, MessageRole

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.flow import unmodelled_option
from stepcache_integrations.llama_index import StepCacheLLM
from tests.unit.test_llama_index_no_claim import OTHER_PROMPTS, PROMPTS, assert_no_claim
from tests.unit.test_llama_index_support import ScriptedLLM, offline_settings

ALLOWED = {"model": "m", "temperature": 0.0, "top_p": 1.0, "seed": 7, "timeout": 30, "max_retries": 2,
           "stream": True, "stream_usage": True, "n": 1, "base_url": "http://x/v1", "api_key": "k",
           "frequency_penalty": 0.0, "presence_penalty": 0.0}
PROMPT_BEARING = ("instructions", "system", "chat_template", "preamble", "system_prompt", "prefix")
# names no rule reads as harmless for any value drawn below ("n" = 1 and a length limit's integer
# are modelled: the option rules and the length rule read them)
_NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12).filter(
    lambda n: all(unmodelled_option({n: v}) is not None for v in ("x", 1, 2, True))
)


def test_allowlisted_options_are_modelled() -> None:
    assert unmodelled_option(ALLOWED) is None
    assert unmodelled_option({"extra_body": {"cache_prompt": False}, "model_kwargs": {"seed": 1}}) is None


@pytest.mark.parametrize("name", PROMPT_BEARING)
@pytest.mark.parametrize("where", ["top", "extra_body", "model_kwargs", "additional_kwargs", "nested"])
def test_a_prompt_bearing_option_is_not_modelled(name: str, where: str) -> None:
    option: dict[str, Any] = {name: "All numbers are in base 8."}
    wrapped = {
        "top": option,
        "extra_body": {"extra_body": option},
        "model_kwargs": {"model_kwargs": option},
        "additional_kwargs": {"additional_kwargs": option},
        "nested": {"model_kwargs": {"extra_body": option}},
    }[where]
    assert unmodelled_option({**ALLOWED, **wrapped}) is not None


@settings(max_examples=60, deadline=None)
@given(name=_NAMES, value=st.one_of(st.text(min_size=1), st.integers(), st.booleans().filter(bool)))
def test_any_unknown_option_is_not_modelled(name: str, value: Any) -> None:
    for options in ({name: value}, {"extra_body": {name: value}}, {"model_kwargs": {name: value}}):
        assert unmodelled_option({**ALLOWED, **options}) is not None


@pytest.mark.parametrize("task", sorted(PROMPTS))
@pytest.mark.parametrize("name", ["instructions", "chat_template"])
def test_llama_index_extra_body_key_makes_no_claim(name: str, task: str) -> None:
    prompt, truncated = PROMPTS[task]
    inner = ScriptedLLM(lambda _p: truncated)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    assert_no_claim(llm, inner, lambda: llm.complete(prompt, extra_body={name: "base 8"}), truncated,
                    others=[lambda: llm.complete(prompt, extra_body={name: "base 10"}),
                            lambda: llm.complete(OTHER_PROMPTS[task], extra_body={name: "base 8"})])


def _template(text: str) -> str:
    return f"<|system|>All numbers are written in base 8.<|end|>\n<|user|>{text}<|end|>\n<|assistant|>"


@pytest.mark.parametrize("task", sorted(PROMPTS))
@pytest.mark.parametrize(
    "field",
    [
        {"completion_to_prompt": _template},
        {"messages_to_prompt": lambda ms: _template(str(ms[-1].content))},
        {"system_prompt": "All numbers are written in base 8."},
    ],
    ids=["completion_to_prompt", "messages_to_prompt", "system_prompt"],
)
def test_llama_index_prompt_template_makes_no_claim(field: dict[str, Any], task: str) -> None:
    prompt, truncated = PROMPTS[task]
    inner = ScriptedLLM(lambda _p: truncated, **field)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    assert_no_claim(llm, inner, lambda: llm.complete(prompt), truncated,
                    others=[lambda: llm.complete(OTHER_PROMPTS[task])])
    chat_inner = ScriptedLLM(lambda _p: truncated, chat_model=True, **field)
    chat = StepCacheLLM(llm=chat_inner, cache=StepCache())
    asked = [ChatMessage(role=MessageRole.USER, content=prompt)]
    other = [ChatMessage(role=MessageRole.USER, content=OTHER_PROMPTS[task])]
    assert_no_claim(chat, chat_inner, lambda: chat.chat(asked), truncated, others=[lambda: chat.chat(other)])


# Blind red team round 5: an allowed option NAME whose value carries text or structure is not read.
SMUGGLED = [{"seed": "All numbers are in base 8."}, {"temperature": {"system": "base 8"}},
            {"top_p": ["All numbers are in base 8."]}, {"frequency_penalty": {"instructions": "base 8"}},
            {"stream": "base 8"}, {"model": {"system": "base 8"}}]


@pytest.mark.parametrize("option", SMUGGLED, ids=lambda o: next(iter(o)))
@pytest.mark.parametrize("where", ["top", "extra_body", "model_kwargs", "nested"])
def test_an_allowed_name_with_a_value_it_does_not_read_is_not_modelled(option: dict[str, Any], where: str) -> None:
    wrapped = {"top": option, "extra_body": {"extra_body": option}, "model_kwargs": {"model_kwargs": option},
               "nested": {"model_kwargs": {"extra_body": option}}}[where]
    assert unmodelled_option(wrapped) is not None


def test_allowed_names_with_plain_values_are_still_modelled() -> None:
    plain = {"seed": 7, "temperature": 0.2, "top_p": 1, "timeout": [5, 30.0], "stream": True, "model": "m",
             "base_url": "http://x", "max_retries": None}
    assert unmodelled_option(plain) is None
    assert unmodelled_option({"extra_body": plain}) is None


@pytest.mark.parametrize("task", sorted(PROMPTS))
def test_llama_index_smuggled_option_makes_no_claim(task: str) -> None:
    prompt, truncated = PROMPTS[task]
    inner = ScriptedLLM(lambda _p: truncated)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    smuggled = {"temperature": {"system": "All numbers are in base 8."}}
    other = {"temperature": {"system": "All numbers are in base 10."}}
    assert_no_claim(llm, inner, lambda: llm.complete(prompt, extra_body=smuggled), truncated,
                    others=[lambda: llm.complete(prompt, extra_body=other)])
