"""wip/jsonR6 (issue 33 items 3/4): values written as data after "=" in the tables written without
spaces (zh, ja: "host=db7；port=1545", "item=りんご、qty=6"), a zh conversion verb framing data
("转换成JSON：..."), and a ja key list in brackets after "JSON にしてください". Every pair is served
by the cache alone with the exact object, and the traps stay with the model."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from tests._pairs import exact_object as _exact
from tests._pairs import read_stated as _read
from tests._pairs import served_after as _second


EQUALS_DATA = [
    ("转换成JSON：host=db7；port=1545", ("host", "port"), {"host": "db7", "port": 1545}),
    ("请转换成JSON：host=cache2；port=6379", ("host", "port"), {"host": "cache2", "port": 6379}),
    ("把以下内容转换成JSON：名称=苹果；数量=6", ("名称", "数量"), {"名称": "苹果", "数量": 6}),
    ("これをJSONに変換して：host=db7; port=1545", ("host", "port"), {"host": "db7", "port": 1545}),
    ("これをJSONに変換して：host=db7；port=1545", ("host", "port"), {"host": "db7", "port": 1545}),
    ("JSONに変換して：item=りんご、qty=6", ("item", "qty"), {"item": "りんご", "qty": 6}),
    ("次の情報を JSON にしてください（キー：item, qty）。item=みかん, qty=10", ("item", "qty"), {"item": "みかん", "qty": 10}),
    ("以下をJSONに変換してください：city=東京、code=tyo", ("city", "code"), {"city": "東京", "code": "tyo"}),
]


@pytest.mark.parametrize("prompt, keys, stated", EQUALS_DATA)
def test_data_after_equals_in_tables_without_spaces(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "JSONに変換して：item=りんごです、qty=6",   # a copula inside the run: no value written as data
        "JSONに変換して：item=りんご6、qty=6",      # a digit beside kana: "6" may be the quantity
        "JSONに変換して：item=null、qty=6",         # a JSON literal word, no string
        "JSONに変換して：item=nan、qty=6",          # a literal word no type-word rule holds (main's _names_no_value masks "null")
        "JSONに変換して：item=json、qty=6",         # a word that frames the request
        "JSONに変換して：item=string、qty=6",       # a type word, no value
        "转换成JSON：host=db7 很快；port=1545",      # more after the word before the statement's end
        "四舍五入JSON：city：上海",                  # only a conversion verb frames data
        "四舍五入JSON：price=3.14159",
        "JSONに変換して：item=りんご酒、qty=6",      # two scripts in one word
        "JSONに変換して：item：りんご、qty：6",      # only "=" writes data: after a colon kana may be prose
    ],
)
def test_what_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("转换成JSON：host=db7；port=1545", "转换成JSON：host=cache9；port=6380", {"host": "cache9", "port": 6380}),
        ("これをJSONに変換して：host=db7; port=1545", "これをJSONに変換して：host=web3; port=8080", {"host": "web3", "port": 8080}),
        ("次の情報を JSON にしてください（キー：item, qty）。item=りんご, qty=6",
         "次の情報を JSON にしてください（キー：item, qty）。item=みかん, qty=10", {"item": "みかん", "qty": 10}),
        ("JSONに変換して：item=りんご、qty=6", "JSONに変換して：item=ぶどう、qty=12", {"item": "ぶどう", "qty": 12}),
    ],
)
def test_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _exact(obj, expected)


@pytest.mark.parametrize(
    "first, second",
    [
        # the second value is no data written after "=": the model answers
        ("JSONに変換して：item=りんご、qty=6", "JSONに変換して：item=りんごです、qty=6"),
        ("转换成JSON：host=db7；port=1545", "四舍五入JSON：host=db7；port=1545"),
    ],
)
def test_traps_are_not_served_from_the_cache(first: str, second: str) -> None:
    served, _obj = _second(first, second)
    assert not served


# -- records with Python's None, tuples, lists and dicts (issue 33 item 4, class 1) -------------------
# The JSON mapping: None -> null, True/False -> true/false, a tuple or a list -> an array, a dict -> an
# object (its keys in order, each once), a number only as JSON writes it; anything else no claim.

def _typed(a: object, b: object) -> bool:
    """Equal with the same type at every depth (1, 1.0 and True differ; order kept)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_typed, a, b))  # type: ignore[arg-type]
    if isinstance(a, dict):
        return list(a) == list(b) and all(_typed(a[k], b[k]) for k in a)  # type: ignore[index]
    return a == b


