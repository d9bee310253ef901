"""Two things compared and their sum, one of them asked in words (branch wip/linQ, 2026-12-05), written
by hand, not from any held-out file. The story is built from facts of declared kinds, each a grammar
rule with table words per language: a relation between two things or people (d more or less, k times,
older or younger, dearer or cheaper), their sum (together they cost S, the sum of their ages is S) and
ONE question naming one of the two. word_problems.py composes the equation from the facts
(x + (x + d) = S, x + kx = S, the asked one written x whichever of the two it is).

Each pair: the first prompt is answered by a model that is never right (only what the derivation
proves is stored), the second (one number changed) is served proven without a model call and exactly
right, in the asked format ("just the number": the bare value). Each trap (another thing asked, a
plural, two currencies, a percentage, a date, a fact the composition does not use, a third thing,
the same thing twice, another person, a future age) reaches the model or is served exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_story

# (template with {t} the sum, first sum, second sum, value asked at the second sum, bare answer asked)
SERVED = [
    # en: prices, d more or less, the cheaper or the dearer asked, several ways to say the sum
    ("A notebook costs $4 more than a pen. Together they cost ${t}. How much is the pen?", 10, 14, Fraction(5), False),
    ("A notebook costs $4 more than a pen. Together they cost ${t}. How much is the notebook?", 10, 14, Fraction(9), False),
    ("A pen costs $4 less than a notebook. Together they cost ${t}. How much is the pen?", 10, 14, Fraction(5), False),
    ("A pen costs $4 less than a notebook. Together they cost ${t}. How much does the notebook cost?", 10, 14, Fraction(9), False),
    ("A book costs $6 more than a pencil. Together, they cost ${t}. How much does the pencil cost?", 16, 20, Fraction(7), False),
    ("A ticket costs $3 more than a sandwich. The two together cost ${t}. How much is one sandwich?", 13, 17, Fraction(7), False),
    ("A notebook costs $4 more than a pen. Combined they cost ${t}. How much is the pen? Just the number.", 10, 14, Fraction(5), True),
    ("A notebook costs $4 more than a pen. The two of them cost ${t}. How much is the pen? Just the number.", 10, 16, Fraction(6), True),
    ("A notebook costs $4 more than a pen. Altogether they cost ${t}. How much is the pen?", 10, 15, Fraction(11, 2), False),
    # en: ages, k times, d older or younger
    ("Tom is twice as old as Ann. Together they are {t} years old. How old is Ann?", 30, 36, Fraction(12), False),
    ("Tom is three times as old as his son. The sum of their ages is {t}. How old is the son?", 40, 48, Fraction(12), False),
    ("Ann is 5 years younger than Tom. Together they are {t} years old. How old is Ann?", 35, 41, Fraction(18), False),
    ("Ann is 5 years younger than Tom. Together they are {t} years old. How old is Tom? Just the number.", 35, 41, Fraction(23), True),
    # fr
    ("Un cahier co\u00fbte 3 \u20ac de plus qu'un stylo. Les deux ensemble co\u00fbtent {t} \u20ac. Combien co\u00fbte le stylo ? Donne juste le nombre.", 13, 15, Fraction(6), True),
    ("Un stylo co\u00fbte 3 \u20ac de moins qu'un cahier. Ensemble, ils co\u00fbtent {t} \u20ac. Combien co\u00fbte le cahier ?", 13, 15, Fraction(9), False),
    ("Un livre co\u00fbte 5 euros de plus qu'un crayon. \u00c0 eux deux, ils co\u00fbtent {t} euros. Combien co\u00fbte le crayon ?", 15, 17, Fraction(6), False),
    ("Luc a 6 ans de plus que Marc. \u00c0 eux deux, ils ont {t} ans. Quel \u00e2ge a Marc ?", 30, 40, Fraction(17), False),
    # es
    ("Mar\u00eda tiene el doble de edad que su hermano. Entre los dos suman {t} a\u00f1os. \u00bfCu\u00e1ntos a\u00f1os tiene el hermano? Solo el n\u00famero.", 36, 45, Fraction(15), True),
    ("Luis tiene el triple de edad que su hija. Juntos suman {t} a\u00f1os. \u00bfCu\u00e1ntos a\u00f1os tiene su hija?", 40, 48, Fraction(12), False),
    ("Ana tiene 6 a\u00f1os menos que Pedro. Entre los dos suman {t} a\u00f1os. \u00bfCu\u00e1ntos a\u00f1os tiene Pedro?", 30, 40, Fraction(23), False),
    ("Un cuaderno cuesta 3 euros m\u00e1s que un bol\u00edgrafo. Juntos cuestan {t} euros. \u00bfCu\u00e1nto cuesta el bol\u00edgrafo?", 13, 15, Fraction(6), False),
    # de
    ("Ein Vater ist viermal so alt wie sein Sohn. Zusammen sind sie {t} Jahre alt. Wie alt ist der Sohn? Nur die Zahl bitte.", 50, 60, Fraction(12), True),
    ("Eine Mutter ist dreimal so alt wie ihre Tochter. Zusammen sind sie {t} Jahre alt. Wie alt ist die Tochter?", 40, 48, Fraction(12), False),
    ("Anna ist 5 Jahre j\u00fcnger als Tom. Zusammen sind sie {t} Jahre alt. Wie alt ist Anna?", 35, 41, Fraction(18), False),
    ("Ein Heft kostet 2 Euro mehr als ein Stift. Zusammen kosten sie {t} Euro. Wie viel kostet der Stift?", 6, 8, Fraction(3), False),
    # it
    ("Luca ha 6 anni pi\u00f9 di Marco. La somma delle loro et\u00e0 \u00e8 {t}. Quanti anni ha Marco? Rispondi solo con il numero.", 40, 52, Fraction(23), True),
    ("Marco ha 6 anni meno di Luca. La somma delle loro et\u00e0 \u00e8 {t}. Quanti anni ha Luca?", 40, 52, Fraction(29), False),
    ("Un quaderno costa 3 euro pi\u00f9 di una penna. Insieme costano {t} euro. Quanto costa la penna?", 9, 11, Fraction(4), False),
    ("Paolo ha il doppio dell'et\u00e0 di suo figlio. Insieme hanno {t} anni. Quanti anni ha suo figlio?", 36, 45, Fraction(15), False),
    # pt
    ("Um caderno custa R$ 4 a mais que uma caneta. Juntos custam R$ {t}. Quanto custa a caneta? Responda s\u00f3 com o n\u00famero.", 10, 14, Fraction(5), True),
    ("Ana tem 6 anos a mais que Pedro. Juntos somam {t} anos. Quantos anos tem Pedro?", 30, 40, Fraction(17), False),
    # ru
    ("\u0420\u0443\u0447\u043a\u0430 \u0434\u0435\u0448\u0435\u0432\u043b\u0435 \u0442\u0435\u0442\u0440\u0430\u0434\u0438 \u043d\u0430 20 \u0440\u0443\u0431\u043b\u0435\u0439. \u0412\u043c\u0435\u0441\u0442\u0435 \u043e\u043d\u0438 \u0441\u0442\u043e\u044f\u0442 {t} \u0440\u0443\u0431\u043b\u0435\u0439. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u0440\u0443\u0447\u043a\u0430? \u041e\u0442\u0432\u0435\u0442 \u0442\u043e\u043b\u044c\u043a\u043e \u0447\u0438\u0441\u043b\u043e\u043c.", 100, 140, Fraction(60), True),
    ("\u0420\u0443\u0447\u043a\u0430 \u043d\u0430 20 \u0440\u0443\u0431\u043b\u0435\u0439 \u0434\u0435\u0448\u0435\u0432\u043b\u0435 \u0442\u0435\u0442\u0440\u0430\u0434\u0438. \u0412\u043c\u0435\u0441\u0442\u0435 \u043e\u043d\u0438 \u0441\u0442\u043e\u044f\u0442 {t} \u0440\u0443\u0431\u043b\u0435\u0439. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u0442\u0435\u0442\u0440\u0430\u0434\u044c?", 100, 140, Fraction(80), False),
    ("\u041a\u043d\u0438\u0433\u0430 \u0434\u043e\u0440\u043e\u0436\u0435 \u0442\u0435\u0442\u0440\u0430\u0434\u0438 \u043d\u0430 30 \u0440\u0443\u0431\u043b\u0435\u0439. \u0412\u043c\u0435\u0441\u0442\u0435 \u043e\u043d\u0438 \u0441\u0442\u043e\u044f\u0442 {t} \u0440\u0443\u0431\u043b\u0435\u0439. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u0442\u0435\u0442\u0440\u0430\u0434\u044c?", 110, 130, Fraction(50), False),
    # zh
    ("\u5c0f\u660e\u7684\u5e74\u9f84\u662f\u59b9\u59b9\u76843\u500d\uff0c\u4e24\u4eba\u5e74\u9f84\u4e4b\u548c\u662f{t}\u5c81\u3002\u59b9\u59b9\u51e0\u5c81\uff1f\u53ea\u56de\u7b54\u6570\u5b57\u3002", 28, 32, Fraction(8), True),
    ("\u54e5\u54e5\u6bd4\u5f1f\u5f1f\u59274\u5c81\uff0c\u4e24\u4eba\u5e74\u9f84\u4e4b\u548c\u662f{t}\u5c81\u3002\u5f1f\u5f1f\u51e0\u5c81\uff1f", 16, 20, Fraction(8), False),
    ("\u4e00\u672c\u4e66\u6bd4\u4e00\u652f\u7b14\u8d355\u5143\uff0c\u4e24\u6837\u4e00\u5171{t}\u5143\u3002\u7b14\u591a\u5c11\u5143\uff1f", 13, 15, Fraction(5), False),
    ("\u4e00\u652f\u7b14\u6bd4\u4e00\u672c\u4e66\u4fbf\u5b9c5\u5143\uff0c\u4e24\u6837\u4e00\u5171{t}\u5143\u3002\u4e66\u591a\u5c11\u94b1\uff1f", 13, 15, Fraction(10), False),
    # ja
    ("\u30ce\u30fc\u30c8\u306f\u30da\u30f3\u3088\u308a40\u5186\u9ad8\u3044\u3067\u3059\u3002\u3075\u305f\u3064\u5408\u308f\u305b\u3066{t}\u5186\u3067\u3059\u3002\u30da\u30f3\u306f\u3044\u304f\u3089\u3067\u3059\u304b\uff1f\u6570\u5b57\u3060\u3051\u3067\u7b54\u3048\u3066\u3002", 120, 140, Fraction(50), True),
    ("\u30da\u30f3\u306f\u30ce\u30fc\u30c8\u3088\u308a40\u5186\u5b89\u3044\u3067\u3059\u3002\u5408\u308f\u305b\u3066{t}\u5186\u3067\u3059\u3002\u30ce\u30fc\u30c8\u306f\u4f55\u5186\u3067\u3059\u304b\uff1f", 120, 140, Fraction(90), False),
]


@pytest.mark.parametrize(("template", "first", "second", "value", "bare"), SERVED)
def test_a_compared_story_is_served_exact(template: str, first: int, second: int, value: Fraction, bare: bool) -> None:
    served_story(template, first, second, "" if bare else "x", value, bare)


def test_the_relation_is_turned_round_by_less_and_younger() -> None:
    pen = understand_prompt("A pen costs $4 less than a notebook. Together they cost $14. How much is the pen?")
    assert pen is not None and pen.equations[0].text == "x + (x + 4) = 14" and pen.solution == {"x": 5}
    tom = understand_prompt("Ann is 5 years younger than Tom. Together they are 41 years old. How old is Tom?")
    assert tom is not None and tom.equations[0].text == "x + (x - 5) = 41" and tom.solution == {"x": 23}


BASE = "A notebook costs $4 more than a pen. Together they cost $14. How much is the pen?"
TRAPS = [
    "A notebook costs $4 more than a pen. Together they cost 14 euros. How much is the pen?",
    "A notebook costs $4 more than a pen. Together they cost $14. How much is the pencil?",
    "A notebook costs $4 more than a pen. Together they cost $14. How much are the pens?",
    "A notebook costs $4 more than a pen. A pen costs $3. Together they cost $14. How much is the pen?",
    "A notebook costs 4% more than a pen. Together they cost $14. How much is the pen?",
    "On May 3 a notebook cost $4 more than a pen. Together they cost $14. How much is the pen?",
    "A notebook costs $4 more than a notebook. Together they cost $14. How much is the notebook?",
    "A notebook costs $4 more than a pen. Together they cost $14. How many pens?",
    "A notebook costs $4 more than a pen. Together they cost $14. How much is the pen in euros?",
    "A notebook costs $4 more than 2 pens. Together they cost $14. How much is the pen?",
    "A notebook costs $4 more than a pen. Together they cost $14 each. How much is the pen?",
    "A notebook costs $4 more than a pen. Together they cost $14. How much is the pen? How much is the notebook?",
    "A notebook costs $4 more than a pen. Together they cost $14. A pencil costs $2. How much is the pen?",
    "A notebook costs $4 more than a pen and a pencil. Together they cost $14. How much is the pen?",
    "A notebook costs $4 more than a pen. Together they cost $14. How much is the pen? Answer in cents.",
    "A notebook costs $4 more than a pen. Both cost $14. How much is the pen?",
    "A notebook costs $4 more than a pen. Together they cost $14. How much is the notebook and the pen?",
    "Tom is twice as old as Ann. Together they are 36 years old. How old is Bob?",
    "Tom is three times as old as his son. The sum of their ages is 48. How old is my son?",
    "Tom is three times as old as his son. The sum of their ages is 48. How old will the son be in 5 years?",
    "Tom is three times as old as his son. The sum of their ages is 48. How old was the son 5 years ago?",
    "Tom is 5 years older than Ann. Together they are 41 years old. How old is Ann's son?",
    "Tom is twice as old as Tom. Together they are 36 years old. How old is Tom?",
    "\u30ce\u30fc\u30c8\u306f\u30da\u30f3\u3088\u308a40\u5186\u9ad8\u3044\u3067\u3059\u3002\u3075\u305f\u3064\u5408\u308f\u305b\u3066140\u5186\u3067\u3059\u3002\u30da\u30f3\u306f\u3044\u304f\u3064\u3067\u3059\u304b\uff1f",
    "\u0420\u0443\u0447\u043a\u0430 \u0434\u0435\u0448\u0435\u0432\u043b\u0435 \u0442\u0435\u0442\u0440\u0430\u0434\u0438 \u043d\u0430 20 \u0440\u0443\u0431\u043b\u0435\u0439. \u0412\u043c\u0435\u0441\u0442\u0435 \u043e\u043d\u0438 \u0441\u0442\u043e\u044f\u0442 140 \u0434\u043e\u043b\u043b\u0430\u0440\u043e\u0432. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u0440\u0443\u0447\u043a\u0430?",
    "\u0420\u0443\u0447\u043a\u0430 \u0434\u0435\u0448\u0435\u0432\u043b\u0435 \u0442\u0435\u0442\u0440\u0430\u0434\u0438 \u043d\u0430 20 \u0440\u0443\u0431\u043b\u0435\u0439. \u0412\u043c\u0435\u0441\u0442\u0435 \u043e\u043d\u0438 \u0441\u0442\u043e\u044f\u0442 140 \u0440\u0443\u0431\u043b\u0435\u0439. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u043a\u043d\u0438\u0433\u0430?",
    "\u0420\u0443\u0447\u043a\u0430 \u0434\u0435\u0448\u0435\u0432\u043b\u0435 \u0440\u0443\u0447\u043a\u0438 \u043d\u0430 20 \u0440\u0443\u0431\u043b\u0435\u0439. \u0412\u043c\u0435\u0441\u0442\u0435 \u043e\u043d\u0438 \u0441\u0442\u043e\u044f\u0442 140 \u0440\u0443\u0431\u043b\u0435\u0439. \u0421\u043a\u043e\u043b\u044c\u043a\u043e \u0441\u0442\u043e\u0438\u0442 \u0440\u0443\u0447\u043a\u0430?",
    "Un cahier co\u00fbte 3 \u20ac de plus qu'un stylo. Les deux ensemble co\u00fbtent 15 \u20ac. Combien co\u00fbtent les stylos ?",
    "Un cahier co\u00fbte 3 \u20ac de plus qu'un stylo. Les deux ensemble co\u00fbtent 15 \u20ac. Combien co\u00fbte la gomme ?",
    "Mar\u00eda tiene el doble de edad que su hermano. Entre los dos suman 45 a\u00f1os. \u00bfCu\u00e1ntos a\u00f1os tiene su prima?",
    "\u4e00\u672c\u4e66\u6bd4\u4e00\u652f\u7b14\u8d355\u5143\uff0c\u4e24\u6837\u4e00\u517115\u5143\u3002\u6a61\u76ae\u591a\u5c11\u5143\uff1f",
    "\u4e00\u672c\u4e66\u6bd4\u4e00\u652f\u7b14\u8d355\u5143\uff0c\u4e24\u6837\u4e00\u517115\u7f8e\u5143\u3002\u7b14\u591a\u5c11\u5143\uff1f",
    "Luca ha 6 anni pi\u00f9 di Marco. La somma delle loro et\u00e0 \u00e8 52. Quanti anni ha Paolo?",
    "Ein Vater ist viermal so alt wie sein Sohn. Zusammen sind sie 60 Jahre alt. Wie alt ist die Tochter?",
    # the purchase shape does not read "How much is the pen?" as a price (one of two compared only)
    "Three notebooks and a $5 pen cost $29 altogether. How much is the notebook?",
    "\u5c0f\u660e\u4e70\u4e86 3 \u672c\u4e00\u6837\u7684\u4e66\uff0c\u53c8\u4e70\u4e86\u4e00\u652f 8 \u5143\u7684\u7b14\uff0c\u4e00\u5171\u82b1\u4e86 47 \u5143\u3002\u4e66\u591a\u5c11\u5143\uff1f",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_changed_compared_story_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, BASE)
