"""Memoised checks (core/planner.py, core/lru.py): a memo hit is the same proof the task would
compute for exactly these inputs, and inputs that differ in any way never share a result."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.types import Unfreezable, freeze
from stepcache_integrations.core.planner import ProofMemo, keyed
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask
from stepcache_integrations.core.types import Step

TASK = LinearEquationTask()
PROMPT = "Solve for x: {a}x + {b} = {c}"


def constraints(a: int, b: int, c: int):
    return TASK.constraints(PROMPT.format(a=a, b=b, c=c))


def steps_for(text: str) -> list[Step]:
    return [Step(text=line + "\n") for line in text.split("\n")]


# -- freeze: exact and typed ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "right"),
    [
        (1, 1.0),
        (1, True),
        (1, "1"),
        ([1, 2], (1, 2)),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),  # order is kept: JSON key order can matter
        ({1: "x"}, {"1": "x"}),
        (Fraction(1, 2), 0.5),
        (0.0, -0.0),
        ("A", "a"),
        ("x ", "x"),
    ],
)
def test_freeze_never_equates_different_inputs(left, right) -> None:
    assert freeze(left) != freeze(right)


def test_freeze_equates_equal_inputs() -> None:
    assert freeze({"a": [1, "b", None, Fraction(2, 3)]}) == freeze({"a": [1, "b", None, Fraction(2, 3)]})


@pytest.mark.parametrize("value", [float("nan"), object(), {1, 2}, b"bytes", [1, object()]])
def test_freeze_refuses_what_it_cannot_key_exactly(value) -> None:
    with pytest.raises(Unfreezable):
        freeze(value)


def test_freeze_refuses_subclasses_of_atoms() -> None:
    class Loud(str):
        pass

    with pytest.raises(Unfreezable):
        freeze(Loud("x"))


def test_typed_constraints_key_as_their_stored_form() -> None:
    """An entry read back from any store (a dict) meets the key of the typed constraints."""
    typed = constraints(3, 5, 20)
    assert freeze(typed) == freeze(dict(typed.to_dict()))
    assert freeze(typed) != freeze(constraints(3, 5, 23))


# -- the memo returns what the task computes, for exactly these inputs ------------------------------

GOOD = "Step 1: Subtract 5 from both sides: 3x = 15\nStep 2: Divide both sides by 3: x = 5\nAnswer: x = 5"


class Counting:
    """Delegates to the linear task and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def verify(self, steps, new, cached):
        self.calls += 1
        return TASK.verify(steps, new, cached)

    def check_answer(self, steps, new):
        self.calls += 1
        return TASK.check_answer(steps, new)

    def verification_level(self, steps, new, cached, stored):
        self.calls += 1
        return TASK.verification_level(steps, new, cached, stored)


def test_a_repeat_is_served_from_the_memo_and_equals_the_task() -> None:
    memo, handler = ProofMemo(), Counting()
    new = constraints(3, 5, 20)
    first = memo.verify(handler, steps_for(GOOD), new, new)
    again = memo.verify(handler, steps_for(GOOD), new, dict(new.to_dict()))
    assert handler.calls == 1 and memo.hits == 1
    assert again == first == TASK.verify(steps_for(GOOD), new, new)


def test_the_cached_constraints_are_part_of_the_key() -> None:
    """The same steps pass as a fresh answer and fail as an entry of another problem whose
    constant they restate: the second call must not meet the first one's proof."""
    memo, handler = ProofMemo(), Counting()
    new = constraints(3, 5, 20)
    stale = "Step 1: Subtract 5 from both sides: 3x = 15 (not 23)\nAnswer: x = 5"
    fresh = memo.verify(handler, steps_for(stale), new, None)
    as_entry = memo.verify(handler, steps_for(stale), new, constraints(3, 5, 23))
    assert handler.calls == 2
    assert as_entry == TASK.verify(steps_for(stale), new, constraints(3, 5, 23))
    assert fresh == TASK.verify(steps_for(stale), new, None)


