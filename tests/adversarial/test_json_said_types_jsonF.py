"""wip/jsonF: a listed key's JSON type said in words beside its key list, by construction in every table:
the key, then the table's phrase for a type (en "as a number" / "as an integer" / "as a string" / "as a boolean",
es "como entero", fr "en booléen", de "als Zeichenkette", pt "como inteiro", it "come numero", ru "целым числом",
zh "为数字", ja "は数値"), inside the list's brackets after a comma ("(keys host and port, port as a number)") or
after a comma ending the list ("with keys name and age, age as an integer: ..."), one note or two joined by "and".
The note types the key as "age (integer)" does: the key must be stated, with a value of that type; a boolean key
takes its table's words for true and false ("actif: oui"). Served pairs are served without a model call (a
never-right model answered the first prompt) and exactly right; each trap is no claim or never served wrong.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_exact_object, assert_served_proven, assert_trap_never_wrong, dumps, exact_json_judge

Obj = dict[str, Any]


def pair(cls: str, old: str, old_obj: Obj, new: str, new_obj: Obj) -> Pair:
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), exact_json_judge(new_obj))


EN_NUMBER = "Return JSON with keys host and port, port as a number: host: {}, port: {}"
EN_INT_PAREN = "Return JSON (keys name and age, age as an integer): name {}, age {}"
EN_BOOL = "Give me a JSON object with keys name and active, active as a boolean: name {}, active {}"
EN_STRING_BLOCK = 'Convert to JSON (keys sku and zip, zip as a string):\nsku: {}\nzip: "{}"'
EN_TWO_NOTES = "JSON with keys width and height, width as a number and height as an integer: width {}, height {}"
EN_WHOLE = 'Return a JSON object with keys title and year, year as a whole number: title "{}", year {}'
ES_BOOL = "Devuelve un JSON (claves producto y activo, activo como booleano): producto: {}, activo: {}"
ES_INT = "Devuelve un objeto JSON con las claves nombre y edad, edad como entero: nombre: {}, edad: {}"
FR_BOOL = "Renvoie un JSON (clés email et actif, actif en booléen) : email: {}, actif: {}"
FR_INT = "Renvoie un objet JSON avec les clés ville et habitants, habitants en entier : ville: {}, habitants: {}"
DE_BOOL = "Gib mir JSON (Schlüssel artikel, menge und lieferbar, lieferbar als Boolean): artikel={}, menge={}, lieferbar={}"
DE_STRING = 'Gib mir JSON (Schlüssel stadt und plz, plz als Zeichenkette): stadt={}, plz="{}"'
PT_INT = "Retorne um JSON (chaves nome e idade, idade como inteiro): nome: {}, idade: {}"
PT_BOOL = "Retorne um objeto JSON com as chaves nome e ativo, ativo como booleano: nome: {}, ativo: {}"
IT_NUMBER = "Converti in JSON (chiavi host e porta, porta come numero):\nhost: {}\nporta: {}"
IT_BOOL = "Restituisci un JSON (chiavi nome e attivo, attivo come booleano): nome: {}, attivo: {}"
IT_INT = "Restituisci un oggetto JSON con le chiavi nome e punti, punti come intero: nome: {}, punti: {}"
RU_INT = "Верни JSON (ключи name и age, age целым числом): name: {}, age: {}"
RU_STRING = 'Верни JSON (ключи name и code, code строкой): name: {}, code: "{}"'
RU_COMMA = "Верни JSON с ключами name и age, age целым числом: name: {}, age: {}"
ZH_NUMBER = "请输出 JSON，键为 product 和 price（price 为数字）：product：{}，price：{}"
JA_NUMBER = "次の情報を JSON にしてください（キー：item, count、count は数値）：item={}、count={}"

SERVED = [
    pair("en/as-a-number", EN_NUMBER.format("Atlas", 8000), {"host": "Atlas", "port": 8000},
         EN_NUMBER.format("Orion", 9090), {"host": "Orion", "port": 9090}),
    pair("en/as-an-integer-bracket", EN_INT_PAREN.format("Ana", 30), {"name": "Ana", "age": 30},
         EN_INT_PAREN.format("Bruno", 41), {"name": "Bruno", "age": 41}),
    pair("en/as-a-boolean", EN_BOOL.format("Ana", "true"), {"name": "Ana", "active": True},
         EN_BOOL.format("Bea", "false"), {"name": "Bea", "active": False}),
    pair("en/as-a-boolean-yes-no", EN_BOOL.format("Ana", "yes"), {"name": "Ana", "active": True},
         EN_BOOL.format("Bea", "no"), {"name": "Bea", "active": False}),
    pair("en/as-a-string-block", EN_STRING_BLOCK.format("A-100", "02134"), {"sku": "A-100", "zip": "02134"},
         EN_STRING_BLOCK.format("B-220", "10001"), {"sku": "B-220", "zip": "10001"}),
    pair("en/two-notes", EN_TWO_NOTES.format(2.5, 4), {"width": 2.5, "height": 4},
         EN_TWO_NOTES.format(3.75, 6), {"width": 3.75, "height": 6}),
    pair("en/as-a-whole-number", EN_WHOLE.format("Dune", 1965), {"title": "Dune", "year": 1965},
         EN_WHOLE.format("Emma", 1815), {"title": "Emma", "year": 1815}),
    pair("es/como-booleano", ES_BOOL.format("Silla", "sí"), {"producto": "Silla", "activo": True},
         ES_BOOL.format("Mesa", "no"), {"producto": "Mesa", "activo": False}),
    pair("es/como-entero", ES_INT.format("Ana", 30), {"nombre": "Ana", "edad": 30},
         ES_INT.format("Luis", 52), {"nombre": "Luis", "edad": 52}),
    pair("fr/en-booleen", FR_BOOL.format("a@b.fr", "oui"), {"email": "a@b.fr", "actif": True},
         FR_BOOL.format("paul@exemple.fr", "non"), {"email": "paul@exemple.fr", "actif": False}),
    pair("fr/en-entier", FR_INT.format("Lyon", 520000), {"ville": "Lyon", "habitants": 520000},
         FR_INT.format("Nantes", 320000), {"ville": "Nantes", "habitants": 320000}),
    pair("de/als-boolean", DE_BOOL.format("Schraube", 250, "ja"), {"artikel": "Schraube", "menge": 250, "lieferbar": True},
         DE_BOOL.format("Mutter", 400, "nein"), {"artikel": "Mutter", "menge": 400, "lieferbar": False}),
    pair("de/als-zeichenkette", DE_STRING.format("München", "80331"), {"stadt": "München", "plz": "80331"},
         DE_STRING.format("Hamburg", "20095"), {"stadt": "Hamburg", "plz": "20095"}),
    pair("pt/como-inteiro", PT_INT.format("Ana", 30), {"nome": "Ana", "idade": 30},
         PT_INT.format("Pedro", 45), {"nome": "Pedro", "idade": 45}),
    pair("pt/como-booleano", PT_BOOL.format("Ana", "sim"), {"nome": "Ana", "ativo": True},
         PT_BOOL.format("Rui", "não"), {"nome": "Rui", "ativo": False}),
    pair("it/come-numero", IT_NUMBER.format("Atlas", 8000), {"host": "Atlas", "porta": 8000},
         IT_NUMBER.format("Vega", 8443), {"host": "Vega", "porta": 8443}),
    pair("it/come-booleano", IT_BOOL.format("Marco", "sì"), {"nome": "Marco", "attivo": True},
         IT_BOOL.format("Giulia", "no"), {"nome": "Giulia", "attivo": False}),
    pair("it/come-intero", IT_INT.format("Luca", 12), {"nome": "Luca", "punti": 12},
         IT_INT.format("Sara", 17), {"nome": "Sara", "punti": 17}),
    pair("ru/целым-числом", RU_INT.format("Анна", 30), {"name": "Анна", "age": 30},
         RU_INT.format("Ольга", 35), {"name": "Ольга", "age": 35}),
    pair("ru/строкой", RU_STRING.format("Анна", "007"), {"name": "Анна", "code": "007"},
         RU_STRING.format("Ольга", "042"), {"name": "Ольга", "code": "042"}),
    pair("ru/after-comma", RU_COMMA.format("Анна", 30), {"name": "Анна", "age": 30},
         RU_COMMA.format("Ирина", 34), {"name": "Ирина", "age": 34}),
    pair("zh/为数字", ZH_NUMBER.format("耳机", 249), {"product": "耳机", "price": 249},
         ZH_NUMBER.format("键盘", 199), {"product": "键盘", "price": 199}),
    pair("ja/は数値", JA_NUMBER.format("ノート", 8), {"item": "ノート", "count": 8},
         JA_NUMBER.format("ペン", 12), {"item": "ペン", "count": 12}),
]


# The same phrases in brackets after a key or a stated value are type notes of each table (T_INTEGER, T_STRING,
# T_BOOL, fr T_NUMBER): 'keys name (as a string) and age (as an integer)', 'active true (as a boolean)'.
EN_BRACKETS = "Return JSON with keys name (as a string) and age (as an integer): name {}, age {}"
EN_AFTER_VALUE = 'Return a JSON object: name "{}", active {} (as a boolean)'
ES_BRACKET = "Devuelve un JSON con las claves edad (como entero) y nombre: nombre {}, edad {}"
FR_BRACKET = "Renvoie un JSON avec les clés actif (en booléen) et nom : nom: {}, actif: {}"
DE_BRACKET = 'Gib mir JSON mit den Schlüsseln stadt und plz (als Zeichenkette): stadt={}, plz="{}"'
IT_BRACKET = "Restituisci un JSON con le chiavi attivo (come booleano) e nome: nome: {}, attivo: {}"
PT_BRACKET = "Retorne um JSON com as chaves idade (como inteiro) e nome: nome: {}, idade: {}"
RU_BRACKET = "Верни JSON с ключами age (целым числом) и name: name: {}, age: {}"
SERVED += [
    pair("en/bracket-notes", EN_BRACKETS.format("Ana", 30), {"name": "Ana", "age": 30},
         EN_BRACKETS.format("Bruno", 41), {"name": "Bruno", "age": 41}),
    pair("en/bracket-after-value", EN_AFTER_VALUE.format("Ana", "true"), {"name": "Ana", "active": True},
         EN_AFTER_VALUE.format("Bea", "false"), {"name": "Bea", "active": False}),
    pair("es/(como-entero)", ES_BRACKET.format("Ana", 30), {"edad": 30, "nombre": "Ana"},
         ES_BRACKET.format("Luis", 52), {"edad": 52, "nombre": "Luis"}),
    pair("fr/(en-booleen)", FR_BRACKET.format("Ana", "oui"), {"actif": True, "nom": "Ana"},
         FR_BRACKET.format("Paul", "non"), {"actif": False, "nom": "Paul"}),
    pair("de/(als-zeichenkette)", DE_BRACKET.format("München", "80331"), {"stadt": "München", "plz": "80331"},
         DE_BRACKET.format("Hamburg", "20095"), {"stadt": "Hamburg", "plz": "20095"}),
    pair("it/(come-booleano)", IT_BRACKET.format("Marco", "sì"), {"attivo": True, "nome": "Marco"},
         IT_BRACKET.format("Giulia", "no"), {"attivo": False, "nome": "Giulia"}),
    pair("pt/(como-inteiro)", PT_BRACKET.format("Ana", 30), {"idade": 30, "nome": "Ana"},
         PT_BRACKET.format("Pedro", 45), {"idade": 45, "nome": "Pedro"}),
    pair("ru/(целым-числом)", RU_BRACKET.format("Анна", 30), {"age": 30, "name": "Анна"},
         RU_BRACKET.format("Ольга", 35), {"age": 35, "name": "Ольга"}),
]


# wip/fuzzO: the same note after the LAST key of the list types that key or every key (two readings): no claim unless
# both agree (the notes above are moved before the last key; these were served before)
LAST_KEY_NOTES = [
    "Devuelve un JSON con las claves nombre y edad (como entero): nombre Luis, edad 52",
    "Renvoie un JSON avec les clés nom et actif (en booléen) : nom: Paul, actif: non",
    "Restituisci un JSON con le chiavi nome e attivo (come booleano): nome: Giulia, attivo: no",
    "Retorne um JSON com as chaves nome e idade (como inteiro): nome: Pedro, idade: 45",
    "Верни JSON с ключами name и age (целым числом): name: Ольга, age: 35",
    "Return JSON with keys code and name (as a string): code 7, name Ana",
]


@pytest.mark.parametrize("prompt", LAST_KEY_NOTES)
def test_a_note_said_after_the_last_key_is_no_claim(prompt: str) -> None:
    from stepcache_integrations.core.tasks.json.reader import read_request

    assert read_request(prompt) is None


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonf_said_types_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonf_said_types_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


NO_CLAIM = [
    # a value of another type than the note says
    "Return JSON with keys name and age, age as an integer: name Ana, age 30.5",
    'Return JSON with keys name and age, age as an integer: name Ana, age "30"',
    "Return JSON with keys name and zip, zip as a string: name Ana, zip 2134",
    "Give me a JSON object with keys name and active, active as a boolean: name Ana, active maybe",
    "Give me a JSON object with keys name and active, active as a boolean: name Ana, active 1",
    ES_BOOL.format("Silla", "quizás"),
    DE_BOOL.format("Mutter", 400, "vielleicht"),
    IT_BOOL.format("Marco", "forse"),
    ZH_NUMBER.format("耳机", "便宜"),
    JA_NUMBER.format("ノート", "たくさん"),
    RU_INT.format("Анна", "30.5"),
    # the noted key unstated, or listed by no list
    "Return JSON (keys name and age, age as an integer): name Ana",
    "Return JSON with keys host and port, size as a number: host: Atlas, port: 8000",
    # two notes for one key, a note outside the list's shape, a key stated beyond the list
    "Return JSON (keys a and b, b as a number and b as a string): a: Ana, b: 3",
    "Return JSON with keys name and age, age as an integer, city as a string: name Ana, age 30",
    "Return JSON with keys name and age, age as an integer: name Ana, age 30, city Lyon",
    "Return JSON with keys name and age, age as a number, please: name Ana, age 30",
    # bracketed notes: a value of another type
    "Return JSON with keys name and age (as an integer): name Ana, age 30.5",
    EN_AFTER_VALUE.format("Ana", "maybe"),
    FR_BRACKET.format("Ana", "peut"),
    DE_BRACKET.replace('plz="{}"', "plz={}").format("München", "80331"),
    PT_BRACKET.format("Ana", "30.5"),
    # a boolean word of the table for a key noted otherwise
    "Give me a JSON object with keys name and active, active as a string: name Ana, active yes",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_jsonf_said_type_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


TRAPS = [
    pair("trap/int-to-decimal", EN_INT_PAREN.format("Ana", 30), {"name": "Ana", "age": 30},
         EN_INT_PAREN.format("Ana", "30.5"), {"name": "Ana", "age": 30.5}),
    pair("trap/boolean-maybe", EN_BOOL.format("Ana", "true"), {"name": "Ana", "active": True},
         EN_BOOL.format("Ana", "maybe"), {"name": "Ana", "active": "maybe"}),
    pair("trap/note-changed-to-string", EN_NUMBER.format("Atlas", 8000), {"host": "Atlas", "port": 8000},
         "Return JSON with keys host and port, port as a string: host: Atlas, port: 8000", {"host": "Atlas", "port": "8000"}),
    pair("trap/es-quizas", ES_BOOL.format("Silla", "sí"), {"producto": "Silla", "activo": True},
         ES_BOOL.format("Silla", "quizás"), {"producto": "Silla", "activo": "quizás"}),
    pair("trap/unlisted-note", EN_NUMBER.format("Atlas", 8000), {"host": "Atlas", "port": 8000},
         "Return JSON with keys host and port, size as a number: host: Atlas, port: 8000, size: 3",
         {"host": "Atlas", "port": 8000, "size": 3}),
]


@pytest.mark.parametrize("case", TRAPS, ids=lambda c: c.cls)
def test_jsonf_said_type_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=True)
