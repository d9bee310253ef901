"""The arithmetic task: a closed question grammar, exact checks, a computed answer."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic import ArithmeticTask
from stepcache_integrations.core.tasks.arithmetic.grammar import format_value, read_answer_line, read_question

TASK = ArithmeticTask()


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("What is 12 * 12?", 144),
        ("17 + 25 = ?", 42),
        ("What's 7 - 10?", -3),
        ("Compute (3 + 4) * 2.", 14),
        ("Calculate 0.1 + 0.2", Fraction(3, 10)),
        ("Evaluate 7 / 2.", Fraction(7, 2)),
        ("What is (6 / 2) * 3?", 9),
        ("What is -(3 + 2)?", -5),
        # wip/arithU (the lead's decision; pinned no claim below before): a sign on a number after an operator,
        # "**" as a power, a lead in lower or upper case
        ("What is 2 - -3?", 5),
        ("What is 2 ** 3?", 8),
        ("what is 12 * 12?", 144),
        ("WHAT IS 12 * 12?", 144),
    ],
)
def test_claimed_questions_have_their_exact_value(prompt: str, value: Fraction) -> None:
    question = read_question(prompt)
    assert question is not None and question.value == value


@pytest.mark.parametrize(
    "prompt",
    [
        "17 + 25= ?",  # "E = ?" and "E =?" are the forms read (fuzzer, nightly seed 1)
        "17 + 25=?",
        "What is 6 / 2 * 3?",  # read two ways in the wild
        "What is 6 / 2 / 3?",
        "What is 2 - - 3?",  # a doubled operator (wip/arithU: "2 - -3", a sign on the number, is read above)
        "What is 2--3?",
        "What is 2 * +3?",
        "What is 2 *** 3?",  # wip/arithU: "2 ** 3" is read above
        "What is -3 ** 2?",
        "What is 2 ** 3 ** 2?",
        "What is 7 // 2?",
        "What is 1 / 0?",
        "What is 05 + 1?",  # a leading zero: a code, not a number
        "What is 1,000 + 1,5?",  # wip/arithX: "What is 1,000 + 1?" is read (a thousands separator, one reading)
        "What is 1 000 + 1?",
        "What is 12  * 12?",
        "What is 2(3)?",
        "What is 1e5 + 1?",
        "What is 15% more than 80?",  # "15% of 80" is read (wip/arithA: served AND exact in test_arithmetic_reach_arithA)
        "What is 12 · 12?",  # "What is 12 × 12?" is read (wip/overdecl: the table's operator_signs); the dot is not
        "What is 12 * 12 in base 8?",
        "wHaT iS 12 * 12?",  # wip/arithU: "what is 12 * 12?", "WHAT IS 12 * 12?" are read above
        "What is 17 % 6?",  # percent or modulo (wip/arithU: "17 mod 6" is read)
        "What is 12 * 12? Answer in words.",
        "What is x + 1?",
        "What is 1234567890123 * 2?",  # more digits than the grammar reads
        "What is " + "9" * 5000 + " + 1?",
        "What is " + " + ".join(["1"] * 20) + "?",
        "Solve 2x + 3 = 7.",
        "What is ٣ + ٤?",
    ],
)
def test_everything_else_is_no_claim(prompt: str) -> None:
    assert read_question(prompt) is None
    assert not TASK.detect(prompt)


def test_a_schema_request_is_not_arithmetic() -> None:
    assert not TASK.detect("What is 12 * 12?", {"type": "object"})


@pytest.mark.parametrize(
    ("line", "holds"),
    [("12 * 12 = 144.", True), ("Step 2: 7 * 2 = 14", True), ("12 * 12 = 120", False), ("3 + 4 = 7 = 8", False)],
)
def test_equation_lines_hold_or_not(line: str, holds: bool) -> None:
    read = read_answer_line(line)
    assert read is not None and read.holds is holds


@pytest.mark.parametrize(
    "line", ["I think it is 144", "144 is wrong", "about 3.33", "12 × 12 = 144", "The answer is 1,000."]
)
def test_prose_is_not_read(line: str) -> None:
    assert read_answer_line(line) is None


def test_values_are_written_exactly() -> None:
    assert [format_value(v) for v in (Fraction(7, 2), Fraction(-1, 8), Fraction(10, 3), Fraction(144))] == [
        "3.5", "-0.125", "10/3", "144"
    ]


def _check(prompt: str, answer: str) -> tuple[list[str], str]:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    errors = TASK.check_answer(steps, constraints)
    return errors, TASK.verification_level(steps, constraints, None)


def test_a_right_answer_read_in_full_is_proven() -> None:
    assert _check("What is 12 * 12?", "12 * 12 = 144.") == ([], "proven")
    assert _check("What is (3 + 4) * 2?", "Step 1: 3 + 4 = 7\nStep 2: 7 * 2 = 14\nThe answer is 14.") == ([], "proven")


def test_prose_beside_a_right_last_line_is_only_checked() -> None:
    errors, level = _check("What is 12 * 12?", "Let me think about it.\n\n12 * 12 = 144.")
    assert errors == [] and level == "checked"


@pytest.mark.parametrize(
    "answer",
    [
        "12 * 12 = 120.",  # the model's wrong answer of the issue
        "12 * 12 = 144.\nSo the answer is 120.",
        "The answer is 120.\n12 * 12 = 144.",  # a wrong stated value anywhere
        "12 * 12 = 144.\n\nHope this helps!",  # the last line states nothing read
        "12 * 11 = 132.",
        "",
    ],
)
def test_wrong_or_unanswered_fails(answer: str) -> None:
    errors, _ = _check("What is 12 * 12?", answer)
    assert errors


def test_a_cached_answer_is_never_served_for_another_expression() -> None:
    old = TASK.constraints("What is 12 * 12?")
    new = TASK.constraints("What is 13 * 12?")
    answers = (
        "Multiply the two numbers.\n\n13 * 12 = 156.",
        "12 * 12 = 144.",
        "Step 1: 12 * 12 = 144.\nStep 2: 144 + 12 = 156.",
    )
    for answer in answers:
        verification = TASK.verify(TASK.segment(answer, old), new, old)
        assert not any(unit.ok for unit in verification.units)


def test_reinstantiation_computes_the_new_answer() -> None:
    old = TASK.constraints("What is 12 * 12?")
    new = TASK.constraints("What is 13 * 12?")
    rewritten = TASK.reinstantiate(TASK.segment("12 * 12 = 144.", old), old, new)
    assert rewritten is not None and "".join(s.text for s in rewritten) == "13 * 12 = 156."
    assert TASK.check_answer(rewritten, new) == []
    assert TASK.verification_level(rewritten, new, old, "checked") == "proven"


class _Model:
    def __init__(self, answer: str) -> None:
        self.answer, self.calls = answer, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.answer


def test_the_engine_repairs_a_wrong_fresh_answer_and_never_serves_it() -> None:
    cache = StepCache()
    model = _Model("12 * 12 = 120.")
    result = cache.generate("What is 12 * 12?", model)
    assert result.text.strip() == "12 * 12 = 144."  # the deterministic fallback, after the failed repair
    assert result.verified and result.task == "arithmetic"
    again = cache.generate("What is 13 * 12?", model)
    assert again.outcome == "reinstantiate" and again.text.strip() == "13 * 12 = 156." and again.verified


def test_a_right_fresh_answer_is_proven_and_reused() -> None:
    cache = StepCache()
    model = _Model("12 * 12 = 144.")
    first = cache.generate("What is 12 * 12?", model)
    assert first.verification == "proven" and model.calls == 1
    again = cache.generate("What is 12 * 12?", model)
    assert again.outcome == "reuse" and again.verified and model.calls == 1


def test_cached_prose_is_never_served_for_another_prompt_of_the_same_expression() -> None:
    """Found by the prompt-edit fuzzer: "Evaluate 7 / 2." -> "Evaluate 7 / 2" kept the echo line."""
    old = TASK.constraints("Evaluate 7 / 2.")
    new = TASK.constraints("Evaluate 7 / 2")
    steps = TASK.segment("Divide seven by two.\n\n7 / 2 = 3.5.", old)
    assert not TASK.verify(steps, new, old).units[0].ok
    assert TASK.verify(steps, old, old).passed


_OPERATORS = ("+", "-", "*")


@st.composite
def _expressions(draw: st.DrawFn, depth: int = 0) -> str:
    if depth >= 3 or draw(st.booleans()):
        whole = draw(st.integers(min_value=0, max_value=10**6))
        if draw(st.booleans()):
            return f"{whole}.{draw(st.integers(min_value=1, max_value=999))}"
        return str(whole)
    left = draw(_expressions(depth + 1))
    right = draw(_expressions(depth + 1))
    op = draw(st.sampled_from(_OPERATORS))
    return f"({left} {op} {right})" if draw(st.booleans()) else f"{left} {op} {right}"


def _independent_value(expression: str) -> Fraction:
    """Python's own evaluation with every literal made an exact Fraction (no code shared)."""
    exact = re.sub(r"\d+(?:\.\d+)?", lambda m: f"Fraction('{m.group()}')", expression)
    return eval(exact, {"Fraction": Fraction})  # noqa: S307 - the test's own literals only


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_expressions())
def test_the_grammar_computes_what_python_computes(expression: str) -> None:
    question = read_question(f"What is {expression}?")
    # no doubled operator, leading zero, division chain or over-long number can be drawn here
    assert question is not None and question.value == _independent_value(expression)


