"""Mutation-check rows for the session of 2026-12-06 23:00 (main): red team 28, class K7 (a JSON reply holding the
proven object and more, returned and replayed stamped proven). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ENGINE = "stepcache_integrations/core/engine.py"  # stands_for: the one rule of covers(), the record and turns
_RT28 = ("tests/adversarial/test_red_team_28_json_extras.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s26-rt28-extras-cover", "a model's JSON reply with prose or a second object around the proven object stands for it (returned/restored stamped proven)",
     _ENGINE, '    return alone is not None and bool(alone(output, constraints))\n', "    return True\n", _RT28),
    ("s26-rt28-lone-fence-alone", "a lone fence mark after the object counts as the object alone ('{...}\\n```' served proven)",
     "stepcache_integrations/core/tasks/json/task.py", 'text = (fenced.group(1) if fenced else text).strip()',
     'text = text.strip("`").strip()', _RT28),
    ("s26-rt28-unchecked-not-replayed", "an entry stored unchecked no longer replays its own message for its request (the exact tier's contract)",
     _ENGINE, '    if level == "unchecked" or output == steps_text:',
     '    if output == steps_text:', ("tests/unit/test_langchain_cache.py",)),
]
# fmt: on
ROWS += [
    ("s26-rt28-stored-record-proven", "the record of an answer stored from elsewhere with prose around its object says proven (the global cache's update)",
     _ENGINE, 'shown: VerificationLevel = level if alone else "unchecked"',
     "shown: VerificationLevel = level", _RT28),
]

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_TYPE_WORDS_TEST = ("tests/adversarial/test_json_type_words_any_case.py",)
ROWS += [
    ("s26-type-word-any-case-data", "a capitalised type or placeholder word is data in a data form ('age: Integer' served {\"age\": \"Integer\"} proven)",
     _READER, "    return all(not _names_no_value(key, st) and (plain and st.lowercase or _value_evident(prompt, st, index in runs))",
     "    return all((plain and st.lowercase or _value_evident(prompt, st, index in runs))", _TYPE_WORDS_TEST),
    ("s26-key-echo-data", "a value that is its key's own word is data ('email: Email')",
     _READER, "    return folded == fold(key) or folded in _TYPE_WORDS | _slot_names()",
     "    return folded in _TYPE_WORDS | _slot_names()", _TYPE_WORDS_TEST),
    ("s26-quoted-type-word-declined", "a quoted type word is no claim too (quotes are data)",
     _READER, "    if st.quoted or not isinstance(st.value, str):\n        return False\n    folded = fold(st.value)",
     "    if not isinstance(st.value, str):\n        return False\n    folded = fold(st.value)", _TYPE_WORDS_TEST),
]
