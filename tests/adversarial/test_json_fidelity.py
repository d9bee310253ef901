"""JSON fidelity: a correct model answer is never changed into something else and passed.

Each case runs a real StepCache with a model that always writes one answer. The judge is this
file's own reading (stdlib ``json`` with ``parse_float=Decimal``, and the literal tokens of the
text), never engine code: an answer that passes its checks must be served with every key the
model wrote, every number exactly as written and every string escape as written.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import pytest

from stepcache_integrations import StepCache

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\b(?:true|false|null|NaN|Infinity)\b')


def exact(text: str) -> Any:
    return json.loads(text, parse_float=Decimal)


def tokens(text: str) -> list[str]:
    """Strings and numbers as written, in order."""
    return _TOKEN.findall(text)


def const(answer: str) -> Any:
    def model(_prompt: str) -> str:
        return answer

    return model


def faithful(served: str, answer: str) -> bool:
    """The served text is the model's answer verbatim, or its object with the same keys, exact
    values and the same literals as written."""
    if served == answer:
        return True
    try:
        served_obj = exact(served)
    except ValueError:
        return False
    start, end = answer.index("{"), answer.rindex("}") + 1
    return served_obj == exact(answer[start:end]) and sorted(tokens(served)) == sorted(tokens(answer[start:end]))


P = 'Return a JSON object for a person with name "Bob" and age 30'
FRESH = [
    (P + ". Required keys: name (uppercase), age", '{"name": "BOB", "age": 30}'),
    (P + ". Required keys: name (string), age (integer)", '{"name": "Bob", "age": 30}'),
    (P + ". Required keys: name, age (in months)", '{"name": "Bob", "age": 360}'),
    (P + ' and city "Rome". Required keys: name, age', '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ". Required keys: name, age. Also include key city.", '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ' and city "Rome". Required keys: name; age; city', '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ' and city "Rome". Required keys: name age city', '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ' and city "Rome". Required keys: name/age/city', '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ' and city "Rome". Required keys: name, age & city', '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ' and city "Rome". Required keys: name | age | city', '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ' and city "Rome". Required keys:\n- name\n- age\n- city', '{"name": "Bob", "age": 30, "city": "Rome"}'),
    (P + ". Required keys: name, age. Sort keys alphabetically.", '{"age": 30, "name": "Bob"}'),
    ('Return a JSON object for a person with name "Zo\u00eb" and age 30. Required keys: name, age. Escape non-ASCII.',
     '{"name": "Zo\\u00eb", "age": 30}'),
    ('Return a JSON object for a person with name "Zo\u00eb" and age 30. Required keys: name, age.', '{"name": "Zo\u00eb", "age": 30}'),
    (P + ". Required keys: name, age. Put it in a code block.", '```json\n{"name": "Bob", "age": 30}\n```'),
    (P + ". Required keys: name, age", 'Here it is: {"name": "Bob", "age": 30, "note": "a\\tb\\/c"}'),
]
_NUMBER_PROMPT = 'Return a JSON object for a product with name "X" and price %s. Required keys: name, price'
NUMBERS = [
    "1e400", "-1e400", "1e-400", "9007199254740993", "12345678901234567890123", "0.1000000000000000055511151231257827",
    "1.7976931348623157e309", "-0.0", "1E2", "1e2", "2.5e-3", "0.30000000000000004", "1.0", "100.5",
    "123456789.123456789123", "NaN", "Infinity", "3.14159265358979323846264338327950288", "-0", "1E+2", "5e-324",
    "4.9406564584124654e-324", "1.7976931348623157e308",
]
FRESH += [(_NUMBER_PROMPT % literal, '{"name": "X", "price": %s}' % literal) for literal in NUMBERS]
FRESH += [(_NUMBER_PROMPT % "in euros", '{"name": "X", "price": {"net": %s, "list": [%s]}}' % (lit, lit)) for lit in NUMBERS]


@pytest.mark.parametrize("prompt, answer", FRESH)
def test_a_fresh_answer_that_passes_is_the_model_answer(prompt: str, answer: str) -> None:
    r = StepCache().generate(prompt, const(answer))
    if r.checks_passed:
        assert faithful(r.text, answer), (r.text, answer)
    else:
        assert r.verification == "unchecked"


def test_every_keepable_number_passes_and_no_unkeepable_one_does() -> None:
    keepable = {"9007199254740993", "12345678901234567890123", "-0.0", "1E2", "1e2", "2.5e-3", "0.30000000000000004",
                "1.0", "100.5", "-0", "1E+2", "5e-324", "1.7976931348623157e308"}
    for literal in NUMBERS:
        answer = '{"name": "X", "price": %s}' % literal
        r = StepCache().generate(_NUMBER_PROMPT % "in euros", const(answer))
        assert r.checks_passed == (literal in keepable), (literal, r.errors)
        assert literal in r.text  # served or refused, never rewritten


# -- cached objects for new prompts -------------------------------------------------------------------
PAIRS = [
    # (cached prompt, cached answer, new prompt, new model answer)
    (P + ' and city "Rome". Required keys: name, age', '{"name": "Bob", "age": 30, "city": "Rome"}',
     'Return a JSON object for a person with name "Ann" and age 31. Required keys: name, age', '{"name": "Ann", "age": 31}'),
    (P + ". Required keys: name, age", '{"name": "Bob", "age": 30, "pet": "cat"}',
     'Return a JSON object for a person with name "Ann" and age 31. Required keys: name, age', '{"name": "Ann", "age": 31, "pet": "dog"}'),
    # "price 100" states the integer 100: the model's 1E2 (a float) is another value, tested in
    # test_json_entities_and_types.py; here the model writes the stated integer.
    (_NUMBER_PROMPT % "1E2", '{"name": "X", "price": 1E2}', _NUMBER_PROMPT.replace('"X"', '"Y"') % "100",
     '{"name": "Y", "price": 100}'),
    (_NUMBER_PROMPT % "12345678901234567890123", '{"name": "X", "price": 12345678901234567890123}',
     _NUMBER_PROMPT.replace('"X"', '"Y"') % "12345678901234567890123", '{"name": "Y", "price": 12345678901234567890123}'),
]


@pytest.mark.parametrize("old, old_answer, new, new_answer", PAIRS)
def test_a_cached_object_is_served_only_with_values_that_hold(old: str, old_answer: str, new: str, new_answer: str) -> None:
    cache = StepCache()
    cache.generate(old, const(old_answer))
    r = cache.generate(new, const(new_answer))
    if r.checks_passed:
        assert faithful(r.text, new_answer), (r.text, new_answer)


def test_every_key_the_prompt_lists_is_in_the_answer_even_under_a_schema() -> None:
    """A schema requiring fewer keys than the prompt's list: the prompt's keys are still required
    (judged here by reading the served object with the standard library)."""
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "age": {"type": "integer"}, "city": {"type": "string"}},
        "required": ["name", "age"],
    }
    cache = StepCache()
    cache.generate(P + ". Required keys: name, age", const('{"name": "Bob", "age": 30}'), schema=schema)
    for new in (P + ". Required keys: name, age and city", P + ". Required keys: name, age, city"):
        r = cache.generate(new, const('{"name": "Bob", "age": 30, "city": "Rome"}'), schema=schema)
        served = json.loads(r.text, parse_float=Decimal)
        assert {"name", "age", "city"} <= served.keys(), (new, r.text)


# -- a key written twice, a patch's keys, every key list (red team 3: J1, J2, J4) -----------------------
class _Twice(ValueError):
    pass


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    names = [k for k, _ in pairs]
    if len(set(names)) != len(names):
        raise _Twice(names)
    return dict(pairs)


def written_once(text: str) -> bool:
    """This file's own reading: no object in ``text`` writes a (decoded) key twice."""
    try:
        json.loads(text, parse_float=Decimal, object_pairs_hook=_once)
    except _Twice:
        return False
    return True


