"""wip/jsonAI (issue 33 items 2-4, blind set 29 probes): everyday JSON requests read by positive evidence.

- A lowercase word after "key:" in one run of "key: value" statements after the table's "with", "where" or key word
  ("Return JSON with color: red, size: 9", "status: closed", es "con producto: mesa"): the evidence "=" already has,
  when each lowercase word is one plain word that is no describing, type, JSON literal, referring or key word, for a
  key whose value is a common noun or a key no table gives a kind or concept, the key no format key ("format:
  compact"), the statements joined only by a comma, ";" or the table's "and", the run ended by the line's or the
  sentence's end.
- The table's key word before the statements ("with fields name: Ana, age: 30", ru "с полями", es "campos").
- "for:" before a block ("Return JSON for:\\nname: Alice\\nage: 30").

Served pairs are served proven and exactly right; every trap costs a model call."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_red_team_pair_not_served, assert_served_proven, exact_json_pair as pair

BASE = "Return JSON with status: closed"

SERVED = [
    pair("run/en-one", BASE, {"status": "closed"}, "Return JSON with status: open", {"status": "open"}),
    pair("run/en-two", "Return JSON with color: red, size: 9", {"color": "red", "size": 9},
         "Return JSON with color: blue, size: 11", {"color": "blue", "size": 11}),
    pair("run/en-event", "Return JSON with event: launch, day: 12", {"event": "launch", "day": 12},
         "Return JSON with event: review and day: 3", {"event": "review", "day": 3}),
    pair("run/en-product", "Return a JSON object with product: lamp", {"product": "lamp"},
         "Return a JSON object with product: desk", {"product": "desk"}),
    pair("run/es", "Devuelve un JSON con producto: mesa", {"producto": "mesa"},
         "Devuelve un JSON con producto: silla", {"producto": "silla"}),
    pair("run/fr", "Renvoie un JSON avec couleur: rouge, taille: 9", {"couleur": "rouge", "taille": 9},
         "Renvoie un JSON avec couleur: vert, taille: 7", {"couleur": "vert", "taille": 7}),
    pair("run/it", "Restituisci un JSON con colore: rosso", {"colore": "rosso"},
         "Restituisci un JSON con colore: verde", {"colore": "verde"}),
    pair("fields/en", "Return a JSON object with fields name: Ana, age: 30", {"name": "Ana", "age": 30},
         "Return a JSON object with fields name: Bo, age: 41", {"name": "Bo", "age": 41}),
    pair("fields/en-the", 'Return a JSON object with the fields name "Ana" and age 30', {"name": "Ana", "age": 30},
         'Return a JSON object with the fields name "Bo" and age 41', {"name": "Bo", "age": 41}),
    pair("fields/ru", "Верни JSON с полями name: Anna, score: 77", {"name": "Anna", "score": 77},
         "Верни JSON с полями name: Olga, score: 90", {"name": "Olga", "score": 90}),
    pair("fields/es", 'Devuelve un JSON con los campos nombre: "Ana", edad: 30', {"nombre": "Ana", "edad": 30},
         'Devuelve un JSON con los campos nombre: "Luis", edad: 52', {"nombre": "Luis", "edad": 52}),
    pair("fields/pt", 'Retorne um JSON com os campos nome: "Ana", idade: 30', {"nome": "Ana", "idade": 30},
         'Retorne um JSON com os campos nome: "Rui", idade: 44', {"nome": "Rui", "idade": 44}),
    pair("for/en", "Return JSON for:\nname: Alice\nage: 30", {"name": "Alice", "age": 30},
         "Return JSON for:\nname: Bob\nage: 41", {"name": "Bob", "age": 41}),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


# each no claim: nothing read, or no lowercase word read as a value
NO_CLAIM = [
    # describing, type, JSON literal, referring and key words; format words and keys
    "Return JSON with status: required",
    "Return JSON with status: lowercase",
    "Return JSON with status: none",
    "Return JSON with status: null",
    "Return JSON with status: yes",
    "Return JSON with status: same",
    "Return JSON with status: sorted",
    "Return JSON with status: price",
    "Return JSON with status: compact",
    "Return JSON with order: descending",
    "Return JSON with format: compact",
    "Return JSON with format: markdown",
    "Return JSON with layout: grid",
    "Return JSON with status: minified",
    "Return JSON with style: fancy",
    "Return JSON with id: name",
    "Return JSON with name: string, age: integer",
    "Return JSON with tags: list",
    "Return JSON with type: text",
    # a name is written capitalised; a number key holds a number
    "Return JSON with name: alice, age: 30",
    "Return JSON with city: paris",
    "Return JSON with price: free",
    # no run: alternatives, a question, a hedge, a note, two values, other words between, a capitalised label
    "Return JSON with color: red or blue",
    "Return JSON with status: closed or open",
    "Return JSON with status: closed?",
    "Return JSON with status: closed, maybe",
    "Return JSON with status: closed (not open)",
    "Return JSON with status: closed but day: 3",
    "Return JSON with color: red, color: blue",
    "Return JSON with status: very closed",
    "Return JSON with status: closed. Use lowercase.",
    "Return a JSON object. Status: closed",
    "Return JSON with Status: closed",
    "Return JSON with status closed",
    "Return JSON with status is closed",
    "Return JSON with status: closed, then day: 3",
    "Return JSON with status: closed and then day: 3",
    "Return JSON with status: closed or day: 3",
    "Return JSON with status: closed maybe",
    "Return JSON with status: closed, day: 3 (maybe)",
    "Return JSON with keys status and day where status: closed",
    # a closing after the run: its end is the line's or the sentence's (a later widening may read these)
    "Return JSON with status: closed, please",
    "Return JSON with status: closed; no extra text",
    # a run after a colon heading stays jsonT3's no claim (a block of lines is its rule)
    "Return a JSON object: product: lamp, price: 27, in_stock: true",
    "Return JSON for:\nstatus: closed\nday: 3",
    # a key list, a schema after the key word
    "Return JSON with fields name: string, age: integer",
    "Return JSON with keys name: string, age: integer",
    "Return JSON with fields name: Ana and age: 30 or 31",
    "Return JSON for:\nname: string\nage: integer",
    # other tables: names written lowercase, describing words, format keys
    "Devuelve un JSON con nombre: ana",
    "Devuelve un JSON con ciudad: lima",
    "Devuelve un JSON con producto: obligatorio",
    "Devuelve un JSON con formato: compacto",
    "Renvoie un JSON avec statut: obligatoire",
    "Restituisci un JSON con stile: compatto",
    "Devuelve un JSON con formato: tabla",
    "Devuelve un JSON con sangría: amplia",
    # a table that declares no describing words (de, ru): no claim
    "Gib JSON mit farbe: rot zurück",
    "Gib ein JSON mit status: offen zurück",
    "Gib ein JSON mit farbe: rot",
    "Верни JSON с статус: открыт",
    "Верни JSON с полями статус: открыт",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_no_claim(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or all(not st.lowercase for st in read.statements.values()), (prompt, read)


@pytest.mark.parametrize("second", [p for p in NO_CLAIM if p.startswith("Return JSON with")])
def test_trap_not_served(second: str) -> None:
    assert_red_team_pair_not_served(BASE, second)


def test_key_lists_stay_key_lists() -> None:
    for prompt in ("Return JSON with keys: name, age", "Return JSON with fields: name, age"):
        read = read_request(prompt)
        assert read is not None and read.keys == ("name", "age") and not read.statements, (prompt, read)


def test_run_reading() -> None:
    read = read_request("Return JSON with color: red, size: 9")
    assert read is not None and read.keys == ("color", "size")
    assert {k: st.value for k, st in read.statements.items()} == {"color": "red", "size": 9}
