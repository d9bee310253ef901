"""Price stories read by the declared word-problem grammar in every table (branch wip/linW,
2026-12-05), written by hand, not from any held-out file: "count x price + one other item = total",
the counted item's price asked by its letter or in words over one item, and the change back (paid P,
got C back: count x price + C = P). Each pair: the first prompt is answered by a model that is never
right (only what the derivation proves is stored), the second (one number changed) is served
proven without a model call and exactly right, in the asked format ("just the number": the bare
value). Each trap (a changed question, a second item count, no price of the other item, a plural
asked, two currencies, a count but one, another counter) reaches the model."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear, served_story

EN = "A notebook costs p dollars. Three notebooks and a $5 pen cost ${t} altogether. Find p."
EN_WORDS = "Three notebooks and a $5 pen cost ${t} altogether. How much does one notebook cost?"
EN_CHANGE = ("At the market Ana bought 6 identical mangoes, paid with a $50 bill and got ${t} back. "
             "How much did one mango cost? Just the number please.")
DE = "Ein Kinoticket kostet t Euro. F\u00fcr 3 Tickets und Popcorn f\u00fcr 6 Euro zahlt Jonas {t} Euro. Wie viel kostet ein Ticket? Nur die Zahl."
RU = "\u0420\u0443\u0447\u043a\u0430 \u0441\u0442\u043e\u0438\u0442 p \u0440\u0443\u0431\u043b\u0435\u0439. \u0417\u0430 5 \u0440\u0443\u0447\u0435\u043a \u0438 \u0442\u0435\u0442\u0440\u0430\u0434\u044c \u0437\u0430 20 \u0440\u0443\u0431\u043b\u0435\u0439 \u0437\u0430\u043f\u043b\u0430\u0442\u0438\u043b\u0438 {t} \u0440\u0443\u0431\u043b\u0435\u0439. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u043e\u0434\u043d\u0430 \u0440\u0443\u0447\u043a\u0430? \u041e\u0442\u0432\u0435\u0442 \u0442\u043e\u043b\u044c\u043a\u043e \u0447\u0438\u0441\u043b\u043e\u043c."
RU_WORDS = "\u0417\u0430 5 \u0440\u0443\u0447\u0435\u043a \u0438 \u0442\u0435\u0442\u0440\u0430\u0434\u044c \u0437\u0430 20 \u0440\u0443\u0431\u043b\u0435\u0439 \u0437\u0430\u043f\u043b\u0430\u0442\u0438\u043b\u0438 {t} \u0440\u0443\u0431\u043b\u0435\u0439. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u043e\u0434\u043d\u0430 \u0440\u0443\u0447\u043a\u0430?"
FR = "Un cahier co\u00fbte c euros. 4 cahiers et une gomme \u00e0 2 euros co\u00fbtent {t} euros au total. Trouve c."
FR_WORDS = "4 cahiers et une gomme \u00e0 2 euros co\u00fbtent {t} euros au total. Combien co\u00fbte un cahier ? Juste le nombre."
ES = "Un cuaderno cuesta c euros. 4 cuadernos y una goma de 2 euros cuestan {t} euros en total. Halla c."
ES_WORDS = "4 cuadernos y una goma de 2 euros cuestan {t} euros en total. \u00bfCu\u00e1nto cuesta un cuaderno? Responde solo con el n\u00famero."
IT = "Un quaderno costa c euro. 4 quaderni e una gomma da 2 euro costano {t} euro in totale. Trova c."
IT_WORDS = "4 quaderni e una gomma da 2 euro costano {t} euro in totale. Quanto costa un quaderno? Rispondi solo con il numero."
PT = "Um caderno custa c reais. 4 cadernos e uma borracha de 2 reais custam {t} reais no total. Encontre c."
PT_WORDS = "4 cadernos e uma borracha de 2 reais custam {t} reais no total. Quanto custa um caderno? Responda s\u00f3 com o n\u00famero."
ZH = "\u5c0f\u660e\u4e70\u4e86 3 \u672c\u4e00\u6837\u7684\u4e66\uff0c\u53c8\u4e70\u4e86\u4e00\u652f 8 \u5143\u7684\u7b14\uff0c\u4e00\u5171\u82b1\u4e86 {t} \u5143\u3002\u6bcf\u672c\u4e66\u591a\u5c11\u5143\uff1f\u53ea\u56de\u7b54\u6570\u5b57\u3002"
JA = "\u308a\u3093\u3054\u3092 4 \u500b\u3068 120 \u5186\u306e\u30b8\u30e5\u30fc\u30b9\u3092\u8cb7\u3063\u305f\u3089\u3001\u5408\u8a08 {t} \u5186\u3067\u3057\u305f\u3002\u308a\u3093\u3054 1 \u500b\u306e\u5024\u6bb5\u306f\uff1f\u6570\u5b57\u3060\u3051\u3067\u7b54\u3048\u3066\u3002"

# (template, first total, second total, letter ("" for the bare value), value, bare)
SERVED = [
    (EN, 29, 32, "p", Fraction(9), False),
    (EN_WORDS, 29, 32, "x", Fraction(9), False),
    (EN_CHANGE, 14, 20, "", Fraction(5), True),
    (DE, 33, 36, "", Fraction(10), True),
    (RU, 95, 105, "", Fraction(17), True),
    (RU_WORDS, 95, 105, "x", Fraction(17), False),
    (FR, 26, 30, "c", Fraction(7), False),
    (FR_WORDS, 26, 30, "", Fraction(7), True),
    (ES, 26, 30, "c", Fraction(7), False),
    (ES_WORDS, 26, 30, "", Fraction(7), True),
    (IT, 26, 30, "c", Fraction(7), False),
    (IT_WORDS, 26, 30, "", Fraction(7), True),
    (PT, 26, 30, "c", Fraction(7), False),
    (PT_WORDS, 26, 30, "", Fraction(7), True),
    (ZH, 47, 53, "", Fraction(15), True),
    (JA, 520, 600, "", Fraction(120), True),
]


@pytest.mark.parametrize(("template", "first", "second", "name", "value", "bare"), SERVED)
def test_a_price_story_is_served_exact(template: str, first: int, second: int, name: str, value: Fraction, bare: bool) -> None:
    served_story(template, first, second, name, value, bare)


def test_the_change_back_is_the_amount_paid_less_the_change() -> None:
    problem = understand_prompt(EN_CHANGE.format(t=14))
    assert problem is not None and problem.equations[0].text == "6x + 14 = 50" and problem.solution == {"x": 6}


TRAPS = [
    "A notebook costs p dollars. Three notebooks and a $5 pen cost $29 altogether. How much did the pen cost?",
    "Three notebooks and a $5 pen cost $29 altogether. How much does one pen cost?",
    "Three notebooks and 2 $5 pens cost $29 altogether. How much does one notebook cost?",
    "Three notebooks and a pen cost $29 altogether. How much does one notebook cost?",
    "Three notebooks and the $5 pens cost $29 altogether. How much does one notebook cost?",
    "Three notebooks and a $5 pen cost $29 altogether. How much did the notebooks cost?",
    "Three notebooks and a $5 notebook cost $29 altogether. How much does one notebook cost?",
    "Three notebooks and a $5 pen cost 29 euros altogether. How much does one notebook cost?",
    "A notebook costs p dollars. A pencil costs 5 dollars. Three notebooks and a pen cost $29 altogether. Find p.",  # wip/linS: the pen priced is now read (3p + 5 = 29); a pencil priced, the pen not: two unknowns
    "A pen costs p dollars. Three notebooks and a $5 pen cost $29 altogether. Find p.",
    "Notebooks cost p dollars. Three notebooks and a $5 pen cost $29 altogether. Find p.",
    "At the market Ana bought 6 identical mangoes, paid with a $50 bill and got $14 back. How much change did she get? Just the number please.",
    "At the market Ana bought 6 identical mangoes, paid with a $50 bill and got $14 back. How much did the mangoes cost? Just the number please.",
    "On May 3 Ana bought 6 identical mangoes, paid with a $50 bill and got $14 back. How much did one mango cost? Just the number please.",
    "At the market Ana bought 6 identical mangoes, paid with a $50 bill and got $64 back. How much did one mango cost? Just the number please.",
    "At the market Ana bought 6 identical mangoes, paid with a $50 bill and got 14 euros back. How much did one mango cost? Just the number please.",
    "At the market Ana bought 6 identical mangoes, paid with a $50 bill and got $14 back. How much did one apple cost? Just the number please.",
    DE.format(t=33).replace("kostet ein Ticket", "kostet das Popcorn"),
    DE.format(t=33).replace("6 Euro", "6 Dollar"),
    DE.format(t=33).replace("und Popcorn", "und 2 Popcorn"),
    RU.format(t=95).replace("\u043e\u0434\u043d\u0430 \u0440\u0443\u0447\u043a\u0430", "\u0442\u0435\u0442\u0440\u0430\u0434\u044c"),
    RU.format(t=95).replace("\u0438 \u0442\u0435\u0442\u0440\u0430\u0434\u044c", "\u0438 2 \u0442\u0435\u0442\u0440\u0430\u0434\u0438"),
    ZH.format(t=47).replace("\u6bcf\u672c\u4e66", "\u6bcf\u652f\u7b14"),
    ZH.format(t=47).replace("3 \u672c", "3 \u76d2"),
    ZH.format(t=47).replace("8 \u5143\u7684\u7b14", "8 \u5143\u7684\u4e66"),
    JA.format(t=520).replace("\u308a\u3093\u3054 1 \u500b", "\u308a\u3093\u3054 2 \u500b"),
    JA.format(t=520).replace("\u308a\u3093\u3054 1 \u500b", "\u30b8\u30e5\u30fc\u30b9 1 \u672c"),
    FR_WORDS.format(t=26).replace("co\u00fbte un cahier", "co\u00fbtent les cahiers"),
    FR_WORDS.format(t=26).replace("co\u00fbte un cahier", "co\u00fbte une gomme"),
    ES_WORDS.format(t=26).replace("cuesta un cuaderno", "cuestan los cuadernos"),
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_changed_story_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, EN.format(t=29))


# -- ages: one d years more than k times another's, the first's age given, the other's asked
AGE_EN = "Tom is 4 years older than twice his sister's age. Tom is {t}. Let s be the sister's age. Find s."
AGE_EN_WORDS = "Tom is 4 years older than twice his sister's age. Tom is {t}. How old is the sister?"
AGE_ES = ("Luc\u00eda tiene el doble de la edad de su primo m\u00e1s 3 a\u00f1os. Si Luc\u00eda tiene {t} a\u00f1os, "
          "\u00bfcu\u00e1ntos a\u00f1os tiene su primo? Responde solo con el n\u00famero.")
AGE_IT = ("Marco ha 5 anni in pi\u00f9 del triplo dell'et\u00e0 di sua figlia. Marco ha {t} anni. "
          "Quanti anni ha la figlia? Rispondi solo con il numero.")

AGES = [
    (AGE_EN, 22, 30, "s", Fraction(13), False),
    (AGE_EN_WORDS, 22, 30, "x", Fraction(13), False),
    (AGE_ES, 19, 25, "", Fraction(11), True),
    (AGE_IT, 41, 44, "", Fraction(13), True),
]


@pytest.mark.parametrize(("template", "first", "second", "name", "value", "bare"), AGES)
def test_an_age_story_is_served_exact(template: str, first: int, second: int, name: str, value: Fraction, bare: bool) -> None:
    served_story(template, first, second, name, value, bare)


def test_the_age_equation_is_k_times_plus_d() -> None:
    problem = understand_prompt(AGE_EN.format(t=22))
    assert problem is not None and problem.equations[0].text == "2s + 4 = 22" and problem.solution == {"s": 9}


AGE_TRAPS = [
    AGE_EN_WORDS.format(t=22).replace("How old is the sister?", "How old is Tom?"),
    AGE_EN.format(t=22).replace("Tom is 22", "Ann is 22"),
    AGE_EN.format(t=22).replace("years older", "years younger"),
    AGE_EN.format(t=22).replace("the sister's age", "Tom's age"),
    AGE_EN.format(t=22).replace("the sister's age", "the brother's age"),
    AGE_EN_WORDS.format(t=22).replace("his sister's", "her sister's").replace("the sister?", "his sister?"),
    AGE_EN.format(t=22).replace("Tom is 22", "Tom was 22 in 2019"),
    AGE_IT.format(t=41).replace("ha la figlia", "ha Marco"),
    AGE_IT.format(t=41).replace("in pi\u00f9", "in meno"),
    AGE_IT.format(t=41).replace("Marco ha 41", "Luca ha 41"),
    AGE_IT.format(t=41).replace("la figlia?", "il figlio?"),
    AGE_ES.format(t=19).replace("Si Luc\u00eda tiene 19 a\u00f1os, \u00bfcu\u00e1ntos a\u00f1os tiene su primo",
                                "Si su primo tiene 19 a\u00f1os, \u00bfcu\u00e1ntos a\u00f1os tiene Luc\u00eda"),
    AGE_ES.format(t=19).replace("tiene su primo?", "tiene Luc\u00eda?"),
    AGE_ES.format(t=19).replace("de su primo m\u00e1s", "de su prima m\u00e1s"),
]


@pytest.mark.parametrize("trap", AGE_TRAPS)
def test_a_changed_age_story_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, AGE_EN.format(t=22))


# -- two numbers: their sum and their difference, each letter named the larger or the smaller
TWO = "Two numbers add up to {t} and differ by 8. Let a be the larger and b the smaller; find a and b."
TWO_SWAPPED = "Two numbers add up to {t} and differ by 8. Let a be the smaller and b the larger; find a and b."
TWO_SUM = "The sum of two numbers is {t} and their difference is 8. Let x be the larger number and y the smaller number. Find x and y."
MARIA = "Maria is 3 times as old as her son, and together they are {t}. Let m be Maria's age and s her son's age. Find m and s."
MARIA_MORE = "Maria is 24 years older than her son, and together they are {t}. Let m be Maria's age and s her son's age. Find m and s."

TWOS = [
    (TWO, 30, 40, {"a": Fraction(24), "b": Fraction(16)}),
    (TWO, 30, 9, {"a": Fraction(17, 2), "b": Fraction(1, 2)}),
    (TWO_SWAPPED, 30, 40, {"a": Fraction(16), "b": Fraction(24)}),
    (TWO_SUM, 30, 31, {"x": Fraction(39, 2), "y": Fraction(23, 2)}),
    (MARIA, 48, 60, {"m": Fraction(45), "s": Fraction(15)}),
    (MARIA_MORE, 48, 40, {"m": Fraction(32), "s": Fraction(8)}),
]


@pytest.mark.parametrize(("template", "first", "second", "expected"), TWOS)
def test_two_numbers_are_served_exact(template: str, first: int, second: int, expected: dict[str, Fraction]) -> None:
    served_linear(template.format(t=first), template.format(t=second), expected)


def test_the_larger_less_the_smaller_is_the_difference() -> None:
    problem = understand_prompt(TWO_SWAPPED.format(t=30))
    assert problem is not None and [eq.text for eq in problem.equations] == ["b + a = 30", "b - a = 8"]
    assert problem.solution == {"a": 11, "b": 19}


TWO_TRAPS = [
    TWO.format(t=30).replace("b the smaller", "b the larger"),
    TWO.format(t=30).replace("Two numbers", "Three numbers"),
    TWO.format(t=30).replace("find a and b", "find a"),
    TWO.format(t=30).replace("find a and b", "find a + b"),
    TWO.format(t=30).replace("differ by 8", "differ by 0"),
    TWO.format(t=30).replace("differ by 8", "differ by 8 on May 3"),
    TWO.format(t=30).replace("and differ by 8", "and their product is 8"),
    TWO_SUM.format(t=30).replace("their difference", "their product"),
    TWO.format(t=30).replace("Let a be the larger and b the smaller", "Let a be the larger and a the smaller"),
    MARIA.format(t=48).replace("her son's age", "her daughter's age"),
    MARIA.format(t=48).replace("Maria's age", "Ann's age"),
    MARIA.format(t=48).replace("her son's age", "his son's age"),
    MARIA.format(t=48).replace("Find m and s.", "Find m."),
    MARIA.format(t=48).replace("together they are", "Maria is"),
    MARIA_MORE.format(t=20),  # the son's age would be -2
]


@pytest.mark.parametrize("trap", TWO_TRAPS)
def test_a_changed_two_numbers_story_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, TWO.format(t=30))

