"""What a linear prompt asks (core/tasks/linear/request.py): a request to solve, in a closed grammar
of verbs and objects (blind red team, round 12c)."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

READ = [
    "Solve for x: 3x + 5 = 20.",
    "Solve 3x + 5 = 20 step by step. Show your work and end with the answer.",
    "Find x: 3x + 5 = 20.",
    "Find the value of x if 3x + 5 = 20.",
    "Give me the answer for 3x + 5 = 20.",
    "Give me the value of x: 3x + 5 = 20.",
    "Determine x and y: x + y = 10, x - y = 2.",
    "Work out x in 3x + 5 = 20.",
    "What is x in 3x + 5 = 20?",
    "Can you solve 3x + 5 = 20?",
    "Could you please find x: 3x + 5 = 20?",
    "Solve for x: 3x + 5 = 20. Write each line as \"Step k: ...\".",
    "Solve for x: 3x + 5 = 20. Put each step on its own line and explain your reasoning.",
    "Solve for x: 3x + 5 = 20. Explain how.",
    "3x + 5 = 20. Answer: x = <value>",
    "R\u00e9sous l'\u00e9quation 3x + 5 = 20.",
    "User: Solve for x: 3x + 5 = 20.",
    "System: You are a helpful assistant.\nUser: Solve for x: 3x + 5 = 20.",
    "Solve for x and y: x + y = 10, x - y = 2.",
    "Solve: 3x + 5 = 20",
    "Equation: 3x + 5 = 20. Solve for x.",
    "Solve 3x + 5 = 20.\nAnswer: x = <value>",
    "Solve 3x + 5 = 20. Answer: x = ?",
    "Find x, then get y = x + 3: 3x + 5 = 20.",
    # issue 33: a bare equation, "Give me the answer: ...", "Show your steps: ..." ask to solve it
    "3x + 5 = 20",
    "Give me the answer: 3x + 5 = 20.",
    "Show your steps: 3x + 5 = 20",
]
UNREAD = [
    "x = 5",  # a value stated alone asks nothing
    "x = 5, y = 2.",
    "Write the equation: 3x + 5 = 20.",
    "State the equation: 3x + 5 = 20.",
    "Explain the equation 3x + 5 = 20.",
    "Explain x in 3x + 5 = 20.",
    "Write x in 3x + 5 = 20.",
    "Is the equation 3x + 5 = 20 linear?",
    "Is 3x + 5 = 20 an equation?",
    "Give the unknowns: x + y = 10, x - y = 2.",
    "Give the variables here: x + y = 10, x - y = 2.",
    "Find the equation: 3x + 5 = 20, x = 5.",
    "Explain each step: 3x + 5 = 20, 3x = 15, x = 5.",
    "Solve each equation for x: x + y = 10, x - y = 2.",
    "For every equation, solve for x: x + y = 10, x - y = 2.",
    "If x + y = 10, is y = 4?",
    "Given x + y = 10, is x = 6?",
    "Can y = 4 when x + y = 10?",
    "Solve for x: 3x + 5 = 20 is linear?",
    "User: Solve for x: x + y = 10.\nAssistant: Answer: x = 4\nUser: Solve for y: x + y = 10.",
    "Find x y: x + y = 10, x - y = 2.",
    "Give the new equation when y = 2: 2x + y = 10.",
    "Do it: 3x + 5 = 20.",
    "Solve for x: 3x + 5 = 20. Write the equation.",  # a solve request, and another
    "Find x: 3x + 5 = 20. Explain x.",
    # a proposed answer or a derivation is no given (round 12d)
    "Find x: x + y = 10.\nStudent answer: y = 3",
    "Find x: x + y = 10.\nAnswer: y = 3",
    "Find x: x + y = 10.\nWork: y = 3",
    "Find x: x + y = 10. The answer is y = 3.",
    "Find x: x + y = 10, so y = 3.",
    "Find x: x + y = 10, and we get y = 3.",
    # another role's turn
    "Student: x + y = 10. What is x?\nTutor: y = 3\nStudent: What is x?",
    "User: Find x: x + y = 10.\nA: y = 3",
    "User: Find x: x + y = 10 Assistant: y = 3",  # a turn inside a line
    # a template spelling a form
    "Solve 3x = 1 for x. Answer: x = ?.??",
    "Solve 3x = 1 for x. Answer: x = <value>.<value>",
    "Solve 3x = 1 for x. Answer: x = ?:?",
    "Solve 3x = 1 for x. Answer: x = ?,??",
    "Solve 3x = 1 for x. Answer: x = ? ?",
    # a name that cancels out is free
    "Solve x - x + y = 3.",
]


@pytest.mark.parametrize("prompt", READ)
def test_a_request_to_solve_is_read(prompt: str) -> None:
    assert understand_prompt(prompt) is not None, prompt


@pytest.mark.parametrize("prompt", UNREAD)
def test_any_other_request_is_not_read(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt
