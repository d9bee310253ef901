"""A part of a cart whose count is unknown carrying its own unit price ("some notebooks at $3 each"), "one
$5 pen" at its own price, and a total spent on a plural item ("I spent $11.25 on pens"), beside wip/linS's
carts (branch wip/linU, 2026-12-05), written by hand, not from any held-out file. Generated from the
shapes: part orders x frames x questions; the count is solved by sympy from count x price + other = total,
independently of the engine, and must be whole."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear

X = sympy.Symbol("x")

# (template with {t}, unit price of the unknown item, the other amount, the total of the first prompt)
ROWS: list[tuple[str, Fraction, Fraction, str]] = []
_ITEMS = [("notebooks", "pen"), ("muffins", "coffee"), ("pencils", "ruler"), ("tickets", "soda")]
_CARTS = [
    "I bought some {us} at ${p} each and one ${o} {ot}, and paid ${{t}} in total.",
    "I bought some {us} at ${p} each and a ${o} {ot} and paid ${{t}}.",
    "I bought a ${o} {ot} and some {us} at ${p} each and paid ${{t}} in total.",
    "Tom bought some {us} at ${p} each and a ${o} {ot} for ${{t}}.",
    "I spent ${{t}} on some {us} at ${p} each and one ${o} {ot}.",
    "We bought a few {us} at ${p} apiece plus a ${o} {ot} and paid ${{t}} altogether.",
]
_ASKS = {"Tom": "How many {us} did he buy?", "": "How many {us} did I buy?", "We": "How many {us} did we buy?"}
for n, ((us, ot), cart) in enumerate(itertools.product(_ITEMS, _CARTS)):
    p, o = 2 + n % 3, 3 + n % 4
    who = "Tom" if cart.startswith("Tom") else "We" if cart.startswith("We") else ""
    text = cart.format(us=us, ot=ot, p=p, o=o) + " " + _ASKS[who].format(us=us)
    ROWS.append((text, Fraction(p), Fraction(o), str(o + 5 * p)))
for price, ask in itertools.product(["1.25", "2", "3.50"], ["How many pens did I buy?", "How many pens did I buy? Just the number."]):
    ROWS.append((f"Pens cost ${price} each. I spent ${{t}} on pens. {ask}", Fraction(price), Fraction(0), str(Fraction(price) * 4)))
ROWS.append(("A pen costs $2. Maria spent ${t} on pens. How many pens did she buy?", Fraction(2), Fraction(0), "8"))


def _money(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


@pytest.mark.parametrize(("template", "price", "other", "first_total"), ROWS, ids=[f"part-{i}" for i in range(len(ROWS))])
def test_priced_part_served_exact(template: str, price: Fraction, other: Fraction, first_total: str) -> None:
    total = other + 9 * price  # nine of the item in the second prompt
    first, second = template.format(t=_money(Fraction(first_total))), template.format(t=_money(total))
    (root,) = sympy.solve(sympy.Eq(sympy.nsimplify(str(price)) * X + sympy.nsimplify(str(other)), sympy.nsimplify(str(total))), X)
    value = Fraction(str(root))
    assert value == 9 and value * price + other == total  # the facts hold
    problem = understand_prompt(second)
    assert problem is not None and problem.solution == {"x": value}, (second, problem)
    if second.endswith("Just the number."):  # the bare number asked: the served text is the value alone
        assert served_linear(first, second, fmt="bare").strip() == str(value)
    else:
        served_linear(first, second, {"x": value})


BASE = "I bought some notebooks at $3 each and one $5 pen, and paid $32 in total. How many notebooks did I buy?"
SPENT = "Pens cost $2 each. I spent $12 on pens. How many pens did I buy?"
TRAPS = [
    ("I bought some notebooks at $3 each and a $5 pen, and paid $32 in total. How many pens did I buy?", BASE),  # the other item
    ("I bought some notebooks at $3 and a $5 pen, and paid $32 in total. How many notebooks did I buy?", BASE),  # "at $3": each? all?
    ("I bought some notebooks at $3 each and a $5 pen, and paid $32 in total. Notebooks cost $4 each. How many notebooks did I buy?", BASE),  # two prices
    ("I bought some notebooks at $3 each and some pens, and paid $32 in total. How many notebooks did I buy?", BASE),  # two unknowns
    ("Notebooks cost $4 each. I bought some notebooks at $3 each and a $5 pen, and paid $32 in total. How many notebooks did I buy?", BASE),  # two prices, the other first
    ("I bought some notebooks at $27 all and a $5 pen, and paid $32 in total. How many notebooks did I buy?", BASE),  # "$27 all": not each
    ("I bought some notebooks at $3 each and a $5 pen, and paid $33 in total. How many notebooks did I buy?", BASE),  # not whole
    ("I bought some notebooks at $3 each and a $5 pen, and paid 32 euros in total. How many notebooks did I buy?", BASE),  # two currencies
    ("I bought some notebooks at $3 each and a $5 pen, and did not pay $32 in total. How many notebooks did I buy?", BASE),  # negated
    ("I bought some notebooks at $3 each and a $5 pen, and paid $32 in total. How much did I spend?", BASE),  # another quantity
    ("Pens cost $2 each. I spent $12 on pens. How many notebooks did I buy?", SPENT),  # another item
    ("Pens cost $2. I spent $12 on pens. How many pens did I buy?", SPENT),  # each? all?
    ("Pens cost $2 each. I spent $13 on pens. How many pens did I buy?", SPENT),  # not whole
    ("Pens cost $2 each. I spent $12 on pen. How many pens did I buy?", SPENT),  # one pen?
    ("Pens cost $2 each. I spent $12 on pens and notebooks. How many pens did I buy?", SPENT),  # an unpriced item
    ("Pens cost $2 each. I spent $12 on pens. How much did I spend?", SPENT),  # another quantity
    ("Pens cost $2 each. I spent $12 on pens. How many pens did she buy?", SPENT),  # another buyer
]


@pytest.mark.parametrize(("trap", "base"), TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_priced_part_trap(trap: str, base: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, base)
