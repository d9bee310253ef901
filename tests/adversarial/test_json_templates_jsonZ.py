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


# -- (3) "Keys: ... Values: ..." in order ---------------------------------------------------------------
EN_KV = "Keys: id, status, retries. Values: {}, {}, {}. Output JSON."
IT_KV = "Chiavi: codice, stato, tentativi. Valori: {}, {}, {}. Restituisci un oggetto JSON."
ES_KV = "Claves: codigo, estado, intentos. Valores: {}, {}, {}. Devuelve un objeto JSON."
FR_KV = "Clés : code, statut, essais. Valeurs : {}, {}, {}. Renvoie un objet JSON."
DE_KV = "Schlüssel: code, status, versuche. Werte: {}, {}, {}. Gib ein JSON-Objekt zurück."
PT_KV = "Chaves: codigo, estado, tentativas. Valores: {}, {}, {}. Retorne um objeto JSON."
RU_KV = "Ключи: код, статус, попытки. Значения: {}, {}, {}. Верни JSON."
ZH_KV = "键：code、status、retries。值：{}、{}、{}。返回 JSON。"
JA_KV = "キー：code、status、retries。値：{}、{}、{}。JSONで返して。"


def kv(cls: str, template: str, keys: tuple[str, str, str], old: tuple, new: tuple) -> Pair:
    return pair(cls, template.format(*old), dict(zip(keys, old)), template.format(*new), dict(zip(keys, new)))


KEY_VALUES = [
    kv("en/keys-values", EN_KV, ("id", "status", "retries"), (17, "open", 2), (42, "closed", 0)),
    kv("en/keys-values-decimal", EN_KV, ("id", "status", "retries"), (17, "open", 2), (4.5, "Closed", -3)),
    kv("it/chiavi-valori", IT_KV, ("codice", "stato", "tentativi"), (12, "attivo", 3), (57, "sospeso", 1)),
    kv("es/claves-valores", ES_KV, ("codigo", "estado", "intentos"), (12, "activo", 3), (57, "inactivo", 1)),
    kv("fr/cles-valeurs", FR_KV, ("code", "statut", "essais"), (12, "actif", 3), (57, "suspendu", 1)),
    kv("de/schluessel-werte", DE_KV, ("code", "status", "versuche"), (12, "aktiv", 3), (57, "gesperrt", 1)),
    kv("pt/chaves-valores", PT_KV, ("codigo", "estado", "tentativas"), (12, "ativo", 3), (57, "suspenso", 1)),
    kv("ru/klyuchi-znacheniya", RU_KV, ("код", "статус", "попытки"), (12, "активен", 3), (57, "закрыт", 1)),
    kv("zh/jian-zhi", ZH_KV, ("code", "status", "retries"), (12, "open", 3), (57, "closed", 1)),
    kv("ja/ki-atai", JA_KV, ("code", "status", "retries"), (12, "open", 3), (57, "closed", 1)),
]


@pytest.mark.parametrize("case", KEY_VALUES, ids=lambda c: c.cls)
def test_key_values_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


KEY_VALUE_TRAPS = [
    "Keys: id, status, retries. Values: 42, closed. Output JSON.",  # one value fewer
    "Keys: id, status, retries. Values: 42, closed, 0, 5. Output JSON.",  # one value more
    "Keys: id, status. Values: 42, closed, 0. Output JSON.",
    "Keys: id, status, retries. Values: 42, true, 0. Output JSON.",  # a JSON literal
    "Keys: id, status, retries. Values: 42, string, 0. Output JSON.",  # a type word
    "Keys: id, status, retries. Values: 42, closed, 007. Output JSON.",
    "Keys: id, status, retries. Values: 42, closed, 0 km. Output JSON.",  # a unit
    "Keys: id, status, retries. Values: 42, closed, 0? Output JSON.",  # asked about
    "Keys: id, status, retries. Values: 42, closed, 0. Output JSON with keys a, b and c.",  # another key list
    "Keys: id, status, retries. Amounts: 42, closed, 0. Output JSON.",  # no values label
    "Keys: id, id, retries. Values: 42, closed, 0. Output JSON.",
    "Keys: id, status, retries. Values: 42, closed 0. Output JSON.",
    "Keys: id, name. Values: 42, New York. Output JSON.",
    "Chiavi: codice, stato, tentativi. Valori: 57, sospeso. Restituisci un oggetto JSON.",
    "键：code、status、retries。值：12、open。返回 JSON。",
]


@pytest.mark.parametrize("prompt", KEY_VALUE_TRAPS)
def test_key_values_traps(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_trap_never_wrong(pair("trap", EN_KV.format(17, "open", 2), {"id": 17, "status": "open", "retries": 2},
                                 prompt, {"id": -1}), model=True)


def test_key_list_changed_between_the_pair_is_not_served_for_the_old_keys() -> None:
    assert_trap_never_wrong(pair("kv/key-changed", EN_KV.format(17, "open", 2), {"id": 17, "status": "open", "retries": 2},
                                 "Keys: id, state, retries. Values: 42, closed, 0. Output JSON.",
                                 {"id": 42, "state": "closed", "retries": 0}), model=False)
