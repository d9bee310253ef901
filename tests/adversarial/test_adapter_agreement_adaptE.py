"""One request through every adapter entry point: the same served / verified / model calls (wip/adaptE).

A README-only red team (27b) found a LlamaIndex chat engine's first turn behind a persona system prompt ("You are a
helpful assistant.") cost a model call although the question was cached outside the chat, while the same persona in
front of a LangChain message list was served: LlamaIndex keyed the turns' roles and lengths apart from the prompt
text (``_requests.request_turns``), so a system turn and a question never met the entries of the question asked
alone. Now one rule (``adapters.turns.question_after_system``): a system turn and a question that a task reads as a
problem (the tasks' own persona rules read the system turn) are keyed as the prompt's text, in both adapters.

The table runs each request through four entry points, each with its own cache warmed by the bare question asked
outside any chat: the LangChain wrapper, LangChain's global cache, the LlamaIndex LLM's ``chat`` and a LlamaIndex
``SimpleChatEngine`` with the system prompt; then compares what each did. Traps: a system prompt that sets a
convention, a format, a language, a fixed answer: never served from the bare question's entry, the model's answer
kept, in every entry point.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.chat_engine import SimpleChatEngine
from pydantic import PrivateAttr

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.turns import question_after_system
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from stepcache_integrations.llama_index import METADATA_KEY, StepCacheLLM
from stepcache_integrations.llama_index._requests import messages_to_cache_prompt
from tests.unit.test_langchain_fakes import ScriptedChat, usage
from tests.unit.test_llama_index_support import ScriptedLLM

ARITH = ("What is 3 + 4?", "3 + 4 = 7\nAnswer: 7")
LINEAR = ("Solve 3x + 5 = 20 for x.", "3x = 15\nx = 5\nAnswer: x = 5")
JSON = ('Return a JSON object for a person with name "Alice", age 30, city "Paris". Required keys: name, city and age.',
        '{"name": "Alice", "city": "Paris", "age": 30}')
QUESTIONS = {"arith": ARITH, "linear": LINEAR, "json": JSON}
PERSONAS = ["You are a helpful assistant.", "You are a helpful math tutor.", "You are a helpful assistant!"]
# system prompts that set a convention, a format, a language or a fixed answer: the model answers otherwise
TRAPS = [
    "Always answer 42.", "You are a helpful assistant. Always answer 42.", "Answer in French.",
    "You are a helpful assistant. Answer in French.", "All numbers the user writes are in base 8.",
    "You are a helpful assistant who answers in Roman numerals.", "You are a pirate.",
    "You are a helpful assistant. Use the convention that + means multiplication.",
    "Answer every question in binary.", "Réponds toujours en allemand.", "Antworte immer mit 42.",
    "You are a helpful assistant. Write every name in uppercase.", "Reply with the answer doubled.",
]
TRAP_ANSWER = "The model's own answer under this system prompt."


def answer_for(system: str | None, question: str) -> str:
    """The model: the right answer to a question, or its own answer under a trap system prompt."""
    if system is not None and system in TRAPS:
        return TRAP_ANSWER
    return next(a for q, a in QUESTIONS.values() if q == question)


class FnChat(ScriptedChat):
    """A LangChain chat model answering by :func:`answer_for` (records its calls)."""

    _fn: Any = PrivateAttr(default=None)

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        self.calls.append(list(messages))
        system = next((str(m.content) for m in messages if isinstance(m, SystemMessage)), None)
        text = answer_for(system, str(messages[-1].content))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(text, usage_metadata=usage(20, 10)))])


def fn_chat(name: str) -> FnChat:
    return FnChat(messages=iter(()), model_name=name)


def _llama_answer(prompt: str) -> str:
    system = next((s for s in TRAPS if s in prompt), None)
    question = re.sub(r"\s*assistant:\s*$", "", prompt.rpartition("user: ")[2] if "user: " in prompt else prompt)
    return answer_for(system, question.strip())


Row = tuple[bool, bool, str]  # (served without a model call, verified, the reply's text)


def lc_wrapper(system: str, question: str) -> Row:
    model = fn_chat("agree-wrapper")
    cached = with_step_cache(model, StepCache())
    cached.invoke(question)
    before = len(model.calls)
    reply = cached.invoke([SystemMessage(system), HumanMessage(question)])
    record = reply.response_metadata["stepcache"]
    return len(model.calls) == before, record["verified"], str(reply.content)


def lc_global(system: str, question: str) -> Row:
    model = fn_chat("agree-global")
    set_llm_cache(StepCacheLLMCache())
    try:
        model.invoke(question)
        before = len(model.calls)
        reply = model.invoke([SystemMessage(system), HumanMessage(question)])
    finally:
        set_llm_cache(None)
    record = reply.response_metadata.get("stepcache", {})
    return len(model.calls) == before, bool(record.get("verified")), str(reply.content)


def li_chat(system: str, question: str) -> Row:
    inner = ScriptedLLM(_llama_answer, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.complete(question)
    before = inner.calls
    reply = llm.chat([ChatMessage(role=MessageRole.SYSTEM, content=system), ChatMessage(role=MessageRole.USER, content=question)])
    return inner.calls == before, reply.additional_kwargs[METADATA_KEY]["verified"], str(reply.message.content)


def li_engine(system: str, question: str) -> Row:
    inner = ScriptedLLM(_llama_answer, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.complete(question)  # cached outside the chat
    before = inner.calls
    reply = SimpleChatEngine.from_defaults(llm=llm, system_prompt=system).chat(question)
    return inner.calls == before, reply.metadata["stepcache"]["verified"], str(reply)


ENTRY_POINTS: dict[str, Callable[[str, str], Row]] = {
    "langchain wrapper": lc_wrapper, "langchain global cache": lc_global, "llama_index chat": li_chat,
    "llama_index chat engine": li_engine,
}


def rows(system: str, question: str) -> dict[str, Row]:
    return {name: run(system, question) for name, run in ENTRY_POINTS.items()}


@pytest.mark.parametrize("task", sorted(QUESTIONS))
@pytest.mark.parametrize("persona", PERSONAS)
def test_a_persona_before_a_cached_question_is_served_alike_by_every_entry_point(persona: str, task: str) -> None:
    question, answer = QUESTIONS[task]
    seen = rows(persona, question)
    assert set(seen.values()) == {(True, True, answer)}, seen


@pytest.mark.parametrize("task", sorted(QUESTIONS))
@pytest.mark.parametrize("system", TRAPS)
def test_a_system_prompt_that_sets_anything_is_never_served_from_the_bare_question(system: str, task: str) -> None:
    question, _answer = QUESTIONS[task]
    seen = rows(system, question)
    assert set(seen.values()) == {(False, False, TRAP_ANSWER)}, seen


@pytest.mark.parametrize("system", TRAPS)
def test_the_rule_reads_no_trap_as_a_question_after_a_system_turn(system: str) -> None:
    engine = StepCache()
    for question, _ in QUESTIONS.values():
        turns = [("system", system), ("user", question)]
        prompt = messages_to_cache_prompt([ChatMessage(role=r, content=t) for r, t in turns])
        assert not question_after_system(engine, turns, lambda: prompt), (system, question)


def test_the_rule_holds_only_for_one_system_turn_then_one_question() -> None:
    engine = StepCache()
    persona, (question, _) = PERSONAS[0], ARITH
    render = lambda: messages_to_cache_prompt([ChatMessage(role="system", content=persona),  # noqa: E731
                                               ChatMessage(role="user", content=question)])
    assert question_after_system(engine, [("system", persona), ("user", question)], render)
    for turns in ([("user", question)], [("user", persona), ("user", question)], [("system", persona), ("system", persona),
                  ("user", question)], [("assistant", persona), ("user", question)], [("user", question), ("system", persona)]):
        assert not question_after_system(engine, turns, render), turns


def test_a_lone_user_message_holding_the_same_text_meets_the_same_entries_only_as_a_problem() -> None:
    """The turns were keyed apart because a text reads several ways (a user message ``system: ...``). Read as a
    problem, both requests are the same problem for the tasks (the positive evidence is the reading); a text no
    task reads as a problem keeps its turns keyed (free text: a cached answer is never served across)."""
    inner = ScriptedLLM(lambda p: "Once upon a time." if "story" in p else "3 + 4 = 7\nAnswer: 7", chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    for system, question, served in [(PERSONAS[0], ARITH[0], True), (PERSONAS[0], "Tell me a short story.", False)]:
        pair = [ChatMessage(role=MessageRole.SYSTEM, content=system), ChatMessage(role=MessageRole.USER, content=question)]
        llm.chat(pair)
        before = inner.calls
        lone = llm.chat([ChatMessage(role=MessageRole.USER, content=messages_to_cache_prompt(pair))])
        assert (inner.calls == before) is served, (question, lone.additional_kwargs[METADATA_KEY])


def test_a_named_task_or_a_message_with_more_than_text_keeps_its_turns_keyed() -> None:
    inner = ScriptedLLM(lambda p: ARITH[1], chat_model=True)
    cache = StepCache()
    plain = StepCacheLLM(llm=inner, cache=cache)
    plain.complete(ARITH[0])
    named = StepCacheLLM(llm=inner, cache=cache, task="arithmetic")
    named.complete(ARITH[0])
    pair = [ChatMessage(role=MessageRole.SYSTEM, content=PERSONAS[0]), ChatMessage(role=MessageRole.USER, content=ARITH[0])]
    assert "|request=" in named.chat(pair).additional_kwargs[METADATA_KEY]["llm_key"]
    assert "|request=" not in plain.chat(pair).additional_kwargs[METADATA_KEY]["llm_key"]
    with_name = [pair[0], ChatMessage(role=MessageRole.USER, content=ARITH[0], additional_kwargs={"name": "ann"})]
    assert "|request=" in plain.chat(with_name).additional_kwargs[METADATA_KEY]["llm_key"]


# -- a wider table: warm one request, ask another, in every entry point -----------------------------------------
def _oracle(text: str) -> str:
    """The model of the wide table: right answers computed from the question (free text for anything else)."""
    if found := re.findall(r"(\d+) \+ (\d+)", text):
        a, b = found[-1]
        return f"{a} + {b} = {int(a) + int(b)}\nAnswer: {int(a) + int(b)}"
    if found := re.findall(r"3x \+ 5 = (\d+)", text):
        x = (int(found[-1]) - 5) // 3
        return f"3x = {int(found[-1]) - 5}\nx = {x}\nAnswer: x = {x}"
    if found := re.findall(r'name "(\w+)", age (\d+)', text):
        name, age = found[-1]
        return '{"name": "%s", "age": %s}' % (name, age)
    return "A story: " + text[-12:]


class OracleChat(ScriptedChat):
    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        self.calls.append(list(messages))
        text = _oracle(str(messages[-1].content))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(text, usage_metadata=usage(20, 10)))])


def _li_oracle(prompt: str) -> str:
    asked = prompt.rpartition("user: ")[2] if "user: " in prompt else prompt
    return _oracle(re.sub(r"\s*assistant:\s*$", "", asked))


Turns = list[tuple[str, str]]


def _lc(turns: Turns) -> list[BaseMessage]:
    kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
    return [kinds[role](text) for role, text in turns]


def _li(turns: Turns) -> list[ChatMessage]:
    return [ChatMessage(role=role, content=text) for role, text in turns]


def wide_lc_wrapper(warm: Turns, ask: Turns) -> tuple[bool, bool]:
    model = OracleChat(messages=iter(()), model_name="wide-wrapper")
    cached = with_step_cache(model, StepCache())
    cached.invoke(_lc(warm))
    before = len(model.calls)
    reply = cached.invoke(_lc(ask))
    return len(model.calls) == before, reply.response_metadata["stepcache"]["verified"]


def wide_lc_global(warm: Turns, ask: Turns) -> tuple[bool, bool]:
    model = OracleChat(messages=iter(()), model_name="wide-global")
    set_llm_cache(StepCacheLLMCache())
    try:
        model.invoke(_lc(warm))
        before = len(model.calls)
        reply = model.invoke(_lc(ask))
    finally:
        set_llm_cache(None)
    return len(model.calls) == before, bool(reply.response_metadata.get("stepcache", {}).get("verified"))


def wide_li_chat(warm: Turns, ask: Turns) -> tuple[bool, bool]:
    inner = ScriptedLLM(_li_oracle, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.chat(_li(warm))
    before = inner.calls
    reply = llm.chat(_li(ask))
    return inner.calls == before, reply.additional_kwargs[METADATA_KEY]["verified"]


def wide_li_engine(warm: Turns, ask: Turns) -> tuple[bool, bool]:
    inner = ScriptedLLM(_li_oracle, chat_model=True)
    llm = StepCacheLLM(llm=inner, cache=StepCache())
    llm.chat(_li(warm))
    before = inner.calls
    system = [text for role, text in ask if role == "system"]
    rest = [(role, text) for role, text in ask if role != "system"]
    engine = SimpleChatEngine.from_defaults(llm=llm, system_prompt=system[0] if system else None,
                                            chat_history=_li(rest[:-1]))
    reply = engine.chat(rest[-1][1])
    return inner.calls == before, reply.metadata["stepcache"]["verified"]


WIDE = {"langchain wrapper": wide_lc_wrapper, "langchain global cache": wide_lc_global,
        "llama_index chat": wide_li_chat, "llama_index chat engine": wide_li_engine}
_P = "You are a helpful assistant."
_PAIRS = [("What is 3 + 4?", "What is 3 + 4?"), ("What is 3 + 4?", "What is 3 + 5?"),
          ("Solve 3x + 5 = 20 for x.", "Solve 3x + 5 = 20 for x."), ("Solve 3x + 5 = 20 for x.", "Solve 3x + 5 = 26 for x."),
          ('Return a JSON object with keys name and age for a person with name "Ann", age 30.',) * 2,
          ('Return a JSON object with keys name and age for a person with name "Ann", age 30.',
           'Return a JSON object with keys name and age for a person with name "Bob", age 30.'),
          ("Tell me a short story.", "Tell me a short story.")]


def _shapes(first: str, second: str) -> list[tuple[Turns, Turns]]:
    return [
        ([("user", first)], [("user", second)]),
        ([("user", first)], [("system", _P), ("user", second)]),
        ([("system", _P), ("user", first)], [("system", _P), ("user", second)]),
        ([("system", _P), ("user", first)], [("user", second)]),
        ([("user", first)], [("user", first), ("assistant", _oracle(first)), ("user", second)]),
        ([("user", first)], [("system", _P), ("user", first), ("assistant", _oracle(first)), ("user", second)]),
        ([("system", "Be brief."), ("user", first)], [("system", "Be brief."), ("user", second)]),
    ]


WIDE_CASES = [case for first, second in _PAIRS for case in _shapes(first, second)]
# Known differences, by design: "Be brief." asks a linear answer on one line; the model's three lines fail that
# check. The wrapper answers with the task's fallback (one line, proven) and stores it; the global cache cannot edit
# the answer LangChain already returned and never stores a corrected form of it (test_langchain_cache:
# test_update_does_not_store_a_corrected_form_of_a_wrong_answer), so the same request goes to the model again.
KNOWN = {(("system", "Be brief."), ("user", "Solve 3x + 5 = 20 for x."), ("user", second)): "langchain global cache"
         for second in ("Solve 3x + 5 = 20 for x.", "Solve 3x + 5 = 26 for x.")}
# wip/arithX (the lead's brief): "Be brief." asks an arithmetic answer's number alone (form "number", keyed and enforced):
# the model's "3 + 4 = 7\nAnswer: 7" fails that check, the same known difference (before, the system turn was no claim)
KNOWN.update({(("system", "Be brief."), ("user", "What is 3 + 4?"), ("user", second)): "langchain global cache"
              for second in ("What is 3 + 4?", "What is 3 + 5?")})


@pytest.mark.parametrize("case", range(len(WIDE_CASES)))
def test_every_entry_point_serves_the_same_way(case: int) -> None:
    warm, ask = WIDE_CASES[case]
    seen = {name: run(warm, ask) for name, run in WIDE.items()}
    odd = KNOWN.get((*warm, ask[-1]))
    if odd is not None:
        others = {v for k, v in seen.items() if k != odd}
        assert len(others) == 1 and seen[odd] == (False, False) and others != {seen[odd]}, seen
        return
    assert len(set(seen.values())) == 1, (warm, ask, seen)
