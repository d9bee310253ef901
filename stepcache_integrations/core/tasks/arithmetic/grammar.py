"""The arithmetic grammar: a closed set of question forms around one expression of
numbers, ``+ - * /``, parentheses and powers ``3^2``/``3²`` (wip/arithT), and the lines of an answer that can be read. The question
forms are declared in ``request.lark`` over the word classes of ``vocabulary/<language>.json``
(read below, through the shared ``request_language``); the expression is read here, exactly.

An answer's lines are read in a closed set of forms (an equation chain, a stated value, each
after an optional "Step N: " label); a line outside them is prose, and prose may hold only words
and sentence punctuation (:func:`plain_prose`): a digit, a numeral of any script,
``=`` or any other symbol, markup or a list marker in a line the checker does not read is a claim
it cannot check, so the answer fails.

Everything outside it is "no claim": a letter, a unit, a percent sign, a comma in a number,
``//``, a doubled operator (wip/arithU: ``**`` between two operands is a power as ``^`` is, and
"-" on a number one space after a spaced operator is its sign: "2 - -3"), a number with a leading zero, an ``a / b * c`` chain
(read two ways in the wild), more than a few operators or digits. Values are exact
(``fractions.Fraction``); the expression is parsed by Python's own ``ast`` and only its
arithmetic nodes are accepted.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import math
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from lark import Token, Transformer

from ...ast_lock import PARSE_LOCK
from ..request_language import Folded, RequestLanguage, Vocabulary, Word, fold

__all__ = [
    "FORMS",
    "Question",
    "AnswerLine",
    "read_question",
    "number_alone_asked",
    "read_expression",
    "read_answer_line",
    "plain_prose",
    "format_value",
    "yes_no",
    "value_literals",
    "MAX_OPERATORS",
    "MAX_DIGITS",
]

MAX_OPERATORS = 16
MAX_DIGITS = 12  # per side of a number's decimal point: no number string the engine cannot convert

_ALPHABET = re.compile(r"[0-9+\-*/()^. ]+")
# wip/arithV: a number may open with its point (".5"); after an operand ("2 .5", "(3).5") Python's parser declines it
_TOKEN = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d+)?|\.\d+)|(?P<op>[+\-*/])|(?P<pow>\^)|(?P<open>\()|(?P<close>\)))")
# wip/arithT: a power written "3^2" or "3²" (superscript digits right after a number or a closing
# parenthesis, read as "^" and the digits); "3**2" stays a doubled operator (no claim)
_SUPERSCRIPT = re.compile(r"(?<=[0-9)])[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+")
_SUPERSCRIPT_DIGITS = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079", "0123456789")
# wip/arithU: "**" between an operand and an operand (a number or ")" before, a number or "(" after, one space or none each side)
_DOUBLE_STAR = re.compile(r"(?<=[0-9)] )\*\*(?= [0-9(])|(?<=[0-9)])\*\*(?=[0-9(])")
MAX_POWER_BITS = 4096  # a power's base (numerator, denominator) times its exponent, in bits: no huge value is built
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
    language: str = "en"  # the table that read it: an answer's words are in its question's language


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


def superscripts_as_powers(text: str) -> str:
    """Each run of superscript digits right after a digit or ")" written as "^" and its digits
    ("3² + 4": "3^2 + 4"); a superscript anywhere else ("m²", "x²") is left as written."""
    return _SUPERSCRIPT.sub(lambda m: "^" + m.group().translate(_SUPERSCRIPT_DIGITS), text)


def double_stars_as_carets(text: str) -> str:
    """wip/arithU: "2 ** 3" (a power written as Python writes it) as "2 ^ 3", only between an operand and an
    operand ("2 *** 3", "2 ** -1", "**bold**" are left as written: no claim); the same exponent limits and
    ambiguity rules as "^" then apply ("-3 ** 2", "2 ** 3 ** 2" stay no claim)."""
    return _DOUBLE_STAR.sub("^", text)


def read_expression(text: str) -> Fraction | None:
    """The exact value of an arithmetic expression inside the grammar, else None."""
    text = double_stars_as_carets(superscripts_as_powers(text))
    if not _ALPHABET.fullmatch(text) or "  " in text or text != text.strip():
        return None
    tokens = _tokens(text)
    if tokens is None or not _well_formed(tokens) or not _powers_well_formed(tokens):
        return None
    text = text.replace("^", "**")  # Python's power: its own precedence, "2 - 3**2" is 2 - 9
    try:
        with PARSE_LOCK:  # CPython 3.11: AST construction is not thread-safe (core.ast_lock)
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


def _power(node: ast.BinOp, text: str) -> Fraction:
    """"3^2": the base (a number or a parenthesized expression) to a written integer exponent
    2..MAX_EXPONENT (_powers_well_formed reads it; a sign before the base is a sign before the power,
    in _value), exactly; a base whose power would pass MAX_POWER_BITS is outside."""
    base, exponent = _value(node.left, text), _value(node.right, text)
    if max(base.numerator.bit_length(), base.denominator.bit_length()) * int(exponent) > MAX_POWER_BITS:
        raise _Outside("too large")
    return base ** int(exponent)


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
        signed = kind == "op" and _signs_a_number(text, match.start(kind), tokens)
        tokens.append(("sign" if signed else kind, match.group(kind)))
        pos = match.end()
    return tokens


def _signs_a_number(text: str, at: int, before: list[tuple[str, str]]) -> bool:
    """wip/arithU: a "-" written directly on a number, one space after another operator ("2 - -3", "2 + -3",
    "4 * -2", the operator spaced as well): the number's sign. "2 - - 3", "2--3", "2- -3" (fuzz seed 0), "2 - -(3)",
    "2 * +3" and a sign after "^" are no sign of one."""
    return (text[at] == "-" and text[max(at - 3, 0) : at] in (" - ", " + ", " * ", " / ") and text[at + 1 : at + 2].isdigit()
            and [kind for kind, _ in before[-2:]] in (["num", "op"], ["close", "op"]))  # "- -3": no operator before


def _well_formed(tokens: list[tuple[str, str]]) -> bool:
    """Numbers without leading zeros or too many digits, no doubled operator, few operators."""
    operators = 0
    previous = ""
    for kind, value in tokens:
        if kind == "num":
            whole, _, fraction = value.partition(".")
            if (len(whole) > 1 and whole[0] == "0") or len(whole) > MAX_DIGITS or len(fraction) > MAX_DIGITS:
                return False
        if kind in ("op", "pow", "sign"):
            operators += 1
            # a sign only at the start, after "(" or (wip/arithU) "-" on a number after an operator ("2 - -3": _tokens);
            # "2 * +3", "2 - - 3" are declined
            if (previous == "op" and kind != "sign") or (value in "*/" and previous in ("", "open")):
                return False
            if value == "+" and previous in ("", "open"):
                return False
        previous = kind
    return 0 < len(tokens) and operators <= MAX_OPERATORS


def _powers_well_formed(tokens: list[tuple[str, str]]) -> bool:
    """wip/arithT: each "^" after a number or ")", its exponent a written integer 2..MAX_EXPONENT
    (no sign, no point, no parenthesis: "2^-1", "2^0.5", "2^(3)" are no claim) and no "*", "/" or
    "^" right after it: "8^2/3" is (8^2)/3 to some and 8^(2/3) to others, "2^3^2" is read both ways."""
    for at, (kind, _) in enumerate(tokens):
        if kind != "pow":
            continue
        before = tokens[at - 1][0] if at else ""
        exponent = tokens[at + 1] if at + 1 < len(tokens) else ("", "")
        after = tokens[at + 2] if at + 2 < len(tokens) else ("", "")
        if before not in ("num", "close") or exponent[0] != "num" or not exponent[1].isdigit():
            return False
        if not 2 <= int(exponent[1]) <= MAX_EXPONENT:  # a leading zero ("2^02"): no number of _well_formed
            return False
        if after[0] == "pow" or (after[0] == "op" and after[1] in "*/"):
            return False
    return True


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
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        return _power(node, text)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        if isinstance(node.operand, ast.BinOp) and isinstance(node.operand.op, ast.Pow) and not _parenthesized(node.operand, text):
            raise _Outside("a sign before a power")  # "-3^2": -9 to some, 9 to others ("-(3^2)", "(-3)^2" are read)
        return -_value(node.operand, text)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        # the literal's own text, not Python's float: "0.1" is exactly 1/10
        return Fraction(ast.get_source_segment(text, node) or "")
    raise _Outside(type(node).__name__)


# ---- The request language (issue 33): ``request.lark`` derives the question forms over the word
# classes of ``vocabulary/<language>.json`` (each word in one class; ``_common.json``: the marks and
# the units' exact factors); the transformer below turns the tree into a :class:`Question`.
#
# Forms, the whole prompt and nothing else (``A``, ``B``, ``N`` plain numbers: digits, an optional
# decimal part where the table reads a decimal point, no sign, no thousands separator; ``E`` an
# expression of :func:`read_expression`):
#
# * a symbolic question: "What is E?", "Compute E.", "E = ?" (its lead in sentence, lower or upper case: wip/arithU,
#   "wHaT iS 12 * 12?" is no claim), "What is E" with nothing after E (wip/arithU); zh "E 等于多少？";
# * one operation said in words: "What is 14 times 11?", "the sum of 3 and 4", "11 squared", "25% of
#   320" (``25 * 320 / 100``); one operator only ("2 plus 3 times 4" is read two ways aloud);
#   es "¿Cuánto es el 25 % de 320?", zh "14 乘以 11 等于多少？", "320的25%是多少？", ja "11の二乗は？";
#   wip/arithS: "Subtract 8 from 12." (12 - 8), "Divide 8 by 12." ("into": no claim), "Multiply 8 by 12.",
#   "Add 8 to 12.", "8 subtracted from 12", "2 to the power of 10" (an exponent 2-16), "the square root of
#   144" (an exact root only), "the average of 3, 5 and 10", "the difference between 12 and 8" (not when
#   negative: the conventions disagree), "the quotient of 8 and 12", "twice 8", "half of 12";
#   wip/arithT: "10 minus 4 minus 2" (a chain of plus and minus, left to right), "the sum of 2, 4 and 6",
#   "double 7", "7 doubled", "triple 5", "12 halved", zh "7的2倍", ja "7の2倍"; a power "3^2" or "3²" in E;
# * a unit conversion in one dimension, or between temperature scales: "How many grams are in 4 kg?", "4 km in
#   m?", "Convert 25 degrees Celsius to Fahrenheit." (``4 * 1000``, ``25 * 9 / 5 + 32``; no terminating decimal: declined);
# * a yes/no predicate of two numbers (divisibility of integers by a positive integer; smaller, larger):
#   "Yes or no: is 43 divisible by 3?", "Is 36 not smaller than 83?", "Does 3 divide 30?" (the divisor
#   first), de "Ist 30 durch 3 teilbar?", zh "30能被3整除吗？"; the answer is the table's "yes_no" words;
# * wip/arithV: a number with its minus sign where the word form reads it one way ("the cube root of -27", "the square
#   of -4", "el triple de -7", "7 times -3"); the cube root in every table with the square root ("la raíz cúbica de 27",
#   "27的立方根"); English compound number words ("seventy-five", "one hundred and five"); a leading point (".5 + .25");
#   a times word joining an expression and a number ("3 + 4 times ten": 3 + 4 * 10); "Which is bigger, 0.7 or 0.65?";
#
# each with an optional instruction asking for the value alone (``only_number``: "Reply with the
# number only.", before the question or in a system turn too); asked of a yes/no question it is declined.

_FOLDER = Path(__file__).resolve().parent
_NUMBER = re.compile(r"(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?")
_LEADING_POINT = re.compile(r"\.[0-9]{1,12}")  # wip/arithW: ".5", a chain's operand
# An expression's run: a character of the grammar's alphabet, then more, a point only before a
# digit (a point after the run is a full stop) and a space only before another character of the run.
# wip/arithV: a run may open with a point before a digit (".5 + .25") where no letter or digit stands before it
# (_words: "x.5", "3..5" stay unread), and a space may go on to such a point (" .25")
_RUN = re.compile(r"(?:[0-9+\-*/()^]|\.(?=[0-9]))(?:[0-9+\-*/()^]|\.(?=[0-9])| (?=[0-9+\-*/()^]|\.[0-9]))*")
_OPERATORS = {"LESS_THAN": "-", "PLUS": "+", "MINUS": "-", "TIMES": "*", "DIVIDED": "/", "SUM_OF": "+", "PRODUCT_OF": "*", "PERCENT": "*",
              # wip/arithS: the operation a word names (the others of _SPECIAL below compute their own)
              "SUBTRACTED_FROM": "-", "MORE_THAN": "+", "SUBTRACT": "-", "MULTIPLY": "*", "ADD": "+", "QUOTIENT_OF": "/",
              "DIVIDE": "/",  # "Divide 8 by 12": the bare command word, a class of its own ("evenly divide": DIVIDES)
              "FOLD_END": "*"}  # wip/arithT: zh "7的2倍", ja "7の2倍": 7 * 2
# wip/arithS: the words whose second number is the first operand ("11 less than 14" too, in _spoken):
# "8 subtracted from 12", "Subtract 8 from 12" (12 - 8), "Add 8 to 12" (12 + 8)
# wip/arithU: the full-width digits and operators, each as its NFKC form ("１２ ＋ ３": "12 + 3")
_FULLWIDTH = {code: unicodedata.normalize("NFKC", chr(code)) for code in range(0xFF01, 0xFF5F)
              if unicodedata.normalize("NFKC", chr(code)) in "0123456789+-*/()"}
# wip/arithU: a root sign before one plain number in parentheses ("√(16)"), read as before the number
_ROOT_PARENTHESIZED = re.compile(r"(√)\((" + _NUMBER.pattern + r")\)")
_SECOND_FIRST = frozenset({"SUBTRACTED_FROM", "MORE_THAN", "FROM", "TO"})
_POWERS = {"SQUARED": 2, "SQUARE_OF": 2, "CUBED": 3, "CUBE_OF": 3}  # "11 squared": 11 * 11


@lru_cache(maxsize=1)
def _tables() -> dict[str, dict]:
    """Each table's data (its reading rules beside its word classes), by language ("*": shared)."""
    return {data["language"]: data for data in (json.loads(path.read_text(encoding="utf-8"))
                                                for path in (_FOLDER / "vocabulary").glob("*.json"))}


