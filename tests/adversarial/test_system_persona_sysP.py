"""A system prompt that only sets a persona does not hide the task (issue 33, item 4; branch wip/sysP).

"You are a helpful assistant." in a system turn (the LangChain wrapper renders "System: ...\\n\\nUser: ...",
LlamaIndex "system: ...\\n\\nuser: ...") or leading the message is read by the JSON and arithmetic grammars
as a persona sentence: no request and no format (core/tasks/arithmetic/request.lark ``_persona``: YOU_ARE
ROLE_ADJ* ROLE_NOUN; core/tasks/json/request.lark ``persona``: "you are", an article, one closed
PERSONA_ROLE phrase). So the request after it is read, proven and re-instantiated as without it.

Traps: every system prompt that changes the answer (a language, a key style, a key left out, rounding,
doubling, a prose persona, a persona that outputs YAML, a persona with an added instruction, "You are
terse.") is derived by no rule: no claim, the model answers and its answer is kept. "You are terse." is no
claim on purpose: a style word may ask for the answer alone, and neither task enforces a style.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question
from stepcache_integrations.core.tasks.json.reader import read_request

from .._pairs import NeverRightModel, served_after
from .harness import assert_models_answer_kept, assert_red_team_pair_not_served

JSON_A = 'Return a JSON object with keys "name" and "age".\nname: Alice\nage: 30'
JSON_B = 'Return a JSON object with keys "name" and "age".\nname: Bob\nage: 41'
ARITH_A = "What is 12 * 12?"
ARITH_B = "What is 13 * 12?"

NO_OP = ["You are a helpful assistant.", "You are a math tutor."]
JSON_NO_OP = [*NO_OP, "You are a data entry assistant.", "You are a helpful AI assistant."]
ARITH_NO_OP = [*NO_OP, "You are an expert math teacher.", "You're a helpful AI assistant."]

# system prompts that change the answer (or may): each derived by no rule of either task
TRAPS = [
    "Always answer in French.",
    "Use snake_case keys.",
    "Never include the age.",
    "Round every number.",
    "Answer with twice the value.",
    "You are a pirate.",
    "You are an assistant that outputs YAML.",
    "You are a helpful assistant. Add a key id to every object.",
    "You are a helpful assistant. Answer with twice the value.",
    "You are a helpful assistant. Always answer in French.",
    "You are terse.",
    "You are a terse assistant.",
    "You are a concise assistant.",
    "You are a calculator.",
    "You are a helpful assistant who rounds every number.",
    "You are not a helpful assistant.",
    "You will are a helpful assistant.",
    "You are a helpful pirate.",
    "You are a helpful pirate assistant.",
    "You are helpful assistant.",  # no article (fuzz seed 2)
]


def system_turn(system: str, user: str) -> str:
    """The engine's prompt for a system message then a user message, as the LangChain wrapper writes it."""
    return f"System: {system}\n\nUser: {user}"


def llama_turns(system: str, user: str) -> str:
    """As StepCacheLLM writes it (messages_to_cache_prompt)."""
    return f"system: {system}\n\nuser: {user}"


def inline(system: str, user: str) -> str:
    return f"{system} {user}"


FORMS = [system_turn, llama_turns, inline]


# -- what is read -----------------------------------------------------------------------------------
@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("persona", JSON_NO_OP)
def test_a_persona_before_a_json_request_reads_the_same_request(persona: str, form: Any) -> None:
    plain, led = read_request(JSON_A), read_request(form(persona, JSON_A))
    assert plain is not None and led is not None, (persona, form(persona, JSON_A))
    assert led.keys == plain.keys == ("name", "age")
    assert {k: s.value for k, s in led.statements.items()} == {"name": "Alice", "age": 30}


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("persona", ARITH_NO_OP)
def test_a_persona_before_an_arithmetic_question_reads_the_same_question(persona: str, form: Any) -> None:
    led = read_question(form(persona, ARITH_A))
    assert led is not None and led == read_question(ARITH_A), (persona, led)
    assert led.value == 144


