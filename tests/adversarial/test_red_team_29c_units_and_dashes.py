"""Red team 29c (README-only, short, on e0933035): two classes left by this session's rules, stamped verified=True.

1. A unit word after a number was read as a key joined to its value by a space: 'with name "Bob", height 1, cm 80'
   served {"name": "Bob", "height": 1, "cm": 80} (1.8 m meant), 'age 30, months 6', 'duration 1, minutes 30',
   'distance 5, m 200', in every language (fr 'mois 6'); six right model answers were replaced (25 rows with 0
   calls). A unit key is no evidence of naming a key so written (json/reader.py ``_KEY_NOUN_MAPS``); fr 'mois' (one
   form for month and months) left the key nouns.
2. An en dash after "=" before a term with a letter: after 'Solve 3x + 5 = 20 for x.', '3x + 5 = 20 – x?' was reused
   (x = 5: a pause, then "x?" asks x), though read as a minus it is 15/4 (43 rows, every language, histories, "??");
   the em dash too. Both readings exist: no claim (linear/symbols.py ``_dashes_as_minus``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

ROWS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "red_team_29c_rows.json").read_text())
UNIT_ROWS = [r for r in ROWS["json_unit_keys"] if "unit word" in r["class"] or "replaced" in r["class"] and " for user " not in r["second"]]


def _echo(prompt: str) -> str:
    return "I don't know."


@pytest.mark.parametrize("row", UNIT_ROWS, ids=lambda r: r["second"][:50])
def test_a_unit_after_a_number_is_no_key(row: dict) -> None:
    assert read_request(row["second"]) is None
    cache = StepCache()
    cache.generate(row["first"], _echo)
    result = cache.generate(row["second"], _echo)
    assert not (result.verified and result.text == row["text"])


@pytest.mark.parametrize("row", ROWS["linear_dash_before_a_term"], ids=lambda r: r["second"][:50])
def test_a_dash_after_equals_before_a_term_is_no_claim(row: dict) -> None:
    cache = StepCache()
    cache.generate(row["first"], _echo)
    result = cache.generate(row["second"], _echo)
    assert result.text != row["text"]


@pytest.mark.parametrize("prompt", ["3x + 5 = 20 – x?", "3x + 5 = 20 — x?", "Solve x + 4 = 10 – x?", "x – 3 = 5 – x?"])
def test_dash_forms_with_two_readings_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None


@pytest.mark.parametrize(("prompt", "solution"), [
    ("Solve 3x + 5 = 20 – 4", {"x": 11 / 3}),  # a number after the dash: a minus
    ("Solve x – y = 2 and x + y = 6.", {"x": 4, "y": 2}),
    ("Solve 3x + 5 = 20 — find x", {"x": 5}),  # a word after the dash: a pause
    ("Exercise 3 – solve 2x = 4", {"x": 2}),
])
def test_dash_forms_with_one_reading_are_read(prompt: str, solution: dict) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and {k: float(v) for k, v in problem.solution.items()} == pytest.approx(solution)


def test_keys_named_by_the_tables_are_still_read() -> None:
    read = read_request('Return a JSON object for a person with name "Bob", age 30, height 180.')
    assert read is not None and {k: st.value for k, st in read.statements.items()} == {"name": "Bob", "age": 30, "height": 180}
