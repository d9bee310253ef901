"""A letter right before a bracket is read two ways: a function's value ('f(2) = 12') or a product ('x(4 - 2)').

fuzzQ (nightly, d4dd430) and wip/linAB's fuzzer run found 'Solve f(2) = 12 for f.' served f = 6 and 'Résous
l'équation x(4 - 2) = 12 et trouve x.' served as 2x = 12: the product reading holds only in the contexts one
thinks of. Such an equation is no claim now (algebra.py: the parser declines an identifier followed by '('); a
number before a bracket ('2(x + 1)') and a bracket after a bracket ('(x + 1)(2)') stay products."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.algebra import NotLinear, parse_linear

from .harness import assert_linear_pair_served, assert_red_team_pair_not_served

TRAPS = [
    ("Solve f(2) = 12 for f.", "Solve f(2) = 14 for f."),
    ("Solve x(4 - 2) = 12.", "Solve x(4 - 2) = 14."),
    ("Résous l'équation x(4 - 2) = 12 et trouve x.", "Résous l'équation x(4 - 2) = 16 et trouve x."),
    ("Solve 3x(2) + 1 = 13.", "Solve 3x(2) + 1 = 19."),
    ("Solve 3x + 5 = 20.", "Solve g(x) = 3x + 5 = 20."),
]


@pytest.mark.parametrize(("first", "second"), TRAPS)
def test_a_letter_before_a_bracket_is_no_claim(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)


@pytest.mark.parametrize("text", ["f(2)", "x(4 - 2)", "3x(2) + 1", "y (x + 1)"])
def test_the_parser_declines_a_letter_before_a_bracket(text: str) -> None:
    with pytest.raises(NotLinear):
        parse_linear(text)


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("Solve 2(x + 1) = 12.", "Solve 2(x + 1) = 14.", {"x": 6}),
    ("Solve (x + 1)(2) = 12.", "Solve (x + 1)(2) = 16.", {"x": 7}),
])
def test_a_number_or_bracket_before_a_bracket_is_a_product(first: str, second: str, expected: dict[str, int]) -> None:
    assert_linear_pair_served(first, second, expected, "")
