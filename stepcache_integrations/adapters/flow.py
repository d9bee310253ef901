"""One body for an adapter method and its async twin.

A twin flow is a generator that yields :class:`Io` steps (a sync callable, its async
twin and their arguments) and returns the method's result. :func:`run` fulfils the steps
with the sync callables, :func:`arun` with the async ones, so the public method and its
``a``-twin are one line each and cannot drift. An exception raised by a step is thrown
back into the flow at its ``yield``, so the flow handles it with a plain ``try``.

A streaming flow also yields :class:`Emit` items, which :func:`run_stream` and
:func:`arun_stream` hand to their consumer; :func:`pull` reads an inner stream one item
at a time (an iterator in the sync driver, an async iterator in the async one).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = [
    "END",
    "Emit",
    "Io",
    "StreamFlow",
    "TwinFlow",
    "arun",
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
