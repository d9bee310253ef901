"""The benchmark's own correctness checks, independent of the engine's verifier.

Two levels, applied to every system alike:

* **task check** - what a user of the task asks for: the final answer of a math request
  is correct by exact substitution into the NEW equation; a JSON answer parses to an
  object that has every required key.
* **integrity check** - the task check plus what a stitched (partly reused) answer must
  not get wrong: the math answer is given as ``Answer: <new variable> = <value>``; no
  variable name and no constant that appears only in the OLD base prompt (or the old
  answer's derived numbers) is left in the text; every JSON value equals the value the
  NEW prompt gives, and none sits under a key the prompt did not ask for; no value that
  was changed by the perturbation is left anywhere.

Substitution uses sympy with exact rationals, so ``7/2`` and ``3.5`` both count.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

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


def parse_number(text: str) -> Fraction | None:
    """``"7"``, ``"-3.5"``, ``"7/2"`` -> exact Fraction; None if not a number."""
    text = text.strip().replace(" ", "").rstrip(".")
    try:
        if "/" in text:
            num, den = text.split("/", 1)
            return Fraction(Fraction(num), Fraction(den))
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


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
    """(value, raw, from_answer_line): the ``Answer:`` line first, else the last ``var = n``."""
    answer_line = re.findall(
        rf"answer\s*:?\s*\**\s*{re.escape(var)}\s*=\s*\**\s*({_NUMBER})",
        text,
        re.IGNORECASE,
    )
    if answer_line:
        raw = answer_line[-1]
        return parse_number(raw), raw, True
    loose = re.findall(rf"(?<![A-Za-z_]){re.escape(var)}\s*=\s*({_NUMBER})", text)
    if loose:
        return parse_number(loose[-1]), loose[-1], False
    return None, None, False


def _math_numbers(spec: dict[str, Any]) -> set[Fraction]:
    """Numbers a correct solution of ``spec`` may legitimately mention."""
    a, b, c = Fraction(spec["a"]), Fraction(spec["b"]), Fraction(spec["c"])
    ax = c - b if spec["op"] == "+" else c + b
    solution = math_solution(spec)
    return {a, b, c, ax, solution, -b, Fraction(0), Fraction(1), c - b, c + b}


def check_math(text: str, request: Request) -> CheckResult:
    """Task and integrity checks of a math answer."""
    spec, base = request.spec, request.base_spec
    var = spec["var"]
    problems: list[str] = []
    value, raw, from_line = _final_answer(text, var)
    task_ok = False
    if value is None:
        problems.append(f"no final answer for {var}")
    elif _substitutes(spec["equation"], var, value):
        task_ok = True
    else:
        problems.append(
            f"final answer {var} = {raw} does not satisfy {spec['equation']}"
        )
    integrity_ok = task_ok
    if task_ok and not from_line:
        integrity_ok = False
        problems.append(f'no "Answer: {var} = ..." line')
    # stale variable name
    if base["var"] != var and _var_pattern(base["var"]).search(text):
        integrity_ok = False
        problems.append(f"stale variable name {base['var']!r} from the cached prompt")
    # stale constants: numbers of the old equation / old solution that the new one does not use
    old_numbers = _math_numbers(base)
    legit = _math_numbers(spec)
    stale = {n for n in old_numbers - legit if n not in (0, 1)}
    if stale:
        body = _STEP_LABEL.sub(" ", text)
        found = {parse_number(tok) for tok in _NUM_TOKEN.findall(body)}
        hits = sorted(stale & found)
        if hits:
            integrity_ok = False
            problems.append(
                "stale constant(s) from the cached prompt: "
                + ", ".join(str(h) for h in hits)
            )
    old_eq = re.sub(r"[\s*]", "", base["equation"])
    squashed = re.sub(r"[\s*]", "", text)
    if old_eq != re.sub(r"[\s*]", "", spec["equation"]) and re.search(
        rf"(?<![\d.]){re.escape(old_eq)}(?![\d.])", squashed
    ):
        integrity_ok = False
        problems.append(
            f"the cached prompt's equation {base['equation']!r} is still in the answer"
        )
    return CheckResult(task_ok, integrity_ok, problems, raw)


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


def check_json(text: str, request: Request) -> CheckResult:
    """Task and integrity checks of a JSON answer."""
    spec, base = request.spec, request.base_spec
    problems: list[str] = []
    try:
        obj = extract_json(text)
    except ValueError as exc:
        return CheckResult(False, False, [str(exc)])
    if not isinstance(obj, dict):
        return CheckResult(False, False, ["the JSON is not an object"])
    missing = [key for key in spec["keys"] if key not in obj]
    task_ok = not missing
    if missing:
        problems.append("missing required key(s): " + ", ".join(missing))
    integrity_ok = task_ok
    for key in spec["keys"]:
        if key in obj and _norm(obj[key]) != _norm(spec["values"][key]):
            integrity_ok = False
            problems.append(
                f"{key} is {obj[key]!r}, the prompt says {spec['values'][key]!r}"
            )
    wanted = {key: _norm(value) for key, value in spec["values"].items()}
    for key, value in obj.items():
        if key in spec["keys"]:
            continue
        owners = [k for k, v in wanted.items() if v == _norm(value) and k != key]
        if owners:
            integrity_ok = False
            problems.append(
                f"the value of {owners[0]} is under the unrequested key {key!r}"
            )
    for key, old in base["values"].items():
        new = spec["values"].get(key)
        if new is not None and _norm(new) != _norm(old) and _mentions(text, old):
            integrity_ok = False
            problems.append(f"stale value {old!r} of {key} from the cached prompt")
    return CheckResult(task_ok, integrity_ok, problems)


def check(text: str, request: Request) -> CheckResult:
    """Check one answer to one request."""
    if request.task == "math":
        return check_math(text, request)
    if request.task == "json":
        return check_json(text, request)
    raise ValueError(f"unknown task {request.task!r}")
