"""What the judge talks to: the engine and the three adapters, each with the echo model behind it.

The echo model's answer is a function of the whole request (its safe-set class), so every
changed prompt has another right answer; it counts its own calls, so the judge never
relies on the cache's report alone. Only public entry points of the package are used.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .oracle import smart_answer
from .prompts import Msg, Part, Request, ToolCall, canon_key, canon_text, digest, nfc_eol, single_text

_CONTINUE = re.compile(r"(?i)\bfirst (\d+) steps?\b")


def _flat(request: Request) -> str:
    if isinstance(request, str):
        return request
    out = []
    for m in request:
        if isinstance(m.content, str):
            out.append(m.content)
        else:
            out.extend(p.value for p in m.content)
    return "\n".join(out)


class EchoModel:
    """Answers every request correctly for *that* request; counts its calls."""

    def __init__(self) -> None:
        self.calls: list[Request] = []
        self.current: Request | None = None  # the request the judge is asking right now

    def _follow_up_rest(self, received: Request, cur: Request) -> str | None:
        """When ``received`` is a patch/repair request the cache built from the current request
        (the current prompt with instructions added), the added text; else None."""
        one = single_text(cur)
        if isinstance(received, str) or isinstance(cur, str) or one is not None:
            want, got = canon_text(one if one is not None else _flat(cur)), nfc_eol(_flat(received))
            if want and want in got:
                return got.replace(want, "", 1)
            return None
        if len(received) < len(cur) or canon_key(received[: len(cur) - 1]) != canon_key(cur[:-1]):
            return None
        want, got = canon_text(_flat(cur[-1:])), nfc_eol(_flat(received[len(cur) - 1 :]))
        if want and want in got:
            return got.replace(want, "", 1)
        return None

    def respond(self, received: Request) -> str:
        self.calls.append(received)
        target, rest = received, None
        cur = self.current
        if cur is not None:
            if canon_key(received) == canon_key(cur):
                target = cur
            else:
                rest = self._follow_up_rest(received, cur)
                if rest is not None:
                    target = cur
        answer = smart_answer(target, digest(target))
        if rest:
            m = _CONTINUE.search(rest)  # "the first N step(s) are already written": continue after them
            if m:
                lines = answer.splitlines()
                n = int(m.group(1))
                if 0 < n < len(lines):
                    answer = "\n".join(lines[n:])
        return answer

    def __call__(self, prompt: str) -> str:  # the engine's "any callable str -> str"
        return self.respond(prompt)


@dataclass
class Served:
    text: str
    outcome: str
    reported_calls: int | None
    verified: bool | None


class Session:
    """One fresh cache and one echo model."""

    model: EchoModel

    def ask(self, request: Request) -> Served:
        raise NotImplementedError

    def close(self) -> None:
        pass


class Target:
    name: str = "?"
    accepts_chat: bool = True

    @contextmanager
    def session(self) -> Iterator[Session]:
        s = self.open()
        try:
            yield s
        finally:
            s.close()

    def open(self) -> Session:
        raise NotImplementedError


# --------------------------------------------------------------------------- the engine
class EngineSession(Session):
    def __init__(self, cache: Any) -> None:
        self.cache = cache
        self.model = EchoModel()

    def ask(self, request: Request) -> Served:
        assert isinstance(request, str), "the engine takes plain prompts"
        r = self.cache.generate(request, self.model)
        return Served(r.text, str(r.outcome), r.model_calls, r.verified)


class EngineTarget(Target):
    """``StepCache().generate(prompt, llm)``; ``make_cache`` lets the judge's self-test swap in a fake."""

    accepts_chat = False

    def __init__(self, make_cache: Callable[[], Any] | None = None, name: str = "engine") -> None:
        self.make_cache = make_cache
        self.name = name

    def open(self) -> Session:
        if self.make_cache is None:
            from stepcache_integrations import StepCache

            return EngineSession(StepCache())
        return EngineSession(self.make_cache())



def served_without_a_model_call(base: str, edited: str) -> tuple[bool, str]:
    """(answered from the cache, its text) for ``edited`` after ``base`` warmed a fresh engine cache (echo model)."""
    with EngineTarget().session() as s:
        s.model.current = base
        s.ask(base)
        s.model.current = edited
        before = len(s.model.calls)
        served = s.ask(edited)
        return len(s.model.calls) == before, served.text

