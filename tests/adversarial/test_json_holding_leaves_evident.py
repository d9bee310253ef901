"""fuzzG's class-1 finding (function_word_key edits on the nested 'holding' form): a word after the last leaf of a key
holding an object was read as one more leaf key ('Return JSON with a key "server" holding host "api" and port 443,
maybe 31.' -> "server": {..., "maybe": 31}, served without a model call). Red team 29's key-evidence rule
(json/reader._keys_evident: a key joined to its value by a space alone needs evidence of naming a key) ran on the
flat request only; now the leaves said after "holding" pass it too (reader._checked_request)."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

HOLDING = 'Return JSON with a key "server" holding host "api" and port 443.'


@pytest.mark.parametrize("tail", ["maybe 31", "or 31", "sorry 31", "cm 80", "months 6", "this year 445", "oder 31",
                                  "o 31", "approximately 31", "not 31"])
def test_a_word_after_the_last_leaf_is_no_key(tail: str) -> None:
    assert read_request(HOLDING[:-1] + f", {tail}.") is None


@pytest.mark.parametrize("tail", ["maybe 31", "cm 80", "this year 445"])
def test_the_cache_asks_the_model(tail: str) -> None:
    cache = StepCache()
    cache.generate(HOLDING, lambda prompt: '{"server": {"host": "api", "port": 443}}')
    calls: list[str] = []
    prompt = HOLDING[:-1].replace("443", "453") + f", {tail}."
    result = cache.generate(prompt, lambda p: calls.append(p) or '{"server": {"host": "api", "port": 453}}')
    assert calls and result.text == '{"server": {"host": "api", "port": 453}}'


@pytest.mark.parametrize(("prompt", "expected"), [
    (HOLDING, {"host": "api", "port": 443}),
    ('Return JSON with a key "db" holding host "db.local" and port 5432.', {"host": "db.local", "port": 5432}),
    ('Return JSON with a key "server" holding host "api", port 443 and timeout 30.', {"host": "api", "port": 443, "timeout": 30}),
])
def test_leaves_that_name_keys_are_still_read(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and next(iter(read.statements.values())).value == expected
