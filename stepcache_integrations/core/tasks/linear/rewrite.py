"""Re-instantiation of a cached linear derivation for a problem of the same form.

Numbers in a cached derivation are functions of the old problem's constants and solution;
recomputing the same function on the new problem rewrites the step. Each candidate rewrite is
checked step by step (``check_steps``): the verifier decides which candidate is right, and a
step no candidate proves is left as it was (for verify to fail and a patch to regenerate).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from fractions import Fraction
from collections.abc import Callable
from functools import lru_cache

from ...types import Step
from ..algebra import (
    MAX_NUMBER_DIGITS, Equation, LinearForm, find_equations, format_number, sides_swapped, unit_coefficients_written,
)
from ..stepwise import label_len
from .chain import LinearConstraints
from .chain import ProblemContext, check_steps
from .targets import renamed_target

__all__ = ["aligned", "reinstantiate_steps", "same_form"]

_NUMBER = re.compile(r"(?<![\w.])(?:(?<=[\s=(,:])-|^-)?[0-9]+(?:\.[0-9]+)?(?![\d])")
_MAX_COMBOS = 128
_ENGLISH_LETTERS = frozenset({"a", "A", "I"})
_Pairs = list[tuple[Fraction | int, Fraction]]
_Add = Callable[[Fraction | int, Callable[[], Fraction]], None]


def reinstantiate_steps(
    steps: list[Step], cached: LinearConstraints, new: LinearConstraints, ctx: ProblemContext
) -> list[Step] | None:
    """The cached steps rewritten for the new problem, or None when its form differs (sides
    swapped and a written or unwritten coefficient 1 are not differences: :func:`aligned`)."""
    new = aligned(cached, new)
    if not same_form(cached, new) or cached.solution is None or new.solution is None:
        return None
    old_atoms = (*cached.params, *(cached.solution[v] for v in cached.variables))
    new_atoms = (*new.params, *(new.solution[v] for v in new.variables))
    needed = frozenset(value for step in steps for value in _values_in(step.text[label_len(step.text) :]))
    options_for = _derived_values(old_atoms, new_atoms, needed, len(cached.params))
    rename = dict(zip(cached.variables, new.variables))
    restated = _restatements(cached, new)
    first = _first_rewrites(steps, options_for, rename, restated)
    if _all_prove(first, ctx):
        return [candidate for candidate, _ in first]
    out: list[Step] = []
    for step in steps:
        out.append(_reinstantiate_step(step, out, options_for, rename, ctx, restated))
    return out


def same_form(cached: LinearConstraints, new: LinearConstraints) -> bool:
    """Only the same equation form with other constants/names can be re-derived by recomputing
    numbers (3x + 5 = 20 -> 4t - 6 = 10 needs the model): as many unknowns, the same ones asked
    (renamed in order) and the same expression asked, as many constants, the same shapes."""
    if not cached.variables or len(cached.variables) != len(new.variables):
        return False
    rename = dict(zip(cached.variables, new.variables))
    if [rename.get(v) for v in cached.asked_or_all] != list(new.asked_or_all):
        return False
    if (cached.target or new.target) and renamed_target(cached.target, rename) != new.target:
        return False  # x^2 asked of the cached problem, 2t of the new one: another answer
    return len(cached.params) == len(new.params) and cached.shapes == new.shapes


def aligned(cached: LinearConstraints, new: LinearConstraints) -> LinearConstraints:
    """``new`` with each equation's shape and constants read as the cached equation writes them
    when it is the same equation written otherwise: sides swapped ("25 = 2x + 13" for "2x + 9 =
    25") or a coefficient 1 left unwritten ("x + 5 = 20" for "3x + 5 = 20": a constant 1, "-x" a
    constant -1). Only the constants' order changes (the forms, texts and solution are new's), so
    the rewrite is still checked against the new problem as written; ``new`` when any differs."""
    if cached.shapes is None or new.shapes is None or cached.shapes == new.shapes:
        return new
    if len(cached.shapes) != len(new.shapes) or sum(s.count("N") for s in new.shapes) != len(new.params):
        return new  # a stored form whose constants do not match its shapes is not re-read
    shapes: list[str] = []
    params: list[Fraction] = []
    start = 0
    for old_shape, new_shape in zip(cached.shapes, new.shapes):
        count = new_shape.count("N")
        found = _as_written(old_shape, new_shape, new.params[start : start + count])
        if found is None:
            return new
        shapes.append(found[0])
        params.extend(found[1])
        start += count
    return replace(new, shapes=tuple(shapes), params=tuple(params))


def _as_written(old_shape: str, shape: str, params: tuple[Fraction, ...]) -> tuple[str, tuple[Fraction, ...]] | None:
    """One equation's shape and constants as ``old_shape`` writes the same equation, or None."""
    for candidate in (unit_coefficients_written(shape, params), sides_swapped(*unit_coefficients_written(shape, params)),
                      (shape, params), sides_swapped(shape, params)):
        if candidate is not None and candidate[0] == old_shape:
            return candidate
    return None


