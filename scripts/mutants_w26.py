"""Mutation-check rows for W26 (red team 20): literal words as strings, markdown cells, list items,
two-way key/value tables, unspaced statements beside k=v; and the fallback's re-instantiation.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_W26 = ("tests/adversarial/test_red_team_20_w26.py",)
_FALLBACK = ("tests/adversarial/test_fallback_reinstantiation.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w26-literal-as-string", "'set debug to False' is served the string \"False\" (a program reads it as true)",
     f"{_JSON}/reader.py", "        and not _literal_as_string(transformer, stated) and not _unlisted_beside_equals(transformer, found) \\\n",
     "        and not _unlisted_beside_equals(transformer, found) \\\n", _W26),
    ("w26-literal-table-booleans", "de 'den Werten 18, Nein' is served the string \"Nein\" (the tables' yes/no not literal words)",
     f"{_JSON}/reader.py", '_LITERAL_WORDS = _NOT_BARE | {"undefined"} | {fold(word)', '_LITERAL_WORDS = _NOT_BARE | {"undefined"} | {"" and fold(word)', _W26),
    ("w26-markdown-inline", "'| **Ana** | 31 |' is served the name \"**Ana**\" (markdown read byte for byte)",
     f"{_JSON}/pastes.py", "    if any(_MARKDOWN_INLINE.search(cell) for cells in read for cell in cells):", "    if False:", _W26),
    ("w26-list-after-and", "'red, green and blue, twice' is served four tags (no item after 'and' ended the list)",
     f"{_JSON}/reader.py", '        if "AND" in marks[:-1]:\n', "        if False:\n", _W26),  # wip/jsonL's list phrases read these now
    # re-anchored from 'twice' (a referring word of W27 since: its items are declined twice over) to 'distinct'
    ("w26-en-twice-an-item", "'listing: red, green, blue, distinct' is served four tags (en list_item_stops lost 'distinct')",
     f"{_JSON}/vocabulary/en.json", '  "distinct",\n', '', _W26),
    ("w26-how-to-list", "'listing: red, green, blue, inverted' / 'x2' is served as an item",
     f"{_JSON}/reader.py", "    return any(flag and isinstance(v, str) and _HOW_TO_LIST.fullmatch(v) for v, flag in zip(values, bare))",
     "    return False", _W26),
    ("w26-two-way-table", "'| attribute | value |' over '| name | Bob |' is served {attribute: name, value: Bob}",
     f"{_JSON}/pastes.py", " and len(block.pairs) == 2 and _read_two_ways(block):", " and False:", _W26),
    ("w26-en-val-column", "'| option | val |' over '| name | Bob |' is read as a header and its row (en value_column lost 'val')",
     f"{_JSON}/pastes/vocabulary/en.json", '  "value",\n  "val"\n', '  "value"\n', _W26),
    ("w26-fallback-rewrite-off", "a key renamed from an entry the fallback wrote calls the model (a patch) again",
     "stepcache_integrations/core/planner.py", "            _rewrite_by_fallback(handler, constraints, cached, candidate)\n", "            pass\n", _FALLBACK),
]
# fmt: on
# w26-unspaced-beside-equals retired: W27's two-style rule (wip/w27w, _unlisted_beside_another_style) declines the
# same tested prompts ('年龄=31，改成32' joins '=' and a space alone), so deleting W26's check alone changes no test
# w26-entity-value-as-class and w26-entity-value-any-end withdrawn with their code: wip/jsonE's table words as values
# read 'product=Laptop' the same way (tests/adversarial/test_json_entity_word_values.py passes through it)
ROWS += [
    ("w26-values-key-lexed-as-list", "'with values 12.6 and price 7.8' (a key named values) is lexed as a values sentence and declined",
     f"{_JSON}/reader.py", '    listed = sep == ":" or text[value[2] :].lstrip(" \\t")[:1] in (",", "\\uff0c", "\\u3001")',
     "    listed = True", ("tests/adversarial/test_values_key_collision.py",)),
]