RECORDS = [
    ("Turn this into JSON: {'sku': 'A-542', 'qty': True, 'tags': ('a', 'b'), 'meta': None}",
     {"sku": "A-542", "qty": True, "tags": ["a", "b"], "meta": None}),
    ("Turn this Python dict into valid JSON: {'sku': 'B-1', 'dims': {'w': 2.5, 'h': -3}, 'ok': False}",
     {"sku": "B-1", "dims": {"w": 2.5, "h": -3}, "ok": False}),
    ("Turn this into JSON: {'a': (1, 'x', None, False), 'b': [[1, 2], []]}", {"a": [1, "x", None, False], "b": [[1, 2], []]}),
    ("Turn this into JSON: {'a': '}', 'b': {'c': ')'}}", {"a": "}", "b": {"c": ")"}}),
    ("Turn this into JSON: dict(title='Dune', tags=('sf', 'classic'), sequel=None)",
     {"title": "Dune", "tags": ["sf", "classic"], "sequel": None}),
    ('Convert to JSON: {"a": null, "b": [1, 2.5], "c": {"d": "e"}}', {"a": None, "b": [1, 2.5], "c": {"d": "e"}}),
    ("JSON please: {active: true, tags: ['a', 'b'], dims: {w: 1, h: 2}}", {"active": True, "tags": ["a", "b"], "dims": {"w": 1, "h": 2}}),
    ("Convert this to JSON: {active: false, note: null}", {"active": False, "note": None}),
    ("Convierte a JSON: {'producto': 'mesa', 'medidas': (120, 80), 'color': None}",
     {"producto": "mesa", "medidas": [120, 80], "color": None}),
    ("把以下内容转换成JSON：{'名称': '苹果', '标签': ('红', '甜')}", {"名称": "苹果", "标签": ["红", "甜"]}),
    ("Turn this into JSON: {'a': {'b': {'c': {'d': 1}}}}", {"a": {"b": {"c": {"d": 1}}}}),
]


@pytest.mark.parametrize("prompt, stated", RECORDS)
def test_a_record_of_literals_reads_as_json_writes_it(prompt: str, stated: dict[str, object]) -> None:
    read = _read(prompt)
    assert read is not None and read[0] == tuple(stated) and set(read[1]) == set(stated)
    assert all(_typed(read[1][key], value) for key, value in stated.items())


@pytest.mark.parametrize(
    "prompt",
    [
        "Turn this into JSON: {'a': x, 'b': 1}",               # a name
        "Turn this into JSON: {'a': {1, 2}}",                  # a set: no JSON value
        "Turn this into JSON: {'a': (1, x)}",                  # a name inside an array
        "Turn this into JSON: {'a': {'b': y}}",                # a name inside an object
        "Turn this into JSON: {'a': 1 + 2}",                   # an expression
        "Turn this into JSON: {'a': - 7}",                     # a sign apart from its number
        "Turn this into JSON: {'a': -x}",
        "Turn this into JSON: {'a': b'x'}",                    # bytes
        "Turn this into JSON: {'a': (1.10, 2)}",               # no double is "1.10" as written
        "Turn this into JSON: {'a': [0x10]}",                  # a Python-only literal inside
        "Turn this into JSON: {'a': {'x': 1, 'x': 2}}",        # a nested key twice
        "Turn this into JSON: {'a': {1: 'x'}}",                # a key that is no string
        "Turn this into JSON: {'a': {**b}}",                   # unpacking
        "Turn this into JSON: {'a': {'b': {'c': {'d': {'e': 1}}}}}",  # deeper than a record reads
        "Turn this into JSON: {'a': [None, '']}",              # a blank string
        "JSON please: {active: None, count: 3}",               # Python's None beside bare keys
        "JSON please: {tags: [True], count: 3}",               # Python's True inside a JavaScript literal
        "JSON please: {active: true, count: null}",            # null, but no conversion: a blank to fill?
        "Return JSON: {'title': None, 'year': 1965}",          # the same in a Python dict
        "Return JSON: {'title': [None], 'year': 1965}",
        "Fill in this JSON: {'title': None, 'year': 1965}",
        "Turn this into JSON: {'a': 1, 'b': 2",                # never closed
    ],
)
def test_what_is_not_a_literal_record_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("Turn this into JSON: {'sku': 'A-542', 'qty': True, 'tags': ('a', 'b'), 'meta': None}",
         "Turn this into JSON: {'sku': 'B-7', 'qty': False, 'tags': ('c', 'd', 'e'), 'meta': None}",
         {"sku": "B-7", "qty": False, "tags": ["c", "d", "e"], "meta": None}),
        ("Turn this into JSON: {'sku': 'A-1', 'dims': {'w': 2.5, 'h': 3}}",
         "Turn this into JSON: {'sku': 'A-2', 'dims': {'w': 4.5, 'h': 1}}", {"sku": "A-2", "dims": {"w": 4.5, "h": 1}}),
        ("JSON please: {active: true, tags: ['a']}", "JSON please: {active: false, tags: ['b', 'c']}",
         {"active": False, "tags": ["b", "c"]}),
        ("Turn this into JSON: {'n': [1, None]}", "Turn this into JSON: {'n': [True, None]}", {"n": [True, None]}),
    ],
)
def test_record_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _typed(obj, expected)


