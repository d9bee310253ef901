"""Linear everyday reach (issue 33 items 2/3/4, branch wip/linE), written by hand per class from the
set-6 dev failures' classes, not from the held-out prompts. Each pair: the first prompt is answered
by a model that is never right (only what the checker or the deterministic fallback proves is
stored), then the second is served proven without a model call and exactly right (the last line
read by test_linear_reach_linR's own reading), in the form asked; each trap is no claim and
reaches the model.

Classes: "give the solution of ..." after a format ("In one line, ..."); a 2x2 or 3x3 system solved
"simultaneously" or "Give exact fractions" with changed constants; "... and answer in the form x =
<value>" (the template is the last line); "asap"; a chat whose earlier turns are small talk
("User: hi / Assistant: Hello! How can I help?"); few-shot Q:/A: blocks ending with an empty "A:";
help naming the homework (es, ru), es "tengo que despejar", de "wenn ... gilt", de "mir bitte bei
dieser Aufgabe", pt "só preciso do valor de", it "passo per passo come risolvere", ru "Ответ дайте
одним числом", zh "只回答数字", ja "を解いて、答えだけ教えて"; "please" in English inside another
language's request, a context after "please" ("por favor, I need it for class"), a quoted homework
("My son's homework says: ...") and "Can you walk me through it?" (the working), pt "Preciso apenas
de x: ..." (the unknown alone); es "Mi hija tiene estos deberes: «...»" (guillemets are quotes in es, ru
too), "¿Me ayudas a explicárselo paso a paso?", "¿Cómo se resuelve?" (the working); "Solve for k and show your work: ..." (the unknown named, the
working shown); the chat's greeting turn, "give the solution of", exact fractions and "asap" in the
other tables where they exist ("¿En qué puedo ayudarte?", "En una línea, da la solución de ...",
"Donne des fractions exactes.", "Gib exakte Brüche an.", "porfa ... rápido", "Quel est y si ...")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import NeverRightModel
from .test_linear_reach_linR import served

PAIRS = [
    # a format before "give the solution of ..." (every unknown)
    ("In one line, give the solution of 5x - 3 = 22.", "In one line, give the solution of 5x - 3 = 37.", {"x": 8}, "one_line"),
    ("Give the solution of 4y + 1 = 9.", "Give the solution of 4y + 1 = 29.", {"y": 7}, ""),
    ("Please give me the solution of the equation 2t - 6 = 4.", "Please give me the solution of the equation 2t - 6 = 10.",
     {"t": 8}, ""),
    # systems "simultaneously", re-instantiated with changed constants
    ("Solve x + y = 9 and x - y = 3 simultaneously.", "Solve x + y = 17 and x - y = 5 simultaneously.", {"x": 11, "y": 6}, ""),
    ("Solve 3a + 2b = 16 and a - b = 2 simultaneously.", "Solve 3a + 2b = 31 and a - b = 2 simultaneously.",
     {"a": 7, "b": 5}, ""),
    ("Résous x + y = 9 et x - y = 3 simultanément.", "Résous x + y = 13 et x - y = 3 simultanément.", {"x": 8, "y": 5}, ""),
    # three unknowns, exact fractions asked
    ("Solve the system p + q + r = 6, p + 2q = 5, q + r = 4. Give exact fractions.",
     "Solve the system p + q + r = 10, p + 2q = 9, q + r = 6. Give exact fractions.",
     {"p": 4, "q": Fraction(5, 2), "r": Fraction(7, 2)}, ""),
    # the answer's form after "and": the template is the last line
    ("Solve 3x + 2 = 14 and answer in the form x = <value>.", "Solve 3x + 2 = 26 and answer in the form x = <value>.",
     {"x": 8}, ""),
    # "asap", lowercase
    ("pls solve 5x-2=13 asap", "pls solve 5x-2=28 asap", {"x": 6}, ""),
    ("hey can u solve 2y + 9 = 15 asap", "hey can u solve 2y + 9 = 25 asap", {"y": 8}, ""),
    # a chat whose earlier turns are small talk
    ("User: hello\nAssistant: Hi! How can I help you today?\nUser: what's y in 3y - 2 = 10",
     "User: hello\nAssistant: Hi! How can I help you today?\nUser: what's y in 3y - 2 = 19", {"y": 7}, ""),
    # few-shot Q:/A: blocks, the last answer to be written
    ("Q: Solve 2x = 6.\nA: x = 3\nQ: Solve x - 4 = 1.\nA: x = 5\nQ: Solve 4x + 1 = 17.\nA:",
     "Q: Solve 2x = 6.\nA: x = 3\nQ: Solve x - 4 = 1.\nA: x = 5\nQ: Solve 4x + 1 = 25.\nA:", {"x": 6}, ""),
    ("Q: Solve y + 2 = 7.\nA: y = 5\nQ: Solve 6y - 5 = 13.\nA:", "Q: Solve y + 2 = 7.\nA: y = 5\nQ: Solve 6y - 5 = 31.\nA:",
     {"y": 6}, ""),
    # other languages
    ("Hola, ¿me ayudas con la tarea? Tengo que despejar n en 3n - 4 = 11.",
     "Hola, ¿me ayudas con la tarea? Tengo que despejar n en 3n - 4 = 20.", {"n": 8}, ""),
    ("Was ist y, wenn 4y + 3 = 19 gilt?", "Was ist y, wenn 4y + 3 = 31 gilt?", {"y": 7}, ""),
    ("Kannst du mir bitte bei dieser Aufgabe helfen? 2(x - 1) = 10. Bitte nur das Ergebnis.",
     "Kannst du mir bitte bei dieser Aufgabe helfen? 2(x - 1) = 16. Bitte nur das Ergebnis.", {"x": 9}, "answer_only"),
    ("Oi! Me ajuda a resolver 3m - 5 = 10? Só preciso do valor de m.",
     "Oi! Me ajuda a resolver 3m - 5 = 16? Só preciso do valor de m.", {"m": 7}, "answer_only"),
    ("Ciao, mi spieghi passo per passo come risolvere 4(t + 1) = 20?",
     "Ciao, mi spieghi passo per passo come risolvere 4(t + 1) = 36?", {"t": 8}, ""),
    ("Помогите, пожалуйста, с домашкой: 5z - 1 = 3z + 7. Чему равен z?",
     "Помогите, пожалуйста, с домашкой: 5z - 1 = 3z + 11. Чему равен z?", {"z": 6}, ""),
    ("Найдите y: 0,5y + 2 = 5. Ответ дайте одним числом.", "Найдите y: 0,5y + 2 = 7. Ответ дайте одним числом.",
     {"": 10}, "bare"),
    ("已知 2b - 3 = 7，求 b。只回答数字。", "已知 2b - 3 = 13，求 b。只回答数字。", {"": 8}, "bare"),
    ("x/2 + 1 = 4 を解いて、答えだけ教えて。", "x/2 + 1 = 6 を解いて、答えだけ教えて。", {"x": 10}, "answer_only"),
    # "please" in English inside another language's request; a context after "please"
    ("Resuelve 3x + 2 = 11 please", "Resuelve 3x + 2 = 20 please", {"x": 6}, ""),
    ("Löse 2x - 1 = 7 please.", "Löse 2x - 1 = 11 please.", {"x": 6}, ""),
    ("Solve 4x - 2 = 10 por favor, I need it for class", "Solve 4x - 2 = 26 por favor, I need it for class", {"x": 7}, ""),
    ("Solve 2y + 5 = 9, please, it's for my homework", "Solve 2y + 5 = 21, please, it's for my homework", {"y": 8}, ""),
    # a homework quoted, a context, and the working asked as "walk me through it"
    ('My son\'s homework says: "Find k if 3k + 4 = 19." I forgot how to do these. Can you walk me through it?',
     'My son\'s homework says: "Find k if 3k + 4 = 25." I forgot how to do these. Can you walk me through it?', {"k": 7}, ""),
    ("2x + 3 = 11. Can you walk me through it?", "2x + 3 = 19. Can you walk me through it?", {"x": 8}, ""),
    # es: a homework quoted in guillemets, "explain it to him step by step", "how is it solved?"
    ("Mi hija tiene estos deberes: «Halla el valor de m en 5m - 2 = 13». ¿Me ayudas a explicárselo paso a paso?",
     "Mi hija tiene estos deberes: «Halla el valor de m en 5m - 2 = 28». ¿Me ayudas a explicárselo paso a paso?", {"m": 6}, ""),
    ("Mi hijo tiene esta tarea de mates: 3y + 1 = 10. ¿Cómo se resuelve? No me acuerdo de nada jaja",
     "Mi hijo tiene esta tarea de mates: 3y + 1 = 22. ¿Cómo se resuelve? No me acuerdo de nada jaja", {"y": 7}, ""),
    # the working asked beside the unknown before the equations
    ("Solve for n and show your work: 7n + 2 = 3n + 14", "Solve for n and show your work: 7n + 2 = 3n + 22", {"n": 5}, ""),
    ("Solve for x and show your steps: x + y = 8, x - y = 2", "Solve for x and show your steps: x + y = 12, x - y = 2",
     {"x": 7}, ""),
    # the same classes in the other tables: a chat's greeting turn, a format before "give the solution
    # of", exact fractions, "asap", "quel est x si"
    ("Usuario: hola\nAsistente: ¡Hola! ¿En qué puedo ayudarte?\nUsuario: ¿cuánto vale x en 3x + 3 = 12?",
     "Usuario: hola\nAsistente: ¡Hola! ¿En qué puedo ayudarte?\nUsuario: ¿cuánto vale x en 3x + 3 = 21?", {"x": 6}, ""),
    ("Utilisateur : bonjour\nAssistant : Bonjour ! Comment puis-je vous aider ?\nUtilisateur : résous 2x + 3 = 11",
     "Utilisateur : bonjour\nAssistant : Bonjour ! Comment puis-je vous aider ?\nUtilisateur : résous 2x + 3 = 17", {"x": 7}, ""),
    ("用户：你好\n助手：你好！有什么可以帮你的吗？\n用户：2x + 3 = 11，x 是多少？", "用户：你好\n助手：你好！有什么可以帮你的吗？\n用户：2x + 3 = 15，x 是多少？",
     {"x": 6}, ""),
    ("En una línea, da la solución de 4x - 3 = 9.", "En una línea, da la solución de 4x - 3 = 17.", {"x": 5}, "one_line"),
    ("En une ligne, donne la solution de 4x - 3 = 9.", "En une ligne, donne la solution de 4x - 3 = 21.", {"x": 6}, "one_line"),
    ("Resuelve el sistema p + q + r = 6, p + 2q = 5, q + r = 4. Da fracciones exactas.",
     "Resuelve el sistema p + q + r = 10, p + 2q = 9, q + r = 6. Da fracciones exactas.",
     {"p": 4, "q": Fraction(5, 2), "r": Fraction(7, 2)}, ""),
    ("Löse das System p + q + r = 6, p + 2q = 5, q + r = 4. Gib exakte Brüche an.",
     "Löse das System p + q + r = 10, p + 2q = 9, q + r = 6. Gib exakte Brüche an.",
     {"p": 4, "q": Fraction(5, 2), "r": Fraction(7, 2)}, ""),
    ("porfa resuelve 5x+1=11 rápido", "porfa resuelve 5x+1=31 rápido", {"x": 6}, ""),
    ("Quel est y si 3y - 4 = 11 ?", "Quel est y si 3y - 4 = 20 ?", {"y": 8}, ""),
    # more wordings of the same classes: "the solution to ... in one line", "at the same time", "quickly pls",
    # an Input:/Output: few-shot block, "the answers as exact fractions"
    ("Give me the solution to 6x + 1 = 13 in one line.", "Give me the solution to 6x + 1 = 43 in one line.", {"x": 7}, "one_line"),
    ("Solve x + 2y = 7 and x - y = 1 at the same time.", "Solve x + 2y = 10 and x - y = 1 at the same time.", {"x": 4, "y": 3}, ""),
    ("solve 3x+4=19 quickly pls", "solve 3x+4=28 quickly pls", {"x": 8}, ""),
    ("Input: x + 1 = 3\nOutput: x = 2\nInput: 5x - 4 = 11\nOutput:", "Input: x + 1 = 3\nOutput: x = 2\nInput: 5x - 4 = 26\nOutput:",
     {"x": 6}, ""),
    ("Solve the system p + q + r = 6, p + 2q = 5, q + r = 4. Give the answers as exact fractions.",
     "Solve the system p + q + r = 10, p + 2q = 9, q + r = 6. Give the answers as exact fractions.",
     {"p": 4, "q": Fraction(5, 2), "r": Fraction(7, 2)}, ""),
    # pt: only the unknown, after "preciso"
    ("Preciso apenas de x: 2x + 4 = 10", "Preciso apenas de x: 2x + 4 = 1", {"x": Fraction(-3, 2)}, "answer_only"),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_served_proven_and_exactly_right(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    served(first, second, expected, fmt)


def test_the_form_asked_after_and_is_the_last_line() -> None:
    """"... and answer in the form x = <value>": the last line is the template with the value."""
    text = served("Solve 3x + 2 = 14 and answer in the form x = <value>.",
                  "Solve 3x + 2 = 32 and answer in the form x = <value>.", {"x": 10})
    assert text.strip().splitlines()[-1] == "x = 10", text


def test_the_readings_asked() -> None:
    """What each class asks: the unknowns, the format (none beyond those said)."""
    cases = {
        "In one line, give the solution of 5x - 3 = 22.": (("x",), ("one_line",)),
        "Solve x + y = 9 and x - y = 3 simultaneously.": (("x", "y"), ()),
        "Solve the system p + q + r = 6, p + 2q = 5, q + r = 4. Give exact fractions.": (("p", "q", "r"), ("fraction",)),
        "Oi! Me ajuda a resolver 4k + 10 = 26? Só preciso do valor de k.": (("k",), ("answer_only",)),
        "已知 2b - 3 = 7，求 b。只回答数字。": (("b",), ("answer_only", "bare_number")),
        "Найдите y: 0,5y + 2 = 5. Ответ дайте одним числом.": (("y",), ("answer_only", "bare_number")),
        "Ciao, mi spieghi passo per passo come risolvere 4(t + 1) = 20?": (("t",), ("steps",)),
        "x/2 + 1 = 4 を解いて、答えだけ教えて。": (("x",), ("answer_only",)),
        "2x + 3 = 11. Can you walk me through it?": (("x",), ("steps",)),
        "Preciso apenas de x: 2x + 4 = 10": (("x",), ("answer_only",)),
        "Solve 4x - 2 = 10 por favor, I need it for class": (("x",), ()),
        "Résous le système p + q + r = 6, p + 2q = 5, q + r = 4. Donne des fractions exactes.": (("p", "q", "r"), ("fraction",)),
        "Löse das System p + q + r = 6, p + 2q = 5, q + r = 4. Gib exakte Brüche an.": (("p", "q", "r"), ("fraction",)),
        "Solve for x and show your steps: x + y = 8, x - y = 2": (("x",), ("steps",)),
        "Show your work: 2x + 1 = 9": (("x",), ("steps",)),
        "Solve the system p + q + r = 6, p + 2q = 5, q + r = 4. Give the answers as exact fractions.": (
            ("p", "q", "r"), ("fraction",)),
        "Give me the solution to 6x + 1 = 13 in one line.": (("x",), ("one_line",)),
        "Mi hijo tiene esta tarea de mates: 3y + 1 = 10. ¿Cómo se resuelve? No me acuerdo de nada jaja": (("y",), ("steps",)),
        "Mi hija tiene estos deberes: «Halla el valor de m en 5m - 2 = 13». ¿Me ayudas a explicárselo paso a paso?": (
            ("m",), ("steps",)),
    }
    for prompt, (asked, fmt) in cases.items():
        problem = understand_prompt(prompt)
        assert problem is not None and (problem.asked, problem.format) == (asked, fmt), (prompt, problem)


def test_the_product_asked_after_a_system_is_the_product() -> None:
    """A trap answered right: "What is x*y?" after the system asks the product (6 * 3), not x and y."""
    problem = understand_prompt("Solve x + y = 9 and x - y = 3 simultaneously. What is x*y?")
    assert problem is not None and problem.target == "x*y" and problem.target_value == 18, problem


# (cached, trap): the trap is no claim and, with the cached problem stored, reaches the model
TRAPS = [
    ("In one line, give the solution of 5x - 3 = 22.", "In one line, give the solution of 5x - 3 > 22."),
    ("In one line, give the solution of 5x - 3 = 22.", "In one line, give the solution of 5x^2 - 3 = 22."),
    ("In one line, give the solution of 5x - 3 = 22.", "In one line, give the solution of 5x - 3 = 22 in French."),
    ("Solve x + y = 9 and x - y = 3 simultaneously.", "Solve x + y = 9 and x + y = 3 simultaneously."),  # no solution
    ("Solve x + y = 9 and x - y = 3 simultaneously.", "Solve x + y = 9 and x - y > 3 simultaneously."),
    ("Solve 3x + 2 = 14 and answer in the form x = <value>.", "Solve 3x + 2 = 14 and answer in the form y = <value>."),
    ("Solve 3x + 2 = 14 and answer in the form x = <value>.", "Solve 3x + 2 = 14 and answer in the form of a poem."),
    ("pls solve 5x-2=13 asap", "pls solve 5x-2>13 asap"),
    ("pls solve 5x-2=13 asap", "pls solve 5x-2=13 asap in german"),
    ("Solve the system p + q + r = 6, p + 2q = 5, q + r = 4. Give exact fractions.",
     "Solve the system p + q + r = 6, p + 2q = 5. Give exact fractions."),  # two equations, three unknowns
    # a chat: a greeting turn that carries anything else, a turn that is no greeting
    ("Solve 3y - 2 = 10", "User: hello\nAssistant: Hi! From now on I answer in French.\nUser: what's y in 3y - 2 = 10"),
    ("Solve 3y - 2 = 10", "User: hello\nAssistant: Hi! y = 7\nUser: what's y in 3y - 2 = 10"),
    ("Solve 3y - 2 = 10", "User: answer in French\nAssistant: Hi! How can I help?\nUser: what's y in 3y - 2 = 10"),
    # few-shot: an earlier answer that is no stated value, an instruction in an earlier question, no question last
    ("Solve 4x + 1 = 17", "Q: Solve 2x = 6.\nA: I think it is three\nQ: Solve 4x + 1 = 17.\nA:"),
    ("Solve 4x + 1 = 17", "Q: Solve 2x = 6 in French.\nA: x = 3\nQ: Solve 4x + 1 = 17.\nA:"),
    ("Solve 4x + 1 = 17", "Q: Solve 2x = 6.\nA: x = 3\nQ: Solve 4x + 1 > 17.\nA:"),
    ("Solve 4x + 1 = 17", "Q: Solve 2x = 6.\nA: x = 3\nQ: Now answer in German: 4x + 1 = 17.\nA:"),
    # other languages: inequalities, other quantities, another language asked
    ("Was ist y, wenn 4y + 3 = 19 gilt?", "Was ist y, wenn 4y + 3 > 19 gilt?"),
    ("Was ist y, wenn 4y + 3 = 19 gilt?", "Was ist y, wenn 4y + 3 = 19 nicht gilt?"),
    ("Hola, ¿me ayudas con la tarea? Tengo que despejar n en 3n - 4 = 11.",
     "Hola, ¿me ayudas con la tarea? Tengo que despejar n en 3n - 4 < 11."),
    ("Oi! Me ajuda a resolver 3m - 5 = 10? Só preciso do valor de m.",
     "Oi! Me ajuda a resolver 3m - 5 = 10? Só preciso do valor de m em inglês."),
    ("Oi! Me ajuda a resolver 3m - 5 = 10? Só preciso do valor de m.",
     "Oi! Me ajuda a resolver 3m - 5 = 10? Só preciso do valor de n."),  # n is no unknown
    ("Помогите, пожалуйста, с домашкой: 5z - 1 = 3z + 7. Чему равен z?",
     "Помогите, пожалуйста, с домашкой: 5z - 1 > 3z + 7. Чему равен z?"),
    ("Найдите y: 0,5y + 2 = 5. Ответ дайте одним числом.", "Найдите x и y: x + y = 5, x - y = 1. Ответ дайте одним числом."),
    ("已知 2b - 3 = 7，求 b。只回答数字。", "已知 a + b = 7，a - b = 1，求 a 和 b。只回答数字。"),  # two values: no number alone
    ("x/2 + 1 = 4 を解いて、答えだけ教えて。", "x/2 + 1 > 4 を解いて、答えだけ教えて。"),
    ("Ciao, mi spieghi passo per passo come risolvere 4(t + 1) = 20?",
     "Ciao, mi spieghi passo per passo come risolvere 4(t + 1) = 20 in inglese?"),
    ("Resuelve 3x + 2 = 11 please", "Resuelve 3x + 2 = 11 please in English"),
    ("Solve 4x - 2 = 10 por favor, I need it for class", "Solve 4x - 2 = 10 por favor, I need it in French"),
    ("Solve 4x - 2 = 10 por favor, I need it for class", "Solve 4x - 2 > 10 por favor, I need it for class"),
    ("2x + 3 = 11. Can you walk me through it?", "2x + 3 = 11. Can you walk me through it in Spanish?"),
    ("2x + 3 = 11. Can you walk me through it?", "2x + 3 = 11. Can you walk me through x squared?"),
    ('My son\'s homework says: "Find k if 3k + 4 = 19."', 'My son\'s homework says: "Find k if 3k + 4 > 19."'),
    ('My son\'s homework says: "Find k if 3k + 4 = 19."', 'My son\'s homework says: "Find k if 3k^2 + 4 = 19."'),
    ("Mi hijo tiene esta tarea de mates: 3y + 1 = 10. ¿Cómo se resuelve?", "Mi hijo tiene esta tarea de mates: 3y + 1 = 10. ¿Cómo se resuelve en inglés?"),
    ("Mi hijo tiene esta tarea de mates: 3y + 1 = 10. ¿Cómo se resuelve?", "Mi hijo tiene esta tarea de mates: 3y + 1 < 10. ¿Cómo se resuelve?"),
    ("Mi hija tiene estos deberes: «Halla el valor de m en 5m - 2 = 13».", "Mi hija tiene estos deberes: «Halla el valor de m² en 5m - 2 = 13»."),
    ("Solve for n and show your work: 7n + 2 = 3n + 14", "Solve for m and show your work: 7n + 2 = 3n + 14"),  # m is no unknown
    ("Solve for n and show your work: 7n + 2 = 3n + 14", "Solve for n and show your work in French: 7n + 2 = 3n + 14"),
    # ("Show your work: x + y = 3, x - y = 1. Solve for x.": one request, x with the working: served and exactly
    # right since wip/linJ, test_linear_reach_linJ.py::test_the_working_shown_then_one_unknown_asked_is_served)
    ("Solve 3x + 3 = 12", "Usuario: hola\nAsistente: ¡Hola! Respondo en inglés.\nUsuario: ¿cuánto vale x en 3x + 3 = 12?"),
    ("Solve 3x + 3 = 12", "Usuario: hola\nAsistente: ¡Hola! ¿En qué puedo ayudarte?\nUsuario: ¿cuánto vale x² en 3x + 3 = 12? en inglés"),
    ("En una línea, da la solución de 4x - 3 = 9.", "En una línea, da la solución de 4x - 3 > 9."),
    ("En una línea, da la solución de 4x - 3 = 9.", "En una línea, da la solución de 4x - 3 = 9 en inglés."),
    ("Resuelve el sistema p + q + r = 6, p + 2q = 5, q + r = 4. Da fracciones exactas.",
     "Resuelve el sistema p + q + r = 6, p + 2q = 5. Da fracciones exactas."),
    ("Quel est y si 3y - 4 = 11 ?", "Quel est y si 3y - 4 < 11 ?"),
    ("Quel est y si 3y - 4 = 11 ?", "Quel est z si 3y - 4 = 11 ?"),
    ("Give me the solution to 6x + 1 = 13 in one line.", "Give me the solution to 6x + 1 = 13 in one line in German."),
    ("Give me the solution to 6x + 1 = 13 in one line.", "Give me the solution to 6x^2 + 1 = 13 in one line."),
    ("Solve x + 2y = 7 and x - y = 1 at the same time.", "Solve x + 2y = 7 and 2x + 4y = 14 at the same time."),  # no unique solution
    ("Solve 5x - 4 = 11", "Input: x + 1 = 3\nOutput: x = 3\nInput: 5x - 4 = 11 in French\nOutput:"),
    ("Solve 5x - 4 = 11", "Input: x + 1 = 3\nOutput: maybe 2\nInput: 5x - 4 = 11\nOutput:"),
    ("Solve 5x - 4 = 11", "Input: x + 1 = 3\nOutput: x = 2\nInput: 5x - 4 > 11\nOutput:"),
    ("Preciso apenas de x: 2x + 4 = 10", "Preciso apenas de y: 2x + 4 = 10"),  # y is no unknown
    ("Preciso apenas de x: 2x + 4 = 10", "Preciso apenas de x: x + y = 10"),  # no unique value
]


@pytest.mark.parametrize(("cached", "trap"), TRAPS)
def test_a_trap_is_no_claim_and_reaches_the_model(cached: str, trap: str) -> None:
    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate(cached, model)
    asked: list[str] = []
    result = cache.generate(trap, lambda p: asked.append(p) or "I cannot say.")
    assert asked and result.model_calls >= 1, trap
    assert not (result.verified and result.task == "linear_equation"), trap
