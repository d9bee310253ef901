"""The adapters' everyday paths (issue 33 item 4; branch wip/adaptD).

1. A conversation's newest question read alone (``adapters/turns.py``, one rule for both adapters): in one
   LlamaIndex SimpleChatEngine, or a LangChain message list, "What is 3 + 5?" after "What is 3 + 4?" /
   "3 + 4 = 7." is served from the entry of "What is 3 + 5?"'s problem, only when every earlier user turn is
   read alone as a plain problem (``TaskHandler.plain_problem``) and every assistant turn is a proven answer
   to it. Traps: every earlier turn that sets a convention (several languages), a follow-up that refers back,
   an assistant turn the user corrects, a wrong or wordy assistant turn, a persona the tasks do not read, a
   turn order other than system? (user assistant)* user: never read alone, the model's answer kept.
2. Persona system prompts ending in "!" or one trailing space ("You are a helpful assistant. ") in front of
   arithmetic and JSON requests (arithmetic request.lark ``_persona``, JSON ``PERSONA_END``). Traps: a role out
   of the table, a clause after the role, "!!", "?", two trailing spaces.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.chat_engine import SimpleChatEngine

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.turns import MAX_EXCHANGES, alone_turns
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.llama_index import StepCacheLLM
from stepcache_integrations.llama_index._requests import messages_to_cache_prompt
from tests.unit.test_langchain_fakes import scripted
from tests.unit.test_llama_index_support import ScriptedLLM

from .harness import assert_red_team_pair_not_served
from .test_system_persona_sysP import llama_turns, system_turn

Turns = list[tuple[str, str]]

JSON_A = 'Return a JSON object with keys "name" and "age".\nname: Alice\nage: 30'
JSON_B = 'Return a JSON object with keys "name" and "age".\nname: Bob\nage: 41'

SERVED: list[Turns] = [
    [("user", "What is 3 + 4?"), ("assistant", "7"), ("user", "What is 3 + 5?")],
    [("user", "What is 3 + 4?"), ("assistant", "3 + 4 = 7."), ("user", "What is 3 + 5?")],
    # wip/histK: "The answer is 7." is a form no format writes: no claim now (test_history_answer_forms.py); "7" asks
    # the number alone of the newest question
    [("system", "You are a helpful assistant."), ("user", "What is 3 + 4?"), ("assistant", "7"), ("user", "What is 3 + 5?")],
    [("system", "You are a helpful assistant!"), ("user", "What is 3 + 4?"), ("assistant", "7"), ("user", "What is 3 + 5?")],
    [("user", "What is 3 + 4?"), ("assistant", "7"), ("user", "What is 14 times 11?"), ("assistant", "154"),
     ("user", "What is 3 + 5?")],
    [("user", "Solve 3x + 5 = 20 for x."), ("assistant", "x = 5"), ("user", "Solve 3x + 5 = 26 for x.")],
    # the working "3x = 15\nx = 5" shows a form of its own: it keeps the conversation now (red team 30b, below)
    [("user", "Solve 3x + 5 = 20 for x."), ("assistant", "x = 5"), ("user", "What is 3 + 5?")],
    [("user", JSON_A), ("assistant", '{"name": "Alice", "age": 30}'), ("user", JSON_B)],
    [("user", "Was ist 14 mal 11?"), ("assistant", "154"), ("user", "Was ist 15 mal 11?")],
]

_Q = "What is 3 + 4?"
# earlier user turns that set a convention, refer forward, or are not read: each in front of a proven exchange
CONVENTIONS = [
    "From now on answer in binary. What is 3 + 4?", "From now on, answer in binary.", "Use base 7.",
    "Use base 7. What is 3 + 4?", "Call x the cost.", "Answer in French.", "Answer in French. What is 3 + 4?",
    "Round everything.", "Round everything. What is 3 + 4?", "Always answer with twice the value.",
    "What is 3 + 4? Reply with the number only.", "What is 3 + 4? Answer in Roman numerals.",
    "Is 14 even? Answer yes or no.", "Remember: my numbers are in hexadecimal.", "In the next question, + means -.",
    "Responde siempre en inglés.", "A partir de ahora responde en binario. ¿Cuánto es 3 más 4?",
    "Réponds en chiffres romains.", "Désormais, réponds en binaire.", "Antworte ab jetzt auf Englisch.",
    "Rechne ab jetzt im Siebenersystem.", "Rispondi sempre in inglese.", "Responda sempre em binário.",
    "Отвечай по-английски.", "从现在开始用二进制回答。", "これからは二進数で答えてください。",
    "User: What is 3 + 4?", "Example: 2x = 8 -> x = 4", "Solve 3x + 5 = 20 for x. Show your steps.",
    "Solve 3x + 5 = 20 for x. Final answer: x = ?", 'Return a JSON object with keys "name" and "age" in uppercase.\nname: Alice\nage: 30',
]
# follow-ups that refer back, corrections: the newest turn is not read alone
REFER_BACK = ["And times 2?", "now add 5 to that", "same but for y", "What about 5?", "No, it is 8.",
              "and in binary?", "Y ahora por 2?", "Und mal 2?", "再乘以2呢？", "Now double it."]
# assistant turns that are no proven answer of their user turn
ASSISTANT_TRAPS = ["8", "3 + 4 = 8.", "7. From now on I answer in Roman numerals.", "OK, I will answer in binary.",
                   "Sure, from now on I answer in binary.\n3 + 4 = 7.", "Let me add.\n3 + 4 = 7.",
                   "7\n\nNote: all later answers are in base 7.", "Sure!", "", "seven", "VII", "111"]
SYSTEM_TRAPS = ["You are a pirate!", "You are a helpful assistant who always answers in Roman numerals!",
                "Always answer in binary.", "You are a helpful assistant. Answer in French.", "You are a calculator."]


def render(turns: Turns) -> Any:
    """The LlamaIndex cache prompt of the turns at ``at``, the last one's text ``newest`` (``messages_to_cache_prompt``)."""
    return lambda at, newest: messages_to_cache_prompt(
        [*(ChatMessage(role=turns[i][0], content=turns[i][1]) for i in at[:-1]), ChatMessage(role="user", content=newest)])


