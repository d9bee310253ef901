"""Red team 29 (README-only, black box on 89a90e9f), class FW: in a JSON request that states values, a word joined
to a value by a space alone was read as a key, whatever the word: 'Return a JSON object for a person with name
"Bob", age 30, sorry 31.' answered {"name": "Bob", "age": 31} by the model was replaced at the miss by
{"name": "Bob", "age": 30, "sorry": 31} stamped proven, and re-instantiated with 0 model calls for later requests
('..., or 42', 'maybe', 'approximately', 'no', 'not', 'plus', 'was', 'would', 'also', 'except', Spanish 'o',
German 'oder', a parenthesis '(or 31)'; 530 single requests and 189 cache-path pairs,
tests/fixtures/red_team_29_fw_rows.json).

A key so written now needs positive evidence of naming a key (json/reader.py ``_keys_evident``): the prompt lists
it, it has an identifier's shape, or a table names it as a key ("key_nouns" and the other key tables of the
prompt's language or English). Any other word is no claim: the request goes to the model (and the exact tier).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import _key_nouns, read_request

ROWS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "red_team_29_fw_rows.json").read_text())


def _object(text: str) -> dict[str, Any] | None:
    try:
        found = json.loads(text)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def _model(answers: dict[str, str]) -> Any:
    calls: list[str] = []

    def model(prompt: str) -> str:
        calls.append(prompt)
        return answers.get(prompt, "?")

    model.calls = calls  # type: ignore[attr-defined]
    return model


def test_the_reader_never_reads_a_saved_rows_word_as_a_key() -> None:
    read_as_key = []
    for row in ROWS["single_request"]:
        read = read_request(row["prompt"])
        if read is not None and any(key in read.statements for key in row["read_as_key"]):
            read_as_key.append(row["prompt"])
    assert read_as_key == []


def test_no_saved_single_request_is_served_its_word_as_a_key() -> None:
    wrong = []
    for row in ROWS["single_request"]:
        result = StepCache().generate(row["prompt"], _model({row["prompt"]: row["model_answer"]}))
        served = _object(result.text) or {}
        if result.verified and any(key in served for key in row["read_as_key"]):
            wrong.append((row["prompt"], result.text))
    assert wrong == []


def test_no_saved_cache_path_pair_is_served_without_the_model() -> None:
    wrong = []
    for row in ROWS["cache_path_pairs"]:
        cache = StepCache()
        model = _model({row["cached_prompt"]: row["cached_model_answer"], row["new_prompt"]: row["model_answer"]})
        cache.generate(row["cached_prompt"], model)
        result = cache.generate(row["new_prompt"], model)
        served = _object(result.text) or {}
        if any(key in served for key in row["read_as_key"]) or (result.model_calls == 0 and served != _object(row["model_answer"])):
            wrong.append((row["new_prompt"], result.outcome, result.text))
    assert wrong == []


@pytest.mark.parametrize(
    ("prompt", "stated"),
    [
        ('Return a JSON object for a person with name "Bob", age 30, city Paris.', {"name": "Bob", "age": 30, "city": "Paris"}),
        ("hey can u make this into json real quick? temp 21, humidity 40", {"temp": 21, "humidity": 40}),
        ('Return JSON with status "active" and plan "basic".', {"status": "active", "plan": "basic"}),
        ("Return JSON with n 8. Required keys: n, square.", {"n": 8}),  # listed
        ('Return JSON for a person with name "Ada", birth_year 1985.', {"name": "Ada", "birth_year": 1985}),  # shape
        ("Return a JSON object with active true, count 3", {"active": True, "count": 3}),
        ("Сделай JSON: имя Анна, возраст 25", {"имя": "Анна", "возраст": 25}),
        ("输出JSON：姓名 王芳，年龄 30", {"姓名": "王芳", "年龄": 30}),
        ('Return JSON with keys name, age and or: name "Bob", age 30, or 31.', {"name": "Bob", "age": 30, "or": 31}),
        ('Devuelve un objeto JSON con nombre "Ana", humidity 40.', {"nombre": "Ana", "humidity": 40}),  # English keys too
        ('Сделай JSON: имя Анна, status "active"', {"имя": "Анна", "status": "active"}),
    ],
)
def test_keys_with_evidence_are_still_read(prompt: str, stated: dict[str, Any]) -> None:
    read = read_request(prompt)
    assert read is not None
    assert {key: st.value for key, st in read.statements.items()} == stated


@pytest.mark.parametrize(
    "prompt",
    [
        'Return a JSON object for a person with name "Bob", age 30, or 31.',
        'Return JSON with keys name and age: name "Bob", age 30, or 31.',  # listed keys: 'or' is not one of them
        'Return a JSON object for a person with name "Bob", age 30 (or 31).',
        'Devuelve un objeto JSON para una persona con nombre "Bob", edad 30, o 31.',
        'Gib ein JSON-Objekt für eine Person mit name "Bob", alter 30, oder 31 zurück.',
        'Return a JSON object for a person with name "Bob", aged 30.',
        'Return a JSON object for a person with name "Bob", born 1994.',
        "Return a JSON object with active 3, count 3",  # a truth-value key holding a number: no evidence
        "Return a JSON object with temp 21, x 40",  # one letter: es 'y', 'o', it 'e' are words
        # wip/jsonAG (key nouns broadened): the words that before a number say something else stay no key, every language
        'Return a JSON object for a person with name "Bob", age 30, about 31.',
        'Return a JSON object for a person with name "Bob", age 30, over 31.',
        'Return a JSON object for a person with name "Bob", age 30, under 31.',
        'Return a JSON object for a person with name "Bob", age 30, around 31.',
        'Return a JSON object for a person with name "Bob", age 30, plus 31.',
        'Return a JSON object for a person with name "Bob", age 30, sum 31.',
        'Return a JSON object for a person with name "Bob", age 30, max 31.',
        'Devuelve un objeto JSON para una persona con nombre "Bob", edad 30, unos 31.',
        'Gib ein JSON-Objekt für eine Person mit name "Bob", alter 30, etwa 31 zurück.',
        'Renvoie un objet JSON : nom "Ana", âge 30, environ 31',
        'Retorne um objeto JSON: nome "Ana", idade 30, cerca 31',
        'JSON per favore: nome "Ana", età 30, circa 31',
        "Сделай JSON: имя Анна, возраст 25, около 26",
        "输出JSON：姓名 王芳，年龄 30，约 31",
    ],
)
def test_words_without_evidence_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


_NOUNS, _TRUTH = _key_nouns("en")


@settings(max_examples=200, deadline=None)
@given(word=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9))
def test_any_word_no_table_names_is_never_a_key(word: str) -> None:
    """Whatever the word, joined by a space to a value after a statement, it is a key only with evidence."""
    read = read_request(f'Return a JSON object for a person with name "Bob", age 30, {word} 31.')
    if read is not None and word in read.statements:
        assert word in _NOUNS
