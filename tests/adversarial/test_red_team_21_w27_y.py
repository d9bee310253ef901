"""W27 (red team 21), wip/w27y: colon-labelled blocks read only as YAML reads them (json/yaml_block.py).

'label: value' lines are YAML to most users and tools; a block the JSON reader read from such lines was
served where YAML reads it otherwise (880 records; a sample in tests/fixtures/red_team_21_w27y_pairs.json):

- N2/N2b: "enabled: on" / "active: off" (nested and flat blocks) served as the strings "on"/"off"; YAML 1.1 reads true/false.
- N3: a nested block indented 3 spaces, dedented or with tabs served as an object; YAML raises.
- K1: "first name: Ana" with no key list served as first_name; YAML's key is "first name".
- N9: "duration: 30 (months)" served as 30; YAML reads the string "30 (months)".
- N8: "age: 30, not 31" (blocks, nested blocks, inline 'Make this a JSON object: ...') served "not": 31; YAML
  reads "30, not 31" (a flow mapping reads the key "not 31" with no value).
- N7: "title: Dr." served "Dr"; YAML reads "Dr.".

Now every statement read inside such a block must sit at a key YAML reads there, with YAML's value (types too),
and with no key list the key is the label as YAML reads it and the object is YAML's mapping; else no claim.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import Statement, read_request
from stepcache_integrations.core.tasks.json.yaml_block import block_disagrees

from .harness import NeverRightModel, assert_models_answer_kept, assert_red_team_pair_not_served

_PAIRS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_21_w27y_pairs.json").read_text(encoding="utf-8"))
_WITH_FIRST = [p for p in _PAIRS if p["first"]]


@pytest.mark.parametrize("pair", _WITH_FIRST, ids=[f"{p['cls']}-{p['lang']}-{i}" for i, p in enumerate(_WITH_FIRST)])
def test_a_red_team_pair_is_not_served(pair: dict[str, str]) -> None:
    assert_red_team_pair_not_served(str(pair["first"]), str(pair["second"]))


@pytest.mark.parametrize("pair", _PAIRS, ids=[f"{p['cls']}-{p['lang']}-{i}" for i, p in enumerate(_PAIRS)])
def test_the_models_answer_is_kept_on_an_empty_cache(pair: dict[str, str]) -> None:
    assert_models_answer_kept(str(pair["second"]))


# The general shapes, in every conversion phrase of the seven tables: a value YAML reads as another type or
# another text, a label YAML keys otherwise, a block YAML does not read.
_HEADS = ["Convert to JSON:", "Turn this into JSON:", "Make this a JSON object:", "Convierte esto a JSON:",
          "Convertis ceci en JSON :", "Wandle diese Daten in JSON um:", "Converti questo in JSON:",
          "Converta isto para JSON:", "Преобразуй в JSON:"]
_FLAT = ["name: Ana\nactive: on", "name: Ana\nactive: OFF", "enabled: Off\nname: Ana", "name: Ana\nage: 30, not 31",
         "name: Ana\nage: 30; not 31", "name: Ana\nage: 30,not 31", "name: Ana\nnote: 30, age 31", "title: Dr.\nname: Ana",
         "name: Ana\ntitle: Acme Inc.", "name: Ana\ntitle: a.m.", "name: Ana\nduration: 30 (months)",
         "name: Ana\nage: 30 (years)", "first name: Ana\nage: 30", "name: Ana\nphone number: 5551234",
         "name: Ana\nstart: 12:30", "name: Ana\nborn: 2024-05-01", "name: Ana\nprice: 15.20", "name: Ana\nmode: 015"]
_NESTED = ["server:\n  host: localhost\n  enabled: on", "server:\n  host: localhost\n   port: 9090",
           "server:\n    host: localhost\n  port: 9090", "server:\n\thost: localhost\n\tport: 9090",
           "server:\n  host: localhost\n  port: 9090, not 80", "server:\n  host name: localhost\n  port: 9090",
           "server:\n  host: localhost\n  timeout: 30 (seconds)", "server:\n  host: localhost\n  owner: Dr."]
_INLINE = ["Make this a JSON object: name: Ana, age: 30, not 31", "Make this a JSON object: name: Ana, active: on",
           "Make this a JSON object: first name: Ana, age: 30", "Make this a JSON object: name: Ana, title: Dr.",
           "Make this a JSON object: name: Ana, age: 30 (months)", "Make this a JSON object: name: Ana, age: 30; not 31",
           "Make this a JSON object: name: Ana, age: 30. Not 31."]
_NO_CLAIM = [f"{head}\n{body}" for head in _HEADS for body in _FLAT + _NESTED] + _INLINE


@pytest.mark.parametrize("prompt", _NO_CLAIM, ids=[f"no-claim-{i}" for i in range(len(_NO_CLAIM))])
def test_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


# The nearest right forms: read, and exactly as YAML reads them
_STILL_READ = [
    ("Turn this into JSON:\nname: Ana\nage: 31", {"name": "Ana", "age": 31}),
    ('Turn this into JSON:\nname: Ana\nnote: "30, not 31"', {"name": "Ana", "note": "30, not 31"}),
    ('Turn this into JSON:\ntitle: "Dr."\nname: Ana', {"title": "Dr.", "name": "Ana"}),
    ('Turn this into JSON:\nname: Ana\nduration: "30 (months)"', {"name": "Ana", "duration": "30 (months)"}),
    ('Convert to JSON:\nserver:\n  host: localhost\n  enabled: "on"', {"server": {"host": "localhost", "enabled": "on"}}),
    ("Convert to JSON:\nserver:\n  host: localhost\n  enabled: true", {"server": {"host": "localhost", "enabled": True}}),
    ("Convert to JSON:\nserver:\n  host: localhost\n  port: 9091", {"server": {"host": "localhost", "port": 9091}}),
    ("Convert to JSON:\nname: Ana\nactive: false", {"name": "Ana", "active": False}),
    ("Make this a JSON object:\nfirst_name: Ana\nage: 30", {"first_name": "Ana", "age": 30}),
    ("Make this a JSON object: name: Ana, age: 31", {"name": "Ana", "age": 31}),
    ("Return JSON with keys first_name, age.\nfirst name: Ana\nage: 30", {"first_name": "Ana", "age": 30}),
    ("Convierte esto a JSON:\nservidor:\n  host: localhost\n  puerto: 9091", {"servidor": {"host": "localhost", "puerto": 9091}}),
    ("Convertis ceci en JSON :\nnom: Ana\nage: 31", {"nom": "Ana", "age": 31}),
    ("Wandle diese Daten in JSON um:\nname: Ana\nalter: 31", {"name": "Ana", "alter": 31}),
    ("Converti questo in JSON:\nnome: Ana\neta: 31", {"nome": "Ana", "eta": 31}),
    ("Converta isto para JSON:\nnome: Ana\nidade: 31", {"nome": "Ana", "idade": 31}),
    ("Преобразуй в JSON:\nимя: Ана\nвозраст: 31", {"имя": "Ана", "возраст": 31}),
    # an inline text's sentences are each a flow mapping; zh/ja sentences and full-width colons are no YAML (left as before)
    ("Make JSON from: city: Porto; population: 231800", {"city": "Porto", "population": 231800}),
    ("Converta para JSON com as chaves id e ativo (booleano): id 12, ativo: não", {"id": 12, "ativo": False}),
    ("Converta para JSON com as chaves id e ativo (booleano):\nid: 12\nativo: não", {"id": 12, "ativo": False}),  # a block: the declared type decides
    ("Give JSON with a key \"tags\" holding this list of strings: rust, async, tokio", {"tags": ["rust", "async", "tokio"]}),
    ("Make JSON with keys title and year. Title: Emma. Year: 1815.", {"title": "Emma", "year": 1815}),
    ("请输出JSON，键为 商品 和 价格。\n商品：键盘\n价格：219", {"商品": "键盘", "价格": 219}),
    ("Product: Desk Lamp\nPrice: 19.99\nIn stock: yes\nOutput this as JSON with keys product, price, in_stock (boolean).",
     {"product": "Desk Lamp", "price": 19.99, "in_stock": True}),
]


@pytest.mark.parametrize(("prompt", "values"), _STILL_READ, ids=[f"read-{i}" for i in range(len(_STILL_READ))])
def test_still_read(prompt: str, values: dict[str, object]) -> None:
    read = read_request(prompt)
    assert read is not None and {k: s.value for k, s in read.statements.items()} == values


_SERVED = [
    ("Turn this into JSON:\nname: Ana\nage: 30", "Turn this into JSON:\nname: Ana\nage: 31", {"name": "Ana", "age": 31}),
    ("Convert to JSON:\nserver:\n  host: localhost\n  port: 9090", "Convert to JSON:\nserver:\n  host: localhost\n  port: 9091",
     {"server": {"host": "localhost", "port": 9091}}),
    ('Turn this into JSON:\ntitle: "Mr."\nname: Ana', 'Turn this into JSON:\ntitle: "Dr."\nname: Ana', {"title": "Dr.", "name": "Ana"}),
    ("Make this a JSON object: name: Ana, age: 30", "Make this a JSON object: name: Ana, age: 31", {"name": "Ana", "age": 31}),
    ("Convierte esto a JSON:\nservidor:\n  host: localhost\n  puerto: 9090", "Convierte esto a JSON:\nservidor:\n  host: localhost\n  puerto: 9091",
     {"servidor": {"host": "localhost", "puerto": 9091}}),
    ("Wandle diese Daten in JSON um:\nname: Ana\nalter: 30", "Wandle diese Daten in JSON um:\nname: Ana\nalter: 31", {"name": "Ana", "alter": 31}),
    ("Преобразуй в JSON:\nимя: Ана\nвозраст: 30", "Преобразуй в JSON:\nимя: Ана\nвозраст: 31", {"имя": "Ана", "возраст": 31}),
]


@pytest.mark.parametrize(("first", "second", "expected"), _SERVED, ids=[f"served-{i}" for i in range(len(_SERVED))])
def test_served_and_exact(first: str, second: str, expected: dict[str, object]) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    assert model.calls == before and result.verification == "proven", (result.outcome, result.text)
    assert json.loads(result.text) == expected


# Each layer of the check on its own (json/yaml_block.py), as a reader that misread the block would hand it over
def _said(prompt: str, label_text: str, key: str, value: object, own: bool) -> tuple[str, Statement, bool]:
    start = prompt.index(label_text)
    return key, Statement(value, False, (start, start + len(label_text))), own  # type: ignore[arg-type]


def test_a_label_yaml_keys_otherwise_is_no_claim_with_no_key_list() -> None:
    prompt = "Make this a JSON object: first name: Ana, age: 30"
    said = [_said(prompt, "first name: Ana", "first_name", "Ana", True), _said(prompt, "age: 30", "age", 30, True)]
    assert block_disagrees(prompt, said, None)
    assert not block_disagrees(prompt, [(k, st, False) for k, st, _own in said], None)  # folded onto a listed key


def test_a_statement_where_yaml_reads_no_key_is_no_claim() -> None:
    prompt = "Convert to JSON:\nname: Ana\nage: 30, not 31"
    said = [_said(prompt, "name: Ana", "name", "Ana", False), _said(prompt, "not 31", "not", 31, False)]
    assert block_disagrees(prompt, said, None)


def test_with_no_key_list_the_object_is_the_blocks_whole_mapping() -> None:
    prompt = "Convert to JSON:\nname: Ana\nage: 30\nnote: late"
    said = [_said(prompt, "name: Ana", "name", "Ana", True), _said(prompt, "age: 30", "age", 30, True)]
    assert block_disagrees(prompt, said, {"name": "Ana", "age": 30})
    assert not block_disagrees(prompt, said, {"name": "Ana", "age": 30, "note": "late"})
