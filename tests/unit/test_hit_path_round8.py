"""Issue 33, hit path round 8 (wip/hit8): a re-instantiation's rewrite is proven once.

The rewrite's own proof (``rewrite._all_prove``: the whole chain under the pair of problems), the
task's check of it (``LinearEquationTask.verify``), the planner's (``PROOFS.verify``) and the final
check (``check_answer``, the same new problem with no cached one) each proved the same text again.
Now the chain is checked once per exact step texts and problem context (``chain.check_steps``), the
task's verification once per exact step texts and pair of problems (kept in the pair's context),
and a chain every step of which passes is met by the final check's context too. These tests pin
what must not move: a proof is met only for the same texts and the same constraints (never across
a cached problem, never across steps, never across a provisional check), each served step is still
proven against the new prompt's constraints, and the rewrite the planner serves is checked by it.
Counted with spies, never timed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core import planner
from stepcache_integrations.core.planner import Keyed, keyed, keyed_loaded
from stepcache_integrations.core.problem_key_tier import TIER
from stepcache_integrations.core.tasks import TextTask
from stepcache_integrations.core.tasks.linear import chain
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints, check_steps
from stepcache_integrations.core.tasks.linear.task import _CONTEXTS, LinearEquationTask, _verified, problem_context
from stepcache_integrations.core.types import Step

from .test_problem_key_tier import MATH, Model, answer, no_model, stored

TASK = LinearEquationTask()
RIGHT = "Step 1: Subtract 6 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
# "4x = 20" holds at x = 5, and 20 is a constant of 3x + 5 = 20, not of 3x + 6 = 21: proven for the
# new problem alone, never for a rewrite of the cached one
STALE = RIGHT.replace("x = 5.\nAnswer", "x = 5.\nStep 3: Check: 4x = 20.\nAnswer")
WRONG = RIGHT.replace("x = 5", "x = 6")


def constraints(eq: str) -> LinearConstraints:
    return TASK.constraints(MATH.format(eq=eq))


NEW, CACHED = constraints("3x + 6 = 21"), constraints("3x + 5 = 20")


def steps(text: str) -> list[Step]:
    return TASK.segment(text, NEW)


def units(verification: Any) -> list[tuple[str, bool, str, str]]:
    return [(u.name, u.ok, u.reason, u.evidence) for u in verification.units]


@pytest.fixture(autouse=True)
def fresh_contexts() -> Any:
    _CONTEXTS.clear()
    yield
    _CONTEXTS.clear()


# -- a proof is met only for the same texts and the same constraints ----------------------------
@pytest.mark.parametrize("first", ["pair", "alone"])
def test_a_proof_is_never_met_for_another_cached_problem(first: str) -> None:
    order = [CACHED, None] if first == "pair" else [None, CACHED]
    seen = {("pair" if cached is not None else "alone"): TASK.verify(steps(STALE), NEW, cached) for cached in order}
    assert seen["alone"].passed and seen["alone"].units
    assert not seen["pair"].passed and "a constant of a different problem" in seen["pair"].reasons()[0]
    for cached in order:  # again, from the memo: the same verdicts
        again = TASK.verify(steps(STALE), NEW, cached)
        assert units(again) == units(seen["pair" if cached is not None else "alone"])


@pytest.mark.parametrize("first", [RIGHT, WRONG])
def test_a_proof_is_never_met_for_other_steps(first: str) -> None:
    """As many steps, one value changed: each text has its own verdicts, whichever came first."""
    for text in (first, WRONG if first == RIGHT else RIGHT, first):
        verification = TASK.verify(steps(text), NEW, CACHED)
        assert verification.passed == (text == RIGHT), (text, verification.reasons())


def test_the_memo_returns_copies() -> None:
    first = TASK.verify(steps(RIGHT), NEW, CACHED)
    first.units[0].ok = False
    first.units.clear()
    assert TASK.verify(steps(RIGHT), NEW, CACHED).passed


def _corpus() -> list[tuple[list[Step], LinearConstraints, LinearConstraints | None]]:
    """Stored derivations checked against their own problem, a problem of the same form with other
    constants (stale constants), the same problem with the sides swapped, and tampered steps."""
    rng = random.Random(8)
    cases: list[tuple[list[Step], LinearConstraints, LinearConstraints | None]] = []
    for _ in range(30):
        a, x, b = rng.randint(2, 9), rng.randint(-9, 9), rng.randint(1, 30)
        c = a * x + b
        own = constraints(f"{a}x + {b} = {c}")
        texts = [answer(a, b, c), answer(a, b, c).replace(f"x = {x}", f"x = {x + 1}"),
                 answer(a, b, c).replace("Divide", "Multiply"), answer(a, b, c) + f"\nCheck: {a + 1}x = {c}"]
        others = [own, constraints(f"{a}x + {b + a} = {c + 2 * a}"), constraints(f"{c} = {b} + {a}x")]
        for text in texts:
            for new in others:
                for cached in (None, own, others[1]):
                    cases.append((TASK.segment(text, new), new, cached))
    return cases


def test_verify_with_its_memo_equals_the_computation_itself() -> None:
    """A differential check: every case verified with the memo (in two orders, so each is met
    warm too) gives the verdicts of the verification computed afresh (contexts cleared)."""
    cases = _corpus()
    expected = []
    for case in cases:
        _CONTEXTS.clear()
        expected.append(units(_verified(*case)))
    _CONTEXTS.clear()
    outcomes = {True: 0, False: 0}
    for order in (list(range(len(cases))), list(reversed(range(len(cases))))):
        for index in order:
            got = TASK.verify(*cases[index])
            assert units(got) == expected[index], cases[index]
            outcomes[got.passed] += 1
    assert outcomes[True] and outcomes[False]  # the corpus holds both


# -- whole chains ---------------------------------------------------------------------------------
@pytest.mark.parametrize("provisional_first", [True, False])
def test_a_whole_chain_is_never_met_for_a_provisional_check(provisional_first: bool) -> None:
    """An operation whose result is not stated passes only a provisional check (a rewrite's prefix),
    never the verifier's, whichever was asked first."""
    ctx = problem_context(NEW, None)
    dangling = steps("Step 1: Subtract 6 from both sides.")
    flags = [True, False] if provisional_first else [False, True]
    for provisional in flags + flags:
        verdicts = check_steps(dangling, ctx, provisional_tail=provisional)
        assert verdicts[0].ok == provisional


def test_a_chain_is_shared_with_the_final_checks_context_only_when_every_step_passes() -> None:
    pair = problem_context(NEW, CACHED)
    assert pair.plain is not None and pair.plain is problem_context(NEW, None)
    passing, stale = steps(RIGHT), steps(STALE)
    assert all(v.ok for v in check_steps(passing, pair)) and not all(v.ok for v in check_steps(stale, pair))
    plain_memo = pair.plain.chain_memo
    assert tuple(s.text for s in passing) in plain_memo and tuple(s.text for s in stale) not in plain_memo
    assert all(v.ok for v in check_steps(stale, pair.plain))  # the final check computes its own
    shared = [(v.ok, v.reason, v.evidence, v.depends_on) for v in check_steps(passing, pair.plain)]
    _CONTEXTS.clear()
    own = [(v.ok, v.reason, v.evidence, v.depends_on) for v in check_steps(passing, problem_context(NEW, None))]
    assert shared == own


# -- the rewrite served ---------------------------------------------------------------------------
def test_a_reinstantiation_proves_the_text_it_serves_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The served text's whole chain is checked once (the rewrite's proof); the task's, the
    planner's and the final check meet it. Each served step is still proven for the new prompt
    (checked afresh after the fact)."""
    cache = StepCache()
    stored(cache, 3, 4, 19)
    checked: list[tuple[tuple[str, ...], bool]] = []
    real = chain._check_steps

    def spy(steps: list[Step], ctx: Any, provisional_tail: bool) -> Any:
        checked.append((tuple(step.text for step in steps), provisional_tail))
        return real(steps, ctx, provisional_tail)

    monkeypatch.setattr(chain, "_check_steps", spy)
    result = cache.generate(MATH.format(eq="3x + 4 = 31"), no_model)
    assert result.outcome == "reinstantiate" and result.tier == TIER and result.verified
    served = tuple(step.text for step in result.steps)
    assert "".join(served) == result.text and result.text.endswith("Answer: x = 9")
    # once, whole (the first pass decided: no provisional check of the text)
    assert checked.count((served, False)) == 1 and (served, True) not in checked
    monkeypatch.setattr(chain, "_check_steps", real)
    _CONTEXTS.clear()
    new, old = constraints("3x + 4 = 31"), constraints("3x + 4 = 19")
    served_steps = [Step(text=text) for text in served]
    assert _verified(served_steps, new, old).passed and _verified(served_steps, new, None).passed
    assert not TASK.check_answer(served_steps, new)


def test_a_rewrite_the_planner_does_not_prove_is_not_served(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rewrite (from the task) that restates a constant of the entry it came from passes the final
    check (the new problem alone) but not the check against the pair: the planner's own proof of
    the rewrite declines it, and the model answers."""
    monkeypatch.setattr(LinearEquationTask, "reinstantiate", lambda self, steps, cached, new: TASK.segment(STALE, new))
    cache = StepCache()
    stored(cache, 3, 5, 20)
    assert not TASK.check_answer(steps(STALE), NEW)  # the final check alone would pass it
    model = Model(RIGHT)
    result = cache.generate(MATH.format(eq="3x + 6 = 21"), model)
    assert model.calls == 1 and result.outcome != "reinstantiate" and "4x = 20" not in result.text