def test_a_persona_keeps_the_number_only_instruction_after_the_question() -> None:
    led = read_question(system_turn("You are a helpful assistant.", "What is 12 * 12? Reply with the number only."))
    assert led is not None and led.form == "number" and led.value == 144


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("trap", TRAPS)
def test_no_trap_system_prompt_is_read(trap: str, form: Any) -> None:
    assert read_request(form(trap, JSON_A)) is None, trap
    assert read_question(form(trap, ARITH_A)) is None, trap


def test_a_persona_without_its_full_stop_is_read_only_as_a_turn_of_its_own() -> None:
    """The JSON reader ends a sentence at a blank line (a system turn's end), the arithmetic one does not:
    run into the request on one line, neither reads it."""
    assert read_request(inline("You are a helpful assistant", JSON_A)) is None
    assert read_question(inline("You are a helpful assistant", ARITH_A)) is None
    assert read_question(system_turn("You are a helpful assistant", ARITH_A)) is None


@pytest.mark.parametrize("role", ["helpful", "assistant", "tutor"])
def test_a_key_named_like_a_role_word_is_still_a_key(role: str) -> None:
    read = read_request(f'Return a JSON object with keys "{role}" and "age".\n{role}: Alice\nage: 30')
    assert read is not None and read.keys == (role, "age")


# -- through the engine ----------------------------------------------------------------------------
@pytest.mark.parametrize("form", [system_turn, llama_turns], ids=lambda f: f.__name__)
@pytest.mark.parametrize("persona", JSON_NO_OP)
def test_json_behind_a_persona_is_reinstantiated(persona: str, form: Any) -> None:
    served, obj = served_after(form(persona, JSON_A), form(persona, JSON_B))
    assert served and obj == {"name": "Bob", "age": 41}, (persona, obj)


@pytest.mark.parametrize("form", [system_turn, llama_turns], ids=lambda f: f.__name__)
@pytest.mark.parametrize("persona", ARITH_NO_OP)
def test_arithmetic_behind_a_persona_is_reinstantiated(persona: str, form: Any) -> None:
    cache, model = StepCache(), NeverRightModel()
    one = cache.generate(form(persona, ARITH_A), model)
    assert one.task == "arithmetic" and one.verification == "proven", one.text
    before = model.calls
    again = cache.generate(form(persona, ARITH_B), model)
    assert model.calls == before and again.verification == "proven" and again.task == "arithmetic", again.outcome
    assert again.text.strip() == "13 * 12 = 156.", again.text


def test_two_no_op_personas_share_the_answer() -> None:
    """Both personas are read as no request: persona A's cached problem serves persona B's."""
    served, obj = served_after(system_turn(NO_OP[0], JSON_A), system_turn(NO_OP[1], JSON_B))
    assert served and obj == {"name": "Bob", "age": 41}


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_persona_is_never_served_the_no_op_personas_answer(trap: str) -> None:
    for first, second in ((JSON_A, JSON_A), (JSON_A, JSON_B), (ARITH_A, ARITH_A), (ARITH_A, ARITH_B)):
        assert_red_team_pair_not_served(system_turn(NO_OP[0], first), system_turn(trap, second))
        assert_red_team_pair_not_served(first, system_turn(trap, second))
        assert_red_team_pair_not_served(inline(NO_OP[0], first), inline(trap, second))


@pytest.mark.parametrize("trap", TRAPS)
def test_the_models_answer_to_a_trap_is_kept(trap: str) -> None:
    assert_models_answer_kept(system_turn(trap, ARITH_A))
    assert_models_answer_kept(inline(trap, ARITH_A))


