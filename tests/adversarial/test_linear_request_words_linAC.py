"""Request words of the dev sets' equation requests added to the tables (wip/linAC, 2026-12-06).

scripts/decline_causes_linear.py over the dev sets (1-22, 15d) listed the words no rule read in equation
requests; those that are request or format words, and cannot change the problem, were added beside the
phrases their tables already hold: Russian "Задачка из домашки:" (beside "задача из домашки"), Portuguese
"Minha filha trouxe esse exercício:" (beside "... tem esse exercício"), Spanish "resolverla"/"resolverlo"
(Italian has "risolvila"), Italian "Scusa," (chatter), "Esercizio per domani:" (a label, beside "esercizio per casa"), English "just
need y" (beside "I just need"), Japanese "途中式つきで" (with the working: steps), Portuguese "que satisfaz"
(English "that satisfies"). Words that could change what is asked (the unknown, the rounding, a condition,
a second question, another language) stay no claim.

Written by hand. Traps: a negation, an inequality, an extra condition, another unknown, another language
asked, "then double it", rounding, a squared unknown."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear

SERVED = [
    ("Задачка из домашки: 5(x - 2) = 40. Найди x.", "Задачка из домашки: 5(x - 2) = 35. Найди x.", "x", 9),
    ("Minha filha trouxe esse exercício: x/2 + 3 = 8. Como resolve?",
     "Minha filha trouxe esse exercício: x/2 + 3 = 10. Como resolve?", "x", 14),
    ("2(x + 4) = 20. ¿Me ayudas a resolverla?", "2(x + 4) = 26. ¿Me ayudas a resolverla?", "x", 9),
    ("Scusa, mi trovi x in 12 - 2x = -4?", "Scusa, mi trovi x in 12 - 2x = -6?", "x", 9),
    ("Esercizio per domani: (x + 2)/3 = 5, quanto fa x?", "Esercizio per domani: (x + 2)/3 = 8, quanto fa x?", "x", 22),
    ("hey can you solve 5y - 4 = 26? just need y", "hey can you solve 5y - 4 = 36? just need y", "y", 8),
    ("3y - 7 = 20 を途中式つきで解いてください。", "3y - 7 = 29 を途中式つきで解いてください。", "y", 12),
    ("Qual é o valor de y que satisfaz 7 - 3y = 2y - 3?", "Qual é o valor de y que satisfaz 7 - 3y = 2y - 8?", "y", 3),
]


@pytest.mark.parametrize(("first", "second", "name", "value"), SERVED, ids=[f"served-{i}" for i in range(len(SERVED))])
def test_a_request_word_of_the_dev_sets_is_read(first: str, second: str, name: str, value: int) -> None:
    served_linear(first, second, {name: Fraction(value)})


TRAPS = [
    ("Задачка из домашки: 5(x - 2) = 35. Найди x.", "Задачка из домашки: 5(x - 2) > 35. Найди x."),
    ("Задачка из домашки: 5(x - 2) = 35. Найди x.", "Задачка из домашки: 5(x - 2) = 35. Найди y."),
    ("Задачка из домашки: 5(x - 2) = 35. Найди x.", "Задачка из домашки: 5(x - 2) = 35. Найди x и ответь по-английски."),
    ("Minha filha trouxe esse exercício: x/2 + 3 = 10. Como resolve?",
     "Minha filha trouxe esse exercício: x/2 + 3 = 10. Como resolve em inglês?"),
    ("Minha filha trouxe esse exercício: x/2 + 3 = 10. Como resolve?",
     "Minha filha trouxe esse exercício: x/2 + 3 = 10 e x > 30. Como resolve?"),
    ("Scusa, mi trovi x in 12 - 2x = -6?", "Scusa, mi trovi x in 12 - 2x = -6? Poi raddoppialo."),
    ("Scusa, mi trovi x in 12 - 2x = -6?", "Scusa, non mi trovi x in 12 - 2x = -6?"),
    ("Scusa, mi trovi x in 12 - 2x = -6?", "Scusa, mi trovi x in 12 - 2x = -6 in inglese?"),
    ("Esercizio per domani: (x + 2)/3 = 8, quanto fa x?", "Esercizio per domani: (x + 2)/3 = 8, quanto fa x arrotondato?"),
    ("hey can you solve 5y - 4 = 36? just need y", "hey can you solve 5y - 4 = 36? just need y squared"),
    ("hey can you solve 5y - 4 = 36? just need y", "hey can you solve 5y - 4 = 36? just need y rounded"),
    ("hey can you solve 5y - 4 = 36? just need y", "hey can you solve 5y - 4 = 36? just need y in French"),
    ("hey can you solve 5y - 4 = 36? just need y", "hey can you solve 5y - 4 = 36? just need x"),
    ("hey can you solve 5y - 4 = 36? just need y", "hey can you solve 5y - 4 = 36? don't just need y"),
    ("hey can you solve 5y - 4 = 36? just need y", "hey can you solve 5y - 4 = 36? just need y and then double it"),
    ("3y - 7 = 29 を途中式つきで解いてください。", "3y - 7 = 29 を途中式なしで解いてください。"),
    ("3y - 7 = 29 を途中式つきで解いてください。", "あなたは数学の先生です。3y - 7 = 29 を途中式つきで解いてください。英語で。"),
    ("Qual é o valor de y que satisfaz 7 - 3y = 2y - 8?", "Qual é o valor de y que não satisfaz 7 - 3y = 2y - 8?"),
    ("Qual é o valor de y que satisfaz 7 - 3y = 2y - 8?", "Qual é o valor de y que satisfaz 7 - 3y = 2y - 8 e y > 5?"),
    ("Qual é o valor de y que satisfaz 7 - 3y = 2y - 8?", "Qual é o valor de z que satisfaz 7 - 3y = 2y - 8?"),
]


@pytest.mark.parametrize(("base", "trap"), TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_a_trap_beside_a_new_word_is_no_claim(base: str, trap: str) -> None:
    assert_linear_trap_declined(trap, base)


def test_what_the_new_words_ask() -> None:
    assert understand_prompt("hey can you solve 5y - 4 = 36? just need y").format == ("answer_only",)
    assert understand_prompt("3y - 7 = 29 を途中式つきで解いてください。").format == ("steps",)
    # Spanish "e" for "and" ("¿Cuánto valen x e y?"): wip/linAF (the lead's decision) reads it between two unknowns'
    # names when no unknown is named e; where one is ("and", or the unknown e?), test_linear_reach_linV.py keeps the trap
    read = understand_prompt("Sistema: x + y = 14, x - y = 4. ¿Cuánto valen x e y?")
    assert read is not None and read.language == "es" and read.asked == ("x", "y") and read.solution == {"x": 9, "y": 5}
    assert understand_prompt("Sistema: x + e = 14, x - e = 4. ¿Cuánto valen x e e?") is None
