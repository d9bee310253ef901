"""Block the network in a test and record every attempt, for tests that claim "never fetched".

A blocked call raises ``OSError`` (as a refused connection would), but the code under test
may catch that and turn it into an ordinary verification failure, so a test must also assert
that the returned list of attempts is empty at its end: only then does a fetch fail the test.
"""

from __future__ import annotations

import socket
from typing import Any

import pytest

__all__ = ["block_network"]


def block_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make every socket connect / DNS lookup fail; return the (live) list of attempts."""
    attempts: list[str] = []

    def refuse(what: str) -> Any:
        def blocked(*args: Any, **kwargs: Any) -> Any:
            shown = [a for a in args if not isinstance(a, socket.socket)]
            attempts.append(f"{what}{tuple(shown)!r}")
            raise OSError(f"network blocked by the test: {what}")

        return blocked

    monkeypatch.setattr(socket.socket, "connect", refuse("socket.connect"))
    monkeypatch.setattr(socket.socket, "connect_ex", refuse("socket.connect_ex"))
    monkeypatch.setattr(socket, "create_connection", refuse("socket.create_connection"))
    monkeypatch.setattr(socket, "getaddrinfo", refuse("socket.getaddrinfo"))
    return attempts
