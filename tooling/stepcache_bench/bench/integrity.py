"""The benchmark's own correctness checks, independent of the engine's verifier.

Two levels, applied to every system alike:

* **task check** - what a user of the task asks for: the final answer of a math request
  is correct by exact substitution into the NEW equation; a JSON answer parses to an
  object that has every required key.
* **integrity check** - the task check plus what a stitched (partly reused) answer must
  not get wrong: the math answer is given as ``Answer: <new variable> = <value>``;
  **every equation line** (each ``=`` of a chain such as ``3x = 26 - 8 = 18``) holds for
  the NEW problem (an equation in the variable has exactly the new solution, a numeric
  one is true arithmetic), so a stale constant fails even when it happens to equal the
  new answer; **every prose operation** ("Subtract 5 from both sides", "Divide both sides
  by 3") turns the equation before it into the one after it (or, with no equation around
  it, uses the new problem's constants); no variable name, constant or equation that
  appears only in the OLD base prompt is left in the text; every JSON value equals the
  value the NEW prompt gives, and none sits under a key the prompt did not ask for; no
  value that was changed by the perturbation is left anywhere.

Requests of the hard workload carry an oracle (``spec["oracle"]``), checked by
:mod:`.oracle`; for them the task and the integrity check are the same verdict.

Substitution uses sympy with exact rationals, so ``7/2`` and ``3.5`` both count.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from .oracle import check_oracle, parse_number
from .prose_operations import prose_ops
from .workload import Request, math_solution

__all__ = [
    "CheckResult",
    "check",
    "check_json",
    "check_math",
    "extract_json",
    "parse_number",
]

_NUMBER = r"-?\d+(?:\.\d+)?(?:\s*/\s*\d+)?"
_STEP_LABEL = re.compile(r"\bstep\s*\d+\s*[:.)]", re.IGNORECASE)
_NUM_TOKEN = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\d])")


@dataclass
class CheckResult:
    """Outcome of checking one answer."""

    task_ok: bool
    integrity_ok: bool
    problems: list[str] = field(default_factory=list)
    final_answer: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return {
            "task_ok": self.task_ok,
            "integrity_ok": self.integrity_ok,
            "problems": list(self.problems),
            "final_answer": self.final_answer,
        }


def _var_pattern(var: str) -> re.Pattern[str]:
    # "3x" counts as the variable x; "xylophone" or "max" do not.
    return re.compile(rf"(?<![A-Za-z_]){re.escape(var)}(?![A-Za-z_])")


def _substitutes(equation: str, var: str, value: Fraction) -> bool:
    """Exact check that ``value`` solves ``equation`` (``lhs = rhs``, ``*`` for products)."""
    lhs, rhs = equation.split("=", 1)
    symbol = sympy.Symbol(var)
    local = {var: symbol}
    diff = sympy.sympify(lhs, locals=local) - sympy.sympify(rhs, locals=local)
    return (
        sympy.simplify(
            diff.subs(symbol, sympy.Rational(value.numerator, value.denominator))
        )
        == 0
    )


def _final_answer(text: str, var: str) -> tuple[Fraction | None, str | None, bool]:
    """(value, raw, from_answer_line): the ``Answer: var = n`` line first, else the last answer-like statement.

    Other forms count for the task check (not the integrity check, which wants the line the
    prompt asks for): ``**Answer:** x = 4``, ``x = 4``, ``So x equals 6.``, ``The solution is 4.``,
    a bare ``Answer: 3``.
    """
    answer_line = re.findall(
        rf"answer\s*:?\s*\**\s*{re.escape(var)}\s*=\s*\**\s*({_NUMBER})",
        text,
        re.IGNORECASE,
    )
    if answer_line:
        raw = answer_line[-1]
        return parse_number(raw), raw, True
    v = re.escape(var)
    loose = [
        (m.start(), m.group(1))
        for pattern in (
            rf"(?<![A-Za-z_]){v}\s*(?:=|equals|is)\s*({_NUMBER})",
            rf"\banswer\s*(?:is|:)\s*\**\s*({_NUMBER})",
            rf"\bsolution\s+is\s+({_NUMBER})",
        )
        for m in re.finditer(pattern, text, re.IGNORECASE)
    ]
    if loose:
        raw = max(loose)[1]
        return parse_number(raw), raw, False
    return None, None, False


def _math_numbers(spec: dict[str, Any]) -> set[Fraction]:
    """Numbers a correct solution of ``spec`` may legitimately mention."""
    a, b, c = Fraction(spec["a"]), Fraction(spec["b"]), Fraction(spec["c"])
    ax = c - b if spec["op"] == "+" else c + b
    solution = math_solution(spec)
    return {a, b, c, ax, solution, -b, Fraction(0), Fraction(1), c - b, c + b}


_TOKEN = re.compile(r"\d+(?:\.\d+)?|[A-Za-z]+|[-+*/\u00d7\u00f7()=^]|\S")
_OPS = set("+-*/()^=\u00d7\u00f7")
def _math_runs(line: str, var: str) -> list[tuple[int, list[str]]]:
    """Maximal runs of math tokens (numbers, the variable, operators) that contain ``=``."""
    runs: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for match in _TOKEN.finditer(line):
        tok = match.group()
        if tok[0].isdigit() or tok == var or tok in _OPS:
            if not current:
                start = match.start()
            current.append(tok)
            continue
        if "=" in current:
            runs.append((start, current))
        current = []
    if "=" in current:
        runs.append((start, current))
    return runs


def _to_sympy(tokens: list[str], symbol: sympy.Symbol) -> sympy.Expr | None:
    """Tokens of one side -> sympy expression (implicit products ``3x``); None if not readable."""
    while tokens and tokens[-1] in "+-*/^(\u00d7\u00f7":
        tokens = tokens[:-1]
    while tokens and tokens[0] in "+*/^)\u00d7\u00f7":
        tokens = tokens[1:]
    if not tokens:
        return None
    parts: list[str] = []
    for tok in tokens:
        tok = {"\u00d7": "*", "\u00f7": "/", "^": "**"}.get(tok, tok)
        if parts and (parts[-1][-1].isalnum() or parts[-1] == ")") and (tok[0].isalnum() or tok == "("):
            parts.append("*")
        parts.append(tok)
    try:
        expr = sympy.sympify(" ".join(parts), locals={symbol.name: symbol}, rational=True)
    except (sympy.SympifyError, SyntaxError, TypeError, ValueError):
        return None
    return expr if isinstance(expr, sympy.Expr) else None


def _equations(text: str, var: str) -> list[tuple[int, list[sympy.Expr | None]]]:
    """Every equation chain of the text: (position, [side, side, ...])."""
    symbol = sympy.Symbol(var)
    found: list[tuple[int, list[sympy.Expr | None]]] = []
    offset = 0
    for line in text.replace("**", "  ").splitlines(keepends=True):
        body = _STEP_LABEL.sub(lambda m: " " * len(m.group()), line)
        for start, tokens in _math_runs(body, var):
            sides: list[list[str]] = [[]]
            for tok in tokens:
                if tok == "=":
                    sides.append([])
                else:
                    sides[-1].append(tok)
            exprs = [_to_sympy(side, symbol) for side in sides]
            while exprs and exprs[0] is None:  # "= 18" after a word: nothing on the left
                exprs = exprs[1:]
            while exprs and exprs[-1] is None:
                exprs = exprs[:-1]
            if len(exprs) >= 2:
                found.append((offset + start, exprs))
        offset += len(line)
    return found


def _pair_problem(lhs: sympy.Expr, rhs: sympy.Expr, symbol: sympy.Symbol, solution: Fraction) -> str | None:
    """Why ``lhs = rhs`` does not hold for the new problem (None: it holds)."""
    diff = sympy.expand(lhs - rhs)
    value = sympy.Rational(solution.numerator, solution.denominator)
    if symbol not in diff.free_symbols:
        return None if diff == 0 else f"{lhs} = {rhs} is false"
    if sympy.expand(diff.subs(symbol, value)) != 0:
        return f"{lhs} = {rhs} does not hold for {symbol} = {solution}"
    if sympy.expand(diff.subs(symbol, value + 1)) == 0:
        return None  # an identity in the variable: true for the new solution too
    return None


def _equation_line_problems(text: str, var: str, solution: Fraction) -> list[str]:
    symbol = sympy.Symbol(var)
    problems = []
    for _, sides in _equations(text, var):
        for lhs, rhs in zip(sides, sides[1:], strict=False):
            if lhs is None or rhs is None:
                problems.append("an equation line that cannot be read")
                continue
            problem = _pair_problem(lhs, rhs, symbol, solution)
            if problem:
                problems.append(f"equation line: {problem}")
    return problems


def _apply(op: str, operand: Fraction, expr: sympy.Expr) -> sympy.Expr:
    value = sympy.Rational(operand.numerator, operand.denominator)
    op = op.lower()
    if op.startswith("add"):
        return expr + value
    if op.startswith("subtract"):
        return expr - value
    if op.startswith("divid"):
        return expr / value
    return expr * value


def _op_groups(text: str, equations: list[tuple[int, Any]]) -> list[list[tuple[int, str, Fraction | None]]]:
    """Prose operations in order, grouped when no equation stands between them."""
    positions = [pos for pos, _ in equations]
    ops = prose_ops(text)
    groups: list[list[tuple[int, str, Fraction | None]]] = []
    for op in ops:
        if groups and not any(groups[-1][-1][0] < pos < op[0] for pos in positions):
            groups[-1].append(op)
        else:
            groups.append([op])
    return groups


def _transition_ok(before: list[Any], after: list[Any], group: list[tuple[int, str, Fraction]]) -> bool:
    """Applying the group's operations to the equation before gives the equation after (either side order)."""
    lhs, rhs = before[0], before[-1]
    for _, verb, operand in group:
        lhs, rhs = _apply(verb, operand, lhs), _apply(verb, operand, rhs)
    nxt_l, nxt_r = after[0], after[-1]
    straight = sympy.expand(lhs - nxt_l) == 0 and sympy.expand(rhs - nxt_r) == 0
    return straight or (sympy.expand(lhs - nxt_r) == 0 and sympy.expand(rhs - nxt_l) == 0)


