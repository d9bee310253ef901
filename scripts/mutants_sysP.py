"""Mutation-check rows for wip/sysP (issue 33, item 4): a system prompt that only sets a persona does not hide the
JSON or the arithmetic task; every other system prompt stays no claim. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/request.lark"
_ARITH_EN = "stepcache_integrations/core/tasks/arithmetic/vocabulary/en.json"
_JSON = "stepcache_integrations/core/tasks/json/request.lark"
_JSON_EN = "stepcache_integrations/core/tasks/json/vocabulary/en.json"
_READER = "stepcache_integrations/core/tasks/json/reader.py"
_TESTS = ("tests/adversarial/test_system_persona_sysP.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("sysP-arith-persona-lost", "'System: You are a helpful assistant. | User: What is 12 * 12?' is text again (1 model call)",
     _ARITH, "       | _persona_lead question _after?", "       | SYSTEM COLON COLON question", _TESTS),  # re-anchored by wip/arithX
    ("sysP-arith-persona-no-stop", "'You are a helpful assistant What is 12 * 12?' (the persona runs into the question) is read",
     _ARITH, "_persona: YOU_ARE _SP (ROLE_ADJ _SP)* ROLE_NOUN (STOP | BANG)\n", "_persona: YOU_ARE _SP (ROLE_ADJ _SP)* ROLE_NOUN (STOP | BANG)?\n", _TESTS),  # re-anchored by wip/adaptD (or "!")
    ("sysP-arith-pirate-read", "'You are a pirate.' (a prose style) is read as a no-op persona before an arithmetic question",
     _ARITH_EN, '"ROLE_NOUN": ["assistant", ', '"ROLE_NOUN": ["pirate", "assistant", ', _TESTS),
    ("sysP-arith-calculator-read", "'You are a calculator.' (the number alone asked) is read as a no-op persona",
     _ARITH_EN, '"ROLE_NOUN": ["assistant", ', '"ROLE_NOUN": ["calculator", "assistant", ', _TESTS),
    ("sysP-arith-terse-read", "'You are a terse assistant.' (a style word) is read as a no-op persona",
     _ARITH_EN, '"ROLE_ADJ": ["helpful", ', '"ROLE_ADJ": ["terse", "concise", "helpful", ', _TESTS),
    ("sysP-arith-tutor-deleted", "'You are a math tutor.' before an arithmetic question is no claim (a table word deleted)",
     _ARITH_EN, '"assistant", "tutor", "teacher"', '"assistant", "teacher"', _TESTS),
    ("sysP-json-persona-lost", "'System: You are a helpful assistant. | User: Return a JSON object ...' is unchecked again",
     _JSON, "%extend start: _end* ROLE? persona (STOP | PERSONA_END) _end* ", "%extend start: _end* ROLE? persona COLON STOP _end* ", _TESTS),  # re-anchored by wip/sysQ (the persona ends at STOP), wip/adaptD (or "!")
    ("sysP-json-lead-unchecked", "'You will are a helpful assistant.' is read as a persona (YOU IS_KEYS unchecked)",
     _READER, "        if \" \".join(fold(c.value) for c in children[:2]) not in _PERSONA_LEADS:\n            raise Declined\n",
     "        return None\n", _TESTS),
    ("sysP-json-pirate-read", "'You are a pirate.' is read as a no-op persona before a JSON request",
     _JSON_EN, '"PERSONA_ROLE": ["helpful assistant", ', '"PERSONA_ROLE": ["pirate", "helpful assistant", ', _TESTS),
    ("sysP-json-role-swapped", "a role phrase swapped for a style ('terse assistant' for 'math tutor') is read as a no-op persona",
     _JSON_EN, '"math tutor", "helpful math tutor"', '"terse assistant", "helpful math tutor"', _TESTS),
    ("sysP-json-data-entry-deleted", "'You are a data entry assistant.' before a JSON request is no claim (a table phrase deleted)",
     _JSON_EN, '"ai assistant", "data entry assistant", ', '"ai assistant", ', _TESTS),
]
# fmt: on
