"""Linear reach, round I (issue 33 items 2-4, branch wip/linI), written by hand per class, not from
any held-out file. Each pair: the first prompt is answered by a model that is never right (only what
the checker or the deterministic fallback proves is stored), then the second is served proven
without a model call and exactly right; each trap is no claim, or, when read, answers exactly what
it asks.

Classes: the equation set up (written) before it is solved ("Set up x + 19 = 21 and solve it.",
"Write the equation x + 5 = 17 and solve", "Plantea ... y resuélvela"); a number sentence whose
result is negative ("Five times a number minus 9 equals -46.": the cached answer negative, then a
variant re-instantiated); "the sum of a number and 7 is 19"; the answer asked as JSON
('... reply as JSON like {"x": <value>}': the last line is that object, its keys exactly the
unknowns asked, its values the exact solution as JSON numbers)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import NeverRightModel, served_linear, stated_value


def served(first: str, second: str) -> str:
    return served_linear(first, second)


PAIRS = [
    # the equation set up, then solved
    ("Set up x + 19 = 21 and solve it.", "Set up x + 19 = 25 and solve it.", {"x": 6}),
    ("Write the equation x + 5 = 17 and solve", "Write the equation x + 5 = 20 and solve", {"x": 15}),
    ("Set up the equation 2y - 1 = 9 and solve for y.", "Set up the equation 2y - 1 = 13 and solve for y.", {"y": 7}),
    ("Plantea x + 19 = 21 y resuélvela.", "Plantea x + 19 = 30 y resuélvela.", {"x": 11}),
    ("Plantea la ecuación 3x = 12 y resuélvela.", "Plantea la ecuación 3x = 15 y resuélvela.", {"x": 5}),
    # number sentences: a negative result, cached negative then re-instantiated, and back
    ("Five times a number minus 9 equals -46. What is the number?",
     "Five times a number minus 9 equals -41. What is the number?", {"x": Fraction(-32, 5)}),
    ("Twice a number plus 3 equals -10. What is the number?",
     "Twice a number plus 3 equals 21. What is the number?", {"x": 9}),
    ("Twice a number plus 3 equals 21. What is the number?",
     "Twice a number plus 3 equals -11. What is the number?", {"x": -7}),
    ("El triple de un número más 4 es igual a -20. ¿Cuál es el número?",
     "El triple de un número más 4 es igual a 25. ¿Cuál es el número?", {"x": 7}),
    ("某数的5倍减去3等于-18，求这个数。", "某数的5倍减去3等于22，求这个数。", {"x": 5}),
    ("ある数を3倍して4を足すと-5になります。ある数はいくつですか？",
     "ある数を3倍して4を足すと19になります。ある数はいくつですか？", {"x": 5}),
    # the sum of a number and b
    ("The sum of a number and 7 is 19. What is the number?", "The sum of a number and 7 is 25. What is the number?", {"x": 18}),
    ("The sum of a number and 7 is -19. Find the number.", "The sum of a number and 7 is 2. Find the number.", {"x": -5}),
    ("La suma de un número y 7 es 19. ¿Cuál es el número?", "La suma de un número y 7 es 25. ¿Cuál es el número?", {"x": 18}),
    ("Die Summe einer Zahl und 7 ist 19. Wie heißt die Zahl?", "Die Summe einer Zahl und 7 ist 25. Wie heißt die Zahl?", {"x": 18}),
]


@pytest.mark.parametrize(("first", "second", "expected"), PAIRS)
def test_served_and_exactly_right(first: str, second: str, expected: dict[str, Fraction]) -> None:
    text = served(first, second)
    lines = text.strip().splitlines()
    for name, value in expected.items():
        assert stated_value(lines[-1], name, decimal_comma=True) == Fraction(value), (second, text)


@pytest.mark.parametrize(("first", "second", "bare"), [
    ("Twice a number plus 3 equals -10. What is the number? Just the number.",
     "Twice a number plus 3 equals 20. What is the number? Just the number.", "8.5"),
    ("Five times a number minus 9 equals 41. What is the number? Just the number.",
     "Five times a number minus 9 equals -46. What is the number? Just the number.", "-7.4"),
    ("El triple de un número más 4 es igual a 19. ¿Cuál es el número? Solo el número.",
     "El triple de un número más 4 es igual a -26. ¿Cuál es el número? Solo el número.", "-10"),
    ("Das Dreifache einer Zahl plus 4 ergibt 19. Wie heißt die Zahl? Nur die Zahl.",
     "Das Dreifache einer Zahl plus 4 ergibt -8. Wie heißt die Zahl? Nur die Zahl.", "-4"),
])
def test_the_number_alone_after_a_number_sentence(first: str, second: str, bare: str) -> None:
    assert served(first, second).strip() == bare


NUMBER_TRAPS = [
    "Write the equation x + 5 = 17.",                           # nothing asked
    "Set up x + 19 = 21.",
    "Write the equation x + 5 = 17 and solve for y.",           # y is no unknown of it
    "Set up x + 19 = 21 and solve 2x = 4.",                     # another equation solved
    "Five times a number minus 9 equals - 46. What is the number?",  # a dash apart: no number
    "Five times a number minus 9 equals --46. What is the number?",
    "Five times a number minus 9 equals 4-6. What is the number?",
    "Five times a number minus -9 equals 46. What is the number?",  # a negative number elsewhere: no shape
    "-5 times a number minus 9 equals 46. What is the number?",
    "Lena is 4 times as old as her nephew. Lena is -30 years older than her nephew. How old is the nephew?",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost -19. How many miles did I travel?",
    "The sum of a number and 7 is 19. What is twice the number?",
    "The sum of two numbers and 7 is 19. What is the number?",
    "The sum of a number and a number is 19. What is the number?",
]


@pytest.mark.parametrize("trap", NUMBER_TRAPS)
def test_a_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


# -- the answer asked as a JSON object: the last line is the object, keys exactly the unknowns asked
JSON_PAIRS = [
    ('Solve 3x + 8 = 41 and reply as JSON like {"x": <value>}.',
     'Solve 3x + 8 = 44 and reply as JSON like {"x": <value>}.', {"x": 12}),
    ('Solve 3x - 4 = 11 and reply as JSON like {"x": ...}.', 'Solve 3x - 4 = 23 and reply as JSON like {"x": ...}.', {"x": 9}),
    ('Solve 2x + 1 = 9. Return the solution as JSON {"x": ...}', 'Solve 2x + 1 = 11. Return the solution as JSON {"x": ...}', {"x": 5}),
    ('System: Answer in JSON: {"x": number} | User: 2x + 1 = 9', 'System: Answer in JSON: {"x": number} | User: 2x + 1 = 11', {"x": 5}),
    ('Solve x + y = 10, x - y = 4. Reply in JSON: {"x": ..., "y": ...}',
     'Solve x + y = 12, x - y = 4. Reply in JSON: {"x": ..., "y": ...}', {"x": 8, "y": 4}),
    ('Solve 2x + 7 = 3 and reply as JSON like {"x": <value>}.', 'Solve 2x + 7 = -9 and reply as JSON like {"x": <value>}.', {"x": -8}),
    ('Resuelve 2x + 1 = 9. Responde en JSON: {"x": ...}', 'Resuelve 2x + 1 = 11. Responde en JSON: {"x": ...}', {"x": 5}),
]


@pytest.mark.parametrize(("first", "second", "expected"), JSON_PAIRS)
def test_the_answer_asked_as_json_is_served_as_that_object(first: str, second: str, expected: dict[str, Fraction]) -> None:
    text = served(first, second)
    last = text.strip().splitlines()[-1]
    read = json.loads(last)
    assert isinstance(read, dict) and set(read) == set(expected), text
    for name, value in expected.items():
        assert isinstance(read[name], (int, float)) and not isinstance(read[name], bool), text
        assert Fraction(str(read[name])) == Fraction(value), text


JSON_TRAPS = [
    'Solve 3x + 8 = 41 and reply as JSON like {"y": <value>}.',              # a key that is no unknown solved
    'Solve 3x + 8 = 41 and reply as JSON like {"x": ..., "check": ...}.',   # another key
    'Solve 3x + 8 = 41 and reply as JSON like {"answer": ...}.',            # no unknown's key: not declared
    'Solve 3x + 8 = 41 and reply as JSON like {"x": "<value>"}.',           # a string slot
    'Solve 3x + 8 = 41 and reply as JSON like {"x": ..., "x": ...}.',       # a key twice
    'Solve x + y = 10, x - y = 4. Reply in JSON: {"x": ...}',               # one unknown of two (both asked)
    'Solve x + y = 10, x - y = 4 for x. Reply in JSON: {"x": ..., "y": ...}',  # y not asked
    'Solve 3x + 1 = 10 and reply as JSON like {"x": <value>}. Answer in one line.',  # two forms? one line is read apart
    'Solve 3x + 1 = 9 and reply as JSON like {"x": <value>}.',              # x = 8/3: no JSON number
    'Solve 2x + 1 = 9. Give x as a fraction. Reply as JSON like {"x": ...}',  # a fraction in JSON
    'Find x squared if 2x = 6. Reply as JSON like {"x": ...}',              # an expression asked, the key names x
    'Solve 3x + 8 = 41 and reply as JSON like {"x": <value>} please {',
    'Solve 3x + 8 = 41 and reply as YAML like {"x": <value>}.',
]


@pytest.mark.parametrize("trap", JSON_TRAPS[:7] + JSON_TRAPS[8:])
def test_a_json_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


def test_one_line_beside_json_is_the_object_alone() -> None:
    """"Answer in one line" beside the JSON form: when read, the whole answer is that one object line."""
    problem = understand_prompt(JSON_TRAPS[7])
    if problem is not None:
        text = served(JSON_TRAPS[7].replace("10", "7"), JSON_TRAPS[7])
        assert json.loads(text.strip().splitlines()[-1]) == {"x": 3}, text


@pytest.mark.parametrize("answer", [
    '{"x": 12.0}', '{"x": "12"}', '{"x": 12e0}', '{"x": 12, "y": 0}', '{"x": 12, "x": 12}', '{"x": 13}',
    '{"y": 12}', '{"x": true}', 'x = 12', '{"x": 12} ', 'Answer: x = 12',
])
def test_a_model_answer_not_the_exact_object_is_never_verified(answer: str) -> None:
    """The model's own answer: only the object with the exact value of x, as a canonical JSON number."""
    cache = StepCache()
    prompt = 'Solve 3x + 8 = 44 and reply as JSON like {"x": <value>}.'
    out = cache.generate(prompt, lambda _p: f"Step 1: 3x = 36.\nStep 2: x = 12.\n{answer}")
    if answer.strip() == '{"x": 12}':
        assert out.verified, out.text
        return
    # never verified as written: a verified answer is the fallback's, its last line the exact object
    assert not out.verified or json.loads(out.text.strip().splitlines()[-1]) == {"x": 12}, out.text
    assert out.text.strip().splitlines()[-1] != answer.strip() or not out.verified, out.text


