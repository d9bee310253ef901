"""The linear task's final-answer reader (README "What `verified` means", row `linear_equation`).

An answer line is read only when, after its label, the whole remainder is one closed form:
``u = N`` pairs naming exactly the asked unknowns, or (one asked unknown only) a bare ``N``; N a
canonical literal, an optional final period. Anything else makes it unreadable: the answer fails
its checks and is never proven -- fresh, reused or re-instantiated (a red-team finding: the reader
took the leading number of "Answer: 3x" as x's value).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear import LinearEquationTask
from stepcache_integrations.core.tasks.linear.chain import answer_lines, last_statement, read_closed_form

TASK = LinearEquationTask()
STEPS_2X = "Subtract 3 from both sides: 2x = 4\nDivide both sides by 2: x = 2\n"


class Called(Exception):
    pass


def _boom(prompt: str) -> str:
    raise Called(prompt)


def _level(prompt: str, answer: str) -> tuple[list[str], str]:
    """The final check's errors and the level the task gives a fresh answer."""
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    errors = TASK.check_answer(steps, constraints)
    return errors, TASK.verification_level(steps, constraints, None)


def _never_proven(prompt: str, answer: str) -> None:
    errors, level = _level(prompt, answer)
    assert errors, f"{answer!r} passed its checks for {prompt!r}"
    assert level != "proven", f"{answer!r} is proven for {prompt!r}"


# Every form the red team found (and their relatives): each fails its checks.
ONE_UNKNOWN = [
    ("Solve 2x + 3 = 7 for x.", "Answer: 2x + 3 = 7"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: 2x = 4"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2 = 3 - 1"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2, 2x = 4"),
    ("Solve 2x + 3 = 7 for x.", "Answer: 2x = 4, x = 2"),
    ("Solve 2x + 3 = 7 for x.", "Answer: 2 = x"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "The solution is 2x = 4."),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "**Answer:** 2x = 4"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2.0"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 4/2"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2\nCheck: 2(2) + 3 = 7"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "- Answer: 2x = 4"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "### Answer: 2x = 4"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Final answer: 2x = 4"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "The answer is 2x = 4."),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "So the answer is 2x."),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2 = y"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: 2, 3"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "x = 2 = 3 - 1"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2**"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "**Answer: x = 2"),
    ("Solve 2x + 3 = 7 for x.", STEPS_2X + "**Answer:** x = 2 (x)"),
    ("Solve x + 1 = 4 for x.", "Answer: 3x"),
    ("Solve x + 1 = 4 for x.", "Answer: 3 - x"),
    ("Solve x + 1 = 4 for x.", "Answer: 3x = 3x"),
    ("Solve x + 1 = 4 for x.", "Answer: 3 * 2 = 6"),
    ("Solve x + 1 = 4 for x.", "Answer: 3 / x"),
    ("Solve x + 1 = 4 for x.", "Answer: 3 * x"),
    ("Solve x + 1 = 4 for x.", "Answer: 3(x)"),
    ("Solve x + 1 = 4 for x.", "The solution is 3x."),
    ("Solve x + 1 = 4 for x.", "**Answer:** 3x"),
    ("Solve x + 1 = 4 for x.", "Answer: 3 = 3"),
    ("Solve x + 1 = 4 for x.", "Answer: 3x."),
    ("Solve x + 1 = 4 for x.", "Answer: 3 + 1 = 4"),
    ("Solve x + 1 = 4 for x.", "Answer: 3 + 0"),
    ("Solve x + 1 = 4 for x.", "The value of x is 3x."),
    ("Solve x + 1 = 4 for x.", "So x equals 3x."),
    ("Solve x + 1 = 4 for x.", "I think the answer is 3x."),
    ("Solve x + 1 = 4 for x.", "Answer: 3 apples"),
    ("Solve 5x + 3 = 8 for x.", "Answer: 1.0"),
    ("Solve 5x + 3 = 8 for x.", "Answer: 01"),
    ("Solve 3x = 1 for x.", "Answer: x = 1 / 3"),
    ("Solve 3x = 1 for x.", "Answer: x = 2/6"),
]
SYSTEMS = [
    ("Solve x + y = 5 and x - y = 1 for y.", "Answer: 2x"),
    ("Solve x + y = 5 and x - y = 1 for y.", "Answer: 2x = 6"),
    ("Solve x + y = 5 and x - y = 1 for y.", "Answer: 2 = y"),
    ("Solve x + y = 5 and x - y = 1 for y.", "Answer: 2 - x"),
    ("Solve x + y = 5 and x - y = 1 for x.", "Answer: 3y"),
    ("Solve x + y = 5 and x - y = 1 for x.", "Answer: 3 + y = 5"),
    ("Solve x + y = 5 and x - y = 1 for x.", "Answer: 3y = 9"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: 3, 2"),  # a bare number needs one asked unknown
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: 3"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3, y = 2x"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3, y = 5 - x"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3, 2y = 4"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3, x + y = 5"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3, x = 3, y = 2"),
    ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x - y = 1, x + y = 5"),
]


@pytest.mark.parametrize(("prompt", "answer"), ONE_UNKNOWN + SYSTEMS)
def test_an_answer_line_that_is_not_a_closed_form_fails(prompt: str, answer: str) -> None:
    _never_proven(prompt, answer)


@pytest.mark.parametrize(
    ("prompt", "answer"),
    [
        ("Solve 2x + 3 = 7 for x.", "Answer: x = 2"),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2."),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "**Answer:** x = 2\n"),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "The solution is 2."),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: 2"),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Final answer: x = 2"),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "**Answer: x = 2**"),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "**Answer**: $x = 2$"),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Therefore, the answer is x = 2."),
        ("Solve 2x + 3 = 7 for x.", "Subtract 3 from both sides: 2x = 4\nx = 2"),
        ("Solve 3x = 1 for x.", "Divide both sides by 3: x = 1/3\nAnswer: x = 1/3"),
        ("Solve 2x = 5 for x.", "Divide both sides by 2: x = 2.5\nAnswer: x = 2.5"),
        ("Solve 2x = -5 for x.", "Divide both sides by 2: x = -5/2\nAnswer: x = -5/2"),
        ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3, y = 2"),
        ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: x = 3 and y = 2."),
        ("Solve x + y = 5 and x - y = 1 for x and y.", "Answer: y = 2, and x = 3"),
        ("Solve x + y = 5 and x - y = 1 for y.", "Answer: 2"),
        ("Solve x + y = 5 and x - y = 1 for y.", "Answer: y = 2"),
    ],
)
def test_the_common_closed_forms_are_read(prompt: str, answer: str) -> None:
    errors, level = _level(prompt, answer)
    assert not errors, errors
    assert level == "proven"


