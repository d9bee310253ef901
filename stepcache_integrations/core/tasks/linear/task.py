"""Linear equations: exact verification of every stated equation, re-instantiation, fallback."""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from functools import partial
from collections import OrderedDict
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from ...types import Step, VerificationLevel
from ..algebra import LinearForm, family_shape, find_equations, format_number, is_canonical_number
from ..base import UnitCheck, Verification
from ..stepwise import StepwiseTask
from .chain import LinearConstraints
from .answer_form import BOXED, is_json_form, json_values, json_written, value_in, written_in
from .chain import chain_reads_alike, checked_bodies, derivation_errors, derivation_reads_alike, format_errors, same_sides
from .prompt import COMMA_DECIMAL, stated_alone_as_served, understand_prompt
from .reader import LANGUAGES_JOINED
from .rewrite import reinstantiate_steps
from .chain import answer_lines
from .targets import renamed_target, written_target
from .chain import ProblemContext, StepVerdict, check_steps, final_value_errors, unread_prose

__all__ = ["LinearEquationTask"]


class _PairKey:
    """The exact constraints of a pair of problems, as a dict key: equal when both problem keys
    are equal (compared whole); the hash is computed once per constraints object (hashing every
    number of both problems again at each lookup cost more than the lookup)."""

    __slots__ = ("keys", "_hash")

    def __init__(self, constraints: LinearConstraints, cached: LinearConstraints | None) -> None:
        self.keys: tuple[Hashable, Hashable] = (
            constraints.problem_key, None if cached is None else cached.problem_key
        )
        self._hash = hash((constraints.problem_hash, None if cached is None else cached.problem_hash))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _PairKey) and self._hash == other._hash and self.keys == other.keys


_CONTEXTS: OrderedDict[_PairKey, ProblemContext] = OrderedDict()
_CONTEXTS_LOCK = threading.Lock()
_MAX_CONTEXTS = 256
_MAX_STEPS_MEMO = 4096
_MAX_FINAL_MEMO = 256
_MAX_PROOF_MEMO = 64


def problem_context(constraints: LinearConstraints, cached: LinearConstraints | None) -> ProblemContext:
    """What a step is checked against (:func:`_new_context`), one object per pair of problems:
    the verifier, the final check and the re-instantiation of one request (and later requests
    posing the same pair) share its memo of step verdicts. Keyed by the exact constraints."""
    key = _PairKey(constraints, cached)
    with _CONTEXTS_LOCK:
        ctx = _CONTEXTS.get(key)
        if ctx is not None and len(ctx.step_memo) <= _MAX_STEPS_MEMO:
            _CONTEXTS.move_to_end(key)
            return ctx
    ctx = _new_context(constraints, cached)
    with _CONTEXTS_LOCK:
        _CONTEXTS[key] = ctx
        while len(_CONTEXTS) > _MAX_CONTEXTS:
            _CONTEXTS.popitem(last=False)
    return ctx


def _new_context(constraints: LinearConstraints, cached: LinearConstraints | None) -> ProblemContext:
    """What a step is checked against: the new problem, and the unknowns and constants of the
    cached problem that the new one does not have."""
    variables = constraints.variables
    problem = tuple(eq for text in constraints.equation_texts for eq in find_equations(text, frozenset(variables))[:1])
    stale_vars: frozenset[str] = frozenset()
    stale_numbers: frozenset[Fraction] = frozenset()
    if cached is not None:
        stale_vars = frozenset(cached.variables) - frozenset(variables)
        stale_numbers = frozenset(_stale_numbers(cached, constraints))
    asked, solution = constraints.asked_or_all, dict(constraints.solution or {})
    plain = None
    if cached is not None and not stale_vars:
        plain = problem_context(constraints, None)
        if (plain.variables, plain.asked, plain.solution, plain.problem, plain.target) != (
            variables, asked, solution, problem, constraints.target
        ):
            plain = None  # never expected (both are read from ``constraints``): then nothing is shared
    return ProblemContext(
        variables=variables,
        asked=asked,
        solution=solution,
        problem=problem,
        stale_vars=stale_vars,
        stale_numbers=stale_numbers,
        plain=plain,
        target=constraints.target,
        target_value=constraints.target_value,
    )


def _stale_numbers(cached: LinearConstraints, new: LinearConstraints) -> set[Fraction]:
    """Constants of the cached problem that the new one does not have (signed). An equation's
    numbers are read as written, without their signs ("12 - 3x" writes 3 for the constant -3): a
    constant whose opposite the new problem has is written by it, so it is none."""
    legit = set(new.params) | set((new.solution or {}).values())
    return {p for p in cached.params if p not in legit and -p not in legit}


