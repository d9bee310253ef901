"""Red team 27's over-decline: whitespace around an arithmetic prompt hid the question ("What is 3 less than
10? " went to the model, and a never-right model's answer was served unchecked although 7 is provable). The
reader strips the prompt's outer whitespace; anything else around the question is still read or no claim."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question

from .harness import FixedReplyModel, NeverRightModel


@pytest.mark.parametrize("prompt", ["What is 3 less than 10? ", " What is 3 less than 10?", "What is 3 less than 10?\n",
                                    "\tWhat is 3 less than 10?\r\n", "¿Cuánto es 10 menos 3? "])
def test_outer_whitespace_says_nothing(prompt: str) -> None:
    question = read_question(prompt)
    assert question is not None and question.value == 7, question


@pytest.mark.parametrize("prompt", ["What is 3 less than 10? Answer in French. ", "What is 3 less than 10? x ",
                                    "What is 3 less than 10?\n\nRound it. ", " What is 3 less than 10?? "])
def test_words_around_the_question_are_still_read(prompt: str) -> None:
    assert read_question(prompt) is None


def test_a_trailing_space_is_served_proven() -> None:
    cache = StepCache()
    cache.generate("What is 3 less than 10?", FixedReplyModel("10 - 3 = 7."))
    model = NeverRightModel()
    result = cache.generate("What is 3 less than 10? ", model)
    assert result.model_calls == 0 and result.verification == "proven" and "7" in result.text, result.text
