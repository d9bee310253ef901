"""Mutation-check rows for wip/jsonK: values in the keys' order bound by a typed proof (a place kind
from the gazetteer, the one person's name left). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_TESTS = ("tests/adversarial/test_json_typed_places_jsonk.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonk-city-may-be-country", "the 'not a country' check dropped: 'keys name and city for: Bruno, Luxembourg' served a country as the city",
     f"{_JSON}/reader.py", "        return one if CITY in known and COUNTRY not in known else None\n",
     "        return one if CITY in known else None\n", _TESTS),
    ("jsonk-country-unchecked", "a country key takes any string: 'keys city and country for: Lima, Bogota' served Bogota as a country",
     f"{_JSON}/reader.py", "        return one if COUNTRY in known else None\n", "        return one\n", _TESTS),
    ("jsonk-person-may-be-place", "the name key takes a known place: 'name, age and city: Florence, 30, Paris' served",
     f"{_JSON}/reader.py", "    return one if not known else None\n", "    return one\n", _TESTS),
    ("jsonk-one-unbound-dropped", "the 'exactly one unbound string' check dropped: two person keys ('nom et prénom : Dupont, Marie') bound by order",
     f"{_JSON}/reader.py", "    if None in wanted or len(set(wanted)) != len(wanted):\n", "    if None in wanted:\n", _TESTS),
    ("jsonk-bind-by-place", "strings bound by their place in the order alone: 'keys \"country\" and \"city\" for: Paris, France' served (W13)",
     f"{_JSON}/reader.py", "            else _in_order_typed(key, tokens, language, prompt)\n",
     "            else _in_order_name(key, tokens, language, prompt)\n", _TESTS),
    ("jsonk-en-city-word-deleted", "the English table's 'city' concept deleted: 'keys name, age and city for: Bruno, 42, Lisbon' no longer read",
     f"{_JSON}/vocabulary/en.json", '  "city": [\n   "city"\n  ],\n  "country": [\n   "country"\n  ],\n',
     '  "country": [\n   "country"\n  ],\n', _TESTS),
    ("jsonk-ru-city-word-deleted", "the Russian table's 'город' deleted from the city concept: 'имя, возраст, город: Ольга, 29, Томск' no longer read",
     f"{_JSON}/vocabulary/ru.json", '  "city": [\n   "город"\n  ],\n', '  "city": [\n   "городок"\n  ],\n', _TESTS),
    ("jsonk-comma-last-key-rule-deleted", "the grammar rule for the last key after a comma deleted: ru/zh key lists no longer read",
     f"{_JSON}/request.lark",
     "%extend mod: WITH key_intro keys COMMA split_value (COMMA pos_value)+ -> with_keys_in_order\n           | WITH keys COMMA split_value (COMMA pos_value)+ -> with_quoted_keys_in_order\n",
     "%extend mod: WITH key_intro keys COMMA split_value (COMMA pos_value)+ -> with_keys_in_order\n", _TESTS),
    ("jsonk-ja-bracket-rule-deleted", "the ja rule (a key list in brackets, then the values) deleted: '（キー：name, age, city）：佐藤、23、札幌' no longer read",
     f"{_JSON}/request.lark", "%extend request: SOURCE? noun CONVERT_END mods ptail\n", "", _TESTS),
]
# fmt: on
