"""Red team 32 (/work/redteam32/REPORT.md): what a request's key holds only by a name or a ``repr``.

1. A response format given as a class was keyed by the class's name (two pydantic/TypedDict/dataclass
   classes of one name, ``create_model("Output", ...)`` per request, a class edited between runs): the
   wrapper now keys a class by its JSON schema and docstring; the global cache, which sees only
   ``llm_string`` (``<class '__main__.Person'>``), gives such a request no tier.
2. Closures of one factory, partials, bound methods and plain objects (a custom ``__repr__`` or the
   default one) in a model's fields were keyed by code or type: now by their values, or, when nothing
   can be read, by the object itself in this process.
3. Completion LLMs (``langchain_openai.OpenAI``) and chat classes whose ``llm_string`` holds no endpoint
   (ChatTogether, ChatCohere, ChatDeepSeek): the global cache cannot tell their endpoints apart, so it
   serves only answers proven for the prompt (they hold whichever endpoint answered) and no exact tier.
4. ChatOllama's host read from ``OLLAMA_HOST`` by its client: the wrapper keys it.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import importlib.resources
import json
from typing import Any, TypedDict

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult, Generation, LLMResult
from pydantic import BaseModel, Field, create_model

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.flow import all_profiles
from stepcache_integrations.adapters.identity import held_options, plain
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.langchain._identity import model_identity

pytest.importorskip("langchain_openai")
from langchain_openai import ChatOpenAI, OpenAI  # noqa: E402


# ----------------------------------------------------------------------------- values keyed by what they hold
def test_classes_of_one_name_key_apart_and_one_class_keys_alike() -> None:
    first = create_model("Output", name=(str, ...), age=(int, ...))
    second = create_model("Output", employer=(str, ...))
    described = create_model("Output", name=(str, ...), age=(int, Field(..., description="age in months")))
    assert plain(first) != plain(second) != plain(described) != plain(first)
    assert plain(first) == plain(first)
    assert plain(create_model("Output", name=(str, ...), age=(int, ...))) == plain(first)  # the same schema


def test_typed_dicts_and_dataclasses_of_one_name_key_apart() -> None:
    def typed(extra: bool) -> type:
        if extra:
            class Person(TypedDict):
                name: str
                city: str
        else:
            class Person(TypedDict):  # type: ignore[no-redef]
                name: str
        return Person

    def dataclass_(extra: bool) -> type:
        fields = [("name", str), ("city", str)] if extra else [("name", str)]
        return dataclasses.make_dataclass("Person", fields)

    assert plain(typed(True)) != plain(typed(False))
    assert plain(dataclass_(True)) != plain(dataclass_(False))


def _factory(system: str) -> Any:
    def format_prompt(text: str) -> str:
        return f"[SYS]{system}[/SYS] {text}"

    return format_prompt


PREFIX = "You are helpful."


def _reads_global(text: str) -> str:
    return PREFIX + text


def test_closures_partials_and_methods_key_by_their_values() -> None:
    assert plain(_factory("You are helpful.")) != plain(_factory("Always answer in French."))
    assert plain(_factory("You are helpful.")) == plain(_factory("You are helpful."))
    join = "{} {}".format
    assert plain(functools.partial(join, "a")) != plain(functools.partial(join, "b"))

    class Style:
        def __init__(self, tone: str) -> None:
            self.tone = tone

        def apply(self, text: str) -> str:
            return self.tone + text

    assert plain(Style("calm").apply) != plain(Style("terse").apply)
    assert "You are helpful." in json.dumps(plain(_reads_global))


def test_objects_that_hide_their_state_key_by_identity() -> None:
    class Plain:
        def __init__(self, system: str) -> None:
            self.system = system

        def __repr__(self) -> str:
            return "Plain()"

    a, b = Plain("You are helpful."), Plain("Answer in French.")
    assert plain(a) != plain(b)
    assert plain(a) == plain(a)
    assert plain([a]) != plain([b])

    @dataclasses.dataclass
    class Route:
        host: str = dataclasses.field(repr=False)

    assert plain(Route("a")) != plain(Route("b"))
    assert plain(Route("a")) == plain(Route("a"))
    token = object()  # not weak-referenceable: held, so its id stays its own
    assert plain(token) == plain(token) != plain(object())


def test_options_hold_a_suffix_only_when_llm_string_may_hide_them() -> None:
    assert held_options({"temperature": 0.2, "stop": ["\n"], "response_format": {"type": "json_object"}}) == ""
    first = held_options({"response_format": create_model("Output", name=(str, ...))})
    second = held_options({"response_format": create_model("Output", employer=(str, ...))})
    assert first and second and first != second


# ----------------------------------------------------------------------------- scripted provider classes
class _Replies:
    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.calls = 0

    def next(self) -> str:
        self.calls += 1
        return self.replies.pop(0) if self.replies else "MODEL AGAIN"


class ScriptedOpenAI(ChatOpenAI):
    """ChatOpenAI answered by a script (never on the network)."""

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=SCRIPT.next()))])


class ScriptedCompletion(OpenAI):
    """langchain_openai's completion LLM answered by a script."""

    def _generate(self, prompts: list[str], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> LLMResult:
        return LLMResult(generations=[[Generation(text=SCRIPT.next())] for _ in prompts])


SCRIPT = _Replies()


@pytest.fixture(autouse=True)
def _script() -> Any:
    global SCRIPT
    SCRIPT = _Replies()
    yield
    set_llm_cache(None)


PROMPT = "Extract the person: Alice, aged 30, works at Acme."


def test_wrapper_keys_a_response_format_class_by_its_schema() -> None:
    SCRIPT.replies = ['{"name": "Alice", "age": 30}', '{"employer": "Acme"}']
    wrapped = with_step_cache(ScriptedOpenAI(model="gpt-4o-mini", api_key="sk-fake"), StepCache())
    first = create_model("Output", name=(str, ...), age=(int, ...))
    wrapped.invoke(PROMPT, response_format=first)
    wrapped.invoke(PROMPT, response_format=first)
    assert SCRIPT.calls == 1  # the same class: an exact repeat
    served = wrapped.invoke(PROMPT, response_format=create_model("Output", employer=(str, ...)))
    assert SCRIPT.calls == 2 and json.loads(served.content) == {"employer": "Acme"}
    bound = wrapped.bind(response_format=create_model("Output", name=(str, ...), city=(str, ...)))
    bound.invoke(PROMPT)
    assert SCRIPT.calls == 3


def test_global_cache_gives_a_class_in_llm_string_no_tier() -> None:
    class Person(BaseModel):
        name: str
        age: int

    set_llm_cache(StepCacheLLMCache())
    SCRIPT.replies = ['{"name": "Alice", "age": 30}', '{"name": "Alice", "age": 30}', '{"employer": "Acme"}']
    model = ScriptedOpenAI(model="gpt-4o-mini", api_key="sk-fake")
    model.bind(response_format=Person).invoke(PROMPT)
    model.bind(response_format=Person).invoke(PROMPT)
    assert SCRIPT.calls == 2

    class Person(BaseModel):  # type: ignore[no-redef]  # the class edited, its name kept
        employer: str

    answer = model.bind(response_format=Person).invoke(PROMPT)
    assert SCRIPT.calls == 3 and json.loads(answer.content) == {"employer": "Acme"}


def test_completion_llm_requests_get_no_tier() -> None:
    # llm_string holds no endpoint and no model_kwargs (red team 32b: a stop sequence there served a proven
    # answer past it), so not even a proven answer is served
    set_llm_cache(StepCacheLLMCache())
    SCRIPT.replies = ["Red\nBlue\nYellow", "Rot\nBlau\nGelb", "3 + 4 = 7.", "3 + "]
    a = ScriptedCompletion(model="gpt-3.5-turbo-instruct", api_key="sk-fake", base_url="http://a/v1")
    b = ScriptedCompletion(model="gpt-3.5-turbo-instruct", api_key="sk-fake", base_url="http://b/v1",
                           model_kwargs={"stop": ["7"]})
    a.invoke("Name three primary colors, one per line.")
    assert b.invoke("Name three primary colors, one per line.") == "Rot\nBlau\nGelb"
    a.invoke("What is 3 + 4?")
    assert b.invoke("What is 3 + 4?") == "3 + "
    assert SCRIPT.calls == 4


try:
    from langchain_deepseek import ChatDeepSeek
except ImportError:  # pragma: no cover - the providers extra is installed in CI
    ChatDeepSeek = None


def _deepseek(base: str) -> Any:
    class ScriptedDeepSeek(ChatDeepSeek):  # type: ignore[misc, valid-type]
        def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content=SCRIPT.next()))])

    return ScriptedDeepSeek(model="deepseek-chat", api_key="sk-fake", api_base=base)


