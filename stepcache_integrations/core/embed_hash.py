"""The default embedder's feature hashes, vectorised: CRC32 (zlib's) of every character n-gram
of a text at once, and a bounded memo of finished vectors by their exact text.

Each n-gram's CRC is the one ``zlib.crc32`` gives its UTF-8 bytes (``surrogatepass``): a
table-driven CRC run over all start positions together, one character per step, so the
3-gram's state continues into the 4-gram's. tests/unit/test_embed_identical.py checks the
vectors bit for bit against the per-feature implementation over arbitrary Unicode text.

numpy is imported by the callers' first embedding (this module is imported lazily).
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Hashable
from typing import Any

import numpy as np

from .types import BoundedLRU

__all__ = ["VECTORS", "VectorMemo", "crc32_table", "ngram_crcs"]

_POLY = 0xEDB88320  # zlib's CRC32, reflected
_TABLES: list[np.ndarray] = []  # [(depth, 256) shift tables, (depth + 1,) constants] once built
_TABLES_LOCK = threading.Lock()


def crc32_table() -> np.ndarray:
    """The 256-entry byte table of zlib's CRC32 (uint32): the CRC (no pre- or post-inversion)
    of each single byte."""
    table = np.arange(256, dtype=np.uint32)
    for _ in range(8):
        table = np.where(table & 1, (table >> 1) ^ np.uint32(_POLY), table >> 1).astype(np.uint32)
    return table


def _tables(depth: int) -> tuple[np.ndarray, np.ndarray]:
    """``shift[t, b]``: the CRC (no inversions) of byte ``b`` followed by ``t`` zero bytes, for
    t < depth; ``const[n]``: ``zlib.crc32`` of n zero bytes. CRC32 is affine in the message
    bits, so ``zlib.crc32(m) == const[len(m)] ^ XOR_j shift[len(m) - 1 - j, m[j]]``."""
    with _TABLES_LOCK:
        if _TABLES and len(_TABLES[0]) >= depth:
            return _TABLES[0], _TABLES[1]
        table = crc32_table()
        rows = [table]
        while len(rows) < max(depth, 8):
            last = rows[-1]
            rows.append(table[last & np.uint32(0xFF)] ^ (last >> np.uint32(8)))
        shift = np.ascontiguousarray(np.stack(rows), dtype=np.uint32)
        const = np.array([zlib.crc32(bytes(n)) for n in range(len(rows) + 1)], dtype=np.uint32)
        _TABLES[:] = [shift, const]
        return shift, const


def ngram_crcs(text: str, lo: int, hi: int) -> np.ndarray:
    """``zlib.crc32(text[i:i+n].encode("utf-8", "surrogatepass"))`` for every n in lo..hi and
    every start i (uint32; the n-grams of one n together, n ascending)."""
    size = len(text)
    if size < lo:
        return np.empty(0, dtype=np.uint32)
    top = min(hi, size)
    if text.isascii():
        data = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
        suffix, const = _suffix_crcs(data, top)
        return np.concatenate([suffix[n - 1, n - 1 :] ^ const[n] for n in range(lo, top + 1)])
    data = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    # UTF-8 bytes per code point (a lone surrogate takes 3 with surrogatepass)
    widths = 1 + (points >= 0x80).astype(np.int64) + (points >= 0x800) + (points >= 0x10000)
    starts = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(widths, out=starts[1:])
    if int(starts[-1]) != len(data):
        raise ValueError("UTF-8 length mismatch")  # cannot happen; the caller falls back
    suffix, const = _suffix_crcs(data, int((starts[top:] - starts[:-top]).max()))
    flat = suffix.ravel()
    parts = []
    for n in range(lo, top + 1):
        lengths = starts[n:] - starts[:-n]  # bytes of the n-gram starting at each character
        parts.append(flat[(lengths - 1) * len(data) + starts[n:] - 1] ^ const[lengths])
    return np.concatenate(parts)


def _suffix_crcs(data: np.ndarray, depth: int) -> tuple[np.ndarray, np.ndarray]:
    """``suffix[t, e]``: XOR of ``shift[u, data[e - u]]`` for u <= t (the uninverted CRC of the
    t + 1 bytes ending at e; rows past the data's start read zero bytes and are never used),
    and the constants."""
    shift, const = _tables(depth)
    padded = np.zeros(len(data) + depth - 1, dtype=np.uint8)
    padded[depth - 1 :] = data
    # window[t, e] = data[e - t]: a view stepping back one byte per row
    window = np.ndarray((depth, len(data)), dtype=np.uint8, buffer=padded, offset=depth - 1, strides=(-1, 1))
    index = window + (np.arange(depth, dtype=np.int64) * 256)[:, None]
    return np.bitwise_xor.accumulate(shift.ravel().take(index), axis=0), const


class VectorMemo:
    """An LRU of embedding vectors by their exact inputs (thread-safe), bounded by entries and
    by bytes (vectors plus texts). Stored vectors are read-only; :meth:`get` returns a fresh
    copy, so no caller can change a memoised one."""

    def __init__(self, maxsize: int = 4096, max_chars: int = 8192, max_bytes: int = 16_000_000) -> None:
        self.max_chars = max_chars  # a longer text is not memoised
        self._vectors: BoundedLRU[np.ndarray] = BoundedLRU(maxsize, max_bytes)

    def key(self, text: str, *params: Hashable) -> Hashable | None:
        """The memo key of ``text`` (the string itself) under ``params``; None: not memoised."""
        if self._vectors.maxsize <= 0 or type(text) is not str or len(text) > self.max_chars:
            return None
        return (params, text)

    def get(self, key: Hashable | None) -> np.ndarray | None:
        found = None if key is None else self._vectors.get(key)
        return None if found is None else found.copy()

    def put(self, key: tuple[Any, str] | None, vector: np.ndarray) -> None:
        if key is None:
            return
        kept = vector.copy()
        kept.flags.writeable = False
        self._vectors.put(key, kept, kept.nbytes + len(key[1]))  # (params, text): see key()

    def __len__(self) -> int:
        return len(self._vectors)

    def clear(self) -> None:
        self._vectors.clear()


#: The process's memo of default-embedder vectors (``HashingEmbedder.embed``).
VECTORS = VectorMemo()