def _legit_operands(spec: dict[str, Any]) -> dict[str, set[Fraction]]:
    """The operands a correct solution of ``a v +/- b = c`` uses."""
    a, b = Fraction(spec["a"]), Fraction(spec["b"])
    plus = spec["op"] == "+"
    return {"add": set() if plus else {b}, "subtract": {b} if plus else set(), "divide": {a}, "multiply": {1 / a}}


def _prose_problems(text: str, spec: dict[str, Any]) -> list[str]:
    """Every "Subtract 5 from both sides" (or "Subtract five ...") must turn the equation before it into
    the one after it; an operation whose operand cannot be read is a problem, not a skip.

    With no readable equation on both sides, each operation must use the new problem's
    constants (subtract/add ``b``, divide by ``a``).
    """
    equations = _equations(text, spec["var"])
    legit = _legit_operands(spec)
    problems = []
    for group in _op_groups(text, equations):
        names = ", ".join(f"{verb} {operand}" for _, verb, operand in group)
        if any(operand is None or (operand == 0 and verb in ("divide", "multiply")) for _, verb, operand in group):
            problems.append(f"prose operation '{names}' cannot be applied")
            continue
        before = [sides for pos, sides in equations if pos < group[0][0]]
        after = [sides for pos, sides in equations if pos > group[-1][0]]
        if before and after and None not in (before[-1][0], before[-1][-1], after[0][0], after[0][-1]):
            if not _transition_ok(before[-1], after[0], group):
                problems.append(f"prose operation(s) '{names.capitalize()}' do not lead from one equation to the next")
            continue
        problems += [
            f"prose operation '{verb.capitalize()} {operand}' does not fit the new problem"
            for _, verb, operand in group
            if operand not in legit[verb]
        ]
    return problems