# -- the entry's constraints read once ----------------------------------------------------------
def test_keyed_loaded_reads_the_stored_form_once_and_keeps_its_key() -> None:
    stored_form = dict(CACHED.to_dict())
    found = keyed_loaded(TASK, stored_form)
    assert isinstance(found.value, LinearConstraints) and found.key == keyed(stored_form).key
    assert found.holds(stored_form) and not found.holds(dict(stored_form)) and found.source is stored_form
    for text in (RIGHT, STALE, WRONG):
        assert units(TASK.verify(steps(text), NEW, found.value)) == units(_verified(steps(text), NEW, CACHED))
        level = TASK.verification_level(steps(text), NEW, found.value, "proven")
        assert level == TASK.verification_level(steps(text), NEW, stored_form, "proven")
    older = {name: value for name, value in stored_form.items() if name != "slots"}  # an older entry's form
    found = keyed_loaded(TASK, older)
    assert found.key == keyed(older).key != keyed(found.value).key  # the proofs seeded for the form it holds


def test_keyed_loaded_keeps_a_form_its_task_does_not_read_into_typed_constraints() -> None:
    class Plain(TextTask):
        def load_constraints(self, data: Any) -> Any:
            return dict(data)  # a copy each time: not a reading the checks take as it is

    form = {"anything": 1}
    assert keyed_loaded(Plain(), form) == Keyed(form, keyed(form).key)
    assert keyed_loaded(planner.TaskHandler, form).value is form  # reading fails: the checks read it again