@pytest.mark.parametrize(("prompt", "task"), [
    ('Solve 3x + 8 = 41 and reply as JSON like {"x": <value>}.', "linear_equation"),
    ('Return a JSON object with keys "equation" and "x": equation "2x + 1 = 9", x 4.', "json"),
    ('Return JSON {"eq": "3x + 8 = 41"}', "json"),
    ('Solve 3x + 8 = 41 and reply as JSON like {"answer": <value>}.', "json"),
    ('Return a JSON object with keys name and age: name "Bob", age 30.', "json"),
])
def test_routing_a_linear_problem_asked_as_json_is_linear_and_json_prompts_stay_json(prompt: str, task: str) -> None:
    """The linear task is tried first and claims only prompts its grammar derives whole."""
    cache = StepCache()
    assert cache.tasks.select(prompt).name == task, prompt


def test_a_decimal_solution_in_json_is_exact() -> None:
    """x = 2.5 is a JSON number: the answer (the fallback's after the model's) is verified and exact."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate('Solve 4x + 2 = 8 and reply as JSON like {"x": <value>}.', model)
    out = cache.generate('Solve 4x + 2 = 12 and reply as JSON like {"x": <value>}.', model)
    assert out.verified and out.text.strip().splitlines()[-1] == '{"x": 2.5}', out.text


# -- code-switching: an English question after another table's request ("Resuelve please: ..., what's
# x?"); a letter that begins a phrase of the table is no unknown ("... What's n? I keep getting it
# wrong lol"); ages told in two sentences (it "Insieme hanno 50 anni.", ja "...3倍です。")
MORE_PAIRS = [
    ("Resuelve please: 2x + 11 = 35, what's x?", "Resuelve please: 2x + 11 = 45, what's x?", {"x": 17}),
    ("Résous please : 3x + 1 = 10, what is x ?", "Résous please : 3x + 1 = 16, what is x ?", {"x": 5}),
    ("Risolvi please: 2x = 8, what's x?", "Risolvi please: 2x = 14, what's x?", {"x": 7}),
    ("Löse please: x + 4 = 9, what's x?", "Löse please: x + 4 = 19, what's x?", {"x": 15}),
    ("Resolva please: 5x = 20, what's x?", "Resolva please: 5x = 35, what's x?", {"x": 7}),
    ("My homework says: a number n times 3, plus 8, equals 29. What's n? I keep getting it wrong lol",
     "My homework says: a number n times 3, plus 8, equals 41. What's n? I keep getting it wrong lol", {"n": 11}),
    ("A number k times 2, plus 1, equals 9. What's k? I keep getting it wrong.",
     "A number k times 2, plus 1, equals 15. What's k? I keep getting it wrong.", {"k": 7}),
    ("Marco ha 4 volte l'età di suo figlio. Insieme hanno 50 anni. Quanti anni ha il figlio?",
     "Marco ha 4 volte l'età di suo figlio. Insieme hanno 60 anni. Quanti anni ha il figlio?", {"x": 12}),
    ("Marco ha 4 volte l'età di suo figlio. Insieme hanno 50 anni. Quanti anni ha Marco?",
     "Marco ha 4 volte l'età di suo figlio. Insieme hanno 60 anni. Quanti anni ha Marco?", {"x": 48}),
    ("父の年齢は子どもの年齢の3倍です。二人の年齢の合計は48歳です。子どもは何歳ですか？",
     "父の年齢は子どもの年齢の3倍です。二人の年齢の合計は60歳です。子どもは何歳ですか？", {"x": 15}),
    ("父の年齢は子どもの年齢の3倍です。二人の年齢の合計は48歳です。父は何歳ですか？",
     "父の年齢は子どもの年齢の3倍です。二人の年齢の合計は60歳です。父は何歳ですか？", {"x": 45}),
]


@pytest.mark.parametrize(("first", "second", "expected"), MORE_PAIRS)
def test_more_served_and_exactly_right(first: str, second: str, expected: dict[str, Fraction]) -> None:
    text = served(first, second)
    for name, value in expected.items():
        assert stated_value(text.strip().splitlines()[-1], name, decimal_comma=True) == Fraction(value), (second, text)


MORE_TRAPS = [
    "Resuelve please: 2x + 11 = 35, what's y?",              # no unknown of it
    "Resuelve please: 2x + 11 = 35, what's x squared?",
    "Résous please : x + y = 10, what is x ?, y = 2x + 1 ?",
    "A number n times 3, plus 8, equals 29. What's m? I keep getting it wrong.",
    "A number n times 3, plus 8, equals 29. What is I?",
    "lol",
    "Solve 2x + 1 = 9 lol what is y",
    "Marco ha 4 volte l'età di suo figlio. Insieme hanno 50 anni. Quanti anni ha la figlia?",
    "Marco ha 4 volte l'età di suo figlio. Insieme hanno 50 euro. Quanti anni ha il figlio?",
    "父の年齢は子どもの年齢の3倍です。二人の年齢の合計は48歳です。母は何歳ですか？",
]


@pytest.mark.parametrize("trap", MORE_TRAPS)
def test_more_traps_are_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


# -- a few-shot exchange before the problem: an earlier problem answered by its values ("A: x = 3"). Answered
# by its number alone ("A: 3") it was read here too until red team 30 (B): the number alone is a form the
# reply should follow and the cache's answer ("Answer: x = 7") does not, so that history is no claim now.
FEW_SHOT = "Q: Twice a number plus 1 equals 7. What is the number?\nA: x = 3\nQ: Three times a number plus 4 equals {t}. What is the number?"
FEW_SHOT_EQ = "User: Solve 2x + 1 = 7.\nAssistant: x = 3\nUser: Solve 3x + 4 = {t}."


@pytest.mark.parametrize(("template", "value"), [(FEW_SHOT, 7), (FEW_SHOT_EQ, 7)])
def test_a_few_shot_line_answered_by_its_values_before_the_problem(template: str, value: int) -> None:
    text = served(template.format(t=19), template.format(t=25))
    assert stated_value(text.strip().splitlines()[-1], "x", decimal_comma=True) == value, text


@pytest.mark.parametrize("template", [FEW_SHOT, FEW_SHOT_EQ])
def test_a_few_shot_line_answered_by_its_number_alone_is_no_claim(template: str) -> None:
    assert understand_prompt(template.replace("x = 3", "3").format(t=25)) is None


@pytest.mark.parametrize("trap", [
    "Q: Solve x + y = 5, x - y = 1.\nA: 3\nQ: Solve 3x + 4 = 19.",            # one number for two unknowns
    "Q: Twice a number plus 1 equals 7. What is the number?\nA: 3 apples\nQ: Solve 3x + 4 = 19.",
    "Q: Twice a number plus 1 equals 7. What is the number?\nA: 3, in French from now on\nQ: Solve 3x + 4 = 19.",
    "Q: Solve 2x + 1 = 7 step by step.\nA: 3\nQ: Solve 3x + 4 = 19.",          # an earlier format
])
def test_a_few_shot_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
