"""Red team 27 (README-only, black box on d4e955eb): a temperature DIFFERENCE was converted with a reading's
formula and served proven. "... where name is Ann and warming is 2 °C. Give the warming in Fahrenheit." came
back {"name": "Ann", "warming": 35.6} verified (a 2 °C warming is 3.6 °F; 35.6 °F is the reading 2 °C), and a
right model answer (3.6) was replaced by it at the miss. 704 rows (tests/fixtures/red_team_27_rows.json), 30
interval keys ("delta", "difference", "rise", "drop", "warming", "temperature_rise"...), both directions, three
request forms, all verified=True, 352 with 0 model calls.

A temperature scale's formula has an offset (F = C * 9/5 + 32): right for a reading, wrong for a difference. Now
a conversion with an offset needs the key to say its value is a reading (core/tasks/json/reader.py
``_reads_absolutely``): a table's "reading_keys" word ("temperature", "temp"; "temperatura", "Temperatur",
"温度"...) or the target's own unit word ("fahrenheit"). Any other key is no claim: the model answers, and the
exact tier keeps its answer. Conversions without an offset (km to m, hours to minutes) are the same for a
reading and a difference and stay read.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.messages import HumanMessage

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import ai, scripted

from .harness import FixedReplyModel, NeverRightModel, same_json

ROWS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "red_team_27_rows.json").read_text())


def test_every_saved_row_is_never_served_as_it_was() -> None:
    wrong = []
    for row in ROWS:
        cache = StepCache()
        if row["first"]:
            answer = row["first_model_answer"]
            cache.generate(row["first"], FixedReplyModel(answer) if answer else NeverRightModel())
        result = cache.generate(row["second"], NeverRightModel())
        if result.model_calls == 0 or result.verification == "proven" or same_json(result.text, row["served"]):
            wrong.append((row["second"], result.outcome, result.text))
    assert not wrong, (len(wrong), wrong[:5])


INTERVAL_KEYS = ["delta", "difference", "increase", "decrease", "rise", "drop", "change", "warming", "cooling",
                 "temperature_rise", "temperature_change", "temp_delta", "temp_diff", "range", "swing", "anomaly",
                 "offset", "gain", "heating", "error", "margin", "deviation", "spread", "value", "t"]
FORMS = [
    'Return a JSON object where name is Ann and {key} is {v} °{u}. Give the {key} in {target}.',
    'Return a JSON object with keys "name" and "{key}" (in {target}) for Ann, {v} °{u}.',
    'Return JSON with name Ann and {key} {v} °{u}. Give the {key} in {target}.',
]
DIRECTIONS = [("C", "Fahrenheit", 10), ("F", "Celsius", 212)]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("key", INTERVAL_KEYS)
@pytest.mark.parametrize(("unit", "target", "value"), DIRECTIONS)
def test_a_key_that_names_no_reading_is_no_claim(form: str, key: str, unit: str, target: str, value: int) -> None:
    read = read_request(form.format(key=key, v=value, u=unit, target=target))
    assert read is None or key not in read.statements, read


READINGS = [
    ('Return a JSON object where name is Ann and temperature is 20 °C. Give the temperature in Fahrenheit.',
     {"name": "Ann", "temperature": 68}),
    ('Return a JSON object with keys "name" and "temperature" (in Fahrenheit) for Ann, 20 °C.',
     {"name": "Ann", "temperature": 68}),
    ('Return a JSON object where name is Ann and temp is 212 °F. Give the temp in Celsius.', {"name": "Ann", "temp": 100}),
    ('Convert 25 °C to Fahrenheit and answer as JSON with key "fahrenheit".', {"fahrenheit": 77}),
    ('Return a JSON object with keys "city" and "temp": city "Bergen", temp 20 (Celsius). Convert temp to Fahrenheit.',
     {"city": "Bergen", "temp": 68}),
    ('Gib ein JSON-Objekt mit den Schlüsseln stadt und Temperatur zurück: stadt "Bern", Temperatur 20 (Celsius). '
     "Rechne die Temperatur in Fahrenheit um.", {"stadt": "Bern", "Temperatur": 68}),
    ('Devuelve un JSON con las claves "ciudad" y "temperatura": ciudad: Quito, temperatura: 14 °C. '
     "Convierte la temperatura a fahrenheit.", {"ciudad": "Quito", "temperatura": 57.2}),
    ('Devuelve un JSON con las claves "ciudad" y "temp": ciudad "Quito", temp 20 (Celsius). Convierte la temp a Fahrenheit.',
     {"ciudad": "Quito", "temp": 68}),  # an English reading key in a Spanish request
]


@pytest.mark.parametrize(("prompt", "values"), READINGS)
def test_a_reading_is_still_converted(prompt: str, values: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == values, read


def test_an_english_reading_key_in_another_language_is_converted() -> None:
    read = read_request('返回一个 JSON 对象，键为 "town" 和 "temp"：town "厦门"，temp 20（摄氏度）。把 temp 换算成华氏度。')
    assert read is not None and read.statements["temp"].value == 68, read


@pytest.mark.parametrize("prompt", [
    '返回一个 JSON 对象，键为 "town" 和 "delta"：town "厦门"，delta 20（摄氏度）。把 delta 换算成华氏度。',
    'Devuelve un JSON con las claves "ciudad" y "subida": ciudad "Quito", subida 20 (Celsius). Convierte la subida a Fahrenheit.',
    'Gib ein JSON-Objekt mit den Schlüsseln stadt und Anstieg zurück: stadt "Bern", Anstieg 20 (Celsius). '
    "Rechne den Anstieg in Fahrenheit um.",
])
def test_other_tables_convert_no_difference(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or all(s.value not in (68, 57.2) for s in read.statements.values()), read


def test_a_conversion_without_an_offset_reads_any_key() -> None:
    read = read_request('Give me a JSON object with keys route and gain. route "B7", gain 3 km. Express the gain in meters.')
    assert read is None or read.statements.get("gain") is None or read.statements["gain"].value == 3000, read


_KEY = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=14).filter(
    lambda k: k.strip("_") == k and k not in {"temperature", "temp", "fahrenheit", "celsius", "name"})


@settings(max_examples=80, deadline=None, derandomize=True)
@given(key=_KEY, form=st.sampled_from(FORMS), direction=st.sampled_from(DIRECTIONS))
def test_no_other_key_is_converted_with_an_offset(key: str, form: str, direction: tuple[str, str, int]) -> None:
    unit, target, value = direction
    read = read_request(form.format(key=key, v=value, u=unit, target=target))
    stated = None if read is None else read.statements.get(key)
    absolute = Fraction(value) * 9 / 5 + 32 if unit == "C" else (Fraction(value) - 32) * 5 / 9
    assert stated is None or Fraction(str(stated.value)) != absolute, (key, read)


def test_the_langchain_wrapper_keeps_the_models_right_answer() -> None:
    first = 'Return a JSON object where name is Ann and warming is 2 °C. Give the warming in Fahrenheit.'
    second = 'Return a JSON object where name is Bob and warming is 5 °C. Give the warming in Fahrenheit.'
    model = scripted(ai('{"name": "Ann", "warming": 3.6}'), ai('{"name": "Bob", "warming": 9}'))
    wrapped = with_step_cache(model, StepCache())
    assert json.loads(wrapped.invoke([HumanMessage(first)]).content) == {"name": "Ann", "warming": 3.6}
    assert json.loads(wrapped.invoke([HumanMessage(second)]).content) == {"name": "Bob", "warming": 9}


@pytest.mark.parametrize("question", [
    "Convert a rise of 10 degrees Celsius to Fahrenheit.",
    "What is a change of 10 °C in Fahrenheit?",
    "Convert a temperature difference of 10 degrees Celsius to Fahrenheit.",
    "How many degrees Fahrenheit is a 10 degree Celsius increase?",
])
def test_arithmetic_reads_no_difference_as_a_reading(question: str) -> None:
    assert read_question(question) is None
