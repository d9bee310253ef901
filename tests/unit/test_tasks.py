from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import InvalidSchemaError, JsonTask, LinearEquationTask, TextTask
from stepcache_integrations.core.tasks.json.request import required_keys_from_prompt
from stepcache_integrations.core.tasks.algebra import NotLinear, parse_linear
from stepcache_integrations.core.tasks.algebra import solve_system

from ..network_guard import block_network

MATH = "Solve for x step by step: 3x + 5 = 20."
GOOD = "Step 1: 3x + 5 = 20\nStep 2: Subtract 5 from both sides: 3x = 15\nStep 3: Divide by 3: x = 5\nAnswer: x = 5"
linear = LinearEquationTask()
js = JsonTask()
text = TextTask()


def verdicts(task, answer: str, prompt: str, cached_prompt: str | None = None) -> list[bool]:
    c = task.constraints(prompt)
    old = task.constraints(cached_prompt) if cached_prompt else None
    return [u.ok for u in task.verify(task.segment(answer, c), c, old).units]


# -- linear equations --------------------------------------------------------------------
def test_linear_parser_exact_and_bounded() -> None:
    form = parse_linear("2(y - 1) - 3y + 4/3")
    assert dict(form.coeffs) == {"y": Fraction(-1)} and form.const == Fraction(-2, 3)
    for bad in ["x*y", "x^2", "1/x", "__import__('os')", "9" * 200, "(" * 50 + "x" + ")" * 50, "6 1/2", "2x + 3 4"]:
        with pytest.raises(NotLinear):
            parse_linear(bad)


def test_linear_detection_and_solution() -> None:
    assert linear.detect(MATH)
    assert not linear.detect("What is the capital of France?")
    c = linear.constraints("Solve the system 2a + 3b = 12 and a - b = 1 for a and b.")
    assert c["variables"] == ["a", "b"] and c["solution"] == {"a": "3", "b": "2"}
    assert solve_system((parse_linear("x - x + 1"),)) is None  # no solution


def test_linear_correct_steps_pass_and_wrong_arithmetic_fails() -> None:
    assert verdicts(linear, GOOD, MATH) == [True, True, True, True]
    wrong = GOOD.replace("3x = 15", "3x = 14")
    assert verdicts(linear, wrong, MATH) == [True, False, True, True]


def test_linear_stale_constants_and_variables_fail() -> None:
    # Constant changed: the restated equation and every derived value is stale.
    assert verdicts(linear, GOOD, "Solve for x step by step: 3x + 7 = 20.", MATH) == [False, False, False, False]
    # Variable renamed: every step naming x fails.
    assert not any(verdicts(linear, GOOD, "Solve for y step by step: 3y + 5 = 20.", MATH))
    # Prose step mentioning a stale constant fails too.
    prose = "Step 1: Subtract 5 from both sides.\nStep 2: x = 5"
    # 5 is both a stale constant and the new answer (3x + 7 = 22): the operation must still fail.
    assert verdicts(linear, prose, "Solve for x: 3x + 7 = 22.", "Solve for x: 3x + 5 = 20.")[0] is False


def test_linear_final_answer_must_state_every_variable() -> None:
    c = linear.constraints(MATH)
    assert linear.check_answer(linear.segment("Step 1: 3x + 5 = 20", c), c)
    assert not linear.check_answer(linear.segment(GOOD, c), c)


def test_linear_reinstantiation_recomputes_numbers() -> None:
    old = linear.constraints(MATH)
    new = linear.constraints("Solve for t step by step: 3t + 8 = 20.")
    steps = linear.reinstantiate(linear.segment(GOOD, old), old, new)
    assert steps is not None
    out = "".join(s.text for s in steps)
    assert "3t + 8 = 20" in out and "3t = 12" in out and "t = 4" in out and "x" not in out
    assert linear.verify(steps, new, old).passed


