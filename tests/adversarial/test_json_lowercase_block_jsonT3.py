"""wip/jsonT3 (decline-cause histogram, scripts/decline_causes.py): a lowercase word in a block of "key: value"
lines is data by positive evidence ("Return a JSON object:\\nproduct: lamp\\nprice: 27\\nin_stock: true"): two or
more statements, each alone on its line, joined by ":", one of them data by its form (a number, true/false, a
quoted or capitalised string), no key stated twice; the lowercase word is one plain word for a key whose value is
a common noun (the table's "common_noun_keys"), and no describing, type, JSON literal or referring word of any
table ("describing_words": "age: positive", "id: unique", "status: lowercase"), nor a key word ("product: price").
Served pairs are served proven and exactly right; every trap costs a model call."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_red_team_pair_not_served, assert_served_proven, exact_json_pair as pair

BASE = "Return a JSON object:\nproduct: lamp\nprice: 27\nin_stock: true"

SERVED = [
    pair("block/en", BASE, {"product": "lamp", "price": 27, "in_stock": True},
         "Return a JSON object:\nproduct: desk\nprice: 120\nin_stock: false", {"product": "desk", "price": 120, "in_stock": False}),
    pair("block/en-fields", "Return a JSON object with these fields:\nproduct: lamp\nprice: 19.99\nin_stock: true",
         {"product": "lamp", "price": 19.99, "in_stock": True},
         "Return a JSON object with these fields:\nproduct: chair\nprice: 45.5\nin_stock: true",
         {"product": "chair", "price": 45.5, "in_stock": True}),
    pair("block/en-color", "Return JSON:\ncolor: red\nsize: 42", {"color": "red", "size": 42},
         "Return JSON:\ncolor: green\nsize: 38", {"color": "green", "size": 38}),
    pair("block/es", "Devuelve un JSON:\nproducto: lámpara\nprecio: 27", {"producto": "lámpara", "precio": 27},
         "Devuelve un JSON:\nproducto: mesa\nprecio: 80", {"producto": "mesa", "precio": 80}),
    pair("block/pt", "Devolva um JSON:\nproduto: caneta\nquantidade: 12", {"produto": "caneta", "quantidade": 12},
         "Devolva um JSON:\nproduto: lápis\nquantidade: 7", {"produto": "lápis", "quantidade": 7}),
]

# (second prompt after BASE or its language's base): each costs a model call, nothing served as proven
TRAPS = [
    # describing words (a closed list of what is no data), type words, JSON literals and truth/null words
    "Return a JSON object:\nproduct: required\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: optional\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: unique\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lowercase\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: positive\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: string\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: none\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: null\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: unknown\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: tbd\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: empty\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: n/a\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: -\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: same\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: nonzero\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: sorted\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: anonymous\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lamp2\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lamp_2\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lamp\nprice: positive\nin_stock: true",
    "Return a JSON object:\nproduct: lamp\nprice: nonzero\nin_stock: true",
    "Return a JSON object:\nproduct: lamp\nprice: 27\nid: unique",
    "Return a JSON object:\nproduct: lamp\nprice: 27\nemail: optional",
    "Return a JSON object:\nproduct: lamp\nprice: 27\nstatus: lowercase",
    "Return a JSON object:\nproduct: lamp\nprice: 27\ntags: list of strings",
    "Return a JSON object:\nproduct: lamp\nprice: 27\nname: string",
    "Return a JSON object:\nproduct: lamp\nprice: 27\nage: positive",
    # schema-like blocks
    "Return JSON matching:\nname: string\nage: integer",
    "Return a JSON object:\nproduct: string\nprice: number\nin_stock: boolean",
    # key references: another key of the block, a key word of the tables
    "Return a JSON object:\nproduct: gadget\ngadget: 3\nin_stock: true",
    "Return a JSON object:\nproduct: price\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: city\nprice: 27\nin_stock: true",
    # a name is written capitalised; a key whose value is no common noun
    "Return a JSON object:\nname: lamp\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lamp\nprice: 27\nstatus: pending",
    # two words, a question, a key stated twice, no value data by its form
    "Return a JSON object:\nproduct: floor lamp\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lamp?\nprice: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lamp\nprice: 27\nproduct: desk",
    "Return a JSON object:\nproduct: lamp\ncolor: red",
]

ES_BASE = "Devuelve un JSON:\nproducto: lámpara\nprecio: 27"
ES_TRAPS = [
    "Devuelve un JSON:\nproducto: obligatorio\nprecio: 27",
    "Devuelve un JSON:\nproducto: cadena\nprecio: 27",
    "Devuelve un JSON:\nproducto: desconocido\nprecio: 27",
    "Devuelve un JSON:\nproducto: lámpara\nprecio: positivo",
    "Devuelve un JSON:\nnombre: lámpara\nprecio: 27",
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("second", TRAPS)
def test_trap_not_served(second: str) -> None:
    assert_red_team_pair_not_served(BASE, second)


@pytest.mark.parametrize("second", ES_TRAPS)
def test_es_trap_not_served(second: str) -> None:
    assert_red_team_pair_not_served(ES_BASE, second)


@pytest.mark.parametrize("prompt", [
    *TRAPS, *ES_TRAPS,
    "Return a JSON object: product: lamp, price: 27, in_stock: true",  # not a block of lines
    "Return a JSON object:\nproduct: lamp, price: 27\nin_stock: true",
    "Return a JSON object:\nproduct: lamp\nprice: 27 euros\nin_stock: true",
    "Gib ein JSON zurück:\nprodukt: lampe\npreis: 27",  # a table that declares no describing words
])
def test_no_claim(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or all(not st.lowercase for st in read.statements.values()), (prompt, read)


def test_block_reading() -> None:
    read = read_request(BASE)
    assert read is not None and read.keys == ("product", "price", "in_stock")
    assert {k: st.value for k, st in read.statements.items()} == {"product": "lamp", "price": 27, "in_stock": True}


# g165 (heldout_phrasings_7, served wrong on main at df9a9a2c as {"postal_code": {"string": "10115"}}): a type word
# after "set to the" types the value, it names no nested leaf
NESTED_TYPE_WORDS = [
    ('Give me a JSON object with the key "zip" set to the string "10115".',
     'Give me a JSON object with the key "postal_code" set to the string "10115".'),
    ('Give me a JSON object with the key "zip" set to the number 10115.',
     'Give me a JSON object with the key "zip" set to the number 20095.'),
    ('Return JSON with key "count" set to the integer 7', 'Return JSON with key "count" set to the integer 9'),
]


@pytest.mark.parametrize("first, second", NESTED_TYPE_WORDS)
def test_type_word_is_no_nested_leaf(first: str, second: str) -> None:
    read = read_request(second)
    assert read is None or not any(isinstance(st.value, dict) for st in read.statements.values()), read
    assert_red_team_pair_not_served(first, second)


def test_nested_leaves_still_read() -> None:
    read = read_request('Give me a JSON object with a key "server" holding host "10.0.0.5" and port 9090')
    assert read is not None and read.statements["server"].value == {"host": "10.0.0.5", "port": 9090}