def _problem_changed(cached: LinearConstraints, new: LinearConstraints) -> bool:
    """Whether two prompts pose different problems (equations, their order, unknowns or what is
    asked, by letter or in words: a word problem's label, "Miles" or "Km"), or write other constants:
    "2x + 7 = 17" has the form of "2x + 4 = 14", but prose naming the old ones ("Take away four") is
    stale (red team 30, A)."""
    return (cached.equations, cached.variables, cached.asked, cached.target, cached.answer_label,
            sorted(cached.params)) != (new.equations, new.variables, new.asked, new.target, new.answer_label,
                                       sorted(new.params))


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

    # -- claim and constraints -----------------------------------------------------------------
    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return schema is None and understand_prompt(prompt) is not None

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> LinearConstraints:
        return LinearConstraints.of_prompt(prompt)

    def load_constraints(self, data: Any) -> LinearConstraints:
        return LinearConstraints.read(data)

    # -- verification ---------------------------------------------------------------------------
    def verify(self, steps: list[Step], constraints: Any, cached_constraints: Any) -> Verification:
        """Every step checked against the new prompt (:func:`_verified`), once per exact step texts
        and pair of problems: a re-instantiation's rewrite is proven in ``reinstantiate``, and the
        planner's check of the same text against the same constraints meets that proof instead of
        proving it again.

        Kept in the pair's problem context (``problem_context(new, cached)``: one object per exact
        pair of constraints, compared whole), by the exact texts of the steps: the verification
        reads nothing else of a step (neither its kind nor its metadata), so equal keys give equal
        results. A copy is returned each time (the caller may change its units)."""
        new = self.load_constraints(constraints)
        cached = None if cached_constraints is None else self.load_constraints(cached_constraints)
        memo = problem_context(new, cached).proof_memo
        key = tuple(step.text for step in steps)
        found = memo.get(key)
        if found is None:
            found = tuple(_copied(_verified(steps, new, cached).units))
            if len(memo) < _MAX_PROOF_MEMO:
                memo[key] = found
        return Verification(_copied(found))

    # -- the writing transport (docs/shape-proofs.md, "Sides swapped"; planner._entry_checks) ----------------
    def written_otherwise(self, steps: list[Step], constraints: Any, cached_constraints: Any) -> LinearConstraints | None:
        """The cached constraints as this task reads them when ``constraints`` pose their problem written otherwise
        ("20 = 5 + 3x" for "3x + 5 = 20") such that this task's checks of ``steps`` give exactly what they give
        under the cached problem itself: ``verify(steps, new, cached)`` is then :meth:`carried` from
        ``verify(steps, cached, cached)`` (the proof seeded when the entry was stored), and ``check_answer(steps,
        new)`` and ``verification_level(steps, new, ...)`` are the cached problem's. None (the full checks run)
        unless every condition holds (:func:`_written_otherwise`); at once for the same writing (the equations'
        texts equal: its proofs are met as they are), before the stored form is read."""
        new = self.load_constraints(constraints)
        if _written_texts(cached_constraints) == new.equation_texts:
            return None
        cached = self.load_constraints(cached_constraints)
        return cached if _written_otherwise(steps, new, cached) else None

    def carried(self, steps: list[Step], stored: Verification, constraints: Any, cached_constraints: Any) -> Verification:
        """``verify(steps, new, cached)`` from ``stored``, ``verify(steps, cached, cached)``, when
        :meth:`written_otherwise` holds: the verdicts are the same but for what ``_verified`` adds for a problem
        that changed (prose no checker reads, :func:`_fail_unread_prose`), computed here as it does."""
        new, cached = self.load_constraints(constraints), self.load_constraints(cached_constraints)
        units = _copied(stored.units)
        if _point_written(steps, new) or not _problem_changed(cached, new):
            return Verification(units)
        read = _box_read(_comma_read(steps, new), new)
        if new.solution and _whole_answer_errors(read, new) is not None:
            return Verification(units)  # the whole-answer form's verdicts read no prose
        verdicts = [StepVerdict(u.ok, u.reason, [u.evidence] if u.evidence else []) for u in units]
        _fail_unread_prose(read, verdicts, frozenset(new.variables), new.answer_form, new.answer_label)
        return Verification([UnitCheck(u.name, v.ok, v.reason, u.evidence if v.ok else "") for u, v in zip(units, verdicts)])

    def check_answer(self, steps: list[Step], constraints: Any) -> list[str]:
        errors = super().check_answer(steps, constraints)
        if errors:
            return errors
        c = self.load_constraints(constraints)
        steps = _comma_read(steps, c)
        whole = _whole_answer_errors(steps, c)
        if whole is not None:
            return whole
        return _final_errors(_box_read(steps, c), problem_context(c, None)) or _format_errors(steps, c)

    def verification_level(
        self,
        steps: list[Step],
        constraints: Any,
        cached_constraints: Any,
        stored: VerificationLevel = "unchecked",
    ) -> VerificationLevel:
        """Proven: an answer passes only when every step and asked value is proven exact for this
        prompt's unique solution, and a cached answer is re-checked against this prompt step by
        step, so an entry stored without a level (or "checked") is proven anew."""
        new = self.load_constraints(constraints)
        if not new.solution:
            return "checked"
        if _point_written(steps, new):
            return "unchecked"
        steps = _box_read(_comma_read(steps, new), new)
        whole = _whole_answer_errors(steps, new)
        if whole is not None:  # the whole answer one number or word, read and compared exactly
            return "unchecked" if whole else "proven"
        if _final_errors(steps, problem_context(new, None)):
            return "unchecked"  # never proven without a final answer read whole (docs/guarantees.md: answer lines)
        # Every equation and value is checked exactly; prose outside the closed step vocabulary
        # ("Halve both sides", "x is prime") is a claim no checker read.
        variables = frozenset(new.variables)
        label = new.answer_label or _template_label(new.answer_form)
        return "checked" if any(unread_prose(_unlabelled(step.text, label), variables) for step in steps) else "proven"

    # -- re-instantiation --------------------------------------------------------------------
    def reinstantiate(self, steps: list[Step], cached_constraints: Any, constraints: Any) -> list[Step] | None:
        """The cached steps rewritten for the new constants; when only what is asked or the format
        differs (x squared for x, y of the system for x, an answer template), the cached working
        with the final answer line written from the proven values (:func:`_answer_rewritten`)."""
        new, cached = self.load_constraints(constraints), self.load_constraints(cached_constraints)
        if _language_mismatch(cached, new, steps) is not None:
            return None
        written = _written_from_the_solution(steps, cached, new)
        if written is not None:
            return written
        result = self._rewritten(steps, cached, new)
        if cached.solution and (_derivation_of(steps, cached) or _same_kind(cached, new)) and (
                result is None or not self.verify(result, new, cached).passed or _format_errors(result, new)):
            return _written_anew(new) or result  # the engine's own derivation, for the new problem
        return result

    def _rewritten(self, steps: list[Step], cached: LinearConstraints, new: LinearConstraints) -> list[Step] | None:
        ctx = problem_context(new, cached)
        rewritten = reinstantiate_steps(steps, cached, new, ctx)
        if not new.solution or not cached.solution:
            return rewritten
        if rewritten is not None and not _final_errors(rewritten, ctx) and not _format_errors(rewritten, new):
            return rewritten
        if _final_errors(steps, problem_context(cached, None)):
            return rewritten  # the cached answer does not answer its own prompt: nothing is carried over
        return _answer_rewritten(steps if rewritten is None else rewritten, cached, new, rewritten is not None) or rewritten

    # -- problem keys (core.problem_key_tier) ---------------------------------------------------
    def plain_problem(self, constraints: Any) -> bool:
        """Equations with a unique solution and no format read: no instruction, answer label, template nor
        target expression (``adapters.turns``)."""
        c = self.load_constraints(constraints)
        return bool(c.solution and c.equations) and not (c.format or c.answer_label or c.answer_form or c.target)

    def written_as_served(self, answer: str, constraints: Any, newest: Any = None) -> bool:
        """Whether an earlier assistant turn is the asked values alone, written as this task writes a plain
        problem's answer ("x = 3", not "x = 3.0", "x = 6/2", "**x = 3**" or "3" alone): any other turn read away
        as history would drop the form it shows (``adapters.turns``; red teams 30 and 30b, B). ``newest`` (the
        newest question's constraints, this task's) is not read: every format this task serves writes the values so."""
        c = self.load_constraints(constraints)
        return bool(c.solution) and stated_alone_as_served(c.solution or {}, c.asked, answer)

    def problem_key(self, constraints: Any) -> str | None:
        """The equations as exact forms (lhs - rhs, the sign fixed so the first coefficient is
        positive, in a canonical order), the constants written (their sizes, in order of size),
        the asked unknowns and the format read (instructions and answer label): "3x + 5 = 20",
        "20 = 5 + 3x", "3x = 20 - 5" and "3x+5=20" pose one problem; "2x + 15 = 47" and
        "2x + 39 = 71" (one form, x = 16) two, whose derivations differ. None when the prompt
        poses none."""
        c = self.load_constraints(constraints)
        if not c.solution or not c.equations:
            return None
        forms = sorted(_signed_form(form) for form in c.equations)
        constants = [f"{n}/{d}" for n, d in sorted((abs(p.numerator), p.denominator) for p in c.params)]
        return _canonical_text(
            ("target", c.target),
            ("forms", *forms), ("constants", *constants), ("asked", *c.asked_or_all), ("format", *_format_of(c))
        )

    def shape_key(self, constraints: Any) -> str | None:
        """The equations' forms as written with their constants abstracted ("NV+N=N"), the
        unknowns, the asked ones and the format read: what re-instantiation rewrites a cached
        derivation across (``rewrite.same_form``)."""
        c = self.load_constraints(constraints)
        if not c.solution or not c.equations or not c.shapes:
            return None
        return _canonical_text(
            ("target", c.target),
            ("shapes", *c.shapes), ("variables", *c.variables), ("asked", *c.asked_or_all), ("format", *_format_of(c))
        )

    def family_key(self, constraints: Any) -> str | None:
        """The shapes up to how they are written (each with its unwritten coefficients written and
        its sides in a fixed order: ``algebra.family_shape``), how many unknowns, and the request's
        language; not their names, what is asked or the format: what ``reinstantiate`` carries a
        cached derivation across, the answer line written for what is asked. The rewrite is then
        checked as any other."""
        c = self.load_constraints(constraints)
        if not c.solution or not c.equations or not c.shapes or len(c.shapes) != len(c.equations):
            return None
        shapes = (family_shape(shape) for shape in c.shapes)
        return _canonical_text(("shapes", *shapes), ("unknowns", str(len(c.variables))), ("language", _key_language(c.language)))

    # -- patching and fallback ---------------------------------------------------------------
    def continuation_request(self, first_failure: int) -> str:
        return (
            f"Continue from there: write only the remaining steps, starting with step "
            f"{first_failure + 1}, and end with the final answer."
        )

    def fallback(self, constraints: Any) -> str | None:
        new = self.load_constraints(constraints)
        if not new.solution:
            return None
        return "\n".join(_fallback_lines(new, new.solution))


