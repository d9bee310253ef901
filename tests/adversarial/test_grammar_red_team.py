"""Blind red team on the request grammars (issue 33, README and docs/request-language.md only):
each class below was served wrong, `proven`, without a model call, before its fix."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request as read_json
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt


class Counting:
    def __init__(self, answer: str = "no idea") -> None:
        self.calls, self.answer = 0, answer

    def __call__(self, _prompt: str) -> str:
        self.calls += 1
        return self.answer


@pytest.mark.parametrize("prompt", [
    "x + y = 10. y = 4?", "x + y = 10, y = 4?", "x + y = 10? y = 4?", "Given x + y = 10, y = 4?",
    "Suppose x + y = 10. y = 4?", "When y = 4, x + y = 10?", "Question: x + y = 10. y = 4?",
    "Si x + y = 10, y = 4?", "Wenn x + y = 10, y = 4?", "如果 x + y = 10，y = 4？", "x = 3. 3x + 5 = 14?",
    "Solve 3x + 5 = 20?",
])
def test_an_equation_asked_with_a_question_mark_is_no_given(prompt: str) -> None:
    """"y = 4?" asks whether it holds; only a question ("What is x?") or a polite request ("Can you
    solve ...?") ends with a question mark."""
    assert understand_prompt(prompt) is None, prompt


def test_a_yes_no_question_is_not_served_from_a_proven_answer() -> None:
    cache, model = StepCache(), Counting()
    cache.generate("If y = 4, solve x + y = 10.", model)
    before = model.calls
    result = cache.generate("x + y = 10. y = 4?", model)
    assert model.calls > before or result.task != "linear_equation"


@pytest.mark.parametrize("template", ["End with Answer: x = ?", "End with Answer: x = <value>.",
                                      "Give the result as Answer: x = ?"])
def test_the_answer_line_the_template_names_is_enforced(template: str) -> None:
    cache = StepCache()
    cache.generate("Solve for x: 3x + 5 = 20. End with Answer: <value>.", Counting())
    result = cache.generate(f"Solve for x: 3x + 5 = 26. {template}", Counting())
    assert result.text.strip().splitlines()[-1] == "Answer: x = 7"


def test_the_answer_label_is_matched_with_its_case() -> None:
    cache = StepCache()
    cache.generate("Solve for x: 3x + 5 = 20. End with Answer: <value>.", Counting())
    result = cache.generate("Solve for x: 3x + 5 = 20. End with ANSWER: <value>.", Counting())
    assert result.text.strip().splitlines()[-1] == "ANSWER: 5"


@pytest.mark.parametrize("ask", ["Give the value of y.", "Give me the value of y.", "Tell me the value of y.",
                                 "Donne la valeur de y.", "Dame el valor de y."])
def test_give_the_value_asks_for_it_beside_another_request(ask: str) -> None:
    problem = understand_prompt(f"Solve for x: 2x = 8, y = x + 1. {ask}")
    assert problem is None or set(problem.asked) == {"x", "y"}, ask
    cache = StepCache()
    cache.store_answer("Solve for x: 2x = 6, y = x + 1.", "Step 1: Divide both sides by 2: x = 3\nAnswer: x = 3")
    result = cache.generate(f"Solve for x: 2x = 8, y = x + 1. {ask}", Counting())
    assert "y = 5" in result.text or not result.verified


@pytest.mark.parametrize("prompt", ["Löse nach x auf: 2x = 10.000.", "Resuelve 2x = 1.500.", "Risolvi 2x = 1.500."])
def test_a_point_before_three_digits_is_read_two_ways_outside_english(prompt: str) -> None:
    assert understand_prompt(prompt) is None
    assert understand_prompt("Solve 2x = 10.000.") is not None  # an English decimal point


def test_a_json_value_with_a_point_before_three_digits_is_no_statement_outside_english() -> None:
    read = read_json('Erstelle ein JSON-Objekt mit den Schlüsseln name und pop: name "Bonn", pop 1.234.')
    assert read is None or "pop" not in read.statements


@pytest.mark.parametrize("prompt", [
    "Résous x + y = 9 et 2x - y = 1 en fonction de y.",  # "in terms of y": y is the parameter
    "2x = 8 y x = y + 1",  # the unknown y, or Spanish "and"
])
def test_words_read_two_ways_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None


@pytest.mark.parametrize("value", ["Rome?", "R..", "Rome!"])
def test_a_bare_json_value_followed_by_a_mark_is_no_statement(value: str) -> None:
    read = read_json(f"Return a JSON object with keys city and temp where city = {value} and temp = 3.")
    assert read is None or "city" not in read.statements


# -- blind red team on the answer-alone, one-line, fraction and decimal formats (README + docs only)

def test_french_la_reponse_juste_is_the_right_answer_not_the_answer_alone() -> None:
    """"Donne la réponse juste" asks for the correct answer: its working is not replaced by a value."""
    read = understand_prompt("Résous 2x + 1 = 6. Donne la réponse juste.")
    assert read is None or "answer_only" not in read.format
    cache, model = StepCache(), Counting("Answer: x = 5/2")
    cache.store_answer("Résous 2x + 1 = 6. Juste la réponse.", "Answer: x = 5/2")
    cache.generate("Résous 3x + 1 = 10. Donne la réponse juste.", model)
    assert model.calls == 1


@pytest.mark.parametrize(("seed", "answer"), [
    ("Solve x + y = 3, x - y = 2.", "x = 2.5, y = 0.5"),  # an unknown not asked beside the asked one
    ("Solve 2x + 1 = 6.", "x = 5/2, x = 2.5"),  # one value twice
])
def test_the_answer_alone_states_the_asked_unknowns_once_and_nothing_else(seed: str, answer: str) -> None:
    prompt = ("If x + y = 3 and x - y = 2, find y. Just the answer." if "y" in seed
              else "Solve 2x + 1 = 6. Give only the final answer.")
    reused = StepCache()
    reused.store_answer(seed, answer)
    served = reused.generate(prompt, Counting(answer))
    assert served.text.strip() != answer and served.text.strip().count("=") == 1
    fresh = StepCache().generate(prompt, Counting(answer))  # the model's own answer, the same lines
    assert fresh.text.strip() != answer and fresh.text.strip().count("=") == 1


@pytest.mark.parametrize("prompt", [
    "If x + y = 3 and x - y = 2, find x. Just the answer. Answer: y = ?",
    "Solve x + y = 3, x - y = 2. Just the answer. Answer: y = ?",
    "If x + y = 3 and x - y = 2, find y. Answer in one line. Answer: x = ?",
    "If y = 3, solve 2x + y = 6. Answer: y = ?",
])
def test_an_answer_template_naming_other_unknowns_than_asked_is_no_claim(prompt: str) -> None:
    """The answer line cannot follow "Answer: y = ?" and state what else is asked."""
    assert understand_prompt(prompt) is None
