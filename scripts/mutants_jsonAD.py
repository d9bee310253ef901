"""Mutation-check rows for wip/jsonAD: JSON reach from the dev sets' causes (issue 33 item 4) -- k=v statements joined by
a space alone (the next "key=" ends a bare or lowercase value: "product=lamp qty=5", "sensor=T-9 temp=-2.5"), a short
request before a sentence of statements ("json pls. ...", "JSON only, no prose. ..."), and JSON's null written after
"=" ("middle_name=null"; after ":" or a space, or in a record, it stays no claim without a conversion). Appended to the
table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_T = "tests/adversarial/test_json_equals_runs_null_jsonAD.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # k=v runs joined by a space
    ("jsonAD-run-next-key-stops-words", "'sensor=T-9 temp=-2.5' counts 'temp' as a second word of the value (no claim)", _READER,
     "        if count and _NEXT_EQUALS_KEY.match(text, word.start() - 1):\n", "        if False:\n", (_T,)),
    ("jsonAD-run-next-key-any-word", "'product=lamp twice qty=3': any word after a value ends it (served 'lamp')", _READER,
     '_NEXT_EQUALS_KEY = re.compile(r"[ \\t](?P<key>[^\\W\\d][\\w-]{0,60})=(?!=)")',
     '_NEXT_EQUALS_KEY = re.compile(r"[ \\t](?P<key>[^\\W\\d][\\w-]{0,60})")', (_T,)),
    ("jsonAD-run-lowercase-before-key", "'product=lamp qty=5': a lowercase value before the next key is no value", _READER,
     '                and not (text[:pos].rstrip(" \\t")[-1:] == "=" and _NEXT_EQUALS_KEY.match(text, word.end())):\n',
     "                and True:\n", (_T,)),
    # a short request before the statements
    ("jsonAD-short-request-first", "'json pls. sensor=T-9 ...' (a short request, then statements) is not derived", _GRAMMAR,
     "%extend start: _end* ROLE? short_request _end+ stmt_sentence (_end+ ROLE? _other)* _end*\n", "", (_T,)),
    ("jsonAD-short-request-any-sentence", "'JSON please. Keys: name, age.' (a key list alone after it) is derived", _GRAMMAR,
     "%extend start: _end* ROLE? short_request _end+ stmt_sentence (_end+ ROLE? _other)* _end*\n",
     "%extend start: _end* ROLE? short_request (_end+ ROLE? _other)* _end*\n", (_T,)),
    ("jsonAD-short-request-nothing", "'JSON only, no prose. ...' is not derived", _GRAMMAR,
     "%extend short_request: noun COMMA NOTHING politely? -> request\n", "", (_T,)),
    # null after "="
    ("jsonAD-null-after-equals", "'middle_name=null' is no statement (no claim)", _READER,
     '    null = _NULL.match(text, sep_end) if table.spaced and text[end:sep_end].strip(" \\t") == "=" else None\n',
     "    null = None\n", (_T,)),
    ("jsonAD-null-after-colon", "'middle_name: null' (a blank to fill?) states null", _READER,
     '    null = _NULL.match(text, sep_end) if table.spaced and text[end:sep_end].strip(" \\t") == "=" else None\n',
     '    null = _NULL.match(text, sep_end) if table.spaced and text[end:sep_end].strip(" \\t") in ("=", ":") else None\n', (_T,)),
    ("jsonAD-null-unspaced", "ja 'item=null' states null (wip/jsonR6 keeps it no claim)", _READER,
     '    null = _NULL.match(text, sep_end) if table.spaced and text[end:sep_end].strip(" \\t") == "=" else None\n',
     '    null = _NULL.match(text, sep_end) if text[end:sep_end].strip(" \\t") == "=" else None\n', (_T, "tests/unit/test_json_reach_jsonr6.py")),
    ("jsonAD-null-any-case", "'middle_name=NULL' read as null", _READER,
     '_NULL = re.compile(r"null(?![\\w\'\\u2019-]|\\.\\w)")', '_NULL = re.compile(r"(?i:null)(?![\\w\'\\u2019-]|\\.\\w)")', (_T,)),
    ("jsonAD-null-prefix", "'middle_name=null.5' / 'nullx' read as null", _READER,
     '_NULL = re.compile(r"null(?![\\w\'\\u2019-]|\\.\\w)")', '_NULL = re.compile(r"null")', (_T,)),
    ("jsonAD-null-data-any-null", "a record's null without a conversion ('JSON please: {..., count: null}') is read", _READER,
     "    return st.value is None and st.equals and not st.quoted\n", "    return st.value is None\n", (_T, "tests/unit/test_json_reach_jsonr6.py")),
    ("jsonAD-null-data-rule-dropped", "'middle_name=null' declined by wip/jsonR6's blank rule", _READER,
     "    return st.value is None and st.equals and not st.quoted\n", "    return False\n", (_T,)),
]
# fmt: on
