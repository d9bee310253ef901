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


# -- asked expressions in more phrasings (item 1): the expression's value, proven, never the unknown's
SOLVED_4X = "Step 1: Add 6 to both sides: 4x = 16.\nStep 2: Divide both sides by 4: x = 4.\nAnswer: x = 4"
SOLVED_8X = "Step 1: Add 5 to both sides: 8x = 32.\nStep 2: Divide both sides by 8: x = 4.\nAnswer: x = 4"
SOLVED_SYSTEM = ("Step 1: The system is x + y = 9; x - y = 3.\nStep 2: Solving the system exactly gives x = 6, y = 3.\n"
                 "Answer: x = 6, y = 3")
SOLVED_2X = "Step 1: Subtract 10 from both sides: 2x = 20.\nStep 2: Divide both sides by 2: x = 10.\nAnswer: x = 10"
SOLVED_9X = "Step 1: Divide both sides by 9: x = 5.\nAnswer: x = 5"
SOLVED_X3 = "Step 1: Subtract 2 from both sides: x/3 = 4.\nStep 2: Multiply both sides by 3: x = 12.\nAnswer: x = 12"

# (cached prompt, its answer, new prompt, the expression asked (canonical), its value)
ASKED_EXPRESSIONS = [
    ("Could you please solve 4x - 6 = 10 for me?", SOLVED_4X,
     "Could you please solve 4x - 6 = 10 for me and tell me what 2x is?", "2*x", 8),
    ("Solve 4x - 6 = 10.", SOLVED_4X, "What does 2x equal if 4x - 6 = 10?", "2*x", 8),
    ("Solve 4x - 6 = 10.", SOLVED_4X, "Solve 4x - 6 = 10, then tell me what x + 7 is.", "x + 7", 11),
    ("My teacher gave us 8x - 5 = 27 and I can't figure out x. Help?", SOLVED_8X,
     "My teacher gave us 8x - 5 = 27 and I can't figure out x + 1. Help?", "x + 1", 5),
    ("What is x if x/3 + 2 = 6?", SOLVED_X3, "What is x/2 if x/3 + 2 = 6?", "x/2", 6),
    ("Find x and y: x + y = 9, x - y = 3.", SOLVED_SYSTEM, "Find x and y: x + y = 9, x - y = 3. Only report x + 2y.",
     "x + 2*y", 12),
    ("Solve x + y = 9, x - y = 3.", SOLVED_SYSTEM, "Solve x + y = 9, x - y = 3. Just give x*y.", "x*y", 18),
    ("Résous 2x + 10 = 30.", SOLVED_2X, "Résous 2x + 10 = 30. Ensuite, donne la valeur de x - 3.", "x - 3", 7),
    ("Solve 2x + 10 = 30.", SOLVED_2X, "Solve 2x + 10 = 30. Then, give the value of x - 3.", "x - 3", 7),
    ("Solve 9x = 45.", SOLVED_9X, "Solve 9x = 45 but do not give x; give 20 - x instead.", "20 - x", 15),
    ("Solve 9x = 45.", SOLVED_9X, "Solve 9x = 45, but don't give x, give 2x instead.", "2*x", 10),
]


@pytest.mark.parametrize(("cached", "cached_answer", "new", "target", "value"), ASKED_EXPRESSIONS)
def test_an_asked_expression_is_read_and_served_as_its_proven_value(
        cached: str, cached_answer: str, new: str, target: str, value: int) -> None:
    problem = understand_prompt(new)
    assert problem is not None, new
    assert problem.target == target and problem.target_value == value
    cache = StepCache()
    assert cache.generate(cached, FixedReplyModel(cached_answer)).verified
    model = FixedReplyModel(f"Answer: x = {value + 1}")  # a wrong reply: never what is served
    again = cache.generate(new, model)
    assert again.verified and again.verification == "proven", again.text
    last = again.text.strip().splitlines()[-1]
    assert re.search(rf"=\s*{value}\s*\.?$", last), again.text
    if understand_prompt(cached).language == problem.language:
        assert model.calls == 0 and again.model_calls == 0, again.outcome


ASKED_EXPRESSION_NO_CLAIM = [
    "Solve 9x = 45 but do not give x.",  # a refusal with nothing asked instead
    "Solve 9x = 45 but do not give x; give x instead.",  # the unknown refused, then asked
    "Solve 9x = 45; give 20 - x instead.",  # "instead" of nothing refused
    "Find x and y: x + y = 9, x - y = 3. Only report x + 2y. Give x.",  # an unknown asked after "only"
    "Find x and y: x + y = 9, x - y = 3. Only report x + 2y. Answer: x = ?",  # a template naming x
    "What is x/2 if x/3 + 2 > 6?",  # an inequality
    "Could you please solve 4x - 6 = 10 for me and tell me what 2x is in French?",  # another language
    "My teacher gave us 8x - 5 = 27 and I can't figure out x + 1 in meters. Help?",  # a unit change
    "Solve 4x - 6 = 10 and tell me what 2x is not.",  # a negation
    "Solve 4x - 6 = 10, then tell me whether 2x is prime.",  # another question
]


