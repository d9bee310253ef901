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
    ("w24-said-name-any-word", "'Who is 47 years old.' is served name 'Who' (a said name may be a pronoun)",
     f"{_JSON}/reader.py", 'if concept in _NAMED and _never_a_name([Token("NAME", str(value))], language):',
     'if concept in _NAMED and False:', _W24),
    ("w24-ordered-name-any-word", "'for: He, Cairo.' is served name 'He' (a value in order may be a pronoun)",
     f"{_JSON}/reader.py", "if len(values) != len(keys) or any(_never_a_name(tokens, language) for tokens in values):",
     "if len(values) != len(keys):", _W24),
    ("w24-en-who-a-name", "'Who' is no never-name word of the English passage table",
     f"{_JSON}/passage/vocabulary/en.json", '"who", "what", ', '"what", ', _W24),
]
# fmt: on