# --------------------------------------------------------------------------- LangChain
def to_lc(request: Request) -> Any:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    if isinstance(request, str):
        return request
    out = []
    for m in request:
        content: Any = m.content
        if not isinstance(content, str):
            content = [
                {"type": "text", "text": p.value} if p.kind == "text" else {"type": "image_url", "image_url": {"url": p.value}}
                for p in content
            ]
        kw: dict[str, Any] = {} if m.name is None else {"name": m.name}
        if m.role == "system":
            out.append(SystemMessage(content=content, **kw))
        elif m.role == "user":
            out.append(HumanMessage(content=content, **kw))
        elif m.role == "assistant":
            calls = [{"name": c.name, "args": c.args_dict(), "id": c.id, "type": "tool_call"} for c in m.tool_calls]
            out.append(AIMessage(content=content, tool_calls=calls, **kw))
        elif m.role == "tool":
            out.append(ToolMessage(content=content, tool_call_id=m.tool_call_id or "", **kw))
        else:
            raise ValueError(m.role)
    return out


_LC_ROLES = {"system": "system", "human": "user", "ai": "assistant", "tool": "tool"}


def from_lc(messages: Sequence[Any]) -> Request:
    out = []
    for m in messages:
        role = _LC_ROLES.get(m.type, m.type)
        content: Any = m.content
        if not isinstance(content, str):
            parts = []
            for p in content:
                if isinstance(p, str):
                    parts.append(Part("text", p))
                elif p.get("type") == "text":
                    parts.append(Part("text", p.get("text", "")))
                elif p.get("type") == "image_url":
                    url = p["image_url"]["url"] if isinstance(p.get("image_url"), dict) else str(p.get("image_url"))
                    parts.append(Part("image_url", url))
                else:
                    parts.append(Part(str(p.get("type")), json.dumps(p, sort_keys=True)))
            content = tuple(parts)
        calls = tuple(
            ToolCall(c["name"], tuple(c["args"].items()), c.get("id") or "") for c in (getattr(m, "tool_calls", None) or [])
        )
        out.append(Msg(role, content, name=m.name, tool_calls=calls, tool_call_id=getattr(m, "tool_call_id", None)))
    return tuple(out)


def _echo_chat_class() -> type:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.outputs import ChatGeneration, ChatResult
    from pydantic import ConfigDict, PrivateAttr

    class EchoChat(BaseChatModel):
        """A LangChain chat model answering with the echo model."""

        model_config = ConfigDict(arbitrary_types_allowed=True)
        model_name: str = "fuzz-echo"
        # private: a public field the adapters do not know makes a request no claim
        _echo: Any = PrivateAttr(default=None)

        def __init__(self, echo: Any = None, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._echo = echo

        @property
        def _llm_type(self) -> str:
            return "fuzz-echo-chat"

        @property
        def _identifying_params(self) -> dict[str, Any]:
            return {"model_name": self.model_name}

        def _generate(self, messages: list[Any], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
            text = self._echo.respond(from_lc(messages))
            usage = {"input_tokens": 40, "output_tokens": max(1, len(text) // 4), "total_tokens": 40 + max(1, len(text) // 4)}
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text, usage_metadata=usage))])

    return EchoChat


_ECHO_CHAT: type | None = None


def echo_chat(model: EchoModel) -> Any:
    global _ECHO_CHAT
    if _ECHO_CHAT is None:
        _ECHO_CHAT = _echo_chat_class()
    return _ECHO_CHAT(echo=model)


def _lc_served(message: Any) -> Served:
    meta = (getattr(message, "response_metadata", None) or {}).get("stepcache")
    text = message.content if isinstance(message.content, str) else json.dumps(message.content)
    if not meta:
        return Served(text, "model (no stepcache record)", None, None)
    return Served(text, str(meta.get("outcome")), meta.get("model_calls"), meta.get("verified"))


class LangChainCacheSession(Session):
    def __init__(self) -> None:
        from langchain_core.globals import get_llm_cache, set_llm_cache

        from stepcache_integrations.langchain import StepCacheLLMCache

        self.model = EchoModel()
        self.previous = get_llm_cache()
        self.cache = StepCacheLLMCache(inert_model_types=("fuzz-echo-chat",))  # its fields: model_name only
        set_llm_cache(self.cache)  # the global cache: no change to the chain
        self.chat = echo_chat(self.model)

    def ask(self, request: Request) -> Served:
        return _lc_served(self.chat.invoke(to_lc(request)))

    def close(self) -> None:
        from langchain_core.globals import set_llm_cache

        set_llm_cache(self.previous)


class LangChainCacheTarget(Target):
    name = "lc_cache"

    def open(self) -> Session:
        return LangChainCacheSession()


class LangChainRunnableSession(Session):
    def __init__(self) -> None:
        from stepcache_integrations import StepCache
        from stepcache_integrations.langchain import StepCacheRunnable

        self.model = EchoModel()
        self.runnable = StepCacheRunnable(echo_chat(self.model), StepCache())

    def ask(self, request: Request) -> Served:
        return _lc_served(self.runnable.invoke(to_lc(request)))


class LangChainRunnableTarget(Target):
    name = "lc_runnable"

    def open(self) -> Session:
        return LangChainRunnableSession()


