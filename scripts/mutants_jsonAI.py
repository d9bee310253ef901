"""Mutation-check rows for wip/jsonAI (issue 33 items 2-4): a lowercase word after "key:" in one run after the table's
"with", "where" or key word (reader.py _a_stated_run, _colon_run, _run_join, _values_evident; each table's
"format_keys" and "describing_words"), the key word before statements and "for:" before a block (request.lark).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_V = f"{_JSON}/vocabulary"
_T = ("tests/adversarial/test_json_colon_runs_jsonAI.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonAI-run-unread", "'Return JSON with status: closed' reads nothing",
     _READER, "    if _a_stated_run(transformer, found, ambiguous, where):\n        return True\n", "", _T),
    ("jsonAI-run-not-evident", "'Return JSON with status: closed': the lowercase word is no evident value",
     _READER, "(plain and st.lowercase or _value_evident(prompt, st, index in runs))", "_value_evident(prompt, st, index in runs)", _T),
    ("jsonAI-run-any-opener", "'Return a JSON object: product: lamp, price: 27, in_stock: true' (after a colon heading) reads lamp",
     _READER, "    if not (\" \" + fold(prompt[: statements[0][1].span[0]].rstrip(\" \\t\"))).endswith(_RUN_OPENERS.get(language, ())):\n        return False\n",
     "", _T),
    ("jsonAI-run-any-end", "'status: closed, please' (no line or sentence end after the run) read as data",
     _READER, " or not _RUN_END.match(prompt, statements[-1][1].span[1]):", ":", _T),
    ("jsonAI-run-any-key", "'name: alice', 'city: paris', 'price: free' (a name or number key) read as data",
     _READER, "_no_meaning(key, language) and _a_plain_word(st.value, language))", "_a_plain_word(st.value, language))", _T),
    ("jsonAI-run-capitalised-key", "'Return JSON with Status: closed' read as data",
     _READER, "    return (_plain_case(key) and fold(key) not in _FORMAT_KEYS", "    return (fold(key) not in _FORMAT_KEYS", _T),
    ("jsonAI-run-format-key", "'Return JSON with format: compact' read as data",
     _READER, "    return (_plain_case(key) and fold(key) not in _FORMAT_KEYS", "    return (_plain_case(key)", _T),
    ("jsonAI-run-any-style", "'status closed', 'status is closed' read as a colon run",
     _READER, "    if language not in _DESCRIBED or not statements or not all(st.style == \":\" for _key, st in statements):",
     "    if language not in _DESCRIBED or not statements:", _T),
    ("jsonAI-run-any-table", "de 'mit farbe: rot', ru 'с статус: открыт' (a table with no describing words) read as data",
     _READER, "    if language not in _DESCRIBED or not statements or not all(st.style == \":\" for _key, st in statements):",
     "    if not statements or not all(st.style == \":\" for _key, st in statements):", _T),
    ("jsonAI-run-asked-unchecked", "'keys status and day where status: closed' (a listed key unstated) read",
     _READER, "    if transformer.asked and set(found) != set(transformer.asked):\n        return False\n    statements = sorted(",
     "    statements = sorted(", _T),
    ("jsonAI-fields-unread", "'Return a JSON object with fields name: Ana, age: 30' reads nothing",
     _GRAMMAR, "%extend mod: WITH DEF? KEYWORD field_stmt ((COMMA | AND | COMMA AND) stmt)* -> with_stmts\n", "", _T),
    ("jsonAI-for-unread", "'Return JSON for:\\nname: Alice\\nage: 30' reads nothing",
     _GRAMMAR, "%extend tail: FOR COLON STOP* stmts\n", "", _T),
    ("jsonAI-en-layout-deleted", "a word deleted from a table: en 'layout' is no format key ('layout: grid')",
     f"{_V}/en.json", '"indentation", "layout", ', '"indentation", ', _T),
    ("jsonAI-en-minified-deleted", "a word deleted from a table: en 'minified' is no describing word",
     f"{_V}/en.json", '"compact", "minified", ', '"compact", ', _T),
    ("jsonAI-es-sangria-deleted", "a word deleted from a table: es 'sangría' is no format key ('sangría: amplia')",
     f"{_V}/es.json", '"estilo", "sangría", ', '"estilo", ', _T),
    ("jsonAI-en-descending-deleted", "a word deleted from a table: en 'descending' is no describing word",
     f"{_V}/en.json", '"ascending", "descending", ', '"ascending", ', _T),
]
# fmt: on
