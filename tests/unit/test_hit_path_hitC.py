"""Re-instantiation's number-abstracted template (wip/hitC, issue 33): the cached steps are cut once
per cached derivation into their text and, for each number, the derivations of its old value from
the old problem's atoms (``rewrite._template``); a new problem's first rewrites are written from it
by evaluating each number's first derivation exactly on the new atoms (``rewrite._instance``),
instead of enumerating every derivation again and re-reading the steps. Each rewrite written so is
still proven whole for the new problem (``rewrite._all_prove``), then by the planner's checks.

Differential tests: the template's first rewrites are ``_first_rewrites``' (the reference, kept) on
random atoms (zeros, negatives, fractions: a divisor that becomes 0 skips that derivation as the
enumeration's guard does), on model-style derivations and on the engine's own derivation of the
reader corpus's prompts with their constants changed; the whole re-instantiation (texts, verification,
outcome through ``StepCache``) is the same with the template as with the reference."""

from __future__ import annotations

import itertools
import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear import rewrite
from stepcache_integrations.core.tasks.linear import task as task_module
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask, _new_context
from stepcache_integrations.core.tasks.stepwise import label_len
from stepcache_integrations.core.types import Step, segment_text

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "linear_reader_corpus.jsonl"
TASK = LinearEquationTask()
_INT = re.compile(r"(?<![\w.])\d+(?![\w.])")


def _answer(a: int, b: int, c: int, v: str = "x") -> str:
    sign, mag = ("+", b) if b >= 0 else ("-", -b)
    verb, word = ("Subtract", "from") if b >= 0 else ("Add", "to")
    x = Fraction(c - b, a)
    shown = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return (f"Step 1: Start with {a}{v} {sign} {mag} = {c}.\nStep 2: {verb} {mag} {word} both sides: {a}{v} = {c - b}.\n"
            f"Step 3: Divide both sides by {a}: {v} = {shown}.\nAnswer: {v} = {shown}")


def _prompt(a: int, b: int, c: int, v: str = "x") -> str:
    sign, mag = ("+", b) if b >= 0 else ("-", -b)
    return f'Solve for {v} step by step: {a}{v} {sign} {mag} = {c}. Write one step per line as "Step k: ...".'


def _reference(steps: list[Step], cached: LinearConstraints, new: LinearConstraints) -> list[tuple[str, list]]:
    """``_first_rewrites`` with the inputs ``reinstantiate_steps`` made before the template."""
    new = rewrite.aligned(cached, new)
    assert cached.solution and new.solution
    old_atoms = (*cached.params, *(cached.solution[v] for v in cached.variables))
    new_atoms = (*new.params, *(new.solution[v] for v in new.variables))
    needed = frozenset(v for step in steps for v in rewrite._values_in(step.text[label_len(step.text):]))
    options = rewrite._derived_values(old_atoms, new_atoms, needed, len(cached.params))
    first = rewrite._first_rewrites(steps, options, dict(zip(cached.variables, new.variables)),
                                    rewrite._restatements(cached, new))
    return [(step.text, must) for step, must in first]


def _templated(steps: list[Step], cached: LinearConstraints, new: LinearConstraints) -> list[tuple[str, list]]:
    new = rewrite.aligned(cached, new)
    assert cached.solution and new.solution
    old_atoms = (*cached.params, *(cached.solution[v] for v in cached.variables))
    new_atoms = (*new.params, *(new.solution[v] for v in new.variables))
    template = rewrite._template(tuple(s.text for s in steps), old_atoms, len(cached.params), tuple(cached.variables),
                                 tuple(rewrite._canonical(o) for o, _ in zip(cached.equations, new.equations)))
    first = rewrite._instance(template, steps, new_atoms, dict(zip(cached.variables, new.variables)),
                              rewrite._restatements(cached, new))
    return [(step.text, must) for step, must in first]


def _pair(prompt: str, changed: str) -> tuple[LinearConstraints, LinearConstraints] | None:
    cached = TASK.load_constraints(TASK.constraints(prompt))
    new = TASK.load_constraints(TASK.constraints(changed))
    if not cached.solution or not new.solution or not rewrite.same_form(cached, rewrite.aligned(cached, new)):
        return None
    return cached, new


