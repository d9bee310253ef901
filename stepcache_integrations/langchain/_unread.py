"""What a LangChain request holds beyond its text: what the engine does not read (such a request is
not claimed), and the key of the rest.

The engine checks answers against its prompt text (``messages_to_text``). A request is answered
through the cache only when that text is the whole request the model sees, and its options are
ones the engine models; otherwise it bypasses the cache (no claim: the model answers, nothing is
stored or served, the task's checks and fallback never run):

* :func:`unread_messages`: every message is a system, user or assistant message whose content is
  a string or one plain text part (``{"type": "text", "text": ...}``, optionally with an ``id``),
  with no name, tool calls or ``additional_kwargs``; any other part (an image, a file, audio, a
  ``text-plain`` or ``non_standard`` block, a type-less dict, a text part with other fields,
  several parts), a tool or function message, or any other message field is a reason;
* :func:`options_reasons`: generation options from ``llm_string`` (the serialized model and the
  call options, as both LangChain paths see them) that change what a right answer is - stop
  sequences, ``n > 1``, log probabilities, a response format the engine does not model
  (``adapters.options.option_reasons``; length limits are read by the length rule instead).

The model's own fields are read in ``_tiers`` (through the provider profiles), and the tier every
reason puts a request in is decided by ``_tiers``.

The key of a request beyond its text: everything the model sees that the engine prompt does not hold.

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

from ..adapters.options import option_reasons, unmodelled_option
from ._schema import SEPARATOR, params_of, response_format_schema

__all__ = [
    "JSON_ONLY", "json_default", "keyed", "kwargs_digest", "message_rest", "normalized", "options_reasons",
    "request_digest", "request_rest", "split_llm_string", "unmodelled_call_options", "unread_messages",
]

JSON_ONLY = "a JSON response format or bound tools, for a request the json task does not answer (not modelled)"
"""The reason of a request whose response format asks for JSON without a schema the engine reads
(``json_object``, a ``json_schema`` without its schema) or bound tools with no forced tool (the model
may answer with a tool call): modelled only when the json task answers it
(then its checks read the JSON); the callers decide once the plan names the task."""

_READ_TYPES = frozenset({"human", "system", "ai"})
# Message fields that are not request content: the text and role (the prompt holds them), and what a
# model returned about itself (ids, provider metadata, token usage) - never sent.
_NOT_REQUEST = frozenset({"content", "type", "id", "response_metadata", "usage_metadata", "example"})
_TEXT_FIELDS = frozenset({"type", "text", "id"})
# Call options the adapters read themselves (CallSpec), and tracing-only ones.
_MODELLED = (
    "tools", "tool_choice", "response_format", "parallel_tool_calls", "strict",
    "ls_structured_output_format", "structured_output_format",
)
# The serialized model's own frame (``lc``, ``type``, ``id``, ``name``); its ``kwargs`` are options.
_SERIALIZED = ("lc", "type", "id", "name")
_OPTION_NAME = re.compile(r"""['"](stop|stop_sequences|max_tokens|max_completion_tokens|n|logprobs|response_format)['"]""")


def _empty(value: Any) -> bool:
    if value is None or value is False or value == "":
        return True
    if isinstance(value, Mapping):
        return all(_empty(v) for v in value.values())
    return isinstance(value, (list, tuple)) and not value


def _content_reason(content: Any) -> str | None:
    if isinstance(content, str):
        return None
    if not isinstance(content, list):
        return f"content of type {type(content).__name__}"
    if len(content) != 1:
        return f"{len(content)} content parts"
    part = content[0]
    if isinstance(part, str):
        return None
    if not isinstance(part, Mapping):
        return f"a content part of type {type(part).__name__}"
    if part.get("type") != "text" or not isinstance(part.get("text"), str):
        return f"a content part of type {part.get('type')!r}"
    extra = sorted(str(k) for k in part if k not in _TEXT_FIELDS)
    return f"a text part with {', '.join(extra)}" if extra else None


def _message_reason(message: Any) -> str | None:
    if not isinstance(message, BaseMessage):
        return f"a {type(message).__name__}"
    if message.type not in _READ_TYPES:
        return f"a {message.type} message"
    data = message_to_dict(message)["data"]
    extra = sorted(k for k, v in data.items() if k not in _NOT_REQUEST and not _empty(v))
    if extra:
        return f"a {message.type} message with {', '.join(extra)}"
    return _content_reason(message.content)


def unread_messages(messages: Sequence[Any]) -> str | None:
    """Why the engine's prompt text is not the whole of ``messages`` (None: it is).

    Read as given and as LangChain normalizes them for the model (the wrapper gets the former,
    the global cache the latter)."""
    for batch in (messages, normalized(messages)):
        for index, message in enumerate(batch):
            reason = _message_reason(message)
            if reason is not None:
                return f"message {index}: {reason} (not read by the engine)"
        reason = _ambiguous_rendering(batch)
        if reason is not None:
            return reason
    return None


