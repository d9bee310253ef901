"""Mutation-check rows for the linear reach of branch wip/linI (issue 33 items 2-4, round I): the
equation set up then solved, a number sentence's negative result, "the sum of a number and 7", the
answer asked as a JSON object (its keys, its exact numbers, the routing before the JSON task).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_reach_linI.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linI-setup-dropped", "'Set up x + 19 = 21 and solve it.' no longer read",
     _LINEAR + "request.lark", "%extend request: (WP_SETUP | WRITE) object? eqs LINK acts politely?",
     "%extend request: (WP_SETUP | WRITE) object? eqs LINK LINK acts politely?", _TESTS),
    ("linI-setup-asks-nothing", "'Write the equation x + 5 = 17.' read as a request (the LINK acts dropped)",
     _LINEAR + "request.lark", "%extend request: (WP_SETUP | WRITE) object? eqs LINK acts politely?",
     "%extend request: (WP_SETUP | WRITE) object? eqs (LINK acts)? politely?", _TESTS),
    ("linI-negative-result-unread", "'... equals -46' no longer read (a cached negative answer declines again)",
     _LINEAR + "word_problems.py", '        return Word("NEG_NUM", "-" + signed.group()', '        return Word("NUM", "-" + signed.group()', _TESTS),
    ("linI-negative-sign-dropped", "'... equals -46' read as '... equals 46'",
     _LINEAR + "word_problems.py", '        return Word("NEG_NUM", "-" + signed.group()', '        return Word("NEG_NUM", "" + signed.group()', _TESTS),
    ("linI-sum-added-twice", "'the sum of a number and 7 is 19' read as 2x + 7 = 19",
     _LINEAR + "word_problems.py", "        return _Affine(term.k, b, term.letter)  # the term once, the amount added",
     "        return _Affine(2 * term.k, b, term.letter)  # the term once, the amount added", _TESTS),  # re-anchored (wip/linU: sums composed)
    ("linI-json-keys-unchecked", "'{\"y\": <value>}' or one key of two served for the unknowns asked",
     _LINEAR + "reader.py", "return form.text if set(json_keys(form.text)) == set(asked) and not transformer.derived else None",
     "return form.text if not transformer.derived else None", _TESTS),
    ("linI-json-values-misread", "the JSON object's numbers read as other values (a right answer refused, a wrong one read)",
     _LINEAR + "task.py", '''else "Answer: " + ", ".join(f"{k} = {v}" for k, v in read.items())''',
     '''else "Answer: " + ", ".join(f"{k} = 0" for k, v in read.items())''', _TESTS),
    ("linI-json-line-unread", "a JSON object with a wrong value verified by the working's right statements",
     _LINEAR + "task.py", "        return [Step(text=\"\\n\".join(line if (read := json_values(c.answer_form, line)) is None",
     "        return [Step(text=\"\\n\".join(line if (read := json_values(c.answer_form, line)) is None or True", _TESTS),
    ("linI-json-string-value", "'{\"x\": \"12\"}' (a string) read as the number 12",
     _LINEAR + "answer_form.py", "    if not all(isinstance(value, _Number) for value in read.values()):",
     "    if not all(isinstance(value, str) for value in read.values()):", _TESTS),
    ("linI-json-non-terminating", "x = 8/3 asked as a JSON number read (no JSON number holds it)",
     _LINEAR + "prompt.py", '    if ("decimal" in fmt or json_asked) and any(not _terminates(v) for v in values):',
     '    if "decimal" in fmt and any(not _terminates(v) for v in values):', _TESTS),
    ("linI-codeswitch-question-unread", "'Resuelve please: ..., what's x?' no longer read (the English question in the es table)",
     _LINEAR + "vocabulary/es.json", '   "what\'s",\n', '   "what\'s x",\n', _TESTS),
    # linI-letter-in-phrase-counted retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("linI-ja-times-sentence-unread", "ja '...の3倍です。二人の年齢の合計は...' no longer read",
     _LINEAR + "vocabulary/ja.json", '   "倍です"\n', '   "倍ですx"\n', _TESTS),
    ("linI-it-together-unread", "it 'Insieme hanno 50 anni.' no longer read",
     _LINEAR + "vocabulary/it.json", '   "insieme hanno",\n   "la somma delle età è",', '   "insieme hanno x",\n   "la somma delle età è",', _TESTS),  # re-anchored: wip/linS appended it sum words
    # red team 30 (B): the number alone is no claim now; the row breaks that rule back to linI's reading
    ("linI-fewshot-bare-any-problem", "'A: 3' (the number alone, a form of its own) blanked as history again",
     _LINEAR + "prompt.py", "        return False  # the number alone is a form of its own",
     "        return stated is not None and len(asked) == 1  # the number alone is a form of its own", _TESTS),
    ("linI-json-routing", "a linear problem asked as JSON routed to the JSON task (not served)",
     "stepcache_integrations/core/tasks/__init__.py", "        LinearEquationTask(),\n        JsonTask(),",
     "        JsonTask(),\n        LinearEquationTask(),", _TESTS),
]
# fmt: on
