"""Mutation-check rows for wip/jsonY: JSON requests users write that were declined (one type note for every
listed key, a persona line then "Input: k=v", values in the keys' order when the prompt says so). Appended to
the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_Y = "tests/adversarial/test_json_reach_jsonY.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonY-all-note-rule", "'keys active and admin as booleans' is not derived", _GRAMMAR,
     "%extend mod: WITH key_intro keys_noted -> with_keys\n", "", (_Y,)),
    ("jsonY-all-note-comma-rule", "'JSON please, keys active and admin as booleans: ...' is not derived", _GRAMMAR,
     "%extend comma_keys: COMMA DEF? REQUIRED? KEYWORD REQUIRED? (COLON | IS COLON?)? keys_noted\n", "", (_Y,)),
    ("jsonY-all-note-untyped", "a note for every key types none ('active maybe' read as a string)", _READER,
     "            self.typed.append((str(token.value), kind))\n", "            pass\n", (_Y,)),
    ("jsonY-all-note-last-key-only", "the note types only the last key", _READER,
     "        for token in keys.scan_values(lambda v: isinstance(v, Token) and v.type not in (\"COMMA\", \"AND\")):\n",
     "        for token in list(keys.scan_values(lambda v: isinstance(v, Token) and v.type not in (\"COMMA\", \"AND\")))[-1:]:\n", (_Y,)),
    ("jsonY-all-note-swapped", "'as booleans' types the keys as numbers", _READER,
     '"T_ALL_STRING": "string", "T_ALL_BOOL": "boolean"}', '"T_ALL_STRING": "string", "T_ALL_BOOL": "number"}', (_Y,)),
    ("jsonY-en-as-booleans-word", "en 'as booleans' is no table word", f"{_JSON}/vocabulary/en.json",
     '   "as booleans",\n', "", (_Y,)),
    ("jsonY-de-wahrheitswerte-word", "de 'als Wahrheitswerte' is no table word", f"{_JSON}/vocabulary/de.json",
     '   "als Wahrheitswerte",\n', "", (_Y,)),
    ("jsonY-persona-rule", "'You are an API that only outputs JSON.' is not derived", _GRAMMAR,
     "%extend request: YOU PERSONA ONLY? VERB_3 ONLY? noun\n", "", (_Y,)),
    ("jsonY-input-line-rule", "'Input: color=red, ...' states nothing", _GRAMMAR,
     "%extend stmt_sentence: SHOT COLON stmts\n", "", (_Y,)),
    ("jsonY-persona-word", "en 'are an api that' is no table phrase", f"{_JSON}/vocabulary/en.json",
     '   "are an api that",\n', "", (_Y,)),
    ("jsonY-cased-symbol-value", "'size=M' is no value ('M' read as 'm', metres)", _READER,
     "    return key in table.phrases and (key not in table.cased or text[start:end] in table.cased[key])",
     "    return key in table.phrases", (_Y,)),
    ("jsonY-ordered-rule", "'keys ... and values 20, 35, 10 in that order' is not derived", _GRAMMAR,
     "%extend mod: WITH key_intro keys ordered -> with_keys\n", "", (_Y,)),
    ("jsonY-zh-ordered-rule", "zh '键为 width 和 height，值依次为 15 和 25' is not derived", _GRAMMAR,
     "%extend request: lead? noun politely? comma_keys ordered", "%extend request: lead? noun politely? comma_keys ordered TF_END", (_Y,)),
    ("jsonY-order-unsaid", "values in order read without 'in that order'", _GRAMMAR,
     "ordered: VALUES_LIST _ordered_items IN_ORDER | VALUES_ORDERED _ordered_items",
     "ordered: VALUES_LIST _ordered_items IN_ORDER? | VALUES_ORDERED _ordered_items", (_Y,)),
    ("jsonY-in-that-order-word", "en 'in that order' is no table phrase", f"{_JSON}/vocabulary/en.json",
     '   "in that order",\n', "", (_Y,)),
    ("jsonY-zh-yici-word", "zh '，值依次为' is no table phrase", f"{_JSON}/vocabulary/zh.json",
     '   "，值依次为",\n', "", (_Y,)),
    ("jsonY-order-count-unchecked", "a value count other than the key count is read", _READER,
     "    if len(values) != len(keys):\n        return None\n    if transformer.declared_order:",
     "    if len(values) != len(keys) and not transformer.declared_order:\n        return None\n    if transformer.declared_order:", (_Y,)),
    ("jsonY-order-unit-kept", "a number with a unit, or the first word of a two-word name, read in declared order", _READER,
     "        if len(tokens) != 1:\n            return None\n        token = tokens[0]",
     "        token = tokens[0]", (_Y,)),
]
# fmt: on
