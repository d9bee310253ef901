"""The benchmark checker's reading of operations written in words: "Add three to both sides",
"Divide each side by seven", "Halve both sides", with operands in digits or in words.

Its own reader, independent of the engine (it imports nothing from ``stepcache_integrations``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from .oracle import parse_number

__all__ = ["prose_ops", "word_number"]

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_WORD_NUMBER = (
    r"(?:(?:" + "|".join(_TENS) + r")(?:[\s-]+(?:" + "|".join(k for k in _UNITS if _UNITS[k] < 10) + r"))?"
    r"|(?:" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")(?:\s+hundred(?:\s+(?:and\s+)?\w+(?:[\s-]\w+)?)?)?"
    r"|half|a\s+half|one\s+half)"
)
_OPERAND_NUMBER = re.compile(rf"-?\d+(?:\.\d+)?(?:\s*/\s*\d+)?|\b{_WORD_NUMBER}\b", re.IGNORECASE)
# An operation on both sides of an equation, its operand written in digits or in words
# ("Add three to both sides", "Divide each side by seven", "Halve both sides").
_PROSE_OP = re.compile(
    r"\b(?P<addsub>add|adding|subtract|subtracting|take\s+away|taking\s+away)\s+(?P<term>[^.;:\n=]{1,60}?)\s+"
    r"(?:to|from)\s+(?:both|each)\s+sides?"
    r"|\b(?P<muldiv>divide|dividing|multiply|multiplying)\s+(?:both|each)\s+sides?(?:\s+of\s+the\s+equation)?\s+by\s+"
    r"(?P<factor>[^.;:\n=,]{1,60})"
    r"|\b(?P<scale>halve|halving|double|doubling|triple|tripling)\s+(?:both|each)\s+sides?",
    re.IGNORECASE,
)


def word_number(text: str) -> Fraction | None:
    """``"three"`` -> 3, ``"twenty-one"`` -> 21, ``"two hundred and five"`` -> 205, ``"half"`` -> 1/2."""
    words = [w for w in re.split(r"[\s-]+", text.lower().strip()) if w and w != "and"]
    if words in (["half"], ["a", "half"], ["one", "half"]):
        return Fraction(1, 2)
    total, current = 0, 0
    for word in words:
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred" and current:
            current *= 100
        else:
            return None
    return Fraction(total + current) if words else None


def _operand(phrase: str) -> Fraction | None:
    """The one number of an operation's operand phrase ("three", "the 3", "7"); None if several."""
    numbers = _OPERAND_NUMBER.findall(phrase)
    if len(numbers) != 1:
        return None
    raw = numbers[0]
    return parse_number(raw) if raw.strip().lstrip("-")[:1].isdigit() else word_number(raw)


def prose_ops(text: str) -> list[tuple[int, str, Fraction | None]]:
    """Every operation on both sides: (position, add | subtract | divide | multiply, operand or None)."""
    ops: list[tuple[int, str, Fraction | None]] = []
    for m in _PROSE_OP.finditer(text):
        if m.group("scale"):
            word = m.group("scale").lower()
            ops.append((m.start(), "divide" if word.startswith("halv") else "multiply",
                        Fraction(2) if word.startswith(("halv", "doubl")) else Fraction(3)))
        elif m.group("addsub"):
            verb = "add" if m.group("addsub").lower().startswith("add") else "subtract"
            if _OPERAND_NUMBER.search(m.group("term")):  # "Subtract the constant ..." states no number
                ops.append((m.start(), verb, _operand(m.group("term"))))
        else:
            verb = "divide" if m.group("muldiv").lower().startswith("divid") else "multiply"
            factor = re.split(r"\s+(?:to|so|and|which|giving|gives|we|then|leaves|yields)\b", m.group("factor"),
                              maxsplit=1, flags=re.IGNORECASE)[0]
            if _OPERAND_NUMBER.search(factor):
                ops.append((m.start(), verb, _operand(factor)))
    return ops
