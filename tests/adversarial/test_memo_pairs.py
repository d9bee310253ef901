"""The memoised checks (core/planner.py) judged end to end: a proof computed for one pair of
problems is never served for another. The judge is this file's own arithmetic, not the engine's.

The classic trap: steps that are a right *fresh* answer for two problems ("x = 7 - 5" holds at
x = 2 for x + 5 = 7 and for x + 3 = 5) but, kept from the entry of the first, restate its
constant 7 for the second. Served for the second from the first's entry, they must fail.
"""

from __future__ import annotations

import re

import pytest

from stepcache_integrations import StepCache

FIRST, SECOND = "Solve for x: x + 5 = 7", "Solve for x: x + 3 = 5"
STEPS = "Step 1: x = 7 - 5\nAnswer: x = 2"


def no_model(prompt: str) -> str:
    raise AssertionError("the model must not be called")


def solve_for_x(prompt: str) -> int:
    """This test's own reader of "x + b = c"."""
    b, c = map(int, re.search(r"x \+ (\d+) = (\d+)", prompt).groups())
    return c - b


@pytest.mark.parametrize("gone", ["deleted", "cleared"])
def test_a_proof_for_one_problem_is_not_served_for_an_entry_of_another(gone: str) -> None:
    """SECOND's own entry proved STEPS for SECOND, then left the cache (deleted, cleared); FIRST's
    entry holds the same STEPS. Asked SECOND again, the cache may meet only FIRST's entry, and
    that proof is not the one for it."""
    assert solve_for_x(FIRST) == solve_for_x(SECOND) == 2
    cache = StepCache()
    second_id = cache.store_answer(SECOND, STEPS)
    assert second_id
    if gone == "deleted":
        assert cache.store.delete(second_id)
    else:
        cache.clear()
    assert cache.store_answer(FIRST, STEPS)
    result = cache.generate("Please " + SECOND.lower(), lambda p: f"Answer: x = {solve_for_x(p)}")
    # from FIRST's entry, "x = 7 - 5" restates 7, a constant of another problem: not kept as is
    assert not (result.outcome == "reuse" and "7" in result.text), (result.outcome, result.text)
    assert re.search(r"x = 2\s*$", result.text)


def test_a_proof_for_the_same_problem_is_served() -> None:
    """The memo's purpose: the same problem, rephrased, meets the proof stored with the entry."""
    cache = StepCache()
    assert cache.store_answer(FIRST, STEPS)
    result = cache.generate("Please " + FIRST.lower(), no_model)
    assert result.outcome == "reuse" and result.text == STEPS and result.verification == "proven"
