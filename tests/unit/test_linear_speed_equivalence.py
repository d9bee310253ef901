"""The linear hit path's shortcuts compute exactly what they replace (issue: re-instantiation
speed). Each shortcut is checked against the computation it stands for, never against a clock:

* a step verdict proven under the context of a (new, cached) pair is shared with the new
  problem's plain context only when it passes and the pair has no stale unknowns, and is then
  the verdict the plain context computes itself;
* a transition (operations turning one equation into another) is memoised by its exact inputs;
* an answer line is read once per line text;
* the derived values of a re-instantiation are those of the Fraction-only computation;
* the equations of a step read after its ':' label are those of the whole text;
* contexts are keyed by the exact constraints, whatever their hash.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.algebra import find_equations
from stepcache_integrations.core.tasks.linear import LinearConstraints, LinearEquationTask
from stepcache_integrations.core.tasks.linear import chain as answer_module
from stepcache_integrations.core.tasks.linear.chain import Operation, _apply, transition_holds
from stepcache_integrations.core.tasks.linear.rewrite import _derived_values, _equations_of
from stepcache_integrations.core.tasks.linear.chain import ProblemContext, StepVerdict, check_steps
from stepcache_integrations.core.tasks.linear.task import _new_context, problem_context
from stepcache_integrations.core.types import Step

MATH = 'Solve for {v} step by step: {a}{v} + {b} = {c}. Write one step per line as "Step k: ...".'
linear = LinearEquationTask()


def _constraints(a: int, b: int, c: int, v: str = "x") -> LinearConstraints:
    return LinearConstraints.of_prompt(MATH.format(v=v, a=a, b=b, c=c))


def _answer(a: int, b: int, c: int, v: str = "x") -> list[str]:
    x = Fraction(c - b, a)
    return [
        f"Step 1: Start with {a}{v} + {b} = {c}.\n",
        f"Step 2: Subtract {b} from both sides: {a}{v} = {c - b}.\n",
        f"Step 3: Divide both sides by {a}: {v} = {x}.\n",
        f"Answer: {v} = {x}",
    ]


def _fresh(ctx: ProblemContext) -> ProblemContext:
    """The same context with an empty memo and nothing shared into it."""
    return ProblemContext(ctx.variables, ctx.asked, ctx.solution, ctx.problem, ctx.stale_vars, ctx.stale_numbers)


def _step_texts(rng: random.Random, a: int, b: int, c: int) -> list[str]:
    """Steps right, wrong, stale and unread, for a problem and its neighbours."""
    x = Fraction(c - b, a)
    return [
        *_answer(a, b, c),
        *_answer(a, b, c + a),  # another problem's steps
        f"Step 2: Add {-b} to both sides: {a}x = {c - b}.\n",
        f"Step 3: Multiply both sides by 2: {2 * a}x = {2 * (c - b)}.\n",
        f"Step 2: x is {x}.\n",
        f"Step 2: **x = {x}**\n",
        f"Step 2: Halve both sides: x = {x}.\n",
        f"Step 2: The price is {rng.randint(1, 99)} dollars.\n",
        f"Step 2: y = {x}.\n",
        f"Answer: {x}",
        f"Answer: x = {x + 1}",
        f"Step 1: {a}x = {c} - {b}\nStep 2: x = {x}\n",
    ]


# -- verdicts shared with the plain context --------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_a_shared_verdict_is_the_one_the_plain_context_computes(seed: int) -> None:
    rng = random.Random(seed)
    a, b, x = rng.randint(2, 9), rng.randint(1, 50), rng.randint(-20, 20)
    c = a * x + b
    c_new = c + a * rng.randint(1, 5)
    new, cached = _constraints(a, b, c_new), _constraints(a, b, c)
    ctx = _new_context(new, cached)
    assert ctx.plain is not None and not ctx.stale_vars
    texts = _step_texts(rng, a, b, c) + _step_texts(rng, a, b, c_new)
    for text in texts:
        check_steps([Step(text=text)], ctx)
    shared = {key: found for key, found in ctx.plain.step_memo.items() if key in ctx.step_memo}
    assert shared, "some verdict is shared"
    for (i, text), (verdict, items) in shared.items():
        assert ctx.step_memo[(i, text)][0].ok  # only passing verdicts are shared
        plain = _fresh(ctx.plain)
        check_steps([Step(text=text)], plain)
        fresh_verdict, fresh_items = plain.step_memo[(i, text)]
        assert (verdict.ok, verdict.reason, verdict.evidence, verdict.depends_on) == (
            fresh_verdict.ok, fresh_verdict.reason, fresh_verdict.evidence, fresh_verdict.depends_on
        )
        assert [(s, p, repr(item)) for s, p, item in items] == [(s, p, repr(item)) for s, p, item in fresh_items]
    failing = [key for key, (verdict, _) in ctx.step_memo.items() if not verdict.ok]
    assert failing and not any(ctx.plain.step_memo.get(key) is ctx.step_memo[key] for key in failing)


def test_a_verdict_failed_by_a_stale_constant_is_not_shared() -> None:
    """'20x = 140' holds for 3x + 5 = 26 (x = 7) but restates 20, a constant of the cached
    3x + 5 = 20: it fails under the pair's context and passes under the plain one."""
    new, cached = _constraints(3, 5, 26), _constraints(3, 5, 20)
    ctx = _new_context(new, cached)
    assert ctx.plain is not None and Fraction(20) in ctx.stale_numbers
    step = Step(text="Step 2: So 20x = 140.\n")
    (verdict,) = check_steps([step], ctx)
    assert not verdict.ok and "a constant of a different problem" in verdict.reason
    assert (0, step.text) not in ctx.plain.step_memo
    (plain_verdict,) = check_steps([step], ctx.plain)
    assert plain_verdict.ok


