"""Mutation-check rows for W22 (red team 17): a passage role is filled only by words the passage
shows to be of its kind; a digit group read two ways is no number; a label fills only the key it
spells; a pasted number is served only as written. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_W22 = ("tests/adversarial/test_passage_kinds_w22.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w22-kind-unchecked", "any capitalised word fills a person, place or team role: 'Ana lives in France.' -> city France",
     f"{_JSON}/passage.py", "if sorted(by_key) != sorted(keys) or not all(_kind_shown(read, role, t) for role, t in by_key.values()):",
     "if sorted(by_key) != sorted(keys):", _W22),
    ("w22-person-place-unshown", "a bare name fills the person and the place roles ('Neither lives in Lisbon.')",
     f"{_JSON}/passage.py", "    return bool(read.kinds.get(_item_key(tokens), frozenset()) & _EVIDENCE.get(role, frozenset()))\n",
     '    return bool(read.kinds.get(_item_key(tokens), frozenset()) & _EVIDENCE.get(role, frozenset())) or role in ("person", "place")\n', _W22),
    ("w22-team-by-code", "a code is evidence of a team too ('CR7 ha segnato 2 gol.' -> squadra CR7)",
     f"{_JSON}/passage.py", '"team": frozenset({"noun"})', '"team": frozenset({"noun", "code", "common"})', _W22),
    ("w22-digit-group-read", "'1,500 pesos' is read as 1.5 in a decimal-comma table",
     f"{_JSON}/passage.py", "    if read_two_ways(passage, pos):", "    if False:", _W22),  # re-anchored by wip/cleanD (the shared predicate)
    ("w22-label-any-key", "a label that spells no key fills the first key left ('Cost: 80' -> price)",
     f"{_JSON}/passage.py", "        named = [key for key in keys if _folded(key) == _folded(str(label))]",
     "        named = [key for key in keys if _folded(key) == _folded(str(label))] or [k for k in keys if k not in by_key][:1]", _W22),
    ("w22-unit-keys-fraction", "a measure no whole number in a key's unit is served ('minutes' and 'seconds' for 90 seconds: 1.5 and 90)",
     f"{_JSON}/reader.py", "            or not _whole_in_every_unit(number.value, unit, listed, language):", "            or False:",
     ("tests/adversarial/test_json_unit_keys_jsonW.py",)),
    ("w22-paste-rewritten", "a pasted '1.10' is served as 1.1 (not as written)",
     f"{_JSON}/pastes.py", "    return value if json.dumps(value) == cell else None", "    return value", _W22),
]
# fmt: on