@pytest.mark.parametrize("prompt", ASKED_EXPRESSION_NO_CLAIM)
def test_a_near_miss_of_an_asked_expression_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# a lead-in stating the equations joined to the request (it was a trap while "and I can't figure out"
# after it was read by no rule): x is asked, served proven and right from the cached problem
@pytest.mark.parametrize(("prompt", "value"), [
    ("My teacher gave us 2x + 7 = 15 and I can't figure out x. Help?", 4),
    ("My teacher gave us 8x - 5 = 27 and I can't figure out x. Help?", 4),
])
def test_a_lead_in_joined_to_the_request_asks_the_unknown(prompt: str, value: int) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.asked == ("x",) and not problem.target
    cache = StepCache()
    equation = problem.equations[0].text
    assert cache.generate(f"Solve {equation}.", FixedReplyModel(f"Answer: x = {value}")).verified
    model = FixedReplyModel(f"Answer: x = {value + 1}")
    again = cache.generate(prompt, model)
    assert again.verified and model.calls == 0, again.text
    assert re.search(rf"x\s*=\s*{value}\s*\.?$", again.text.strip().splitlines()[-1]), again.text


# -- yes/no checks of a candidate value (item 3): the answer computed exactly by substitution, the
# word alone; a changed candidate or equation re-computes. (prompt, the word served)
YES_NO_SERVED = [
    ("Does x = 5 solve 3x + 5 = 21? Answer yes or no.", "No"),
    ("Does x = 5 solve 3x + 5 = 20? Answer yes or no.", "Yes"),
    ("Is x = 4 a solution of 4x + 1 = 17?", "Yes"),
    ("Is x = 5 a solution of 4x + 1 = 17?", "No"),
    ("Is x = 7 a solution of 2x - 3 = 12? Yes or no.", "No"),
    ("Is x = 4 a solution of 2x + 7 = 15?", "Yes"),  # was a trap while no check was read
    ("Is x = 5 a solution to 4x - 3 = 13? Answer with yes or no.", "No"),
    ("Check whether x = 5 solves 3x + 5 = 20.", "Yes"),
    ("Does x = 7/2 satisfy 2x + 1 = 8?", "Yes"),
    ("Est-ce que x = 5 est solution de 2x + 6 = 20 ? Réponds par oui ou non.", "Non"),
    ("Est-ce que x = 7 vérifie 3x + 8 = 30 ? Réponds par oui ou non.", "Non"),
    ("Est-ce que x = 5 est solution de 3x + 6 = 21 ? Réponds juste par oui ou non.", "Oui"),
    ("Dis-moi si x = 5 est solution de 3x + 1 = 16.", "Oui"),  # was a trap
    ("x = 5 é solução de 5x + 1 = 26? Responda sim ou não.", "Sim"),
    ("Verifica se x = 3 risolve 8x - 4 = 28: sì o no?", "No"),
    ("Dimmi se x = 3 è soluzione di 5x - 2 = 13.", "Sì"),  # was a trap
    ("Является ли x = 5 корнем уравнения 3x + 4 = 20? Ответь да или нет.", "Нет"),
    ("x = 5 是方程 3x - 2 = 13 的解吗？请回答是或不是。", "是"),
    ("检验 x = 4 是不是 6x + 2 = 20 的解，只回答是或否。", "否"),
    ("¿Es x = 4 solución de 3x + 2 = 14? Responde sí o no.", "Sí"),
    ("Dime si x = 7 es solución de 3x - 4 = 17.", "Sí"),  # was a trap
    ("Ist x = 4 eine Lösung von 3x + 2 = 14? Antworte mit ja oder nein.", "Ja"),
    ("Danke! Ist x = 5 die Lösung von 3x + 4 = 19?", "Ja"),  # was a trap
    ("x = 4 は 3x + 2 = 14 の解ですか？はいかいいえで答えてください。", "はい"),
]