def test_no_plain_context_is_linked_across_unknowns() -> None:
    """A cached problem in another unknown has stale unknowns: nothing is shared."""
    ctx = _new_context(_constraints(3, 5, 26, "y"), _constraints(3, 5, 20, "x"))
    assert ctx.stale_vars and ctx.plain is None
    assert _new_context(_constraints(3, 5, 26), None).plain is None


def test_final_check_and_verify_agree_with_fresh_contexts() -> None:
    """The task's verdicts after a re-instantiation (contexts shared) equal those of fresh ones."""
    cached, new = _constraints(3, 5, 20), _constraints(3, 5, 26)
    steps = [Step(text=t) for t in _answer(3, 5, 20)]
    rewritten = linear.reinstantiate(steps, cached.to_dict(), new)
    assert rewritten is not None and [s.text for s in rewritten] == _answer(3, 5, 26)
    for candidate in (rewritten, steps):
        verification = linear.verify(candidate, new, cached.to_dict())
        errors = linear.check_answer(candidate, new)
        fresh = check_steps(candidate, _fresh(_new_context(new, None)))
        assert errors == [f"step {i + 1}: {v.reason}" for i, v in enumerate(fresh) if not v.ok]
        assert [u.ok for u in verification.units] == [
            v.ok for v in check_steps(candidate, _fresh(_new_context(new, cached)))
        ]


def test_step_verdict_copy_is_a_whole_independent_copy() -> None:
    assert [f.name for f in fields(StepVerdict)] == ["ok", "reason", "evidence", "depends_on"]
    verdict = StepVerdict(False, "why", ["e"], 2)
    copy = verdict.copy()
    assert copy == verdict and copy.evidence is not verdict.evidence


# -- transitions --------------------------------------------------------------------------------
def _transition_uncached(ops: list[Operation], before, after) -> bool:  # type: ignore[no-untyped-def]
    left, right = before.left, before.right
    for op in ops:
        applied = _apply(op.verb[:3].lower(), op.value, left, right)
        if applied is None:
            return False
        left, right = applied
    return (left, right) == (after.left, after.right) or (right, left) == (after.left, after.right)


def test_transition_memo_answers_as_the_computation() -> None:
    rng = random.Random(7)
    known = frozenset({"x", "y"})
    equations = [
        eq
        for text in ("3x + 5 = 20", "3x = 15", "x = 5", "15 = 3x", "6x = 30", "x + y = 4", "2y = 8", "0 = 0",
                     "x/2 = 5/2", "-3x = -15", "3x + 10 = 25")
        for eq in find_equations(text, known)
    ]
    verbs = ["Add", "add", "Subtract", "SUBTRACTING", "Multiply", "multiplying", "Divide", "dividing"]
    values = [Fraction(v) for v in (0, 1, -1, 2, 3, 5, -5, 10)] + [Fraction(1, 3), Fraction(-5, 2)]
    for _ in range(3000):
        ops = [Operation(0, 0, rng.choice(verbs), rng.choice(values)) for _ in range(rng.randint(1, 3))]
        before, after = rng.choice(equations), rng.choice(equations)
        assert transition_holds(ops, before, after) == _transition_uncached(ops, before, after)


