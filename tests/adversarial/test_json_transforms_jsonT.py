"""wip/jsonT: JSON transforms said first, in every table (issue 33 items 3/4). Classes: a conversion
in each language's own words and unit symbols ("Convertis 3 heures en minutes", "Converta 1,8 m em
centímetros", "Convert 212°F to Celsius", "5 km をメートルに変換して"), centimetres and grams as
sources, kilograms as a target; a rounding of a number said first with no unit ("Runde 3,14159 auf
zwei Nachkommastellen", "Round 3.14159 to two decimals", zh "把价格 88.456 四舍五入到两位小数");
a half-up verb (zh 四舍五入, ja 四捨五入) rounds a tie up, computed on the decimal as written; any
other rounding word declines a tie. Served pairs served AND exactly right; each trap (another target
unit, another rounding, F->C for C->F, a changed template key, a label naming another key) is no
claim or right."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.json.transforms import apply_transform

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, dumps, exact_json_pair as pair

Obj = dict[str, Any]


SERVED = [
    pair("conv/fr", 'Convertis 3 heures en minutes et renvoie le JSON {"minutes": ...}.', {"minutes": 180},
         'Convertis 5 heures en minutes et renvoie le JSON {"minutes": ...}.', {"minutes": 300}),
    pair("conv/it", 'Converti 2 ore in minuti e rispondi con JSON {"minuti": ...}.', {"minuti": 120},
         'Converti 4 ore in minuti e rispondi con JSON {"minuti": ...}.', {"minuti": 240}),
    pair("conv/pt-m", 'Converta 1,8 m em centímetros e retorne JSON {"cm": ...}.', {"cm": 180},
         'Converta 1,65 m em centímetros e retorne JSON {"cm": ...}.', {"cm": 165}),
    pair("conv/ru-m", 'Переведи 4 км в метры и верни JSON {"m": ...}.', {"m": 4000},
         'Переведи 7 км в метры и верни JSON {"m": ...}.', {"m": 7000}),
    pair("conv/ja-te", '5 km をメートルに変換して JSON {"meters": ...} で返して。', {"meters": 5000},
         '12 km をメートルに変換して JSON {"meters": ...} で返して。', {"meters": 12000}),
    pair("conv/en-degC", 'Convert 25 °C to Fahrenheit and answer as JSON with key "fahrenheit".', {"fahrenheit": 77},
         'Convert 40 °C to Fahrenheit and answer as JSON with key "fahrenheit".', {"fahrenheit": 104}),
    pair("conv/en-degF", 'Convert 212°F to Celsius and answer as JSON {"celsius": <number>}.', {"celsius": 100},
         'Convert 50°F to Celsius and answer as JSON {"celsius": <number>}.', {"celsius": 10}),
    pair("conv/en-cm", 'Convert 150 cm to meters and return JSON {"meters": <number>}.', {"meters": 1.5},
         'Convert 275 cm to meters and return JSON {"meters": <number>}.', {"meters": 2.75}),
    pair("conv/en-g", 'Convert 2500 g to kilograms and return JSON {"kg": <number>}.', {"kg": 2.5},
         'Convert 750 g to kilograms and return JSON {"kg": <number>}.', {"kg": 0.75}),
    pair("sum/it", 'Converti 2 ore e 30 minuti in minuti e rispondi con JSON {"minuti": ...}.', {"minuti": 150},
         'Converti 3 ore e 15 minuti in minuti e rispondi con JSON {"minuti": ...}.', {"minuti": 195}),
    pair("sum/de", 'Rechne 2 Stunden und 30 Minuten in Minuten um und gib JSON {"minuten": ...} zurück.', {"minuten": 150},
         'Rechne 1 Stunde und 5 Minuten in Minuten um und gib JSON {"minuten": ...} zurück.', {"minuten": 65}),
    pair("labelled/de", 'Rechne die Strecke 3,5 km in Meter um und gib JSON mit dem Schlüssel "meter" zurück.', {"meter": 3500},
         'Rechne die Strecke 1,2 km in Meter um und gib JSON mit dem Schlüssel "meter" zurück.', {"meter": 1200}),
    pair("labelled/en", 'Convert the distance 2.5 km to meters and return JSON {"meters": <number>}.', {"meters": 2500},
         'Convert the distance 4.25 km to meters and return JSON {"meters": <number>}.', {"meters": 4250}),
    pair("round/de", 'Runde 3,14159 auf zwei Nachkommastellen und gib JSON {"wert": ...} zurück.', {"wert": 3.14},
         'Runde 2,71828 auf zwei Nachkommastellen und gib JSON {"wert": ...} zurück.', {"wert": 2.72}),
    pair("round/en", 'Round 3.14159 to two decimals and return JSON {"value": ...}.', {"value": 3.14},
         'Round 2.71828 to two decimals and return JSON {"value": ...}.', {"value": 2.72}),
    pair("round/zh-label", '把价格 1088.456 四舍五入到两位小数，返回 JSON {"price": ...}。', {"price": 1088.46},
         '把价格 1019.994 四舍五入到两位小数，返回 JSON {"price": ...}。', {"price": 1019.99}),
    pair("round/zh-half-up", '把价格 1088.456 四舍五入到两位小数，返回 JSON {"price": ...}。', {"price": 1088.46},
         '把价格 1002.675 四舍五入到两位小数，返回 JSON {"price": ...}。', {"price": 1002.68}),
]

# The template alone after a conversion, no "JSON" word: routed to the JSON task (JsonTask.detect)
SERVED += [
    pair("bare/fr", 'Convertis 3 heures en minutes et renvoie {"minutes": ...}.', {"minutes": 180},
         'Convertis 5 heures en minutes et renvoie {"minutes": ...}.', {"minutes": 300}),
    pair("bare/it-sum", 'Converti 2 ore e 30 minuti in minuti e rispondi con {"minuti": ...}.', {"minuti": 150},
         'Converti 3 ore e 15 minuti in minuti e rispondi con {"minuti": ...}.', {"minuti": 195}),
    pair("bare/pt", 'Converta 1,8 m em centímetros e retorne {"cm": ...}.', {"cm": 180},
         'Converta 1,65 m em centímetros e retorne {"cm": ...}.', {"cm": 165}),
    pair("bare/ru", 'Переведи 4 км в метры и верни {"m": ...}.', {"m": 4000},
         'Переведи 9 км в метры и верни {"m": ...}.', {"m": 9000}),
    pair("bare/ja", '5 km をメートルに変換して {"meters": ...} で返して。', {"meters": 5000},
         '12 km をメートルに変換して {"meters": ...} で返して。', {"meters": 12000}),
    pair("bare/de", 'Runde 3,14159 auf zwei Nachkommastellen und gib {"wert": ...} zurück.', {"wert": 3.14},
         'Runde 2,71828 auf zwei Nachkommastellen und gib {"wert": ...} zurück.', {"wert": 2.72}),
    pair("bare/zh", '把价格 1088.456 四舍五入到两位小数，返回 {"price": ...}。', {"price": 1088.46},
         '把价格 1019.994 四舍五入到两位小数，返回 {"price": ...}。', {"price": 1019.99}),
    pair("bare/en-F", 'Convert 212°F to Celsius and answer as {"celsius": <number>}.', {"celsius": 100},
         'Convert 50°F to Celsius and answer as {"celsius": <number>}.', {"celsius": 10}),
]

# (pair, whether the model must answer)
TRAPS = [
    (pair("bare-other-target", 'Convertis 3 heures en minutes et renvoie {"minutes": ...}.', {"minutes": 180},
          'Convertis 3 heures en secondes et renvoie {"minutes": ...}.', {"minutes": 180}), True),
    (pair("bare-no-conversion", 'Convertis 3 heures en minutes et renvoie {"minutes": ...}.', {"minutes": 180},
          'Donne 3 heures et renvoie {"minutes": ...}.', {"minutes": 180}), True),
    # another target unit than the key: km -> cm for {"meters"}
    (pair("other-target", 'Convert 5 km to meters and return JSON {"meters": <number>}.', {"meters": 5000},
          'Convert 5 km to centimeters and return JSON {"meters": <number>}.', {"meters": 500000}), True),
    # F -> C where C -> F was cached, the key the cached one
    (pair("f-for-c", 'Convert 25 °C to Fahrenheit and answer as JSON with key "fahrenheit".', {"fahrenheit": 77},
          'Convert 25 °F to Fahrenheit and answer as JSON with key "fahrenheit".', {"fahrenheit": 25}), False),
    (pair("c-to-c", 'Convert 25 °C to Fahrenheit and return JSON {"celsius": <number>}.', {"celsius": 25},
          'Convert 30 °C to Fahrenheit and return JSON {"celsius": <number>}.', {"celsius": 30}), True),
    # another rounding: one decimal where two were cached
    (pair("one-decimal", 'Round 3.14159 to two decimals and return JSON {"value": ...}.', {"value": 3.14},
          'Round 3.14159 to one decimal and return JSON {"value": ...}.', {"value": 3.1}), False),
    # a tie with a rounding word that does not say which way it goes
    (pair("tie", 'Round 3.14159 to two decimals and return JSON {"value": ...}.', {"value": 3.14},
          'Round 2.675 to two decimals and return JSON {"value": ...}.', {"value": 2.68}), True),
    # the template key changed
    (pair("key-changed", 'Runde 3,14159 auf zwei Nachkommastellen und gib JSON {"wert": ...} zurück.', {"wert": 3.14},
          'Runde 3,14159 auf zwei Nachkommastellen und gib JSON {"preis": ...} zurück.', {"preis": 3.14}), False),
    # a label naming another key than the one asked
    (pair("label-other-key", '把价格 88.456 四舍五入到两位小数，返回 JSON {"price": ...}。', {"price": 88.46},
          '把重量 88.456 四舍五入到两位小数，返回 JSON {"price": ...}。', {"price": 88.46}), True),
    # a rounding with a unit, a conversion with none
    (pair("round-unit", 'Round 3.14159 to two decimals and return JSON {"value": ...}.', {"value": 3.14},
          'Round 2.5 km to the nearest integer and return JSON {"value": ...}.', {"value": 3}), True),
    (pair("conv-no-unit", 'Round 3.14159 to two decimals and return JSON {"value": ...}.', {"value": 3.14},
          'Round 3.14159 to meters and return JSON {"value": ...}.', {"value": 3.14159}), True),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    assert_trap_never_wrong(case, model)


# The reading of each class, exactly: (prompt, key, value, transform)
READINGS = [
    ('Convertis 3 heures en minutes et renvoie {"minutes": ...}.', "minutes", 180, "to minutes"),
    ('Converta 1,8 m em centímetros e retorne {"cm": ...}.', "cm", 180, "to cm"),
    ('Переведи 4 км в метры и верни {"m": ...}.', "m", 4000, "to m"),
    ('5 km をメートルに変換して {"meters": ...} で返して。', "meters", 5000, "to m"),
    ('Runde 3,14159 auf zwei Nachkommastellen und gib {"wert": ...} zurück.', "wert", 3.14, "round to 0.01"),
    ('Convert 5 km to meters and return {"meters": <number>}.', "meters", 5000, "to m"),
    ('Convert 212°F to Celsius and answer as {"celsius": <number>}.', "celsius", 100, "to celsius"),
    ('把价格 1088.456 四舍五入到两位小数，返回 {"price": ...}。', "price", 1088.46, "round half up to 0.01"),
    ('把价格 1088.455 四舍五入到两位小数，返回 JSON {"price": ...}。', "price", 1088.46, "round half up to 0.01"),
    ('把 2.5 四舍五入到整数，返回 JSON {"price": ...}。', "price", 3, "round half up to 1"),
    ('1002.675 を小数第2位まで四捨五入して JSON {"value": ...} で返して。', "value", 1002.68, "round half up to 0.01"),
    ('Round 3.14159 to one decimal and return JSON {"value": ...}.', "value", 3.1, "round to 0.1"),
    ('Convertis 3 minutes en heures et renvoie {"heures": ...}.', "heures", 0.05, "to hours"),
    ('Convert 150 cm to meters and return JSON {"meters": <number>}.', "meters", 1.5, "to m"),
    ('Convert 2500 g to kilograms and return JSON {"kg": <number>}.', "kg", 2.5, "to kg"),
    ('Convert 25 °C to Fahrenheit and answer as JSON with key "fahrenheit".', "fahrenheit", 77, "to fahrenheit"),
    ('Переведи 90 минут в часы и верни JSON {"часы": ...}.', "часы", 1.5, "to hours"),
    ('Convierte 250 cm a metros y devuelve JSON {"metros": ...}.', "metros", 2.5, "to m"),
    ('Converti 1500 g in chilogrammi e rispondi con JSON {"kg": ...}.', "kg", 1.5, "to kg"),
    ('Converti 2 ore e 30 minuti in minuti e rispondi con {"minuti": ...}.', "minuti", 150, "to minutes"),
    ('Convert 1 hour and 20 minutes to seconds and return JSON {"seconds": <number>}.', "seconds", 4800, "to seconds"),
    ('Convertis 2 heures et 15 minutes en minutes et renvoie le JSON {"minutes": ...}.', "minutes", 135, "to minutes"),
    ('Convert 1 hour and 30 minutes to hours and return JSON {"hours": <number>}.', "hours", 1.5, "to hours"),
    ('Convert 5 minutes to minutes and return JSON {"minutes": <number>}.', "minutes", 5, "to minutes"),
]


@pytest.mark.parametrize("prompt, key, value, name", READINGS)
def test_reading(prompt: str, key: str, value: Any, name: str) -> None:
    read = read_request(prompt)
    assert read is not None, prompt
    assert read.keys == (key,) and read.transforms == {key: name}, (read.keys, read.transforms)
    got = read.statements[key].value
    assert got == value and type(got) is type(value), (got, value)


@pytest.mark.parametrize("prompt", [
    '把重量 88.456 四舍五入到两位小数，返回 JSON {"price": ...}。',       # the label names another key
    '把重量 1088.456 四舍五入到两位小数，返回 JSON {"price": ...}。',     # the same, a number read one way (wip/cleanD)
    '把价格 -88.455 四舍五入到两位小数，返回 JSON {"price": ...}。',      # which way a negative tie goes is not said
    'Round 2.5 to the nearest integer and return JSON {"value": ...}.',   # "nearest" does not say which way a tie goes
    'Round 2.675 to two decimals and return JSON {"value": ...}.',
    'Round 3.14159 to meters and return JSON {"value": ...}.',            # a conversion with no unit
    'Round 2.5 km to the nearest integer and return JSON {"km": ...}.',  # a rounding with a unit
    'Convert 5 km to centimeters and return JSON {"meters": <number>}.',  # another target unit
    'Convert 5 km to meters and return JSON {"cm": <number>}.',
    'Convert 5 km to meters and return {"cm": <number>}.',
    'Convert 25 °C to Fahrenheit and return JSON {"celsius": <number>}.',  # C -> F for a celsius key
    'Convert 25 °F to Celsius and return JSON {"fahrenheit": <number>}.',
    'Convert 25 °C to Celsius and return JSON {"celsius": <number>}.',     # no temperature is converted to its own unit
    'Convert 2500 g to kilograms and return JSON {"g": <number>}.',
    'Convert 25 C to Fahrenheit and return JSON {"fahrenheit": <number>}.',  # "C" alone is no unit word
    'Convertis 3 heures en secondes et renvoie {"minutes": ...}.',
    '5 km をセンチメートルに変換して {"meters": ...} で返して。',
    'Runde 3,145 auf zwei Nachkommastellen und gib {"wert": ...} zurück.',  # three digits after the comma
    'Convert 25 °C to Fahrenheit and return José JSON {"fahrenheit": <number>}.',  # a non-ASCII name in English
    'Return JSON with key temp: 25°C',                                         # a unit no conversion reads
    'Solve 2x + 3 = 7 and return {"x": ...}.',                                  # no conversion before the template
    'Return {"a": ""} with a "x".',
    'Give me {"minutes": ...} for 3 km.',  # another dimension (wip/jsonZ serves 'for 3 hours': 180 minutes, the class asked)
    'Convert 3 hours to minutes and return {"minutes": ...} in YAML.',
    'Convert 3 hours to minutes and return JSON and {"minutes": ...}.',
    'Convert 20 minutes and 1 hour to minutes and return JSON {"minutes": <number>}.',  # the smaller unit first
    'Convert 2 hours and 3 hours to minutes and return JSON {"minutes": <number>}.',    # one unit twice
    'Convert 1 hour and 20 minutes to hours and return JSON {"hours": <number>}.',      # 4/3 hours: no exact decimal
    'Convert 2 hours and 30 km to minutes and return JSON {"minutes": <number>}.',      # no declared pair for a part
    'Convert 2 hours and 30 minutes to meters and return JSON {"meters": <number>}.',
    'Convert the distance 2.5 km to meters and return JSON {"centimeters": <number>}.',  # a labelled quantity, another unit key
    'Convert the distance "2.5" km to meters and return JSON {"meters": <number>}.',     # a quoted label value
    'Convert the distance true km to meters and return JSON {"meters": <number>}.',
    'Runde 3,1\uff14159 auf zwei Nachkommastellen und gib JSON {"wert": ...} zurück.',  # a fullwidth digit: no number read whole
    'Return JSON with key ratio as a decimal fraction: 4\uff15%',
    'Convert 2\uff112°F to Celsius and answer as JSON {"celsius": <number>}.',
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_half_up_only_where_the_verb_says_it() -> None:
    """A tie: declined by "round to", up by "round half up to" (non-negative only), on the decimal
    as written (2.675 is 2.67499... as a double: Python's round gives 2.67)."""
    assert apply_transform("round to 0.01", 2.675, None) is None
    assert apply_transform("round half up to 0.01", 2.675, None) == 2.68
    assert apply_transform("round half up to 0.01", -2.675, None) is None
    assert apply_transform("round half up to 1", 2.5, None) == 3
    assert apply_transform("round half up to 1", 2.4, None) == 2
    assert apply_transform("round half up to 0.01", 2.675, "km") is None
    assert apply_transform("to m", 150, "cm") == 1.5
    assert apply_transform("to kg", 2500, "g") == 2.5
    assert apply_transform("to kg", 2500, "kg") == 2500  # already in the target's unit (a compound sum)
    assert apply_transform("to kg", 2500, "m") is None


# W17 (red team round 12, 1,907 pairs served verified=True): a word between the conversion verb and
# the number was read as the quantity's label and dropped ("Convert minus 34 degrees Celsius ..." was
# converted as 34; "twice 21 hours", "half 10 km", "menos 14 horas", "doppelt 14 Stunden"). A label is
# read only when the table declares it a measure noun ("the distance 2.5 km", "die Strecke 3,5 km").
_W17_WORDS = ["minus", "negative", "twice", "double", "triple", "half", "quarter", "thousand", "dozen", "ten",
              "zero", "no", "less", "almost", "nearly", "approximately", "over", "under", "not", "about", "only"]
_W17_REQUESTS = [
    ('Convert {w} 34 degrees Celsius to Fahrenheit and return JSON {{"fahrenheit": <number>}}', "en"),
    ('Convert {w} 21 hours to minutes and return JSON {{"minutes": <number>}}', "en"),
    ('Convert {w} 10 km to meters and return JSON {{"meters": <number>}}', "en"),
    ('Convert the {w} 2.5 km to meters and return JSON {{"meters": <number>}}', "en"),
]
_W17_OTHER = [
    'Convierte menos 14 horas a minutos y responde solo con JSON: {"minutos": <número>}',
    'Rechne doppelt 14 Stunden in Minuten um und gib JSON {"minuten": ...} zurück',
    'Rechne minus 14 Stunden in Minuten um und gib JSON {"minuten": ...} zurück',
    'Переведи минус 14 часа в минуты и верни JSON {"минуты": ...}',
    'Converti meno 14 ore in minuti e rispondi con JSON {"minuti": ...}.',
    'Converta menos 14 horas em minutos e retorne JSON {"minutos": ...}.',
]


@pytest.mark.parametrize("prompt", [t.format(w=w) for t, _ in _W17_REQUESTS for w in _W17_WORDS] + _W17_OTHER)
def test_a_word_before_the_number_is_no_label_unless_a_declared_measure_noun(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_a_cold_cache_serves_the_model_s_answer_to_a_signed_conversion() -> None:
    """Before W17 was closed, the model's right -1800 was rejected and the fallback's 1800 served proven."""
    from stepcache_integrations import StepCache

    from .harness import OracleModel

    prompt = 'Convert minus 30 hours to minutes and return JSON {"minutes": <number>}'
    model = OracleModel({prompt: dumps({"minutes": -1800})})
    result = StepCache().generate(prompt, model)
    assert result.model_calls == 1 and result.verification != "proven", (result.text, result.verification)
    assert '"minutes": -1800' in result.text, result.text