@pytest.mark.parametrize(("prompt", "word"), YES_NO_SERVED)
def test_a_check_is_answered_with_the_exact_word_and_never_the_model_s_other_text(prompt: str, word: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and "yes_no" in problem.format, prompt
    other = {"Yes": "No", "No": "Yes"}.get(word, "Yes")
    for reply in (f"{word}, because substituting gives both sides equal.", other, f"Answer: x = {problem.solution['x']}"):
        result = StepCache().generate(prompt, FixedReplyModel(reply))
        assert result.verified and result.verification == "proven", (reply, result.text)
        assert result.text.strip() == _closed(word), (reply, result.text)  # the engine's word: computed, not the model's
    right = StepCache().generate(prompt, FixedReplyModel(word.lower() + "."))
    assert right.verified and right.text.strip() == word.lower() + "." and right.steps[-1].provenance != "fallback"


# (cached prompt, its answer, a prompt checking a candidate against it, the word)
YES_NO_AGAIN = [
    ("Solve 3x + 5 = 20.", "Answer: x = 5", "Does x = 5 solve 3x + 5 = 21? Answer yes or no.", "No"),
    ("Does x = 5 solve 3x + 5 = 20? Answer yes or no.", "Yes", "Does x = 4 solve 3x + 5 = 20? Answer yes or no.", "No"),
    ("Does x = 5 solve 3x + 5 = 20? Answer yes or no.", "Yes", "Does x = 4 solve 3x + 8 = 20? Answer yes or no.", "Yes"),
    ("Does x = 5 solve 3x + 5 = 21? Answer yes or no.", "No", "Does x = 5 solve 3x + 5 = 20? Answer yes or no.", "Yes"),
    ("Résous 2x + 6 = 20.", "x = 7", "Est-ce que x = 5 est solution de 2x + 6 = 20 ? Réponds par oui ou non.", "Non"),
    ("解方程 6x + 2 = 20。", "x = 3", "检验 x = 4 是不是 6x + 2 = 20 的解，只回答是或否。", "否"),
    ("解方程 6x + 2 = 20。", "x = 3", "检验 x = 3 是不是 6x + 2 = 20 的解，只回答是或否。", "是"),
]


@pytest.mark.parametrize(("cached", "cached_answer", "new", "word"), YES_NO_AGAIN)
def test_a_changed_candidate_or_equation_is_computed_again_without_a_model_call(
        cached: str, cached_answer: str, new: str, word: str) -> None:
    cache = StepCache()
    assert cache.generate(cached, FixedReplyModel(cached_answer)).verified
    model = FixedReplyModel({"Yes": "No", "No": "Yes"}.get(word, "Yes"))  # a wrong reply: never served
    again = cache.generate(new, model)
    assert model.calls == 0 and again.verified and again.verification == "proven", again.outcome
    assert again.text.strip() == _closed(word), again.text


def _closed(word: str) -> str:
    """The word as the engine writes it: a sentence with its point in a spaced script."""
    return word if word in ("是", "否", "不是", "はい", "いいえ") else f"{word}."


YES_NO_NO_CLAIM = [
    "x = 5 is a root of 3x + 5 = 20.",  # a statement, no question mark
    "x = 5 é solução de 5x + 1 = 26.",
    "Is x = 5 a solution of 3x + 5 > 20?",  # an inequality
    "Is x = 5 a solution of 3x + 5 >= 20? Yes or no.",
    "Does x = 5 solve 3x + 5 = 21? Answer yes or no in French.",  # another language
    "Does x = 5 solve x + y = 21?",  # a candidate for one of two unknowns
    "Does y = 5 solve 3x + 5 = 21?",  # a candidate for no unknown of the equation
    "Does x = 5 solve 3x + 5 = 21? Solve it.",  # a check and a request to solve
    "Does x = 5 solve 3x + 5 = 20? Answer yes or no. Show your steps.",  # the steps and the word alone
    "Does x = 5 solve 3x + 5 = 20? Give x squared.",  # another quantity
    "Does x = y + 1 solve 3x + 5 = 20?",  # a candidate that is no number
    "Does x = 5 solve 3x + 5 = 20 and 2x = 10?",  # two equations checked
    "Does x = 5 solve 3x^2 + 5 = 20?",  # a nonlinear equation
    "Is x = 5 not a solution of 3x + 5 = 20?",  # a negation
    "Answer yes or no: 3x + 5 = 20.",  # yes or no without a check
    "Solve 3x + 5 = 20. Answer yes or no.",
    "Is x = 5 a solution of 3x + 5 = 20? Answer: x = ?",  # a template beside the check
    "Is x = 5 a solution of 3x + 5 = 20 in meters?",  # a unit
    "Which of these is NOT a solution of 4x + 2 = 18: x = 4 or x = 5?",  # a negation, two candidates
    "Zeige, dass x = 7 keine Lösung von 5x + 4 = 40 ist.",  # a proof asked, negated
]


@pytest.mark.parametrize("prompt", YES_NO_NO_CLAIM)
def test_a_near_miss_of_a_check_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# -- other shapes of the dev failures (item 4): read with their format, a changed constant served
# proven and right without a model call. (prompt, the same with a changed constant, format, new x)
EVERYDAY_MORE = [
    ("Dame solo el resultado, sin explicación: 3x + 2 = 17, ¿cuánto vale x?",
     "Dame solo el resultado, sin explicación: 3x + 2 = 26, ¿cuánto vale x?", ("answer_only",), 8),
    ("Me diga x, só o número: 4x + 4 = 24", "Me diga x, só o número: 4x + 4 = 2", ("answer_only", "bare_number"),
     Fraction(-1, 2)),
    ("Résous 9x - 1 = 35 en détaillant les étapes numérotées.", "Résous 9x - 1 = 80 en détaillant les étapes numérotées.",
     ("steps", "numbered"), 9),
    ("Реши 6x - 1 = 4, ответ дай в виде дроби.", "Реши 6x - 1 = 6, ответ дай в виде дроби.", ("fraction",),
     Fraction(7, 6)),
    ("3x - 4 = 14 って x いくつ？", "3x - 4 = 35 って x いくつ？", (), 13),
    ("5x + 2 = 32 を番号付きの手順で解いて。", "5x + 2 = 47 を番号付きの手順で解いて。", ("steps", "numbered"), 9),
    ("6x - 3 = 2 を解き、答えを分数で示してください。", "6x - 3 = 4 を解き、答えを分数で示してください。", ("fraction",),
     Fraction(7, 6)),
    ("Solve 3x + 7 = 2, x as a fraction please.", "Solve 3x + 7 = 3, x as a fraction please.", ("fraction",),
     Fraction(-4, 3)),
    ("Just give me the answer, no working: 6x - 9 = 27", "Just give me the answer, no working: 6x - 9 = 45",
     ("answer_only",), 9),
]


def _oracle_reply(prompt: str) -> str:
    """A right answer in the format the prompt asks (the steps numbered, the number alone, a fraction)."""
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    value = problem.solution["x"]
    written = f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)
    if "bare_number" in problem.format:
        return written
    if "answer_only" in problem.format:
        return f"x = {written}"
    equation = problem.equations[0].text
    return f"Step 1: The equation is {equation}.\nStep 2: Solving it exactly gives x = {written}.\nAnswer: x = {written}"


