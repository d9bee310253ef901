"""wip/jsonU (round 2): a pasted table's request in the words the JSON reader already reads.

Cause (scripts/decline_causes.py over the dev sets 1-22): a pasted key/value table whose request
says "Convertilo in JSON.", "Restituiscimi un oggetto JSON.", "Bitte als JSON-Objekt." or "Tabela
markdown para JSON:" was no claim, only because ``json/pastes/vocabulary`` lacked words the JSON
reader's own tables hold. The class widened: each pastes table's VERB holds its language's request
and conversion verbs of ``json/vocabulary`` (those that ask for the JSON of the data as given), with
their enclitic object forms (it "-lo/-la", es "-lo/-la", fr "-le/-la"); "markdown" names where the
paste comes from, like "CSV"; a courtesy word may open "als JSON". Verbs that change a value (round,
translate, fill, express, convert units) are left out: a sentence holding one is no claim. Each
served pair is answered first by a never-right model, then served without a model call, proven and
exactly right; each trap reaches the model.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.pastes import read_paste

from .harness import assert_json_pair_served_exactly, assert_models_answer_kept, assert_red_team_pair_not_served

Obj = dict[str, Any]

IT_TABLE = "| chiave | valore |\n|---|---|\n| modello | Punto |\n| anno | 2018 |\n\n"
DE_TABLE = "| Schlüssel | Wert |\n|---|---|\n| artikel | K-20 |\n| menge | 7 |\n\n"
PT_TABLE = "| campo | valor |\n|---|---|\n| cor | azul |\n| tamanho | 40 |"
EN_TABLE = "| key | value |\n|---|---|\n| host | db.internal |\n| port | 6432 |"
ES_TABLE = "| clave | valor |\n|---|---|\n| usuario | lrivas |\n| intentos | 3 |\n\n"
FR_CSV = "ville,habitants\nNantes,320000"
RU_CSV = "имя;город\nОлег;Казань"

SERVED: list[tuple[str, str, str, Obj]] = [
    ("it-clitic-lo", IT_TABLE + "Convertilo in JSON.", (IT_TABLE + "Convertilo in JSON.").replace("2018", "2021"),
     {"modello": "Punto", "anno": 2021}),
    ("it-clitic-la", IT_TABLE + "Trasformala in un oggetto JSON.", (IT_TABLE + "Trasformala in un oggetto JSON.").replace("Punto", "Panda"),
     {"modello": "Panda", "anno": 2018}),
    ("it-clitic-mi", IT_TABLE + "Restituiscimi un oggetto JSON.", (IT_TABLE + "Restituiscimi un oggetto JSON.").replace("2018", "2020"),
     {"modello": "Punto", "anno": 2020}),
    ("de-please-as", DE_TABLE + "Bitte als JSON-Objekt.", (DE_TABLE + "Bitte als JSON-Objekt.").replace("| 7 |", "| 9 |"),
     {"artikel": "K-20", "menge": 9}),
    ("pt-markdown-sheet", "Tabela markdown para JSON:\n" + PT_TABLE, ("Tabela markdown para JSON:\n" + PT_TABLE).replace("azul", "verde"),
     {"cor": "verde", "tamanho": 40}),
    ("en-generate", "Generate a JSON object from this table:\n" + EN_TABLE,
     ("Generate a JSON object from this table:\n" + EN_TABLE).replace("6432", "5432"), {"host": "db.internal", "port": 5432}),
    ("es-clitic-la", ES_TABLE + "Conviértela en JSON.", (ES_TABLE + "Conviértela en JSON.").replace("| 3 |", "| 4 |"),
     {"usuario": "lrivas", "intentos": 4}),
    ("fr-clitic-la", "Convertis-la en objet JSON :\n" + FR_CSV, ("Convertis-la en objet JSON :\n" + FR_CSV).replace("Nantes,320000", "Rennes,222000"),
     {"ville": "Rennes", "habitants": 222000}),
    ("fr-clitic-la-type-note", "Convertis-la en objet JSON, habitants en texte :\n" + FR_CSV,
     ("Convertis-la en objet JSON, habitants en texte :\n" + FR_CSV).replace("Nantes,320000", "Rennes,222000"),
     {"ville": "Rennes", "habitants": "222000"}),  # the type note is read and kept: a string
    ("ru-create", "Создай JSON из этой строки:\n" + RU_CSV, ("Создай JSON из этой строки:\n" + RU_CSV).replace("Олег", "Ирина"),
     {"имя": "Ирина", "город": "Казань"}),
]


@pytest.mark.parametrize(("cls", "first", "second", "expected"), SERVED, ids=[case[0] for case in SERVED])
def test_served_proven_and_exactly_right(cls: str, first: str, second: str, expected: Obj) -> None:
    assert_json_pair_served_exactly(cls, first, second, expected, in_order=True)


# (the served prompt it is a near miss of, the trap): each changes a key, a type, a unit, a subset or a value
TRAPS: list[tuple[str, str, str]] = [
    ("negation/it", IT_TABLE + "Convertilo in JSON.", IT_TABLE + "Non convertirlo in JSON."),
    ("negation/de", DE_TABLE + "Bitte als JSON-Objekt.", DE_TABLE + "Bitte nicht als JSON-Objekt."),
    ("not-x/en", "Generate a JSON object from this table:\n" + EN_TABLE, "Generate a JSON object from this table, not the port:\n" + EN_TABLE),
    ("only-subset/it", IT_TABLE + "Restituiscimi un oggetto JSON.", IT_TABLE + "Restituiscimi un oggetto JSON solo con modello."),
    ("only-subset/en", "Generate a JSON object from this table:\n" + EN_TABLE, "Generate a JSON object with only host from this table:\n" + EN_TABLE),
    ("changed-key/it", IT_TABLE + "Convertilo in JSON.", IT_TABLE + "Convertilo in JSON, con anno rinominato in year."),
    ("unit/de", DE_TABLE + "Bitte als JSON-Objekt.", DE_TABLE + "Bitte als JSON-Objekt, menge in Dutzend."),
    ("optional/en", "Generate a JSON object from this table:\n" + EN_TABLE, "Generate a JSON object from this table, port optional:\n" + EN_TABLE),
    ("nested-leaf/en", "Generate a JSON object from this table:\n" + EN_TABLE,
     "Generate a JSON object from this table with host and port nested under db:\n" + EN_TABLE),
    ("two-values-one-key/it", IT_TABLE + "Convertilo in JSON.",
     "| chiave | valore |\n|---|---|\n| modello | Punto |\n| anno | 2018 |\n| anno | 2019 |\n\nConvertilo in JSON."),
    ("another-entity/pt", "Tabela markdown para JSON:\n" + PT_TABLE, "Tabela markdown para JSON, com a cor do outro produto:\n" + PT_TABLE),
    ("value-verb-round/en", "Generate a JSON object from this table:\n" + EN_TABLE, "Round this table into a JSON object:\n" + EN_TABLE),
    ("value-verb-translate/it", IT_TABLE + "Convertilo in JSON.", IT_TABLE + "Traducilo in JSON."),
    ("value-verb-fill/es", ES_TABLE + "Conviértela en JSON.", ES_TABLE + "Rellénala en JSON."),
    ("markdown-target/pt", "Tabela markdown para JSON:\n" + PT_TABLE, "Tabela JSON para markdown:\n" + PT_TABLE),
    ("schema/en", "Generate a JSON object from this table:\n" + EN_TABLE, "Generate a JSON schema from this table:\n" + EN_TABLE),
]


@pytest.mark.parametrize(("cls", "served", "trap"), TRAPS, ids=[case[0] for case in TRAPS])
def test_trap_is_no_claim(cls: str, served: str, trap: str) -> None:
    assert read_paste(trap) is None, cls
    assert_red_team_pair_not_served(served, trap)
    assert_models_answer_kept(trap)


@pytest.mark.parametrize("word", ["Round", "Translate", "Fill", "Express", "Populate", "Complete"])
def test_a_value_changing_verb_is_no_request_word(word: str) -> None:
    """The verbs left out of the pastes tables: a request holding one is no claim in every table."""
    assert read_paste(f"{word} this table as a JSON object:\n" + EN_TABLE) is None


# -- (2) the .env file named in every table, "nach" / "sous forme de", kept types joined by commas ----------------------
ENV_EN = "Convert this .env to JSON (numbers as numbers, booleans as booleans):\nDEBUG=false\nWORKERS=4\nREGION=eu-west-1"
ENV_FR = "Transforme ce .env en JSON (les nombres en nombres) :\nPORT=8080\nMODE=prod"
ENV_DE = ".env nach JSON, Zahlen als Zahlen:\nPORT=8080\nHOST=localhost"
ENV_DE_STRINGS = ".env nach JSON, alle Werte als Strings:\nPORT=8080\nMODE=prod"
ENV_IT = "Converti questo .env in JSON:\nPORT=8080\nMODE=prod"
CSV_FR = "Mets cette ligne CSV sous forme d'objet JSON :\nville,habitants\nLyon,522000"

SERVED_ENV: list[tuple[str, str, str, Obj]] = [
    ("en-keeps-joined-by-comma", ENV_EN, ENV_EN.replace("WORKERS=4", "WORKERS=8"), {"DEBUG": False, "WORKERS": 8, "REGION": "eu-west-1"}),
    ("fr-env-det-keep", ENV_FR, ENV_FR.replace("8080", "9090"), {"PORT": 9090, "MODE": "prod"}),
    ("de-nach", ENV_DE, ENV_DE.replace("8080", "9090"), {"PORT": 9090, "HOST": "localhost"}),
    ("de-nach-all-strings", ENV_DE_STRINGS, ENV_DE_STRINGS.replace("8080", "9090"), {"PORT": "9090", "MODE": "prod"}),
    ("it-env", ENV_IT, ENV_IT.replace("MODE=prod", "MODE=dev"), {"PORT": 8080, "MODE": "dev"}),
    ("fr-sous-forme-de", CSV_FR, CSV_FR.replace("Lyon,522000", "Nantes,320000"), {"ville": "Nantes", "habitants": 320000}),
]


@pytest.mark.parametrize(("cls", "first", "second", "expected"), SERVED_ENV, ids=[case[0] for case in SERVED_ENV])
def test_env_and_notes_served_proven_and_exactly_right(cls: str, first: str, second: str, expected: Obj) -> None:
    test_served_proven_and_exactly_right(cls, first, second, expected)


TRAPS_ENV: list[tuple[str, str, str]] = [
    ("changed-type-first/en", ENV_EN, ENV_EN.replace("(numbers as numbers,", "(numbers as strings,")),
    ("changed-type-later/en", ENV_EN, ENV_EN.replace("booleans as booleans)", "booleans as strings)")),
    ("changed-type-third/en", ENV_EN, ENV_EN.replace("booleans as booleans)", "booleans as booleans, numbers as strings)")),
    ("changed-type/fr", ENV_FR, ENV_FR.replace("(les nombres en nombres)", "(les nombres en chaînes)")),
    ("negation/de", ENV_DE, ENV_DE.replace(".env nach JSON,", ".env nicht nach JSON,")),
    ("other-format/de", ENV_DE, ENV_DE.replace("nach JSON", "nach YAML")),
    ("array/fr", CSV_FR, CSV_FR.replace("sous forme d'objet JSON", "sous forme de tableau JSON")),
    ("array/en", ENV_EN, ENV_EN.replace("to JSON (", "to a JSON array (")),
    ("unit/de", ENV_DE, ENV_DE.replace("Zahlen als Zahlen:", "Zahlen als Zahlen, PORT in Kilobyte:")),
    ("only/de", ENV_DE, ENV_DE.replace("Zahlen als Zahlen:", "nur PORT:")),
    ("optional/en", ENV_EN, ENV_EN.replace("booleans as booleans)", "booleans as booleans, REGION optional)")),
    ("nested/en", ENV_EN, ENV_EN.replace("):\n", ") nested under config:\n")),
    ("renamed-key/it", ENV_IT, ENV_IT.replace("in JSON:", "in JSON, con PORT rinominato in porta:")),
    ("two-values-one-key/it", ENV_IT, ENV_IT + "\nPORT=9090"),
]


@pytest.mark.parametrize(("cls", "served", "trap"), TRAPS_ENV, ids=[case[0] for case in TRAPS_ENV])
def test_env_trap_is_no_claim(cls: str, served: str, trap: str) -> None:
    test_trap_is_no_claim(cls, served, trap)


# -- (3) the sheet after the row's noun in "Here is a <row> <sheet>" (fr "Voici une ligne CSV"), "the header is the keys" ----
HERE_FR = "Voici une ligne CSV, transforme-la en objet JSON :\nref,quantite,prix\nX12,3,9.5"
HEADER_ES = "Pasa esta fila CSV a un objeto JSON (la cabecera son las claves):\nid,cantidad,almacen\n301,12,Madrid"
HEADER_EN = "Convert this CSV row to JSON (the header is the keys):\nid,qty\n3,18"

SERVED_HEADER: list[tuple[str, str, str, Obj]] = [
    ("fr-here-row-sheet", HERE_FR, HERE_FR.replace("X12,3,9.5", "Y40,8,12.25"), {"ref": "Y40", "quantite": 8, "prix": 12.25}),
    ("es-header-is-keys", HEADER_ES, HEADER_ES.replace("301,12", "301,18"), {"id": 301, "cantidad": 18, "almacen": "Madrid"}),
    ("en-header-is-keys", HEADER_EN, HEADER_EN.replace("3,18", "4,20"), {"id": 4, "qty": 20}),
]


@pytest.mark.parametrize(("cls", "first", "second", "expected"), SERVED_HEADER, ids=[case[0] for case in SERVED_HEADER])
def test_header_and_source_served_proven_and_exactly_right(cls: str, first: str, second: str, expected: Obj) -> None:
    test_served_proven_and_exactly_right(cls, first, second, expected)


TRAPS_HEADER: list[tuple[str, str, str]] = [
    ("negation/es", HEADER_ES, HEADER_ES.replace("la cabecera son las claves", "la cabecera no son las claves")),
    ("header-not-keys/en", HEADER_EN, HEADER_EN.replace("the header is the keys", "the header is not the keys")),
    ("header-is-values/en", HEADER_EN, HEADER_EN.replace("the header is the keys", "the header is the values")),
    ("another-row/fr", HERE_FR, HERE_FR.replace("Voici une ligne CSV,", "Voici une autre ligne CSV,")),
    ("array/fr", HERE_FR, HERE_FR.replace("en objet JSON", "en tableau JSON")),
    ("type/es", HEADER_ES, HEADER_ES.replace("(la cabecera son las claves)", "(la cabecera son las claves, id como texto y cantidad en docenas)")),
]


@pytest.mark.parametrize(("cls", "served", "trap"), TRAPS_HEADER, ids=[case[0] for case in TRAPS_HEADER])
def test_header_trap_is_no_claim(cls: str, served: str, trap: str) -> None:
    test_trap_is_no_claim(cls, served, trap)


# -- property: a key/value table under a widened request reads its keys and cells exactly as written -----------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_REQUESTS = ["Convertilo in JSON.", "Trasformala in un oggetto JSON.", "Restituiscimi un oggetto JSON.", "Bitte als JSON-Objekt."]
_KEY = st.from_regex(r"[a-z]{3,8}_[a-z]{2,6}", fullmatch=True)  # an underscore: never a table word


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(keys=st.lists(_KEY, min_size=2, max_size=4, unique=True), values=st.lists(st.integers(0, 10**6), min_size=4, max_size=4),
       request=st.sampled_from(_REQUESTS))
def test_a_table_reads_its_cells_as_written(keys: list[str], values: list[int], request: str) -> None:
    header = "| chiave | valore |" if request[0] != "B" else "| Schlüssel | Wert |"
    rows = "".join(f"| {key} | {value} |\n" for key, value in zip(keys, values))
    read = read_paste(f"{header}\n|---|---|\n{rows}\n{request}")
    assert read is not None
    assert list(read.keys) == keys and {k: s.value for k, s in read.statements.items()} == dict(zip(keys, values))


@settings(max_examples=24, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(keys=st.lists(_KEY, min_size=2, max_size=3, unique=True), request=st.sampled_from(_REQUESTS),
       extra=st.sampled_from(["non ", "nicht ", "solo ", "nur ", "arrotonda ", "traduci ", "rund ", "opzionale "]))
def test_a_word_the_table_lacks_or_a_negation_is_no_claim(keys: list[str], request: str, extra: str) -> None:
    header = "| chiave | valore |" if request[0] != "B" else "| Schlüssel | Wert |"
    rows = "".join(f"| {key} | 7 |\n" for key in keys)
    assert read_paste(f"{header}\n|---|---|\n{rows}\n{extra}{request}") is None
