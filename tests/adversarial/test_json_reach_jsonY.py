"""wip/jsonY: JSON requests users write that were declined, read by class. Served pairs are served
without a model call (a never-right model answered the first prompt; and after the oracle, proven)
AND exactly right; each trap beside them is no claim or never served wrong.

- one type note for every listed key: "keys active and admin as booleans: active yes, admin no"
  (en/es/fr/de/pt/it; a boolean key's "yes"/"no" the table's words for true and false);
- a persona line as the request, then "Input: k=v, ...": "You are an API that only outputs JSON.";
- values in the keys' order when the prompt says so: "... and values 20, 35, 10 in that order",
  zh "值依次为 15 和 25" (order alone still binds no two numbers: W13).
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_exact_object, assert_served_proven, assert_trap_never_wrong, dumps, exact_json_judge

Obj = dict[str, Any]


def pair(cls: str, old: str, old_obj: Obj, new: str, new_obj: Obj) -> Pair:
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), exact_json_judge(new_obj))


EN_BOOL = "JSON please, keys active and admin as booleans: active {}, admin {}."
EN_BOOL2 = "Return a JSON object with keys active and admin (booleans): active {}, admin {}."
ES_BOOL = "Devuelve un objeto JSON con las claves activo y admin como booleanos: activo = {}, admin = {}."
FR_BOOL = "Retourne un objet JSON avec les clés actif et admin en booléens : actif = {}, admin = {}."
DE_BOOL = "Gib ein JSON-Objekt mit den Schlüsseln aktiv und admin als Wahrheitswerte zurück: aktiv = {}, admin = {}."
PT_BOOL = "Retorne um objeto JSON com as chaves ativo e admin como booleanos: ativo = {}, admin = {}."
IT_BOOL = "Restituisci un oggetto JSON con le chiavi attivo e admin come booleani: attivo = {}, admin = {}."
EN_INT = "Return a JSON object with keys width and height as integers: width {}, height {}."
IT_INT = "Restituisci un oggetto JSON con le chiavi larghezza e altezza come interi: larghezza = {}, altezza = {}."
PERSONA = "You are an API that only outputs JSON. Input: color={}, size={}, qty={}"
PERSONA2 = "You are an assistant that replies with JSON only.\nInput: city={}, zip={}"
PERSONA3 = "You are an API that only answers with JSON, keys temperature and city. Input: temperature {}, city {}."
ORDER = "Give me a JSON object with keys width, height, depth and values {}, {}, {} in that order."
ORDER2 = "Return JSON with keys name and score and values {}, {} respectively."
ZH_ORDER = "请输出 JSON，键为 width 和 height，值依次为 {} 和 {}。"

SERVED = [
    pair("en/as-booleans", EN_BOOL.format("yes", "no"), {"active": True, "admin": False},
         EN_BOOL.format("no", "yes"), {"active": False, "admin": True}),
    pair("en/booleans-bracket", EN_BOOL2.format("yes", "no"), {"active": True, "admin": False},
         EN_BOOL2.format("true", "yes"), {"active": True, "admin": True}),
    pair("es/como-booleanos", ES_BOOL.format("sí", "no"), {"activo": True, "admin": False},
         ES_BOOL.format("no", "sí"), {"activo": False, "admin": True}),
    pair("fr/en-booleens", FR_BOOL.format("oui", "non"), {"actif": True, "admin": False},
         FR_BOOL.format("non", "oui"), {"actif": False, "admin": True}),
    pair("de/als-wahrheitswerte", DE_BOOL.format("ja", "nein"), {"aktiv": True, "admin": False},
         DE_BOOL.format("nein", "nein"), {"aktiv": False, "admin": False}),
    pair("pt/como-booleanos", PT_BOOL.format("sim", "não"), {"ativo": True, "admin": False},
         PT_BOOL.format("não", "sim"), {"ativo": False, "admin": True}),
    pair("it/come-booleani", IT_BOOL.format("sì", "no"), {"attivo": True, "admin": False},
         IT_BOOL.format("no", "sì"), {"attivo": False, "admin": True}),
    pair("en/as-integers", EN_INT.format(3, 4), {"width": 3, "height": 4}, EN_INT.format(12, 7), {"width": 12, "height": 7}),
    pair("it/come-interi", IT_INT.format(3, 4), {"larghezza": 3, "altezza": 4},
         IT_INT.format(9, 2), {"larghezza": 9, "altezza": 2}),
    pair("en/persona-input", PERSONA.format("red", "M", 2), {"color": "red", "size": "M", "qty": 2},
         PERSONA.format("blue", "S", 3), {"color": "blue", "size": "S", "qty": 3}),
    pair("en/persona-input-line", PERSONA2.format("Lyon", '"69001"'), {"city": "Lyon", "zip": "69001"},
         PERSONA2.format("Nantes", '"44000"'), {"city": "Nantes", "zip": "44000"}),
    pair("en/persona-keys", PERSONA3.format(21, "Oslo"), {"temperature": 21, "city": "Oslo"},
         PERSONA3.format(19, "Bergen"), {"temperature": 19, "city": "Bergen"}),
    pair("en/in-that-order", ORDER.format(20, 35, 10), {"width": 20, "height": 35, "depth": 10},
         ORDER.format(21, 36, 11), {"width": 21, "height": 36, "depth": 11}),
    pair("en/in-that-order-decimal", ORDER.format(20, 35, 10), {"width": 20, "height": 35, "depth": 10},
         ORDER.format(2.5, 35, 10), {"width": 2.5, "height": 35, "depth": 10}),
    pair("en/respectively", ORDER2.format("Ana", 87), {"name": "Ana", "score": 87},
         ORDER2.format("Bruno", 91), {"name": "Bruno", "score": 91}),
    pair("zh/依次", ZH_ORDER.format(15, 25), {"width": 15, "height": 25}, ZH_ORDER.format(16, 30), {"width": 16, "height": 30}),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsony_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsony_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


NO_CLAIM = [
    # booleans: a value no boolean word, a key unstated or added, a note for no list
    EN_BOOL.format("maybe", "no"),
    EN_BOOL.format("yes", "1"),
    EN_BOOL.format('"yes"', "no"),
    "JSON please, keys active and admin as booleans: active yes.",
    "JSON please, keys active and admin as booleans: active yes, admin no, root yes.",
    "JSON please, keys name and admin as booleans: name Ana, admin no.",
    "Return a JSON object with keys width and height as integers: width 3, height 4.5.",
    ES_BOOL.format("quizás", "no"),
    DE_BOOL.format("vielleicht", "nein"),
    # persona: another format, another verb, a few-shot output, a key stated twice, data that is no statement
    "You are an API that only outputs XML. Input: color=red",
    "You are an API that never outputs JSON. Input: color=red",
    "You are an API that only outputs JSON. Input: red, M, 2",
    "You are an API that only outputs JSON. Input: color=red, color=blue",
    'You are an API that only outputs JSON. Input: color=red, size=M. Output: {"color": "red"}',
    "You are a poet that only outputs JSON. Input: color=red",
    # a bare key list after the persona is one only when the input states exactly its keys
    "You are an API that only answers with JSON, keys temperature and city. Input: temperature 19.",
    "You are an API that only answers with JSON, keys temperature and city. Input: temperature 19, city Oslo, wind 3.",
    # order: a count changed, no order said, another order said, a key twice, a unit, two-word names, a key restated
    "Give me a JSON object with keys width, height, depth and values 20, 35 in that order.",
    "Give me a JSON object with keys width, height, depth and values 20, 35, 10, 5 in that order.",
    # wip/jsonS: "keys ... and values ..." without "in that order" binds the values in the keys' order (the pairing
    # says it): served now (tests/adversarial/test_json_labelled_blocks_jsonS.py)
    "Give me a JSON object with keys width, height, depth and values 20, 35, 10 in reverse order.",
    "Give me a JSON object with keys width, width, depth and values 20, 35, 10 in that order.",
    "Give me a JSON object with keys width, height, depth and values 20 cm, 35, 10 in that order.",
    "Give me a JSON object with keys name, height and values Ana Ruiz, 35 in that order.",
    "Give me a JSON object with keys width, height, depth and values 20, 35, 10 in that order, width 5.",
    "Return a JSON object with keys price and qty: 3, 30.",  # W13: order said by no word
    "请输出 JSON，键为 width 和 height，值依次为 15。",
    "请输出 JSON，键为 width 和 height，值为 15 和 25。",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_jsony_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


TRAPS = [
    pair("trap/maybe", EN_BOOL.format("yes", "no"), {"active": True, "admin": False},
         EN_BOOL.format("maybe", "no"), {"active": "maybe", "admin": False}),
    pair("trap/key-set-changed", EN_BOOL.format("yes", "no"), {"active": True, "admin": False},
         "JSON please, keys active and root as booleans: active yes, admin no.", {"active": True, "root": None}),
    pair("trap/persona-xml", PERSONA.format("red", "M", 2), {"color": "red", "size": "M", "qty": 2},
         "You are an API that only outputs XML. Input: color=blue, size=S, qty=3", {"color": "blue", "size": "S", "qty": 3}),
    pair("trap/order-count", ORDER.format(20, 35, 10), {"width": 20, "height": 35, "depth": 10},
         "Give me a JSON object with keys width, height, depth and values 20, 35 in that order.",
         {"width": 20, "height": 35, "depth": None}),
    pair("trap/order-reverse", ORDER.format(20, 35, 10), {"width": 20, "height": 35, "depth": 10},
         "Give me a JSON object with keys width, height, depth and values 20, 35, 10 in reverse order.",
         {"width": 10, "height": 35, "depth": 20}),
]


@pytest.mark.parametrize("case", TRAPS, ids=lambda c: c.cls)
def test_jsony_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=True)


# -- templates filled by each slot's key or own word (wip/jsonY) ---------------------------------------------------
# '{"user": <name>, "level": <level>} with name Priya and level 4': "<name>" is the slot's word; pt "3 pedidos" a number
# before its key; fr "pour Lyon" the one key left, of a place kind the gazetteer says Lyon fills (never by position)
EN_FILL = 'Fill in this template: {{"user": <name>, "level": <level>}} with name {} and level {}.'
EN_FILL_KEY = 'Fill in this template: {{"user": <name>, "level": <level>}} with user {} and level {}.'
PT_FILL = 'Preencha: {{"cliente": <nome>, "pedidos": <n>}} com o cliente {} e {} pedidos.'
PT_FILL_WORD = 'Preencha: {{"cliente": <nome>, "pedidos": <n>}} com nome {} e pedidos {}.'
FR_FILL = 'Complète ce modèle : {{"ville": <ville>, "habitants": <nombre>}} pour {}, {} habitants.'
FR_FILL_KEYS = 'Complète ce modèle : {{"ville": <ville>, "habitants": <nombre>}} avec ville {} et habitants {}.'
EN_PLACE = 'Fill in this template: {{"city": <city>, "population": <n>}} for {}, population {}.'

FILLED = [
    pair("en/slot-word", EN_FILL.format("Priya", 4), {"user": "Priya", "level": 4},
         EN_FILL.format("Omar", 7), {"user": "Omar", "level": 7}),
    pair("en/slot-key", EN_FILL_KEY.format("Priya", 4), {"user": "Priya", "level": 4},
         EN_FILL_KEY.format("Omar", 12), {"user": "Omar", "level": 12}),
    pair("pt/counted", PT_FILL.format("João", 3), {"cliente": "João", "pedidos": 3},
         PT_FILL.format("Maria", 5), {"cliente": "Maria", "pedidos": 5}),
    pair("pt/slot-word", PT_FILL_WORD.format("João", 3), {"cliente": "João", "pedidos": 3},
         PT_FILL_WORD.format("Maria", 8), {"cliente": "Maria", "pedidos": 8}),
    pair("fr/place-left", FR_FILL.format("Lyon", 520000), {"ville": "Lyon", "habitants": 520000},
         FR_FILL.format("Nantes", 320000), {"ville": "Nantes", "habitants": 320000}),
    pair("fr/keys", FR_FILL_KEYS.format("Lyon", 520000), {"ville": "Lyon", "habitants": 520000},
         FR_FILL_KEYS.format("Nantes", 320000), {"ville": "Nantes", "habitants": 320000}),
    pair("en/place-left", EN_PLACE.format("Lyon", 520000), {"city": "Lyon", "population": 520000},
         EN_PLACE.format("Nantes", 320000), {"city": "Nantes", "population": 320000}),
]


@pytest.mark.parametrize("case", FILLED, ids=lambda c: c.cls)
def test_jsony_templates_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", FILLED, ids=lambda c: c.cls)
def test_jsony_templates_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


FILL_NO_CLAIM = [
    # a slot two values could fill, a word that is one slot's key and another's word, a slot word twice
    'Fill in this template: {"user": <name>, "level": <level>} with user Priya and name Ana and level 4.',
    'Fill in this template: {"name": <user>, "user": <name>} with name Priya and user Ana.',
    'Fill in this template: {"user": <name>, "level": <name>} with name Priya.',
    # a value stated for no key, a key set changed, a number before no key
    'Fill in this template: {"user": <name>, "level": <level>} with name Priya, level 4 and rank 2.',
    'Fill in this template: {"user": <name>, "level": <level>} with login Priya and level 4.',
    'Preencha: {"cliente": <nome>, "pedidos": <n>} com o cliente João e 3 pedido.',
    'Preencha: {"cliente": <nome>, "pedidos": <n>} com o cliente João e 3 pedidos e pedidos 4.',
    'Preencha: {"cliente": <nome>, "pedidos": <n>} com o cliente João e 3 maçãs.',
    'Return a JSON object with keys name and level: name Ana, 4 apples.',
    # a place: two keys left, a key of no place kind, a country for a city, an unknown place, two places, a key restated
    'Complète ce modèle : {"ville": <ville>, "pays": <pays>} pour Lyon.',
    'Complète ce modèle : {"ville": <ville>, "capitale": <ville2>} pour Lyon.',
    'Complète ce modèle : {"nom": <nom>, "habitants": <nombre>} pour Lyon, 520000 habitants.',
    'Complète ce modèle : {"nom": <nom>, "habitants": <nombre>} pour Marie, 30 habitants.',  # a person "for": no place
    'Complète ce modèle : {"ville": <ville>, "habitants": <nombre>} pour France, 520000 habitants.',
    'Complète ce modèle : {"ville": <ville>, "habitants": <nombre>} pour Foobarville, 520000 habitants.',
    'Complète ce modèle : {"ville": <ville>, "habitants": <nombre>} pour Lyon, 520000 habitants, ville Paris.',
    'Fill in this template: {"city": <city>, "population": <n>} for Lyon, Paris, population 520000.',
    'Fill in this template: {"country": <c>, "population": <n>} for Lyon, population 520000.',
]


@pytest.mark.parametrize("prompt", FILL_NO_CLAIM)
def test_jsony_template_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


FILL_TRAPS = [
    pair("trap/slot-two-values", EN_FILL.format("Priya", 4), {"user": "Priya", "level": 4},
         'Fill in this template: {"user": <name>, "level": <level>} with user Omar and name Ana and level 4.',
         {"user": "Omar", "level": 4}),
    pair("trap/key-set-changed", EN_FILL.format("Priya", 4), {"user": "Priya", "level": 4},
         'Fill in this template: {"user": <name>, "rank": <rank>} with name Omar and level 4.',
         {"user": "Omar", "rank": 4}),
    pair("trap/place-two-left", FR_FILL.format("Lyon", 520000), {"ville": "Lyon", "habitants": 520000},
         'Complète ce modèle : {"ville": <ville>, "pays": <pays>} pour Lyon.', {"ville": "Lyon", "pays": "France"}),
]


@pytest.mark.parametrize("case", FILL_TRAPS, ids=lambda c: c.cls)
def test_jsony_template_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=True)


def test_jsony_place_without_the_gazetteer_is_no_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    from stepcache_integrations.core.tasks.json import places

    monkeypatch.setattr(places, "_gazetteer", lambda: None)  # the extra "places" not installed
    read_request.cache_clear()  # read_request keeps its readings: prompts read above with the gazetteer
    try:
        assert read_request(FR_FILL.format("Lyon", 513275)) is None
        assert read_request(FR_FILL_KEYS.format("Lyon", 513275)) is not None  # bound by its key, no gazetteer needed
    finally:
        read_request.cache_clear()


# -- pasted rows: the sheet's name after the row's noun, and "(numbers as integers)" (wip/jsonY) ---------------------
DE_CSV = "Wandle diese CSV-Zeile in ein JSON-Objekt um (Zahlen als Zahlen):\nid,artikel,menge\n{},{},{}"
FR_CSV = "Convertis cette ligne CSV en JSON (nombres en entiers) :\nid,article,quantite\n{},{},{}"
ES_CSV = "Convierte esta fila CSV a JSON:\nid,articulo,cantidad\n{},{},{}"
EN_CSV = "Convert this CSV row to JSON (numbers as integers):\nid,item,qty\n{},{},{}"
DE_CSV_INT = "Wandle diese CSV-Zeile in JSON um (Zahlen als ganze Zahlen):\nid,artikel,menge\n{},{},{}"

PASTED = [
    pair("de/csv-zeile", DE_CSV.format(12, "Schraube", 500), {"id": 12, "artikel": "Schraube", "menge": 500},
         DE_CSV.format(13, "Mutter", 200), {"id": 13, "artikel": "Mutter", "menge": 200}),
    pair("fr/ligne-csv-entiers", FR_CSV.format(12, "Vis", 500), {"id": 12, "article": "Vis", "quantite": 500},
         FR_CSV.format(14, "Clou", 90), {"id": 14, "article": "Clou", "quantite": 90}),
    pair("es/fila-csv", ES_CSV.format(12, "Tornillo", 500), {"id": 12, "articulo": "Tornillo", "cantidad": 500},
         ES_CSV.format(15, "Tuerca", 30), {"id": 15, "articulo": "Tuerca", "cantidad": 30}),
    pair("en/numbers-as-integers", EN_CSV.format(12, "Bolt", 500), {"id": 12, "item": "Bolt", "qty": 500},
         EN_CSV.format(13, "Nut", 7), {"id": 13, "item": "Nut", "qty": 7}),
    pair("de/ganze-zahlen", DE_CSV_INT.format(12, "Schraube", 500), {"id": 12, "artikel": "Schraube", "menge": 500},
         DE_CSV_INT.format(13, "Mutter", 200), {"id": 13, "artikel": "Mutter", "menge": 200}),
]


@pytest.mark.parametrize("case", PASTED, ids=lambda c: c.cls)
def test_jsony_pastes_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", PASTED, ids=lambda c: c.cls)
def test_jsony_pastes_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


PASTE_NO_CLAIM = [
    EN_CSV.format(13, "Nut", 2.5),  # "(numbers as integers)" and a decimal: rounded how? not said
    DE_CSV_INT.format(13, "Mutter", "2,5"),
    FR_CSV.format(14, "Clou", 0.5),
    "Convert this CSV row to JSON (numbers as strings):\nid,item,qty\n13,Nut,7",  # a rule over every cell, not read
    "Wandle diese CSV-Zeile in ein JSON-Objekt um (Zahlen als Text):\nid,artikel,menge\n12,Schraube,500",
    "Convertis cette ligne CSV en JSON :\nid,article,quantite\n12,Vis,500\n13,Clou,90",  # two rows
]


@pytest.mark.parametrize("prompt", PASTE_NO_CLAIM)
def test_jsony_paste_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_jsony_paste_trap_never_wrong() -> None:
    assert_trap_never_wrong(pair("trap/integers-decimal", EN_CSV.format(12, "Bolt", 500), {"id": 12, "item": "Bolt", "qty": 500},
                                 EN_CSV.format(13, "Nut", 2.5), {"id": 13, "item": "Nut", "qty": 2.5}), model=True)


# -- a conversion said first, then keys that are each a unit word (wip/jsonY; wip/jsonW read "for 3 km") ---------------
EN_CONV = 'Convert {} hours to minutes and return {{"hours": <h>, "minutes": <m>}}.'
FR_CONV = 'Convertis {} heures en minutes et renvoie {{"heures": <h>, "minutes": <m>}}.'
EN_CONV_KM = 'Convert {} km to meters and return {{"km": <a>, "m": <b>}}.'

CONVERTED = [
    pair("en/hours-minutes", EN_CONV.format(2), {"hours": 2, "minutes": 120}, EN_CONV.format(3), {"hours": 3, "minutes": 180}),
    pair("en/hours-minutes-more", EN_CONV.format(2), {"hours": 2, "minutes": 120},
         EN_CONV.format(5), {"hours": 5, "minutes": 300}),
    pair("fr/heures-minutes", FR_CONV.format(2), {"heures": 2, "minutes": 120}, FR_CONV.format(4), {"heures": 4, "minutes": 240}),
    pair("en/km-m", EN_CONV_KM.format(2), {"km": 2, "m": 2000}, EN_CONV_KM.format(7), {"km": 7, "m": 7000}),
    pair("en/key-list", 'Convert 2 km to meters and return JSON with keys "km" and "m".', {"km": 2, "m": 2000},
         'Convert 3 km to meters and return JSON with keys "km" and "m".', {"km": 3, "m": 3000}),
]


@pytest.mark.parametrize("case", CONVERTED, ids=lambda c: c.cls)
def test_jsony_conversions_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", CONVERTED, ids=lambda c: c.cls)
def test_jsony_conversions_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


CONVERT_NO_CLAIM = [
    'Convert 2 hours to seconds and return {"hours": <h>, "minutes": <m>}.',  # a target no key names
    'Convert 2 hours to minutes and return {"days": <h>, "minutes": <m>}.',  # the stated unit no key's
    'Convert 2 km to minutes and return {"hours": <h>, "minutes": <m>}.',  # another dimension
    'Round 2 hours to minutes and return {"hours": <h>, "minutes": <m>}.',  # no conversion verb
    'Convert 2 hours to minutes and return {"hours": <h>, "name": <m>}.',  # a key naming no unit
    'Convert 2.5 km to meters and return JSON {"meters": <text>}.',  # a placeholder naming a type: no shape read
    'Fill in this template: {"user": <string>, "level": <level>} with user Priya and level 4.',
    'Convert 2 hours to minutes and return {"hours": <h>, "minutes": <m>, "seconds": <s>} rounded.',
    # W22: a measure no whole number in some key's unit ("1.5 hours": minutes 90, or 1 hour and 30 minutes?)
    'Convert 1.5 hours to minutes and return {"hours": <h>, "minutes": <m>}.',
    'Convert 2.5 km to meters and return {"km": <a>, "m": <b>}.',
]


@pytest.mark.parametrize("prompt", CONVERT_NO_CLAIM)
def test_jsony_conversion_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_jsony_conversion_trap_never_wrong() -> None:
    assert_trap_never_wrong(pair("trap/other-target", EN_CONV.format(2), {"hours": 2, "minutes": 120},
                                 'Convert 3 hours to seconds and return {"hours": <h>, "minutes": <m>}.',
                                 {"hours": 3, "minutes": 180}), model=True)


# -- one quoted key and its list after a listing word (wip/jsonY) ----------------------------------------------------
EN_LIST = 'JSON object with a key "tags" listing: {}'
LISTED = [
    pair("en/listing", EN_LIST.format("red, green, blue"), {"tags": ["red", "green", "blue"]},
         EN_LIST.format("red, yellow, blue"), {"tags": ["red", "yellow", "blue"]}),
    pair("en/listing-count", EN_LIST.format("red, green, blue"), {"tags": ["red", "green", "blue"]},
         EN_LIST.format("red, green, blue, black"), {"tags": ["red", "green", "blue", "black"]}),
    pair("en/listing-order", EN_LIST.format("red, green, blue"), {"tags": ["red", "green", "blue"]},
         EN_LIST.format("blue, green, red"), {"tags": ["blue", "green", "red"]}),
]


@pytest.mark.parametrize("case", LISTED, ids=lambda c: c.cls)
def test_jsony_lists_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", LISTED, ids=lambda c: c.cls)
def test_jsony_lists_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


@pytest.mark.parametrize("prompt", [
    EN_LIST.format("red, 3, blue"),  # two JSON types
    EN_LIST.format("red, green, tags"),  # a key's name as an item
    'JSON object with a key "tags" color: red, green, blue',  # a label that says no list
    'JSON object with a key "tags" listing: red, green, blue, name Ana',
])
def test_jsony_list_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


# -- a listed key computed by a declared formula over two stated numbers (wip/jsonY) --------------------------------
EN_TOTAL = "JSON with keys price, qty, total for price {} and qty {}, where total = price * qty."
EN_TOTAL2 = "JSON with keys price, qty and total: price {}, qty {}. Total = price * qty."
EN_SUM = "JSON with keys base, bonus and pay: base {}, bonus {}. pay = base + bonus."
FR_TOTAL = "Donne un objet JSON avec les clés prix_unitaire, quantite et total (= prix_unitaire × quantite) : prix_unitaire {}, quantite {}."

COMPUTED = [
    pair("en/where-formula", EN_TOTAL.format(4, 5), {"price": 4, "qty": 5, "total": 20},
         EN_TOTAL.format(6, 5), {"price": 6, "qty": 5, "total": 30}),
    pair("en/formula-sentence", EN_TOTAL2.format(4, 5), {"price": 4, "qty": 5, "total": 20},
         EN_TOTAL2.format(1.1, 3), {"price": 1.1, "qty": 3, "total": 3.3}),
    pair("en/sum", EN_SUM.format(100, 20), {"base": 100, "bonus": 20, "pay": 120},
         EN_SUM.format(0.1, 0.2), {"base": 0.1, "bonus": 0.2, "pay": 0.3}),
    pair("en/formula-first", "Return JSON with keys price, qty and total, where total = price * qty. Values: price 4, qty 5.",
         {"price": 4, "qty": 5, "total": 20},
         "Return JSON with keys price, qty and total, where total = price * qty. Values: price 7, qty 3.",
         {"price": 7, "qty": 3, "total": 21}),
    pair("fr/key-formula", FR_TOTAL.format(3, 8), {"prix_unitaire": 3, "quantite": 8, "total": 24},
         FR_TOTAL.format(4, 8), {"prix_unitaire": 4, "quantite": 8, "total": 32}),
]


@pytest.mark.parametrize("case", COMPUTED, ids=lambda c: c.cls)
def test_jsony_formulas_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", COMPUTED, ids=lambda c: c.cls)
def test_jsony_formulas_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


FORMULA_NO_CLAIM = [
    "JSON with keys price, qty, total for price 4 and qty 5, where total = price * tax.",  # a key the formula names unstated
    "JSON with keys price, qty, total for price 4 and qty 5, where total = price * qty * 2.",  # more than two operands
    "JSON with keys price, qty, total for price 4, qty 5 and total 30, where total = price * qty.",  # the computed key stated
    "JSON with keys price, qty for price 4 and qty 5, where total = price * qty.",  # the computed key unlisted
    "JSON with keys price, qty and total: price 4, qty 5. total = price * qty. total = price + qty.",  # computed twice
    "JSON with keys price, qty, total for price 4 and qty 5, where total = price / qty.",  # no declared operator
    'JSON with keys price, qty, total for price "4" and qty 5, where total = price * qty.',  # a string operand
    "JSON with keys price, qty, total for price 4 and qty 5, where total = price * qty. Round the total to the nearest ten.",
    "JSON: price 4, qty 5. total = price * qty.",  # no key list
    "Donne un objet JSON avec les clés prix_unitaire, quantite et total (= prix_unitaire × remise) : prix_unitaire 3, quantite 8.",
]


@pytest.mark.parametrize("prompt", FORMULA_NO_CLAIM)
def test_jsony_formula_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


FORMULA_TRAPS = [
    pair("trap/formula-unstated-key", EN_TOTAL.format(4, 5), {"price": 4, "qty": 5, "total": 20},
         "JSON with keys price, qty, total for price 6 and qty 5, where total = price * tax.", {"price": 6, "qty": 5, "total": None}),
    pair("trap/formula-changed-op", EN_TOTAL.format(4, 5), {"price": 4, "qty": 5, "total": 20},
         "JSON with keys price, qty, total for price 6 and qty 5, where total = price + qty.", {"price": 6, "qty": 5, "total": 11}),
]


@pytest.mark.parametrize("case", FORMULA_TRAPS, ids=lambda c: c.cls)
def test_jsony_formula_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=False)
