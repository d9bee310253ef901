"""One body for an adapter method and its async twin.

A twin flow is a generator that yields :class:`Io` steps (a sync callable, its async
twin and their arguments) and returns the method's result. :func:`run` fulfils the steps
with the sync callables, :func:`arun` with the async ones, so the public method and its
``a``-twin are one line each and cannot drift. An exception raised by a step is thrown
back into the flow at its ``yield``, so the flow handles it with a plain ``try``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = ["Io", "TwinFlow", "arun", "run"]

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


TwinFlow = Generator[Io, Any, T]
"""A generator yielding :class:`Io` steps and returning the method's result."""


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


class _State:
    """The last step's value or error, and the flow's result once it returns."""

    def __init__(self) -> None:
        self.value: Any = None
        self.error: Exception | None = None
        self.result: Any = None

    def resume(self, flow: TwinFlow[Any]) -> Io | None:
        """Hand the last outcome to the flow; its next step, or None when it returned."""
        try:
            return flow.throw(self.error) if self.error is not None else flow.send(self.value)
        except StopIteration as done:
            self.result = done.value
            return None

    def settle(self, step: Io) -> None:
        try:
            self.value, self.error = step.sync(*step.args, **step.kwargs), None
        except Exception as exc:  # handed to the flow, which re-raises what it does not handle
            self.value, self.error = None, exc

    async def asettle(self, step: Io) -> None:
        try:
            self.value, self.error = await step.async_(*step.args, **step.kwargs), None
        except Exception as exc:
            self.value, self.error = None, exc
