"""Issue 32 item 7.5: a patched (or repaired) JSON object has exactly the keys the request asks for.

Keys ``name and age`` cached, ``full_name and age`` asked: the patch kept (or asked the model for)
the stale ``name``, and the patched object carried ``full_name``, ``age`` and ``name``. A cached
key the new request does not ask for is neither kept nor asked for (the keys the model writes are
its own answer, served as written: test_json_fidelity.py); through the engine (sync, async) and the
LangChain wrapper. The stale key is one that passes its checks (kept) and one that fails them (asked).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.llm import CallableModel
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import scripted

CACHED = 'Return a JSON object for a person with name "Alice", age 30. Required keys: name and age.'
ASKED = "Return a JSON object for a person with age 30. Required keys: full_name and age."  # stale name fails
# the stale name still stated: it passes its checks (a plain statement), and used to be kept
STATED = 'Return a JSON object for a person with name "Alice", age 30. Required keys: full_name and age.'
ASKS = [ASKED, STATED]
# the patch reply writes the asked key (a key the model writes is its answer, served as written)
PATCH = json.dumps({"full_name": "Alice Smith"})


def _engine() -> StepCache:
    return StepCache(reinstantiate=False, max_regen_share=0.8)


def _model(calls: list[str]) -> CallableModel:
    def answer(prompt: str) -> str:
        calls.append(prompt)
        return json.dumps({"name": "Alice", "age": 30}) if len(calls) == 1 else PATCH

    return CallableModel(answer)


@pytest.mark.parametrize("asked", ASKS)
@pytest.mark.parametrize("asynchronous", [False, True])
def test_a_patched_object_has_exactly_the_requested_keys(asynchronous: bool, asked: str) -> None:
    calls: list[str] = []
    engine, model = _engine(), _model(calls)
    if asynchronous:
        async def go() -> Any:
            await engine.acomplete(await engine.alookup(CACHED), model)
            return await engine.acomplete(await engine.alookup(asked), model)

        result = asyncio.run(go())
    else:
        engine.generate(CACHED, model)
        result = engine.generate(asked, model)
    assert result.outcome == "patch" and len(calls) == 2
    assert list(json.loads(result.text)) == ["full_name", "age"], result.text
    assert '"name"' not in calls[-1].split("Return only a JSON object with the fields")[-1]  # never asked for


@pytest.mark.parametrize("asked", ASKS)
def test_the_wrapper_serves_the_requested_keys_only(asked: str) -> None:
    model = scripted(json.dumps({"name": "Alice", "age": 30}), PATCH)
    wrapper = with_step_cache(model, _engine())
    wrapper.invoke(CACHED)
    out = wrapper.invoke(asked)
    assert out.response_metadata["stepcache"]["outcome"] == "patch"
    assert list(json.loads(out.content)) == ["full_name", "age"], out.content
