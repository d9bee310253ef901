"""The checks of a linear solution chain: each step's operations, statements and claims, the final
answer lines, the answer format the prompt asks for, and the constraints a prompt sets (LinearConstraints)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from ...types import BoundedLRU, Step, Unfreezable, freeze
from ..algebra import (
    MAX_NUMBER_DIGITS,
    Equation,
    LinearForm,
    equation_shape,
    find_equations,
    format_number,
    is_canonical_number,
    literal_fraction,
    normalise_claims,
    outside_alphabet,
    verbal_equalities,
)
from ..base import TaskConstraints, short_text_cache
from ..prompt_diff import extract_slots
from ..stepwise import label_len
from .answer_form import value_in
from .prompt import understand_prompt
from .targets import same_target, target_value, written_target

__all__ = [
    "REARRANGING",
    "Operation",
    "normalised",
    "rearrangements",
    "transition_holds",
    "unexplained_arithmetic",
    "unread_equals",
    "unrestated",
    "AnswerLine",
    "answer_lines",
    "read_closed_form",
    "last_statement",
    "CANONICAL_LITERAL",
    "ProblemContext",
    "StepVerdict",
    "check_steps",
    "final_value_errors",
    "unread_prose",
    "format_errors",
    "LinearConstraints",
]


# ---- A prose operation of a linear step ("Subtract 5 from both sides") and whether operations

# Verbs that only move terms between sides and gather them ("Collect the x terms on the left",
# "Combine like terms", "Simplify"): they scale nothing, so the equation they lead to has the same
# form, lhs - rhs, as the one before (or its negation: the sides swapped). Red team round 11: read
# as words that state nothing, "Collect ...: 50x = 10" passed after 10x + 1 = 3 (true at x = 1/5,
# but no rearrangement of it).
REARRANGING = re.compile(
    r"\b(?:collect|collecting|collected|combine|combining|combined|simplify|simplifying|simplified)\b", re.IGNORECASE
)
_REARRANGING_VERBS = frozenset({"col", "com", "sim"})


@dataclass
class Operation:
    """An operation read in step ``step`` at ``pos``: its verb as written and its number."""

    step: int
    pos: int
    verb: str
    value: Fraction

    @property
    def named(self) -> str:
        """The operation as a reason names it ("Subtract 5", "Collect")."""
        return self.verb if REARRANGING.fullmatch(self.verb) else f"{self.verb} {format_number(self.value)}"


def rearrangements(step: int, body: str) -> list[Operation]:
    """The rearranging verbs of a step's body, as operations (their value is unused)."""
    return [Operation(step, m.start(), m.group(), Fraction(0)) for m in REARRANGING.finditer(body)]


def _apply(verb: str, value: Fraction, left: LinearForm, right: LinearForm) -> tuple[LinearForm, LinearForm] | None:
    """Both sides after one operation (``verb``: the first three letters of its verb, lowercased)."""
    if verb in ("add", "sub"):
        shift = LinearForm(const=value if verb == "add" else -value)
        return left + shift, right + shift
    if value == 0:
        return None
    factor = value if verb == "mul" else 1 / value
    return left.scale(factor), right.scale(factor)


def transition_holds(ops: list[Operation], before: Equation, after: Equation) -> bool:
    """Whether the operations, in order, turn ``before`` into ``after`` (either way round).

    Computed once per exact input: what is read of each operation (the first three letters of
    its verb, lowercased, and its value) and the four sides, compared by value (a derivation's
    operations are checked again for each rewrite re-instantiation tries, and by the final
    check). Equal inputs give the same answer: the arithmetic is exact."""
    signature = tuple((op.verb[:3].lower(), op.value) for op in ops)
    return _transition_of(signature, before.left, before.right, after.left, after.right)


@lru_cache(maxsize=4096)
def _transition_of(
    signature: tuple[tuple[str, Fraction], ...],
    left: LinearForm,
    right: LinearForm,
    after_left: LinearForm,
    after_right: LinearForm,
) -> bool:
    for verb, value in signature:
        if verb in _REARRANGING_VERBS:
            continue
        applied = _apply(verb, value, left, right)
        if applied is None:
            return False
        left, right = applied
    if any(verb in _REARRANGING_VERBS for verb, _ in signature):
        form, after = left + right.scale(Fraction(-1)), after_left + after_right.scale(Fraction(-1))
        return form == after or form == after.scale(Fraction(-1))
    return (left, right) == (after_left, after_right) or (right, left) == (after_left, after_right)


@short_text_cache(8192)
def normalised(body: str) -> str:
    """``normalise_claims(body)``; a short body (every step is read under each new problem) once."""
    return normalise_claims(body)


# ---- What a step states that nothing checks against the problem (blind red teams rounds 9-10).

_EQUALS = re.compile(r"=(?!>)")  # "=>" is an arrow between statements, not an equation
_PLAIN_NUMBER = re.compile(r"(?<![\w.])[0-9]+(?:\.[0-9]+)?")
# Words saying that what follows is the problem itself.
_RESTATING = re.compile(
    r"\b(?:start|starting|started|begin|beginning)\b|\b(?:equation|equations|system|problem)\s+(?:is|are)\b", re.IGNORECASE
)
_BARE_NUMBER_SIDE = re.compile(r"\s*-?[0-9]+(?:\.[0-9]+)?\s*")


def unread_equals(body: str, equations: list[Equation]) -> str:
    """Why a step fails when one of its '=' is outside every equation read ("x = .25", "5. = x",
    "x = 5 = .6", "x = 5 %", "x = 3 * x = 15"'s unread link), or "" when each is read."""
    stated = len(_EQUALS.findall(body))
    if stated == len(equations):
        return ""
    return f"states {stated - len(equations)} equation(s) this checker cannot read (an '=' outside every equation read)"


def unrestated(body: str, equations: list[Equation], op_spans: list[tuple[int, int]], problem: tuple[Equation, ...]) -> str:
    """Why a step fails when it says it states the problem ("Start with", "The system is") and an
    equation it states after saying so, before any operation, is none of the problem's equations
    (either side first), or "" (red team round 11: "Start from the equation 3x = 15." and "The
    system is x = 5." passed for 3x + 5 = 20, each true at the solution but not the problem)."""
    said = _RESTATING.search(body)
    if said is None:
        return ""
    first_op = min([start for start, _ in op_spans] + [m.start() for m in REARRANGING.finditer(body)], default=len(body))
    stated = [eq for eq in equations if said.start() <= eq.start < first_op]
    for eq in stated:
        if not any(_same(eq, p) for p in problem):
            return f"'{eq.text}' is stated as the problem, which it is not"
    if said.group().lower().startswith(("system", "equations")) and not all(any(_same(eq, p) for eq in stated) for p in problem):
        return "states the system without all of its equations"  # "The system is x - y = 2." for two
    return ""


def _same(eq: Equation, problem: Equation) -> bool:
    """The problem's equation, either side first."""
    return (eq.left, eq.right) in ((problem.left, problem.right), (problem.right, problem.left))


