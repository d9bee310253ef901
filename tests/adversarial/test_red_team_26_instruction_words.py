"""Red team 26 (README-only, black box on 74f602b0): a word after a key name in a sentence was stored as
that key's stated value and served proven, without a model call: "... for the city Paris, with its country
code." came back {"city": "Paris", "country": "code"} verified (class A: transform words, "implied",
"opposite", Title-Case phrases such as "Official Name", codes such as "ISO3", in en es fr it pt; class B:
"tonight", "EOD", "weekly" as a date). 1,345 rows (tests/fixtures/red_team_26_rows.json), 1,145 + 200 served
wrong, all verified=True, 1,000 with 0 model calls.

Now a string stated in a sentence needs evidence of being data (core/tasks/json/reader.py ``_values_evident``):
quotes; a data form (a statement on its own line, "key=value", "key - value", a run of statements joined only
by commas, semicolons or "and" that opens the prompt, a line, a sentence or a colon); a shape no descriptive
word has (an e-mail address, a dotted host or file name, a URL); or one capitalised word ("with the country
France"). Anything else in a sentence is no claim: the model answers, and the exact tier keeps its answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.messages import HumanMessage

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import ai, scripted

from .harness import FixedReplyModel, NeverRightModel

ROWS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "red_team_26_rows.json").read_text())


def test_every_saved_row_costs_a_model_call_and_is_never_served_as_it_was() -> None:
    wrong = []
    for row in ROWS:
        cache = StepCache()
        cache.generate(row["first"], FixedReplyModel(row["cached_answer"]))
        model = NeverRightModel()
        result = cache.generate(row["second"], model)
        if result.model_calls == 0 or result.verification == "proven" or result.text.strip() == row["served_on_74f602b0"].strip():
            wrong.append((row["second"], result.outcome, result.text))
    assert not wrong, (len(wrong), wrong[:5])


DESCRIBING = ["code", "abbreviated", "implied", "opposite", "ISO3", "TLD", "EOD", "Official Name", "Title Case",
              "tonight", "weekly", "alpha-2", "Left Blank", "ISO Code", "snake_case", "2-letter"]
FORMS = [
    'Return JSON with fields "city" and "country" for the city Paris, with its country {w}.',
    'Return JSON with fields "city" and "country" for the city Paris, with the country {w}.',
    'Return JSON with fields "city" and "country" for the city Paris, where the country is {w}.',
    'Return JSON with fields "city" and "country" for the city Paris; country: {w}.',
    'Give me a JSON object with keys "city" and "country" for the city Paris, with country {w}.',
]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("word", DESCRIBING)
def test_a_word_in_a_sentence_states_no_value(form: str, word: str) -> None:
    read = read_request(form.format(w=word))
    assert read is None or read.statements.get("country") is None or read.statements["country"].value != word, read


@pytest.mark.parametrize("prompt", [
    'Devuelve un objeto JSON con las claves "ciudad" y "pais" para la ciudad París, con el pais ISO.',
    'Renvoie un objet JSON avec les clés "ville" et "pays" pour la ville Paris, avec le pays ISO.',
    'Restituisci un oggetto JSON con le chiavi "citta" e "paese" per la citta Roma, con il paese codice.',
])
def test_other_tables_state_no_describing_word(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or all(str(st.value) not in ("ISO", "codice") for st in read.statements.values()), read


# Data forms and data shapes keep their reach
STATED = [
    ('Return JSON with fields "city" and "country" for the city Paris, with the country France.',
     {"city": "Paris", "country": "France"}),
    ('Return JSON with keys "name" and "city".\nname: Ann\ncity: implied', {"name": "Ann", "city": "implied"}),
    ('Return JSON with keys "name" and "city". name: Ann, city: implied', {"name": "Ann", "city": "implied"}),
    ('JSON with "user" and "active": user alice, active true', {"user": "alice", "active": True}),
    ('Produce a JSON object with keys "host" and "port" where host is db.internal and port is 5432.',
     {"host": "db.internal", "port": 5432}),
    ("Return JSON with keys name and email: name Omar, email omar@x.com", {"name": "Omar", "email": "omar@x.com"}),
    ('Return JSON with fields "city" and "country" for the city Paris, with the country "code".',
     {"city": "Paris", "country": "code"}),
    ('Return a JSON object with keys "level" and "code": level=warn, code=429', {"level": "warn", "code": 429}),
]


@pytest.mark.parametrize(("prompt", "values"), STATED)
def test_a_value_stated_as_data_is_still_read(prompt: str, values: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == values, read


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=12).filter(
    lambda w: w not in {"true", "false", "yes", "no", "null", "none", "and", "or", "not", "only", "please", "json"})


@settings(max_examples=60, deadline=None, derandomize=True)
@given(word=_WORD, form=st.sampled_from(FORMS))
def test_no_lowercase_word_in_a_sentence_is_served_as_a_value(word: str, form: str) -> None:
    cache = StepCache()
    cache.generate(form.format(w="France"), FixedReplyModel('{"city": "Paris", "country": "France"}'))
    model = NeverRightModel()
    result = cache.generate(form.format(w=word), model)
    assert result.model_calls == 1 and result.verification != "proven", (word, result.text)


def test_the_langchain_wrapper_asks_the_model() -> None:
    first = 'Return JSON with fields "city" and "country" for the city Paris, with the country France.'
    second = 'Return JSON with fields "city" and "country" for the city Paris, with its country code.'
    model = scripted(ai('{"city": "Paris", "country": "France"}'), ai('{"city": "Paris", "country": "FR"}'))
    wrapped = with_step_cache(model, StepCache())
    wrapped.invoke([HumanMessage(first)])
    answer = wrapped.invoke([HumanMessage(second)])
    assert json.loads(answer.content) == {"city": "Paris", "country": "FR"}, answer.content
