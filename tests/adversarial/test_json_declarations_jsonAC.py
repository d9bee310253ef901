"""wip/jsonAC (issue 33 item 4): JSON declarations read by cause, in every table that has the class.

- Objects declared with their keys, side by side: 'JSON with a "user" object (name, email) and a "settings" object
  (theme, language): name Ana, ...', es 'un objeto "usuario" (nombre, correo) y un objeto "pedido" (id, total)', fr
  'un objet client (nom, ville) et un objet commande (id, montant)', de 'mit einem Objekt "user" (name, email)'. Each
  object holds the leaves in its brackets, every leaf stated once by the flat rules.
- One key and its list after a colon: "with one key, tags, a list of: rust, tokio", fr "avec une seule clé langues, une
  liste : allemand, italien", es "con una única clave idiomas, una lista: ...".
- A type note said as a sentence in brackets: "(capital is a boolean)", it "(spedito è un booleano)", es "(activo es un
  booleano)", de "(aktiv ist ein Boolean)", also in a colon block whose YAML reading keeps the word ("aktiv: nein").
- One key and its JSON type beside it: "with key price as a number: price 19.99", de 'mit dem Schlüssel "menge" als Zahl'.
  A number for a key said a string ("with key age as a string: age 30") stays no claim, as wip/jsonF's notes decide.

Served pairs are served AND exactly right (assert_json_pair_served_exactly); the traps (a type note on another key,
a zip with a leading zero noted a number, 'maybe' for a boolean, a list whose count disagrees, a list to sort or make
unique, a leaf moved to another object, a leaf unstated or stated twice, a key no object holds, negations, a unit in
a value, 'nullable'/'optional') are never served and the model's answer is kept."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel, assert_json_pair_served_exactly, assert_models_answer_kept, assert_red_team_pair_not_served

# -- objects declared with their keys -----------------------------------------------------------------------------
EN_OBJECTS = 'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name {}, email {}, theme {}, language {}'
EN_OBJECTS_SENTENCE = 'JSON with a "user" object (name, email) and a "settings" object (theme, mode). Name is {}, email {}, theme {}, mode {}.'
EN_ONE_OBJECT = 'Return JSON with a "user" object (name, age): name {}, age {}'
ES_OBJECTS = 'JSON con un objeto "usuario" (nombre, correo) y un objeto "pedido" (id, total): nombre {}, correo {}, id {}, total {}'
FR_OBJECTS = 'Je voudrais un JSON avec un objet client (nom, ville) et un objet commande (id, montant) : nom {}, ville {}, id {}, montant {}'
DE_OBJECT = 'JSON mit einem Objekt "kunde" (name, stadt): name {}, stadt {}'
IT_OBJECTS = 'Un JSON con un oggetto "utente" (nome, email) e un oggetto "ordine" (id, totale): nome {}, email {}, id {}, totale {}'
PT_OBJECTS = 'Um JSON com um objeto "cliente" (nome, cidade) e um objeto "pedido" (id, valor): nome {}, cidade {}, id {}, valor {}'


def _two(a: str, b: str, la: tuple[str, str], lb: tuple[str, str], values: tuple[Any, Any, Any, Any]) -> dict[str, Any]:
    return {a: {la[0]: values[0], la[1]: values[1]}, b: {lb[0]: values[2], lb[1]: values[3]}}


OBJECTS = [
    ("en/two", EN_OBJECTS, ("user", "settings"), (("name", "email"), ("theme", "language")),
     ("Sam", "sam@x.io", "dark", "en"), ("Ana", "ana@mail.com", "light", "en")),
    ("en/sentence", EN_OBJECTS_SENTENCE, ("user", "settings"), (("name", "email"), ("theme", "mode")),
     ("Sam", "sam@x.io", "dark", "compact"), ("Ana", "ana@mail.com", "light", "compact")),
    ("es/two", ES_OBJECTS, ("usuario", "pedido"), (("nombre", "correo"), ("id", "total")),
     ("Ana", "ana@correo.es", 7, 12.5), ("Luis", "luis@correo.es", 8, 40)),
    ("fr/two", FR_OBJECTS, ("client", "commande"), (("nom", "ville"), ("id", "montant")),
     ("Julie Martin", "Lyon", 782, 64.9), ("Marc Petit", "Nantes", 915, 120.5)),
    ("it/two", IT_OBJECTS, ("utente", "ordine"), (("nome", "email"), ("id", "totale")),
     ("Luca", "luca@posta.it", 3, 10), ("Sara", "sara@posta.it", 4, 22.5)),
    ("pt/two", PT_OBJECTS, ("cliente", "pedido"), (("nome", "cidade"), ("id", "valor")),
     ("Ana", "Recife", 5, 30), ("Rui", "Porto", 6, 45.5)),
]


@pytest.mark.parametrize("case", OBJECTS, ids=lambda c: c[0])
def test_declared_objects_served_exactly(case: tuple[Any, ...]) -> None:
    label, template, (a, b), (la, lb), first, second = case
    assert_json_pair_served_exactly(label, template.format(*first), template.format(*second),
                                    _two(a, b, la, lb, second), in_order=True)


def test_one_declared_object_served_exactly() -> None:
    assert_json_pair_served_exactly("en/one", EN_ONE_OBJECT.format("Bob", 40), EN_ONE_OBJECT.format("Carl", 41),
                                    {"user": {"name": "Carl", "age": 41}}, in_order=True)
    assert_json_pair_served_exactly("de/one", DE_OBJECT.format("Jonas", "Köln"), DE_OBJECT.format("Lea", "Bonn"),
                                    {"kunde": {"name": "Lea", "stadt": "Bonn"}}, in_order=True)


def test_declared_objects_read_as_a_tree() -> None:
    read = read_request(EN_OBJECTS.format("Ana", "ana@mail.com", "light", "en"))
    assert read is not None and read.keys == ("user", "settings")
    assert {k: st.value for k, st in read.statements.items()} == {
        "user": {"name": "Ana", "email": "ana@mail.com"}, "settings": {"theme": "light", "language": "en"}}


OBJECT_BASE = EN_OBJECTS.format("Ana", "ana@mail.com", "light", "en")
MOVED = ('I need JSON with a "user" object (name) and a "settings" object (email, theme, language): name Ana, email ana@mail.com,'
         ' theme light, language en')
OBJECT_TRAPS = [
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light',  # a leaf unstated
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light, language en, name Bo',  # twice
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light, language en, age 30',  # no object holds age
    'I need JSON with a "user" object (name, email) and a "user" object (theme, language): name Ana, email ana@mail.com, theme light, language en',  # one key twice
    'I need JSON with a "user" object (name, email) and a "settings" object (name, language): name Ana, email ana@mail.com, language en',  # a leaf in two objects
    'I need JSON with a "user" object (name, email) and a "settings" object (user, language): name Ana, email ana@mail.com, user x, language en',
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light, language en, theme dark',
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light or dark, language en',
    'I need JSON with a "user" object (name, string) and a "settings" object (theme, language): name Ana, string x, theme light, language en',  # a type word
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language, optional): name Ana, email ana@mail.com, theme light, language en',
    'I need JSON with a "user" object (name, email, nullable) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light, language en',
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light, language en. Put everything at the top level.',
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language) and keys id and age: name Ana, email ana@mail.com, theme light, language en',
    'I need JSON with a "user" object (name, email) and a "settings" object (theme, language): name Ana, email ana@mail.com, theme light, language not en',
    'I need JSON with a "user" object (name, height) and a "settings" object (theme, language): name Ana, height 180 cm, theme light, language en',  # a unit in a value
]


@pytest.mark.parametrize("prompt", OBJECT_TRAPS)
def test_declared_object_traps_not_served(prompt: str) -> None:
    assert_red_team_pair_not_served(OBJECT_BASE, prompt)
    assert_models_answer_kept(prompt)


def test_a_leaf_moved_is_served_its_own_tree_never_the_first() -> None:
    """The same statements with a leaf moved to another object: the tree read is the new one, served exactly (the
    engine writes it from the statements), never the first prompt's object."""
    moved = {"user": {"name": "Ana"}, "settings": {"email": "ana@mail.com", "theme": "light", "language": "en"}}
    read = read_request(MOVED)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == moved
    cache, model = StepCache(), NeverRightModel()
    cache.generate(OBJECT_BASE, model)
    result = cache.generate(MOVED, model)
    assert result.verification == "proven" and json.loads(result.text) == moved, (result.outcome, result.text)


