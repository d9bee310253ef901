"""wip/fuzzF: red team 27's class kept closed by the fuzzer. The edit kind difference_key renames a JSON prompt's
temperature key to an interval word (delta, difference, rise, drop, warming, change, increase); the bases are the red
team's request forms (corpus json_temperature, --new-kinds). The oracle reads those forms itself
(oracle._temperature_json): a reading key converts with the scale's offset, an interval word without it (a 2 °C
warming is 3.6 °F, never 35.6 °F), anything else it does not read, so no answer without a model call is accepted."""

from __future__ import annotations

import json
import random

import pytest

from stepcache_integrations import StepCache

from .corpus import plain_bases
from .edits import INTERVAL_WORDS, NEW_TEXT_EDITS, apply_edit, text_applicable
from .oracle import oracle_verdict, understand

BASES = [b.request for b in plain_bases(reach=True)["json_temperature"]]


def test_the_edit_kind_is_a_new_kind_and_applies_to_every_temperature_base() -> None:
    assert "difference_key" in NEW_TEXT_EDITS
    assert "json_temperature" not in plain_bases()  # --new-kinds only
    for base in BASES:
        assert "difference_key" in text_applicable(base), base


@pytest.mark.parametrize("base", BASES)
def test_every_edit_names_an_interval_word_where_a_temperature_key_stood(base: str) -> None:
    for seed in range(20):
        edited = apply_edit(base, "difference_key", random.Random(seed))
        assert edited is not None and edited != base
        assert any(word in edited for word in INTERVAL_WORDS), edited


@pytest.mark.parametrize("text", [
    "Return JSON with the temperature of 20 people.",  # no degrees
    "Convert 20 °C to Fahrenheit.",  # no JSON
    'Return JSON with keys "name" and "age": Ann, 30.',
])
def test_the_edit_needs_a_json_prompt_with_a_temperature_key_and_degrees(text: str) -> None:
    assert "difference_key" not in text_applicable(text)


READINGS = [
    ("Return a JSON object where name is Ann and temperature is 20 °C. Give the temperature in Fahrenheit.",
     {"name": "Ann", "temperature": 68}),
    ("Return a JSON object where name is Omar and temperature is 2 °C. Give the temperature in Fahrenheit.",
     {"name": "Omar", "temperature": 35.6}),
    ('Return a JSON object with keys "name" and "temperature" (in Fahrenheit) for Ines, 20 °C.',
     {"name": "Ines", "temperature": 68}),
    ('Return JSON with keys "city" and "temp": city "Quito", temp 15 (Celsius). Convert temp to Fahrenheit.',
     {"city": "Quito", "temp": 59}),
    ('Convert 25 °C to Fahrenheit and answer as JSON with key "fahrenheit".', {"fahrenheit": 77}),
    ("Return a JSON object where name is Ann and temp is 212 °F. Give the temp in Celsius.", {"name": "Ann", "temp": 100}),
    # spacing, case of the request's words, a final period, a left-out request word: the same object
    ("Return a JSON object where name is Omar and temperature is 2°C. Give temperature in FAHRENHEIT",
     {"name": "Omar", "temperature": 35.6}),
    ('Return JSON with keys "town" and "temp": town "Quito",temp 15 (Celsius). Convert Temp to Fahrenheit.',
     {"town": "Quito", "temp": 59}),
    ('Return JSON with keys "city" and "temp": city "Quito", temp 15 (Celsius). Convert temp to Fahrenheit. '
     "Write the city in uppercase.", {"city": "QUITO", "temp": 59}),
]


@pytest.mark.parametrize(("prompt", "obj"), READINGS)
def test_a_reading_is_converted_with_the_offset(prompt: str, obj: dict) -> None:
    assert oracle_verdict(prompt, json.dumps(obj)) is None
    wrong = {k: (v + 1 if isinstance(v, (int, float)) else v) for k, v in obj.items()}
    assert oracle_verdict(prompt, json.dumps(wrong)) is not None