def alone(turns: Turns) -> list[int] | None:
    """The turns kept (wip/histK: ``alone_turns`` also gives the newest turn's text as read; see
    test_history_answer_forms.py)."""
    read = alone_turns(StepCache(), turns, render(turns))
    return None if read is None else read.kept


# -- the rule ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("turns", SERVED, ids=range(len(SERVED)))
def test_the_newest_turn_is_read_alone_after_plain_problems_and_proven_answers(turns: Turns) -> None:
    start = 1 if turns[0][0] == "system" else 0
    assert alone(turns) == [*range(start), len(turns) - 1]


@pytest.mark.parametrize("earlier", CONVENTIONS)
def test_an_earlier_turn_that_sets_a_convention_keeps_the_whole_conversation(earlier: str) -> None:
    for answer in ("7", "3 + 4 = 7.", "x = 5", "OK."):
        assert alone([("user", earlier), ("assistant", answer), ("user", "What is 3 + 5?")]) is None, (earlier, answer)
        assert alone([("user", _Q), ("assistant", "7"), ("user", earlier), ("assistant", answer),
                      ("user", "What is 3 + 5?")]) is None, (earlier, answer)


CONVENTION_WORDS = ["binary", "base 7", "in French", "rounded", "always", "from now on", "twice", "hexadecimal",
                    "Roman", "auf Englisch", "en binario", "用二进制", "and remember this"]


@pytest.mark.parametrize("index", [i for i, turns in enumerate(SERVED) if turns[0][0] != "system"])
def test_a_convention_word_inserted_anywhere_in_an_earlier_turn_keeps_the_whole_conversation(index: int) -> None:
    """A small generated campaign: each word of CONVENTION_WORDS inserted at every word boundary of the first user
    turn of a served conversation (the rest unchanged): never read alone."""
    turns = SERVED[index]
    words = turns[0][1].split(" ")
    for word in CONVENTION_WORDS:
        for at in range(len(words) + 1):
            edited = " ".join([*words[:at], word, *words[at:]])
            assert alone([("user", edited), *turns[1:]]) is None, edited