@pytest.mark.parametrize(
    "first, second, expected",
    [
        # the second states a value no literal writes: the model answers, nothing is served from the cache
        ("Turn this into JSON: {'sku': 'A-1', 'tags': ('a', 'b')}", "Turn this into JSON: {'sku': 'A-1', 'tags': ('a', b)}", None),
        ("Turn this into JSON: {'sku': 'A-1', 'meta': None}", "Return JSON: {'sku': 'A-1', 'meta': None}", None),
        ("Turn this into JSON: {'sku': 'A-1', 'dims': {'w': 2}}", "Turn this into JSON: {'sku': 'A-1', 'dims': {'w': 2, 'w': 3}}", None),
    ],
)
def test_record_traps_are_not_served_from_the_cache(first: str, second: str, expected: object) -> None:
    served, _obj = _second(first, second)
    assert not served


def test_a_served_record_holds_every_item_as_stated() -> None:
    # a cached answer whose array differs in one item, type or order is never served for the new request
    from stepcache_integrations.core.tasks.json.evidence import identical
    from stepcache_integrations.core.tasks.json.literal import binds_literal

    assert identical([1, None, {"a": [2.5]}], [1, None, {"a": [2.5]}])
    assert not identical([1], [True]) and not identical([1], [1.0]) and not identical([1, 2], [2, 1])
    assert not identical({"a": 1, "b": 2}, {"b": 2, "a": 1}) and not identical([1], [1, 1]) and not identical(None, 0)
    assert binds_literal('[1, null, {"a": [2.5]}]', [1, None, {"a": [2.5]}])
    assert not binds_literal("[1, 2.0]", [1, 2]) and not binds_literal("[true]", [1]) and not binds_literal("[1]", [1, 1])
    assert not binds_literal('{"a": 1, "a": 1}', {"a": 1}) and not binds_literal('{"b": 1, "a": 2}', {"a": 2, "b": 1})
    assert not binds_literal("0", None) and binds_literal("null", None) and not binds_literal("[1,]", [1])


# -- lists: a key noted as a list, or named by one key's sentence (issue 33 item 4, class 2) ----------

