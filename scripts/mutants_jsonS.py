"""Mutation-check rows for wip/jsonS: conversion phrases composed by the grammar from three word classes per
table (CONVERT_VERB, CONVERT_OBJECT, CONVERT_PREP, the table's "convert_shared" words). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_COMPOSED = ("tests/adversarial/test_json_convert_composed_jsonS.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonS-convert-lead-dropped", "the rule 'request verb + what it converts + preposition' deleted: 'Give me this as JSON:' declined",
     f"{_JSON}/request.lark", "       | lead _lead_object _convert_prep", "       | lead _lead_object _convert_prep CONVERT_PREP", _COMPOSED),
    ("jsonS-convert-object-required", "what is converted made obligatory: 'Преобразуй в JSON:', 'Wandle in JSON um:' declined",
     f"{_JSON}/request.lark", "(CONVERT_VERB | TF_VERB) _convert_object? _convert_prep", "(CONVERT_VERB | TF_VERB) _convert_object _convert_prep", _COMPOSED),
    ("jsonS-convert-shared-unchecked", "a word of another class serves the conversion unlisted: 'Round this to JSON:' read as a conversion",
     f"{_JSON}/reader.py", "            if role is not None and fold(token.value) not in _CONVERT_SHARED[role]:\n                raise Declined\n",
     "            pass\n", _COMPOSED),
    ("jsonS-convert-ru-verb-deleted", "ru 'преобразуй' deleted from CONVERT_VERB: 'Преобразуй эти данные в JSON:' declined",
     f"{_JSON}/vocabulary/ru.json", '   "преобразуй",\n', "", ("tests/adversarial/test_json_everyday_shapes_jsonQ.py",)),
    ("jsonS-convert-fr-shared-mets-deleted", "fr 'mets' no longer shared as a conversion verb: 'Mets ça en JSON :' declined",
     f"{_JSON}/vocabulary/fr.json", '"verbs": ["convertis", "convertissez", "mets", "mettez"]', '"verbs": ["convertis", "convertissez", "mettez"]',
     ("tests/adversarial/test_json_everyday_shapes_jsonQ.py",)),
    ("jsonS-convert-token-not-convert", "the composed phrase read as no conversion: lowercase values after 'Turn this into JSON:' declined",
     f"{_JSON}/reader.py", '        return Token("CONVERT", " ".join(t.value for t in tokens)', '        return Token("CONVERTED", " ".join(t.value for t in tokens)',
     ("tests/adversarial/test_json_everyday_shapes_jsonQ.py",)),
]
# fmt: on
_BLOCKS = ("tests/adversarial/test_json_labelled_blocks_jsonS.py",)
ROWS += [
    ("jsonS-side-by-side-dropped", "the rule 'keys ... and values ...' without 'in that order' deleted: 'keys id, status, retries and values 18, \"open\", 3' declined",
     f"{_JSON}/request.lark", "%extend ordered: VALUES_LIST _ordered_items\n", "", _BLOCKS),
    ("jsonS-quoted-value-dropped", "a quoted value in a value list no longer read: 'values 18, \"open\", 3' declined",
     f"{_JSON}/request.lark", "%extend pos_value: QNAME -> pos_quoted\n", "", _BLOCKS),
    # jsonS-quoted-value-positional retired: equivalent (the positional reading declines those prompts anyway;
    # the check stays as a guard)
    ("jsonS-values-first-dropped", "the values before 'as JSON' in one sentence no longer read: 'lat 45.76, lon 4.84 as JSON with keys lat and lon' declined",
     f"{_JSON}/request.lark", "%extend start: _end* values_as (_end+ ROLE? _other)* _end*\n", "", _BLOCKS),
    ("jsonS-arrow-dropped", "'->' no separator: 'host -> db1' declined",
     f"{_JSON}/reader.py", '    arrow = 2 if text.startswith("->", i) else 1 if text.startswith("\\u2192", i) else 0\n', "    arrow = 0\n", _BLOCKS),
    ("jsonS-hyphen-unspaced", "a hyphen without a space after it read as the separator: 'temp -12' served 12",
     f"{_JSON}/reader.py", 'and text.startswith("- ", i) or not arrow', 'and text.startswith("-", i) or not arrow', _BLOCKS),
    ("jsonS-dashed-number-alone", "'temp - 12' read 12 with no string written so (a minus sign, or the separator?)",
     f"{_JSON}/reader.py", "    if _dashed_numbers_alone(found):\n        return None\n", "", _BLOCKS),
    ("jsonS-values-list-pt-deleted", "pt 'e os valores' deleted: 'com as chaves cidade e estado e os valores Campinas, SP.' declined",
     f"{_JSON}/vocabulary/pt.json", '   "e os valores"\n', '   "e os valoresx"\n', _BLOCKS),
    ("jsonS-de-particle-after-keys", "de 'Gib das als JSON mit den Schlüsseln ... zurück.' declined",
     f"{_JSON}/request.lark", "%extend request: SOURCE? convert noun mods (VERB_END | TF_END) politely? tail?\n", "", _BLOCKS),
]
_SET = ("tests/adversarial/test_json_set_values_jsonS.py",)
ROWS += [
    ("jsonS-set-after-colon-dropped", "'Create a JSON config: set timeout to 30 and retries to 5.' declined (the set list after the request's colon)",
     f"{_JSON}/request.lark", "%extend tail: COLON set_list\n", "", _SET),
    ("jsonS-set-before-request-dropped", "'set dark_mode to true and font_size to 16, output JSON only' declined",
     f"{_JSON}/request.lark", "%extend start: _end* set_list COMMA set_request (_end+ ROLE? _other)* _end*\n", "", _SET),
    ("jsonS-set-verb-deleted", "en SET_V 'set' deleted: every 'set X to Y' declined",
     f"{_JSON}/vocabulary/en.json", '  "SET_V": [\n   "set"\n  ],', '  "SET_V": [\n   "setx"\n  ],', _SET),
    # jsonS-set-value-end-unchecked retired: equivalent in en (a unit or "%" after the number is a token the grammar
    # does not derive there); the check stays as a guard for tables that keep units
    ("jsonS-set-lowercase-word", "a lowercase word read as the value: 'set plan to team' served \"team\"",
     f"{_JSON}/reader.py", "if value.value[:1].isupper() and value.value.isalpha() else None", "if value.value.isalpha() else None", _SET),
]
_LABELS = ("tests/adversarial/test_json_spaced_labels_jsonS.py",)
ROWS += [
    ("jsonS-spaced-labels-off", "en no longer folds a label's spaces: 'Order number: 5512' names no key order_number",
     f"{_JSON}/vocabulary/en.json", ' "label_folding": [\n  "case",\n  "spaces"\n ],', ' "label_folding": [\n  "case"\n ],', _LABELS),
    ("jsonS-spaced-label-prep-word", "a label's word of CONVERT_PREP refused: 'In stock: true' declined",
     f"{_JSON}/reader.py", '_LABEL_WORD_CLASSES = frozenset({"CONVERT_PREP", "FOR", "TO_PLACE", "ENTITY", "DEF"})',
     '_LABEL_WORD_CLASSES = frozenset({"FOR", "TO_PLACE", "ENTITY", "DEF"})', _LABELS),
]
ROWS += [
    ("jsonS-entity-value-refused", "a capitalised entity noun after a label's colon refused again: 'Product: Lamp' declined",
     f"{_JSON}/reader.py", "            and not _framing_table_word(text, folded, bare.start(), bare.end(), table, pos) and not _number_word(",
     "            and not _table_word(text, folded, bare.start(), bare.end(), table) and not _number_word(", _LABELS),
    ("jsonS-entity-run-refused", "an entity noun inside a name refused again: 'Product: Desk Lamp' declined",
     f"{_JSON}/reader.py", "in table.phrases \\\n                and not _labelled_entity(text, folded, word.start(), word.end(), table, start) \\\n",
     "in table.phrases \\\n", _LABELS),
    ("jsonS-framing-value-allowed", "any table word after a colon read as a name: 'Product: Return' served",
     f"{_JSON}/reader.py", '    return _table_word(text, folded, start, end, table) and not _labelled_entity(text, folded, start, end, table, value_start) \\\n',
     "    return False \\\n", _LABELS),  # re-anchored by wip/jsonE (a second clause after it)
]
ROWS += [
    ("jsonS-pt-pra-unshared", "pt 'pra' no longer shared as a conversion preposition: 'Passa isso pra JSON:' declined",
     f"{_JSON}/vocabulary/pt.json", '"prepositions": ["em", "para", "pra"]', '"prepositions": ["em", "para"]', _COMPOSED),
    ("jsonS-de-als-json-ausgeben", "de 'Bitte als JSON mit den Schlüsseln ... ausgeben: ...' declined",
     f"{_JSON}/request.lark", "%extend request: courtesy? AS noun mods VERB_END politely? tail\n", "", _COMPOSED),
]
ROWS += [
    ("jsonS-entity-anywhere", "an entity noun read as a name after any colon: '\"einwohner\": Stadt Bonn' states einwohner 'Stadt Bonn'",
     f"{_JSON}/reader.py", "    line_start = text.rfind(\"\\n\", 0, value_start) + 1\n    return bool(_LINE_UP_TO_VALUE",
     "    return True\n    line_start = text.rfind(\"\\n\", 0, value_start) + 1\n    return bool(_LINE_UP_TO_VALUE",
     ("tests/adversarial/test_json_languages_reach.py",)),
    ("jsonS-source-keyword-object-dropped", "'Convert these fields to JSON:' no longer read",
     f"{_JSON}/request.lark", " | SOURCE KEYWORD   // \"convert these fields to\"", "   // \"convert these fields to\"",
     _COMPOSED),
]
