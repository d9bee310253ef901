"""Declared transforms of stated values (issue 33): a closed set, applied with exact arithmetic.

A plain request may ask for a stated value written another way: "Write the name in uppercase",
"Round the price to the nearest ten", "Convert temp to Fahrenheit" (from a stated "21 (Celsius)").
Each transform is named by one word class of ``request.lark`` (``TO_*``); the reader applies it to
the statement, so the value the checker binds, the fallback writes and a re-instantiation
rewrites is the transformed one, and the transform's name is part of the constraints' keys.

Rounding goes to the nearest multiple (of 0.1 too: "rounded to one decimal", a decimal; a whole
result is declined, as JSON may write it "20" or "20.0"); a value exactly halfway is declined (no claim): "nearest"
does not say which way a tie goes, and Python's ``round`` sends it to the even neighbour. Only a verb
the table declares half-up ("half_up_verbs": zh 四舍五入, ja 四捨五入) says it: "round half up to 0.01"
sends 88.455 to 88.46, computed on the decimal as written (never a double); a negative tie is still
declined. A
conversion needs its source unit stated beside the number, and both units declared in one dimension
(``MEASURES``: the ratio of their exact factors) or a declared formula (``FORMULAS``: temperatures);
its result is a JSON integer when whole, else a decimal only when a double holds it exactly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["FORMULAS", "HALF_UP", "KILO", "MEASURES", "TARGETS", "TARGET_UNIT", "UNITS", "UNIT_TARGET", "UNITLESS_TARGETS", "apply_transform", "conversion",
           "rounding_first", "summed"]

# Grammar terminal -> transform name.
TARGETS: dict[str, str] = {
    "TO_UPPER": "uppercase",
    "TO_LOWER": "lowercase",
    "TO_INTEGER": "round to 1",
    "TO_TEN": "round to 10",
    "TO_HUNDRED": "round to 100",
    "TO_THOUSAND": "round to 1000",
    "TO_TENTH": "round to 0.1",
    "TO_METERS": "to m",
    "TO_KM": "to km",
    "TO_MONTHS": "to months",
    "TO_FAHRENHEIT": "to fahrenheit",
    "TO_CELSIUS": "to celsius",
    "TO_HOURS": "to hours",
    "TO_MINUTES": "to minutes",
    "TO_SECONDS": "to seconds",
    "TO_DECIMAL": "to decimal",
    "TO_HUNDREDTH": "round to 0.01",
    "TO_GRAMS": "to g",
    "TO_CM": "to cm",
    "TO_KG": "to kg",  # wip/jsonT
    "TO_MM": "to mm",  # wip/jsonU
    "TO_ML": "to ml",
    "TO_LITRES": "to l",
    "TO_DAYS": "to days",
    "TO_WEEKS": "to weeks",
}
# Grammar terminal of a unit stated after a number -> unit.
UNITS: dict[str, str] = {
    "U_KM": "km",
    "U_METERS": "m",
    "U_YEARS": "years",
    "U_MONTHS": "months",
    "U_CELSIUS": "celsius",
    "U_FAHRENHEIT": "fahrenheit",
    "U_HOURS": "hours",
    "U_MINUTES": "minutes",
    "U_SECONDS": "seconds",
    "U_PERCENT": "percent",
    "U_KG": "kg",
    "U_KILO": "kilo",  # ja キロ: kilograms or kilometres; each declared pair below is x1000 either way
    "U_CM": "cm",  # wip/jsonT
    "U_GRAMS": "g",
    "U_MM": "mm",  # wip/jsonU
    "U_MILES": "miles",
    "U_ML": "ml",
    "U_LITRES": "l",
    "U_DAYS": "days",
    "U_WEEKS": "weeks",
}
# Each unit a conversion reads -> (dimension, its exact factor to the dimension's base unit): a
# conversion between two units of one dimension is the ratio of their factors, exactly (wip/jsonU:
# every declared unit to every other of its dimension; an undeclared unit is no claim).
MEASURES: dict[str, tuple[str, Fraction]] = {
    "mm": ("length", Fraction(1, 1000)),
    "cm": ("length", Fraction(1, 100)),
    "m": ("length", Fraction(1)),
    "km": ("length", Fraction(1000)),
    "miles": ("length", Fraction(1609344, 1000)),  # the international mile: 1609.344 m exactly
    "g": ("mass", Fraction(1)),
    "kg": ("mass", Fraction(1000)),
    "ml": ("volume", Fraction(1, 1000)),
    "l": ("volume", Fraction(1)),
    "seconds": ("time", Fraction(1)),
    "minutes": ("time", Fraction(60)),
    "hours": ("time", Fraction(3600)),
    "days": ("time", Fraction(86400)),
    "weeks": ("time", Fraction(604800)),
    "months": ("calendar", Fraction(1)),  # a month has no fixed number of days: months and years only
    "years": ("calendar", Fraction(12)),
}
# ja キロ: kilograms or kilometres; the target's dimension says which
KILO = {"mass": "kg", "length": "km"}
# (source unit, transform) -> (factor, offset) of the conversions that are no ratio of factors
FORMULAS: dict[tuple[str, str], tuple[Fraction, Fraction]] = {
    ("celsius", "to fahrenheit"): (Fraction(9, 5), Fraction(32)),
    ("fahrenheit", "to celsius"): (Fraction(5, 9), Fraction(-160, 9)),
    ("percent", "to decimal"): (Fraction(1, 100), Fraction(0)),  # "45% as a decimal" is 0.45
}
# The unit a conversion's result is in (a compound quantity is summed in it: ``summed``)
# (no temperature: "temp 21 (Fahrenheit). Convert temp to Fahrenheit" stays declined, tests/unit/test_json_request_language.py)
TARGET_UNIT = {"to m": "m", "to km": "km", "to cm": "cm", "to mm": "mm", "to g": "g", "to kg": "kg", "to months": "months",
               "to hours": "hours", "to minutes": "minutes", "to seconds": "seconds", "to days": "days",
               "to weeks": "weeks", "to ml": "ml", "to l": "l"}


def conversion(unit: str | None, name: str) -> tuple[Fraction, Fraction] | None:
    """(factor, offset) of the conversion ``name`` ("to m") of a value stated in ``unit``: target =
    value * factor + offset, exactly; None when it is not declared (another dimension, an
    undeclared unit or target, no unit)."""
    if unit is None:
        return None
    formula = FORMULAS.get((unit, name))
    if formula is not None:
        return formula
    target = MEASURES.get(TARGET_UNIT.get(name, ""))
    if target is None:
        return None
    source = MEASURES.get(KILO.get(target[0], "")) if unit == "kilo" else MEASURES.get(unit)
    if source is None or source[0] != target[0]:
        return None
    return source[1] / target[1], Fraction(0)


# The transform a unit word names as a target (zh "换算成米": the unit's own word after the verb)
UNIT_TARGET = {unit: name for name, unit in TARGET_UNIT.items()} | {"celsius": "to celsius", "fahrenheit": "to fahrenheit"}
# A target whose result has no unit word, and the word class of its source's unit: "Express 45% as a
# decimal and return JSON {"ratio": ...}" (any key naming no unit holds it; reader.py: _holds_unitless)
UNITLESS_TARGETS = {"to decimal": "U_PERCENT"}
# A rounding whose verb says a tie goes up ("四舍五入": four down, five up): "round half up to 0.01"
HALF_UP = "round half up to "
_ROUNDING = {"round to 1": 1, "round to 10": 10, "round to 100": 100, "round to 1000": 1000}


def apply_transform(name: str, value: Any, unit: str | None) -> Any | None:
    """``value`` (stated with ``unit``, or None) under the transform ``name``; None when it does
    not apply exactly (another type, a tie, an undeclared or missing unit, an inexact result)."""
    if name in ("uppercase", "lowercase"):
        if not isinstance(value, str) or unit is not None:
            return None
        changed = value.upper() if name == "uppercase" else value.lower()
        return changed if len(changed) == len(value) else None  # "ß" -> "SS" is another string
    number = _exact(value)
    if number is None:
        return None
    if name.startswith("round to "):
        return None if unit is not None else _round(name, number)
    if name.startswith(HALF_UP):  # a verb that says a tie goes up (zh 四舍五入), wip/jsonT
        return None if unit is not None else _round("round to " + name[len(HALF_UP) :], number, half_up=True)
    if unit is not None and TARGET_UNIT.get(name) == unit:
        return _number(number)  # a sum already in the target's unit ("2 ore e 30 minuti in minuti": 150 minutes)
    declared = conversion(unit, name)
    if declared is None:
        return None
    factor, offset = declared
    return _number(number * factor + offset)


def _round(name: str, number: Fraction, half_up: bool = False) -> int | float | None:
    """``number`` rounded as ``name`` says ("round to 10", "round to 0.1"); None at a tie (unless
    ``half_up``), for a decimal rounding whose result is written with fewer decimals, or for a step
    not declared."""
    if name == "round to 0.1":
        tenth = _rounded(number * 10, 1, half_up)
        return None if tenth is None or tenth % 10 == 0 else _number(Fraction(tenth, 10))  # "20.0" or "20": declined
    if name == "round to 0.01":  # "rounded to 2 decimals": two decimals written, else declined ("19.9" or "19.90")
        hundredth = _rounded(number * 100, 1, half_up)
        return None if hundredth is None or hundredth % 10 == 0 else _number(Fraction(hundredth, 100))
    return _rounded(number, _ROUNDING[name], half_up) if name in _ROUNDING else None


def _exact(value: Any) -> Fraction | None:
    """A stated number as an exact fraction (a decimal as written: the reader keeps only decimals
    a double holds as written)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return Fraction(value) if isinstance(value, int) else Fraction(repr(value))