def raising(_prompt: str) -> str:
    raise AssertionError("no model call expected")


DUPLICATES = [
    ("Return a JSON object for a person.", '{"name": "Bob", "name": "Al"}'),
    ("Return a JSON object with keys name, age and score.", '{"name": "Bob", "age": 30, "score": 1, "n\\u0061me": "Al"}'),
    ("Return a JSON object with keys name, age and score.", '{"name": "Bob", "age": 30, "score": {"a": 1, "a": 2}}'),
    ("Return a JSON object with keys name, age and score.", '{"name": "Bob", "age": 30, "score": [{"b": {"c": 1, "\\u0063": 2}}]}'),
]


@pytest.mark.parametrize("prompt, answer", DUPLICATES)
def test_an_answer_writing_a_key_twice_never_passes_nor_is_reused(prompt: str, answer: str) -> None:
    cache = StepCache()
    r = cache.generate(prompt, const(answer))
    assert not written_once(answer)
    assert not r.checks_passed, r.text
    try:
        again = cache.generate(prompt + "\n", raising)
    except Exception:  # noqa: BLE001 - nothing stored: the model is asked, and raises
        return
    assert not again.checks_passed


PERSON = 'Return a JSON object for a person with name "Bob" and age 30. Required keys: name, age, bio.'
PATCH_ANSWERS = [
    '{"bio": "x", "bio": "y"}',
    '{"bio": "x", "b\\u0069o": "y"}',
    '{"bio": {"a": 1, "a": 2}}',
    '{"name": "Bob", "age": 31, "bio": "x", "extra": 1.50}',
    '{"bio": "x", "nickname": "B"}',
    '{"bio": "x", "age": 99}',
    '{"bio": "x", "name": "Al"}',
    '{"bio": "x", "age": 31.0}',
    '{"bio": "x", "age": "31"}',
    '{"bio": "x"}',
]


