"""wip/jsonW: JSON conversions whose keys are the units. Each listed key names a unit (a table's unit
word, as written: symbols are case-sensitive) and the request states one quantity in one of those
units: each key's value is that quantity in the key's unit, exactly by the declared factors
(transforms.MEASURES). de 'für 6 kg', en 'for 3 km', es 'para una longitud de 7 metros', it 'per una
durata di 6 minuti' after a shape of letter placeholders ('{"minuti": <m>}'), ru 'для расстояния 9 км'
and zh '，时长为 5 小时' (a labelled statement whose label is a measure noun of the table). Served pairs
served AND exactly right; each trap (a key naming no unit or a unit of another dimension, two
quantities, a stated unit of another dimension or no key's, a case-changed symbol, an inexact
factor, a label that is no measure noun, a conversion or rounding said beside it) is no claim."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

Obj = dict[str, Any]


DE = 'Gib ein JSON-Objekt mit den Schlüsseln "kg" und "g" für {} kg zurück.'
RU = 'Верни JSON с ключами "km" и "m" для расстояния {} км.'
ES = 'Dame un objeto JSON con las claves "metros" y "centimetros" para una longitud de {} metros.'
IT = 'Restituisci {{"minuti": <m>, "secondi": <s>}} per una durata di {} minuti.'
ZH = '用 JSON 返回 {{"小时": <h>, "分钟": <m>}}，时长为 {} 小时。'
EN = 'Return JSON with keys "km" and "m" for {} km.'

SERVED = [
    pair("de/kg-g", DE.format(2), {"kg": 2, "g": 2000}, DE.format(6), {"kg": 6, "g": 6000}),
    pair("de/kg-g-more", DE.format(2), {"kg": 2, "g": 2000}, DE.format(13), {"kg": 13, "g": 13000}),
    pair("ru/km-m", RU.format(2), {"km": 2, "m": 2000}, RU.format(9), {"km": 9, "m": 9000}),
    pair("es/metros-cm", ES.format(4), {"metros": 4, "centimetros": 400}, ES.format(7), {"metros": 7, "centimetros": 700}),
    pair("it/minuti-secondi", IT.format(4), {"minuti": 4, "secondi": 240}, IT.format(6), {"minuti": 6, "secondi": 360}),
    pair("zh/hours-minutes", ZH.format(2), {"小时": 2, "分钟": 120}, ZH.format(5), {"小时": 5, "分钟": 300}),
    pair("en/km-m", EN.format(3), {"km": 3, "m": 3000}, EN.format(11), {"km": 11, "m": 11000}),
    pair("en/km-m-noun", 'Return JSON with keys "km" and "m" for a distance of 3 km.', {"km": 3, "m": 3000},
         'Return JSON with keys "km" and "m" for a distance of 4 km.', {"km": 4, "m": 4000}),
    pair("en/three-keys", 'Return JSON with keys "km", "m" and "cm" for 2 km.', {"km": 2, "m": 2000, "cm": 200000},
         'Return JSON with keys "km", "m" and "cm" for 7 km.', {"km": 7, "m": 7000, "cm": 700000}),
    pair("en/hours-exact", 'Return JSON with keys "minutes" and "hours" for 120 minutes.', {"minutes": 120, "hours": 2},
         'Return JSON with keys "minutes" and "hours" for 180 minutes.', {"minutes": 180, "hours": 3}),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_unit_keys_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


NO_CLAIM = [
    'Return JSON with keys "km" and "name" for 3 km.',  # a key naming no unit
    'Return JSON with keys "km" and "g" for 3 km.',  # a unit of another dimension
    'Return JSON with keys "km" and "m" for 3 km and 4 km.',  # two quantities
    'Return JSON with keys "km" and "m" for 3 km, 4 km.',
    'Return JSON with keys "km" and "m" for 3 hours.',  # the stated unit of no key's dimension
    'Return JSON with keys "km" and "m" for 300 cm.',  # the stated unit no key's
    'Return JSON with keys "KM" and "M" for 3 km.',  # case-sensitive symbols (W20)
    'Return JSON with keys "km" and "M" for 3 km.',
    'Return JSON with keys "days" and "weeks" for 3 days.',  # 3/7 week: no exact decimal
    'Return JSON with keys "km" and "m" for a third of 3 km.',  # no measure noun
    # 'Convert 3 km to meters and return JSON with keys "km" and "m".' is served since wip/jsonY (a conversion to a
    # key's unit said first: test_json_reach_jsonY.py); a target no key names stays no claim:
    'Convert 3 km to centimeters and return JSON with keys "km" and "m".',
    'Return JSON with keys "km" and "m" for "3" km.',
    'Return JSON with keys "m" and "meters" for 3 m.',  # two keys, one unit
    'Return JSON with keys "km" and "m" for 3 km rounded to the nearest ten.',
    'Return JSON with keys "km" and "m" for the team 3 km.',
    'Верни JSON с ключами "km" и "m" для веса 9 км.',  # a label that is no measure noun
    'Верни JSON с ключами "km" и "m" для расстояния 9 кг.',
    'Верни JSON с ключами "km" и "kg" для расстояния 9 км.',
    'Gib ein JSON-Objekt mit den Schlüsseln "kg" und "g" für 6 km zurück.',
    'Gib ein JSON-Objekt mit den Schlüsseln "kg" und "name" für 6 kg zurück.',
    'Gib ein JSON-Objekt mit den Schlüsseln "KG" und "G" für 6 kg zurück.',
    'Restituisci {"minuti": <m>, "secondi": <s>} per una durata di 6 ore.',
    'Restituisci {"minuti": <m>, "nome": <s>} per una durata di 6 minuti.',
    'Restituisci {"minuti": <m>, "secondi": <s>} per una terza di 6 minuti.',
    '用 JSON 返回 {"小时": <h>, "分钟": <m>}，重量为 5 小时。',
    '用 JSON 返回 {"小时": <h>, "克": <m>}，时长为 5 小时。',
    '用 JSON 返回 {"小时": <h>, "分钟": <m>}，时长为 5 公里。',
    # W22: a measure that is no whole number in a key's unit may ask a duration or length taken apart
    # ('90 seconds': minutes 1.5 and seconds 90, or 1 and 30): no claim
    'Return JSON with keys "minutes" and "seconds" for 90 seconds.',
    'Return JSON with keys "minutes" and "hours" for 90 minutes.',
    'Return JSON with keys "km" and "m" for a distance of 4.5 km.',
    'Return JSON with keys "km", "m" and "cm" for 2.5 km.',
    'Gib ein JSON-Objekt mit den Schlüsseln "kg" und "g" für 1,25 kg zurück.',
    'Restituisci {"minuti": <m>, "secondi": <s>} per una durata di 150 secondi.',
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_unit_keys_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


TRAPS = [
    pair("trap/other-dimension", EN.format(3), {"km": 3, "m": 3000}, 'Return JSON with keys "km" and "g" for 3 km.',
         {"km": 3, "g": None}),
    pair("trap/case", EN.format(3), {"km": 3, "m": 3000}, 'Return JSON with keys "km" and "M" for 3 km.', {"km": 3, "M": 3}),
    pair("trap/inexact", 'Return JSON with keys "days" and "weeks" for 14 days.', {"days": 14, "weeks": 2},
         'Return JSON with keys "days" and "weeks" for 3 days.', {"days": 3, "weeks": 0.43}),
    pair("trap/ru-label", RU.format(2), {"km": 2, "m": 2000}, 'Верни JSON с ключами "km" и "m" для веса 9 км.',
         {"km": 9, "m": 9}),
    pair("trap/zh-other-unit", ZH.format(2), {"小时": 2, "分钟": 120}, '用 JSON 返回 {"小时": <h>, "分钟": <m>}，时长为 5 公里。',
         {"小时": 5, "分钟": 5}),
]


@pytest.mark.parametrize("case", TRAPS, ids=lambda c: c.cls)
def test_unit_keys_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=True)
