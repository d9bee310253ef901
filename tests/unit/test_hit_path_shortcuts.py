"""Issue 33 item 5, the hit path's shortcuts: work the problem-key tier and re-instantiation skip
only where it is provably redundant. Each test pins what a shortcut may skip AND that a tampered or
changed input still gets the full check (never served where the full check would refuse).
Counted with spies, never timed."""

from __future__ import annotations

from typing import Any

from stepcache_integrations import StepCache
from stepcache_integrations.core.problem_key_tier import plan_lookup_key, plan_lookup_keys, task_lookup_keys
from stepcache_integrations.core.tasks import ArithmeticTask, JsonTask, LinearEquationTask, TaskRegistry, TextTask

MATH = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
ASKED = 'Please solve for x step by step: {eq}. Write one step per line as "Step k: ...".'


def answer(a: int, b: int, c: int) -> str:
    x = (c - b) // a
    return (
        f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}"
    )


def no_model(prompt: str) -> str:
    raise AssertionError(f"the model must not be called: {prompt!r}")


class KeySpy(LinearEquationTask):
    """The linear task, counting the key methods called (a subclass: task selection is not memoised)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def problem_key(self, constraints: Any) -> str | None:
        self.calls.append("problem")
        return super().problem_key(constraints)

    def shape_key(self, constraints: Any) -> str | None:
        self.calls.append("shape")
        return super().shape_key(constraints)

    def family_key(self, constraints: Any) -> str | None:
        self.calls.append("family")
        return super().family_key(constraints)


def spied_cache() -> tuple[StepCache, KeySpy]:
    spy = KeySpy()
    return StepCache(tasks=TaskRegistry([JsonTask(), spy, ArithmeticTask(), TextTask()])), spy


# -- lookup keys: each computed when its path is tried ----------------------------------------------
def test_a_problem_key_hit_computes_no_shape_or_family_key() -> None:
    cache, spy = spied_cache()
    cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    spy.calls.clear()
    plan = cache.lookup(ASKED.format(eq="3x + 5 = 20"))
    assert (plan.outcome, plan.tier) == ("reuse", "problem_key")
    assert spy.calls == ["problem"]
    # asked later, the keys are the eager function's, each computed once
    assert plan_lookup_keys(plan) == task_lookup_keys(LinearEquationTask(), plan.constraints)
    assert spy.calls == ["problem", "shape", "family"]
    assert plan_lookup_key(plan, 1) == plan.lookup_keys[1] and spy.calls == ["problem", "shape", "family"]


def test_a_changed_constant_computes_the_shape_key_after_the_problem_key() -> None:
    cache, spy = spied_cache()
    cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    spy.calls.clear()
    result = cache.generate(ASKED.format(eq="3x + 5 = 26"), no_model)
    assert (result.outcome, result.tier) == ("reinstantiate", "problem_key")
    assert "x = 7" in result.text and result.verification == "proven"
    assert spy.calls[:2] == ["problem", "shape"]  # the derived entry stored then computes its family key
    assert spy.calls.count("problem") == 1 and spy.calls.count("shape") == 1


def test_a_request_the_task_names_no_key_for_is_not_counted_as_a_lookup() -> None:
    cache = StepCache()
    cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    before = cache.stats()["problem_key"]["lookups"]
    cache.generate("Tell me a joke about cats.", lambda prompt: "No.")
    assert cache.stats()["problem_key"]["lookups"] == before
    cache.generate(ASKED.format(eq="3x + 5 = 20"), no_model)
    assert cache.stats()["problem_key"]["lookups"] == before + 1


# -- presents(): isinstance(handler, Presents) without the runtime protocol's walk -------------------
def test_presents_answers_as_isinstance_of_the_protocol() -> None:
    from stepcache_integrations.core.tasks.protocols import Presents, presents

    class NoPresent:
        pass

    class PresentNone(LinearEquationTask):
        present = None  # type: ignore[assignment]

    class OwnPresent:
        def present(self, steps: list[Any], constraints: Any) -> list[Any]:
            return steps

    blocked = LinearEquationTask()
    blocked.present = None  # type: ignore[method-assign]  # set on the object: its class still presents
    attribute = NoPresent()
    attribute.present = lambda steps, constraints: steps  # type: ignore[attr-defined]
    cases = [LinearEquationTask(), JsonTask(), TextTask(), NoPresent(), PresentNone(), OwnPresent(), blocked, attribute, 3]
    assert [presents(h) for h in cases] == [isinstance(h, Presents) for h in cases]
    assert [presents(h) for h in cases] == [True, True, True, False, False, True, True, True, False]
