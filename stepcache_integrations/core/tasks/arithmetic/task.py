"""Arithmetic questions ("What is 12 * 12?", "17 + 25 = ?"): exact checks and a computed answer.

Claim: the canonical prompt is exactly one of the closed question forms around one expression
of the grammar (``grammar.py``). The rules, each a function below:

* every line that is an equation chain holds in exact arithmetic (:func:`_chains_hold`);
* every stated value ("The answer is 144.") is the expression's value (:func:`_statements_right`);
* the last line states the value, written as a number in a canonical form (an integer, a
  terminating decimal or a reduced fraction): "= 12 * 12" or "= 288/2" state nothing
  (:func:`_ends_with_the_value`);
* every ``=`` and every number of the answer is read: a line outside the read forms may hold
  only words and sentence punctuation (no digit, numeral, ``=`` or other symbol,
  markup, list marker, "- " bullet; :func:`_prose_states_nothing`), else the answer fails;
* prose lines are not read: an answer with them is "checked", not "proven", and a cached
  answer's prose is served only for the same prompt (identical) (:func:`_prose_allowed`);
* a cached answer is about its own expression (up to spaces, :func:`_same_expression`), or
  opens with the new one (:func:`_opens_with`: a re-instantiated answer); for another
  expression the answer is re-instantiated: computed (the deterministic fallback).
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any

from ...types import Step, VerificationLevel, weakest
from ..base import UnitCheck, Verification
from ..fingerprint import same_prompt
from ..stepwise import StepwiseTask
from .constraints import ArithmeticConstraints
from .grammar import AnswerLine, format_value, number_alone_asked, plain_prose, read_answer_line, value_literals, yes_no

__all__ = ["ArithmeticTask"]

_Lines = list[tuple[str, AnswerLine | None]]
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")

_EVIDENCE_STEP = "every equation holds (exact arithmetic)"
_EVIDENCE_LAST = "every equation holds and the last line states the expression's value (exact arithmetic)"


def _read_lines(step: Step) -> _Lines:
    return [(line, read_answer_line(line)) for line in step.text.splitlines() if line.strip()]


def _chains_hold(lines: _Lines) -> str | None:
    for text, line in lines:
        if line is not None and not line.holds:
            return f"{text.strip()!r} does not hold"
    return None


def _prose_states_nothing(lines: _Lines) -> str | None:
    """A line the checker does not read holds no equation, number or symbol it could not check
    ("1. 3 * 4 = 13", "**20**", "= 20", "3 * 4 = 13, then ..."): only words and punctuation."""
    for text, line in lines:
        if line is None and not plain_prose(text):
            return f"{text.strip()!r} states what the checker cannot read (a number, an equation or markup)"
    return None


def _statements_right(lines: _Lines, value: Fraction) -> str | None:
    for _, line in lines:
        if line is not None and line.kind == "statement" and (line.final != value or not line.states_final_literally):
            return f"states {line.final_text}, but the value is {format_value(value)}"
    return None


def _ends_with_the_value(lines: _Lines, value: Fraction) -> str | None:
    final = lines[-1][1] if lines else None
    if final is None:
        return "the last line states no value the checker can read"
    if final.final != value:
        return f"ends with {format_value(final.final)}, but the value is {format_value(value)}"
    if not final.states_final_literally:  # "= 12 * 12", "= 145 - 1": true, but the value is never stated
        written = format_value(value)
        return f"the last line ends with {final.final_text!r}, not the value written as a number ({written})"
    return None


def _same_expression(cached: ArithmeticConstraints, new: ArithmeticConstraints) -> bool:
    """The same expression up to its spaces ("12*12", "12 * 12"): a cached answer's lines are
    about it; for any other expression they are about another question, however true."""
    return cached.expression is not None and new.expression is not None and (
        cached.expression.replace(" ", "") == new.expression.replace(" ", "")
    )


def _opens_with(steps: list[Step], new: ArithmeticConstraints) -> bool:
    """The answer's first line is an equation whose left side is the new expression (up to
    spaces): how a re-instantiated answer, written for the new prompt, begins."""
    lines = [line for step in steps for line in step.text.splitlines() if line.strip()]
    first = read_answer_line(lines[0]) if lines else None
    return (
        first is not None
        and first.kind == "chain"
        and new.expression is not None
        and first.first_text.replace(" ", "") == new.expression.replace(" ", "")
    )


_ALONE = {"number": "the prompt asks for the number alone", "yesno": "the prompt asks for yes or no alone"}
_YES_NO = re.compile(r"(?P<word>yes|no)[.!]?", re.IGNORECASE)


def _answer_lines(steps: list[Step]) -> list[str]:
    return [line.strip() for step in steps for line in step.text.splitlines() if line.strip()]


def _alone_error(steps: list[Step], new: ArithmeticConstraints) -> str | None:
    """For a prompt asking for the number alone ("Only the number, please.") or a yes/no
    predicate: why the answer is not exactly that (one line: the value as a canonical number, an
    optional final period; or "Yes"/"No", an optional period), None when it is and is right."""
    assert new.value is not None
    lines = _answer_lines(steps)
    if len(lines) != 1:
        return _ALONE[new.form] + f", in one line ({len(lines)} lines)"
    if new.form == "yesno":
        said = _said_yes(lines[0], new.language)
        if said is None:
            return _ALONE["yesno"] + (f" ({' / '.join(yes_no(new.language))})" if new.language != "en" else "")
        return None if said == (new.value == 1) else f"answers {lines[0][:20]}, but the predicate is {bool(new.value)}"
    stated = lines[0][:-1] if lines[0].endswith(".") else lines[0]
    if stated not in value_literals(new.value):
        return f"{_ALONE['number']} ({format_value(new.value)}), not {lines[0][:40]!r}"
    return None


def _said_yes(line: str, language: str) -> bool | None:
    """Whether a line alone says yes (True) or no (False) in the words of the question's table
    ("Ja.", "Nein"; in English "yes"/"no", any case, "." or "!"), else None: "Yes." answers no
    German question (its answer is computed in its own words instead)."""
    if language == "en":
        match = _YES_NO.fullmatch(line)
        return None if match is None else match.group("word").casefold() == "yes"
    yes, no = (word.rstrip(".。").casefold() for word in yes_no(language))
    said = line.rstrip(".。").casefold()
    return True if said == yes else False if said == no else None


def _value_alone(steps: list[Step], new: ArithmeticConstraints) -> bool:
    """The whole answer is one line stating the value and nothing else ("154", "154.", "The answer
    is 154."): no expression or prose of another question, so it answers any prompt whose value it is."""
    lines = _answer_lines(steps)
    line = read_answer_line(lines[0]) if len(lines) == 1 else None
    return line is not None and line.kind == "statement" and line.final == new.value and line.states_final_literally


def _written_for_another(steps: list[Step], new: ArithmeticConstraints, cached: ArithmeticConstraints) -> str | None:
    """Why a cached answer answers another question; None when it may answer this one."""
    if not _same_expression(cached, new) and not _opens_with(steps, new) and not _value_alone(steps, new):
        return "written for another expression (its answer is computed instead)"
    if cached.language != new.language and any(c.isalpha() for step in steps for c in step.text):
        return f"words written for a question in {cached.language} (its answer is computed instead)"
    return None


def _prose_allowed(constraints: ArithmeticConstraints, cached: ArithmeticConstraints | None) -> bool:
    return cached is None or same_prompt(cached.prompt, constraints.prompt)


def _check_step(name: str, step: Step, value: Fraction, *, last: bool, prose_allowed: bool) -> UnitCheck:
    lines = _read_lines(step)
    if not lines:
        return UnitCheck(name, not last, "the answer ends without a value" if last else "", "blank")
    error = (
        _chains_hold(lines)
        or _prose_states_nothing(lines)
        or _statements_right(lines, value)
        or (_ends_with_the_value(lines, value) if last else None)
    )
    if error:
        return UnitCheck(name, False, error)
    if any(line is None for _, line in lines):
        if not prose_allowed:
            return UnitCheck(name, False, "prose written for another prompt")
        return UnitCheck(name, True, evidence="prose, not read")
    return UnitCheck(name, True, evidence=_EVIDENCE_LAST if last else _EVIDENCE_STEP)


class ArithmeticTask(StepwiseTask):
    """One arithmetic expression asked in a closed question form; checked in exact arithmetic."""

    name = "arithmetic"
    #: The answer is computed from the new prompt alone, so any arithmetic entry will do.
    similarity_threshold = 0.3

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return schema is None and ArithmeticConstraints.of_prompt(prompt).claimed

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> ArithmeticConstraints:
        return ArithmeticConstraints.of_prompt(prompt)

    def load_constraints(self, data: Any) -> ArithmeticConstraints:
        return ArithmeticConstraints.read(data)

    def verify(self, steps: list[Step], constraints: Any, cached_constraints: Any) -> Verification:
        new = ArithmeticConstraints.read(constraints)
        if new.value is None:
            reason = "not an arithmetic question"
            return Verification([UnitCheck(f"step {i + 1}", False, reason) for i in range(len(steps))])
        if new.form in _ALONE:  # the value alone, whoever wrote it for whichever prompt
            error = _alone_error(steps, new)
            evidence = "the one line states the value asked (exact arithmetic)"
            return Verification([UnitCheck(f"step {i + 1}", error is None, error or "", evidence=evidence if error is None else "")
                                 for i in range(len(steps))])
        cached = None if cached_constraints is None else ArithmeticConstraints.read(cached_constraints)
        refused = None if cached is None else _written_for_another(steps, new, cached)
        if refused:
            return Verification([UnitCheck(f"step {i + 1}", False, refused) for i in range(len(steps))])
        prose_allowed = _prose_allowed(new, cached)
        return Verification([
            _check_step(f"step {i + 1}", step, new.value, last=i == len(steps) - 1, prose_allowed=prose_allowed)
            for i, step in enumerate(steps)
        ])

    def verification_level(
        self, steps: list[Step], constraints: Any, cached_constraints: Any, stored: VerificationLevel = "unchecked"
    ) -> VerificationLevel:
        """"proven" when every line was read and holds; "checked" when prose lines of words
        only were not read (a cached one no more than it was stored as); "unchecked" when a line
        it cannot read states a number, an equation or a symbol (such an answer fails its checks)."""
        new = ArithmeticConstraints.read(constraints)
        if new.form in _ALONE:
            return "proven" if new.value is not None and _alone_error(steps, new) is None else "unchecked"
        lines = [line for step in steps for line in step.text.splitlines() if line.strip()]
        unread = [line for line in lines if read_answer_line(line) is None]
        if lines and not unread:
            return "proven"
        if not all(plain_prose(line) for line in unread):
            return "unchecked"
        return "checked" if cached_constraints is None else weakest(stored, "checked")

    def plain_problem(self, constraints: Any) -> bool:
        """A question read whole and asked plainly ("What is 3 + 4?", "What is 14 times 11?"): no answer form
        asked ("Reply with the number only", a yes/no predicate's answer word) (``adapters.turns``)."""
        new = ArithmeticConstraints.read(constraints)
        return new.claimed and new.form in ("", "value")

    def written_as_served(self, answer: str, constraints: Any, newest: Any = None) -> bool:
        """Whether an earlier assistant turn is exactly what the cache serves its question (``fallback``) in the
        format the newest question (``newest``: its constraints, when this task reads it) is served in: "3 + 4 = 7."
        for "What is 3 + 4?", "154." for "What is 14 times 11?", "7" only when the newest asks the number alone.
        "7", "The answer is 7.", "**7**" or "7.0" before a plain question show a form the cache would not serve it
        in (``adapters.turns``; red team 30b, B3): the conversation is kept, no claim."""
        asked = ArithmeticConstraints.read(constraints)
        if newest is not None and ArithmeticConstraints.read(newest).form == "number":
            asked = dataclasses.replace(asked, form="number")
        served = self.fallback(asked)
        return served is not None and answer.strip() == served

    def alone_form_asked(self, question: str, constraints: Any) -> str | None:
        """The newest user turn ``question`` (read as ``constraints``, no form asked) with its table's instruction
        asking the number alone: the form a conversation whose every earlier answer is the number alone ("7")
        asks (``adapters.turns``, wip/histK); the prompt is then keyed and checked as form "number". None: no
        such turn (a yes/no predicate, a form asked already, an instruction its table does not read with it)."""
        new = ArithmeticConstraints.read(constraints)
        if not new.claimed or new.form not in ("", "value") or new.value is None or new.value.denominator != 1:
            return None  # a fraction or a decimal has forms of its own ("1/3", "0.333", de "3,5"; red team 31b)
        return number_alone_asked(question, new.language)

    def problem_key(self, constraints: Any) -> str | None:
        """The expression up to its spaces (its value follows from it); None for a prompt not claimed."""
        new = ArithmeticConstraints.read(constraints)
        if not new.claimed or new.expression is None:
            return None
        key = new.expression.replace(" ", "")
        return f"{new.form}: {key}" if new.form else key  # the answer's form is asked: "154" is no "14 * 11 = 154."

    def shape_key(self, constraints: Any) -> str | None:
        """The expression with its numbers abstracted: every answer of one is computed
        (re-instantiation is the fallback for the new expression)."""
        key = self.problem_key(constraints)
        return None if key is None else _NUMBER.sub("N", key)

    def reinstantiate(self, steps: list[Step], cached_constraints: Any, constraints: Any) -> list[Step] | None:
        answer = self.fallback(constraints)
        return None if answer is None else self.segment(answer, constraints)

    def fallback(self, constraints: Any) -> str | None:
        new = ArithmeticConstraints.read(constraints)
        if new.expression is None or new.value is None:
            return None
        if new.form == "yesno":
            yes, no = yes_no(new.language)
            return yes if new.value == 1 else no
        if new.form == "number":
            return format_value(new.value)
        if new.form == "value":  # asked in words: the value, stated (the expression is the reader's)
            return f"{format_value(new.value)}."
        return f"{new.expression} = {format_value(new.value)}."
