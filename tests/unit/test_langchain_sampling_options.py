"""Sampling options and the step tier (red team 24: a proven answer missed for another temperature).

A proven answer (a checker proved it for this prompt) does not depend on how the model samples. Per option:

* sampling (a profile's ``sampling`` category, data in ``adapters/provider_profiles.json``: temperature, top_p,
  seed, penalties...) and, among the call options, transport (timeout, retries, streaming flags) and ``n = 1``:
  the step tier keys entries with them as before, and an answer proven for its prompt is also stored in the
  partition every sampling shares; a request with other sampling options is served from there only a
  cache-only answer proven for its own prompt. An unproven answer (free text, a model's unchecked words)
  serves only its own sampling options;
* ``max_tokens`` (the length rule), ``stop``, ``logit_bias``, ``n > 1``, a response format, tools: they change
  what is returned: keyed (the length limit) or the exact tier's, as before;
* request headers (``default_headers``) may route to another model: identity, keyed, never shared;
* an option no table names: no claim (the exact tier); a class without a profile: nothing is shared.

The exact tier keys on every option (the same request, the same answer).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from langchain_core.globals import set_llm_cache

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.fake_openai import COLORS, LINEAR, LINEAR_26, RIGHT, FakeOpenAIServer  # noqa: F401 - re-exported
from tests.unit.test_langchain_fakes import global_cache  # noqa: F401 - fixture

pytest.importorskip("langchain_openai")
from langchain_openai import ChatOpenAI  # noqa: E402


class Server(FakeOpenAIServer):
    """The fake OpenAI endpoint (``tests/unit/fake_openai.py``): the free-text answer names the temperature
    (another sampling, another text); the math answers are right at every temperature."""

    def chat(self, **fields: Any) -> ChatOpenAI:
        fields.setdefault("temperature", 0)
        return ChatOpenAI(model="m", api_key="k", base_url="http://fake/v1", max_retries=0,
                          http_client=httpx.Client(transport=httpx.MockTransport(self.handler)), **fields)


class Paths:
    """One engine through either entry point: ``model(**fields)`` gives the model to invoke."""

    def __init__(self, path: str, server: Server) -> None:
        self.path, self.server, self.engine = path, server, StepCache()
        if path == "global":
            set_llm_cache(StepCacheLLMCache(self.engine))

    def model(self, **fields: Any) -> Any:
        chat = self.server.chat(**fields)
        return with_step_cache(chat, self.engine) if self.path == "wrapper" else chat

    def ask(self, prompt: str, fields: dict[str, Any], call: dict[str, Any] | None = None) -> tuple[Any, int]:
        before = len(self.server.bodies)
        out = self.model(**fields).invoke(prompt, **(call or {}))
        return out, len(self.server.bodies) - before


@pytest.fixture(params=["wrapper", "global"])
def paths(request: pytest.FixtureRequest) -> Iterator[Paths]:
    try:
        yield Paths(request.param, Server())
    finally:
        set_llm_cache(None)


SAMPLED: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"temperature": 0.7}, {}), ({"top_p": 0.5}, {}), ({"seed": 7}, {}), ({"presence_penalty": 0.5}, {}),
    ({}, {"temperature": 0.9}), ({}, {"n": 1}), ({}, {"timeout": 5}), ({"temperature": 1.0, "seed": 1}, {"top_p": 0.2}),
]


@pytest.mark.parametrize(("fields", "call"), SAMPLED)
def test_a_proven_answer_serves_other_sampling_options(paths: Paths, fields: dict[str, Any], call: dict[str, Any]) -> None:
    assert paths.ask(LINEAR, {})[1] == 1  # temperature 0: the model's answer, proven
    out, calls = paths.ask(LINEAR, fields, call)
    record = out.response_metadata["stepcache"]
    assert calls == 0 and out.content == RIGHT[LINEAR]
    assert record["verification"] == "proven" and record["outcome"] == "reuse" and record["tier"] == "step"
    changed, calls = paths.ask(LINEAR_26, fields, call)  # a changed constant: re-instantiated, proven
    assert calls == 0 and changed.content == RIGHT[LINEAR_26]
    assert changed.response_metadata["stepcache"]["verification"] == "proven"


@pytest.mark.parametrize(("fields", "call"), SAMPLED)
def test_an_unproven_answer_serves_only_its_own_sampling_options(paths: Paths, fields: dict[str, Any],
                                                                 call: dict[str, Any]) -> None:
    first, calls = paths.ask(COLORS, {})
    assert calls == 1
    other, calls = paths.ask(COLORS, fields, call)  # the model samples another text (or the same): it answers
    assert calls == 1
    again, calls = paths.ask(COLORS, {})  # its own sampling options: the stored text, as before
    assert calls == 0 and again.content == first.content
    again, calls = paths.ask(COLORS, fields, call)
    assert calls == 0 and again.content == other.content


CHANGING: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"max_tokens": 3}, {}), ({}, {"stop": ["\n"]}), ({}, {"logit_bias": {"42": 5}}), ({}, {"n": 2}),
    ({}, {"response_format": {"type": "json_object"}}), ({"default_headers": {"x-route": "model-b"}}, {}),
    ({"extra_body": {"unknown_option": 1}}, {}),
]


@pytest.mark.parametrize(("fields", "call"), CHANGING)
def test_options_that_change_what_is_returned_never_share(paths: Paths, fields: dict[str, Any], call: dict[str, Any]) -> None:
    assert paths.ask(LINEAR, {})[1] == 1
    out, calls = paths.ask(LINEAR, fields, call)
    assert calls == 1, out.response_metadata.get("stepcache")


def test_the_exact_tier_and_the_step_keys_still_key_every_sampling_option() -> None:
    server = Server()
    engine = StepCache()
    cold, warm = (with_step_cache(server.chat(temperature=t), engine) for t in (0, 0.7))
    assert cold.resolve_llm_key() != warm.resolve_llm_key()  # each sampling keeps its own partition
    assert cold.shared_llm_key() == warm.shared_llm_key() is not None  # and shares one for proven answers
    from stepcache_integrations.langchain._requests import Request

    request = Request("chat", COLORS)
    assert cold.tier(request, {}, cold.call_spec({}))[1] != warm.tier(request, {}, warm.call_spec({}))[1]
    assert with_step_cache(server.chat(temperature=0.7), engine).shared_llm_key(seed=3) == cold.shared_llm_key()
    routed = with_step_cache(server.chat(default_headers={"x-route": "b"}), engine)
    assert routed.shared_llm_key() != cold.shared_llm_key()  # a header may route to another model: identity


def test_a_class_without_a_profile_shares_nothing() -> None:
    from tests.unit.test_langchain_fakes import scripted

    model = scripted("3x = 15\nx = 5")
    assert with_step_cache(model, StepCache()).shared_llm_key() is None
    assert with_step_cache(model, StepCache(), llm_key="mine").shared_llm_key() is None


def test_the_global_cache_stores_a_proven_answer_in_the_shared_partition_only(global_cache: StepCacheLLMCache) -> None:
    server = Server()
    server.chat().invoke(LINEAR)
    server.chat().invoke(COLORS)
    keys = sorted({entry.llm_key for entry, _ in global_cache.cache.store.iter_items() if entry.task != "exact"})
    tasks = sorted(entry.task for entry, _ in global_cache.cache.store.iter_items())
    assert len(keys) == 2 and tasks == ["linear_equation", "linear_equation", "text"]  # the proven one twice, the free text once


def test_the_wrapper_stores_a_proven_answer_in_the_shared_partition_only() -> None:
    server, engine = Server(), StepCache()
    wrapper = with_step_cache(server.chat(), engine)
    wrapper.invoke(LINEAR)
    wrapper.invoke(COLORS)
    shared = wrapper.shared_llm_key()
    assert shared is not None
    in_shared = sorted(entry.task for entry, _ in engine.store.iter_items() if entry.llm_key.startswith(shared))
    assert in_shared == ["linear_equation"]  # the free text stays in its own sampling's partition


class _Plan:
    def __init__(self, recorded: str | None, needs_model: bool, outcome: str = "reuse") -> None:
        from types import SimpleNamespace

        self.entry = SimpleNamespace(metadata={} if recorded is None else {"sampling": recorded})
        self.needs_model, self.outcome = needs_model, outcome


@pytest.mark.parametrize(("recorded", "needs_model", "outcome", "proven", "refused"), [
    ("other", False, "reuse", False, True),  # another sampling's unproven answer: never served
    ("other", False, "reinstantiate", True, False),  # proven for this prompt: served
    ("other", True, "patch", False, True),  # a patch on another sampling's steps: never
    ("other", True, "skip_reuse", False, False),  # the model answers whole: nothing of the entry is served
    ("mine", False, "reuse", False, False),  # its own sampling: as before
    (None, False, "reuse", False, False),  # unrecorded: stored in this sampling's own partition
])
def test_what_an_entry_of_other_sampling_options_serves(recorded: str | None, needs_model: bool, outcome: str,
                                                        proven: bool, refused: bool) -> None:
    from stepcache_integrations.langchain._requests import sampling_reason

    assert (sampling_reason(_Plan(recorded, needs_model, outcome), "mine", proven) is not None) is refused  # type: ignore[arg-type]


@pytest.mark.parametrize("path", ["wrapper", "global"])
def test_an_unproven_entry_of_other_sampling_options_planted_in_the_partition_is_not_served(path: str) -> None:
    # a partition keyed without sampling options holds other samplings' entries (the shared one): an unproven
    # answer recorded with other sampling options is never served there
    from langchain_core.load import dumps
    from langchain_core.messages import HumanMessage

    from stepcache_integrations.langchain._requests import read_llm_string, step_key

    server, engine = Server(), StepCache()
    chat = ChatOpenAI(model="m", api_key="k", base_url="http://fake/v1", max_retries=0,
                      http_client=httpx.Client(transport=httpx.MockTransport(server.handler)))  # no sampling option
    meta = {"sampling": "another", "langchain": {"kind": "chat", "text": "Cyan", "generations": [
        {"type": "chat", "message": {"type": "ai", "data": {"content": "Cyan", "type": "ai"}}}]}}
    if path == "wrapper":
        wrapper = with_step_cache(chat, engine)
        key = wrapper.resolve_llm_key()
        engine.store_answer(COLORS, "Cyan", namespace="langchain", llm_key=key, metadata=meta)
        out = wrapper.invoke(COLORS)
        assert len(server.bodies) == 1 and out.content != "Cyan"
        return
    cache = StepCacheLLMCache(engine)
    llm_string = chat._get_llm_string()
    key = step_key("chat", read_llm_string(llm_string).key_string)
    engine.store_answer(COLORS, "Cyan", namespace="langchain", llm_key=key, metadata=meta)
    assert cache.lookup(dumps([HumanMessage(COLORS)]), llm_string) is None
    assert list(cache.stats()["miss_reasons"]) == [
        "cached answer was generated with other sampling options and is not proven for this prompt"]
