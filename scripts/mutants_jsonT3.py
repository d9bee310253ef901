"""Mutation-check rows for wip/jsonT3 (session 22): a lowercase word in a block of "key: value" lines is data by
positive evidence (reader.py _a_stated_block, _alone_on_its_line, _data_by_form, _a_plain_noun; each table's
"describing_words"). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests).
(``mutants_jsonT.py`` and ``mutants_jsonT2.py`` hold the earlier jsonT rounds' rows.)"""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_V = f"{_JSON}/vocabulary"
_T = ("tests/adversarial/test_json_lowercase_block_jsonT3.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonT3-block-unread", "'Return a JSON object:\\nproduct: lamp\\nprice: 27\\nin_stock: true' reads nothing",
     _READER, "    if _a_stated_block(transformer, found, ambiguous, where):\n        return True\n", "", _T),
    ("jsonT3-block-any-line", "'Return a JSON object: product: lamp, price: 27, in_stock: true' (no block of lines) reads lamp",
     _READER, "    if not all(st.style == \":\" and _alone_on_its_line(st.span, prompt) for", "    if not all(st.style == \":\" for", _T),
    ("jsonT3-block-no-form", "'product: lamp\\ncolor: red' (no value data by its form) read as data",
     _READER, "    if not any(_data_by_form(st) for _key, st, _unit in transformer.stated):\n        return False\n", "", _T),
    ("jsonT3-block-any-key", "'name: lamp' (a name written lowercase) read as data",
     _READER, "    if _label_folded(key, _LABEL_FOLDING.get(language, frozenset())) not in _COMMON_NOUN_KEYS.get(language, frozenset()):\n        return False\n    return _a_plain_word(st.value, language)",
     "    return _a_plain_word(st.value, language)", _T),
    ("jsonT3-block-describing-unchecked", "'product: unique' (a describing word) read as data",
     _READER, "    if folded in _NOT_BARE | _TYPE_WORDS | _DESCRIBING_WORDS | _REFERRING_WORDS:",
     "    if folded in _NOT_BARE | _TYPE_WORDS | _REFERRING_WORDS:", _T),
    ("jsonT3-block-key-word", "'product: city' (a key word of the tables) read as data",
     _READER, "    kinds, concepts = _key_meaning(word, language)\n    return not kinds and not concepts\n", "    return True\n", _T),
    ("jsonT3-block-two-words", "'product: lamp2', 'product: lamp_2' (no plain word of letters) read as data",
     _READER, "    if not isinstance(word, str) or not (word.isalpha() and word.islower() and _one_script(word)):",
     "    if not isinstance(word, str):", _T),
    ("jsonT3-en-nonzero-deleted", "a word deleted from a table: en 'nonzero' is no describing word",
     f"{_V}/en.json", '"negative", "nonzero", "nonnegative"', '"negative", "nonnegative"', _T),
    ("jsonT3-en-anonymous-deleted", "a word deleted from a table: en 'anonymous' is no describing word",
     f"{_V}/en.json", '"anonymised", "anonymous", ', '"anonymised", ', _T),
    ("jsonT3-es-obligatorio-deleted", "a word deleted from a table: es 'obligatorio' is no describing word",
     f"{_V}/es.json", '"describing_words": ["obligatorio", ', '"describing_words": [', _T),
    ("jsonT3-es-desconocido-deleted", "a word deleted from a table: es 'desconocido' is no describing word",
     f"{_V}/es.json", '"vacía", "desconocido", ', '"vacía", ', _T),
    # jsonT3-nested-type-leaf withdrawn on 2026-12-07 (the lead): its witnesses ('set to the string "10115"', 'the number',
    # 'the integer') are declined first since the leaves said after a key holding an object need key evidence
    # (reader._checked_request, fuzzG's finding): no English type word is a key noun. Not shown equivalent: es "fecha" is
    # a type word and a key noun, and no Spanish prompt of that shape was found to witness it (the guard stays).
]
# fmt: on
