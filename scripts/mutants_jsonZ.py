"""Mutation-check rows for wip/jsonZ: JSON templates filled by a conversion ('Give me {"meters": <value>} for 3 km',
zh '按照模板 {"千克": <数值>} 把 3000 克换算一下') or by a stated expression ('... with the total of 12 + 30', de 'für
17 + 25'), and "Keys: ... Values: ..." lists in order. Appended to the table in ``mutants.py``: (id, behaviour, file,
old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_VOC = f"{_JSON}/vocabulary"
_Z = "tests/adversarial/test_json_templates_jsonZ.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # (1) a template filled by a conversion
    ("jsonZ-for-measure-rule", "'Give me {\"meters\": <value>} for 3 km' is not derived", _GRAMMAR,
     "%extend measured: FOR NUMBER _unit_word -> measure\n", "", (_Z,)),
    ("jsonZ-template-first-rule", "zh/ja: the template said before its conversion is not derived", _GRAMMAR,
     "%extend start: _end* template_first template_conversion _end*\n", "", (_Z,)),
    ("jsonZ-zh-grams-read-as-kg", "zh '3000 克' read as kilograms", _READER,
     'Token("U_GRAMS", c.value, start_pos=c.start_pos)', 'Token("U_KG", c.value, start_pos=c.start_pos)', (_Z,)),
    ("jsonZ-zh-convert-word", "zh '换算一下' is no conversion verb", f"{_VOC}/zh.json",
     '   "换算一下",\n', "", (_Z,)),
    ("jsonZ-ja-minute-word", "ja '5分' is no minutes", f"{_VOC}/ja.json",
     '  "U_MINUTES": [\n   "分",\n', '  "U_MINUTES": [\n', (_Z,)),
    ("jsonZ-de-particle-last-rule", "de 'Gib {\"meter\": <Wert>} für 3 km zurück' is not derived", _GRAMMAR,
     "               | lead TEMPLATE measured VERB_END politely?\n", "", (_Z,)),
    ("jsonZ-it-rispondi", "it 'rispondi' is no request verb", f"{_VOC}/it.json",
     '   "rispondi",\n', "", (_Z,)),
    # (3) "Keys: ... Values: ..." in order
    ("jsonZ-values-rule", "'Keys: ... Values: ...' is not derived", _GRAMMAR,
     "%extend start: _end* keys_sentence _end+ listed_values _end+ ROLE? request (_end+ ROLE? _other)* _end*\n", "", (_Z,)),
    ("jsonZ-values-count-unchecked", "one value fewer than keys still states the first keys", _READER,
     "    if len(keys) != len(rest) + (0 if said else 1) or len(set(keys)) != len(keys)", "    if len(set(keys)) != len(keys)", (_Z,)),  # re-anchored by wip/jsonE
    ("jsonZ-values-any-label", "'Amounts: 42, closed, 0' read as the values", _READER,
     "    if fold(label) not in _VALUES_WORDS.get(language, ()) or len(first.value) > 2",
     "    if len(first.value) > 2", (_Z,)),
    # jsonZ-values-literal-words retired: equivalent since main's _names_no_value (session 2026-12-06 23:00, s26-type-word-any-case-data): every word this rule declines that no other rule declines is a type word, now no value in any case and form before this rule decides (clean-clone mutation check of ad13dda7: survived); its behaviour stays tested by its tests and the s26 row
    ("jsonZ-values-asked-about", "'Values: 42, closed, 0?' states the values", _READER,
     "    if any(one is None for one in read) or any(_sentence_asks(prompt, one[1].span[1]) for one in read if one is not None):",
     "    if any(one is None for one in read):", (_Z,)),
    ("jsonZ-zh-value-label", "zh '值：...' is no values sentence", f"{_VOC}/zh.json",
     ' "value_labels": ["值"],\n', "", (_Z,)),
    # (2) a template filled by an expression
    ("jsonZ-expression-rule", "'Gib {...} zurück für 17 + 25' is not derived", _GRAMMAR,
     "        | FOR EXPR -> expression\n", "", (_Z,)),
    ("jsonZ-expression-mixed-precedence", "'3 + 4 * 2' filled by the arithmetic grammar's precedence", _READER,
     '    if operators & {"+", "-"} and operators & {"*", "/"}:\n        return None', "    if False:\n        return None", (_Z,)),
    ("jsonZ-expression-any-key", "a key naming no result (or another operation) filled by the expression", _READER,
     '    return allowed is not None and ("any" in allowed or operators <= allowed)', "    return True", (_Z,)),
    ("jsonZ-expression-inexact", "'1.000000000001 * 1.000000000001' filled by a rounded float", _READER,
     "    if Fraction(repr(number)) != value:", "    if False:", (_Z,)),
    ("jsonZ-expression-fraction", "'10 / 3' is not declined before it is written as a decimal", _READER,
     '    if "/" in literal:\n        return None  # 10 / 3', '    if False:\n        return None  # 10 / 3', (_Z,)),
    ("jsonZ-expression-unspaced", "'555-1234' (unspaced) read as an expression", _READER,
     '(?: [+\\-*/] (?:0|[1-9]', '(?: ?[+\\-*/] ?(?:0|[1-9]', (_Z,)),
    ("jsonZ-de-summe-key", "de 'summe' is no word for a sum's result", f"{_VOC}/de.json",
     '  "summe": "+",\n', "", (_Z,)),
]
# fmt: on