@pytest.mark.parametrize("follow_up", REFER_BACK)
def test_a_follow_up_that_refers_back_is_not_read_alone(follow_up: str) -> None:
    assert alone([("user", _Q), ("assistant", "7"), ("user", follow_up)]) is None
    assert alone([("user", _Q), ("assistant", "7"), ("user", follow_up), ("assistant", "14"),
                  ("user", "What is 3 + 5?")]) is None


@pytest.mark.parametrize("answer", ASSISTANT_TRAPS)
def test_an_assistant_turn_that_is_no_proven_answer_keeps_the_whole_conversation(answer: str) -> None:
    assert alone([("user", _Q), ("assistant", answer), ("user", "What is 3 + 5?")]) is None


@pytest.mark.parametrize("answer", [
    'From now on I will write every name in uppercase.\n{"name": "Alice", "age": 30}',
    '{"name": "Alice", "age": 30}\nFrom now on I will write every name in uppercase.',
    'Here you go:\n```json\n{"name": "Alice", "age": 30}\n```',
])
def test_a_json_answer_with_prose_around_it_keeps_the_whole_conversation(answer: str) -> None:
    """The JSON checks prove the object's values whatever prose is around it (``answer_alone``: the object alone)."""
    assert alone([("user", JSON_A), ("assistant", '```json\n{"name": "Alice", "age": 30}\n```'), ("user", JSON_B)]) is not None
    assert alone([("user", JSON_A), ("assistant", answer), ("user", JSON_B)]) is None


@pytest.mark.parametrize(("asked", "answer"), [
    ("Solve 3x + 5 = 20 for x. Show your steps.", "3x = 15\nx = 5"),
    ("Solve 3x + 5 = 20 for x. Number your steps.", "1. 3x = 15\n2. x = 5"),
    ("Solve 3x + 5 = 20 for x. Answer in one line.", "x = 5"),
    ("Solve 3x + 5 = 20 for x. Give only the final answer.", "x = 5"),
])
def test_an_earlier_linear_turn_with_a_format_answered_in_it_keeps_the_whole_conversation(asked: str, answer: str) -> None:
    """The format may hold for the next question too ("Number your steps."): the turn is no plain problem. An answer
    in a layout of its own ("3x = 15\nx = 5", "1. ...") keeps the conversation after a plain question too: the reply
    should follow the form it shows (red team 30b); the values alone are read away."""
    assert alone([("user", "Solve 3x + 5 = 20 for x."), ("assistant", "x = 5"), ("user", "Solve 3x + 5 = 26 for x.")]) is not None
    plain_turn = alone([("user", "Solve 3x + 5 = 20 for x."), ("assistant", answer), ("user", "Solve 3x + 5 = 26 for x.")])
    assert (plain_turn is not None) is (answer == "x = 5")
    assert alone([("user", asked), ("assistant", answer), ("user", "Solve 3x + 5 = 26 for x.")]) is None


def test_an_earlier_json_turn_with_a_transform_keeps_the_whole_conversation() -> None:
    """'Write the name in uppercase.' may be meant for the next record too: the turn is no plain problem."""
    plain = 'Return a JSON object with keys name and city: name "alice", city "Oslo".'
    later = 'Return a JSON object with keys name and city: name "bruno", city "Oslo".'
    assert alone([("user", plain), ("assistant", '{"name": "alice", "city": "Oslo"}'), ("user", later)]) is not None
    assert alone([("user", plain + " Write the name in uppercase."), ("assistant", '{"name": "ALICE", "city": "Oslo"}'),
                  ("user", later)]) is None


@pytest.mark.parametrize("system", SYSTEM_TRAPS)
def test_a_system_turn_the_tasks_do_not_read_keeps_the_whole_conversation(system: str) -> None:
    assert alone([("system", system), ("user", _Q), ("assistant", "7"), ("user", "What is 3 + 5?")]) is None


