"""One equation in one unknown is solved by exact division, not sympy: the same values (and the
same bound) as sympy's linsolve, checked against sympy itself on arbitrary exact coefficients."""

from __future__ import annotations

from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.algebra import MAX_VALUE_DIGITS, LinearForm, parse_linear
from stepcache_integrations.core.tasks.algebra import determined_values, solve_system
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

_BOUND = 10**MAX_VALUE_DIGITS


def _sympy_values(form: LinearForm) -> dict[str, Fraction]:
    """The reference: sympy's linsolve of ``a*v + c = 0``, values past the bound dropped."""
    ((name, coeff),) = form.coeffs
    symbol = sympy.Symbol(name)
    (solution,) = tuple(
        sympy.linsolve(
            (sympy.Matrix([[sympy.Rational(str(coeff))]]), sympy.Matrix([-sympy.Rational(str(form.const))])), symbol
        )
    )
    value = solution[0]
    p, q = int(value.p), int(value.q)
    return {name: Fraction(p, q)} if abs(p) < _BOUND and q < _BOUND else {}


def _fractions(max_digits: int) -> st.SearchStrategy[Fraction]:
    whole = st.integers(min_value=-(10**max_digits) + 1, max_value=10**max_digits - 1)
    return st.builds(Fraction, whole, st.integers(min_value=1, max_value=10**max_digits - 1))


@settings(max_examples=300, deadline=None)
@given(
    coeff=_fractions(6).filter(lambda f: f != 0) | _fractions(299).filter(lambda f: f != 0),
    const=_fractions(6) | _fractions(299),
    name=st.sampled_from(["x", "y", "n", "x_1", "a"]),
)
def test_one_unknown_matches_sympy(coeff: Fraction, const: Fraction, name: str) -> None:
    form = LinearForm(((name, coeff),), const)
    assert determined_values((form,)) == _sympy_values(form)


def test_a_value_past_the_bound_is_not_determined() -> None:
    big = "*".join(["9999999999^6"] * 4 + ["9999999999^4"])  # 280 digits: each side is read
    form = parse_linear(f"x / ({big}) - ({big})")  # the quotient has 560 digits
    assert determined_values((form,)) == {}
    assert solve_system((form,)) is None
    assert understand_prompt(f"Solve x / ({big}) = ({big}).") is None
    half = "9999999999^6*9999999999^6*9999999999^2"  # 140 digits: the value has 280
    assert understand_prompt(f"Solve x / ({half}) = ({half}).") is not None


def test_plain_equations_are_solved_exactly() -> None:
    assert solve_system((parse_linear("3x + 5 - 20"),)) == {"x": Fraction(5)}
    assert solve_system((parse_linear("-4y - 7"),)) == {"y": Fraction(-7, 4)}
    assert solve_system((parse_linear("x / 3 - 1 / 7"),)) == {"x": Fraction(3, 7)}
    problem = understand_prompt("Solve for x: 2x + 3 = 4.")
    assert problem is not None and problem.solution == {"x": Fraction(1, 2)}
