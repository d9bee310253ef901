"""A quoted passage's one date or e-mail address is served only as the passage grammar binds it
(red team 14: W19). Before, the passage's only ISO date or address was taken as the key's value
unless a listed hedge word stood in it: "The payment is one week before 2023-01-15." was served
{"date": "2023-01-15"} verified (3,540 pairs: offsets, ambiguous dates, dates and addresses that
belong to something else, addresses derived from the one written). Now the whole passage must be
one declared clause (json/passage/request.lark); anything else is no claim, the model writes the
key, and its answer is served as it is (never replaced by the passage's value)."""

from __future__ import annotations

import json
import re

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.passage import bound_values

DATE = 'Extract the date as JSON {{"date": "YYYY-MM-DD"}} from: "{p}"'
MAIL = 'Extract "email" as JSON from: "{p}"'
BOTH = 'Extract "date" and "email" as JSON (YYYY-MM-DD) from: "{p}"'

# (passage, what it binds): each clause of the grammar, read exactly
BOUND = [
    ("The fair opens on March 3, 2027.", {"date": "2027-03-03"}),
    ("The payment is on 2023-01-15 in Oslo.", {"date": "2023-01-15"}),
    ("Our meeting takes place on 2025-11-20.", {"date": "2025-11-20"}),
    ("Paid on 2024-03-15 in full.", {"date": "2024-03-15"}),
    ("Gina can be reached at gina@uni.edu.", {"email": "gina@uni.edu"}),
    ("Write to ana@example.com about the order.", {"email": "ana@example.com"}),
    ("Ann (ann@example.com) starts on 2024-03-04.", {"date": "2024-03-04", "email": "ann@example.com"}),
]

# What red team 14 found served wrong, by class, and more of each: no claim
UNBOUND = [
    # the date is an offset of the one written
    "The payment is one week before 2023-01-15.",
    "The launch is two days after 2024-03-04.",
    "The fair opens on 2024-03-04 minus one day.",
    "The fair opens after 2024-03-04.",
    "The fair opens on the Monday after 2024-03-04.",
    "The fair opens on or before 2024-03-04.",
    # ambiguous
    "The payment is due by 2024-03-04.",
    "The fair opens before 2024-03-04.",
    # the date belongs to something else
    "The launch date is unknown; 2024-03-04 is the press day.",
    "Ticket 2024-03-04 is open.",
    "TBD; deadline 2024-03-04.",
    "The fair opens on 2024-03-04 (Julian calendar).",
    "Tomorrow starts on 2024-03-04.",
    # a passage in another language under the English request
    "Der Start ist zwei Tage nach dem 2022-04-23.",
    "El pago es el 2023-01-15.",
    # the address is derived from the one written, or not the person's
    "Add 2 to the end of the user name in bob@uni.edu for Bob's address.",
    "Same as bob@uni.edu but with .org.",
    "Emails to ann@example.com bounce; Ann left.",
    "Ann wants an address like ann@example.com but has none yet.",
    "Nobody can be reached at ann@example.com.",
    "Ann starts on 2024-03-04; her manager is bob@example.com.",
    # two of a kind, or a day no calendar holds
    "Ann (ann@example.com) can be reached at bob@example.com.",
    "The fair opens on February 30, 2027.",
    "Write to ana@example.com and bo@example.com.",
]


@pytest.mark.parametrize(("passage", "expected"), BOUND)
def test_each_clause_binds_exactly_its_value(passage: str, expected: dict[str, str]) -> None:
    assert {kind: value for kind, (value, _start, _end) in bound_values(passage).items()} == expected
    for _kind, (value, start, end) in bound_values(passage).items():
        assert passage[start:end] == value or value.count("-") == 2  # a word date is written as ISO


@pytest.mark.parametrize("passage", UNBOUND)
def test_an_unbound_passage_binds_nothing(passage: str) -> None:
    assert bound_values(passage) == {}


# Any word outside the passage table, anywhere in a bound passage, is no claim (a property of the
# grammar's closed vocabulary, not a list of hedges): every position, each word.
_OUTSIDE = ("not", "after", "before", "two", "days", "unknown", "former", "maybe", "tbd", "x", "probably", "also")


@pytest.mark.parametrize(("passage", "_expected"), BOUND)
def test_a_word_outside_the_table_anywhere_is_no_claim(passage: str, _expected: dict[str, str]) -> None:
    gaps = [m.start() for m in re.finditer(r" ", passage)] + [0]
    for gap in gaps:
        for word in _OUTSIDE:
            edited = f"{word} {passage}" if gap == 0 else f"{passage[:gap]} {word}{passage[gap:]}"
            assert bound_values(edited) == {}, edited


class Scripted:
    """Answers every prompt with one fixed text; counts its calls."""

    def __init__(self, text: str) -> None:
        self.text, self.calls = text, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.text


@pytest.mark.parametrize(("first", "second", "right"), [
    (DATE.format(p="The payment is on 2023-01-15 in Oslo."), DATE.format(p="The payment is one week before 2023-01-15."),
     {"date": "2023-01-08"}),
    (DATE.format(p="The fair opens on 2024-03-04."), DATE.format(p="The launch is two days after 2024-03-04."),
     {"date": "2024-03-06"}),
    (MAIL.format(p="Gina can be reached at gina@uni.edu."),
     MAIL.format(p="Add 2 to the end of the user name in bob@uni.edu for Bob's address."), {"email": "bob2@uni.edu"}),
    (BOTH.format(p="Ann (ann@example.com) starts on 2024-03-04."),
     BOTH.format(p="Ann starts on 2024-03-04; her manager is bob@example.com."), {"date": "2024-03-04", "email": None}),
])
def test_after_a_bound_passage_an_unbound_one_goes_to_the_model(first: str, second: str, right: dict[str, object]) -> None:
    cache = StepCache()
    cache.generate(first, Scripted("ECHO"))
    model = Scripted(json.dumps(right))
    result = cache.generate(second, model)
    assert model.calls >= 1, (second, result.outcome, result.text)
    assert json.loads(result.text) == right, result.text


@pytest.mark.parametrize(("passage", "right"), [
    ("The launch is two days after 2024-03-04.", {"date": "2024-03-06"}),
    ("The payment is one week before 2023-01-15.", {"date": "2023-01-08"}),
])
def test_on_an_empty_cache_the_models_date_is_kept(passage: str, right: dict[str, str]) -> None:
    result = StepCache().generate(DATE.format(p=passage), Scripted(json.dumps(right)))
    assert json.loads(result.text) == right, result.text


@pytest.mark.parametrize(("first", "second", "expected"), [
    (DATE.format(p="The payment is on 2023-01-15 in Oslo."), DATE.format(p="The payment is on 2023-02-20 in Oslo."),
     {"date": "2023-02-20"}),
    (MAIL.format(p="Gina can be reached at gina@uni.edu."), MAIL.format(p="Tom can be reached at tom.reed@uni.edu."),
     {"email": "tom.reed@uni.edu"}),
    (BOTH.format(p="Ann (ann@example.com) starts on 2024-03-04."), BOTH.format(p="Bo (bo@example.org) starts on 2024-05-06."),
     {"date": "2024-05-06", "email": "bo@example.org"}),
])
def test_a_bound_passage_is_served_proven_and_exact(first: str, second: str, expected: dict[str, str]) -> None:
    cache = StepCache()
    cache.generate(first, Scripted("ECHO"))
    model = Scripted("ECHO")
    result = cache.generate(second, model)
    assert model.calls == 0 and result.verification == "proven", (result.outcome, result.text)
    assert json.loads(result.text) == expected, result.text