# The labels ``messages_to_text`` writes before each turn (a lone user message is its text alone).
_TURN_LABEL = re.compile(r"(?:^|\n\n)(?:User|Assistant|System):")


def _turn_text(message: Any) -> str:
    content = getattr(message, "content", "")
    if isinstance(content, str):
        return content
    return "".join(str(part.get("text", "")) for part in content if isinstance(part, Mapping))


def _ambiguous_rendering(messages: Sequence[Any]) -> str | None:
    """Why the engine's prompt text could also be another request's (None: it could not).

    Turns are written "Label: text" joined by a blank line, a lone user message as its text: a
    lone user message that starts with a label ("System: ..." is also a lone system message's
    text), or a turn whose text holds a blank line and a label (two turns, or one), reads two
    ways (blind red team round 7, R7_1)."""
    lone_user = len(messages) == 1 and getattr(messages[0], "type", None) == "human"
    for index, message in enumerate(messages):
        for found in _TURN_LABEL.finditer(_turn_text(message)):
            if lone_user or found.group().startswith("\n"):
                return f"message {index}: its text holds a turn label ({found.group().strip()!r}): read two ways"
    return None


def split_llm_string(llm_string: str) -> tuple[Any, int]:
    """The serialized model heading ``llm_string`` and where it ends, or (None, -1)."""
    at = llm_string.find(SEPARATOR)
    while at != -1:
        try:
            return json.loads(llm_string[:at]), at
        except ValueError:
            at = llm_string.find(SEPARATOR, at + 1)
    return None, -1


def _serialized_model(llm_string: str) -> Any:
    return split_llm_string(llm_string)[0]


def _response_format_reason(fmt: Any, json_task: bool) -> str | None:
    if _empty(fmt):
        return None
    if isinstance(fmt, Mapping) and fmt.get("type") == "text" and len(fmt) == 1:
        return None
    if response_format_schema(fmt) is not None:
        return None
    if isinstance(fmt, Mapping) and fmt.get("type") in ("json_object", "json_schema"):
        return None if json_task else JSON_ONLY
    return "response_format is set (not modelled)"


def options_reasons(llm_string: str, *, json_task: bool) -> list[str]:
    """Every reason the options in ``llm_string`` change what a right answer is beyond what the engine
    models (empty: none do). ``json_task``: the answer is verified as JSON (a ``json_object``
    response format is then modelled; else :data:`JSON_ONLY`: modelled if the plan's task is json)."""
    params = params_of(llm_string)
    model = _serialized_model(llm_string)
    if params is None and model is None:
        found = _OPTION_NAME.search(llm_string)
        return [f"options could not be read ({found.group(1)})"] if found else []
    reasons: list[str] = []
    if params is not None:
        # a serialized model's params are its invocation options (the allowlist reads them all); a
        # model LangChain cannot serialize puts its own fields there too (its identity, in the key):
        # those are read for the options never modelled only, the call options by the wrapper too
        reasons.extend(option_reasons(params, _MODELLED, strict=model is not None))
        fmt = _response_format_reason(params.get("response_format"), json_task)
        reasons.extend([fmt] if fmt is not None else [])
    if model is not None:
        reasons.extend(option_reasons(model, _SERIALIZED))
    return reasons


def unmodelled_call_options(options: Mapping[str, Any]) -> str | None:
    """Why bound or call options (the wrapper sees them apart from the model's fields) hold an option
    outside the allowlist (``adapters.options.unmodelled_option``), None if none; the options the
    adapters read themselves (tools, tool choice, response format) are left to them."""
    return unmodelled_option(options, _MODELLED)


# ----------------------------------------------------------------------------- the key of the rest
def json_default(value: Any) -> Any:
    """JSON for what ``json.dumps`` cannot encode: a pydantic model's dump, else its ``str``."""
    if isinstance(value, BaseModel):  # e.g. ChatOpenAI's additional_kwargs["parsed"]
        return value.model_dump(mode="json")
    return str(value)


# Message fields that are not request content: the text (the engine prompt holds it), the
# role (so does the prompt, and it is kept below for every message that has a rest), and
# what a model returned about itself (ids, provider metadata, token usage) - never sent.
_NOT_KEYED = frozenset({"content", "type", "id", "response_metadata", "usage_metadata"})
# The id LangChain gives a content block when it normalizes it (a fresh uuid every time).
_GENERATED_ID = re.compile(r"lc_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

try:  # what a chat model does to the messages before it sees them (and LangChain before its cache)
    from langchain_core.language_models._utils import _normalize_messages as _lc_normalize
except ImportError:  # pragma: no cover - another langchain-core: the messages as given
    _lc_normalize = None


def _unset(value: Any) -> bool:
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
    rest = {k: v for k, v in data.items() if k not in _NOT_KEYED and not _unset(v)}
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