# -- the LangChain wrapper and the LlamaIndex chat path ------------------------------------------------
def _langchain(system: str, first: str, second: str, answer: str) -> tuple[Any, Any, int]:
    from langchain_core.messages import HumanMessage, SystemMessage

    from stepcache_integrations.langchain import with_step_cache
    from tests.unit.test_langchain_fakes import scripted

    chat = scripted(answer, "MODEL", "MODEL")
    runnable = with_step_cache(chat, StepCache())
    one = runnable.invoke([SystemMessage(system), HumanMessage(first)])
    two = runnable.invoke([SystemMessage(system), HumanMessage(second)])
    return one, two, len(chat.calls)


@pytest.mark.parametrize("persona", NO_OP)
def test_langchain_wrapper_reuses_json_and_arithmetic_behind_a_persona(persona: str) -> None:
    one, two, calls = _langchain(persona, JSON_A, JSON_B, '{"name": "Alice", "age": 30}')
    assert calls == 1 and json.loads(two.content) == {"name": "Bob", "age": 41}
    assert two.response_metadata["stepcache"]["verification"] == "proven"
    one, two, calls = _langchain(persona, ARITH_A, ARITH_B, "12 * 12 = 144.")
    assert calls == 1 and two.content.strip() == "13 * 12 = 156."
    assert two.response_metadata["stepcache"]["task"] == "arithmetic"


@pytest.mark.parametrize("trap", ["You are terse.", "Always answer in French.", "You are a pirate.",
                                  "You are a helpful assistant. Add a key id to every object."])
def test_langchain_wrapper_asks_the_model_behind_a_trap(trap: str) -> None:
    for first, second, answer in ((JSON_A, JSON_B, '{"name": "Alice", "age": 30}'), (ARITH_A, ARITH_B, "12 * 12 = 144.")):
        _, two, calls = _langchain(trap, first, second, answer)
        assert calls == 2 and two.content == "MODEL" and two.response_metadata["stepcache"]["verification"] != "proven"


def _llama(system: str, first: str, second: str, answer: str) -> tuple[Any, int]:
    from llama_index.core.base.llms.types import ChatMessage, MessageRole

    from stepcache_integrations.llama_index import METADATA_KEY, StepCacheLLM
    from tests.unit.test_llama_index_support import ScriptedLLM

    inner = ScriptedLLM([answer, "MODEL", "MODEL"], chat_model=True)
    llm = StepCacheLLM(llm=inner)
    turns = lambda text: [ChatMessage(role=MessageRole.SYSTEM, content=system),  # noqa: E731
                          ChatMessage(role=MessageRole.USER, content=text)]
    llm.chat(turns(first))
    two = llm.chat(turns(second)).message
    return (two.content, two.additional_kwargs[METADATA_KEY]), len(inner.prompts)


@pytest.mark.parametrize("persona", NO_OP)
def test_llama_index_chat_reuses_json_and_arithmetic_behind_a_persona(persona: str) -> None:
    (text, meta), calls = _llama(persona, JSON_A, JSON_B, '{"name": "Alice", "age": 30}')
    assert calls == 1 and json.loads(text) == {"name": "Bob", "age": 41} and meta["verification"] == "proven"
    (text, meta), calls = _llama(persona, ARITH_A, ARITH_B, "12 * 12 = 144.")
    assert calls == 1 and text.strip() == "13 * 12 = 156." and meta["verification"] == "proven"


@pytest.mark.parametrize("trap", ["You are terse.", "Round every number.", "You are an assistant that outputs YAML."])
def test_llama_index_chat_asks_the_model_behind_a_trap(trap: str) -> None:
    for first, second, answer in ((JSON_A, JSON_B, '{"name": "Alice", "age": 30}'), (ARITH_A, ARITH_B, "12 * 12 = 144.")):
        (text, meta), calls = _llama(trap, first, second, answer)
        assert calls == 2 and text == "MODEL" and meta["verification"] != "proven"


def test_the_value_is_exact() -> None:
    assert read_question(system_turn("You are a helpful assistant.", "What is 1 / 3?")).value == Fraction(1, 3)
