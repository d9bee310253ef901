"""A system prompt that only sets a persona, in es fr de pt it ru zh ja, does not hide the JSON or the
arithmetic task; a persona plus the number-only instruction in the system turn is read as that format
(issue 33 item 4; branch wip/sysQ, after wip/sysP's English).

Each table's YOU_ARE ("eres", "du bist", "ты", zh "你是一个", ja "あなたは") and PERSONA_ROLE (whole role
phrases in the language's own order and agreement, with their article: "un asistente útil", "eine
hilfreiche Assistentin", ru "полезный помощник", ja "親切なアシスタントです") are the same data in the
arithmetic and the JSON tables (checked below). The grammars: core/tasks/arithmetic/request.lark
``_persona`` / ``_persona_glued``, core/tasks/json/request.lark ``persona`` (-> persona_said).

Decided:
- a persona in one language and the question in another is no claim (no table reads both; an answer's
  language may follow the system prompt: a yes/no answer is a word, a JSON string value may be translated);
- after the persona the system turn may carry the arithmetic table's number-only instruction ("Antworte
  nur mit der Zahl."): read as in the user's turn (form "number", keyed: the served answer is the number);
  any other format in the system turn ("Show your steps.", "Answer in one line.") is no claim; for JSON,
  "Respond only with JSON." in the system turn is still no claim (in this grammar it is a request sentence
  of its own: left, see the branch's report).

Traps: system prompts that change the answer (a language, capitals, rounding, a prose persona, a role out of
the table, an article or a gender that does not agree, a negated persona, a second sentence), a persona in
request A and a trap in request B, a format the task does not enforce: never served, the model's answer kept.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question
from stepcache_integrations.core.tasks.json.reader import read_request

from .._pairs import NeverRightModel, served_after
from .harness import assert_models_answer_kept, assert_red_team_pair_not_served
from .test_system_persona_sysP import _langchain, _llama, llama_turns, system_turn

GLUED = ("zh", "ja")

# per language: (no-op personas, arithmetic question A, B, its served value for B, JSON request A, B, B's object)
LANGS: dict[str, tuple[list[str], str, str, str, str, str, dict[str, Any]]] = {
    "es": (["Eres un asistente útil.", "Eres una tutora de matemáticas.", "Eres un asistente de entrada de datos.",
            "Usted es un profesor de matemáticas."],
           "¿Cuánto es 14 por 11?", "¿Cuánto es 15 por 11?", "165",
           'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Tomás y tengo 52 años.',
           'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Tomás y tengo 53 años.', {"nombre": "Tomás", "edad": 53}),
    "fr": (["Tu es un assistant serviable.", "Vous êtes un tuteur de mathématiques.", "Tu es un assistant de saisie de données.",
            "Tu es une assistante utile."],
           "Combien font 14 fois 11 ?", "Combien font 15 fois 11 ?", "165",
           "Renvoie un JSON avec \"nom\" et \"age\" : Je m'appelle Louis, j'ai 44 ans.",
           "Renvoie un JSON avec \"nom\" et \"age\" : Je m'appelle Louis, j'ai 45 ans.", {"nom": "Louis", "age": 45}),
    "de": (["Du bist ein hilfreicher Assistent.", "Du bist ein Mathe-Tutor.", "Du bist eine hilfreiche Assistentin.",
            "Sie sind ein Assistent für die Dateneingabe."],
           "Was ist 14 mal 11?", "Was ist 15 mal 11?", "165",
           'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt Leipzig, Einwohner 620000',
           'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt Dresden, Einwohner 560000',
           {"stadt": "Dresden", "einwohner": 560000}),
    "pt": (["Você é um assistente prestativo.", "Você é uma tutora de matemática.", "Você é um assistente de entrada de dados."],
           "Quanto é 14 vezes 11?", "Quanto é 15 vezes 11?", "165",
           'Retorne um JSON com "nome" e "idade": Marta tem 61 anos.',
           'Retorne um JSON com "nome" e "idade": Marta tem 62 anos.', {"nome": "Marta", "idade": 62}),
    "it": (["Sei un assistente utile.", "Sei un tutor di matematica.", "Sei un'assistente utile.",
            "Sei un assistente per l'inserimento dati."],
           "Quanto fa 14 per 11?", "Quanto fa 15 per 11?", "165",
           'Dammi un JSON con "nome" ed "eta": Sara ha 22 anni.',
           'Dammi un JSON con "nome" ed "eta": Chiara ha 22 anni.', {"nome": "Chiara", "eta": 22}),
    "ru": (["Ты полезный помощник.", "Ты — репетитор по математике.", "Вы помощник по вводу данных."],
           "Сколько будет 14 умножить на 11?", "Сколько будет 15 умножить на 11?", "165",
           'Сформируй JSON с ключами "город" и "население": Город: Тула, население: 470000',
           'Сформируй JSON с ключами "город" и "население": Город: Тверь, население: 410000', {"город": "Тверь", "население": 410000}),
    "zh": (["你是一个乐于助人的助手。", "你是一名数学老师。", "你是数据录入助手。"],
           "14 乘以 11 等于多少？", "15 乘以 11 等于多少？", "165",
           '返回一个 JSON，包含 "城市" 和 "气温"：城市：西安，气温：12度',
           '返回一个 JSON，包含 "城市" 和 "气温"：城市：武汉，气温：12度', {"城市": "武汉", "气温": 12}),
    "ja": (["あなたは親切なアシスタントです。", "あなたは数学の家庭教師です。", "あなたはデータ入力アシスタントです。"],
           "14 かける 11 は？", "15 かける 11 は？", "165",
           '"都市" と "人口" の JSON をください。都市：仙台、人口：1090000',
           '"都市" と "人口" の JSON をください。都市：福井、人口：260000', {"都市": "福井", "人口": 260000}),
}

# per language: system prompts that change the answer, or may: each derived by no rule of either task
TRAPS: dict[str, list[str]] = {
    "es": ["Responde siempre en inglés.", "Eres un asistente útil. Responde siempre en inglés.", "Eres un pirata.",
           "Eres un asistenta útil.", "Eres una asistente útil y respondes en inglés.", "Eres un asistente útil pero sarcástico.",
           "Eres asistente útil.", "¿Eres un asistente útil?", "No eres un asistente útil.", "Eres una calculadora.", "Eres un asistente útil. Redondea siempre."],
    "fr": ["Réponds en majuscules.", "Tu es un assistant serviable. Réponds en majuscules.", "Tu es un pirate.",
           "Tu es une assistant serviable.", "Arrondis toujours.", "Tu es un assistant serviable. Arrondis toujours.",
           "Tu n'es pas un assistant serviable.", "Tu es une calculatrice.", "Tu es assistant serviable."],
    "de": ["Du bist ein Pirat.", "Du bist eine hilfreicher Assistent.", "Du bist ein Rechner.", "Du bist ein Taschenrechner.",
           "Du bist ein hilfreicher Assistent. Antworte immer auf Englisch.", "Du bist kein hilfreicher Assistent.",
           "Du bist hilfreicher Assistent.", "Runde immer."],
    "pt": ["Você é um pirata.", "Você é um assistente prestativa.", "Responda sempre em inglês.",
           "Você é um assistente prestativo. Arredonde sempre.", "Você não é um assistente prestativo."],
    "it": ["Sei un pirata.", "Sei una assistente utile.", "Rispondi sempre in inglese.", "Sei un assistente utile. Arrotonda sempre.",
           "Non sei un assistente utile.", "Sei assistente utile."],
    "ru": ["Ты пират.", "Ты полезный помощник. Отвечай по-английски.", "Ты калькулятор.", "Ты не полезный помощник.",
           "Ты полезная помощник.", "Всегда округляй."],
    "zh": ["用英文回答。", "你是一个乐于助人的助手。用英文回答。", "你是一个海盗。", "你是一个计算器。", "你不是一个乐于助人的助手。",
           "你是一个乐于助人的助手，总是四舍五入。", "你是一个乐于助人的助手？", "你是一个乐于助人的助手？。"],
    "ja": ["英語で答えてください。", "あなたは親切なアシスタントです。英語で答えてください。", "あなたは海賊です。", "あなたは電卓です。",
           "あなたは親切なアシスタントではありません。", "あなたは親切なアシスタント。"],
}


def inline(language: str, system: str, user: str) -> str:
    return f"{system}{'' if language in GLUED else ' '}{user}"


def _forms(language: str) -> list[Any]:
    return [system_turn, llama_turns, lambda s, u: inline(language, s, u)]


def _cases() -> list[tuple[str, str]]:
    return [(lang, persona) for lang, row in LANGS.items() for persona in row[0]]


def _traps() -> list[tuple[str, str]]:
    return [(lang, trap) for lang, traps in TRAPS.items() for trap in traps]


def _statements(prompt: str) -> dict[str, Any] | None:
    read = read_request(prompt)
    return None if read is None else {key: s.value for key, s in read.statements.items()}


# -- the data: one persona table per language, the same in both tasks ----------------------------------
def test_the_arithmetic_and_json_tables_list_the_same_persona_words() -> None:
    root = Path(__file__).resolve().parents[2] / "stepcache_integrations" / "core" / "tasks"
    for language in LANGS:
        arith, data = (json.loads((root / task / "vocabulary" / f"{language}.json").read_text(encoding="utf-8"))["classes"]
                       for task in ("arithmetic", "json"))
        assert arith["YOU_ARE"] == data["YOU_ARE"] and arith["PERSONA_ROLE"] == data["PERSONA_ROLE"], language
        assert arith["PERSONA_ROLE"], language


# -- what is read ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("language", "persona"), _cases())
def test_a_persona_before_a_question_or_a_json_request_reads_the_same(language: str, persona: str) -> None:
    _, arith_a, _, _, json_a, _, _ = LANGS[language]
    plain_q, plain_j = read_question(arith_a), _statements(json_a)
    assert plain_q is not None and plain_j is not None, language
    for form in _forms(language):
        led = read_question(form(persona, arith_a))
        assert led == plain_q and led.language == language, (form(persona, arith_a), led)
        assert _statements(form(persona, json_a)) == plain_j, form(persona, json_a)


@pytest.mark.parametrize(("language", "trap"), _traps())
def test_no_trap_system_prompt_is_read(language: str, trap: str) -> None:
    _, arith_a, _, _, json_a, _, _ = LANGS[language]
    for form in _forms(language):
        assert read_question(form(trap, arith_a)) is None, form(trap, arith_a)
        assert read_request(form(trap, json_a)) is None, form(trap, json_a)


@pytest.mark.parametrize("language", list(LANGS))
def test_a_persona_without_its_full_stop_is_read_only_as_a_json_turn_of_its_own(language: str) -> None:
    """As wip/sysP's English: the arithmetic grammar needs the persona's full stop; the JSON reader ends a sentence
    at a blank line (a system turn's end), so only run into the request on one line is it no claim there."""
    personas, arith_a, _, _, json_a, _, _ = LANGS[language]
    bare = personas[0][:-1]
    assert bare[-1] not in ".。", bare
    for form in _forms(language):
        assert read_question(form(bare, arith_a)) is None, form(bare, arith_a)
    assert read_request(inline(language, bare, json_a)) is None
    assert _statements(system_turn(bare, json_a)) == _statements(json_a)
    assert_red_team_pair_not_served(system_turn(personas[0], arith_a), system_turn(bare, arith_a))
    assert_red_team_pair_not_served(inline(language, personas[0], json_a), inline(language, bare, json_a))


@pytest.mark.parametrize("language", [*LANGS, "en"])
def test_a_hand_written_pipe_after_the_persona_stays_no_claim_for_arithmetic(language: str) -> None:
    """As tests/adversarial/test_arithmetic_reach_arithA.py pins "System: You are a helpful assistant. | User: ...":
    the persona's system turn ends at a line break (zh and ja drop the spaces around the pipe: the transformer
    declines a TURN "|" after a persona)."""
    persona, question = ("You are a helpful assistant.", "What is 12 * 12?") if language == "en" else (LANGS[language][0][0], LANGS[language][1])
    for text in (f"System: {persona} | User: {question}", f"System: {persona}|User: {question}"):
        assert read_question(text) is None, text
        assert_red_team_pair_not_served(system_turn(persona, question), text)


@pytest.mark.parametrize(("persona_language", "question_language"),
                         [("de", "en"), ("es", "fr"), ("en", "es"), ("ru", "de"), ("zh", "ja"), ("fr", "en")])
def test_a_persona_in_one_language_and_the_question_in_another_is_no_claim(persona_language: str, question_language: str) -> None:
    """No table reads both; and the answer's language may follow the system prompt's (a yes/no word, a
    string value translated), so neither is claimed: the model answers."""
    persona = "You are a helpful assistant." if persona_language == "en" else LANGS[persona_language][0][0]
    if question_language == "en":
        arith, data = "What is 14 * 11?", 'Return a JSON object with keys "name" and "age".\nname: Alice\nage: 30'
    else:
        _, arith, _, _, data, _, _ = LANGS[question_language]
    for form in (system_turn, llama_turns):
        assert read_question(form(persona, arith)) is None and read_request(form(persona, data)) is None
    assert_red_team_pair_not_served(arith, system_turn(persona, arith))
    assert_red_team_pair_not_served(data, system_turn(persona, data))


@pytest.mark.parametrize(("language", "only"), [("es", "Solo el número."), ("fr", "Seulement le nombre."), ("de", "Nur die Zahl."),
                                              ("zh", "只要数字。"), ("en", "Reply with the number only.")])
def test_the_number_only_instruction_after_the_persona_in_the_system_turn_is_read_as_the_format(language: str, only: str) -> None:
    if language == "en":
        persona, arith_a = "You are a math tutor.", "What is 14 * 11?"
    else:
        persona, arith_a = LANGS[language][0][0], LANGS[language][1]
    sep = "" if language in GLUED else " "
    read = read_question(system_turn(persona + sep + only, arith_a))
    assert read is not None and read.form == "number" and read.language == language, read
    assert read_question(inline(language, persona + sep + only, arith_a)) == read


@pytest.mark.parametrize("system", ["You are a math tutor. Show your steps.", "You are a helpful assistant. Answer in one line.",
                                    "You are a helpful assistant. Explain your answer.", "You are a helpful assistant. Respond in French.",
                                    "Eres un asistente útil. Muestra los pasos.", "Du bist ein hilfreicher Assistent. Erkläre den Rechenweg."])
def test_a_format_the_arithmetic_task_does_not_enforce_is_no_claim(system: str) -> None:
    question = {"Y": "What is 12 * 12?", "E": "¿Cuánto es 12 por 12?", "D": "Was ist 12 mal 12?"}[system[0]]
    assert read_question(system_turn(system, question)) is None
    plain = system_turn("You are a helpful assistant." if system[0] == "Y" else system.split(".")[0] + ".", question)
    assert_red_team_pair_not_served(plain, system_turn(system, question))
    assert_models_answer_kept(system_turn(system, question))


JSON_EN = 'Return a JSON object with keys "name" and "age".\nname: Alice\nage: 30'


@pytest.mark.parametrize("system", ["You are a helpful assistant. Answer in one line.", "You are a helpful assistant. Indent with 4 spaces.",
                                    "You are a data entry assistant. Use YAML.", "You are a helpful assistant. Show your steps.",
                                    "You are a helpful assistant. Wrap the JSON in a code block.",
                                    "Eres un asistente útil. Responde en una sola línea.", "Du bist ein hilfreicher Assistent. Nutze YAML."])
def test_a_format_the_json_task_does_not_enforce_is_no_claim(system: str) -> None:
    data = {"Y": JSON_EN, "E": LANGS["es"][4], "D": LANGS["de"][4]}[system[0]]
    assert read_request(system_turn(system, data)) is None
    plain = system_turn(system.split(".")[0] + ".", data)
    assert read_request(plain) is not None, plain
    assert_red_team_pair_not_served(plain, system_turn(system, data))
    assert_red_team_pair_not_served(data, system_turn(system, data))


# -- through the engine ------------------------------------------------------------------------------
@pytest.mark.parametrize(("language", "persona"), _cases())
def test_arithmetic_and_json_behind_a_persona_are_reinstantiated(language: str, persona: str) -> None:
    _, arith_a, arith_b, value, json_a, json_b, obj_b = LANGS[language]
    cache, model = StepCache(), NeverRightModel()
    one = cache.generate(system_turn(persona, arith_a), model)
    assert one.task == "arithmetic" and one.verification == "proven", one.text
    before = model.calls
    again = cache.generate(system_turn(persona, arith_b), model)
    assert model.calls == before and again.verification == "proven" and again.task == "arithmetic", again.outcome
    assert value in again.text and "154" not in again.text, again.text
    served, obj = served_after(system_turn(persona, json_a), system_turn(persona, json_b))
    assert served and obj == obj_b, (persona, obj)


@pytest.mark.parametrize("language", list(LANGS))
def test_two_no_op_personas_of_one_language_share_the_answer(language: str) -> None:
    personas, _, _, _, json_a, json_b, obj_b = LANGS[language]
    served, obj = served_after(system_turn(personas[0], json_a), llama_turns(personas[1], json_b))
    assert served and obj == obj_b


def test_the_number_only_format_in_the_system_turn_is_enforced_after_a_persona_only_answer() -> None:
    """Cached under the persona alone, the same question with "Nur die Zahl." after the persona is served the
    number alone (the format is keyed and enforced, as in the user's turn), never the cached text as it was."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate(system_turn("You are a helpful assistant.", "What is 12 * 12?"), model)
    result = cache.generate(system_turn("You are a helpful assistant. Reply with the number only.", "What is 12 * 12?"), model)
    assert result.verification == "proven" and result.text.strip().rstrip(".") == "144", result.text
    result = cache.generate(system_turn("Du bist ein hilfreicher Assistent. Nur die Zahl.", "Was ist 14 mal 11?"), model)
    assert result.text.strip().rstrip(".") == "154", result.text


@pytest.mark.parametrize(("language", "trap"), _traps())
def test_a_trap_persona_is_never_served_the_no_op_personas_answer(language: str, trap: str) -> None:
    personas, arith_a, arith_b, _, json_a, json_b, _ = LANGS[language]
    for first, second in ((arith_a, arith_a), (arith_a, arith_b), (json_a, json_a), (json_a, json_b)):
        assert_red_team_pair_not_served(system_turn(personas[0], first), system_turn(trap, second))
        assert_red_team_pair_not_served(inline(language, personas[0], first), inline(language, trap, second))
    assert_models_answer_kept(system_turn(trap, arith_a))
    assert_models_answer_kept(inline(language, trap, arith_a))


# -- the LangChain wrapper and the LlamaIndex chat path ----------------------------------------------------
@pytest.mark.parametrize("language", list(LANGS))
def test_langchain_and_llama_index_reuse_behind_a_persona(language: str) -> None:
    personas, arith_a, arith_b, value, json_a, json_b, obj_b = LANGS[language]
    answer_json = json.dumps(_statements(json_a), ensure_ascii=False)
    _, two, calls = _langchain(personas[0], json_a, json_b, answer_json)
    assert calls == 1 and json.loads(two.content) == obj_b and two.response_metadata["stepcache"]["verification"] == "proven"
    _, two, calls = _langchain(personas[-1], arith_a, arith_b, "154")
    assert calls == 1 and value in two.content and two.response_metadata["stepcache"]["task"] == "arithmetic"
    (text, meta), calls = _llama(personas[0], json_a, json_b, answer_json)
    assert calls == 1 and json.loads(text) == obj_b and meta["verification"] == "proven"
    (text, meta), calls = _llama(personas[-1], arith_a, arith_b, "154")
    assert calls == 1 and value in text and meta["verification"] == "proven"


@pytest.mark.parametrize("language", list(LANGS))
def test_langchain_and_llama_index_ask_the_model_behind_a_trap(language: str) -> None:
    _, arith_a, arith_b, _, json_a, json_b, _ = LANGS[language]
    trap = TRAPS[language][0]
    answer_json = json.dumps(_statements(json_a), ensure_ascii=False)
    for first, second, answer in ((json_a, json_b, answer_json), (arith_a, arith_b, "154")):
        _, two, calls = _langchain(trap, first, second, answer)
        assert calls == 2 and two.content == "MODEL" and two.response_metadata["stepcache"]["verification"] != "proven"
        (text, meta), calls = _llama(trap, first, second, answer)
        assert calls == 2 and text == "MODEL" and meta["verification"] != "proven"
