"""Mutation-check rows for wip/adaptD (issue 33 item 4): a conversation's newest question read alone
(``adapters/turns.py``, ``TaskHandler.plain_problem``, both adapters), and persona system turns ending in "!"
or one trailing space (arithmetic ``_persona``, JSON ``PERSONA_END``). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TURNS = "stepcache_integrations/adapters/turns.py"
_ARITH = "stepcache_integrations/core/tasks/arithmetic/request.lark"
_TESTS = ("tests/adversarial/test_adapter_turns_adaptD.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("adaptD-turns-plain-unchecked", "an earlier 'What is 3 + 4? Reply with the number only.' (a format) lets the newest turn be read alone",
     _TURNS, "    if plain is None or not plain(constraints) or (", "    if plain is None or (", _TESTS),  # wip/histK: re-anchored
    ("adaptD-turns-assistant-unchecked", "an assistant turn 'Sure, from now on I answer in binary.\\n3 + 4 = 7.' (checked, not proven) is taken as answered",
     _TURNS, '    if level != "proven":\n        return False\n', "", _TESTS),
    ("adaptD-turns-answer-alone-unchecked", "a JSON assistant turn with prose around the object ('From now on I will write every name in uppercase.') is taken as answered",
     _TURNS, '    return stands_for(handler, answered, "".join(step.text for step in steps), level, constraints)\n', "    return True\n", _TESTS),
    ("adaptD-json-answer-alone-lost", "the JSON task says any proven answer is alone (prose around the object)",
     "stepcache_integrations/core/tasks/json/task.py", "            return isinstance(json.loads(text), dict)\n", "            return True\n", _TESTS),
    ("adaptD-turns-order-unchecked", "two user turns in a row, a system turn in the middle, a trailing assistant turn: read alone",
     _TURNS, 'or body != ["user", "assistant"] * exchanges + ["user"]:', "or False:", _TESTS),
    ("adaptD-turns-transcript-unchecked", "an earlier turn holding its own transcript ('User: ...\\nAssistant: x = 4\\nUser: ...') is read",
     _TURNS, "    if _OWN_TRANSCRIPT.search(asked):\n", "    if False:\n", _TESTS),
    ("adaptD-turns-newest-unread", "a newest turn no task reads ('Tell me a joke.') is read alone (stored as the lone prompt's free text)",
     _TURNS, "    if not _has_problem_key(newest):\n        return None\n    if _history_read_away(", "    if _history_read_away(",
     _TESTS),  # wip/histK: re-anchored (the newest turn is read first now)
    ("adaptD-turns-unbounded", "a history longer than MAX_EXCHANGES is read (each earlier turn read: unbounded work)",
     _TURNS, "    if not 1 <= exchanges <= MAX_EXCHANGES or", "    if not 1 <= exchanges or", _TESTS),
    ("adaptD-turns-never", "the newest turn is never read alone: the SimpleChatEngine follow-up goes to the model again",
     _TURNS, "    kept = [*range(start), len(turns) - 1]\n", "    return None\n", _TESTS),
    ("adaptD-arith-plain-number-form", "an earlier arithmetic turn asking the number alone is a plain problem",
     "stepcache_integrations/core/tasks/arithmetic/task.py", '        return new.claimed and new.form in ("", "value")\n',
     '        return new.claimed and new.form in ("", "value", "number", "yesno")\n', _TESTS),
    ("adaptD-linear-plain-format", "an earlier 'Solve 3x + 5 = 20 for x. Show your steps.' (a format) is a plain problem",
     "stepcache_integrations/core/tasks/linear/task.py", "not (c.format or c.answer_label or c.answer_form or c.target)",
     "not (c.answer_form or c.target)", _TESTS),
    ("adaptD-json-plain-transform", "an earlier JSON request with a transform ('in uppercase') is a plain problem",
     "stepcache_integrations/core/tasks/json/task.py", "        return c.read_whole and bool(c.required) and not c.transforms and c.schema is None\n",
     "        return c.read_whole and bool(c.required) and c.schema is None\n", _TESTS),
    ("adaptD-llama-scope-kept", "LlamaIndex: the newest turn read alone is still scoped to its conversation (no entry found: the model is called)",
     "stepcache_integrations/llama_index/llm.py", "        scope = None if alone else conversation_scope() or history_scope(messages)\n",
     "        scope = conversation_scope() or history_scope(messages)\n", _TESTS),
    ("adaptD-langchain-cache-not-alone", "LangChain global cache: the follow-up is the whole conversation again (the model is called)",
     "stepcache_integrations/langchain/cache.py", "        request = newest_turn_alone(request, self.cache, self, spec)\n", "", _TESTS),
    ("adaptD-langchain-wrapper-not-alone", "LangChain wrapper: the follow-up is the whole conversation again (the model is called)",
     "stepcache_integrations/langchain/runnable.py", "        request = newest_turn_alone(request, self.cache, self, read.spec)\n", "", _TESTS),
    ("adaptD-langchain-named-task-alone", "LangChain: a follow-up read alone although the cache, the wrapper or the request names a task or a schema",
     "stepcache_integrations/langchain/_requests.py", "    if any(part is not None for part in named) or request.kind", "    if request.kind", _TESTS),
    ("adaptD-arith-bang-lost", "'System: You are a helpful assistant!\\n\\nUser: What is 12 * 12?' is no claim again",
     _ARITH, "_persona: YOU_ARE _SP (ROLE_ADJ _SP)* ROLE_NOUN (STOP | BANG)\n", "_persona: YOU_ARE _SP (ROLE_ADJ _SP)* ROLE_NOUN STOP\n", _TESTS),
    ("adaptD-arith-trailing-space-lost", "'System: You are a helpful assistant. \\n\\nUser: ...' (one trailing space) is no claim again",
     _ARITH, "(_SP only_number (STOP | BANG))? _SP? TURN USER _SP", "(_SP only_number (STOP | BANG))? TURN USER _SP", _TESTS),
    ("adaptD-arith-question-mark-read", "'You are a helpful assistant?' (a question to the model) ends a persona",
     _ARITH, "_persona: YOU_ARE _SP (ROLE_ADJ _SP)* ROLE_NOUN (STOP | BANG)\n", "_persona: YOU_ARE _SP (ROLE_ADJ _SP)* ROLE_NOUN (STOP | BANG | QMARK)\n", _TESTS),
    ("adaptD-json-bang-swapped", "JSON PERSONA_END '!' swapped for '?': 'You are a helpful assistant?' is read, '!' is not",
     "stepcache_integrations/core/tasks/json/vocabulary/_common.json", '  "PERSONA_END": [\n   "!"\n  ]', '  "PERSONA_END": [\n   "?"\n  ]', _TESTS),
    ("adaptD-json-bang-anywhere", "PERSONA_END '!' ends any JSON sentence ('Return a JSON object with keys \"name\" and \"age\"!\\nname: ...' read)",
     "stepcache_integrations/core/tasks/json/request.lark", "_end: STOP | QMARK\n", "_end: STOP | QMARK | PERSONA_END\n", _TESTS),
]
# fmt: on
