"""Linear equations: exact verification of every stated equation, re-instantiation, fallback."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..types import Step, VerificationLevel
from .base import UnitCheck, Verification, extract_slots
from .linear_algebra import LinearForm, equation_shape, find_equations, format_number
from .linear_prompt import understand_prompt
from .linear_steps import ProblemContext, check_steps, final_value_errors, unread_prose
from .stepwise import StepwiseTask, label_len

__all__ = ["LinearEquationTask"]

_NUMBER = re.compile(r"(?<![\w.])(?:(?<=[\s=(,:])-|^-)?\d+(?:\.\d+)?(?![\d])")
_MAX_COMBOS = 128
_ENGLISH_LETTERS = frozenset({"a", "A", "I"})


def _fractions(values: list[str]) -> list[Fraction]:
    return [Fraction(v) for v in values]


def _stale_numbers(cached: dict[str, Any], new: dict[str, Any]) -> tuple[set[Fraction], set[Fraction]]:
    """Constants of the cached problem that the new one does not have: (signed, magnitudes)."""
    legit = set(_fractions(new.get("params") or [])) | set(_fractions(list((new.get("solution") or {}).values())))
    old = set(_fractions(cached.get("params") or []))
    return old - legit, {abs(v) for v in old} - {abs(v) for v in legit}


class LinearEquationTask(StepwiseTask):
    """Linear equations (one or more, any variable names) solved step by step.

    ``verified`` means: the prompt is fully understood (equations, the asked unknowns and
    instruction words only), every equation stated holds at the problem's unique solution,
    every prose operation turns the equation before it into the one after it, no number is
    left unexplained, and the asked unknowns' final values are stated in canonical form.
    """

    name = "linear_equation"
    # Verification is exact, so a cached derivation of another equation can safely be tried.
    similarity_threshold = 0.4

    # -- detection and constraints ----------------------------------------------------------
    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return schema is None and understand_prompt(prompt) is not None

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        problem = understand_prompt(prompt)
        if problem is None:
            return {"equations": [], "variables": [], "asked": [], "solution": None, "slots": extract_slots(prompt)}
        shapes: list[str] = []
        params: list[str] = []
        for eq in problem.equations:
            shape, signed = equation_shape(eq.text)
            shapes.append(shape)
            params.extend(str(n) for n in signed)
        return {
            "equations": [eq.form.to_json() for eq in problem.equations],
            "equation_texts": [eq.text for eq in problem.equations],
            "shapes": shapes,
            "variables": list(problem.variables),
            "asked": list(problem.asked),
            "solution": {v: str(problem.solution[v]) for v in problem.variables},
            "params": params,
            "slots": extract_slots(prompt),
        }

    # -- verification ---------------------------------------------------------------------------
    @staticmethod
    def _context(constraints: dict[str, Any], cached_constraints: dict[str, Any] | None) -> ProblemContext:
        variables = tuple(constraints.get("variables") or [])
        solution = {v: Fraction(s) for v, s in (constraints.get("solution") or {}).items()}
        texts = constraints.get("equation_texts") or []
        problem = tuple(eq for text in texts for eq in find_equations(text, frozenset(variables))[:1])
        stale_vars: frozenset[str] = frozenset()
        stale_numbers: frozenset[Fraction] = frozenset()
        if cached_constraints:
            stale_vars = frozenset(cached_constraints.get("variables") or []) - frozenset(variables)
            stale_numbers = frozenset(_stale_numbers(cached_constraints, constraints)[0])
        return ProblemContext(
            variables=variables,
            asked=tuple(constraints.get("asked") or variables),
            solution=solution,
            problem=problem,
            stale_vars=stale_vars,
            stale_numbers=stale_numbers,
        )

    def verify(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
    ) -> Verification:
        verdicts = check_steps(steps, self._context(constraints, cached_constraints))
        if cached_constraints is not None and _problem_changed(cached_constraints, constraints):
            # Prose written for another problem is served only when every word of it is read.
            variables = frozenset(constraints.get("variables") or [])
            for step, verdict in zip(steps, verdicts):
                word = unread_prose(step.text, variables) if verdict.ok else None
                if word is not None:
                    verdict.fail(f"prose written for another problem that this checker cannot read ({word!r})")
        return Verification(
            [
                UnitCheck(f"step {i + 1}", v.ok, v.reason, evidence="; ".join(v.evidence) if v.ok else "")
                for i, v in enumerate(verdicts)
            ]
        )

    def check_answer(self, steps: list[Step], constraints: dict[str, Any]) -> list[str]:
        errors = super().check_answer(steps, constraints)
        if errors:
            return errors
        return final_value_errors(steps, self._context(constraints, None))

    def verification_level(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
        stored: VerificationLevel = "unchecked",
    ) -> VerificationLevel:
        """Proven: an answer passes only when every step and asked value is proven exact for this
        prompt's unique solution, and a cached answer is re-checked against this prompt step by
        step, so an entry stored without a level (or "checked") is proven anew."""
        if not constraints.get("solution"):
            return "checked"
        # Every equation and value is checked exactly; prose outside the closed step vocabulary
        # ("Halve both sides", "x is prime") is a claim no checker read.
        variables = frozenset(constraints.get("variables") or [])
        return "checked" if any(unread_prose(step.text, variables) for step in steps) else "proven"

    # -- re-instantiation --------------------------------------------------------------------
    def reinstantiate(
        self,
        steps: list[Step],
        cached_constraints: dict[str, Any],
        constraints: dict[str, Any],
    ) -> list[Step] | None:
        old_vars = list(cached_constraints.get("variables") or [])
        new_vars = list(constraints.get("variables") or [])
        old_params = cached_constraints.get("params") or []
        new_params = constraints.get("params") or []
        if (
            not old_vars
            or len(old_vars) != len(new_vars)
            or [dict(zip(old_vars, new_vars)).get(v) for v in cached_constraints.get("asked") or old_vars]
            != list(constraints.get("asked") or new_vars)
            or len(old_params) != len(new_params)
            or cached_constraints.get("shapes") != constraints.get("shapes")
        ):
            # Only the same equation form with other constants/names can be re-derived by
            # recomputing numbers; 3x + 5 = 20 -> 4t - 6 = 10 needs the model.
            return None
        old_solution = cached_constraints["solution"]
        new_solution = {v: Fraction(s) for v, s in constraints["solution"].items()}
        old_atoms = tuple(_fractions(old_params) + [Fraction(old_solution[v]) for v in old_vars])
        new_atoms = tuple(_fractions(new_params) + [new_solution[v] for v in new_vars])
        needed = frozenset(
            Fraction(m.group()) for step in steps for m in _NUMBER.finditer(step.text[label_len(step.text) :])
        )
        options_for = _derived_values(old_atoms, new_atoms, needed, len(old_params))
        # A step that restates the old problem's equation must restate the new one.
        restated = {
            _canonical(LinearForm.from_json(o)): _canonical(LinearForm.from_json(n))
            for o, n in zip(cached_constraints["equations"], constraints["equations"])
        }
        rename = dict(zip(old_vars, new_vars))
        ctx = self._context(constraints, cached_constraints)
        out: list[Step] = []
        for step in steps:
            out.append(self._reinstantiate_step(step, out, options_for, rename, ctx, restated))
        return out

    def _reinstantiate_step(
        self,
        step: Step,
        done: list[Step],
        options_for: dict[Fraction, tuple[Fraction, ...]],
        rename: dict[str, str],
        ctx: ProblemContext,
        restated: dict[LinearForm, LinearForm],
    ) -> Step:
        text = step.text
        label = label_len(text)
        head, body = text[:label], text[label:]
        must_state = [
            restated[canon]
            for eq in find_equations(body, frozenset(rename))
            if (canon := _canonical(eq.form)) in restated
        ]
        matches = list(_NUMBER.finditer(body))
        # One choice per occurrence: in "3x = 3" the two 3s may stand for different things.
        choices = [
            list(dict.fromkeys([*options_for.get(Fraction(m.group()), ()), Fraction(m.group())]))
            for m in matches
        ]
        for combo in itertools.islice(itertools.product(*choices), _MAX_COMBOS):
            candidate = Step(text=head + _replace_numbers(body, matches, list(combo), rename), kind=step.kind)
            if not check_steps([*done, candidate], ctx, provisional_tail=True)[-1].ok:
                continue
            if must_state:
                stated = {_canonical(eq.form) for eq in find_equations(candidate.text, frozenset(ctx.variables))}
                if not all(form in stated for form in must_state):
                    continue
            return candidate
        return step

    # -- patching and fallback ---------------------------------------------------------------
    def continuation_request(self, first_failure: int) -> str:
        return (
            f"Continue from there: write only the remaining steps, starting with step "
            f"{first_failure + 1}, and end with the final answer."
        )

    def fallback(self, constraints: dict[str, Any]) -> str | None:
        solution = constraints.get("solution")
        if not solution:
            return None
        variables: list[str] = constraints["variables"]
        texts: list[str] = constraints.get("equation_texts") or []
        values = {v: Fraction(solution[v]) for v in variables}
        answer = ", ".join(f"{v} = {format_number(values[v])}" for v in variables)
        if len(variables) == 1 and len(texts) == 1:
            var = variables[0]
            form = LinearForm.from_json(constraints["equations"][0])
            coeff = form.as_dict()[var]
            rhs = -form.const
            lines = [
                f"Step 1: Start from the equation {texts[0]}.",
                f"Step 2: Collect the {var} terms on the left and the constants on the right: "
                f"{_term(coeff, var)} = {format_number(rhs)}.",
                f"Step 3: Divide both sides by {format_number(coeff)}: {answer}.",
                f"Answer: {answer}",
            ]
        else:
            # The answer line names the unknowns asked for ("solve for y when x = 3": y only),
            # in the form the prompt asks for; the working states them all.
            asked = list(constraints.get("asked") or variables)
            final = ", ".join(f"{v} = {format_number(values[v])}" for v in asked)
            lines = [
                f"Step 1: The system is {'; '.join(texts)}.",
                f"Step 2: Solving the system exactly gives {answer}.",
                f"Answer: {final}",
            ]
        return "\n".join(lines)


def _problem_changed(cached: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether two prompts pose different problems (equations, their order, unknowns or the asked ones)."""
    return any(cached.get(k) != new.get(k) for k in ("equations", "variables", "asked"))


