"""Prompts over linear equations that ask for something other than their solution are never
answered by the solver (blind red team, round 12c).

"Write the equation: 3x + 5 = 20.", "Is the equation 3x + 5 = 20 linear?", "Give the unknowns:
...", "If x + y = 10, is y = 4?", "Solve each equation for x: ...", a transcript whose assistant
turn states x = 4, "Find x y: ..." were read as "solve": the model's right answer (the equation, a
yes, the names, "not necessarily", x = 10 - y, the product 24) was replaced by the fallback's
solution, ``proven``, and re-served for the next prompt of that shape with no model call.

The judge is this file's own: a model that counts its calls and answers in prose (what each
prompt asks for); a prompt that asks for something else must reach it, and its answer is never
replaced by the fallback nor stamped ``proven``.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache

PROSE = "Here is what you asked for, in words."

# (first prompt, a prompt of the same shape with other constants): each asks for no solution
OTHER_REQUESTS = [
    ("Write the equation: 3x + 5 = 20.", "Write the equation: 3x + 5 = 26."),
    ("Is the equation 3x + 5 = 20 linear?", "Is the equation 3x + 5 = 26 linear?"),
    ("Give the unknowns: x + y = 10, x - y = 2.", "Give the unknowns: x + y = 12, x - y = 2."),
    ("Explain the steps below:\n3x + 5 = 20\n3x = 15\nx = 5", "Explain the steps below:\n3x + 5 = 26\n3x = 21\nx = 7"),
    ("If x + y = 10, is y = 4?", "If x + y = 12, is y = 5?"),
    ("Can y = 4 when x + y = 10?", "Can y = 5 when x + y = 12?"),
    ("Solve each equation for x: x + y = 10, x - y = 2.", "Solve each equation for x: x + y = 12, x - y = 2."),
    ("User: Solve for x: x + y = 10.\nAssistant: Answer: x = 4\nUser: Solve for y: x + y = 10.",
     "User: Solve for x: x + y = 10.\nAssistant: Answer: x = 7\nUser: Solve for y: x + y = 10."),
    ("Find x y: x + y = 10, x - y = 2.", "Find x y: x + y = 12, x - y = 2."),
    ("Give the new equation when y = 2: 2x + y = 10.", "Give the new equation when y = 3: 2x + y = 10."),
    # round 12d: a proposed answer, another role's turn, a template spelling a form, a free name
    ("Find x: x + y = 10.\nStudent answer: y = 3", "Find x: x + y = 12.\nStudent answer: y = 5"),
    ("Find x: x + y = 10, so y = 3.", "Find x: x + y = 12, so y = 5."),
    ("Find x: x + y = 10.\nWork: y = 3", "Find x: x + y = 12.\nWork: y = 5"),
    ("User: Find x: x + y = 10.\nA: y = 3", "User: Find x: x + y = 12.\nA: y = 5"),
    ("User: Find x: x + y = 10 Assistant: y = 3", "User: Find x: x + y = 12 Assistant: y = 5"),
    ("Student: x + y = 10. What is x?\nTutor: y = 3", "Student: x + y = 12. What is x?\nTutor: y = 5"),
    ("Solve 3x = 1 for x. Answer: x = ?.??", "Solve 3x = 2 for x. Answer: x = ?.??"),
    ("Solve 3x = 1 for x. Answer: x = ?:?", "Solve 3x = 2 for x. Answer: x = ?:?"),
    ("Solve x - x + y = 3.", "Solve x - x + y = 4."),
]


class Counting:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return PROSE


def test_another_request_over_equations_reaches_the_model_fresh_and_cached() -> None:
    for first, second in OTHER_REQUESTS:
        cache, model = StepCache(), Counting()
        fresh = cache.generate(first, model)
        assert fresh.text == PROSE and not fresh.verified, (first, fresh.text)
        assert all(step.provenance != "fallback" for step in fresh.steps), first
        before = model.calls
        again = cache.generate(second, model)
        assert model.calls > before and again.text == PROSE and not again.verified, (second, again.text)


def test_a_solved_entry_is_not_served_for_another_request_of_its_equations() -> None:
    cache = StepCache()
    cache.store_answer("Solve for x and y: x + y = 10, y = 4.", "Answer: x = 6, y = 4")
    cache.store_answer("Solve for x: 3x + 5 = 20.", "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5")
    cache.store_answer("Solve 3x = 1 for x.", "Step 1: Divide both sides by 3: x = 1/3.\nAnswer: x = 1/3")
    for prompt in ("If x + y = 12, is y = 5?", "Write the equation: 3x + 5 = 26.", "Is 3x + 5 = 26 an equation?",
                   "Find x: x + y = 10.\nStudent answer: y = 4", "Solve 3x = 2 for x. Answer: x = ?.??"):
        model = Counting()
        served = cache.generate(prompt, model)
        assert model.calls and served.text == PROSE and not served.verified, (prompt, served.text)


# -- generic: a solve request with one more clause made of vocabulary words -----------------------
CLAUSES = [
    "Write the equation.", "State the equation.", "Explain the equation.", "Give the unknowns.",
    "Find the equation.", "Explain x.", "Is it linear?", "Is x positive?", "Are the equations linear?",
    "Can x be the answer?", "Do the steps.", "Write x.", "Give each equation.", "Solve each equation.",
    "Show every equation.", "Find x y.", "Assistant: Answer: x = 1",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 9), st.integers(1, 30), st.integers(-20, 20), st.sampled_from(CLAUSES), st.booleans())
def test_a_clause_asking_something_else_reaches_the_model(a: int, b: int, x: int, clause: str, before: bool) -> None:
    problem = f"Solve for x step by step: {a}x + {b} = {a * x + b}."
    cache = StepCache()
    cache.store_answer(problem, f"Step 1: Subtract {b} from both sides: {a}x = {a * x}.\nStep 2: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}")
    prompt = f"{clause} {problem}" if before else f"{problem} {clause}"
    model = Counting()
    served = cache.generate(prompt, model)
    assert model.calls and served.text == PROSE and not served.verified, (prompt, served.text)
