"""JSON requests in es/fr/de/pt/it/ru/zh/ja that list keys and then state values (issue 33, items 3
and 4): labels naming a listed key by the table's declared folding ("Ciudad: Lima" for "ciudad",
"Prénom" for "prenom"), a bare name after a listed key and a space ("cliente Ana Souza"), decimal
commas ("12,50"), degree words, and a person's name and age said in a sentence ("Me llamo Tomás y
tengo 52 años") for the listed keys that are the table's words for them. Phrasings are our own.

Every pair runs through a real StepCache with the oracle model (tests/adversarial/harness.py); the
judge is exact (the same keys, values and JSON types), so an extra, renamed or retyped key fails.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel, Outcome, claimed, exact_json_pair as pair, not_served_proven, run_pair, wrong_answers

Obj = dict[str, Any]


# (class, template with {a} and {b}, old values, new values): the values' keys are the keys asked.
SHAPES: list[tuple[str, str, Obj, Obj]] = [
    # -- labels after a key list: a label names the listed key it folds to -------------------------------
    ("es/label-accent", 'Genera un JSON con las claves "pais" y "capital". País: {a}, capital: {b}',
     {"pais": "Perú", "capital": "Lima"}, {"pais": "Chile", "capital": "Santiago"}),
    ("es/spaced-bare", 'Crea un JSON con "producto" y "stock": producto {a}, stock {b}',
     {"producto": "Silla", "stock": 12}, {"producto": "Silla", "stock": 15}),
    ("es/decimal-comma", 'Dame un JSON con "articulo" y "precio": articulo: "mesa", precio: {b}',
     {"articulo": "mesa", "precio": 12.5}, {"articulo": "mesa", "precio": 13.75}),
    ("es/degrees", 'Devuelve un JSON con las claves "ciudad" y "temperatura": ciudad: {a}, temperatura: {b} grados',
     {"ciudad": "Quito", "temperatura": 14}, {"ciudad": "Cusco", "temperatura": 9}),
    ("fr/label-accent", 'Crée un JSON avec les clés "ville" et "annee". Ville : {a}, année : {b}',
     {"ville": "Nantes", "annee": 1998}, {"ville": "Rennes", "annee": 1998}),
    ("fr/copula", "Réponds en JSON avec \"titre\" et \"annee\" : le titre est {a}, l'année est {b}.",
     {"titre": "Dune", "annee": 1965}, {"titre": "Emma", "annee": 1815}),
    ("de/capitalised-label", 'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt {a}, Einwohner {b}',
     {"stadt": "Leipzig", "einwohner": 620000}, {"stadt": "Dresden", "einwohner": 560000}),
    ("de/convert-semicolon", "Schreib das als JSON: marke={a}; baujahr={b}",
     {"marke": "Opel", "baujahr": 2011}, {"marke": "Audi", "baujahr": 2011}),
    ("pt/multiword-name", 'Monte um JSON com "cidade" e "estado": cidade Campinas, estado {b}',
     {"cidade": "Campinas", "estado": "Mato Grosso"}, {"cidade": "Campinas", "estado": "Minas Gerais"}),
    ("pt/accent-decimal", 'Gere um JSON com "produto" e "preco": produto: "caneta", preço: {b}',
     {"produto": "caneta", "preco": 3.75}, {"produto": "caneta", "preco": 4.2}),
    ("it/label-accent", 'Dammi un JSON con "citta" e "abitanti". Città: {a}, abitanti: {b}',
     {"citta": "Genova", "abitanti": 560000}, {"citta": "Verona", "abitanti": 255000}),
    ("it/please", "JSON per favore: squadra={a}, punti={b}", {"squadra": "Parma", "punti": 41}, {"squadra": "Como", "punti": 41}),
    ("ru/capitalised-label", 'Сформируй JSON с ключами "город" и "население": Город: {a}, население: {b}',
     {"город": "Тула", "население": 470000}, {"город": "Тверь", "население": 410000}),
    ("ru/convert", "Оформи в JSON: товар = {a}, цена = {b}", {"товар": "лампа", "цена": 1500}, {"товар": "лампа", "цена": 1700}),
    ("zh/labels-degrees", '返回一个 JSON，包含 "城市" 和 "气温"：城市：{a}，气温：{b}度',
     {"城市": "西安", "气温": 12}, {"城市": "武汉", "气温": 12}),
    ("ja/keys-no-json", '"都市" と "人口" の JSON をください。都市：{a}、人口：{b}', {"都市": "仙台", "人口": 1090000},
     {"都市": "福井", "人口": 260000}),
    ("ja/output-as", "JSON で出力:品名={a}, 個数={b}", {"品名": "リンゴ", "個数": 4}, {"品名": "リンゴ", "個数": 7}),
    # -- a person's name and age said in a sentence -------------------------------------------------------
    ("es/me-llamo", 'Devuelve un JSON con las claves "nombre" y "edad": Me llamo {a} y tengo {b} años.',
     {"nombre": "Tomás", "edad": 52}, {"nombre": "Tomás", "edad": 53}),
    ("es/tiene", 'Dame un JSON con "nombre" y "edad": {a} tiene {b} años.', {"nombre": "Carmen", "edad": 19},
     {"nombre": "Rocío", "edad": 19}),
    ("fr/je-m-appelle", "Renvoie un JSON avec \"nom\" et \"age\" : Je m'appelle {a}, j'ai {b} ans.",
     {"nom": "Louis", "age": 44}, {"nom": "Louis", "age": 45}),
    ("fr/a-ans", 'Donne un JSON avec "prenom" et "age" : {a} a {b} ans.', {"prenom": "Élise", "age": 27},
     {"prenom": "Inès", "age": 27}),
    ("de/ich-heisse", 'Gib mir ein JSON mit "name" und "alter": Ich heiße {a} und ich bin {b} Jahre alt.',
     {"name": "Paul", "alter": 38}, {"name": "Paul", "alter": 39}),
    ("de/ist-jahre-alt", 'JSON mit "vorname" und "alter": {a} ist {b} Jahre alt.', {"vorname": "Lena", "alter": 24},
     {"vorname": "Lena", "alter": 25}),
    ("pt/me-chamo", 'Retorne um JSON com "nome" e "idade": Eu me chamo {a} e tenho {b} anos.',
     {"nome": "Bruno", "idade": 29}, {"nome": "Bruno", "idade": 31}),
    ("pt/tem-anos", 'Retorne um JSON com "nome" e "idade": {a} tem {b} anos.', {"nome": "Marta", "idade": 61},
     {"nome": "Sílvia", "idade": 61}),
    ("it/mi-chiamo", 'Restituisci un JSON con "nome" e "età": mi chiamo {a} e ho {b} anni', {"nome": "Paolo", "età": 35},
     {"nome": "Paolo", "età": 36}),
    ("it/ha-anni", 'Dammi un JSON con "nome" ed "eta": {a} ha {b} anni.', {"nome": "Sara", "eta": 22},
     {"nome": "Chiara", "eta": 22}),
    ("ru/menya-zovut", 'Верни JSON с ключами "имя" и "возраст": Меня зовут {a}, мне {b} лет.',
     {"имя": "Игорь", "возраст": 45}, {"имя": "Игорь", "возраст": 47}),
    ("ru/goda", 'Верни JSON с ключами "имя" и "возраст": Меня зовут {a}, мне {b} года.',
     {"имя": "Ольга", "возраст": 22}, {"имя": "Ольга", "возраст": 23}),
    ("zh/wo-jiao", '返回一个 JSON，包含 "姓名" 和 "年龄"：我叫{a}，今年 {b} 岁。', {"姓名": "李娜", "年龄": 33},
     {"姓名": "李娜", "年龄": 34}),
    ("zh/jinnian", '返回 JSON，包含 "名字" 和 "年龄"：{a}今年 {b} 岁。', {"名字": "张强", "年龄": 40},
     {"名字": "赵敏", "年龄": 40}),
    ("zh/name-number-years", '返回 JSON，包含 "姓名" 和 "年龄"：{a} {b} 岁。', {"姓名": "周杰", "年龄": 58},
     {"姓名": "周杰", "年龄": 59}),
    ("es/name-comma-years", 'Dame un JSON con "nombre" y "edad": Me llamo {a}, {b} años.', {"nombre": "Irene", "edad": 30},
     {"nombre": "Irene", "edad": 31}),
    # an age key's years are its number
    ("es/age-label-years", 'Dame un JSON con "nombre" y "edad": nombre: {a}, edad: {b} años', {"nombre": "Pablo", "edad": 70},
     {"nombre": "Pablo", "edad": 71}),
    ("ja/age-label-years", '"名前" と "年齢" の JSON をください。名前：{a}、年齢：{b}歳', {"名前": "佐藤", "年齢": 45},
     {"名前": "鈴木", "年齢": 45}),
    ("ru/age-label-years", 'Верни JSON с ключами "имя" и "возраст": имя: {a}, возраст: {b} лет', {"имя": "Вера", "возраст": 64},
     {"имя": "Вера", "возраст": 65}),
    # a kept unit after a number inside a key that holds its character ("温度")
    ("zh/kept-unit-in-key", '返回一个 JSON，包含 "城市" 和 "温度"：城市：{a}，温度：{b}度', {"城市": "南宁", "温度": 31},
     {"城市": "南宁", "温度": 29}),
]

# Strings quoted in the template stay as written; the others are bare names or numbers.
_DECIMAL_COMMA = ("es/decimal-comma", "pt/accent-decimal")


def _literal(value: Any, cls: str) -> str:
    if isinstance(value, float) and cls in _DECIMAL_COMMA:
        return repr(value).replace(".", ",")
    return str(value)


def _fill(cls: str, template: str, values: Obj) -> str:
    a, b = (_literal(v, cls) for v in values.values())
    return template.format(a=a, b=b)


SERVED = [pair(f"json-langs/{cls}", _fill(cls, t, old), old, _fill(cls, t, new), new, benign=True) for cls, t, old, new in SHAPES]

ME_LLAMO = 'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Tomás y tengo 52 años.'
ME_LLAMO_OBJ = {"nombre": "Tomás", "edad": 52}
PRECIO = 'Dame un JSON con "articulo" y "precio": articulo: "mesa", precio: 1,25'
PRECIO_OBJ = {"articulo": "mesa", "precio": 1.25}
# Never served from a reading: the model answers, and nothing is proven beyond what is stated.
NO_CLAIM = [
    # a key excluded, or the keys asked in another language
    pair("json-langs/es-key-excluded", ME_LLAMO, ME_LLAMO_OBJ,
         'Devuelve un JSON sin la edad, solo con "nombre": Me llamo Tomás y tengo 52 años.', {"nombre": "Tomás"}),
    pair("json-langs/it-key-excluded", 'Restituisci un JSON con "nome" e "età": mi chiamo Paolo e ho 35 anni',
         {"nome": "Paolo", "età": 35}, 'Restituisci un JSON con "età" (niente "nome"): mi chiamo Paolo e ho 35 anni',
         {"età": 35}),
    pair("json-langs/pt-keys-in-english", 'Retorne um JSON com "nome" e "idade": Eu me chamo Bruno e tenho 29 anos.',
         {"nome": "Bruno", "idade": 29},
         'Retorne um JSON com as chaves em inglês, "name" e "age": Eu me chamo Bruno e tenho 29 anos.',
         {"name": "Bruno", "age": 29}),
    # the name said is no listed key's concept ("apodo" is a nickname), or another person's age is said
    pair("json-langs/es-nickname-key", ME_LLAMO, ME_LLAMO_OBJ,
         'Devuelve un JSON con las claves "apodo" y "edad": Me llamo Tomás y tengo 52 años.', {"apodo": "Tomi", "edad": 52}),
    pair("json-langs/es-someone-elses-age", ME_LLAMO, ME_LLAMO_OBJ,
         'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Tomás y mi hijo tiene 12 años.',
         {"nombre": "Tomás", "edad": 45}),
    pair("json-langs/es-about-age", ME_LLAMO, ME_LLAMO_OBJ,
         'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Tomás y tengo unos 52 años.',
         {"nombre": "Tomás", "edad": 52}),
    pair("json-langs/es-age-in-months-key", 'Dame un JSON con "nombre" y "edad": Carmen tiene 19 años.',
         {"nombre": "Carmen", "edad": 19}, 'Dame un JSON con "nombre" y "edad_meses": Carmen tiene 19 años.',
         {"nombre": "Carmen", "edad_meses": 228}),
    pair("json-langs/ru-dative-name", 'Верни JSON с ключами "имя" и "возраст": Меня зовут Игорь, мне 45 лет.',
         {"имя": "Игорь", "возраст": 45}, 'Верни JSON с ключами "имя" и "возраст": Игорю 45 лет.',
         {"имя": "Игорь", "возраст": 45}),
    # de folds case only: "Zähler" (a counter) names no key "zahler" (a payer)
    pair("json-langs/de-umlaut-not-folded", 'JSON mit "zahler" und "betrag": zahler: "Müller", betrag: 30',
         {"zahler": "Müller", "betrag": 30}, 'JSON mit "zahler" und "betrag": Zähler: "Müller", betrag: 30',
         {"zahler": "Müller", "betrag": 30}),
    # two listed keys fold alike: which one "ANO" names is not stated
    pair("json-langs/es-two-keys-fold-alike", 'Dame un JSON con "año" y "ano": año: 2020, ano: 5', {"año": 2020, "ano": 5},
         'Dame un JSON con "año" y "ano": ANO: 2020, ano: 5', {"año": 2020, "ano": 5}),
    # a bare name after a space states a key only when it is listed
    pair("json-langs/es-spaced-bare-unlisted", 'Crea un JSON con "producto" y "stock": producto Silla, stock 12',
         {"producto": "Silla", "stock": 12}, 'Crea un JSON con "producto" y "stock": producto Silla, stock 12, color Rojo',
         {"producto": "Silla", "stock": 12}),
    # three digits after a comma may group thousands; a whole number written with a comma has no one type
    pair("json-langs/es-comma-three-digits", PRECIO, PRECIO_OBJ,
         'Dame un JSON con "articulo" y "precio": articulo: "mesa", precio: 1,299', {"articulo": "mesa", "precio": 1299}),
    pair("json-langs/es-comma-whole", PRECIO, PRECIO_OBJ,
         'Dame un JSON con "articulo" y "precio": articulo: "mesa", precio: 3,00', {"articulo": "mesa", "precio": 3}),
    # a degree word has no scale: no conversion reads it
    pair("json-langs/es-degrees-converted", 'Devuelve un JSON con las claves "ciudad" y "temperatura": ciudad: Quito, '
         "temperatura: 14 grados", {"ciudad": "Quito", "temperatura": 14},
         'Devuelve un JSON con las claves "ciudad" y "temperatura": ciudad: Quito, temperatura: 14 grados. '
         "Convierte la temperatura a fahrenheit.", {"ciudad": "Quito", "temperatura": 57.2}),
    # years are an age's unit only: a count of people in years is no statement
    pair("json-langs/zh-years-not-an-age", '返回一个 JSON，包含 "城市" 和 "人口"：城市：西安，人口：45',
         {"城市": "西安", "人口": 45}, '返回一个 JSON，包含 "城市" 和 "人口"：城市：西安，人口：45岁', {"城市": "西安", "人口": 45}),
    pair("json-langs/es-years-not-a-distance", 'Dame un JSON con "nombre" y "distancia": nombre: Ana, distancia: 28',
         {"nombre": "Ana", "distancia": 28}, 'Dame un JSON con "nombre" y "distancia": nombre: Ana, distancia: 28 años',
         {"nombre": "Ana", "distancia": 28}),
    # uppercase asked
    pair("json-langs/de-uppercase-asked", 'JSON mit "vorname" und "alter": Lena ist 24 Jahre alt.',
         {"vorname": "Lena", "alter": 24}, 'JSON mit "vorname" und "alter", den Namen in Großbuchstaben: Lena ist 24 Jahre alt.',
         {"vorname": "LENA", "alter": 24}),
]

ALL = SERVED + NO_CLAIM


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in ALL]


def test_every_answer_is_exactly_the_stated_object(outcomes: list[Outcome]) -> None:
    assert wrong_answers(outcomes) == []


def test_a_never_right_model_gets_exactly_the_stated_object() -> None:
    """The fallback writes the object the prompt states, read in the table's concepts ('Me llamo Tomás y tengo 52
    años': the name is "nombre", the age "edad"); with a right model, W29's guard keeps the model's answer and
    would hide a concept read the wrong way round."""
    result = StepCache().generate(ME_LLAMO, NeverRightModel())
    assert result.verification == "proven" and json.loads(result.text) == ME_LLAMO_OBJ, (result.outcome, result.text)


def test_a_changed_value_is_served_without_a_model_call_and_proven(outcomes: list[Outcome]) -> None:
    served = [o for o in outcomes if o.pair in SERVED]
    slow = not_served_proven(served)
    assert len(served) == len(SHAPES) and slow == []


def test_an_exclusion_another_concept_or_an_unclear_value_is_no_claim(outcomes: list[Outcome]) -> None:
    assert claimed(outcomes, NO_CLAIM) == []


@pytest.mark.parametrize(
    ("prompt", "stated"),
    [
        ('Dame un JSON con "articulo" y "precio": articulo: "mesa", precio: 12,70', {"articulo": "mesa", "precio": 12.7}),
        ('Gere um JSON com "produto" e "preco": produto: "caneta", preço: 0,5', {"produto": "caneta", "preco": 0.5}),
        ('Верни JSON с ключами "имя" и "возраст": Меня зовут Анна, мне 30 лет.', {"имя": "Анна", "возраст": 30}),
        ('Donne un JSON avec "prenom" et "age" : Claire a 34 ans.', {"prenom": "Claire", "age": 34}),
        ('返回一个 JSON，包含 "城市" 和 "气温"：城市：杭州，气温：18度', {"城市": "杭州", "气温": 18}),
        # an age in years converted to months still reads its unit
        ('Dame un JSON con "nombre" y "edad": nombre: Ana, edad: 28 años. Convierte la edad a meses.',
         {"nombre": "Ana", "edad": 336}),
    ],
)
def test_the_reader_states_exactly_these_values(prompt: str, stated: Obj) -> None:
    read = read_request(prompt)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == stated
    assert all(type(read.statements[k].value) is type(v) for k, v in stated.items())


@pytest.mark.parametrize(
    "prompt",
    [
        # a name that is not capitalised, several names, an age with a fraction, a negation
        'Dame un JSON con "nombre" y "edad": carmen tiene 19 años.',
        'Dame un JSON con "nombre" y "edad": Carmen y Rocío tienen 19 años.',
        'Dame un JSON con "nombre" y "edad": Carmen tiene 19,5 años.',
        'Dame un JSON con "nombre" y "edad": Carmen no tiene 19 años.',
        '返回一个 JSON，包含 "姓名" 和 "年龄"：我叫李娜，今年 26.5 岁。',
        # a kept unit that does not end its clause ("about 18 degrees")
        '返回一个 JSON，包含 "城市" 和 "气温"：城市：杭州，气温：18度左右',
        # a name of two scripts (a Cyrillic "і" in "Kiel")
        'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt K\u0456el, Einwohner 247000',
        # a bare name after a space for a key the list does not hold
        'Crea un JSON con "producto" y "stock": producto Silla, stock 12, color Rojo',
        # (wip/jsonR4: 'Dame un JSON con "name" y "age": Me llamo Carmen y tengo 19 años.' was here while a
        # key's concept was read from the prompt's table only; it is now served exactly, as the native keys
        # are: test_json_reach_jsonr4.py::test_an_english_key_takes_a_self_introduction)
        # two names said for one key, by two people: was read with "nombre" unstated and Rocío's age
        # stated (an object that may be Carmen's); two owners (red team round 7) are now no claim
        'Dame un JSON con "nombre" y "edad": Me llamo Carmen. Rocío tiene 19 años.',
    ],
)
def test_the_reader_states_nothing_it_cannot_tell(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None, read


@pytest.mark.parametrize(
    ("prompt", "unstated"),
    [
        # a label and the key as written state two values: the key is stated by neither
        ('Dame un JSON con "ciudad" y "pais": Ciudad: Lima, ciudad: Cusco, pais: Perú', "ciudad"),
    ],
)
def test_a_key_stated_two_ways_is_not_stated(prompt: str, unstated: str) -> None:
    read = read_request(prompt)
    assert read is not None and unstated in read.stated_keys and unstated not in read.statements
