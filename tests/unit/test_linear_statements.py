"""Each '=' of a linear step stands in an equation read; ".25" is a number; a mark after a space
changes what stands before it (blind red team round 9)."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks import LinearEquationTask
from stepcache_integrations.core.tasks.algebra import find_equations
from stepcache_integrations.core.tasks.algebra import changed_after
from stepcache_integrations.core.tasks.linear.chain import unread_equals

TASK = LinearEquationTask()
PROMPT = "Solve for x step by step: 4x + 3 = 5."


def _errors(answer: str) -> list[str]:
    constraints = TASK.constraints(PROMPT)
    return TASK.check_answer(TASK.segment(answer, constraints), constraints)


@pytest.mark.parametrize(
    ("body", "unread"),
    [("x = 1/2", 0), ("4x = 2 = 2 * 1", 0), ("x = .5", 1), (".5 = x", 1), ("5. = x", 1), ("x = 1/2 = .5", 1),
     ("x = 1/2 %", 1), ("x == 1/2", 2), ("4x = 2 => x = 1/2", 0), ("x != 3", 1)],
)
def test_every_equals_sign_is_counted_against_the_equations_read(body: str, unread: int) -> None:
    equations = find_equations(body, frozenset({"x"}), limit=len(body) + 1)
    reason = unread_equals(body, equations)
    assert bool(reason) == bool(unread)
    if unread:
        assert reason.startswith(f"states {unread} equation(s)")


@pytest.mark.parametrize(
    "line",
    ["x = .5", "x = 1/2 = .5", ".5 = x", "1. = x", "x = 1/2 %", "x = 1/2 !", "x = 1/2 '", "x = (1/2) %", "so x = 1/2 .5",
     "x = ?", "x = the value above"],  # the last two state no number: only their '=' is unread
)
def test_a_step_with_an_unread_statement_fails(line: str) -> None:
    right = "Step 1: Subtract 3 from both sides: 4x = 2\nStep 2: Divide both sides by 4: x = 1/2\n"
    assert not _errors(right + "Answer: x = 1/2")
    assert _errors(right + f"Step 3: {line}\nAnswer: x = 1/2")


def test_a_number_written_with_a_leading_point_is_a_number() -> None:
    right = "Step 1: Subtract 3 from both sides: 4x = 2\nStep 2: Divide both sides by 4: x = 1/2\n"
    errors = _errors(right + "Step 3: That is .5 of one.\nAnswer: x = 1/2")
    assert any("mentions .5" in error for error in errors)


def test_a_mark_after_spaces_changes_the_run_before_it() -> None:
    text = "x = 5 %"
    assert changed_after(text, len("x = 5 "), "x = 5 ")
    assert changed_after("x = (5)  !", len("x = (5)  "), "x = (5)  ")
    assert not changed_after("x = 5 and", len("x = 5 "), "x = 5 ")
    assert not find_equations("x = 5 %") and find_equations("x = 5 and more")
    assert not TASK.detect("Solve for x: 3x = 20 '.") and TASK.detect("Solve for x: 3x = 20.")
    # an ellipsis after a number is no placeholder (fuzzer edit spaced_mark): "7 ... - z" is not "7 - z"
    assert not TASK.detect("Solve 7 ... - z = 2 for z.") and not TASK.detect("Solve x + y = 10 \u2026 and x - y = 2.")
    assert TASK.detect('Solve 7 - z = 2 for z. Write each line as "Step k: ...".')
    # ... nor one before a number (fuzzer, nightly seed 1): "step:\u2026 8x - 6" may continue a number
    assert not TASK.detect("Solve for x step by step:\u2026 8x - 6 = 5x + 9.")
    assert not TASK.detect("Solve for x step by step: ... (8x - 6) = 5x + 9.")


@pytest.mark.parametrize(
    ("prompt", "answer", "passes"),
    [
        ("Solve for x step by step: 3x + 5 = 26.", "Step 1: Subtract 5 from both sides: 3x = 21\nStep 2: Divide both sides by 3: x = 7\nCheck: 3(7) + 5 = 26", True),
        ("Solve for x step by step: 3x + 5 = 26.", "3x = 21\n3 * 7 = 21\nx = 7", True),
        ("Solve for x step by step: 3x + 5 = 26.", "Step 1: Subtract 5 from both sides: 3x = 21\nStep 2: Divide both sides by 3: x = 7\nStep 3: 100 / 4 = 25", False),
        ("Solve for x step by step: 3x + 5 = 26.", "Step 1: Subtract 5 from both sides: 3x = 21\nStep 2: Divide both sides by 3: x = 7\nStep 3: 3 + 2 = 5", False),
        ("Solve for x step by step: 3x + 5 = 5.", "Step 1: Subtract 5 from both sides: 3x = 0\nStep 2: Divide both sides by 3: x = 0\nSo we get 15 / 3 = 5.", False),
        ("Solve for x step by step: 3x + 5 = 5.", "Step 1: 15 / 3 = 5\nStep 2: Subtract 5 from both sides: 3x = 0\nStep 3: Divide both sides by 3: x = 0", False),
        ("Solve for x step by step: 2x + 1 = 1.", "Step 1: Subtract 1 from both sides: 2x = 0\nStep 2: Divide both sides by 2: x = 0\nStep 3: 2 * 2 = 4", False),
        ("Solve for x step by step: 3x + 5 = 20.", "Step 1: 3x = 20 - 5 = 15\nStep 2: x = 15 / 3 = 5\nAnswer: x = 5", True),
        ("Solve for x step by step: 3x + 5 = 20.", "Step 1: 3x = 20 - 5 = 15\nStep 2: x = 5 = 45 / 9\nAnswer: x = 5", False),
    ],
)
def test_arithmetic_with_no_unknown_states_only_numbers_the_problem_or_derivation_states(
    prompt: str, answer: str, passes: bool
) -> None:
    constraints = TASK.constraints(prompt)
    errors = TASK.check_answer(TASK.segment(answer, constraints), constraints)
    assert (not errors) == passes, errors
    if not passes:
        assert any("nor the derivation before it states" in e for e in errors), errors


# -- prose that says what an equation is (blind red team round 11) ---------------------------------

from fractions import Fraction  # noqa: E402

from stepcache_integrations.core.tasks.linear.chain import Operation, transition_holds  # noqa: E402
from stepcache_integrations.core.tasks.linear.chain import unrestated  # noqa: E402

_PROBLEM = tuple(find_equations("4x + 3 = 5"))


@pytest.mark.parametrize(
    ("body", "fails"),
    [("Start with 4x + 3 = 5.", False), ("Start with 5 = 4x + 3.", False), ("Start from the equation 4x = 2.", True),
     ("The equation is x = 1/2.", True), ("The system is 4x + 3 = 5.", False), ("Starting from 8x + 6 = 10.", True),
     ("So 4x = 2.", False), ("Start by subtracting 3 from both sides: 4x = 2.", False),
     ("4x = 2, the equation is read.", False)],
)
def test_a_step_saying_it_states_the_problem_states_one_of_its_equations(body: str, fails: bool) -> None:
    equations = find_equations(body, frozenset({"x"}), limit=len(body) + 1)
    ops = [(body.index("subtracting"), len(body))] if "subtracting" in body else []
    assert bool(unrestated(body, equations, ops, _PROBLEM)) == fails


@pytest.mark.parametrize(
    ("after", "holds"),
    [("4x = 2", True), ("2 = 4x", True), ("-4x = -2", True), ("8x = 4", False), ("x = 1/2", False), ("4x + 3 = 5", True)],
)
def test_a_rearranging_verb_keeps_lhs_minus_rhs(after: str, holds: bool) -> None:
    before, = find_equations("4x + 3 = 5")
    result, = find_equations(after)
    collect = Operation(0, 0, "Collect", Fraction(0))
    assert transition_holds([collect], before, result) == holds
    verdict = TASK.verify(TASK.segment(f"Step 1: Combine like terms: {after}.\nAnswer: x = 1/2", TASK.constraints(PROMPT)),
                          TASK.constraints(PROMPT), TASK.constraints(PROMPT)).units[0]
    assert verdict.ok == holds, verdict.reason


# -- the equation before an operation, a whole restated system, asked lists (red team round 11b) --

from stepcache_integrations.core.tasks.algebra import NotLinear, parse_linear  # noqa: E402
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt  # noqa: E402
from stepcache_integrations.core.tasks.linear.chain import _OPERATION, _sources  # noqa: E402


def test_an_operation_comes_from_the_equation_stated_last_with_its_unknowns() -> None:
    problem = list(find_equations("3x + 5 = 20")) + list(find_equations("2y - 7 = 11"))
    stated = list(find_equations("3x = 15"))
    (same,) = find_equations("3x = 15")
    (other,) = find_equations("2y = 18")
    assert _sources(problem + stated, 2, same) == stated  # not the problem's 3x + 5 = 20
    assert _sources(problem + stated, 2, other) == [problem[1]]  # a new unknown starts from its own
    assert _sources(problem, 2, same) == [problem[0]]  # nothing stated yet: the given equation


def test_a_restated_system_must_state_every_equation() -> None:
    system = tuple(find_equations("x + y = 10")) + tuple(find_equations("x - y = 2"))
    for body, fails in (("The system is x - y = 2.", True), ("The system is x + y = 10, x - y = 2.", False),
                        ("The equations are x + y = 10.", True), ("Start with x + y = 10.", False)):
        equations = find_equations(body, frozenset({"x", "y"}), limit=len(body) + 1)
        assert bool(unrestated(body, equations, [], system)) == fails, body


def test_a_list_after_an_asking_verb_is_read_whole() -> None:
    """Equations listed after an asking verb are asked (the request grammar's targets: an equation
    defining an unknown asks for it); an equation after "if" is a given, never asked."""
    assert set(understand_prompt("If 3x + 5 = 20, find x, y = 2x and z = x + 1.").asked) == {"x", "y", "z"}
    assert understand_prompt("Find x if y = 2x, 3x + 5 = 20.").asked == ("x",)
    for question in ("What is y = 2x?", "What's y = 2x?", "Which y = 2x?", "What are the values of y = 2x"):
        problem = understand_prompt(f"Solve for x: 3x + 5 = 26. {question}")
        assert problem is not None and {"x", "y"} <= set(problem.asked), question
    assert understand_prompt("What is x if y = 2x, 3x + 5 = 26?").asked == ("x",)


def test_an_operation_on_one_side_is_not_read() -> None:
    assert _OPERATION.search("Subtract 5 from both sides: 3x = 15") is not None
    assert _OPERATION.search("Subtract 5: 3x = 15") is not None
    for text in ("Subtract 5 from the left: 3x = 15", "Add 2 to the right side", "Divide by 3 on the left"):
        assert _OPERATION.search(text) is None, text


def test_a_power_before_a_division_is_not_read() -> None:
    with pytest.raises(NotLinear):
        parse_linear("8^1/3")
    assert parse_linear("(8^1)/3").const == Fraction(8, 3)


def test_an_answer_line_cut_off_fails_the_final_check() -> None:
    task = LinearEquationTask()
    constraints = task.constraints("Solve for x: 2x + 5 = 20.")
    body = "Step 1: Subtract 5 from both sides: 2x = 15.\nStep 2: Divide both sides by 2: x = 15/2.\n"
    for cut in ("Ans", "A", "answ"):
        assert task.check_answer(task.segment(body + cut, constraints), constraints), cut
    assert not task.check_answer(task.segment(body + "Answer: x = 15/2", constraints), constraints)
