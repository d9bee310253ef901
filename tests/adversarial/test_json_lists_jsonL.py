"""wip/jsonL: JSON lists (arrays) stated by construction, in every table that has the words. Served pairs
are served without a model call (a never-right model answered the first prompt; after the oracle,
proven) AND exactly right: the items in written order, each typed as the house rules type a value.

- one key and its items after a list phrase: a LISTING word ("listing", "holds", "contains", es "que
  contiene", fr "qui contient", ru "содержащим") or a LISTING/IS/WITH word and a LIST_NOUN ("holding the
  list", fr "contenant la liste"), or a LIST_OF and its kind ("holding this list of strings:");
- a JSON array literal as a statement's value: 'tags is ["a", "b"]', "sizes = [1, 2.5]";
- a key noted a list of one item type: '"tags" (array of strings)', es "(lista de cadenas)".
Traps: an item outside the list, a transformation or exception said in it (sorted, unique, except, not),
two JSON types, a list asked about, a noted kind the items are not, two lists for one key.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_exact_object, assert_served_proven, assert_trap_never_wrong, dumps, exact_json_judge

Obj = dict[str, Any]


def pair(cls: str, old: str, old_obj: Obj, new: str, new_obj: Obj) -> Pair:
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), exact_json_judge(new_obj))


# (class, template with one {} for the items, first items, first list, second items, second list)
RED_GREEN = (("red, green", ["red", "green"]), ("blue, yellow, black", ["blue", "yellow", "black"]))
PHRASED = [
    ("en/listing-colon", "Give me JSON with a key tags listing: {}"),
    ("en/listing", "Give me JSON with a key tags listing {}"),
    ("en/holding-the-list", "Return JSON with a key tags holding the list: {}"),
    ("en/whose-holds", 'Make a JSON object whose key "tags" holds the list {}'),
    ("en/colon-key", "JSON please: a key tags holding the list {}"),
    ("en/containing-the-list", 'Return a JSON object with the key "tags" containing the list {}'),
    ("en/quoted-key-first", 'Return JSON with a "tags" key holding the list: {}'),
    ("en/that-lists", "Output JSON with a key colors that lists {}"),
    ("en/which-contains-array", "Give me a JSON object with a key tags which contains the array: {}"),
    ("en/this-list-of-strings", 'Give JSON with a key "tags" holding this list of strings: {}'),
    ("en/a-list-of-strings", "Give JSON with a key tags holding a list of strings: {}"),
    ("en/closing", "Give me JSON with a key tags listing {}. Output only the JSON."),
    ("en/one-key-commas", "Return a JSON object with one key, tags, holding the list {}"),
    ("en/set-to-the-list", "Return JSON with a key tags set to the list {}"),
    ("en/field", "Return JSON with a field tags listing {}"),
]
def _key(template: str) -> str:
    return "colors" if "colors" in template else "tags"


SERVED = [pair(cls, t.format(RED_GREEN[0][0]), {_key(t): RED_GREEN[0][1]}, t.format(RED_GREEN[1][0]), {_key(t): RED_GREEN[1][1]})
          for cls, t in PHRASED]
SERVED += [
    pair("en/and-joined", "Give me JSON with a key tags listing red and green", {"tags": ["red", "green"]},
         "Give me JSON with a key tags listing red, green and blue", {"tags": ["red", "green", "blue"]}),
    pair("en/order-kept", "Give me JSON with a key tags listing red, green, blue", {"tags": ["red", "green", "blue"]},
         "Give me JSON with a key tags listing blue, green, red", {"tags": ["blue", "green", "red"]}),
    pair("en/item-removed", "Give me JSON with a key tags listing red, green, blue", {"tags": ["red", "green", "blue"]},
         "Give me JSON with a key tags listing red, blue", {"tags": ["red", "blue"]}),
    pair("en/numbers", "Give me JSON with a key ids listing 3, 5, 8", {"ids": [3, 5, 8]},
         "Give me JSON with a key ids listing 13, 21", {"ids": [13, 21]}),
    pair("en/quoted-items", 'Give me JSON with a key tags listing "red", "green"', {"tags": ["red", "green"]},
         'Give me JSON with a key tags listing "Red", "blue", "x1"', {"tags": ["Red", "blue", "x1"]}),
    pair("en/list-of-numbers", "Give JSON with a key sizes holding a list of numbers: 3, 5, 8", {"sizes": [3, 5, 8]},
         "Give JSON with a key sizes holding a list of numbers: 2.5, 7.25", {"sizes": [2.5, 7.25]}),
    pair("es/que-contiene", "Devuelve un JSON con una clave tags que contiene la lista: rojo, verde", {"tags": ["rojo", "verde"]},
         "Devuelve un JSON con una clave tags que contiene la lista: rojo, verde y azul", {"tags": ["rojo", "verde", "azul"]}),
    pair("es/con-la-lista", "Dame un objeto JSON con la clave colores con la lista: rojo y verde", {"colores": ["rojo", "verde"]},
         "Dame un objeto JSON con la clave colores con la lista: azul, verde y rojo", {"colores": ["azul", "verde", "rojo"]}),
    pair("fr/contenant", "Renvoie un objet JSON avec une clé tags contenant la liste : rouge, vert",
         {"tags": ["rouge", "vert"]},
         "Renvoie un objet JSON avec une clé tags contenant la liste : rouge, vert et bleu", {"tags": ["rouge", "vert", "bleu"]}),
    pair("fr/qui-contient", "Donne un objet JSON avec la clé couleurs qui contient la liste rouge, vert", {"couleurs": ["rouge", "vert"]},
         "Donne un objet JSON avec la clé couleurs qui contient la liste noir, blanc", {"couleurs": ["noir", "blanc"]}),
    pair("pt/contendo", "Retorne um objeto JSON com a chave cores contendo a lista: vermelho e verde", {"cores": ["vermelho", "verde"]},
         "Retorne um objeto JSON com a chave cores contendo a lista: azul, vermelho e verde", {"cores": ["azul", "vermelho", "verde"]}),
    pair("it/contenente", "Restituisci un oggetto JSON con la chiave colori contenente la lista: rosso, verde",
         {"colori": ["rosso", "verde"]},
         "Restituisci un oggetto JSON con la chiave colori contenente la lista: rosso, verde e blu", {"colori": ["rosso", "verde", "blu"]}),
    pair("it/che-contiene", "Restituisci un JSON con una chiave tags che contiene la lista: rosso, verde", {"tags": ["rosso", "verde"]},
         "Restituisci un JSON con una chiave tags che contiene la lista: giallo, verde", {"tags": ["giallo", "verde"]}),
    pair("ru/содержащим", "Верни объект JSON с ключом tags, содержащим список: красный, зелёный", {"tags": ["красный", "зелёный"]},
         "Верни объект JSON с ключом tags, содержащим список: красный, зелёный и синий", {"tags": ["красный", "зелёный", "синий"]}),
    # JSON array literals
    pair("en/set-to-array-literal", 'Return JSON with key "tags" set to ["red", "green"]', {"tags": ["red", "green"]},
         'Return JSON with key "tags" set to ["green", "red", "blue"]', {"tags": ["green", "red", "blue"]}),
    pair("en/array-literal", 'Create JSON where tags is ["a", "b"] and version is 2.', {"tags": ["a", "b"], "version": 2},
         'Create JSON where tags is ["a", "b"] and version is 3.', {"tags": ["a", "b"], "version": 3}),
    pair("en/array-literal-items", 'Create JSON where tags is ["a", "b"] and version is 2.', {"tags": ["a", "b"], "version": 2},
         'Create JSON where tags is ["a", "c", "b"] and version is 2.', {"tags": ["a", "c", "b"], "version": 2}),
    pair("en/array-literal-numbers", "Return JSON: sizes = [1, 2.5, 3]", {"sizes": [1, 2.5, 3]},
         "Return JSON: sizes = [4, 2.5]", {"sizes": [4, 2.5]}),
    pair("en/array-literal-colon", 'Return JSON: tags: ["red", "green"], count: 2', {"tags": ["red", "green"], "count": 2},
         'Return JSON: tags: ["red", "blue", "green"], count: 3', {"tags": ["red", "blue", "green"], "count": 3}),
    pair("es/array-literal", 'Devuelve un JSON donde etiquetas es ["a", "b"] y version es 3.', {"etiquetas": ["a", "b"], "version": 3},
         'Devuelve un JSON donde etiquetas es ["b", "a"] y version es 3.', {"etiquetas": ["b", "a"], "version": 3}),
    pair("fr/array-literal", 'Renvoie un JSON avec les clés tags et total : tags = ["a", "b"], total = 2',
         {"tags": ["a", "b"], "total": 2},
         'Renvoie un JSON avec les clés tags et total : tags = ["a"], total = 1', {"tags": ["a"], "total": 1}),
    # a key noted a list of one item type
    pair("en/array-of-strings", 'JSON with keys "tags" (array of strings) and "count": tags python, go; count 2',
         {"tags": ["python", "go"], "count": 2},
         'JSON with keys "tags" (array of strings) and "count": tags rust, wasm, cli; count 3',
         {"tags": ["rust", "wasm", "cli"], "count": 3}),
    pair("en/a-list-of-strings-note", 'JSON with "name" and "tags" (a list of strings): name "report.pdf", tags finance, q3',
         {"name": "report.pdf", "tags": ["finance", "q3"]},
         'JSON with "name" and "tags" (a list of strings): name "slides.pptx", tags marketing, launch, draft',
         {"name": "slides.pptx", "tags": ["marketing", "launch", "draft"]}),
    pair("en/list-of-integers-note", 'Return JSON with keys name and sizes (a list of integers): name "Ana", sizes: 3, 5',
         {"name": "Ana", "sizes": [3, 5]},
         'Return JSON with keys name and sizes (a list of integers): name "Ana", sizes: 3, 5, 8', {"name": "Ana", "sizes": [3, 5, 8]}),
    pair("es/lista-de-cadenas", "Devuelve un JSON con las claves etiquetas (lista de cadenas) y total: etiquetas: rojo, verde; total: 2",
         {"etiquetas": ["rojo", "verde"], "total": 2},
         "Devuelve un JSON con las claves etiquetas (lista de cadenas) y total: etiquetas: rojo; total: 1",
         {"etiquetas": ["rojo"], "total": 1}),
    pair("fr/liste-de-chaines", "Renvoie un JSON avec les clés tags (liste de chaînes) et total : tags : rouge, vert ; total : 2",
         {"tags": ["rouge", "vert"], "total": 2},
         "Renvoie un JSON avec les clés tags (liste de chaînes) et total : tags : bleu, vert ; total : 2",
         {"tags": ["bleu", "vert"], "total": 2}),
    pair("de/liste-von-zeichenketten",
         'Gib ein JSON mit den Schlüsseln name und farben (Liste von Zeichenketten) zurück: name "Ana", farben: rot, grün',
         {"name": "Ana", "farben": ["rot", "grün"]},
         'Gib ein JSON mit den Schlüsseln name und farben (Liste von Zeichenketten) zurück: name "Ana", farben: blau, grün',
         {"name": "Ana", "farben": ["blau", "grün"]}),
    pair("pt/lista-de-strings", 'Me devolve um JSON com as chaves nome e cores (lista de strings): nome "Ana", cores: amarelo, roxo',
         {"nome": "Ana", "cores": ["amarelo", "roxo"]},
         'Me devolve um JSON com as chaves nome e cores (lista de strings): nome "Rui", cores: amarelo, roxo',
         {"nome": "Rui", "cores": ["amarelo", "roxo"]}),
    pair("it/lista-di-stringhe", 'Restituisci un JSON con le chiavi nome e colori (lista di stringhe): nome "Ana", colori: rosso, verde',
         {"nome": "Ana", "colori": ["rosso", "verde"]},
         'Restituisci un JSON con le chiavi nome e colori (lista di stringhe): nome "Ana", colori: verde, rosso',
         {"nome": "Ana", "colori": ["verde", "rosso"]}),
    pair("ru/список-строк", 'Верни JSON с ключами name и tags (список строк): name "Анна", tags: красный, зелёный',
         {"name": "Анна", "tags": ["красный", "зелёный"]},
         'Верни JSON с ключами name и tags (список строк): name "Анна", tags: синий, зелёный',
         {"name": "Анна", "tags": ["синий", "зелёный"]}),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonl_lists_served_proven(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonl_lists_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


EN = "Give me JSON with a key tags listing {}"
NO_CLAIM = [
    EN.format("red, green, blue cheese"),            # an item of two words: where does it end?
    EN.format("red, green, sorted"),                 # a transformation said as an item
    EN.format("red, green, sorted alphabetically"),
    "Give me JSON with a key tags listing the colors sorted: red, green",
    EN.format("red, green in reverse order"),
    EN.format("red, green, but not blue"),           # an exception
    EN.format("red, green except blue"),
    EN.format("red, green, not blue"),
    EN.format("unique red, green"),
    EN.format("red, green, blue, reversed"),
    EN.format("red, green, etc"),
    EN.format("red, green or blue"),
    EN.format("colors like red, green"),
    EN.format("red, green and a key tags listing blue"),  # two lists for one key
    EN.format("red, green. tags: blue"),
    EN.format("red, green, tags"),                   # a key's name as an item
    EN.format("red, green, null"),                   # a literal word
    EN.format("red, green, string"),                 # a type word
    EN.format("red, 3"),                             # two JSON types
    "Give me JSON with a key sizes listing 3, 5.5",
    EN.format("red, green and the number of tags"),  # counted
    EN.format("red, green, and their count"),
    EN.format("red, green?"),                        # a list asked about
    "Give me JSON with a key tags containing the sorted list: red, green",
    "Give JSON with a key sizes holding a list of numbers: red, green",  # the kind said is not the items'
    'Create JSON where tags is ["b", "a"] sorted and version is 3.',
    'Return JSON: tags: ["b", "a"], sorted',
    'Return JSON: tags: ["a", "b"], tags: ["c"]',
    'Return JSON: tags: ["a", ["b"]]',
    'Return JSON: tags: ["a", {"b": 1}]',
    'Return JSON: tags: ["a", "b",]',
    "Return JSON: sizes = [01, 2]",
    "Return JSON: sizes = [1.50, 2]",
    "Return JSON: sizes = [1.034, 2]",              # a number read two ways (1034 with a point grouping thousands)
    "Return JSON: sizes = [-0, 2]",                 # a number no JSON value writes as stated
    EN.format("red, green, unique"),
    "Return JSON: sizes = []",
    'Return JSON: tags = ["a", "b"',
    'JSON with keys "tags" (array of strings) and "count": tags 1, 2; count 2',
    'JSON with keys "tags" (array of strings) and "count": tags Red Rose, green; count 2',
    'JSON with keys "tags" (array of strings) and "count": tags red, green; count 2; tags blue',
    'Return JSON with keys name and sizes (a list of integers): name "Ana", sizes: 3, 5.5',
    "Devuelve un JSON con una clave tags que contiene la lista: rojo, verde, excepto azul",
    "Renvoie un objet JSON avec une clé tags contenant la liste : rouge, vert, sauf bleu",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_jsonl_list_traps_are_no_claim(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not any(isinstance(st.value, list) for st in read.statements.values()), (prompt, read)


TRAPS = [
    pair("trap/sorted", EN.format("red, green"), {"tags": ["red", "green"]}, EN.format("green, red, sorted"), {"tags": ["green", "red", "sorted"]}),
    pair("trap/except", EN.format("red, green"), {"tags": ["red", "green"]}, EN.format("red, green except blue"), {"tags": ["red", "green"]}),
    pair("trap/asked", EN.format("red, green"), {"tags": ["red", "green"]}, EN.format("red, blue?"), {"tags": ["red", "blue"]}),
    pair("trap/two-words", EN.format("red, green"), {"tags": ["red", "green"]}, EN.format("red, blue cheese"), {"tags": ["red", "blue cheese"]}),
    pair("trap/kind", 'JSON with keys "tags" (array of strings) and "count": tags a, b; count 2', {"tags": ["a", "b"], "count": 2},
         'JSON with keys "tags" (array of strings) and "count": tags 1, 2; count 2', {"tags": ["1", "2"], "count": 2}),
]


@pytest.mark.parametrize("case", TRAPS, ids=lambda c: c.cls)
def test_jsonl_list_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=True)
