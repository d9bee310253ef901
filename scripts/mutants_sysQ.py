"""Mutation-check rows for wip/sysQ (issue 33, item 4): the persona sentence in es fr de pt it ru zh ja before the
JSON and arithmetic requests (each table's YOU_ARE and whole PERSONA_ROLE phrases), and the number-only instruction
after the persona in the arithmetic system turn. Appended by ``mutants.py`` to its table: (id, behaviour, file, old,
new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/request.lark"
_JSON = "stepcache_integrations/core/tasks/json/request.lark"
_VOC = "stepcache_integrations/core/tasks/{}/vocabulary/{}.json"
_TESTS = ("tests/adversarial/test_system_persona_sysQ.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("sysQ-arith-persona-rule-lost", "'System: Eres un asistente útil.\\n\\nUser: ¿Cuánto es 14 por 11?' is no claim again",
     _ARITH, "        | YOU_ARE _SP PERSONA_ROLE (STOP | BANG) ", "        | YOU_ARE _SP PERSONA_ROLE COLON         ", _TESTS),  # re-anchored by wip/adaptD
    ("sysQ-arith-persona-no-stop", "'Eres un asistente útil ¿Cuánto es 14 por 11?' (the persona without its full stop) is read",
     _ARITH, "        | YOU_ARE _SP PERSONA_ROLE (STOP | BANG) ", "        | YOU_ARE _SP PERSONA_ROLE (STOP | BANG)?", _TESTS),  # re-anchored by wip/adaptD
    ("sysQ-arith-glued-lost", "zh '你是一个乐于助人的助手。14 乘以 11 等于多少？' is no claim again",
     _ARITH, "      | _persona_glued glued (only_number STOP?)?      //", "      | _persona_glued COLON glued (only_number STOP?)? //", _TESTS),  # re-anchored by wip/arithX
    ("sysQ-arith-format-after-persona-lost", "'System: You are a helpful assistant. Reply with the number only.\\n\\nUser: ...' is no claim",
     _ARITH, "_persona_lead: SYSTEM _SP _persona (_SP only_number (STOP | BANG))? _SP? TURN USER _SP",
     "_persona_lead: SYSTEM _SP _persona _SP? TURN USER _SP", _TESTS),  # re-anchored by wip/adaptD
    ("sysQ-json-persona-rule-lost", "'System: Eres un asistente útil.\\n\\nUser: Devuelve un JSON ...' is no claim again",
     _JSON, "       | YOU_ARE PERSONA_ROLE -> persona_said", "       | YOU_ARE COLON PERSONA_ROLE -> persona_said", _TESTS),
    ("sysQ-es-pirate-read", "'Eres un pirata.' (a prose style) is read as a no-op persona before an arithmetic question",
     _VOC.format("arithmetic", "es"), '"PERSONA_ROLE": ["un asistente", ', '"PERSONA_ROLE": ["un pirata", "un asistente", ', _TESTS),
    ("sysQ-es-gender-mismatch-read", "'Eres un asistenta útil.' (article and noun disagree) is read",
     _VOC.format("arithmetic", "es"), '"una asistente útil", "un asistente servicial"', '"una asistente útil", "un asistenta útil", "un asistente servicial"', _TESTS),
    ("sysQ-de-helpful-deleted", "'Du bist ein hilfreicher Assistent.' is no claim (a table phrase deleted)",
     _VOC.format("arithmetic", "de"), '"ein hilfreicher assistent", ', '', _TESTS),
    ("sysQ-de-calculator-read", "'Du bist ein Rechner.' (a calculator: the number alone asked) is read before a JSON request",
     _VOC.format("json", "de"), '"PERSONA_ROLE": ["ein assistent", ', '"PERSONA_ROLE": ["ein rechner", "ein assistent", ', _TESTS),
    ("sysQ-ru-negation-read", "'Ты не полезный помощник.' is read as a no-op persona",
     _VOC.format("json", "ru"), '"полезный помощник", ', '"полезный помощник", "не полезный помощник", ', _TESTS),
    ("sysQ-zh-pirate-read", "zh '你是一个海盗。' is read as a no-op persona before a JSON request",
     _VOC.format("json", "zh"), '"PERSONA_ROLE": ["助手", ', '"PERSONA_ROLE": ["海盗", "助手", ', _TESTS),
    ("sysQ-ja-no-copula-read", "ja 'あなたは親切なアシスタント。' (no copula) is read",
     _VOC.format("arithmetic", "ja"), '"PERSONA_ROLE": ["アシスタントです", ', '"PERSONA_ROLE": ["親切なアシスタント", "アシスタントです", ', _TESTS),
    ("sysQ-fr-you-swapped", "fr YOU_ARE 'tu es' swapped for 'tu n'es pas': 'Tu n'es pas un assistant serviable.' is read",
     _VOC.format("json", "fr"), '"YOU_ARE": ["tu es", ', '"YOU_ARE": ["tu n\'es pas", ', _TESTS),
]
# fmt: on
ROWS.append(("sysQ-arith-pipe-after-persona-read", "zh 'System: 你是一个乐于助人的助手。 | User: 14 乘以 11 等于多少？' (a hand-written pipe) is read",
             "stepcache_integrations/core/tasks/arithmetic/grammar.py",
             '        if any(t.type == "YOU_ARE" for t in tokens) and any(t.type == "TURN" and t.value == "|" for t in tokens):\n',
             '        if False:\n', _TESTS))
ROWS.append(("sysQ-json-persona-question-read", "zh '你是一个乐于助人的助手？。' (a question to the model) is read as a persona before a JSON request",
             "stepcache_integrations/core/tasks/json/request.lark", "%extend start: _end* ROLE? persona (STOP | PERSONA_END) _end* ",
             "%extend start: _end* ROLE? persona _end+ ", _TESTS))  # re-anchored by wip/adaptD