@pytest.mark.parametrize(
    ("prompt", "answer"),
    [  # from the blind red team: true lines whose last line never states the value
        ("What is 12 * 12?", "12 * 12 = 12 * 12."),
        ("What is 2 + 3 * 4?", "2 + 3 * 4 = 2 + 12."),
        ("Compute (3 + 4) * 2.", "(3 + 4) * 2 = 3 * 2 + 4 * 2."),
        ("17 + 25 = ?", "17 + 25 = 25 + 17."),
        ("What is 12 * 12?", "12 * 12 = 145 - 1."),
        ("What is 11 - 19?", "11 - 19 = -8 + 1 - 1."),
        ("What is 12 * 12?", "12 * 12 = 144.\n12 * 12 = 12 * 12."),
        ("What is 12 * 12?", "Step 1: 12 * 12 = 12 * 12."),
        ("What is 1 / 3?", "1 / 3 = 2 / 6."),
        ("What is 12 * 12?", "12 * 12 = 288/2."),
        ("What is 12 * 12?", "The answer is 288/2."),
        ("What is 12 * 12?", "12 * 12 = 144.0"),
    ],
)
def test_the_last_line_must_write_the_value_as_a_number(prompt: str, answer: str) -> None:
    errors, _ = _check(prompt, answer)
    assert errors, answer


@pytest.mark.parametrize(
    ("prompt", "answer"),
    [("What is 7 / 2?", "7 / 2 = 3.5."), ("What is 7 / 2?", "7 / 2 = 7/2."), ("What is 10 / 3?", "The answer is 10/3."),
     ("What is 7 - 10?", "7 - 10 = -3.")],
)
def test_every_canonical_way_to_write_the_value_is_read(prompt: str, answer: str) -> None:
    assert _check(prompt, answer) == ([], "proven")


def test_a_tautology_is_never_stored_or_served() -> None:
    cache = StepCache()
    first = cache.generate("What is 12 * 12?", _Model("12 * 12 = 12 * 12."))
    assert first.text.strip() == "12 * 12 = 144." and first.verified  # repaired, then the fallback
    again = cache.generate("What is 12*12?", _Model("unused"))  # the same expression up to spaces
    assert again.outcome == "reuse" and again.text.strip() == "12 * 12 = 144." and again.verified
    other = cache.generate("What is 144 * 1?", _Model("unused"))  # same value, another question
    assert other.outcome == "reinstantiate" and other.text.strip() == "144 * 1 = 144." and other.verified
