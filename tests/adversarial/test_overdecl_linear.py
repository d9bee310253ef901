"""A pen story over-declined by red teams 14-15 (branch wip/overdecl): the price each said inside the
purchase, "Maria buys x pens for 9 dollars a piece and pays a 3 dollar fee; she pays 57 dollars in
total." (core/tasks/linear/request.lark: wp_buys_each_with_fee; "a piece", "apiece", "each" are the
table's words ending a price each). Served proven and exact without a model call after a first
answer by a model that is never right; "for 9 dollars" with no word for each (the price of them
all?), another currency, another payer, a discount, no whole count are no claim."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import NeverRightModel, served_linear

STORY = "Maria buys x pens for {p} dollars {each} and pays a {f} dollar fee; she pays {t} dollars in total. Solve for x."
SHOP = "A shop sells pens for {p} dollars each. Maria buys x pens and pays a {f} dollar fee; she pays {t} dollars in total. Solve for x."

SERVED = [
    (STORY.format(p=9, each="each", f=3, t=57), STORY.format(p=9, each="a piece", f=3, t=66), 7),
    (SHOP.format(p=9, f=3, t=57), STORY.format(p=9, each="a piece", f=3, t=57), 6),
    (STORY.format(p=9, each="a piece", f=3, t=57), STORY.format(p=4, each="a piece", f=2, t=30), 7),
    (STORY.format(p=9, each="apiece", f=3, t=57), STORY.format(p=5, each="apiece", f=6, t=41), 7),
]


@pytest.mark.parametrize(("first", "second", "x"), SERVED)
def test_the_price_each_in_the_purchase_is_read_and_served_exactly(first: str, second: str, x: int) -> None:
    read = understand_prompt(second)
    assert read is not None and read.solution == {"x": Fraction(x)}, second
    served_linear(first, second, {"x": x})


TRAPS = [
    STORY.format(p=9, each="", f=3, t=57).replace("dollars  and", "dollars and"),  # the price of them all, or each?
    STORY.format(p=9, each="its", f=3, t=57),
    STORY.format(p=9, each="a pack", f=3, t=57),                                  # a word outside the table
    STORY.format(p=9, each="a piece", f=3, t=57).replace("9 dollars", "9 euros"),  # two currencies
    STORY.format(p=9, each="a piece", f=3, t=57).replace("she pays", "Tom pays"),  # another payer's total
    STORY.format(p=9, each="a piece", f=3, t=58),                                  # no whole count of pens
    STORY.format(p=9, each="a piece", f=3, t=57).replace("dollar fee", "dollar discount"),
    STORY.format(p=9, each="a piece", f=3, t=57).replace("x pens", "x widgets"),   # goods not in the table
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_near_miss_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate(STORY.format(p=9, each="a piece", f=3, t=57), model)
    before = model.calls
    again = cache.generate(trap, model)
    assert model.calls == before + 1 and not again.verified, (trap, again.outcome, again.text)
