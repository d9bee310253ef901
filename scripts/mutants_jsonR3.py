"""Mutation-check rows for wip/jsonR3: JSON reach round 3 (issue 33 items 3/4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_R3 = "tests/adversarial/test_json_reach_jsonr3.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR3-email-any-key", "an e-mail address in order is served for any key ('keys name and city: Ana, a@b.com')",
     _READER, 'span), None) if _is_concept(key, "email", language) else None', "span), None) if True else None",
     (_R3, "-k", "no_claim")),
    ("jsonR3-email-kind-is-name", "an e-mail address in order is of the name kind (two 'names': no claim)",
     _READER, '        return tokens[0].type.lower()\n', '        return "name"\n', (_R3, "-k", "exactly_right")),
    ("jsonR3-grammar-nothing-ends-request", "'Output only JSON, no prose.' ends no request sentence",
     _GRAMMAR, "               | lead noun COMMA NOTHING politely?\n", "", (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-ru-city-deleted", "a word deleted from a table: ru 'город' is no label for the key city",
     f"{_JSON}/vocabulary/ru.json", '  "city": [\n   "город"\n  ]', '  "city": [\n   "городx"\n  ]',
     (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-pt-email-deleted", "a word deleted from a table: pt 'email' is no e-mail key",
     f"{_JSON}/vocabulary/pt.json", '  "email": [\n   "email",', '  "email": [\n   "emailx",',
     (_R3, "-k", "exactly_right")),
]
# fmt: on
