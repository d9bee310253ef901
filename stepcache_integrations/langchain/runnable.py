"""``StepCacheRunnable`` / ``with_step_cache``: the full StepCache pipeline around any LangChain model.

Unlike a ``BaseCache`` (which LangChain only consults for whole answers and bypasses
when streaming), the wrapper runs reuse, re-instantiation, patching and repair, streams
(stored steps on reuse; verified prefix then live tokens on patch), and reports what it
did in ``response_metadata["stepcache"]``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from functools import wraps
from typing import Any

from langchain_core.callbacks import (
    AsyncCallbackManagerForChainRun,
    CallbackManagerForChainRun,
)
from langchain_core.callbacks.manager import adispatch_custom_event, dispatch_custom_event
from langchain_core.language_models import BaseChatModel, BaseLanguageModel, BaseLLM
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    BaseMessageChunk,
    convert_to_messages,
    message_chunk_to_message,
)
from langchain_core.prompt_values import ChatPromptValue, PromptValue, StringPromptValue
from langchain_core.runnables import (
    Runnable,
    RunnableBinding,
    RunnableConfig,
    RunnableParallel,
    RunnableSequence,
    RunnableSerializable,
)
from langchain_core.runnables.config import patch_config
from langchain_core.runnables.fallbacks import _returns_runnable
from pydantic import ConfigDict, Field

from ..adapter_core import METADATA_KEY, StreamSession
from ..core.engine import CachePlan, StepCache
from ..core.types import LLMResponse, StepCacheResult
from ..errors import InvalidPromptError
from ._convert import (
    Kind,
    Request,
    annotate,
    covers,
    entry_metadata,
    llm_key_for,
    message_from_text,
    message_text,
    messages_to_text,
    output_response,
    output_text,
    restorable_generations,
    astored_template,
    stored_template,
    summary,
)

__all__ = ["StepCacheRunnable", "with_step_cache"]

logger = logging.getLogger("stepcache_integrations")
_EVENT = "stepcache"


# ----------------------------------------------------------------------------- model introspection
def _unwrap(runnable: Runnable) -> tuple[Runnable, dict[str, Any]]:
    """The innermost model of a chain of ``RunnableBinding``s and the merged bound kwargs."""
    kwargs: dict[str, Any] = {}
    while isinstance(runnable, RunnableBinding):
        kwargs = {**runnable.kwargs, **kwargs}
        runnable = runnable.bound
    return runnable, kwargs


def _kind(runnable: Runnable) -> Kind:
    model, _ = _unwrap(runnable)
    return "llm" if isinstance(model, BaseLLM) else "chat"


def _llm_string(runnable: Runnable, call_kwargs: dict[str, Any]) -> str:
    """What LangChain's own cache would use as ``llm_string`` for this model and call."""
    model, bound_kwargs = _unwrap(runnable)
    kwargs = {**bound_kwargs, **call_kwargs}
    kwargs.pop("ls_structured_output_format", None)
    stop = kwargs.pop("stop", None)
    if isinstance(model, BaseChatModel):
        return model._get_llm_string(stop=stop, **kwargs)
    if isinstance(model, BaseLLM):
        params: dict[str, Any] = {**model.dict(), "stop": stop, **kwargs}
        return str(sorted(params.items()))
    return f"{model!r}|{sorted(kwargs.items())!r}|{stop!r}"


def _prompt_value(value: Any) -> PromptValue:
    if isinstance(value, PromptValue):
        return value
    if isinstance(value, str):
        return StringPromptValue(text=value)
    if isinstance(value, BaseMessage):
        return ChatPromptValue(messages=[value])
    if isinstance(value, (list, tuple)):
        return ChatPromptValue(messages=convert_to_messages(value))
    raise ValueError(f"invalid input type {type(value).__name__}: must be a PromptValue, str or list of messages")


def _schema_dict(schema: Any) -> dict[str, Any] | None:
    """A JSON Schema for the engine's JSON verification, from whatever LangChain accepts."""
    try:
        from langchain_core.utils.function_calling import convert_to_json_schema

        converted = convert_to_json_schema(schema)
    except Exception:  # noqa: BLE001 - an exotic schema: verify as JSON without it
        return None
    return converted if isinstance(converted, dict) else None


