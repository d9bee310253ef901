"""A measure is read only of a noun the table declares ("for a duration of 2 hours"): a word that
says which part is meant ("for a third of 5 hours": 100 minutes, not 300) is no claim. Found by the
prompt-edit fuzzer's word_replace edit ("for a also of 5 hours" was read as a duration), 2026-12-04."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import FixedReplyModel

NOT_A_MEASURE = ["third", "fraction", "multiple", "total", "also", "quarter", "half", "tenth", "couple"]


@pytest.mark.parametrize("word", NOT_A_MEASURE)
@pytest.mark.parametrize("lead", ['Return JSON with "minutes"', 'Return JSON with key "minutes"'])
def test_a_word_that_is_no_measure_noun_is_no_claim(word: str, lead: str) -> None:
    prompt = f"{lead} for a {word} of 5 hours."
    assert read_request(prompt) is None, prompt
    cache = StepCache()
    model = FixedReplyModel('{"minutes": 7}')
    cache.generate(f"{lead} for a duration of 2 hours.", model)
    result = cache.generate(prompt, model)
    assert result.model_calls >= 1, (prompt, result.outcome, result.text)


@pytest.mark.parametrize("noun", ["duration", "length", "time", "walk"])
def test_a_declared_measure_noun_is_read(noun: str) -> None:
    read = read_request(f'Return JSON with "minutes" for a {noun} of 5 hours.')
    assert read is not None and read.statements["minutes"].value == 300
