"""What stands around a number or a name changes how it reads (blind red teams rounds 6-7).

The equation reader (``algebra``) reads an equation only when its layout reads one way:

* :func:`read_two_ways`: a token whose reading depends on layout - a product across a space
  ("20 (1)", "(2) x", "6 y": an equation label, two statements or a product), a sign followed by
  a space where an operand is due ("- 3x + y = 20": a bullet or a sign), a name followed by a
  prime or quote ("4x'": x prime, another unknown);
* :func:`changed_after` / :func:`changed_before`: what stands right beside a math run - a prime or
  a quote ("4x'", a foot mark "1'"), a repeating decimal ("0.33...", "0.33\u2026"), a factorial
  ("4!"), a percent, per-mille or degree sign after it, or a decimal point and a digit after a
  space ("5 .6"); a decimal point before it (".5x").
"""

from __future__ import annotations

import re

__all__ = ["changed_after", "changed_before", "read_two_ways"]

_ASCII_DIGITS = frozenset("0123456789")
_PRIMES = frozenset("'\u2032\u2033`\"")
_AFTER_RUN = re.compile(r"['\u2032\u2033`\"!%\u2030\u00b0\u2026]|\.\.|\.[0-9]")


def read_two_ways(tokens: list[tuple[str, str]], kind: str, value: str, match: re.Match[str], text: str) -> str | None:
    """Why the token ``match`` (of ``kind`` and ``value``, after ``tokens``) reads two ways, or None."""
    previous = tokens[-1] if tokens else None
    after_operand = previous is not None and (previous[0] in ("num", "ident") or previous == ("op", ")"))
    spaced = match.group()[:1].isspace()
    if spaced and after_operand and (kind in ("num", "ident") or value == "("):
        return "a product across a space (an equation label?), read two ways"
    if kind == "op" and value in "-+\u2212" and not after_operand and text[match.end() : match.end() + 1].isspace():
        return "a sign followed by a space (a bullet?), read two ways"
    if kind == "ident" and text[match.end() : match.end() + 1] in _PRIMES:
        return "a name followed by a prime: another unknown"
    return None


def changed_after(text: str, end: int, run: str) -> bool:
    """Whether what stands right after a run ending in a name, number or bracket, spaces aside,
    changes it ("x = 5 %", "x = (5) !", "x = 5 .6": a run keeps its trailing spaces)."""
    last = run.rstrip()[-1:]
    return (last.isalnum() or last == ")") and _AFTER_RUN.match(text, end) is not None


def changed_before(text: str, start: int, run: str) -> bool:
    """A decimal point before a run that starts with a digit (".5x" is not 5x)."""
    return start > 0 and text[start - 1] == "." and run[:1] in _ASCII_DIGITS
