"""Mutation-check rows for branch wip/linM: homework labels that carry a problem's number ("Homework 3,
problem 7:", "Tarea 2, ejercicio 5:", "Hausaufgabe Nr. 6:", "Compito per casa, es. 12:", "Домашнее
задание, №3."). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_GRAMMAR = _LINEAR + "request.lark"
_READER = _LINEAR + "reader.py"
_TABLES = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_reach_linM.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linM-number-before-comma-off", "a label's number before a comma is no claim again ('Homework 3, problem 7: ...')",
     _READER, r'(?=\s*[:\uff1a]|, )")', r'(?=\s*[:\uff1a])")', _TESTS),
    ("linM-label-comma-label-dropped", "a label, a comma and a label is no claim again ('Tarea 2, ejercicio 5: ...')",
     _GRAMMAR, "%extend label: LABEL COMMA LABEL  ", "%extend label: LABEL COMMA LABEL LABEL  ", _TESTS),
    ("linM-intro-label-number-dropped", "an intro, a comma and a numbered label is no claim again ('Домашнее задание, №5: ...')",
     _GRAMMAR, "             | INTRO COMMA LABEL LABEL_NUMBER    ", "             | INTRO COMMA LABEL COLON    ", _TESTS),
    # linM-intro-label-dropped retired (2026-12-05, the clean-clone mutation check of 7f9857a): since wip/linP's label
    # family ("<label noun> <id> <punct>", en "homework" an INTRO word labelling the same way) 'Hausaufgabe Nr. 6: ...'
    # is read without this alternative, so its mutant is equivalent on every test; linP-label-* rows guard the family
    ("linM-numbered-label-sentence-dropped", "a numbered label alone as a sentence is no claim again ('Домашнее задание, №3. ...')",
     _GRAMMAR, "%extend body: INTRO COMMA LABEL LABEL_NUMBER -> context", "%extend body: INTRO COMMA LABEL LABEL_NUMBER COMMA -> context", _TESTS),
    ("linM-number-before-stop-off", "a label's number before a full stop is no claim again ('№3. ')",
     _READER, r'(?=\s?:| [-\u2013] |\. | [^\W\d_]{2}))")', r'(?=\s?:| [-\u2013] | [^\W\d_]{2}))")', _TESTS),  # re-anchored (wip/linP)
    ("linM-de-nr-word", "the table word 'nr.' (de LABEL) dropped",
     _TABLES + "de.json", '   "nr.",\n', '   "nr.x",\n', (*_TESTS, "tests/adversarial/test_linear_wrappers_linP.py")),  # re-anchored (wip/linP: "Nr. 6" after an intro is an id; "Nr. 4:" opening is the word's)
    ("linM-it-es-word", "the table word 'es.' (it LABEL) dropped",
     _TABLES + "it.json", '   "es.",\n', '   "es.x",\n', _TESTS),  # re-anchored (wip/linP)
    ("linM-ru-number-sign-word", "the table word '№' (ru LABEL) dropped",
     _TABLES + "ru.json", '   "№",\n', '   "№№",\n', _TESTS),  # re-anchored (wip/linP)
]
# fmt: on
