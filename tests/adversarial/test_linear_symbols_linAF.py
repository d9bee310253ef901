"""wip/linAF: everyday symbols fresh writers type (README-only red teams 27/27b over-declines), read by
stepcache_integrations/core/tasks/linear/symbols.py: " × " / " · " between a number and a letter or a bracket,
vulgar fractions as exact coefficients ("½x"), subscripted names ("x₁", with the evidence "x1" needs), an en
dash between two terms, full-width operators and (in a prompt with no ASCII digit) full-width digits; and
Spanish "x e y" (NAME_AND: two unknowns' names only). Each is served proven and exact after a changed
constant; beside each, its traps: a near miss that is never read, or never served from the cache.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_red_team_pair_not_served, served_linear

SERVED = [
    # a multiplication sign or dot with its spaces, between a number and a letter or a bracket
    ("Solve 3 × y + 5 = 20", "Solve 3 × y + 5 = 26", {"y": 7}),
    ("Solve 3y + 5 = 20", "Solve 3 · y + 5 = 26", {"y": 7}),
    ("Solve 2 × (x + 1) = 20", "Solve 2 × (x + 1) = 30", {"x": 14}),
    # a vulgar fraction as an exact coefficient
    ("Solve ½x + 5 = 20", "Solve ½x + 5 = 21", {"x": 32}),
    ("Solve ½x + 5 = 20", "Solve ⅓x + 5 = 20", {"x": 45}),  # another fraction: another coefficient, re-instantiated
    ("Solve ¾x + 1 = 7", "Solve ¾x + 1 = 10", {"x": 12}),
    ("Solve ⅓(x + 3) = 4", "Solve ⅓(x + 3) = 5", {"x": 12}),
    # subscripted names, with a sibling of the same letter or the request naming them
    ("Solve x₁ + x₂ = 10, x₁ - x₂ = 2", "Solve x₁ + x₂ = 12, x₁ - x₂ = 2", {"x_1": 7, "x_2": 5}),
    ("Solve for a₁: 3a₁ - 4 = 17", "Solve for a₁: 3a₁ - 4 = 26", {"a_1": 10}),
    # an en dash between two terms
    ("Solve 3x – 5 = 20", "Solve 3x – 5 = 22", {"x": 9}),
    ("Solve x + y = 10, x – y = 2", "Solve x + y = 12, x – y = 2", {"x": 7, "y": 5}),
    ("Solve 10 – x = 4", "Solve 10 – x = 3", {"x": 7}),
    ("Solve 4x = 20 – 8.", "Solve 4x = 24 – 8.", {"x": 4}),
    # full-width operators; full-width digits in a prompt that holds no ASCII digit
    ("Solve ３x + ５ = ２０", "Solve ３x + ５ = ２６", {"x": 7}),
    ("Solve 3x ＋ 5 ＝ 20", "Solve 3x ＋ 5 ＝ 26", {"x": 7}),
    ("３x＋５＝２０を解いてください", "３x＋５＝２６を解いてください", {"x": 7}),
    # Spanish "x e y"
    ("Halla x e y: x + y = 10, x - y = 2.", "Halla x e y: x + y = 12, x - y = 2.", {"x": 7, "y": 5}),
    ("Resuelve para x e y: x + y = 10, x - y = 2.", "Resuelve para x e y: x + y = 14, x - y = 2.", {"x": 8, "y": 6}),
]


@pytest.mark.parametrize(("first", "second", "expected"), SERVED)
def test_the_form_is_served_proven_and_exact(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


@pytest.mark.parametrize(("typed", "plain"), [
    ("Solve 3 × y + 5 = 20", "Solve 3y + 5 = 20"),
    ("Solve 3 · y + 5 = 20", "Solve 3y + 5 = 20"),
    ("Solve ½x + 5 = 20", "Solve (1/2)x + 5 = 20"),
    ("Solve ⅔x = 4", "Solve (2/3)x = 4"),
    ("Solve x₁ + x₂ = 10, x₁ - x₂ = 2", "Solve x_1 + x_2 = 10, x_1 - x_2 = 2"),
    ("Solve 3x – 5 = 20", "Solve 3x - 5 = 20"),
    ("Solve ３x + ５ = ２０", "Solve 3x + 5 = 20"),
    ("Solve 3x ＋ 5 ＝ 20", "Solve 3x + 5 = 20"),
    ("Halla x e y: x + y = 10, x - y = 2.", "Halla x y y: x + y = 10, x - y = 2."),
])
def test_the_form_reads_as_its_plain_spelling(typed: str, plain: str) -> None:
    """The same unknowns, asked the same way, and the same exact solution as the plain spelling (the Spanish
    plain spelling "x y y" is itself no claim: compared with Italian "x e y" instead)."""
    read = understand_prompt(typed)
    assert read is not None, typed
    if "Halla" in plain:
        other = understand_prompt("Trova x e y: x + y = 10, x - y = 2.")
        assert other is not None and read.language == "es"
        assert (read.asked, read.solution) == (other.asked, other.solution)
        return
    ascii_read = understand_prompt(plain)
    assert ascii_read is not None, plain
    assert (read.variables, read.asked, read.solution) == (ascii_read.variables, ascii_read.asked, ascii_read.solution)


TRAPS = [
    # the multiplication sign or dot: between two numbers, after a letter, before a word, without its spaces
    "Solve 3 × 4 + x = 20",
    "Solve x × 3 = 12",
    "Solve 3 × xy = 12",
    "Solve 3 × apples = 12",
    "Solve 1·5x = 3",  # a British decimal point
    "Solve 3·y + 5 = 20",  # written without its spaces: tests/unit/test_linear_alphabet.py holds "3·x" unclaimed
    "Solve 3 ÷ y = 5",  # read two ways
    # the vulgar fraction: after a digit (a mixed number?), alone, apart from its letter, before a word or a digit
    "Solve 1½x = 3",
    "Solve x + ½ = 3",
    # wip/linAG: "½ x = 3" is read now (test_linear_formats_linAG.py); a spaced letter no operator follows, a spaced
    # bracket, a spaced name of two letters stay unread
    "Solve ½ a cup + x = 3",
    "Solve ½ (x + 1) = 3",
    "Solve ½ xy = 3",
    "Solve ½  x = 3",
    "Solve ½xy = 3",
    "Solve 3.½x = 3",
    # a subscripted name with no evidence (a power typed flat?), or of another letter than its sibling
    "Solve 2x₁ + 3 = 9",
    "Solve x₁ = 5",
    "Solve x₁ + y₁ = 4, x₁ - y₁ = 2",
    "Solve xy₁ + 3 = 9",
    # the en dash: a pause before what the equation's end may ask, or before a word
    "Solve 3x + 5 = 20 – x",
    "Solve 3x + 5 = 20 – x?",
    "Solve 3x + 5 = 20 – 2x",
    "Solve 2x = 4 – 2 ways",
    # wip/linAG: only a spaced en dash is a minus ("3–5" may be a range)
    "Solve 3x–5 = 20",
    "Solve 3x –5 = 20",
    "Solve 2x = 3–5",
    # full-width digits beside ASCII ones (a mixed-script number), full-width letters, other scripts' digits
    "Solve 3x + 5 = 2０",
    "Solve for x: 3x + 5 = ５.",
    "Solve 3ｘ + 5 = 20",
    "Solve 3x + 5 = 2٠",
    # Spanish "e": between equations, before an expression, in English, an unknown named "e" beside "e"
    "Halla x e y: x + y = 10 e x - y = 2.",
    "Halla x e 2y: x + y = 10, x - y = 2.",
    "Find x e y: x + y = 10, x - y = 2.",
    "Halla x e e: x + e = 10, x - e = 2.",
    "Halla x e y: x + y + e = 10, x - y = 2, e = 3.",
    "Halla e: x + y = 10, x - y = 2.",
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_the_near_miss_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


@pytest.mark.parametrize(("first", "second"), [
    ("Solve 3 × y + 5 = 20", "Solve 3 × 4 + y = 20"),
    ("Solve ½x + 5 = 20", "Solve 1½x + 5 = 20"),
    ("Solve x₁ + x₂ = 10, x₁ - x₂ = 2", "Solve 2x₁ + 3 = 9"),
    ("Solve 3x – 5 = 20", "Solve 3x + 5 = 20 – x"),
    ("Solve ３x + ５ = ２０", "Solve 3x + 5 = 2０"),
    ("Halla x e y: x + y = 10, x - y = 2.", "Halla x e y: x + y = 10 e x - y = 2."),
])
def test_the_trap_after_the_form_is_not_served(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)


def test_the_coefficient_is_exact() -> None:
    """⅓ is one third, not 0.33: the solution is exact, and the fraction form is followed."""
    read = understand_prompt("Solve ⅓x + 1 = 2. Give x as a fraction.")
    assert read is not None and read.solution == {"x": Fraction(3)} and "fraction" in read.format
    read = understand_prompt("Solve ⅔x = 1")
    assert read is not None and read.solution == {"x": Fraction(3, 2)}


def test_a_dash_before_a_word_stays_a_pause() -> None:
    """An en dash before a word is the pause it was before this change (read as a comma), never a minus."""
    read = understand_prompt("Solve 3x + 5 = 20 – then give x")
    assert read is not None and [eq.text for eq in read.equations] == ["3x + 5 = 20"] and read.solution == {"x": 5}
    read = understand_prompt("Resuelve 3x + 5 = 20 – y dame x")  # "y": Spanish "and" before a word
    assert read is not None and [eq.text for eq in read.equations] == ["3x + 5 = 20"] and read.solution == {"x": 5}
