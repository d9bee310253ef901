"""JSON over-declines found by red teams 14-15 (branch wip/overdecl), each read through the declared
request languages: a .env block's quoted values and the shell's "export" prefix (json/pastes.py:
'HOST="b.example"', "HOST='b'", "export HOST=b.example"), a type note after a stated value
(json/request.lark: "age: 41 (integer)", read only when the value is of that type), and capitalised
labels and CSV headers for listed keys ("Name: Bob" for key "name": the table's declared label
folding, only when no other listed key differs from it by case alone). Each is served proven and
exact without a model call after a first answer by a model that is never right; each trap (a quoted
value with an escape, an "export" of another variable, a note of another type, a label of another
key by case) is no claim or served exactly right."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel, assert_json_pair_served_exactly, exact_json_judge

Obj = dict[str, Any]

ENV = "turn this .env into json:\n{}"

SERVED: list[tuple[str, str, str, Obj]] = [
    # .env: a value in one pair of quotes is the string between them; "export " is the shell's prefix
    ("env-double-quoted", ENV.format("HOST=a.example\nPORT=5432"), ENV.format('HOST="b.example"\nPORT=5432'),
     {"HOST": "b.example", "PORT": 5432}),
    ("env-single-quoted", ENV.format("HOST=a\nPORT=5432"), ENV.format("HOST='b'\nPORT=5432"), {"HOST": "b", "PORT": 5432}),
    ("env-quoted-space", ENV.format("HOST=a\nPORT=5432"), ENV.format('HOST="b c"\nPORT=5432'), {"HOST": "b c", "PORT": 5432}),
    ("env-export", ENV.format("HOST=a.example\nPORT=5432"), ENV.format("export HOST=b.example\nexport PORT=5432"),
     {"HOST": "b.example", "PORT": 5432}),
    ("env-export-quoted", ENV.format("export HOST=a.example\nexport PORT=5432"), ENV.format('export HOST="b.example"\nPORT=6432'),
     {"HOST": "b.example", "PORT": 6432}),
    # a type note after a stated value: read when the value is of that type
    ("note-integer", "Return a JSON object with keys name and age. name: Ann, age: 30 (integer).",
     "Return a JSON object with keys name and age. name: Bob, age: 41 (integer).", {"name": "Bob", "age": 41}),
    ("note-lines", "Return a JSON object with keys name and age.\nname: Ann\nage: 30 (integer)",
     "Return a JSON object with keys name and age.\nname: Bob\nage: 41 (integer)", {"name": "Bob", "age": 41}),
    ("note-string-and-number", 'Return a JSON object with keys name and age. name: "Ann" (string), age: 30 (number).',
     'Return a JSON object with keys name and age. name: "Bob" (string), age: 41 (number).', {"name": "Bob", "age": 41}),
    ("note-boolean", "Return a JSON object with keys name and active. name: Ann, active: false (boolean).",
     "Return a JSON object with keys name and active. name: Bob, active: true (boolean).", {"name": "Bob", "active": True}),
    ("note-after-capitalised-label", "Return a JSON object with keys name and age. Name: Ann, Age: 30 (integer).",
     "Return a JSON object with keys name and age. Name: Bob, Age: 41 (integer).", {"name": "Bob", "age": 41}),
    # capitalised labels and CSV headers for listed keys (the table's label folding)
    ("label-capitalised", "Return a JSON object with keys name and age.\nname: Ann\nage: 30",
     "Return a JSON object with keys name and age.\nName: Bob\nAge: 41", {"name": "Bob", "age": 41}),
    ("label-capitalised-inline", "Return a JSON object with keys name and age. name: Ann, age: 30.",
     "Return a JSON object with keys name and age. Name: Bob, Age: 41.", {"name": "Bob", "age": 41}),
    # "Name,Age\nBob,41" under a key list: declined since wip/cleanup routed every CSV row through
    # json/pastes.py, whose keys are the header's cells as written (NO_CLAIM below; a reach loss noted)
]


@pytest.mark.parametrize(("cls", "first", "second", "expected"), SERVED, ids=[case[0] for case in SERVED])
def test_served_proven_and_exactly_right(cls: str, first: str, second: str, expected: Obj) -> None:
    assert_json_pair_served_exactly(cls, first, second, expected, in_order=True)


NO_CLAIM = [
    # a capitalised CSV header under a key list: pastes.py reads the cells as written (see SERVED)
    "Return a JSON object with keys name and age.\nName,Age\nBob,41",
    # a quoted value with an escape, a quote left, a comment, an expansion, an empty value
    ENV.format('HOST="b\\"x"\nPORT=5432'),
    ENV.format('HOST="b\\nx"\nPORT=5432'),
    ENV.format('HOST="b.example" # prod\nPORT=5432'),
    ENV.format('HOST="b.example\nPORT=5432'),
    ENV.format("HOST=\"b.example'\nPORT=5432"),
    ENV.format('HOST="a"b"\nPORT=5432'),
    ENV.format('HOST="a" "b"\nPORT=5432'),
    ENV.format('HOST="$OTHER"\nPORT=5432'),
    ENV.format('HOST=""\nPORT=5432'),
    # a quoted number or boolean: a string quoted, a number bare: which is meant is not said
    ENV.format('HOST=b.example\nPORT="5432"'),
    ENV.format("HOST=b.example\nDEBUG='false'"),
    # "export" of another variable, or an export spelled otherwise
    ENV.format("HOST=b.example\nexport PORT"),
    ENV.format("HOST=b.example\nPORT=5432\nexport OTHER"),
    ENV.format("EXPORT HOST=b.example\nexport PORT=5432"),
    ENV.format("exported HOST=b.example\nexport PORT=5432"),
    # a note of another type than the value stated, two notes, a note on a value no rule types
    "Return a JSON object with keys name and age. name: Bob, age: 41 (string).",
    "Return a JSON object with keys name and age. name: Bob, age: 41.5 (integer).",
    "Return a JSON object with keys name and age. name: Bob (integer), age: 41.",
    "Return a JSON object with keys name and age (string). name: Bob, age: 41 (integer).",
    "Return a JSON object with keys name and age. name: Bob, age: 41 (integer) (string).",
    "Return a JSON object with keys name and active. name: Bob, active: yep (boolean).",  # wip/jsonAF: 'yes (boolean)' reads (below)
    "Return a JSON object with keys name and age. Name: Bob, Age: 41 (string).",
    # a label of another key by case: "Name" is the listed key "Name", never "name"
    "Return a JSON object with keys name and Name. name: Al, Name: Bob (integer).",
    # no key list: a capitalised label is its key as written since wip/jsonG ("Name: Bob" is "Name"), but labels of
    # both cases name no key ("Name: Bob, age: 41" may ask for "name" or "Name")
    "Turn this into JSON:\nName: Bob\nage: 41",
    "Convert to JSON: Name: Bob, age: 41",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_a_truth_word_of_the_table_before_a_boolean_note_is_that_boolean() -> None:
    """The lead's decision (wip/jsonAF, set 26's '(als Boolean)' notes): the note makes the type explicit."""
    read = read_request("Return a JSON object with keys name and active. name: Bob, active: yes (boolean).")
    assert read is not None and {k: st.value for k, st in read.statements.items()} == {"name": "Bob", "active": True}


def test_a_label_of_another_key_by_case_is_that_key() -> None:
    read = read_request("Return a JSON object with keys name and Name. name: Al, Name: Bob (string).")
    assert read is not None and {k: st.value for k, st in read.statements.items()} == {"name": "Al", "Name": "Bob"}


TRAPS: list[tuple[str, str, Obj]] = [
    (ENV.format('HOST="a.example"\nPORT=5432'), ENV.format('HOST="b\\"x"\nPORT=5432'), {"HOST": 'b"x', "PORT": 5432}),
    (ENV.format("export HOST=a.example\nexport PORT=5432"), ENV.format("HOST=a.example\nexport PORT"), {"HOST": "a.example"}),
    (ENV.format('HOST="a.example"\nPORT=5432'), ENV.format('HOST=a.example\nPORT="5432"'), {"HOST": "a.example", "PORT": "5432"}),
    ("Return a JSON object with keys name and age. name: Ann, age: 30 (integer).",
     "Return a JSON object with keys name and age. name: Ann, age: 30 (string).", {"name": "Ann", "age": "30"}),
    ("Return a JSON object with keys name and Name. name: Al, Name: Bob.",
     "Return a JSON object with keys name and Name. Name: Al, name: Bob.", {"name": "Bob", "Name": "Al"}),
]


@pytest.mark.parametrize(("first", "second", "right"), TRAPS)
def test_a_trap_is_never_served_wrong(first: str, second: str, right: Obj) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    calls = model.calls
    result = cache.generate(second, model)
    if model.calls == calls:  # served without the model: only the exactly right object
        assert exact_json_judge(right)(result.text), (second, result.outcome, result.text)
    else:
        assert result.text.startswith("ECHO") or exact_json_judge(right)(result.text), (second, result.text)
