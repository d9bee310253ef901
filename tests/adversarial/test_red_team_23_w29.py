"""W29 (red team 23): a bare value whose JSON type the prompt does not fix is no claim.

Red team 23 (README-only, black box) found 835 JSON answers served verified=True and wrong, 165 with no model
call: an unquoted word the grammar reads as no number, boolean, null or list was taken as a string literal and
the checks then proved the answer equal to it ('active is untrue' -> "untrue", 'count is twain' -> "twain",
'total is price' -> "price", 'age is XXX' -> "XXX", 'phone is 4155550100' -> a number, 'tags is red' -> "red").
On an empty cache the model's right answer was replaced: worse than no cache.

The rule (json/two_readings.py, by the tables' declared words; one check in every path the statements come
from): a key of the request as a value, a table's truth word, any word for a boolean key (or a word negating
the key), a digitless word for a number key, an upper-case Roman numeral, digits for an identifier key (or an
integer a double holds inexactly for a key named as an identifier), a word for a list key: no claim.

Every row of the red team is replayed here (fixture tests/fixtures/red_team_23_rows.json): on an empty cache
the model's right answer is kept; after a first prompt was cached by a never-right model, the second costs a
model call and nothing is proven. New forms (colon, equals, other keys and words of the same rule) are traps
too; everyday strings ('status is open', 'color is red') are still served (the rule's reach kept).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import FixedReplyModel, assert_red_team_pair_not_served, assert_right_answer_kept

_ROWS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_23_rows.json").read_text(encoding="utf-8"))
_CLASSES = sorted({row["class"] for row in _ROWS})
_EMPTY = sorted({(row["class"], row["second"], row["expected"]) for row in _ROWS if row["first"] is None})
_PAIRS = sorted({(row["class"], row["first"], row["second"]) for row in _ROWS if row["first"] is not None})

_T = 'Return a JSON object with keys "name" and "{k}" where name is Alice and {k} is {v}.'
_COLON = 'Return JSON with keys "name" and "{k}". name: Alice, {k}: {v}'


def test_the_fixture_holds_red_team_23_s_rows() -> None:
    assert len(_ROWS) == 835 and len(_CLASSES) == 7
    assert all(row["verified"] for row in _ROWS)


@pytest.mark.parametrize("klass, prompt, right", _EMPTY)
def test_on_an_empty_cache_the_model_s_right_answer_is_kept(klass: str, prompt: str, right: str) -> None:
    assert_right_answer_kept(prompt, right)
    assert StepCache().generate(prompt, FixedReplyModel(right)).verification != "proven", (klass, prompt)


@pytest.mark.parametrize("klass, first, second", _PAIRS)
def test_a_cached_pair_is_not_served_for_the_second_prompt(klass: str, first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)


# -- the rule in other forms and words than the red team's (each class x form) ---------------------------------
TRAPS = [
    # a key of the request as a value
    ('Return a JSON object with keys "low" and "high" where low is 3 and high is low.'),
    ('Return JSON with keys "start" and "end". start: 4, end: start'),
    # a truth word, any key and any form
    (_COLON.format(k="active", v="nope")), (_T.format(k="mode", v="off")), (_COLON.format(k="flag", v="Y")),
    ('返回一个JSON对象，键为"name"和"flag"，其中name是Alice，flag是假。'),
    # a boolean key (declared, a prefix, camelCase) or a word negating the key
    (_T.format(k="visible", v="invisible")), (_COLON.format(k="has_access", v="granted")),
    (_T.format(k="canEdit", v="allowed")), (_COLON.format(k="published", v="unpublished")),
    (_T.format(k="legal", v="illegal")),
    # a digitless word for a number key
    (_COLON.format(k="quantity", v="plenty")), (_T.format(k="score", v="high")), (_T.format(k="age", v="XXXV")), (_COLON.format(k="qty", v="XII")),
    (_COLON.format(k="count", v="quatre")),
    # a Roman numeral for any key
    (_T.format(k="level", v="XIV")),
    # digits for an identifier key; a big integer for a key named as an identifier
    (_COLON.format(k="zipcode", v="30301")), (_T.format(k="mobile", v="5551234567")),
    (_T.format(k="serial_number", v="123456789012345678901")),
    ('JSON mit den Schlüsseln stadt und plz: Stadt Köln, PLZ 50667'),  # dev set 16's i333, judged wrong served 50667
    # a word for a list key
    (_COLON.format(k="ingredients", v="flour")), (_COLON.format(k="children", v="Tom")), (_T.format(k="colours", v="green")), (_T.format(k="pets", v="dog")),
    # the sentence traps above as "key: value" runs: after "is" in a sentence a lowercase word, a Roman numeral or
    # digits are no claim since red team 26 anyway; in a run each rule above still decides
    *(_COLON.format(k=k, v=v) for k, v in [("mode", "off"), ("visible", "invisible"), ("canEdit", "allowed"), ("legal", "illegal"),
                                           ("score", "high"), ("age", "XXXV"), ("level", "XIV"), ("mobile", "5551234567"),
                                           ("serial_number", "123456789012345678901"), ("colours", "green"), ("pets", "dog"),
                                           ("active", "ok"), ("active", "disabled")]),
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_a_value_read_two_ways_is_no_claim(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)


@pytest.mark.parametrize("prompt", TRAPS)
def test_the_model_s_answer_to_a_trap_is_kept(prompt: str) -> None:
    result = StepCache().generate(prompt, FixedReplyModel('{"model": true}'))
    assert result.text == '{"model": true}' and result.verification != "proven", (prompt, result.text)


TRAP_PAIRS = [
    (_T.format(k="active", v="true"), _T.format(k="active", v="unticked")),
    (_T.format(k="count", v="3"), _T.format(k="count", v="zero")),
    (_T.format(k="count", v="3"), _T.format(k="count", v="XL")),
    (_COLON.format(k="phone", v='"5551234"'), _COLON.format(k="phone", v="5559876")),
    (_T.format(k="tags", v='"red"'), _T.format(k="tags", v="blue")),
    ('Return a JSON object with keys "width" and "height" where width is 4 and height is 5.',
     'Return a JSON object with keys "width" and "height" where width is 4 and height is width.'),
]


@pytest.mark.parametrize("first, second", TRAP_PAIRS)
def test_a_trap_pair_is_not_served(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)


# -- reach kept: everyday strings, typed literals and quoted words are read as before -------------------------
KEPT = [
    # a bare lowercase word after "is" in a sentence is no claim since red team 26 ("where the country is implied"):
    # the same values as data ("key: value" run) or quoted are read
    (_COLON.format(k="status", v="open"), {"name": "Alice", "status": "open"}),
    (_COLON.format(k="color", v="red"), {"name": "Alice", "color": "red"}),
    (_T.format(k="color", v='"red"'), {"name": "Alice", "color": "red"}),
    (_T.format(k="city", v="Paris"), {"name": "Alice", "city": "Paris"}),
    (_COLON.format(k="status", v="ok"), {"name": "Alice", "status": "ok"}),
    (_T.format(k="active", v="true"), {"name": "Alice", "active": True}),
    (_T.format(k="count", v="5"), {"name": "Alice", "count": 5}),
    (_T.format(k="area", v="212"), {"name": "Alice", "area": 212}),
    (_COLON.format(k="port", v="Hamburg"), {"name": "Alice", "port": "Hamburg"}),
    (_COLON.format(k="size", v="M"), {"name": "Alice", "size": "M"}),
    (_COLON.format(k="size", v="XL"), {"name": "Alice", "size": "XL"}),
    ('Renvoie un JSON avec les clés "nom" et "pays" : Claire, France.', {"nom": "Claire", "pays": "France"}),
    (_T.format(k="address", v="Main"), {"name": "Alice", "address": "Main"}),
    (_T.format(k="active", v='"inactive"'), {"name": "Alice", "active": "inactive"}),
    (_T.format(k="phone", v='"4155550100"'), {"name": "Alice", "phone": "4155550100"}),
    ('Return a JSON object for an order with id 9007199254740993. Required keys: id.', {"id": 9007199254740993}),
]


@pytest.mark.parametrize("prompt, stated", KEPT)
def test_an_everyday_value_is_still_read(prompt: str, stated: dict) -> None:
    read = read_request(prompt)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == stated, (prompt, read)


# -- the generic guard: on a miss, a model that reads a stated word as another JSON type keeps its answer ---------
GUARDED = [  # in a "key: value" run (after "is" in a sentence a lowercase word is no claim: red team 26)
    (_COLON.format(k="flag", v="nix"), '{"name": "Alice", "flag": false}'),
    (_COLON.format(k="level", v="tres"), '{"name": "Alice", "level": 3}'),
    (_COLON.format(k="color", v="red"), '{"name": "Alice", "color": ["red"]}'),
    (_COLON.format(k="note", v="nothing"), '{"name": "Alice", "note": null}'),
]


@pytest.mark.parametrize("value", ["open", "red", "ok", "nix", "nothing"])
def test_a_lowercase_word_after_is_in_a_sentence_is_no_claim(value: str) -> None:
    assert read_request(_T.format(k="status", v=value)) is None


@pytest.mark.parametrize("prompt, right", GUARDED)
def test_a_model_that_types_a_stated_word_otherwise_keeps_its_answer(prompt: str, right: str) -> None:
    read = read_request(prompt)
    assert read is not None and all(isinstance(st.value, str) for st in read.statements.values()), prompt  # read as words
    result = StepCache().generate(prompt, FixedReplyModel(right))
    assert result.text == right and result.verification != "proven", (prompt, result.text, result.verification)


def test_the_guard_leaves_the_fallback_for_a_wrong_string() -> None:
    prompt = _COLON.format(k="color", v="red")
    result = StepCache().generate(prompt, FixedReplyModel('{"name": "Bob", "color": "red"}'))
    assert result.verification == "proven" and json.loads(result.text) == {"name": "Alice", "color": "red"}, result.text
