"""Arithmetic questions asked in words (issue 33, held-out templates): a closed set of English
question forms over plain numbers and the words of ``vocabulary/en.json``, each read into one
expression of the arithmetic grammar (``grammar.py``) or one yes/no predicate, with its exact value.

Forms (case folded; ``A``, ``B``, ``N`` plain numbers of the grammar: digits, an optional decimal
part, no sign, no thousands separator), the whole prompt and nothing else:

* one operator word between two numbers: "What is 14 times 11?", "How much is 7 plus 5?",
  "Compute 9 divided by 4." (``14 * 11``; one operator only: "2 plus 3 times 4" is read two ways
  aloud, so it is declined);
* a unit conversion between two units of one dimension, or two temperature scales: "How many
  grams are in 4 kilograms?", "How many minutes are there in 3 hours?", "What is 77 degrees
  Fahrenheit in degrees Celsius?", "Convert 2 litres to millilitres." (``4 * 1000``,
  ``(77 - 32) * 5 / 9``); a result that is no terminating decimal is declined;
* a yes/no predicate of two numbers: "Yes or no: is 43 divisible by 3?", "Is 36 not smaller than
  83?" (divisibility of integers by a positive integer; smaller, less, larger, greater, bigger);

each optionally followed by one instruction of NUMBER_ONLY ("Only the number, please."), which
asks for the value alone (a predicate's answer is "Yes." or "No." alone anyway). The symbolic
questions ("What is 12 * 12?") are ``grammar.read_question``'s; that instruction may follow them too.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

__all__ = ["WordQuestion", "read_word_question", "split_number_only", "VOCABULARY"]

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
