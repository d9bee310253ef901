"""The linear task's one final-answer reader: which lines are answer lines and what they state.

An **answer line** is a line that names the answer: the word "answer" anywhere in it, or a line
that starts (after a step label, a bullet or heading, markdown, a connective "So,", "Thus",
"Therefore", "Hence", "Finally" and "the") with "final", "solution", "result" or "value". It is
read only when, after its label ("Answer:", "**Answer:**", "The solution is", "The value of x
is"...), the WHOLE remainder is one closed form:

* ``u = N`` pairs naming exactly the asked unknowns, each once, separated by commas or "and"; or
* a bare ``N``, only when exactly one unknown is asked;

N being a canonical literal (an integer, a decimal without trailing zeros, a reduced fraction,
an optional leading minus), with an optional final period. Anything else on the line (a variable
after the number, an operator, a second "=", another expression, an unasked unknown) makes it
an unreadable answer line, whose answer fails its checks.

Without an answer line, an unknown's final value is its last statement ``u = N`` in the text,
read the same way: the whole right-hand side up to the end of the statement must be N.
Fresh answers, reused entries and re-instantiated rewrites are all read by these functions
(:mod:`.steps` calls them per step and for the final check).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..base import short_text_cache
from ..algebra import is_canonical_number
from ..equation_claims import normalise_claims, verbal_equalities
from ..stepwise import label_len
from .targets import same_target, written_target

__all__ = ["AnswerLine", "answer_lines", "read_closed_form", "last_statement", "CANONICAL_LITERAL"]

_UNKNOWN = r"[A-Za-z](?:_?[0-9]+)?"
CANONICAL_LITERAL = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?(?:/[1-9][0-9]*)?"  # ASCII digits only
_PAIR = re.compile(rf"(?P<u>{_UNKNOWN})\s*=\s*(?P<n>{CANONICAL_LITERAL})")
_PLAIN_PAIR = rf"{_UNKNOWN}\s*=\s*{CANONICAL_LITERAL}"
_SEPARATOR = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
_PAIRS = re.compile(rf"{_PLAIN_PAIR}(?:{_SEPARATOR}{_PLAIN_PAIR})*")
_BARE = re.compile(CANONICAL_LITERAL)
_TARGET_PAIR = re.compile(rf"(?P<lhs>[^=]+?)\s*=\s*(?P<n>{CANONICAL_LITERAL})")
# What may stand before a label: a bullet, a heading mark, a quote mark.
_LEAD = re.compile(r"[ \t>]*(?:[-*+\u2022][ \t]+|#{1,6}[ \t]*)?[ \t]*")
_BOLD = r"(?:\*\*|__)"
_LABEL = re.compile(
    rf"(?P<open>{_BOLD})?[ \t]*"
    r"(?:(?:so|thus|therefore|hence|finally)\b[ \t]*,?[ \t]*)?"
    r"(?:the[ \t]+)?"
    r"(?P<keyword>final(?:[ \t]+(?:answer|solution|result|value)s?)?|(?:answer|solution|result|value)s?)\b"
    rf"(?:[ \t]+(?:of|for)(?=[ \t]+{_UNKNOWN}[ \t]*=))?"  # "the value of x is 5" (read as "x = 5")
    rf"[ \t]*(?P<close>{_BOLD})?[ \t]*(?:(?:is|are)\b[ \t]*:?|:|=)?[ \t]*(?P<close2>{_BOLD})?[ \t]*",
    re.IGNORECASE,
)
# One pair of marks may wrap the remainder ("**x = 4**", "$x = 4$", "\\(x = 4\\)", "`x = 4`").
_WRAPS = (("**", "**"), ("__", "__"), ("$", "$"), ("\\(", "\\)"), ("`", "`"))
_ANSWER_WORD = re.compile(r"\banswers?\b", re.IGNORECASE)


@dataclass(frozen=True)
class AnswerLine:
    """One answer line: its line number in the text it was found in, its remainder after the
    label, whether its label names the answer ("answer", "final"), and what it states (None:
    unreadable, ``reason`` says why)."""

    index: int
    remainder: str
    names_answer: bool
    values: dict[str, str] | None
    reason: str = ""


def read_closed_form(
    remainder: str, asked: tuple[str, ...], target: str = "", variables: tuple[str, ...] = ()
) -> tuple[dict[str, str] | None, str]:
    """What the remainder of an answer line states for the asked unknowns (or, when an expression
    over them is asked, for ``target``: "x^2 = 25", "2x = 8" or a bare "25"), or (None, why not)."""
    text = remainder.strip()
    if text.endswith("."):
        text = text[:-1].rstrip()
    if not text:
        return None, "the answer line states nothing"
    if target:
        values, reason = _target_stated(text, target, frozenset(variables))
        if values is None:
            return None, reason
    elif _PAIRS.fullmatch(text):
        values, reason = _pairs_stated(text, asked)
        if values is None:
            return None, reason
    elif _BARE.fullmatch(text):
        if len(asked) != 1:
            return None, "a bare number answers only a question with one unknown"
        values = {asked[0]: text}
    else:
        return None, f"the answer line is not 'unknown = value' for the asked unknowns: {remainder.strip()[:60]!r}"
    bad = next((lit for lit in values.values() if not is_canonical_number(lit)), None)
    if bad is not None:
        return None, f"{bad} is not written as an integer, decimal or reduced fraction"
    return values, ""


def _pairs_stated(text: str, asked: tuple[str, ...]) -> tuple[dict[str, str] | None, str]:
    """``u = N`` pairs naming exactly the asked unknowns, each once (or None, why not)."""
    values: dict[str, str] = {}
    for match in _PAIR.finditer(text):
        var, literal = match.group("u"), match.group("n")
        if var not in asked:
            return None, f"the answer line states {var}, which is not asked"
        if var in values:
            return None, f"the answer line states {var} twice"
        values[var] = literal
    missing = [v for v in asked if v not in values]
    if missing:
        return None, f"the answer line does not state {', '.join(missing)}"
    return values, ""


def _target_stated(text: str, target: str, variables: frozenset[str]) -> tuple[dict[str, str] | None, str]:
    """``{target: N}`` from "<the asked expression> = N" or a bare N; anything else is unread (an
    unknown's value "x = 5" does not answer "x squared")."""
    if _BARE.fullmatch(text):
        return {target: text}, ""
    stated = _TARGET_PAIR.fullmatch(text)
    if stated is None or not same_target(stated.group("lhs"), target, variables):
        return None, f"the answer line does not state the asked {written_target(target)}: {text[:60]!r}"
    return {target: stated.group("n")}, ""


def _unwrap(remainder: str, open_mark: str | None) -> str | None:
    """The remainder without the bold mark the label opened and one pair of marks wrapping it;
    None when a mark the label opened is never closed."""
    text = remainder.strip()
    period = text.endswith(".")
    if period:
        text = text[:-1].rstrip()
    if open_mark:
        if not text.endswith(open_mark):
            return None
        text = text[: -len(open_mark)].rstrip()
    for left, right in _WRAPS:
        if len(text) > len(left) + len(right) and text.startswith(left) and text.endswith(right):
            text = text[len(left) : -len(right)].strip()
            break
    return text + ("." if period else "")




@short_text_cache(8192)
def _read_line(line: str) -> tuple[bool, str | None] | None:
    """(names the answer, its remainder after the label: None when no label is read) of an
    answer line; None for another line. A pure function of the line, so a short line (a step
    is read per step, then again in the whole text by the final check) is read once."""
    body = verbal_equalities(line[label_len(line) :])
    lead = _LEAD.match(body)
    rest = body[lead.end() if lead else 0 :]
    label = _LABEL.match(rest)
    if label is not None:
        names_answer = label.group("keyword").lower().startswith(("answer", "final"))
        closed = label.group("close") or label.group("close2")
        remainder = _unwrap(rest[label.end() :], None if closed else label.group("open"))
        if names_answer or remainder is None or remainder.strip(" .:*_"):
            return names_answer, remainder
        # "Solution:" alone is a heading, not an answer
    if _ANSWER_WORD.search(body):
        return True, None  # "answer" outside a label: an answer line no rule reads
    return None


def answer_lines(
    text: str, asked: tuple[str, ...], target: str = "", variables: tuple[str, ...] = ()
) -> list[AnswerLine]:
    """The answer lines of ``text``, in order, each read by :func:`read_closed_form` (``index``:
    the line's number in ``text``; ``target``: the expression asked, over ``variables``)."""
    found: list[AnswerLine] = []
    for index, line in enumerate(text.split("\n")):
        read = _read_line(line)
        if read is None:
            continue
        names_answer, remainder = read
        if remainder is not None:
            values, reason = _closed_form(remainder, asked, target, variables)
        else:
            values, reason = None, f"an answer line without a label this checker reads: {line.strip()[:60]!r}"
        found.append(AnswerLine(index, remainder or "", names_answer, values, reason))
    return found


def _closed_form(
    remainder: str, asked: tuple[str, ...], target: str = "", variables: tuple[str, ...] = ()
) -> tuple[dict[str, str] | None, str]:
    """:func:`read_closed_form`, once per short remainder and asked unknowns (a step's answer line
    is read per step, then in the whole text); each caller gets its own dict."""
    items, reason = _closed_form_items(remainder, asked, target, variables)
    return (None if items is None else dict(items)), reason


@short_text_cache(4096)
def _closed_form_items(
    remainder: str, asked: tuple[str, ...], target: str, variables: tuple[str, ...]
) -> tuple[tuple[tuple[str, str], ...] | None, str]:
    values, reason = read_closed_form(remainder, asked, target, variables)
    return (None if values is None else tuple(values.items())), reason


_STATEMENT = re.compile(rf"(?<![\w.])(?P<u>{_UNKNOWN})\s*=(?!=)")
_OPERATORS = frozenset("+-*/^=\u2212\u00d7\u00f7\u00b7")
_STATED_VALUE = re.compile(
    rf"\s*(?P<n>{CANONICAL_LITERAL})(?=\s*$|\s*[,;)]|\.(?:\s|$)|\s+(?:and|so|then|which)\b)", re.MULTILINE
)


def last_statement(text: str, var: str) -> str | None:
    """The value the last statement ``var = ...`` of ``text`` gives ``var``, as written: the
    canonical literal when the whole statement is ``var = N``, else its right-hand side up to the
    end of the line (which is no canonical number); None when ``var`` is never stated."""
    body = normalise_claims(text)
    last: re.Match[str] | None = None
    for match in _STATEMENT.finditer(body):
        before = body[: match.start()].rstrip(" \t")
        if match.group("u") == var and not (before and before[-1] in _OPERATORS):
            last = match
    if last is None:
        return None
    value = _STATED_VALUE.match(body, last.end())
    if value is not None:
        return value.group("n")
    line_end = body.find("\n", last.end())
    return body[last.end() : line_end if line_end >= 0 else len(body)].strip() or "(nothing)"


def line_spans(body: str, indices: set[int]) -> list[tuple[int, int]]:
    """Where the lines with these numbers stand in ``body``."""
    spans: list[tuple[int, int]] = []
    start = 0
    for index, line in enumerate(body.split("\n")):
        if index in indices:
            spans.append((start, start + len(line)))
        start += len(line) + 1
    return spans
