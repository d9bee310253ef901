"""Mutation-check rows for English JSON statement syntaxes (issue 33 items 1, 4; wip/jsonA): labels
folded to listed keys, a bare or lowercase word after a listed key, "=" runs, "where k is v",
placeholder shapes. Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_EN = f"{_JSON}/vocabulary/en.json"
_SYNTAX = "tests/adversarial/test_json_english_syntax.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonA-lowercase-part-of-record", "a lowercase word beside a key list is a value though the statements do not fill "
     "the list: 'JSON with \"user\" and \"active\": user alice' states \"alice\"",
     _READER, "    return bool(keys) and set(found) == set(keys) and not ambiguous\n",
     "    return bool(keys) and not ambiguous\n", (_SYNTAX, "-k", "nothing_it_cannot_tell")),
    ("jsonA-lowercase-without-record", "a lowercase word is a value after any English request: 'age: positive' states it",
     _READER, "    return language in _LOWERCASE and _a_whole_record(transformer, found, ambiguous)",
     "    return language in _LOWERCASE", (_SYNTAX, "-k", "nothing_it_cannot_tell")),
    ("jsonA-vocab-descriptive-deleted", "a word deleted from the en table's DESCRIPTIVE class: 'host is lowercase' "
     "states the value \"lowercase\"",
     _EN, '  "DESCRIPTIVE": [\n   "capitalised",\n', '  "DESCRIPTIVE": [\n', (_SYNTAX, "-k", "no_claim or nothing_it_cannot_tell")),
    ("jsonA-number-word-parts-read", "a number in words with a hyphen is a string: 'port is forty-two' states \"forty-two\"",
     _READER, '    return any(table.phrases.get(part) == "NUMBER_WORD" for part in folded.split("-"))',
     '    return table.phrases.get(folded) == "NUMBER_WORD"', (_SYNTAX, "-k", "no_claim or nothing_it_cannot_tell")),
    # jsonA-run-without-equals retired 2026-12-05 (equivalent): 'json: temp 21 unit=C' is declined by W26's
    # reader._unlisted_beside_equals as well (a statement not written k=v beside ones that are, for a key no list names)
    ("jsonA-runs-any-table", "an '=' run is read in a table that declares none: 'temp=21 unit=С' (Cyrillic) in German",
     _READER, "    if transformer.runs and language not in _EQUALS_RUNS:\n", "    if False:\n",
     (_SYNTAX, "-k", "nothing_it_cannot_tell")),
    ("jsonA-vocab-label-folding-deleted", "the en table's declared label folding deleted: 'Title: Emma' names no key \"title\"",
     _EN, ' "label_folding": [\n  "case",\n  "spaces"\n ],\n', "", (_SYNTAX, "-k", "served_without")),  # wip/jsonS: re-anchored
    ("jsonA-shape-key-twice", "a placeholder shape with a key twice is a key list: '{\"item\": ..., \"item\": ...}'",
     _READER, "    if key in kinds or not _one_script(key)", "    if not _one_script(key)",
     (_SYNTAX, "-k", "nothing_it_cannot_tell")),
    ("jsonA-grammar-for-tail-deleted", "a grammar rule deleted: 'for: name Bob' / 'for -> city: Porto' is no tail",
     f"{_JSON}/request.lark", "%extend tail: FOR (COLON | ARROW) stmts\n            | FROM COLON? stmts\n",
     "%extend tail: FROM COLON? stmts\n", (_SYNTAX, "-k", "served_without")),
    ("jsonA-quoted-is-any-table", "a quoted key before 'is' is a statement in no table: '\"handle\" is rtan' is unread",
     _READER, 'if key_quoted and sep not in (":", "is" if table.language in _LOWERCASE else ":"):',
     'if key_quoted and sep != ":":', (_SYNTAX, "-k", "served_without")),
    ("jsonA-from-as-key", "'from' is a statement's key: 'from \"code\"=...' states from=\"code\"",
     _READER, '_NO_KEY |= {"FROM"}\n', "", (_SYNTAX, "-k", "served_without")),
]
ROWS += [
    ("jsonA-named-by-any-word", "any word after a listed key says its value: 'the product price is Kettle' states "
     "product=\"Kettle\"",
     _READER, "        if fold(label) not in words or len(keys) != 1", "        if len(keys) != 1",
     (_SYNTAX, "-k", "nothing_it_cannot_tell")),
    ("jsonA-named-by-name-listed", "'the dish name is Paella' states \"dish\" though \"name\" is a listed key of its own",
     _READER, " or any(fold(key) == fold(label) for key in transformer.asked):\n            return None  # \"the product",
     ":\n            return None  # \"the product", (_SYNTAX, "-k", "nothing_it_cannot_tell")),
    ("jsonA-grammar-parenthesised-deleted", "a grammar rule deleted: values in brackets after the colon are no tail",
     f"{_JSON}/request.lark", "%extend tail: COLON LPAR stmts RPAR\n", "", (_SYNTAX, "-k", "served_without")),
]
ROWS += [
    ("jsonA-object-request-after-key-list", "an object asked after a key list merges both lists: 'Return JSON with keys "
     "\"a\" and \"b\". Build an object with \"c\" and \"d\": ...' asks for a, b, c and d",
     _READER, "        if self.request_keys:\n            raise Declined\n", "        pass\n",
     (_SYNTAX, "-k", "nothing_it_cannot_tell")),
]
