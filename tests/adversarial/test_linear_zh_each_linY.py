"""zh: the price each said with its item left out ("每支5元") after the item bought some of, one other item at its
price, the total spent, the count asked (branch wip/linY, 2026-12-06), written by hand, not from any held-out
file: "小明买了几支笔，每支5元，又买了一个8元的本子，一共花了33元。他买了几支笔？" is 5x + 8 = 33; "小明买了 x 支笔，每支 3 元，
一共花了 24 元。x 是多少？" is 3x = 24. Another counter, the same item at two prices, the price each before any
item, another item asked, a count not whole: no claim."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear

X = sympy.Symbol("x")

_WHO = [("小明", "他"), ("小红", "她"), ("小刚", "他")]
_SPENT = ["一共花了", "共花了", "总共花了", "一共付了"]
_ITEMS = [("支", "笔"), ("本", "练习本"), ("个", "苹果"), ("瓶", "牛奶"), ("支", "铅笔")]
_OTHERS = [("一个", "本子"), ("一本", "书"), ("一瓶", "饮料"), ("一块", "橡皮")]

ROWS: list[tuple[str, Fraction, Fraction, str]] = []  # (template with {t}, price each, other amount, letter)
for n, ((who, pronoun), spent, (counter, item)) in enumerate(itertools.product(_WHO, _SPENT, _ITEMS)):
    if n % 2:
        continue  # every other combination: 30 stories
    one, other = _OTHERS[n % len(_OTHERS)]
    price, amount = Fraction(2 + n % 6), Fraction(3 + n % 5)
    if n % 4 == 0:
        text = f"{who}买了几{counter}{item}，每{counter}{price}元，又买了{one}{amount}元的{other}，{spent}{{t}}元。{pronoun}买了几{counter}{item}？"
        ROWS.append((text, price, amount, "x"))
    else:
        text = f"{who}买了 n {counter}{item}，每{counter} {price} 元，{spent} {{t}} 元。n 是多少？"
        ROWS.append((text, price, Fraction(0), "n"))


@pytest.mark.parametrize(("template", "price", "other", "letter"), ROWS, ids=[f"zh-{i}" for i in range(len(ROWS))])
def test_zh_each_served_exact(template: str, price: Fraction, other: Fraction, letter: str) -> None:
    first, second = template.format(t=price * 4 + other), template.format(t=price * 7 + other)
    (root,) = sympy.solve(sympy.Eq(price * X + other, price * 7 + other), X)
    value = Fraction(str(root))
    assert value == 7
    problem = understand_prompt(second)
    assert problem is not None and problem.solution == {letter: value}, (second, problem)
    served_linear(first, second, {letter: value})


def test_twenty_stories() -> None:
    assert len(ROWS) >= 20, len(ROWS)


BASE = "小明买了几支笔，每支5元，又买了一个8元的本子，一共花了33元。他买了几支笔？"
NAMED = "小明买了 x 支笔，每支 3 元，一共花了 24 元。x 是多少？"
TRAPS = [
    ("小明买了几支笔，每盒5元，又买了一个8元的本子，一共花了33元。他买了几支笔？", BASE),  # a box's price
    ("小明买了几支笔，每支5元，又买了一支8元的笔，一共花了33元。他买了几支笔？", BASE),  # the same item at two prices
    ("每支5元，小明买了几支笔，又买了一个8元的本子，一共花了33元。他买了几支笔？", BASE),  # the price before any item
    ("小明买了几支笔，每支5元，又买了一个8元的本子，一共花了33元。他买了几个本子？", BASE),  # another item asked
    ("小明买了几支笔，每支5元，又买了一个8元的本子，一共花了34元。他买了几支笔？", BASE),  # not whole
    ("小明买了几支笔，每支5元，又买了一个8元的本子，一共花了8元。他买了几支笔？", BASE),  # none bought
    ("小明买了几支笔，每支5元，又买了一个8元的本子，一共花了33元。他一共花了多少钱？", BASE),  # the total asked
    ("小明买了几支笔，每支5元，每支6元，一共花了33元。他买了几支笔？", BASE),  # two prices each
    ("小明买了几支笔，每支5元，又买了一个8元的本子，找回了33元。他买了几支笔？", BASE),  # change back
    ("小明买了 x 支笔，每本 3 元，一共花了 24 元。x 是多少？", NAMED),  # another counter
    ("小明买了 x 支笔，每支 3 元，一共花了 25 元。x 是多少？", NAMED),  # not whole
    ("小明买了 x 支笔，每支 3 元，一共花了 24 元。y 是多少？", NAMED),  # another letter
]


@pytest.mark.parametrize(("trap", "base"), TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_zh_each_trap(trap: str, base: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, base)
