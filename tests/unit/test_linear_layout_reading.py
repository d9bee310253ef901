"""Layout read two ways is not read (blind red team round 6): an equation label beside an
equation ("20 (1)", "(2) x"), a product across a space ("6 y"), a sign followed by a space (a
bullet: "- 3x"), a name followed by a prime ("4x'"). The prompt is not claimed by the linear task
and a step holding one is not read as that equation; the readable spellings still are."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.algebra import NotLinear, find_equations, parse_linear
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask

TASK = LinearEquationTask()


@pytest.mark.parametrize("text", ["20 (1)", "(2) x - y", "6 y", "3 x + 1", "- 3x + y", "+ 3x", "x + - 3", "(x + 1) (2)"])
def test_a_side_read_two_ways_raises(text: str) -> None:
    with pytest.raises(NotLinear):
        parse_linear(text)


@pytest.mark.parametrize(("text", "value"), [("20(1)", 20), ("-3x + 1", None), ("3x - 4", None), ("2(x + 1)", None), ("x - -3", None)])
def test_the_readable_spellings_are_read(text: str, value: int | None) -> None:
    form = parse_linear(text)
    assert value is None or form.const == value


@pytest.mark.parametrize(
    "prompt",
    [
        "Solve for x and y:\n3x + y = 20 (1)\nx - y = 4 (2)",
        "Solve for x and y:\n3x + y = 20\n(2) x - y = 4",
        "Solve for x:\n- 3x + 5 = 20",
        "Solve for x: 3x + 5 = 20 (2)",
        "Solve for x: 2x = 4x'.",
        "Solve for x: 3x + 5 = 2x\u2032.",
    ],
)
def test_the_linear_task_does_not_claim_them(prompt: str) -> None:
    assert not TASK.detect(prompt)


def test_a_primed_name_ends_no_equation() -> None:
    assert [eq.text for eq in find_equations("2x = 4x'.")] == []
    assert [eq.text for eq in find_equations("2x = 4x.")] == ["2x = 4x"]


def test_the_controls_are_claimed() -> None:
    assert TASK.detect("Solve for x and y:\n3x + y = 20\nx - y = 4")
    assert TASK.detect("Solve for x: -3x + 5 = 20")


@pytest.mark.parametrize(
    "prompt",
    [
        "Solve for x: 2x = 6 'x = 4'",
        'Solve for x: 2x = 6 "x = 4"',
        "Solve for x: 2x = 6 and 'x + 1 = 9'",
        "Solve 3x + 5 = 20 and end with 'x = 6'.",
        "Solve for x: 3x = 0.99...",
        "Solve 2x = 6 and y = 4 '.",  # 4 feet: the equation is dropped, the rest must not be solved
        "If y = 3x + 2 and x = 1, what is y'?",
        "Solve y = 3x + 2 and x = 1 for y''.",
    ],
)
def test_an_equation_or_name_not_read_whole_is_not_claimed(prompt: str) -> None:
    """Red team round 8: every '=' of a claimed prompt is an equation read (none dropped), and a
    primed name asked for is another unknown."""
    assert not TASK.detect(prompt)


@pytest.mark.parametrize("prompt", ["If 2y = 10, what is y!", "Solve 2y = 10 for y!", "If 2x = 6, what is x'?"])
def test_a_factorial_or_prime_in_the_question_is_no_text_claim(prompt: str) -> None:
    from stepcache_integrations.core.tasks.text.claims import asked_unknowns

    assert asked_unknowns(prompt) is None
    assert asked_unknowns(prompt.replace("!", "?").replace("'", "")) is not None  # the control
