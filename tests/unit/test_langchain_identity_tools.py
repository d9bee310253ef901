"""Who answers and in what shape (blind red team round 4, R2, R3, R12).

* tools bound without a forced call (``tool_choice`` unset, ``"auto"``, ``"none"``) and a task other
  than json: no claim, on both paths - the model's tool call is its answer, never replaced by text;
* two clients differing only in their API key or in the endpoint their client resolved (``base_url``
  or ``OPENAI_BASE_URL``) never share entries through the wrapper (the key as a digest, never the
  secret); the global cache, which sees only ``llm_string``, makes no claim when the endpoint comes
  from ``OPENAI_BASE_URL``.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.messages import AIMessage
from langchain_openai import ChatOpenAI

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.test_langchain_fakes import global_cache, scripted  # noqa: F401 - global_cache is a fixture

P = "Name three primary colors, one per line."
TASKS = {"arithmetic": "What is 12 * 12?", "linear": "Solve 2x + 3 = 7 for x.", "text": P}
MULTIPLY = {"name": "multiply", "description": "Multiply two integers.", "parameters": {
    "type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}}
CALL = {"name": "multiply", "args": {"a": 12, "b": 12}, "id": "call_1", "type": "tool_call"}


# ----------------------------------------------------------------------------- R2: tools bound x tasks
@pytest.mark.parametrize("task", sorted(TASKS))
@pytest.mark.parametrize("choice", [None, "auto", "none"])
@pytest.mark.parametrize("path", ["wrapper", "global"])
def test_unforced_tools_make_no_claim_and_the_tool_call_is_the_answer(path: str, choice: Any, task: str) -> None:
    model = scripted(AIMessage(content="", tool_calls=[CALL]), AIMessage(content="", tool_calls=[CALL]))
    engine = StepCache()
    if path == "global":
        cache = StepCacheLLMCache(engine)
        set_llm_cache(cache)
    try:
        bound = (with_step_cache(model, engine) if path == "wrapper" else model).bind_tools([MULTIPLY], tool_choice=choice)
        for n in (1, 2):
            out = bound.invoke(TASKS[task])
            # the model's own tool call, replayed by the exact tier for exactly this request
            assert out.tool_calls == [CALL] and len(model.calls) == 1
            meta = out.response_metadata.get("stepcache")
            if path == "global" and n == 1:
                assert meta is None  # LangChain's own call
            else:
                assert meta["tier"] == "exact" and meta["outcome"] == ("miss" if n == 1 else "exact")
                assert not meta["verified"] and meta["tier_reasons"]
        assert all(entry.task == "exact" for entry, _ in engine.store.iter_items())  # nothing in the step tier
        other = bound.invoke(TASKS[task] + " Thanks.")  # another request: never the first one's answer
        assert len(model.calls) == 2 and other.tool_calls == [CALL]
    finally:
        set_llm_cache(None)


# ----------------------------------------------------------------------------- R3, R12: endpoint and key
def openai(reply: str, *, key: str = "k", base_url: str | None = "http://gw/v1",
           seen: list[str] | None = None) -> ChatOpenAI:
    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(str(request.url))
        message = {"role": "assistant", "content": reply}
        return httpx.Response(200, json={"id": "x", "object": "chat.completion", "created": 1, "model": "m",
                                         "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                                         "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

    extra = {} if base_url is None else {"base_url": base_url}
    return ChatOpenAI(model="m", api_key=key, temperature=0, max_retries=0,
                      http_client=httpx.Client(transport=httpx.MockTransport(handler)), **extra)


def test_the_wrapper_keeps_api_keys_apart_and_never_keys_the_secret() -> None:
    engine = StepCache()
    seen_b: list[str] = []
    a = with_step_cache(openai("Rouge\nBleu\nJaune", key="tenant-A-secret"), engine)
    b = with_step_cache(openai("Red\nBlue\nYellow", key="tenant-B-secret", seen=seen_b), engine)
    assert a.invoke(P).content == "Rouge\nBleu\nJaune"
    assert b.invoke(P).content == "Red\nBlue\nYellow" and len(seen_b) == 1
    keys = (a.resolve_llm_key(), b.resolve_llm_key())
    assert keys[0] != keys[1] and not any("secret" in k for k in keys)
    assert a.resolve_llm_key() == with_step_cache(openai("", key="tenant-A-secret"), engine).resolve_llm_key()


@pytest.mark.parametrize("how", ["base_url", "env"])
def test_the_wrapper_keeps_endpoints_apart(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = StepCache()

    def service(url: str, reply: str, seen: list[str]) -> Any:
        if how == "env":
            monkeypatch.setenv("OPENAI_BASE_URL", url)
        return with_step_cache(openai(reply, base_url=url if how == "base_url" else None, seen=seen), engine)

    seen_fr: list[str] = []
    seen_en: list[str] = []
    assert service("http://deploy-fr/v1", "Rouge\nBleu\nJaune", seen_fr).invoke(P).content == "Rouge\nBleu\nJaune"
    en = service("http://deploy-en/v1", "Red\nBlue\nYellow", seen_en)
    assert en.invoke(P).content == "Red\nBlue\nYellow" and seen_en == ["http://deploy-en/v1/chat/completions"]


def test_the_wrapper_keys_the_endpoint_its_client_resolved() -> None:
    """Blind red team round 14: a model whose client was swapped for one at another endpoint (the
    client fields are inert: out of the key) is keyed by the endpoint its client resolved."""
    import openai as openai_sdk

    engine = StepCache()
    seen_fr: list[str] = []
    seen_de: list[str] = []
    fr = openai("Rouge\nBleu\nJaune", seen=seen_fr)
    assert with_step_cache(fr, engine).invoke(P).content == "Rouge\nBleu\nJaune"
    de = openai("Rot\nBlau\nGelb", seen=seen_de)
    swapped = openai_sdk.OpenAI(base_url="http://deploy-de/v1", api_key="k", max_retries=0,
                                http_client=de.root_client._client)
    de.root_client, de.client = swapped, swapped.chat.completions
    assert with_step_cache(de, engine).invoke(P).content == "Rot\nBlau\nGelb"
    assert seen_de == ["http://deploy-de/v1/chat/completions"]


def test_the_global_cache_keys_an_endpoint_from_the_environment(
    global_cache: StepCacheLLMCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R12: the endpoint the client read from OPENAI_BASE_URL is not in llm_string; the global cache
    keys it from the environment, so another deployment never gets this one's answer."""
    monkeypatch.setenv("OPENAI_BASE_URL", "http://deploy-fr/v1")
    seen: list[str] = []
    model = openai("Rouge\nBleu\nJaune", base_url=None, seen=seen)
    for _ in (1, 2):
        assert model.invoke(P).content == "Rouge\nBleu\nJaune" and len(seen) == 1
    monkeypatch.setenv("OPENAI_BASE_URL", "http://deploy-de/v1")
    other: list[str] = []
    german = openai("Rot\nBlau\nGelb", base_url=None, seen=other)
    assert german.invoke(P).content == "Rot\nBlau\nGelb" and other == ["http://deploy-de/v1/chat/completions"]


def test_the_global_cache_claims_an_explicit_base_url(global_cache: StepCacheLLMCache,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://elsewhere/v1")
    seen: list[str] = []
    model = openai("Rouge\nBleu\nJaune", base_url="http://deploy-fr/v1", seen=seen)
    model.invoke(P)
    again = model.invoke(P)
    assert again.content == "Rouge\nBleu\nJaune" and len(seen) == 1
    assert json.loads(json.dumps(again.response_metadata["stepcache"]))["outcome"] == "reuse"
