"""Mutation-check rows for wip/jsonL: JSON lists stated by construction (one key and its items after a list
phrase, JSON array literals as a value, a key noted a list of one item type). Appended to the table in
``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_L = "tests/adversarial/test_json_lists_jsonL.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonL-listing-rule", "'with a key tags listing: red, green' is not derived", _GRAMMAR,
     "%extend mod: WITH _key_listed -> key_listing\n", "", (_L,)),
    ("jsonL-colon-listing-rule", "'JSON please: a key tags holding the list red, green' is not derived", _GRAMMAR,
     "%extend tail: COLON _key_listed -> key_listing\n", "", (_L,)),
    ("jsonL-with-list-rule", "fr 'avec la clé couleurs contenant la liste ...' after with_one_key is not derived", _GRAMMAR,
     "%extend mod: WITH (DEF | ART | SOURCE)? LIST_NOUN COLON? _list_items -> list_of_key\n", "", (_L,)),
    ("jsonL-list-of-kind-rule", "'with a key \"tags\" holding this list of strings: ...' is not derived", _GRAMMAR,
     "(COMMA | IS | LISTING | COMMA IS | COMMA LISTING) (DEF | ART)? LIST_OF SOURCE? stmts -> key_list_of\n",
     "(COMMA | IS | LISTING | COMMA IS | COMMA LISTING) (DEF | ART)? LIST_OF SOURCE? stmts -> with_one_key\n", (_L,)),
    ("jsonL-items-and-dropped", "items joined by 'and' are not derived", _GRAMMAR,
     "_list_items: _list_item | _list_items (COMMA | AND | COMMA AND) _list_item\n",
     "_list_items: _list_item | _list_items COMMA _list_item\n", (_L,)),
    ("jsonL-first-item-lost", "the list drops its first item", _READER,
     "        st = Statement(first.value, first.type == \"QNAME\", (first.start_pos or 0, first.end_pos or 0))\n",
     "        st = Statement(items[-1].value, first.type == \"QNAME\", (first.start_pos or 0, first.end_pos or 0))\n", (_L,)),
    ("jsonL-items-reversed", "the items are kept in reverse order", _READER,
     "        self.items.setdefault(str(key.value), []).extend(items[1:])\n",
     "        self.items.setdefault(str(key.value), []).extend(items[:0:-1])\n", (_L,)),
    ("jsonL-not-array", "a listed key is not noted a list (its items after the first read as no list)", _READER,
     "        self.items.setdefault(str(key.value), []).extend(items[1:])\n        self.typed.append((str(key.value), \"array\"))\n",
     "        self.items.setdefault(str(key.value), []).extend(items[1:])\n", (_L,)),
    ("jsonL-stops-ignored", "'red, green, sorted' reads 'sorted' as an item", _READER,
     "(v.casefold() in _NOT_BARE | _TYPE_WORDS | _LIST_ITEM_STOPS or v in asked)",
     "(v.casefold() in _NOT_BARE | _TYPE_WORDS or v in asked)", (_L,)),
    # jsonL-en-sorted-word and jsonL-en-reversed-word retired 2026-12-05 (equivalent): W26's unquoted-participle rule
    # (reader._HOW_TO_LIST: "sorted", "reversed") declines those items as well
    ("jsonL-asked-list", "'tags listing red, blue?' states the list", _READER,
     "        ambiguous |= {key for key, items in transformer.items.items() if items and _asked_about(prompt, _item_end(prompt, items[-1]))}\n",
     "", (_L,)),
    ("jsonL-en-listing-word", "en 'listing' is no table word", f"{_JSON}/vocabulary/en.json",
     '  "LISTING": [\n   "listing",\n', '  "LISTING": [\n', (_L,)),
    ("jsonL-en-holds-word", "en 'holds' is no table word", f"{_JSON}/vocabulary/en.json",
     '   "holds",\n   "contains",\n', '   "contains",\n', (_L,)),
    ("jsonL-en-whose-word", "en 'whose' is no WITH word", f"{_JSON}/vocabulary/en.json",
     '   "whose details are",\n   "whose",\n', '   "whose details are",\n', (_L,)),
    ("jsonL-es-que-contiene-word", "es 'que contiene' is no table word (a HOLDS word since wip/jsonN's merge: one class per phrase)",
     f"{_JSON}/vocabulary/es.json", '  "HOLDS": [\n   "que contiene",\n', '  "HOLDS": [\n', (_L,)),
    ("jsonL-ru-spisok-word", "ru 'список' is no list noun", f"{_JSON}/vocabulary/ru.json",
     '  "LIST_NOUN": [\n   "список",\n', '  "LIST_NOUN": [\n', (_L,)),
    ("jsonL-fr-liste-word", "fr 'liste' is no list noun", f"{_JSON}/vocabulary/fr.json",
     '  "LIST_NOUN": [\n   "liste",\n', '  "LIST_NOUN": [\n', (_L,)),
    ("jsonL-array-literal-off", "'tags is [\"a\", \"b\"]' is no value", _READER,
     "        return _array_literal_at(text, sep_end, table), False, False  # 'tags is [\"a\", \"b\"]' (wip/jsonL)\n",
     "        return None, False, False\n", (_L,)),
    ("jsonL-array-literal-last-item", "an array literal drops its last item", _READER,
     "        if text.startswith(\"]\", i):\n            return items, False, i + 1\n",
     "        if text.startswith(\"]\", i):\n            return items[:-1] or items, False, i + 1\n", (_L,)),
    ("jsonL-array-literal-nested-ok", "a trailing comma is read ('[\"a\", \"b\",]')", _READER,
     "        if not text.startswith(\",\", i):\n            return None\n        i += 1\n",
     "        if not text.startswith(\",\", i):\n            return None\n        i += 1\n        if text.startswith(\"]\", i):\n            return items, False, i + 1\n", (_L,)),
    ("jsonL-array-literal-number-check", "'[1.50, 2]' is read (a number no JSON value writes as stated)", _READER,
     "        read = _literal_at(text, literal, table) if literal is not None else None\n",
     "        read = (literal_value(literal)[0], False, literal.end()) if literal is not None else None\n", (_L,)),
    ("jsonL-item-kind-unchecked", "'(array of strings)' holds numbers", _READER,
     "    if kind is not None and not all(isinstance(v, kind) for v in values):\n",
     "    if False:\n", (_L,)),
    ("jsonL-strings-note-word", "en '(array of strings)' is no table phrase", f"{_JSON}/vocabulary/en.json",
     '  "T_ARRAY_STRINGS": [\n   "(array of strings)",\n', '  "T_ARRAY_STRINGS": [\n', (_L,)),
    ("jsonL-es-cadenas-word", "es '(lista de cadenas)' is no table phrase", f"{_JSON}/vocabulary/es.json",
     '  "T_ARRAY_STRINGS": [\n   "(lista de cadenas)",\n', '  "T_ARRAY_STRINGS": [\n', (_L,)),
    ("jsonL-spaced-first-item", "'tags marketing, launch' (one word after the key) is no list", _READER,
     "    if st.spaced_bare and (not isinstance(st.value, str) or \" \" in st.value) or st.equals and transformer.items.get(key):\n",
     "    if st.spaced_bare or st.equals and transformer.items.get(key):\n", (_L,)),
    ("jsonL-spaced-run-read", "'tags Red Rose, green' (a run of words) is a list", _READER,
     "    if st.spaced_bare and (not isinstance(st.value, str) or \" \" in st.value) or st.equals and transformer.items.get(key):\n",
     "    if st.equals and transformer.items.get(key):\n", (_L,)),
]
# fmt: on
