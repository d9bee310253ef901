"""Asked expressions and the other unknown of a system (issue 33): pairs and traps.

A prompt may ask an expression over its unknowns ("x squared", "2x", "the product of x and y")
or another unknown of a system already solved. The answer served must state that, exactly: never
the cached unknown's value for an expression, never the expression's value for the unknown, and a
changed constant changes the value.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import final_value_errors
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask, problem_context

from .harness import FixedReplyModel, Pair, derived_judge, math_judge, run_pair

TASK = LinearEquationTask()
SOLVED_X = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
SOLVED_X2 = SOLVED_X.replace("Answer: x = 5", "Answer: x^2 = 25")
SOLVED_2X = SOLVED_X.replace("Answer: x = 5", "Answer: 2x = 10")
SYSTEM_X = "Step 1: The system is x + y = 10; x - y = 4.\nStep 2: Solving the system exactly gives x = 7, y = 3.\nAnswer: x = 7"


def _derived(cls: str, old: str, old_answer: str, new: str, new_answer: str, spellings: tuple[str, ...],
             value: int | Fraction) -> Pair:
    return Pair(cls, old, old_answer, new, new_answer, derived_judge(spellings, value))


PAIRS = [
    # x cached, an expression of x asked: the value of the expression, never x's
    _derived("expr/x-to-square", "Solve 3x + 5 = 20.", SOLVED_X, "Solve 3x + 5 = 20. Give x squared.", SOLVED_X2,
             ("x^2",), 25),
    _derived("expr/x-to-double", "Solve 3x + 5 = 20.", SOLVED_X, "Solve 3x + 5 = 20 and give twice x.", SOLVED_2X,
             ("2x",), 10),
    _derived("expr/x-to-sum", "Solve 3x + 5 = 20.", SOLVED_X, "Find x + 1 if 3x + 5 = 20.",
             SOLVED_X.replace("Answer: x = 5", "Answer: x + 1 = 6"), ("x + 1",), 6),
    _derived("expr/x-to-difference", "Solve 3x + 5 = 20.", SOLVED_X, "Solve 3x + 5 = 20. Give 20 - x.",
             SOLVED_X.replace("Answer: x = 5", "Answer: 20 - x = 15"), ("20 - x",), 15),
    _derived("expr/x-to-half", "Solve 3x + 5 = 20.", SOLVED_X, "Solve 3x + 5 = 20. Give me half of x.",
             SOLVED_X.replace("Answer: x = 5", "Answer: x/2 = 5/2"), ("x/2",), Fraction(5, 2)),
    _derived("expr/state-the-value", "Solve 3x + 5 = 20.", SOLVED_X, "Solve 3x + 5 = 20 and state the value of 3x.",
             SOLVED_X.replace("Answer: x = 5", "Answer: 3x = 15"), ("3x",), 15),
    _derived("expr/french-square", "Résous 3x + 5 = 20.", SOLVED_X, "Résous 3x + 5 = 20 et donne x au carré.",
             SOLVED_X2, ("x^2",), 25),
    _derived("expr/spanish-double", "Resuelve 3x + 5 = 20.", SOLVED_X, "Resuelve 3x + 5 = 20 y da el doble de x.",
             SOLVED_2X, ("2x",), 10),
    _derived("expr/german-plus-one", "Löse 3x + 5 = 20.", SOLVED_X, "Löse 3x + 5 = 20 und gib x + 1 an.",
             SOLVED_X.replace("Answer: x = 5", "Answer: x + 1 = 6"), ("x + 1",), 6),
    _derived("expr/chinese-double", "解方程 3x + 5 = 20。", SOLVED_X, "解方程 3x + 5 = 20，求 2x 的值。", SOLVED_2X,
             ("2x",), 10),
    # an expression cached, the unknown (or another expression) asked: x's value, never x^2's
    Pair("expr/square-to-x", "Solve 3x + 5 = 20. Give x squared.", SOLVED_X2, "Solve 3x + 5 = 20.", SOLVED_X,
         math_judge({"x": 5})),
    _derived("expr/square-to-double", "Solve 3x + 5 = 20. Give x squared.", SOLVED_X2,
             "Solve 3x + 5 = 20 and give twice x.", SOLVED_2X, ("2x",), 10),
    _derived("expr/double-to-square", "Solve 3x + 5 = 20 and give twice x.", SOLVED_2X,
             "Solve 3x + 5 = 20. Give x squared.", SOLVED_X2, ("x^2",), 25),
    # a changed constant: the expression's new value (16, not 25)
    _derived("expr/changed-constant", "Solve 3x + 5 = 20. Give x squared.", SOLVED_X2,
             "Solve 3x + 8 = 20. Give x squared.",
             "Step 1: Subtract 8 from both sides: 3x = 12.\nStep 2: Divide both sides by 3: x = 4.\nAnswer: x^2 = 16",
             ("x^2",), 16),
    _derived("expr/system-product", "Solve x + y = 10, x - y = 4. Give the product of x and y.",
             SYSTEM_X.replace("Answer: x = 7", "Answer: x*y = 21"), "Solve x + y = 12, x - y = 4. Give x*y.",
             "Step 1: The system is x + y = 12; x - y = 4.\nStep 2: Solving the system exactly gives x = 8, y = 4.\n"
             "Answer: x*y = 32", ("x*y", "xy"), 32),
    # a template asking the bare value of an expression
    _derived("expr/template-value", "Solve 3x + 5 = 20.", SOLVED_X,
             'If 3x + 5 = 20, find the value of 4x. Write "Answer: <value>" on the last line.',
             SOLVED_X.replace("Answer: x = 5", "Answer: 20"), ("4x",), 20),
    # the other unknown of a system: y's value, never x's
    Pair("expr/other-unknown", "In x + y = 10, x - y = 4, find x.", SYSTEM_X, "In x + y = 10, x - y = 4, find y.",
         SYSTEM_X.replace("Answer: x = 7", "Answer: y = 3"), math_judge({"x": 7, "y": 3}, ["y"])),
    Pair("expr/other-unknown-es", "En x + y = 10, x - y = 4, halla x.", SYSTEM_X, "En x + y = 10, x - y = 4, halla y.",
         SYSTEM_X.replace("Answer: x = 7", "Answer: y = 3"), math_judge({"x": 7, "y": 3}, ["y"])),
    Pair("expr/other-unknown-de", "Bestimme x, wenn x + y = 10 und x - y = 4.", SYSTEM_X,
         "Bestimme y, wenn x + y = 10 und x - y = 4.", SYSTEM_X.replace("Answer: x = 7", "Answer: y = 3"),
         math_judge({"x": 7, "y": 3}, ["y"])),
    Pair("expr/other-unknown-ja", "x + y = 10, x - y = 4 のとき、x の値を求めよ。", SYSTEM_X,
         "x + y = 10, x - y = 4 のとき、y の値を求めよ。", SYSTEM_X.replace("Answer: x = 7", "Answer: y = 3"),
         math_judge({"x": 7, "y": 3}, ["y"])),
]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: pair.cls)
def test_the_asked_expression_is_served_right_and_never_wrong(pair: Pair) -> None:
    outcome = run_pair(pair)
    assert not outcome.wrong_and_verified, (outcome.result.outcome, outcome.result.text)
    assert outcome.correct, (outcome.result.outcome, outcome.result.text)


# A template prompt far from the cached one in wording is found by neither key (the keys hold what
# is asked) nor similarity: answered right, with a model call.
SERVED_ALONE = [pair for pair in PAIRS if pair.cls != "expr/template-value"]


@pytest.mark.parametrize("pair", SERVED_ALONE, ids=lambda pair: pair.cls)
def test_only_the_final_answer_differs_so_no_model_call(pair: Pair) -> None:
    """The cached working proves the new problem; the engine writes the answer line itself from
    the proven values, names that step "fallback", and calls no model."""
    outcome = run_pair(pair)
    result = outcome.result
    assert result.model_calls == 0 and result.outcome in ("reuse", "reinstantiate"), (result.outcome, result.text)
    assert result.verified and outcome.correct, result.text
    for step in result.steps:  # a step is named "reused" only when its text was cached as it is
        assert step.provenance != "reused" or step.text.strip() in pair.cached_answer, (step.provenance, step.text)
    if result.steps[-1].text.strip() not in pair.cached_answer:
        assert result.steps[-1].provenance in ("fallback", "reinstantiated"), result.steps[-1]


class _WrongModel:
    """States a wrong value for whatever is asked (the unknown's value for an expression)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.calls = 0

    def __call__(self, _prompt: str) -> str:
        self.calls += 1
        return self.text


@pytest.mark.parametrize(
    ("prompt", "wrong"),
    [
        ("Solve 3x + 5 = 20. Give x squared.", SOLVED_X),  # x's value for x^2
        ("Solve 3x + 5 = 20. Give x squared.", SOLVED_X.replace("Answer: x = 5", "Answer: x^2 = 24")),
        ("Solve 3x + 5 = 20. Give x squared.", SOLVED_X.replace("Answer: x = 5", "Answer: 2x = 10")),
        ("Solve 3x + 5 = 20. Give x squared.", SOLVED_X.replace("Answer: x = 5", "Answer: x = 25")),  # x^2's value, named x
        ("Solve 3x + 5 = 20. Give x squared. Give only the answer.", "Answer: x = 25"),
        ("Solve 3x + 5 = 20.", SOLVED_X2),  # x^2's value for x
        ("Solve 3x + 5 = 20 and give twice x.", SOLVED_X),
        ("Solve 3x + 5 = 20 and give twice x.", SOLVED_X.replace("Answer: x = 5", "Answer: 5")),
        ("In x + y = 10, x - y = 4, find y.", SYSTEM_X),  # another unknown's value
        ('If 3x + 5 = 20, find the value of 4x. Write "Answer: <value>" on the last line.', SOLVED_X.replace(
            "Answer: x = 5", "Answer: 5")),
    ],
)
def test_a_wrong_answer_for_what_is_asked_is_never_verified(prompt: str, wrong: str) -> None:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(wrong, constraints)
    assert TASK.check_answer(steps, constraints) and not TASK.verify(steps, constraints, None).passed, wrong
    assert final_value_errors(steps, problem_context(constraints, None)), wrong  # the final check alone too
    cache = StepCache()
    result = cache.generate(prompt, _WrongModel(wrong))
    assert result.text != wrong or not (result.verified or result.checks_passed), result.text


@pytest.mark.parametrize(
    "prompt",
    [
        "Solve 3x + 5 = 20. Give not x but 20 - x.",  # a negation not modelled
        "Solve 3x + 5 = 20. Do not give x, give 20 - x.",
        "Solve 3x + 5 = 20 and give x squared and x cubed.",  # two expressions asked
        "Find x and x squared if 3x + 5 = 20.",  # an unknown and an expression
        "Solve 3x + 5 = 20. Give x squared. Answer: y = <value>",  # a template naming another unknown
        "Solve x + y = 10, x - y = 4. Give 2x. Answer: y = <value>",
        "Solve 3x + 5 = 20. Give x^2. Answer: x = <value>",  # a template naming the unknown, not x^2
        "Find 2z if 3x + 5 = 20.",  # an expression over a name the problem does not have
        "Find 1/(x - 5) if 3x + 5 = 20.",  # undefined at the solution
        "Find x^10 if 3x + 5 = 20.",  # a power not read
        "Find x squared + 1 if 3x + 5 = 20.",
        "What's 2x rounded if 3x + 5 = 20?",
        "Find half of x if 3x + 4 = 5. Give the answer as a decimal.",  # 1/6: no finite decimal
        # a division before an unbracketed product or quotient reads two ways (red team 2026-12-03, W1),
        # as it does in an equation: x/(2x) or (x/2)x?
        "If 2x + 4 = 16, what is x/2x?",
        "If 2x + 4 = 16, what is 12/2x?",
        "If x + y = 12 and x - y = 4, what is x/2y?",
        "If 2x + 4 = 16, what is x^1/2?",  # a root or x/2?
        "If 2x + 4 = 16, what is x^2/2x^2?",
        "If 2x + 4 = 16, what is 6/3x^2?",
        "If 2x + 4 = 16, what is x/0.5x?",
        "If 2x + 4 = 16, what is 8/2(x)?",
        "If x + y = 12 and x - y = 4, what is x/y*2?",
        "Find x/2x if 2x + 4 = 16.",
    ],
)
def test_what_is_not_modelled_is_no_claim(prompt: str) -> None:
    assert not TASK.detect(prompt), prompt


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Solve 3x + 5 = 20.", "Solve 3x + 5 = 20. Give x squared."),
        ("Solve 3x + 5 = 20. Give x squared.", "Solve 3x + 5 = 20. Give x cubed."),
        ("Solve 3x + 5 = 20 and give twice x.", "Solve 3x + 5 = 20. Give 2x + 0."),
        ("In x + y = 10, x - y = 4, find x.", "Solve x + y = 10, x - y = 4. Give x*y."),
    ],
)
def test_the_asked_expression_is_part_of_every_key(first: str, second: str) -> None:
    """Another expression asked is another problem: the keys differ (a key only finds candidates;
    this keeps the exact tiers from even trying the other answer first) — except where the two
    expressions are one ("2x" and "2x + 0" read alike)."""
    one, two = TASK.constraints(first), TASK.constraints(second)
    same = one.target == two.target and one.asked == two.asked
    assert (TASK.problem_key(one) == TASK.problem_key(two)) == same
    assert (TASK.shape_key(one) == TASK.shape_key(two)) == same
    if not same:
        assert one.problem_key != two.problem_key