# -- answer lines ---------------------------------------------------------------------------------
def test_answer_lines_read_through_the_memo_as_without_it() -> None:
    lines = ["Answer: x = 5", "**Answer:** x = 5", "The solution is 4.", "Step 3: x = 5.", "Solution:",
             "So, the final answer is x = -3/4.", "answer x", "x is 5, the answer", "The value of x is 7",
             "Final: y = 2 and x = 1", "", "Answer: " + "9" * 600]
    for line in lines:
        assert answer_module._read_line(line) == answer_module._read_line.__wrapped__(line)  # memo == computation
        assert answer_module._read_line(line) == answer_module._read_line(line)
    text = "\n".join(lines)
    assert answer_module.answer_lines(text, ("x",)) == answer_module.answer_lines(text, ("x",))


# -- derived values --------------------------------------------------------------------------------
def _derived_reference(
    old_atoms: tuple[Fraction, ...], new_atoms: tuple[Fraction, ...], needed: frozenset[Fraction], n_params: int
) -> dict[Fraction, tuple[Fraction, ...]]:
    """The derivation in Fractions throughout, as it was written before the integer shortcut."""
    out: dict[Fraction, list[Fraction]] = {}

    def add(old: Fraction, new: Callable[[], Fraction]) -> None:
        if old not in needed:
            return
        bucket = out.setdefault(old, [])
        if len(bucket) < 4 and (value := new()) not in bucket:
            bucket.append(value)

    pairs = list(zip(old_atoms, new_atoms))
    for group in (pairs[:n_params], pairs[n_params:]):
        for o, n in group:
            add(o, lambda n=n: n)
        for o, n in group:
            add(-o, lambda n=n: -n)
    for (oa, na), (ob, nb) in itertools.permutations(pairs, 2):
        add(oa + ob, lambda: na + nb)
        add(oa - ob, lambda: na - nb)
        add(oa * ob, lambda: na * nb)
        if ob != 0 and nb != 0:
            add(oa / ob, lambda: na / nb)
    if len(pairs) <= 6 and not needed <= out.keys():
        for (oa, na), (ob, nb), (oc, nc) in itertools.permutations(pairs, 3):
            if oc != 0 and nc != 0:
                add((oa - ob) / oc, lambda: (na - nb) / nc)
                add((oa + ob) / oc, lambda: (na + nb) / nc)
            add(oa * ob + oc, lambda: na * nb + nc)
            add(oa * ob - oc, lambda: na * nb - nc)
    return {k: tuple(v) for k, v in out.items()}


def test_derived_values_are_those_of_the_fraction_computation() -> None:
    rng = random.Random(11)

    def value() -> Fraction:
        roll = rng.random()
        if roll < 0.6:
            return Fraction(rng.randint(-30, 30))
        if roll < 0.85:
            return Fraction(rng.randint(-30, 30), rng.randint(1, 7))
        return Fraction(rng.choice([0, 1, -1]))

    for _ in range(1500):
        n = rng.randint(1, 7)
        old = tuple(value() for _ in range(n))
        new = tuple(value() for _ in range(n))
        pool = [*old, *(a + b for a in old for b in old), *(a / b for a in old for b in old if b), *(value() for _ in range(4))]
        pool += [(a - b) / c for a, b, c in itertools.permutations(old, 3) if c][:6]
        needed = frozenset(rng.sample(pool, min(len(pool), rng.randint(0, 8))))
        n_params = rng.randint(0, n)
        got = _derived_values.__wrapped__(old, new, needed, n_params)
        want = _derived_reference(old, new, needed, n_params)
        assert got == want and list(got) == list(want)
        assert all(type(k) is Fraction for k in got)
        assert all(type(v) is Fraction for values in got.values() for v in values)