def test_linear_reinstantiation_refuses_other_equation_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    # the rewrite itself (the engine's own derivation, written when a rewrite fails since wip/linK, off)
    monkeypatch.setattr("stepcache_integrations.core.tasks.linear.task._same_kind", lambda *a: False)
    old = linear.constraints(MATH)
    new = linear.constraints("Solve for x: 2(x + 3) = 10.")
    assert linear.reinstantiate(linear.segment(GOOD, old), old, new) is None


def test_linear_reinstantiation_handles_sign_flips_and_colliding_numbers() -> None:
    base = "Solve for x: 3x - 1 = 2."
    answer = "Step 1: 3x - 1 = 2\nStep 2: Add 1 to both sides: 3x = 3\nStep 3: Divide by 3: x = 1\nAnswer: x = 1"
    old = linear.constraints(base)
    for prompt, expected in [
        ("Solve for x: 3x + 19 = 52.", ["3x + 19 = 52", "Subtract 19 from both sides: 3x = 33", "x = 11"]),
        ("Solve for x: 3x - 4 = 11.", ["3x - 4 = 11", "Add 4 to both sides: 3x = 15", "x = 5"]),
    ]:
        new = linear.constraints(prompt)
        steps = linear.reinstantiate(linear.segment(answer, old), old, new)
        assert steps is not None and linear.verify(steps, new, old).passed
        text = "".join(s.text for s in steps)
        assert all(part in text for part in expected), text


def test_linear_stale_equation_with_the_same_solution_fails() -> None:
    answer = "Step 1: 6r + 5 = 23\nStep 2: 6r = 18\nAnswer: r = 3"
    assert verdicts(linear, answer, "Solve for r: 6r - 5 = 13.", "Solve for r: 6r + 5 = 23.")[0] is False


def test_linear_fallback_is_correct() -> None:
    for prompt in [MATH, "Solve 7 - 2y = 3y + 1 for y", "Solve 2a + 3b = 12 and a - b = 1"]:
        c = linear.constraints(prompt)
        answer = linear.fallback(c)
        assert answer is not None
        assert linear.check_answer(linear.segment(answer, c), c) == []


# -- JSON ----------------------------------------------------------------------------------
PERSON = "Return a JSON object for a person named Alice Smith, age 34, with keys name, age and city."


def test_required_keys_from_wording() -> None:
    assert required_keys_from_prompt(PERSON) == ["name", "age", "city"]
    assert required_keys_from_prompt("JSON with fields: `id`, `title`, and `tags`.") == ["id", "title", "tags"]


def test_json_key_level_verdicts() -> None:
    answer = 'Here: {"name": "Alice Smith", "age": 34}'
    c = js.constraints(PERSON)
    v = js.verify(js.segment(answer, c), c, None)
    assert {u.name: u.ok for u in v.units} == {"name": True, "age": True, "city": False}


def test_json_schema_types_and_stale_values() -> None:
    schema = {
        "type": "object",
        "properties": {"age": {"type": "integer"}, "name": {"type": "string"}},
        "required": ["age"],
    }
    c = js.constraints("Give JSON for Bob Jones.", schema)
    assert js.verify(js.segment('{"age": "old"}', c), c, None).passed is False
    old = js.constraints("Give JSON for Alice Smith.", schema)
    cached = js.segment('{"age": 3, "name": "Alice Smith"}', c)
    v = js.verify(cached, c, old)
    # age 3 was never stated: nothing shows it holds for Bob Jones, so it is regenerated.
    assert {u.name: u.ok for u in v.units} == {"age": False, "name": False}
    # "for Alice Smith" names no role: the name is not re-bound either (the value of a key may
    # merely equal a slot, like the country of the city "Singapore").
    assert js.reinstantiate(cached, old, c) is None
    # "named Bob Jones" is no statement of the closed grammar ("... named bob. Write it in title
    # case" would need "Bob"): a slot that replaced another proves nothing, so nothing is re-bound.
    named_old = js.constraints("Give JSON for a person named Alice Smith.", schema)
    named_new = js.constraints("Give JSON for a person named Bob Jones.", schema)
    assert js.reinstantiate(cached, named_old, named_new) is None
    v = js.verify(cached, named_new, named_old)
    assert {u.name: u.ok for u in v.units} == {"age": False, "name": False}


