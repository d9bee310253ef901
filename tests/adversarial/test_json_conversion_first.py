"""wip/jsonR2: a conversion said before the request, its result in a template or one key ("Convert
2.5 km to meters and return JSON {"meters": <number>}", es "Convierte 1,5 kg a gramos y responde solo
con JSON: {"gramos": <número>}", zh "把 1.2 米换算成厘米，只输出 JSON：{"厘米": 数值}"). Served pairs
served AND exactly right; the one key asked must be the target's unit word, the pair (unit, target)
one of transforms.CONVERSIONS, else no claim (the model answers)."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

Obj = dict[str, Any]


KM = 'Convert 3.2 km to meters and return JSON {"meters": <number>}.'
KM_OBJ = {"meters": 3200}
SERVED = [
    pair("conv/en", KM, KM_OBJ, 'Convert 1.75 km to meters and return JSON {"meters": <number>}.', {"meters": 1750}),
    pair("conv/en", KM, KM_OBJ, 'Convert 12 km to meters and return JSON {"meters": ...}.', {"meters": 12000}),
    pair("conv/en-kg", 'Convert 2 kg to grams and reply with JSON {"grams": ...}.', {"grams": 2000},
         'Convert 0.35 kg to grams and reply with JSON {"grams": ...}.', {"grams": 350}),
    pair("conv/en-key", 'Convert 3 hours to minutes and return JSON with the key "minutes".', {"minutes": 180},
         'Convert 4 hours to minutes and return JSON with the key "minutes".', {"minutes": 240}),
    pair("conv/en-cm", 'Convert 1.2 meters to centimeters and return JSON {"centimeters": <number>}.', {"centimeters": 120},
         'Convert 0.45 meters to centimeters and return JSON {"centimeters": <number>}.', {"centimeters": 45}),
    pair("conv/es", 'Convierte 2,5 kg a gramos y responde solo con JSON: {"gramos": <número>}', {"gramos": 2500},
         'Convierte 3,25 kg a gramos y responde solo con JSON: {"gramos": <número>}', {"gramos": 3250}),
    pair("conv/pt", 'Converta 1,5 horas em minutos e responda só com JSON no formato {"minutos": n}.', {"minutos": 90},
         'Converta 2,25 horas em minutos e responda só com JSON no formato {"minutos": n}.', {"minutos": 135}),
    pair("conv/ru", 'Переведи 5 часов в секунды и ответь только JSON вида {"секунды": n}.', {"секунды": 18000},
         'Переведи 7 часов в секунды и ответь только JSON вида {"секунды": n}.', {"секунды": 25200}),
    pair("conv/zh", '把 2.5 米换算成厘米，只输出 JSON：{"厘米": 数值}', {"厘米": 250},
         '把 0.75 米换算成厘米，只输出 JSON：{"厘米": 数值}', {"厘米": 75}),
    pair("conv/ja", '1.5 キロをグラムに換算して、JSON {"grams": 数値} だけを出力してください。', {"grams": 1500},
         '3 キロをグラムに換算して、JSON {"grams": 数値} だけを出力してください。', {"grams": 3000}),
]

# (pair, whether the model must answer)
TRAPS = [
    # the key names another unit than the target: which one is meant is not stated
    (pair("other-unit-key", KM, KM_OBJ, 'Convert 2.5 km to meters and return JSON {"centimeters": <number>}.',
          {"centimeters": 2500}), True),
    (pair("other-unit-key/ru", 'Переведи 5 часов в секунды и ответь только JSON вида {"секунды": n}.', {"секунды": 18000},
          'Переведи 2 часа в минуты и ответь только JSON вида {"секунды": n}.', {"секунды": 7200}), True),
    # a key that is no unit word: no claim (the grammar derives no key for the result)
    (pair("plain-key", KM, KM_OBJ, 'Convert 2.5 km to meters and return JSON {"distance": <number>}.', {"distance": 2500}), True),
    # no declared conversion of that unit to that target
    (pair("undeclared", KM, KM_OBJ, 'Convert 2.5 kg to meters and return JSON {"meters": <number>}.', {"meters": 2500}), True),
    # no unit stated
    (pair("no-unit", KM, KM_OBJ, 'Convert 2.5 to meters and return JSON {"meters": <number>}.', {"meters": 2500}), True),
    # two keys that are each a unit word: each holds the measure in its unit (wip/jsonY serves it, exactly)
    (pair("two-keys", KM, KM_OBJ, 'Convert 2.5 km to meters and return JSON {"meters": <number>, "km": <number>}.',
          {"meters": 2500, "km": 2.5}), False),
    # another format
    (pair("yaml", KM, KM_OBJ, 'Convert 2.5 km to meters and return YAML {"meters": <number>}.', {"meters": 2500}), True),
    # a placeholder that is no number's: no template read
    (pair("string-placeholder", KM, KM_OBJ, 'Convert 2.5 km to meters and return JSON {"meters": <text>}.', {"meters": 2500}), True),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    assert_trap_never_wrong(case, model)


@pytest.mark.parametrize("prompt", [
    "Convert 2.5 km to meters and return JSON with keys name and age: name Bob, age 30.",
    'Round 2.5 km to meters and return JSON {"meters": <number>}.',
    'Convert 2,5 km to meters and return JSON {"meters": <number>}.',   # no decimal comma in English
    'Convierte 1,505 kg a gramos y responde solo con JSON: {"gramos": <número>}',  # three digits after the comma
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_kilo_is_x1000_for_grams_and_meters_alike() -> None:
    """ja キロ is a kilogram or a kilometre: each declared target of it is x1000 either way."""
    grams = read_request('2 キロをグラムに換算して、JSON {"grams": 数値} だけを出力してください。')
    meters = read_request('2 キロをメートルに換算して、JSON {"meters": 数値} だけを出力してください。')
    assert grams is not None and grams.statements["grams"].value == 2000
    assert meters is not None and meters.statements["meters"].value == 2000
