"""Mutation-check rows for wip/jsonAE: JSON reach from the dev sets' glue (issue 33 item 4) -- more statements after a key
word's first ("with the key 'city' set to Berlin and 'population' set to 3645000", "with a field count set to 12 and a
field label set to ..."; a count word as the article, "with one key city set to Berlin and population set to 5", stays
no claim). Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_T = "tests/adversarial/test_json_keyed_runs_jsonAE.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # more statements after "the key" / "a field"
    ("jsonAE-keyed-one-stmt", "'with the key city set to Berlin and population set to 5' is not derived (one statement only)", _GRAMMAR,
     "_keyed_stmts: stmt | _keyed_stmts (COMMA | AND | COMMA AND) ((DEF | ART)? KEYWORD_ONE)? stmt\n", "_keyed_stmts: stmt\n", (_T,)),
    ("jsonAE-keyed-no-key-word", "'with a field count set to 12 and a field label set to ...': the second key word is not derived", _GRAMMAR,
     "_keyed_stmts: stmt | _keyed_stmts (COMMA | AND | COMMA AND) ((DEF | ART)? KEYWORD_ONE)? stmt\n",
     "_keyed_stmts: stmt | _keyed_stmts (COMMA | AND | COMMA AND) stmt\n", (_T,)),
    ("jsonAE-keyed-count-word-read", "'with one key city set to Berlin and population set to 5' (one key said, two stated) is read", _READER,
     '        if counted and sum(1 for c in children if isinstance(c, Token) and c.type in ("COMMA", "AND")):\n', "        if False:\n", (_T,)),
    ("jsonAE-keyed-any-article-declines", "'with a field count set to 12 and a field label ...': any article declines a second statement", _READER,
     '        counted = any(isinstance(c, Token) and c.type == "ART" and fold(str(c.value)) in _COUNT_WORDS for c in children)\n',
     '        counted = any(isinstance(c, Token) and c.type == "ART" for c in children)\n', (_T,)),
]
# fmt: on