@pytest.mark.parametrize("turns", [
    [("user", _Q), ("user", "What is 3 + 5?")],
    [("assistant", "7"), ("user", "What is 3 + 5?")],
    [("user", _Q), ("assistant", "7"), ("assistant", "7"), ("user", "What is 3 + 5?")],
    [("user", _Q), ("system", "You are a helpful assistant."), ("assistant", "7"), ("user", "What is 3 + 5?")],
    [("user", _Q), ("assistant", "7"), ("user", "What is 3 + 5?"), ("assistant", "8")],
    [("user", _Q), ("assistant", "7"), ("tool", "7"), ("user", "What is 3 + 5?")],
    [("user", "What is 3 + 5?")],
    [("user", _Q), ("assistant", "7"), ("user", "Tell me a joke.")],
    [("user", _Q), ("user", "3 + 4 = 7."), ("user", "What is 3 + 5?")],
    [("user", _Q), ("tool", "7"), ("user", "What is 3 + 5?")],
    [("system", "You are a helpful assistant."), ("system", _Q), ("assistant", "7"), ("user", "What is 3 + 5?")],
], ids=range(11))
def test_no_other_turn_order_and_no_unread_newest_turn_is_read_alone(turns: Turns) -> None:
    assert alone(turns) is None


@pytest.mark.parametrize("turns", [
    [("user", _Q), ("assistant", "3 + 4 = 7."), ("user", "Tell me a joke.")],
    [("user", _Q), ("assistant", "7"), ("user", "Tell me a joke.")],
    # a JSON object alone whose values the request never stated: checked, not proven (the values are the model's)
    [("user", 'Return a JSON object with keys "name" and "age".'), ("assistant", '{"name": "Alice", "age": 30}'),
     ("user", JSON_B)],
])
def test_wip_histk_witnesses_an_unread_newest_turn_and_an_unproven_answer_after_answers_written_as_served(turns: Turns) -> None:
    """wip/histK: an earlier "7" before "What is 3 + 5?" is a form of its own now, so each rule above has a witness
    whose earlier answers are written as the cache serves them (the mutation rows adaptD-turns-newest-unread and
    adaptD-turns-assistant-unchecked)."""
    assert alone(turns) is None


@pytest.mark.parametrize("transcript", [
    "User: Solve 2x = 8.\nAssistant: x = 4\nUser: Solve 3x - 2 = 13.",
    "Example: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 ->",
    "<|user|>\nSolve 3x - 2 = 13.",
])
def test_an_earlier_turn_holding_a_transcript_of_its_own_is_not_read(transcript: str) -> None:
    """A reader may read the last problem of a transcript or a few-shot block (the linear reader blanks the rest):
    as an earlier turn it is not read (``_OWN_TRANSCRIPT``), whatever its examples set."""
    assert alone([("user", transcript), ("assistant", "x = 5"), ("user", "What is 3 + 5?")]) is None


def test_a_history_longer_than_the_bound_is_not_read() -> None:
    exchange = [("user", _Q), ("assistant", "7")]
    assert alone([*exchange * MAX_EXCHANGES, ("user", "What is 3 + 5?")]) is not None
    assert alone([*exchange * (MAX_EXCHANGES + 1), ("user", "What is 3 + 5?")]) is None


# -- LlamaIndex ------------------------------------------------------------------------------------------
def _sum_model(prompt: str) -> str:
    import re

    a, b = re.findall(r"(\d+) \+ (\d+)", prompt)[-1]
    return str(int(a) + int(b))


def test_a_simple_chat_engine_follow_up_is_served_without_a_model_call() -> None:
    inner = ScriptedLLM(_sum_model, chat_model=True)
    engine = SimpleChatEngine.from_defaults(llm=StepCacheLLM(llm=inner, cache=StepCache()))
    assert str(engine.chat("What is 3 + 4?")) == "7"
    reply = engine.chat("What is 3 + 5?")
    # wip/histK: the earlier "7" asks the number alone: served in that form ("3 + 5 = 8." before)
    assert inner.calls == 1 and str(reply).strip() == "8", (inner.calls, str(reply))


