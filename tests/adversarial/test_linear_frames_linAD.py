"""Linear reach, round AD (issue 33 items 2-3, branch wip/linAD), written by hand per class, not from any
held-out file. Each pair: the first prompt is answered by a model that is never right (only what the
checker or the deterministic fallback proves is stored), then the second is served proven without a
model call and exactly right; each trap is no claim, or, when read, answers exactly what it asks.

Classes:
1. a request frame around one equation: the equations alone, then a remark joined by a comma or "and"
   (a stated struggle, a help request: "..., je bloque", "7x - 4 = 3x + 22 and i keep getting the wrong
   thing lol"); "it's" / "it is" stating the equations as "the equation is" does;
2. the final answer on a line of its own ("put the final answer on its own line"): read, keyed and
   enforced (the last line states the values asked and nothing else);
3. the answer asked as JSON and nothing else ('Reply only with JSON like {"z": <value>}'): the object
   alone is the whole answer, written by the engine from the verified chain and checked."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import format_errors
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.types import Step

from .harness import NeverRightModel, assert_linear_trap_declined, served_linear, stated_value

# -- 1. a request frame around one equation ----------------------------------------------------------
FRAME_PAIRS = [
    ("hey can u help me with my homework, it's 7x - 4 = 3x + 22 and i keep getting the wrong thing lol",
     "hey can u help me with my homework, it's 7x - 4 = 3x + 26 and i keep getting the wrong thing lol", {"x": 7.5}),
    ("it's 7x - 4 = 3x + 22, i keep getting it wrong", "it's 7x - 4 = 3x + 30, i keep getting it wrong", {"x": Fraction(17, 2)}),
    ("salut, tu peux m'aider ? 2(3x - 1) = 4x + 9, je bloque", "salut, tu peux m'aider ? 2(3x - 1) = 4x + 13, je bloque",
     {"x": Fraction(15, 2)}),
    ("Hola, ¿me ayudas? 3x + 2 = 11, no me sale", "Hola, ¿me ayudas? 3x + 2 = 20, no me sale", {"x": 6}),
    ("Hallo, kannst du mir helfen? 5x - 3 = 2x + 9, ich komme nicht weiter",
     "Hallo, kannst du mir helfen? 5x - 3 = 2x + 12, ich komme nicht weiter", {"x": 5}),
    ("4x + 1 = 2x + 9 and i keep getting it wrong", "4x + 1 = 2x + 15 and i keep getting it wrong", {"x": 7}),
]


@pytest.mark.parametrize(("first", "second", "expected"), FRAME_PAIRS)
def test_a_frame_around_one_equation_is_served_exactly(first: str, second: str, expected: dict[str, Fraction]) -> None:
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == set(expected), (second, problem)
    served_linear(first, second, expected)


FRAME_TRAPS = [
    # a frame that states a candidate answer: a yes/no question (or a second equation), not "solve"
    ("hey can u help me with my homework, it's 7x - 4 = 3x + 22 and i got x = 6.5, is that right?",
     "hey can u help me with my homework, it's 7x - 4 = 3x + 22 and i keep getting the wrong thing lol"),
    ("it's 7x - 4 = 3x + 22 and i keep getting x = 4", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
    ("7x - 4 = 3x + 22, my teacher says the answer is 6", "7x - 4 = 3x + 22, i keep getting it wrong"),
    ("check my work: 7x - 4 = 3x + 22, x = 6.5", "7x - 4 = 3x + 22, i keep getting it wrong"),
    ("x + y = 10, only the positive solution, i keep getting it wrong", "x + y = 10, x - y = 2, i keep getting it wrong"),
    ("x + 2y = 10, in terms of y, i keep getting it wrong", "x + 2y = 10, x - y = 1, i keep getting it wrong"),
    ("it's 7x - 4 = 3x + 22 and the answer should be x = 6.5", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
    ("it's 7x - 4 = 3x + 22, but the book says 2x = 13", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
    ("it's 7x - 4 = 3x + 22, not 7x but 7y, i keep getting it wrong", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
    ("it's 7x - 4 = 3x + 22, i mean 3x + 23, i keep getting it wrong", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
    ("it's 7x - 4 = 3x + 22, i keep getting the wrong sign", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
    ("it's 7x - 4 = 3x + 22 rounded, i keep getting it wrong", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
    ("salut, tu peux m'aider ? 2(3x - 1) = 4x + 9, je trouve x = 5", "salut, tu peux m'aider ? 2(3x - 1) = 4x + 9, je bloque"),
    ("salut, tu peux m'aider ? 2(3x - 1) = 4x + 9, je bloque sur y", "salut, tu peux m'aider ? 2(3x - 1) = 4x + 9, je bloque"),
    ("Hola, ¿me ayudas? 3x + 2 = 11, no me sale la x negativa", "Hola, ¿me ayudas? 3x + 2 = 11, no me sale"),
    ("it is not 7x - 4 = 3x + 22", "it's 7x - 4 = 3x + 22, i keep getting it wrong"),
]


def test_a_second_equation_in_the_frame_is_the_system_s() -> None:
    """"it's E1 and E2": both equations state the problem (a system), every unknown asked and answered."""
    problem = understand_prompt("it's 7x - 4 = 3x + 22 and 2y = 4, i keep getting it wrong")
    assert problem is None or (set(problem.asked) == {"x", "y"} and problem.solution == {"x": Fraction(13, 2), "y": 2})


@pytest.mark.parametrize(("trap", "base"), FRAME_TRAPS)
def test_a_frame_that_changes_the_problem_is_no_claim(trap: str, base: str) -> None:
    assert_linear_trap_declined(trap, base)


# -- 2. the final answer on a line of its own ---------------------------------------------------------
LINE_PAIRS = [
    ("Solve for y: 2y + 9 = 3y - 11. Show your steps, then put the final answer on its own line.",
     "Solve for y: 2y + 9 = 3y - 15. Show your steps, then put the final answer on its own line.", {"y": 24}),
    ("Solve 3x + 5 = 20. Put the answer on a separate line.", "Solve 3x + 5 = 26. Put the answer on a separate line.", {"x": 7}),
    ("Solve x + y = 10, x - y = 2. Write the answer on a new line.", "Solve x + y = 12, x - y = 2. Write the answer on a new line.",
     {"x": 7, "y": 5}),
    ("Resuelve 3x + 5 = 20. Escribe la respuesta en su propia línea.", "Resuelve 3x + 5 = 23. Escribe la respuesta en su propia línea.",
     {"x": 6}),
]


@pytest.mark.parametrize(("first", "second", "expected"), LINE_PAIRS)
def test_the_answer_on_its_own_line_is_read_and_followed(first: str, second: str, expected: dict[str, Fraction]) -> None:
    problem = understand_prompt(second)
    assert problem is not None and "answer_line" in problem.format, (second, problem)
    text = served_linear(first, second, expected)
    last = text.strip().splitlines()[-1]
    assert not format_errors([Step(text=text)], problem.format, problem.answer_label, problem.asked), text
    assert all(stated_value(last, name) == Fraction(value) for name, value in expected.items()), text


@pytest.mark.parametrize("answer", [
    "Step 1: 3x = 15.\nStep 2: x = 5, so the answer is x = 5.",   # the answer inside a sentence
    "Step 1: 3x = 15.\nx = 5 because 15 / 3 = 5",                 # more than the answer on its line
    "Step 1: 3x = 15.\nx = 5, y = 2",                             # another value on the line
])
def test_an_answer_not_alone_on_its_line_breaks_the_format(answer: str) -> None:
    problem = understand_prompt("Solve 3x + 5 = 20. Put the answer on a separate line.")
    assert problem is not None and "answer_line" in problem.format
    assert format_errors([Step(text=answer)], problem.format, problem.answer_label, problem.asked), answer


def test_the_answer_line_is_keyed() -> None:
    """The format is part of the problem: a cached answer with no layout asked is not re-served as if it followed it."""
    plain = understand_prompt("Solve 3x + 5 = 20.")
    lined = understand_prompt("Solve 3x + 5 = 20. Put the answer on a separate line.")
    assert plain is not None and lined is not None and plain.format != lined.format


LINE_TRAPS = [
    "Solve x + y = 10, x - y = 2. Put the answers on separate lines.",   # several lines: another layout
    "Solve x + y = 10, x - y = 2. Put each answer on its own line.",
    "Solve x + y = 10, x - y = 2. Give the answers one per line.",
    "Solve 3x + 5 = 20. Put the answer on its own line in LaTeX.",       # an unknown format
    "Solve 3x + 5 = 20. Put the answer on its own line as a percentage.",
    "Solve 3x + 5 = 20. Put the answer on its own line rounded to 2 places.",
    "Solve 3x + 5 = 20. Don't put the answer on its own line.",
]


@pytest.mark.parametrize("trap", LINE_TRAPS)
def test_a_line_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


def test_one_line_beside_the_answer_line_is_both_followed() -> None:
    """"Put the answer on its own line. Answer in one line.": when read, the whole answer is the one value line."""
    prompt = "Solve 3x + 5 = 20. Put the answer on its own line. Answer in one line."
    problem = understand_prompt(prompt)
    if problem is not None:
        assert format_errors([Step(text="Step 1: 3x = 15.\nx = 5")], problem.format, problem.answer_label, problem.asked)
        text = served_linear(prompt.replace("20", "26"), prompt, {"x": 5}, "one_line")
        assert not format_errors([Step(text=text)], problem.format, problem.answer_label, problem.asked), text


# -- 3. the answer as JSON and nothing else -----------------------------------------------------------
JSON_ALONE_PAIRS = [
    ('Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": <value>}.',
     'Solve 9z - 15 = 4z + 30. Reply only with JSON like {"z": <value>}.', {"z": 9}),
    ('Solve x + y = 10, x - y = 4. Respond only with JSON: {"x": ..., "y": ...}',
     'Solve x + y = 12, x - y = 4. Respond only with JSON: {"x": ..., "y": ...}', {"x": 8, "y": 4}),
    ('Resuelve 2x + 1 = 9. Responde solo en JSON: {"x": ...}', 'Resuelve 2x + 1 = 11. Responde solo en JSON: {"x": ...}', {"x": 5}),
    ('Résous 2x + 1 = 9. Réponds uniquement en JSON : {"x": ...}', 'Résous 2x + 1 = 13. Réponds uniquement en JSON : {"x": ...}',
     {"x": 6}),
    ('Löse 2x + 1 = 9. Antworte nur in JSON: {"x": ...}', 'Löse 2x + 1 = 15. Antworte nur in JSON: {"x": ...}', {"x": 7}),
    ('Risolvi 2x + 1 = 9. Rispondi solo in JSON: {"x": ...}', 'Risolvi 2x + 1 = 17. Rispondi solo in JSON: {"x": ...}', {"x": 8}),
]


@pytest.mark.parametrize(("first", "second", "expected"), JSON_ALONE_PAIRS)
def test_the_json_object_alone_is_the_whole_answer(first: str, second: str, expected: dict[str, int]) -> None:
    problem = understand_prompt(second)
    assert problem is not None and "answer_only" in problem.format, (second, problem)
    text = served_linear(first, second)
    assert len(text.strip().splitlines()) == 1, text
    read = json.loads(text.strip())
    assert isinstance(read, dict) and set(read) == set(expected), text
    for name, value in expected.items():
        assert isinstance(read[name], (int, float)) and not isinstance(read[name], bool), text
        assert Fraction(str(read[name])) == Fraction(value), text


@pytest.mark.parametrize("answer", ['Step 1: 5z = 35.\n{"z": 7}', '{"z": 7}\nThat is all.', 'z = 7', '{"z": 7.0}'])
def test_a_model_answer_with_more_than_the_object_is_never_served_as_written(answer: str) -> None:
    cache = StepCache()
    prompt = 'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": <value>}.'
    out = cache.generate(prompt, lambda _p: answer)
    assert not out.verified or out.text.strip() == '{"z": 7}', out.text


JSON_ALONE_TRAPS = [
    'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"x": <value>}.',             # another key than the unknown
    'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": <value>, "check": ...}.',  # something else asked too
    'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"answer": <value>}.',
    'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": "<value>"}.',           # a string
    'Solve 9z - 15 = 4z + 20. Reply only with YAML like {"z": <value>}.',
    'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": <value>} in LaTeX.',
    'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": <value>}, rounded to 2 places.',
    'Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": <value>}. Show your steps.',  # alone and the steps
    'Résous 2x + 1 = 9. Réponds uniquement en YAML : {"x": ...}',
    'Résous 2x + 1 = 9 en ligne.',
]


@pytest.mark.parametrize("trap", JSON_ALONE_TRAPS)
def test_a_json_alone_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


def test_a_decimal_json_value_alone_is_exact() -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate('Solve 9z - 15 = 4z + 20. Reply only with JSON like {"z": <value>}.', model)
    out = cache.generate('Solve 9z - 15 = 4z + 21. Reply only with JSON like {"z": <value>}.', model)
    assert out.verified and out.text.strip() == '{"z": 7.2}', out.text
