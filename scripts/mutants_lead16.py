"""Mutation-check rows for the lead's changes of session 16 (2026-12-05 11:30-14:30).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PLACES = "stepcache_integrations/core/tasks/json/places.py"
_SAVED = ("tests/unit/test_places_saved.py",)
_JSON = "stepcache_integrations/core/tasks/json"
_W24 = ("tests/adversarial/test_json_said_names_w24.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("lead16-places-checksum-ignored", "a saved gazetteer file is used without its checksum: a damaged file calls 'Denial' a city",
     _PLACES, "if hashlib.sha256(payload).hexdigest().encode(\"ascii\") != checksum or len(payload)",
     "if len(payload)", _SAVED),
    ("lead16-places-stale-key", "a saved gazetteer file of other package versions or settings is used",
     _PLACES, 'if saved.readline().rstrip(b"\\n") != key.encode("ascii"):', 'if not saved.readline():', _SAVED),
    # w24-said-name-any-word and w24-ordered-name-any-word retired 2026-12-06 (main): wip/fuzzO's shared value check
    # (reader._value_read_two_ways, never-names of any table on every path) declines every said and ordered name these
    # call sites decline (probed: 'Who is 47', 'He Who', 'Mr Nobody', 'Nadie Más': the same with and without them);
    # FOLLOW-UP: delete the two call sites
    ("w24-en-who-a-name", "'Who' is no never-name word of the English passage table",
     f"{_JSON}/passage/vocabulary/en.json", '"who", "what", ', '"what", ', _W24),
]
# fmt: on
