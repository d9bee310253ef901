"""What a LangChain request's call options ask of its answer: bound tools, tool choice, response format.

Both LangChain paths read the same :class:`CallSpec`: the global cache from ``llm_string``
(the serialized model plus the invocation parameters LangChain passes to ``lookup`` and
``update``), the Runnable wrapper from the bound and call kwargs. It gives the task and JSON
Schema an answer is verified against (a forced tool's parameters, a ``json_schema`` response
format), and whether only a tool call answers the request (:attr:`CallSpec.requires_tool_call`):
a plain-text reply to such a request is a non-answer, never served or stored as passing its checks.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import BaseMessage

from ..core.tasks.json.schema import CALL_TEXT

__all__ = ["CallSpec", "NOT_A_TOOL_CALL", "SEPARATOR", "params_of", "response_format_schema"]

NOT_A_TOOL_CALL = "the model answered a tool-call request without a tool call"
SEPARATOR = "---["  # BaseChatModel._get_llm_string: json.dumps(serialized model) + "---" + str(sorted(params))
_OBJECT_REPR = re.compile(r"<(?:class|function|object|bound method|built-in|module|enum|[A-Za-z_][\w.]* object)[^<>]*>")
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
    def unclaimed_tools(self) -> str | None:
        """Why bound tools keep the cache from a claim unless the json task answers (None: no tools,
        or a forced tool call): with ``tool_choice`` unset, ``"auto"`` or ``"none"`` the model may
        answer with a tool call, which no text answer replaces."""
        if self.tools and not self.requires_tool_call:
            return f"tools bound with tool_choice {self.tool_choice!r} (a tool call may answer: not modelled)"
        return None

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
        return _jsonable(text) if text else None

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
            return {str(k): v for k, v in value}
    return None


def _literal(text: str) -> Any:
    for candidate in (text, _OBJECT_REPR.sub("None", text)):
        try:
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


def _jsonable(value: Any) -> Any:
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
