"""Red team 30 (README-only, black box on 423940a1), class B: a number form shown by an earlier answer was dropped.

A transcript or a LangChain history whose earlier assistant turn states its problem's solution in a form of its own
("Q: Solve 2x + 1 = 7 for x.\\nA: 3\\nQ: Solve 3x + 5 = 26 for x.\\nA:", "x = 3.0", "x = 3.00", "x = 6/2", "x = 03")
was read as its last problem alone (the history "a proven answer"), so the model's answer in the shown form ("7",
"x = 7.0") was replaced by the fallback's derivation ending "Answer: x = 7", verified=True, and later served with no
model call. The value was right; the form the prompt showed was lost, as an ignored "Answer in one line" would be.
Now an earlier answer is read away as history only when its values are written as the cache writes them
(linear/prompt.written_as_served, the linear task's ``written_as_served`` in adapters/turns.py): anything else
keeps the history, no claim for the step tier, and the model's answer is returned as it wrote it. "x = 3." (a
sentence's full stop after the value) is the cache's own form and stays read.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.test_langchain_fakes import scripted

ROWS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_30_shown_forms_rows.json").read_text("utf-8"))
# the full stop after "x = 3" is a sentence's: the cache's own form, read (not a violation)
VIOLATIONS = [row for row in ROWS if "x = 3.\n" not in row["second"] and "'x = 3.'" not in row["second"]]
ENGINE = [row for row in VIOLATIONS if row["entry_point"] == "StepCache.generate"]
HISTORIES = [row for row in VIOLATIONS if row["entry_point"] != "StepCache.generate"]
SOLVED = "Step 1: Subtract 5 from both sides: 3x = 21\nStep 2: Divide both sides by 3: x = 7\nAnswer: x = 7"


def _messages(row: dict[str, str]) -> list[BaseMessage]:
    kinds = {"HumanMessage": HumanMessage, "AIMessage": AIMessage}
    return [kinds[kind](content) for kind, content in ast.literal_eval(row["second"])]


def test_the_saved_rows_are_the_report_s() -> None:
    assert len(ROWS) == 144 and len(VIOLATIONS) == 132 and len(ENGINE) == 120 and len(HISTORIES) == 12


@pytest.mark.parametrize("row", ENGINE, ids=lambda r: r["second"][:60])
def test_a_transcript_showing_its_own_number_form_is_no_claim(row: dict[str, str]) -> None:
    assert understand_prompt(row["second"]) is None
    cache = StepCache()
    if row["first"] != "(empty cache)":
        cache.generate(row["first"], lambda prompt: row["first_answer"])
    shown = row["model_answer"] or "x = 7.0"
    calls: list[str] = []

    def model(prompt: str) -> str:
        calls.append(prompt)
        return shown

    result = cache.generate(row["second"], model)
    assert calls and result.text == shown and not result.verified, (row["second"], result.text)


@pytest.mark.parametrize("row", HISTORIES, ids=lambda r: r["second"][:80])
def test_a_langchain_history_showing_its_own_number_form_goes_to_the_model(row: dict[str, str]) -> None:
    cache = StepCache()
    if row["first"] != "(empty cache)":
        with_step_cache(scripted(row["first_answer"]), cache).invoke([HumanMessage(row["first"])])
    shown = row["model_answer"] or "x = 7.0"
    reply = with_step_cache(scripted(shown), cache).invoke(_messages(row))
    assert reply.content == shown and reply.response_metadata["stepcache"]["outcome"] not in ("reuse", "reinstantiate")


@pytest.mark.parametrize("shown", ["x = 3.0", "x = 6/2", "3", "x = 03"])
def test_the_global_cache_asks_the_model_after_a_shown_form(shown: str) -> None:
    model = scripted("Step 1: Subtract 5 from both sides: 3x = 15\nStep 2: Divide both sides by 3: x = 5\nAnswer: x = 5",
                     "x = 7.0")
    set_llm_cache(StepCacheLLMCache())
    try:
        model.invoke([HumanMessage("Solve 3x + 5 = 20 for x.")])
        reply = model.invoke([HumanMessage("Solve 2x + 1 = 7 for x."), AIMessage(shown),
                              HumanMessage("Solve 3x + 5 = 26 for x.")])
    finally:
        set_llm_cache(None)
    assert reply.content == "x = 7.0"


# -- what stays read: the values written as the cache writes them ("x = 3", "x = 2.5", "x = 20/3", "x = 3.")
@pytest.mark.parametrize(("earlier", "answered"), [
    ("Solve 2x + 1 = 7 for x.", "x = 3"),
    ("Solve 2x + 1 = 7 for x.", "x = 3."),
    ("Solve 2x + 1 = 6 for x.", "x = 2.5"),
    ("Solve 3x + 1 = 21 for x.", "x = 20/3"),
    ("Solve 2x - 1 = -7 for x.", "x = -3"),
])
def test_an_earlier_answer_in_the_cache_s_own_form_is_read_as_history(earlier: str, answered: str) -> None:
    problem = understand_prompt(f"Q: {earlier}\nA: {answered}\nQ: Solve 3x + 5 = 26 for x.\nA:")
    assert problem is not None and problem.solution == {"x": 7}


@pytest.mark.parametrize(("earlier", "answered"), [
    ("Solve 2x + 1 = 6 for x.", "x = 5/2"),       # the cache writes 2.5
    ("Solve 3x + 1 = 21 for x.", "x = 6.67"),     # a rounding shown
    ("Solve 2x - 1 = -7 for x.", "x = -3.0"),
    ("Solve 2x + 1 = 7 for x.", "x = +3"),
    ("Solve x + y = 10, x - y = 4.", "x = 7, y = 3.0"),
])
def test_an_earlier_answer_in_another_form_keeps_the_history(earlier: str, answered: str) -> None:
    assert understand_prompt(f"Q: {earlier}\nA: {answered}\nQ: Solve 3x + 5 = 26 for x.\nA:") is None


def test_a_langchain_history_in_the_cache_s_own_form_is_served() -> None:
    cache = StepCache()
    with_step_cache(scripted(SOLVED.replace("21", "15").replace("7", "5")), cache).invoke(
        [HumanMessage("Solve 3x + 5 = 20 for x.")])
    reply = with_step_cache(scripted("unused"), cache).invoke(
        [HumanMessage("Solve 2x + 1 = 7 for x."), AIMessage("x = 3"), HumanMessage("Solve 3x + 5 = 26 for x.")])
    assert reply.response_metadata["stepcache"]["outcome"] in ("reuse", "reinstantiate")
    assert reply.content.strip().splitlines()[-1].endswith("x = 7")


def test_a_langchain_history_showing_a_fraction_the_cache_writes_as_a_decimal_goes_to_the_model() -> None:
    # "x = 5/2" is proven by the task's checks (a reduced fraction), but the cache writes 2.5: the turns' own rule
    cache = StepCache()
    with_step_cache(scripted(SOLVED.replace("21", "15").replace("7", "5")), cache).invoke(
        [HumanMessage("Solve 3x + 5 = 20 for x.")])
    reply = with_step_cache(scripted("x = 7/1"), cache).invoke(
        [HumanMessage("Solve 2x + 1 = 6 for x."), AIMessage("x = 5/2"), HumanMessage("Solve 3x + 5 = 26 for x.")])
    assert reply.content == "x = 7/1" and reply.response_metadata["stepcache"]["outcome"] not in ("reuse", "reinstantiate")


@pytest.mark.parametrize("answer", ["x = 4.0", "x = 8/2", "x = 04", "x = 4.00"])
def test_a_few_shot_arrow_example_in_a_form_of_its_own_is_no_claim(answer: str) -> None:
    assert understand_prompt(f"Example: 2x = 8 -> {answer}\nNow: 3x - 2 = 13 ->") is None
    assert understand_prompt("Example: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 ->") is not None
