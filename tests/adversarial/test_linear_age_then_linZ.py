"""An age story over time (branch wip/linZ, 2026-12-06): one person k times as old as the other (or d years
older) now, and in n years one k2 times as old as the other; one age now asked. Written by hand from the shapes,
not from any held-out file: first sentences x later sentences x questions, each row's age solved by sympy from
the facts as the story states them (independently of the engine) and required whole and positive. Each of the
later sentence's two is named, or a pronoun whose gender leaves exactly one way to read the two. A past ("12
years ago"), two pronouns of one gender, a third person, a role swapped, a factor not above 1, an age asked
then, an age not positive, a word the grammar does not derive: no claim."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, assert_red_team_pair_not_served, assert_story_served

S = sympy.Symbol("s")
_K_WORDS = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}

# (big, small, the big's pronoun, the small's object pronoun, the small's word as a question names it)
_PEOPLE = [
    ("Maria", "her son", "she", "him", "the son"),
    ("Ana", "her nephew", "she", "him", "her nephew"),
    ("Sara", "her brother", "she", "him", "the brother"),
    ("Tom", "his daughter", "he", "her", "the daughter"),
    ("Paul", "his niece", "he", "her", "his niece"),
    ("Omar", "his sister", "he", "her", "the sister"),
]
# first sentences: (template, kind) with {B} {small} {k} {kw} {d}
_FIRST = [
    ("{B} is {k} times as old as {small}.", "times"),
    ("{B} is {kw} as old as {small}.", "times"),
    ("{B} is {d} years older than {small}.", "diff"),
]
# later sentences with {n} {k2} {k2w}, the one and the other: {one} {other} (a pronoun or a word)
_THEN = [
    "In {n} years, {one} will be {k2w} as old as {other}.",
    "In {n} years {one} will be {k2} times as old as {other}.",
    "{n} years from now, {one} will be {k2w} as old as {other}.",
    "{One} will be {k2w} as old as {other} in {n} years.",
]
_ASK = ["How old is {q} now?", "How old is {q}?", "How old is {q} today?", "How old is {B} now?"]


def _age_now(kind: str, k: int, d: int, n: int, k2: int, asked_big: bool) -> Fraction | None:
    """The asked age from the story's facts (sympy): big = k s (or s + d), big + n = k2 (s + n)."""
    big = k * S if kind == "times" else S + d
    (small,) = sympy.solve(sympy.Eq(big + n, k2 * (S + n)), S)
    value = Fraction(str(big.subs(S, small) if asked_big else small))
    return value if value > 0 and value.denominator == 1 and small > 0 else None


def _rows() -> list[tuple[str, str, Fraction]]:
    rows = []
    numbers = itertools.cycle([(3, 2, 12, 24), (4, 2, 10, 20), (4, 3, 6, 30), (5, 3, 8, 28), (3, 2, 15, 26)])
    for (first, kind), then, ask, (big, small, pron, obj, q) in itertools.product(_FIRST, _THEN, _ASK, _PEOPLE):
        k, k2, n, d = next(numbers)
        use_names = len(rows) % 3 == 2  # the later sentence names both ("Maria will be twice as old as her son")
        one, other = (big, small) if use_names else (pron, obj)
        story = " ".join([first.format(B=big, small=small, k=k, kw=_K_WORDS[k], d=d),
                          then.format(n="{n}", one=one, One=one[0].upper() + one[1:], other=other, k2=k2, k2w=_K_WORDS[k2]),
                          ask.format(q=q, B=big)])
        asked_big = "{B}" in ask
        firsts, seconds = _age_now(kind, k, d, n, k2, asked_big), _age_now(kind, k, d, n + 2, k2, asked_big)
        if firsts is None or seconds is None:
            continue
        rows.append((story.format(n=n), story.format(n=n + 2), seconds))
    return rows


ROWS = _rows()


@pytest.mark.parametrize(("first", "second", "value"), ROWS, ids=[f"en-{i}" for i in range(len(ROWS))])
def test_age_then_served_exact(first: str, second: str, value: Fraction) -> None:
    assert_story_served("en", first, second, "x", value)


def test_twenty_stories_at_least() -> None:
    assert len(ROWS) >= 20, len(ROWS)


BASE = "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the son now?"
BASE_DIFF = "Maria is 24 years older than her son. In 6 years she will be 3 times as old as him. How old is her son?"
TRAPS = [
    "Tom is 3 times as old as his son. In 12 years he will be twice as old as him. How old is the son now?",  # he ... him: whose?
    "Maria is 3 times as old as her daughter. In 12 years she will be twice as old as her. How old is the daughter now?",  # she ... her
    "Maria is 3 times as old as her son. In 12 years he will be twice as old as her. How old is the son now?",  # roles swapped (x < 0)
    "Maria is 3 times as old as her son. 12 years ago she was twice as old as him. How old is the son now?",  # the past
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old will the son be then?",  # asked then
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old will the son be in 12 years?",
    "Maria is 3 times as old as her son. In 12 years Tom will be twice as old as him. How old is the son now?",  # a third person
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as Tom. How old is the son now?",
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as his. How old is the son now?",  # "his"
    "Maria is 3 times as old as her son. In 12 years she will be 1 times as old as him. How old is the son now?",  # factor 1
    "Maria is 3 times as old as her son. In 12 years she will be 2.5 times as old as him. How old is the son now?",  # not whole
    "Maria is 3 times as old as her son. In 0 years she will be twice as old as him. How old is the son now?",  # 0 years
    "Maria is 3 times as old as her son. In 12 years old she will be twice as old as him. How old is the son now?",
    "Maria is 3 times as old as her son. In 12 years she will be 4 times as old as him. How old is the son now?",  # age < 0
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the daughter now?",  # another
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. In 5 years she will be 3 times as old as him. How old is the son now?",
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the son hi?",
    "Maria is 3 times as old as her son. In 12 months she will be twice as old as him. How old is the son now?",  # months
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the son now? And Maria?",  # two asked
    "Maria and her son are 48 years old together. In 12 years she will be twice as old as him. How old is the son now?",  # a sum
    "Maria is 3 times as old as her son. In 12 years she will not be twice as old as him. How old is the son now?",  # negated
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is Maria's husband now?",
    "Maria is 24 years older than her son. In 6 years she will be 3 times as old as him. How old is her daughter?",  # another
    "Maria is 24 years younger than her son. In 6 years she will be 3 times as old as him. How old is her son?",  # younger (x < 0)
    "Maria is 24 years older than her son. In 6 years she will be 3 times older than him. How old is her son?",  # "times older"
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_age_then_trap(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, BASE if "24 years" not in trap else BASE_DIFF)


@pytest.mark.parametrize("trap", TRAPS[:3] + TRAPS[14:15])
def test_age_then_trap_pair_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(BASE, trap)


def test_bases_read() -> None:
    problem = understand_prompt(BASE)
    assert problem is not None and problem.solution == {"x": 12} and [e.text for e in problem.equations] == ["3x + 12 = 2(x + 12)"]
    problem = understand_prompt(BASE_DIFF)
    assert problem is not None and problem.solution == {"x": 6}
