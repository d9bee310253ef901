"""wip/fuzz0 (found by the default fuzz campaign, seed 0, json_passage/negation): after 'O cliente Tiago pagou 87
reais.' was cached, 'O cliente Tiago Not pagou 87 reais.' was served {"cliente": "Tiago Not", "valor": 87} without a
model call. 'Not' is no Portuguese word, so the Portuguese table read it as a capitalised name word; but a careful
reader may take it for the English negation ("Tiago did not pay"): a second reading. The same held for 'Never',
'Nicht', 'Non', 'No' and for the labelled statements of the main reader ('Stadt Not Kiel', 'Name: Priya Non').

Closed by construction: each passage table lists its negation words ("negations", data); a capitalised negation of
ANY table is no name and no part of one, in a passage of any language (the passage lexer reads it as NOT_VALUE,
derived by no rule) and in a said name of the main reader (``reader._never_a_name``). A name of several words
without one ("Tiago Silva", "Bad Segeberg", "Priya Kumar") is still read as written."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.passage import framed_values, negations
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import assert_models_answer_kept, assert_red_team_pair_not_served

PT = 'Extraia um JSON com as chaves "cliente" e "valor" de: "O cliente {c} pagou 87 reais."'
ES = 'Extrae un JSON con las claves "producto" y "precio" de: "La {p} cuesta 39 euros."'
DE = 'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt {c}, Einwohner 247000'
EN = 'Return a JSON object with keys "name" and "age". Name: {n}, Age: 29'

NEGATED = [
    PT.format(c="Tiago Not"), PT.format(c="Tiago Never"), PT.format(c="Tiago Nicht"), PT.format(c="Tiago Non"),
    PT.format(c="Tiago No"), PT.format(c="Not Tiago"), PT.format(c="Tiago Nie"), PT.format(c="Tiago Jamais"),
    DE.format(c="Not Kiel"), DE.format(c="Kiel Never"), DE.format(c="Non Kiel"),
    EN.format(n="Priya Non"), EN.format(n="Nie Priya"), EN.format(n="Priya Nicht"),
]


@pytest.mark.parametrize("prompt", NEGATED)
def test_a_negation_of_any_table_in_a_name_is_no_claim(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not any(isinstance(s.value, str) and any(w in s.value.split() for w in
                                                                   ("Not", "Never", "Nicht", "Non", "No", "Nie", "Jamais"))
                                   for s in read.statements.values()), read


@pytest.mark.parametrize("passage", ["O cliente Tiago Not pagou 87 reais.", "O cliente Never Tiago pagou 87 reais."])
def test_the_passage_frame_binds_nothing_with_a_negation(passage: str) -> None:
    assert framed_values(passage, ["cliente", "valor"], "pt") == {}


@pytest.mark.parametrize(("first", "second"), [
    (PT.format(c="Tiago"), PT.format(c="Tiago Not")),
    (PT.format(c="Tiago"), PT.format(c="Tiago Never")),
    (PT.format(c="Rita"), PT.format(c="Rita Nicht")),
    (DE.format(c="Kiel"), DE.format(c="Not Kiel")),
    (EN.format(n="Priya"), EN.format(n="Priya Non")),
])
def test_never_served_and_the_models_answer_kept(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
    assert_models_answer_kept(second)


@pytest.mark.parametrize(("prompt", "key", "value"), [
    (PT.format(c="Tiago Silva"), "cliente", "Tiago Silva"),
    (DE.format(c="Bad Segeberg"), "stadt", "Bad Segeberg"),
    (EN.format(n="Priya Kumar"), "name", "Priya Kumar"),
])
def test_a_name_of_several_words_without_a_negation_is_read(prompt: str, key: str, value: str) -> None:
    read = read_request(prompt)
    assert read is not None and read.statements[key].value == value


def test_every_table_lists_its_negations() -> None:
    assert {"not", "never", "nicht", "non", "nie", "nunca", "jamais"} <= negations()


@pytest.mark.parametrize(("first", "second"), [
    # a table's own negation, decided by its own NOT_VALUE class (the cross-table rule reads other tables' only)
    ('Extrae un JSON con las claves "producto" y "precio" de: "La chaqueta cuesta 39 euros."',
     'Extrae un JSON con las claves "producto" y "precio" de: "La chaqueta No cuesta 39 euros."'),
    ('Extrahiere ein JSON mit den Schlüsseln "name" und "alter" aus: "Lena ist 35 Jahre alt."',
     'Extrahiere ein JSON mit den Schlüsseln "name" und "alter" aus: "Lena Niemals ist 35 Jahre alt."'),
    (PT.format(c="Tiago"), PT.format(c="Tiago Jamais")),
])
def test_an_own_negation_is_never_served_either(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)


def test_the_open_finding_is_closed() -> None:
    from tests.fuzz.judge import OPEN_FINDINGS, open_finding

    assert "json-capitalised-negation-in-name" not in {name for name, _, _ in OPEN_FINDINGS}
    assert open_finding(DE.format(c="Not Kiel")) is None  # a served one would now count as a violation
