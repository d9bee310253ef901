"""A right value of the unknown is not the right answer when the prompt asks for something else.

Red team round 5 (a): for "If 2x + 3 = 11, what is 3x?" (or "x + 1", "x in base 8", "write x in
binary") the answer "x = 4." states a right value, yet it does not answer the prompt. The text
task must call it "checked" only when the prompt asks for the unknowns and nothing else.

The judge is this file's own arithmetic (sharing no code with the engine): it solves the
equation, computes the quantity the prompt asks for, and keeps only cases where that quantity
written out differs from the unknown's value. Such an answer must never be "checked" or
"proven", fresh or reused, by the text task alone or by the default registry.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import TaskRegistry
from stepcache_integrations.core.tasks.text import TextTask

TASK = TextTask()


def _in_base(n: int, base: int) -> str:
    digits = ""
    while True:
        n, r = divmod(n, base)
        digits = "0123456789"[r] + digits
        if n == 0:
            return digits


# (question about x, the asked quantity written out for x0) -- each written by hand
ASKS: dict[str, tuple[Callable[[int], str], Callable[[int, int], str]]] = {
    "multiple": (lambda k: f"what is {k}x?", lambda k, x: str(k * x)),
    "plus": (lambda k: f"what is x + {k}?", lambda k, x: str(x + k)),
    "minus-word": (lambda k: f"what is x minus {k}?", lambda k, x: str(x - k)),
    "squared": (lambda k: "what is x squared?", lambda k, x: str(x * x)),
    "base": (lambda k: f"what is x in base {k}?", lambda k, x: _in_base(x, k)),
    "binary": (lambda k: "write x in binary.", lambda k, x: _in_base(x, 2)),
    "twice": (lambda k: "what is twice x?", lambda k, x: str(2 * x)),
    "half": (lambda k: "what is half of x?", lambda k, x: str(Fraction(x, 2))),
    "negative": (lambda k: "what is the negative of x?", lambda k, x: str(-x)),
    "then-add": (lambda k: f"solve for x, then add {k}.", lambda k, x: str(x + k)),
    "tens": (lambda k: "what is x rounded to the nearest ten?", lambda k, x: str(10 * round(Fraction(x, 10)))),
    "percent": (lambda k: "what is x percent of 200?", lambda k, x: str(Fraction(2 * x))),
    # red team round 8: a factorial and a prime (x' of a constant x is 0) change the question
    "factorial": (lambda k: "what is x!", lambda k, x: str(math.factorial(x))),
    "prime": (lambda k: "what is x'?", lambda k, x: "0"),
}


@st.composite
def cases(draw: st.DrawFn, ask: str) -> tuple[str, str]:
    a, x0, b, k = draw(st.integers(2, 9)), draw(st.integers(1, 40)), draw(st.integers(1, 40)), draw(st.integers(2, 9))
    question, asked = ASKS[ask]
    assume(asked(k, x0) != str(x0))  # the judge: the asked quantity is not the unknown's value
    return f"If {a}x + {b} = {a * x0 + b}, {question(k)}", f"x = {x0}."


def _level(prompt: str, answer: str) -> str:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    return TASK.verification_level(steps, constraints, None)


@pytest.mark.parametrize("ask", sorted(ASKS))
@settings(max_examples=25, deadline=None, derandomize=True)
@given(data=st.data())
def test_the_unknowns_value_does_not_answer_another_question(ask: str, data: st.DataObject) -> None:
    prompt, answer = data.draw(cases(ask))
    assert _level(prompt, answer) == "unchecked", prompt


@pytest.mark.parametrize("ask", sorted(ASKS))
@settings(max_examples=5, deadline=None, derandomize=True)
@given(data=st.data())
def test_the_engine_never_stamps_it(ask: str, data: st.DataObject) -> None:
    prompt, answer = data.draw(cases(ask))
    for cache in (StepCache(tasks=TaskRegistry([TextTask()])), StepCache()):
        fresh = cache.generate(prompt, lambda _prompt: answer)
        again = cache.generate(prompt, lambda _prompt: answer)
        for result in (fresh, again):
            if result.text.strip() == answer:
                assert result.verification == "unchecked" and not result.verified, (prompt, result.task)


@pytest.mark.parametrize(
    "prompt",
    [
        "If 2x + 3 = 11, what is x?",
        "Solve 2x + 3 = 11 for x.",
        "Find the value of x: 2x + 3 = 11",
        "Given 2x + 3 = 11, determine x.",
    ],
)
def test_a_prompt_asking_for_the_unknown_alone_is_checked(prompt: str) -> None:
    """The control: the rule is not vacuous."""
    assert _level(prompt, "x = 4.") == "checked"
    assert _level(prompt, "x = 5.") == "unchecked"


def test_every_unknown_must_be_stated() -> None:
    prompt = "Solve x + y = 3 and x - y = 1 for x and y."
    assert _level(prompt, "x = 2 and y = 1.") == "checked"
    assert _level(prompt, "x = 2.") == "unchecked"
