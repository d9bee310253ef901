"""Earnings, sales and a purchase said by its buyer (branch wip/linQ, 2026-12-05), written by hand, not
from any held-out file. Facts of declared kinds, composed into one equation by word_problems.py: a
rate per unit ("$12 an hour", "$4 each"), one fixed amount added ("a $30 bonus") or taken away ("after
paying a $12 stall fee she had $76 left"), the total ("she made $174"), a count of one item and another
item at its price ("4 coffees and a $5 sandwich"), and ONE question (the count over the rate's unit,
"How many hours did she work?", "How many muffins did she sell?", or one item's price, "How much was one
coffee?", "Quanto custou cada caderno?").

Each pair: the first prompt is answered by a model that is never right, the second (one number changed)
is served proven without a model call and exactly right ("just the number": the bare value). Each trap
reaches the model or is served exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_story

# (template with {t} the total, first total, second total, value asked at the second total, bare)
SERVED = [
    ("Sara earns $12 an hour plus a $30 bonus. Last week she made ${t}. How many hours did she work?", 150, 174, Fraction(12), False),
    ("Tom earns $15 an hour plus a $20 bonus. This week he made ${t}. How many hours did he work? Just the number.", 140, 170, Fraction(10), True),
    ("Sara earns $12 per hour plus a $30 bonus. Last week she made ${t}. How many hours did she work?", 150, 174, Fraction(12), False),
    ("Sara earns $12 an hour plus a $30 weekly bonus. Last week, she earned ${t}. How many hours did she work?", 150, 174, Fraction(12), False),
    ("Sara gets paid $12 an hour plus a $30 bonus. Last week she made ${t} in total. How many hours did she work?", 150, 174, Fraction(12), False),
    ("Ana sells muffins at a market for $4 each. After paying a $12 stall fee she had ${t} left from her sales. How many muffins did she sell?", 68, 76, Fraction(22), False),
    ("Ben sells cookies at the bake sale for $2 each. After paying a $6 table fee he had ${t} left. How many cookies did he sell? Just the number.", 30, 40, Fraction(23), True),
    ("Ana sells cupcakes for $3 apiece. After paying a $9 booth fee, she had ${t} left over. How many cupcakes did she sell?", 60, 66, Fraction(25), False),
    ("I grabbed 4 coffees and a $5 sandwich at the cafe and paid ${t} total. How much was one coffee?", 17, 21, Fraction(4), False),
    ("We bought 3 pies and a $4 lemonade and paid ${t} in total. How much was one pie? Just the number.", 25, 31, Fraction(9), True),
    ("I bought 5 muffins and a $2 coffee and paid ${t}. How much was one muffin?", 12, 17, Fraction(3), False),
    ("Comprei 4 cadernos e uma caneta de R$ 3 e paguei R$ {t} no total. Quanto custou cada caderno? Responda s\u00f3 com o n\u00famero.", 27, 31, Fraction(7), True),
    ("Comprei 3 livros e uma borracha de R$ 2 e paguei R$ {t} no total. Quanto custou cada livro?", 32, 38, Fraction(12), False),
    # counts bought at a unit price, the unknown count asked: sum of count x price + other amounts = total
    ("A notebook costs $3 and a pen costs $2. Maria spent ${t} on 5 notebooks and some pens. How many pens did she buy?", 25, 29, Fraction(7), False),
    ("A notebook costs $3 and a pen costs $2. She paid ${t} for 5 notebooks and some pens. How many pens did she buy? Just the number.", 25, 29, Fraction(7), True),
    ("Pens cost $2 each. A notebook costs $3. Maria spent ${t} on 5 notebooks and a few pens. How many pens did she buy?", 25, 29, Fraction(7), False),
    ("\u4e00\u652f\u7b143\u5143\uff0c\u5c0f\u7ea2\u4e70\u4e86\u51e0\u652f\u7b14\u548c\u4e00\u4e2a8\u5143\u7684\u672c\u5b50\uff0c\u4e00\u5171\u82b1\u4e86{t}\u5143\u3002\u5979\u4e70\u4e86\u51e0\u652f\u7b14\uff1f", 26, 32, Fraction(8), False),
    ("\u6bcf\u652f\u7b143\u5143\uff0c\u5c0f\u7ea2\u4e70\u4e86\u51e0\u652f\u7b14\u548c\u4e00\u4e2a8\u5143\u7684\u672c\u5b50\uff0c\u4e00\u5171\u82b1\u4e86{t}\u5143\u3002\u5979\u4e70\u4e86\u51e0\u652f\u7b14\uff1f\u53ea\u56de\u7b54\u6570\u5b57\u3002", 26, 32, Fraction(8), True),
    ("Uma camiseta custa R$ 25. Joana comprou algumas e pagou R$ 10 de frete, totalizando R$ {t}. Quantas camisetas ela comprou?", 110, 160, Fraction(6), False),
]


@pytest.mark.parametrize(("template", "first", "second", "value", "bare"), SERVED)
def test_an_earnings_story_is_served_exact(template: str, first: int, second: int, value: Fraction, bare: bool) -> None:
    served_story(template, first, second, "" if bare else "x", value, bare)


def test_a_fee_taken_away_is_subtracted() -> None:
    problem = understand_prompt("Ana sells muffins at a market for $4 each. After paying a $12 stall fee she had $76 "
                                "left from her sales. How many muffins did she sell?")
    assert problem is not None and problem.equations[0].text == "4x - 12 = 76" and problem.solution == {"x": 22}


BASE = "Sara earns $12 an hour plus a $30 bonus. Last week she made $174. How many hours did she work?"
TRAPS = [
    "Sara earns $12 an hour plus a $30 bonus. Last week she made $174. How many days did she work?",
    "Sara earns $12 an hour plus a $30 bonus. Last week she made 174 euros. How many hours did she work?",
    "Sara earns $12 an hour plus a 10% bonus. Last week she made $174. How many hours did she work?",
    "Sara earns $12 an hour plus a $30 bonus. Last week Tom made $174. How many hours did she work?",
    "Sara earns $12 an hour plus a $30 bonus. Last week she made $174. How much did she earn per hour?",
    "Sara earns $12 an hour plus a $30 bonus and a $5 tip. Last week she made $174. How many hours did she work?",
    "Sara earns $12 an hour plus a $30 bonus. On May 3 she made $174. How many hours did she work?",
    "Sara earns $12 an hour plus a $30 bonus. Last week she made $174. How many hours did she work? How much was the bonus?",
    "Ana sells muffins at a market for $4. After paying a $12 stall fee she had $76 left from her sales. How many muffins did she sell?",
    "Ana sells muffins at a market for $4 each. After paying a $12 stall fee she had $76 left from her sales. How many muffins did she buy?",
    "Ana sells muffins at a market for $4 each. After paying a $12 stall fee she had $78 left from her sales. How many muffins did she sell?",
    "Ana sells muffins at a market for $4 each. After paying a $12 stall fee she had $76 left from her sales. How many cookies did she sell?",
    "Ana sells muffins at a market for $4 each. After paying a $12 stall fee she had $76. How many muffins did she sell?",
    "Ana sells muffins on May 3 for $4 each. After paying a $12 stall fee she had $76 left. How many muffins did she sell?",
    "Ana sells muffins at a market for $4 each. After paying a 12% stall fee she had $76 left. How many muffins did she sell?",
    "Ana sells muffins at a market for $4 each. After paying a $12 stall fee Tom had $76 left. How many muffins did she sell?",
    "I grabbed 4 coffees and a $5 sandwich at the cafe and paid $21 total. How much was the sandwich?",
    "I grabbed 4 coffees and a $5 sandwich at the cafe and paid $21 total. How much were the coffees?",
    "I grabbed 4 coffees and a $5 sandwich at the cafe and paid $21 ride. How much was one coffee?",
    "I grabbed 4 coffees and a $5 sandwich at the cafe and paid 21 euros total. How much was one coffee?",
    "I grabbed 4 coffees and a $5 coffee at the cafe and paid $21 total. How much was one coffee?",
    "I grabbed 4 coffees and a $5 sandwich at the cafe and paid $21 total. How much was one sandwich?",
    "I grabbed 4 coffees and 2 $5 sandwiches at the cafe and paid $21 total. How much was one coffee?",
    "Comprei 4 cadernos e uma caneta de R$ 3 e paguei R$ 31 no total. Quanto custou cada caneta?",
    "Comprei 4 cadernos e uma caneta de R$ 3 e paguei R$ 31 no total. Quanto custou seu caderno?",
    "Comprei 4 cadernos e uma caneta de R$ 3 e paguei 31 euros no total. Quanto custou cada caderno?",
    "A notebook costs $3 and a pen costs $2. Maria spent $29 on 5 notebooks and some pens. How many notebooks did she buy?",
    "A notebook costs $3 and a pen costs $2. Maria spent $30 on 5 notebooks and some pens. How many pens did she buy?",
    "A notebook costs $3 and a pen costs $2. Maria spent 29 euros on 5 notebooks and some pens. How many pens did she buy?",
    "A notebook costs $3. Maria spent $29 on 5 notebooks and some pens. How many pens did she buy?",
    "A notebook costs $3 and a pencil costs $2. Maria spent $29 on 5 notebooks and some pens. How many pens did she buy?",
    "Pens cost $2. A notebook costs $3. Maria spent $29 on 5 notebooks and some pens. How many pens did she buy?",
    "A notebook costs $3 and a pen costs $2. Maria spent $29 on 5 notebooks and some pens. How many pens did she sell?",
    "A notebook costs $3 and a notebook costs $2. Maria spent $29 on 5 notebooks and some pens. How many pens did she buy?",
    "\u4e00\u652f\u7b143\u5143\uff0c\u5c0f\u7ea2\u4e70\u4e86\u51e0\u76d2\u7b14\u548c\u4e00\u4e2a8\u5143\u7684\u672c\u5b50\uff0c\u4e00\u5171\u82b1\u4e8632\u5143\u3002\u5979\u4e70\u4e86\u51e0\u76d2\u7b14\uff1f",
    "\u4e00\u652f\u7b143\u5143\uff0c\u5c0f\u7ea2\u4e70\u4e86\u51e0\u652f\u7b14\u548c\u4e00\u4e2a8\u5143\u7684\u672c\u5b50\uff0c\u4e00\u5171\u82b1\u4e8632\u5143\u3002\u5979\u4e70\u4e86\u51e0\u4e2a\u672c\u5b50\uff1f",
    "\u6bcf\u652f\u7b143\u5143\uff0c\u5c0f\u7ea2\u4e70\u4e86\u51e0\u672c\u7b14\u548c\u4e00\u4e2a8\u5143\u7684\u672c\u5b50\uff0c\u4e00\u5171\u82b1\u4e8632\u5143\u3002\u5979\u4e70\u4e86\u51e0\u672c\u7b14\uff1f",
    "Uma camiseta custa R$ 25. Joana comprou algumas e pagou R$ 10 de frete, totalizando R$ 160. Quantas canetas ela comprou?",
    "Uma camiseta custa 25 euros. Joana comprou algumas e pagou R$ 10 de frete, totalizando R$ 160. Quantas camisetas ela comprou?",
    "Uma camiseta custa R$ 25. Joana comprou algumas e pagou R$ 10 de frete, totalizando R$ 165. Quantas camisetas ela comprou?",
    "A notebook costs p dollars. A pencil costs 5 dollars. Three notebooks and a pen cost $29 altogether. Find p.",  # wip/linS: the pen priced is now read (3p + 5 = 29); a pencil priced, the pen not: two unknowns
    "A bakery sells muffins for $4 each. After paying a $12 stall fee she had $76 left. How many muffins did she sell?",
    "A notebook costs $3 and a pen costs $2. A pencil costs $1. Maria spent $29 on 5 notebooks and some pens. How many pens did she buy?",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_changed_earnings_story_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, BASE)
