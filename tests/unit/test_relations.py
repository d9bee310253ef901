"""The relating words of a prompt's prose (core/tasks/relations.py): read only in whole phrases."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.tasks.relations import RELATING_WORDS, unread_relation
from stepcache_integrations.core.tasks.text.claims import asked_unknowns


def _read(text: str, *equations: str) -> bool:
    runs = [(text.index(eq), text.index(eq) + len(eq)) for eq in equations]
    return unread_relation(text, runs) is None


# Every phrase each relating word is read in (the equations named after the text).
READ = [
    ("Write one step per line.",), ("One line per step.",), ("Use one line per step.",),
    ("Show your steps, one per line, and end with Answer.",), ("Show your steps one per line.",),
    ("Write the steps per line.",), ("two lines per step",),
    ("Solve 2x = 4 step by step.", "2x = 4"), ("Find the value of x.",), ("the values of x and y",),
    ("Solve the system of equations x + y = 2, x - y = 0.", "x + y = 2", "x - y = 0"),
    ("Find x in 3x + 5 = 20.", "3x + 5 = 20"), ("What is x in the equation 2x = 4?", "2x = 4"),
    ("Put each step on its own line.",), ("Show every step on a separate line.",), ("Write steps on separate lines.",),
    ("Write one step per line as Step 1.",), ("End with Answer.",), ("finish with the answer",),
    ("Please help me to solve 2x = 4.", "2x = 4"),
    ("What is the value of x?",), ("What's x?",), ("Which value of x works?",), ("What is 2x = 4?", "2x = 4"),
    ("End with the final answer.",), ("End with a line Answer: x = 5.",), ("Conclude with your result.",),
]
UNREAD = [
    ("Solve 2x = 12 per y, y = 3.", "2x = 12", "y = 3"), ("What is x per y?",), ("Find one per x.",), ("per x",),
    ("What is one x?",), ("Find x, one.",), ("x one",), ("one of x",), ("What is x by y?",), ("Solve 2x = 4 by x.", "2x = 4"),
    ("What is x of y?",), ("the of value",), ("x in y",), ("Solve in x.",), ("What is x on y?",), ("Solve on x.",),
    ("x as y",), ("Write x as a step",), ("x with y",), ("Solve 2x = 4 with x.", "2x = 4"), ("x to y",),
    ("Show your steps to x.",), ("Find x from 2x = 4.", "2x = 4"), ("What from x is it?",), ("step by from x",),
    ("Find x per, line",),  # a clause mark ends the phrase
    ("Solve for x one step by step.",), ("Write one step.",), ("one line",), ("Show your one per steps.",), ("one per line",), ("Solve for x one per step by step.",),
    ("one per lines",), ("x per line",), ("steps per steps",),
    ("What's the system of equations?",), ("What is the equation?",), ("Which is the problem?",), ("What is it?",),
    ("End with the system of equations.",), ("Finish with the equation.",), ("End with x.",),
]


@pytest.mark.parametrize("case", READ)
def test_each_relating_word_is_read_in_its_phrases(case: tuple[str, ...]) -> None:
    assert _read(*case), unread_relation(case[0], [])


@pytest.mark.parametrize("case", UNREAD)
def test_a_relating_word_anywhere_else_is_not_read(case: tuple[str, ...]) -> None:
    assert not _read(*case)


@pytest.mark.parametrize("word", sorted(RELATING_WORDS))
def test_between_two_unknowns_every_relating_word_is_unread(word: str) -> None:
    assert not _read(f"What is x {word} y?")
    assert not _read(f"What is 'x' {word} (y)?")  # quotes and brackets are transparent
    assert not _read(f"What is X {word.upper()} Y?")  # compared in lower case


def test_the_linear_task_and_the_text_task_read_the_rule() -> None:
    assert understand_prompt("Solve for x: 2x = 12 per y, y = 3.") is None
    assert understand_prompt("Solve for x step by step: 3x + 5 = 26. What is one per x?") is None
    assert understand_prompt("Solve for x step by step: 3x + 5 = 26. Write one step per line.") is not None
    assert understand_prompt("Find x in 3x + 5 = 20.") is not None
    assert understand_prompt("Solve for x step by step: 3x + 5 = 26. What's the system of equations?") is None
    assert understand_prompt("Solve for x step by step: 3x + 5 = 26. What's x?") is not None
    assert asked_unknowns("If x + y = 10 and x - y = 2, what is x of y?") is None
    assert asked_unknowns("If x + y = 10 and x - y = 2, what is x?") is not None
    assert asked_unknowns("Find the value of x if 3x + 5 = 20.") is not None
