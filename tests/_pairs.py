"""Helpers shared by the reach tests of every task: a never-right model, the second prompt of a
pair asked after the first, and an exact JSON object (wip/cleanup: written once here, they were
copied into tests/unit/test_json_reach_jsonr6.py, test_json_reach_jsonv.py and
tests/adversarial/harness.py)."""

from __future__ import annotations

import hashlib
import json

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request


class NeverRightModel:
    """Never right: its answer is a function of the prompt, so only what a checker or the
    deterministic fallback proves is ever stored, and a served answer is the cache's own work."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return "ECHO " + hashlib.sha256(prompt.encode("utf-8")).hexdigest()[:12]


def read_stated(prompt: str) -> tuple[tuple[str, ...], dict[str, object]] | None:
    """The JSON reader's keys and stated values of ``prompt``, or None (no plain request)."""
    r = read_request(prompt)
    return None if r is None else (r.keys, {k: s.value for k, s in r.statements.items()})


def served_after(first: str, second: str) -> tuple[bool, object]:
    """(served without a model call and verified, the second answer's object) after a
    never-right model answered ``first``."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    try:
        obj = json.loads(result.text)
    except ValueError:
        obj = None
    return model.calls == before and result.verified, obj


def exact_object(obj: object, expected: dict[str, object]) -> bool:
    """``obj`` is ``expected`` exactly: the same keys in the same order, each value equal and of the same type."""
    return isinstance(obj, dict) and list(obj.items()) == list(expected.items()) and all(
        type(obj[k]) is type(v) for k, v in expected.items())
