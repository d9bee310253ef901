"""LlamaIndex requests <-> the engine: cache prompts, ``llm_key``s, bypass, inner-model calls.

* a chat request's cache prompt is one ``role: content`` block per message, and an engine
  request (patch / repair prompt) maps back onto the messages by extending the last one; since a
  text reads several ways (a user message ``system: Be brief.``), the roles and where each turn
  ends are keyed apart from it (:func:`request_turns`);
* the ``llm_key`` identifies the inner model (class, model name, a digest of every field:
  ``_llm_key``); a follow-up in a conversation is scoped to the conversation's digest, and
  a request with more than its text (message ``additional_kwargs`` such as a name, several
  text blocks) to the digest of that rest (:func:`request_digest`);
* requests the step tier cannot represent faithfully (tools, structured output, generation options
  it does not model such as stop sequences, non-text content, tool messages) are the exact tier's
  (``_tiers``, ``_exact``);
* :class:`InnerCaller` is what the engine calls for model requests.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole, TextBlock
from llama_index.core.llms.llm import LLM

from ..adapters.flow import reported_output_tokens, METADATA_KEY, SAMPLING
from ..core.llm import coerce_response
from ..core.types import LLMResponse
from ._llm_key import KEY_ATTRS, default_llm_key, inner_options, inner_reason  # noqa: F401 - re-exported

__all__ = [
    "BYPASS_KWARGS",
    "InnerCaller",
    "chat_caller",
    "clean_messages",
    "completion_caller",
    "default_llm_key",
    "history_scope",
    "messages_for",
    "messages_to_cache_prompt",
    "request_digest",
    "request_rest",
    "request_turns",
    "role_name",
]


# Call-time options that change the *kind* of answer: such requests are not cached.
BYPASS_KWARGS = ("tools", "tool_choice", "functions", "function_call", "response_format", "logprobs")


def role_name(message: ChatMessage) -> str:
    role = message.role
    return role.value if isinstance(role, MessageRole) else str(role)


def messages_to_cache_prompt(messages: Sequence[ChatMessage]) -> str:
    """The cache prompt of a chat request: one ``role: content`` block per message.

    The last message's content ends the prompt, so a patch/repair prompt (the cache
    prompt plus an instruction) maps back onto the messages by extending the last one. A lone
    user message is its own text, exactly as written, so ``chat([user])`` and ``complete(text)``
    meet the same entry.
    """
    if len(messages) == 1 and messages[0].role == MessageRole.USER:
        return messages[0].content or ""
    return "\n\n".join(f"{role_name(m)}: {m.content or ''}" for m in messages)


def clean_messages(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """Drop our own metadata from messages (e.g. chat-engine history) before they go anywhere."""
    out = []
    for message in messages:
        if METADATA_KEY in message.additional_kwargs:
            kwargs = {k: v for k, v in message.additional_kwargs.items() if k != METADATA_KEY}
            message = message.model_copy(update={"additional_kwargs": kwargs})
        out.append(message)
    return out


def _message_rest(message: ChatMessage) -> dict[str, Any] | None:
    """What ``message`` holds beyond its ``role: content`` line, or None.

    Its ``additional_kwargs`` (a name, tool-call ids... anything but our own record), and
    its blocks unless it has at most one plain text block: every block in place, a text
    block as its fields but the text plus, with several, its length (the cache prompt
    joins them, so where one ends is otherwise lost). Non-text blocks bypass the cache
    (the exact tier's: ``_tiers``); they are keyed whole here all the same.
    """
    rest: dict[str, Any] = {}
    kwargs = {k: v for k, v in message.additional_kwargs.items() if k != METADATA_KEY}
    if kwargs:
        rest["additional_kwargs"] = kwargs
    blocks = _blocks_rest(message)
    if blocks is not None:
        rest["blocks"] = blocks
    return {"role": role_name(message), **rest} if rest else None


def _blocks_rest(message: ChatMessage) -> list[dict[str, Any]] | None:
    """The message's blocks as :func:`_message_rest` keys them, or None for one plain text block."""
    texts = [b for b in message.blocks if isinstance(b, TextBlock)]
    blocks = [b.model_dump(exclude={"text"}) if isinstance(b, TextBlock) else b.model_dump() for b in message.blocks]
    if len(texts) == len(message.blocks) and len(texts) <= 1 and all(b == {"block_type": "text"} for b in blocks):
        return None
    if len(texts) > 1:
        for block, dumped in zip(message.blocks, blocks):
            if isinstance(block, TextBlock):
                dumped["chars"] = len(block.text)
    return blocks


def request_rest(messages: Sequence[ChatMessage] | None) -> list[dict[str, Any] | None] | None:
    """The rest of a chat request beyond its cache prompt, message by message (None: nothing)."""
    rests = [_message_rest(m) for m in messages or ()]
    return rests if any(r is not None for r in rests) else None


def request_turns(messages: Sequence[ChatMessage] | None) -> list[list[Any]] | None:
    """The request's turns apart from their text: each message's role and, but for the last, the
    length of its content (None: a lone user message, whose text is the whole cache prompt).

    The cache prompt joins ``role: content`` blocks, so a text alone reads several ways (a user
    message ``system: Be brief.`` is also a lone system message's prompt, a content may hold a blank
    line and a label). With the roles and where each content ends, a prompt reads one way; the last
    content runs to the prompt's end, so requests that differ only in their last turn still meet
    (the question changes, the system prompt stays).
    """
    if not messages or (len(messages) == 1 and messages[0].role == MessageRole.USER):
        return None
    *earlier, last = messages
    return [*([role_name(m), len(m.content or "")] for m in earlier), [role_name(last)]]


def request_digest(messages: Sequence[ChatMessage] | None, turns_keyed: bool = True) -> str | None:
    """A digest of the request's turns (:func:`request_turns`; not when ``turns_keyed`` is False: a system turn
    and a question read as a problem, ``adapters.turns.question_after_system``) and of what it holds beyond its
    text (:func:`request_rest`), folded into the request's ``llm_key`` (None: a lone plain user message)."""
    turns, rest = request_turns(messages) if turns_keyed else None, request_rest(messages)
    if turns is None and rest is None:
        return None
    if turns is not None:
        rest = {"turns": turns, "rest": rest}  # type: ignore[assignment]
    try:
        blob = json.dumps(rest, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    except (TypeError, ValueError):  # e.g. keys of mixed types: still a distinct, if less stable, text
        blob = repr(rest)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def messages_for(messages: list[ChatMessage], cache_prompt: str, request: str) -> list[ChatMessage]:
    """Chat messages for an engine request (the cache prompt itself, or a patch/repair prompt)."""
    if request == cache_prompt:
        return messages
    if request.startswith(cache_prompt) and messages:
        suffix = request[len(cache_prompt) :]
        last = messages[-1]
        if last.role == MessageRole.USER:
            extended = ChatMessage(
                role=MessageRole.USER,
                content=(last.content or "") + suffix,
                additional_kwargs=dict(last.additional_kwargs),
            )
            return [*messages[:-1], extended]
        return [*messages, ChatMessage(role=MessageRole.USER, content=suffix.strip())]
    system = [m for m in messages if m.role == MessageRole.SYSTEM]
    return [*system, ChatMessage(role=MessageRole.USER, content=request)]


def history_scope(messages: Sequence[ChatMessage] | None) -> str | None:
    """A digest of a conversation that already has assistant turns (a follow-up); else None."""
    if not messages or not any(m.role == MessageRole.ASSISTANT for m in messages):
        return None
    # Exactly as written: an NFD "Belém" or a "\r" line ending in an earlier turn is another turn.
    turns = [f"{role_name(m)}: {m.content or ''}" for m in messages if m.role != MessageRole.SYSTEM]
    return hashlib.sha256("\n\x1e".join(turns).encode("utf-8", "surrogatepass")).hexdigest()[:16]


class InnerCaller:
    """The adapter's model for one request (``adapters.flow.AdapterModel``): maps an engine request
    prompt to an inner-LLM call and reads its response for the engine.

    Also exposes ``complete``/``acomplete`` (a LlamaIndex LLM's shape) for callers of earlier versions.
    """

    def __init__(
        self,
        call: Callable[[str], Any],
        acall: Callable[[str], Any],
    ) -> None:
        self._call = call
        self._acall = acall
        self.calls = 0
        self.last: Any = None
        self.limit: int | None = None  # the request's length limit: an answer cut off at it fails
        self.sampling = ""  # the digest of the request's sampling options (adapters.flow.SAMPLING), kept with its entries

    def call(self, prompt: str) -> Any:
        self.calls += 1
        self.last = self._call(prompt)
        return self.last

    async def acall(self, prompt: str) -> Any:
        self.calls += 1
        self.last = await self._acall(prompt)
        return self.last

    def response(self, raw: Any, prompt: str) -> LLMResponse:
        """A LlamaIndex ``CompletionResponse`` / ``ChatResponse`` as the engine reads it (text, usage:
        the ``llama_index`` kind of :mod:`.engine_model`)."""
        return coerce_response(raw, prompt)

    def rejects(self, raw: Any) -> list[str]:
        return []  # requests whose answers have a shape beyond their text (tools...) are the exact tier's

    def entry_metadata(self, plan: Any, raw: Any) -> dict[str, Any] | None:
        """The completion tokens the model reported for its answer (the length rule reads them when
        the stored answer is served again verbatim under a limit) and the digest of the request's
        sampling options when it has any (an entry of other sampling options serves only an answer proven
        for the new prompt: ``adapters.flow.sampling_reason``), or None."""
        tokens = reported_output_tokens(raw)
        meta = {"length": {"output_tokens": tokens}} if tokens is not None else {}
        if self.sampling:
            meta[SAMPLING] = self.sampling
        return meta or None

    def respond(self, prompt: str) -> LLMResponse:
        return self.response(self.call(prompt), prompt)

    async def arespond(self, prompt: str) -> LLMResponse:
        return self.response(await self.acall(prompt), prompt)

    complete = call
    acomplete = acall


def completion_caller(llm: LLM, formatted: bool, kwargs: dict[str, Any], *, limit: int | None = None,
                      sampling: str = "") -> InnerCaller:
    """The engine's model for a completion request: the inner model's ``complete`` (``limit``: the
    request's length limit)."""

    def call(prompt: str) -> Any:
        return llm.complete(prompt, formatted=formatted, **kwargs)

    async def acall(prompt: str) -> Any:
        return await llm.acomplete(prompt, formatted=formatted, **kwargs)

    caller = InnerCaller(call, acall)
    caller.limit, caller.sampling = limit, sampling
    return caller


def chat_caller(llm: LLM, messages: list[ChatMessage], prompt: str, kwargs: dict[str, Any], *,
                limit: int | None = None, sampling: str = "") -> InnerCaller:
    """The engine's model for a chat request: the inner model's ``chat`` on :func:`messages_for`
    (``limit``: the request's length limit)."""

    def call(request: str) -> Any:
        return llm.chat(messages_for(messages, prompt, request), **kwargs)

    async def acall(request: str) -> Any:
        return await llm.achat(messages_for(messages, prompt, request), **kwargs)

    caller = InnerCaller(call, acall)
    caller.limit, caller.sampling = limit, sampling
    return caller
