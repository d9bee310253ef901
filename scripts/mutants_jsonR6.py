"""Mutation-check rows for wip/jsonR6: JSON stated-values reach, round 6 (issue 33 items 3/4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_T = "tests/unit/test_json_reach_jsonr6.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR6-equals-data-never", "zh/ja 'host=db7；', 'item=りんご、' after '=' are not read",
     _READER, 'elif value is None and not table.spaced and text[end:sep_end].strip(" \\t") == "=":',
     "elif False:", (_T,)),
    ("jsonR6-equals-data-any-separator", "a word after ':' (not '=') in zh/ja is read as data",
     _READER, 'elif value is None and not table.spaced and text[end:sep_end].strip(" \\t") == "=":',
     "elif value is None and not table.spaced:", (_T,)),
    ("jsonR6-equals-digit-beside-kana", "'item=りんご6' is read as the string 'りんご6'",
     _READER, "elif any(c.isdigit() for c in run) or any(", "elif any(", (_T,)),
    ("jsonR6-equals-table-word-inside", "'item=りんごです' is read as the string 'りんごです'",
     _READER, " or any(table.match(folded, i) is not None for i in range(pos, word.end())):", ":", (_T,)),
    ("jsonR6-equals-literal-words", "'item=null' / 'item=string' is read as a string",
     _READER, "or word.group().casefold() in _NOT_BARE | _TYPE_WORDS:", "or False:", (_T,)),
    ("jsonR6-equals-two-scripts", "'item=りんご酒' (two scripts) is read as one string",
     _READER, "if word is None or not _one_script(word.group()) or", "if word is None or", (_T,)),
    ("jsonR6-equals-framing-word", "'item=json' is read as a string",
     _READER, 'if run != run.lower() or folded[pos : word.end()] in table.phrases:', 'if run != run.lower():', (_T,)),
    ("jsonR6-tf-verb-any-frames-data", "'四舍五入JSON：...' (a rounding verb) frames data as a conversion verb does",
     _READER, '            raise Declined  # "四舍五入JSON：..." rounds what?', '            pass  # "四舍五入JSON：..." rounds what?', (_T,)),
    ("jsonR6-grammar-zh-tf-verb-noun", "zh '转换成JSON：...' is not derived",
     _GRAMMAR, "               | courtesy? SOURCE? TF_VERB noun tail ", "               | courtesy? SOURCE? TF_VERB TF_VERB noun tail ", (_T,)),
    ("jsonR6-grammar-ja-convert-end-mods", "ja 'JSON にしてください（キー：item, qty）。...' is not derived",
     _GRAMMAR, "               | SOURCE? noun CONVERT_END mods? tail? ", "               | SOURCE? noun CONVERT_END tail? ", (_T,)),
    ("jsonR6-zh-conversion-verb-deleted", "zh '转换成' is no conversion verb ('转换成JSON：...' is declined)",
     f"{_JSON}/vocabulary/zh.json", '  "转换成",\n  "转换为",\n  "换算为"\n ],', '  "转换成x",\n  "转换为",\n  "换算为"\n ],', (_T,)),
    # -- records of Python / JavaScript literals: null, arrays, nested objects (class 1)
    ("jsonR6-record-null-no-conversion", "'Return JSON: {\'title\': None, ...}' (no conversion: a blank to fill?) states null",
     _READER, "    if not transformer.converts and any(_holds_null(st.value) for st in stated.values()):",
     "    if False and any(_holds_null(st.value) for st in stated.values()):", (_T,)),
    ("jsonR6-record-depth-unlimited", "a record nested deeper than _DEPTH is read",
     _READER, "    if depth >= _DEPTH:\n        return _NOT_DATA\n", "", (_T,)),
    ("jsonR6-record-nested-key-twice", "a nested object writing a key twice is read (the last one kept)",
     _READER, "if not keys or len(set(keys)) != len(keys) or not all(", "if not keys or not all(", (_T,)),
    ("jsonR6-record-tuple-not-array", "a tuple is no array ('tags': ('a', 'b') declined)",
     _READER, "    if isinstance(node, (ast.Tuple, ast.List)):", "    if isinstance(node, ast.List):", (_T,)),
    ("jsonR6-record-item-unchecked", "an array or object item that is no literal ('a': (1, x)) is not checked",
     _READER, "    if any(item is _NOT_DATA for item in found.values()):\n        return _NOT_DATA\n", "", (_T,)),
    ("jsonR6-record-spaced-sign", "'- 7' (a sign apart from its number) is read as -7",
     _READER, 'and type(node.operand.value) in (int, float) and (ast.get_source_segment(source, node) or "")[1:2].isdigit():',
     "and type(node.operand.value) in (int, float):", (_T,)),
    ("jsonR6-record-js-null-deleted", "JavaScript's null is no literal ('{note: null}' declined)",
     _READER, '_JS_WORDS = {"true": True, "false": False, "null": None}', '_JS_WORDS = {"true": True, "false": False}', (_T,)),
    ("jsonR6-record-python-none-deleted", "Python's None is no literal ('meta': None declined)",
     _READER, '    if value.value is None and literal == "None":\n        return None\n', "", (_T,)),
    ("jsonR6-identical-shallow", "evidence.identical compares arrays by ==: [1] is [true], [1] is [1.0]",
     f"{_JSON}/evidence.py", "        return len(a) == len(b) and all(identical(x, y) for x, y in zip(a, b))", "        return bool(a == b)", (_T,)),
    ("jsonR6-identical-unordered", "evidence.identical ignores an object's member order",
     f"{_JSON}/evidence.py", "        return list(a) == list(b) and all(identical(a[k], b[k]) for k in a)",
     "        return set(a) == set(b) and all(identical(a[k], b[k]) for k in a)", (_T,)),
    ("jsonR6-binds-array-any", "a stated array binds any array text ('[1, 2.0]' for [1, 2])",
     f"{_JSON}/literal.py", "return items is not None and len(items) == len(stated) and all(map(binds_literal, items, stated))",
     "return items is not None", (_T,)),
    ("jsonR6-binds-object-keys", "a stated object binds a text writing a key twice or another order",
     f"{_JSON}/literal.py", "return listed is not None and [key for key, _raw, _value in listed] == list(stated) and all(",
     "return listed is not None and all(", (_T,)),
    ("jsonR6-binds-null-deleted", "a stated null binds no text (a record's None never served)",
     f"{_JSON}/literal.py", '    if stated is None:\n        return text == "null"\n', "", (_T,)),
    ("jsonR6-null-empty", "a stated null fails as 'empty' (a record's None never served)",
     f"{_JSON}/task.py", " and not (key in c.stated and c.stated[key] is None):", ":", (_T,)),
]
# fmt: on