LISTS = [
    ('Return JSON with a "tags" key holding a list of these colors: red, green', {"tags": ["red", "green"]}),
    ('Return JSON with a "tags" key holding a list of these colors: blue, yellow, black', {"tags": ["blue", "yellow", "black"]}),
    ('Return JSON with a "sizes" key holding a list of these numbers: 3, 5, 8', {"sizes": [3, 5, 8]}),
    ("JSON with one key, tags, as a list of strings: rust, async, tokio", {"tags": ["rust", "async", "tokio"]}),
    ('Return JSON with keys name and tags (a list): name "Ana", tags: red, green', {"name": "Ana", "tags": ["red", "green"]}),
    ('Return JSON with keys name and tags (a list): name "Ana", tags: red', {"name": "Ana", "tags": ["red"]}),
    ('Return JSON with keys name and tags (a list): tags: red, green and blue, name "Ana"', {"name": "Ana", "tags": ["red", "green", "blue"]}),
    ('Return JSON with keys name and sizes (an array): name "Ana", sizes: 3, 5, 8', {"name": "Ana", "sizes": [3, 5, 8]}),
    ('Devuelve un JSON con las claves nombre y colores (una lista): nombre "Ana", colores: amarillo, morado',
     {"nombre": "Ana", "colores": ["amarillo", "morado"]}),
    ('Renvoie un JSON avec les clés nom et couleurs (une liste) : nom "Ana", couleurs : rouge, vert',
     {"nom": "Ana", "couleurs": ["rouge", "vert"]}),
    ('Gib ein JSON mit den Schlüsseln name und farben (Liste) zurück: name "Ana", farben: rot, grün', {"name": "Ana", "farben": ["rot", "grün"]}),
    ('Me devolve um JSON com as chaves nome e cores (uma lista): nome "Ana", cores: amarelo, roxo', {"nome": "Ana", "cores": ["amarelo", "roxo"]}),
    ('Restituisci un JSON con le chiavi nome e colori (una lista): nome "Ana", colori: rosso, verde', {"nome": "Ana", "colori": ["rosso", "verde"]}),
    ('Верни JSON с ключами name и tags (список): name "Анна", tags: красный, зелёный', {"name": "Анна", "tags": ["красный", "зелёный"]}),
    ("返回 JSON，键：name、tags（列表）。name：张伟，tags：红、绿", {"name": "张伟", "tags": ["红", "绿"]}),
    ("キー name と tags（リスト）の JSON を返して：name：佐藤、tags：赤、青", {"name": "佐藤", "tags": ["赤", "青"]}),
    # ja: "キー a と b の JSON": a key word, the keys, then "の" (wip/jsonR6)
    ("キー name と age の JSON を返して：佐藤花子、27歳。", {"name": "佐藤花子", "age": 27}),
    ("キー name と age の JSON を返して：name=佐藤、age=27", {"name": "佐藤", "age": 27}),
]


@pytest.mark.parametrize("prompt, stated", LISTS)
def test_a_list_for_a_key_noted_as_one_is_read(prompt: str, stated: dict[str, object]) -> None:
    read = _read(prompt)
    assert read is not None and read[0] == tuple(stated) and set(read[1]) == set(stated)
    assert all(_typed(read[1][key], value) for key, value in stated.items())


@pytest.mark.parametrize(
    "prompt",
    [
        'Return JSON with keys name and tags: name "Ana", tags: red, green',          # no key noted a list
        'Return JSON with keys name and tags (a list): name "Ana"',                    # a key noted a list, no list stated
        'Return JSON with keys name and tags (a list): name: Ana, Bob, tags: red',    # items after a key not noted a list
        'Return JSON with keys tags (a list) and owner: tags: red, Bob',              # "Bob" may be the owner's value
        'Return JSON with keys name and tags (a list): name "Ana", tags: red, name',  # an item that is a key's name
        'Return JSON with a "tags" key holding a list of these colors: red, tags',
        'Return JSON with a "tags" key holding a list of these colors: red, true',    # a JSON literal word
        'Return JSON with a "tags" key holding a list of these colors: red, none',
        'Return JSON with a "tags" key holding a list of these colors: red, string',  # a type word
        'Return JSON with a "sizes" key holding a list of these numbers: 3, 45%',     # a unit after an item
        'Return JSON with a "sizes" key holding a list of these numbers: 3, 5 km',
        'Return JSON with a "sizes" key holding a list of these numbers: 3, 5.5',     # two JSON types
        'Return JSON with a "tags" key holding a list of these colors: red, 5',
        "JSON with one key, tags, as a list of numbers: rust, async",                 # the label names another type
        "JSON with one key, tags, as a list of strings: 1, 2",
        'Return JSON with a "tags" key holding a list of these colors: red, "dark blue"',  # an item of two words
        'Return JSON with a "tags" key holding a list of these colors: red, green, for Bob',
        'Return JSON with keys name and tags (a list): name "Ana", tags=red, green',  # "=" states one value
    ],
)
def test_what_is_no_list_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        # the number of items changed is a variation
        ('Return JSON with a "tags" key holding a list of these colors: red, green',
         'Return JSON with a "tags" key holding a list of these colors: blue, yellow, black', {"tags": ["blue", "yellow", "black"]}),
        ("JSON with one key, tags, as a list of strings: python, cache", "JSON with one key, tags, as a list of strings: rust, async, tokio",
         {"tags": ["rust", "async", "tokio"]}),
        ('Devuelve un JSON con las claves nombre y colores (una lista): nombre "Ana", colores: amarillo, morado',
         'Devuelve un JSON con las claves nombre y colores (una lista): nombre "Luis", colores: rojo',
         {"nombre": "Luis", "colores": ["rojo"]}),
        ("キー name と age の JSON を返して：佐藤花子、27歳。", "キー name と age の JSON を返して：田中一郎、45歳。", {"name": "田中一郎", "age": 45}),
    ],
)
def test_list_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _typed(obj, expected)


