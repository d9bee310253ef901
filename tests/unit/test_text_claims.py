"""The text task's "checked" level (red team round 3, R8): it rests on the compared values alone.

The text task compares a value an answer states for an unknown of the prompt's linear equations
with the value they pin down. Nothing else of the answer is read, so an answer with any other
number or equation ("x = 4, so 3x = 13.") is "unchecked", never "checked", fresh or reused.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import TaskRegistry
from stepcache_integrations.core.tasks.text import TextTask
from stepcache_integrations.core.tasks.text.claims import only_compared_claims

TASK = TextTask()
PROMPT = "If 2x + 3 = 11, what is 3x?"  # x = 4, 3x = 12: "x = 4" does not answer it
READ_WHOLE = "If 2x + 3 = 11, what is x?"  # asks for the unknown and nothing else


def _text_only() -> StepCache:
    """The text task alone (the linear task claims READ_WHOLE first in the default registry)."""
    return StepCache(tasks=TaskRegistry([TextTask()]))


def _level(answer: str, prompt: str = READ_WHOLE) -> tuple[list[str], str]:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    return TASK.check_answer(steps, constraints), TASK.verification_level(steps, constraints, None)


@pytest.mark.parametrize(
    "answer",
    [
        "x = 4, so 3x = 13.",  # the red team's answer
        "x = 4, so 3x = 12.",  # true, but 3x = 12 is not read
        "x = 4 and 3 * 4 = 13.",
        "x = 4. The answer is 13.",
        "x = 4.\n**13**",
        "x = 4\n#### 13",
        "x = 4, so three x is thirteen.",
        "x = 4 - y",
        "x = 4x",
        "x = 4 \u00d7 1",
        "x = 4, so 3x \uff1d 13",
        "x = 4 \u2260 5",
        "x = 4; 2(4) + 3 = 12",
        "x = 4, \u0663x = 13",
        "x = 5. No: x = 4.",  # an earlier value that was not the one compared
        "y = 4 and x = 4.",  # y is not an unknown of the prompt
        "-x = 4, so x is negative four.",
        "- x = 4",  # a bullet or a sign
        "\u2212x = 4",
        "x = 4 squared.",
        "x = 4%.",
        "x = 4 percent. So x = 4.",
        # red team round 4, R4: a word outside the closed vocabulary may deny or qualify the value
        "It is not true that x = 4.",
        "We cannot have x = 4.",
        "Not x = 4.",
        "Many students think x = 4, but they are wrong.",
        "Claim: x = 4. This claim is wrong.",
        "Maybe x = 4.",
    ],
)
def test_another_number_or_equation_is_unchecked(answer: str) -> None:
    for prompt in (READ_WHOLE, PROMPT):
        errors, level = _level(answer, prompt)
        assert level == "unchecked", (answer, errors)
        assert not only_compared_claims(prompt, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "x = 4.",
        "So x = 4.",
        "**x = 4**",
        "$x = 4$",
        "Subtract and divide: x is 4.",
        "The answer is x = 4\n",
        "Working it out step-by-step, x = 4, and that is all.",
    ],
)
def test_a_compared_value_alone_is_checked(answer: str) -> None:
    assert _level(answer) == ([], "checked")


def test_a_wrong_compared_value_fails() -> None:
    errors, _ = _level("x = 5, so 3x = 15.")
    assert errors


def test_the_engine_neither_serves_nor_reuses_it_as_checked() -> None:
    cache = _text_only()
    fresh = cache.generate(READ_WHOLE, lambda prompt: "x = 4, so 3x = 13.")
    assert fresh.verification == "unchecked" and not fresh.verified

    def unused(prompt: str) -> str:
        raise AssertionError("stored as exact-match text: no model call")

    again = cache.generate(READ_WHOLE, unused)
    assert again.outcome == "reuse" and again.verification == "unchecked"


def test_a_checked_answer_is_reused_as_checked() -> None:
    cache = _text_only()
    assert cache.generate(READ_WHOLE, lambda prompt: "x = 4.").verification == "checked"
    again = cache.generate(READ_WHOLE, lambda prompt: "x = 4.")
    assert again.outcome == "reuse" and again.verification == "checked"


def test_a_stored_checked_level_is_lowered_on_reuse() -> None:
    """An entry stored as "checked" before the rule is served no higher than the rule allows."""
    constraints = TASK.constraints(READ_WHOLE)
    steps = TASK.segment("x = 4, so 3x = 13.", constraints)
    assert TASK.verification_level(steps, constraints, constraints, "checked") == "unchecked"


@pytest.mark.parametrize(
    "prompt",
    [
        PROMPT,  # asks for 3x
        "If 2x + 3 = 11, what is x squared?",
        "If 2x + 3 = 11, what is twice x?",
        "If 2x + 3 = 11, write x in binary.",
        "If 2x + 3 = 11, what is x in base 3?",
        "Solve 2x + 3 = 11 for x, then add one.",
        "If 2x + 3 = 11, is x negative?",
        "If 2x + 3 = 11, what is y?",  # y is no unknown of the equation
        "If 2x + 3 = 11, what is x? Answer in French.",
    ],
)
def test_a_prompt_asking_anything_else_is_unchecked(prompt: str) -> None:
    """Red team round 5 (a): "x = 4" is a right value but not what these prompts ask for."""
    assert _level("x = 4.", prompt)[1] == "unchecked"


def test_a_system_needs_every_unknown_stated() -> None:
    prompt = "Solve the system x + y = 3 and x - y = 1 for x and y."
    assert _level("x = 2, y = 1.", prompt) == ([], "checked")
    assert _level("x = 2.", prompt)[1] == "unchecked"
    assert _level("y = 1.", prompt)[1] == "unchecked"
