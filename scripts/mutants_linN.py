"""Mutation-check rows for number sentences in every table, ages d years older with their sum, a
relative's other forms, possessive bill words and thousands groups (branch wip/linN, issue 33 items
3/4, round 3). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_VOCAB = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_word_problems.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linN-triple-as-double", "'el triple de un número' derived as 2x",
     _LINEAR + "word_problems.py", '"WP_K3": Fraction(3)', '"WP_K3": Fraction(2)', _TESTS),
    ("linN-half-as-double", "'half of a number' derived as 2x",
     _LINEAR + "word_problems.py", '"HALF": Fraction(1, 2), "WP_HALF": Fraction(1, 2)}', '"HALF": Fraction(2), "WP_HALF": Fraction(1, 2)}', _TESTS),
    ("linN-divided-as-times", "'a number divided by 4' derived as 4x",
     _LINEAR + "word_problems.py", "        k = 1 / factors[0] if any(", "        k = factors[0] if any(", _TESTS),
    ("linN-number-word-value", "the number word 'three' read as 2 (a table's number_words)",
     _VOCAB + "en.json", '  "three": 3,', '  "three": 2,', _TESTS),
    ("linN-ja-subtract-as-add", "ja '2を引くと' derived as + 2",
     _LINEAR + "word_problems.py", '_TAKEN_AWAY = frozenset({"WP_LESS_THAN", "WP_MINUS", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})',
     '_TAKEN_AWAY = frozenset({"WP_LESS_THAN", "WP_MINUS", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM"})', _TESTS),  # re-anchored (wip/cleanE: one _TAKEN_AWAY set)
    ("linN-ru-subtract-as-add", "ru 'из утроенного числа вычесть 4' derived as + 4",
     _LINEAR + "request.lark", "WP_SUBTRACT NUM COMMA wp_equals wp_result -> wp_number_less",
     "WP_SUBTRACT NUM COMMA wp_equals wp_result -> wp_number", _TESTS),  # re-anchored (wip/linI: the result may be negative)
    ("linN-zh-plus-minus-swapped", "zh '加上' and '减去' swapped between the plus and minus classes",
     _VOCAB + "zh.json", '  "WP_PLUS": [\n   "加上",\n   "加"\n  ],\n  "WP_MINUS": [\n   "减去",',
     '  "WP_PLUS": [\n   "减去",\n   "加"\n  ],\n  "WP_MINUS": [\n   "加上",', _TESTS),
    ("linN-de-result-word-deleted", "de 'ergibt' deleted (the number sentence no longer read)",
     _VOCAB + "de.json", '   "ergibt",\n', "", _TESTS),
    ("linN-letter-beside-number-ignored", "'a number n times 3 ... What's n?': the letter written beside 'a number' not the one asked",
     _LINEAR + "word_problems.py", '            self._fact("asked_number", (expression.letter,))', "            pass", _TESTS),  # re-anchored: wip/linU's wp_number_expr reads it now
    ("linN-older-sum-roles-swapped", "'Maria is 24 years older than her son. Together ...': the elder taken for the younger",
     _LINEAR + "word_problems.py", 'facts["pair"] = ("more", d, big, small, "age")', 'facts["pair"] = ("more", d, small, big, "age")', _TESTS),
    ("linN-es-relative-form-deleted", "es 'su hijo' and 'el hijo' read as two people (the table's item_forms)",
     _VOCAB + "es.json", '  "su hijo": "hijo",\n', "", _TESTS),
    ("linN-thousands-not-read", "'$1,900' no longer read whole (thousands groups)",
     _LINEAR + "word_problems.py", r'(?:[1-9][0-9]{0,2}(?:,[0-9]{3})+|0|[1-9][0-9]*)(?:\.[0-9]{1,2})?', r'(?:0|[1-9][0-9]*)(?:\.[0-9]{1,2})?', _TESTS),
    ("linN-my-fare-anyones", "'My fare' declared anyone's bill: a plumber's 'My fare was $180' served",
     _VOCAB + "en.json", '  "my fare": [\n   "taxi",\n   "cab"\n  ],', '  "my fare": [\n   "*"\n  ],', _TESTS),
]
# fmt: on
