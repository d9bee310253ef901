"""Mutation-check rows for the session of 2026-12-06 18:52 (main): red team 27, a temperature difference
converted with a reading's formula. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_VOCAB = "stepcache_integrations/core/tasks/json/vocabulary/"
_RT27 = ("tests/adversarial/test_red_team_27_temperature_intervals.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s25-rt27-difference-converted", "a temperature difference is converted with the reading's offset ('warming is 2 °C' served 35.6 °F)",
     _READER, "    if not all(_reads_absolutely(key, units[key], name, language) for key, name in transforms.items()):\n        return False",
     "    if False:\n        return False", _RT27),
    ("s25-rt27-any-key-reads", "every key names a reading (the key check is skipped for an offset formula)",
     _READER, 'if FORMULAS.get((unit or "", name), (None, Fraction(0)))[1] == 0:', "if True:", _RT27),
    ("s25-rt27-english-key-elsewhere", "an English reading key ('temp') in another language's request is not converted",
     _READER, ' or folded in _READING_KEYS["en"] or ', " or ", _RT27),
    ("s25-rt27-unit-key-ignored", "the target's unit word ('fahrenheit') is no reading key",
     _READER, " or _unit_key(key, language) == name\n", "\n", _RT27),
    ("s25-rt27-reading-word-deleted", "a table's reading word deleted ('temp')",
     _VOCAB + "en.json", '"reading_keys": ["temperature", "temp"]', '"reading_keys": ["temperature"]', _RT27),
    ("s25-rt27-difference-word-added", "a difference word swapped into the reading table ('delta')",
     _VOCAB + "en.json", '"reading_keys": ["temperature", "temp"]', '"reading_keys": ["temperature", "delta"]', _RT27),
    ("s25-rt27-de-reading-word-deleted", "the German reading word deleted ('Temperatur')",
     _VOCAB + "de.json", '"reading_keys": ["temperatur"]', '"reading_keys": []', _RT27),
]
# fmt: on

_ARITH = "stepcache_integrations/core/tasks/arithmetic/grammar.py"
ROWS += [
    ("s25-arith-outer-whitespace-kept", "whitespace around an arithmetic prompt hides the question again ('What is 3 less than 10? ' to the model)",
     _ARITH, 'unicodedata.normalize("NFC", prompt).strip().translate(_signs())', 'unicodedata.normalize("NFC", prompt).translate(_signs())',
     ("tests/adversarial/test_arithmetic_outer_whitespace.py",)),
]