def _term(coeff: Fraction, var: str) -> str:
    if coeff == 1:
        return var
    if coeff == -1:
        return f"-{var}"
    if coeff.denominator == 1:
        return f"{coeff.numerator}{var}"
    return f"({format_number(coeff)}){var}"


@lru_cache(maxsize=1024)
def _derived_values(
    old_atoms: tuple[Fraction, ...],
    new_atoms: tuple[Fraction, ...],
    needed: frozenset[Fraction],
    n_params: int,
) -> dict[Fraction, tuple[Fraction, ...]]:
    """Old value -> new values it may stand for, simplest derivation first.

    Numbers in a cached derivation are functions of the old problem's constants and
    solution (a, -a, a±b, a*b, a/b, (a±b)/c, a*b±c); recomputing the same function on the
    new problem re-instantiates the step. The verifier decides which candidate is right.
    """
    out: dict[Fraction, list[Fraction]] = {}

    def add(old: Fraction, new: Fraction) -> None:
        bucket = out.setdefault(old, [])
        if new not in bucket and len(bucket) < 4:
            bucket.append(new)

    pairs = list(zip(old_atoms, new_atoms))
    params, solutions = pairs[:n_params], pairs[n_params:]
    # Constants before solutions: "Add 1 to both sides" names a constant far more often.
    for group in (params, solutions):
        for o, n in group:
            add(o, n)
        for o, n in group:
            add(-o, -n)
    for (oa, na), (ob, nb) in itertools.permutations(pairs, 2):
        add(oa + ob, na + nb)
        add(oa - ob, na - nb)
        add(oa * ob, na * nb)
        if ob != 0 and nb != 0:
            add(oa / ob, na / nb)
    if len(pairs) <= 6 and not needed <= out.keys():  # three-operand forms only when still needed
        for (oa, na), (ob, nb), (oc, nc) in itertools.permutations(pairs, 3):
            if oc != 0 and nc != 0:
                add((oa - ob) / oc, (na - nb) / nc)
                add((oa + ob) / oc, (na + nb) / nc)
            add(oa * ob + oc, na * nb + nc)
            add(oa * ob - oc, na * nb - nc)
    return {k: tuple(v) for k, v in out.items()}