#: ``Step.meta`` of an answer line the engine wrote from the proven values (no model wrote it, no
#: entry cached it): its provenance is the fallback's (core.outcomes).
WRITTEN_BY_FALLBACK = {"written_by": "fallback"}


def _verified(steps: list[Step], new: LinearConstraints, cached: LinearConstraints | None) -> Verification:
    """``LinearEquationTask.verify`` itself: a pure function of the steps' texts and the two constraints."""
    point = _point_written(steps, new)
    if point:
        return Verification([UnitCheck(f"step {i + 1}", False, point) for i in range(len(steps))])
    written, steps = steps, _box_read(_comma_read(steps, new), new)
    whole = _whole_answer_verification(steps, new, cached)
    if whole is not None:
        return whole
    # the engine's own derivation of the new problem, word for word, carries nothing of the
    # cached one: a number in it equal to an old constant is the new problem's ("-3x = -21")
    fresh = cached is not None and _derivation_of(written, new)
    verdicts = check_steps(steps, problem_context(new, None if fresh else cached))
    if cached is not None and _problem_changed(cached, new):
        _fail_unread_prose(steps, verdicts, frozenset(new.variables), new.answer_form, new.answer_label)
    mismatch = None if cached is None else _language_mismatch(cached, new, steps)
    if mismatch is not None:
        for verdict in verdicts:
            verdict.fail(mismatch)
    return Verification(
        [
            UnitCheck(f"step {i + 1}", v.ok, v.reason, evidence="; ".join(v.evidence) if v.ok else "")
            for i, v in enumerate(verdicts)
        ]
    )


