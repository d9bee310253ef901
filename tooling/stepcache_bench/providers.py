"""The provider table: every chat-model class people use, through every entry point, with no network.

Each LangChain and LlamaIndex provider class is instantiated with fake credentials; its transport is
replaced, on the class, by a fake that answers a linear equation right (sympy) and counts its calls,
so what is measured is the cache's decision, not a provider. Per class and entry point
(``set_llm_cache(StepCacheLLMCache())``, ``with_step_cache``, ``StepCacheLLM``): the tier, its reasons,
whether an exact repeat is served without a model call, and whether a changed constant is
re-instantiated without one. ``scripts/provider_table.py`` records it; ``tests/integration/
test_providers.py`` asserts it; BENCHMARKS.md shows it (generated).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.metadata
import os
import re
import warnings
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any
from unittest import mock

__all__ = ["CASES", "Case", "Row", "probe", "probe_all"]

PROMPT = "Solve for x step by step: 3x + 5 = 20."
CHANGED = "Solve for x step by step: 3x + 5 = 26."


def solve_answer(prompt: str) -> str:
    """A right answer to the probe prompt (the fake transport's answer)."""
    found = re.search(r"(\d+)x \+ (\d+) = (\d+)", prompt)
    if found is None:
        return "I cannot tell."
    a, b, c = (int(g) for g in found.groups())
    rhs = c - b
    value = rhs // a if rhs % a == 0 else f"{rhs}/{a}"
    return (f"Step 1: Subtract {b} from both sides: {a}x = {rhs}.\n"
            f"Step 2: Divide both sides by {a}: x = {value}.\nAnswer: x = {value}")


@dataclass
class Counter:
    calls: int = 0


@dataclass(frozen=True)
class Case:
    """One provider configuration: its label, package, class path and how to build it."""

    label: str
    package: str
    path: str
    build: Callable[[], Any]
    framework: str = "langchain"


@dataclass
class Row:
    """One case through one entry point."""

    label: str
    framework: str
    entry_point: str
    package: str
    version: str
    tier: str = "?"
    reasons: list[str] = field(default_factory=list)
    exact_repeat_served: bool = False
    changed_constant_reinstantiated: bool = False
    error: str | None = None


def _lc(path: str) -> Any:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _custom_chat_model() -> Any:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.outputs import ChatGeneration, ChatResult

    class EchoSolver(BaseChatModel):
        """A user's own chat model: not serializable, no identifying params."""

        model_name: str = "echo-solver"

        @property
        def _llm_type(self) -> str:
            return "echo-solver"

        @property
        def _identifying_params(self) -> dict[str, Any]:  # what LangChain's custom-model guide shows
            return {"model_name": self.model_name}

        def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content="unused"))])

    return EchoSolver()


def _custom_without_identity() -> Any:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.outputs import ChatGeneration, ChatResult

    class Anonymous(BaseChatModel):
        """A user's own chat model with no identifying params: llm_string shows only its type."""

        model_name: str = "anonymous"

        @property
        def _llm_type(self) -> str:
            return "anonymous-chat"

        def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content="unused"))])

    return Anonymous()


def _hf() -> Any:
    from langchain_huggingface import ChatHuggingFace, HuggingFaceEndpoint

    endpoint = HuggingFaceEndpoint(repo_id="HuggingFaceH4/zephyr-7b-beta", huggingfacehub_api_token="fake",
                                   task="text-generation")
    return ChatHuggingFace(llm=endpoint, model_id="HuggingFaceH4/zephyr-7b-beta")


def _gemini() -> Any:
    from types import SimpleNamespace

    meta = SimpleNamespace(supported_generation_methods=["generateContent"], output_token_limit=8192,
                           input_token_limit=1048576)
    with mock.patch("google.generativeai.get_model", return_value=meta):
        return _lc("llama_index.llms.gemini.Gemini")(model="models/gemini-2.0-flash", api_key="fake")