def _is_model(runnable: Any) -> bool:
    model, _ = _unwrap(runnable) if isinstance(runnable, Runnable) else (runnable, {})
    return isinstance(model, BaseLanguageModel)


# ----------------------------------------------------------------------------- model calls
class _Caller:
    """The engine's ``llm`` for one wrapper run: model calls become child runs of the wrapper."""

    def __init__(self, model: Runnable, request: Request, config: RunnableConfig, kwargs: dict[str, Any]) -> None:
        self.model = model
        self.request = request
        self.config = config
        self.kwargs = kwargs

    def call(self, prompt: str) -> Any:
        return self.model.invoke(self.request.model_input(prompt), self.config, **self.kwargs)

    async def acall(self, prompt: str) -> Any:
        return await self.model.ainvoke(self.request.model_input(prompt), self.config, **self.kwargs)

    def stream(self, prompt: str) -> Iterator[Any]:
        return self.model.stream(self.request.model_input(prompt), self.config, **self.kwargs)

    def astream(self, prompt: str) -> AsyncIterator[Any]:
        return self.model.astream(self.request.model_input(prompt), self.config, **self.kwargs)

    # the engine's model interface (repairs)
    def invoke(self, prompt: str) -> LLMResponse:
        return output_response(self.call(prompt), prompt)

    async def ainvoke(self, prompt: str) -> LLMResponse:
        return output_response(await self.acall(prompt), prompt)


def _merge_chunks(chunks: list[Any]) -> Any:
    """A full output from streamed chunks (message chunks are added, strings joined)."""
    if not chunks:
        return AIMessage(content="")
    if isinstance(chunks[0], BaseMessageChunk):
        total = chunks[0]
        for chunk in chunks[1:]:
            total = total + chunk
        return message_chunk_to_message(total)
    return "".join(str(c) for c in chunks)


def _strip_usage(chunk: Any) -> Any:
    """Model chunks pass through without usage: the wrapper's last chunk carries the total."""
    if isinstance(chunk, AIMessageChunk) and (chunk.usage_metadata or chunk.chunk_position):
        return chunk.model_copy(update={"usage_metadata": None, "chunk_position": None})
    return chunk