@lru_cache(maxsize=1)
def _signs() -> dict[int, str]:
    """The typographic operator signs and the ASCII operator each is read as (``_common.json``)."""
    return {ord(sign): operator for sign, operator in _tables()["*"].get("operator_signs", {}).items()}


def yes_no(language: str) -> tuple[str, str]:
    """A predicate's answers in the words of the table that read it ("Ja.", "Nein."; English by default)."""
    return tuple(_tables().get(language, {}).get("yes_no", ("Yes.", "No.")))  # type: ignore[return-value]


def number_alone_asked(question: str, language: str) -> str | None:
    """``question`` (read in ``language``'s table, asking no form) followed by that table's first instruction asking
    for the number alone that the grammar reads with it ("What is 3 + 5? Digits only."): the form an earlier
    conversation's bare-number answers ask (``adapters.turns``, wip/histK); None when no instruction reads so."""
    table = _tables().get(language, {})
    asked = read_question(question)
    if asked is None or asked.form not in ("", "value") or asked.language != language:
        return None
    space = " " if table.get("spaced") else ""
    for words in table.get("classes", {}).get("NUMBER_ONLY", ())[:4]:
        text = f"{question}{space}{words[:1].upper()}{words[1:]}{'.' if table.get('spaced') else '。'}"
        read = read_question(text)
        if read is not None and (read.expression, read.value, read.form, read.language) == (
                asked.expression, asked.value, "number", language):
            return text
    return None