@pytest.mark.skipif(ChatDeepSeek is None, reason="langchain-deepseek not installed")
def test_a_class_whose_llm_string_holds_no_endpoint_shares_only_proven_answers() -> None:
    set_llm_cache(StepCacheLLMCache())
    SCRIPT.replies = ["Red\nBlue\nYellow", "Rot\nBlau\nGelb", "x = 5", "Rouge", "Rot"]
    a, b = _deepseek("http://a.example/v1"), _deepseek("http://b.example/v1")
    a.invoke("Name three primary colors, one per line.")
    assert b.invoke("Name three primary colors, one per line.").content == "Rot\nBlau\nGelb"
    a.invoke("Solve 3x + 5 = 20 for x.")
    served = b.invoke("Solve 3x + 5 = 20 for x.")  # proven: whichever endpoint answered
    assert SCRIPT.calls == 3 and served.response_metadata["stepcache"]["verified"] is True
    a.invoke("Name one color.", stop=["\n\n"])  # a stop sequence: what would be the exact tier's
    assert b.invoke("Name one color.", stop=["\n\n"]).content == "Rot"
    assert SCRIPT.calls == 5


# the class, a constructor that needs no network, and the field naming its endpoint
_ENDPOINT_CASES = {
    "langchain_openai.chat_models.base.ChatOpenAI": {"model": "m", "api_key": "k"},
    "langchain_openai.chat_models.azure.AzureChatOpenAI": {"model": "m", "api_key": "k", "api_version": "2024-06-01",
                                                           "azure_deployment": "d"},
    "langchain_anthropic.chat_models.ChatAnthropic": {"model": "m", "api_key": "k"},
    "langchain_google_genai.chat_models.ChatGoogleGenerativeAI": {"model": "m", "google_api_key": "k"},
    "langchain_mistralai.chat_models.ChatMistralAI": {"model": "m", "api_key": "k"},
    "langchain_groq.chat_models.ChatGroq": {"model": "m", "api_key": "k"},
    "langchain_aws.chat_models.bedrock_converse.ChatBedrockConverse": {
        "model": "anthropic.claude-3-haiku-20240307-v1:0", "region_name": "us-east-1",
        "aws_access_key_id": "AKIAFAKE", "aws_secret_access_key": "fake"},
    "langchain_fireworks.chat_models.ChatFireworks": {"model": "m", "api_key": "k"},
    "langchain_together.chat_models.ChatTogether": {"model": "m", "api_key": "k"},
    "langchain_xai.chat_models.ChatXAI": {"model": "m", "api_key": "k"},
    "langchain_cohere.chat_models.ChatCohere": {"model": "m", "cohere_api_key": "k"},
    "langchain_deepseek.chat_models.ChatDeepSeek": {"model": "m", "api_key": "k"},
    "langchain_ollama.chat_models.ChatOllama": {"model": "m"},
}