DIFFERENCES = [
    ("Return a JSON object where name is Ann and warming is 2 °C. Give the warming in Fahrenheit.",
     {"name": "Ann", "warming": 3.6}, {"name": "Ann", "warming": 35.6}),
    ('Return a JSON object with keys "name" and "delta" (in Fahrenheit) for Ines, 20 °C.',
     {"name": "Ines", "delta": 36}, {"name": "Ines", "delta": 68}),
    ('Return JSON with keys "city" and "rise": city "Quito", rise 15 (Celsius). Convert rise to Fahrenheit.',
     {"city": "Quito", "rise": 27}, {"city": "Quito", "rise": 59}),
    ("Return a JSON object where name is Ann and drop is 212 °F. Give the drop in Celsius.",
     {"name": "Ann", "drop": 117.77777777777777}, {"name": "Ann", "drop": 100}),
]


@pytest.mark.parametrize(("prompt", "right", "offset"), DIFFERENCES)
def test_an_interval_word_is_converted_without_the_offset(prompt: str, right: dict, offset: dict) -> None:
    assert oracle_verdict(prompt, json.dumps(right)) is None
    assert "!=" in (oracle_verdict(prompt, json.dumps(offset)) or "")  # the red team's served value: rejected


@pytest.mark.parametrize("prompt", [
    # renamed at one mention only: which key is converted?
    "Return a JSON object where name is Ann and delta is 20 °C. Give the temperature in Fahrenheit.",
    'Return JSON with keys "city" and "delta": city "Bergen", temp 20 (Celsius). Convert temp to Fahrenheit.',
    # the "Convert" form converts a reading; its key says a difference
    'Convert 25 °C to Fahrenheit and answer as JSON with key "increase".',
    # a key of neither list, a unit to itself, another scale, no degree sign, a name the oracle cannot tell
    "Return a JSON object where name is Ann and swing is 2 °C. Give the swing in Fahrenheit.",
    "Return a JSON object where name is Ann and temp is 212 °F. Give the temp in Fahrenheit.",
    "Return a JSON object where name is Ann and temperature is 2 °C. Give the temperature in Kelvin.",
    "Return a JSON object where name is Ann and temperature is 2 C. Give the temperature in Fahrenheit.",
    'Return a JSON object with keys "name" and "temperature" (in Fahrenheit) for Paris, 20 °C.',
    "Return a JSON object where name is Nobody and temperature is 20 °C. Give the temperature in Fahrenheit.",
    # the city's key renamed to the temperature's, or a rounding whose order the prompt leaves open
    'Return JSON with keys "temp" and "temp": temp "Quito", temp 15 (Celsius). Convert temp to Fahrenheit.',
    'Return JSON with keys "city" and "temp": city "Quito", temp 15 (Celsius). Convert temp to Fahrenheit. '
    "Round the temp to the nearest ten.",
])
def test_unread_forms_accept_no_answer(prompt: str) -> None:
    assert understand(prompt) is None
    assert oracle_verdict(prompt, '{"name": "Ann", "temperature": 68}') is not None


@pytest.mark.parametrize("base", BASES)
def test_the_engine_converts_no_renamed_key_with_the_offset(base: str) -> None:
    """Warm the cache with the base, then ask its difference_key edits: none is answered without a model call
    with an object the oracle rejects (red team 27's class stays closed)."""
    for seed in range(12):
        edited = apply_edit(base, "difference_key", random.Random(seed))
        cache = StepCache()
        first = understand(base)
        assert first is not None
        cache.generate(base, lambda prompt, _o=first.obj: json.dumps(_o))
        result = cache.generate(edited, lambda prompt: '{"model": "answer"}')
        if result.model_calls == 0:
            assert oracle_verdict(edited, result.text) is None, (edited, result.text)