def test_invalid_and_remote_schemas(monkeypatch: pytest.MonkeyPatch) -> None:
    attempts = block_network(monkeypatch)
    with pytest.raises(InvalidSchemaError):
        js.constraints("JSON please", {"type": "objekt"})
    with pytest.raises(InvalidSchemaError):
        js.constraints("JSON please", ["not", "a", "dict"])  # type: ignore[arg-type]
    remote = {"$ref": "https://example.invalid/schema.json"}
    c = js.constraints("JSON please", remote)
    v = js.verify(js.segment('{"a": 1}', c), c, None)  # never fetched: a clear failure instead
    assert not v.passed
    assert js.check_answer(js.segment('{"a": 1}', c), c)
    assert attempts == [], "a schema $ref was fetched over the network"


def test_json_reinstantiation_substitutes_entity_values() -> None:
    prompt = PERSON.replace("age and city", "age, city and email")
    old = js.constraints(prompt)
    new = js.constraints(prompt.replace("Alice Smith", "Bob Jones"))
    cached = js.segment('{"name": "Alice Smith", "age": 34, "city": "Lyon", "email": "alice.smith@x.org"}', old)
    # Only statements of a plain request are values as written; "named Bob Jones" is none, and
    # nothing else in the prompt is proven: no key is re-instantiated, every changed one regenerated.
    assert js.reinstantiate(cached, old, new) is None
    verdict = {u.name: u.ok for u in js.verify(cached, new, old).units}
    assert verdict["name"] is False and verdict["email"] is False


def test_text_reinstantiation_is_opt_in() -> None:
    old = text.constraints("What is the capital of France?")
    new = text.constraints("What is the capital of Germany?")
    steps = text.segment("The capital of France is Paris.", old)
    assert text.reinstantiate(steps, old, new) is None
    assert not text.verify(steps, new, old).passed
    opted_task = TextTask(reinstantiate=True)
    opted = opted_task.reinstantiate(steps, old, new)
    assert opted is not None and "Germany" in opted[0].text
    # Served only under the opt-in's stated assumption, and the evidence says so.
    units = opted_task.verify(opted, new, old).units
    assert [u.ok for u in units] == [True] and "opt-in" in units[0].evidence
    assert not opted_task.verify(steps, text.constraints("What is the capital of Germany today?"), old).passed


# -- text ---------------------------------------------------------------------------------
def test_text_slot_diff() -> None:
    answer = "1. Build the Orders image.\n2. Review with Priya.\n3. Ship on Friday."
    prompt = "Plan moving the Orders service; lead Priya; cut-over Friday."
    assert verdicts(text, answer, prompt, prompt) == [True, True, True]
    assert verdicts(text, answer, f"  {prompt}\r\n", prompt) == [False, False, False]  # the safe set is empty
    reformatted = "**Plan  moving the Orders service**; lead Priya; cut-over Friday!"
    assert verdicts(text, answer, reformatted, prompt) == [False, False, False]  # markdown, spaces, "!"
    # Case inside a sentence and separators between clauses can carry meaning: not proven.
    assert verdicts(text, answer, prompt.replace("Orders", "orders"), prompt) == [False, False, False]
    assert verdicts(text, answer, prompt.replace("Priya;", "Priya,"), prompt) == [False, False, False]
    # A changed detail changes what every step may depend on: nothing is proven, nothing served.
    assert verdicts(text, answer, prompt.replace("Friday", "Monday"), prompt) == [False, False, False]