def unexplained_arithmetic(sequence: list[tuple[int, int, Any]], ctx: Any) -> dict[int, str]:
    """Steps (by index) stating an equation with no unknown ("15 / 3 = 5", "2 * 2 = 4") with a number
    that neither the problem, its solution, an operation nor an earlier equation states: arithmetic
    of another problem (a re-instantiation leaves it as it was) or a claim nothing ties to this one.
    In a chain with an unknown, a side that is a bare number is what the other side computes."""
    if not _states_arithmetic(sequence):
        return {}  # every equation has an unknown: none is checked here
    explained = {abs(n) for eq in ctx.problem for n in eq.numbers} | {abs(v) for v in ctx.solution.values()}
    chained = {(step, item.start) for step, _, item in sequence if isinstance(item, Equation) and item.identifiers}
    failures: dict[int, str] = {}
    for step, _, item in sorted(sequence, key=lambda entry: (entry[0], entry[1])):
        if not isinstance(item, Equation):
            explained.add(abs(item.value))  # an operation's number
            continue
        chain = (step, item.start) in chained
        missing = None if item.identifiers or step in failures else _unexplained(item, chain, explained)
        if missing is not None:
            failures[step] = (
                f"'{item.text}' computes with {format_number(missing)}, which neither the problem "
                "nor the derivation before it states"
            )
        explained |= {abs(n) for n in item.numbers}
    return failures


def _states_arithmetic(sequence: list[tuple[int, int, Any]]) -> bool:
    return any(isinstance(item, Equation) and not item.identifiers for _, _, item in sequence)


def _unexplained(equation: Equation, chained: bool, explained: set[Fraction]) -> Fraction | None:
    """The first number of an equation with no unknown that nothing explains: in a chain with an
    unknown ("3x = 20 - 5 = 15") it computes, so its inputs count; alone, each number counts."""
    used = _inputs(equation.text) if chained else [abs(n) for n in equation.numbers]
    return next((n for n in used if n not in explained), None)


def _inputs(text: str) -> list[Fraction]:
    """The numbers an equation with no unknown computes with: both sides', but a side that is a
    bare number is the result (absolute values: a sign is an operator here)."""
    left, _, right = text.partition(" = ")
    sides = [side for side in (left, right) if not _BARE_NUMBER_SIDE.fullmatch(side)] or [left]
    return [abs(literal_fraction(n)) for side in sides for n in _PLAIN_NUMBER.findall(side)]


# ---- The linear task's one final-answer reader: which lines are answer lines and what they state.

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


# ---- Positive evidence for each step of a linear-equation answer.

_Op = Operation
_normalised = normalised
_transition_holds = transition_holds

_ENGLISH_LETTERS = frozenset({"a", "A", "I"})
_NUM = r"-?[0-9]+(?:\.[0-9]+)?"  # ASCII digits only; a step with another script's digit fails
_NUMBER = re.compile(r"(?<![\w.])-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?![\d])")  # ".25" is a number too
_OPERATION = re.compile(
    rf"\b(?P<verb>add|adding|subtract|subtracting|multiply|multiplying|divide|dividing)\s+"
    rf"(?:(?P<num1>{_NUM})\s+(?:to|from)\s+both\s+sides|both\s+sides\s+by\s+(?P<num2>{_NUM})|by\s+(?P<num3>{_NUM})"
    rf"|(?P<num4>{_NUM}))(?![\d.])(?!\s+(?:to|from|on)\s+the\b)",  # "Subtract 5 from the left" is one side: unread
    re.IGNORECASE,
)
# The closed vocabulary of a step's prose: words that state no fact about the problem beyond the
# equations and the operations read above. Anything else ("Halve", "Double", "twice", "the left
# side", "two", "since", "first", "even", "prime") is a claim this checker cannot verify.
_STEP_WORDS = frozenset(
    """
    step steps subtract subtracting subtracted add adding added divide dividing divided multiply
    multiplying multiplied from to both sides by the equation equations start starting begin with
    collect collecting terms term on left right and constants constant numbers so therefore thus
    hence we get gives give giving answer final solution is are simplify simplifying simplified
    combine combining like this then now of system solving solve exactly result value values a an it
    """.split()
)
_PROSE_WORD = re.compile(r"[^\W\d_]+(?:_[^\W_]+)*")  # any script's letters ("x_1" is one word): an unknown or unread


@short_text_cache(4096)
def unread_prose(text: str, variables: frozenset[str]) -> str | None:
    """The first word of a step, outside its equations, that is neither an unknown of the problem
    nor in the closed step vocabulary; None when every word is read (a short step is read once
    per set of unknowns: the verifier and the level both ask)."""
    body = text[label_len(text) :]
    for eq in find_equations(body, variables, limit=len(body) + 1):
        body = body.replace(eq.text, " ")
    for word in _PROSE_WORD.findall(body):
        if word not in variables and word.lower() not in _STEP_WORDS:
            return word
    return None


# Any operation verb: one the operation reader above did not read ("Add three to both sides",
# "Add the two equations") is prose this checker cannot verify, so its step fails.
_OPERATION_VERB = re.compile(
    r"\b(?:add(?:s|ed|ing)?|subtract(?:s|ed|ing)?|multipl(?:y|ies|ied|ying)|divid(?:e|es|ed|ing))\b", re.IGNORECASE
)
_DECIMAL_FRACTION = re.compile(r"\d+\.\d+\s*/\s*\d|\d\s*/\s*\d+\.\d+|\d\s*/\s*\d+\s*/\s*\d")


