"""Mutation-check rows for word problems asking a quantity in words, no letter named (branch
wip/linW2, issue 33 round 2): the implicit letter, the label in the user's words, ages by times and
difference, relatives and their possessives, the number sentence, a side asked in words. Appended
by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_word_problems.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linW2-letter-in-a-word", "a letter inside a word ('did I ride') taken for the named letter: the prompt read as naming one",
     _LINEAR + "word_problems.py", '    if letter is not None and not any(word.kind == "VAR" for word in words):\n        return None',
     '    if False:\n        return None', _TESTS),
    ("linW2-diff-roles", "a difference stated of another pair ('Mia is 30 years older than her nephew') joined to 'Lena is 4 times as old'",
     _LINEAR + "word_problems.py", "    if (diff_big, diff_small) != (big, small) or who not in (big, small):",
     "    if who not in (big, small):", _TESTS),
    ("linW2-diff-equation", "the younger's age derived as kx + x = d (a sum, not the difference)",
     _LINEAR + "word_problems.py", '    text = f"{n}{letter} - {letter} = {format_number(d)}" if who == small',
     '    text = f"{n}{letter} + {letter} = {format_number(d)}" if who == small', _TESTS),
    ("linW2-two-possessives", "'his daughter' and 'her daughter' read as one person",
     _LINEAR + "word_problems.py", "        if possessive is not None and seen.setdefault(who.word, possessive) != possessive:",
     "        if False:", _TESTS),
    ("linW2-less-than-sign", "'5 less than 3 times a number' derived as 3x + 5",
     _LINEAR + "word_problems.py", '        k, _letter = next(c for c in children if isinstance(c, tuple))\n        self._fact("number", (k, -b if less else b, total))\n',
     '        k, _letter = next(c for c in children if isinstance(c, tuple))\n        self._fact("number", (k, b, total))\n', _TESTS),  # re-anchored (wip/cleanE: wp_number's dead letter branch deleted)
    ("linW2-label-not-a-change", "a changed question (miles -> km) of one equation served the cached answer line ('Miles: x = 8')",
     _LINEAR + "task.py", "    return (cached.equations, cached.variables, cached.asked, cached.target, cached.answer_label,\n",
     "    return (cached.equations, cached.variables, cached.asked, cached.target, new.answer_label,\n", _TESTS),
    ("linW2-label-is-prose", "the prompt's own label ('Miles') counted as unread prose: no word problem asked in words is proven",
     _LINEAR + "task.py", "    if not label:\n        return text\n    return", "    if True:\n        return text\n    return", _TESTS),
    ("linW2-side-asked-ignored", "the side asked in words read as the width whatever is asked ('What is its length?')",
     _LINEAR + "word_problems.py", '        return self._asked("side", (None, side), side.text)',
     '        return self._asked("side", (None, "WP_SIDE_WIDTH"), side.text)', _TESTS),
    ("linW2-younger-is-older", "'years younger than' read as 'years older than'",
     _LINEAR + "vocabulary/en.json", '  "WP_YEARS_OLDER": [\n   "years older than"\n  ]',
     '  "WP_YEARS_OLDER": [\n   "years older than",\n   "years younger than"\n  ]', _TESTS),
    ("linW2-rule-how-old-dropped", "the age asked in words no longer read ('How old is the son?': served pairs lost)",
     _LINEAR + "request.lark", "                 | WP_HOW_OLD wp_who                                              -> wp_asked_whose",
     "                 | WP_HOW_OLD wp_who WP_PLUS                                      -> wp_asked_whose", _TESTS),
    ("linW2-rate-fact-unit", "a rate stated apart ('之后每小时 3 元') read over another unit than asked ('多少公里')",
     _LINEAR + "word_problems.py", '        self._fact("rate", (*_money(children), _unit(children)))',
     '        self._fact("rate", (*_money(children), "WP_U_KM"))', _TESTS),
]
ROWS += [
    ("linW2-minus-sign", "'twice a number minus 3' derived as 2x + 3",
     _LINEAR + "word_problems.py", '_TAKEN_AWAY = frozenset({"WP_LESS_THAN", "WP_MINUS", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})',
     '_TAKEN_AWAY = frozenset({"WP_LESS_THAN", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})', _TESTS),  # re-anchored: wip/linU's composed grammar reads it now; again for wip/cleanE's one _TAKEN_AWAY set
    ("linW2-question-unit-free", "the count asked with no unit read as the rate's ('Combien de semaines ?' of a rate per month)",
     _LINEAR + "word_problems.py", "        unit = _unit(children)\n        return self._asked(\"count\", (None, unit), unit.text)",
     "        unit = _unit(children)\n        return self._asked(\"count\", (None, \"WP_U_MONTH\"), unit.text)", _TESTS),
]
ROWS += [
    ("linW2-relative-forms-apart", "ru 'сына' and 'сыну' read as two people (the son's age asked no longer served)",
     _LINEAR + "word_problems.py", "        relative = _ITEM_FORMS.get(fold(word.value), fold(word.value))",
     "        relative = fold(word.value)", _TESTS),
]
