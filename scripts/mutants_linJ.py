"""Mutation-check rows for the linear reach of branch wip/linJ (issue 33 items 2-4, round 5): a remark
or a help request after the equations, the equations "given" after them (Japanese), a "mode" label
asking the working, a format between the request and a colon before the equations, "one line please"
after a comma, "what number x makes ... true", a persona naming its field, an English "System:" label
before another language, code-switching across a slash, and the minus right after a lead-in (no claim).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_reach_linJ.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linJ-remark-after-equations-unlinked", "'My textbook says ... and I'm really stuck. What's n?' no longer read",
     _LINEAR + "reader.py", '    return bool(i) and words[i - 1].kind == "EQ" and (after in _REMARKS or helping)', "    return False", _TESTS),
    ("linJ-lead-in-minus-read", "'Quick question -2x + 7 = 15 and I'm stuck' read with -2x (a dash pausing, or a minus?)",
     _LINEAR + "reader.py", 'words[-1].kind == "INTRO" and word.text[0] in "-\\u2212"\n', 'words[-1].kind == "INTRO" and word.text[0] in ""\n', _TESTS),
    ("linJ-slash-unread", "'Resuelve por favor / please solve: ...' no longer read",
     _LINEAR + "reader.py", '_DASH = re.compile(r" (--?|\\u2013|\\u2014|/) ', '_DASH = re.compile(r" (--?|\\u2013|\\u2014) ', _TESTS),
    ("linJ-slash-before-unknown-pauses", "'Resuelve / x: 2x = 4' read (a slash before an unknown divides, never a pause)",
     _LINEAR + "reader.py", "(previous in _TERMS or slash) and LONE_NAME.match", "(previous in _TERMS) and LONE_NAME.match", _TESTS),
    ("linJ-mode-no-steps", "'Tutor mode: ...' read without the working asked",
     _LINEAR + "request.lark", "%extend label: MODE -> steps ", "%extend label: MODE -> mode ", _TESTS),
    ("linJ-help-after-given-dropped", "'..., je suis perdu, tu peux m'aider ?' no longer read",
     _LINEAR + "request.lark", "_after_given: contexts ((COMMA | LINK) help_alone)? | help_alone",
     "_after_given: contexts ((COMMA | LINK) help_alone help_alone)? | help_alone help_alone", _TESTS),
    ("linJ-one-line-comma-unlinked", "'Compute x from ..., one line please.' no longer read",
     _LINEAR + "reader.py", '"ONE_LINE": frozenset({"ANSWER_VERB", "PLEASE", "STOP", "QMARK"})', '"ONE_LINE": frozenset({"ANSWER_VERB"})', _TESTS),
    ("linJ-fraction-before-colon-as-decimal", "'Solve for m, answer as a fraction: ...' served as a decimal",
     _LINEAR + "request.lark", "       | (GIVE ME? | WRITE)? ART? ANSWER AS ART? FRACTION -> as_fraction\n",
     "       | (GIVE ME? | WRITE)? ART? ANSWER AS ART? FRACTION -> as_decimal\n", _TESTS),
    ("linJ-format-before-colon-dropped", "'Solve for p and number your steps: ...' no longer read",
     _LINEAR + "request.lark", "%extend request: courtesy? acts LINK colon_format COLON eqs politely?",
     "%extend request: courtesy? acts LINK colon_format COLON COLON eqs politely?", _TESTS),
    ("linJ-one-sentence-as-steps", "'... and reply in one sentence.' served with the working",
     _LINEAR + "request.lark", "(ANSWER | WRITE)? IN? ONE_SENTENCE_PLAIN -> one_line", "(ANSWER | WRITE)? IN? ONE_SENTENCE_PLAIN -> steps", _TESTS),
    ("linJ-what-number-dropped", "'What number x makes 4x - 2 = 18 true?' no longer read",
     _LINEAR + "request.lark", "%extend question: WHAT (NUMBER | VALUE) vars where ", "%extend question: WHAT (NUMBER | VALUE) vars where where ", _TESTS),
    ("linJ-given-post-dropped", "'宿題に ... が出ました。c はいくつですか？' no longer read",
     _LINEAR + "request.lark", "%extend given: INTRO? object? eqs GIVEN_POST ", "%extend given: INTRO? object? eqs GIVEN_POST GIVEN_POST ", _TESTS),
    ("linJ-persona-field-dropped", "'Ты терпеливый учитель по математике' no longer read",
     _LINEAR + "request.lark", "%extend persona: YOU_ARE COMMA? ART? ROLE_ADJ* ROLE_NOUN ROLE_DOMAIN ROLE_ADJ*",
     "%extend persona: YOU_ARE COMMA? ART? ROLE_ADJ* ROLE_NOUN ROLE_DOMAIN ROLE_DOMAIN ROLE_ADJ*", _TESTS),
    ("linJ-help-with-homework-dropped", "'Kannst du mir bei meiner Hausaufgabe helfen? ...' no longer read",
     _LINEAR + "request.lark", "%extend help_with: courtesy? HELP_WITH (ART | POSS)? INTRO HELP_END? politely? (COLON eqs)? ",
     "%extend help_with: courtesy? HELP_WITH (ART | POSS)? INTRO INTRO HELP_END? politely? (COLON eqs)? ", _TESTS),
    ("linJ-system-label-ru-unread", "'System: Ты репетитор.' (an English label before Russian) no longer read",
     _LINEAR + "vocabulary/ru.json", '   "ученица",\n   "system"\n', '   "ученица"\n', _TESTS),
    ("linJ-method-manner-dropped", "'Explain how to solve ... step by step.' no longer read",
     _LINEAR + "request.lark", "%extend solve: method SOLVE object? for_vars? COLON? eqs manner ",
     "%extend solve: method SOLVE object? for_vars? COLON? eqs manner manner ", _TESTS),
    ("linJ-solve-form-before-colon-dropped", "'Solve for x (fraction): ...', 'Solve for x in one line: ...' no longer read",
     _LINEAR + "request.lark", "| SOLVE object? for_vars? (tail_format | solve_form) COLON eqs",
     "| SOLVE object? for_vars? (tail_format | solve_form) COLON COLON eqs", _TESTS),
    ("linJ-explain-how-zh-dropped", "'请一步一步解释怎么解 ...' no longer read",
     _LINEAR + "request.lark", "| manner EXPLAIN (HOW | AS) SOLVE object? COLON? eqs -> explained_solve",
     "| manner EXPLAIN EXPLAIN (HOW | AS) SOLVE object? COLON? eqs -> explained_solve", _TESTS),
    ("linJ-how-to-manner-ja-dropped", "'... の解き方を一歩ずつ教えてください' no longer read",
     _LINEAR + "request.lark", "| object? eqs OF_POST how_to OBJ manner FIND", "| object? eqs OF_POST how_to OBJ manner manner FIND", _TESTS),
    ("linJ-fraction-answer-zh-as-decimal", "'用分数表示答案' served as a decimal",
     _LINEAR + "request.lark", "%extend format: AS ART? FRACTION (WRITE | SHOW) ANSWER -> as_fraction",
     "%extend format: AS ART? FRACTION (WRITE | SHOW) ANSWER -> as_decimal", _TESTS),
    ("linJ-turn-bar-after-full-stop-unread", "'系统：你是...。| 用户：...' no longer read (the bar after '。')",
     _LINEAR + "reader.py", '_TURN_BAR = re.compile(r"(?<=[ \\u3002])', '_TURN_BAR = re.compile(r"(?<=[ ])', _TESTS),
    ("linJ-stuck-on-unread", "'I'm stuck on 3x + 4 = 28. What's x?' no longer read",
     _LINEAR + "vocabulary/en.json", '   "i\'m stuck on",\n', '   "i\'m stuck on_",\n', _TESTS),
    # linJ-courtesy-please-comma-dropped retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("linJ-vocative-dropped", "'Gentile assistente, potrebbe ...' no longer read",
     _LINEAR + "request.lark", "%extend sentence: ROLE_ADJ* ROLE_NOUN COMMA request -> led ",
     "%extend sentence: ROLE_ADJ* ROLE_NOUN COMMA COMMA request -> led ", _TESTS),
]
# fmt: on