def _restatements(cached: LinearConstraints, new: LinearConstraints) -> dict[LinearForm, LinearForm]:
    """A step that restates the old problem's equation must restate the new one."""
    return {_canonical(o): _canonical(n) for o, n in zip(cached.equations, new.equations)}


@lru_cache(maxsize=4096)
def _literal(text: str) -> Fraction | None:
    """A number as written, or None when it is too long to compute with (cached: a pure function
    of the text, read for every step of every candidate entry)."""
    if len(text.lstrip("-").replace(".", "")) > MAX_NUMBER_DIGITS:
        return None
    return Fraction(text)


def _values_in(text: str) -> list[Fraction]:
    return [value for m in _NUMBER.finditer(text) if (value := _literal(m.group())) is not None]


def _reinstantiate_step(
    step: Step,
    done: list[Step],
    options_for: dict[Fraction, tuple[Fraction, ...]],
    rename: dict[str, str],
    ctx: ProblemContext,
    restated: dict[LinearForm, LinearForm],
) -> Step:
    """The first rewrite of ``step`` (one choice per number) that the checker proves after
    ``done`` and that restates the new problem where the step restated the old one."""
    parts = _parts(step, options_for, rename, restated)
    if parts is None:
        return step  # a number too long to compute with: left for verify to judge
    head, body, matches, choices, must_state = parts
    for combo in itertools.islice(itertools.product(*choices), _MAX_COMBOS):
        candidate = Step(text=head + _replace_numbers(body, matches, list(combo), rename), kind=step.kind)
        if _proves(candidate, done, ctx, must_state):
            return candidate
    return step


_Parts = tuple[str, str, list[re.Match[str]], list[list[Fraction]], list[LinearForm]]


def _parts(
    step: Step, options_for: dict[Fraction, tuple[Fraction, ...]], rename: dict[str, str],
    restated: dict[LinearForm, LinearForm],
) -> _Parts | None:
    """A step's label, body, numbers, the choices for each number (in the order they are tried)
    and the forms it must restate; None when a number is too long to compute with."""
    text = step.text
    label = label_len(text)
    head, body = text[:label], text[label:]
    must_state = [
        restated[canon]
        for eq in find_equations(body, frozenset(rename))
        if (canon := _canonical(eq.form)) in restated
    ]
    matches = list(_NUMBER.finditer(body))
    values = [_literal(m.group()) for m in matches]
    if any(value is None for value in values):
        return None
    # One choice per occurrence: in "3x = 3" the two 3s may stand for different things.
    choices = [list(dict.fromkeys([*options_for.get(v, ()), v])) for v in values if v is not None]
    return head, body, matches, choices, must_state


def _first_rewrites(
    steps: list[Step], options_for: dict[Fraction, tuple[Fraction, ...]], rename: dict[str, str],
    restated: dict[LinearForm, LinearForm],
) -> list[tuple[Step, list[LinearForm]]]:
    """Each step rewritten with the first choice for each of its numbers (the rewrite
    :func:`_reinstantiate_step` tries first), with the forms it must restate; a step with a number
    too long to compute with as it was (as :func:`_reinstantiate_step` leaves it)."""
    out: list[tuple[Step, list[LinearForm]]] = []
    for step in steps:
        parts = _parts(step, options_for, rename, restated)
        if parts is None:
            out.append((step, []))
            continue
        head, body, matches, choices, must_state = parts
        combo = [options[0] for options in choices]  # itertools.product's first combination
        out.append((Step(text=head + _replace_numbers(body, matches, combo, rename), kind=step.kind), must_state))
    return out


