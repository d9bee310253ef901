"""wip/cleanup: the JSON reader's own CSV line (a hand splitter) is gone; a header line and one data
row are read by json/pastes.py (the stdlib csv module), whose comma dialect skips the spaces after a
comma as the splitter did. Served exactly by the cache alone; a space before a comma, or a cell no
rule types, stays with the model."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from tests._pairs import exact_object, read_stated, served_after

PAIRS = [
    ("Convert this to JSON:\nname, age\nAna, 31", "Convert this to JSON:\nname, age\nEva, 42", {"name": "Eva", "age": 42}),
    ('Convert this to JSON:\nname, zip\n"Ana", "01234"', 'Convert this to JSON:\nname, zip\n"Ana", "04321"',
     {"name": "Ana", "zip": "04321"}),
    ("Convert this CSV to JSON:\nsku,qty,price\nAB-100,3,24.99", "Convert this CSV to JSON:\nsku,qty,price\nAB-100,4,24.99",
     {"sku": "AB-100", "qty": 4, "price": 24.99}),
]


@pytest.mark.parametrize(("first", "second", "expected"), PAIRS)
def test_a_csv_row_is_served_exactly_through_the_paste_reader(first: str, second: str, expected: dict[str, object]) -> None:
    assert read_stated(second) == (tuple(expected), expected)
    served, obj = served_after(first, second)
    assert served and exact_object(obj, expected), obj


@pytest.mark.parametrize("prompt", [
    "Convert this to JSON:\nname ,age\nAna ,31",        # a space before the comma: the cell's or the layout's?
    "Convert this to JSON:\nname, age\nAna, 31\nEva, 42",  # two data rows: an array, not one object
    "Convert this to JSON:\nname, age\nAna, 1,5",       # a row of another width
    "Convert this to JSON:\nname, age\nAna, 31%",       # a cell no rule types
])
def test_a_csv_trap_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt
