"""wip/cleanE: W26's "and ended the list" on wip/jsonR6's labelled-list path (reader.py _Read.closed_lists). The
review asked whether it was dead once wip/jsonL's list phrases read 'listing:'; it is not: "as a list of strings:",
"holding a list of these colors:", "holding this list of strings:" and "a list of strings:" after one key are read by
list_item, and there an item after "and" that is not the last ("black and white, blue", "red and blue, green") would
split a compound or end the list early. Each such list is no claim in every shape; the same items with "and" before
the last only are read."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import assert_trap_never_wrong, exact_json_pair as pair

SHAPES = [
    "Return a JSON object with one key, tags, as a list of strings: {}",
    'Return JSON with a "tags" key holding a list of these colors: {}',
    'Return JSON with a key "tags" holding this list of strings: {}',
    "Return JSON with the key tags, a list of strings: {}",
    "Give me a JSON object with one key, tags, as a list of strings: {}",
    'Create JSON with a "tags" key holding a list of these colors: {}',
]
CLOSED = ["black and white, blue", "red and blue, green", "red, green and blue, yellow", "salt and pepper, oil"]
READ = [("red, green and blue", ["red", "green", "blue"]), ("red and blue", ["red", "blue"])]


@pytest.mark.parametrize("items", CLOSED)
@pytest.mark.parametrize("shape", SHAPES)
def test_an_item_after_and_not_last_is_no_claim(shape: str, items: str) -> None:
    assert read_request(shape.format(items)) is None


@pytest.mark.parametrize("items", CLOSED[:2])
@pytest.mark.parametrize("shape", SHAPES[:4])
def test_never_served_wrong(shape: str, items: str) -> None:
    old = shape.format("red, green and blue")
    prompt = shape.format(items)
    assert_trap_never_wrong(pair("trap", old, {"tags": ["red", "green", "blue"]}, prompt, {"never": prompt}), model=True)


@pytest.mark.parametrize(("items", "values"), READ)
@pytest.mark.parametrize("shape", SHAPES)
def test_and_before_the_last_is_read(shape: str, items: str, values: list[str]) -> None:
    read = read_request(shape.format(items))
    assert read is not None and read.statements["tags"].value == values
