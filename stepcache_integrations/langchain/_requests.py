"""A LangChain request as both LangChain entry points read it: its call options, what it holds beyond
its text, its conversions to and from the engine's text, its tier, and the global cache's counters.

One module: the global cache's lookup reads all of it for one request (issue 34: a short way through
the adapters). Its parts, in order:

**What the call options ask of the answer (:class:`CallSpec`).** What a LangChain request's call options ask of its answer: bound tools, tool choice, response format.

Both LangChain paths read the same :class:`CallSpec`: the global cache from ``llm_string``
(the serialized model plus the invocation parameters LangChain passes to ``lookup`` and
``update``), the Runnable wrapper from the bound and call kwargs. It gives the task and JSON
Schema an answer is verified against (a forced tool's parameters, a ``json_schema`` response
format), and whether only a tool call answers the request (:attr:`CallSpec.requires_tool_call`):
a plain-text reply to such a request is a non-answer, never served or stored as passing its checks.

**What a request holds beyond its text (:func:`unread_messages`, :func:`options_reasons`, :func:`request_digest`).** What a LangChain request holds beyond its text: what the engine does not read (such a request is
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
  (``adapters.flow.option_reasons``; length limits are read by the length rule instead).

The model's own fields are read in the part below (through the provider profiles), and the tier every
reason puts a request in is decided by the part below.

The key of a request beyond its text: everything the model sees that the engine prompt does not hold.

:func:`request_rest` reads it message by message (names, tool calls, ``tool_call_id``,
``additional_kwargs``, every non-text content part); :func:`request_digest` digests it and
:func:`keyed` scopes an ``llm_key`` to that digest, so two requests that differ in anything but
their text never share entries. :func:`kwargs_digest` does the same for call options.

**Conversions between LangChain objects and the engine's text.** Conversions between LangChain objects and what the StepCache engine works with.

The engine caches *text*: the prompt text it embeds and verifies against, and the answer
text it segments into steps. These helpers derive both from LangChain messages and
generations, keep the full LangChain objects in the entry's metadata, and rebuild
messages for answers whose text the cache changed (re-instantiation, patch, repair).

**The tier of a request and its exact-tier key; the model's own fields.** The tier of a LangChain request (``adapters.flow.decide_tier``) and its exact-tier key.

Both LangChain entry points read the same things: the request's messages (the part above), the model's
fields and options as ``llm_string`` shows them (its fields read by the provider profiles, below), and, for
the wrapper, the model object itself. Every reason found is kept (not the first one), and the
exact tier keys on the whole request and the whole model identity:

* the global cache sees ``llm_string`` only: its identity is ``llm_string`` less the fields that are
  inert, plus ``OPENAI_BASE_URL`` for an OpenAI model whose client read it (``llm_string`` does not
  say it); a class whose ``llm_string`` names no model (its profile says so) gets no tier;
* the wrapper sees the model: its identity adds every declared field (secrets as digests, inert
  fields left out) and the endpoint and key its clients resolved.

A LangChain model's own fields, read against the fields LangChain and the provider classes declare.

A custom chat model or LLM can declare fields the model sees besides the prompt (``instructions``,
``preamble``, ``persona``...) and use them in its own ``_generate``; the engine reads only the
prompt, so such a field keeps the step tier from a claim (``adapters.flow``; the exact tier keys on
it). A provider class's fields are read by its profile (``adapters.flow``) first:

* the wrapper sees the model object and reads every field of it (:func:`model_field_reasons`);
* the global cache sees only ``llm_string``. A model LangChain serializes shows the fields it was
  given (its ``kwargs``: :func:`serialized_field_reasons`); one it does not serialize shows only its
  identifying params and its ``_type`` (:func:`params_field_reasons`): a ``_type`` with no profile
  and no known class keeps the step tier from a claim (its fields are not in ``llm_string``), unless
  the caller names it in ``inert_model_types``.

Known: the fields LangChain's base classes and fake models declare, and those of langchain-openai's
``ChatOpenAI`` / ``OpenAI`` but ``use_previous_response_id``, ``truncation`` and
``context_management`` (they change what the model sees). The caller's ``inert_model_fields`` name
further fields it knows to be inert.

**The counters and log lines of ``StepCacheLLMCache`` (:class:`CacheCounters`).** The counters and log lines of ``StepCacheLLMCache``: one vocabulary with the engine's ``stats()``.

Every request the global cache answers through the engine is counted here by the engine's own
counting code (``CacheStats``) from the same record the engine counts (a hit's served result,
a miss's ``StoreReport.result``), so ``requests``, ``outcomes``, ``verification``, tokens and
the rest mean what they mean in ``StepCache.stats()`` and agree with it for a cache that has an
engine of its own. What only the cache sees is counted beside them: ``lookups``, ``hits``,
``misses`` (lookups that returned None) per reason, and ``stored`` / ``not_stored`` per reason.
``hit_outcomes`` (hits per outcome) is kept for callers of earlier versions.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import logging
import os
import re
import threading
import uuid
import warnings
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
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
from langchain_core.runnables.configurable import DynamicRunnable
from pydantic import BaseModel

from ..adapters.flow import (
    Io,
    METADATA_KEY,
    TwinFlow,
    event,
    log_request,
    summarize,
    Profile,
    Reason,
    SAMPLING,
    TierDecision,
    active,
    canonical,
    decide_tier,
    declared_fields,
    field_reasons,
    inert_names,
    inert_names_of,
    json_default,
    known_fields,
    length_limit,
    option_name,
    option_reasons,
    profile_for,
    profile_of_llm_string,
    other_sampling,
    sampling_digest,
    sampling_option,
    sampling_reason,
    squash,
    unmodelled_option,
)
from ..adapters.identity import plain_fields
from ..adapters.turns import alone_turns
from ..core.ast_lock import PARSE_LOCK
from ..core.engine import CachePlan, stands_for
from ..core.outcomes import SERVED_OUTCOMES, SummaryOutcome
from ..core.types import CacheStats, StepCacheResult, VerificationLevel, extract_json_object
from ..core.tasks.json.schema import CALL_TEXT
from ._identity import env_endpoint_reason, model_identity, unwrap
from .engine_model import content_text, message_text

__all__ = [
    "cache_tier",
    "CacheCounters",
    "CallSpec",
    "configured_identity",
    "json_default",
    "JSON_ONLY",
    "keyed",
    "kwargs_digest",
    "LANGCHAIN_CLASSES",
    "LlmStringView",
    "logger",
    "message_rest",
    "model_field_reasons",
    "newest_turn_alone",
    "normalized",
    "NOT_A_TOOL_CALL",
    "options_reasons",
    "params_field_reasons",
    "params_of",
    "params_profile",
    "read_llm_string",
    "request_digest",
    "request_rest",
    "response_format_schema",
    "SAMPLING",
    "sampling_digest",
    "sampling_reason",
    "sampling_split",
    "other_sampling",
    "SEPARATOR",
    "serialized_field_reasons",
    "serialized_profile",
    "split_llm_string",
    "step_key",
    "unmodelled_call_options",
    "unread_messages",
    "wrapper_identity",
    "wrapper_sampling",
    "wrapper_tier",
]


NOT_A_TOOL_CALL = "the model answered a tool-call request without a tool call"
SEPARATOR = "---["  # BaseChatModel._get_llm_string: json.dumps(serialized model) + "---" + str(sorted(params))
# a qualified name may hold "<locals>" or "<lambda>" (a class or function defined in a function)
_OBJECT_REPR = re.compile(
    r"<(?:class|function|object|bound method|built-in|module|enum|[A-Za-z_][\w.]* object)(?:[^<>]|<locals>|<lambda>)*>")
# An object LangChain wrote as its repr ("<class '__main__.Person'>"): unreadable. In a call option the
# adapters read (a response format given as a pydantic class) it stays this mark, never "no option" (red team
# 24b: the class's schema was read as no response format and its field descriptions ignored); elsewhere None.
_OBJECT_MARK = "<an object LangChain wrote as its repr>"
_FORCING = ("any", "required")
_OPTION_KEYS = ("tools", "tool_choice", "response_format", "functions", "function_call")


@dataclass(frozen=True)
class CallSpec:
    """The answer shape a request's call options ask for.

    ``tools``: the bound tools as OpenAI function dicts (``name``, ``description``,
    ``parameters``); ``tool_choice`` as bound; ``response_schema``: the schema of a
    ``json_schema`` response format; ``json_mode``: a ``json_object`` response format;
    ``response_text``: what else the model reads of a ``json_schema`` response format (its name...);
    ``unreadable``: options were there but could not be read (then a tool call is required
    and no schema is assumed: the answer can only fail, never pass, for want of a schema).
    """

    tools: tuple[dict[str, Any], ...] = ()
    tool_choice: Any = None
    response_schema: dict[str, Any] | None = None
    json_mode: bool = False
    unreadable: bool = False
    response_text: dict[str, Any] | None = None

    # ------------------------------------------------------------------ reading
    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> CallSpec:
        """The spec of call kwargs (``tools``, ``tool_choice``, ``response_format``...)."""
        tools = tuple(t for t in (_function(tool) for tool in _as_list(options.get("tools"))) if t is not None)
        fmt = options.get("response_format")
        schema, json_mode = _response_format(fmt)
        return cls(tools=tools, tool_choice=options.get("tool_choice"), response_schema=schema, json_mode=json_mode,
                   response_text=_response_text(fmt))

    @classmethod
    def from_llm_string(cls, llm_string: str) -> CallSpec:
        """The spec in LangChain's ``llm_string`` (a chat model's ``_get_llm_string``)."""
        params = _params(llm_string)
        if params is not None:
            return cls.from_options(params)
        if any(f"'{key}'" in llm_string for key in _OPTION_KEYS):
            return cls(unreadable=True)
        return cls()

    # ------------------------------------------------------------------ what it asks
    @property
    def forced_tool(self) -> dict[str, Any] | None:
        """The one tool the model must call, if the tool choice names or forces exactly one."""
        choice = _choice_name(self.tool_choice)
        if choice is not None:
            return next((t for t in self.tools if t.get("name") == choice), None)
        if _forces(self.tool_choice) and len(self.tools) == 1:
            return self.tools[0]
        return None

    @property
    def requires_tool_call(self) -> bool:
        """Only a tool call answers the request (tools bound and a tool choice that forces a call)."""
        if self.unreadable:
            return True
        return bool(self.tools) and (_forces(self.tool_choice) or _choice_name(self.tool_choice) is not None)

    @property
    def answer_schema(self) -> dict[str, Any] | None:
        """The JSON Schema the answer's JSON must satisfy: the forced tool's parameters, else a
        ``json_schema`` response format's (without the words around it: :attr:`call_text`)."""
        tool = self.forced_tool
        if tool is not None and isinstance(tool.get("parameters"), dict):
            return dict(tool["parameters"])
        return self.response_schema

    @property
    def call_text(self) -> dict[str, Any] | None:
        """Everything the model reads of the call options beyond :attr:`answer_schema`: every bound
        tool (the forced one without its parameters: name, description...), a ``json_schema``
        response format's name, description and ``strict``; None when there is nothing."""
        forced = self.forced_tool
        text: dict[str, Any] = {}
        if self.tools:
            text["tools"] = [_without_parameters(t) if t is forced else t for t in self.tools]
        if self.response_text:
            text["response_format"] = self.response_text
        return _as_json_data(text) if text else None

    @property
    def schema(self) -> dict[str, Any] | None:
        """The schema the engine verifies against: :attr:`answer_schema` with :attr:`call_text`
        (``CALL_TEXT``: part of the request's identity, prose unless the checks understand it)."""
        return self.schema_for(None, self.task)

    def schema_for(self, schema: dict[str, Any] | None, task: str | None) -> dict[str, Any] | None:
        """``schema`` (a caller's own; None: :attr:`answer_schema`) with :attr:`call_text`. None when
        there is no schema and the task is not "json" (a schema would make the request a JSON one)."""
        base = schema if schema is not None else self.answer_schema
        text = self.call_text
        if text is None or (base is None and task != "json"):
            return base
        return {**(base or {}), CALL_TEXT: text}

    @property
    def task(self) -> str | None:
        """``"json"`` when the answer must be JSON against a schema or be a tool call's arguments;
        JSON mode alone (``json_object``) names no keys: the prompt's task decides, as before."""
        return "json" if (self.answer_schema is not None or self.requires_tool_call) else None

    def rejects(self, message: Any) -> list[str]:
        """Why ``message`` does not answer the request's shape (empty: it does)."""
        if not self.requires_tool_call or not isinstance(message, BaseMessage):
            return []
        return [] if getattr(message, "tool_calls", None) else [NOT_A_TOOL_CALL]