@pytest.mark.parametrize("answer", PATCH_ANSWERS)
def test_a_patch_answer_is_served_whole_or_fails(answer: str) -> None:
    """A passing patched object writes each key once, holds every key the patch answer wrote with
    the value it wrote (exactly), and the stated name and age."""
    cache = StepCache()
    assert cache.generate(PERSON, const('{"name": "Bob", "age": 30, "bio": "a", "score": 2.50}')).checks_passed
    r = cache.generate(PERSON.replace("30", "31"), const(answer))
    if not r.checks_passed:
        return
    assert written_once(answer) and written_once(r.text), r.text
    served, wrote = exact(r.text), exact(answer)
    for key, value in wrote.items():
        assert key in served and served[key] == value and type(served[key]) is type(value), (key, r.text)
    assert served["name"] == "Bob" and served["age"] == 31
    for key, value in wrote.items():
        if isinstance(value, Decimal):
            assert str(value) in tokens(r.text)


TWO_LISTS = [
    ("Return a JSON object with keys name and age. Required keys: city.", {"name", "age", "city"}),
    ("Return a JSON object with keys name, age and city. Required keys: name.", {"name", "age", "city"}),
    ("Return a JSON object with keys name and age. Also include keys city and zip.", {"name", "age", "city", "zip"}),
    ("Return a JSON object with keys name and age. Required fields: city, zip.", {"name", "age", "city", "zip"}),
]
_SCHEMA = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}, "required": ["name", "age"]}


@pytest.mark.parametrize("prompt, keys", TWO_LISTS)
@pytest.mark.parametrize("schema", [None, _SCHEMA])
@pytest.mark.parametrize(
    "answer", ['{"name": "Bob", "age": 30}', '{"name": "Bob", "age": 30, "city": "Rome"}', '{"city": "Rome", "zip": "1"}']
)
def test_a_passing_answer_holds_every_key_of_every_list(prompt: str, keys: set[str], schema: Any, answer: str) -> None:
    r = StepCache().generate(prompt, const(answer), schema=schema)
    if r.checks_passed:
        assert keys <= exact(r.text).keys(), (prompt, r.text)
    else:
        assert not keys <= exact(answer).keys() or schema is not None


# Blind red team round 4, R1 and R5: a key phrase the key-list grammar does not read whole (a list
# beside a non-ASCII character, a list read in part, a key asked for outside the list) leaves the
# answer "unchecked": never "checked" or "proven" while a requested key is missing.
UNREAD_KEY_PHRASES = [
    ('Return a JSON object for a person with name "Jos\u00e9", age 30. Required keys: name and age.', {"name", "age"}),
    ("Return a JSON object describing Bob \U0001f642. Required keys: name and age.", {"name", "age"}),
    ('Return a JSON object for a person with name "Bob", age 30, city "Rome". Required keys: name, age as well as city.',
     {"name", "age", "city"}),
    ("Return a JSON object. Required keys: name, age in addition to city.", {"name", "age", "city"}),
    ("Return a JSON object. Required keys: name. Also include age and city.", {"name", "age", "city"}),
    ("Return a JSON object. Required keys: name. It must contain age.", {"name", "age"}),
]


@pytest.mark.parametrize("prompt, keys", UNREAD_KEY_PHRASES)
@pytest.mark.parametrize("answer", ['{"name": "Bob"}', '{"name": "Bob", "age": 30}'])
def test_an_unread_key_phrase_is_never_checked_with_a_key_missing(prompt: str, keys: set[str], answer: str) -> None:
    cache = StepCache(max_repairs=0)
    for result in (cache.generate(prompt, const(answer)), cache.generate(prompt, const(answer))):
        if result.verification in ("checked", "proven"):
            assert keys <= set(exact(result.text)), (prompt, answer, result.verification)
