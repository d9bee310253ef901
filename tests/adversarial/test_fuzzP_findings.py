"""wip/fuzzP: the prompt-edit fuzzer's JSON finding 'about age 31' (a hedge made exact).

'Return a JSON object with name "Ana", about age 31.' was read as age 31: "about" is a "for" word of the English
table (a JSON object *about* a person), and the grammar's "for <statement>" (entity_stmt) read the statement after
it as said. Before a statement that word is a hedge (an approximate value, de "über" a bound): the table's
"hedge_words" name them, and a statement after one is no claim (json/reader.py ``_hedged``). "About a person" (an
entity noun, no statement) and "for age 31" stay read.
"""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from tests.adversarial.harness import assert_models_answer_kept, assert_red_team_pair_not_served

HEDGED = [
    ('Return a JSON object with name "Ana", age 31.', 'Return a JSON object with name "Ana", about age 31.'),
    ('Return a JSON object with name "Ana", for age 31.', 'Return a JSON object with name "Ana", about age 31.'),
    ('Gib mir ein JSON mit name "Ana", für alter 31.', 'Gib mir ein JSON mit name "Ana", über alter 31.'),
    ('Devuelve un objeto JSON con nombre "Ana", para edad 31.', 'Devuelve un objeto JSON con nombre "Ana", sobre edad 31.'),
    ('Retorne um objeto JSON com nome "Ana", para idade 31.', 'Retorne um objeto JSON com nome "Ana", sobre idade 31.'),
]


@pytest.mark.parametrize(("first", "second"), HEDGED)
def test_a_statement_after_a_hedge_word_is_no_claim(first: str, second: str) -> None:
    assert read_request(first) is not None, first  # the base is read: the pair tests the hedge alone
    assert read_request(second) is None, second
    assert_red_team_pair_not_served(first, second)


@pytest.mark.parametrize("prompt", [second for _first, second in HEDGED])
def test_the_models_answer_to_a_hedged_statement_is_kept(prompt: str) -> None:
    assert_models_answer_kept(prompt)


@pytest.mark.parametrize(("prompt", "keys"), [
    ('Return a JSON object with name "Ana", for age 31.', ("name", "age")),  # "for": no hedge
    ('Return a JSON object about a person with name "Bob", age 30.', ("name", "age")),  # "about" an entity noun
    ('Gib mir ein JSON mit name "Ana", für alter 31.', ("name", "alter")),
    ('Devuelve un objeto JSON con nombre "Ana", para edad 31.', ("nombre", "edad")),
])
def test_a_for_word_that_is_no_hedge_stays_read(prompt: str, keys: tuple[str, ...]) -> None:
    read = read_request(prompt)
    assert read is not None and tuple(read.keys) == keys, prompt