@pytest.mark.parametrize(("prompt", "changed", "fmt", "value"), EVERYDAY_MORE)
def test_another_everyday_shape_is_read_and_a_changed_constant_served(
        prompt: str, changed: str, fmt: tuple[str, ...], value: int | Fraction) -> None:
    for text in (prompt, changed):
        problem = understand_prompt(text)
        assert problem is not None and problem.asked == ("x",) and problem.format == fmt, text
    assert understand_prompt(changed).solution["x"] == value
    cache = StepCache()
    first = cache.generate(prompt, FixedReplyModel(_oracle_reply(prompt)))
    assert first.verified, first.text
    model = FixedReplyModel("Answer: x = 999")
    again = cache.generate(changed, model)
    assert model.calls == 0 and again.verified and again.verification == "proven", (again.outcome, again.text)
    found = re.findall(r"-?[0-9]+(?:/[0-9]+|\.[0-9]+)?", again.text.strip().splitlines()[-1])
    assert found and Fraction(found[-1]) == value, again.text
    if "fraction" in fmt:
        assert "." not in found[-1]


# -- expressions over the unknown in Italian and Portuguese: "al quadrato", "il doppio di x", "ao quadrado"
@pytest.mark.parametrize(("prompt", "target", "value"), [
    ("Se 3x - 4 = 11, quanto vale x al quadrato?", "x**2", 25),
    ("Risolvi 3x + 5 = 20 e dammi il doppio di x.", "2*x", 10),
    ("Resolva 2x + 3 = 11 e dê x ao quadrado.", "x**2", 16),
    ("Resolva 2x + 3 = 11 e dê o dobro de x.", "2*x", 8),
])
def test_an_expression_asked_in_italian_or_portuguese_is_read(prompt: str, target: str, value: int) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.target == target and problem.target_value == value, prompt


EVERYDAY_MORE_NO_CLAIM = [
    "Реши 6x - 1 = 6, ответ дай в виде десятичной дроби.",  # a decimal fraction: not read
    "Solve 3x + 7 = 3, y as a fraction please.",  # another unknown's form
    "Solve 3x + 7 = 3, x as a fraction and as a decimal please.",
    "Dame solo el resultado, sin explicación: 3x + 2 = 26, ¿cuánto vale y?",  # another unknown
    "Se 3x - 4 > 11, quanto vale x al quadrato?",  # an inequality
    "3x - 4 = 35 って x いくつ？英語で答えて。",  # another language
]


@pytest.mark.parametrize("prompt", EVERYDAY_MORE_NO_CLAIM)
def test_a_near_miss_of_another_everyday_shape_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt
