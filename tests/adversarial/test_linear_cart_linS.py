"""A purchase as a cart of parts, unit prices as facts of their own, in any order (branch wip/linS,
2026-12-05), written by hand, not from any held-out file. The stories are GENERATED here from the fact
kinds of the grammar's wip/linS block: a unit price ("Notebooks cost $4 each.", "una pizza costa 8 euro"),
a cart whose parts are a known count, some of an item (count unknown), one item, or one item at its own
price ("some notebooks plus a $10 pen"), the total paid in one of the cart's frames ("... and paid $30 in
total", "... came to $23", "spent $30 on ..."), and ONE question: the unknown count ("How many notebooks
did I buy?") or one item's price ("What does one muffin cost?"). Each language's phrasings are built from
its own words, facts in more than one order.

Each pair: the first prompt is answered by a model that is never right, the second (the total changed) is
served proven without a model call and exactly right. Each trap reaches the model or is served exactly."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import NeverRightModel, assert_linear_trap_declined, served_linear


def _count_stories() -> list[tuple[str, str, int, int]]:
    """(language, template with {t}, unit price of the unknown item, other amount): the count is (t - other) / price."""
    rows: list[tuple[str, str, int, int]] = []
    en_items = [("notebook", "notebooks", "pen"), ("muffin", "muffins", "coffee"), ("ticket", "tickets", "soda"),
                ("cookie", "cookies", "juice"), ("pencil", "pencils", "ruler")]
    en_prices = ["{P} cost ${p} each.", "A {u} costs ${p}.", "{P} cost ${p} apiece."]
    en_carts = [
        "I bought some {us} plus a ${o} {ot} and paid ${{t}} in total.",
        "I bought some {us} and a ${o} {ot} and paid ${{t}}.",
        "I bought a ${o} {ot} and some {us} and paid ${{t}} in total.",
        "We bought a few {us} and a ${o} {ot} and spent ${{t}} altogether.",
        "At the store, some {us} and a ${o} {ot} came to ${{t}}.",
        "Some {us} and a ${o} {ot} cost ${{t}} in total.",
        "Maria spent ${{t}} on some {us} and a ${o} {ot}.",
        "I spent ${{t}} on a ${o} {ot} and some {us}.",
        "Tom bought some {us} and a ${o} {ot} for ${{t}}.",
        "I picked up several {us} plus a ${o} {ot} and paid ${{t}} total.",
    ]
    en_asks = ["How many {us} did I buy?", "How many {us} did we buy?", "How many {us} were bought?", "How many {us} did I buy? Just the number."]
    for n, ((u, us, ot), cart) in enumerate(zip(itertools.cycle(en_items), en_carts)):
        price = en_prices[n % len(en_prices)].format(P=us.capitalize(), u=u, p=4 + n % 3)
        ask = en_asks[n % len(en_asks)].format(us=us)
        if "Maria" in cart or "Tom" in cart:
            ask = ask.replace("did I buy", "did she buy" if "Maria" in cart else "did he buy").replace("did we buy", "did she buy" if "Maria" in cart else "did he buy")
        story = cart.format(us=us, o=3 + n % 4, ot=ot)
        order = [price, story] if n % 2 == 0 else [story, price]  # the facts in either order
        rows.append(("en", " ".join([*order, ask]), 4 + n % 3, 3 + n % 4))
    # a known count of an item priced apart, beside the unknown count
    rows.append(("en", "Pens cost $2 each. A notebook costs $3. I bought 5 notebooks and some pens and paid ${t} in total. How many pens did I buy?", 2, 15))
    rows.append(("en", "I bought three notebooks plus some pens and paid ${t}. Notebooks cost $3 each. Pens cost $2 each. How many pens did I buy?", 2, 9))
    rows.append(("en", "Rulers cost $3 each. Pens cost $2 each. Tom bought some pens and a ruler for ${t}. How many pens did he buy?", 2, 3))
    it = [
        ("In pizzeria una pizza costa {p} euro e una bibita 3 euro. Ho preso una bibita e qualche pizza e ho speso {{t}} euro. Quante pizze ho preso?", 3),
        ("Una pizza costa {p} euro e una bibita 3 euro. Ho preso qualche pizza e una bibita e ho pagato {{t}} euro. Quante pizze ho preso?", 3),
        ("Ho comprato alcuni quaderni e una penna da 2 euro e ho speso {{t}} euro in totale. Un quaderno costa {p} euro. Quanti quaderni ho comprato?", 2),
        ("Al bar un cornetto costa {p} euro. Abbiamo preso alcuni cornetti e un caffè da 1 euro e abbiamo speso {{t}} euro. Quanti cornetti abbiamo preso in tutto?", 1),
        ("Un panino costa {p} euro e una bibita 2 euro. Ho preso 2 bibite e qualche panino e ho speso {{t}} euro. Quanti panini ho preso?", 4),
    ]
    rows += [("it", story.format(p=5 + n), 5 + n, other) for n, (story, other) in enumerate(it)]
    de = [
        ("Ein Kinoticket kostet {p} Euro, eine Tüte Popcorn 5 Euro. Wir haben eine Tüte Popcorn und ein paar Tickets gekauft und zusammen {{t}} Euro bezahlt. Wie viele Tickets waren es?", 5),
        ("Ein Ticket kostet {p} Euro. Wir haben ein paar Tickets und eine Tüte Popcorn zu 4 Euro gekauft und insgesamt {{t}} Euro bezahlt. Wie viele Tickets haben wir gekauft?", 4),
        ("Ein Heft kostet {p} Euro, ein Stift 2 Euro. Ich habe einige Hefte und einen Stift gekauft und {{t}} Euro bezahlt. Wie viele Hefte habe ich gekauft?", 2),
        ("Ich habe 2 Stifte und mehrere Hefte gekauft und zusammen {{t}} Euro ausgegeben. Ein Heft kostet {p} Euro, ein Stift 3 Euro. Wie viele Hefte habe ich gekauft?", 6),
    ]
    rows += [("de", story.format(p=6 + n), 6 + n, other) for n, (story, other) in enumerate(de)]
    es = [
        ("Un cuaderno cuesta {p} euros. Compré unos cuadernos y un bolígrafo de 2 euros, y pagué {{t}} euros en total. ¿Cuántos cuadernos compré?", 2),
        ("En la panadería una magdalena cuesta {p} euros. Compré algunas magdalenas y un café de 1 euros y pagué {{t}} euros. ¿Cuántas magdalenas compré?", 1),
        ("Compramos varias entradas y un refresco de 3 euros y pagamos {{t}} euros en total. Una entrada cuesta {p} euros. ¿Cuántas entradas compramos?", 3),
    ]
    rows += [("es", story.format(p=3 + n), 3 + n, other) for n, (story, other) in enumerate(es)]
    fr = [
        ("Un cahier coûte {p} €. J'ai acheté quelques cahiers et un stylo à 2 € et j'ai payé {{t}} € au total. Combien de cahiers ai-je achetés ?", 2),
        ("J'ai acheté plusieurs croissants et un café à 2 euros et j'ai payé {{t}} euros en tout. Un croissant coûte {p} euros. Combien de croissants ai-je achetés ?", 2),
        ("Au marché, un ticket coûte {p} euros. J'ai acheté quelques tickets et une baguette à 1 euro et j'ai dépensé {{t}} euros. Combien de tickets ai-je achetés ?", 1),
    ]
    rows += [("fr", story.format(p=3 + n), 3 + n, other) for n, (story, other) in enumerate(fr)]
    pt = [
        ("Um caderno custa R$ {p}. Comprei alguns cadernos e uma caneta de R$ 3 e paguei R$ {{t}} no total. Quantos cadernos comprei?", 3),
        ("Comprei uns pastéis e um suco de R$ 4 e paguei R$ {{t}} ao todo. Um pastel custa R$ {p}. Quantos pastéis comprei?", 4),
    ]
    rows += [("pt", story.format(p=5 + n), 5 + n, other) for n, (story, other) in enumerate(pt)]
    return rows


def _price_stories() -> list[tuple[str, str, int, int]]:
    """(language, template with {t}, count of the item priced, other amount): the price is (t - other) / count."""
    en_items = [("muffin", "muffins", "coffee"), ("notebook", "notebooks", "pen"), ("bagel", "bagels", "juice"),
                ("cupcake", "cupcakes", "tea"), ("ticket", "tickets", "soda")]
    en_carts = [
        "At the bakery, {n} {us} and a ${o} {ot} came to ${{t}}.",
        "{n} {us} and a ${o} {ot} came to ${{t}}.",
        "I bought {n} {us} and a ${o} {ot} and paid ${{t}} in total.",
        "We got {n} {us} plus a ${o} {ot} and paid ${{t}}.",
        "I spent ${{t}} on {n} {us} and a ${o} {ot}.",
        "Ana bought {n} {us} and a ${o} {ot} for ${{t}}.",
        "At the store, a ${o} {ot} and {n} {us} cost ${{t}} in total.",
        "I ordered a ${o} {ot} and {n} {us} and paid ${{t}} total.",
    ]
    en_asks = ["What does one {u} cost?", "How much did one {u} cost?", "What did each {u} cost?", "How much does one {u} cost? Just the number please.",
               "What does one {u} cost? Just the number please."]
    rows: list[tuple[str, str, int, int]] = []
    for n, ((u, us, ot), cart) in enumerate(zip(itertools.cycle(en_items), en_carts)):
        rows.append(("en", cart.format(n=3 + n % 3, us=us, o=2 + n % 3, ot=ot) + " " + en_asks[n % len(en_asks)].format(u=u), 3 + n % 3, 2 + n % 3))
    rows.append(("en", "A pen costs $2. I bought 4 notebooks and 3 pens and paid ${t} in total. How much did one notebook cost?", 4, 6))
    rows.append(("en", "I bought 4 notebooks and 3 pens and paid ${t} in total. Pens cost $2 each. What does one notebook cost?", 4, 6))
    rows.append(("fr", "4 cahiers et une gomme à 2 euros coûtent {t} euros au total. Combien coûte un cahier ?", 4, 2))
    rows.append(("pt", "Comprei 4 cadernos e uma caneta de R$ 3 e paguei R$ {t} no total. Quanto custou cada caderno?", 4, 3))
    rows.append(("pt", "Na papelaria, 3 cadernos e uma régua de R$ 2 custaram R$ {t}. Quanto custou cada caderno?", 3, 2))
    rows.append(("en", "5 muffins and a $3 coffee came to ${t}. How much was each muffin?", 5, 3))
    rows.append(("es", "Compré 4 cuadernos iguales y un bolígrafo de 2 euros, y pagué {t} euros. ¿Cuánto costó cada cuaderno?", 4, 2))
    rows.append(("fr", "J'ai acheté 3 croissants et un café à 2 €, j'ai payé {t} € en tout. Combien coûte un croissant ?", 3, 2))
    rows.append(("pt", "Comprei 6 pães e um leite de R$ 4 e gastei R$ {t}. Quanto custa cada pão?", 6, 4))
    rows.append(("it", "Ho comprato 3 quaderni uguali e una penna da 2 euro, ho speso {t} euro. Quanto costa un quaderno?", 3, 2))
    return rows


COUNT = _count_stories()
PRICE = _price_stories()


def _totals(step: int, other: int) -> tuple[int, int, Fraction]:
    """Two totals whose answers are whole: 5 and 7 of the unknown."""
    return step * 5 + other, step * 7 + other, Fraction(7)


@pytest.mark.parametrize(("lang", "template", "price", "other"), COUNT)
def test_an_unknown_count_is_served_exact(lang: str, template: str, price: int, other: int) -> None:
    first, second, value = _totals(price, other)
    bare = "Just the number" in template
    text = served_linear(template.format(t=first), template.format(t=second), {} if bare else {"x": value}, "bare" if bare else "")
    if bare:
        assert text.strip() == str(value), text


@pytest.mark.parametrize(("lang", "template", "count", "other"), PRICE)
def test_an_unknown_price_is_served_exact(lang: str, template: str, count: int, other: int) -> None:
    first, second, value = _totals(count, other)
    bare = "Just the number" in template
    text = served_linear(template.format(t=first), template.format(t=second), {} if bare else {"x": value}, "bare" if bare else "")
    if bare:
        assert text.strip() == str(value), text


def test_the_generated_stories_cover_every_frame() -> None:
    """20+ generated count stories in all, and every language touched has a count story."""
    assert len(COUNT) >= 25 and len(PRICE) >= 10
    assert {lang for lang, *_ in COUNT} == {"en", "it", "de", "es", "fr", "pt"}


def test_the_equation_is_composed_from_every_part() -> None:
    problem = understand_prompt("Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $30 in total. "
                                "How many notebooks did I buy?")
    assert problem is not None and problem.equations[0].text == "4x + 10 = 30" and problem.solution == {"x": 5}
    problem = understand_prompt("Pens cost $2 each. A notebook costs $3. I bought 5 notebooks and some pens and paid $29 in total. "
                                "How many pens did I buy?")
    assert problem is not None and problem.equations[0].text == "2x + 15 = 29" and problem.solution == {"x": 7}
    problem = understand_prompt("At the bakery, 5 muffins and a $3 coffee came to $23. What does one muffin cost?")
    assert problem is not None and problem.equations[0].text == "5x + 3 = 23" and problem.solution == {"x": 4}


BASE = "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $30 in total. How many notebooks did I buy?"
TRAPS = [
    # the question asks the other quantity, or a quantity the story gives
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $30 in total. How many pens did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $30 in total. How much did one notebook cost?",
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $30 in total. What does one pen cost?",
    "At the bakery, 5 muffins and a $3 coffee came to $23. What does one coffee cost?",
    "At the bakery, 5 muffins and a $3 coffee came to $23. How many muffins did I buy?",
    # a price a part does not use, an item with no price, two unknowns
    "Notebooks cost $4 each. Pencils cost $1 each. I bought some notebooks plus a $10 pen and paid $30 in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus a pen and paid $30 in total. How many notebooks did I buy?",
    "I bought some notebooks plus a $10 pen and paid $30 in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks and some pens and paid $30 in total. How many notebooks did I buy?",
    "At the bakery, 5 muffins and a coffee came to $23. What does one muffin cost?",
    "A coffee costs $3. At the bakery, 5 muffins and a $3 coffee came to $23. What does one muffin cost?",
    # 'each' missing where it changes the reading, one item in two parts, a plural at its own price
    "Notebooks cost $4. I bought some notebooks plus a $10 pen and paid $30 in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus 2 notebooks and paid $30 in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus the $10 pens and paid $30 in total. How many notebooks did I buy?",
    # two currencies, a percentage, a number that is no amount, a date
    "Notebooks cost 4 euros each. I bought some notebooks plus a $10 pen and paid $30 in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid 30 euros in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus a 10% pen and paid $30 in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen on May 3 and paid $30 in total. How many notebooks did I buy?",
    "Notebooks cost $4 each. On bus 42 I bought some notebooks plus a $10 pen and paid $30 in total. How many notebooks did I buy?",
    # 'for $10' after a part may be that part's price or the total: no part reads it
    # "some" pens are not none: a total that leaves 0 for them ('a ruler for $13' may be the ruler's price)
    "A ruler costs $13. Pens cost $2 each. Tom bought some pens and a ruler for $13. How many pens did he buy?",
    "Notebooks cost $4 each. I bought some notebooks and a pen for $10 and paid $30 in total. How many notebooks did I buy?",
    # a count not whole, a total that makes it so
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $31 in total. How many notebooks did I buy?",
    "At the bakery, 2.5 muffins and a $3 coffee came to $23. What does one muffin cost?",
    # a bill word that is not anyone's, a third sentence the composition does not use
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $30 ride. How many notebooks did I buy?",
    "Notebooks cost $4 each. I bought some notebooks plus a $10 pen and paid $30 in total. Tom paid $5. How many notebooks did I buy?",
    # other languages: the other item asked, a price unused, the verb of another
    "In pizzeria una pizza costa 8 euro e una bibita 3 euro. Ho preso una bibita e qualche pizza e ho speso 51 euro. Quante bibite ho preso?",
    "In pizzeria una pizza costa 8 euro e una bibita 3 euro. Ho preso qualche pizza e ho speso 51 euro. Quante pizze ho preso?",
    "Ein Kinoticket kostet 9 Euro, eine Tüte Popcorn 5 Euro. Wir haben eine Tüte Popcorn und ein paar Tickets gekauft und zusammen 41 Euro bezahlt. Wie viele Tüten Popcorn waren es?",
    "Un cuaderno cuesta 3 euros. Compré unos cuadernos y unos bolígrafos, y pagué 20 euros en total. ¿Cuántos cuadernos compré?",
    "Un cahier coûte 3 €. J'ai acheté quelques cahiers et un stylo à 2 € et j'ai payé 21 € au total. Combien de cahiers ai-je achetés ?",
    "5 muffins and a $3 coffee came to $28. How much was each coffee?",
    "5 muffins and a $3 muffin came to $28. How much was each muffin?",
    "A pen costs $2. At the bakery, 5 muffins and a $3 coffee came to $23. What does one muffin cost?",
    "5 muffins and a $3 coffee came to $28. How much was its muffin?",
    "Compré 4 cuadernos iguales y un bolígrafo de 2 euros, y pagué 26 euros. ¿Cuánto costó cada bolígrafo?",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_changed_cart_story_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, BASE)


# -- a rectangle's sides compared and its perimeter (wip/linS): 2(x + (x + d)) = P, 2(x + kx) = P
def _rectangles() -> list[tuple[str, str, Fraction, Fraction]]:
    """(template with {t} the perimeter, first perimeter, second perimeter, the side asked at the second)."""
    relations = [  # (sentence, kind, k): the length d more (kind "more"), d less ("less") or k times ("times") the width
        ("A rectangle is {d} {u} longer than it is wide", "more", 3),
        ("A rectangle's length is {d} {u} more than its width", "more", 4),
        ("The length of a rectangle is {d} {u} more than its width", "more", 5),
        ("A rectangle is {d} {u} longer than wide", "more", 2),
        ("The length of a rectangle is {d} {u} less than its width", "less", 2),
        ("The length of a rectangle is twice its width", "times", 2),
        ("A rectangle's length is 3 times its width", "times", 3),
    ]
    joins = [" and its perimeter is {t} {u}.", ", and its perimeter is {t} {u}.", ". Its perimeter is {t} {u}.", ". The perimeter is {t} {u}."]
    asks = [("Find the width.", "width"), ("Find the width in {u}.", "width"), ("What is the width?", "width"), ("What is its length?", "length"), ("Find the length.", "length")]
    rows = []
    for n, ((relation, kind, k), join, (ask, side)) in enumerate(zip(itertools.cycle(relations), itertools.cycle(joins), itertools.cycle(asks))):
        if n >= 24:
            break
        unit = ["cm", "meters", "inches", "m"][n % 4] if "{u}" not in ask else ["cm", "meters", "inches"][n % 3]  # "in m": a letter

        def perimeter_and_answer(width: int) -> tuple[Fraction, Fraction]:
            length = width + k if kind == "more" else width - k if kind == "less" else width * k
            return Fraction(2 * (width + length)), Fraction(width if side == "width" else length)

        (first, _), (second, value) = perimeter_and_answer(7), perimeter_and_answer(9)
        text = relation.format(d=k, u=unit) + join.replace("{u}", unit) + " " + ask.replace("{u}", unit)
        rows.append((text, first, second, value))
    rows.append(("Ein Rechteck ist 5 cm länger als breit, der Umfang beträgt {t} cm. Wie breit ist es?", Fraction(48), Fraction(62), Fraction(13)))
    rows.append(("Ein Rechteck ist 3 cm länger als breit. Der Umfang beträgt {t} cm. Wie breit ist es?", Fraction(30), Fraction(38), Fraction(8)))
    rows.append(("Un rectángulo mide 4 cm más de largo que de ancho y su perímetro es {t} cm. ¿Cuánto mide el largo?", Fraction(32), Fraction(40), Fraction(12)))
    rows.append(("Un rectángulo mide 2 cm más de largo que de ancho. Su perímetro es {t} cm. ¿Cuánto mide el ancho?", Fraction(28), Fraction(36), Fraction(8)))
    return rows


RECTANGLES = _rectangles()


@pytest.mark.parametrize(("template", "first", "second", "value"), RECTANGLES)
def test_a_rectangle_side_is_served_exact(template: str, first: Fraction, second: Fraction, value: Fraction) -> None:
    served_linear(template.format(t=first), template.format(t=second), {"x": value})


def test_a_rectangle_is_composed_from_both_facts() -> None:
    problem = understand_prompt("A rectangle is 3 cm longer than it is wide and its perimeter is 34 cm. Find the width in cm.")
    assert problem is not None and problem.equations[0].text == "2(x + (x + 3)) = 34" and problem.solution == {"x": 7}
    problem = understand_prompt("The length of a rectangle is 3 cm less than its width. Its perimeter is 34 cm. What is the width?")
    assert problem is not None and problem.solution == {"x": 10}


RECTANGLE_BASE = "A rectangle is 3 cm longer than it is wide and its perimeter is 34 cm. Find the width in cm."
RECTANGLE_TRAPS = [
    "A rectangle is 3 cm longer than it is wide and its perimeter is 34 cm. Find the width in mm.",
    "A rectangle is 3 cm longer than it is wide and its perimeter is 34 mm. Find the width.",
    "A rectangle is 3 cm longer than it is wide and its perimeter is 34 cm. Find its area.",
    "A rectangle is 3 cm wider than it is long and its perimeter is 34 cm. Find the width.",
    "A rectangle is 3 cm longer than it is wide and its area is 34 cm. Find the width.",
    "A rectangle is 3% longer than it is wide and its perimeter is 34 cm. Find the width.",
    "A rectangle is 3 cm longer than it is wide and its perimeter is 34 cm. Find the width and the length.",
    "A rectangle's length is 3 cm more than its length, and its perimeter is 34 cm. Find the width.",
    "A rectangle's length is 30 cm more than its width, and its perimeter is 34 cm. Find the width.",
    "A rectangle's length is 3 cm more than its width, and its perimeter is 34 cm. The width is 5 cm. Find the length.",
    "A triangle is 3 cm longer than it is wide and its perimeter is 34 cm. Find the width.",
    "The length of a rectangle is once its width and the perimeter is 66 m. What is the length?",
    "Ein Rechteck ist 5 cm länger als breit, der Umfang beträgt 62 cm. Wie lang ist die Diagonale?",
    "Un rectángulo mide 4 cm más de largo que de ancho y su perímetro es 40 cm. ¿Cuánto mide el área?",
]


@pytest.mark.parametrize("trap", RECTANGLE_TRAPS)
def test_a_changed_rectangle_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate(RECTANGLE_BASE, model)
    before = model.calls
    again = cache.generate(trap, model)
    assert model.calls > before or not again.verified, (trap, again.text)


# -- a relation and the sum of two ages in one sentence (wip/linS): "... and together they are 45"
def _ages() -> list[tuple[str, int, int, Fraction]]:
    """(template with {t} the sum, first sum, second sum, the age asked at the second)."""
    en_relations = [("Tom is twice as old as his sister", "k", 2, "How old is his sister?", "small"),
                    ("Tom is twice as old as his sister", "k", 2, "How old is Tom?", "big"),
                    ("Chen is 4 years older than Omar", "d", 4, "How old is Omar?", "small"),
                    ("Chen is 4 years older than Omar", "d", 4, "How old is Chen?", "big"),
                    ("Ann is 5 years younger than Tom", "d", 5, "How old is Ann?", "small"),
                    ("Ann is 5 years younger than Tom", "d", 5, "How old is Tom?", "big"),
                    ("Maria is three times as old as her son", "k", 3, "How old is the son?", "small")]
    en_sums = [" and together they are {t}.", " and the sum of their ages is {t}.", " and their ages add up to {t}.",
               " and their combined age is {t}.", " and together their ages total {t}."]
    rows = []
    for n, ((relation, kind, k, ask, who), tail) in enumerate(zip(itertools.cycle(en_relations), itertools.cycle(en_sums))):
        if n >= 20:
            break

        def total_and_value(small: int) -> tuple[int, Fraction]:
            big = small * k if kind == "k" else small + k
            return small + big, Fraction(small if who == "small" else big)

        (first, _), (second, value) = total_and_value(10), total_and_value(12)
        rows.append((relation + tail + " " + ask, first, second, value))
    rows += [
        ("Ana tiene el doble de la edad de su hermano y entre los dos suman {t} años. ¿Cuántos años tiene el hermano?", 36, 45, Fraction(15)),
        ("Pedro tiene el triple de la edad de su hijo y entre los dos suman {t} años. ¿Cuántos años tiene el hijo?", 48, 56, Fraction(14)),
        ("Ana tiene el doble de la edad de su hermano y la suma de las edades es {t}. ¿Qué edad tiene el hermano?", 36, 45, Fraction(15)),
        ("João tem 5 anos a mais que Pedro. A soma das idades dos dois é {t}. Qual a idade de Pedro?", 33, 45, Fraction(20)),
        ("João tem 5 anos a mais que Pedro e a soma das idades dos dois é {t}. Qual a idade de Pedro?", 33, 45, Fraction(20)),
        ("João tem 5 anos a mais que Pedro e os dois somam {t} anos. Qual é a idade de João?", 33, 45, Fraction(25)),
        ("Ein Vater ist viermal so alt wie sein Sohn und zusammen sind sie {t} Jahre alt. Wie alt ist der Sohn?", 50, 60, Fraction(12)),
    ]
    return rows


AGES = _ages()


@pytest.mark.parametrize(("template", "first", "second", "value"), AGES)
def test_an_age_sum_after_and_is_served_exact(template: str, first: int, second: int, value: Fraction) -> None:
    served_linear(template.format(t=first), template.format(t=second), {"x": value})


AGE_BASE = "Chen is 4 years older than Omar and together they are 30. How old is Omar?"
AGE_TRAPS = [
    "Chen is 4 years older than Omar and together they are 30. How old is Ben?",
    "Chen is 4 years older than Omar and together they are 30. How old will Omar be in 5 years?",
    "Chen is 4 years older than Omar and together they are 30 euros. How old is Omar?",
    "Chen is 4 years older than Omar and together they are 30. How old is Omar's son?",
    "Chen is 4 years older than Omar and Ben and together they are 30. How old is Omar?",
    "Chen is 4% older than Omar and together they are 30. How old is Omar?",
    "Chen is 4 years older than Chen and together they are 30. How old is Omar?",
    "Tom is twice as old as his sister and together they are 45. How old is her sister?",
    "Ana tiene el doble de la edad de su hermano y entre los dos suman 45 años. ¿Cuántos años tendrá el hermano en 5 años?",
    "João tem 5 anos a mais que Pedro e a soma das idades dos dois é 45. Qual a idade de Maria?",
]


@pytest.mark.parametrize("trap", AGE_TRAPS)
def test_a_changed_age_sum_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate(AGE_BASE, model)
    before = model.calls
    again = cache.generate(trap, model)
    assert model.calls > before or not again.verified, (trap, again.text)
