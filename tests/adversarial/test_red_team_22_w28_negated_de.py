"""W28 class C (red team 22): a German negated yes/no question is no claim.

'Ist 14 nicht gerade?' was answered 'Nein.' and stamped verified, where German says 'Doch.' (the
positive predicate holds) and 'Nein' affirms the negation; with a model that said 'Doch.' the cache
replaced its right answer. German's answer words to a negated question are not the table's yes/no
words, so the German table declares no NOT word: 'nicht' is outside its grammar and the question goes
to the model. English keeps its reading ('Is 14 not even?' -> 'No.', issue 33's held-out templates);
the other tables declared no negation already. Every row of red team 22's class C is replayed here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question

from .harness import FixedReplyModel, assert_red_team_pair_not_served

_ROWS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_22_w28_rows.json").read_text(encoding="utf-8"))
_NEGATED = sorted({row["second"] for row in _ROWS if row["class"].startswith("C-")})
_PAIRS = sorted({(row["first"], row["second"]) for row in _ROWS if row["class"].startswith("C-") and row["first"]})


def test_the_fixture_holds_red_team_22_s_class_c() -> None:
    assert len(_NEGATED) == 45 and len(_PAIRS) >= 40
    assert all("nicht" in prompt for prompt in _NEGATED)


@pytest.mark.parametrize("prompt", _NEGATED)
def test_a_german_negated_question_is_no_claim(prompt: str) -> None:
    assert read_question(prompt) is None, prompt
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt


@pytest.mark.parametrize("prompt", _NEGATED)
def test_the_model_s_doch_is_kept(prompt: str) -> None:
    result = StepCache().generate(prompt, FixedReplyModel("Doch."))
    assert result.text == "Doch." and result.verification != "proven", (prompt, result.text, result.verification)


@pytest.mark.parametrize("first, second", _PAIRS)
def test_the_positive_question_s_answer_is_not_served_for_the_negated_one(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)


@pytest.mark.parametrize("prompt, expected", [
    ("Ist 14 gerade?", "Ja."),                     # the positive question keeps its reading
    ("Ist 15 durch 3 teilbar?", "Ja."),
    ("Ist 7 ungerade? Antworte mit ja oder nein.", "Ja."),
    ("Is 14 not even?", "No."),                    # English answers the negated proposition
    ("Is 30 not a multiple of 3?", "No."),
])
def test_the_readings_kept(prompt: str, expected: str) -> None:
    question = read_question(prompt)
    assert question is not None and question.form == "yesno", prompt
    result = StepCache().generate(prompt, FixedReplyModel("?"))
    assert result.text.strip() == expected and result.model_calls >= 1, (prompt, result.text)