@dataclass(frozen=True)
class ProblemContext:
    """What a step is checked against: the new problem and what changed from the cached one."""

    variables: tuple[str, ...]
    asked: tuple[str, ...]
    solution: dict[str, Fraction]
    problem: tuple[Equation, ...]
    stale_vars: frozenset[str] = frozenset()
    stale_numbers: frozenset[Fraction] = frozenset()
    # (index, text) -> a step's own verdict and reading-order items under this context: a
    # re-instantiation checks the same prefix once per candidate rewrite of the next step.
    step_memo: dict[tuple[int, str], tuple[StepVerdict, tuple[Any, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The context of the same new problem with no cached one (the final check's), set only when
    # this one differs from it by its stale constants alone: see :func:`_share_with_plain`.
    plain: ProblemContext | None = field(default=None, compare=False, repr=False)
    # step texts -> the final check's errors (:func:`final_value_errors`, a function of them)
    final_memo: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    # step texts -> the task's whole verification of them against this pair of problems (the
    # context of (new, cached) as ``problem_context`` keys it: ``LinearEquationTask.verify``)
    proof_memo: dict[tuple[str, ...], tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)
    # step texts -> the verdicts of :func:`check_steps` on them (the whole chain, no provisional tail)
    chain_memo: dict[tuple[str, ...], tuple[StepVerdict, ...]] = field(default_factory=dict, compare=False, repr=False)
    # the expression asked instead of the unknowns ("x**2") and its exact value at the solution
    target: str = ""
    target_value: Fraction | None = None


@dataclass
class StepVerdict:
    """Whether one step is proven for the problem, why not, and what evidence it had."""

    ok: bool = True
    reason: str = ""
    evidence: list[str] = field(default_factory=list)
    depends_on: int | None = None  # a later step whose equation proves an operation here

    def fail(self, reason: str) -> None:
        if self.ok:
            self.ok, self.reason = False, reason

    def copy(self) -> StepVerdict:
        """An independent copy (its own evidence list)."""
        return StepVerdict(self.ok, self.reason, list(self.evidence), self.depends_on)


@lru_cache(maxsize=4096)
def _number(literal: str) -> Fraction | None:
    if len(literal.lstrip("-").replace(".", "")) > MAX_NUMBER_DIGITS:
        return None
    return Fraction(literal)


def _restates_another_problem(eq: Equation, ctx: ProblemContext) -> bool:
    """An equation of the problem's own form with other constants (3x + 5 = 20 for 3x + 20 = 35
    holds at x = 5 too, but is not the problem): only an exact restatement is evidence."""
    return restates_another(eq, ctx.problem)


def restates_another(eq: Equation, problem: tuple[Equation, ...]) -> bool:
    """:func:`_restates_another_problem` against the problem's equations as written (``problem``)."""
    shape = equation_shape(eq.text)[0]
    same_form = [
        p for p in problem if equation_shape(p.text)[0] == shape and p.form.variables == eq.form.variables
    ]
    return bool(same_form) and not any(
        (eq.left, eq.right) in ((p.left, p.right), (p.right, p.left)) for p in same_form
    )


def _check_equation(eq: Equation, ctx: ProblemContext) -> str:
    unknown = [v for v in eq.form.variables if v not in ctx.solution]
    if unknown:
        return f"'{eq.text}' uses {', '.join(unknown)}, which the problem does not have"
    if eq.form.evaluate(ctx.solution) != 0:
        return f"'{eq.text}', as this checker reads it, does not hold at the problem's solution"
    if _restates_another_problem(eq, ctx):
        return f"'{eq.text}' has the problem's form but not its constants"
    stale = next((n for n in eq.numbers if n in ctx.stale_numbers), None) if ctx.stale_numbers else None
    if stale is not None:
        return f"'{eq.text}' restates {format_number(stale)}, a constant of a different problem"
    return ""


def _explained_spans(body: str, equations: list[Equation], ops: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(eq.start, eq.end) for eq in equations] + ops


def _check_prose_numbers(
    body: str, spans: list[tuple[int, int]], ctx: ProblemContext, verdict: StepVerdict
) -> None:
    """Every number outside the step's equations, operations and read answer lines fails it
    (a value is read only from an answer line in a closed form, never from a claim in prose)."""
    for match in _NUMBER.finditer(body):
        if any(start <= match.start() < end for start, end in spans):
            continue
        number = match.group().lstrip("-")
        verdict.fail(f"mentions {number}, which no checked equation, operation or answer line accounts for")
        return


MAX_CHAIN_MEMO = 64  # whole chains kept per context (:func:`check_steps`)


def check_steps(steps: list[Step], ctx: ProblemContext, *, provisional_tail: bool = False) -> list[StepVerdict]:
    """A verdict per step. ``provisional_tail`` accepts an operation whose resulting equation
    is not among ``steps`` yet (re-instantiation checks a prefix step by step).

    A whole chain (no provisional tail) is checked once per exact step texts under ``ctx`` (a pure
    function of them, each step's own rules memoised the same way: :func:`_check_step_once`): a
    re-instantiation's proof of its rewrite (``rewrite._all_prove``) is the verifier's of the same
    text for the same pair of problems. Copies are returned (callers fail verdicts further).

    A chain every step of which passes is kept for ``ctx.plain`` too (the final check's context of
    the same new problem), as a passing step is (:func:`_share_with_plain`): there each step passes
    its own rules with the same evidence and items, and the rules of the chain read only what both
    contexts share (the problem's equations and solution; no stale unknowns, so the same known
    names). A chain with a failing step is never shared (without the stale constants it may pass)."""
    if provisional_tail:
        return _check_steps(steps, ctx, True)
    key = tuple(step.text for step in steps)
    found = ctx.chain_memo.get(key)
    if found is None:
        found = tuple(verdict.copy() for verdict in _check_steps(steps, ctx, False))
        if len(ctx.chain_memo) < MAX_CHAIN_MEMO:
            ctx.chain_memo[key] = found
        plain = ctx.plain
        if plain is not None and not ctx.stale_vars and all(v.ok for v in found) and len(plain.chain_memo) < MAX_CHAIN_MEMO:
            plain.chain_memo.setdefault(key, found)
    return [verdict.copy() for verdict in found]


def _check_steps(steps: list[Step], ctx: ProblemContext, provisional_tail: bool) -> list[StepVerdict]:
    """:func:`check_steps` computed."""
    known = frozenset(ctx.variables) | ctx.stale_vars
    sequence: list[tuple[int, int, Equation | _Op]] = []  # (step, position, item) in reading order
    verdicts = [_check_step_once(i, step, ctx, known, sequence) for i, step in enumerate(steps)]
    _check_operations(sequence, verdicts, ctx, provisional_tail)
    for index, reason in unexplained_arithmetic(sequence, ctx).items():  # "15 / 3 = 5" for x = 0
        verdicts[index].fail(reason)
    for verdict in verdicts:
        _rule_proof_does_not_fail(verdict, verdicts)
        if verdict.ok and not verdict.evidence:
            verdict.evidence.append("states no value")
    return verdicts


def _check_step_once(
    i: int, step: Step, ctx: ProblemContext, known: frozenset[str], sequence: list[tuple[int, int, Equation | _Op]]
) -> StepVerdict:
    """:func:`_check_step`, computed once per (index, text) under ``ctx`` (a pure function of them)."""
    key = (i, step.text)
    found = ctx.step_memo.get(key)
    if found is None:
        own: list[tuple[int, int, Equation | _Op]] = []
        verdict = _check_step(i, step, ctx, known, own)
        found = (verdict.copy(), tuple(own))
        ctx.step_memo[key] = found
        _share_with_plain(ctx, key, found)
    sequence.extend(found[1])
    return found[0].copy()


MAX_SHARED_STEPS = 4096  # a plain context takes no more shared verdicts than this


def _share_with_plain(
    ctx: ProblemContext, key: tuple[int, str], found: tuple[StepVerdict, tuple[Any, ...]]
) -> None:
    """A step that passes its own rules under ``ctx`` passes them, with the same evidence and items,
    under ``ctx.plain``: the same problem (checked when linked), no stale unknowns, so the same
    equations and rules; stale constants are only one more way to fail (:func:`_check_equation`).
    A failing verdict is never shared (without the stale constants it may pass)."""
    plain = ctx.plain
    if plain is None or ctx.stale_vars or not found[0].ok or len(plain.step_memo) >= MAX_SHARED_STEPS:
        return
    plain.step_memo.setdefault(key, found)


def _check_step(
    i: int, step: Step, ctx: ProblemContext, known: frozenset[str], sequence: list[tuple[int, int, Equation | _Op]]
) -> StepVerdict:
    """The rules one step must pass on its own, in order; its equations and operations are added
    to ``sequence`` for the operation rule, which reads the steps together."""
    verdict = StepVerdict()
    raw = step.text[label_len(step.text) :]
    body = _normalised(raw)
    reason = _rule_closed_alphabet(step.text) or _rule_checkable(body, ctx)
    if reason:
        verdict.fail(reason)
        return verdict
    lines = answer_lines(raw, ctx.asked, ctx.target, ctx.variables)
    if ctx.target:  # "x^2 = 25" states the asked expression: read as an answer, not as an equation
        lines, body = _target_lines(raw, body, lines, ctx)
    equations = find_equations(body, known, limit=len(body) + 1)
    if reason := unread_equals(body, equations):  # "x = .25": a statement no equation read
        verdict.fail(reason)
    _rule_equations_hold(i, equations, ctx, verdict, sequence)
    op_spans = _rule_operations_read(i, body, verdict, sequence)
    if reason := unrestated(body, equations, op_spans, ctx.problem):  # "Start from 3x = 15" for 3x + 5 = 20
        verdict.fail(reason)
    _rule_no_unread_operation(body, op_spans, verdict)
    # Read from the text as written (markup kept); its lines are the lines of ``body``, unless a
    # verbal equality spanned a line break ("x is\n5"): then no answer line explains a number.
    for line in lines:
        _check_answer_line(line, ctx, verdict)
    if verdict.ok:
        read = {line.index for line in lines} if raw.count("\n") == body.count("\n") else set()
        _check_prose_numbers(body, _explained_spans(body, equations, op_spans) + line_spans(body, read), ctx, verdict)
    _rule_no_stale_variable(body, equations, ctx, verdict)
    if verdict.ok and equations:
        verdict.evidence.append(f"{len(equations)} equation(s) hold for the new problem")
    return verdict


def _target_lines(raw: str, body: str, lines: list[AnswerLine], ctx: ProblemContext) -> tuple[list[AnswerLine], str]:
    """The lines stating the asked expression ("Answer: x^2 = 25", "x^2 = 25") read as answer lines,
    and ``body`` with them blanked for the equation reader (what they state is checked as an answer,
    its value against the expression at the solution)."""
    read = {line.index: line for line in lines}
    raw_lines, body_lines = raw.split("\n"), body.split("\n")
    if len(raw_lines) != len(body_lines):
        return lines, body  # a verbal equality spanned a line break: nothing is blanked
    for index, line in enumerate(raw_lines):
        if index not in read and "=" in line:
            values, _ = read_closed_form(line[label_len(line) :], ctx.asked, ctx.target, ctx.variables)
            if values is not None:
                read[index] = AnswerLine(index, line, False, values)
        if index in read and read[index].values is not None and "=" in body_lines[index]:
            body_lines[index] = " " * len(body_lines[index])
    return [read[index] for index in sorted(read)], "\n".join(body_lines)


def _rule_closed_alphabet(text: str) -> str:
    """A step holding a digit of another script or '\u00b7', '\u00d7', '\u00f7' is not read ("x = 1\u0660" is
    not x = 10): it fails, it is never reinterpreted."""
    found = outside_alphabet(text)
    return "" if found is None else f"writes {found!r}, outside the closed ASCII alphabet of numbers and operators"


def _rule_checkable(body: str, ctx: ProblemContext) -> str:
    """A step is checked only against a problem with a unique solution, and only when its
    numbers are canonical (no fraction with decimals, no fraction of a fraction)."""
    if not ctx.solution:
        return "the problem has no unique solution"
    if _DECIMAL_FRACTION.search(body):
        return "writes a fraction with decimals or a fraction of a fraction (not a canonical number)"
    return ""


def _rule_equations_hold(
    i: int,
    equations: list[Equation],
    ctx: ProblemContext,
    verdict: StepVerdict,
    sequence: list[tuple[int, int, Equation | _Op]],
) -> None:
    """Every equation of the step holds for the problem (:func:`_check_equation`); up to the
    first that fails, they join the reading order."""
    for eq in equations:
        reason = _check_equation(eq, ctx)
        if reason:
            verdict.fail(reason)
            return
        sequence.append((i, eq.start, eq))


def _rule_operations_read(
    i: int, body: str, verdict: StepVerdict, sequence: list[tuple[int, int, Equation | _Op]]
) -> list[tuple[int, int]]:
    """The step's prose operations ("Subtract 5 from both sides") join the reading order; a
    number too long to check fails the step. Returns the spans they cover."""
    op_spans: list[tuple[int, int]] = []
    for match in _OPERATION.finditer(body):
        literal = next(g for g in (match.group(f"num{k}") for k in range(1, 5)) if g is not None)
        value = _number(literal)
        if value is None:
            verdict.fail("a number too long to check")
            break
        sequence.append((i, match.start(), _Op(i, match.start(), match.group("verb"), value)))
        op_spans.append((match.start(), match.end()))
    sequence.extend((i, op.pos, op) for op in rearrangements(i, body))  # "Collect the terms": same form
    return op_spans


def _rule_no_unread_operation(body: str, op_spans: list[tuple[int, int]], verdict: StepVerdict) -> None:
    """An operation verb the operation reader did not read ("Add three to both sides", "Add the
    two equations") fails the step."""
    unread = next((m for m in _OPERATION_VERB.finditer(body) if not any(a <= m.start() < b for a, b in op_spans)), None)
    if unread is not None:
        verdict.fail(f"an operation this checker cannot read: {body[unread.start() : unread.start() + 40]!r}")


def _rule_no_stale_variable(body: str, equations: list[Equation], ctx: ProblemContext, verdict: StepVerdict) -> None:
    """Outside its equations, the step names no unknown of the cached problem that the new one
    lacks (the articles "a", "A" and "I" are words, not unknowns)."""
    remainder = body
    for eq in equations:
        remainder = remainder.replace(eq.text, " ")
    stale_var = next((v for v in ctx.stale_vars if v not in _ENGLISH_LETTERS and _mentions(remainder, v)), None)
    if stale_var is not None:
        verdict.fail(f"mentions variable {stale_var} of a different problem")


def _rule_proof_does_not_fail(verdict: StepVerdict, verdicts: list[StepVerdict]) -> None:
    """An operation proven only by a later step's equation fails when that step fails."""
    if verdict.ok and verdict.depends_on is not None and not verdicts[verdict.depends_on].ok:
        verdict.fail(f"its operation is proven only by step {verdict.depends_on + 1}, which fails")


def _check_answer_line(line: AnswerLine, ctx: ProblemContext, verdict: StepVerdict) -> None:
    """An answer line is read whole (the answer-line reader above) and must answer everything asked, rightly:
    kept in a patch prefix, an answer line for fewer unknowns than the new prompt asks would
    read as the final answer."""
    if line.values is None:
        verdict.fail(f"unreadable answer line: {line.reason}")
        return
    for var, literal in line.values.items():
        right = _expected(var, ctx)
        if right is None or Fraction(literal) != right:
            shown = "?" if right is None else format_number(right)
            verdict.fail(f"claims {var} = {literal} as the answer; {var} = {shown}")
            return
    verdict.evidence.append("the answer line states " + ", ".join(f"{v} = {n}" for v, n in line.values.items()))


def _expected(name: str, ctx: ProblemContext) -> Fraction | None:
    """The proven value of an asked unknown or of the asked expression (None: neither)."""
    if ctx.target:
        return ctx.target_value if name == ctx.target else None
    return ctx.solution.get(name)


def _check_operations(
    sequence: list[tuple[int, int, Equation | _Op]],
    verdicts: list[StepVerdict],
    ctx: ProblemContext,
    provisional_tail: bool,
) -> None:
    sequence.sort(key=lambda item: (item[0], item[1]))
    # An operation is proven when it turns the equation before it into the next one stated
    # (:func:`_sources`), never an older one (red team round 11b).
    earlier: list[Equation] = list(ctx.problem)
    pending: list[_Op] = []
    for step_index, _pos, item in sequence:
        if isinstance(item, _Op):
            pending.append(item)
            continue
        if pending:
            ok = any(_transition_holds(pending, before, item) for before in _sources(earlier, len(ctx.problem), item))
            for op in pending:
                if not ok:
                    verdicts[op.step].fail(f"'{op.named}' does not lead to '{item.text}'")
                else:
                    verdicts[op.step].evidence.append("operation matches the equations around it")
                    if step_index > op.step:
                        verdicts[op.step].depends_on = step_index
            pending = []
        earlier.append(item)
    for op in pending:  # an operation whose result is never stated
        if not provisional_tail:
            verdicts[op.step].fail(f"'{op.named}' has no resulting equation to check")


def _sources(earlier: list[Equation], given: int, result: Equation) -> list[Equation]:
    """What an operation may have turned into ``result``: the equation stated last when it has the
    same unknowns ("Subtract 5: 3x = 15" twice: the second is from 3x = 15, not the problem);
    else, a new unknown's derivation starting, the equations with its unknowns (a system's)."""
    unknowns = set(result.form.variables)
    if len(earlier) > given and set(earlier[-1].form.variables) == unknowns:
        return [earlier[-1]]
    return [eq for eq in earlier if set(eq.form.variables) == unknowns] or earlier


def _mentions(text: str, value: str) -> bool:
    return re.search(r"(?<![\w.])" + re.escape(value) + r"(?![\w]|\.\d)", text, re.IGNORECASE) is not None


def _answer_line_errors(steps: list[Step]) -> list[str]:
    """One answer, ending the text: two lines naming the answer or anything after the last
    answer line are two answers stitched together (a patch that restarted the derivation); a last
    line that begins the word ("Ans") is an answer cut off (a truncated output)."""
    text = "".join(step.text for step in steps)
    if (cut := text.rstrip().rsplit("\n", 1)[-1].strip(" *").lower()) and "answer".startswith(cut):
        return ["the text ends in an answer line cut off"]
    lines = answer_lines(text, ())  # where the answer lines stand (what they state is read apart)
    if sum(line.names_answer for line in lines) > 1:
        return ["the text states a final answer more than once"]
    if lines and "".join(text.split("\n")[lines[-1].index + 1 :]).strip():
        return ["lines follow the final answer line"]
    return []


def final_values(text: str, ctx: ProblemContext) -> tuple[dict[str, str], list[str]]:
    """The asked unknowns' final values as written, and why some cannot be read: the last answer
    line's, read whole; without an answer line, each unknown's last statement ``u = N``."""
    lines = answer_lines(text, ctx.asked, ctx.target, ctx.variables)
    if lines:
        last = lines[-1]
        return (dict(last.values), []) if last.values is not None else ({}, [f"unreadable answer line: {last.reason}"])
    if ctx.target:  # an asked expression is stated on the last line ("x^2 = 25"), never found in prose
        return _stated_target(text, ctx), []
    stated = {var: literal for var in ctx.asked if (literal := last_statement(text, var)) is not None}
    return stated, []


def _stated_target(text: str, ctx: ProblemContext) -> dict[str, str]:
    """The asked expression's value as the last line states it ("x^2 = 25"), or nothing."""
    lines = [line for line in text.split("\n") if line.strip()]
    if not lines or "=" not in lines[-1]:
        return {}
    last = lines[-1][label_len(lines[-1]) :]
    values, _reason = read_closed_form(last, ctx.asked, ctx.target, ctx.variables)
    return values or {}


def final_value_errors(steps: list[Step], ctx: ProblemContext) -> list[str]:
    """One answer line, last; the asked unknowns stated, last, as a canonical value equal to the
    solution."""
    text = "".join(step.text for step in steps)
    errors: list[str] = _answer_line_errors(steps)
    errors += [reason for step in steps if (reason := _rule_closed_alphabet(step.text))]
    stated, unread = final_values(text, ctx)
    errors += unread
    if unread:
        return errors
    for var in (ctx.target,) if ctx.target else ctx.asked:
        literal = stated.get(var)
        if literal is None:
            errors.append(f"the answer never states the value of {var}")
        elif not is_canonical_number(literal):  # also "1694/3/22", "x = 15/3" left as the end
            errors.append(f"{var} = {literal} is not written as an integer, decimal or reduced fraction")
        elif Fraction(literal) != _expected(var, ctx):
            errors.append(f"{var} = {literal} is wrong")
    return errors


# ---- The format a linear prompt asks its answer in, enforced on every answer served.

# "Step 1:" or a list number "1." / "1)" before a space (no word of any language: the fallback's
# numbering for a request in another language than English; ``stepwise.label_len`` reads both)
_STEP_LABEL = re.compile(r"\s*\**\s*(?:step\s+(\d+)\s*\**\s*[:.)]|(\d{1,3})[.)](?=\s))", re.IGNORECASE)
_NAMED_VALUE = re.compile(r"\s*\**\s*[A-Za-z](?:_?[0-9]+)?\s*=")
_BARE_VALUE = re.compile(r"\s*-?\d+(?:/\d+|\.\d+)?\s*\.?\s*$")
# An answer line of values alone: an optional label of at most three words and a number ("Answer:", "Step 3:"; a clause
# before a colon is working: "Subtract 4 and divide by 3: x = 5", red team 31 class 7), then "x = 5, y = -1/2" or a
# bare value.
_VALUE = r"-?\d+(?:/\d+|\.\d+)?"
_LABEL_WORDS = r"[^\W\d_]+(?: [^\W\d_]+){0,2}(?: \d{1,3})?"  # what may stand before an answer's colon
_VALUES_ALONE = re.compile(
    rf"\s*\**\s*(?:{_LABEL_WORDS}\s*:\s*\**\s*)?(?:{_VALUE}|[A-Za-z](?:_?[0-9]+)?\s*=\s*{_VALUE}"
    rf"(?:\s*,\s*[A-Za-z](?:_?[0-9]+)?\s*=\s*{_VALUE})*)\s*\**\s*\.?\s*$")
_NAME = re.compile(r"([A-Za-z](?:_?[0-9]+)?)\s*=")
_SHORT_LABEL = re.compile(rf"\s*\**\s*{_LABEL_WORDS}\s*\**\s*")
_TARGET_ALONE = re.compile(rf"(?:[^=,;]+=\s*)?{_VALUE}")
_BARE_NUMBER_LINE = re.compile(_VALUE)  # "just the number": the line is the number, nothing else
_DECIMAL = re.compile(r"\d\.\d")  # a decimal point between digits (the line's closing period is none)


def format_errors(
    steps: list[Step], fmt: tuple[str, ...], label: str, asked: tuple[str, ...], target: str = "", form: str = ""
) -> list[str]:
    """Why the answer of ``steps`` (for the ``asked`` unknowns, or the asked expression ``target``)
    does not follow the format the prompt asks for (empty: it does); ``form``: the quoted answer
    template the last line must be, filled with a plain number (answer_form.py)."""
    if not fmt and not label and not form:
        return []
    lines = [line for step in steps for line in step.text.splitlines() if line.strip()]
    if not lines:
        return ["the answer is empty"]
    if form:
        return _form_errors(lines, fmt, label, asked, target, form)
    return [why for failed, why in _checks(lines[:-1], lines[-1], fmt, label, asked, target) if failed]


# A working line that states values and nothing else: "x = 2", "1. x = 2", "**Answer:** x = 2, y = 3" (a one-word label)
_VALUES_ONLY = re.compile(
    rf"\s*(?:[^\W\d_]+\s*:\s*)?(?:{_VALUE}|[A-Za-z](?:_?[0-9]+)?\s*=\s*{_VALUE}"
    rf"(?:\s*(?:,|;|and)\s*[A-Za-z](?:_?[0-9]+)?\s*=\s*{_VALUE})*)\s*\.?\s*$")


def derivation_errors(steps: list[Step], fmt: tuple[str, ...], given: tuple[str, ...]) -> list[str]:
    """"Show your steps" (red teams 31, 31b): the working before the last line states at least one step, an equation
    with an unknown that is neither a given equation again (either side first, its terms in any order or grouping:
    "20 = 3x + 5", "2x + x + 5 = 20"), nor a tautology ("x = x"), nor a value alone ("x = 5", "5 = x"); a sentence
    with no equation or a substitution check ("3(5) + 5 = 20") is none. Else the answer states results only and is
    not served or stored for a prompt asking steps. The engine's own derivation is told apart by its caller."""
    if "steps" not in fmt:
        return []
    lines = [line for step in steps for line in step.text.splitlines() if line.strip()]
    problem = [eq for text in given for eq in find_equations(text)]
    bodies = [_unlabelled_step(line) for line in lines[:-1]]
    restated = {_bare_equation(text) for text in given}
    if "lines" in fmt and any(_packed(body, restated) for body in bodies):
        return ["the prompt asks for one step per line; a line states two steps"]
    if any(_states_a_step(body, problem) for body in bodies):
        return []
    return ["the prompt asks for the steps; the working states no step between the problem and its values"]


def _states_a_step(body: str, problem: list[Equation]) -> bool:
    """An equation that is a step, or a rearranging verb the chain reads ("Collect the z terms ...: z = 4") before
    an equation that is no given one."""
    equations = find_equations(body.replace("$", " "))
    if any(_is_step(eq, problem) for eq in equations):
        return True
    return bool(REARRANGING.search(body)) and bool(equations) and not any(_same(eq, p) for eq in equations for p in problem)


def _is_step(eq: Equation, problem: list[Equation]) -> bool:
    if not eq.identifiers or not eq.form.coeffs or any(_same(eq, p) for p in problem):
        return False
    stated = [n for n in eq.numbers if n not in (0, 1)]  # "x + 0 = 5", "1x = 5" state one number; "x = 15/3" two
    return len(stated) > 1 or not any(
        _value_alone(side) and not other.coeffs for side, other in ((eq.left, eq.right), (eq.right, eq.left)))


def _value_alone(side: LinearForm) -> bool:
    """One unknown, coefficient 1, nothing added: the side of "x = 5" that names the unknown."""
    return len(side.coeffs) == 1 and side.coeffs[0][1] == 1 and side.const == 0


def _unlabelled_step(line: str) -> str:
    label = _STEP_LABEL.match(line)
    return (line[label.end():] if label else line).replace("*", "")


def _packed(body: str, restated: set[str]) -> bool:
    """Two steps on one line ("2x = 6, x = 3"): equations joined, other than the given system restated ("The system
    is x + y = 9; x - y = 3.") or the values stated together ("... gives x = 6, y = 3.")."""
    tails = [_EQUATION_TAIL.search(part) for part in _STEP_JOINERS.split(body) if "=" in part]
    equations = [tail.group() if tail else "" for tail in tails]
    return len(equations) > 1 and not all(_bare_equation(eq) in restated for eq in equations) and not all(
        _VALUES_ONLY.match(eq) for eq in equations)


# What joins two steps on one line: punctuation, a sentence's end, arrows, therefore-signs, "so", "then" (red team 31b)
_STEP_JOINERS = re.compile(r"[,;|\t\u2028]|\.\s|->|=>|[\u2192\u21d2\u27f9\u2234]|\b(?:and|so|hence|thus|then|therefore)\b")
# An equation at the end of a clause: from its first number, sign, bracket or one-letter name ("gives x = 6" -> "x = 6")
_EQUATION_TAIL = re.compile(r"(?:[-+(\d]|\b[A-Za-z](?![A-Za-z])).*=.*$")


def _bare_equation(text: str) -> str:
    return re.sub(r"[\s*$\\]", "", text).rstrip(".").lower()


def _form_errors(
    lines: list[str], fmt: tuple[str, ...], label: str, asked: tuple[str, ...], target: str, form: str
) -> list[str]:
    """``format_errors`` for a prompt with an answer template: the other rules, then the last line
    the template filled; the answer alone asked is the template's line alone (its words are the
    template's, not "x = 5")."""
    alone = tuple(f for f in fmt if f not in ("answer_only", "answer_line"))  # the template's line is the last line, alone
    errors = [why for failed, why in _checks(lines[:-1], lines[-1], alone, label, asked, target) if failed]
    if "answer_only" in fmt and len(lines) > 1:
        errors.append("the prompt asks for its template's line alone, no working")
    if value_in(form, lines[-1]) is None:
        errors.append(f"the prompt asks for a last line {form!r}")
    return errors


def _values_alone(line: str, asked: tuple[str, ...]) -> bool:
    """The line states the asked unknowns' values and nothing else: each asked unknown once and no
    other ("x = 2.5, y = 0.5" when y alone is asked is working), or a bare value for one unknown."""
    if not _VALUES_ALONE.match(line):
        return False
    names = _NAME.findall(_after_label(line))
    return sorted(names) == sorted(asked) if names else len(asked) == 1


def _number_form_checks(fmt: tuple[str, ...], value: str) -> tuple[tuple[bool, str], ...]:
    """The number-form rules of :func:`_checks` on the last line's value: a fraction, a decimal, an integer."""
    return (
        ("fraction" in fmt and _DECIMAL.search(value) is not None, "the prompt asks for the answer as a fraction"),
        ("decimal" in fmt and "/" in value, "the prompt asks for the answer as a decimal"),
        ("integer" in fmt and ("/" in value or _DECIMAL.search(value) is not None), "the prompt asks for the answer as an integer"),
    )


def _checks(
    working: list[str], last: str, fmt: tuple[str, ...], label: str, asked: tuple[str, ...], target: str
) -> tuple[tuple[bool, str], ...]:
    """Each format rule: (broken, why)."""
    shown = label or "Answer"
    alone = _target_alone(last) if target else _values_alone(last, asked)  # the values asked and nothing else
    return (
        ("steps" in fmt and not working, "the prompt asks for the steps; the answer states only its result"),
        ("numbered" in fmt and not _numbered(working), "the prompt asks for numbered steps ('Step 1:', 'Step 2:', ...)"),
        (bool(label) and not _labelled(last, label), f"the prompt asks for a last line '{label}: ...'"),
        ("answer_value" in fmt and not _BARE_VALUE.match(_after_label(last)),
         f"the prompt asks for '{shown}: <value>' on the last line"),
        ("answer_named" in fmt and not _NAMED_VALUE.match(_after_label(last)),
         f"the prompt asks for '{shown}: x = <value>' on the last line"),
        (bool(working) and ("answer_only" in fmt or "one_line" in fmt), "the prompt asks for the answer on one line"),
        ("answer_only" in fmt and not alone, "the prompt asks for the answer alone, no working"),
        (_line_not_alone(fmt, alone), "the prompt asks for the final answer on its own line"),
        ("bare_number" in fmt and (bool(working) or not _BARE_NUMBER_LINE.fullmatch(last.strip())),
         "the prompt asks for the number alone"),
        *_number_form_checks(fmt, _after_label(last)),
    )


def _line_not_alone(fmt: tuple[str, ...], alone: bool) -> bool:
    """"Put the final answer on its own line" (wip/linAD) with a last line that states more than the values asked."""
    return "answer_line" in fmt and not alone


def _target_alone(line: str) -> bool:
    """The line states one value and nothing else: "x^2 = 25" or a bare "25" after its label (that
    the left side is the asked expression and the value right is the final check's)."""
    label, colon, _ = line.partition(":")
    if colon and not _SHORT_LABEL.fullmatch(label):  # a clause before the colon is working (red team 31, class 7)
        return False
    stated = _after_label(line).strip(" *.")
    return bool(_TARGET_ALONE.fullmatch(stated))


def _numbered(working: list[str]) -> bool:
    numbers = [_STEP_LABEL.match(line) for line in working]
    return all(numbers) and [int(m.group(1) or m.group(2)) for m in numbers if m] == list(range(1, len(working) + 1))


def _labelled(line: str, label: str) -> bool:
    """The line starts with the label exactly as the prompt wrote it (its case is content)."""
    return line.strip(" *_").startswith(label) and ":" in line


def _after_label(line: str) -> str:
    return line.split(":", 1)[1] if ":" in line else line


# ---- The writing transport (docs/shape-proofs.md, "Sides swapped"): one problem written two ways.

def same_sides(a: tuple[Equation, ...], b: tuple[Equation, ...]) -> bool:
    """The problems' equations pairwise equal as unordered pairs of side forms ("3x + 5 = 20" and "20 = 5 + 3x"),
    with the same numbers written (absolute values): what ``unrestated``, the operation rule (its sources and
    ``transition_holds`` compare either side first) and ``unexplained_arithmetic`` read of the problem."""
    return len(a) == len(b) and all(_same(p, q) for p, q in zip(a, b)) and (
        {abs(n) for eq in a for n in eq.numbers} == {abs(n) for eq in b for n in eq.numbers})


def chain_reads_alike(bodies: list[str], known: frozenset[str], a: tuple[Equation, ...], b: tuple[Equation, ...]) -> bool:
    """Whether no equation the checker can read in the steps' bodies (``_check_step``'s reading: a superset of
    those it checks) has the written shape of either writing without being that problem's equation either side
    first: ``_restates_another_problem`` is then false under both writings (wip/hitE's "3x + 2 = 17" is not)."""
    for body in bodies:
        for eq in find_equations(body, known, limit=len(body) + 1):
            if restates_another(eq, a) or restates_another(eq, b):
                return False
    return True


def checked_bodies(steps: list[Step]) -> list[str]:
    """Each step's body as ``_check_step`` reads it (its label cut, its claims normalised)."""
    return [_normalised(step.text[label_len(step.text):]) for step in steps]


def derivation_reads_alike(steps: list[Step], fmt: tuple[str, ...], given_a: tuple[str, ...], given_b: tuple[str, ...]) -> bool:
    """Whether :func:`derivation_errors` finds nothing under either writing of the given equations (then whether the
    steps are the engine's own derivation of either, which skips it, does not matter). It reads the given equations
    either side first (``_same``), except the one-step-per-line rule, which compares a line's equations with them
    as written (``_packed``): a line packed under either writing declines."""
    if "steps" not in fmt:
        return True
    problem_a = [eq for text in given_a for eq in find_equations(text)]
    if not _pairwise_same(problem_a, [eq for text in given_b for eq in find_equations(text)]):
        return False
    lines = [line for step in steps for line in step.text.splitlines() if line.strip()]
    bodies = [_unlabelled_step(line) for line in lines[:-1]]
    if "lines" in fmt and (_any_packed(bodies, given_a) or _any_packed(bodies, given_b)):
        return False
    return any(_states_a_step(body, problem_a) for body in bodies)


def _pairwise_same(a: list[Equation], b: list[Equation]) -> bool:
    return len(a) == len(b) and all(_same(p, q) for p, q in zip(a, b))


def _any_packed(bodies: list[str], given: tuple[str, ...]) -> bool:
    restated = {_bare_equation(text) for text in given}
    return any(_packed(body, restated) for body in bodies)


# ---- The linear task's typed constraints: the problem a prompt poses, as stored with an entry.

@dataclass(frozen=True)
class LinearConstraints(TaskConstraints):
    """The equations (as exact forms and as written), their unknowns, the asked ones, the unique
    solution (None: the prompt is not a problem this task understands), the signed constants in
    order (``params``), each equation's form (``shapes``; None for an entry stored without them)
    the prompt's slots, the format instructions read (``reader.FORMATS``) with the label an
    answer template asks for ("Final answer"), and the expression asked instead of the unknowns
    (``target``: canonical sympy text, "x**2"; empty when the unknowns are asked)."""

    equations: tuple[LinearForm, ...] = ()
    equation_texts: tuple[str, ...] = ()
    shapes: tuple[str, ...] | None = None
    variables: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()
    solution: dict[str, Fraction] | None = None
    params: tuple[Fraction, ...] = ()
    slots: tuple[str, ...] = ()
    format: tuple[str, ...] = ()
    answer_label: str = ""
    language: str = ""  # the request's language (its vocabulary table); "" for an entry stored without one
    target: str = ""
    answer_form: str = ""  # a quoted answer template the last line follows ("So x equals <value>."), "" when none

    @staticmethod
    def of_prompt(prompt: str) -> LinearConstraints:
        """The constraints of a prompt (no solution when the task does not understand it)."""
        problem = understand_prompt(prompt)
        slots = tuple(extract_slots(prompt))
        if problem is None:
            return LinearConstraints(slots=slots)
        if problem.decimal_comma:  # the prompt's decimal comma, kept in the answer and read in it (task.py)
            problem = replace(problem, format=(*problem.format, "decimal_comma"))
        shapes: list[str] = []
        params: list[Fraction] = []
        for eq in problem.equations:
            shape, signed = equation_shape(eq.text)
            shapes.append(shape)
            params.extend(signed)
        return LinearConstraints(
            equations=tuple(eq.form for eq in problem.equations),
            equation_texts=tuple(eq.text for eq in problem.equations),
            shapes=tuple(shapes),
            variables=problem.variables,
            asked=problem.asked,
            solution={v: problem.solution[v] for v in problem.variables},
            params=tuple(params),
            slots=slots,
            format=problem.format,
            answer_label=problem.answer_label,
            language=problem.language,
            target=problem.target,
            answer_form=problem.answer_form,
        )

    @cached_property
    def problem_key(self) -> tuple[Any, ...]:
        """Every field, exactly and hashably (what a problem context is keyed by): cheaper than
        the frozen stored form, which writes every number out first."""
        solution = None if self.solution is None else tuple(self.solution.items())
        return (self.equations, self.equation_texts, self.shapes, self.variables, self.asked, solution,
                self.params, self.slots, self.format, self.answer_label, self.language, self.target) + (self.answer_form,)

    @cached_property
    def problem_hash(self) -> int:
        """A hash of :attr:`problem_key` from its texts and names alone (equal keys have equal
        texts and names, so equal hashes; a key is still compared whole): hashing every number
        of a problem cost more than the lookup it served."""
        return hash((self.equation_texts, self.shapes, self.variables, self.asked, self.slots, self.format,
                     self.language, self.target, self.answer_form))

    @property
    def target_value(self) -> Fraction | None:
        """The asked expression's exact value at the solution (None: no expression is asked)."""
        if not self.target or not self.solution:
            return None
        return target_value(self.target, self.solution)

    @cached_property
    def frozen_key(self) -> Any:
        """``freeze(self.to_dict())``, written from the fields at once (wip/hitH: every request's
        constraints are frozen once for the proof memo's keys, and walking the stored form's dict
        cost ~25 us of a ~0.5 ms problem-key hit). The same tuples node by node and type by type
        (so the same pickle: ``ProofDigests``), checked by tests/unit/test_hit_path_hitH.py; a
        subclass that writes another stored form freezes that."""
        if type(self).to_dict is not LinearConstraints.to_dict or self.solution is None:
            return freeze(self._stored)
        items = [
            (_EQUATIONS, ("list", tuple([_frozen_form(form) for form in self.equations]))),
            (_EQUATION_TEXTS, _frozen_list(self.equation_texts)),
            (_SHAPES, _frozen_list(self.shapes or ())),
            (_VARIABLES, _frozen_list(self.variables)),
            (_ASKED, _frozen_list(self.asked)),
            (_SOLUTION, ("map", tuple([(_frozen_item(v), ("str", str(value))) for v, value in self.solution.items()]))),
            (_PARAMS, ("list", tuple([("str", str(p)) for p in self.params]))),
            (_SLOTS, _frozen_list(self.slots)),
            (_FORMAT, _frozen_list(self.format)),
            (_ANSWER_LABEL, _frozen_item(self.answer_label)),
            (_LANGUAGE, _frozen_item(self.language)),
        ]
        if self.target:
            items.append((_TARGET, _frozen_item(self.target)))
        if self.answer_form:
            items.append((_ANSWER_FORM, _frozen_item(self.answer_form)))
        return ("map", tuple(items))

    @property
    def asked_or_all(self) -> tuple[str, ...]:
        """The asked unknowns (all of them when an entry stored none)."""
        return self.asked or self.variables

    def to_dict(self) -> dict[str, Any]:
        if self.solution is None:
            return {"equations": [], "variables": [], "asked": [], "solution": None, "slots": list(self.slots)}
        return {
            "equations": [form.to_json() for form in self.equations],
            "equation_texts": list(self.equation_texts),
            "shapes": list(self.shapes or ()),
            "variables": list(self.variables),
            "asked": list(self.asked),
            "solution": {v: str(value) for v, value in self.solution.items()},
            "params": [str(p) for p in self.params],
            "slots": list(self.slots),
            "format": list(self.format),
            "answer_label": self.answer_label,
            "language": self.language,
            **({"target": self.target} if self.target else {}),  # written only when asked: older forms stay as they were
            **({"answer_form": self.answer_form} if self.answer_form else {}),
        }

    @staticmethod
    def read(data: Any) -> LinearConstraints:
        """The constraints an entry stored (older entries may lack texts, shapes or params).

        A stored form that is plain data is read once per exact content (``_READ``, keyed by
        ``freeze``: equal keys are equal dicts of equal types, which this reading maps to equal
        constraints): every check of a candidate reads its entry's constraints again, and the same
        object keeps its cached problem key (``problem_context`` meets it by identity)."""
        if isinstance(data, LinearConstraints):
            return data
        if type(data) is dict:
            try:
                key: Any = freeze(data)
            except (Unfreezable, RecursionError):
                key = None
            if key is not None:
                found = _READ.get(key)
                if found is None:
                    found = LinearConstraints._of_stored(data.get)
                    _READ.put(key, found)
                return found
        get = data.get if hasattr(data, "get") else (lambda _key: None)
        return LinearConstraints._of_stored(get)

    @staticmethod
    def _of_stored(get: Any) -> LinearConstraints:
        solution = get("solution")
        shapes = get("shapes")
        return LinearConstraints(
            equations=tuple(_form(form) for form in get("equations") or []),
            shapes=None if shapes is None else tuple(shapes),
            solution=None if not solution else {v: _fraction(s) for v, s in solution.items()},
            params=tuple(_fraction(p) for p in get("params") or []),
            **{name: tuple(get(name) or ()) for name in _STORED_TUPLES},
            **{name: get(name) or "" for name in _STORED_TEXTS},  # "" for an entry stored without one
        )


# LinearConstraints.frozen_key: the stored form's keys frozen (``freeze`` of a str: ("str", s)), and
# its items frozen as ``freeze`` freezes a dict's or a list's items (a str in place, anything else by freeze)
(_EQUATIONS, _EQUATION_TEXTS, _SHAPES, _VARIABLES, _ASKED, _SOLUTION, _PARAMS, _SLOTS, _FORMAT, _ANSWER_LABEL, _LANGUAGE,
 _TARGET, _ANSWER_FORM, _COEFFS, _CONST) = (("str", name) for name in (
    "equations", "equation_texts", "shapes", "variables", "asked", "solution", "params", "slots", "format",
    "answer_label", "language", "target", "answer_form", "coeffs", "const"))


def _frozen_item(value: Any) -> Any:
    return ("str", value) if type(value) is str else freeze(value)


def _frozen_list(values: Any) -> Any:
    """``freeze(list(values))``."""
    return ("list", tuple([("str", value) if type(value) is str else freeze(value) for value in values]))


def _frozen_form(form: LinearForm) -> Any:
    """``freeze(form.to_json())``."""
    if type(form).to_json is not LinearForm.to_json:
        return freeze(form.to_json())
    coeffs = {k: str(v) for k, v in form.coeffs}
    return ("map", ((_COEFFS, ("map", tuple([(_frozen_item(k), ("str", v)) for k, v in coeffs.items()]))),
                    (_CONST, ("str", str(form.const)))))


#: Stored forms already read, by exact content (``LinearConstraints.read``).
_READ: BoundedLRU[LinearConstraints] = BoundedLRU(2048)

# fields stored as lists of strings, and as strings (an older entry may lack any of them)
_STORED_TUPLES = ("equation_texts", "variables", "asked", "slots", "format")
_STORED_TEXTS = ("answer_label", "language", "target", "answer_form")


@lru_cache(maxsize=4096)
def _fraction(text: str) -> Fraction:
    """A stored number (cached: every lookup reads its candidates' constraints again)."""
    return Fraction(text)


def _form(data: dict[str, Any]) -> LinearForm:
    coeffs = data["coeffs"]
    return _cached_form(tuple((str(k), str(v)) for k, v in dict(coeffs).items()), str(data["const"]))


@lru_cache(maxsize=1024)
def _cached_form(coeffs: tuple[tuple[str, str], ...], const: str) -> LinearForm:
    return LinearForm.from_json({"coeffs": dict(coeffs), "const": const})
