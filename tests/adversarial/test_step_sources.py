"""An operation turns the equation before it into the next one; a list after an asking verb is
asked whole; a restated system is the whole system (blind red team, round 11b).

Proven before: "Subtract 5 from both sides: 3x = 15" twice (checked against the problem, not the
equation before it), an operation on the other equation of a system, "The system is x - y = 2."
for a system of two, "find x, y = 2x and z = x + 1" answered with x alone, "Subtract 5 from the
left: 3x = 15" (one side), "x = 8^1/3" read as 8/3 (a cube root to many). The judges: Fraction
arithmetic on the forms, and a model that counts its calls."""

from __future__ import annotations


from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import LinearEquationTask
from stepcache_integrations.core.tasks.linear import LinearConstraints
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

TASK = LinearEquationTask()


def _units(prompt: str, answer: str) -> list[bool]:
    constraints = LinearConstraints.of_prompt(prompt)
    return [unit.ok for unit in TASK.verify(TASK.segment(answer, constraints), constraints, constraints).units]


def _boom(prompt: str) -> str:
    raise AssertionError(f"model called for {prompt[:60]!r}")


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(1, 30), st.integers(-20, 20))
def test_an_operation_repeated_on_its_own_result_fails(a: int, b: int, x: int) -> None:
    c = a * x + b
    prompt = f"Solve for x step by step: {a}x + {b} = {c}."
    right = f"Step 1: Subtract {b} from both sides: {a}x = {c - b}\nStep 2: Divide both sides by {a}: x = {x}\nAnswer: x = {x}"
    repeated = (f"Step 1: Subtract {b} from both sides: {a}x = {c - b}\nStep 2: Subtract {b} from both sides: {a}x = {c - b}\n"
                f"Step 3: Divide both sides by {a}: x = {x}\nAnswer: x = {x}")
    back = f"Step 1: Subtract {b} from both sides: {a}x = {c - b}\nStep 2: Divide both sides by {a}: x = {x}\nStep 3: Simplify: {a}x + {b} = {c}\nAnswer: x = {x}"
    assert all(_units(prompt, right))
    assert _units(prompt, repeated)[1] is False  # subtracting b from a x = c - b gives a x - b = c - 2b
    assert _units(prompt, back)[2] is False  # x = v rearranged is not a x + b = c


def test_a_new_unknowns_derivation_may_start_from_its_given_equation() -> None:
    prompt = "Solve 3x + 5 = 20 and 2y - 7 = 11."
    answer = ("Step 1: Subtract 5 from both sides: 3x = 15\nStep 2: Divide both sides by 3: x = 5\n"
              "Step 3: Add 7 to both sides: 2y = 18\nStep 4: Divide both sides by 2: y = 9\nAnswer: x = 5, y = 9")
    assert all(_units(prompt, answer))


def test_an_operation_on_the_other_equation_of_a_system_fails_and_is_not_served() -> None:
    prompt = "Solve for x and y: x + y = 10 and x - y = 2."
    answer = "Step 1: Start with x + y = 10\nStep 2: Subtract 2 from both sides: x - y - 2 = 0\nStep 3: Simplify: x - y = 2\nAnswer: x = 6, y = 4"
    assert not all(_units(prompt, answer))
    cache = StepCache()
    cache.store_answer(prompt, answer)
    calls: list[str] = []
    result = cache.generate("Solve for x and y: x + y = 12 and x - y = 2.", lambda p: calls.append(p) or "no")
    assert calls or "x - y - 2 = 0" not in result.text


def test_a_restated_system_is_the_whole_system() -> None:
    prompt = "Solve for x and y: x + y = 10 and x - y = 2."
    tail = "\nStep 2: Solving the system exactly gives x = 6, y = 4.\nAnswer: x = 6, y = 4"
    assert _units(prompt, "Step 1: The system is x - y = 2." + tail)[0] is False
    assert _units(prompt, "Step 1: The system is x + y = 10; x - y = 2." + tail)[0] is True
    assert _units(prompt, "Step 1: Start with x - y = 2." + tail)[0] is True  # one of its equations


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["y", "z", "w"]), st.integers(2, 9), st.integers(1, 9), st.booleans())
def test_equations_listed_after_an_asking_verb_are_asked(name: str, k: int, d: int, with_x: bool) -> None:
    listed = f"x, {name} = {k}x" if with_x else f"{name} = {k}x"
    prompt = f"If 3x + 5 = 20, find {listed} and q = x + {d}."
    problem = understand_prompt(prompt)
    assert problem is not None and {name, "q"} <= set(problem.asked)
    cache = StepCache()
    cache.store_answer("If 3x + 5 = 20, find x.", "Answer: x = 5")
    calls: list[str] = []
    result = cache.generate(prompt, lambda p: calls.append(p) or "no")
    assert calls or f"{name} = {5 * k}" in result.text  # never x alone


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["What is", "What's", "what is", "Which", "What is the value of", "Then what is"]),
       st.sampled_from(["y", "z"]), st.integers(2, 9))
def test_an_equation_a_question_asks_is_asked(question: str, name: str, k: int) -> None:
    """'Solve for x: 3x + 5 = 26. What is y = 2x?' asks for y too (red team round 12b: the answer
    line named x alone and was proven, the model's right 'Answer: y = 14' replaced)."""
    prompt = f"Solve for x: 3x + 5 = 26. {question} {name} = {k}x?"
    problem = understand_prompt(prompt)
    assert problem is not None and {"x", name} <= set(problem.asked), prompt
    cache = StepCache()
    cache.store_answer("Solve for x: 3x + 5 = 20.", "Answer: x = 5")
    calls: list[str] = []
    result = cache.generate(prompt, lambda p: calls.append(p) or "no")
    assert f"{name} = {7 * k}" in result.text.splitlines()[-1], result.text  # never x alone


def test_an_operation_on_one_side_is_not_read_as_both() -> None:
    prompt = "Solve for x step by step: 3x + 5 = 20."
    for side in ("from the left", "from the right", "to the left"):
        verb = "Add 2" if side.startswith("to") else "Subtract 5"
        answer = f"Step 1: {verb} {side}: 3x = 15\nStep 2: Divide both sides by 3: x = 5\nAnswer: x = 5"
        assert _units(prompt, answer)[0] is False, side


def test_a_power_before_a_division_is_read_two_ways() -> None:
    assert understand_prompt("Solve for x: x = 8^1/3.") is None
    assert understand_prompt("Solve for x: x = (8^1)/3.") is not None
    assert _units("Solve for x: 3x = 8.", "Step 1: Divide both sides by 3: x = 8^1/3\nAnswer: x = 8/3")[0] is False


def test_the_red_team_pairs_are_not_served() -> None:
    single = "Solve for x step by step: 3x + 5 = 20."
    repeated = ("Step 1: Subtract 5 from both sides: 3x = 15\nStep 2: Subtract 5 from both sides: 3x = 15\n"
                "Step 3: Divide both sides by 3: x = 5\nAnswer: x = 5")
    assert StepCache().generate(single, lambda p: repeated).text != repeated
    cache = StepCache()
    cache.store_answer(single, repeated)
    calls: list[str] = []
    result = cache.generate("Solve for x step by step: 3x + 5 = 26.", lambda p: calls.append(p) or "no")
    assert calls or "Subtract 5 from both sides: 3x = 21\nStep 2: Subtract 5" not in result.text
