"""wip/fuzz0: the one exception to "a data form's value is read as written" (docs/fuzz-triage-fuzz0.md). Where the
prompt itself types a key as a number (a type note "age as a number", "(a number)", "age as an integer", a template's
blank 0, a placeholder <number>, a list "of numbers", a caller's schema "integer"), a word that describes a value
written for it ('age: EOD', 'qty=ISO3', fuzz edit describing_value) may not be served as a string: after the base
with its number was cached by a right model, the edited prompt costs a model call and nothing is served proven
from the cache. Checked on main 6479ae1d: none of these was served (traps that keep it so)."""

from __future__ import annotations

import json

import pytest

from stepcache_integrations import StepCache

from .harness import FixedReplyModel

SCHEMA = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
          "required": ["name", "age"]}
PERSON = json.dumps({"name": "Alice", "age": 34})

TYPED = [
    ("Convert this to JSON (age as a number):\nname: Alice\nage: {v}", PERSON, None),
    ("Turn this into JSON (age as an integer):\nname: Alice\nage: {v}", PERSON, None),
    ("Return JSON with keys name and age (a number).\nname: Alice\nage: {v}", PERSON, None),
    ("Return JSON with keys name and age, age as a number: name Alice, age {v}", PERSON, None),
    ("Return JSON with keys name and age, age as a number:\nname: Alice\nage: {v}", PERSON, None),
    ("Turn this into JSON:\nname: Alice\nage: {v}", PERSON, SCHEMA),
    ("Make a JSON object from: name=Alice, age={v}", PERSON, SCHEMA),
    ('Fill this JSON: {{"name": "", "age": 0}}\nname: Alice\nage: {v}', PERSON, None),
    ('Fill this JSON: {{"name": "", "age": 0}} with name Alice and age {v}', PERSON, None),
    ('Give JSON {{"name": ..., "age": <number>}}: name Alice, age {v}', PERSON, None),
    ("person:\n  name: Alice\n  age: {v}\n\nRewrite this as JSON (age as a number).",
     json.dumps({"person": {"name": "Alice", "age": 34}}), None),
    ('Return JSON with a key "sizes", a list of numbers: 3, {v}, 7', json.dumps({"sizes": [3, 5, 7]}), None),
    ("Convert this CSV to JSON (qty as a number):\nsku,qty\nA-1,{v}", json.dumps([{"sku": "A-1", "qty": 3}]), None),
]
WORDS = ("EOD", "ISO3", "unchanged", "code", "Official Name")


@pytest.mark.parametrize(("template", "right", "schema"), TYPED)
@pytest.mark.parametrize("word", WORDS)
def test_a_describing_word_for_a_key_typed_a_number_is_never_served(template: str, right: str, schema: dict | None,
                                                                     word: str) -> None:
    number = "5" if "sizes" in template else "3" if "CSV" in template else "34"
    base, edited = template.format(v=number), template.format(v=word)
    cache, model = StepCache(), FixedReplyModel(right)
    cache.generate(base, model, schema=schema)
    again = cache.generate(base, model, schema=schema)
    assert again.model_calls == 0, (base, again.outcome)  # the base is cached: the trap is live
    before = model.calls
    result = cache.generate(edited, model, schema=schema)
    assert model.calls > before and result.model_calls >= 1, (edited, result.outcome, result.text)  # a model call (a schema: two)