# -- one key and its list after a colon ---------------------------------------------------------------------------
LISTS = [
    ("en/list-of", "give me json with one key, tags, a list of: {}", "python, langchain, caching", "rust, tokio, serde",
     {"tags": ["rust", "tokio", "serde"]}),
    ("en/a-list", "Return JSON with one key, tags, a list: {}", "red, green", "blue, black, white",
     {"tags": ["blue", "black", "white"]}),
    ("fr/une-liste", "Un JSON avec une seule clé langues, une liste : {}", "français, anglais, espagnol", "allemand, italien",
     {"langues": ["allemand", "italien"]}),
    ("es/una-lista", "Un JSON con una única clave idiomas, una lista: {}", "inglés, francés", "alemán, italiano, ruso",
     {"idiomas": ["alemán", "italiano", "ruso"]}),
    ("it/una-lista", "Un JSON con una sola chiave lingue, una lista di: {}", "inglese, francese", "tedesco, spagnolo",
     {"lingue": ["tedesco", "spagnolo"]}),
    ("pt/uma-lista", "Um JSON com uma única chave idiomas, uma lista de: {}", "inglês, francês", "alemão, italiano",
     {"idiomas": ["alemão", "italiano"]}),
]


@pytest.mark.parametrize("case", LISTS, ids=lambda c: c[0])
def test_list_after_colon_served_exactly(case: tuple[Any, ...]) -> None:
    label, template, first, second, expected = case
    assert_json_pair_served_exactly(label, template.format(first), template.format(second), expected)


