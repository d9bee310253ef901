"""Consecutive integers, their sum, the least or the greatest asked (branch wip/linQ, 2026-12-05), written by
hand, not from any held-out file: a fact naming how many consecutive integers (the table's
consecutive_counts: "three consecutive integers", "dos números consecutivos", "dreier aufeinanderfolgender
Zahlen") and their sum, and one question asking the least or the greatest ("What is the smaller one?",
"¿Cuál es el menor?", "Quel est le plus grand ?", "Wie lautet die kleinste Zahl?"): n x ± n(n-1)/2 = S, a
whole number. Each pair is served proven and exact after a never-right model answered the first; each
trap (no whole answer, "even", the product, the middle one, "the smaller" of three) reaches the model."""

from __future__ import annotations

from fractions import Fraction

import pytest


from .harness import assert_linear_trap_declined, served_story

SERVED = [
    ("The sum of two consecutive integers is {t}. What is the smaller one?", 45, 57, Fraction(28), False),
    ("The sum of two consecutive integers is {t}. Find the larger number.", 45, 57, Fraction(29), False),
    ("The sum of three consecutive integers is {t}. What is the smallest of them?", 66, 72, Fraction(23), False),
    ("The sum of three consecutive integers is {t}. What is the largest? Just the number.", 66, 72, Fraction(25), True),
    ("The sum of two consecutive numbers is {t}. What is the bigger one?", 45, 57, Fraction(29), False),
    ("La suma de dos n\u00fameros consecutivos es {t}. \u00bfCu\u00e1l es el menor?", 45, 57, Fraction(28), False),
    ("La suma de tres n\u00fameros consecutivos es {t}. \u00bfCu\u00e1l es el mayor? Solo el n\u00famero.", 66, 72, Fraction(25), True),
    ("La somme de deux entiers cons\u00e9cutifs est {t}. Quel est le plus petit ?", 45, 57, Fraction(28), False),
    ("La somme de trois nombres cons\u00e9cutifs est {t}. Quel est le plus grand ? Donne juste le nombre.", 66, 72, Fraction(25), True),
    ("Die Summe dreier aufeinanderfolgender Zahlen ist {t}. Wie lautet die kleinste Zahl?", 66, 72, Fraction(23), False),
    ("Die Summe zweier aufeinanderfolgender Zahlen ist {t}. Was ist die kleinere Zahl?", 45, 57, Fraction(28), False),
]


@pytest.mark.parametrize(("template", "first", "second", "value", "bare"), SERVED)
def test_consecutive_integers_are_served_exact(template: str, first: int, second: int, value: Fraction, bare: bool) -> None:
    served_story(template, first, second, "" if bare else "x", value, bare)


TRAPS = [
    "The sum of three consecutive integers is 72. What is the smaller one?",
    "The sum of two consecutive integers is 58. What is the smaller one?",
    "The sum of two consecutive even integers is 58. What is the smaller one?",
    "The sum of two consecutive integers is 57. What is the product?",
    "The sum of two consecutive integers is 57. What is the middle one?",
    "The product of two consecutive integers is 56. What is the smaller one?",
    "The sum of two consecutive integers is 57. What is the smaller one? What is the larger one?",
    "Two numbers add up to 30 and differ by 8. What is the smaller one?",
    "La suma de tres n\u00fameros consecutivos es 73. \u00bfCu\u00e1l es el mayor?",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_changed_consecutive_story_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, "The sum of two consecutive integers is 45. What is the smaller one?")
