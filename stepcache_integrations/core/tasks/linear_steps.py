"""Positive evidence for each step of a linear-equation answer.

A step passes only when every claim in it is checked against the new problem:

* every equation holds at the problem's unique solution (so it follows from the problem),
  names only the problem's unknowns and restates no constant of another problem;
* every prose operation ("Subtract 5 from both sides", "Divide by 3") turns the equation
  before it into the equation after it, side by side;
* every final-value claim ("x equals 6", "The solution is 4.", "Answer: 3") names the value
  of the asked unknown;
* no other number is left unexplained (a price, a count, a stale constant in prose).

A step that cannot be checked fails, so the engine regenerates it instead of serving it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..types import Step
from .linear_algebra import (
    MAX_NUMBER_DIGITS,
    Equation,
    LinearForm,
    determined_values,
    equation_shape,
    find_equations,
    format_number,
    is_canonical_number,
)
from .stepwise import label_len

__all__ = [
    "ProblemContext",
    "StepVerdict",
    "check_steps",
    "equation_claim_errors",
    "equation_claims_checked",
    "final_value_errors",
    "normalise_claims",
    "stated_values",
    "unread_prose",
]

_ENGLISH_LETTERS = frozenset({"a", "A", "I"})
_NUM = r"-?\d+(?:\.\d+)?"
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\d])")
_MARKUP = re.compile(r"\*\*|__|`|\$|\\\(|\\\)|\\\[|\\\]")
# "x equals 6", "x is 6" -> "x = 6"; only directly before a number.
_VERBAL_EQUALS = re.compile(r"(?<![A-Za-z_])([A-Za-z](?:_?\d+)?)\s+(?:equals|is equal to|is)\s+(?=-?\d)")
_CLAIM = re.compile(
    rf"\b(?:answer|solution|result|value)\s*(?:is|:|=|of\s+\w+\s+is)?\s*(?P<num>{_NUM})(?![\d/])", re.IGNORECASE
)
_OPERATION = re.compile(
    rf"\b(?P<verb>add|adding|subtract|subtracting|multiply|multiplying|divide|dividing)\s+"
    rf"(?:(?P<num1>{_NUM})\s+(?:to|from)\s+both\s+sides|both\s+sides\s+by\s+(?P<num2>{_NUM})|by\s+(?P<num3>{_NUM})"
    rf"|(?P<num4>{_NUM}))",
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


def unread_prose(text: str, variables: frozenset[str]) -> str | None:
    """The first word of a step, outside its equations, that is neither an unknown of the problem
    nor in the closed step vocabulary; None when every word is read."""
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


@dataclass
class _Op:
    step: int
    pos: int
    verb: str
    value: Fraction


def normalise_claims(text: str) -> str:
    """Markdown stripped and verbal equalities written as equations."""
    return _VERBAL_EQUALS.sub(r"\1 = ", _MARKUP.sub("", text))


def _number(literal: str) -> Fraction | None:
    if len(literal.lstrip("-").replace(".", "")) > MAX_NUMBER_DIGITS:
        return None
    return Fraction(literal)


def _apply(op: _Op, left: LinearForm, right: LinearForm) -> tuple[LinearForm, LinearForm] | None:
    verb = op.verb[:3].lower()
    if verb in ("add", "sub"):
        shift = LinearForm(const=op.value if verb == "add" else -op.value)
        return left + shift, right + shift
    if op.value == 0:
        return None
    factor = op.value if verb == "mul" else 1 / op.value
    return left.scale(factor), right.scale(factor)


def _transition_holds(ops: list[_Op], before: Equation, after: Equation) -> bool:
    left, right = before.left, before.right
    for op in ops:
        applied = _apply(op, left, right)
        if applied is None:
            return False
        left, right = applied
    return (left, right) == (after.left, after.right) or (right, left) == (after.left, after.right)


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
    stale = next((n for n in eq.numbers if n in ctx.stale_numbers), None)
    if stale is not None:
        return f"'{eq.text}' restates {format_number(stale)}, a constant of a different problem"
    return ""


def _explained_spans(body: str, equations: list[Equation], ops: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(eq.start, eq.end) for eq in equations] + ops


def _check_prose_numbers(
    body: str, spans: list[tuple[int, int]], ctx: ProblemContext, verdict: StepVerdict
) -> None:
    claims = {m.start("num"): m.group("num") for m in _CLAIM.finditer(body)}
    for match in _NUMBER.finditer(body):
        if any(start <= match.start() < end for start, end in spans):
            continue
        literal = match.group()
        value = _number(literal)
        if match.start() in claims and value is not None and len(ctx.asked) == 1:
            if value == ctx.solution[ctx.asked[0]]:
                verdict.evidence.append(f"states {ctx.asked[0]} = {literal}, the solution")
                continue
            verdict.fail(f"claims {literal} as the answer; {ctx.asked[0]} = {format_number(ctx.solution[ctx.asked[0]])}")
            return
        verdict.fail(f"mentions {literal.lstrip('-')}, which no checked equation or operation accounts for")
        return


def check_steps(steps: list[Step], ctx: ProblemContext, *, provisional_tail: bool = False) -> list[StepVerdict]:
    """A verdict per step. ``provisional_tail`` accepts an operation whose resulting equation
    is not among ``steps`` yet (re-instantiation checks a prefix step by step)."""
    verdicts = [StepVerdict() for _ in steps]
    known = frozenset(ctx.variables) | ctx.stale_vars
    sequence: list[tuple[int, int, Equation | _Op]] = []  # (step, position, item) in reading order
    for i, step in enumerate(steps):
        body = normalise_claims(step.text[label_len(step.text) :])
        verdict = verdicts[i]
        if not ctx.solution:
            verdict.fail("the problem has no unique solution")
            continue
        if _DECIMAL_FRACTION.search(body):
            verdict.fail("writes a fraction with decimals or a fraction of a fraction (not a canonical number)")
            continue
        equations = find_equations(body, known, limit=len(body) + 1)
        for eq in equations:
            reason = _check_equation(eq, ctx)
            if reason:
                verdict.fail(reason)
                break
            sequence.append((i, eq.start, eq))
        op_spans: list[tuple[int, int]] = []
        for match in _OPERATION.finditer(body):
            literal = next(g for g in (match.group(f"num{k}") for k in range(1, 5)) if g is not None)
            value = _number(literal)
            if value is None:
                verdict.fail("a number too long to check")
                break
            sequence.append((i, match.start(), _Op(i, match.start(), match.group("verb"), value)))
            op_spans.append((match.start(), match.end()))
        unread = next((m for m in _OPERATION_VERB.finditer(body) if not any(a <= m.start() < b for a, b in op_spans)), None)
        if unread is not None:
            verdict.fail(f"an operation this checker cannot read: {body[unread.start() : unread.start() + 40]!r}")
        if verdict.ok:
            _check_prose_numbers(body, _explained_spans(body, equations, op_spans), ctx, verdict)
        if verdict.ok and _ANSWER_LINE.match(body):
            _check_answer_line(body, ctx, verdict)
        remainder = body
        for eq in equations:
            remainder = remainder.replace(eq.text, " ")
        stale_var = next((v for v in ctx.stale_vars if v not in _ENGLISH_LETTERS and _mentions(remainder, v)), None)
        if stale_var is not None:
            verdict.fail(f"mentions variable {stale_var} of a different problem")
        if verdict.ok and equations:
            verdict.evidence.append(f"{len(equations)} equation(s) hold for the new problem")
    _check_operations(sequence, verdicts, ctx, provisional_tail)
    for i, verdict in enumerate(verdicts):
        if verdict.ok and verdict.depends_on is not None and not verdicts[verdict.depends_on].ok:
            verdict.fail(f"its operation is proven only by step {verdict.depends_on + 1}, which fails")
        if verdict.ok and not verdict.evidence:
            verdict.evidence.append("states no value")
    return verdicts


_ANSWER_LINE = re.compile(r"\s*(?:\*\*)?\s*(?:final\s+)?answer\b", re.IGNORECASE)


def _check_answer_line(body: str, ctx: ProblemContext, verdict: StepVerdict) -> None:
    """An answer line must answer everything asked: kept in a patch prefix, an answer line for
    fewer unknowns than the new prompt asks would read as the final answer."""
    stated = stated_values(body, ctx.asked)
    missing = [v for v in ctx.asked if v not in stated]
    if len(ctx.asked) == 1 and missing and _CLAIM.search(body):
        return  # "Answer: 5/2" for the one unknown asked
    if missing:
        verdict.fail(f"the answer line does not state {', '.join(missing)}")


def _check_operations(
    sequence: list[tuple[int, int, Equation | _Op]],
    verdicts: list[StepVerdict],
    ctx: ProblemContext,
    provisional_tail: bool,
) -> None:
    sequence.sort(key=lambda item: (item[0], item[1]))
    # An operation is proven when it turns the problem or any equation stated before it into
    # the next equation stated (systems interleave the derivations of several unknowns).
    earlier: list[Equation] = list(ctx.problem)
    pending: list[_Op] = []
    for step_index, _pos, item in sequence:
        if isinstance(item, _Op):
            pending.append(item)
            continue
        if pending:
            ok = any(_transition_holds(pending, before, item) for before in reversed(earlier))
            for op in pending:
                if not ok:
                    verdicts[op.step].fail(f"'{op.verb} {format_number(op.value)}' does not lead to '{item.text}'")
                else:
                    verdicts[op.step].evidence.append("operation matches the equations around it")
                    if step_index > op.step:
                        verdicts[op.step].depends_on = step_index
            pending = []
        earlier.append(item)
    for op in pending:  # an operation whose result is never stated
        if not provisional_tail:
            verdicts[op.step].fail(f"'{op.verb} {format_number(op.value)}' has no resulting equation to check")


def _mentions(text: str, value: str) -> bool:
    return re.search(r"(?<![\w.])" + re.escape(value) + r"(?![\w]|\.\d)", text, re.IGNORECASE) is not None


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


def _answer_line_errors(steps: list[Step]) -> list[str]:
    """One answer, ending the text: two answer lines or steps after the answer line are two
    answers stitched together (a patch that restarted the derivation)."""
    lines = [i for i, step in enumerate(steps) if _ANSWER_LINE.match(step.text[label_len(step.text) :])]
    if len(lines) > 1:
        return ["the text states a final answer more than once"]
    if lines and any(step.text.strip() for step in steps[lines[-1] + 1 :]):
        return ["steps follow the final answer line"]
    return []


def final_value_errors(steps: list[Step], ctx: ProblemContext) -> list[str]:
    """One answer line, last; the asked unknowns stated, last, as a canonical value equal to the
    solution."""
    text = "".join(step.text for step in steps)
    stated = stated_values(text, ctx.asked)
    errors: list[str] = _answer_line_errors(steps)
    for var in ctx.asked:
        literal = stated.get(var)
        if literal is None:
            claims = [m.group("num") for m in _CLAIM.finditer(normalise_claims(text))]
            if len(ctx.asked) == 1 and claims and _number(claims[-1]) == ctx.solution[var]:
                continue
            errors.append(f"the answer never states the value of {var}")
        elif not is_canonical_number(literal):  # also "1694/3/22", "x = 15/3" left as the end
            errors.append(f"{var} = {literal} is not written as an integer, decimal or reduced fraction")
        elif Fraction(literal) != ctx.solution[var]:
            errors.append(f"{var} = {literal} is wrong")
    return errors


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


def _equation_claims(
    prompt: str, answer: str, limit: int
) -> tuple[dict[str, Fraction], dict[str, Fraction] | None] | None:
    """The values ``answer`` states for unknowns of the prompt's linear equations, and the values
    those equations pin down (None: they contradict each other); None when there is no claim."""
    equations = [eq for eq in find_equations(prompt, limit=limit) if eq.form.coeffs and _stands_alone(prompt, eq)]
    if not equations:
        return None
    variables = tuple(sorted({v for eq in equations for v in eq.form.variables}))
    claims: dict[str, Fraction] = {}
    for var, literal in stated_values(answer[:limit], variables).items():
        if re.fullmatch(r"-?\d{1,40}(?:\.\d{1,40})?(?:/\d{1,40})?", literal) and not literal.endswith("/0"):
            claims[var] = Fraction(literal)
    if not claims:
        return None
    return claims, determined_values(tuple(eq.form for eq in equations))


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
    found = _equation_claims(prompt, answer, limit)
    if found is None:
        return []
    claims, known = found
    if known is None:
        return [f"states {', '.join(claims)}, but the prompt's equations contradict each other"]
    return [
        f"states {var} = {format_number(value)}; the prompt's equations give {format_number(known[var])}"
        for var, value in claims.items()
        if var in known and known[var] != value
    ]