def _lc_cases() -> list[Case]:
    def make(path: str, **kwargs: Any) -> Callable[[], Any]:
        return lambda: _lc(path)(**kwargs)

    oa = "langchain_openai.chat_models.base.ChatOpenAI"
    return [
        Case("ChatOpenAI", "langchain-openai", oa, make(oa, model="gpt-4o-mini", api_key="sk-fake")),
        Case("ChatOpenAI(max_tokens=1024)", "langchain-openai", oa,
             make(oa, model="gpt-4o-mini", api_key="sk-fake", max_tokens=1024)),
        Case("ChatOpenAI(max_tokens=64)", "langchain-openai", oa,
             make(oa, model="gpt-4o-mini", api_key="sk-fake", max_tokens=64)),
        Case("AzureChatOpenAI", "langchain-openai", "langchain_openai.chat_models.azure.AzureChatOpenAI",
             make("langchain_openai.chat_models.azure.AzureChatOpenAI", azure_deployment="gpt4",
                  api_version="2024-06-01", azure_endpoint="https://example.openai.azure.com", api_key="fake")),
        Case("ChatAnthropic", "langchain-anthropic", "langchain_anthropic.chat_models.ChatAnthropic",
             make("langchain_anthropic.chat_models.ChatAnthropic", model="claude-3-5-haiku-latest", api_key="fake")),
        Case("ChatGoogleGenerativeAI", "langchain-google-genai",
             "langchain_google_genai.chat_models.ChatGoogleGenerativeAI",
             make("langchain_google_genai.chat_models.ChatGoogleGenerativeAI", model="gemini-2.0-flash",
                  google_api_key="fake")),
        Case("ChatMistralAI", "langchain-mistralai", "langchain_mistralai.chat_models.ChatMistralAI",
             make("langchain_mistralai.chat_models.ChatMistralAI", model="mistral-small-latest", api_key="fake")),
        Case("ChatGroq", "langchain-groq", "langchain_groq.chat_models.ChatGroq",
             make("langchain_groq.chat_models.ChatGroq", model="llama-3.1-8b-instant", api_key="fake")),
        Case("ChatBedrockConverse", "langchain-aws", "langchain_aws.chat_models.bedrock_converse.ChatBedrockConverse",
             make("langchain_aws.chat_models.bedrock_converse.ChatBedrockConverse",
                  model="anthropic.claude-3-haiku-20240307-v1:0", region_name="us-east-1",
                  aws_access_key_id="AKIAFAKE", aws_secret_access_key="fake")),
        Case("ChatFireworks", "langchain-fireworks", "langchain_fireworks.chat_models.ChatFireworks",
             make("langchain_fireworks.chat_models.ChatFireworks",
                  model="accounts/fireworks/models/llama-v3p1-8b-instruct", api_key="fake")),
        Case("ChatTogether", "langchain-together", "langchain_together.chat_models.ChatTogether",
             make("langchain_together.chat_models.ChatTogether", model="meta-llama/Llama-3-8b-chat-hf", api_key="fake")),
        Case("ChatXAI", "langchain-xai", "langchain_xai.chat_models.ChatXAI",
             make("langchain_xai.chat_models.ChatXAI", model="grok-2", api_key="fake")),
        Case("ChatCohere", "langchain-cohere", "langchain_cohere.chat_models.ChatCohere",
             make("langchain_cohere.chat_models.ChatCohere", model="command-r", cohere_api_key="fake")),
        Case("ChatHuggingFace", "langchain-huggingface", "langchain_huggingface.chat_models.huggingface.ChatHuggingFace",
             _hf),
        Case("ChatOllama", "langchain-ollama", "langchain_ollama.chat_models.ChatOllama",
             make("langchain_ollama.chat_models.ChatOllama", model="llama3.1")),
        Case("ChatDeepSeek", "langchain-deepseek", "langchain_deepseek.chat_models.ChatDeepSeek",
             make("langchain_deepseek.chat_models.ChatDeepSeek", model="deepseek-chat", api_key="fake")),
        Case("custom BaseChatModel (not serializable)", "langchain-core", "EchoSolver", _custom_chat_model),
        Case("custom BaseChatModel (no identifying params)", "langchain-core", "Anonymous", _custom_without_identity),
    ]