LIST_BASE = "give me json with one key, tags, a list of: python, langchain, caching"
LIST_TRAPS = [
    "give me json with one key, tags, a list of three: rust, tokio",  # a count that disagrees
    "give me json with one key, tags, a list of 3: rust, tokio",
    "give me json with one key, tags, a list of two colors: red, green, blue",
    "give me json with one key, tags, a list of: rust, tokio, serde, sorted",  # how to list
    "give me json with one key, tags, a list of: rust, tokio, serde, unique",
    "give me json with one key, tags, a list of: rust, tokio, serde, uppercased",
    "give me json with one key, tags, a list of: rust, tokio, serde in uppercase",
    "give me json with one key, tags, a list of: rust, tokio, serde, sorted alphabetically",
    "give me json with one key, tags, a list of: rust, tokio, not serde",
    "give me json with one key, tags, a list of: rust, 3, serde",  # two JSON types
    "give me json with one key, tags, a list of: rust and tokio, serde",
    "give me json with one key, tags, a list of: rust, tokio, serde, and a key count",
    "give me json with one key, tags, a list of: 3 km, 5 km",  # a unit in a value
    "give me json with one key, tags, a comma-separated string of: rust, tokio",
    "give me json with one key, tags, a single string: rust, tokio",
    "Un JSON avec une seule clé langues, une liste de trois : allemand, italien",
    "Un JSON con una única clave idiomas, una lista de tres: alemán, italiano",
    "Un JSON con la clave idiomas, una lista de tres: alemán, italiano",  # the older list-of shape (key_list_of)
    "Un JSON avec la clé langues, une liste de trois : allemand, italien",
    "Un JSON avec une seule clé langues, une liste triée : allemand, italien",
]


@pytest.mark.parametrize("prompt", LIST_TRAPS)
def test_list_traps_not_served(prompt: str) -> None:
    assert_red_team_pair_not_served(LIST_BASE, prompt)
    assert_models_answer_kept(prompt)


def test_a_list_label_that_counts_states_no_list_on_the_older_shape_too() -> None:
    """'a list of three: a, b' (the label a count) was read as the list [a, b] before wip/jsonAC: no claim now."""
    for prompt in ("give me json with one key, tags, a list of three: rust, tokio",
                   'Return JSON with a "tags" key holding a list of two colors: red, green',
                   "Return JSON with the key sizes, a list of 4 numbers: 3, 5"):
        assert read_request(prompt) is None, prompt


