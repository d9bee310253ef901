"""Mutation-check rows for the linear reach of branch wip/linH (issue 33 items 2/3/4, round 4): an
unknown named before a colon, the steps explained or numbered before the colon, the German infinitive
after its object, the help asked after a greeting, the Russian copula dash, "Ответ одним числом", a
format-only system turn. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_reach_linH.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linH-numbering-comma-kept", "'Solve simultaneously, numbering your steps: ...' no longer read (the comma links)",
     _LINEAR + "reader.py", '    return bool(i and after == "NUMBERED" and words[j + 1:j + 2]', '    return bool(False and words[j + 1:j + 2]', _TESTS),
    ("linH-named-colon-dropped", "'y: 4y = 100' no longer read",
     _LINEAR + "request.lark", "%extend request: named COLON eqs ", "%extend request: named COLON COLON eqs ", _TESTS),
    ("linH-explained-no-steps", "'Solve for x and explain each step briefly: ...' read without asking the working",
     _LINEAR + "request.lark", "       | EXPLAIN ART? POSS? STEPNOUN (BRIEF | ADV)       -> steps",
     "       | EXPLAIN ART? POSS? STEPNOUN (BRIEF | ADV)       -> explained", _TESTS),  # wip/linJ: colon_format
    ("linH-one-number-answer-only", "'Ответ одним числом: ...' served as 'x = 8', not the number alone",
     _LINEAR + "request.lark", "%extend bare: ANSWER BARE_NUMBER -> bare_number ", "%extend bare: ANSWER BARE_NUMBER -> answer_only ", _TESTS),
    ("linH-copula-dash-dropped", "'Ты — репетитор по математике' no longer read",
     _LINEAR + "request.lark", "%extend persona: YOU_ARE COMMA ROLE_ADJ* ROLE_NOUN ", "%extend persona: YOU_ARE COMMA COMMA ROLE_ADJ* ROLE_NOUN ", _TESTS),
    ("linH-object-verb-dropped", "'Bitte das Gleichungssystem lösen: ...' no longer read",
     _LINEAR + "request.lark", "%extend solve: object SOLVE COLON eqs ", "%extend solve: object SOLVE SOLVE COLON eqs ", _TESTS),
    ("linH-help-after-greeting-dropped", "'Hola, ¿me echas una mano con este ejercicio? ...' no longer read",
     _LINEAR + "request.lark", "%extend sentence: contexts (COLON | COMMA | LINK) help_alone -> led ",
     "%extend sentence: contexts (COLON | COMMA | LINK) help_alone help_alone -> led ", _TESTS),
    ("linH-intro-comma-given-dropped", "'I'm stuck on my homework, the equation is ...' no longer read",
     _LINEAR + "request.lark", "%extend sentence: INTRO COMMA given -> led ", "%extend sentence: INTRO COMMA COMMA given -> led ", _TESTS),
    ("linH-explained-adv-dropped", "'Solve for x and explain each step clearly: ...' no longer read",
     _LINEAR + "request.lark", "STEPNOUN (BRIEF | ADV)       -> steps", "STEPNOUN BRIEF       -> steps", _TESTS),  # wip/linJ: colon_format
    ("linH-final-result-unread", "'Antworte nur mit dem Endergebnis.' no longer read as the answer alone",
     _LINEAR + "vocabulary/de.json", '   "antworte nur mit dem endergebnis",\n', '   "antworte nur mit dem endergebnis x",\n', _TESTS),
    # linH-stuck-after-context-dropped retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("linH-reply-only-unread", "'System: Reply only with the final answer.' no longer read as the answer alone",
     _LINEAR + "vocabulary/en.json", '   "reply only with the final answer",\n', '   "reply only with the final answer x",\n', _TESTS),
]
# fmt: on