def _rename_variables(text: str, rename: dict[str, str]) -> str:
    changes = {old: new for old, new in rename.items() if old != new}
    if not changes:
        return text
    pattern = re.compile(r"(?<![A-Za-z_])(" + "|".join(map(re.escape, changes)) + r")(?![A-Za-z0-9_])")

    def swap(match: re.Match[str]) -> str:
        var = match.group(1)
        if var in _ENGLISH_LETTERS:
            around = text[max(0, match.start() - 2) : match.end() + 2]
            if not re.search(r"[\d=+\-*/^()]", around):
                return var  # the article "a", not the variable
        return changes[var]

    return pattern.sub(swap, text)


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


_DOUBLE_SIGN = re.compile(r"([+\-])(\s*)-(?=\d)")


def _replace_numbers(
    body: str, matches: list[re.Match[str]], values: list[Fraction], rename: dict[str, str]
) -> str:
    pieces: list[str] = []
    last = 0
    for match, new_value in zip(matches, values):
        pieces.append(body[last : match.start()])
        # As the model wrote the original: decimals stay decimals, otherwise a reduced fraction.
        decimal = "." in match.group()
        pieces.append(format_number(new_value, prefer_decimal=True) if decimal else _fraction_text(new_value))
        last = match.end()
    pieces.append(body[last:])
    text = _DOUBLE_SIGN.sub(lambda m: ("+" if m.group(1) == "-" else "-") + m.group(2), "".join(pieces))
    text = _ADD_NEGATIVE.sub(lambda m: f"{_OPPOSITE[m.group(1)]} {m.group(2)} {_OPPOSITE[m.group(3)]}", text)
    return _rename_variables(text, rename)


# "Add -19 to both sides" reads as "Subtract 19 from both sides".
_OPPOSITE = {"Add": "Subtract", "add": "subtract", "Subtract": "Add", "subtract": "add",
             "to": "from", "from": "to"}  # fmt: skip
_ADD_NEGATIVE = re.compile(r"\b(Add|add|Subtract|subtract) -(\d+(?:\.\d+)?) (to|from)\b")


def _canonical(form: LinearForm) -> LinearForm:
    """The form scaled so its first coefficient is 1 (equal for equivalent single equations)."""
    if not form.coeffs:
        return form
    return form.scale(1 / form.coeffs[0][1])
