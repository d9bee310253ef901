"""Classes of wrong reuse that no earlier issue named (issue 19), each served wrong and
``verified`` before the cache was made sound by construction. Every pair runs through a real
StepCache with the oracle model, so a wrong final text marked ``verified`` is the cache's doing;
a changed request must reach the model (or a checker that proves the new answer)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepcache_integrations import LinearEquationTask, StepCache

from .harness import OracleModel, Pair, derived_judge, dumps, json_judge, math_judge, run_pair, text_judge


def json_pair(cls: str, old: str, old_obj: dict[str, Any], new: str, new_obj: dict[str, Any]) -> Pair:
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), json_judge(new_obj))


def text_pair(cls: str, old: str, old_answer: str, new: str, new_answer: str) -> Pair:
    return Pair(cls, old, old_answer, new, new_answer, text_judge(new_answer))


def derived_pair(cls: str, old: str, old_answer: str, new: str, new_answer: str, spellings: tuple[str, ...],
                 value: int) -> Pair:
    """An asked expression the linear task reads (issue 33): judged by the value its last line states."""
    return Pair(cls, old, old_answer, new, new_answer, derived_judge(spellings, value, or_text=new_answer),
                extra={"asked_expression": True})


def math_pair(cls: str, old: str, old_answer: str, new: str, new_answer: str, solution: dict[str, int]) -> Pair:
    return Pair(cls, old, old_answer, new, new_answer, math_judge(solution))


ROUND = 'Return a JSON object with keys item and price for item "lamp", price {p}. Round the price to the nearest ten.'
ABS = "Return a JSON object with keys city and temp_change for city \"Oslo\", temp_change {t}. Report temp_change as an absolute value."
CAP = 'Return a JSON object with keys player and score for player "Ann", score {s}. Scores above 10 count as 10.'
ISO = 'Return a JSON object with keys event and date for event "launch", date "{d}". Write the date in ISO format.'
TITLE = 'Return a JSON object with keys name and age for name "{n}", age 30. Write the name in title case.'
UPPER = 'Return a JSON object with keys language and code for language "German", code "{c}". Write the code in uppercase.'

JSON_PAIRS = [
    json_pair("json/framing-word", "Return a JSON object with keys english and spanish for the word 'give'.",
              {"english": "give", "spanish": "dar"},
              "Return a JSON object with keys english and spanish for the word 'create'.",
              {"english": "create", "spanish": "crear"}),
    json_pair("json/leading-point", "Return a JSON object with keys input and doubled for the number .5",
              {"input": 0.5, "doubled": 1}, "Return a JSON object with keys input and doubled for the number 5",
              {"input": 5, "doubled": 10}),
    json_pair("json/rule-round", ROUND.format(p=97), {"item": "lamp", "price": 100}, ROUND.format(p=104),
              {"item": "lamp", "price": 100}),
    json_pair("json/rule-round", ROUND.format(p=97), {"item": "lamp", "price": 100}, ROUND.format(p=86),
              {"item": "lamp", "price": 90}),
    json_pair("json/rule-abs", ABS.format(t=5), {"city": "Oslo", "temp_change": 5}, ABS.format(t=-3),
              {"city": "Oslo", "temp_change": 3}),
    json_pair("json/rule-added-same-statement", ABS.format(t=-3).replace(" Report temp_change as an absolute value.", " Report it."),
              {"city": "Oslo", "temp_change": -3}, ABS.format(t=-3), {"city": "Oslo", "temp_change": 3}),
    json_pair("json/rule-cap", CAP.format(s=7), {"player": "Ann", "score": 7}, CAP.format(s=12),
              {"player": "Ann", "score": 10}),
    json_pair("json/rule-iso", ISO.format(d="01/02/2023"), {"event": "launch", "date": "2023-01-02"},
              ISO.format(d="04/05/2024"), {"event": "launch", "date": "2024-04-05"}),
    json_pair("json/rule-title", TITLE.format(n="alice"), {"name": "Alice", "age": 30}, TITLE.format(n="bob"),
              {"name": "Bob", "age": 30}),
    json_pair("json/rule-upper", UPPER.format(c="fr"), {"language": "German", "code": "FR"}, UPPER.format(c="de"),
              {"language": "German", "code": "DE"}),
]

CODE = "What does this Python code print?\n\nfor i in range(3):\n    print(i)\nprint('done')"
TEXT_PAIRS = [
    text_pair("text/code-indentation", CODE, "0\ndone\n1\ndone\n2\ndone",
              CODE.replace("    print(i)\nprint('done')", "    print(i)\n    print('done')"), "0\ndone\n1\ndone\n2\ndone"),
    text_pair("text/code-indentation", CODE, "0\n1\n2\ndone", CODE.replace("    print(i)", "print(i)"),
              "IndentationError: expected an indented block."),
    text_pair("text/code-comment", "What does this print?\n\n# print(1)\nprint(2)", "2",
              "What does this print?\n\nprint(1)\nprint(2)", "1\n2"),
    text_pair("text/code-keyword-case", CODE, "0\n1\n2\ndone", CODE.replace("for i", "For i"), "SyntaxError: invalid syntax."),
    text_pair("text/proper-noun-case", "Translate to French: Turkey", "Turquie", "Translate to French: turkey", "dinde"),
    text_pair("text/data-case", "Sort these lines in ASCII order:\nbanana\nApple", "Apple\nbanana",
              "Sort these lines in ASCII order:\nbanana\napple", "apple\nbanana"),
    text_pair("text/data-punctuation", "Classify as question or statement: It is raining?", "question",
              "Classify as question or statement: It is raining.", "statement"),
    text_pair("text/data-punctuation", "Translate to German: The bank is closed on Monday.",
              "Die Bank ist am Montag geschlossen.", "Translate to German: The bank is closed on Monday?",
              "Ist die Bank am Montag geschlossen?"),
]

SOLVED = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
MATH_PAIRS = [
    derived_pair("math/russian", "Решите уравнение 3x + 5 = 20 и найдите x.", SOLVED,
                 "Решите уравнение 3x + 5 = 20 и найдите x в квадрате.", "x = 5, x в квадрате = 25", ("x^2",), 25),
    text_pair("math/chinese", "解方程 3x + 5 = 20，求 x。", SOLVED, "解方程 3x + 5 = 20，求 x 的两倍。", "x = 5，x 的两倍 = 10"),
    derived_pair("math/unparsed-question", "Solve 3x + 5 = 20.", SOLVED, "If 3x + 5 = 20, what is x²?", "x² = 25",
                 ("x²", "x^2"), 25),
    derived_pair("math/unparsed-question", "Solve 3x + 5 = 20.", SOLVED, "If 3x + 5 = 20, what is x³?", "x³ = 125",
                 ("x³", "x^3"), 125),
    derived_pair("math/unparsed-question", "Solve 3x + 5 = 20.", SOLVED, "Solve 3x + 5 = 20 and give -x.", "-x = -5",
                 ("-x",), -5),
    text_pair("math/second-question", "Solve 3x + 5 = 20 for x.", SOLVED,
              "Solve 3x + 5 = 20 for x, and then solve 2y = x.", "x = 5, y = 5/2"),
    math_pair("math/coincident-constant", "Solve the system x + y = 10 and x - y = 2.",
              "Step 1: Add the two equations: 2x = 12.\nStep 2: Divide both sides by 2: x = 6.\n"
              "Step 3: Substitute into x + y = 10: y = 4.\nAnswer: x = 6, y = 4",
              "Solve the system x + y = 10 and x - y = 4.",
              "Step 1: Adding the equations gives 2x = 14, so x = 7.\nStep 2: Then y = 10 - 7 = 3.\nAnswer: x = 7, y = 3",
              {"x": 7, "y": 3}),
]


@pytest.mark.parametrize("pair", JSON_PAIRS + TEXT_PAIRS + MATH_PAIRS, ids=lambda p: p.cls)
def test_a_changed_request_is_never_served_wrong(pair: Pair) -> None:
    outcome = run_pair(pair)
    assert not outcome.wrong_and_verified, (pair, outcome.result.outcome, outcome.result.text)
    assert outcome.correct, (pair, outcome.result.outcome, outcome.result.text)


UNPROVEN = [p for p in JSON_PAIRS + TEXT_PAIRS + MATH_PAIRS[:6] if not p.extra.get("asked_expression")]
ASKED_EXPRESSIONS = [p for p in MATH_PAIRS[:6] if p.extra.get("asked_expression")]


@pytest.mark.parametrize("pair", UNPROVEN, ids=lambda p: p.cls)
def test_an_unproven_change_reaches_the_model(pair: Pair) -> None:
    assert run_pair(pair).result.model_calls >= 1


# what the grammar reads (issue 33) is served proven and right without a model call; wip/linAC: a
# superscript two or three after an unknown ("x²", "x³") is read as the power typed ("x^2"), so those two
# moved here from the model's side: served without a model call, proven, and right (x² = 25, x³ = 125)
SERVED_EXPRESSIONS = {"Решите уравнение 3x + 5 = 20 и найдите x в квадрате.", "Solve 3x + 5 = 20 and give -x.",
                      "If 3x + 5 = 20, what is x²?", "If 3x + 5 = 20, what is x³?"}


@pytest.mark.parametrize("pair", ASKED_EXPRESSIONS, ids=lambda p: p.cls)
def test_an_asked_expression_is_proven_right_or_reaches_the_model(pair: Pair) -> None:
    """Once unproven: now served without a model call exactly when the grammar reads it, then proven and right."""
    outcome = run_pair(pair)
    if pair.new_prompt in SERVED_EXPRESSIONS:
        assert outcome.result.model_calls == 0 and outcome.result.verified and outcome.correct, outcome.result.text
    else:
        assert outcome.result.model_calls >= 1, outcome.result.text
    assert len(SERVED_EXPRESSIONS & {p.new_prompt for p in ASKED_EXPRESSIONS}) == 4


@pytest.mark.parametrize(
    ("prompt", "answer", "solution"),
    [
        (".5x + 1 = 3. Solve for x.", "Step 1: 0.5x = 2.\nAnswer: x = 4", {"x": 4}),
        ("Solve \u00bex + 1 = 7.", "Step 1: (3/4)x = 6.\nAnswer: x = 8", {"x": 8}),
        # wip/linAG: the spaced en dash is read as minus (next test); an em dash stays unread, the model's answer kept
        ("Solve x \u2014 y = 2 and x + y = 6.", "Step 1: Add them: 2x = 8, x = 4.\nAnswer: x = 4, y = 2", {"x": 4, "y": 2}),
    ],
)
def test_a_misread_notation_never_overrides_the_models_correct_answer(prompt: str, answer: str, solution: dict[str, int]) -> None:
    result = StepCache().generate(prompt, OracleModel({prompt: answer}))
    assert not result.used_fallback and math_judge(solution)(result.text), result.text


def test_a_spaced_en_dash_is_read_as_minus_and_proven() -> None:
    """wip/linAG (the lead's decision): 'x \u2013 y' is 'x - y'; the answer served is proven, x = 4, y = 2."""
    prompt = "Solve x \u2013 y = 2 and x + y = 6."
    result = StepCache().generate(prompt, OracleModel({prompt: "Step 1: Add them: 2x = 8, x = 4.\nAnswer: x = 4, y = 2"}))
    assert result.verified and math_judge({"x": 4, "y": 2})(result.text), result.text


def test_a_nested_key_spec_is_not_read_as_top_level_keys() -> None:
    prompt = "Return a JSON object with key person, an object with keys name and age, for Alice who is 30."
    answer = json.dumps({"person": {"name": "Alice", "age": 30}})
    result = StepCache().generate(prompt, OracleModel({prompt: answer}))
    assert json.loads(result.text) == {"person": {"name": "Alice", "age": 30}} and result.repair_calls == 0


def test_a_changed_schema_description_is_a_changed_request() -> None:
    def schema(unit: str) -> dict[str, Any]:
        return {"type": "object", "properties": {"price": {"type": "number", "description": f"price in {unit}"}},
                "required": ["price"]}

    prompt = "Return JSON with the price of a coffee that costs 2.5 dollars."
    cache = StepCache()
    cache.generate(prompt, OracleModel({prompt: '{"price": 2.5}'}), schema=schema("US dollars"))
    model = OracleModel({prompt: '{"price": 250}'})
    result = cache.generate(prompt, model, schema=schema("US cents"))
    assert model.calls and json.loads(result.text) == {"price": 250}


def test_a_patch_that_restarts_after_its_answer_is_never_verified() -> None:
    task = LinearEquationTask()
    prompt = "Solve for x step by step: 9x + 13 = 51."
    c = task.constraints(prompt)
    stitched = (
        "Step 1: Subtract 13 from both sides: 9x = 38.\nStep 2: Divide both sides by 9: x = 38/9.\nAnswer: x = 38/9\n"
        "Step 1: Start with 9x + 13 = 51.\nStep 2: Subtract 13 from both sides: 9x = 38.\n"
    )
    assert task.check_answer(task.segment(stitched, c), c)
    twice = "Step 1: Subtract 13 from both sides: 9x = 38.\nAnswer: x = 38/9\nAnswer: x = 38/9"
    assert task.check_answer(task.segment(twice, c), c)
    once = "Step 1: Subtract 13 from both sides: 9x = 38.\nStep 2: Divide both sides by 9: x = 38/9.\nAnswer: x = 38/9"
    assert task.check_answer(task.segment(once, c), c) == []


@pytest.mark.parametrize("words", ["Add three to both sides: 7w = 28", "Subtract three from both sides: 7w = 28",
                                   "Add the two sides: 7w = 28"])
def test_an_operation_written_in_words_is_not_verified(words: str) -> None:
    task = LinearEquationTask()
    c = task.constraints("Solve for w step by step: 7w + 3 = 31.")
    answer = f"Step 1: {words}\nStep 2: Divide both sides by 7: w = 4\nAnswer: w = 4"
    assert task.check_answer(task.segment(answer, c), c)
    digits = "Step 1: Subtract 3 from both sides: 7w = 28\nStep 2: Divide both sides by 7: w = 4\nAnswer: w = 4"
    assert task.check_answer(task.segment(digits, c), c) == []


# -- everyday phrasings the linear grammar reads as whole phrases ----------------------------
EVERYDAY = [
    ("Number every step. Solve 3x + 5 = 20.", "Number every step. Solve 3x + 5 = 26.", {"x": 7}),
    ("Can you help me solve 4y - 7 = 9? Please show your work.",
     "Can you help me solve 4y - 7 = 13? Please show your work.", {"y": 5}),
    ("I'm stuck on my homework: 6x + 4 = 40. What's x?", "I'm stuck on my homework: 6x + 4 = 46. What's x?", {"x": 7}),
    ("R\u00e9sous l'\u00e9quation 3x + 5 = 20.", "R\u00e9sous l'\u00e9quation 3x + 5 = 29.", {"x": 8}),
]


@pytest.mark.parametrize(("first", "second", "solution"), EVERYDAY)
def test_everyday_phrasings_are_reinstantiated_without_a_model_call(first: str, second: str, solution: dict[str, int]) -> None:
    cache = StepCache()
    calls: list[str] = []

    def unsure(prompt: str) -> str:  # a model that never answers: the sympy fallback does
        calls.append(prompt)
        return "I am not sure."

    warm = cache.generate(first, unsure)
    assert warm.verified and warm.task == "linear_equation" and warm.used_fallback, warm.text
    before = len(calls)
    result = cache.generate(second, unsure)
    assert len(calls) == before and result.model_calls == 0, result
    assert result.outcome in ("reuse", "reinstantiate") and math_judge(solution)(result.text), result.text


@pytest.mark.parametrize(
    "prompt",
    [
        "R\u00e9sous l'\u00e9quation 3x + 5 = 20 et donne la racine de x.",  # "au carré" is read (issue 33)
        "Help me solve 3x + 5 = 20 and wats x squared",  # "whats" is read (issue 33): a misspelling is not
        "What's 2x rounded if 3x + 5 = 20?",  # "What's 2x if ..." is read (issue 33)
        "Number every step. Solve 3x + 5 = 20 and give the number of steps.",
        "I'm stuck on my homework: 6x + 4 = 40. What's x times two?",
        "Can you help me solve 4y - 7 = 9? Please show your work in Spanish.",
    ],
)
def test_a_phrase_with_one_more_word_is_not_claimed(prompt: str) -> None:
    assert not LinearEquationTask().detect(prompt)


@pytest.mark.parametrize(
    ("prompt", "target", "value"),
    [("R\u00e9sous l'\u00e9quation 3x + 5 = 20 et donne x au carr\u00e9.", "x**2", 25),
     ("What's 2x if 3x + 5 = 20?", "2*x", 10),
     ("Help me solve 3x + 5 = 20 and whats x squared", "x**2", 25)],
)
def test_a_phrase_once_not_claimed_is_read_with_its_asked_expression(prompt: str, target: str, value: int) -> None:
    """Listed above as not claimed before issue 33's asked expressions: now read, the expression
    asked keyed and its value proven (never the unknown's)."""
    constraints = LinearEquationTask().constraints(prompt)
    assert (constraints.target, constraints.target_value) == (target, value)


# -- the second blind red team's classes ----------------------------------------------------
BASE_2X = "Solve 2x + 3 = 7"


@pytest.mark.parametrize(
    "claim",
    [
        "Step 2: Halve both sides: x = 2",
        "Step 2: Take half of both sides: x = 2",
        "Step 2: Divide both sides by 2 (halving): x = 2",
        "Step 2: Divide both sides by 2: x = 2\nStep 3: Double both sides: 2x = 4",
        "Step 2: Since 2 * 2 = 4, x = 2",
        "Step 2: Divide both sides by 2: x = 2\nStep 3: So x is two: x = 2",
        "Step 2: Divide both sides by 2: x = 2\nStep 3: So x is a positive even integer: x = 2",
        "Step 2: Divide both sides by 2: x = 2\nStep 3: x is prime",
    ],
)
def test_prose_written_for_another_problem_is_never_re_served(claim: str) -> None:
    cached = f"Step 1: Subtract 3 from both sides: 2x = 4\n{claim}\nAnswer: x = 2"
    for new, value in (("Solve 3x + 3 = 7", "4/3"), ("Solve 2x + 5 = 11", "3"), ("Solve 4x + 3 = 7", "1")):
        cache = StepCache()
        model = OracleModel({BASE_2X: cached, new: f"Step 1: Collect: x = {value}\nAnswer: x = {value}"})
        cache.generate(BASE_2X, model)
        before = len(model.calls)
        result = cache.generate(new, model)
        # the claim's prose is its last line's ("Double both sides", "x is prime"): the line before it,
        # "Divide both sides by 2", is a step the engine's own derivation of 2x + 5 = 11 writes too (wip/linK)
        served_claim = claim.split("\n")[-1].split(": ", 1)[1].split(":")[0]
        if len(model.calls) == before:  # served without a model call: the claim's prose must be gone
            assert served_claim not in result.text, result.text
            assert result.verified and result.text.endswith(f"Answer: x = {value}"), result.text


def test_prose_outside_the_step_vocabulary_is_checked_not_proven() -> None:
    prompt = "Solve 2x + 3 = 7"
    worded = "Step 1: Carefully subtract 3 from both sides: 2x = 4\nStep 2: Divide both sides by 2: x = 2\nAnswer: x = 2"
    plain = "Step 1: Subtract 3 from both sides: 2x = 4\nStep 2: Divide both sides by 2: x = 2\nAnswer: x = 2"
    assert StepCache().generate(prompt, OracleModel({prompt: worded})).verification == "checked"
    assert StepCache().generate(prompt, OracleModel({prompt: plain})).verification == "proven"
    # one side only (red team round 11b): not the operation its equation results from, so it fails
    one_side = "Step 1: Subtract 3 from the left side: 2x = 4\nStep 2: Divide both sides by 2: x = 2\nAnswer: x = 2"
    result = StepCache().generate(prompt, OracleModel({prompt: one_side}))
    assert result.text != one_side and result.verification == "proven"  # the fallback's own derivation


def test_a_reordered_system_is_not_served_prose_about_first_and_second() -> None:
    old, new = "Solve x + y = 10 and x - y = 2 for x", "Solve x - y = 2 and x + y = 10 for x"
    cached = ("Step 1: From the second equation, x = y + 2\nStep 2: Substitute into the first: 2y + 2 = 10\n"
              "Step 3: Subtract 2 from both sides: 2y = 8\nStep 4: Divide both sides by 2: y = 4\nStep 5: Then x = 6\nAnswer: x = 6")
    cache, model = StepCache(), OracleModel({old: cached, new: "Step 1: Add the equations.\nAnswer: x = 6"})
    cache.generate(old, model)
    before = len(model.calls)
    result = cache.generate(new, model)
    assert len(model.calls) > before or "second equation" not in result.text


@pytest.mark.parametrize(
    "annotation",
    [{"x-instructions": "Write this value in uppercase letters."}, {"unit": "months"}, {"format": "uppercase"},
     {"note": "Always reverse the given name."}, {"markdownDescription": "Age **in months**."}],
)
def test_a_schema_annotation_keyword_makes_statements_prove_nothing(annotation: dict[str, str]) -> None:
    base = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
            "required": ["name", "age"]}
    annotated = {**base, "properties": {"name": {"type": "string", **annotation}, "age": {"type": "integer", **annotation}}}
    first = 'Return a JSON object for a person with name "Bob" and age 30.'
    second = 'Return a JSON object for a person with name "Al" and age 31.'
    cache, model = StepCache(), OracleModel({first: '{"name": "Bob", "age": 30}', second: '{"name": "LA", "age": 372}'})
    cache.generate(first, model, schema=annotated)
    before = len(model.calls)
    cache.generate(second, model, schema=annotated)
    assert len(model.calls) > before  # nothing proves "Al"/31 are the values under the annotation


def test_a_fresh_json_value_must_be_the_stated_one_exactly() -> None:
    prompt = 'Return a JSON object for a person with name "Al", age 31. Required keys: name, age.'
    for wrong in ('{"name": "Al ", "age": 31}', '{"name": "Al", "age": "31"}'):
        result = StepCache().generate(prompt, OracleModel({prompt: wrong}))
        assert result.text.replace(" ", "").replace("\n", "") == '{"name":"Al","age":31}', result.text


def test_a_control_character_at_the_end_is_content() -> None:
    prompt = "Is the last character of this message a unit separator? Answer yes or no.\x1f"
    cache = StepCache()
    cache.generate(prompt, OracleModel({prompt: "yes"}))
    other = prompt[:-1]
    model = OracleModel({other: "no"})
    assert cache.generate(other, model).text == "no" and model.calls
