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
    ("can someone help? 7x - 4 = 3x + 20 and i keep messing it up", "can someone help? 7x - 4 = 3x + 28 and i keep messing it up", {"x": 8}),
    ("hey can you help me with my homework? 5y + 3 = 2y + 27, what's y?",
     "hey can you help me with my homework? 5y + 3 = 2y + 30, what's y?", {"y": 9}),
    ("hola, ¿me puedes ayudar? 3x + 2 = 11, siempre me sale mal", "hola, ¿me puedes ayudar? 3x + 2 = 14, siempre me sale mal", {"x": 4}),
    ("salut, tu peux m'aider ? c'est 2(3x - 1) = 4x + 9, je me trompe tout le temps",
     "salut, tu peux m'aider ? c'est 2(3x - 1) = 4x + 11, je me trompe tout le temps", {"x": Fraction(13, 2)}),
    ("Hallo, kannst du mir bei den Hausaufgaben helfen? Es ist 5x - 3 = 2x + 9 und ich komme immer auf das falsche Ergebnis",
     "Hallo, kannst du mir bei den Hausaufgaben helfen? Es ist 5x - 3 = 2x + 15 und ich komme immer auf das falsche Ergebnis", {"x": 6}),
    ("oi, pode me ajudar? 3x + 2 = 11, sempre dá errado", "oi, pode me ajudar? 3x + 2 = 17, sempre dá errado", {"x": 5}),
    ("ciao, mi puoi aiutare? 3x + 2 = 11, sbaglio sempre", "ciao, mi puoi aiutare? 3x + 2 = 20, sbaglio sempre", {"x": 6}),
    ("привет, можешь помочь? 3x + 2 = 11, у меня не выходит", "привет, можешь помочь? 3x + 2 = 23, у меня не выходит", {"x": 7}),
    ("你好，能帮我吗？3x + 2 = 11，我一直算错", "你好，能帮我吗？3x + 2 = 26，我一直算错", {"x": 8}),
    ("こんにちは、手伝ってもらえますか？3x + 2 = 11、解けません", "こんにちは、手伝ってもらえますか？3x + 2 = 29、解けません", {"x": 9}),
    ("こんにちは。3x + 2 = 11 が解けません。手伝ってください。", "こんにちは。3x + 2 = 32 が解けません。手伝ってください。", {"x": 10}),
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
    ("Is 3x + 2 = 11?", "3x + 2 = 11, i keep getting it wrong"),                           # whether it holds
    ("hola, ¿me puedes ayudar? 3x + 2 = 11, siempre me sale mal el signo", "hola, ¿me puedes ayudar? 3x + 2 = 11, no me sale"),
    ("salut, c'est 2(3x - 1) = 4x + 9 ou 2(3x + 1) = 4x + 9 ?", "salut, tu peux m'aider ? 2(3x - 1) = 4x + 9, je bloque"),
    ("Es ist 5x - 3 = 2x + 9, nicht 5x - 3 = 2x + 6, ich komme nicht weiter", "Hi, kannst du mir helfen? 5x - 3 = 2x + 9, ich komme nicht weiter"),
    ("привет, можешь помочь? 3x + 2 = 11, у меня выходит x = 4", "привет, можешь помочь? 3x + 2 = 11, у меня не выходит"),
    ("你好，能帮我吗？3x + 2 = 11，我算出来 x = 4 对吗？", "你好，能帮我吗？3x + 2 = 11，我一直算错"),
    ("こんにちは。3x + 2 = 11 が解けません。y の値だけ教えてください。", "こんにちは。3x + 2 = 11 が解けません。手伝ってください。"),
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
    ("Résous 3x + 5 = 20. Écris la réponse sur une ligne séparée.", "Résous 3x + 5 = 26. Écris la réponse sur une ligne séparée.", {"x": 7}),
    ("Löse 3x + 5 = 20. Schreib das Ergebnis in einer eigenen Zeile.", "Löse 3x + 5 = 29. Schreib das Ergebnis in einer eigenen Zeile.",
     {"x": 8}),
    ("Resolva 3x + 5 = 20. Escreva a resposta em uma linha separada.", "Resolva 3x + 5 = 32. Escreva a resposta em uma linha separada.",
     {"x": 9}),
    ("Risolvi 3x + 5 = 20. Scrivi la risposta su una riga a parte.", "Risolvi 3x + 5 = 35. Scrivi la risposta su una riga a parte.",
     {"x": 10}),
    ("Реши 3x + 5 = 20. Запиши ответ на отдельной строке.", "Реши 3x + 5 = 38. Запиши ответ на отдельной строке.", {"x": 11}),
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
    "Solve 3x + 5 = 20. Show your steps, nothing else.",                  # the steps and nothing but the answer?
    "Solve for n: 7n - 4 = 3n + 11. Put the final answer on its own line as 'm = ...'.",  # the template names another unknown
    "Solve x + y = 10, x - y = 2. Write x and y as a decimal on separate lines.",
]


