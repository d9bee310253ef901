"""Red team 30c (README-only, black box on e55f4e96): a request to be quizzed was read as a plain "solve" request.

The English chatter words (linear/vocabulary/en.json CHATTER: fillers a chatter clause may hold) included "quiz",
"test", "exam" (and plurals), "try" and "myself", so 'Quiz me: Solve 3x + 5 = 29 for x.', 'Test me: ...',
'I try myself. Solve ...', 'Act as my algebra tutor and quiz me. Solve ...' were served the whole worked solution
with no model call, verified=True, and a model's right reply ("Your turn: what do you subtract from both sides
first?") was replaced by the fallback's solution. Those words ask for something else than the solution: they left
the chatter class, so such a prompt is no claim and the model's reply is returned. "I have a test tomorrow." (a
context phrase of its own) and "I tried but I'm stuck" stay as they were.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

ROWS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_30c_rows.json").read_text("utf-8"))
SERVED = [r for r in ROWS if r["entry_point"] == "StepCache.generate" and r["class"].startswith("instruction_ignored")]
REPLACED = [r for r in ROWS if r["entry_point"] == "StepCache.generate" and r["class"].startswith("right_model_answer")]


def test_the_saved_rows_are_the_report_s() -> None:
    assert len(ROWS) == 21 and len(SERVED) == 9 and len(REPLACED) == 6


@pytest.mark.parametrize("row", SERVED, ids=lambda r: r["second"][:60])
def test_a_quiz_request_is_no_claim_and_goes_to_the_model(row: dict[str, str]) -> None:
    assert understand_prompt(row["second"]) is None
    cache = StepCache()
    cache.generate(row["first"], lambda prompt: row["first_answer"])
    calls: list[str] = []
    result = cache.generate(row["second"], lambda p: calls.append(p) or "Your turn: what comes first?")
    assert calls and result.text == "Your turn: what comes first?"


@pytest.mark.parametrize("row", REPLACED, ids=lambda r: r["first"][:60])
def test_the_model_s_quiz_reply_is_returned_as_written(row: dict[str, str]) -> None:
    result = StepCache().generate(row["first"], lambda prompt: row["first_answer"])
    assert result.text == row["first_answer"] and not result.verified


@pytest.mark.parametrize("prompt", ["I have a test tomorrow. Solve 3x + 5 = 29 for x.",
                                    "I'm studying for a test. Solve 3x + 5 = 29 for x.",
                                    "Solve 3x + 5 = 29 for x."])
def test_a_context_phrase_is_still_read(prompt: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.solution == {"x": 8}