class StepCacheRunnable(RunnableSerializable[Any, Any]):
    """Any chat model or LLM, answered through a StepCache.

    ``invoke``/``ainvoke``/``batch``/``abatch``/``stream``/``astream`` all go through
    the cache. The wrapper is its own run (``run_type="chain"``); every model call is a
    child run. Chat answers carry ``response_metadata["stepcache"]`` (outcome, per-step
    provenance, similarity, model calls, tokens spent and saved) and ``usage_metadata``
    with the tokens actually spent; a ``"stepcache"`` custom callback event carries the
    same record (also for completion LLMs, which return plain strings).

    ``bind_tools``, ``with_structured_output``, ``bind`` and other methods returning a
    Runnable are forwarded to the model and re-wrapped; ``with_structured_output(schema)``
    makes ``schema`` drive the JSON verification.
    """

    bound: Runnable
    """The model (a chat model, an LLM, or a ``RunnableBinding`` of one)."""
    cache: Any = Field(default_factory=StepCache)
    """The ``StepCache`` engine."""
    namespace: str = "langchain"
    task: str | None = None
    json_schema: dict[str, Any] | None = None
    """A JSON Schema answers must satisfy (set by ``with_structured_output``)."""
    llm_key: str | None = None
    """Entry partition; by default derived from the model and its parameters."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    def __init__(self, bound: Runnable, cache: StepCache | None = None, **kwargs: Any) -> None:
        if cache is None:
            cache = StepCache()
        super().__init__(bound=bound, cache=cache, **kwargs)  # type: ignore[call-arg]

    @classmethod
    def is_lc_serializable(cls) -> bool:
        return False

    def get_name(self, suffix: str | None = None, *, name: str | None = None) -> str:
        return super().get_name(suffix, name=name or f"StepCache[{self.bound.get_name()}]")

    @property
    def InputType(self) -> Any:  # noqa: N802 - LangChain API
        return self.bound.InputType

    @property
    def OutputType(self) -> Any:  # noqa: N802 - LangChain API
        return self.bound.OutputType

    # ------------------------------------------------------------------ forwarding and re-wrapping
    def _rewrap(self, bound: Runnable, **changes: Any) -> StepCacheRunnable:
        fields = {
            "cache": self.cache,
            "namespace": self.namespace,
            "task": self.task,
            "json_schema": self.json_schema,
            "llm_key": self.llm_key,
            **changes,
        }
        return self.__class__(bound=bound, **fields)

    def bind_tools(self, tools: Any, **kwargs: Any) -> StepCacheRunnable:
        """Bind tools to the model; the result still goes through the cache."""
        return self._rewrap(self.bound.bind_tools(tools, **kwargs))  # type: ignore[attr-defined]

    def bind(self, **kwargs: Any) -> StepCacheRunnable:
        """Bind call arguments to the model (part of the cache key); re-wrapped."""
        return self._rewrap(self.bound.bind(**kwargs))

    def with_structured_output(self, schema: Any, *, include_raw: bool = False, **kwargs: Any) -> Runnable:
        """The model's structured output, with its model call cached and verified against ``schema``."""
        structured = self.bound.with_structured_output(  # type: ignore[attr-defined]
            schema, include_raw=include_raw, **kwargs
        )
        json_schema = _schema_dict(schema)
        return self._replace_model(structured, json_schema)

    def _replace_model(self, runnable: Runnable, json_schema: dict[str, Any] | None) -> Runnable:
        if _is_model(runnable):
            return self._rewrap(runnable, json_schema=json_schema, task="json" if json_schema is None else None)
        if isinstance(runnable, RunnableSequence):
            return RunnableSequence(
                self._replace_model(runnable.first, json_schema), *runnable.middle, runnable.last, name=runnable.name
            )
        if isinstance(runnable, RunnableParallel) and "raw" in runnable.steps__:
            steps = dict(runnable.steps__)
            steps["raw"] = self._replace_model(steps["raw"], json_schema)
            return RunnableParallel(steps)
        logger.warning("stepcache: cannot find the model inside %r; structured output is not cached", runnable)
        return runnable

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in type(self).model_fields:
            return super().__getattr__(name)  # type: ignore[misc]
        attr = getattr(self.bound, name)
        if _returns_runnable(attr):

            @wraps(attr)
            def wrapped(*args: Any, **kwargs: Any) -> Any:
                result = attr(*args, **kwargs)
                return self._rewrap(result) if _is_model(result) else result

            return wrapped
        return attr

    # ------------------------------------------------------------------ shared pieces
    def _request(self, value: Any) -> Request:
        prompt = _prompt_value(value)
        if _kind(self.bound) == "llm":
            return Request("llm", prompt.to_string())
        messages = prompt.to_messages()
        return Request("chat", messages_to_text(messages), messages)

    def resolve_llm_key(self, **call_kwargs: Any) -> str:
        """The ``llm_key`` this wrapper's entries use (for these call kwargs): ``llm_key`` if set,
        else derived from the model and its parameters - the same key ``StepCacheLLMCache`` uses."""
        return self.llm_key or llm_key_for(_llm_string(self.bound, call_kwargs))

    def _options(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        return {
            "task": self.task,
            "schema": self.json_schema,
            "namespace": self.namespace,
            "llm_key": self.resolve_llm_key(**kwargs),
        }

    @staticmethod
    def _from_cache(plan: CachePlan, request: Request, template: BaseMessage | None) -> Any:
        """Output for a plan the cache answers alone (reuse / re-instantiation), before the hit is recorded."""
        if request.kind == "llm":
            return plan.cached_text
        restored = restorable_generations(plan)
        if restored:
            message = getattr(restored[0], "message", None)
            if isinstance(message, BaseMessage):
                return message
        return message_from_text(plan.cached_text, template) or AIMessage(content=plan.cached_text)

    @staticmethod
    def _from_model(
        plan: CachePlan, request: Request, raw: Any, result: StepCacheResult, stored: BaseMessage | None
    ) -> Any:
        """Output after a model call: the model's own output when the verified answer is exactly it."""
        raw_text = output_text(raw)
        unchanged = (
            plan.outcome in ("miss", "skip_reuse")
            and result.repair_calls == 0
            and not result.used_fallback
            and covers(plan, raw_text, result.text)
        )
        if request.kind == "llm":
            return raw if unchanged else result.text
        if unchanged and isinstance(raw, BaseMessage):
            return raw
        template = raw if isinstance(raw, BaseMessage) else None
        if plan.outcome == "patch":
            template = stored or template
        return message_from_text(result.text, template) or AIMessage(content=result.text)

    @staticmethod
    def _entry_meta(plan: CachePlan, request: Request, raw: Any, stored: BaseMessage | None) -> dict[str, Any]:
        if plan.outcome == "patch":
            # the raw output answers the patch prompt only: keep the message shape (tool
            # calls, provider-parsed output) so a later reuse rebuilds the same message
            template = stored or (raw if isinstance(raw, BaseMessage) else None)
            return entry_metadata(request.kind, None, template)
        from langchain_core.outputs import ChatGeneration, Generation

        gen = ChatGeneration(message=raw) if isinstance(raw, BaseMessage) else Generation(text=output_text(raw))
        return entry_metadata(request.kind, [gen])

    def _record(self, result: StepCacheResult, kwargs: dict[str, Any]) -> dict[str, Any]:
        return {"namespace": self.namespace, "llm_key": self.resolve_llm_key(**kwargs)}

    def _finish(self, output: Any, result: StepCacheResult, kwargs: dict[str, Any], streamed: bool = False) -> Any:
        if isinstance(output, BaseMessage):
            return annotate(output, result, streamed=streamed, **self._record(result, kwargs))
        return output

    def _emit(self, result: StepCacheResult, config: RunnableConfig, kwargs: dict[str, Any]) -> None:
        try:
            dispatch_custom_event(_EVENT, summary(result, **self._record(result, kwargs)), config=config)
        except Exception:  # noqa: BLE001 - tracing must never break an answer
            logger.debug("stepcache: could not dispatch the custom event", exc_info=True)

    async def _aemit(self, result: StepCacheResult, config: RunnableConfig, kwargs: dict[str, Any]) -> None:
        try:
            await adispatch_custom_event(_EVENT, summary(result, **self._record(result, kwargs)), config=config)
        except Exception:  # noqa: BLE001
            logger.debug("stepcache: could not dispatch the custom event", exc_info=True)

    # ------------------------------------------------------------------ invoke
    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return self._call_with_config(self._invoke, input, config, **kwargs)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return await self._acall_with_config(self._ainvoke, input, config, **kwargs)

    def _invoke(
        self, input: Any, run_manager: CallbackManagerForChainRun, config: RunnableConfig, **kwargs: Any
    ) -> Any:
        request = self._request(input)
        child = patch_config(config, callbacks=run_manager.get_child())
        caller = _Caller(self.bound, request, child, kwargs)
        try:
            plan = self.cache.lookup(request.text, **self._options(kwargs))
        except InvalidPromptError:  # e.g. an empty prompt: nothing to cache, just answer
            return self.bound.invoke(input, child, **kwargs)
        stored = stored_template(plan, self.cache.store)
        if not plan.needs_model:
            output = self._from_cache(plan, request, stored)
            result = plan.result()
        else:
            assert plan.generation_prompt is not None
            raw = caller.call(plan.generation_prompt)
            result = self.cache.finalize(
                plan, output_response(raw, plan.generation_prompt), llm=caller,
                metadata=self._entry_meta(plan, request, raw, stored),
            )
            output = self._from_model(plan, request, raw, result, stored)
        self._emit(result, child, kwargs)
        return self._finish(output, result, kwargs)

    async def _ainvoke(
        self, input: Any, run_manager: AsyncCallbackManagerForChainRun, config: RunnableConfig, **kwargs: Any
    ) -> Any:
        request = self._request(input)
        child = patch_config(config, callbacks=run_manager.get_child())
        caller = _Caller(self.bound, request, child, kwargs)
        try:
            plan = await self.cache.alookup(request.text, **self._options(kwargs))
        except InvalidPromptError:
            return await self.bound.ainvoke(input, child, **kwargs)
        stored = await astored_template(plan, self.cache.store)
        if not plan.needs_model:
            output = self._from_cache(plan, request, stored)
            result = await plan.aresult()
        else:
            assert plan.generation_prompt is not None
            raw = await caller.acall(plan.generation_prompt)
            result = await self.cache.afinalize(
                plan, output_response(raw, plan.generation_prompt), llm=caller,
                metadata=self._entry_meta(plan, request, raw, stored),
            )
            output = self._from_model(plan, request, raw, result, stored)
        await self._aemit(result, child, kwargs)
        return self._finish(output, result, kwargs)

    # ------------------------------------------------------------------ streaming
    def stream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        yield from self._transform_stream_with_config(iter([input]), self._stream, config, **kwargs)

    async def astream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AsyncIterator[Any]:
        async def one() -> AsyncIterator[Any]:
            yield input

        async for chunk in self._atransform_stream_with_config(one(), self._astream, config, **kwargs):
            yield chunk

    @staticmethod
    def _live(plan: CachePlan) -> bool:
        """Stream the model's tokens as they come (its output is the tail of the answer)?

        A patch without a text prefix (JSON fields) is merged into the kept part, so
        its raw output is buffered and the assembled answer is streamed instead.
        """
        return plan.outcome != "patch" or bool(plan.prefix_text)

    def _stream(
        self,
        inputs: Iterator[Any],
        run_manager: CallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> Iterator[Any]:
        input = next(inputs)
        request = self._request(input)
        child = patch_config(config, callbacks=run_manager.get_child())
        caller = _Caller(self.bound, request, child, kwargs)
        try:
            plan = self.cache.lookup(request.text, **self._options(kwargs))
        except InvalidPromptError:
            yield from self.bound.stream(input, child, **kwargs)
            return
        stored = stored_template(plan, self.cache.store)
        if not plan.needs_model:
            output = self._from_cache(plan, request, stored)
            result = plan.result()
            self._emit(result, child, kwargs)
            yield from _chunks(self._finish(output, result, kwargs, streamed=True), [s.text for s in result.steps])
            return
        assert plan.generation_prompt is not None
        session = StreamSession()
        if not self._live(plan):
            raw = caller.call(plan.generation_prompt)
        else:
            if plan.prefix_text:
                yield _piece(request.kind, plan.prefix_text)
                session.prefix(plan.prefix_text)
            pieces = []
            for chunk in caller.stream(plan.generation_prompt):
                pieces.append(chunk)
                session.feed(_chunk_text(chunk))
                yield _strip_usage(chunk)
            raw = _merge_chunks(pieces)
        result = self.cache.finalize(
            plan, output_response(raw, plan.generation_prompt), llm=caller,
            metadata=self._entry_meta(plan, request, raw, stored),
        )
        self._emit(result, child, kwargs)
        final = self._finish(self._from_model(plan, request, raw, result, stored), result, kwargs, streamed=True)
        yield from _tail(final, session, [s.text for s in result.steps], live=self._live(plan))

    async def _astream(
        self,
        inputs: AsyncIterator[Any],
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> AsyncIterator[Any]:
        input = await inputs.__anext__()
        request = self._request(input)
        child = patch_config(config, callbacks=run_manager.get_child())
        caller = _Caller(self.bound, request, child, kwargs)
        try:
            plan = await self.cache.alookup(request.text, **self._options(kwargs))
        except InvalidPromptError:
            async for chunk in self.bound.astream(input, child, **kwargs):
                yield chunk
            return
        stored = await astored_template(plan, self.cache.store)
        if not plan.needs_model:
            output = self._from_cache(plan, request, stored)
            result = await plan.aresult()
            await self._aemit(result, child, kwargs)
            for chunk in _chunks(self._finish(output, result, kwargs, streamed=True), [s.text for s in result.steps]):
                yield chunk
            return
        assert plan.generation_prompt is not None
        session = StreamSession()
        if not self._live(plan):
            raw = await caller.acall(plan.generation_prompt)
        else:
            if plan.prefix_text:
                yield _piece(request.kind, plan.prefix_text)
                session.prefix(plan.prefix_text)
            pieces = []
            async for chunk in caller.astream(plan.generation_prompt):
                pieces.append(chunk)
                session.feed(_chunk_text(chunk))
                yield _strip_usage(chunk)
            raw = _merge_chunks(pieces)
        result = await self.cache.afinalize(
            plan, output_response(raw, plan.generation_prompt), llm=caller,
            metadata=self._entry_meta(plan, request, raw, stored),
        )
        await self._aemit(result, child, kwargs)
        final = self._finish(self._from_model(plan, request, raw, result, stored), result, kwargs, streamed=True)
        for chunk in _tail(final, session, [s.text for s in result.steps], live=self._live(plan)):
            yield chunk


# ----------------------------------------------------------------------------- chunk helpers
def _chunk_text(chunk: Any) -> str:
    if isinstance(chunk, BaseMessageChunk):
        content = chunk.content
        if isinstance(content, str):
            return content
        return "".join(b if isinstance(b, str) else b.get("text", "") for b in content if isinstance(b, (str, dict)))
    return str(chunk)


def _piece(kind: Kind, text: str) -> Any:
    return AIMessageChunk(content=text) if kind == "chat" else text


def _message_chunk(message: BaseMessage, content: str, last: bool) -> AIMessageChunk:
    """A chunk of ``message``: ``content`` text; the last chunk carries tool calls and metadata."""
    if not last:
        return AIMessageChunk(content=content, id=message.id)
    tool_call_chunks = [
        {"name": c["name"], "args": _json(c["args"]), "id": c.get("id"), "index": i}
        for i, c in enumerate(getattr(message, "tool_calls", None) or [])
    ]
    return AIMessageChunk(
        content=content,
        id=message.id,
        additional_kwargs=dict(message.additional_kwargs or {}),
        response_metadata=dict(message.response_metadata or {}),
        usage_metadata=getattr(message, "usage_metadata", None),
        tool_call_chunks=tool_call_chunks,
        chunk_position="last",
    )


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def _chunks(output: Any, steps: list[str]) -> Iterator[Any]:
    """Stream a complete answer step by step (cached answers)."""
    if isinstance(output, BaseMessage):
        content = output.content if isinstance(output.content, str) else None
        if content is None or "".join(steps) != content or not steps:
            parts = [content] if content is not None else [""]
            if content is None:  # content blocks: one chunk with the whole message
                yield AIMessageChunk(
                    content=output.content,
                    id=output.id,
                    response_metadata=dict(output.response_metadata or {}),
                    usage_metadata=getattr(output, "usage_metadata", None),
                    chunk_position="last",
                )
                return
        else:
            parts = steps
        for i, part in enumerate(parts):
            yield _message_chunk(output, part, last=i == len(parts) - 1)
        return
    text = str(output)
    parts = steps if steps and "".join(steps) == text else [text]
    yield from parts


def _tail(final: Any, session: StreamSession, steps: list[str], *, live: bool) -> Iterator[Any]:
    """After a model call: the rest of the verified answer and the metadata chunk.

    When verification or repair replaced text already streamed, the record says
    ``streamed`` and ``revised`` and holds the verified answer in ``text`` (authoritative
    over the deltas); nothing more is appended.
    """
    if not live:
        yield from _chunks(final, steps)
        return
    final_text = message_text(final) if isinstance(final, BaseMessage) else str(final)
    content = final.content if isinstance(final, BaseMessage) else final_text
    if isinstance(content, str):
        closed = session.close(content)
        rest, revised = closed.tail, closed.revised and final_text != session.emitted
    else:
        rest, revised = "", False
    if revised:
        logger.warning(
            "stepcache: the streamed answer was revised after verification/repair; "
            "the verified answer is in the last chunk's response_metadata['stepcache']['text']"
        )
    if isinstance(final, BaseMessage):
        record = dict(final.response_metadata.get(METADATA_KEY, {}))
        record.update(streamed=True, revised=revised, text=final_text if revised else None)
        # The model's chunks already carried its tool calls and response metadata (which
        # chunk addition would duplicate); the last chunk adds the step record and the
        # total usage (stripped from the model's chunks).
        yield AIMessageChunk(
            content=rest,
            response_metadata={METADATA_KEY: record},
            usage_metadata=getattr(final, "usage_metadata", None),
            chunk_position="last",
        )
    elif rest:
        yield rest


# ----------------------------------------------------------------------------- public helper
def with_step_cache(model: Runnable, cache: StepCache | None = None, **options: Any) -> StepCacheRunnable:
    """Wrap ``model`` (chat model or LLM) so every call goes through ``cache``.

    ``options``: ``namespace``, ``task``, ``json_schema`` (``schema`` is an alias), ``llm_key``.
    """
    if "schema" in options:
        if "json_schema" in options:
            raise ValueError("pass json_schema= (schema= is its alias), not both")
        options["json_schema"] = options.pop("schema")
    return StepCacheRunnable(bound=model, cache=cache, **options)