def test_so_x_equals_is_read_as_a_statement() -> None:
    """"So x equals 2." states x = 2 (its prose word "equals" leaves it checked, not proven)."""
    errors, level = _level("Solve 2x + 3 = 7 for x.", "Subtract 3 from both sides: 2x = 4\nSo x equals 2.")
    assert not errors and level == "checked"


def test_a_wrong_value_in_a_closed_form_still_fails() -> None:
    for answer in ("Answer: x = 3", "Answer: 3", "The solution is 3.", STEPS_2X + "Answer: x = -2"):
        _never_proven("Solve 2x + 3 = 7 for x.", answer)


def test_the_reader_itself() -> None:
    assert read_closed_form("x = 4", ("x",)) == ({"x": "4"}, "")
    assert read_closed_form(" 4. ", ("x",)) == ({"x": "4"}, "")
    assert read_closed_form("x = -7/3, y = 0.25", ("x", "y"))[0] == {"x": "-7/3", "y": "0.25"}
    for remainder in ("4x", "x = 4 = 2 + 2", "x = 4x", "4 = x", "x = 8/2", "x = 4.0", "x = +4", "", "."):
        assert read_closed_form(remainder, ("x",))[0] is None, remainder
    assert read_closed_form("4", ("x", "y"))[0] is None  # a bare number: one asked unknown only
    assert read_closed_form("y = 2", ("x",))[0] is None  # an unknown not asked
    assert [line.values for line in answer_lines("Solution:\nx = 2\n", ("x",))] == []  # a heading
    assert last_statement("x = 2 = 3 - 1", "x") == "2 = 3 - 1"
    assert last_statement("y - x = 2", "x") is None  # not a statement of x
    assert last_statement("So x = 2.", "x") == "2"


