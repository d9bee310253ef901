"""Red team 29b (README-only, short, on 16a10a87): two classes in this session's widenings, stamped verified=True.

1. An en dash with an "=" on each side ("Solve x + y = 10 – x – y = 4.") was read as a pause between two equations
   for one dash and as a minus for the other: the system x + y = 10; x − y = 4 was proven and x = 7, y = 3 served
   (0 calls, or the model's answer replaced), though read as one chain it has no solution (14 rows). Such a dash is
   a minus in one chain or a pause: both readings exist, so no claim (linear/symbols.py ``_dashes_as_minus``).
2. A determiner before a key joined to its value by a space ("age 30, this year 31", "el año 31", "l'année 31",
   "этот год 31", "这个年份 31") made a time said in a sentence a key of the object (43 rows), and expression keys
   ("итого", "всего": in all) and it "ora" (now) were read as keys (7 rows). A determiner before an unlisted key
   so written is no claim (json/reader.py ``_determined``); expression keys name no key so written.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

ROWS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "red_team_29b_rows.json").read_text())


def _echo(prompt: str) -> str:
    return "I don't know."


@pytest.mark.parametrize("row", ROWS["linear_dash_chains"], ids=lambda r: r["second"][:40])
def test_a_dash_between_two_equals_signs_is_no_claim(row: dict) -> None:
    assert understand_prompt(row["second"]) is None
    cache = StepCache()
    cache.generate(row["first"], _echo)
    assert cache.generate(row["second"], _echo).text != row["text"]


@pytest.mark.parametrize("row", ROWS["json_determined_keys"], ids=lambda r: r["second"][:40])
def test_a_time_said_with_a_determiner_is_no_key(row: dict) -> None:
    assert read_request(row["second"]) is None
    cache = StepCache()
    cache.generate(row["first"], _echo)
    result = cache.generate(row["second"], _echo)
    assert not (result.verified and result.text == row["text"])


@pytest.mark.parametrize(("prompt", "solution"), [
    ("Solve x – y = 2 and x + y = 6.", {"x": 4, "y": 2}),
    ("Solve 3x – 5 = 20", {"x": 25 / 3}),
    ("Solve x + y = 10 and x – y = 4.", {"x": 7, "y": 3}),
])
def test_a_dash_with_one_reading_is_still_a_minus(prompt: str, solution: dict) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and {k: float(v) for k, v in problem.solution.items()} == pytest.approx(solution)


@pytest.mark.parametrize("prompt", ["Solve x = 2 – y = 3", "Solve 2x + y = 10 – x – y = 2", "x + y = 10 – x − y = 4"])
def test_chains_through_a_dash_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None


@pytest.mark.parametrize(("prompt", "stated"), [
    ("hey can u give me json for a book: title Dune, year 1965, pages 412", {"title": "Dune", "year": 1965, "pages": 412}),
    ("Return JSON with keys name and year: name Ana, the year 1999.", {"name": "Ana", "year": 1999}),  # listed
    ("Create a JSON object with the name Ana and the age 31.", {"name": "Ana", "age": 31}),  # an article, no time noun
])
def test_keys_without_a_determiner_or_listed_are_still_read(prompt: str, stated: dict) -> None:
    read = read_request(prompt)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == stated
