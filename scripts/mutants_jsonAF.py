"""Mutation-check rows for wip/jsonAF (JSON reach: a type note after a value, a list ended by "and key ...", pasted CSV
rows said "header names as keys" / "Make JSON from:"). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_YAML = "stepcache_integrations/core/tasks/json/yaml_block.py"
_PASTES_GRAMMAR = "stepcache_integrations/core/tasks/json/pastes/request.lark"
_TESTS = ("tests/unit/test_json_value_notes_jsonAF.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonAF-value-note-unread", "a word before a boolean or null note is read ('disponible: no (como booleano)': false)",
     _READER, "    return _truth_word_noted(text, folded, sep_end, table) or _absent_word_noted(text, folded, sep_end, table)\n",
     "    return None\n", _TESTS),
    ("jsonAF-truth-word-any-case", "a truth word in capitals before a boolean note is no claim ('NO (as a boolean)')",
     _READER, "    if word is None or word.group() not in (word.group().lower(), word.group().capitalize()):\n        return None\n    note_at",
     "    if word is None:\n        return None\n    note_at", _TESTS),
    ("jsonAF-noted-null-declined", "a null noted after its value is data ('manager is unknown (use null)': null)",
     _READER, " and st.span not in transformer.noted_after\n", "\n", _TESTS),
    ("jsonAF-noted-value-yaml-string", "YAML reading the note into the value's string does not decline a noted value",
     _READER, "(not isinstance(st.value, (bool, str)) or st.span in transformer.noted_after)",
     "not isinstance(st.value, (bool, str))", _TESTS),
    ("jsonAF-block-noted-value", "a block's mapping takes a noted value as the request reads it ('age: 41 (integer)' in a block)",
     _YAML, "and (declared[st.span] is DECLARED_LIST or _same(declared[st.span], pair[1])):",
     "and _same(declared[st.span], pair[1]):", _TESTS),
    ("jsonAF-listed-then-keyed-unasked", "each key stated after 'and key' is asked beside the listed one (no object without it)",
     _READER, "        self.asked += [label for _pos, label in keyed]", "        pass", _TESTS),
    ("jsonAF-listed-then-three-keys", "a list then two or more 'and key' statements is no claim (which key opens where is not certain)",
     _READER, "    if len(ones) != 2:\n        raise Declined", "    if len(ones) < 2:\n        raise Declined", _TESTS),
    ("jsonAF-paste-from-colon", "'Make JSON from:' before a pasted table asks for its row's object",
     _PASTES_GRAMMAR, "   | polite? VERB noun FROM COLON ", "   | polite? VERB noun FROM COLON COLON ", _TESTS),
    ("jsonAF-de-only-json-output-lost", "de 'Nur JSON ausgeben: artikel=Tisch, ...' is a request (only JSON, then its verb and the data)",
     "stepcache_integrations/core/tasks/json/request.lark", "               | ONLY noun VERB_END tail ", "               | ONLY noun VERB_END COLON COLON tail ", _TESTS),
    ("jsonAF-header-after-colon-unread", "a header after the request's colon, its row on the next line, is a paste ('Make JSON from: name,age\\nAna,30')",
     "stepcache_integrations/core/tasks/json/pastes.py", "    start, end = offsets[block.start] + block.column, offsets[block.end] - 1",
     "    start, end = offsets[block.start], offsets[block.end] - 1", _TESTS),
]
# fmt: on
# Retired as equivalent (checked 03:46): "jsonAF-header-after-colon-rows" (pastes.py _header_after_colon without its
# "block.key_value or block.end != 2" guard) survived: two rows after the colon are declined by _block_fits and the grammar anyway.
