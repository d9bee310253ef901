"""Solving a system of linear forms exactly: one unknown by division, more with sympy's linsolve
on rationals (never ``sympify``: prompts are untrusted), values bounded like the parser's."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .algebra import MAX_EQUATIONS, LinearForm, is_small

__all__ = ["determined_values", "solve_system"]


def solve_system(forms: tuple[LinearForm, ...]) -> dict[str, Fraction] | None:
    """Unique solution of the system sum(c*v) + k = 0, or None (none or infinitely many)."""
    values = determined_values(forms)
    variables = {v for form in forms for v in form.variables}
    if not values or set(values) != variables:
        return None
    return values


def determined_values(forms: tuple[LinearForm, ...]) -> dict[str, Fraction] | None:
    """The unknowns a system pins down (all of them or some); None when it is inconsistent."""
    if len(forms) == 1 and len(forms[0].coeffs) == 1 and forms[0].coeffs[0][1] != 0:
        return _one_unknown(forms[0])
    return _determined_cached(forms)


@lru_cache(maxsize=4096)
def _determined_cached(forms: tuple[LinearForm, ...]) -> dict[str, Fraction] | None:
    import sympy

    variables = sorted({v for form in forms for v in form.variables})
    if not variables or len(variables) > MAX_EQUATIONS or len(forms) > MAX_EQUATIONS:
        return {}
    symbols = [sympy.Symbol(v) for v in variables]
    matrix = sympy.Matrix(
        [[sympy.Rational(str(form.as_dict().get(v, 0))) for v in variables] for form in forms]
    )
    rhs = sympy.Matrix([-sympy.Rational(str(form.const)) for form in forms])
    solutions = sympy.linsolve((matrix, rhs), *symbols)
    if not solutions:
        return None
    (solution,) = tuple(solutions)
    return {
        v: Fraction(int(value.p), int(value.q))
        for v, value in zip(variables, solution)
        if not value.free_symbols and is_small(int(value.p)) and is_small(int(value.q))
    }


def _one_unknown(form: LinearForm) -> dict[str, Fraction]:
    """``a*v + c = 0`` with ``a != 0``: ``v = -c/a``, exactly what sympy's linsolve returns for it,
    without its cost (about 0.7 ms, the largest part of reading a new prompt); bounded alike."""
    ((name, coeff),) = form.coeffs
    value = -form.const / coeff
    return {name: value} if is_small(value.numerator) and is_small(value.denominator) else {}