# ----------------------------------------------------------------------------- parsing
def response_format_schema(fmt: Any) -> dict[str, Any] | None:
    """The JSON Schema of a ``json_schema`` response format, or None (no schema the engine reads)."""
    return _response_format(fmt)[0]


def params_of(llm_string: str) -> dict[str, Any] | None:
    """The invocation parameters of an ``llm_string``, or None when they cannot be read."""
    return _params(llm_string)


def _params(llm_string: str) -> dict[str, Any] | None:
    """The invocation parameters of an ``llm_string``, or None when they cannot be read."""
    candidates = [llm_string]
    at = llm_string.find(SEPARATOR)
    while at != -1:
        candidates.append(llm_string[at + 3 :])
        at = llm_string.find(SEPARATOR, at + 1)
    for text in candidates:
        value = _literal(text)
        if isinstance(value, list) and all(isinstance(item, tuple) and len(item) == 2 for item in value):
            return {str(k): v if str(k) in _OPTION_KEYS else _unmarked(v) for k, v in value}
    return None


def _unmarked(value: Any) -> Any:
    """``value`` with every :data:`_OBJECT_MARK` read as None (an option the adapters do not read)."""
    if value == _OBJECT_MARK:
        return None
    if isinstance(value, Mapping):
        return {k: _unmarked(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_unmarked(v) for v in value)
    return value


def _literal(text: str) -> Any:
    for candidate in (text, _OBJECT_REPR.sub(lambda _: repr(_OBJECT_MARK), text)):
        try:
            with PARSE_LOCK:  # CPython 3.11: AST construction is not thread-safe
                return ast.literal_eval(candidate)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return None


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def _function(tool: Any) -> dict[str, Any] | None:
    """A bound tool as ``{"name", "description", "parameters"}`` (OpenAI or Anthropic form)."""
    if not isinstance(tool, Mapping):
        return None
    if isinstance(tool.get("function"), Mapping):
        return dict(tool["function"])
    if "input_schema" in tool:  # Anthropic
        return {"name": tool.get("name"), "description": tool.get("description"), "parameters": tool["input_schema"]}
    if "name" in tool:
        return dict(tool)
    return None


def _response_format(fmt: Any) -> tuple[dict[str, Any] | None, bool]:
    if not isinstance(fmt, Mapping):
        return None, False
    if fmt.get("type") == "json_object":
        return None, True
    inner = fmt.get("json_schema")
    if fmt.get("type") == "json_schema" and isinstance(inner, Mapping) and isinstance(inner.get("schema"), dict):
        return dict(inner["schema"]), False
    return None, fmt.get("type") == "json_schema"


def _response_text(fmt: Any) -> dict[str, Any] | None:
    """What the model reads of a ``json_schema`` response format beyond its schema (name,
    description, ``strict``...), or None."""
    if not isinstance(fmt, Mapping) or not isinstance(fmt.get("json_schema"), Mapping):
        return None
    return {str(k): v for k, v in fmt["json_schema"].items() if k != "schema"} or None


def _without_parameters(tool: dict[str, Any]) -> dict[str, Any]:
    """A forced tool without the parameters schema the answer is verified against."""
    if not isinstance(tool.get("parameters"), dict):
        return tool
    return {k: v for k, v in tool.items() if k != "parameters"}


def _as_json_data(value: Any) -> Any:
    """``value`` as JSON data (what is no JSON as its text), so an entry can store it."""
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def _forces(choice: Any) -> bool:
    return choice is True or (isinstance(choice, str) and choice in _FORCING) or (
        isinstance(choice, Mapping) and choice.get("type") in _FORCING
    )


def _choice_name(choice: Any) -> str | None:
    """The tool a tool choice names (``"Person"``, ``{"type": "function", "function": {"name": ...}}``,
    ``{"type": "tool", "name": ...}``), or None."""
    if isinstance(choice, str):
        return None if choice in (*_FORCING, "auto", "none") else choice
    if isinstance(choice, Mapping):
        function = choice.get("function")
        if isinstance(function, Mapping) and isinstance(function.get("name"), str):
            return function["name"]
        if choice.get("type") == "tool" and isinstance(choice.get("name"), str):
            return choice["name"]
    return None


JSON_ONLY = "a JSON response format or bound tools, for a request the json task does not answer (not modelled)"
"""The reason of a request whose response format asks for JSON without a schema the engine reads
(``json_object``, a ``json_schema`` without its schema): modelled only when the json task answers it
(bound tools with no forced tool are :data:`TOOLS_BOUND`'s, whatever the task)
(then its checks read the JSON); the callers decide once the plan names the task."""

TOOLS_BOUND = "tools bound with no forced tool (the model may answer with tool calls whose arguments the tools' names and prose decide: not modelled)"
"""The reason of every request with bound tools and no forced call, whatever its task (red team 24: a JSON
request's tool call was rewritten to the prompt's keys, and a cached text object served where the model calls a
tool): which tool, with which arguments, or text, is the model's reading of the tools, not the prompt's keys; the
exact tier (the same model, the same tools, the same request) answers. A forced tool's parameters are the
answer's schema (:attr:`CallSpec.answer_schema`)."""

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
        reasons.extend([TOOLS_BOUND] if _tools_unforced(params) else [])
    if model is not None:
        reasons.extend(option_reasons(model, _SERIALIZED))
    return reasons


def _tools_unforced(options: Mapping[str, Any]) -> bool:
    """Whether ``options`` bind tools or functions and force no call (:data:`TOOLS_BOUND`): with ``tool_choice``
    unset, ``"auto"`` or ``"none"`` the model may answer with a tool call, which no text answer replaces; bound
    functions (the legacy ``functions`` option) and a tool the cache cannot read are never read as forced."""
    tools = _as_list(options.get("tools"))
    spec = CallSpec.from_options(options)
    return (not _empty(options.get("functions")) or any(_function(tool) is None for tool in tools)
            or (bool(spec.tools) and not spec.requires_tool_call))


def unmodelled_call_options(options: Mapping[str, Any]) -> str | None:
    """Why bound or call options (the wrapper sees them apart from the model's fields) hold an option
    outside the allowlist (``adapters.flow.unmodelled_option``), None if none; the options the
    adapters read themselves (tools, tool choice, response format) are left to them."""
    return unmodelled_option(options, _MODELLED)


# ----------------------------------------------------------------------------- the key of the rest

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


def request_digest(messages: Sequence[BaseMessage]) -> str | None:
    """A digest of :func:`request_rest` (None for a plain-text request)."""
    rest = request_rest(messages)
    if rest is None:
        return None
    return hashlib.sha256(canonical(rest).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def keyed(llm_key: str, digest: str | None) -> str:
    """``llm_key`` scoped to a request's digest (unchanged without one)."""
    return llm_key if digest is None else f"{llm_key}|request={digest}"


def kwargs_digest(kwargs: Mapping[str, Any]) -> str | None:
    """A digest of call options (tools, tool choice, response format, stop...), None if there are none."""
    if not kwargs:
        return None
    return hashlib.sha256(canonical(dict(kwargs)).encode("utf-8", "surrogatepass")).hexdigest()[:16]


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


_TURN_ROLES = {"system": "system", "human": "user", "ai": "assistant"}


def newest_turn_alone(request: Request, engine: Any, owner: Any, spec: Any) -> Request:
    """``request`` with the step tier's text the system turn and the newest user turn alone, when its earlier
    turns cannot change that turn's answer (``adapters.turns``: the one rule of both adapters); else as it is.
    Only for a chat request of plain messages (nothing beyond their text, every part read) with no task or
    schema named (by the cache or wrapper ``owner``, nor by the request's ``spec``). Its messages stay whole:
    the model is sent the conversation (``model_input``) and the exact tier keys on it."""
    named = (owner.task, owner.json_schema, spec.task, spec.schema)
    if any(part is not None for part in named) or request.kind != "chat" or len(request.messages) < 3 or request.digest is not None or request.unread:
        return request
    turns = [(_TURN_ROLES.get(m.type, ""), message_text(m)) for m in request.messages]
    alone = alone_turns(engine, turns, lambda at, newest: messages_to_text(_newest_as(request.messages, at, newest)))
    if alone is None:
        return request
    return Request("chat", messages_to_text(_newest_as(request.messages, alone.kept, alone.newest)), list(request.messages))


def _newest_as(messages: list[BaseMessage], at: list[int], newest: str) -> list[BaseMessage]:
    """The messages at ``at``, the last one's text ``newest`` (a format the history asks: ``adapters.turns``)."""
    kept = [messages[i] for i in at]
    return kept if message_text(kept[-1]) == newest else [*kept[:-1], HumanMessage(content=newest)]


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


def store_args(request: Request, return_val: Sequence[Generation]) -> tuple[str, int, int, dict[str, Any]] | None:
    """The answer text, reported prompt and completion tokens, and entry metadata of LangChain's
    generations (None: there are none)."""
    gens = list(return_val)
    if not gens:
        return None
    first = gens[0]
    text = generation_text(first)
    prompt_tokens = completion_tokens = 0
    if isinstance(first, ChatGeneration):
        usage = getattr(first.message, "usage_metadata", None) or {}
        prompt_tokens = int(usage.get("input_tokens") or 0)
        completion_tokens = int(usage.get("output_tokens") or 0)
    return text, prompt_tokens, completion_tokens, entry_metadata(request.kind, gens)


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


def covers(plan: CachePlan, raw_text: str, answer_text: str, level: VerificationLevel) -> bool:
    """Whether ``raw_text`` (a model's full output) may stand for ``answer_text`` at ``level``: it segments
    exactly to it, and it stands for it (``core.engine.stands_for``: an answer the checks vouch for holds
    nothing they did not read; otherwise the checked answer is served instead)."""
    steps = plan.handler.segment(raw_text, plan.constraints)
    if "".join(step.text for step in steps) != answer_text:
        return False
    return stands_for(plan.handler, raw_text, answer_text, level, plan.constraints)


def restorable_generations(plan: CachePlan) -> list[Generation] | None:
    """The stored LangChain generations, when the cache serves the stored answer unchanged.

    Restored verbatim when the plan reuses the entry's steps unchanged, the stored
    generation is exactly what the entry's steps came from, and either the prompt is exactly the
    cached prompt (an exact hit) or the stored text is nothing but the verified steps (no
    unverified prose around them); an entry stored "proven" or "checked" never restores an output holding
    more than its answer (:func:`covers`).
    """
    entry = plan.entry
    if plan.outcome != "reuse" or entry is None or plan.cached_text != entry.text:
        return None
    meta = entry.metadata.get(META_KEY) or {}
    stored_text = meta.get("text")
    if not isinstance(stored_text, str):
        return None
    if not covers(plan, stored_text, entry.text, entry.verification):
        return None  # more than the answer the entry vouches for: the answer is served, not the output (K7)
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


@dataclass(frozen=True)
class LlmStringView:
    """What ``llm_string`` says: the reasons in its model's fields and options, the string the keys
    are made of (inert fields left out), whether it names the model, and the model's class name.
    ``step_string``: the step tier's key string, :attr:`key_string` without the sampling options
    (:func:`sampling_split`); ``sampling``: a digest of those options (the exact tier keys on them all).
    ``unkeyed``: why the string cannot key the request (a class named by its ``repr`` only);
    ``endpoint_unseen``: why it cannot tell the model's endpoints apart (its ``sampling`` is then this
    request's own, so an entry serves it only proven for the prompt: red team 32)."""

    reasons: tuple[Reason, ...]
    key_string: str
    model_named: bool
    model_class: str
    json_only: bool
    length_limit: int | None = None
    step_string: str = ""
    sampling: str = ""
    unkeyed: str | None = None
    endpoint_unseen: str | None = None


_BASE_URL_SUFFIX = "|OPENAI_BASE_URL="


def sampling_split(key_string: str, profile: Profile | None) -> tuple[str, dict[str, Any]]:
    """``key_string`` without the sampling options of a serialized model of a profiled class (its fields
    and call options), and those options. A proven answer (a checker proved it for this prompt) does not
    depend on them: the step tier keys entries without them and serves an entry generated with other
    ones only when the answer is proven (``SAMPLING``); the exact tier keys on every option. No profile,
    a model LangChain does not serialize, or call options holding an object's repr: nothing is split."""
    body, mark, suffix = key_string.partition(_BASE_URL_SUFFIX)
    model, at = split_llm_string(body)
    if profile is None or not isinstance(model, Mapping) or not isinstance(model.get("kwargs"), Mapping):
        return key_string, {}
    removed: dict[str, Any] = {}
    kwargs: dict[str, Any] = {}
    for name, value in model["kwargs"].items():
        if sampling_option(profile, str(name), value, call=False):
            removed[f"field:{name}"] = value
        else:
            kwargs[name] = value
    tail = _split_options(body[at:], profile, removed)
    if not removed:
        return key_string, {}
    return json.dumps({**model, "kwargs": kwargs}, sort_keys=True) + tail + mark + suffix, removed


def _split_options(tail: str, profile: Profile, removed: dict[str, Any]) -> str:
    """``llm_string``'s call options (``---[...]``) without their sampling options (added to ``removed``);
    as they are when they hold an object's repr or cannot be read."""
    params = None if _OBJECT_REPR.search(tail) else _literal(tail[3:])
    if not isinstance(params, list) or not all(isinstance(item, tuple) and len(item) == 2 for item in params):
        return tail
    kept = [(k, v) for k, v in params if not sampling_option(profile, str(k), v, call=True)]
    removed.update((f"option:{k}", v) for k, v in params if (k, v) not in kept)
    return "---" + str(sorted(kept))


def _without(params: Mapping[str, Any], names: Collection[str]) -> str:
    return str(sorted((k, v) for k, v in params.items() if squash(k) not in names))


def _serialized_view(model: Any, at: int, llm_string: str, inert: Collection[str]) -> tuple[list[Reason], str, Any]:
    reasons, keyed, options = serialized_field_reasons(model, inert)
    key_string = llm_string if keyed == model else json.dumps(keyed, sort_keys=True) + llm_string[at:]
    if env_endpoint_reason(model) is not None:  # the client went to OPENAI_BASE_URL: part of the identity
        key_string += f"|OPENAI_BASE_URL={os.environ.get('OPENAI_BASE_URL', '')}"
    return reasons, key_string, json.dumps(options, sort_keys=True) + llm_string[at:]


# keys that name a model in the identifying params of a model LangChain does not serialize
_MODEL_NAMES = frozenset(squash(n) for n in ("model", "model_name", "model_id", "repo_id", "deployment_name",
                                                "azure_deployment", "engine", "model_path", "endpoint_url"))


def _names_a_model(model: Any, params: Mapping[str, Any] | None) -> bool:
    """Whether ``llm_string`` names the model: a serialized model does (its class and the fields it
    was given); one LangChain does not serialize, only if its identifying params name a model (a
    custom class with none shows only its ``_type``: its configurations cannot be told apart)."""
    if model is not None or params is None:
        return True
    return any(squash(name) in _MODEL_NAMES and value not in (None, "") for name, value in params.items())


def _fields_view(model: Any, at: int, params: dict[str, Any] | None, llm_string: str, inert: Collection[str],
                 inert_types: Collection[str] | None) -> tuple[Profile | None, list[Reason], str, Any, str]:
    """What ``llm_string``'s model fields say: its profile, the fields' reasons, its key string (inert
    fields out), the part its options are read from, and the model's name."""
    if model is not None:
        reasons, key_string, options_string = _serialized_view(model, at, llm_string, inert)
        ids = model.get("id") if isinstance(model, Mapping) else None
        name = ids[-1] if isinstance(ids, list) and ids else "a serialized model"
        return serialized_profile(model), reasons, key_string, options_string, name
    if params is not None:
        profile = params_profile(params)
        reasons = params_field_reasons(params, inert, inert_types or (), inert_types is None)
        dropped = inert_names(inert) | (profile.names("inert") if profile is not None else frozenset())
        key_string = _without(params, dropped) if dropped & {squash(k) for k in params} else llm_string
        return profile, reasons, key_string, llm_string, str(params.get("_type"))
    return None, [], llm_string, llm_string, "an unreadable llm_string"


def read_llm_string(llm_string: str, *, inert: Collection[str] = (), inert_types: Collection[str] | None = None,
                    json_task: bool = False) -> LlmStringView:
    """Every reason in ``llm_string`` (model fields, then options), its key string and model name.

    ``inert_types``: ``_type``s of unserialized models the caller says are inert; None when the caller
    reads the model's fields itself (the wrapper)."""
    model, at = split_llm_string(llm_string)
    params = params_of(llm_string)
    profile, reasons, key_string, options_string, name = _fields_view(model, at, params, llm_string, inert, inert_types)
    found = options_reasons(options_string, json_task=json_task)
    json_only = JSON_ONLY in found
    reasons.extend(Reason(text) for text in found if text != JSON_ONLY)
    named = profile.llm_string_names_model if profile is not None else _names_a_model(model, params)
    limit = length_limit(model.get("kwargs") if isinstance(model, Mapping) else None, params)
    step_string, sampled = sampling_split(key_string, profile)
    unseen = None if inert_types is None else _endpoint_unseen(profile, params)  # the wrapper sees the endpoint
    sampling = sampling_digest(sampled) if unseen is None else f"endpoint-unseen:{uuid.uuid4().hex}"
    unkeyed = _unkeyed(llm_string) or (None if inert_types is None or profile is not None else _completion(params))
    return LlmStringView(tuple(reasons), key_string, named, profile.class_name if profile else name, json_only, limit,
                         step_string, sampling, unkeyed, unseen)


_CLASS_REPR = re.compile(r"<class '([^']+)'>")
# completion LLMs of langchain_openai: llm_string is their identifying params, which hold no endpoint
_ENDPOINT_UNSEEN_TYPES = frozenset({"openai", "azure"})


# where a class repr stands beside what is sent, not for it: the tracing-only structured-output record
# (LangChain pops it before the model and its cache) and a format's parsing class next to its json_schema
_CLASS_BESIDE = re.compile(r"\('ls_structured_output_format', \{(?:[^<>]|<locals>)*?<class '[^']+'>\}\)"
                           r"|'schema_class': <class '[^']+'>")


def _unkeyed(llm_string: str) -> str | None:
    """Why ``llm_string`` cannot key its request: it names a class by its ``repr`` (a response format or
    model kwarg given as a class), which two classes of one name share (red team 32)."""
    found = _CLASS_REPR.search(_CLASS_BESIDE.sub("", llm_string))
    if found is None:
        return None
    return (f"llm_string holds the class {found.group(1)} by its name only: LangChain's global cache cannot tell "
            "two classes of that name apart (wrap the model with with_step_cache(model), which reads the class)")


def _completion(params: Mapping[str, Any] | None) -> str | None:
    """Why a completion LLM's ``llm_string`` cannot key its request: its identifying params hold no endpoint,
    headers or ``model_kwargs`` (a stop sequence there shapes even a proven answer: red team 32b)."""
    if params is None or str(params.get("_type")) not in _ENDPOINT_UNSEEN_TYPES:
        return None
    return (f"llm_string holds no endpoint, headers or model_kwargs for `{params.get('_type')}`: LangChain's global "
            "cache cannot tell its requests apart (wrap the model with with_step_cache(model), which sees them)")


def _endpoint_unseen(profile: Profile | None, params: Mapping[str, Any] | None) -> str | None:
    """Why ``llm_string`` cannot tell the model's endpoints apart: its class's profile says so."""
    if profile is None or profile.llm_string_names_endpoint:
        return None
    return (f"llm_string holds no endpoint for {profile.class_name}: LangChain's global cache cannot tell its endpoints "
            "apart, so it serves only answers proven for the prompt (wrap the model with with_step_cache(model), "
            "which sees it)")


def step_key(kind: str, key_string: str) -> str:
    """The step tier's model key of a request of ``kind`` ("chat" / "llm"), the same on both LangChain
    entry points: ``key_string`` digested; a message list where ``key_string`` cannot say a chat model
    sent it (a model LangChain does not serialize, or a completion LLM, whose prompt is text) is keyed
    apart from text prompts."""
    base = llm_key_for(key_string)
    if kind == "chat" and split_llm_string(key_string)[0] is None:
        base += "|decoded-messages"
    return base


def cache_tier(unread: str | None, view: LlmStringView) -> TierDecision:
    """The global cache's tier: the request's message reason and every reason ``llm_string`` holds."""
    return decide_tier([unread, *view.reasons], model_named=view.model_named, json_only=view.json_only,
                       model_class=view.model_class, unkeyed=view.unkeyed, endpoint_unseen=view.endpoint_unseen)


def wrapper_tier(runnable: Any, unread: str | None, view: LlmStringView, call_options: Mapping[str, Any],
                 inert: Collection[str]) -> TierDecision:
    """The wrapper's tier: the global cache's reasons, plus every field of the model object and every
    bound or call option outside the allowlist (the wrapper sees the model: it is always named)."""
    model, _ = unwrap(runnable)
    reasons: list[Reason | str | None] = [unread, *model_field_reasons(runnable, inert), *view.reasons]
    reasons.append(unmodelled_call_options(call_options))
    # read from the options too (not only from llm_string, which may not be readable): TOOLS_BOUND decides
    # before the json-only rule, which never claims unforced tools
    reasons.append(TOOLS_BOUND if _tools_unforced(call_options) else None)
    if isinstance(model, DynamicRunnable):  # no opt-in: the fields the run's config sets are not the model's
        reasons.append(Reason("a configurable runnable: the run's config picks the model (keyed with it)"))
    return decide_tier(reasons, json_only=view.json_only, model_class=type(model).__name__)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def configured_identity(identity: str, configurable: Any) -> str:
    """``identity`` of a configurable runnable (``configurable_fields`` / ``configurable_alternatives``)
    scoped to the run's ``configurable`` values, which pick the model that runs (blind red team round 13)."""
    blob = json.dumps(configurable or {}, sort_keys=True, ensure_ascii=False, default=str)
    return _digest(f"{identity}|configurable={blob}")


def wrapper_identity(runnable: Any, key_string: str, inert: Collection[str], *, step: bool = False) -> str:
    """The wrapper's exact-tier model identity: the class, every declared field but the inert ones
    (secrets as digests), the endpoint and key digest its clients resolved, and ``key_string``
    (``llm_string`` with the bound and call options). ``step``: the step tier's, without the fields
    its provider profile names sampling (:func:`sampling_split`; :func:`wrapper_sampling` holds them)."""
    model, _ = unwrap(runnable)
    dropped = inert_names(inert) | inert_names_of(type(model), "langchain") | (_sampling_fields(model) if step else frozenset())
    fields = plain_fields(model, dropped)
    blob = json.dumps({"class": f"{type(model).__module__}.{type(model).__qualname__}", "fields": fields,
                       "clients": model_identity(model), "llm_string": key_string},
                      sort_keys=True, ensure_ascii=False, default=str)
    return _digest(blob)


def _sampling_fields(model: Any) -> frozenset[str]:
    profile = profile_for(model)
    return profile.names("sampling") if profile is not None else frozenset()


def wrapper_sampling(runnable: Any, view: LlmStringView) -> str:
    """The digest of the wrapper's sampling options: those ``llm_string`` shows (:attr:`LlmStringView.sampling`)
    and the model's own sampling fields as they are now (a field set after construction is not in it)."""
    model, _ = unwrap(runnable)
    names = _sampling_fields(model)
    if not names:
        return view.sampling
    fields = {f"now:{name}": value for name, (value, _) in declared_fields(model).items() if squash(name) in names}
    return sampling_digest({"llm_string": view.sampling, **fields})


# ----------------------------------------------------------------------------- a model's own fields
_CORE = "langchain_core.language_models"
_FAKES = f"{_CORE}.fake_chat_models"
LANGCHAIN_CLASSES = frozenset({
    f"{_CORE}.base.BaseLanguageModel", f"{_CORE}.chat_models.BaseChatModel", f"{_CORE}.chat_models.SimpleChatModel",
    f"{_CORE}.llms.BaseLLM", f"{_CORE}.llms.LLM",
    f"{_FAKES}.FakeMessagesListChatModel", f"{_FAKES}.FakeListChatModel", f"{_FAKES}.FakeChatModel",
    f"{_FAKES}.GenericFakeChatModel", f"{_FAKES}.ParrotFakeChatModel",
    f"{_CORE}.fake.FakeListLLM", f"{_CORE}.fake.FakeStreamingListLLM",
    "langchain_openai.chat_models.base.BaseChatOpenAI", "langchain_openai.chat_models.base.ChatOpenAI",
    "langchain_openai.llms.base.BaseOpenAI", "langchain_openai.llms.base.OpenAI",
})
"""``module.qualname`` of the classes whose fields are known."""
NOT_INERT = ("use_previous_response_id", "truncation", "context_management")
# The ``_type`` of the known classes LangChain does not serialize (llm_string: identifying params only).
_TYPES = {
    "openai": "langchain_openai.llms.base.OpenAI",
    "fake-list": f"{_CORE}.fake.FakeListLLM",
    "fake-list-chat-model": f"{_FAKES}.FakeListChatModel",
    "fake-messages-list-chat-model": f"{_FAKES}.FakeMessagesListChatModel",
    "generic-fake-chat-model": f"{_FAKES}.GenericFakeChatModel",
    "fake-chat-model": f"{_FAKES}.FakeChatModel",
    "parrot-fake-chat-model": f"{_FAKES}.ParrotFakeChatModel",
}
# Call options the adapters read themselves (``_MODELLED``, above): not fields, left to them.
_CALL = frozenset(squash(n) for n in (
    "tools", "tool_choice", "response_format", "parallel_tool_calls", "strict",
    "ls_structured_output_format", "structured_output_format",
))


def _class(path: str) -> Any:
    module, _, name = path.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


@lru_cache(maxsize=None)
def _type_fields(llm_type: str) -> frozenset[str] | None:
    cls = _class(_TYPES[llm_type]) if llm_type in _TYPES else None
    if cls is None:
        return None
    return frozenset(squash(n) for n in cls.model_fields) - {squash(n) for n in NOT_INERT}


@lru_cache(maxsize=1)
def _known_by_id() -> dict[tuple[str, ...], frozenset[str]]:
    """The fields of each known class, by the ``id`` LangChain serializes it under."""
    out: dict[tuple[str, ...], frozenset[str]] = {}
    not_inert = {squash(n) for n in NOT_INERT}
    for path in LANGCHAIN_CLASSES:
        cls = _class(path)
        try:
            key = tuple(cls.lc_id()) if cls is not None else None
        except Exception:  # noqa: BLE001 - a class without a serializable id is just not known by one
            key = None
        if key is not None:
            out[key] = frozenset(squash(n) for n in cls.model_fields) - not_inert
    return out


@lru_cache(maxsize=1)
def _base_fields() -> frozenset[str]:
    """The fields LangChain's base classes declare (every model has them)."""
    from langchain_core.language_models import BaseChatModel, BaseLLM

    return frozenset(squash(n) for cls in (BaseChatModel, BaseLLM) for n in cls.model_fields)


def _serialized_known(model: Mapping[str, Any]) -> frozenset[str]:
    """The fields known for a serialized model: its own known class's (by its ``id``), else only the
    base classes' (a field another class knows is unknown here: ``reasoning`` on a custom class)."""
    ids = model.get("id")
    found = _known_by_id().get(tuple(ids)) if isinstance(ids, list) else None
    return found if found is not None else _base_fields()


def model_field_reasons(runnable: Any, inert: Collection[str] = ()) -> list[Reason]:
    """Every field of the model inside ``runnable`` (bindings unwrapped) that keeps the wrapper's
    step tier from a claim: ``adapters.flow.field_reasons`` over its pydantic fields, read by its
    provider profile first."""
    model, _ = unwrap(runnable)
    known = known_fields(model, LANGCHAIN_CLASSES, NOT_INERT)
    return list(field_reasons(declared_fields(model), known, inert, defaults=True, profile=profile_for(model)))


def params_profile(params: Mapping[str, Any]) -> Profile | None:
    """The profile of a model LangChain does not serialize, by the ``_type`` in its params."""
    return profile_of_llm_string(llm_type=str(params.get("_type")))


def params_field_reasons(params: Mapping[str, Any], inert: Collection[str], inert_types: Collection[str],
                         fields_read: bool) -> list[Reason]:
    """The field reasons of a model LangChain does not serialize, from its ``llm_string`` params
    (``_type``, identifying params, call options). ``fields_read``: the caller reads the model's
    fields itself (the wrapper), so an unknown ``_type`` is no reason on its own. A profiled
    ``_type`` reads its params by its profile; a fake model's by its class."""
    llm_type = str(params.get("_type"))
    profile = params_profile(params)
    known = _type_fields(llm_type)
    if squash(llm_type) in inert_names(inert_types):
        return []
    if known is None and profile is None and not fields_read:
        return [Reason(f"`{llm_type}` is a model LangChain does not serialize: llm_string holds none of its fields",
                       f"inert_model_types=({llm_type!r},)")]
    fields = {name: value for name, value in params.items() if squash(name) not in _CALL and name != "_type"}
    return list(field_reasons(fields, known or frozenset(), inert, profile=profile))


def serialized_profile(model: Any) -> Profile | None:
    """The profile of a serialized model (``llm_string``'s record), by its ``id``."""
    ids = model.get("id") if isinstance(model, Mapping) else None
    return profile_of_llm_string(lc_id=ids) if isinstance(ids, list) else None


def serialized_field_reasons(model: Any, inert: Collection[str]) -> tuple[list[Reason], Any, Any]:
    """Every field reason of a serialized model (``llm_string``'s record: the fields it was given);
    the record for the key, without the fields that are inert (named in ``inert`` or by its
    profile); and the record for the option rules, which read strictly what no profile category
    and no field rule read (the fields named like options)."""
    kwargs = model.get("kwargs") if isinstance(model, Mapping) else None
    if not isinstance(kwargs, Mapping):
        return [], model, model
    profile = serialized_profile(model)
    known, inert, reasons = _serialized_known(model), inert_names(inert), []
    keyed: dict[str, Any] = {}
    options: dict[str, Any] = {}
    for name, value in kwargs.items():
        category = profile.category(name) if profile is not None else None
        option = option_name(str(name)) and category is None
        if category == "inert" or (not option and squash(name) in inert):
            continue
        keyed[name] = value
        if option:
            options[name] = value
        elif active(value):
            reasons.extend(field_reasons({name: value}, known, profile=profile))
    return reasons, {**model, "kwargs": keyed}, {**model, "kwargs": options}


logger = logging.getLogger("stepcache_integrations.langchain")
_ENGINE_ONLY = ("store_errors", "store_skipped")  # the store guard's counters: the engine's alone


class CacheCounters:
    """Thread-safe counters of one ``StepCacheLLMCache`` and its log lines."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests = CacheStats()
        self._counts: dict[str, Any] = {}
        self._last_miss: dict[str, Any] | None = None
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self._requests.reset()
            self._counts = {
                "lookups": 0,
                "hits": 0,
                "hit_outcomes": dict.fromkeys(SERVED_OUTCOMES, 0),
                "misses": 0,
                "miss_reasons": {},
                "updates": 0,
                "stored": 0,
                "not_stored": {},
                "tiers": {"step": 0, "exact": 0, "none": 0},
                "tier_reasons": {},
                "exact_hits": 0,
            }
            self._last_miss = None

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            counts = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self._counts.items()}
            last = dict(self._last_miss) if self._last_miss is not None else None
        requests = self._requests.snapshot()
        for key in _ENGINE_ONLY:
            requests.pop(key, None)
        return {**requests, **counts, "last_miss": last}

    def _tier(self, tier: str, reasons: Any = ()) -> None:
        self._counts["tiers"][tier] = self._counts["tiers"].get(tier, 0) + 1
        for reason in reasons:
            self._counts["tier_reasons"][reason] = self._counts["tier_reasons"].get(reason, 0) + 1

    def exact_hit(self, where: dict[str, Any], prompt: str, record: dict[str, Any]) -> None:
        """Count a lookup the exact tier answered (the model's own answer to exactly this request)."""
        with self._lock:
            self._counts["lookups"] += 1
            self._counts["hits"] += 1
            self._counts["exact_hits"] += 1
            self._tier("exact", record.get("tier_reasons", ()))
        log_request(logger, event(record["outcome"], record["verification"]), prompt=prompt, record=record, **where)

    def exact_miss(self, reason: str, where: dict[str, Any], prompt: str) -> None:
        """Count an exact-tier lookup that found nothing (the model answers; ``update`` stores it)."""
        self.miss(reason, where, prompt, None, tier="exact", outcome="miss")

    def bypass(self, decision: Any, where: dict[str, Any], prompt: str, record: dict[str, Any]) -> None:
        """Count a lookup of tier ``none`` (the cache cannot tell which model answers)."""
        with self._lock:
            self._last_miss = record
        self.miss(f"bypass: {decision.reason}", where, prompt, None, tier="none", reasons=record.get("tier_reasons", ()),
                  outcome=record["outcome"])

    def hit(
        self, result: StepCacheResult, where: dict[str, Any], prompt: str, nearest: str | None, record: Any
    ) -> None:
        self._requests.record(result)
        with self._lock:
            self._tier("step")
            self._counts["lookups"] += 1
            self._counts["hits"] += 1
            outcomes = self._counts["hit_outcomes"]
            outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
        line = event(result.outcome, result.verification)
        log_request(logger, line, prompt=prompt, nearest=nearest, record=record, **where)

    def miss(
        self,
        reason: str,
        where: dict[str, Any],
        prompt: str,
        nearest: str | None,
        result: StepCacheResult | None = None,
        tier: str = "step",
        reasons: Any = (),
        outcome: SummaryOutcome = "miss",
    ) -> None:
        """Count a lookup that returned None; ``result``: what the engine answered and the cache
        did not serve (a patch that failed its checks), counted as the engine counted it (its
        outcome names the log line); else ``outcome``: the one the request will be counted with."""
        if result is not None:
            self._requests.record(result)
        with self._lock:
            self._tier(tier, reasons)
            self._counts["lookups"] += 1
            self._counts["misses"] += 1
            reasons = self._counts["miss_reasons"]
            reasons[reason] = reasons.get(reason, 0) + 1
        line = event(result.outcome if result is not None else outcome, reason)
        log_request(logger, line, prompt=prompt, nearest=nearest, **where)

    def update(
        self,
        result: StepCacheResult | None,
        reason: str,
        detail: str,
        where: dict[str, Any],
        prompt: str,
        nearest: str | None,
        record: dict[str, Any] | None,
    ) -> None:
        """Count one ``update``: ``result`` is the request's record (None when the engine never
        judged the answer); ``reason`` is empty when it was stored."""
        if result is not None:
            self._requests.record(result)
        with self._lock:
            self._counts["updates"] += 1
            if not reason:
                self._counts["stored"] += 1
            else:
                reasons = self._counts["not_stored"]
                reasons[reason] = reasons.get(reason, 0) + 1
            if record is not None:
                self._last_miss = record
        if not reason:
            level = f" ({result.verification})" if result is not None else ""
            line = f"stored the answer{level}"
        else:
            line = f"not stored ({reason}{f': {detail}' if detail else ''})"
        outcome = result.outcome if result is not None else (record or {}).get("outcome")
        if outcome is not None:  # None: the engine never judged the answer (no generations, not cacheable)
            line = f"{event(outcome)}, {line}"
        log_request(logger, line, prompt=prompt, nearest=nearest, record=record, **where)
