"""Mutation-check rows for wip/jsonAE: JSON reach from the dev sets' glue (issue 33 item 4) -- more statements after a key
word's first ("with the key 'city' set to Berlin and 'population' set to 3645000", "with a field count set to 12 and a
field label set to ..."; a count word as the article, "with one key city set to Berlin and population set to 5", stays
no claim). Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_T = "tests/adversarial/test_json_keyed_runs_jsonAE.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # more statements after "the key" / "a field"
    ("jsonAE-keyed-one-stmt", "'with the key city set to Berlin and population set to 5' is not derived (one statement only)", _GRAMMAR,
     "_keyed_stmts: stmt | _keyed_stmts (COMMA | AND | COMMA AND) ((DEF | ART)? KEYWORD_ONE)? stmt\n", "_keyed_stmts: stmt\n", (_T,)),
    ("jsonAE-keyed-no-key-word", "'with a field count set to 12 and a field label set to ...': the second key word is not derived", _GRAMMAR,
     "_keyed_stmts: stmt | _keyed_stmts (COMMA | AND | COMMA AND) ((DEF | ART)? KEYWORD_ONE)? stmt\n",
     "_keyed_stmts: stmt | _keyed_stmts (COMMA | AND | COMMA AND) stmt\n", (_T,)),
    ("jsonAE-keyed-count-word-read", "'with one key city set to Berlin and population set to 5' (one key said, two stated) is read", _READER,
     '        if counted and sum(1 for c in children if _is_token(c, "COMMA", "AND")):\n', "        if False:\n", (_T,)),
    ("jsonAE-keyed-any-article-declines", "'with a field count set to 12 and a field label ...': any article declines a second statement", _READER,
     '        counted = any(_is_token(c, "ART") and fold(str(c.value)) in _COUNT_WORDS for c in children)\n',
     '        counted = any(_is_token(c, "ART") for c in children)\n', (_T,)),
]
# fmt: on

_T2 = "tests/adversarial/test_json_keyed_runs_jsonAE.py"
# fmt: off
ROWS += [
    # a record's string written as two literals (Python joins them; YAML/SQL read a doubled quote as one)
    ("jsonAE-joined-literal-value", "\"{'name': 'O''Brien'}\" read as 'OBrien' (Python's implicit join)", _READER,
     "            or isinstance(value.value, str) and _one_string_literal(literal):\n",
     "            or isinstance(value.value, str) and literal[:1] in \"'\\\"\":\n", (_T2,)),
    ("jsonAE-joined-literal-inner-quote", "a quote inside one literal is taken for a join: \"{'name': \\\"O'Brien\\\"}\" declined", _READER,
     "    return len(literal) >= 2 and literal[0] in \"'\\\"\" and literal[-1] == literal[0] and literal[0] not in literal[1:-1]\n",
     "    return len(literal) >= 2 and literal[0] in \"'\\\"\" and literal[-1] == literal[0] and \"'\" not in literal[1:-1]\n", (_T2,)),
    ("jsonAE-joined-literal-key", "\"{'na' 'me': 'Ana'}\" read with the key 'name'", _READER,
     '        if not bare and hasattr(key, "lineno") and not _one_string_literal(ast.get_source_segment(source, key) or ""):\n',
     "        if False:\n", (_T2,)),
    ("jsonAE-joined-literal-call-key", "dict(title='Dune', ...) declined: a call's keyword taken for a joined literal", _READER,
     '        if not bare and hasattr(key, "lineno") and not _one_string_literal(ast.get_source_segment(source, key) or ""):\n',
     '        if not bare and not _one_string_literal(ast.get_source_segment(source, key) or ""):\n', (_T2,)),
    ("jsonAE-joined-literal-nested-key", "\"{'a': {'b' 'c': 1}}\" read with the nested key 'bc'", _READER,
     '    return key.value if not isinstance(key.value, str) or _one_string_literal(ast.get_source_segment(source, key) or "") else _NOT_DATA\n',
     "    return key.value\n", (_T2,)),
]
# fmt: on

# fmt: off
ROWS += [
    # a YAML flow mapping of names
    ("jsonAE-flow-off", "'JSON please: {title: Dune, author: Frank Herbert, year: 1965}' is no claim (no flow mapping read)", _READER,
     "    return None if call else _flow_record_at(text, pos)\n", "    return None\n", (_T2,)),
    # (a program's literal that parses, "{title: Dune, year: 1965}", never holds a name of several words: the spaced-name
    # rule below is what keeps it a program's; a row sending it to YAML is an equivalent mutant, so none)
    ("jsonAE-flow-spaced-name", "'{sku: WH-03, qty: 2}' (JavaScript's WH - 03) read as YAML", _READER,
     '        return " " in value\n', "        return True\n", (_T2,)),
    ("jsonAE-flow-yaml-type", "'classic: Off' (YAML 1.1's false) read as the string 'Off'", _READER,
     "    return value if same_as_yaml(value, yaml_value) else _NOT_DATA\n", "    return value\n", (_T2,)),
    ("jsonAE-flow-echo-key", "'{title: Book Title, ...}' (a slot described with its key) read as data", _READER,
     "    return any(fold(word) in parts for word in value.split(\" \"))\n", "    return False\n", (_T2,)),
    ("jsonAE-flow-capitals", "'year: N' (a slot's letter) read as the string 'N'", _READER,
     "    if len(words) == 1 and written.isalpha() and written.isupper():\n", "    if False:\n", (_T2,)),
    ("jsonAE-flow-table-words", "'year: Nineteen Sixty-Five' (a number in words) read as a string", _READER,
     "            | _never_names_any() | frozenset(table_words) | _slot_names())\n",
     "            | _never_names_any() | _slot_names())\n", (_T2,)),
    ("jsonAE-flow-slot-names", "'title: Example' read as data (en slot_names dropped)", _READER,
     "            | _never_names_any() | frozenset(table_words) | _slot_names())\n",
     "            | _never_names_any() | frozenset(table_words))\n", (_T2,)),
    ("jsonAE-flow-lowercase-word", "'author: Frank Herbert or Brian Herbert' read as one name", _READER,
     "    if not all(_FLOW_WORD.fullmatch(word) and (word[0].isupper() or word.isdigit()) for word in words):\n",
     "    if not all(_FLOW_WORD.fullmatch(word) for word in words):\n", (_T2,)),
    ("jsonAE-flow-comment", "'year: 1965 # or 1966' + a line break read as 1965 (YAML drops the comment)", f"{_JSON}/yaml_block.py",
     "    if _FLOW_REFUSED.search(source):\n", "    if False:\n", (_T2,)),
    ("jsonAE-flow-doubled-quote", "\"title: 'O''Brien'\" read (a doubled quote)", f"{_JSON}/yaml_block.py",
     "        return node.value if raw == node.style + node.value + node.style else refused\n", "        return node.value\n", (_T2,)),
    ("jsonAE-flow-plain-marked", "a flow mapping's name is read as a quoted string (its unquoted checks skipped)", _READER,
     "    members = [(key, item, isinstance(item, str) and key not in plain) for key, item in value.items()]\n",
     "    members = [(key, item, isinstance(item, str)) for key, item in value.items()]\n", (_T2,)),
]
# fmt: on
