"""wip/jsonZ: JSON templates whose one slot is filled by a stated measure converted to the key's unit
(en 'Give me {"meters": <value>} for 3 km', es 'para 2,5 kg', it 'Converti 90 minuti in ore e rispondi
{"ore": <valore>}', zh '按照模板 {"千克": <数值>} 把 3000 克换算一下', ja 'テンプレート {"seconds": <値>} で 5分
を秒に変換して'), by a sum, difference or product of stated numbers (the arithmetic grammar's expression:
'with the total of 12 + 30', de 'für 17 + 25', ru ': 250 + 130'), and "Keys: ... Values: ..." lists in
order. Served pairs are served AND exactly right; each trap (a key of another unit or dimension, two
measures, two slots and one value, an expression outside the grammar, one value more or fewer than
keys) is never served wrong, and no claim where marked."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

# -- (1) a template filled by a conversion -----------------------------------------------------------
EN_M = 'Give me {{"meters": <value>}} for {} km.'
ES_G = 'Devuélveme {{"gramos": <valor>}} para {} kg'
IT_H = 'Converti {} minuti in ore e rispondi {{"ore": <valore>}}'
ZH_KG = '按照模板 {{"千克": <数值>}} 把 {} 克换算一下'
JA_S = 'テンプレート {{"seconds": <値>}} で {}分 を秒に変換して'

CONVERSIONS = [
    pair("en/meters", EN_M.format(3), {"meters": 3000}, EN_M.format(4.5), {"meters": 4500}),
    pair("en/meters-int", EN_M.format(3), {"meters": 3000}, EN_M.format(12), {"meters": 12000}),
    pair("es/gramos", ES_G.format("2,5"), {"gramos": 2500}, ES_G.format(4), {"gramos": 4000}),
    pair("it/ore", IT_H.format(90), {"ore": 1.5}, IT_H.format(150), {"ore": 2.5}),
    pair("zh/kg", ZH_KG.format(3000), {"千克": 3}, ZH_KG.format(4500), {"千克": 4.5}),
    pair("ja/seconds", JA_S.format(5), {"seconds": 300}, JA_S.format(8), {"seconds": 480}),
]


@pytest.mark.parametrize("case", CONVERSIONS, ids=lambda c: c.cls)
def test_conversion_template_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


CONVERSION_TRAPS = [
    'Give me {"grams": <value>} for 3 km.',  # a key of another dimension
    'Give me {"meters": <value>} for 3 kg.',
    'Give me {"meters": <value>} for 3 km and 4 km.',  # two measures
    'Give me {"meters": <value>} for 3 km 4 km.',
    'Give me {"meters": <value>, "total": <value>} for 3 km.',  # two slots, one value
    'Give me {"name": <value>} for 3 km.',  # a key naming no unit
    'Give me {"meters": <value>} for a third of 3 km.',
    'Give me {"meters": <value>} for "3" km.',
    'Devuélveme {"gramos": <valor>} para 4 km',
    'Devuélveme {"metros": <valor>} para 4 kg',
    'Converti 90 minuti in secondi e rispondi {"ore": <valore>}',  # the target another unit than the key
    'Converti 90 minuti in ore e rispondi {"secondi": <valore>}',
    'Converti 90 minuti in ore e rispondi {"ore": <valore>, "minuti": <valore>}',
    '按照模板 {"千克": <数值>} 把 3000 米换算一下',  # another dimension
    '按照模板 {"米": <数值>} 把 3000 克换算一下',
    '按照模板 {"千克": <数值>, "克": <数值>} 把 3000 克换算一下',
    '按照模板 {"千克": <数值>} 把 3000 克和 2 千克换算一下',
    'テンプレート {"seconds": <値>} で 5分 を分に変換して',  # the target another unit than the key
    'テンプレート {"grams": <値>} で 5分 を秒に変換して',
    'テンプレート {"seconds": <値>, "minutes": <値>} で 5分 を秒に変換して',
]


@pytest.mark.parametrize("prompt", CONVERSION_TRAPS)
def test_conversion_template_traps_no_claim(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_trap_never_wrong(pair("trap", EN_M.format(3), {"meters": 3000}, prompt, {"meters": -1}), model=True)
