"""Mutation-check rows for branch wip/arith (issue 33 items 1/3): the arithmetic task's request
grammar (arithmetic/request.lark), its vocabulary tables and the reader's rules around them (the
sentence case of a symbolic lead, the decimal point of a table, the layout of spaces). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_TASK = ("tests/unit/test_arithmetic_task.py",)
_WORDS = ("tests/adversarial/test_arithmetic_words.py",)
_LANGS = ("tests/adversarial/test_arithmetic_languages.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("arith-production-dropped", "a production of the grammar dropped ('17 + 25 = ?' no longer read)",
     _ARITH + "request.lark", '        | expr _SP EQ _SP? QMARK                       -> ask_expr        // "17 + 25 = ?"\n', "",
     _TASK),
    ("arith-predicate-production-dropped", "the yes/no production dropped ('Is 42 divisible by 7?' no longer read)",
     _ARITH + "request.lark", "        | (YES_OR_NO _SP)? IS _SP NUM _SP (NOT _SP)? relation _SP NUM QMARK -> predicate\n", "",
     _WORDS),
    ("arith-table-word-deleted", "a word deleted from a language's table (es 'entre'): '¿Cuánto es 14 entre 4?' no longer read",
     _ARITH + "vocabulary/es.json", '   "dividido entre",\n   "entre"\n', '   "dividido entre"\n', _LANGS),
    ("arith-table-words-swapped", "zh '除以' moved to TIMES and '除' (divides the other way round) read as DIVIDED",
     _ARITH + "vocabulary/zh.json", '   "乘以"\n  ],\n  "DIVIDED": [\n   "除以"\n  ]',
     '   "乘以",\n   "除以"\n  ],\n  "DIVIDED": [\n   "除"\n  ]', _LANGS),
    ("arith-unit-factor-changed", "a unit's factor changed in the shared data (a kilogram read as 100 grams)",
     _ARITH + "vocabulary/_common.json", '  "KILOGRAM": ["mass", "1000"],', '  "KILOGRAM": ["mass", "100"],', _WORDS),
    # wip/arithU (the lead's decision): "what is", "WHAT IS" are read; a lead in mixed case stays no claim (re-anchored)
    ("arith-symbolic-case-ignored", "a symbolic question's lead read in any case ('wHaT iS 12 * 12?' claimed)",
     _ARITH + "grammar.py", "    if lead is not None and not _plain_case(lead):", "    if False:", _TASK),  # wip/arithW: re-anchored
    ("arith-decimal-point-everywhere", "a point read as a decimal point in every language ('Was ist 2.500 mal 3?' computed as 7.5)",
     _ARITH + "grammar.py", '    if not rules.get("decimal_point") and any("." in n for n in numbers):', "    if False:", _LANGS),
    ("arith-glued-forms-for-spaced", "the glued forms read a spaced language's command run together ('Compute(3 + 4) * 2.')",
     _ARITH + "request.lark", "     | GLUED_COMMAND expr STOP?", "     | COMMAND expr STOP?", _LANGS),
    ("arith-doubled-space-read", "a doubled space read as one where spaces are dropped ('14  乘以 11 等于多少？')",
     _ARITH + "grammar.py", '            if text[pos + 1 : pos + 2] == " ":\n                return None', '            if False:\n                return None',
     _LANGS),
    ("arith-space-before-mark-everywhere", "French typography read in every language ('What is 14 times 11 ?')",
     _ARITH + "grammar.py", '    spaced_mark = _tables()[table.language].get("space_before_question_mark", False)', "    spaced_mark = True",
     _LANGS),
    ("arith-full-stop-in-run", "a full stop read into the expression's run ('Compute 9 divided by 4.' no longer read)",
     _ARITH + "grammar.py", '|\\.(?=[0-9])| (?=', '|\\.| (?=', _WORDS),
    ("arith-unit-words-swapped", "de 'Minuten' and 'Stunden' swapped between their classes ('Wie viele Minuten sind in 3 Stunden?' read as 3 minutes in hours)",
     _ARITH + "vocabulary/de.json", '   "minute",\n   "minuten",\n   "min"\n  ],\n  "HOUR": [\n   "stunde",\n   "stunden",',
     '   "minute",\n   "stunden",\n   "min"\n  ],\n  "HOUR": [\n   "stunde",\n   "minuten",', _LANGS),
    ("arith-there-is-production-dropped", "the conversion production with the language's 'there is' dropped ('¿Cuántos gramos hay en 4 kilogramos?')",
     _ARITH + "request.lark", "        | HOW_MANY _SP measure _SP (THERE_IS _SP)? IN _SP NUM _SP measure QMARK -> how_many\n", "", _LANGS),
]
# fmt: on
