"""Subscripted unknowns (x_1, a_1, x_2) in a step's prose: "Collect the x_1 terms" names an unknown
of the problem, so the engine's own working for "Solve for x_1: 3x_1 - 4 = 17" is proven and a
changed constant is re-instantiated (dev set 15d, d120: it was "checked" and every repeat called the
model). A subscripted word that is no unknown of the problem is still prose the checker cannot read.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import unread_prose

from .harness import FixedReplyModel, served_linear

PAIRS = [
    ("Solve for x_1: 3x_1 - 4 = 17", "Solve for x_1: 3x_1 - 4 = 26", {"x_1": 10}),
    ("Solve 2a_1 + 3 = 11", "Solve 2a_1 + 3 = 15", {"a_1": 6}),
    ("Solve x_1 + x_2 = 10, x_1 - x_2 = 2", "Solve x_1 + x_2 = 12, x_1 - x_2 = 2", {"x_1": 7, "x_2": 5}),
]


@pytest.mark.parametrize(("first", "second", "expected"), PAIRS)
def test_a_subscripted_unknown_is_re_instantiated_exactly(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


def test_a_subscripted_word_is_one_word_of_the_prose() -> None:
    """"x_1" is read whole: an unknown of the problem, or a word the checker cannot read (never
    "x" and "1" apart)."""
    assert unread_prose("Collect the x_1 terms on the left: 3x_1 = 21", frozenset({"x_1"})) is None
    assert unread_prose("Collect the x_2 terms on the left: 3x_1 = 21", frozenset({"x_1"})) == "x_2"
    assert unread_prose("Collect the x_1 terms on the left: 3x = 21", frozenset({"x"})) == "x_1"
    assert unread_prose("Collect the_terms on the left: 3x = 21", frozenset({"x"})) == "the_terms"


def test_a_model_answer_naming_another_subscript_is_not_proven() -> None:
    """A right value whose prose names an unknown the problem does not have is never "proven"."""
    reply = "Step 1: Collect the x_2 terms on the left: 3x_1 = 21\nStep 2: Divide both sides by 3: x_1 = 7\nAnswer: x_1 = 7"
    result = StepCache().generate("Solve for x_1: 3x_1 - 4 = 17", FixedReplyModel(reply))
    assert result.verification != "proven", result.text