def _written_otherwise(steps: list[Step], new: LinearConstraints, cached: LinearConstraints) -> bool:
    """The writing transport's conditions, per request (docs/shape-proofs.md, "Sides swapped"): another writing
    of the equations (the same one meets its proofs as they are); the same unknowns, asked values, solution, format, answer label
    and template, language, and no asked expression (its lines are blanked before the equations are read);
    the same constants (no stale number, so the pair's context checks as the plain one); the problems'
    equations pairwise equal either side first, with the same numbers (:func:`chain.same_sides`); no equation
    of the chain restating another problem under either writing (:func:`chain.chain_reads_alike`); and, when
    steps are asked, the derivation rule finding nothing under either writing (``_format_errors``: whether the
    chain is the engine's derivation of one of them, which skips that rule, then does not matter;
    :func:`chain.derivation_reads_alike`). ``verification_level`` reads the new constraints' ``_asks`` alone."""
    if new.equation_texts == cached.equation_texts or not new.solution or new.target or _asks(new) != _asks(cached):
        return False
    if _stale_numbers(cached, new):
        return False
    problem, stored = _problem_of(new), _problem_of(cached)
    if not same_sides(problem, stored):
        return False
    read = _box_read(_comma_read(steps, new), new)
    if not chain_reads_alike(checked_bodies(read), frozenset(new.variables), problem, stored):
        return False
    return derivation_reads_alike(_comma_read(steps, new), new.format, new.equation_texts, cached.equation_texts)


def _written_texts(data: Any) -> tuple[str, ...] | None:
    """The equations' texts of constraints, typed or in their stored form (None when not read)."""
    if isinstance(data, LinearConstraints):
        return data.equation_texts
    texts = data.get("equation_texts") if isinstance(data, dict) else None
    return tuple(texts) if isinstance(texts, list) and all(type(text) is str for text in texts) else None


def _asks(c: LinearConstraints) -> tuple[Any, ...]:
    """What a problem asks and how, beside its equations (:func:`_written_otherwise` requires it equal)."""
    return (c.variables, c.asked, c.solution, c.target, c.format, c.answer_label, c.answer_form, c.language)


def _problem_of(c: LinearConstraints) -> tuple[Any, ...]:
    """The problem's equations as a context reads them (``_new_context``). An ASCII text is read with no known
    name, the same reading when every unknown is variable-like (``algebra._math_runs``, wip/hitH: the known
    names enter nowhere else), so the derivation rule's reading of the same text (no known name) is shared."""
    variables = frozenset(c.variables)
    plain = all(map(_VARIABLE_LIKE.fullmatch, variables))
    return tuple(eq for text in c.equation_texts
                 for eq in find_equations(text, frozenset() if plain and text.isascii() else variables)[:1])


_VARIABLE_LIKE = re.compile(r"[A-Za-z](?:_?[0-9]+)?")  # algebra._VAR_LIKE


def _copied(units: Any) -> list[UnitCheck]:
    """Independent copies of verification units."""
    return [UnitCheck(u.name, u.ok, u.reason, u.evidence) for u in units]


def _derivation_of(steps: list[Step], new: LinearConstraints) -> bool:
    """Whether ``steps`` are, word for word, the derivation the engine writes for ``new`` from its
    proven solution alone (``_fallback_lines``, or the exact one :func:`_written_anew` writes)."""
    if not new.solution:
        return False
    text = "".join(step.text for step in steps)
    return text == "\n".join(_fallback_lines(new, new.solution)) or (
        _exact_notation(new) and text == "\n".join(_fallback_lines(new, new.solution, exact=True)))


def _same_kind(cached: LinearConstraints, new: LinearConstraints) -> bool:
    """Whether a cached working the rewrite cannot carry over (another form: "2x + 3y = 12" after
    "x + y = 10", a sign flipped, a divisor; prose it cannot rewrite; another answer form) is
    replaced by the engine's derivation of ``new``: both pose a solved problem with as many
    unknowns (the language is compared before: ``_language_mismatch``), and ``new`` writes no chain
    ("3x + 2y = 16+ x + y = 6", read as two equations sharing a side, may be a list mistyped: the
    model answers it, as before)."""
    return bool(new.solution) and len(cached.variables) == len(new.variables) and not _chained(new)


def _chained(c: LinearConstraints) -> bool:
    """Whether two equations the prompt states one after the other share a side as written: a chain
    "a = b = c" read as "a = b" and "b = c"."""
    texts = c.equation_texts
    return any(left.rsplit("=", 1)[-1].strip() == right.split("=", 1)[0].strip() for left, right in zip(texts, texts[1:]))


def _exact_notation(c: LinearConstraints) -> bool:
    """Whether neither the equations nor the format write a decimal: the derivation written anew
    then states every value as an exact fraction ("x = -1/2", never "-0.5")."""
    return not ({"decimal", "decimal_comma"} & set(c.format)) and not any("." in text for text in c.equation_texts)


_DECIMAL_WRITTEN = re.compile(r"(?<=\d)\.(?=\d)")  # a decimal point (a comma in its place: _fallback_lines)


def _written_anew(new: LinearConstraints, exact: bool = True) -> list[Step] | None:
    """The derivation written anew from the new prompt's proven solution rather than a cached one's
    constants rewritten (equations alone carry no operation that checks each line against the one
    before; a working of another form or in other words cannot be rewritten), each value exact
    where neither the equations nor the format write a decimal; None when it would write one
    there (never expected). Checked like any answer; its provenance is the fallback's. ``exact``
    False: the first answer's derivation (``_fallback_lines``), for the equations-alone working (W4)."""
    lines = _fallback_lines(new, new.solution or {}, exact=exact)
    if exact and _exact_notation(new) and _DECIMAL_WRITTEN.search("\n".join(lines)):
        return None
    return [Step(text=line + ("\n" if i < len(lines) - 1 else ""), meta=dict(WRITTEN_BY_FALLBACK))
            for i, line in enumerate(lines)]


def _answer_rewritten(
    steps: list[Step], cached: LinearConstraints, new: LinearConstraints, rewritten: bool
) -> list[Step] | None:
    """The cached working (re-instantiated for new constants when the form is the same; already,
    when ``rewritten``) without its answer lines, then the answer line the new prompt asks for,
    written from the proven solution (``_fallback_lines``'s). None when the working cannot be
    carried over; the planner checks the result like any answer (every equation, the answer line's
    value, the format)."""
    if len(cached.variables) != len(new.variables) or cached.shapes is None:
        return None  # an entry stored without shapes is not rewritten (as reinstantiate_steps)
    working = steps if rewritten else _carried_working(steps, cached, new)
    if working is None:
        return None
    derivation = _fallback_lines(new, new.solution or {})
    final = derivation[-1]
    if "answer_only" in new.format or "one_line" in new.format:
        return [Step(text=final, meta=dict(WRITTEN_BY_FALLBACK))]
    kept = [step for step in (_without_answer_lines(step) for step in working) if step is not None]
    if not kept:
        return None
    if not kept[-1].text.endswith("\n"):
        kept[-1] = Step(text=kept[-1].text + "\n", kind=kept[-1].kind, meta=kept[-1].meta)
    # steps asked ("with numbered steps") that the cached working does not follow: ``reinstantiate``
    # writes the engine's derivation instead (its format check)
    return [*kept, Step(text=final, meta=dict(WRITTEN_BY_FALLBACK))]