# -- reuse and re-instantiation: the same reader decides ------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "answer", "others"),
    [
        ("Solve 2x + 3 = 7 for x.", "Answer: 2x + 3 = 7",
         ["Solve 2x + 3 = 7 for x.", "Solve 2x + 3 = 7.", "Solve 2x + 3 = 7 for x. Number every step."]),
        ("Solve x + 1 = 4 for x.", "Answer: 3x", ["Solve x + 1 = 5 for x.", "Solve x + 2 = 4 for x."]),
        ("Solve x + 1 = 4 for x.", "Answer: 3 - x", ["Solve x + 1 = 5 for x."]),
        ("Solve x + 1 = 4 for x.", "Answer: 3x = 3x", ["Solve x + 1 = 5 for x."]),
        ("Solve x + 1 = 4 for x.", "Answer: 3 * 2 = 6", ["Solve x + 1 = 4."]),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: 2x = 4", ["Solve 3x + 3 = 9 for x.", "Solve 2x + 3 = 8 for x."]),
        ("Solve 2x + 3 = 7 for x.", STEPS_2X + "Answer: x = 2 = 3 - 1", ["Solve 2x + 3 = 9 for x."]),
        ("Solve x + y = 5 and x - y = 1 for y.", "Answer: 2x", ["Solve x + y = 7 and x - y = 1 for y."]),
        ("Solve x + y = 5 and x - y = 1 for y.", "Answer: 2x = 6", ["Solve x + y = 7 and x - y = 1 for y."]),
        ("Solve x + y = 5 and x - y = 1 for x.", "Answer: 3y", ["Solve x + y = 5 and x - y = 3 for x."]),
    ],
)
def test_an_unreadable_answer_is_never_stored_reused_or_reinstantiated(
    prompt: str, answer: str, others: list[str]
) -> None:
    cache = StepCache()
    assert cache.store_answer(prompt, answer) is None  # a failing answer is never stored
    first = cache.generate(prompt, lambda p: answer)
    assert first.text != answer and first.used_fallback and first.verification == "proven"
    for other in others:
        try:
            served = cache.generate(other, _boom)
        except Called:
            continue  # asked the model: fine
        # served without a model call: the fallback's derivation, read whole for the new prompt
        assert answer not in served.text
        errors, level = _level(other, served.text)
        assert not errors and level == "proven", served.text
        last = served.text.strip().splitlines()[-1]
        assert read_closed_form(last.removeprefix("Answer:"), TASK.constraints(other).asked_or_all)[0], last


def test_a_reinstantiated_answer_line_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry stored before this rule ("Answer: 3x" kept) is re-checked on every lookup."""
    # the rewrite itself (the engine's own derivation, written when a rewrite fails since wip/linK, off)
    monkeypatch.setattr("stepcache_integrations.core.tasks.linear.task._same_kind", lambda *a: False)
    task_steps = TASK.segment("Subtract 1 from both sides: x = 3\nAnswer: 3x", TASK.constraints("Solve x + 1 = 4 for x."))
    old, new = TASK.constraints("Solve x + 1 = 4 for x."), TASK.constraints("Solve x + 1 = 5 for x.")
    rewritten = TASK.reinstantiate(task_steps, old, new)
    assert rewritten is not None
    verification = TASK.verify(rewritten, new, old)
    assert not verification.passed or TASK.check_answer(rewritten, new)


@pytest.mark.parametrize(
    "prompt",
    [
        "Solve 2x + 3 = 7 for x.",
        "Solve 3x + 1 = 2 for x.",
        "Solve 5x - 2 = -17 for x.",
        "Solve 4y + 1 = 2 for y.",
        "Solve 0.5x + 1 = 3 for x.",
        "Solve x + y = 5 and x - y = 1.",
        "Solve x + y = 5 and x - y = 1 for y.",
        "Solve 2a + 3b = 7 and a - b = 1 for a and b.",
        "Solve x + y + z = 6 and x - y = 0 and z - x = 1 for z.",
        "Solve 3x + 5 = 20 and x + y = 9 for y.",
    ],
)
def test_the_fallbacks_own_answers_pass_the_reader(prompt: str) -> None:
    constraints = TASK.constraints(prompt)
    text = TASK.fallback(constraints)
    assert text is not None
    steps = TASK.segment(text, constraints)
    assert TASK.check_answer(steps, constraints) == []
    assert TASK.verification_level(steps, constraints, None) == "proven"


# -- property: anything after a correct "Answer: x = N" but "." makes it unreadable ----------------

_TOKENS = st.sampled_from(["x", "y", "2", "+", "-", "*", "/", "=", "(", ")", ".", " "])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(suffix=st.lists(_TOKENS, min_size=1, max_size=6).map("".join))
def test_a_suffix_after_a_correct_answer_is_never_proven(suffix: str) -> None:
    prompt = "Solve 2x + 3 = 7 for x."
    answer = STEPS_2X + "Answer: x = 2" + suffix
    errors, level = _level(prompt, answer)
    if suffix.strip() in ("", "."):
        assert not errors and level == "proven", (answer, errors)
    else:
        assert errors or level != "proven", (answer, errors, level)
