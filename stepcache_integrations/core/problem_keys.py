"""The lookup keys an entry is indexed by in its store, for the problem-key tier.

A task that reads a prompt as a problem names it by two canonical strings of its typed
constraints (``tasks.protocols.KeysProblems``): the *problem key* (the equations or stated values,
what is asked, the format read) and the *shape key* (the same with the constants abstracted).
A third, the *family key*, leaves out what a rewrite of the answer line changes (what is asked, the
format, the unknowns' names, the side each term is written on).
The engine digests each with the task's name into a lookup key (``p:``, ``s:`` or ``f:`` and a digest) and
stores the keys with the entry (``CacheEntry.metadata["lookup_keys"]``); each store keeps an index
from a lookup key to the live entries of one ``(namespace, llm_key)`` that carry it
(``CacheStore.find_keyed``), the way it keeps its vector index: in the store's own structures,
rebuilt from its rows when it opens, and left by an entry that is deleted, evicted, expired or
cleared.

A key only finds candidates: an entry found by its key is served only when the task's checks pass
for the new prompt, exactly as an entry found by similarity. A wrong, stale or forged key costs a
lookup, never a wrong answer.

This module is imported by the stores: it depends on nothing but the standard library.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "LOOKUP_KEYS",
    "MAX_LOOKUP_KEYS",
    "FAMILY",
    "PROBLEM",
    "SHAPE",
    "entry_lookup_keys",
    "lookup_key",
    "with_lookup_keys",
]

LOOKUP_KEYS = "lookup_keys"
"""The ``CacheEntry.metadata`` field holding an entry's lookup keys (a list of strings)."""

PROBLEM = "p"
"""Lookup keys of the problem dictionary: the problem a prompt poses, as its task reads it."""

SHAPE = "s"
"""Lookup keys of the shape dictionary: the problem with its constants abstracted."""

FAMILY = "f"
"""Lookup keys of the family dictionary: the shape up to how it is written and asked (the unknowns'
names, sides swapped, what is asked, the format): entries a rewrite may carry over, checked in full."""

MAX_LOOKUP_KEYS = 4  # a stored entry carries at most this many keys (more: none are indexed)
_KEY_CHARS = 64  # the length of every well-formed lookup key (prefix, ':', digest)
_VERSION = "1"  # part of every digest: keys of another reading never meet


def lookup_key(kind: str, task: str, canonical: str) -> str:
    """The lookup key of a task's canonical string (``kind``: :data:`PROBLEM`, :data:`SHAPE` or :data:`FAMILY`)."""
    blob = "\0".join((_VERSION, kind, task, canonical)).encode("utf-8", "surrogatepass")
    return f"{kind}:{hashlib.blake2b(blob, digest_size=31).hexdigest()}"[:_KEY_CHARS]


def _well_formed(key: Any) -> bool:
    return (
        type(key) is str
        and len(key) == _KEY_CHARS
        and key[1] == ":"
        and key[0] in (PROBLEM, SHAPE, FAMILY)
    )


def entry_lookup_keys(metadata: Any) -> tuple[str, ...]:
    """The well-formed lookup keys an entry's metadata carries (none when it holds anything else:
    a store indexes only what this module writes)."""
    if not isinstance(metadata, Mapping):
        return ()
    keys = metadata.get(LOOKUP_KEYS)
    if not isinstance(keys, list) or len(keys) > MAX_LOOKUP_KEYS:
        return ()
    return tuple(dict.fromkeys(key for key in keys if _well_formed(key)))


def with_lookup_keys(metadata: Mapping[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """``metadata`` with the given lookup keys (and no others: a caller's own field of that name is
    replaced, so a store never indexes keys the engine did not compute)."""
    out = {k: v for k, v in metadata.items() if k != LOOKUP_KEYS}
    found = [key for key in dict.fromkeys(keys) if _well_formed(key)][:MAX_LOOKUP_KEYS]
    if found:
        out[LOOKUP_KEYS] = found
    return out