# -- the equations of a labelled step -------------------------------------------------------------
def test_equations_after_a_colon_label_are_those_of_the_whole_text() -> None:
    rng = random.Random(5)
    alphabet = list("0123456789xy ") + ["x", "y", " = ", "=", "+", "-", "*", "/", "(", ")", ".", ":", "'", "!",
                                        "%", "\n", "Add 3 to both sides", " and ", "...", "^", "2x", " 1.5"]
    labels = ["Step 2:", "Step 12 :", "step 3:", "  STEP 4:", "\nStep 1:", "Step 2.", "Step 2)", "Step 2-", "3.", "3)"]
    known = frozenset({"x", "y"})
    for _ in range(4000):
        body = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        text = rng.choice(labels) + body
        got = [(eq.form, eq.text, eq.left, eq.right) for eq in _equations_of(text, known)]
        want = [(eq.form, eq.text, eq.left, eq.right) for eq in find_equations(text, known)]
        assert got == want, text


# -- context keys -----------------------------------------------------------------------------------
def test_contexts_are_keyed_by_the_exact_constraints() -> None:
    """Two problems with the same texts and names (so the same hash) but other numbers never
    share a context."""
    base = _constraints(3, 5, 20)
    stored = base.to_dict()
    other = dict(stored, solution={"x": "6"}, params=["3", "5", "23"])
    one, two = LinearConstraints.read(stored), LinearConstraints.read(other)
    assert one.problem_hash == two.problem_hash and one.problem_key != two.problem_key
    assert problem_context(one, None) is not problem_context(two, None)
    assert problem_context(one, None).solution == {"x": Fraction(5)}
    assert problem_context(two, None).solution == {"x": Fraction(6)}
    assert problem_context(LinearConstraints.read(stored), None) is problem_context(one, None)


# -- the final check, prose and normalised bodies, read once per text -------------------------
def test_final_errors_memo_answers_as_the_final_check() -> None:
    from stepcache_integrations.core.tasks.linear.chain import final_value_errors
    from stepcache_integrations.core.tasks.linear.task import _final_errors

    rng = random.Random(3)
    ctx = _new_context(_constraints(3, 5, 26), None)
    pool = _step_texts(rng, 3, 5, 26) + _step_texts(rng, 3, 5, 20) + ["Answer: x = 7\nx = 8", "Answer: x = 14/2"]
    for _ in range(300):
        steps = [Step(text=t) for t in rng.sample(pool, rng.randint(1, 5))]
        want = final_value_errors(steps, _fresh(ctx))
        got = _final_errors(steps, ctx)
        assert got == want
        got.append("changed by the caller")
        assert _final_errors(steps, ctx) == want


def test_unread_prose_and_normalised_bodies_through_the_memo_as_without_it() -> None:
    from stepcache_integrations.core.tasks.algebra import normalise_claims
    from stepcache_integrations.core.tasks.linear.chain import normalised as _normalised
    from stepcache_integrations.core.tasks.linear.chain import unread_prose

    rng = random.Random(9)
    texts = _step_texts(rng, 3, 5, 26) + ["Step 2: x is **5**\n", "Step 2: " + "word " * 200 + "x = 5"]
    for text in texts:
        for variables in (frozenset({"x"}), frozenset({"x", "y"}), frozenset()):
            assert unread_prose(text, variables) == unread_prose.__wrapped__(text, variables)  # memo == computation
        assert _normalised(text) == normalise_claims(text)


def test_closed_forms_through_the_memo_as_without_it() -> None:
    remainders = ["x = 5", "x = 5, y = 2", "y = 2 and x = 5.", "5", "-3/4", "x = 05", "x = 5 = 2", "", "x = 1, x = 1",
                  "z = 3", "x = 2.50", "y = 1", "9" * 700]
    for remainder in remainders:
        for asked in (("x",), ("x", "y"), ("y", "x"), ()):
            got = answer_module._closed_form(remainder, asked)
            assert got == answer_module.read_closed_form(remainder, asked)
            if got[0] is not None:
                assert list(got[0]) == list(answer_module.read_closed_form(remainder, asked)[0] or {})
                got[0]["x"] = "changed by the caller"
                assert answer_module._closed_form(remainder, asked) == answer_module.read_closed_form(remainder, asked)
