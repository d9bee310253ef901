"""wip/jsonF: a fenced block tagged YAML ("```yaml" or "```yml" alone on its line) holds the labelled lines a
conversion request reads, as an untagged fence does, in every table's conversion phrases; and W27, found
doing it: under a YAML frame (the tag, or a request word naming YAML: "Convert this YAML to JSON:", es "este
YAML", de "dieses YAML") an unquoted value that YAML 1.1 (PyYAML) reads as a boolean or null while this reader
kept the string ("active: on" was served "on"; PyYAML reads true, YAML 1.2 "on": two readings) is no claim;
"k=v" lines under a YAML word stay read as statements (jsonS's composed "Serialise this yaml as JSON: city=Lyon").
Served pairs are served without a
model call (a never-right model answered the first prompt) and exactly right; each trap is no claim or never
served wrong.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_exact_object, assert_served_proven, assert_trap_never_wrong, dumps, exact_json_judge

Obj = dict[str, Any]


def pair(cls: str, old: str, old_obj: Obj, new: str, new_obj: Obj) -> Pair:
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), exact_json_judge(new_obj))


EN_AFTER = "Convert to JSON:\n```yaml\nname: {}\nweight_kg: {}\n```"
EN_BEFORE = "```yaml\nname: {}\nweight_kg: {}\n```\nConvert this to JSON."
EN_YML = "Convert to JSON:\n```yml\nsku: {}\nqty: {}\n```"
EN_UPPER_TAG = "Convert to JSON:\n```YAML\ncity: {}\nzip: \"{}\"\n```"
EN_NESTED = "Convert to JSON:\n```yaml\nserver:\n  host: {}\n  port: {}\n```"
EN_BOOL = "Convert to JSON:\n```yaml\nname: {}\nactive: {}\n```"
FR = "Convertis en JSON :\n```yaml\nnom: {}\npoids_kg: {}\n```"
ES = "Convierte a JSON:\n```yaml\nnombre: {}\npeso_kg: {}\n```"
DE = "Wandle diese Daten in JSON um:\n```yaml\nname: {}\ngewicht_kg: {}\n```"
IT = "Converti in JSON:\n```yaml\nnome: {}\npeso_kg: {}\n```"
PT = "Converta para JSON:\n```yaml\nnome: {}\npeso_kg: {}\n```"
RU = "Преобразуй в JSON:\n```yaml\nname: {}\nweight_kg: {}\n```"
ZH = "转换成JSON：\n```yaml\nname: {}\nweight_kg: {}\n```"
JA = "JSONに変換して：\n```yaml\nname: {}\nweight_kg: {}\n```"
EN_SAID = "Convert this YAML to JSON:\nname: {}\nweight_kg: {}"

SERVED = [
    pair("en/fence-after", EN_AFTER.format("widget", 3), {"name": "widget", "weight_kg": 3},
         EN_AFTER.format("lamp", 5), {"name": "lamp", "weight_kg": 5}),
    pair("en/fence-before", EN_BEFORE.format("Widget", 3), {"name": "Widget", "weight_kg": 3},
         EN_BEFORE.format("Gadget", 2.5), {"name": "Gadget", "weight_kg": 2.5}),
    pair("en/yml", EN_YML.format("A-100", 2), {"sku": "A-100", "qty": 2}, EN_YML.format("B-220", 7), {"sku": "B-220", "qty": 7}),
    pair("en/upper-tag", EN_UPPER_TAG.format("Boston", "02134"), {"city": "Boston", "zip": "02134"},
         EN_UPPER_TAG.format("Denver", "80202"), {"city": "Denver", "zip": "80202"}),
    pair("en/nested", EN_NESTED.format("Atlas", 9090), {"server": {"host": "Atlas", "port": 9090}},
         EN_NESTED.format("Orion", 8080), {"server": {"host": "Orion", "port": 8080}}),
    pair("en/true-false", EN_BOOL.format("Widget", "true"), {"name": "Widget", "active": True},
         EN_BOOL.format("Gadget", "false"), {"name": "Gadget", "active": False}),
    pair("en/said-yaml", EN_SAID.format("Widget", 3), {"name": "Widget", "weight_kg": 3},
         EN_SAID.format("Gadget", 4), {"name": "Gadget", "weight_kg": 4}),
    pair("fr/fence", FR.format("Widget", 3), {"nom": "Widget", "poids_kg": 3}, FR.format("Lampe", 2), {"nom": "Lampe", "poids_kg": 2}),
    pair("es/fence", ES.format("Widget", 3), {"nombre": "Widget", "peso_kg": 3}, ES.format("Silla", 6), {"nombre": "Silla", "peso_kg": 6}),
    pair("de/fence", DE.format("Widget", 3), {"name": "Widget", "gewicht_kg": 3}, DE.format("Stuhl", 8), {"name": "Stuhl", "gewicht_kg": 8}),
    pair("it/fence", IT.format("Widget", 3), {"nome": "Widget", "peso_kg": 3}, IT.format("Sedia", 5), {"nome": "Sedia", "peso_kg": 5}),
    pair("pt/fence", PT.format("Widget", 3), {"nome": "Widget", "peso_kg": 3}, PT.format("Mesa", 9), {"nome": "Mesa", "peso_kg": 9}),
    pair("ru/fence", RU.format("Widget", 3), {"name": "Widget", "weight_kg": 3}, RU.format("Lamp", 4), {"name": "Lamp", "weight_kg": 4}),
    pair("zh/fence", ZH.format("Widget", 3), {"name": "Widget", "weight_kg": 3}, ZH.format("Lamp", 6), {"name": "Lamp", "weight_kg": 6}),
    pair("ja/fence", JA.format("Widget", 3), {"name": "Widget", "weight_kg": 3}, JA.format("Lamp", 2), {"name": "Lamp", "weight_kg": 2}),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonf_yaml_blocks_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_jsonf_yaml_blocks_served_after_never_right_model(case: Pair) -> None:
    assert_served_exact_object(case)


NO_CLAIM = [
    # W27: YAML 1.1 booleans and nulls kept as strings by this reader, in any case, flat or nested, any frame
    EN_BOOL.format("Widget", "on"),
    EN_BOOL.format("Widget", "Off"),
    EN_BOOL.format("Widget", "y"),
    EN_BOOL.format("Widget", "n"),
    EN_BOOL.format("Widget", "~"),
    "Convert to JSON:\n```yaml\ncountry: NO\ncity: Oslo\n```",
    "Convert to JSON:\n```yaml\nserver:\n  host: Atlas\n  tls: off\n```",
    "Convert this YAML to JSON:\nname: Widget\nactive: on",
    "Convert this YAML to JSON:\nname: Widget\nactive: OFF",
    "Convierte este YAML a JSON:\nnombre: Widget\nactivo: on",
    "Wandle dieses YAML in JSON um:\nname: Widget\naktiv: on",
    "```yaml\nname: Widget\nactive: off\n```\nConvert this to JSON.",
    "Serialise this yaml as JSON: city=Lyon, active=on",
    "Convert this YAML to JSON:\nname: Widget\ntags: red, green",  # one string in YAML; a list nowhere said
    # another tag, words after the tag, two blocks
    "Convert to JSON:\n```python\nname: Widget\nweight_kg: 3\n```",
    "Convert to JSON:\n```yaml name\nname: Widget\n```",
    "Convert to JSON:\n```yaml\nname: Widget\n```\n```yaml\nname: Gadget\n```",
]


@pytest.mark.parametrize("prompt", NO_CLAIM)
def test_jsonf_yaml_traps_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None, prompt


TRAPS = [
    pair("trap/on-after-true", EN_BOOL.format("Widget", "true"), {"name": "Widget", "active": True},
         EN_BOOL.format("Widget", "on"), {"name": "Widget", "active": True}),
    pair("trap/said-yaml-off", EN_SAID.format("Widget", 3), {"name": "Widget", "weight_kg": 3},
         "Convert this YAML to JSON:\nname: Widget\nweight_kg: off", {"name": "Widget", "weight_kg": False}),
    pair("trap/equals-on-in-yaml", EN_AFTER.format("widget", 3), {"name": "widget", "weight_kg": 3},
         "Convert to JSON:\n```yaml\nname = widget\nactive = on\n```", {"name": "widget", "active": True}),
]


@pytest.mark.parametrize("case", TRAPS, ids=lambda c: c.cls)
def test_jsonf_yaml_traps_never_wrong(case: Pair) -> None:
    assert_trap_never_wrong(case, model=True)
