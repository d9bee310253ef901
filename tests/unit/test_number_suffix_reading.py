"""What stands right beside a number changes it (blind red team round 7): the equation reader does
not read an equation whose last number or name is followed by a repeating-decimal ellipsis, a
factorial, a prime or quote, a percent, per-mille or degree sign, nor one whose first number
follows a decimal point; the JSON reader states no value so written. Sentence punctuation keeps
its reading."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.algebra import find_equations
from stepcache_integrations.core.tasks.json.evidence import statements


@pytest.mark.parametrize("mark", ["...", "\u2026", "!", "'", "\u2032", "\u2033", '"', "`", "%", "\u00b0", "\u2030"])
def test_a_marked_last_number_ends_no_equation(mark: str) -> None:
    assert find_equations(f"Solve for x: 3x = 0.99{mark}") == []
    assert [eq.text for eq in find_equations(f"Solve for x: x + 1 = 2 = 1 + 1{mark}")] == ["x + 1 = 2"]


@pytest.mark.parametrize("text", ["Solve for x: .5x = 2.", "Solve: .5 = x"])
def test_a_decimal_point_before_an_equation_drops_it(text: str) -> None:
    assert find_equations(text) == []


@pytest.mark.parametrize("end", [".", ",", ";", "?", ")", " and", ".\n"])
def test_sentence_punctuation_keeps_the_equation(end: str) -> None:
    assert [eq.text for eq in find_equations(f"Solve for x: 3x = 0.99{end}")] == ["3x = 0.99"]


@pytest.mark.parametrize("mark", ["...", "\u2026", "!", "'", '"', "%", "\u00b0"])
def test_a_marked_json_number_is_no_statement(mark: str) -> None:
    assert "ratio" not in statements(f'with name "Bob" and ratio 0.33{mark} Required keys: name and ratio.', ("name", "ratio"))
    assert statements('with name "Bob" and ratio 0.33. Required keys: name and ratio.', ("name", "ratio"))["ratio"].value == 0.33
