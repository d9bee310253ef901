"""The arithmetic grammar: a closed set of question forms around one expression of
numbers, ``+ - * /`` and parentheses, and the lines of an answer that can be read.

An answer's lines are read in a closed set of forms (an equation chain, a stated value, each
after an optional "Step N: " label); a line outside them is prose, and prose may hold only words
and sentence punctuation (:func:`plain_prose`): a digit, a numeral of any script,
``=`` or any other symbol, markup or a list marker in a line the checker does not read is a claim
it cannot check, so the answer fails.

Everything outside it is "no claim": a letter, a unit, a percent sign, a comma in a number,
``**`` or ``//``, a doubled operator, a number with a leading zero, an ``a / b * c`` chain
(read two ways in the wild), more than a few operators or digits. Values are exact
(``fractions.Fraction``); the expression is parsed by Python's own ``ast`` and only its
arithmetic nodes are accepted.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .words import read_word_question, split_number_only

__all__ = [
    "FORMS",
    "Question",
    "AnswerLine",
    "read_question",
    "read_expression",
    "read_answer_line",
    "plain_prose",
    "format_value",
    "value_literals",
    "MAX_OPERATORS",
    "MAX_DIGITS",
]

MAX_OPERATORS = 16
MAX_DIGITS = 12  # per side of a number's decimal point: no number string the engine cannot convert

_QUESTION_FORMS = (
    re.compile(r"What is (?P<expr>.+)\?"),
    re.compile(r"What's (?P<expr>.+)\?"),
    re.compile(r"(?:Compute|Calculate|Evaluate) (?P<expr>.+?)\.?"),
    re.compile(r"(?P<expr>.+?) = ?\?"),  # "E = ?", "E =?"; "E= ?" is another layout (fuzzer, seed 1)
)
_ALPHABET = re.compile(r"[0-9+\-*/(). ]+")
_TOKEN = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<op>[+\-*/])|(?P<open>\()|(?P<close>\)))")
_ANSWER_STATEMENT = re.compile(r"(?:(?:So |Therefore )?[Tt]he answer is |Answer: )?(?P<value>-?[0-9./]+)")
_LABEL = re.compile(r"Step [0-9]{1,3}: ")
# Sentence punctuation a prose line may hold (besides letters, combining marks and whitespace).
_PROSE_PUNCTUATION = frozenset(".,;:!?'\"()-\u2018\u2019\u201c\u201d\u2014\u2026")


@dataclass(frozen=True)
class Question:
    """A claimed question: its expression (single-spaced) and exact value, and the form of the
    answer asked (``FORMS``): "" a symbolic question, "value" one asked in words (``words.py``),
    "number" the value alone asked ("Only the number, please."), "yesno" a predicate (value 1 or 0)."""

    expression: str
    value: Fraction
    form: str = ""


#: The answer forms a question may ask (``Question.form``).
FORMS = ("", "value", "number", "yesno")


@dataclass(frozen=True)
class AnswerLine:
    """One read line of an answer: an equation chain (every side's value) or a stated value."""

    kind: str  # "chain" | "statement"
    values: tuple[Fraction, ...]
    final_text: str = ""  # the last side (or the stated value) as written
    first_text: str = ""  # the first side of a chain as written

    @property
    def states_final_literally(self) -> bool:
        """The line ends with its value written as a number ("= 144", "is 7/2"), in a canonical
        form: not "= 12 * 12", "= 145 - 1" or "= 288/2"."""
        return self.final_text in value_literals(self.final)

    @property
    def holds(self) -> bool:
        """Every side of the chain has the same value (a statement always holds)."""
        return len(set(self.values)) == 1

    @property
    def final(self) -> Fraction:
        """The value the line ends with."""
        return self.values[-1]


@lru_cache(maxsize=1024)  # detect and constraints read the same prompt of one request
def read_question(prompt: str) -> Question | None:
    """The question a prompt asks, when it is exactly one of the closed forms (symbolic, or in
    words: ``words.py``), optionally followed by an instruction asking for the number alone; else None."""
    body, number_only = split_number_only(prompt)
    question = _symbolic(body) or _in_words(body)
    if question is None or not number_only:
        return question
    if question.form == "yesno":
        return None  # a number asked for a yes/no question: which answer is meant is not written
    return Question(question.expression, question.value, "number")


def _symbolic(prompt: str) -> Question | None:
    for form in _QUESTION_FORMS:
        match = form.fullmatch(prompt)
        if match is None:
            continue
        expression = match.group("expr")
        value = read_expression(expression)
        if value is not None:
            return Question(" ".join(expression.split()), value)
    return None


def _in_words(prompt: str) -> Question | None:
    read = read_word_question(prompt, read_expression)
    return None if read is None else Question(read.expression, read.value, read.form)


def read_expression(text: str) -> Fraction | None:
    """The exact value of an arithmetic expression inside the grammar, else None."""
    if not _ALPHABET.fullmatch(text) or "  " in text or text != text.strip():
        return None
    tokens = _tokens(text)
    if tokens is None or not _well_formed(tokens):
        return None
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return None
    if _ambiguous_division(tree.body, text):
        return None
    try:
        return _value(tree.body, text)
    except (ZeroDivisionError, _Outside):
        return None


def read_answer_line(line: str) -> AnswerLine | None:
    """A line of an answer the checker can read in full ("12 * 12 = 144.", "The answer is
    144."), else None (prose: not read)."""
    text = _unlabelled(line)
    if text[:1] == "-" and text[1:2].isspace():
        return None  # "- 3 * 4 = -12": a bullet or a sign, read two ways
    if text.endswith("."):
        text = text[:-1]
    if "=" in text:
        sides = [side.strip() for side in text.split("=")]
        values = [read_expression(side) for side in sides]
        if len(sides) < 2 or any(v is None for v in values):
            return None
        return AnswerLine("chain", tuple(v for v in values if v is not None), sides[-1], sides[0])
    match = _ANSWER_STATEMENT.fullmatch(text)
    if match is None:
        return None
    value = read_expression(match.group("value"))
    return None if value is None else AnswerLine("statement", (value,), match.group("value"))


def plain_prose(line: str) -> bool:
    """Whether a line the checker does not read states nothing it could check: after an optional
    "Step N: " label, only letters, combining marks, whitespace and sentence punctuation ("Let me
    think." yes; "3 * 4 = 13, then ...", "**20**", "#### 20", "= 20", "1. Multiply", "Ⅻ" no).
    A number word ("seven") is a word: prose, not read, like the rest of the line."""
    return all(_prose_char(char) for char in _unlabelled(line))


def _prose_char(char: str) -> bool:
    if char.isnumeric():  # "3", "٣", "三", "½", "²"
        return False
    return char.isalpha() or char.isspace() or char in _PROSE_PUNCTUATION or unicodedata.category(char) == "Mn"


def _unlabelled(line: str) -> str:
    text = line.strip()
    label = _LABEL.match(text)
    return text[label.end() :] if label else text


def value_literals(value: Fraction) -> frozenset[str]:
    """The canonical ways to write a value: an integer, or a terminating decimal and/or a
    reduced fraction ``p/q``."""
    literals = {format_value(value)}
    if value.denominator != 1:
        literals.add(f"{value.numerator}/{value.denominator}")
    return frozenset(literals)


def format_value(value: Fraction) -> str:
    """The exact value as an integer, a terminating decimal, or ``p/q``."""
    if value.denominator == 1:
        return str(value.numerator)
    twos = fives = 0
    rest = value.denominator
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = abs(value) * 10**places
    digits = str(scaled.numerator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


class _Outside(Exception):
    """A node outside the grammar."""


def _tokens(text: str) -> list[tuple[str, str]] | None:
    tokens: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            return None
        kind = match.lastgroup or ""
        tokens.append((kind, match.group(kind)))
        pos = match.end()
    return tokens


def _well_formed(tokens: list[tuple[str, str]]) -> bool:
    """Numbers without leading zeros or too many digits, no doubled operator, few operators."""
    operators = 0
    previous = ""
    for kind, value in tokens:
        if kind == "num":
            whole, _, fraction = value.partition(".")
            if (len(whole) > 1 and whole[0] == "0") or len(whole) > MAX_DIGITS or len(fraction) > MAX_DIGITS:
                return False
        if kind == "op":
            operators += 1
            # a sign only at the start or after "(": "2 - -3" and "2 * +3" are declined
            if previous == "op" or (value in "*/" and previous in ("", "open")):
                return False
            if value == "+" and previous in ("", "open"):
                return False
        previous = kind
    return 0 < len(tokens) and operators <= MAX_OPERATORS


def _parenthesized(node: ast.AST, text: str) -> bool:
    start, end = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
    before = text[:start].rstrip()
    after = text[end:].lstrip() if end is not None else ""
    return before.endswith("(") and after.startswith(")")


def _ambiguous_division(node: ast.AST, text: str) -> bool:
    """``a / b * c`` and ``a / b / c`` without parentheses: declined, read two ways in the wild."""
    for child in ast.walk(node):
        if (
            isinstance(child, ast.BinOp)
            and isinstance(child.op, (ast.Mult, ast.Div))
            and isinstance(child.left, ast.BinOp)
            and isinstance(child.left.op, ast.Div)
            and not _parenthesized(child.left, text)
        ):
            return True
    return False


_BINARY = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
}


def _value(node: ast.AST, text: str) -> Fraction:
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return _BINARY[type(node.op)](_value(node.left, text), _value(node.right, text))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_value(node.operand, text)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        # the literal's own text, not Python's float: "0.1" is exactly 1/10
        return Fraction(ast.get_source_segment(text, node) or "")
    raise _Outside(type(node).__name__)
