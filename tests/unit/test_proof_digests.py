"""Issue 33 item 5 at 100,000 entries: the proofs of the built-in tasks kept by a digest of their
exact inputs (``planner.ProofDigests``) behind the exact LRU of proofs, so a large cache's seeded
proofs are not evicted. A digest hit is the result the task computed for exactly these inputs; any
input that differs (a tampered entry, another problem, another handler) is checked in full.
Counted with spies, never timed."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.planner import PROOFS, ProofMemo
from stepcache_integrations.core.tasks import LinearEquationTask
from stepcache_integrations.core.types import BoundedLRU, Step

MATH = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
ASKED = 'Please solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
GOOD = "Step 1: Subtract 5 from both sides: 3x = 15\nStep 2: Divide both sides by 3: x = 5\nAnswer: x = 5"


def answer(a: int, b: int, c: int) -> str:
    x = (c - b) // a
    return (
        f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}"
    )


def steps_for(text: str) -> list[Step]:
    return [Step(text=line + "\n") for line in text.split("\n")]


def no_model(prompt: str) -> str:
    raise AssertionError(f"the model must not be called: {prompt!r}")


def constraints(a: int, b: int, c: int) -> Any:
    return LinearEquationTask().constraints(f"Solve for x: {a}x + {b} = {c}")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The linear task's checks called (patched on the class: the handler stays the built-in one)."""
    calls: list[str] = []
    for name in ("verify", "check_answer", "verification_level"):
        original = getattr(LinearEquationTask, name)

        def spy(self: Any, *args: Any, _original: Any = original, _name: str = name, **kwargs: Any) -> Any:
            calls.append(_name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(LinearEquationTask, name, spy)
    return calls


def forget_exact_proofs() -> None:
    """Empty the process's exact LRU of proofs (as 100,000 later answers would), not the digests."""
    BoundedLRU.clear(PROOFS)


# -- the engine: seeded proofs outlive the exact LRU; a tampered entry is checked in full ----------
def test_a_stored_answers_proofs_outlive_the_exact_lru(counted: list[str]) -> None:
    cache = StepCache()
    entry_id = cache.store_answer(MATH.format(eq="4x + 1 = 9"), answer(4, 1, 9))
    cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    forget_exact_proofs()
    counted.clear()
    served = cache.generate(ASKED.format(eq="4x + 1 = 9"), no_model)
    assert (served.outcome, served.tier, served.verification) == ("reuse", "problem_key", "proven")
    assert served.matched_entry_id == entry_id and served.text.endswith("Answer: x = 2")
    assert counted == []  # verify, the final check and the level: each proven at store, found by digest


@pytest.mark.parametrize("part", ["steps", "constraints"])
def test_an_entry_tampered_after_its_proofs_were_kept_is_checked_in_full(counted: list[str], part: str) -> None:
    """The stored steps, or the stored problem, changed in the store after the proofs were seeded:
    no digest is of these inputs, so the full check runs and refuses the entry; the answer served
    is right (the engine's own derivation of the request, or the model), never the tampered one."""
    cache = StepCache()
    entry_id = cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    entry = cache.store.get(entry_id)
    assert entry is not None and len(PROOFS.digests) >= 3
    forget_exact_proofs()
    if part == "steps":
        for step in entry.steps[2:]:
            step.text = step.text.replace("x = 5", "x = 6")
    else:
        entry.constraints = dict(constraints(3, 5, 23).to_dict())  # the entry now claims x = 6 solves 3x + 5 = 23
        for step in entry.steps:
            step.text = step.text.replace("20", "23").replace("15", "18").replace("x = 5", "x = 6")
    counted.clear()
    result = cache.generate(ASKED.format(eq="3x + 5 = 20"), lambda p: answer(3, 5, 20))
    assert "verify" in counted  # checked in full: no kept proof was for these inputs
    assert "x = 6" not in result.text and result.text.endswith("Answer: x = 5")
    assert result.checks_passed


# -- the memo: digests find exactly the results the task computed ----------------------------------
def test_a_digest_hit_equals_the_task_for_the_stored_form(counted: list[str]) -> None:
    """Proven with the typed constraints twice (the seed), found for the new prompt's typed
    constraints and the entry's stored form (a dict): equal inputs, pickled alike whether or not
    one object stands for both."""
    memo, task = ProofMemo(maxsize=1), LinearEquationTask()
    new = constraints(3, 5, 20)
    first = memo.verify(task, steps_for(GOOD), new, new)
    memo.verify(task, steps_for("Answer: x = 1"), new, None)  # the exact LRU (1) drops the first
    counted.clear()
    again = memo.verify(task, steps_for(GOOD), constraints(3, 5, 20), dict(new.to_dict()))
    assert counted == [] and memo.digests.hits == 1
    assert again == first == task.verify(steps_for(GOOD), new, new)
    again.units[0].ok = False  # a returned proof cannot change the kept one
    assert memo.verify(task, steps_for(GOOD), new, new).passed


def test_every_input_is_part_of_the_digest(counted: list[str]) -> None:
    """Each call differs from the ones before in one input only: each runs the task's own check."""
    memo, task = ProofMemo(maxsize=1), LinearEquationTask()
    new, old = constraints(3, 5, 20), constraints(3, 5, 23)
    stale = "Step 1: Subtract 5 from both sides: 3x = 15 (not 23)\nAnswer: x = 5"

    def checked(call: Any) -> Any:
        before = len(counted)
        result = call()
        assert len(counted) > before, "served from a digest of other inputs"
        return result

    checked(lambda: memo.verify(task, steps_for(stale), new, None))
    as_entry = checked(lambda: memo.verify(task, steps_for(stale), new, old))  # the cached constraints differ
    other_problem = checked(lambda: memo.answer_errors(task, steps_for(GOOD), old))
    right = checked(lambda: memo.answer_errors(task, steps_for(GOOD), new))  # the new constraints differ
    other_steps = checked(lambda: memo.answer_errors(task, steps_for(GOOD.replace("x = 5", "X = 5")), new))  # the steps
    proven = checked(lambda: memo.level(task, steps_for(GOOD), new, new, "proven"))
    unchecked = checked(lambda: memo.level(task, steps_for(GOOD), new, new, "unchecked"))  # the stored level differs
    assert memo.digests.hits == 0
    assert as_entry == task.verify(steps_for(stale), new, old)
    assert other_problem and right == [] and other_steps
    assert (proven, unchecked) == (task.verification_level(steps_for(GOOD), new, new, "proven"),
                                   task.verification_level(steps_for(GOOD), new, new, "unchecked"))


def test_two_handlers_never_share_digests(counted: list[str]) -> None:
    memo, one, two = ProofMemo(maxsize=1), LinearEquationTask(), LinearEquationTask()
    new = constraints(3, 5, 20)
    memo.verify(one, steps_for(GOOD), new, None)
    memo.verify(two, steps_for(GOOD), new, None)
    assert counted.count("verify") == 2 and memo.digests.hits == 0


def test_a_handler_collected_never_lends_its_token() -> None:
    memo = ProofMemo(maxsize=1)
    tokens = set()
    for _ in range(5):
        task = LinearEquationTask()
        tokens.add(memo.digests._token(task))
        del task
        gc.collect()
    assert len(tokens) == 5 and len(memo.digests._tokens) == 0


def test_a_task_of_its_own_is_kept_by_the_exact_lru_only() -> None:
    class Own(LinearEquationTask):
        pass

    memo, own = ProofMemo(), Own()
    memo.verify(own, steps_for(GOOD), constraints(3, 5, 20), None)
    assert len(memo) == 1 and len(memo.digests) == 0


def test_the_digests_are_bounded_and_off_with_the_memo() -> None:
    memo, task = ProofMemo(maxsize=1, digests=3), LinearEquationTask()
    for c in range(20, 30):
        memo.verify(task, steps_for(GOOD), constraints(3, 5, c), None)
    assert len(memo.digests) == 3
    off = ProofMemo(maxsize=0)
    off.verify(task, steps_for(GOOD), constraints(3, 5, 20), None)
    assert len(off.digests) == 0 and len(off) == 0


def test_equal_results_are_kept_once() -> None:
    """Three problems whose answers' verdicts read alike (x = 5 each time): one result kept."""
    memo, task = ProofMemo(maxsize=1), LinearEquationTask()
    for b in (5, 8, 11):
        new = LinearEquationTask().constraints(MATH.format(eq=f"3x + {b} = {15 + b}"))
        assert memo.verify(task, steps_for(answer(3, b, 15 + b)), new, new).passed
    kept = list(memo.digests._items.values())
    assert len(kept) == 3 and kept[0] is kept[1] is kept[2]


def test_a_proof_found_in_either_memo_cannot_change_what_is_kept() -> None:
    """A hit of the exact LRU and a hit of the digests each hand out a copy: a caller that changes
    it changes nothing later callers meet."""
    for exact in (16, 1):
        memo, task = ProofMemo(maxsize=exact), LinearEquationTask()
        new = constraints(3, 5, 20)
        memo.verify(task, steps_for(GOOD), new, new)
        memo.verify(task, steps_for("Answer: x = 1"), new, None)  # with an LRU of 1: the first is dropped
        for _ in range(2):
            found = memo.verify(task, steps_for(GOOD), new, new)
            assert found.passed
            found.units[0].ok = False
