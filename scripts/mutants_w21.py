"""Mutation-check rows for W21 (red team 16): a key spelled like "the values" or a word for "all"
makes a transform of "the values", or of that word, no claim. Appended by ``mutants.py`` to its
table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_TESTS = ("tests/adversarial/test_values_key_collision.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w21-values-key-guess", "a transform of 'the values' beside a key named 'values' is read as every value ({'values': 41, 'count': 7})",
     f"{_JSON}/reader.py", '        return None  # "values 41.3 and count 7.2. Round the values": the key, or every value? (W21)\n',
     "        pass\n", _TESTS),
    ("w21-values-class-left-out", "the tables' VALUES words are not counted as values-like keys ('values', 'werte', 'значения')",
     f"{_JSON}/reader.py", '(*table.get("classes", {}).get("VALUES", ()), *table.get("quantifier_words", ()))',
     '(*table.get("quantifier_words", ()),)', _TESTS),
    ("w21-quantifier-all-dropped", "the English word 'all' dropped from the quantifier words: 'Round all ...' beside a key 'all' read as the key",
     f"{_JSON}/vocabulary/en.json", ' "quantifier_words": ["all", "every", ', ' "quantifier_words": ["every", ', _TESTS),
    ("w21-quantifier-every-dropped", "the English word 'every' dropped from the quantifier words: 'Round every ...' beside a key 'every' read as the key",
     f"{_JSON}/vocabulary/en.json", ' "quantifier_words": ["all", "every", "each"', ' "quantifier_words": ["all", "each"', _TESTS),
]
# fmt: on
