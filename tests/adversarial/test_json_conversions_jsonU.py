"""wip/jsonU: every declared unit converts to every other of its dimension (issue 33 items 3/4).
transforms.MEASURES gives each unit its exact factor to its dimension's base (the international mile
is 1609.344 m exactly); a conversion is the ratio of two factors, a temperature or a percentage its
declared formula. Classes: a unit swapped in a cached conversion ("5.2 km to metres" then "5.2 miles
to metres", "8 hours to minutes" then "8 weeks to minutes") is re-instantiated; millimetres, miles,
millilitres, litres, days and weeks in every table (ru case forms "литра", "дня", "недели"); British
and American spellings ("metres"/"meters", "litres"/"liters", "grammes"); zh the unit's own word as
the target ("把 2.5 公里换算成米") and "用 JSON 返回". Served pairs served AND exactly right; each trap
(an undeclared unit, another dimension, a month, a key in another unit, no exact decimal) is no
claim or right."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.json.transforms import MEASURES, apply_transform, conversion, summed

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

Obj = dict[str, Any]


KM = 'Convert 5.2 km to metres and return {"metres": <number>}.'
HOURS = 'Convert 8 hours to minutes and return JSON {"minutes": <number>}.'
SERVED = [
    # (an integer result where a decimal was cached is another problem: the key holds the value's type)
    pair("swap/miles", KM, {"metres": 5200}, 'Convert 125 miles to metres and return {"metres": <number>}.', {"metres": 201168}),
    pair("swap/mm", KM, {"metres": 5200}, 'Convert 52000 mm to metres and return {"metres": <number>}.', {"metres": 52}),
    pair("swap/mm-miles", 'Convert 5.2 mm to metres and return {"metres": <number>}.', {"metres": 0.0052},
         'Convert 5.2 miles to metres and return {"metres": <number>}.', {"metres": 8368.5888}),
    pair("swap/days", HOURS, {"minutes": 480}, 'Convert 8 days to minutes and return JSON {"minutes": <number>}.', {"minutes": 11520}),
    pair("swap/weeks", HOURS, {"minutes": 480}, 'Convert 8 weeks to minutes and return JSON {"minutes": <number>}.', {"minutes": 80640}),
    pair("spell/liters", 'Convert 2 litres to ml and return JSON {"ml": <number>}.', {"ml": 2000},
         'Convert 2.5 liters to milliliters and return JSON {"ml": <number>}.', {"ml": 2500}),
    pair("spell/meters", KM, {"metres": 5200}, 'Convert 7.25 km to meters and return {"metres": <number>}.', {"metres": 7250}),
    pair("spell/grammes", 'Convert 2 kg to grammes and return JSON {"grammes": <number>}.', {"grammes": 2000},
         'Convert 3.5 kg to grammes and return JSON {"grammes": <number>}.', {"grammes": 3500}),
    pair("sum/weeks-days", 'Convert 2 weeks and 3 days to days and return JSON {"days": <number>}.', {"days": 17},
         'Convert 4 weeks and 1 day to days and return JSON {"days": <number>}.', {"days": 29}),
    pair("conv/de-days", 'Rechne 3 Tage in Stunden um und gib JSON {"stunden": ...} zurück.', {"stunden": 72},
         'Rechne 2 Wochen in Stunden um und gib JSON {"stunden": ...} zurück.', {"stunden": 336}),
    pair("conv/de-litres", 'Rechne 2,5 Liter in Milliliter um und gib JSON {"ml": ...} zurück.', {"ml": 2500},
         'Rechne 0,75 Liter in Milliliter um und gib JSON {"ml": ...} zurück.', {"ml": 750}),
    pair("conv/es-miles", 'Convierte 5 millas a metros y devuelve JSON {"metros": ...}.', {"metros": 8046.72},
         'Convierte 3 millas a metros y devuelve JSON {"metros": ...}.', {"metros": 4828.032}),
    pair("conv/fr-weeks", 'Convertis 2 semaines en jours et renvoie {"jours": ...}.', {"jours": 14},
         'Convertis 5 semaines en jours et renvoie {"jours": ...}.', {"jours": 35}),
    pair("conv/fr-hours", 'Convertis 3 heures en minutes et renvoie {"minutes": ...}.', {"minutes": 180},
         'Convertis 8 heures en minutes et renvoie {"minutes": ...}.', {"minutes": 480}),
    pair("conv/it-litres", 'Converti 2,5 litri in millilitri e rispondi con il JSON {"ml": valore}.', {"ml": 2500},
         'Converti 1,75 litri in millilitri e rispondi con il JSON {"ml": valore}.', {"ml": 1750}),
    pair("conv/it-days", 'Converti 3 giorni in ore e rispondi con JSON {"ore": ...}.', {"ore": 72},
         'Converti 3 settimane in ore e rispondi con JSON {"ore": ...}.', {"ore": 504}),
    pair("conv/pt-weeks", 'Converta 3 semanas em dias e retorne {"dias": ...}.', {"dias": 21},
         'Converta 6 semanas em dias e retorne {"dias": ...}.', {"dias": 42}),
    pair("conv/ru-case", 'Переведи 3 часа в минуты и верни JSON {"minutes": значение}.', {"minutes": 180},
         'Переведи 5 часов в минуты и верни JSON {"minutes": значение}.', {"minutes": 300}),
    pair("conv/ru-days", 'Переведи 3 дня в часы и верни JSON {"часы": ...}.', {"часы": 72},
         'Переведи 5 дней в часы и верни JSON {"часы": ...}.', {"часы": 120}),
    pair("conv/ru-km", 'Переведи 3 километра в метры и верни JSON {"m": значение}.', {"m": 3000},
         'Переведи 5 километров в метры и верни JSON {"m": значение}.', {"m": 5000}),
    pair("conv/ru-litres", 'Переведи 2,5 литра в миллилитры и верни JSON {"мл": ...}.', {"мл": 2500},
         'Переведи 4 литра в миллилитры и верни JSON {"мл": ...}.', {"мл": 4000}),
    pair("conv/zh-unit-target", '把 2.5 公里换算成米，用 JSON 返回：{"meters": 数值}', {"meters": 2500},
         '把 4.8 公里换算成米，用 JSON 返回：{"meters": 数值}', {"meters": 4800}),
    pair("conv/zh-minutes", '把3小时换算成分钟，返回 {"minutes": ...}', {"minutes": 180},
         '把8小时换算成分钟，返回 {"minutes": ...}', {"minutes": 480}),
    pair("conv/zh-weeks", '把2周换算成天，返回 {"天": ...}', {"天": 14}, '把5周换算成天，返回 {"天": ...}', {"天": 35}),
    pair("conv/zh-litres", '把 1.5 升换算成毫升，返回 {"毫升": ...}', {"毫升": 1500},
         '把 0.25 升换算成毫升，返回 {"毫升": ...}', {"毫升": 250}),
    pair("conv/ja-hours", '1.2 時間を分に換算して、{"minutes": 値} の JSON で返してください。', {"minutes": 72},
         '2.5 時間を分に換算して、{"minutes": 値} の JSON で返してください。', {"minutes": 150}),
    pair("conv/ja-days", '2 日間を時間に換算して {"hours": ...} で返して。', {"hours": 48},
         '3 週間を時間に換算して {"hours": ...} で返して。', {"hours": 504}),
    pair("conv/ja-litres", '1.5 リットルをミリリットルに換算して {"ml": ...} で返して。', {"ml": 1500},
         '0.5 リットルをミリリットルに換算して {"ml": ...} で返して。', {"ml": 500}),
    pair("key-target/en-miles", 'Convert 3 km and return {"meters": <number>}.', {"meters": 3000},
         'Convert 125 miles and return {"meters": <number>}.', {"meters": 201168}),
    pair("sentence/en", 'Convert 8 hours into minutes. Return JSON {"minutes": <number>}.', {"minutes": 480},
         'Convert 8 days into minutes. Return JSON {"minutes": <number>}.', {"minutes": 11520}),
    # a percentage said first, as a decimal, for a key that names no unit
    pair("pct/en", 'Express 45% as a decimal and return JSON {"ratio": <number>}.', {"ratio": 0.45},
         'Express 80% as a decimal and return JSON {"ratio": <number>}.', {"ratio": 0.8}),
    pair("pct/es", 'Convierte 45% en decimal y devuelve JSON {"tasa": ...}.', {"tasa": 0.45},
         'Convierte 12% en decimal y devuelve JSON {"tasa": ...}.', {"tasa": 0.12}),
]

# (pair, whether the model must answer)
TRAPS = [
    (pair("undeclared-unit", KM, {"metres": 5200}, 'Convert 5.2 furlongs to metres and return {"metres": <number>}.',
          {"metres": 1046.5}), True),
    (pair("month-no-minutes", HOURS, {"minutes": 480}, 'Convert 8 months to minutes and return JSON {"minutes": <number>}.',
          {"minutes": 0}), True),
    (pair("other-dimension", KM, {"metres": 5200}, 'Convert 5.2 kg to metres and return {"metres": <number>}.',
          {"metres": 5200}), True),
    (pair("key-other-unit", KM, {"metres": 5200}, 'Convert 5.2 miles to metres and return {"km": <number>}.',
          {"km": 8.3685888}), True),
    (pair("no-exact-decimal", 'Convert 2880 minutes to days and return JSON {"days": <number>}.', {"days": 2},
          'Convert 1 minute to days and return JSON {"days": <number>}.', {"days": 0}), True),
    (pair("swap-target", 'Convert 2 litres to ml and return JSON {"ml": <number>}.', {"ml": 2000},
          'Convert 2 ml to litres and return JSON {"ml": <number>}.', {"ml": 2}), True),
    # another key: another problem (its answer patched by the model or computed, never the cached 3000)
    (pair("key-target-changed", 'Convert 3 km and return {"meters": <number>}.', {"meters": 3000},
          'Convert 3 km and return {"centimeters": <number>}.', {"centimeters": 300000}), False),
    (pair("zh-other-target", '把3小时换算成分钟，返回 {"minutes": ...}', {"minutes": 180},
          '把3小时换算成秒，返回 {"minutes": ...}', {"minutes": 180}), True),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    assert_trap_never_wrong(case, model)


# The reading of each new unit and target, exactly: (prompt, key, value, transform); each unit's factor
# (a deleted or swapped factor, a word moved to another class) changes one of these values.
READINGS = [
    ('Convert 5.2 miles to metres and return {"metres": <number>}.', "metres", 8368.5888, "to m"),
    ('Convert 5.2 mm to metres and return {"metres": <number>}.', "metres", 0.0052, "to m"),
    ('Convert 3 km to mm and return {"mm": <number>}.', "mm", 3000000, "to mm"),
    ('Convert 8 days to minutes and return {"minutes": <number>}.', "minutes", 11520, "to minutes"),
    ('Convert 8 weeks to minutes and return {"minutes": <number>}.', "minutes", 80640, "to minutes"),
    ('Convert 36 hours to days and return {"days": <number>}.', "days", 1.5, "to days"),
    ('Convert 14 days to weeks and return {"weeks": <number>}.', "weeks", 2, "to weeks"),
    ('Convert 2.5 litres to ml and return {"ml": <number>}.', "ml", 2500, "to ml"),
    ('Convert 750 ml to litres and return JSON {"litres": <number>}.', "litres", 0.75, "to l"),
    ('Convert 2.5 L to ml and return JSON {"ml": <number>}.', "ml", 2500, "to ml"),
    ('Convert 3.5 kg to grammes and return {"grammes": <number>}.', "grammes", 3500, "to g"),
    ('Convert 1 day and 2 hours to hours and return JSON {"hours": <number>}.', "hours", 26, "to hours"),
    ('Return JSON with "meters" for a length of 3 miles.', "meters", 4828.032, "to m"),
    ('Rechne 2 Wochen in Tage um und gib JSON {"tage": ...} zurück.', "tage", 14, "to days"),
    ('Rechne 3 Meilen in Meter um und gib JSON {"meter": ...} zurück.', "meter", 4828.032, "to m"),
    ('Convierte 2 semanas a días y devuelve JSON {"días": ...}.', "días", 14, "to days"),
    ('Convierte 1500 ml a litros y devuelve JSON {"litros": ...}.', "litros", 1.5, "to l"),
    ('Convertis 1,5 litre en millilitres et renvoie {"ml": ...}.', "ml", 1500, "to ml"),
    ('Convertis 45 mm en mètres et renvoie {"mètres": ...}.', "mètres", 0.045, "to m"),
    ('Converti 2 miglia in metri e rispondi con JSON {"metri": ...}.', "metri", 3218.688, "to m"),
    ('Converta 2 litros em mililitros e retorne {"ml": ...}.', "ml", 2000, "to ml"),
    ('Converta 3 semanas em dias e retorne {"dias": ...}.', "dias", 21, "to days"),
    ('Переведи 2 недели в дни и верни JSON {"дни": ...}.', "дни", 14, "to days"),
    ('Переведи 3 мили в метры и верни JSON {"метры": ...}.', "метры", 4828.032, "to m"),
    ('Переведи 250 мл в литры и верни JSON {"литры": ...}.', "литры", 0.25, "to l"),
    ('把 3 天换算成小时，返回 {"hours": ...}', "hours", 72, "to hours"),
    ('把 2 英里换算成米，返回 {"meters": ...}', "meters", 3218.688, "to m"),
    ('把 120 秒换算成分钟，返回 {"minutes": ...}', "minutes", 2, "to minutes"),
    ('3 km をミリメートルに変換して {"mm": ...} で返して。', "mm", 3000000, "to mm"),
    ('2 マイルをメートルに変換して {"meters": ...} で返して。', "meters", 3218.688, "to m"),
    ('Express 45% as a decimal and return JSON {"ratio": <number>}.', "ratio", 0.45, "to decimal"),
    ('Convert 8 hours into minutes. Return JSON {"minutes": <number>}.', "minutes", 480, "to minutes"),
    ('把8小时换算成分钟。返回 {"minutes": ...}', "minutes", 480, "to minutes"),
    ('Convert 3 kilos to grams and return JSON {"grams": <number>}.', "grams", 3000, "to g"),
    # no target said: the one key asked names it
    ('Convert 3 km and return {"centimeters": <number>}.', "centimeters", 300000, "to cm"),
    ('Convert 25 °C and return JSON {"fahrenheit": <number>}.', "fahrenheit", 77, "to fahrenheit"),
    ('Convertis 3 heures et renvoie {"minutes": ...}.', "minutes", 180, "to minutes"),
    ('Convert 45% to a decimal and return JSON {"decimal": <number>}.', "decimal", 0.45, "to decimal"),
    ('Convierte 45% en decimal y devuelve JSON {"tasa": ...}.', "tasa", 0.45, "to decimal"),
]


@pytest.mark.parametrize("prompt, key, value, name", READINGS)
def test_reading(prompt: str, key: str, value: Any, name: str) -> None:
    read = read_request(prompt)
    assert read is not None, prompt
    assert read.keys == (key,) and read.transforms == {key: name}, (read.keys, read.transforms)
    got = read.statements[key].value
    assert got == value and type(got) is type(value), (got, value)


@pytest.mark.parametrize("prompt", [
    'Convert 5.2 furlongs to metres and return {"metres": <number>}.',   # an undeclared unit
    'Convert 8 months to minutes and return JSON {"minutes": <number>}.',  # a month has no fixed length
    'Convert 3 kg to metres and return JSON {"metres": <number>}.',        # another dimension
    'Convert 3 litres to grams and return JSON {"grams": <number>}.',
    'Convert 5.2 miles to metres and return {"km": <number>}.',            # the key in another unit
    'Convert 1 minute to days and return JSON {"days": <number>}.',        # 1/1440: no exact decimal
    'Convert 2 ml to litres and return JSON {"ml": <number>}.',
    'Convert 3 weeks and 2 months to days and return JSON {"days": <number>}.',
    'Convert 2 days and 3 weeks to days and return JSON {"days": <number>}.',  # the smaller unit first
    '把3小时换算成秒，返回 {"minutes": ...}',                                 # another target than the key
    '把3小时换算成公斤，返回 {"公斤": ...}',                                   # another dimension
    '把 25 摄氏度换算成摄氏度，返回 {"celsius": ...}',                         # a scale to itself
    '把 2 个月换算成天，返回 {"天": ...}',
    'Express 45% as a decimal and return JSON {"percent": <number>}.',  # the key names the source's unit: 45 or 0.45
    'Express 45% as a decimal and return JSON {"minutes": <number>}.',  # the key names a unit
    'Express 45 minutes as a decimal and return JSON {"ratio": <number>}.',
    'Round 45% as a decimal and return JSON {"ratio": <number>}.',     # no conversion verb
    'Convert 3 km and return {"value": <number>}.',                     # no target said, the key names none
    'Convert 3 km and return {"grams": <number>}.',                     # another dimension
    'Round 3 km and return {"meters": <number>}.',                      # no conversion verb
    'Convert 45% and return JSON {"ratio": <number>}.',
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_every_factor_is_the_ratio_of_declared_exact_factors() -> None:
    assert MEASURES["miles"] == ("length", Fraction("1609.344"))
    assert conversion("km", "to m") == (Fraction(1000), 0)
    assert conversion("mm", "to m") == (Fraction(1, 1000), 0)
    assert conversion("weeks", "to days") == (Fraction(7), 0)
    assert conversion("days", "to hours") == (Fraction(24), 0)
    assert conversion("l", "to ml") == (Fraction(1000), 0)
    assert conversion("kilo", "to g") == (Fraction(1000), 0) and conversion("kilo", "to m") == (Fraction(1000), 0)
    assert conversion("kilo", "to ml") is None and conversion("months", "to days") is None
    assert conversion("years", "to months") == (Fraction(12), 0)
    assert conversion(None, "to m") is None and conversion("percent", "to m") is None
    assert apply_transform("to m", 5.2, "miles") == 8368.5888
    assert apply_transform("to days", 1, "minutes") is None
    assert summed([(2, "weeks"), (3, "days")], "to days") == 17
    assert summed([(2, "weeks"), (3, "celsius")], "to days") is None
    assert summed([(1, "days"), (2, "hours")], "to minutes") == 1560
