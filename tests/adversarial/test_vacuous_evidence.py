"""A check of nothing is no evidence: a cached answer whose checks hold no unit (an empty "{}" for a
JSON request whose keys were not read) never serves another prompt without a model call.

Found by the lead in the hard benchmark's always-wrong control (held-out templates, 2026-12-04):
the model's "{}" for "... for Omar Haddad, whose account is active." was served, with no model call,
for "... whose account is not active." and for Thailand after Turkey (reuse, "unchecked")."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.planner import proves
from stepcache_integrations.core.tasks.base import UnitCheck, Verification

from .harness import FixedReplyModel, _first_object

PAIRS = [
    ("Reply with only a JSON object with the keys user and active (a boolean) for Omar Haddad, whose account is active.",
     "Reply with only a JSON object with the keys user and active (a boolean) for Omar Haddad, whose account is not active."),
    ("Give a JSON object describing Turkey with the keys country, capital and currency (ISO 4217 code). Reply with JSON only.",
     "Give a JSON object describing Thailand with the keys country, capital and currency (ISO 4217 code). Reply with JSON only."),
    ("Give me a JSON object for a book: title and year.", "Give me a JSON object for a film: title and year."),
    ("Return JSON with keys name and age: name Bob, age 3.", "Return JSON with keys name and age: name Ann, age 4."),
    ("Output a json record of this order please", "Output a json record of that order please"),
]


# the one new prompt that states every required key's value: the task writes that object itself
STATED = {"Return JSON with keys name and age: name Ann, age 4.": {"name": "Ann", "age": 4}}


@pytest.mark.parametrize("empty", ["{}", "{ }", "Here it is: {}"])
@pytest.mark.parametrize(("cached", "new"), PAIRS)
def test_an_empty_object_never_serves_another_prompt(cached: str, new: str, empty: str) -> None:
    cache = StepCache()
    model = FixedReplyModel(empty)
    cache.generate(cached, model)
    result = cache.generate(new, model)
    served_object = _first_object(result.text)
    if result.model_calls == 0:
        # served without the model: only the object the new prompt states itself, never the cached "{}"
        assert served_object, (new, result.outcome, result.text)
        assert result.outcome == "reinstantiate" and served_object == STATED.get(new), (new, result.text)
    else:
        assert model.calls >= 2


def test_a_verification_of_no_unit_proves_nothing() -> None:
    assert not proves(Verification([]))
    assert proves(Verification([UnitCheck("k", True, "")]))
    assert not proves(Verification([UnitCheck("k", True, ""), UnitCheck("j", False, "missing")]))


def test_a_cached_object_with_keys_is_still_served_for_its_own_request() -> None:
    prompt = "Return JSON with keys name and age: name Bob, age 3."
    cache = StepCache()
    model = FixedReplyModel('{"name": "Bob", "age": 3}')
    cache.generate(prompt, model)
    again = cache.generate(prompt, model)
    assert again.outcome in ("reuse", "exact") and again.model_calls == 0 and model.calls == 1