def _li_cases() -> list[Case]:
    def make(path: str, **kwargs: Any) -> Callable[[], Any]:
        return lambda: _lc(path)(**kwargs)

    return [
        Case("OpenAI", "llama-index-llms-openai", "llama_index.llms.openai.OpenAI",
             make("llama_index.llms.openai.OpenAI", model="gpt-4o-mini", api_key="sk-fake"), "llama_index"),
        Case("AzureOpenAI", "llama-index-llms-azure-openai", "llama_index.llms.azure_openai.AzureOpenAI",
             make("llama_index.llms.azure_openai.AzureOpenAI", engine="gpt4", model="gpt-4o-mini", api_key="fake",
                  azure_endpoint="https://example.openai.azure.com", api_version="2024-06-01"), "llama_index"),
        Case("OpenAILike", "llama-index-llms-openai-like", "llama_index.llms.openai_like.OpenAILike",
             make("llama_index.llms.openai_like.OpenAILike", model="local", api_base="http://127.0.0.1:9/v1",
                  api_key="fake", is_chat_model=True), "llama_index"),
        Case("Groq", "llama-index-llms-groq", "llama_index.llms.groq.Groq",
             make("llama_index.llms.groq.Groq", model="llama-3.1-8b-instant", api_key="fake"), "llama_index"),
        Case("Anthropic", "llama-index-llms-anthropic", "llama_index.llms.anthropic.Anthropic",
             make("llama_index.llms.anthropic.Anthropic", model="claude-3-5-haiku-latest", api_key="fake"),
             "llama_index"),
        # Ollama asks its server for the context window unless it is given; GoogleGenAI asks for the
        # model's limits unless both are given; Gemini always asks (answered here, offline)
        Case("Ollama", "llama-index-llms-ollama", "llama_index.llms.ollama.Ollama",
             make("llama_index.llms.ollama.Ollama", model="llama3.1", context_window=8192), "llama_index"),
        Case("GoogleGenAI", "llama-index-llms-google-genai", "llama_index.llms.google_genai.GoogleGenAI",
             make("llama_index.llms.google_genai.GoogleGenAI", model="gemini-2.0-flash", api_key="fake",
                  max_tokens=8192, context_window=1048576), "llama_index"),
        Case("Gemini", "llama-index-llms-gemini", "llama_index.llms.gemini.Gemini", _gemini, "llama_index"),
        Case("MistralAI", "llama-index-llms-mistralai", "llama_index.llms.mistralai.MistralAI",
             make("llama_index.llms.mistralai.MistralAI", model="mistral-small-latest", api_key="fake"),
             "llama_index"),
        Case("BedrockConverse", "llama-index-llms-bedrock-converse",
             "llama_index.llms.bedrock_converse.BedrockConverse",
             make("llama_index.llms.bedrock_converse.BedrockConverse", model="anthropic.claude-3-haiku-20240307-v1:0",
                  region_name="us-east-1", aws_access_key_id="AKIAFAKE", aws_secret_access_key="fake"),
             "llama_index"),
    ]


def cases() -> list[Case]:
    """Every provider configuration of the table (LangChain, then LlamaIndex)."""
    return [*_lc_cases(), *_li_cases()]


CASES = cases


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


