"""The twin-flow drivers: one generator body, fulfilled with sync or with async calls."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from stepcache_integrations.adapters.flow import Io, TwinFlow, arun, run


class _Service:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def get(self, key: str, *, suffix: str = "") -> str:
        self.calls.append(f"get:{key}")
        if key == "missing":
            raise KeyError(key)
        return key.upper() + suffix

    async def aget(self, key: str, *, suffix: str = "") -> str:
        self.calls.append(f"aget:{key}")
        if key == "missing":
            raise KeyError(key)
        return key.upper() + suffix


def _flow(service: _Service, keys: list[str]) -> TwinFlow[list[str]]:
    out: list[str] = []
    for key in keys:
        try:
            out.append((yield Io.of(service.get, service.aget, key, suffix="!")))
        except KeyError:
            out.append("<none>")
    return out


@pytest.mark.parametrize("driver", ["sync", "async"])
def test_both_drivers_give_the_same_result_through_their_own_calls(driver: str) -> None:
    service = _Service()
    flow = _flow(service, ["a", "missing", "b"])
    result = run(flow) if driver == "sync" else asyncio.run(arun(flow))
    assert result == ["A!", "<none>", "B!"]
    prefix = "get" if driver == "sync" else "aget"
    assert service.calls == [f"{prefix}:a", f"{prefix}:missing", f"{prefix}:b"]


def _unguarded(service: _Service) -> TwinFlow[Any]:
    yield Io.of(service.get, service.aget, "missing")
    return "unreachable"


@pytest.mark.parametrize("driver", ["sync", "async"])
def test_an_error_the_flow_does_not_handle_reaches_the_caller(driver: str) -> None:
    flow = _unguarded(_Service())
    with pytest.raises(KeyError, match="missing"):
        run(flow) if driver == "sync" else asyncio.run(arun(flow))


def test_a_flow_without_io_returns_at_once() -> None:
    def nothing() -> TwinFlow[int]:
        return 7
        yield  # pragma: no cover - makes this a generator

    assert run(nothing()) == 7
    assert asyncio.run(arun(nothing())) == 7
