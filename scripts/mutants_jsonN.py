"""Mutation-check rows for wip/jsonN: JSON templates with nested objects ('{"user": {"name": ..., "age": ...}}').
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_T = ("tests/adversarial/test_json_nested_jsonN.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonN-grammar-for-dropped", "the grammar's 'for <leaves>' after a nested template deleted: 'Return {\"user\": {...}} for name Carl, age 40' no longer served",
     f"{_JSON}/request.lark", "tree_tail: FOR stmt (COMMA | AND | COMMA AND) stmts -> tree_stmts\n         | ",
     "tree_tail: ", _T),
    ("jsonN-grammar-positional-dropped", "the grammar's leaves in order deleted: 'Return JSON {\"user\": {...}} for: Frank, 61' no longer served",
     f"{_JSON}/request.lark", "\n         | FOR? COLON positional -> tree_positional\n", "\n", _T),
    ("jsonN-nested-member-off", "the lexer reads no nested member: no nested template is read",
     f"{_JSON}/reader.py", "        step = _shape_member(text, at, kinds) or (None if nested else _nested_member(text, at, kinds))\n",
     "        step = _shape_member(text, at, kinds)\n", _T),
    ("jsonN-depth-unbounded", "a nested shape may nest again: '{\"user\": {\"profile\": {\"name\": ...}, \"age\": ...}}' read as a tree of depth 3",
     f"{_JSON}/reader.py", "    shape = _shape_at(text, member.end(), nested=True)\n", "    shape = _shape_at(text, member.end())\n", _T),
    ("jsonN-leaf-at-two-levels", "a leaf named as another level's key or as another object's leaf is accepted",
     f"{_JSON}/reader.py", "    if key in kinds or set(inner) & (set(kinds) | containers) or set(inner.slots) & set(kinds.slots):\n",
     "    if key in kinds:\n", _T),
    ("jsonN-member-beside-object", "a flat member named as an object beside it is accepted ('{\"u\": {\"x\": ...}, \"u\": ...}')",
     f"{_JSON}/reader.py", "    if any(key == k for k, leaves in kinds.tree if leaves is not None):\n        return False\n",
     "", _T),
    ("jsonN-leaf-twice", "a leaf stated twice alike is read ('name Carl, age 40, name Carl')",
     f"{_JSON}/reader.py", "    if any(said.count(key) > 1 for key in said):\n        return False  # \"name Carl, age 40, name Carl\"",
     "    if False:\n        return False  # \"name Carl, age 40, name Carl\"", _T),
    ("jsonN-leaf-unstated", "a nested object with a leaf unstated is read (its statements only)",
     f"{_JSON}/reader.py", "    if any(leaf not in read.statements for leaf in leaves) or not read.stated_keys <= set(leaves + flat):\n",
     "    if not read.stated_keys <= set(leaves + flat):\n", _T),
    # jsonN-key-list-beside withdrawn as equivalent: a key list beside a template is declined by the flat reader's own
    # _fills ("a template's keys are the keys asked: no other key list") before _nested_read sees it
    ("jsonN-flat-for-opened", "'for <statements>' after a flat template is read too (the flat path changed)",
     f"{_JSON}/reader.py", "        return None if transformer.tree_filled else read  #", "        return read  #", _T),
    ("jsonN-tree-flattened", "a nested template's request keeps the flat leaves (no tree: keys name, age for '{\"user\": {...}}')",
     f"{_JSON}/reader.py", "    read = _nested_read(transformer, flat)", "    read = (lambda _t, r: r)(transformer, flat)", _T),
    ("jsonN-positional-no-leaves", "values in order find no key after a nested template",
     f"{_JSON}/reader.py", "    keys = transformer.asked or (list(transformer.template) if transformer.tree_filled else [])",
     "    keys = transformer.asked", _T),
    ("jsonN-shape-key-flat", "the shape key abstracts a nested object to 'dict': two trees share one shape key",
     f"{_JSON}/task.py", '        return "dict " + repr([(str(k), _type_shape(v)) for k, v in value.items()])\n', '        return "dict"\n', _T),
    ("jsonN-holds-grammar-dropped", "the grammar's key list holding an object deleted: de 'mit dem Schlüssel \"adresse\", darin ...' no longer served",
     f"{_JSON}/request.lark", "           | WITH key_intro keys COMMA? HOLDS nest_body -> with_nested      // de: \"Schlüssel\" is one key or many\n", "", _T),
    ("jsonN-holds-en-word-dropped", "the English table's 'that contains' dropped: 'a key \"server\" that contains host ...' no longer served",
     f"{_JSON}/vocabulary/en.json", '   "that contains",\n', "", _T),
    ("jsonN-holds-fr-word-dropped", "the French table's 'qui contient' dropped: 'une clé \"client\" qui contient ...' no longer served",
     f"{_JSON}/vocabulary/fr.json", '   "qui contient",\n', "", _T),
    ("jsonN-nest-object-with-dropped", "the grammar's 'an object with <leaves>' deleted",
     f"{_JSON}/request.lark", "         | ART? OBJECT WITH stmts\n", "", _T),
    ("jsonN-nest-two-keys", "a key list of two keys holding one object is read (which key holds it is not said)",
     f"{_JSON}/reader.py", "        if len(tokens) != 1 or self.asked.count(tokens[0].value) != 1:\n", "        if not tokens or self.asked.count(tokens[0].value) != 1:\n", _T),
    ("jsonN-nest-second-object", "a second key holding an object, or a key list beside one, is read",
     f"{_JSON}/reader.py", "        if self.key_lists > 1 or self.nests:\n            raise Declined  # one nested object", "        if False:\n            raise Declined  # one nested object", _T),
    # jsonN-nest-leaves-two-ways withdrawn as equivalent: the grammar derives no object body both listing and stating its
    # leaves, nor one doing neither (the check stays as a guard)
    # jsonN-nest-key-beside withdrawn as equivalent: a key asked beside the leaves is declined by the flat reader
    # (_asked_keys), a key stated beside them by _nested_read's stated-keys check below it
    ("jsonN-nest-leaf-is-key", "a leaf named as the key holding it is read ('a key \"server\" holding server ...')",
     f"{_JSON}/reader.py", "    if len(set(leaves)) != len(leaves) or any(key in leaves for key, _inner in tree) or", "    if len(set(leaves)) != len(leaves) or", _T),
    ("jsonN-block-grammar-dropped", "the grammar's indented block deleted: 'server:\\n  host: localhost\\n  port: 9090\\n\\nRewrite this as JSON.' no longer served",
     f"{_JSON}/request.lark", "%extend stmt_sentence: nest_block\n", "", _T),
    ("jsonN-block-after-colon-dropped", "the grammar's indented block after the request's colon deleted ('Convert to JSON:\\nserver:\\n  ...')",
     f"{_JSON}/request.lark", "%extend tail: COLON STOP+ nest_block\n", "", _T),
    ("jsonN-block-label-indented", "a label line indented itself opens a block (a deeper tree read as one level)",
     f"{_JSON}/reader.py", ' and (key.start == 0 or text[key.start - 1] == "\\n")\n', "\n", _T),
    ("jsonN-block-close-late", "a block runs on past its indented lines (a flat line after it read as a leaf)",
     f"{_JSON}/reader.py", '        if inside and word.kind == "STOP" and word.text == "\\n" and not _indented_at(text, word.start + 1):\n',
     '        if inside and word.kind == "STOP" and word.text == "\\n" and word.start + 1 >= len(text):\n', _T),
    # jsonN-block-blank-label retired 2026-12-06 (main): W27's YAML reading (wip/w27y) declines every colon block whose
    # label line opens no indented block ('server:\nhost: localhost\n  port: 9090' is a YAML error), so this check is
    # redundant there, and jsonN's blocks are colon blocks only
]
# fmt: on
