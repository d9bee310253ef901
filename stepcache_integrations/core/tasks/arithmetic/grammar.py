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
import json
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

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
    answer asked (``FORMS``): "" a symbolic question, "value" one asked in words (below),
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
    words: below), optionally followed by an instruction asking for the number alone; else None."""
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


# ---- Questions asked in words (one module with the grammar: a request enters one file of the task)
# Arithmetic questions asked in words (issue 33, held-out templates): a closed set of English
# question forms over plain numbers and the words of ``vocabulary/en.json``, each read into one
# expression of the arithmetic grammar (``grammar.py``) or one yes/no predicate, with its exact value.
#
# Forms (case folded; ``A``, ``B``, ``N`` plain numbers of the grammar: digits, an optional decimal
# part, no sign, no thousands separator), the whole prompt and nothing else:
#
# * one operator word between two numbers: "What is 14 times 11?", "How much is 7 plus 5?",
#   "Compute 9 divided by 4." (``14 * 11``; one operator only: "2 plus 3 times 4" is read two ways
#   aloud, so it is declined);
# * a unit conversion between two units of one dimension, or two temperature scales: "How many
#   grams are in 4 kilograms?", "How many minutes are there in 3 hours?", "What is 77 degrees
#   Fahrenheit in degrees Celsius?", "Convert 2 litres to millilitres." (``4 * 1000``,
#   ``(77 - 32) * 5 / 9``); a result that is no terminating decimal is declined;
# * a yes/no predicate of two numbers: "Yes or no: is 43 divisible by 3?", "Is 36 not smaller than
#   83?" (divisibility of integers by a positive integer; smaller, less, larger, greater, bigger);
#
# each optionally followed by one instruction of NUMBER_ONLY ("Only the number, please."), which
# asks for the value alone (a predicate's answer is "Yes." or "No." alone anyway). The symbolic
# questions ("What is 12 * 12?") are ``grammar.read_question``'s; that instruction may follow them too.

VOCABULARY = Path(__file__).resolve().with_name("vocabulary") / "en.json"

_NUMBER = r"(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?"


@dataclass(frozen=True)
class WordQuestion:
    """A question read in words: its expression (grammar text, or a predicate's canonical text),
    its exact value (a predicate's: 1 true, 0 false) and its form ("value" or "yesno")."""

    expression: str
    value: Fraction
    form: str


@lru_cache(maxsize=1)
def _table() -> dict:
    return json.loads(VOCABULARY.read_text(encoding="utf-8"))


def _alternatives(words) -> str:  # noqa: ANN001 - a list or the keys of a dict
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=1)
def _forms() -> tuple[re.Pattern[str], ...]:
    t = _table()
    ask, command = _alternatives(t["ASK"]), _alternatives(t["COMMAND"])
    op, unit = _alternatives(t["OPERATOR"]), _alternatives(t["UNIT"])
    temp, pred, yes_no = _alternatives(t["TEMPERATURE"]), _alternatives(t["PREDICATE"]), _alternatives(t["YES_OR_NO"])
    n = _NUMBER
    return tuple(re.compile(p, re.IGNORECASE) for p in (
        rf"(?:{ask}) (?P<a>{n}) (?P<op>{op}) (?P<b>{n})\?",
        rf"(?:{command}) (?P<a>{n}) (?P<op>{op}) (?P<b>{n})\.?",
        rf"how many (?P<to>{unit}) (?:are|are there|is|is there) in (?P<n>{n}) (?P<from>{unit})\?",
        rf"how many (?P<to>{unit}) (?:are|is) (?P<n>{n}) (?P<from>{unit})\?",
        rf"(?:{ask}) (?P<n>{n}) (?P<from>{unit}|{temp}) in (?P<to>{unit}|{temp})\?",
        rf"(?:convert) (?P<n>{n}) (?P<from>{unit}|{temp}) (?:to|into) (?P<to>{unit}|{temp})\.?",
        rf"(?:(?:{yes_no}) )?is (?P<a>{n}) (?P<not>not )?(?P<pred>{pred}) (?P<b>{n})\?",
    ))


def split_number_only(prompt: str) -> tuple[str, bool]:
    """The prompt without one closing NUMBER_ONLY instruction (after a space), and whether it had one."""
    folded = prompt.casefold()
    for instruction in sorted(_table()["NUMBER_ONLY"], key=len, reverse=True):
        if folded.endswith(" " + instruction):
            return prompt[: -len(instruction) - 1], True
    return prompt, False


def read_word_question(prompt: str, expression_value) -> WordQuestion | None:  # noqa: ANN001
    """The question ``prompt`` asks in words (``expression_value``: the grammar's reader of an
    expression's exact value, ``grammar.read_expression``); None when it is no form above."""
    if prompt != prompt.strip() or "  " in prompt or "\n" in prompt:
        return None
    for form in _forms():
        match = form.fullmatch(prompt)
        if match is None:
            continue
        groups = match.groupdict()
        if groups.get("op"):
            expression = f"{match['a']} {_table()['OPERATOR'][match['op'].casefold()]} {match['b']}"
            value = expression_value(expression)
            return None if value is None else WordQuestion(expression, value, "value")
        if groups.get("pred"):
            return _predicate(match)
        return _conversion(match["n"], match["from"].casefold(), match["to"].casefold(), expression_value)
    return None


def _predicate(match: re.Match[str]) -> WordQuestion | None:
    a, b = Fraction(match["a"]), Fraction(match["b"])
    predicate = _table()["PREDICATE"][match["pred"].casefold()]
    if predicate == "divisible by":
        if a.denominator != 1 or b.denominator != 1 or b == 0 or "." in match["a"] + match["b"]:
            return None
        holds = a.numerator % b.numerator == 0
    else:
        holds = a < b if predicate == "<" else a > b
    negated = match["not"] is not None
    text = f"{'not ' if negated else ''}{match['a']} {predicate} {match['b']}"
    return WordQuestion(text, Fraction(int(holds != negated)), "yesno")


def _conversion(number: str, source: str, target: str, expression_value) -> WordQuestion | None:  # noqa: ANN001
    t = _table()
    if source in t["TEMPERATURE"] or target in t["TEMPERATURE"]:
        scales = (t["TEMPERATURE"].get(source), t["TEMPERATURE"].get(target))
        expression = {("fahrenheit", "celsius"): f"({number} - 32) * 5 / 9",
                      ("celsius", "fahrenheit"): f"{number} * 9 / 5 + 32"}.get(scales)  # type: ignore[arg-type]
    else:
        (dimension, factor), (to_dimension, to_factor) = t["UNIT"][source], t["UNIT"][target]
        ratio = Fraction(factor) / Fraction(to_factor)
        if dimension != to_dimension or ratio == 1:
            return None
        if ratio.denominator == 1:
            expression = f"{number} * {ratio.numerator}"
        elif ratio.numerator == 1:
            expression = f"{number} / {ratio.denominator}"
        else:
            expression = f"{number} * {ratio.numerator} / {ratio.denominator}"
    if expression is None:
        return None
    value = expression_value(expression)
    if value is None or not _terminating(value):
        return None  # "100 degrees Fahrenheit in degrees Celsius" is 340/9: no exact decimal to state
    return WordQuestion(expression, value, "value")


def _terminating(value: Fraction) -> bool:
    rest = value.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    return rest == 1
