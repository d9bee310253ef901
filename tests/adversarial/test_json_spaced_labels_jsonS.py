"""wip/jsonS: a label of several words at a line's start ("Order number: 5512", "In stock: true", "First name: Ana")
names the listed key its words joined by "_" name (order_number; en label_folding "spaces", case folded as any label),
with the request sentence before or after the block; served AND exact. Traps: a label no listed key names (the key
set changed), a sentence before a colon ("The price: 5"), a framing word inside the label."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

LABELS = [("Order number", "order_number", 5512, 6620), ("In stock", "in_stock", "true", "false"),
          ("First name", "first_name", "Ana", "Rui"), ("Zip code", "zip_code", '"69002"', '"75001"'),
          ("Unit price", "unit_price", 3.5, 4.25), ("Start time", "start_time", '"15:00"', '"16:30"'),
          ("Last name", "last_name", "Ruiz", "Costa"), ("Number of guests", "number_of_guests", 15, 22)]
REQUESTS = ["Return JSON with keys {keys}.", "Give me this as a JSON object with keys {keys}.", "Output this as JSON with keys {keys}.",
            "Convert this to JSON with keys {keys}."]


def _read(v: object) -> object:
    if v in ("true", "false"):
        return v == "true"
    return v[1:-1] if isinstance(v, str) and v.startswith('"') else v


def _pairs() -> list[Pair]:
    out = []
    for i, (label, key, a, b) in enumerate(LABELS):
        other_label, other_key, oa, ob = ("Total", "total", 102.75, 88.5) if i % 2 else ("Customer", "customer", "Smith", "Jones")
        for j, request in enumerate(REQUESTS):
            sentence = request.format(keys=f"{key}, {other_key}" if j % 2 else f"{other_key}, {key}")
            label_text = label.lower() if (i + j) % 3 == 0 else label
            block_a = f"{label_text}: {a}\n{other_label}: {oa}"
            block_b = f"{label_text}: {b}\n{other_label}: {ob}"
            if (i + j) % 2:
                p1, p2 = f"{block_a}\n{sentence}", f"{block_b}\n{sentence}"
            else:
                p1, p2 = f"{sentence[:-1]}:\n{block_a}", f"{sentence[:-1]}:\n{block_b}"
            out.append(pair(f"en/label/{key}/{j}", p1, {key: _read(a), other_key: oa}, p2, {key: _read(b), other_key: ob}))
    return out


LABEL_PAIRS = _pairs()


def test_twenty_phrasings() -> None:
    assert len(LABEL_PAIRS) >= 20


@pytest.mark.parametrize("case", LABEL_PAIRS, ids=lambda c: c.cls)
def test_spaced_labels_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


OLD = "Order number: 5512\nTotal: 102.75\nReturn JSON with keys order_number, total."
OLD_OBJ = {"order_number": 5512, "total": 102.75}
TRAPS = [
    "Order number: 6620\nTotal: 88.5\nReturn JSON with keys order, total.",  # a label no listed key names
    "Order number: 6620\nTotal: 88.5\nReturn JSON with keys order_id, total.",
    "Order count: 6620\nTotal: 88.5\nReturn JSON with keys order_number, total.",
    "Order number: 6620\nOrder number: 7\nReturn JSON with keys order_number, total.",  # two values for one key
    "The order number: 6620\nTotal: 88.5\nReturn JSON with keys order_number, total.",
    "Return JSON order number: 6620\nTotal: 88.5\nReturn JSON with keys order_number, total.",
    "Order number: 6620 items\nTotal: 88.5\nReturn JSON with keys order_number, total.",
    "Order number: 6620\nTotal: 88.5\nReturn JSON with keys order_number, total, except total.",
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_spaced_label_traps_never_wrong(prompt: str) -> None:
    assert_trap_never_wrong(pair("trap", OLD, OLD_OBJ, prompt, {"never": prompt}), model=True)


def test_unlisted_spaced_label_states_no_listed_key() -> None:
    read = read_request("Order number: 6620\nTotal: 88.5\nReturn JSON with keys order, total.")
    assert read is None or "order" not in read.statements, read


# A capitalised entity noun of the table after a label's colon is the thing's name as written ("Product: Desk Lamp",
# "Item: Kettle"; set 16 i242); any other table word there stays no name.
ENTITY_VALUES = [
    pair("en/entity-value/i242", "Product: Desk Lamp\nPrice: 19.99\nIn stock: yes\nOutput this as JSON with keys product, price, in_stock (boolean).",
         {"product": "Desk Lamp", "price": 19.99, "in_stock": True},
         "Product: Desk Lamp\nPrice: 24.5\nIn stock: no\nOutput this as JSON with keys product, price, in_stock (boolean).",
         {"product": "Desk Lamp", "price": 24.5, "in_stock": False}),
    pair("en/entity-value/item", "Item: Kettle\nPrice: 19.99\nOutput this as JSON with keys item, price.", {"item": "Kettle", "price": 19.99},
         "Item: Lamp\nPrice: 12\nOutput this as JSON with keys item, price.", {"item": "Lamp", "price": 12}),
    pair("en/entity-value/before", "Return JSON with keys product and price:\nProduct: Lamp\nPrice: 19.99", {"product": "Lamp", "price": 19.99},
         "Return JSON with keys product and price:\nProduct: Desk Lamp\nPrice: 21", {"product": "Desk Lamp", "price": 21}),
]


@pytest.mark.parametrize("case", ENTITY_VALUES, ids=lambda c: c.cls)
def test_entity_word_values_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("prompt", [
    "Product: Return\nPrice: 19.99\nOutput this as JSON with keys product, price.",  # a verb of the table: no name
    "Product: JSON\nPrice: 19.99\nOutput this as JSON with keys product, price.",
    "Product: Desk Keys\nPrice: 19.99\nOutput this as JSON with keys product, price.",
])
def test_framing_word_values_never_wrong(prompt: str) -> None:
    assert_trap_never_wrong(pair("trap", OLD, OLD_OBJ, prompt, {"never": prompt}), model=True)
