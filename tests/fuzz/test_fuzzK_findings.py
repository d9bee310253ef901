"""wip/fuzzK: the new edit kinds and prompt kinds of the prompt-edit fuzzer, and the engine findings they
made (tests/fuzz/judge.py OPEN_FINDINGS ``fuzzK-*``).

Each finding's minimal pair is asked here of a fresh engine cache warmed with its base by the echo model
(tests/fuzz/targets.py): the edited prompt must not be answered without a model call. The open ones are
``xfail(strict=True)`` under their class name, so each flips to a failure the day it is closed (then drop
the mark and its OPEN_FINDINGS entry). Their near neighbours that are declined today are asserted as traps.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.fuzz.corpus import plain_bases
from tests.fuzz.edits import NEW_EDITS, NEW_TEXT_EDITS, edit_text, text_applicable
from tests.fuzz.judge import OPEN_FINDINGS, run_all, open_finding
from tests.fuzz.oracle import JsonProblem, MathProblem, understand_text
from tests.fuzz.targets import served_without_a_model_call



NESTED = 'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40'
HOLDING = 'Return JSON with a key "server" holding host "10.0.0.5" and port 9090.'
BLOCK = "server:\n  host: localhost\n  port: 9090\n\nRewrite this as JSON."
LISTING = 'Return JSON with a key "tags" listing: red, green, blue'
LISTING_AND = "JSON please: a key tags listing red, green and blue"
RUN = "Make a JSON object from: sku=AB, qty=3"
LABELS = 'Return a JSON object with keys "name" and "age". Name: Priya, Age: 29'
SYSTEM_USER = "System: Reply with JSON only, keys user and role.\nUser: user Eve, role admin"
FOR_NAME = 'Give me a JSON object with "name", "city" and "age" for: name Ines, city Porto, age 35.'

# Closed by wip/fuzzO (2026-12-06; were OPEN_FINDINGS 'fuzzK-*', xfail(strict=True) until then): each pair is a
# trap now, and its class is closed by construction (json/reader.py _value_read_two_ways, _words_after_equals;
# tests/adversarial/test_json_fuzzO.py holds the variants in every table and path).
CLOSED = {
    "fuzzK-bare-boolean-leaf": [
        (NESTED, NESTED.replace("name Carl", "name true")),
        (NESTED, NESTED.replace("age 40", "age false")),
        (HOLDING, HOLDING.replace('host "10.0.0.5"', "host false")),
        (HOLDING, HOLDING.replace("port 9090", "port true")),
        (BLOCK, BLOCK.replace("host: localhost", "host: true")),
    ],
    "fuzzK-underscore-emphasis-item": [
        (LISTING, LISTING.replace("blue", "_blue_")),
        (LISTING, LISTING.replace("red", "_red_")),
        (LISTING_AND, LISTING_AND.replace("green", "__green__")),
    ],
    "fuzzK-modifier-in-value-run": [
        (RUN, RUN.replace("sku=AB", "sku=AB x2")),
        (RUN, RUN.replace("sku=AB", "sku=AB twice")),
        (RUN, RUN.replace("sku=AB", "sku=AB reversed")),
    ],
    "fuzzK-never-name-value": [
        ('Return JSON with keys "product" and "quantity": lamp, 5', 'Return JSON with keys "product" and "quantity": Todos, 5'),
        ('Retorne um JSON com as chaves "produto" e "quantidade": caderno, 5',
         'Retorne um JSON com as chaves "produto" e "quantidade": Nobody, 5'),
        (LABELS, LABELS.replace("Name: Priya", "Name: Nobody")),
        ("Bitte als JSON ausgeben:\nname: Lena\nalter: 52", "Bitte als JSON ausgeben:\nname: Niemand\nalter: 52"),
        ('Dame un objeto JSON con "ciudad" y "habitantes". Ciudad: Lima, habitantes: 684000',
         'Dame un objeto JSON con "ciudad" y "habitantes". Ciudad: Nadie, habitantes: 684000'),
        (SYSTEM_USER, SYSTEM_USER.replace("user Eve", "user Christmas")),
        (FOR_NAME, FOR_NAME.replace("name Ines", "name noon")),
        ('Donne-moi un JSON avec "prenom" et "age" : Luca a 22 ans.', 'Donne-moi un JSON avec "prenom" et "age" : Tomorrow a 22 ans.'),
    ],
    "fuzzK-trailing-zeros-passage": [
        ('Extract JSON with keys "model" and "price" from: "The Nimbus 7 costs $349."',
         'Extract JSON with keys "model" and "price" from: "The Nimbus 7 costs $349.00."'),
    ],
}
CLOSED_PAIRS = [pytest.param(base, edited, id=f"{name}-{i}") for name, pairs in CLOSED.items() for i, (base, edited) in enumerate(pairs)]


@pytest.mark.parametrize(("base", "edited"), CLOSED_PAIRS)
def test_a_closed_fuzzK_finding_is_declined(base: str, edited: str) -> None:
    served, text = served_without_a_model_call(base, edited)
    assert not served, f"served from the cache: {edited!r} -> {text!r}"


def test_no_closed_fuzzK_finding_is_open_any_more() -> None:
    names = {name for name, _, _ in OPEN_FINDINGS}
    for name, pairs in CLOSED.items():
        assert name not in names and name.startswith("fuzzK-")
        for _, edited in pairs:
            assert open_finding(edited) is None, edited


@pytest.mark.parametrize(("base", "edited"), [
    (NESTED, NESTED.replace("name Carl", "name None")),  # W26: a literal word is no claim
    (NESTED, NESTED.replace("name Carl", "name Nobody")),  # W25: a never-name
    (BLOCK, BLOCK.replace("host: localhost", "host: null")),
    (BLOCK, BLOCK.replace("host: localhost", "host: **localhost**")),
    (LISTING, LISTING.replace("blue", "*blue*")),  # W26: markup
    (LISTING, LISTING.replace("blue", "**blue**")),
    (LISTING, LISTING.replace("blue", "blue x2")),
    (LISTING, LISTING.replace("blue", "None")),
    (RUN, RUN.replace("sku=AB", "sku=**AB**")),
    (RUN, RUN.replace("sku=AB", "sku=_AB_")),
    (RUN, RUN.replace("qty=3", "qty=3 each")),
    ('Return JSON with keys "product" and "quantity": lamp, 5', 'Return JSON with keys "product" and "quantity": Everyone, 5'),
    (FOR_NAME, FOR_NAME.replace("name Ines", "name today")),
    ('Donne-moi un JSON avec "prenom" et "age" : Luca a 22 ans.', 'Donne-moi un JSON avec "prenom" et "age" : Demain a 22 ans.'),
    ('Retorne um JSON com as chaves "produto" e "quantidade": caderno, 5',
     'Retorne um JSON com as chaves "produto" e "quantidade": Todos, 5'),  # the table's own word
    ('Extrae un JSON con las claves "producto" y "precio" de: "La silla cuesta 12 euros."',
     'Extrae un JSON con las claves "producto" y "precio" de: "La silla cuesta 12,00 euros."'),
    # closed by W27 (red team 21, merged 2026-12-05): were fuzzK-operator-as-key and fuzzK-joined-label-key
    ('The city is "Lyon" and the population is 520000. Return JSON.',
     'The city is "Lyon" and the population is 520000, minus 2. Return JSON.'),  # two styles for an unlisted key (w27w)
    (BLOCK, BLOCK.replace("host:", "host name:")),  # a block read only as YAML reads it (w27y)
    (BLOCK, BLOCK.replace("port:", "old port:")),
    (BLOCK, BLOCK.replace("host:", "the host:")),
])
def test_a_trap_beside_an_open_finding_is_declined(base: str, edited: str) -> None:
    served, text = served_without_a_model_call(base, edited)
    assert not served, f"served from the cache: {edited!r} -> {text!r}"


# ----------------------------------------------------------------------------- the edit kinds
def test_each_new_edit_kind_is_a_text_edit_and_applies_to_the_new_prompt_kinds() -> None:
    assert set(NEW_EDITS) == set(NEW_TEXT_EDITS)
    bases = plain_bases(reach=True)
    for kind in ("json_reach", "word_reach"):
        kinds = {k for b in bases[kind] for k in text_applicable(b.request)}
        assert {"value_class", "modifier_insert", "semantic_operator", "clause_move", "number_word", "statement_dup",
                "code_switch"} <= kinds, (kind, kinds)
    assert "key_subset" in {k for b in bases["json_reach"] for k in text_applicable(b.request)}


@pytest.mark.parametrize("kind", sorted(NEW_EDITS))
def test_a_new_edit_kind_changes_the_text(kind: str) -> None:
    rng = random.Random(5)
    # wip/fuzzF's difference_key edits the temperature bases only (its own kind json_temperature)
    kinds = ("json_reach", "word_reach", "json_stated", "word_en") + (("json_temperature",) if kind == "difference_key" else ())
    kinds += ("math_system",) if kind == "dash_chain" else ()  # wip/fuzzG: an equation's minus
    texts = [b.request for ks in kinds for b in plain_bases(reach=True)[ks]]
    changed = [t for t in texts if kind in text_applicable(t) for _ in range(3) if (e := edit_text(t, kind, rng)) and e != t]
    assert len(changed) >= 10, kind


def test_the_value_class_and_modifier_edits_write_the_words_red_teams_found() -> None:
    rng = random.Random(0)
    seen = {edit_text(LISTING, "value_class", rng) for _ in range(300)} | {edit_text(LISTING, "modifier_insert", rng)
                                                                            for _ in range(300)}
    assert any("None" in t for t in seen) and any("**" in t for t in seen) and any("reversed" in t for t in seen)
    words = {edit_text("I bought 5 muffins and a $3 coffee and paid $23 in total.", "number_word", rng) for _ in range(200)}
    assert any("five" in w or "cinco" in w for w in words)


# ----------------------------------------------------------------------------- the oracle's new readings
@pytest.mark.parametrize(("prompt", "value", "label"), [
    ("Nine more than four times a number is 61. What is the number?", 13, "The number"),
    ("If 17 more than twice a number is 3, what number is the number?", -7, "The number"),  # a number may be negative
    ("I think of a number, multiply it by 3 and add 4; you get 25. What is the number?", 7, "The number"),
    ("We bought some notebooks at $4 each and one $2 pen, and paid $26 in total. How many notebooks did I buy?", 6, ""),
    ("A rectangle is 3 cm longer than it is wide and its perimeter is 34 cm. Find the length in cm.", 10, "Length"),
    ("The width of a rectangle is twice its length and its perimeter is 36 cm. What is its width?", 12, "Width"),
    ("What is its width?The perimeter of a rectangle is 40 cm. Its length is 14 cm.", 6, "Width"),  # sentences moved
    ("Отец в 3 раза старше сына. Вместе им «48» лет. Сколько лет сыну?", 12, "Сыну"),
    ("Ravi is 3 times as old as his daughter. Together their ages add up to 48.00. How old is the daughter?", 12, "The daughter"),
])
def test_the_oracle_reads_the_new_word_problems(prompt: str, value: int, label: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, MathProblem), prompt
    assert problem.solution == {"x": Fraction(value)} and problem.label == label


@pytest.mark.parametrize("prompt", [
    "The perimeter of a rectangle is 40 cm. Its length is 14 cm. What is its length?",  # the side given asked
    "Tom bought some notebooks at $4 each and one $2 pen, and paid $26 in total. How many notebooks did she buy?",
    "I bought some notebooks at $4 each and one $2 pen, and paid $26 in total. How many notebooks did they buy?",
    "The length of a rectangle is twice its length and its perimeter is 36 cm. What is its width?",
])
def test_the_oracle_does_not_read_a_new_word_problem_of_two_readings(prompt: str) -> None:
    assert understand_text(prompt) is None


@pytest.mark.parametrize(("prompt", "obj"), [
    (NESTED, {"user": {"name": "Carl", "age": 40}}),
    ('Return {"owner": {"name": ..., "Age": ...}} for name Carl, age 40', {"owner": {"name": "Carl", "Age": 40}}),
    ('Return {"user": {"name": ..., "age_": ...}} for name Carl, age_ 40', {"user": {"name": "Carl", "age_": 40}}),
    (BLOCK.replace("port: 9090", "port: auto"), {"server": {"host": "localhost", "port": "auto"}}),
    (BLOCK.replace("port: 9090", "port: nadie"), {"server": {"host": "localhost", "port": "nadie"}}),  # no name key
    (LISTING.replace("blue", "he"), {"tags": ["red", "green", "he"]}),  # a tag is the word
    (BLOCK.replace("port: 9090", 'port: "9090"'), {"server": {"host": "localhost", "port": "9090"}}),  # quoted: a string
    (LISTING.replace("blue", "Monday"), {"tags": ["red", "green", "Monday"]}),
    ('Convert 3 km to meters and return JSON {"meters": <Zahl>}.', {"meters": 3000}),
])
def test_the_oracle_reads_the_new_json_prompts(prompt: str, obj: dict) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, JsonProblem) and problem.stated and problem.obj == obj, prompt


@pytest.mark.parametrize("prompt", [
    NESTED.replace("name Carl", "name true"),  # a literal or a string? (jsonR4, W26)
    NESTED.replace("name Carl", "name None"),
    BLOCK.replace("host: localhost", "host: yes"),
    LABELS.replace("Name: Priya", "Name: Nadie"),  # a word that names no one, as a name
    LISTING.replace("blue", "reversed"),  # W26: a word that says how to list
    'Return {"user": {"name": ..., "age_": ...}} for name Carl, age 40',  # "age_" and "age": one key or two?
])
def test_the_oracle_does_not_guess_a_literal_or_a_key_renamed_at_one_mention(prompt: str) -> None:
    assert understand_text(prompt) is None


# ----------------------------------------------------------------------------- the CI run of the new kinds
# The nightly script runs them at any size (scripts/fuzz_prompts.py --new-kinds); CI judges a small fixed-seed
# sample of the new edit kinds over the new prompt kinds and the JSON, word and math kinds nearest to them.
# wip/fuzzK's own kinds, the same sample as before wip/fuzzQ added its kinds to NEW_EDITS (those are judged in CI by
# tests/fuzz/test_fuzzQ.py); wip/fuzzF's difference_key applies to none of these campaigns (its CI judge:
# tests/fuzz/test_fuzzF_difference_key.py); wip/fuzzG's four kinds: tests/fuzz/test_fuzzG_keys_and_dashes.py;
# intent_prefix: tests/fuzz/test_intent_prefix_kind.py
FUZZK_KINDS = frozenset(NEW_EDITS) - {"script_mix", "unicode_variant", "synonym_swap", "difference_key",
                                      "function_word_key", "determiner_key", "unit_key", "dash_chain",  # wip/fuzzG's
                                      "intent_prefix"}
CI_CAMPAIGNS = {"engine/json_reach", "engine/word_reach", "engine/json_en_syntax", "engine/json_stated", "engine/word_en",
                "engine/math_en"}


def test_the_new_kinds_find_no_violation_but_the_open_findings() -> None:
    from tests.fuzz.judge import campaigns

    chosen = [c for c in campaigns(reach=True) if c.name in CI_CAMPAIGNS]
    scale = 700 / sum(c.edits for c in chosen)
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("STEPCACHE_STORE", raising=False)
        report = run_all(driver="random", scale=scale, seed=11, only=lambda c: c.name in CI_CAMPAIGNS,
                         edit_kinds=FUZZK_KINDS)
    assert report.judged >= 600, report.table()
    assert {r.edit_kind for r in report.records} == set(FUZZK_KINDS), report.table()
    assert not report.violations, report.summary(max_examples=4)
