"""Mutation-check rows for everyday words around a written linear equation, by construction (branch
wip/linT, 2026-12-05): chatter clauses read as nothing (CHATTER in every table, the classes a clause
may hold in _common.json), question tails, list-shaped prompts, quoted answer templates in every
table. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_VOCAB = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_chatter_linT.py", "tests/unit/test_linear_chatter_linT.py")

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linT-chatter-pass-off", "no clause is read as nothing ('ok so I've got ... and I'm totally stuck, what's k??' no claim)",
     _LINEAR + "reader.py", "    if read is None:  # wip/linT:", "    if False:  # wip/linT:", _TESTS),
    ("linT-chatter-any-word", "a clause holding a word of meaning read as nothing ('I'm not stuck', 'twice', a number)",
     _LINEAR + "reader.py", "kinds <= _CHATTER_CLAUSE and bool(kinds & _CHATTER_HEADS)",
     "not kinds & {'EQ', 'VAR', 'EXPR'} and bool(kinds & _CHATTER_HEADS)", _TESTS),
    ("linT-chatter-no-mark-dropped", "a chatter clause dropped without the mark beside it ('[chatter]: solve ...' no claim)",
     _LINEAR + "reader.py", "            continue  # \"[chatter]: solve ...\" -> \"solve ...\";", "            pass  #", _TESTS),
    ("linT-chatter-mark-before-kept", "the mark before a closing chatter clause kept ('Solve ..., [chatter].' no claim)",
     _LINEAR + "reader.py", "            out.pop()  # \"solve ..., [chatter].\"", "            pass  # \"solve ..., [chatter].\"", _TESTS),
    ("linT-turn-label-dropped", "one pronoun before a colon read as nothing ('You: y = 3. Me: ...' read as a given)",
     _LINEAR + "reader.py", "    return b == a + 1 and b < len(words)", "    return False and b == a + 1 and b < len(words)", _TESTS),
    ("linT-clause-class-common", "the clause classes lose CONTEXT ('... and I'm totally stuck, what's k??' no claim)",
     _VOCAB + "_common.json", '["CHATTER", "CONTEXT", ', '["CHATTER", ', _TESTS),
    ("linT-clause-class-role", "a speaker's noun may stand in a chatter clause ('Tutor: y = 3' read as a given)",
     _VOCAB + "_common.json", '"HELP_WITH", "LABEL"]', '"HELP_WITH", "LABEL", "ROLE_NOUN"]', _TESTS),
    ("linT-en-chatter-word-deleted", "en CHATTER 'totally' deleted ('ugh, totally lost: solve ...' no claim)",
     _VOCAB + "en.json", '   "totally",\n', "", _TESTS),
    ("linT-de-chatter-word-deleted", "de CHATTER 'verwirrt' deleted ('gerade total verwirrt, löse ...' no claim)",
     _VOCAB + "de.json", '   "verwirrt",\n', "", _TESTS),
    ("linT-zh-chatter-word-deleted", "zh CHATTER '我完全' deleted ('我完全卡住了，...' no claim)",
     _VOCAB + "zh.json", '   "我完全",\n', "", _TESTS),
    ("linT-en-chatter-meaning-word", "en CHATTER holds 'not' (disjointness broken)",
     _VOCAB + "en.json", '   "totally",\n', '   "totally",\n   "not",\n', _TESTS),
    ("linT-inline-please-off", "'solve pls 2x+15=47' no claim",
     _LINEAR + "reader.py", 'out[i].kind in _TAKES_EQUATIONS:\n                continue',
     'out[i].kind in _TAKES_EQUATIONS and False:\n                continue', _TESTS),
    ("linT-bullet-off", "a list's bullet read by no rule ('Solve the following:\\n- equation: ...' no claim)",
     _LINEAR + "reader.py", "        return [], bullet.end()  # wip/linT", "        return None  # wip/linT", _TESTS),
    ("linT-list-verb-rule-deleted", "'Solve the following:' before a list no longer read",
     _LINEAR + "request.lark", "%extend solve: SOLVE ART COLON\n", "%extend solve: SOLVE ART COLON COLON\n", _TESTS),
    ("linT-question-after-colon-deleted", "zh '帮我算一下：...，a 等于多少？' no longer read",
     _LINEAR + "request.lark", "%extend request: courtesy? FIND COLON eqs COMMA question politely?",
     "%extend request: courtesy? FIND COLON eqs COLON question politely?", _TESTS),
    ("linT-reply-only-unlinked", "'Solve ... and reply only with 'x = <value>'.' no claim",
     _LINEAR + "reader.py", '"ONE_SENTENCE": frozenset({"ANSWER_FORM"}), ', "", _TESTS),
    ("linT-ja-template-rule-deleted", "ja '最後に「答え: k = …」と書いてください' no longer read",
     _LINEAR + "request.lark", "%extend format: END? ANSWER_FORM QUOTE_WRITE ", "%extend format: END ANSWER_FORM QUOTE_WRITE QUOTE_WRITE ", _TESTS),
    ("linT-ja-template-label", "ja '答え' no template label ('「答え: k = …」' no claim)",
     _LINEAR + "answer_form.py", r'\u043e\u0442\u0432\u0435\u0442|\u7b54\u3048|\u7b54\u6848)', r'\u043e\u0442\u0432\u0435\u0442|\u7b54\u6848)', _TESTS),
    ("linT-corner-quote-after-word", "a corner quote after a word not read as a quote ('最後に「...」' no claim)",
     _LINEAR + "reader.py", 'and text[pos] not in "\\u300c\\u300e"', "", _TESTS),
    ("linT-zh-as-template-unlinked", "zh '，按「x = …」的格式回答' no longer joined",
     _LINEAR + "reader.py", '"ONE_LINE", "ANSWER_FORM"}),', '"ONE_LINE"}),', _TESTS),
    ("linT-emphasis-after-question", "'what's k?!' no claim",
     _LINEAR + "reader.py", r'_EMPHASIS = re.compile(r"(?:[^\W\d_]{2}[ ]?|[?\uff1f])!*$")',
     r'_EMPHASIS = re.compile(r"[^\W\d_]{2}[ ]?!*$")', _TESTS),
    ("linT-bullet-anywhere", "a dash opening the prompt read as a list's bullet ('- Solve 3x + 2 = 23.' served)",
     _LINEAR + "reader.py", "    if pos == 0 or text[pos - 1] != \"\\n\":\n        return False\n    before",
     "    if pos == 0:\n        return True\n    before", _TESTS),
    ("linT-check-after-chatter", "a yes/no check read after chatter is dropped ('I'm totally stuck, is x = 4 a solution of ...?' served)",
     _LINEAR + "reader.py", "        if read is not None and read.candidate is not None:",
     "        if read is not None and read.candidate is not None and False:",
     _TESTS + ("tests/adversarial/test_linear_everyday_english_2.py", "tests/adversarial/test_linear_everyday_languages_2.py")),
    ("linT-intro-alone-chatter", "a label or intro alone read as chatter ('29 = 1 + 7x solve - Homework' served)",
     _LINEAR + "reader.py", '_CHATTER_HEADS = frozenset({"CHATTER", ', '_CHATTER_HEADS = frozenset({"INTRO", "CHATTER", ',
     _TESTS + ("tests/adversarial/test_linear_everyday_english_2.py",)),
    ("linT-trailing-greeting", "a greeting after the equation dropped ('pls help solve 3x+7=22 yo' served)",
     _LINEAR + "reader.py", '_TRAILING_CHATTER = frozenset({"CHATTER", ', '_TRAILING_CHATTER = frozenset({"CONTEXT", "CHATTER", ',
     _TESTS + ("tests/adversarial/test_linear_reach_linG.py",)),
]
# fmt: on
