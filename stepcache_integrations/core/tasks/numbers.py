"""Exact values as people write them: the canonical forms answers state and the engine writes."""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["MAX_NUMBER_DIGITS", "format_number", "is_canonical_number"]

MAX_NUMBER_DIGITS = 40  # longer literals are rejected: no thousand-digit arithmetic


def format_number(value: Fraction, prefer_decimal: bool = False) -> str:
    """Render an exact value the way a person writes it: 5, -3, 2.5, 7/3."""
    if value.denominator == 1:
        return str(value.numerator)
    den = value.denominator
    while den % 2 == 0:
        den //= 2
    while den % 5 == 0:
        den //= 5
    if den == 1 and (prefer_decimal or value.denominator <= 1000) and abs(value) < 10**300:  # float() bound
        text = f"{float(value):.10f}".rstrip("0").rstrip(".")
        if Fraction(text) == value:
            return text
    return f"{value.numerator}/{value.denominator}"


_CANONICAL = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?|-?[1-9][0-9]*/[1-9][0-9]*")


def is_canonical_number(literal: str) -> bool:
    """Whether a final value is written as people write one: an integer, a finite decimal
    or a reduced fraction (not ``9/6.75``, ``10/2`` or ``4/1``)."""
    literal = literal.strip()
    if len(literal) > 2 * MAX_NUMBER_DIGITS + 2 or _CANONICAL.fullmatch(literal) is None:
        return False
    if "/" in literal:
        num, den = (int(part) for part in literal.lstrip("-").split("/"))
        return den > 1 and Fraction(num, den).denominator == den
    return True
