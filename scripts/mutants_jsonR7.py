"""Mutation-check rows for wip/jsonR7: everyday JSON shapes found declined (issue 33 item 4): a name after a key without
a key list, values after a list phrase and its colon, booleans the instruction declares, "respectively" after a comma,
bare keys after "with" stated exactly. Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_EN = f"{_JSON}/vocabulary/en.json"
_T = "tests/adversarial/test_json_reach_jsonr7.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # A: a name after a key and a space, no key list
    ("jsonR7-unlisted-name-never", "'Give me JSON with name Ana and age 31' is declined (no key list)",
     _READER, "           and not _named_without_list(transformer, key, st, language) for key, st, _unit in stated):\n",
     "           for key, st, _unit in stated):\n", (_T, "-k", "test_A_")),
    ("jsonR7-unlisted-any-key-kind", "'JSON with comments Ana and age 31' states \"comments\": \"Ana\" (a key no name fills)",
     _READER, '    if not _is_kind(key, "name", language):\n        return False\n', "", (_T, "-k", "test_A_")),
    ("jsonR7-unlisted-two-words", "'JSON with name Ana and city Paris France' states the city \"Paris France\"",
     _READER, ' and " " not in st.value and len(st.value) > 1\n', " and len(st.value) > 1\n", (_T, "-k", "test_A_")),
    ("jsonR7-unlisted-letter", "'JSON with name X and age 31' states the placeholder letter \"X\"",
     _READER, ' and " " not in st.value and len(st.value) > 1\n', ' and " " not in st.value\n', (_T, "-k", "test_A_")),
    # B: a list phrase and its colon right after the noun
    ("jsonR7-grammar-listed-tail-deleted", "'Create a JSON containing: name Ana, age 30' is not derived",
     _GRAMMAR, "%extend request: lead? noun listed_tail politely?\n", "", (_T, "-k", "test_B_")),
    ("jsonR7-grammar-listed-tail-required-dropped", "'Create a JSON object containing the following: ...' is not derived",
     _GRAMMAR, "listed_tail: (WITH | HOLDS) REQUIRED? COLON stmts", "listed_tail: (WITH | HOLDS) COLON stmts", (_T, "-k", "test_B_")),
    # C: booleans the instruction declares
    ("jsonR7-values-noted-never", "'JSON with boolean values: active yes, count 3' states the count 3 beside booleans",
     _READER, "    if transformer.values_kind:\n        transformer.typed +=", "    if False:\n        transformer.typed +=",
     (_T, "-k", "test_C_")),
    ("jsonR7-values-noted-lowercase", "'JSON with boolean values: active: yes, ...' is declined (yes/no read as lowercase words)",
     _READER, '    if transformer.values_kind == "boolean":\n        booleans.add(fold(key))', '    if False:\n        booleans.add(fold(key))',
     (_T, "-k", "test_C_")),
    ("jsonR7-values-noted-spaced", "'JSON with boolean values: active yes, verified no' is declined (spaced, no key list)",
     _READER, '    if transformer.values_kind == "boolean":  # "JSON with boolean values: active yes, verified no"\n'
     "        return isinstance(st.value, str) and fold(st.value) in _BOOLEAN_WORDS.get(language, {})\n", "", (_T, "-k", "test_C_")),
    ("jsonR7-grammar-values-bool-deleted", "'JSON with boolean values: ...' is not derived",
     _GRAMMAR, "%extend mod: VALUES_BOOL -> values_noted\n", "", (_T, "-k", "test_C_")),
    ("jsonR7-grammar-bare-keys-noted-deleted", "'JSON with active and verified as booleans: ...' is not derived",
     _GRAMMAR, "%extend mod: WITH keys_noted -> with_keys\n", "", (_T, "-k", "test_C_")),
    ("jsonR7-vocab-values-bool-deleted", "en 'with boolean values' deleted from its table",
     _EN, '   "with boolean values",\n', "", (_T, "-k", "test_C_")),
    # D: "respectively" after a comma
    ("jsonR7-grammar-comma-ordered-deleted", "'keys name and age, respectively Ana and 30' is not derived",
     _GRAMMAR, "%extend mod: WITH key_intro keys comma_ordered -> with_keys\n", "", (_T, "-k", "test_D_")),
    # E: bare keys after "with"
    ("jsonR7-bare-with-unchecked", "'JSON with name and age: name Pedro' reads \"age\" as asked and unstated (a bare word may be no key)",
     _READER, "    if (transformer.bare_list or transformer.bare_with) and", "    if transformer.bare_list and", (_T, "-k", "test_E_")),
    ("jsonR7-bare-with-never", "'JSON with name and age: name Pedro, age 19' is declined",
     _READER, '        self.bare_with |= any(t.type not in ("QNAME", "AND", "COMMA")', '        self._quoted_only(children)\n        self.bare_with |= any(t.type not in ("QNAME", "AND", "COMMA")',
     (_T, "-k", "test_E_")),
    # F: one key holding an object said with "with"
    ("jsonR7-grammar-with-object-deleted", "'Return JSON with an address with city Paris and zip 75001' is not derived",
     _GRAMMAR, "%extend mod: WITH ART (NAME | ENTITY) OBJECT? WITH object_body -> with_object\n", "", (_T, "-k", "test_F_")),
    ("jsonR7-with-object-type-word", "'JSON with a string with city Paris' reads a key named \"string\" holding an object",
     _READER, "        if fold(str(container.value)) in _TYPE_WORDS:\n            raise Declined  # \"with a string",
     "        if False:\n            raise Declined  # \"with a string", (_T, "-k", "test_F_")),
]
# fmt: on
