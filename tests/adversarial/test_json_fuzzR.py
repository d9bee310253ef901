"""wip/fuzzR: the two class-1 findings of the JSON fuzz campaign (engine/json, seed 0, --new-kinds; TRIAGE.md).

(1) A nested object's leaf stated as another JSON type than the cached one ('for name 2, age 40' after 'for name
Carl, age 40'; 'for age Priya, name 29' after 'for name Priya, age 29') was re-instantiated: the type was compared at
the top key only (a dict is a dict). A flat value of another type was already no claim (evidence._written_as_cached):
whether "2" is the string "2" or the number 2 the cached answer cannot tell. Now the nested leaves too
(evidence.same_json_kind: members by position, list items by the cached items' types).

(2) An unquoted label in irregular case ('holding hosT "10.0.0.5"') was taken as the key as written ("hosT"), though
"hosT" may ask for "host" as "Name" may ask for "name" (a capitalised unquoted label was already no claim). Now an
unquoted label is read as the key as written only when lowercase or camelCase, every capital starting a lowercase run
(reader._plain_case): "hostName" stays a key; "hosT", "hOST", "porT" are no claim.
"""

from __future__ import annotations

from typing import Any

import pytest

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

EN_FOR = 'Return {{"user": {{"name": ..., "age": ...}}}} for {}'
HELD = 'Return JSON with a key "server" holding {}.'
LISTED = 'Return JSON with a key "tags" listing: {}'


def _user(name: Any, age: Any, n: str = "name", a: str = "age") -> dict[str, Any]:
    return {"user": {n: name, a: age}}


def _server(host: Any, port: Any, h: str = "host", p: str = "port") -> dict[str, Any]:
    return {"server": {h: host, p: port}}


BASE_USER = EN_FOR.format("name Carl, age 40")
BASE_SERVER = HELD.format('host "10.0.0.5" and port 9090')

# (1) a nested leaf of another JSON type: the other reading ("2" a string, a swapped pair kept as the template's
# types) is what a fresh model may write; never served without a model call
TYPE_TRAPS = [
    pair("nested/name-number", BASE_USER, _user("Carl", 40), EN_FOR.format("name 2, age 40"), _user("2", 40)),
    pair("nested/age-word", BASE_USER, _user("Carl", 40), EN_FOR.format("name Carl, age Bob"), _user("Carl", "Bob")),
    pair("nested/swapped", EN_FOR.format("name Priya, age 29"), _user("Priya", 29), EN_FOR.format("age Priya, name 29"),
         _user("29", "Priya")),
    pair("nested/swapped-positional", EN_FOR.format("name Omar, age 41"), _user("Omar", 41),
         EN_FOR.format("name 41, age Omar"), _user("41", "Omar")),
    pair("held/port-string", BASE_SERVER, _server("10.0.0.5", 9090), HELD.format('host "10.0.0.5" and port "9090"'),
         _server("10.0.0.5", 9090)),
    pair("held/host-number", BASE_SERVER, _server("10.0.0.5", 9090), HELD.format("host 5 and port 9090"),
         _server("5", 9090)),
    pair("list/number-item", LISTED.format("red, green, blue"), {"tags": ["red", "green", "blue"]},
         LISTED.format("red, 2, blue"), {"tags": ["red", "2", "blue"]}),
]

# (2) an unquoted label in irregular case: may ask for the lowercase key
CASE_TRAPS = [
    pair("held/hosT", BASE_SERVER, _server("10.0.0.5", 9090), HELD.format('hosT "10.0.0.5" and port 9090'),
         _server("10.0.0.5", 9090)),
    pair("held/hOST", BASE_SERVER, _server("10.0.0.5", 9090), HELD.format('hOST "10.0.0.5" and port 9090'),
         _server("10.0.0.5", 9090)),
    pair("held/porT", BASE_SERVER, _server("10.0.0.5", 9090), HELD.format('host "10.0.0.5" and porT 9090'),
         _server("10.0.0.5", 9090)),
    pair("held/hosT-new-value", BASE_SERVER, _server("10.0.0.5", 9090), HELD.format('hosT "10.0.0.7" and port 9090'),
         _server("10.0.0.7", 9090)),
]


@pytest.mark.parametrize("case", TYPE_TRAPS + CASE_TRAPS, ids=lambda c: c.cls)
def test_fuzzR_traps_reach_the_model(case: Pair) -> None:
    assert_trap_never_wrong(case, model=True)


# the neighbours that stay served: the same types, a renamed leaf in its place, a longer list of the same type,
# a camelCase or lowercase unquoted label
SERVED = [
    pair("nested/name", BASE_USER, _user("Carl", 40), EN_FOR.format("name Omar, age 41"), _user("Omar", 41)),
    pair("nested/age", BASE_USER, _user("Carl", 40), EN_FOR.format("name Carl, age 41"), _user("Carl", 41)),
    pair("held/host-port", BASE_SERVER, _server("10.0.0.5", 9090), HELD.format('host "10.0.0.7" and port 8080'),
         _server("10.0.0.7", 8080)),
    pair("list/longer", LISTED.format("red, green, blue"), {"tags": ["red", "green", "blue"]},
         LISTED.format("red, green, blue, pink"), {"tags": ["red", "green", "blue", "pink"]}),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_fuzzR_neighbours_served(case: Pair) -> None:
    assert_served_proven(case)


def test_plain_case_labels() -> None:
    from stepcache_integrations.core.tasks.json.reader import _plain_case

    assert all(_plain_case(k) for k in ("host", "port_number", "hostName", "zip2", "ключ", "maxRetryCount"))
    assert not any(_plain_case(k) for k in ("hosT", "hOST", "Host", "HOST", "userID", "porT"))


def test_same_json_kind() -> None:
    from stepcache_integrations.core.tasks.json.evidence import same_json_kind

    assert same_json_kind({"name": "Omar", "age": 41}, {"name": "Carl", "age": 40})
    assert same_json_kind({"title": "Omar", "age": 41}, {"name": "Carl", "age": 40})  # a renamed leaf in its place
    assert same_json_kind(["a", "b", "c"], ["x"])
    assert not same_json_kind({"name": 2, "age": 40}, {"name": "Carl", "age": 40})
    assert not same_json_kind({"name": 29, "age": "Priya"}, {"name": "Priya", "age": 29})
    assert not same_json_kind({"name": "Carl"}, {"name": "Carl", "age": 40})
    assert not same_json_kind(["a", 2], ["a", "b"])
    assert not same_json_kind("2", 2)
