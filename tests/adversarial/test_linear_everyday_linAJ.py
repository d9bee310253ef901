"""Linear reach, round AJ (issue 33 items 2-4, branch wip/linAJ), written by hand per class (set 29, now a dev
set, named the classes; no pair is copied from it). Each pair: the first prompt is answered by a model that is
never right (only what the checker or the deterministic fallback proves is stored), then the second is served
proven without a model call and exactly right, in the format it asks; each trap is no claim.

Classes:
1. a format between the request verb and the equations ("Solve for x and give the result in one line: ...");
2. a blank line after the colon, before the equations;
3. "to find m" after the equations names the unknown solved for;
4. the format after the equations, in each table that has the words: the value alone ("Answer with the value
   only.", "Réponds seulement avec la valeur.", "Responde solo con el valor.") and the steps written ("and write
   the steps", "et écris les étapes", zh "，并写出步骤", ja "、途中式も書いてください");
5. help and homework frames: a lead-in's equations then the question ("the question says ..., what's x?"),
   "I'm stuck on my algebra worksheet", "please explain simply", es "Tengo esta tarea de mates y no me sale: ...".
"""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask

from .harness import assert_linear_trap_declined, served_linear

# (first, second, expected values of the second, the format read)
PAIRS = [
    # 1. a format between the verb and the equations
    ("Solve for x and give the result in one line: 6x + 11 = 29", "Solve for x and give the result in one line: 6x + 11 = 35",
     {"x": 4}, ("one_line",)),
    ("Solve for y and give the answer in one line: 2y - 3 = 7", "Solve for y and give the answer in one line: 2y - 3 = 9",
     {"y": 6}, ("one_line",)),
    ("Solve for x and write the steps: 5x + 1 = 16", "Solve for x and write the steps: 5x + 1 = 21", {"x": 4}, ("steps",)),
    ("Resuelve para x y da la respuesta en una sola línea: 3x + 2 = 11",
     "Resuelve para x y da la respuesta en una sola línea: 3x + 2 = 17", {"x": 5}, ("one_line",)),
    # 2. a blank line before the equations
    ("Please solve the following equation and explain each step:\n\n4a - 9 = 35",
     "Please solve the following equation and explain each step:\n\n4a - 9 = 27", {"a": 9}, ("steps",)),
    ("Solve for x:\n\n\n7x - 2 = 12", "Solve for x:\n\n\n7x - 2 = 19", {"x": 3}, ()),
    ("Solve for x and y:\n\nx + y = 10\nx - y = 2", "Solve for x and y:\n\nx + y = 12\nx - y = 2", {"x": 7, "y": 5}, ()),
    ("Résous l'équation suivante :\n\n4a - 9 = 35", "Résous l'équation suivante :\n\n4a - 9 = 31", {"a": 10}, ()),
    # 3. "to find m"
    ("Solve 2m + 3 = 21 to find m.", "Solve 2m + 3 = 25 to find m.", {"m": 11}, ()),
    ("Solve 3k - 4 = 11 to find k please.", "Solve 3k - 4 = 14 to find k please.", {"k": 6}, ()),
    ("Solve 2m + 3 = 21 to find m. Show your steps.", "Solve 2m + 3 = 17 to find m. Show your steps.", {"m": 7}, ("steps",)),
    # 4. formats after the equations
    ("Solve 4x - 5 = 31. Answer with the value only.", "Solve 4x - 5 = 27. Answer with the value only.", {"x": 8}, ("answer_only",)),
    ("Trouve x : x/5 + 1 = 6. Réponds seulement avec la valeur.", "Trouve x : x/5 + 1 = 8. Réponds seulement avec la valeur.",
     {"x": 35}, ("answer_only",)),
    ("Résous 4x - 5 = 31. Réponds avec la valeur seulement.", "Résous 4x - 5 = 35. Réponds avec la valeur seulement.",
     {"x": 10}, ("answer_only",)),
    ("Resuelve 4x - 5 = 31. Responde solo con el valor.", "Resuelve 4x - 5 = 39. Responde solo con el valor.",
     {"x": 11}, ("answer_only",)),
    ("Resolva 4x - 5 = 31. Responda apenas com o valor.", "Resolva 4x - 5 = 43. Responda apenas com o valor.",
     {"x": 12}, ("answer_only",)),
    ("Risolvi 4x - 5 = 31. Rispondi solo con il valore.", "Risolvi 4x - 5 = 47. Rispondi solo con il valore.",
     {"x": 13}, ("answer_only",)),
    ("Löse 4x - 5 = 31. Antworte nur mit dem Wert.", "Löse 4x - 5 = 51. Antworte nur mit dem Wert.", {"x": 14}, ("answer_only",)),
    ("Реши 4x - 5 = 31. Ответь только значением.", "Реши 4x - 5 = 55. Ответь только значением.", {"x": 15}, ("answer_only",)),
    ("Solve 4x - 5 = 31 and write the steps.", "Solve 4x - 5 = 27 and write the steps.", {"x": 8}, ("steps",)),
    ("Résous 4x - 5 = 31 et écris les étapes.", "Résous 4x - 5 = 27 et écris les étapes.", {"x": 8}, ("steps",)),
    ("Resuelve 4x - 5 = 31 y escribe los pasos.", "Resuelve 4x - 5 = 27 y escribe los pasos.", {"x": 8}, ("steps",)),
    ("Löse 4x - 5 = 31 und schreib die Schritte auf.", "Löse 4x - 5 = 27 und schreib die Schritte auf.", {"x": 8}, ("steps",)),
    ("Resolva 4x - 5 = 31 e escreva os passos.", "Resolva 4x - 5 = 27 e escreva os passos.", {"x": 8}, ("steps",)),
    ("Risolvi 4x - 5 = 31 e scrivi i passaggi.", "Risolvi 4x - 5 = 27 e scrivi i passaggi.", {"x": 8}, ("steps",)),
    ("Реши 4x - 5 = 31 и запиши шаги.", "Реши 4x - 5 = 27 и запиши шаги.", {"x": 8}, ("steps",)),
    ("请解方程：4x - 5 = 31，并写出步骤。", "请解方程：4x - 5 = 27，并写出步骤。", {"x": 8}, ("steps",)),
    ("4x - 5 = 31 を解いて、途中式も書いてください。", "4x - 5 = 27 を解いて、途中式も書いてください。", {"x": 8}, ("steps",)),
    # 5. help and homework frames
    ("I'm stuck on my algebra worksheet, the question says 12 - 2x = -6, what's x? please explain simply",
     "I'm stuck on my algebra worksheet, the question says 12 - 2x = -4, what's x? please explain simply", {"x": 8}, ("steps",)),
    ("The question says 12 - 2x = 6, what's x?", "The question says 12 - 2x = 2, what's x?", {"x": 5}, ()),
    ("My textbook says 3y + 1 = 10, what is y?", "My textbook says 3y + 1 = 13, what is y?", {"y": 4}, ()),
    ("I'm stuck on my homework, the question says 12 - 2x = 6, what's x?",
     "I'm stuck on my homework, the question says 12 - 2x = 4, what's x?", {"x": 4}, ()),
    ("Quick q, my textbook says 7 - 3x = 1, find x.", "Quick q, my textbook says 7 - 3x = -2, find x.", {"x": 3}, ()),
    ("I'm stuck on my math worksheet: 5x - 4 = 11", "I'm stuck on my math worksheet: 5x - 4 = 16", {"x": 4}, ()),
    ("Tengo esta tarea de mates y no me sale: 2(x + 4) = 26. ¿Me ayudas a resolverla?",
     "Tengo esta tarea de mates y no me sale: 2(x + 4) = 30. ¿Me ayudas a resolverla?", {"x": 11}, ()),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_an_everyday_request_is_served_in_its_format(first: str, second: str, expected: dict[str, int],
                                                     fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(second)
    assert problem is not None and problem.format == fmt, (second, problem)
    served_linear(first, second, expected, fmt[0] if fmt and fmt[0] in ("one_line", "answer_only") else "")


@pytest.mark.parametrize(("asked", "plain"), [
    ("Solve for x and give the result in one line: 6x + 11 = 29", "Solve 6x + 11 = 29."),
    ("Trouve x : x/5 + 1 = 6. Réponds seulement avec la valeur.", "Trouve x : x/5 + 1 = 6."),
    ("请解方程：4x - 5 = 31，并写出步骤。", "请解方程：4x - 5 = 31。"),
    ("Solve 4x - 5 = 31 and write the steps.", "Solve 4x - 5 = 31."),
])
def test_the_format_read_is_keyed(asked: str, plain: str) -> None:
    """The format read is part of the problem key, as the same format said elsewhere is."""
    task = LinearEquationTask()
    key_asked, key_plain = task.problem_key(task.constraints(asked)), task.problem_key(task.constraints(plain))
    assert key_asked is not None and key_plain is not None and key_asked != key_plain


def test_to_find_names_the_unknown_asked() -> None:
    problem = understand_prompt("Solve x + y = 10, x - y = 2 to find y.")
    assert problem is not None and problem.asked == ("y",), problem


BASE = "Solve 4x - 5 = 31."
TRAPS = [
    # a format the table does not know, between the verb and the equations or after them
    "Solve for x and give the result in Roman numerals: 4x - 5 = 31",
    "Solve for x and give the result in one line in French: 4x - 5 = 31",
    "Solve for x and write the steps in French: 4x - 5 = 31",
    "Solve 4x - 5 = 31 and write the steps backwards.",
    "Solve 4x - 5 = 31. Answer with the rounded value only.",
    "Résous 4x - 5 = 31. Réponds seulement avec la valeur de 2x en binaire.",
    "Resuelve 4x - 5 = 31. Responde solo con el valor en inglés.",
    "请解方程：4x - 5 = 31，并写出步骤，用英文回答。",
    "请解方程：4x - 5 = 31，并检验。",
    # an ask about something other than the unknown
    "Solve 4x - 5 = 31 to find 2x.",
    "Solve 4x - 5 = 31 to find x squared.",
    "Solve 4x - 5 = 31 to find n.",
    "Solve 4x - 5 = 31 to find x in centimetres.",
    "Solve 4x - 5 = 31 to find x and y.",
    # a story whose numbers contradict the equation (a story beside an equation is not read)
    "A taxi charges $3 plus $2 per mile. The fare was $23. Solve 2m + 3 = 21 to find the miles m.",
    "A taxi charges $3 plus $2 per mile. The fare was $21. Solve 2m + 3 = 21 to find the miles m.",
    # a blank line that separates something other than the request from its equations
    "Answer:\n\n4x - 5 = 31",
    "Solve 4x - 5 = 31.\n\nx = 9?",
    "Solve for x:\n\n4x - 5 = 31\n\nx = 9?",
    # a lead-in's equations then something that is no question of the unknown
    "The question says 4x - 5 = 31, is x = 9?",
    "The question says 4x - 5 = 31, x = 9?",
    "The question says 4x - 5 = 31, what's x in centimetres?",
    "I'm stuck on my algebra worksheet, the question says 4x - 5 = 31, what's x? please explain in French",
    "I'm stuck on my homework, the question says 4x - 5 = 31, is x = 9?",
    "I'm stuck on my homework, the question says 4x - 5 = 31, what's x in centimetres?",
    "I'm stuck on my homework, the question says 4x - 5 = 31, what's 2x + 1 in binary?",
    "Tengo esta tarea de mates y no me sale: 4x - 5 = 31. ¿Me ayudas a resolverla en inglés?",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_near_miss_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, BASE)