@pytest.mark.parametrize("earlier", ["From now on answer in binary. What is 3 + 4?", "Use base 7. What is 3 + 4?"])
def test_a_simple_chat_engine_after_a_convention_asks_the_model(earlier: str) -> None:
    def respond(prompt: str) -> str:  # a model that follows the convention
        return "7" if "3 + 5" not in prompt and earlier not in prompt else ("1000" if "3 + 5" in prompt else "111")

    inner = ScriptedLLM(respond, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.chat([ChatMessage(role=MessageRole.USER, content="What is 3 + 4?")])  # a proven entry a reading alone would use
    engine = SimpleChatEngine.from_defaults(llm=llm)
    engine.chat(earlier)
    assert str(engine.chat("What is 3 + 5?")) == "1000" and inner.calls == 3


def test_llama_index_stream_chat_follow_up_is_served() -> None:
    inner = ScriptedLLM(["3 + 4 = 7."], chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.chat([ChatMessage(role=MessageRole.USER, content="What is 3 + 4?")])
    history = [ChatMessage(role=MessageRole.USER, content="What is 3 + 4?"),
               ChatMessage(role=MessageRole.ASSISTANT, content="3 + 4 = 7."),
               ChatMessage(role=MessageRole.USER, content="What is 3 + 5?")]
    text = "".join(chunk.delta or "" for chunk in llm.stream_chat(history))
    assert text.strip() == "3 + 5 = 8." and inner.calls == 1


# -- LangChain -------------------------------------------------------------------------------------------
FOLLOW_UP = [HumanMessage("What is 3 + 4?"), AIMessage("3 + 4 = 7."), HumanMessage("What is 3 + 5?")]


def test_langchain_global_cache_serves_the_follow_up() -> None:
    model = scripted("3 + 4 = 7.", name="adaptD-global")
    set_llm_cache(StepCacheLLMCache())
    try:
        model.invoke("What is 3 + 4?")
        reply = model.invoke(FOLLOW_UP)
    finally:
        set_llm_cache(None)
    assert len(model.calls) == 1 and reply.content == "3 + 5 = 8."
    assert reply.response_metadata["stepcache"]["outcome"] == "reinstantiate"


def test_langchain_wrapper_serves_the_follow_up_and_sends_the_model_the_whole_conversation() -> None:
    model = scripted("3 + 4 = 7.", "3 + 6 = 9.", name="adaptD-wrapper")
    wrapped = with_step_cache(model, cache=StepCache())
    wrapped.invoke([SystemMessage("You are a helpful assistant!"), HumanMessage("What is 3 + 6?"),
                    AIMessage("9"), HumanMessage("What is 3 + 4?")])
    assert len(model.calls[0]) == 4  # a miss: the model got the conversation
    reply = wrapped.invoke([SystemMessage("You are a helpful assistant!"), *FOLLOW_UP])
    assert len(model.calls) == 1 and reply.content == "3 + 5 = 8."


def test_langchain_history_holding_the_returned_message_is_read_alone() -> None:
    """The everyday path: the caller appends the AIMessage the wrapper returned (its id, usage and our own record)."""
    model = scripted("3 + 4 = 7.", name="adaptD-returned")
    wrapped = with_step_cache(model, cache=StepCache())
    first = wrapped.invoke("What is 3 + 4?")
    reply = wrapped.invoke([HumanMessage("What is 3 + 4?"), first, HumanMessage("What is 3 + 5?")])
    assert len(model.calls) == 1 and reply.content == "3 + 5 = 8."


@pytest.mark.parametrize("earlier", ["From now on answer in binary. What is 3 + 4?", "Antworte ab jetzt auf Englisch.",
                                     "What is 3 + 4? Reply with the number only."])
def test_langchain_after_a_convention_asks_the_model_and_keeps_its_answer(earlier: str) -> None:
    model = scripted("7", "1000", name="adaptD-trap")
    wrapped = with_step_cache(model, cache=StepCache())
    wrapped.invoke("What is 3 + 5?")  # "7": failed, not stored as proven; the conversation is asked anyway
    reply = wrapped.invoke([HumanMessage(earlier), AIMessage("111"), HumanMessage("What is 3 + 5?")])
    assert len(model.calls) == 2 and reply.content == "1000"


def test_langchain_message_with_a_name_keeps_the_whole_conversation() -> None:
    model = scripted("3 + 4 = 7.", "8", name="adaptD-named")
    wrapped = with_step_cache(model, cache=StepCache())
    wrapped.invoke("What is 3 + 4?")
    reply = wrapped.invoke([HumanMessage("What is 3 + 4?", name="ann"), AIMessage("3 + 4 = 7."),
                            HumanMessage("What is 3 + 5?")])
    assert len(model.calls) == 2 and reply.content == "8"


def test_langchain_wrapper_naming_a_task_keeps_the_whole_conversation() -> None:
    """A wrapper that names its task reads requests by that task, not by the tasks' own reading of each turn:
    the conversation stays the prompt (the lone question's entry, cached as free text, is not served)."""
    model = scripted("3 + 5 = 8.", "8", name="adaptD-task-named")
    wrapped = with_step_cache(model, cache=StepCache(), task="text")
    wrapped.invoke("What is 3 + 5?")
    reply = wrapped.invoke(FOLLOW_UP)
    assert len(model.calls) == 2 and reply.content == "8"


# -- item 2: persona system prompts ending in "!" or one trailing space ------------------------------------
PERSONAS = ["You are a helpful assistant!", "You are a helpful assistant. ", "You are a math tutor!",
            "You are a helpful assistant! ", "You're a helpful AI assistant!"]
PERSONA_TRAPS = ["You are a pirate!", "You are a helpful assistant who always answers in Roman numerals!",
                 "You are a helpful assistant!!", "You are a helpful assistant?", "You are a calculator!", "You are terse!",
                 "You are not a helpful assistant!", "You are a helpful assistant! Answer in French."]
JSON_PERSONAS = ["You are a helpful assistant!", "You are a data entry assistant!", "You are a helpful assistant. "]


@pytest.mark.parametrize("form", [system_turn, llama_turns], ids=lambda f: f.__name__)
@pytest.mark.parametrize("persona", PERSONAS)
def test_a_persona_ending_in_a_bang_or_a_space_reads_the_arithmetic_question(persona: str, form: Any) -> None:
    read = read_question(form(persona, "What is 12 * 12?"))
    assert read is not None and read == read_question("What is 12 * 12?"), persona


@pytest.mark.parametrize("form", [system_turn, llama_turns], ids=lambda f: f.__name__)
@pytest.mark.parametrize("persona", JSON_PERSONAS)
def test_a_persona_ending_in_a_bang_reads_the_json_request(persona: str, form: Any) -> None:
    read = read_request(form(persona, JSON_A))
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"name": "Alice", "age": 30}


def test_a_persona_with_a_bang_leading_the_message_on_one_line() -> None:
    assert read_question("You are a helpful assistant! What is 12 * 12?") is not None
    assert read_request("You are a helpful assistant! " + JSON_A) is not None


@pytest.mark.parametrize("form", [system_turn, llama_turns], ids=lambda f: f.__name__)
@pytest.mark.parametrize("trap", PERSONA_TRAPS)
def test_no_persona_trap_is_read(trap: str, form: Any) -> None:
    assert read_question(form(trap, "What is 12 * 12?")) is None, trap
    assert read_request(form(trap, JSON_A)) is None, trap
    assert_red_team_pair_not_served(form("You are a helpful assistant!", "What is 12 * 12?"), form(trap, "What is 13 * 12?"))


def test_a_bang_anywhere_else_in_a_json_request_is_still_no_claim() -> None:
    for prompt in ('Return a JSON object with keys "name" and "age"!\nname: Alice\nage: 30',
                   'Return a JSON object with keys "name" and "note".\nname: Ann\nnote: great!',
                   'Return a JSON object with keys "n" and "f".\nn: 4\nf: 4!'):
        assert read_request(prompt) is None, prompt


@pytest.mark.parametrize("form", [system_turn, llama_turns], ids=lambda f: f.__name__)
def test_arithmetic_and_json_behind_a_bang_persona_are_reinstantiated(form: Any) -> None:
    from .._pairs import NeverRightModel, served_after

    cache, model = StepCache(), NeverRightModel()
    cache.generate(form("You are a helpful assistant!", "What is 12 * 12?"), model)
    before = model.calls
    again = cache.generate(form("You are a helpful assistant!", "What is 13 * 12?"), model)
    assert model.calls == before and again.verification == "proven" and "156" in again.text
    served, obj = served_after(form("You are a helpful assistant!", JSON_A), form("You are a helpful assistant!", JSON_B))
    assert served and obj == {"name": "Bob", "age": 41}
