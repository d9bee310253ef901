"""One body for an adapter method and its async twin, and the answer flow both adapters run.

A twin flow is a generator that yields :class:`Io` steps (a sync callable, its async
twin and their arguments) and returns the method's result. :func:`run` fulfils the steps
with the sync callables, :func:`arun` with the async ones, so the public method and its
``a``-twin are one line each and cannot drift. An exception raised by a step is thrown
back into the flow at its ``yield``, so the flow handles it with a plain ``try``.

A streaming flow also yields :class:`Emit` items, which :func:`run_stream` and
:func:`arun_stream` hand to their consumer; :func:`pull` reads an inner stream one item
at a time (an iterator in the sync driver, an async iterator in the async one).

:func:`answer_flow` is the adapters' flow once, one generator deep: serve a plan the cache
answers alone, or call the model through the declared :class:`AdapterModel` interface and let
the engine finish the answer in one step (:func:`finish_step`: check, repair, fall back, store).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..core.llm import TextModel
from ..core.types import StepCacheResult
from .tiers import cut_off_failures

if TYPE_CHECKING:  # annotations only: importing the flow loads no engine
    from ..core.engine import CachePlan, StepCache
    from ..core.types import LLMResponse

__all__ = [
    "END",
    "AdapterModel",
    "Answer",
    "Emit",
    "Io",
    "StreamFlow",
    "TwinFlow",
    "answer_flow",
    "arun",
    "finish_step",
    "arun_stream",
    "opened",
    "pull",
    "relay",
    "run",
    "run_stream",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Io:
    """One I/O step: ``sync(*args, **kwargs)`` in the sync driver, ``await async_(...)`` in the async one."""

    sync: Callable[..., Any]
    async_: Callable[..., Awaitable[Any]]
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, sync: Callable[..., Any], async_: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> Io:
        """The step calling ``sync`` (or ``async_``) with these arguments."""
        return cls(sync, async_, args, kwargs)


@dataclass(frozen=True)
class Emit:
    """An item for the consumer of a streaming flow (not an I/O step)."""

    item: Any


TwinFlow = Generator[Io, Any, T]
"""A generator yielding :class:`Io` steps and returning the method's result."""

StreamFlow = Generator["Io | Emit", Any, None]
"""A generator yielding :class:`Io` steps and :class:`Emit` items."""


class _End:
    def __repr__(self) -> str:
        return "END"


END: Any = _End()
"""What :func:`pull` gives once the inner stream is exhausted."""


def _next(iterator: Iterator[Any]) -> Any:
    return next(iterator, END)


async def _anext(iterator: AsyncIterator[Any]) -> Any:
    return await anext(iterator, END)


def pull(stream: Any) -> Io:
    """The step reading the next item of ``stream``, or :data:`END`."""
    return Io.of(_next, _anext, stream)


