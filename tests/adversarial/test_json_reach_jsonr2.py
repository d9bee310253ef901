"""wip/jsonR2 (issue 33 items 4/5): more JSON reach by class, each served pair served AND exactly
right, each trap never served wrong (the traps marked True must reach the model)."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.json.transforms import apply_transform

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, dumps, exact_json_judge, run_pair, exact_json_pair as pair

Obj = dict[str, Any]


NOTHING = 'Respond with only a JSON object, no explanation: code = "Q-7", count = 3'
FIELDS = "Make a JSON object from these fields:\ncolor: Teal\nsize: 42\nfragile: false"
PRICE = 'Return JSON {"price": ...} with the price 1007.123 rounded to 2 decimals.'
SERVED = [
    # what not to write said between the request and its values
    pair("nothing-then-values", NOTHING, {"code": "Q-7", "count": 3},
         'Respond with only a JSON object, no explanation: code = "Z-12", count = 40', {"code": "Z-12", "count": 40}),
    pair("nothing-then-values", NOTHING, {"code": "Q-7", "count": 3},
         'Reply with a JSON object, no extra text: code = "A-1", count = 2', {"code": "A-1", "count": 2}),
    # the values on the lines after "from these fields:"
    pair("fields-lines", FIELDS, {"color": "Teal", "size": 42, "fragile": False},
         "Make a JSON object from these fields:\ncolor: Amber\nsize: 7\nfragile: true", {"color": "Amber", "size": 7, "fragile": True}),
    pair("fields-lines", FIELDS, {"color": "Teal", "size": 42, "fragile": False},
         "Build a JSON object from these fields:\ncolor: Red\nsize: 8\nfragile: true", {"color": "Red", "size": 8, "fragile": True}),
    # rounding to hundredths, said after the statement or as a sentence of its own
    pair("round-hundredth", PRICE, {"price": 1007.12}, 'Return JSON {"price": ...} with the price 3.14159 rounded to 2 decimals.',
         {"price": 3.14}),
    pair("round-hundredth", PRICE, {"price": 1007.12}, 'Return JSON {"price": ...} with the price 1012.456 rounded to two decimal places.',
         {"price": 1012.46}),
    pair("round-hundredth", 'Return JSON with keys item and price: item "pen", price 1002.344. Round the price to 2 decimals.',
         {"item": "pen", "price": 1002.34},
         'Return JSON with keys item and price: item "pen", price 1002.347. Round the price to 2 decimals.', {"item": "pen", "price": 1002.35}),
    pair("round-hundredth/de", 'Gib JSON mit den Schlüsseln name und preis zurück: name "Tee", preis 4,5678. Runde den preis auf zwei Nachkommastellen.',
         {"name": "Tee", "preis": 4.57},
         'Gib JSON mit den Schlüsseln name und preis zurück: name "Tee", preis 8,9125. Runde den preis auf zwei Nachkommastellen.',
         {"name": "Tee", "preis": 8.91}),
]

TERSE = "json: a=3 b=9"
BLOCK = "```\nname = Ada\nemail = ada@example.net\n```\nConvert the block above to a JSON object."
SHAPE_AS = 'Return {"item": ..., "price": ...} as JSON with the price rounded to 2 decimals. item: soap, price: 1.2345'
SERVED += [
    # "a", "the" right before "=" are keys ("a=1"), not articles
    pair("terse-article-key", TERSE, {"a": 3, "b": 9}, "json: a=12 b=-4", {"a": 12, "b": -4}),
    pair("terse-article-key", TERSE, {"a": 3, "b": 9}, "Return a JSON object: a=7, b=8", {"a": 7, "b": 8}),
    # an e-mail address as a bare value, copied as written
    pair("email-value/pt", "Retorne um JSON com as chaves nome e email: nome Rui, email rui@exemplo.com",
         {"nome": "Rui", "email": "rui@exemplo.com"},
         "Retorne um JSON com as chaves nome e email: nome Ana, email ana.lima@correio.pt", {"nome": "Ana", "email": "ana.lima@correio.pt"}),
    pair("email-value", "Return JSON with keys name and email: name Lina, email lina@example.com.",
         {"name": "Lina", "email": "lina@example.com"},
         "Return JSON with keys name and email: name Omar, email omar+news@mail.example.org.",
         {"name": "Omar", "email": "omar+news@mail.example.org"}),
    # the values in a code block above "Convert the block above to a JSON object."
    pair("code-block", BLOCK, {"name": "Ada", "email": "ada@example.net"},
         "```\nname = Bo\nemail = bo@example.com\n```\nConvert the block above to a JSON object.", {"name": "Bo", "email": "bo@example.com"}),
    # the shape first, then "as JSON"
    pair("shape-as-json", SHAPE_AS, {"item": "soap", "price": 1.23},
         'Return {"item": ..., "price": ...} as JSON with the price rounded to 2 decimals. item: tea, price: 2.71828',
         {"item": "tea", "price": 2.72}),
]

RUN = "Return JSON with the key distance_m (in meters) for a run of 12 km."
METRI = 'Dammi un JSON con la chiave "metri" per una distanza di 3,5 km.'
SERVED += [
    # a unit note after a key is its conversion
    pair("unit-note", RUN, {"distance_m": 12000}, "Return JSON with the key distance_m (in meters) for a run of 7.5 km.",
         {"distance_m": 7500}),
    pair("unit-note", 'Return JSON with key "wait_s" (in seconds) for a delay of 3 minutes.', {"wait_s": 180},
         'Return JSON with key "wait_s" (in seconds) for a delay of 11 minutes.', {"wait_s": 660}),
    pair("unit-note/de", "Gib JSON mit dem Schlüssel strecke_m (in Metern) zurück: strecke_m 7,2 km.", {"strecke_m": 7200},
         "Gib JSON mit dem Schlüssel strecke_m (in Metern) zurück: strecke_m 3,5 km.", {"strecke_m": 3500}),
    # a measure of the one key in es/fr/it/pt (their tables' measure nouns)
    pair("measure/it", METRI, {"metri": 3500}, 'Dammi un JSON con la chiave "metri" per una distanza di 12 km.', {"metri": 12000}),
    pair("measure/es", 'Devuelve un JSON con la clave "metros" para una distancia de 2,5 km.', {"metros": 2500},
         'Devuelve un JSON con la clave "metros" para una distancia de 4 km.', {"metros": 4000}),
    pair("measure/fr", 'Renvoie un JSON avec la clé "minutes" pour une durée de 2 heures.', {"minutes": 120},
         'Renvoie un JSON avec la clé "minutes" pour une durée de 5 heures.', {"minutes": 300}),
    pair("measure/pt", 'Retorne um JSON com a chave "metros" para uma distância de 1,5 km.', {"metros": 1500},
         'Retorne um JSON com a chave "metros" para uma distância de 6 km.', {"metros": 6000}),
]

TRAPS = [
    (pair("unit-note-undeclared", RUN, {"distance_m": 12000}, "Return JSON with the key distance_m (in meters) for a run of 12 hours.",
          {"distance_m": 12}), True),
    (pair("measure-not-a-noun/it", METRI, {"metri": 3500}, 'Dammi un JSON con la chiave "metri" per una terza di 3,5 km.',
          {"metri": 1167}), True),
    (pair("unit-note-unclosed", RUN, {"distance_m": 12000}, "Return JSON with the key distance_m (in meters for a run of 12 km.",
          {"distance_m": 12000}), True),
    (pair("terse-spaced-article", TERSE, {"a": 3, "b": 9}, "json: a = 3 b = 9", {"a": 3, "b": 9}), False),
    (pair("email-no-domain", "Return JSON with keys name and email: name Lina, email lina@example.com.",
          {"name": "Lina", "email": "lina@example.com"},
          "Return JSON with keys name and email: name Lina, email lina@example", {"name": "Lina", "email": "lina@example"}), True),
    (pair("two-blocks", BLOCK, {"name": "Ada", "email": "ada@example.net"},
          "```\nname = Ada\n```\n```\nemail = ada@example.net\n```\nConvert the block above to a JSON object.",
          {"email": "ada@example.net"}), True),
    (pair("block-yaml", BLOCK, {"name": "Ada", "email": "ada@example.net"},
          "```\nname = Ada\nemail = ada@example.net\n```\nConvert the block above to YAML.", {"name": "Ada", "email": "ada@example.net"}), True),
    (pair("shape-as-yaml", SHAPE_AS, {"item": "soap", "price": 1.23},
          'Return {"item": ..., "price": ...} as YAML with the price rounded to 2 decimals. item: soap, price: 1.2345',
          {"item": "soap", "price": 1.23}), True),
    # a tie: which way "rounded" goes is not stated
    (pair("round-tie", PRICE, {"price": 7.12}, 'Return JSON {"price": ...} with the price 19.985 rounded to 2 decimals.',
          {"price": 19.99}), True),
    # a result with fewer decimals: "19.9" or "19.90" is not stated
    (pair("round-short", PRICE, {"price": 7.12}, 'Return JSON {"price": ...} with the price 19.901 rounded to 2 decimals.',
          {"price": 19.9}), True),
    # the statement's key is not the template's
    (pair("round-other-key", PRICE, {"price": 7.12}, 'Return JSON {"price": ...} with the cost 19.987 rounded to 2 decimals.',
          {"price": 19.99}), True),
    # another rounding: to one decimal
    (pair("round-other-step", PRICE, {"price": 7.12}, 'Return JSON {"price": ...} with the price 19.987 rounded to one decimal.',
          {"price": 20.0}), False),
    # another format
    (pair("yaml", NOTHING, {"code": "Q-7", "count": 3}, 'Respond with only a YAML object, no explanation: code = "Q-7", count = 3',
          {"code": "Q-7", "count": 3}), True),
    (pair("yaml", FIELDS, {"color": "Teal", "size": 42, "fragile": False},
          "Make a YAML object from these fields:\ncolor: Teal\nsize: 42\nfragile: false", {"color": "Teal", "size": 42, "fragile": False}), True),
    # a field asked about, not stated
    (pair("field-asked", FIELDS, {"color": "Teal", "size": 42, "fragile": False},
          "Make a JSON object from these fields:\ncolor: Teal\nsize: 42?\nfragile: false", {"color": "Teal", "size": 42, "fragile": False}), True),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}")
def test_served_and_exactly_right(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case, model", TRAPS, ids=lambda p: f"{p.cls}:{p.new_prompt[:50]}" if isinstance(p, Pair) else str(p))
def test_trap_never_served_wrong(case: Pair, model: bool) -> None:
    assert_trap_never_wrong(case, model)


@pytest.mark.parametrize(("value", "expected"), [(19.987, 19.99), (24.456, 24.46), (0.125, None), (19.901, None),
                                                 (3, None), (2.0049, None), (-1.236, -1.24), (1.005, None)])
def test_round_to_hundredths(value: float, expected: float | None) -> None:
    """Exact: a tie (0.125 -> 0.12 or 0.13) and a result not written with two decimals are declined."""
    assert apply_transform("round to 0.01", value, None) == expected
    if expected is not None:
        assert repr(apply_transform("round to 0.01", value, None)) == repr(expected)


def test_rounding_with_a_unit_is_no_claim() -> None:
    assert apply_transform("round to 0.01", 19.987, "km") is None


@pytest.mark.parametrize("prompt", [
    "Make a JSON object from these fields: color: Teal",           # no line break: where the list starts is not said
    'Respond with only a JSON object, no explanation, sku = "A-100", quantity = 12',  # no colon
    'Return JSON {"price": ...} with the price 19.987 rounded.',   # rounded to what
    "json: a = 3 b = 9",  # an article with a space before "=" is no key read ("the = sign"): only "a=3" is
])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


def test_decimal_comma_with_four_digits_or_more() -> None:
    """de "3,14159" is a decimal (no thousands group has five digits); "8,912" stays unread (a group of three)."""
    four = read_request('Gib JSON mit den Schlüsseln name und preis zurück: name "Tee", preis 8,9125.')
    assert four is not None and four.statements["preis"].value == 8.9125
    assert read_request('Gib JSON mit den Schlüsseln name und preis zurück: name "Tee", preis 8,912.') is None


@pytest.mark.parametrize(("prompt", "expected"), [
    ("生成 JSON：商品=玉米,价格=5", {"商品": "玉米", "价格": 5}),
    ("生成 JSON：商品=巧克力,价格=5", {"商品": "巧克力", "价格": 5}),
    ("请返回 JSON，键为 name 和 city：name 米莉，city 上海", {"name": "米莉", "city": "上海"}),
    ('把 3.45 米换算成厘米，只输出 JSON：{"厘米": 数值}', {"厘米": 345}),
])
def test_unit_words_inside_names_in_ideographs(prompt: str, expected: Obj) -> None:
    """zh "米" (metre) and "克" (gram) are table words: inside a name ("玉米", "米莉") they are part of it."""
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == expected


def test_a_first_word_that_is_a_verb_is_a_key_before_a_comma() -> None:
    """"round 3, score 5": the first word is a key; "Round 2.5 km to ...": a verb and its measure."""
    read = read_request("round 3, score 5. Return JSON.")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"round": 3, "score": 5}


def test_values_on_the_lines_after_from_these_are_served_exactly() -> None:
    """wip/jsonV: "from these:" (no "fields") then the values on the lines after it (pinned as no claim
    before wip/jsonV; now read, and served exactly)."""
    new = "Make a JSON object from these:\ncolor: Teal\nsize: 42"
    read = read_request(new)
    assert read is not None and {k: st.value for k, st in read.statements.items()} == {"color": "Teal", "size": 42}
    old_obj, new_obj = {"color": "Red", "size": 38}, {"color": "Teal", "size": 42}
    outcome = run_pair(Pair("jsonV/from-these", "Make a JSON object from these:\ncolor: Red\nsize: 38", dumps(old_obj), new,
                            dumps(new_obj), exact_json_judge(new_obj), benign=True))
    assert outcome.correct and outcome.result.model_calls == 0 and outcome.result.verification == "proven"