# -- a type note said as a sentence in brackets ------------------------------------------------------------------
NOTES = [
    ("en/bool", "JSON (capital is a boolean): city: {}, population: {}, capital: {}", ("Oslo", 709000, "true"),
     ("Bergen", 291000, "false"), {"city": "Bergen", "population": 291000, "capital": False}),
    ("en/yes", "JSON (capital is a boolean): city: {}, capital: {}", ("Oslo", "yes"), ("Bergen", "no"),
     {"city": "Bergen", "capital": False}),
    ("en/string", 'JSON (zip is a string): city: {}, zip: "{}"', ("Boston", "02139"), ("New York", "10001"),
     {"city": "New York", "zip": "10001"}),
    ("en/keys", "Return JSON with keys active and name, active is a boolean: active {}, name {}", ("yes", "Ana"),
     ("no", "Bo"), {"active": False, "name": "Bo"}),
    ("it/block", "trasforma in JSON (spedito è un booleano):\nordine: {}\nquantità: {}\nspedito: {}", ("A-118", 3, "sì"),
     ("B-204", 10, "no"), {"ordine": "B-204", "quantità": 10, "spedito": False}),
    ("de/block", "Mach daraus JSON (aktiv als boolean):\nkundennummer: {}\nname: {}\naktiv: {}", (55012, "Petra Klein", "ja"),
     (66230, "Uwe Brandt", "nein"), {"kundennummer": 66230, "name": "Uwe Brandt", "aktiv": False}),
    ("de/ist", "Mach daraus JSON (aktiv ist ein Boolean):\nkundennummer: {}\naktiv: {}", (55012, "ja"), (66230, "nein"),
     {"kundennummer": 66230, "aktiv": False}),
    ("es/es", "JSON (activo es un booleano): nombre: {}, activo: {}", ("Ana", "sí"), ("Luis", "no"),
     {"nombre": "Luis", "activo": False}),
    ("fr/est", "JSON (actif est un booléen) : nom : {}, actif : {}", ("Paul", "oui"), ("Marc", "non"),
     {"nom": "Marc", "actif": False}),
    ("pt/e", "JSON (ativo é um booleano): nome: {}, ativo: {}", ("Ana", "sim"), ("Rui", "não"),
     {"nome": "Rui", "ativo": False}),
]


@pytest.mark.parametrize("case", NOTES, ids=lambda c: c[0])
def test_type_note_sentence_served_exactly(case: tuple[Any, ...]) -> None:
    label, template, first, second, expected = case
    assert_json_pair_served_exactly(label, template.format(*first), template.format(*second), expected)


NOTE_BASE = "JSON (capital is a boolean): city: Oslo, population: 709000, capital: true"
NOTE_TRAPS = [
    "JSON (population is a boolean): city: Bergen, population: 291000, capital: false",  # a note on another key
    "JSON (mayor is a boolean): city: Bergen, population: 291000, capital: false",  # on a key not stated
    "JSON (capital is a boolean): city: Bergen, population: 291000, capital: maybe",  # no boolean
    "JSON (capital is a boolean): city: Bergen, population: 291000, capital: not true",  # a negation
    "JSON (capital is not a boolean): city: Bergen, population: 291000, capital: false",
    "JSON (capital is a nullable boolean): city: Bergen, population: 291000, capital: false",
    "JSON (capital is an optional boolean): city: Bergen, population: 291000, capital: false",
    "JSON (capital is a boolean or null): city: Bergen, population: 291000, capital: false",
    "JSON (zip is a number): city: Bergen, zip: 02139",  # a leading zero noted a number
    "JSON (zip is a number): city: Bergen, zip: \"02139\"",
    "JSON (population is an integer): city: Bergen, population: 291000.5",
    "JSON (population is a number): city: Bergen, population: 291000 people",  # a unit in a value
    "JSON (capital is a boolean): city: Bergen, population: 291000, capital: false (not sure)",
]


