"""A shop's price each, a fixed amount paid with the purchase, the count asked: price x count + fee = total
(branch wip/linY, 2026-12-06), in en es pt it de fr, written by hand, not from any held-out file. Generated
from the shapes: seller sentences x fee sentences x questions x items, in both orders of the sentences; the
count is solved by sympy from price x count + fee = total, independently of the engine, and must be whole.
The fee is also a part of any cart ("some tickets plus a $12 booking fee", "alcuni biglietti più 12 euro di
commissione"). A word that could take an amount away, two unknown counts, the total asked, a price per dozen, a
count not whole, a sentence the grammar does not derive: no claim."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, assert_story_served

X = sympy.Symbol("x")

# language: (seller sentences with {p} {r}, fee sentences with {p} {f} {t}, questions with {p}, items, decimal places)
_STORIES: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {
    "en": (["A store sells {p} at ${r} each.", "The bakery sells {p} at ${r} apiece.", "A shop sells {p} at ${r} each.",
            "{P} cost ${r} each.", "The kiosk sells {p} at ${r} each."],
           ["With a ${f} shipping fee, I paid ${t} in total.", "With a ${f} delivery fee, we paid ${t} altogether.",
            "I paid ${t} in total including a ${f} booking fee.", "I spent ${t} in all: some {p} plus a ${f} delivery fee.",
            "I paid ${t} with a ${f} handling fee.", "With a ${f} booking fee, I spent ${t} in total."],
           ["How many {p} did I buy?", "How many {p} did we buy?"],
           ["shirts", "muffins", "tickets", "notebooks", "cookies", "pens"]),
    "pt": (["Uma loja vende {p} a R$ {r} cada.", "A papelaria vende {p} a R$ {r} cada um.", "Uma livraria vende {p} a R$ {r} cada."],
           ["Com R$ {f} de frete, paguei R$ {t} no total.", "Com R$ {f} de entrega, gastei R$ {t} ao todo.",
            "Paguei R$ {t} no total incluindo R$ {f} de frete.", "Paguei R$ {t} com R$ {f} de frete."],
           ["Quantos {p} eu comprei?", "Quantos {p} comprei?", "Quantos {p} n eu comprei?"],
           ["cadernos", "livros", "pães", "sanduíches"]),
    "es": (["Una tienda vende {p} a {r} euros cada uno.", "La papelería vende {p} a {r} euros cada uno.", "Una librería vende {p} a {r} € cada uno.", "La panadería vende {p} a {r} euros cada uno."],
           ["Con {f} euros de envío, pagué {t} euros en total.", "Pagué {t} euros en total con {f} euros de envío.",
            "Con {f} € de gastos de envío, gastamos {t} € en total.",
            "Con {f} euros de entrega, pagamos {t} euros en total.", "Pagué {t} € con {f} € de envío.", "Con {f} euros de comisión, gasté {t} euros en total."],
           ["¿Cuántos {p} compré?", "¿Cuántos {p} compramos?"],
           ["cuadernos", "libros", "bolígrafos", "bocadillos"]),
    "it": (["Un negozio vende {p} a {r} euro l'uno.", "La cartoleria vende {p} a {r} euro ciascuno.", "Una libreria vende {p} a {r} euro cadauno.", "Il bar vende {p} a {r} euro l'uno."],
           ["Con {f} euro di spedizione, ho speso {t} euro in tutto.", "Ho pagato {t} euro in totale con {f} euro di spedizione.",
            "Ho speso {t} euro in tutto: alcuni {p} più {f} euro di commissione.",
            "Con {f} euro di consegna, abbiamo speso {t} euro in tutto.", "Abbiamo pagato {t} euro in totale con {f} euro di spedizione.",
            "Ho speso {t} euro in totale con {f} euro di commissione."],
           ["Quanti {p} ho comprato?", "Quanti {p} abbiamo comprato?"],
           ["quaderni", "libri", "panini", "biglietti", "cornetti"]),
    "de": (["Ein Laden verkauft {p} zu je {r} Euro.", "Der Kiosk verkauft {p} für je {r} Euro.", "Eine Bäckerei verkauft {p} zu je {r} €.", "Das Kino verkauft {p} zu je {r} Euro."],
           ["Mit {f} Euro Versand habe ich insgesamt {t} Euro bezahlt.", "Mit {f} Euro Versandkosten haben wir {t} Euro bezahlt.",
            "Mit {f} € Liefergebühr habe ich {t} € bezahlt.",
            "Mit {f} Euro Bearbeitungsgebühr habe ich insgesamt {t} Euro bezahlt.", "Mit {f} Euro Lieferkosten haben wir insgesamt {t} Euro bezahlt.",
            "Inklusive {f} Euro Versand habe ich {t} Euro bezahlt."],
           ["Wie viele {p} habe ich gekauft?", "Wie viele {p} haben wir gekauft?"],
           ["Hefte", "Stifte", "Bücher", "Brezeln", "Tickets"]),
    "fr": (["Une boutique vend des {p} à {r} euros l'unité.", "La papeterie vend des {p} à {r} euros pièce.", "Un magasin vend des {p} à {r} € l'unité.", "La boulangerie vend des {p} à {r} euros pièce."],
           ["Avec {f} euros de livraison, j'ai payé {t} euros au total.", "J'ai payé {t} euros en tout avec {f} euros de frais de port.",
            "Avec {f} € de frais de livraison, nous avons payé {t} € au total.",
            "Avec {f} euros de frais de port, j'ai dépensé {t} euros en tout.", "Nous avons payé {t} euros au total avec {f} euros de livraison.",
            "J'ai payé {t} € au total y compris {f} € de livraison."],
           ["Combien de {p} ai-je achetés ?", "Combien de {p} avons-nous achetés ?"],
           ["cahiers", "stylos", "livres", "croissants", "crayons"]),
}
_WE = ("we ", "gastamos", "haben wir", "nous avons", "abbiamo", "compramos")


def _person_agrees(fee: str, ask: str) -> bool:
    """A story told by "we" asks what we bought; one told by "I", what I bought (the engine checks it too)."""
    return any(w in fee.lower() for w in _WE) == any(w in ask.lower() for w in _WE)


ROWS: list[tuple[str, str, Fraction, Fraction, str]] = []  # (language, template with {t}, price, fee, letter)
for language, (sellers, fees, asks, items) in _STORIES.items():
    n = 0
    for seller, fee, ask in itertools.product(sellers, fees, asks):
        if not _person_agrees(fee, ask) or (language == "pt" and "{P}" in seller):
            continue
        item = items[n % len(items)]
        price, charge = Fraction(2 + n % 5), Fraction(3 + n % 7)
        facts = [seller.format(p=item, P=item.capitalize(), r=price),
                 fee.format(p=item, f=charge, t="{t}")]
        if n % 3 == 2:
            facts.reverse()  # the fee sentence first
        text = " ".join([*facts, ask.format(p=item)])
        letter = "n" if " n " in ask else "x"
        ROWS.append((language, text, price, charge, letter))
        n += 1


@pytest.mark.parametrize(("language", "template", "price", "fee", "letter"), ROWS,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(ROWS)])
def test_shop_fee_served_exact(language: str, template: str, price: Fraction, fee: Fraction, letter: str) -> None:
    first, second = template.format(t=price * 5 + fee), template.format(t=price * 9 + fee)
    (root,) = sympy.solve(sympy.Eq(price * X + fee, price * 9 + fee), X)
    value = Fraction(str(root))
    assert value == 9  # the facts hold: nine of the item in the second prompt
    assert_story_served(language, first, second, letter, value)


def test_every_language_has_twenty_stories() -> None:
    counts = {language: sum(row[0] == language for row in ROWS) for language in _STORIES}
    assert all(count >= 20 for count in counts.values()), counts


BASE_EN = "A store sells shirts at $25 each. With a $10 shipping fee, I paid $110 in total. How many shirts did I buy?"
BASE_PT = "Uma loja vende camisetas a R$ 25 cada. Com R$ 10 de frete, paguei R$ 110 no total. Quantas camisetas c eu comprei?"
BASE_ES = "Una tienda vende cuadernos a 3 euros cada uno. Con 5 euros de envío, pagué 29 euros en total. ¿Cuántos cuadernos compré?"
BASE_IT = "Un biglietto del treno costa 12 euro. Luca ha speso 60 euro in tutto: alcuni biglietti più 12 euro di commissione. Quanti biglietti ha comprato?"
BASE_DE = "Ein Laden verkauft Hefte zu je 3 Euro. Mit 5 Euro Versand habe ich insgesamt 29 Euro bezahlt. Wie viele Hefte habe ich gekauft?"
BASE_FR = "Une boutique vend des cahiers à 3 euros l'unité. Avec 5 euros de livraison, j'ai payé 29 euros au total. Combien de cahiers ai-je achetés ?"
TRAPS = [
    ("A store sells shirts at $25 each. With a $10 discount, I paid $90 in total. How many shirts did I buy?", BASE_EN),  # a discount: taken away
    ("A store sells shirts at $25 each. With a $10 refund, I paid $90 in total. How many shirts did I buy?", BASE_EN),  # a refund
    ("A store sells shirts at $25 each. With a $10 discount, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # a discount: 4 if added
    ("A store sells shirts at $25 each. With a $10 refund, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # a refund: 4 if added
    ("A store sells shirts at $25 each. I paid $110 in total minus a $10 shipping fee. How many shirts did I buy?", BASE_EN),  # minus
    ("A store sells shirts at $25 each. With a $10 shipping fee, I had $110 left. How many shirts did I buy?", BASE_EN),  # left
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid $110 in total. How much change did I get?", BASE_EN),  # change asked
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid $110 in total. How much did I pay?", BASE_EN),  # the total asked
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid $110 in total. How many pens did I buy?", BASE_EN),  # another item
    ("A store sells shirts at $25. With a $10 shipping fee, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # each? all?
    ("A store sells shirts at $25 per dozen. With a $10 shipping fee, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # a dozen
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid $111 in total. How many shirts did I buy?", BASE_EN),  # not whole
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid $10 in total. How many shirts did I buy?", BASE_EN),  # none bought
    ("A store sells shirts at $25 each and pens at $2 each. With a $10 shipping fee, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # two unknown counts
    ("A store sells shirts at $25 each. Shirts cost $20 each. With a $10 shipping fee, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # two prices
    ("Shirts cost $20 each. A store sells shirts at $25 each. With a $10 shipping fee, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # two prices, the seller's last
    ("A store sells shirts at $25 its. With a $10 shipping fee, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # "its": not each
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid $110 in total yesterday. How many shirts did I buy?", BASE_EN),  # a word outside
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid 110 euros in total. How many shirts did I buy?", BASE_EN),  # two currencies
    ("A store sells shirts at $25 each. With a $10 shipping fee, I paid $110 in total. How many shirts did she buy?", BASE_EN),  # another buyer
    ("A store sells shirts at $25 each. With a $10 shipping fee and a $5 delivery fee, I paid $110 in total. How many shirts did I buy?", BASE_EN),  # two fees
    ("Tickets cost $12 each. I spent $60 in total: some tickets plus a $12 booking fee plus a $6 delivery fee. How many tickets did I buy?", BASE_EN),  # a fee twice in a cart? two fees
    ("Tickets cost $12 each. I spent $60 in total: some tickets plus some pens and a $12 booking fee. How many tickets did I buy?", BASE_EN),  # two unknown counts
    ("Uma loja vende camisetas a R$ 25 cada. Com R$ 10 de desconto, paguei R$ 90 no total. Quantas camisetas c eu comprei?", BASE_PT),  # desconto
    ("Uma loja vende camisetas a R$ 25. Com R$ 10 de frete, paguei R$ 110 no total. Quantas camisetas c eu comprei?", BASE_PT),  # each? all?
    ("Uma loja vende camisetas a R$ 25 cada. Com R$ 10 de frete, paguei R$ 110 no total. Quantas canetas c eu comprei?", BASE_PT),  # another item
    ("Uma loja vende camisetas a R$ 25 cada. Com R$ 10 de frete, recebi R$ 110 de troco. Quantas camisetas c eu comprei?", BASE_PT),  # troco
    ("Una tienda vende cuadernos a 3 euros cada uno. Con 5 euros de descuento, pagué 29 euros en total. ¿Cuántos cuadernos compré?", BASE_ES),  # descuento
    ("Una tienda vende cuadernos a 3 euros cada uno. Con 5 euros de envío, pagué 29 euros en total. ¿Cuánto pagué?", BASE_ES),  # the total asked
    ("Una tienda vende cuadernos a 3 euros todos. Con 5 euros de envío, pagué 29 euros en total. ¿Cuántos cuadernos compré?", BASE_ES),  # "todos": not each
    ("Un biglietto del treno costa 12 euro. Luca ha speso 60 euro in tutto: alcuni biglietti meno 12 euro di sconto. Quanti biglietti ha comprato?", BASE_IT),  # meno, sconto
    ("Un biglietto del treno costa 12 euro. Luca ha speso 61 euro in tutto: alcuni biglietti più 12 euro di commissione. Quanti biglietti ha comprato?", BASE_IT),  # not whole
    ("Un biglietto del treno costa 12 euro. Luca ha speso 60 euro in tutto: alcuni biglietti più 12 euro di commissione. Quanto ha speso?", BASE_IT),  # total asked
    ("Ein Laden verkauft Hefte zu je 3 Euro. Mit 5 Euro Rabatt habe ich insgesamt 29 Euro bezahlt. Wie viele Hefte habe ich gekauft?", BASE_DE),  # Rabatt
    ("Ein Laden verkauft Hefte zu 3 Euro. Mit 5 Euro Versand habe ich insgesamt 29 Euro bezahlt. Wie viele Hefte habe ich gekauft?", BASE_DE),  # zu 3 Euro: each?
    ("Ein Laden verkauft Hefte zu je 3 Euro. Mit 5 Euro Versand habe ich insgesamt 29 Euro bezahlt. Wie viele Stifte habe ich gekauft?", BASE_DE),  # another item
    ("Une boutique vend des cahiers à 3 euros l'unité. Avec 5 euros de remise, j'ai payé 29 euros au total. Combien de cahiers ai-je achetés ?", BASE_FR),  # remise
    ("Une boutique vend des cahiers à 3 euros. Avec 5 euros de livraison, j'ai payé 29 euros au total. Combien de cahiers ai-je achetés ?", BASE_FR),  # each?
    ("Une boutique vend des cahiers à 3 euros l'unité. Avec 5 euros de livraison, j'ai payé 29 euros au total. Combien de stylos ai-je achetés ?", BASE_FR),  # another item
]


@pytest.mark.parametrize(("trap", "base"), TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_shop_fee_trap(trap: str, base: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, base)


@pytest.mark.parametrize("base", [BASE_EN, BASE_PT, BASE_ES, BASE_IT, BASE_DE, BASE_FR])
def test_bases_read(base: str) -> None:
    problem = understand_prompt(base)
    assert problem is not None and len(problem.solution) == 1, base
    assert next(iter(problem.solution.values())) in (4, 8), (base, problem.solution)