def _endpoint_profiles() -> list[Any]:
    return [p for p in all_profiles().values() if p.framework == "langchain" and p.path in _ENDPOINT_CASES]


@pytest.mark.parametrize("profile", _endpoint_profiles(), ids=lambda p: p.class_name)
def test_each_profile_says_whether_llm_string_names_the_endpoint(profile: Any) -> None:
    """The judge of the profile data: two models differing only in their endpoint have one ``llm_string``
    exactly when the profile says ``llm_string_names_endpoint: false``."""
    module, _, name = profile.path.rpartition(".")
    cls = getattr(importlib.import_module(module), name)
    field = json.loads(importlib.resources.files("stepcache_integrations.adapters")
                       .joinpath("provider_profiles.json").read_text())["classes"][profile.path]["endpoint_field"]
    kwargs = _ENDPOINT_CASES[profile.path]
    a, b = cls(**kwargs, **{field: "http://a.example/v1"}), cls(**kwargs, **{field: "http://b.example/v1"})
    assert (a._get_llm_string() != b._get_llm_string()) == profile.llm_string_names_endpoint


def test_every_langchain_chat_profile_names_its_endpoint_field() -> None:
    data = json.loads(importlib.resources.files("stepcache_integrations.adapters")
                      .joinpath("provider_profiles.json").read_text())["classes"]
    missing = [p for p, spec in data.items() if spec["framework"] == "langchain" and ".fake" not in p
               and "huggingface" not in p and "endpoint_field" not in spec]
    assert missing == []
    assert set(_ENDPOINT_CASES) == {p for p, spec in data.items() if "endpoint_field" in spec}


def test_ollama_host_from_the_environment_is_keyed(monkeypatch: pytest.MonkeyPatch) -> None:
    langchain_ollama = pytest.importorskip("langchain_ollama")
    monkeypatch.setenv("OLLAMA_HOST", "http://a.example:11434")
    a = langchain_ollama.ChatOllama(model="llama3")
    monkeypatch.setenv("OLLAMA_HOST", "http://b.example:11434")
    b = langchain_ollama.ChatOllama(model="llama3")
    assert model_identity(a) != model_identity(b)
    assert "a.example" in str(model_identity(a))
