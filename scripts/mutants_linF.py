"""Mutation-check rows for the linear everyday reach of branch wip/linF (issue 33 items 2/3/4): the
number alone with the answering verb, steps numbered before the equations, the working asked of
the equation just stated, a question after "in" the equation, the answer brief with its verb, a
request joined to the persona, turns split by " | ", the answer in the table's own language, an
expression asked with the verb after it. Appended by ``mutants.py`` to its table: (id, behaviour,
file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_reach_linF.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linF-answer-number-labelled", "'只要答案数字：...' read as the answer alone (a labelled 'y = 5' served for the number alone)",
     _LINEAR + "request.lark", "            | ONLY ART? ANSWER BARE_NUMBER              -> bare_number",
     "            | ONLY ART? ANSWER BARE_NUMBER              -> answer_only", _TESTS),
    ("linF-numbered-lead-steps", "'Nummeriere deine Schritte: ...' read as steps, not numbered",
     _LINEAR + "request.lark", "       | NUMBER ART? POSS? STEPNOUN label_list?         -> numbered",
     "       | NUMBER ART? POSS? STEPNOUN label_list?         -> steps", _TESTS),  # wip/linJ: colon_format, one of the leads
    ("linF-explained-anaphora-dropped", "'¿Me explicas paso a paso cómo se resuelve?' after the equation no longer read",
     _LINEAR + "request.lark", "%extend solve: EXPLAIN manner COMMA? HOW_DO SOLVE -> explained_solve",
     "%extend solve: EXPLAIN manner COMMA? HOW_DO SOLVE SOLVE -> explained_solve", _TESTS),
    ("linF-in-courtesy-dropped", "'请问 ... 里 x 等于多少？' no longer read (the polite opener before the equation)",
     _LINEAR + "request.lark", "%extend request: courtesy object? eqs OF_POST asked_after",
     "%extend request: courtesy courtesy object? eqs OF_POST asked_after", _TESTS),
    ("linF-brief-verb-no-format", "'Antworte knapp.' read as no format (the working served for the answer alone)",
     _LINEAR + "request.lark", "%extend format: ANSWER_VERB BRIEF -> answer_only", "%extend format: ANSWER_VERB BRIEF -> own_language", _TESTS),
    ("linF-persona-request-dropped", "a request joined to the persona ('你是一名数学老师，只输出最终答案') no longer read",
     _LINEAR + "request.lark", "%extend body: persona LINK request -> led", "%extend body: persona LINK LINK request -> led", _TESTS),
    ("linF-own-language-other", "another language read as the table's own ('Answer in French' read, answered in English)",
     _LINEAR + "vocabulary/en.json", '  "OWN_LANGUAGE": [\n   "in english"\n  ]', '  "OWN_LANGUAGE": [\n   "in english",\n   "in french"\n  ]', _TESTS),
    ("linF-own-language-unlinked", "'，用中文回答' no longer linked after the request",
     _LINEAR + "reader.py", '                   "OWN_LANGUAGE": frozenset({"ANSWER_VERB"}),', "", _TESTS),
    ("linF-turn-bar-anywhere", "a bar read as a turn's end anywhere (before no label: 'Solve for x | 2x + 1 = 7')",
     _LINEAR + "reader.py", "    return text[pos] in _TURN_BARS and _TURN_BAR.match(text, pos) is not None\n",
     '    return text[pos] == "|"\n', _TESTS),  # re-anchored (wip/hitB: _turn_bar_at)
    ("linF-turn-bar-dropped", "' | ' before a turn's label no longer read ('Sistema: ... | Utente: ...')",
     _LINEAR + "reader.py", "    return text[pos] in _TURN_BARS and _TURN_BAR.match(text, pos) is not None\n",
     "    return False\n", _TESTS),  # re-anchored (wip/hitB: _turn_bar_at)
    ("linF-asked-after-expression-dropped", "'请问 ... 里 2x 等于多少？' no longer read (the expression after 'in')",
     _LINEAR + "request.lark", "%extend asked_after: asked_expression WHAT_POST -> question",
     "%extend asked_after: asked_expression WHAT_POST WHAT_POST -> question", _TESTS),
    ("linF-find-expression-dropped", "'2x の値を求めてください' no longer read",
     _LINEAR + "request.lark", "%extend find: asked_expression OBJ FIND ", "%extend find: asked_expression OBJ OBJ FIND ", _TESTS),
    ("linF-juste-only", "'juste' read as 'only' ('la réponse juste', 'réponds juste' asked the answer alone)",
     _LINEAR + "vocabulary/fr.json", '   "juste par",\n   "seulement",', '   "juste par",\n   "juste",\n   "seulement",',  # re-anchored (wip/linT)
     _TESTS + ("tests/adversarial/test_grammar_red_team.py",)),
    ("linF-explain-to-her-dropped", "'so I can explain it to her' no longer read after the request",
     _LINEAR + "vocabulary/en.json", '   "so i can explain it to her",\n', "", _TESTS),
    ("linF-latex-fraction-unjoined", "'\\frac{1}{2}x' written '1/2x' (no parentheses where a term joins the fraction)",
     _LINEAR + "prompt.py", '        return f"({quotient})" if re.fullmatch(r"[\\w(]", after) else quotient',
     "        return quotient", _TESTS),
    ("linF-latex-fraction-after-term", "'3\\frac{1}{2}x' or '\\frac{x}{4}^2' rewritten (a mixed number? a power of the fraction)",
     _LINEAR + "prompt.py", '        if re.fullmatch(r"[\\w).^\\\\]", before) or after in ("^", "\\\\", "_", "!", "."):',
     "        if False:", _TESTS),
    ("linF-latex-fraction-dropped", "'\\frac{x}{4}' no longer written plainly (the LaTeX fraction no claim again)",
     _LINEAR + "prompt.py", '    if "frac" not in prompt:\n        return prompt', '    if True:\n        return prompt', _TESTS),
    ("linF-leading-letter-any", "a letter alone before a number split off as the unknown named ('solve for x 3 + x = 10': x·3?)",
     _LINEAR + "prompt.py", '    r" [A-Za-z] (?=[0-9.]*[A-Za-z])", re.IGNORECASE)',
     '    r" [A-Za-z] (?=[0-9.(]*[A-Za-z0-9])", re.IGNORECASE)', _TESTS),
    ("linF-leading-letter-any-word", "a letter alone after any word split off as the unknown named ('per y 5y + 3 = 28': Italian 'times'?)",
     _LINEAR + "prompt.py", '|(?<=(?<![^\\W\\d_])nach))"', '|(?<=(?<![^\\W\\d_])nach)|(?<=per))"', _TESTS),
    ("linF-leading-letter-dropped", "'solve for x 3x+2=17' no longer read (the letter before the equation)",
     _LINEAR + "prompt.py", "    if leading is not None and _run_sides(", "    if False and _run_sides(", _TESTS),
]
ROWS += [
    ("linF-just-give-number-answer-only", "'Just give me the number' read as the answer alone (a labelled 'x = 12' served for the number)",
     _LINEAR + "request.lark", "            | ONLY GIVE ME? ART? BARE_NUMBER            -> bare_number",
     "            | ONLY GIVE ME? ART? BARE_NUMBER            -> answer_only", _TESTS),
    ("linF-fraction-if-needed-dropped", "'as a fraction if needed' no longer read",
     _LINEAR + "vocabulary/en.json", '   "fraction if needed",\n', "", _TESTS),
    ("linF-questions-brief-dropped", "'Answer math questions concisely.' no longer read",
     _LINEAR + "request.lark", "              | (ANSWER | ANSWER_VERB) QUESTIONS BRIEF -> answer_only",
     "              | (ANSWER | ANSWER_VERB) QUESTIONS QUESTIONS BRIEF -> answer_only", _TESTS),
    ("linF-questions-brief-steps", "'Answer math questions concisely.' read as no format (the working served)",
     _LINEAR + "request.lark", "              | (ANSWER | ANSWER_VERB) QUESTIONS BRIEF -> answer_only",
     "              | (ANSWER | ANSWER_VERB) QUESTIONS BRIEF -> own_language", _TESTS),
    ("linF-english-note-ignored", "'(answer in English please)' after a French request answered in French",
     _LINEAR + "reader.py", "        return self.answer_language or self.language", "        return self.language", _TESTS),
    ("linF-english-note-check", "a yes/no check with '(answer in English please)' answered 'Oui'",
     _LINEAR + "reader.py", '        self.format.add("in_english")\n', "", _TESTS),
    ("linF-bracket-prose-dropped", "'= 50 (answer ...' no longer cut before the bracket (the note no claim again)",
     _LINEAR + "prompt.py", "    for mark in (_TRAILING_DASH.search(run), _TRAILING_BRACKET.search(run)):",
     "    for mark in (_TRAILING_DASH.search(run),):", _TESTS),
    ("linF-two-manners-dropped", "'请分步骤（给每一步编号）解：...' no longer read (two manners before the verb)",
     _LINEAR + "request.lark", "%extend solve: manner manner SOLVE object? COLON? eqs",
     "%extend solve: manner manner manner SOLVE object? COLON? eqs", _TESTS),
]
# fmt: on
