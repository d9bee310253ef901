"""wip/jsonAF: a type note right after a value makes its type explicit. The table's word for true or false
before the table's boolean note ("disponible: no (como booleano)", "lagernd=nein (als Boolean)", "shipped yes
(boolean)") is that boolean; the table's word for no value before its null note ("manager is unknown (use null)")
is null; "(keep it a string)" notes a string. A note that does not fit the value, a word that is no truth word
of the prompt's language, or the same word without the note stays no claim."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from tests._pairs import exact_object as _exact
from tests._pairs import read_stated as _read
from tests._pairs import served_after as _second

NOTED = [
    ("JSON with keys ref, price, available: ref QK-2, price 8, available: no (as a boolean).",
     ("ref", "price", "available"), {"ref": "QK-2", "price": 8, "available": False}),
    ("JSON with keys ref, available: ref QK-2, available no (boolean)", ("ref", "available"),
     {"ref": "QK-2", "available": False}),
    ("JSON with keys ref, available: ref QK-2, available = yes (boolean)", ("ref", "available"),
     {"ref": "QK-2", "available": True}),
    ("JSON with keys ref, available: ref QK-2, available: Yes (a boolean)", ("ref", "available"),
     {"ref": "QK-2", "available": True}),
    ("Pasa a JSON: referencia QK-2, precio 8,40, disponible: no (como booleano). Claves: referencia, precio, disponible.",
     ("referencia", "precio", "disponible"), {"referencia": "QK-2", "precio": 8.4, "disponible": False}),
    ("Gib mir JSON: Kundennummer 9920, Name Lea Fischer, Newsletter: nein (als Boolean). Schlüssel: kundennummer, name, newsletter",
     ("kundennummer", "name", "newsletter"), {"kundennummer": 9920, "name": "Lea Fischer", "newsletter": False}),
    ("JSON mit artikel=Tisch und lagernd=nein (als Boolean)", ("artikel", "lagernd"), {"artikel": "Tisch", "lagernd": False}),
    ("Nur JSON ausgeben: artikel=Tisch, preis=129, lagernd=nein (als Boolean)", ("artikel", "preis", "lagernd"),
     {"artikel": "Tisch", "preis": 129, "lagernd": False}),
    ("Dammi un JSON: città Roma, persone 2, terrazza no (booleano).", ("città", "persone", "terrazza"),
     {"città": "Roma", "persone": 2, "terrazza": False}),
    ("Return JSON with keys name and manager. name is Raj, manager is unknown (use null).", ("name", "manager"),
     {"name": "Raj", "manager": None}),
    ("Return JSON with keys name and manager. name is Raj, manager is none (use null).", ("name", "manager"),
     {"name": "Raj", "manager": None}),
    ('Write a JSON object with name Raj, zip "10001" (keep it a string) and floor 12.', ("name", "zip", "floor"),
     {"name": "Raj", "zip": "10001", "floor": 12}),
]


@pytest.mark.parametrize("prompt, keys, stated", NOTED)
def test_a_note_after_the_value_types_it(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)
    assert all(type(v) is type(stated[k]) for k, v in _read(prompt)[1].items())  # True is no 1


@pytest.mark.parametrize(
    "prompt",
    [
        "JSON with keys ref, available: ref QK-2, available: no",                     # no note: "no" stays unread
        "JSON with keys ref, available: ref QK-2, available: no (as a number)",       # a note of another type
        "JSON with keys ref, available: ref QK-2, available: no (as a string)",
        "JSON with keys ref, available: ref QK-2, available: abc (as a number)",
        "JSON with keys ref, available: ref QK-2, available: maybe (as a boolean)",   # no truth word
        "JSON with keys ref, available: ref QK-2, available: nope (as a boolean)",
        "JSON with keys ref, available: ref QK-2, available: NO (as a boolean)",      # capitals: not the table's word
        "JSON with keys ref, available: ref QK-2, available: nein (as a boolean)",    # another language's word
        "JSON with keys ref, available: ref QK-2, available: не (as a boolean)",
        "Pasa a JSON: referencia QK-2, disponible: yes (como booleano). Claves: referencia, disponible.",
        "JSON with keys ref, available: ref QK-2, available: no(as a boolean)",       # the note glued to the word
        "JSON with keys ref, available: ref QK-2, available: no no (as a boolean)",
        "JSON with keys ref, available: ref QK-2, available: not no (as a boolean)",
        "Return JSON with keys name and manager. name is Raj, manager is Kim (use null).",  # a name is no absent value
        "Return JSON with keys name and manager. name is Raj, manager is unknown.",         # no note: no null
        "Return JSON with keys name and manager. name is Raj, manager is unknown (as a boolean).",
        "Return JSON with keys name and manager. name is Raj, manager is 30 (use null).",
        "Return JSON with keys name and manager. name is Raj, manager is ninguno (use null).",  # another language's word
        "Return JSON with keys name and manager (use null): name is Raj",                   # a null note on a key
        "Nur JSON ausgeben: lagernd=vielleicht (als Boolean)",
        "Nur JSON ausgeben: lagernd=nein (als Zahl)",
        "Nur JSON ausgeben: artikel",                                                        # no value stated
        "Write a JSON object with name Raj, zip 10001 (keep it a string) and floor 12.",    # a number noted a string
    ],
)
def test_what_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("Pasa a JSON: referencia QK-2, precio 8,40, disponible: no (como booleano). Claves: referencia, precio, disponible.",
         "Pasa a JSON: referencia QK-3, precio 8,40, disponible: sí (como booleano). Claves: referencia, precio, disponible.",
         {"referencia": "QK-3", "precio": 8.4, "disponible": True}),
        ("Return JSON with keys name and manager. name is Raj, manager is unknown (use null).",
         "Return JSON with keys name and manager. name is Ana, manager is unknown (use null).", {"name": "Ana", "manager": None}),
        ("JSON mit artikel=Tisch und lagernd=nein (als Boolean)", "JSON mit artikel=Stuhl und lagernd=ja (als Boolean)",
         {"artikel": "Stuhl", "lagernd": True}),
    ],
)
def test_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _exact(obj, expected)


# -- a key's list, then "and key ..." statements; en "= the list" ---------------------------------
LISTED = [
    ('JSON object please: key "tags" holding the list python, llamaindex, rag and key "count" equal to 3',
     ("tags", "count"), {"tags": ["python", "llamaindex", "rag"], "count": 3}),
    ('JSON object please: key "tags" = the list oak, pine, birch and key "count" = 3', ("tags", "count"),
     {"tags": ["oak", "pine", "birch"], "count": 3}),
    ('JSON object with key "tags" holding the list oak, pine and birch, and a key "count" equal to 3', ("tags", "count"),
     {"tags": ["oak", "pine", "birch"], "count": 3}),
    ('JSON object please: key "tags" = the list: oak, pine, birch', ("tags",), {"tags": ["oak", "pine", "birch"]}),
    ("Convert to JSON:\nname: Ana\nage: 41 (integer)", ("name", "age"), {"name": "Ana", "age": 41}),
    ("Convert to JSON:\nname: Ana\nactive: no (as a boolean)", ("name", "active"), {"name": "Ana", "active": False}),
]


@pytest.mark.parametrize("prompt, keys, stated", LISTED)
def test_a_list_ends_before_the_next_key(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        'JSON object please: key "tags" holding the list oak, pine, birch and count equal to 3',  # no "key": where the list ends?
        'JSON object please: key "tags" holding the list oak, pine and key "count"',              # the next key has no value
        'JSON object please: key "tags" = the list oak, pine and key "tags" = 3',                # the same key twice
        'JSON object please: key "tags" holding the list oak, pine and key "count" equal to 3 and key "x" equal to 4',
        'JSON object please: key "tags" holding the list oak, true and key "count" equal to 2',  # items of two types
        'JSON object please: key "tags" holding the list oak, pine and key "count" equal to three',
        'JSON object please: key "tags" = the list oak, pine birch',                             # no comma between items
        'JSON object please: key "tags" holding the list oak, count and key "count" equal to 2',  # an item is a key's name
        'JSON object please: key "tags" holding the list oak, pine and key "count" equal to 2, sorted',
        "JSON object with tags = the list oak, pine, birch",                                     # no "key" before it
        "Convert to JSON:\nname: Ana\nactive: maybe (as a boolean)",
        "Convert to JSON:\nname: Ana\nage: 41.5 (integer)",
    ],
)
def test_lists_that_stay_declined(prompt: str) -> None:
    assert read_request(prompt) is None


def test_a_list_and_a_count_are_served_exactly() -> None:
    served, obj = _second('JSON object please: key "tags" holding the list python, llamaindex, rag and key "count" equal to 3',
                          'JSON please: key "tags" holding the list small, medium and key "count" equal to 2')
    assert served and _exact(obj, {"tags": ["small", "medium"], "count": 2})


# -- pasted CSV rows: "header names as keys", "(the header row gives the keys)", "Make JSON from:" ---
PASTED = [
    ("Convert this CSV row to a JSON object, header names as keys:\nsku,qty,price\nB-22,10,12.25", ("sku", "qty", "price"),
     {"sku": "B-22", "qty": 10, "price": 12.25}),
    ("Turn this CSV row into a JSON object (the header row gives the keys):\nsku,qty,warehouse\nA-113,55,north",
     ("sku", "qty", "warehouse"), {"sku": "A-113", "qty": 55, "warehouse": "north"}),
    ("Make JSON from:\nname,age\nAna,30", ("name", "age"), {"name": "Ana", "age": 30}),
    ("Make a JSON object from:\nname,age\nAna,30", ("name", "age"), {"name": "Ana", "age": 30}),
    ("Make JSON from: name,age\nAna,30", ("name", "age"), {"name": "Ana", "age": 30}),
    ("Make JSON from: name, age\nAna, 30", ("name", "age"), {"name": "Ana", "age": 30}),
    ("Convert this CSV row to JSON: sku,qty\nA-1,5", ("sku", "qty"), {"sku": "A-1", "qty": 5}),
]


@pytest.mark.parametrize("prompt, keys, stated", PASTED)
def test_a_pasted_row_is_read(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "Make JSON from:\nname,age\nAna,30\nBo,31",                    # two rows: which object?
        "Make JSON from:\nname,age\nAna,30,x",                         # a row of another width
        "Make JSON from\nname,age\nAna,30",                            # "from" with nothing after it
        'Make JSON from:\nname,age\n"Ana,30',                          # an unclosed quote
        "Convert this CSV row to a JSON object, header names as values:\nsku,qty\nB-22,10",
        "Turn this CSV row into a JSON object (the header row gives the values):\nsku,qty\nB-22,10",
        "Make JSON from: name,age\nAna,30\nBo,2",                     # the header after the colon, two rows
        "Make JSON from: key,value\nhost,db1\nport,5432",               # a key/value table after the colon: not this form
        "Make JSON from: name,age\nAna,30,1",
        "Make JSON for me: name,age\nAna,30",                          # no request the grammar derives before the colon
        "Note: make JSON from: name,age\nAna,30",                      # the first colon's text is no request
        "Make JSON from: Ana,30\nname,age",                            # a header of no keys
        "Make JSON from: name,name\nAna,30",                           # a key twice
        'Make JSON from: "name,age"\nAna,30',                          # one quoted cell over two
        "Make JSON from:  name,age\nAna,30",                           # two spaces after the colon
        "Make JSON from: name;age\nAna;30",                            # only commas after a colon
    ],
)
def test_pastes_that_stay_declined(prompt: str) -> None:
    assert read_request(prompt) is None
