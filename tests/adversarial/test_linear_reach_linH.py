"""Linear reach, round 4 (issue 33 items 2/3/4, branch wip/linH), written by hand per class, not
from any held-out file. Each pair: the first prompt is answered by a model that is never right
(only what the checker or the deterministic fallback proves is stored), then the second is served
proven without a model call and exactly right; each trap is no claim, or, when read, answers
exactly what it asks.

Classes: a homework wrapper around a written equation ("I'm stuck on my math homework, the problem
is ...", "Teacher gave us this one and I keep getting it wrong: ... Can someone explain?", "Mon fils
bloque sur son devoir : ...", "Сын принёс домашку: ... Как это решить?", "宿題でわからないです。...",
"¿me echas una mano con este ejercicio?", "Mi aiuti con i compiti?"); an unknown named before a colon
("x: 10x = 250"); the steps explained before the equations ("Solve for x and explain each step
briefly: ..."); a comma or "and" before "numbering the steps" right before the colon ("Solve
simultaneously, numbering your steps: ...", "... und nummeriere die Schritte: ...", "... и
пронумеруй их: ..."); a system turn that only sets the format ("System: Respond only with the final
answer. | User: ..."); code-switching ("hola! quick one: solve ... por favor"); the German infinitive
after its object ("Bitte das Gleichungssystem lösen: ..."); a persona with the Russian copula dash
("Ты — репетитор"); the answer alone ("Rispondi solo con il risultato: ...", "Ответ одним числом: ...")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import served_linear, stated_value


def served(first: str, second: str) -> str:
    return served_linear(first, second)


PAIRS = [
    # homework wrappers around a written equation
    ("I'm stuck on my math homework, the problem is 2n + 5 = 17. What's n?",
     "I'm stuck on my math homework, the problem is 2n + 5 = 21. What's n?", {"n": 8}, "", ""),
    ("My teacher gave us this one and I keep getting it wrong: 7 - 3x = 1. Can someone explain?",
     "My teacher gave us this one and I keep getting it wrong: 7 - 3x = -5. Can someone explain?", {"x": 4}, "steps", ""),
    ("Hola, ¿me echas una mano con este ejercicio? 3(y - 1) = 12. Explícame los pasos, porfa.",
     "Hola, ¿me echas una mano con este ejercicio? 3(y - 1) = 15. Explícame los pasos, porfa.", {"y": 6}, "steps", ""),
    ("Ma fille bloque sur son devoir : 2t + 1 = 9. Quelle est la valeur de t ?",
     "Ma fille bloque sur son devoir : 2t + 1 = 11. Quelle est la valeur de t ?", {"t": 5}, "", ""),
    ("Mi aiuti con i compiti? Devo risolvere il sistema x + y = 9, 2x - y = 3.",
     "Mi aiuti con i compiti? Devo risolvere il sistema x + y = 9, 2x - y = 6.", {"x": 5, "y": 4}, "", ""),
    ("Дочь принесла домашку: 2(t - 1) = 8. Как это решить?",
     "Дочь принесла домашку: 2(t - 1) = 10. Как это решить?", {"t": 6}, "steps", ""),
    ("宿題でわからないです。3(k - 1) = k + 5 の k はいくつですか？",
     "宿題でわからないです。3(k - 1) = k + 7 の k はいくつですか？", {"k": 5}, "", ""),
    # an unknown named before a colon
    ("y: 4y = 100", "y: 4y = 48", {"y": 12}, "", ""),
    # the steps explained before the equations; numbering the steps before the colon
    ("Solve for x and explain each step briefly: 2x/3 = 4",
     "Solve for x and explain each step briefly: 2x/3 = 6", {"x": 9}, "steps", ""),
    ("Solve simultaneously, numbering your steps: 2x + y = 7, x - y = 2",
     "Solve simultaneously, numbering your steps: 2x + y = 10, x - y = 2", {"x": 4, "y": 2}, "numbered", ""),
    ("System: Du bist ein geduldiger Nachhilfelehrer. | Nutzer: Löse Schritt für Schritt und nummeriere die Schritte: 4m - 2 = 2m + 6",
     "System: Du bist ein geduldiger Nachhilfelehrer. | Nutzer: Löse Schritt für Schritt und nummeriere die Schritte: 4m - 2 = 2m + 8",
     {"m": 5}, "numbered", ""),
    ("Система: Ты — репетитор по математике. | Пользователь: Реши по шагам и пронумеруй их: 3a + 1 = a + 9.",
     "Система: Ты — репетитор по математике. | Пользователь: Реши по шагам и пронумеруй их: 3a + 1 = a + 11.",
     {"a": 5}, "numbered", ""),
    # a system turn that only sets the format; code-switching; a persona before a 3-unknown system
    ("System: Reply only with the final answer. | User: 3x + 1 = 10",
     "System: Reply only with the final answer. | User: 3x + 1 = 16", {"x": 5}, "answer_only", ""),
    ("hola! quick one: solve 4x + 2 = 18 por favor", "hola! quick one: solve 4x + 2 = 22 por favor", {"x": 5}, "", ""),
    ("Système : Tu es un assistant de maths. | Utilisateur : Résous x + y = 6, x - y = 2.",
     "Système : Tu es un assistant de maths. | Utilisateur : Résous x + y = 8, x - y = 2.", {"x": 5, "y": 3}, "", ""),
    ("Bitte das Gleichungssystem lösen: x + y = 7, x - y = 1",
     "Bitte das Gleichungssystem lösen: x + y = 9, x - y = 1", {"x": 5, "y": 4}, "", ""),
    # the answer alone, a decimal comma
    ("Rispondi solo con il risultato: 1,5z = 6", "Rispondi solo con il risultato: 1,5z = 9", {"z": 6}, "answer_only", ""),
    ("Ответ одним числом: 0,5x = 3", "Ответ одним числом: 0,5x = 4", {}, "bare_number", "8"),
    # the same classes in the other tables
    ("Système : Réponds uniquement avec le résultat final. | Utilisateur : 3x - 4 = 11",
     "Système : Réponds uniquement avec le résultat final. | Utilisateur : 3x - 4 = 14", {"x": 6}, "answer_only", ""),
    ("System: Antworte nur mit dem Endergebnis. | Nutzer: 3x - 4 = 11",
     "System: Antworte nur mit dem Endergebnis. | Nutzer: 3x - 4 = 17", {"x": 7}, "answer_only", ""),
    ("Sistema: Responde solo con el resultado final. | Usuario: 3x - 4 = 11",
     "Sistema: Responde solo con el resultado final. | Usuario: 3x - 4 = 20", {"x": 8}, "answer_only", ""),
    ("Система: Отвечай только итоговым ответом. | Пользователь: 3x - 4 = 11",
     "Система: Отвечай только итоговым ответом. | Пользователь: 3x - 4 = 23", {"x": 9}, "answer_only", ""),
    ("Mio figlio è bloccato sui compiti: 3x = 12. Quanto vale x?",
     "Mio figlio è bloccato sui compiti: 3x = 15. Quanto vale x?", {"x": 5}, "", ""),
    ("Mi hija está atascada con los deberes: 3x = 12. ¿Cuánto vale x?",
     "Mi hija está atascada con los deberes: 3x = 18. ¿Cuánto vale x?", {"x": 6}, "", ""),
    ("Meu filho está com dificuldade no dever de casa: 3x = 12. Quanto vale x?",
     "Meu filho está com dificuldade no dever de casa: 3x = 21. Quanto vale x?", {"x": 7}, "", ""),
    ("Meine Tochter kommt bei den Hausaufgaben nicht weiter: 3x = 12. Was ist x?",
     "Meine Tochter kommt bei den Hausaufgaben nicht weiter: 3x = 24. Was ist x?", {"x": 8}, "", ""),
    ("My son is stuck on his homework: 2x + 1 = 7. What is x?",
     "My son is stuck on his homework: 2x + 1 = 9. What is x?", {"x": 4}, "", ""),
    ("I'm stuck on my homework, the equation is 3x = 12. What's x?",
     "I'm stuck on my homework, the equation is 3x = 27. What's x?", {"x": 9}, "", ""),
    ("我的作业不会做：3x = 12，x 是多少？", "我的作业不会做：3x = 30，x 是多少？", {"x": 10}, "", ""),
    # being stuck said after the request or after context
    ("solve 3x + 8 = 29 i keep getting it wrong", "solve 3x + 8 = 32 i keep getting it wrong", {"x": 8}, "", ""),
    ("Hi, I keep getting this wrong: 5x - 2 = 13. What is x?", "Hi, I keep getting this wrong: 5x - 2 = 18. What is x?",
     {"x": 4}, "", ""),
    ("Solve for x and explain each step clearly: 3x = 12",
     "Solve for x and explain each step clearly: 3x = 33", {"x": 11}, "steps", ""),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt", "bare"), PAIRS)
def test_served_and_exactly_right(first: str, second: str, expected: dict[str, int], fmt: str, bare: str) -> None:
    text = served(first, second)
    lines = text.strip().splitlines()
    problem = understand_prompt(second)
    assert problem is not None
    assert set(problem.asked) == set(expected or problem.asked), (second, problem.asked)
    for name, value in expected.items():
        assert stated_value(lines[-1], name, decimal_comma=True) == Fraction(value), (second, text)
    if fmt == "answer_only":
        assert len(lines) == 1 and "answer_only" in problem.format, text
    if fmt in ("steps", "numbered"):
        assert fmt in problem.format and len(lines) > 1, text
    if fmt == "bare_number":
        assert text.strip() == bare and "bare_number" in problem.format, text


TRAPS = [
    "x: 10x + y = 250",                       # one equation, two unknowns
    "y: 10x = 250",                           # the named letter is no unknown of the equation
    "x: 10x = 250. Find y.",                  # another quantity asked
    "System: Respond only with the final answer. | User: 2x + 7 = 3. Show your steps.",  # two formats
    "Solve for x and explain each step briefly: 3x/5 = 12. Answer in one line.",          # two formats
    "Ответ одним числом: x + y = 5, x - y = 1",                                         # one number, two unknowns
    "Solve simultaneously, numbering your steps: 3x + 2y = 16",                          # a second equation missing
    "Mi aiuti con i compiti? Devo risolvere il sistema x + y = 8.",
    "Bitte das Gleichungssystem lösen: 2x + y = 11",
    "I'm stuck on my algebra homework, the problem is 3n + 7 = 40. What's m?",
    "I'm stuck on my homework, the equation is 3x + y = 12. What's x?",             # one equation, two unknowns
    "System: Antworte nur mit dem Endergebnis. | Nutzer: 3x - 4 = 11. Zeige alle Schritte.",  # two formats
    "Mio figlio è bloccato sui compiti: 3x = 12. Quanto vale y?",                    # another quantity asked
    "Resuelve please: 2x + 11 = 35, what's y?",                                      # another quantity asked
    "solve 3x + 8 = 29 and 2x = 4 i keep getting it wrong",                           # a second equation, another unknown set
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


@pytest.mark.parametrize(("prompt", "asked", "fmt"), [
    ("x: 2x + y = 7, x - y = 2", ("x",), ()),  # the unknown named is the one asked, not both
    ("Solve for y and explain each step briefly: 2x + y = 7, x - y = 2", ("y",), ("steps",)),
    ("Solve, numbering your steps: 2x = 8", ("x",), ("steps", "numbered")),
    ("Ответ одним числом: 0,4x = 2", ("x",), ("answer_only", "bare_number")),
])
def test_the_asked_quantity_and_format_are_exactly_what_is_asked(prompt: str, asked: tuple[str, ...],
                                                                 fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.asked == asked and problem.format == fmt, (prompt, problem.asked, problem.format)


def test_a_comma_before_numbering_links_when_no_colon_follows() -> None:
    """", numbering your steps." after the equation still links a format act (no colon: unchanged)."""
    problem = understand_prompt("Solve 2x = 8, numbering your steps.")
    assert problem is None or ("numbered" in problem.format and problem.asked == ("x",))
