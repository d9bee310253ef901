"""wip/jsonAE found the capitalised type, placeholder and count words read as data in data forms: "Convert to JSON:
name: Ana, age: Integer" was served {"name": "Ana", "age": "Integer"} proven (the fallback wrote it at a miss; a cached
"age: 30" was patched to it), as were "email: Email", "status: Optional", "value: Value", "city: TBD".
The lowercase words were already no claim ("age: integer"): a shape described, not data. Now an unquoted string that
is a type or placeholder word, or its key's own word, in any letter case and any form (``key: V``, ``key=V``,
a line of its own) is no claim (core/tasks/json/reader.py ``_names_no_value``); quoted, it is data.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import FixedReplyModel, NeverRightModel

WORDS = [("age", "Integer"), ("age", "INTEGER"), ("age", "Number"), ("active", "Boolean"), ("name", "String"),
         ("email", "Email"), ("value", "Value"), ("city", "City"), ("city", "TBD"), ("city", "Unknown"),
         ("status", "Optional"), ("status", "Required"), ("note", "Default"), ("note", "Empty")]
FORMS = ["Convert to JSON: name: Ana, {key}: {value}", "Convert to JSON: name=Ana, {key}={value}",
         "Convert to JSON:\nname: Ana\n{key}: {value}"]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("key", "value"), WORDS)
def test_a_type_or_placeholder_word_in_any_case_is_no_claim(form: str, key: str, value: str) -> None:
    if key == "name":
        form = form.replace("name: Ana, ", "").replace("name=Ana, ", "").replace("name: Ana\n", "")
    assert read_request(form.format(key=key, value=value)) is None


@pytest.mark.parametrize(("key", "value"), WORDS[:6])
def test_quoted_it_is_data(key: str, value: str) -> None:
    read = read_request(f'Convert to JSON: {key}: "{value}", id: 7')
    assert read is not None and read.statements[key].value == value


@pytest.mark.parametrize(("key", "value"), [("city", "Paris"), ("status", "Active"), ("name", "Valentina"), ("role", "Editor")])
def test_names_are_still_data(key: str, value: str) -> None:
    read = read_request(f"Convert to JSON: id: 7, {key}: {value}")
    assert read is not None and read.statements[key].value == value


def test_the_model_answers_and_nothing_is_stamped_proven() -> None:
    cache = StepCache()
    cache.generate("Convert to JSON: name: Ana, age: 30", FixedReplyModel('{"name": "Ana", "age": 30}'))
    for prompt in ("Convert to JSON: name: Bob, age: Integer", "Convert to JSON: name: Ana, email: Email"):
        result = cache.generate(prompt, NeverRightModel())
        assert result.model_calls >= 1 and result.verification != "proven", (prompt, result.text)
