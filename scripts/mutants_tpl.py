"""Mutation-check rows for branch wip/tpl (issue 33): the fallback's language-neutral working for
a linear request in another language than English (W4), list numbers read as numbered steps, and
the held-out templates' classes read (below). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_W4 = ("tests/adversarial/test_fallback_language.py",)

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_WORDS = ("tests/adversarial/test_arithmetic_words.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("tpl-w4-english-for-every-language", "the fallback writes its English steps for a request in any language (W4 reopened)",
     _LINEAR + "task.py", "    if c.language != ENGLISH:  # W4", "    if False:  # W4", _W4),
    ("tpl-w4-label-dropped", "the request's own answer label dropped from the neutral answer line ('Réponse finale:' not written)",
     _LINEAR + "task.py", "    if labelled:\n        final_line = labelled\n", "    if False:\n        final_line = labelled\n", _W4),
    ("tpl-w4-unnumbered", "numbered steps asked in another language written unnumbered",
     _LINEAR + "task.py", '    if "numbered" in c.format:\n        working = [f"{i}. {line}"',
     '    if False:\n        working = [f"{i}. {line}"', _W4),
    ("tpl-w4-equations-rewritten", "equations alone re-instantiated by rewriting their constants ('(0.3125)x = 5' served for x/2 + 3 = 11)",
     _LINEAR + "task.py", "    if new.language != ENGLISH and new.solution and not any(_WORD.search(step.text) for step in steps):",
     "    if False:", _W4),
    ("tpl-w4-working-form-ignored", "the neutral working states the value in another form than the answer asked ('x = 1.5' before 'x = 3/2')",
     _LINEAR + "task.py", '    solved = ", ".join(f"{v} = {final(values[v])}" for v in c.variables)',
     '    solved = ", ".join(f"{v} = {format_number(values[v])}" for v in c.variables)', _W4),
    ("tpl-numbered-decimal-label", "a decimal read as a list number ('1.5x + 5 = 20' counted as step 1)",
     _LINEAR + "chain.py", '|(\\d{1,3})[.)](?=\\s))", re.IGNORECASE)', '|(\\d{1,3})[.)])", re.IGNORECASE)', _W4),
    ("tpl-numbered-any-order", "list numbers in any order count as numbered steps",
     _LINEAR + "chain.py", "    return all(numbers) and [int(m.group(1) or m.group(2)) for m in numbers if m] == list(range(1, len(working) + 1))",
     "    return all(numbers)", _W4),
    ("tpl-arith-operator-word-moved", "'minus' read as '+' ('What is 12 minus 4?' computed as 16)",
     _ARITH + "vocabulary/en.json", '  "PLUS": [\n   "plus"\n  ],\n  "MINUS": [\n   "minus"\n  ],',
     '  "PLUS": [\n   "plus",\n   "minus"\n  ],\n  "MINUS": [\n   "less"\n  ],', _WORDS),
    ("tpl-arith-negation-ignored", "'odd' read as 'even' (the predicate's negation ignored: 'Is 7 odd?' answered No.; negated questions are no claim since W28)",
     _ARITH + "grammar.py", 'Question(text, Fraction(int(holds != negated)), "yesno")', 'Question(text, Fraction(int(holds)), "yesno")',
     _WORDS),  # wip/arithW: re-anchored (primality states its own)
    ("tpl-arith-inexact-conversion", "a conversion with no terminating decimal read (100 F in C served as 340/9)",
     _ARITH + "grammar.py", "    if value is None or not _terminating(value):", "    if value is None:", _WORDS),
    ("tpl-arith-dimensions-mixed", "units of two dimensions converted ('grams in 4 kilometers' read)",
     _ARITH + "grammar.py", "    if dimension != to_dimension:\n        return None\n", "", _WORDS),
    ("tpl-arith-decimal-divisible", "divisibility of a decimal read ('Is 8 divisible by 2.0?')",
     _ARITH + "grammar.py", '        if "." in a + b or Fraction(b) == 0:', "        if Fraction(b) == 0:", _WORDS),
    ("tpl-arith-number-form-unchecked", "an answer in another form than the number alone passes ('4,000', 'The answer is 4000.')",
     _ARITH + "task.py", "    if stated not in value_literals(new.value):", "    if read_answer_line(stated) is None:", _WORDS),
    ("tpl-arith-yes-no-unchecked", "a yes/no answer's word not compared ('Yes.' for a false predicate passes)",
     _ARITH + "task.py", "        return None if said == (new.value == 1) else", "        return None if True else", _WORDS),
    ("tpl-arith-number-fallback-shows-work", "the fallback writes '4 * 1000 = 4000.' where the number alone is asked",
     _ARITH + "task.py", '        if new.form == "number":\n            return format_value(new.value)\n', "", _WORDS),
    ("tpl-arith-form-unkeyed", "the answer form left out of the problem key ('14 * 11 = 154.' served where '154' alone is asked)",
     _ARITH + "task.py", '        return f"{new.form}: {key}" if new.form else key', "        return key", _WORDS),
    ("tpl-arith-value-alone-refused", "a one-line value is refused for another expression (a word question's computed answer never served)",
     _ARITH + "task.py", "and not _opens_with(steps, new) and not _value_alone(steps, new):", "and not _opens_with(steps, new) and True:", _WORDS),
    ("tpl-arith-unknown-form-read", "a stored form this reader does not know still answers a question",
     _ARITH + "constraints.py", "        if form is not None and form not in FORMS:", "        if False:", _WORDS),
    ("tpl-arith-instruction-ignored", "an 'only the number' instruction read but not enforced (the answer may show work)",
     _ARITH + "grammar.py", '    return Question(question.expression, question.value, "number", table.language)',
     "    return question", _WORDS),
    ("tpl-arith-yes-no-number", "a number asked for a yes/no question read ('Is 9 bigger than 4? Only the number, please.')",
     _ARITH + "grammar.py", '        if question.form == "yesno":\n            return None  # a number asked', '        if False:\n            return None  # a number asked', _WORDS),
]
# fmt: on
