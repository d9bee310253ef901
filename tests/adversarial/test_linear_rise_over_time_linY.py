"""A level, its rise per unit of time, the level after a time named by its letter: start + rate x t = end
(branch wip/linY, 2026-12-06), in en es pt fr, written by hand, not from any held-out file ("A thermometer
reads 5 degrees and climbs 3 degrees every hour. After h hours it reads 26 degrees. What is h?": 3h + 5 = 26;
"Tom has $20 and saves $5 every week. After w weeks he has $65."). Generated from stories x letters x
questions; the time is solved by sympy, independently of the engine. Falling words, another measure, another
unit of time, "every 2 hours", a time not whole in weeks, a level below the start: no claim."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, assert_story_served

T = sympy.Symbol("t")

# language: (stories with {s} {r} {t} {L}, questions with {L})
_STORIES: dict[str, tuple[list[str], list[str]]] = {
    "en": (["A thermometer reads {s} degrees and climbs {r} degrees every hour. After {L} hours it reads {t} degrees.",
            "The temperature is {s} degrees and rises by {r} degrees per hour. After {L} hours it is {t} degrees.",
            "The water level is {s} cm and rises {r} cm every day. After {L} days it is {t} cm.",
            "The snow depth is {s} cm and grows by {r} cm each day. After {L} days it is {t} cm.",
            "Tom has ${s} and saves ${r} every week. After {L} weeks he has ${t}.",
            "Mia has ${s} and puts away ${r} each month. After {L} months she has ${t}.",
            "After {L} hours it reads {t} degrees. A thermometer reads {s} degrees and goes up {r} degrees every hour."],
           ["What is {L}?", "Find {L}.", "Solve for {L}."]),
    "es": (["Un termómetro marca {s} grados y sube {r} grados cada hora. Después de {L} horas marca {t} grados.",
            "La temperatura marca {s} grados y aumenta {r} grados por hora. Al cabo de {L} horas marca {t} grados.",
            "Ana tiene {s} euros y ahorra {r} euros cada semana. Después de {L} semanas tiene {t} euros.",
            "Luis tiene {s} € y ahorra {r} € por mes. Al cabo de {L} meses tiene {t} €.",
            "El nivel del agua marca {s} litros y sube {r} litros cada día. Después de {L} días marca {t} litros."],
           ["¿Cuánto vale {L}?", "Encuentra {L}.", "Halla {L}.", "¿Cuál es el valor de {L}?"]),
    "pt": (["Um termômetro marca {s} graus e sobe {r} graus a cada hora. Depois de {L} horas, marca {t} graus.",
            "A temperatura está em {s} graus e sobe {r} graus por hora. Após {L} horas, está em {t} graus.",
            "Ana tem R$ {s} e economiza R$ {r} por semana. Depois de {L} semanas, ela tem R$ {t}.",
            "João tem R$ {s} e guarda R$ {r} a cada mês. Após {L} meses, ele tem R$ {t}.",
            "O nível da água marca {s} litros e aumenta {r} litros por dia. Depois de {L} dias, marca {t} litros."],
           ["Qual é o valor de {L}?", "Encontre {L}.", "Determine {L}.", "Calcule {L}."]),
    "fr": (["Un thermomètre affiche {s} degrés et monte de {r} degrés chaque heure. Après {L} heures, il affiche {t} degrés.",
            "La température marque {s} degrés et augmente de {r} degrés par heure. Au bout de {L} heures, elle marque {t} degrés.",
            "Marie a {s} euros et économise {r} euros chaque semaine. Après {L} semaines, elle a {t} euros.",
            "Paul a {s} € et économise {r} € par mois. Au bout de {L} mois, il a {t} €.",
            "Le niveau de l'eau affiche {s} litres et monte de {r} litres chaque jour. Après {L} jours, il affiche {t} litres."],
           ["Trouve {L}.", "Que vaut {L} ?", "Calcule {L}.", "Détermine {L}."]),
}
_LETTERS = ["h", "d", "w", "n", "t", "k"]

ROWS: list[tuple[str, str, int, int, str]] = []  # (language, template with {t}, start, rate, letter)
for language, (stories, questions) in _STORIES.items():
    for n, (story, question) in enumerate(itertools.product(stories, questions)):
        letter = _LETTERS[n % len(_LETTERS)]
        start, rate = 2 + n % 9, 2 + n % 4
        text = story.format(s=start, r=rate, t="{t}", L=letter) + " " + question.format(L=letter)
        ROWS.append((language, text, start, rate, letter))


@pytest.mark.parametrize(("language", "template", "start", "rate", "letter"), ROWS,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(ROWS)])
def test_rise_over_time_served_exact(language: str, template: str, start: int, rate: int, letter: str) -> None:
    first, second = template.format(t=start + 4 * rate), template.format(t=start + 7 * rate)
    (root,) = sympy.solve(sympy.Eq(start + rate * T, start + 7 * rate), T)
    value = Fraction(str(root))
    assert value == 7  # the facts hold: seven units of time in the second prompt
    assert_story_served(language, first, second, letter, value)


def test_every_language_has_twenty_stories() -> None:
    counts = {language: sum(row[0] == language for row in ROWS) for language in _STORIES}
    assert all(count >= 20 for count in counts.values()), counts


BASE = "A thermometer reads 5 degrees and climbs 3 degrees every hour. After h hours it reads 26 degrees. What is h?"
SAVES = "Tom has $20 and saves $5 every week. After w weeks he has $65. What is w?"
BASE_ES = "Un termómetro marca 5 grados y sube 3 grados cada hora. Después de h horas marca 26 grados. ¿Cuánto vale h?"
BASE_PT = "Ana tem R$ 20 e economiza R$ 5 por semana. Depois de w semanas, ela tem R$ 65. Qual é o valor de w?"
BASE_FR = "Un thermomètre affiche 5 degrés et monte de 3 degrés chaque heure. Après h heures, il affiche 26 degrés. Trouve h."
TRAPS = [
    ("A thermometer reads 26 degrees and drops 3 degrees every hour. After h hours it reads 5 degrees. What is h?", BASE),  # drops
    ("A thermometer reads 26 degrees and falls 3 degrees every hour. After h hours it reads 5 degrees. What is h?", BASE),  # falls
    ("A thermometer reads 5 degrees and drops 3 degrees every hour. After h hours it reads 26 degrees. What is h?", BASE),  # drops: 7 if a rise
    ("Tom has $20 and spends $5 every week. After w weeks he has $65. What is w?", SAVES),  # spends: 9 if saved
    ("A thermometer reads 5 degrees and climbs 3 degrees every 2 hours. After h hours it reads 26 degrees. What is h?", BASE),  # every 2 hours
    ("A thermometer reads 5 degrees and climbs 3 degrees every hour. After h minutes it reads 26 degrees. What is h?", BASE),  # another unit of time
    ("A thermometer reads 5 degrees and climbs 3 cm every hour. After h hours it reads 26 degrees. What is h?", BASE),  # another measure
    ("A thermometer reads 5 degrees and climbs 3 degrees every hour. After h hours it reads 26 cm. What is h?", BASE),  # another measure
    ("A thermometer reads 5 degrees and climbs 3 degrees every hour. After h hours it reads 2 degrees. What is h?", BASE),  # below the start
    ("A thermometer reads 5 degrees and climbs 3 degrees every hour. After h hours it reads 26 degrees. What is the temperature?", BASE),  # another question
    ("A thermometer reads 5 degrees and climbs 3 degrees every hour. After h hours it reads 26 degrees at noon. What is h?", BASE),  # a word outside
    ("A thermometer reads 5 degrees and climbs 3 degrees its hour. After h hours it reads 26 degrees. What is h?", BASE),  # "its"
    ("A thermometer reads 5 degrees and climbs 3 degrees every hour. A thermometer reads 6 degrees and climbs 2 degrees every hour. After h hours it reads 26 degrees. What is h?", BASE),  # two starts
    ("A thermometer reads 5 degrees and climbs 3 degrees every hour. After h hours it reads 26 degrees. After k hours it reads 29 degrees. What is h?", BASE),  # two ends
    ("Tom has $20 and saves $5 every week. After w weeks he has $66. What is w?", SAVES),  # not whole weeks
    ("Tom has $20 and spends $5 every week. After w weeks he has $5. What is w?", SAVES),  # spends
    ("Tom has $20 and saves $5 every week. After w weeks he has 65 euros. What is w?", SAVES),  # two currencies
    ("Tom has $20 and saves $5 every week. After w weeks he has $65 left. What is w?", SAVES),  # left
    ("Un termómetro marca 26 grados y baja 3 grados cada hora. Después de h horas marca 5 grados. ¿Cuánto vale h?", BASE_ES),  # baja
    ("Un termómetro marca 5 grados y sube 3 grados cada hora. Después de h minutos marca 26 grados. ¿Cuánto vale h?", BASE_ES),  # minutos
    ("Ana tem R$ 20 e gasta R$ 5 por semana. Depois de w semanas, ela tem R$ 5. Qual é o valor de w?", BASE_PT),  # gasta
    ("Ana tem R$ 20 e economiza R$ 5 por semana. Depois de w semanas, ela tem R$ 66. Qual é o valor de w?", BASE_PT),  # not whole
    ("Un thermomètre affiche 26 degrés et descend de 3 degrés chaque heure. Après h heures, il affiche 5 degrés. Trouve h.", BASE_FR),  # descend
    ("Un thermomètre affiche 5 degrés et monte de 3 degrés toutes les 2 heures. Après h heures, il affiche 26 degrés. Trouve h.", BASE_FR),  # every 2 hours
]


@pytest.mark.parametrize(("trap", "base"), TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_rise_over_time_trap(trap: str, base: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, base)


@pytest.mark.parametrize("base", [BASE, SAVES, BASE_ES, BASE_PT, BASE_FR])
def test_bases_read(base: str) -> None:
    problem = understand_prompt(base)
    assert problem is not None and len(problem.solution) == 1, base
    assert next(iter(problem.solution.values())) in (7, 9), (base, problem.solution)
