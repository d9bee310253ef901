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

from .harness import Pair, assert_json_trap_declined, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

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
    pair("en/minutes-dots", 'Give me {"minutes": ...} for 3 hours.', {"minutes": 180},
         'Give me {"minutes": ...} for 2.5 hours.', {"minutes": 150}),
    pair("de/meter-zurueck", 'Gib {"meter": <Wert>} für 3 km zurück.', {"meter": 3000},
         'Gib {"meter": <Wert>} für 2,5 km zurück.', {"meter": 2500}),
    pair("de/zurueck-meter", 'Gib {"meter": <Wert>} zurück für 3 km.', {"meter": 3000},
         'Gib {"meter": <Wert>} zurück für 7 km.', {"meter": 7000}),
    pair("fr/metres", 'Donne-moi {"mètres": <valeur>} pour 3 km.', {"mètres": 3000},
         'Donne-moi {"mètres": <valeur>} pour 1,2 km.', {"mètres": 1200}),
    pair("pt/metros", 'Devolva {"metros": <valor>} para 3 km.', {"metros": 3000},
         'Devolva {"metros": <valor>} para 6 km.', {"metros": 6000}),
    pair("ru/metry", 'Верни {"метры": <значение>} для 3 км.', {"метры": 3000},
         'Верни {"метры": <значение>} для 5 км.', {"метры": 5000}),
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
    'Gib {"gramm": <Wert>} für 3 km zurück.',
    'Gib {"meter": <Wert>} zurück für 3 km und 4 km.',
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
]


@pytest.mark.parametrize("prompt", CONVERSION_TRAPS)
def test_conversion_template_traps_no_claim(prompt: str) -> None:
    assert_json_trap_declined(prompt, EN_M.format(3), {"meters": 3000}, {"meters": -1})


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
    "Keys: id, status, retries. Values: 42, nan, 0. Output JSON.",  # a literal word no type-word rule holds
    "Keys: id, status, retries. Values: 42, infinity, 0. Output JSON.",
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
    assert_json_trap_declined(prompt, EN_KV.format(17, "open", 2), {"id": 17, "status": "open", "retries": 2}, {"id": -1})


def test_key_list_changed_between_the_pair_is_not_served_for_the_old_keys() -> None:
    assert_trap_never_wrong(pair("kv/key-changed", EN_KV.format(17, "open", 2), {"id": 17, "status": "open", "retries": 2},
                                 "Keys: id, state, retries. Values: 42, closed, 0. Output JSON.",
                                 {"id": 42, "state": "closed", "retries": 0}), model=False)


# -- (2) a template filled by a sum, difference or product --------------------------------------------
EN_T = 'Fill in the template {{"total": <value>}} with the total of {} + 30.'
EN_R = 'Give me {{"result": <value>}} for {} / 4.'
EN_P = 'Give me {{"product": <value>}} for {} * 7.'
EN_D = 'Give me {{"difference": <value>}} for {} - 30.'
DE_S = 'Gib {{"summe": <Wert>}} zurück für 17 + {}.'
RU_I = 'Заполни шаблон {{"итого": <значение>}}: 250 + {}'
ES_S = 'Devuélveme {{"suma": <valor>}} para 17 + {}'
ES_T = 'Rellena la plantilla {{"total": <valor>}}: 250 + {}'
FR_S = 'Renvoie {{"somme": <valeur>}} pour 17 + {}.'
PT_S = 'Devolva {{"soma": <valor>}} para 17 + {}.'
IT_T = 'Compila il modello {{"totale": <valore>}}: 250 + {}'
ZH_T = '按照模板 {{"合计": <数值>}} 计算 250 + {}'
JA_T = 'テンプレート {{"合計": <値>}} で 12 + {} を計算して'