class _Read(Transformer):
    """The question's production (its alias in ``request.lark``) and tokens; ``number_only``: the value alone is asked."""

    question: tuple[str, list[Token]] | None = None
    number_only = False
    yes_no_asked = False  # "Answer yes or no." after the question

    def __default__(self, data: str, children: list, meta: object) -> tuple[str, list[Token]]:
        return data, [t for c in children for t in (c[1] if isinstance(c, tuple) else (c,))]

    def negative(self, children: list) -> tuple[str, list[Token]]:
        """wip/arithW: "negative 3", "minus 27" (request.lark: where a sign word stands) as the SIGNED number "-3" is
        ("minus 0": no SIGNED, so no claim)."""
        number = next(c for c in children if isinstance(c, Token) and c.type == "NUM")
        kind = "SIGNED" if Fraction(number) != 0 else "EXPR"
        return "negative", [Token(kind, f"-{number}", number.start_pos, number.line, number.column)]

    minus_sign = negative

    def start(self, children: list) -> None:
        read = [child for child in children if isinstance(child, tuple)]  # the rules read (a mark is a token)
        self.question, self.number_only = next(c for c in read if c[0] != "only_number"), any(c[0] == "only_number" for c in read)
        self.yes_no_asked = any(isinstance(child, Token) and child.type == "YES_NO_END" for child in children)
        tokens = [child for child in children if isinstance(child, Token)]
        if any(t.type == "YOU_ARE" for t in tokens) and any(t.type == "TURN" and t.value == "|" for t in tokens):
            self.question = None  # wip/sysQ: a persona's system turn ends at a line break, as both adapters render it;
            # a hand-written "|" stays no claim (zh drops the spaces around it: "System: 你是一个助手。 | User: ...")


