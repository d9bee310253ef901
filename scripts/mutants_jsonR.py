"""Mutation-check rows for JSON reach by class (issue 33 items 4/5, wip/jsonR). Appended to the
table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_TASK = f"{_JSON}/task.py"
_READER = f"{_JSON}/reader.py"
_REACH = "tests/adversarial/test_json_reach_jsonr.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR-rewrite-beside-model-keys", "a cached answer with a key no request asked for is rewritten from the "
     "statements: the model's extra key is dropped",
     _TASK, " and set(obj) == set(cached.required):", ":", (_REACH, "-k", "never_served_wrong")),
    ("jsonR-rewrite-without-source", "an object written from the statements is judged against itself, not the "
     "cached answer: how the cached answer wrote a lowercase word cannot be told",
     _TASK, '                    "source": context.old_object, "source_digest": cached.prompt.digest}\n            return [Step(text=dumps(rewritten)',
     '}\n            return [Step(text=dumps(rewritten)', (_REACH, "-k", "exactly_right")),
    ("jsonR-rewrite-deleted", "a key dropped, added or renamed: the cached object is patched, never rewritten",
     _TASK, "    if written is not None and set(written) != set(obj)", "    if False",
     (_REACH, "-k", "exactly_right")),
]
# fmt: on
ROWS += [
    ("jsonR-two-key-lists-flat", "a second key list beside the request is read as the same flat list: 'with keys "
     "\"user\" with keys name and age' asks user, name and age",
     _READER, "        if self.key_lists > 1:\n            raise Declined\n", "",
     ("tests/unit/test_json_reach_jsonr.py", "-k", "stays_declined")),
    ("jsonR-one-key-unstated", "a word after 'key' is a key though neither quoted nor stated: 'with the key facts'",
     _READER, '    return not any(t.type != "QNAME" and t.value not in found for t in transformer.one_keys) \\\n',
     "    return True \\\n", ("tests/unit/test_json_reach_jsonr.py", "-k", "stays_declined")),
    # jsonR-key-word-states ('the key "user"' a statement of a key named 'key') retired as equivalent (2026-12-07): the
    # clean-clone mutation check of 5f1fc337 found it survived; red team 29's key-evidence rule (reader._keys_evident)
    # declines an unlisted "key" joined to its value by a space before this rule decides (no table names "key" a key)
    ("jsonR-vocab-key-singular-deleted", "a word deleted from a table: 'the key' lists no key",
     f"{_JSON}/vocabulary/en.json", '  "KEYWORD_ONE": [\n   "key",\n', '  "KEYWORD_ONE": [\n',
     ("tests/unit/test_json_reach_jsonr.py", "-k", "singular_is_read")),
]
ROWS += [
    ("jsonR-type-note-unchecked", "a type note is read whatever the stated value: 'age (a string)' for age 41 states 41",
     _READER, "    if not _typed_as_noted(transformer, found, stated) or _period_dropped(stated, prompt) or _value_read_two_ways(transformer, stated, where):\n",
     "    if _period_dropped(stated, prompt) or _value_read_two_ways(transformer, stated, where):\n",
     ("tests/unit/test_json_reach_jsonr.py", "-k", "does_not_hold")),
    ("jsonR-type-note-bool-is-number", "a boolean note admits a number: 'done (true/false)' for done 1",
     _READER, "    if kind == \"boolean\":\n        return isinstance(value, bool)\n", "    if kind == \"boolean\":\n        return value is not None\n",
     ("tests/unit/test_json_reach_jsonr.py", "-k", "does_not_hold")),
    ("jsonR-type-note-integer-any-number", "an integer note admits a decimal: 'age (an integer)' for 41.5",
     _READER, "    if kind == \"integer\":\n        return isinstance(value, int) and not isinstance(value, bool)\n",
     "    if kind == \"integer\":\n        return isinstance(value, (int, float))\n", ("tests/unit/test_json_reach_jsonr.py", "-k", "does_not_hold")),
    ("jsonR-vocab-string-note-is-number", "a word moved to another class: '(a string)' notes a number",
     f"{_JSON}/vocabulary/en.json", '  "T_NUMBER": [\n', '  "T_NUMBER": [\n   "(a string)",\n',
     ("tests/unit/test_json_reach_jsonr.py", "-k", "does_not_hold")),
    ("jsonR-grammar-case-after-key-deleted", "a grammar rule deleted: 'Make the code uppercase' is not read",
     f"{_JSON}/request.lark", "%extend rewrite: VERB DEF? tf_keys case_verb\n", "",
     (_REACH, "-k", "exactly_right")),
    ("jsonR-vocab-upper-case-is-lower", "a word moved to another class: 'upper case' lowercases",
     f"{_JSON}/vocabulary/en.json", '   "lowercase",\n   "lower case",\n', '   "lowercase",\n   "upper case",\n   "lower case",\n',
     ("tests/unit/test_json_reach_jsonr.py", "-k", "case_said_after")),
]
ROWS += [
    ("jsonR-record-float-unchecked", "a record's decimal is kept whatever its literal: 'price': 1.10 states 1.1",
     _READER, "        if not literal or not math.isfinite(value) or render(float(value)) != literal:\n            return _NOT_DATA\n",
     "", ("tests/unit/test_json_reach_jsonr.py", "-k", "record_the_grammar")),
    ("jsonR-record-python-int-any", "a Python-only integer literal is a record's value: 'qty': 0x10 states 16",
     _READER, "isinstance(value.value, int) and _JSON_INT.fullmatch(literal)", "isinstance(value.value, int)",
     ("tests/unit/test_json_reach_jsonr.py", "-k", "record_the_grammar")),
    ("jsonR-grammar-record-tail-deleted", "a grammar rule deleted: a record after a colon is not read",
     f"{_JSON}/request.lark", "%extend tail: COLON RECORD -> record_tail\n", "", (_REACH, "-k", "exactly_right")),
    ("jsonR-vocab-es-convert-deleted", "a word deleted from a table: es 'pásame esto a' is no conversion",
     f"{_JSON}/vocabulary/es.json", '   "pásame"\n', '   "pásamex"\n', (_REACH, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR-shape-measure-deleted", "a shape's one key takes no measure: 'JSON {\"minutes\": ...} for a duration of 2 "
     "hours' is not read",
     _READER, "    listed = transformer.asked or list(transformer.template)  #", "    listed = transformer.asked  #",
     (_REACH, "-k", "exactly_right")),
    ("jsonR-equals-lowercase-any", "a lowercase word after ':' beside no key list is data: 'host: any' states 'any'",
     _READER, "    if all(st.equals for st in lowercase) and not ambiguous and (", "    if not ambiguous and (",
     (_REACH, "-k", "never_served_wrong")),
    ("jsonR-verb-end-states", "de: the closing verb states a value: '... zurück: Name Mia' is no request",
     _READER, '_NO_KEY |= {"VERB_END"}\n', "", (_REACH, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR-concept-label-any", "a label of several concepts names a key: en 'name Lamp' states item",
     _READER, "if meant == {key} and key != label]", "if key in meant and key != label]",
     (_REACH, "-k", "never_served_wrong")),
    ("jsonR-concept-label-deleted", "a label for a listed key's concept names no key: ru 'имя Дмитрий' beside key name",
     _READER, "or _concept_keys(label, asked, language)", "or []", (_REACH, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR-case-sentence-swapped", "'City in upper case.' lowercases the city",
     _READER, "        self.rewrite([*children, _Target(TARGETS[case.type])])",
     '        self.rewrite([*children, _Target(TARGETS["TO_LOWER" if case.type == "TO_UPPER" else "TO_UPPER"])])',
     (_REACH, "-k", "exactly_right")),
]
ROWS += [
    ("jsonR-rewrite-any-label", "a key renamed is rewritten from a label folded to it: 'namE' listed beside 'Name: "
     "Priya' is served without the model",
     _TASK, "        return written if _labelled_as_listed(new) else None", "        return written",
     (_REACH, "-k", "never_served_wrong")),
]