# ----------------------------------------------------------------------------- fake transports
@contextlib.contextmanager
def _lc_transport(model: Any, counter: Counter) -> Iterator[None]:
    from langchain_core.messages import AIMessage, BaseMessage
    from langchain_core.outputs import ChatGeneration, ChatResult

    def text_of(messages: list[BaseMessage]) -> str:
        return "\n".join(str(m.content) for m in messages)

    def generate(self: Any, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
        counter.calls += 1
        message = AIMessage(content=solve_answer(text_of(messages)),
                            usage_metadata={"input_tokens": 20, "output_tokens": 30, "total_tokens": 50},
                            response_metadata={"finish_reason": "stop"})
        return ChatResult(generations=[ChatGeneration(message=message)])

    async def agenerate(self: Any, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
        return generate(self, messages, stop, run_manager, **kwargs)

    cls = type(model)
    with mock.patch.object(cls, "_generate", generate), mock.patch.object(cls, "_agenerate", agenerate), \
            mock.patch.object(cls, "_stream", None, create=True), mock.patch.object(cls, "_astream", None, create=True):
        yield


@contextlib.contextmanager
def _li_transport(model: Any, counter: Counter) -> Iterator[None]:
    from llama_index.core.base.llms.types import ChatMessage, ChatResponse, CompletionResponse, MessageRole

    def chat(self: Any, messages: Any, **kwargs: Any) -> Any:
        counter.calls += 1
        text = solve_answer("\n".join(m.content or "" for m in messages))
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text))

    def complete(self: Any, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        counter.calls += 1
        return CompletionResponse(text=solve_answer(prompt))

    async def achat(self: Any, messages: Any, **kwargs: Any) -> Any:
        return chat(self, messages, **kwargs)

    async def acomplete(self: Any, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        return complete(self, prompt, formatted, **kwargs)

    cls = type(model)
    with mock.patch.object(cls, "chat", chat), mock.patch.object(cls, "complete", complete), \
            mock.patch.object(cls, "achat", achat), mock.patch.object(cls, "acomplete", acomplete):
        yield


# ----------------------------------------------------------------------------- entry points
def _served(record: dict[str, Any] | None) -> tuple[str, list[str]]:
    record = record or {}
    return str(record.get("tier", "?")), list(record.get("tier_reasons") or [])


def _global_cache(model: Any, counter: Counter, row: Row) -> None:
    from langchain_core.globals import get_llm_cache, set_llm_cache

    from stepcache_integrations import StepCache
    from stepcache_integrations.langchain import StepCacheLLMCache

    previous = get_llm_cache()
    cache = StepCacheLLMCache(StepCache())
    set_llm_cache(cache)
    try:
        model.invoke(PROMPT)
        before = counter.calls
        second = model.invoke(PROMPT)
        row.exact_repeat_served = counter.calls == before
        row.tier, row.reasons = _served(second.response_metadata.get("stepcache") or cache.stats()["last_miss"])
        before = counter.calls
        changed = model.invoke(CHANGED)
        meta = changed.response_metadata.get("stepcache") or {}
        row.changed_constant_reinstantiated = counter.calls == before and meta.get("outcome") == "reinstantiate"
    finally:
        set_llm_cache(previous)


def _wrapper(model: Any, counter: Counter, row: Row) -> None:
    from stepcache_integrations import StepCache
    from stepcache_integrations.langchain import with_step_cache

    wrapped = with_step_cache(model, StepCache())
    wrapped.invoke(PROMPT)
    before = counter.calls
    second = wrapped.invoke(PROMPT)
    row.exact_repeat_served = counter.calls == before
    row.tier, row.reasons = _served(second.response_metadata.get("stepcache"))
    before = counter.calls
    changed = wrapped.invoke(CHANGED)
    meta = changed.response_metadata.get("stepcache") or {}
    row.changed_constant_reinstantiated = counter.calls == before and meta.get("outcome") == "reinstantiate"


def _llama(model: Any, counter: Counter, row: Row) -> None:
    from llama_index.core.base.llms.types import ChatMessage, MessageRole

    from stepcache_integrations import StepCache
    from stepcache_integrations.llama_index import StepCacheLLM

    wrapped = StepCacheLLM(llm=model, cache=StepCache())

    def ask(text: str) -> Any:
        return wrapped.chat([ChatMessage(role=MessageRole.USER, content=text)])

    ask(PROMPT)
    before = counter.calls
    second = ask(PROMPT)
    row.exact_repeat_served = counter.calls == before
    row.tier, row.reasons = _served(second.additional_kwargs.get("stepcache"))
    before = counter.calls
    changed = ask(CHANGED)
    meta = changed.additional_kwargs.get("stepcache") or {}
    row.changed_constant_reinstantiated = counter.calls == before and meta.get("outcome") == "reinstantiate"


ENTRY_POINTS: dict[str, dict[str, Callable[[Any, Counter, Row], None]]] = {
    "langchain": {"set_llm_cache": _global_cache, "with_step_cache": _wrapper},
    "llama_index": {"StepCacheLLM": _llama},
}


def probe(case: Case) -> list[Row]:
    """The rows of one case, one per entry point of its framework (fresh model and cache each)."""
    rows = []
    for entry_point, run in ENTRY_POINTS[case.framework].items():
        row = Row(case.label, case.framework, entry_point, case.package, _version(case.package))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                model = case.build()
                counter = Counter()
                transport = _lc_transport if case.framework == "langchain" else _li_transport
                with transport(model, counter):
                    run(model, counter, row)
        except Exception as exc:  # noqa: BLE001 - a row says what failed; the test asserts none did
            row.error = f"{type(exc).__name__}: {exc}"[:300]
        rows.append(row)
    return rows


def probe_all() -> list[dict[str, Any]]:
    """Every row of the table as plain data."""
    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    return [asdict(row) for case in cases() for row in probe(case)]
