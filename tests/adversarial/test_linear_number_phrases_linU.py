"""Verbal expressions of "a number", composed (branch wip/linU, 2026-12-05), written by hand, not from
any held-out file. The phrasings are GENERATED from the grammar's shape: a term (k times the number,
the number divided by k, the number once) with one amount added or taken away, said before ("Nine more
than four times a number", "5 less than 3 times a number"), after ("twice a number increased by 5"), as a
sum or a difference in the order written, or an amount minus the term; and a number thought of with
steps applied in order ("I think of a number, multiply it by 3 and add 4; I get 25"). Each template
carries its own expression of x; sympy solves expression = result independently of the engine, and the
served value must be that solution (and satisfy the stated facts).

Each pair: the first prompt is answered by a never-right model, the second (the result changed) is served
proven without a model call and exactly right. Each trap reaches the model or is served exactly."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear

X = sympy.Symbol("x")

# (language, template with {t} for the result, the expression of the number x the template states)
_Expr = Callable[[sympy.Symbol], sympy.Expr]
ROWS: list[tuple[str, str, _Expr]] = [
    # the amount said before the term
    ("en", "Nine more than four times a number is {t}. What is the number?", lambda x: 4 * x + 9),
    ("en", "Five less than three times a number equals {t}. What is the number?", lambda x: 3 * x - 5),
    ("en", "5 less than twice a number is {t}. What is the number?", lambda x: 2 * x - 5),
    ("en", "Seven more than a number is {t}. Find the number.", lambda x: x + 7),
    ("en", "3 more than 6 times a number gives {t}. What is the number?", lambda x: 6 * x + 3),
    ("en", "Eight less than a number is {t}. What is the number?", lambda x: x - 8),
    ("en", "5 added to twice a number is {t}. What is the number?", lambda x: 2 * x + 5),
    ("en", "4 subtracted from a number is {t}. What is the number?", lambda x: x - 4),
    ("en", "6 subtracted from three times a number equals {t}. What is the number?", lambda x: 3 * x - 6),
    ("en", "If 2 less than half a number is {t}, what is the number?", lambda x: x / 2 - 2),
    # the amount said after the term
    ("en", "Twice a number increased by 5 is {t}. What is the number?", lambda x: 2 * x + 5),
    ("en", "Three times a number decreased by 4 is {t}. What is the number?", lambda x: 3 * x - 4),
    ("en", "A number decreased by 7 is {t}. What is the number?", lambda x: x - 7),
    ("en", "A number increased by 12 equals {t}. What is the number?", lambda x: x + 12),
    ("en", "A number times 6, minus 4, equals {t}. What is the number?", lambda x: 6 * x - 4),
    ("en", "Five times a number reduced by 3 is {t}. What is the number?", lambda x: 5 * x - 3),
    ("en", "A number divided by 4, plus 2, is {t}. What is the number?", lambda x: x / 4 + 2),
    ("en", "A number plus 9 is {t}. What is the number?", lambda x: x + 9),
    # a term alone
    ("en", "A number divided by 4 is {t}. What is the number?", lambda x: x / 4),
    ("en", "Three times a number is {t}. What is the number?", lambda x: 3 * x),
    # sums and differences, in the order written
    ("en", "The sum of a number and 7 is {t}. What is the number?", lambda x: x + 7),
    ("en", "The sum of twice a number and 5 is {t}. What is the number?", lambda x: 2 * x + 5),
    ("en", "The difference of a number and 4 is {t}. What is the number?", lambda x: x - 4),
    ("en", "The difference between three times a number and 2 is {t}. What is the number?", lambda x: 3 * x - 2),
    ("en", "The difference between 50 and a number is {t}. What is the number?", lambda x: 50 - x),
    ("en", "20 minus twice a number is {t}. What is the number?", lambda x: 20 - 2 * x),
    ("en", "A number subtracted from 40 is {t}. What is the number?", lambda x: 40 - x),
    # read since wip/linU, traps of test_linear_word_problems.py before (each read in the order stated)
    ("en", "4 minus three times a number is {t}. What is the number?", lambda x: 4 - 3 * x),
    ("en", "Three times a number minus four equals {t}. Find the number.", lambda x: 3 * x - 4),
    ("en", "The sum of three times a number and 4 equals {t}. Find the number.", lambda x: 3 * x + 4),
    # a number thought of, its steps applied in order
    ("en", "I think of a number, multiply it by 3 and add 4; I get {t}. What is my number?", lambda x: 3 * x + 4),
    ("en", "I think of a number, multiply it by 6 and subtract 5, and I get {t}. What is my number?", lambda x: 6 * x - 5),
    ("en", "I think of a number, double it, then add 7, and I get {t}. What is the number?", lambda x: 2 * x + 7),
    ("en", "I think of a number, add 5, then multiply by 2, and I get {t}. What is the number?", lambda x: 2 * (x + 5)),
    ("en", "I think of a number. I triple it and subtract 4, and the result is {t}. What is my number?", lambda x: 3 * x - 4),
    ("en", "I think of a number and divide it by 3, then add 2, and I get {t}. What is the number?", lambda x: x / 3 + 2),
    ("en", "I pick a number, subtract 3, multiply by 4 and I end up with {t}. What is the number?", lambda x: 4 * (x - 3)),
    ("en", "If I multiply a number by 3 and add 4, I get {t}. What is the number?", lambda x: 3 * x + 4),
    ("en", "If you double a number and add 10, you get {t}. What is the number?", lambda x: 2 * x + 10),
    ("en", "If I add 4 to a number and multiply by 3, I get {t}. What is the number?", lambda x: 3 * (x + 4)),
    ("en", "If I subtract 4 from a number and then divide by 2, I get {t}. What is the number?", lambda x: (x - 4) / 2),
    # the same shapes in the other tables that say them (wip/linU's words)
    ("es", "Pienso un número, lo multiplico por 3 y le sumo 4, y obtengo {t}. ¿Cuál es el número?", lambda x: 3 * x + 4),
    ("es", "Pienso en un número, lo duplico y le resto 5; me da {t}. ¿Cuál es el número?", lambda x: 2 * x - 5),
    ("es", "Pienso un número, le sumo 6 y luego lo multiplico por 2, y el resultado es {t}. ¿Cuál es el número?", lambda x: 2 * (x + 6)),
    ("es", "La diferencia entre un número y 4 es {t}. ¿Cuál es el número?", lambda x: x - 4),
    ("es", "La diferencia entre 150 y un número es {t}. ¿Cuál es el número?", lambda x: 150 - x),
    ("fr", "Je pense à un nombre, je le multiplie par 3 et j'ajoute 4 ; j'obtiens {t}. Quel est ce nombre ?", lambda x: 3 * x + 4),
    ("fr", "Je pense à un nombre, je le double puis je retire 5, et j'obtiens {t}. Quel est ce nombre ?", lambda x: 2 * x - 5),
    ("fr", "Je choisis un nombre, je le divise par 2 et j'ajoute 7 ; le résultat est {t}. Quel est ce nombre ?", lambda x: x / 2 + 7),
    ("fr", "La différence entre un nombre et 4 est {t}. Quel est ce nombre ?", lambda x: x - 4),
    ("pt", "Pensei num número, multipliquei por 3 e somei 4 e obtive {t}. Qual é o número?", lambda x: 3 * x + 4),
    ("pt", "Pensei em um número, dobrei e subtraí 5, e o resultado foi {t}. Qual é o número?", lambda x: 2 * x - 5),
    ("pt", "A diferença entre um número e 4 é {t}. Qual é o número?", lambda x: x - 4),
    ("it", "Penso un numero, lo moltiplico per 3 e aggiungo 4, ottengo {t}. Qual è il numero?", lambda x: 3 * x + 4),
    ("it", "Penso un numero, lo raddoppio e tolgo 5, e ottengo {t}. Qual è il numero?", lambda x: 2 * x - 5),
    ("it", "La differenza tra un numero e 4 è {t}. Qual è il numero?", lambda x: x - 4),
    ("de", "Ich denke mir eine Zahl, multipliziere sie mit 3 und addiere 4; ich erhalte {t}. Wie heißt die Zahl?", lambda x: 3 * x + 4),
    ("de", "Ich denke mir eine Zahl, verdopple sie und subtrahiere 5, und ich erhalte {t}. Wie heißt die Zahl?", lambda x: 2 * x - 5),
    ("de", "Denk dir eine Zahl, teile sie durch 4 und addiere 3; das Ergebnis ist {t}. Wie heißt die Zahl?", lambda x: x / 4 + 3),
    # "my number" in each table (red team 21 wrote these, declined 20/20 before): the number thought of
    ("es", "Pienso en un número, lo multiplico por 3 y le sumo 4; obtengo {t}. ¿Cuál es mi número?", lambda x: 3 * x + 4),
    ("fr", "Je pense à un nombre, je le multiplie par 3 et j'ajoute 4 ; j'obtiens {t}. Quel est mon nombre ?", lambda x: 3 * x + 4),
    ("de", "Ich denke mir eine Zahl, multipliziere sie mit 3 und addiere 4; ich erhalte {t}. Wie heißt meine Zahl?", lambda x: 3 * x + 4),
    ("it", "Penso un numero, lo moltiplico per 3 e aggiungo 4; ottengo {t}. Qual è il mio numero?", lambda x: 3 * x + 4),
    ("pt", "Penso em um número, multiplico por 3 e somo 4; obtenho {t}. Qual é o meu número?", lambda x: 3 * x + 4),
]


def _solution(expr: _Expr, t: int) -> Fraction:
    """The number the stated facts make it, by sympy (no engine code)."""
    (root,) = sympy.solve(sympy.Eq(expr(X), t), X)
    return Fraction(str(sympy.nsimplify(root)))


@pytest.mark.parametrize(("language", "template", "expr"), ROWS, ids=[f"{r[0]}-{i}" for i, r in enumerate(ROWS)])
def test_number_phrase_served_exact(language: str, template: str, expr: _Expr) -> None:
    first, second = template.format(t=61), template.format(t=97)
    value = _solution(expr, 97)
    assert expr(X).subs(X, sympy.Rational(value.numerator, value.denominator)) == 97  # the facts hold
    problem = understand_prompt(second)
    assert problem is not None and problem.solution == {"x": value}, (second, problem)
    served_linear(first, second, {"x": value})


BASE = "Nine more than four times a number is 61. What is the number?"
STEPS = "I think of a number, multiply it by 3 and add 4; I get 25. What is my number?"
TRAPS: list[tuple[str, str]] = [
    # another quantity asked
    ("Nine more than four times a number is 61. What is four times the number?", BASE),
    ("The sum of a number and 7 is 12. What is the sum?", BASE),
    ("I think of a number, multiply it by 3 and add 4; I get 25. What is three times my number?", STEPS),
    ("Pienso en un número, lo multiplico por 3 y le sumo 4; obtengo 25. ¿Cuál es el triple de mi número?", STEPS),
    ("Pienso en un número, lo multiplico por 3 y le sumo 4; obtengo 25. ¿Cuál es mi número de teléfono?", STEPS),
    ("Je pense à un nombre, je le multiplie par 3 et j'ajoute 4 ; j'obtiens 25. Quel est mon nombre préféré ?", STEPS),
    ("Ich denke mir eine Zahl, multipliziere sie mit 3 und addiere 4; ich erhalte 25. Wie heißt meine Zahl plus 1?", STEPS),
    ("Penso un numero, lo moltiplico per 3 e aggiungo 4; ottengo 25. Qual è il doppio del mio numero?", STEPS),
    ("Penso em um número, multiplico por 3 e somo 4; obtenho 25. Qual é o meu número da sorte?", STEPS),
    ("If I multiply a number by 3 and add 4, I get 25. What is the other number?", STEPS),
    # a fact negated, a word outside the table at any position
    ("Nine more than four times a number is not 61. What is the number?", BASE),
    ("Nine more than four times a big number is 61. What is the number?", BASE),
    ("Nine more than roughly four times a number is 61. What is the number?", BASE),
    ("Nine more than four times a number is about 61. What is the number?", BASE),
    # two readings: "twice the sum of a number and 5" (2(x + 5) or 2x + 5); "3 times a number less than 5"
    # (5 - 3x, or an inequality)
    ("Twice the sum of a number and 5 is 30. What is the number?", BASE),
    ("3 times a number less than 5 is 2. What is the number?", BASE),
    ("Nine more than four times a number plus 2 is 61. What is the number?", BASE),
    # steps with no number thought of ("it" of nothing), a step after the result, a second result
    ("I triple it and subtract 4, and the result is 11. What is my number?", STEPS),
    ("I think of a number, multiply it by 3 and add 4; I get 25, and then I add 2. What is my number?", STEPS),
    ("I think of a number, multiply it by 3 and add 4, and I get 25, then 30. What is my number?", STEPS),
    ("I think of a number, multiply it by 0 and add 4; I get 4. What is my number?", STEPS),
    ("I think of two numbers, multiply one by 3 and add 4; I get 25. What is my number?", STEPS),
    ("I think of a number. I triple it and subtract 4, and the result is 11. I think of a number. What is my number?", STEPS),
    # a noun phrase the genitive makes two readings of: "el doble de (un número aumentado en 5)" (no table word)
    ("El doble de un número aumentado en 5 es 17. ¿Cuál es el número?", BASE),
    ("Le double d'un nombre augmenté de 5 est 17. Quel est ce nombre ?", BASE),
    ("Pienso un número, lo multiplico por 3 y le sumo 4, y obtengo 25. ¿Cuál es el triple del número?", STEPS),
    ("Je pense à un nombre, je le multiplie par 3 et j'ajoute 4 ; j'obtiens 25. Quel est le double de ce nombre ?", STEPS),
    ("Ich denke mir eine Zahl, multipliziere sie mit 3 und addiere 4; ich erhalte nicht 25. Wie heißt die Zahl?", STEPS),
]


@pytest.mark.parametrize(("trap", "base"), TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_number_phrase_trap(trap: str, base: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, base)
