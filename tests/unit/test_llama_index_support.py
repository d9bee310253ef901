"""Scripted LlamaIndex models and offline Settings for the LlamaIndex integration tests.

Imported by the other ``test_llama_index_*`` modules; its own tests check the helpers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from llama_index.core import Settings
from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    CompletionResponseGen,
    LLMMetadata,
)
from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.instrumentation import get_dispatcher
from llama_index.core.instrumentation.event_handlers import BaseEventHandler
from llama_index.core.llms import CustomLLM
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from llama_index.core.llms.mock import MockLLM

from stepcache_integrations.llama_index import StepCacheEmbedding

DOCS = Path(__file__).resolve().parents[1] / "fixtures" / "docs"
_TOKENS = re.compile(r"\S+\s*|\s+")


def whitespace_tokenizer(text: str) -> list[str]:
    """A tokenizer that needs no download (tiktoken is never touched)."""
    return text.split()


class ScriptedLLM(CustomLLM):
    """A deterministic model: ``respond(prompt) -> str`` (or a queue of answers).

    Records every prompt it receives (``prompts``) and, for chat calls, the messages
    (``chats``). Streams word by word. Reports usage in ``raw`` like an OpenAI response.
    """

    model_name: str = "scripted"
    # call logs are private: every public field of a model is part of its cache key, and one the
    # adapter does not know makes a request no claim (the chat flag shows in ``metadata``, keyed)
    _chat_model: bool = PrivateAttr(default=False)
    _prompts: list[str] = PrivateAttr(default_factory=list)
    _chats: list[list[ChatMessage]] = PrivateAttr(default_factory=list)
    _respond: Callable[[str], str] = PrivateAttr()

    def __init__(self, respond: Callable[[str], str] | Sequence[str], chat_model: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._chat_model = chat_model
        if callable(respond):
            self._respond = respond
        else:
            queue = list(respond)
            self._respond = lambda _prompt: queue.pop(0)

    @classmethod
    def class_name(cls) -> str:
        return "ScriptedLLM"

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name=self.model_name, is_chat_model=self.chat_model, num_output=256)

    @property
    def chat_model(self) -> bool:
        return self._chat_model

    @property
    def prompts(self) -> list[str]:
        return self._prompts

    @property
    def chats(self) -> list[list[ChatMessage]]:
        return self._chats

    @property
    def calls(self) -> int:
        return len(self.prompts)

    def _answer(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self._respond(prompt)

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        self.chats.append(list(messages))
        return super().chat(messages, **kwargs)

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        text = self._answer(prompt)
        usage = {"prompt_tokens": len(prompt.split()), "completion_tokens": len(text.split())}
        return CompletionResponse(text=text, raw={"usage": usage})

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        text = self._answer(prompt)

        def gen() -> CompletionResponseGen:
            acc = ""
            for token in _TOKENS.findall(text):
                acc += token
                yield CompletionResponse(text=acc, delta=token)

        return gen()


class EventCollector(BaseEventHandler):
    """Collects instrumentation events fired while it is installed."""

    events: list[Any] = Field(default_factory=list)

    @classmethod
    def class_name(cls) -> str:
        return "EventCollector"

    def handle(self, event: Any, **kwargs: Any) -> None:
        self.events.append(event)

    def names(self) -> list[str]:
        return [type(event).__name__ for event in self.events]


@pytest.fixture()
def events() -> Iterator[EventCollector]:
    """Instrumentation events of the test (root dispatcher handler, removed afterwards)."""
    root = get_dispatcher()
    collector = EventCollector()
    root.add_event_handler(collector)
    try:
        yield collector
    finally:
        root.event_handlers.remove(collector)


@pytest.fixture(autouse=True)
def offline_settings() -> Iterator[None]:
    """No OpenAI defaults, no tokenizer download: local embedding, mock LLM, whitespace tokens."""
    saved = (Settings._llm, Settings._embed_model, Settings._tokenizer)
    Settings.llm = MockLLM()
    Settings.embed_model = StepCacheEmbedding()
    Settings.tokenizer = whitespace_tokenizer
    try:
        yield
    finally:
        Settings._llm, Settings._embed_model, Settings._tokenizer = saved


def test_scripted_llm_answers_streams_and_records() -> None:
    model = ScriptedLLM(["one two three", "four"])
    assert model.complete("p1").text == "one two three"
    deltas = [chunk.delta for chunk in model.stream_complete("p2")]
    assert deltas == ["four"] and model.prompts == ["p1", "p2"]


def test_offline_settings_use_local_components() -> None:
    assert isinstance(Settings.embed_model, StepCacheEmbedding)
    assert Settings.tokenizer("a b c") == ["a", "b", "c"]
