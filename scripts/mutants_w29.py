"""Mutation-check rows for W29 (red team 23, wip/w29): a bare value whose JSON type the prompt does not fix is
no claim (json/two_readings.py, by the tables' declared words). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TWO = "stepcache_integrations/core/tasks/json/two_readings.py"
_VOC = "stepcache_integrations/core/tasks/json/vocabulary"
_FILE = "tests/adversarial/test_red_team_23_w29.py"
_TRAPS = (f"{_FILE}::test_a_value_read_two_ways_is_no_claim", f"{_FILE}::test_a_trap_pair_is_not_served")
_ALL = (_FILE,)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w29-check-wired", "'active is untrue' is served {\"active\": \"untrue\"} proven (the check is not asked in the reader's one check)",
     "stepcache_integrations/core/tasks/json/reader.py", "        or _typed_two_ways(stated,", "        or False and _typed_two_ways(stated,", _TRAPS),
    ("w29-key-reference", "'total is price' is served {\"total\": \"price\"} proven (a key of the request as a value)",
     _TWO, "        return True  # a reference to a key of the request\n", "        pass\n", _TRAPS),
    ("w29-truth-word", "'mode is off' / zh 'flag是假' is served the word proven (a table's truth word, any key)",
     _TWO, "    if folded in _TRUTH_WORDS or roman_read and _ROMAN.fullmatch(word):\n", "    if roman_read and _ROMAN.fullmatch(word):\n", _TRAPS),
    ("w29-roman", "'level is XIV' is served the string \"XIV\" proven (an upper-case Roman numeral)",
     _TWO, "    if folded in _TRUTH_WORDS or roman_read and _ROMAN.fullmatch(word):\n", "    if folded in _TRUTH_WORDS:\n", _TRAPS),
    ("w29-boolean-key", "'has_access: granted' is served the word proven (a boolean key's bare word)",
     _TWO, "    if boolean or _boolean_key(key) or _negates(folded, key):\n", "    if boolean or _negates(folded, key):\n", _TRAPS),
    ("w29-negating", "'legal is illegal' is served the word proven (a word negating the key)",
     _TWO, "    if boolean or _boolean_key(key) or _negates(folded, key):\n", "    if boolean or _boolean_key(key):\n", _TRAPS),
    ("w29-number-key", "'count: quatre', 'score is high' is served the word proven (a number key's digitless word)",
     _TWO, "    if number and not any(c.isdigit() or c.isupper() for c in word):", "    if False:", _TRAPS),
    ("w29-list-key", "'ingredients: flour' is served the string proven, not the model's [\"flour\"] (a list key's one word)",
     _TWO, "    return _list_key(key, plural_read)\n", "    return False\n", _TRAPS),
    ("w29-identifier", "'zipcode: 30301' is served the number 30301 proven (digits for an identifier key)",
     _TWO, "    if \"\".join(parts) in _IDENTIFIERS or any(part in _IDENTIFIERS for part in parts):", "    if False:", _TRAPS),
    ("w29-long-identifier", "'serial_number is 123456789012345678901' is served a number beyond 2**53 proven",
     _TWO, "    return abs(value) > _EXACT and len(parts) > 1", "    return False and len(parts) > 1", _TRAPS),
    ("w29-en-active", "'active is ok' is served {\"active\": \"ok\"} proven (en boolean_keys lost 'active')",
     f"{_VOC}/en.json", '"boolean_keys": ["active", ', '"boolean_keys": [', _ALL),
    ("w29-en-children", "'children is Tom' is served the string proven (en list_keys lost 'children')",
     f"{_VOC}/en.json", '"colours", "children", ', '"colours", ', _TRAPS),
    ("w29-zh-false", "zh 'flag是假' is served the word proven (zh truth_words lost '假')",
     f"{_VOC}/zh.json", '"truth_words": ["真", "假", ', '"truth_words": ["真", ', _TRAPS),
    ("w29-en-phone", "'phone is 4155550100' is served a number proven (en identifier_words lost 'phone')",
     f"{_VOC}/en.json", '"identifier_words": ["phone", ', '"identifier_words": [', _ALL),
    ("w29-de-plz", "de 'PLZ 50667' is served the number 50667 proven (de identifier_words lost 'plz')",
     f"{_VOC}/de.json", '"identifier_words": ["plz", ', '"identifier_words": [', _TRAPS),
    ("w29-guard", "'flag is nix' with the model's right false is replaced by the fallback's \"nix\" proven (the miss guard lost)",
     "stepcache_integrations/core/tasks/json/task.py",
     "        return any(isinstance(value, str) and key in obj and not isinstance(obj[key], str)", "        return False and any(isinstance(value, str) and key in obj and not isinstance(obj[key], str)",
     (f"{_FILE}::test_a_model_that_types_a_stated_word_otherwise_keeps_its_answer",)),
    ("w29-guard-asked", "'level is tres' with the model's right 3 is replaced by the fallback's \"tres\" proven (the engine does not ask the guard)",
     "stepcache_integrations/core/engine.py", "and self.handler.keeps_model_answer(self.answer.steps", "and False and self.handler.keeps_model_answer(self.answer.steps",
     (f"{_FILE}::test_a_model_that_types_a_stated_word_otherwise_keeps_its_answer",)),
]
# fmt: on
