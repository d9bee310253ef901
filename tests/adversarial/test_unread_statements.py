"""A statement the checker does not read is never served as proven (blind red team round 9).

A step stating "x = .25", "5. = x", "x = 5 = .6" or "x = 5 %" was passed as "states no value"
(the reader read no equation in it, or only part of one); re-instantiation then rewrote the steps
around it and left it as it was, so a derivation right for 4x + 3 = 4 was served "proven" for
4x + 3 = 5 still saying x = .25. Now each '=' of a step must stand in an equation read, a number
written ".25" is a number, and a mark after a space ("5 %") changes what stands before it.

The judges are this file's own: the value is computed with Fraction, a wrong statement is written
in every layout the reader declines, and whatever the cache does with it, nothing it serves
without a model call, and nothing it calls proven, may state a value other than the solution.
"""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import LinearEquationTask

TEMPLATE = "Solve for x step by step: {a}x + {b} = {c}."
TASK = LinearEquationTask()


def _decimal(value: Fraction) -> str | None:
    """``value`` as a terminating decimal with no leading zero (".25", "-.5"), or None."""
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    if Fraction(text) != value or "." not in text:
        return None
    return text.replace("0.", ".", 1)


# A wrong value in each layout the reader declines ({w}: the wrong value, {v}: the right one).
LAYOUTS = [
    "x = .{d}",
    "x = -.{d}",
    ".{d} = x",
    "{w}. = x",
    "x = {v} = .{d}",
    "x = {v} = {w}.",
    "x = {w} %",
    "x = {w} !",
    "x = {w} '",
    "x = {w} \u00b0",
    "x = {w} \u2030",
    'x = {w} "',
    "x = {v} .{d}",
    "x = .{d}x",
    "x = {v} %",  # the right digits, marked: 5 % is not 5
    "x = {v} !",
    "x = {v} '",
    "x = ({v}) %",
    "the value is .{d}",  # no '=': a number written ".25" is a number all the same
    "x is .{d}",
]


def _proven_or_passing(answer: str, prompt: str) -> tuple[bool, bool]:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    passes = not TASK.check_answer(steps, constraints)
    return passes, passes and TASK.verification_level(steps, constraints, None) == "proven"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=st.integers(2, 9),
    x=st.integers(-20, 20),
    b=st.integers(1, 30),
    layout=st.sampled_from(LAYOUTS),
    digits=st.integers(1, 99),
    wrong=st.integers(-30, 30),
)
def test_a_step_stating_a_value_the_reader_declines_is_never_proven(
    a: int, x: int, b: int, layout: str, digits: int, wrong: int
) -> None:
    prompt = TEMPLATE.format(a=a, b=b, c=a * x + b)
    statement = layout.format(d=digits, v=x, w=wrong if wrong != x else x + 1)
    answer = (
        f"Step 1: Subtract {b} from both sides: {a}x = {a * x}\n"
        f"Step 2: Divide both sides by {a}: x = {x}\n"
        f"Step 3: So {statement}\n"
        f"Answer: x = {x}"
    )
    passes, proven = _proven_or_passing(answer, prompt)
    assert not passes and not proven, (prompt, answer)


def _no_model(prompt: str) -> str:
    raise AssertionError(f"model called for {prompt!r}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=st.sampled_from([2, 4, 5, 8]),
    b=st.integers(1, 9),
    c=st.integers(-9, 30),
    shift=st.integers(1, 7),
)
def test_a_derivation_written_with_leading_dot_decimals_is_never_served_stale(a: int, b: int, c: int, shift: int) -> None:
    """The red team's pairs A, C, D as a property: the stored derivation is right for its prompt,
    its values written ".25"; a prompt with another constant gets either a model call, or an
    answer whose every stated value of x is the new solution (the judge's arithmetic)."""
    value = Fraction(c - b, a)
    written = _decimal(value)
    if written is None or value.denominator == 1:
        return
    cache = StepCache()
    first = TEMPLATE.format(a=a, b=b, c=c)
    answer = (
        f"Step 1: Subtract {b} from both sides: {a}x = {c - b}\n"
        f"Step 2: Divide both sides by {a}: x = {written}\n"
        f"Answer: x = {written}"
    )
    cache.generate(first, lambda p: answer)
    second = TEMPLATE.format(a=a, b=b, c=c + shift)
    calls: list[str] = []
    result = cache.generate(second, lambda p: calls.append(p) or "I do not know.")
    if result.model_calls or calls:
        return
    solution = Fraction(c + shift - b, a)
    stated = [Fraction(v) for v in _values_of_x(result.text)]
    assert stated and all(v == solution for v in stated), (second, result.text, result.outcome)


