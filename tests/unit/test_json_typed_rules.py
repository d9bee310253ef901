"""The JSON task's typed-binding and entity rules at the task's own interface (no StepCache):
what it reads as a statement, which prompts are plain, what level it gives a key, what the text
check binds, and what a re-instantiation writes. Each rule on its own (README "What `verified`
means", row json)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.json import JsonTask
from stepcache_integrations.core.tasks.json.evidence import plain_request, statements
from stepcache_integrations.core.tasks.json.literal import binds_literal

js = JsonTask()


def ask(entity: str, stated: str, keys: str) -> str:
    article = "an" if entity[0] in "aeiou" else "a"
    return f"Return a JSON object for {article} {entity} with {stated}. Required keys: {keys}."


# -- statements are typed ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "stated, value",
    [("flag true", True), ("flag false", False), ("flag 1", 1), ("flag 9007199254740993", 9007199254740993),
     ("flag -12345678901234567890123", -12345678901234567890123), ("flag 2.5", 2.5), ('flag "true"', "true")],
)
def test_a_statement_keeps_its_json_type(stated: str, value: object) -> None:
    found = js.constraints(ask("device", stated, "flag"))["stated"]
    assert list(found) == ["flag"] and type(found["flag"]) is type(value) and found["flag"] == value


@pytest.mark.parametrize("stated", ["flag true and flag 1", "flag 0, flag false", "flag True", "flag TRUE", "flag -0"])
def test_no_statement_of_a_key_stated_twice_as_two_typed_values_or_not_as_json(stated: str) -> None:
    assert "flag" not in statements(stated + ".", ("flag",))
    assert js.constraints(ask("device", stated, "flag"))["stated"] == {}


# -- the entity vocabulary ---------------------------------------------------------------------------
@pytest.mark.parametrize("entity", ["person", "user", "product", "order", "customer", "book", "record", "entry"])
def test_an_entity_of_the_vocabulary_keeps_a_request_plain(entity: str) -> None:
    assert plain_request(ask(entity, 'name "Bob"', "name"), ("name",))


@pytest.mark.parametrize(
    "entity",
    ["antonym", "plural", "successor", "acronym", "translation", "reverse", "uppercase", "abbreviation", "synonym",
     "opposite", "negation", "double", "personInFrench", "personinfrench", "slug", "hash", "summary", "rhyme"],
)
def test_any_other_entity_word_is_no_plain_request(entity: str) -> None:
    prompt = ask(entity, 'name "Bob"', "name")
    assert not plain_request(prompt, ("name",))
    assert js.constraints(prompt)["stated"] == {} and js.fallback(js.constraints(prompt)) is None


# -- the level of a key ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "stated, answer",
    [("age 30", "30.0"), ("age 30", "3e1"), ("age 30", '"30"'), ("age 1", "true"), ("flag true", "1"),
     ("flag false", "0"), ("age 9007199254740993", "9007199254740992"), ('age "Bob"', '"bob"'), ("age 2.5", '"2.5"')],
)  # wip/fuzzO: a boolean for "age" (a number's key) is no claim now: the booleans are a flag's
def test_a_retyped_value_is_never_proven_and_fails_its_check(stated: str, answer: str) -> None:
    key = stated.split()[0]
    c = js.constraints(ask("person", stated, key))
    steps = js.fresh('{"%s": %s}' % (key, answer), c).steps
    assert js.verification_level(steps, c, None) != "proven"
    assert js.check_answer(steps, c)


# -- the text check binds the literal ---------------------------------------------------------------
@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(-(10**40), 10**40))
def test_an_integer_binds_only_its_integer_literal(n: int) -> None:
    assert binds_literal(str(n), n) and binds_literal(f" {n} ", n)
    for other in (f"{n}.0", f"{n}e0", f"{n}E+0", json.dumps(str(n)), repr(float(n)), str(n + 1)):
        assert not binds_literal(other, n), other
    assert not binds_literal("true", 1) and not binds_literal("1", True) and not binds_literal("0", False)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(-(10**6), 10**6), st.integers(1, 6))
def test_a_decimal_binds_only_a_fraction_or_exponent_of_its_exact_value(mantissa: int, places: int) -> None:
    literal = f"{Decimal(mantissa).scaleb(-places):f}"  # "0.00001", never "1e-05" (no "0" to append)
    value = float(literal)
    if value == int(value):
        return  # an integral float is never a statement
    assert binds_literal(literal, value) and binds_literal(literal + "0", value)
    assert not binds_literal(json.dumps(literal), value) and not binds_literal(str(int(value)), value)
    assert not binds_literal(literal + "1", value)


# -- re-instantiation writes the statement typed ---------------------------------------------------------
@pytest.mark.parametrize("written", ["30.0", '"30"'])
def test_a_cached_answer_that_retyped_its_statement_is_not_re_instantiated_retyped(written: str) -> None:
    old, new = js.constraints(ask("person", "age 30", "age")), js.constraints(ask("person", "age 31", "age"))
    cached = js.fresh('{"age": %s}' % written, old).steps  # an entry from before the typed rule
    steps = js.reinstantiate(cached, old, new)
    if steps is not None:
        served = json.loads(steps[0].text)["age"]
        assert not (type(served) is not int and served in (31, "31")), steps[0].text
    assert not all(u.ok for u in js.verify(steps or cached, new, old).units)


# -- the object is named once; "describe" is an instruction (blind red team, round 12) -----------
@pytest.mark.parametrize(
    "extra",
    ["Describe this JSON object.", "Please describe.", "Represent.", "Return a JSON object.", "Also a JSON object for a dog.",
     "Return the JSON object for a pet."],
)
def test_a_second_request_in_framing_words_is_no_plain_request(extra: str) -> None:
    assert not plain_request(f'Return a JSON object for a person with name "Bob". Required keys: name. {extra}', ("name",))
    assert not plain_request(f'Return a JSON object and a JSON object for a person with name "Bob". Required keys: name.', ("name",))


@pytest.mark.parametrize("closing", ["Output only the JSON object.", "Reply with JSON only.", "Only output JSON.", ""])
def test_a_closing_sentence_names_the_same_object(closing: str) -> None:
    assert plain_request(f'Return a JSON object for a record with name "Bob". Required keys: name. {closing}', ("name",))
