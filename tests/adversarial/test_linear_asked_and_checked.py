"""Linear requests of issue 33 (branch wip/lin): the bare-number answer form, asked expressions in
more phrasings, yes/no checks of a candidate solution.

The bare-number form ("just the number", "solo el número") was a wrong-answer class (red team W3:
"Answer: x = 4.5" served for "Reply with just the number"): its answer is now the number alone,
written by the engine from the proven solution and read back whole by its checker; a model reply
with any word around the number is never served as verified.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import FixedReplyModel

# (prompt, the one value asked): the answer is that number and nothing else
BARE_NUMBER_SERVED = [
    ("Find x in 8x + 4 = 36. Just the number, please.", 4),
    ("System: Answer with only the number.\nUser: 4x - 10 = 6", 4),
    ("Solve 2x + 1 = 10 for x. Reply with just the number.", Fraction(9, 2)),
    ("Solve 2x + 18 = 2 for x. Give only the numeric answer.", -8),
    ("system: answer with the number only\nuser: 9z + 1 = 46, z = ?", 5),
    ("Just the number: 3x + 1 = 16", 5),
    ("Solve 3x + 5 = 20. Give x squared. Just the number.", 25),
    ("Combien vaut x si 2x + 3 = 11 ? Juste le nombre.", 4),
    ("¿Cuál es la solución de 6x + 6 = 30? Dame solo el número.", 4),
    ("Si 3n + 12 = 48, ¿cuánto vale n? Solo el número.", 12),
    ("Quanto vale x em 2x + 3 = 11? Só o número.", 4),
]


_BARE = re.compile(r"-?[0-9]+(?:/[0-9]+|\.[0-9]+)?")


def _written(value: int | Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@pytest.mark.parametrize(("prompt", "value"), BARE_NUMBER_SERVED)
def test_the_bare_number_is_read_as_its_own_form(prompt: str, value: int | Fraction) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert "bare_number" in problem.format and "answer_only" in problem.format, problem.format
    asked = problem.target_value if problem.target else problem.solution[problem.asked[0]]
    assert asked == value


@pytest.mark.parametrize(("prompt", "value"), BARE_NUMBER_SERVED)
@pytest.mark.parametrize("reply", ["x = {v}", "Answer: {v}", "The answer is {v}.", "{v}.", "{v} (exact)"])
def test_a_reply_with_words_around_the_number_is_never_served_as_verified(
        prompt: str, value: int | Fraction, reply: str) -> None:
    """The model states the right value, with words around it: what is served is the number
    alone (the engine's, from the proven solution), never the model's text."""
    text = reply.format(v=_written(value))
    result = StepCache().generate(prompt, FixedReplyModel(text))
    assert result.text != text
    assert result.verified and result.verification == "proven", result.text
    assert _BARE.fullmatch(result.text.strip()) and Fraction(result.text.strip()) == value, result.text


@pytest.mark.parametrize(("prompt", "value"), BARE_NUMBER_SERVED)
def test_a_model_s_bare_number_is_served_when_right_and_never_when_wrong(prompt: str, value: int | Fraction) -> None:
    right = StepCache().generate(prompt, FixedReplyModel(_written(value)))
    assert right.verified and right.text.strip() == _written(value)
    assert right.steps[-1].provenance != "fallback"
    wrong = StepCache().generate(prompt, FixedReplyModel(_written(Fraction(value) + 1)))
    served = wrong.text.strip()  # the wrong number is never served
    assert _BARE.fullmatch(served) and Fraction(served) == value and wrong.verified, wrong.text


# (cached prompt, its number, the prompt with a changed constant, the new number)
BARE_NUMBER_AGAIN = [
    ("Si 3n + 12 = 48, ¿cuánto vale n? Solo el número.", "12", "Si 3n + 12 = 60, ¿cuánto vale n? Solo el número.", "16"),
    ("system: answer with the number only\nuser: 9z + 1 = 46, z = ?", "5",
     "system: answer with the number only\nuser: 9z + 1 = 55, z = ?", "6"),
    ("System: Reply with the number only.\nUser: 5x + 8 = 33", "5", "System: Reply with the number only.\nUser: 5x + 8 = 58",
     "10"),
    ("Solve 3x + 5 = 20.", "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5",
     "Combien vaut x si 9x - 4 = 50 ? Juste le nombre.", "6"),
]


@pytest.mark.parametrize(("cached", "cached_answer", "new", "value"), BARE_NUMBER_AGAIN)
def test_a_changed_constant_is_served_as_the_new_number_without_a_model_call(
        cached: str, cached_answer: str, new: str, value: str) -> None:
    cache = StepCache()
    first = cache.generate(cached, FixedReplyModel(cached_answer))
    assert first.verified
    model = FixedReplyModel("Answer: x = 999")
    again = cache.generate(new, model)
    if understand_prompt(cached).language == understand_prompt(new).language:
        assert model.calls == 0 and again.model_calls == 0, again.outcome
    assert again.verified and again.verification == "proven"
    assert again.text.strip() == value, again.text


BARE_NUMBER_NO_CLAIM = [
    "Solve x + y = 10, x - y = 2. Just the number.",  # two values: which number?
    "Find x and y: x + y = 9, x - y = 3. Answer with the number only.",
    "Solve 3x + 5 = 20. Just the number. Answer: x = ?",  # a labelled template beside the bare number
    'Solve 3x + 5 = 20. Just the number. End with "Answer: <value>".',
    "Solve 3x + 5 = 20. Just the number. Show your steps.",  # the steps and the number alone
    "Dame solo el número de soluciones de 6x + 6 = 30.",  # another quantity (how many solutions)
    "Juste le nombre de solutions de 2x + 3 = 11.",
    "Solve 3x + 5 > 20. Just the number.",  # an inequality
    "Solve 3x + 5 = 20. Just the number, in French.",  # another language
]


@pytest.mark.parametrize("prompt", BARE_NUMBER_NO_CLAIM)
def test_a_bare_number_that_cannot_be_one_value_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt
