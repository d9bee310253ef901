"""Positive evidence for each step of a linear-equation answer.

A step passes only when every claim in it is checked against the new problem:

* every '=' stands in an equation read, which holds at the problem's unique solution, names only
  the problem's unknowns and restates no constant of another problem;
* every prose operation ("Subtract 5 from both sides") turns the equation before it into the next;
* every answer line ("Answer: x = 4", "The solution is 4.", "Answer: 3") is read whole by
  :mod:`.answer` and states the asked unknowns' values, canonical and right;
* no other number is left unexplained (a price, a count, a stale constant in prose, ".25").
A step that cannot be checked fails, so the engine regenerates it instead of serving it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..base import short_text_cache
from ...types import Step
from ..algebra import (
    MAX_NUMBER_DIGITS,
    Equation,
    LinearForm,
    equation_shape,
    find_equations,
    format_number,
    is_canonical_number,
    outside_alphabet,
)
from ..stepwise import label_len
from .answer import AnswerLine, answer_lines, last_statement, line_spans, read_closed_form
from .operations import rearrangements
from .operations import Operation as _Op
from .operations import normalised as _normalised
from .operations import transition_holds as _transition_holds
from .statements import unexplained_arithmetic, unread_equals, unrestated

__all__ = [
    "ProblemContext",
    "StepVerdict",
    "check_steps",
    "final_value_errors",
    "unread_prose",
]

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
_PROSE_WORD = re.compile(r"[A-Za-z]+")


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
    shape = equation_shape(eq.text)[0]
    same_form = [
        p for p in ctx.problem if equation_shape(p.text)[0] == shape and p.form.variables == eq.form.variables
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


def check_steps(steps: list[Step], ctx: ProblemContext, *, provisional_tail: bool = False) -> list[StepVerdict]:
    """A verdict per step. ``provisional_tail`` accepts an operation whose resulting equation
    is not among ``steps`` yet (re-instantiation checks a prefix step by step)."""
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
    """An answer line is read whole (:mod:`.answer`) and must answer everything asked, rightly:
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