_X_VALUE = re.compile(r"(?<![\w.])x = (-?(?:\d+(?:\.\d+)?|\.\d+)(?:/\d+)?)")


def _values_of_x(text: str) -> list[str]:
    """Every value stated for x alone ("x = 0.5", "x = .5", "x = 1/2"; not "2x = 1"), read by this judge."""
    return _X_VALUE.findall(text)


def test_the_red_team_pairs_are_never_served_wrong() -> None:
    """Round 9's pairs verbatim: each first answer right (A-D) or self-contradicting (E-H) for its
    prompt; nothing served for the second prompt without a model call states a stale value."""
    pairs = [
        ("4x + 3 = 4", "Step 1: Subtract 3 from both sides: 4x = 1\nStep 2: Divide both sides by 4: x = .25\nAnswer: x = 0.25", "4x + 3 = 5", Fraction(1, 2)),
        ("3x + 5 = 20", "3x = 15\nx = 5\n5. = x", "3x + 5 = 26", Fraction(7)),
        ("2x + 1 = 2", "Subtract 1 from both sides: 2x = 1\nDivide both sides by 2: x = .5\nAnswer: x = 1/2", "2x + 1 = 6", Fraction(5, 2)),
        ("4x + 3 = 1", "Step 1: Subtract 3 from both sides: 4x = -2\nStep 2: Divide both sides by 4: x = -.5\nAnswer: x = -0.5", "4x + 3 = 5", Fraction(1, 2)),
        ("3x + 5 = 20", "3x = 15\nx = 5\n.6 = x", "3x + 5 = 26", Fraction(7)),
        ("3x + 5 = 20", "3x = 15\nx = 5 = .6\nAnswer: x = 5", "3x + 5 = 26", Fraction(7)),
        ("3x + 5 = 20", "3x = 15\nx = 5 %\nAnswer: x = 5", "3x + 5 = 26", Fraction(7)),
    ]
    for first, answer, second, solution in pairs:
        cache = StepCache()
        stored = cache.generate(f"Solve for x step by step: {first}.", lambda p, a=answer: a)
        assert stored.text != answer or not stored.verified, (first, answer)  # wrong or unread: not proven as written
        result = cache.generate(f"Solve for x step by step: {second}.", _no_model)
        assert result.model_calls == 0 and result.outcome in ("reuse", "reinstantiate")
        values = [Fraction(v) for v in _values_of_x(result.text)]
        assert values and all(v == solution for v in values), (second, result.text)
        assert not re.search(r"(?<![\w.])-?\.\d|\d\. = x|%", result.text), (second, result.text)  # no unread form left


def test_a_mark_after_a_space_makes_a_prompt_unclaimed() -> None:
    """'3x = 20 \\'' (a foot mark after a space) was read as 3x = 20."""
    assert not TASK.detect("Solve for x: 3x = 20 '.")
    assert not TASK.detect("Solve for x: 3x = 20 %.")
    assert TASK.detect("Solve for x: 3x = 20.")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=st.integers(2, 9),
    x=st.integers(-12, 12),
    b=st.integers(1, 20),
    new_x=st.integers(-12, 12),
    line=st.sampled_from(["So we get {p} / {a} = {x}.", "Step 3: {a} * {x} = {p}", "Therefore {p} / {a} = {x}, so x = {x}"]),
)
def test_arithmetic_of_the_cached_problem_is_never_served_for_another(a: int, x: int, b: int, new_x: int, line: str) -> None:
    """Round 10 (F1): a closing line of plain arithmetic ("15 / 3 = 5") was left as it was by
    re-instantiation and served proven for 3x + 5 = 5 (x = 0). The judge: whatever is served
    without a model call states no number of the cached derivation that the new one lacks."""
    if new_x == x or x == 0:
        return
    product = a * x
    cache = StepCache()
    answer = (
        f"Step 1: Subtract {b} from both sides: {a}x = {product}\n"
        f"Step 2: Divide both sides by {a}: x = {x}\n" + line.format(p=product, a=a, x=x)
    )
    cache.generate(TEMPLATE.format(a=a, b=b, c=product + b), lambda p: answer)
    result = cache.generate(TEMPLATE.format(a=a, b=b, c=a * new_x + b), lambda p: "I do not know.")
    if result.model_calls:
        return
    new_numbers = {a, b, a * new_x + b, a * new_x, new_x, 0, 1, 2, 3}
    stated = {abs(int(n)) for n in re.findall(r"-?\d+", result.text)}
    assert stated <= {abs(n) for n in new_numbers}, (answer, result.text)
