"""Bounded parsing of linear equations into exact rational forms, their values as people write them,
and solving a system exactly.

Prompts are untrusted: ``sympify`` evaluates arbitrary Python and can run for ever on
hostile input, so equations are parsed with a small restricted grammar (numbers,
identifiers, + - * / ^ and parentheses, implicit multiplication) into
``LinearForm`` (coefficients as ``Fraction``). Only solving uses sympy, on rationals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from .base import short_text_cache

__all__ = [
    "determined_values",
    "solve_system",
    "LinearForm",
    "Equation",
    "NotLinear",
    "parse_linear",
    "find_equations",
    "format_number",
    "equation_shape",
    "family_shape",
    "sides_swapped",
    "unit_coefficients_written",
    "math_runs",
    "is_canonical_number",
    "is_small",
    "literal_fraction",
    "MAX_NUMBER_DIGITS",
    "MAX_VALUE_DIGITS",
    "MAX_EQUATIONS",
    "outside_alphabet",
    "changed_after",
    "changed_before",
    "read_two_ways",
    "equation_claim_errors",
    "equation_claims_checked",
    "normalise_claims",
    "standing_equations",
    "stated_values",
    "verbal_equalities",
]

# -- exact values as people write them: the canonical forms answers state and the engine writes

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


# No value computed from them may have more digits either (40-digit literals multiplied and
# raised to powers): str() of an integer past 4,300 digits raises ValueError, float() past 308
# digits raises OverflowError. Such an expression is not linear for this parser, so a prompt
# holding it is not claimed, and a system whose solution is larger pins nothing down.
MAX_VALUE_DIGITS = 300
_MAX_VALUE = 10**MAX_VALUE_DIGITS
MAX_EXPR_TOKENS = 120
MAX_EQUATIONS = 8

# A closed ASCII alphabet: ASCII digits only (\d reads every script's: "1\u0660" would be 10), no '\u00b7',
# '\u00d7', '\u00f7' ("1\u00b75" is 1.5 in British print, "2\u00f74x" is read two ways); the minus sign '\u2212' is '-'.
_TOKEN = re.compile(
    r"\s*(?:(?P<num>[0-9]+(?:\.[0-9]+)?)|(?P<ident>[A-Za-z_][A-Za-z0-9_]*)|(?P<op>[-+*/^()=\u2212]))"
)
_OP_ALIASES = {"\u2212": "-"}
_ASCII_DIGITS = frozenset("0123456789")
_DECLINED_SYMBOLS = frozenset("\u00b7\u00d7\u00f7")


def outside_alphabet(text: str) -> str | None:
    """The first digit or numeral of another script ('\u0660', '\uff11', '\u00b2', '\u00be') or '\u00b7', '\u00d7', '\u00f7'
    in ``text``, or None. A text holding one is not read (never reinterpreted)."""
    if text.isascii():
        return None
    return next((ch for ch in text if not ch.isascii() and (ch.isnumeric() or ch in _DECLINED_SYMBOLS)), None)


_ZERO, _ONE, _MINUS_ONE = Fraction(0), Fraction(1), Fraction(-1)


@lru_cache(maxsize=8192)  # Fractions are immutable; parsing a str is the slow way to build one
def literal_fraction(text: str) -> Fraction:
    """``Fraction(text)`` of a number as written (ASCII digits, an optional sign and point)."""
    return Fraction(text)


class NotLinear(ValueError):
    """The text is not a (bounded) linear expression."""


def is_small(value: Fraction | int) -> bool:
    """Whether a value has at most ``MAX_VALUE_DIGITS`` digits above and below the fraction bar."""
    return -_MAX_VALUE < value.numerator < _MAX_VALUE and value.denominator < _MAX_VALUE


def _bounded(form: LinearForm) -> LinearForm:
    """The form, or NotLinear when one of its values is too large to compute with safely."""
    if not is_small(form.const) or not all(is_small(v) for _, v in form.coeffs):
        raise NotLinear("a value too large to check")
    return form


class _HashedOnce:
    """A frozen value whose hash (a Fraction's is a modular inverse, and forms are memo keys) is
    computed once and kept in the instance, never pickled (a str hash differs per process)."""

    def _hash_of(self, fields: tuple[object, ...]) -> int:
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash(fields)
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}


@dataclass(frozen=True)
class LinearForm(_HashedOnce):
    """sum(coeffs[v] * v) + const, with exact rationals."""

    coeffs: tuple[tuple[str, Fraction], ...] = ()
    const: Fraction = Fraction(0)

    def __hash__(self) -> int:
        return self._hash_of((self.coeffs, self.const))

    @staticmethod
    def of(coeffs: dict[str, Fraction], const: Fraction) -> LinearForm:
        return LinearForm(tuple(sorted((k, v) for k, v in coeffs.items() if v != 0)), const)

    def as_dict(self) -> dict[str, Fraction]:
        return dict(self.coeffs)

    @property
    def variables(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.coeffs)

    def __add__(self, other: LinearForm) -> LinearForm:
        acc = self.as_dict()
        for k, v in other.coeffs:
            acc[k] = acc.get(k, _ZERO) + v
        return LinearForm.of(acc, self.const + other.const)

    def scale(self, factor: Fraction) -> LinearForm:
        return LinearForm.of({k: v * factor for k, v in self.coeffs}, self.const * factor)

    def evaluate(self, values: dict[str, Fraction]) -> Fraction:
        return self.const + sum((v * values[k] for k, v in self.coeffs), _ZERO)

    def to_json(self) -> dict[str, object]:
        return {"coeffs": {k: str(v) for k, v in self.coeffs}, "const": str(self.const)}

    @staticmethod
    def from_json(data: dict[str, object]) -> LinearForm:
        coeffs = {str(k): Fraction(str(v)) for k, v in dict(data["coeffs"]).items()}  # type: ignore[call-overload]
        return LinearForm.of(coeffs, Fraction(str(data["const"])))


@dataclass(frozen=True)
class Equation(_HashedOnce):
    """lhs = rhs, kept as the linear form lhs - rhs, plus where it stood in the text."""

    form: LinearForm
    text: str
    numbers: tuple[Fraction, ...] = field(default=())
    identifiers: tuple[str, ...] = field(default=())
    left: LinearForm = field(default=LinearForm())
    right: LinearForm = field(default=LinearForm())
    start: int = 0  # where the run holding it starts and ends in the searched text
    end: int = 0

    def __hash__(self) -> int:
        return self._hash_of(
            (self.form, self.text, self.numbers, self.identifiers, self.left, self.right, self.start, self.end)
        )


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], variables: frozenset[str] | None) -> None:
        self.tokens = tokens
        self.pos = 0
        self.variables = variables

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def expr(self, depth: int = 0) -> LinearForm:
        if depth > 20:
            raise NotLinear("too deeply nested")
        value = self.term(depth)
        while (tok := self.peek()) is not None and tok == ("op", "+") or tok == ("op", "-"):
            self.take()
            rhs = self.term(depth)
            value = _bounded(value + (rhs if tok[1] == "+" else rhs.scale(_MINUS_ONE)))
        return value

    def term(self, depth: int) -> LinearForm:
        value = self.factor(depth)
        divided = False  # after a '/', a product or quotient without brackets is read two ways
        while (tok := self.peek()) is not None:
            if divided and (tok[0] != "op" or tok[1] in "*/("):  # '*', '/', a number, unknown or '('
                raise NotLinear("read two ways: a / b * c, a / b / c, a / bx, a / b(c)")
            if tok in (("op", "*"), ("op", "/")):
                self.take()
                divided = tok[1] == "/"
                rhs = self.factor(depth)
                value = _bounded(_mul(value, rhs) if tok[1] == "*" else _div(value, rhs))
            elif tok[0] == "num":
                raise NotLinear("two numbers side by side")  # "6 1/2" is a mixed number, not 6 * 1/2
            elif tok == ("op", "(") and self.tokens[self.pos - 1][0] == "ident":
                raise NotLinear("f(2), x(4 - 2): a function's value or a product, read two ways")
            elif tok[0] == "ident" or tok == ("op", "("):
                value = _bounded(_mul(value, self.factor(depth)))  # implicit multiplication: 3x, 2(x+1)
            else:
                break
        return value

    def factor(self, depth: int) -> LinearForm:
        tok = self.peek()
        if tok in (("op", "-"), ("op", "+")):
            self.take()
            inner = self.factor(depth)
            return inner if tok[1] == "+" else inner.scale(_MINUS_ONE)
        base = self.atom(depth)
        if self.peek() == ("op", "^"):
            self.take()
            exp_tok = self.take() if self.peek() and self.peek()[0] == "num" else None  # type: ignore[index]
            if exp_tok is None:
                raise NotLinear("exponent must be a number")
            exponent = Fraction(exp_tok[1])
            if self.peek() is not None and (self.peek()[0] in ("num", "ident") or self.peek() in (("op", "("), ("op", "/"))):  # type: ignore[index]
                raise NotLinear("2^3x, 8^1/3: the power of 2 by 3x or 2^3 times x, a cube root or 8/3, read two ways")
            if exponent == 1:
                return base
            if base.coeffs or exponent.denominator != 1 or not 0 <= exponent <= 6 or base.const == exponent == 0:
                raise NotLinear("non-linear power (or 0^0)")
            return _bounded(LinearForm(const=base.const ** int(exponent)))
        return base

    def atom(self, depth: int) -> LinearForm:
        if self.peek() is None:
            raise NotLinear("unexpected end")
        kind, value = self.take()
        if kind == "num":
            if len(value) > MAX_NUMBER_DIGITS:
                raise NotLinear("number too long")
            return LinearForm(const=literal_fraction(value))
        if kind == "ident":
            if self.variables is not None and value not in self.variables:
                raise NotLinear(f"unknown identifier {value}")
            return LinearForm.of({value: _ONE}, _ZERO)
        if value == "(":
            inner = self.expr(depth + 1)
            if self.peek() != ("op", ")"):
                raise NotLinear("unbalanced parenthesis")
            self.take()
            return inner
        raise NotLinear(f"unexpected {value!r}")


def _mul(a: LinearForm, b: LinearForm) -> LinearForm:
    if a.coeffs and b.coeffs:
        raise NotLinear("product of variables")
    if a.coeffs:
        return a.scale(b.const)
    return b.scale(a.const)


def _div(a: LinearForm, b: LinearForm) -> LinearForm:
    if b.coeffs or b.const == 0:
        raise NotLinear("division by a variable or by zero")
    return a.scale(1 / b.const)


def _tokenize(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise NotLinear(f"unexpected character at {pos}")
        kind = match.lastgroup or "op"
        value = match.group(kind)
        if kind == "num" and value == "0" and text[match.end() : match.end() + 1].isalpha():
            raise NotLinear("0x10, 0b10, 0o10: a number in another base")
        reason = read_two_ways(tokens, kind, value, match, text)
        if reason is not None:
            raise NotLinear(reason)
        tokens.append((kind, _OP_ALIASES.get(value, value)))
        pos = match.end()
        if len(tokens) > MAX_EXPR_TOKENS:
            raise NotLinear("expression too long")
    return tokens


def parse_linear(text: str, variables: frozenset[str] | None = None) -> LinearForm:
    """Parse one linear expression; raise NotLinear otherwise."""
    return _parse(text, variables)


@short_text_cache(4096)  # forms are immutable; a prompt's sides are parsed when claimed and when read
def _parse(text: str, variables: frozenset[str] | None) -> LinearForm:
    tokens = _tokenize(text)
    if not tokens:
        raise NotLinear("empty")
    parser = _Parser(tokens, variables)
    form = parser.expr()
    if parser.pos != len(tokens):
        raise NotLinear("trailing tokens")
    return form


# Math runs: numbers, variable-like names (a letter, optionally _ or digits: x, y2, x_1),
# operators, parentheses and '='. Any other word or character ends a run.
_VAR_LIKE = re.compile(r"^[A-Za-z](?:_?[0-9]+)?$")
# Tokens by kind (the alternatives start with disjoint characters): numbers and operators are
# math, a name is when it is variable-like or known, spaces are without a line break, and any
# other character is read by _is_math_token.
# The letters of the alphabets written with spaces beyond ASCII (Latin-1 and Latin Extended, Greek,
# Cyrillic): a word holding one ("lösen", "equação", "и") is one token, never an unknown.
WORD_LETTERS = "\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0391-\u03a1\u03a3-\u03c9\u0400-\u0481\u048a-\u04ff"
_RUN_TOKEN = re.compile(
    r"(?P<math>[0-9]+(?:\.[0-9]+)?|[-+*/^()=\u2212])"
    rf"|(?P<word>(?:[A-Za-z_][A-Za-z_0-9]*)?[{WORD_LETTERS}][A-Za-z_0-9{WORD_LETTERS}]*)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<space>\s+)|.",
    re.DOTALL,
)
_NUMBER_IN_TEXT = re.compile(r"(?<![\w.])(-?[0-9]+(?:\.[0-9]+)?)(?![\d])")


def _is_math_token(tok: str, known: frozenset[str]) -> bool:
    """A space (not a line break), number, operator or name; another alphabet's digit joins the run, unread."""
    return (
        tok.isspace() and "\n" not in tok
        or tok[0] in _ASCII_DIGITS
        or tok in "-+*/^()=\u2212"
        or outside_alphabet(tok) is not None
        or (tok[0].isalpha() or tok[0] == "_") and (_VAR_LIKE.match(tok) is not None or tok in known)
    )


def _run_token_is_math(match: re.Match[str], known: frozenset[str]) -> bool:
    """``_is_math_token`` of the token, read by its kind first (an ASCII name or space holds no
    character of another alphabet)."""
    kind = match.lastgroup
    if kind == "math":
        return True
    if kind == "name":
        return _VAR_LIKE.match(match.group()) is not None or match.group() in known
    if kind == "word":
        return match.group() in known
    if kind == "space":
        return "\n" not in match.group()
    return _is_math_token(match.group(), known)


def math_runs(text: str, known: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """Maximal runs of math tokens that contain '=', with their start offsets."""
    return list(_math_runs(text, known))


# wip/hitF: the runs of an ASCII text with no known names, read by one pattern instead of token by
# token (the same tokens: an ASCII text holds no word of another alphabet and no character of
# another script, so a token is math exactly when it is a number, an operator, a variable-like name
# (``_VAR_LIKE`` whole: no name character and no other alphabet's letter after it) or a space
# without a line break; every other token is skipped whole, by the same alternatives
# ``_RUN_TOKEN`` cuts it with, so each match starts where a token does). Checked against the token
# by token reading by tests/unit/test_math_runs_equivalence.py and test_hit_path_hitF.py.
_ASCII_RUN = re.compile(
    r"(?P<run>(?:[0-9]+(?:\.[0-9]+)?|[-+*/^()=]|[A-Za-z](?:_?[0-9]+)?(?![A-Za-z0-9_])|[^\S\n]+(?!\s))+)"
    r"|[A-Za-z_][A-Za-z0-9_]*|\s+|.",
    re.DOTALL,
)


@short_text_cache(4096)  # a new prompt is cut into runs when claimed and again when its equations are read
def _math_runs(text: str, known: frozenset[str]) -> tuple[tuple[int, str], ...]:
    # wip/hitH: known names that are all variable-like read no ASCII token otherwise (a name token is
    # math when variable-like or known: a known one is variable-like already; an ASCII text holds no
    # word of another alphabet), so the one-pattern reading serves the steps read with the problem's
    # unknowns too (tests/unit/test_hit_path_hitH.py)
    if text.isascii() and (not known or all(_VAR_LIKE.match(name) for name in known)):
        return tuple((m.start(), m.group()) for m in _ASCII_RUN.finditer(text) if m.lastgroup and "=" in m.group())
    runs: list[tuple[int, str]] = []
    start = -1
    for match in _RUN_TOKEN.finditer(text):
        if _run_token_is_math(match, known):
            if start < 0:
                start = match.start()
        elif start >= 0:
            runs.append((start, text[start : match.start()]))
            start = -1
    if start >= 0:
        runs.append((start, text[start:]))
    return tuple((pos, run) for pos, run in runs if "=" in run)


def _strip_unbalanced(side: str) -> str:
    side = side.strip()
    while side.startswith("(") and side.count("(") > side.count(")"):
        side = side[1:].strip()
    while side.endswith(")") and side.count(")") > side.count("("):
        side = side[:-1].strip()
    return side


def find_equations(text: str, known: frozenset[str] = frozenset(), limit: int = 4000) -> list[Equation]:
    """Every linear equation stated in ``text`` (chains a = b = c give a = b and b = c)."""
    text = text[:limit]
    if "=" not in text:
        return []
    return list(_equations_in(text, known))


# Cached: one lookup verifies the same step texts several times (steps, final check, context),
# and the steps of many entries are read again and again. Step texts are short, so many fit;
# long texts (a prompt: up to 20,000 characters) get a smaller cache to bound its memory.
@short_text_cache(16384, long_maxsize=1024)
def _equations_in(text: str, known: frozenset[str]) -> tuple[Equation, ...]:
    return tuple(_parse_equations(text, known))


def _parse_equations(text: str, known: frozenset[str]) -> list[Equation]:
    equations: list[Equation] = []
    for pos, run in math_runs(text, known):
        sides = [_strip_unbalanced(side) for side in run.split("=")]
        if changed_after(text, pos + len(run), run):
            sides = sides[:-1]  # "2x = 4x'", "3x = 0.99...", "x = 4!": the last equation is not read
        if changed_before(text, pos, run):
            sides = sides[1:]  # ".5x = 2": a decimal point before the run; the first is not read
        for left, right in zip(sides, sides[1:]):
            if not left or not right:
                continue
            try:
                left_form, right_form = parse_linear(left), parse_linear(right)
                form = _bounded(left_form + right_form.scale(_MINUS_ONE))
            except (NotLinear, ZeroDivisionError, OverflowError):
                continue
            stated = f"{left} = {right}"
            numbers = tuple(
                literal_fraction(n) for n in _NUMBER_IN_TEXT.findall(stated) if len(n) <= MAX_NUMBER_DIGITS
            )
            idents = tuple(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", stated))
            equations.append(
                Equation(form, stated, numbers, idents, left_form, right_form, pos, pos + len(run))
            )
            if len(equations) >= MAX_EQUATIONS * 4:
                return equations
    return equations


@lru_cache(maxsize=2048)
def equation_shape(text: str) -> tuple[str, tuple[Fraction, ...]]:
    """The form of an equation and its signed constants, in order of appearance.

    "3x + 5 = 20" -> ("NV+N=N", [3, 5, 20]); "3x - 1 = 2" -> ("NV+N=N", [3, -1, 2]): a minus in
    front of a number is folded into the number, so a sign flip is a change of constant, not of form.
    """
    tokens = [tok for tok in map(re.Match.group, _RUN_TOKEN.finditer(text)) if not tok.isspace()]
    out: list[str] = []
    params: list[Fraction] = []
    sign = 1
    for i, tok in enumerate(tokens):
        if tok[0] in _ASCII_DIGITS:
            out.append("N")
            value = literal_fraction(tok)
            params.append(value if sign == 1 else -value)
            sign = 1
        elif tok[0].isalpha() or tok[0] == "_":
            out.append("V")
        else:
            op = _OP_ALIASES.get(tok, tok)
            if op == "-" and i + 1 < len(tokens) and tokens[i + 1][0] in _ASCII_DIGITS:
                sign = -1
                if out and out[-1] not in "=(+-*/^":
                    out.append("+")
                continue
            out.append(op)
    return "".join(out).replace("N*V", "NV"), tuple(params)


def family_shape(shape: str) -> str:
    """One equation's shape however it is written, as ``linear.rewrite.aligned`` reads it: its
    unwritten coefficients written, then the first in text order of it and its sides swapped (the
    constants' values are not needed to name the shape)."""
    written, _ = unit_coefficients_written(shape, (Fraction(0),) * shape.count("N"))
    mirrored = sides_swapped(written, ())
    return written if mirrored is None else min(written, mirrored[0])


def sides_swapped(shape: str, params: tuple[Fraction, ...]) -> tuple[str, tuple[Fraction, ...]] | None:
    """The equation with its sides swapped (None unless it has exactly one '=')."""
    sides = shape.split("=")
    if len(sides) != 2:
        return None
    left = sides[0].count("N")
    return f"{sides[1]}={sides[0]}", (*params[left:], *params[:left])


def unit_coefficients_written(shape: str, params: tuple[Fraction, ...]) -> tuple[str, tuple[Fraction, ...]]:
    """The shape with every unwritten coefficient written: "V" -> "NV" with 1, a "-V" that opens a
    side or a bracket -> "NV" with -1, and "N-V" -> "N+NV" with -1 (a minus before a number is
    folded into it: :func:`equation_shape`)."""
    out: list[str] = []
    values: list[Fraction] = []
    taken = 0
    for i, char in enumerate(shape):
        if char == "N":
            values.append(params[taken])
            taken += 1
        if char != "V" or (i > 0 and shape[i - 1] == "N"):
            out.append(char)
            continue
        one = Fraction(1)
        if out and out[-1] == "-":
            out.pop()
            one = Fraction(-1)
            if out and out[-1] not in "=(+-*/^":
                out.append("+")
        out.append("NV")
        values.append(one)
    return "".join(out), tuple(values)


# -- solving a system of linear forms exactly: Gauss-Jordan elimination over Fractions (what sympy's
# linsolve computed here before, without its cost), values bounded like the parser's

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
    """The unknowns the system pins down, by exact elimination: the values sympy's linsolve gives
    (an unknown is pinned down when its reduced row names no free unknown; the reduced form is
    unique, so this does not depend on the elimination's order), those past the bound dropped."""
    variables = sorted({v for form in forms for v in form.variables})
    if not variables or len(variables) > MAX_EQUATIONS or len(forms) > MAX_EQUATIONS:
        return {}
    width = len(variables)
    rows = [[form.as_dict().get(v, _ZERO) for v in variables] + [-form.const] for form in forms]
    pivots = _reduced_row_echelon(rows, width)
    if any(row[width] != 0 for row in rows[len(pivots) :]):
        return None  # a row 0 = c with c != 0: inconsistent
    pinned = _pinned(rows, pivots, width)
    return {v: pinned[i] for i, v in enumerate(variables) if i in pinned and is_small(pinned[i])}


def _pinned(rows: list[list[Fraction]], pivots: list[int], width: int) -> dict[int, Fraction]:
    """Column -> value of each unknown a reduced system pins down: a pivot whose row names no
    free (non-pivot) column."""
    free = [column for column in range(width) if column not in pivots]
    return {
        column: rows[index][width]
        for index, column in enumerate(pivots)
        if all(rows[index][other] == 0 for other in free)
    }


def _reduced_row_echelon(rows: list[list[Fraction]], width: int) -> list[int]:
    """``rows`` (coefficients, then the right-hand side) brought to reduced row echelon form in
    place; the pivot columns, row by row (the rows after them are zero in every coefficient)."""
    pivots: list[int] = []
    for column in range(width):
        top = len(pivots)
        found = next((i for i in range(top, len(rows)) if rows[i][column] != 0), None)
        if found is None:
            continue
        rows[top], rows[found] = rows[found], rows[top]
        pivot = rows[top][column]
        rows[top] = [value / pivot for value in rows[top]]
        for i, row in enumerate(rows):
            factor = row[column]
            if i != top and factor != 0:
                rows[i] = [a - factor * b for a, b in zip(row, rows[top])]
        pivots.append(column)
    return pivots


def _one_unknown(form: LinearForm) -> dict[str, Fraction]:
    """``a*v + c = 0`` with ``a != 0``: ``v = -c/a``, exactly what sympy's linsolve returns for it,
    without building a matrix; bounded alike."""
    ((name, coeff),) = form.coeffs
    value = -form.const / coeff
    return {name: value} if is_small(value.numerator) and is_small(value.denominator) else {}


# --------------------------------------------------- layout: what stands around a number or a name
# The equation reader (this module) reads an equation only when its layout reads one way:
#
# * :func:`read_two_ways`: a token whose reading depends on layout - a product across a space
#   ("20 (1)", "(2) x", "6 y": an equation label, two statements or a product), a sign followed by
#   a space where an operand is due ("- 3x + y = 20": a bullet or a sign), a name followed by a
#   prime or quote ("4x'": x prime, another unknown);
# * :func:`changed_after` / :func:`changed_before`: what stands right beside a math run - a prime or
#   a quote ("4x'", a foot mark "1'"), a repeating decimal ("0.33...", "0.33…"), a factorial
#   ("4!"), a percent, per-mille or degree sign after it, or a decimal point and a digit after a
#   space ("5 .6"); a decimal point before it (".5x").
#
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


# ---- What a text states for the unknowns of linear equations, shared by the tasks that check it.

_MARKUP = re.compile(r"\*\*|__|`|\$|\\\(|\\\)|\\\[|\\\]")
# "x equals 6", "x is 6" -> "x = 6"; only directly before a number.
_VERBAL_EQUALS = re.compile(r"(?<![A-Za-z_])([A-Za-z](?:_?\d+)?)\s+(?:equals|is equal to|is)\s+(?=-?\d)")


def normalise_claims(text: str) -> str:
    """Markdown stripped and verbal equalities written as equations."""
    return verbal_equalities(_MARKUP.sub("", text))


def verbal_equalities(text: str) -> str:
    """Verbal equalities written as equations ("x equals 6", "x is 6" -> "x = 6"), markup kept."""
    return _VERBAL_EQUALS.sub(r"\1 = ", text)


def stated_values(text: str, variables: tuple[str, ...]) -> dict[str, str]:
    """What the last ``var = ...`` statement of each unknown says, as written (the final value)."""
    body = normalise_claims(text)
    found: dict[str, str] = {}
    for var in variables:
        pattern = rf"(?<![A-Za-z0-9_.]){re.escape(var)}\s*=\s*([^\n,;=]*)"
        matches = [m.group(1) for m in re.finditer(pattern, body)]
        if matches:
            value = re.split(r"\s+(?:and|so|then|which)\b|\.(?:\s|$)", matches[-1], maxsplit=1)[0]
            found[var] = value.strip().rstrip(".").replace(" ", "")
    return found


_OPERAND_WORDS = frozenset("of sqrt root log ln exp sin cos tan abs percent times".split())


def _stands_alone(text: str, eq: Equation) -> bool:
    """Whether an equation is a whole statement, not the tail of an expression the parser could
    not read ("25% of x = 10", "sqrt(x) + 3 = 7", "2^x = 8"): only those pin values down."""
    before = text[: eq.start].rstrip(" \t")
    after = text[eq.end :].lstrip(" \t")
    if before and before[-1] not in ":,;.!?\n(" and not before[-1].isalpha():
        return False
    words = re.findall(r"[A-Za-z]+", before[-12:])
    if words and words[-1].lower() in _OPERAND_WORDS and before[-1].isalpha():
        return False
    return not after or after[0] in ".,;:!?)\n" or after[0].isalpha()


_CHECKABLE_LITERAL = re.compile(r"-?[0-9]{1,40}(?:\.[0-9]{1,40})?(?:/[0-9]{1,40})?")  # ASCII digits only


def standing_equations(prompt: str, limit: int = 20000) -> list[Equation]:
    """The prompt's linear equations that are whole statements (only those pin values down)."""
    return [eq for eq in find_equations(prompt, limit=limit) if eq.form.coeffs and _stands_alone(prompt, eq)]


def _equation_claims(
    prompt: str, answer: str, limit: int
) -> tuple[dict[str, Fraction], dict[str, Fraction] | None] | None:
    """The values ``answer`` states for unknowns of the prompt's linear equations, and the values
    those equations pin down (None: they contradict each other); None when there is no claim."""
    equations = standing_equations(prompt, limit)
    if not equations:
        return None
    variables = tuple(sorted({v for eq in equations for v in eq.form.variables}))
    claims: dict[str, Fraction] = {}
    for var, literal in stated_values(answer[:limit], variables).items():
        if _CHECKABLE_LITERAL.fullmatch(literal) and not literal.endswith("/0"):
            claims[var] = Fraction(literal)
    if not claims:
        return None
    return claims, determined_values(tuple(eq.form for eq in equations))


def _unreadable_claims(prompt: str, answer: str, limit: int) -> list[str]:
    """Values stated for unknowns of the prompt's equations with a digit of another script or
    '\u00b7', '\u00d7', '\u00f7' ("x = 1\u0660"): never read as a number, so they fail."""
    if outside_alphabet(answer[:limit]) is None:
        return []
    equations = standing_equations(prompt, limit)
    variables = tuple(sorted({v for eq in equations for v in eq.form.variables}))
    return [
        f"states {var} = {literal}, outside the closed ASCII alphabet of numbers (not read)"
        for var, literal in stated_values(answer[:limit], variables).items()
        if outside_alphabet(literal) is not None
    ]


def equation_claims_checked(prompt: str, answer: str, limit: int = 20000) -> bool:
    """Whether :func:`equation_claim_errors` compared at least one value the answer states with
    the value the prompt's equations pin down (what it checked, not whether it held)."""
    found = _equation_claims(prompt, answer, limit)
    if found is None or found[1] is None:
        return False
    claims, known = found
    return any(var in known for var in claims)


def equation_claim_errors(prompt: str, answer: str, limit: int = 20000) -> list[str]:
    """For answers outside the linear task (a prompt it does not fully understand): a value the
    answer states for an unknown of the prompt's linear equations must be the one they pin down;
    when the equations contradict each other, no stated value can be checked, so none passes."""
    unread = _unreadable_claims(prompt, answer, limit)
    found = _equation_claims(prompt, answer, limit)
    if found is None:
        return unread
    claims, known = found
    if known is None:
        return [f"states {', '.join(claims)}, but the prompt's equations contradict each other"]
    return unread + [
        f"states {var} = {format_number(value)}; the prompt's equations give {format_number(known[var])}"
        for var, value in claims.items()
        if var in known and known[var] != value
    ]
