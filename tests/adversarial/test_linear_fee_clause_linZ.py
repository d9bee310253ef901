"""A fee stated as a clause of its own beside a price each (branch wip/linZ, 2026-12-06): "Movie tickets cost $8 each
and parking was $6. We spent $70 altogether. How many tickets did we buy?" (8x + 6 = 70), "Tickets cost $8 each.
Parking was $6. ...", "... some tickets plus a $6 parking fee". Written by hand from the shapes: price sentences x
fee clauses x totals x questions, each count solved by sympy from price x count + fee = total and required whole.
Parking by the hour, free, cheaper, a discount, two fees, the fee or total asked, another item, a count not whole,
another currency: no claim."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, assert_red_team_pair_not_served, assert_story_served

X = sympy.Symbol("x")
# (price sentence with {r}, the item's plural as the question names it)
_PRICES = [("Movie tickets cost ${r} each", "tickets"), ("Tickets cost ${r} each", "tickets"), ("A ticket costs ${r}", "tickets"),
           ("Muffins cost ${r} each", "muffins"), ("A notebook costs ${r}", "notebooks")]
_FEES = ["parking was ${f}", "parking cost ${f}", "the parking fee was ${f}", "the booking fee was ${f}", "the delivery fee was ${f}"]
_TOTALS = ["We spent ${t} altogether.", "We paid ${t} in total.", "I spent ${t} in all."]
_ASKS = {"we": ["How many {p} did we buy?", "How many {p} (n) did we buy?"], "i": ["How many {p} did I buy?"]}

ROWS: list[tuple[str, str, Fraction, Fraction, str]] = []
for n, ((price, plural), fee, total) in enumerate(itertools.product(_PRICES, _FEES, _TOTALS)):
    ask = _ASKS["we" if total.startswith("We") else "i"][n % (2 if total.startswith("We") else 1)]
    joined = n % 2 == 0  # "... each and parking was $6." or two sentences
    r, f = Fraction(2 + n % 7), Fraction(3 + n % 5)
    head = price.format(r=r)
    fee_text = fee.format(f=f)
    facts = f"{head} and {fee_text}." if joined else f"{head}. {fee_text[0].upper() + fee_text[1:]}."
    text = " ".join([facts, total.format(t="{t}"), ask.format(p=plural)])
    ROWS.append((text, "n" if "(n)" in ask else "x", r, f, plural))


@pytest.mark.parametrize(("template", "letter", "price", "fee", "plural"), ROWS, ids=[f"en-{i}" for i in range(len(ROWS))])
def test_fee_clause_served_exact(template: str, letter: str, price: Fraction, fee: Fraction, plural: str) -> None:
    first, second = template.format(t=price * 4 + fee), template.format(t=price * 7 + fee)
    (root,) = sympy.solve(sympy.Eq(price * X + fee, price * 7 + fee), X)
    assert Fraction(str(root)) == 7
    assert_story_served("en", first, second, letter, Fraction(7))


def test_twenty_stories_at_least() -> None:
    assert len(ROWS) >= 20, len(ROWS)


BASE = "Movie tickets cost $8 each and parking was $6. We spent $70 altogether. How many tickets did we buy?"
TRAPS = [
    "Movie tickets cost $8 each and parking was $6 per hour. We spent $70 altogether. How many tickets did we buy?",  # a rate
    "Movie tickets cost $8 each and parking was $6 an hour. We spent $70 altogether. How many tickets did we buy?",
    "Movie tickets cost $8 each and parking was free. We spent $70 altogether. How many tickets did we buy?",
    "Movie tickets cost $8 each and parking was $6 cheaper. We spent $70 altogether. How many tickets did we buy?",
    "Movie tickets cost $8 each and the discount was $6. We spent $70 altogether. How many tickets did we buy?",  # taken away
    "Movie tickets cost $8 each and the refund was $6. We spent $70 altogether. How many tickets did we buy?",
    "Movie tickets cost $8 each and parking was $6. The booking fee was $2. We spent $70 altogether. How many tickets did we buy?",  # two fees
    "Movie tickets cost $8 each and parking was $6. We spent $70 altogether. How much was parking?",  # the fee asked
    "Movie tickets cost $8 each and parking was $6. We spent $70 altogether. How much did we spend?",  # the total asked
    "Movie tickets cost $8 each and parking was $6. We spent $70 altogether. How many pens did we buy?",  # another item
    "Movie tickets cost $8 each and parking was $6. We spent $71 altogether. How many tickets did we buy?",  # not whole
    "Movie tickets cost $8 each and parking was $6. We spent $6 altogether. How many tickets did we buy?",  # none bought
    "Movie tickets cost $8 each and parking was 6 euros. We spent $70 altogether. How many tickets did we buy?",  # currencies
    "Movie tickets cost $8 and parking was $6. We spent $70 altogether. How many tickets did we buy?",  # each? all?
    "Movie tickets cost $8 each and parking was $6. We had $70 left. How many tickets did we buy?",  # left
    "Movie tickets cost $8 each and tickets cost $5 each. Parking was $6. We spent $70 altogether. How many tickets did we buy?",  # two prices
    "Movie tickets cost $8 each and parking was $6 each. We spent $70 altogether. How many tickets did we buy?",  # parking each
    "Movie tickets cost $8 each and parking was not $6. We spent $70 altogether. How many tickets did we buy?",  # negated
    "Movie tickets cost $8 each and parking was $6. We spent $70 altogether. How many tickets did she buy?",  # another buyer
    "Tickets cost $8 each. We spent $70 in total: some tickets plus a $6 booking fee. How many tickets did she buy?",  # (linY's cart)
    "A store sells shirts at $25 each. With a $10 shipping fee, we paid $110 in total. How many shirts did she buy?",  # (linY's fee)
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_fee_clause_trap(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, BASE)


@pytest.mark.parametrize("trap", TRAPS[:1] + TRAPS[4:7])
def test_fee_clause_trap_pair_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(BASE, trap)


def test_base_read() -> None:
    problem = understand_prompt(BASE)
    assert problem is not None and problem.solution == {"x": 8} and [e.text for e in problem.equations] == ["8x + 6 = 70"]
