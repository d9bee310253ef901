"""The task contract, run over every registered task.

A new task (SQL, code, ...) is one folder under core/tasks/, one registry line
(``tasks._default_handlers``) and one fixture here: every task in the default registry must have
a fixture, so adding a task without one fails this test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import TaskRegistry
from stepcache_integrations.core.tasks import TaskConstraints, TaskHandler
from stepcache_integrations.core.tasks.protocols import (
    Assembles,
    Grades,
    Presents,
    Repairs,
    Segments,
    SharesRegeneration,
    Task,
)
from stepcache_integrations.core.types import Step, extract_json_object


@dataclass(frozen=True)
class Fixture:
    prompt: str  # a prompt the task claims
    answer: str  # a correct answer to it
    perturbed: str  # a prompt whose cached answer the task may re-instantiate


FIXTURES: dict[str, Fixture] = {
    "json": Fixture(
        'Return a JSON object with keys name, age and city for a person named Alice, age 34, city "Paris".',
        '{"name": "Alice", "age": 34, "city": "Paris"}',
        'Return a JSON object with keys name, age and city for a person named Bob, age 30, city "Rome".',
    ),
    "linear_equation": Fixture(
        "Solve for x step by step: 3x + 5 = 20.",
        "Step 1: 3x + 5 = 20\nStep 2: Subtract 5 from both sides: 3x = 15\n"
        "Step 3: Divide both sides by 3: x = 5\nAnswer: x = 5",
        "Solve for x step by step: 3x + 8 = 26.",
    ),
    "arithmetic": Fixture("What is (3 + 4) * 2?", "Step 1: 3 + 4 = 7\nStep 2: 7 * 2 = 14\nThe answer is 14.", "What is (3 + 5) * 2?"),
    "text": Fixture(
        "What is the capital of France? Reply with the city name only.",
        "Paris.",
        "what is the capital of france?  reply with the city name only",
    ),
}

REGISTRY = TaskRegistry()
TASKS = [REGISTRY.get(name) for name in REGISTRY.names]


def test_every_registered_task_has_a_fixture() -> None:
    assert set(REGISTRY.names) == set(FIXTURES)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_the_task_claims_its_fixture_prompt(task: TaskHandler) -> None:
    assert REGISTRY.detect(FIXTURES[task.name].prompt) is task


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_the_task_satisfies_the_planner_protocol_and_every_capability(task: TaskHandler) -> None:
    for protocol in (Task, Segments, Presents, Assembles, Repairs, Grades, SharesRegeneration):
        assert isinstance(task, protocol), protocol.__name__


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_constraints_are_typed_and_their_stored_form_reads_back(task: TaskHandler) -> None:
    for prompt in (FIXTURES[task.name].prompt, FIXTURES[task.name].perturbed, "Tell me a joke."):
        constraints = task.constraints(prompt)
        assert isinstance(constraints, TaskConstraints)
        stored = json.loads(json.dumps(dict(constraints)))  # what a store keeps
        assert task.load_constraints(stored) == constraints
        assert task.load_constraints(constraints) is constraints


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_a_stored_entry_verifies_as_its_typed_constraints_do(task: TaskHandler) -> None:
    fixture = FIXTURES[task.name]
    old, new = task.constraints(fixture.prompt), task.constraints(fixture.perturbed)
    steps = task.segment(fixture.answer, old)
    stored = json.loads(json.dumps(dict(old)))
    assert task.verify(steps, new, stored) == task.verify(steps, new, old)
    assert task.reinstantiate(steps, stored, new) == task.reinstantiate(steps, old, new)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_segmentation_is_lossless(task: TaskHandler) -> None:
    fixture = FIXTURES[task.name]
    constraints = task.constraints(fixture.prompt)
    steps = task.segment(fixture.answer, constraints)
    assert steps
    if all(step.kind == "json" for step in steps):  # JSON: the one extracted object, whole
        found = extract_json_object(fixture.answer)
        assert found is not None and steps[0].meta["object"] == found[0]
    else:
        assert "".join(step.text for step in steps) == fixture.answer


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_a_correct_fresh_answer_verifies(task: TaskHandler) -> None:
    fixture = FIXTURES[task.name]
    constraints = task.constraints(fixture.prompt)
    assert task.check_answer(task.segment(fixture.answer, constraints), constraints) == []
    assert task.verify(task.segment(fixture.answer, constraints), constraints, None).passed


#: prompts a task's deterministic fallback must answer (a task absent here has no fallback)
FALLBACK_PROMPTS: dict[str, tuple[str, ...]] = {
    "json": ('Return a JSON object for a person with name "Alice", age 34, city "Paris". '
             "Required keys: name, age and city.",),
    "linear_equation": (FIXTURES["linear_equation"].prompt, FIXTURES["linear_equation"].perturbed),
    "arithmetic": (FIXTURES["arithmetic"].prompt, FIXTURES["arithmetic"].perturbed, "Evaluate 10 / 3."),
}


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_its_own_fallback_verifies(task: TaskHandler) -> None:
    prompts = FALLBACK_PROMPTS.get(task.name, ())
    if not prompts:  # no fallback: the task must not produce one for its fixtures either
        for prompt in (FIXTURES[task.name].prompt, FIXTURES[task.name].perturbed):
            assert task.fallback(task.constraints(prompt)) is None
        return
    for prompt in prompts:
        constraints = task.constraints(prompt)
        fallback = task.fallback(constraints)
        assert fallback is not None, prompt
        steps = task.segment(fallback, constraints)
        assert task.check_answer(steps, constraints) == [], fallback
        assert task.verify(steps, constraints, None).passed, fallback


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_the_same_prompt_reuses_its_own_answer(task: TaskHandler) -> None:
    fixture = FIXTURES[task.name]
    constraints = task.constraints(fixture.prompt)
    steps = task.segment(fixture.answer, constraints)
    verification = task.verify(steps, constraints, constraints)
    assert verification.passed and all(unit.evidence for unit in verification.units)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_reinstantiation_verifies_or_is_rejected(task: TaskHandler) -> None:
    fixture = FIXTURES[task.name]
    old = task.constraints(fixture.prompt)
    new = task.constraints(fixture.perturbed)
    rewritten = task.reinstantiate(task.segment(fixture.answer, old), old, new)
    if rewritten is None:
        return
    assert all(isinstance(step, Step) for step in rewritten)
    verification = task.verify(rewritten, new, old)
    assert len(verification.units) >= 1  # a verdict per unit; the engine serves only a pass


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=_TEXT, prompt=_TEXT)
def test_verify_never_raises(task: TaskHandler, answer: str, prompt: str) -> None:
    fixture = FIXTURES[task.name]
    cached: Any = task.constraints(fixture.prompt)
    constraints = task.constraints(prompt or fixture.prompt)
    steps = task.segment(answer, constraints)
    task.verify(steps, constraints, cached)
    task.verify(steps, constraints, None)
    task.check_answer(steps, constraints)
    task.reinstantiate(steps, cached, constraints)
