"""Mutation-check rows for wip/jsonG: values by position with the order said (class A) and capitalised labels as keys
with bars and middle dots between statements (class B). Appended by ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_A = ("tests/adversarial/test_json_values_by_position_jsonG.py",)
_B = ("tests/adversarial/test_json_capitalised_labels_jsonG.py",)
_E = ("tests/adversarial/test_json_short_request_after_data_jsonG.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonG-values-head-rule-dropped", "the values sentence before the request deleted: 'Keys: ... Values in the same order: ... Output the JSON object.' no longer served",
     f"{_JSON}/request.lark", "%extend start: _end* keys_sentence _end+ values_headed _end+ ROLE? request (_end+ ROLE? _other)* _end*\n", "\n", _A),
    ("jsonG-values-head-brackets-dropped", "the order phrase in brackets or after a comma deleted: 'Values (in the same order): ...' no longer served",
     f"{_JSON}/request.lark", "values_headed: VALUES_HEAD (IN_ORDER | COMMA IN_ORDER COMMA? | LPAR IN_ORDER RPAR)", "values_headed: VALUES_HEAD (IN_ORDER)", _A),
    ("jsonG-values-head-never", "VALUES_HEAD never retyped: the order phrase after 'Values' derives nothing",
     f"{_JSON}/reader.py", 'if first.kind == "VALUES" and (buffer[0].kind == "IN_ORDER"', 'if False and (buffer[0].kind == "IN_ORDER"', _A),
    ("jsonG-values-head-comma-dropped", "the order phrase after a comma or a bracket no longer heads the values: 'Values, in that order: ...' declined",
     f"{_JSON}/reader.py", "or buffer[0].kind in (\"COMMA\", \"LPAR\") and buffer[1].kind == \"IN_ORDER\"):", "):", _A),
    ("jsonG-in-order-no-key-dropped", "IN_ORDER read as a key again: 'Values, respectively: 17, ...' no longer served",
     f"{_JSON}/reader.py", '_NO_KEY |= {"IN_ORDER"}\n', "\n", _A),
    ("jsonG-pt-same-order-dropped", "the pt table's 'na mesma ordem' dropped: 'Valores na mesma ordem: ...' no longer served",
     f"{_JSON}/vocabulary/pt.json", '   "na mesma ordem",\n', "", _A),
    ("jsonG-en-same-order-dropped", "the en table's 'in the same order' dropped",
     f"{_JSON}/vocabulary/en.json", '   "in the same order",\n', "", _A),
    ("jsonG-ru-same-order-dropped", "the ru table's 'в том же порядке' dropped",
     f"{_JSON}/vocabulary/ru.json", '   "в том же порядке",\n', "", _A),
    ("jsonG-labels-kept-never", "capitalised labels never the keys as written: 'Make this a JSON object: Name: Ana, Age: 30' declined again",
     f"{_JSON}/reader.py", "for key, st in found.items()) or _labels_kept(found, prompt)\n", "for key, st in found.items())\n", _B),
    ("jsonG-labels-kept-mixed-case", "labels of both cases kept as written ('Name: Ana, age: 31')",
     f"{_JSON}/reader.py", "return all(key[:1].isupper() and st.style in", "return all(True and st.style in", _B),
    ("jsonG-labels-kept-any-style", "a capitalised label before a space or 'is' kept as a key ('Name Ana, Age 31')",
     f"{_JSON}/reader.py", 'and st.style in (":", "=") and prompt.startswith(key, st.span[0])', "and prompt.startswith(key, st.span[0])", _B),
    # a joined label ("Order number" read as Order_number) kept as written: W27's YAML check declines it too (its key is
    # "Order number"), so no row (the check in _labels_kept stays as a second guard)
    ("jsonG-bar-never-comma", "a bar between two statements never a comma: 'Name: Ana | Age: 30' declined",
     f"{_JSON}/reader.py", 'if buffer[1].kind == "BAR" and buffer[0].kind == "STMT" and buffer[2].kind == "STMT":', 'if False:', _B),
    ("jsonG-bar-always-comma", "a bar anywhere a comma ('keys name | age', 'Ana | | Age')",
     f"{_JSON}/reader.py", 'return Word("BAR", char, pos), pos + 1', 'return Word("COMMA", char, pos), pos + 1', _B),
    ("jsonG-bar-unspaced", "a bar not between spaces read as a separator ('Ana |Age: 31')",
     f"{_JSON}/reader.py", 'if char in _BARS and text[pos - 1 : pos] in (" ", "\\t") and text[pos + 1 : pos + 2] in (" ", "\\t") and',
     'if char in _BARS and', _B),
    ("jsonG-slash-a-bar", "a slash between spaces read as a separator ('Name: Ana / Age: 31': 'or'?)",
     f"{_JSON}/reader.py", '_BARS = frozenset("|\\u00b7")', '_BARS = frozenset("|\\u00b7/")', _B),
    ("jsonG-yaml-bar-not-split", "the YAML check reads 'Name: Ana | Age: 30' as one mapping: declined",
     f"{_JSON}/yaml_block.py", '_SENTENCE_END = re.compile(r"(?:[.;?!]|(?<=[ \\t])[|\\u00b7])(?=[ \\t]+\\S)")', '_SENTENCE_END = re.compile(r"[.;?!](?=[ \\t]+\\S)")', _B),
    ("jsonG-short-request-rule-dropped", "the short request after the data deleted: 'server:\\n  host: ...\\n\\nas JSON please' declined",
     f"{_JSON}/request.lark", "%extend start: _end* (stmt_sentence STOP+)+ short_request _end*\n", "\n", _E),
    ("jsonG-short-as-no-conversion", "'as JSON' after the data no conversion: a lowercase value ('host: example.org') declined",
     f"{_JSON}/reader.py", "        self.request(children)\n        self.converts = True\n", "        self.request(children)\n", _E),
    ("jsonG-short-comma-dropped", "the comma before 'please' dropped: 'como JSON, por favor' declined",
     f"{_JSON}/request.lark", "short_request: AS noun COMMA? politely? -> short_as", "short_request: AS noun politely? -> short_as", _E),
]
# fmt: on
