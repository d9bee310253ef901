"""Mutation-check rows for wip/jsonW: JSON conversions whose keys are the units ('Return JSON with keys
"km" and "m" for 3 km', de/es/it/ru/zh). Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_W = "tests/adversarial/test_json_unit_keys_jsonW.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonW-for-number-rule", "'for 3 km' (de 'für 6 kg') is no measure", _GRAMMAR,
     "%extend mod: FOR NUMBER _unit_word -> measure\n", "", (_W,)),
    ("jsonW-template-measure-rule", "it 'Restituisci {...} per una durata di 6 minuti' is not derived", _GRAMMAR,
     "%extend request: lead TEMPLATE measured politely?\n", "", (_W,)),
    ("jsonW-zh-said-measure-rule", "zh '用 JSON 返回 {...}，时长为 5 小时' is not derived", _GRAMMAR,
     "%extend request: AS noun VERB COLON? TEMPLATE COMMA said_measure\n", "", (_W,)),
    ("jsonW-ru-measure-noun", "ru 'расстояния' is no measure noun", f"{_JSON}/vocabulary/ru.json",
     '  "расстояния",\n', "", (_W,)),
    ("jsonW-zh-measure-noun", "zh '时长' is no measure noun", f"{_JSON}/vocabulary/zh.json",
     '  "时长",\n', "", (_W,)),
    ("jsonW-case-folded-keys", "a unit symbol key read case-folded ('M' is metres)", _READER,
     'units = [TARGET_UNIT.get(unit_keys.get(key, "")) for key in listed]',
     'units = [TARGET_UNIT.get(unit_keys.get(key.casefold(), "")) for key in listed]', (_W,)),
    ("jsonW-no-measure-noun-check", "'for a third of 3 km' read as 3 km for unit keys", _READER,
     "    if not _measure_nouns_declared(transformer, language) or not _units_of_keys(listed, unit, language) \\",
     "    if not _units_of_keys(listed, unit, language) \\", (_W,)),
    ("jsonW-label-any-noun", "ru 'для веса 9 км' (no measure noun) read as a measure", _READER,
     "    if fold(label) not in _MEASURE_NOUNS.get(language, ()) or unit not in MEASURES or entry not in transformer.stated:\n"
     "        return\n"
     "    if not _a_number(st.value) or st.quoted:\n"
     "        return\n"
     "    transformer.stated.remove(entry)\n"
     "    transformer.measure_nouns.append(label)\n",
     "    if unit not in MEASURES or entry not in transformer.stated:\n"
     "        return\n"
     "    if not _a_number(st.value) or st.quoted:\n"
     "        return\n"
     "    transformer.stated.remove(entry)\n", (_W,)),
    ("jsonW-stated-unit-any", "a quantity in a unit no key names is read", _READER,
     " or len(set(units)) != len(units) or unit not in units:", " or len(set(units)) != len(units):", (_W,)),
    ("jsonW-unit-dropped", "each key gets the number as stated, unconverted", _READER,
     "    return [(key, Statement(number.value, False, span), unit) for key in listed]",
     "    return [(key, Statement(number.value, False, span), None) for key in listed]", (_W,)),
    # jsonW-letter-placeholder retired after the wip/jsonY merge: its slot placeholder (<[^\W\d_][\w-]{0,40}>)
    # reads '<m>' as well, so the letter pattern no longer decides whether '<m>' is a placeholder
]
# fmt: on