def _all_prove(first: list[tuple[Step, list[LinearForm]]], ctx: ProblemContext) -> bool:
    """Whether the first rewrites are what the step-by-step search returns: checked once, whole,
    every step passes and restates what it must. Then each step passes after the ones before it
    too, so the search keeps each first rewrite: an operation the whole chain proves is proven by
    the same equations in its prefix (the reading order of a prefix is the start of the whole's,
    and an operation still open at a prefix's end is provisional there), a later step neither
    explains nor fails an earlier one's arithmetic, and what a step restates is its own text.
    Otherwise (any step fails, or does not restate what it must) the search decides, step by step.

    The whole chain is checked first as the verifier checks it (no provisional tail: the same
    verdicts, memoised in ``ctx`` by the exact texts, so the task's and the planner's check of the
    rewrite served meet this proof instead of proving it again); only when a step fails there is
    it checked with the provisional tail, which accepts what that check accepts and more (an
    operation whose result is not stated yet), so the answer is the same either way."""
    candidates = [candidate for candidate, _ in first]
    if not all(verdict.ok for verdict in check_steps(candidates, ctx)) and not all(
            verdict.ok for verdict in check_steps(candidates, ctx, provisional_tail=True)):
        return False
    variables = frozenset(ctx.variables)
    for candidate, must_state in first:
        if must_state:
            stated = {_canonical(eq.form) for eq in _equations_of(candidate.text, variables)}
            if not all(form in stated for form in must_state):
                return False
    return True


def _proves(candidate: Step, done: list[Step], ctx: ProblemContext, must_state: list[LinearForm]) -> bool:
    """The rewrite passes the checker after the steps before it and restates what it must."""
    if not check_steps([*done, candidate], ctx, provisional_tail=True)[-1].ok:
        return False
    if not must_state:
        return True
    stated = {_canonical(eq.form) for eq in _equations_of(candidate.text, frozenset(ctx.variables))}
    return all(form in stated for form in must_state)


_READ_LIMIT = 4000  # find_equations' default: how much of a text it reads


def _equations_of(text: str, known: frozenset[str]) -> list[Equation]:
    """``find_equations(text, known)``, the same equations (their positions aside), read from
    the body after a label ending in ':' ("Step 2:") when the text is read whole: the step
    checker has read that body already. A ':' is a token of its own that is no math, so no run
    crosses it: the runs after it, and what stands beside each run (the ':' is no '.'), are the
    body's own; the label holds no '='."""
    label = label_len(text)
    if 0 < label and text[label - 1] == ":" and len(text) <= _READ_LIMIT:
        body = text[label:]
        return find_equations(body, known, limit=len(body) + 1)
    return find_equations(text, known)


@lru_cache(maxsize=1024)
def _derived_values(
    old_atoms: tuple[Fraction, ...],
    new_atoms: tuple[Fraction, ...],
    needed: frozenset[Fraction],
    n_params: int,
) -> dict[Fraction, tuple[Fraction, ...]]:
    """Old value -> new values it may stand for, simplest derivation first, for the old values
    the steps hold (``needed``).

    Numbers in a cached derivation are functions of the old problem's constants and
    solution (a, -a, a±b, a*b, a/b, (a±b)/c, a*b±c); recomputing the same function on the
    new problem re-instantiates the step. The verifier decides which candidate is right.
    Each function is computed on the new problem only when its old value is needed.
    """
    out: dict[Fraction | int, list[Fraction]] = {}
    keys = {value: value for value in needed}  # an old value (int or Fraction) -> the needed Fraction

    def add(old: Fraction | int, new: Callable[[], Fraction]) -> None:
        if old not in keys:
            return
        bucket = out.setdefault(old, [])
        if len(bucket) < 4 and (value := new()) not in bucket:
            bucket.append(value)

    # The old side in plain integers where it is one (the same values, computed without building
    # a Fraction for each of the many derivations no step holds); _div keeps it exact.
    pairs = list(zip((_plain(o) for o in old_atoms), new_atoms))
    _add_atoms(add, pairs[:n_params], pairs[n_params:])
    _add_two_operand(add, pairs)
    if len(pairs) <= 6 and not needed <= out.keys():  # three-operand forms only when still needed
        _add_three_operand(add, pairs)
    return {keys[k]: tuple(v) for k, v in out.items()}  # keyed by the needed Fractions themselves


