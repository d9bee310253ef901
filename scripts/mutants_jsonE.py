"""Mutation-check rows for wip/jsonE: everyday flat JSON statements main declined (a value spelled like a table
word, "sku is A-100"; values in a declared order). Appended to the table in ``mutants.py``: (id, behaviour,
file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_E = "tests/adversarial/test_json_table_word_values_jsonE.py"
_V = "tests/adversarial/test_json_value_lists_jsonE.py"
_L = "tests/adversarial/test_json_lowercased_labels_jsonE.py"
_LANGS = "tests/adversarial/test_json_languages_reach.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonE-table-word-value-off", "'size: L', 'product=Laptop' are no value (a unit or entity word)", _READER,
     "        and not (value_start == start and _separated_table_word(folded, start, end, table))\n", "\n", (_E,)),
    ("jsonE-table-word-any-class", "any table word is a value after a separator ('size: Return')", _READER,
     "    if table.phrases.get(folded[start:end]) not in _SEPARATED_CLASSES or not _STATEMENT_ENDS.match(folded, end):\n",
     "    if table.phrases.get(folded[start:end]) is None or not _STATEMENT_ENDS.match(folded, end):\n", (_E,)),
    ("jsonE-table-word-spaced", "'size L' (a space alone) reads L as a value", _READER,
     '    return before[-1:] in (":", "=", "\\uff1a") or word is not None and table.phrases.get(word.group()) == "IS"\n',
     "    return True\n", (_E,)),
    ("jsonE-table-word-no-is", "'item is Chair.' is no value", _READER,
     '    return before[-1:] in (":", "=", "\\uff1a") or word is not None and table.phrases.get(word.group()) == "IS"\n',
     '    return before[-1:] in (":", "=", "\\uff1a")\n', (_E,)),
    ("jsonE-units-not-separated", "'size: L' is no value (units left out of the classes)", _READER,
     '_SEPARATED_CLASSES = frozenset({"ENTITY", *UNITS})\n', '_SEPARATED_CLASSES = frozenset({"ENTITY"})\n', (_E,)),
    ("jsonE-hyphen-is-a", "'sku is A-100' reads 'is a' (no statement)", _READER,
     '    if found is not None and found[0] != "IS" and text[found[1] : found[1] + 1] == "-":\n',
     '    if False:\n', (_E,)),
    # re-anchored by wip/jsonG: "Values in order:" is lexed VALUES_HEAD and derived by values_headed since (same mutation)
    ("jsonE-values-said-rule", "'Values in order: 18, closed.' after the request is not derived", _GRAMMAR,
     "%extend _other: values_headed\n", "\n", (_V,)),
    ("jsonE-values-listed-rule", "'Values: 18, closed.' after the request is not derived", _GRAMMAR,
     "%extend _other: values_said | values_listed\n", "%extend _other: values_said\n", (_V,)),
    ("jsonE-values-stmt-lexed-as-stmt", "'Values: 18' lexed as a plain statement (no values sentence after the request)", _READER,
     '    kind = "VALUES_STMT" if not key_quoted and listed and table.phrases.get(fold(key)) == "VALUES" else "STMT"\n',
     '    kind = "STMT"\n', (_V,)),
    ("jsonE-values-said-count", "values said after the request bind with a count that differs", _READER,
     "    if len(keys) != len(rest) + (0 if said else 1) or len(set(keys)) != len(keys)",
     "    if len(set(keys)) != len(keys)", (_V,)),
    ("jsonE-values-said-off-by-one", "values said after the request bind one place off", _READER,
     "    read = [_listed_value(key, token) for key, token in zip(keys, rest)] if said else \\\n",
     "    read = [_listed_value(key, token) for key, token in zip(keys[1:] + keys[:1], rest)] if said else \\\n", (_V,)),
    ("jsonE-spaced-values-off", "'values Lee, 78' states nothing", _READER,
     "    if st.quoted or isinstance(st.value, bool) or st.equals or st.spaced_bare and not _spaced_values_word(first):\n",
     "    if st.quoted or isinstance(st.value, bool) or st.equals or st.spaced_bare:\n", (_V,)),
    # jsonE-spaced-values-any-word retired: equivalent since main's _names_no_value (session 2026-12-06 23:00, s26-type-word-any-case-data): every word this rule declines that no other rule declines is a type word, now no value in any case and form before this rule decides (clean-clone mutation check of ad13dda7: survived); its behaviour stays tested by its tests and the s26 row
    ("jsonE-declared-lowercase-off", "'and values 18, closed, low' states nothing", _READER,
     "    return token.value if token.value[:1].isupper() or lowercase_ok and token.value.isalpha() and fold(token.value) not in _NOT_BARE | _TYPE_WORDS else None\n",
     "    return token.value if token.value[:1].isupper() else None\n", (_V,)),
    # jsonE-declared-lowercase-any retired: equivalent since main's _names_no_value (session 2026-12-06 23:00, s26-type-word-any-case-data): every word this rule declines that no other rule declines is a type word, now no value in any case and form before this rule decides (clean-clone mutation check of ad13dda7: survived); its behaviour stays tested by its tests and the s26 row
    ("jsonE-declared-lowercase-names", "'keys city and population and values nice, 340000' reads nice for a city", _READER,
     '        one = _declared_value(tokens, prompt, not _is_kind(key, "name", language))\n',
     "        one = _declared_value(tokens, prompt, True)\n", (_V, "tests/adversarial/test_json_labelled_blocks_jsonS.py")),
    ("jsonE-en-values-word", "en 'values' is no table word (no values sentence)", f"{_JSON}/vocabulary/en.json",
     '   "values",\n   "all values",\n', '   "all values",\n', (_V,)),
    ("jsonE-table-word-no-end", "an entity word before a name after a colon is the value ('Stadt Leipzig')", _READER,
     "    if table.phrases.get(folded[start:end]) not in _SEPARATED_CLASSES or not _STATEMENT_ENDS.match(folded, end):\n",
     "    if table.phrases.get(folded[start:end]) not in _SEPARATED_CLASSES:\n", (_E, _LANGS)),
    ("jsonE-lowercase-note-rule", "'(keys in lowercase)' is not derived", _GRAMMAR,
     "%extend mod: LPAR KEYWORD TO_LOWER RPAR -> keys_lowercased\n", "", (_L,)),
    ("jsonE-these-fields-rule", "'with these fields:' is not derived", _GRAMMAR,
     "           | WITH SOURCE KEYWORD -> these_keys\n", "", (_L,)),
    ("jsonE-lowercase-note-ignored", "'(keys in lowercase)' keeps the labels as written ('Title')", _READER,
     "    if not transformer.lowercase_keys:\n        return read\n    found, units, ambiguous = read\n",
     "    return read\n    found, units, ambiguous = read\n", (_L,)),
    ("jsonE-lowercase-collisions", "two labels that lowercase alike keep the last", _READER,
     "    if len(set(lowered)) != len(lowered):\n        return None\n", "", (_L,)),
    ("jsonE-lowercase-twice", "the note twice is read", _READER,
     "        if self.lowercase_keys:\n            raise Declined\n        self.lowercase_keys = True\n",
     "        self.lowercase_keys = True\n", (_L,)),
    ("jsonE-lowercase-any-label", "a label that is no identifier is lowercased ('Name-X')", _READER,
     '_LOWERED_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,60}")\n', '_LOWERED_LABEL = re.compile(r".+")\n', (_L,)),
    ("jsonE-en-to-lower-keys-word", "en 'in lowercase' is no table word ('(keys in lowercase)' unread)", f"{_JSON}/vocabulary/en.json",
     '   "in lowercase",\n', "", (_L,)),
]
