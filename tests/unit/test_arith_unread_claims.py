"""The arithmetic task reads every '=' and every number of an answer (red team round 3, R2).

A line is read in a closed set of forms (an equation chain, a stated value, after an optional
"Step N: " label); any other line is prose, and prose may hold only words and sentence
punctuation. A false equation or a stray number in a line the checker does not read (a numbered
or bulleted line, markdown, a continuation '= ...' line, an equation inside a sentence) fails the
answer: it is repaired or replaced by the computed answer, never served or stored as checked.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic import ArithmeticTask
from stepcache_integrations.core.tasks.arithmetic.grammar import plain_prose, read_answer_line

TASK = ArithmeticTask()
PROMPT = "What is 2 + 3 * 4?"  # 14
FINAL = "The answer is 14."

# one false claim (3 * 4 = 13, 2 + 3 * 4 = 20, or the value 20) in a line the checker cannot read
UNREAD_FALSE_LINES = [
    "1. 3 * 4 = 13",
    "1) 3 * 4 = 13",
    "* 3 * 4 = 13",
    "+ 3 * 4 = 13",
    "- 3 * 4 = -12",  # a bullet: read as a sign, "(-3) * 4 = -12" would hold
    "- 2 + 12 = 10",
    "**2 + 3 * 4 = 20**",
    "__2 + 3 * 4 = 20__",
    "`2 + 3 * 4 = 20`",
    "$2 + 3 * 4 = 20$",
    "\\(2 + 3 * 4 = 20\\)",
    "### 2 + 3 * 4 = 20",
    "> 2 + 3 * 4 = 20",
    "3 * 4 = 13, then 2 + 12 = 14.",
    "First, 3 * 4 = 13.",
    "3 * 4 == 13",
    "3 * 4 \uff1d 13",  # a full-width equals sign
    "3 \u00d7 4 = 13",
    "3*4=13 (roughly)",
    "= 20",
    "#### 20",
    "\\boxed{20}",
    "**20**",
    "Step 1: **20**",
    "So it is 20.",
    "\u0662\u0660",  # Arabic-Indic digits
    "The answer is twenty, or 20.",
    "three * four = thirteen",  # no digit: the '=' and '*' still cannot be read
    "= twenty",
    "\\boxed{twenty}",
]


def _check(answer: str, prompt: str = PROMPT) -> tuple[list[str], str]:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    return TASK.check_answer(steps, constraints), TASK.verification_level(steps, constraints, None)


@pytest.mark.parametrize("line", UNREAD_FALSE_LINES)
def test_a_line_with_a_claim_the_checker_cannot_read_is_not_prose(line: str) -> None:
    assert not plain_prose(line)


@pytest.mark.parametrize("line", UNREAD_FALSE_LINES)
@pytest.mark.parametrize("place", ["first", "middle"])
def test_an_unread_false_claim_fails_the_answer(line: str, place: str) -> None:
    answer = f"{line}\n{FINAL}" if place == "first" else f"Let me think.\n{line}\n2 + 12 = 14\n{FINAL}"
    errors, level = _check(answer)
    assert errors, answer
    assert level == "unchecked" or read_answer_line(line) is not None, (answer, level)


@pytest.mark.parametrize(
    "answer",
    [
        "2 + 3 * 4\n= 5 * 4\n= 20\nThe answer is 14.",  # a continuation chain
        "2 + 3 * 4\n= 2 + 12\n= 14",  # true, but the lines are not read as one chain
        "1. 3 * 4 = 12\n2. 2 + 12 = 14\nThe answer is 14.",  # true, but a list marker is a number
        "- 3 * 4 = 12\n- 2 + 12 = 14\nThe answer is 14.",
        "**2 + 3 * 4 = 14**",
        "The answer is **14**.",
        "\\boxed{14}",
    ],
)
def test_lines_outside_the_read_forms_fail_even_when_true(answer: str) -> None:
    errors, level = _check(answer)
    assert errors and level != "proven", answer


@pytest.mark.parametrize(
    "answer",
    [
        "Let me think.\n2 + 3 * 4 = 14.",
        "Multiply first, then add.\n3 * 4 = 12\n2 + 12 = 14\nThe answer is 14.",
        "Step 1: Multiply first.\nStep 2: 3 * 4 = 12\nStep 3: 2 + 12 = 14\nThe answer is 14.",
        "- Multiply first \u2014 it binds tighter.\n2 + 3 * 4 = 14",
        "Divide seven by two.\n2 + 3 * 4 = 14",  # a number word is a word: prose, not read
    ],
)
def test_prose_of_words_beside_read_lines_is_checked(answer: str) -> None:
    assert _check(answer) == ([], "checked")


@pytest.mark.parametrize(
    "answer", ["3 * 4 = 12\n2 + 12 = 14\nThe answer is 14.", "Step 1: 3 * 4 = 12\nStep 2: 2 + 12 = 14", "-14 + 28 = 14"]
)
def test_answers_read_in_full_are_proven(answer: str) -> None:
    assert _check(answer) == ([], "proven")


def test_a_bullet_or_a_sign_is_not_read() -> None:
    assert read_answer_line("- 3 * 4 = -12") is None
    assert read_answer_line("Step 1: - 3 * 4 = -12") is None
    line = read_answer_line("-3 * 4 = -12")
    assert line is not None and line.holds


def test_a_stored_answer_with_an_unread_claim_is_not_reused() -> None:
    """An entry stored before the rule (or by hand) is checked again when it is reused."""
    constraints = TASK.constraints(PROMPT)
    steps = TASK.segment("1. 3 * 4 = 13\n2. 2 + 12 = 14\nThe answer is 14.", constraints)
    assert not TASK.verify(steps, constraints, constraints).passed
    assert TASK.verification_level(steps, constraints, constraints, "checked") == "unchecked"


@pytest.mark.parametrize("line", UNREAD_FALSE_LINES[:8])
def test_the_engine_never_serves_or_stores_the_false_line(line: str) -> None:
    answer = f"{line}\n{FINAL}"
    cache = StepCache()
    fresh = cache.generate(PROMPT, lambda prompt: answer)
    assert fresh.text != answer and fresh.verified and fresh.text.strip().endswith("= 14.")

    def unused(prompt: str) -> str:
        raise AssertionError("the computed answer was stored: no model call")

    again = cache.generate(PROMPT, unused)
    assert again.text == fresh.text and again.verified


def test_a_stored_answer_is_checked_like_a_fresh_one() -> None:
    cache = StepCache()
    assert cache.store_answer(PROMPT, "* 3 * 4 = 13\nThe answer is 14.") is None
    assert cache.store_answer(PROMPT, "Multiply first.\nThe answer is 14.") is not None


def test_words_only_prose_is_served_only_for_its_own_prompt() -> None:
    """Prose the checker lets pass (words only) is still not read: a cached answer's prose comes
    back only for the same prompt, never for another prompt of the same expression."""
    old, new = TASK.constraints("Evaluate 7 / 2."), TASK.constraints("Evaluate 7 / 2")
    steps = TASK.segment("Divide, for this exact prompt only.\n\n7 / 2 = 3.5.", old)
    assert TASK.verify(steps, old, old).passed
    assert not TASK.verify(steps, new, old).passed
