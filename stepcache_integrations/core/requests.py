"""The I/O a sans-I/O flow asks its driver for: embeddings, store calls, model calls.

A flow (see ``pipeline``) yields one of these and is sent back the reply, so the same
flow runs under the sync driver and the async driver (see ``engine.drive`` / ``engine.adrive``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

import numpy as np

from .types import CacheEntry

__all__ = [
    "AddEntry", "AskJudge", "AskModel", "EmbedPrompt", "FindKeyed", "GetEntry", "HoldEntry", "RecordHit", "Request",
    "SearchStore",
]


@dataclass(frozen=True)
class EmbedPrompt:
    """Reply: the prompt's vector. ``optional``: None instead of an error when the embedder fails
    (for a vector only a store write needs, after the answer is found)."""

    text: str
    optional: bool = False


@dataclass(frozen=True)
class SearchStore:
    """Reply: the store's hits, or ``[]`` when a failing store is skipped (``fail_open``)."""

    vector: np.ndarray
    namespace: str
    llm_key: str
    k: int


@dataclass(frozen=True)
class FindKeyed:
    """Reply: up to ``limit`` live entries of the partition under a lookup key (``core.problem_keys``),
    or ``[]`` when the store keeps no such index or a failing store is skipped (``fail_open``)."""

    key: str
    namespace: str
    llm_key: str
    limit: int


@dataclass(frozen=True)
class GetEntry:
    """Reply: the live entry of that id, or None (gone, expired, or a failing store skipped)."""

    entry_id: str


@dataclass(frozen=True)
class AddEntry:
    """Reply: the stored entry's id, or None when a failing store is skipped."""

    entry: CacheEntry
    vector: np.ndarray


@dataclass(frozen=True)
class HoldEntry:
    """A derived entry for the problem-key tier at once, its embedding and store write deferred
    (``core.pending``): ``text`` is what it is embedded from, ``vector`` its vector if known.
    Reply: the entry's id; a driver that holds nothing embeds and writes it at once (then None when
    the embedder or the store fails, as for ``AddEntry``)."""

    entry: CacheEntry
    text: str
    vector: np.ndarray | None


@dataclass(frozen=True)
class RecordHit:
    """Reply: None."""

    entry_id: str


@dataclass(frozen=True)
class AskModel:
    """Reply: the model's ``LLMResponse``; None for a repair or a whole request when no model is at hand.

    ``kind``: "generate" (the plan's generation prompt), "repair", or "whole" (the request itself again,
    after the answer a patch assembled failed its checks)."""

    kind: Literal["generate", "repair", "whole"]
    prompt: str


@dataclass(frozen=True)
class AskJudge:
    """Reply: the judge model's ``LLMResponse``."""

    prompt: str


Request = Union[EmbedPrompt, SearchStore, FindKeyed, GetEntry, AddEntry, HoldEntry, RecordHit, AskModel, AskJudge]