@pytest.mark.parametrize(
    "first, second",
    [
        ('Return JSON with keys tags (a list) and owner: tags: red, green, owner: Bob', 'Return JSON with keys tags (a list) and owner: tags: red, Bob'),
        ('Return JSON with a "tags" key holding a list of these colors: red, green', 'Return JSON with a "tags" key holding a list of these colors: red, tags'),
    ],
)
def test_list_traps_are_not_served_from_the_cache(first: str, second: str) -> None:
    served, _obj = _second(first, second)
    assert not served


# -- renamed keys: one family for requests that state every listed key under its own label ------------

def _family(prompt: str) -> str | None:
    from stepcache_integrations.core.tasks.json import JsonTask

    task = JsonTask()
    return task.family_key(task.constraints(prompt))


def test_renamed_keys_stated_as_listed_share_a_family() -> None:
    base = _family("JSON with keys 'width' and 'height': width 1920, height 1080")
    assert base is not None
    assert _family("JSON with keys 'w' and 'h': w 1280, h 720") == base
    assert _family("JSON with keys 'w' and 'h': w 1280, h 7.5") != base          # another type: another family
    assert _family("JSON with keys 'w', 'h' and 'd': w 1, h 2, d 3") != base     # another number of keys
    assert _family("JSON with keys 'w' and 'h': w 1280") is None                 # a key not stated
    assert _family("Return JSON with keys w and h: 1280, 720") is None           # values in order, no label
    assert _family("JSON with keys name and age: Ana, 30") is None              # read whole, but no label
    assert _family("Return JSON with keys name and age for Ana, 30") is None
    assert _family("Tell me a joke about JSON.") is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("JSON with keys 'width' and 'height': width 1920, height 1080", "JSON with keys 'w' and 'h': w 1280, h 720", {"w": 1280, "h": 720}),
        ('Return JSON with keys name and city: name "Ana", city "Lima"', 'Return JSON with keys nombre and ciudad: nombre "Luis", ciudad "Quito"',
         {"nombre": "Luis", "ciudad": "Quito"}),
    ],
)
def test_renamed_key_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _typed(obj, expected)


@pytest.mark.parametrize(
    "first, second",
    [
        ("JSON with keys 'width' and 'height': width 1920, height 1080", "JSON with keys 'w' and 'h': w 1280"),
        ("JSON with keys 'width' and 'height': width 1920, height 1080", "Return JSON with keys w and h: 1280, 720"),
    ],
)
def test_renamed_key_traps_are_not_served_from_the_cache(first: str, second: str) -> None:
    served, _obj = _second(first, second)
    assert not served


# -- zh/ja: a value whose word holds the table's key word ("键盘", "キーボード") is read whole ------------

@pytest.mark.parametrize(
    "prompt, stated",
    [
        ("输出 JSON（键：product, price）。商品：键盘，价格：459", {"product": "键盘", "price": 459}),
        ("输出 JSON（键：product, price）。商品：机械键盘，价格：459", {"product": "机械键盘", "price": 459}),
        ("次の情報を JSON にしてください（キー：item, qty）。item=キーボード, qty=10", {"item": "キーボード", "qty": 10}),
        ("キー name と price の JSON を返して：name：キーボード、price：5000", {"name": "キーボード", "price": 5000}),
    ],
)
def test_a_value_holding_the_key_word_is_read_whole(prompt: str, stated: dict[str, object]) -> None:
    read = _read(prompt)
    assert read is not None and set(read[1]) == set(stated) and all(_typed(read[1][k], v) for k, v in stated.items())


@pytest.mark.parametrize(
    "prompt",
    [
        "输出 JSON（键：product, price）。商品：键，价格：459",   # the key word alone is no value
        "输出 JSON（键：product, price）。商品：耳机键，价格：459",  # nothing of the word after the key word
    ],
)
def test_the_key_word_alone_is_no_value(prompt: str) -> None:
    read = _read(prompt)
    assert read is None or "product" not in read[1]


def test_the_zh_labelled_pair_is_served_exactly() -> None:
    served, obj = _second("输出 JSON（键：product, price）。商品：耳机，价格：299", "输出 JSON（键：product, price）。商品：键盘，价格：459")
    assert served and _typed(obj, {"product": "键盘", "price": 459})
