"""Mutation-check rows for wip/jsonR4: JSON reach round 4 (issue 33 items 3/4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_R4 = "tests/adversarial/test_json_reach_jsonr4.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR4-own-table-only", "a key's kind is read from the prompt's own table only (English keys in ru: no claim)",
     _READER, "    for other in _TABLES:\n        if other != language:", "    for other in ():\n        if other != language:",
     (_R4, "-k", "exactly_right")),
    ("jsonR4-tables-disagree-union", "tables that disagree on a key's kind are all believed (a name and a number at once)",
     _READER, "    return (frozenset(kinds), frozenset(concepts)) if len(kinds) <= 1 else (frozenset(), frozenset())",
     "    return (frozenset(kinds), frozenset(concepts))", (_R4, "-k", "disagree")),
    ("jsonR4-other-table-first", "another table's kind overrides the prompt's own table where it lists the key",
     _READER, "    if kinds or concepts:\n        return frozenset(kinds), frozenset(concepts)",
     "    if False:\n        return frozenset(kinds), frozenset(concepts)", (_R4, "-k", "disagree")),
    ("jsonR4-grammar-ja-in-order", "ja '\"name\" と \"age\" をキーにした JSON を返して：佐藤、27。' reads no values in order",
     _GRAMMAR, "%extend request: jpre noun WO VERB ptail\n", "", (_R4, "-k", "exactly_right")),
    ("jsonR4-grammar-ja-keyword-keys", "ja 'キー name と email を持つ JSON を返して：...' reads no key list",
     _GRAMMAR, "%extend jpre: KEYWORD keys KEYED\n", "", (_R4, "-k", "exactly_right")),
    ("jsonR4-vocab-ja-motsu-deleted", "a word deleted from a table: ja 'を持つ' marks no key list",
     f"{_JSON}/vocabulary/ja.json", '   "を持つ"\n', '   "を持つx"\n', (_R4, "-k", "exactly_right")),
    ("jsonR4-grammar-zh-in-order", "zh '返回一个 JSON，键为 \"name\" 和 \"age\"：张伟，29。' reads no values in order",
     _GRAMMAR, "%extend request: lead? noun politely? comma_keys_in_order\n", "", (_R4, "-k", "exactly_right")),
    ("jsonR4-grammar-de-particle", "de '... name und alter zurück: Jonas, 27.' reads no values in order",
     _GRAMMAR, "%extend request: lead noun mods politely? VERB_END ptail\n", "", (_R4, "-k", "exactly_right")),
    ("jsonR4-cjk-name-several-runs", "a name in order in zh/ja may be several runs (no one run read whole)",
     _READER, "            or (not spaced and len(tokens) != 1) or", "            or", (_R4, "-k", "exactly_right or no_claim")),
    ("jsonR4-cjk-name-needs-capital", "a name in order in zh/ja needs a capital letter (ideographs have none)",
     _READER, "(spaced and any(not t.value[:1].isupper() for t in tokens) and not lowercase_ok())",
     "(any(not t.value[:1].isupper() for t in tokens) and not lowercase_ok())",
     (_R4, "-k", "exactly_right")),
    ("jsonR4-yes-any-key", "an unquoted yes/no for a key noted no boolean is served as the word",
     _READER, "        and not any(isinstance(st.value, str) and not st.quoted and st.value in _NOT_BARE for st in stated.values())",
     "        and True", (_R4, "-k", "no_claim or never_served_wrong")),
    ("jsonR4-yes-never-a-value", "yes/no are never a value (no boolean read from them)",
     _READER, "    if word.group() in _NOT_BARE and word.group() not in _BOOLEAN_WORDS.get(table.language, {}):",
     "    if word.group() in _NOT_BARE:", (_R4, "-k", "exactly_right")),
    ("jsonR4-vocab-en-yes-deleted", "a word deleted from a table: en 'yes' is no word for true",
     f"{_JSON}/vocabulary/en.json", '  "true": [\n   "yes"\n  ]', '  "true": [\n   "yesx"\n  ]', (_R4, "-k", "exactly_right")),
    ("jsonR4-vocab-en-pls-deleted", "a word deleted from a table: en 'pls' is no 'please'",
     f"{_JSON}/vocabulary/en.json", '   "pls",\n', '   "plsx",\n', (_R4, "-k", "exactly_right")),
    ("jsonR4-vocab-es-pasa-a-deleted", "a word deleted from a table: es 'pasa a' converts nothing",
     f"{_JSON}/vocabulary/es.json", '   "pasa",\n', '   "pasax",\n', (_R4, "-k", "exactly_right")),
    ("jsonR4-vocab-en-python-dict-deleted", "a word deleted from a table: en 'turn this python dict into' converts nothing",
     f"{_JSON}/vocabulary/en.json", '   "this python dict",\n', '   "this python dictx",\n', (_R4, "-k", "exactly_right")),
    ("jsonR4-grammar-titled", "a capitalised article starts no name in order ('Il Gattopardo, 1958')",
     _GRAMMAR, "%extend pos_value: DEF NAME+ -> pos_titled\n", "", (_R4, "-k", "exactly_right")),
]
# fmt: on
