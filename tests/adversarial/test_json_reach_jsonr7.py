"""wip/jsonR7 (issue 33 item 4): everyday JSON shapes a README-only red team and blind writers found declined.

A. No key list: a bare value after a key and a space for a key a name fills ("Give me JSON with name Ana and age 31", es
   "con nombre Ana y edad 31", pt, fr, it, de with lowercase keys, ru): one capitalised word, never a letter alone.
B. The values after a list phrase and its colon, right after the request's noun ("Create a JSON containing: name Ana, age
   30", es "que contiene:", pt "que contenha:", it "che contiene:", fr "qui contient :", de "das enthält:", ru "содержащий:").
C. Booleans declared by the instruction: "with boolean values" (every key), "active and verified as booleans" (a bare key
   list after "with" typed by one note).
D. "keys name and age, respectively Ana and 30": the order phrase after a comma, then the values in the keys' order.
E. Bare keys after "with" ("JSON with name and age: name Pedro, age 19"): keys only when the statements then state exactly
   them, in order.
F. One key holding an object said with "with" ("Return JSON with an address with city Paris and floor 3"): nothing
   asked or stated before it; every statement after it is a leaf (as wip/jsonN's 'a key "server" holding ...' reads).

Every served pair is served without a model call, proven and exactly right; every trap reaches the model (or states nothing).
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import (
    Pair,
    assert_models_answer_kept,
    assert_red_team_pair_not_served,
    assert_served_proven,
    exact_json_pair as pair,
)

Obj = dict[str, Any]

# -- A: no key list, a name after a key and a space --------------------------------------------------------------------
NAMED = [
    ("en", "Give me JSON with name {n} and age {a}.", ("name", "age"), ("Ana", "Bruno")),
    ("en", "Return a JSON object with name {n}, age {a}.", ("name", "age"), ("Ana", "Bruno")),
    ("en", "Please give me JSON with city {n} and population {a}.", ("city", "population"), ("Paris", "Lyon")),
    ("en", "Create a JSON object with the name {n} and the age {a}.", ("name", "age"), ("Ana", "Bruno")),
    ("en", "hey can u give me json for a book: title {n}, year {a}", ("title", "year"), ("Dune", "Emma")),
    ("es", "Dame un JSON con nombre {n} y edad {a}.", ("nombre", "edad"), ("Ana", "Lucía")),
    ("es", "Crea un JSON con nombre {n}, edad {a}", ("nombre", "edad"), ("Ana", "Mateo")),
    ("es", "Dame un JSON con ciudad {n} y población {a}.", ("ciudad", "población"), ("Sevilla", "Bilbao")),
    ("pt", "Me dê um JSON com nome {n} e idade {a}.", ("nome", "idade"), ("Ana", "Pedro")),
    ("pt", "Gere um JSON com nome {n} e idade {a}.", ("nome", "idade"), ("Ana", "Pedro")),
    ("fr", "Donne-moi un JSON avec nom {n} et âge {a}.", ("nom", "âge"), ("Claire", "Hugo")),
    ("fr", "Donne un JSON avec le nom {n} et l'âge {a}.", ("nom", "âge"), ("Claire", "Hugo")),
    ("it", "Dammi un JSON con nome {n} e età {a}.", ("nome", "età"), ("Giulia", "Marco")),
    ("it", "Crea un JSON con nome {n} ed età {a}.", ("nome", "età"), ("Giulia", "Marco")),
    ("de", "Gib mir ein JSON mit name {n} und alter {a}.", ("name", "alter"), ("Jonas", "Lena")),
    ("ru", "Дай JSON с имя {n} и возраст {a}.", ("имя", "возраст"), ("Анна", "Олег")),
]


def _named_pairs() -> list[Pair]:
    out = []
    for i, (language, template, keys, names) in enumerate(NAMED):
        first = {keys[0]: names[0], keys[1]: 31}
        # a changed number, then a changed name
        out.append(pair(f"A/{language}/{i}/number", template.format(n=names[0], a=31), first,
                        template.format(n=names[0], a=32), {keys[0]: names[0], keys[1]: 32}))
        out.append(pair(f"A/{language}/{i}/name", template.format(n=names[0], a=31), first,
                        template.format(n=names[1], a=31), {keys[0]: names[1], keys[1]: 31}))
    return out


NAMED_BASE = "Give me JSON with name Ana and age 31."
NAMED_TRAPS = [
    "Give me JSON with name Ana Lopez and age 31.",      # two words: the name whole, or a first name and more?
    "Give me JSON with name Ana and city Paris France.", # a city and its country, or one name?
    "Give me JSON with name Ana please and age 31.",     # a second word after the name
    "Give me JSON with name Ana maybe and age 31.",
    "Give me JSON with name Ana and age about 31.",      # an approximation
    "Give me JSON with name Ana and age not 31.",        # a negation
    "Give me JSON with name not Ana and age 31.",
    "Give me JSON with name Ana and not age 31.",
    "Give me JSON with name Nobody and age 31.",         # a word no name is
    "Give me JSON with name Monday and age 31.",
    "Give me JSON with name None and age 31.",           # a literal word
    "Give me JSON with name True and age 31.",
    "Give me JSON with name X and age 31.",              # a letter: a placeholder
    # the same as a run after a colon (in a sentence several words or a lone capital are no claim since red team 26)
    "Give me JSON: name Ana, city Paris France",
    "Give me JSON: name X, age 31",
    "Give me JSON with name Ana and age 31?",            # asked
    "Give me JSON with name Ana and age 31 or 32.",
    "Give me JSON with name Ana or Eva and age 31.",
    "Give me JSON with name ana and age 31.",            # lowercase: may describe
    "Give me JSON with Name Ana and Age 31.",            # a capitalised label before a space: which key?
    "Give me JSON with comments Ana and age 31.",        # a key no name fills: a layout word?
    "Give me JSON with columns Name, age 31.",
    "Give me JSON with headers Name and age 31.",
    "Give me JSON with indentation Tabs and age 31.",
    "Give me JSON with day Monday and count 3.",
    "Give me JSON with names Ana and age 31.",           # a plural: a list of one?
    "Give me JSON with user Ana and friend Eva.",        # "friend": no key a name fills
    "Give me JSON with name Ana and age 31 and name Eva.",  # a key twice
    "Give me JSON with full name Ana and age 31.",
    "Give me JSON with name Ana and age 31, and city.",  # a key unstated
    "Give me JSON with name Ana and age 31 plus 2.",
    "Dame un JSON con nombre Ana y no edad 31.",
    "Dame un JSON con nombre Ana y edad unos 31.",
    "Dame un JSON con nombre Nadie y edad 31.",
    "Gib mir ein JSON mit Name Ana und Alter 31.",       # de capitalised keys: "Name" or "name"?
]


@pytest.mark.parametrize("case", _named_pairs(), ids=lambda c: c.cls)
def test_A_a_name_after_a_key_without_a_list_is_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("prompt", NAMED_TRAPS)
def test_A_traps_state_nothing_and_reach_the_model(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_red_team_pair_not_served(NAMED_BASE, prompt)


# -- B: a list phrase and its colon right after the noun ------------------------------------------------------------------
LISTED = [
    ("en", "Create a JSON containing: {s}", "name {n}, age {a}", ("name", "age"), ("Ana", "Bruno")),
    ("en", "Create a JSON that contains: {s}", "name {n}, age {a}", ("name", "age"), ("Ana", "Bruno")),
    ("en", "Create a JSON with: {s}", "name {n}, age {a}", ("name", "age"), ("Ana", "Bruno")),
    ("en", "Create a JSON object containing the following: {s}", "name: {n}, age: {a}", ("name", "age"), ("Ana", "Bruno")),
    ("en", "Return JSON containing: {s}", 'name: "{n}", age: {a}', ("name", "age"), ("Ana", "Bruno")),
    ("es", "Crea un JSON que contiene: {s}", "nombre {n}, edad {a}", ("nombre", "edad"), ("Ana", "Lucía")),
    ("es", "Crea un JSON que contenga: {s}", "nombre {n}, edad {a}", ("nombre", "edad"), ("Ana", "Lucía")),
    ("es", "Crea un JSON con: {s}", "nombre: {n}, edad: {a}", ("nombre", "edad"), ("Ana", "Lucía")),
    ("pt", "Crie um JSON que contenha: {s}", "nome {n}, idade {a}", ("nome", "idade"), ("Ana", "Pedro")),
    ("pt", "Crie um JSON contendo: {s}", "nome {n}, idade {a}", ("nome", "idade"), ("Ana", "Pedro")),
    ("pt", "Crie um JSON que contém: {s}", "nome {n}, idade {a}", ("nome", "idade"), ("Ana", "Pedro")),
    ("it", "Crea un JSON che contiene: {s}", "nome {n}, età {a}", ("nome", "età"), ("Giulia", "Marco")),
    ("it", "Crea un JSON contenente: {s}", "nome {n}, età {a}", ("nome", "età"), ("Giulia", "Marco")),
    ("fr", "Crée un JSON qui contient : {s}", "nom {n}, age {a}", ("nom", "age"), ("Claire", "Hugo")),
    ("fr", "Crée un JSON contenant : {s}", "nom {n}, age {a}", ("nom", "age"), ("Claire", "Hugo")),
    ("de", "Erstelle ein JSON, das enthält: {s}", "name {n}, alter {a}", ("name", "alter"), ("Jonas", "Lena")),
    ("de", "Erstelle ein JSON mit: {s}", "name: {n}, alter: {a}", ("name", "alter"), ("Jonas", "Lena")),
    ("ru", "Создай JSON, содержащий: {s}", "имя {n}, возраст {a}", ("имя", "возраст"), ("Анна", "Олег")),
]


def _listed_pairs() -> list[Pair]:
    out = []
    for i, (language, request, body, keys, names) in enumerate(LISTED):
        def prompt(name: str, age: int) -> str:
            return request.format(s=body.format(n=name, a=age))
        out.append(pair(f"B/{language}/{i}/number", prompt(names[0], 30), {keys[0]: names[0], keys[1]: 30},
                        prompt(names[0], 44), {keys[0]: names[0], keys[1]: 44}))
        out.append(pair(f"B/{language}/{i}/name", prompt(names[0], 30), {keys[0]: names[0], keys[1]: 30},
                        prompt(names[1], 30), {keys[0]: names[1], keys[1]: 30}))
    return out


LISTED_BASE = "Create a JSON containing: name Ana, age 30"
LISTED_TRAPS = [
    "Create a JSON not containing: name Ana, age 30",          # a negation
    "Create a JSON containing: name Ana, age 30?",             # asked
    "Create a JSON containing: name Ana, age 30 and more",     # more than stated
    "Create a JSON containing: name Ana, age 30, and other fields",
    "Create a JSON containing: name Ana, age 30, etc.",
    "Create a JSON containing: name Ana, age about 30",
    "Create a JSON containing at least: name Ana, age 30",
    "Create a JSON containing: name ana, age 30",              # lowercase: may describe
    "Create a JSON containing: comments Ana, age 30",          # a key no name fills
    "Create a JSON containing: name Ana, age 30. Add a field for the city.",
    "Create a JSON containing: name Ana, age 30, name Eva",    # a key twice
    "Crea un JSON que no contiene: nombre Ana, edad 30",
    "Crea un JSON sin: nombre Ana, edad 30",
    "Crie um JSON que contenha pelo menos: nome Ana, idade 30",
]


@pytest.mark.parametrize("case", _listed_pairs(), ids=lambda c: c.cls)
def test_B_values_after_a_list_phrase_and_its_colon_are_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("prompt", LISTED_TRAPS)
def test_B_traps_state_nothing_and_reach_the_model(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_red_team_pair_not_served(LISTED_BASE, prompt)


# -- C: booleans the instruction declares -------------------------------------------------------------------------------
BOOLS = [
    ("Return JSON with boolean values: active {a}, verified {b}", ("active", "verified"), ("yes", "no"), (True, False)),
    ("Return a JSON object with boolean values: active: {a}, verified: {b}", ("active", "verified"), ("yes", "no"), (True, False)),
    ("Return JSON with boolean values: active {a}, verified {b}", ("active", "verified"), ("true", "false"), (True, False)),
    ("Return JSON with keys active and verified with boolean values: active {a}, verified {b}", ("active", "verified"),
     ("yes", "no"), (True, False)),
    ("Return JSON with active and verified as booleans: active {a}, verified {b}", ("active", "verified"), ("yes", "no"),
     (True, False)),
    ("Devuelve un JSON con valores booleanos: activo: {a}, verificado: {b}", ("activo", "verificado"), ("sí", "no"), (True, False)),
    ("Devuelve un JSON con activo y verificado como booleanos: activo: {a}, verificado: {b}", ("activo", "verificado"),
     ("sí", "no"), (True, False)),
    ("Devolva um JSON com valores booleanos: ativo: {a}, verificado: {b}", ("ativo", "verificado"), ("sim", "não"), (True, False)),
    ("Restituisci un JSON con valori booleani: attivo: {a}, verificato: {b}", ("attivo", "verificato"), ("sì", "no"), (True, False)),
    ("Renvoie un JSON avec des valeurs booléennes : actif : {a}, vérifié : {b}", ("actif", "vérifié"), ("oui", "non"), (True, False)),
    ("Gib ein JSON mit Wahrheitswerten zurück: aktiv: {a}, geprüft: {b}", ("aktiv", "geprüft"), ("ja", "nein"), (True, False)),
]


def _bool_pairs() -> list[Pair]:
    out = []
    for i, (template, keys, words, values) in enumerate(BOOLS):
        out.append(pair(f"C/{i}", template.format(a=words[0], b=words[1]), dict(zip(keys, values)),
                        template.format(a=words[1], b=words[0]), dict(zip(keys, values[::-1]))))
    return out


BOOL_BASE = "Return JSON with boolean values: active yes, verified no"
BOOL_TRAPS = [
    "Return JSON with boolean values: active yes, verified maybe",   # no boolean word
    "Return JSON with boolean values: active yes, count 3",          # a number for a boolean
    "Return JSON with boolean values: active yes, name Ana",
    "Return JSON with boolean values: active \"yes\", verified no",  # quoted: a string
    "Return JSON with boolean values: active Yes, verified no",      # capitalised: no table word
    "Return JSON with boolean values: active not yes, verified no",
    "Return JSON without boolean values: active yes, verified no",
    "Return JSON with some boolean values: active yes, verified no",
    "Return JSON with boolean values: active yes, verified no?",
    "Return JSON with keys active and verified with boolean values: active yes",  # a key unstated
    "Return JSON with active and verified as booleans: active yes, verified maybe",
    "Return JSON with active and verified as booleans: active yes",
    "Return JSON with active and verified as booleans: active yes, verified no, admin yes",  # a key not listed
    "Return JSON with comments and notes as booleans: active yes, verified no",  # the listed keys unstated
    "Return JSON with active and verified as strings: active yes, verified no",
]


@pytest.mark.parametrize("case", _bool_pairs(), ids=lambda c: c.cls)
def test_C_booleans_declared_by_the_instruction_are_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("prompt", BOOL_TRAPS)
def test_C_traps_state_no_boolean_and_reach_the_model(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not any(isinstance(st.value, bool) for st in read.statements.values()), (prompt, read)
    assert_red_team_pair_not_served(BOOL_BASE, prompt)


# -- D: "respectively" after a comma --------------------------------------------------------------------------------------
ORDERED = [
    ("Return JSON with keys name and age, respectively {n} and {a}.", ("name", "age"), ("Ana", "Bruno")),
    ("Return JSON with keys name and age, respectively {n}, {a}.", ("name", "age"), ("Ana", "Bruno")),
    ("Return JSON with keys name and age, in that order {n} and {a}.", ("name", "age"), ("Ana", "Bruno")),
    ("Devuelve un JSON con las claves nombre y edad, respectivamente {n} y {a}.", ("nombre", "edad"), ("Ana", "Mateo")),
    ("Devolva um JSON com as chaves nome e idade, respectivamente {n} e {a}.", ("nome", "idade"), ("Ana", "Pedro")),
    ("Restituisci un JSON con le chiavi nome e età, rispettivamente {n} e {a}.", ("nome", "età"), ("Giulia", "Marco")),
    ("Renvoie un JSON avec les clés nom et âge, respectivement {n} et {a}.", ("nom", "âge"), ("Claire", "Hugo")),
]


def _ordered_pairs() -> list[Pair]:
    out = []
    for i, (template, keys, names) in enumerate(ORDERED):
        out.append(pair(f"D/{i}/number", template.format(n=names[0], a=30), {keys[0]: names[0], keys[1]: 30},
                        template.format(n=names[0], a=41), {keys[0]: names[0], keys[1]: 41}))
        out.append(pair(f"D/{i}/name", template.format(n=names[0], a=30), {keys[0]: names[0], keys[1]: 30},
                        template.format(n=names[1], a=30), {keys[0]: names[1], keys[1]: 30}))
    out.append(pair("D/three", "Return JSON with keys name, age and city, respectively Ana, 30 and Lima.",
                    {"name": "Ana", "age": 30, "city": "Lima"},
                    "Return JSON with keys name, age and city, respectively Eva, 30 and Lima.", {"name": "Eva", "age": 30, "city": "Lima"}))
    return out


ORDERED_BASE = "Return JSON with keys name and age, respectively Ana and 30."
ORDERED_TRAPS = [
    "Return JSON with keys name and age, respectively Ana and 30 and 40.",  # a value too many
    "Return JSON with keys name and age, respectively Ana.",                # a value too few
    "Return JSON with keys name and age, respectively Ana Lopez and 30.",   # two words for one value
    "Return JSON with keys name and age, respectively Nobody and 30.",
    "Return JSON with keys name and age, respectively Ana and about 30.",
    "Return JSON with keys name and age, respectively Ana and not 30.",
    "Return JSON with keys name and age respectively Ana and 30 and 40.",
]


@pytest.mark.parametrize("case", _ordered_pairs(), ids=lambda c: c.cls)
def test_D_values_said_respectively_are_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("prompt", ORDERED_TRAPS)
def test_D_traps_state_nothing_and_reach_the_model(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_red_team_pair_not_served(ORDERED_BASE, prompt)


# -- E: bare keys after "with", stated exactly -------------------------------------------------------------------------
BARE = [
    ("Return JSON with name and age: name {n}, age {a}", ("name", "age"), ("Pedro", "Ana")),
    ("Return JSON with name and age: name: {n}, age: {a}", ("name", "age"), ("Pedro", "Ana")),
    ("Return JSON with name, age: name {n}, age {a}", ("name", "age"), ("Pedro", "Ana")),
    ("Return JSON with name and age. name: {n}. age: {a}.", ("name", "age"), ("Pedro", "Ana")),
    ("Output JSON with user and age, where user={n} and age={a}", ("user", "age"), ("carol", "dave")),
    ("Monte um JSON com nome e idade: nome: {n}, idade: {a}", ("nome", "idade"), ("Pedro", "Ana")),
    ("Devuelve un JSON con nombre y edad: nombre: {n}, edad: {a}", ("nombre", "edad"), ("Pedro", "Ana")),
]


def _bare_pairs() -> list[Pair]:
    out = []
    for i, (template, keys, names) in enumerate(BARE):
        out.append(pair(f"E/{i}/number", template.format(n=names[0], a=19), {keys[0]: names[0], keys[1]: 19},
                        template.format(n=names[0], a=20), {keys[0]: names[0], keys[1]: 20}))
        out.append(pair(f"E/{i}/name", template.format(n=names[0], a=19), {keys[0]: names[0], keys[1]: 19},
                        template.format(n=names[1], a=19), {keys[0]: names[1], keys[1]: 19}))
    out.append(pair("E/email-plan", "System: You only output valid JSON.\nUser: Create an object with email and plan. email: "
                    "ana@example.com, plan: pro", {"email": "ana@example.com", "plan": "pro"},
                    "System: You only output valid JSON.\nUser: Create an object with email and plan. email: "
                    "ben@example.org, plan: pro", {"email": "ben@example.org", "plan": "pro"}))
    return out


BARE_BASE = "Return JSON with name and age: name Pedro, age 19"
BARE_TRAPS = [
    "Return JSON with name and age: name Pedro",                  # a listed key unstated
    "Return JSON with name and age: age 19, name Pedro",          # another order
    "Return JSON with name and age: name Pedro, age 19, city Lima",  # a key not listed
    "Return JSON with name and age: name Pedro, age 19?",
    "Return JSON with name and age.",
    "Return JSON with comments: name Pedro, age 19",              # "comments" lists nothing
    "Return JSON with name and comments: name Pedro, age 19",
    "Return JSON with name and age: name Pedro, age 19, name Ana",
]


@pytest.mark.parametrize("case", _bare_pairs(), ids=lambda c: c.cls)
def test_E_bare_keys_after_with_stated_exactly_are_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("prompt", BARE_TRAPS)
def test_E_traps_state_nothing_and_reach_the_model(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_red_team_pair_not_served(BARE_BASE, prompt)


# -- F: one key holding an object said with "with" (a number key that is no identifier: wip/w29 reads no unquoted zip code) ----------------------------------------------------------------------
NESTED = [
    ("Return JSON with an address with city {c} and floor {z}.", "address", ("city", "floor"), ("Paris", "Lyon")),
    ("Give me a JSON object with an address with city {c}, floor {z}.", "address", ("city", "floor"), ("Paris", "Lyon")),
    ("Return JSON with an address object with the city {c} and the floor {z}.", "address", ("city", "floor"), ("Paris", "Lyon")),
    ("Return JSON with a user with name {c} and id {z}.", "user", ("name", "id"), ("Bob", "Ola")),
    ("Return JSON with a user object with name {c} and id {z}.", "user", ("name", "id"), ("Bob", "Ola")),
    ("Return JSON with an address with city \"{c}\" and floor {z}.", "address", ("city", "floor"), ("Paris", "Lyon")),
    ("Dame un JSON con una dirección con ciudad {c} y código {z}.", "dirección", ("ciudad", "código"), ("Sevilla", "Bilbao")),
]


def _nested_pairs() -> list[Pair]:
    out = []
    for i, (template, outer, keys, names) in enumerate(NESTED):
        out.append(pair(f"F/{i}/number", template.format(c=names[0], z=75001), {outer: {keys[0]: names[0], keys[1]: 75001}},
                        template.format(c=names[0], z=69002), {outer: {keys[0]: names[0], keys[1]: 69002}}))
        out.append(pair(f"F/{i}/name", template.format(c=names[0], z=75001), {outer: {keys[0]: names[0], keys[1]: 75001}},
                        template.format(c=names[1], z=75001), {outer: {keys[0]: names[1], keys[1]: 75001}}))
    return out


NESTED_BASE = "Return JSON with an address with city Paris and floor 75001."
NESTED_TRAPS = [
    "Return JSON with name Ana and an address with city Paris and floor 75001.",  # a flat key before: is "floor" the address's?
    "Return JSON with an address with city Paris and floor 75001. Add a country.",
    "Return JSON with an address with city Paris and floor 75001 and no name.",
    "Return JSON with an address with city Nobody and floor 75001.",
    "Return JSON with an address with city paris and floor 75001.",               # lowercase: may describe
    "Return JSON with an address with city Paris and floor 75001 or 75002.",
    "Return JSON with an address with city Paris and floor about 75001.",
    "Return JSON with an address with city Paris and floor 75001?",
    "Return JSON with two addresses with city Paris and floor 75001.",
    "Return JSON with an address with comments Paris and floor 75001.",            # a key no name fills
    "Return JSON with an address without city Paris.",
    "Return JSON with a string with city Paris and floor 75001.",                 # a type word names no key
    "Return JSON with a list with city Paris and floor 75001.",
    "Return JSON with an object with city Paris and floor 75001.",                # which key holds it is not said
    "Return JSON with an address with city Paris and floor 75001 for Ana.",
]


@pytest.mark.parametrize("case", _nested_pairs(), ids=lambda c: c.cls)
def test_F_one_key_holding_an_object_said_with_with_is_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("prompt", NESTED_TRAPS)
def test_F_traps_state_nothing_and_reach_the_model(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_red_team_pair_not_served(NESTED_BASE, prompt)


@pytest.mark.parametrize("prompt", [NAMED_TRAPS[0], LISTED_TRAPS[0], BOOL_TRAPS[0], ORDERED_TRAPS[0], BARE_TRAPS[0], NESTED_TRAPS[0]])
def test_on_an_empty_cache_the_models_answer_to_a_trap_is_kept(prompt: str) -> None:
    assert_models_answer_kept(prompt)


@pytest.mark.parametrize("prompt, stated", [
    ("Give me JSON with name Ana and age 31.", {"name": "Ana", "age": 31}),
    ("Give me JSON with name Ana-Maria and age 31.", {"name": "Ana-Maria", "age": 31}),
    ("Give me JSON with city Paris and country France.", {"city": "Paris", "country": "France"}),
    ("Create a JSON containing: name Ana, age 30", {"name": "Ana", "age": 30}),
    ("Return JSON with boolean values: active yes, verified no", {"active": True, "verified": False}),
    ("Return JSON with keys name and age, respectively 30 and Ana.", {"name": 30, "age": "Ana"}),  # as said
    ("Return JSON with name and age: name Pedro, age 19", {"name": "Pedro", "age": 19}),
])
def test_the_reader_states_exactly_these_values(prompt: str, stated: Obj) -> None:
    read = read_request(prompt)
    assert read is not None and list(read.keys) == list(stated)
    assert {k: st.value for k, st in read.statements.items()} == stated
    assert all(type(read.statements[k].value) is type(v) for k, v in stated.items())