def _carried_working(steps: list[Step], cached: LinearConstraints, new: LinearConstraints) -> list[Step] | None:
    """The cached steps as they are for the same equations, else re-instantiated for the new
    constants as if the new prompt asked what the cached one did (its answer line is replaced)."""
    if (cached.equations, cached.variables) == (new.equations, new.variables):
        return steps
    rename = dict(zip(cached.variables, new.variables))
    as_cached = replace(
        new,
        asked=tuple(rename[v] for v in cached.asked),
        target=renamed_target(cached.target, rename) if cached.target else "",
        format=cached.format,
        answer_label=cached.answer_label,
        answer_form=cached.answer_form,
    )
    return reinstantiate_steps(steps, cached, as_cached, problem_context(as_cached, cached))


def _without_answer_lines(step: Step) -> Step | None:
    """The step without the lines that name an answer (None when nothing else is left)."""
    lines = step.text.split("\n")
    answers = {line.index for line in answer_lines(step.text, ())}
    if not answers:
        return step
    text = "\n".join(line for index, line in enumerate(lines) if index not in answers)
    return Step(text=text, kind=step.kind, meta=step.meta) if text.strip() else None


def _signed_form(form: LinearForm) -> str:
    """A form as exact text, negated when its first coefficient is negative (both sides swapped)."""
    coeffs = form.coeffs
    sign = -1 if coeffs and coeffs[0][1].numerator < 0 else 1
    terms = [f"{name}*{_exact(value, sign)}" for name, value in coeffs]
    return " ".join([*terms, _exact(form.const, sign)])


def _exact(value: Fraction, sign: int) -> str:
    """``sign * value`` as "numerator/denominator" (Fractions are kept reduced, the denominator positive)."""
    return f"{sign * value.numerator}/{value.denominator}"


def _format_of(c: LinearConstraints) -> tuple[str, ...]:
    """The format the prompt asks for, as ``format_errors`` enforces it: the instructions read and
    the label of an answer template ("Final answer: x = ?"), the label last."""
    keyed = (*(str(item) for item in c.format), f"label {c.answer_label}", f"language {_key_language(c.language)}")
    return keyed + ((f"form {c.answer_form}",) if c.answer_form else ())  # absent when none: older keys stay


def _format_errors(steps: list[Step], c: LinearConstraints) -> list[str]:
    """``format_errors`` for ``c``'s format, and the value in an answer template's slot read back
    and compared with the proven one (the template's line may state it in words no answer-line
    reader knows: its slot is then the only place it is stated)."""
    errors = format_errors(steps, c.format, c.answer_label, c.asked_or_all, c.target, c.answer_form)
    if not errors and "steps" in c.format and not _derivation_of(steps, c):  # the engine's derivation states its steps
        errors = derivation_errors(steps, c.format, c.equation_texts)
    if errors or not c.answer_form or not c.solution:
        return errors
    lines = [line for step in steps for line in step.text.splitlines() if line.strip()]
    if is_json_form(c.answer_form):  # its numbers are read as the answer line (_box_read) and checked there
        return errors
    stated = value_in(c.answer_form, lines[-1])
    expected = c.target_value if c.target else c.solution[c.asked_or_all[0]]
    if stated is None or not is_canonical_number(stated) or Fraction(stated) != expected:
        return [f"the answer template's slot states {stated}, not the proven value"]
    return []


def _whole_answer_verification(
    steps: list[Step], new: LinearConstraints, cached: LinearConstraints | None
) -> Verification | None:
    """"Just the number", "yes or no": the answer is one number or word, read whole and compared
    with the proven value (the check's word computed by substitution); None when no such form is asked."""
    errors = _whole_answer_errors(steps, new) if new.solution else None
    if errors is None:
        return None
    mismatch = None if cached is None else _language_mismatch(cached, new, steps)
    return Verification([
        UnitCheck(f"step {i + 1}", not errors and mismatch is None, "; ".join(errors) or (mismatch or ""),
                  evidence="" if errors or mismatch else "the number alone, equal to the proven value")
        for i in range(len(steps))
    ])


def _whole_answer_errors(steps: list[Step], c: LinearConstraints) -> list[str] | None:
    """Why the answer is not the one number or word a whole-answer form asks for ("just the
    number", a yes/no check): empty when it is, None when no such form is asked."""
    if "yes_no" in c.format:
        return _yes_no_errors(steps, c)
    if "bare_number" in c.format:
        return _bare_number_errors(steps, c)
    return None


def _check_of(c: LinearConstraints) -> tuple[dict[str, Fraction], str, str] | None:
    """A yes/no check's candidate values and answer words, from its format items ("check x = 5",
    "yes Yes", "no No": reader.py); None when the prompt asks no check."""
    if "yes_no" not in c.format:
        return None
    items = dict(item.split(" ", 1) for item in c.format if item.startswith(("check ", "yes ", "no ")))
    if set(items) != {"check", "yes", "no"}:
        return None
    name, value = items["check"].split(" = ", 1)
    return {name: Fraction(value)}, items["yes"], items["no"]


def _yes_no_word(c: LinearConstraints) -> str | None:
    """The answer to a yes/no check, computed exactly: the candidate substituted into every
    equation (lhs - rhs); "yes" when each is 0. None when no check is asked or its candidate does
    not give every unknown a value."""
    check = _check_of(c)
    if check is None or not c.equations:
        return None
    values, yes, no = check
    if set(values) != set(c.variables):
        return None
    holds = all(sum((coeff * values[name] for name, coeff in form.coeffs), Fraction(0)) + form.const == 0
                for form in c.equations)
    return yes if holds else no


