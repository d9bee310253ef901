"""Mutation-check rows for wip/linV: generic lead-ins that state the equations ("Let's say", "Supongamos
que", "Допустим,", "假如"), the unknown asked by the values that make the equations hold ("Für welches m
gilt ...?", "What value of x makes ...?") and the plural asks of two unknowns. Appended by ``mutants.py``
to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_V = f"{_LIN}/vocabulary"
_T = ("tests/adversarial/test_linear_reach_linV.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linV-if-comma-given", "a comma after a lead-in no longer read: 'Angenommen, 3x + 2 = 11. Was ist x?' no claim",
     f"{_LIN}/request.lark", "%extend given: IF COMMA object? eqs\n", "", _T),
    ("linV-if-comma-request", "a comma after a lead-in joined to its question no longer read: 'Допустим, 3x + 2 = 11, чему равен x?'",
     f"{_LIN}/request.lark", "%extend request: IF COMMA eqs LINK? acts politely?\n", "", _T),
    ("linV-makes-without-true", "'What value of x makes 2x + 5 = 23?' needs 'true' again",
     f"{_LIN}/request.lark", "%extend where: MAKES eqs\n", "", _T),
    ("linV-en-lets-say", "'let's say' dropped from the English lead-ins",
     f"{_V}/en.json", '   "let\'s say",\n', "", _T),
    ("linV-en-quick-check", "'quick check' dropped from the English intros",
     f"{_V}/en.json", '   "quick check",\n', "", _T),
    ("linV-es-supongamos", "'supongamos que' dropped from the Spanish lead-ins",
     f"{_V}/es.json", '   "supongamos que",\n', "", _T),
    ("linV-fr-disons", "'disons que' dropped from the French lead-ins",
     f"{_V}/fr.json", '   "disons que",\n', "", _T),
    ("linV-it-supponiamo", "'supponiamo che' dropped from the Italian lead-ins",
     f"{_V}/it.json", '   "supponiamo che",\n', "", _T),
    ("linV-pt-suponha", "'suponha que' dropped from the Portuguese lead-ins",
     f"{_V}/pt.json", '   "suponha que",\n', "", _T),
    ("linV-ru-dopustim", "'допустим' dropped from the Russian lead-ins",
     f"{_V}/ru.json", '   "допустим",\n', "", _T),
    ("linV-zh-jiaru", "'假如' dropped from the Chinese lead-ins",
     f"{_V}/zh.json", '   "假如",\n', "", _T),
    ("linV-de-fuer-welches", "'für welches' dropped from the German FOR_WHICH words",
     f"{_V}/de.json", '"FOR_WHICH": ["für welches", ', '"FOR_WHICH": [', _T),
    ("linV-es-se-cumple", "'se cumple' dropped from the Spanish EQUALS words",
     f"{_V}/es.json", '"EQUALS": ["se cumple", ', '"EQUALS": [', _T),
    ("linV-ru-pri-kakom", "'при каком' dropped from the Russian FOR_WHICH words",
     f"{_V}/ru.json", '"FOR_WHICH": ["при каком", ', '"FOR_WHICH": [', _T),
    ("linV-pt-plural", "'quanto valem' dropped from the Portuguese asks",
     f"{_V}/pt.json", '   "quanto valem"\n', '   "quanto valerão"\n', _T),
]
# fmt: on
ROWS += [
    ("linV-label-of-holder", "a label naming the homework no longer read: 'Ejercicio 4 de la tarea: resuelve ...' no claim",
     f"{_LIN}/request.lark", "%extend label: LABEL LABEL_NUMBER? OF (ART | POSS)? (LABEL | INTRO)\n", "", _T),
    ("linV-label-of-no-article", "the article of the holder required: 'Exercice 2 du devoir :' no claim",
     f"{_LIN}/request.lark", "%extend label: LABEL LABEL_NUMBER? OF (ART | POSS)? (LABEL | INTRO)\n",
     "%extend label: LABEL LABEL_NUMBER? OF (ART | POSS) (LABEL | INTRO)\n", _T),
    ("linV-ru-zadachka", "'задачка' dropped from the Russian labels",
     f"{_V}/ru.json", '   "задачка"\n', '   "задачкаа"\n', _T),
]