def test_the_new_constraints_and_the_steps_are_part_of_the_key() -> None:
    memo, handler = ProofMemo(), Counting()
    right = memo.answer_errors(handler, steps_for(GOOD), constraints(3, 5, 20))
    other_problem = memo.answer_errors(handler, steps_for(GOOD), constraints(3, 5, 23))
    other_case = memo.answer_errors(handler, steps_for(GOOD.replace("x = 5", "X = 5")), constraints(3, 5, 20))
    assert right == [] and other_problem and handler.calls == 3
    assert other_case == TASK.check_answer(steps_for(GOOD.replace("x = 5", "X = 5")), constraints(3, 5, 20))


def test_the_stored_level_is_part_of_the_level_key() -> None:
    memo, handler = ProofMemo(), Counting()
    new = constraints(3, 5, 20)
    memo.level(handler, steps_for(GOOD), new, new, "proven")
    memo.level(handler, steps_for(GOOD), new, new, "unchecked")
    assert handler.calls == 2


def test_handlers_never_share_proofs() -> None:
    memo, one, two = ProofMemo(), Counting(), Counting()
    new = constraints(3, 5, 20)
    memo.verify(one, steps_for(GOOD), new, None)
    memo.verify(two, steps_for(GOOD), new, None)
    assert one.calls == 1 and two.calls == 1


def test_a_returned_proof_cannot_change_the_memo() -> None:
    memo, handler = ProofMemo(), Counting()
    new = constraints(3, 5, 20)
    first = memo.verify(handler, steps_for(GOOD), new, None)
    first.units[0].ok = False
    assert memo.verify(handler, steps_for(GOOD), new, None).passed


def test_an_input_without_exact_key_is_checked_every_time() -> None:
    memo, handler = ProofMemo(), Counting()
    new = constraints(3, 5, 20)
    odd = [Step(text=GOOD, meta={"seen": object()})]
    memo.verify(handler, odd, new, None)
    memo.verify(handler, odd, new, keyed(None))
    assert handler.calls == 2 and memo.hits == 0


def test_the_memo_is_bounded() -> None:
    memo, handler = ProofMemo(maxsize=3), Counting()
    for c in range(20, 30):
        memo.verify(handler, steps_for(GOOD), constraints(3, 5, c), None)
    assert len(memo) == 3


@settings(max_examples=60, deadline=None)
@given(
    a=st.integers(1, 9),
    b=st.integers(-30, 30),
    x=st.integers(-20, 20),
    served=st.integers(-20, 20),
    cached_c=st.integers(-60, 60),
    order=st.booleans(),
)
def test_memoised_checks_equal_the_task_in_any_order(a, b, x, served, cached_c, order) -> None:
    """Property: through one memo, in either order of asking, every result equals the task's own."""
    memo = ProofMemo()
    c = a * x + b
    new, old = constraints(a, b, c), constraints(a, b, cached_c)
    text = f"Step 1: Subtract {b} from both sides: {a}x = {c - b}\nAnswer: x = {served}"
    pairs = [(new, old), (new, None), (old, new), (new, new)]
    for n, cached in pairs if order else reversed(pairs):
        assert memo.verify(TASK, steps_for(text), n, cached) == TASK.verify(steps_for(text), n, cached)
        assert memo.answer_errors(TASK, steps_for(text), n) == TASK.check_answer(steps_for(text), n)


def test_the_engine_serves_the_same_with_and_without_the_memo(monkeypatch) -> None:
    """A lookup served through seeded proofs equals one computed afresh (memo off)."""
    from stepcache_integrations.core import planner as proofs

    def run() -> list[tuple[str, str, str]]:
        cache = StepCache()
        for c in (20, 23, 26):
            cache.store_answer(PROMPT.format(a=3, b=5, c=c), GOOD.replace("3x = 15", f"3x = {c - 5}"))
        out = []
        for c in (20, 23, 29, 35):
            result = cache.generate("Please " + PROMPT.format(a=3, b=5, c=c), lambda p: "Answer: x = 0")
            out.append((result.outcome, result.verification, result.text))
        return out

    with_memo = run()
    monkeypatch.setattr(proofs.PROOFS, "maxsize", 0)
    assert run() == with_memo