def _rounded(number: Fraction, step: int, half_up: bool = False) -> int | None:
    """The nearest multiple of ``step``; at a tie the one above when ``half_up`` and the number is
    not negative (which way "half up" sends -2.5 is not said), else None."""
    quotient = number / step
    low = quotient.numerator // quotient.denominator
    rest = quotient - low
    if rest == Fraction(1, 2):
        return (low + 1) * step if half_up and number >= 0 else None
    return (low + (1 if rest > Fraction(1, 2) else 0)) * step


def _number(result: Fraction) -> int | float | None:
    """An integer when whole; a float only when its shortest decimal is the result exactly."""
    if result.denominator == 1:
        return int(result)
    as_float = float(result)
    return as_float if Fraction(repr(as_float)) == result else None


def rounding_first(label: str | None, key: str, same_concept: Any) -> bool:
    """Whether a number said first with no unit ("Round 3.14159 to two decimals and return JSON
    {"value": ...}") is the one listed ``key``'s value: a label written before the number
    ("把价格 88.456 ...") is the key or a word of the key's concept (``same_concept(label)``). A
    conversion target there has no source unit: ``apply_transform`` declines it; wip/jsonT."""
    return label is None or label.casefold() == key.casefold() or bool(same_concept(label))


def summed(parts: list[tuple[Any, str]], name: str) -> int | float | None:
    """A compound quantity ("2 ore e 30 minuti") under the conversion ``name`` ("to minutes"): each
    part converted exactly by a declared pair (or already in the target's unit) and summed, the units
    told apart and the larger first ("30 minutes 2 hours" is no way to write it); None otherwise
    (wip/jsonT)."""
    target_unit = TARGET_UNIT.get(name)
    if target_unit is None or len({unit for _value, unit in parts}) != len(parts):
        return None
    total, factors = Fraction(0), []
    for value, unit in parts:
        number = _exact(value)
        factor, offset = (Fraction(1), Fraction(0)) if unit == target_unit else conversion(unit, name) or (None, None)
        if number is None or number < 0 or factor is None or offset != 0:
            return None
        total += number * factor
        factors.append(factor)
    if factors != sorted(factors, reverse=True):
        return None
    return _number(total)