# -- robustness -----------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300), st.text(max_size=120))
def test_verifiers_never_raise(answer: str, prompt: str) -> None:
    for task in (linear, js, text):
        c = task.constraints(prompt or "x")
        steps = task.segment(answer, c)
        task.verify(steps, c, c)
        task.check_answer(steps, c)


_PROMPT_PART = st.sampled_from(
    ['name "Ann"', 'name "Bo"', "age 3", "age 30 and older", "keys name, age", "Required keys: name, age.",
     "(", ")", "in French", "as a string", "for a person", "named Ann", "Ann", "9" * 50, ",", ".", "\n", "JSON"]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_PROMPT_PART, max_size=12), st.lists(_PROMPT_PART, max_size=12), st.text(max_size=80))
def test_json_and_text_pair_verdicts_never_raise(old_parts: list[str], new_parts: list[str], noise: str) -> None:
    old_prompt, new_prompt = " ".join(old_parts) or "x", " ".join(new_parts) + noise or "y"
    for task in (js, text):
        old, new = task.constraints(old_prompt), task.constraints(new_prompt)
        for answer in ('{"name": "Ann", "age": 3}', '{"name": ["Ann"], "age": 3.5, "x": null}', "Ann is 3."):
            steps = task.segment(answer, old)
            task.verify(steps, new, old)
            rewritten = task.reinstantiate(steps, old, new)
            if rewritten is not None:
                task.verify(rewritten, new, old)


def test_json_sentence_initial_name_change_is_stale() -> None:
    old = js.constraints("Extract as JSON with keys name and age: Alice is 30.")
    new = js.constraints("Extract as JSON with keys name and age: Bob is 30.")
    steps = js.segment('{"name": "Alice", "age": 30}', old)
    # 30 is not stated as the age ("Alice is 30" has no key word): it is regenerated too.
    assert {u.name: u.ok for u in js.verify(steps, new, old).units} == {"name": False, "age": False}
    assert js.reinstantiate(steps, old, new) is None  # no key word binds "Alice" to the name


def test_json_values_stated_in_the_prompt_are_checked_filled_and_extras_kept() -> None:
    base = 'Return a JSON object for a book with title "Dune", author "Frank Herbert", year 1965. Required keys: title, author, year.'
    movie = 'Return a JSON object for a movie with title "Paper Moons", director "Ines Laurent", year 2004. Required keys: title, director, year.'
    old, new = js.constraints(base), js.constraints(movie)
    assert new["stated"] == {"title": "Paper Moons", "director": "Ines Laurent", "year": 2004}
    cached = js.segment('{"title": "Dune", "author": "Frank Herbert", "year": 1965}', old)
    # book -> movie is a change of content, not of stated values: nothing is re-instantiated.
    assert js.reinstantiate(cached, old, new) is None
    other_movie = movie.replace("Paper Moons", "Night Train").replace("2004", "1998")
    older = js.constraints(other_movie)
    cached = js.segment('{"title": "Night Train", "director": "Ines Laurent", "year": 1998}', older)
    steps = js.reinstantiate(cached, older, new)
    assert steps is not None and json.loads(steps[0].text) == {"title": "Paper Moons", "director": "Ines Laurent", "year": 2004}
    assert js.verify(steps, new, older).passed
    wrong = js.segment('{"title": "Paper Moons", "director": "Someone", "year": 2004, "author": "x"}', new)
    # a key the model wrote is never trimmed (the served text is the model's); it is judged like the others
    assert json.loads(wrong[0].text)["author"] == "x"
    units = {u.name: u.ok for u in js.verify(wrong, new, None).units}
    assert units == {"title": True, "director": False, "year": True, "author": True}
    assert json.loads(js.fallback(new) or "{}") == new["stated"]


