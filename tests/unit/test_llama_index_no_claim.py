"""LlamaIndex: the key covers every field of the inner model; what the step tier does not read is the exact tier's.

* ``llm_key`` varies with every field that can change an answer (``api_base``, ``default_headers``,
  ``api_key`` - as a digest, never itself -, ``additional_kwargs``, ``system_prompt``, the prompt
  formatters, a custom LLM's own fields), is stable for equal models, and two models differing in one
  field never share entries through one StepCache; a field the caller names in ``inert_model_fields``
  is out of every key (the caller's word that it never changes an answer);
* a stop sequence, ``n > 1`` or log probabilities (call kwargs, the model's fields, its
  ``additional_kwargs``), a prompt template or system prompt on the inner model, non-text content and
  tool turns put the request in the exact tier: the model's own text, replayed for exactly the same
  request with no model call (outcome ``exact``), never verified, never the fallback; nothing enters
  the step tier, and a slightly different request (other text, other option value) is never served
  another's answer;
* a length limit (``max_tokens`` and its other spellings, in the call, on the model, in its
  ``additional_kwargs``) is read by the length rule: a cached answer is served only if it fits, and an
  answer cut off at the limit is never stored;
* prompts and conversations are keyed exactly as written (no safe set).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from llama_index.core.base.llms.types import ChatMessage, CompletionResponse, ImageBlock, MessageRole, TextBlock
from llama_index.core.bridge.pydantic import PrivateAttr
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


CHANGES = [{"lang": "fr"}, {"api_base": "http://fr.example/v1"}, {"headers": {"X-Deployment": "fr"}}]


@pytest.mark.parametrize("change", CHANGES)
def test_two_deployments_differing_in_one_field_never_share_entries(change: dict[str, Any]) -> None:
    shared = StepCache()
    english = Deployment(lambda _p: "Red, blue, yellow.")
    french = Deployment(lambda _p: "Rouge, bleu, jaune.", **change)
    # the caller vouches for the fields the two do not differ in; the one they differ in is identity
    inert = tuple(name for name in ("lang", "headers") if name not in change)
    first = StepCacheLLM(llm=english, cache=shared, inert_model_fields=inert).complete("Name the three primary colors.")
    second = StepCacheLLM(llm=french, cache=shared, inert_model_fields=inert).complete("Name the three primary colors.")
    assert first.text == "Red, blue, yellow." and second.text == "Rouge, bleu, jaune."
    assert french.calls == 1 and second.additional_kwargs["stepcache"]["outcome"] == "miss"
    again = StepCacheLLM(llm=french, cache=shared, inert_model_fields=inert).complete("Name the three primary colors.")
    assert again.text == "Rouge, bleu, jaune." and french.calls == 1  # its own entry is reused
    assert again.additional_kwargs["stepcache"]["outcome"] in ("reuse", "exact")
    assert english.calls == 1


@pytest.mark.parametrize("change", [c for c in CHANGES if set(c) <= {"lang", "headers"}], ids=["lang", "headers"])
def test_a_field_named_inert_is_out_of_every_key(change: dict[str, Any]) -> None:
    """``inert_model_fields`` is the caller's word that a field never changes an answer: it is out of
    ``llm_key_for`` (the step tier's key, and the model identity of the exact tier's key); a field not
    so named is in it."""
    (name,) = change

    def llm_key(**fields: Any) -> str:
        return StepCacheLLM(llm=Deployment(lambda _p: "", **fields), inert_model_fields=(name,)).llm_key_for()

    assert llm_key(**change) == llm_key()
    assert StepCacheLLM(llm=Deployment(lambda _p: "", **change)).llm_key_for() != StepCacheLLM(
        llm=Deployment(lambda _p: "")).llm_key_for()


# ----------------------------------------------------------------------------- options: the exact tier
CALL_OPTIONS: dict[str, dict[str, Any]] = {
    "stop": {"stop": ["="]},
    "stop-string": {"stop": "="},
    "n": {"n": 2},
    "logprobs": {"logprobs": True},
    "top_logprobs": {"top_logprobs": 2},
    "extra_body-stop": {"extra_body": {"stop": ["="]}},
}
# the same option with another value: another request
OTHER_CALL_OPTIONS: dict[str, dict[str, Any]] = {
    "stop": {"stop": ["*"]},
    "stop-string": {"stop": "*"},
    "n": {"n": 3},
    "logprobs": {"logprobs": True, "top_logprobs": 1},
    "top_logprobs": {"top_logprobs": 3},
    "extra_body-stop": {"extra_body": {"stop": ["*"]}},
}
PROMPTS = {
    "arithmetic": ("What is 14 * 14?", "14 * 14 "),
    "text": ("Name the three primary colors.", "Red, blue, "),
    "json": ('Return a JSON object for a person with name "Bob", age 30. Required keys: name and age.', '{"name": "Bo'),
}
# each prompt slightly edited: another request
OTHER_PROMPTS = {
    "arithmetic": "What is 14 * 15?",
    "text": "Name the three secondary colors.",
    "json": 'Return a JSON object for a person with name "Rob", age 30. Required keys: name and age.',
}


def text_of(out: Any) -> str:
    return out.text if hasattr(out, "text") and out.text is not None else out.message.content


def step_entries(cache: StepCache) -> int:
    """Entries of the step tier (the exact tier's own are ``task == "exact"``)."""
    return sum(1 for entry, _ in cache.store.iter_items() if entry.task != "exact")


def assert_no_claim(llm: StepCacheLLM, inner: ScriptedLLM, ask: Any, expected: str,
                    others: Sequence[Callable[[], Any]] = ()) -> None:
    """Asked twice: the step tier makes no claim, the exact tier answers. First the model's own text
    (one call, outcome miss, stored in the exact tier), then that same text replayed with no call
    (outcome exact, the stored entry); nothing in the step tier, never verified, never the fallback.
    ``others``: slightly different requests (other text, other option value), each answered by the
    model (never the first one's answer)."""
    stored = None
    for n in (1, 2):
        out = ask()
        assert text_of(out) == expected, "the cache replaced the model's answer"
        assert inner.calls == 1, "no model call" if n == 1 else "the exact tier did not serve the repeat"
        meta = out.additional_kwargs["stepcache"]
        assert meta["tier"] == "exact" and meta["outcome"] == ("miss" if n == 1 else "exact")
        assert meta["verification"] == "unchecked" and meta["verified"] is False
        assert meta["tier_reasons"] and "fallback" not in meta["provenance"] and not meta["used_fallback"]
        if n == 1:
            stored = meta["stored_entry_id"]
            assert stored and meta["model_calls"] == 1
        else:
            assert meta["matched_entry_id"] == stored and meta["model_calls"] == 0
    assert step_entries(llm.cache) == 0, "stored in the step tier"
    for i, other in enumerate(others, start=2):
        out = other()
        meta = out.additional_kwargs["stepcache"]
        assert inner.calls == i and meta["outcome"] == "miss", "another request was served the first one's answer"
        assert meta["matched_entry_id"] != stored


@pytest.mark.parametrize("task", sorted(PROMPTS))
@pytest.mark.parametrize("option", sorted(CALL_OPTIONS))
def test_a_call_option_the_engine_does_not_model_makes_no_claim(option: str, task: str) -> None:
    prompt, truncated = PROMPTS[task]
    options, other_options = CALL_OPTIONS[option], OTHER_CALL_OPTIONS[option]
    inner = ScriptedLLM(lambda _p: truncated)  # what the model wrote under the option
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    assert_no_claim(llm, inner, lambda: llm.complete(prompt, **options), truncated,
                    others=[lambda: llm.complete(OTHER_PROMPTS[task], **options),
                            lambda: llm.complete(prompt, **other_options)])
    chat = [ChatMessage(role=MessageRole.USER, content=prompt)]
    other_chat = [ChatMessage(role=MessageRole.USER, content=OTHER_PROMPTS[task])]
    inner2 = ScriptedLLM(lambda _p: truncated, chat_model=True)
    llm2 = StepCacheLLM(llm=inner2, cache=StepCache())
    assert_no_claim(llm2, inner2, lambda: llm2.chat(chat, **options), truncated,
                    others=[lambda: llm2.chat(other_chat, **options), lambda: llm2.chat(chat, **other_options)])


@pytest.mark.parametrize("task", sorted(PROMPTS))
@pytest.mark.parametrize("field", ["additional_kwargs-stop"])
def test_an_option_set_on_the_inner_model_makes_no_claim(field: str, task: str) -> None:
    prompt, truncated = PROMPTS[task]
    shared = StepCache()
    inner = Deployment(lambda _p: truncated, additional_kwargs={"stop": ["="]})  # sent to the provider as it is
    assert StepCacheLLM(llm=inner).llm_key_for() != StepCacheLLM(llm=Deployment(lambda _p: "")).llm_key_for()
    llm = StepCacheLLM(llm=inner, cache=shared, inert_model_fields=("lang",))
    assert_no_claim(llm, inner, lambda: llm.complete(prompt), truncated,
                    others=[lambda: llm.complete(OTHER_PROMPTS[task])])
    # the same model with another stop sequence, through the same cache: its own call, its own entry
    other = Deployment(lambda _p: truncated, additional_kwargs={"stop": ["*"]})
    out = StepCacheLLM(llm=other, cache=shared, inert_model_fields=("lang",)).complete(prompt)
    assert other.calls == 1 and out.additional_kwargs["stepcache"]["outcome"] == "miss"
    assert step_entries(shared) == 0


def test_inactive_options_are_claimed() -> None:
    inner = ScriptedLLM(["Red, yellow and blue."])
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.complete("Name the three primary colors.", stop=None, n=1, logprobs=False)
    again = llm.complete("Name the three primary colors.", stop=None, n=1, logprobs=False)
    assert inner.calls == 1 and again.additional_kwargs["stepcache"]["outcome"] == "reuse"
    assert again.additional_kwargs["stepcache"]["tier"] == "step"


# ----------------------------------------------------------------------------- the length rule
# task -> (prompt, the model's whole answer: longer than a limit of 3 tokens allows)
ANSWERED = {
    "arithmetic": ("What is 14 * 14?", "14 * 14 = 196."),
    "linear": ("Solve 2x + 3 = 7 for x.",
               "Subtract 3 from both sides: 2x = 4.\nDivide both sides by 2: x = 2.\nAnswer: x = 2"),
    "json": (PROMPTS["json"][0], '{"name": "Bob", "age": 30}'),
    "text": ("Name the three primary colors.", "Red, yellow and blue."),
}
LIMIT_NAMES = ("max_tokens", "max_completion_tokens", "max_output_tokens", "max_new_tokens", "num_predict")


class Limited(ScriptedLLM):
    """A scripted model with a length limit among its own fields, as provider classes declare one."""

    max_tokens: int | None = None


def _limited(limit: str, reply: Callable[[str], str], chat: bool, at: int = 3) -> tuple[ScriptedLLM, dict[str, Any]]:
    """The inner model and call options of a request whose length limit is ``at``, set ``limit``."""
    if limit.startswith("call-"):
        return ScriptedLLM(reply, chat_model=chat), {limit.removeprefix("call-"): at}
    if limit == "model-max_tokens":
        return Limited(reply, chat_model=chat, max_tokens=at), {}
    assert limit == "model-additional_kwargs"
    return Deployment(reply, chat_model=chat, additional_kwargs={"max_tokens": at}), {}


LIMITS = [*(f"call-{name}" for name in LIMIT_NAMES), "model-max_tokens", "model-additional_kwargs"]
ENTRIES = ["complete", "chat", "stream_complete", "stream_chat"]


def _ask(llm: StepCacheLLM, entry: str, prompt: str, **options: Any) -> tuple[str, dict[str, Any]]:
    """The text and record of one request through ``entry`` (a stream read to its end)."""
    chat = [ChatMessage(role=MessageRole.USER, content=prompt)]
    if entry == "complete":
        out = llm.complete(prompt, **options)
    elif entry == "chat":
        out = llm.chat(chat, **options)
    else:
        chunks = list(llm.stream_complete(prompt, **options) if entry == "stream_complete"
                      else llm.stream_chat(chat, **options))
        out = chunks[-1]
    return text_of(out), out.additional_kwargs["stepcache"]


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("task", sorted(ANSWERED))
@pytest.mark.parametrize("limit", LIMITS)
def test_a_cached_answer_that_may_not_fit_the_length_limit_is_never_served(limit: str, task: str, entry: str) -> None:
    """A limit of 3 tokens: no cached answer longer than 3 bytes is served (the model reported no
    usage that says it fits); the model answers every time, with its own text."""
    prompt, answer = ANSWERED[task]
    inner, options = _limited(limit, lambda _p: answer, chat=entry.endswith("chat"))
    llm = StepCacheLLM(llm=inner, cache=StepCache(), inert_model_fields=("lang",))
    for n in (1, 2, 3):
        text, meta = _ask(llm, entry, prompt, **options)
        assert text == answer and inner.calls == n, "served an answer that may not fit"
        assert meta["tier"] == "step" and meta["outcome"] in ("miss", "skip_reuse")


class Reporting(Limited):
    """A scripted model that reports its finish reason and usage, as an OpenAI-compatible provider does:
    in ``raw`` as a mapping, or (``openai_object``) as llama-index's OpenAI class does: ``raw`` the
    ``openai`` response object, the token counts in ``additional_kwargs``."""

    _finish: str = PrivateAttr(default="stop")
    _output_tokens: int = PrivateAttr(default=12)
    _openai_object: bool = PrivateAttr(default=False)

    def __init__(self, *args: Any, finish: str = "stop", output_tokens: int = 12, openai_object: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._finish, self._output_tokens, self._openai_object = finish, output_tokens, openai_object

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        text = super().complete(prompt, formatted, **kwargs).text
        usage = {"prompt_tokens": 9, "completion_tokens": self._output_tokens, "total_tokens": 9 + self._output_tokens}
        if not self._openai_object:
            raw = {"choices": [{"index": 0, "finish_reason": self._finish}], "usage": usage}
            return CompletionResponse(text=text, raw=raw)
        from openai.types.chat import ChatCompletion

        raw = ChatCompletion.model_validate({
            "id": "c1", "object": "chat.completion", "created": 0, "model": "m", "usage": usage,
            "choices": [{"index": 0, "finish_reason": self._finish, "message": {"role": "assistant", "content": text}}],
        })
        return CompletionResponse(text=text, raw=raw, additional_kwargs=usage)


@pytest.mark.parametrize("fits", ["bytes", "reported-tokens"])
def test_an_answer_that_ended_on_its_own_within_the_limit_is_reused(fits: str) -> None:
    """The model stopped on its own (finish reason "stop", 12 tokens reported) under its limit: the
    stored answer is served again under that limit with no model call, whether it fits by its bytes
    (a limit of 128) or by the tokens its model reported for exactly this text (80 bytes, a limit of 64)."""
    prompt, answer = ANSWERED["linear"]
    inner = Reporting(lambda _p: answer, max_tokens=128 if fits == "bytes" else 64)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    first, again = llm.complete(prompt), llm.complete(prompt)
    assert first.text == again.text == answer and inner.calls == 1, "a stored answer that fits was not served"
    assert again.additional_kwargs["stepcache"]["tier"] == "step"
    assert again.additional_kwargs["stepcache"]["outcome"] == "reuse"


@pytest.mark.parametrize("cut", ["finish_reason", "usage", "openai-response"])
def test_an_answer_cut_off_at_the_limit_is_never_stored(cut: str) -> None:
    """An answer the model stopped at its limit (finish reason "length", or as many completion tokens as
    the limit, or llama-index OpenAI's response object saying "length") is returned as the model gave
    it, never stored, never served again."""
    prompt, answer = ANSWERED["linear"]
    reported = {"finish_reason": {"finish": "length"}, "usage": {"output_tokens": 64},
                "openai-response": {"finish": "length", "openai_object": True}}[cut]
    inner = Reporting(lambda _p: answer, max_tokens=64, **reported)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    for n in (1, 2):
        out = llm.complete(prompt)
        assert out.text == answer and inner.calls == n
        assert out.additional_kwargs["stepcache"]["outcome"] != "reuse"
    assert step_entries(llm.cache) == 0, "a cut-off answer was stored"


# what the model wrote when it stopped at a limit of 3 tokens (PROMPTS), where the limit is set
CUT_LIMITS = ["call-max_tokens", "model-max_tokens", "model-additional_kwargs", "MockLLM"]


@pytest.mark.parametrize("task", sorted(PROMPTS))
@pytest.mark.parametrize("limit", CUT_LIMITS)
def test_an_answer_written_under_a_limit_is_the_models_own_and_never_served(limit: str, task: str) -> None:
    """R5: under a limit of 3 tokens the model wrote a truncated answer. It is returned as the model gave
    it (never replaced by a longer fallback the limit does not allow), never verified, and never served
    from the cache: every request calls the model."""
    prompt, truncated = PROMPTS[task]
    for chat in (False, True):
        if limit == "MockLLM":
            inner: Any = MockLLM(max_tokens=3, is_chat_model=chat)  # answers "text text text"
            expected, options = "text text text", {}
        else:
            inner, options = _limited(limit, lambda _p: truncated, chat=chat)
            expected = truncated
        llm = StepCacheLLM(llm=inner, cache=StepCache(), inert_model_fields=("lang",))
        # free text passes its (empty) checks and its model reported fewer tokens than the limit (it
        # ended on its own): the very same text may be served again; every other answer fails
        reusable = task == "text" and limit != "MockLLM"
        for n in (1, 2):
            text, meta = _ask(llm, "chat" if chat else "complete", prompt, **options)
            assert text == expected, "the model's answer was replaced"
            assert meta["tier"] == "step" and not meta["verified"]
            assert "fallback" not in meta["provenance"] and not meta["used_fallback"]
            assert meta["outcome"] != "reuse" or (reusable and n == 2)
        if limit != "MockLLM":
            assert inner.calls == (1 if reusable else 2)


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


def test_llama_index_images_tool_calls_and_tool_results_are_the_exact_tiers() -> None:
    """An image, tool calls and tool results: the model's own answer, replayed only for exactly the
    same request (another image, another tool result: the model again); nothing in the step tier."""
    llm, inner = _llama()

    def ask(messages: list[ChatMessage]) -> tuple[str, dict[str, Any]]:
        out = llm.chat(messages)
        return out.message.content, out.additional_kwargs["stepcache"]

    cat = ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text=QUESTION), ImageBlock(url="https://x/cat.jpg")])
    dog = ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text=QUESTION), ImageBlock(url="https://x/dog.jpg")])
    (cat_text, first), (dog_text, other), (again_text, again) = ask([cat]), ask([dog]), ask([cat])
    assert (cat_text, dog_text, again_text) == ("Answer number 1.", "Answer number 2.", "Answer number 1.")
    assert inner.calls == 2, "the dog picture was answered with the cat answer, or the cat was not replayed"
    assert [first["outcome"], other["outcome"], again["outcome"]] == ["miss", "miss", "exact"]
    assert again["matched_entry_id"] == first["stored_entry_id"] != other["stored_entry_id"]
    for meta in (first, other, again):
        assert meta["tier"] == "exact" and "non-text content" in meta["tier_reasons"]
        assert meta["verification"] == "unchecked" and not meta["verified"] and "fallback" not in meta["provenance"]
    call = {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}

    def history(result: str) -> list[ChatMessage]:
        return [
            ChatMessage(role=MessageRole.USER, content="Weather?"),
            ChatMessage(role=MessageRole.ASSISTANT, content="", additional_kwargs={"tool_calls": [call]}),
            ChatMessage(role=MessageRole.TOOL, content=result, additional_kwargs={"tool_call_id": "c1"}),
            ChatMessage(role=MessageRole.USER, content="Umbrella?"),
        ]

    (text, first), (replayed, again) = ask(history("18 C")), ask(history("18 C"))
    assert text == replayed == "Answer number 3." and inner.calls == 3
    assert (first["tier"], first["outcome"], again["outcome"]) == ("exact", "miss", "exact")
    assert {"tool messages", "tool calls in history"} <= set(first["tier_reasons"])
    text, other = ask(history("19 C"))  # another tool result: another request
    assert text == "Answer number 4." and inner.calls == 4 and other["outcome"] == "miss"
    assert step_entries(llm.cache) == 0


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
    assert_no_claim(llm, inner, lambda: llm.complete("What is 7 + 1?"), "7 + 1 = 10",
                    others=[lambda: llm.complete("What is 7 + 2?")])
