"""Derived entries held off the request's path: the problem-key tier's pending queue.

A re-instantiated answer is stored as an entry of its own (``StepCache(store_derived=True)``). Its
problem-key dictionaries are all the tier needs to serve it again, and they are dictionaries; its
embedding and its add to the store (the vector index, a database row) are not needed until a
semantic lookup could find it. So the engine *holds* it here at once, indexed by its lookup keys
(``core.problem_keys``: the keys its metadata carries), and writes it to the store later (a flush):

* before any semantic search of its partition (``(namespace, llm_key)``: no other search can find
  it), so a similarity lookup sees exactly what it saw before;
* when more than ``bound`` are held (the oldest ``FLUSH_CHUNK`` go, on that request);
* on ``StepCache.flush``/``aflush`` and ``close``/``aclose``.

``StepCache.clear``/``aclear`` drop the held entries of what they clear. While held, an entry is
served only by the tier's lookups (``FindKeyed``, ``GetEntry``: the engine's drivers merge it into
the store's answer) and checked there exactly as a stored entry; it belongs to one partition and is
found only in it. Only derived entries are held (a model's answer is written at once), so a crash
before a flush loses only an answer the cache re-derives from the entry it came from.

Held entries are trusted because the engine built them from a checked re-instantiation; an entry
changed after it was held (its content no longer that of its fingerprint, taken when it was held) is
dropped on sight: never served, never written.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from .problem_keys import entry_lookup_keys
from .types import CacheEntry

__all__ = ["FLUSH_CHUNK", "Held", "PendingEntries"]

FLUSH_CHUNK = 8  # entries written per overflow: the request that overflows pays for this many


@dataclass(frozen=True)
class Held:
    """A held entry: the entry, the text its vector is embedded from (``canonical_prompt``), the
    vector when the plan had one (a semantic lookup's), and the entry's content when it was held."""

    entry: CacheEntry
    text: str
    vector: Any
    fingerprint: Hashable
    keys: tuple[tuple[str, str, str], ...]


def _fingerprint(entry: CacheEntry) -> Hashable | None:
    """What a served or written entry is, compared cheaply (a few microseconds: it is read on the
    tier's path): its identity, prompt, level, tokens and steps by value; its constraints (the stored
    reading, a nested dict whose full comparison costs ~45 us) by identity. Sound: whatever a stored
    reading says, the tier checks the steps it serves against the new prompt's own reading, as for
    any stored entry; the fingerprint is the rule that nothing changed is served or written."""
    try:
        steps = tuple((step.text, step.kind, id(step.meta)) for step in entry.steps)
        return (entry.id, entry.namespace, entry.llm_key, entry.task, entry.prompt, entry.verification,
                entry.prompt_tokens, entry.completion_tokens, id(entry.constraints), id(entry.steps), steps)
    except (AttributeError, TypeError):
        return None


class PendingEntries:
    """The held entries of one ``StepCache`` (thread-safe), oldest first."""

    def __init__(self, bound: int) -> None:
        if bound < 0:
            raise ValueError("defer_derived must be >= 0")
        self.bound = bound
        self._lock = threading.Lock()
        self.held: OrderedDict[str, Held] = OrderedDict()
        self._keyed: dict[tuple[str, str, str], dict[str, None]] = {}

    def __len__(self) -> int:
        return len(self.held)

    def hold(self, entry: CacheEntry, text: str, vector: Any) -> list[Held] | None:
        """Hold an entry; returns the held entries to write now: the oldest ``FLUSH_CHUNK`` (taken
        out) when more than ``bound`` are held, else none. None (nothing held) when its content
        cannot be fingerprinted: the caller writes it at once."""
        fingerprint = _fingerprint(entry)
        if fingerprint is None:
            return None
        keys = tuple((entry.namespace, entry.llm_key, key) for key in entry_lookup_keys(entry.metadata))
        held = Held(entry, text, vector, fingerprint, keys)
        with self._lock:
            self._remove_locked(entry.id)
            self.held[entry.id] = held
            for key in keys:
                self._keyed.setdefault(key, {})[entry.id] = None
            if len(self.held) <= self.bound:
                return []
            oldest = [self._remove_locked(next(iter(self.held))) for _ in range(min(FLUSH_CHUNK, len(self.held)))]
        return [held for held in oldest if unchanged(held)]

    def find(self, key: str, namespace: str, llm_key: str, limit: int) -> list[CacheEntry]:
        """Up to ``limit`` live held entries of the partition under a lookup key, newest first."""
        if limit <= 0 or not self.held:
            return []
        now = time.time()
        with self._lock:
            ids = self._keyed.get((namespace, llm_key, key))
            if not ids:
                return []
            found = []
            for entry_id in reversed(list(ids)):
                entry = self._live_locked(entry_id, now)
                if entry is not None and entry.namespace == namespace and entry.llm_key == llm_key:
                    found.append(entry)
                    if len(found) >= limit:
                        break
            return found

    def get(self, entry_id: str) -> CacheEntry | None:
        """The live held entry of that id, or None."""
        if not self.held:
            return None
        with self._lock:
            return self._live_locked(entry_id, time.time())

    def holds(self, entry_id: str) -> bool:
        return entry_id in self.held

    def take(self, namespace: str | None = None, llm_key: str | None = None) -> list[Held]:
        """Take out (to write) the held entries of a partition (every one when ``namespace`` is None),
        oldest first; an entry changed since it was held is dropped, not taken."""
        if not self.held:
            return []
        with self._lock:
            ids = [
                entry_id for entry_id, held in self.held.items()
                if namespace is None or (held.entry.namespace == namespace and held.entry.llm_key == llm_key)
            ]
            taken = [self._remove_locked(entry_id) for entry_id in ids]
        return [held for held in taken if held is not None and unchanged(held)]

    def drop(self, namespace: str | None = None) -> int:
        """Forget the held entries (of one namespace if given); return how many."""
        with self._lock:
            ids = [eid for eid, held in self.held.items() if namespace is None or held.entry.namespace == namespace]
            for entry_id in ids:
                self._remove_locked(entry_id)
            return len(ids)

    def _live_locked(self, entry_id: str, now: float) -> CacheEntry | None:
        held = self.held.get(entry_id)
        if held is None:
            return None
        expires = held.entry.expires_at
        if (expires is not None and expires <= now) or not unchanged(held):
            self._remove_locked(entry_id)  # expired or changed since it was held: gone on sight
            return None
        return held.entry

    def _remove_locked(self, entry_id: str) -> Any:
        held = self.held.pop(entry_id, None)
        if held is None:
            return None
        for key in held.keys:  # the keys it was held under (its metadata may have changed since)
            ids = self._keyed.get(key)
            if ids is not None:
                ids.pop(entry_id, None)
                if not ids:
                    del self._keyed[key]
        return held


def unchanged(held: Held) -> bool:
    """Whether a held entry's content is still what it was when it was held."""
    return _fingerprint(held.entry) == held.fingerprint