def test_first_derivation_is_the_enumerations_first_option_on_random_atoms() -> None:
    """For every needed old value, the template's first derivation evaluated on the new atoms is
    the first option ``_derived_values`` gives (zeros: a division by a new 0 is skipped there and
    here; the three-operand forms only reached for a value no shorter form gives)."""
    rng = random.Random(5)
    pool = [Fraction(0), Fraction(1), Fraction(-1), Fraction(2), Fraction(3), Fraction(-4), Fraction(7, 2), Fraction(12)]
    compared = skipped_division = 0
    for _ in range(600):
        size = rng.randint(2, 5)
        n_params = rng.randint(1, size - 1)
        old = tuple(rng.choice(pool) for _ in range(size))
        new = tuple(rng.choice([*pool, Fraction(rng.randint(-30, 30))]) for _ in range(size))
        derivable = {o + p for o, p in itertools.product(old, old)} | {o * p for o, p in itertools.product(old, old)} | {
            o / p for o, p in itertools.product(old, old) if p} | {(o - p) / q for o, p, q in itertools.product(old, old, old) if q}
        needed = frozenset(rng.sample(sorted(derivable), min(6, len(derivable))) + [Fraction(rng.randint(-99, 99))])
        options = rewrite._derived_values.__wrapped__(old, new, needed, n_params)
        terms = rewrite._first_terms(old, needed, n_params)
        for value in needed:
            expected = options[value][0] if value in options else value
            assert rewrite._first_value(value, terms.get(value, ()), new) == expected, (old, new, value, n_params)
            compared += 1
            first = terms.get(value, ())
            skipped_division += bool(first) and first[0].value(new) is None
    assert compared >= 3000 and skipped_division >= 20  # zero divisors met, and skipped as the enumeration does


def test_model_style_derivations_write_the_references_first_rewrites() -> None:
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        a, b, x = rng.choice([2, 3, 4, 5, 7, 9, -3]), rng.randint(-30, 30), rng.randint(-25, 25)
        c = a * x + b
        steps = segment_text(_answer(a, b, c))
        # another solution, a fraction, a zero constant, a sign changed, a coefficient 1 or 0
        na = rng.choice([2, 3, 6, 8, -2, -5, 1, 0])
        nb = rng.choice([0, -b, rng.randint(-40, 40)])
        nc = rng.choice([na * rng.randint(-30, 30) + nb, rng.randint(-50, 50), 0])
        pair = _pair(_prompt(a, b, c), _prompt(na, nb, nc))
        if pair is None:
            continue
        assert _templated(steps, *pair) == _reference(steps, *pair), (a, b, c, na, nb, nc)
        compared += 1
    assert compared >= 200


def _corpus(limit: int) -> list[str]:
    prompts = []
    with CORPUS.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row.get("read") and len(row["read"].get("equations", [])) >= 1:
                prompts.append(row["prompt"])
    random.Random(13).shuffle(prompts)
    return prompts[:limit]


def test_reader_corpus_derivations_write_the_references_first_rewrites() -> None:
    """The engine's own derivation of each corpus prompt (one or two unknowns, brackets, fractions),
    and a model-style variant with prose numbers, for the prompt with its integers changed."""
    rng = random.Random(17)
    compared = 0
    for prompt in _corpus(500):
        cached = TASK.load_constraints(TASK.constraints(prompt))
        answer = TASK.fallback(cached)
        if answer is None:
            continue
        steps = segment_text(answer)
        prose = [*steps[:-1], Step(text="Step 9: So 2 times 3 is 6 and half of 12 is 6.\n"), steps[-1]]
        for _ in range(3):
            changed = _INT.sub(lambda m: str(rng.choice([0, 1, 2, rng.randint(2, 60)])), prompt)
            pair = _pair(prompt, changed)
            if pair is None:
                continue
            assert _templated(steps, *pair) == _reference(steps, *pair), (prompt, changed)
            assert _templated(prose, *pair) == _reference(prose, *pair), (prompt, changed)
            compared += 1
    assert compared >= 300


def test_the_template_is_kept_once_per_cached_derivation() -> None:
    steps = segment_text(_answer(3, 5, 20))
    cached, new = _pair(_prompt(3, 5, 20), _prompt(4, 6, 30)) or pytest.fail("not read")
    rewrite._template.cache_clear()
    _templated(steps, cached, new)
    _templated(steps, cached, _pair(_prompt(3, 5, 20), _prompt(7, 1, 50))[1])  # type: ignore[index]
    assert rewrite._template.cache_info().hits == 1 and rewrite._template.cache_info().misses == 1