def opened(open_async: Callable[..., AsyncIterator[Any]]) -> Callable[..., Awaitable[AsyncIterator[Any]]]:
    """``open_async`` (which returns an async iterator without being awaited) as an awaitable step."""

    async def open_stream(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        return open_async(*args, **kwargs)

    return open_stream


def relay(open_step: Io) -> StreamFlow:
    """Open a stream with ``open_step`` and emit every item of it."""
    stream = yield open_step
    while (item := (yield pull(stream))) is not END:
        yield Emit(item)


def run(flow: TwinFlow[T]) -> T:
    """Drive ``flow`` with the sync callables."""
    state = _State()
    while (step := state.resume(flow)) is not None:
        state.settle(step)
    return state.result  # type: ignore[no-any-return]


async def arun(flow: TwinFlow[T]) -> T:
    """Drive ``flow`` with the async callables."""
    state = _State()
    while (step := state.resume(flow)) is not None:
        await state.asettle(step)
    return state.result  # type: ignore[no-any-return]


def run_stream(flow: StreamFlow) -> Generator[Any, None, None]:
    """Drive a streaming flow with the sync callables, yielding what it emits."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            if isinstance(step, Emit):
                yield step.item
            else:
                state.settle(step)
    finally:
        flow.close()


async def arun_stream(flow: StreamFlow) -> AsyncIterator[Any]:
    """Drive a streaming flow with the async callables, yielding what it emits."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            if isinstance(step, Emit):
                yield step.item
            else:
                await state.asettle(step)
    finally:
        flow.close()


class _State:
    """The last step's value or error (handed to the flow once), and its result once it returns."""

    def __init__(self) -> None:
        self.value: Any = None
        self.error: Exception | None = None
        self.result: Any = None

    def resume(self, flow: Generator[Any, Any, Any]) -> Any:
        """Hand the last outcome to the flow; its next step, or None when it returned."""
        value, error = self.value, self.error
        self.value, self.error = None, None
        try:
            return flow.throw(error) if error is not None else flow.send(value)
        except StopIteration as done:
            self.result = done.value
            return None

    def settle(self, step: Io) -> None:
        try:
            self.value = step.sync(*step.args, **step.kwargs)
        except Exception as exc:  # handed to the flow, which re-raises what it does not handle
            self.error = exc

    async def asettle(self, step: Io) -> None:
        try:
            self.value = await step.async_(*step.args, **step.kwargs)
        except Exception as exc:
            self.error = exc


# ----------------------------------------------------------------------------- the answer flow
class AdapterModel(TextModel, Protocol):
    """The model interface of an adapter's flow: the framework's own call, and how its output reads.

    ``call`` / ``acall`` send an engine request (generation or patch prompt) to the framework
    model and return its output as the framework gives it; ``response`` reads that output as the
    engine's :class:`LLMResponse` (text, token usage); ``rejects`` says what is wrong with the
    output beyond its text (e.g. a tool request answered without a tool call; empty: nothing);
    ``entry_metadata`` is what the entry keeps to rebuild the framework's output later.
    ``respond`` / ``arespond`` (the engine's :class:`~stepcache_integrations.core.llm.TextModel`)
    answer the engine's own requests (repairs) as :class:`LLMResponse`.
    """

    def call(self, prompt: str) -> Any: ...

    def acall(self, prompt: str) -> Awaitable[Any]: ...

    def response(self, raw: Any, prompt: str) -> LLMResponse: ...

    def rejects(self, raw: Any) -> list[str]: ...

    def entry_metadata(self, plan: CachePlan, raw: Any) -> dict[str, Any] | None: ...

    def respond(self, prompt: str) -> LLMResponse: ...

    def arespond(self, prompt: str) -> Awaitable[LLMResponse]: ...


@dataclass(frozen=True)
class Answer:
    """What :func:`answer_flow` produced: the engine's result and the model's own output (None
    when the cache answered alone)."""

    result: StepCacheResult
    raw: Any = None


def answer_flow(engine: StepCache, plan: CachePlan, model: AdapterModel) -> TwinFlow[Answer]:
    """Serve ``plan`` from the cache, or call ``model`` for its generation prompt and have the
    engine finish the answer (:func:`finish_step`)."""
    if not plan.needs_model:
        return Answer((yield Io.of(engine.serve, engine.aserve, plan)))
    assert plan.generation_prompt is not None
    raw = yield Io.of(model.call, model.acall, plan.generation_prompt)
    return Answer((yield finish_step(engine, plan, model, raw)), raw)


def finish_step(engine: StepCache, plan: CachePlan, model: AdapterModel, raw: Any) -> Io:
    """The step in which the engine finishes the model's output ``raw`` for ``plan`` (e.g. a stream's
    merged chunks): check it, repair it through ``model``, fall back, store it if it passed its
    checks; its value is the :class:`StepCacheResult`."""
    assert plan.generation_prompt is not None
    return Io.of(
        engine.finalize,
        engine.afinalize,
        plan,
        model.response(raw, plan.generation_prompt),
        llm=model,
        metadata=model.entry_metadata(plan, raw),
        rejected=model.rejects(raw),
        length_limit=getattr(model, "limit", None),  # the request's max_tokens (ModelCaller, InnerCaller)
        failed=cut_off_failures(raw, getattr(model, "limit", None)),
    )
