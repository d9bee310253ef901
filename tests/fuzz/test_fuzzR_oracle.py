"""wip/fuzzR: the oracle's own reading of a key renamed at every mention in its English-syntax and reach templates
(oracle._renamed_leaf), the largest class-2 cause of the JSON fuzz campaign (26 of 63 violations, TRIAGE.md). The
object it expects is the template's, under the key as the prompt names it; a served answer under the old key, with
another value, or a prompt where the new word is a word of the template's stays rejected / unread."""

from __future__ import annotations

import json

import pytest

from .oracle import oracle_verdict, understand

READ = [
    ('Produce a JSON object with keys "host" and "port_number" where host is localhost and port_number is 8080.',
     {"host": "localhost", "port_number": 8080}),
    ('Give me a JSON object with "name", "town" and "age" for: name Ines, town Porto, age 35.',
     {"name": "Ines", "town": "Porto", "age": 35}),
    ('Return JSON shaped {"fullname": ..., "year": ...}: fullname Emma, year 1815', {"fullname": "Emma", "year": 1815}),
    ('Return JSON with a key "server" holding address "10.0.0.5" and port 9090.',
     {"server": {"address": "10.0.0.5", "port": 9090}}),
    ('Return JSON with a key "db" holding host "db.local" and socket 5432.', {"db": {"host": "db.local", "socket": 5432}}),
    ('Return {"user": {"title": ..., "age": ...}} for title Omar, age 41', {"user": {"title": "Omar", "age": 41}}),
    ("server:\n  host: gateway\n  port_number: 443\n\nRewrite this as JSON.",
     {"server": {"host": "gateway", "port_number": 443}}),
]


@pytest.mark.parametrize(("prompt", "obj"), READ)
def test_renamed_key_read_and_only_its_object_accepted(prompt: str, obj: dict) -> None:
    assert oracle_verdict(prompt, json.dumps(obj)) is None
    problem = understand(prompt)
    assert problem is not None and problem.obj == obj
    # the old key, another value, a key dropped: rejected
    old = json.loads(json.dumps(obj).replace('"address"', '"host"').replace('"port_number"', '"port"')
                     .replace('"title"', '"name"').replace('"town"', '"city"').replace('"fullname"', '"title"')
                     .replace('"socket"', '"port"'))
    assert oracle_verdict(prompt, json.dumps(old)) is not None
    changed = json.loads(json.dumps(obj).replace("41", "42").replace("9090", "9091").replace("443", "444")
                         .replace("8080", "8081").replace("35", "36").replace("1815", "1816").replace("5432", "5433"))
    assert oracle_verdict(prompt, json.dumps(changed)) is not None


UNREAD = [
    # the new word is a word of the template's (or of another key): two readings
    'Return JSON with a key "server" holding port "10.0.0.5" and port 9090.',
    'Return JSON with a key "server" holding holding "10.0.0.5" and port 9090.',
    'Give me a JSON object with "name", "age" and "age" for: name Ines, age Porto, age 35.',
    # renamed at one mention only
    'Return JSON with a key "server" holding address "10.0.0.5" and port 9090. Required: host.',
    'Give me a JSON object with "name", "town" and "age" for: name Ines, city Porto, age 35.',
    # an operator word as the key
    'Return JSON with a key "server" holding not "10.0.0.5" and port 9090.',
]


@pytest.mark.parametrize("prompt", UNREAD)
def test_renamed_key_traps_unread(prompt: str) -> None:
    assert understand(prompt) is None, understand(prompt)
