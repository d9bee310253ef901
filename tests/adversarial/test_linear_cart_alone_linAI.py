"""A cart said in a sentence of its own, its total paid in another, and one item's price named by its letter
(branch wip/linAI, 2026-12-07), written by hand, not from any held-out file. The cart is wip/linS's (its parts:
a known count, some of an item, one item, one item at its own price); what is new is only how it is said:
"Maria buys 4 notebooks and a $3 pen. She spends $31 in total." (the total must be the buyer's payment, or an
anyone's bill: "The ride cost $31" prices no cart), "I bought 5 notebooks and one pen for $17 total" (a total
word required: "a pen for $17" may be the pen's price), "Let n be the price of one notebook", "If each notebook
costs n dollars, what is n?", "Si c es el precio de un cuaderno, ¿cuánto vale c?" (one item; "each" only of the
table's each_words).

Each pair: the first prompt is answered by a model that is never right, the second (the total changed) is
served proven without a model call and exactly right. Each trap is no claim and reaches the model."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear

# (template with {t} the total, the unknown's letter, its coefficient, the known amount): value = (t - known) / coefficient
REACH: list[tuple[str, str, int, Fraction]] = [
    ("Maria buys 4 notebooks and a $3 pen. She spends ${t} in total. How much does each notebook cost?", "x", 4, Fraction(3)),
    ("I bought 4 notebooks and a $3 pen. I paid ${t} in total. How much did each notebook cost?", "x", 4, Fraction(3)),
    ("I bought 4 notebooks and a $3 pen. The total was ${t}. How much did each notebook cost?", "x", 4, Fraction(3)),
    ("I bought 4 notebooks and a $3 pen; I paid ${t} in total. How much did each notebook cost?", "x", 4, Fraction(3)),
    ("Maria buys 3 notebooks and a $25 backpack. She spends ${t} total. How much does each notebook cost?", "x", 3, Fraction(25)),
    ("I bought 5 notebooks and one pen for ${t} total. The pen cost $2. How much did each notebook cost?", "x", 5, Fraction(2)),
    ("Tom bought 5 notebooks and a pen for ${t} total. The pen cost $2. How much did one notebook cost?", "x", 5, Fraction(2)),
    ("Pens cost $3 each. I bought some pens and a $2 ruler. I spent ${t} in total. How many pens did I buy?", "x", 3, Fraction(2)),
    ("I paid ${t} for 4 notebooks plus a $2 pen. Let n be the price of one notebook. Find n.", "n", 4, Fraction(2)),
    ("I paid ${t} for 4 notebooks plus a $2 pen. Let n be the price of a notebook, what's n?", "n", 4, Fraction(2)),
    ("I bought 3 notebooks and a pen for ${t} total. The pen was $2. If each notebook costs n dollars, what is n?", "n", 3, Fraction(2)),
    ("I bought 3 notebooks and a pen for ${t} total. The pen was $2. If a notebook costs n dollars, find n.", "n", 3, Fraction(2)),
    ("A shop sells pens for 9 dollars each. Maria buys x pens and pays a 3 dollar fee. She spends ${t} total. Find x.", "x", 9, Fraction(3)),
    ("Compré 4 cuadernos iguales y un bolígrafo de 2 €; pagué {t} € en total. ¿Cuánto costó cada cuaderno?", "x", 4, Fraction(2)),
    ("Compré 4 cuadernos iguales y un bolígrafo de 2 €; pagué {t} € en total. ¿Cuál es el precio de cada cuaderno?", "x", 4, Fraction(2)),
    ("I bought 4 notebooks and a $3 pen. I paid ${t} in total. What is the price of a notebook?", "x", 4, Fraction(3)),
    ("Maria spent ${t} on 5 notebooks and a $4 pen. What is the price of each notebook?", "x", 5, Fraction(4)),
    ("Uma academia cobra R$ 50 de matrícula e R$ 80 por mês. Paguei R$ {t} no total. Quantos meses paguei?", "x", 80, Fraction(50)),
    ("Compré 4 cuadernos iguales y un bolígrafo de 2 €; pagué {t} € en total. Si c es el precio de un cuaderno, ¿cuánto vale c?", "c", 4, Fraction(2)),
    ("En una papelería, 4 cuadernos iguales y una mochila de 15 € cuestan {t} € en total. ¿Cuánto cuesta cada cuaderno?", "x", 4, Fraction(15)),
    ("Comprei 4 cadernos iguais e uma mochila de R$ 50. Gastei R$ {t} no total. Quanto custou cada caderno?", "x", 4, Fraction(50)),
    ("Comprei 3 camisetas iguais e um boné de R$ 20 e paguei R$ {t} no total. Quanto custou cada camiseta?", "x", 3, Fraction(20)),
    ("Un cahier coûte 2 € et un stylo 1 €. J'achète 3 stylos et quelques cahiers pour {t} € au total. Combien de cahiers ai-je achetés ?", "x", 2, Fraction(3)),
]


@pytest.mark.parametrize(("template", "letter", "coefficient", "known"), REACH)
def test_a_cart_said_apart_is_served_exact(template: str, letter: str, coefficient: int, known: Fraction) -> None:
    first, second = coefficient * 5 + known, coefficient * 7 + known
    served_linear(template.format(t=first), template.format(t=second), {letter: 7})


def test_the_equation_is_composed_from_the_cart_and_the_total_apart() -> None:
    problem = understand_prompt("Maria buys 4 notebooks and a $3 pen. She spends $31 in total. How much does each notebook cost?")
    assert problem is not None and problem.equations[0].text == "4x + 3 = 31" and problem.solution == {"x": 7}
    named = understand_prompt("I bought 3 notebooks and a pen for $17 total. The pen was $2. If each notebook costs n dollars, what is n?")
    assert named is not None and named.equations[0].text == "3n + 2 = 17" and named.asked == ("n",)


BASE = "Maria buys 4 notebooks and a $3 pen. She spends $31 in total. How much does each notebook cost?"
TRAPS = [
    # the total of something else than the cart (a bill of a ride), another payer, another buyer
    "I bought 4 notebooks and a $3 pen. The ride cost $31. How much did each notebook cost?",
    "I bought 4 notebooks and a $3 pen. Tom paid $31 in total. How much did each notebook cost?",
    "I bought 4 notebooks and a $3 pen. He paid $31 in total. How much did each notebook cost?",
    "Maria buys 4 notebooks and a $3 pen. She spends $31 fare. How much does each notebook cost?",
    "A shop sells pens for 9 dollars each. Maria buys x pens and pays a 3 dollar fee. She spends $57 fare. Find x.",
    # a total of part of the cart, a second cart, two totals
    "I bought 4 notebooks and a $3 pen. I paid $31 in total for the notebooks. How much did each notebook cost?",
    "I bought 4 notebooks and a $3 pen. I bought 2 rulers. I paid $31 in total. How much did each notebook cost?",
    "I bought 4 notebooks and a $3 pen. I paid $31 in total. I paid $5 in total. How much did each notebook cost?",
    # a changed role: the item priced asked, the count given asked, an item never bought asked
    "Maria buys 4 notebooks and a $3 pen. She spends $31 in total. How much does the pen cost?",
    "Maria buys 4 notebooks and a $3 pen. She spends $31 in total. How many notebooks did she buy?",
    "Maria buys 4 notebooks and a $3 pen. She spends $31 in total. How much does each ruler cost?",
    # a second question, a format word no rule reads
    "Maria buys 4 notebooks and a $3 pen. She spends $31 in total. How much does each notebook cost? And the pen?",
    "Maria buys 4 notebooks and a $3 pen. She spends $31 in total. How much does each notebook cost? Answer in cents.",
    # "for $17" with no total word: the pen's price, or the cart's?
    "I bought 5 notebooks and a pen for $17. The pen cost $2. How much did one notebook cost?",
    "I bought 5 notebooks and one pens for $17 total. The pen cost $2. How much did each notebook cost?",
    # the price named: of a plural (each? all?), of an item priced already, not with an each word, twice, another letter asked
    "I paid $26 for 4 notebooks plus a $2 pen. Let n be the price of the notebooks. Find n.",
    "I paid $26 for 4 notebooks plus a $2 pen. Let n be the price of a pen. Find n.",
    "I paid $26 for 4 notebooks plus a $2 pen. Let n be the price of one notebook. Let m be the price of one notebook. Find n.",
    "I paid $26 for 4 notebooks plus a $2 pen. Let n and n be the price of one notebook. Find n.",
    "I bought 3 notebooks and a pen for $17 total. The pen was $2. If its notebook costs n dollars, what is n?",
    "I bought 3 notebooks and a pen for $17 total. The pen was $2. If each notebook costs n dollars, what is m?",
    "I bought 3 notebooks and a pen for $17 total. The pen was $2. If each notebook costs n dollars, what is 2n?",
    "I bought 3 notebooks and a pen for $17 total. The pen was $2. If each notebook costs n euros, what is n?",
    "Compré 4 cuadernos iguales y un bolígrafo de 2 €; pagué 14 € en total. Si c es el precio de los cuadernos, ¿cuánto vale c?",
    # the price asked of a plural, of the item priced, not with an each word; the count asked of another payer
    "I bought 4 notebooks and a $3 pen. I paid $31 in total. What is the price of the notebooks?",
    "I bought 4 notebooks and a $3 pen. I paid $31 in total. What is the price of one pen?",
    "Maria spent $29 on 5 notebooks and a $4 pen. What is the price of its notebook?",
    "Uma academia cobra R$ 50 de matrícula e R$ 80 por mês. Ana pagou R$ 770 no total. Quantos meses paguei?",
    "Compré 4 cuadernos iguales y un bolígrafo de 2 €; pagué 14 € en total. Si c es el precio de un bolígrafo, ¿cuánto vale c?",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_changed_cart_said_apart_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, BASE)


# -- a rectangle's side named by its letter where the relation says it, or asked/named in a unit (wip/linAI)
# (template with {p} the perimeter, the side's letter, the perimeter's coefficient of it, the known part): side = (p - known) / coefficient
RECTANGLES: list[tuple[str, int, int]] = [
    ("A rectangle's length is 4 cm more than its width w, and its perimeter is {p} cm. Find w.", 4, 8),
    ("A rectangle's length is 5 cm more than its width w. The perimeter is {p} cm. What is w?", 4, 10),
    ("A rectangle's length is 4 cm less than its width w, and its perimeter is {p} cm. Find w.", 4, -8),
    ("The length of a rectangle is 3 cm more than its width w, and its perimeter is {p} cm. Find w.", 4, 6),
    ("The length of a rectangle is twice its width w, and its perimeter is {p} cm. Find w.", 6, 0),
    ("A rectangle's length is three times its width w. Its perimeter is {p} cm. What is w?", 8, 0),
    ("A rectangle's length is 5 cm more than its width, and its perimeter is {p} cm. Find the width w in cm.", 4, 10),
    ("A rectangle is 5 cm longer than it is wide and its perimeter is {p} cm. Let w be the width in cm; find w.", 4, 10),
]


@pytest.mark.parametrize(("template", "coefficient", "known"), RECTANGLES)
def test_a_rectangle_side_named_is_served_exact(template: str, coefficient: int, known: int) -> None:
    first, second = coefficient * 12 + known, coefficient * 13 + known
    served_linear(template.format(p=first), template.format(p=second), {"w": 13})


RECT_BASE = "A rectangle's length is 4 cm more than its width w, and its perimeter is 56 cm. Find w."
RECT_TRAPS = [
    # the side named and another asked, or named twice
    "A rectangle's length is 4 cm more than its width w, and its perimeter is 56 cm. Find the length.",
    "A rectangle's length is 4 cm more than its width w, and its perimeter is 56 cm. Let w be the length. Find w.",
    "A rectangle's length is 4 cm more than its width w, and its perimeter is 56 cm. Find w and the length.",
    # a unit asked that is not the perimeter's
    "A rectangle's length is 5 cm more than its width, and its perimeter is 50 cm. Find the width w in mm.",
    "A rectangle is 5 cm longer than it is wide and its perimeter is 62 cm. Let w be the width in mm; find w.",
    # one side compared with itself, an area for a perimeter
    "A rectangle's length is 4 cm more than its length w, and its perimeter is 56 cm. Find w.",
    "A rectangle's length is 4 cm more than its width w, and its area is 56 cm. Find w.",
]


@pytest.mark.parametrize("trap", RECT_TRAPS)
def test_a_changed_rectangle_side_named_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, RECT_BASE)


# -- the least or the greatest of consecutive integers named by its letter (wip/linAI)
# (template with {s} the sum, the count of integers, the rank named: "min" or "max")
CONSECUTIVE: list[tuple[str, int, str]] = [
    ("The sum of three consecutive integers is {s}. If n is the smallest one, what's n?", 3, "min"),
    ("The sum of three consecutive integers is {s}. If the smallest is n, find n.", 3, "min"),
    ("The sum of three consecutive integers is {s}. Let n be the smallest. Find n.", 3, "min"),
    ("The sum of three consecutive integers is {s}. Let n be the largest. Find n.", 3, "max"),
    ("The sum of two consecutive integers is {s}. If n is the larger one, what is n?", 2, "max"),
]


@pytest.mark.parametrize(("template", "count", "rank"), CONSECUTIVE)
def test_a_consecutive_rank_named_is_served_exact(template: str, count: int, rank: str) -> None:
    def total(least: int) -> int:
        return sum(range(least, least + count))
    value = 20 + (count - 1 if rank == "max" else 0)
    served_linear(template.format(s=total(10)), template.format(s=total(20)), {"n": value})


CONSEC_BASE = "The sum of three consecutive integers is 93. Let n be the smallest. Find n."
CONSEC_TRAPS = [
    # a comparative of two said of three, the rank named and another asked, an expression asked
    "The sum of three consecutive integers is 93. If n is the smaller one, what is n?",
    "The sum of three consecutive integers is 93. Let n be the smallest. What is the largest?",
    "The sum of three consecutive integers is 93. Let n be the smallest. Find n + 2.",
    # named twice, another letter asked, two letters for one
    "The sum of three consecutive integers is 93. Let n be the smallest. Let m be the smallest. Find n.",
    "The sum of three consecutive integers is 93. If n is the smallest one, what is m?",
    "The sum of three consecutive integers is 93. Let n and n be the smallest. Find n.",
]


@pytest.mark.parametrize("trap", CONSEC_TRAPS)
def test_a_changed_consecutive_rank_named_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, CONSEC_BASE)


# -- bold around a label word of a table alone ("**Problem:**", "**Task:**"), read as the plain label (wip/linAI)
BOLD_LABELS = [
    ("**Problem:** 11x - 9 = {r}\n**Task:** find x, explain briefly.", 11, -9),
    ("**Problem**: 11x - 9 = {r}\n**Task**: find x.", 11, -9),
    ("**Exercise:** 4x + 2 = {r}. Solve for x.", 4, 2),
    ("**Question:** 5x - 3 = {r}\nfind x", 5, -3),
]


@pytest.mark.parametrize(("template", "a", "b"), BOLD_LABELS)
def test_a_bold_label_is_read_as_the_label(template: str, a: int, b: int) -> None:
    served_linear(template.format(r=a * 5 + b), template.format(r=a * 9 + b), {"x": 9})


BOLD_BASE = "Problem: 11x - 9 = 90\nTask: find x."
BOLD_TRAPS = [
    # bold around any other word: an answer template, a verb, a label with its number, a second question
    "**Problem:** 11x - 9 = 90\n**Answer:** x = ?",
    "**Answer:** 11x - 9 = 90",
    "**Solve:** 11x - 9 = 90",
    "**Problem 3:** 11x - 9 = 90. Find x.",
    "**Problem:** 11x - 9 = 90\n**Task:** find x in Roman numerals.",
    "**Problem:** 11x - 9 = 90\n**Task:** find x. **Also:** find 2x.",
]


@pytest.mark.parametrize("trap", BOLD_TRAPS)
def test_a_bold_word_not_a_label_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, BOLD_BASE)