# -- more answer shapes of the dev declines -------------------------------------------------------------
SHAPE_PAIRS = [
    ("2x + 13 = 41. Give only the value of x, nothing else.", "2x + 13 = 45. Give only the value of x, nothing else.", {}, "bare"),
    ("Solve 8x - 3 = 4. Write x as a decimal.", "Solve 8x - 3 = 5. Write x as a decimal.", {"x": 1}, ""),
    ("Solve the equation below for z.\n```\n5z - 12 = 2z + 18\n```", "Solve the equation below for z.\n```\n5z - 12 = 2z + 21\n```",
     {"z": 11}, ""),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), SHAPE_PAIRS)
def test_more_answer_shapes_are_served_exactly(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    served_linear(first, second, expected, fmt)


def test_only_the_value_nothing_else_is_the_number_alone() -> None:
    """"Give only the value of x, nothing else": the whole answer is the number (dev i406: "Answer: x = 14" is more)."""
    text = served_linear("2x + 13 = 37. Give only the value of x, nothing else.", "2x + 13 = 41. Give only the value of x, nothing else.")
    assert text.strip() == "14", text
    assert understand_prompt("Solve 2x = 8. Nothing else.") is None  # "nothing else" alone is read by no rule


def test_the_answer_on_its_own_line_as_a_template_is_that_line() -> None:
    first = "Solve for n: 7n - 4 = 3n + 11. Show your steps and put the final answer on its own line as 'n = ...'."
    second = first.replace("3n + 11", "3n + 16")
    problem = understand_prompt(second)
    assert problem is not None and "answer_line" in problem.format and problem.answer_form, problem
    text = served_linear(first, second, {"n": 5})
    assert text.strip().splitlines()[-1].strip() == "n = 5", text


def test_a_decimal_asked_is_written_as_one() -> None:
    text = served_linear("Solve 8x - 3 = 4. Write x as a decimal.", "Solve 8x - 3 = 3. Write x as a decimal.")
    assert "0.75" in text.strip().splitlines()[-1], text



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


# -- round 2: a help request naming its equations, the answer's template after "answer" and its verb (ru), the
# number alone with "only" before its verb (zh), "solo quiero el número" (es) ----------------------------------
ROUND2_PAIRS = [
    ("Me ajuda com o sistema x + y = 18 e 2x - y = 12?", "Me ajuda com o sistema x + y = 21 e 2x - y = 12?", {"x": 11, "y": 10}, ""),
    ("Can you help me with the equation 3x + 1 = 7?", "Can you help me with the equation 3x + 1 = 13?", {"x": 4}, ""),
    ("Домашнее задание, №12. Решите 9 - 2y = -7. Ответ запишите в виде «y = ...».",
     "Домашнее задание, №12. Решите 9 - 2y = -9. Ответ запишите в виде «y = ...».", {"y": 9}, ""),
    ("求 y：5y + 2 = 3y + 20。只写答案数字。", "求 y：5y + 2 = 3y + 22。只写答案数字。", {}, "bare"),
    ("Resuelve 2x + 5 = 33. ¿Me ayudas? Solo quiero el número.", "Resuelve 2x + 5 = 35. ¿Me ayudas? Solo quiero el número.", {}, "bare"),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), ROUND2_PAIRS)
def test_round2_shapes_are_served_exactly(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    text = served_linear(first, second, expected, fmt)
    if fmt == "bare":
        problem = understand_prompt(second)
        assert problem is not None and "bare_number" in problem.format
        assert Fraction(text.strip()) == next(iter(problem.solution.values())), text
    if "«y = ...»" in second:
        assert text.strip().splitlines()[-1].strip() == "y = 9", text


ROUND2_TRAPS = [
    ("Can you help me with the equation 3x + 1 = 7 for y?", "Can you help me with the equation 3x + 1 = 7?"),
    ("Can you help me with the equation 3x + 1 = 7 in LaTeX?", "Can you help me with the equation 3x + 1 = 7?"),
    ("Can you help me with the equation 3x + 1 = 7? I got x = 3.", "Can you help me with the equation 3x + 1 = 7?"),
    ("Домашнее задание, №12. Решите 9 - 2y = -7. Ответ запишите в виде «z = ...».",
     "Домашнее задание, №12. Решите 9 - 2y = -7. Ответ запишите в виде «y = ...»."),
    ("求 y：5y + 2 = 3y + 20。只写答案数字和单位。", "求 y：5y + 2 = 3y + 20。只写答案数字。"),
    ("Me ajuda com o sistema x + y = 18 e 2x - y = 12 só pra x?", "Me ajuda com o sistema x + y = 18 e 2x - y = 12?"),
    ("Resuelve 2x + 5 = 33. ¿Me ayudas? Solo quiero el número redondeado.", "Resuelve 2x + 5 = 33. ¿Me ayudas? Solo quiero el número."),
]


@pytest.mark.parametrize(("trap", "base"), ROUND2_TRAPS)
def test_a_round2_trap_is_no_claim(trap: str, base: str) -> None:
    assert_linear_trap_declined(trap, base)
