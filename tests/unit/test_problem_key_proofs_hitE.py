"""wip/hitE (issue 33, item 5): why a problem-key hit's proof is not keyed by its problem key.

The problem key ("3x + 5 = 20", "20 = 5 + 3x" and "3x+5=20" pose one problem) finds candidates; the
check of a candidate still reads the problem as written (``chain._restates_another_problem`` compares a
step's equation with the problem's written shape, ``unrestated`` and the operation rule start from the
problem's equations as written). So one chain, under two prompts of one problem key, can pass for one
and fail for the other: a proof kept by problem key (or by any key that forgets how the equations are
written) would serve it for both. These tests hold that fact and that the tier checks each candidate
for the prompt at hand.
"""

from __future__ import annotations

from typing import Any

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import LinearEquationTask
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints

LINEAR = LinearEquationTask()
ASK = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
WRITTEN = ASK.format(eq="3x + 5 = 20")
SWAPPED = ASK.format(eq="20 = 5 + 3x")
# Every equation holds at x = 5; "3x + 2 = 17" has the written shape of "3x + 5 = 20" with other constants
CHAIN = (
    "Step 1: 3x + 2 = 17.\nStep 2: Subtract 2 from both sides: 3x = 15.\n"
    "Step 3: Divide both sides by 3: x = 5.\nAnswer: x = 5"
)


class CountingModel:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return ""


def _passes(text: str, constraints: Any) -> bool:
    steps = LINEAR.segment(text, constraints)
    return LINEAR.verify(steps, constraints, constraints).passed


def test_one_problem_key_two_verdicts() -> None:
    written, swapped = LinearConstraints.of_prompt(WRITTEN), LinearConstraints.of_prompt(SWAPPED)
    assert LINEAR.problem_key(written) == LINEAR.problem_key(swapped) is not None
    assert written != swapped  # the equations as written differ, and the checks read them
    assert _passes(CHAIN, swapped)
    assert not _passes(CHAIN, written)


def test_the_tier_checks_a_keyed_candidate_for_the_prompt_as_written() -> None:
    cache = StepCache()
    stored = cache.store_answer(SWAPPED, CHAIN)
    assert stored is not None
    served_before = CountingModel()
    assert cache.generate(SWAPPED, served_before).text == CHAIN and served_before.calls == 0
    model = CountingModel()
    result = cache.generate(WRITTEN, model)
    assert not (model.calls == 0 and result.text == CHAIN), result.outcome
    if model.calls == 0 and result.outcome in ("reuse", "reinstantiate"):
        assert _passes(result.text, LinearConstraints.of_prompt(WRITTEN)), result.text
