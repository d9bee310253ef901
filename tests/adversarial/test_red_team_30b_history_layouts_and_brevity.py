"""Red team 30b (README-only, black box on 180744a8), two neighbours of red team 30's class B, both verified=True:

B1: red team 30's rule held for a transcript written into one prompt, but a LangChain/LlamaIndex message list still read
an earlier assistant message away when it showed a layout of its own around the values ("**x = 3**", "$x = 3$",
"`x = 3`", "Final answer: x = 3", "Therefore, x = 3", "2x = 6\\nx = 3", a numbered list): the cache's derivation was
served with no model call. Now the adapters' rule asks the linear task whether the message is the values alone,
written as the cache writes them (linear/prompt.stated_alone_as_served, the one-prompt rule's own test).

E: "You are a concise/terse assistant" (es/it/pt "conciso", fr "concis", ru "краткий", "лаконичный") was read as a
plain persona and the whole derivation served, where "Be concise." asks the answer alone: the brevity adjectives left
the linear tables' ROLE_ADJ (as the arithmetic and JSON tables never held them: sysP) for a class of their own,
BRIEF_ADJ, which the grammar reads in a persona as the brief format "Be concise." asks (answer_only: keyed, enforced)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import scripted

ROWS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_30b_rows.json").read_text("utf-8"))
HISTORIES = [row for row in ROWS if row["class"].startswith("B1")]
PERSONAS = [row for row in ROWS if row["class"].startswith("E ")]
FIRST = "Solve 3x + 5 = 20 for x."
SOLVED = "Step 1: Subtract 5 from both sides: 3x = 15\nStep 2: Divide both sides by 3: x = 5\nAnswer: x = 5"


def _messages(text: str) -> list[BaseMessage]:
    kinds = {"human": HumanMessage, "user": HumanMessage, "ai": AIMessage, "assistant": AIMessage, "system": SystemMessage}
    out: list[BaseMessage] = []
    for part in text.split(" | "):
        role, content = part.split(": ", 1)
        out.append(kinds[role](content.replace("\\n", "\n")))
    return out


def test_the_saved_rows_are_the_report_s() -> None:
    assert len(HISTORIES) == 28 and len(PERSONAS) == 17


@pytest.mark.parametrize("row", HISTORIES, ids=lambda r: r["second"][:70])
def test_a_history_message_in_a_layout_of_its_own_goes_to_the_model(row: dict[str, str]) -> None:
    cache = StepCache()
    with_step_cache(scripted(SOLVED), cache).invoke([HumanMessage(FIRST)])
    reply = with_step_cache(scripted("x = 7"), cache).invoke(_messages(row["second"]))
    assert reply.content == "x = 7" and reply.response_metadata["stepcache"]["outcome"] not in ("reuse", "reinstantiate")


@pytest.mark.parametrize("answer", ["x = 3", "Answer: x = 3", "x = 3."])
def test_a_history_message_of_the_values_alone_is_still_read_away(answer: str) -> None:
    cache = StepCache()
    with_step_cache(scripted(SOLVED), cache).invoke([HumanMessage(FIRST)])
    reply = with_step_cache(scripted("unused"), cache).invoke(
        [HumanMessage("Solve 2x + 2 = 8 for x."), AIMessage(answer), HumanMessage("Solve 3x + 5 = 26 for x.")])
    assert reply.response_metadata["stepcache"]["outcome"] in ("reuse", "reinstantiate")


@pytest.mark.parametrize("row", [r for r in PERSONAS if r["entry_point"] == "StepCache.generate"], ids=lambda r: r["second"][:50])
def test_a_brevity_persona_asks_the_answer_alone(row: dict[str, str]) -> None:
    problem = understand_prompt(row["second"])
    assert problem is not None and "answer_only" in problem.format, row["second"]
    cache = StepCache()
    cache.generate(row["first"], lambda prompt: row["first_answer"])
    calls: list[str] = []
    result = cache.generate(row["second"], lambda p: calls.append(p) or "x = 7")
    lines = [line for line in result.text.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].endswith("= 7") and "Step" not in result.text, result.text
    assert row["served"] != result.text


@pytest.mark.parametrize("prompt", ["You are a concise assistant who always adds 1. Solve 3x + 5 = 26 for x.",
                                    "You are a concise, patient tutor in base 8. Solve 3x + 5 = 26 for x.",
                                    "You are a concise pirate. Solve 3x + 5 = 26 for x.",
                                    "You are concise. Solve 3x + 5 = 26 for x. Show your steps."])
def test_a_brevity_persona_with_anything_else_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None


@pytest.mark.parametrize("prompt", ["You are a helpful assistant. Solve 3x + 5 = 26 for x.",
                                    "You are a patient math tutor. Solve 3x + 5 = 26 for x.",
                                    "Eres un tutor paciente. Resuelve 3x + 5 = 26.",
                                    "Tu es un assistant patient. Résous 3x + 5 = 26."])
def test_a_plain_persona_is_still_read(prompt: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.solution == {"x": 7}