def _stale_problems(text: str, spec: dict[str, Any], base: dict[str, Any]) -> list[str]:
    """A variable name, constant or equation of the OLD prompt left in the answer."""
    problems = []
    if base["var"] != spec["var"] and _var_pattern(base["var"]).search(text):
        problems.append(f"stale variable name {base['var']!r} from the cached prompt")
    # numbers of the old equation / old solution that the new one does not use
    stale = {n for n in _math_numbers(base) - _math_numbers(spec) if n not in (0, 1)}
    found = {parse_number(tok) for tok in _NUM_TOKEN.findall(_STEP_LABEL.sub(" ", text))}
    hits = sorted(stale & found)
    if hits:
        problems.append("stale constant(s) from the cached prompt: " + ", ".join(str(h) for h in hits))
    old_eq = re.sub(r"[\s*]", "", base["equation"])
    squashed = re.sub(r"[\s*]", "", text)
    if old_eq != re.sub(r"[\s*]", "", spec["equation"]) and re.search(
        rf"(?<![\d.]){re.escape(old_eq)}(?![\d.])", squashed
    ):
        problems.append(f"the cached prompt's equation {base['equation']!r} is still in the answer")
    return problems


def check_math(text: str, request: Request) -> CheckResult:
    """Task and integrity checks of a math answer."""
    spec, base = request.spec, request.base_spec
    var = spec["var"]
    problems: list[str] = []
    value, raw, from_line = _final_answer(text, var)
    task_ok = value is not None and _substitutes(spec["equation"], var, value)
    if value is None:
        problems.append(f"no final answer for {var}")
    elif not task_ok:
        problems.append(f"final answer {var} = {raw} does not satisfy {spec['equation']}")
    if task_ok and not from_line:
        problems.append(f'no "Answer: {var} = ..." line')
    problems += _stale_problems(text, spec, base)
    problems += _equation_line_problems(text, var, math_solution(spec)) + _prose_problems(text, spec)
    return CheckResult(task_ok, task_ok and not problems, problems, raw)


