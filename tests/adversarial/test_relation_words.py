"""Words that relate quantities, and step prose that claims what the checker did not check, are
never served (blind red team, round 11).

(1) "per", "one" and the relating prepositions were free instruction words: "2x = 12 per y, y = 3"
was read as 2x = 12 (served x = 6, proven; 12/y gives x = 2), "What is one per x?" as asking x.
(2) "Collect the x terms ...: 50x = 10" passed after 10x + 1 = 3, "Start from the equation 3x = 15"
and "The system is x = 5" for 3x + 5 = 20: each equation true at the solution, none what its prose
says (a rearrangement of the one before, the problem itself).

The judges are this file's own: for (1) a model that counts its calls (a prompt with a relation
the reader does not model must reach it); for (2) Fraction arithmetic on the forms (lhs - rhs)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import LinearEquationTask
from stepcache_integrations.core.tasks.linear import LinearConstraints
from stepcache_integrations.core.tasks.relations import RELATING_WORDS

TASK = LinearEquationTask()
PROMPT = "Solve for x step by step: {a}x + {b} = {c}."


def _answer(a: int, b: int, c: int) -> str:
    x = Fraction(c - b, a)
    return (
        f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}"
    )


class Counting:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return "I cannot say."


# Prompts relating the cached problem's quantities in words ({a}, {b}, {c}: its constants).
RELATED = [
    "Solve for x: {a}x + {b} = {c} per y, y = 3.",
    "Solve for x: {a}x + {b} = {c} per x.",
    "Solve for x step by step: {a}x + {b} = {c}. What is one per x?",
    "Solve for one per x: {a}x + {b} = {c}.",
    "Solve for x step by step: {a}x + {b} = {c}. One x.",
    *(f"Solve for x and y: {{a}}x + {{b}} = {{c}} {w} y, y = 2." for w in sorted(RELATING_WORDS)),
    *(f"If {{a}}x + y = {{c}} and x - y = {{b}}, what is x {w} y?" for w in sorted(RELATING_WORDS)),
    # a question or an ending of vocabulary words asking for something else (red team round 12)
    "Solve for x step by step: {a}x + {b} = {c}. What's the system of equations?",
    "Solve for x step by step: {a}x + {b} = {c}. What is the equation?",
    "Solve for x step by step: {a}x + {b} = {c}. Which is the problem?",
    "Solve for x step by step: {a}x + {b} = {c}. End with the system of equations.",
    "Solve for x step by step: {a}x + {b} = {c}. Finish with the equation.",
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 9), st.integers(1, 30), st.integers(-20, 20), st.sampled_from(RELATED))
def test_a_relation_in_words_reaches_the_model(a: int, b: int, x: int, template: str) -> None:
    c = a * x + b
    cache = StepCache()
    cache.store_answer(PROMPT.format(a=a, b=b, c=c), _answer(a, b, c))
    cache.store_answer(f"Solve for x and y: {a}x + y = {c}, x - y = {b}.", "Answer: x = 1, y = 1")
    model = Counting()
    result = cache.generate(template.format(a=a, b=b, c=c), model)
    assert model.calls >= 1 and result.outcome not in ("reuse", "reinstantiate"), (template, result.text)


def test_the_red_team_pairs() -> None:
    cache = StepCache()
    cache.generate("Solve for x and y: 2x = 12, y = 3.", lambda p: "Step 1: Divide both sides by 2: x = 6.\nAnswer: x = 6, y = 3")
    for new in ["Solve for x: 2x = 12 per y, y = 3.", "Solve for x: 2x = 20 per y, y = 4."]:
        model = Counting()
        assert cache.generate(new, model).outcome not in ("reuse", "reinstantiate") and model.calls
    right = "Step 1: 12 per y is 12/3 = 4, so 2x = 4.\nStep 2: Divide both sides by 2: x = 2.\nAnswer: x = 2, y = 3"
    result = StepCache().generate("Solve for x: 2x = 12 per y, y = 3.", lambda p: right)
    assert result.text == right and result.verification != "proven"  # the model's, never the fallback's x = 6


def _form(a: Fraction, rhs: Fraction) -> tuple[Fraction, Fraction]:
    return a, -rhs  # a x - rhs = 0


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 9), st.integers(1, 30), st.integers(-20, 20), st.sampled_from([Fraction(k) for k in (-3, -1, 2, 3, 5, 10)] + [Fraction(1, 2)]))
def test_a_rearranging_step_must_keep_the_form(a: int, b: int, x: int, k: Fraction) -> None:
    c = a * x + b
    constraints = LinearConstraints.of_prompt(PROMPT.format(a=a, b=b, c=c))
    coefficient, rhs = k * a, k * (c - b)
    text = (
        f"Step 1: Collect the x terms on the left and the constants on the right: {coefficient}x = {rhs}.\n"
        f"Step 2: Divide both sides by {coefficient}: x = {x}.\nAnswer: x = {x}"
    )
    steps = TASK.segment(text, constraints)
    verdict = TASK.verify(steps, constraints, constraints).units[0]
    # lhs - rhs after the step equals the problem's (or its negation) only for k = 1 or -1
    assert verdict.ok == (abs(k) == 1), (text, verdict.reason)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(1, 30), st.integers(-20, 20), st.integers(0, 3))
def test_a_step_stating_the_problem_must_state_it(a: int, b: int, x: int, which: int) -> None:
    c = a * x + b
    constraints = LinearConstraints.of_prompt(PROMPT.format(a=a, b=b, c=c))
    said, right = [
        (f"Start from the equation {a}x = {c - b}.", False),
        (f"The equation is x = {x}.", False),
        (f"Start with {a}x + {b} = {c}.", True),
        (f"Start with {c} = {a}x + {b}.", True),  # either side first
    ][which]
    steps = TASK.segment(f"Step 1: {said}\nStep 2: Answer: x = {x}", constraints)
    assert TASK.verify(steps, constraints, constraints).units[0].ok == right


def test_a_cached_collecting_step_is_never_served_with_another_form() -> None:
    cache = StepCache()
    cache.store_answer(
        "Solve for x step by step: 2x + 1 = 3.",
        "Step 1: Collect the x terms on the left and the constants on the right: 2x = 2.\n"
        "Step 2: Divide both sides by 2: x = 1.\nAnswer: x = 1",
    )
    for a in range(3, 12):
        model = Counting()
        result = cache.generate(f"Solve for x step by step: {a}x + 1 = 3.", model)
        collecting = [step.text for step in result.steps if step.text.startswith("Step 1: Collect")]
        if not model.calls and collecting:  # served: its collecting step keeps the form a x - 2
            first = collecting[0].split(": ")[-1].rstrip(".\n")
            left, right = first.split(" = ")
            coefficient = Fraction(left.rstrip("x") or "1")
            assert coefficient / a == Fraction(right) / 2 == 1, result.text


def test_free_text_asking_for_a_relation_of_the_unknowns_is_never_checked() -> None:
    for word in sorted(RELATING_WORDS):
        result = StepCache().generate(
            f"If x + y = 10 and x - y = 2, what is x {word} y?", lambda p: "x = 6 and y = 4."
        )
        assert result.verification == "unchecked", (word, result.verification)
    asked = StepCache().generate("If x + y = 10 and x - y = 2, what is x?", lambda p: "x = 6 and y = 4.")
    assert asked.verification in ("checked", "proven")  # the same answer to a question for the unknowns
