"""A superscript two or three right after an unknown ("x\u00b2", "2x\u00b3") read as the power "x^2" in every table
("quanto vale x\u00b2?", "求 x\u00b2 的值", "чему равно x\u00b2?", "Wie groß ist x\u00b2?"): before, any "\u00b2" declined the
prompt (branch wip/linAB-powers, 2026-12-06; 6 dev variations declined for it, scripts/decline_causes_linear.py).

Written by hand: powers x languages. Traps: a power of a letter no equation holds, any other superscript, a power
inside the equation, a unit, "then double it", "round to", a negation, an extra condition, a second question."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_red_team_pair_not_served, served_linear

# -- 2. a superscript two or three after an unknown -------------------------------------------------------------
_POWER_PROMPTS = [
    ("en", "If {eq}, what is x\u00b2?"), ("en", "Given {eq}, what is x\u00b3?"), ("en", "If {eq}, what is 2x\u00b2?"),
    ("en", "If {eq}, what is x\u00b2 + 1?"), ("pt", "Se {eq}, quanto vale x\u00b2?"), ("zh", "已知 {eq}，求 x\u00b2 的值。"),
    ("ru", "Если {eq}, чему равно x\u00b2?"), ("de", "Es gilt {eq}. Wie groß ist x\u00b2?"), ("it", "Quanto vale x\u00b2 se {eq}?"),
]
_POWER_EQUATIONS = [("3x - 1 = 14", "3x - 1 = 20", 7), ("2x + 6 = 20", "2x + 6 = 16", 5), ("4x + 1 = 21", "4x + 1 = 13", 3)]


def _power_value(prompt: str, x: int) -> tuple[str, int]:
    if "2x\u00b2" in prompt:
        return "2*x^2", 2 * x * x
    if "x\u00b2 + 1" in prompt:
        return "x^2 + 1", x * x + 1
    if "x\u00b3" in prompt:
        return "x^3", x ** 3
    return "x^2", x * x


POWER_ROWS = []
for n, (language, template) in enumerate(_POWER_PROMPTS):
    first, second, x = _POWER_EQUATIONS[n % len(_POWER_EQUATIONS)]
    POWER_ROWS.append((template.format(eq=first), template.format(eq=second), *_power_value(template, x)))


@pytest.mark.parametrize(("first", "second", "name", "value"), POWER_ROWS, ids=[f"power-{i}" for i in range(len(POWER_ROWS))])
def test_power_served(first: str, second: str, name: str, value: int) -> None:
    problem = understand_prompt(second)
    written = understand_prompt(second.replace("\u00b2", "^2").replace("\u00b3", "^3"))
    assert problem is not None and written is not None, second
    assert (problem.target, problem.solution, problem.language) == (written.target, written.solution, written.language)
    served_linear(first, second, {name: Fraction(value)})


POWER_BASE = "If 3x - 1 = 14, what is x\u00b2?"
POWER_TRAPS = [
    "If 3x - 1 = 14, what is y\u00b2?",          # no equation holds y
    "If 3x - 1 = 14, what is x\u00b9?",          # another superscript
    "If 3x - 1 = 14, what is x\u2074?",
    "If 3x - 1 = 14, what is x\u00b2\u00b3?",
    "If 3x - 1 = 14, what is x\u00b2y?",
    "If 3x - 1 = 14, what is ax\u00b2?",
    "If x\u00b2 - 1 = 14, what is x?",           # a power in the equation: not linear
    "If 3x - 1 = 14, what is x\u00b2 in m\u00b2?",     # a unit
    "If 3x - 1 = 14, what is x\u00b2? Then double it.",
    "If 3x - 1 = 14, what is x\u00b2 rounded to the nearest ten?",
    "If 3x - 1 = 14, what is not x\u00b2?",
    "If 3x - 1 = 14 and x > 9, what is x\u00b2?",
    "If 3x - 1 = 14, what is x\u00b2 and what is x\u00b3?",
    "If 3x - 1 = 14, what is (x)\u00b2?",
    "If 3x - 1 = 14, what is x^\u00b2?",
    "A room of 20 m\u00b2 costs $3 per m\u00b2. If 3x - 1 = 14, what is x?",
]


@pytest.mark.parametrize("trap", POWER_TRAPS, ids=[f"power-trap-{i}" for i in range(len(POWER_TRAPS))])
def test_power_trap_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(POWER_BASE, trap)


def test_power_of_a_letter_no_equation_holds_is_no_claim() -> None:
    assert understand_prompt("If 3x - 1 = 14, what is y\u00b2?") is None
    assert understand_prompt("If 3x - 1 = 14, what is x? The area is 20 m\u00b2.") is None


# -- wip/linAC: "m" and "s" are unit symbols written squared or cubed (m², m³, m/s²): never read as a power ----------
UNIT_LETTER_TRAPS = [
    ("If 5m - 2 = 13, what is m?", "If 5m - 2 = 13, what is m\u00b2?"),
    ("If 5m - 2 = 13, what is m?", "If 5m - 2 = 13, what is m\u00b3?"),
    ("If 4s + 1 = 9, what is s?", "If 4s + 1 = 9, what is s\u00b2?"),
    ("Halla el valor de m en 5m - 2 = 13.", "Halla el valor de m\u00b2 en 5m - 2 = 13."),
    ("Se 5m - 2 = 13, quanto vale m?", "Se 5m - 2 = 13, quanto vale m\u00b2?"),
    ("Resolva x + 1 = 10.", "Resolva x\u00b2 + 1 = 10."),            # a squared unknown: not linear
    ("Löse 2x + 1 = 9.", "Löse 2x\u00b3 + 1 = 9."),
    ("已知 3x - 6 = 9，求 x 的值。", "已知 3x\u00b2 - 6 = 9，求 x 的值。"),
]


@pytest.mark.parametrize(("base", "trap"), UNIT_LETTER_TRAPS, ids=[f"unit-trap-{i}" for i in range(len(UNIT_LETTER_TRAPS))])
def test_a_unit_letter_or_a_squared_equation_is_no_claim(base: str, trap: str) -> None:
    assert understand_prompt(trap) is None, trap
    assert_red_team_pair_not_served(base, trap)


def test_a_letter_beside_the_unit_letters_is_still_read() -> None:
    problem = understand_prompt("If 5n - 2 = 13, what is n\u00b2?")
    assert problem is not None and problem.target_value == 9
