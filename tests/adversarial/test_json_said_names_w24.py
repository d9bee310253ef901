"""W24 (found by wip/fuzzC's proper_noun edit kind): the JSON reader's prose shapes (wip/jsonB) took any
capitalised word as a name, so "Return JSON with keys "name" and "age": Who is 47 years old." was served
{"name": "Who", "age": 47} verified, and "She scored 87.", "Nobody is 30 years old.", "for: He, Cairo."
the same. Closed by construction: a said or ordered name holding a pronoun, a question word, a
quantifier, a negation or a calendar word of its language's passage table (``passage.never_names``) is
no claim. A subject the sentence names ("Alma is 47 years old.", "Lyon scored 87.") is extracted as
written."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import FixedReplyModel, assert_models_answer_kept, assert_red_team_pair_not_served

NAME_AGE = 'Return JSON with keys "name" and "age": {s}'
PLAYER = 'Return JSON with keys "player" and "score": {s}'
ORDER = 'Return a JSON object with keys "name" and "city" for: {s}'


@pytest.mark.parametrize("prompt", [
    NAME_AGE.format(s="Who is 47 years old."),
    NAME_AGE.format(s="She is 47 years old."),
    NAME_AGE.format(s="It is 47 years old."),
    NAME_AGE.format(s="Nobody is 47 years old."),
    NAME_AGE.format(s="Everyone is 47 years old."),
    NAME_AGE.format(s="May is 47 years old."),
    NAME_AGE.format(s="Monday is 47 years old."),
    NAME_AGE.format(s="She is 47."),
    PLAYER.format(s="Nobody scored 87."),
    PLAYER.format(s="Who scored 87."),
    PLAYER.format(s="They scored 87."),
    ORDER.format(s="He, Cairo."),
    ORDER.format(s="Nobody, Cairo."),
    'Return JSON with keys "name" and "age" for: Nobody, 30.',
])
def test_a_word_that_names_no_one_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(("prompt", "expected"), [
    (NAME_AGE.format(s="Alma is 47 years old."), {"name": "Alma", "age": 47}),
    (NAME_AGE.format(s="Grace is 47."), {"name": "Grace", "age": 47}),
    (PLAYER.format(s="Mia scored 87."), {"player": "Mia", "score": 87}),
    (ORDER.format(s="Omar, Cairo."), {"name": "Omar", "city": "Cairo"}),
])
def test_a_name_the_sentence_says_is_read(prompt: str, expected: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


@pytest.mark.parametrize(("first", "second", "right"), [
    (NAME_AGE.format(s="Alma is 47 years old."), NAME_AGE.format(s="Who is 47 years old."), '{"name": null, "age": 47}'),
    (PLAYER.format(s="Mia scored 87."), PLAYER.format(s="She scored 87."), '{"player": null, "score": 87}'),
    (ORDER.format(s="Omar, Cairo."), ORDER.format(s="He, Cairo."), '{"name": null, "city": "Cairo"}'),
])
def test_never_served_and_the_models_answer_kept(first: str, second: str, right: str) -> None:
    assert_red_team_pair_not_served(first, second)  # not served: the model answers, once
    assert StepCache().generate(second, FixedReplyModel(right)).text == right


DECLARED = "Give me a JSON object with keys {k}, count and values {v}, 5 in that order."


@pytest.mark.parametrize("key", ["status", "code", "color", "label", "level"])
@pytest.mark.parametrize("word", ["He", "Who", "Nobody", "Monday", "Todos", "Niemand"])
def test_a_never_name_in_a_declared_order_is_no_claim_for_any_key(key: str, word: str) -> None:
    """The ordered values' own check (``_positional_statements``: W24's call site, kept): in a declared order a
    capitalised word is read for a key of no name kind too ("status": "Active"), but not one that names no one in any
    table; wip/fuzzO's shared check (``_names_no_one``) looks only at keys of the name kind, so it does not decide
    these first."""
    assert read_request(DECLARED.format(k=key, v=word)) is None
    assert read_request(f"Create JSON with keys {key} and count and values {word} and 5.") is None


@pytest.mark.parametrize("key", ["status", "code", "color"])
def test_a_capitalised_value_in_a_declared_order_is_read(key: str) -> None:
    read = read_request(DECLARED.format(k=key, v="Active"))
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {key: "Active", "count": 5}


@pytest.mark.parametrize("word", ["He", "Nobody"])
def test_a_never_name_in_a_declared_order_is_never_served(word: str) -> None:
    assert_red_team_pair_not_served(DECLARED.format(k="status", v="Active"), DECLARED.format(k="status", v=word))
    assert_models_answer_kept(DECLARED.format(k="status", v=word))


ROUTE = 'Could you format this as JSON with keys "{a}" and "{b}"? Train from {x} to {y}.'


@pytest.mark.parametrize("keys", [("from", "to"), ("origin", "destination")])
@pytest.mark.parametrize(("x", "y"), [("Nobody", "Bergen"), ("He", "Bergen"), ("Porto", "They"), ("Porto", "Monday"),
                                      ("Someone", "Oslo")])
def test_a_never_name_said_as_a_route_end_is_no_claim(keys: tuple[str, str], x: str, y: str) -> None:
    """The said name's own check (``_said_value_fits``: W24's call site, kept): "from" and "to" are concepts of the
    said shapes but no key of the name kind in the English table, so wip/fuzzO's shared check (``_names_no_one``) does
    not decide "Train from Nobody to Bergen" first."""
    assert read_request(ROUTE.format(a=keys[0], b=keys[1], x=x, y=y)) is None


def test_a_never_name_said_as_a_route_end_is_never_served() -> None:
    first = ROUTE.format(a="origin", b="destination", x="Porto", y="Bergen")
    assert_red_team_pair_not_served(first, ROUTE.format(a="origin", b="destination", x="Nobody", y="Bergen"))
    assert_models_answer_kept(ROUTE.format(a="origin", b="destination", x="Nobody", y="Bergen"))
