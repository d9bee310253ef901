"""Mutation-check rows for the session of 2026-12-07 02:37 (main): red team 29, class FW (a word joined to a value by
a space alone read as a JSON key) and D3 (a transcript's wrong assistant turn blanked as history). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_FW = ("tests/adversarial/test_red_team_29_function_word_keys.py",)
_D3 = ("tests/adversarial/test_red_team_29_history_answers.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s27-fw-keys-evident", "any word joined to a value by a space is a key again ('age 30, or 31' served {\"or\": 31} proven)",
     _READER, "            unevident = not _keys_evident(prompt, read) or not _values_evident(prompt, read)",
     "            unevident = not _values_evident(prompt, read)", _FW),
    ("s27-fw-any-word-shape", "every lowercase word has an identifier's shape",
     _READER, '_IDENTIFIER_SHAPE = re.compile(r"[_\\d]|[a-z][A-Z]")', '_IDENTIFIER_SHAPE = re.compile(r"[_\\d]|[a-z][A-Z]|^[a-z]+$")', _FW),
    ("s27-fw-truth-key-any-value", "a truth-value key names a key whatever its value ('active 3')",
     _READER, "        if fold(key) not in nouns and not (isinstance(st.value, bool) and fold(key) in truth_keys):",
     "        if fold(key) not in nouns | truth_keys:", _FW),
    ("s27-fw-english-keys-lost", "the English table's key nouns no longer name keys in another language's prompt",
     _READER, '    for table in {language: _TABLES.get(language, {}), "en": _TABLES["en"]}.values():',
     "    for table in {language: _TABLES.get(language, {})}.values():", _FW),
    ("s27-fw-listed-any-statement", "a listed request reads a statement whose key is not listed",
     _READER, "        if st.style != \"\" or fold(key) in listed:",
     "        if st.style != \"\" or read.listed:", _FW),
    ("s27-fw-key-noun-deleted", "a key noun deleted from the English table (humidity)",
     "stepcache_integrations/core/tasks/json/vocabulary/en.json", '"humidity", ', "", _FW),
    ("s27-d3-wrong-turn-blanked", "a transcript's wrong assistant turn is blanked as history again ('x = 6' for 3x + 5 = 20)",
     "stepcache_integrations/core/tasks/linear/prompt.py",
     "        if problem is None or problem.format or not stated_alone_as_served(problem.solution, problem.asked, answered):",
     "        if problem is None or problem.format or _STATED_VALUES.fullmatch(answered.strip()) is None:", _D3),
    ("s27-d3-asked-unknown-missing", "an assistant turn that states another unknown than the one asked is read as answering it",
     "stepcache_integrations/core/tasks/linear/prompt.py",
     "    return bool(values) and set(asked) <= set(values) and all(", "    return bool(values) and all(", _D3),
]
# fmt: on

_RT29B = ("tests/adversarial/test_red_team_29b_dashes_and_determiners.py",)
ROWS += [
    ("s27-29b-dash-chain-minus", "an en dash with an '=' on each side is read (a pause for one dash, a minus for the other: a system proven the chain does not state)",
     "stepcache_integrations/core/tasks/linear/symbols.py",
     "        if equals_before and (_DASH_EQUALS_AFTER.match(prompt, i + 1) or _DASH_LETTER_AFTER.match(prompt, i + 1)):",
     "        if False:", _RT29B),
    ("s27-29b-dash-words-as-math", "a word between an '=' and a dash counts as math ('x + y = 10 and x \u2013 y = 4' no claim)",
     "stepcache_integrations/core/tasks/linear/symbols.py",
     '(?:[0-9_+\\-*/^(). \\u2212\\u2013]|(?<![A-Za-z])[A-Za-z](?![A-Za-z]))*"  # math alone',
     '[0-9A-Za-z_+\\-*/^(). \\u2212\\u2013]*"  # math alone', _RT29B),
    ("s27-29b-determined-key-read", "a determiner before an unlisted key so written is read ('this year 31' served {\"year\": 31})",
     _READER, "        if _determined(prompt[: st.span[0]], key, read.language):\n            return False\n", "", _RT29B),
    ("s27-29b-article-any-key", "any determiner before a key so written is no claim ('with the name Ana' declined)",
     _READER, "(determiners if fold(key) in time_nouns else demonstratives)", "determiners",
     ("tests/adversarial/test_red_team_29b_dashes_and_determiners.py", "tests/adversarial/test_json_reach_jsonr7.py")),
    ("s27-29b-article-time-noun-read", "an article before a time noun so written is read ('the year 31', 'el año 31')",
     _READER, "(determiners if fold(key) in time_nouns else demonstratives)", "demonstratives", _RT29B),
    ("s27-29b-expression-keys-evident", "expression keys name a key so written again (ru 'итого 31', 'всего 31')",
     _READER, '_KEY_EVIDENCE_FIELDS = ("key_nouns", ', '_KEY_EVIDENCE_FIELDS = ("expression_keys", "key_nouns", ', _RT29B),
]

_RT29C = ("tests/adversarial/test_red_team_29c_units_and_dashes.py",)
ROWS += [
    ("s27-29c-unit-keys-evident", "a unit word names a key so written again ('height 1, cm 80' served {\"cm\": 80})",
     _READER, '_KEY_EVIDENCE_FIELDS = ("key_nouns", ', '_KEY_EVIDENCE_FIELDS = ("unit_keys", "key_nouns", ', _RT29C),
    ("s27-29c-dash-before-term-read", "an en dash after '=' before a term with a letter is read ('3x + 5 = 20 \u2013 x?' reused x = 5)",
     "stepcache_integrations/core/tasks/linear/symbols.py",
     "(_DASH_EQUALS_AFTER.match(prompt, i + 1) or _DASH_LETTER_AFTER.match(prompt, i + 1))",
     "_DASH_EQUALS_AFTER.match(prompt, i + 1)", _RT29C),
    ("s27-29c-em-dash-unchecked", "an em dash is not judged ('3x + 5 = 20 \u2014 x?' reused x = 5)",
     "stepcache_integrations/core/tasks/linear/symbols.py",
     '        if char not in "\\u2013\\u2014" or not _DASH_OPERAND_BEFORE', '        if char != "\\u2013" or not _DASH_OPERAND_BEFORE', _RT29C),
]
