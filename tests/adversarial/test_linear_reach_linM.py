"""Linear reach, branch wip/linM, written by hand per CLASS of wording, not copied from any held-out
file. Each pair: the first prompt is answered by a model that is never right, then the second is
served proven without a model call and exactly right; each trap is no claim.

Class: a homework label that carries a problem's number ("Homework 3, problem 7:", "Tarea 2,
ejercicio 5:", "Hausaufgabe Nr. 6:", "Compito per casa, es. 12:", "Домашнее задание, №3."). The
numbers are part of the labels, never constants of the equation: a label number equal to a constant
("Homework 3, problem 3: Solve 3n - 3 = 12") changes nothing. Still declined: a plural label ("problems 8 and 9"), a label word outside the
tables, two equations for one unknown."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_pair_served



PAIRS = [
    ("Homework 3, problem 7: Solve for n: 3n - 11 = 16. Show your work.",
     "Homework 3, problem 8: Solve for n: 3n - 11 = 25. Show your work.", {"n": 12}, "steps"),
    # a label number equal to a constant of the equation: never re-instantiated with it
    ("Homework 3, problem 3: Solve 3n - 3 = 12",
     "Homework 3, problem 3: Solve 3n - 3 = 27", {"n": 10}, ""),
    ("Homework 5, problem 2: Solve for x: 5x + 2 = 17.",
     "Homework 5, problem 2: Solve for x: 5x + 2 = 32.", {"x": 6}, ""),
    ("Tarea 2, ejercicio 5: halla el valor de n en 4n + 12 = 40. Muestra los pasos.",
     "Tarea 2, ejercicio 6: halla el valor de n en 4n + 12 = 52. Muestra los pasos.", {"n": 10}, "steps"),
    ("Hausaufgabe Nr. 6: Bestimme z aus 8z + 4 = 60. Bitte mit Rechenweg.",
     "Hausaufgabe Nr. 6: Bestimme z aus 8z + 4 = 76. Bitte mit Rechenweg.", {"z": 9}, "steps"),
    ("Compito per casa, es. 12: trova a sapendo che 9a - 3 = 33.",
     "Compito per casa, es. 12: trova a sapendo che 9a - 3 = 60.", {"a": 7}, ""),
    ("Домашнее задание, №3. Найдите y из уравнения 8y + 6 = 54. Распишите решение по шагам.",
     "Домашнее задание, №3. Найдите y из уравнения 8y + 6 = 78. Распишите решение по шагам.", {"y": 9}, "steps"),
    ("Домашнее задание, №5: найдите p из уравнения 3p - 4 = 11.",
     "Домашнее задание, №5: найдите p из уравнения 3p - 4 = 23.", {"p": 9}, ""),
    ("Devoir 3, exercice 2 : résous 2x + 1 = 9.", "Devoir 3, exercice 2 : résous 2x + 1 = 15.", {"x": 7}, ""),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_served_and_exactly_right(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    _, problem = assert_linear_pair_served(first, second, expected, fmt)
    assert len(problem.equations) == 1, (second, problem.equations)


@pytest.mark.parametrize(("prompt", "numbers"), [
    ("Homework 3, problem 3: Solve 3n - 3 = 12", (3, 3, 12)),
    ("Homework 12, problem 7: Solve 7n - 12 = 2", (7, 12, 2)),
    ("Hausaufgabe Nr. 4: Bestimme z aus 4z + 4 = 20.", (4, 4, 20)),
    ("Домашнее задание, №8. Найдите y из уравнения 8y + 8 = 64.", (8, 8, 64)),
])
def test_the_label_number_is_no_constant(prompt: str, numbers: tuple[int, ...]) -> None:
    """The equation's numbers are its own; the label's number is read into nothing."""
    problem = understand_prompt(prompt)
    assert problem is not None and len(problem.equations) == 1, prompt
    assert problem.equations[0].numbers == tuple(Fraction(n) for n in numbers), (prompt, problem.equations)


TRAPS = [
    "Homework 3, problems 8 and 9: Solve for n: 3n - 11 = 16.",        # two problems named, one equation
    "Homework 3, problems 8, 9: Solve for n: 3n - 11 = 16.",           # two problems named
    "Homework 3, chapter 7: Solve for n: 3n - 11 = 16.",               # a label word outside the table
    "Homework 3, problem 7: Solve for n: 3n - 11 = 16 and 2n + 1 = 9.",  # two equations, one unknown
    "Tarea 2, ejercicio 5: halla el valor de n en 4n + 12 = 40 y 2n = 8.",  # two equations
    "Tarea 2, capítulo 5: halla el valor de n en 4n + 12 = 40.",       # a label word outside the table
    "Tarea 2, ejercicio 5: halla el valor de m en 4n + 12 = 40.",      # another quantity
    "Hausaufgabe Nr. 6: Bestimme y aus 8z + 4 = 60.",                  # another quantity
    "Hausaufgabe Nr. 6: Bestimme z aus 8z + 4 = 60. Bitte mit Rechenweg. Nur das Ergebnis.",  # two formats
    "Compito per casa, es. 12: trova b sapendo che 9a - 3 = 33.",      # another quantity
    "Compito per casa, pag. 12: trova a sapendo che 9a - 3 = 33.",     # a label word outside the table
    "Домашнее задание, №3. Найдите y из уравнения 8y + 6 > 54.",       # an inequality
    "Домашнее задание, стр. 3. Найдите y из уравнения 8y + 6 = 54.",   # a label word outside the table
    "Homework 3, problem 7: Solve for n: 3n - 11 = 16. Show your work. Answer only.",  # two formats
    "Homework 3, problem 7: Don't solve 3n - 11 = 16.",                # asked not to solve
    # (zh "作业第4题：..." and ja "宿題の問題です。... を満たす a を求めなさい。..." are read exactly since
    # wip/linN round 4: served-and-exact pairs in test_linear_wrappers_linN.py)
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
