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
]
# fmt: on
