"""W28 (red team 22, class D), wip/w28: a declared formula is computed exactly, whatever the ambient decimal context.

'where total = price * qty' was computed with ``decimal`` in the caller's context: 28 digits by default
(99999999999999999999 ** 2 lost its last digit) and the application's own precision if it set one
(prec=6: 123456.78 * 3 -> 370370.0), served verified. Now every exact computation of the JSON task is in
Fractions or in an explicit local context; these tests set the ambient context to prec=3 / ROUND_FLOOR
(and restore it) and use 40-digit operands.
"""

from __future__ import annotations

import decimal
import json
from collections.abc import Iterator
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache

from .harness import NeverRightModel, exact_json_pair, assert_served_proven

_FORMS = (
    "Return JSON with keys price, qty and total for price {a} and qty {b}, where total = price {op} qty",
    "Return a JSON object with keys price, qty and total. price {a}, qty {b}. Total = price {op} qty.",
)
_CASES = (
    ("123456.78", "3", "*"), ("1999.99", "12", "*"), ("1234567", "1", "+"), ("250000.5", "3", "-"),
    ("4999.99", "250", "*"), ("99999999999999999999", "99999999999999999999", "*"),
    ("1000000000000000000000000000000", "1", "+"), ("9007199254740993", "9007199254740993", "*"),
    ("1234567890123456789012345678901234567890", "2", "-"), ("1234567890123456789012345678901234567891", "1234567890123456789012345678901234567890", "+"),
    ("0.1", "10000000000000000000000000000", "+"), ("0.1", "3", "*"), ("123456789.123456789", "1", "+"),
)


@pytest.fixture(params=["prec3-floor", "prec6", "default"])
def ambient(request: pytest.FixtureRequest) -> Iterator[None]:
    saved = decimal.getcontext().copy()
    if request.param == "prec3-floor":
        decimal.getcontext().prec = 3
        decimal.getcontext().rounding = decimal.ROUND_FLOOR
    elif request.param == "prec6":
        decimal.getcontext().prec = 6
    try:
        yield
    finally:
        decimal.setcontext(saved)


def _exact(a: str, b: str, op: str) -> int | float | None:
    x, y = Fraction(a), Fraction(b)
    value = x * y if op == "*" else x + y if op == "+" else x - y
    if "." not in a and "." not in b:
        return int(value)
    return float(value) if Fraction(repr(float(value))) == value else None


def _obj(a: str, b: str, total: int | float) -> dict[str, object]:
    num = (lambda s: float(s) if "." in s else int(s))
    return {"price": num(a), "qty": num(b), "total": total}


@pytest.mark.parametrize("form", _FORMS)
@pytest.mark.parametrize("case", _CASES, ids=[f"{a[:12]}{op}{b[:12]}" for a, b, op in _CASES])
def test_formula_is_exact_in_any_context(ambient: None, form: str, case: tuple[str, str, str]) -> None:
    a, b, op = case
    total = _exact(a, b, op)
    prompt = form.format(a=a, b=b, op=op)
    result = StepCache().generate(prompt, NeverRightModel())
    if result.verified:
        assert total is not None
        assert json.loads(result.text) == _obj(a, b, total), (prompt, result.text)


@pytest.mark.parametrize("case", _CASES[:6], ids=[f"{a[:12]}{op}{b[:12]}" for a, b, op in _CASES[:6]])
def test_formula_pair_served_exact_in_a_low_precision_context(ambient: None, case: tuple[str, str, str]) -> None:
    a, b, op = case
    total = _exact(a, b, op)
    assert total is not None
    form = _FORMS[0]
    first = form.format(a="3", b="4", op=op)
    pair = exact_json_pair("w28/formula-context", first, _obj("3", "4", _exact("3", "4", op)),  # type: ignore[arg-type]
                           form.format(a=a, b=b, op=op), _obj(a, b, total))
    assert_served_proven(pair)


def test_a_total_computed_under_one_context_is_exact_under_another() -> None:
    """The plan/proof memo keeps what was computed; exact computation makes it context-free."""
    prompt = _FORMS[0].format(a="123456.78", b="3", op="*")
    saved = decimal.getcontext().copy()
    try:
        decimal.getcontext().prec = 3
        low = StepCache().generate(prompt, NeverRightModel())
    finally:
        decimal.setcontext(saved)
    high = StepCache().generate(prompt, NeverRightModel())
    for r in (low, high):
        assert not r.verified or json.loads(r.text)["total"] == 370370.34, r.text


def test_no_float_for_a_total_past_the_double_range() -> None:
    prompt = _FORMS[0].format(a="1e200".replace("1e200", "1" + "0" * 200 + ".5"), b="1" + "0" * 200 + ".5", op="*")
    result = StepCache().generate(prompt, NeverRightModel())
    assert not result.verified or "inf" not in result.text.lower(), result.text
