"""Systems of linear equations are solved by exact elimination over Fractions, not sympy: the same
values as sympy's linsolve (what the reader used before), the same None for an inconsistent system
and the same partial answer for an underdetermined one, checked against sympy itself on arbitrary
systems and on every equation set of the prompt corpus."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.algebra import (
    MAX_EQUATIONS,
    MAX_VALUE_DIGITS,
    LinearForm,
    determined_values,
    find_equations,
    solve_system,
)

_BOUND = 10**MAX_VALUE_DIGITS
_CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "linear_reader_corpus.jsonl"


def _sympy_values(forms: tuple[LinearForm, ...]) -> dict[str, Fraction] | None:
    """The reference: sympy's linsolve over the rationals, as the reader called it before."""
    variables = sorted({v for form in forms for v in form.variables})
    if not variables or len(variables) > MAX_EQUATIONS or len(forms) > MAX_EQUATIONS:
        return {}
    symbols = [sympy.Symbol(v) for v in variables]
    matrix = sympy.Matrix([[sympy.Rational(str(form.as_dict().get(v, 0))) for v in variables] for form in forms])
    rhs = sympy.Matrix([-sympy.Rational(str(form.const)) for form in forms])
    solutions = sympy.linsolve((matrix, rhs), *symbols)
    if not solutions:
        return None
    (solution,) = tuple(solutions)
    return {
        v: Fraction(int(value.p), int(value.q))
        for v, value in zip(variables, solution)
        if not value.free_symbols and abs(int(value.p)) < _BOUND and int(value.q) < _BOUND
    }


def _the_same(forms: tuple[LinearForm, ...]) -> None:
    expected = _sympy_values(forms)
    found = determined_values(forms)
    assert found == expected, forms
    if found is not None:
        assert list(found) == sorted(found)  # in the unknowns' order, as before
        assert all(type(value) is Fraction for value in found.values())


def _small() -> st.SearchStrategy[Fraction]:
    return st.builds(Fraction, st.integers(-6, 6), st.integers(1, 3))


def _forms(names: list[str], values: st.SearchStrategy[Fraction]) -> st.SearchStrategy[LinearForm]:
    coeffs = st.fixed_dictionaries({name: values for name in names})
    return st.builds(LinearForm.of, coeffs, values)


@settings(max_examples=400, deadline=None)
@given(data=st.data(), unknowns=st.integers(1, 4), equations=st.integers(1, 5))
def test_small_systems_match_sympy(data: st.DataObject, unknowns: int, equations: int) -> None:
    # small coefficients: singular, inconsistent, underdetermined and repeated rows are common
    names = ["x", "y", "z", "w"][:unknowns]
    forms = tuple(data.draw(_forms(names, _small())) for _ in range(equations))
    _the_same(forms)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), unknowns=st.integers(2, 3))
def test_systems_with_long_values_match_sympy(data: st.DataObject, unknowns: int) -> None:
    # values near the bound: a solution past it is dropped, as sympy's was
    digits = st.integers(-(10**150), 10**150)
    values = st.builds(Fraction, digits, st.integers(1, 10**150))
    names = ["a", "b", "c"][:unknowns]
    forms = tuple(data.draw(_forms(names, values)) for _ in range(unknowns))
    _the_same(forms)


def test_what_is_pinned_down_of_an_underdetermined_system() -> None:
    x_pinned = (LinearForm.of({"x": Fraction(2)}, Fraction(-8)), LinearForm.of({"y": Fraction(1), "z": Fraction(1)}, Fraction(-3)))
    assert determined_values(x_pinned) == {"x": Fraction(4)}
    assert solve_system(x_pinned) is None
    inconsistent = (LinearForm.of({"x": Fraction(1), "y": Fraction(1)}, Fraction(-3)),
                    LinearForm.of({"x": Fraction(2), "y": Fraction(2)}, Fraction(-7)))
    assert determined_values(inconsistent) is None
    pair = (LinearForm.of({"x": Fraction(1), "y": Fraction(1)}, Fraction(-10)),
            LinearForm.of({"x": Fraction(1), "y": Fraction(-1)}, Fraction(-2)))
    assert solve_system(pair) == {"x": Fraction(6), "y": Fraction(4)}
    too_many = tuple(LinearForm.of({f"v{i}": Fraction(1)}, Fraction(-i)) for i in range(MAX_EQUATIONS + 1))
    assert determined_values(too_many) == {}


def test_every_equation_set_of_the_corpus_matches_sympy() -> None:
    prompts = [json.loads(line)["prompt"] for line in _CORPUS.read_text(encoding="utf-8").splitlines()]
    systems = {tuple(eq.form for eq in find_equations(prompt)) for prompt in prompts}
    systems.discard(())
    checked = 0
    for forms in systems:
        if len(forms) > 1 or len(forms[0].coeffs) > 1:  # one unknown alone: test_linear_solve_one_unknown.py
            _the_same(forms)
            checked += 1
    assert checked >= 200, checked  # the corpus holds systems, not only single equations