_LANGUAGE = RequestLanguage(_FOLDER, _Read)


@lru_cache(maxsize=1024)  # detect and constraints read the same prompt of one request
def read_question(prompt: str) -> Question | None:
    """The question a prompt asks, when the grammar derives it whole in one language's table
    (the forms above), optionally followed by an instruction asking for the number alone; else None."""
    text = _as_written_in_ascii(prompt)
    for table in _LANGUAGE.vocabularies:
        words = _words(_ungrouped(text, table.language), table)
        if _grouped_list(text, words):
            continue
        read = None if words is None else _LANGUAGE.parse(words)
        question = None if read is None or read.question is None else _question(*read.question, _tables()[table.language])
        if question is None:
            continue
        if read.yes_no_asked and question.form != "yesno":
            return None  # "What is 12 * 12? Answer yes or no.": no yes/no question is asked
        if not read.number_only:
            return dataclasses.replace(question, language=table.language)
        if question.form == "yesno":
            return None  # a number asked for a yes/no question: which answer is meant is not written
        return Question(question.expression, question.value, "number", table.language)
    return None


# wip/arithX: a number written with thousands separators ("1,000", "12,345,678", "1,000.5"): a first group of 1-3 digits
# (no leading zero), then groups of exactly three, no digit, point or comma-and-digit around it
_GROUPED = re.compile(r"(?<![0-9,.])[1-9][0-9]{0,2}(?:,[0-9]{3})+(?![0-9]|,[0-9])")
# the forms whose numbers may be a list: "the sum of 100,200 and 300" is 100200 + 300 or 100 + 200 + 300
_LIST_WORDS = frozenset({"SUM_OF", "PRODUCT_OF", "MEAN_OF"})


def _ungrouped(text: str, language: str) -> str:
    """wip/arithX: ``text`` with the thousands separators of its grouped numbers dropped ("1,000" as "1000"), in a table
    whose language writes them so (its "thousands_comma": en, zh, ja, each with a decimal point; the tables with a decimal
    comma read none: "Was ist 1,000 + 1?" is 1 or 1000). Any other comma in a number is left as written, unread, so the
    prompt is no claim: "1,000 + 2,5" (a decimal comma's writer: 1.0 or 1000), "1,0000", "1,000,00", "0,500"; a list form
    over a grouped number is declined by :func:`_grouped_list`."""
    if not _tables()[language].get("thousands_comma") or "," not in text:
        return text
    return _GROUPED.sub(lambda m: m.group().replace(",", ""), text)


def _grouped_list(text: str, words: list[Word] | None) -> bool:
    """wip/arithX: a grouped number was read (:func:`_ungrouped`) in a form whose numbers may be a list: no claim."""
    return words is not None and _GROUPED.search(text) is not None and any(w.kind in _LIST_WORDS for w in words)