_UNSPACED_WORDS = frozenset("\u662f\u5426\u3044\u3048")  # the last characters of the Chinese and Japanese words: no point after them


def _yes_no_errors(steps: list[Step], c: LinearConstraints) -> list[str]:
    """Why the answer is not the check's word (the whole answer, a closing point allowed)."""
    word = _yes_no_word(c)
    if word is None:
        return ["the check's candidate gives no value to every unknown"]
    text = "".join(step.text for step in steps).strip()
    stated = text[:-1].rstrip() if text.endswith((".", "\u3002")) else text
    if stated.casefold() != word.casefold():
        return [f"the prompt asks for {word!r} alone (the candidate substituted exactly): {text[:60]!r}"]
    return []


_BARE_ANSWER = re.compile(r"-?[0-9]+(?:/[0-9]+|\.[0-9]+)?")


def _bare_number_errors(steps: list[Step], c: LinearConstraints) -> list[str]:
    """Why the answer is not what the bare-number form asks ("just the number"): the whole answer
    one canonical number (no label, no unknown, no word, no closing point), in the form asked,
    equal to the proven value of the one thing asked (the asked expression or the one unknown)."""
    text = "".join(step.text for step in steps).strip()
    if not _BARE_ANSWER.fullmatch(text) or not is_canonical_number(text):
        return [f"the prompt asks for the number alone: {text[:60]!r}"]
    if c.target:
        expected = c.target_value
    else:
        expected = (c.solution or {}).get(c.asked_or_all[0]) if len(c.asked_or_all) == 1 else None
    if expected is None:
        return ["the number alone answers only one asked value"]
    if Fraction(text) != expected:
        return [f"the number {text} is wrong"]
    return _bare_number_form_errors(c.format, text)


def _bare_number_form_errors(fmt: tuple[str, ...], text: str) -> list[str]:
    """The number form asked (:func:`_bare_number_errors`): a fraction, a decimal, an integer."""
    if "fraction" in fmt and "." in text:
        return ["the prompt asks for the answer as a fraction"]
    if "decimal" in fmt and "/" in text:
        return ["the prompt asks for the answer as a decimal"]
    if "integer" in fmt and ("." in text or "/" in text):
        return ["the prompt asks for the answer as an integer"]
    return []


def _canonical_text(*fields: tuple[str, ...]) -> str:
    """Named fields of strings as one unambiguous text (each string quoted)."""
    return "\n".join([" ".join(map(repr, field)) for field in fields])  # wip/hitH: no generator frames (the same text)


def _final_errors(steps: list[Step], ctx: ProblemContext) -> list[str]:
    """``final_value_errors(steps, ctx)``, once per step texts under ``ctx`` (the final check and
    the level both ask; it reads nothing of a step but its text).

    Kept in the plain context (``ctx.plain``: the same new problem with no cached one) when ``ctx``
    has one: a re-instantiation's own final check (under the pair's context) and the planner's
    final check of the rewrite (``check_answer``, under the plain context) then compute it once.
    Sound because ``final_value_errors`` reads only ``variables``, ``asked``, ``solution``,
    ``target`` and ``target_value`` of its context (never the stale unknowns or constants, the only
    fields a pair's context adds), and ``plain`` is set only when those fields are equal
    (``_new_context`` compares them; ``target_value`` is a function of ``target`` and ``solution``)."""
    memo = ctx.final_memo if ctx.plain is None or ctx.stale_vars else ctx.plain.final_memo
    key = tuple(step.text for step in steps)
    found = memo.get(key)
    if found is None:
        found = tuple(final_value_errors(steps, ctx))
        if len(memo) < _MAX_FINAL_MEMO:
            memo[key] = found
    return list(found)


def _fail_unread_prose(
    steps: list[Step], verdicts: list[StepVerdict], variables: frozenset[str], form: str = "", label: str = ""
) -> None:
    """Prose written for another problem is served only when every word of it is read; a line that
    is this prompt's own answer template filled with a number ("So x equals 6.") is written for it,
    and so is this prompt's own label before the answer ("Miles: x = 8")."""
    for step, verdict in zip(steps, verdicts):
        text = _unlabelled(step.text, label)
        if form:
            text = "\n".join(line for line in text.split("\n") if value_in(form, line) is None)
        word = unread_prose(text, variables) if verdict.ok else None
        if word is not None:
            verdict.fail(f"prose written for another problem that this checker cannot read ({word!r})")


def _unlabelled(text: str, label: str) -> str:
    """The step's text without the answer line's label, the prompt's own words ("Final answer",
    a word problem's "Miles": word_problems.py, a template's "Resposta", "Réponse :"), at a line's
    start before its colon: the label names the asked value, which the checks read."""
    if not label:
        return text
    return "\n".join(_COLON.split(line, 1)[1] if _labelled(line.strip(" *_"), label) else line
                     for line in text.split("\n"))


_COLON = re.compile("[:\uff1a]")  # a colon, or the full-width one of Chinese and Japanese ("答え：")


def _labelled(line: str, label: str) -> bool:
    return any(line.startswith(label + gap + colon) for gap in ("", " ") for colon in (":", "\uff1a"))


def _template_label(form: str) -> str:
    """The label an answer template asked verbatim opens with ("Resposta: p = <value>": "Resposta"),
    the prompt's own words (answer_form.py declares them), or ""."""
    parts = _COLON.split(form, 1)
    head = parts[0].strip(" *_") if len(parts) == 2 and "<" not in parts[0] else ""
    return head if head and "{" not in head else ""


def _point_written(steps: list[Step], c: LinearConstraints) -> str:
    """Why an answer to a prompt that writes its decimals with a comma ("1,2x + 0,6 = 6,6") does
    not keep that notation (a decimal point written: "x = 2.5"); "" when it does or none is asked."""
    if "decimal_comma" in c.format and any(_DECIMAL_WRITTEN.search(step.text) for step in steps):
        return "the prompt writes decimals with a comma; the answer writes a decimal point"
    return ""


