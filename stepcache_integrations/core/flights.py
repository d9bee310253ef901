"""Identical requests in flight at once: one goes first, the others wait for it and then look up (wip/adaptE).

``batch([s, s])``, ``abatch([s, s])`` or two concurrent ``ainvoke(s)`` on a cold cache each looked the request
up, each missed, and each called the model: two model calls for one answer. A :class:`Flights` registry (one
per ``StepCache``) lets an adapter run one request of a *flight key* at a time: the first to :meth:`Flights.join`
leads (its lookup, model call and store run as before); an identical request that joins while it is in flight
waits until the leader is done (:meth:`Ticket.wait` / :meth:`Ticket.await_`), then runs its own lookup, which
now finds what the leader stored. Nothing is handed from one request to the other: each waiter's answer is
what the cache serves it afterwards, exactly as if the two requests had been sent one after the other (an
answer the leader could not store, a failed check, an error: the waiter looks up, misses and calls the
model itself; never more model calls than without the cache).

The flight key is the adapter's: everything that makes two requests the same request for the cache (model
identity, sampling options, tier, partition, prompt, task and schema, the request beyond its text). Requests
that differ in any of it (another temperature, seed or model) have other keys and never wait on each other.
A request never waits on a flight its own thread or task leads (a nested call: no deadlock), and a waiter
gives up after :data:`WAIT_LIMIT` seconds (a leader that hangs costs the waiter that long, then it goes on
alone; ``Flights(wait_limit=...)``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Hashable
from typing import Any

__all__ = ["Flights", "Ticket", "WAIT_LIMIT"]

WAIT_LIMIT = 600.0  # seconds a waiter waits for a leader at most (then it answers alone)


def _owner() -> tuple[int, int | None]:
    """Who runs the caller: its thread, and its asyncio task when there is one."""
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no running event loop in this thread
        task = None
    return threading.get_ident(), None if task is None else id(task)


class _Flight:
    """One request in flight: its leader and how its waiters are woken."""

    def __init__(self, owner: tuple[int, int | None]) -> None:
        self.owner = owner
        self.done = threading.Event()
        self.waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []


class Ticket:
    """What :meth:`Flights.join` gave a request: ``leader`` (it runs first and must :meth:`release`), or a
    waiter of another request's flight (:meth:`wait` / :meth:`await_` before its lookup)."""

    def __init__(self, flights: Flights, key: Hashable, flight: _Flight | None, leader: bool) -> None:
        self._flights, self._key, self._flight, self.leader = flights, key, flight, leader

    @property
    def waits(self) -> bool:
        """Whether this request waits for another one's flight."""
        return not self.leader and self._flight is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the leader is done (True), or ``timeout`` (default: the registry's ``wait_limit``) passed (False)."""
        if self._flight is None:
            return True
        return self._flight.done.wait(self._flights.wait_limit if timeout is None else timeout)

    async def await_(self, timeout: float | None = None) -> bool:
        """:meth:`wait` without blocking the event loop."""
        flight = self._flight
        if flight is None:
            return True
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._flights.lock:
            if flight.done.is_set():
                return True
            flight.waiters.append((loop, future))
        try:
            await asyncio.wait_for(future, self._flights.wait_limit if timeout is None else timeout)
            return True
        except asyncio.TimeoutError:
            return False

    def release(self) -> None:
        """The leader is done: forget the flight and wake its waiters (a no-op for a waiter; idempotent)."""
        if not self.leader or self._flight is None:
            return
        flight, self._flight = self._flight, None
        self._flights.land(self._key, flight)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class Flights:
    """The requests in flight of one ``StepCache``, by flight key (thread-safe; sync and async callers mix)."""

    def __init__(self, wait_limit: float = WAIT_LIMIT) -> None:
        self.lock = threading.Lock()
        self.flying: dict[Hashable, _Flight] = {}
        self.wait_limit = wait_limit  # seconds a waiter waits at most

    def __len__(self) -> int:
        return len(self.flying)

    def join(self, key: Hashable) -> Ticket:
        """Lead the flight of ``key`` (none in flight), or wait for the one in flight. A request whose own
        thread or task leads that flight does not wait (nor lead: the flight is not its to release)."""
        owner = _owner()
        with self.lock:
            flight = self.flying.get(key)
            if flight is None:
                flight = self.flying[key] = _Flight(owner)
                return Ticket(self, key, flight, True)
        if flight.owner == owner:
            return Ticket(self, key, None, False)
        return Ticket(self, key, flight, False)

    def land(self, key: Hashable, flight: _Flight | None = None) -> bool:
        """End the flight of ``key`` (``flight``, or the one the caller's thread or task leads): forget it and wake
        its waiters. False when there is no such flight (ended already, or another's)."""
        with self.lock:
            found = self.flying.get(key)
            if found is None or (flight is not None and found is not flight) or (flight is None and found.owner != _owner()):
                if flight is not None:
                    flight.done.set()
                return False
            del self.flying[key]
            found.done.set()
            waiters, found.waiters = found.waiters, []
        for loop, future in waiters:
            try:
                loop.call_soon_threadsafe(_wake, future)
            except RuntimeError:  # its loop is closed: nobody is waiting there any more
                pass
        return True


def flight_key(*parts: Any) -> Hashable:
    """A hashable flight key of ``parts`` (each as its ``repr`` when it is not hashable: dicts, lists)."""
    out = []
    for part in parts:
        try:
            hash(part)
            out.append(part)
        except TypeError:
            out.append(repr(part))
    return tuple(out)
