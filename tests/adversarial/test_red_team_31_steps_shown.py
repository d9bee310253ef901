"""Red team 31 (classes 1-3): a prompt that asks for the steps was served, or stored as proven, an answer that shows
none: "x = 2" twice, "1. x = 2\\n2. x = 2", "x = 6\\ny = 4", the problem restated then the value, or a plain answer
re-instantiated with an "Answer:" line added; one step per line asked and "2x = 6, x = 3" served. The working must now
hold a step (chain.derivation_errors): else the engine writes its own derivation (or the model answers)."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints, derivation_errors
from stepcache_integrations.core.types import Step

NO_STEP = ["x = 2\nx = 2", "2x + 3 = 7\nx = 2", "1. x = 2\n2. x = 2", "x = 2\nAnswer: x = 2", "**x = 2**\nx = 2",
           "2x+3=7\nAnswer: x = 2",
           # red team 31b: values written the other way round, tautologies, sentences, the problem rewritten, a check
           "2 = x\nAnswer: x = 2", "$2 = x$\nx = 2", "2 = 2\nx = 2", "x = x\nx = 2", "2x = 2x\nx = 2",
           "We solve the equation.\nx = 2", "x is 2.\nx = 2", "7 = 2x + 3\nx = 2", "3 + 2x = 7\nx = 2", "(2x + 3) = 7\nx = 2",
           "x + x + 3 = 7\nx = 2", "Subtract 0 from both sides: 2x + 3 = 7\nx = 2", "Start from the equation 2x + 3 = 7.\nx = 2",
           "2(2) + 3 = 7\nx = 2", "x + 0 = 2\nx = 2", "1x = 2\nx = 2",
           "Divide both sides by 2 after subtracting 3.\nx = 2"]  # prose with no equation states no step the checks read
A_STEP = ["2x = 4\nx = 2", "Subtract 3 from both sides: 2x = 4\nx = 2", "Step 1: 2x = 4\nStep 2: x = 2",
          "x = 4/2\nAnswer: x = 2", "x = (7 - 3)/2\nx = 2", "$2x = 4$\n$x = 2$", "2x + 3 - 7 = 0\nx = 2",
          "Restamos 3 en ambos lados: 2x = 4\nx = 2"]


def _c(prompt: str) -> LinearConstraints:
    return LinearConstraints.of_prompt(prompt)


@pytest.mark.parametrize("answer", NO_STEP)
def test_an_answer_with_no_step_fails_a_prompt_asking_steps(answer: str) -> None:
    c = _c("Show your steps: 2x + 3 = 7")
    assert "steps" in c.format and derivation_errors([Step(text=answer)], c.format, c.equation_texts)


@pytest.mark.parametrize("answer", A_STEP)
def test_an_answer_with_a_step_passes(answer: str) -> None:
    c = _c("Show your steps: 2x + 3 = 7")
    assert derivation_errors([Step(text=answer)], c.format, c.equation_texts) == []


def test_no_steps_asked_no_rule() -> None:
    c = _c("Solve 2x + 3 = 7.")
    assert derivation_errors([Step(text="x = 2")], c.format, c.equation_texts) == []


@pytest.mark.parametrize("answer", ["x = 6\ny = 4", "y + x = 10\nx = 6, y = 4", "6 = x\n4 = y\nx = 6, y = 4"])
def test_a_system_stated_values_alone_is_no_step(answer: str) -> None:
    c = _c("Show your steps: x + y = 10, x - y = 2")
    assert derivation_errors([Step(text=answer)], c.format, c.equation_texts)
    assert derivation_errors([Step(text="2x = 12\nx = 6, y = 4")], c.format, c.equation_texts) == []


def test_the_engine_derivation_of_a_system_is_served_where_steps_are_asked() -> None:
    result = StepCache().generate("Show your steps: x + y = 10, x - y = 2", lambda p: "x = 6\ny = 4")
    assert result.verified and result.text.startswith("Step 1: The system is x + y = 10; x - y = 2.")


@pytest.mark.parametrize("packed", ["2x = 6, x = 3\nAnswer: x = 3", "2x = 6 so x = 3\nx = 3", "2x = 6 and x = 3\nx = 3",
                                    *(f"2x = 6{j}x = 3\nx = 3" for j in (", so ", " hence ", ", thus ", " then ", " | ", ". ",
                                                                         " \u2192 ", " \u21d2 ", " \u27f9 ", " \u2234 ", " => ",
                                                                         " -> ", "\t", "; "))])
def test_one_step_per_line_asked_two_steps_on_a_line_fail(packed: str) -> None:
    c = _c("Solve 2x + 3 = 9 for x. Put each step on a new line.")
    assert "lines" in c.format and derivation_errors([Step(text=packed)], c.format, c.equation_texts)
    assert derivation_errors([Step(text="2x = 6\nx = 3")], c.format, c.equation_texts) == []


@pytest.mark.parametrize(("first", "answer", "second"), [
    ("Solve 2x + 3 = 7.", "x = 2", "Show your steps: 2x + 3 = 9"),
    ("Solve 2x + 3 = 7.", "x = 2", "Solve 2x + 3 = 7 for x step by step."),
    ("Solve 2x + 3 = 7.", "2x = 4, x = 2", "Solve 2x + 3 = 9 for x. Put each step on a new line."),
])
def test_a_plain_answer_is_not_served_where_steps_are_asked(first: str, answer: str, second: str) -> None:
    cache = StepCache()
    cache.generate(first, lambda prompt: answer)
    result = cache.generate(second, lambda prompt: "MODEL")
    if result.text != "MODEL":  # the engine's own derivation: a step on every line, proven
        c = _c(second)
        assert result.verified and derivation_errors([Step(text=result.text)], c.format, c.equation_texts) == []
        assert "Step 2:" in result.text


@pytest.mark.parametrize("answer", ["x = 2\nx = 2", "2x + 3 = 7\nx = 2", "1. x = 2\n2. x = 2"])
def test_a_model_answer_with_no_step_is_not_stored_as_the_answer(answer: str) -> None:
    cache = StepCache()
    result = cache.generate("Show your steps: 2x + 3 = 7", lambda prompt: answer)
    assert result.text != answer


def test_a_system_asked_one_step_per_line_gets_the_engine_derivation() -> None:
    prompt = "Solve the system x + y = 9, x - y = 3. Put each step on a new line."
    result = StepCache().generate(prompt, lambda p: "MODEL")
    assert result.verified and result.text.startswith("Step 1: The system is x + y = 9; x - y = 3.")
    assert result.text.endswith("Answer: x = 6, y = 3")


# class 7: "only the answer" asked and a clause before the colon kept as if it were a label
@pytest.mark.parametrize("line", ["Subtract 4 and divide by 3: x = 5", "We subtract four then divide: x = 5",
                                  "Subtract 4 and divide: x^2 = 25"])
def test_a_clause_before_the_colon_is_working_not_a_label(line: str) -> None:
    from stepcache_integrations.core.tasks.linear.chain import _target_alone, _values_alone

    assert not (_target_alone(line) if "^" in line else _values_alone(line, ("x",)))


@pytest.mark.parametrize("line", ["Answer: x = 5", "**Final answer:** x = 5", "Step 3: x = 5", "La respuesta es: x = 5",
                                  "答案: x = 5"])
def test_a_short_label_stays_a_label(line: str) -> None:
    from stepcache_integrations.core.tasks.linear.chain import _values_alone

    assert _values_alone(line, ("x",))


def test_only_the_answer_asked_a_clause_is_not_served_as_the_answer() -> None:
    answer = "Subtract 4 and divide by 3: x = 5"
    result = StepCache().generate("Solve 3x + 4 = 19, only the answer.", lambda p: answer)
    assert result.text != answer


@pytest.mark.parametrize("answer", ["2x = 12\nWe get x = 6, y = 4\nAnswer: x = 6, y = 4",
                                    "1. 2x = 12\n2. x = 6, y = 4\nAnswer: x = 6, y = 4",
                                    "Step 1: 2x = 12\nStep 2: x = 6, y = 4\nx = 6, y = 4"])
def test_one_step_per_line_the_values_stated_together_are_one_step(answer: str) -> None:
    c = _c("Solve the system x + y = 10, x - y = 2. Put each step on a new line.")
    assert "lines" in c.format and derivation_errors([Step(text=answer)], c.format, c.equation_texts) == []


def test_a_rearranging_verb_before_a_new_equation_is_a_step() -> None:
    c = _c("Solve for x step by step: 2x + 3 = 7.")
    collected = "Step 1: Collect the x terms on the left and the numbers on the right: x = 2.\nAnswer: x = 2"
    assert derivation_errors([Step(text=collected)], c.format, c.equation_texts) == []
    assert derivation_errors([Step(text="Simplify: 2x + 3 = 7\nx = 2")], c.format, c.equation_texts)