def test_json_a_declared_transform_rewrites_and_binds_the_transformed_value() -> None:
    plain = 'Return a JSON object for an item with item "lamp", price 104. Required keys: item, price.'
    ruled = plain.replace("Required keys", "Round the price to the nearest ten. Required keys")
    cached_prompt = plain.replace("104", "97")
    steps = js.segment('{"item": "lamp", "price": 97}', js.constraints(cached_prompt))
    rewritten = js.reinstantiate(steps, js.constraints(cached_prompt), js.constraints(ruled))
    assert rewritten is not None and json.loads(rewritten[0].text) == {"item": "lamp", "price": 100}
    units = {u.name: u.ok for u in js.verify(steps, js.constraints(ruled), js.constraints(cached_prompt)).units}
    assert units["price"] is False  # 97 is not round(104, ten)
    as_written = js.segment('{"item": "lamp", "price": 104}', js.constraints(plain))
    assert {u.name: u.ok for u in js.verify(as_written, js.constraints(ruled), js.constraints(plain)).units}["price"] is False
    assert js.problem_key(js.constraints(ruled)) != js.problem_key(js.constraints(plain.replace("104", "100")))
    assert js.shape_key(js.constraints(ruled)) != js.shape_key(js.constraints(plain))


# -- issue 19 rules, each also covered by an adversarial pair --------------------------------
def test_linear_one_answer_line_and_nothing_after_it() -> None:
    c = linear.constraints(MATH)
    restarted = GOOD + "\nStep 1: 3x + 5 = 20\nStep 2: Subtract 5 from both sides: 3x = 15"
    assert any("follow the final answer" in e for e in linear.check_answer(linear.segment(restarted, c), c))
    doubled = GOOD + "\nAnswer: x = 5"
    assert any("more than once" in e for e in linear.check_answer(linear.segment(doubled, c), c))
    assert linear.check_answer(linear.segment(GOOD, c), c) == []


def test_linear_unread_operation_fails_its_step() -> None:
    c = linear.constraints(MATH)
    worded = GOOD.replace("Subtract 5 from both sides", "Subtract five from both sides")
    assert verdicts(linear, worded, MATH)[1] is False
    assert verdicts(linear, GOOD, MATH) == [True, True, True, True]
    assert linear.check_answer(linear.segment(worded, c), c)


def test_json_statements_of_a_prompt_with_a_rule_prove_nothing() -> None:
    # "to the nearest ten" is now a declared transform (next test); rounding down is a rule none reads
    plain = 'Return a JSON object for an item with item "lamp", price 104. Required keys: item, price.'
    ruled = plain.replace("Required keys", "Round the price down to the nearest ten. Required keys")
    cached_prompt = plain.replace("104", "97")
    steps = js.segment('{"item": "lamp", "price": 97}', js.constraints(cached_prompt))
    rewritten = js.reinstantiate(steps, js.constraints(cached_prompt), js.constraints(plain))
    assert rewritten is not None and json.loads(rewritten[0].text) == {"item": "lamp", "price": 104}
    assert js.reinstantiate(steps, js.constraints(cached_prompt), js.constraints(ruled)) is None
    units = {u.name: u.ok for u in js.verify(steps, js.constraints(ruled), js.constraints(cached_prompt)).units}
    assert units == {"item": False, "price": False}
    assert js.constraints(ruled)["stated"] == {}


def test_json_statement_of_an_unplain_prompt_is_no_evidence_even_when_the_cached_answer_wrote_it() -> None:
    # Neither prompt is plain ("Report ..." is outside the framing grammar): the cached answer wrote
    # the statement literally, but under the new prompt's rule the same statement means 3, not -3.
    old_prompt = 'Return a JSON object with keys city and temp_change for city "Oslo", temp_change -3. Report it.'
    new_prompt = old_prompt.replace("Report it.", "Report temp_change as an absolute value.")
    old, new = js.constraints(old_prompt), js.constraints(new_prompt)
    cached = js.segment('{"city": "Oslo", "temp_change": -3}', old)
    units = {u.name: u.ok for u in js.verify(cached, new, old).units}
    assert units == {"city": False, "temp_change": False}
