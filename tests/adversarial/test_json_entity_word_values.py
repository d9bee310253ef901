"""A capitalised entity noun of a table ("Laptop", "Book", "Lamp") stated as a whole value after "=" or
":" is the value's name as written: 'product=Laptop, price=999.99' was declined (the word was read as the
table's ENTITY class). Only where it is the whole value of a labelled statement (nothing after it but a
comma, a semicolon, a line's or the text's end, or a sentence's period), or a value in the keys' order."""

from __future__ import annotations

import json

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel

_SERVED = [
    ("Output JSON only. Keys: product, price. product=Laptop, price=999.99",
     "Output JSON only. Keys: product, price. product=Tablet, price=349.5", {"product": "Tablet", "price": 349.5}),
    ("Output JSON only. Keys: product, price. product=Tablet, price=349.5",
     "Output JSON only. Keys: product, price. product=Laptop, price=999.99", {"product": "Laptop", "price": 999.99}),
    ("JSON please: item=Book, qty=3", "JSON please: item=Lamp, qty=4", {"item": "Lamp", "qty": 4}),
    ("Return JSON with keys product and price. product: Camera, price: 120",
     "Return JSON with keys product and price. product: Phone, price: 80", {"product": "Phone", "price": 80}),
    ("Return JSON with keys product and price: Desk, 150", "Return JSON with keys product and price: Chair, 45",
     {"product": "Chair", "price": 45}),
]


@pytest.mark.parametrize(("first", "second", "expected"), _SERVED, ids=[f"served-{i}" for i in range(len(_SERVED))])
def test_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    assert model.calls == before and result.verified, result
    assert json.loads(result.text) == expected


_NO_CLAIM = [
    "JSON please: product=Lamp price=349.5",       # no separator after the value: where does it end?
    "Return JSON: Laptop with price 5",            # no label before the noun
]


@pytest.mark.parametrize("prompt", _NO_CLAIM, ids=[f"no-claim-{i}" for i in range(len(_NO_CLAIM))])
def test_no_claim(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or "product" not in read.statements
