"""The wrapper builds and reads ``llm_string`` once per request (wip/adaptC): the tier, the keys, the shared
partition's key and the sampling digest all come from one ``StepCacheRunnable.read`` (twice for the known
structured class: as bound and as read); the known class is looked for once."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import runnable, with_step_cache

pytest.importorskip("langchain_openai")
from tests.unit.test_langchain_sampling_options import LINEAR, Server  # noqa: E402


def _counted(monkeypatch: pytest.MonkeyPatch) -> Counter:
    counts: Counter = Counter()
    for name in ("llm_string", "read_llm_string", "call_options"):
        real = getattr(runnable, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            counts[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(runnable, name, counted)
    known = runnable.StepCacheRunnable.known_format

    def known_format(self: Any, *args: Any, **kwargs: Any) -> Any:
        counts["known_format"] += 1
        return known(self, *args, **kwargs)

    monkeypatch.setattr(runnable.StepCacheRunnable, "known_format", known_format)
    return counts


def test_one_read_per_request(monkeypatch: pytest.MonkeyPatch) -> None:
    wrapper = with_step_cache(Server().chat(temperature=0.3), StepCache())
    wrapper.invoke(LINEAR)  # the model's answer, proven
    counts = _counted(monkeypatch)
    out = wrapper.invoke(LINEAR, seed=4)  # served from the shared partition: every key was needed
    assert out.response_metadata["stepcache"]["outcome"] == "reuse"
    assert counts == {"llm_string": 1, "read_llm_string": 1, "call_options": 1, "known_format": 1}, counts


def test_the_known_class_is_read_as_bound_and_as_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import BaseModel

    class Person(BaseModel):
        """A person."""

        name: str
        age: int

    structured = with_step_cache(Server().chat(), StepCache()).with_structured_output(Person, method="json_schema")
    wrapper = structured.first
    counts = _counted(monkeypatch)
    read = wrapper.read({})
    assert read.known and read.bound is not read.view and read.bound.key_string != read.view.key_string
    assert counts["llm_string"] == 2 and counts["read_llm_string"] == 2 and counts["known_format"] == 1, counts