@pytest.mark.parametrize(("new_prompt", "served_value"), [
    (_prompt(0, 5, 20), None),          # a coefficient 0: no unique solution, no rewrite
    (_prompt(-2, 5, 21), "x = -8"),     # the coefficient's sign changed: divided by -2
    (_prompt(3, -5, 20), "x = 25/3"),   # the constant's sign changed: added, a fraction
    (_prompt(3, 0, 20), "x = 20/3"),    # a constant 0
    (_prompt(1, 5, 20), "x = 15"),      # a coefficient 1 (unwritten)
])
def test_changed_constants_are_rewritten_and_proven_or_declined(new_prompt: str, served_value: str | None) -> None:
    """The instance is proven for the new problem (the chain checked whole), never taken from the
    template's first instance: a sign change, a divisor or a coefficient that becomes 0 or 1."""
    cached = TASK.load_constraints(TASK.constraints(_prompt(3, 5, 20)))
    new = TASK.load_constraints(TASK.constraints(new_prompt))
    steps = segment_text(_answer(3, 5, 20))
    rewritten = TASK.reinstantiate(steps, cached, new)
    if served_value is None:
        assert not new.solution and (rewritten is None or not TASK.verify(rewritten, new, cached).passed)
        return
    assert rewritten is not None
    assert TASK.verify(rewritten, new, cached).passed and not TASK.check_answer(rewritten, new)
    assert rewritten[-1].text.strip().endswith(served_value)


def test_an_instance_whose_first_rewrite_fails_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A template's first rewrite is checked for each instance: a chain whose first rewrite does not
    hold for the new problem (a step naming a number no derivation gives on the new atoms) goes to
    the step-by-step search, which leaves that step as it was (verify then fails it)."""
    cached, new = _pair(_prompt(3, 5, 20), _prompt(3, 8, 26)) or pytest.fail("not read")
    steps = [Step(text="Step 1: 3x + 5 = 20\n"), Step(text="Step 2: It takes 5 minutes: 3x = 15\n"),
             Step(text="Step 3: x = 5\n")]
    calls: list[bool] = []
    real = rewrite._all_prove
    monkeypatch.setattr(rewrite, "_all_prove", lambda first, ctx: calls.append(real(first, ctx)) or calls[-1])
    out = rewrite.reinstantiate_steps(steps, cached, new, _new_context(new, cached))
    assert calls == [False] and out is not None
    assert out[1].text == steps[1].text and not TASK.verify(out, new, cached).passed


def _served(prompts: list[tuple[str, str]], requests: list[str]) -> list[tuple]:
    cache = StepCache()
    for prompt, answer in prompts:
        cache.store_answer(prompt, answer, namespace="d")
    out = []
    for prompt in requests:
        result = cache.generate(prompt, lambda _p: "", namespace="d")
        out.append((result.outcome, result.text, result.verified, result.model_calls))
    return out


def test_requests_are_served_as_with_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through ``StepCache``: the same outcomes, texts and verification with the template as with
    ``_first_rewrites`` (a fresh cache and fresh proof memos for each run)."""
    rng = random.Random(23)
    stored = []
    for _ in range(40):
        a, b, x = rng.choice([2, 3, 4, 5, 7, 9]), rng.randint(1, 30), rng.randint(-20, 20)
        stored.append((_prompt(a, b, a * x + b), _answer(a, b, a * x + b)))
    requests = []
    for _ in range(120):
        a = rng.choice([2, 3, 4, 5, 7, 9, -2, 1])
        b = rng.choice([rng.randint(1, 30), 0, -rng.randint(1, 30)])
        requests.append(_prompt(a, b, rng.choice([a * rng.randint(-40, 40) + b, rng.randint(-60, 60)])))

    new_run = _served(stored, requests)
    real_reinstantiate = rewrite.reinstantiate_steps

    def reference(steps, cached, new, ctx):  # type: ignore[no-untyped-def]
        aligned = rewrite.aligned(cached, new)
        if not rewrite.same_form(cached, aligned) or cached.solution is None or aligned.solution is None:
            return None
        first = [(Step(text=t, kind=s.kind), m) for s, (t, m) in zip(steps, _reference(steps, cached, new))]
        monkeypatch.setattr(rewrite, "_instance", lambda *_a: first)
        try:
            return real_reinstantiate(steps, cached, new, ctx)
        finally:
            monkeypatch.setattr(rewrite, "_instance", real_instance)

    real_instance = rewrite._instance
    monkeypatch.setattr(task_module, "reinstantiate_steps", reference)
    task_module._CONTEXTS.clear()
    old_run = _served(stored, requests)
    assert new_run == old_run
    assert sum(outcome == "reinstantiate" for outcome, *_ in new_run) >= 30
