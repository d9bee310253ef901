"""Conversions between LangChain objects and what the StepCache engine works with.

The engine caches *text*: the prompt text it embeds and verifies against, and the answer
text it segments into steps. These helpers derive both from LangChain messages and
generations, keep the full LangChain objects in the entry's metadata, and rebuild
messages for answers whose text the cache changed (re-instantiation, patch, repair).
"""

from __future__ import annotations

import hashlib
import json
import uuid
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    message_to_dict,
    messages_from_dict,
)
from langchain_core.messages.tool import tool_call
from langchain_core.outputs import ChatGeneration, Generation

from ..adapters.flow import Io, TwinFlow
from ..adapters.record import METADATA_KEY, summarize
from ..core.engine import CachePlan
from ..core.segment import extract_json_object
from ..core.types import StepCacheResult
from ._unread import (  # noqa: F401 - re-exported
    json_default,
    keyed,
    kwargs_digest,
    request_digest,
    request_rest,
    unread_messages,
)
from .engine_model import content_text, message_text

Kind = Literal["chat", "llm"]
META_KEY = "langchain"
_DERIVED_HOPS = 4
_ROLES = {"human": "User", "ai": "Assistant", "system": "System", "tool": "Tool", "function": "Function"}


# ----------------------------------------------------------------------------- keys and prompts
def llm_key_for(llm_string: str) -> str:
    """A bounded, stable ``llm_key`` for LangChain's ``llm_string`` (model + parameters)."""
    return "lc-" + hashlib.sha256(llm_string.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def messages_to_text(messages: Sequence[BaseMessage]) -> str:
    """The text the engine embeds and verifies for a chat prompt (never the JSON envelope)."""
    if len(messages) == 1 and isinstance(messages[0], HumanMessage):
        return message_text(messages[0])
    return "\n\n".join(f"{_ROLES.get(m.type, m.type.title())}: {message_text(m)}" for m in messages)


@dataclass
class Request:
    """One model request as the adapters see it.

    Its cache key has two parts: ``text``, the prompt the engine embeds and verifies, and
    :attr:`digest`, a digest of everything else in the request (see :func:`request_rest`),
    which :meth:`llm_key` folds into the entry partition: two requests that differ in
    anything but their text never share entries.
    """

    kind: Kind
    text: str  # engine prompt
    messages: list[BaseMessage] = field(default_factory=list)  # chat only

    @cached_property
    def unread(self) -> str | None:
        """Why :attr:`text` is not the whole request (a part or field of a message the engine does
        not read: the request bypasses the cache), or None."""
        return unread_messages(self.messages) if self.kind == "chat" else None

    @cached_property
    def digest(self) -> str | None:
        """The digest of the request beyond its text (None: the text is the whole request)."""
        return request_digest(self.messages) if self.kind == "chat" else None

    def llm_key(self, base: str) -> str:
        """The partition of this request's entries: ``base`` (the model), scoped to :attr:`digest`."""
        return keyed(base, self.digest)

    def model_input(self, prompt: str) -> Any:
        """What to send to the model for an engine request ``prompt`` (generation, patch, repair).

        Engine requests start with the engine prompt and append instructions; for chat
        models the instructions are added to the last user message so the conversation
        (system prompt, history) is kept.
        """
        if self.kind == "llm":
            return prompt
        if prompt == self.text:
            return list(self.messages)
        system = [m for m in self.messages if isinstance(m, SystemMessage)]
        if not prompt.startswith(self.text) or not self.messages:
            return [*system, HumanMessage(content=prompt)]
        extra = prompt[len(self.text) :].strip()
        last = self.messages[-1]
        if isinstance(last, HumanMessage) and isinstance(last.content, str):
            return [*self.messages[:-1], HumanMessage(content=f"{last.content}\n\n{extra}")]
        return [*self.messages, HumanMessage(content=extra)]


def parse_cache_prompt(prompt: str) -> Request:
    """Recover the request behind a ``BaseCache`` prompt (``dumps(messages)`` or a plain string)."""
    stripped = prompt.lstrip()
    if stripped.startswith("[") and '"lc"' in stripped[:200]:
        try:
            from langchain_core._api import LangChainBetaWarning
            from langchain_core.load import loads

            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", category=LangChainBetaWarning)
                value = loads(prompt, allowed_objects="messages")
        except Exception:  # noqa: BLE001 - not a serialized message list: a plain prompt
            value = None
        if isinstance(value, list) and value and all(isinstance(m, BaseMessage) for m in value):
            return Request("chat", messages_to_text(value), list(value))
    return Request("llm", prompt)


# ----------------------------------------------------------------------------- outputs
def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False, default=json_default))


