"""Sampling options and the step tier, in ``StepCacheLLM`` (the LangChain rule, ``adapters.flow``: wip/adaptC).

A proven answer (a checker proved it for this prompt) does not depend on how the model samples. The inner
model's sampling fields (its provider profile's ``sampling`` category, data in ``adapters/provider_profiles.json``:
LlamaIndex's ``OpenAI`` has ``temperature`` and ``reasoning_effort``) and, among the call kwargs, those and
transport (timeout, retries) and ``n = 1``: entries are keyed with them as before, and an answer proven for its
prompt is also stored in the partition every sampling shares; a request with other sampling options is served
from there only a cache-only answer proven for its own prompt. An unproven answer serves only its own sampling
options; a word-valued option, stop, ``n > 1``, a length limit, a response format, tools, headers: keyed or the
exact tier's, never shared. A class without a profile (``MockLLM``) shares nothing.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from llama_index.core.base.llms.types import ChatMessage, MessageRole

from stepcache_integrations import StepCache
from stepcache_integrations.llama_index import StepCacheLLM
from tests.unit.fake_openai import COLORS, EXCLUDED, LINEAR, LINEAR_26, RIGHT, FakeOpenAIServer  # noqa: F401

pytest.importorskip("llama_index.llms.openai")
from llama_index.llms.openai import OpenAI  # noqa: E402


class Server(FakeOpenAIServer):
    """The fake OpenAI endpoint (``tests/unit/fake_openai.py``) with LlamaIndex's transport key ``stream_options``
    left out of the free-text answer. A trap model: an answer that differs per option is never shared unless proven."""

    def __init__(self) -> None:
        super().__init__((*EXCLUDED, "stream_options"))

    def llm(self, **fields: Any) -> OpenAI:
        fields.setdefault("temperature", 0)
        return OpenAI(model="gpt-4o-mini", api_key="k", api_base="http://fake/v1", max_retries=0,
                      http_client=httpx.Client(transport=httpx.MockTransport(self.handler)),
                      async_http_client=httpx.AsyncClient(transport=httpx.MockTransport(self.handler)), **fields)


class Cached:
    """One engine, a wrapper per model configuration; ``ask`` says how many model calls a request made."""

    def __init__(self, how: str = "complete") -> None:
        self.server, self.engine, self.how = Server(), StepCache(), how

    def wrapper(self, **fields: Any) -> StepCacheLLM:
        return StepCacheLLM(self.server.llm(**fields), self.engine)

    def ask(self, prompt: str, fields: dict[str, Any], call: dict[str, Any] | None = None) -> tuple[str, dict, int]:
        before = len(self.server.bodies)
        llm, call = self.wrapper(**fields), call or {}
        if self.how == "complete":
            out = llm.complete(prompt, **call)
            text, record = out.text, out.additional_kwargs["stepcache"]
        elif self.how == "chat":
            out = llm.chat([ChatMessage(role=MessageRole.USER, content=prompt)], **call)
            text, record = out.message.content, out.additional_kwargs["stepcache"]
        elif self.how == "stream":
            *_, last = llm.stream_complete(prompt, **call)
            text, record = last.text, last.additional_kwargs["stepcache"]
        else:
            out = asyncio.run(llm.acomplete(prompt, **call))
            text, record = out.text, out.additional_kwargs["stepcache"]
        return text, record, len(self.server.bodies) - before


SAMPLED: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"temperature": 0.7}, {}), ({}, {"temperature": 0.9}), ({}, {"n": 1}),
    ({}, {"timeout": 5}), ({"temperature": 1.0}, {"temperature": 0.2}),
]


@pytest.mark.parametrize("how", ["complete", "chat", "stream", "acomplete"])
@pytest.mark.parametrize(("fields", "call"), SAMPLED)
def test_a_proven_answer_serves_other_sampling_options(how: str, fields: dict[str, Any], call: dict[str, Any]) -> None:
    cached = Cached(how)
    assert cached.ask(LINEAR, {})[2] == 1  # temperature 0: the model's answer, proven
    text, record, calls = cached.ask(LINEAR, fields, call)
    assert calls == 0 and text == RIGHT[LINEAR], record
    assert record["verification"] == "proven" and record["outcome"] == "reuse" and record["tier"] == "step"
    text, record, calls = cached.ask(LINEAR_26, fields, call)  # a changed constant: re-instantiated, proven
    assert calls == 0 and text == RIGHT[LINEAR_26] and record["verification"] == "proven"


@pytest.mark.parametrize("how", ["complete", "chat", "stream"])
@pytest.mark.parametrize(("fields", "call"), SAMPLED)
def test_an_unproven_answer_serves_only_its_own_sampling_options(how: str, fields: dict[str, Any],
                                                                 call: dict[str, Any]) -> None:
    cached = Cached(how)
    first, _, calls = cached.ask(COLORS, {})
    assert calls == 1
    other, _, calls = cached.ask(COLORS, fields, call)  # the model samples another text: it answers
    assert calls == 1
    again, _, calls = cached.ask(COLORS, {})  # its own sampling options: the stored text, as before
    assert calls == 0 and again == first
    again, _, calls = cached.ask(COLORS, fields, call)
    assert calls == 0 and again == other


CHANGING: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"max_tokens": 3}, {}), ({}, {"stop": ["\n"]}), ({}, {"n": 2}), ({}, {"response_format": {"type": "json_object"}}),
    ({"default_headers": {"x-route": "model-b"}}, {}), ({"reasoning_effort": "low"}, {}),  # a word: keyed
    ({}, {"seed": "in base 8"}),
    ({"additional_kwargs": {"extra_body": {"unknown_option": 1}}}, {}), ({"logprobs": True}, {}), ({}, {"top_p": 0.5}),
]


@pytest.mark.parametrize(("fields", "call"), CHANGING)
def test_options_that_change_what_is_returned_never_share(fields: dict[str, Any], call: dict[str, Any]) -> None:
    cached = Cached()
    assert cached.ask(LINEAR, {})[2] == 1
    _, record, calls = cached.ask(LINEAR, fields, call)
    assert calls == 1, record


def test_the_keys_still_key_every_sampling_option_and_share_one_partition() -> None:
    server, engine = Server(), StepCache()
    cold, warm = (StepCacheLLM(server.llm(temperature=t), engine) for t in (0, 0.7))
    assert cold.llm_key_for() != warm.llm_key_for()  # each sampling keeps its own partition
    assert cold.shared_llm_key() == warm.shared_llm_key() is not None  # and shares one for proven answers
    assert warm.shared_llm_key({"temperature": 0.1, "timeout": 3}) == cold.shared_llm_key()
    assert "temperature" not in str(cold.shared_llm_key()) and "temperature=0" in cold.llm_key_for()
    routed = StepCacheLLM(server.llm(default_headers={"x-route": "b"}), engine)
    assert routed.shared_llm_key() != cold.shared_llm_key()  # a header may route to another model: identity
    assert cold.shared_llm_key({"top_p": 0.5}) != cold.shared_llm_key()  # not in the profile's sampling: keyed
    assert StepCacheLLM(server.llm(), engine, llm_key="mine").shared_llm_key() is None


def test_a_class_without_a_profile_shares_nothing() -> None:
    from llama_index.core.llms.mock import MockLLM

    llm = StepCacheLLM(MockLLM(), StepCache())
    assert llm.shared_llm_key() is None and llm.shared_llm_key({"temperature": 0.5}) is None


def test_only_a_proven_answer_is_stored_in_the_shared_partition() -> None:
    cached = Cached()
    cached.ask(LINEAR, {})
    cached.ask(COLORS, {})
    shared = cached.wrapper().shared_llm_key()
    assert shared is not None
    in_shared = sorted(e.task for e, _ in cached.engine.store.iter_items() if e.llm_key == shared)
    assert in_shared == ["linear_equation"]  # the free text stays in its own sampling's partition
    recorded = {e.metadata.get("sampling") for e, _ in cached.engine.store.iter_items() if e.task != "exact"}
    assert len(recorded) == 1 and None not in recorded  # the sampling options an answer was generated with


@pytest.mark.parametrize("own", [True, False])
def test_an_unproven_entry_of_other_sampling_options_is_never_served(own: bool) -> None:
    # planted: an unproven answer recorded with other sampling options, in the request's own partition (a
    # partition keyed without sampling options holds other samplings' entries) or in the shared one
    cached = Cached()
    llm = cached.wrapper()
    key = llm.llm_key_for() if own else llm.shared_llm_key()
    cached.engine.store_answer(COLORS, "Cyan", namespace="llama_index", llm_key=key, metadata={"sampling": "another"})
    text, record, calls = cached.ask(COLORS, {})
    assert calls == 1 and text != "Cyan", record


def test_a_patch_on_steps_of_other_sampling_options_is_never_made() -> None:
    # a proven entry of other sampling options whose steps a changed prompt would patch: the model answers whole
    from stepcache_integrations.adapters.flow import sampling_reason
    from types import SimpleNamespace

    plan = SimpleNamespace(entry=SimpleNamespace(metadata={"sampling": "another"}), needs_model=True, outcome="patch")
    assert sampling_reason(plan, "mine", False) is not None  # type: ignore[arg-type]