# --------------------------------------------------------------------------- LlamaIndex
_LI_ROLES = {"system": "system", "user": "user", "assistant": "assistant", "tool": "tool"}


def to_li(request: tuple[Msg, ...]) -> list[Any]:
    from llama_index.core.base.llms.types import ChatMessage, ImageBlock, TextBlock

    out = []
    for m in request:
        extra: dict[str, Any] = {}
        if m.name is not None:
            extra["name"] = m.name
        if m.tool_calls:
            extra["tool_calls"] = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.args_dict())}}
                for c in m.tool_calls
            ]
        if m.tool_call_id is not None:
            extra["tool_call_id"] = m.tool_call_id
        if isinstance(m.content, str):
            out.append(ChatMessage(role=_LI_ROLES[m.role], content=m.content, additional_kwargs=extra))
        else:
            blocks = [TextBlock(text=p.value) if p.kind == "text" else ImageBlock(url=p.value) for p in m.content]
            out.append(ChatMessage(role=_LI_ROLES[m.role], blocks=blocks, additional_kwargs=extra))
    return out


def from_li(messages: Sequence[Any]) -> Request:
    out = []
    for m in messages:
        role = m.role.value if hasattr(m.role, "value") else str(m.role)
        blocks = getattr(m, "blocks", None) or []
        kinds = {type(b).__name__ for b in blocks}
        content: Any
        if kinds <= {"TextBlock"}:
            content = m.content or ""
        else:
            parts = []
            for b in blocks:
                if type(b).__name__ == "TextBlock":
                    parts.append(Part("text", b.text))
                elif type(b).__name__ == "ImageBlock":
                    parts.append(Part("image_url", str(b.url)))
                else:
                    parts.append(Part(type(b).__name__, repr(b)))
            content = tuple(parts)
        extra = dict(m.additional_kwargs or {})
        calls = tuple(
            ToolCall(c["function"]["name"], tuple(json.loads(c["function"]["arguments"]).items()), c.get("id", ""))
            for c in extra.get("tool_calls", []) or []
        )
        out.append(Msg(role, content, name=extra.get("name"), tool_calls=calls, tool_call_id=extra.get("tool_call_id")))
    return tuple(out)


def _echo_li_class() -> type:
    from llama_index.core.base.llms.types import (
        ChatMessage,
        ChatResponse,
        CompletionResponse,
        LLMMetadata,
        MessageRole,
    )
    from llama_index.core.llms import CustomLLM
    from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
    from pydantic import PrivateAttr

    class EchoLlamaLLM(CustomLLM):
        """A LlamaIndex chat LLM answering with the echo model."""

        _echo: Any = PrivateAttr()

        def __init__(self, echo: EchoModel, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._echo = echo

        @classmethod
        def class_name(cls) -> str:
            return "FuzzEchoLLM"

        @property
        def metadata(self) -> LLMMetadata:
            return LLMMetadata(model_name="fuzz-echo", is_chat_model=True, num_output=256)

        @llm_chat_callback()
        def chat(self, messages: Sequence[Any], **kwargs: Any) -> ChatResponse:
            text = self._echo.respond(from_li(messages))
            return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text))

        @llm_completion_callback()
        def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
            return CompletionResponse(text=self._echo.respond(prompt))

        @llm_completion_callback()
        def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
            text = self._echo.respond(prompt)

            def gen() -> Any:
                yield CompletionResponse(text=text, delta=text)

            return gen()

    return EchoLlamaLLM


_ECHO_LI: type | None = None


class LlamaIndexSession(Session):
    def __init__(self) -> None:
        global _ECHO_LI
        from stepcache_integrations import StepCache
        from stepcache_integrations.llama_index import StepCacheLLM

        if _ECHO_LI is None:
            _ECHO_LI = _echo_li_class()
        self.model = EchoModel()
        self.llm = StepCacheLLM(llm=_ECHO_LI(self.model), cache=StepCache())

    def ask(self, request: Request) -> Served:
        if isinstance(request, str):
            response = self.llm.complete(request)
            text = response.text
        else:
            response = self.llm.chat(to_li(request))
            text = response.message.content or ""
        meta = (response.additional_kwargs or {}).get("stepcache")
        if not meta:
            return Served(text, "model (no stepcache record)", None, None)
        return Served(text, str(meta.get("outcome")), meta.get("model_calls"), meta.get("verified"))


class LlamaIndexTarget(Target):
    name = "llama_index"

    def open(self) -> Session:
        return LlamaIndexSession()


TARGETS: dict[str, Callable[[], Target]] = {
    "engine": EngineTarget,
    "lc_cache": LangChainCacheTarget,
    "lc_runnable": LangChainRunnableTarget,
    "llama_index": LlamaIndexTarget,
}