SUMS = [
    pair("en/total-of", EN_T.format(12), {"total": 42}, EN_T.format(15), {"total": 45}),
    pair("en/result-quotient", EN_R.format(10), {"result": 2.5}, EN_R.format(18), {"result": 4.5}),
    pair("en/product", EN_P.format(6), {"product": 42}, EN_P.format(8), {"product": 56}),
    pair("en/difference", EN_D.format(50), {"difference": 20}, EN_D.format(12), {"difference": -18}),
    pair("de/summe-fuer", DE_S.format(25), {"summe": 42}, DE_S.format(38), {"summe": 55}),
    pair("de/summe-zurueck-last", 'Gib {"summe": <Wert>} für 17 + 25 zurück.', {"summe": 42},
         'Gib {"summe": <Wert>} für 17 + 38 zurück.', {"summe": 55}),
    pair("ru/itogo-colon", RU_I.format(130), {"итого": 380}, RU_I.format(175), {"итого": 425}),
    pair("es/suma-para", ES_S.format(25), {"suma": 42}, ES_S.format(38), {"suma": 55}),
    pair("es/plantilla", ES_T.format(130), {"total": 380}, ES_T.format(175), {"total": 425}),
    pair("fr/somme-pour", FR_S.format(25), {"somme": 42}, FR_S.format(38), {"somme": 55}),
    pair("pt/soma-para", PT_S.format(25), {"soma": 42}, PT_S.format(38), {"soma": 55}),
    pair("it/modello", IT_T.format(130), {"totale": 380}, IT_T.format(175), {"totale": 425}),
    pair("zh/heji", ZH_T.format(130), {"合计": 380}, ZH_T.format(175), {"合计": 425}),
    pair("ja/goukei", JA_T.format(30), {"合計": 42}, JA_T.format(45), {"合計": 57}),
]


@pytest.mark.parametrize("case", SUMS, ids=lambda c: c.cls)
def test_expression_template_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


SUM_TRAPS = [
    'Gib {"summe": <Wert>} zurück für 3 + 4 * 2.',  # precedence not said
    'Gib {"ergebnis": <Wert>} zurück für 3 + 4 * 2.',
    'Give me {"total": <value>} for 10 / 3.',  # no exact decimal
    'Give me {"result": <value>} for 10 / 3.',
    'Give me {"product": <value>} for 1.000000000001 * 1.000000000001.',  # more digits than a double holds
    'Give me {"result": <value>} for 555-1234.',  # unspaced: a phone number, a date, a range
    'Give me {"result": <value>} for 2024-05-01.',
    'Give me {"total": <value>} for 6 * 7.',  # a sum's key for a product
    'Give me {"difference": <value>} for 6 + 7.',
    'Give me {"name": <value>} for 6 + 7.',  # a key naming no result
    'Give me {"total": <value>, "sum": <value>} for 6 + 7.',  # two slots, one value
    'Give me {"total": <value>} for 6 + 7 and 8 + 9.',  # two expressions
    'Fill in the template {"total": <value>} with the product of 12 + 30.',  # the noun another operation
    'Fill in the template {"total": <value>} with the name of 12 + 30.',
    'Give me {"total": ""} for 6 + 7.',  # a string blank
    'Give me {"total": <value>} for 6 + 7 km.',
    'Give me {"total": <value>} for 6 +7.',
    'Give me {"total": <value>} for 7 / 2 / 2.',  # read two ways
    'Give me {"total": <value>} for 06 + 7.',
    'Give me {"total": <value>} for 6 + 7?',
    'Give me {"total": <value>} for 6 + x.',
    'Fill in the template {"total": <value>} with the total of 12 + 30 rounded to the nearest ten.',
    'Заполни шаблон {"итого": <значение>}: 250 + 130 + 5 * 2',
    '按照模板 {"合计": <数值>} 计算 250 * 130',
    'テンプレート {"合計": <値>} で 12 * 30 を計算して',
]


@pytest.mark.parametrize("prompt", SUM_TRAPS)
def test_expression_template_traps(prompt: str) -> None:
    assert_json_trap_declined(prompt, EN_T.format(12), {"total": 42}, {"total": -1})


def test_two_unit_slots_after_a_conversion_hold_the_measure_in_each_unit() -> None:
    """Since the merge with wip/jsonY (a conversion said first fills keys that are each a unit), two unit
    slots are read, each the whole measure in its unit; a fraction in either would be no claim (W22)."""
    read = read_request('テンプレート {"seconds": <値>, "minutes": <値>} で 5分 を秒に変換して')
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"seconds": 300, "minutes": 5}
    assert read_request('テンプレート {"seconds": <値>, "minutes": <値>} で 90秒 を分に変換して') is None
