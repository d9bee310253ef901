"""Mutation-check rows for issue 33's request language: the grammar file, the vocabulary tables
and the format each breaks one promise (a word deleted or moved to another class, a production
dropped, the format not enforced). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests).

Retired (2026-12-03, issue 33): open-instruction-vocabulary (mutants.py): the request grammar's lexer
has one rule for a word or character outside every table (no claim); linear-open-alphabet breaks it
and stands for both. form-template-read (mutants_red_team.py): a template spelling a form ('x = ?.??',
'<value>.<value>', '?:?') is refused by the reader's template rule, and were it not, its trailing
marks end no sentence the grammar derives (a question mark ends only a question:
question-mark-after-a-given stands for it)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_GRAMMAR_TESTS = ("tests/unit/test_linear_grammar.py", "tests/unit/test_linear_request.py")
_RED_TEAM = ("tests/adversarial/test_grammar_red_team.py",)
_LANGUAGES = ("tests/adversarial/test_linear_everyday_languages.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("vocabulary-word-deleted", "a word deleted from a language's table ('resuelve'): its requests are no longer read",
     _LINEAR + "vocabulary/es.json", '   "resuelve",\n', "", _GRAMMAR_TESTS),
    ("vocabulary-word-moved", "a word moved to another word class ('if' read as a value noun)",
     _LINEAR + "vocabulary/en.json", '  "IF": [\n   "if",', '  "IF": [\n   "iff",', _GRAMMAR_TESTS),
    ("grammar-production-dropped", "a production of the grammar dropped ('If 2x + 3 = 11, what is x?' no longer read)",
     _LINEAR + "request.lark", "       | IF eqs LINK? acts politely?\n", "", _GRAMMAR_TESTS),
    ("format-not-enforced", "an answer not in the format the prompt asks for (numbered steps, 'Final answer:') is served",
     _LINEAR + "layout.py", "    return [why for failed, why in _checks(lines[:-1], lines[-1], fmt, label, asked, target) if failed]",
     "    return []",
     _GRAMMAR_TESTS),
    ("format-not-keyed", "the format read is dropped from the constraints (a numbered request served an unnumbered answer)",
     _LINEAR + "constraints.py", "            format=problem.format,\n", "", _GRAMMAR_TESTS),
    ("answer-only-working-served", "'Give only the final answer' is served a cached line of working ('3x = 15, so x = 5.')",
     _LINEAR + "layout.py", '        ("answer_only" in fmt and not (_target_alone(last) if target else _values_alone(last, asked)),',
     '        (False,', _GRAMMAR_TESTS),
    ("one-line-not-enforced", "'Answer in one line' is served a model's answer of several lines",
     _LINEAR + "layout.py", '        (bool(working) and ("answer_only" in fmt or "one_line" in fmt),', '        (False,',
     _GRAMMAR_TESTS),
    ("fraction-form-not-enforced", "'Give the answer as a fraction' is served 'x = 3.5'",
     _LINEAR + "layout.py", '        ("fraction" in fmt and _DECIMAL.search(_after_label(last)) is not None,', '        (False,',
     _GRAMMAR_TESTS),
    ("decimal-without-finite-form-read", "'as a decimal' with x = 1/3 is claimed (no answer can follow it exactly)",
     _LINEAR + "prompt.py", '    if "decimal" in request.format:\n', '    if False:\n', _GRAMMAR_TESTS),
    ("exclusive-formats-read", "'Show your steps. Answer in one line.' is read (one of the two instructions is broken)",
     _LINEAR + "reader.py", "    if any(transformer.format & one and transformer.format & other for one, other in _EXCLUSIVE):",
     "    if False:", _GRAMMAR_TESTS),
    ("trailing-letter-kept-in-run", "'Resuelve ... = 20 y explica los pasos': the letter cut off the run is read again as a factor (20y)",
     _LINEAR + "prompt.py", "    for _, end in spans:  # a letter alone cut off a run's end", "    for _, end in []:  # a letter alone cut off a run's end",
     _GRAMMAR_TESTS),
    ("answer-only-names-unchecked", "'find y. Just the answer.' is served a cached 'x = 2.5, y = 0.5' (working beside the answer)",
     _LINEAR + "layout.py", "    return sorted(names) == sorted(asked) if names else len(asked) == 1",
     "    return True", _RED_TEAM),
    ("template-beside-other-asks", "'find x ... Answer: y = ?' is served 'Answer: x = 2.5, y = 0.5' (not the template's line)",
     _LINEAR + "reader.py", "    if transformer.template_names and transformer.template_names != asked:", "    if False:", _RED_TEAM),
    ("french-juste-read-as-only", "'Donne la réponse juste' (the right answer) is read as 'just the answer'",
     _LINEAR + "vocabulary/fr.json", '  "ONLY": [\n   "seulement",\n   "uniquement"\n  ]',
     '  "ONLY": [\n   "seulement",\n   "uniquement",\n   "juste"\n  ]', _RED_TEAM),
    # -- blind red team on the grammars (tests/adversarial/test_grammar_red_team.py)
    ("question-mark-after-a-given", "'x + y = 10. y = 4?' (is y = 4?) is read with y = 4 as a given (x = 6 proven)",
     _LINEAR + "reader.py", "                if previous != _ASKS_QUESTION:", "                if False:", _RED_TEAM),
    ("answer-template-name-unchecked", "'End with Answer: x = ?' is served a cached 'Answer: 7'",
     _LINEAR + "layout.py", '        ("answer_named" in fmt and not _NAMED_VALUE.match(_after_label(last)),',
     '        (False,', _RED_TEAM),
    ("dot-thousands-read-as-decimal", "German '2x = 10.000' (ten thousand) is solved as 2x = 10",
     _LINEAR + "prompt.py", "    if request.language not in _POINT_IS_DECIMAL and any(", "    if False and any(",
     _RED_TEAM),
    ("give-value-unnamed", "'Give the value of y' beside 'Solve for x' asks x alone (y never stated, proven)",
     _LINEAR + "reader.py", "        self.asked_names.update(named)\n", "", _RED_TEAM),
    # -- context sentences and everyday shapes in other languages (tests/adversarial/test_linear_everyday_languages.py)
    ("context-word-deleted", "a context sentence's phrase deleted ('me atasqué con este ejercicio'): its prompts no longer read",
     _LINEAR + "vocabulary/es.json", '   "me atasqué con este ejercicio",\n', "", _LANGUAGES),
    ("context-word-moved-to-instruction", "a context phrase moved into an answer-form class ('estoy haciendo los deberes "
     "de matemáticas' read as 'decimal')", _LINEAR + "vocabulary/es.json",
     '   "número decimal"\n  ],\n  "CONTEXT": [\n   "estoy haciendo los deberes de matemáticas",',
     '   "número decimal",\n   "estoy haciendo los deberes de matemáticas"\n  ],\n  "CONTEXT": [', _LANGUAGES),
    ("instruction-read-as-context", "an instruction that changes the answer ('responde en inglés') read as a context sentence",
     _LINEAR + "vocabulary/es.json", '  "CONTEXT": [\n   "estoy haciendo los deberes de matemáticas",',
     '  "CONTEXT": [\n   "responde en inglés",\n   "estoy haciendo los deberes de matemáticas",', _LANGUAGES),
    ("instruction-read-as-context-zh", "'用英文回答' (answer in English) read as a context sentence",
     _LINEAR + "vocabulary/zh.json", '  "CONTEXT": [\n   "老师布置的作业",', '  "CONTEXT": [\n   "用英文回答",\n   "老师布置的作业",',
     _LANGUAGES),
    ("context-led-sentence-dropped", "the production of a sentence led by context dropped ('Je bloque sur cet exercice : ...')",
     _LINEAR + "request.lark", "%extend sentence: contexts (COLON | COMMA | LINK) (request | given | help_with) -> led\n", "",
     _LANGUAGES),
    ("format-clause-comma-not-linked", "a comma before the answer's form no longer links it ('を解いて、答えを一行で書いてください')",
     _LINEAR + "reader.py", "    clause = after in _FORMAT_CLAUSES and j + 1", "    clause = False and j + 1", _LANGUAGES),
    ("fullwidth-factorial-read", "'解方程 x + 15 = 3！求 x。' read with '3！' as the number 3 (a factorial, as '3!' is)",
     _LINEAR + "prompt.py", '        ("!" in prompt or "\\uff01" in prompt) and', '        ("!" in prompt) and', _LANGUAGES),
    ("dot-between-number-and-letter-read", "'= 9.x' read as '= 9. x' (a dot for 9·x?)",
     _LINEAR + "reader.py", 'text[pos - 1].isdigit() and _DOT_TERM.match(text, pos + 1):',
     'text[pos - 1].isdigit() and False:', _LANGUAGES),
    # -- everyday shapes in other languages: thanks, the answer alone first, the question first
    ("thanks-word-deleted", "a word of thanks deleted ('gracias'): 'Hola, ¿me ayudas a resolver ...? Gracias' no longer read",
     _LINEAR + "vocabulary/es.json", '  "THANKS": [\n   "gracias",', '  "THANKS": [\n   "graciass",', _LANGUAGES),
    ("instruction-read-as-thanks", "an instruction that changes the answer ('responde en inglés') read as thanks",
     _LINEAR + "vocabulary/es.json", '  "THANKS": [\n   "gracias",', '  "THANKS": [\n   "responde en inglés",\n   "gracias",',
     _LANGUAGES),
    ("thanks-sentence-dropped", "a sentence of thanks alone no longer read ('... を解いてください。ありがとうございます。')",
     _LINEAR + "request.lark", "thanks: THANKS | PLEASE ", "thanks: THANKS THANKS | PLEASE ", _LANGUAGES),
    ("answer-alone-first-dropped", "the answer alone asked before the equations no longer read ('Solo la respuesta: ...')",
     _LINEAR + "request.lark", "%extend request: courtesy? answer_alone (COMMA answer_alone)? COLON eqs",
     "%extend request: courtesy? answer_alone (COMMA answer_alone)? COLON COLON eqs", _LANGUAGES),
    ("only-unknown-not-answer-alone", "'Dammi solo x: ...' read without the answer alone (a cached answer with its working served)",
     _LINEAR + "reader.py", '        self.find(children)\n        self.format.add("answer_only")',
     "        self.find(children)", _LANGUAGES),
    ("only-answer-word-is-juste", "French 'juste' alone read as the answer alone ('la réponse juste' is the right answer)",
     _LINEAR + "vocabulary/fr.json", '  "ONLY_ANSWER": [\n   "juste la réponse",', '  "ONLY_ANSWER": [\n   "juste",', _LANGUAGES),
    ("question-mark-before-equation-unread", "'x 等于多少?2x + 15 = 5x': the equation after a question mark no longer read",
     _LINEAR + "prompt.py", '?\\uff1f\\uff01")', '\\uff01")', _LANGUAGES),
    ("exclamation-before-equation-unread", "'你好！5x - 2 = 18，x 是多少？': the equation after a full-width '！' no longer read",
     _LINEAR + "prompt.py", '\\uff1f\\uff01")', '\\uff1f")', _LANGUAGES),
    ("thanks-comma-kept", "a comma before thanks no longer dropped ('Calcula x en ..., gracias.' not read)",
     _LINEAR + "reader.py", '"STEP_BY_STEP", "THANKS"})', '"STEP_BY_STEP"})', _LANGUAGES),
    ("only-the-comma-not-linked", "a comma before 'only the answer' no longer links it ('Resuelve 2x - 3 = 7, solo la respuesta.')",
     _LINEAR + "reader.py", '"ONLY": frozenset({"WRITE", "GIVE", "ANSWER", "ART"})', '"ONLY": frozenset({"WRITE", "GIVE", "ANSWER"})',
     _LANGUAGES),
    ("asked-after-equation-dropped", "'5x - 2 = 18 の x はいくつですか？' no longer read (the unknown asked after the equation's の)",
     _LINEAR + "request.lark", "asked_after: named WHAT_POST -> question | ", "asked_after: named WHAT_POST ONLY -> question | ",
     _LANGUAGES),
    ("answer-alone-write-only", "'只写答案：...' no longer read (only, then write the answer)",
     _LINEAR + "request.lark", "%extend answer_alone: ONLY (WRITE | GIVE) ART? ANSWER -> answer_only",
     "%extend answer_alone: ONLY (WRITE | GIVE) ART? ANSWER ANSWER -> answer_only", _LANGUAGES),
    ("exclamation-after-a-mark-read", "'... = 20.! Чему равен x?' read ('!' after a mark or a number is no word's emphasis)",
     _LINEAR + "reader.py", '    if char == "!" and not _EMPHASIS.search(text, 0, pos):', '    if False:', _LANGUAGES),
]
