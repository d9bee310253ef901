"""The adapters' prompt kind of options (wip/adaptB), shared by its CI test (tests/fuzz/test_adapter_options_fuzz.py)
and its campaign of scripts/fuzz_prompts.py (``adapters/options``, wip/adaptC): requests through ``with_step_cache``
and the global cache (``set_llm_cache``) with tools bound (forced, unforced), response formats (a pydantic class
through the wrapper's ``with_structured_output``, a ``json_schema`` dict, JSON mode) and sampling, length, stop,
bias and ``n`` options varied, two requests per example on one fresh engine.

The model is a fake OpenAI endpoint that answers differently per option (a tool call when tools are bound, JSON
for a response format, a cut answer at a small ``max_tokens``, the text before the stop sequence, another text
under a logit bias, free text that names every option it was sent) and rightly for the math and JSON prompts
at any sampling; through LlamaIndex's ``StepCacheLLM`` too (the campaign's ``llama`` path). The oracle (:func:`judge_example`): the second request, answered without a model call, is served
only what the model would return for exactly that request, or, for a request whose options are sampling options
only, the right answer of a math prompt (proven answers do not depend on sampling).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
from hypothesis import strategies as st
from langchain_core.globals import set_llm_cache
from langchain_openai import ChatOpenAI
from pydantic import BaseModel, Field

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache

PAIRS: dict[str, tuple[str, str]] = {
    "linear": ("Solve 3x + 5 = 20 for x.", "Solve 3x + 5 = 26 for x."),
    "arithmetic": ("What is 12 * 12?", "What is 12 * 13?"),
    "json": ('Return a JSON object with keys "name" and "age" for Alice, 30.',
             'Return a JSON object with keys "name" and "age" for Bob, 41.'),
    "text": ("Name three primary colors, one per line.", "Name three primary colours, one per line."),
}
RIGHT = {
    "Solve 3x + 5 = 20 for x.": "3x = 15\nx = 5", "Solve 3x + 5 = 26 for x.": "3x = 21\nx = 7",
    "What is 12 * 12?": "12 * 12 = 144", "What is 12 * 13?": "12 * 13 = 156",
}
PEOPLE = {'Return a JSON object with keys "name" and "age" for Alice, 30.': ("Alice", 30),
          'Return a JSON object with keys "name" and "age" for Bob, 41.': ("Bob", 41)}


class Months(BaseModel):
    """Register a person."""

    name: str
    age: int = Field(description="age in MONTHS (years * 12)")


SAVE = {"type": "function", "function": {"name": "save_person", "description": "Save a person.", "parameters": {
    "type": "object", "properties": {"full_name": {"type": "string"}, "years": {"type": "integer"}},
    "required": ["full_name", "years"]}}}
DICT_FORMAT = {"type": "json_schema", "json_schema": {"name": "register", "schema": Months.model_json_schema()}}

# the options of one request: (model fields, call options, shape) - shape: "tools", "tools_forced", "class", or None
SAMPLING_FIELDS = [{}, {"temperature": 0}, {"temperature": 0.7}, {"top_p": 0.5, "seed": 3}]
CALL_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("none", {}), ("temperature", {"temperature": 0.9}), ("n1", {"n": 1}), ("timeout", {"timeout": 5}),
    ("seed", {"seed": 11}), ("max_tokens_small", {"max_tokens": 3}), ("max_tokens_big", {"max_tokens": 400}),
    ("stop", {"stop": ["\n"]}), ("logit_bias", {"logit_bias": {"42": 5}}), ("n2", {"n": 2}),
    ("json_mode", {"response_format": {"type": "json_object"}}), ("json_schema_dict", {"response_format": DICT_FORMAT}),
    ("tools_auto", {"tools": [SAVE], "tool_choice": "auto"}), ("tools_unset", {"tools": [SAVE]}),
    ("tools_forced", {"tools": [SAVE], "tool_choice": "required"}), ("class", {}),
]
SAMPLING_ONLY = {"none", "temperature", "n1", "timeout", "seed"}


def model_answer(body: dict[str, Any]) -> tuple[str, list[dict[str, Any]], str]:
    """What the fake model answers a request body: (content, tool calls, finish reason)."""
    body = {("max_tokens" if k == "max_completion_tokens" else k): v for k, v in body.items()}  # ChatOpenAI renames it
    text = body["messages"][-1]["content"]
    if body.get("tools"):
        name, age = PEOPLE.get(text, ("Nobody", 0))
        return "", [{"name": "save_person", "args": {"full_name": name, "years": age}}], "tool_calls"
    fmt = body.get("response_format")
    if text in PEOPLE:
        name, age = PEOPLE[text]
        months = isinstance(fmt, dict) and fmt.get("type") == "json_schema"
        answer = json.dumps({"name": name, "age": age * 12 if months else age})
    elif text in RIGHT:
        answer = RIGHT[text]
    else:
        options = {k: float(v) if isinstance(v, int) and not isinstance(v, bool) else v  # as sent: 0 is 0.0
                   for k, v in body.items() if k not in ("messages", "model", "stream")}
        answer = f"Red\nBlue\nYellow ({json.dumps(options, sort_keys=True)})"
    if fmt is not None and text not in PEOPLE:  # a response format: JSON (a schema's keys when it has one)
        schema = isinstance(fmt, dict) and fmt.get("type") == "json_schema"
        answer = json.dumps({"name": answer, "age": 0} if schema else {"answer": answer})
    if body.get("logit_bias"):
        answer = "BIASED " + answer
    if body.get("stop"):
        answer = answer.split(body["stop"][0])[0]
    limit = body.get("max_tokens")
    if limit is not None and limit < 8:
        return answer[:limit], [], "length"
    return answer, [], "stop"


class Server:
    def __init__(self) -> None:
        self.calls = 0

    def handler(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.calls += 1
        content, calls, finish = model_answer(body)
        message: dict[str, Any] = {"role": "assistant", "content": content or None}
        if calls:
            message["tool_calls"] = [{"id": f"call_{i}", "type": "function", "function": {
                "name": c["name"], "arguments": json.dumps(c["args"])}} for i, c in enumerate(calls)]
        choices = [{"index": i, "message": message, "finish_reason": finish} for i in range(body.get("n") or 1)]
        return httpx.Response(200, json={"id": "x", "object": "chat.completion", "created": 1, "model": "m",
                                         "choices": choices,
                                         "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}})


def _invoker(server: Server, engine: StepCache, path: str, fields: dict[str, Any], option: str) -> Callable[[str], Any]:
    chat = ChatOpenAI(model="m", api_key="k", base_url="http://fake/v1", max_retries=0,
                      http_client=httpx.Client(transport=httpx.MockTransport(server.handler)), **fields)
    model: Any = with_step_cache(chat, engine) if path == "wrapper" else chat
    if option == "class":
        structured = model.with_structured_output(Months, method="json_schema", include_raw=True)
        return lambda prompt: structured.invoke(prompt)["raw"]
    kwargs = dict(CALL_OPTIONS)[option]
    return lambda prompt: model.invoke(prompt, **kwargs)


def _seen(message: Any) -> tuple[str, list[tuple[str, Any]]]:
    return str(message.content), [(c["name"], c["args"]) for c in getattr(message, "tool_calls", None) or []]


def _expected(prompt: str, fields: dict[str, Any], option: str) -> tuple[str, list[tuple[str, Any]]]:
    sent = {k: v for k, v in dict(CALL_OPTIONS)[option].items() if k != "timeout"}  # transport: not in the body
    body: dict[str, Any] = {"messages": [{"role": "user", "content": prompt}], **fields, **sent}
    if option == "class":
        body["response_format"] = DICT_FORMAT
    content, calls, _ = model_answer(body)
    return content, [(c["name"], c["args"]) for c in calls]


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _same(served: tuple[str, list[Any]], expected: tuple[str, list[Any]]) -> bool:
    """The same answer: the same tool calls and the same text, or the same JSON value written otherwise."""
    return served[1] == expected[1] and (served[0] == expected[0] or _json(served[0]) == _json(expected[0]) != served[0])


def _right(served: tuple[str, list[Any]], right: str) -> bool:
    """The served text states the right answer of a math prompt as its last number (the engine may write
    the steps itself: "12 * 13 = 156."), with no tool call."""
    numbers = re.findall(r"-?\d+", served[0])
    return not served[1] and bool(numbers) and numbers[-1] == re.findall(r"-?\d+", right)[-1]


def _proven_right(option: str, prompt: str, served: tuple[str, list[Any]]) -> bool:
    """A math prompt's right answer served for a request whose options are sampling options only, or (wip/fuzzG, seed 1
    of the options campaign: "12 * 13 = 156." at max_tokens 400) a length limit the served text fits in: at most one
    character per token counted, so an ASCII text no longer than the limit is never cut."""
    if prompt not in RIGHT or not _right(served, RIGHT[prompt]):
        return False
    if option in SAMPLING_ONLY:
        return True
    sent = dict(CALL_OPTIONS)[option]
    return set(sent) == {"max_tokens"} and served[0].isascii() and len(served[0]) <= sent["max_tokens"]


REQUEST = st.tuples(st.sampled_from(range(len(SAMPLING_FIELDS))), st.sampled_from([o for o, _ in CALL_OPTIONS]))




PATHS = ("wrapper", "global", "llama")  # llama: LlamaIndex's StepCacheLLM around its OpenAI class (wip/adaptC)


def _llama(server: Server, engine: StepCache | None, fields: dict[str, Any], option: str) -> Callable[[str], Any]:
    """A chat request through ``StepCacheLLM`` (``engine``; None: the bare model, what it would return): the
    sampling fields the class has as fields (``temperature``), the others in its ``additional_kwargs``; the call
    options as kwargs (``class``: its ``json_schema`` response format, as LangChain sends it)."""
    from llama_index.core.base.llms.types import ChatMessage, MessageRole
    from llama_index.llms.openai import OpenAI

    from stepcache_integrations.llama_index import StepCacheLLM

    extra = {k: v for k, v in fields.items() if k != "temperature"}
    model = OpenAI(model="gpt-4o-mini", api_key="k", api_base="http://fake/v1", max_retries=0,
                   http_client=httpx.Client(transport=httpx.MockTransport(server.handler)),
                   **({"temperature": fields["temperature"]} if "temperature" in fields else {}),
                   **({"additional_kwargs": extra} if extra else {}))
    llm: Any = model if engine is None else StepCacheLLM(model, engine)
    kwargs = {"response_format": DICT_FORMAT} if option == "class" else dict(CALL_OPTIONS)[option]
    return lambda prompt: llm.chat([ChatMessage(role=MessageRole.USER, content=prompt)], **kwargs)


def _call(call: Any) -> tuple[str, Any]:
    function = call.function if hasattr(call, "function") else call["function"]
    name = function.name if hasattr(function, "name") else function["name"]
    arguments = function.arguments if hasattr(function, "arguments") else function["arguments"]
    return name, json.loads(arguments)


def _llama_seen(response: Any) -> tuple[str, list[tuple[str, Any]]]:
    calls = response.message.additional_kwargs.get("tool_calls") or []
    return str(response.message.content or ""), [_call(c) for c in calls]


def _judge_llama(kind: str, p1: str, p2: str, first: tuple[int, str], second: tuple[int, str]) -> Example:
    server, engine = Server(), StepCache()
    (f1, o1), (f2, o2) = first, second
    _llama(server, engine, SAMPLING_FIELDS[f1], o1)(p1)
    before = server.calls
    response = _llama(server, engine, SAMPLING_FIELDS[f2], o2)(p2)
    served = _llama_seen(response)
    outcome = str((response.additional_kwargs.get("stepcache") or {}).get("outcome", "?"))
    if server.calls > before:
        return Example(server.calls - before, True, served, None, outcome)
    expected = _llama_seen(_llama(Server(), None, SAMPLING_FIELDS[f2], o2)(p2))  # the bare model, asked exactly so
    proven_right = _proven_right(o2, p2, served)
    return Example(0, _same(served, expected) or proven_right, served, expected, outcome)


@dataclass(frozen=True)
class Example:
    """One example's verdict: the second request was answered by the model (``calls``) or served what the
    oracle accepts (``ok``); ``served`` and ``expected``: (text, tool calls)."""

    calls: int
    ok: bool
    served: tuple[str, list[Any]]
    expected: tuple[str, list[Any]] | None
    outcome: str

    def describe(self, path: str, p1: str, first: tuple[int, str], p2: str, second: tuple[int, str]) -> str:
        return (f"{path}: {p1!r} {(SAMPLING_FIELDS[first[0]], first[1])} then {p2!r} {(SAMPLING_FIELDS[second[0]], second[1])}"
                f" served {self.served!r}, expected {self.expected!r}")


def judge_example(path: str, kind: str, changed: bool, first: tuple[int, str], second: tuple[int, str]) -> Example:
    """Ask the first request, then the second, on one fresh engine (through ``path``); judge the second."""
    if path == "llama":
        return _judge_llama(kind, PAIRS[kind][0], PAIRS[kind][1] if changed else PAIRS[kind][0], first, second)
    server, engine = Server(), StepCache()
    if path == "global":
        set_llm_cache(StepCacheLLMCache(engine))
    try:
        p1 = PAIRS[kind][0]
        p2 = PAIRS[kind][1] if changed else p1
        (f1, o1), (f2, o2) = first, second
        _invoker(server, engine, path, SAMPLING_FIELDS[f1], o1)(p1)
        before = server.calls
        message = _invoker(server, engine, path, SAMPLING_FIELDS[f2], o2)(p2)
        served = _seen(message)
        outcome = str(((getattr(message, "response_metadata", None) or {}).get("stepcache") or {}).get("outcome", "?"))
        if server.calls > before:
            return Example(server.calls - before, True, served, None, outcome)  # the model answered: its answer
        expected = _expected(p2, SAMPLING_FIELDS[f2], o2)
        proven_right = _proven_right(o2, p2, served)
        return Example(0, _same(served, expected) or proven_right, served, expected, outcome)
    finally:
        set_llm_cache(None)