def _as_written_in_ascii(prompt: str) -> str:
    """The prompt with its operators and digits written in ASCII, else as written."""
    # "14 × 11", "14 − 11", "14 ÷ 11": each typographic sign of an operation read as its ASCII
    # operator (_common.json "operator_signs"; one character for one, so offsets are kept)
    # whitespace around the prompt says nothing ("What is 3 less than 10? ": red team 27's over-decline)
    # wip/arithU: full-width digits and operators ("１２ ＋ ３") as their NFKC forms (a full-width letter is left:
    # no table reads it); an en dash between two operands, one space each side ("10 – 3"), as "-" (_common.json
    # "spaced_signs"; an em dash, "10–3" or "– 3" are left: no claim)
    # "3²": "3^2" (wip/arithT), before the full-width digits are read: "３³" keeps its superscript (no claim; fuzz seed 0);
    # "3 ** 2" is kept as written (read_expression reads it as "3 ^ 2": wip/arithU)
    text = superscripts_as_powers(unicodedata.normalize("NFC", prompt).strip().translate(_signs())).translate(_FULLWIDTH)
    for sign, operator in _tables()["*"].get("spaced_signs", {}).items():
        text = re.sub(rf"(?<=[0-9)]) {re.escape(sign)} (?=[0-9(])", f" {operator} ", text)
    return _ROOT_PARENTHESIZED.sub(r"\1\2", text)  # wip/arithU: "√(16)" as "√16"


def _words(text: str, table: Vocabulary) -> list[Word] | None:
    """``text`` cut into the table's words, numbers, expression runs and single spaces (dropped
    in a language written without them); None at a character no rule reads."""
    if table.ascii_only and not text.replace("√", "").isascii():  # wip/arithU: the root sign is every table's
        return None
    folded, words, pos = Folded(text), [], 0
    spaced_mark = _tables()[table.language].get("space_before_question_mark", False)
    spaced_marks = "?" + _tables()[table.language].get("space_before_marks", "")  # wip/arithX: fr "Bonjour !", "Merci !"
    while pos < len(text):
        if text[pos] == " ":
            if text[pos + 1 : pos + 2] == " ":
                return None  # a doubled space: another layout
            if table.spaced and not (text[pos + 1 : pos + 2] in spaced_marks and text[pos + 1 : pos + 2] and spaced_mark):  # fr: "11 ?"
                words.append(Word("_SP", " ", pos))
            pos += 1
            continue
        found = _word_at(text, folded, pos, table)
        if found is None:
            return None
        words.append(Word(found[0], text[pos : found[1]], pos))
        pos = found[1]
    return words


def _word_at(text: str, folded: Folded, pos: int, table: Vocabulary) -> tuple[str, int] | None:
    """The word at ``pos`` (:func:`_words`): an expression run, a compound number word, or a table phrase."""
    run = _RUN.match(text, pos) if text[pos] != "." or pos == 0 or text[pos - 1] == " " else None  # "x.5": no run
    found = (_run_kind(run.group()), run.end()) if run else table.match(folded, pos)
    if found is not None and found[0] == "NUMWORD":
        found = ("NUMWORD", _compound_end(folded, pos, found[1], table.language))
    return found


@lru_cache(maxsize=None)
def _compound_number(language: str) -> re.Pattern[str] | None:
    """wip/arithV: the number words written as one number in a table with "number_compounds" (en): a tens word and a
    unit, spaced or hyphenated ("seventy five", "seventy-five"), a unit and "hundred", then optionally "and" or one
    space and a number below 100 ("one hundred and five", "two hundred twenty-one"); nothing else ("a hundred",
    "hundred", "twenty one hundred", "ten five", "one thousand": no compound, so no claim)."""
    rules = _tables()[language]
    compounds, words = rules.get("number_compounds"), rules.get("number_words", {})
    if not compounds:
        return None

    def alternation(values: range) -> str:
        return "|".join(sorted((re.escape(w) for w, v in words.items() if v in values), key=len, reverse=True))

    units, teens, tens = alternation(range(1, 10)), alternation(range(10, 20)), alternation(range(20, 100, 10))
    below_hundred = rf"(?:(?:{tens})(?:[- ](?:{units}))?|{teens}|{units})"
    hundred, joined = re.escape(compounds["hundred"]), re.escape(compounds["and"])
    return re.compile(rf"(?:(?:{units}) {hundred}(?:(?: {joined} | ){below_hundred})?|(?:{tens})[- ](?:{units}))(?![\w'\u2019-])")


def _compound_end(folded: str, pos: int, end: int, language: str) -> int:
    """Where the number word at ``pos`` ends: past its compound (wip/arithV: "seventy five"), else at ``end``."""
    pattern = _compound_number(language)
    match = None if pattern is None else pattern.match(folded, pos)
    return max(end, match.end()) if match else end


def _number_word_value(words: str, rules: dict) -> int:
    """A number word's value (the table's "number_words": "fourteen" 14), or its compound's (wip/arithV: "seventy-five"
    75, "one hundred and five" 105: a unit times 100, then the words below 100 added)."""
    values = rules["number_words"]
    compounds = rules.get("number_compounds")
    if not compounds:
        return values[words]
    head, hundred, rest = words.partition(f" {compounds['hundred']}")
    if not hundred:
        head, rest = "", words
    rest = rest.strip().removeprefix(f"{compounds['and']} ")
    return (values[head] * 100 if head else 0) + sum(values[word] for word in re.split(r"[- ]", rest) if word)


