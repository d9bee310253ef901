"""Mutation-check rows for branch wip/linAJ (linear reach, set 29's declines): a format between the verb and the
equations, a blank line after a colon, "to find m", the value alone and the steps written after the equations in
each table with the words, a lead-in's equations then a question, homework lead-ins (linear/request.lark,
reader.py, vocabulary). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear/"
_T = ("tests/adversarial/test_linear_everyday_linAJ.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAJ-one-line-before-colon", "'Solve for x and give the result in one line: ...' declined (the format before a colon)",
     _LIN + "request.lark", "%extend colon_format: (GIVE ME? | WRITE) ART? ANSWER ONE_LINE VERB_END?  -> one_line",
     "%extend format: (GIVE ME? | WRITE) ART? ANSWER ONE_LINE VERB_END?  -> one_line", _T),
    ("linAJ-value-only-form", "'Réponds seulement avec la valeur.' read as the steps (the answer alone asked)",
     _LIN + "request.lark", "              | ANSWER_VERB ONLY WITH? ART? VALUE -> answer_only",
     "              | ANSWER_VERB ONLY WITH? ART? VALUE -> steps", _T),
    ("linAJ-write-steps-form", "'Solve 4x - 5 = 31 and write the steps.' read as one line (the steps asked)",
     _LIN + "request.lark", "%extend colon_format: WRITE ART? POSS? STEPNOUN VERB_END? -> steps",
     "%extend colon_format: WRITE ART? POSS? STEPNOUN VERB_END? -> one_line", _T),
    ("linAJ-to-find-names", "'Solve x + y = 10, x - y = 2 to find y.' asks both unknowns ('to find y' not read as naming y)",
     _LIN + "request.lark", "to_find: TO FIND vars -> for_vars", "to_find: TO FIND vars", _T),
    ("linAJ-homework-context", "'Tengo esta tarea de mates y no me sale: ...' declined (a lead-in joined to a remark)",
     _LIN + "request.lark", "%extend contexts: INTRO ROLE_DOMAIN? (COMMA | AND | LINK) CONTEXT",
     "%extend contexts: INTRO ROLE_DOMAIN (COMMA | LINK) CONTEXT", _T),
    ("linAJ-two-lead-ins", "'I'm stuck on my homework, the question says ..., what's x?' declined (two lead-ins)",
     _LIN + "request.lark", "%extend sentence: INTRO COMMA INTRO eqs LINK courtesy? acts politely? -> led",
     "%extend sentence: INTRO COMMA INTRO eqs LINK courtesy acts politely? -> led", _T),
    ("linAJ-led-acts", "'The question says 12 - 2x = 6, what's x?' declined (a lead-in's acts not read as a question)",
     _LIN + "reader.py", 'if isinstance(last, list) or (isinstance(last, Tree) and last.data == "politely"):', "if False:", _T),
    ("linAJ-blank-line", "'... explain each step:\\n\\n4a - 9 = 35' declined (a blank line after a colon)",
     _LIN + "reader.py", 'if word.text == "\\n" and out and out[-1].kind == "COLON" and _breaks_before_equation(words, i):',
     "if False:", _T),
    ("linAJ-zh-and-steps", "'请解方程：4x - 5 = 31，并写出步骤。' declined ('and' before the manner)",
     _LIN + "reader.py", 'return after == "STEP_BY_STEP" and last == "EQ" and all(w.kind in ("COMMA", "AND") for w in words[i:j])',
     "return False", _T),
    ("linAJ-ja-also-steps", "'4x - 5 = 31 を解いて、途中式も書いてください。' declined (a comma before the working asked 'also')",
     _LIN + "reader.py", '"STEPNOUN": frozenset({"OBJ", "ALSO"})', '"STEPNOUN": frozenset({"OBJ"})', _T),
    ("linAJ-en-worksheet", "'I'm stuck on my algebra worksheet, ...' declined (the homework lead-in)",
     _LIN + "vocabulary/en.json", '   "i\'m stuck on my algebra worksheet",\n', "", _T),
    ("linAJ-de-value-only", "'Antworte nur mit dem Wert.' declined",
     _LIN + "vocabulary/de.json", ', "antworte nur mit dem wert"', "", _T),
    ("linAJ-ru-value-case", "'Ответь только значением.' declined (the value in its instrumental case)",
     _LIN + "vocabulary/ru.json", ', "значением"', "", _T),
]
# fmt: on
