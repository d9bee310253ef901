"""JSON pairs: no cached value is served for a new prompt without evidence that it holds.

Every pair runs through a real StepCache with the oracle model (tests/adversarial/harness.py),
so a wrong final object marked ``verified`` is the cache's doing. Benign pairs (reworded,
reordered, changed or added stated values, framing-only changes) must mostly be answered
without a full regeneration.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json import JsonTask

from .harness import Outcome, Pair, run_pair, json_pair as pair

Obj = dict[str, Any]


def described(values: Obj) -> str:
    return ", ".join(f'{k} "{v}"' if isinstance(v, str) else f"{k} {v}" for k, v in values.items())


def ask(entity: str, values: Obj, keys: list[str] | None = None, style: int = 0) -> str:
    """A JSON request stating every value, in one of four wordings."""
    keys = keys if keys is not None else list(values)
    listed = ", ".join(keys)
    styles = [
        f"Return a JSON object for a {entity} with {described(values)}. Required keys: {listed}.",
        f"Please create a JSON record describing a {entity} whose details are {described(values)}. "
        f"Use keys: {listed}. Reply with JSON only.",
        f"Give me a JSON object with keys {listed} for this {entity}: {described(values)}. No extra text.",
        f"I need a valid JSON object of a {entity} ({described(values)}) with the following keys: {listed}.",
    ]
    return styles[style]


# -- benign: reuse, re-instantiate or patch a key -------------------------------------------
HIKER = {"name": "Marta Kowal", "age": 52, "town": "Gdansk"}
LAMP = {"model": "Lumo 3", "price": 45.5, "color": "teal"}
SHIP = {"vessel": "Northern Star", "tonnage": 1200, "port": "Bergen"}
COURSE = {"title": "Intro to Botany", "credits": 4, "teacher": "Ruth Abara"}
BAND = {"band": "The Low Tides", "formed": 2009, "genre": "surf rock"}
ENTITIES = [("hiker", HIKER), ("lamp", LAMP), ("ship", SHIP), ("course", COURSE), ("band", BAND)]

BENIGN: list[Pair] = []
for entity, values in ENTITIES:
    for style in (1, 2, 3):
        BENIGN.append(pair("json/paraphrase", ask(entity, values), values, ask(entity, values, style=style), values, benign=True))
    keys = list(values)
    BENIGN.append(pair("json/reorder", ask(entity, values), values, ask(entity, values, keys[::-1]), values, benign=True))
    BENIGN.append(pair("json/reorder", ask(entity, values, style=2), values, ask(entity, values, keys[1:] + keys[:1], 2), values, benign=True))
CHANGES: list[tuple[str, Obj, str, Any]] = [
    ("hiker", HIKER, "name", "Tomas Berg"),
    ("hiker", HIKER, "age", 29),
    ("hiker", HIKER, "town", "Tartu"),
    ("lamp", LAMP, "price", 39.99),
    ("lamp", LAMP, "color", "amber"),
    ("ship", SHIP, "tonnage", 980),
    ("course", COURSE, "teacher", "Ken Ito"),
    ("band", BAND, "formed", 2015),
]
for entity, values, key, value in CHANGES:
    changed = {**values, key: value}
    BENIGN.append(pair("json/change-value", ask(entity, values), values, ask(entity, changed), changed, benign=True))
    BENIGN.append(pair("json/change-value", ask(entity, values, style=1), values, ask(entity, changed, style=1), changed, benign=True))
ADDED: list[tuple[str, Obj, str, Any]] = [
    ("hiker", HIKER, "email", "marta@example.org"),
    ("lamp", LAMP, "watts", 9),
    ("ship", SHIP, "flag", "Norway"),
    ("course", COURSE, "room", "B12"),
]
for entity, values, key, value in ADDED:
    more = {**values, key: value}
    BENIGN.append(pair("json/add-key", ask(entity, values), values, ask(entity, more), more, benign=True))
FRANCE = {"country": "France", "capital": "Paris", "currency": "EUR"}
BENIGN += [
    pair(
        "json/framing-only",
        "Return a JSON object for France with keys country, capital and currency.",
        FRANCE,
        "Please give me a JSON object for France with the keys currency, capital, country. Output only the JSON.",
        FRANCE,
        benign=True,
    ),
    pair(
        "json/formatting-only",
        "Return a JSON object for the element Iron with keys element, symbol and number.",
        {"element": "Iron", "symbol": "Fe", "number": 26},
        "return a json object for the element Iron  with keys element, symbol and number",
        {"element": "Iron", "symbol": "Fe", "number": 26},
        benign=True,
    ),
    pair(
        "json/added-unstated-key",
        "Return a JSON object for France with keys country and capital.",
        {"country": "France", "capital": "Paris"},
        "Return a JSON object for France with keys country, capital and currency.",
        FRANCE,
        benign=True,
    ),
    pair(
        "json/named-slot",
        "Return a JSON object for a cyclist named Ana Ruiz, with keys name and team.",
        {"name": "Ana Ruiz", "team": "unknown"},
        "Return a JSON object for a cyclist named Lea Moreau, with keys name and team.",
        {"name": "Lea Moreau", "team": "unknown"},
        benign=True,
    ),
    pair(
        "json/named-slot",
        "Return a JSON object for a city named Lyon with keys name and country.",
        {"name": "Lyon", "country": "France"},
        "Return a JSON object for a city named Osaka with keys name and country.",
        {"name": "Osaka", "country": "Japan"},
        benign=True,
    ),
    pair(
        "json/swap-stated",
        'Return a JSON object for a transfer with sender "Alice", recipient "Bob", amount 20. Required keys: sender, recipient, amount.',
        {"sender": "Alice", "recipient": "Bob", "amount": 20},
        'Return a JSON object for a transfer with sender "Bob", recipient "Alice", amount 20. Required keys: sender, recipient, amount.',
        {"sender": "Bob", "recipient": "Alice", "amount": 20},
        benign=True,
    ),
    pair(
        "json/two-equal-numbers-one-changes",
        "Return a JSON object for a tile with width 5, height 5. Required keys: width, height.",
        {"width": 5, "height": 5},
        "Return a JSON object for a tile with width 5, height 7. Required keys: width, height.",
        {"width": 5, "height": 7},
        benign=True,
    ),
]

# -- adversarial: the cached value must not survive -------------------------------------------
ADVERSARIAL: list[Pair] = [
    # world knowledge
    pair("json/world-knowledge", "Return a JSON object for France with keys country, capital and currency.", FRANCE,
         "Return a JSON object for Japan with keys country, capital and currency.",
         {"country": "Japan", "capital": "Tokyo", "currency": "JPY"}),
    pair("json/world-knowledge", "Give me a JSON object for the city Lyon with keys city and country.",
         {"city": "Lyon", "country": "France"}, "Give me a JSON object for the city Osaka with keys city and country.",
         {"city": "Osaka", "country": "Japan"}),
    pair("json/world-knowledge", "Give me a JSON object for the city Singapore with keys city and country.",
         {"city": "Singapore", "country": "Singapore"}, "Give me a JSON object for the city Lyon with keys city and country.",
         {"city": "Lyon", "country": "France"}),
    pair("json/world-knowledge", 'Return a JSON object for the element named "Iron" with keys name and symbol.',
         {"name": "Iron", "symbol": "Fe"}, 'Return a JSON object for the element named "Gold" with keys name and symbol.',
         {"name": "Gold", "symbol": "Au"}),
    pair("json/world-knowledge", 'Return JSON with country "Luxembourg". Required keys: country, capital.',
         {"country": "Luxembourg", "capital": "Luxembourg"}, 'Return JSON with country "France". Required keys: country, capital.',
         {"country": "France", "capital": "Paris"}),
    pair("json/world-knowledge", "I flew from Paris, France to Lyon. Return JSON with keys destination_city and destination_country.",
         {"destination_city": "Lyon", "destination_country": "France"},
         "I flew from Paris, France to Osaka. Return JSON with keys destination_city and destination_country.",
         {"destination_city": "Osaka", "destination_country": "Japan"}),
    pair("json/world-knowledge", 'Return a JSON object for the book titled "Dune" with keys title and author.',
         {"title": "Dune", "author": "Frank Herbert"}, 'Return a JSON object for the book titled "Emma" with keys title and author.',
         {"title": "Emma", "author": "Jane Austen"}),
    # derived values
    pair("json/derived", "Return JSON for a person with name \"Ada\", birth_year 1990. Required keys: name, birth_year, age_in_2024.",
         {"name": "Ada", "birth_year": 1990, "age_in_2024": 34},
         "Return JSON for a person with name \"Ada\", birth_year 1985. Required keys: name, birth_year, age_in_2024.",
         {"name": "Ada", "birth_year": 1985, "age_in_2024": 39}),
    pair("json/derived", "Return JSON with n 7. Required keys: n, square.", {"n": 7, "square": 49},
         "Return JSON with n 8. Required keys: n, square.", {"n": 8, "square": 64}),
    pair("json/derived", "Return JSON with hours 3. Required keys: hours, minutes.", {"hours": 3, "minutes": 180},
         "Return JSON with hours 5. Required keys: hours, minutes.", {"hours": 5, "minutes": 300}),
    pair("json/derived", 'Return JSON with word "banana". Required keys: word, length.', {"word": "banana", "length": 6},
         'Return JSON with word "kiwi". Required keys: word, length.', {"word": "kiwi", "length": 4}),
    pair("json/derived", "Return JSON for the numbers 3 and 9 with keys smallest and largest.", {"smallest": 3, "largest": 9},
         "Return JSON for the numbers 12 and 9 with keys smallest and largest.", {"smallest": 9, "largest": 12}),
    pair("json/derived", "Return JSON for the numbers 3 and 9 with keys smallest and largest.", {"smallest": 3, "largest": 9},
         "Return JSON for the numbers 9 and 3 with keys smallest and largest.", {"smallest": 3, "largest": 9}),
    pair("json/derived", "Return JSON for the value -5 with keys absolute.", {"absolute": 5},
         "Return JSON for the value -8 with keys absolute.", {"absolute": 8}),
    pair("json/derived", 'Return JSON for the basket with fruits "apple", "pear", "plum". Required keys: count.', {"count": 3},
         'Return JSON for the basket with fruits "apple", "pear", "plum", "fig". Required keys: count.', {"count": 4}),
    pair("json/derived", "Return JSON with celsius -40. Required keys: celsius, fahrenheit.", {"celsius": -40, "fahrenheit": -40},
         "Return JSON with celsius 10. Required keys: celsius, fahrenheit.", {"celsius": 10, "fahrenheit": 50}),
    # negation, booleans, enums
    pair("json/negation", 'Return JSON for the user "kim". Kim is an administrator. Required keys: user, is_admin.',
         {"user": "kim", "is_admin": True},
         'Return JSON for the user "kim". Kim is not an administrator. Required keys: user, is_admin.',
         {"user": "kim", "is_admin": False}),
    pair("json/negation", "Return JSON for an account that is active. Required keys: active.", {"active": True},
         "Return JSON for an account that is inactive. Required keys: active.", {"active": False}),
    pair("json/enum", 'Return JSON for the trade: Sam sold 10 shares. Required keys: trader, action, shares.',
         {"trader": "Sam", "action": "sell", "shares": 10},
         'Return JSON for the trade: Sam bought 10 shares. Required keys: trader, action, shares.',
         {"trader": "Sam", "action": "buy", "shares": 10}),
    pair("json/negation", "Return JSON for a store that does open on Sundays. Required keys: open_sunday.", {"open_sunday": True},
         "Return JSON for a store that does not open on Sundays. Required keys: open_sunday.", {"open_sunday": False}),
    # roles
    pair("json/role-swap", "Extract as JSON with keys sender and recipient: a payment from Alice to Bob.",
         {"sender": "Alice", "recipient": "Bob"}, "Extract as JSON with keys sender and recipient: a payment from Bob to Alice.",
         {"sender": "Bob", "recipient": "Alice"}),
    pair("json/role-swap", "Extract as JSON with keys older and younger: Alice is older than Bob.",
         {"older": "Alice", "younger": "Bob"}, "Extract as JSON with keys older and younger: Alice is younger than Bob.",
         {"older": "Bob", "younger": "Alice"}),
    pair("json/role-swap", "Extract as JSON with keys winner and loser: Ravens beat Hawks 3-1.",
         {"winner": "Ravens", "loser": "Hawks"}, "Extract as JSON with keys winner and loser: Hawks beat Ravens 3-1.",
         {"winner": "Hawks", "loser": "Ravens"}),
    # reformatted values and type instructions
    pair("json/reformatted", "Return JSON with salary 58000. Required keys: salary.", {"salary": 58000},
         "Return JSON with salary 1,250,000. Required keys: salary.", {"salary": 1250000}),
    pair("json/reformatted", "Return JSON with rate 12%. Required keys: rate.", {"rate": 0.12},
         "Return JSON with rate 15%. Required keys: rate.", {"rate": 0.15}),
    pair("json/reformatted", 'Return JSON for the event with date "March 1, 2024". Dates in ISO format. Required keys: date.',
         {"date": "2024-03-01"}, 'Return JSON for the event with date "April 2, 2024". Dates in ISO format. Required keys: date.',
         {"date": "2024-04-02"}),
    pair("json/reformatted", 'Return JSON with name "Alice". Required keys: name.', {"name": "Alice"},
         'Return JSON with name "Alice" in uppercase. Required keys: name.', {"name": "ALICE"}),
    pair("json/reformatted", 'Return JSON with names in uppercase: name "Alice". Required keys: name.', {"name": "ALICE"},
         'Return JSON with names in uppercase: name "Bob". Required keys: name.', {"name": "BOB"}),
    pair("json/type-instruction", "Return JSON with age 34 as a string. Required keys: age.", {"age": "34"},
         "Return JSON with age 34 as an integer. Required keys: age.", {"age": 34}),
    pair("json/type-instruction", "Return JSON with all values as strings: age 34, floor 3. Required keys: age, floor.",
         {"age": "34", "floor": "3"}, "Return JSON with all values as strings: age 35, floor 3, rooms 4. Required keys: age, floor, rooms.",
         {"age": "35", "floor": "3", "rooms": "4"}),
    pair("json/type-instruction", "Return JSON with price 45.5 in cents. Required keys: price.", {"price": 4550},
         "Return JSON with price 45.5. Required keys: price.", {"price": 45.5}),
    # two keys with the same number; misread numbers; list membership
    pair("json/same-number", "Return JSON for a 5 by 5 tile. Required keys: width, height, area.",
         {"width": 5, "height": 5, "area": 25}, "Return JSON for a 5 by 7 tile. Required keys: width, height, area.",
         {"width": 5, "height": 7, "area": 35}),
    pair("json/same-number", "Return JSON for a tile with width 5, height 5. Required keys: width, height, area.",
         {"width": 5, "height": 5, "area": 25}, "Return JSON for a tile with width 5, height 7. Required keys: width, height, area.",
         {"width": 5, "height": 7, "area": 35}),
    pair("json/misread-number", 'Return JSON with name "Tom". His age 12 years ago was 30. Required keys: name, age.',
         {"name": "Tom", "age": 42}, 'Return JSON with name "Tom". His age 12 years ago was 31. Required keys: name, age.',
         {"name": "Tom", "age": 43}),
    pair("json/misread-number", "Return JSON with price 89 EUR. Required keys: price.", {"price": "89 EUR"},
         "Return JSON with price 74 EUR. Required keys: price.", {"price": "74 EUR"}),
    pair("json/list", 'Return JSON for the team with members "Ann", "Bob", "Cy". Required keys: members, size.',
         {"members": ["Ann", "Bob", "Cy"], "size": 3},
         'Return JSON for the team with members "Ann", "Bob", "Cy", "Dee". Required keys: members, size.',
         {"members": ["Ann", "Bob", "Cy", "Dee"], "size": 4}),
    pair("json/list", "Return JSON for a team of three. Required keys: team_size.", {"team_size": 3},
         "Return JSON for a team of four. Required keys: team_size.", {"team_size": 4}),
    # added facts change unstated values
    pair("json/added-fact", 'Return JSON for the person "Tim". Required keys: name, adult.', {"name": "Tim", "adult": True},
         'Return JSON for the person "Tim", who is 12. Required keys: name, adult.', {"name": "Tim", "adult": False}),
    pair("json/added-fact", 'Return JSON for the person "Tim". Required keys: name, adult.', {"name": "Tim", "adult": True},
         'Return JSON for the person "Tim" with age 12. Required keys: name, adult, age.',
         {"name": "Tim", "adult": False, "age": 12}),
    pair("json/removed-statement", "Return JSON with city \"Oslo\". Required keys: city, country.", {"city": "Oslo", "country": "Norway"},
         "Return JSON for a city of your choice. Required keys: city, country.", {"city": "Lima", "country": "Peru"}),
    pair("json/changed-entity", 'Return a JSON object for a book with title "Dune", year 1965. Required keys: title, year, medium.',
         {"title": "Dune", "year": 1965, "medium": "novel"},
         'Return a JSON object for a film with title "Dune", year 1965. Required keys: title, year, medium.',
         {"title": "Dune", "year": 1965, "medium": "film"}),
    pair("json/stated-changes-unstated", 'Return JSON for the city "Lyon". Required keys: city, country.',
         {"city": "Lyon", "country": "France"}, 'Return JSON for the city "Osaka". Required keys: city, country.',
         {"city": "Osaka", "country": "Japan"}),
    pair("json/stated-changes-unstated", 'Return JSON with city "Lyon". Required keys: city, country.',
         {"city": "Lyon", "country": "France"}, 'Return JSON with city "Osaka". Required keys: city, country.',
         {"city": "Osaka", "country": "Japan"}),
    # a changed conversion target, qualified statements
    pair("json/modifier", 'Return JSON with color "red". Write values in English. Required keys: color.', {"color": "red"},
         'Return JSON with color "red". Write values in French. Required keys: color.', {"color": "rouge"}),
    pair("json/modifier", "Return JSON with temperature 20. Units Celsius. Required keys: temperature, boiling_point.",
         {"temperature": 20, "boiling_point": 100},
         "Return JSON with temperature 20. Units Fahrenheit. Required keys: temperature, boiling_point.",
         {"temperature": 20, "boiling_point": 212}),
    pair("json/modifier", 'Return JSON with price 40 converted to USD. Required keys: price.', {"price": 43},
         'Return JSON with price 40 converted to GBP. Required keys: price.', {"price": 34}),
    pair("json/qualified-statement", 'Return JSON for a club with name "Oaks". Required keys: name.', {"name": "Oaks"},
         'Return JSON for a club with name "Oaks", age 30 and older. Required keys: name, age.', {"name": "Oaks", "age": "30+"}),
    pair("json/qualified-statement", 'Return JSON with item "pen". Required keys: item.', {"item": "pen"},
         'Return JSON with item "pen", price 89, plus tax 10%. Required keys: item, price.', {"item": "pen", "price": 97.9}),
    pair("json/slot-after-preposition", "Return JSON for a person named Ana who lives in Lyon. Required keys: name, city.",
         {"name": "Ana", "city": "Lyon"}, "Return JSON for a person named Ana who lives in Osaka. Required keys: name, city.",
         {"name": "Ana", "city": "Osaka"}),
    pair("json/instruction-verb", "Keep the values: n 5. Return JSON with keys n.", {"n": 5},
         "Double the values: n 5. Return JSON with keys n.", {"n": 10}),
    pair("json/instruction-verb", "Double the values: n 5. Return JSON with keys n.", {"n": 10},
         "Double the values: n 5, m 3. Return JSON with keys n and m.", {"n": 10, "m": 6}),
    pair("json/instruction-word", "Return JSON, doubled, with n 5. Required keys: n.", {"n": 10},
         "Return JSON, doubled, with n 7. Required keys: n.", {"n": 14}),
    pair("json/grouping", "Return JSON for the expression (2 + 3) * 4. Required keys: value.", {"value": 20},
         "Return JSON for the expression 2 + 3 * 4. Required keys: value.", {"value": 14}),
    pair("json/case-of-stated", 'Return JSON with code "abc". Required keys: code.', {"code": "abc"},
         'Return JSON with code "ABC". Required keys: code.', {"code": "ABC"}),
]
ALL = BENIGN + ADVERSARIAL


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in ALL]


def test_enough_pairs() -> None:
    assert len(ALL) >= 60 and len(ADVERSARIAL) >= 30 and len(BENIGN) >= 30


def test_no_wrong_answer_is_served_as_verified(outcomes: list[Outcome]) -> None:
    wrong = [(o.pair, o.result.outcome, o.result.text) for o in outcomes if not o.correct]
    assert wrong == []
    # every answer passed its checks; it is "checked" or "proven" only for a prompt read whole (a
    # plain request): a prompt with an instruction or a fact ("doubled", "for France") is unchecked
    assert all(o.result.checks_passed for o in outcomes)
    levels = {o.result.verification for o in outcomes}
    assert levels <= {"proven", "checked", "unchecked"} and {"proven", "checked"} <= levels  # not vacuous


def test_benign_pairs_are_answered_without_a_full_regeneration(outcomes: list[Outcome]) -> None:
    benign = [o for o in outcomes if o.pair.benign]
    cheap = [o for o in benign if o.without_full_regeneration]
    share = len(cheap) / len(benign)
    print(f"\nJSON benign pairs answered without a full regeneration: {len(cheap)}/{len(benign)} = {share:.0%}")
    assert share >= 0.9, [(o.pair, o.result.outcome) for o in benign if not o.without_full_regeneration]


def test_adversarial_pairs_do_not_reuse_the_changed_values(outcomes: list[Outcome]) -> None:
    reused = [o.pair for o in outcomes if not o.pair.benign and o.result.outcome == "reuse"]
    assert reused == []


# -- property-based: random entities, values and perturbations ---------------------------------
_NAME = st.sampled_from(["Ivo Petrov", "Nia Osei", "Liu Yang", "Sara Holm", "Omar Faris", "Keld Mortensen"])
_WORD = st.sampled_from(["teal", "amber", "oak", "granite", "linen", "cobalt"])
_KIND = st.sampled_from(["paraphrase", "reorder", "change_str", "change_num", "add_key", "derived", "negation", "type"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=_NAME, other=_NAME, word=_WORD, n=st.integers(1, 10**6), m=st.integers(1, 10**6), kind=_KIND, style=st.integers(1, 3))
def test_generated_json_pairs(name: str, other: str, word: str, n: int, m: int, kind: str, style: int) -> None:
    values: Obj = {"owner": name, "count": n, "finish": word}
    base = ask("crate", values)
    new_values, new_prompt, benign = dict(values), base, True
    if kind == "paraphrase":
        new_prompt = ask("crate", values, style=style)
    elif kind == "reorder":
        new_prompt = ask("crate", values, ["finish", "owner", "count"])
    elif kind == "change_str":
        new_values["owner"] = other
        new_prompt = ask("crate", new_values)
    elif kind == "change_num":
        new_values["count"] = m
        new_prompt = ask("crate", new_values)
    elif kind == "add_key":
        new_values["label"] = f"{word}-{m}"
        new_prompt = ask("crate", new_values)
    elif kind == "derived":  # an unstated key computed from a changed stated one
        values["double"] = 2 * n
        base = ask("crate", {k: v for k, v in values.items() if k != "double"}, ["owner", "count", "finish", "double"])
        new_values = {**values, "count": m, "double": 2 * m}
        new_prompt = ask("crate", {k: v for k, v in new_values.items() if k != "double"}, ["owner", "count", "finish", "double"])
        benign = False
    elif kind == "negation":
        values["fragile"] = True
        base = ask("crate", {"owner": name, "count": n, "finish": word}, ["owner", "count", "finish", "fragile"]) + " It is fragile."
        new_values = {**values, "fragile": False}
        new_prompt = base.replace("It is fragile.", "It is not fragile.")
        benign = False
    elif kind == "type":
        base = ask("crate", values) + " Give count as a string."
        values["count"] = str(n)
        new_values = {**values, "count": n}
        new_prompt = ask("crate", {**values, "count": n}) + " Give count as an integer."
        benign = False
    outcome = run_pair(pair(f"json/generated-{kind}", base, values, new_prompt, new_values, benign=benign), StepCache())
    assert outcome.correct, (kind, outcome.result.outcome, outcome.result.text)
    if benign:
        assert outcome.without_full_regeneration, (kind, outcome.result.outcome)


# -- hostile numbers ----------------------------------------------------------------------
def test_numbers_with_thousands_of_digits_are_handled() -> None:
    task = JsonTask()
    huge = "9" * 5000
    prompt = f"Return JSON with count {huge}. Required keys: count."
    c = task.constraints(prompt)
    assert "count" not in c["stated"]
    for answer in (f'{{"count": {huge}}}', f'{{"count": "{huge}"}}', f'{{"count": {huge}.5e{huge}}}'):
        steps = task.segment(answer, c)
        task.verify(steps, c, c)
        task.verify(steps, c, task.constraints(prompt.replace("9", "8", 1)))
        task.check_answer(steps, c)
        task.reinstantiate(steps, c, task.constraints(prompt.replace("9", "8", 1)))
    result = run_pair(pair("json/hostile", prompt, {"count": "many"}, prompt.replace("9", "8", 1), {"count": "many"}))
    assert result.correct
    # Integers just under Python's int-string limit decode; comparing them must not overflow.
    stated = task.constraints("Return JSON for a crate with count 5. Required keys: count.")
    changed = task.constraints("Return JSON for a crate with count 7. Required keys: count.")
    for value in ("9" * 4000, "9" * 4000 + ".5", "1e999", "-1e999", "NaN"):
        steps = task.segment(f'{{"count": {value}}}', stated)
        assert not task.verify(steps, stated, None).passed
        task.verify(steps, changed, stated)
        task.reinstantiate(steps, stated, changed)


# -- the paper workload's JSON requests keep working --------------------------------------------
def test_paper_workload_json_requests_stay_correct_and_cheap() -> None:
    """Every JSON request of the benchmark workload, after its base prompt, with an oracle model:
    all correct, and (all values being stated) answered without a full regeneration."""
    from stepcache_bench.bench.workload import generate_workload

    outcomes = []
    for seed in (42, 43, 44):
        workload = generate_workload(seed, tasks=("json",))
        bases = {b.base_id: b for b in workload.bases}
        for request in workload.requests:
            base = bases[request.base_id]
            expected = {k: request.spec["values"][k] for k in request.spec["keys"]}
            cached = {k: base.spec["values"][k] for k in base.spec["keys"]}
            outcomes.append(run_pair(pair(f"paper/{request.kind}", base.prompt, cached, request.prompt, expected, benign=True)))
    assert [o.pair for o in outcomes if not (o.correct and o.result.verified)] == []
    cheap = sum(o.without_full_regeneration for o in outcomes) / len(outcomes)
    no_call = sum(o.result.outcome in ("reuse", "reinstantiate") for o in outcomes) / len(outcomes)
    print(f"\npaper JSON workload: {len(outcomes)} requests, {cheap:.0%} without full regeneration, {no_call:.0%} without a model call")
    assert cheap == 1.0 and no_call == 1.0
