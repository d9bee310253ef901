"""Mutation-check rows for the session of 2026-12-06 05:10 (main): a German negated yes/no question is no
claim (W28 class C: German answers 'Doch.'). Appended by ``mutants.py`` to its table: (id, behaviour, file,
old, new, tests)."""

from __future__ import annotations

_ARITH_DE = "stepcache_integrations/core/tasks/arithmetic/vocabulary/de.json"
_CHAIN = "stepcache_integrations/core/tasks/linear/chain.py"
_TASK = "stepcache_integrations/core/tasks/linear/task.py"
_SCRIPTS = ("tests/adversarial/test_prose_in_every_script.py",)
_COMMON = "stepcache_integrations/core/tasks/arithmetic/vocabulary/_common.json"
_IMPERIAL = ("tests/adversarial/test_arithmetic_imperial_units.py",)
_NEGATED_DE = ("tests/adversarial/test_red_team_22_w28_negated_de.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s21-de-negated-question-read", "'Ist 14 nicht gerade?' is answered 'Nein.' verified (German says 'Doch.'), the model's 'Doch.' replaced",
     _ARITH_DE, '  "BY": [\n   "durch"\n  ],\n', '  "NOT": [\n   "nicht"\n  ],\n  "BY": [\n   "durch"\n  ],\n', _NEGATED_DE),
    ("s21-prose-ascii-only", "a Chinese label line of the cached answer ('小红: x = 12') survives re-instantiation for '小刚几岁？', served proven",
     _CHAIN, '_PROSE_WORD = re.compile(r"[^\\W\\d_]+(?:_[^\\W_]+)*")', '_PROSE_WORD = re.compile(r"[A-Za-z]+(?:_[A-Za-z0-9]+)*")', _SCRIPTS),
    ("s21-full-width-label-unread", "the prompt's own template label with a full-width colon ('答え：x = 7') is unread prose: not served",
     _TASK, 'for colon in (":", "\\uff1a"))', 'for colon in (":",))', _SCRIPTS),
    ("s21-foot-inexact", "the foot converted with 0.3 m: 'Convert 3 feet to centimetres.' served 90. proven (it is 91.44)",
     _COMMON, '"FOOT": ["length", "0.3048"]', '"FOOT": ["length", "0.3"]', _IMPERIAL),
    ("s21-pound-inexact", "the pound converted with 453.6 g: 'Convert 5 lb to kg.' served 2.268. proven (it is 2.26796185)",
     _COMMON, '"POUND": ["mass", "453.59237"]', '"POUND": ["mass", "453.6"]', _IMPERIAL),
]
# fmt: on
