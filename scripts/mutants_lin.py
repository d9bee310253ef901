"""Mutation-check rows for the linear requests of issue 33 on branch wip/lin: the bare-number
answer form (read, written, checked), asked expressions in more phrasings, yes/no checks of a
candidate solution. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_asked_and_checked.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("lin-bare-number-words-served", "the bare-number form accepts words around the number ('x = 4' served for 'just the number')",
     _LINEAR + "task.py", "    if not _BARE_ANSWER.fullmatch(text) or not is_canonical_number(text):",
     "    if not _BARE_ANSWER.search(text):", _TESTS),
    ("lin-bare-number-value-unchecked", "the bare number is not compared with the proven value (a wrong number served)",
     _LINEAR + "task.py", "    if Fraction(text) != expected:\n        return [f\"the number {text} is wrong\"]",
     "    if False:\n        return [f\"the number {text} is wrong\"]", _TESTS),
    ("lin-bare-number-system-read", "'just the number' read for a system (two values: which one is the number?)",
     _LINEAR + "reader.py", "form or transformer.answer_label or (len(asked) != 1 and not transformer.derived)",
     "form or transformer.answer_label", _TESTS),
    ("lin-bare-number-fallback-labelled", "the engine writes a labelled line for the bare-number form ('Answer: x = 4')",
     _LINEAR + "task.py", '    if "bare_number" in c.format:\n        target = c.target_value\n',
     '    if False:\n        target = c.target_value\n', _TESTS),
    ("lin-bare-number-form-not-read", "'just the number' read as no format (a labelled answer served for it)",
     _LINEAR + "reader.py", '        self.format.update(("answer_only", "bare_number"))', '        self.format.update(("answer_only",))', _TESTS),
]
# fmt: on
ROWS += [
    ("lin-only-expression-after-names", "an unknown named after 'Only report x + 2y' ignored ('... Only report x + 2y. Give x.' served x + 2y alone)",
     _LINEAR + "reader.py", "    if transformer.only_derived and transformer.asked_names.writes == transformer.writes_at_only:",
     "    if transformer.only_derived:", _TESTS),
    ("lin-refused-unknown-asked", "'do not give x' read as asking x (the refused unknown beside the expression)",
     _LINEAR + "reader.py", '        """"do not give x": the unknown is not asked (an expression is asked instead)."""\n',
     '        """"do not give x": the unknown is not asked (an expression is asked instead)."""\n        self.asked_names.update(_names(_children))\n', _TESTS),
    ("lin-instead-without-refusal", "'give 20 - x instead' read without a refusal before it",
     _LINEAR + "request.lark", "               | courtesy? acts (LINK | BUT) refused LINK instead politely?",
     "               | courtesy? acts (LINK | BUT) refused LINK instead politely?\n               | courtesy? acts LINK instead politely?", _TESTS),
    ("lin-opening-then-comma-kept", "'Ensuite, donne ...' no longer read (the comma after an opening 'then' kept)",
     _LINEAR + "reader.py", '        verb = i + 2 if i + 1 < len(kinds) and kinds[i + 1] == "COMMA" else i + 1',
     "        verb = i + 1", _TESTS),
]
ROWS += [
    ("lin-check-word-inverted", "a yes/no check answered the other way (the substitution's result inverted)",
     _LINEAR + "task.py", "    return yes if holds else no", "    return no if holds else yes", _TESTS),
    ("lin-check-any-word-served", "any reply served for a yes/no check (the model's 'No' for a candidate that solves)",
     _LINEAR + "task.py", "    if stated.casefold() != word.casefold():", "    if False:", _TESTS),
    ("lin-check-statement-read", "a candidate stated without a question mark read as a check ('x = 5 is a root of ...')",
     _LINEAR + "reader.py", '        self.checked(children)\n        return _ASKS_BARE', '        self.checked(children)\n        return _ASKS_QUESTION', _TESTS),
    ("lin-check-beside-other-asks", "a check read beside another request or form ('... Solve it.', '... Show your steps.')",
     _LINEAR + "reader.py", '    if (transformer.format - {"yes_no", "answer_only"} or transformer.derived or transformer.answer_forms',
     '    if (transformer.derived or transformer.answer_forms', _TESTS),
    ("lin-check-candidate-for-another-unknown", "a candidate for another unknown or one of two checked ('Does y = 5 solve 3x + 5 = 21?')",
     _LINEAR + "prompt.py", "    return (kept, variables) if variables == [name] else None", "    return kept, variables", _TESTS),
    ("lin-check-candidate-not-keyed", "the candidate dropped from the format (a cached 'Yes' for x = 5 served for x = 4)",
     _LINEAR + "reader.py", '    return (f"check {var} = {value}", f"yes {yes}", f"no {no}")',
     '    return ("check x = 0", f"yes {yes}", f"no {no}")', _TESTS),
]
ROWS += [
    ("lin-just-give-answer-dropped", "'Just give me the answer, no working: ...' no longer read",
     _LINEAR + "request.lark", "%extend answer_alone: ONLY GIVE ME? ART? ANSWER -> answer_only", "%extend answer_alone: ONLY ME ME ART? ANSWER -> answer_only", _TESTS),
    ("lin-ru-fraction-read-as-decimal", "'ответ дай в виде дроби' read as a decimal",
     _LINEAR + "request.lark", "              | ANSWER GIVE AS? ART? FRACTION -> as_fraction ", "              | ANSWER GIVE AS? ART? FRACTION -> as_decimal ", _TESTS),
    ("lin-it-squared-read-as-cubed", "'al quadrato' read as cubed (x^3 served for x squared)",
     _LINEAR + "vocabulary/it.json", '  "SQUARED": [\n   "al quadrato"\n  ],\n  "CUBED": [\n   "al cubo"\n  ],',
     '  "SQUARED": [\n   "al cubo"\n  ],\n  "CUBED": [\n   "al quadrato"\n  ],', _TESTS),
    ("lin-comma-before-only-number-kept", "', só o número' after the unknown asked no longer read (the comma not linked)",
     _LINEAR + "reader.py", '"ART", "BARE_NUMBER", "ANSWER_VERB"}),', '"ART", "ANSWER_VERB"}),', _TESTS),  # re-anchored (wip/linP)
]