def _run_kind(run: str) -> str:
    """A run's word class: a plain number (NUM), a number with its minus sign (SIGNED, wip/arithV: "-27", not "-0"
    nor "- 27"), else an expression (EXPR)."""
    if _NUMBER.fullmatch(run):
        return "NUM"
    return "SIGNED" if run[:1] == "-" and _NUMBER.fullmatch(run[1:]) and Fraction(run[1:]) != 0 else "EXPR"


def _question(shape: str, tokens: list[Token], rules: dict) -> Question | None:
    # a number word is its value in the table's "number_words" ("fourteen": 14)
    numbers = [str(_number_word_value(fold(t), rules)) if t.type == "NUMWORD" else str(t)
               for t in tokens if t.type in ("NUM", "EXPR", "NUMWORD", "SIGNED")]
    kinds = [t.type for t in tokens]
    if "AND" in kinds and any(t.type == "NUMWORD" and " and " in fold(t) for t in tokens):
        return None  # wip/arithV: "the product of one hundred and five and two": 105 * 2 or 100 * 5 * 2
    if not rules.get("decimal_point") and any("." in n for n in numbers):
        return None  # "2.500": a thousands separator in this language, not a decimal point
    if not _kinds_fit(shape, kinds, _runs(tokens, numbers)):
        return None
    return _SHAPES[shape](kinds, tokens, numbers)


def _runs(tokens: list[Token], numbers: list[str]) -> list[str]:
    """The expression runs (EXPR) among a question's numbers, as read."""
    return [n for t, n in zip((t for t in tokens if t.type in ("NUM", "EXPR", "NUMWORD", "SIGNED")), numbers) if t.type == "EXPR"]


def _kinds_fit(shape: str, kinds: list[str], runs: list[str]) -> bool:
    """Whether an expression run (``runs``) or a signed number stands where ``shape`` takes one."""
    if shape == "ask_spoken" and runs and all(_LEADING_POINT.fullmatch(run) for run in runs):
        return True  # wip/arithW: ".5 plus .25" (a chain's operand: request.lark); "3 + 4 plus ten", "minus 0" stay no claim
    if "EXPR" in kinds and shape not in ("ask_expr", "ask_mixed", "ask_bare"):
        return False  # "3+4は7で割り切れますか", "4 + 3 km in m?", "3 + 4% of 80?": plain numbers only
    if "SIGNED" in kinds and shape not in ("ask_expr", "ask_spoken", "ask_mixed"):
        return False  # wip/arithV: "Is -3 less than 2?", "-4 km in m?": plain numbers only (request.lark: where SIGNED stands)
    return True


