"""Layout that reads two ways is never read one way (blind red team round 6, R6_1 R6_2 R6_8).

Equation labels ("3x + y = 20 (1)", "(2) x - y = 4") were read as products, a markdown bullet
("- 3x + y = 20") as a minus sign and a primed unknown ("4x'") as x, and the sympy fallback
wrote a "proven" wrong answer over the model's right one. Hypothesis writes a system in those
layouts; the judge is this file's own arithmetic (Cramer's rule over the equations as a reader
sees them: labels are labels, bullets are bullets) and its own reading of the answer. Whatever
the model answers (right, or the misreading's values), an answer stamped "proven" must state the
judge's values.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache

PAIR = re.compile(r"\b([xy])\s*=\s*(-?\d+(?:/\d+)?(?:\.\d+)?)")


def _solve(a: int, b: int, c: int, d: int, e: int, f: int) -> tuple[Fraction, Fraction] | None:
    """a x + b y = c, d x + e y = f by Cramer's rule; None when not unique."""
    det = a * e - b * d
    if det == 0:
        return None
    return Fraction(c * e - b * f, det), Fraction(a * f - c * d, det)


def _stated(answer: str) -> dict[str, Fraction]:
    """The last value the answer's final line states for each unknown (the judge's own reading)."""
    last = answer.strip().splitlines()[-1] if answer.strip() else ""
    return {var: Fraction(value) for var, value in PAIR.findall(last)}


def _side(a: int, b: int) -> str:
    sign = "-" if b < 0 else "+"
    return f"{a}x {sign} {abs(b)}y"


LAYOUTS = {
    "label-after": lambda e1, e2: f"Solve for x and y:\n{e1} (1)\n{e2} (2)",
    "label-after-one-line": lambda e1, e2: f"Solve for x and y: {e1} (1), {e2} (2).",
    "label-before": lambda e1, e2: f"Solve for x and y:\n(1) {e1}\n(2) {e2}",
    "label-second-only": lambda e1, e2: f"Solve for x and y:\n{e1}\n(2) {e2}",
    "bullets": lambda e1, e2: f"Solve for x and y:\n- {e1}\n- {e2}",
    "plus-bullets": lambda e1, e2: f"Solve for x and y:\n+ {e1}\n+ {e2}",
    "indented-bullets": lambda e1, e2: f"Solve for x and y:\n  - {e1}\n  - {e2}",
}


@st.composite
def systems(draw: st.DrawFn, layout: str) -> tuple[str, tuple[Fraction, Fraction]]:
    coeffs = st.integers(1, 9)
    a, b, d, e = draw(coeffs), draw(st.integers(-9, 9).filter(bool)), draw(coeffs), draw(st.integers(-9, 9).filter(bool))
    x0, y0 = draw(st.integers(-9, 9)), draw(st.integers(-9, 9))
    solved = _solve(a, b, a * x0 + b * y0, d, e, d * x0 + e * y0)
    if solved is None:
        solved = (Fraction(x0), Fraction(y0))
        a, b, d, e = 1, 1, 1, -1  # x + y, x - y: unique
    c, f = a * solved[0] + b * solved[1], d * solved[0] + e * solved[1]
    prompt = LAYOUTS[layout](f"{_side(a, b)} = {c}", f"{_side(d, e)} = {f}")
    return prompt, solved


def _answers(solution: tuple[Fraction, Fraction]) -> list[str]:
    x, y = solution
    return [f"Answer: x = {x}, y = {y}", f"Answer: x = {x + 1}, y = {y - 2}"]


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_proven_answer_states_the_judges_values(layout: str, data: st.DataObject) -> None:
    prompt, solution = data.draw(systems(layout))
    for answer in _answers(solution):
        result = StepCache().generate(prompt, lambda _p, answer=answer: answer)
        if result.verification == "proven":
            assert _stated(result.text) == {"x": solution[0], "y": solution[1]}, (prompt, result.text)


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Solve for x: 3x + 5 = 20 (2)", Fraction(5)),
        ("Solve for x:\n- 3x + 5 = 20", Fraction(5)),
        ("Solve for x: 2x = 4x'.", None),  # x' is another unknown: no unique x
        ("Solve for x: 3x + 5 = 2x'.", None),
        ("Solve for x: 6 x = 12 y = 2", None),  # two statements run together
    ],
)
def test_one_equation_in_a_layout_read_two_ways(prompt: str, value: Fraction | None) -> None:
    for answer in ("Answer: x = 5", "Answer: x = 0", "Answer: x = -5", "Answer: x = 35/3"):
        result = StepCache().generate(prompt, lambda _p, answer=answer: answer)
        if result.verification == "proven":
            assert value is not None and _stated(result.text) == {"x": value}, (prompt, result.text)


def test_the_readable_control_is_still_proven() -> None:
    """Not vacuous: the same system without labels or bullets is proven."""
    result = StepCache().generate("Solve for x and y:\n3x + y = 20\nx - y = 4", lambda _p: "Answer: x = 6, y = 2")
    assert result.verification == "proven" and _stated(result.text) == {"x": 6, "y": 2}


# -- blind red team round 8: a quoted equation is part of the problem; a primed name is another unknown
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 9), st.integers(-9, 9), st.integers(-9, 9), st.sampled_from(("'", '"')))
def test_a_quoted_equation_is_never_dropped(a: int, x0: int, other: int, quote: str) -> None:
    """2x = 6 and a quoted x = 4 contradict each other (the judge: x0 != other): nothing is proven."""
    if other == x0:
        other += 1
    prompt = f"Solve for x: {a}x = {a * x0} {quote}x = {other}{quote}"
    for answer in (f"Answer: x = {x0}", f"Answer: x = {other}", "I am not sure."):
        result = StepCache().generate(prompt, lambda _p, answer=answer: answer)
        assert result.verification != "proven", (prompt, result.text)


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 9), st.integers(1, 9), st.integers(2, 9), st.sampled_from(("'", "''", '"')))
def test_a_primed_unknown_asked_for_is_not_the_unknown(a: int, b: int, x0: int, prime: str) -> None:
    """y' (the derivative of y = ax + b is a) is not y = a*x0 + b (the judge: they differ here)."""
    y0 = a * x0 + b
    prompt = f"If y = {a}x + {b} and x = {x0}, what is y{prime}?"
    for answer in (f"Answer: y = {y0}", f"Answer: {a}"):
        result = StepCache().generate(prompt, lambda _p, answer=answer: answer)
        assert not (result.verification in ("proven", "checked") and f"y = {y0}" in result.text), (prompt, result.text)
