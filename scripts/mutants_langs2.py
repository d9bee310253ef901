"""Mutation-check rows for the everyday linear shapes in es/fr/de/pt/it/ru/zh/ja (issue 33, items 3
and 4; branch wip/langs2): a new word deleted or moved to another class, a new production dropped
or widened (a trap read), the exercise-number rule widened. Appended by ``mutants.py`` to its
table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_everyday_languages_2.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # langs2-tell-word-deleted retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("langs2-topic-word-deleted", "the topic mark deleted ('6x = 9 のとき x は？' no longer read)",
     _LINEAR + "vocabulary/ja.json", '  "TOPIC": [\n   "は"\n  ],', '  "TOPIC": [\n   "はは"\n  ],', _TESTS),
    ("langs2-numbered-manner-deleted", "a numbered manner deleted ('spiegando i passaggi numerati' no longer read)",
     _LINEAR + "vocabulary/it.json", '   "spiegando i passaggi numerati",\n', "", _TESTS),
    ("langs2-decimal-word-moved", "a decimal form's word moved to the fraction class ('réponse en décimal' served as a fraction)",
     _LINEAR + "vocabulary/fr.json", '   "fraction",\n   "en fraction"\n  ],\n  "DECIMAL": [\n   "décimal",\n   "nombre décimal",\n   "en décimal",',
     '   "fraction",\n   "en fraction",\n   "en décimal"\n  ],\n  "DECIMAL": [\n   "décimal",\n   "nombre décimal",', _TESTS),
    ("langs2-fraction-word-moved", "a fraction form's word moved to the decimal class ('ответ дробью' served as a decimal)",
     _LINEAR + "vocabulary/ru.json", '   "дробью",\n   "обыкновенной дробью"\n  ],\n  "DECIMAL": [\n',
     '   "обыкновенной дробью"\n  ],\n  "DECIMAL": [\n   "дробью",\n', _TESTS),
    ("langs2-topic-asks-without-qmark", "the unknown with a topic mark asks without a question mark ('6x = 9 のとき x は。' read)",
     _LINEAR + "request.lark", '                | named TOPIC -> bare_question         // "x は？"',
     '                | named TOPIC -> question', _TESTS),
    ("langs2-polite-condition-dropped", "the polite opener before a condition dropped ('请问 4x - 3 = 33 时 x 等于多少？' no longer read)",
     _LINEAR + "request.lark", "               | courtesy eqs IF_POST COMMA? acts politely?       //", "               //", _TESTS),
    ("langs2-answer-verb-form-swapped", "the answer's verb and its fraction form read as a decimal ('Scrivilo come frazione' served 3.33...)",
     _LINEAR + "request.lark", "              | ANSWER_VERB (AS ART?)? FRACTION                    -> as_fraction",
     "              | ANSWER_VERB (AS ART?)? FRACTION                    -> as_decimal", _TESTS),
    ("langs2-label-number-widened", "an exercise's 'number' read with a point or a sign ('Ejercicio 3.5: ...', 'Ejercicio -3: ...' read)",
     _LINEAR + "reader.py", '_EXERCISE_NUMBER = re.compile(r"\\s*[0-9]{1,3}(?=\\s*[:\\uff1a]|, )")',
     '_EXERCISE_NUMBER = re.compile(r"\\s*[-0-9.]{1,4}(?=\\s*[:\\uff1a]|, )")', _TESTS),
    # langs2-label-number-anywhere retired (survived the clean-clone run of a7a8389): wip/hitF's early exit in
    # _label_number_or_dash returns before _label_or_dash unless the word before is a label lead (ORDINAL, INTRO,
    # LABEL), a dash stands there or a line starts there; an ORDINAL's number is read by _label_number first and a
    # line's number is no exercise number after a verb, so the row's 'if not in_run else None' reads nothing new
    # ('Resuelve 3: 3x + 1 = 16', 'Resuelve\n3: ...' stay unread under it). The gate's own rows: hitF-* (_LABEL_LEADS).
    ("langs2-contraction-glues-words", "a contraction blanked to spaces alone: the unknown before it joins the equation after it "
     "('Trova x nell'equazione 3x + 6 = 21' read as 'x 3x + 6 = 21', no claim)",
     _LINEAR + "prompt.py", '("\\u00a7" if m.re is _CONTRACTION else " ")', '" "', _TESTS),
    ("langs2-explained-solve-without-steps", "'explain how to solve ...' served without its working",
     _LINEAR + "reader.py", '        self.solve(children)\n        self.format.add("steps")\n        return _ASKS_QUESTION',
     "        self.solve(children)\n        return _ASKS_QUESTION", _TESTS),
    ("langs2-numbered-not-linked", "a comma before a numbered manner does not link it ('解方程 ...，步骤要编号' no longer read)",
     _LINEAR + "reader.py", '"ONLY_ANSWER", "WHAT", "ANSWER_VERB", "NUMBERED",', '"ONLY_ANSWER", "WHAT", "ANSWER_VERB",', _TESTS),
    ("langs2-in-post-deleted", "'中' deleted ('4x - 8 = 12 中 x 是多少？' no longer read)",
     _LINEAR + "vocabulary/zh.json", '  "OF_POST": [\n   "中",', '  "OF_POST": [\n   "中中",', _TESTS),
    ("langs2-compact-list-not-read", "a comma between a number and a letter lists no equation ('x + y = 14,x - y = 4' no longer read)",
     _LINEAR + "prompt.py", '    listed = before == "," and start >= 2 and text[start - 2].isdigit() and text[start].isalpha()',
     '    listed = False', _TESTS),
    ("langs2-compact-list-after-any", "a comma before a run lists wherever it stands ('Resuelve 2,5x = 10' read as 5x = 10)",
     _LINEAR + "prompt.py", '    listed = before == "," and start >= 2 and text[start - 2].isdigit() and text[start].isalpha()',
     '    listed = before == ","', _TESTS),
    # langs2-help-alone-dropped retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("langs2-what-numeral-read", "'什' read as a numeral ('方程 6x - 2 = 10 的解是什么？' no longer read)",
     _LINEAR + "prompt.py", '_WORD_NUMERAL = re.compile(r"[\\u4e00\\u4e8c\\u4ec0]")', '_WORD_NUMERAL = re.compile(r"[\\u4e00\\u4e8c]")', _TESTS),
    ("langs2-courtesy-link-dropped", "a comma before the question after 'do you know' no longer read ('Знаешь, чему равен x, ...?')",
     _LINEAR + "request.lark", "%extend courtesy: COURTESY (COMMA | LINK)  ", "%extend courtesy: COURTESY COMMA  ", _TESTS),
    ("langs2-know-word-moved", "'sais-tu' moved out of the courtesy words ('Sais-tu combien vaut x ...?' no longer read)",
     _LINEAR + "vocabulary/fr.json", '   "sais-tu",\n', "", _TESTS),
]
# fmt: on