def generation_to_dict(gen: Generation) -> dict[str, Any]:
    """A JSON-safe record of a generation (chat generations keep their full message)."""
    if isinstance(gen, ChatGeneration):
        return _jsonable(
            {"type": "chat", "message": message_to_dict(gen.message), "generation_info": gen.generation_info}
        )
    return _jsonable({"type": "text", "text": gen.text, "generation_info": gen.generation_info})


def generation_from_dict(data: dict[str, Any]) -> Generation:
    """Inverse of :func:`generation_to_dict`."""
    if data.get("type") == "chat":
        message = messages_from_dict([data["message"]])[0]
        return ChatGeneration(message=message, generation_info=data.get("generation_info"))
    return Generation(text=data.get("text", ""), generation_info=data.get("generation_info"))


def generation_text(gen: Generation) -> str:
    """Answer text of a generation."""
    if isinstance(gen, ChatGeneration):
        return message_text(gen.message)
    return gen.text


def entry_metadata(
    kind: Kind, generations: Sequence[Generation] | None, template: BaseMessage | None = None
) -> dict[str, Any]:
    """What the adapters keep in ``CacheEntry.metadata`` to restore LangChain objects.

    ``generations``: the model's own output (a miss). ``template``: for an answer the
    cache assembled (a patch), the message whose shape the answer keeps (tool calls,
    provider-parsed structured output), so a later reuse rebuilds the same kind of message.
    """
    meta: dict[str, Any] = {"kind": kind}
    if generations:
        meta["text"] = generation_text(generations[0])
        meta["generations"] = [generation_to_dict(g) for g in generations]
    elif template is not None:
        meta["template"] = _jsonable(message_to_dict(template))
    return {META_KEY: meta}


def message_from_text(text: str, template: BaseMessage | None) -> AIMessage | None:
    """An AI message for answer ``text``, shaped like ``template`` (tool calls rebuilt from JSON).

    Returns None when the template's shape cannot be derived from the text (e.g. tool
    calls mixed with prose).
    """
    calls = (getattr(template, "tool_calls", None) or []) if template is not None else []
    if template is not None and template.additional_kwargs.get("parsed") is not None:
        # structured output parsed by the provider (ChatOpenAI json_schema): keep it in step
        found = extract_json_object(text)
        if found is None or calls:
            return None
        return AIMessage(content=text, additional_kwargs={"parsed": found[0]})
    if not calls:
        return AIMessage(content=text)
    if (content_text(template.content) or "").strip():  # type: ignore[union-attr]
        return None
    new_calls = _tool_calls_from_text(text, calls)
    return None if new_calls is None else AIMessage(content="", tool_calls=new_calls)


def _tool_calls_from_text(text: str, calls: list[Any]) -> list[Any] | None:
    """The tool calls answer ``text`` holds, shaped like the template's ``calls``: one call's
    arguments as a JSON object, several as a JSON list of ``{"name", "args"}`` (None: neither)."""
    if len(calls) == 1:
        found = extract_json_object(text)
        if found is None:
            return None
        return [tool_call(name=calls[0]["name"], args=found[0], id=f"call_{uuid.uuid4().hex[:24]}")]
    try:
        parsed = json.loads(text)
    except ValueError:
        return None
    if not isinstance(parsed, list) or not all(
        isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("args"), dict)
        for c in parsed
    ):
        return None
    return [tool_call(name=c["name"], args=c["args"], id=f"call_{uuid.uuid4().hex[:24]}") for c in parsed]