def _symbolic(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    lead = next((t for t in tokens if t.type in ("ASK", "COMMAND", "ASK_DOES")), None)  # wip/arithW: after "Please"
    if lead is not None and not _plain_case(lead):
        return None  # "wHaT iS 12 * 12?": the symbolic forms' lead in one case (wip/arithU: "what is", "WHAT IS" read)
    value = read_expression(numbers[0])
    return None if value is None else Question(numbers[0], value)


def _spoken(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    special = next((k for k in kinds if k in _SPECIAL), None)
    if special is not None:  # a root, a mean, a power by a written exponent, a difference, twice, half
        return _SPECIAL[special](tokens, numbers)
    power = next((_POWERS[k] for k in kinds if k in _POWERS), 0)
    if "LESS_THAN" in kinds:  # "11 less than 14": 14 - 11
        numbers = numbers[::-1]
    if _SECOND_FIRST.intersection(kinds):  # "8 subtracted from 12", "Subtract 8 from 12": 12 - 8 (wip/arithS)
        numbers = numbers[::-1]
    operator = "*" if power else next(_OPERATORS[k] for k in kinds if k in _OPERATORS)
    expression = f" {operator} ".join(numbers * power if power else numbers) + (" / 100" if "PERCENT" in kinds else "")
    return _valued(expression)


def _spoken_or_chain(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    """wip/arithT: a chain of "plus" and "minus" links ("10 minus 4 minus 2"), each link in its place, read
    left to right as the expression is: (10 - 4) - 2; any other operation said in words: :func:`_spoken`."""
    links = [_OPERATORS[k] for k in kinds if k in ("PLUS", "MINUS")]
    if len(links) > 1:
        return _valued(" ".join(n for pair in zip(numbers, [*links, ""]) for n in pair).strip())
    return _spoken(kinds, tokens, numbers)


_WRITTEN_OPERATION = re.compile(r"[+*^]|[0-9)] [-/] [0-9(]")  # "+", "*", "^" anywhere; "-" and "/" spaced


def _bare(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    """wip/arithW: "7+5?", an expression alone before its question mark: read when it writes an operation no date, phone
    number or fraction is written with ("+", "*", "^", a spaced "-" or "/"); "2024-12-07?", "555-1234?", "3/4?" stay no claim."""
    return _symbolic(kinds, tokens, numbers) if _WRITTEN_OPERATION.search(numbers[0]) else None


_OPERATION = re.compile(r"[0-9)] ?[-+*/^]")  # an operator after an operand: an expression, not a lone number


def _mixed(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    """wip/arithV: "(3 + 4) times ten", "3 times 2^3": the times word as "*" in place beside an expression that is one operand
    however it is said (:func:`_binds_as_one`); a times word of more than one word ("multiplied by": said of all that comes
    before it) is no claim."""
    if any(t.type == "TIMES" and " " in str(t) for t in tokens):
        return None
    if not all(_OPERATION.search(str(t)) for t in tokens if t.type == "EXPR"):
        return None  # a lone number outside NUM (".5 times 4", "- 3 times 4"): no operand of a word form
    if not all(_binds_as_one(str(t)) for t in tokens if t.type == "EXPR"):
        return None  # "3 + 4 times ten": 43 or 70 said aloud (as "2 plus 3 times 4"): only "(3 + 4) times ten" is one reading
    return _valued(" * ".join(numbers))


def _binds_as_one(expression: str) -> bool:
    """Whether an expression beside a times word is one operand however it is said: no "+", "-" or "/" outside its
    parentheses ("(3 + 4)", "2^3", "3 * 4"; a sign opening a number is no operator)."""
    depth = 0
    for i, c in enumerate(expression):
        depth += (c == "(") - (c == ")")
        if depth == 0 and c in "+-/" and expression[:i].strip():
            return False
    return True


def _valued(expression: str) -> Question | None:
    """A question asked in words: the expression read, its value stated (None: outside the grammar)."""
    value = read_expression(expression)
    return None if value is None else Question(expression, value, "value")


MAX_EXPONENT = 16  # "2 to the power of 16": 16 factors (MAX_OPERATORS: 15 operators)


def _power_of(tokens: list[Token], numbers: list[str]) -> Question | None:
    """"2 to the power of 10": the base times itself, for a written integer exponent 2..16 (no
    claim for 0, 1, a fraction or more: "2 to the power of 0.5" is no product of factors)."""
    base, exponent = numbers
    if not exponent.isdigit() or not 2 <= int(exponent) <= MAX_EXPONENT:
        return None
    return _valued(" * ".join([base] * int(exponent)))


def _root_of(tokens: list[Token], numbers: list[str]) -> Question | None:
    """"the square root of 144": 12, only when the root is exact (a square of a terminating
    decimal: "the square root of 2.25" is 1.5); "the square root of 2" is no claim."""
    value = Fraction(numbers[0])
    if value < 0:
        return None  # wip/arithV: "the square root of -16": no real root
    top, bottom = math.isqrt(value.numerator), math.isqrt(value.denominator)
    if top * top != value.numerator or bottom * bottom != value.denominator:
        return None
    return Question(f"sqrt({numbers[0]})", Fraction(top, bottom), "value")


def _cube_root_of(tokens: list[Token], numbers: list[str]) -> Question | None:
    """wip/arithU: "the cube root of 27": 3, only an integer's exact integer root ("the cube root of 2", of
    "0.125" or of "64" read as a square root: no claim of another value; 64 is 4 cubed)."""
    sign, digits = ("-", numbers[0][1:]) if numbers[0][:1] == "-" else ("", numbers[0])  # wip/arithV: "-27": -3
    if not digits.isdigit():
        return None
    number = int(digits)
    root = next((r for r in range(max(round(number ** (1 / 3)) - 1, 0), round(number ** (1 / 3)) + 2) if r**3 == number), None)
    return None if root is None else Question(f"cbrt({numbers[0]})", Fraction(-root if sign else root), "value")


def _modulo(tokens: list[Token], numbers: list[str]) -> Question | None:
    """wip/arithU: "17 mod 6": the remainder of two integers (unsigned: NUM), the divisor positive; a decimal
    ("17.5 mod 6") or a zero divisor is no claim (a sign, "-17 mod 6", is no NUM: the conventions disagree)."""
    dividend, divisor = numbers
    if not (dividend.isdigit() and divisor.isdigit()) or int(divisor) == 0:
        return None
    return Question(f"{dividend} mod {divisor}", Fraction(int(dividend) % int(divisor)), "value")


def _mean_of(tokens: list[Token], numbers: list[str]) -> Question | None:
    """"the average of 3, 5 and 10": their sum over their count, (3 + 5 + 10) / 3 (the mean; a
    median or a mode is no word of the tables)."""
    return _valued(f"({' + '.join(numbers)}) / {len(numbers)}")


def _difference_between(tokens: list[Token], numbers: list[str]) -> Question | None:
    """"the difference between 12 and 8": 12 - 8. Some read it as the first less the second, some
    as the larger less the smaller: both agree only when the first is not the smaller, so "the
    difference between 8 and 12" is no claim."""
    first, second = (Fraction(n) for n in numbers)
    return _valued(" - ".join(numbers)) if first >= second else None


# "twice 8", "double 8", "8 doubled": 2 * 8; "triple 8", "8 tripled": 3 * 8 (wip/arithT); "half of 12", "12 halved": 12 / 2
_FACTORS = {"TWICE": 2, "DOUBLED": 2, "TRIPLE": 3, "TRIPLED": 3}
_HALVES = frozenset({"HALF_OF", "HALVED"})


def _twice_or_half(tokens: list[Token], numbers: list[str]) -> Question | None:
    """"twice 8": 2 * 8; "triple 8": 3 * 8; "half of 12": 12 / 2."""
    word = next(t.type for t in tokens if t.type in _FACTORS or t.type in _HALVES)
    return _valued(f"{numbers[0]} / 2" if word in _HALVES else f"{_FACTORS[word]} * {numbers[0]}")


_SPECIAL = {"POWER_OF": _power_of, "POWER_END": _power_of, "ROOT_OF": _root_of, "ROOT_END": _root_of,
            "MEAN_OF": _mean_of, "DIFFERENCE_BETWEEN": _difference_between,
            "ROOT_SIGN": _root_of, "CUBE_ROOT_OF": _cube_root_of, "MOD": _modulo,  # wip/arithU
            "CUBE_ROOT_END": _cube_root_of,  # wip/arithV: zh "27的立方根", ja "27の立方根"
            **{word: _twice_or_half for word in (*_FACTORS, *_HALVES)}}


def _measured(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    """A conversion: "How many Y are in N X?" names the target first, "Convert N X to Y" last."""
    measures = [k for k in kinds if k in _tables()["*"]["measures"]]
    return _conversion(numbers[0], *(reversed(measures) if kinds[0] == "HOW_MANY" else measures))


def _plain_case(lead: str) -> bool:
    """A capital first letter and the rest lower case, all lower case or all upper case (wip/arithU: "what is",
    "WHAT IS" as "What is"; a script without case passes)."""
    letters = "".join(c for c in lead if c.isalpha())
    return letters[1:] == letters[1:].lower() or letters == letters.upper()


def _predicate(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    relations = _tables()["*"]["relations"]  # "divides": the divisor first ("Is 3 a factor of 30?")
    relation, negated = next(relations[k] for k in kinds if k in relations), "NOT" in kinds
    (a, b), predicate = numbers[::-1] if relation == "divides" else numbers, relation.replace("divides", "divisible by")
    if predicate == "divisible by":
        if "." in a + b or Fraction(b) == 0:
            return None
        holds = int(a) % int(b) == 0
    else:
        holds = Fraction(a) < Fraction(b) if predicate == "<" else Fraction(a) > Fraction(b)
    text = f"{'not ' if negated else ''}{a} {predicate} {b}"
    return Question(text, Fraction(int(holds != negated)), "yesno")


def _which(kinds: list[str], tokens: list[Token], numbers: list[str]) -> Question | None:
    """wip/arithV: "Which is bigger, 0.7 or 0.65?": the larger of the two (the smaller for "smaller"), stated; two
    equal numbers ("Which is bigger, 0.5 or 0.50?") are no claim."""
    first, second = (Fraction(n) for n in numbers)
    if first == second:
        return None
    larger = "BIGGER" in kinds or "WHICH_BIGGER" in kinds
    value = max(first, second) if larger else min(first, second)
    return Question(f"{'max' if larger else 'min'}({numbers[0]}, {numbers[1]})", value, "value")


def _prime(kinds: list[str], number: str) -> Question | None:
    """wip/arithW (the reverted 14b6a020, decided by the lead): "Is 97 a prime number?": whether a plain integer has
    exactly two divisors (sympy.isprime; 0 and 1 have not); a decimal ("Is 9.7 prime?") is no claim, and a NUM has at
    most 12 digits (_NUMBER): the size is capped below 10**12, where sympy.isprime is exact and fast."""
    if not number.isdigit():
        return None
    from sympy import isprime  # imported when asked: sympy is slow to import

    negated = "NOT" in kinds
    holds = bool(isprime(int(number)))
    return Question(f"{'not ' if negated else ''}{number} prime", Fraction(int(holds != negated)), "yesno")


def _conversion(number: str, source: str, target: str) -> Question | None:
    measures = _tables()["*"]["measures"]
    (dimension, factor), (to_dimension, to_factor) = measures[source], measures[target]
    if dimension != to_dimension:
        return None
    if dimension == "temperature":
        expression = {("fahrenheit", "celsius"): f"({number} - 32) * 5 / 9",
                      ("celsius", "fahrenheit"): f"{number} * 9 / 5 + 32"}.get((factor, to_factor))
    else:
        ratio = Fraction(factor) / Fraction(to_factor)
        p, q = ratio.numerator, ratio.denominator
        expression = None if ratio == 1 else f"{number} * {p}" if q == 1 else f"{number} / {q}" if p == 1 else f"{number} * {p} / {q}"
    value = None if expression is None else read_expression(expression)
    if value is None or not _terminating(value):
        return None  # "100 degrees Fahrenheit in degrees Celsius" is 340/9: no exact decimal to state
    return Question(expression, value, "value")


def _terminating(value: Fraction) -> bool:
    rest = value.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    return rest == 1


_SHAPES = {"ask_expr": _symbolic, "ask_bare": _bare, "ask_spoken": _spoken_or_chain, "ask_mixed": _mixed, "which": _which, "predicate": _predicate, "how_many": _measured,
           "conversion": _measured, "percent": _spoken,  # "Is 57 odd?": not 57 divisible by 2
           "parity": lambda kinds, tokens, numbers: _prime(kinds, numbers[0]) if "PRIME" in kinds else
           _predicate(["DIVISIBLE"] + ["NOT"] * (("NOT" in kinds) != ("ODD" in kinds)), tokens, [numbers[0], "2"]),
           "percent_glued": lambda kinds, tokens, numbers: _spoken(kinds, tokens, numbers[::-1])}  # zh "320的25%": 25% of 320
