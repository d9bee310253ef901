"""An entry its task's deterministic fallback wrote is re-instantiated by the same writer: a request
the fallback proves whole (a key renamed, a unit asked under another key) is served without the patch
call that would end, the model's answer failing, on the same text (core.planner._rewrite_by_fallback).
An entry the model wrote is still patched by the model; a fallback answer not proven is never served."""

from __future__ import annotations

import json

import pytest

from stepcache_integrations import StepCache

from .harness import FixedReplyModel, NeverRightModel


_PAIRS = [
    ('Output a JSON object with the key "color" set to "red".', 'Output a JSON object with the key "colour" set to "blue".',
     {"colour": "blue"}),
    ("JSON please: color=green, count=5", "JSON please: colour=green, count=5", {"colour": "green", "count": 5}),
    ("Return a JSON object with the key \"temperature\" set to 21.", "Return a JSON object with the key \"humidity\" set to 45.",
     {"humidity": 45}),
    ('Convert 5 km to meters, return {"meters": n}', 'Convert 5 km to centimeters, return {"centimeters": n}',
     {"centimeters": 500000}),
    ('Give me {"meters": <value>} for 3 km.', 'Give me {"centimeters": <value>} for 3 km.', {"centimeters": 300000}),
]


@pytest.mark.parametrize(("first", "second", "expected"), _PAIRS, ids=[f"pair-{i}" for i in range(len(_PAIRS))])
def test_an_entry_the_fallback_wrote_is_rewritten_by_it(first: str, second: str, expected: dict[str, object]) -> None:
    cache, model = StepCache(), NeverRightModel()
    stored = cache.generate(first, model)
    assert stored.used_fallback and stored.verified  # the model never right: the fallback wrote the entry
    before = model.calls
    result = cache.generate(second, model)
    assert model.calls == before, result
    assert result.outcome == "reinstantiate" and result.verified and result.verification == "proven"
    assert json.loads(result.text) == expected
    assert [step.provenance for step in result.steps] == ["fallback"]


def test_an_entry_the_model_wrote_is_patched_by_the_model() -> None:
    cache = StepCache()
    cache.generate('Output a JSON object with the key "color" set to "red".', FixedReplyModel('{"color": "red"}'))
    model = FixedReplyModel('{"colour": "blue"}')
    result = cache.generate('Output a JSON object with the key "colour" set to "blue".', model)
    assert result.model_calls == 1 and result.outcome == "patch"
    assert json.loads(result.text) == {"colour": "blue"}


def test_a_request_the_fallback_cannot_prove_is_not_served() -> None:
    # the new request asks a key whose value it does not state: no fallback answer, the model answers
    cache, model = StepCache(), NeverRightModel()
    cache.generate('Output a JSON object with the key "color" set to "red".', model)
    before = model.calls
    cache.generate('Output a JSON object with the keys "colour" and "size".', model)
    assert model.calls > before
