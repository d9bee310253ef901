"""The key of a LangChain request beyond its text: everything the model sees that the engine prompt does not hold.

:func:`request_rest` reads it message by message (names, tool calls, ``tool_call_id``,
``additional_kwargs``, every non-text content part); :func:`request_digest` digests it and
:func:`keyed` scopes an ``llm_key`` to that digest, so two requests that differ in anything but
their text never share entries. :func:`kwargs_digest` does the same for call options.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import BaseMessage, message_to_dict
from pydantic import BaseModel

__all__ = [
    "json_default", "keyed", "kwargs_digest", "message_rest", "normalized", "request_digest", "request_rest",
]


def json_default(value: Any) -> Any:
    """JSON for what ``json.dumps`` cannot encode: a pydantic model's dump, else its ``str``."""
    if isinstance(value, BaseModel):  # e.g. ChatOpenAI's additional_kwargs["parsed"]
        return value.model_dump(mode="json")
    return str(value)


# Message fields that are not request content: the text (the engine prompt holds it), the
# role (so does the prompt, and it is kept below for every message that has a rest), and
# what a model returned about itself (ids, provider metadata, token usage) - never sent.
_NOT_REQUEST = frozenset({"content", "type", "id", "response_metadata", "usage_metadata"})
# The id LangChain gives a content block when it normalizes it (a fresh uuid every time).
_GENERATED_ID = re.compile(r"lc_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

try:  # what a chat model does to the messages before it sees them (and LangChain before its cache)
    from langchain_core.language_models._utils import _normalize_messages as _lc_normalize
except ImportError:  # pragma: no cover - another langchain-core: the messages as given
    _lc_normalize = None


def _empty(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, (dict, list, tuple)) and not value)


def _text_part(part: Any) -> bool:
    """A part whose text is in the engine prompt (``content_text`` reads it)."""
    if isinstance(part, str):
        return True
    return isinstance(part, Mapping) and part.get("type") == "text" and isinstance(part.get("text"), str)


def _block_rest(part: Any) -> Any:
    """A content part without its prompt text (a text part) or whole (anything else)."""
    if isinstance(part, str):
        return {"type": "text"}
    if not isinstance(part, Mapping):
        return part  # a part of no known shape: keyed as it is
    rest = dict(part)
    if _text_part(part):
        del rest["text"]
    if isinstance(rest.get("id"), str) and _GENERATED_ID.fullmatch(rest["id"]):
        del rest["id"]
    return rest


def _content_rest(content: Any) -> Any:
    """What a message's content holds beyond its text: None for a string or one plain text part.

    Every other part is kept in place (so the position of an image among text parts counts),
    text parts as their non-text fields and, beside other parts, their exact text (where one
    ends and the next begins, and whitespace next to an image, are inside the request).
    """
    if isinstance(content, str):
        return None
    if not isinstance(content, list):
        return content
    rests = [_block_rest(part) for part in content]
    texts = [part for part in content if _text_part(part)]
    if len(texts) == len(content) <= 1 and all(r == {"type": "text"} for r in rests):
        return None
    if len(texts) > 1 or len(texts) != len(content):
        # Beside other parts a text part's edges are inside the request: each is keyed exactly as written.
        for part, rest in zip(content, rests):
            if _text_part(part):
                rest["text"] = part if isinstance(part, str) else part["text"]
    return rests


def message_rest(message: BaseMessage) -> dict[str, Any] | None:
    """Everything in ``message`` the model sees beyond its prompt text, or None if there is nothing.

    Names, tool calls (name, args, id), ``tool_call_id``, tool status and artifact,
    ``additional_kwargs``, every non-text content part - any field LangChain adds later too:
    a message field is part of the rest unless it is known not to be request content.
    """
    data = message_to_dict(message)["data"]
    rest = {k: v for k, v in data.items() if k not in _NOT_REQUEST and not _empty(v)}
    content = _content_rest(message.content)
    if content is not None:
        rest["content"] = content
    return {"type": message.type, **rest} if rest else None


def normalized(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """``messages`` as LangChain normalizes them for the model (as given if it cannot)."""
    if _lc_normalize is None:
        return list(messages)
    try:
        return list(_lc_normalize(messages))
    except Exception:  # noqa: BLE001 - a message LangChain cannot normalize: keyed as given
        return list(messages)


def request_rest(messages: Sequence[BaseMessage]) -> list[dict[str, Any] | None] | None:
    """The rest of a chat request, message by message (None: plain text, the prompt is all of it).

    Taken from the messages as the model sees them (LangChain's normalization), so the
    global cache (which gets normalized messages) and the wrapper (which gets them as
    the caller wrote them) key a request alike.
    """
    rests = [message_rest(m) for m in normalized(messages)]
    return rests if any(r is not None for r in rests) else None


def _canonical(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=json_default)
    except (TypeError, ValueError):  # e.g. keys of mixed types: still a distinct, if less stable, text
        return repr(value)


def request_digest(messages: Sequence[BaseMessage]) -> str | None:
    """A digest of :func:`request_rest` (None for a plain-text request)."""
    rest = request_rest(messages)
    if rest is None:
        return None
    return hashlib.sha256(_canonical(rest).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def keyed(llm_key: str, digest: str | None) -> str:
    """``llm_key`` scoped to a request's digest (unchanged without one)."""
    return llm_key if digest is None else f"{llm_key}|request={digest}"


def kwargs_digest(kwargs: Mapping[str, Any]) -> str | None:
    """A digest of call options (tools, tool choice, response format, stop...), None if there are none."""
    if not kwargs:
        return None
    return hashlib.sha256(_canonical(dict(kwargs)).encode("utf-8", "surrogatepass")).hexdigest()[:16]