def extract_json(text: str) -> Any:
    """Parse the JSON object in ``text`` (code fences and surrounding prose allowed); raise ValueError."""
    stripped = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", stripped, re.DOTALL | re.IGNORECASE)
    if fence:
        stripped = fence.group(1).strip()
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    start, end = stripped.find("{"), stripped.rfind("}")
    if start == -1 or end <= start:
        raise ValueError("no JSON object in the answer")
    try:
        return json.loads(stripped[start : end + 1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"JSON does not parse: {exc}") from exc


def _norm(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return Fraction(str(value))
    if isinstance(value, str):
        number = (
            parse_number(value.replace(",", ""))
            if re.fullmatch(r"\s*-?[\d.,/]+\s*", value)
            else None
        )
        return number if number is not None else " ".join(value.lower().split())
    return value


def _mentions(text: str, value: Any) -> bool:
    if isinstance(value, str):
        return value.lower() in text.lower()
    pattern = rf"(?<![\w.]){re.escape(str(value))}(?![\d])"
    return re.search(pattern, text) is not None


def _json_value_problems(text: str, obj: dict[str, Any], spec: dict[str, Any], base: dict[str, Any]) -> list[str]:
    """Values that differ from the prompt's, sit under an unrequested key, or are stale."""
    problems = [
        f"{key} is {obj[key]!r}, the prompt says {spec['values'][key]!r}"
        for key in spec["keys"]
        if key in obj and _norm(obj[key]) != _norm(spec["values"][key])
    ]
    wanted = {key: _norm(value) for key, value in spec["values"].items()}
    for key, value in obj.items():
        owners = [k for k, v in wanted.items() if v == _norm(value) and k != key]
        if key not in spec["keys"] and owners:
            problems.append(f"the value of {owners[0]} is under the unrequested key {key!r}")
    for key, old in base["values"].items():
        new = spec["values"].get(key)
        if new is not None and _norm(new) != _norm(old) and _mentions(text, old):
            problems.append(f"stale value {old!r} of {key} from the cached prompt")
    return problems


def check_json(text: str, request: Request) -> CheckResult:
    """Task and integrity checks of a JSON answer."""
    spec, base = request.spec, request.base_spec
    try:
        obj = extract_json(text)
    except ValueError as exc:
        return CheckResult(False, False, [str(exc)])
    if not isinstance(obj, dict):
        return CheckResult(False, False, ["the JSON is not an object"])
    missing = [key for key in spec["keys"] if key not in obj]
    problems = ["missing required key(s): " + ", ".join(missing)] if missing else []
    problems += _json_value_problems(text, obj, spec, base)
    return CheckResult(not missing, not problems, problems)


def check(text: str, request: Request) -> CheckResult:
    """Check one answer to one request."""
    if "oracle" in request.spec:
        problems = check_oracle(text, request.spec["oracle"])
        return CheckResult(not problems, not problems, problems)
    if request.task == "math":
        return check_math(text, request)
    if request.task == "json":
        return check_json(text, request)
    raise ValueError(f"unknown task {request.task!r}")
