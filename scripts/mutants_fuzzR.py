"""Mutation-check rows for wip/fuzzR: the JSON fuzz campaign's class-1 findings closed (TRIAGE.md). A nested leaf of
another JSON type is no claim (evidence.same_json_kind); an unquoted label in irregular case ("hosT") is no key as
written (reader._plain_case). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_EVIDENCE = "stepcache_integrations/core/tasks/json/evidence.py"
_READER = "stepcache_integrations/core/tasks/json/reader.py"
_TESTS = ("tests/adversarial/test_json_fuzzR.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("fuzzR-nested-type-unchecked", "'Return {\"user\": {\"name\": ..., \"age\": ...}} for name 2, age 40' after 'name Carl' is served name 2 re-instantiated, 0 model calls",
     _EVIDENCE, "    if not same_json_kind(new.value, old.value):\n        return MISSING", "    if False:\n        return MISSING", _TESTS),
    ("fuzzR-nested-members-by-position", "'for age Priya, name 29' after 'for name Priya, age 29' is served name 29, age \"Priya\" (members' types not compared)",
     _EVIDENCE, "        return len(new) == len(old) and all(same_json_kind(a, b) for a, b in zip(new.values(), old.values()))",
     "        return len(new) == len(old)", _TESTS),
    ("fuzzR-irregular-case-label", "'holding hosT \"10.0.0.5\" and port 9090' is served the key \"hosT\" re-instantiated, 0 model calls",
     _READER, "    return not key[:1].isupper() and all(not c.isupper() or after.islower() for c, after in zip(key, key[1:] + \" \"))",
     "    return not key[:1].isupper()", _TESTS),
]
# fmt: on
