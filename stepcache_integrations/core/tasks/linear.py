"""Linear equations: exact verification of every stated equation, re-instantiation, fallback."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..types import Step
from .base import UnitCheck, Verification, extract_slots, mentions
from .linear_algebra import (
    MAX_EQUATIONS,
    LinearForm,
    equation_shape,
    find_equations,
    format_number,
    solve_system,
)
from .stepwise import StepwiseTask, label_len

__all__ = ["LinearEquationTask"]

_MAX_PROMPT_CHARS = 20000
_NUMBER = re.compile(r"(?<![\w.])(?:(?<=[\s=(,:])-|^-)?\d+(?:\.\d+)?(?![\d])")
_MAX_COMBOS = 64
_ENGLISH_LETTERS = frozenset({"a", "A", "I"})


def _fractions(values: list[str]) -> list[Fraction]:
    return [Fraction(v) for v in values]


class LinearEquationTask(StepwiseTask):
    """Linear equations (one or more, any variable names) solved step by step."""

    name = "linear_equation"

    # -- detection and constraints ----------------------------------------------------------
    def _system(self, prompt: str) -> tuple[list[Any], list[str], dict[str, Fraction]] | None:
        if len(prompt) > _MAX_PROMPT_CHARS:
            return None
        equations = [eq for eq in find_equations(prompt, limit=_MAX_PROMPT_CHARS) if eq.form.coeffs]
        if not equations or len(equations) > MAX_EQUATIONS:
            return None
        variables: list[str] = []
        for eq in equations:
            for ident in eq.identifiers:
                if ident in eq.form.variables and ident not in variables:
                    variables.append(ident)
        solution = solve_system(tuple(eq.form for eq in equations))
        if solution is None or set(solution) != set(variables):
            return None
        return equations, variables, solution

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return schema is None and self._system(prompt) is not None

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        system = self._system(prompt)
        if system is None:
            return {"equations": [], "variables": [], "solution": None, "slots": extract_slots(prompt)}
        equations, variables, solution = system
        params: list[str] = []
        for eq in equations:
            params.extend(str(n) for n in eq.numbers)
        return {
            "equations": [eq.form.to_json() for eq in equations],
            "equation_texts": [eq.text for eq in equations],
            "shapes": [equation_shape(eq.text) for eq in equations],
            "variables": variables,
            "solution": {v: str(solution[v]) for v in variables},
            "params": params,
            "slots": extract_slots(prompt),
        }

    # -- verification ---------------------------------------------------------------------------
    def _check_step(
        self,
        text: str,
        variables: list[str],
        solution: dict[str, Fraction],
        stale_vars: set[str],
        stale_numbers: set[Fraction],
    ) -> str:
        """Empty string if the step is correct for the problem, else why not."""
        body = text[label_len(text) :]
        known = frozenset(variables) | frozenset(stale_vars)
        remainder = body
        for eq in find_equations(body, known):
            unknown = [v for v in eq.form.variables if v not in solution]
            if unknown:
                return f"'{eq.text}' uses {', '.join(unknown)}, which the problem does not have"
            if eq.form.evaluate(solution) != 0:
                return f"'{eq.text}' does not hold for this problem"
            remainder = remainder.replace(eq.text, " ")
        for var in stale_vars:
            if mentions(remainder, var) and var not in _ENGLISH_LETTERS:
                return f"mentions variable {var} of a different problem"
        for match in _NUMBER.finditer(remainder):
            if Fraction(match.group()) in stale_numbers:
                return f"mentions {match.group()}, a constant of a different problem"
        return ""

    def verify(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
    ) -> Verification:
        variables = list(constraints.get("variables") or [])
        solution = {v: Fraction(s) for v, s in (constraints.get("solution") or {}).items()}
        stale_vars: set[str] = set()
        stale_numbers: set[Fraction] = set()
        if cached_constraints:
            stale_vars = set(cached_constraints.get("variables") or []) - set(variables)
            stale_numbers = set(_fractions(cached_constraints.get("params") or [])) - set(
                _fractions(constraints.get("params") or [])
            )
        units = []
        for i, step in enumerate(steps):
            if not solution:
                units.append(UnitCheck(f"step {i + 1}", False, "the problem has no unique solution"))
                continue
            reason = self._check_step(step.text, variables, solution, stale_vars, stale_numbers)
            units.append(UnitCheck(f"step {i + 1}", not reason, reason))
        return Verification(units)

    def check_answer(self, steps: list[Step], constraints: dict[str, Any]) -> list[str]:
        errors = super().check_answer(steps, constraints)
        if errors:
            return errors
        solution = {v: Fraction(s) for v, s in (constraints.get("solution") or {}).items()}
        text = "".join(step.text for step in steps)
        known = frozenset(solution)
        isolated = {
            eq.form.variables[0]
            for eq in find_equations(text, known, limit=len(text) + 1)
            if len(eq.form.variables) == 1
            and eq.form.variables[0] in [side.strip() for side in eq.text.split("=")]
        }
        missing = [v for v in constraints.get("variables") or [] if v not in isolated]
        if missing:
            return [f"the answer never states the value of {', '.join(missing)}"]
        return []

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
        options_for = _derived_values(old_atoms, new_atoms, needed)
        rename = dict(zip(old_vars, new_vars))
        stale_vars = set(old_vars) - set(new_vars)
        stale_numbers = set(_fractions(old_params)) - set(_fractions(new_params))
        out: list[Step] = []
        for step in steps:
            out.append(
                self._reinstantiate_step(
                    step, options_for, rename, new_vars, new_solution, stale_vars, stale_numbers
                )
            )
        return out

    def _reinstantiate_step(
        self,
        step: Step,
        options_for: dict[Fraction, tuple[Fraction, ...]],
        rename: dict[str, str],
        new_vars: list[str],
        solution: dict[str, Fraction],
        stale_vars: set[str],
        stale_numbers: set[Fraction],
    ) -> Step:
        text = step.text
        label = label_len(text)
        head, body = text[:label], text[label:]
        matches = list(_NUMBER.finditer(body))
        distinct = list(dict.fromkeys(Fraction(m.group()) for m in matches))
        choices = [list(options_for.get(value, ())) + [value] for value in distinct]
        for combo in itertools.islice(itertools.product(*choices), _MAX_COMBOS):
            chosen = dict(zip(distinct, combo))
            candidate = head + _replace_numbers(body, matches, chosen, rename)
            if not self._check_step(candidate, new_vars, solution, stale_vars, stale_numbers):
                return Step(text=candidate, kind=step.kind)
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
            lines = [
                f"Step 1: The system is {'; '.join(texts)}.",
                f"Step 2: Solving the system exactly gives {answer}.",
                f"Answer: {answer}",
            ]
        return "\n".join(lines)


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
    old_atoms: tuple[Fraction, ...], new_atoms: tuple[Fraction, ...], needed: frozenset[Fraction]
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
    for o, n in pairs:
        add(o, n)
    for o, n in pairs:
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


def _replace_numbers(
    body: str, matches: list[re.Match[str]], chosen: dict[Fraction, Fraction], rename: dict[str, str]
) -> str:
    pieces: list[str] = []
    last = 0
    for match in matches:
        pieces.append(body[last : match.start()])
        old_text = match.group()
        new_value = chosen[Fraction(old_text)]
        pieces.append(format_number(new_value, prefer_decimal="." in old_text))
        last = match.end()
    pieces.append(body[last:])
    return _rename_variables("".join(pieces), rename)
