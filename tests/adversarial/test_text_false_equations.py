"""Free text with a right compared value and one false claim beside it: never "checked".

Hypothesis builds a prompt asking for the unknown ("If 2x + 3 = 11, what is x?"), an
answer stating the right value of the unknown (the one claim the text task compares) and one
false claim about anything else -- "3x = 13", "3 * 4 = 13", a stray "**13**", a verbal "3x is
13" -- in many forms. The judge is this file's own arithmetic (the unknown solved in exact
fractions, sharing no code with the engine): it confirms the claim is false. The text task must
not call such an answer "checked" (nor "proven"), fresh or reused.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import TaskRegistry
from stepcache_integrations.core.tasks.text import TextTask

TASK = TextTask()

# (k, x0, wrong value of k*x) -> the false claim, after "x = x0"
FORMS: dict[str, Callable[[int, int, Fraction], str]] = {
    "derived": lambda k, x, w: f", so {k}x = {w}.",
    "derived-newline": lambda k, x, w: f".\n{k}x = {w}",
    "product": lambda k, x, w: f", and {k} * {x} = {w}.",
    "product-times": lambda k, x, w: f", and {k} \u00d7 {x} = {w}.",
    "verbal": lambda k, x, w: f", so {k}x is {w}.",
    "verbal-equals": lambda k, x, w: f", so {k}x equals {w}.",
    "bold": lambda k, x, w: f".\n**{w}**",
    "hashes": lambda k, x, w: f".\n#### {w}",
    "boxed": lambda k, x, w: f".\n\\boxed{{{w}}}",
    "latex": lambda k, x, w: f", so ${k}x = {w}$.",
    "fullwidth": lambda k, x, w: f", so {k}x \uff1d {w}.",
    "answer-line": lambda k, x, w: f".\nThe answer is {w}.",
    "paren": lambda k, x, w: f" (so {k}x = {w})",
    "other-unknown": lambda k, x, w: f", and y = {w}.",
    "chain": lambda k, x, w: f", so {k}x = {k} * {x} = {w}.",
}


@st.composite
def cases(draw: st.DrawFn, form: str) -> tuple[str, str, Fraction]:
    a, x0, b, k = draw(st.integers(2, 9)), draw(st.integers(1, 30)), draw(st.integers(1, 40)), draw(st.integers(2, 9))
    c = a * x0 + b
    solved = Fraction(c - b, a)  # the judge: the unknown, solved by hand
    assert solved == x0
    wrong = k * solved + draw(st.integers(-9, 9).filter(bool))
    assert wrong != k * solved  # the claim is false
    # asked for x alone, so that only the false claim can make the answer unchecked
    prompt = f"If {a}x + {b} = {c}, what is x?"
    return prompt, f"x = {x0}" + FORMS[form](k, x0, wrong), wrong


def _level(prompt: str, answer: str) -> str:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    return TASK.verification_level(steps, constraints, None)


@pytest.mark.parametrize("form", sorted(FORMS))
@settings(max_examples=30, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_false_claim_beside_a_compared_value_is_never_checked(form: str, data: st.DataObject) -> None:
    prompt, answer, _ = data.draw(cases(form))
    assert _level(prompt, answer) == "unchecked", answer


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.integers(2, 9), st.integers(1, 30), st.integers(1, 40), st.integers(2, 9))
def test_the_compared_value_alone_is_checked(a: int, x0: int, b: int, k: int) -> None:
    """The control: without the false claim, the same answer is "checked" (not vacuous) for a
    prompt asking for x alone; asked for kx, "x = x0" does not answer it (round 5 (a))."""
    prompt = f"If {a}x + {b} = {a * x0 + b}, what is x?"
    assert _level(prompt, f"x = {x0}.") == "checked"
    assert _level(f"If {a}x + {b} = {a * x0 + b}, what is {k}x?", f"x = {x0}.") == "unchecked"


@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(FORMS)).flatmap(cases))
def test_the_engine_never_serves_it_as_checked(case: tuple[str, str, Fraction]) -> None:
    prompt, answer, _ = case
    # the text task alone (the linear task claims "what is x?"), and the default registry on a
    # word prompt the linear task declines
    word_prompt = prompt.replace("what is x?", "what is 3x rounded?")  # "what is 3x?" is read (issue 33)
    for cache, asked in ((StepCache(tasks=TaskRegistry([TextTask()])), prompt), (StepCache(), word_prompt)):
        fresh = cache.generate(asked, lambda _prompt: answer)
        again = cache.generate(asked, lambda _prompt: answer)
        assert fresh.task == "text", asked
        for result in (fresh, again):
            assert result.verification == "unchecked" and not result.verified, (answer, result.verification)
