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

__all__ = ["ENTITY_WORDS", "is_entity_word"]

_PEOPLE = (
    "person user customer client employee member student teacher patient doctor author artist "
    "musician athlete player hiker cyclist runner driver pilot passenger guest visitor contact "
    "worker manager volunteer applicant candidate subscriber traveler traveller tourist chef "
    "actor singer writer character"
)
_ORGANISATIONS = (
    "company business organization organisation team club band school university shop store "
    "restaurant hotel cafe bakery library museum hospital bank firm startup brand agency department"
)
_PLACES = (
    "city town village country place location address venue building house apartment room office "
    "airport station park street region island lake river mountain beach planet"
)
_THINGS = (
    "product item book novel movie film song album game car vehicle bicycle bike truck boat ship "
    "plane aircraft train lamp chair desk sofa phone laptop computer device camera watch toy tool "
    "instrument guitar shoe shirt jacket coffee drink dish meal recipe ingredient fruit plant tree "
    "flower animal pet dog cat bird horse crate box package parcel basket tile painting artwork "
    "photo course lesson exam ticket flight trip journey booking reservation order invoice receipt "
    "payment transaction transfer account profile subscription contract event meeting appointment "
    "concert task project job forecast element mineral server host service application app website "
    "repository"
)

#: Nouns a plain request may name as its entity (casefolded, singular).
ENTITY_WORDS = frozenset(" ".join((_PEOPLE, _ORGANISATIONS, _PLACES, _THINGS)).split())


def is_entity_word(word: str) -> bool:
    """Whether ``word`` (casefolded) is an entity a plain request may name."""
    return word in ENTITY_WORDS
