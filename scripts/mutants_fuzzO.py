"""Mutation-check rows for wip/fuzzO: wip/fuzzK's open JSON wrong classes closed by one check every path passes
(json/reader.py ``_value_read_two_ways``; a k=v value one token: ``_words_after_equals``).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_VOCAB = "stepcache_integrations/core/tasks/json/vocabulary"
_T = ("tests/adversarial/test_json_fuzzO.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("fuzzO-check-skipped", "the one check skipped: 'for name true', '_blue_', 'Name: Nobody', '$349.00' served again",
     _READER, "_period_dropped(stated, prompt) or _value_read_two_ways(transformer, stated, where):",
     "_period_dropped(stated, prompt):", _T),
    ("fuzzO-bare-boolean-off", "a bare true/false for a key not noted boolean served as a boolean ('for name true, age 40')",
     _READER, "        if any(isinstance(v, bool) for v in items):\n            return True\n    return False",
     "        if any(isinstance(v, bool) for v in items) and False:\n            return True\n    return False", _T),
    ("fuzzO-bare-boolean-noted-ignored", "a key noted boolean declined too ('active (boolean): active true' no longer read)",
     _READER, "        if key in booleans or prompt[st.span[0] : st.span[0] + 1] == \"{\":",
     "        if prompt[st.span[0] : st.span[0] + 1] == \"{\":", _T),
    ("fuzzO-record-boolean-declined", "data written as data declined ('{active: true}' no longer read)",
     _READER, "        if key in booleans or prompt[st.span[0] : st.span[0] + 1] == \"{\":",
     "        if key in booleans:", _T),
    ("fuzzO-emphasis-edge-off", "underscore emphasis served as written ('listing: red, green, _blue_' -> \"_blue_\")",
     _READER, '_EMPHASIS_EDGE = re.compile(r"(?:^|(?<=\\s))_|_(?=\\s|$)")', '_EMPHASIS_EDGE = re.compile(r"(?!x)x")', _T),
    ("fuzzO-emphasis-inner", "an underscore inside a word declined ('snake_case', 'AB_1' no longer read)",
     _READER, '_EMPHASIS_EDGE = re.compile(r"(?:^|(?<=\\s))_|_(?=\\s|$)")', '_EMPHASIS_EDGE = re.compile(r"_")', _T),
    ("fuzzO-backtick-item-off", "a list item in backticks served as the word ('red, green, `blue`' -> \"blue\")",
     _READER, '    if any(prompt[item.start_pos or 0 : (item.start_pos or 0) + 1] == "`" for items in transformer.items.values() for item in items):\n        return True\n',
     "", _T),
    ("fuzzO-backtick-first-off", "a list's first item in backticks served ('listing: `red`, green, blue')",
     _READER, "        return True  # a list's first item in backticks", "        return False  # a list's first item in backticks", _T),
    ("fuzzO-equals-run-read", "a word after a k=v value read into it ('sku=AB x2' -> \"AB x2\")",
     _READER, "        if _words_after_equals(text, folded, sep_end, table) > 1:", "        if _words_after_equals(text, folded, sep_end, table) > 99:", _T),
    ("fuzzO-equals-framing-not-a-stop", "a framing word ends no k=v value ('qty=3, sku=AB please' declined)",
     _READER, "        if count and (said in _RUN_STOPS or phrase is not None and phrase[0] in _RUN_STOPS):",
     "        if False:", _T),
    ("fuzzO-equals-spaced-run-cjk", "zh/ja 'sku=AB Zed，' read as one value of two words",
     _READER, "    if equals and value is not None and isinstance(value[0], str) and not value[1] and any(c.isspace() for c in value[0]):",
     "    if False:", _T),
    ("fuzzO-never-names-own-table", "only the prompt's table's never-names ('Todos, 5' in English served as a product)",
     _READER, "    words = _never_names_any()\n", "    words = _never_names(language)\n", _T),
    ("fuzzO-names-no-one-off", "a labelled name no one is served ('Name: Nobody' -> \"Nobody\", de 'name: Niemand')",
     _READER, "        or _names_no_one(stated, language) or _padded_number(stated, prompt) \\",
     "        or _padded_number(stated, prompt) \\", _T),
    ("fuzzO-names-quoted-declined", "a quoted name no one is declined too ('name \"Nobody\"' no longer read)",
     _READER, "    return any(isinstance(st.value, str) and not st.quoted and _is_kind(key, \"name\", language)",
     "    return any(isinstance(st.value, str) and _is_kind(key, \"name\", language)", _T),
    ("fuzzO-christmas-dropped", "'Christmas' left out of the English never-names ('user Christmas' served)",
     f"{_VOCAB}/en.json", ', "christmas"', "", _T),
    ("fuzzO-noon-dropped", "'noon' left out of the English never-names ('name noon' served)",
     f"{_VOCAB}/en.json", '"noon", ', "", _T),
    ("fuzzO-padded-off", "a passage's '$349.00' served as 349.0",
     _READER, "        if _PADDED_DECIMAL.fullmatch(prompt[st.span[0] : st.span[1]]):",
     "        if False:", _T),
    ("fuzzO-padded-comma-off", "a decimal comma's zeros ('87,50 reais') served as 87.5",
     _READER, '_PADDED_DECIMAL = re.compile(r"-?\\d+[.,]\\d*0")', '_PADDED_DECIMAL = re.compile(r"-?\\d+[.]\\d*0")', _T),
    ("fuzzO-last-note-off", "a type said after the last key types it alone ('keys code and name (as a string): code 7' served)",
     _READER, "        or _last_key_note_read_two_ways(transformer, stated, language) or _mixed_scripts(stated)",
     "        or _mixed_scripts(stated)", _T),
    ("fuzzO-last-note-agreeing-declined", "a type note whose readings agree declined ('name and code (as a string): code \"7\"')",
     _READER, "    return not all(other in stated and _of_kind(stated[other].value, kind) for other in transformer.asked[:-1])",
     "    return True", _T),
    ("fuzzO-mixed-scripts-off", "a homoglyph served ('ciudad Lyоn' with a Cyrillic о)",
     _READER, "            if isinstance(v, str) and any(len(_word_scripts(w)) > 1 for w in re.split(r\"[\\W\\d_]+\", v)):",
     "            if False:", _T),
    ("fuzzO-greek-not-a-script", "Greek letters among Latin ones served ('Lyοn' with a Greek ο)",
     _READER, '_HOMOGLYPH_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})', '_HOMOGLYPH_SCRIPTS = frozenset({"LATIN", "CYRILLIC"})', _T),
]
# fmt: on