# ----------------------------------------------------------------------------- the oracle's wider exact readings
# wip/fuzzF's triage of `--only json_reach --only json_langs --new-kinds` (PYTHONHASHSEED=0, seed 0): 68 violations, every
# served object right for its prompt, none readable by the oracle. The readings below are its own, exact; each has traps.
WIDER = [
    # nested and list requests: "Return"/"a" left out, a leading "please"/"quickly", "No explanation." apart, spacing
    ('JSON with a key "db" holding host "db.local" and port 5432.', {"db": {"host": "db.local", "port": 5432}}),
    ('Return JSON with key "server" holding host "api" and port 443.', {"server": {"host": "api", "port": 443}}),
    ('Return JSON with a key"server" holding host "api"and port 443.', {"server": {"host": "api", "port": 443}}),
    ('Return JSON with a key "topics", listing: rust, async, wasm', {"topics": ["rust", "async", "wasm"]}),
    ('Return JSON with a key "tags" listing red, green, blue', {"tags": ["red", "green", "blue"]}),
    ('Return JSON with a key "tags" listing: red  , green, blue', {"tags": ["red", "green", "blue"]}),
    ("JSON: a key tags listing apple, pear and plum", {"tags": ["apple", "pear", "plum"]}),
    ("JSON please\t: a key tags listing apple, pear and plum", {"tags": ["apple", "pear", "plum"]}),
    ("JSON please: a key tags listing apple, pear and plum\nNo explanation.", {"tags": ["apple", "pear", "plum"]}),
    ('Return {"user": {"name": ..., "age": ...}} for name Carl, age 40\nNo explanation.', {"user": {"name": "Carl", "age": 40}}),
    ('quickly Return {"user": {"name": ..., "age": ...}} for name Carl, age 40', {"user": {"name": "Carl", "age": 40}}),
    ('Return JSON with a key "server" holding host "api  x" and port 443.', {"server": {"host": "api  x", "port": 443}}),
    # measures: request words left out or said another way, minutes and centimetres
    ('Convert 7 hours to minutes and JSON with key "minutes".', {"minutes": 420}),
    ('Convert 2 hours to minutes and please JSON with the key "minutes".', {"minutes": 120}),
    ('Convert 12 km to meters and print JSON {"meters": <number>}.', {"meters": 12000}),
    ('Convert 7 mins to minutes and return JSON with the key "minutes".', {"minutes": 7}),
    ('Convert 12 cm to meters and return JSON {"meters": <number>}.', {"meters": 0.12}),
    ('JSON with "minutes"for a duration of 5 hours.', {"minutes": 300}),
    ('Return JSON with "minutes" for a duration of 5 mins.', {"minutes": 5}),
    # the prose templates' words in any case
    ('Return JSON with keys "name" and "age": Alma iS 30 yearS olD.', {"name": "Alma", "age": 30}),
    ('Return JSON with keys "player" and "score": Leo sCored 72. Output only the JSON object.', {"player": "Leo", "score": 72}),
]


@pytest.mark.parametrize(("prompt", "obj"), WIDER)
def test_a_wider_reading_accepts_only_its_object(prompt: str, obj: dict) -> None:
    assert oracle_verdict(prompt, json.dumps(obj)) is None
    first = next(iter(obj))
    assert oracle_verdict(prompt, json.dumps({**obj, first: "other"})) is not None
    assert oracle_verdict(prompt, json.dumps({k: v for k, v in obj.items() if k != first} or {"x": 1})) is not None


@pytest.mark.parametrize("prompt", [
    'Return JSON with a key "tags" listing: red, green, blue No explanation.',  # may end the last item
    'Return JSON with a key "tags" listing: red, green, blue\nNo explanation, just the list.',
    'not Return {"user": {"name": ..., "age": ...}} for name Carl, age 40',
    "JSON: a key tags listing apple, pear and not plum",
    'Return JSON with a key "server" holding host "api" and port 443. Explanation.',
    'Convert 12 km to meters and return JSON {"meters": <y>}.',
    'Convert 7 days to minutes and return JSON with the key "minutes".',
    'Convert 12 mm to meters and return JSON {"meters": <number>}.',
    'Convert 12 km to meters and not return JSON {"meters": <number>}.',
    'Return JSON with "minutes" for a duration of 5 seconds.',
    'Return JSON with keys "name" and "age": Alma is 30 years young.',
])
def test_near_forms_stay_unread(prompt: str) -> None:
    assert understand(prompt) is None
