"""wip/jsonR6 (issue 33 items 3/4): values written as data after "=" in the tables written without
spaces (zh, ja: "host=db7；port=1545", "item=りんご、qty=6"), a zh conversion verb framing data
("转换成JSON：..."), and a ja key list in brackets after "JSON にしてください". Every pair is served
by the cache alone with the exact object, and the traps stay with the model."""

from __future__ import annotations

import hashlib
import json

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request


def _read(prompt: str) -> tuple[tuple[str, ...], dict[str, object]] | None:
    r = read_request(prompt)
    return None if r is None else (r.keys, {k: s.value for k, s in r.statements.items()})


class _Echo:
    """Never right: its answer is a function of the whole prompt."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return "ECHO " + hashlib.sha256(prompt.encode("utf-8")).hexdigest()[:12]


def _second(first: str, second: str) -> tuple[bool, object]:
    """(served without a model call, the second answer's object) after ``first`` was answered."""
    cache, model = StepCache(), _Echo()
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    try:
        obj = json.loads(result.text)
    except ValueError:
        obj = None
    return model.calls == before and result.verified, obj


def _exact(obj: object, expected: dict[str, object]) -> bool:
    return isinstance(obj, dict) and list(obj.items()) == list(expected.items()) and all(
        type(obj[k]) is type(v) for k, v in expected.items())


EQUALS_DATA = [
    ("转换成JSON：host=db7；port=1545", ("host", "port"), {"host": "db7", "port": 1545}),
    ("请转换成JSON：host=cache2；port=6379", ("host", "port"), {"host": "cache2", "port": 6379}),
    ("把以下内容转换成JSON：名称=苹果；数量=6", ("名称", "数量"), {"名称": "苹果", "数量": 6}),
    ("これをJSONに変換して：host=db7; port=1545", ("host", "port"), {"host": "db7", "port": 1545}),
    ("これをJSONに変換して：host=db7；port=1545", ("host", "port"), {"host": "db7", "port": 1545}),
    ("JSONに変換して：item=りんご、qty=6", ("item", "qty"), {"item": "りんご", "qty": 6}),
    ("次の情報を JSON にしてください（キー：item, qty）。item=みかん, qty=10", ("item", "qty"), {"item": "みかん", "qty": 10}),
    ("以下をJSONに変換してください：city=東京、code=tyo", ("city", "code"), {"city": "東京", "code": "tyo"}),
]


@pytest.mark.parametrize("prompt, keys, stated", EQUALS_DATA)
def test_data_after_equals_in_tables_without_spaces(prompt: str, keys: tuple[str, ...], stated: dict[str, object]) -> None:
    assert _read(prompt) == (keys, stated)


@pytest.mark.parametrize(
    "prompt",
    [
        "JSONに変換して：item=りんごです、qty=6",   # a copula inside the run: no value written as data
        "JSONに変換して：item=りんご6、qty=6",      # a digit beside kana: "6" may be the quantity
        "JSONに変換して：item=null、qty=6",         # a JSON literal word, no string
        "JSONに変換して：item=json、qty=6",         # a word that frames the request
        "JSONに変換して：item=string、qty=6",       # a type word, no value
        "转换成JSON：host=db7 很快；port=1545",      # more after the word before the statement's end
        "四舍五入JSON：city：上海",                  # only a conversion verb frames data
        "四舍五入JSON：price=3.14159",
        "JSONに変換して：item=りんご酒、qty=6",      # two scripts in one word
        "JSONに変換して：item：りんご、qty：6",      # only "=" writes data: after a colon kana may be prose
    ],
)
def test_what_stays_declined(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(
    "first, second, expected",
    [
        ("转换成JSON：host=db7；port=1545", "转换成JSON：host=cache9；port=6380", {"host": "cache9", "port": 6380}),
        ("これをJSONに変換して：host=db7; port=1545", "これをJSONに変換して：host=web3; port=8080", {"host": "web3", "port": 8080}),
        ("次の情報を JSON にしてください（キー：item, qty）。item=りんご, qty=6",
         "次の情報を JSON にしてください（キー：item, qty）。item=みかん, qty=10", {"item": "みかん", "qty": 10}),
        ("JSONに変換して：item=りんご、qty=6", "JSONに変換して：item=ぶどう、qty=12", {"item": "ぶどう", "qty": 12}),
    ],
)
def test_pairs_are_served_exactly(first: str, second: str, expected: dict[str, object]) -> None:
    served, obj = _second(first, second)
    assert served and _exact(obj, expected)


@pytest.mark.parametrize(
    "first, second",
    [
        # the second value is no data written after "=": the model answers
        ("JSONに変換して：item=りんご、qty=6", "JSONに変換して：item=りんごです、qty=6"),
        ("转换成JSON：host=db7；port=1545", "四舍五入JSON：host=db7；port=1545"),
    ],
)
def test_traps_are_not_served_from_the_cache(first: str, second: str) -> None:
    served, _obj = _second(first, second)
    assert not served