def _comma_read(steps: list[Step], c: LinearConstraints) -> list[Step]:
    """The answer read as its prompt was: each decimal comma ("2,5") a point, for a prompt that
    writes its decimals with a comma (the same rule as the prompt's, ``prompt.COMMA_DECIMAL``)."""
    if "decimal_comma" not in c.format:
        return steps
    return [Step(text=COMMA_DECIMAL.sub(lambda m: m.group().replace(",", "."), step.text), kind=step.kind,
                 meta=step.meta) for step in steps]


def _box_read(steps: list[Step], c: LinearConstraints) -> list[Step]:
    """The answer's boxed line ("\\boxed{7}", asked by "put the final answer in \\boxed{}") read as
    the answer line it is ("Answer: x = 7": the asked unknown, or the expression asked), for the
    checks of the value; the format check reads the line as written (the box is the template)."""
    if c.answer_form.startswith("{"):  # a JSON form (answer_form.is_json_form, not entered on other paths): '{"x": 7, "y": 3}' read as "Answer: x = 7, y = 3" (its keys are the asked unknowns)
        return [Step(text="\n".join(line if (read := json_values(c.answer_form, line)) is None
                                    else "Answer: " + ", ".join(f"{k} = {v}" for k, v in read.items())
                                    for line in step.text.split("\n")), kind=step.kind, meta=step.meta)
                for step in steps]
    if c.answer_form != BOXED:
        return steps
    name = written_target(c.target) if c.target else c.asked_or_all[0]
    return [Step(text="\n".join(line if (value := value_in(BOXED, line)) is None else f"Answer: {name} = {value}"
                                for line in step.text.split("\n")), kind=step.kind, meta=step.meta) for step in steps]


def _fallback_lines(c: LinearConstraints, values: dict[str, Fraction], exact: bool = False) -> list[str]:
    """The deterministic derivation, its decimals written with a comma when the prompt's are;
    ``exact``: every value written as an exact fraction where neither the equations nor the format
    write a decimal (``_exact_notation``: the derivation a re-instantiation writes anew)."""
    lines = _fallback_lines_pointed(c, values, exact and _exact_notation(c))
    if "decimal_comma" not in c.format:
        return lines
    return [_DECIMAL_WRITTEN.sub(",", line) for line in lines]


def _fallback_lines_pointed(c: LinearConstraints, values: dict[str, Fraction], exact: bool = False) -> list[str]:
    """The deterministic derivation: one equation solved in three steps, or a system solved exactly;
    its steps numbered and its last line labelled as the prompt asks (``layout``); ``exact``: its
    values written as exact fractions ("x = 7/2", never "3.5")."""
    variables = c.variables
    written: Callable[[Fraction], str] = _fraction_written if exact else format_number
    final: Callable[[Fraction], str] = _fraction_written if exact else partial(_in_form, c)
    answer = ", ".join(f"{v} = {written(values[v])}" for v in variables)
    whole = _whole_answer_line(c, values, final)
    if whole is not None:  # a yes/no check's word, the bare number: the whole answer, in any language
        return [whole]
    final_line = _final_line(c, values, final)
    if c.language != ENGLISH:  # W4: no English prose in an answer to a request in another language
        return _neutral_lines(c, values, final_line if c.answer_form or c.answer_label else "", final, written)
    if "answer_only" in c.format or "one_line" in c.format:
        return [final_line]
    if len(variables) == 1 and len(c.equation_texts) == 1:
        var = variables[0]
        coeff = c.equations[0].as_dict()[var]
        rhs = -c.equations[0].const
        # equations that write no decimal get working that writes none ("x/4 + 2 = 5": "(1/4)x = 3",
        # then "Multiply both sides by 4"), so a re-instantiation of it states no decimal (_written_anew)
        number = _fraction_written if exact or not any("." in text for text in c.equation_texts) else format_number
        return [
            f"Step 1: Start from the equation {c.equation_texts[0]}.",
            f"Step 2: Collect the {var} terms on the left and the constants on the right: "
            f"{_term(coeff, var, number)} = {number(rhs)}.",
            *_divided(coeff, rhs, var, answer, 3, number),
            final_line,
        ]
    # The answer line names the unknowns asked for ("solve for y when x = 3": y only),
    # in the form the prompt asks for; the working states them all.
    return [
        f"Step 1: The system is {'; '.join(c.equation_texts)}.",
        f"Step 2: Solving the system exactly gives {answer}.",
        final_line,
    ]


def _written_from_the_solution(steps: list[Step], cached: LinearConstraints, new: LinearConstraints) -> list[Step] | None:
    """The answer written anew from the proven solution, not rewritten from the cached steps: the
    language-neutral working (W4: steps with no word), a bare number (it carries no working) and a
    yes/no check's word (computed by substitution); each is checked like any answer. None otherwise."""
    if new.language != ENGLISH and new.solution and not any(_WORD.search(step.text) for step in steps):
        return _written_anew(new, exact=False)
    if not new.solution or not cached.solution:
        return None
    if ("bare_number" in new.format and "bare_number" in cached.format) or _yes_no_word(new) is not None:
        return [Step(text=_fallback_lines(new, new.solution)[-1], meta=dict(WRITTEN_BY_FALLBACK))]
    return None


def _in_form(c: LinearConstraints, value: Fraction) -> str:
    """A value as the answer line writes it, in the form asked (a fraction, a decimal)."""
    if "fraction" in c.format and value.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    return format_number(value, prefer_decimal="decimal" in c.format)


