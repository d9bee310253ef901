"""The closed vocabulary of a plain request's entity: "a JSON object for a person with ...".

A plain request's statements are the values as written only when nothing else in the prompt can
transform them. The one word a plain request may hold beside its framing, statements and key
list is the entity the object describes, and it is read in a closed vocabulary of nouns that
name a thing a record describes and state no transformation of its values: "a person", "a
product", "an order". A word outside it may be an instruction on the values ("an antonym with
word 'happy'", "a plural", "a successor with number 41", "an acronym", "a translation", "the
reverse", "an abbreviation", "the double", ``personInFrench``): the prompt is then no plain
request, so none of its statements is evidence (no fallback from them, no proven reuse).

Left out on purpose: nouns that name a value derived from another (antonym, synonym, plural,
acronym, nickname, initials, username, slug, hash, code, summary, translation, version, copy,
successor, parent, child, match, pair, example, ...), generic value words (word, number, value,
name, string, text, title, label, date, time, price, temperature), and words that also name a
layout (table, list, class).
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["ENTITY_WORDS", "is_entity_word"]

#: Nouns a plain request may name as its entity (casefolded, singular): the ENTITY word class of
#: the English vocabulary table (``vocabulary/en.json``; each language's table holds its own).
ENTITY_WORDS = frozenset(
    json.loads((Path(__file__).parent / "vocabulary" / "en.json").read_text(encoding="utf-8"))["classes"]["ENTITY"]
)


def is_entity_word(word: str) -> bool:
    """Whether ``word`` (casefolded) is an entity a plain request may name."""
    return word in ENTITY_WORDS
