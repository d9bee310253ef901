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
    # w24-said-name-any-word and w24-ordered-name-any-word re-instated (wip/cleanG, follow-up of stop 54): neither call
    # site is redundant. wip/fuzzO's shared check (reader._value_read_two_ways -> _names_no_one) looks only at keys of
    # the name kind; the English "from"/"to" keys ("origin", "destination") are concepts of the said shapes but of no
    # kind, so "Train from Nobody to Bergen" is declined only by the said name's own check (probe: 120 of 240 route
    # prompts read with it deleted); pinned by test_a_never_name_said_as_a_route_end_is_no_claim
    ("w24-said-name-any-word", "'Train from Nobody to Bergen' is served origin 'Nobody' (a said place may be a pronoun)",
     f"{_JSON}/reader.py", 'if concept in _NAMED and _never_a_name([Token("NAME", str(value))], language):',
     'if concept in _NAMED and False:', _W24),
    # the ordered values' check: in a declared order
    # ("keys status, count and values He, 5 in that order") a capitalised word fills a key of no name kind, which
    # _names_no_one does not look at; pinned by test_a_never_name_in_a_declared_order_is_no_claim_for_any_key
    ("w24-ordered-name-any-word", "'keys status, count and values Nobody, 5 in that order' reads status 'Nobody' (a value "
     "in order may be a pronoun)",
     f"{_JSON}/reader.py", "if len(values) != len(keys) or any(_never_a_name(tokens, language) for tokens in values):",
     "if len(values) != len(keys):", _W24),
    ("w24-en-who-a-name", "'Who' is no never-name word of the English passage table",
     f"{_JSON}/passage/vocabulary/en.json", '"who", "what", ', '"what", ', _W24),
]
# fmt: on