def test_a_stored_target_survives_its_round_trip() -> None:
    constraints = TASK.constraints("Solve x + y = 10, x - y = 4. Give the product of x and y.")
    stored = TASK.load_constraints(constraints.to_dict())
    assert (stored.target, stored.target_value) == ("x*y", 21)
    assert stored.problem_key == constraints.problem_key



@pytest.mark.parametrize(
    ("written", "canonical"),
    [("x/2", "x/2"), ("x/2 + 1", "x/2 + 1"), ("(x + 1)/2", "x/2 + 1/2"), ("x*y/2", "x*y/2"), ("2/x", "2/x"),
     ("x\u00b2/2", "x**2/2"), ("x/(2y)", "x/(2*y)")],
)
def test_a_division_that_reads_one_way_is_still_read(written: str, canonical: str) -> None:
    from stepcache_integrations.core.tasks.linear.targets import canonical_target

    assert canonical_target(written, frozenset("xy")) == canonical


def _echo_model() -> FixedReplyModel:
    """Never right: only what the deterministic fallback proves is stored."""
    return FixedReplyModel("I think the answer is 42.")


@pytest.mark.parametrize(
    ("first", "second", "line"),
    [
        ("Solve x + y = 10 and x - y = 2. Give me only x.", "Solve x + y = 12 and x - y = 4. Give me only x.",
         "Answer: x = 8"),
        ("Solve x + y = 24 and x - y = 2. Give me only y.", "Solve x + y = 26 and x - y = 0. Give me only y.",
         "Answer: y = 13"),
        ("Solve x + y = 10 and x - y = 2.", "Solve x + y = 12 and x - y = 4. Give only the value of y.",
         "Answer: y = 4"),
    ],
)
def test_only_the_unknown_named_after_a_request_to_solve_is_answered(first: str, second: str, line: str) -> None:
    """"Solve <system>. Give me only x.": x alone, never every unknown (README-only red team W2:
    'Answer: x = 8, y = 4' was served proven)."""
    cache = StepCache()
    cache.generate(first, _echo_model())
    model = _echo_model()
    result = cache.generate(second, model)
    assert result.text.strip() == line, (result.outcome, result.text)
    assert result.verified
