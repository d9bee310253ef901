"""Mutation-check rows for wip/jsonQ: JSON values after a request phrase built by construction, values of several
words after "=", templates filled by named slots. Appended by ``mutants.py`` to its table: (id, behaviour, file,
old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_SHAPES = ("tests/adversarial/test_json_everyday_shapes_jsonQ.py",)
_TPL = ("tests/adversarial/test_json_templates_filled_jsonQ.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # jsonQ-run-any-case, -run-stops-ignored, -run-without-marks, -run-off and -or-word-dropped retired by wip/fuzzO: a value of
    # several words after "=" is no claim now (a k=v value is one token unless quoted), the code they mutated is gone
    ("jsonQ-run-and-allowed", "'and' after a k=v value no stop (wip/fuzzO: one token): 'prodotto=mouse e prezzo=25' declined",
     f"{_JSON}/reader.py", '_RUN_STOPS = frozenset({"JSON", "VERB", "VERB_END", "ONLY", "PLEASE", "AND", ',
     '_RUN_STOPS = frozenset({"JSON", "VERB", "VERB_END", "ONLY", "PLEASE", ', (*_SHAPES, "tests/adversarial/test_json_fuzzO.py")),
    ("jsonQ-convert-wandle-dropped", "the de construction's 'wandle in' dropped: 'Wandle in JSON um: ...' declined",
     f"{_JSON}/vocabulary/de.json", '   "wandle",\n', "", _SHAPES),  # wip/jsonS: the verb of the de CONVERT_VERB class
    ("jsonQ-as-noun-verb-tail", "the zh rule 'as JSON + verb, then the values' deleted: '用JSON输出：...' declined",
     f"{_JSON}/request.lark", "%extend request: courtesy? AS noun VERB politely? tail\n", "", _SHAPES),
    ("jsonQ-comma-please", "the rule 'CONVERT noun, please: values' deleted: 'Could you convert this info to JSON, please: ...' declined",
     f"{_JSON}/request.lark", "%extend request: SOURCE? convert noun COMMA politely tail\n", "", _SHAPES),
    ("jsonQ-fill-and-request", "the rule 'Fill in this template and return only the JSON: {...}' deleted",
     f"{_JSON}/request.lark", "%extend request: courtesy? FILL DEF? TEMPLATE_NOUN AND lead noun VERB_END? COLON TEMPLATE mods? tail? politely?\n"
     "               | TEMPLATE_BY lead noun COLON TEMPLATE\n", "", _TPL),
    ("jsonQ-counted-slot-words-off", "a number said with a slot's word fills no slot: 'he has 92 points' for <points> declined",
     f"{_JSON}/reader.py", "    slot_words = {*slot_words, *(_label_folded(w, rules) for w in slot_words), *(_label_folded(k, rules) for k in asked)}\n",
     "    slot_words = set(asked)\n", _TPL),
    ("jsonQ-template-lowercase-off", "a template's lowercase values not read: 'Article : chaise, prix : 49' declined",
     f"{_JSON}/reader.py", "    if transformer.template and _a_whole_record(transformer, found, ambiguous):\n        return True  # wip/jsonQ",
     "    if False:\n        return True  # wip/jsonQ", _TPL),
    ("jsonQ-template-lowercase-any", "a template's lowercase values read with a slot left empty or a key the template lacks",
     f"{_JSON}/reader.py", "    if transformer.template and _a_whole_record(transformer, found, ambiguous):\n        return True  # wip/jsonQ",
     "    if transformer.template:\n        return True  # wip/jsonQ", _TPL),
    ("jsonQ-slot-case-folded-off", "de 'Der Name ist Lena' names no slot <name>: the capitalised label unbound",
     f"{_JSON}/reader.py", "        word = key if key in slots else folded.get(_label_folded(key, rules), key)\n", "        word = key\n", _TPL),
]
# fmt: on