def _final_line(c: LinearConstraints, values: dict[str, Fraction], final: Callable[[Fraction], str] | None = None) -> str:
    """The answer line the prompt asks for, labelled ("Answer: x = 5", "Final answer: 5"), or its
    template filled; each value as ``final`` writes it (the form asked: ``_in_form``)."""
    label = c.answer_label or "Answer"
    target = c.target_value
    form = partial(_in_form, c) if final is None else final
    if c.answer_form and is_json_form(c.answer_form):  # the JSON object asked, each key's exact value
        return json_written(c.answer_form, {v: form(values[v]) for v in values})
    if c.answer_form:  # the user's template, verbatim, its slot holding the one value asked
        return written_in(c.answer_form, form(target if target is not None else values[c.asked_or_all[0]]))
    if target is not None and "answer_value" in c.format:
        return f"{label}: {form(target)}"
    if target is not None:  # "Answer: x^2 = 25": the asked expression, not the unknowns
        return f"{label}: {written_target(c.target)} = {form(target)}"
    if "answer_value" in c.format and len(c.asked_or_all) == 1:
        return f"{label}: {form(values[c.asked_or_all[0]])}"
    return f"{label}: " + ", ".join(f"{v} = {form(values[v])}" for v in c.asked_or_all)


#: The vocabulary table whose prose the fallback writes (``LinearConstraints.language``).
ENGLISH = "en"
_WORD = re.compile(r"[^\W\d_]{2,}")  # a word of two letters or more, in any script


def _neutral_lines(
    c: LinearConstraints, values: dict[str, Fraction], labelled: str, final: Callable[[Fraction], str],
    written: Callable[[Fraction], str] = format_number,
) -> list[str]:
    """The deterministic derivation for a request in another language than English (W4): equations
    only, no word of any language ("3x + 5 = 20", "3x = 15", "x = 5"), numbered "1.", "2.", ...
    when numbered steps are asked; the answer line is the request's own template or label when it
    has one (``labelled``: its words are the user's), else the asked values as equations
    ("x = 5", "2*x = 10") or, for a bare-value answer, the value alone."""
    target = c.target_value
    if labelled:
        final_line = labelled
    elif "answer_value" in c.format:
        final_line = final(target if target is not None else values[c.asked_or_all[0]])
    elif target is not None:
        final_line = f"{written_target(c.target)} = {final(target)}"
    else:
        final_line = ", ".join(f"{v} = {final(values[v])}" for v in c.asked_or_all)
    if "answer_only" in c.format or "one_line" in c.format:
        return [final_line]
    solved = ", ".join(f"{v} = {final(values[v])}" for v in c.variables)
    if len(c.variables) == 1 and len(c.equation_texts) == 1:
        var = c.variables[0]
        coeff = c.equations[0].as_dict()[var]
        collected = f"{_term(coeff, var, written)} = {written(-c.equations[0].const)}"
        working = [c.equation_texts[0], *([collected] if collected != c.equation_texts[0] else []), solved]
    else:
        working = [*c.equation_texts, solved]
    if working[-1] == final_line:
        working.pop()  # "x = 5" once: the working's last line is the answer asked
    if "numbered" in c.format:
        working = [f"{i}. {line}" for i, line in enumerate(working, 1)]
    return [*working, final_line]


def _whole_answer_line(c: LinearConstraints, values: dict[str, Fraction], final: Any) -> str | None:
    """The whole answer of a yes/no check (its word, closed as a sentence of its script) or of the
    bare-number form (the number alone, nothing around it: one value asked, reader.py); None otherwise."""
    word = _yes_no_word(c)
    if word is not None:
        return word if word[-1] in _UNSPACED_WORDS else f"{word}."
    if "bare_number" in c.format:
        target = c.target_value
        return str(final(target if target is not None else values[c.asked_or_all[0]]))
    return None


def _divided(coeff: Fraction, rhs: Fraction, var: str, answer: str, number: int,
             written: Callable[[Fraction], str] = format_number) -> list[str]:
    """The steps from ``coeff``*var = ``rhs`` to the answer: one division by the coefficient, or,
    for a coefficient the operation reader cannot read as one number (1/3, -2/3: no decimal;
    1/4 when ``written`` writes no decimal), a multiplication by its denominator, then a division
    by its numerator when it is not 1."""
    if "/" not in written(coeff):
        return [f"Step {number}: Divide both sides by {written(coeff)}: {answer}."]
    scaled = rhs * coeff.denominator
    if coeff.numerator == 1:
        return [f"Step {number}: Multiply both sides by {coeff.denominator}: {answer}."]
    return [f"Step {number}: Multiply both sides by {coeff.denominator}: "
            f"{_term(Fraction(coeff.numerator), var)} = {written(scaled)}.",
            f"Step {number + 1}: Divide both sides by {coeff.numerator}: {answer}."]


def _fraction_written(value: Fraction) -> str:
    """An exact value with no decimal point: 5, -3, 1/4."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _term(coeff: Fraction, var: str, written: Callable[[Fraction], str] = format_number) -> str:
    if coeff == 1:
        return var
    if coeff == -1:
        return f"-{var}"
    if coeff.denominator == 1:
        return f"{coeff.numerator}{var}"
    return f"({written(coeff)}){var}"


def _key_language(language: str) -> str:
    """The language a request is keyed by (``family_key``, the problem key's format): of a request
    no single table decides ("it+pt"), its first language in name order, so the keyed tiers find an
    answer to one of its languages' requests ("it"); whether it serves is ``_language_mismatch``'s
    to say (wip/linAC)."""
    return min(language.split(LANGUAGES_JOINED))


def _language_mismatch(cached: LinearConstraints, new: LinearConstraints, steps: list[Step]) -> str | None:
    """Why the cached prose cannot answer this request, when they were read in different
    languages (prose is content: a French request is not answered in English); None otherwise."""
    if cached.language == new.language:
        return None
    # wip/linAC: a request no single table decides ("it+pt") is answered in any of its languages; an
    # answer to one ("Quanto vale x se 3x = 10?") answers a request one of them decides ("... Scrivilo come
    # frazione.") only when no step holds a word (its prose could be the other language's)
    cached_in, new_in = set(cached.language.split(LANGUAGES_JOINED)), set(new.language.split(LANGUAGES_JOINED))
    if cached.language and (cached_in <= new_in or cached_in & new_in and not any(_WORD.search(s.text) for s in steps)):
        return None
    return (f"written for a request in another language ({cached.language or 'not recorded'}; "
            f"this request's is {new.language or 'not read'})")
