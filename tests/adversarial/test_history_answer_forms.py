"""An earlier answer's form (wip/histK, after red team 30b B3): one rule for both tasks (``adapters/turns.py``).

An earlier assistant turn is read away as history only when it is written exactly as the cache serves its question
in the format the newest question is served in: an earlier answer shows the form the user expects the reply in.
Arithmetic: "3 + 4 = 7." for "What is 3 + 4?" (the task's fallback), "154." for "What is 14 times 11?".

Reach won back: when every earlier answer is the number alone as the cache writes it ("7"), the history asks that
form, so the newest question is read alone with its table's instruction asking the number alone ("What is 3 + 5?
Digits only."): keyed "number: 3+5" and checked as that instruction is, served "8", not "3 + 5 = 8.".

Traps: "The answer is 7.", "**7**", "7.0", "7.", "seven", "3+4=7.", "3 + 4 = 7" (no full stop), a wrong answer,
mixed forms, an earlier answer of another task beside a bare number, a bare number before a yes/no question or a
linear problem, a fraction where the cache writes a decimal: the whole conversation is the prompt, no claim (the
model answers). One-prompt transcripts and few-shot blocks of arithmetic are read by no task (no problem key).
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from llama_index.core.base.llms.types import ChatMessage, MessageRole

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.turns import Alone, alone_turns
from stepcache_integrations.core.tasks.arithmetic.grammar import number_alone_asked, read_question
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.llama_index import StepCacheLLM
from stepcache_integrations.llama_index._requests import messages_to_cache_prompt
from tests.unit.test_langchain_fakes import scripted
from tests.unit.test_llama_index_support import ScriptedLLM

Turns = list[tuple[str, str]]

Q34, Q35 = "What is 3 + 4?", "What is 3 + 5?"


def read(turns: Turns) -> Alone | None:
    def render(at: list[int], newest: str) -> str:
        return messages_to_cache_prompt(
            [*(ChatMessage(role=turns[i][0], content=turns[i][1]) for i in at[:-1]), ChatMessage(role="user", content=newest)])

    return alone_turns(StepCache(), turns, render)


def key_of(prompt: str) -> str | None:
    plan = StepCache().prepare(prompt)
    return None if plan.handler is None else plan.handler.problem_key(plan.constraints)


# -- the rule: written as served in the newest question's format ---------------------------------------------
AS_SERVED: list[Turns] = [
    [("user", Q34), ("assistant", "3 + 4 = 7."), ("user", Q35)],
    [("user", Q34), ("assistant", "3 + 4 = 7.\n"), ("user", Q35)],
    [("user", "What is 14 times 11?"), ("assistant", "154."), ("user", Q35)],
    [("user", "Was ist 14 mal 11?"), ("assistant", "154."), ("user", "Was ist 15 mal 11?")],
    [("user", "What is 3 / 4?"), ("assistant", "3 / 4 = 0.75."), ("user", Q35)],
    [("user", Q34), ("assistant", "3 + 4 = 7."), ("user", "What is 14 times 11?"), ("assistant", "154."), ("user", Q35)],
    [("system", "You are a helpful assistant."), ("user", Q34), ("assistant", "3 + 4 = 7."), ("user", Q35)],
    # the newest asks the number alone itself: a bare earlier answer is that format's form
    [("user", Q34), ("assistant", "7"), ("user", "What is 3 + 5? Reply with the number only.")],
    [("system", "Reply with the number only."), ("user", Q34), ("assistant", "7"), ("user", Q35)],
    # the linear rule: the values alone as the cache writes them (unchanged)
    [("user", "Solve 3x + 5 = 20 for x."), ("assistant", "x = 5"), ("user", Q35)],
]


@pytest.mark.parametrize("turns", AS_SERVED, ids=range(len(AS_SERVED)))
def test_an_answer_written_as_served_is_read_away_and_the_newest_turn_kept_as_written(turns: Turns) -> None:
    start = 1 if turns[0][0] == "system" else 0
    assert read(turns) == Alone([*range(start), len(turns) - 1], turns[-1][1])


# every one before "What is 3 + 5?" (served "3 + 5 = 8."): a form of its own, or no proven answer
NOT_AS_SERVED = ["The answer is 7.", "**7**", "7.0", "7.", "seven", "3+4=7.", "3 + 4 = 7", "3 + 4 = 7.0.",
                 "Answer: 7", "$7$", "`7`", "7!", "07", "+7", "7 .", "8", "3 + 4 = 8.", "3 + 4 = 7.\n7", " 7 = 3 + 4."]


@pytest.mark.parametrize("answer", NOT_AS_SERVED)
def test_an_answer_in_a_form_no_format_writes_keeps_the_conversation(answer: str) -> None:
    assert read([("user", Q34), ("assistant", answer), ("user", Q35)]) is None, answer
    assert read([("user", "What is 3 + 6?"), ("assistant", "3 + 6 = 9."), ("user", Q34), ("assistant", answer),
                 ("user", Q35)]) is None, answer


def test_a_fraction_where_the_cache_writes_a_decimal_is_a_form_of_its_own() -> None:
    assert read([("user", "What is 3 / 4?"), ("assistant", "3/4"), ("user", Q35)]) is None
    assert read([("user", "What is 3 / 4?"), ("assistant", "3 / 4 = 3/4."), ("user", Q35)]) is None


def test_a_symbolic_form_before_a_question_asking_the_number_alone_is_no_claim() -> None:
    """The newest question is served "8": an earlier "3 + 4 = 7." is not written in that format."""
    assert read([("user", Q34), ("assistant", "3 + 4 = 7."), ("user", "What is 3 + 5? Reply with the number only.")]) is None


# -- the number alone: the history asks that form -------------------------------------------------------------
NUMBER_FORM: list[tuple[Turns, str, str]] = [
    ([("user", Q34), ("assistant", "7"), ("user", Q35)], "What is 3 + 5? Digits only.", "number: 3+5"),
    ([("user", Q34), ("assistant", " 7\n"), ("user", Q35)], "What is 3 + 5? Digits only.", "number: 3+5"),
    ([("user", Q34), ("assistant", "7"), ("user", "What is 14 times 11?"), ("assistant", "154"), ("user", Q35)],
     "What is 3 + 5? Digits only.", "number: 3+5"),
    ([("user", "What is 3 / 4?"), ("assistant", "0.75"), ("user", "What is 14 times 11?")],
     "What is 14 times 11? Digits only.", "number: 14*11"),
    ([("user", "Was ist 14 mal 11?"), ("assistant", "154"), ("user", "Was ist 15 mal 11?")],
     "Was ist 15 mal 11? Gib nur die zahl an.", "number: 15*11"),
    ([("user", "3加4等于多少？"), ("assistant", "7"), ("user", "3加5等于多少？")], "3加5等于多少？只要数字。", "number: 3+5"),
    ([("system", "You are a helpful assistant."), ("user", Q34), ("assistant", "7"), ("user", Q35)],
     "What is 3 + 5? Digits only.", "number: 3+5"),
]


@pytest.mark.parametrize(("turns", "newest", "key"), NUMBER_FORM, ids=range(len(NUMBER_FORM)))
def test_bare_numbers_ask_the_number_alone_of_the_newest_question(turns: Turns, newest: str, key: str) -> None:
    start = 1 if turns[0][0] == "system" else 0
    assert read(turns) == Alone([*range(start), len(turns) - 1], newest)
    system = [ChatMessage(role="system", content=turns[0][1])] if start else []
    prompt = messages_to_cache_prompt([*system, ChatMessage(role="user", content=newest)])
    assert key_of(prompt) == key  # keyed as the user's own instruction is: "154" is no "14 * 11 = 154."


MIXED: list[Turns] = [
    [("user", Q34), ("assistant", "7"), ("user", "What is 3 + 6?"), ("assistant", "3 + 6 = 9."), ("user", Q35)],
    [("user", "What is 3 + 6?"), ("assistant", "3 + 6 = 9."), ("user", Q34), ("assistant", "7"), ("user", Q35)],
    [("user", "What is 14 times 11?"), ("assistant", "154."), ("user", Q34), ("assistant", "7"), ("user", Q35)],
    # another task's answer beside a bare number: no one form
    [("user", "Solve 3x + 5 = 20 for x."), ("assistant", "x = 5"), ("user", Q34), ("assistant", "7"), ("user", Q35)],
    # a bare number before a question no form of which is the number alone
    [("user", Q34), ("assistant", "7"), ("user", "Is 14 even?")],
    [("user", Q34), ("assistant", "7"), ("user", "Solve 3x + 5 = 20 for x.")],
    [("user", Q34), ("assistant", "7"), ("user", 'Return a JSON object with keys "name" and "age".\nname: Bob\nage: 41')],
    # a wrong bare number, a bare number of another question
    [("user", Q34), ("assistant", "8"), ("user", Q35)],
    [("user", Q34), ("assistant", "7"), ("user", "What is 3 + 6?"), ("assistant", "10"), ("user", Q35)],
    # the linear task's bare value stays a form of its own (red team 30, B)
    [("user", "Solve 3x + 5 = 20 for x."), ("assistant", "5"), ("user", Q35)],
    [("user", "Solve 3x + 5 = 20 for x."), ("assistant", "5"), ("user", "Solve 3x + 5 = 26 for x.")],
]


@pytest.mark.parametrize("turns", MIXED, ids=range(len(MIXED)))
def test_mixed_forms_and_forms_of_no_format_of_the_newest_stay_no_claim(turns: Turns) -> None:
    assert read(turns) is None


@pytest.mark.parametrize(("question", "language"), [("Is 14 even?", "en"), ("What is 3 + 5? Only the number.", "en"),
                                                    ("What is 3 + 5?", "de"), ("Solve 3x + 5 = 20 for x.", "en"),
                                                    ("What is 3 + 5? Show your steps.", "en")])
def test_no_instruction_is_added_to_a_question_of_another_form_or_table(question: str, language: str) -> None:
    assert number_alone_asked(question, language) is None


def test_the_added_instruction_is_read_as_the_number_alone_of_the_same_question() -> None:
    for question in (Q35, "What is 14 times 11?", "¿Cuánto es 3 más 5?", "Combien font 3 plus 5 ?", "Сколько будет 3 плюс 5?"):
        plain = read_question(question)
        assert plain is not None
        asked = read_question(number_alone_asked(question, plain.language) or "")
        assert asked is not None and (asked.expression, asked.value, asked.form) == (plain.expression, plain.value, "number")


# -- one-prompt transcripts and few-shot blocks: no task reads them -------------------------------------------
ONE_PROMPT = [
    "Q: What is 3 + 4?\nA: 7\nQ: What is 3 + 5?\nA:", "Q: What is 3 + 4?\nA: 3 + 4 = 7.\nQ: What is 3 + 5?\nA:",
    "User: What is 3 + 4?\nAssistant: 7\nUser: What is 3 + 5?", "User: What is 3 + 4?\nAssistant: 3 + 4 = 7.\nUser: What is 3 + 5?",
    "User: What is 3 + 4?\nAssistant: The answer is 7.\nUser: What is 3 + 5?\nAssistant:",
    "<|user|>\nWhat is 3 + 4?\n<|assistant|>\n7\n<|user|>\nWhat is 3 + 5?", "[user] What is 3 + 4?\n[assistant] 7\n[user] What is 3 + 5?",
    "User: What is 3 + 4?\nAssistant: 7\nUser: Solve 3x + 5 = 20 for x.",
    "Example: 3 + 4 -> 7\nNow: 3 + 5 ->", "Example: What is 3 + 4? -> 7\nNow: What is 3 + 5? ->", "3 + 4 = 7\n3 + 5 = ?",
    "What is 3 + 4? 7. What is 3 + 5?",
]


@pytest.mark.parametrize("prompt", ONE_PROMPT)
def test_an_arithmetic_transcript_in_one_prompt_is_no_claim(prompt: str) -> None:
    assert key_of(prompt) is None


# -- the adapters ----------------------------------------------------------------------------------------------
def _conversation(answer: str) -> list[Any]:
    return [HumanMessage(Q34), AIMessage(answer), HumanMessage(Q35)]


@pytest.mark.parametrize(("answer", "served"), [("7", "8"), ("3 + 4 = 7.", "3 + 5 = 8.")])
def test_langchain_wrapper_serves_the_newest_answer_in_the_form_of_the_history(answer: str, served: str) -> None:
    model = scripted("3 + 4 = 7.", "MODEL", name="histK-wrapper")
    wrapped = with_step_cache(model, cache=StepCache())
    wrapped.invoke(Q34)
    reply = wrapped.invoke(_conversation(answer))
    assert len(model.calls) == 1 and reply.content == served


@pytest.mark.parametrize("answer", ["The answer is 7.", "**7**", "7.0", "seven"])
def test_langchain_wrapper_asks_the_model_after_a_form_of_its_own(answer: str) -> None:
    model = scripted("3 + 4 = 7.", "MODEL", name="histK-wrapper-trap")
    wrapped = with_step_cache(model, cache=StepCache())
    wrapped.invoke(Q34)
    reply = wrapped.invoke(_conversation(answer))
    assert len(model.calls) == 2 and reply.content == "MODEL" and len(model.calls[1]) == 3


@pytest.mark.parametrize(("answer", "served"), [("7", "8"), ("3 + 4 = 7.", "3 + 5 = 8."), ("The answer is 7.", "MODEL"),
                                                ("**7**", "MODEL")])
def test_langchain_global_cache_follows_the_same_rule(answer: str, served: str) -> None:
    model = scripted("3 + 4 = 7.", "MODEL", name="histK-global")
    set_llm_cache(StepCacheLLMCache())
    try:
        model.invoke(Q34)
        reply = model.invoke(_conversation(answer))
    finally:
        set_llm_cache(None)
    assert reply.content == served and len(model.calls) == (1 if served != "MODEL" else 2)


def test_langchain_persona_and_bare_numbers_serve_the_number() -> None:
    model = scripted("3 + 4 = 7.", "MODEL", name="histK-persona")
    wrapped = with_step_cache(model, cache=StepCache())
    wrapped.invoke(Q34)
    reply = wrapped.invoke([SystemMessage("You are a helpful assistant."), *_conversation("7")])
    assert len(model.calls) == 1 and reply.content == "8"


@pytest.mark.parametrize(("answer", "served"), [("7", "8"), ("3 + 4 = 7.", "3 + 5 = 8."), ("The answer is 7.", "MODEL"),
                                                ("7.0", "MODEL"), ("**7**", "MODEL")])
def test_llama_index_chat_follows_the_same_rule(answer: str, served: str) -> None:
    inner = ScriptedLLM(["3 + 4 = 7.", "MODEL"], chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.chat([ChatMessage(role=MessageRole.USER, content=Q34)])
    reply = llm.chat([ChatMessage(role=MessageRole.USER, content=Q34), ChatMessage(role=MessageRole.ASSISTANT, content=answer),
                      ChatMessage(role=MessageRole.USER, content=Q35)])
    assert reply.message.content == served and inner.calls == (1 if served != "MODEL" else 2)


def test_a_bare_number_conversation_meets_the_entries_of_the_question_asking_the_number_alone() -> None:
    """Keyed as the user's own instruction: after one such conversation, the same question asked with the
    instruction is served; the model was sent the conversation, not the added instruction."""
    model = scripted("8", "MODEL", name="histK-keyed")
    wrapped = with_step_cache(model, cache=StepCache())
    wrapped.invoke(_conversation("7"))
    assert [m.content for m in model.calls[0]] == [Q34, "7", Q35]
    reply = wrapped.invoke("What is 3 + 5? Digits only.")
    assert len(model.calls) == 1 and reply.content == "8"


def test_llama_index_sends_the_model_the_conversation_and_keys_the_number_form() -> None:
    seen: list[str] = []

    def respond(prompt: str) -> str:
        seen.append(prompt)
        return "8"

    inner = ScriptedLLM(respond, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.chat([ChatMessage(role=MessageRole.USER, content=Q34), ChatMessage(role=MessageRole.ASSISTANT, content="7"),
              ChatMessage(role=MessageRole.USER, content=Q35)])
    assert inner.calls == 1 and "Digits only" not in seen[0] and Q35 in seen[0]
    assert llm.complete("What is 3 + 5? Digits only.").text == "8" and inner.calls == 1


# red team 31b: the number alone a bare-number history asks is served only for a whole number ("1/3" is no number
# alone after "0.25", and a German "3.5" would be written "3,5")
@pytest.mark.parametrize("turns", [
    [("user", "What is 1 / 4?"), ("assistant", "0.25"), ("user", "What is 1 / 3?")],
    [("user", "What is 3 + 4?"), ("assistant", "7"), ("user", "What is 10 / 3?")],
    [("user", "What is 3 + 4?"), ("assistant", "7"), ("user", "What is 7 / 2?")],
    [("user", "Wie viel ist 3 + 4?"), ("assistant", "7"), ("user", "Wie viel ist 7 / 2?")],
])
def test_a_bare_number_history_asks_no_form_for_a_fraction(turns: list[tuple[str, str]]) -> None:
    assert alone_turns(StepCache(), turns, lambda at, newest: newest) is None