@pytest.mark.parametrize("prompt", NOTE_TRAPS)
def test_type_note_traps_not_served(prompt: str) -> None:
    assert_red_team_pair_not_served(NOTE_BASE, prompt)
    assert_models_answer_kept(prompt)


def test_block_boolean_word_no_table_lists_stays_no_claim() -> None:
    """The YAML whole-mapping check admits a noted boolean's table word only: 'vielleicht' stays no claim."""
    assert read_request("Mach daraus JSON (aktiv als boolean):\nkundennummer: 66230\naktiv: vielleicht") is None
    assert read_request("Mach daraus JSON (name als boolean):\nkundennummer: 66230\nname: Uwe\naktiv: nein") is None
    assert read_request("Mach daraus JSON:\nkundennummer: 66230\naktiv: nein") is None


# -- one key and its JSON type said beside it ---------------------------------------------------------------------
STRINGS = [
    ("en/key-as-number", "Return JSON with key price as a number: price {}", 19.99, 24.5, {"price": 24.5}),
    ("en/quoted-key", 'Return JSON with the key "code" as a string: code "{}"', "A-1", "B-7", {"code": "B-7"}),
    ("en/key-as-integer", "Return JSON with key age as an integer: age {}", 30, 31, {"age": 31}),
    ("en/key-as-boolean", "Return JSON with key active as a boolean: active {}", "yes", "no", {"active": False}),
    ("de/schluessel", 'JSON mit dem Schlüssel "menge" als Zahl: Menge {}', 15, 16, {"menge": 16}),
    ("es/clave", "Devuelve un JSON con la clave total como número: total {}", 1500, 1750, {"total": 1750}),
]


@pytest.mark.parametrize("case", STRINGS, ids=lambda c: c[0])
def test_key_typed_beside_it_served_exactly(case: tuple[Any, ...]) -> None:
    label, template, first, second, expected = case
    assert_json_pair_served_exactly(label, template.format(first), template.format(second), expected)


STRING_BASE = "Return JSON with key age as an integer: age 30"
STRING_TRAPS = [
    # a number for a key said a string: no claim (wip/jsonF's decision, test_json_said_types_jsonF.py NO_CLAIM)
    "Return JSON with key age as a string: age 30",
    'Return JSON with the key "price" as a string: price 19.99',
    'JSON mit dem Schlüssel "menge" als String: Menge 15',
    "Return JSON with key age as a string: age 30.0",
    "Return JSON with key age as a string: age 030",
    "Return JSON with key age as a string: age +30",
    "Return JSON with key age as a string: age 1,500",
    "Return JSON with key age as an integer: age 30 months",  # a unit in the value (an age in years is the number)
    "Return JSON with key age as an integer: age thirty",
    "Return JSON with key age as an integer: age 30.5",
    "Return JSON with key zip as a number: zip 02139",  # a leading zero noted a number
    "Return JSON with key name as an integer: age 30",  # a note on another key
    "Return JSON with key age as a nullable integer: age 30",
    "Return JSON with key age as an optional integer: age 30",
    "Return JSON with key age as an integer or a string: age 30",
    "Return JSON with key age as an integer: age 30, age 31",
    "Return JSON with key age as an integer: age not 30",
    "Return JSON with key age as a boolean: age maybe",
    "Return JSON with key age as a boolean: age 30",
    'JSON mit den Schlüsseln "preis" und "menge" als Zahl: Preis 19, Menge 2',  # which keys the note types
]


@pytest.mark.parametrize("prompt", STRING_TRAPS)
def test_key_typed_traps_not_served(prompt: str) -> None:
    assert_red_team_pair_not_served(STRING_BASE, prompt)
    assert_models_answer_kept(prompt)


@pytest.mark.parametrize("prompt", [
    "Return JSON with key age as a string: age 30",
    "JSON (population is a string): city: Bergen, population: 291000",
    'Return JSON with the key "price" as a string: price 19.99',
])
def test_a_number_for_a_key_said_a_string_is_no_claim(prompt: str) -> None:
    """The number as a string ("30") is not read: wip/jsonF's notes keep it no claim (test_json_said_types_jsonF.py)."""
    assert read_request(prompt) is None, prompt
