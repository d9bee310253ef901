"""Asked expressions: "Give x squared", "find 2x", "what is x/2", "the product of x and y".

A prompt may ask, instead of its unknowns, one expression over them (a polynomial or rational
expression with integer powers up to 9). It is read by a small parser of its own (no ``eval``),
kept as canonical sympy text (the key), evaluated exactly at the proven solution, and read back
from an answer line ("x^2 = 25", "2x = 8") by the same parser. sympy is imported on first use.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

__all__ = ["EXPRESSION", "LONE_NAME", "canonical_target", "target_value", "same_target", "written_target", "renamed_target"]

_NAME = r"[A-Za-z](?:_?[0-9]+)?(?![A-Za-z0-9_])"
_NUMBER = r"[0-9]+(?:\.[0-9]+)?"
#: An unknown's name standing alone ("x", "x_1", "a2"; not the first letter of a word).
LONE_NAME = re.compile(_NAME)
_POWER = r"(?:\s*(?:\^|\*\*)\s*[1-9](?![0-9])|[\u00b2\u00b3])"
# a coefficient written against a name or a bracket ("2x", "3(x + 1)"), a name, a bracket, a number
_ATOM = rf"(?:(?:{_NUMBER})?(?:{_NAME}|\([^()=\n]{{1,40}}\)){_POWER}?|{_NUMBER}(?![0-9]|\.[0-9]))"
#: An expression over unknowns as a prompt writes it ("x^2", "2x", "x + 1", "x*y", "20 - x", "x/2").
EXPRESSION = re.compile(rf"-?{_ATOM}(?:\s*(?:[-+/]|\*(?!\*))\s*{_ATOM})*")
_TOKEN = re.compile(rf"(?P<space>\s*)(?:(?P<num>{_NUMBER})|(?P<name>{_NAME})|(?P<op>\*\*|[-+*/^()\u00b2\u00b3]))")
_MAX_POWER = 9
_MAX_CHARS = 80


class _Unread(Exception):
    """The text is not an expression this parser reads."""


class _Parser:
    """expr := term (('+'|'-') term)*; term := factor (('*'|'/'|implicit) factor)*;
    factor := '-' factor | power; power := atom ('^' digit | '²' | '³')?; atom := number | name | '(' expr ')'."""

    def __init__(self, text: str, variables: frozenset[str]) -> None:
        self.tokens: list[tuple[str, str]] = []
        self.glued: list[bool] = []  # no space before the token: "2x" is a product, "2 x" is not read
        pos = 0
        text = text.strip()
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                raise _Unread
            kind = next(k for k in ("num", "name", "op") if match.group(k) is not None)
            self.tokens.append((kind, match.group(kind)))
            self.glued.append(not match.group("space"))
            pos = match.end()
        self.pos = 0
        self.variables = variables

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else ("end", "")

    def take(self) -> tuple[str, str]:
        token = self.peek()
        self.pos += 1
        return token

    def whole(self) -> Any:
        expr = self.expr()
        if self.peek()[0] != "end":
            raise _Unread
        return expr

    def expr(self) -> Any:
        value = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            right = self.term()
            value = value + right if op == "+" else value - right
        return value

    def term(self) -> Any:
        value = self.factor()
        divided = False  # after a '/', a product or quotient without brackets reads two ways
        while True:
            kind, text = self.peek()
            implicit = (kind == "name" or (kind, text) == ("op", "(")) and self._after_number()
            if divided and ((kind, text) in (("op", "*"), ("op", "/")) or implicit):
                raise _Unread  # "x/2x", "12/2x", "8/2(x)", "x/y*2": (x/2)x or x/(2x)? as the equation reader
            if (kind, text) in (("op", "*"), ("op", "/")):
                self.take()
                right = self.factor()
                if text == "/":
                    if right == 0:
                        raise _Unread
                    value, divided = value / right, True
                else:
                    value = value * right
            elif implicit:
                value = value * self.factor()  # "2x", "2(x + 1)": a coefficient against a name or bracket
            else:
                return value

    def _after_number(self) -> bool:
        return self.pos > 0 and self.tokens[self.pos - 1][0] == "num" and self.glued[self.pos]

    def factor(self) -> Any:
        if self.peek() == ("op", "-"):
            self.take()
            return -self.factor()
        base = self.atom()
        kind, text = self.peek()
        if text in ("^", "**"):
            self.take()
            exponent = self.take()
            if exponent[0] != "num" or not exponent[1].isdigit() or not 1 <= int(exponent[1]) <= _MAX_POWER:
                raise _Unread
            if self.peek() == ("op", "/") or (self.peek()[0] == "name" and self.glued[self.pos]):
                raise _Unread  # "x^1/2": a root or x/2? "2^2x": read two ways, as the equation reader
            return base ** int(exponent[1])
        if text in ("\u00b2", "\u00b3"):
            self.take()
            return base ** (2 if text == "\u00b2" else 3)
        return base

    def atom(self) -> Any:
        import sympy

        kind, text = self.take()
        if kind == "num":
            return sympy.Rational(text)
        if kind == "name":
            if text not in self.variables:
                raise _Unread
            return sympy.Symbol(text)
        if (kind, text) == ("op", "("):
            inner = self.expr()
            if self.take() != ("op", ")"):
                raise _Unread
            return inner
        raise _Unread


@lru_cache(maxsize=1024)
def _parsed(text: str, variables: frozenset[str]) -> Any | None:
    if len(text) > _MAX_CHARS:
        return None
    try:
        return _Parser(text, variables).whole()
    except (_Unread, ZeroDivisionError):
        return None


def canonical_target(text: str, variables: frozenset[str]) -> str | None:
    """The asked expression as canonical sympy text (its key), or None when ``text`` is not one:
    an expression over ``variables`` only, naming at least one, that is not a bare unknown (that is
    a plain asked unknown) and not a constant."""
    expr = _parsed(text, variables)
    if expr is None or not expr.free_symbols or expr.is_Symbol:
        return None
    return _canonical(expr)


def _canonical(expr: Any) -> str:
    import sympy

    return str(sympy.expand(sympy.together(expr)))


@lru_cache(maxsize=1024)
def _target_expr(target: str, variables: frozenset[str]) -> Any | None:
    """A canonical target read back (it was written by :func:`canonical_target` from these names)."""
    import sympy

    symbols = {name: sympy.Symbol(name) for name in variables}
    try:
        expr = sympy.sympify(target, locals=symbols, rational=True, evaluate=True)
    except (sympy.SympifyError, SyntaxError, TypeError):
        return None
    return expr if expr.free_symbols <= set(symbols.values()) else None


def target_value(target: str, solution: dict[str, Fraction]) -> Fraction | None:
    """The target evaluated exactly at ``solution``; None when it is undefined there (1/x at x = 0)."""
    import sympy

    expr = _target_expr(target, frozenset(solution))
    if expr is None:
        return None
    value = expr.subs({sympy.Symbol(v): sympy.Rational(n.numerator, n.denominator) for v, n in solution.items()})
    if not value.is_Rational:
        return None  # zoo, nan: undefined at the solution
    return Fraction(int(value.p), int(value.q))


def same_target(text: str, target: str, variables: frozenset[str]) -> bool:
    """Whether ``text`` (an answer line's left side, "x^2", "2x", "x*y") is the asked expression."""
    expr = _parsed(text.strip(), variables)
    return expr is not None and expr.free_symbols and _canonical(expr) == target


def written_target(target: str) -> str:
    """The target as an answer line writes it ("x**2" -> "x^2", "2*x" -> "2*x")."""
    return target.replace("**", "^")


def renamed_target(target: str, rename: dict[str, str]) -> str:
    """The target with its unknowns renamed (a cached problem in x asked for x^2, a new one in t)."""
    import sympy

    expr = _target_expr(target, frozenset(rename))
    if expr is None:
        return ""
    return _canonical(expr.xreplace({sympy.Symbol(a): sympy.Symbol(b) for a, b in rename.items()}))
