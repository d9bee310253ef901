"""The engine's model interface, framework-free: ``core.llm`` calls a declared ``TextModel``, a plain
callable (sync or async) or an object of a registered ``ModelKind``, and reads an ``LLMResponse``, a
string or a mapping with text and usage. It knows no framework's objects: an object shaped like one
(``invoke``/``ainvoke``, ``.content``, ``.message.content``, ``usage_metadata``) is not read, and
nothing of LangChain or LlamaIndex is loaded for a plain model."""

from __future__ import annotations

import ast
import asyncio
import gc
import json
import pathlib
import subprocess
import sys
import warnings
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

import pytest

from stepcache_integrations import LLMResponse, ModelOutputError, StepCache
from stepcache_integrations.core import llm as core_llm
from stepcache_integrations.core.llm import (
    CallableModel,
    ModelKind,
    TextModel,
    acall_llm,
    as_model,
    call_llm,
    coerce_response,
    register_model_kind,
    text_response,
    usage_tokens,
)

MATH_Q = "Solve 3x + 5 = 20 for x. Show your steps."
MATH_A = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
CORE_DIR = pathlib.Path(core_llm.__file__).parent


class Declared:
    """A model implementing the declared interface (and nothing else)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.prompts: list[str] = []

    def respond(self, prompt: str) -> LLMResponse:
        self.prompts.append(prompt)
        return LLMResponse(text=self.text, prompt_tokens=11, completion_tokens=7)

    async def arespond(self, prompt: str) -> str:
        self.prompts.append("async:" + prompt)
        return self.text


def test_a_declared_model_is_called_as_it_is_sync_and_async() -> None:
    model = Declared(MATH_A)
    assert isinstance(model, TextModel) and as_model(model) is model
    response = call_llm(model, MATH_Q)
    assert (response.text, response.prompt_tokens, response.completion_tokens) == (MATH_A, 11, 7)
    assert not response.usage_estimated
    again = asyncio.run(acall_llm(model, MATH_Q))
    assert again.text == MATH_A and again.usage_estimated and model.prompts == [MATH_Q, "async:" + MATH_Q]
    result = StepCache().generate(MATH_Q, model)
    assert result.outcome == "miss" and result.verification == "proven" and result.prompt_tokens == 11


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_plain_callables_sync_and_async(use_async: bool) -> None:
    calls: list[str] = []

    def sync_model(prompt: str) -> str:
        calls.append(prompt)
        return MATH_A

    async def async_model(prompt: str) -> Mapping[str, Any]:
        calls.append(prompt)
        return {"text": MATH_A, "usage": {"prompt_tokens": 9, "completion_tokens": 4}}

    for fn, reported in ((sync_model, None), (async_model, (9, 4))):
        model = as_model(fn)
        assert isinstance(model, CallableModel) and isinstance(model, TextModel)
        response = asyncio.run(acall_llm(fn, MATH_Q)) if use_async else call_llm(fn, MATH_Q)
        assert response.text == MATH_A
        assert response.usage_estimated == (reported is None)
        if reported is not None:
            assert (response.prompt_tokens, response.completion_tokens) == reported
    cache = StepCache()
    run = (lambda p, m: asyncio.run(cache.agenerate(p, m))) if use_async else cache.generate
    assert run(MATH_Q, async_model).stored_entry_id
    assert run(MATH_Q.replace("20", "26"), sync_model).outcome == "reinstantiate"


def test_an_async_only_callable_from_a_running_loop_is_a_typed_error() -> None:
    async def model(prompt: str) -> str:
        return MATH_A

    async def inside() -> None:
        with pytest.raises(ModelOutputError, match="agenerate"):
            call_llm(model, MATH_Q)

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the coroutine is closed, not left "never awaited"
        asyncio.run(inside())
        gc.collect()


def test_the_declared_outputs_are_read_and_nothing_else() -> None:
    given = LLMResponse(text="as given", prompt_tokens=1, completion_tokens=2)
    assert coerce_response(given, "p") is given
    text = coerce_response("four words of text", "a prompt")
    assert text.usage_estimated and (text.prompt_tokens, text.completion_tokens) == (2, 5)
    assert text.raw == "four words of text"
    content = coerce_response({"content": "hi", "usage": {"input_tokens": 3, "output_tokens": 1}})
    assert (content.text, content.prompt_tokens, content.completion_tokens) == ("hi", 3, 1)
    unread_usage = coerce_response({"text": "hi", "usage": {"total": 4}}, "p")
    assert unread_usage.usage_estimated
    # framework-shaped objects are no declared output: core reads none of their attributes
    shaped = [
        SimpleNamespace(content="hi", usage_metadata={"input_tokens": 1, "output_tokens": 1}),
        SimpleNamespace(message=SimpleNamespace(content="hi")),
        SimpleNamespace(text="hi", raw={"usage": {"prompt_tokens": 1}}),
        {"content": [{"type": "text", "text": "hi"}]},  # content blocks are LangChain's to read
        42,
        None,
    ]
    for value in shaped:
        with pytest.raises(ModelOutputError, match="not text"):
            coerce_response(value, "p")
    for bad in ("nul\x00byte", {"text": "nul\x00"}):
        with pytest.raises(ModelOutputError, match="NUL"):
            coerce_response(bad, "p")


def test_a_framework_shaped_object_is_not_a_model() -> None:
    class Runnableish:  # invoke/ainvoke, as a LangChain Runnable: not the declared interface
        def invoke(self, prompt: str) -> str:
            return "hi"

        async def ainvoke(self, prompt: str) -> str:
            return "hi"

    class Completer:  # complete/acomplete, as a LlamaIndex LLM
        def complete(self, prompt: str) -> str:
            return "hi"

        async def acomplete(self, prompt: str) -> str:
            return "hi"

    for obj in (Runnableish(), Completer(), 42):
        with pytest.raises(ModelOutputError, match="cannot call"):
            call_llm(obj, "p")


def test_usage_records_and_text_responses() -> None:
    assert usage_tokens({"prompt_tokens": 5, "completion_tokens": 2}) == (5, 2)
    assert usage_tokens({"input_tokens": 5, "output_tokens": None}) == (5, 0)
    assert usage_tokens(SimpleNamespace(prompt_tokens=3, completion_tokens=4)) == (3, 4)
    assert usage_tokens(SimpleNamespace(input_tokens=3, output_tokens=4)) == (3, 4)
    assert usage_tokens({"total_tokens": 9}) is None and usage_tokens(SimpleNamespace()) is None
    reported = text_response("abc", "prompt", (7, 1), raw="r")
    assert (reported.prompt_tokens, reported.completion_tokens, reported.raw) == (7, 1, "r")
    assert not reported.usage_estimated
    estimated = text_response("abcdefgh", "prompt")
    assert (estimated.prompt_tokens, estimated.completion_tokens, estimated.usage_estimated) == (2, 2, True)


class ToyModel:
    """A model of a "framework" the engine does not know: ``ask`` returns a ``ToyReply``."""

    __module__ = "toyframework.models"

    def ask(self, prompt: str) -> ToyReply:
        return ToyReply(MATH_A, tokens=(13, 17))


class ToyReply:
    __module__ = "toyframework.replies"

    def __init__(self, words: str, tokens: tuple[int, int]) -> None:
        self.words, self.tokens = words, tokens


class ToyChild(ToyModel):  # defined elsewhere, derived from the framework's class: the same kind
    __module__ = "tests.unit.somewhere"


class ToyAdapter:
    def __init__(self, model: ToyModel) -> None:
        self.model = model

    def respond(self, prompt: str) -> LLMResponse:
        return coerce_response(self.model.ask(prompt), prompt)

    async def arespond(self, prompt: str) -> LLMResponse:
        return self.respond(prompt)


def test_a_registered_kind_makes_a_framework_callable_without_core_knowing_it() -> None:
    with pytest.raises(ModelOutputError, match="cannot call"):
        call_llm(ToyModel(), MATH_Q)
    register_model_kind(
        ModelKind(
            name="toy",
            modules=("toyframework",),
            model=lambda obj: ToyAdapter(obj) if isinstance(obj, ToyModel) else None,
            response=lambda value, prompt: (
                text_response(value.words, prompt, value.tokens, raw=value) if isinstance(value, ToyReply) else None
            ),
        )
    )
    for model in (ToyModel(), ToyChild()):
        assert isinstance(as_model(model), ToyAdapter)
        response = asyncio.run(acall_llm(model, MATH_Q))
        assert (response.text, response.prompt_tokens, response.completion_tokens) == (MATH_A, 13, 17)
        result = StepCache().generate(MATH_Q, model)
        assert result.verification == "proven" and result.prompt_tokens == 13
    assert coerce_response(ToyReply("hi", (1, 1))).text == "hi"


def test_a_plain_model_loads_no_framework_and_no_adapter() -> None:
    code = (
        "from stepcache_integrations import StepCache\n"
        f"r = StepCache().generate({MATH_Q!r}, lambda p: {MATH_A!r})\n"
        "assert r.verification == 'proven', r\n"
        "import sys, json\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('langchain_core', 'llama_index') or m.startswith(('stepcache_integrations.langchain', "
        "'stepcache_integrations.llama_index', 'stepcache_integrations.adapters')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_no_module_of_core_imports_a_framework_or_an_adapter() -> None:
    forbidden = ("langchain", "langchain_core", "llama_index")
    found = []
    for path in sorted(CORE_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            else:
                continue
            for name in names:
                upward = name.startswith(("..langchain", "..llama_index", "..adapters"))
                if name.split(".")[0] in forbidden or upward:
                    found.append(f"{path.relative_to(CORE_DIR)}: {name}")
    assert found == []
