"""W26 (red team 20): six JSON classes served wrong with verified=True, most also replacing the
model's answer on an empty cache (568 records; a sample in tests/fixtures/red_team_20_w26_pairs.json).

- C1: a literal's word in another case ("debug to False", "values 18, None", de "Werten 18, False",
  "Input: None, 5 ->") was served as the string "False", which a program reads as true: an unquoted
  value or list item that folds to a JSON literal or a table's yes/no is no claim, unless quoted or its
  key is noted a string.
- C2: a markdown table cell was copied byte for byte ("\\*Ana\\*", "Ana &amp; Bo", "**Ana**", a code span,
  a link): a cell holding inline syntax renders as other text, so the table is no claim.
- C3/C4: a word after a list's last comma was an item ("red, green, blue, reversed"), and "black and
  white, blue" split a compound: no item after "and" ended a list; declared words that say how to list
  (every table's "list_item_stops"), multipliers ("x2") and English participles/adverbs are no items.
- C5: "| attribute | value |" over "| name | Bob |" was read as a header and its row: two columns and one
  row under a value column's word (or a key column's word over a cell written as a key) read two ways.
- C6: zh/ja "年龄=31，改成32" read "改成" as a key: a statement not written "k=v" beside ones that are, for
  a key no list names, is no claim.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import assert_models_answer_kept, assert_red_team_pair_not_served

_PAIRS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_20_w26_pairs.json").read_text(encoding="utf-8"))


_WITH_FIRST = [p for p in _PAIRS if p["first"]]


@pytest.mark.parametrize("pair", _WITH_FIRST, ids=[f"{p['cls']}-{p['lang']}-{i}" for i, p in enumerate(_WITH_FIRST)])
def test_a_red_team_pair_is_not_served(pair: dict[str, str]) -> None:
    assert_red_team_pair_not_served(str(pair["first"]), str(pair["second"]))


@pytest.mark.parametrize("pair", _PAIRS, ids=[f"{p['cls']}-{p['lang']}-{i}" for i, p in enumerate(_PAIRS)])
def test_the_models_answer_is_kept_on_an_empty_cache(pair: dict[str, str]) -> None:
    assert_models_answer_kept(str(pair["second"]))


_NO_CLAIM = [
    "Create a JSON config: set timeout to 30 and debug to False.",
    "Set debug to True and timeout to 30, as JSON.",
    "Return JSON with keys id, active and values 18, NULL",
    "Return JSON with keys id, active and values 18, Yes",
    "Gib ein JSON mit den Schlüsseln id, aktiv und den Werten 18, Nein zurück",
    "Converta para JSON com as chaves id e ativo: id 7, ativo: sim",
    "Convert this to JSON:\n| name | age |\n|---|---|\n| **Ana** | 31 |",
    "Convert this to JSON:\n| name | age |\n|---|---|\n| Ana &amp; Bo | 31 |",
    "Convert this to JSON:\n| name | age |\n|---|---|\n| `Ana` | 31 |",
    "Convert this to JSON:\n| first\\_name | age |\n|---|---|\n| Ana | 31 |",
    "Convert this to JSON:\n| name | age |\n|---|---|\n| [Ana](http://a.b) | 31 |",
    'Return JSON with a key "tags" listing: red, green, blue, reversed',
    'Return JSON with a key "tags" listing: red, green, blue, inverted',
    'Return JSON with a key "tags" listing: red, green, blue, twice',
    'Return JSON with a key "tags" listing: red, green, blue, x2',
    'Return JSON with a key "tags" listing: red, green and blue, twice',
    'Return JSON with a key "tags" listing: black and white, blue',
    "Convert this to JSON:\n| attribute | value |\n|---|---|\n| name | Bob |",
    "Convert this to JSON:\n| option | val |\n|---|---|\n| name | Bob |",
    "Convert this CSV to JSON:\nname,amount\nage,31",
    "用JSON输出：姓名=王芳，年龄=31，改成32",
    "用JSON输出：姓名=王芳，年龄=31，加1",
    "JSONで返して：name=佐藤、age=31、プラス1",
]


@pytest.mark.parametrize("prompt", _NO_CLAIM, ids=[f"no-claim-{i}" for i in range(len(_NO_CLAIM))])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


_STILL_READ = [
    ("Create a JSON config: set timeout to 30 and debug to false.", {"timeout": 30, "debug": False}),
    ('Create a JSON config: set timeout to 30 and debug to "False".', {"timeout": 30, "debug": "False"}),
    ("Converta para JSON com as chaves id e ativo (texto): id 7, ativo: sim", {"id": 7, "ativo": "sim"}),
    ("Convert this to JSON:\n| name | age |\n|---|---|\n| Ana | 31 |", {"name": "Ana", "age": 31}),
    ("Convert this to JSON:\n| first_name | age |\n|---|---|\n| Ana | 31 |", {"first_name": "Ana", "age": 31}),
    ('Return JSON with a key "tags" listing: red, green, blue', {"tags": ["red", "green", "blue"]}),
    ('Return JSON with a key "tags" listing: red, green and blue', {"tags": ["red", "green", "blue"]}),
    ("用JSON输出：姓名=王芳，年龄=31", {"姓名": "王芳", "年龄": 31}),
    ("JSON please: color=green, count=5", {"color": "green", "count": 5}),
]


@pytest.mark.parametrize(("prompt", "values"), _STILL_READ, ids=[f"read-{i}" for i in range(len(_STILL_READ))])
def test_still_read(prompt: str, values: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == values
