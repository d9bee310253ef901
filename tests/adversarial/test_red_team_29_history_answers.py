"""Red team 29 (README-only, black box on 89a90e9f), D3: a chat history whose assistant turn is WRONG
([Human "Solve 3x + 5 = 20 for x.", AI "x = 6", Human "Solve 3x + 5 = 26 for x."]) was read as its newest question
alone and re-instantiated with no model call, although docs/langchain.md promises that only when every assistant turn
is a proven answer. The adapters' rule (adapters/turns.py) judged the turn and kept the conversation; the linear
reader's own transcript rule (linear/prompt.py ``_history_blanked``) then blanked the history because the turn
"states values alone", right or not. A wrong earlier answer may be what the newest turn is about. Now a transcript's
assistant turn must state its problem's solution (``stated_alone_as_served``), as a few-shot example must.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import scripted

Q1 = "Solve 3x + 5 = 20 for x."
Q2 = "Solve 3x + 5 = 26 for x."
S1 = "Step 1: Subtract 5 from both sides: 3x = 15\nStep 2: Divide both sides by 3: x = 5\nAnswer: x = 5"


@pytest.mark.parametrize("answered", ["x = 6", "x = 100", "6", "Answer: x = 4", "x = 5, y = 2"])
def test_a_transcript_with_a_wrong_or_extra_answer_keeps_its_history(answered: str) -> None:
    assert understand_prompt(f"User: {Q1}\nAssistant: {answered}\nUser: {Q2}") is None


# "5" alone left this list: the number alone is a form of its own the cache would not write (red team 30, B:
# tests/adversarial/test_red_team_30_shown_number_forms.py)
@pytest.mark.parametrize("answered", ["x = 5", "Answer: x = 5", "x = 5."])
def test_a_transcript_with_the_right_answer_is_asked_its_last_problem(answered: str) -> None:
    problem = understand_prompt(f"User: {Q1}\nAssistant: {answered}\nUser: {Q2}")
    assert problem is not None and problem.solution == {"x": 7}


def test_a_system_with_every_answer_right_is_read_and_one_wrong_is_not() -> None:
    first = "Solve x + y = 10 and x - y = 4."
    last = "Solve x + y = 12 and x - y = 2."
    right = understand_prompt(f"User: {first}\nAssistant: x = 7, y = 3\nUser: {last}")
    assert right is not None and right.solution == {"x": 7, "y": 5}
    assert understand_prompt(f"User: {first}\nAssistant: x = 7, y = 4\nUser: {last}") is None
    assert understand_prompt(f"User: {first}\nAssistant: x = 7\nUser: {last}") is None  # y asked, not answered


@pytest.mark.parametrize(("answered", "served_without_a_call"), [("x = 6", False), ("x = 100", False), ("x = 5", True)])
def test_the_langchain_conversation_is_served_only_after_a_right_answer(answered: str, served_without_a_call: bool) -> None:
    cache = StepCache()
    with_step_cache(scripted(S1), cache).invoke([HumanMessage(Q1)])
    model = scripted("Step 1: Subtract 5 from both sides: 3x = 21\nStep 2: Divide both sides by 3: x = 7\nAnswer: x = 7")
    reply = with_step_cache(model, cache).invoke([HumanMessage(Q1), AIMessage(answered), HumanMessage(Q2)])
    meta = reply.response_metadata["stepcache"]
    assert (meta["outcome"] in ("reuse", "reinstantiate")) is served_without_a_call
    assert "x = 7" in reply.content