def template_flow(plan: CachePlan, store: Any = None) -> TwinFlow[BaseMessage | None]:
    """The message shape of the plan's matched entry, as a twin flow (``run`` / ``arun`` it, or
    ``yield from`` it inside another flow).

    Its first stored chat message, or the template kept for an assembled (patched)
    answer; for an entry the engine derived by re-instantiation (``derived_from``), the
    shape of the entry it came from, read from ``store`` (a few hops at most).
    """
    entry = plan.entry
    for _ in range(_DERIVED_HOPS):
        if entry is None:
            return None
        template = _entry_template(entry)
        source = entry.metadata.get("derived_from")
        if template is not None or store is None or not isinstance(source, str):
            return template
        try:
            entry = yield Io.of(store.get, store.aget, source)
        except Exception:  # noqa: BLE001 - a store error only costs the message shape
            return None
    return None


def _entry_template(entry: Any) -> BaseMessage | None:
    meta = entry.metadata.get(META_KEY) or {}
    data = meta.get("generations")
    if data:
        try:
            first = generation_from_dict(data[0])
        except Exception:  # noqa: BLE001 - a malformed record is just not restorable
            first = None
        if isinstance(first, ChatGeneration):
            return first.message
    data = meta.get("template")
    if not data:
        return None
    try:
        return messages_from_dict([data])[0]
    except Exception:  # noqa: BLE001 - a malformed record: no template
        return None


def _stored_generations(plan: CachePlan) -> list[Generation] | None:
    if plan.entry is None:
        return None
    meta = plan.entry.metadata.get(META_KEY) or {}
    data = meta.get("generations")
    if not data:
        return None
    try:
        return [generation_from_dict(d) for d in data]
    except Exception:  # noqa: BLE001 - a malformed record is just not restorable
        return None


def covers(plan: CachePlan, raw_text: str, answer_text: str) -> bool:
    """Whether ``raw_text`` (a model's full output) segments exactly to ``answer_text``."""
    steps = plan.handler.segment(raw_text, plan.constraints)
    return "".join(step.text for step in steps) == answer_text


def restorable_generations(plan: CachePlan) -> list[Generation] | None:
    """The stored LangChain generations, when the cache serves the stored answer unchanged.

    Restored verbatim when the plan reuses the entry's steps unchanged, the stored
    generation is exactly what the entry's steps came from, and either the prompt is exactly the
    cached prompt (an exact hit) or the stored text is nothing but the verified steps (no
    unverified prose around them).
    """
    entry = plan.entry
    if plan.outcome != "reuse" or entry is None or plan.cached_text != entry.text:
        return None
    meta = entry.metadata.get(META_KEY) or {}
    stored_text = meta.get("text")
    if not isinstance(stored_text, str):
        return None
    steps = plan.handler.segment(stored_text, entry.constraints)
    if "".join(step.text for step in steps) != entry.text:
        return None
    if entry.prompt != plan.prompt and stored_text != entry.text:
        return None  # only the same prompt, exactly as written, is an exact hit
    return _stored_generations(plan)


def summary(result: StepCacheResult, **extra: Any) -> dict[str, Any]:
    """The ``response_metadata["stepcache"]`` record of one answer (docs/guarantees.md: "Response metadata")."""
    return summarize(result, **extra)


def usage(result: StepCacheResult) -> dict[str, int]:
    """LangChain ``usage_metadata`` for the tokens this answer actually cost."""
    return {
        "input_tokens": result.prompt_tokens,
        "output_tokens": result.completion_tokens,
        "total_tokens": result.prompt_tokens + result.completion_tokens,
    }


def annotate(message: BaseMessage, result: StepCacheResult, **extra: Any) -> BaseMessage:
    """A copy of ``message`` carrying the step metadata and the tokens actually spent."""
    update: dict[str, Any] = {
        "response_metadata": {**(message.response_metadata or {}), METADATA_KEY: summary(result, **extra)}
    }
    if isinstance(message, AIMessage):
        update["usage_metadata"] = usage(result)
    return message.model_copy(update=update)