def _plain(value: Fraction) -> Fraction | int:
    """An integral Fraction as the int of the same value (old values are only compared)."""
    return value.numerator if value.denominator == 1 else value


def _div(a: Fraction | int, b: Fraction | int) -> Fraction | int:
    """``a / b``, exact: two ints give their quotient as an int when it is one, else a Fraction."""
    if isinstance(a, int) and isinstance(b, int):
        return a // b if a % b == 0 else Fraction(a, b)
    return a / b


def _add_atoms(add: _Add, params: _Pairs, solutions: _Pairs) -> None:
    """a and -a; constants before solutions ("Add 1 to both sides" names a constant far more often)."""
    for group in (params, solutions):
        for o, n in group:
            add(o, lambda n=n: n)
        for o, n in group:
            add(-o, lambda n=n: -n)


def _add_two_operand(add: _Add, pairs: _Pairs) -> None:
    """a+b, a-b, a*b, a/b."""
    for (oa, na), (ob, nb) in itertools.permutations(pairs, 2):
        add(oa + ob, lambda: na + nb)
        add(oa - ob, lambda: na - nb)
        add(oa * ob, lambda: na * nb)
        if ob != 0 and nb != 0:
            add(_div(oa, ob), lambda: na / nb)


def _add_three_operand(add: _Add, pairs: _Pairs) -> None:
    """(a-b)/c, (a+b)/c, a*b+c, a*b-c."""
    for (oa, na), (ob, nb), (oc, nc) in itertools.permutations(pairs, 3):
        if oc != 0 and nc != 0:
            add(_div(oa - ob, oc), lambda: (na - nb) / nc)
            add(_div(oa + ob, oc), lambda: (na + nb) / nc)
        add(oa * ob + oc, lambda: na * nb + nc)
        add(oa * ob - oc, lambda: na * nb - nc)


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


_DOUBLE_SIGN = re.compile(r"([+\-])(\s*)-(?=[0-9])")


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
    return _unit_coefficients(_rename_variables(text, rename), tuple(rename.values()))


def _unit_coefficients(text: str, variables: tuple[str, ...]) -> str:
    """A coefficient 1 written as it is read ("1x" -> "x", "-1x" -> "-x"): a cached "3x" rewritten
    for "x + 5 = 20" (``aligned``)."""
    if not variables or "1" not in text:
        return text
    return _unit_coefficient(variables).sub("", text)


@lru_cache(maxsize=256)
def _unit_coefficient(variables: tuple[str, ...]) -> re.Pattern[str]:
    """A "1" written right before one of the unknowns (compiled once per unknowns)."""
    names = "|".join(map(re.escape, sorted(variables, key=len, reverse=True)))
    return re.compile(rf"(?<![\w.])1(?=(?:{names})(?![A-Za-z0-9_]))")


# "Add -19 to both sides" reads as "Subtract 19 from both sides".
_OPPOSITE = {"Add": "Subtract", "add": "subtract", "Subtract": "Add", "subtract": "add",
             "to": "from", "from": "to"}  # fmt: skip
_ADD_NEGATIVE = re.compile(r"\b(Add|add|Subtract|subtract) -([0-9]+(?:\.[0-9]+)?) (to|from)\b")


@lru_cache(maxsize=4096)
def _canonical(form: LinearForm) -> LinearForm:
    """The form scaled so its first coefficient is 1 (equal for equivalent single equations);
    cached by the form (exact arithmetic: equal forms have equal canonical forms)."""
    if not form.coeffs:
        return form
    return form.scale(1 / form.coeffs[0][1])
